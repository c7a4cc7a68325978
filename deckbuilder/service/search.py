"""The search as a deck's builder sees it: the cards its way to play plays, and the likely fix
for a search that finds nothing. The web's search panel calls these through
:mod:`deckbuilder.service`; heavy modules are imported inside the functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from deckbuilder.service.cards import SearchQuery, query_terms
from deckbuilder.service.decks import WayToPlay

if TYPE_CHECKING:
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.rules.cards import Card


def asks_for_unofficial(search: SearchQuery) -> bool:
    """Checks whether a search asks for fan or re-pointed cards by name: ``is:fan``,
    ``is:repointed``, or a set that is not Chaosium's (``set:sd``, ``set:rp``)."""
    from deckbuilder.rules.cards import SETS, Legality

    for term in query_terms(search.tree):
        key, _, value = term.partition(":")
        if key == "is" and value in ("fan", "repointed"):
            return True
        if key == "set" and SETS.get(value, ("", Legality.OFFICIAL))[1] is not Legality.OFFICIAL:
            return True
    return False


def without_cards_not_played(cards: Sequence[Card], play: WayToPlay) -> tuple[list[Card], int]:
    """Gets the cards a way to play plays (those its deck check would not name as fan or
    re-pointed cards, :func:`~deckbuilder.rules.validator.legalities_named`) and how many
    were left out."""
    from deckbuilder.rules.validator import legalities_named

    named = legalities_named(play.format, play.house_rules)
    kept = [c for c in cards if c.legality not in named]
    return kept, len(cards) - len(kept)


def search_hint(catalog: Catalog, search: SearchQuery) -> str:
    """Gets the likely fix, in one sentence, for a search that found nothing (a value that
    is part of a whole field, ``st:lesser``; a key the other terms' cards do not have,
    ``t:adventure sr:arkham``), or "" (:mod:`deckbuilder.catalog.search.hints`)."""
    from deckbuilder.catalog.search.hints import search_hint as hint_for

    return hint_for(search.tree, catalog.all_cards())
