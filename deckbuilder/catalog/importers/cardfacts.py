"""Reads the printed card facts the documents state (``catalog/card-facts.toml``).

Validation is strict, as for the errata: an unknown key or field, a missing key, a value of
the wrong type or a source that is not ``rulebook:N`` / ``rulings:N`` stops the load with a
:class:`CardFactsFileError` naming the file, the record and the problem in one line.
"""

from __future__ import annotations

import re
from enum import StrEnum
from pathlib import Path
from typing import Any

from deckbuilder.catalog.importers.parsedtoml import parse_toml
from deckbuilder.catalog.reconcile import CardFact
from deckbuilder.errors import MythosError
from deckbuilder.paths import catalog_data_dir
from deckbuilder.rules.cards import SETS, Allegiance, CardType, Dimension

__all__ = ["FACT_FIELDS", "CardFactsFileError", "load_card_facts"]


class CardFactsFileError(MythosError):
    """Raised when the card facts file cannot be read or a record in it is invalid."""

    kind = "card-facts-file"


#: The fields a fact may state, with the type of value it takes ("list": with ``without``).
FACT_FIELDS: dict[str, Any] = {
    **dict.fromkeys(("gate", "unique", "goo"), bool),
    **dict.fromkeys(("value", "value2", "sanity", "sanity_max", "education", "hand", "hand_min", "hand_max"), int),
    **dict.fromkeys(("subtype", "region", "subregion", "monster_class"), str),
    "type": CardType,
    "dimension": Dimension,
    "allegiance": Allegiance,
    **dict.fromkeys(("attributes", "public", "languages", "occupations", "icons", "summon", "tome_languages"), list),
}

_REQUIRED = ("card", "set", "field", "source", "quote")
_KEYS = frozenset({*_REQUIRED, "value", "without"})
_SOURCE = re.compile(r"^(rulebook|rulings):[1-9][0-9]*$")


def load_card_facts(path: Path | str | None = None) -> list[CardFact]:
    """Gets the card facts of ``catalog/card-facts.toml`` (or ``path``).

    Raises :class:`CardFactsFileError` for a file that cannot be read or an invalid record.
    """
    file = Path(path) if path is not None else catalog_data_dir() / "card-facts.toml"
    try:
        data = parse_toml(file, file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as exc:  # ValueError: tomllib.TOMLDecodeError, UnicodeDecodeError
        raise CardFactsFileError(f"{file}: cannot be read ({exc})") from None
    unknown = set(data) - {"fact"}
    if unknown:
        raise CardFactsFileError(f"{file}: unknown table {sorted(unknown)[0]!r}; the file holds [[fact]] records")
    return [_fact(file, i, record) for i, record in enumerate(data.get("fact", ()), start=1)]


def _fact(file: Path, index: int, record: Any) -> CardFact:
    where = f"{file}: fact {index}"
    if not isinstance(record, dict):
        raise CardFactsFileError(f"{where}: not a table")
    missing = [k for k in _REQUIRED if k not in record]
    if missing:
        raise CardFactsFileError(f"{where}: lacks {', '.join(missing)}")
    extra = sorted(set(record) - _KEYS)
    if extra:
        raise CardFactsFileError(f"{where}: unknown key {extra[0]!r}")
    for key in ("card", "set", "field", "source", "quote", "without"):
        if key in record and not isinstance(record[key], str):
            raise CardFactsFileError(f"{where}: {key} must be text")
    name, field = record["card"], record["field"]
    if record["set"] not in SETS:
        raise CardFactsFileError(f"{where} ({name}): unknown set {record['set']!r}")
    if not _SOURCE.match(record["source"]):
        raise CardFactsFileError(f"{where} ({name}): source {record['source']!r} is not rulebook:N or rulings:N")
    kind = FACT_FIELDS.get(field)
    if kind is None:
        raise CardFactsFileError(
            f"{where} ({name}): field {field!r} is not one a fact may state ({', '.join(FACT_FIELDS)})"
        )
    if kind is list:
        if "without" not in record or "value" in record:
            raise CardFactsFileError(f"{where} ({name}): the list field {field!r} takes `without`, the item it lacks")
        value = None
    else:
        if "value" not in record or "without" in record:
            raise CardFactsFileError(f"{where} ({name}): the field {field!r} takes `value`")
        value = _value(where, name, field, kind, record["value"])
    return CardFact(
        card=name,
        set=record["set"],
        field=field,
        source=record["source"],
        quote=record["quote"],
        value=value,
        without=record.get("without", ""),
    )


def _value(where: str, name: str, field: str, kind: Any, raw: Any) -> Any:
    if isinstance(kind, type) and issubclass(kind, StrEnum):
        try:
            return kind(raw)
        except ValueError:
            known = ", ".join(member.value for member in kind)
            raise CardFactsFileError(f"{where} ({name}): {field} must be one of {known}, not {raw!r}") from None
    if kind is int and (isinstance(raw, bool) or not isinstance(raw, int)):
        raise CardFactsFileError(f"{where} ({name}): {field} must be an integer, not {raw!r}")
    if not isinstance(raw, kind):
        raise CardFactsFileError(f"{where} ({name}): {field} must be {kind.__name__}, not {raw!r}")
    return raw
