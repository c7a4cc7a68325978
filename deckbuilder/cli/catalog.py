"""``mythos catalog import|fetch|info``: build and inspect the card catalog.

Each command parses its options, calls one function of :mod:`deckbuilder.service` and
prints the answer (text, or ``--json``); the service and the catalog are imported inside
the command, so importing this module costs only typer.
"""

from pathlib import Path
from typing import Annotated, Optional

import typer

from deckbuilder.cli.common import DbOption, JsonOption
from deckbuilder.cli.direct import catalog_import as catalog_import_plain
from deckbuilder.cli.direct import show_build, waiting
from deckbuilder.cli.output import open_catalog, reported, show, warn

NoWaitOption = Annotated[
    bool, typer.Option("--no-wait", help="Refuse (exit 2) rather than wait while another import builds the catalog.")
]


def catalog_import(
    paths: Annotated[list[Path], typer.Argument(help="GCCG set XML or LackeyCCG set files, or folders of them.")],
    db: DbOption = None,
    as_json: JsonOption = False,
    no_wait: NoWaitOption = False,
) -> None:
    """Imports card data files into the catalog and applies the errata.

    Importing the same files again changes nothing; a set imported from the other
    transcription replaces that set. The catalog is rebuilt beside the old one and swapped
    in only when complete; one import at a time builds it (another one waits).

    Example: mythos catalog import ../shared/mythos-data/gccg/sets
    """
    catalog_import_plain(paths, db, as_json, no_wait)


def catalog_fetch(
    url: Annotated[
        Optional[str], typer.Option("--url", help="Base address of the GCCG Mythos set files.", show_default=False)
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
    no_wait: NoWaitOption = False,
) -> None:
    """Downloads the GCCG Mythos set files and imports them.

    By default from the public GCCG repository (markferry/gccg-mythos, core/xml/Mythos/).

    Example: mythos catalog fetch --url http://127.0.0.1:8000/Mythos/
    """
    with reported(as_json):
        from deckbuilder import service

        build = service.fetch_card_files(
            db, url, progress=lambda name: warn(f"downloading {name}"), wait=not no_wait, on_wait=waiting
        )
        show_build(build, as_json)


def catalog_info(
    problems: Annotated[bool, typer.Option("--problems", help="List every value kept raw.")] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Shows the catalog: path, sets and counts, errata applied and unmatched.

    Example: mythos catalog info --problems
    """
    with reported(as_json):
        from deckbuilder import service

        with open_catalog(db, quiet=as_json) as catalog:
            info = service.catalog_info(catalog, problems=problems)
        show(info, as_json, "info_lines")
