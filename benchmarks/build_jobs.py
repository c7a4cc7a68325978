"""Build-on-every-core benchmark (issue 16): a deck build's time with its games in one process
and split across the machine's cores by the pool kept for the build (service/buildgames.py),
for the same goals, seeds and games budget, printed side by side with the ratio, and a check
that both built the same deck with the same report.

Run from the repository root: ``python benchmarks/build_jobs.py [--budget N] [--seeds N]``
(default: 6,000 games, seeds 1-2, two goals on the GCCG transcription). The budget, not a
time cap, ends each build, so both runs do the same work. Run it with the compiled core
(``pip install .``, not editable: ``mythos --version`` says which core runs); a busy machine
slows the two-process runs most, so compare on a machine at rest.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "mythos-data" / "gccg"

#: (Investigator, Adventures, way to play): an Adventure of each kind the benchmark decks play.
GOALS = (("Bored Housewife", ("The Auction",), "advanced"), ("Bored Housewife", ("Arkham Horror",), "basic"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=6000, help="games the search may play")
    parser.add_argument("--seeds", type=int, default=2, help="seeds per goal (1, 2, ...)")
    args = parser.parse_args()
    if not (SHARED / "sets").is_dir():
        print(f"no card data at {SHARED}", file=sys.stderr)
        return 2
    from deckbuilder import service
    from deckbuilder.catalog.building import build_catalog
    from deckbuilder.catalog.importers import read_card_files
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.rules import compiled_core

    path = Path(tempfile.mkdtemp(prefix="mythos-bench-")) / "gccg.sqlite"
    build_catalog(path, read_card_files([SHARED / "sets"]))
    catalog = Catalog.open(path)
    cores = os.cpu_count() or 1
    print(
        f"core: {'compiled' if compiled_core() else 'pure Python'}; {cores} cores; budget {args.budget} games; "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    print(f"{'goal':<46} {'seed':>4} {'games':>6} {'1 process':>10} {f'{cores} processes':>12} {'ratio':>6}  same")
    totals = [0.0, 0.0]
    for who, adventures, fmt in GOALS:
        for seed in range(1, args.seeds + 1):
            times, answers = [], []
            for jobs in (1, cores):
                started = time.perf_counter()
                build = service.build_deck(
                    catalog,
                    investigator=who,
                    adventures=adventures,
                    format_name=fmt,
                    seed=seed,
                    budget=args.budget,
                    time_limit=3600.0,
                    jobs=jobs,
                )
                times.append(time.perf_counter() - started)
                answer = build.to_json()
                answer.pop("seconds")
                answers.append(answer)
            totals[0] += times[0]
            totals[1] += times[1]
            goal = f"{who}: {', '.join(adventures)} ({fmt})"
            print(
                f"{goal:<46} {seed:>4} {answers[0]['games']:>6} {times[0]:>9.1f}s {times[1]:>11.1f}s "
                f"{times[0] / times[1]:>6.2f}  {'yes' if answers[0] == answers[1] else 'NO'}"
            )
    print(f"{'all':<46} {'':>4} {'':>6} {totals[0]:>9.1f}s {totals[1]:>11.1f}s {totals[0] / totals[1]:>6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
