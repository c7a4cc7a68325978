"""The plays of the rules engine: what a play is, where the Investigator is, and a play in words.

A :class:`Play` is a small value (a NamedTuple of ints); :class:`PlayKind`, :class:`Phase` and
:class:`Mode` are the enums the rest of the engine dispatches on, also bound here as module
names for the hot paths (an Enum member read off its class costs some 60 ns each time).

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N") and
``mythos-errata-rulings.txt`` ("rulings l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, NamedTuple, TypeAlias

from deckbuilder.rules.places import Kind

if TYPE_CHECKING:
    from deckbuilder.rules.engine.state import GameState

#: A card of one game: the index of a copy in ``Game.cards``.
CardId: TypeAlias = int


class PlayKind(IntEnum):
    """The plays of rulebook l.339-353 that the engine knows, plus the Round's bookkeeping."""

    LOCATION = 0
    ROTATE = 1
    TRAVEL = 2
    ALLY = 3
    CULTIST = 4
    TOME = 5
    ARTIFACT = 6
    SPELL = 7
    MONSTERS = 8
    GOO = 9
    EVENT = 10
    ADVENTURE = 11
    PASS = 12
    DISCARD = 13
    END_ROUND = 14
    #: Cast a Spell held by a Tome, Ally or Artifact (rulebook l.307-311, l.347).
    CAST = 15
    #: Use an Artifact in play (rulebook l.189, l.199, l.345).
    USE = 16
    #: During a redraw: put a card from hand on the Discard, to be replaced.
    REPLACE = 17
    #: During a redraw: draw as many cards as were put back, and play on.
    REPLACE_DONE = 18
    #: At the end of the Round, once a game: the Voluntary Lobotomy (rulebook l.451).
    LOBOTOMY = 19


class Play(NamedTuple):
    """One play. A NamedTuple rather than a frozen dataclass: ``legal_plays`` builds dozens of
    them per call, and a NamedTuple is created about 2.8 times faster (0.27 µs against 0.76 µs
    for a frozen slotted dataclass, measured with timeit on CPython 3.11).

    ``card`` is the card played; ``joined`` the cards played with it (Spells Joined with a Tome,
    Joined Monsters, the Location a Travel Event takes you to at once; for a CAST or USE, the
    card its effect plays: a Monster or Ally from hand, an Ally from the Story Deck, a
    Location walked to); ``target`` the Tome, Ally or Artifact receiving a Spell or Weapon, or
    holding the Spell cast; ``sideways`` plays a Location walking;
    ``reshuffle`` reshuffles the Discard for 1 Sanity before drawing (END_ROUND).
    """

    kind: PlayKind
    card: CardId = -1
    joined: tuple[CardId, ...] = ()
    target: CardId = -1
    sideways: bool = False
    reshuffle: bool = False


class Phase(IntEnum):
    PLAY = 0
    DISCARD = 1
    OVER = 2


class Mode(IntEnum):
    """Where the Investigator is: no Location yet, at the Current Location, Walking, Travelling."""

    NOWHERE = 0
    AT = 1
    WALKING = 2
    TRAVELLING = 3


PLAY, DISCARD, OVER = Phase.PLAY, Phase.DISCARD, Phase.OVER
NOWHERE, AT, WALKING, TRAVELLING = Mode.NOWHERE, Mode.AT, Mode.WALKING, Mode.TRAVELLING
_LOC, _ALLY, _TOME, _ART, _SPELL, _MON, _GOO, _TRAVEL, _THREAT, _EVENT, _ADV = (
    Kind.LOCATION,
    Kind.ALLY,
    Kind.TOME,
    Kind.ARTIFACT,
    Kind.SPELL,
    Kind.MONSTER,
    Kind.GOO,
    Kind.TRAVEL,
    Kind.THREAT_EVENT,
    Kind.EVENT,
    Kind.ADVENTURE,
)
# Play kinds as module names for the hot paths: an Enum member read off its class costs some
# 60 ns each time, and a goldfish run reads them millions of times.
(
    _K_LOCATION,
    _K_ROTATE,
    _K_TRAVEL,
    _K_ALLY,
    _K_CULTIST,
    _K_TOME,
    _K_ARTIFACT,
    _K_SPELL,
    _K_MONSTERS,
    _K_GOO,
    _K_EVENT,
    _K_ADVENTURE,
    _K_PASS,
    _K_DISCARD,
    _K_END_ROUND,
    _K_CAST,
    _K_USE,
    _K_REPLACE,
    _K_REPLACE_DONE,
    _K_LOBOTOMY,
) = PlayKind
_PASS = Play(PlayKind.PASS)
_END = Play(PlayKind.END_ROUND)
_END_SHUFFLE = Play(PlayKind.END_ROUND, reshuffle=True)
_REPLACE_DONE = Play(PlayKind.REPLACE_DONE)
_LOBOTOMY = Play(PlayKind.LOBOTOMY)


def describe(state: GameState, play: Play) -> str:
    """Gets a play in a player's words ("Walk to Exham Priory", "Play Necronomicon with
    Resurrection")."""
    g = state.game
    t = g.title
    k = play.kind
    if k is PlayKind.PASS:
        return "Pass"
    if k is PlayKind.END_ROUND:
        return "End the Round" + (" (reshuffle the Discard for 1 Sanity)" if play.reshuffle else "")
    if k is PlayKind.DISCARD:
        return f"Discard {t(play.card)}"
    if k is PlayKind.LOBOTOMY:
        return "Undergo the Voluntary Lobotomy (1 Sanity)"
    if k is PlayKind.REPLACE:
        return f"Replace {t(play.card)}"
    if k is PlayKind.REPLACE_DONE:
        return "Draw the replacements"
    if k is PlayKind.CAST or k is PlayKind.USE:
        verb = "Cast" if k is PlayKind.CAST else "Use"
        held = f" from {t(play.target)}" if play.target >= 0 else ""
        on = " on " + ", ".join(t(j) for j in play.joined) if play.joined else ""
        return f"{verb} {t(play.card)}{held}{on}"
    if k is PlayKind.ROTATE:
        return f"Arrive at {t(play.card)}"
    if k is PlayKind.LOCATION:
        return f"{'Walk to' if play.sideways else 'Play'} {t(play.card)}"
    joined = " with " + ", ".join(t(j) for j in play.joined) if play.joined else ""
    target = f" to {t(play.target)}" if play.target >= 0 else ""
    verb = {PlayKind.CULTIST: "Play as a Monster", PlayKind.TRAVEL: "Travel by"}.get(k, "Play")
    if k is PlayKind.MONSTERS:
        return "Play " + ", ".join(t(c) for c in (play.card, *play.joined)) + " to the Threat"
    return f"{verb} {t(play.card)}{joined}{target}"
