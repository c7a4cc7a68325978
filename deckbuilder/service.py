"""The application layer: what every front end does around the rules core, as plain functions.

Both front doors, the ``mythos`` CLI (:mod:`deckbuilder.cli`) and the web deck builder,
call these functions and differ only in how they show the answer. A function takes plain
values (a catalog path or an open :class:`~deckbuilder.catalog.store.Catalog`, a deck
loaded from a file or from text, a format name, options) and gets plain data back: a
result whose ``to_json()`` is exactly what ``mythos ... --json`` prints and what the web
API answers, and whose fields the front end reads to write text or HTML. Nothing here
prints, reads the terminal, or knows typer or HTTP; notes for the user (a name read
loosely, a sample catalog built) come back as data. Failures are the typed errors of
:mod:`deckbuilder.errors`, which each front end turns into its own form.

Heavy modules (sqlmodel, rapidfuzz, jinja2) and the rules are imported inside the
functions, so importing this module costs next to nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.decklists.deckfile import LoadedDeck

#: The name a deck given as text goes by when it comes without a file name.
PASTED_DECK = "pasted deck"


# --------------------------------------------------------------------------------------
# The catalog


def catalog_path(db: str | Path | None = None) -> Path:
    """Gets the catalog file to use: ``db`` if given, else ``$MYTHOS_DB`` or the user data folder."""
    from deckbuilder.paths import default_db_path

    return Path(db).expanduser() if db else default_db_path()


def open_catalog(db: str | Path | None = None) -> tuple[Catalog, list[str]]:
    """Opens the catalog, building it from the bundled sample on first use; gets it and the
    notes to show (what was built, and how to import the real card pool).

    Raises ``CatalogError`` when the file is not a catalog this version can read.
    """
    from deckbuilder.catalog.store import ensure_catalog

    catalog, built = ensure_catalog(catalog_path(db))
    notes = []
    if built is not None:
        notes.append(
            f"No catalog yet: built one from the bundled sample ({built.cards} cards) at {built.path}. "
            "Import the real card pool with `mythos catalog import PATH` or `mythos catalog fetch`."
        )
    return catalog, notes


# --------------------------------------------------------------------------------------
# Deck lists


def load_deck_file(catalog: Catalog, path: str | Path) -> LoadedDeck:
    """Reads a deck file in any format the tool reads and resolves every name against the catalog.

    Raises ``DeckFileError`` (the file cannot be read) or ``UnresolvedDeckError`` (lines
    not understood, names that name no card: all of them in one message).
    """
    from deckbuilder.decklists.deckfile import read_deck_file

    decklist, _ = read_deck_file(Path(path))
    return _resolve(catalog, decklist, str(path))


def load_deck_text(catalog: Catalog, text: str | bytes, *, filename: str | None = None) -> LoadedDeck:
    """Reads a deck list given as text (pasted, or uploaded with its file name) in any format
    the tool reads, and resolves every name against the catalog.

    The format is told from the content, helped by ``filename``'s extension; the deck goes
    by ``filename`` (or "pasted deck") in messages. Raises as :func:`load_deck_file` does.
    """
    from deckbuilder.decklists.deckfile import read_deck_text

    path = filename or PASTED_DECK
    return _resolve(catalog, read_deck_text(text, path=path, filename=filename), path)


def _resolve(catalog: Catalog, decklist: object, path: str) -> LoadedDeck:
    from deckbuilder.catalog.lookup import card_index
    from deckbuilder.decklists.deckfile import load_deck_list

    def hint() -> str:
        if {s["transcription"] for s in catalog.sources()} == {"sample"}:
            return "the catalog holds only the bundled sample; import the card pool with `mythos catalog import PATH`"
        return ""

    return load_deck_list(decklist, card_index(catalog), path=path, unresolved_hint=hint)
