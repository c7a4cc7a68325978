"""Reads the bundled sample catalog (``catalog/sample/cards.toml``).

The sample holds cards that the New Æon rulebook and the rulings document themselves
name, with only the facts those documents state; every other field stays unknown. It lets
a fresh install work offline until the user imports the real card pool. The cards are
printed cards: errata are applied later, as for any import.

The file is ours, so it is read strictly: an unknown key, a value of the wrong kind or a
word outside a field's vocabulary raises :class:`SampleCatalogError` naming the card.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections import Counter
from enum import Enum
from pathlib import Path
from typing import Any

from deckbuilder.catalog.importers.cardfile import CardDataError
from deckbuilder.catalog.importers.fields import card_key
from deckbuilder.paths import catalog_data_dir
from deckbuilder.rules.cards import (
    GOO_CLASSES,
    SETS,
    Allegiance,
    Card,
    CardType,
    Dimension,
    LanguageRule,
    PublicAttribute,
    SpellIcon,
    display_title,
    fold_title,
)

#: A ``sources`` item: a rulebook quote, or a 1-based line of the rulings document.
SOURCE_PATTERN = re.compile(r"^(?:rulebook: \S.*|rulings:[1-9]\d*)$")

_TEXT_KEYS = (
    "subtype",
    "value_text",
    "sanity_colour",
    "region",
    "subregion",
    "monster_class",
    "affects",
    "rarity",
    "artist",
    "text",
    "image",
)
_INT_KEYS = ("value", "value2", "sanity", "sanity_max", "education", "hand", "hand_min", "hand_max")
_BOOL_KEYS = ("goo", "gate", "unique")
_LIST_KEYS = ("attributes", "occupations", "languages", "tome_languages", "summon")
_ENUM_KEYS: dict[str, type[Enum]] = {
    "type": CardType,
    "dimension": Dimension,
    "allegiance": Allegiance,
    "tome_language_rule": LanguageRule,
}
_ENUM_LIST_KEYS: dict[str, type[Enum]] = {"public": PublicAttribute, "icons": SpellIcon}

#: Every key a ``[[card]]`` record may use: the card facts of ``Card.to_dict()``, plus ``sources``.
#: Keys the catalog computes (``key``, ``set_name``, ``legality``, ``printing``, ``source``) or
#: that errata fill (``printed``, ``errata``, ``rulings``) are refused.
KNOWN_KEYS: tuple[str, ...] = (
    ("title", "set", "sources")
    + _TEXT_KEYS
    + _INT_KEYS
    + _BOOL_KEYS
    + _LIST_KEYS
    + tuple(_ENUM_KEYS)
    + tuple(_ENUM_LIST_KEYS)
)


class SampleCatalogError(CardDataError):
    """Raised when the sample catalog file cannot be read or a record in it is invalid."""

    kind = "sample-catalog"

    def __init__(self, path: Path | str, message: str, index: int | None = None, title: str | None = None) -> None:
        self.index = index
        self.title = title
        if index is not None:
            where = f'card {index + 1} "{title}"' if title else f"card {index + 1}"
            message = f"{where}: {message}"
        super().__init__(path, message)


def default_sample_path() -> Path:
    """Gets where the bundled sample catalog lives."""
    return catalog_data_dir() / "sample" / "cards.toml"


def read_sample_catalog(path: Path | str | None = None) -> list[Card]:
    """Reads the sample catalog: one printed :class:`Card` per ``[[card]]`` record, in file order.

    Each card gets the key ``SET:folded-title`` (``#N`` for the N-th card of one title in one
    set), ``source="sample"``, and its ``sources`` (the document quotes and lines that state
    its facts) as its only provenance.

    Raises :class:`SampleCatalogError` when the file cannot be read or is not TOML, and for
    the first invalid record: an unknown key, a missing title, set or sources, a value of the
    wrong kind, or a word outside a field's vocabulary (type, set, Dimension...).

    >>> cards = read_sample_catalog()
    >>> vatican = next(c for c in cards if c.title == "The Vatican")
    >>> (vatican.subregion, vatican.sanity)
    ('Rome', 5)
    """
    file = Path(path) if path is not None else default_sample_path()
    try:
        raw = file.read_bytes()
    except OSError as exc:
        raise SampleCatalogError(file, f"cannot be read: {exc.strerror or exc}") from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise SampleCatalogError(file, f"is not UTF-8 text: {exc.reason}") from None
    except tomllib.TOMLDecodeError as exc:
        raise SampleCatalogError(file, f"is not valid TOML: {exc}") from None
    return cards_from_records(data, file)


def cards_from_records(data: dict[str, Any], path: Path | str = "<sample>") -> list[Card]:
    """Builds the cards of parsed sample-catalog TOML (``{"card": [record, ...]}``).

    Raises :class:`SampleCatalogError` as :func:`read_sample_catalog` does.
    """
    extra = sorted(set(data) - {"card"})
    if extra:
        raise SampleCatalogError(path, f"unknown top-level key {extra[0]!r}; records are [[card]] tables")
    records = data.get("card", [])
    if not isinstance(records, list):
        raise SampleCatalogError(path, "'card' must be an array of tables ([[card]])")
    seen: Counter[tuple[str, str]] = Counter()
    cards: list[Card] = []
    for index, record in enumerate(records):
        values = _record_values(record, index, path)
        title, set_code = values.pop("title"), values.pop("set")
        values.setdefault("type", None)  # a few cards' types are not stated
        seen[(set_code, fold_title(title))] += 1
        printing = seen[(set_code, fold_title(title))]
        if values.get("monster_class") in GOO_CLASSES:
            values["goo"] = True
        cards.append(
            Card(
                key=card_key(set_code, title, printing),
                title=title,
                printed_title=title,
                set_code=set_code,
                printing=printing,
                source="sample",
                **values,
            )
        )
    return cards


def _record_values(record: Any, index: int, path: Path | str) -> dict[str, Any]:
    """Checks one record and gets its values as ``Card`` keyword arguments."""
    if not isinstance(record, dict):
        raise SampleCatalogError(path, "is not a table", index)
    title = record.get("title")
    if not isinstance(title, str) or not title.strip():
        raise SampleCatalogError(path, "has no title (key 'title', a non-empty string)", index)
    title = display_title(title)

    def fail(message: str) -> SampleCatalogError:
        return SampleCatalogError(path, message, index, title)

    for key in record:
        if key not in KNOWN_KEYS:
            close = difflib.get_close_matches(key, KNOWN_KEYS, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f" (known keys: {', '.join(KNOWN_KEYS)})"
            raise fail(f"unknown key {key!r}{hint}")

    set_code = record.get("set")
    if set_code is None:
        raise fail(f"has no set (key 'set', one of {', '.join(SETS)})")
    if not isinstance(set_code, str) or set_code not in SETS:
        raise fail(f"set {set_code!r} is not a set code (one of {', '.join(SETS)})")

    sources = record.get("sources")
    if not isinstance(sources, list) or not sources:
        raise fail("has no sources (a list of 'rulebook: <quote>' or 'rulings:<line>')")
    for item in sources:
        if not isinstance(item, str) or not SOURCE_PATTERN.match(item):
            raise fail(f"source {item!r} is neither 'rulebook: <quote>' nor 'rulings:<line>'")

    values: dict[str, Any] = {"title": title, "set": set_code, "sources": tuple(sources)}
    for key, value in record.items():
        if key in ("title", "set", "sources"):
            continue
        if key in _TEXT_KEYS:
            if not isinstance(value, str):
                raise fail(f"{key} must be a string, not {value!r}")
            values[key] = value
        elif key in _INT_KEYS:
            if isinstance(value, bool) or not isinstance(value, int):
                raise fail(f"{key} must be a whole number, not {value!r}")
            values[key] = value
        elif key in _BOOL_KEYS:
            if not isinstance(value, bool):
                raise fail(f"{key} must be true or false, not {value!r}")
            values[key] = value
        elif key in _LIST_KEYS:
            if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
                raise fail(f"{key} must be a list of non-empty strings, not {value!r}")
            values[key] = tuple(value)
        elif key in _ENUM_KEYS:
            values[key] = _enum(_ENUM_KEYS[key], key, value, fail)
        else:
            if not isinstance(value, list):
                raise fail(f"{key} must be a list, not {value!r}")
            values[key] = tuple(_enum(_ENUM_LIST_KEYS[key], key, v, fail) for v in value)
    return values


def _enum(enum: type[Enum], key: str, value: Any, fail: Any) -> Any:
    """Gets the enum member a value names (its exact value, case aside)."""
    if isinstance(value, str):
        for member in enum:
            if str(member.value).casefold() == value.casefold():
                return member
    accepted = ", ".join(repr(m.value) for m in enum)
    raise fail(f"{key} {value!r} is not one of {accepted}")
