"""Locations and Travel Events: which may be played from where, and arriving, walking, travelling.

Rulebook l.233-267 (Islands, Exotic Locations, walking and arriving, Travel Events, Dimensions)
and rulings l.65-89; the card text read for each Location and Travel Event is described in
:mod:`deckbuilder.rules.places`, whose predicates decide each step.

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N") and
``mythos-errata-rulings.txt`` ("rulings l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

import random
from typing import Final

from deckbuilder.rules.cards import CardType
from deckbuilder.rules.effects.notation import EffectKind
from deckbuilder.rules.engine.plays import AT, K_TRAVEL, LOC, NOWHERE, TRAVELLING, WALKING, CardId, Play, new_play
from deckbuilder.rules.engine.state import GameState, can_pay, pay_one, pay_sanity, titles_in_play
from deckbuilder.rules.places import (
    ANY_DIMENSION,
    Profile,
    Step,
    dimension_ok,
    title_key,
    travel_can_leave,
    travel_reaches,
    walk_step,
)

_NO_STEP: Final = Step.NONE
_ARRIVE_AT_ONCE: Final = Step.ARRIVE


def location_requirements_met(s: GameState, p: Profile) -> bool:
    """Checks a Location's own requirements (Kadath: a Star Event in play; R'lyeh: the three
    R'lyeh Disk pieces; Al-Azhar University: a reader of Arabic)."""
    loc = p.loc
    if loc is None:
        return True
    if loc.needs_event_subtypes:
        subtypes = {s.game.profiles[e].subtype.lower() for e in s.events}
        if not subtypes & loc.needs_event_subtypes:
            return False
    if loc.needs_pieces is not None:
        key, n = loc.needs_pieces
        g = s.game
        pieces = {g.uid[c] for c in s.in_play() if key in title_key(g.cards[c].title)}
        if len(pieces) < n:
            return False
    return not (loc.needs_langs and loc.needs_langs & ~s.readers())


def location_plays(s: GameState, cid: CardId, p: Profile, plays: list[Play], steps: dict[int, Step] | None) -> None:
    """Adds a Location's plays; ``steps`` remembers, by printing, how each Location is reached
    from the last one arrived at (None before the first)."""
    g = s.game
    loc = p.loc
    assert loc is not None
    mode = s.mode
    if mode is NOWHERE:
        if not s.located:
            # Rulebook l.79; rulings l.69: any Location but an Exotic or special one, right-side-up.
            if loc.first_ok and can_pay(s, p.cost) and location_requirements_met(s, p):
                plays.append(g._own_play[cid])
        elif (
            not loc.exotic
            and not loc.island
            and not loc.reach_modes
            and loc.first_ok
            and loc.region == s.region
            and loc.dim == s.dim
        ):
            # Rulings l.71: with no Location left you are Walking in your last Region and Dimension.
            plays.append(g._walk_play[cid])
        return
    if g._loc_needs[cid] and not location_requirements_met(s, p):
        return
    if mode is TRAVELLING:
        t = g.profiles[s.travel].travel
        assert t is not None
        # Rulebook l.259: the Travel Event says where the next Location may be; all Travel
        # Events here play it right-side-up.
        if travel_reaches(t, s.region, s.dim, loc) and can_pay(s, p.cost):
            plays.append(g._own_play[cid])
    assert steps is not None
    lu = g.uid[cid]
    step = steps.get(lu)
    if step is None:
        src = g.profiles[s.where]
        assert src.loc is not None
        step = steps[lu] = walk_step(src.loc, s.where_dim, src.title, loc, p.title)
    if step is _NO_STEP:
        return
    if mode is TRAVELLING:
        # Rulebook l.253: discard the Travel Event and play a Location of your previous Region,
        # crosswise.
        plays.append(g._walk_play[cid])
    elif step is _ARRIVE_AT_ONCE:
        # Rulebook l.243: same subregion, both City: right-side-up at once. While Walking this
        # replaces the card you were walking to (l.247-249, rulings l.89).
        if can_pay(s, p.cost):
            plays.append(g._own_play[cid])
    else:
        plays.append(g._walk_play[cid])


def locations_in_hand(s: GameState) -> list[CardId]:
    """Gets the Locations in hand, the first copy of each printing, in hand order."""
    g = s.game
    profiles, uid = g.profiles, g.uid
    seen: set[int] = set()
    out = []
    for c in s.hand:
        if profiles[c].kind is LOC and uid[c] not in seen:
            seen.add(uid[c])
            out.append(c)
    return out


def travel_plays(s: GameState, cid: CardId, p: Profile, plays: list[Play], locations: list[CardId]) -> None:
    """Adds a Travel Event's plays; ``locations`` are the Locations in hand
    (:func:`locations_in_hand`), for one that says "immediately play a new Location"."""
    # Rulings l.89: no Travel Event while Walking or Travelling, except by changing your mind
    # while Walking (the revealed Location counts as Current).
    if s.mode is not AT and s.mode is not WALKING:
        return
    g = s.game
    t = p.travel
    src = g.profiles[s.where]
    assert t is not None and src.loc is not None
    if not dimension_ok(p.dim, s.where_dim) or not can_pay(s, p.cost):
        return
    if p.needs_titles and not titles_in_play(s, p.needs_titles):
        return
    uid = g.uid
    tu = uid[cid]
    # Whether a Travel Event may leave a Location depends on the two printings: read once.
    leaves = g._leaves.get((tu, uid[s.where]))
    if leaves is None:
        leaves = g._leaves[(tu, uid[s.where])] = travel_can_leave(t, src.loc, src.loc.attrs, g.water)
    if not leaves:
        return
    if not t.immediate:
        plays.append(g._own_play[cid])
        return
    # "Immediately play a new Location": the Location is played with the Travel Event.
    profiles, reaches = g.profiles, g._reaches
    region, dim = src.loc.region, s.where_dim
    for lid in locations:
        q = profiles[lid]
        lu = uid[lid]
        assert q.loc is not None
        key = (tu, region, dim, lu)
        ok = reaches.get(key)
        if ok is None:
            ok = reaches[key] = travel_reaches(t, region, dim, q.loc)
        if ok and (not g._loc_needs[lid] or location_requirements_met(s, q)) and can_pay(s, p.cost + q.cost):
            play = g._travel_with.get((cid, lid))
            if play is None:
                play = g._travel_with[(cid, lid)] = new_play(K_TRAVEL, cid, (lid,))
            plays.append(play)


def arrive_at(s: GameState, cid: CardId, rotate: bool = False) -> None:
    """Makes a Location your Current Location and applies its Sanity (rulebook l.38, l.343)."""
    p = s.game.profiles[cid]
    loc = p.loc
    assert loc is not None
    if not rotate:
        s.story.append(cid)
    s.counted += s.game.weight[cid]  # rotated, a Location walked to counts at last
    dim = loc.dim
    if loc.any_dimension and s.dim != ANY_DIMENSION:
        dim = s.dim  # "assumes Dimension indicator of previous Current Location" (Yuggoth)
    s.mode = AT
    s.where = cid
    s.where_dim = dim
    s.travel = -1
    s.region, s.subregion, s.dim, s.attrs, s.exotic = loc.region, loc.subregion, dim, loc.attrs, loc.exotic
    s.gate_used = False
    s.located = True
    arrival = s.game.on_arrival[cid]
    if arrival:
        pay_sanity(s, _on_arrival(s, cid, arrival))
    else:
        pay_one(s, p.cost)
    lost = s.game.lost_turns[cid]
    if lost:
        s.lost_turns += lost  # rulebook l.356: Meghan arrives, gains 5 Sanity, then loses her next Turn


def _on_arrival(s: GameState, cid: CardId, arrival: tuple[EffectKind, ...]) -> tuple[int, ...]:
    """Plays what a Location's card does as you arrive; gets the Sanity changes to pay with its
    own (gains before losses, rulebook l.40). Chance is drawn from the game's seed and the
    moment, so a game replays the same."""
    g = s.game
    changes = [g.profiles[cid].cost]
    seed = (s.seed * 1_000_003 + s.shuffles) * 7919 + s.round * 101 + s.turn
    rng: random.Random | None = None  # seeded at its first use: most arrivals only reveal (issue 17)
    for kind in arrival:
        if kind is _REVEAL:
            if s.deck:  # reveal the Mythos Deck's top card, apply its Sanity, Discard it
                top = s.deck.pop()
                s.discard.append(top)
                changes.append(g.cards[top].sanity or 0)
        elif kind is _REVEAL_ATTACK:
            if s.deck:
                # Reveal the top card and Discard it; a Monster attacks you first. Alone the engine
                # lets no Ally defend (the card says they may): you lose its value (rulebook l.433).
                top = s.deck.pop()
                s.discard.append(top)
                card = g.cards[top]
                if card.type is CardType.MONSTER and not card.goo:
                    changes.append(-(card.value or 0))
        elif kind is _DISCARD_HAND:
            if s.hand:
                if rng is None:
                    rng = random.Random(seed)
                s.discard.append(s.hand.pop(rng.randrange(len(s.hand))))
        elif len(s.story) > 1:  # a card of the Story Deck below this Location
            if rng is None:
                rng = random.Random(seed)
            lost = s.story.pop(rng.randrange(len(s.story) - 1))
            s.discard.append(lost)
            s.counted -= g.weight[lost]
    return tuple(changes)


def walk_to(s: GameState, cid: CardId) -> None:
    """Plays a Location sideways: its Region, Dimension and Public Attributes apply, always
    Outside, no subregion and no title-bar attributes (rulebook l.239, l.574)."""
    loc = s.game.profiles[cid].loc
    assert loc is not None
    s.story.append(cid)
    prev_dim = s.dim
    s.mode = WALKING
    s.travel = -1
    s.region, s.subregion, s.attrs, s.exotic = loc.region, -1, loc.walking_attrs, False
    s.dim = prev_dim if loc.any_dimension and prev_dim != ANY_DIMENSION else loc.dim


def back_to(s: GameState) -> None:
    """Restores the context of the last Location you arrived at (change of mind)."""
    loc = s.game.profiles[s.where].loc
    assert loc is not None
    s.mode = AT
    s.region, s.subregion, s.dim, s.attrs, s.exotic = loc.region, loc.subregion, s.where_dim, loc.attrs, loc.exotic


_REVEAL: Final = EffectKind.REVEAL
_REVEAL_ATTACK: Final = EffectKind.REVEAL_ATTACK
_DISCARD_HAND: Final = EffectKind.DISCARD_RANDOM_HAND
