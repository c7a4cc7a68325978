"""The table: 2 to 4 Investigators, each with the engine's own :class:`GameState`, and what they
share: who plays now, the Passes, the Round, Combat and the end of the game.

A :class:`Match` is the table at one moment. Each player's own plays are the engine's
(:func:`~deckbuilder.rules.engine.legal_plays`, :func:`~deckbuilder.rules.engine.push`), so one
player's Threat is built at his or her own Gates, once per Gate Location (rulebook l.227), with
the Monsters' Sanity costs (l.272) and Joining (l.292, l.359) as the goldfish plays them; the
table adds what one player alone never meets:

- who starts (l.77): the lowest Sanity, then the highest Education, then a die (l.73);
- Turns and Passing (l.382-386): a Pass is not the end of that player's card play; card play
  ends when a player Passes on two consecutive Turns, or when another player Passes before the
  Turn comes back to the first to Pass;
- Combat in its order (l.400-445), :func:`combat`;
- the Discard phase, the Voluntary Lobotomy, the reshuffle and the refill, each player's own
  (l.445-460), and the next Round from the lowest Sanity (l.460);
- the end: a Basic game the moment one Investigator completes an Adventure or loses all
  Sanity (l.91); a Campaign at the target or at zero Sanity (l.470); the score, Adventure
  points plus remaining Sanity, ties to the most Adventure points, else a tie (l.93, l.474).

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Final, Protocol

from deckbuilder.rules.cards import Allegiance, Card, CardType
from deckbuilder.rules.counts import count
from deckbuilder.rules.effects.notation import MONSTER_CLASSES, CardEffects, EffectKind
from deckbuilder.rules.engine import Game, GameState, Mode, Phase, Play, PlayKind, describe, legal_plays, push
from deckbuilder.rules.engine.legal import use_plays_now
from deckbuilder.rules.engine.plays import new_play
from deckbuilder.rules.engine.state import can_pay, pay_one
from deckbuilder.rules.engine.turn import end_card_play
from deckbuilder.rules.match.combatcards import (
    ALLY_NOW,
    BOOST,
    DEFLECT,
    DISCARD_INSTEAD,
    RISE,
    TO_HAND,
    VISIBLE,
    WARP,
    ambush,
    boost_points,
    combat_card,
)
from deckbuilder.rules.match.goos import (
    ALL_JOIN,
    DISCARD_MONSTERS,
    FREE_SPELLS,
    LOSE_NOW,
    LOSE_ON_TRAVEL,
    NO_BYPASS,
    NO_GAIN,
    NO_INVISIBLE,
    PASSES,
    TIME_LOCK,
    VALUE_OF,
    Rule,
    goo_effects,
)
from deckbuilder.rules.match.monsters import (
    CombatProfile,
    ally_kinds,
    combat_profile,
    command_bonus,
    in_play_bonus,
    location_attributes,
    location_bonus,
)
from deckbuilder.rules.match.opponents import (
    ALSO_NEAR,
    BIND_ALLY,
    BURY_ALLY,
    BURY_ARTIFACT,
    BURY_OR_PAY,
    BURY_TOME,
    CANCEL_PLAY,
    DEVOLVE,
    DISCARD_ALLY,
    DISCARD_HAND,
    DISCARD_STORY_EVENT,
    DISCARD_THREAT,
    FLIP_ALLY,
    FLIP_ARTIFACT,
    GLANCE_THREAT,
    LASTING,
    LIFT_ALL,
    LIFT_ARRIVING,
    LIFT_FLIPPED,
    LIFT_REMAIN,
    LOSE_IF,
    LOSE_IF_HOLDS,
    LOSE_IF_TIME,
    LOSE_LOCATION,
    MAD_ALLY,
    MILL_EACH_TURN,
    NEXT_ROUND_HAND,
    NEXT_TURN_MOVE,
    NIGHT_DISCARD,
    ON_PASS,
    ON_PLAY,
    ON_ROUND_RESHUFFLE,
    ON_TURN,
    ON_TURN_HAND,
    QUAKE,
    REDIRECT_PHOBIA,
    RESHUFFLE,
    REVEAL_TOP,
    SWAP_ALLY,
    Hit,
    Lift,
    buried_after_use,
    cancels_spell,
    everyone_effects,
    forbids_lifting,
    halves_attack,
    is_phobia,
    lifts_own_phobia,
    lifts_phobia,
    opponent_effects,
    protects,
    recovers_allies,
    reveals_phobias,
    spared,
    used_on_opponent,
)
from deckbuilder.rules.places import Kind

if TYPE_CHECKING:
    from collections.abc import Sequence

#: The stages of a Round at the table.
CARD_PLAY: Final = 0
COMBAT: Final = 1
DISCARD: Final = 2
OVER: Final = 3

_PASS: Final = PlayKind.PASS
_CAST: Final = PlayKind.CAST
_USE: Final = PlayKind.USE
_EVENT: Final = PlayKind.EVENT
_PLAY_PHASE: Final = Phase.PLAY
_DISCARD_PHASE: Final = Phase.DISCARD
_OVER_PHASE: Final = Phase.OVER
_SUMMON_EFFECT: Final = EffectKind.SUMMON
_GOO: Final = PlayKind.GOO
_TRAVEL: Final = PlayKind.TRAVEL
_ROTATE: Final = PlayKind.ROTATE
_K_EVENT: Final = Kind.EVENT
_K_TRAVEL: Final = Kind.TRAVEL
#: Plays that put no card of the hand into play (not counted as the card played).
_NOT_PLAYED: Final = frozenset(
    {
        PlayKind.DISCARD,
        PlayKind.REPLACE,
        PlayKind.REPLACE_DONE,
        PlayKind.ROTATE,
        PlayKind.END_ROUND,
        PlayKind.LOBOTOMY,
        PlayKind.PASS,
    }
)
#: How many decisions one Turn may take (a redraw is several): a guard against a loop.
_MAX_STEPS_PER_TURN: Final = 64


class Policy(Protocol):
    """A player's choices: every one goes through here (see :mod:`~deckbuilder.rules.match.policy`)."""

    def choose(self, m: Match, seat: int, plays: list[Play]) -> Play:
        """Gets the play to make now: in card play (a Pass among them) or in the Discard phase."""
        ...

    def direct(self, m: Match, seat: int) -> list[int]:
        """Gets, per card of the player's Threat, the seat of the opponent it attacks (l.402)."""
        ...

    def defend(self, m: Match, seat: int, incoming: list[int]) -> list[int]:
        """Gets, per Ally in play, the seat of the attacker it defends against, -1 for none
        (l.406), or ``-2 - seat`` to place an Ally bearing an Enchanted Weapon atop the Threat
        against that seat (l.193, l.395); ``incoming`` holds how many cards each seat aims at
        this player. Asked when something is aimed at the player or an Ally bears an Enchanted Weapon."""
        ...

    def combat_use(self, m: Match, seat: int, plays: list[Play]) -> Play | None:
        """Gets one Spell to cast or Artifact to use in Combat (l.410), or None."""
        ...


#: What an Event's "Affects Opponent's ..." line aims at, by the words it uses (first match), and
#: the opponent's zone that must hold a card for the Event to have a legitimate target (l.202).
#: An Event aimed at the Investigator, the card play or every opponent always has one.
_AIMS: Final = (
    ("tomes or allies", "tomes+allies"),
    ("event in opponent's story", "story-event"),
    ("travel event", "story-travel"),
    ("phobia", "phobias"),
    ("weapon", "artifacts"),
    ("artifact", "artifacts"),
    ("all opponents", ""),
    ("allies", "allies"),
    ("ally", "allies"),
    ("threat", "threat"),
    ("tome", "tomes"),
    ("location", "location"),
    ("mythos deck", "deck"),
    ("hand", "hand"),
    ("story deck", "story"),
    ("cards in play", "in-play"),
)


def event_aim(card: Card) -> str:
    """Gets what an Event aimed at an opponent needs the opponent to have ("allies", "threat",
    ...; see ``_AIMS``), or "" when any opponent is a legitimate target (l.202)."""
    if card.type is not CardType.EVENT or not card.affects:
        return ""
    words = card.affects.lower()
    if "opponent" not in words:
        return ""
    for phrase, zone in _AIMS:
        if phrase in words:
            return zone
    return ""


#: What an opponent must hold for an Event's effect on him or her to have a target (l.202), when
#: its "Affects" line names only the Investigator.
_HIT_AIMS: Final = {
    BURY_ARTIFACT: "artifacts",
    DISCARD_HAND: "hand",
    BURY_ALLY: "allies",
    DISCARD_ALLY: "allies",
    DISCARD_STORY_EVENT: "story-event",
    QUAKE: "story",
    LOSE_LOCATION: "location",
}


def _cancel_aim(hits: tuple[Hit, ...]) -> str:
    """Gets the aim of an Event that cancels a play: the opponent who made the last play at the
    table, a card play it can Bury ("just-played"; "just-played-ally": an Ally's)."""
    for kind, _, word in hits:
        if kind == CANCEL_PLAY:
            return "just-played-ally" if word == "ally" else "just-played"
        if kind == MAD_ALLY:
            return "allies-" + word  # an Ally of that allegiance
        if kind == REDIRECT_PHOBIA:
            return "phobias"
    return ""


def _hit_aim(hits: tuple[Hit, ...]) -> str:
    """Gets the zone an Event's effects take a card from, "" when they take none (a Phobia)."""
    zones = {_HIT_AIMS.get(kind, "") for kind, _, _ in hits}
    return zones.pop() if len(zones) == 1 else ""


def targets(m: Match, seat: int, cid: int) -> list[int]:
    """Gets the opponents an Event of ``seat``'s may be played on: each holding what it aims at
    (l.202), and none already affected by an Event of its title (l.367: "each Investigator may
    be affected by only one card of any specifically titled Event at a time")."""
    seat_ = m.seats[seat]
    aim = seat_.aims[cid]
    afflicted = m.afflicted
    n = m.n
    out = []
    if aim == "phobias":  # a Phobia on the player's own Investigator goes to the target
        mine = [c for o, c in afflicted[seat] if m.seats[o].phobia[c]]
        if not mine:
            return []
    for k in range(1, n):
        t = (seat + k) % n
        if aim and aim != "phobias" and not _holds(m, t, aim):
            continue
        if afflicted[t]:
            title = seat_.game.cards[cid].title
            if any(m.seats[o].game.cards[c].title == title for o, c in afflicted[t]):
                continue
        out.append(t)
    return out


def _holds(m: Match, target: int, aim: str) -> bool:
    """Checks that the opponent at ``target`` holds what an Event aims at (see ``_AIMS``)."""
    s = m.players[target]
    if aim == "phobias":
        return False  # redirecting a Phobia on one's own Investigator is not played
    if aim == "tomes+allies":
        found = bool(s.tomes or s.allies)
    elif aim == "story-event" or aim == "story-travel":
        # Asked at each decision while such an Event is in hand: a plain loop over the Story Deck.
        wanted = _K_EVENT if aim == "story-event" else _K_TRAVEL
        profiles = s.game.profiles
        found = False
        for c in s.story:
            if profiles[c].kind is wanted:
                found = True
                break
    elif aim == "location":
        found = s.current_location >= 0
    elif aim == "in-play":
        found = bool(s.in_play())
    elif aim.startswith("allies-"):
        cards = s.game.cards
        found = any(str(getattr(cards[a].allegiance, "value", "")).lower() == aim[7:] for a in s.allies)
    elif aim == "just-played" or aim == "just-played-ally":
        found = m.last_seat == target and _cancellable(m, aim == "just-played-ally")
    else:
        found = bool(getattr(s, aim))
    return found


def _control_class(e: CardEffects | None) -> str:
    """Gets the Monster class a Summon/Control Spell names (l.315), "" for any other card (a
    card that plays "a Monster card to your Threat" summons any Monster but controls none)."""
    if e is None:
        return ""
    for f in e.effects:
        if f.kind is _SUMMON_EFFECT and f.what in MONSTER_CLASSES:
            return f.what
    return ""


class Seat:
    """One player's lasting facts: the deck read for play, the Investigator's Education, what
    each copy brings to Combat, where a Location stands, and what an Event aims at."""

    __slots__ = (
        "game",
        "name",
        "education",
        "combat",
        "places",
        "aims",
        "aiming",
        "hits",
        "lasting",
        "everyone",
        "on_pass",
        "phobia",
        "lifts",
        "lift_travel",
        "enchanted",
        "summons",
        "control",
        "goo",
        "on_play",
        "bonus",
        "kinds",
        "strikes",
        "striking",
        "strike_spells",
        "strike_uses",
        "strike_cost",
        "bury_after",
        "protects",
        "cancels",
        "spares",
        "reacting",
        "recovers",
        "recovering",
        "boosts",
        "boosted",
        "in_combat",
        "fights",
        "command",
        "commands",
        "ambush",
        "ambushes",
        "time",
        "timed",
        "time_value",
        "time_valued",
        "night_here",
        "lifters",
        "lifting",
        "no_lift",
        "reveals",
        "revealing",
        "halves",
        "halving",
        "arrivals",
        "after_event",
        "aimed",
        "on_plays",
    )

    def __init__(self, game: Game, name: str) -> None:
        self.game = game
        self.name = name
        self.education = game.investigator.education or 0
        self.combat: tuple[CombatProfile, ...] = tuple(combat_profile(c) for c in game.cards)
        self.places: tuple[frozenset[str], ...] = tuple(location_attributes(c) for c in game.cards)
        #: What each Event does to the opponent it is played on (:mod:`~.opponents`).
        self.hits: tuple[tuple[Hit, ...], ...] = tuple(opponent_effects(c) for c in game.cards)
        self.aims: tuple[str, ...] = tuple(
            _cancel_aim(h) or event_aim(c) or _hit_aim(h) for c, h in zip(game.cards, self.hits)
        )
        #: Whether each Event stays on the Investigator it is played on (a Phobia; an Event
        #: waiting on a later Turn or Round).
        self.lasting: tuple[bool, ...] = tuple(any(k in LASTING for k, _, _ in h) for h in self.hits)
        self.aiming = any(self.aims) or any(self.hits)
        self.phobia: tuple[bool, ...] = tuple(is_phobia(c) for c in game.cards)
        #: Whether the deck holds an Enchanted Weapon (its Allies may join a Threat, l.193).
        self.enchanted = any(p.enchanted for p in self.combat)
        #: Whether each Location lets its Investigator spend a Turn to Bury a Phobia (l.351).
        self.lifts: tuple[bool, ...] = tuple(lifts_phobia(c) for c in game.cards)
        #: Whether a Travel Event of the deck lets its Investigator remain on it to Bury a Phobia.
        self.lift_travel = any(f and c.type is CardType.EVENT for f, c in zip(self.lifts, game.cards))
        #: What each Event that "Affects All Investigators" does to every player (:mod:`~.opponents`).
        self.everyone: tuple[tuple[Hit, ...], ...] = tuple(everyone_effects(c) for c in game.cards)
        #: Whether some card of the deck costs every player Sanity on a Pass while in play.
        self.on_pass = any(k == ON_PASS for h in self.everyone for k, _, _ in h)
        #: Per copy, the Monster class a Summon/Control Spell names ("" for none; l.315): cast in
        #: card play it Summons (l.317), in Combat it Controls (l.321).
        self.control: tuple[str, ...] = tuple(_control_class(e) for e in game.effects)
        #: Per Location, what it adds to kinds of Allies while it is the Current Location, and
        #: per Ally the kinds it is named by (:func:`~.monsters.location_bonus`).
        self.bonus: tuple[tuple[tuple[int, frozenset[str]], ...], ...] = tuple(location_bonus(c) for c in game.cards)
        self.kinds: tuple[frozenset[str], ...] = tuple(ally_kinds(c) for c in game.cards)
        #: Per Artifact, what it adds to kinds of its player's Monsters while in play
        #: (:func:`~.monsters.in_play_bonus`); whether any card of the deck adds to a Monster of
        #: it (a Location's bonus or an Artifact's: :func:`monster_bonus` looks only then).
        self.boosts: tuple[tuple[tuple[int, frozenset[str]], ...], ...] = tuple(in_play_bonus(c) for c in game.cards)
        #: Per Spell, what it does cast only in Combat (:func:`~.combatcards.combat_card`), and
        #: whether the deck holds one (Combat's rounds look for them only then).
        self.in_combat: tuple[str, ...] = tuple(combat_card(c) for c in game.cards)
        self.fights = any(self.in_combat)
        #: Per Weapon, what it adds to the other Defending Allies of a kind while its wielder
        #: defends beside them (:func:`~.monsters.command_bonus`); whether the deck holds one.
        self.command: tuple[tuple[int, frozenset[str]], ...] = tuple(command_bonus(c) for c in game.cards)
        self.commands = any(points for points, _ in self.command)
        #: Per Event, whether it makes this Round's Combat an Assault between neighbours
        #: (:func:`~.combatcards.ambush`); whether the deck holds one.
        self.ambush: tuple[bool, ...] = tuple(ambush(c) for c in game.cards)
        self.ambushes = any(self.ambush)
        self.boosted = any(
            kinds & self.kinds[c]
            for c, card in enumerate(game.cards)
            if card.type is CardType.MONSTER
            for added in (*self.bonus, *self.boosts)
            for _, kinds in added
        )
        #: Whether an Event of the deck stays on its target to strike on a kind of play.
        self.on_play = any(k == ON_PLAY for h in self.hits for k, _, _ in h)
        #: Per copy, what a Great Old One does to every Investigator while in play (:mod:`~.goos`).
        self.goo: tuple[tuple[Rule, ...], ...] = tuple(goo_effects(c) for c in game.cards)
        #: Whether any card of the deck Summons a Monster (its attack is played at once, l.317).
        self.summons = any(e is not None and any(f.kind is _SUMMON_EFFECT for f in e.effects) for e in game.effects)
        self._opponent_cards(game)
        #: Per copy, the time an Event makes it (rulings l.35): DAY, NIGHT, or 0.
        self.time: tuple[int, ...] = tuple(_event_time(c) for c in game.cards)
        self.timed = any(self.time)
        #: Per Monster, its value's change by Day and by Night; per Location, whether the Monsters
        #: of its Investigator's Threat function as if it is Night there.
        self.time_value: tuple[tuple[int, int], ...] = tuple(_time_value(c) for c in game.cards)
        self.time_valued = any(d or n for d, n in self.time_value)
        self.night_here: tuple[bool, ...] = tuple(threat_at_night(c) for c in game.cards)
        self._lifters(game)
        self._after_play()

    def _after_play(self) -> None:
        """Reads, once for every match of the deck, what :func:`card_play` asks at each play:
        whether the deck holds a card acting when its Investigator arrives somewhere, per Event
        copy whether anything follows its play at the table (aimed at an opponent, affecting
        everyone, bringing Allies back, an Ambush), and per copy whether it stays on its target
        to strike on a kind of play."""
        self.arrivals = self.lifting or self.revealing
        #: Per copy, whether as an Event it is aimed at an opponent (offered only with a target).
        self.aimed: tuple[bool, ...] = tuple(bool(a or h) for a, h in zip(self.aims, self.hits))
        self.after_event: tuple[bool, ...] = tuple(
            bool(h or a or e or r or b)
            for h, a, e, r, b in zip(self.hits, self.aims, self.everyone, self.recovers, self.ambush)
        )
        self.on_plays: tuple[bool, ...] = tuple(any(k == ON_PLAY for k, _, _ in h) for h in self.hits)

    def _lifters(self, game: Game) -> None:
        """Reads the Spells and Allies that lift a Phobia from their player's Investigator
        (:func:`~.opponents.lifts_own_phobia`): per copy, how; whether the deck holds one."""
        self.lifters: tuple[Lift, ...] = tuple(lifts_own_phobia(c) for c in game.cards)
        self.lifting = any(k for k, _ in self.lifters)
        #: Per Location, whether no Phobia may be Buried there (read only for a deck that lifts).
        self.no_lift: tuple[bool, ...] = tuple(forbids_lifting(c) for c in game.cards) if self.lifting else ()
        #: Per Location, whether arriving there has each opponent reveal the Mythos Deck's top
        #: card, a Phobia applied to the player (:func:`~.opponents.reveals_phobias`).
        self.reveals: tuple[bool, ...] = tuple(reveals_phobias(c) for c in game.cards)
        self.revealing = any(self.reveals)
        #: Per Artifact, the Monster classes whose attack it halves in the Directed Threat its
        #: player designates (:func:`~.opponents.halves_attack`); whether the deck holds one.
        self.halves: tuple[frozenset[str], ...] = tuple(halves_attack(c) for c in game.cards)
        self.halving = any(self.halves)

    def _opponent_cards(self, game: Game) -> None:
        """Reads the Spells, Artifacts and Allies used on an opponent, and the cards that answer
        an opponent's (:mod:`~.opponents`): per copy, what its use does to the opponent, whether
        it is Buried after its use, what an Ally protects, how an Artifact cancels a Spell just
        cast, how many Allies a card keeps out of an Epidemic."""
        cards = game.cards
        self.strikes: tuple[tuple[Hit, ...], ...] = tuple(used_on_opponent(c) for c in cards)
        self.striking = any(self.strikes)
        #: Whether a Spell of the deck is cast on an opponent; whether an Artifact or Ally is used so.
        self.strike_spells = any(h and c.type is CardType.SPELL for c, h in zip(cards, self.strikes))
        self.strike_uses = any(h and c.type is not CardType.SPELL for c, h in zip(cards, self.strikes))
        #: Per copy, the Sanity change of casting it from a Tome: a Spell's pentagram (l.305, l.309).
        self.strike_cost: tuple[int, ...] = tuple(
            (c.sanity or 0) if h and c.type is CardType.SPELL else 0 for c, h in zip(cards, self.strikes)
        )
        self.bury_after: tuple[bool, ...] = tuple(bool(h) and buried_after_use(c) for c, h in zip(cards, self.strikes))
        self.protects: tuple[str, ...] = tuple(protects(c) for c in cards)
        self.cancels: tuple[str, ...] = tuple(cancels_spell(c) for c in cards)
        self.spares: tuple[int, ...] = tuple(spared(c) for c in cards)
        #: Whether the deck holds a card that answers an opponent's (protects, cancels, spares).
        self.reacting = any(self.protects) or any(self.cancels) or any(self.spares)
        #: Per Event, whether it brings back the Allies an opponent's card took since its player's
        #: last Turn; it aims at no opponent.
        self.recovers: tuple[bool, ...] = tuple(recovers_allies(c) for c in cards)
        self.recovering = any(self.recovers)
        if self.recovering:
            self.aims = tuple("" if r else a for r, a in zip(self.recovers, self.aims))


class Match:
    """The table at one moment: each player's engine state and what the players share.

    ``stage`` is :data:`CARD_PLAY`, :data:`COMBAT` (card play has ended), :data:`DISCARD` or
    :data:`OVER`; ``to_move`` the seat whose Turn it is; ``pending`` the seat whose Pass waits
    for a second (l.384), -1 for none. ``log``, when a list, gets the game as a player would
    tell it. ``tally`` keeps the per-card figures (off in a lookahead's rollouts).
    """

    __slots__ = (
        "seats",
        "n",
        "players",
        "stage",
        "to_move",
        "pending",
        "round",
        "max_rounds",
        "seed",
        "dice",
        "log",
        "tally",
        "combat_lost",
        "dealt",
        "absorbed",
        "played",
        "decisions",
        "rounds_played",
        "afflicted",
        "applied",
        "defending",
        "marked",
        "rising",
        "warped",
        "seeing",
        "deflected",
        "boost",
        "ambushing",
        "ambushed",
        "_rng",
        "on_pass",
        "directed",
        "controlled",
        "goo_rules",
        "no_gain",
        "on_play",
        "last_seat",
        "last_play",
        "last_sanity",
        "face_down",
        "lost",
        "glanced",
        "gear_down",
        "night",
        "barred",
        "passes",
        "passes_needed",
        "flipped_at",
        "bound",
    )

    def __init__(self, seats: Sequence[Seat], players: list[GameState], seed: int, max_rounds: int) -> None:
        self.seats: tuple[Seat, ...] = tuple(seats)
        #: The number of players (read at every play: a plain attribute, not a property).
        self.n = len(self.seats)
        self.players = players
        self.stage = CARD_PLAY
        self.to_move = 0
        self.pending = -1
        self.round = 1
        self.max_rounds = max_rounds
        self.seed = seed
        #: The die each player rolled for Education ties (l.73), fixed at the start.
        self.dice: tuple[float, ...] = ()
        self.log: list[str] | None = None
        self.tally = True
        n = len(seats)
        self.combat_lost = [0] * n
        self.dealt: list[dict[str, int]] = [{} for _ in range(n)]
        self.absorbed: list[dict[str, int]] = [{} for _ in range(n)]
        self.played: list[set[str]] = [set() for _ in range(n)]
        self.decisions = 0
        self.rounds_played = 0
        #: Per Investigator, the Phobias on him or her: (the seat that played it, its card id).
        self.afflicted: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        #: Per seat, the titles whose effect on an opponent was applied.
        self.applied: list[set[str]] = [set() for _ in range(n)]
        #: The random choices of effects on opponents ("randomly choose ..."): seeded with
        #: ``seed`` at its first use (:attr:`rng`), as most games make none.
        self._rng: random.Random | None = None
        #: Whether some deck holds an Event costing every player Sanity on a Pass.
        self.on_pass = any(seat.on_pass for seat in self.seats)
        #: During Combat, the Directed Threats (l.402): ``directed[a][b]``, the cards of a's
        #: Threat aimed at b (an Ally placed atop it as ``-1 - id``); empty out of Combat.
        self.directed: list[list[list[int]]] = []
        #: During Combat, the Defending Allies (l.406): ``defending[b][a]``, b's Allies against
        #: a; and the Allies a Spell cast in Combat marks to be Discarded instead of Buried:
        #: (their seat, card id, the caster's seat, the Spell's title). Empty out of Combat.
        self.defending: list[list[list[int]]] = []
        self.marked: list[tuple[int, int, int, str]] = []
        #: During Combat, the seats whose lost Allies rise after the Battles, with the Spell's title.
        self.rising: list[tuple[int, str]] = []
        #: During Combat, the Allies a Spell placed in their player's Threat: (seat, card id).
        self.warped: list[tuple[int, int]] = []
        #: During Combat, the seats a Spell lets see the Invisible Monsters attacking them, with
        #: its title (:data:`~.combatcards.VISIBLE`).
        self.seeing: list[tuple[int, str]] = []
        #: During Combat, the opponents' Allies a Spell turned to defend its caster: (owner,
        #: card id, the caster, the attacker it now defends against).
        self.deflected: list[tuple[int, int, int, int]] = []
        #: During Combat, what a Spell adds to an Ally's value: (seat, card id, points, title).
        self.boost: list[tuple[int, int, int, str]] = []
        #: Whether some deck holds an Ambush Event; per seat, the Round its last one was played
        #: in (0 for none) and its title (:func:`~.combatcards.ambush`).
        self.ambushing = any(seat.ambushes for seat in self.seats)
        self.ambushed: list[tuple[int, str]] = [(0, "")] * n
        #: During Combat, the Monsters taken by a Control Spell (l.321): ``controlled[a][b]``,
        #: (owner's seat, card id) in a's Directed Threat against b.
        self.controlled: list[list[list[tuple[int, int]]]] = []
        #: What the Great Old Ones in play do to every Investigator (l.282), and whether one
        #: forbids gaining Sanity (:func:`_goos_in_play`).
        self.goo_rules: tuple[Rule, ...] = ()
        self.no_gain = False
        #: Whether some deck holds an Event striking its target on a kind of play.
        self.on_play = any(seat.on_play for seat in self.seats)
        #: The last play at the table, by whom, and that player's Sanity before it (an Event may
        #: cancel it); -1 after a Pass.
        self.last_seat = -1
        self.last_play = Play(_PASS)
        self.last_sanity = 0
        #: Per seat, the Allies an opponent's card flipped face-down: they do not defend until the
        #: Round ends (rulebook l.532: their effects "not otherwise available"; l.448).
        self.face_down: list[list[int]] = [[] for _ in range(n)]
        #: Per seat, the Allies an opponent's card made its player Bury or Discard since his or
        #: her last play, with the cards they held (an Event may bring them back).
        self.lost: list[list[tuple[int, tuple[int, ...], bool]]] = [[] for _ in range(n)]
        #: Per seat, the opponents' Threat cards its player has looked at this Round: (owner, id).
        self.glanced: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        #: Per seat, the Artifacts an opponent's card flipped face-down this Round: (the Artifact,
        #: the Ally bearing it or -1, whether it was used up before), restored when the Round ends.
        self.gear_down: list[list[tuple[int, int, bool]]] = [[] for _ in range(n)]
        #: Whether it is Night at the table (l.76: Day until a card says otherwise; rulings l.35:
        #: the last Day or Night Event played, by anyone, decides).
        self.night = False
        #: The times (DAY, NIGHT bits) whose Events may not be played: a Great Old One's.
        self.barred = 0
        #: The Passes counted since ``pending``'s, and how many end card play (l.384: two; a
        #: Great Old One may say more).
        self.passes = 0
        self.passes_needed = 2
        #: Per seat, the Allies its player flipped to lift Phobias this Round, with the Current
        #: Location they were flipped at (:data:`~.opponents.LIFT_FLIPPED`); face-up again, and
        #: no more, when the Round ends (l.448).
        self.flipped_at: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        #: Per seat, its Allies an opponent's card binds to defend this Round: (the Ally, the
        #: opponent's seat, the card's title) (:data:`~.opponents.BIND_ALLY`).
        self.bound: list[list[tuple[int, int, str]]] = [[] for _ in range(n)]

    def copy(self, exact: bool = False) -> Match:
        """Gets a copy to play on (each player's state copied). By default the figures are not
        kept and the random choices of effects on opponents are re-seeded from the decisions
        so far (a lookahead's rollout); ``exact`` keeps both, so the copy plays on exactly as
        this match would (the table's undo: a moment kept, the game played on from a copy)."""
        m = Match(self.seats, [s.copy() for s in self.players], self.seed, self.max_rounds)
        m.stage, m.to_move, m.pending, m.round = self.stage, self.to_move, self.pending, self.round
        m.dice, m.tally, m.decisions, m.rounds_played = self.dice, False, self.decisions, self.rounds_played
        m.afflicted = [list(a) for a in self.afflicted]
        m.ambushed = list(self.ambushed)
        m.goo_rules, m.no_gain = self.goo_rules, self.no_gain
        m.last_seat, m.last_play, m.last_sanity = self.last_seat, self.last_play, self.last_sanity
        m.face_down = [list(f) for f in self.face_down]
        m.lost = [list(x) for x in self.lost]
        m.glanced = [list(x) for x in self.glanced]
        m.gear_down = [list(x) for x in self.gear_down]
        m.night, m.barred, m.passes, m.passes_needed = self.night, self.barred, self.passes, self.passes_needed
        m.flipped_at = [list(x) for x in self.flipped_at]
        m.bound = [list(x) for x in self.bound]
        if exact:
            m.tally = self.tally
            m.combat_lost = list(self.combat_lost)
            m.dealt = [dict(d) for d in self.dealt]
            m.absorbed = [dict(d) for d in self.absorbed]
            m.played = [set(p) for p in self.played]
            m.applied = [set(a) for a in self.applied]
            if self._rng is not None:  # else the copy seeds it at first use, as this match would
                m._rng = random.Random()
                m._rng.setstate(self._rng.getstate())
        else:
            m._rng = random.Random(self.seed * 1_000_003 + self.decisions)
        return m

    @property
    def rng(self) -> random.Random:
        """The random choices of effects on opponents, seeded with the match's seed when first
        asked for (the same numbers as a generator made with the match)."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self.seed)
        return rng

    def say(self, text: str) -> None:
        if self.log is not None:
            self.log.append(text)

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def order(self) -> list[int]:
        """Gets the seats from the lowest Sanity, then the highest Education, then the die
        (l.77, l.460; l.73 for equal Education)."""
        players, seats, dice = self.players, self.seats, self.dice
        if self.n == 2:
            # Two players (most matches): the same order by comparisons, no key tuples sorted.
            first, second = players[0].sanity, players[1].sanity
            if first == second:
                first, second = -seats[0].education, -seats[1].education
                if first == second:
                    return [0, 1] if dice[0] <= dice[1] else [1, 0]
            return [0, 1] if first < second else [1, 0]
        # The seat last in each key: the order ``sorted`` keeps for equal keys, with no key
        # function called per seat (this runs several times a Round).
        keys = [(players[i].sanity, -seats[i].education, dice[i], i) for i in range(len(seats))]
        keys.sort()
        return [k[3] for k in keys]

    def score(self, seat: int) -> int:
        """Gets a player's score: Adventure points plus remaining Sanity (l.93, l.474)."""
        s = self.players[seat]
        return s.points + s.sanity

    def outcome(self) -> int:
        """Gets the winner's seat, or -1 for a tie: the highest score; among equal scores the most
        Adventure points (a completed Adventure, l.93; l.474); else a tie."""
        best = max((self.score(i), self.players[i].points) for i in range(self.n))
        winners = [i for i in range(self.n) if (self.score(i), self.players[i].points) == best]
        return winners[0] if len(winners) == 1 else -1

    def current_location(self, seat: int) -> int:
        return self.players[seat].current_location


def new_match(
    games: Sequence[Game],
    seed: int,
    *,
    max_rounds: int = 20,
    names: Sequence[str] = (),
    log: list[str] | None = None,
    seats: Sequence[Seat] = (),
) -> Match:
    """Starts a match: each deck shuffled with a seed drawn from ``seed`` and its first Hand
    drawn (l.47, l.69); the first Turn goes to the lowest Sanity, then the highest Education
    (l.77); ``log``, when given, gets the game told as it is played; ``seats``, the games'
    seats read once for many matches (:class:`Seat`), else read here. Raises ValueError for fewer than 2 or more than 4 players."""
    if not 2 <= len(games) <= 4:
        raise ValueError(f"a match is for 2 to 4 players, not {len(games)}")
    rng = random.Random(seed)
    seeds = [rng.randrange(2**31) for _ in games]
    if not seats:
        seats = [Seat(g, names[i] if i < len(names) else g.investigator.title) for i, g in enumerate(games)]
    m = Match(seats, [g.new_state(s) for g, s in zip(games, seeds)], seed, max_rounds)
    for s in m.players:
        s.table_time = DAY  # l.76: the game begins in the Day, for every player
    m.dice = tuple(rng.random() for _ in games)
    m.log = log
    m.to_move = m.order()[0]
    if log is not None:
        for i in range(m.n):
            m.say(
                f"{m.name(i)} ({seats[i].game.investigator.title}): Sanity {m.players[i].sanity}, "
                f"Education {seats[i].education}"
            )
        m.say(f"Round 1: {m.name(m.to_move)} starts (lowest Sanity, then highest Education; rulebook l.77)")
    return m


# -- card play ---------------------------------------------------------------------------------


def card_play(m: Match, play: Play) -> None:
    """Makes the player to move's play (a Pass included) and moves the Turn on (l.382-386).

    A redraw (several decisions) keeps the Turn with its player until the cards are drawn."""
    seat = m.to_move
    s = m.players[seat]
    seat_ = m.seats[seat]
    kind, card = play.kind, play.card
    m.decisions += 1
    waiting = bool(m.afflicted[seat]) and s.redrawing < 0  # an Event may wait on this Turn
    lost = m.lost[seat]
    if lost and not (kind is _EVENT and seat_.recovers[card]):
        lost.clear()  # "since your last Turn": this Turn's play closes the chance
    before, subregion = s.sanity, s.subregion
    # Where the player stands, for the cards that act when a Location becomes the Current one.
    arrivals = seat_.arrivals
    here = s.current_location if arrivals else -1
    if kind is _PASS:
        m.last_seat = -1
        if m.log is not None:  # the line is made only for a log
            m.say(f"  {m.name(seat)}: Pass")
        if m.afflicted[seat]:
            _phobias(m, seat, ON_PASS)
            if m.stage == OVER:
                return
            _next_turn(m, seat, play, subregion)
            if m.stage == OVER:
                return
        if m.on_pass:
            _everyone_on_pass(m, seat)
            if m.stage == OVER:
                return
        if m.pending >= 0:
            # l.384: a second Pass, by the same player on consecutive Turns or by another before
            # the Turn came back to the first to Pass: card play ends (or a third, where a Great
            # Old One says three are required).
            m.passes += 1
            if m.passes >= m.passes_needed:
                m.stage = COMBAT
                return
        else:
            m.pending = seat
            m.passes = 1
        m.to_move = (seat + 1) % m.n
        return
    if m.log is not None:
        m.say(f"  {m.name(seat)}: {describe(s, play)}")
    if m.tally and card >= 0 and kind not in _NOT_PLAYED:
        played, cards = m.played[seat], s.game.cards
        played.add(cards[card].title)
        for j in play.joined:
            played.add(cards[j].title)
    cast = kind is _CAST
    if (cast or kind is _USE) and seat_.striking and seat_.strikes[card]:
        _strike(m, seat, play)
        if m.stage == OVER:
            return
    elif cast and seat_.lifting and card >= 0 and seat_.lifters[card][0] == LIFT_ALL:  # is_lift
        _cast_lift(m, seat, play)
        if m.stage == OVER:
            return
    elif m.goo_rules:
        _push_under_goos(m, seat, play)
    else:
        push(s, play)
    if s.phase is _OVER_PHASE:
        _ended(m)
        return
    event = kind is _EVENT
    if event and seat_.timed and seat_.time[card]:
        _dawn_or_dusk(m, seat, card)
    if kind is _GOO or m.goo_rules:
        _goo_after(m, seat, play)
        if m.stage == OVER:
            return
    if s.joins_round and play.kind is _CAST:
        for other in m.players:  # "All Monsters Join, for all Investigators" (Grasp Of Cthulhu)
            other.joins_round = True
    if waiting:
        _next_turn(m, seat, play, subregion)  # after the play: it was chosen among those legal before
        if m.stage == OVER:
            return
    if arrivals and s.current_location != here:
        _arrived(m, seat)
        if m.stage == OVER:
            return
    if m.on_play and any(m.afflicted):  # only an Event staying on an Investigator strikes so
        _strikes_on_play(m, seat, play)
        if m.stage == OVER:
            return
    if (
        seat_.summons
        and (cast or kind is _USE)
        and len(play.joined) == 1
        and play.joined[0] in s.threat  # a Monster Summoned, not one used for travel
    ):
        _summoned(m, seat, card, play.joined[0])
        if m.stage == OVER:
            return
    if event and seat_.after_event[card]:
        if seat_.hits[card] or seat_.aims[card]:
            _on_opponent(m, seat, card)
            if m.stage == OVER:
                return
        if seat_.everyone[card]:
            _on_everyone(m, seat, card)
            if m.stage == OVER:
                return
        if seat_.recovers[card]:
            _recover(m, seat, card)
        if seat_.ambush[card]:
            m.ambushed[seat] = (m.round, s.game.cards[card].title)  # for this Round's Combat
    m.last_seat, m.last_play, m.last_sanity = seat, play, before
    if s.redrawing >= 0:
        return  # the redraw goes on: the same player's Turn
    if m.pending == seat:
        m.pending = -1  # l.386: the Passing player played: two fresh Passes are needed
    m.to_move = (seat + 1) % m.n


def _ended(m: Match) -> None:
    m.stage = OVER
    if m.log is not None:
        for i, s in enumerate(m.players):
            if s.phase is _OVER_PHASE:
                why = (
                    "loses all Sanity (rulebook l.91, l.470)"
                    if s.sanity <= 0
                    else (
                        f"completes an Adventure: {s.points} points"
                        + (
                            " (rulebook l.91)"
                            if not s.game.rules.campaign
                            else ", the Campaign's target (rulebook l.470)"
                        )
                    )
                )
                m.say(f"{m.name(i)} {why}; the game ends")


# -- Events on opponents ----------------------------------------------------------------------


def _on_opponent(m: Match, seat: int, cid: int) -> None:
    """Applies an Event just played by ``seat`` to the opponent it is played on (l.202): the
    legitimate target with the highest score (the leader; then the first to the left). A Phobia
    leaves its player's Story Deck, where the engine Buried it, and stays on its target (l.210:
    removed, it is Buried by the player who played it)."""
    legit = targets(m, seat, cid)
    if not legit:
        return  # the engine buried it; no opponent could be its target (never offered then)
    seat_ = m.seats[seat]
    hits = seat_.hits[cid]
    if len(legit) == 1:
        target = legit[0]  # one opponent to choose from (every two-player match): no key to weigh
    elif any(k == BURY_OR_PAY for k, _, _ in hits):
        # The card names its target: the highest Sanity, then the highest Education (then the
        # first to the left, our choice).
        target = max(legit, key=lambda t: (m.players[t].sanity, m.seats[t].education, -((t - seat) % m.n)))
    else:
        target = max(legit, key=lambda t: (m.score(t), -((t - seat) % m.n)))
    if m.log is not None:
        m.say(f"  {seat_.game.title(cid)} is played on {m.name(target)}")
    if not hits:
        return
    if m.tally:
        m.applied[seat].add(seat_.game.cards[cid].title)
    if seat_.lasting[cid]:
        s = m.players[seat]
        if cid in s.story:
            s.story.remove(cid)
            s.counted -= seat_.game.weight[cid]
        m.afflicted[target].append((seat, cid))
    done: list[Hit] = []
    for hit in hits:
        kind, amount, word = hit
        if kind in LASTING:
            continue
        if kind == ALSO_NEAR:
            # "Any other players ... similarly affected": every other Investigator, the one who
            # played it included, whose Current Location shares the target's City or Region.
            for other in range(m.n):
                if other != target and _near(m, target, other, word):
                    for k, a, w in done:
                        _take(m, other, k, a, w)
            continue
        if kind == LOSE_IF:
            if _stands_at(m, target, word):
                _phobia_loss(m, target, seat_.game.title(cid), amount)
        elif kind == LOSE_IF_TIME:
            if m.night == (word == "night"):
                _phobia_loss(m, target, seat_.game.title(cid), amount)
        elif kind == NIGHT_DISCARD:
            continue  # read with BURY_ARTIFACT (:func:`_night_discard`)
        elif kind == BURY_ARTIFACT and _night_discard(m, target, hits):
            _take(m, target, kind, amount, "discard")
            done.append(hit)
        elif kind == REDIRECT_PHOBIA:
            _redirect(m, seat, target)
        elif kind == LOSE_IF_HOLDS:
            t = m.players[target]
            if t.tomes or t.artifacts:  # Weapons are Artifacts, an Ally's included
                _phobia_loss(m, target, seat_.game.title(cid), amount)
        else:
            _take(m, target, kind, amount, word)
            done.append(hit)
        if m.stage == OVER:
            return


def _redirect(m: Match, seat: int, target: int) -> None:
    """A Phobia on ``seat``'s Investigator, the oldest, goes to the target's, unless an Event of
    its title affects him or her already (l.367)."""
    titles = {m.seats[o].game.cards[c].title for o, c in m.afflicted[target]}
    for owner, cid in m.afflicted[seat]:
        title = m.seats[owner].game.cards[cid].title
        if m.seats[owner].phobia[cid] and title not in titles:
            m.afflicted[seat].remove((owner, cid))
            m.afflicted[target].append((owner, cid))
            m.say(f"  {title} leaves {m.name(seat)} for {m.name(target)}")
            return


def _on_everyone(m: Match, seat: int, cid: int) -> None:
    """An Event that "Affects All Investigators", just played: its loss at once to every
    Investigator at a Location with the attribute it names, the one who played it included."""
    seat_ = m.seats[seat]
    if m.tally:
        m.applied[seat].add(seat_.game.cards[cid].title)
    for kind, amount, word in seat_.everyone[cid]:
        if kind != LOSE_IF:
            continue
        for x in m.order():
            if _stands_at(m, x, word):
                _phobia_loss(m, x, seat_.game.title(cid), amount)
                if m.stage == OVER:
                    return


def _everyone_on_pass(m: Match, seat: int) -> None:
    """Each Event in play, whoever played it, that costs every Investigator Sanity on a Pass
    (the one who played it included)."""
    for x in range(m.n):
        everyone = m.seats[x].everyone
        for cid in m.players[x].events:
            for kind, amount, _ in everyone[cid]:
                if kind == ON_PASS:
                    _phobia_loss(m, seat, m.seats[x].game.title(cid), amount)
                    if m.stage == OVER:
                        return


def _bury_a_phobia(m: Match, seat: int) -> bool:
    """At a Location that lets its Investigator Bury a Phobia, the Turn is spent burying the
    oldest Phobia on him or her (rulebook l.351: an action costing the Turn; l.356, Meghan at the
    Vatican; l.210: its player Buries it); always taken, since a Phobia only costs Sanity. Gets
    whether the Turn was spent so."""
    here = m.players[seat].current_location
    if here < 0 or not m.seats[seat].lifts[here]:
        return False
    phobia = next(((o, c) for o, c in m.afflicted[seat] if m.seats[o].phobia[c]), None)
    if phobia is None:
        return False
    owner, cid = phobia
    _lift(m, seat, owner, cid)
    where = m.seats[seat].game.cards[here].title
    if m.log is not None:
        m.say(f"  {m.name(seat)} stays at {where} and buries {m.seats[owner].game.title(cid)}")
    if m.tally:
        m.applied[seat].add(where)
    m.decisions += 1
    if m.pending == seat:
        m.pending = -1  # an action, not a Pass (l.386)
    m.to_move = (seat + 1) % m.n
    return True


def _oldest_phobia(m: Match, seat: int) -> tuple[int, int] | None:
    """Gets the oldest Phobia on ``seat``'s Investigator: (its player's seat, its card id)."""
    seats = m.seats
    for entry in m.afflicted[seat]:  # a loop, no generator: asked at each Turn of an afflicted player
        if seats[entry[0]].phobia[entry[1]]:
            return entry
    return None


def _lifted_by(m: Match, seat: int, phobia: tuple[int, int], card: int, how: str) -> None:
    """A card of ``seat``'s lifts a Phobia from his or her Investigator: its player Buries it
    (l.210); the card's title is noted as applied."""
    owner, cid = phobia
    _lift(m, seat, owner, cid)
    title = m.seats[seat].game.cards[card].title
    if m.log is not None:
        m.say(f"  {m.name(seat)} {how} {title} and buries {m.seats[owner].game.title(cid)}")
    if m.tally:
        m.applied[seat].add(title)


def _spend_turn(m: Match, seat: int) -> None:
    """The Turn spent on a card action (l.351): an action, not a Pass (l.386)."""
    m.decisions += 1
    if m.pending == seat:
        m.pending = -1
    m.to_move = (seat + 1) % m.n


def _ally_lifts(m: Match, seat: int) -> bool:
    """At a Turn's beginning, with a Phobia on the Investigator (our rule: a Phobia only costs
    Sanity, so the Turn is always spent on it, as at a Location, :func:`_bury_a_phobia`), an
    Ally of his or hers face-up in play lifts it as its card says, the Turn spent (rulebook
    l.351, l.356): one flipped earlier this Round at this Current Location (it stays flipped
    until the Round ends, l.448), one that lifts it in a Location of its subregion; else an Ally
    that lifts Phobias once flipped is flipped now, "as your Turn". Gets whether the Turn was spent
    so."""
    phobia = _oldest_phobia(m, seat)
    s = m.players[seat]
    here = s.current_location
    if phobia is None or here < 0:
        return False
    lifters, down = m.seats[seat].lifters, m.face_down[seat]
    for ally, where in m.flipped_at[seat]:
        if where == here and ally in s.allies and ally in down:
            _lifted_by(m, seat, phobia, ally, "stays with")
            _spend_turn(m, seat)
            return True
    subregion = (s.game.cards[here].subregion or "").lower()
    for a in s.allies:
        kind, word = lifters[a]
        if kind == LIFT_REMAIN and word == subregion and a not in down:
            _lifted_by(m, seat, phobia, a, "stays with")
            _spend_turn(m, seat)
            return True
    for a in s.allies:
        if lifters[a][0] == LIFT_FLIPPED and a not in down and all(x != a for x, _ in m.flipped_at[seat]):
            down.append(a)
            m.flipped_at[seat].append((a, here))
            if m.log is not None:
                m.say(f"  {m.name(seat)} flips {s.game.title(a)} at {s.game.title(here)}")
            _spend_turn(m, seat)
            return True
    return False


def _arrived(m: Match, seat: int) -> None:
    """A Location just became the Current Location: what it has the opponents reveal, then an
    Ally lifting a Phobia on arrival."""
    seat_ = m.seats[seat]
    here = m.players[seat].current_location
    if seat_.revealing and here >= 0 and seat_.reveals[here]:
        _reveal_phobias(m, seat, here)
        if m.stage == OVER:
            return
    if seat_.lifting and m.afflicted[seat] and not (here >= 0 and seat_.no_lift[here]):
        _arrival_lifts(m, seat)


def _reveal_phobias(m: Match, seat: int, here: int) -> None:
    """Each opponent reveals the top card of his or her Mythos Deck: a Phobia is applied to the
    arriving player at once (it stays on him or her, its player's card, l.210; its loss at once
    where the Current Location has its attribute), unless one of its title already is (l.367:
    then Discarded, our reading); any other card is Discarded."""
    g = m.seats[seat].game
    for k in range(1, m.n):
        o = (seat + k) % m.n
        t, owner_ = m.players[o], m.seats[o]
        if not t.deck:
            continue
        top = t.deck.pop()
        title = owner_.game.title(top)
        if m.tally:
            m.applied[seat].add(g.cards[here].title)
        same = any(m.seats[x].game.title(c) == title for x, c in m.afflicted[seat])
        if not owner_.phobia[top] or same:
            t.discard.append(top)
            m.say(f"  {m.name(o)} reveals {title} to {g.title(here)} and discards it")
            continue
        m.afflicted[seat].append((o, top))
        m.say(f"  {m.name(o)} reveals {title} to {g.title(here)}: it afflicts {m.name(seat)}")
        for kind, amount, word in owner_.hits[top]:
            if kind == LOSE_IF and _stands_at(m, seat, word):
                _phobia_loss(m, seat, title, amount)
                if m.stage == OVER:
                    return


def _arrival_lifts(m: Match, seat: int) -> None:
    """A Location just became the Current Location: an Ally face-up in play that lifts a Phobia
    when one of an attribute does lifts the oldest, in the same Turn (no Turn spent)."""
    phobia = _oldest_phobia(m, seat)
    if phobia is None:
        return
    s = m.players[seat]
    lifters, down = m.seats[seat].lifters, m.face_down[seat]
    for a in s.allies:
        kind, word = lifters[a]
        if kind == LIFT_ARRIVING and a not in down and _stands_at(m, seat, word):
            _lifted_by(m, seat, phobia, a, "arrives with")
            return


def is_lift(m: Match, seat: int, play: Play) -> bool:
    """Checks that a play casts a Spell that lifts the Phobias on its caster (:func:`lift_plays`)."""
    seat_ = m.seats[seat]
    return seat_.lifting and play.kind is _CAST and play.card >= 0 and seat_.lifters[play.card][0] == LIFT_ALL


def lift_cost(m: Match, seat: int, play: Play) -> int:
    """Gets the Sanity change of casting a Spell that lifts Phobias: its pentagram from a Tome
    (l.309), none by an Ally or Artifact (l.311)."""
    s = m.players[seat]
    if s.game.profiles[play.target].kind is not Kind.TOME:
        return 0
    return s.game.cards[play.card].sanity or 0


def lift_plays(m: Match, seat: int) -> list[Play]:
    """Gets the casts of Spells in play, not cast this Round, that Bury the Phobias on their
    caster's Investigator, while one is on him or her (a Spell needs its target, l.307)."""
    if _oldest_phobia(m, seat) is None:
        return []
    s = m.players[seat]
    lifters = m.seats[seat].lifters
    plays: list[Play] = []
    for holder, held in s.attached.items():
        for c in held:
            if lifters[c][0] == LIFT_ALL and c not in s.cast and c in s.spells:
                play = new_play(_CAST, c, (), holder)
                if can_pay(s, lift_cost(m, seat, play)):
                    plays.append(play)
    return plays


def _cast_lift(m: Match, seat: int, play: Play) -> None:
    """Casts a Spell that Buries every Phobia on its caster's Investigator: from a Tome its
    Sanity paid and the Spell flipped (l.309), by an Ally or Artifact Buried (l.311); each Phobia
    is Buried by its player (l.210)."""
    s = m.players[seat]
    c, holder = play.card, play.target
    cost = lift_cost(m, seat, play)
    if s.game.profiles[holder].kind is Kind.TOME:
        s.cast += (c,)
    else:
        s.spells.remove(c)
        s.attached[holder] = tuple(x for x in s.attached[holder] if x != c)
        s.story.insert(0, c)  # Buried: it counts on in the Story Deck
    if cost:
        pay_one(s, cost)
        if s.phase is _OVER_PHASE:
            _ended(m)
            return
    phobia = _oldest_phobia(m, seat)
    while phobia is not None:
        _lifted_by(m, seat, phobia, c, "casts")
        phobia = _oldest_phobia(m, seat)


def _near(m: Match, a: int, b: int, where: str) -> bool:
    """Checks that two Investigators' Current Locations share a City (the subregion) or Region."""
    here_a, here_b = m.players[a].current_location, m.players[b].current_location
    if here_a < 0 or here_b < 0:
        return False
    ca, cb = m.seats[a].game.cards[here_a], m.seats[b].game.cards[here_b]
    if where == "city":
        return bool(ca.subregion) and ca.subregion == cb.subregion
    return bool(ca.region) and ca.region == cb.region


def _lift(m: Match, seat: int, owner: int, cid: int) -> None:
    """Ends an Event's stay on ``seat``: its player Buries it (l.210)."""
    m.afflicted[seat].remove((owner, cid))
    o = m.players[owner]
    o.story.insert(0, cid)
    o.counted += o.game.weight[cid]


def _next_turn(m: Match, seat: int, play: Play, subregion: int) -> None:
    """An Event waiting on its target's next Turn: unless he or she plays a Location or a Travel
    Event, an attack; the Allies defend as in Combat (l.426), strongest first, and an Ally that
    absorbs any of it is Buried (l.439); then the Event is Buried."""
    s = m.players[seat]
    for owner, cid in list(m.afflicted[seat]):
        owner_ = m.seats[owner]
        for kind, amount, _ in owner_.hits[cid]:
            if kind == MILL_EACH_TURN:
                # Buried once the target plays a Travel Event or arrives in another subregion.
                arrived = play.kind is PlayKind.ROTATE or (play.kind is PlayKind.LOCATION and not play.sideways)
                if play.kind is PlayKind.TRAVEL or (arrived and s.subregion != subregion):
                    _lift(m, seat, owner, cid)
                    m.say(f"  {owner_.game.title(cid)} leaves {m.name(seat)}")
                continue
            if kind != NEXT_TURN_MOVE:
                continue
            _lift(m, seat, owner, cid)
            if play.kind is PlayKind.LOCATION or play.kind is PlayKind.TRAVEL:
                continue
            allies = _ally_cards(m, seat, [a for a in m.players[seat].allies if a not in m.face_down[seat]])
            through = _absorb(m, allies, amount)
            m.say(f"  {owner_.game.title(cid)} attacks {m.name(seat)} with {amount}: Allies absorb {amount - through}")
            for c in allies:
                if c.left < c.value:
                    _lose_ally(m, seat, c.cid, True)
            if through:
                _phobia_loss(m, seat, owner_.game.title(cid), through)
            if m.stage == OVER:
                return


def _new_round(m: Match) -> None:
    """The beginning of a Round for the Events staying on Investigators: a Sanity loss and a
    reshuffle of the Discards into the Mythos Deck; cards of the Hand confiscated (then the
    Event is Buried)."""
    for seat in range(m.n):
        for owner, cid in list(m.afflicted[seat]):
            owner_ = m.seats[owner]
            title = owner_.game.title(cid)
            for kind, amount, _ in owner_.hits[cid]:
                s = m.players[seat]
                if kind == ON_ROUND_RESHUFFLE:
                    _phobia_loss(m, seat, title, amount)
                    s.deck += s.discard
                    s.discard = []
                    m.rng.shuffle(s.deck)
                elif kind == NEXT_ROUND_HAND:
                    for _ in range(min(amount, len(s.hand))):
                        s.discard.append(s.hand.pop(m.rng.randrange(len(s.hand))))
                    m.say(f"  {m.name(seat)} loses {amount} cards of the Hand to {title}")
                    _lift(m, seat, owner, cid)
                if m.stage == OVER:
                    return


def _phobias(m: Match, seat: int, when: int) -> None:
    """Applies the Phobias on ``seat`` that strike now (``when``: ON_PASS or ON_TURN)."""
    for owner, cid in list(m.afflicted[seat]):
        owner_ = m.seats[owner]
        for kind, amount, word in owner_.hits[cid]:
            if kind == MILL_EACH_TURN and when == ON_TURN:
                s = m.players[seat]
                if s.deck:
                    s.discard.append(s.deck.pop())
                    m.say(f"  {m.name(seat)} discards the top card of the Mythos Deck to {owner_.game.title(cid)}")
            elif kind == ON_TURN_HAND and when == ON_TURN:
                if len(m.players[seat].hand) == amount:
                    _phobia_loss(m, seat, owner_.game.title(cid), int(word))
            elif kind == when and (not word or _stands_at(m, seat, word)):
                _phobia_loss(m, seat, owner_.game.title(cid), amount)
            if m.stage == OVER:
                return


def _stands_at(m: Match, seat: int, attribute: str) -> bool:
    """Checks that the Investigator's Current Location has an attribute ("water", "gate": the
    engine's attributes of where he or she stands, a Travel Event's included)."""
    s = m.players[seat]
    return bool(s.attrs & s.game.vocab.attr(attribute))


def _phobia_loss(m: Match, seat: int, title: str, points: int) -> None:
    s = m.players[seat]
    pay_one(s, -points)
    if m.log is not None:
        m.say(f"  {m.name(seat)} loses {points} Sanity to {title}")
    if s.phase is _OVER_PHASE:
        _ended(m)


def _take(m: Match, target: int, kind: int, amount: int, word: str) -> None:
    """Takes from the opponent at ``target`` what an Event's effect says, chosen at random
    where the card says "random" (the Artifact, the card of the Hand, the Allies)."""
    t = m.players[target]
    g = t.game
    rng = m.rng
    if kind == BURY_ARTIFACT:
        held = {c for cs in t.attached.values() for c in cs}
        pool = [c for c in t.artifacts if c not in held] + [c for c in t.artifacts if c in held]
        if pool:
            c = pool[rng.randrange(len(pool))]
            if m.seats[target].reacting and _protected(m, target, c, False):
                return
            t.artifacts.remove(c)
            for ally, cs in list(t.attached.items()):
                if c in cs:
                    t.attached[ally] = tuple(x for x in cs if x != c)
            if word == "discard":  # Highway Robbery's Night (:func:`_night_discard`)
                t.counted -= g.weight[c]
                t.discard.append(c)
                m.say(f"  {m.name(target)} discards {g.title(c)}")
                return
            t.story.insert(0, c)  # Buried: in play it counted, in the Story Deck it still does
            m.say(f"  {m.name(target)} buries {g.title(c)}")
    elif kind == DISCARD_HAND:
        if t.hand:
            c = t.hand.pop(rng.randrange(len(t.hand)))
            t.discard.append(c)
            m.say(f"  {m.name(target)} discards {g.title(c)} from the Hand")
    elif kind in (BURY_ALLY, DISCARD_ALLY):
        pool = _ally_pool(m, target, word)
        k = (len(pool) + 1) // 2 if amount < 0 else min(amount, len(pool))
        for a in rng.sample(pool, k):
            _lose_ally_to(m, target, a, kind == BURY_ALLY)
    elif kind == CANCEL_PLAY:
        _cancel(m, target)
    elif kind in (BURY_TOME, FLIP_ALLY):
        _take_more(m, target, kind, word)
    elif kind == DISCARD_THREAT:
        _cut_threat(m, target, amount, int(word))
    elif kind == REVEAL_TOP:
        _reveal_top(m, target)
    elif kind == FLIP_ARTIFACT:
        _flip_artifact(m, target)
    elif kind == MAD_ALLY:
        mad = [a for a in t.allies if str(getattr(g.cards[a].allegiance, "value", "")).lower() == word]
        if mad:
            # The Ally attacks its own Investigator with its value (its Weapon's too, l.191);
            # the others defend, strongest first, and one that absorbs any is Buried (l.439).
            ally = mad[rng.randrange(len(mad))]
            points = ally_value(m, target, ally)[0]
            others = _ally_cards(m, target, [a for a in t.allies if a != ally])
            through = _absorb(m, others, points)
            m.say(f"  {g.title(ally)} goes mad and attacks {m.name(target)} with {points}")
            for defender in others:
                if defender.left < defender.value:
                    _lose_ally(m, target, defender.cid, True)
            if through:
                _phobia_loss(m, target, g.title(ally), through)
    elif kind == BURY_OR_PAY:
        keep = [a for a in t.allies if word not in m.seats[target].kinds[a]]
        worth = sum(ally_value(m, target, a)[0] for a in keep)
        # The target's choice, our rule: keep the Allies when they are worth more than the
        # Sanity and it leaves at least 3 (the greedy player's floor).
        if keep and worth > amount and t.sanity - amount >= 3:
            _phobia_loss(m, target, "keeping the Allies", amount)
        else:
            for a in keep:
                _lose_ally_to(m, target, a, True)
    elif kind == LOSE_LOCATION:
        if t.mode is Mode.AT and t.story and t.story[-1] == t.where:
            c = t.story.pop()
            if m.night if word == "@night" else _stands_at(m, target, word):
                t.discard.append(c)
                m.say(f"  {m.name(target)} discards {g.title(c)}, the Current Location")
            else:
                t.story.insert(0, c)
                m.say(f"  {m.name(target)} buries {g.title(c)}, the Current Location")
            _stand_at_top(m, target, gate=False)
    elif kind == QUAKE:
        if t.story:
            # Bury the top card (Discard it, ``word`` "discard"), then each card above the next
            # Location (a card Buried goes to the bottom, l.506); the Location revealed is the
            # Current Location, no Sanity applied, its Gate free to use.
            if word == "discard":
                c = t.story.pop()
                t.counted -= g.weight[c]
                t.discard.append(c)
                m.say(f"  {m.name(target)} discards {g.title(c)} from the Story Deck")
            else:
                t.story.insert(0, t.story.pop())
            for _ in range(len(t.story)):
                if g.profiles[t.story[-1]].kind is Kind.LOCATION:
                    break
                t.story.insert(0, t.story.pop())
            _stand_at_top(m, target, gate=True)
    elif kind == DISCARD_STORY_EVENT:
        profiles = g.profiles
        wanted = Kind.ALLY if word == "ally" else Kind.EVENT
        for c in t.story:  # the Story Deck's bottom first (a Buried card goes to index 0)
            if profiles[c].kind is wanted:
                t.story.remove(c)
                t.counted -= g.weight[c]
                t.discard.append(c)
                m.say(f"  {m.name(target)} discards {g.title(c)} from the Story Deck")
                break
    elif kind == RESHUFFLE:
        m.say(f"  {m.name(target)} reshuffles {len(t.discard)} Discards into the Mythos Deck")
        t.deck += t.discard
        t.discard = []
        rng.shuffle(t.deck)
    elif kind in (DEVOLVE, SWAP_ALLY):
        # An Ally Buried and a card of the target's Story Deck brought into play in its place:
        # a Monster as an Ally (DEVOLVE), or the Ally nearest the bottom (SWAP_ALLY).
        swap = devolve_of(m, target) if kind == DEVOLVE else swap_of(m, target)
        if swap is not None:
            chosen, back = swap
            t.story.remove(back)
            _lose_ally_to(m, target, chosen, True)
            t.allies.append(back)
            how = "comes into play in its place, as an Ally" if kind == DEVOLVE else "comes back into play in its place"
            m.say(f"  {g.title(back)} {how}")


def bind_of(m: Match, target: int) -> int:
    """Gets the Ally of the target's a card binds to defend (:data:`~.opponents.BIND_ALLY`): face-up,
    not bound yet, the one holding the most cards (the greedy defender keeps an Ally holding a
    Spell out of Combat), then the strongest (the player's choice, ours); -1 for none."""
    t = m.players[target]
    down, bound = m.face_down[target], [a for a, _, _ in m.bound[target]]
    free = [a for a in t.allies if a not in down and a not in bound]
    if not free:
        return -1
    return max(free, key=lambda a: (len(t.attached.get(a, ())), ally_value(m, target, a)[0], -t.allies.index(a)))


def _bound_defend(
    m: Match, b: int, incoming: list[int], defending: list[list[list[int]]], attacking: list[list[list[int]]]
) -> None:
    """The Allies an opponent's card bound defend: against that opponent's Directed Threat if
    any, else the largest aimed at their Investigator (then the first to the left); none when
    nothing is aimed at him or her. One the player chose to defend or to attack already is left."""
    allies, down, n = m.players[b].allies, m.face_down[b], m.n
    for ally, caster, title in m.bound[b]:
        if ally not in allies or ally in down or any(ally in d for d in (*defending[b], *attacking[b])):
            continue
        if incoming[caster] > 0:
            a = caster
        else:
            a = max(range(n), key=lambda x: (incoming[x], -((x - b) % n)))
            if incoming[a] <= 0:
                continue
        defending[b][a].append(ally)
        m.say(f"  {m.players[b].game.title(ally)} must defend ({title})")
        if m.tally:
            m.applied[caster].add(title)


def devolve_of(m: Match, target: int) -> tuple[int, int] | None:
    """Gets the target's Corrupt Ally a card replaces (the strongest) and the Monster of his or
    her Story Deck that takes its place as an Ally (the weakest; the player's choices, ours:
    :data:`~.opponents.DEVOLVE`); None without both (no legitimate target, l.307)."""
    t = m.players[target]
    cards = t.game.cards
    corrupt = [a for a in t.allies if cards[a].allegiance is Allegiance.CORRUPT]
    if not corrupt:
        return None
    combat_ = m.seats[target].combat
    monsters = [c for c in t.story if cards[c].type is CardType.MONSTER and not cards[c].goo]
    if not monsters:
        return None
    chosen = max(corrupt, key=lambda a: (ally_value(m, target, a)[0], -t.allies.index(a)))
    return chosen, min(monsters, key=lambda c: (combat_[c].value, t.story.index(c)))


def swap_of(m: Match, target: int) -> tuple[int, int] | None:
    """Gets the Allies that would change places (:data:`~.opponents.SWAP_ALLY`): the target's
    strongest Ally in play (the player's choice, ours) and the Ally closest to the bottom of the
    target's Story Deck; None without both (then the Spell may not be cast, l.307)."""
    t = m.players[target]
    if not t.allies:
        return None
    profiles = t.game.profiles
    back = next((c for c in t.story if profiles[c].kind is Kind.ALLY), -1)  # the bottom is index 0
    if back < 0:
        return None
    chosen = max(t.allies, key=lambda a: (ally_value(m, target, a)[0], -t.allies.index(a)))
    return chosen, back


#: The plays an Event may cancel: cards put in play, whose cards can be Buried (an Adventure
#: cannot; an Event already Buried has had its effect).
_CANCELLABLE: Final = frozenset(
    {
        PlayKind.ALLY,
        PlayKind.MONSTER_ALLY,
        PlayKind.TOME,
        PlayKind.ARTIFACT,
        PlayKind.SPELL,
        PlayKind.MONSTERS,
        PlayKind.CULTIST,
        PlayKind.GOO,
        PlayKind.LOCATION,
        PlayKind.ROTATE,
        PlayKind.TRAVEL,
        PlayKind.EVENT,
    }
)


def _cancellable(m: Match, ally_only: bool) -> bool:
    """Checks that the last play at the table can be cancelled: its cards still in play (an
    Ally's only, for an Event that cancels Allies)."""
    play = m.last_play
    if m.last_seat < 0:
        return False
    if play.kind is _USE and ally_only:
        return play.card in m.players[m.last_seat].allies  # an Ally whose use was just made
    if play.kind not in _CANCELLABLE:
        return False
    s = m.players[m.last_seat]
    kind, cid = play.kind, play.card
    if kind is PlayKind.ALLY or kind is PlayKind.MONSTER_ALLY:
        return cid in s.allies
    if ally_only:
        return False
    if kind is _EVENT:
        return cid in s.events  # a lasting Event still in play
    if kind is PlayKind.MONSTERS or kind is PlayKind.CULTIST:
        return cid in s.threat
    if kind is PlayKind.GOO:
        return s.goo == cid
    if kind is PlayKind.LOCATION or kind is PlayKind.ROTATE or kind is PlayKind.TRAVEL:
        return cid in s.story
    return cid in s.tomes or cid in s.artifacts or cid in s.spells


def _cancel(m: Match, target: int) -> None:
    """The cards the target just played are Buried and their effects ignored: each leaves play
    for the bottom of the Story Deck (l.506) with what it holds, a Location just played or turned
    upright too (the Investigator stands at the Location below it), and the target's Sanity is as
    before the play. What the play did to other players stays (a Great Old One's loss, l.282)."""
    t = m.players[target]
    g = t.game
    play = m.last_play
    if play.kind is _USE and _cancellable(m, True):
        # An Ally whose use was just made: Buried (the card says no more: the use stands).
        _lose_ally(m, target, play.card, True)
        m.last_seat = -1
        return
    if not _cancellable(m, False):
        return
    kind = play.kind
    cards = [play.card, *play.joined]
    if kind is PlayKind.ALLY or kind is PlayKind.MONSTER_ALLY:
        for c in cards:  # Allies that Joined were played as one (rulebook l.359): both go
            if c in t.allies:
                _lose_ally(m, target, c, True)
        cards = []
    elif kind is PlayKind.MONSTERS or kind is PlayKind.CULTIST:
        cards = [c for c in cards if c in t.threat]
        for c in cards:
            t.threat.remove(c)
    elif kind is PlayKind.GOO:
        t.goo = -1
        _goos_in_play(m)
    elif kind is PlayKind.LOCATION or kind is PlayKind.ROTATE or kind is PlayKind.TRAVEL:
        cards = [c for c in cards if c in t.story]
        for c in cards:
            t.story.remove(c)
    else:  # a Tome and its Spells, an Artifact, a Spell, a lasting Event (and an Ally it brought)
        for c in cards:
            for zone in (t.tomes, t.artifacts, t.spells, t.events, t.allies):
                if c in zone:
                    zone.remove(c)
            t.attached.pop(c, None)
        for holder, held in list(t.attached.items()):
            if any(c in held for c in cards):
                t.attached[holder] = tuple(c for c in held if c not in cards)
        # An Ally Buried to pay for the play (l.191) is in the Story Deck already: once is all.
        cards = [c for c in cards if c not in t.story]
    t.story[0:0] = cards
    if kind is PlayKind.LOCATION or kind is PlayKind.ROTATE or kind is PlayKind.TRAVEL:
        _stand_at_top(m, target, gate=False)
    t.sanity = m.last_sanity  # its cost and any gain ignored: the play came just before this Event
    t.counted = t.adventure_tally()
    m.last_seat = -1
    m.say(f"  {m.name(target)} buries what was just played: {', '.join(g.title(c) for c in [play.card, *play.joined])}")


def _stand_at_top(m: Match, seat: int, gate: bool) -> None:
    """Makes the topmost Location of the Story Deck the Current Location, as it stands: no
    Sanity applied; its Gate free to use when ``gate``. With none, the Investigator has no
    Current Location (as before the first one)."""
    s = m.players[seat]
    g = s.game
    for i in range(len(s.story) - 1, -1, -1):
        c = s.story[i]
        loc = g.profiles[c].loc
        if g.profiles[c].kind is not Kind.LOCATION or loc is None:
            continue
        s.story.pop(i)
        s.story.append(c)
        dim = s.dim if loc.any_dimension else loc.dim
        s.mode, s.where, s.where_dim, s.travel = Mode.AT, c, dim, -1
        s.region, s.subregion, s.dim, s.attrs, s.exotic = loc.region, loc.subregion, dim, loc.attrs, loc.exotic
        s.gate_used = not gate
        s.counted = s.adventure_tally()
        m.say(f"  {m.name(seat)} stands at {g.title(c)}")
        return
    s.mode, s.where, s.travel = Mode.NOWHERE, -1, -1
    s.region, s.subregion, s.attrs, s.exotic = -1, -1, 0, False
    s.counted = s.adventure_tally()


def _strikes_on_play(m: Match, seat: int, play: Play) -> None:
    """The Events staying on Investigators that strike on a kind of play: an Adventure played by
    anyone, an Artifact or Tome played by their target, a card that begins a new Threat."""
    kind = play.kind
    if kind is _PASS:
        return
    for x in range(m.n):
        for owner, cid in m.afflicted[x]:
            owner_ = m.seats[owner]
            if not owner_.on_plays[cid]:
                continue  # a Phobia striking at other moments
            for k, amount, word in owner_.hits[cid]:
                if k != ON_PLAY or (word.startswith("you:") and seat != x):
                    continue
                what = word[word.index(":") + 1 :]
                if what == "adventure":
                    hit = kind is PlayKind.ADVENTURE
                elif what == "day" or what == "night":  # a Day or Night Event, by anyone
                    time = m.seats[seat].time[play.card] if kind is PlayKind.EVENT else 0
                    hit = time == (DAY if what == "day" else NIGHT)
                elif what == "artifact":
                    hit = kind is PlayKind.ARTIFACT or kind is PlayKind.TOME
                else:  # a card that begins a new Threat (not one added to a Threat, the card says)
                    hit = (kind is PlayKind.MONSTERS or kind is PlayKind.CULTIST) and len(
                        m.players[seat].threat
                    ) == 1 + len(play.joined)
                if hit:
                    _phobia_loss(m, x, owner_.game.title(cid), amount)
                    if m.stage == OVER:
                        return


def _lose_ally(m: Match, seat: int, ally: int, bury: bool) -> None:
    """An Ally leaves play with the cards it holds (l.191): Buried, or Discarded."""
    s = m.players[seat]
    g = s.game
    s.allies.remove(ally)
    held = s.attached.pop(ally, ())
    for c in held:
        if c in s.artifacts:
            s.artifacts.remove(c)
        if c in s.spells:
            s.spells.remove(c)
    if bury:
        s.story[0:0] = [ally, *held]
    else:
        s.discard.extend([ally, *held])
        s.counted -= g.weight[ally] + sum(g.weight[c] for c in held)
    if m.log is not None:
        m.say(f"  {m.name(seat)} {'buries' if bury else 'discards'} {g.title(ally)}")


# -- Spells, Artifacts and Allies used on opponents, and the cards that answer them ----------


def _ally_pool(m: Match, target: int, word: str) -> list[int]:
    """Gets the target's Allies an effect may take: of up to N points (``word`` "max N"), lacking
    an attribute ("lacking dreamer"), else any."""
    allies = m.players[target].allies
    if word.startswith("max "):
        limit = int(word[4:])
        combat_ = m.seats[target].combat
        return [a for a in allies if combat_[a].value <= limit]
    if word.startswith("lacking "):
        kinds = m.seats[target].kinds
        return [a for a in allies if word[8:] not in kinds[a]]
    return list(allies)


def _take_more(m: Match, target: int, kind: int, word: str) -> int:
    """Takes what the later kinds of effects take (:func:`_take`'s): a Tome Buried with its Spells,
    chosen at random (BURY_TOME); Allies flipped face-down (FLIP_ALLY), the strongest one or every
    one. Gets the own value of the Ally flipped (for "steal"), else 0."""
    t = m.players[target]
    g = t.game
    if kind == BURY_TOME:
        if t.tomes:
            c = t.tomes[m.rng.randrange(len(t.tomes))]
            if m.seats[target].reacting and _protected(m, target, c, True):
                return 0
            t.tomes.remove(c)
            held = t.attached.pop(c, ())
            for h in held:
                if h in t.spells:
                    t.spells.remove(h)
            t.story[0:0] = [c, *held]  # Buried with its Spells: they count on in the Story Deck
            m.say(f"  {m.name(target)} buries {g.title(c)}")
        return 0
    down = m.face_down[target]
    up = [a for a in t.allies if a not in down]
    if not up:
        return 0
    if word == "all" or word == "epidemic":
        if word == "epidemic" and m.seats[target].reacting:
            up = _not_spared(m, target, up)
        down.extend(up)
        if m.log is not None:
            m.say(f"  {m.name(target)} flips {', '.join(g.title(a) for a in up) or 'no Ally'} face-down")
        return 0
    # The strongest (the player's choice of target, l.307), its Weapon with it (l.197).
    a = max(up, key=lambda x: (ally_value(m, target, x)[0], -t.allies.index(x)))
    down.append(a)
    if m.log is not None:
        m.say(f"  {m.name(target)} flips {g.title(a)} face-down")
    return g.cards[a].value or 0


def _lose_ally_to(m: Match, target: int, ally: int, bury: bool) -> None:
    """An Ally Buried or Discarded by an opponent's card, kept in mind for an Event that brings it
    back (:func:`_recover`)."""
    if m.seats[target].recovering:
        m.lost[target].append((ally, m.players[target].attached.get(ally, ()), bury))
    _lose_ally(m, target, ally, bury)


def _recover(m: Match, seat: int, cid: int) -> None:
    """An Event cancels the effects of the opponents' cards that made ``seat`` Bury or Discard
    Allies since his or her last Turn: each comes back into play with what it held (l.313: an
    instant effect cancelled is undone)."""
    s = m.players[seat]
    g = s.game
    back = []
    for ally, held, bury in m.lost[seat]:
        zone = s.story if bury else s.discard
        if ally not in zone:
            continue  # gone on since (a reshuffle)
        for c in (ally, *held):
            if c in zone:
                zone.remove(c)
                if not bury:
                    s.counted += g.weight[c]
        s.allies.append(ally)
        if held:
            s.attached[ally] = held
            for c in held:
                (s.spells if g.profiles[c].kind is Kind.SPELL else s.artifacts).append(c)
        back.append(g.title(ally))
    m.lost[seat].clear()
    if back:
        m.say(f"  {', '.join(back)} back in play ({g.title(cid)})")
        if m.tally:
            m.applied[seat].add(g.cards[cid].title)


def _artifact_to_flip(m: Match, target: int) -> int:
    """Gets the Artifact of the target's the player flips face-down, or -1 when no face-up one's
    flip would matter here (our choice of target, l.307): the Weapon adding most to its Ally,
    else one with a use not yet made or an answer to an opponent's card."""
    t = m.players[target]
    seat_ = m.seats[target]
    down = m.face_down[target]
    effects = t.game.effects
    best, best_score = -1, 0
    for a in t.artifacts:
        if a in down or a in t.spent:
            continue
        prof = seat_.combat[a]
        held = prof.weapon and any(a in cs for cs in t.attached.values())
        score = 10 + prof.value if held else 5 if effects[a] is not None or seat_.cancels[a] or seat_.spares[a] else 0
        if score > best_score:
            best, best_score = a, score
    return best


def _flip_artifact(m: Match, target: int) -> None:
    """An Artifact of the target's flipped face-down until the Round ends (l.532): a Weapon leaves
    its Ally's value (kept apart from it, back with it after the Round, l.191), a use is not
    offered, an answer not given."""
    a = _artifact_to_flip(m, target)
    if a < 0:
        return
    t = m.players[target]
    holder = next((h for h, cs in t.attached.items() if a in cs), -1)
    if holder >= 0:
        t.attached[holder] = tuple(c for c in t.attached[holder] if c != a)
    m.gear_down[target].append((a, holder, a in t.spent))
    if a not in t.spent:
        t.spent += (a,)
    m.face_down[target].append(a)
    if m.log is not None:
        m.say(f"  {m.name(target)} flips {t.game.title(a)} face-down")


def _gear_up(m: Match, seat: int) -> None:
    """The Artifacts flipped face-down by an opponent's card turn face-up at the Round's end
    (l.448): a Weapon back with its Ally, or Buried if the Ally left play meanwhile (l.191)."""
    s = m.players[seat]
    for a, holder, spent in m.gear_down[seat]:
        if a not in s.artifacts:
            continue
        if not spent:
            s.spent = tuple(c for c in s.spent if c != a)
        if holder < 0:
            continue
        if holder in s.allies:
            s.attached[holder] = s.attached.get(holder, ()) + (a,)
        else:
            s.artifacts.remove(a)
            s.story.insert(0, a)
    m.gear_down[seat].clear()


def _reveal_top(m: Match, target: int) -> None:
    """The target reveals the top card of the Mythos Deck: a Location becomes the Current Location
    (on top of the Story Deck, no Sanity applied, its Gate free to use); a Monster attacks him or
    her with its value, the Allies face-up defending as against an Event's attack (strongest
    first, one that absorbs any Buried, l.439), then it is Discarded; any other card is Discarded."""
    t = m.players[target]
    if not t.deck:
        return
    g = t.game
    c = t.deck.pop()
    kind = g.profiles[c].kind
    m.say(f"  {m.name(target)} reveals {g.title(c)}")
    if kind is Kind.LOCATION and g.profiles[c].loc is not None:
        t.story.append(c)
        t.counted += g.weight[c]
        _stand_at_top(m, target, gate=True)
        return
    t.discard.append(c)
    if kind is not Kind.MONSTER:
        return
    points = m.seats[target].combat[c].value
    down = m.face_down[target]
    allies = _ally_cards(m, target, [a for a in t.allies if a not in down])
    through = _absorb(m, allies, points)
    m.say(f"  {g.title(c)} attacks {m.name(target)} with {points}: Allies absorb {points - through}")
    for a in allies:
        if a.left < a.value:
            _lose_ally(m, target, a.cid, True)
    if through:
        _phobia_loss(m, target, g.title(c), through)


def _cut_threat(m: Match, target: int, amount: int, above: int) -> None:
    """Discards ``amount`` random cards of the target's Threat, a Great Old One or Outer God in
    play counted among them, when it holds more than ``above`` cards."""
    t = m.players[target]
    g = t.game
    cards = [*t.threat, *([t.goo] if t.goo >= 0 else [])]
    if len(cards) <= above:
        m.say(f"  {m.name(target)}'s Threat holds {len(cards)} cards: nothing Discarded")
        return
    for c in m.rng.sample(cards, min(amount, len(cards))):
        if c == t.goo:
            t.goo = -1
            _goos_in_play(m)
        else:
            t.threat.remove(c)
        t.discard.append(c)
        m.say(f"  {m.name(target)} discards {g.title(c)} from the Threat")
    t.counted = t.adventure_tally()


def _not_spared(m: Match, target: int, allies: list[int]) -> list[int]:
    """Gets the Allies an Epidemic affects: those no card of the target's keeps out of it (an Ally
    itself and one more of the player's choice, an Artifact's Ally and one more, a Current
    Location's one), the strongest kept first."""
    t = m.players[target]
    seat_ = m.seats[target]
    spares = seat_.spares
    g = t.game
    kept: list[int] = []
    extra = 0
    savers: list[int] = []
    for a in allies:
        if spares[a]:
            kept.append(a)
            extra += spares[a] - 1
            savers.append(a)
    for holder, held in t.attached.items():
        for c in held:
            if spares[c] and holder in allies and c not in m.face_down[target]:
                if holder not in kept:
                    kept.append(holder)
                extra += spares[c] - 1
                savers.append(c)
    here = t.current_location
    if here >= 0 and spares[here]:
        extra += spares[here]
        savers.append(here)
    rest = sorted((a for a in allies if a not in kept), key=lambda x: -ally_value(m, target, x)[0])
    kept += rest[:extra]
    if kept:
        m.say(f"  {', '.join(g.title(a) for a in kept)}: kept out of the Epidemic")
        if m.tally:
            m.applied[target].update(g.cards[c].title for c in savers)
    return [a for a in allies if a not in kept]


def _protected(m: Match, target: int, card: int, tome: bool) -> bool:
    """An Ally that protects its Investigator from losing an Artifact (or a Tome) to an opponent's
    card is Buried instead, when one is in play face-up; the opponent's card is Buried too (the
    cards that take one here are Buried after their effect already: an Event, a used Ally, a
    Monster after Combat, l.439). Always taken, our rule: the Ally goes for a card of the
    opponent's and keeps the player's. Gets whether the card was kept."""
    t = m.players[target]
    protects = m.seats[target].protects
    down = m.face_down[target]
    guards = [a for a in t.allies if protects[a] and (not tome or protects[a] == "artifact+tome") and a not in down]
    if not guards:
        return False
    a = min(guards, key=lambda x: (ally_value(m, target, x)[0], t.allies.index(x)))
    g = t.game
    m.say(f"  {g.title(a)} is Buried instead of {g.title(card)}")
    if m.tally:
        m.applied[target].add(g.cards[a].title)
    _lose_ally(m, target, a, True)
    return True


def _strike_holds(m: Match, target: int, hits: tuple[Hit, ...]) -> bool:
    """Checks that an opponent holds what a Spell, Artifact or Ally used on him or her takes
    (a legitimate target, l.307)."""
    t = m.players[target]
    for kind, _, word in hits:
        if kind == QUAKE:
            found = bool(t.story)
        elif kind in (BURY_ALLY, DISCARD_ALLY):
            found = bool(_ally_pool(m, target, word))
        elif kind == FLIP_ALLY:
            down = m.face_down[target]
            found = any(a not in down for a in t.allies)
        elif kind == BURY_TOME:
            found = bool(t.tomes)
        elif kind == GLANCE_THREAT:
            found = bool(t.threat)
        elif kind == REVEAL_TOP:
            found = bool(t.deck)
        elif kind == RESHUFFLE:
            found = bool(t.discard)
        elif kind == SWAP_ALLY:
            found = swap_of(m, target) is not None
        elif kind == DEVOLVE:
            found = devolve_of(m, target) is not None
        elif kind == BIND_ALLY:
            found = bind_of(m, target) >= 0
        elif kind == FLIP_ARTIFACT:
            found = _artifact_to_flip(m, target) >= 0
        elif kind == DISCARD_STORY_EVENT:
            profiles = t.game.profiles
            found = any(profiles[c].kind is (Kind.ALLY if word == "ally" else Kind.EVENT) for c in t.story)
        elif kind == LOSE_LOCATION:  # a Location upright on top (never while Walking, rulings l.65)
            found = t.mode is Mode.AT and bool(t.story) and t.story[-1] == t.where
        else:
            found = False
        if found:
            return True
    return False


def strike_targets(m: Match, seat: int, cid: int) -> list[int]:
    """Gets the opponents a Spell, Artifact or Ally of ``seat``'s may be used on (l.307)."""
    hits = m.seats[seat].strikes[cid]
    return [t for t in ((seat + k) % m.n for k in range(1, m.n)) if _strike_holds(m, t, hits)]


def strike_plays(m: Match, seat: int) -> list[Play]:
    """Gets the casts and uses aimed at an opponent ``seat`` may make now: a Spell in play not
    cast this Round (from a Tome paying its Sanity, l.309; by an Ally or Artifact free, l.311),
    an Artifact or Ally in play not used, each with a legitimate target (l.307)."""
    s = m.players[seat]
    g = s.game
    if not s.located and not g.rules.advanced:
        return []
    seat_ = m.seats[seat]
    strikes = seat_.strikes
    plays: list[Play] = []
    if seat_.strike_spells:  # the cards held are looked at only for a deck with such a Spell
        for holder, held in s.attached.items():
            for c in held:
                if strikes[c] and c not in s.cast and c in s.spells:
                    cost = seat_.strike_cost[c] if g.profiles[holder].kind is Kind.TOME else 0
                    if can_pay(s, cost) and strike_targets(m, seat, c):
                        plays.append(new_play(_CAST, c, (), holder))
    if seat_.strike_uses:
        for zone in (s.artifacts, s.allies):
            for a in zone:
                if strikes[a] and a not in s.spent and strike_targets(m, seat, a):
                    plays.append(new_play(_USE, a, ()))
    return plays


def threat_estimate(m: Match, seat: int, attacker: int, unseen: int) -> int:
    """Gets what ``seat`` expects the Directed Threat of ``attacker`` against it to be worth in
    Combat: the cards it looked at this Round at their values, ``unseen`` points for each other."""
    seen = m.glanced[seat]
    total = 0
    for c in m.directed[attacker][seat]:
        if c >= 0 and (attacker, c) in seen:
            total += monster_value(m, attacker, c, seat)
        else:
            total += unseen
    return total


def is_strike(m: Match, seat: int, play: Play) -> bool:
    """Checks that a play casts or uses a card on an opponent (:func:`strike_plays`)."""
    seat_ = m.seats[seat]
    return (
        seat_.striking
        and (play.kind is _CAST or play.kind is _USE)
        and play.card >= 0
        and bool(seat_.strikes[play.card])
    )


def _strike(m: Match, seat: int, play: Play) -> None:
    """Casts a Spell or uses an Artifact or Ally on an opponent: paid and put where its use
    leaves it (a Spell from a Tome flipped, l.309; by an Ally or Artifact Buried, l.311; an
    Artifact or Ally Buried or flipped as its card says, l.189, l.199), then applied to the
    legitimate target with the highest score (the leader, as for Events), unless he or she
    cancels a Spell just cast with a card in play."""
    s = m.players[seat]
    g = s.game
    seat_ = m.seats[seat]
    c = play.card
    legit = strike_targets(m, seat, c)
    if play.kind is _CAST:
        holder = play.target
        if g.profiles[holder].kind is Kind.TOME:
            cost = seat_.strike_cost[c]
            s.cast += (c,)
        else:
            cost = 0
            s.spells.remove(c)
            s.attached[holder] = tuple(x for x in s.attached[holder] if x != c)
            s.story.insert(0, c)  # Buried: it counts on in the Story Deck
    else:
        cost = 0  # the Artifacts and Allies read here cost no Sanity to use
        if not seat_.bury_after[c]:
            s.spent += (c,)
        elif c in s.allies:
            _lose_ally(m, seat, c, True)
        else:
            s.artifacts.remove(c)
            for holder, held in list(s.attached.items()):
                if c in held:
                    s.attached[holder] = tuple(x for x in held if x != c)
            s.story.insert(0, c)
    if cost:
        pay_one(s, cost)
        if s.phase is _OVER_PHASE:
            _ended(m)
            return
    if not legit:
        return
    # One opponent to choose from (every two-player match): no key to weigh.
    target = legit[0] if len(legit) == 1 else max(legit, key=lambda x: (m.score(x), -((x - seat) % m.n)))
    if m.log is not None:
        m.say(f"  {g.title(c)} is used on {m.name(target)}")
    if play.kind is _CAST and m.seats[target].reacting and _cancel_spell(m, target, c):
        return
    for kind, amount, word in seat_.strikes[c]:
        if kind == GLANCE_THREAT:
            t = m.players[target]
            m.glanced[seat] += [(target, x) for x in t.threat if (target, x) not in m.glanced[seat]]
            m.say(f"  {m.name(seat)} looks at {m.name(target)}'s Threat ({len(t.threat)} cards)")
        elif kind == BIND_ALLY:
            ally = bind_of(m, target)
            if ally >= 0:
                m.bound[target].append((ally, seat, g.cards[c].title))
                m.say(f"  {m.name(target)}'s {m.seats[target].game.title(ally)} must defend this Round")
        elif kind == FLIP_ALLY and word == "steal":
            gained = _take_more(m, target, FLIP_ALLY, "")
            if gained and not m.no_gain:
                pay_one(s, gained)
                m.say(f"  {m.name(seat)} gains {gained} Sanity")
        else:
            _take(m, target, kind, amount, word)
        if m.stage == OVER:
            return
    if m.tally:
        m.applied[seat].add(g.cards[c].title)


def _cancel_spell(m: Match, target: int, spell: int) -> bool:
    """The target of a Spell just cast cancels it with an Artifact in play that says so, flipped
    or Buried as its card says (rulebook l.313: an instant effect cancelled is undone; here it is
    cancelled before it is applied). Always taken, our rule: the Spell strikes him or her. Gets
    whether it was cancelled."""
    t = m.players[target]
    cancels = m.seats[target].cancels
    for a in t.artifacts:
        how = cancels[a]
        if not how or a in t.spent or a in m.face_down[target]:
            continue
        if how == "flip":
            t.spent += (a,)
        else:
            t.artifacts.remove(a)
            t.story.insert(0, a)
        g = t.game
        m.say(f"  {m.name(target)} cancels it with {g.title(a)}")
        if m.tally:
            m.applied[target].add(g.cards[a].title)
        return True
    return False


# -- Day and Night -----------------------------------------------------------------------------
#
# Rulebook l.76: at the beginning of the game every Investigator is Outside during the Day;
# rulings l.35: a Day Event reads "It is now Day", a Night Event "It is now Night". The time is
# the table's, one for every player: the last Day or Night Event played, by anyone, sets it.

#: The time an Event makes it (:attr:`Seat.time`).
DAY: Final = 1
NIGHT: Final = 2


def _event_time(card: Card) -> int:
    """Gets the time an Event makes it by its subtype (rulings l.35): DAY, NIGHT, or 0."""
    if card.type is not CardType.EVENT:
        return 0
    sub = (card.subtype or "").strip().lower()
    return DAY if sub == "day" else NIGHT if sub == "night" else 0


def _dawn_or_dusk(m: Match, seat: int, cid: int) -> None:
    """A Day or Night Event just played: it is now Day, or Night, for every player."""
    _set_time(m, m.seats[seat].time[cid] == NIGHT)


def _set_time(m: Match, night: bool) -> None:
    """Makes it Night (or Day) at the table, for every player (an Adventure's "while it is NIGHT"
    asks each player's state: ``GameState.table_time``)."""
    if night != m.night:
        m.night = night
        for s in m.players:
            s.table_time = NIGHT if night else DAY
        if m.log is not None:
            m.say(f"  It is now {'Night' if night else 'Day'}")


def _lock_time(m: Match, night: bool, barred: int) -> None:
    """A Great Old One makes it Day (or Night) and Buries the Day and Night cards in play it names,
    every player's (l.282: on every Investigator); while it stays they may not be played
    (``Match.barred``, :func:`turn_plays`)."""
    _set_time(m, night)
    for x, s in enumerate(m.players):
        time = m.seats[x].time
        if not m.seats[x].timed:
            continue
        for c in [e for e in s.events if time[e] & barred]:
            s.events.remove(c)
            s.story.insert(0, c)  # Buried: in play it counted, in the Story Deck it still does
            m.say(f"  {m.name(x)} buries {s.game.title(c)}")


#: A Monster's value by Day or by Night ("Add 1 point to the value of this card at Night",
#: "Subtract 1 from the value of this card if it is Day"): the clause, not the card's sentence.
_TIME_VALUE: Final = re.compile(
    r"\b(add|subt?ract) (\d+|one|two) (?:points? )?(?:to|from) (?:the value of this card|this card's value|"
    r"their value) (at night|if it is night|during the day|if it is day)\b"
)
#: A Location where its Investigator's Threat functions as if it is Night.
_NIGHT_HERE: Final = re.compile(r"all monsters in your threat function as if it is night")


def _time_value(card: Card) -> tuple[int, int]:
    """Gets what a Monster's text adds to its value by Day and by Night ((0, 0) for none)."""
    if card.type is not CardType.MONSTER or not card.text:
        return (0, 0)
    day = night = 0
    for m in _TIME_VALUE.finditer(" ".join(card.text.lower().split())):
        n = count(m[2]) * (1 if m[1] == "add" else -1)
        if "night" in m[3]:
            night += n
        else:
            day += n
    return (day, night)


def _value_by_time(m: Match, seat: int, cid: int) -> int:
    """Gets what the time adds to a Monster's value: the table's (rulings l.35), or Night where
    its Investigator stands at a Location whose Threat functions as if it is Night (N'kai's)."""
    seat_ = m.seats[seat]
    day, night = seat_.time_value[cid]
    if m.night:
        return night
    here = m.players[seat].current_location
    return night if here >= 0 and seat_.night_here[here] else day


def _credit_night_here(m: Match, seat: int, cid: int) -> None:
    """Credits the Location that made a Monster of its Investigator's Threat fight as if it were
    Night, by Day, when that changed its value (the coverage's evidence, ``Match.applied``)."""
    seat_ = m.seats[seat]
    here = m.players[seat].current_location
    day, night = seat_.time_value[cid]
    if not m.night and here >= 0 and seat_.night_here[here] and day != night:
        m.applied[seat].add(seat_.game.cards[here].title)


def threat_at_night(card: Card) -> bool:
    """Checks that a Location makes its Investigator's Threat function as if it is Night."""
    return card.type is CardType.LOCATION and bool(_NIGHT_HERE.search(" ".join((card.text or "").lower().split())))


def _night_discard(m: Match, target: int, hits: tuple[Hit, ...]) -> bool:
    """Checks that an Artifact the card Buries is Discarded instead: the card says so when it is
    Night and the target stands at a Location with one of the attributes it names (Outside also
    before any Location is played, l.76)."""
    if not m.night:
        return False
    for kind, _, word in hits:
        if kind == NIGHT_DISCARD:
            t = m.players[target]
            return any((a == "outside" and t.mode is Mode.NOWHERE) or _stands_at(m, target, a) for a in word.split("|"))
    return False


# -- Great Old Ones ----------------------------------------------------------------------------


def _goos_in_play(m: Match) -> None:
    """Reads afresh what the Great Old Ones in play do to every Investigator (l.282: "The effect
    remains as long as the card is in play")."""
    rules: list[Rule] = []
    for seat, s in enumerate(m.players):
        if s.goo >= 0:
            rules.extend(m.seats[seat].goo[s.goo])
    m.goo_rules = tuple(rules)
    m.no_gain = any(k == NO_GAIN for k, _, _ in rules)
    m.barred = 0
    m.passes_needed = 2
    for kind, amount, _ in rules:
        if kind == TIME_LOCK:
            m.barred |= amount
        elif kind == PASSES:
            m.passes_needed = max(m.passes_needed, amount)
    # "All Monsters may Join" holds for every Investigator, not only the GOO's player (l.282).
    join = any(k == ALL_JOIN for k, _, _ in rules)
    for s in m.players:
        s.all_join = join


def _goo_after(m: Match, seat: int, play: Play) -> None:
    """What the Great Old Ones do after a play: one just played applies its effects to every
    Investigator at once (l.282: "Apply each GOO's effects immediately to every Investigator in
    the game"), its player's included; a Travel card or a Location turned upright costs the
    Sanity a GOO in play says."""
    if play.kind is _GOO:
        _goos_in_play(m)
        seat_ = m.seats[seat]
        title = seat_.game.cards[play.card].title
        rules = seat_.goo[play.card]
        if rules and m.tally:
            m.applied[seat].add(title)
        for kind, amount, word in rules:
            if kind == LOSE_NOW:
                for x in m.order():
                    _phobia_loss(m, x, title, amount)
                    if m.stage == OVER:
                        return
            elif kind == TIME_LOCK:
                _lock_time(m, word == "night", amount)
        return
    if play.kind is _TRAVEL or play.kind is _ROTATE:
        for kind, amount, word in m.goo_rules:
            if kind == LOSE_ON_TRAVEL and (play.kind is _TRAVEL or word == "rotate"):
                _phobia_loss(m, seat, "a Great Old One", amount)
                if m.stage == OVER:
                    return


def _push_under_goos(m: Match, seat: int, play: Play) -> None:
    """Makes a play while Great Old Ones are in play: with one that forbids it, no Sanity is
    gained (the engine's gains, applied before losses as l.40 says, are capped at the Sanity the
    Investigator has: the Game's maximum is lowered for the play and put back); with one that
    says so, a Spell cast from a Tome costs nothing (its cost is handed back before it is paid,
    so it cannot end the game)."""
    s = m.players[seat]
    g = s.game
    top = g.sanity_max
    free = 0
    if (
        play.kind is _CAST
        and any(k == FREE_SPELLS for k, _, _ in m.goo_rules)
        and g.profiles[play.target].kind is Kind.TOME
    ):
        free = max(0, -g.use_cost[play.card])
        s.sanity += free
    g.sanity_max = s.sanity if m.no_gain else top + free
    try:
        push(s, play)
    finally:
        g.sanity_max = top
    if s.sanity > top:
        s.sanity = top


def _goo_value(m: Match, title: str) -> int:
    """Gets what the Great Old Ones in play add to a Monster's value by its title."""
    folded = title.lower()
    return sum(amount for kind, amount, word in m.goo_rules if kind == VALUE_OF and word == folded)


def _goo_forbids(m: Match, kind: int) -> bool:
    return bool(m.goo_rules) and any(k == kind for k, _, _ in m.goo_rules)


# -- Summon and Control ------------------------------------------------------------------------


def _leading_opponent(m: Match, seat: int) -> int:
    """Gets the opponent with the highest score, among equals the first to the left (the table's
    rule for a target no policy is asked about, as for Events, :func:`_on_opponent`)."""
    return max((o for o in range(m.n) if o != seat), key=lambda t: (m.score(t), -((t - seat) % m.n)))


def _summoned(m: Match, seat: int, spell: int, monster: int) -> None:
    """A Monster just Summoned attacks at once (rulebook l.317: "The Monster then immediately
    attacks an opponent, who may use Allies, but not Spells, Artifacts, or Threat, to defend").

    It leaves the Threat, where the engine put it, and attacks the leading opponent; there is no
    Cosmic Battle (rulings l.274), so its value, with its bonuses for where the target stands
    (l.379), goes to the target's Allies, every one defending, the strongest first (as against
    an Event's attack; an Invisible Monster passes those without an Enchanted Weapon, l.288,
    l.195), and the rest is the target's Sanity loss. An Ally that absorbs any of it is Buried,
    as after Combat (l.439). Then the Monster is Buried in its player's Story Deck: its attack
    is its use (l.562: "immediately attack with or use that Monster"), and no line keeps it in
    the Threat for Combat."""
    s = m.players[seat]
    g = s.game
    s.threat.remove(monster)
    target = _leading_opponent(m, seat)
    prof = m.seats[seat].combat[monster]
    invisible = prof.invisible or (prof.invisible_at != "" and prof.invisible_at in _attributes(m, target))
    invisible = invisible and not _goo_forbids(m, NO_INVISIBLE)
    attack = _Card(seat, monster, g.title(monster), monster_value(m, seat, monster, target), invisible)
    allies = _ally_cards(m, target, [a for a in m.players[target].allies if a not in m.face_down[target]])
    defenders = [c for c in allies if c.sees] if invisible else allies
    through = _absorb(m, defenders, attack.value)
    _dealt(m, [attack], attack.value)
    m.say(
        f"  {attack.title} attacks {m.name(target)} with {attack.value}"
        + (" (Invisible)" if invisible else "")
        + f": Allies absorb {attack.value - through} (Summoned, rulebook l.317)"
    )
    for c in defenders:
        if c.left < c.value:
            _lose_ally(m, target, c.cid, True)
    s.story.insert(0, monster)  # Buried: it counts in the Story Deck from now on
    s.counted += g.weight[monster]
    if m.tally:
        m.applied[seat].add(g.cards[spell].title)
    if through:
        _phobia_loss(m, target, attack.title, through)


def _control_plays(m: Match, seat: int) -> list[Play]:
    """Gets the casts of the Summon/Control Spells (and uses of such Artifacts) ``seat`` may make
    in Combat (l.321: "Cast the Spell during Combat and hope that the correct Monster class is in
    an opponent's Directed Threat"): offered while some opponent has a Directed Threat of his or
    her own cards (its target, l.307), each payable (a Spell cast from a Tome costs its
    Sanity, l.309; by an Ally or Artifact nothing, l.311)."""
    directed = m.directed
    if not any(c >= 0 for o in range(m.n) if o != seat for cs in directed[o] for c in cs):
        return []
    s = m.players[seat]
    g = s.game
    control = m.seats[seat].control
    plays: list[Play] = []
    for holder, held in s.attached.items():
        for c in held:
            if control[c] and c not in s.cast and c in s.spells:
                cost = g.use_cost[c] if g.profiles[holder].kind is Kind.TOME else 0
                if can_pay(s, cost):
                    plays.append(new_play(_CAST, c, (), holder))
    for a in s.artifacts:
        if control[a] and a not in s.spent and can_pay(s, g.use_cost[a]):
            plays.append(new_play(_USE, a, ()))
    return plays


def is_control(m: Match, seat: int, play: Play) -> bool:
    """Checks that a play in Combat casts a Summon/Control Spell to Control (l.321)."""
    return not play.joined and play.card >= 0 and m.seats[seat].control[play.card] != ""


def _control(m: Match, seat: int, klass: str, title: str) -> None:
    """A Control Spell just cast (l.321): a random Monster of its class in an opponent's Directed
    Threat changes sides. The Directed Threats aimed at the caster are searched first (our
    choice where several opponents' are open: the one that attacks the caster is the one to
    turn), then the others in seat order to the left. The Monster joins a Directed Threat of the
    caster's against the opponent it was taken from (rulings l.29: "Add the Monster to one of
    your Directed Threats or use it to create a new Directed Threat"; l.396: a Spell may turn a
    Threat on its own Investigator); it stays in its owner's Threat, to be returned to him or
    her for Burial at the end of Combat (l.321, l.439)."""
    directed = m.directed
    n = m.n
    owners = [(seat + k) % n for k in range(1, n)]
    tries = [(o, seat) for o in owners] + [(o, b) for o in owners for b in range(n) if b != seat and b != o]
    for o, b in tries:
        classes = m.players[o].game.monster_class
        pool = [c for c in directed[o][b] if c >= 0 and classes[c] == klass]
        if not pool:
            continue
        c = pool[m.rng.randrange(len(pool))]
        directed[o][b].remove(c)
        m.controlled[seat][o].append((o, c))
        m.say(f"  {m.name(seat)} takes control of {m.seats[o].game.title(c)} from {m.name(o)} (rulebook l.321)")
        if m.tally:
            m.applied[seat].add(title)
        return
    m.say(f"  {m.name(seat)} finds no {klass.title()} in an opponent's Directed Threat")


# -- Combat ------------------------------------------------------------------------------------


class _Card:
    """A card in a Battle: its owner, its id in its owner's game, its value now, what is left."""

    __slots__ = ("seat", "cid", "title", "value", "left", "invisible", "bypass", "ally", "sees", "extra")

    def __init__(
        self,
        seat: int,
        cid: int,
        title: str,
        value: int,
        invisible: bool = False,
        bypass: bool = False,
        ally: bool = False,
        sees: bool = False,
    ) -> None:
        self.seat, self.cid, self.title, self.value, self.left = seat, cid, title, value, value
        self.invisible, self.bypass, self.ally, self.sees = invisible, bypass, ally, sees
        #: The points other cards add to it (a Weapon's, a Location's), by their titles: tallied
        #: for them when the card deals or absorbs more than its own value.
        self.extra: list[tuple[str, int]] = []


def monster_value(m: Match, seat: int, cid: int, target: int) -> int:
    """Gets a Monster's value attacking ``target``: printed, plus each bonus once whose
    Location the opponent (or, where the card says so, its own Investigator) stands at
    (l.379: the Star Vampire gains a single +1 whoever is in Space), plus what a Great Old One
    in play adds to its title (l.282)."""
    seats = m.seats
    prof = seats[seat].combat[cid]
    value = prof.value
    if prof.bonuses:
        theirs = _attributes(m, target)
        mine = _attributes(m, seat)
        for amount, attr, either in prof.bonuses:
            if attr in theirs or (either and attr in mine):
                value += amount
    if m.goo_rules:
        value += _goo_value(m, seats[seat].game.cards[cid].title)  # a Great Old One's bonus (l.282)
    if seats[seat].boosted:
        value += sum(points for _, points in monster_bonus(m, seat, cid))
    if seats[seat].time_valued:
        value += _value_by_time(m, seat, cid)
    return value


def monster_bonus(m: Match, seat: int, cid: int) -> list[tuple[str, int]]:
    """Gets what cards of its player's add to a Monster's card value, by title: the Current
    Location's bonus to its kind ("All Martense family members ... add 1 point to the card
    value when this is your current location") and each Artifact in play's ("increase the value
    of all your Mi-Go ... by 1 point"). Looked at only for a deck that has such a card and a
    Monster it names (``Seat.boosted``)."""
    seat_ = m.seats[seat]
    kinds = seat_.kinds[cid]
    s = m.players[seat]
    g = seat_.game
    out = []
    if s.mode is Mode.AT:
        for points, named in seat_.bonus[s.where]:
            if named & kinds:
                out.append((g.cards[s.where].title, points))
    for a in s.artifacts:
        for points, named in seat_.boosts[a]:
            if named & kinds:
                out.append((g.cards[a].title, points))
    return out


def _attributes(m: Match, seat: int) -> frozenset[str]:
    here = m.players[seat].current_location
    return m.seats[seat].places[here] if here >= 0 else frozenset()


def ally_value(m: Match, seat: int, ally: int) -> tuple[int, bool]:
    """Gets an Ally's value with its Weapon's (l.191: they act as one card) and what the Current
    Location adds to its kind, and whether it bears an Enchanted Weapon (it sees Invisible
    Monsters, l.195)."""
    seat_ = m.seats[seat]
    value = seat_.combat[ally].value
    sees = False
    for held in m.players[seat].attached.get(ally, ()):
        prof = seat_.combat[held]
        if prof.weapon:
            value += prof.value
            sees = sees or prof.enchanted
    return value + _location_bonus(m, seat, ally), sees


def _location_bonus(m: Match, seat: int, ally: int) -> int:
    """Gets what the Investigator's Current Location adds to an Ally of the kind it names."""
    s = m.players[seat]
    if s.mode is not Mode.AT:
        return 0
    seat_ = m.seats[seat]
    added = 0
    for points, kinds in seat_.bonus[s.where]:
        if kinds & seat_.kinds[ally]:
            added += points
    return added


def _extras(m: Match, seat: int, ally: int) -> list[tuple[str, int]]:
    """Gets the points other cards add to an Ally, by title: its Weapons', its Location's."""
    seat_ = m.seats[seat]
    g = seat_.game
    out = [
        (g.cards[c].title, seat_.combat[c].value)
        for c in m.players[seat].attached.get(ally, ())
        if seat_.combat[c].weapon
    ]
    bonus = _location_bonus(m, seat, ally)
    if bonus:
        out.append((g.cards[m.players[seat].where].title, bonus))
    return out


def _credit(m: Match, tally: dict[str, int], c: _Card, before: int, after: int) -> None:
    """Credits the cards that add to ``c`` with the points it dealt or absorbed beyond its own
    value, from ``before`` to ``after`` points of its total (its own value spent first)."""
    start = c.value - sum(p for _, p in c.extra)  # the card's own points come first
    for title, points in c.extra:
        lo, hi = max(before, start), min(after, start + points)
        if hi > lo:
            tally[title] = tally.get(title, 0) + hi - lo
        start += points


def combat(m: Match, policies: Sequence[Policy]) -> None:
    """Plays Combat in the rulebook's order (l.400-445):

    1. Directed Threats (l.402): each player aims every card of the Threat at an opponent
       (a player's Threat never attacks its own Investigator, l.396).
    2. Defending Allies (l.406): each player sets Allies against the Directed Threats aimed at
       him or her; an Ally defends against one of them only.
    3. Spells and Artifacts (l.410): in order, each player casts one Spell or uses one Artifact,
       round after round until nobody does.
    4. Battles (l.414), from the lowest Sanity, each player resolving the Battles he or she is
       in, opponents in seat order to the left: the Cosmic Battle (l.420-422), Bypassing
       Monsters kept out of it (l.290, l.508); what is left against the Defending Allies
       (Invisible Monsters pass those without an Enchanted Weapon, l.288, l.195), then the
       Investigator (l.430); Assault when both stand at the same Current Location (l.428,
       l.502).
    5. Burying (l.439): every card of every Threat, and every Ally that absorbed any Sanity
       loss (with the cards it holds, l.191).

    The game ends the moment an Investigator has no Sanity left (l.91, l.470).
    """
    n = m.n
    players = m.players
    if m.log is not None:
        m.say(f"Combat, Round {m.round}")
    # 1. Directed Threats.
    directed: list[list[list[int]]] = [[[] for _ in range(n)] for _ in range(n)]
    for a in m.order():
        threat = players[a].threat
        if not threat:
            continue
        targets = policies[a].direct(m, a)
        for cid, b in zip(threat, targets):
            if b == a or not 0 <= b < n:
                b = (a + 1) % n  # a policy's mistake: never the own Investigator (l.396)
            directed[a][b].append(cid)
        for b in range(n):
            if directed[a][b] and m.log is not None:
                m.say(f"  {m.name(a)} directs {len(directed[a][b])} card(s) at {m.name(b)}")
    if not any(directed[a][b] for a in range(n) for b in range(n)):
        m.say("  no Threat to direct")
    m.directed = directed
    m.controlled = [[[] for _ in range(n)] for _ in range(n)]
    # 2. Defending Allies.
    defending: list[list[list[int]]] = [[[] for _ in range(n)] for _ in range(n)]  # [b][a]: b's Allies vs a
    # Allies bearing an Enchanted Weapon placed atop a Directed Threat, or making one (l.193, l.395):
    # [b][a], b's Allies in the Threat against a.
    attacking: list[list[list[int]]] = [[[] for _ in range(n)] for _ in range(n)]
    for b in m.order():
        allies = players[b].allies
        if not allies:
            continue
        incoming = [len(directed[a][b]) for a in range(n)]
        armed = m.seats[b].enchanted and any(ally_value(m, b, a)[1] for a in allies)
        if not armed and not any(incoming) and not any(is_assault(m, a, b) and directed[b][a] for a in range(n)):
            continue
        choice = policies[b].defend(m, b, incoming)
        down = m.face_down[b]
        for ally, a in zip(allies, choice):
            if down and ally in down:
                continue  # face-down: its value not available to defend (l.532)
            if 0 <= a < n and a != b:
                defending[b][a].append(ally)
            elif a <= -2 and 0 <= -2 - a < n and -2 - a != b and ally_value(m, b, ally)[1]:
                attacking[b][-2 - a].append(ally)
        if m.bound[b]:
            _bound_defend(m, b, incoming, defending, attacking)
        for a in range(n):
            if defending[b][a] and m.log is not None:  # the titles and values only for a log
                titles = ", ".join(f"{m.seats[b].game.title(c)} ({ally_value(m, b, c)[0]})" for c in defending[b][a])
                m.say(f"  {m.name(b)} defends against {m.name(a)} with {titles}")
            if attacking[b][a]:
                if m.log is not None:
                    titles = ", ".join(
                        f"{m.seats[b].game.title(c)} ({ally_value(m, b, c)[0]})" for c in attacking[b][a]
                    )
                    m.say(f"  {m.name(b)} adds to the Threat against {m.name(a)}: {titles} (Enchanted Weapons)")
                directed[b][a].extend(-1 - c for c in attacking[b][a])  # an Ally in the Threat: -1 - id
    # 3. Spells and Artifacts, round after round (l.410).
    m.defending = defending
    _spell_rounds(m, policies)
    controlled = m.controlled
    if m.stage == OVER:
        m.directed, m.controlled, m.defending, m.marked, m.rising, m.warped = [], [], [], [], [], []
        m.seeing, m.deflected, m.boost = [], [], []
        return
    # 4. Battles, from the lowest Sanity (l.414).
    hurt: list[set[int]] = [set() for _ in range(n)]  # Allies that absorbed Sanity loss
    for b in range(n):
        for a in range(n):
            hurt[b].update(attacking[b][a])  # Allies in a Threat are Buried at the end of Combat (l.395)
    for b, ally in m.warped:
        hurt[b].add(ally)  # an Ally a Spell made a Monster: Buried after Combat (its text)
    m.warped = []
    done: set[tuple[int, int]] = set()
    for a in m.order():
        for k in range(1, n):
            b = (a + k) % n
            pair = (min(a, b), max(a, b))
            if pair in done:
                continue
            if not (
                directed[a][b]
                or directed[b][a]
                or controlled[a][b]
                or controlled[b][a]
                or (is_assault(m, a, b) and (defending[a][b] or defending[b][a]))
            ):
                continue
            done.add(pair)
            _battle(m, a, b, directed, defending, hurt)
            if m.stage == OVER:
                break
        if m.stage == OVER:
            break
    # 5. Burying (l.439): a controlled Monster is still in its owner's Threat, Buried by him or her.
    if m.rising:
        _rise(m, hurt)
    m.directed, m.controlled, m.defending, m.seeing, m.deflected, m.boost = [], [], [], [], [], []
    if m.marked:
        _discard_marked(m, hurt)
    _bury(m, hurt)


def is_assault(m: Match, a: int, b: int) -> bool:
    """Checks l.428/l.502: both Investigators at the exact same Current Location (same title),
    or an Ambush played this Round by either and both at City Locations of one subregion."""
    here_a, here_b = m.players[a].current_location, m.players[b].current_location
    if here_a < 0 or here_b < 0:
        return False
    if m.seats[a].game.cards[here_a].title == m.seats[b].game.cards[here_b].title:
        return True
    return m.ambushing and _ambush_title(m, a, b) != ""


def _ambush_title(m: Match, a: int, b: int) -> str:
    """Gets the title of an Ambush (:func:`~.combatcards.ambush`) played this Round by ``a`` or
    ``b`` whose condition holds: both Current Locations City, of one subregion; "" for none."""
    here_a, here_b = m.players[a].current_location, m.players[b].current_location
    card_a, card_b = m.seats[a].game.cards[here_a], m.seats[b].game.cards[here_b]
    if card_a.subregion != card_b.subregion or not card_a.subregion:
        return ""
    if "city" not in m.seats[a].places[here_a] or "city" not in m.seats[b].places[here_b]:
        return ""
    for x in (a, b):
        played, title = m.ambushed[x]
        if played == m.round:
            return title
    return ""


def _spell_rounds(m: Match, policies: Sequence[Policy]) -> None:
    """Each player in order casts one Spell or uses one Artifact, until nobody does (l.410).
    The uses offered are those whose effects the engine plays at any time: draws and Sanity."""
    for _ in range(8):  # each round uses a card up; a bound against a policy that never stops
        anyone = False
        for seat in m.order():
            s = m.players[seat]
            plays = [
                p
                for p in use_plays_now(s)
                if (p.kind is _CAST or p.kind is _USE) and not p.joined and _combat_use(s, p)
            ]
            if m.seats[seat].summons:
                plays += _control_plays(m, seat)
            if m.seats[seat].fights:
                plays += combat_card_plays(m, seat)
            if not plays:
                continue
            play = policies[seat].combat_use(m, seat, plays)
            if play is None:
                continue
            anyone = True
            if m.seats[seat].in_combat[play.card] and s.game.effects[play.card] is None:
                _cast_in_combat(m, seat, play)
                if s.phase is _OVER_PHASE:
                    _ended(m)
                    return
                continue
            m.say(f"  {m.name(seat)}: {describe(s, play)}")
            if m.tally:
                m.played[seat].add(s.game.cards[play.card].title)
            if m.goo_rules:
                _push_under_goos(m, seat, play)
            else:
                push(s, play)
            if s.phase is _OVER_PHASE:
                _ended(m)
                return
            if is_control(m, seat, play):
                _control(m, seat, m.seats[seat].control[play.card], s.game.cards[play.card].title)
            if m.seats[seat].fights and m.seats[seat].in_combat[play.card] == ALLY_NOW and play.joined:
                _defends_now(m, seat, play)
        if not anyone:
            return


def combat_card_plays(m: Match, seat: int) -> list[Play]:
    """Gets the casts of ``seat``'s Spells that work only in Combat (:mod:`~.combatcards`)
    whose target exists and whose Sanity cost can be paid: a Spell under a Tome not yet cast
    this Round (l.309), or held by an Ally (l.311)."""
    s = m.players[seat]
    seat_ = m.seats[seat]
    g = s.game
    plays = []
    if any(m.directed[o][seat] for o in range(m.n) if o != seat):
        # An Ally played at once by a Spell that lets it join Combat: the engine's own casts.
        plays += [p for p in use_plays_now(s) if p.joined and seat_.in_combat[p.card] == ALLY_NOW]
    for holder, held in s.attached.items():
        for c in held:
            what = seat_.in_combat[c]
            if not what or c in s.cast or g.effects[c] is not None:
                continue
            if g.profiles[holder].kind is Kind.TOME and not can_pay(s, g.cards[c].sanity or 0):
                continue
            if what == TO_HAND:
                ok = any(x >= 0 for o in range(m.n) if o != seat for x in m.directed[o][seat])
            elif what == BOOST:
                ok = any(m.defending[seat][o] and m.directed[o][seat] for o in range(m.n) if o != seat)
            elif what == DEFLECT:
                ok = any(m.defending[o][seat] for o in range(m.n) if o != seat)
            elif what == VISIBLE:
                ok = all(x != seat for x, _ in m.seeing) and any(m.directed[o][seat] for o in range(m.n) if o != seat)
            elif what == WARP:
                ok = bool(_warpable(m, seat)) and any(m.directed[seat][o] for o in range(m.n) if o != seat)
            elif what == RISE:
                ok = all(r != seat for r, _ in m.rising) and any(
                    m.defending[seat][o] and m.directed[o][seat] for o in range(m.n) if o != seat
                )
            elif what == DISCARD_INSTEAD:
                marked = {(o, a) for o, a, _, _ in m.marked}
                ok = any((o, a) not in marked for o in range(m.n) if o != seat for a in m.defending[o][seat])
            else:
                ok = False
            if ok:
                plays.append(new_play(_CAST, c, (), holder))
    return plays


def _cast_in_combat(m: Match, seat: int, play: Play) -> None:
    """Casts a Spell that works only in Combat (:mod:`~.combatcards`): pays and flips or Buries
    it as any Spell (l.309, l.311), then plays what its text says."""
    s = m.players[seat]
    g = s.game
    c, holder = play.card, play.target
    title = g.cards[c].title
    if m.tally:
        m.played[seat].add(title)
    if g.profiles[holder].kind is Kind.TOME:
        s.cast += (c,)
        pay_one(s, g.cards[c].sanity or 0)
    else:
        s.spells.remove(c)
        s.attached[holder] = tuple(x for x in s.attached[holder] if x != c)
        s.story.insert(0, c)
    opponents = [o for o in range(m.n) if o != seat]
    if m.seats[seat].in_combat[c] == TO_HAND:
        # The Directed Threat aimed at the caster with the most cards (our choice), one of its
        # cards at random (an Ally placed atop it is not a card of the Threat's own).
        o = max(opponents, key=lambda x: (sum(1 for y in m.directed[x][seat] if y >= 0), -x))
        cards = [y for y in m.directed[o][seat] if y >= 0]
        back = cards[m.rng.randrange(len(cards))]
        m.directed[o][seat].remove(back)
        m.players[o].threat.remove(back)
        m.players[o].hand.append(back)
        m.say(f"  {m.name(seat)} casts {title}: {m.seats[o].game.title(back)} returns to {m.name(o)}'s Hand")
        if m.tally:
            m.applied[seat].add(title)
        return
    if m.seats[seat].in_combat[c] == BOOST:
        ally = max(
            (a for o in opponents if m.directed[o][seat] for a in m.defending[seat][o]),
            key=lambda a: ally_value(m, seat, a)[0],
        )
        m.boost.append((seat, ally, boost_points(g.cards[c]), title))
        m.say(f"  {m.name(seat)} casts {title} on {g.title(ally)}")
        return
    if m.seats[seat].in_combat[c] == DEFLECT:
        owner, ally = max(
            ((o, a) for o in opponents for a in m.defending[o][seat]), key=lambda oa: ally_value(m, oa[0], oa[1])[0]
        )
        m.defending[owner][seat].remove(ally)
        if m.directed[owner][seat]:
            attacker = owner
        else:
            attacker = max(opponents, key=lambda x: (len(m.directed[x][seat]), -x))
        m.deflected.append((owner, ally, seat, attacker))
        m.say(
            f"  {m.name(seat)} casts {title}: {m.seats[owner].game.title(ally)} of {m.name(owner)}'s "
            f"defends {m.name(seat)} against {m.name(attacker)}"
        )
        if m.tally:
            m.applied[seat].add(title)
        return
    if m.seats[seat].in_combat[c] == VISIBLE:
        m.seeing.append((seat, title))
        m.say(f"  {m.name(seat)} casts {title}")
        return
    if m.seats[seat].in_combat[c] == WARP:
        ally = max(_warpable(m, seat), key=lambda a: ally_value(m, seat, a)[0])
        o = max((x for x in opponents), key=lambda x: (len(m.directed[seat][x]), -x))
        m.directed[seat][o].append(-1 - ally)  # in the Threat as an Ally with a Weapon is (l.395)
        m.warped.append((seat, ally))
        m.say(f"  {m.name(seat)} casts {title}: {g.title(ally)} joins the Threat against {m.name(o)}")
        if m.tally:
            m.applied[seat].add(title)
        return
    if m.seats[seat].in_combat[c] == RISE:
        m.rising.append((seat, title))
        m.say(f"  {m.name(seat)} casts {title}")
        return
    # DISCARD_INSTEAD: the strongest Defending Ally against the caster not marked yet (our choice).
    marked = {(o, a) for o, a, _, _ in m.marked}
    o, ally = max(
        ((o, a) for o in opponents for a in m.defending[o][seat] if (o, a) not in marked),
        key=lambda oa: ally_value(m, oa[0], oa[1])[0],
    )
    m.marked.append((o, ally, seat, title))
    m.say(f"  {m.name(seat)} casts {title} on {m.seats[o].game.title(ally)} of {m.name(o)}'s")


def _warpable(m: Match, seat: int) -> list[int]:
    """Gets ``seat``'s Allies a :data:`~.combatcards.WARP` Spell may place in its Threat: those
    defending no one, in no Threat already, holding no card."""
    s = m.players[seat]
    busy = {a for o in range(m.n) for a in m.defending[seat][o]}
    busy |= {-1 - x for o in range(m.n) for x in m.directed[seat][o] if x < 0}
    return [a for a in s.allies if a not in busy and not s.attached.get(a)]


def _defends_now(m: Match, seat: int, play: Play) -> None:
    """The Ally a :data:`~.combatcards.ALLY_NOW` Spell played in Combat defends against the
    Directed Threat aimed at its player with the most cards."""
    ally = play.joined[0]
    s = m.players[seat]
    if ally not in s.allies:
        return
    o = max((x for x in range(m.n) if x != seat), key=lambda x: (len(m.directed[x][seat]), -x))
    m.defending[seat][o].append(ally)
    m.say(f"  {m.name(seat)}: {s.game.title(ally)} defends against {m.name(o)}")
    if m.tally:
        m.applied[seat].add(s.game.cards[play.card].title)


def _rise(m: Match, hurt: list[set[int]]) -> None:
    """After the Battles, the Allies lost in Combat by a player who cast a :data:`RISE` Spell
    attack the opponent whose Directed Threat each defended against, whose Allies not lost in
    Combat defend (:mod:`~.combatcards`)."""
    for seat, title in m.rising:
        if m.stage == OVER:
            break
        s = m.players[seat]
        for o in range(m.n):
            lost = [a for a in m.defending[seat][o] if a in hurt[seat] and a in s.allies] if o != seat else []
            if not lost:
                continue
            attack = [_Card(seat, a, s.game.title(a), ally_value(m, seat, a)[0]) for a in lost]
            defenders = _ally_cards(m, o, [a for a in m.players[o].allies if a not in hurt[o]])
            m.say(f"  {m.name(seat)}'s lost Allies rise against {m.name(o)} ({title})")
            _hit(m, seat, o, attack, defenders, hurt)
            if m.tally:
                m.applied[seat].add(title)
            if m.stage == OVER:
                break
    m.rising = []


def _discard_marked(m: Match, hurt: list[set[int]]) -> None:
    """Discards, instead of Burying, each marked Ally that absorbed Sanity loss
    (:data:`~.combatcards.DISCARD_INSTEAD`), with the cards it holds (they go with it, l.191)."""
    for o, ally, caster, title in m.marked:
        s = m.players[o]
        if ally not in hurt[o] or ally not in s.allies:
            continue
        hurt[o].discard(ally)
        _lose_ally(m, o, ally, bury=False)
        if m.tally:
            m.applied[caster].add(title)
    m.marked = []


def _combat_use(s: GameState, play: Play) -> bool:
    from deckbuilder.rules.effects import EffectKind

    e = s.game.effects[play.card]
    return e is not None and all(f.kind in (EffectKind.DRAW, EffectKind.SANITY) for f in e.effects)


def _battle(
    m: Match, a: int, b: int, directed: list[list[list[int]]], defending: list[list[list[int]]], hurt: list[set[int]]
) -> None:
    """Resolves the Battle of ``a`` and ``b`` (l.414-435)."""
    assault = is_assault(m, a, b)
    side = {x: _threat_cards(m, x, y, directed[x][y], m.controlled[x][y]) for x, y in ((a, b), (b, a))}
    allies = {x: _ally_cards(m, x, defending[x][y]) for x, y in ((a, b), (b, a))}
    for owner, ally, x, y in m.deflected:
        if (x, y) in ((a, b), (b, a)):  # an opponent's Ally turned by a Spell defends x (its owner's card)
            value, sees = ally_value(m, owner, ally)
            allies[x].append(_Card(owner, ally, m.seats[owner].game.title(ally), value, ally=True, sees=sees))
    if m.log is not None:
        for x, y in ((a, b), (b, a)):
            if side[x]:
                shown = ", ".join(
                    f"{c.title} {c.value}" + (" (Bypass)" if c.bypass else "") + (" (Invisible)" if c.invisible else "")
                    for c in side[x]
                )
                m.say(f"  Battle {m.name(x)} -> {m.name(y)}: reveals {shown} = {sum(c.value for c in side[x])}")
    # The Cosmic Battle (l.420-422): the Monsters that do not Bypass absorb each other's points.
    fight = {x: [c for c in side[x] if not c.bypass] for x in (a, b)}
    power = {x: sum(c.value for c in fight[x]) for x in (a, b)}
    if fight[a] or fight[b]:
        for x, y in ((a, b), (b, a)):
            _absorb(m, fight[x], power[y])  # x's Monsters absorb y's attack
        if m.log is not None:
            m.say(f"  Cosmic Battle: {m.name(a)} {power[a]} against {m.name(b)} {power[b]}")
    # What is left: each Monster's points not spent in the Cosmic Battle, the Bypassing ones whole.
    left = {x: _left_over(fight[x], power[y]) + [c for c in side[x] if c.bypass] for x, y in ((a, b), (b, a))}
    for x, y in ((a, b), (b, a)):
        for c in left[x]:
            if not c.bypass and not c.ally and c.seat == x and m.seats[x].combat[c.cid].takes:
                _takes_artifact(m, x, y, c.cid)
    if assault:
        if m.ambushing and m.tally:
            _credit_ambush(m, a, b)
        _assault_battle(m, a, b, left, allies, hurt)
        return
    for x, y in ((a, b), (b, a)):
        _hit(m, x, y, left[x], allies[y], hurt)
        if m.stage == OVER:
            return


def _credit_ambush(m: Match, a: int, b: int) -> None:
    """Notes an Ambush applied when it alone made the Battle an Assault (not the same Location)."""
    here_a, here_b = m.players[a].current_location, m.players[b].current_location
    if m.seats[a].game.cards[here_a].title == m.seats[b].game.cards[here_b].title:
        return
    title = _ambush_title(m, a, b)
    for x in (a, b):
        if m.ambushed[x] == (m.round, title):
            m.applied[x].add(title)
            return


def _takes_artifact(m: Match, x: int, y: int, cid: int) -> None:
    """A Monster of ``x``'s that survived the Cosmic Battle takes an Artifact of ``y``'s, who
    Buries it (its text; the Artifact chosen by x is the most valuable, our choice)."""
    t = m.players[y]
    seat_ = m.seats[x]
    if seat_.combat[cid].takes == "spell":
        _takes_spell(m, x, y, cid)
        return
    if not t.artifacts:
        return
    if seat_.combat[cid].takes == "chosen":
        combat_ = m.seats[y].combat
        c = max(t.artifacts, key=lambda a: combat_[a].value)
    else:
        c = t.artifacts[m.rng.randrange(len(t.artifacts))]
    if m.seats[y].reacting and _protected(m, y, c, False):
        return
    t.artifacts.remove(c)
    for ally, held in list(t.attached.items()):
        if c in held:
            t.attached[ally] = tuple(h for h in held if h != c)
    t.story.insert(0, c)  # Buried: it counts on in the Story Deck
    m.say(f"  {seat_.game.title(cid)} takes {t.game.title(c)}: {m.name(y)} buries it")
    if m.tally:
        m.applied[x].add(seat_.game.cards[cid].title)


def _takes_spell(m: Match, x: int, y: int, cid: int) -> None:
    """A Monster of ``x``'s that survived the Cosmic Battle devours a Spell of ``y``'s, chosen by
    x, who Buries it (its text): one not cast this Round first (it could still be cast), the
    first in play among equals (our choice)."""
    t = m.players[y]
    if not t.spells:
        return
    c = next((s for s in t.spells if s not in t.cast), t.spells[0])
    t.spells.remove(c)
    for holder, held in list(t.attached.items()):
        if c in held:
            t.attached[holder] = tuple(h for h in held if h != c)
    t.story.insert(0, c)  # Buried: it counts on in the Story Deck
    seat_ = m.seats[x]
    m.say(f"  {seat_.game.title(cid)} devours {t.game.title(c)}: {m.name(y)} buries it")
    if m.tally:
        m.applied[x].add(seat_.game.cards[cid].title)


def _threat_cards(m: Match, seat: int, target: int, cids: list[int], taken: list[tuple[int, int]]) -> list[_Card]:
    """Gets ``seat``'s Directed Threat against ``target`` as laid down: its cards, an Ally
    placed atop it, and the Monsters it controls (``taken``: their owner and id, l.321; each
    keeps its owner's card for its value and its tally)."""
    g = m.seats[seat].game
    combat_ = m.seats[seat].combat
    attrs = _attributes(m, target)
    cards = []
    # A Great Old One in play may say no Monster is Invisible, or Bypasses Combat (l.282).
    seen_all, fight_all = _goo_forbids(m, NO_INVISIBLE), _goo_forbids(m, NO_BYPASS)
    seer = next((title for x, title in m.seeing if x == target), "") if m.seeing else ""
    for owner, cid in taken:
        prof = m.seats[owner].combat[cid]
        invisible = prof.invisible or (prof.invisible_at != "" and prof.invisible_at in attrs)
        value = monster_value(m, owner, cid, target)
        invisible, bypass = invisible and not seen_all, prof.bypass and not fight_all
        cards.append(_Card(owner, cid, m.seats[owner].game.title(cid), value, invisible, bypass))
    for cid in cids:
        if cid < 0:  # an Ally bearing an Enchanted Weapon, placed in the Threat (l.193, l.395): its
            ally = -1 - cid  # value with the Weapon's, as a Lesser Independent Monster
            card = _Card(seat, ally, g.title(ally), ally_value(m, seat, ally)[0])
            if m.tally:
                card.extra = _extras(m, seat, ally)
            cards.append(card)
            continue
        prof = combat_[cid]
        invisible = prof.invisible or (prof.invisible_at != "" and prof.invisible_at in attrs)
        invisible, bypass = invisible and not seen_all, prof.bypass and not fight_all
        if invisible and seer:
            invisible = False  # a Spell of the target's makes it Visible (:data:`VISIBLE`)
            if m.tally:
                m.applied[target].add(seer)
        card = _Card(seat, cid, g.title(cid), monster_value(m, seat, cid, target), invisible, bypass)
        if m.tally and m.seats[seat].boosted:
            card.extra = monster_bonus(m, seat, cid)  # credited to the Location or Artifact
        cards.append(card)
        if m.tally and m.seats[seat].time_valued:
            _credit_night_here(m, seat, cid)
    if m.seats[target].halving:
        _halve(m, seat, target, cards)
    # l.416: the attacker lays the Monsters down in an order of his or her choosing; ours puts
    # the visible ones first, so that the Cosmic Battle spends them before the Invisible ones.
    cards.sort(key=lambda c: c.invisible)
    return cards


def _halve(m: Match, seat: int, target: int, cards: list[_Card]) -> None:
    """An Artifact of the target's, face-up in play, halves the attack of Monsters of its
    classes in the Directed Threat the target designates before the Monsters are revealed: ours,
    the Threat of the most cards aimed at him or her (then the first to the left). Half of an
    odd value is rounded up (our reading: the card names no rounding, nor does the rulebook)."""
    t, halves = m.players[target], m.seats[target].halves
    down = m.gear_down[target]
    stone = next((a for a in t.artifacts if halves[a] and all(x != a for x, _, _ in down)), -1)
    if stone < 0:
        return
    aimed = [(len(m.directed[a][target]), -((a - target) % m.n), a) for a in range(m.n) if a != target]
    if max(aimed)[2] != seat:
        return
    classes = halves[stone]
    for c in cards:
        if c.ally or c.cid < 0:
            continue
        klass = (m.seats[c.seat].game.cards[c.cid].monster_class or "").lower()
        if klass in classes and c.value > 0:
            c.value = c.left = (c.value + 1) // 2
            m.say(f"  {t.game.title(stone)} halves {c.title} to {c.value}")
            if m.tally:
                m.applied[target].add(t.game.cards[stone].title)


def _ally_cards(m: Match, seat: int, cids: list[int]) -> list[_Card]:
    g = m.seats[seat].game
    cards = []
    commanded = _commanded(m, seat, cids) if m.seats[seat].commands else {}
    for cid in cids:
        value, sees = ally_value(m, seat, cid)
        command = commanded.get(cid)
        if command is not None:
            value += command[1]
        boosts = [(title, points) for x, a, points, title in m.boost if x == seat and a == cid] if m.boost else []
        value += sum(points for _, points in boosts)
        card = _Card(seat, cid, g.title(cid), value, ally=True, sees=sees)
        if m.tally:
            card.extra = _extras(m, seat, cid)
            if command is not None:
                card.extra.append(command)
            card.extra += boosts  # credited to the Spell (:data:`~.combatcards.BOOST`)
        cards.append(card)
    # l.424: the defender orders the Allies; ours the strongest first, so fewer are Buried.
    cards.sort(key=lambda c: -c.value)
    return cards


def _commanded(m: Match, seat: int, cids: list[int]) -> dict[int, tuple[str, int]]:
    """Gets, per Defending Ally among ``cids``, the Weapon title and points another defending
    wielder's Weapon adds to it (:func:`~.monsters.command_bonus`): the largest only, since such
    a Weapon is "not cumulative with another Ally's Command Ability"."""
    seat_ = m.seats[seat]
    s = m.players[seat]
    out: dict[int, tuple[str, int]] = {}
    for wielder in cids:
        for held in s.attached.get(wielder, ()):
            points, named = seat_.command[held]
            if not points:
                continue
            for cid in cids:
                if cid != wielder and named & seat_.kinds[cid] and points > out.get(cid, ("", 0))[1]:
                    out[cid] = (seat_.game.cards[held].title, points)
    return out


def _absorb(m: Match, cards: list[_Card], points: int) -> int:
    """Lets ``cards`` absorb ``points`` in order, each as much as it can (l.422, l.426); gets
    what is left. Notes each card's absorbed points."""
    for c in cards:
        if points <= 0:
            break
        took = min(c.left, points)
        if took <= 0:
            continue
        c.left -= took
        points -= took
        if m.tally:
            d = m.absorbed[c.seat]
            d[c.title] = d.get(c.title, 0) + took
            if c.extra:
                _credit(m, d, c, c.value - c.left - took, c.value - c.left)
    return points


def _left_over(cards: list[_Card], absorbed: int) -> list[_Card]:
    """Gets the attacker's cards with what each still deals after the opposing Threat absorbed
    ``absorbed`` of their points, spent from the first laid down (l.416, l.422)."""
    out = []
    for c in cards:
        spent = min(c.value, absorbed)
        absorbed -= spent
        if c.value - spent > 0:
            left = _Card(c.seat, c.cid, c.title, c.value - spent, c.invisible, c.bypass)
            if c.extra:
                left.extra = _extra_left(c, spent)
            out.append(left)
    return out


def _extra_left(c: _Card, spent: int) -> list[tuple[str, int]]:
    """Gets the points other cards add to ``c`` still unspent after ``spent`` of its points
    (its own value spent first, as :func:`_credit` counts them)."""
    beyond = spent - (c.value - sum(p for _, p in c.extra))
    out = []
    for title, points in c.extra:
        used = min(max(beyond, 0), points)
        beyond -= points
        if points > used:
            out.append((title, points - used))
    return out


def _dealt(m: Match, cards: list[_Card], points: int) -> None:
    """Credits ``points`` of Sanity loss dealt to Allies or an Investigator to ``cards`` in order."""
    if not m.tally:
        return
    for c in cards:
        if points <= 0:
            return
        took = min(c.value, points)
        points -= took
        d = m.dealt[c.seat]
        d[c.title] = d.get(c.title, 0) + took
        if c.extra:
            _credit(m, d, c, 0, took)


def _hit(m: Match, x: int, y: int, attack: list[_Card], allies: list[_Card], hurt: list[set[int]]) -> None:
    """x's remaining Threat against y's Defending Allies, then y's Investigator (l.426, l.430)."""
    if not attack:
        return
    seen = [c for c in attack if not c.invisible]
    unseen = [c for c in attack if c.invisible]
    watchers = [c for c in allies if c.sees]
    # Invisible Monsters pass Allies without an Enchanted Weapon (l.288); those with one see them.
    through = _absorb(m, watchers, sum(c.value for c in unseen))
    through += _absorb(m, allies, sum(c.value for c in seen))
    for c in allies:
        if c.left < c.value:
            hurt[c.seat].add(c.cid)  # its owner Buries it (an Ally turned by a Spell too)
    total = sum(c.value for c in attack)
    _dealt(m, attack, total)
    if m.log is not None:
        m.say(
            f"  {m.name(x)}'s Threat deals {total} to {m.name(y)}: Allies absorb {total - through}, "
            f"{m.name(y)} loses {through} Sanity"
        )
    _lose(m, y, through)


def _assault_battle(
    m: Match, a: int, b: int, left: dict[int, list[_Card]], allies: dict[int, list[_Card]], hurt: list[set[int]]
) -> None:
    """l.428, l.502: at the same Current Location the Defending Allies attack too: each side's
    remaining Threat and its Allies are totalled and compared; each side's cards absorb the
    other's total, the Monsters first, and what the loser's cards cannot absorb is Sanity lost."""
    total = {x: sum(c.value for c in left[x]) + sum(c.value for c in allies[x]) for x in (a, b)}
    if m.log is not None:
        here_a, here_b = m.players[a].current_location, m.players[b].current_location
        same = m.seats[a].game.cards[here_a].title == m.seats[b].game.cards[here_b].title
        how = "at the same Location" if same else f"by {_ambush_title(m, a, b)}"
        m.say(f"  Assault {how}: {m.name(a)} {total[a]} against {m.name(b)} {total[b]}")
    for x, y in ((a, b), (b, a)):
        through = _absorb(m, left[x] + allies[x], total[y])
        for c in allies[x]:
            if c.left < c.value:
                hurt[c.seat].add(c.cid)
        _dealt(m, left[y] + allies[y], total[y])
        if through:
            if m.log is not None:
                m.say(f"  {m.name(x)} loses {through} Sanity")
            _lose(m, x, through)
            if m.stage == OVER:
                return


def _lose(m: Match, seat: int, points: int) -> None:
    if points <= 0:
        return
    s = m.players[seat]
    before = s.sanity
    pay_one(s, -points)
    if m.tally:
        m.combat_lost[seat] += before - s.sanity
    if s.phase is _OVER_PHASE:
        _ended(m)


def _bury(m: Match, hurt: list[set[int]]) -> None:
    """l.439: every Threat card Buried in its owner's Story Deck, and every Ally that absorbed
    any Sanity loss, with the Weapon and Spells it holds (l.191)."""
    for seat, s in enumerate(m.players):
        g = s.game
        if s.threat:
            s.story[0:0] = s.threat
            s.counted += sum(g.weight[c] for c in s.threat)
            s.threat = []
        for ally in hurt[seat]:
            if ally not in s.allies:
                continue
            s.allies.remove(ally)
            held = s.attached.pop(ally, ())
            for c in held:
                if c in s.artifacts:
                    s.artifacts.remove(c)
                if c in s.spells:
                    s.spells.remove(c)
            s.story[0:0] = [ally, *held]  # in play they counted already; in the Story Deck they still do
            if m.log is not None:
                m.say(f"  {m.name(seat)} buries {g.title(ally)}")


# -- the Round ---------------------------------------------------------------------------------


def end_of_combat(m: Match) -> None:
    """Ends Combat for every player: a Great Old One stays through the next Round's Combat
    (l.286), then each player's Discard phase begins (the engine's end of card play). A Great
    Old One whose text says so has every Investigator Discard the Monsters in the Hand first."""
    if m.goo_rules and any(k == DISCARD_MONSTERS for k, _, _ in m.goo_rules):
        for seat, s in enumerate(m.players):
            monsters = [c for c in s.hand if s.game.profiles[c].kind is Kind.MONSTER]
            for c in monsters:
                s.hand.remove(c)
                s.discard.append(c)
            if monsters:
                m.say(f"  {m.name(seat)} discards {len(monsters)} Monster card(s) from the Hand (a Great Old One)")
    for s in m.players:
        end_card_play(s)
    if m.goo_rules:
        _goos_in_play(m)  # a Great Old One Buried at the end of its second Combat (l.286)
    m.stage = DISCARD


def discard_phase(m: Match, policies: Sequence[Policy]) -> None:
    """Each player, from the lowest Sanity, discards, may reshuffle or undergo the Voluntary
    Lobotomy, and draws (l.445-460); then the next Round starts from the lowest Sanity (l.460)."""
    for seat in m.order():
        discard(m, seat, policies[seat])
        if m.stage == OVER:
            return
    next_round(m)


def discard(m: Match, seat: int, policy: Policy) -> None:
    """Plays one player's Discard phase to its end (l.445-460), each play the policy's."""
    s = m.players[seat]
    for _ in range(200):
        if s.phase is not _DISCARD_PHASE:
            break
        discard_play(m, seat, policy.choose(m, seat, legal_plays(s)))


def discard_play(m: Match, seat: int, play: Play) -> None:
    """Makes one play of a player's Discard phase (a discard, the reshuffle, the Voluntary
    Lobotomy, the end of the Round: the engine's, l.445-460); the game ends if it leaves the
    Investigator without Sanity (l.91)."""
    s = m.players[seat]
    if m.log is not None and play.kind is not PlayKind.END_ROUND:
        m.say(f"  {m.name(seat)}: {describe(s, play)}")
    push(s, play)
    if s.phase is _OVER_PHASE:
        _ended(m)


def next_round(m: Match) -> None:
    """Starts the next Round once every player's Discard phase is over (l.460): from the lowest
    Sanity, with the Events staying on Investigators that strike at a Round's beginning; or
    stops the game after the last Round."""
    m.rounds_played = m.round
    m.round += 1
    m.pending = -1
    if m.round > m.max_rounds:
        m.stage = OVER
        m.say(f"The game stops after {m.max_rounds} Rounds")
        return
    m.stage = CARD_PLAY
    for down in m.face_down:
        down.clear()  # face-down cards turn face-up at the end of the Round (l.448, l.532)
    for flipped in m.flipped_at:
        flipped.clear()
    for bound in m.bound:
        bound.clear()
    for seen in m.glanced:
        seen.clear()  # a Threat looked at this Round: the next is a new one (l.439)
    for seat, gear in enumerate(m.gear_down):
        if gear:
            _gear_up(m, seat)
    if any(m.afflicted):
        _new_round(m)
        if m.stage == OVER:
            return
    m.to_move = m.order()[0]
    if m.log is not None:
        m.say(
            f"Round {m.round}: {m.name(m.to_move)} starts ("
            + ", ".join(f"{m.name(i)} Sanity {m.players[i].sanity}" for i in range(m.n))
            + ")"
        )


def begin_turn(m: Match) -> bool:
    """Plays the beginning of the Turn of the player to move: the Events staying on him or her
    that strike at a Turn's beginning, and the Turn spent burying a Phobia where the Current
    Location allows it (rulebook l.351, l.356). Gets whether the player has a play to choose now
    (False: the Turn was spent so, or the game ended). Nothing happens in a redraw's later steps."""
    seat = m.to_move
    if m.afflicted[seat] and m.players[seat].redrawing < 0:
        _phobias(m, seat, ON_TURN)
        if m.stage == OVER:
            return False
        if _bury_a_phobia(m, seat):
            return False
        if m.seats[seat].lifting and _ally_lifts(m, seat):
            return False
    return True


def turn_plays(m: Match, seat: int) -> list[Play]:
    """Gets a player's legal plays in card play: the engine's, an Event aimed at an opponent
    only where some opponent is its legitimate target (l.202, l.367: :func:`targets`)."""
    plays = legal_plays(m.players[seat])
    seat_ = m.seats[seat]
    if seat_.aiming:
        aimed = seat_.aimed
        plays = [p for p in plays if p.kind is not _EVENT or not aimed[p.card] or targets(m, seat, p.card)]
    if m.barred and seat_.timed:
        time, barred = seat_.time, m.barred
        plays = [p for p in plays if p.kind is not _EVENT or not (time[p.card] & barred)]
    if seat_.recovering and not m.lost[seat]:
        recovers = seat_.recovers
        plays = [p for p in plays if p.kind is not _EVENT or not recovers[p.card]]
    if seat_.lifting and m.afflicted[seat]:
        more = lift_plays(m, seat)
        if more:
            plays = plays[:-1] + more + plays[-1:] if plays and plays[-1].kind is _PASS else plays + more
    if seat_.striking:
        more = strike_plays(m, seat)
        if more:
            plays = plays[:-1] + more + plays[-1:] if plays and plays[-1].kind is _PASS else plays + more
    return plays


def step(m: Match, policies: Sequence[Policy]) -> None:
    """Advances the match by one decision of card play, or one whole Combat or Discard phase."""
    if m.stage == CARD_PLAY:
        seat = m.to_move
        if m.afflicted[seat] and not begin_turn(m):  # only an Event on the player acts first
            return
        plays = turn_plays(m, seat)
        play = policies[seat].choose(m, seat, plays) if plays else Play(_PASS)
        card_play(m, play)
    elif m.stage == COMBAT:
        combat(m, policies)
        if m.stage != OVER:
            end_of_combat(m)
    elif m.stage == DISCARD:
        discard_phase(m, policies)


def finish_round(m: Match, policies: Sequence[Policy], limit: int = 400) -> None:
    """Plays on until the Round's Combat is over (or the game), at most ``limit`` decisions."""
    for _ in range(limit):
        if m.stage == DISCARD or m.stage == OVER:
            return
        step(m, policies)


def play_match(m: Match, policies: Sequence[Policy], limit: int = 20_000) -> Match:
    """Plays the match to its end with one policy per seat; gets it."""
    for _ in range(limit):
        if m.stage == OVER:
            break
        step(m, policies)
    if m.rounds_played < m.round and m.stage == OVER:
        m.rounds_played = min(m.round, m.max_rounds)
    if m.log is not None:
        for i in range(m.n):
            s = m.players[i]
            m.say(f"{m.name(i)}: {s.points} Adventure points + {s.sanity} Sanity = {m.score(i)}")
        w = m.outcome()
        m.say("A tie (rulebook l.93, l.474)" if w < 0 else f"{m.name(w)} wins")
    return m
