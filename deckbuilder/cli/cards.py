"""``mythos card`` and ``mythos search``: one card as it plays, and the search language.

Each command parses its options, calls :mod:`deckbuilder.service` and prints the answer
(text, or ``--json``); nothing heavy is imported until a command runs.
"""

from typing import Annotated, Any, Optional

import typer
from typer.core import TyperCommand

from deckbuilder.cli.common import CardArgument, DbOption, JsonOption
from deckbuilder.cli.output import open_catalog, reported, show

#: The orders ``--sort`` takes; the same as :data:`deckbuilder.service.SEARCH_ORDERS`,
#: spelt here so that building ``--help`` imports nothing (a test holds them equal).
SORTS = ("title", "set", "type", "value", "sanity", "subregion", "region", "gate", "unique")

SEARCH_HELP = (
    "Searches the catalog with a query language.\n\nExample: mythos search 't:ally a:steadfast a:professor lang:latin'"
)


def card(
    name: CardArgument,
    set_code: Annotated[
        Optional[str],
        typer.Option("--set", help="Choose among same-titled cards by set (LTD, NAE...).", show_default=False),
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Shows a card as it plays today: errata applied, what they changed, and why.

    Example: mythos card "Summon Great Cthulhu"
    """
    with reported(as_json):
        from deckbuilder import service

        with open_catalog(db, quiet=as_json) as catalog:
            view = service.find_card(catalog, name, set_code)
        show(view, as_json, "card_view_lines")


class SearchCommand(TyperCommand):
    """The ``search`` command, whose help ends with the whole query language.

    The language summary is built only when help is shown, so start-up stays light.
    """

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        from deckbuilder.catalog.search import search_help

        # "\b" keeps click from rewrapping each paragraph of the aligned summary.
        self.epilog = "\b\n" + search_help().replace("\n\n", "\n\n\b\n")
        super().format_epilog(ctx, formatter)


def search(
    query: Annotated[str, typer.Argument(help="The query (see below).", show_default=False)],
    limit: Annotated[Optional[int], typer.Option("--limit", help="Show at most this many cards.", min=1)] = None,
    sort: Annotated[str, typer.Option("--sort", help=f"Order: {', '.join(SORTS)}.")] = "title",
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    with reported(as_json):
        from deckbuilder import service

        parsed = service.parse_search(query, sort=sort, limit=limit)
        with open_catalog(db, quiet=as_json) as catalog:
            found = service.search_cards(catalog, parsed)
        show(found, as_json, "search_lines")
