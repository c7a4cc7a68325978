"""``mythos adventure show|check`` and ``mythos deck adventures|plan``: Adventure recipes.

Each command parses its options, calls one function of :mod:`deckbuilder.service` and
prints the answer (text, or ``--json``). Nothing heavy is imported at module level.

Exit codes: 0 success; 1 ``adventure check`` found the deck cannot complete the
Adventure (a verdict); 2 unreadable input (unknown card, a deck or overrides file that
cannot be read). ``deck adventures`` and ``deck plan`` report and exit 0.

Recipes come from the card text, or from the user's overrides file
(``recipes.toml`` beside the catalog, or ``$MYTHOS_RECIPES``; see ``docs/recipes.md``).
"""

from typing import Annotated

import typer

from deckbuilder.cli.common import DbOption, DeckArgument, JsonOption, TargetOption, TitleArgument
from deckbuilder.cli.output import load_deck, open_catalog, reported, show


def adventure_show(title: TitleArgument, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Shows an Adventure's recipe as the checker reads it, with its conditions and the card text.

    Example: mythos adventure show "The Cruise"
    """
    with reported(as_json):
        from deckbuilder import service

        with open_catalog(db, quiet=as_json) as catalog:
            shown = service.show_adventure(catalog, title)
        show(shown, as_json, "recipe_lines")


#: ``--notation``: the slots as the recipe notation writes them, not in plain words.
NotationOption = Annotated[
    bool,
    typer.Option(
        "--notation",
        help="Show each requirement in the recipe notation (3x Location {distinct:subregion}), not in words.",
    ),
]


def adventure_check(
    title: TitleArgument,
    deck: DeckArgument,
    db: DbOption = None,
    as_json: JsonOption = False,
    notation: NotationOption = False,
) -> None:
    """Checks whether a deck can complete an Adventure (in the deck or not) and what it lacks.

    Exit 0: completable; 1: cards are missing; 2: the deck or the title cannot be read.

    Example: mythos adventure check "The Dunwich Horror" my.deck
    """
    with reported(as_json):
        from deckbuilder import service

        catalog, loaded = load_deck(db, deck, quiet=as_json)
        result = service.check_adventure(catalog, title, loaded)
        show(result, as_json, "adventure_check_notation_lines" if notation else "adventure_check_lines")
        if not result.completable:
            raise typer.Exit(1)


def deck_adventures(
    deck: DeckArgument, db: DbOption = None, as_json: JsonOption = False, notation: NotationOption = False
) -> None:
    """Checks every Adventure in a deck against the deck's own cards.

    Example: mythos deck adventures my.deck --json
    """
    with reported(as_json):
        from deckbuilder import service

        catalog, loaded = load_deck(db, deck, quiet=as_json)
        show(
            service.deck_adventures(catalog, loaded),
            as_json,
            "deck_adventures_notation_lines" if notation else "deck_adventures_lines",
        )


def deck_plan(deck: DeckArgument, target: TargetOption = 20, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Plans a Campaign: the deck's Adventures that reach the point target together, and what they lack.

    Example: mythos deck plan my.deck --target 20
    """
    with reported(as_json):
        from deckbuilder import service

        catalog, loaded = load_deck(db, deck, quiet=as_json)
        show(service.plan_campaign(catalog, loaded, target), as_json, "plan_lines")
