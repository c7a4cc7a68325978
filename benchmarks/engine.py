"""Rules engine benchmarks: legal plays of a typical mid-game state, applying a play, a whole game.

Run from the repository root: ``python benchmarks/engine.py [DECK]`` (default: the Standard
Game's Steadfast starter deck from ../shared/mythos-data). Prints figures and ratios against the
engine's goal (enumerating the legal plays of a typical mid-game state in under 50 µs); asserts
nothing.

``python benchmarks/engine.py --coverage`` prints instead the effects applied over every real
deck of ../shared/mythos-data, alone and in matches (:mod:`effects_applied`: each card played,
played in matches only, or not yet, with the reason); ``--reading`` the goldfish's ledger over
every real deck (both transcriptions' decks), as ``Game.ignored`` has it per copy: the share of
card copies whose effects the engine plays, the share of what a lone player can use, and each
named reason for the rest with its cards (an Event aimed at an opponent's card, never played
alone; an Adventure whose condition no game tells, never met); and what each deck's
Investigator's ability leaves out.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DATA = ROOT.parent / "shared" / "mythos-data" / "gccg"
DEFAULT_DECK = DATA / "decks" / "standard-steadfast.deck"
GOAL_LEGAL_US = 50.0


def per_call_us(fn, calls: int = 2000, repeats: int = 5) -> float:
    """Gets the best time per call in microseconds over a few batches."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        best = min(best, (time.perf_counter() - start) / calls)
    return best * 1e6


def mid_game(game, seed: int):
    """Plays a game with a simple policy (a random card when one is legal, else Pass; keep the
    Hand) into the third Round, up to four plays into it: Locations and Allies out, a fresh Hand."""
    from deckbuilder.rules.engine import Phase, PlayKind, apply, legal_plays

    rng = random.Random(seed)
    s = game.new_state(seed)
    for _ in range(2000):
        if s.is_over:
            break
        plays = legal_plays(s)
        if s.phase is Phase.PLAY:
            cards = [p for p in plays if p.kind is not PlayKind.PASS and p.kind is not PlayKind.ADVENTURE]
            if s.round >= 3 and (s.turn >= 4 or not cards):
                break
            play = rng.choice(cards) if cards and s.turn < 8 else plays[-1]
        else:
            play = next((p for p in plays if p.kind is PlayKind.END_ROUND and not p.reshuffle), plays[0])
        s = apply(s, play)
    return s


def coverage() -> None:
    """Prints the share of card copies whose effects the engine plays, over every real deck."""
    from collections import Counter, defaultdict

    from deckbuilder.catalog.building import build_catalog
    from deckbuilder.catalog.importers import read_card_files
    from deckbuilder.catalog.importers.effects import load_effect_overrides
    from deckbuilder.catalog.recipebook import deck_recipes
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.rules.cards import CardType
    from deckbuilder.rules.effects import read_effects
    from deckbuilder.rules.effects.reader import LONE_CANNOT
    from deckbuilder.rules.engine import Game, Rules
    from deckbuilder.rules.goldfish import recipe_check
    from deckbuilder.service import load_deck_file

    lone_cannot = (*LONE_CANNOT, "Buries a Great Old One")  # Elder Sign's override
    shared = DATA.parent
    decks = sorted((shared / "gccg" / "decks").glob("*.deck")) + sorted((shared / "lackey" / "decks").glob("*.dek"))
    if not decks:
        print(f"no real decks under {shared}; nothing to count")
        return
    db = Path(tempfile.mkdtemp()) / "catalog.sqlite"
    build_catalog(db, read_card_files([shared / "gccg" / "sets", shared / "lackey" / "sets"]))
    overrides = load_effect_overrides()
    copies = played = 0
    reasons: Counter[str] = Counter()
    cards: dict[str, Counter[str]] = defaultdict(Counter)
    abilities: dict[str, str] = {}  # Investigator -> what its ability leaves out ("" if nothing)
    with Catalog.open(db) as catalog:
        anyone = catalog.cards_named("Adventurous Dilettante")[0]
        for path in decks:
            deck = load_deck_file(catalog, path).deck
            # The goldfish's own ledger, per copy: the card's effect as read, an Event aimed at an
            # opponent's card (never played alone), an Adventure whose condition no game tells.
            rules = Rules(
                advanced=True, effects=overrides, adventure_check=recipe_check(deck, deck_recipes(catalog, deck))
            )
            game = Game(deck, None if deck.investigators else anyone, rules)
            for investigator in deck.investigators:
                if investigator.type is CardType.INVESTIGATOR:
                    abilities[investigator.title] = read_effects(investigator, overrides).ignored
            for card, reason in zip(game.cards, game.ignored, strict=True):
                copies += 1
                if reason:
                    reasons[reason] += 1
                    cards[reason][card.title] += 1
                else:
                    played += 1
    lone = sum(n for r, n in reasons.items() if not r.startswith(lone_cannot))
    print(f"{len(decks)} real decks, {copies} card copies")
    whole = sum(1 for r in abilities.values() if not r)
    print(
        f"Investigators of the decks: {whole} of {len(abilities)} have their whole ability played; the rest leave out:"
    )
    for title, reason in sorted(abilities.items()):
        if reason:
            print(f"      {title}: {reason}")
    print(f"effects the engine plays: {played} copies = {played / copies:.1%} of all copies")
    print(f"of what a lone player can use ({played + lone} copies): {played / (played + lone):.1%} played")
    print("not played, by reason (copies; the cards, most copies first):")
    for reason, n in reasons.most_common():
        lone_mark = "  " if reason.startswith(lone_cannot) else "* "
        named = ", ".join(f"{t} ({k})" for t, k in cards[reason].most_common(8))
        more = len(cards[reason]) - 8
        print(f"{lone_mark}{n:4d}  {reason}: {named}{f' and {more} more' if more > 0 else ''}")
    print("(* a lone player could use it: the engine's gap)")


def main() -> None:
    if "--coverage" in sys.argv[1:]:
        from effects_applied import coverage as applied

        applied()
        return
    if "--reading" in sys.argv[1:]:
        coverage()
        return
    from deckbuilder.catalog.building import build_catalog
    from deckbuilder.catalog.importers import read_card_files
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.rules.engine import Game, Rules, apply, describe, legal_plays
    from deckbuilder.service import load_deck_file

    deck_path = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_DECK
    if not (DATA / "sets").is_dir():
        print(f"the real card pool is not at {DATA / 'sets'}; nothing to measure")
        return
    db = Path(tempfile.mkdtemp()) / "catalog.sqlite"
    build_catalog(db, read_card_files([DATA / "sets"]))
    with Catalog.open(db) as catalog:
        deck = load_deck_file(catalog, deck_path).deck
        others = [load_deck_file(catalog, p).deck for p in sorted((DATA / "decks").glob("*.deck"))]
        anyone = next(c for c in catalog.cards_named("Adventurous Dilettante"))

    start = time.perf_counter()
    game = Game(deck, rules=Rules(advanced=True, campaign=True))
    build_ms = (time.perf_counter() - start) * 1e3
    s = mid_game(game, seed=3)
    plays = legal_plays(s)
    legal_us = per_call_us(lambda: legal_plays(s))
    play = next((p for p in plays if p.card >= 0), plays[0])
    apply_us = per_call_us(lambda: apply(s, play))
    copy_us = per_call_us(s.copy)

    print(f"deck: {deck_path.name} ({game.size} cards, Investigator {game.investigator.title})")
    print(f"mid-game state: {s!r}")
    print(f"  {len(plays)} legal plays: " + "; ".join(describe(s, p) for p in plays))
    print(f"Game(deck) (read profiles once):   {build_ms:8.2f} ms")
    print(
        f"legal_plays(mid-game state):       {legal_us:8.2f} µs   goal {GOAL_LEGAL_US:.0f} µs, "
        f"ratio {legal_us / GOAL_LEGAL_US:.2f} of the goal"
    )
    print(f"apply(state, {describe(s, play)!r}): {apply_us:8.2f} µs   ({apply_us / legal_us:.2f}x legal_plays)")
    print(f"state.copy():                      {copy_us:8.2f} µs   ({copy_us / apply_us:.2f} of apply)")

    # Many mid-game states over every real deck: the typical and the worst.
    samples = []
    for d in others:
        g = Game(d, None if d.investigators else anyone, Rules(advanced=True, campaign=True))
        for seed in range(10):
            st = mid_game(g, seed)
            if not st.is_over:
                samples.append(per_call_us(lambda st=st: legal_plays(st), calls=300, repeats=3))
    samples.sort()
    print(
        f"legal_plays over {len(samples)} mid-game states of {len(others)} real decks: "
        f"median {statistics.median(samples):.2f} µs, 90th percentile {samples[int(0.9 * len(samples))]:.2f} µs, "
        f"max {samples[-1]:.2f} µs (median {statistics.median(samples) / GOAL_LEGAL_US:.2f} of the goal)"
    )

    # A whole game with random legal plays (what a goldfish run costs, before any policy).
    rng = random.Random(1)
    start = time.perf_counter()
    plays_made = 0
    games = 200
    for seed in range(games):
        st = game.new_state(seed)
        for _ in range(300):
            options = legal_plays(st)
            if not options:
                break
            st = apply(st, rng.choice(options))
            plays_made += 1
    seconds = time.perf_counter() - start
    print(
        f"random games: {games} games, {plays_made} plays in {seconds:.2f} s = "
        f"{seconds / plays_made * 1e6:.1f} µs per play (legal_plays + apply), {games / seconds:.0f} games/s"
    )


if __name__ == "__main__":
    main()
