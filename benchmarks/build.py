"""Build benchmark: for every real deck in ../shared/mythos-data that names an Investigator, build
a deck for the same Investigator and the Adventures that deck can complete, and print both
decks' median Round and share completed by Round 6 over the same seeded games (held out from
the search), and the build time. Goal: the built deck at least as fast as the player's, each
build under a minute on the reference machine (2 cores).

Run from the repository root: ``python benchmarks/build.py [--time SECONDS] [--games N]
[DECK ...]`` (default: every real deck of both transcriptions, each against a catalog of its
own transcription). Decks that name no Investigator, or complete no Adventure, are listed and
skipped; the closing note names every deck whose built deck falls short, and why.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "mythos-data"


def catalog_for(sets: Path, folder: Path) -> object:
    from deckbuilder.catalog.building import build_catalog
    from deckbuilder.catalog.importers import read_card_files
    from deckbuilder.catalog.store import Catalog

    path = folder / f"{sets.parent.name}.sqlite"
    build_catalog(path, read_card_files([sets]))
    return Catalog.open(path)


def compare(catalog: object, deck_path: Path, *, seconds: float, games: int) -> tuple[str, str | None]:
    """Builds a deck for one real deck's Investigator and Adventures; gets the line and, when
    the built deck is slower, why."""
    from deckbuilder import service
    from deckbuilder.catalog.recipebook import recipe_sources
    from deckbuilder.rules.adventures import check_adventure, recipe_for
    from deckbuilder.rules.cards import CardType, fold_title
    from deckbuilder.rules.construction import measure
    from deckbuilder.rules.construction.games import play_games

    loaded = service.load_deck_file(catalog, deck_path)  # type: ignore[arg-type]
    deck = loaded.deck
    name = deck_path.name
    if not deck.investigators:
        return f"{name}: skipped (names no Investigator)", None
    vocabulary, overrides, _ = recipe_sources(catalog)
    cards = list(deck.cards())
    adventures = list({fold_title(e.card.title): e.card for e in deck.main if e.card.type is CardType.ADVENTURE}.values())
    recipes = {a.key: recipe_for(a, vocabulary, overrides) for a in adventures}
    can = [a for a in adventures if check_adventure(recipes[a.key], [c for c in cards if fold_title(c.title)
                                                                     != fold_title(a.title)]).completable]
    if not can:
        return f"{name}: skipped (completes none of its Adventures)", None
    who = deck.investigators[0]
    start = time.perf_counter()
    try:
        # A re-pointed Adventure (a house rule) is built for as printed: "X (RP)" is X.
        titles = [a.title.removesuffix(" (RP)") for a in can]
        built = service.build_deck(catalog, investigator=who.title, adventures=titles,  # type: ignore[arg-type]
                                   seed=1, time_limit=seconds)
    except Exception as exc:  # noqa: BLE001 - a benchmark reports every deck
        return f"{name}: build failed ({exc})", f"{name}: the build failed: {exc}"
    took = time.perf_counter() - start
    rng = random.Random(99)
    seeds = [rng.randrange(2**31) for _ in range(games)]
    all_recipes = {**recipes, **{e.card.key: recipe_for(e.card, vocabulary, overrides) for e in built.built.deck.deck.main
                                 if e.card.type is CardType.ADVENTURE}}
    from deckbuilder.catalog.importers.effects import load_effect_overrides

    effects = load_effect_overrides()  # as the build and deck goldfish play
    real = measure(play_games(deck, seeds, all_recipes, effects=effects), 20)
    mine = measure(play_games(built.built.deck.deck, seeds, all_recipes, effects=effects), 20)

    def show(m: object) -> str:
        median = "-" if m.median_round is None else f"{m.median_round:g}"  # type: ignore[attr-defined]
        return (f"median {median:>4}, {m.by_round_6:6.1%} by Round 6, "  # type: ignore[attr-defined]
                f"mean {m.mean_cost:4.1f}")  # type: ignore[attr-defined]

    line = (f"{name:38} {who.title[:28]:28}  real: {show(real)}   built: {show(mine)}   "
            f"{took:5.1f} s ({built.games} games)")
    short = None
    if mine.mean_cost > real.mean_cost:
        short = (f"{name}: built mean Round {mine.mean_cost:.1f} against the player's {real.mean_cost:.1f} "
                 f"({', '.join(a.title for a in can)})")
    return line, short


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("decks", nargs="*", type=Path)
    parser.add_argument("--time", type=float, default=55.0, help="seconds each build may take")
    parser.add_argument("--games", type=int, default=1000, help="held-out games per deck")
    args = parser.parse_args()
    if not (SHARED / "gccg" / "sets").is_dir():
        sys.exit("../shared/mythos-data is absent")
    decks = args.decks or sorted((SHARED / "gccg" / "decks").glob("*.deck")) + sorted((SHARED / "lackey" / "decks").glob("*.dek"))
    short: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        catalogs: dict[str, object] = {}
        for deck_path in decks:
            transcription = "lackey" if deck_path.suffix == ".dek" else "gccg"
            if transcription not in catalogs:
                catalogs[transcription] = catalog_for(SHARED / transcription / "sets", Path(folder))
            line, note = compare(catalogs[transcription], deck_path, seconds=args.time, games=args.games)
            print(line, flush=True)
            if note:
                short.append(note)
    print()
    if short:
        print("Built decks slower than the player's (mean Round, a game never completed counting 22):")
        for note in short:
            print("  " + note)
    else:
        print("Every built deck is at least as fast as the player's.")


if __name__ == "__main__":
    main()
