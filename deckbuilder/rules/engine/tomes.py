"""Tomes, Spells and Artifacts: what a Tome is played with, where Spells and Artifacts go.

Tomes at Tome Locations with a reader (rulebook l.324-330); Spells Joined with a Tome as it is
played or added later, by icon, up to its capacity (l.299-305, l.336); Spells given to Allies
and Artifacts that "can know" Spells (l.170, l.187); Artifacts at Artifact Locations (l.183),
Weapons and "Give this card to an Ally" Artifacts to an Ally in play, one Weapon each (l.185,
l.191); at a Location that allows it, a Spell given to an Ally of an allegiance for Sanity. Casting Spells and using Artifacts once in play: :mod:`.casting`.

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N") and
``mythos-errata-rulings.txt`` ("rulings l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

from deckbuilder.rules.engine.plays import (
    ALLY,
    ART,
    AT,
    K_ARTIFACT,
    K_SPELL,
    K_TOME,
    SPELL,
    TOME,
    CardId,
    Play,
    new_play,
)
from deckbuilder.rules.engine.state import GameState, can_pay
from deckbuilder.rules.places import Profile, dimension_ok


def tome_plays(s: GameState, cid: CardId, p: Profile, plays: list[Play]) -> None:
    """Adds the plays of a Tome in hand: the Tome alone, then with each choice of Spells Joined."""
    plays.append(s.game._own_play[cid])
    if not p.capacity:
        return
    g = s.game
    # Rulebook l.303, l.336: Spells of matching icons may be Joined with the Tome as it is played.
    groups: dict[int, list[CardId]] = {}
    for c in s.hand:
        q = g.profiles[c]
        if q.kind is SPELL and q.icons & p.icons and dimension_ok(q.dim, s.dim):
            groups.setdefault(g.uid[c], []).append(c)
    if not groups:
        return
    out: list[tuple[CardId, ...]] = []
    _spell_choices(list(groups.values()), 0, (), p.capacity, out)
    for joined in out:
        plays.append(new_play(K_TOME, cid, joined))


# The choices of Spells recurse as a module function, not a nested one: a nested function that
# calls itself is a reference cycle, left for the garbage collector, some thousand times a run.
def _spell_choices(
    options: list[list[CardId]], i: int, chosen: tuple[CardId, ...], capacity: int, out: list[tuple[CardId, ...]]
) -> None:
    """Adds every choice of Spells to Join with a Tome: from each printing none or some copies
    (``options``, a list of copies per printing), at most ``capacity`` in all, none empty."""
    if i == len(options):
        if chosen:
            out.append(chosen)
        return
    copies = options[i]
    for k in range(0, min(len(copies), capacity - len(chosen)) + 1):
        _spell_choices(options, i + 1, chosen + tuple(copies[:k]), capacity, out)


def spell_plays(s: GameState, cid: CardId, p: Profile, plays: list[Play]) -> None:
    """Adds the plays of a Spell in hand: into each Tome in play with a matching icon and room."""
    profiles = s.game.profiles
    attached = s.attached
    # Rulebook l.336: one Spell per Turn into a Tome with a matching icon, up to its capacity.
    for t in s.tomes:
        tp = profiles[t]
        if tp.icons & p.icons and len(attached.get(t, ())) < tp.capacity:
            plays.append(new_play(K_SPELL, cid, (), t))  # target t
    # Rulebook l.170, l.187: Allies and Artifacts that can know Spells take any Spell.
    for holders in (s.allies, s.artifacts):
        for h in holders:
            hp = profiles[h]
            if hp.capacity and sum(1 for x in attached.get(h, ()) if profiles[x].kind is SPELL) < hp.capacity:
                plays.append(new_play(K_SPELL, cid, (), h))


def artifact_plays(s: GameState, cid: CardId, p: Profile, plays: list[Play]) -> None:
    """Adds the plays of an Artifact in hand: by itself, or, one that needs an Ally, given to each
    Ally in play that may take it."""
    if not p.needs_ally:
        plays.append(s.game._own_play[cid])
        return
    profiles = s.game.profiles
    # Rulebook l.185, l.191: given to an Ally in play; a Weapon only to an Ally without one.
    for a in s.allies:
        if p.weapon and any(profiles[x].weapon for x in s.attached.get(a, ())):
            continue
        plays.append(new_play(K_ARTIFACT, cid, (), a))  # target a


def held_artifact_plays(s: GameState, cid: CardId, plays: list[Play]) -> None:
    """Adds the plays of an Artifact in hand given to each Ally in play that may later be
    assigned one Artifact at any Location and holds none yet (rulebook l.185: the two then act as
    one card)."""
    profiles = s.game.profiles
    for a in s.allies:
        if profiles[a].holds_artifact and not any(profiles[x].kind is ART for x in s.attached.get(a, ())):
            plays.append(new_play(K_ARTIFACT, cid, (), a))  # target a


def held_tome_plays(s: GameState, cid: CardId, plays: list[Play]) -> None:
    """Adds the plays of a Tome in hand given to each Ally in play that may later be assigned one
    Tome at any Location and holds none yet; the Tome then takes Spells as any Tome in play."""
    profiles = s.game.profiles
    for a in s.allies:
        if profiles[a].holds_tome and not any(profiles[x].kind is TOME for x in s.attached.get(a, ())):
            plays.append(new_play(K_TOME, cid, (), a))  # target a


def _knows_more(s: GameState, holder: CardId) -> bool:
    """Checks whether an Ally or Artifact that can know Spells has room for one more."""
    profiles = s.game.profiles
    capacity = profiles[holder].capacity
    return bool(capacity) and sum(1 for x in s.attached.get(holder, ()) if profiles[x].kind is SPELL) < capacity


def spell_on_ally_plays(s: GameState, cid: CardId, plays: list[Play]) -> None:
    """Adds the plays of a Spell in hand given to an Ally in play by the Current Location, as a
    Turn, for the Sanity it asks ("Spend 1 Sanity point to tattoo (play) a Spell on any Steadfast
    Ally. Bury Spell when cast": Cité Tatoue): to each Ally of the allegiance it names that could
    not take the Spell without it (one that can know one more takes it free, :func:`spell_plays`).
    The Ally then casts it as an Ally that knows a Spell does: no Sanity, then Buried (rulebook
    l.170, l.311)."""
    g = s.game
    if s.mode is not AT:
        return
    wants = g.spell_on_ally[s.where]
    if not wants or not can_pay(s, -g.spell_on_ally_cost[s.where]):
        return
    cards = g.cards
    for a in s.allies:
        if g.profiles[a].kind is not ALLY or _knows_more(s, a):
            continue
        allegiance = cards[a].allegiance
        if wants == "any" or (allegiance is not None and allegiance.value.lower() == wants):
            plays.append(new_play(K_SPELL, cid, (), a))  # target a


def spell_on_ally_cost(s: GameState, play: Play) -> int:
    """Gets the Sanity change a Spell play pays: the Current Location's, for a Spell given to an
    Ally that could not take it otherwise (:func:`spell_on_ally_plays`); 0 for any other."""
    g = s.game
    a = play.target
    if not g.has_spell_on_ally or s.mode is not AT or not g.spell_on_ally[s.where] or a < 0:
        return 0
    if g.profiles[a].kind is not ALLY or _knows_more(s, a):
        return 0
    return -g.spell_on_ally_cost[s.where]
