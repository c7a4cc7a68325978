"""What the line-based deck formats (plain text and GCCG) share: the one loop that reads
their lines (:func:`read_deck_lines`, told what sets a format apart by a
:class:`LineFormat`), recognising headings, checking counts and card names, naming cards on
output."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from deckbuilder.decklists.model import (
    MAX_COUNT,
    TYPE_ORDER,
    DeckLine,
    DeckList,
    ParseProblem,
    ResolvedDeck,
    ResolvedLine,
    Section,
)
from deckbuilder.decklists.resolve import printing_tail
from deckbuilder.decklists.tags import split_name
from deckbuilder.rules.cards import Card, CardType, display_title

#: Gets every printing of a title in the catalog (``CardIndex.printings_of``); the writers
#: use it to decide when a name needs a set tag or ``#N``.
PrintingsOf: TypeAlias = Callable[[str], Sequence[Card]]

#: The longest title in the card pool has 52 characters; a longer "name" is prose.
MAX_NAME_LENGTH = 80

_COUNT_TAIL = r"\s*:?\s*(?:\(\s*\d+\s*\)|\[\s*\d+\s*\]|-\s*\d+|\d+(?:\s+cards?)?)?\s*:?"

_SECTION_WORDS: dict[str, Section] = {
    "investigator": Section.INVESTIGATOR,
    "investigators": Section.INVESTIGATOR,
    "deck": Section.DECK,
    "main": Section.DECK,
    "maindeck": Section.DECK,
    "side": Section.SIDEBOARD,
    "sideboard": Section.SIDEBOARD,
    "sidedeck": Section.SIDEBOARD,
    "ether": Section.ETHER,
    "etherdeck": Section.ETHER,
}
_SECTION = re.compile(
    r"^(?P<word>investigators?|main\s*deck|deck|main|side\s*deck|sideboard|side|ether\s*deck|ether)"
    + _COUNT_TAIL
    + r"$",
    re.IGNORECASE,
)

#: Card-type headings as deck lists write them ("ALLIES (7)", "Location", "ADVENTURS").
_TYPE_WORDS = {
    "adventure": CardType.ADVENTURE,
    "adventures": CardType.ADVENTURE,
    "adventurs": CardType.ADVENTURE,  # sic, bourne-me-and-my-shadow.deck
    "ally": CardType.ALLY,
    "allies": CardType.ALLY,
    "artifact": CardType.ARTIFACT,
    "artifacts": CardType.ARTIFACT,
    "artefact": CardType.ARTIFACT,
    "artefacts": CardType.ARTIFACT,
    "event": CardType.EVENT,
    "events": CardType.EVENT,
    "location": CardType.LOCATION,
    "locations": CardType.LOCATION,
    "monster": CardType.MONSTER,
    "monsters": CardType.MONSTER,
    "spell": CardType.SPELL,
    "spells": CardType.SPELL,
    "tome": CardType.TOME,
    "tomes": CardType.TOME,
    # Commented out, these group Investigator cards; bare, they open the section.
    "investigator": CardType.INVESTIGATOR,
    "investigators": CardType.INVESTIGATOR,
}
_TYPE_HEADING = re.compile(
    r"^(?P<word>" + "|".join(sorted(_TYPE_WORDS, key=len, reverse=True)) + r")" + _COUNT_TAIL + r"$",
    re.IGNORECASE,
)

#: ``Deck: NAME`` / ``Name: NAME`` / ``Deck name: NAME`` (commented or not) names the deck.
_NAME_DIRECTIVE = re.compile(r"^(?:deck\s*name|name|deck)\s*:\s*(?P<name>.*?)\s*$", re.IGNORECASE)


def split_lines(text: str) -> list[str]:
    """Gets the lines of a file, numbered as ``grep -n`` numbers them (from 1, on ``\\n``).

    Windows (``\\r\\n``) and old Mac (``\\r``) line ends count as one line end each.
    """
    text = text.removeprefix("\ufeff")
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def section_heading(text: str) -> Section | None:
    """Gets the section a heading line opens (``Investigators``, ``Deck``, ``Sideboard``,
    ``Ether deck``: Cult vs Investigator's Cultists)."""
    match = _SECTION.match(text.strip())
    if not match:
        return None
    return _SECTION_WORDS["".join(match["word"].casefold().split())]


def type_heading(text: str) -> CardType | None:
    """Gets the card type a heading names (``ALLIES (7)``, ``Locations:``), else ``None``."""
    match = _TYPE_HEADING.match(text.strip())
    return _TYPE_WORDS[match["word"].casefold()] if match else None


def name_directive(text: str) -> str | None:
    """Gets the deck name a ``Deck: NAME`` or ``Name: NAME`` line gives (``""`` for none)."""
    match = _NAME_DIRECTIVE.match(text.strip())
    if not match:
        return None
    name = match["name"]
    if re.fullmatch(r"\(?\s*\d+\s*(?:cards?)?\s*\)?", name):
        return None  # "Deck: (52)" is a section heading with a count, not a name
    return name


def comment_text(text: str) -> str | None:
    """Gets the text of a whole-line comment (``#``, ``//``), else ``None``."""
    stripped = text.strip()
    if stripped.startswith("#"):
        return stripped.lstrip("#").strip()
    if stripped.startswith("//"):
        return stripped[2:].strip()
    return None


#: The most digits a count of copies is read with: more is no number of copies (and
#: Python refuses to read a number of more than 4,300 digits at all).
MAX_COUNT_DIGITS = 9


def read_count(digits: str) -> tuple[int | None, str | None]:
    """Gets a count of copies from its digits (a sign allowed), or ``None`` and what is
    wrong when it has more digits than any count of copies (``a count of 5000 digits``).

    >>> read_count("4"), read_count("9" * 5000)
    ((4, None), (None, 'a count of 5000 digits is not a number of copies'))
    """
    unsigned = digits.lstrip("+-")
    if len(unsigned.lstrip("0")) > MAX_COUNT_DIGITS:
        return None, f"a count of {len(unsigned)} digits is not a number of copies"
    return int(digits), None


def check_count(count: int) -> str | None:
    """Gets what is wrong with a count of copies, or ``None`` when it is sensible."""
    if count < 1:
        return f"a count of {count} copies; write at least 1, or delete the line"
    if count > MAX_COUNT:
        return f"a count of {count} copies is more than {MAX_COUNT}"
    return None


def check_name(name: str) -> tuple[str, str | None, int | None, str | None]:
    """Splits a card name into name, set tag (catalog code) and ``#N``, and says what is
    wrong with it (``None`` when nothing is).

    Only a known set tag is split off (``Car (LTD)``); ``Book of Dzyan (Atlantean)`` stays
    whole, for the resolver to use.
    """
    if not re.search(r"\w", name):
        return name, None, None, "no card name on this line"
    if len(name) > MAX_NAME_LENGTH:
        return name, None, None, f"too long for a card name ({len(name)} characters)"
    parts = split_name(name)
    if parts.printing is not None and parts.printing < 1:
        return name, None, None, f"printing numbers start at #1, not #{parts.printing}"
    if parts.set_code is None and parts.printing is None:
        return parts.name, None, None, None
    return parts.base, parts.set_code, parts.printing, None


#: Gets a card line's count (``None``: no count written, one copy), the name as written and
#: what is wrong with the count, or ``None`` when the line is no card line at all.
CardSplit: TypeAlias = Callable[[str], tuple[int | None, str, str | None] | None]


@dataclass(frozen=True)
class LineFormat:
    """What sets one line-based deck format apart, for :func:`read_deck_lines`.

    - ``source_format``: the name the list is stamped with (``"gccg"``, ``"text"``).
    - ``comment_marks``: what starts a whole-line comment (``("#",)``, ``("#", "//")``).
    - ``section``: gets the section a heading line opens, else ``None`` (the heading words
      the format knows).
    - ``card``: splits a card line (:data:`CardSplit`).
    - ``not_a_card``: what is wrong with a line ``card`` does not read, given the line.
    - ``header_names``: the name is only given before the first section or card line,
      where the first plain comment is the name (GCCG); else a ``Deck: NAME`` comment
      anywhere names the deck.
    - ``rules``: the characters a comment made only of is a rule line, not a note.
    - ``bare_headings``: card-type headings and ``Deck: NAME`` lines count uncommented too.
    - ``trailing_comment``: what starts a comment after a card (its text becomes a note).
    - ``bullet``: a list bullet to take off the front of a line.
    - ``big_count_hint``: what to add, given the line, to "a count of N copies is more than".
    """

    source_format: str
    comment_marks: tuple[str, ...]
    section: Callable[[str], Section | None]
    card: CardSplit
    not_a_card: Callable[[str], str]
    header_names: bool = False
    rules: str = ""
    bare_headings: bool = False
    trailing_comment: str | None = None
    bullet: re.Pattern[str] | None = None
    big_count_hint: Callable[[str], str] | None = None


def read_deck_lines(text: str, form: LineFormat) -> DeckList:
    """Parses a line-based deck list in the format ``form`` describes; never raises.

    Blank lines are skipped; comments give the name and the notes; heading lines open a
    section; every other line is ``COUNT NAME`` as the format writes it. What cannot be read
    (an unknown line, an impossible count, no card name) becomes a
    :class:`~deckbuilder.decklists.model.ParseProblem` with its line number.
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
        comment = comment_text(stripped) if stripped.startswith(form.comment_marks) else None
        if comment is not None:
            directive = name_directive(comment) if not (form.header_names and opened) else None
            if directive is not None and not named:
                name, named = directive or None, True
            elif not comment or type_heading(comment) is not None or not set(comment) - set(form.rules):
                pass
            elif form.header_names and not named and not opened:
                name, named = comment, True
            else:
                notes.append(comment)
            continue
        body = stripped
        if form.trailing_comment is not None:
            body, marker, trailing = stripped.partition(form.trailing_comment)
            if marker and trailing.strip():
                notes.append(trailing.strip())
        if form.bullet is not None:
            body = form.bullet.sub("", body.strip())
        body = body.strip()
        if not body:
            problems.append(ParseProblem(line_no, raw, "a list bullet with no card name"))
            continue
        found = form.section(body)
        if found is not None:
            section, opened = found, True
            headings.append(line_no)
            continue
        if form.bare_headings and type_heading(body) is not None:
            headings.append(line_no)
            continue
        directive = name_directive(body) if form.bare_headings else None
        if directive is not None:
            if named:
                problems.append(ParseProblem(line_no, raw, "the deck is named twice"))
            else:
                name, named = directive or None, True
                headings.append(line_no)
            continue
        split = form.card(body)
        if split is None:
            problems.append(ParseProblem(line_no, raw, form.not_a_card(body)))
            continue
        opened = True
        count, card_name, problem = split
        if problem is None and count is not None:
            problem = check_count(count)
            if problem and count > MAX_COUNT and form.big_count_hint is not None:
                problem += form.big_count_hint(body)
        if problem is None:
            card_name, set_hint, printing, problem = check_name(card_name)
        if problem is not None:
            problems.append(ParseProblem(line_no, raw, problem))
            continue
        lines.append(
            DeckLine(
                count=1 if count is None else count,
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
        source_format=form.source_format,
        headings=tuple(headings),
    )


def printed_name(line: ResolvedLine, printings_of: PrintingsOf | None) -> str:
    """Gets a card's title in display form with the set tag and ``#N`` it needs."""
    card = line.card
    printings = printings_of(card.title) if printings_of else line.resolution.printings
    return display_title(card.title) + printing_tail(card, printings or (card,))


def gccg_title(title: str) -> str:
    """Gets a title as GCCG spells it: ``The`` moved to the end (``Athenaeum, The``).

    GCCG keeps ``A`` and ``An`` in front (``A Heroic Rescue``, ``An Unexpected Calamity``).
    """
    shown = display_title(title)
    if shown.startswith("The ") and len(shown) > 4:
        return f"{shown[4:]}, The"
    return shown


def type_label(card_type: CardType | None, plural: bool = True) -> str:
    """Gets the heading word for a card type (``Allies``, ``Tomes``, ``Other``)."""
    if card_type is None:
        return "Other"
    word = card_type.value
    if not plural:
        return word
    return "Allies" if word == "Ally" else word + "s"


def grouped_by_type(
    deck: ResolvedDeck, section: Section
) -> list[tuple[CardType | None, list[tuple[ResolvedLine, int]]]]:
    """Gets a section's cards merged per printing and grouped by type, in type order."""
    groups: dict[CardType | None, list[tuple[ResolvedLine, int]]] = {}
    for card, count, lines in deck.grouped(section):
        groups.setdefault(card.type, []).append((lines[0], count))
    order = [*TYPE_ORDER, None]
    return [(kind, groups[kind]) for kind in order if kind in groups]
