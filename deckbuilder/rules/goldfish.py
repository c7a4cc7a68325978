"""Goldfish: the deck plays itself, alone, through the rules engine; and exact draw odds.

A player wants to know how often, and how fast, a deck completes its Adventures, and
what holds it back. :func:`goldfish` plays N solitaire games with :class:`GreedyPolicy`
through :mod:`deckbuilder.rules.engine` (the same rules that judge playability) and
reports the share of games that completed an Adventure (or reached the Campaign target)
by each Round, the Rounds needed, Sanity at the end, and the cards that most often sat in
hand, needed and unplayable, while no copy of them counted yet for an Adventure.
:func:`draw_odds` adds exact odds beside the simulation.

The greedy policy, in order of preference (documented because the numbers depend on it):

1. Play an Adventure whenever one is playable.
2. Arrive (rotate a Location walked to): a Location counts for Adventures only once it is
   right-side-up (rulebook "Walking").
3. Play a card an Adventure of the deck needs ("needed": a card the recipe solver assigns
   to one of the deck's Adventures, a Travel Event too), a Location that lets a needed card
   in hand be played (its subregion for an Ally, the Tome or Artifact attribute, a Gate for
   Monsters), or, before any Location, the best first Location.
4. Play other cards that put something in play (Allies, Tomes, Artifacts, Spells, Events;
   two Allies that Join, together rather than one at a time: a Turn saved),
   then Monsters at a Gate (they are Buried in the Story Deck at the end of the Round, where
   they count for Adventures); take a Travel Event nothing needs only toward a needed
   Location. A Location nothing needs, that opens no card in hand, is not worth a Turn.
5. Cast Spells and use Artifacts (the engine's :mod:`~deckbuilder.rules.engine.casting`;
   one that makes every Monster Join only at a free Gate with two Monsters in hand that do not):
   a use that plays a needed card (a Monster summoned, an Ally played at once or brought back)
   as a needed card play (a Monster nothing needs is not summoned: the Sanity buys nothing);
   the Lamp's Past only where a needed Past Ally in hand is then found;
   a redraw (a card's, or the Investigator's once a Round) when the hand holds nothing an
   Adventure needs (putting back only cards nothing needs), otherwise only rather than Pass; a
   draw, a Sanity gain below the maximum, travel (by a Monster too) toward a needed Location,
   back to a Location of the Story Deck (Create Time Warp) for what it
   opens to needed cards in hand; Allies traded for Sanity (Call Power of Nyambe) only at 6 Sanity or
   less, never one holding a card; at a Location that allows it (Porta Portese), an Artifact of
   the Story Deck back into play only when it has a use the engine plays (it counts for
   Adventures in the Story Deck already), as a draw is wanted.
6. Never pay Sanity that would leave fewer than 3 points, unless the play is an Adventure.
7. Otherwise Pass. In the Discard phase, discard cards nothing needs down to the Minimum,
   keeping needed cards; reshuffle the Discard (1 Sanity) only when the Mythos Deck is nearly
   empty and a needed card lies in the Discard.
8. At a Location whose arrival loses a Turn unless an Ally is Buried instead (The Temple of
   Bokrug), Bury an Ally that holds no card, has no use and changes no Hand limit (alone it
   only counts for Adventures, and it counts on in the Story Deck): a Turn is worth more;
   otherwise lose the Turn. A match's computer player keeps an Ally that defends well
   (:class:`~deckbuilder.rules.match.policy.MatchPolicy`).
9. Where an Ally's card lets it be Buried instead of paying an Artifact's Sanity (Wandering
   Peddler), that of one card played to the Threat (The Hunter: the costliest of the play) or
   that of a Spell cast (Atal the High Priest), Bury it when it is spare as in 8, or when the
   Sanity left (6) cannot pay; otherwise pay. A match's computer player keeps an Ally that defends well, as in 8.

Known gaps: the policy does not plan more than one play ahead; the cards whose effects the
engine does not play are listed in the report (``ignored``), with the Adventures whose
non-card condition no game state tells (never met; the engine checks the others).
"""

from __future__ import annotations

import dataclasses
import gc
import random
import statistics
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, TypeAlias

from deckbuilder.rules.cardplays import CardStat, card_stats
from deckbuilder.rules.cards import Card, CardType, LanguageRule, fold_title
from deckbuilder.rules.decks import Deck, Section
from deckbuilder.rules.effects import CardEffects, EffectKind, effects_text, parse_effects
from deckbuilder.rules.engine import (
    Game,
    GameState,
    Mode,
    Phase,
    Play,
    PlayKind,
    Rules,
    legal_plays,
    no_adventures,
    push,
)
from deckbuilder.rules.engine.casting import spell_payer
from deckbuilder.rules.engine.threat import gate_free
from deckbuilder.rules.engine.tomes import spell_on_ally_cost
from deckbuilder.rules.odds import Odds, cards_seen, odds_of_requirements, p_at_least, requirements_met
from deckbuilder.rules.places import Kind, place_matches

if TYPE_CHECKING:  # the recipe modules load when a check is built, not at start-up
    from deckbuilder.rules.adventures.matching import CardFacts

LOW_SANITY: Final = 3
#: How many ways to meet each recipe :class:`RecipeCheck` keeps.
WITNESSES = 64
_PASS_SCORE: Final = 10
_CARD_PLAYS: Final = frozenset(
    {PlayKind.ALLY, PlayKind.TOME, PlayKind.ARTIFACT, PlayKind.SPELL, PlayKind.EVENT, PlayKind.MONSTER_ALLY}
)  # an Ally, or a Monster as one
_THREAT_PLAYS: Final = frozenset({PlayKind.MONSTERS, PlayKind.CULTIST, PlayKind.GOO})
#: Plays that put no card of the hand into play (what each card did counts the others).
_NOT_PLAYED: Final = frozenset({PlayKind.DISCARD, PlayKind.REPLACE, PlayKind.REPLACE_DONE, PlayKind.ROTATE})
# Module names for the hot paths: an Enum member read off its class costs some 60 ns a time.
# Final: the compiled core reads them from C statics, not the module's dict (issue 17).
_ADVENTURE: Final = PlayKind.ADVENTURE
_PASS: Final = PlayKind.PASS
_ROTATE: Final = PlayKind.ROTATE
_LOCATION: Final = PlayKind.LOCATION
_TRAVEL: Final = PlayKind.TRAVEL
_DISCARD: Final = PlayKind.DISCARD
_END_ROUND: Final = PlayKind.END_ROUND
_DISCARD_PHASE: Final = Phase.DISCARD
_CAST: Final = PlayKind.CAST
_USE: Final = PlayKind.USE
_RECOVER: Final = PlayKind.RECOVER
_ARTIFACT: Final = PlayKind.ARTIFACT
_ALLY: Final = PlayKind.ALLY
_MONSTERS: Final = PlayKind.MONSTERS
_SPELL: Final = PlayKind.SPELL
_CULTIST: Final = PlayKind.CULTIST
_REPLACE: Final = PlayKind.REPLACE
_REPLACE_DONE: Final = PlayKind.REPLACE_DONE

# What a needed card asks of a Location: its subregion (an Ally), the Tome or Artifact
# attribute, a Gate (a Monster).
_ALLY_ASKS: Final = 1
_TOME_ASKS: Final = 2
_ARTIFACT_ASKS: Final = 3
_MONSTER_ASKS: Final = 4

#: What the needed cards in hand ask of a Location: needed Allies by folded subregion, and how
#: many needed Tomes, Artifacts and Monsters wait for one (see ``GreedyPolicy._hand_needs``).
HandNeeds: TypeAlias = tuple[dict[str, int], int, int, int]


@dataclass(frozen=True)
class GameRecord:
    """One game: when it completed its first Adventure and reached the target (None if
    never), its points, Sanity at the end, cards drawn per Round, and the needed cards that
    sat in hand unplayable at the end of two Rounds or more while no copy of their title was
    in play or in the Story Deck."""

    first_adventure: int | None
    target_reached: int | None
    points: int
    final_sanity: int
    rounds: int
    drawn_per_round: float
    blockers: frozenset[str]
    #: Per title (the engine's title id), the Round a copy was first played.
    first_played: dict[int, int] = field(default_factory=dict, compare=False)
    #: The titles cast (Spells) or used (Artifacts) at least once.
    used: frozenset[int] = frozenset()


@dataclass(frozen=True)
class GoldfishReport:
    """What N solitaire games of a deck say (see :func:`goldfish`)."""

    games: int
    seed: int
    max_rounds: int
    campaign: bool
    target: int | None
    completed: float
    by_round: tuple[float, ...]
    median_rounds: float | None
    rounds_quartiles: tuple[float, float] | None
    final_sanity: float
    final_sanity_quartiles: tuple[float, float]
    reached_target: float | None
    target_by_round: tuple[float, ...] | None
    blockers: tuple[tuple[str, float], ...]
    drawn_per_round: float
    needed: tuple[str, ...] = ()
    odds: tuple[Odds, ...] = field(default=())
    #: Every card of the deck, in deck order: what it did (see :class:`CardStat`).
    cards: tuple[CardStat, ...] = ()

    @property
    def ignored(self) -> tuple[CardStat, ...]:
        """Gets the deck's cards whose effects the engine does not play, with the reason."""
        return tuple(c for c in self.cards if c.ignored)

    def to_dict(self) -> dict[str, object]:
        return {
            "games": self.games,
            "seed": self.seed,
            "max_rounds": self.max_rounds,
            "campaign": self.campaign,
            "target": self.target,
            "completed": round(self.completed, 4),
            "by_round": [round(x, 4) for x in self.by_round],
            "median_rounds": self.median_rounds,
            "rounds_quartiles": list(self.rounds_quartiles) if self.rounds_quartiles else None,
            "final_sanity": self.final_sanity,
            "final_sanity_quartiles": list(self.final_sanity_quartiles),
            "reached_target": None if self.reached_target is None else round(self.reached_target, 4),
            "target_by_round": [round(x, 4) for x in self.target_by_round] if self.target_by_round else None,
            "blockers": [{"title": t, "share": round(s, 4)} for t, s in self.blockers],
            "drawn_per_round": round(self.drawn_per_round, 2),
            "needed": list(self.needed),
            "odds": [o.to_dict() for o in self.odds],
            "cards": [c.to_dict() for c in self.cards],
            "ignored": [{"title": c.title, "copies": c.copies, "reason": c.ignored} for c in self.ignored],
        }


class GreedyPolicy:
    """Chooses a play by the preferences of the module docstring."""

    def __init__(self, game: Game, needed_titles: set[str]) -> None:
        self.game = game
        cards = game.cards
        self.needed = [fold_title(c.title) in needed_titles for c in cards]
        self.kind = [c.type for c in cards]
        # A Spell's yellow pentagram is paid when cast, not when played (rulebook "Sanity").
        self.cost = [max(0, -(c.sanity or 0)) if c.type is not CardType.SPELL else 0 for c in cards]
        # What a Location must offer for needed cards in hand: subregions of needed Allies, etc.
        # A Past Ally is found at its subregion in the Past (the Lamp gives it): "Arkham Past" asks
        # for an Arkham Location.
        self.subregion = [fold_title(c.subregion or "").removesuffix(" past") for c in cards]
        attrs = [{fold_title(a) for a in c.attributes} for c in cards]
        #: Per copy, as a Location: its own score, subregion, and whether it has the Tome and
        #: Artifact attributes and a Gate (see _location_score).
        self.place = [
            (60 if need else 6, sub, "tome" in a, "artifact" in a, bool(c.gate))
            for c, need, sub, a in zip(cards, self.needed, self.subregion, attrs)
        ]
        # Per copy: what it asks of a Location when needed (see _hand_needs), 0 for nothing.
        asks: dict[CardType | None, int] = {
            CardType.ALLY: _ALLY_ASKS,
            CardType.TOME: _TOME_ASKS,
            CardType.ARTIFACT: _ARTIFACT_ASKS,
            CardType.MONSTER: _MONSTER_ASKS,
        }
        self.asks = [asks.get(c.type, 0) if need else 0 for c, need in zip(cards, self.needed)]

    def _hand_needs(self, state: GameState) -> HandNeeds:
        """Gets what the needed cards in hand ask of a Location: needed Allies by subregion,
        and how many needed Tomes, Artifacts and Monsters wait for one."""
        subregions: dict[str, int] = {}
        tomes = artifacts = monsters = 0
        asks = self.asks
        for h in state.hand:
            a = asks[h]
            if not a:
                continue
            if a == _ALLY_ASKS:
                sub = self.subregion[h]
                subregions[sub] = subregions.get(sub, 0) + 1
            elif a == _TOME_ASKS:
                tomes += 1
            elif a == _ARTIFACT_ASKS:
                artifacts += 1
            else:
                monsters += 1
        return subregions, tomes, artifacts, monsters

    def _location_score(self, cid: int, needs: HandNeeds) -> int:
        # A Location nothing needs is not worth a Turn (below a Pass) unless it opens cards in hand:
        # 15 for each needed Ally of its subregion, 10 for each needed Tome or Artifact it lets
        # be played, 8 for each needed Monster at its Gate. (A copy in hand is never in the
        # Story Deck; another copy of a needed title may fill another slot of the recipe.)
        subregions, tomes, artifacts, monsters = needs
        score, subregion, tome_place, artifact_place, gate = self.place[cid]
        if subregions:
            score += 15 * subregions.get(subregion, 0)
        if tome_place:
            score += 10 * tomes
        if artifact_place:
            score += 10 * artifacts
        if gate:
            score += 8 * monsters
        return score

    def score(self, state: GameState, play: Play) -> int:
        """Gets how much the policy wants a play (the highest is chosen)."""
        return self._best(state, [play])[1]

    def choose(self, state: GameState, plays: Sequence[Play]) -> Play:
        """Gets the play the policy prefers (the first of the best, in the engine's order)."""
        # A list (as legal_plays gives): the compiled loops walk it by index, no iterator.
        listed = plays if isinstance(plays, list) else list(plays)
        if state.phase is _DISCARD_PHASE:
            return self._discard(state, listed)
        return self._best(state, listed)[0]

    def _best(self, state: GameState, plays: list[Play]) -> tuple[Play, int]:
        """Scores each play and gets the first of the best with its score: one loop, no call
        per play, for the goldfish asks this some 35 times a game."""
        needed, costs = self.needed, self.cost
        # A play may cost at most this much Sanity, else it would leave fewer than LOW_SANITY.
        room = state.sanity - LOW_SANITY
        if room < 0:
            room = 0
        needs = None
        best, best_score = plays[0], -(10**9)
        for play in plays:
            kind = play.kind
            if kind is _ADVENTURE:
                return play, 1000  # nothing scores higher: the first Adventure is the best
            if kind is _PASS:
                score = _PASS_SCORE
            else:
                cid, joined = play.card, play.joined
                cost = costs[cid] if cid >= 0 else 0
                if kind is _ARTIFACT and joined:
                    # An Ally Buried instead of the Artifact's Sanity (9 above): when it is
                    # spare, or the Sanity left cannot pay; otherwise the Artifact is paid for.
                    if cost > room or self.instead_score(state, joined[0]) > 0:
                        cost, joined = 0, ()
                    else:
                        cost = room + 1
                elif joined:
                    for j in joined:
                        cost += costs[j]
                if kind is _SPELL and play.target >= 0 and self.game.has_spell_on_ally:
                    cost -= spell_on_ally_cost(state, play)  # given to an Ally by the Location
                if play.target >= 0 and (kind is _MONSTERS or kind is _CULTIST):
                    # An Ally Buried instead of one card's Sanity (The Hunter), as in 9.
                    if cost > room or self.instead_score(state, play.target) > 0:
                        cost -= max(costs[c] for c in (cid, *joined))
                    else:
                        cost = room + 1
                if cost > room:
                    score = -1
                elif kind is _ROTATE:
                    score = 200
                    if play.target >= 0:
                        score += self.instead_score(state, play.target)
                elif kind is _LOCATION:
                    if needs is None:
                        needs = self._hand_needs(state)
                    score = self._location_score(cid, needs) - cost
                    if state.where < 0:
                        score += 40  # the first Location
                    if play.sideways:
                        score -= 5
                    elif play.target >= 0:
                        score += self.instead_score(state, play.target)
                elif kind is _TRAVEL:
                    score = self.travel_score(state, play, cost)
                elif kind in _CARD_PLAYS:
                    score = (80 if needed[cid] or joined and any(needed[j] for j in joined) else 30) - 2 * cost
                    if kind is _ALLY and joined:
                        score += 2  # Allies that Join: both in one Turn (rulebook l.359)
                elif kind is _CAST or kind is _USE:
                    score = self._use_score(state, play, room)
                elif kind is _RECOVER:
                    score = self.recover_score(state, play, room)
                elif kind is _REPLACE:
                    score = -1 if needed[cid] else 50  # put back what nothing needs
                elif kind is _REPLACE_DONE:
                    score = 20
                elif kind is PlayKind.ABILITY:  # the Investigator's once-a-Round redraw, as a Spell's (5 above)
                    score = 11 if any(needed[h] for h in state.hand) else 35
                elif kind in _THREAT_PLAYS:
                    score = (
                        (70 if needed[cid] or joined and any(needed[j] for j in joined) else 20)
                        + 2 * len(joined)
                        - 2 * cost
                    )
                else:
                    score = 5
            if score > best_score:
                best, best_score = play, score
        return best, best_score

    def travel_score(self, state: GameState, play: Play, cost: int) -> int:
        """Scores a Travel Event (see the module docstring, 3-4); a match's computer player
        scores it its own way (:class:`deckbuilder.rules.match.policy.MatchPolicy`)."""
        cid, joined = play.card, play.joined
        needed = self.needed
        if needed[cid]:
            return 80 - 2 * cost  # a recipe wants the Travel Event itself in the Story Deck
        if not any(needed[j] for j in joined):
            return 3
        return 25 + max(self._location_score(j, self._hand_needs(state)) for j in joined) // 4

    def instead_score(self, state: GameState, ally: int) -> int:
        """Scores Burying an Ally instead of the Turn a Location's arrival loses, against the
        same arrival losing it (see the module docstring, 8): +1, the Ally goes; -1, the Turn."""
        g = self.game
        spare = not state.attached.get(ally) and g.effects[ally] is None
        spare = spare and not g.hand_min_change[ally] and not g.hand_max_change[ally]
        return 1 if spare else -1

    def recover_score(self, state: GameState, play: Play, room: int) -> int:
        """Scores an Artifact of the Story Deck recovered at a Location (see the module
        docstring, 5): alone, worth a Turn only for a use the engine plays; a match's computer
        player also weighs its worth in Combat (:class:`~deckbuilder.rules.match.policy.MatchPolicy`)."""
        g = self.game
        a = play.joined[0]
        cost = g.recover_cost[play.card] + max(0, -g.profiles[a].cost)
        if cost > room:
            return -1
        return (35 if g.effects[a] is not None else 3) - 2 * cost

    def _use_score(self, state: GameState, play: Play, room: int) -> int:
        """Scores casting a Spell or using an Artifact (see the module docstring, 5)."""
        g = self.game
        e = g.effects[play.card]
        assert e is not None
        cid = play.card
        spell_by_holder = play.kind is _CAST and g.profiles[play.target].kind is not Kind.TOME
        cost = 0 if spell_by_holder else max(0, -g.use_cost[cid])
        if play.ally_pays:
            # An Ally Buried instead of the Spell's Sanity (Atal the High Priest), as in 9.
            if cost <= room and self.instead_score(state, spell_payer(state)) <= 0:
                return -1
            cost = 0
        joined = play.joined
        if joined and joined[0] in state.hand:
            cost += self.cost[joined[0]]
        travels = len(joined) == 2 and joined[1] in state.hand  # a Monster used for travel, and where to
        cost += self.cost[joined[1]] if travels else 0
        if cost > room:
            return -1
        score = 4
        for effect in e.effects:
            k = effect.kind
            if k is EffectKind.PAST:
                # Only where a needed Past Ally in hand is found in the Past.
                attrs = state.attrs | g.past
                profiles = g.profiles
                for h in state.hand:
                    q = profiles[h].place
                    if (
                        self.needed[h]
                        and q is not None
                        and q.past
                        and place_matches(q, state.region, state.subregion, state.dim, attrs, state.exotic)
                    ):
                        score = max(score, 90)
            elif k is EffectKind.REDRAW:
                # When the hand holds nothing an Adventure needs, replace what it holds.
                if not any(self.needed[h] for h in state.hand):
                    score = max(score, 35)
                else:
                    score = max(score, 11)
            elif k is EffectKind.DRAW:
                score = max(score, 35)
            elif k is EffectKind.ALL_JOIN:
                # Every Monster Joins (Grasp Of Cthulhu): only at a Gate free to use, with two
                # Monsters in hand that do not Join already (one play for both, a Turn saved).
                if not state.joins_round and self._unjoined_monsters(state):
                    score = max(score, 30)
            elif k is EffectKind.SANITY:
                if state.sanity + effect.amount <= g.sanity_max:
                    score = max(score, 30)
            elif k is EffectKind.TRADE_ALLIES:
                # Allies for Sanity only when Sanity runs low, never one holding a card; they
                # count on for Adventures in the Story Deck.
                if state.sanity <= 2 * LOW_SANITY and not any(state.attached.get(a) for a in joined):
                    gain = sum(g.cards[a].value or 0 for a in joined)
                    if gain >= 2:
                        score = max(score, 30 + min(gain, g.sanity_max - state.sanity))
            elif k is EffectKind.RECALL:
                # Back to a Location of the Story Deck only for what it opens to needed cards in
                # hand (an Ally's subregion, the Tome or Artifact attribute, a Gate).
                if joined:
                    opens = self._location_score(joined[0], self._hand_needs(state)) - self.place[joined[0]][0]
                    if opens > 0:
                        score = max(score, min(opens, 60))
            elif k is EffectKind.TRAVEL:
                score = max(score, 60 if joined and self.needed[joined[0]] else 3)
            elif travels:  # a Monster used for travel (rulebook l.317): toward a needed Location
                score = max(score, 65 if self.needed[joined[1]] or self.needed[joined[0]] else 3)
            elif joined:  # a Monster or Ally played, or an Ally back from the Story Deck
                if self.needed[joined[0]]:
                    score = max(score, 75)
                elif k is EffectKind.ALLY_NOW or k is EffectKind.RESURRECT:
                    score = max(score, 22)  # an Ally in play: it may read a Tome, hold a Spell
                # A Monster nothing needs is not worth a Spell's Sanity (below a Pass).
        return score - 2 * cost

    def _unjoined_monsters(self, state: GameState) -> bool:
        """Checks whether the hand holds two Monsters, playable at the Gate here, that do not
        Join each other."""
        g = self.game
        if state.mode is not Mode.AT or not state.attrs & g.gate or not gate_free(state):
            return False
        monsters = [c for c in state.hand if g.profiles[c].kind is Kind.MONSTER]
        joins = g.joins
        return any(not (joins[a] >> b) & 1 for i, a in enumerate(monsters) for b in monsters[i + 1 :])

    def _discard(self, state: GameState, plays: list[Play]) -> Play:
        end = None
        discard = None
        for play in plays:  # a list: the compiled loop walks it by index, no iterator
            if play.kind is _END_ROUND:
                if play.reshuffle:
                    if len(state.deck) < 5 and any(self.needed[c] for c in state.discard):
                        return play
                elif end is None:
                    end = play
            elif play.kind is _DISCARD and not self.needed[play.card] and discard is None:
                discard = play
        if discard is not None and (end is None or len(state.hand) > self.game.hand_min):
            return discard
        if end is not None:
            return end
        # The engine insists on a discard (above the Maximum): drop the least needed card (the
        # first of them, as min() gives; written out so the compiled core makes no calls).
        least, least_need = plays[0], 0
        found = False
        for play in plays:
            if play.kind is _DISCARD:
                need = self.needed[play.card]
                if not found or need < least_need:
                    least, least_need, found = play, need, True
        return least


def needed_titles(deck: Deck, recipes: dict[str, object] | None) -> set[str]:
    """Gets the folded titles of the cards the deck's Adventures need: those the recipe
    solver assigns to each Adventure's slots (empty without recipes)."""
    if not recipes:
        return set()
    from deckbuilder.rules.adventures import check_adventure

    cards = list(deck.cards(Section.DECK))
    titles: set[str] = set()
    for adventure in {e.card.key: e.card for e in deck.main if e.card.type is CardType.ADVENTURE}.values():
        recipe = recipes.get(adventure.key)
        if recipe is None:
            continue
        check = check_adventure(recipe, cards)  # type: ignore[arg-type]
        titles.update(fold_title(c.title) for c in check.cards_used)
        titles.add(fold_title(adventure.title))
    return titles


def slot_candidates(deck: Deck, recipes: dict[str, object]) -> dict[str, list[tuple[frozenset[str], int]]]:
    """Gets, per Adventure key, each recipe slot's matching printings of the deck section (by
    card key) and how many separate cards it needs; each card's facts are read once."""
    from deckbuilder.rules.adventures import compile_requirement
    from deckbuilder.rules.adventures.matching import card_facts

    facts = {e.card.key: card_facts(e.card) for e in deck.main}
    out: dict[str, list[tuple[frozenset[str], int]]] = {}
    for key, recipe in recipes.items():
        slots = []
        for slot in recipe.slots:  # type: ignore[attr-defined]
            predicate = compile_requirement(slot.requirement)
            slots.append((frozenset(k for k, f in facts.items() if predicate(f)), slot.count))
        out[key] = slots
    return out


class RecipeCheck:
    """The Adventure check the goldfish gives the engine: the recipe solver, behind a cheap
    necessary test.

    Each slot's matching cards among the deck's printings are found once; during play a
    recipe whose slots cannot each find enough matching cards (ignoring that one card fills
    one slot) is refused at once, and only the rest go to the exact solver
    (:func:`deckbuilder.rules.adventures.check_adventure`), which stays the authority. The
    test is a matching of slot copies to separate cards that ignores only the limits across
    slots (different subregions and the like). :meth:`may_use` tells the engine which cards
    a recipe could use at all, so it asks again only when those change.

    The cards the solver used to meet a recipe are kept (up to :data:`WITNESSES` ways per
    Adventure): cards that include one of those ways meet the recipe without asking the
    solver again, as most games end on a pile much like another game's.
    """

    def __init__(self, deck: Deck, recipes: dict[str, object]) -> None:
        from deckbuilder.rules.adventures import Collection, completing_cards

        self._completing_cards = completing_cards  # imported once, not at every check
        self.recipes = recipes
        #: Per Adventure: ways found to meet it, each as the card keys it uses and, for keys
        #: used more than once, how many copies.
        self.witnesses: dict[str, list[tuple[frozenset[str], tuple[tuple[str, int], ...]]]] = {
            key: [] for key in recipes
        }
        self.everything = Collection({e.card.key: e.card for e in deck.entries}.values())
        self.needs = needs = slot_candidates(deck, recipes)
        # Each slot's test was run once over the deck's printings (slot_candidates): the solver
        # then asks only whether a printing is among those that passed, not its facts again.
        self.predicates: dict[str, list[Callable[[CardFacts], bool]]] = {
            key: [_printing_in(accepted) for accepted, _count in needs[key]] for key in recipes
        }
        # Per Adventure: a bit per slot, and for each card key the slots it could fill; a
        # recipe whose slots are not all covered by some available card is refused at once.
        self.slot_bits: dict[str, dict[str, int]] = {}
        self.full: dict[str, int] = {}
        self.plain: dict[str, bool] = {}
        for key, recipe in recipes.items():
            bits: dict[str, int] = {}
            for i, (accepted, _count) in enumerate(needs[key]):
                for k in accepted:
                    bits[k] = bits.get(k, 0) | (1 << i)
            self.slot_bits[key] = bits
            self.full[key] = (1 << len(needs[key])) - 1
            # Without limits across slots, "different" slots or points-worth slots, the
            # matching below is already the solver's answer.
            self.plain[key] = not recipe.limits and all(  # type: ignore[attr-defined]
                s.distinct is None and s.total is None
                for s in recipe.slots  # type: ignore[attr-defined]
            )

    def may_use(self, adventure: Card, card: Card) -> bool:
        """Checks whether a card fills some slot of the Adventure's recipe."""
        return card.key in self.slot_bits.get(adventure.key, {})

    def slots_of(self, adventure: Card, card: Card) -> int:
        """Gets the slots of the Adventure's recipe (a bit each) that a card could fill: cards
        that leave a slot empty never meet the recipe (the first test of a check)."""
        return self.slot_bits.get(adventure.key, {}).get(card.key, 0)

    def conditions_of(self, adventure: Card) -> tuple[tuple[str, str, str], ...]:
        """Gets the recipe's non-card conditions as (kind, argument, words) for the engine."""
        return tuple((*c.reading(), c.text) for c in getattr(self.recipes.get(adventure.key), "conditions", ()))

    def __call__(self, adventure: Card, cards: Sequence[Card]) -> bool:
        recipe = self.recipes.get(adventure.key)
        if recipe is None:
            return False
        bits = self.slot_bits[adventure.key]
        covered = 0
        for c in cards:
            covered |= bits.get(c.key, 0)
        if covered != self.full[adventure.key]:
            return False  # most piles: a slot no card could fill
        keys = [c.key for c in cards]
        # A way found before that these cards hold meets the recipe: no test needed.
        witnesses = self.witnesses[adventure.key]
        if witnesses:
            present = set(keys)
            have = None
            for uses, copies in witnesses:
                if uses <= present:
                    if not copies:
                        return True
                    if have is None:
                        have = Counter(keys)
                    if all(have[k] >= n for k, n in copies):
                        return True
        slot_needs = self.needs[adventure.key]
        # The cheap count: a slot of two or more needs enough matching cards at all (every
        # slot has one, above).
        for accepted, count in slot_needs:
            if count > 1 and sum(1 for k in keys if k in accepted) < count:
                return False
        # Then one separate card for each slot copy (the matching draw odds use too).
        if not requirements_met(keys, slot_needs):
            return False
        if self.plain[adventure.key]:
            return True
        used = self._completing_cards(recipe, self.everything.subset(keys), self.predicates[adventure.key])  # type: ignore[arg-type]
        if used is None:
            return False
        if len(witnesses) < WITNESSES:
            counts = Counter(c.key for c in used)
            witnesses.append((frozenset(counts), tuple((k, n) for k, n in counts.items() if n > 1)))
        return True


def _printing_in(keys: frozenset[str]) -> Callable[[CardFacts], bool]:
    """Gets a slot test that passes the printings of ``keys``."""

    def test(facts: CardFacts) -> bool:
        return facts.card.key in keys

    return test


def recipe_check(deck: Deck, recipes: dict[str, object]) -> RecipeCheck:
    """Gets the Adventure check the goldfish gives the engine (see :class:`RecipeCheck`)."""
    return RecipeCheck(deck, recipes)


def play_game(game: Game, policy: GreedyPolicy, seed: int, max_rounds: int) -> GameRecord:
    """Plays one solitaire game with ``policy`` until it ends or ``max_rounds`` pass."""
    state = game.new_state(seed)
    first = reached = None
    target = game.rules.target if game.rules.campaign else None
    stuck: dict[str, int] = {}  # a plain dict: a Counter is made by Python code, once a game
    blockers: set[str] = set()
    refilled = 0  # cards drawn after the opening hand
    needed, kind, choose = policy.needed, policy.kind, policy.choose
    over, passing, ending, adventure = Phase.OVER, PlayKind.PASS, PlayKind.END_ROUND, PlayKind.ADVENTURE
    profiles = game.profiles
    first_played: dict[int, int] = {}
    used: set[int] = set()
    while state.phase is not over and state.round <= max_rounds:
        plays = legal_plays(state)
        if not plays:
            break
        play = choose(state, plays)
        what = play.kind
        if play.card >= 0 and what not in _NOT_PLAYED:
            # What each card did: the Round a copy of its title was first played.
            first_played.setdefault(profiles[play.card].title, state.round)
            for j in play.joined:
                first_played.setdefault(profiles[j].title, state.round)
            if what is _CAST or what is _USE or what is _RECOVER:
                used.add(profiles[play.card].title)  # a recovery: its Location's effect used
        if what is passing:
            # The end of card play: needed cards still in hand held the deck back this Round,
            # unless a copy already counts for Adventures (in play or in the Story Deck): a
            # second Drought waiting while the first is in play holds nothing back.
            cards = game.cards
            out = None
            for cid in state.hand:
                if needed[cid] and kind[cid] is not CardType.ADVENTURE:
                    if out is None:
                        out = {cards[c].title for c in state.adventure_cards()}
                    title = cards[cid].title
                    if title in out:
                        continue
                    times = stuck[title] = stuck.get(title, 0) + 1
                    if times >= 2:
                        blockers.add(title)
        elif what is ending:
            # Only the end of a Round draws cards (after a reshuffle, if any).
            before = len(state.deck)
            push(state, play)
            if len(state.deck) < before:
                refilled += before - len(state.deck)
            continue
        elif what is adventure:
            # Only an Adventure scores (and wins).
            push(state, play)
            if first is None:
                first = state.round
            if target is not None and reached is None and state.points >= target:
                reached = state.round
            continue
        push(state, play)  # the game keeps no earlier states: no copy
    rounds = min(state.round, max_rounds)
    return GameRecord(
        first_adventure=first,
        target_reached=reached,
        points=state.points,
        final_sanity=state.sanity,
        rounds=rounds,
        drawn_per_round=refilled / max(rounds - 1, 1),
        blockers=frozenset(blockers),
        first_played=first_played,
        used=frozenset(used),
    )


def _cumulative(rounds: Sequence[int | None], max_rounds: int, games: int) -> tuple[float, ...]:
    counts = Counter(r for r in rounds if r is not None)
    out, running = [], 0
    for r in range(1, max_rounds + 1):
        running += counts.get(r, 0)
        out.append(running / games)
    return tuple(out)


def _quartiles(values: Sequence[float]) -> tuple[float, float]:
    if len(values) < 2:
        v = float(values[0]) if values else 0.0
        return (v, v)
    q = statistics.quantiles(values, n=4)
    return (q[0], q[2])


def goldfish(
    deck: Deck,
    *,
    games: int = 1000,
    seed: int = 0,
    campaign: bool = False,
    target: int = 20,
    max_rounds: int = 20,
    adventure_check: Callable[[Card, Sequence[Card]], bool] | None = None,
    needed: set[str] | None = None,
    progress: Callable[[int], None] | None = None,
    effects: Mapping[str, CardEffects] | None = None,
    advanced: bool = True,
) -> GoldfishReport:
    """Plays ``games`` solitaire games of a deck and reports what they say.

    Reproducible: game ``i`` is shuffled with a seed drawn from ``random.Random(seed)``.
    ``adventure_check`` decides when an Adventure's recipe is met (see
    :func:`deckbuilder.rules.engine.recipe_checker`); ``needed`` are the folded titles the
    policy works toward (see :func:`needed_titles`). ``progress`` is called with the number
    of games played, every 100 games. ``effects`` are the effect overrides by folded title
    (``catalog/effects.toml``, :func:`deckbuilder.catalog.importers.effects.load_effect_overrides`);
    ``advanced`` off plays Basic Mythos (a Location first, rulebook l.79).

    Raises ``NoInvestigatorError`` (engine) when the deck names no Investigator.
    """
    batch = GameBatch(
        deck,
        campaign=campaign,
        target=target,
        max_rounds=max_rounds,
        adventure_check=adventure_check,
        needed=frozenset(needed or ()),
        effects=effects,
        advanced=advanced,
    )
    return goldfish_report(
        batch.play(game_seeds(seed, games), progress),
        seed=seed,
        campaign=campaign,
        target=target,
        max_rounds=max_rounds,
        needed=needed,
        game=batch.game(),
    )


def game_seeds(seed: int, games: int) -> list[int]:
    """Gets the shuffle seed of each of ``games`` games: game ``i`` is shuffled with the
    ``i``-th number drawn from ``random.Random(seed)``, so any run of games (a chunk another
    process plays, issue 17) is the same games whoever plays it."""
    rng = random.Random(seed)
    return [rng.randrange(2**31) for _ in range(games)]


class GameBatch:
    """Plays games of one deck, given their shuffle seeds: what :func:`goldfish` runs, and a
    job another process can run on a share of the seeds (it pickles as the deck and the
    settings; the Game, the policy and the Adventure check are built where it plays, once, and
    kept for its later seeds).

    Without ``adventure_check``, ``recipes`` (Adventure key to recipe) gives the recipe
    check of :func:`recipe_check`; with neither, any Adventure's recipe is met. ``effects``
    are the effect overrides by folded title (they travel as their notation, plain text).
    """

    def __init__(
        self,
        deck: Deck,
        *,
        campaign: bool = False,
        target: int = 20,
        max_rounds: int = 20,
        adventure_check: Callable[[Card, Sequence[Card]], bool] | None = None,
        recipes: dict[str, object] | None = None,
        needed: frozenset[str] = frozenset(),
        effects: Mapping[str, CardEffects] | None = None,
        advanced: bool = True,
    ) -> None:
        self.deck = deck
        self.campaign = campaign
        self.advanced = advanced
        self.target = target
        self.max_rounds = max_rounds
        self.adventure_check = adventure_check
        self.recipes = recipes
        self.needed = needed
        # As notation: plain strings pickle whether or not the rules core is compiled.
        self.effects_text = {title: effects_text(e) for title, e in (effects or {}).items()}
        self._playing: tuple[Game, GreedyPolicy] | None = None

    def __reduce__(self) -> tuple[Callable[..., GameBatch], tuple[object, ...]]:
        # Rebuilt by a function, not by the class with a state: a class compiled by mypyc
        # makes its instances through __init__. A check handed in (a closure) does not
        # pickle: the recipes it is built from do. (The compiled core's decks and recipes do
        # not unpickle either: the pool forks where it can, and pickles nothing then.)
        if self.adventure_check is not None and self.recipes is None:
            raise TypeError(
                "a GameBatch given its own adventure_check plays in this process only: give it the recipes instead"
            )
        return _game_batch, (
            self.deck,
            self.campaign,
            self.target,
            self.max_rounds,
            self.recipes,
            self.needed,
            self.effects_text,
            self.advanced,
        )

    def _game(self) -> tuple[Game, GreedyPolicy]:
        if self._playing is None:
            check = self.adventure_check
            if check is None and self.recipes is not None:
                check = recipe_check(self.deck, self.recipes)
            # An opponent who plays nothing: no target for an Event aimed at one (rulebook l.202;
            # ``Game.ignored`` names them). Basic: a Location first (l.79, rulings l.19, l.53).
            rules = Rules(
                advanced=self.advanced,
                campaign=self.campaign,
                target=self.target,
                adventure_check=check or no_adventures,
                effects={title: parse_effects(text) for title, text in self.effects_text.items()},
            )
            game = Game(self.deck, rules=rules)
            self._playing = (game, GreedyPolicy(game, set(self.needed)))
        return self._playing

    def game(self) -> Game:
        """Gets the deck read for play (built once, here): what :func:`card_stats` reads."""
        return self._game()[0]

    def play(self, seeds: Sequence[int], progress: Callable[[int], None] | None = None) -> list[GameRecord]:
        """Plays a game for each seed, in order; ``progress`` is called with the number of
        games played, every 100 games."""
        game, policy = self._game()
        max_rounds = self.max_rounds
        records = []
        # A game makes thousands of short-lived objects and few reference cycles (the recipe
        # solver's, when an Adventure is checked): the cyclic garbage collector, run as
        # objects pile up, searched them all for little (4% of a compiled run, issue 17). It
        # runs here once every 1,000 games, on the young objects only, and as before after.
        collecting = gc.isenabled()
        gc.disable()
        try:
            for i, game_seed in enumerate(seeds):
                records.append(play_game(game, policy, game_seed, max_rounds))
                if progress and (i + 1) % 100 == 0:
                    progress(i + 1)
                if collecting and i % 1000 == 999:
                    gc.collect(1)
        finally:
            if collecting:
                gc.enable()
        return records

    def __call__(self, seeds: Sequence[int]) -> list[tuple[object, ...]]:
        """Plays as :meth:`play` and gets each record as the plain tuple of its fields (see
        :func:`record_values`): what travels back from another process."""
        return [record_values(r) for r in self.play(seeds)]


def record_values(record: GameRecord) -> tuple[object, ...]:
    """Gets a game's record as the tuple of its fields, in order (``GameRecord(*values)`` makes
    it again): a frozen dataclass compiled by mypyc does not unpickle, a tuple does."""
    return tuple(getattr(record, f.name) for f in dataclasses.fields(GameRecord))


def _game_batch(
    deck: Deck,
    campaign: bool,
    target: int,
    max_rounds: int,
    recipes: dict[str, object] | None,
    needed: frozenset[str],
    effects: dict[str, str],
    advanced: bool = True,
) -> GameBatch:
    """Makes a :class:`GameBatch` again in another process (see ``GameBatch.__reduce__``)."""
    return GameBatch(
        deck,
        campaign=campaign,
        target=target,
        max_rounds=max_rounds,
        recipes=recipes,
        needed=needed,
        effects={title: parse_effects(text) for title, text in effects.items()},
        advanced=advanced,
    )


def goldfish_report(
    records: Sequence[GameRecord],
    *,
    seed: int,
    campaign: bool = False,
    target: int = 20,
    max_rounds: int = 20,
    needed: set[str] | frozenset[str] | None = None,
    game: Game | None = None,
) -> GoldfishReport:
    """Gets what the games say, in the order they were played (see :func:`goldfish`); with the
    ``game`` they were played with, what each card did (:func:`card_stats`)."""
    games = len(records)
    firsts = [r.first_adventure for r in records]
    done = [r for r in firsts if r is not None]
    blockers = Counter(t for r in records for t in r.blockers)
    sanity = [r.final_sanity for r in records]
    reached = [r.target_reached for r in records] if campaign else None
    return GoldfishReport(
        games=games,
        seed=seed,
        max_rounds=max_rounds,
        campaign=campaign,
        target=target if campaign else None,
        completed=len(done) / games if games else 0.0,
        by_round=_cumulative(firsts, max_rounds, games) if games else (),
        # float() always: a median of ints is an int or a float by the count, and the compiled core
        # stores the declared float (6.0) where the pure one kept the int (6); both print one way.
        median_rounds=float(statistics.median(done)) if done else None,
        rounds_quartiles=_quartiles(done) if done else None,
        final_sanity=float(statistics.median(sanity)) if sanity else 0.0,
        final_sanity_quartiles=_quartiles(sanity),
        reached_target=(sum(1 for r in reached if r is not None) / games) if reached is not None and games else None,
        target_by_round=_cumulative(reached, max_rounds, games) if reached is not None and games else None,
        # Ties by title: a Counter keeps the order titles came in, which a frozenset of
        # titles leaves to string hashing, different in every Python process.
        blockers=tuple((t, n / games) for t, n in sorted(blockers.items(), key=lambda tn: (-tn[1], tn[0]))[:10]),
        drawn_per_round=statistics.mean(r.drawn_per_round for r in records) if records else 0.0,
        needed=tuple(sorted(needed or ())),
        cards=card_stats(game, records) if game is not None else (),
    )


# --------------------------------------------------------------------------------------
# Exact draw odds beside the simulation


def draw_odds(
    deck: Deck,
    *,
    refill_per_round: float,
    recipes: dict[str, object] | None = None,
    rounds: Sequence[int] = (1, 3, 5),
    named: Sequence[str] = (),
    trials: int = 20_000,
    seed: int = 0,
) -> list[Odds]:
    """Gets draw odds a player can act on: a Location in the opening hand; each ``named``
    card (copies counted by title) by Round k; each Tome with a reader of its language;
    every card of each Adventure's recipe, by Round k.

    Exact (hypergeometric) where the requirements share no cards; simulated and labelled so
    where one card could serve two. "By Round k" counts the opening hand plus
    ``refill_per_round`` cards a Round (the goldfish measures it).
    """
    cards = list(deck.cards(Section.DECK))
    size = len(cards)
    investigator = deck.investigators[0] if deck.investigators else None
    hand = investigator.hand if investigator and investigator.hand else 13
    out: list[Odds] = []
    locations = sum(1 for c in cards if c.type is CardType.LOCATION)
    out.append(
        Odds(
            "a Location in the opening hand", float(p_at_least(size, locations, min(hand, size))), True, min(hand, size)
        )
    )
    for title in named:
        copies = sum(1 for c in cards if fold_title(c.title) == fold_title(title))
        shown = next((c.title for c in cards if fold_title(c.title) == fold_title(title)), title)
        for k in rounds:
            draws = cards_seen(hand, k, refill_per_round, size)
            out.append(
                Odds(
                    f"{shown} ({copies} cop{'y' if copies == 1 else 'ies'}) by Round {k}",
                    float(p_at_least(size, copies, draws)),
                    True,
                    draws,
                )
            )
    ids = [c.key for c in cards]
    known = {fold_title(lang) for lang in (investigator.languages if investigator else ())}
    seen_tomes: set[str] = set()
    for card in cards:
        if card.type is not CardType.TOME or card.key in seen_tomes or not card.tome_languages:
            continue
        seen_tomes.add(card.key)
        langs = [fold_title(lang) for lang in card.tome_languages]
        one_of = card.tome_language_rule is LanguageRule.ONE_OF
        if "all" in known or (any(lang in known for lang in langs) if one_of else all(lang in known for lang in langs)):
            continue  # the Investigator reads it: a reader is always at hand
        draws = cards_seen(hand, 3, refill_per_round, size)
        tome_req = (frozenset({card.key}), 1)
        readers_needed = langs if not one_of else [None]
        reqs = [tome_req]
        for lang in readers_needed:
            accepted = frozenset(
                c.key
                for c in cards
                if c.type is CardType.ALLY
                and (
                    {fold_title(x) for x in c.languages} & (set(langs) if lang is None else {lang})
                    or "all" in {fold_title(x) for x in c.languages}
                )
            )
            reqs.append((accepted, 1))
        label = f"{card.title} and a reader of {(' or ' if one_of else ' & ').join(card.tome_languages)} by Round 3"
        if any(not acc for acc, _ in reqs):
            out.append(Odds(label + " (no reader in the deck)", 0.0, True, draws))
            continue
        out.append(odds_of_requirements(ids, reqs, draws, label, trials=trials, seed=seed))
    if recipes:
        candidates = slot_candidates(deck, recipes)
        for adventure in {e.card.key: e.card for e in deck.main if e.card.type is CardType.ADVENTURE}.values():
            if not candidates.get(adventure.key):
                continue
            reqs = [(frozenset({adventure.key}), 1), *candidates[adventure.key]]
            for k in rounds:
                draws = cards_seen(hand, k, refill_per_round, size)
                label = f"every card of {adventure.title} (and the Adventure) by Round {k}"
                if any(not acc for acc, _ in reqs):
                    out.append(Odds(label + " (the deck lacks a card)", 0.0, True, draws))
                    break
                out.append(odds_of_requirements(ids, reqs, draws, label, trials=trials, seed=seed))
    return out
