"""Loads a deck file against the catalog: read, resolve every name, and hand the rules a Deck.

The edge between deck files (:mod:`deckbuilder.decklists`) and the rules core
(:mod:`deckbuilder.rules.decks`). Nothing is guessed silently: every line the reader could
not understand and every name that did not resolve is collected and reported together.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckbuilder.errors import MythosError
from deckbuilder.rules.decks import Deck, DeckEntry, Section


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
    """A deck read from a file: the resolved lines, the rules' view, and what was reported."""

    path: str
    resolved: Any  # decklists.ResolvedDeck
    deck: Deck
    reports: tuple[str, ...]
    source_format: str


def to_rules_deck(resolved: Any) -> Deck:
    """Gets the rules core's view of a resolved deck (cards and copies by section)."""
    entries = []
    for card, count, _lines in resolved.grouped(_section(resolved, "investigator")):
        entries.append(DeckEntry(card, count, Section.INVESTIGATOR))
    for section in ("deck", "sideboard"):
        for card, count, _lines in resolved.grouped(_section(resolved, section)):
            entries.append(DeckEntry(card, count, Section(section)))
    return Deck(resolved.name, tuple(entries))


def _section(resolved: Any, name: str) -> Any:
    from deckbuilder.decklists import Section as FileSection

    return FileSection(name)


def read_deck_file(path: Path) -> tuple[Any, bytes]:
    """Reads a deck file's bytes and parses them. Raises ``DeckFileError`` or ``OSError``."""
    from deckbuilder.decklists import DeckFileError, read_deck

    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise DeckFileError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if len(data) > 5_000_000:
        raise DeckFileError(f"{path}: {len(data)} bytes is far too large for a deck list")
    return read_deck(data, filename=Path(path).name), data


def load_deck(path: Path, catalog: Any) -> LoadedDeck:
    """Reads and resolves a deck file against the catalog.

    Raises :class:`UnresolvedDeckError` listing every unreadable line and unknown name.
    """
    from deckbuilder.decklists import resolve_deck

    decklist, _ = read_deck_file(path)
    index = catalog_index(catalog)
    resolved, unresolved = resolve_deck(decklist, index)
    problems = [str(p) for p in decklist.problems] + [str(p) for p in unresolved]
    if problems:
        hint = ""
        if unresolved and {s["transcription"] for s in catalog.sources()} == {"sample"}:
            hint = "the catalog holds only the bundled sample; import the card pool with `mythos catalog import PATH`"
        raise UnresolvedDeckError(str(path), problems, hint)
    reports = list(decklist.warnings)
    for line in resolved.lines:
        step = line.resolution.step.value
        if step != "exact":
            typed = line.source.name + (f" ({line.source.set_hint})" if line.source.set_hint else "") + (
                f" #{line.source.printing}" if line.source.printing else "")
            chosen = line.card.title + (f" [{line.card.set_code}" + (f" #{line.card.printing}" if line.card.printing > 1 else "") + "]"
                                        if step == "set tag" else "")
            reports.append(f'line {line.source.line_no}: "{typed}" read as "{chosen}" ({step})')
        for note in line.resolution.notes:
            if step == "exact":
                reports.append(f"line {line.source.line_no}: {note}")
    return LoadedDeck(str(path), resolved, to_rules_deck(resolved), tuple(reports), decklist.source_format)


def catalog_index(catalog: Any) -> Any:
    """Gets the name resolver over the whole catalog (built once per catalog object)."""
    index = getattr(catalog, "_index", None)
    if index is None:
        from deckbuilder.decklists import CardIndex

        index = CardIndex(catalog.all_cards())
        catalog._index = index
    return index


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
