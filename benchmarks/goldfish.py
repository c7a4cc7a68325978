"""Goldfish benchmark: solitaire games per second on one core for a 52-card deck (goal 2,000),
printed with its ratio to a bare shuffle-and-draw loop in the same run.

Run from the repository root: ``python benchmarks/goldfish.py [DECK] [GCCG-SETS]``.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "mythos-data" / "gccg"


def main() -> None:
    from deckbuilder.deckfile import load_deck
    from deckbuilder.importers import read_card_files
    from deckbuilder.recipebook import deck_recipes
    from deckbuilder.rules.goldfish import goldfish, needed_titles, recipe_check
    from deckbuilder.storage import Catalog, build_catalog

    deck_path = Path(sys.argv[1]) if len(sys.argv) > 1 else SHARED / "decks" / "standard-corrupt.deck"
    sets = Path(sys.argv[2]) if len(sys.argv) > 2 else SHARED / "sets"
    if not deck_path.is_file():
        deck_path, sets = ROOT / "catalog" / "sample" / "example-deck.txt", None
    db = Path(tempfile.mkdtemp()) / "catalog.sqlite"
    build_catalog(db, read_card_files([sets]) if sets else None)
    with Catalog.open(db) as catalog:
        deck = load_deck(deck_path, catalog).deck
        recipes = deck_recipes(catalog, deck)
    check, needed = recipe_check(deck, recipes), needed_titles(deck, recipes)

    # The CLI's default number of games: the engine's per-deck caches (recipe answers, walking
    # steps) fill during the first games, as they do for a user's run.
    games = 1000
    start = time.perf_counter()
    report = goldfish(deck, games=games, seed=1, adventure_check=check, needed=needed)
    seconds = time.perf_counter() - start
    rate = games / seconds

    # The floor: shuffle the deck and draw the same number of cards a game draws, nothing else.
    cards = list(range(deck.count()))
    per_game = round(13 + report.drawn_per_round * (report.median_rounds or 5))
    rng = random.Random(1)
    loops = 20_000
    start = time.perf_counter()
    for _ in range(loops):
        rng.shuffle(cards)
        hand = cards[:per_game]
    bare = loops / (time.perf_counter() - start)
    del hand

    print(f"deck: {deck_path.name} ({deck.count()} cards), {games} games, completed {report.completed:.0%}, "
          f"median Round {report.median_rounds}")
    print(f"goldfish: {rate:,.0f} games/s (goal 2,000: {rate / 2000:.2f}x of goal)")
    print(f"bare shuffle-and-draw of {per_game} cards: {bare:,.0f} loops/s; goldfish runs at 1/{bare / rate:,.0f} of it")


if __name__ == "__main__":
    main()
