"""``mythos catalog import`` end to end, start-up included (issue 28's goal: under 0.4 s).

The issue's "0.73 s, 0.30 s of it importing sqlmodel" is the figure ``benchmarks/speed.py``
prints under its in-process import row ("the command end to end, start-up included"): the
best of three wall times of ``mythos catalog import`` of the GCCG sets by the installed
mythos, the first into a new catalog. The figures here are another statistic of the same
command: medians of CPU seconds over more runs, which are higher (the GCCG import at rest,
sqlmodel gone: 1.12 s median, 0.91 s the fastest run, before the rest of issue 28's work).
Where it stands (CHANGELOG, issue 28): 793 ms end to end at rest with the compiled core
(``benchmarks/speed.py``) before the start-up work (the deck lists and the command tree
imported at first use, the build lock without filelock's import), which this benchmark
measured at 0.88-0.90 of main's CPU for the GCCG import and 0.81-0.83 for the sample (pure
core, a busy machine), some 50 ms at rest: about 740 ms, the goal not met. The third work (the
name tables without the resolver, the XML's first pass only for entity declarations, the old
catalog's replaced cards not read, the rows as tuples): 0.90 of main's CPU for the GCCG import,
an estimated 680-710 ms at rest, the goal still not met. The fourth (a plain command line run
without typer, the garbage collector paused, a card's data and copies made without
dataclasses' generic functions): 0.82-0.89 of main's CPU for the GCCG import (pure), 0.82
compiled, turn about in one install; an estimated 540 ms at rest, the goal still not met.

Run from the repository root: ``python benchmarks/catalog_import.py [--runs N] [--vs CHECKOUT]
[GCCG-SETS]``. Each command runs as a user runs it, a whole new process, with this checkout's
source (``PYTHONPATH`` set to it, so the pure core), after one run not counted:

- the GCCG set XML (``../shared/mythos-data/gccg/sets``): ``mythos catalog import SETS``
  into a catalog the run before built, as importing the same files again is;
- the bundled sample catalog (``catalog/sample/``), built on first use: ``mythos catalog
  info`` with no catalog yet (each run starts without one).

Python's compiled bytecode of the checkouts is kept between runs as an installed mythos keeps
it (pip writes it at install): in a folder of its own per checkout (``PYTHONPYCACHEPREFIX``), so
nothing is written into the checkouts, even where ``PYTHONDONTWRITEBYTECODE`` is set, as it is
on the development machine; the run not counted writes it. ``--no-bytecode`` compiles every
module in every run instead, as a process does under ``PYTHONDONTWRITEBYTECODE`` (issue 28:
about a tenth more for the GCCG import).

Prints each figure's minimum, median and maximum: CPU seconds (user + system, the
operating system's accounting of the finished process) and wall seconds. With ``--vs`` and
another checkout of mythos (``git worktree add ../before main``), that checkout's source runs
the same commands in turn with this one's, A B A B ..., and the ratio this/other is taken
pair by pair: on a shared, busy machine the absolute times drift with the load, the ratios
of runs taken side by side much less, so quote the ratios' medians. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from timing import MYTHOS_DATA, ROOT

SETS = MYTHOS_DATA / "gccg" / "sets"


def run_once(checkout: Path, args: list[str], cwd: Path, bytecode: Path | None = None) -> tuple[float, float]:
    """Runs ``python -m deckbuilder ARGS`` with a checkout's source, its compiled bytecode kept
    in ``bytecode`` (None: compiled again in each run, as the environment says); gets its CPU
    and wall seconds."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(checkout)
    if bytecode is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(bytecode)
    before = os.times()
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "deckbuilder", *args], capture_output=True, text=True, env=env, cwd=cwd
    )
    wall = time.perf_counter() - start
    after = os.times()
    if done.returncode != 0:
        raise SystemExit(f"mythos {' '.join(args)} ({checkout}) failed: {done.stderr.strip()}")
    # Windows reports no CPU time of finished children (os.times): there only wall counts.
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return cpu, wall


def spread(values: list[float], unit: str = "s") -> str:
    """Gets min / median / max of figures."""
    low, mid, high = min(values), statistics.median(values), max(values)
    if unit == "x":
        return f"{low:6.3f}  {mid:6.3f}  {high:6.3f}"
    return f"{low:6.3f}  {mid:6.3f}  {high:6.3f} {unit}"


def measure(
    label: str, prepare: Callable[[Path], list[str]], checkouts: list[Path], runs: int, bytecode: bool = True
) -> None:
    """Times one command for each checkout, in turn, and prints the figures (and ratios)."""
    work = {c: Path(tempfile.mkdtemp(prefix="mythos-bench-")) for c in checkouts}
    try:
        figures: dict[Path, list[tuple[float, float]]] = {c: [] for c in checkouts}
        for run in range(runs + 1):  # the first run of each is not counted (caches, files)
            for checkout in checkouts:
                cache = work[checkout] / "bytecode" if bytecode else None
                measured = run_once(checkout, prepare(work[checkout]), work[checkout], cache)
                if run:
                    figures[checkout].append(measured)
        print(f"{label} ({runs} runs each; min  median  max)")
        for checkout in checkouts:
            cpu = [c for c, _w in figures[checkout]]
            wall = [w for _c, w in figures[checkout]]
            print(f"  {str(checkout):<40} cpu {spread(cpu)}   wall {spread(wall)}")
        if len(checkouts) == 2:
            this, other = checkouts
            for i, name in ((0, "cpu"), (1, "wall")):
                ratios = [a[i] / b[i] for a, b in zip(figures[this], figures[other])]
                print(f"  this / {other.name}, pair by pair, {name}: {spread(ratios, 'x')}")
    finally:
        for folder in work.values():
            shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sets", nargs="?", type=Path, default=SETS, help="a folder of GCCG set XML")
    parser.add_argument("--runs", type=int, default=7, help="counted runs of each command (default 7)")
    parser.add_argument("--vs", type=Path, help="another checkout of mythos, run in turn with this one")
    parser.add_argument(
        "--no-bytecode", action="store_true", help="compile every module in every run (no bytecode kept)"
    )
    args = parser.parse_args()
    checkouts = [ROOT] + ([args.vs.resolve()] if args.vs else [])
    load = f", load average {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""
    kept = "compiled again in every run" if args.no_bytecode else "its bytecode kept between runs"
    print(f"{os.cpu_count()} cores{load}; the checkouts' own source (pure core), {kept}")
    bytecode = not args.no_bytecode

    if args.sets.is_dir():
        sets = args.sets.resolve()
        measure(
            f"mythos catalog import {sets.name}/ (GCCG set XML, into the catalog it built before)",
            lambda work: ["catalog", "import", str(sets), "--db", str(work / "catalog.sqlite")],
            checkouts,
            args.runs,
            bytecode,
        )
    else:
        print(f"the GCCG set files are absent ({args.sets}): only the sample catalog is measured")

    def fresh(work: Path) -> list[str]:
        (work / "sample.sqlite").unlink(missing_ok=True)
        return ["-q", "catalog", "info", "--db", str(work / "sample.sqlite")]

    measure(
        "the bundled sample catalog built on first use (mythos catalog info, no catalog yet)",
        fresh,
        checkouts,
        args.runs,
        bytecode,
    )


if __name__ == "__main__":
    main()
