"""The state of a game: :class:`GameState`, one moment of it, and the Sanity every play pays.

A state is a handful of short lists of card ids (indices into ``Game.cards``) and a few ints;
treat it as a value (:func:`~deckbuilder.rules.engine.apply` returns a new one) unless you
mean to change it in place (:func:`~deckbuilder.rules.engine.push`).

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N") and
``mythos-errata-rulings.txt`` ("rulings l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from deckbuilder.rules.engine.plays import AT, NOWHERE, OVER, PLAY, TRAVELLING, WALKING, CardId
from deckbuilder.rules.places import ANY_DIMENSION, Mask

if TYPE_CHECKING:
    from deckbuilder.rules.engine.game import Game


class GameState:
    """One moment of a game. Zones are lists of card ids; the top of the Story Deck and of the
    Mythos Deck are the last items. Treat a state as a value: :func:`apply` returns a new one.
    """

    __slots__ = (
        "game",
        "hand",
        "deck",
        "discard",
        "story",
        "allies",
        "tomes",
        "artifacts",
        "spells",
        "events",
        "threat",
        "adventures",
        "attached",
        "goo",
        "goo_age",
        "sanity",
        "round",
        "turn",
        "points",
        "phase",
        "mode",
        "where",
        "where_dim",
        "travel",
        "region",
        "subregion",
        "dim",
        "attrs",
        "exotic",
        "gate_used",
        "stop_used",
        "located",
        "won",
        "seed",
        "shuffles",
        "gates_used",
        "counted",
        "cast",
        "spent",
        "hand_extra",
        "redrawing",
        "redrawn",
        "in_past",
        "lobotomized",
        "lost_turns",
        "ability_used",
        "low_sanity",
        "all_join",
        "joins_round",
        "table_time",
    )

    def __init__(self, game: Game, source: GameState | None = None) -> None:
        """Starts the state of a new game (no cards anywhere yet), or copies ``source``: its
        lists copied, the game shared (:meth:`copy`). Copying here rather than through
        ``GameState.__new__`` keeps the class compilable by mypyc, as fast as before."""
        self.game = game
        if source is None:
            self.hand: list[CardId] = []
            self.deck: list[CardId] = []
            self.discard: list[CardId] = []
            self.story: list[CardId] = []
            self.allies: list[CardId] = []
            self.tomes: list[CardId] = []
            self.artifacts: list[CardId] = []
            self.spells: list[CardId] = []
            self.events: list[CardId] = []
            self.threat: list[CardId] = []
            self.adventures: list[CardId] = []
            #: Holder (Tome, Ally, Artifact) -> Spells and Weapons placed with it.
            self.attached: dict[CardId, tuple[CardId, ...]] = {}
            self.goo: CardId = -1
            self.goo_age = 0
            self.sanity = 0
            self.round = 1
            self.turn = 0
            self.points = 0
            self.phase = PLAY
            self.mode = NOWHERE
            #: The last Location you arrived at (the Current Location when ``mode`` is AT).
            self.where: CardId = -1
            self.where_dim = ANY_DIMENSION
            self.travel: CardId = -1
            # What the top card gives you now (rulebook l.239, l.267; rulings l.65, l.73).
            self.region = -1
            self.subregion = -1
            self.dim = ANY_DIMENSION
            self.attrs: Mask = 0
            self.exotic = False
            self.gate_used = False
            self.stop_used = False
            self.located = False
            self.won = False
            self.seed = 0
            self.shuffles = 0
            self.gates_used = 0
            #: The cards that count for Adventures (:meth:`adventure_cards`) as a tally (see
            #: :attr:`Game.weight`), kept up to date by every play.
            self.counted = 0
            #: Spells cast from a Tome this Round: face-down until the Round ends (rulebook l.313).
            self.cast: tuple[CardId, ...] = ()
            #: Artifacts flipped face-down by their use (rulebook l.191): not used again.
            self.spent: tuple[CardId, ...] = ()
            #: Cards added to the Hand size by effects in play.
            self.hand_extra = 0
            #: During a redraw: how many more cards may be replaced (-1: no redraw under way);
            #: how many have been.
            self.redrawing = -1
            self.redrawn = 0
            #: The Past was given to the Current Location (the Lamp): no new Location until the
            #: Round ends.
            self.in_past = False
            #: The Voluntary Lobotomy was undergone (once a game, rulebook l.451).
            self.lobotomized = False
            #: Turns still to lose, owed by a Location arrived at (rulebook l.351, l.356).
            self.lost_turns = 0
            #: The Investigator's once-a-Round ability was used this Round.
            self.ability_used = False
            #: The lowest Sanity since the game began or the last Adventure was completed: a
            #: "drive your own Sanity below N" condition asks it (rulings l.85).
            self.low_sanity = 99  # above any Sanity (rulebook l.42: at most 20) until one is lost
            #: Every Monster may Join any other (l.292) because of another player's card: a
            #: match sets it while such a Great Old One is in play (l.282: on every Investigator).
            self.all_join = False
            #: Every Monster Joins any other until the Round ends: a Spell cast by anyone says so
            #: "for all Investigators" (Grasp Of Cthulhu; a match sets it on every player).
            self.joins_round = False
            #: The time at a match's table (1 Day, 2 Night: rulings l.35, the last Day or Night
            #: Event played by anyone); 0 alone, where the player's own Events in play decide.
            self.table_time = 0
            return
        self.hand = source.hand[:]
        self.deck = source.deck[:]
        self.discard = source.discard[:]
        self.story = source.story[:]
        self.allies = source.allies[:]
        self.tomes = source.tomes[:]
        self.artifacts = source.artifacts[:]
        self.spells = source.spells[:]
        self.events = source.events[:]
        self.threat = source.threat[:]
        self.adventures = source.adventures[:]
        self.attached = dict(source.attached)
        self.goo, self.goo_age, self.sanity, self.round, self.turn, self.points = (
            source.goo,
            source.goo_age,
            source.sanity,
            source.round,
            source.turn,
            source.points,
        )
        self.phase, self.mode, self.where, self.where_dim = source.phase, source.mode, source.where, source.where_dim
        self.travel, self.region, self.subregion, self.dim = source.travel, source.region, source.subregion, source.dim
        self.attrs, self.exotic, self.gate_used, self.stop_used = (
            source.attrs,
            source.exotic,
            source.gate_used,
            source.stop_used,
        )
        self.located, self.won, self.seed, self.shuffles = source.located, source.won, source.seed, source.shuffles
        self.gates_used, self.counted = source.gates_used, source.counted
        self.cast, self.spent = source.cast, source.spent  # tuples: shared, never changed in place
        self.hand_extra, self.redrawing, self.redrawn, self.in_past = (
            source.hand_extra,
            source.redrawing,
            source.redrawn,
            source.in_past,
        )
        self.lobotomized = source.lobotomized
        self.lost_turns = source.lost_turns
        self.ability_used = source.ability_used
        self.low_sanity = source.low_sanity
        self.all_join = source.all_join
        self.joins_round = source.joins_round
        self.table_time = source.table_time

    def copy(self) -> GameState:
        """Gets an independent copy (lists copied; the game is shared)."""
        return GameState(self.game, self)

    # -- views -------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is OVER

    @property
    def walking(self) -> bool:
        return self.mode is WALKING

    @property
    def current_location(self) -> CardId:
        """Gets the Current Location: the right-side-up Location or Travel Event on top of the
        Story Deck; -1 while Walking or before the first Location (rulings l.65, l.73)."""
        if self.mode is AT:
            return self.where
        if self.mode is TRAVELLING:
            return self.travel
        return -1

    def in_play(self) -> list[CardId]:
        """Gets the cards in play: around the Investigator, the Current Location, a Great Old One
        (rulings l.77); not the Story Deck below it, not the rest of the Threat."""
        cards = self.allies + self.tomes + self.artifacts + self.spells + self.events + self.adventures
        here = self.current_location
        if here >= 0:
            cards.append(here)
        if self.goo >= 0:
            cards.append(self.goo)
        return cards

    def story_cards(self) -> list[CardId]:
        """Gets the Story Deck's cards that count for Adventures: all but a Location you are
        still walking to (rulebook l.38, l.574)."""
        if self.mode is WALKING:
            return self.story[:-1]
        return self.story[:]

    def adventure_cards(self) -> list[CardId]:
        """Gets the cards an Adventure may use: in play or in the Story Deck (rulebook l.66)."""
        story = self.story_cards()
        seen = set(story)
        return story + [c for c in self.in_play() if c not in seen]

    def adventure_tally(self) -> int:
        """Gets :meth:`adventure_cards` as a tally (see :attr:`Game.weight`), read afresh from
        the zones: what :attr:`counted` keeps up to date play by play."""
        weight = self.game.weight
        return sum(weight[c] for c in self.adventure_cards())

    def zones(self) -> dict[str, tuple[CardId, ...]]:
        """Gets every zone's cards (a card is in exactly one zone)."""
        return {
            "hand": tuple(self.hand),
            "mythos_deck": tuple(self.deck),
            "discard": tuple(self.discard),
            "story": tuple(self.story),
            "allies": tuple(self.allies),
            "tomes": tuple(self.tomes),
            "artifacts": tuple(self.artifacts),
            "spells": tuple(self.spells),
            "events": tuple(self.events),
            "threat": tuple(self.threat),
            "goo": (self.goo,) if self.goo >= 0 else (),
            "adventures": tuple(self.adventures),
        }

    def hand_limits(self) -> tuple[int, int]:
        """Gets the Hand's Minimum and Maximum now (rulebook l.51-53, l.445): the Investigator's,
        changed by cards in play (an Ally's "subtract one from the Minimum", not cumulative, and
        "add one to the Maximum", cumulative) and by effects played (``hand +N``)."""
        g = self.game
        low, high = g.hand_min, g.hand_max + self.hand_extra
        if g.has_hand_changes:
            # Loops, not min() and sum() over generators: asked at every discard (issue 17).
            lowest = 0  # the smallest change of the Allies in play; none: 0
            for i, a in enumerate(self.allies):
                change = g.hand_min_change[a]
                if i == 0 or change < lowest:
                    lowest = change
                high += g.hand_max_change[a]
            low += lowest
        return max(low, 0), high

    def readers(self) -> Mask:
        """Gets the languages read by the Investigator, Allies, and Artifacts that "know"
        languages (rulebook l.326; card text, l.375)."""
        profiles = self.game.profiles
        mask = self.game.readers
        for a in self.allies:
            mask |= profiles[a].langs
        for a in self.artifacts:
            mask |= profiles[a].langs
        return mask

    def __repr__(self) -> str:
        g = self.game
        here = self.current_location
        where = (
            g.title(here)
            if here >= 0
            else ("walking to " + g.title(self.story[-1]) if self.mode is WALKING else "nowhere")
        )
        return (
            f"<GameState round {self.round} turn {self.turn} {self.phase.name} Sanity {self.sanity} "
            f"at {where}; hand {len(self.hand)}, deck {len(self.deck)}, points {self.points}>"
        )


def remove_card(cards: list[CardId], cid: CardId) -> None:
    """Removes the first ``cid`` from ``cards``, as ``cards.remove(cid)`` does (ValueError when
    it is not there). The compiled core compares the ids as machine integers here, where
    ``list.remove`` compares each card before it as Python objects (issue 23: a sixtieth of a
    goldfish game); the pure core is a little slower here than with ``list.remove``."""
    for i in range(len(cards)):
        if cards[i] == cid:
            cards.pop(i)
            return
    raise ValueError(f"card {cid} is not in the list")


def can_pay(state: GameState, cost: int) -> bool:
    """Checks whether a Sanity cost can be paid whole (rulebook l.124, l.362)."""
    # Rulebook l.124, l.362: the whole cost must be payable.
    return cost >= 0 or -cost <= state.sanity


def titles_in_play(s: GameState, titles: Sequence[int]) -> bool:
    """Checks whether a card of each title is in play."""
    profiles = s.game.profiles
    have = {profiles[c].title for c in s.in_play()}
    return all(t in have for t in titles)


def pay_one(s: GameState, change: int) -> None:
    """Applies one Sanity change, as :func:`pay_sanity` does a tuple of one (no tuple made: most plays
    pay one card's cost)."""
    if change > 0:
        s.sanity = min(s.sanity + change, s.game.sanity_max)
    elif change < 0:
        s.sanity += change
        if s.sanity < s.low_sanity:
            s.low_sanity = s.sanity
        if s.sanity <= 0:
            s.sanity = 0
            s.phase = OVER


def pay_sanity(s: GameState, changes: Iterable[int]) -> None:
    """Applies Sanity changes: gains before losses (rulebook l.40), at most the maximum
    (l.42); at zero the game ends (l.362)."""
    gain = loss = 0
    for c in changes:
        if c > 0:
            gain += c
        else:
            loss += c
    if gain:
        s.sanity = min(s.sanity + gain, s.game.sanity_max)
    if loss:
        s.sanity += loss
        if s.sanity < s.low_sanity:
            s.low_sanity = s.sanity
        if s.sanity <= 0:
            s.sanity = 0
            s.phase = OVER
