"""Adventure benchmarks: a 60-card deck's Adventures (goal < 50 ms) and every Adventure of the
pool against the whole pool as one collection (goal < 2 s).

Run from the repository root: ``python benchmarks/adventures.py [PATH-TO-GCCG-SETS]``.
Prints figures and ratios against the goals; asserts nothing (tests never time anything).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from timing import best_of

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SETS = ROOT.parent / "shared" / "mythos-data" / "gccg" / "sets"
DECK = ROOT.parent / "shared" / "mythos-data" / "gccg" / "decks" / "standard-steadfast.deck"


def report(label: str, seconds: float, goal: float) -> None:
    print(f"{label}: {seconds * 1000:.1f} ms  (goal < {goal * 1000:.0f} ms: {seconds / goal:.2f}x of budget)")


def main() -> None:
    from deckbuilder.catalog.building import build_catalog
    from deckbuilder.catalog.importers import read_card_files
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.rules.adventures import (
        Collection,
        Vocabulary,
        check_adventure,
        check_deck_adventures,
        read_recipe,
    )
    from deckbuilder.rules.cards import CardType
    from deckbuilder.rules.decks import Deck, DeckEntry, Section
    from deckbuilder.service import load_deck_file

    sets = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SETS
    if not sets.is_dir():
        print(f"no card data at {sets}; give the GCCG sets folder")
        return
    db = Path(tempfile.mkdtemp()) / "catalog.sqlite"
    build_catalog(db, read_card_files([sets]))
    with Catalog.open(db) as catalog:
        cards = catalog.all_cards()
        base = load_deck_file(catalog, DECK).deck

    seconds = best_of(5, lambda: Vocabulary.from_cards(cards))
    print(f"vocabulary of {len(cards)} cards: {seconds * 1000:.1f} ms")
    vocabulary = Vocabulary.from_cards(cards)
    pool = Collection(cards)
    adventures = [c for c in cards if c.type is CardType.ADVENTURE]

    # A 60-card deck: the Steadfast starter deck (52 cards, 4 Adventures) and 8 more Adventures.
    have = {e.card.title for e in base.entries}
    extra = [a for a in adventures if a.is_official and a.title not in have][:8]
    deck = Deck(base.name, base.entries + tuple(DeckEntry(a, 1, Section.DECK) for a in extra))
    in_deck = [e.card for e in deck.main if e.card.type is CardType.ADVENTURE]
    recipes = [read_recipe(a, vocabulary) for a in in_deck]
    collection = Collection(deck.cards())
    print(f"deck: {deck.count()} cards, {len(in_deck)} Adventures")

    def solve_deck() -> None:
        for adventure, recipe in zip(in_deck, recipes):
            check_adventure(recipe, collection.without_title(adventure.title))

    report("  solve every Adventure of the deck (recipes read)", best_of(20, solve_deck), 0.050)
    seconds = best_of(10, lambda: check_deck_adventures(deck, vocabulary, pool=pool))
    report("  read + solve + suggest from the pool (check_deck_adventures)", seconds, 0.050)

    every = [read_recipe(a, vocabulary) for a in adventures]

    def solve_pool() -> int:
        return sum(check_adventure(r, pool.without_title(a.title)).completable for a, r in zip(adventures, every))

    completable = solve_pool()
    print(f"pool: {len(cards)} cards as one collection, {len(adventures)} Adventures ({completable} completable)")
    report("  check every Adventure (recipes read)", best_of(3, solve_pool), 2.0)
    seconds = best_of(
        3, lambda: [check_adventure(read_recipe(a, vocabulary), pool.without_title(a.title)) for a in adventures]
    )
    report("  read + check every Adventure", seconds, 2.0)
    report("  read every Adventure's recipe", best_of(3, lambda: [read_recipe(a, vocabulary) for a in adventures]), 2.0)


if __name__ == "__main__":
    main()
