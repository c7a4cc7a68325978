"""What every ``mythos`` command shares: its options, its error reporting, opening the catalog
and loading a deck through the service, and a progress bar. Imports only typer and the
standard library at load time, so the command modules can import it freely without slowing
start-up.
"""

import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn, Optional

import typer


def _complete(ctx: typer.Context, incomplete: str, card_type: str | None) -> list[str]:
    """Gets a completion's titles from the catalog (``--db`` if typed before); nothing, and
    never an error or a traceback, when there is no catalog or it cannot be read."""
    try:
        from deckbuilder import service

        db = ctx.params.get("db") if ctx is not None else None
        return service.complete_titles(db, incomplete, card_type=card_type)
    except Exception:  # a shell completing must never show a traceback
        return []


def complete_card_title(ctx: typer.Context, incomplete: str) -> list[str]:
    """Completes a card title from the catalog."""
    return _complete(ctx, incomplete, None)


def complete_adventure_title(ctx: typer.Context, incomplete: str) -> list[str]:
    """Completes an Adventure's title from the catalog."""
    return _complete(ctx, incomplete, "Adventure")


DbOption = Annotated[
    Optional[Path],
    typer.Option("--db", help="Catalog file (default: $MYTHOS_DB or the user data folder).", show_default=False),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]


def _jobs(text: str) -> int:
    """Parses ``--jobs``: a whole number of processes within the service's bound. Refuses
    anything else with one ``Error:`` line and exit 2, before any work (click's own refusal
    would print its usage lines too)."""
    from deckbuilder.service.pool import MAX_JOBS

    if text.isascii() and text.isdigit() and 1 <= int(text) <= MAX_JOBS:
        return int(text)
    error_line(f"--jobs {text}: give a number from 1 to {MAX_JOBS}")
    raise typer.Exit(2)


JobsOption = Annotated[
    Optional[int],
    typer.Option(
        "--jobs",
        "-j",
        parser=_jobs,
        metavar="<int>",
        show_default="the machine's cores",
        help="Processes playing the games (1: this one); the answer is the same whatever the number.",
    ),
]
DecksOption = Annotated[
    Optional[Path],
    typer.Option(
        "--decks",
        help="Folder of saved decks (default: $MYTHOS_DECKS or decks/ in the user data folder).",
        show_default=False,
    ),
]
CollectionOption = Annotated[
    Optional[Path],
    typer.Option(
        "--collection",
        help="The cards you own (default: $MYTHOS_COLLECTION or collection.json in the user data folder).",
        show_default=False,
    ),
]
DeckArgument = Annotated[
    Path,
    typer.Argument(
        help="A deck list (text, GCCG .deck, LackeyCCG .dek or JSON), a deck code (mythos:1:...), or a saved deck's id."
    ),
]
FormatOption = Annotated[
    Optional[str],
    typer.Option(
        "--format",
        "-f",
        help="Way to play: basic, advanced, campaign, tournament, "
        "cult-vs-investigator (default: the one the deck records, else advanced).",
        show_default=False,
    ),
]
TitleArgument = Annotated[
    str, typer.Argument(help="The Adventure's title; spelling may be loose.", autocompletion=complete_adventure_title)
]
CardArgument = Annotated[
    str, typer.Argument(help="The card's title; spelling may be loose.", autocompletion=complete_card_title)
]
TargetOption = Annotated[int, typer.Option("--target", help="Campaign Adventure-point target.", min=1)]
ForceOption = Annotated[bool, typer.Option("--force", help="Overwrite a file that exists.")]
InvestigatorOption = Annotated[
    Optional[str],
    typer.Option(
        "--investigator",
        help="The Investigator who plays (one the deck lists, or any).",
        show_default=False,
        autocompletion=complete_card_title,
    ),
]


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
    typer.echo(text)


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
        message = _NOTE_PREFIX.sub(lambda m: typer.style(m[1], fg="yellow", bold=True) + m[2], message)
    typer.echo(message, err=True)


def error_line(message: str) -> None:
    """Prints an error's one line on standard error (``Error:`` in red on a terminal)."""
    prefix = typer.style("Error:", fg="red", bold=True) if coloured(err=True) else "Error:"
    typer.echo(f"{prefix} {harmless(message)}", err=True)


def echo_lines(lines: list[str]) -> None:
    """Prints lines of text on standard output, each made :func:`harmless`; LEGAL and
    ILLEGAL in green and red on a terminal."""
    text = harmless("\n".join(lines))
    if coloured():
        text = _VERDICT.sub(lambda m: typer.style(m[1], fg="red" if m[1] == "ILLEGAL" else "green", bold=True), text)
    typer.echo(text)


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
    except typer.Exit:
        raise
    except KeyboardInterrupt:
        alert("Interrupted; nothing was changed.")
        raise typer.Exit(130) from None
    except BrokenPipeError:
        # The reader went away (`mythos search ... | head -1`): a normal end, as for cat.
        _silence_stdout()
        raise typer.Exit(0) from None
    except Exception as exc:  # translated here, and only here
        failure = classify(exc)
        if failure is None:
            raise
        for note in getattr(exc, "__notes__", ()):
            warn(note)
        if as_json:
            emit_json(failure.to_json())
        error_line(failure.message)
        raise typer.Exit(failure.exit_code) from None


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
            bar = typer.progressbar(length=total, label=label, file=sys.stderr)
            bar.__enter__()
        bar.update(done - bar.pos)

    try:
        yield tick
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
