"""The plays of the rules engine: what a play is, where the Investigator is, and a play in words.

A :class:`Play` is a small value (a NamedTuple of ints); :class:`PlayKind`, :class:`Phase` and
:class:`Mode` are the enums the rest of the engine dispatches on, also bound here as module
names for the hot paths (an Enum member read off its class costs some 60 ns each time).

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N") and
``mythos-errata-rulings.txt`` ("rulings l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, Final, NamedTuple, TypeAlias

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
    #: A Turn lost as a card instructs: no card played, no Pass (rulebook l.351, l.356).
    LOSE_TURN = 20
    #: The Investigator's ability used as a Turn's play, once a Round (a redraw: rulebook l.49).
    ABILITY = 21
    #: A Monster played as an Ally through a Gate, as the Investigator's card allows.
    MONSTER_ALLY = 22
    #: At a Location that allows it, an Artifact of the Story Deck back into play (``card``: the
    #: Location; ``joined``: the Artifact; ``target``: the Ally given a Weapon).
    RECOVER = 23


class Play(NamedTuple):
    """One play. A NamedTuple rather than a frozen dataclass: ``legal_plays`` builds dozens of
    them per call, and a NamedTuple is created about 2.8 times faster (0.27 µs against 0.76 µs
    for a frozen slotted dataclass, measured with timeit on CPython 3.11).

    ``card`` is the card played; ``joined`` the cards played with it (Spells Joined with a Tome,
    Joined Monsters or Allies, the Location a Travel Event takes you to at once; for a CAST or USE, the
    card its effect plays: a Monster or Ally from hand, an Ally from the Story Deck, a
    Location walked to); ``target`` the Tome, Ally or Artifact receiving a Spell or Weapon, or
    holding the Spell cast, or the Ally Buried instead of a Threat card's Sanity; ``sideways`` plays a Location walking;
    ``reshuffle`` reshuffles the Discard for 1 Sanity before drawing (END_ROUND);
    ``ally_pays``, for a CAST, Buries the Ally in play whose card allows it instead of paying the
    Spell's Sanity (:func:`~deckbuilder.rules.engine.casting.spell_payer`).
    """

    kind: PlayKind
    card: CardId = -1
    joined: tuple[CardId, ...] = ()
    target: CardId = -1
    sideways: bool = False
    reshuffle: bool = False
    ally_pays: bool = False


#: ``tuple.__new__`` and the Play class, as C statics of the compiled core (see :func:`new_play`).
_NEW_TUPLE: Final = tuple.__new__
_PLAY: Final = Play


def new_play(kind: PlayKind, card: CardId, joined: tuple[CardId, ...] = (), target: CardId = -1) -> Play:
    """Gets ``Play(kind, card, joined, target)``, made by ``tuple.__new__`` as the NamedTuple's
    own ``__new__`` makes it: that one is a Python function, which the compiled core would call
    through the interpreter for each of the thousands of plays a run lists (issue 17)."""
    return _NEW_TUPLE(_PLAY, (kind, card, joined, target, False, False, False))


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


# The members as Final module names for the hot paths: an Enum member read off its class costs
# some 60 ns each time, and a goldfish run reads them millions of times; Final, the compiled core
# reads them from a C static rather than from the module's dict (issue 17).
PLAY: Final = Phase.PLAY
DISCARD: Final = Phase.DISCARD
OVER: Final = Phase.OVER
NOWHERE: Final = Mode.NOWHERE
AT: Final = Mode.AT
WALKING: Final = Mode.WALKING
TRAVELLING: Final = Mode.TRAVELLING
LOC: Final = Kind.LOCATION
ALLY: Final = Kind.ALLY
TOME: Final = Kind.TOME
ART: Final = Kind.ARTIFACT
SPELL: Final = Kind.SPELL
MON: Final = Kind.MONSTER
GOO: Final = Kind.GOO
TRAVEL: Final = Kind.TRAVEL
THREAT: Final = Kind.THREAT_EVENT
EVENT: Final = Kind.EVENT
ADV: Final = Kind.ADVENTURE
K_LOCATION: Final = PlayKind.LOCATION
K_ROTATE: Final = PlayKind.ROTATE
K_TRAVEL: Final = PlayKind.TRAVEL
K_ALLY: Final = PlayKind.ALLY
K_CULTIST: Final = PlayKind.CULTIST
K_TOME: Final = PlayKind.TOME
K_ARTIFACT: Final = PlayKind.ARTIFACT
K_SPELL: Final = PlayKind.SPELL
K_MONSTERS: Final = PlayKind.MONSTERS
K_GOO: Final = PlayKind.GOO
K_EVENT: Final = PlayKind.EVENT
K_ADVENTURE: Final = PlayKind.ADVENTURE
K_PASS: Final = PlayKind.PASS
K_DISCARD: Final = PlayKind.DISCARD
K_END_ROUND: Final = PlayKind.END_ROUND
K_CAST: Final = PlayKind.CAST
K_USE: Final = PlayKind.USE
K_REPLACE: Final = PlayKind.REPLACE
K_REPLACE_DONE: Final = PlayKind.REPLACE_DONE
K_LOBOTOMY: Final = PlayKind.LOBOTOMY
K_LOSE_TURN: Final = PlayKind.LOSE_TURN
K_ABILITY: Final = PlayKind.ABILITY
K_MONSTER_ALLY: Final = PlayKind.MONSTER_ALLY
K_RECOVER: Final = PlayKind.RECOVER
PLAY_PASS: Final = Play(PlayKind.PASS)
PLAY_END: Final = Play(PlayKind.END_ROUND)
PLAY_END_SHUFFLE: Final = Play(PlayKind.END_ROUND, reshuffle=True)
PLAY_REPLACE_DONE: Final = Play(PlayKind.REPLACE_DONE)
PLAY_LOBOTOMY: Final = Play(PlayKind.LOBOTOMY)
PLAY_LOSE_TURN: Final = Play(PlayKind.LOSE_TURN)
PLAY_ABILITY: Final = Play(PlayKind.ABILITY)


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
    if k is PlayKind.LOSE_TURN:
        return "Lose the Turn"
    if k is PlayKind.ABILITY:
        return f"Use {g.investigator.title}'s ability"
    if k is PlayKind.MONSTER_ALLY:
        return f"Play {t(play.card)} as an Ally"
    if k is PlayKind.RECOVER:
        to = f" to {t(play.target)}" if play.target >= 0 else ""
        return f"Recover {t(play.joined[0])} from the Story Deck at {t(play.card)}{to}"
    if k is PlayKind.REPLACE:
        return f"Replace {t(play.card)}"
    if k is PlayKind.REPLACE_DONE:
        return "Draw the replacements"
    if k is PlayKind.CAST or k is PlayKind.USE:
        verb = "Cast" if k is PlayKind.CAST else "Use"
        held = f" from {t(play.target)}" if play.target >= 0 else ""
        on = " on " + ", ".join(t(j) for j in play.joined) if play.joined else ""
        if k is PlayKind.CAST and play.ally_pays:
            pays = g.pays_for_spell
            payer = next((a for a in state.allies if pays[a]), -1)
            if payer >= 0:
                on += f", Burying {t(payer)} instead of paying its Sanity"
        return f"{verb} {t(play.card)}{held}{on}"
    instead = f", Burying {t(play.target)} instead of losing a Turn" if play.target >= 0 else ""
    if k is PlayKind.ROTATE:
        return f"Arrive at {t(play.card)}{instead}"
    if k is PlayKind.LOCATION:
        return f"{'Walk to' if play.sideways else 'Play'} {t(play.card)}{instead}"
    joined = " with " + ", ".join(t(j) for j in play.joined) if play.joined else ""
    target = f" to {t(play.target)}" if play.target >= 0 else ""
    if k is PlayKind.ARTIFACT and play.joined:
        return f"Play {t(play.card)}{target}, Burying {t(play.joined[0])} instead of paying its Sanity"
    verb = {PlayKind.CULTIST: "Play as a Monster", PlayKind.TRAVEL: "Travel by"}.get(k, "Play")
    instead = f", Burying {t(play.target)} instead of paying a card's Sanity" if play.target >= 0 else ""
    if k is PlayKind.MONSTERS:
        return "Play " + ", ".join(t(c) for c in (play.card, *play.joined)) + " to the Threat" + instead
    if k is PlayKind.CULTIST:
        return f"Play as a Monster {t(play.card)}{instead}"
    return f"{verb} {t(play.card)}{joined}{target}"
