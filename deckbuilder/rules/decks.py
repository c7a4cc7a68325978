"""A deck as the rules see it: cards with copies, by section. Pure values.

Deck files are read at the edge (:mod:`deckbuilder.decklists`); the rules core works on
this small shape so that no validator test needs a file or a catalog.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum

from deckbuilder.rules.cards import Card, CardType, fold_title


class Section(StrEnum):
    """Where cards sit: the Investigator card(s), the deck, a sideboard, another game's
    second deck (Cult vs Investigator's Ether deck)."""

    INVESTIGATOR = "investigator"
    DECK = "deck"
    SIDEBOARD = "sideboard"
    ETHER = "ether"


@dataclass(frozen=True)
class DeckEntry:
    """Copies of one printing in one section."""

    card: Card
    count: int
    section: Section = Section.DECK


@dataclass(frozen=True)
class Deck:
    """A named list of entries. The Investigator section is not part of the 52 cards."""

    name: str | None
    entries: tuple[DeckEntry, ...]

    @classmethod
    def of(cls, cards: Iterable[tuple[Card, int]], investigators: Iterable[Card] = (), name: str | None = None) -> Deck:
        """Builds a deck from (card, copies) pairs and Investigator cards (handy in tests)."""
        entries = [DeckEntry(card, 1, Section.INVESTIGATOR) for card in investigators]
        entries += [DeckEntry(card, count, Section.DECK) for card, count in cards]
        return cls(name, tuple(entries))

    def section(self, section: Section | str) -> tuple[DeckEntry, ...]:
        """Gets the entries of a section (``"all"`` for every section)."""
        if section == "all":
            return self.entries
        wanted = Section(section)
        return tuple(e for e in self.entries if e.section is wanted)

    def count(self, section: Section | str = Section.DECK) -> int:
        """Gets the number of cards in a section."""
        return sum(e.count for e in self.section(section))

    def copies_by_title(self, section: Section | str = Section.DECK) -> Counter[str]:
        """Gets copies per title (folded), across sets and printings: the four-copy rule's count."""
        counts: Counter[str] = Counter()
        for e in self.section(section):
            counts[fold_title(e.card.title)] += e.count
        return counts

    @property
    def investigators(self) -> tuple[Card, ...]:
        return tuple(e.card for e in self.section(Section.INVESTIGATOR))

    @property
    def main(self) -> tuple[DeckEntry, ...]:
        return self.section(Section.DECK)

    def cards(self, section: Section | str = Section.DECK) -> Iterator[Card]:
        """Yields each copy's card (a card with 3 copies three times)."""
        for e in self.section(section):
            for _ in range(e.count):
                yield e.card

    def of_type(self, card_type: CardType, section: Section | str = Section.DECK) -> list[DeckEntry]:
        return [e for e in self.section(section) if e.card.type is card_type]
