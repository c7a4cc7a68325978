"""What the ``mythos`` commands print and how they fail, without typer: notes and errors on
standard error, answers on standard output, ``--json``, the ``Error:`` line and its exit code,
opening the catalog, a progress bar.

The typer commands import these beside their options (:mod:`deckbuilder.cli.common`);
:mod:`deckbuilder.cli.direct` runs a plain ``mythos catalog import`` with them before typer
is imported at all (issue 28: typer, click and the command tree were a sixth of the import's
time). Where typer is loaded, as it is for every command it runs, a line goes out by click's
``echo``, a colour by its ``style`` and an exit code by ``typer.Exit``, as they always have;
where it is not, by :func:`echo`, :func:`style` and ``SystemExit``, which give the same bytes
and exit code on the streams :func:`deckbuilder.cli.direct.plain_streams` lets through
(``tests/test_cli.py`` holds both paths' outputs equal).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, Optional

#: click's codes for the colours the commands use (``click.style``'s table).
_COLOURS = {"red": 31, "green": 32, "yellow": 33}


def echo(message: str, err: bool = False) -> None:
    """Prints a line on standard output (or error): click's ``echo`` where typer is loaded;
    else the line and its newline written and flushed, which is what click's does on a stream
    with a real encoding (it strips colour codes only off a stream that is not a terminal, and
    :func:`coloured` adds none there)."""
    typer = sys.modules.get("typer")
    if typer is not None:
        typer.echo(message, err=err)
        return
    stream = sys.stderr if err else sys.stdout
    stream.write(message + "\n")
    stream.flush()


def style(text: str, fg: str, bold: bool = False) -> str:
    """Gets text in a colour (and bold) as click's ``style`` writes it."""
    typer = sys.modules.get("typer")
    if typer is not None:
        return str(typer.style(text, fg=fg, bold=bold))
    return f"\033[{_COLOURS[fg]}m" + ("\033[1m" if bold else "") + text + "\033[0m"


def exit_with(code: int) -> BaseException:
    """Gets the exception that ends a command with an exit code: typer's ``Exit`` where typer
    runs the command, else ``SystemExit``."""
    typer = sys.modules.get("typer")
    if typer is not None:
        return typer.Exit(code)  # type: ignore[no-any-return]
    return SystemExit(code)


def fail(message: str) -> NoReturn:
    """Refuses options that conflict or name nothing: one ``Error:`` line, exit 2."""
    from deckbuilder.errors import UsageError

    raise UsageError(message)


def emit_json(data: Any) -> None:
    """Prints a service result's JSON on standard output. A lone surrogate (a file name's
    byte that is not UTF-8, as Python hands it over) is written as its JSON escape
    (``\\udcff``), which every terminal and reader can take."""
    import json

    text = json.dumps(data, ensure_ascii=False, indent=2)
    if not text.isprintable():
        text = re.sub("[\ud800-\udfff]", lambda m: f"\\u{ord(m[0]):04x}", text)
    echo(text)


#: ``mythos --quiet``: notes and progress are not shown (the answer and errors always are).
QUIET = False


def set_quiet(quiet: bool) -> None:
    """Sets whether notes and progress are silenced (the global ``--quiet``)."""
    global QUIET
    QUIET = quiet


def coloured(err: bool = False) -> bool:
    """Tells whether to colour standard output (or error): only a terminal, and never under
    ``NO_COLOR`` (no-color.org)."""
    import os

    if os.environ.get("NO_COLOR"):
        return False
    stream = sys.stderr if err else sys.stdout
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


_NOTE_PREFIX = re.compile(r"^(note|warning)(:)")
_VERDICT = re.compile(r"\b(ILLEGAL|LEGAL)\b")


def warn(message: str) -> None:
    """Prints a note on standard error (a name read loosely, a file written, a sample built),
    unless ``--quiet``; its ``note:`` or ``warning:`` in yellow on a terminal."""
    if QUIET:
        return
    alert(message)


def harmless(text: str) -> str:
    """Gets text for the terminal with each of its lines passed through
    :func:`deckbuilder.errors.terminal_safe`: a name or note a file or a user supplied (an
    escape sequence, a carriage return, a bidirectional override) is shown escaped, never
    obeyed, and the lines stay lines."""
    from deckbuilder.errors import terminal_safe

    if text.isprintable():
        return text
    return "\n".join(terminal_safe(line) for line in text.split("\n"))


def alert(message: str) -> None:
    """Prints a warning on standard error even under ``--quiet``."""
    message = harmless(message)
    if coloured(err=True):
        message = _NOTE_PREFIX.sub(lambda m: style(m[1], fg="yellow", bold=True) + m[2], message)
    echo(message, err=True)


def error_line(message: str) -> None:
    """Prints an error's one line on standard error (``Error:`` in red on a terminal)."""
    prefix = style("Error:", fg="red", bold=True) if coloured(err=True) else "Error:"
    echo(f"{prefix} {harmless(message)}", err=True)


def echo_lines(lines: list[str]) -> None:
    """Prints lines of text on standard output, each made :func:`harmless`; LEGAL and
    ILLEGAL in green and red on a terminal."""
    text = harmless("\n".join(lines))
    if coloured():
        text = _VERDICT.sub(lambda m: style(m[1], fg="red" if m[1] == "ILLEGAL" else "green", bold=True), text)
    echo(text)


def show(result: Any, as_json: bool, view: str | Callable[[Any], list[str]]) -> None:
    """Prints a service result: its notes on standard error (a name read loosely), then its
    ``to_json()`` with ``--json``, else the lines of the text view named ``view`` in
    :mod:`deckbuilder.cli.console` (imported only now: it reads the rules), or of the view
    ``view`` itself where a command keeps its own few lines (``catalog import``)."""
    for note in getattr(result, "notes", ()):
        warn(note)
    if as_json:
        emit_json(result.to_json())
        return
    if callable(view):
        echo_lines(view(result))
        return
    from deckbuilder.cli import console

    echo_lines(getattr(console, view)(result))


@contextmanager
def reported(as_json: bool = False) -> Iterator[None]:
    """Turns the errors a user can run into (:mod:`deckbuilder.errors`) into one ``Error:``
    line and an exit code, with no traceback; notes the service gathered before the error
    come first.

    With ``--json`` the same error also goes to standard output as
    ``{"error": {"kind": ..., "message": ..., "exit_code": ...}}``.
    """
    from deckbuilder.errors import classify

    try:
        yield
    except KeyboardInterrupt:
        alert("Interrupted; nothing was changed.")
        raise exit_with(130) from None
    except BrokenPipeError:
        # The reader went away (`mythos search ... | head -1`): a normal end, as for cat.
        _silence_stdout()
        raise exit_with(0) from None
    except Exception as exc:  # translated here, and only here
        failure = classify(exc)
        if failure is None:
            raise
        for note in getattr(exc, "__notes__", ()):
            warn(note)
        if as_json:
            emit_json(failure.to_json())
        error_line(failure.message)
        raise exit_with(failure.exit_code) from None


def _silence_stdout() -> None:
    """Points standard output at the null device, so the flush at exit finds no closed pipe."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file behind it (a test runner's)
        pass


def open_catalog(db: Path | None, *, quiet: bool = False) -> Any:
    """Opens the catalog (building the bundled sample on first use, and saying so unless ``quiet``)."""
    from deckbuilder import service

    catalog, notes = service.open_catalog(db)
    if not quiet:
        for note in notes:
            warn(note)
    return catalog


def load_deck(db: Path | None, deck: Path, *, quiet: bool = False) -> tuple[Any, Any]:
    """Opens the catalog and loads the deck a command line names against it: a deck file (a
    path that exists wins), a deck code (``mythos:1:...``), or a saved deck's id or name
    (``ID@N`` its version N; the folder of ``$MYTHOS_DECKS``). Reports each loose name match
    on standard error unless ``quiet``; gets (catalog, LoadedDeck)."""
    from deckbuilder import service

    catalog = open_catalog(db, quiet=quiet)
    loaded = service.load_deck_ref(catalog, None, deck)
    if not quiet:
        for line in loaded.reports:
            warn(line)
    return catalog, loaded


@contextmanager
def progress_bar(label: str, shown: bool) -> Iterator[Optional[Callable[[int, int], None]]]:
    """Gets a progress callback for the service, (done, in all), that draws a bar on
    standard error; None when ``shown`` is false (not a terminal, or --json) or under ``--quiet``."""
    if not shown or QUIET:
        yield None
        return
    bar: Any = None

    def tick(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            import typer  # only on a terminal, for click's bar

            bar = typer.progressbar(length=total, label=label, file=sys.stderr)
            bar.__enter__()
        bar.update(done - bar.pos)

    try:
        yield tick
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
