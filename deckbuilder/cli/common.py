"""What every ``mythos`` command shares: its options, its error reporting, opening the catalog
and loading a deck. Imports only typer and the standard library at load time, so that
``cli.py`` and the command modules can import it freely without slowing start-up.
"""


from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn, Optional

import typer

DbOption = Annotated[
    Optional[Path],
    typer.Option("--db", help="Catalog file (default: $MYTHOS_DB or the user data folder).", show_default=False),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]


def fail(message: str) -> NoReturn:
    """Refuses options that conflict or name nothing: one ``Error:`` line, exit 2."""
    from deckbuilder.errors import UsageError

    raise UsageError(message)


def emit_json(data: Any) -> None:
    import json

    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


def warn(message: str) -> None:
    typer.echo(message, err=True)


@contextmanager
def reported(as_json: bool = False) -> Iterator[None]:
    """Turns the core's exceptions into one ``Error:`` line and an exit code (no traceback).

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
    except Exception as exc:  # translated here, and only here
        failure = classify(exc)
        if failure is None:
            raise
        if as_json:
            emit_json(failure.to_json())
        warn(f"Error: {failure.message}")
        raise typer.Exit(failure.exit_code) from None


def db_path(db: Path | None) -> Path:
    from deckbuilder.service import catalog_path

    return catalog_path(db)


def open_catalog(db: Path | None, *, quiet: bool = False) -> Any:
    """Opens the catalog, building it from the bundled sample on first use."""
    from deckbuilder import service

    catalog, notes = service.open_catalog(db)
    if not quiet:
        for note in notes:
            warn(note)
    return catalog


DeckArgument = Annotated[Path, typer.Argument(help="A deck list: text, GCCG .deck, LackeyCCG .dek or JSON.")]
FormatOption = Annotated[
    str, typer.Option("--format", "-f", help="Way to play: basic, advanced, campaign, tournament, cult-vs-investigator.")
]


def load_deck_for(deck: Path, db: Path | None, quiet: bool) -> tuple[Any, Any]:
    """Opens the catalog and loads a deck file against it, reporting each loose name match
    on standard error unless ``quiet``; gets (catalog, LoadedDeck)."""
    from deckbuilder.service import load_deck_file

    catalog = open_catalog(db, quiet=quiet)
    loaded = load_deck_file(catalog, deck)
    if not quiet:
        for line in loaded.reports:
            warn(line)
    return catalog, loaded


def formats_for(name: str, house: list[str], target: int | None) -> tuple[Any, list[Any]]:
    """Gets the way to play and the chosen house rules by name (``--target`` applied)."""
    from deckbuilder.catalog.importers.formats import load_formats
    from deckbuilder.rules.formats import find_format, find_house_rule

    formats, house_rules = load_formats()
    fmt = find_format(formats, name)
    if target is not None:
        fmt = fmt.with_target(target)
    return fmt, [find_house_rule(house_rules, h) for h in house]


def repointed_values(catalog: Any) -> dict[str, int]:
    """Gets the community's re-pointed Adventure values the catalog holds, by folded title."""
    from deckbuilder.rules.cards import fold_title

    out: dict[str, int] = {}
    for card in catalog.all_cards():
        if card.set_code == "RP" and card.value is not None:
            out[fold_title(card.title)] = card.value
    return out



TitleArgument = Annotated[str, typer.Argument(help="The Adventure's title; spelling may be loose.")]
TargetOption = Annotated[int, typer.Option("--target", help="Campaign Adventure-point target.", min=1)]
