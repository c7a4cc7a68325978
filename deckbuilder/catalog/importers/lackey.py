"""Reads the LackeyCCG Mythos set files (tab-separated text, one card a line).

The files come from the LackeyCCG plugin as the community keeps it, so they are read as
they are: UTF-8 or, failing that, Windows-1252 per file (one file's ellipses are the
Windows-1252 byte 0x85, which other decoders take for a NEL line break, so lines are split
on ``\\n`` and ``\\r\\n`` only); two header variants (``Expansion`` for ``Set``, padded
column names, Movieland's second ``Dimension`` column and missing ``Rarity``); quoted fields
with ``""`` escapes; trailing spaces in names.

The transcription puts some facts in other places than the GCCG one does, and this module
maps them to the same catalog fields (see :mod:`deckbuilder.catalog.importers.fields`):

- ``Attributes`` holds a Location's public attributes, its Gate and its other attributes
  together (``Water, Inside, Tome, Gate, City, House``); an Ally's allegiance and
  occupations (``Corrupt Undertaker``); a Tome's or a Spell's icon names (``Skull`` is the
  Death icon); a Monster's class; the subtype of Adventures, Artifacts and Events.
- ``Languages`` holds an Ally's, Investigator's or Monster-Ally's languages and a Tome's
  language; a language marked ``*`` is one the card's text grants only sometimes.
- ``Summon`` holds a Great Old One's two requirements, or a Monster's invisibility.
- ``Region`` uses short forms (``Lovecraft``); ``Any City`` in ``Region`` is a subregion
  with no Region colour bar; ``Past`` is a column of its own.
- Names carry ``(v2)`` where a title repeats, ``(Greek)`` or ``(Arkham)`` where a set
  holds several cards of one title, and ``(RP)`` on re-pointed Adventures; the title drops
  them and the raw name is kept as an alias. The ``vN`` count runs across sets (``Car
  (v1)`` is Limited's, ``(v2)`` and ``(v3)`` the Standard Game's), so printings are
  numbered within each set, in ``vN`` order, as the GCCG importer numbers them.

Two files (NewAeon, StdC) were once saved through code page 850, turning ``…`` into ``à``
and ``é`` into ``Ú``; the importer undoes that when a whole file shows it, and says so in
the notes.

A value that cannot be interpreted is kept raw as a :class:`~deckbuilder.rules.cards.Problem`;
no line is dropped. A file that cannot be read at all raises :class:`CardDataError`.
"""

from __future__ import annotations

import csv
import hashlib
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from deckbuilder.catalog.importers import fields as f
from deckbuilder.catalog.importers.cardfile import MAX_CARD_FILE_BYTES, CardDataError, ImportResult, SourceFile
from deckbuilder.rules.cards import (
    GOO_CLASSES,
    Card,
    CardType,
    Dimension,
    PublicAttribute,
    SpellIcon,
    display_title,
    fold_title,
)

#: Lackey ``Set`` column values (letters and digits only, lower case) mapped to catalog set
#: codes. The Standard Game's Corrupt and Steadfast decks (``StdC``, ``StdS``) are one set.
LACKEY_SETS = {
    "limited": "LTD",
    "b1mu": "EOMU",
    "b2cr": "CR",
    "b3ln": "LOTN",
    "stdc": "MSGS",
    "stds": "MSGS",
    "dreamlands": "DRM",
    "newaeon": "NAE",
    "scooby": "SD",
    "movieland": "MOVIELAND",
    "repointed": "RP",
}

#: The columns of a Lackey set file, by the names the header uses (folded), mapped to the
#: names this module uses. ``Minuimum`` is the file's own spelling.
COLUMNS = {
    "name": "name",
    "set": "set",
    "expansion": "set",
    "image": "image",
    "type": "type",
    "attributes": "attributes",
    "languages": "languages",
    "value": "value",
    "sanity": "sanity",
    "summon": "summon",
    "unique": "unique",
    "dimension": "dimension",
    "past": "past",
    "region": "region",
    "city": "city",
    "beginning sanity": "beginning_sanity",
    "max sanity": "max_sanity",
    "education": "education",
    "hand size": "hand",
    "minuimum": "hand_min",
    "minimum": "hand_min",
    "maximum": "hand_max",
    "rarity": "rarity",
    "text": "text",
}

#: Lackey rarity letters.
RARITIES = {"C": "Common", "U": "Uncommon", "R": "Rare", "F": "Fixed"}

#: Spell icon names Lackey uses that are not the rulebook's names.
LACKEY_ICONS = {"skull": SpellIcon.DEATH, "dreamlands": SpellIcon.DREAM}

#: Misspellings found only in the Lackey transcription, mapped to the printed word.
LACKEY_SPELLING = {
    "chineese": "Chinese",
    "laton": "Latin",
    "sanitorium": "Sanitarium",
    "washingtom": "Washington",
    "forested": "Forest",
    "cario": "Cairo",
    "gize": "Giza",
    "iiek": "Ilek",
    "insidre": "Inside",
    "sit": "Site",
}

#: Upper bound on one set file: the importers' one limit.
MAX_FILE_BYTES = MAX_CARD_FILE_BYTES

_VERSION = re.compile(r"\s*\(v(?P<n>\d+)\)\s*$", re.IGNORECASE)
_RP = re.compile(r"\s*\(RP\)\s*$")
# "(Greek)", "(Arkham)", and the one unclosed "(Chinese": Lackey's way to tell apart cards
# of one title; GCCG prints the bare title for each.
_QUALIFIER = re.compile(r"\s*\((?P<q>[^()]*)\)?\s*$")
_BOM = b"\xef\xbb\xbf"
_CP850_PLAUSIBLE = frozenset("…’‘“”–—éèêëáàâäíìîïóòôöúùûüçñÉÆæ")


@dataclass
class _Line:
    """One card line as read, before printings are numbered across the set."""

    card: Card
    version: int
    order: tuple[int, int]


def read_lackey_dir(path: Path | str) -> ImportResult:
    """Reads every LackeyCCG set file (``*.txt``) in a folder, as :func:`read_lackey_sets` does.

    Files that are not Lackey set files are skipped with a note. Raises
    :class:`CardDataError` for a set file that cannot be read.
    """
    folder = Path(path)
    files: list[tuple[bytes, Path | str]] = []
    skipped: list[str] = []
    for file in sorted(folder.glob("*.txt")):
        data = _read_bytes(file)
        if is_lackey_set(data):
            files.append((data, file))
        else:
            skipped.append(f"{file.name}: not a LackeyCCG set file (no Name/Set/Type header), skipped")
    result = read_lackey_sets(files)
    result.notes[:0] = skipped
    return result


def read_lackey_file(path: Path | str) -> ImportResult:
    """Reads one LackeyCCG set file. Raises :class:`CardDataError` when it cannot be read."""
    file = Path(path)
    return read_lackey_bytes(_read_bytes(file), file)


def read_lackey_bytes(data: bytes, path: Path | str = "<lackey>") -> ImportResult:
    """Reads one LackeyCCG set file's content.

    Raises :class:`CardDataError` when the content is not a Lackey set file at all: empty,
    binary, without the column header, or with the wrong number of columns on every line.
    A single bad line becomes a :class:`~deckbuilder.rules.cards.Problem` on its card.

    .. warning:: Printings are numbered within this one file. The Standard Game set is two
       files (``StdC``, ``StdS``) that share titles; read them together with
       :func:`read_lackey_sets` so that keys stay unique.
    """
    return read_lackey_sets([(data, path)])


def read_lackey_sets(files: Iterable[tuple[bytes, Path | str]]) -> ImportResult:
    """Reads several LackeyCCG set files' contents as one import.

    Printings of a title repeated within a set are numbered across all the files of that
    set, in ``(vN)`` order, then file order, then line order: ``Car (v2)`` and ``Car (v3)``
    of the Standard Game become printings 1 and 2 (keys ``MSGS:car``, ``MSGS:car#2``),
    as the GCCG importer numbers them. Raises :class:`CardDataError` for content that is
    not a Lackey set file.
    """
    result = ImportResult()
    lines: list[_Line] = []
    names: list[str] = []
    for index, (data, path) in enumerate(files):
        parsed, source, notes = _parse(data, path, index)
        lines.extend(parsed)
        result.sources.append(source)
        result.notes.extend(notes)
        names.append(_name(path))
    lines, dropped = _without_repeats(lines, names, result.notes)
    # Each file's card count is what the catalog tells the files' cards apart by.
    result.sources = [replace(s, cards=s.cards - dropped.get(i, 0)) for i, s in enumerate(result.sources)]
    result.cards.extend(_numbered(lines))
    return result


def _without_repeats(lines: list[_Line], names: list[str], notes: list[str]) -> tuple[list[_Line], dict[int, int]]:
    """Gets the lines without repeats of one printing, and how many each file lost.

    The Standard Game is two decks, and its two Lackey files (``StdC``, ``StdS``) both list
    the cards the two decks share (Portophobia, Boston & Maine Train Station): one printing,
    listed twice. A line that repeats an earlier line of the same set, name and facts (all
    but its image id) is that printing again and is dropped with a note. Printings told
    apart by name (``Car (v2)``, ``Car (v3)``) or by any fact are all kept.
    """
    seen: dict[tuple[str, str, int, str], _Line] = {}
    kept: list[_Line] = []
    dropped: dict[int, int] = {}
    for entry in lines:
        card = entry.card
        facts = repr(sorted((k, repr(v)) for k, v in card.to_dict().items() if k not in ("key", "image", "aliases")))
        ident = (card.set_code, (card.aliases or (card.title,))[0], entry.version, facts)
        first = seen.get(ident)
        if first is None:
            seen[ident] = entry
            kept.append(entry)
            continue
        file_index, line_no = entry.order
        dropped[file_index] = dropped.get(file_index, 0) + 1
        notes.append(
            f"{names[file_index]} line {line_no}: {card.title} repeats {names[first.order[0]]} line "
            f"{first.order[1]} (one printing listed in both files of the set); kept once"
        )
    return kept, dropped


def is_lackey_set(data: bytes) -> bool:
    """Checks whether file content starts with a LackeyCCG set file's column header."""
    first = data[:4096].removeprefix(_BOM).split(b"\n", 1)[0]
    names = {_fold_column(c.decode("latin-1")) for c in first.split(b"\t")}
    return {"name", "type"} <= names and bool(names & {"set", "expansion"})


# -- reading ------------------------------------------------------------------------------


def _read_bytes(file: Path) -> bytes:
    from deckbuilder.catalog.importers.cardfile import read_card_file_bytes

    return read_card_file_bytes(file)


def _decode(data: bytes, path: Path | str, notes: list[str]) -> str:
    """Gets the text of a file: UTF-8 if it is valid UTF-8, else Windows-1252."""
    if not data.strip():
        raise CardDataError(path, "is empty; a LackeyCCG set file starts with a Name/Set/Image/Type... header line")
    if b"\x00" in data:
        raise CardDataError(path, "contains NUL bytes: it is binary (or UTF-16), not a LackeyCCG set file")
    data = data.removeprefix(_BOM)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    text = data.decode("cp1252", errors="replace")
    if "\ufffd" in text:
        notes.append(f"{_name(path)}: bytes that are neither UTF-8 nor Windows-1252 were replaced with U+FFFD")
    repaired, changed = _undo_cp850(text)
    if changed:
        notes.append(
            f"{_name(path)}: {len(changed)} character(s) had been saved through code page 850 "
            f"and were restored ({', '.join(f'{a}→{b}' for a, b in sorted(changed))})"
        )
    return repaired


def _undo_cp850(text: str) -> tuple[str, set[tuple[str, str]]]:
    """Gets text with a code-page-850 round trip undone, when the whole file shows one.

    Some files were once read as code page 850 and saved as Windows-1252, so that ``…``
    became ``à`` and ``é`` became ``Ú`` (``Maison Nationale De SantÚ``). The repair is made
    only when every non-ASCII character of the file maps back to a plausible character;
    a file with genuine Windows-1252 accents or punctuation is left alone.
    """
    odd = {ch for ch in text if ord(ch) > 127}
    if not odd:
        return text, set()
    mapping: dict[int, str] = {}
    for ch in odd:
        try:
            back = ch.encode("cp850").decode("cp1252")
        except (UnicodeEncodeError, UnicodeDecodeError):
            return text, set()
        if back not in _CP850_PLAUSIBLE:
            return text, set()
        mapping[ord(ch)] = back
    return text.translate(mapping), {(chr(k), v) for k, v in mapping.items()}


def _name(path: Path | str) -> str:
    return Path(str(path)).name


def _fold_column(name: str) -> str:
    return " ".join(name.strip().strip('"').casefold().split())


class _LackeyDialect(csv.Dialect):
    """The fields of a Lackey set file's line: tab-separated; a field that starts with ``"``
    runs to its closing quote (tabs included), with ``""`` standing for one quote; a quote
    anywhere else is text, and so is whatever follows a closing quote."""

    delimiter = "\t"
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = "\n"
    quoting = csv.QUOTE_MINIMAL
    strict = False


def _split(line: str, number: int, path: Path | str) -> list[str]:
    """Splits one line (its ending removed) into fields. A quote left open runs to the end
    of the line. Raises :class:`CardDataError` for a field longer than :mod:`csv` takes."""
    # csv ends a record at any carriage return, but the lines are already split at \n: a CR
    # left inside one is text. It goes through csv as NUL, which no file holds (_decode
    # refuses them), and comes back.
    try:
        cells = next(csv.reader([line.replace("\r", "\0")], _LackeyDialect)) or [""]  # "" reads as []
    except csv.Error as exc:
        raise CardDataError(path, f"line {number} is not a card line ({exc})") from None
    return [cell.replace("\0", "\r") for cell in cells]


def _parse(data: bytes, path: Path | str, file_index: int) -> tuple[list[_Line], SourceFile, list[str]]:
    notes: list[str] = []
    text = _decode(data, path, notes)
    # Lines end in \n or \r\n; NEL (U+0085) and other Unicode breaks are text.
    raw_lines = [line.removesuffix("\r") for line in text.split("\n")]
    header_line, body = raw_lines[0], raw_lines[1:]
    if "\r" in header_line:
        raise CardDataError(
            path,
            "its lines end in a bare carriage return (CR); a LackeyCCG set file has one card a line, "
            "ending in LF or CR LF: convert the line endings and import it again",
        )
    header = [_fold_column(c) for c in _split(header_line, 1, path)]
    columns = [COLUMNS.get(c) for c in header]
    if "name" not in columns or "type" not in columns:
        shown = header_line[:80].encode("unicode_escape").decode("ascii")
        raise CardDataError(
            path,
            f"not a LackeyCCG set file: the first line is not the column header "
            f"(Name, Set, Image, Type, ...) but {shown!r}",
        )
    for name, column in zip(header, columns):
        if column is None and name:
            notes.append(
                f"{_name(path)}: column {name!r} is not one the importer knows; its values are kept as problems"
            )
    width = len(header)
    rows = [(number, line) for number, line in enumerate(body, start=2) if line.strip()]
    split_rows = [(number, _split(line, number, path), line) for number, line in rows]
    if split_rows and all(len(cells) != width for _, cells, _ in split_rows):
        counts = sorted({len(cells) for _, cells, _ in split_rows})
        raise CardDataError(
            path,
            f"every line has {'/'.join(map(str, counts))} tab-separated columns but the header has {width}: "
            "not a LackeyCCG set file, or its tabs were converted to spaces",
        )
    _check_whole(text, split_rows, width, path, notes)
    fallback_set = _set_code(Path(str(path)).stem)
    parsed: list[_Line] = []
    for number, cells, line in split_rows:
        parsed.append(_line(header, columns, cells, number, line, file_index, fallback_set))
    if not parsed:
        notes.append(f"{_name(path)}: has a header but no card lines")
    set_codes = sorted({p.card.set_code for p in parsed})
    source = SourceFile(
        path=str(path),
        transcription="lackey",
        set_code=set_codes[0] if len(set_codes) == 1 else (fallback_set or ",".join(set_codes)),
        cards=len(parsed),
        sha256=hashlib.sha256(data).hexdigest(),
    )
    return parsed, source, notes


def _check_whole(
    text: str, rows: list[tuple[int, list[str], str]], width: int, path: Path | str, notes: list[str]
) -> None:
    """Refuses a file cut short: its last line has no line end and fewer columns than the
    header (a download or copy stopped in the middle of a card, which would be read as a
    card "Your First Big Stor" of no set), as the GCCG reader refuses XML that stops short.

    Every LackeyCCG set file ends its last card with a line end. A last line of every column
    but no line end may have lost the end of its last column, which cannot be told: a note
    says so. Raises :class:`CardDataError`.
    """
    if not rows or text.endswith("\n"):
        return
    number, cells, line = rows[-1]
    if number != text.count("\n") + 1:
        return  # the text after the last line end is blank: nothing was cut
    if len(cells) < width:
        shown = line.strip()[:40].encode("unicode_escape").decode("ascii")
        raise CardDataError(
            path,
            f"cut short: its last line (line {number}) stops after {len(cells)} of the header's {width} columns "
            f'with no line end ("{shown}"); the file was copied or downloaded only in part: get it again',
        )
    notes.append(
        f"{_name(path)}: no line end after its last line (line {number}); if the file was cut short there, "
        f"the last column of that card may be incomplete"
    )


def _set_code(raw: str) -> str | None:
    return LACKEY_SETS.get(re.sub(r"[^0-9a-z]", "", raw.casefold()))


def _line(
    header: list[str],
    columns: list[str | None],
    cells: list[str],
    number: int,
    line: str,
    file_index: int,
    fallback_set: str | None,
) -> _Line:
    """Builds one card from one line's cells."""
    out = f.Fields()
    values: dict[str, str] = {}
    for name, column, cell in zip(header, columns, cells):
        cell = cell.strip()
        if column is None:
            if cell:
                out.problem(
                    name or "column",
                    cell,
                    f"line {number}: value in a column the importer does not know",
                )
            continue
        if column in values and values[column] and cell and f.clean(cell) != f.clean(values[column]):
            # Movieland's header has Dimension twice; the second is always empty there.
            out.problem(column, cell, f"line {number}: a second {column!r} column disagrees with the first")
            continue
        if cell or column not in values:
            values[column] = cell
    if len(cells) > len(header):
        extra = "\t".join(c for c in cells[len(header) :])
        if extra.strip():
            out.problem(
                "line",
                extra,
                f"line {number}: {len(cells)} columns where the header has {len(header)}",
            )
    elif len(cells) < len(header):
        out.problem(
            "line",
            line,
            f"line {number}: {len(cells)} columns where the header has {len(header)}; the rest are empty",
        )

    raw_set = f.clean(values.get("set"))
    set_code = _set_code(raw_set)
    if set_code is None:
        # An unknown set keeps its own name as code (never taken for an official set's).
        set_code = fallback_set if not raw_set else re.sub(r"[^0-9A-Z]", "", raw_set.upper())
        set_code = set_code or "UNKNOWN"
        out.problem("set", raw_set, f"line {number}: not a Lackey set name the importer knows")
    raw_name = f.clean(values.get("name"))
    title, version, aliases = _title(raw_name, set_code)
    if not title:
        out.problem("name", raw_name, f"line {number}: the card has no name")
        title = f"Line {number}"
    card = _card(values, out, title, set_code, aliases)
    return _Line(card=card.replace(source="lackey"), version=version, order=(file_index, number))


def _title(raw: str, set_code: str) -> tuple[str, int, tuple[str, ...]]:
    """Gets the title, the ``(vN)`` version (0 if none) and aliases from a Lackey name."""
    title = raw.strip().strip('"').strip()
    version = 0
    if set_code == "RP":
        title = _RP.sub("", title)
    match = _VERSION.search(title)
    if match:
        version = int(match["n"])
        title = title[: match.start()]
    else:
        qualifier = _QUALIFIER.search(title)
        if qualifier and qualifier.start() > 0:
            title = title[: qualifier.start()]
    title = display_title(title.strip())
    aliases = (raw,) if raw and raw != title else ()
    return title, version, aliases


def _respell(text: str) -> str:
    """Corrects the Lackey-only misspellings word by word."""
    return re.sub(r"[A-Za-z]+", lambda m: LACKEY_SPELLING.get(m.group(0).casefold(), m.group(0)), text)


def _numbered(lines: list[_Line]) -> list[Card]:
    """Numbers the printings of titles repeated within a set, ``(vN)`` order first."""
    groups: dict[tuple[str, str], list[_Line]] = defaultdict(list)
    for entry in lines:
        groups[(entry.card.set_code, fold_title(entry.card.title))].append(entry)
    printing: dict[int, int] = {}
    for group in groups.values():
        for n, entry in enumerate(sorted(group, key=lambda e: (e.version, e.order)), start=1):
            printing[id(entry)] = n
    cards = []
    for entry in lines:
        n = printing[id(entry)]
        card = entry.card
        cards.append(card.replace(printing=n, key=f.card_key(card.set_code, card.title, n)))
    return cards


# -- fields -------------------------------------------------------------------------------


def _card(values: dict[str, str], out: f.Fields, title: str, set_code: str, aliases: tuple[str, ...]) -> Card:
    """Builds the printed card from one line's values (printing 1 until :func:`_numbered`).

    Each card type reads the columns it uses; a value in any other column is kept as a
    problem, so nothing the file says is dropped.
    """
    card_type = f.parse_type(values.get("type", ""), out)
    attributes = _respell(f.clean(values.get("attributes")).strip(" ,"))
    languages = _respell(f.clean(values.get("languages")))
    summon = _respell(f.clean(values.get("summon")))
    used = {
        "name",
        "set",
        "image",
        "type",
        "rarity",
        "text",
        "value",
        "sanity",
        "unique",
        "dimension",
    }

    value = f.clean(values.get("value"))
    if value.upper() in ("GOO", "OG"):
        # Lackey writes GOO for Great Old Ones and OG for Outer Gods; GCCG has {GOO} for both.
        value = "{GOO}"
    f.parse_value(value, card_type, out)
    f.parse_sanity(values.get("sanity", ""), out)
    v = out.values
    v["unique"] = _unique(values.get("unique", ""), out)
    v["dimension"] = _dimension(values.get("dimension", ""), card_type, out)
    subtype: str | None = None

    if card_type is CardType.LOCATION:
        _location(attributes, out)
        used |= {"attributes", "region", "city"}
    elif card_type is CardType.TOME:
        v["icons"] = _icons(attributes, out)
        v["tome_languages"], v["tome_language_rule"] = f.parse_tome_languages(languages)
        used |= {"attributes", "languages"}
    elif card_type is CardType.SPELL:
        v["icons"] = _icons(attributes, out)
        subtype = v["icons"][0].value if v["icons"] else (attributes or None)  # type: ignore[index]
        used |= {"attributes"}
    elif card_type is CardType.ALLY:
        _person(attributes, languages, out)
        _invisible(summon, out)
        used |= {"attributes", "languages", "summon", "region", "city", "past"}
    elif card_type is CardType.INVESTIGATOR:
        _person("", languages, out)
        _investigator(values, out)
        used |= {
            "languages",
            "beginning_sanity",
            "max_sanity",
            "education",
            "hand",
            "hand_min",
            "hand_max",
        }
    elif card_type is CardType.MONSTER:
        subtype = _monster(attributes, languages, summon, out)
        used |= {"attributes", "languages", "summon"}
    elif card_type is CardType.EVENT:
        subtype = _event(attributes, languages, out)
        used |= {"attributes", "languages"}
    elif card_type in (CardType.ADVENTURE, CardType.ARTIFACT):
        subtype = attributes or None
        used |= {"attributes"}
        if languages.casefold().startswith("affect"):
            v["affects"] = languages
            used |= {"languages"}

    if "region" in used or "city" in used:
        _region(values, card_type, out)

    for column, raw in values.items():
        if column not in used and f.clean(raw):
            out.problem(
                column,
                f.clean(raw),
                f"a {card_type.value if card_type else 'card'} does not use this column",
            )

    rarity = f.clean(values.get("rarity"))
    return Card(
        key=f.card_key(set_code, title, 1),
        title=title,
        printed_title=title,
        aliases=aliases,
        set_code=set_code,
        type=card_type,
        subtype=subtype,
        rarity=RARITIES.get(rarity.upper(), rarity or None),
        text=f.clean(values.get("text")),
        image=f.clean(values.get("image")) or None,
        source="lackey",
        problems=tuple(out.problems),
        **v,  # type: ignore[arg-type]
    )


def _unique(raw: str, out: f.Fields) -> bool:
    """Parses the Unique column: ``Unique`` is the Uniqueness Dot."""
    raw = f.clean(raw)
    if raw.casefold() in ("unique", "{u}", "u", "yes"):
        return True
    if raw:
        out.problem("unique", raw, "Unique column is neither empty nor 'Unique'")
    return False


def _dimension(raw: str, card_type: CardType | None, out: f.Fields) -> Dimension | None:
    """Parses the Dimension column; Movieland's own Dimension is kept as a problem."""
    raw = f.clean(raw)
    if raw.casefold() == "movieland":
        out.problem("dimension", raw, "fan Dimension, not one of the rulebook's three")
        return None
    return f.parse_dimension(raw, card_type, out)


def _split_commas(raw: str) -> list[str]:
    """Splits a comma list, dropping empty items (Lackey lines often end in ``, ``)."""
    return [part for part in (f.clean(p) for p in raw.split(",")) if part]


def _tidy(word: str) -> str:
    """Gets an attribute word in title case when the transcription mis-capitalised it (``CIty``)."""
    if word[1:] != word[1:].lower() and not word.isupper():
        return " ".join(w.capitalize() for w in word.split(" "))
    return word


def _location(raw: str, out: f.Fields) -> None:
    """Parses a Location's mixed line: public attributes, ``Gate`` and attributes."""
    public: list[PublicAttribute] = []
    attributes: list[str] = []
    gate = False
    for part in _split_commas(raw):
        word = f.spell(_tidy(part))
        as_public = f.public_from_word(word)
        if as_public is not None:
            public.append(as_public)
        elif word.casefold() == "gate":
            gate = True
        else:
            attributes.append(word)
    out.values["public"] = tuple(p for p in PublicAttribute if p in public)
    out.values["gate"] = gate
    out.values["attributes"] = f.parse_location_attributes(", ".join(attributes))


def _icons(raw: str, out: f.Fields) -> tuple[SpellIcon, ...]:
    """Parses Spell icon names (``Cthulhu, Skull``) into icons."""
    icons: list[SpellIcon] = []
    for part in _split_commas(raw):
        icon = LACKEY_ICONS.get(part.casefold())
        found = (icon,) if icon else f.parse_icon_name(part, out)
        icons.extend(i for i in found if i not in icons)
    return tuple(icons)


def _languages(raw: str) -> str:
    """Gets a language line without ``Knows`` and without ``*`` languages.

    A ``*`` marks a language the card's text grants only sometimes (``English, *French``:
    French only while the Investigator is in a certain place); the printed language line
    does not carry it, and the text still does.
    """
    raw = re.sub(r"^\s*knows\b", "", raw, flags=re.IGNORECASE)
    parts = [p for p in re.split(r"(,|&|\band\b)", raw)]
    kept: list[str] = []
    for part in parts:
        if part.strip().startswith("*"):
            if kept and kept[-1] in (",", "&", "and"):
                kept.pop()
            continue
        kept.append(part)
    return "".join(kept).strip(" ,&")


def _person(attributes: str, languages: str, out: f.Fields) -> None:
    """Parses an Ally's allegiance and occupations with its languages (own column in Lackey)."""
    f.parse_person(f"{attributes}, Knows {_languages(languages)}", out)
    out.values["languages"] = tuple(
        dict.fromkeys(lang[:1].upper() + lang[1:] for lang in out.values.get("languages", ()))  # type: ignore[attr-defined]
    )


def _invisible(raw: str, out: f.Fields) -> None:
    """Adds the ``Invisible`` an Ally's Summon column may hold to its attributes."""
    if not raw:
        return
    if "invisible" in raw.casefold():
        out.values["attributes"] = tuple(out.values.get("attributes", ())) + (raw,)  # type: ignore[arg-type]
    else:
        out.problem("summon", raw, "not a summoning requirement nor invisibility")


def _investigator(values: dict[str, str], out: f.Fields) -> None:
    """Parses an Investigator's numbers; beginning Sanity goes where GCCG has it, in ``sanity``."""
    beginning = values.get("beginning_sanity", "")
    if f.clean(beginning):
        f.parse_sanity(beginning, out)
    for name, column in (
        ("sanity_max", "max_sanity"),
        ("education", "education"),
        ("hand", "hand"),
        ("hand_min", "hand_min"),
        ("hand_max", "hand_max"),
    ):
        out.values[name] = f.parse_int(values.get(column, ""), name, out)


def _monster(attributes: str, languages: str, summon: str, out: f.Fields) -> str | None:
    """Parses a Monster: class first in ``Attributes``; a Monster-Ally's person after it."""
    parts = _split_commas(attributes)
    subtype = parts[0] if parts else None
    monster_class = f.monster_class(subtype or "")
    if subtype and monster_class is None:
        out.problem("subtype", subtype, "unknown Monster class")
    else:
        subtype = monster_class
    out.values["monster_class"] = monster_class
    goo = bool(out.values.get("goo")) or monster_class in GOO_CLASSES
    out.values["goo"] = goo
    person = ", ".join(parts[1:])
    extra: list[str] = []
    if goo and not summon and not person and languages:
        # Movieland's The Devil keeps its requirements in Languages.
        summon, languages = languages, ""
    if person or (languages and "invisible" not in languages.casefold()):
        f.parse_person(f"{person}, Knows {_languages(languages)}", out)
    elif languages:
        # Two Movieland ghosts keep "Invisible" in Languages.
        extra.append(languages)
    if goo:
        out.values["summon"] = f.parse_summon(summon)
    elif summon:
        extra.append(summon)
    if extra:
        for raw in extra:
            if "invisible" not in raw.casefold():
                out.problem("summon", raw, "not a summoning requirement nor invisibility")
        kept = [f.spell_words(r) for r in extra if "invisible" in r.casefold()]
        out.values["attributes"] = tuple(dict.fromkeys([*out.values.get("attributes", ()), *kept]))  # type: ignore[misc]
    return subtype


def _event(attributes: str, languages: str, out: f.Fields) -> str | None:
    """Parses an Event: subtype in ``Attributes`` (or a Travel subtype in ``Languages`` with
    the Travel Event's Location attributes in ``Attributes``), ``Affects ...`` line."""
    parts = _split_commas(attributes)
    subtype: str | None = None
    travel = languages if languages.casefold().startswith("travel") else ""
    if languages.casefold().startswith("affect"):
        out.values["affects"] = languages
    elif languages and not travel:
        subtype = languages
    place = [p for p in parts if f.public_from_word(p) or p.casefold() in ("artifact", "tome")]
    if travel or (parts and len(place) == len(parts)):
        public = [f.public_from_word(p) for p in place]
        out.values["public"] = tuple(p for p in PublicAttribute if p in public)
        out.values["attributes"] = tuple(p for p in place if not f.public_from_word(p))
        if travel:
            subtype = _travel(travel)
    elif len(parts) > 1 and all(p.casefold().startswith("travel by ") for p in parts):
        # "Travel by Air, Travel by Sea" is GCCG's "Travel by Air and Sea".
        subtype = "Travel by " + " and ".join(f.clean(p)[len("travel by ") :] for p in parts)
    elif attributes:
        if subtype:
            out.problem("subtype", attributes, "two subtypes")
        subtype = _travel(attributes) if attributes.casefold().startswith("travel") else attributes
    return subtype


def _travel(raw: str) -> str:
    """Gets a Travel subtype in the rulebook's words: ``Travel by Sea``, ``Travel in Space``.

    Lackey writes ``Travel by Space``; the rulebook says "SHUTTLE ICARUS (a Travel in Space
    card)" ("Exotic Locations") and so does GCCG.
    """
    text = re.sub(r"^travel\s+by\s+", "Travel by ", f.clean(raw), flags=re.IGNORECASE)
    return re.sub(r"^Travel by Space$", "Travel in Space", text, flags=re.IGNORECASE)


def _region(values: dict[str, str], card_type: CardType | None, out: f.Fields) -> None:
    """Parses Region, City and Past into region and subregion.

    ``Any City`` in the Region column is a subregion with an uncoloured Region bar
    (rulebook, "Ally cards": "found in all Regions within a Dimension"). A New Æon card
    with a city and no Region is in the New Æon Region: "In NEW AEON, all Locations
    (except Exotic Locations) are in the same Region" (rulebook, "Regions"). ``Past`` makes
    the subregion ``Arkham Past`` (``Any Past`` without a city).
    """
    region_raw = _respell(f.clean(values.get("region")))
    city = _respell(f.clean(values.get("city")))
    past = f.clean(values.get("past"))
    region: str | None = None
    subregion = city or None
    if region_raw.casefold() == "any":
        region = None
    elif region_raw.casefold().startswith("any "):
        if city and fold_title(city) != fold_title(region_raw):
            out.problem("city", city, "an 'Any ...' Region column and a city")
        subregion = region_raw
    elif fold_title(region_raw) in ("exotic", "exotic location") or fold_title(city) in (
        "exotic",
        "exotic location",
    ):
        region = subregion = "Exotic Location"
    elif region_raw:
        doubled = re.fullmatch(r"(?P<a>.+?) (?P=a)", region_raw)
        if doubled and not city:
            # "New York New York": Region and City typed into one column.
            region_raw = subregion = doubled["a"]
        region = f.parse_region(region_raw)
    elif city and out.values.get("dimension") is Dimension.NEW_AEON:
        region = "New Æon"
    if past:
        if past.casefold() != "past":
            out.problem("past", past, "Past column is neither empty nor 'Past'")
        elif not (subregion or "").casefold().endswith(" past"):
            subregion = f"{subregion or 'Any'} Past"
    if region and not subregion:
        # The colour bar always carries a phrase; where it is the Region's own name
        # (South Pacific islands) Lackey leaves City empty and GCCG repeats the Region.
        subregion = region
    out.values["region"] = region
    out.values["subregion"] = f.parse_subregion(subregion or "")
