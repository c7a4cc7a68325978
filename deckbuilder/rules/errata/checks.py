"""Checking a record of the errata and rulings files before it is applied.

Each check raises :class:`~deckbuilder.rules.errata.records.InvalidErratumError` with one line
naming the problem, so the importer (``catalog/errata.toml``, ``catalog/rulings.toml``) can say
which record is wrong and why. The values a record gives are read here as the Card fields hold
them, and read back from a card's stored printed values.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from deckbuilder.rules.cards import SETS
from deckbuilder.rules.errata.matching import title_key
from deckbuilder.rules.errata.records import (
    BOOL_FIELDS,
    ENUM_FIELDS,
    ERRATUM_FIELDS,
    INT_FIELDS,
    KIND_FIELDS,
    LIST_FIELDS,
    Erratum,
    ErratumKind,
    InvalidErratumError,
    RulingRecord,
)


def check_erratum(erratum: Erratum) -> None:
    """Checks that an erratum is complete and consistent.

    Raises :class:`InvalidErratumError` with a one-line message naming the problem: an
    unknown kind or field, a field the kind cannot change, a missing ``to``/``from``, a value
    of the wrong type, an unknown set code, ``anchor`` without ``sentence``.
    """
    kind = erratum.kind
    if not isinstance(kind, ErratumKind):
        raise InvalidErratumError(f"unknown kind {kind!r}")
    if not erratum.card.strip():
        raise InvalidErratumError("empty card title")
    if not isinstance(erratum.line, int) or isinstance(erratum.line, bool) or erratum.line < 1:
        raise InvalidErratumError(f"line must be a positive integer, not {erratum.line!r}")
    if not erratum.quote.strip():
        raise InvalidErratumError("empty quote")
    for code in (erratum.set, *erratum.sets):
        if code not in SETS:
            raise InvalidErratumError(f"unknown set code {code!r} (known: {', '.join(SETS)})")
    field = erratum.field
    if field is None:
        if kind is not ErratumKind.NOTE:
            raise InvalidErratumError(f"kind {kind.value!r} needs a field")
    elif field not in ERRATUM_FIELDS:
        raise InvalidErratumError(f"unknown field {field!r} (known: {', '.join(sorted(ERRATUM_FIELDS))})")
    elif field not in KIND_FIELDS[kind]:
        allowed = ", ".join(sorted(KIND_FIELDS[kind]))
        raise InvalidErratumError(f"kind {kind.value!r} cannot change {field!r} (only {allowed})")
    if kind is ErratumKind.REMOVE:
        if erratum.from_ is None:
            raise InvalidErratumError("kind 'remove' needs 'from' (the item removed)")
    elif erratum.to is None:
        raise InvalidErratumError(f"kind {kind.value!r} needs 'to'")
    if kind is ErratumKind.REPLACE and erratum.from_ is None and erratum.sentence is None:
        raise InvalidErratumError("kind 'replace' needs 'from' or 'sentence'")
    if erratum.sentence is not None:
        if kind is not ErratumKind.REPLACE or field != "text":
            raise InvalidErratumError("'sentence' only goes with kind 'replace' on field 'text'")
        if erratum.sentence == 0:
            raise InvalidErratumError("'sentence' counts from 1 (or from -1 for the last)")
    if erratum.anchor is not None and (erratum.sentence is None or erratum.from_ is not None):
        raise InvalidErratumError("'anchor' needs 'sentence' and no 'from'")
    if field is not None and kind is not ErratumKind.NOTE:
        for name, value in (("to", erratum.to), ("from", erratum.from_)):
            if value is not None and not (kind is ErratumKind.REPLACE and name == "to" and value == ""):
                coerce_item(field, value, name)
    elif kind is ErratumKind.NOTE and not isinstance(erratum.to, str):
        raise InvalidErratumError("a note's 'to' is the text shown to the player")


def check_ruling(ruling: RulingRecord) -> None:
    """Checks that a ruling record names something and uses known set codes.

    Raises :class:`InvalidErratumError` with a one-line message.
    """
    if not ruling.topic.strip() or not ruling.text.strip():
        raise InvalidErratumError("a ruling needs a topic and a text")
    if not isinstance(ruling.line, int) or isinstance(ruling.line, bool) or ruling.line < 1:
        raise InvalidErratumError(f"line must be a positive integer, not {ruling.line!r}")
    if not (ruling.cards or ruling.subtypes or ruling.types or ruling.attributes or ruling.text_words):
        raise InvalidErratumError("a ruling must name cards, subtypes, types, attributes or text_words")
    for code in ((ruling.set,) if ruling.set else ()) + ruling.sets:
        if code not in SETS:
            raise InvalidErratumError(f"unknown set code {code!r} (known: {', '.join(SETS)})")
    names = {title_key(t) for t in ruling.cards}
    for real, _doc in ruling.doc_titles:
        if title_key(real) not in names:
            raise InvalidErratumError(f"doc_titles names {real!r}, which is not in cards")
    if ruling.printing is not None and ruling.printing < 1:
        raise InvalidErratumError("printing counts from 1")


def coerce_item(field: str, value: Any, what: str = "to") -> Any:
    """Gets a record value as the Card field (or, for list fields, its items) holds it."""
    if field in INT_FIELDS:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidErratumError(f"{what!r} for {field!r} must be an integer, not {value!r}")
        return value
    if field in BOOL_FIELDS:
        if not isinstance(value, bool):
            raise InvalidErratumError(f"{what!r} for {field!r} must be true or false, not {value!r}")
        return value
    if not isinstance(value, str):
        raise InvalidErratumError(f"{what!r} for {field!r} must be a string, not {value!r}")
    enum = ENUM_FIELDS.get(field) or LIST_FIELDS.get(field)
    if enum is not None and issubclass(enum, StrEnum):
        try:
            return enum(value)
        except ValueError:
            known = ", ".join(member.value for member in enum)
            raise InvalidErratumError(f"{what!r} for {field!r} must be one of {known}, not {value!r}") from None
    return value


def restore_field(field: str, value: Any) -> Any:
    """Gets a stored printed value back in the Card field's own type (JSON gives lists, str)."""
    if value is None:
        return None
    if field in LIST_FIELDS:
        item = LIST_FIELDS[field]
        return tuple(item(v) for v in value)
    if field in ENUM_FIELDS:
        return ENUM_FIELDS[field](value)
    if field == "aliases":
        return tuple(value)
    return value
