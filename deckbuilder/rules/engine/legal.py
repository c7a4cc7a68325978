"""Legal plays: every play the state allows, card by card in hand order.

In card play, each card in hand is offered by its type's rules (:mod:`.locations`,
:mod:`.allies`, :mod:`.tomes`, :mod:`.threat`; Events and Adventures here), once per printing,
Joined cards after them (Monsters, Allies), then Pass; in the Discard phase, a discard or the end of the Round (rulebook l.445, l.454).
This loop runs for every decision of every goldfish game: card kinds and play kinds are read as
module names, and the per-copy plays come from the tables :class:`~.game.Game` builds once.

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N") and
``mythos-errata-rulings.txt`` ("rulings l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

from deckbuilder.rules.cards import fold_title
from deckbuilder.rules.engine.allies import ally_anywhere_plays, ally_here, ally_join_plays
from deckbuilder.rules.engine.casting import redraw_plays, use_plays
from deckbuilder.rules.engine.choices import ally_instead_plays, ally_pays_plays, ally_pays_threat_plays
from deckbuilder.rules.engine.locations import (
    location_plays,
    location_requirements_met,
    locations_in_hand,
    travel_plays,
)
from deckbuilder.rules.engine.plays import (
    ADV,
    ALLY,
    ART,
    AT,
    DISCARD,
    EVENT,
    GOO,
    K_CULTIST,
    K_MONSTER_ALLY,
    K_ROTATE,
    LOC,
    MON,
    NOWHERE,
    PLAY,
    PLAY_ABILITY,
    PLAY_END,
    PLAY_END_SHUFFLE,
    PLAY_LOBOTOMY,
    PLAY_LOSE_TURN,
    PLAY_PASS,
    SPELL,
    THREAT,
    TOME,
    TRAVEL,
    TRAVELLING,
    WALKING,
    CardId,
    Play,
    new_play,
)
from deckbuilder.rules.engine.recovery import recover_plays
from deckbuilder.rules.engine.state import GameState, can_pay, titles_in_play
from deckbuilder.rules.engine.threat import gate_cost, gate_free, monster_plays, summon_met
from deckbuilder.rules.engine.tomes import (
    artifact_plays,
    held_artifact_plays,
    held_tome_plays,
    spell_on_ally_plays,
    spell_plays,
    tome_plays,
)
from deckbuilder.rules.places import can_read, dimension_ok, place_matches


def legal_plays(state: GameState) -> list[Play]:
    """Gets every legal play of the state (empty when the game is over).

    In the Discard phase: discard one card, or end the Round (with or without reshuffling the
    Discard for 1 Sanity). Copies of one printing give one play.
    """
    phase = state.phase
    if phase is PLAY:
        if state.lost_turns:
            # Rulebook l.351, l.356: a Turn a card says to lose is that Turn's one play; the
            # cards that lose Turns say "playing no cards, and not passing".
            return [PLAY_LOSE_TURN]
        if state.redrawing >= 0:
            return redraw_plays(state)  # a redraw under way: replace cards, then draw
        return _card_plays(state)
    if phase is DISCARD:
        return _discard_plays(state)
    return []


def use_plays_now(state: GameState) -> list[Play]:
    """Gets the casts of Spells and uses of cards in play among the state's legal plays, in
    their order, without the rest (Combat's Spell-and-Artifact rounds ask for these alone:
    :func:`legal_plays` would read every card of the hand for them)."""
    if state.phase is not PLAY or state.lost_turns or state.redrawing >= 0:
        return []
    g = state.game
    if not g.has_uses or (not state.located and not g.rules.advanced):
        return []
    plays: list[Play] = []
    use_plays(state, plays)
    return plays


def is_legal(state: GameState, play: Play) -> bool:
    """Checks whether a play is legal in the state."""
    return play in legal_plays(state)


def _card_plays(s: GameState) -> list[Play]:
    g = s.game
    profiles = g.profiles
    uid = g.uid
    own = g._own_play
    plays: list[Play] = []
    mode = s.mode
    sanity = s.sanity
    dim = s.dim
    in_past = s.in_past
    if mode is WALKING and not in_past:
        top = s.story[-1]
        # Rulebook l.241, l.343: rotate the Location right-side-up on a later Turn, paying its cost.
        if can_pay(s, profiles[top].cost) and location_requirements_met(s, profiles[top]):
            plays.append(new_play(K_ROTATE, top))
    # Rulebook l.79 (Basic): the first play is a Location; l.463 (Advanced): or any legal card.
    locations_only = not s.located and not g.rules.advanced
    here_attrs = s.attrs if mode is AT or mode is TRAVELLING else 0
    # An Ally in play that may be Buried instead of an Artifact's Sanity (rules/engine/choices.py).
    payer = g.has_pays_for_artifact and any(g.pays_for_artifact[a] for a in s.allies)
    gate_ok = mode is AT and bool(here_attrs & g.gate) and gate_free(s)
    # Where a Location in hand leads from the last one arrived at, by its printing.
    steps = None
    if mode is not NOWHERE:
        # Keyed by one int (printing, Dimension from -1), not a tuple made at every decision.
        key = uid[s.where] * 8 + s.where_dim + 1
        steps = g._steps.get(key)
        if steps is None:
            steps = g._steps[key] = {}
    # The printings seen in hand, a bit each: an int, not a set built at every decision (issue 17).
    seen = 0
    ally_titles: set[int] | None = None
    event_titles: set[int] | None = None
    # Monsters playable at the Gate: their copies in hand, by printing (made at the first one).
    monsters: dict[int, list[CardId]] | None = None
    hand_locations: list[CardId] | None = None
    # Allies found here that Join another (made at the first one).
    joinable: list[CardId] | None = None
    has_copies = g._has_copies
    adventures, last_tally, last_answer = g._adventures, g._last_tally, g._last_answer
    counted = s.counted
    for cid in s.hand:
        u = uid[cid]
        if has_copies[cid]:
            bit = 1 << u
            if seen & bit:
                if monsters is not None and u in monsters:
                    monsters[u].append(cid)
                continue
            seen |= bit
        p = profiles[cid]
        kind = p.kind
        if kind is LOC:
            if not in_past:  # the Lamp: no new Location while in the Past
                location_plays(s, cid, p, plays, steps)
            continue
        if locations_only:
            continue
        if kind is ADV:
            # Rulebook l.157: once per game; l.66: the recipe met by the Story Deck and cards in play.
            if s.adventures and _adventure_done(s, p.title):
                continue
            # The recipe's last answer while the cards it may use stay the same (most decisions):
            # read here, without a call (Game.adventure_ready keeps it).
            known = adventures[u]
            if known is not None and (counted & known[0]) == last_tally[u]:
                ready = last_answer[u]
            else:
                ready = g.adventure_ready(cid, counted)
            if ready and (not g.conditions[cid] or _conditions_met(s, g.conditions[cid])):
                plays.append(own[cid])
        elif kind is EVENT:
            if not dimension_ok(p.dim, dim) or p.cost < 0 and -p.cost > sanity:
                continue
            if p.opponent_card and not g.rules.phantom_opponent:
                continue  # rulebook l.202: no legitimate target while the opponent plays nothing
            if s.events:
                if event_titles is None:
                    event_titles = {profiles[e].title for e in s.events}
                if p.title in event_titles:
                    continue  # rulebook l.202, l.367: one Event of a title at a time
            if p.needs_titles and not titles_in_play(s, p.needs_titles):
                continue
            if p.ally_anywhere:
                ally_anywhere_plays(s, cid, p, plays)
                continue
            plays.append(own[cid])
        elif kind is SPELL:
            if dimension_ok(p.dim, dim):
                spell_plays(s, cid, p, plays)
                if g.has_spell_on_ally and s.allies:
                    spell_on_ally_plays(s, cid, plays)  # given to an Ally by the Current Location
        elif mode is NOWHERE:
            continue  # rulebook l.76: nothing that depends on being at a Location before the first one
        elif kind is ALLY:
            # The Ally's Dimension(s) are part of its place (rulebook l.160).
            if p.cost < 0 and -p.cost > sanity:
                continue
            assert p.place is not None
            if in_past and not p.place.past:
                pass  # the Lamp: Allies played must be found in that Location in the Past
            elif ally_here(s, p):
                if ally_titles is None:
                    ally_titles = {profiles[a].title for a in s.allies}
                if p.title not in ally_titles:  # rulebook l.367: one copy in play
                    # "Can be played only with Keziah Mason, or if she is already in play".
                    if p.only_with < 0 or p.only_with in ally_titles:
                        plays.append(own[cid])
                    if g.has_ally_joins and g.ally_joins[cid]:
                        if joinable is None:
                            joinable = []
                        joinable.append(cid)  # rulebook l.178, l.359: Joined with another Ally
            # Rulebook l.174: a Cultist may instead go to the Threat, using the Gate.
            if (
                p.cultist
                and gate_ok
                and place_matches(p.place, s.region, s.subregion, dim, here_attrs, s.exotic)
                and can_pay(s, p.cost + gate_cost(s))
            ):
                plays.append(new_play(K_CULTIST, cid))
        elif kind is MON or kind is THREAT:
            if gate_ok and dimension_ok(p.dim, dim):
                if monsters is None:
                    monsters = {}
                monsters[u] = [cid]
                need = g.gate_ally[cid]
                # The Investigator's card: "use a Water Gate to play Deep Ones as Allies" (one copy
                # of a title in play, rulebook l.367; the Gate is used, l.227).
                if need and not (need & ~here_attrs) and can_pay(s, p.cost + gate_cost(s)):
                    if ally_titles is None:
                        ally_titles = {profiles[a].title for a in s.allies}
                    if p.title not in ally_titles:
                        plays.append(new_play(K_MONSTER_ALLY, cid))
        elif kind is TOME:
            # Rulebook l.324: only at a Location with the Tome attribute; l.326: a reader.
            if (
                here_attrs & g.tome_attr
                and dimension_ok(p.dim, dim)
                and can_pay(s, p.cost)
                and can_read(p, s.readers())
            ):
                tome_plays(s, cid, p, plays)
            # An Ally that may later be assigned a Tome takes one anywhere, read as ever (l.326).
            if g.holds_tome and dimension_ok(p.dim, dim) and can_pay(s, p.cost) and can_read(p, s.readers()):
                held_tome_plays(s, cid, plays)
        elif kind is ART:
            # Rulebook l.183: at a Location with the Artifact attribute.
            if here_attrs & g.artifact_attr and dimension_ok(p.dim, dim) and (can_pay(s, p.cost) or payer):
                artifact_plays(s, cid, p, plays)
            # Rulebook l.185: an Ally that may later be assigned an Artifact takes one anywhere.
            if g.holds_artifact and not p.needs_ally and dimension_ok(p.dim, dim) and can_pay(s, p.cost):
                held_artifact_plays(s, cid, plays)
        elif kind is GOO:
            if (
                gate_ok
                and s.goo < 0
                and dimension_ok(p.dim, dim)
                and can_pay(s, p.cost + gate_cost(s))
                and summon_met(s, cid, p)
            ):
                plays.append(own[cid])
        elif kind is TRAVEL and not in_past:
            if hand_locations is None:
                hand_locations = locations_in_hand(s)
            travel_plays(s, cid, p, plays, hand_locations)
    if monsters is not None:
        monster_plays(s, list(monsters.values()), plays)
    if joinable is not None and len(joinable) > 1:
        ally_join_plays(s, joinable, plays)
    if g.has_uses and not locations_only:
        use_plays(s, plays)
    if g.has_turn_or_ally and s.allies:
        ally_instead_plays(s, plays)  # arriving: an Ally Buried instead of the lost Turn
    if g.has_pays_for_artifact and s.allies:
        ally_pays_plays(s, plays)  # an Artifact played: an Ally Buried instead of its Sanity
    if g.has_pays_for_threat and s.allies and gate_ok:
        ally_pays_threat_plays(s, plays)  # a card to the Threat: an Ally Buried instead of its Sanity
    if g.has_recover and mode is AT and not in_past and g.recover_cost[s.where] >= 0:
        recover_plays(s, plays)  # an Artifact of the Story Deck back into play (the Location's)
    if g.ability_redraw and not s.ability_used and s.hand and not locations_only:
        plays.append(PLAY_ABILITY)  # "As your Turn one time during a Round" (rulebook l.49): a redraw
    plays.append(PLAY_PASS)
    return plays


def _adventure_done(s: GameState, title: int) -> bool:
    """Checks whether an Adventure of a title is already completed (rulebook l.157: once per game)."""
    profiles = s.game.profiles
    return any(profiles[a].title == title for a in s.adventures)


def _conditions_met(s: GameState, conditions: tuple[tuple[str, str], ...]) -> bool:
    """Checks an Adventure's non-card conditions against the game (rulings l.85), never
    assuming one met: a member of a Secret Society (the Investigator's card), a card in play
    by title ("while CTHULHU is in play"), Sanity driven below a number since the last
    Adventure, Day or Night, a Spell held by a Tome in play, a Tome in a language the Investigator does not
    read; any other condition is not met."""
    g = s.game
    for kind, arg in conditions:
        if kind == "society":
            if not g.societies:
                return False
        elif kind == "in play":
            if all(fold_title(g.cards[c].title) != arg for c in s.in_play()):
                return False
        elif kind == "sanity below":
            if s.low_sanity >= int(arg):
                return False
        elif kind == "spell in tome":
            if not any(s.attached.get(t) for t in s.tomes):
                return False
        elif kind == "time":
            # Rulebook l.76: Day until a card says otherwise; rulings l.35: a Day Event reads "It
            # is now Day", a Night Event "It is now Night" (the last one in play decides).
            now = "day"
            if s.table_time:  # at a match's table, its time: anyone's last Day or Night Event
                now = "night" if s.table_time == 2 else "day"
            else:
                for e in reversed(s.events):
                    sub = fold_title(g.cards[e].subtype or "")
                    if sub == "day" or sub == "night":
                        now = sub
                        break
            if now != arg:
                return False
        elif kind == "tome unread":
            profiles = g.profiles
            if not any(profiles[t].tome_langs & ~g.readers for t in s.tomes):
                return False
        else:
            return False
    return True


def _discard_plays(s: GameState) -> list[Play]:
    g = s.game
    plays: list[Play] = []
    hand_min, hand_max = s.hand_limits()  # the Investigator's, as cards in play change them
    # Rulebook l.445: discard down to the Minimum at most; at most the Maximum may be kept.
    if len(s.hand) > hand_min:
        seen = 0  # the printings seen, a bit each
        uid, discard, has_copies = g.uid, g._discard_play, g._has_copies
        for c in s.hand:
            if has_copies[c]:
                bit = 1 << uid[c]
                if seen & bit:
                    continue
                seen |= bit
            plays.append(discard[c])
    if len(s.hand) <= hand_max:
        plays.append(PLAY_END)
        if s.discard and s.sanity >= 1:
            plays.append(PLAY_END_SHUFFLE)  # rulebook l.454
        if not s.lobotomized and s.sanity >= 1:
            plays.append(PLAY_LOBOTOMY)  # rulebook l.451: at the end of the Round, once a game
    return plays
