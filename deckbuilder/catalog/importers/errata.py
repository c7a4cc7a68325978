"""Reads the errata and rulings records the tool ships (``catalog/errata.toml``,
``catalog/rulings.toml``) into :mod:`deckbuilder.rules.errata` values.

Validation is strict: an unknown key, kind or field, a missing key or a value of the wrong
type stops the load with an :class:`ErrataFileError` naming the file, the record and the
problem in one line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from deckbuilder.catalog.importers.parsedtoml import parse_toml
from deckbuilder.errors import MythosError
from deckbuilder.paths import catalog_data_dir
from deckbuilder.rules.cards import SETS, CardType
from deckbuilder.rules.errata import (
    Anchor,
    Erratum,
    ErratumKind,
    InvalidErratumError,
    RulingRecord,
    check_erratum,
    check_ruling,
)

__all__ = ["ErrataFileError", "load_errata", "load_rulings"]

_T = TypeVar("_T")


class ErrataFileError(MythosError):
    """Raised when an errata or rulings file cannot be read or a record in it is invalid.

    ``index`` is the record's position in the file counting from 1 (``None`` for a problem
    with the whole file).
    """

    kind = "errata-file"

    def __init__(self, path: Path, index: int | None, message: str) -> None:
        self.path = path
        self.index = index
        self.message = message
        where = f"{path}" if index is None else f"{path}: record {index}"
        super().__init__(f"{where}: {message}")


_ERRATUM_REQUIRED = ("card", "set", "kind", "line", "quote")
_ERRATUM_KEYS = frozenset(
    {
        *_ERRATUM_REQUIRED,
        "field",
        "from",
        "to",
        "sets",
        "doc_title",
        "qualifier",
        "sentence",
        "anchor",
        "reversal",
    }
)
_RULING_REQUIRED = ("topic", "text", "line")
_RULING_KEYS = frozenset(
    {
        *_RULING_REQUIRED,
        "cards",
        "doc_titles",
        "subtypes",
        "types",
        "attributes",
        "text_words",
        "except",
        "set",
        "qualifier",
        "printing",
        "text_line",
        "reversal",
    }
)


def load_errata(path: Path | str | None = None) -> list[Erratum]:
    """Reads the ``[[erratum]]`` records of an errata file.

    ``path`` defaults to ``errata.toml`` in :func:`deckbuilder.paths.catalog_data_dir`.
    Each record's ``set`` is widened to the set codes its ``[set_groups]`` entry lists.

    Raises :class:`ErrataFileError` for a missing or malformed file, or a record with an
    unknown key, kind or field, a missing key, or a value of the wrong type.
    """
    file = Path(path) if path is not None else catalog_data_dir() / "errata.toml"
    data = _read(file, {"erratum", "set_groups"})
    groups = _set_groups(file, data)
    records = data.get("erratum", [])
    if not isinstance(records, list):
        raise ErrataFileError(file, None, "'erratum' must be an array of tables ([[erratum]])")
    return [_erratum(file, i, record, groups) for i, record in enumerate(records, start=1)]


def load_rulings(path: Path | str | None = None) -> list[RulingRecord]:
    """Reads the ``[[ruling]]`` records of a rulings file.

    ``path`` defaults to ``rulings.toml`` in :func:`deckbuilder.paths.catalog_data_dir`.

    Raises :class:`ErrataFileError` for a missing or malformed file, or a record with an
    unknown or missing key or a value of the wrong type.
    """
    file = Path(path) if path is not None else catalog_data_dir() / "rulings.toml"
    data = _read(file, {"ruling", "set_groups"})
    groups = _set_groups(file, data)
    records = data.get("ruling", [])
    if not isinstance(records, list):
        raise ErrataFileError(file, None, "'ruling' must be an array of tables ([[ruling]])")
    return [_ruling(file, i, record, groups) for i, record in enumerate(records, start=1)]


def _read(file: Path, top_keys: set[str]) -> dict[str, Any]:
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as error:
        raise ErrataFileError(file, None, f"cannot read the file ({error.strerror})") from None
    try:
        data = parse_toml(file, text)
    except ValueError as error:  # tomllib.TOMLDecodeError
        raise ErrataFileError(file, None, f"not valid TOML: {error}") from None
    unknown = sorted(set(data) - top_keys)
    if unknown:
        raise ErrataFileError(
            file,
            None,
            f"unknown top-level key {unknown[0]!r} (known: {', '.join(sorted(top_keys))})",
        )
    return data


def _set_groups(file: Path, data: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
    groups = data.get("set_groups", {})
    if not isinstance(groups, dict):
        raise ErrataFileError(file, None, "'set_groups' must be a table")
    result = {}
    for code, members in groups.items():
        if (
            code not in SETS
            or not isinstance(members, list)
            or not all(isinstance(m, str) and m in SETS for m in members)
        ):
            raise ErrataFileError(file, None, f"set_groups.{code} must be a known set code mapped to known set codes")
        result[code] = tuple(members)
    return result


def _check_keys(
    file: Path, index: int, record: Any, required: tuple[str, ...], known: frozenset[str]
) -> dict[str, Any]:
    if not isinstance(record, dict):
        raise ErrataFileError(file, index, "a record must be a table")
    missing = [key for key in required if key not in record]
    if missing:
        raise ErrataFileError(file, index, f"missing key {missing[0]!r}")
    unknown = sorted(set(record) - known)
    if unknown:
        raise ErrataFileError(file, index, f"unknown key {unknown[0]!r} (known: {', '.join(sorted(known))})")
    return record


def _get(file: Path, index: int, record: Mapping[str, Any], key: str, kind: type[_T], default: Any = None) -> Any:
    """Gets a key's value, checking its type (bool is not an int here)."""
    if key not in record:
        return default
    value = record[key]
    wrong_bool = kind is int and isinstance(value, bool)
    if not isinstance(value, kind) or wrong_bool:
        raise ErrataFileError(file, index, f"{key!r} must be {_type_name(kind)}, not {value!r}")
    return value


def _get_list(file: Path, index: int, record: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = record.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ErrataFileError(file, index, f"{key!r} must be a list of strings, not {value!r}")
    return tuple(value)


def _type_name(kind: type) -> str:
    return {str: "a string", int: "an integer", bool: "true or false", list: "a list"}.get(kind, kind.__name__)


def _enum(file: Path, index: int, key: str, value: Any, make: Callable[[Any], _T]) -> _T:
    try:
        return make(value)
    except ValueError:
        known = ", ".join(member.value for member in make)  # type: ignore[attr-defined]
        raise ErrataFileError(file, index, f"unknown {key} {value!r} (known: {known})") from None


def _erratum(file: Path, index: int, raw: Any, groups: Mapping[str, tuple[str, ...]]) -> Erratum:
    record = _check_keys(file, index, raw, _ERRATUM_REQUIRED, _ERRATUM_KEYS)
    code = _get(file, index, record, "set", str)
    if code not in SETS:
        raise ErrataFileError(file, index, f"unknown set {code!r} (known: {', '.join(SETS)})")
    anchor = record.get("anchor")
    sets = _get_list(file, index, record, "sets") if "sets" in record else groups.get(code, (code,))
    erratum = Erratum(
        card=_get(file, index, record, "card", str),
        set=code,
        kind=_enum(file, index, "kind", _get(file, index, record, "kind", str), ErratumKind),
        line=_get(file, index, record, "line", int),
        quote=_get(file, index, record, "quote", str),
        field=_get(file, index, record, "field", str),
        from_=record.get("from"),
        to=record.get("to"),
        sets=tuple(sets),
        doc_title=_get(file, index, record, "doc_title", str),
        qualifier=_get(file, index, record, "qualifier", str),
        sentence=_get(file, index, record, "sentence", int),
        anchor=None if anchor is None else _enum(file, index, "anchor", anchor, Anchor),
        reversal=_get(file, index, record, "reversal", bool, False),
    )
    try:
        check_erratum(erratum)
    except InvalidErratumError as error:
        raise ErrataFileError(file, index, f"{erratum.card}: {error}") from None
    return erratum


def _ruling(file: Path, index: int, raw: Any, groups: Mapping[str, tuple[str, ...]]) -> RulingRecord:
    record = _check_keys(file, index, raw, _RULING_REQUIRED, _RULING_KEYS)
    code = _get(file, index, record, "set", str)
    if code is not None and code not in SETS:
        raise ErrataFileError(file, index, f"unknown set {code!r} (known: {', '.join(SETS)})")
    doc_titles = record.get("doc_titles", {})
    if not isinstance(doc_titles, dict) or not all(isinstance(v, str) for v in doc_titles.values()):
        raise ErrataFileError(file, index, "'doc_titles' must be a table of card title = the document's spelling")
    types = tuple(_enum(file, index, "type", value, CardType) for value in _get_list(file, index, record, "types"))
    ruling = RulingRecord(
        topic=_get(file, index, record, "topic", str),
        text=" ".join(_get(file, index, record, "text", str).split()),
        line=_get(file, index, record, "line", int),
        cards=_get_list(file, index, record, "cards"),
        doc_titles=tuple(doc_titles.items()),
        subtypes=_get_list(file, index, record, "subtypes"),
        types=types,
        attributes=_get_list(file, index, record, "attributes"),
        text_words=_get_list(file, index, record, "text_words"),
        except_=_get_list(file, index, record, "except"),
        set=code,
        sets=groups.get(code, (code,)) if code else (),
        qualifier=_get(file, index, record, "qualifier", str),
        printing=_get(file, index, record, "printing", int),
        text_line=_get(file, index, record, "text_line", int),
        reversal=_get(file, index, record, "reversal", bool, False),
    )
    try:
        check_ruling(ruling)
    except InvalidErratumError as error:
        raise ErrataFileError(file, index, f"{ruling.topic}: {error}") from None
    return ruling
