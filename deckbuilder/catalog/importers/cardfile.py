"""A card data file as every importer reads it: its bytes, never more than
:data:`MAX_CARD_FILE_BYTES` (:func:`read_card_file_bytes`), the files an import read
(:class:`SourceFile`), what it produced (:class:`ImportResult`) and the error of a file that
cannot be read (:class:`CardDataError`). The readers (gccg.py, lackey.py, sample.py) import this;
the package's ``__init__`` tells the files apart and imports the readers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from deckbuilder.errors import MythosError
from deckbuilder.rules.cards import Card


class CardDataError(MythosError):
    """Raised when a card data file cannot be read at all (malformed, hostile, wrong encoding)."""

    kind = "card-data"

    def __init__(self, path: Path | str, message: str) -> None:
        self.path = str(path)
        self.message = message
        super().__init__(f"{path}: {message}")


#: Upper bound on one card data file, whichever importer reads it; the largest real set file
#: is under 200 KB, so anything this big is not a set file (and would cost gigabytes).
MAX_CARD_FILE_BYTES = 20_000_000


def read_card_file_bytes(file: Path) -> bytes:
    """Gets a card data file's bytes, never more than :data:`MAX_CARD_FILE_BYTES` (a file
    that grows while read is cut off there and refused too).

    Raises :class:`CardDataError` for a file too large or that cannot be read, and at once
    for a named pipe, a socket or a device (POSIX: a pipe would wait for a writer).
    """
    from deckbuilder.paths import read_regular_file

    try:
        data = read_regular_file(Path(file), MAX_CARD_FILE_BYTES + 1)
    except OSError as exc:
        raise CardDataError(file, f"cannot be read: {exc.strerror or exc}") from None
    if len(data) > MAX_CARD_FILE_BYTES:
        raise CardDataError(
            file,
            f"is larger than {MAX_CARD_FILE_BYTES // 1_000_000} MB; a set file is far smaller (under 200 KB), "
            "so this is not one",
        )
    return data


@dataclass(frozen=True)
class SourceFile:
    """One file an import read: which transcription, which set, how many cards."""

    path: str
    transcription: str
    set_code: str
    cards: int
    sha256: str


@dataclass
class ImportResult:
    """What an import produced: printed cards, the files read, and notes for the user."""

    cards: list[Card] = field(default_factory=list)
    sources: list[SourceFile] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def extend(self, other: ImportResult) -> None:
        self.cards.extend(other.cards)
        self.sources.extend(other.sources)
        self.notes.extend(other.notes)
