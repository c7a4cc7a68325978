"""The tool's own deck file: lossless JSON, validated strictly where it is read.

::

    {"format": "mythos-deck", "version": 1, "name": "Shub's Brood", "notes": ["..."],
     "investigators": [{"title": "Bored Clerk", "set": "MSGS", "printing": 1, "count": 1}],
     "cards": [{"title": "Dark Young", "set": "LTD", "printing": 1, "count": 4}]}

``format``, ``version`` and ``cards`` are required; ``name`` (a string or null),
``notes`` (strings), ``investigators`` and ``sideboard`` (entries like ``cards``) may be
left out. In an entry ``title`` and ``count`` (1 to 99) are required; ``set`` (a set code)
and ``printing`` (1 or more) may be null or left out. Any other key, a wrong type or a bad
count is a :class:`DeckFileError` naming its JSON path (``cards[3].count``) and line.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
from typing import Any

from deckbuilder.decklists.model import (
    MAX_COUNT,
    DeckFileError,
    DeckLine,
    DeckList,
    ResolvedDeck,
    Section,
)

FORMAT = "json"
FORMAT_TAG = "mythos-deck"
VERSION = 1

_TOP_KEYS = ("format", "version", "name", "notes", "investigators", "cards", "sideboard", "ether")
_ENTRY_KEYS = ("title", "set", "printing", "count")
_SECTIONS = (
    ("investigators", Section.INVESTIGATOR),
    ("cards", Section.DECK),
    ("sideboard", Section.SIDEBOARD),
    # Cult vs Investigator: the Cultists' 20-card Ether deck (cvi:348).
    ("ether", Section.ETHER),
)


class _Located(dict[str, Any]):
    """A JSON object that remembers the offset it starts at."""

    offset: int = 0


class _LongNumber:
    """A JSON whole number of more digits than any count, printing or version has, kept
    as its digit count (Python refuses to read one of more than 4,300 digits at all)."""

    def __init__(self, digits: str) -> None:
        self.digits = len(digits.lstrip("-"))

    def __repr__(self) -> str:
        return f"a number of {self.digits} digits"


#: The most digits a whole number of a deck file is read with.
MAX_NUMBER_DIGITS = 18


def _read_int(digits: str) -> int | _LongNumber:
    return _LongNumber(digits) if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS else int(digits)


class _LocatingDecoder(json.JSONDecoder):
    """A JSON decoder whose objects know where they start (for line numbers), and whose
    whole numbers of many digits are kept as :class:`_LongNumber` (refused by the checks).

    Uses the pure-Python scanner, since the C one cannot be given another object parser.
    """

    def __init__(self) -> None:
        super().__init__(parse_int=_read_int)
        parse_object: Any = json.decoder.JSONObject  # type: ignore[attr-defined]

        def located(s_and_end: tuple[str, int], *args: Any) -> tuple[dict[str, Any], int]:
            values, end = parse_object(s_and_end, *args)
            obj = _Located(values)
            obj.offset = s_and_end[1] - 1
            return obj, end

        self.parse_object = located
        self.scan_once = json.scanner.py_make_scanner(self)  # type: ignore[attr-defined]


def _shown(value: Any) -> str:
    """Gets a value as a message echoes it: JSON (its first 60 characters when longer, with
    its length), or how many digits a long number has."""
    if isinstance(value, _LongNumber):
        return repr(value)
    text = json.dumps(value, default=repr)
    return text if len(text) <= 80 else f"{text[:60]}... ({len(text)} characters)"


def lone_surrogate(value: Any, path: str = "") -> tuple[str, str] | None:
    """Gets the JSON path and the escape of the first lone surrogate (``"\\ud800"``, half
    of a UTF-16 pair, which is no character and cannot be written as UTF-8) in a decoded
    document's keys and strings, or ``None``."""
    if isinstance(value, str):
        for ch in value:
            if "\ud800" <= ch <= "\udfff":
                return path or "the document", ch.encode("unicode_escape").decode("ascii")
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            shown = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in key)
            at = f"{path}.{shown}" if path else shown
            found = lone_surrogate(key, at) or lone_surrogate(item, at)
            if found:
                return found
    if isinstance(value, list):
        for n, item in enumerate(value):
            found = lone_surrogate(item, f"{path}[{n}]")
            if found:
                return found
    return None


def _type_name(value: Any) -> str:
    if isinstance(value, _LongNumber):
        return repr(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    return {
        int: "a number",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "an object",
    }.get(type(value), type(value).__name__)


class _Checker:
    """Collects every problem of a deck document, each with its JSON path and line."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.problems: list[str] = []

    def line_of(self, obj: Any) -> int | None:
        if isinstance(obj, _Located):
            return self.text.count("\n", 0, obj.offset) + 1
        return None

    def add(self, path: str, message: str, near: Any = None) -> None:
        line = self.line_of(near)
        where = f" (line {line})" if line else ""
        self.problems.append(f"{path}{where}: {message}")

    def keys(self, obj: dict[str, Any], path: str, allowed: tuple[str, ...]) -> None:
        for key in obj:
            if key not in allowed:
                known = ", ".join(allowed)
                self.add(f"{path}.{key}" if path else key, f"unknown key (known: {known})", obj)

    def entries(self, doc: dict[str, Any], key: str, section: Section) -> list[DeckLine]:
        value = doc.get(key, [])
        if not isinstance(value, list):
            self.add(key, f"must be a list of cards, not {_type_name(value)}", doc)
            return []
        lines: list[DeckLine] = []
        for n, entry in enumerate(value):
            path = f"{key}[{n}]"
            if not isinstance(entry, dict):
                self.add(path, f"must be an object, not {_type_name(entry)}", doc)
                continue
            before = len(self.problems)
            self.keys(entry, path, _ENTRY_KEYS)
            title = entry.get("title")
            if "title" not in entry:
                self.add(path, "has no title", entry)
            elif not isinstance(title, str) or not title.strip():
                self.add(f"{path}.title", f"must be a non-empty string, not {_type_name(title)}", entry)
            set_code = entry.get("set")
            if set_code is not None and (not isinstance(set_code, str) or not set_code.strip()):
                self.add(f"{path}.set", f"must be a set code or null, not {_type_name(set_code)}", entry)
            printing = entry.get("printing")
            if printing is not None and (not isinstance(printing, int) or isinstance(printing, bool) or printing < 1):
                self.add(
                    f"{path}.printing",
                    f"must be a whole number from 1, or null, not {_shown(printing)}",
                    entry,
                )
            count = entry.get("count")
            if "count" not in entry:
                self.add(path, "has no count", entry)
            elif not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_COUNT:
                self.add(
                    f"{path}.count",
                    f"must be a whole number from 1 to {MAX_COUNT}, not {_shown(count)}",
                    entry,
                )
            if len(self.problems) > before or not isinstance(title, str):
                continue
            assert isinstance(count, int)  # checked above
            lines.append(
                DeckLine(
                    count=count,
                    name=" ".join(title.split()),
                    section=section,
                    line_no=self.line_of(entry) or n + 1,
                    raw=json.dumps(entry, ensure_ascii=False),
                    set_hint=set_code.strip() if set_code else None,
                    printing=printing,
                )
            )
        return lines


def read_json_deck(text: str) -> DeckList:
    """Parses the tool's JSON deck file; raises :class:`DeckFileError` on invalid JSON or on
    any key, type or count the format does not allow (all of them, first in the message)."""
    try:
        doc = _LocatingDecoder().decode(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as error:
        raise DeckFileError(f"not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})") from None
    except RecursionError:
        raise DeckFileError("not a mythos-deck file: the JSON is nested too deeply") from None
    if not isinstance(doc, dict):
        raise DeckFileError(f"not a mythos-deck file: the JSON is {_type_name(doc)}, not an object")
    surrogate = lone_surrogate(doc, "")
    if surrogate is not None:
        at, escape = surrogate
        raise DeckFileError(
            f'{at}: holds "{escape}", half of a UTF-16 pair and no character by itself; '
            "write the whole character (both halves) or remove it"
        )
    if doc.get("format") != FORMAT_TAG:
        raise DeckFileError(f'not a mythos-deck file: "format" is {_shown(doc.get("format"))}, expected "{FORMAT_TAG}"')
    check = _Checker(text.removeprefix("\ufeff"))
    check.keys(doc, "", _TOP_KEYS)
    version = doc.get("version")
    if version != VERSION or isinstance(version, bool):
        check.add("version", f"must be {VERSION}, not {_shown(version)}", doc)
    name = doc.get("name")
    if name is not None and not isinstance(name, str):
        check.add("name", f"must be a string or null, not {_type_name(name)}", doc)
    notes = doc.get("notes", [])
    if not isinstance(notes, list):
        check.add("notes", f"must be a list of strings, not {_type_name(notes)}", doc)
        notes = []
    for n, note in enumerate(notes):
        if not isinstance(note, str):
            check.add(f"notes[{n}]", f"must be a string, not {_type_name(note)}", doc)
    if "cards" not in doc:
        check.add("cards", "is missing (a deck needs its list of cards)", doc)
    lines: list[DeckLine] = []
    for key, section in _SECTIONS:
        lines.extend(check.entries(doc, key, section))
    if check.problems:
        more = len(check.problems) - 1
        extra = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise DeckFileError(check.problems[0] + extra, tuple(check.problems))
    return DeckList(
        name=name if isinstance(name, str) and name.strip() else None,
        lines=tuple(lines),
        notes=tuple(note for note in notes if isinstance(note, str)),
        problems=(),
        source_format=FORMAT,
    )


def _entry(card_title: str, set_code: str, printing: int, count: int) -> str:
    return json.dumps(
        {"title": card_title, "set": set_code, "printing": printing, "count": count},
        ensure_ascii=False,
    )


def write_json_deck(deck: ResolvedDeck) -> str:
    """Gets a deck as the tool's JSON file: every printing pinned by title, set and printing
    number, one entry per printing (copies summed), sorted by type then title."""
    out = [
        "{",
        f'  "format": "{FORMAT_TAG}",',
        f'  "version": {VERSION},',
        f'  "name": {json.dumps(deck.name, ensure_ascii=False)},',
    ]
    if deck.notes:
        notes = ",\n".join(f"    {json.dumps(note, ensure_ascii=False)}" for note in deck.notes)
        out.append(f'  "notes": [\n{notes}\n  ],')
    else:
        out.append('  "notes": [],')
    blocks = []
    for key, section in _SECTIONS:
        entries = deck.grouped(section)
        if key in ("sideboard", "ether") and not entries:
            continue
        body = ",\n".join(
            f"    {_entry(card.title, card.set_code, card.printing, count)}" for card, count, _ in entries
        )
        blocks.append(f'  "{key}": [\n{body}\n  ]' if body else f'  "{key}": []')
    out.append(",\n".join(blocks))
    out.append("}")
    return "\n".join(out) + "\n"
