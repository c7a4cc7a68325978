"""The engine alone: goldfish games per CPU second of the two Standard Game decks, in process.

``python benchmarks/games.py [GAMES]`` from the repository root plays GAMES games (default
3,000) of each Standard deck through ``GameBatch.play``, as ``mythos deck goldfish --jobs 1``
does once the deck is read, and prints games per CPU second (the process's own time, which a
machine shared with other work disturbs far less than the wall clock) and a digest of every
game's record. ``--vs PYTHON`` runs the same, turn about, under another interpreter (another
install, say the compiled core of the commit before) and prints each pair's ratio: the way to
compare two versions on a busy machine. The digests must match: the same seed plays the same
games (issue 17). Nothing is asserted.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import MYTHOS_DATA

SETS = MYTHOS_DATA / "gccg" / "sets"
DECKS = MYTHOS_DATA / "gccg" / "decks"
STANDARD = ("standard-corrupt.deck", "standard-steadfast.deck")


def play(games: int, db: Path) -> str:
    """Plays the games here; gets "RATE DIGEST CORE" (games per CPU second)."""
    from deckbuilder import service
    from deckbuilder.catalog.importers.effects import load_effect_overrides
    from deckbuilder.catalog.recipebook import deck_recipes
    from deckbuilder.rules import compiled_core
    from deckbuilder.rules.goldfish import GameBatch, game_seeds, needed_titles, record_values

    catalog, _notes = service.open_catalog(db)
    played, seconds, digest = 0, 0.0, hashlib.sha256()
    for name in STANDARD:
        deck = service.load_deck_file(catalog, DECKS / name).deck
        recipes = deck_recipes(catalog, deck)
        batch = GameBatch(
            deck, recipes=recipes, needed=frozenset(needed_titles(deck, recipes)), effects=load_effect_overrides()
        )
        batch.game()
        seeds = game_seeds(1, games)
        start = time.process_time()
        records = batch.play(seeds)
        seconds += time.process_time() - start
        played += games
        for r in records:
            v = record_values(r)  # sets sorted: their order is the process's string hashing
            digest.update(repr((v[:6], sorted(v[6]), sorted(v[7].items()), sorted(v[8]))).encode())
    core = "compiled" if compiled_core() else "pure"
    return f"{played / seconds:.0f} {digest.hexdigest()[:16]} {core}"


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--play"]:  # one side of a --vs comparison, in its own interpreter
        print(play(int(args[1]), Path(args[2])))
        return
    other = None
    if "--vs" in args:
        at = args.index("--vs")
        other, args = args[at + 1], args[:at] + args[at + 2 :]
    games = int(args[0]) if args else 3000
    if not SETS.is_dir() or not all((DECKS / d).is_file() for d in STANDARD):
        print(f"the real cards and decks are absent ({MYTHOS_DATA}): nothing to measure")
        return
    from deckbuilder.catalog.building import build_catalog
    from deckbuilder.catalog.importers import read_card_files

    db = Path(tempfile.mkdtemp()) / "catalog.sqlite"
    build_catalog(db, read_card_files([SETS]))
    pythons = [sys.executable] + ([other] if other else [])
    ratios = []
    for turn in range(3 if other else 1):
        rates = []
        for python in pythons:
            done = subprocess.run(
                [python, __file__, "--play", str(games), str(db)],
                capture_output=True,
                text=True,
                cwd=tempfile.gettempdir(),
            )
            if done.returncode:
                raise SystemExit(f"{python} failed: {done.stderr.strip()}")
            rate, digest, core = done.stdout.split()
            rates.append(float(rate))
            print(
                f"turn {turn + 1}: {python}: {float(rate):,.0f} games per CPU second ({core} core), records {digest}",
                flush=True,
            )
        if other:
            ratios.append(rates[0] / rates[1])
    if ratios:
        print(f"ratio, this one to the other: {', '.join(f'{r:.2f}' for r in ratios)}")


if __name__ == "__main__":
    main()
