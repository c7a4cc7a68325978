"""The first legal deck: the Adventures, the solver's cards for them, what those cards need,
then the format's size filled with cards that serve the plan.

1. The Adventures named (in a Campaign, more of the pool's until their points reach the
   target: the fewest cards to add per point first) and the cards pinned with ``keep``.
2. For each Adventure, the recipe solver's "add one of" (:func:`check_adventure` with the
   candidate cards as the pool) until it can be completed (rulebook "Adventure cards").
3. Playability (:func:`deckbuilder.rules.playability.playability`): for a card that can never
   be played, the candidate Location or Ally that clears the most such faults (a Location of
   an Ally's subregion, a Gate for Monsters, a reader of a Tome's language...).
4. The format's size (rulings:11): more copies of the Adventures and the cards they need, then
   Locations that open those cards, then Locations that cost no Sanity.

Every card added carries its reason, which the deck file shows as a comment per group.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from deckbuilder.rules.cards import Card, CardType, display_title, fold_title
from deckbuilder.rules.construction.model import BuildGoal, Counts, ImpossibleBuildError, Pool, to_deck

if TYPE_CHECKING:
    from deckbuilder.rules.adventures import AdventureCheck, Collection, Recipe

#: How many rounds of playability fixes the first deck gets.
PLAYABILITY_ROUNDS = 6
#: How many supporting cards each playability round tries.
SUPPORTERS = 40


class Plan:
    """A deck under construction: its counts, why each card is there, and the goal's Adventures."""

    def __init__(self, goal: BuildGoal, pool: Pool, recipes: Mapping[str, Recipe]) -> None:
        self.goal = goal
        self.pool = pool
        self.recipes = recipes
        self.cards: dict[str, Card] = dict(pool.cards)
        self.counts: Counts = {}
        self.why: dict[str, str] = {}
        self.adventures: list[Card] = []
        self.pinned: Counts = {}

    def add(self, card: Card, reason: str, copies: int = 1) -> int:
        """Adds up to ``copies`` of a card within the pool's limits; gets how many were added."""
        self.cards.setdefault(card.key, card)
        n = min(copies, self.pool.room(self.counts, card)) if card.key in self.pool.cards else copies
        if n <= 0:
            return 0
        self.counts[card.key] = self.counts.get(card.key, 0) + n
        self.why.setdefault(card.key, reason)
        return n

    def size(self) -> int:
        return sum(self.counts.values())

    def deck_cards(self) -> list[Card]:
        return [self.cards[k] for k, n in sorted(self.counts.items()) for _ in range(n)]


def first_deck(goal: BuildGoal, pool: Pool, recipes: Mapping[str, Recipe], pool_cards: Collection) -> Plan:
    """Gets the first legal deck for a goal (see the module docstring); ``pool_cards`` is the
    pool as the solver's collection (its facts read once). Raises
    :class:`ImpossibleBuildError` when an Adventure cannot be completed from the pool."""
    plan = Plan(goal, pool, recipes)
    for card, copies in goal.keep:
        if plan.add(card, "kept: you asked for it (--keep)", copies) < copies:
            raise ImpossibleBuildError(
                f"--keep {display_title(card.title)}: {copies} copies is more than the deck may hold "
                f"({pool.limit(card)}); keep fewer")
        plan.pinned[card.key] = plan.pinned.get(card.key, 0) + copies
    if goal.start is not None:
        for card, copies in goal.start:
            if card.type is CardType.INVESTIGATOR:
                continue
            plan.add(card, "from your deck (--from)", copies)
    for adventure in goal.adventures:
        add_adventure(plan, adventure, pool_cards, "an Adventure you asked for")
    if goal.campaign:
        reach_target(plan, pool_cards)
    fix_playability(plan)
    fill(plan)
    return plan


def add_adventure(plan: Plan, adventure: Card, pool_cards: Collection, reason: str) -> None:
    """Adds an Adventure and the solver's cards until its recipe can be completed."""
    if adventure.key not in plan.counts:
        plan.add(adventure, reason)
        if adventure.key not in plan.counts:
            raise ImpossibleBuildError(f"{display_title(adventure.title)}: no copy can be added (not owned?); "
                                       "choose another Adventure or add it to your collection")
    if adventure not in plan.adventures:
        plan.adventures.append(adventure)
    complete(plan, adventure, pool_cards)


def complete(plan: Plan, adventure: Card, pool_cards: Collection) -> None:
    """Adds the solver's "add one of" cards until the Adventure's recipe can be completed."""
    from deckbuilder.rules.adventures import check_adventure

    recipe = plan.recipes.get(adventure.key)
    if recipe is None:
        raise ImpossibleBuildError(f"{display_title(adventure.title)}: no recipe is known for it; "
                                   "write one in recipes.toml (docs/recipes.md)")
    name = display_title(adventure.title)
    by_display: dict[str, list[str]] = {}
    for key, card in plan.pool.cards.items():
        by_display.setdefault(fold_title(card.title), []).append(key)
    for _ in range(2 * recipe.cards_needed + 8):
        deck = [c for c in plan.deck_cards() if fold_title(c.title) != fold_title(adventure.title)]
        room = [k for k, c in plan.pool.cards.items() if plan.pool.room(plan.counts, c) > 0]
        check = check_adventure(recipe, deck, pool_cards.subset(room))
        if check.completable:
            return
        # Of the cards that would fill an unmet slot, one that brings the recipe nearer (fewer
        # cards missing, or more points in a points-worth slot): the fewest cards missing, then
        # the one the deck can best play (fewest playability faults with it), then the most
        # points, then the solver's order.
        now = progress(check)
        best: tuple[int, int, int, int, Card, str] | None = None
        order = 0
        seen: set[str] = set()
        for slot in check.missing:
            for title in slot.add_one_of:
                # Each printing of the title: "different" cards may need another printing.
                for key in by_display.get(fold_title(title), []):
                    pick = plan.pool.cards[key]
                    if key in seen or plan.pool.room(plan.counts, pick) <= 0:
                        continue
                    seen.add(key)
                    order += 1
                    nearer = progress(check_adventure(recipe, [*deck, pick]))
                    if nearer >= now:
                        continue
                    trial = dict(plan.counts)
                    trial[key] = trial.get(key, 0) + 1
                    rank = (nearer[0], faults(plan, trial), nearer[1], order, pick, f"for {name}: {slot.text}")
                    if best is None or rank[:4] < best[:4]:
                        best = rank
        added = best is not None and plan.add(best[4], best[5]) > 0
        if not added:
            slot = check.missing[0]
            raise ImpossibleBuildError(
                f"{name} cannot be completed with the cards available: nothing fills '{slot.text}'"
                + (" among the cards you own" if plan.pool.owned is not None else "")
                + "; choose another Adventure" + (" or add cards to your collection" if plan.pool.owned is not None else ""))
    raise ImpossibleBuildError(f"{name} cannot be completed with the cards available; choose another Adventure")


def progress(check: AdventureCheck) -> tuple[int, int]:
    """Gets how far cards are from a recipe: cards missing, then (negated) the points the
    points-worth slots hold, so that a card that adds points counts as nearer."""
    worth = 0
    for slot in check.slots:
        total = slot.slot.total
        if total is not None:
            for card in slot.cards:
                worth += (card.value or 0) if total.measure.value == "value" else max(0, -(card.sanity or 0))
    return (check.cards_missing, -worth)


def reach_target(plan: Plan, pool_cards: Collection) -> None:
    """Adds the pool's Adventures, the fewest cards to add per point first, until the deck's
    Adventures reach the Campaign target (rulebook "Campaign")."""
    from deckbuilder.rules.adventures import check_adventure

    goal = plan.goal
    tried: set[str] = set()
    while sum(a.value or 0 for a in plan.adventures) < goal.target:
        held = {fold_title(a.title) for a in plan.adventures}
        best: tuple[float, str, Card] | None = None
        deck = plan.deck_cards()
        for key, card in plan.pool.cards.items():
            if card.type is not CardType.ADVENTURE or not card.value or card.value <= 0 or key in tried:
                continue
            if fold_title(card.title) in held or key not in plan.recipes or not card.is_official:
                continue
            recipe = plan.recipes[key]
            if not recipe.reads_fully or recipe.conditions:
                continue  # what the goldfish cannot play for (conditions) is no plan
            check = check_adventure(recipe, [c for c in deck if fold_title(c.title) != fold_title(card.title)])
            cost = (check.cards_missing + 1) / card.value
            rank = (cost, display_title(card.title).casefold(), card)
            if best is None or rank[:2] < best[:2]:
                best = rank
        if best is None:
            raise ImpossibleBuildError(
                f"the Adventures available cannot reach the Campaign target of {goal.target} points; "
                "lower it with --target")
        tried.add(best[2].key)
        try:
            add_adventure(plan, best[2], pool_cards, f"an Adventure toward the Campaign target of {goal.target}")
        except ImpossibleBuildError:
            continue


def fix_playability(plan: Plan) -> None:
    """Adds, round by round, the Location or Ally that clears the most playability faults of
    the deck's cards (errors count ten times a warning)."""
    current = faults(plan, plan.counts)
    for _ in range(PLAYABILITY_ROUNDS):
        if current == 0:
            return
        best: tuple[int, Card] | None = None
        for card in supporters(plan) + travels(plan):
            trial = dict(plan.counts)
            trial[card.key] = trial.get(card.key, 0) + 1
            score = faults(plan, trial)
            if score < current and (best is None or score < best[0]):
                best = (score, card)
        if best is None:
            return
        plan.add(best[1], "so that the cards above can be played (playability)")
        current = best[0]


def faults(plan: Plan, counts: Counts) -> int:
    """Gets the deck's playability faults, an error counting ten times a warning."""
    from deckbuilder.rules.playability import Severity, playability

    issues = playability(to_deck(counts, plan.cards, plan.goal.investigator))
    return sum(10 if i.severity is Severity.ERROR else 1 for i in issues)


def supporters(plan: Plan) -> list[Card]:
    """Gets the candidate cards most likely to open the deck's cards: Locations of their
    subregions, with a Gate, or the Tome and Artifact attributes; Allies reading the Tomes'
    languages; at most :data:`SUPPORTERS`, the most relevant first."""
    deck = [plan.cards[k] for k in sorted(plan.counts)]
    subregions = {fold_title(c.subregion) for c in deck if c.type is CardType.ALLY and c.subregion}
    monsters = any(c.type is CardType.MONSTER for c in deck)
    tomes = any(c.type is CardType.TOME for c in deck)
    artifacts = any(c.type is CardType.ARTIFACT for c in deck)
    languages = {fold_title(lang) for c in deck if c.type is CardType.TOME for lang in c.tome_languages}
    dimensions = {c.dimension for c in deck if c.dimension is not None}
    home = home_region(plan)
    ranked: list[tuple[int, str, Card]] = []
    for key, card in plan.pool.cards.items():
        if plan.pool.room(plan.counts, card) <= 0 or not card.is_official:
            continue
        score = 0
        if card.type is CardType.LOCATION:
            attrs = {fold_title(a) for a in card.attributes}
            score += 3 * (fold_title(card.subregion or "") in subregions)
            score += 2 * (monsters and card.gate) + 2 * (tomes and "tome" in attrs) + 2 * (artifacts and "artifact" in attrs)
            score += card.dimension in dimensions
            score += 2 * (fold_title(card.region or "") == home)
        elif card.type is CardType.ALLY:
            score += 3 * bool(languages & {fold_title(lang) for lang in card.languages})
        if score > 0:
            ranked.append((-score, key, card))
    ranked.sort(key=lambda r: (r[0], r[1]))
    return [card for _score, _key, card in ranked[:SUPPORTERS]]


def travels(plan: Plan) -> list[Card]:
    """Gets the pool's official Travel Events the deck may take, by key: a way between the
    regions and Dimensions of its Locations (tried only where they clear a fault)."""
    return [c for k, c in sorted(plan.pool.cards.items())
            if c.type is CardType.EVENT and c.is_official and "travel" in (c.subtype or "").casefold()
            and plan.pool.room(plan.counts, c) > 0]


def fill(plan: Plan) -> None:
    """Fills the deck to the format's size: a second copy of each Adventure, a third copy of
    each card the Adventures need, Locations that open them, then Locations costing no Sanity."""
    from deckbuilder.rules.adventures import check_adventure

    goal = plan.goal
    if plan.size() >= goal.min_cards:
        return
    needed: list[Card] = []
    for adventure in plan.adventures:
        recipe = plan.recipes.get(adventure.key)
        if recipe is None:
            continue
        deck = [c for c in plan.deck_cards() if fold_title(c.title) != fold_title(adventure.title)]
        for card in check_adventure(recipe, deck).cards_used:
            if card not in needed:
                needed.append(card)
    steps: list[tuple[Sequence[Card], int, str]] = [
        (plan.adventures, 2, "another copy of an Adventure, to draw it sooner"),
        (needed, 2, "another copy of a card an Adventure needs, to draw it sooner"),
        ([c for c in supporters(plan) if c.type is not CardType.EVENT], 1,
         "a Location or Ally that opens the cards the Adventures need"),
        (needed, 3, "another copy of a card an Adventure needs, to draw it sooner"),
        (free_locations(plan), 1, "a Location to walk to, costing no Sanity"),
        (free_locations(plan), 2, "a Location to walk to, costing no Sanity"),
        (free_locations(plan), 4, "a Location to walk to, costing no Sanity"),
    ]
    for cards, copies, reason in steps:
        for card in cards:
            if plan.size() >= goal.min_cards:
                return
            plan.add(card, reason, copies - plan.counts.get(card.key, 0))
    if plan.size() < goal.min_cards:
        rest = sorted((c for c in plan.pool.cards.values() if c.is_official), key=lambda c: c.key)
        for card in rest:
            if plan.size() >= goal.min_cards:
                return
            plan.add(card, "to reach the format's size", goal.min_cards - plan.size())
        raise ImpossibleBuildError(
            f"the cards available make at most {plan.size()} cards; the format needs {goal.min_cards}"
            + ("; add cards to your collection" if plan.pool.owned is not None else ""))


def free_locations(plan: Plan) -> list[Card]:
    """Gets the pool's official Locations that cost no Sanity: those of the deck's home
    region first (walking stays within a region, rulebook "Walking"), Gates next, by key."""
    home = home_region(plan)
    out = [c for c in plan.pool.cards.values()
           if c.type is CardType.LOCATION and c.is_official and (c.sanity or 0) >= 0]
    out.sort(key=lambda c: (fold_title(c.region or "") != home, not c.gate, c.dimension is not None, c.key))
    return out


def home_region(plan: Plan) -> str:
    """Gets the folded region most of the deck's Locations (by copies) are in."""
    regions: dict[str, int] = {}
    for key, n in sorted(plan.counts.items()):
        card = plan.cards[key]
        if card.type is CardType.LOCATION and card.region:
            region = fold_title(card.region)
            regions[region] = regions.get(region, 0) + n
    return max(sorted(regions), key=lambda r: regions[r]) if regions else ""
