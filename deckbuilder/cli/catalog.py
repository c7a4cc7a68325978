"""``mythos catalog import|fetch|info``: build and inspect the card catalog.

Each command parses its options, calls one function of :mod:`deckbuilder.service` and
prints the answer (text, or ``--json``); the service and the catalog are imported inside
the command, so importing this module costs only typer.
"""

import sys
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from deckbuilder.cli.common import (
    DbOption,
    JsonOption,
    open_catalog,
    progress_bar,
    reported,
    show,
    warn,
)

NoWaitOption = Annotated[
    bool, typer.Option("--no-wait", help="Refuse (exit 2) rather than wait while another import builds the catalog.")
]


def _waiting() -> None:
    warn("another import is building this catalog; waiting...")


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
    with reported(as_json):
        from deckbuilder import service

        with progress_bar("Reading card files", sys.stderr.isatty() and not as_json) as tick:
            build = service.import_card_files(db, paths, progress=tick, wait=not no_wait, on_wait=_waiting)
        _show_build(build, as_json)


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
            db, url, progress=lambda name: warn(f"downloading {name}"), wait=not no_wait, on_wait=_waiting
        )
        _show_build(build, as_json)


def build_lines(build: Any) -> list[str]:
    """Gets what ``catalog import`` and ``catalog fetch`` print once the catalog is built.
    (Here, not in :mod:`deckbuilder.cli.console` with the other views: an import then loads
    neither that module nor the sheet's words it imports, issue 28.)"""
    report = build.report
    return [
        f"Catalog built: {report.cards} cards from {len(report.sources)} files; "
        f"{report.errata_applied} errata applied, {len(report.errata_unmatched)} name no card here, "
        f"{len(report.errata_not_applied)} could not be applied ({report.seconds:.2f} s).",
        f"  {report.path}",
    ]


def _show_build(build: Any, as_json: bool) -> None:
    if not as_json:
        for note in build.report.notes:
            warn(f"note: {note}")
    show(build, as_json, build_lines)


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
