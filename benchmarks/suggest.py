"""Suggest benchmark: does a recommended change hold up when applied? For every real deck in
../shared/mythos-data that names an Investigator, ``deck suggest`` measures its changes; each
recommended one is then applied and the deck played before and after on fresh seeded games,
none of which the suggestion was measured on. A change holds up when the fresh games move the
same way the suggestion said (sooner Round, or more Sanity for a Sanity change).

Run from the repository root: ``python benchmarks/suggest.py [--games N] [--fresh N]
[DECK ...]`` (default: every real deck of both transcriptions, each against a catalog of its
own transcription). Prints a line per recommended change and the share that held up.

With ``--against`` (issue 24) each deck's changes are measured by matches against the field
(the gccg decks ``--field`` names, by default standard-steadfast, standard-corrupt and
bourne-ultravox; a deck is never its own opponent), and each recommended change is replayed
on ``--fresh`` fresh seeds, a match per field deck each: it holds up when it wins more of them.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from build import SHARED, catalog_for

MAX_ROUNDS = 20


FIELD = ("standard-steadfast.deck", "standard-corrupt.deck", "bourne-ultravox.deck")


def check_against(
    catalog: object, deck_path: Path, field_paths: list[Path], *, games: int, fresh: int
) -> list[tuple[str, bool]]:
    """Gets, for each change ``deck suggest --against`` recommends to one real deck, its line
    and whether it wins more on fresh matches."""
    from deckbuilder import service
    from deckbuilder.catalog.importers.effects import load_effect_overrides
    from deckbuilder.catalog.recipebook import deck_recipes
    from deckbuilder.rules.construction import to_deck
    from deckbuilder.rules.construction.against import field_records, seed_results
    from deckbuilder.rules.construction.measure import win_effect
    from deckbuilder.service.against import field_decks

    loaded = service.load_deck_file(catalog, deck_path)  # type: ignore[arg-type]
    if not loaded.deck.investigators:
        print(f"{deck_path.name}: skipped (names no Investigator)")
        return []
    field = [service.load_deck_file(catalog, p) for p in field_paths if p.name != deck_path.name]  # type: ignore[arg-type]
    start = time.perf_counter()
    try:
        result = service.suggest_changes(catalog, loaded, games=games, seed=1, against=field)  # type: ignore[arg-type]
    except Exception as exc:  # noqa: BLE001 - a benchmark reports every deck
        print(f"{deck_path.name}: suggest failed ({exc})")
        return []
    took = time.perf_counter() - start
    replayed = [c for c in result.changes if c.confirmed is not None]
    print(
        f"{deck_path.name}: {len(result.recommended)} recommended, {len(replayed)} replayed by suggest itself "
        f"({len(result.changes)} measured, {took:.0f} s)",
        flush=True,
    )
    # No card is called dead (issue 24): a Monster with a Gate to be played at is judged by the matches.
    dead = [c.describe() for c in result.changes if "dead" in c.reason] + [n for n in result.left_alone if "dead" in n]
    if dead:
        print(f"{deck_path.name}: CALLED DEAD: {'; '.join(dead)}", flush=True)
    monsters = sorted({c.cut.title for c in result.changes if c.cut is not None and c.cut.type.value == "Monster"})
    if monsters:
        print(f"{deck_path.name}: Monsters whose cut the matches judged: {', '.join(monsters)}", flush=True)
    the_field = field_decks(catalog, field)  # type: ignore[arg-type]
    counts: dict[str, int] = {}
    for e in loaded.deck.main:
        counts[e.card.key] = counts.get(e.card.key, 0) + e.count
    recipes = deck_recipes(catalog, loaded.deck)
    who = loaded.deck.investigators[0]
    seeds = list(range(2_000_000, 2_000_000 + fresh))  # none of the suggestion's own matches
    effects = load_effect_overrides()
    out = []
    for change in result.recommended:
        known = {**{e.card.key: e.card for e in loaded.deck.main}, **{c.key: c for c in (change.add,) if c}}
        before = seed_results(field_records(to_deck(counts, known, who), the_field, seeds, recipes, effects=effects))
        after = seed_results(
            field_records(to_deck(change.apply(counts), known, who), the_field, seeds, recipes, effects=effects)
        )
        effect = win_effect(after, before)
        held = effect.mean > 0
        assert change.wins is not None
        line = (
            f"{deck_path.name:34} {change.describe()[:48]:48} said win share {change.wins.mean:+.1%} "
            f"fresh {effect.mean:+.1%} ({effect.low:+.1%} to {effect.high:+.1%}) "
            f"{'holds' if held else 'DOES NOT HOLD'}"
        )
        print(line, flush=True)
        out.append((line, held))
    return out


def check(catalog: object, deck_path: Path, *, games: int, fresh: int) -> list[tuple[str, bool]]:
    """Gets, for each recommended change to one real deck, its line and whether it held up."""
    from deckbuilder import service
    from deckbuilder.catalog.recipebook import recipe_sources
    from deckbuilder.rules.adventures import recipe_for
    from deckbuilder.rules.cards import CardType
    from deckbuilder.rules.construction import measure, to_deck
    from deckbuilder.rules.construction.games import play_games

    loaded = service.load_deck_file(catalog, deck_path)  # type: ignore[arg-type]
    if not loaded.deck.investigators:
        print(f"{deck_path.name}: skipped (names no Investigator)")
        return []
    start = time.perf_counter()
    try:
        result = service.suggest_changes(catalog, loaded, games=games, seed=1)  # type: ignore[arg-type]
    except Exception as exc:  # noqa: BLE001 - a benchmark reports every deck
        print(f"{deck_path.name}: suggest failed ({exc})")
        return []
    took = time.perf_counter() - start
    if not result.recommended:
        print(f"{deck_path.name}: nothing recommended ({len(result.changes)} changes measured, {took:.0f} s)")
        return []
    vocabulary, overrides, _ = recipe_sources(catalog)
    counts = {e.card.key: e.count for e in loaded.deck.main}
    cards = {e.card.key: e.card for e in loaded.deck.main}
    who = loaded.deck.investigators[0]
    seeds = list(range(1_000_000, 1_000_000 + fresh))  # none of the suggestion's own games
    from deckbuilder.catalog.importers.effects import load_effect_overrides

    effects = load_effect_overrides()
    out = []
    for change in result.recommended:
        known = {**cards, **{c.key: c for c in (change.add,) if c is not None}}
        recipes = {k: recipe_for(c, vocabulary, overrides) for k, c in known.items() if c.type is CardType.ADVENTURE}
        # With the effect overrides suggest (and deck goldfish) play with.
        before = measure(play_games(to_deck(counts, known, who), seeds, recipes, effects=effects), MAX_ROUNDS)
        after = measure(
            play_games(to_deck(change.apply(counts), known, who), seeds, recipes, effects=effects), MAX_ROUNDS
        )
        assert change.rounds is not None and change.sanity is not None
        if change.rounds.high < 0:
            said, fresh_effect = f"Round {change.rounds.mean:+.2f}", after.mean_cost - before.mean_cost
            held = fresh_effect < 0
            now = f"Round {fresh_effect:+.2f}"
        else:
            said, fresh_effect = f"Sanity {change.sanity.mean:+.2f}", after.final_sanity - before.final_sanity
            held = fresh_effect > 0
            now = f"Sanity {fresh_effect:+.2f}"
        line = (
            f"{deck_path.name:34} {change.describe()[:48]:48} said {said:13} fresh {now:13} "
            f"{'holds' if held else 'DOES NOT HOLD'}"
        )
        print(line, flush=True)
        out.append((line, held))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per measured change (deck suggest --games)")
    parser.add_argument("--fresh", type=int, default=800, help="fresh games to check each recommended change on")
    parser.add_argument("--against", action="store_true", help="measure by matches against the field (issue 24)")
    parser.add_argument("--field", nargs="*", default=list(FIELD), help="gccg deck file names of the field")
    parser.add_argument("decks", nargs="*", help="deck file names to run (default: all)")
    options = parser.parse_args()
    if not SHARED.is_dir():
        print(f"no real card data at {SHARED}: nothing to measure")
        return 0
    results: list[tuple[str, bool]] = []
    with tempfile.TemporaryDirectory() as folder:
        for source in ("gccg", "lackey"):
            decks = sorted((SHARED / source / "decks").glob("*.de*"))
            if options.decks:
                decks = [d for d in decks if d.name in options.decks]
            if not decks:
                continue
            catalog = catalog_for(SHARED / source / "sets", Path(folder))
            for deck in decks:
                if options.against:
                    field = [SHARED / source / "decks" / n for n in options.field]
                    if source == "gccg":
                        results += check_against(catalog, deck, field, games=options.games, fresh=options.fresh)
                    continue
                results += check(catalog, deck, games=options.games, fresh=options.fresh)
    held = sum(1 for _, ok in results if ok)
    unit = "seeds of matches against the field" if options.against else "games"
    print(f"\n{held} of {len(results)} recommended changes held up on {options.fresh} fresh {unit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
