"""The Gate and the Threat: Monsters, Threat Events, Cultists played as Monsters, Great Old Ones.

Each Gate once per arrival unless it may be used again (rulebook l.227, l.272); Monsters played
together when every pair Joins (l.292, l.359); a Great Old One's two requirements (l.282-286).
Nothing fights alone: :mod:`~deckbuilder.rules.engine.turn` Buries the Threat at the end of card
play.

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N") and
``mythos-errata-rulings.txt`` ("rulings l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

from deckbuilder.rules.engine.plays import AT, K_MONSTERS, CardId, Play, new_play
from deckbuilder.rules.engine.state import GameState, can_pay, pay_sanity
from deckbuilder.rules.places import ANY_DIMENSION, Profile


def gate_free(s: GameState) -> bool:
    """Checks whether the Gate here may be used (rulebook l.227: once per arrival, again only
    where the Gate may be reused, at its cost)."""
    # Rulebook l.227: each Gate once per arrival; some Gates may be reused at their cost.
    if not s.gate_used:
        return True
    loc = s.game.profiles[s.where].loc
    return loc is not None and loc.gate_reuse


def gate_cost(s: GameState) -> int:
    """Gets the Sanity change of using the Gate again (a reusable Gate costs its Location's
    pentagram each further use)."""
    if not s.gate_used:
        return 0
    cost = s.game.profiles[s.where].cost
    return cost if cost < 0 else 0


def monster_plays(s: GameState, options: list[list[CardId]], plays: list[Play]) -> None:
    """Adds every group of Monsters (and Threat Events) playable together at the Gate: every
    pair Joins (rulebook l.292, l.359), the whole cost payable (l.272). ``options`` are the
    copies in hand of each printing, in hand order."""
    # Cthulhu's "All Monsters may Join": your own, or (in a match) another player's (l.282).
    # Grasp Of Cthulhu's "All Monsters Join ... for the remainder of the Round" (anyone's).
    all_join = s.all_join or s.joins_round or (s.goo >= 0 and s.game.profiles[s.goo].all_monsters_join)
    _monster_groups(s, options, 0, (), 0, 0, all_join, gate_cost(s), plays)


# A module function, not a nested one, for the reason given at tomes._spell_choices.
def _monster_groups(
    s: GameState,
    options: list[list[CardId]],
    i: int,
    chosen: tuple[CardId, ...],
    mask: int,
    cost: int,
    all_join: bool,
    extra: int,
    plays: list[Play],
) -> None:
    """Adds every group that takes, from printing ``i`` of ``options`` on, none or the first
    copies while each Joins all taken before; ``chosen`` so far Join (as ``mask``) and cost
    ``cost``. A group is played if its cost and the Gate's (``extra``) are payable. The last
    printing adds its groups itself rather than by a call per group."""
    last = i == len(options) - 1
    if not last:
        _monster_groups(s, options, i + 1, chosen, mask, cost, all_join, extra, plays)
    elif chosen and can_pay(s, cost + extra):
        plays.append(new_play(K_MONSTERS, chosen[0], chosen[1:]))
    joins, profiles = s.game.joins, s.game.profiles
    for c in options[i]:
        if chosen and not all_join and (mask & ~joins[c]):
            break
        chosen = chosen + (c,)
        mask |= 1 << c
        cost += min(profiles[c].cost, 0)
        if not last:
            _monster_groups(s, options, i + 1, chosen, mask, cost, all_join, extra, plays)
        elif can_pay(s, cost + extra):
            plays.append(new_play(K_MONSTERS, chosen[0], chosen[1:]))


def summon_met(s: GameState, cid: CardId, p: Profile) -> bool:
    """Checks a Great Old One's two requirements against your cards in play (rulebook l.282:
    "in play and active", the Current Location for a Location requirement)."""
    g = s.game
    masks = g.summon_masks.get(cid, ())
    in_play = 0
    for c in s.in_play():
        in_play |= 1 << c
    for req, mask in zip(p.summon, masks):
        if req.is_location and s.mode is AT and not (req.attrs & ~s.attrs) and req.dim in (ANY_DIMENSION, s.dim):
            continue
        if in_play & mask:
            continue
        return False
    return True


def use_gate(s: GameState, costs: tuple[int, ...]) -> None:
    """Pays for cards played at the Gate, with the Gate's own cost when it is used again."""
    extra = gate_cost(s)
    s.gate_used = True
    s.gates_used += 1
    pay_sanity(s, costs + ((extra,) if extra else ()))
