"""The records of errata and rulings, and the report of applying them.

An :class:`Erratum` is one change the rulings document makes to one card, a
:class:`RulingRecord` one general ruling and the cards it concerns (the ``[[erratum]]`` and
``[[ruling]]`` records of ``catalog/errata.toml`` and ``catalog/rulings.toml``, each citing its
line of ``mythos-errata-rulings.txt``); an :class:`ErrataReport` says what every erratum did.
The tables here say which Card fields an erratum may name and in which order kinds run.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from deckbuilder.rules.cards import (
    Allegiance,
    Card,
    CardKey,
    CardType,
    Dimension,
    PublicAttribute,
    Ruling,
    SpellIcon,
)


class ErratumKind(StrEnum):
    """What an erratum does to a card (see the header of ``catalog/errata.toml``)."""

    SET = "set"
    ADD = "add"
    REMOVE = "remove"
    RENAME = "rename"
    REPLACE = "replace"
    PREPEND = "prepend"
    APPEND = "append"
    NOTE = "note"


class Anchor(StrEnum):
    """Which end of a sentence a "should begin ..."/"should end ..." erratum rewrites."""

    START = "start"
    END = "end"


class ErratumStatus(StrEnum):
    """How an erratum fared on one card."""

    APPLIED = "applied"  #: the card changed
    ALREADY = "already"  #: the card data already shows the corrected fact
    NOTED = "noted"  #: a note: shown to the player, no field changes
    FAILED = "failed"  #: could not be applied (the printed words were not found, ...)


class InvalidErratumError(ValueError):
    """Raised when an erratum or ruling record is inconsistent (a kind without its value...)."""


#: The set code that stands for "set unknown": such cards match an erratum of any set.
UNKNOWN_SET = "SAMPLE"

INT_FIELDS = frozenset({"value", "value2", "sanity", "sanity_max", "education", "hand", "hand_min", "hand_max"})
BOOL_FIELDS = frozenset({"unique", "gate", "goo"})
_STR_FIELDS = frozenset(
    {
        "title",
        "subtype",
        "region",
        "subregion",
        "affects",
        "text",
        "artist",
        "sanity_colour",
        "monster_class",
        "rarity",
    }
)
ENUM_FIELDS: dict[str, type[StrEnum]] = {
    "type": CardType,
    "dimension": Dimension,
    "allegiance": Allegiance,
}
LIST_FIELDS: dict[str, type[str]] = {
    "attributes": str,
    "public": PublicAttribute,
    "languages": str,
    "tome_languages": str,
    "occupations": str,
    "icons": SpellIcon,
    "summon": str,
}
#: Fields whose value is running text: `replace` works on substrings there.
_TEXT_FIELDS = frozenset({"text", "affects"})

#: The Card fields an erratum may name.
ERRATUM_FIELDS = frozenset(INT_FIELDS | BOOL_FIELDS | _STR_FIELDS | set(ENUM_FIELDS) | set(LIST_FIELDS))

_SCALAR_FIELDS = frozenset(INT_FIELDS | BOOL_FIELDS | (_STR_FIELDS - {"title"}) | set(ENUM_FIELDS))

#: Which fields each kind may change (a note may concern any field, or none).
KIND_FIELDS: dict[ErratumKind, frozenset[str]] = {
    ErratumKind.SET: _SCALAR_FIELDS,
    ErratumKind.ADD: frozenset(LIST_FIELDS),
    ErratumKind.REMOVE: frozenset(LIST_FIELDS),
    ErratumKind.RENAME: frozenset({"title"}),
    ErratumKind.REPLACE: frozenset(_TEXT_FIELDS | set(LIST_FIELDS)),
    ErratumKind.PREPEND: frozenset({"text"}),
    ErratumKind.APPEND: frozenset({"text"}),
    ErratumKind.NOTE: ERRATUM_FIELDS,
}

# Kinds run in this order on each card: whole-value changes before edits inside the text, and
# additions at the start or end of the text last, so that "the first sentence" of an erratum
# is the printed card's first sentence.
KIND_ORDER = {
    ErratumKind.RENAME: 0,
    ErratumKind.SET: 1,
    ErratumKind.ADD: 2,
    ErratumKind.REMOVE: 2,
    ErratumKind.REPLACE: 2,
    ErratumKind.PREPEND: 3,
    ErratumKind.APPEND: 3,
    ErratumKind.NOTE: 4,
}


@dataclass(frozen=True)
class Erratum:
    """One change the rulings document makes to one card (an ``[[erratum]]`` record).

    ``set`` is the document's section as a set code; ``sets`` the set codes the erratum
    applies to (the Limited section covers LTD, EOMU, CR and LOTN); empty means any set.
    ``from_`` is the record's ``from`` (a Python keyword). ``sentence``/``anchor`` confine a
    ``replace`` to one sentence of the Special Effects text.
    """

    card: str
    set: str
    kind: ErratumKind
    line: int
    quote: str
    field: str | None = None
    from_: Any = None
    to: Any = None
    sets: tuple[str, ...] = ()
    doc_title: str | None = None
    qualifier: str | None = None
    sentence: int | None = None
    anchor: Anchor | None = None
    reversal: bool = False

    @property
    def names(self) -> tuple[str, ...]:
        """Gets the titles the erratum may be found under: the card's, then the document's."""
        return (self.card,) + ((self.doc_title,) if self.doc_title else ())

    def describe(self) -> str:
        """Gets a one-line description for reports: line, card and what changes."""
        where = f"rulings line {self.line}"
        what = f"{self.kind.value} {self.field}" if self.field else self.kind.value
        return f"{where}: {self.card} ({self.set}): {what}"


@dataclass(frozen=True)
class RulingRecord:
    """One general ruling and the cards or subtypes it concerns (a ``[[ruling]]`` record).

    A card comes under the ruling when it is named in ``cards`` (or under a ``doc_titles``
    spelling), or when it meets every selector given (``subtypes``, ``types``,
    ``attributes``, ``text_words``: any item of each). ``sets``, ``qualifier``/``printing``
    and ``except_`` then narrow the match.
    """

    topic: str
    text: str
    line: int
    cards: tuple[str, ...] = ()
    doc_titles: tuple[tuple[str, str], ...] = ()
    subtypes: tuple[str, ...] = ()
    types: tuple[CardType, ...] = ()
    attributes: tuple[str, ...] = ()
    text_words: tuple[str, ...] = ()
    except_: tuple[str, ...] = ()
    set: str | None = None
    sets: tuple[str, ...] = ()
    qualifier: str | None = None
    printing: int | None = None
    text_line: int | None = None
    reversal: bool = False

    def to_ruling(self) -> Ruling:
        """Gets the ruling as a card carries it."""
        topic = f"{self.topic} (reverses an official ruling)" if self.reversal else self.topic
        return Ruling(topic=topic, text=self.text, source_line=self.line)


@dataclass(frozen=True)
class ErratumOutcome:
    """What one erratum did to one card."""

    erratum: Erratum
    card_key: CardKey
    status: ErratumStatus
    message: str = ""


@dataclass(frozen=True)
class ErrataReport:
    """The cards as they play, and what happened to every erratum.

    ``outcomes`` holds one entry per (erratum, card) pair the erratum named; ``unmatched``
    the errata that named no card of the catalog.
    """

    cards: tuple[Card, ...]
    outcomes: tuple[ErratumOutcome, ...]
    unmatched: tuple[Erratum, ...]

    @property
    def failed(self) -> tuple[ErratumOutcome, ...]:
        """Gets the outcomes of errata that could not be applied to their card."""
        return tuple(o for o in self.outcomes if o.status is ErratumStatus.FAILED)

    @property
    def applied(self) -> tuple[ErratumOutcome, ...]:
        """Gets the outcomes that changed a card."""
        return tuple(o for o in self.outcomes if o.status is ErratumStatus.APPLIED)

    def keys_for(self, erratum: Erratum) -> tuple[CardKey, ...]:
        """Gets the keys of the cards an erratum named (whatever its outcome there)."""
        return tuple(o.card_key for o in self.outcomes if o.erratum == erratum)

    def for_card(self, key: CardKey) -> tuple[ErratumOutcome, ...]:
        """Gets the outcomes of the errata that named one card."""
        return tuple(o for o in self.outcomes if o.card_key == key)

    def summary(self) -> str:
        """Gets a one-line count of outcomes, e.g. for ``catalog import``."""
        counts = {status: 0 for status in ErratumStatus}
        for outcome in self.outcomes:
            counts[outcome.status] += 1
        parts = [f"{counts[s]} {s.value}" for s in ErratumStatus]
        return ", ".join(parts) + f", {len(self.unmatched)} unmatched"
