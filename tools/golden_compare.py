"""Compares what two commits of ``mythos`` print over the real decks, case by case.

Each commit is exported (``git archive``) and installed, non-editable as CI does, into its
own virtual environment; each then runs :mod:`golden_cases` (the same copy of it, taken
from this checkout) with the same catalog folder, so paths in the answers agree. The
answers are compared byte for byte (standard output, standard error, exit code); build
times and clock readings are the only things blanked out. Nothing is written into the
repository: the answers hold the real pool's card data.

    python tools/golden_compare.py --before main --after HEAD
    python tools/golden_compare.py --before main --after HEAD --keep /tmp/golden   # keep answers

With ``--keep`` each commit's venv and answers are kept under its commit id and reused by a
later comparison with the same folder and ``--games``, so a chain of comparisons (A..B, B..C)
installs and runs each commit once. The installs inherit the environment: ``MYTHOS_PURE=1``
builds the pure core (nothing compiled; outputs are the same, the compiled-core tests hold
that), which saves the compile's minutes of CPU per commit.

Exit 0 when every case matches, 1 when any differs (each difference is shown as a diff).
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = Path(__file__).resolve().parent / "golden_cases.py"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="main", help="the commit before the change (default: main)")
    parser.add_argument("--after", default="HEAD", help="the commit after it (default: HEAD)")
    parser.add_argument(
        "--data",
        type=Path,
        default=ROOT.parent / "shared" / "mythos-data",
        help="the real card data (default: ../shared/mythos-data)",
    )
    parser.add_argument("--games", type=int, default=200, help="goldfish games per deck (default 200)")
    parser.add_argument("--keep", type=Path, help="keep the venvs and answers in this folder")
    args = parser.parse_args()
    if not (args.data / "gccg" / "sets").is_dir():
        print(f"no card data at {args.data}; give --data PATH", file=sys.stderr)
        return 2

    folder = args.keep or Path(tempfile.mkdtemp(prefix="mythos-golden-"))
    folder.mkdir(parents=True, exist_ok=True)
    answers = {}
    for label, rev in (("before", args.before), ("after", args.after)):
        commit = _git("rev-parse", "--verify", f"{rev}^{{commit}}").strip()
        out = folder / f"answers-{commit[:12]}-{args.games}.json"
        if out.is_file():  # kept from an earlier comparison (--keep)
            print(f"{label}: {rev} = {commit[:12]}: answers kept from an earlier run", file=sys.stderr)
            answers[label] = json.loads(out.read_text(encoding="utf-8"))
            continue
        python = _install(folder / commit[:12], commit)
        started = time.perf_counter()
        subprocess.run(
            [
                str(python),
                str(CASES),
                "--data",
                str(args.data),
                "--work",
                str(folder / "work"),
                "--example",
                str(folder / commit[:12] / "src" / "catalog" / "sample" / "example-deck.txt"),
                "--out",
                str(out),
                "--games",
                str(args.games),
            ],
            check=True,
            cwd=folder,  # not the checkout: the installed package must answer
            env={**os.environ, "MYTHOS_DB": str(folder / "work" / "stray.sqlite")},
        )
        print(f"{label}: {rev} = {commit[:12]}: {time.perf_counter() - started:.0f} s", file=sys.stderr)
        answers[label] = json.loads(out.read_text(encoding="utf-8"))

    before, after = answers["before"], answers["after"]
    before.pop("_seconds", None)
    after.pop("_seconds", None)
    differ = 0
    for case in sorted(set(before) | set(after)):
        a, b = before.get(case), after.get(case)
        if a == b:
            continue
        differ += 1
        print(f"--- {case}")
        if a is None or b is None:
            print("  only " + ("after" if a is None else "before"))
            continue
        for part in ("exit", "stdout", "stderr"):
            if a[part] != b[part]:
                print(f"  {part}:")
                lines = difflib.unified_diff(
                    str(a[part]).splitlines(), str(b[part]).splitlines(), "before", "after", lineterm="", n=1
                )
                print("\n".join(f"    {line}" for line in list(lines)[:40]))
    same = len(set(before) & set(after)) - sum(1 for c in set(before) & set(after) if before[c] != after[c])
    print(f"{len(before)} cases before, {len(after)} after: {same} identical, {differ} differ")
    if not args.keep:
        import shutil

        shutil.rmtree(folder, ignore_errors=True)
    return 1 if differ else 0


def _git(*argv: str) -> str:
    return subprocess.run(["git", *argv], cwd=ROOT, check=True, capture_output=True, text=True).stdout


def _install(folder: Path, commit: str) -> Path:
    """Exports a commit and installs it (non-editable) into a new venv; gets its python."""
    src = folder / "src"
    python = folder / "venv" / "bin" / "python"
    stamp = folder / "commit"
    if stamp.is_file() and stamp.read_text() == commit and python.is_file():
        return python  # kept from an earlier run (--keep)
    if folder.exists():
        import shutil

        shutil.rmtree(folder)
    src.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", "--format=tar", commit], cwd=ROOT, check=True, capture_output=True)
    tar = folder / "src.tar"
    tar.write_bytes(archive.stdout)
    with tarfile.open(tar) as t:
        t.extractall(src, filter="data")
    tar.unlink()
    subprocess.run([sys.executable, "-m", "venv", str(folder / "venv")], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(src)], check=True)
    stamp.write_text(commit)
    return python


if __name__ == "__main__":
    sys.exit(main())
