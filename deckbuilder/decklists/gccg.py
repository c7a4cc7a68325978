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
    PrintingsOf,
    check_count,
    check_name,
    comment_text,
    gccg_title,
    grouped_by_type,
    name_directive,
    read_count,
    section_heading,
    split_lines,
    type_heading,
    type_label,
)
from deckbuilder.decklists.model import (
    DeckLine,
    DeckList,
    ParseProblem,
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


def read_gccg_deck(text: str) -> DeckList:
    """Parses a GCCG ``.deck`` file; never raises.

    Lines that are neither comments, section lines nor ``COUNT NAME`` become
    :class:`~deckbuilder.decklists.model.ParseProblem` s, as do impossible counts.

    >>> deck = read_gccg_deck("# Corrupt\\nDeck\\n1 Car (MSGS) #2\\n1 Athenaeum, The")
    >>> [(line.name, line.set_hint, line.printing) for line in deck.lines]
    [('Car', 'MSGS', 2), ('Athenaeum, The', None, None)]
    """
    name: str | None = None
    named = False
    opened = False  # a section line or card line has been seen: the header block is over
    section = Section.DECK
    lines: list[DeckLine] = []
    notes: list[str] = []
    problems: list[ParseProblem] = []
    headings: list[int] = []
    for line_no, raw in enumerate(split_lines(text), start=1):
        stripped = raw.strip()
        if not stripped:
            continue
        comment = comment_text(stripped) if stripped.startswith("#") else None
        if comment is not None:
            directive = name_directive(comment) if not opened else None
            if directive is not None and not named:
                name, named = directive or None, True
            elif not comment or type_heading(comment) is not None:
                pass
            elif not named and not opened:
                name, named = comment, True
            else:
                notes.append(comment)
            continue
        found = gccg_section(stripped)
        if found is not None:
            section, opened = found, True
            headings.append(line_no)
            continue
        match = _CARD.match(stripped)
        if match is None:
            problems.append(
                ParseProblem(
                    line_no,
                    raw,
                    "expected COUNT NAME (as in '1 Dark Young'), a # comment, "
                    "'Investigators' or 'Deck'",
                )
            )
            continue
        opened = True
        count, problem = read_count(match["count"])
        problem = problem or check_count(count or 0)
        card_name, set_hint, printing, name_problem = check_name(match["name"].strip())
        problem = problem or name_problem
        if problem is not None or count is None:
            problems.append(ParseProblem(line_no, raw, problem or "expected a number of copies"))
            continue
        lines.append(
            DeckLine(
                count=count,
                name=card_name,
                section=section,
                line_no=line_no,
                raw=raw,
                set_hint=set_hint,
                printing=printing,
            )
        )
    return DeckList(
        name=name,
        lines=tuple(lines),
        notes=tuple(notes),
        problems=tuple(problems),
        source_format=FORMAT,
        headings=tuple(headings),
    )


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
        out.extend(
            f"# {part}".rstrip() for note in deck.notes for part in note.splitlines() or [""]
        )
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
