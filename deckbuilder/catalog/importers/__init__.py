"""Importers: the community card transcriptions, the bundled sample, errata and rulings.

Each importer reads files as they are and returns printed cards (errata not applied);
:mod:`deckbuilder.catalog.building` applies the errata and builds the catalog. What every reader
shares (the file's bytes, what an import produced, the error) is :mod:`~deckbuilder.catalog.importers.cardfile`,
found here too; this module tells the files apart and hands each to its reader.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from deckbuilder.catalog.importers.cardfile import (
    MAX_CARD_FILE_BYTES,
    CardDataError,
    ImportResult,
    SourceFile,
    read_card_file_bytes,
)

__all__ = [
    "MAX_CARD_FILE_BYTES",
    "CardDataError",
    "ImportResult",
    "SourceFile",
    "find_card_files",
    "read_card_file_bytes",
    "read_card_files",
    "read_found_files",
]


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
    (searched recursively), with whether it was named explicitly. A file named twice, or
    named and also in a folder named, is read once, where it first comes.

    Raises :class:`CardDataError` for a path that does not exist or a folder with no such file.
    """
    found_files: dict[Path, bool] = {}  # the real file -> named explicitly; in order of first mention
    shown: dict[Path, Path] = {}  # the real file -> the path it was first given as

    def add(file: Path, explicit: bool) -> None:
        real = file.resolve()
        shown.setdefault(real, file)
        found_files[real] = found_files.get(real, False) or explicit

    for path in paths:
        path = Path(path)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix.lower() in (".xml", ".txt") and p.is_file())
            if not found:
                raise CardDataError(path, "holds no .xml or .txt card data files")
            for file in found:
                add(file, False)
        elif path.exists():  # a file, or a pipe or a device, which the reading refuses at once
            add(path, True)
        else:
            raise CardDataError(path, "no such file or folder")
    return [(shown[real], explicit) for real, explicit in found_files.items()]


def read_card_files(paths: list[Path], progress: Callable[[Path], None] | None = None) -> ImportResult:
    """Reads card data files and folders (searched recursively), telling each kind by content.

    GCCG set XML and LackeyCCG set files are read; GCCG's game file and other files found
    in a folder are skipped with a note. A file named explicitly that is neither raises
    :class:`CardDataError`, as does any file that cannot be read.
    """
    return read_found_files(find_card_files(paths), progress)


def read_found_files(files: list[tuple[Path, bool]], progress: Callable[[Path], None] | None = None) -> ImportResult:
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
    _refuse_one_name_twice(result)
    return result


def _refuse_one_name_twice(result: ImportResult) -> None:
    """Raises :class:`CardDataError` when two files of one transcription read in one import
    have the same name: the catalog knows a set file by its transcription and name (a later
    import of a file of that name replaces the earlier one's cards), so it cannot hold both."""
    first: dict[tuple[str, str], str] = {}
    for source in result.sources:
        key = (source.transcription, Path(source.path).name)
        if key in first:
            raise CardDataError(
                source.path,
                f"has the same name as {first[key]}, read in this import too: the catalog knows a set "
                "file by its name, so import one of them, or rename one",
            )
        first[key] = source.path
