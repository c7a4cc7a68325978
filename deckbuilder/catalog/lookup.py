"""Finds the cards a player means by a name: ``mythos card NAME``.

Name resolution itself lives in :mod:`deckbuilder.decklists.resolve` (one place for it,
shared with deck lists); this module adds the catalog fast path and the ``--set`` choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckbuilder.errors import MythosError
from deckbuilder.rules.cards import Card


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
        from deckbuilder.decklists.resolve import CardIndex

        resolution = CardIndex(catalog.all_cards()).resolve(name)
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
    whole catalog, built once per open catalog: a deck's names are resolved against it."""
    index = getattr(catalog, "_index", None)
    if index is None:
        from deckbuilder.decklists.resolve import CardIndex

        index = CardIndex(catalog.all_cards())
        catalog._index = index
    return index
