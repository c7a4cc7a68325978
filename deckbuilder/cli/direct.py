"""``mythos catalog import`` run without typer when its command line is plain (issue 28).

typer, its click and the command tree were about a sixth of the import's CPU (125 ms of 780,
pure source), before any card was read. :func:`deckbuilder.cli.main` hands the command line
to :func:`run` first; a plain ``catalog import`` (below) is parsed here and run by
:func:`catalog_import`, the very function the typer command calls, with the printing of
:mod:`deckbuilder.cli.output`. Any
other command line goes to typer, which answers it as it always has: ``--help``, a missing
path, an unknown or repeated option, ``--``, a shell's completion.

Plain means: ``mythos [-q|--quiet] catalog import`` then paths and the options ``--db FILE``
(or ``--db=FILE``), ``--json`` and ``--no-wait``, each at most once, in any order; at least
one path; no word empty, starting with ``-`` where a path or file is meant, or holding a
character that is not printable (a file name's byte that is not UTF-8). Standard output and
error must be streams with a real encoding (click rewraps an ASCII one), and on Windows not
a console (click's colours go through colorama there): what :func:`plain_streams` checks.
Then the output and the exit code are typer's, byte for byte (``tests/test_cli.py`` runs
both paths on good and bad input).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from deckbuilder.cli.output import progress_bar, reported, set_quiet, show, warn


class ImportLine(NamedTuple):
    """A plain ``catalog import`` command line, parsed."""

    quiet: bool
    paths: list[Path]
    db: Path | None
    as_json: bool
    no_wait: bool


def parse_import(args: Sequence[str]) -> ImportLine | None:
    """Gets a plain ``catalog import`` command line (the words after the program's name)
    parsed, or None for any other: typer's to answer."""
    words = list(args)
    quiet = False
    if words[:1] in (["-q"], ["--quiet"]):
        quiet = True
        words = words[1:]
    if words[:2] != ["catalog", "import"]:
        return None
    paths: list[Path] = []
    db: Path | None = None
    seen: set[str] = set()
    rest = iter(words[2:])
    for word in rest:
        if not word or not word.isprintable():
            return None
        if not word.startswith("-"):
            paths.append(Path(word))
            continue
        option, equals, value = word.partition("=")
        if option in seen or (equals and option != "--db"):
            return None
        seen.add(option)
        if option == "--db":
            if not equals:
                value = next(rest, "")
            if not value or value.startswith("-") or not value.isprintable():
                return None
            db = Path(value)
        elif option not in ("--json", "--no-wait"):
            return None
    if not paths:
        return None
    return ImportLine(quiet, paths, db, "--json" in seen, "--no-wait" in seen)


def plain_streams() -> bool:
    """Tells whether standard output and error take a line as click's ``echo`` would write
    it: each a stream with an encoding that is not ASCII, and on Windows not a console."""
    import codecs

    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None)
        if stream is None or not encoding:
            return False
        try:
            if codecs.lookup(encoding).name == "ascii":
                return False
        except LookupError:
            return False
        if sys.platform == "win32":
            try:
                if stream.isatty():
                    return False
            except (AttributeError, ValueError):
                return False
    return True


def run(args: Sequence[str]) -> int | None:
    """Runs a plain ``catalog import`` without typer and gets its exit code; None (nothing
    run) for any other command line."""
    line = parse_import(args)
    if line is None or not plain_streams():
        return None
    set_quiet(line.quiet)
    try:
        catalog_import(line.paths, line.db, line.as_json, line.no_wait)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 1
    except Exception as exc:
        # typer's Exit, where the progress bar on a terminal loaded typer before the end.
        typer = sys.modules.get("typer")
        if typer is None or not isinstance(exc, typer.Exit):
            raise
        return int(exc.exit_code)
    return 0


def waiting() -> None:
    """Says on standard error that this import waits for another one."""
    warn("another import is building this catalog; waiting...")


def catalog_import(paths: list[Path], db: Path | None, as_json: bool, no_wait: bool) -> None:
    """Imports card data files into the catalog and prints what was built: ``mythos catalog
    import``'s work, for typer's command and the plain path alike.

    Python's cyclic garbage collector is paused meanwhile (issue 28): an import makes a
    great many objects that hold no cycles (cards, rows, the files' elements), and the
    collector walked them 137 times, about 8% of the command's time; with it paused the
    import of the GCCG and LackeyCCG sets peaks at the same memory (52 MB against 51) and
    leaves a few hundred objects in cycles, freed as the process ends."""
    import gc

    collecting = gc.isenabled()
    gc.disable()
    try:
        with reported(as_json):
            from deckbuilder import service

            with progress_bar("Reading card files", sys.stderr.isatty() and not as_json) as tick:
                build = service.import_card_files(db, paths, progress=tick, wait=not no_wait, on_wait=waiting)
            show_build(build, as_json)
    finally:
        if collecting:
            gc.enable()


def build_lines(build: Any) -> list[str]:
    """Gets what ``catalog import`` and ``catalog fetch`` print once the catalog is built.
    (Here, not in :mod:`deckbuilder.cli.console` with the other views: an import then loads
    neither that module nor the sheet's words it imports, issue 28.)"""
    report = build.report
    return [
        f"Catalog built: {report.cards} cards from {len(report.sources)} files; "
        f"{report.errata_applied} errata applied, {len(report.errata_unmatched)} name no card here, "
        f"{len(report.errata_not_applied)} could not be applied ({report.seconds:.2f} s).",
        f"  {report.path}",
    ]


def show_build(build: Any, as_json: bool) -> None:
    """Prints a built catalog's notes (on standard error, not with ``--json``) and its lines."""
    if not as_json:
        for note in build.report.notes:
            warn(f"note: {note}")
    show(build, as_json, build_lines)
