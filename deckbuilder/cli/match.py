"""``mythos match``: decks played against each other by computer players.

The command parses its options, checks them before any work (2 to 4 decks, known computer
players), loads the decks through :mod:`deckbuilder.service`, calls
:func:`deckbuilder.service.match_decks` and prints the answer (text, or ``--json``).
Exit codes: 0 success; 2 a deck or an option cannot be read or used.
"""

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from deckbuilder.cli.common import DbOption, JobsOption, JsonOption, complete_card_title
from deckbuilder.cli.output import open_catalog, progress_bar, reported, show, warn


def match(
    decks: Annotated[
        list[Path],
        typer.Argument(
            help="2 to 4 deck lists (text, GCCG .deck, LackeyCCG .dek or JSON), in seat order.", show_default=False
        ),
    ],
    games: Annotated[int, typer.Option("--games", "-n", help="How many games to play.", min=1, max=1_000_000)] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Shuffle seed; the same seed plays the same games.")] = 0,
    format_name: Annotated[
        str, typer.Option("--format", "-f", help="Way to play: basic, advanced, campaign, tournament.")
    ] = "advanced",
    investigator: Annotated[
        Optional[list[str]],
        typer.Option(
            "--investigator",
            help="Who plays a deck (repeatable, in deck order).",
            show_default=False,
            autocompletion=complete_card_title,
        ),
    ] = None,
    ai: Annotated[
        Optional[list[str]],
        typer.Option(
            "--ai",
            help="Computer player of a seat: greedy or lookahead (repeatable, in deck order; default greedy).",
            show_default=False,
        ),
    ] = None,
    max_rounds: Annotated[
        int, typer.Option("--rounds", help="Stop a game after this many Rounds.", min=1, max=200)
    ] = 20,
    target: Annotated[int, typer.Option("--target", help="Campaign Adventure-point target.", min=1)] = 20,
    log: Annotated[
        Optional[int],
        typer.Option("--log", help="Tell game K of the seed as a play-by-play instead.", min=1, show_default=False),
    ] = None,
    jobs: JobsOption = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Plays 2 to 4 decks against each other and reports who wins how often.

    Computer players (documented in deckbuilder/rules/match/policy.py) play every seat: wins
    with 95% intervals, ties, scores, Rounds, final Sanity, Sanity lost in Combat, and per card
    the share of games it was played in and its Combat damage dealt and absorbed.

    Example: mythos match corrupt.deck steadfast.deck --games 2000 --seed 7 --ai lookahead
    """
    with reported(as_json):
        from deckbuilder import service

        service.check_match_options(len(decks), format_name, ai or (), investigator or ())
        catalog = open_catalog(db, quiet=as_json)
        loaded = []
        for path in decks:
            one = service.load_deck_file(catalog, path)
            if not as_json:
                for line in one.reports:
                    warn(line)
            loaded.append(one)
        shown = not as_json and log is None and games >= 500 and sys.stderr.isatty()
        with progress_bar("Playing games", shown) as tick:
            result = service.match_decks(
                catalog,
                loaded,
                games=games,
                seed=seed,
                format_name=format_name,
                investigators=investigator or (),
                ai=ai or (),
                max_rounds=max_rounds,
                target=target,
                jobs=jobs,
                log_game=log,
                progress=tick,
            )
        show(result, as_json, "match_lines")
