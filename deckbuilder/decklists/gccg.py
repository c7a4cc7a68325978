"""GCCG's ``.deck`` files (the Generic Collectible Card Game client).

The format, as in the GCCG Mythos module's own decks: ``#`` starts a comment line; a line
``Investigators`` opens the investigator section and ``Deck`` the deck; each card line is
``COUNT NAME``. Names are GCCG's display names: ``The`` moved to the end (``Forgotten
Crypt, The``), a set tag where a title is in several sets (``Car (LTD)``) and ``#N`` where
a set has it several times (``Mi-Go (MSGS) #2``, ``Necronomicon #2``).

The deck's name is the first non-empty comment before the first section line, as in
``# Mythos Digest - A Bokrug Deck``; a ``# Deck: NAME`` line there says it outright (and
``# Deck:`` alone says the deck has none). Other comments are notes, except card-type
headings (``# ALLIES (7)``), which only group the list.
"""

from __future__ import annotations

import re

from deckbuilder.decklists.lines import (
    LineFormat,
    PrintingsOf,
    gccg_title,
    grouped_by_type,
    read_count,
    read_deck_lines,
    section_heading,
    type_label,
)
from deckbuilder.decklists.model import (
    DeckList,
    ResolvedDeck,
    ResolvedLine,
    Section,
)
from deckbuilder.decklists.resolve import printing_tail

FORMAT = "gccg"

_CARD = re.compile(r"^(?P<count>[-+]?\d+)\s+(?P<name>\S.*)$")
_GCCG_SECTIONS = {"investigators": Section.INVESTIGATOR, "deck": Section.DECK}


def gccg_section(text: str) -> Section | None:
    """Gets the section a GCCG section line opens (``Investigators`` or ``Deck``, any case;
    ``Investigator`` and ``Sideboard`` are taken too)."""
    word = text.strip().casefold()
    if word in _GCCG_SECTIONS:
        return _GCCG_SECTIONS[word]
    found = section_heading(text)
    if found is not None and word in ("investigator", "sideboard"):
        return found
    return None


def _gccg_card(text: str) -> tuple[int | None, str, str | None] | None:
    """Gets (count, name, problem) from a ``COUNT NAME`` line, ``None`` from any other."""
    match = _CARD.match(text)
    if match is None:
        return None
    count, problem = read_count(match["count"])
    return count, match["name"].strip(), problem


_GCCG = LineFormat(
    source_format=FORMAT,
    comment_marks=("#",),
    section=gccg_section,
    card=_gccg_card,
    not_a_card=lambda _line: "expected COUNT NAME (as in '1 Dark Young'), a # comment, 'Investigators' or 'Deck'",
    header_names=True,
)


def read_gccg_deck(text: str) -> DeckList:
    """Parses a GCCG ``.deck`` file; never raises.

    Lines that are neither comments, section lines nor ``COUNT NAME`` become
    :class:`~deckbuilder.decklists.model.ParseProblem` s, as do impossible counts.

    >>> deck = read_gccg_deck("# Corrupt\\nDeck\\n1 Car (MSGS) #2\\n1 Athenaeum, The")
    >>> [(line.name, line.set_hint, line.printing) for line in deck.lines]
    [('Car', 'MSGS', 2), ('Athenaeum, The', None, None)]
    """
    return read_deck_lines(text, _GCCG)


def gccg_name(line: ResolvedLine, printings_of: PrintingsOf | None = None) -> str:
    """Gets a card's GCCG display name: ``Forgotten Crypt, The``, ``Mi-Go (MSGS) #2``.

    The set tag and ``#N`` appear exactly when the title has more than one printing in the
    catalog (``printings_of``, default: the printings the resolver saw).
    """
    card = line.card
    printings = printings_of(card.title) if printings_of else line.resolution.printings
    return gccg_title(card.title) + printing_tail(card, printings or (card,))


def write_gccg_deck(deck: ResolvedDeck, printings_of: PrintingsOf | None = None) -> str:
    """Gets a deck as a GCCG ``.deck`` file that :func:`read_gccg_deck` reads back the same.

    The name and notes go first as comments, then ``Investigators`` and ``Deck`` with one
    ``COUNT NAME`` line per printing, grouped under ``# Allies``-style headings. A sideboard
    has no place in GCCG's format and is written as commented-out lines under
    ``# Sideboard``, so GCCG ignores it; so is a Cult vs Investigator Ether deck.
    """
    out: list[str] = []
    # "# Deck: NAME" says outright which comment is the name (an empty one: there is none).
    out.append(f"# Deck: {' '.join(deck.name.split())}" if deck.name else "# Deck:")
    if deck.notes:
        out.append("#")
        out.extend(f"# {part}".rstrip() for note in deck.notes for part in note.splitlines() or [""])
    out.extend(["", "Investigators", ""])
    for _, entries in grouped_by_type(deck, Section.INVESTIGATOR):
        out.extend(f"{count} {gccg_name(line, printings_of)}" for line, count in entries)
    out.extend(["", "Deck", ""])
    for card_type, entries in grouped_by_type(deck, Section.DECK):
        out.append(f"# {type_label(card_type)}")
        out.extend(f"{count} {gccg_name(line, printings_of)}" for line, count in entries)
        out.append("")
    side = grouped_by_type(deck, Section.SIDEBOARD)
    if side:
        out.append("# Sideboard (not part of the deck)")
        for _, entries in side:
            out.extend(f"#   {count} {gccg_name(line, printings_of)}" for line, count in entries)
    ether = grouped_by_type(deck, Section.ETHER)
    if ether:
        out.append("# Ether deck (Cult vs Investigator; GCCG has no place for it)")
        for _, entries in ether:
            out.extend(f"#   {count} {gccg_name(line, printings_of)}" for line, count in entries)
    return "\n".join(out).rstrip("\n") + "\n"
