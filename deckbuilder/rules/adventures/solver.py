"""Checks a deck against an Adventure's recipe: which card meets which slot, what is missing.

Rulebook, "Adventure cards": "Each capitalized word in an Adventure must be matched by a
separate card. One card can not meet two requirements on the same Adventure card, but it
could meet different requirements of different Adventure cards. Multiple copies of the same
card may each be used to satisfy different requirements on the same Adventure card."

So a check is an assignment of separate cards (each copy counts once) to slots. The solver
finds the largest one:

- per slot, the deck cards that meet it are computed once (compiled predicates);
- without limits across cards this is a maximum bipartite matching (augmenting paths, the
  cards' copies as capacities);
- with limits ("different" cards, Subregions, Regions, subtypes, languages, icons) a small
  branch-and-bound search over the slots, bounded by that matching; it stops after
  :data:`SEARCH_BUDGET` steps and says so;
- points-worth slots ("20 POINTS-WORTH OF MONSTERS") take the strongest cards left.

When the deck falls short, ``missing`` lists the fewest slots left unmet and, given the
catalog's cards, ``add_one_of`` names cards that would meet each: given a judge of what the
deck can play (:class:`Judge`), the ones it can play first, then those of its home Region,
then Chaosium's before fan cards (see :func:`_suggest`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from deckbuilder.rules.adventures.matching import CardFacts, Predicate, card_facts, compile_requirement, fold_words
from deckbuilder.rules.adventures.model import Distinct, Measure, Recipe, Slot
from deckbuilder.rules.adventures.notation import slot_text
from deckbuilder.rules.adventures.words import slot_words
from deckbuilder.rules.cards import Card, CardType, display_title, fold_title

#: Steps the limit search may take before it settles for the best assignment found.
SEARCH_BUDGET = 200_000
#: How many cards ``add_one_of`` offers per unmet slot.
SUGGESTIONS = 5
#: How many titles a slot's suggestions ask the judge about at most, best placed first, when
#: fewer than :data:`SUGGESTIONS` of them can be played (the rest are not offered).
JUDGED = 8

#: Why a deck could not play a card once added: ``("error", reason)`` it never could,
#: ``("warning", reason)`` only by an unlikely path; None when it can.
WhyNot = tuple[Literal["error", "warning"], str] | None
#: Says whether a deck could play a card added to it (the service builds one from the
#: Playability panel's analysis and the way to play's deck check).
Judge = Callable[[Card], WhyNot]


@dataclass(frozen=True, eq=False)
class _Printing:
    """One printing in a collection, with its copies and facts."""

    card: Card
    copies: int
    facts: CardFacts
    keys: dict[Distinct, Hashable | None]


def _distinct_keys(card: Card) -> dict[Distinct, Hashable | None]:
    # Two printings are "different cards" when they differ in title or in play: the four
    # Great Libraries of the Dreamlands, the rulebook's "four different MI-GO cards".
    identity = (fold_title(card.title), card.type, card.region, card.subregion, card.dimension, fold_words(card.text))
    return {
        Distinct.CARD: identity,
        Distinct.SUBREGION: fold_words(card.subregion) if card.subregion else None,
        Distinct.REGION: fold_words(card.region) if card.region else None,
        Distinct.SUBTYPE: fold_words(card.subtype or card.monster_class or "") or None,
        Distinct.LANGUAGE: frozenset(card.tome_languages or card.languages) or None,
        Distinct.ICON: frozenset(card.icons) or None,
    }


class Collection:
    """Cards to check recipes against: each printing once, with its number of copies.

    Build one per deck (or for the whole pool) and reuse it across Adventures: the cards'
    facts are computed once.
    """

    def __init__(self, cards: Iterable[Card]) -> None:
        counts: dict[str, int] = {}
        first: dict[str, Card] = {}
        for card in cards:
            counts[card.key] = counts.get(card.key, 0) + 1
            first.setdefault(card.key, card)
        self.printings: tuple[_Printing, ...] = tuple(
            _Printing(card, counts[k], card_facts(card), _distinct_keys(card)) for k, card in first.items()
        )
        self._copies_by_title: dict[str, int] | None = None

    @property
    def copies_by_title(self) -> dict[str, int]:
        """Gets the number of copies of each folded title (counted when first asked)."""
        if self._copies_by_title is None:
            counts: dict[str, int] = {}
            for printing in self.printings:
                title = fold_title(printing.card.title)
                counts[title] = counts.get(title, 0) + printing.copies
            self._copies_by_title = counts
        return self._copies_by_title

    @classmethod
    def of(cls, cards: Collection | Iterable[Card]) -> Collection:
        """Gets a collection of cards (itself when it already is one)."""
        return cards if isinstance(cards, Collection) else cls(cards)

    def subset(self, keys: Iterable[str]) -> Collection:
        """Gets the collection of the given card keys (one item per copy), reusing the facts
        already computed here; keys not in this collection are ignored. The goldfish asks
        this many times per game (``benchmarks/goldfish.py``)."""
        counts: dict[str, int] = {}
        for key in keys:
            counts[key] = counts.get(key, 0) + 1
        other = Collection(())
        other.printings = tuple(
            _Printing(p.card, counts[p.card.key], p.facts, p.keys) for p in self.printings if p.card.key in counts
        )
        return other

    def without_title(self, title: str) -> Collection:
        """Gets the collection without any copy of a title (an Adventure never meets its own recipe)."""
        folded = fold_title(title)
        other = Collection(())
        other.printings = tuple(p for p in self.printings if fold_title(p.card.title) != folded)
        other._copies_by_title = {t: n for t, n in self.copies_by_title.items() if t != folded}
        return other

    def __len__(self) -> int:
        return sum(p.copies for p in self.printings)


@dataclass(frozen=True)
class SlotResult:
    """One slot of a recipe, checked: the cards meeting it and how many it still lacks."""

    number: int
    slot: Slot
    text: str
    cards: tuple[Card, ...]
    short: int
    add_one_of: tuple[str, ...] = ()
    #: The offered titles the deck could not play, or only by an unlikely path, with why:
    #: (title, "error" or "warning", reason), in ``add_one_of``'s order (they come last).
    cannot_play: tuple[tuple[str, str, str], ...] = ()

    @property
    def met(self) -> bool:
        return self.short == 0

    def why_not(self, title: str) -> tuple[str, str] | None:
        """Gets (severity, reason) when the deck could not play an offered title, else None."""
        for offered, severity, reason in self.cannot_play:
            if offered == title:
                return severity, reason
        return None


@dataclass(frozen=True)
class AdventureCheck:
    """An Adventure's recipe checked against cards.

    ``completable`` is True when every card slot can be met at once; conditions (left to
    the player) and uninterpreted words do not change it but are listed alongside.
    """

    recipe: Recipe
    slots: tuple[SlotResult, ...]
    completable: bool
    exhaustive: bool = True
    notes: tuple[str, ...] = field(default=())

    @property
    def adventure(self) -> str:
        return self.recipe.adventure

    @property
    def points(self) -> int | None:
        return self.recipe.points

    @property
    def missing(self) -> tuple[SlotResult, ...]:
        """Gets the slots left unmet (the fewest possible)."""
        return tuple(s for s in self.slots if not s.met)

    @property
    def cards_missing(self) -> int:
        """Gets how many more cards the deck needs for this Adventure."""
        return sum(s.short for s in self.slots)

    @property
    def cards_used(self) -> tuple[Card, ...]:
        return tuple(card for s in self.slots for card in s.cards)

    def slot_keys(self) -> list[str]:
        """Gets a unique label per slot: its notation, numbered when two slots read alike."""
        seen: dict[str, int] = {}
        keys = []
        for result in self.slots:
            seen[result.text] = seen.get(result.text, 0) + 1
            keys.append(result.text if seen[result.text] == 1 else f"{result.text} [{seen[result.text]}]")
        return keys

    def to_dict(self) -> dict[str, Any]:
        """Gets the check as JSON-ready data (``mythos adventure check --json``)."""
        keys = self.slot_keys()
        return {
            "adventure": self.adventure,
            "points": self.points,
            "completable": self.completable,
            "assignment": {k: [display_title(c.title) for c in s.cards] for k, s in zip(keys, self.slots)},
            "missing": [k for k, s in zip(keys, self.slots) if not s.met],
            "conditions": [c.text for c in self.recipe.conditions],
            "uninterpreted": list(self.recipe.uninterpreted),
            "add_one_of": {k: list(s.add_one_of) for k, s in zip(keys, self.slots) if not s.met},
            "slots": [
                {
                    "number": s.number,
                    "text": s.text,
                    "words": slot_words(s.slot),
                    "source": s.slot.source,
                    "cards": [display_title(c.title) for c in s.cards],
                    "short": s.short,
                    "add_one_of": list(s.add_one_of),
                    "cannot_play": [
                        {"card": title, "severity": severity, "reason": reason}
                        for title, severity, reason in s.cannot_play
                    ],
                }
                for s in self.slots
            ],
            "limits": [
                {"distinct": lim.distinct.value, "slots": [i + 1 for i in lim.slots]} for lim in self.recipe.limits
            ],
            "origin": self.recipe.origin,
            "exhaustive": self.exhaustive,
            "notes": list(self.recipe.notes) + list(self.notes),
        }


# --------------------------------------------------------------------------------------
# the search


class _Problem:
    """The assignment problem of one recipe over one collection."""

    def __init__(self, recipe: Recipe, collection: Collection, predicates: Sequence[Predicate]) -> None:
        self.recipe = recipe
        self.printings = collection.printings
        self.capacity = [p.copies for p in self.printings]
        n = len(recipe.slots)
        self.candidates: list[list[int]] = [[] for _ in range(n)]
        for g, printing in enumerate(self.printings):
            for i in range(n):
                if predicates[i](printing.facts):
                    self.candidates[i].append(g)
        self.plain = [i for i, s in enumerate(recipe.slots) if s.total is None]
        self.totals = [i for i, s in enumerate(recipe.slots) if s.total is not None]
        # Cards a points-worth slot could use go last for the plain slots.
        wanted = {g for i in self.totals for g in self.candidates[i]}
        for i in self.plain:
            self.candidates[i].sort(key=lambda g: g in wanted)
        # Limits per slot: (limit number, what must differ); a slot's own "distinct" is one.
        self.limits: list[list[tuple[int, Distinct]]] = [[] for _ in range(n)]
        number = 0
        for i, slot in enumerate(recipe.slots):
            if slot.distinct is not None and slot.total is None:
                self.limits[i].append((number, slot.distinct))
                number += 1
        for limit in recipe.limits:
            for i in limit.slots:
                if 0 <= i < n and recipe.slots[i].total is None:
                    self.limits[i].append((number, limit.distinct))
            number += 1
        self.limit_count = number
        self.steps = 0
        self.exhaustive = True

    # ---- matching ignoring limits: an upper bound, and the answer when there are none

    def matching(
        self, slots: Sequence[int], used: Sequence[int], counts: Sequence[int] | None = None
    ) -> dict[int, list[int]]:
        """Gets a maximum assignment of the slots' units to printings, ignoring limits
        (``counts``, when given, replaces each slot's number of units)."""
        units = [
            i for n, i in enumerate(slots) for _ in range(self.recipe.slots[i].count if counts is None else counts[n])
        ]
        units.sort(key=lambda i: len(self.candidates[i]))
        owner: dict[int, list[int]] = {}
        match: list[int | None] = [None] * len(units)
        room = [c - u for c, u in zip(self.capacity, used)]
        for u in range(len(units)):
            self._augment(u, set(), units, owner, match, room)
        result: dict[int, list[int]] = {i: [] for i in slots}
        for u, g in enumerate(match):
            if g is not None:
                result[units[u]].append(g)
        return result

    def _augment(
        self,
        u: int,
        seen: set[int],
        units: list[int],
        owner: dict[int, list[int]],
        match: list[int | None],
        room: list[int],
    ) -> bool:
        """Finds a printing for unit ``u`` along an augmenting path (``owner``: printing -> the
        units it holds, ``room``: its copies left). A method, not a nested function: one that
        calls itself is a reference cycle, left for the garbage collector."""
        for g in self.candidates[units[u]]:
            if g in seen or room[g] <= 0:
                continue
            seen.add(g)
            holders = owner.setdefault(g, [])
            if len(holders) < room[g]:
                holders.append(u)
                match[u] = g
                return True
            for v in list(holders):
                if self._augment(v, seen, units, owner, match, room):
                    holders.remove(v)
                    holders.append(u)
                    match[u] = g
                    return True
        return False

    def respects_limits(self, assignment: dict[int, list[int]]) -> bool:
        used: dict[int, set[Hashable]] = {}
        for i, groups in assignment.items():
            for lid, what in self.limits[i]:
                seen = used.setdefault(lid, set())
                for g in groups:
                    k = self.printings[g].keys[what]
                    if k is None:
                        continue
                    if k in seen:
                        return False
                    seen.add(k)
        return True

    def bound(self, slots: Sequence[int], used: Sequence[int]) -> int:
        """Gets at most how many units the slots can still fill.

        A slot whose cards must differ can fill no more units than it has different
        candidates; capping the units *before* matching keeps this an upper bound (capping a
        matching afterwards could undercount, as a hypothesis test showed).
        """
        counts = []
        for i in slots:
            count = self.recipe.slots[i].count
            distinct = self.recipe.slots[i].distinct
            if distinct is not None:
                keys = {self.printings[g].keys[distinct] for g in self.candidates[i]}
                if None not in keys:
                    count = min(count, len(keys))
            counts.append(count)
        return sum(map(len, self.matching(slots, used, counts).values()))

    def search(self) -> dict[int, list[int]]:
        """Gets an assignment filling as many units as the limits allow."""
        first = self.matching(self.plain, [0] * len(self.printings))
        want = sum(self.recipe.slots[i].count for i in self.plain)
        if not any(self.limits[i] for i in self.plain) or (
            sum(map(len, first.values())) == want and self.respects_limits(first)
        ):
            return first
        order = sorted(self.plain, key=lambda i: (len(self.candidates[i]), i))
        used = [0] * len(self.printings)
        keys_used: list[dict[Hashable, int]] = [{} for _ in range(self.limit_count)]
        chosen: dict[int, list[int]] = {i: [] for i in order}
        best: list[Any] = [-1, {i: list(first.get(i, [])) for i in order}]
        if self.respects_limits(first):
            best = [sum(map(len, first.values())), {i: list(g) for i, g in first.items()}]

        def place(i: int, g: int, sign: int) -> None:
            used[g] += sign
            for lid, what in self.limits[i]:
                k = self.printings[g].keys[what]
                if k is not None:
                    keys_used[lid][k] = keys_used[lid].get(k, 0) + sign
                    if not keys_used[lid][k]:
                        del keys_used[lid][k]
            if sign > 0:
                chosen[i].append(g)
            else:
                chosen[i].pop()

        def fits(i: int, g: int) -> bool:
            if used[g] >= self.capacity[g]:
                return False
            return all(
                (k := self.printings[g].keys[what]) is None or k not in keys_used[lid] for lid, what in self.limits[i]
            )

        # No assignment can fill more than this: the search stops once one does.
        ceiling = min(want, self.bound(order, used))

        def visit(position: int, unit: int, start: int, filled: int, rest: int) -> None:
            """Tries the cards for unit ``unit`` of slot ``order[position]``; ``rest`` bounds
            what the slots after it can still fill."""
            self.steps += 1
            if self.steps > SEARCH_BUDGET:
                self.exhaustive = False
                return
            if best[0] >= ceiling:
                return
            if position == len(order):
                if filled > best[0]:
                    best[0], best[1] = filled, {i: list(g) for i, g in chosen.items()}
                return
            i = order[position]
            count = self.recipe.slots[i].count
            if unit == 0:
                rest = self.bound(order[position + 1 :], used)
            if filled + (count - unit) + rest <= best[0]:
                return
            if unit == count:
                visit(position + 1, 0, 0, filled, 0)
                return
            for at in range(start, len(self.candidates[i])):
                g = self.candidates[i][at]
                if fits(i, g):
                    place(i, g, 1)
                    visit(position, unit + 1, at, filled + 1, rest)
                    place(i, g, -1)
                    if best[0] >= ceiling or not self.exhaustive:
                        return
            visit(position + 1, 0, 0, filled, 0)  # leave the rest of this slot unmet

        visit(0, 0, 0, 0, 0)
        return best[1]  # type: ignore[no-any-return]

    def fill_totals(self, assignment: dict[int, list[int]]) -> dict[int, tuple[list[int], int]]:
        """Fills the points-worth slots from the cards left, strongest first; gets per slot the
        cards taken and the points still lacking."""
        used = [0] * len(self.printings)
        for groups in assignment.values():
            for g in groups:
                used[g] += 1
        out: dict[int, tuple[list[int], int]] = {}
        for i in self.totals:
            total = self.recipe.slots[i].total
            assert total is not None
            measure = _value if total.measure is Measure.VALUE else _cost
            taken: list[int] = []
            points = 0
            pool = sorted(self.candidates[i], key=lambda g: -measure(self.printings[g].facts))
            for g in pool:
                worth = measure(self.printings[g].facts)
                while worth > 0 and used[g] < self.capacity[g] and points < total.at_least:
                    used[g] += 1
                    taken.append(g)
                    points += worth
            out[i] = (taken, max(0, total.at_least - points))
        return out


def _value(facts: CardFacts) -> int:
    return facts.value


def _cost(facts: CardFacts) -> int:
    return facts.cost


def _suggest(
    problem: _Problem,
    index: int,
    assignment: dict[int, list[int]],
    pool: Collection,
    predicates: Sequence[Predicate],
    have: dict[str, int],
    unmet: Sequence[int],
    regions: Sequence[str] = (),
    judge: Judge | None = None,
) -> tuple[tuple[str, ...], tuple[tuple[str, str, str], ...]]:
    """Gets cards of the pool that would meet an unmet slot alongside the cards assigned, and
    those of them the deck could not play with why.

    Ranked: first what the deck can play (``judge``: the Playability panel's analysis of the
    deck with the card added and the way to play's check; a card it could play only by an
    unlikely path after those, one it never could last), then a Location or Ally of the
    deck's home Region (``regions[0]``, where most of its Locations are) before one of its
    other Regions and one of a Region it has no Location in (rulebook l.84: an Ally is found
    where you are), then Chaosium's before fan cards, then the strongest, the one meeting
    more unmet slots, the cheapest, by title. The judge is asked about at most
    :data:`JUDGED` titles in that order and stops once :data:`SUGGESTIONS` can be played."""
    slot = problem.recipe.slots[index]
    taken: dict[int, set[Hashable]] = {}
    for i, groups in assignment.items():
        for lid, what in problem.limits[i]:
            for g in groups:
                taken.setdefault(lid, set()).add(problem.printings[g].keys[what])
    ranked: list[tuple[Any, ...]] = []
    for printing in pool.printings:
        card = printing.card
        if card.type is CardType.INVESTIGATOR or not predicates[index](printing.facts):
            continue
        if any(
            printing.keys[what] is not None and printing.keys[what] in taken.get(lid, set())
            for lid, what in problem.limits[index]
        ):
            continue
        folded = fold_title(card.title)
        if have.get(folded, 0) >= 4 or (card.unique and have.get(folded, 0) >= 1):
            continue  # four-copy rule and the Uniqueness Dot (rulings document lines 12-13)
        also = sum(1 for j in unmet if j != index and predicates[j](printing.facts))
        worth = 0
        if slot.total is not None:
            worth = printing.facts.value if slot.total.measure is Measure.VALUE else printing.facts.cost
        place = 1
        if card.type in (CardType.LOCATION, CardType.ALLY) and card.region and regions:
            place = 0 if card.region == regions[0] else 1 if card.region in regions else 2
        ranked.append(
            (
                place,
                not card.is_official,
                -worth,
                -also,
                printing.facts.cost,
                display_title(card.title).casefold(),
                card,
            )
        )
    ranked.sort(key=lambda r: r[:6])
    # Per title: the best answer among its printings judged (0 plays, 1 unlikely, 2 never),
    # the reason, and where the title first came in the ranking.
    titles: dict[str, tuple[int, str, str, int]] = {}
    playable = 0
    for row in ranked:
        card = row[-1]
        title = display_title(card.title)
        known = titles.get(title)
        if known is not None and (judge is None or known[0] == 0):
            continue
        if judge is None:
            titles[title] = (0, "", "", len(titles))
            playable += 1
        else:
            if known is None and len(titles) >= JUDGED:
                continue  # another printing of a title already asked about may still be better
            answer = judge(card)
            tier, severity, reason = (0, "", "") if answer is None else (1 if answer[0] == "warning" else 2, *answer)
            if known is None or tier < known[0]:
                titles[title] = (tier, severity, reason, known[3] if known else len(titles))
                playable += tier == 0
        if playable >= SUGGESTIONS:
            break
    chosen = sorted(titles, key=lambda t: (titles[t][0], titles[t][3]))[:SUGGESTIONS]
    why = tuple((t, titles[t][1], titles[t][2]) for t in chosen if titles[t][0])
    return tuple(chosen), why


def _solve(
    recipe: Recipe, collection: Collection, predicates: Sequence[Predicate]
) -> tuple[_Problem, dict[int, list[int]], dict[int, tuple[list[int], int]], dict[int, int]]:
    """Assigns cards to the recipe's slots; gets the problem, the assignment, the points-worth
    slots' fill, and per slot how many cards it is short (1 for a points-worth slot short)."""
    problem = _Problem(recipe, collection, predicates)
    assignment = problem.search()
    totals = problem.fill_totals(assignment)
    shorts: dict[int, int] = {}
    for i in problem.plain:
        shorts[i] = recipe.slots[i].count - len(assignment.get(i, []))
    for i, (_taken, lacking) in totals.items():
        shorts[i] = 1 if lacking else 0
    return problem, assignment, totals, shorts


def is_completable(
    recipe: Recipe, cards: Collection | Iterable[Card], predicates: Sequence[Predicate] | None = None
) -> bool:
    """Checks whether the cards can meet a recipe: ``check_adventure(recipe, cards).completable``
    without writing the report, for callers that ask many times (the goldfish).
    ``predicates``, when given, are the recipe's slots compiled once
    (:func:`~deckbuilder.rules.adventures.matching.compile_requirement`)."""
    return completing_cards(recipe, cards, predicates) is not None


def completing_cards(
    recipe: Recipe, cards: Collection | Iterable[Card], predicates: Sequence[Predicate] | None = None
) -> tuple[Card, ...] | None:
    """Gets the cards of one way to meet a recipe (a card per copy used), or None when the
    cards cannot meet it: ``check_adventure(recipe, cards).cards_used`` when completable,
    without writing the report. Any cards that include these meet the recipe too: the same
    cards fill the same slots, and limits across slots look only at the cards used."""
    if predicates is None:
        predicates = [compile_requirement(slot.requirement) for slot in recipe.slots]
    problem, assignment, totals, shorts = _solve(recipe, Collection.of(cards), predicates)
    if any(shorts.values()):
        return None
    used = [g for i in range(len(recipe.slots)) for g in (totals[i][0] if i in totals else assignment.get(i, []))]
    return tuple(problem.printings[g].card for g in used)


def _home_regions(collection: Collection) -> tuple[str, ...]:
    """Gets the Regions of the deck's Locations, the one with the most copies first."""
    counts: dict[str, int] = {}
    for printing in collection.printings:
        card = printing.card
        if card.type is CardType.LOCATION and card.region:
            counts[card.region] = counts.get(card.region, 0) + printing.copies
    return tuple(sorted(counts, key=lambda r: (-counts[r], r)))


def check_adventure(
    recipe: Recipe,
    cards: Collection | Iterable[Card],
    pool: Collection | Iterable[Card] | None = None,
    judge: Judge | None = None,
) -> AdventureCheck:
    """Checks whether the cards can meet a recipe, and how.

    ``cards`` are the deck's cards, one item per copy (or a :class:`Collection`); ``pool``,
    when given, are the catalog's cards, from which ``add_one_of`` suggests a card for each
    unmet slot, the ones ``judge`` says the deck can play first. Gets an :class:`AdventureCheck`.
    """
    collection = Collection.of(cards)
    predicates = [compile_requirement(slot.requirement) for slot in recipe.slots]
    problem, assignment, totals, shorts = _solve(recipe, collection, predicates)
    unmet = [i for i, n in shorts.items() if n]
    pool_collection = Collection.of(pool) if pool is not None else None
    have = dict(collection.copies_by_title)
    regions = _home_regions(collection)
    results = []
    for i, slot in enumerate(recipe.slots):
        groups = totals[i][0] if i in totals else assignment.get(i, [])
        suggestions: tuple[str, ...] = ()
        cannot: tuple[tuple[str, str, str], ...] = ()
        if shorts[i] and pool_collection is not None:
            suggestions, cannot = _suggest(
                problem, i, assignment, pool_collection, predicates, have, unmet, regions, judge
            )
        results.append(
            SlotResult(
                number=i + 1,
                slot=slot,
                text=slot_text(slot),
                cards=tuple(problem.printings[g].card for g in groups),
                short=shorts[i],
                add_one_of=suggestions,
                cannot_play=cannot,
            )
        )
    notes: list[str] = []
    for i, (_taken, lacking) in totals.items():
        if lacking:
            notes.append(f"slot {i + 1} is {lacking} points short")
    if not problem.exhaustive:
        notes.append(f"the search stopped after {SEARCH_BUDGET} steps; a better assignment may exist")
    return AdventureCheck(
        recipe=recipe,
        slots=tuple(results),
        completable=not unmet,
        exhaustive=problem.exhaustive,
        notes=tuple(notes),
    )
