"""``mythos deck goldfish``: solitaire test games of a deck, and exact draw odds beside them."""


import sys
from typing import Annotated, Any, Optional

import typer

from deckbuilder.catalog.recipebook import deck_recipes
from deckbuilder.cli.common import DbOption, DeckArgument, JsonOption, emit_json, fail, load_deck_for, reported


def run_goldfish(catalog: Any, deck: Any, *, games: int, seed: int, campaign: bool, target: int,
                 max_rounds: int, progress: bool = False, named: tuple[str, ...] = ()) -> Any:
    """Plays the games and adds the exact draw odds; the one call the CLI and the sheet share."""
    import dataclasses

    from deckbuilder.rules.goldfish import draw_odds, goldfish, needed_titles, recipe_check

    recipes = deck_recipes(catalog, deck)
    if progress:
        with typer.progressbar(length=games, label="Playing test games", file=sys.stderr) as bar:
            def ticker(n: int) -> None:
                bar.update(100)

            report = goldfish(deck, games=games, seed=seed, campaign=campaign, target=target,
                              max_rounds=max_rounds, adventure_check=recipe_check(deck, recipes),
                              needed=needed_titles(deck, recipes), progress=ticker)
    else:
        report = goldfish(deck, games=games, seed=seed, campaign=campaign, target=target, max_rounds=max_rounds,
                          adventure_check=recipe_check(deck, recipes), needed=needed_titles(deck, recipes))
    odds = draw_odds(deck, refill_per_round=report.drawn_per_round, recipes=recipes, seed=seed, named=named)
    return dataclasses.replace(report, odds=tuple(odds))


def deck_goldfish(
    deck: DeckArgument,
    games: Annotated[int, typer.Option("--games", "-n", help="How many solitaire games to play.", min=1, max=1_000_000)] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Shuffle seed; the same seed plays the same games.")] = 0,
    format_name: Annotated[
        str, typer.Option("--format", "-f", help="Way to play: campaign plays on to the Adventure-point target.")
    ] = "advanced",
    target: Annotated[int, typer.Option("--target", help="Campaign Adventure-point target.", min=1)] = 20,
    max_rounds: Annotated[int, typer.Option("--rounds", help="Stop a game after this many Rounds.", min=1, max=200)] = 20,
    card: Annotated[
        Optional[list[str]], typer.Option("--card", help="Also give the odds of drawing this card by Round k (repeatable).")
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Plays the deck alone N times and reports how often and how fast it completes its Adventures.

    The greedy policy is documented in deckbuilder/rules/goldfish.py. Beside the games: exact
    draw odds (a Location in the opening hand, a Tome and a reader of its language, every
    card of each Adventure's recipe by Round k), exact where the numbers allow and simulated
    otherwise, labelled as which.

    Example: mythos deck goldfish my.deck --games 2000 --seed 7 --card "Dark Young"
    """

    with reported(as_json):
        if format_name not in ("basic", "advanced", "campaign", "tournament"):
            fail(f"--format {format_name!r}: goldfish plays Mythos formats only (basic, advanced, campaign, tournament)")
        catalog, loaded = load_deck_for(deck, db, as_json)
        campaign = format_name in ("campaign", "tournament")
        named = tuple(_deck_title(loaded.deck, name) for name in card or ())
        report = run_goldfish(catalog, loaded.deck, games=games, seed=seed, campaign=campaign, target=target,
                              max_rounds=max_rounds, progress=(not as_json and games >= 1000 and sys.stderr.isatty()),
                              named=named)
        if as_json:
            emit_json({"deck": loaded.deck.name, **report.to_dict()})
            return
        typer.echo("\n".join(report_lines(loaded.deck.name or str(deck), report)))


def _deck_title(deck: Any, name: str) -> str:
    """Gets the title of a deck card a ``--card`` name means (the resolver's spelling rules);
    a card the deck does not hold is an error naming the deck's close titles."""
    from deckbuilder.decklists import CardIndex
    from deckbuilder.rules.cards import fold_title

    printings = {e.card.key: e.card for e in deck.entries}
    try:
        resolution = CardIndex(list(printings.values())).resolve(name)
    except LookupError:
        fail(f"--card {name!r}: no card of the deck is called that; give a title from the deck list")
    if not any(fold_title(e.card.title) == fold_title(resolution.card.title) for e in deck.main):
        fail(f"--card {name!r}: {resolution.card.title} is not in the deck")
    return resolution.card.title


def report_lines(name: str, report: Any) -> list[str]:
    """Gets the report as a player reads it."""
    lines = [f"{name}: {report.games} solitaire games (seed {report.seed}, at most {report.max_rounds} Rounds)"]
    lines.append(f"  Completed an Adventure: {report.completed:.0%} of games"
                 + (f"; median Round {report.median_rounds:g}" if report.median_rounds is not None else ""))
    if report.rounds_quartiles:
        lo, hi = report.rounds_quartiles
        lines.append(f"  Half of the completing games finished between Rounds {lo:g} and {hi:g}")
    if report.campaign and report.reached_target is not None:
        lines.append(f"  Reached {report.target} Adventure points: {report.reached_target:.0%} of games")
    shown = [f"R{i}: {share:.0%}" for i, share in enumerate(report.by_round, start=1) if i <= 12]
    lines.append("  By Round: " + "  ".join(shown))
    lo, hi = report.final_sanity_quartiles
    lines.append(f"  Sanity at the end: median {report.final_sanity:g} (middle half {lo:g}-{hi:g})")
    lines.append(f"  Cards drawn per Round after the first: {report.drawn_per_round:.1f}")
    if report.blockers:
        lines.append("  Needed cards that sat unplayable in hand for two Rounds or more, none yet in play:")
        for title, share in report.blockers[:6]:
            lines.append(f"    {title}: {share:.0%} of games")
    if report.odds:
        lines.append("  Draw odds:")
        for odds in report.odds:
            how = "exact" if odds.exact else "simulated"
            lines.append(f"    {odds.probability:6.1%}  {odds.label} ({how}, {odds.draws} cards seen)")
    return lines
