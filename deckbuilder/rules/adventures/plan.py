"""A deck's Adventures: each checked against the deck, and a Campaign plan over them.

Rulings document line 21: "Campaign Mythos allows for the completion of more than one
Adventure. The usual Adventure Point (AP) total required for completion of a Campaign game
is 20". Rulebook: "You may not complete the same Adventure more than once in any particular
Advanced Mythos game", and one card "could meet different requirements of different
Adventure cards", so each Adventure is checked against the whole deck on its own and
cards may be shared between the Adventures of a plan.

:func:`plan_campaign` chooses the Adventures to aim for:

1. sets that reach the target, and among those only *minimal* ones (no Adventure can be
   dropped and still reach it);
2. the fewest Adventures the deck cannot complete, then the fewest cards missing, then the
   most points (a margin over the target), then the fewest Adventures;
3. if no set reaches the target, every Adventure, and the plan says how far short it is.

With at most :data:`EXACT_LIMIT` distinct Adventures every subset is weighed (2^16 sums of
precomputed checks); beyond that a greedy pass takes Adventures best-first and then drops
the ones the target does not need.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deckbuilder.rules.adventures.model import Recipe
from deckbuilder.rules.adventures.parser import recipe_for
from deckbuilder.rules.adventures.solver import AdventureCheck, Collection, Judge, check_adventure
from deckbuilder.rules.adventures.vocabulary import Vocabulary
from deckbuilder.rules.cards import Card, CardType, display_title, fold_title
from deckbuilder.rules.decks import Deck, Section

#: Up to this many distinct Adventures the plan weighs every subset.
EXACT_LIMIT = 16
#: The usual Campaign target (rulings document line 21).
DEFAULT_TARGET = 20


def deck_adventures(deck: Deck) -> list[Card]:
    """Gets the deck's Adventures, one per title, in deck order."""
    seen: dict[str, Card] = {}
    for entry in deck.section(Section.DECK):
        if entry.card.type is CardType.ADVENTURE:
            seen.setdefault(fold_title(entry.card.title), entry.card)
    return list(seen.values())


def check_deck_adventures(
    deck: Deck,
    vocabulary: Vocabulary | None = None,
    overrides: Mapping[str, Recipe] | None = None,
    pool: Collection | Sequence[Card] | None = None,
    judge: Judge | None = None,
    recipes: Mapping[str, Recipe] | None = None,
) -> list[AdventureCheck]:
    """Checks every Adventure of a deck against the deck's cards.

    ``vocabulary`` should be the catalog's (:meth:`Vocabulary.from_cards`); without it the
    deck's own cards are the vocabulary, so titles of cards outside the deck stay
    uninterpreted. ``overrides`` are the user's recipes by folded title; ``pool`` the
    catalog's cards for ``add_one_of``, the ones ``judge`` says the deck can play first;
    ``recipes`` the recipes read before by the Adventure's card key (a check run again with
    the pool reads none twice: reading was near a quarter of a deck's Adventure checks).
    """
    vocabulary = vocabulary or Vocabulary.from_cards(e.card for e in deck.entries)
    collection = Collection(deck.cards(Section.DECK))
    pool_collection = Collection.of(pool) if pool is not None else None
    checks = []
    for adventure in deck_adventures(deck):
        recipe = (recipes or {}).get(adventure.key) or recipe_for(adventure, vocabulary, overrides)
        checks.append(check_adventure(recipe, collection.without_title(adventure.title), pool_collection, judge))
    return checks


@dataclass(frozen=True)
class CampaignPlan:
    """Adventures to aim for in a Campaign game, and what they need."""

    target: int
    chosen: tuple[AdventureCheck, ...]
    others: tuple[AdventureCheck, ...]
    method: str

    @property
    def points(self) -> int:
        return sum(c.points or 0 for c in self.chosen)

    @property
    def reaches_target(self) -> bool:
        return self.points >= self.target

    @property
    def completable(self) -> bool:
        """Checks that the deck can complete every chosen Adventure and reach the target."""
        return self.reaches_target and all(c.completable for c in self.chosen)

    @property
    def shared(self) -> dict[str, list[str]]:
        """Gets the cards that serve more than one chosen Adventure, with those Adventures."""
        users: dict[str, list[str]] = {}
        for check in self.chosen:
            for title in dict.fromkeys(display_title(c.title) for c in check.cards_used):
                users.setdefault(title, []).append(check.adventure)
        return {title: names for title, names in sorted(users.items()) if len(names) > 1}

    @property
    def missing(self) -> dict[str, list[str]]:
        """Gets, per chosen Adventure the deck cannot complete yet, the slots it lacks."""
        return {c.adventure: [s.text for s in c.missing] for c in self.chosen if not c.completable}

    def to_dict(self) -> dict[str, Any]:
        """Gets the plan as JSON-ready data (``mythos deck plan --json``)."""
        return {
            "target": self.target,
            "points": self.points,
            "reaches_target": self.reaches_target,
            "completable": self.completable,
            "method": self.method,
            "chosen": [c.to_dict() for c in self.chosen],
            "others": [
                {"adventure": c.adventure, "points": c.points, "completable": c.completable} for c in self.others
            ],
            "shared": self.shared,
            "missing": self.missing,
        }


def _rank(checks: Sequence[AdventureCheck]) -> tuple[int, int, int, int]:
    points = sum(c.points or 0 for c in checks)
    return (sum(not c.completable for c in checks), sum(c.cards_missing for c in checks), -points, len(checks))


def plan_campaign(
    deck: Deck,
    recipes: Mapping[str, Recipe] | Sequence[AdventureCheck],
    target: int = DEFAULT_TARGET,
    pool: Collection | Sequence[Card] | None = None,
) -> CampaignPlan:
    """Chooses the deck's Adventures that reach the Campaign target together.

    ``recipes`` maps folded titles to recipes (a deck Adventure without one is left out),
    or is the deck's Adventure checks already made. See the module docstring for the
    order of preference.
    """
    checks: list[AdventureCheck] = [r for r in recipes if isinstance(r, AdventureCheck)]
    if isinstance(recipes, Mapping):
        collection = Collection(deck.cards(Section.DECK))
        pool_collection = Collection.of(pool) if pool is not None else None
        checks = []
        for adventure in deck_adventures(deck):
            recipe = recipes.get(fold_title(adventure.title))
            if recipe is not None:
                checks.append(check_adventure(recipe, collection.without_title(adventure.title), pool_collection))
    if len(checks) <= EXACT_LIMIT:
        chosen, method = _exact(checks, target), "exact"
    else:
        chosen, method = _greedy(checks, target), "greedy"
    order = {id(c): n for n, c in enumerate(checks)}
    chosen = sorted(chosen, key=lambda c: order[id(c)])
    others = [c for c in checks if all(c is not x for x in chosen)]
    return CampaignPlan(target, tuple(chosen), tuple(others), method)


def _exact(checks: list[AdventureCheck], target: int) -> list[AdventureCheck]:
    n = len(checks)
    points = [c.points or 0 for c in checks]
    best: tuple[tuple[int, int, int, int], list[AdventureCheck]] | None = None
    for mask in range(1, 1 << n):
        members = [i for i in range(n) if mask >> i & 1]
        total = sum(points[i] for i in members)
        if total < target or any(total - points[i] >= target for i in members):
            continue  # short of the target, or not minimal
        subset = [checks[i] for i in members]
        rank = _rank(subset)
        if best is None or rank < best[0]:
            best = (rank, subset)
    return best[1] if best else list(checks)


def _greedy(checks: list[AdventureCheck], target: int) -> list[AdventureCheck]:
    ordered = sorted(checks, key=lambda c: (not c.completable, c.cards_missing, -(c.points or 0)))
    chosen: list[AdventureCheck] = []
    for check in ordered:
        if sum(c.points or 0 for c in chosen) >= target:
            break
        chosen.append(check)
    if sum(c.points or 0 for c in chosen) < target:
        return list(checks)
    for check in reversed(list(chosen)):  # drop what the target does not need, worst first
        rest = [c for c in chosen if c is not check]
        if sum(c.points or 0 for c in rest) >= target:
            chosen = rest
    return chosen
