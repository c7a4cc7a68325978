"""Plain-text deck lists, as players type them into forums and e-mails.

What :func:`read_text_deck` accepts, one card per line:

- ``4 Dark Young``, ``4x Dark Young``, ``4 x Dark Young``, ``Dark Young x4`` and
  ``Dark Young (x4)``; a bare ``Dark Young`` is one copy. A leading ``- `` or ``* `` list
  bullet is ignored.
- A set tag and printing number as GCCG writes them: ``Car (LTD)``, ``Mi-Go (MSGS) #2``.
- Section headings ``Investigator(s)``, ``Deck``, ``Main``, ``Side``/``Sideboard``, with an
  optional colon or count (``Deck (52):``). Cards before any heading are in the deck.
  ``Ether deck`` (or ``Ether``) opens a Cult vs Investigator Cultist's 20-card Ether deck.
- Card-type headings (``Allies``, ``Locations (12)``, ``EVENTS:``) and commented ones
  (``# ALLIES (7)``, ``## Monsters``): they only group the list.
- ``#`` and ``//`` comments on their own line, ``//`` after a card; blank lines.
- The deck's name: the first ``Deck: NAME``, ``Name: NAME`` or ``Deck name: NAME`` line,
  commented (``# Deck: NAME``) or not. Other comments become the deck's notes.

Every other line is a :class:`~deckbuilder.decklists.model.ParseProblem` with its number:
a count of 0, a negative count or one above 99 (a bare ``197 E. Pickman Street`` reads as
197 copies: write ``1 197 E. Pickman Street``), a count with no name, two counts, a line of
punctuation, a line too long to be a title. Nothing is dropped unreported.
"""

from __future__ import annotations

import re

from deckbuilder.decklists.lines import (
    MAX_NAME_LENGTH,
    LineFormat,
    PrintingsOf,
    grouped_by_type,
    name_directive,
    printed_name,
    read_count,
    read_deck_lines,
    section_heading,
    type_label,
)
from deckbuilder.decklists.model import (
    DeckList,
    ResolvedDeck,
    Section,
)

FORMAT = "text"

_PREFIX_X = re.compile(r"^(?P<count>[-+]?\d+)\s*[xX×]\s+(?P<name>\S.*)$")
_PREFIX = re.compile(r"^(?P<count>[-+]?\d+)\s+(?P<name>\S.*)$")
_SUFFIX_BRACKET = re.compile(r"^(?P<name>.*\S)\s*\(\s*[xX×]\s*(?P<count>[-+]?\d+)\s*\)$")
_SUFFIX_X = re.compile(r"^(?P<name>.*\S)\s+[xX×]\s*(?P<count>[-+]?\d+)$")
_COUNT_ONLY = re.compile(r"^[-+]?\d+\s*[xX×]?$|^[xX×]\s*[-+]?\d+$")
_BULLET = re.compile(r"^[-*•]\s+")


def _title_hint(line: str) -> str:
    """Gets the hint for a line whose leading number may be part of the title."""
    return f'; if "{line}" is the card\'s name, write "1 {line}"'


def _split_count(text: str) -> tuple[int | None, str, str | None] | None:
    """Gets (count, name, problem) from a card line; count ``None`` means a bare name.

    ``None`` for a count with no name (``4x``).
    """
    if _COUNT_ONLY.match(text):
        return None
    for pattern in (_PREFIX_X, _PREFIX):
        match = pattern.match(text)
        if match:
            (count, problem), name = read_count(match["count"]), match["name"].strip()
            if problem is None and (_SUFFIX_BRACKET.match(name) or _SUFFIX_X.match(name)):
                problem = "two counts on one line; keep one"
            return count, name, problem
    for pattern in (_SUFFIX_BRACKET, _SUFFIX_X):
        match = pattern.match(text)
        if match:
            count, problem = read_count(match["count"])
            return count, match["name"].strip(), problem
    return None, text, None


def _count_only(line: str) -> str:
    """Gets what is wrong with a count with no card name (``197``: perhaps a title)."""
    # A bare number may be a title (197 E. Pickman Street); one longer than any name is not.
    return "a count with no card name" + (_title_hint(line) if line.isdigit() and len(line) <= MAX_NAME_LENGTH else "")


def _big_count_hint(line: str) -> str:
    """Gets the hint for too many copies: a bare ``197 E. Pickman Street`` is a title."""
    return "" if _PREFIX_X.match(line) else _title_hint(line)


_TEXT = LineFormat(
    source_format=FORMAT,
    comment_marks=("#", "//"),
    section=section_heading,
    card=_split_count,
    not_a_card=_count_only,
    rules="-=*#~_/",
    bare_headings=True,
    trailing_comment="//",
    bullet=_BULLET,
    big_count_hint=_big_count_hint,
)


def read_text_deck(text: str) -> DeckList:
    """Parses a plain-text deck list; never raises.

    Lines it cannot read become :class:`~deckbuilder.decklists.model.ParseProblem` s on the
    returned list (see the module docstring for what it reads).

    >>> deck = read_text_deck("# Deck: Shub's Brood\\nInvestigator\\nBored Clerk\\nDeck\\n4x Dark Young")
    >>> deck.name, [(line.count, line.name, line.section.value) for line in deck.lines]
    ("Shub's Brood", [(1, 'Bored Clerk', 'investigator'), (4, 'Dark Young', 'deck')])
    """
    return read_deck_lines(text, _TEXT)


def write_text_deck(deck: ResolvedDeck, printings_of: PrintingsOf | None = None) -> str:
    """Gets a deck as a plain-text list that :func:`read_text_deck` reads back to the same cards.

    Titles are in display form (``The Forgotten Crypt``), with a set tag and ``#N`` only
    where the title has several printings (``Car (MSGS) #2``); ``printings_of`` tells which
    (default: the printings the resolver saw). Cards are grouped under ``# Allies (7)``
    headings, by type then title.
    """
    out: list[str] = []
    if deck.name:
        out.append(f"# Deck: {' '.join(deck.name.split())}")
    elif any(name_directive(note) is not None for note in deck.notes):
        out.append("# Deck:")  # an empty name, so that no note is read back as the name
    for note in deck.notes:
        out.extend(f"# {part}".rstrip() for part in note.splitlines() or [""])
    titles = {
        Section.INVESTIGATOR: "Investigators",
        Section.DECK: "Deck",
        Section.SIDEBOARD: "Sideboard",
        Section.ETHER: "Ether deck",
    }
    for section, heading in titles.items():
        groups = grouped_by_type(deck, section)
        if not groups and section is not Section.DECK:
            continue
        if out:
            out.append("")
        out.append(heading)
        for card_type, entries in groups:
            if section is Section.DECK:
                total = sum(count for _, count in entries)
                out.append(f"# {type_label(card_type)} ({total})")
            out.extend(f"{count} {printed_name(line, printings_of)}" for line, count in entries)
    return "\n".join(out) + "\n"
