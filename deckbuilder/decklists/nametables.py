"""The name tables of card-name resolution: every way a title or alias is found, by the folded
title it finds (:meth:`~deckbuilder.decklists.resolve.CardIndex.tables`).

A catalog build makes them once and keeps them (:mod:`deckbuilder.catalog.derived`), and the
resolver reads them; they are here, apart from the resolver, so that building a catalog loads
neither the resolver nor the deck lists' values (issue 28: a tenth of ``mythos catalog
import``'s own imports). Only the rules core's titles are needed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from deckbuilder.rules.cards import SETS, Card, display_title, fold_title

_ARTICLES = ("the ", "a ", "an ")

_SET_ORDER = {code: rank for rank, code in enumerate(SETS)}


def set_rank(code: str) -> int:
    """Gets a set's place in publication order (:data:`~deckbuilder.rules.cards.SETS`);
    unknown sets come last."""
    return _SET_ORDER.get(code, len(_SET_ORDER))


def bare_title(folded: str) -> str:
    """Gets a folded title without its leading article."""
    for article in _ARTICLES:
        if folded.startswith(article) and len(folded) > len(article):
            return folded[len(article) :]
    return folded


def title_groups(cards: Sequence[Card]) -> dict[str, tuple[Card, ...]]:
    """Gets the printings by folded title, each title's earliest set first, then by printing
    number, then as given."""
    position = {id(card): n for n, card in enumerate(cards)}
    groups: dict[str, list[Card]] = {}
    for card in cards:
        groups.setdefault(fold_title(card.title), []).append(card)
    return {
        key: tuple(sorted(members, key=lambda c: (set_rank(c.set_code), c.printing, position[id(c)])))
        for key, members in groups.items()
    }


def name_tables(groups: Mapping[str, tuple[Card, ...]]) -> dict[str, Any]:
    """Gets the name tables of an index over these printings by folded title (see
    :meth:`~deckbuilder.decklists.resolve.CardIndex.tables`): every way a title or alias is
    found, by the group it finds."""
    exact: dict[str, str] = {}
    display: dict[str, str] = {}
    folded: dict[str, str] = {key: key for key in groups}
    alias_exact: dict[str, str] = {}
    alias_display: dict[str, str] = {}
    for key, members in groups.items():
        for card in members:
            exact.setdefault(card.title, key)
            display.setdefault(display_title(card.title), key)
    # Aliases never shadow a title: a renamed card's old title only finds it when no
    # card carries that title today.
    for key, members in groups.items():
        for card in members:
            for alias in card.aliases:
                if alias not in exact:
                    alias_exact.setdefault(alias, key)
                if display_title(alias) not in display:
                    alias_display.setdefault(display_title(alias), key)
                folded.setdefault(fold_title(alias), key)
    bare: dict[str, set[str]] = {}
    for text, key in folded.items():
        bare.setdefault(bare_title(text), set()).add(key)
    spaceless: dict[str, set[str]] = {}
    for text, key in folded.items():
        for form in (text, bare_title(text)):
            spaceless.setdefault(form.replace(" ", ""), set()).add(key)
    spelling: dict[str, str] = {}
    for members in groups.values():
        for card in members:
            for text in (card.title, *card.aliases):
                spelling.setdefault(fold_title(text), text)
    return {
        "keys": list(groups),
        "exact": exact,
        "display": display,
        "folded": folded,
        "alias_exact": alias_exact,
        "alias_display": alias_display,
        "bare": {text: next(iter(keys)) for text, keys in bare.items() if len(keys) == 1},
        "compact": {text: next(iter(keys)) for text, keys in spaceless.items() if len(keys) == 1},
        "spelling": spelling,
    }
