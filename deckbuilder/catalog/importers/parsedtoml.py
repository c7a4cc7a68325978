"""Reads a TOML data file through its parsed twin, when the twin was made from that very text.

``tomllib`` is pure Python: the errata, rulings and card facts every catalog build reads
(``catalog/errata.toml``, ``rulings.toml``, ``card-facts.toml``, 61 KB) took it 15-25 ms, a
twentieth of ``mythos catalog import`` (issue 28). Beside each of those files the tool ships
its data as JSON (``errata.parsed.json``), which the C decoder reads in well under a
millisecond, with the SHA-256 of the TOML text it was made from. The twin is used only when
that digest is the text's: a TOML file edited since (or any file without a twin) is parsed
by ``tomllib`` as before, so the twin can be stale but never wrong. The TOML files stay the
source: ``python tools/parsed_toml.py`` writes the twins again, and a test
(tests/test_errata.py) fails while one is missing or stale.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

__all__ = ["TWINNED", "parse_toml", "twin_of", "twin_text"]

#: The files of ``catalog/`` the tool ships a parsed twin of: those every catalog build reads.
TWINNED = ("errata.toml", "rulings.toml", "card-facts.toml")


def twin_of(file: Path) -> Path:
    """Gets where a TOML file's parsed twin lives: ``errata.toml`` -> ``errata.parsed.json``."""
    return file.with_suffix(".parsed.json")


def parse_toml(file: Path, text: str) -> dict[str, Any]:
    """Gets the data of ``text``, the contents of the TOML file ``file``: its twin's when the
    twin was made from this text, else ``tomllib``'s. Raises ``tomllib.TOMLDecodeError`` for
    text that is not valid TOML, as ``tomllib.loads`` does."""
    try:
        twin = json.loads(twin_of(file).read_bytes())
    except (OSError, ValueError):
        twin = None
    if isinstance(twin, dict) and twin.get("sha256") == hashlib.sha256(text.encode("utf-8")).hexdigest():
        data: dict[str, Any] = twin["data"]
        return data
    import tomllib  # only for a file without a fresh twin (3-4 ms to import)

    return tomllib.loads(text)


def twin_text(text: str) -> str:
    """Gets the parsed twin of a TOML text, as ``tools/parsed_toml.py`` writes it. Raises
    ``tomllib.TOMLDecodeError`` for invalid TOML and ``ValueError`` for data JSON cannot
    hold as it is (a date or time)."""
    import tomllib

    data = tomllib.loads(text)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    try:
        twin = json.dumps({"sha256": digest, "data": data}, ensure_ascii=False, indent=1)
    except TypeError:
        raise ValueError("the TOML holds a value JSON does not keep (a date or time)") from None
    return twin + "\n"
