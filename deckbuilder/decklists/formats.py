"""Any deck file format: the formats by name (:data:`FORMATS`), telling a file's format and
encoding by its content, reading any deck file (:func:`read_deck`) and writing one
(:func:`write_deck`).

Each format's own reader and writer live in its module (``text``, ``gccg``, ``lackey``,
``jsonfmt``); a new format is registered in :data:`FORMATS` here. The package's names
(``from deckbuilder.decklists import read_deck``) find these.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePath

from deckbuilder.decklists.code import deck_code_text, is_deck_code
from deckbuilder.decklists.gccg import read_gccg_deck, write_gccg_deck
from deckbuilder.decklists.jsonfmt import read_json_deck, write_json_deck
from deckbuilder.decklists.lackey import read_lackey_deck, write_lackey_deck
from deckbuilder.decklists.lines import PrintingsOf, split_lines
from deckbuilder.decklists.model import DeckList, ResolvedDeck
from deckbuilder.decklists.text import read_text_deck, write_text_deck
from deckbuilder.errors import MythosError


class UnknownDeckFormatError(MythosError, ValueError):
    """Raised when a deck format name is not one of :data:`FORMATS`."""

    kind = "deck-format"


@dataclass(frozen=True)
class DeckFormat:
    """A deck file format: its name, usual file extensions, reader and writer."""

    name: str
    extensions: tuple[str, ...]
    description: str
    reader: Callable[[str], DeckList]
    writer: Callable[[ResolvedDeck, PrintingsOf | None], str]


def _write_json(deck: ResolvedDeck, printings_of: PrintingsOf | None = None) -> str:
    return write_json_deck(deck)


#: The deck formats by name, in the order :func:`detect_format` prefers them on a tie.
FORMATS: dict[str, DeckFormat] = {
    fmt.name: fmt
    for fmt in (
        DeckFormat(
            "text",
            (".txt", ".text", ".md"),
            "a plain list: '4 Dark Young'",
            read_text_deck,
            write_text_deck,
        ),
        DeckFormat("gccg", (".deck",), "GCCG's .deck file", read_gccg_deck, write_gccg_deck),
        DeckFormat("lackey", (".dek", ".xml"), "LackeyCCG's .dek file", read_lackey_deck, write_lackey_deck),
        DeckFormat("json", (".json",), "this tool's JSON deck file", read_json_deck, _write_json),
    )
}

_GCCG_CARD = re.compile(r"^\d+ \S")


def decode_deck_bytes(data: bytes) -> tuple[str, str | None]:
    """Gets the text of a deck file's bytes and, when it was not UTF-8, a warning.

    A byte-order mark says the encoding (UTF-8, or UTF-16 and UTF-32 as Windows Notepad's
    "Unicode" saves); without one, tries UTF-8, then Windows-1252 (LackeyCCG and old forum
    files), then Latin-1, which decodes anything.
    """
    import codecs

    # UTF-32's little-endian mark begins with UTF-16's, so it is looked for first.
    for bom, encoding in (
        (codecs.BOM_UTF32_LE, "utf-32"),
        (codecs.BOM_UTF32_BE, "utf-32"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ):
        if data.startswith(bom):
            try:
                return data.decode(encoding), None
            except UnicodeDecodeError:
                break  # not that encoding after all: read as the bytes allow
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError:
        pass
    for encoding in ("cp1252", "latin-1"):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        return text, f"the file is not UTF-8; read it as {encoding}"
    raise AssertionError("latin-1 decodes any bytes")  # pragma: no cover


def _looks_gccg(lines: list[str]) -> bool:
    """Tells whether every line is in GCCG's own grammar, with a section line."""
    has_section = False
    for raw in lines:
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.casefold() in ("investigators", "deck"):
            has_section = True
            continue
        if not _GCCG_CARD.match(stripped) or "//" in stripped:
            return False
    return has_section


def detect_format(text: str | bytes, filename: str | None = None) -> str:
    """Gets the name of the format a deck file is in, judging by its content first.

    XML with a ``<deck`` element is ``lackey``; a JSON object (``{...}``) is ``json``; lines
    in GCCG's grammar (``Investigators``/``Deck`` lines and ``COUNT NAME``, nothing else) are
    ``gccg``, or ``text`` when the file name ends in ``.txt``; anything else is ``text``.
    The file name's extension only breaks that tie.
    """
    if isinstance(text, bytes):
        text = decode_deck_bytes(text)[0]
    head = text.removeprefix("\ufeff").lstrip()
    if head.startswith("<?xml") or (head.startswith("<") and re.search(r"<deck[\s>/]", head)):
        return "lackey"
    if head.startswith("{"):
        try:
            doc = json.loads(head)
        except (ValueError, RecursionError):
            return "json"  # its reader says what is wrong with it
        if isinstance(doc, dict):
            return "json"
    if _looks_gccg(split_lines(text)):
        suffix = PurePath(filename).suffix.casefold() if filename else ""
        if suffix in FORMATS["text"].extensions:
            return "text"
        return "gccg"
    return "text"


def _name_from_filename(filename: str) -> str | None:
    # A file name's bytes that are not UTF-8 come as lone surrogates (Python's
    # surrogateescape): shown as U+FFFD, as a name must be text that can be saved.
    stem = re.sub("[\ud800-\udfff]", "\ufffd", PurePath(filename).stem)
    name = " ".join(stem.replace("_", " ").replace(".", " ").split())
    return name or None


def read_deck(text: str | bytes, filename: str | None = None, format: str | None = None) -> DeckList:
    """Parses a deck file in any known format (detected from its content unless given).

    Bytes are decoded as UTF-8, else Windows-1252 or Latin-1 with a warning on the deck.
    A deck whose file names it nowhere is named after the file
    (``Aldebaran.Also.Rises.dek`` -> ``Aldebaran Also Rises``).

    Raises :class:`DeckFileError` for LackeyCCG or JSON files that cannot be read at all and
    :class:`UnknownDeckFormatError` for an unknown ``format``; line-level problems are kept
    on the returned deck's ``problems`` instead.
    """
    warnings: list[str] = []
    if isinstance(text, bytes):
        text, warning = decode_deck_bytes(text)
        if warning:
            warnings.append(warning)
    if format is None and is_deck_code(text):
        # A deck code (``mythos:1:...``) is read wherever a deck list is: a file holding one,
        # a pasted one, a command's argument (decklists/code.py).
        text, format = deck_code_text(text), "json"
    name = format or detect_format(text, filename)
    if name not in FORMATS:
        raise UnknownDeckFormatError(f'"{name}" is not a deck format; use one of {", ".join(FORMATS)}')
    deck = FORMATS[name].reader(text)
    changes: dict[str, object] = {}
    if deck.name is None and filename:
        changes["name"] = _name_from_filename(filename)
    if warnings:
        changes["warnings"] = (*deck.warnings, *warnings)
    return dataclasses.replace(deck, **changes) if changes else deck  # type: ignore[arg-type]


def write_deck(deck: ResolvedDeck, format: str, printings_of: PrintingsOf | None = None) -> str:
    """Gets a resolved deck as text in one of :data:`FORMATS`.

    ``printings_of`` (``CardIndex.printings_of``) tells the text, GCCG and LackeyCCG writers
    which titles need a set tag; by default they use the printings the resolver saw.
    Raises :class:`UnknownDeckFormatError` for an unknown format.
    """
    if format not in FORMATS:
        raise UnknownDeckFormatError(f'"{format}" is not a deck format; use one of {", ".join(FORMATS)}')
    return FORMATS[format].writer(deck, printings_of)
