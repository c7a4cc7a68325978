"""Runs every check the project holds itself to: the linter, the formatter's check, the type
checker and the tests, then says which passed.

    python tools/check.py                  # everything (after: pip install -e ".[dev]")
    python tools/check.py --no-tests       # ruff and mypy only: seconds, not minutes
    python tools/check.py --no-format      # skip `ruff format --check`
    python tools/check.py -- -x tests/test_sheet.py   # the words after -- go to pytest

The steps, in order: ``ruff check``, ``ruff format --check``, ``mypy --strict
deckbuilder/rules`` (the rules core, compiled with mypyc, is held to --strict), ``mypy
deckbuilder`` (the whole package, the project's own settings), then ``pytest``. Every step
runs even when one before it failed, so one run reports every finding; the exit code is 0
when all passed, 1 when any failed, 2 when a tool is missing (the dev extras install them).

A plain script run by the Python the project is installed in, rather than a nox, just or make
target: those are tools of their own to install (nox and just) or absent from Windows (make),
and the tools the checks need (ruff, mypy, pytest) come with ``pip install ".[dev]"``.

The tests run as ``python -P -m pytest``: -P keeps the current folder off ``sys.path``, so
they exercise the installed ``deckbuilder`` (the checkout with an editable install; the
wheel's copy, compiled core and carried data, after ``pip install .`` as CI does).
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Step:
    """One check: its name, the module run with ``python -m``, and that module's arguments."""

    name: str
    module: str
    args: tuple[str, ...]
    #: Python options placed before ``-m`` (``-P`` for the tests).
    python: tuple[str, ...] = ()

    def command(self) -> list[str]:
        return [sys.executable, *self.python, "-m", self.module, *self.args]


def steps(*, format_check: bool, tests: bool, pytest_args: list[str]) -> list[Step]:
    """Gets the checks to run, in order."""
    chosen = [Step("ruff check", "ruff", ("check", "."))]
    if format_check:
        # One line per file to format (`ruff format --diff FILE` shows the change).
        chosen.append(Step("ruff format --check", "ruff", ("format", "--check", "--output-format", "concise", ".")))
    chosen += [
        # A cache of its own: the two runs' options differ, and in one cache each would
        # throw away what the other kept (a warm run takes seconds, not a minute).
        Step(
            "mypy --strict deckbuilder/rules",
            "mypy",
            ("--strict", "--cache-dir", ".mypy_cache/strict", "deckbuilder/rules"),
        ),
        Step("mypy deckbuilder", "mypy", ("deckbuilder",)),
    ]
    if tests:
        chosen.append(Step("pytest", "pytest", tuple(pytest_args), python=("-P",)))
    return chosen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Runs ruff, the formatter's check, mypy and pytest; words after -- go to pytest."
    )
    parser.add_argument("--no-format", action="store_true", help="skip `ruff format --check`")
    parser.add_argument("--no-tests", action="store_true", help="run ruff and mypy only")
    parser.add_argument("pytest_args", nargs="*", metavar="-- PYTEST_ARGS", help="arguments for pytest")
    args = parser.parse_args(argv)
    if args.no_tests and args.pytest_args:
        parser.error("--no-tests runs no pytest; drop it or the pytest arguments after --")
    chosen = steps(format_check=not args.no_format, tests=not args.no_tests, pytest_args=args.pytest_args)

    missing = sorted({s.module for s in chosen if importlib.util.find_spec(s.module) is None})
    if missing:
        print(
            f"error: {', '.join(missing)} not installed for {sys.executable}; "
            'install the dev extras: pip install -e ".[dev]"',
            file=sys.stderr,
        )
        return 2

    results: list[tuple[Step, int, float]] = []
    for step in chosen:
        print(f"==> {step.name}", flush=True)
        started = time.monotonic()
        code = subprocess.run(step.command(), cwd=ROOT, check=False).returncode
        results.append((step, code, time.monotonic() - started))

    print("\n==> summary")
    for step, code, seconds in results:
        print(f"{'ok' if code == 0 else 'FAILED':>6}  {step.name}  ({seconds:.1f} s)")
    if args.no_format:
        print("  skip  ruff format --check  (--no-format)")
    return 0 if all(code == 0 for _step, code, _s in results) else 1


if __name__ == "__main__":
    sys.exit(main())
