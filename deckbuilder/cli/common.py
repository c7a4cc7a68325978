"""The options every ``mythos`` command shares (``--db``, ``--json``, ``--jobs``, deck and card
arguments with their completion). What the commands print and how they fail is
:mod:`deckbuilder.cli.output`'s, which needs no typer. Imports only typer and the standard
library at load time, so the command modules can import it freely without slowing start-up.
"""

from pathlib import Path
from typing import Annotated, Optional

import typer

from deckbuilder.cli.output import error_line


def _complete(ctx: typer.Context, incomplete: str, card_type: str | None) -> list[str]:
    """Gets a completion's titles from the catalog (``--db`` if typed before); nothing, and
    never an error or a traceback, when there is no catalog or it cannot be read."""
    try:
        from deckbuilder import service

        db = ctx.params.get("db") if ctx is not None else None
        return service.complete_titles(db, incomplete, card_type=card_type)
    except Exception:  # a shell completing must never show a traceback
        return []


def complete_card_title(ctx: typer.Context, incomplete: str) -> list[str]:
    """Completes a card title from the catalog."""
    return _complete(ctx, incomplete, None)


def complete_adventure_title(ctx: typer.Context, incomplete: str) -> list[str]:
    """Completes an Adventure's title from the catalog."""
    return _complete(ctx, incomplete, "Adventure")


DbOption = Annotated[
    Optional[Path],
    typer.Option("--db", help="Catalog file (default: $MYTHOS_DB or the user data folder).", show_default=False),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]


def _jobs(text: str) -> int:
    """Parses ``--jobs``: a whole number of processes within the service's bound. Refuses
    anything else with one ``Error:`` line and exit 2, before any work (click's own refusal
    would print its usage lines too)."""
    from deckbuilder.service.pool import MAX_JOBS

    if text.isascii() and text.isdigit() and 1 <= int(text) <= MAX_JOBS:
        return int(text)
    error_line(f"--jobs {text}: give a number from 1 to {MAX_JOBS}")
    raise typer.Exit(2)


JobsOption = Annotated[
    Optional[int],
    typer.Option(
        "--jobs",
        "-j",
        parser=_jobs,
        metavar="<int>",
        show_default="the machine's cores",
        help="Processes playing the games (1: this one); the answer is the same whatever the number.",
    ),
]
DecksOption = Annotated[
    Optional[Path],
    typer.Option(
        "--decks",
        help="Folder of saved decks (default: $MYTHOS_DECKS or decks/ in the user data folder).",
        show_default=False,
    ),
]
CollectionOption = Annotated[
    Optional[Path],
    typer.Option(
        "--collection",
        help="The cards you own (default: $MYTHOS_COLLECTION or collection.json in the user data folder).",
        show_default=False,
    ),
]
DeckArgument = Annotated[
    Path,
    typer.Argument(
        help="A deck list (text, GCCG .deck, LackeyCCG .dek or JSON), a deck code (mythos:1:...), or a saved deck's id."
    ),
]
FormatOption = Annotated[
    Optional[str],
    typer.Option(
        "--format",
        "-f",
        help="Way to play: basic, advanced, campaign, tournament, "
        "cult-vs-investigator (default: the one the deck records, else advanced).",
        show_default=False,
    ),
]
TitleArgument = Annotated[
    str, typer.Argument(help="The Adventure's title; spelling may be loose.", autocompletion=complete_adventure_title)
]
CardArgument = Annotated[
    str, typer.Argument(help="The card's title; spelling may be loose.", autocompletion=complete_card_title)
]
TargetOption = Annotated[int, typer.Option("--target", help="Campaign Adventure-point target.", min=1)]
ForceOption = Annotated[bool, typer.Option("--force", help="Overwrite a file that exists.")]
InvestigatorOption = Annotated[
    Optional[str],
    typer.Option(
        "--investigator",
        help="The Investigator who plays (one the deck lists, or any).",
        show_default=False,
        autocompletion=complete_card_title,
    ),
]
