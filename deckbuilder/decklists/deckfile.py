"""Loads a deck list against the cards: read, resolve every name, and hand the rules a Deck.

The edge between deck files (the readers of :mod:`deckbuilder.decklists`) and the rules
core (:mod:`deckbuilder.rules.decks`): a file or text is read, every name is resolved
against a :class:`~deckbuilder.decklists.resolve.CardIndex`, and the rules get a
:class:`~deckbuilder.rules.decks.Deck`. Nothing is guessed silently: every line the reader
could not understand and every name that did not resolve is collected and reported
together, and every loose match is reported as a note. Deck files are written atomically.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckbuilder.decklists.model import ResolveStep
from deckbuilder.errors import MythosError
from deckbuilder.paths import read_regular_file
from deckbuilder.rules.decks import Deck, DeckEntry, Section

#: The largest deck list read, in bytes: anything bigger is not a deck list.
MAX_DECK_BYTES = 5_000_000

#: The steps of name resolution that correct what was typed, and are reported as a "read
#: as" note; an exact title, the display form and a set tag are a format's own ways.
CORRECTIONS = frozenset({ResolveStep.FOLDED, ResolveStep.FUZZY})


class UnresolvedDeckError(MythosError, ValueError):
    """Raised when a deck file has lines that could not be read or names that name no card."""

    kind = "unresolved-deck"

    def __init__(self, path: str, problems: list[str], hint: str = "") -> None:
        self.path = path
        self.problems = problems
        n = len(problems)
        super().__init__(
            f"{path}: {n} line{'s' if n != 1 else ''} could not be read: "
            + "; ".join(problems[:3])
            + ("; ..." if n > 3 else "")
            + (f" ({hint})" if hint else "")
        )


@dataclass(frozen=True)
class LoadedDeck:
    """A deck read from a file or text: the resolved lines, the rules' view, and what was reported.

    ``path`` is the file as given, or the name pasted text goes by; ``reports`` holds one
    line per name read loosely (``line 3: "Dark Yuong" read as "Dark Young" (fuzzy)``) and
    per reader warning, for the front end to show.
    """

    path: str
    resolved: Any  # decklists.ResolvedDeck
    deck: Deck
    reports: tuple[str, ...]
    source_format: str
    #: The way to play the deck records (``format``, ``target``, ``house_rules``): its
    #: :data:`WAY_NOTE` note, or a saved deck's; None when it records none.
    way_to_play: dict[str, Any] | None = None

    @property
    def name(self) -> str:
        """Gets the deck's name: the one the list gives, else its file's path."""
        return self.deck.name or self.path


#: How a deck file records its way to play: a note of its own (every deck format keeps its
#: notes: a comment in text and GCCG decks, a ``<note>`` line in LackeyCCG's, ``notes`` in
#: JSON), so that it rides through ``deck convert`` and reads back in any format.
WAY_NOTE = "Way to play:"


def way_note(format_id: str, target: int | None = None, house_rules: tuple[str, ...] = ()) -> str:
    """Gets the note that records a way to play: ``Way to play: campaign, target 20``, with
    ``, house rules a + b`` when there are any (:func:`noted_way_to_play` reads it)."""
    parts = [format_id]
    if target is not None:
        parts.append(f"target {target}")
    if house_rules:
        parts.append("house rules " + " + ".join(house_rules))
    return f"{WAY_NOTE} {', '.join(parts)}"


def noted_way_to_play(notes: tuple[str, ...]) -> dict[str, Any] | None:
    """Gets the way to play a deck's notes record (the last :data:`WAY_NOTE` note), as
    ``{"format", "target", "house_rules"}``; None when no note records one or the note is
    not in :func:`way_note`'s form (then it stays a note like any other)."""
    import re

    for note in reversed(notes):
        if not note.startswith(WAY_NOTE):
            continue
        parts = [p.strip() for p in note[len(WAY_NOTE) :].split(",")]
        if not parts or not re.fullmatch(r"[a-z0-9-]+", parts[0]):
            continue
        way: dict[str, Any] = {"format": parts[0], "target": None, "house_rules": []}
        for part in parts[1:]:
            target = re.fullmatch(r"target (\d{1,4})", part)
            rules = re.fullmatch(r"house rules ([a-z0-9-]+(?: \+ [a-z0-9-]+)*)", part)
            if target:
                way["target"] = int(target.group(1))
            elif rules:
                way["house_rules"] = rules.group(1).split(" + ")
            else:
                break
        else:
            return way
    return None


def to_rules_deck(resolved: Any) -> Deck:
    """Gets the rules core's view of a resolved deck (cards and copies by section)."""
    from deckbuilder.decklists import Section as FileSection

    entries = []
    for card, count, _lines in resolved.grouped(FileSection("investigator")):
        entries.append(DeckEntry(card, count, Section.INVESTIGATOR))
    for section in ("deck", "sideboard", "ether"):
        for card, count, _lines in resolved.grouped(FileSection(section)):
            entries.append(DeckEntry(card, count, Section(section)))
    return Deck(resolved.name, tuple(entries))


def _refuse_binary(data: bytes, path: str) -> None:
    """Refuses bytes that are not text at all (an image, an archive): NUL bytes, or many
    control characters, in the first 8 KB once any byte-order mark is set aside."""
    import codecs

    from deckbuilder.decklists import DeckFileError

    head = data[:8192]
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_BE)):
        return  # UTF-16 or UTF-32 text: its NUL bytes are half its letters
    controls = sum(1 for b in head if b < 32 and b not in (9, 10, 12, 13))
    if b"\x00" in head or controls > len(head) // 10:
        raise DeckFileError(
            f"{path}: not a text deck file (it holds binary data, as an image or an archive does); "
            "give a deck list saved as text, GCCG .deck, LackeyCCG .dek or JSON"
        )


def _refuse_surrogates(text: str, path: str) -> None:
    """Refuses text holding a lone surrogate (``\\ud800``: half of a UTF-16 pair, no
    character, and nothing UTF-8 can write), which only a JSON escape or a program can
    put in a string; says on which line."""
    import re

    from deckbuilder.decklists import DeckFileError

    found = re.search("[\ud800-\udfff]", text)
    if found is not None:
        line = text.count("\n", 0, found.start()) + 1
        escape = found[0].encode("unicode_escape").decode("ascii")
        raise DeckFileError(
            f'{path}: line {line} holds "{escape}", half of a UTF-16 pair and no character by '
            "itself; write the whole character or remove it"
        )


def read_deck_file(path: Path) -> tuple[Any, bytes]:
    """Reads a deck file's bytes and parses them. Raises ``DeckFileError`` for a file that
    cannot be read, is too large, is not text, or is empty."""
    from deckbuilder.decklists import DeckFileError, decode_deck_bytes, read_deck

    try:
        # Never more than the limit is read: a huge file costs nothing.
        data = read_regular_file(Path(path), MAX_DECK_BYTES + 1)
    except OSError as exc:
        raise DeckFileError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if len(data) > MAX_DECK_BYTES:
        raise DeckFileError(f"{path}: larger than {MAX_DECK_BYTES // 1_000_000} MB, far too large for a deck list")
    _refuse_binary(data, str(path))
    if not decode_deck_bytes(data)[0].strip("\ufeff \t\r\n"):
        raise DeckFileError(f"{path}: no cards (the file is empty); write one card a line, such as '4 Dark Young'")
    return _with_cards(read_deck(data, filename=Path(path).name), str(path)), data


def _with_cards(decklist: Any, path: str) -> Any:
    """Gets a read deck list back, refusing one with no card line and nothing unreadable:
    a text or GCCG file of comments and headings only, or a LackeyCCG deck of empty zones.
    (A JSON deck may list no cards: the deck builder's new deck is one.)"""
    from deckbuilder.decklists import DeckFileError

    if decklist.lines or decklist.problems or decklist.source_format == "json":
        return decklist
    if decklist.source_format == "lackey":
        raise DeckFileError(f"{path}: no cards (the deck's zones list none); export the deck from LackeyCCG again")
    raise DeckFileError(f"{path}: no cards, only comments or headings; write one card a line, such as '4 Dark Young'")


def read_deck_text(text: str | bytes, *, path: str, filename: str | None = None) -> Any:
    """Parses a deck list given as text (pasted, or uploaded with its file name) in any format.

    Raises ``DeckFileError`` for text far too large for a deck list or a file that cannot
    be read at all.
    """
    from deckbuilder.decklists import DeckFileError, read_deck

    if isinstance(text, str):
        _refuse_surrogates(text, path)
    size = len(text.encode("utf-8")) if isinstance(text, str) else len(text)
    if size > MAX_DECK_BYTES:
        raise DeckFileError(f"{path}: {size} bytes is far too large for a deck list")
    if isinstance(text, bytes):
        _refuse_binary(text, path)
    return _with_cards(read_deck(text, filename=filename), path)


def load_deck_list(
    decklist: Any, index: Any, *, path: str, unresolved_hint: Callable[[], str] | None = None
) -> LoadedDeck:
    """Resolves a read deck list against a card index and gets the deck the rules read.

    ``unresolved_hint`` is asked, only when some name resolves to no card, for a word on
    how to fix that (the catalog holding only the bundled sample, say).

    Raises :class:`UnresolvedDeckError` listing every unreadable line and unknown name.
    """
    from deckbuilder.decklists import resolve_deck

    resolved, unresolved = resolve_deck(decklist, index)
    problems = [str(p) for p in decklist.problems] + [str(p) for p in unresolved]
    if problems:
        hint = unresolved_hint() if unresolved and unresolved_hint is not None else ""
        raise UnresolvedDeckError(path, problems, hint)
    reports = list(decklist.warnings)
    for line in resolved.lines:
        step = line.resolution.step
        # An inverted article or a set tag is how a format names a card (GCCG's own
        # "Forgotten Crypt, The", "Car (LTD)"): nothing was corrected, nothing to say. Case,
        # punctuation or spelling read loosely are corrections, which --fix writes back.
        if step in CORRECTIONS:
            typed = (
                line.source.name
                + (f" ({line.source.set_hint})" if line.source.set_hint else "")
                + (f" #{line.source.printing}" if line.source.printing else "")
            )
            reports.append(f'line {line.source.line_no}: "{typed}" read as "{line.card.title}" ({step.value})')
        notes = line.resolution.notes[1:] if step is ResolveStep.FUZZY else line.resolution.notes
        # (a fuzzy read's first note is the "read as" said just above)
        reports.extend(f"line {line.source.line_no}: {note}" for note in notes)
    return LoadedDeck(
        path,
        resolved,
        to_rules_deck(resolved),
        tuple(reports),
        decklist.source_format,
        noted_way_to_play(tuple(resolved.notes)),
    )


def choose_investigator(deck: LoadedDeck, index: Any, name: str) -> tuple[LoadedDeck, str]:
    """Gets the deck with the Investigator ``name`` as the one it plays, and a note when the
    deck does not list that Investigator (a deck without one can be played this way).

    The name is looked for among the deck's Investigators first, then in ``index`` (a
    :class:`~deckbuilder.decklists.resolve.CardIndex` of the catalog). Raises
    ``UnknownCardError`` or ``AmbiguousCardError`` for a name that names no card, and
    :class:`~deckbuilder.errors.UsageError` for a card that is not an Investigator.
    """
    from dataclasses import replace

    from deckbuilder.decklists.model import CardNameError
    from deckbuilder.decklists.resolve import CardIndex
    from deckbuilder.errors import UsageError
    from deckbuilder.rules.cards import CardType

    listed = list(
        {
            e.card.key: e.card for e in deck.deck.section(Section.INVESTIGATOR) if e.card.type is CardType.INVESTIGATOR
        }.values()
    )
    chosen = None
    if listed:
        try:
            chosen = CardIndex(listed).resolve(name).card
        except CardNameError:
            chosen = None
    if chosen is None:
        resolution = index.resolve(name)
        investigators = [c for c in resolution.printings if c.type is CardType.INVESTIGATOR]
        if not investigators:
            kind = resolution.card.type.value if resolution.card.type else "card of unknown type"
            raise UsageError(f"--investigator {name!r}: {resolution.card.title} is a {kind}, not an Investigator")
        chosen = investigators[0]
    note = ""
    if chosen.key not in {c.key for c in listed}:
        among = (
            f"not among the deck's Investigators ({', '.join(c.title for c in listed)})"
            if listed
            else "not listed: the deck lists no Investigator"
        )
        note = f"{chosen.title} is {among}; the deck is played by {chosen.title}"
    entries = (
        DeckEntry(chosen, 1, Section.INVESTIGATOR),
        *(e for e in deck.deck.entries if e.section is not Section.INVESTIGATOR),
    )
    return replace(deck, deck=Deck(deck.deck.name, entries)), note


def write_deck_file(path: Path, text: str) -> None:
    """Writes a deck file atomically: a new file renamed over the old one.

    A symbolic link is written through, to the file it points at (the link stays a link),
    and a file written again keeps its permission bits. Raises ``OSError`` when it cannot be
    written; the old file is then untouched.
    """
    import stat

    path = Path(os.path.realpath(path))
    try:
        mode: int | None = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        mode = None
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    finally:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass


def write_output_file(
    path: Path, text: str, *, option: str, force: bool = False, inputs: tuple[Path, ...] = ()
) -> None:
    """Writes a file a command was asked to write, never over a file that exists unless
    ``force``, and never over one of its own ``inputs`` (even with ``force``).

    ``option`` names where the path came from in messages (``-o``, ``TARGET``). Raises
    :class:`~deckbuilder.errors.UsageError` for a path that would clobber a file, and
    ``DeckFileError`` for one that cannot be written.
    """
    from deckbuilder.decklists import DeckFileError

    check_output_path(path, option=option, force=force, inputs=inputs)
    try:
        write_deck_file(path, text)
    except OSError as exc:
        raise DeckFileError(
            f"{option} {path}: cannot be written ({exc.strerror or exc}); choose a folder you can write"
        ) from None


def check_output_path(path: Path, *, option: str, force: bool = False, inputs: tuple[Path, ...] = ()) -> None:
    """Refuses, before any work, an output path that is one of the command's ``inputs``, an
    existing file without ``force``, or in a folder that does not exist. Raises
    :class:`~deckbuilder.errors.UsageError`."""
    from deckbuilder.errors import UsageError

    path = Path(path)
    real = Path(os.path.realpath(path))
    for source in inputs:
        if real == Path(os.path.realpath(source)):
            raise UsageError(f"{option} {path}: that is the file being read; choose another name")
    if path.is_dir():
        raise UsageError(f"{option} {path}: that is a folder; give a file name")
    if path.exists() and not force:
        raise UsageError(f"{option} {path}: the file exists; add --force to overwrite it")
    if not real.parent.is_dir():
        raise UsageError(f"{option} {path}: the folder {path.parent} does not exist; create it first")


def fixed_text(original: str, loaded: LoadedDeck) -> str | None:
    """Gets a text deck file with each name the reader corrected written as the card's title,
    every other character (comments, blank lines, headings, line ends) where it was; None
    when the deck is not plain text or a name cannot be found on its line (then the whole
    deck is written out again).
    """
    if loaded.source_format != "text":
        return None
    import re

    bom = "\ufeff" if original.startswith("\ufeff") else ""
    # Lines as the text reader numbers them (split_lines): the even pieces are the lines,
    # the odd ones their ends, kept as they were.
    pieces = re.split(r"(\r\n|\r|\n)", original.removeprefix(bom))
    for line in loaded.resolved.lines:
        typed, title = line.source.name, line.card.title
        if typed == title:
            continue
        at = 2 * (line.source.line_no - 1)
        # The reader folds runs of spaces in a name: look for it as typed, spaces and all.
        typed_here = re.compile(r"\s+".join(re.escape(word) for word in typed.split()))
        if not 0 <= at < len(pieces) or len(typed_here.findall(pieces[at])) != 1:
            return None
        found = typed_here.search(pieces[at])
        assert found is not None
        pieces[at] = pieces[at][: found.start()] + title + pieces[at][found.end() :]
    return bom + "".join(pieces)


FORMAT_BY_EXTENSION = {".txt": "text", ".deck": "gccg", ".dek": "lackey", ".json": "json"}


def format_for(path: Path, explicit: str | None) -> str:
    """Gets the deck format to write: ``--to`` if given, else from the file extension."""
    if explicit:
        return explicit
    return FORMAT_BY_EXTENSION.get(Path(path).suffix.lower(), "text")
