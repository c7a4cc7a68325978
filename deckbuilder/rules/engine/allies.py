"""Allies: where one is found, and the Event that brings one from elsewhere.

An Ally is played where its Region bar says (rulebook l.84, l.160-164), one copy of a title in
play (l.367); while Walking only by the walking card's Region, Dimension and Public Attributes
(l.239, l.247). Surprise Meeting brings an Ally from any Region of your Dimension with it. Two
Allies in hand that Join are played together as one play (l.178, l.359, l.536).

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N") and
``mythos-errata-rulings.txt`` ("rulings l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

from typing import Final

from deckbuilder.rules.cards import Dimension
from deckbuilder.rules.engine.plays import (
    ALLY,
    AT,
    K_ALLY,
    K_EVENT,
    NOWHERE,
    TRAVELLING,
    WALKING,
    CardId,
    Play,
    new_play,
)
from deckbuilder.rules.engine.state import GameState, can_pay
from deckbuilder.rules.places import (
    ANY_DIMENSION,
    DIMENSION_NAMES,
    PlaceRequirement,
    Profile,
    place_matches,
    region_matches,
)


def ally_here(s: GameState, p: Profile) -> bool:
    """Checks whether an Ally is found where you are: at the Current Location (rulebook l.84);
    while Walking only by the walking card's Region, Dimension and Public Attributes (l.239,
    l.247); on a Train-like Travel Event, once, any Ally of the Region."""
    assert p.place is not None
    mode = s.mode
    if mode is AT:
        if place_matches(p.place, s.region, s.subregion, s.dim, s.attrs, s.exotic):
            return True
        return s.game.has_waking_allies and _waking_ally(s, p.place)
    if mode is WALKING or mode is TRAVELLING:
        if place_matches(p.place, s.region, -1, s.dim, s.attrs, False):
            return True
        if mode is TRAVELLING and not s.stop_used:
            t = s.game.profiles[s.travel].travel
            if t is not None and t.ally_stop and region_matches(p.place, s.region, s.dim):
                return True
    return False


#: The Dimension numbers of the Waking World and the New Æon (``places.DIMENSION_NAMES``).
_WAKING: Final = DIMENSION_NAMES[Dimension.WAKING_WORLD]
_NEW_AEON: Final = DIMENSION_NAMES[Dimension.NEW_AEON]


def _waking_ally(s: GameState, place: PlaceRequirement) -> bool:
    """Checks whether a card in play finds a Waking World Ally here in the New Æon: "While in the
    New Aeon, you may find Waking World Allies from your current subregion" (Disturbing
    Portrait): an Ally of the Waking World whose Region bar names the current subregion (the
    New Æon's Regions are not the Waking World's: the subregion is what they share)."""
    if s.dim != _NEW_AEON or _WAKING not in place.dims or s.subregion < 0:
        return False
    finds = s.game.waking_allies
    if not any(finds[a] for a in s.artifacts):
        return False
    return any(alt.subregion == s.subregion for alt in place.alts)


def ally_anywhere_plays(s: GameState, cid: CardId, p: Profile, plays: list[Play]) -> None:
    """Surprise Meeting brings an Ally that would not normally come from the Current Location:
    from another Region, but not another time or Dimension. Played with the Ally it brings."""
    if s.mode is NOWHERE:
        return
    g = s.game
    titles = {g.profiles[a].title for a in s.allies}
    seen: set[int] = set()
    for a in s.hand:
        q = g.profiles[a]
        if q.kind is not ALLY or g.uid[a] in seen or q.place is None:
            continue
        seen.add(g.uid[a])
        if q.place.past or s.dim not in q.place.dims or q.title in titles or ally_here(s, q):
            continue
        if can_pay(s, p.cost + q.cost):
            plays.append(new_play(K_EVENT, cid, (a,)))


def ally_join_plays(s: GameState, allies: list[CardId], plays: list[Play]) -> None:
    """Adds the plays of two Allies in hand played together, Joined, as one play in one Turn
    (rulebook l.178: "played from your hand at the same time as long as all cards are still
    legal plays"; l.359, l.536: "as long as one of them allows this"). ``allies``: the Allies of
    the hand that Join another and are found here, each a legal play by itself (but for one
    played only with another, ``Profile.only_with``), in hand order. The pair's whole cost must
    be payable (l.124); a Join its card allows only in one Dimension, there (Randolph Carter's
    Dreamlands). On a Travel Event both must be found in its Region: its one stop for an Ally
    of the Region is for one Ally.

    Groups of more than two (l.359: every pair of them Joining) are not offered: no Ally of the
    real card pool Joins more than one other kind at once but the parody set's.
    """
    g = s.game
    profiles, joins, n = g.profiles, g.ally_joins, g.size
    in_play: set[int] | None = None
    for x in range(len(allies)):
        a = allies[x]
        pa = profiles[a]
        for y in range(x + 1, len(allies)):
            b = allies[y]
            if not (joins[a] >> b) & 1:
                continue
            pb = profiles[b]
            dim = g.ally_join_dim.get(a * n + b, ANY_DIMENSION)
            if dim != ANY_DIMENSION and s.dim != dim:
                continue
            if pa.only_with >= 0 or pb.only_with >= 0:
                if in_play is None:
                    in_play = {profiles[c].title for c in s.allies}
                if (pa.only_with >= 0 and pa.only_with != pb.title and pa.only_with not in in_play) or (
                    pb.only_with >= 0 and pb.only_with != pa.title and pb.only_with not in in_play
                ):
                    continue
            if s.mode is TRAVELLING and not (_in_region(s, pa) and _in_region(s, pb)):
                continue
            if can_pay(s, pa.cost + pb.cost):
                plays.append(new_play(K_ALLY, a, (b,)))


def _in_region(s: GameState, p: Profile) -> bool:
    """Checks whether an Ally is found on a Travel Event by its Region, without its stop."""
    assert p.place is not None
    return place_matches(p.place, s.region, -1, s.dim, s.attrs, False)
