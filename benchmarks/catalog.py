"""Catalog benchmarks: full import + errata, search latency, and `mythos --help` cold start.

Run from the repository root: ``python benchmarks/catalog.py [PATH-TO-GCCG-SETS]``.
Prints figures and ratios against the goals of the catalog issue; asserts nothing.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import best_of

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SETS = ROOT.parent / "shared" / "mythos-data" / "gccg" / "sets"

QUERIES = [
    "t:ally a:steadfast a:professor lang:latin",
    "t:location sr:arkham is:gate",
    'st:"great old one" or st:"outer god"',
    "pub:water -a:city dim:drm",
    "v>=3 t:monster",
    "o:bury t:event",
    "necronomicon",
    "(t:tome or t:spell) icon:eye",
    "is:unique set:ltd",
    "r:lovecraft t:ally al:corrupt",
]


def main() -> None:
    sets = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SETS
    from deckbuilder.catalog.building import build_catalog
    from deckbuilder.catalog.importers import read_card_files
    from deckbuilder.catalog.search import parse_query
    from deckbuilder.catalog.store import Catalog

    tmp = Path(tempfile.mkdtemp())
    db = tmp / "catalog.sqlite"
    if sets.is_dir():
        label = f"{sets}"

        def full_import() -> None:
            db.unlink(missing_ok=True)
            build_catalog(db, read_card_files([sets]))
    else:
        label = "bundled sample (real pool not found)"

        def full_import() -> None:
            db.unlink(missing_ok=True)
            build_catalog(db)

    seconds = best_of(3, full_import)
    print(f"full import + errata ({label}): {seconds * 1000:.0f} ms  (goal < 1000 ms: {seconds / 1.0:.2f}x of budget)")

    with Catalog.open(db) as catalog:
        trees = [parse_query(q) for q in QUERIES]
        catalog.search(trees[0])  # warm the page cache and the fuzzy matcher import
        latencies = []
        for _ in range(20):
            for tree in trees:
                start = time.perf_counter()
                catalog.search(tree)
                latencies.append(time.perf_counter() - start)
        p50 = statistics.median(latencies)
        p95 = statistics.quantiles(latencies, n=20)[-1]
        cards = catalog.counts()["total"]
    print(
        f"search latency over {cards} cards, {len(latencies)} queries: p50 {p50 * 1000:.2f} ms, "
        f"p95 {p95 * 1000:.2f} ms  (goal p50 < 5 ms: {p50 / 0.005:.2f}x of budget)"
    )

    def run(args: list[str]) -> float:
        return best_of(15, lambda: subprocess.run(args, capture_output=True, check=True))

    bare = run([sys.executable, "-c", "pass"])
    # The installed console script, as a user runs it (python -m adds runpy's own cost).
    script = Path(sys.executable).parent / "mythos"
    help_ = run([str(script), "--help"] if script.is_file() else [sys.executable, "-m", "deckbuilder", "--help"])
    print(
        f"cold start: python -c pass {bare * 1000:.0f} ms, mythos --help {help_ * 1000:.0f} ms, "
        f"ratio {help_ / bare:.1f}x  (goal < 8x)"
    )


if __name__ == "__main__":
    main()
