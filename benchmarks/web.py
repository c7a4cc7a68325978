"""Web deck builder benchmarks: the live verdict (goal: under 50 ms for a 60-card deck) and
a card search (goal: under 20 ms), measured on the server side with a warm catalog.

Run from the repository root: ``python benchmarks/web.py [PATH-TO-GCCG-SETS]`` (the real
pool when the path or ``../shared/mythos-data`` is there, else the bundled sample). Prints
the service call alone and the whole request through the application (routing, the guard,
the page rendered), each with its ratio to the goal; nothing is asserted.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from timing import best_of

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SETS = ROOT.parent / "shared" / "mythos-data" / "gccg" / "sets"
SAMPLE_DECK = ROOT / "catalog" / "sample" / "example-deck.txt"
QUERIES = ("t:location sr:arkham is:gate", "t:ally a:steadfast lang:latin", "necronomicon", "t:adventure")


def main() -> None:
    import warnings

    from starlette.testclient import TestClient

    from deckbuilder import service
    from deckbuilder.catalog.building import build_catalog
    from deckbuilder.catalog.importers import read_card_files
    from deckbuilder.web.app import Settings, create_app

    warnings.simplefilter("ignore", DeprecationWarning)
    sets = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SETS
    work = Path(tempfile.mkdtemp())
    db = work / "catalog.sqlite"
    build_catalog(db, read_card_files([sets])) if sets.is_dir() else build_catalog(db)
    catalog, _ = service.open_catalog(db)
    if sets.is_dir():
        # A 60-card deck of the real pool: an Investigator and fifteen titles, four copies each.
        cards = [c for c in catalog.all_cards() if c.type and c.is_official]
        investigator = next(c for c in cards if c.type.value == "Investigator")
        titles = list(dict.fromkeys(c.title for c in cards if c.type.value != "Investigator" and not c.unique))[:15]
        text = f"Investigator\n1 {investigator.title}\nDeck\n" + "".join(f"4 {t}\n" for t in titles)
        pool = "the real GCCG pool"
    else:
        text = SAMPLE_DECK.read_text(encoding="utf-8")
        pool = "the bundled sample (no ../shared/mythos-data)"
    deck = service.load_deck_text(catalog, text)
    play = service.way_to_play("campaign")
    saved = service.save_deck(catalog, work / "decks", deck, play=play)
    service.deck_overview(catalog, deck, play)  # warm: the recipes' vocabulary, the name index
    overview = best_of(20, lambda: service.deck_overview(catalog, deck, play))
    edit = best_of(
        20,
        lambda: service.deck_overview(catalog, service.edit_deck(catalog, deck, titles_of(deck)[0], change=-1), play),
    )

    client = TestClient(
        create_app(Settings(db=db, decks=work / "decks", collection=work / "none.json")),
        base_url="http://127.0.0.1:8000",
    )
    client.get(f"/decks/{saved.id}")
    page = best_of(10, lambda: client.get(f"/decks/{saved.id}"))
    parsed = [service.parse_search(q) for q in QUERIES]
    searches = [best_of(20, lambda p=p: service.search_cards(catalog, p)) for p in parsed]
    api = [best_of(20, lambda q=q: client.get("/api/cards", params={"q": q})) for q in QUERIES]

    print(f"web deck builder on {pool}; a {deck.deck.count()}-card deck")
    print(
        f"live verdict (deck_overview: check, Adventures, playability, make-up): {overview * 1e3:.2f} ms"
        f"  (goal < 50 ms: {overview / 0.050:.2f}x of budget)"
    )
    print(f"one card changed, then the verdict (edit_deck + deck_overview): {edit * 1e3:.2f} ms  ({edit / 0.050:.2f}x)")
    print(
        f"the editor page, whole request (list, verdict, every title for completion): {page * 1e3:.2f} ms"
        f"  ({page / 0.050:.2f}x)"
    )
    for query, alone, whole in zip(QUERIES, searches, api):
        print(
            f"search {query!r}: {alone * 1e3:.2f} ms in the service, {whole * 1e3:.2f} ms through /api/cards"
            f"  (goal < 20 ms: {whole / 0.020:.2f}x)"
        )


def titles_of(deck) -> list[str]:
    return [e.card.title for e in deck.deck.main]


if __name__ == "__main__":
    main()
