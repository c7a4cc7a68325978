"""Casting Spells and using Artifacts alone at the table, and playing their effects.

A Spell in play under a holder (a Tome, or an Ally or Artifact that can know Spells) may be
cast on a later Turn, as that Turn's play, when its target exists without an opponent
(rulebook l.307, l.347): cast from a Tome, the Investigator pays the Spell's Sanity cost and the
Spell is flipped face-down until the Round ends (l.309); cast by an Ally or Artifact, it costs
no Sanity and is Buried (l.170, l.187, l.311). An Artifact in play may be used the same way
(l.189, l.199, l.345), paying the Sanity its use costs, then flipped (not used again) or
Buried as its card says; so may an Ally whose card gives it a use "as a Turn" (l.49).
What each card does is a :class:`~deckbuilder.rules.effects.CardEffects`
read from its text (``Game.effects``); the effects played:

- ``draw N``; ``redraw N`` (put up to N cards from hand on the Discard, one play each, then
  draw as many: the REPLACE and REPLACE_DONE plays); ``hand +N``; ``sanity +N`` (l.40, l.42);
- ``summon CLASS``: a Monster of that class from hand to your Threat without a Gate, paying its
  cost too (l.317); alone it attacks no one and is Buried with the Threat (l.439); a Monster that
  may be used for travel may instead go on top of the Story Deck, a Location its travel reaches
  played at once as the Current Location (l.317); ``summon travel`` only that (Song of the
  Stellar Larvae);
- ``monster as ally``: a Monster from hand becomes an Ally, no Gate needed;
- ``ally now``: an Ally from hand that could be played here, at once (l.84, l.367);
- ``past``: the Current Location has the Past attribute (rulings l.184; rulebook l.552), so
  Allies found in the Past may be played there and no others; no new Location until the Round
  ends (the card's own limit; the card does not say when the Lamp's effect ends: here, with
  the Round);
- ``resurrect``: an Ally from your Story Deck back into play, one copy by title (l.367); with
  a card in play that lets it play an Ally from the Past (``past resurrect``: the Grecian
  Lekythos), a Past Ally from hand found here in the Past, paying its cost;
- ``goo stays``: your Great Old One stays one Round more (l.286);
- ``all join``: every Monster Joins any other until the Round ends (l.292), for every player in
  a match (the table spreads it);
- ``recall``: a Location of your Story Deck back on top as your Current Location, without its
  Sanity, its Gate unused;
- ``trade allies``: Allies of your choice in play are Buried with what they hold, their
  values gained in Sanity (l.40, l.42);
- ``travel``: walk to a Location from hand in any Region of your Dimension, not Exotic
  (l.239, l.263); ``travel dimension``: to a Location of another Dimension (l.267), from a
  Gate where the card says so (The Silver Key).

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N") and
``mythos-errata-rulings.txt`` ("rulings l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

from typing import Final

from deckbuilder.rules.effects.notation import After, CardEffects, EffectKind
from deckbuilder.rules.engine.allies import ally_here
from deckbuilder.rules.engine.locations import arrive_at, location_requirements_met, walk_to
from deckbuilder.rules.engine.plays import (
    ALLY,
    AT,
    K_CAST,
    K_REPLACE,
    K_USE,
    LOC,
    MON,
    NOWHERE,
    PLAY_REPLACE_DONE,
    SPELL,
    TOME,
    CardId,
    Play,
    PlayKind,
    new_play,
)
from deckbuilder.rules.engine.state import GameState, can_pay, pay_sanity, remove_card
from deckbuilder.rules.places import dimension_ok, place_matches, travel_can_leave, travel_reaches

# Final: the compiled core reads them from C statics, not the module's dict (issue 17).
_TRADE: Final = EffectKind.TRADE_ALLIES
_RECALL: Final = EffectKind.RECALL
_DRAW: Final = EffectKind.DRAW
_REDRAW: Final = EffectKind.REDRAW
_HAND: Final = EffectKind.HAND
_SANITY: Final = EffectKind.SANITY
_SUMMON: Final = EffectKind.SUMMON
_MONSTER_AS_ALLY: Final = EffectKind.MONSTER_AS_ALLY
_ALLY_NOW: Final = EffectKind.ALLY_NOW
_PAST: Final = EffectKind.PAST
_RESURRECT: Final = EffectKind.RESURRECT
_GOO_STAYS: Final = EffectKind.GOO_STAYS
_ALL_JOIN: Final = EffectKind.ALL_JOIN
_TRAVEL: Final = EffectKind.TRAVEL
_TRAVEL_MONSTER: Final = EffectKind.TRAVEL_MONSTER
#: The effects that play a card the player chooses (one per use: the Play's ``joined``; a
#: Monster used for travel and the Location it reaches, two).
_CHOOSING: Final = (_SUMMON, _MONSTER_AS_ALLY, _ALLY_NOW, _RESURRECT, _TRAVEL, _RECALL, _TRAVEL_MONSTER)


def _use_cost(s: GameState, cid: CardId, holder: CardId) -> int:
    """Gets the Sanity change a use costs the Investigator: a Spell cast from a Tome its own
    cost (rulebook l.305, l.309), by an Ally or Artifact nothing (l.311); an Artifact what its use says."""
    g = s.game
    if g.profiles[cid].kind is SPELL and g.profiles[holder].kind is not TOME:
        return 0
    return g.use_cost[cid]


def _targets(s: GameState, e: CardEffects, cost: int) -> list[tuple[CardId, ...]] | None:
    """Gets the choices of card an effect plays (``[()]`` when it chooses none), or None when
    its target does not exist alone, or the Sanity cannot be paid."""
    g = s.game
    profiles = g.profiles
    choosing = None
    for effect in e.effects:
        k = effect.kind
        if k is _PAST:
            if s.mode is not AT or s.in_past:
                return None
        elif k is _GOO_STAYS:
            if s.goo < 0:
                return None
        elif k is _REDRAW:
            if not s.hand:
                return None
        elif k is _SANITY:
            if s.sanity >= g.sanity_max and effect.amount > 0:
                return None  # l.42: nothing to gain
        elif k is _TRADE:
            # Any Allies of your choice in play: every choice (a bit per Ally), none empty.
            allies = s.allies
            if not allies or not can_pay(s, cost):
                return None
            return [tuple(a for i, a in enumerate(allies) if m >> i & 1) for m in range(1, 1 << len(allies))]
        elif choosing is None and k in _CHOOSING:
            if k is _TRAVEL and effect.what and not s.attrs & g.gate:
                return None  # "Use a Gate to walk": only from a Location with a Gate
            choosing = effect
    if choosing is None:
        return [()] if can_pay(s, cost) else None
    k = choosing.kind
    out: list[tuple[CardId, ...]] = []
    seen: set[int] = set()
    titles = {profiles[a].title for a in s.allies}
    pool = s.story if k is _RESURRECT or k is _RECALL else s.hand
    if k is _RESURRECT and s.mode is AT and any(g.past_resurrect[a] for a in s.artifacts):
        # The Grecian Lekythos: Resurrection may instead play an Ally from the Past, found at this
        # Location in the Past (rulings l.85; rulebook l.552).
        pool = pool + [c for c in s.hand if _past_ally_here(s, c)]
    for c in pool:
        u = g.uid[c]
        if u in seen:
            continue
        q = profiles[c]
        if k is _TRAVEL_MONSTER or k is _SUMMON and q.travel is not None:
            # Rulebook l.317: a Monster that may be used for travel goes on top of the Story Deck
            # instead, and a Location it allows is then immediately played.
            if q.kind is MON and (
                k is _TRAVEL_MONSTER or choosing.what == "any" or g.monster_class[c] == choosing.what
            ):
                out += _travel_monster_targets(s, c, cost)
            if k is _TRAVEL_MONSTER:
                seen.add(u)
                continue
        if k is _SUMMON or k is _MONSTER_AS_ALLY:
            if q.kind is not MON:
                continue
            if k is _SUMMON and choosing.what != "any" and g.monster_class[c] != choosing.what:
                continue
            if k is _MONSTER_AS_ALLY and q.title in titles:
                continue  # l.367: one copy by title in play
        elif k is _ALLY_NOW:
            if q.kind is not ALLY or q.title in titles or s.mode is NOWHERE or not ally_here(s, q):
                continue
            if s.in_past and (q.place is None or not q.place.past):
                continue
        elif k is _RESURRECT:
            if q.kind is not ALLY or q.title in titles:
                continue
        elif k is _RECALL:
            # A Location below the top of the Story Deck, while at a Location (not in the Past).
            if q.loc is None or q.kind is not LOC or s.mode is not AT or s.in_past or c == s.story[-1]:
                continue
        else:  # _TRAVEL
            loc = q.loc
            if loc is None or q.kind is SPELL or s.mode is not AT or s.in_past or loc.exotic:
                continue
            if (loc.dim != s.dim) != bool(choosing.amount) or c == s.where:
                continue  # the same Dimension, or (``travel dimension``) another one
        from_hand = c in s.hand and k is not _TRAVEL
        if not can_pay(s, cost + (q.cost if from_hand else 0)):
            continue
        seen.add(u)
        out.append((c,))
    return out or None


def _travel_monster_targets(s: GameState, monster: CardId, cost: int) -> list[tuple[CardId, ...]]:
    """Gets the (Monster, Location) pairs a Monster used for travel plays from hand: from the
    Current Location (not Walking, Travelling, nor in the Past), to a Location in hand its travel
    reaches (rulebook l.317; its ways read as a Travel Event's, l.257-265), of its Dimension
    (l.267), the Monster's and the Location's Sanity payable with the use's (l.124)."""
    g = s.game
    q = g.profiles[monster]
    t = q.travel
    if t is None or s.mode is not AT or s.in_past or not dimension_ok(q.dim, s.dim):
        return []
    here = g.profiles[s.where].loc
    if here is None or not travel_can_leave(t, here, s.attrs, g.water):
        return []
    out: list[tuple[CardId, ...]] = []
    seen: set[int] = set()
    for c in s.hand:
        p = g.profiles[c]
        loc = p.loc
        if p.kind is not LOC or loc is None or g.uid[c] in seen:
            continue
        seen.add(g.uid[c])
        if (
            travel_reaches(t, s.region, s.dim, loc)
            and location_requirements_met(s, p)
            and can_pay(s, cost + min(q.cost, 0) + min(p.cost, 0))
        ):
            out.append((monster, c))
    return out


def _past_ally_here(s: GameState, c: CardId) -> bool:
    """Checks whether a card in hand is an Ally found at the Current Location in the Past."""
    q = s.game.profiles[c]
    place = q.place
    return (
        q.kind is ALLY
        and place is not None
        and place.past
        and place_matches(place, s.region, s.subregion, s.dim, s.attrs | s.game.past, s.exotic)
    )


def use_plays(s: GameState, plays: list[Play]) -> None:
    """Adds the casts of Spells in play and the uses of Artifacts in play whose target exists."""
    g = s.game
    effects = g.effects
    for holder, held in s.attached.items():
        for c in held:
            e = effects[c]
            if e is None or c in s.cast:
                continue
            cost = _use_cost(s, c, holder)
            choices = _targets(s, e, cost)
            if choices:
                payer = spell_payer(s) if cost < 0 and g.has_pays_for_spell else -1
                for joined in choices:
                    plays.append(new_play(K_CAST, c, joined, holder))
                    if payer >= 0:
                        # The same cast, an Ally Buried instead of its Sanity (Atal the High Priest).
                        plays.append(Play(K_CAST, c, joined, holder, ally_pays=True))
    for holders in (s.artifacts, s.allies):  # not artifacts + allies: a new list every decision
        for a in holders:
            e = effects[a]
            if e is None or a in s.spent:
                continue
            choices = _targets(s, e, _use_cost(s, a, -1))
            if choices:
                for joined in choices:
                    plays.append(new_play(K_USE, a, joined))


def spell_payer(s: GameState) -> CardId:
    """Gets the first Ally in play whose card lets it be Buried instead of paying a Spell's Sanity
    cost (-1: none): the one a cast marked so (``Play.ally_pays``) Buries."""
    pays = s.game.pays_for_spell
    return next((a for a in s.allies if pays[a]), -1)


def redraw_plays(s: GameState) -> list[Play]:
    """Gets the plays of a redraw under way: replace a card (one per printing), or draw."""
    plays: list[Play] = []
    if s.redrawing > 0:
        g = s.game
        seen: set[int] = set()
        for c in s.hand:
            u = g.uid[c]
            if u not in seen:
                seen.add(u)
                plays.append(new_play(K_REPLACE, c))
    plays.append(PLAY_REPLACE_DONE)
    return plays


def redraw_step(s: GameState, play: Play) -> None:
    """Plays a step of a redraw: a card put on the Discard, or the replacements drawn."""
    if play.kind is K_REPLACE:
        remove_card(s.hand, play.card)
        s.discard.append(play.card)
        s.redrawing -= 1
        s.redrawn += 1
        return
    n = s.redrawn
    s.redrawing, s.redrawn = -1, 0
    draw_n(s, n)


def draw_n(s: GameState, n: int) -> None:
    """Draws n cards; an empty Mythos Deck costs 1 Sanity and reshuffles the Discard (l.544)."""
    from deckbuilder.rules.engine.turn import reshuffle_discard

    for _ in range(n):
        if not s.deck:
            if not s.discard or s.is_over:
                return
            pay_sanity(s, (-1,))
            reshuffle_discard(s)
            if s.is_over:
                return
        s.hand.append(s.deck.pop())


def cast_or_use(s: GameState, play: Play) -> None:
    """Casts a Spell or uses an Artifact: pays, plays its effects, then flips or Buries it."""
    g = s.game
    cid = play.card
    e = g.effects[cid]
    assert e is not None
    holder = play.target
    cost = _use_cost(s, cid, holder)
    if play.ally_pays:
        payer = spell_payer(s)
        if payer >= 0:
            bury_ally(s, payer)  # instead of the Spell's Sanity (rulebook l.191: with what it holds)
            cost = 0
    # After use: a Spell under a Tome face-down for the Round (l.309), one held by an Ally or
    # Artifact Buried (l.311); an Artifact flipped or Buried as its card says (l.199).
    if play.kind is PlayKind.CAST:
        if g.profiles[holder].kind is TOME:
            s.cast += (cid,)
        else:
            s.spells.remove(cid)
            s.attached[holder] = tuple(x for x in s.attached[holder] if x != cid)
            s.story.insert(0, cid)  # Buried: the bottom of the Story Deck (l.506); it still counts
    elif e.after is After.FLIP:
        s.spent += (cid,)
    elif e.after is After.BURY:
        (s.artifacts if cid in s.artifacts else s.allies).remove(cid)
        s.story.insert(0, cid)
    costs = [cost]
    for effect in e.effects:
        k = effect.kind
        if k is _DRAW:
            draw_n(s, effect.amount)
        elif k is _REDRAW:
            s.redrawing, s.redrawn = effect.amount, 0
        elif k is _HAND:
            s.hand_extra += effect.amount
        elif k is _SANITY:
            costs.append(effect.amount)
        elif k is _PAST:
            s.attrs |= g.past
            s.in_past = True
        elif k is _GOO_STAYS:
            s.goo_age -= 1
        elif k is _ALL_JOIN:
            s.joins_round = True  # every Monster Joins any other until the Round ends
        elif k is _TRADE:
            for a in play.joined:
                costs.append(g.cards[a].value or 0)  # the Ally's own value, no Weapon (the card)
                bury_ally(s, a)
        elif len(play.joined) == 2 and (k is _SUMMON or k is _TRAVEL_MONSTER):
            _travel_by_monster(s, play.joined[0], play.joined[1], costs)
        elif play.joined and k in _CHOOSING:
            _play_chosen(s, k, play.joined[0], costs)
    pay_sanity(s, costs)


def _travel_by_monster(s: GameState, monster: CardId, location: CardId, costs: list[int]) -> None:
    """Plays a Monster used for travel (rulebook l.317): right-side-up on top of the Story Deck
    (where it counts for Adventures, l.66), its Sanity paid, then the Location it reaches
    played at once as the Current Location, its Sanity applied on arrival (l.38)."""
    g = s.game
    remove_card(s.hand, monster)
    s.story.append(monster)
    s.counted += g.weight[monster]
    costs.append(g.profiles[monster].cost)
    remove_card(s.hand, location)
    arrive_at(s, location)


def _recall(s: GameState, c: CardId) -> None:
    """Moves a Location of the Story Deck to its top as the Current Location: no Sanity, its
    Gate unused (the card's words); it counted in the Story Deck and counts on."""
    loc = s.game.profiles[c].loc
    assert loc is not None
    s.story.remove(c)
    s.story.append(c)
    s.where, s.travel = c, -1
    s.where_dim = s.dim if loc.any_dimension and s.dim >= 0 else loc.dim
    s.region, s.subregion, s.dim, s.attrs, s.exotic = loc.region, loc.subregion, s.where_dim, loc.attrs, loc.exotic
    s.gate_used = False


def bury_ally(s: GameState, a: CardId) -> None:
    """Buries an Ally in play with the cards it holds (rulebook l.191: a Weapon suffers the same
    fate); they all count on in the Story Deck."""
    s.allies.remove(a)
    held = s.attached.pop(a, ())
    for c in held:
        (s.spells if c in s.spells else s.artifacts).remove(c)
    s.story[0:0] = (a,) + held


def _play_chosen(s: GameState, k: EffectKind, c: CardId, costs: list[int]) -> None:
    g = s.game
    q = g.profiles[c]
    if k is _RECALL:
        _recall(s, c)
        return
    if k is _RESURRECT:
        if c in s.hand:  # an Ally from the Past, by the Grecian Lekythos: played from hand
            remove_card(s.hand, c)
            s.counted += g.weight[c]
            costs.append(q.cost)
        else:
            s.story.remove(c)  # it counted in the Story Deck and counts in play: the tally holds
        s.allies.append(c)
        return
    remove_card(s.hand, c)
    if k is _TRAVEL:
        walk_to(s, c)  # from a Location arrived at (see _targets): as if Walking (l.239)
        return
    costs.append(q.cost)
    if k is _SUMMON:
        s.threat.append(c)  # Buried with the Threat at the end of card play (l.439)
        return
    s.allies.append(c)  # an Ally: played now, or a Monster played as one
    s.counted += g.weight[c]
