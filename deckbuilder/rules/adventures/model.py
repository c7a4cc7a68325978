"""Adventure recipes as values: requirement expressions, slots, limits across slots, conditions.

Rulebook, "Adventure cards": "The capitalized words form a list of cards that you need to
play. The words may refer to attributes, types, subtypes, public attributes, or specific
card titles ... Each capitalized word in an Adventure must be matched by a separate card."

A :class:`Recipe` is that list made explicit: each :class:`Slot` asks for ``count``
separate cards meeting one :data:`Requirement`; a :class:`Limit` ties slots together
("a second, different, CITY LOCATION"); a :class:`Condition` is a non-card requirement left
to the player (rulings document line 85, "'Strange' Requirements"); ``uninterpreted`` keeps
every capitalised phrase the reader could not resolve, so nothing is silently dropped.

Everything here is a frozen value; :mod:`.matching` decides whether a card meets a
requirement and :mod:`.notation` reads and writes the one-line-per-slot notation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeAlias, Union

from deckbuilder.rules.counts import read_count


class Field(StrEnum):
    """What a requirement atom looks at on a card (the notation's ``field:value`` prefix)."""

    TYPE = "type"
    SUBTYPE = "subtype"
    #: Location attributes (City, Site...) and Ally attributes (Steadfast, Author...).
    #: Never the title: "Part of a card title may not be used to fulfill the requirement of
    #: an attribute" (rulebook, "Adventure cards").
    ATTRIBUTE = "attr"
    PUBLIC = "public"
    TITLE = "title"
    REGION = "region"
    SUBREGION = "subregion"
    DIMENSION = "dimension"
    #: A language an Ally or Investigator knows ("an ALLY who KNOWS ARABIC").
    KNOWS = "knows"
    #: A language a Tome is written in ("a TOME ... not in English").
    TOME_LANGUAGE = "tome-lang"
    ICON = "icon"
    #: A Monster class (rulebook, "Summon/Control Spells"): Living Dead, Greater Servitor...
    CLASS = "class"
    #: The Affects line of an Event or Spell ("an EVENT that affects opponent's ally").
    AFFECTS = "affects"


@dataclass(frozen=True)
class Atom:
    """One fact asked of a card: ``field`` equals ``value``, or contains its words (``partial``).

    Exact attribute, subtype and class atoms also accept a value naming a kind of the
    asked one ("Police Detective" is a Detective, "Enchanted Weapon" a Weapon, rulebook
    "Weapons": "Enchanted Weapons ... counted in all ways as Weapons").
    """

    field: Field
    value: str
    partial: bool = False


@dataclass(frozen=True)
class Gate:
    """The card is a Gate Location ("a GATE LOCATION")."""


@dataclass(frozen=True)
class SanityCost:
    """The card costs Sanity to play: at least ``amount`` points, or exactly ``amount``."""

    amount: int = 1
    exactly: bool = False


@dataclass(frozen=True)
class AnyCard:
    """Any card at all (a slot the text leaves open, or a user's placeholder)."""


@dataclass(frozen=True)
class Not:
    """The card does not meet ``item`` ("not in English", "any non-Underworld LOCATION")."""

    item: Requirement


@dataclass(frozen=True)
class AllOf:
    """The card meets every item ("CORRUPT CULTIST": Corrupt and Cultist)."""

    items: tuple[Requirement, ...]


@dataclass(frozen=True)
class AnyOf:
    """The card meets at least one item ("ARTIFACTS or TOMES")."""

    items: tuple[Requirement, ...]


#: A requirement expression.
Requirement: TypeAlias = Union[Atom, Gate, SanityCost, AnyCard, Not, AllOf, AnyOf]


class Distinct(StrEnum):
    """What the cards of a slot (or of linked slots) must differ in.

    ``card``: different cards, not copies of one ("THREE different CITY Locations"). Two
    printings that differ (the four Great Libraries of the Dreamlands, the different MI-GO
    cards of the rulebook's example) are different cards.
    """

    CARD = "card"
    SUBREGION = "subregion"
    REGION = "region"
    SUBTYPE = "subtype"
    LANGUAGE = "language"
    ICON = "icon"


class Measure(StrEnum):
    """What a points-worth slot adds up: card values, or Sanity costs."""

    VALUE = "value"
    SANITY = "sanity"


@dataclass(frozen=True)
class Total:
    """The slot is met by as many cards as it takes to reach ``at_least`` of ``measure``
    ("20 POINTS-WORTH OF MONSTERS", "ARTIFACTS or TOMES that required at least 7 Sanity")."""

    measure: Measure
    at_least: int


@dataclass(frozen=True)
class Slot:
    """``count`` separate cards meeting ``requirement``; ``source`` is the card's words."""

    count: int
    requirement: Requirement
    source: str = ""
    distinct: Distinct | None = None
    total: Total | None = None


@dataclass(frozen=True)
class Limit:
    """The cards filling the listed slots (0-based) must all differ in ``distinct``."""

    distinct: Distinct
    slots: tuple[int, ...]


@dataclass(frozen=True)
class Condition:
    """A non-card requirement left to the player (rulings document line 85)."""

    text: str

    def reading(self) -> tuple[str, str]:
        """Gets what a game can check of the condition: ``("society", "")`` (a member of a
        Secret Society), ``("in play", TITLE)`` ("while CTHULHU is in play"), ``("sanity
        below", N)`` ("drive your own Sanity below SIX"), ``("spell in tome", "")`` (a Spell
        learnt in that Tome), ``("tome unread", "")`` (a Tome in a language the Investigator
        does not speak), ``("time", "day")`` ("while it is DAY"); ``("", "")`` for one no game
        state tells (a re-rolled Investigator, an Ally of the opposite sex, where a card lies)."""
        return condition_reading(self.text)


_READINGS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bas a member of (?:an? |the )?(?:[\w'-]+ )*secret society", re.I), "society"),
    (re.compile(r"\bwhile ([A-Z][A-Z0-9'\- ]*[A-Z0-9]) is in play\b"), "in play"),
    (re.compile(r"\bdrive your own sanity below (\w+)", re.I), "sanity below"),
    (re.compile(r"\bwhile it is (day|night)\b", re.I), "time"),
    (re.compile(r"\bin a language (?:that )?you do not already (?:speak|know|read)\b", re.I), "tome unread"),
    (re.compile(r"\b(?:in that tome|found within|within them)\b", re.I), "spell in tome"),
)


def condition_reading(text: str) -> tuple[str, str]:
    """Gets what a game can check of a condition's words (see :meth:`Condition.reading`)."""
    for pattern, kind in _READINGS:
        m = pattern.search(text)
        if m is None:
            continue
        if kind == "in play":
            return kind, " ".join(m[1].split()).casefold()
        if kind == "time":
            return kind, m[1].casefold()
        if kind == "sanity below":
            n = read_count(m[1], articles=False)
            return (kind, str(n)) if n is not None else ("", "")
        return kind, ""
    return "", ""


@dataclass(frozen=True)
class Recipe:
    """What an Adventure asks for.

    ``adventure`` and ``points`` name the card the recipe belongs to (empty for a bare
    recipe); ``notes`` say how the reader read unusual words; ``origin`` says where the
    recipe came from (the card text, or an overrides file) and does not take part in
    equality.
    """

    slots: tuple[Slot, ...] = ()
    limits: tuple[Limit, ...] = ()
    conditions: tuple[Condition, ...] = ()
    uninterpreted: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    adventure: str = ""
    points: int | None = None
    origin: str = field(default="", compare=False)

    @property
    def reads_fully(self) -> bool:
        """Checks that nothing capitalised was left uninterpreted."""
        return not self.uninterpreted

    @property
    def cards_needed(self) -> int:
        """Gets how many separate cards the slots ask for (a points-worth slot counts its minimum)."""
        return sum(slot.count for slot in self.slots)


def all_of(items: list[Requirement] | tuple[Requirement, ...]) -> Requirement:
    """Gets the conjunction of items: flattened, duplicates dropped, one item as itself."""
    flat: list[Requirement] = []
    for item in items:
        for part in item.items if isinstance(item, AllOf) else (item,):
            if part not in flat and not isinstance(part, AnyCard):
                flat.append(part)
    if not flat:
        return AnyCard()
    return flat[0] if len(flat) == 1 else AllOf(tuple(flat))


def any_of(items: list[Requirement] | tuple[Requirement, ...]) -> Requirement:
    """Gets the disjunction of items: flattened, duplicates dropped, one item as itself."""
    flat: list[Requirement] = []
    for item in items:
        for part in item.items if isinstance(item, AnyOf) else (item,):
            if part not in flat:
                flat.append(part)
    if not flat:
        return AnyCard()
    return flat[0] if len(flat) == 1 else AnyOf(tuple(flat))


def atoms(requirement: Requirement) -> tuple[Requirement, ...]:
    """Gets the top-level conjuncts of a requirement (itself when it is not an AllOf)."""
    return requirement.items if isinstance(requirement, AllOf) else (requirement,)
