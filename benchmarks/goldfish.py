"""Goldfish benchmark: solitaire games per second on one core for a 52-card deck (goal 2,000),
printed with its ratio to a bare shuffle-and-draw loop in the same run.

Run from the repository root: ``python benchmarks/goldfish.py [DECK] [GCCG-SETS]`` (default:
the Standard Game's Corrupt starter deck), or ``python benchmarks/goldfish.py --all`` for
every real deck in ../shared/mythos-data, one line each, so that no one deck speaks for all.
Each deck is timed over three runs from a cold start; the best and the median are printed, as
a shared machine slows single runs by up to a tenth.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "mythos-data" / "gccg"
GOAL = 2000


def bare_loops_per_second(size: int, per_game: int) -> float:
    """Shuffles a deck of ``size`` cards and draws ``per_game`` of them, nothing else."""
    cards = list(range(size))
    rng = random.Random(1)
    loops = 20_000
    start = time.perf_counter()
    for _ in range(loops):
        rng.shuffle(cards)
        hand = cards[:per_game]
    del hand
    return loops / (time.perf_counter() - start)


def run(deck_path: Path, catalog: object, games: int = 1000, runs: int = 3) -> str:
    """Plays ``games`` goldfish games of a deck (the CLI's default number: the engine's per-deck
    caches fill during the first games, as they do for a user's run), ``runs`` times from a
    fresh start, and describes the speed."""
    from deckbuilder.catalog.recipebook import deck_recipes
    from deckbuilder.rules.engine import NoInvestigatorError
    from deckbuilder.rules.goldfish import goldfish, needed_titles, recipe_check
    from deckbuilder.service import load_deck_file

    deck = load_deck_file(catalog, deck_path).deck  # type: ignore[arg-type]
    recipes = deck_recipes(catalog, deck)  # type: ignore[arg-type]
    rates = []
    for _ in range(runs):
        check, needed = recipe_check(deck, recipes), needed_titles(deck, recipes)
        start = time.perf_counter()
        try:
            report = goldfish(deck, games=games, seed=1, adventure_check=check, needed=needed)
        except NoInvestigatorError as e:
            return f"deck: {deck_path.name}: not played ({e})"
        rates.append(games / (time.perf_counter() - start))
    rates.sort()
    rate, median = rates[-1], rates[len(rates) // 2]
    per_game = round(13 + report.drawn_per_round * (report.median_rounds or 5))
    bare = bare_loops_per_second(deck.count(), per_game)
    return (
        f"deck: {deck_path.name} ({deck.count()} cards), {games} games, completed {report.completed:.0%}, "
        f"median Round {report.median_rounds}\n"
        f"  goldfish: {rate:,.0f} games/s, best of {runs} (median {median:,.0f}; {rate / GOAL:.2f}x of the goal of {GOAL:,}); "
        f"bare shuffle-and-draw of {per_game} cards: {bare:,.0f} loops/s; goldfish runs at 1/{bare / rate:,.0f} of it"
    )


def main() -> None:
    from deckbuilder.catalog.building import build_catalog
    from deckbuilder.catalog.importers import read_card_files
    from deckbuilder.catalog.store import Catalog

    args = sys.argv[1:]
    every = args[:1] == ["--all"]
    if every:
        decks, sets = sorted((SHARED / "decks").glob("*.deck")), SHARED / "sets"
    else:
        decks = [Path(args[0]) if args else SHARED / "decks" / "standard-corrupt.deck"]
        sets = Path(args[1]) if len(args) > 1 else SHARED / "sets"
    if not all(d.is_file() for d in decks) or not decks:
        print(f"the real decks and cards are absent ({SHARED}): trying the bundled sample deck")
        decks, sets = [ROOT / "catalog" / "sample" / "example-deck.txt"], None
    db = Path(tempfile.mkdtemp()) / "catalog.sqlite"
    build_catalog(db, read_card_files([sets]) if sets else None)
    with Catalog.open(db) as catalog:
        for deck_path in decks:
            print(run(deck_path, catalog), flush=True)


if __name__ == "__main__":
    main()
