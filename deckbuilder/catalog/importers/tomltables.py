"""Reads a data file of ``[[NAME]]`` tables, as the recipe and effect overrides files are.

Both files stop at their first problem with a one-line error naming the file and, where
one is known, the line; this is the part of that they share: reading the text, parsing
the TOML, and finding the tables.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from deckbuilder.errors import MythosError


class TableFileError(MythosError, ValueError):
    """Raised when a file of ``[[NAME]]`` tables cannot be read or one of its entries is
    invalid: names the file, the line where one is known, and what is wrong. Each file has
    its own subclass, with its own ``kind``."""

    kind = "data-file"

    def __init__(self, path: Path, line: int | None, message: str) -> None:
        self.path = path
        self.line = line
        self.message = message
        where = f"{path}" if line is None else f"{path}, line {line}"
        super().__init__(f"{where}: {message}")


#: Makes the file's own error from (file, line or None, what is wrong).
FileError = Callable[[Path, "int | None", str], TableFileError]


def read_tables(path: Path, name: str, error: FileError, *, missing: str) -> tuple[str, list[Any]]:
    """Gets the file's text and its ``[[name]]`` tables in order. ``missing`` is the advice
    for a file that does not exist. Raises what ``error`` makes for an unreadable file, text
    that is not UTF-8, invalid TOML (with its line), a top-level key other than ``name``, or
    ``name`` that is not an array of tables."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(path, None, f"no such file; {missing}") from None
    except UnicodeDecodeError as exc:
        raise error(path, None, f"not UTF-8 text ({exc.reason}); save it as UTF-8") from None
    except OSError as exc:
        raise error(path, None, f"cannot be read ({exc.strerror})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        where = re.search(r"\(at line (\d+), column \d+\)", str(exc))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise error(path, int(where[1]) if where else None, f"not valid TOML: {message}") from None
    unknown = sorted(set(data) - {name})
    if unknown:
        raise error(path, None, f"unknown table {unknown[0]!r}; {name}s go in [[{name}]] tables")
    records = data.get(name, [])
    if not isinstance(records, list):
        article = "an" if name[0] in "aeiou" else "a"
        raise error(path, None, f"write each {name} as {article} [[{name}]] table")
    return text, records
