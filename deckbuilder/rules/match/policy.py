"""Computer players: every choice a player makes at the table goes through a policy object.

:class:`GreedyPlayer`, documented because the figures depend on it:

- card play and the Discard phase: the goldfish's greedy preferences
  (:class:`deckbuilder.rules.goldfish.GreedyPolicy`: an Adventure first, then what the deck's
  Adventures need, then other cards, Monsters at a Gate, never Sanity below 3, else Pass);
  Monsters now attack in Combat as well as count for Adventures once Buried;
- where the Threat points (l.402): every card at the leading opponent (the highest score,
  Adventure points plus Sanity; among equals the next seat to the left);
- Defending Allies (l.406): against each Directed Threat, the largest first, Allies until their
  values reach 3 points per card aimed at the player (the cards are face-down: 3 is an estimate
  of a Monster's value, our choice), never an Ally holding a Spell (it would be Buried with it);
- Spells and Artifacts in Combat (l.410): one the goldfish would cast rather than Pass, and a
  Control Spell (l.321) whenever an opponent's Threat is aimed at the player and its Sanity
  cost leaves 3 (the class is hoped for: the Threat is face-down);
- Summon (l.317) in card play as the goldfish casts it (for a Monster the Adventures need);
- a Spell, Artifact or Ally used on an opponent (Petrify, a Tome stolen...; the table offers it
  only with a legitimate target, l.307) scores 35 less twice its Sanity cost: above a Pass and a
  card the Adventures do not need, below one they need; never below 3 Sanity; a look at an
  opponent's Threat only when it has Allies to defend, whose need against that Threat is then
  its cards' values where seen (3 for each other); a reshuffle of an opponent's Discards into
  the Mythos Deck only when they hold 6 cards or more (the cards thrown away come back); an
  exchange of the opponent's strongest Ally for the one nearest the Story Deck's bottom only
  when that one is worth less (a Corrupt Ally for a Monster of the Story Deck, as an Ally,
  likewise); an opponent's Ally bound to defend only when it holds a card and
  the player has a Threat;
- a Spell that Buries the Phobias on the player's Investigator (the table offers it only while
  one is on him or her) whenever its Sanity cost leaves 3: a Phobia hurts every Round it stays;
  the Allies and Locations that lift one for a Turn are used by the table at the Turn's start;
  a Travel Event to remain on burying one (the Yak) is boarded whenever a Phobia is on the
  player and its cost leaves 3 Sanity (the table buries one at each later Turn's start aboard);
- Spells that work only in Combat (:mod:`~.combatcards`): one sending a card of a Threat aimed
  at the player back to its Hand whenever offered, one Discarding an opponent's Defending Ally
  that faces the player's Threat instead of Burying it too, one raising the player's lost
  Allies against their attacker whenever its Allies defend, one playing an Ally from hand to
  defend at once whenever a Threat is aimed at the player, one putting an Ally that defends no
  one into the player's Directed Threat, one making the Monsters attacking the player Visible
  whenever attacked (hoped for, as Control's class), one turning an opponent's Defending Ally
  to defend the player whenever one defends against its Threat, one raising a Defending Ally's
  value whenever the player is attacked, each when its cost leaves 3 Sanity;
- Travel Events (l.208, l.239-259; :class:`MatchPolicy`): one whose Location comes with it
  (Car, Camel: "immediately play a new Location") is played when it saves a Turn: a Location
  the player wants (the goldfish's score of it) that walking would reach only sideways, to be
  turned upright a Turn later (l.243-245), arrives upright at once; the same Location playable
  upright without it is played so, the Travel Event kept. One whose Location follows on a later
  Turn (Train, Yak, Dirigible) is played toward a Location in hand that it reaches and walking
  cannot (another Region, l.259; never merely as fast as walking, which also takes two Turns),
  and a Train that lets an Ally of the Region be played aboard toward an Ally in hand not found
  at the Current Location (it joins next Turn; walking to its Location takes one or two more),
  scored as that Ally less the Train's Turn, below playing an Ally now.
  The goldfish keeps its own preference (a Travel Event nothing needs toward a needed
  Location, weighed below walking).
- a Location's lost Turn or an Ally Buried instead (The Temple of Bokrug): as the goldfish (an
  Ally holding nothing, with no use, goes), but an Ally worth more than 1 in Combat stays and
  the Turn is lost;
- an Artifact of the Story Deck recovered at a Location that allows it (Porta Portese,
  :mod:`~deckbuilder.rules.engine.recovery`): as the goldfish (for a use the engine plays), and
  also for its worth in Combat, a Weapon given to an Ally or an Artifact with a value (25 less
  twice the Sanity: above a Pass and a card nothing needs, below a needed one).

:class:`LookaheadPlayer` looks ahead where card play offers a choice: it takes the greedy
player's best plays and a Pass, samples the cards it cannot see (each opponent's Hand, Mythos
Deck and face-down Threat are dealt again from the cards it cannot see; its own Mythos Deck is
shuffled), plays each candidate and the rest of the Round out with greedy players at every
seat, through Combat, and keeps the play with the best mean outcome: the score difference to the
best opponent, the game's end counting 1,000, and 2 points per card the Adventures need that
counts for them. The same samples serve every candidate (common random numbers), and another
play replaces the greedy player's first choice only when it does better by a point a deal on
the mean. Other choices are the greedy player's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from deckbuilder.rules.engine import Game, GameState, Mode, Phase, Play, PlayKind
from deckbuilder.rules.engine.allies import ally_here
from deckbuilder.rules.engine.locations import location_requirements_met
from deckbuilder.rules.goldfish import LOW_SANITY, GreedyPolicy
from deckbuilder.rules.match.combatcards import ALLY_NOW, BOOST, DEFLECT, TO_HAND, VISIBLE, WARP
from deckbuilder.rules.match.opponents import BIND_ALLY, DEVOLVE, GLANCE_THREAT, RESHUFFLE, SWAP_ALLY
from deckbuilder.rules.match.table import (
    OVER,
    Match,
    ally_value,
    bind_of,
    card_play,
    devolve_of,
    finish_round,
    is_control,
    is_lift,
    is_strike,
    lift_cost,
    strike_targets,
    swap_of,
    threat_estimate,
)
from deckbuilder.rules.places import Kind, Step, region_matches, travel_reaches, walk_step

#: The mean value of a face-down Monster the greedy player expects (see the module docstring).
EXPECTED_MONSTER: Final = 3
_PASS_SCORE: Final = 10
#: How much the greedy player wants a Control Spell cast when it is attacked (above any draw).
_CONTROL_SCORE: Final = 40
#: How much the greedy player wants a card used on an opponent (see the module docstring).
_STRIKE_SCORE: Final = 35
#: The opponent's Discards a reshuffle is worth its Sanity for (our estimate).
RESHUFFLE_AT: Final = 6
#: How much the greedy player wants the Phobias on its Investigator Buried (above any draw).
_LIFT_SCORE: Final = 40
#: How much the greedy player wants an opponent's Defending Ally Discarded instead of Buried.
_DISCARD_SCORE: Final = 30
#: What the lookahead player counts for each card its Adventures need that counts for them.
PROGRESS = 2.0
#: How much better (in points a deal) another play must do than the greedy player's first choice.
MARGIN = 1.0
_PASS: Final = PlayKind.PASS
_ADVENTURE: Final = PlayKind.ADVENTURE
_CAST: Final = PlayKind.CAST
_TRAVEL: Final = PlayKind.TRAVEL
_USE: Final = PlayKind.USE
_PLAY_PHASE: Final = Phase.PLAY
_THREAT_KINDS: Final = (Kind.MONSTER, Kind.THREAT_EVENT)


class MatchPolicy(GreedyPolicy):
    """The goldfish's greedy preferences with Travel Events weighed by the Turn they save (see
    the module docstring): a player at a table races the others to their Adventures."""

    def travel_score(self, state: GameState, play: Play, cost: int) -> int:
        cid = play.card
        if self.needed[cid]:
            return super().travel_score(state, play, cost)
        g = self.game
        profiles = g.profiles
        here = profiles[state.where]
        t = profiles[cid].travel
        if t is None or here.loc is None or state.mode is not Mode.AT:
            return super().travel_score(state, play, cost)
        needs = self._hand_needs(state)
        if play.joined:
            # The Location arrives upright now: worth it as the Location itself, a little less
            # (below playing it upright without the Travel Event, above walking to it sideways).
            lid = play.joined[0]
            return self._location_score(lid, needs) - cost - 2
        best = 3
        if t.ally_stop:
            # "Remain on the Train for a Turn to play any Ally card that could be played in this
            # Region": an Ally in hand not found here joins on the next Turn, where walking to
            # its Location would bring it a Turn or two later (l.239-245); below playing it now.
            room = state.sanity - LOW_SANITY
            for aid in state.hand:
                q = profiles[aid]
                if q.kind is not Kind.ALLY or q.place is None or ally_here(state, q):
                    continue
                ally_cost = self.cost[aid]
                if cost + ally_cost <= room and region_matches(q.place, state.region, state.dim):
                    best = max(best, (80 if self.needed[aid] else 30) - 2 * ally_cost - cost - 8)
        for lid in state.hand:
            q = profiles[lid]
            loc = q.loc
            if loc is None or not travel_reaches(t, state.region, state.where_dim, loc):
                continue
            if walk_step(here.loc, state.where_dim, here.title, loc, q.title) is not Step.NONE:
                continue  # walking reaches it as soon (two Turns) and keeps the Travel Event
            if not location_requirements_met(state, q):
                continue
            best = max(best, self._location_score(lid, needs) - cost - 8)
        return best

    def instead_score(self, state: GameState, ally: int) -> int:
        # An Ally defends in Combat (rulebook l.406, l.426): one worth more than 1 point, or
        # bearing a Weapon, stays and the Turn is lost.
        if (self.game.cards[ally].value or 0) > 1:
            return -1
        return super().instead_score(state, ally)

    def recover_score(self, state: GameState, play: Play, room: int) -> int:
        score = super().recover_score(state, play, room)
        g = self.game
        a = play.joined[0]
        cost = g.recover_cost[play.card] + max(0, -g.profiles[a].cost)
        if cost <= room and (g.profiles[a].weapon or g.cards[a].value):
            score = max(score, 25 - 2 * cost)  # its worth in Combat (rulebook l.191, l.413, l.520)
        return score


class GreedyPlayer:
    """The documented greedy player (see the module docstring)."""

    name = "greedy"

    def __init__(self, game: Game, needed: set[str]) -> None:
        self.game = game
        self.inner = MatchPolicy(game, needed)

    def choose(self, m: Match, seat: int, plays: list[Play]) -> Play:
        s = m.players[seat]
        if s.phase is not _PLAY_PHASE:
            return self.inner.choose(s, plays)  # the Discard phase: no lift, nothing on an opponent
        seat_ = m.seats[seat]
        if seat_.lifting and m.afflicted[seat]:  # the table offers a lift only then
            lifts = [p for p in plays if p.kind is _CAST and is_lift(m, seat, p)]
            if lifts:
                for p in lifts:
                    if self.score(m, seat, p) >= 0:
                        return p
                plays = [p for p in plays if p not in lifts]  # the goldfish's choice knows none
        if seat_.lift_travel and m.afflicted[seat] and s.mode is Mode.AT:
            # A Travel Event to remain on, a Turn, burying a Phobia (the Yak): as a Spell that
            # lifts, whenever its cost leaves 3 Sanity and a Phobia is on the player.
            lifts_at, costs = seat_.lifts, self.inner.cost
            for p in plays:
                if p.kind is _TRAVEL and lifts_at[p.card] and costs[p.card] <= s.sanity - LOW_SANITY:
                    if any(m.seats[o].phobia[c] for o, c in m.afflicted[seat]):
                        return p
                    break
        if seat_.striking:
            # is_strike's test, in the loop (no call per play: this runs at every choice).
            strikes_of = seat_.strikes
            strikes = [p for p in plays if (p.kind is _CAST or p.kind is _USE) and p.card >= 0 and strikes_of[p.card]]
            if strikes:
                return self._choose_strike(m, seat, plays, strikes)
        return self.inner.choose(s, plays)

    def _choose_strike(self, m: Match, seat: int, plays: list[Play], strikes: list[Play]) -> Play:
        """Chooses among plays some of which are used on an opponent (the module docstring)."""
        rest = [p for p in plays if p not in strikes]
        s = m.players[seat]
        best, best_score = self.inner._best(s, rest) if rest else (strikes[0], -(10**9))
        for p in strikes:
            score = self.score(m, seat, p)
            if score > best_score:
                best, best_score = p, score
        return best

    def score(self, m: Match, seat: int, play: Play) -> int:
        """Gets how much the player wants a play of card play."""
        s = m.players[seat]
        if play.kind is PlayKind.CAST and is_lift(m, seat, play):
            cost = max(0, -lift_cost(m, seat, play))
            return -1 if s.sanity - cost < LOW_SANITY else _LIFT_SCORE - 2 * cost
        if not is_strike(m, seat, play):
            return self.inner.score(s, play)
        g = s.game
        from_tome = play.kind is PlayKind.CAST and g.profiles[play.target].kind is Kind.TOME
        cost = max(0, -m.seats[seat].strike_cost[play.card]) if from_tome else 0
        if s.sanity - cost < LOW_SANITY:
            return -1
        hits = m.seats[seat].strikes[play.card]
        if not s.allies and any(k == GLANCE_THREAT for k, _, _ in hits):
            return -1  # a look at a Threat helps only to choose the Allies that defend
        if any(k == RESHUFFLE for k, _, _ in hits) and not _worth_reshuffling(m, seat, play):
            return -1
        if any(k == SWAP_ALLY for k, _, _ in hits) and not _worth_swapping(m, seat, play):
            return -1
        if any(k == DEVOLVE for k, _, _ in hits) and not _worth_swapping(m, seat, play, devolve_of):
            return -1
        if any(k == BIND_ALLY for k, _, _ in hits) and not _worth_binding(m, seat, play):
            return -1
        return _STRIKE_SCORE - 2 * cost

    def direct(self, m: Match, seat: int) -> list[int]:
        target = leader(m, seat)
        return [target] * len(m.players[seat].threat)

    def defend(self, m: Match, seat: int, incoming: list[int]) -> list[int]:
        s = m.players[seat]
        profiles = s.game.profiles
        choice = [-1] * len(s.allies)
        # The largest first, equals in the order in play; the seats most aimed at first, equals
        # in seat order (plain tuples sorted: no key function called per item).
        free = [
            (-ally_value(m, seat, a)[0], i)
            for i, a in enumerate(s.allies)
            if not any(profiles[c].kind is Kind.SPELL for c in s.attached.get(a, ()))
        ]
        free.sort()
        attackers = [(-incoming[a], a) for a in range(m.n)]
        attackers.sort()
        for _, attacker in attackers:
            need = EXPECTED_MONSTER * incoming[attacker]
            if m.glanced[seat] and m.directed:
                need = threat_estimate(m, seat, attacker, EXPECTED_MONSTER)  # a Threat looked at
            while need > 0 and free and free[0][0] < 0:
                minus, i = free.pop(0)
                choice[i] = attacker
                need += minus
        # An Ally bearing an Enchanted Weapon that is not needed to defend joins the Threat
        # against the leader (rulebook l.193, l.395; -2 - seat): it is Buried after Combat.
        armed = [i for _, i in free if ally_value(m, seat, s.allies[i])[1]]
        if armed:
            leader = max((o for o in range(m.n) if o != seat), key=lambda o: (m.score(o), -((o - seat) % m.n)))
            for i in armed:
                choice[i] = -2 - leader
        return choice

    def combat_use(self, m: Match, seat: int, plays: list[Play]) -> Play | None:
        s = m.players[seat]
        best, best_score = None, _PASS_SCORE
        in_combat = m.seats[seat].in_combat
        for p in plays:
            if in_combat[p.card] and (s.game.effects[p.card] is None or in_combat[p.card] == ALLY_NOW):
                score = _combat_card_score(m, seat, p, self.inner.cost)
                if score > best_score:
                    best, best_score = p, score
                continue
            score = self.inner.score(s, p)
            if score >= 0 and is_control(m, seat, p):
                # A Control Spell when an opponent's Threat is aimed at this player: the cards
                # are face-down, so the class is hoped for (rulebook l.321).
                score = _CONTROL_SCORE if any(m.directed[o][seat] for o in range(m.n) if o != seat) else -1
            if score > best_score:
                best, best_score = p, score
        return best


def _combat_card_score(m: Match, seat: int, play: Play, costs: list[int]) -> int:
    """Scores a Spell that works only in Combat (:mod:`~.combatcards`; offered only when its
    target exists): cast when its Sanity cost leaves 3 (a Spell held by an Ally costs none).
    A card of a Threat aimed at the player sent back to Hand saves its value in Sanity or
    Allies, as a Control Spell does (above any draw); an opponent's Defending Ally Discarded
    rather than Buried, if it absorbs the player's attack, no longer counts for that
    opponent's Adventures (l.439: Buried, it would), and Defending Allies that will rise
    against their attacker if lost, each worth it above a draw; an Ally from hand played to
    defend at once when attacked, as a Control Spell, less 2 a point of Sanity it costs."""
    s = m.players[seat]
    g = s.game
    cost = -(g.cards[play.card].sanity or 0) if g.profiles[play.target].kind is Kind.TOME else 0
    cost += sum(costs[j] for j in play.joined)  # an Ally played with it pays its own cost
    if s.sanity - cost < LOW_SANITY:
        return -1
    if m.seats[seat].in_combat[play.card] == BOOST:
        return _DISCARD_SCORE  # a Defending Ally absorbs more of the attack aimed at the player
    if m.seats[seat].in_combat[play.card] == DEFLECT:
        return _CONTROL_SCORE  # an opponent's defender taken from its Allies and turned to defend
    if m.seats[seat].in_combat[play.card] == VISIBLE:
        return _DISCARD_SCORE  # Invisible Monsters hoped for in the face-down Threat, as Control
    if m.seats[seat].in_combat[play.card] == WARP:
        # An Ally defending no one adds its value to the player's attack; Buried after Combat,
        # it counts on for the Adventures in the Story Deck (l.439).
        return _DISCARD_SCORE
    if m.seats[seat].in_combat[play.card] == ALLY_NOW:
        # An Ally more to defend absorbs its value of the attack (offered only when attacked).
        return _CONTROL_SCORE - 2 * cost
    return _CONTROL_SCORE if m.seats[seat].in_combat[play.card] == TO_HAND else _DISCARD_SCORE


def _worth_reshuffling(m: Match, seat: int, play: Play) -> bool:
    """Whether the opponent a reshuffle would strike (the table's choice: the leader among those
    with Discards) has thrown away :data:`RESHUFFLE_AT` cards or more to get back."""
    legit = strike_targets(m, seat, play.card)
    if not legit:
        return False
    target = max(legit, key=lambda x: (m.score(x), -((x - seat) % m.n)))
    return len(m.players[target].discard) >= RESHUFFLE_AT


def _worth_binding(m: Match, seat: int, play: Play) -> bool:
    """Whether binding the opponent's Ally to defend (the table's target: the leader among those
    it may strike) is worth it: the player has a Threat to attack with, and the Ally bound holds
    a card (Buried with it once it absorbs any attack, l.439), which a defender keeps out."""
    if not m.players[seat].threat:
        return False
    legit = strike_targets(m, seat, play.card)
    if not legit:
        return False
    target = max(legit, key=lambda x: (m.score(x), -((x - seat) % m.n)))
    ally = bind_of(m, target)
    return ally >= 0 and bool(m.players[target].attached.get(ally))


def _worth_swapping(
    m: Match, seat: int, play: Play, of: Callable[[Match, int], tuple[int, int] | None] = swap_of
) -> bool:
    """Whether the Ally an exchange would bring back to the opponent (the table's target: the
    leader among those it may strike) is worth less in Combat than the Ally it takes away."""
    legit = strike_targets(m, seat, play.card)
    if not legit:
        return False
    target = max(legit, key=lambda x: (m.score(x), -((x - seat) % m.n)))
    swap = of(m, target)
    if swap is None:
        return False
    chosen, back = swap
    return m.seats[target].combat[back].value < ally_value(m, target, chosen)[0]


def leader(m: Match, seat: int) -> int:
    """Gets the opponent with the highest score, among equals the next seat to the left."""
    best, best_score = -1, -1
    for k in range(1, m.n):
        o = (seat + k) % m.n
        score = m.score(o)
        if score > best_score:
            best, best_score = o, score
    return best


class LookaheadPlayer:
    """The player that samples what it cannot see and plays the Round out (see the module
    docstring). ``rollout`` holds a greedy player per seat; ``samples`` deals per decision;
    ``width`` the greedy player's best plays it considers (with a Pass)."""

    name = "lookahead"

    def __init__(
        self, greedy: GreedyPlayer, rollout: Sequence[GreedyPlayer], *, samples: int = 4, width: int = 2
    ) -> None:
        self.greedy = greedy
        self.rollout = tuple(rollout)
        self.samples = samples
        self.width = width
        self.needed = greedy.inner.needed

    def choose(self, m: Match, seat: int, plays: list[Play]) -> Play:
        s = m.players[seat]
        if not m.tally or s.phase is not _PLAY_PHASE or s.redrawing >= 0 or len(plays) <= 1:
            return self.greedy.choose(m, seat, plays)
        greedy = self.greedy
        scored = sorted(((greedy.score(m, seat, p), i) for i, p in enumerate(plays)), key=lambda v: (-v[0], v[1]))
        top = plays[scored[0][1]]
        if top.kind is _ADVENTURE:
            return top
        candidates = [plays[i] for _score, i in scored[: self.width] if _score >= 0 or plays[i].kind is _PASS]
        if not any(p.kind is _PASS for p in candidates):
            candidates.append(plays[-1] if plays[-1].kind is _PASS else Play(_PASS))
        if len(candidates) == 1:
            return candidates[0]
        rng = random.Random(m.seed * 1_000_003 + m.decisions * 7919 + seat)
        totals = [0.0] * len(candidates)
        for _ in range(self.samples):
            base = determinize(m, seat, rng)
            for k, play in enumerate(candidates):
                trial = base.copy()
                card_play(trial, play)
                finish_round(trial, self.rollout)
                totals[k] += self._value(trial, seat)
        # The greedy player's first choice is kept unless another beats it by MARGIN a deal on
        # the mean: with a few deals a difference smaller than that is mostly the deal's luck.
        totals[0] += MARGIN * self.samples
        best = max(range(len(candidates)), key=lambda k: (totals[k], -k))
        return candidates[best]

    def _value(self, m: Match, seat: int) -> float:
        mine = m.score(seat)
        others = max(m.score(o) for o in range(m.n) if o != seat)
        value = float(mine - others)
        if m.stage == OVER:
            w = m.outcome()
            value += 1000.0 if w == seat else (-1000.0 if w >= 0 else 0.0)
        needed = self.needed
        value += PROGRESS * len(
            {m.seats[seat].game.profiles[c].title for c in m.players[seat].adventure_cards() if needed[c]}
        )
        return value

    def direct(self, m: Match, seat: int) -> list[int]:
        return self.greedy.direct(m, seat)

    def defend(self, m: Match, seat: int, incoming: list[int]) -> list[int]:
        return self.greedy.defend(m, seat, incoming)

    def combat_use(self, m: Match, seat: int, plays: list[Play]) -> Play | None:
        return self.greedy.combat_use(m, seat, plays)


def determinize(m: Match, seat: int, rng: random.Random) -> Match:
    """Gets a copy of the table where what ``seat`` cannot see is dealt again: each opponent's
    Hand, Mythos Deck and face-down Threat from the cards among them (the Threat from the cards
    that may go there), its own Mythos Deck shuffled, every future reshuffle re-seeded."""
    c = m.copy()
    for o, s in enumerate(c.players):
        s.seed = rng.randrange(2**31)
        if o == seat:
            s.deck.sort()
            rng.shuffle(s.deck)
            continue
        profiles = s.game.profiles
        # Sorted first: the deal depends on which cards are unseen, never on where they lie.
        pool = sorted(s.hand + s.deck + s.threat)
        rng.shuffle(pool)
        k = len(s.threat)
        threat: list[int] = []
        if k:
            rest: list[int] = []
            for cid in pool:
                p = profiles[cid]
                if len(threat) < k and (p.kind in _THREAT_KINDS or p.cultist):
                    threat.append(cid)
                else:
                    rest.append(cid)
            if len(threat) < k:
                threat, rest = s.threat[:], [x for x in pool if x not in s.threat]
            pool = rest
        h = len(s.hand)
        s.threat = threat
        s.hand = pool[:h]
        s.deck = pool[h:]
    return c
