"""What the line-based deck formats (plain text and GCCG) share: splitting lines,
recognising headings, checking counts and card names, naming cards on output."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TypeAlias

from deckbuilder.decklists.model import (
    MAX_COUNT,
    TYPE_ORDER,
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
    r"^(?P<word>"
    + "|".join(sorted(_TYPE_WORDS, key=len, reverse=True))
    + r")"
    + _COUNT_TAIL
    + r"$",
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
