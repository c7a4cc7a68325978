"""Deck benchmarks: checking a 60-card deck in-process (goal: under 20 ms).

Run from the repository root: ``python benchmarks/decks.py [PATH-TO-GCCG-SETS]``.
Prints the validator alone, and read + resolve + check with a warm catalog, with ratios.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from timing import best_of

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SETS = ROOT.parent / "shared" / "mythos-data" / "gccg" / "sets"
SAMPLE_DECK = ROOT / "catalog" / "sample" / "example-deck.txt"


def main() -> None:
    from deckbuilder.catalog.building import build_catalog
    from deckbuilder.catalog.importers import read_card_files
    from deckbuilder.catalog.importers.formats import load_formats
    from deckbuilder.catalog.lookup import card_index
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.rules.formats import find_format
    from deckbuilder.rules.validator import check_deck
    from deckbuilder.service import load_deck_file

    sets = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SETS
    db = Path(tempfile.mkdtemp()) / "catalog.sqlite"
    if sets.is_dir():
        build_catalog(db, read_card_files([sets]))
    else:
        build_catalog(db)
    formats, _ = load_formats()
    campaign = find_format(formats, "campaign")
    with Catalog.open(db) as catalog:
        # A 60-card deck: the first 15 distinct titles of the pool, four copies each.
        titles = []
        for card in catalog.all_cards():
            if card.title not in titles and card.type and card.type.value != "Investigator":
                titles.append(card.title)
            if len(titles) == 15:
                break
        investigator = next(c for c in catalog.all_cards() if c.type and c.type.value == "Investigator")
        text = "Investigator\n1 " + investigator.title + "\nDeck\n" + "".join(f"4 {t}\n" for t in titles)
        path = Path(tempfile.mkdtemp()) / "sixty.txt"
        path.write_text(text)
        card_index(catalog)  # the resolver's index is built once per catalog, as in the CLI
        loaded = load_deck_file(catalog, path)
        assert loaded.deck.count() == 60
        check = best_of(50, lambda: check_deck(loaded.deck, campaign))
        full = best_of(20, lambda: check_deck(load_deck_file(catalog, path).deck, campaign))
        index_build = best_of(3, lambda: setattr(catalog, "_index", None) or card_index(catalog))
    print(f"validator, 60-card deck: {check * 1e3:.2f} ms  (goal < 20 ms: {check / 0.020:.3f}x of budget)")
    print(f"read + resolve + check, warm catalog: {full * 1e3:.2f} ms  ({full / 0.020:.2f}x of budget)")
    print(f"building the name index once per catalog: {index_build * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
