"""Deck codes: a whole deck in one short line to paste in a chat, read back offline.

::

    mythos:1:eNqL4ErhNOH0CXHhNOR0SSzKVojML81LBwA5JQXo

A code is ``mythos:`` (what tells it from a file name or a deck list), the code's version
(``1``), a colon, and the deck in base64url (letters, digits, ``-`` and ``_``: nothing a
chat program or a URL changes) of zlib-compressed canonical text::

    NAME
    i<TAB>COUNT<TAB>SET<TAB>PRINTING<TAB>TITLE     one line a printing; i Investigator,
    d<TAB>...                                      d deck, s sideboard

The lines are sorted (section, title, set, printing), so one deck always gives one code.
Each card is named by its title, set code and printing, exactly as the JSON deck file
names it (:mod:`deckbuilder.decklists.jsonfmt`), so a code decodes without the network and
resolves against any catalog holding those printings. The deck's notes are left out (a code
is for sharing the cards); its name is kept.

zlib's checksum refuses a code damaged in transit (a letter changed, the end cut off): the
reader raises :class:`~deckbuilder.decklists.model.DeckFileError` with one line, never a
wrong deck. Spaces and line breaks a chat program put into a code are ignored.

Pure standard library (zlib, base64), like the rest of the deck-file readers.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Mapping
from typing import Any

from deckbuilder.decklists.model import MAX_COUNT, DeckFileError

#: What every deck code starts with.
CODE_PREFIX = "mythos:"

#: The version of the code this module writes (and the only one it reads).
CODE_VERSION = 1

#: The most bytes a code decompresses to: far more than any deck (99 copies of a few hundred
#: titles), little enough that a crafted code cannot fill the memory.
MAX_DECODED_BYTES = 200_000

_SECTIONS = (("i", "investigators"), ("d", "cards"), ("s", "sideboard"))
_KEY_OF = dict(_SECTIONS)
_BODY = re.compile(r"[A-Za-z0-9_-]+")


def is_deck_code(text: str) -> bool:
    """Tells whether text is meant as a deck code (it starts with ``mythos:``, after any
    blanks): a damaged code is one too, so that its reader says it is damaged."""
    return text.lstrip("\ufeff \t\r\n").casefold().startswith(CODE_PREFIX)


def write_deck_code(doc: Mapping[str, Any]) -> str:
    """Gets the deck code of a JSON deck document (``{"name":..., "investigators": [...],
    "cards": [...], "sideboard": [...]}``, as :func:`~deckbuilder.decklists.write_json_deck`
    writes it). Entries with no set or printing are written with ``-`` and 1.

    >>> write_deck_code({"name": "X", "cards": [{"title": "Dark Young", "set": "LTD", "printing": 1, "count": 4}]})
    'mythos:1:eNqL4ErhNOH0CXHhNOR0SSzKVojML81LBwA5JQXo'
    """
    # The name is the payload's first line: only a line break would break it; any other
    # blank (two spaces, a no-break space) is the player's and comes back as it was.
    name = " ".join(str(doc.get("name") or "").splitlines()).strip()
    counts: dict[tuple[str, str, str, int], int] = {}
    for letter, key in _SECTIONS:
        for entry in doc.get(key) or ():
            title = " ".join(str(entry["title"]).split())
            where = (letter, title, str(entry.get("set") or "-"), int(entry.get("printing") or 1))
            counts[where] = counts.get(where, 0) + int(entry["count"])
    order = {letter: n for n, (letter, _key) in enumerate(_SECTIONS)}
    lines = [name]
    for (letter, title, set_code, printing), n in sorted(
        counts.items(), key=lambda kv: (order[kv[0][0]], kv[0][1].casefold(), kv[0][1:])
    ):
        while n > 0:  # a line holds at most the deck file's 99 copies
            lines.append(f"{letter}\t{min(n, MAX_COUNT)}\t{set_code}\t{printing}\t{title}")
            n -= MAX_COUNT
    packed = zlib.compress("\n".join(lines).encode("utf-8"), 9)
    return f"{CODE_PREFIX}{CODE_VERSION}:" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def _damaged(why: str) -> DeckFileError:
    return DeckFileError(f"deck code: {why}; copy the whole code again (it starts with {CODE_PREFIX}{CODE_VERSION}:)")


def read_deck_code(code: str) -> dict[str, Any]:
    """Gets the JSON deck document a deck code holds (the mythos-deck format, ready for
    :func:`~deckbuilder.decklists.read_json_deck`).

    Raises :class:`~deckbuilder.decklists.model.DeckFileError`, one line, for a code that is
    damaged (a letter changed, cut short), of an unknown version, or not a code at all.
    """
    text = "".join(code.split()).removeprefix("\ufeff")
    if not text.casefold().startswith(CODE_PREFIX):
        raise _damaged("not a deck code")
    version, sep, body = text[len(CODE_PREFIX) :].partition(":")
    if not sep or not version.isdigit():
        raise _damaged("no version after mythos:")
    if int(version) != CODE_VERSION:
        raise DeckFileError(
            f"deck code: version {version} is not one this mythos reads (it reads version "
            f"{CODE_VERSION}); update mythos, or ask for a code of version {CODE_VERSION}"
        )
    if not _BODY.fullmatch(body):
        bad = next((ch for ch in body if not _BODY.fullmatch(ch)), "")
        raise _damaged(f"{bad!r} cannot be part of one" if bad else "it is empty")
    inflater = zlib.decompressobj()
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        data = inflater.decompress(packed, MAX_DECODED_BYTES)
    except (binascii.Error, zlib.error, ValueError):
        raise _damaged("it is damaged (its checksum does not match)") from None
    if inflater.unconsumed_tail:
        raise _damaged("it holds far more than a deck")
    if not inflater.eof:
        raise _damaged("it is cut short")
    if inflater.unused_data:
        raise _damaged("something follows its end")
    try:
        words = data.decode("utf-8")
    except UnicodeDecodeError:
        raise _damaged("it is damaged (not text inside)") from None
    return _document(words)


def _document(words: str) -> dict[str, Any]:
    name, *lines = words.split("\n")
    doc: dict[str, Any] = {
        "format": "mythos-deck",
        "version": 1,
        "name": name or None,
        "notes": [],
        "investigators": [],
        "cards": [],
        "sideboard": [],
    }
    for number, line in enumerate(lines, 2):
        parts = line.split("\t")
        if len(parts) != 5 or parts[0] not in _KEY_OF or not parts[1].isdigit() or not parts[3].isdigit():
            raise _damaged(f"its line {number} is not a card")
        letter, count, set_code, printing, title = parts
        if not (1 <= int(count) <= MAX_COUNT) or not title.strip():
            raise _damaged(f"its line {number} is not a card")
        doc[_KEY_OF[letter]].append(
            {
                "title": title,
                "set": None if set_code == "-" else set_code,
                "printing": int(printing) or 1,
                "count": int(count),
            }
        )
    return doc


def deck_code_text(code: str) -> str:
    """Gets a deck code as the JSON deck file's text. Raises as :func:`read_deck_code` does."""
    return json.dumps(read_deck_code(code), ensure_ascii=False, indent=2) + "\n"
