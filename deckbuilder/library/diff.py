"""Compares two decks by title: the cards added, removed and changed in count.

A deck is compared as copies per (section, title), printings of one title counted
together, as the four-copy rule counts them (rulings document line 12): swapping a
Limited Edition Dark Young for a Standard one is no change to the deck a player
plays. Pure: the counts come from a resolved deck (:func:`counts_of_deck`) or straight from
one of the tool's JSON deck files (:func:`counts_of_document`), whose titles are already
resolved.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from deckbuilder.rules.cards import display_title, sort_title
from deckbuilder.rules.decks import Deck, Section

#: The sections in the order a diff lists them, and the JSON deck file's key for each.
SECTIONS: tuple[tuple[str, str], ...] = (
    (Section.INVESTIGATOR.value, "investigators"),
    (Section.DECK.value, "cards"),
    (Section.SIDEBOARD.value, "sideboard"),
    (Section.ETHER.value, "ether"),
)

#: Copies per (section, title as printed).
Counts = Mapping[tuple[str, str], int]


def counts_of_deck(deck: Deck) -> dict[tuple[str, str], int]:
    """Gets a resolved deck's copies per (section, title), printings of a title together."""
    counts: dict[tuple[str, str], int] = {}
    for entry in deck.entries:
        key = (entry.section.value, display_title(entry.card.title))
        counts[key] = counts.get(key, 0) + entry.count
    return counts


def counts_of_document(doc: Mapping[str, Any]) -> dict[tuple[str, str], int]:
    """Gets the copies per (section, title) of a JSON deck document (the tool's own file)."""
    counts: dict[tuple[str, str], int] = {}
    for section, key in SECTIONS:
        for entry in doc.get(key) or ():
            if (
                isinstance(entry, Mapping)
                and isinstance(entry.get("title"), str)
                and isinstance(entry.get("count"), int)
            ):
                name = (section, display_title(entry["title"]))
                counts[name] = counts.get(name, 0) + entry["count"]
    return counts


@dataclass(frozen=True)
class CardChange:
    """One title whose copies differ between two decks."""

    section: str
    title: str
    before: int
    after: int

    @property
    def change(self) -> int:
        """Gets the copies gained (negative: lost)."""
        return self.after - self.before

    def to_dict(self) -> dict[str, Any]:
        """Gets the change as JSON-ready data."""
        return {
            "section": self.section,
            "title": self.title,
            "before": self.before,
            "after": self.after,
            "change": self.change,
        }

    def __str__(self) -> str:
        where = "" if self.section == Section.DECK.value else f" ({self.section})"
        return f"{self.change:+d} {self.title}{where}"


@dataclass(frozen=True)
class DeckDiff:
    """What changed from one deck (``before``) to another (``after``), title by title."""

    before: str
    after: str
    changes: tuple[CardChange, ...]
    cards_before: int
    cards_after: int

    @property
    def added(self) -> tuple[CardChange, ...]:
        """Gets the titles only the second deck holds."""
        return tuple(c for c in self.changes if c.before == 0)

    @property
    def removed(self) -> tuple[CardChange, ...]:
        """Gets the titles only the first deck holds."""
        return tuple(c for c in self.changes if c.after == 0)

    @property
    def changed(self) -> tuple[CardChange, ...]:
        """Gets the titles both hold, in different numbers."""
        return tuple(c for c in self.changes if c.before and c.after)

    @property
    def same(self) -> bool:
        """Checks that the two decks hold the same copies of the same titles."""
        return not self.changes

    def summary(self) -> str:
        """Gets the changes on one line: ``+4 Dark Young, -2 Car`` (or "no change")."""
        return ", ".join(str(c) for c in self.changes) or "no change"

    def to_json(self) -> dict[str, Any]:
        """Gets the diff as ``mythos deck diff --json`` prints it."""
        return {
            "before": self.before,
            "after": self.after,
            "cards_before": self.cards_before,
            "cards_after": self.cards_after,
            "added": [c.to_dict() for c in self.added],
            "removed": [c.to_dict() for c in self.removed],
            "changed": [c.to_dict() for c in self.changed],
        }


def diff_counts(before: Counts, after: Counts, *, before_label: str, after_label: str) -> DeckDiff:
    """Gets the titles whose copies differ between two decks' counts, by section then title."""
    order = {section: n for n, (section, _key) in enumerate(SECTIONS)}
    changes = [
        CardChange(section, title, before.get((section, title), 0), after.get((section, title), 0))
        for section, title in set(before) | set(after)
        if before.get((section, title), 0) != after.get((section, title), 0)
    ]
    changes.sort(key=lambda c: (order.get(c.section, len(order)), sort_title(c.title)))

    def cards(counts: Counts) -> int:
        return sum(n for (section, _title), n in counts.items() if section == Section.DECK.value)

    return DeckDiff(before_label, after_label, tuple(changes), cards(before), cards(after))
