"""The Adventures a Campaign build chooses: ones its deck can complete, judged by games.

A Campaign ends when an Investigator's completed Adventures reach the target (rulebook
l.470), so a deck is only as good as the Adventure it finishes last. Points per card added
alone chose Adventures no deck of the pool can finish (Knee-Deep in Doom with Save The
World!, whose Cultist of the Past nothing in the deck could reach: 0% of games reached 20
points, issue 24), so each Adventure is first tried alone:

1. The pool's Adventures the goldfish can play for (official, a recipe read in full, no
   conditions), the fewest cards to add per point first (as :func:`~.start.reach_target`
   ranks them). One whose recipe needs a card only Events aimed at an opponent's card in
   play fill is left out untried, with the reason (:func:`solitaire_gap`): the goldfish's
   opponent plays nothing, so no game alone plays them (rulebook l.202).
2. In that order, each gets a first deck of its own (:func:`~.start.first_deck`: the
   solver's cards, what playability says they need, the format's size) and up to 40
   seeded goldfish games that end at the first Adventure completed (:data:`SCREEN_STAGES`):
   its *solo share* is how many of them completed it, and its pace their mean cost. The
   screen stops once :data:`PLAYABLE_WANTED` Adventures complete in at least
   :data:`PLAYABLE_SHARE` of their games, or after :data:`SCREENED` of them.
3. The sets: from each playable Adventure, the others added in turn, most points per
   card and per Round first among the playable ones, until the points reach the target;
   ranked by the product of their solo shares, then the fewest Adventures (each one more
   dilutes the others' cards), then their pace.
4. The sets weighed on the games the build reports on (:func:`rank_sets`): each set's first
   deck plays :data:`SET_GAMES` Campaign games to the target, and the sets are taken in the
   order of the share reaching it. Adventures each completed alone may not be together.

The build (:func:`~.build.build_deck`) builds for the first set and measures the deck on its
held-out games; one that reaches the target in fewer than half of them gives way to the
next set (:data:`~.build.ATTEMPTS`), and if none does the build says so and writes nothing.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from deckbuilder.rules.cards import Card, CardType, display_title, fold_title
from deckbuilder.rules.construction.measure import search_cost
from deckbuilder.rules.construction.model import BuildGoal, ImpossibleBuildError, PlayBatch, Pool, to_deck

if TYPE_CHECKING:
    from deckbuilder.rules.adventures import Collection, Recipe

#: Games each Adventure's own first deck plays in the screen (ending at its completion), in
#: two stages: one that completes fewer than :data:`SCREEN_ON` of the first stage's games
#: stops there (a game that never completes is the dearest to play).
SCREEN_STAGES = (10, 40)
SCREEN_ON = 0.2
#: The solo share from which an Adventure counts as playable.
PLAYABLE_SHARE = 0.5
#: Playable Adventures after which the screen stops, and the most Adventures it screens.
PLAYABLE_WANTED = 6
SCREENED = 20
#: Adventure sets weighed on Campaign games, and the games each set's first deck plays
#: (:func:`rank_sets`); the build then searches for the best of them (:data:`~.build.ATTEMPTS`).
SETS = 6
SET_GAMES = 24
#: Sets of playable Adventures reaching the target before the screen's share of the time
#: cap may end it (:func:`screen`).
SETS_WANTED = 2
#: Sets weighed even once the time cap is passed: a few games cost less than a search for a
#: set its deck cannot complete (on a busy machine the cap cut the weighing, and the build
#: searched for If I Ran the Zoog with The Dunwich Horror: 0% of games).
WEIGHED_ANYWAY = 3
#: Why an Adventure no game alone completes is left out of the screen (rulebook l.202).
NEEDS_OPPONENT = "needs {card}, aimed at an opponent's card in play: a game alone never plays it (rulebook l.202)"
#: What the screen adds to it.
NAME_IT = "; name it with --adventure to build for it anyway"


@dataclass(frozen=True)
class Screened:
    """One Adventure tried alone: its share of games completed, and their mean cost (the
    Round, or more for a game that never completed: :func:`~.measure.search_cost`)."""

    adventure: Card
    share: float
    pace: float
    cards: int
    #: Why it was left out untried (:func:`solitaire_gap`), or "" for one tried.
    reason: str = ""


def points(adventures: Sequence[Card]) -> int:
    """Gets the Adventure points of the Adventures, each title once."""
    return sum({fold_title(a.title): a.value or 0 for a in adventures}.values())


def needs_choice(goal: BuildGoal) -> bool:
    """Checks that a build chooses Adventures of its own: a Campaign whose named Adventures
    fall short of the target."""
    return goal.campaign and points(goal.adventures) < goal.target


def eligible(goal: BuildGoal, pool: Pool, recipes: Mapping[str, Recipe]) -> list[Card]:
    """Gets the pool's Adventures a Campaign build may add, the fewest cards to add per point
    first (with the goal's named Adventures and pinned cards already in the deck), one
    printing per title."""
    from deckbuilder.rules.adventures import check_adventure

    held = {fold_title(a.title) for a in goal.adventures}
    base = [c for c, n in goal.keep for _ in range(n)]
    ranked: dict[str, tuple[float, str, Card]] = {}
    for key, card in sorted(pool.cards.items()):
        title = fold_title(card.title)
        if card.type is not CardType.ADVENTURE or not card.value or card.value <= 0 or not card.is_official:
            continue
        recipe = recipes.get(key)
        if title in held or recipe is None or not recipe.reads_fully or recipe.conditions:
            continue  # what the goldfish cannot play for (conditions) is no plan
        check = check_adventure(recipe, base)
        rank = ((check.cards_missing + 1) / card.value, display_title(card.title).casefold(), card)
        if title not in ranked or rank[:2] < ranked[title][:2]:
            ranked[title] = rank
    return [r[2] for r in sorted(ranked.values(), key=lambda r: r[:2])]


def solitaire_gap(recipe: Recipe, pool: Pool) -> str:
    """Gets why no game alone can complete an Adventure, or "": a slot of its recipe that only
    Events aimed at an opponent's card in play fill (an Ally, an Artifact...: the goldfish's
    opponent plays none, so the Event has no target, rulebook l.202; one aimed at his
    Investigator, Hand or Mythos Deck is played). Its cards are judged as the engine judges
    them (:attr:`~deckbuilder.rules.places.Profile.opponent_card`)."""
    from deckbuilder.rules.adventures import compile_requirement
    from deckbuilder.rules.places import Kind

    facts = pool.facts()
    profiles = pool.profiles()
    for slot in recipe.slots:
        test = compile_requirement(slot.requirement)
        filling = [pool.cards[k] for k, f in facts.items() if test(f)]
        if filling and all(
            c.type is CardType.EVENT and profiles.of(c).kind is Kind.EVENT and profiles.of(c).opponent_card
            for c in filling
        ):
            names = sorted({display_title(c.title) for c in filling})
            return NEEDS_OPPONENT.format(card=" or ".join(names))
    return ""


def screen(
    goal: BuildGoal,
    pool: Pool,
    recipes: Mapping[str, Recipe],
    pool_cards: Collection,
    play: PlayBatch,
    seed: int,
    should_stop: Callable[[], bool] | None = None,
    must_stop: Callable[[], bool] | None = None,
) -> tuple[list[Screened], int]:
    """Gets the Adventures tried alone (see the module docstring), in the order tried, and
    the games played; ``play`` plays games that end at the first Adventure completed.

    ``should_stop`` (the screen's share of the time cap) ends it only once the playable
    Adventures make :data:`SETS_WANTED` sets reaching the target: a screen cut before that
    leaves the build no set to build for, or only one its deck cannot complete (on a busy
    machine the README's example was refused so, The Dunwich Horror untried); ``must_stop``
    (the build's time cap) ends it anyway."""
    from deckbuilder.rules.construction.start import first_deck

    rng = random.Random(seed * 6271 + 3)  # none of the search's or the held-out seeds
    seeds = [rng.randrange(2**31) for _ in range(SCREEN_STAGES[-1])]
    out: list[Screened] = []
    games = 0
    for adventure in eligible(goal, pool, recipes):
        tried = [s for s in out if not s.reason]
        if len(tried) >= SCREENED or sum(1 for s in tried if s.share >= PLAYABLE_SHARE) >= PLAYABLE_WANTED:
            break
        if tried and must_stop is not None and must_stop():
            break
        if (
            tried
            and should_stop is not None
            and should_stop()
            and len(adventure_sets(goal, tried, strict=True)) >= SETS_WANTED
        ):
            break
        gap = solitaire_gap(recipes[adventure.key], pool)
        if gap:
            out.append(Screened(adventure, 0.0, math.inf, 0, gap + NAME_IT))
            continue
        # Alone: without the named Adventures or a --from deck's, whose completion would be
        # counted as this one's (the games end at the first Adventure completed).
        alone = replace(goal, adventures=(adventure,), start=None, campaign=False)
        try:
            plan = first_deck(alone, pool, recipes, pool_cards)
        except ImpossibleBuildError:
            continue
        deck = to_deck(plan.counts, plan.cards, goal.investigator)
        results = list(play(deck, seeds[: SCREEN_STAGES[0]]))
        if sum(1 for r in results if r.rounds is not None) >= SCREEN_ON * len(results):
            results += play(deck, seeds[SCREEN_STAGES[0] :])
        games += len(results)
        share = sum(1 for r in results if r.rounds is not None) / len(results)
        pace = statistics.fmean(search_cost(r, goal.max_rounds) for r in results)
        added = sum(n for k, n in plan.counts.items() if plan.why.get(k, "").startswith("for "))
        out.append(Screened(adventure, share, pace, max(1, added)))
    return out, games


def adventure_sets(goal: BuildGoal, screened: Sequence[Screened], *, strict: bool = False) -> list[tuple[Card, ...]]:
    """Gets up to :data:`SETS` sets of the screened Adventures whose points, with the goal's
    named Adventures, reach the Campaign target, the likeliest to be completed first (see
    the module docstring). Raises :class:`ImpossibleBuildError` when none reaches it, or with
    ``strict`` gets none (and takes only playable Adventures, none of the likeliest others)."""
    need = goal.target - points(goal.adventures)
    screened = [s for s in screened if not s.reason]
    playable = [s for s in screened if s.share >= PLAYABLE_SHARE]
    if not playable and not strict:
        playable = sorted(screened, key=lambda s: -s.share)[:4]

    def worth(s: Screened) -> float:
        # Points per card the deck takes on and per Round a game takes, by how often it is done.
        return s.share * (s.adventure.value or 0) / (s.cards * s.pace)

    found: dict[tuple[str, ...], tuple[Screened, ...]] = {}
    for first in playable:
        chosen = [first]
        rest = sorted((s for s in playable if s is not first), key=lambda s: (-worth(s), s.adventure.key))
        while sum(s.adventure.value or 0 for s in chosen) < need and rest:
            gap = need - sum(s.adventure.value or 0 for s in chosen)
            # One that closes the gap alone beats two that do; else the most worth.
            closing = [s for s in rest if (s.adventure.value or 0) >= gap]
            pick = closing[0] if closing else rest[0]
            chosen.append(pick)
            rest.remove(pick)
        if sum(s.adventure.value or 0 for s in chosen) >= need:
            found.setdefault(tuple(sorted(s.adventure.key for s in chosen)), tuple(chosen))

    def rank(group: tuple[Screened, ...]) -> tuple[float, int, float, tuple[str, ...]]:
        return (
            -math.prod(s.share for s in group),
            len(group),
            sum(s.pace for s in group),
            tuple(s.adventure.key for s in group),
        )

    ordered = sorted(found.values(), key=rank)
    if strict:
        return [tuple(s.adventure for s in group) for group in ordered[:SETS]]
    if not ordered and not screened:
        raise ImpossibleBuildError(
            f"the Adventures available cannot reach the Campaign target of {goal.target} points; lower it with --target"
        )
    if not ordered:
        good = sum(1 for s in screened if s.share >= PLAYABLE_SHARE)
        raise ImpossibleBuildError(
            f"no set of Adventures a deck can complete reaches the Campaign target of {goal.target} points "
            f"({good} of the {len(screened)} tried alone completed in half their test games); lower it with "
            "--target or name the Adventures with --adventure"
        )
    return [tuple(s.adventure for s in group) for group in ordered[:SETS]]


@dataclass(frozen=True)
class SetTrial:
    """An Adventure set weighed on Campaign games: its first deck's share of games reaching
    the target, and their mean cost (:func:`~.measure.search_cost`)."""

    adventures: tuple[Card, ...]
    share: float
    pace: float


def rank_sets(
    goal: BuildGoal,
    sets: Sequence[tuple[Card, ...]],
    pool: Pool,
    recipes: Mapping[str, Recipe],
    pool_cards: Collection,
    play: PlayBatch,
    seed: int,
    should_stop: Callable[[], bool] | None = None,
) -> tuple[list[SetTrial], int]:
    """Gets the Adventure sets, the likeliest to reach the target first, weighed by the games
    the build reports on: each set's first deck plays :data:`SET_GAMES` Campaign games
    (``play``: the same engine, target and length as the held-out games, on seeds of its own,
    not the held-out ones, which would flatter the deck chosen by them). Adventures each
    completed alone may not be completed together (their cards in different Regions or
    Dimensions: If I Ran the Zoog with The Dunwich Horror reached 20 points in 0% of games for
    the Bored Housewife); the games see it. After :data:`WEIGHED_ANYWAY` sets,
    ``should_stop`` ends the weighing: the sets not played keep their order, after those
    that reached the target and before those that never did. Also gets the games played."""
    from deckbuilder.rules.construction.start import first_deck

    rng = random.Random(seed * 7919 + 5)  # none of the screen's, the search's or the held-out seeds
    seeds = [rng.randrange(2**31) for _ in range(SET_GAMES)]
    trials: list[SetTrial] = []
    games = 0
    for n, added in enumerate(sets):
        if n >= WEIGHED_ANYWAY and should_stop is not None and should_stop():
            trials += [SetTrial(rest, -1.0, math.inf) for rest in sets[n:]]
            break
        aim = replace(goal, adventures=(*goal.adventures, *added), picked=added)
        try:
            plan = first_deck(aim, pool, recipes, pool_cards)
        except ImpossibleBuildError:
            continue
        results = list(play(to_deck(plan.counts, plan.cards, goal.investigator), seeds))
        games += len(results)
        share = sum(1 for r in results if r.rounds is not None) / len(results)
        trials.append(SetTrial(added, share, statistics.fmean(search_cost(r, goal.max_rounds) for r in results)))
    order = {t.adventures: n for n, t in enumerate(trials)}

    def rank(t: SetTrial) -> tuple[int, float, float, int]:
        # Those that reached it first, then those not weighed, then those that never did.
        group = 0 if t.share > 0 else 1 if t.share < 0 else 2
        return (group, -t.share, t.pace, order[t.adventures])

    return sorted(trials, key=rank), games
