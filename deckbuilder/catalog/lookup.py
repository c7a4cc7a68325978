"""Finds the cards a player means by a name: ``mythos card NAME``.

Name resolution itself lives in :mod:`deckbuilder.decklists.resolve` (one place for it,
shared with deck lists); this module adds the catalog fast path and the ``--set`` choice.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from deckbuilder.errors import MythosError
from deckbuilder.rules.cards import Card, fold_title


class NoPrintingInSetError(MythosError, LookupError):
    """Raised when ``--set`` names a set the card was not printed in."""

    kind = "unknown-card"


@dataclass(frozen=True)
class Found:
    cards: list[Card]
    note: str = ""


def find_cards(catalog: Any, name: str, set_code: str | None = None) -> Found:
    """Gets every printing of the card a name means, narrowed to ``set_code`` if given.

    Exact titles, printed titles and aliases are one indexed query; anything else goes to
    the resolver (set tags, display forms, folding, fuzzy matching with "did you mean").
    Raises the resolver's ``UnknownCardError`` / ``AmbiguousCardError``.
    """
    cards = catalog.cards_named(name)
    note = ""
    if not cards:
        resolution = card_index(catalog).resolve(name)
        cards = list(resolution.printings)
        if resolution.step.value != "exact":
            note = f'"{name}" read as "{resolution.card.title}" ({resolution.step.value})'
    if set_code:
        from deckbuilder.decklists.tags import SET_TAGS

        wanted = SET_TAGS.get(set_code.strip().casefold(), set_code.strip().upper())
        chosen = [c for c in cards if c.set_code == wanted]
        if not chosen:
            sets = ", ".join(sorted({c.set_code for c in cards}))
            raise NoPrintingInSetError(f'"{cards[0].title}" has no printing in set {wanted}; it is in: {sets}')
        cards = chosen
    return Found(cards, note)


def card_index(catalog: Any) -> Any:
    """Gets the name resolver (a :class:`~deckbuilder.decklists.resolve.CardIndex`) over the
    whole catalog, built once per open catalog: a deck's names are resolved against it.

    Where the catalog keeps the resolver's name tables (:mod:`deckbuilder.catalog.derived`),
    the index is made from them and reads a title's printings only when a name finds it;
    otherwise it is built from every card."""

    def make() -> Any:
        from deckbuilder.catalog.derived import stored_name_tables
        from deckbuilder.decklists.resolve import CardIndex

        with catalog.connection() as con:
            tables = stored_name_tables(con)
        if tables is not None:
            return CardIndex.from_tables(tables, _Printings(catalog, tables["keys"]))
        return CardIndex(catalog.all_cards())

    return catalog._once("_index", make)  # made once, however many threads ask at once


class _Printings(Mapping[str, tuple[Card, ...]]):
    """The printings of each title by folded title, read from the catalog at the first ask."""

    def __init__(self, catalog: Any, keys: list[str]) -> None:
        self._catalog = catalog
        self._keys = frozenset(keys)
        self._read: dict[str, tuple[Card, ...]] = {}
        # Two threads resolving decks at once read a title's printings once (issue 26).
        self._lock = threading.Lock()

    def __getitem__(self, key: str) -> tuple[Card, ...]:
        found = self._read.get(key)
        if found is None:
            if key not in self._keys:
                raise KeyError(key)
            self.read([key])
            found = self._read[key]
        return found

    def read(self, keys: Iterable[str]) -> None:
        """Reads the printings of these titles not read yet, in one query."""
        from deckbuilder.decklists.resolve import printings_in_order

        with self._lock:
            wanted = [key for key in dict.fromkeys(keys) if key in self._keys and key not in self._read]
            if not wanted:
                return
            by_title: dict[str, list[Card]] = {key: [] for key in wanted}
            for card in self._catalog.cards_with_folded_titles(wanted):
                by_title[fold_title(card.title)].append(card)
            for key, cards in by_title.items():
                self._read[key] = printings_in_order(cards)

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)
