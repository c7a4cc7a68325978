"""Writing a player's deck file back: ``mythos deck check --fix``.

Part of the service's one namespace (re-exported by :mod:`deckbuilder.service`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.decklists.deckfile import LoadedDeck


def fix_deck_file(catalog: Catalog, deck: LoadedDeck, path: str | Path) -> Path:
    """Writes the names a deck file's reader corrected back into the file; gets the file
    written (the real file, when ``path`` is a symbolic link).

    A plain text list keeps every other character where it was (comments, headings, blank
    lines, line ends); another format is written out again whole. The write is atomic and
    keeps the file's permissions. Raises ``DeckFileError`` when the file cannot be written
    (it is then untouched).
    """
    import os

    from deckbuilder.decklists import DeckFileError, decode_deck_bytes
    from deckbuilder.decklists.deckfile import MAX_DECK_BYTES, fixed_text, write_deck_file
    from deckbuilder.service import deck_text

    path = Path(path)
    try:
        with path.open("rb") as handle:
            original, _warning = decode_deck_bytes(handle.read(MAX_DECK_BYTES + 1))
        text = fixed_text(original, deck) or deck_text(catalog, deck)
        write_deck_file(path, text)
    except OSError as exc:
        raise DeckFileError(f"{path}: the resolved names cannot be written back ({exc.strerror or exc}); "
                            "the file is unchanged") from None
    return Path(os.path.realpath(path))
