"""Allies: where one is found, and the Event that brings one from elsewhere.

An Ally is played where its Region bar says (rulebook l.84, l.160-164), one copy of a title in
play (l.367); while Walking only by the walking card's Region, Dimension and Public Attributes
(l.239, l.247). Surprise Meeting brings an Ally from any Region of your Dimension with it.

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N") and
``mythos-errata-rulings.txt`` ("rulings l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

from deckbuilder.rules.engine.plays import ALLY, AT, K_EVENT, NOWHERE, TRAVELLING, WALKING, CardId, Play, new_play
from deckbuilder.rules.engine.state import GameState, can_pay
from deckbuilder.rules.places import Profile, place_matches, region_matches


def ally_here(s: GameState, p: Profile) -> bool:
    """Checks whether an Ally is found where you are: at the Current Location (rulebook l.84);
    while Walking only by the walking card's Region, Dimension and Public Attributes (l.239,
    l.247); on a Train-like Travel Event, once, any Ally of the Region."""
    assert p.place is not None
    mode = s.mode
    if mode is AT:
        return place_matches(p.place, s.region, s.subregion, s.dim, s.attrs, s.exotic)
    if mode is WALKING or mode is TRAVELLING:
        if place_matches(p.place, s.region, -1, s.dim, s.attrs, False):
            return True
        if mode is TRAVELLING and not s.stop_used:
            t = s.game.profiles[s.travel].travel
            if t is not None and t.ally_stop and region_matches(p.place, s.region, s.dim):
                return True
    return False


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
