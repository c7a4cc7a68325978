"""``mythos deck gauntlet``: one deck against each deck of a field, two players at a time.

The command checks its options before any work (a field, known computer players and
format), loads the deck and the field through :mod:`deckbuilder.service`, calls
:func:`deckbuilder.service.gauntlet_deck` and prints the matchup table (text, or ``--json``).
Exit codes: 0 success; 2 a deck, the field or an option cannot be read or used.
"""

import sys
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from deckbuilder.cli.common import DbOption, DeckArgument, JobsOption, JsonOption, complete_card_title
from deckbuilder.cli.output import echo_lines, emit_json, open_catalog, progress_bar, reported, warn


def deck_gauntlet(
    deck: DeckArgument,
    field: Annotated[
        Optional[list[Path]],
        typer.Option(
            "--field", help="The field: a folder of deck lists, or deck files (repeatable).", show_default=False
        ),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Games against each field deck (1 to 1000000).")] = 200,
    seed: Annotated[int, typer.Option("--seed", help="Shuffle seed; the same seed plays the same games.")] = 0,
    format_name: Annotated[
        str, typer.Option("--format", "-f", help="Way to play: basic, advanced, campaign, tournament.")
    ] = "advanced",
    ai: Annotated[
        Optional[list[str]],
        typer.Option(
            "--ai",
            help="Computer player: greedy or lookahead; once for the deck, "
            "a second time for the field (default greedy).",
            show_default=False,
        ),
    ] = None,
    investigator: Annotated[
        Optional[str],
        typer.Option(
            "--investigator",
            help="Who plays the deck (default: its first Investigator).",
            show_default=False,
            autocompletion=complete_card_title,
        ),
    ] = None,
    jobs: JobsOption = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Plays a deck against each deck of a field and shows the matchup table.

    Each field deck meets the deck in two-player games on the same seed, played by computer
    players: per field deck the deck's win share with its 95% interval, ties, mean scores and
    the Sanity each side lost in Combat; then the overall win share.

    Example: mythos deck gauntlet corrupt.deck --field decks/ --games 500 --seed 7
    """
    with reported(as_json):
        from deckbuilder import service

        files = service.field_files(field or ())
        service.check_gauntlet_options(len(files), format_name, ai or (), games)
        catalog = open_catalog(db, quiet=as_json)
        loaded = service.load_deck_file(catalog, deck)
        opponents = [service.load_deck_file(catalog, path) for path in files]
        if not as_json:
            for one in (loaded, *opponents):
                for line in one.reports:
                    warn(f"{one.path}: {line}")
        shown = not as_json and games * len(files) >= 500 and sys.stderr.isatty()
        with progress_bar("Playing games", shown) as tick:
            result = service.gauntlet_deck(
                catalog,
                loaded,
                opponents,
                games=games,
                seed=seed,
                format_name=format_name,
                ai=ai or (),
                investigator=investigator,
                jobs=jobs,
                progress=tick,
            )
        for note in result.notes:
            warn(note)
        if as_json:
            emit_json(result.to_json())
        else:
            echo_lines(gauntlet_lines(result))


def gauntlet_lines(result: Any) -> list[str]:
    """Gets ``mythos deck gauntlet``'s text: the matchup table, then the overall win share."""
    from deckbuilder.sheet.text import percent

    low, high = result.wins_interval
    rows = [m.to_json() for m in result.matchups]
    width = max([len("Field deck"), *(len(r["deck"]) for r in rows)])
    lines = [
        f"{result.deck.deck.name} ({result.investigator}, {result.ai[0]}) against {len(rows)} decks "
        f"({result.ai[1]}): {result.games} games each, seed {result.seed}, {result.format_name}",
        f"{'Field deck':<{width}}  {'Wins':>5}  {'95% interval':<13}  {'Ties':>5}  {'Score':>11}  "
        "Sanity lost in Combat",
    ]
    for r in rows:
        band = f"{percent(r['wins_interval'][0])}-{percent(r['wins_interval'][1])}"
        score = f"{r['mean_score']:.1f}-{r['opponent_mean_score']:.1f}"
        lines.append(
            f"{r['deck']:<{width}}  {percent(r['wins']):>5}  {band:<13}  {percent(r['ties']):>5}  "
            f"{score:>11}  {r['combat_sanity_lost']:.2f} (theirs {r['opponent_combat_sanity_lost']:.2f})"
        )
    lines.append(
        f"Overall: wins {percent(result.wins)} of {result.games * len(rows)} games "
        f"(95%: {percent(low)}-{percent(high)})"
    )
    return lines
