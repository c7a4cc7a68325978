"""Runs every benchmark script of this folder and prints its figures.

``python benchmarks/run.py`` from the repository root: first the speed table of issue 17
(``speed.py``: every row with its ratio to the goal, the compiled and the pure core), then
each area's own script; ``--table`` prints the table alone. Each script prints times and
ratios against the goal its issue set; nothing is asserted (tests never time anything).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPTS = (
    "speed.py",
    "catalog.py",
    "catalog_import.py",
    "decks.py",
    "adventures.py",
    "engine.py",
    "games.py",
    "goldfish.py",
    "web.py",
)


def main() -> int:
    failed = 0
    for name in SCRIPTS[:1] if sys.argv[1:] == ["--table"] else SCRIPTS:
        print(f"== {name}", flush=True)
        result = subprocess.run([sys.executable, str(HERE / name)], cwd=HERE.parent)
        failed += result.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
