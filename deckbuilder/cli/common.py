"""What every ``mythos`` command shares: its options, its error reporting, opening the catalog
and loading a deck through the service, and a progress bar. Imports only typer and the
standard library at load time, so the command modules can import it freely without slowing
start-up.
"""


import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn, Optional

import typer

DbOption = Annotated[
    Optional[Path],
    typer.Option("--db", help="Catalog file (default: $MYTHOS_DB or the user data folder).", show_default=False),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
DecksOption = Annotated[
    Optional[Path],
    typer.Option("--decks", help="Folder of saved decks (default: $MYTHOS_DECKS or decks/ in the user data folder).",
                 show_default=False),
]
CollectionOption = Annotated[
    Optional[Path],
    typer.Option("--collection", help="The cards you own (default: $MYTHOS_COLLECTION or collection.json in the "
                 "user data folder).", show_default=False),
]
DeckArgument = Annotated[Path, typer.Argument(help="A deck list: text, GCCG .deck, LackeyCCG .dek or JSON.")]
FormatOption = Annotated[
    str, typer.Option("--format", "-f", help="Way to play: basic, advanced, campaign, tournament, cult-vs-investigator.")
]
TitleArgument = Annotated[str, typer.Argument(help="The Adventure's title; spelling may be loose.")]
TargetOption = Annotated[int, typer.Option("--target", help="Campaign Adventure-point target.", min=1)]


def fail(message: str) -> NoReturn:
    """Refuses options that conflict or name nothing: one ``Error:`` line, exit 2."""
    from deckbuilder.errors import UsageError

    raise UsageError(message)


def emit_json(data: Any) -> None:
    """Prints a service result's JSON on standard output."""
    import json

    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


def warn(message: str) -> None:
    """Prints a note or warning on standard error."""
    typer.echo(message, err=True)


def echo_lines(lines: list[str]) -> None:
    """Prints lines of text on standard output."""
    typer.echo("\n".join(lines))


def show(result: Any, as_json: bool, view: str) -> None:
    """Prints a service result: its notes on standard error (a name read loosely), then its
    ``to_json()`` with ``--json``, else the lines of the text view named ``view`` in
    :mod:`deckbuilder.cli.console` (imported only now: it reads the rules)."""
    for note in getattr(result, "notes", ()):
        warn(note)
    if as_json:
        emit_json(result.to_json())
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
        warn("Interrupted; nothing was changed.")
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
        warn(f"Error: {failure.message}")
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
    """Opens the catalog and loads a deck file against it, reporting each loose name match
    on standard error unless ``quiet``; gets (catalog, LoadedDeck)."""
    from deckbuilder import service

    catalog = open_catalog(db, quiet=quiet)
    loaded = service.load_deck_file(catalog, deck)
    if not quiet:
        for line in loaded.reports:
            warn(line)
    return catalog, loaded


@contextmanager
def progress_bar(label: str, shown: bool) -> Iterator[Optional[Callable[[int, int], None]]]:
    """Gets a progress callback for the service, (done, in all), that draws a bar on
    standard error; None when ``shown`` is false (not a terminal, or --json)."""
    if not shown:
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
