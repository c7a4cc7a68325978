"""Importers: the community card transcriptions, the bundled sample, errata and rulings.

Each importer reads files as they are and returns printed cards (errata not applied);
:mod:`deckbuilder.catalog.store` applies the errata and builds the catalog.
"""

from __future__ import annotations

import re
from collections.abc import Callable
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
    from deckbuilder.decklists.deckfile import read_regular_file

    try:
        data = read_regular_file(Path(file), MAX_CARD_FILE_BYTES + 1)
    except OSError as exc:
        raise CardDataError(file, f"cannot be read: {exc.strerror or exc}") from None
    if len(data) > MAX_CARD_FILE_BYTES:
        raise CardDataError(
            file, f"is larger than {MAX_CARD_FILE_BYTES // 1_000_000} MB; a set file is far smaller (under 200 KB), "
            "so this is not one"
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


def _classify(data: bytes) -> str | None:
    head = data[:4096]
    if b"<ccg-setinfo" in head:
        # GCCG's *_basecards.xml holds placeholder cards ("A Card", "_unknown_"), no set.
        if re.search(rb'<ccg-setinfo[^>]*\sname=""', head):
            return "gccg-placeholders"
        return "gccg"
    if b"<ccg " in head or b"<ccg>" in head:
        return "gccg-game"
    first = head.split(b"\n", 1)[0].lstrip(b"\xef\xbb\xbf")
    if first.startswith(b"Name\t"):
        return "lackey"
    return None


def find_card_files(paths: list[Path]) -> list[tuple[Path, bool]]:
    """Gets the files to read: each file named, and the .xml and .txt files of each folder
    (searched recursively), with whether it was named explicitly.

    Raises :class:`CardDataError` for a path that does not exist or a folder with no such file.
    """
    files: list[tuple[Path, bool]] = []
    for path in paths:
        path = Path(path)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix.lower() in (".xml", ".txt") and p.is_file())
            if not found:
                raise CardDataError(path, "holds no .xml or .txt card data files")
            files.extend((p, False) for p in found)
        elif path.exists():  # a file, or a pipe or a device, which the reading refuses at once
            files.append((path, True))
        else:
            raise CardDataError(path, "no such file or folder")
    return files


def read_card_files(
    paths: list[Path], progress: Callable[[Path], None] | None = None
) -> ImportResult:
    """Reads card data files and folders (searched recursively), telling each kind by content.

    GCCG set XML and LackeyCCG set files are read; GCCG's game file and other files found
    in a folder are skipped with a note. A file named explicitly that is neither raises
    :class:`CardDataError`, as does any file that cannot be read.
    """
    return read_found_files(find_card_files(paths), progress)


def read_found_files(
    files: list[tuple[Path, bool]], progress: Callable[[Path], None] | None = None
) -> ImportResult:
    """Reads the files :func:`find_card_files` found; ``progress`` is called before each."""
    result = ImportResult()
    lackey: list[tuple[bytes, Path]] = []
    for file, explicit in files:
        if progress:
            progress(file)
        data = read_card_file_bytes(file)
        kind = _classify(data)
        if kind == "gccg":
            from deckbuilder.catalog.importers.gccg import read_gccg_bytes

            result.extend(read_gccg_bytes(data, file))
        elif kind == "lackey":
            # Read together: a title repeated across the files of one set (the Standard Game's
            # two decks) gets its printing numbers counted over the whole set.
            lackey.append((data, file))
        elif kind == "gccg-game":
            result.notes.append(f"{file}: GCCG game file (lists the sets), skipped")
        elif kind == "gccg-placeholders":
            result.notes.append(f"{file}: GCCG's placeholder cards (no set), skipped")
        elif explicit:
            raise CardDataError(
                file,
                "is neither a GCCG set file (<ccg-setinfo> XML) nor a LackeyCCG set file "
                "(tab-separated, header starting 'Name')",
            )
        else:
            result.notes.append(f"{file}: not a card data file, skipped")
    if lackey:
        from deckbuilder.catalog.importers.lackey import read_lackey_sets

        result.extend(read_lackey_sets(lackey))
    return result
