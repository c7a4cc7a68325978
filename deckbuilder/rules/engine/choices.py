"""A Location's lost Turn or an Ally Buried instead, at the player's choice.

Some Locations say "You must either Bury a Steadfast Ally or remain here for an additional
Turn" (read as ``lose turn 1 or bury steadfast ally``, ``Game.turn_or_ally``). Arriving there
(played right-side-up, or turned right-side-up after walking, rulebook l.241, l.343) the player
chooses: the play that arrives may name an Ally in play of that allegiance, Buried at once with
the cards it holds (rulebook l.191: a Weapon suffers the same fate; l.62: they count on for
Adventures in the Story Deck), and no Turn is lost; or it names none, and the next Turn is lost
as a Location's lost Turn is (rulebook l.351, l.356). The choice rides on the arriving play
(its ``target``), so it costs no decision of its own and every Turn stays one play.

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

from deckbuilder.rules.engine.casting import bury_ally
from deckbuilder.rules.engine.plays import (
    K_ARTIFACT,
    K_CULTIST,
    K_LOCATION,
    K_MONSTERS,
    K_ROTATE,
    CardId,
    Play,
    new_play,
)
from deckbuilder.rules.engine.state import GameState, can_pay


def ally_instead_plays(s: GameState, plays: list[Play]) -> None:
    """Adds, for each play that arrives at such a Location, the same play Burying each Ally of
    the allegiance its card names instead of losing the Turn (the caller checks the deck holds
    such a Location and that Allies are in play)."""
    g = s.game
    wants = g.turn_or_ally
    cards = g.cards
    for i in range(len(plays)):  # the plays listed before: the variants added are not revisited
        play = plays[i]
        k = play.kind
        if (k is not K_LOCATION and k is not K_ROTATE) or play.sideways or not wants[play.card]:
            continue
        for a in s.allies:
            if cards[a].allegiance == wants[play.card]:
                plays.append(new_play(k, play.card, play.joined, a))


def bury_instead(s: GameState, location: CardId, ally: CardId) -> None:
    """Buries the Ally the arriving play named instead of the Turn the Location would take."""
    if ally in s.allies:
        bury_ally(s, ally)
        s.lost_turns -= s.game.lost_turns[location]
        if s.lost_turns < 0:
            s.lost_turns = 0


def ally_pays_plays(s: GameState, plays: list[Play]) -> None:
    """Adds, for each Artifact played from hand with a Sanity cost, the same play Burying an Ally
    in play whose card allows it instead of paying that cost (named in ``joined``; not the Ally
    the Artifact is given to), and drops the Artifact plays listed only because such an Ally could
    pay what the player cannot. The caller checks the deck holds such an Ally."""
    g = s.game
    pays = g.pays_for_artifact
    payers = [a for a in s.allies if pays[a]]
    if not payers:
        return
    profiles = g.profiles
    unpaid = False  # an Artifact listed only because an Ally could pay for it
    for i in range(len(plays)):  # the plays listed before: the variants added are not revisited
        play = plays[i]
        if play.kind is not K_ARTIFACT or play.joined or profiles[play.card].cost >= 0:
            continue
        for a in payers:
            if a != play.target:
                plays.append(new_play(K_ARTIFACT, play.card, (a,), play.target))
        if not can_pay(s, profiles[play.card].cost):
            unpaid = True
    if unpaid:
        plays[:] = [p for p in plays if p.kind is not K_ARTIFACT or p.joined or can_pay(s, profiles[p.card].cost)]


def ally_pays(s: GameState, ally: CardId) -> None:
    """Buries the Ally that pays for an Artifact instead of its Sanity (rulebook l.191: with the
    cards it holds; l.62: they count on for Adventures in the Story Deck)."""
    bury_ally(s, ally)


def ally_pays_threat_plays(s: GameState, plays: list[Play]) -> None:
    """Adds, for each play of cards to the Threat (Monsters at a Gate, a Cultist as a Monster)
    with a Sanity cost, the same play Burying an Ally in play whose card allows it instead of
    paying the cost of one card of it ("one Mythos card": the costliest; named in ``target``,
    which such plays do not use otherwise). The Gate's own cost for a further use is paid still:
    it is not a card's. The caller checks the deck holds such an Ally."""
    g = s.game
    pays = g.pays_for_threat
    payers = [a for a in s.allies if pays[a]]
    if not payers:
        return
    profiles = g.profiles
    for i in range(len(plays)):  # the plays listed before: the variants added are not revisited
        play = plays[i]
        k = play.kind
        if (k is not K_MONSTERS and k is not K_CULTIST) or play.target >= 0:
            continue
        if profiles[play.card].cost >= 0 and all(profiles[j].cost >= 0 for j in play.joined):
            continue
        for a in payers:
            plays.append(new_play(k, play.card, play.joined, a))


def threat_costs(s: GameState, play: Play) -> tuple[int, ...]:
    """Gets the Sanity costs a play of cards to the Threat pays: each card's, but the costliest
    one's when an Ally is Buried instead (``play.target``, Buried here: rulebook l.191, with the
    cards it holds; l.62, it counts on for Adventures in the Story Deck)."""
    profiles = s.game.profiles
    costs = [profiles[c].cost for c in (play.card, *play.joined)]
    if play.target >= 0 and play.target in s.allies:
        bury_ally(s, play.target)
        costs.remove(min(costs))
    return tuple(costs)
