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
        super().__init__(f"{path}: {n} line{'s' if n != 1 else ''} could not be read: " + "; ".join(problems[:3])
                         + ("; ..." if n > 3 else "") + (f" ({hint})" if hint else ""))


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

    @property
    def name(self) -> str:
        """Gets the deck's name: the one the list gives, else its file's path."""
        return self.deck.name or self.path


def to_rules_deck(resolved: Any) -> Deck:
    """Gets the rules core's view of a resolved deck (cards and copies by section)."""
    from deckbuilder.decklists import Section as FileSection

    entries = []
    for card, count, _lines in resolved.grouped(FileSection("investigator")):
        entries.append(DeckEntry(card, count, Section.INVESTIGATOR))
    for section in ("deck", "sideboard"):
        for card, count, _lines in resolved.grouped(FileSection(section)):
            entries.append(DeckEntry(card, count, Section(section)))
    return Deck(resolved.name, tuple(entries))


def read_deck_file(path: Path) -> tuple[Any, bytes]:
    """Reads a deck file's bytes and parses them. Raises ``DeckFileError``."""
    from deckbuilder.decklists import DeckFileError, read_deck

    try:
        # Never more than the limit is read: a huge file (or a device) costs nothing.
        with Path(path).open("rb") as handle:
            data = handle.read(MAX_DECK_BYTES + 1)
    except OSError as exc:
        raise DeckFileError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if len(data) > MAX_DECK_BYTES:
        raise DeckFileError(f"{path}: larger than {MAX_DECK_BYTES // 1_000_000} MB, far too large for a deck list")
    return read_deck(data, filename=Path(path).name), data


def read_deck_text(text: str | bytes, *, path: str, filename: str | None = None) -> Any:
    """Parses a deck list given as text (pasted, or uploaded with its file name) in any format.

    Raises ``DeckFileError`` for text far too large for a deck list or a file that cannot
    be read at all.
    """
    from deckbuilder.decklists import DeckFileError, read_deck

    size = len(text.encode("utf-8")) if isinstance(text, str) else len(text)
    if size > MAX_DECK_BYTES:
        raise DeckFileError(f"{path}: {size} bytes is far too large for a deck list")
    return read_deck(text, filename=filename)


def load_deck_list(decklist: Any, index: Any, *, path: str,
                   unresolved_hint: Callable[[], str] | None = None) -> LoadedDeck:
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
            typed = line.source.name + (f" ({line.source.set_hint})" if line.source.set_hint else "") + (
                f" #{line.source.printing}" if line.source.printing else "")
            reports.append(f'line {line.source.line_no}: "{typed}" read as "{line.card.title}" ({step.value})')
        notes = line.resolution.notes[1:] if step is ResolveStep.FUZZY else line.resolution.notes
        # (a fuzzy read's first note is the "read as" said just above)
        reports.extend(f"line {line.source.line_no}: {note}" for note in notes)
    return LoadedDeck(path, resolved, to_rules_deck(resolved), tuple(reports), decklist.source_format)


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

    listed = list({e.card.key: e.card for e in deck.deck.section(Section.INVESTIGATOR)
                   if e.card.type is CardType.INVESTIGATOR}.values())
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
        among = (f"not among the deck's Investigators ({', '.join(c.title for c in listed)})" if listed
                 else "not listed: the deck lists no Investigator")
        note = f"{chosen.title} is {among}; the deck is played by {chosen.title}"
    entries = (DeckEntry(chosen, 1, Section.INVESTIGATOR),
               *(e for e in deck.deck.entries if e.section is not Section.INVESTIGATOR))
    return replace(deck, deck=Deck(deck.deck.name, entries)), note


def write_deck_file(path: Path, text: str) -> None:
    """Writes a deck file atomically: a new file renamed over the old one."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


FORMAT_BY_EXTENSION = {".txt": "text", ".deck": "gccg", ".dek": "lackey", ".json": "json"}


def format_for(path: Path, explicit: str | None) -> str:
    """Gets the deck format to write: ``--to`` if given, else from the file extension."""
    if explicit:
        return explicit
    return FORMAT_BY_EXTENSION.get(Path(path).suffix.lower(), "text")
