"""Improves a legal deck by goldfish games: local search with racing over common seeds.

Each step changes one copy (a card out, a card in; or a card out while the deck is above the
format's size), keeps the deck legal and every goal Adventure completable, and races the
new deck against the current one on the same seeded games (common random numbers): after
each stage (:data:`STAGES` games) a deck that is not ahead on the mean is dropped, so most
games go to the changes that decide something (racing, successive halving). A change still
ahead after the last stage (360 paired games) is kept: asking it to be ahead by a standard
error more (:data:`ACCEPT_SE`) kept a third as many changes and built slower decks on every
deck of ``benchmarks/build.py`` tried (ultravox 23% against 46% by Round 6, corrupt 50%
against 81%), as a search that may walk level ground finds the slopes beyond it.

A game that never completes costs more the fewer of its Adventure's cards it played
(:func:`~.measure.search_cost`), so that a deck whose games all fail still finds its way
toward one that completes; where neither deck completes a game nor plays more of those cards,
the deck with fewer playability faults goes ahead.

Judged by matches against a field (:attr:`~.model.BuildGoal.combat`), a share of the moves
(:data:`COMBAT_SWAPS`) trades a card no recipe slot wants for a Combat card
(:meth:`Search.combat_swap`), so the matches judge how many Locations the deck needs.

A second, shorter phase goes on from the best deck weighing Sanity more (a Round is worth
:data:`STEADY_SANITY` points of Sanity), so the decks that play differently (slower but
saner) are there to offer as runner-ups, as MAP-Elites keeps decks of several styles
rather than one winner (Fontaine et al. 2019).

The search is seeded: the same seed, goal and cards make the same moves and the same deck,
as long as it stops on its games budget (a time cap stops it earlier, and says so).
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from deckbuilder.rules.cards import Card, CardType, fold_title
from deckbuilder.rules.construction.measure import Measure, measure, search_cost
from deckbuilder.rules.construction.model import BuildGoal, Counts, GameResult, PlayBatch, Pool, to_deck
from deckbuilder.rules.construction.start import Plan, faults

if TYPE_CHECKING:
    from deckbuilder.rules.adventures import Recipe
    from deckbuilder.rules.adventures.matching import Predicate

#: Games per racing stage: a new deck must be ahead after each to go on.
STAGES = (40, 120, 360)
#: Points of Sanity a Round is worth in the second phase (the steadier decks).
STEADY_SANITY = 4.0
#: Share of the games budget the second phase gets.
STEADY_SHARE = 0.2
#: Copies a build from a player's deck may change (each card out and each card in counts).
FROM_CHANGES = 12
#: Standard errors by which a change must be ahead after the last stage to be kept.
ACCEPT_SE = 0.0
#: Share of the moves that swap every copy of a filler of a recipe slot for another
#: (:meth:`Search.title_swap`), and of those and the moves that swap one copy.
TITLE_SWAPS = 0.1
SLOT_SWAPS = 0.4
#: Share of the moves that trade a card no slot wants for a copy of one a slot wants.
FOCUS = 0.2
#: Copies by which a runner-up must differ from the best deck.
RUNNER_UP_DISTANCE = 4
#: Judged by matches (:attr:`~.model.BuildGoal.combat`): the share of the moves that swap a
#: card no recipe slot wants (a Location to walk to, a Combat card) for a Combat card, and the
#: Combat cards the moves weigh (:func:`~.start.combat_cards`).
COMBAT_SWAPS = 0.2
COMBAT_MOVES = 40


@dataclass
class Arena:
    """Plays decks on the common seeds and keeps every game played (a deck's games are
    never played twice)."""

    play: PlayBatch
    cards: Mapping[str, Card]
    investigator: Card
    seeds: Sequence[int]
    games: int = 0
    played: dict[tuple[tuple[str, int], ...], list[GameResult]] = field(default_factory=dict)

    def results(self, counts: Counts, n: int) -> list[GameResult]:
        """Gets a deck's results on the first ``n`` common seeds, playing only the games missing."""
        key = deck_key(counts)
        have = self.played.get(key, [])
        if len(have) < n:
            more = list(self.play(to_deck(counts, self.cards, self.investigator), self.seeds[len(have) : n]))
            self.games += len(more)
            have = have + more
            self.played[key] = have
        return have[:n]


def search_arena(play: PlayBatch, cards: Mapping[str, Card], investigator: Card, seed: int) -> Arena:
    """Gets the arena of a search's common seeds (none of the held-out ones)."""
    seeds = random.Random(seed * 7919 + 1)
    return Arena(play, cards, investigator, [seeds.randrange(2**31) for _ in range(STAGES[-1])])


def deck_key(counts: Counts) -> tuple[tuple[str, int], ...]:
    """Gets a hashable key of counts (sorted, no zeros)."""
    return tuple(sorted((k, n) for k, n in counts.items() if n > 0))


def distance(a: Counts, b: Counts) -> int:
    """Gets how many copies differ between two decks (a card out and a card in: 2)."""
    keys = set(a) | set(b)
    return sum(abs(a.get(k, 0) - b.get(k, 0)) for k in keys)


@dataclass(frozen=True)
class Candidate:
    """A deck the search measured on the last racing stage: its counts and what its games say."""

    counts: Counts
    measure: Measure
    phase: str


@dataclass
class SearchState:
    """How the search went: steps tried, changes kept, games played, why it stopped."""

    steps: int = 0
    kept: int = 0
    stopped_by: str = "budget"
    archive: list[Candidate] = field(default_factory=list)


class Search:
    """The local search over one goal's decks (see the module docstring)."""

    def __init__(
        self,
        plan: Plan,
        recipes: Mapping[str, Recipe],
        play: PlayBatch,
        *,
        seed: int,
        budget: int,
        should_stop: Callable[[], bool] | None = None,
        progress: Callable[[int, int], None] | None = None,
        arena: Arena | None = None,
        stages: Sequence[int] = STAGES,
    ) -> None:
        self.plan = plan
        #: Games per racing stage (fewer where each game is costly: matches against a field).
        self.stages = tuple(min(n, STAGES[-1]) for n in stages)
        self.goal: BuildGoal = plan.goal
        self.pool: Pool = plan.pool
        self.recipes = recipes
        self.rng = random.Random(seed)
        self.arena = arena or search_arena(play, plan.cards, self.goal.investigator, seed)
        self.budget = budget
        self.should_stop = should_stop
        self.progress = progress
        self.state = SearchState()
        self.start: Counts = dict(plan.counts)
        self.pinned = plan.pinned
        self.moves = move_pool(plan, recipes)
        self.slots = slot_pool(plan, recipes)
        #: Judged by matches: the Combat cards the moves may bring in (none alone).
        self.fighters: list[str] = []
        if self.goal.combat:
            from deckbuilder.rules.construction.start import combat_cards

            self.fighters = [c.key for c, _why in combat_cards(plan, COMBAT_MOVES, fill=False)]
            for key in self.fighters:
                plan.cards.setdefault(key, self.pool.cards[key])
            self.moves = sorted({*self.moves, *self.fighters})
        self._assigned: dict[tuple[tuple[str, int], ...], set[str]] = {}
        self._predicates: dict[str, list[Predicate]] = {}
        self._faulty: dict[tuple[tuple[str, int], ...], set[str]] = {}

    # -- the rules every step keeps

    def completable(self, counts: Counts) -> bool:
        """Checks that every goal Adventure can still be completed by the deck's cards."""
        from deckbuilder.rules.adventures import is_completable
        from deckbuilder.rules.adventures.matching import compile_requirement

        cards = [self.plan.cards[k] for k, n in sorted(counts.items()) for _ in range(n)]
        for adventure in self.plan.adventures:
            if counts.get(adventure.key, 0) <= 0:
                return False
            recipe = self.recipes[adventure.key]
            predicates = self._predicates.get(adventure.key)
            if predicates is None:
                predicates = self._predicates[adventure.key] = [
                    compile_requirement(s.requirement) for s in recipe.slots
                ]
            folded = fold_title(adventure.title)
            if not is_completable(recipe, [c for c in cards if fold_title(c.title) != folded], predicates):
                return False
        return True

    def neighbour(self, counts: Counts) -> Counts | None:
        """Gets a deck one copy away (or None when the move drawn breaks a rule): every copy of
        a card that fills a slot of a goal Adventure for another that fills it
        (:data:`TITLE_SWAPS` of the moves), one copy of such a card for another
        (:data:`SLOT_SWAPS`), a card no slot wants for a copy of one a slot wants
        (:data:`FOCUS`), else any card out and, at the format's size, a card of
        :func:`move_pool` or another copy of one the deck holds in."""
        rng = self.rng
        draw = rng.random()
        if self.slots and draw < TITLE_SWAPS:
            return self.title_swap(counts)
        if self.slots and draw < SLOT_SWAPS:
            return self.slot_swap(counts, self.faulty(counts) if rng.random() < 0.5 else None)
        if self.slots and draw < SLOT_SWAPS + FOCUS:
            return self.focus(counts)
        if self.fighters and draw < SLOT_SWAPS + FOCUS + COMBAT_SWAPS:
            return self.combat_swap(counts)
        size = sum(counts.values())
        removable = [k for k, n in sorted(counts.items()) if n > self.pinned.get(k, 0)]
        if not removable:
            return None
        out = rng.choice(removable)
        trial = dict(counts)
        trial[out] -= 1
        if trial[out] == 0:
            del trial[out]
        if size <= self.goal.min_cards or rng.random() < 0.5:
            if rng.random() < 0.35:
                held = [k for k in sorted(trial) if k != out]
                choice = rng.choice(held) if held else rng.choice(self.moves)
            else:
                choice = rng.choice(self.moves)
            card = self.plan.cards[choice]
            if choice == out or self.pool.room(trial, card) <= 0:
                return None
            trial[choice] = trial.get(choice, 0) + 1
        if sum(trial.values()) < self.goal.min_cards:
            return None
        if self.goal.start is not None and distance(trial, self.start) > FROM_CHANGES:
            return None
        return trial if self.completable(trial) else None

    def focus(self, counts: Counts) -> Counts | None:
        """Gets the deck with a card no recipe slot wants swapped for another copy of a card
        the deck holds that one does: the Adventures' cards drawn sooner."""
        rng = self.rng
        wanted = self.assigned(counts)
        spare = [k for k in sorted(counts) if k not in wanted and counts[k] > self.pinned.get(k, 0)]
        more = [k for k in sorted(counts) if k in wanted and self.pool.room(counts, self.plan.cards[k]) > 0]
        if not spare or not more:
            return None
        out, choice = rng.choice(spare), rng.choice(more)
        trial = dict(counts)
        trial[out] -= 1
        if trial[out] == 0:
            del trial[out]
        trial[choice] = trial.get(choice, 0) + 1
        if self.goal.start is not None and distance(trial, self.start) > FROM_CHANGES:
            return None
        return trial if self.completable(trial) else None

    def combat_swap(self, counts: Counts) -> Counts | None:
        """Gets the deck with a copy of a card no recipe slot wants (a Location to walk to, a
        Combat card) swapped for a Combat card, one the deck holds a third of the time: the
        matches judge how many Locations the deck needs and which cards fight."""
        rng = self.rng
        wanted = self.assigned(counts)
        spare = [k for k in sorted(counts) if k not in wanted and counts[k] > self.pinned.get(k, 0)]
        if not spare:
            return None
        held = [k for k in self.fighters if k in counts]
        choice = rng.choice(held if held and rng.random() < 1 / 3 else self.fighters)
        out = rng.choice(spare)
        trial = dict(counts)
        trial[out] -= 1
        if trial[out] == 0:
            del trial[out]
        if choice == out or self.pool.room(trial, self.plan.cards[choice]) <= 0:
            return None
        trial[choice] = trial.get(choice, 0) + 1
        if self.goal.start is not None and distance(trial, self.start) > FROM_CHANGES:
            return None
        return trial if self.completable(trial) else None

    def assigned(self, counts: Counts) -> set[str]:
        """Gets the keys of the cards the recipe solver uses for the goal Adventures, and the
        Adventures themselves (asked once per deck)."""
        from deckbuilder.rules.adventures import check_adventure

        key = deck_key(counts)
        found = self._assigned.get(key)
        if found is None:
            cards = [self.plan.cards[k] for k, n in sorted(counts.items()) for _ in range(n)]
            found = {a.key for a in self.plan.adventures}
            for adventure in self.plan.adventures:
                folded = fold_title(adventure.title)
                check = check_adventure(
                    self.recipes[adventure.key], [c for c in cards if fold_title(c.title) != folded]
                )
                found |= {c.key for c in check.cards_used}
            self._assigned[key] = found
        return found

    def faulty(self, counts: Counts) -> set[str]:
        """Gets the keys of the deck's cards with a playability fault (asked once per deck)."""
        from deckbuilder.rules.playability import playability

        key = deck_key(counts)
        found = self._faulty.get(key)
        if found is None:
            deck = to_deck(counts, self.plan.cards, self.goal.investigator)
            titles = {fold_title(i.card) for i in playability(deck, profiles=self.plan.pool.profiles())}
            found = self._faulty[key] = {k for k in counts if fold_title(self.plan.cards[k].title) in titles}
        return found

    def slot_swap(self, counts: Counts, among: set[str] | None = None) -> Counts | None:
        """Gets the deck with a card that fills a recipe slot swapped for another card that
        fills it (a Monster for a Monster the deck can play sooner, say); with ``among``, the
        card out is one of those (the cards with a playability fault)."""
        rng = self.rng
        slots = [f for f in self.slots if among is None or f & among]
        if not slots:
            return None
        fillers = rng.choice(slots)
        held = [
            k
            for k in sorted(counts)
            if k in fillers and counts[k] > self.pinned.get(k, 0) and (among is None or k in among)
        ]
        if not held:
            return None
        out = rng.choice(held)
        choice = rng.choice(sorted(fillers))
        card = self.plan.cards[choice]
        trial = dict(counts)
        trial[out] -= 1
        if trial[out] == 0:
            del trial[out]
        if choice == out or self.pool.room(trial, card) <= 0:
            return None
        trial[choice] = trial.get(choice, 0) + 1
        if self.goal.start is not None and distance(trial, self.start) > FROM_CHANGES:
            return None
        return trial if self.completable(trial) else None

    def title_swap(self, counts: Counts) -> Counts | None:
        """Gets the deck with every copy of a card that fills a recipe slot swapped for another
        card that fills it, another the deck holds half the time (one card for two jobs): a
        card that holds the deck back in every copy shows no gain when one copy goes. Copies
        the new card's limit leaves over go to cards a recipe slot wants."""
        rng = self.rng
        # Half the time a slot the deck fills with two cards or more: the one kept does both jobs.
        doubled = [f for f in self.slots if sum(1 for k in counts if k in f) > 1]
        merge = bool(doubled) and rng.random() < 0.5
        fillers = rng.choice(doubled if merge else self.slots)
        held = [k for k in sorted(counts) if k in fillers and self.pinned.get(k, 0) == 0]
        if not held:
            return None
        out = rng.choice(held)
        others = [k for k in sorted(fillers) if k != out]
        mine = [k for k in others if k in counts]
        choice = rng.choice(mine if mine and (merge or rng.random() < 0.5) else others)
        trial = dict(counts)
        n = trial.pop(out)
        card = self.plan.cards[choice]
        moved = min(n, self.pool.room(trial, card))
        if moved <= 0:
            return None
        trial[choice] = trial.get(choice, 0) + moved
        wanted = [k for k in sorted(trial) if k in self.assigned(counts) and k != out]
        for _ in range(n - moved):
            room = [k for k in wanted if self.pool.room(trial, self.plan.cards[k]) > 0]
            if not room:
                return None
            pick = rng.choice(room)
            trial[pick] += 1
        if self.goal.start is not None and distance(trial, self.start) > FROM_CHANGES:
            return None
        return trial if self.completable(trial) else None

    # -- racing

    def race(self, new: Counts, old: Counts, sanity_weight: float, phase: str) -> bool:
        """Races a new deck against the current one over the common seeds; gets whether it wins."""
        max_rounds = self.goal.max_rounds
        for n in self.stages:
            a = self.arena.results(new, n)
            b = self.arena.results(old, n)
            diffs = [
                search_cost(x, max_rounds)
                - search_cost(y, max_rounds)
                - sanity_weight * (x.final_sanity - y.final_sanity) / STEADY_SANITY
                for x, y in zip(a, b)
            ]
            mean = statistics.fmean(diffs)
            if n == self.stages[0] and not any(diffs) and all(x.rounds is None for x in a):
                # Neither deck completes a game, nor plays more of its Adventure's cards: the
                # games cannot tell them apart, so the deck with fewer playability faults
                # (cards it can never play) goes ahead.
                return faults(self.plan, new) < faults(self.plan, old)
            if mean >= 0:
                return False
            if n == self.stages[-1]:
                self.state.archive.append(Candidate(dict(new), measure(a, max_rounds), phase))
                se = statistics.stdev(diffs) / math.sqrt(n)
                return mean + ACCEPT_SE * se < 0
        return False

    def run(self) -> Counts:
        """Runs both phases; gets the best deck (the steadier ones wait in the archive)."""
        current = dict(self.plan.counts)
        self.state.archive.append(
            Candidate(
                dict(current), measure(self.arena.results(current, self.stages[-1]), self.goal.max_rounds), "start"
            )
        )
        fast_budget = int(self.budget * (1 - STEADY_SHARE))
        best = self._phase(current, 0.0, fast_budget, "fast")
        steady = self._phase(dict(best), 1.0, self.budget, "steady")
        if self.goal.combat and steady != best:
            # Against a field the Sanity kept is part of the score (rulebook l.93) and so of
            # the win share: the steadier deck is the answer when its matches on the last
            # stage's seeds (played already, as it was kept on them) cost less than the best's.
            n = self.stages[-1]
            max_rounds = self.goal.max_rounds
            mine = statistics.fmean(search_cost(r, max_rounds) for r in self.arena.results(steady, n))
            if mine < statistics.fmean(search_cost(r, max_rounds) for r in self.arena.results(best, n)):
                return steady
        return best

    def fastest(self) -> Counts:
        """Runs the first phase alone on the whole budget; gets its deck (the fastest found)."""
        return self._phase(dict(self.plan.counts), 0.0, self.budget, "fast")

    def _phase(self, current: Counts, sanity_weight: float, budget: int, phase: str) -> Counts:
        misses = 0
        while self.arena.games < budget:
            if self.should_stop is not None and self.should_stop():
                self.state.stopped_by = "time"
                break
            trial = self.neighbour(current)
            if trial is None:
                misses += 1
                if misses > 2000:
                    break  # nothing left to try: every move breaks a rule
                continue
            self.state.steps += 1
            if self.race(trial, current, sanity_weight, phase):
                current = trial
                self.state.kept += 1
            if self.progress is not None:
                self.progress(min(self.arena.games, self.budget), self.budget)
        return current


def move_pool(plan: Plan, recipes: Mapping[str, Recipe]) -> list[str]:
    """Gets the cards a step may bring in: those that fill a slot of a goal Adventure's recipe,
    more copies of the goal Adventures, Locations of the places the deck's cards belong to
    (their subregions, regions and Dimensions), Gates, and Travel Events; official cards only,
    by key."""
    from deckbuilder.rules.adventures import compile_requirement
    from deckbuilder.rules.adventures.matching import card_facts

    predicates = [
        compile_requirement(slot.requirement)
        for a in plan.adventures
        if a.key in recipes
        for slot in recipes[a.key].slots
    ]
    deck = [plan.cards[k] for k in plan.counts]
    subregions = {fold_title(c.subregion) for c in deck if c.subregion}
    regions = {fold_title(c.region) for c in deck if c.region}
    dimensions = {c.dimension for c in deck if c.dimension is not None}
    goal_adventures = {a.key for a in plan.adventures}
    out: list[str] = []
    for key, card in plan.pool.cards.items():
        if not card.is_official:
            continue
        if card.type is CardType.ADVENTURE:
            if key in goal_adventures:
                out.append(key)
            continue
        if card.type is CardType.LOCATION and (
            card.gate
            or fold_title(card.subregion or "") in subregions
            or fold_title(card.region or "") in regions
            or card.dimension in dimensions
        ):
            out.append(key)
            continue
        if card.type is CardType.EVENT and "travel" in (card.subtype or "").casefold():
            out.append(key)
            continue
        facts = card_facts(card)
        if any(p(facts) for p in predicates):
            out.append(key)
    return sorted(out) or sorted(plan.counts)


def slot_pool(plan: Plan, recipes: Mapping[str, Recipe]) -> list[frozenset[str]]:
    """Gets, per slot of the goal Adventures' recipes, the official cards of the pool that
    fill it (slots only one card fills are left out: nothing to swap)."""
    from deckbuilder.rules.adventures import compile_requirement
    from deckbuilder.rules.adventures.matching import card_facts

    facts = {
        k: card_facts(c)
        for k, c in sorted(plan.pool.cards.items())
        if c.is_official and c.type is not CardType.ADVENTURE
    }
    out: list[frozenset[str]] = []
    for adventure in plan.adventures:
        recipe = recipes.get(adventure.key)
        if recipe is None:
            continue
        for slot in recipe.slots:
            test = compile_requirement(slot.requirement)
            fillers = frozenset(k for k, f in facts.items() if test(f))
            if len(fillers) > 1:
                out.append(fillers)
    return out


@dataclass(frozen=True)
class RunnerUp:
    """A deck that plays differently from the best: its counts, games and how it differs."""

    counts: Counts
    measure: Measure
    label: str


def runners_up(best: Counts, archive: Sequence[Candidate], *, limit: int = 3) -> list[Candidate]:
    """Gets up to ``limit`` archived decks that differ from the best by at least
    :data:`RUNNER_UP_DISTANCE` copies and are best at something (the Pareto front of mean
    Round and Sanity): the sanest first, then the fastest."""
    seen: set[tuple[tuple[str, int], ...]] = {deck_key(best)}
    pool: list[Candidate] = []
    for c in archive:
        key = deck_key(c.counts)
        if key in seen or distance(c.counts, best) < RUNNER_UP_DISTANCE or c.phase == "start":
            continue
        seen.add(key)
        pool.append(c)
    front = [
        c
        for c in pool
        if not any(
            o.measure.mean_cost <= c.measure.mean_cost
            and o.measure.final_sanity >= c.measure.final_sanity
            and (o.measure.mean_cost, o.measure.final_sanity) != (c.measure.mean_cost, c.measure.final_sanity)
            for o in pool
        )
    ]
    chosen: list[Candidate] = []
    for c in sorted(front, key=lambda c: (-c.measure.final_sanity, c.measure.mean_cost)):
        if all(distance(c.counts, o.counts) >= RUNNER_UP_DISTANCE for o in chosen):
            chosen.append(c)
    if len(chosen) > limit:
        # Keep the sanest, the fastest, and one between.
        ends = [chosen[0], chosen[-1]]
        chosen = [chosen[0], chosen[len(chosen) // 2], chosen[-1]][:limit] if limit >= 3 else ends[:limit]
    rest = sorted((c for c in pool if c not in chosen), key=lambda c: c.measure.mean_cost)
    for c in rest:
        if len(chosen) >= limit:
            break
        if all(distance(c.counts, o.counts) >= RUNNER_UP_DISTANCE for o in chosen):
            chosen.append(c)
    return chosen
