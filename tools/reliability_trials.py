"""Tries the catalog as a careless user would, many times over, and prints what was lost.

Three kinds of trial, each with real ``mythos`` processes on invented set files (3,000 Allies
each, written to a temporary folder; no third-party data):

- two imports of different sets at once into one catalog: both sets must be there after;
- an import killed (``kill -9``) at a random moment: the catalog must open whole, as it was
  or as the import made it, and the next import must leave no ``.building`` file behind;
- searches while an import runs: each must see a whole catalog (one set's count or both).

    python tools/reliability_trials.py            # 10 trials of each
    python tools/reliability_trials.py 25

Prints the trials, the failures and the seconds; exits 1 on any failure. Not a test: it
takes a minute or more.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CARDS = 3000


def set_file(folder: Path, name: str, cards: int = CARDS) -> Path:
    body = "".join(f'<card name="{name} Card {i}" text="An invented card."><attr key="type" value="Ally"/>'
                   f'<attr key="set" value="{name}"/></card>' for i in range(cards))
    path = folder / f"{name.lower()}.xml"
    path.write_text(f'<?xml version="1.0" encoding="UTF-8"?><ccg-setinfo name="{name}" game="Mythos">'
                    f"<cards>{body}</cards></ccg-setinfo>", encoding="utf-8")
    return path


def mythos(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "deckbuilder", *args],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def counts(db: Path) -> dict[str, int]:
    """Gets the cards by set of a catalog (raises if it is not a whole, readable catalog)."""
    from deckbuilder.catalog.store import Catalog

    with Catalog.open(db) as catalog:
        return dict(catalog.counts()["by_set"])


def concurrent_imports(folder: Path, trials: int) -> int:
    a, b = set_file(folder, "Alpha"), set_file(folder, "Beta")
    failures = 0
    for trial in range(trials):
        db = folder / f"concurrent-{trial}.sqlite"
        procs = [mythos("catalog", "import", str(f), "--db", str(db)) for f in (a, b)]
        codes = [p.wait() for p in procs]
        sets = counts(db) if db.exists() else {}
        if codes != [0, 0] or sets.get("ALPHA") != CARDS or sets.get("BETA") != CARDS:
            failures += 1
            print(f"  concurrent trial {trial}: exit codes {codes}, sets {sets}")
    return failures


def killed_imports(folder: Path, trials: int, rng: random.Random) -> tuple[int, int]:
    a, b, c = set_file(folder, "Alpha"), set_file(folder, "Beta"), set_file(folder, "Gamma", 10)
    failures = mid_build = 0
    for trial in range(trials):
        db = folder / f"killed-{trial}.sqlite"
        assert mythos("catalog", "import", str(a), "--db", str(db)).wait() == 0
        proc = mythos("catalog", "import", str(b), "--db", str(db))
        time.sleep(rng.uniform(0.3, 3.0))
        proc.kill()
        proc.wait()
        mid_build += bool(list(folder.glob(f".{db.name}.*.building*")))
        try:
            sets = counts(db)
            whole = sets in ({"ALPHA": CARDS}, {"ALPHA": CARDS, "BETA": CARDS})
        except Exception as exc:  # a catalog that does not open is a corruption
            sets, whole = {"error": str(exc)}, False  # type: ignore[dict-item]
        cleaned = mythos("catalog", "import", str(c), "--db", str(db)).wait() == 0
        left = sorted(p.name for p in folder.glob(f".{db.name}.*"))
        if not whole or not cleaned or left:
            failures += 1
            print(f"  killed trial {trial}: sets {sets}, next import ok {cleaned}, left {left}")
    return failures, mid_build


def searches_during_imports(folder: Path, trials: int) -> tuple[int, int]:
    a, b = set_file(folder, "Alpha"), set_file(folder, "Beta")
    failures = reads = 0
    for trial in range(trials):
        db = folder / f"reads-{trial}.sqlite"
        assert mythos("catalog", "import", str(a), "--db", str(db)).wait() == 0
        proc = mythos("catalog", "import", str(b), "--db", str(db))
        while proc.poll() is None:
            reads += 1
            total = sum(counts(db).values())
            if total not in (CARDS, 2 * CARDS):
                failures += 1
                print(f"  read during trial {trial}: {total} cards")
    return failures, reads


def main(argv: list[str]) -> int:
    trials = int(argv[0]) if argv else 10
    rng = random.Random(13)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mythos-trials-") as tmp:
        folder = Path(tmp)
        lost = concurrent_imports(folder, trials)
        print(f"two imports at once: {trials} trials, {lost} with a set lost")
        broken, mid_build = killed_imports(folder, trials, rng)
        print(f"kill -9 mid-import: {trials} trials ({mid_build} killed mid-build, leaving a .building file), "
              f"{broken} with the catalog not whole or leftovers after the next import")
        partial, reads = searches_during_imports(folder, trials)
        print(f"searches during an import: {reads} reads in {trials} imports, {partial} saw a partial catalog")
    failures = lost + broken + partial
    print(f"{3 * trials} trials and {reads} reads in {time.perf_counter() - started:.0f} s: {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
