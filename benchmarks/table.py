"""Table benchmark: how long a move takes to answer for a two-player game (goal: under 50 ms),
through the whole JSON API (``POST /api/game/ID/move``, the computer's moves after it, the
state, the legal moves and the reasons a card cannot be played), and an undo.

Run from the repository root: ``python benchmarks/table.py [--games N] [--ai greedy|lookahead]``
(default: 10 games of the Standard Game's Corrupt starter deck against its Steadfast one with
the greedy computer, the decks of ../shared/mythos-data, each played to its end by random legal
moves; the median, 95th percentile and slowest move are printed).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "mythos-data" / "gccg"
GOAL_MS = 50.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--ai", default="greedy")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from starlette.testclient import TestClient

    from deckbuilder.catalog.building import build_catalog
    from deckbuilder.catalog.importers import read_card_files
    from deckbuilder.rules import compiled_core
    from deckbuilder.web.app import Settings, create_app

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "catalog.sqlite"
        build_catalog(db, read_card_files([SHARED / "sets"]))
        client = TestClient(create_app(Settings(db=db, decks=Path(tmp) / "decks")), base_url="http://127.0.0.1:8000")
        mine = (SHARED / "decks" / "standard-corrupt.deck").read_text()
        theirs = (SHARED / "decks" / "standard-steadfast.deck").read_text()
        moves: list[float] = []
        undos: list[float] = []
        deals: list[float] = []
        rng = random.Random(0)
        for seed in range(args.games):
            start = time.perf_counter()
            game = client.post(
                "/api/game", json={"deck": mine, "seed": seed, "opponents": [{"deck": theirs, "ai": args.ai}]}
            ).json()
            deals.append(time.perf_counter() - start)
            while game["legal"]:
                pick = rng.choice(game["legal"])["id"]
                start = time.perf_counter()
                answer = client.post(f"/api/game/{game['id']}/move", json={"move": pick})
                moves.append(time.perf_counter() - start)
                assert answer.status_code == 200, answer.text
                game = answer.json()
                if rng.random() < 0.1:
                    start = time.perf_counter()
                    client.post(f"/api/game/{game['id']}/undo")
                    undos.append(time.perf_counter() - start)
                    game = client.post(f"/api/game/{game['id']}/redo").json()
    ms = sorted(1000 * t for t in moves)
    p95 = ms[int(0.95 * (len(ms) - 1))]
    print(f"rules core: {'compiled' if compiled_core() else 'pure Python'}; computer: {args.ai}")
    print(
        f"{len(ms)} moves in {args.games} two-player games: median {statistics.median(ms):.1f} ms, "
        f"95th percentile {p95:.1f} ms, slowest {ms[-1]:.1f} ms (goal: under {GOAL_MS:.0f} ms)"
    )
    print(
        f"undo: median {statistics.median(undos) * 1000:.1f} ms over {len(undos)}; "
        f"a deal: median {statistics.median(deals) * 1000:.0f} ms (the decks read for play)"
    )
    print("goal met" if p95 < GOAL_MS else "goal NOT met")


if __name__ == "__main__":
    main()
