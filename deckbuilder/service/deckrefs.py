"""Loading the deck a command line names: a deck file (a path that exists wins), a deck code
(``mythos:1:...``), or a saved deck by id or name (``ID@N``: its version N). A saved deck
loaded so carries its way to play (:func:`deckbuilder.service.deck_way_to_play` reads it).

Kept apart from :mod:`deckbuilder.service.builder` so that a command reading a deck file
(``mythos deck check my.deck``) never loads the deck builder's modules: the saved decks'
are imported only when the argument names a saved deck (``tests/test_architecture.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from deckbuilder.service.decks import load_deck_file, load_deck_text

if TYPE_CHECKING:
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.decklists.deckfile import LoadedDeck


def names_a_file(ref: str | Path, *, any_kind: bool = False) -> bool:
    """Tells whether a command line's deck names something on disk (a regular file, or with
    ``any_kind`` anything); a name the system cannot even look up (a deck code far longer
    than a file name may be) names nothing."""
    try:
        return Path(ref).exists() if any_kind else Path(ref).is_file()
    except (OSError, ValueError):
        return False


def _saved_ref(ref: str) -> tuple[str, int | None]:
    name, _, number = ref.rpartition("@")
    if not (name and number.isascii() and number.isdigit() and len(number) <= 9):
        return ref, None
    return name, int(number)


def load_deck_ref(catalog: Catalog, decks: str | Path | None, ref: str | Path) -> LoadedDeck:
    """Loads a deck a command line names: a deck file (a path that exists wins), a deck
    code (``mythos:1:...``), else a saved deck by id or name, ``@N`` for its version N
    (``shubs-brood@2``). Raises ``UnknownDeckError`` when it is none of them, and as
    :func:`load_deck_file` does."""
    from deckbuilder.decklists import is_deck_code

    text = str(ref)
    if names_a_file(ref):
        return load_deck_file(catalog, ref)
    if is_deck_code(text):
        return load_deck_text(catalog, text, filename=DECK_CODE)
    if names_a_file(ref, any_kind=True):
        return load_deck_file(catalog, ref)  # a folder or a device: its reader says why it is not a deck
    from deckbuilder.library import UnknownDeckError
    from deckbuilder.service.builder import load_saved_deck, saved_deck

    name, number = _saved_ref(text)
    try:
        saved = saved_deck(decks, name)
    except UnknownDeckError as exc:
        raise UnknownDeckError(
            f"{text}: no such deck file, and not a saved deck's id or name; give a deck file, "
            f"a deck code (mythos:1:...) or an id `mythos deck list` shows ({exc})"
        ) from None
    return load_saved_deck(catalog, decks, saved.id, version=number)


#: What a deck read from a code goes by in messages.
DECK_CODE = "deck code"
