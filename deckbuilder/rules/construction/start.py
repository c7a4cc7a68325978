"""The first legal decks: the Adventures, cards for them, what those cards need, then the
format's size filled with cards that serve the plan; several of them, for games to choose from.

1. The Adventures named (a Campaign build's chosen ones among them, :mod:`.campaign`; else
   more of the pool's until their points reach the target, the fewest cards to add per point
   first) and the cards pinned with ``keep``.
2. For each Adventure, a card for an unmet slot at a time until it can be completed (rulebook
   "Adventure cards"), weighed among every candidate card that fills the slot, not only the
   solver's few suggestions: the likeliest (:func:`candidates`: of the deck's home region,
   most points, filling slots of other goal Adventures too, a Tome someone reads, cheap),
   then the one that brings the recipe nearest with the fewest playability faults.
3. Playability (:func:`deckbuilder.rules.playability.playability`): for a card that can never
   be played, the candidate Location, Ally, Travel Event or Tome that clears the most such
   faults (a Location of an Ally's subregion, a Gate for Monsters, a reader of a Tome's
   language, a Tome bearing a Spell's icon...); then a pick that still can never be played is
   swapped for another that fills its slot (:func:`repair`).
4. The format's size (rulings:11): more copies of the Adventures and the cards they and
   playability need, Locations that open those cards, then Locations that cost no Sanity.
   Judged by matches against a field (:attr:`~.model.BuildGoal.combat`), a deck keeps
   :data:`COMBAT_LOCATIONS` and fills the rest with Combat cards (:func:`fill_combat`).

Walking stays within a region (rulebook "Walking"): a deck whose Locations and Allies are
spread over regions must travel, so the picks are made once per *home region* the
Adventures' slots point to (:func:`home_regions`), and each is filled several ways
(:data:`FILL_STYLES`, and around each one Adventure: the goal is met by the first Adventure
completed). The build races these first decks on games and searches from the best.

Every card added carries its reason, which the deck file shows as a comment per group.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from deckbuilder.rules.cards import Card, CardType, display_title, fold_title
from deckbuilder.rules.construction.model import BuildGoal, Counts, GameResult, ImpossibleBuildError, Pool, to_deck

if TYPE_CHECKING:
    from deckbuilder.rules.adventures import AdventureCheck, Collection, Recipe
    from deckbuilder.rules.adventures.matching import Predicate
    from deckbuilder.rules.adventures.model import Slot

#: How many rounds of playability fixes the first deck gets.
PLAYABILITY_ROUNDS = 6
#: How many supporting cards each playability round tries.
SUPPORTERS = 40
#: Why a card playability asked for is there.
PLAYABLE = "so that the cards above can be played (playability)"
#: How many home regions the first decks are drawn from (besides none: see :func:`first_decks`).
HOMES = 3
#: How many cards that fill a recipe slot are weighed for it (see :func:`candidates`).
CANDIDATES = 12
#: How many of the nearest picks for a slot are weighed by their playability faults.
FAULT_CHECKS = 8
#: How many unplayable picks :func:`repair` replaces at most.
REPAIRS = 4
#: The ways a first deck is filled to the format's size (see :func:`fill`), and the prefix of
#: the style that fills for one Adventure of several.
FILL_STYLES = ("locations", "copies")
FOCUS = "focus:"
#: The fill of a deck judged by matches (:func:`fill_combat`), and the Locations (copies) it
#: holds at most before its Combat cards: the players' decks appel-bokrug, bourne-eat-n-beat,
#: bourne-me-and-my-shadow and bourne-ultravox (../shared/mythos-data) hold 12 to 14.
COMBAT = "combat"
COMBAT_LOCATIONS = 13
#: The home regions (:func:`home_regions`, the likeliest first) whose first decks a build
#: judged by matches races: each first deck costs matches the search then lacks.
COMBAT_HOMES = 2
#: Combat cards a combat fill weighs (the likeliest by :func:`combat_worth`), and the copies
#: it takes of each.
COMBAT_CANDIDATES = 30
COMBAT_COPIES = 2
#: Why a Combat card is in a deck judged by matches.
FOR_COMBAT = "for Combat against the field: {}"
_FOR = FOR_COMBAT.split("{", 1)[0]
#: The Combat fill whose Combat cards are ranked by what they did in matches
#: (:func:`measured_fill`), and the Combat fills whose matches measure them
#: (:func:`combat_probes`).
MEASURED = COMBAT + ":measured"
COMBAT_PROBES = 3
#: The Combat fill whose Combat cards that cost no Sanity come first (:func:`sane_fill`): a
#: Basic game's score counts the Sanity left (rulebook l.93).
SANE = COMBAT + ":sane"
#: Why an Adventure a Campaign build chose is there.
TOWARD_TARGET = "an Adventure toward the Campaign target of {}"


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
        #: The folded region the deck's Locations and Allies are drawn from first (None: the
        #: region most of its Locations are in), and how it was filled (see :func:`fill`).
        self.home: str | None = None
        self.style = ""
        self._tests: tuple[tuple[str, ...], list[Predicate]] | None = None
        #: Folded titles no pick may be (cards :func:`repair` found unplayable).
        self.banned: set[str] = set()
        #: The deck before its fill (:func:`picks`), which a fill of another kind starts from.
        self.base: Plan | None = None

    def copy(self) -> Plan:
        """Gets a copy to change apart from this one."""
        other = Plan(self.goal, self.pool, self.recipes)
        other.cards = dict(self.cards)
        other.counts = dict(self.counts)
        other.why = dict(self.why)
        other.adventures = list(self.adventures)
        other.pinned = dict(self.pinned)
        other.home = self.home
        other.style = self.style
        other.banned = set(self.banned)
        other.base = self.base
        return other

    def slot_tests(self) -> list[Predicate]:
        """Gets the tests of every slot of the deck's Adventures' recipes (made once per set)."""
        from deckbuilder.rules.adventures import compile_requirement

        key = tuple(a.key for a in self.adventures)
        if self._tests is None or self._tests[0] != key:
            tests = [
                compile_requirement(slot.requirement)
                for a in self.adventures
                if a.key in self.recipes
                for slot in self.recipes[a.key].slots
            ]
            self._tests = (key, tests)
        return self._tests[1]

    def off_home(self, card: Card) -> int:
        """Gets how far a card's region is from the deck's: 0 for none or the home region, 1
        for a region the deck's Locations and Allies already take it to, 2 for another (one
        more the deck would have to travel to, rulebook "Walking")."""
        if self.home is None or card.region is None:
            return 0
        region = fold_title(card.region)
        if region == self.home:
            return 0
        held = {fold_title(self.cards[k].region or "") for k in self.counts}
        return 1 if region in held else 2

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


def first_deck(
    goal: BuildGoal,
    pool: Pool,
    recipes: Mapping[str, Recipe],
    pool_cards: Collection,
    home: str | None = None,
    style: str = FILL_STYLES[0],
) -> Plan:
    """Gets the first legal deck for a goal (see the module docstring); ``pool_cards`` is the
    pool as the solver's collection (its facts read once); ``home`` the folded region its
    Locations and Allies come from first; ``style`` how it is filled (:func:`fill`). Raises
    :class:`ImpossibleBuildError` when an Adventure cannot be completed from the pool."""
    plan = picks(goal, pool, recipes, pool_cards, home)
    fill(plan, style)
    return plan


def first_decks(goal: BuildGoal, pool: Pool, recipes: Mapping[str, Recipe], pool_cards: Collection) -> list[Plan]:
    """Gets several first legal decks to choose from by games: the picks made for each home
    region the Adventures' slots point to (:func:`home_regions`; none if they point to none),
    each deck filled in each of the :data:`FILL_STYLES`. From a player's deck (``--from``)
    only the one, with no home region. Raises :class:`ImpossibleBuildError` when no Adventure mix can be met."""
    homes: list[str | None] = [None]
    if goal.start is None:
        homes = [*home_regions(goal, pool, recipes)] or homes
    plans: list[Plan] = []
    seen: set[tuple[tuple[str, int], ...]] = set()
    failure: ImpossibleBuildError | None = None
    built_homes = 0
    for home in homes:
        if goal.combat and goal.start is None and built_homes >= COMBAT_HOMES:
            break
        try:
            base = picks(goal, pool, recipes, pool_cards, home)
        except ImpossibleBuildError as exc:
            failure = failure or exc
            continue
        styles = list(FILL_STYLES) if goal.start is None else [FILL_STYLES[0]]
        if goal.start is None and len(base.adventures) > 1 and not goal.combat:
            styles += [FOCUS + a.key for a in base.adventures]
        if goal.combat and goal.start is None:
            # Judged by matches: the Combat fill, and the Combat fill around each one Adventure
            # (a Basic game ends at the first Adventure completed, l.91, so one drawn sooner
            # ends it while the deck leads) for the matches to choose between (the race of
            # :func:`~.build.choose_start`), for the likeliest home regions (:data:`COMBAT_HOMES`).
            # For one Adventure, the Locations fill instead of those (a deck that completes
            # alone and keeps its Sanity may win by the score, rulebook l.93); beside them it
            # never led a race of the benchmark's (bourne-ultravox, appel-bokrug,
            # standard-corrupt, bourne-passers-bye, wotc-gc-1997; 60 seeds, most often among
            # the last three of ten): the matches it would cost go to the search.
            styles = [COMBAT]
            styles += (
                [COMBAT + FOCUS + a.key for a in base.adventures] if len(base.adventures) > 1 else [FILL_STYLES[0]]
            )
            if built_homes == 0:
                # And the likeliest home's decks built for speed alone (no Combat cards): the
                # race is to the first Adventure completed, and on standard-steadfast and
                # bourne-me-and-my-shadow a deck built alone completed one in 49% of the
                # matches against the player's deck where the Combat-filled deck did in 14-16%
                # (and won 43-45% of them against 15-24%). The race drops them when they lose.
                styles += [FILL_STYLES[1]] + (
                    [FOCUS + a.key for a in base.adventures] if len(base.adventures) > 1 else []
                )
        built_homes += 1
        for style in styles:
            plan = base.copy()
            plan.base = base
            fill(plan, style)
            key = tuple(sorted(plan.counts.items()))
            if key not in seen:
                seen.add(key)
                plans.append(plan)
    if not plans:
        assert failure is not None
        raise failure
    return plans


def built_for_speed(plan: Plan) -> bool:
    """Checks that a first deck is one a build alone starts from (no Combat fill, not a
    player's deck): one that games alone can make faster, as a build alone does."""
    return plan.goal.start is None and not plan.style.startswith(COMBAT)


def home_regions(goal: BuildGoal, pool: Pool, recipes: Mapping[str, Recipe]) -> list[str]:
    """Gets the folded regions whose Locations and Allies fill the most of the goal
    Adventures' recipe slots (a slot counted once per region), at most :data:`HOMES`."""
    from deckbuilder.rules.adventures import compile_requirement
    from deckbuilder.rules.adventures.matching import card_facts

    placed = [
        (fold_title(c.region), card_facts(c))
        for c in pool.cards.values()
        if c.is_official and c.region and c.type in (CardType.LOCATION, CardType.ALLY)
    ]
    score: dict[str, int] = {}
    for adventure in goal.adventures:
        recipe = recipes.get(adventure.key)
        if recipe is None:
            continue
        for slot in recipe.slots:
            test = compile_requirement(slot.requirement)
            for region in {region for region, facts in placed if test(facts)}:
                score[region] = score.get(region, 0) + 1
    ranked = sorted(score, key=lambda r: (-score[r], r))
    return ranked[:HOMES]


def picks(
    goal: BuildGoal, pool: Pool, recipes: Mapping[str, Recipe], pool_cards: Collection, home: str | None = None
) -> Plan:
    """Gets the deck before its fill: the cards pinned and from the player's deck, the
    Adventures and the solver's cards for them (of the ``home`` region first), what those
    need to be played, and unplayable picks replaced (:func:`repair`)."""
    plan = Plan(goal, pool, recipes)
    plan.home = home
    for card, copies in goal.keep:
        if plan.add(card, "kept: you asked for it (--keep)", copies) < copies:
            raise ImpossibleBuildError(
                f"--keep {display_title(card.title)}: {copies} copies is more than the deck may hold "
                f"({pool.limit(card)}); keep fewer"
            )
        plan.pinned[card.key] = plan.pinned.get(card.key, 0) + copies
    if goal.start is not None:
        for card, copies in goal.start:
            if card.type is CardType.INVESTIGATOR:
                continue
            plan.add(card, "from your deck (--from)", copies)
    for adventure in goal.adventures:
        add_adventure(
            plan,
            adventure,
            pool_cards,
            TOWARD_TARGET.format(goal.target) if adventure in goal.picked else "an Adventure you asked for",
        )
    if goal.campaign:
        reach_target(plan, pool_cards)
    fix_playability(plan)
    return repair(plan, pool_cards)


def repair(plan: Plan, pool_cards: Collection) -> Plan:
    """Gets the deck with each pick that can never be played (a playability error) swapped,
    where that lowers the deck's faults, for what the solver picks in its place now that the
    deck's other cards are there (a Monster for one the deck's Gates can take, say)."""
    from deckbuilder.rules.playability import Severity, playability

    current = faults(plan, plan.counts)
    for _ in range(REPAIRS):
        issues = playability(to_deck(plan.counts, plan.cards, plan.goal.investigator), profiles=plan.pool.profiles())
        broken = {fold_title(i.card) for i in issues if i.severity is Severity.ERROR}
        better = None
        for key in sorted(plan.counts):
            card = plan.cards[key]
            if fold_title(card.title) not in broken or plan.pinned.get(key) or card.type is CardType.ADVENTURE:
                continue
            trial = plan.copy()
            del trial.counts[key]
            trial.banned |= broken
            try:
                for adventure in trial.adventures:
                    complete(trial, adventure, pool_cards)
                fix_playability(trial)
            except ImpossibleBuildError:
                continue
            score = faults(trial, trial.counts)
            if score < current:
                better, current = trial, score
                break
        if better is None:
            return plan
        plan = better
    return plan


def add_adventure(plan: Plan, adventure: Card, pool_cards: Collection, reason: str) -> None:
    """Adds an Adventure and the solver's cards until its recipe can be completed."""
    if adventure.key not in plan.counts:
        plan.add(adventure, reason)
        if adventure.key not in plan.counts:
            raise ImpossibleBuildError(
                f"{display_title(adventure.title)}: no copy can be added (not owned?); "
                "choose another Adventure or add it to your collection"
            )
    if adventure not in plan.adventures:
        plan.adventures.append(adventure)
    complete(plan, adventure, pool_cards)


def complete(plan: Plan, adventure: Card, pool_cards: Collection) -> None:
    """Adds cards that fill the recipe's unmet slots until the Adventure can be completed."""
    from deckbuilder.rules.adventures import check_adventure

    recipe = plan.recipes.get(adventure.key)
    if recipe is None:
        raise ImpossibleBuildError(
            f"{display_title(adventure.title)}: no recipe is known for it; write one in recipes.toml (docs/recipes.md)"
        )
    name = display_title(adventure.title)
    for _ in range(2 * recipe.cards_needed + 8):
        deck = [c for c in plan.deck_cards() if fold_title(c.title) != fold_title(adventure.title)]
        check = check_adventure(recipe, deck)
        if check.completable:
            return
        # Of the cards that would fill an unmet slot (the likeliest of each, :func:`candidates`),
        # one that brings the recipe nearer (fewer cards missing, or more points in a
        # points-worth slot): the fewest cards missing, then the one the deck can best play
        # (fewest playability faults with it) of the few of the home region with the most
        # points, the likeliest first.
        now = progress(check)
        nearer_ones: list[tuple[int, int, int, int, Card, str]] = []
        seen: set[str] = set()
        for slot in check.missing:
            for key in candidates(plan, slot.slot):
                pick = plan.pool.cards[key]
                if key in seen:
                    continue
                seen.add(key)
                nearer = progress(check_adventure(recipe, [*deck, pick]))
                if nearer < now:
                    nearer_ones.append(
                        (nearer[0], plan.off_home(pick), nearer[1], len(seen), pick, f"for {name}: {slot.text}")
                    )
        # Playability is the dear question: asked of the few nearest, likeliest picks only.
        fewest = min((r[0] for r in nearer_ones), default=0)
        shortlist = sorted((r for r in nearer_ones if r[0] == fewest), key=lambda r: r[:4])[:FAULT_CHECKS]
        best: tuple[int, int, int, int, Card, str] | None = None
        best_faults = 0
        for row in shortlist:
            trial = dict(plan.counts)
            trial[row[4].key] = trial.get(row[4].key, 0) + 1
            score = faults(plan, trial)
            if best is None or score < best_faults:
                best, best_faults = row, score
        added = best is not None and plan.add(best[4], best[5]) > 0
        if not added:
            slot = check.missing[0]
            raise ImpossibleBuildError(
                f"{name} cannot be completed with the cards available: nothing fills '{slot.text}'"
                + (" among the cards you own" if plan.pool.owned is not None else "")
                + "; choose another Adventure"
                + (" or add cards to your collection" if plan.pool.owned is not None else "")
            )
    raise ImpossibleBuildError(f"{name} cannot be completed with the cards available; choose another Adventure")


def candidates(plan: Plan, slot: Slot) -> list[str]:
    """Gets the keys of the pool's cards the deck may take more of that fill a slot, the likeliest
    :data:`CANDIDATES`: of the home region first, then the most points (a points-worth slot),
    then those that fill the most slots of the goal's Adventures (one card doing two jobs),
    then Tomes someone in the deck can read, then the cheapest in Sanity, by title."""
    from deckbuilder.rules.adventures import compile_requirement

    facts = plan.pool.facts()
    tests = plan.slot_tests()
    test = compile_requirement(slot.requirement)
    readers = {fold_title(lang) for lang in plan.goal.investigator.languages}
    readers |= {fold_title(lang) for k in plan.counts for lang in plan.cards[k].languages}
    ranked: list[tuple[int, int, int, int, int, str, str]] = []
    for key, f in facts.items():
        card = f.card
        if not test(f) or plan.pool.room(plan.counts, card) <= 0 or fold_title(card.title) in plan.banned:
            continue
        worth = 0
        if slot.total is not None:
            worth = f.value if slot.total.measure.value == "value" else f.cost
        also = sum(1 for t in tests if t(f))
        unread = int(card.type is CardType.TOME and not readers & {fold_title(lang) for lang in card.tome_languages})
        ranked.append(
            (
                plan.off_home(card),
                -worth,
                -also,
                unread,
                max(0, -(card.sanity or 0)),
                display_title(card.title).casefold(),
                key,
            )
        )
    ranked.sort()
    return [r[-1] for r in ranked[:CANDIDATES]]


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
                "lower it with --target"
            )
        tried.add(best[2].key)
        try:
            add_adventure(plan, best[2], pool_cards, TOWARD_TARGET.format(goal.target))
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
        plan.add(best[1], PLAYABLE)
        current = best[0]


def faults(plan: Plan, counts: Counts) -> int:
    """Gets the deck's playability faults, an error counting ten times a warning."""
    from deckbuilder.rules.playability import Severity, playability

    issues = playability(to_deck(counts, plan.cards, plan.goal.investigator), profiles=plan.pool.profiles())
    return sum(10 if i.severity is Severity.ERROR else 1 for i in issues)


def supporters(plan: Plan) -> list[Card]:
    """Gets the candidate cards most likely to open the deck's cards: Locations of their
    subregions, with a Gate, or the Tome and Artifact attributes; Allies reading the Tomes'
    languages; Tomes bearing the Spells' icons; at most :data:`SUPPORTERS`, the most relevant
    first."""
    deck = [plan.cards[k] for k in sorted(plan.counts)]
    subregions = {fold_title(c.subregion) for c in deck if c.type is CardType.ALLY and c.subregion}
    monsters = any(c.type is CardType.MONSTER for c in deck)
    tomes = any(c.type is CardType.TOME for c in deck)
    artifacts = any(c.type is CardType.ARTIFACT for c in deck)
    languages = {fold_title(lang) for c in deck if c.type is CardType.TOME for lang in c.tome_languages}
    dimensions = {c.dimension for c in deck if c.dimension is not None}
    spell_icons = {fold_title(i) for c in deck if c.type is CardType.SPELL for i in c.icons}
    readers = {fold_title(lang) for c in [plan.goal.investigator, *deck] for lang in c.languages}
    home = home_region(plan)
    ranked: list[tuple[int, str, Card]] = []
    for key, card in plan.pool.cards.items():
        if plan.pool.room(plan.counts, card) <= 0 or not card.is_official:
            continue
        score = 0
        if card.type is CardType.LOCATION:
            attrs = {fold_title(a) for a in card.attributes}
            score += 3 * (fold_title(card.subregion or "") in subregions)
            score += (
                2 * (monsters and card.gate) + 2 * (tomes and "tome" in attrs) + 2 * (artifacts and "artifact" in attrs)
            )
            score += card.dimension in dimensions
            score += 2 * (fold_title(card.region or "") == home)
        elif card.type is CardType.ALLY:
            score += 3 * bool(languages & {fold_title(lang) for lang in card.languages})
        elif card.type is CardType.TOME and spell_icons & {fold_title(i) for i in card.icons}:
            # A Spell goes in a Tome bearing its icon (rulebook l.299), one the deck can read.
            score += 2 + 4 * bool(readers & {fold_title(lang) for lang in card.tome_languages})
        if score > 0:
            ranked.append((-score, key, card))
    ranked.sort(key=lambda r: (r[0], r[1]))
    return [card for _score, _key, card in ranked[:SUPPORTERS]]


def travels(plan: Plan) -> list[Card]:
    """Gets the pool's official Travel Events the deck may take, by key: a way between the
    regions and Dimensions of its Locations (tried only where they clear a fault)."""
    return [
        c
        for k, c in sorted(plan.pool.cards.items())
        if c.type is CardType.EVENT
        and c.is_official
        and "travel" in (c.subtype or "").casefold()
        and plan.pool.room(plan.counts, c) > 0
    ]


def fill(plan: Plan, style: str = FILL_STYLES[0]) -> None:
    """Fills the deck to the format's size: a second copy of each Adventure, then in the
    ``locations`` style a second copy of each card the Adventures need, Locations and Allies
    that open them, a third copy; in the ``copies`` style a third copy first and a fourth after
    the Locations and Allies (decks that draw their Adventure's cards sooner, but walk less);
    in a ``focus:KEY`` style as ``copies`` but only for that one Adventure and its cards (the
    first Adventure completed is the goal's, so one the deck is built around comes sooner);
    then Locations costing no Sanity. With a home region, the Locations and Allies are its own."""
    from deckbuilder.rules.adventures import check_adventure

    goal = plan.goal
    plan.style = style
    if plan.size() >= goal.min_cards:
        return
    focus = focus_of(style)
    if style.startswith(COMBAT):
        fill_combat(plan, focus)
        return
    needed: list[Card] = []
    adventures = [a for a in plan.adventures if focus in (None, a.key)]
    for adventure in adventures:
        recipe = plan.recipes.get(adventure.key)
        if recipe is None or focus not in (None, adventure.key):
            continue
        deck = [c for c in plan.deck_cards() if fold_title(c.title) != fold_title(adventure.title)]
        for card in check_adventure(recipe, deck).cards_used:
            if card not in needed:
                needed.append(card)
    # What the Adventures' cards need to be played (a Travel Event between the deck's regions,
    # a Gate for its Monsters, a Tome for its Spells) is drawn sooner with more copies too.
    needed += [
        plan.cards[k] for k in sorted(plan.counts) if plan.why.get(k) == PLAYABLE and plan.cards[k] not in needed
    ]
    more = "another copy of a card an Adventure needs, to draw it sooner"
    opening = (
        [c for c in supporters(plan) if c.type in (CardType.LOCATION, CardType.ALLY) and not plan.off_home(c)],
        1,
        "a Location or Ally that opens the cards the Adventures need",
    )
    adventures = [a for a in plan.adventures if focus in (None, a.key)]
    steps: list[tuple[Sequence[Card], int, str]] = [(adventures, 2, "another copy of an Adventure, to draw it sooner")]
    if style != FILL_STYLES[0]:
        steps += [(needed, 3, more), opening, (needed, 4, more)]
    else:
        steps += [(needed, 2, more), opening, (needed, 3, more)]
    steps += [
        (free_locations(plan), 1, "a Location to walk to, costing no Sanity"),
        (free_locations(plan), 2, "a Location to walk to, costing no Sanity"),
        (free_locations(plan), 4, "a Location to walk to, costing no Sanity"),
    ]
    _fill_steps(plan, steps)


def _fill_steps(plan: Plan, steps: Sequence[tuple[Sequence[Card], int, str]]) -> None:
    """Adds each step's cards up to its copies until the format's size; then any official card
    of the pool, by key. Raises :class:`ImpossibleBuildError` when the pool holds too few."""
    goal = plan.goal
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
            + ("; add cards to your collection" if plan.pool.owned is not None else "")
        )


def fill_combat(
    plan: Plan, focus: str | None = None, measured: Mapping[str, float] | None = None, sane: bool = False
) -> None:
    """Fills a deck judged by matches (:data:`COMBAT`): a second copy of each Adventure and of
    each card the Adventures and playability need (the Adventure still comes: a Basic game
    ends at the first one completed, rulebook l.91; with ``focus``, the key of one Adventure,
    a third copy of it and its cards instead, drawn sooner), Locations costing no Sanity of the
    region most of its Locations are in (:func:`deck_region`), Gates first (Monsters are played
    only at a Gate, l.227), until the deck holds
    :data:`COMBAT_LOCATIONS`, then :data:`COMBAT_COPIES` copies of each Combat card
    :func:`combat_cards` offers, the likeliest first (by what they did in matches, with
    ``measured``; with ``sane``, those that cost no Sanity first); then as :func:`fill` does."""
    from deckbuilder.rules.adventures import check_adventure

    needed: list[Card] = []
    adventures = [a for a in plan.adventures if focus in (None, a.key)]
    for adventure in adventures:
        recipe = plan.recipes.get(adventure.key)
        if recipe is None:
            continue
        deck = [c for c in plan.deck_cards() if fold_title(c.title) != fold_title(adventure.title)]
        needed += [c for c in check_adventure(recipe, deck).cards_used if c not in needed]
    needed += [
        plan.cards[k] for k in sorted(plan.counts) if plan.why.get(k) == PLAYABLE and plan.cards[k] not in needed
    ]
    more = "another copy of a card an Adventure needs, to draw it sooner"
    copies = 2 if focus is None else 3
    _fill_steps_until(
        plan, [(adventures, copies, "another copy of an Adventure, to draw it sooner"), (needed, copies, more)]
    )
    walk = "a Location to walk to, costing no Sanity"
    region = deck_region(plan)
    for card in sorted(free_locations(plan), key=lambda c: (fold_title(c.region or "") != region, not c.gate)):
        if locations(plan) >= COMBAT_LOCATIONS or plan.size() >= plan.goal.min_cards:
            break
        if not away(plan, card):
            plan.add(card, walk, min(2, COMBAT_LOCATIONS - locations(plan)) - plan.counts.get(card.key, 0))
    fighters = combat_cards(plan, measured=measured, sane=sane)
    _fill_steps(
        plan,
        [
            *((([card], COMBAT_COPIES, FOR_COMBAT.format(why)) for card, why in fighters)),
            (free_locations(plan), 2, walk),
            (free_locations(plan), 4, walk),
        ],
    )


def _fill_steps_until(plan: Plan, steps: Sequence[tuple[Sequence[Card], int, str]]) -> None:
    """Adds each step's cards up to its copies while the deck is below the format's size."""
    for cards, copies, reason in steps:
        for card in cards:
            if plan.size() >= plan.goal.min_cards:
                return
            plan.add(card, reason, copies - plan.counts.get(card.key, 0))


def away(plan: Plan, card: Card) -> bool:
    """Checks that a card belongs to a region other than the one most of the deck's Locations
    are in (:func:`deck_region`): one the deck would have to travel to (rulebook "Walking")."""
    return bool(card.region) and fold_title(card.region or "") != deck_region(plan)


def deck_region(plan: Plan) -> str:
    """Gets the folded region most of the deck's Location copies are in (the home region
    among equals, else by name; the home region for a deck of none): the picks for a home
    region may hold more Locations of another (an Adventure names them), and the Locations
    to walk to and the Combat cards then come from where the deck already walks."""
    regions: dict[str, int] = {}
    for key, n in plan.counts.items():
        card = plan.cards[key]
        if card.type is CardType.LOCATION and card.region:
            regions[fold_title(card.region)] = regions.get(fold_title(card.region), 0) + n
    if not regions:
        return home_region(plan)
    return max(sorted(regions), key=lambda r: (regions[r], r == plan.home))


def locations(plan: Plan, counts: Counts | None = None) -> int:
    """Gets the copies of Locations a deck holds (the plan's by default)."""
    held = plan.counts if counts is None else counts
    return sum(n for k, n in held.items() if plan.cards[k].type is CardType.LOCATION)


def combat_worth(card: Card) -> tuple[float, str]:
    """Gets what a card brings to a match, as the match reads it (:mod:`deckbuilder.rules.match`),
    with the reason in a player's words; 0 for a card that brings nothing there. A Monster its
    Combat value, more if it Bypasses the Cosmic Battle or is Invisible (rulebook l.288, l.290);
    an Ally its value (it Defends, and attacks bearing an Enchanted Weapon, l.193); a Weapon
    its bonus; an Event aimed at an opponent whose effect the match reads (:mod:`~.match.opponents`)
    3, 5 for a Phobia or an effect that strikes again each Turn or Pass; each less its Sanity
    cost (a Basic game's score counts the Sanity left, l.93)."""
    from deckbuilder.rules.match.monsters import combat_profile
    from deckbuilder.rules.match.opponents import (
        MILL_EACH_TURN,
        ON_PASS,
        ON_ROUND_RESHUFFLE,
        ON_TURN,
        ON_TURN_HAND,
        is_phobia,
        opponent_effects,
    )

    lasting_kinds = (ON_PASS, ON_TURN, ON_TURN_HAND, ON_ROUND_RESHUFFLE, MILL_EACH_TURN)
    cost = float(max(0, -(card.sanity or 0)))
    if card.type is CardType.MONSTER:
        p = combat_profile(card)
        worth = float(p.value + 2 * p.bypass + p.invisible)
        why = (
            f"a Monster of value {p.value}"
            + (", Bypassing" if p.bypass else "")
            + (", Invisible" if p.invisible else "")
        )
    elif card.type is CardType.ALLY:
        worth, why = float(card.value or 0), f"an Ally of value {card.value or 0}, to Defend"
    elif card.type is CardType.ARTIFACT:
        p = combat_profile(card)
        if not p.weapon:
            return 0.0, ""
        worth = float(p.value + 2 * p.enchanted)
        why = "an Enchanted Weapon, its Ally attacks" if p.enchanted else f"a Weapon adding {p.value}"
    elif card.type is CardType.EVENT and opponent_effects(card):
        lasting = is_phobia(card) or any(h[0] in lasting_kinds for h in opponent_effects(card))
        worth = 5.0 if lasting else 3.0
        why = "an Event on an opponent" + (", lasting" if lasting else "")
    else:
        return 0.0, ""
    return worth - cost, why


def combat_cards(
    plan: Plan,
    limit: int = COMBAT_CANDIDATES,
    fill: bool = True,
    measured: Mapping[str, float] | None = None,
    sane: bool = False,
) -> list[tuple[Card, str]]:
    """Gets the Combat cards a deck judged by matches is filled with, with their reasons: the
    pool's official cards of most :func:`combat_worth` (of the deck's region or none), at most
    ``limit``, each one the deck can play (no playability error of it added to the deck); to
    ``fill`` the deck, only cards it may take more of, and a Monster only while the deck holds
    no more than :data:`~deckbuilder.rules.playability.MONSTERS_PER_GATE` per Gate copy (the
    search's moves, :mod:`.search`, weigh any number). With ``measured`` (per folded title, the
    Combat damage a copy dealt and absorbed per match, :func:`measured_worth`) the Monsters,
    Allies and Weapons are ranked by it instead of their printed values (those that did some
    first, then those not measured, then those that did none), each in the place one of them
    has in the printed order: an Event on an opponent (whose worth is no Combat damage) keeps
    its place. With ``sane`` the cards that cost no Sanity come first, then the others, each
    group in that order (a Basic game's score counts the Sanity left, rulebook l.93)."""
    from deckbuilder.rules.playability import MONSTERS_PER_GATE, AdditionJudge, Severity

    ranked: list[tuple[float, str, Card, str]] = []
    for key, card in plan.pool.cards.items():
        if not card.is_official or away(plan, card) or fold_title(card.title) in plan.banned:
            continue
        if fill and plan.pool.room(plan.counts, card) <= 0:
            continue
        worth, why = combat_worth(card)
        if worth > 0:
            ranked.append((-worth, key, card, why))
    ranked.sort(key=lambda r: (r[0], r[1]))
    # Taken in turn from each kind (Events on opponents, Monsters, Allies, Weapons), the
    # likeliest of each first: the real decks that win hold some of each.
    kinds: dict[CardType, list[tuple[float, str, Card, str]]] = {}
    for row in ranked:
        if row[2].type is not None:
            kinds.setdefault(row[2].type, []).append(row)
    queues = [kinds.get(t, []) for t in (CardType.EVENT, CardType.MONSTER, CardType.ALLY, CardType.ARTIFACT)]
    ranked = [q[i] for i in range(max(map(len, queues), default=0)) for q in queues if i < len(q)]
    if measured is not None:
        # Sorted by place, not by the rows themselves: the compiled core makes a new tuple of a
        # row each time it hands one out, so a row's identity cannot stand for its place.
        printed = ranked

        def by_deeds(place: int) -> tuple[int, float, int]:
            did = measured.get(fold_title(printed[place][2].title))
            return (1, 0.0, place) if did is None else (0, -did, 0) if did > 0 else (2, 0.0, place)

        deeds = iter(sorted((i for i, row in enumerate(printed) if row[2].type is not CardType.EVENT), key=by_deeds))
        ranked = [row if row[2].type is CardType.EVENT else printed[next(deeds)] for row in printed]
    if sane:
        ranked.sort(key=lambda r: (r[2].sanity or 0) < 0)  # stable: each group keeps its order
    judge = AdditionJudge(to_deck(plan.counts, plan.cards, plan.goal.investigator))
    gates = sum(n for k, n in plan.counts.items() if plan.cards[k].type is CardType.LOCATION and plan.cards[k].gate)
    monsters = sum(n for k, n in plan.counts.items() if plan.cards[k].type is CardType.MONSTER)
    out: list[tuple[Card, str]] = []
    for _worth, _key, card, why in ranked[:limit]:
        if fill and card.type is CardType.MONSTER and monsters + COMBAT_COPIES > MONSTERS_PER_GATE * gates:
            continue
        issue = judge(card)
        if issue is not None and issue.severity is Severity.ERROR:
            continue
        if card.type is CardType.MONSTER:
            monsters += COMBAT_COPIES
        did = None if measured is None else measured.get(fold_title(card.title))
        if did is not None and card.type is not CardType.EVENT:
            why += f"; in test matches a copy did {did:.2f} Combat damage a match, less its Sanity cost"
        out.append((card, why))
    return out


def combat_probes(plan: Plan, probes: int = COMBAT_PROBES) -> list[Plan]:
    """Gets the Combat fill ``plan`` (:data:`COMBAT` style, of :func:`first_decks`) and up to
    ``probes`` - 1 more of its picks, each filled with Combat cards none of the ones before
    holds: matches of them measure what more of the Combat cards the fill weighs do
    (:func:`measured_worth`)."""
    out = [plan]
    if plan.base is None or plan.style != COMBAT:
        return out
    banned: set[str] = set()
    while len(out) < probes:
        banned |= {fold_title(out[-1].cards[k].title) for k in out[-1].counts if out[-1].why[k].startswith(_FOR)}
        probe = plan.base.copy()
        probe.banned |= banned
        fill(probe, COMBAT)
        if not any(probe.why[k].startswith(_FOR) for k in probe.counts):
            break
        out.append(probe)
    return out


def measured_worth(played: Sequence[tuple[Plan, Sequence[GameResult]]]) -> dict[str, float]:
    """Gets, per folded title, what a copy of each Combat card of the decks did per match
    against a field (:attr:`~.model.GameResult.cards`): the Combat damage it dealt and absorbed
    less the Sanity it cost (its printed cost for each match it was played in: a Basic game's
    score counts the Sanity left, rulebook l.93); a card in several decks, the mean of theirs."""
    sums: dict[str, list[float]] = {}
    for plan, results in played:
        if not results:
            continue
        copies: dict[str, int] = {}
        cost: dict[str, float] = {}
        for key, n in plan.counts.items():
            if plan.why.get(key, "").startswith(_FOR):
                title = fold_title(plan.cards[key].title)
                copies[title] = copies.get(title, 0) + n
                cost[title] = float(max(0, -(plan.cards[key].sanity or 0)))
        did = dict.fromkeys(copies, 0.0)
        for r in results:
            for title, damage, share in r.cards:
                folded = fold_title(title)
                if folded in did:
                    did[folded] += damage - cost[folded] * share
        for title, total in did.items():
            sums.setdefault(title, []).append(total / (len(results) * copies[title]))
    return {title: sum(v) / len(v) for title, v in sums.items()}


def measured_fill(plan: Plan, measured: Mapping[str, float]) -> Plan | None:
    """Gets a Combat-filled first deck filled again, around the same Adventure if it was
    around one, with its Combat cards ranked by what they did in matches (``measured``,
    :func:`measured_worth`) instead of their printed values (:data:`MEASURED` style); None for
    a deck of no Combat fill or no picks known."""
    return _refill(plan, MEASURED, measured=measured)


def sane_fill(plan: Plan) -> Plan | None:
    """Gets a Combat-filled first deck filled again, around the same Adventure if it was around
    one, with its Combat cards that cost no Sanity first (:data:`SANE` style): a deck that keeps
    its Sanity (a Basic game's score counts the Sanity left, rulebook l.93). None for a deck of
    no Combat fill."""
    return _refill(plan, SANE, sane=True)


def _refill(plan: Plan, style: str, measured: Mapping[str, float] | None = None, sane: bool = False) -> Plan | None:
    """Gets a Combat-filled first deck filled again from its base by :func:`fill_combat`, around
    the same Adventure if it was around one, as the ``style`` of fill; None for a deck of no
    Combat fill."""
    if plan.base is None or not plan.style.startswith(COMBAT):
        return None
    focus = focus_of(plan.style)
    out = plan.base.copy()
    out.style = style if focus is None else style + FOCUS + focus
    fill_combat(out, focus, measured, sane)
    return out


def focus_of(style: str) -> str | None:
    """Gets the key of the one Adventure a first deck's fill is built around (the part of its
    style after :data:`FOCUS`, whatever kind of fill comes before it), or None."""
    at = style.find(FOCUS)
    return None if at < 0 else style[at + len(FOCUS) :]


def free_locations(plan: Plan) -> list[Card]:
    """Gets the pool's official Locations that cost no Sanity: those of the deck's home
    region first (walking stays within a region, rulebook "Walking"), Gates next, by key."""
    home = home_region(plan)
    out = [
        c for c in plan.pool.cards.values() if c.type is CardType.LOCATION and c.is_official and (c.sanity or 0) >= 0
    ]
    out.sort(key=lambda c: (fold_title(c.region or "") != home, not c.gate, c.dimension is not None, c.key))
    return out


def home_region(plan: Plan) -> str:
    """Gets the deck's home region, folded: the one it was built around, else the region most
    of its Locations (by copies) are in."""
    if plan.home is not None:
        return plan.home
    regions: dict[str, int] = {}
    for key, n in sorted(plan.counts.items()):
        card = plan.cards[key]
        if card.type is CardType.LOCATION and card.region:
            region = fold_title(card.region)
            regions[region] = regions.get(region, 0) + n
    return max(sorted(regions), key=lambda r: regions[r]) if regions else ""
