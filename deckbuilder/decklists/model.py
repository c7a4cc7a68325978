"""Deck lists as read from a file, and decks whose lines are resolved to catalog cards.

Pure values: a reader turns text into a :class:`DeckList` (names as the player typed them,
with every line it could not read kept as a :class:`ParseProblem`), the resolver turns it
into a :class:`ResolvedDeck` (one :class:`~deckbuilder.rules.cards.Card` per line), and a
writer turns a :class:`ResolvedDeck` back into text.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeAlias

from deckbuilder.errors import MythosError
from deckbuilder.rules.cards import Card, CardKey, CardType, sort_title

#: A 1-based line number in the deck file, as ``grep -n`` prints it.
LineNo: TypeAlias = int

#: Most copies of one card a deck line may ask for. The four-copy rule (rulings document
#: line 12) is the validator's business; a count above this is a typing slip, such as a
#: bare ``197 E. Pickman Street`` read as 197 copies.
MAX_COUNT = 99


class Section(StrEnum):
    """Where a card sits: the Investigator card(s), the deck itself, a sideboard, or Cult vs
    Investigator's second deck, the Cultists' Ether deck (cvi:348)."""

    INVESTIGATOR = "investigator"
    DECK = "deck"
    SIDEBOARD = "sideboard"
    ETHER = "ether"


class ResolveStep(StrEnum):
    """How a typed name was matched to a catalog card, from surest to loosest.

    ``exact``: the catalog title or an alias, as typed; ``display form``: the same title
    with its article moved (``The Forgotten Crypt`` for ``Forgotten Crypt, The``);
    ``set tag``: a set tag, printing number or other parenthesised qualifier picked the
    printing; ``folded``: equal once case, accents, punctuation and a leading article are
    ignored; ``fuzzy``: a close spelling (a typo), above the resolver's threshold.
    """

    EXACT = "exact"
    DISPLAY_FORM = "display form"
    SET_TAG = "set tag"
    FOLDED = "folded"
    FUZZY = "fuzzy"

    @property
    def rank(self) -> int:
        """Gets how loose the step is: 0 for ``exact`` up to 4 for ``fuzzy``."""
        return list(ResolveStep).index(self)


class DeckFileError(MythosError, ValueError):
    """Raised when a deck file cannot be read at all (malformed XML or JSON, wrong shape)."""

    kind = "deck-file"

    def __init__(self, message: str, problems: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.problems = problems or (message,)


class CardNameError(MythosError, LookupError):
    """Raised when a typed card name does not name one card of the catalog."""

    kind = "unknown-card"

    def __init__(self, name: str, candidates: tuple[str, ...] = (), detail: str = "") -> None:
        self.name = name
        self.candidates = tuple(candidates)
        self.detail = detail
        super().__init__(self.message)

    @property
    def shown_name(self) -> str:
        """Gets the name as the message echoes it: on one line, any unprintable character
        shown escaped, as Python writes it (a newline as ``\\n``, a NUL as ``\\x00``), and
        a name far longer than any title cut to its first 100 characters."""
        name = self.name if len(self.name) <= 120 else f"{self.name[:100]}... ({len(self.name)} characters)"
        return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in name)

    @property
    def message(self) -> str:
        """Gets the one-line message a player sees."""
        return f'"{self.shown_name}" does not name one card'

    def __str__(self) -> str:
        return self.message


def _or_list(names: tuple[str, ...]) -> str:
    quoted = [f'"{name}"' for name in names]
    if len(quoted) <= 2:
        return " or ".join(quoted)
    return ", ".join(quoted[:-1]) + f" or {quoted[-1]}"


class UnknownCardError(CardNameError):
    """Raised when a name matches no card, not even as a close spelling."""

    @property
    def message(self) -> str:
        text = f'"{self.shown_name}" is not a card'
        if self.detail:
            text += f" ({self.detail})"
        if self.candidates:
            text += f"; did you mean {_or_list(self.candidates[:3])}?"
        return text


class AmbiguousCardError(CardNameError):
    """Raised when a misspelt name is about as close to two or more different cards."""

    kind = "ambiguous-card"

    @property
    def message(self) -> str:
        return (
            f'"{self.shown_name}" is not a card and could be any of {_or_list(self.candidates[:4])}; '
            "type the title in full"
        )


@dataclass(frozen=True)
class DeckLine:
    """One card line of a deck file: how many copies of which name, and where it was.

    ``set_hint`` is a catalog set code (``LTD``) when the file named a known set, else the
    set as written; ``printing`` picks among same-titled cards of one set (GCCG's ``#N``);
    ``image`` is LackeyCCG's image id (``StdC402``), which pins one printing.
    """

    count: int
    name: str
    section: Section
    line_no: LineNo
    raw: str
    set_hint: str | None = None
    printing: int | None = None
    image: str | None = None


@dataclass(frozen=True)
class ParseProblem:
    """A line a reader could not understand, kept with its number and text."""

    line_no: LineNo
    raw: str
    message: str

    def __str__(self) -> str:
        return f"line {self.line_no}: {self.message}"


@dataclass(frozen=True)
class DeckList:
    """A deck as read from a file, before any name is checked against the catalog.

    ``headings`` lists the line numbers a reader took as section or card-type headings, so
    that every non-blank, non-comment line is a card line, a problem or a heading.
    ``warnings`` says what a reader had to guess (an encoding, say) without losing anything.
    """

    name: str | None
    lines: tuple[DeckLine, ...]
    notes: tuple[str, ...]
    problems: tuple[ParseProblem, ...]
    source_format: str
    headings: tuple[LineNo, ...] = ()
    warnings: tuple[str, ...] = ()

    def section(self, section: Section) -> tuple[DeckLine, ...]:
        """Gets the lines of one section, in file order."""
        return tuple(line for line in self.lines if line.section is section)

    @property
    def total(self) -> int:
        """Gets the number of cards in the deck section."""
        return sum(line.count for line in self.lines if line.section is Section.DECK)


@dataclass(frozen=True)
class Resolution:
    """The card a typed name stands for, how it was found, and what else it could be.

    ``printings`` holds every printing of the matched title, earliest set first (the
    four-copy rule counts by title, rulings document line 12); ``alternatives`` the
    other titles a fuzzy match came close to; ``notes`` what a player should know, such as
    which of several printings was chosen.
    """

    query: str
    card: Card
    step: ResolveStep
    printings: tuple[Card, ...]
    alternatives: tuple[str, ...] = ()
    score: float | None = None
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ResolvedLine:
    """A deck line with its card: copies, section, the source line and the resolution."""

    count: int
    card: Card
    section: Section
    source: DeckLine
    resolution: Resolution


@dataclass(frozen=True)
class ResolveProblem:
    """A deck line whose name did not resolve: where it is, what was typed and why."""

    line_no: LineNo
    raw: str
    name: str
    message: str
    candidates: tuple[str, ...] = ()
    ambiguous: bool = False

    def __str__(self) -> str:
        return f"line {self.line_no}: {self.message}"


#: Card types in the order deck lists group them (the rulebook's "Card Types" order).
TYPE_ORDER: tuple[CardType, ...] = (
    CardType.INVESTIGATOR,
    CardType.ADVENTURE,
    CardType.ALLY,
    CardType.ARTIFACT,
    CardType.EVENT,
    CardType.LOCATION,
    CardType.MONSTER,
    CardType.SPELL,
    CardType.TOME,
)


def card_order(card: Card) -> tuple[int, str, int, str]:
    """Gets a sort key that groups cards by type, then title, then printing."""
    type_rank = TYPE_ORDER.index(card.type) if card.type in TYPE_ORDER else len(TYPE_ORDER)
    return (type_rank, sort_title(card.title), card.printing, card.set_code)


@dataclass(frozen=True)
class ResolvedDeck:
    """A deck whose every line names a catalog card; what the writers and validator take."""

    name: str | None
    lines: tuple[ResolvedLine, ...]
    notes: tuple[str, ...]
    source_format: str

    def section(self, section: Section) -> tuple[ResolvedLine, ...]:
        """Gets the lines of one section, in file order."""
        return tuple(line for line in self.lines if line.section is section)

    @property
    def steps(self) -> dict[str, int]:
        """Gets how many lines each resolution step matched (``{"exact": 50, "fuzzy": 1}``)."""
        counts = Counter(line.resolution.step.value for line in self.lines)
        return {step.value: counts[step.value] for step in ResolveStep if counts[step.value]}

    def counts(self, section: Section | None = None) -> dict[CardKey, int]:
        """Gets the copies of each printing (by card key), over one section or all."""
        totals: Counter[CardKey] = Counter()
        for line in self.lines:
            if section is None or line.section is section:
                totals[line.card.key] += line.count
        return dict(totals)

    def grouped(self, section: Section) -> list[tuple[Card, int, tuple[ResolvedLine, ...]]]:
        """Gets one entry per printing in a section, copies summed, sorted by type then title."""
        merged: dict[CardKey, list[ResolvedLine]] = {}
        for line in self.section(section):
            merged.setdefault(line.card.key, []).append(line)
        entries = [(lines[0].card, sum(line.count for line in lines), tuple(lines)) for lines in merged.values()]
        entries.sort(key=lambda entry: card_order(entry[0]))
        return entries
