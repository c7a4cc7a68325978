"""Spells and Allies that lift a Phobia from their player's Investigator at the table (issue 23):
a Spell that Buries them all, an Ally that lifts one for a Turn in a subregion's Location, one
flipped that lifts one each later Turn where it was flipped, one that lifts one when a
Sanitarium becomes the Current Location. Each cites the rulebook line it follows ("rulebook
l.N"). The cards are built here in our own words around the clause the reader keys on
(rules/match/opponents.py: lifts_own_phobia), never a card's text."""

from __future__ import annotations

from collections.abc import Sequence

from support.engine import ARKHAM_SANITARIUM, ally, event, location, spell, tome
from support.match import Scripted, brian_and_meghan, take

from deckbuilder.rules.cards import Card
from deckbuilder.rules.engine import Play, PlayKind
from deckbuilder.rules.match import DISCARD, Match, step
from deckbuilder.rules.match.opponents import (
    LIFT_ALL,
    LIFT_ARRIVING,
    LIFT_FLIPPED,
    LIFT_REMAIN,
    lifts_own_phobia,
)
from deckbuilder.rules.match.policy import GreedyPlayer
from deckbuilder.rules.match.table import card_play, next_round, turn_plays

DREAD = event(
    "Dread",
    "Phobia",
    text="Opponent loses 1 Sanity point if he or she passes.",
    affects="Affects Opponent's Investigator",
)
GLOOM = event(
    "Gloom",
    "Phobia",
    text="Opponent loses 2 Sanity points if he or she passes.",
    affects="Affects Opponent's Investigator",
)
LIBER = tome("Liber", languages=("English",))
CALM = spell("Calm", text="Bury all Phobias affecting your Investigator.", sanity=-1)
AUNT = ally(
    "Aunt Hester",
    sub="Kingsport",
    text="Remain in any Kingsport Location with Hester for one Turn and Bury one Phobia.",
)
VICAR = ally(
    "Vicar Crane",
    text="Flip this card and your Current Location gains the Church attribute. During each additional Turn that "
    "you remain here and that the Vicar remains Flipped, you may Bury one Phobia affecting your Investigator.",
)
HEALER = ally(
    "Dr. Mend", text="You may Bury a Phobia in the same Turn that a Sanitarium becomes your Current Location."
)
HARBOR = location("Kingsport Harbor", sub="Kingsport", attrs=("Town", "Site"))
CONSULTING_ROOM = location(
    "Consulting Room",
    attrs=("City", "Sanitarium"),
    text="Each opponent reveals the top card of his or her Mythos Deck. If it is a Phobia, apply it to you at once. "
    "Otherwise, Discard it. You may not bury Phobias here.",
)


def table(cards_a: Sequence[Card], cards_b: Sequence[Card], start: str = "Arkham House") -> Match:
    """Brian and Meghan, Meghan at ``start`` (Brian at Arkham House), every other card in the
    Mythos Deck, Brian's Phobias on Meghan."""
    m = brian_and_meghan(cards_a, cards_b, start)
    brians = m.players[0].game
    for c in range(brians.size):
        if m.seats[0].phobia[c]:
            take(m, 0, brians.title(c))
            m.afflicted[1].append((0, c))
    m.to_move = 1
    m.log = []
    return m


def phobias(m: Match) -> list[str]:
    return [m.players[o].game.title(c) for o, c in m.afflicted[1]]


def test_the_clauses_read():
    # What each lifts, keyed on its clause; an Ally that lifts nothing lifts nothing.
    assert lifts_own_phobia(CALM) == (LIFT_ALL, "")
    assert lifts_own_phobia(AUNT) == (LIFT_REMAIN, "kingsport")
    assert lifts_own_phobia(VICAR) == (LIFT_FLIPPED, "")
    assert lifts_own_phobia(HEALER) == (LIFT_ARRIVING, "sanitarium")
    assert lifts_own_phobia(ally("Plain Friend")) == (0, "")
    assert lifts_own_phobia(spell("Plain Spell", text="Draw one card.")) == (0, "")


def test_a_spell_cast_buries_every_phobia_on_its_caster():
    # Rulebook l.309: cast from a Tome, the Spell's Sanity is paid and it is flipped; l.210: each
    # Phobia removed is Buried by the opponent who played it, in his or her own Story Deck.
    m = table([DREAD, GLOOM], [LIBER, CALM])
    s = m.players[1]
    book, calm = take(m, 1, "Liber"), take(m, 1, "Calm")
    s.tomes.append(book)
    s.spells.append(calm)
    s.attached[book] = (calm,)
    cast = [p for p in turn_plays(m, 1) if p.kind is PlayKind.CAST and p.card == calm]
    assert len(cast) == 1
    assert GreedyPlayer(s.game, set()).choose(m, 1, turn_plays(m, 1)) == cast[0]
    before = s.sanity
    card_play(m, cast[0])
    assert phobias(m) == []
    assert {m.players[0].game.title(c) for c in m.players[0].story[:2]} == {"Dread", "Gloom"}
    assert s.sanity == before - 1
    assert calm in s.cast
    assert "Calm" in m.applied[1]
    # Nothing left to lift: the Spell is not offered again (it needs its target, l.307).
    assert not [p for p in turn_plays(m, 1) if p.kind is PlayKind.CAST]


def test_the_spell_is_not_offered_without_a_phobia():
    m = table([], [LIBER, CALM])
    s = m.players[1]
    book, calm = take(m, 1, "Liber"), take(m, 1, "Calm")
    s.tomes.append(book)
    s.spells.append(calm)
    s.attached[book] = (calm,)
    assert not [p for p in turn_plays(m, 1) if p.card == calm]


def test_an_ally_lifts_one_phobia_for_a_turn_in_its_subregion():
    # Rulebook l.351: "TAKE ANY ONE CARD ACTION requiring a Turn (i.e., Bury a Phobia ...)";
    # l.356: the burying costs the Turn; l.210: its player Buries it.
    m = table([DREAD, GLOOM], [AUNT, HARBOR], start="Kingsport Harbor")
    m.players[1].allies.append(take(m, 1, "Aunt Hester"))
    step(m, [Scripted(), Scripted()])
    assert phobias(m) == ["Gloom"]  # one, the oldest
    assert m.to_move == 0  # the Turn is spent
    assert m.pending == -1  # an action, not a Pass (l.386)
    assert "  Meghan stays with Aunt Hester and buries Dread" in m.log
    assert "Aunt Hester" in m.applied[1]


def test_the_ally_lifts_nothing_outside_its_subregion():
    m = table([DREAD], [AUNT])
    m.players[1].allies.append(take(m, 1, "Aunt Hester"))
    step(m, [Scripted(), Scripted()])
    assert phobias(m) == ["Dread"]
    assert m.pending == 1  # Scripted Passed: the Turn was the player's own


def test_an_ally_flipped_face_down_lifts_nothing():
    # Rulebook l.532: a face-down card's effects are not available until it is face-up again.
    m = table([DREAD], [AUNT, HARBOR], start="Kingsport Harbor")
    hester = take(m, 1, "Aunt Hester")
    m.players[1].allies.append(hester)
    m.face_down[1].append(hester)
    step(m, [Scripted(), Scripted()])
    assert phobias(m) == ["Dread"]


def test_a_flipped_ally_lifts_one_phobia_each_later_turn_where_it_was_flipped():
    # The flip is the Turn ("as your Turn", l.351); each additional Turn there while it stays
    # flipped lifts one; face-down cards turn face-up when the Round ends (l.448).
    m = table([DREAD, GLOOM], [VICAR])
    vicar = take(m, 1, "Vicar Crane")
    m.players[1].allies.append(vicar)
    step(m, [Scripted(), Scripted()])
    assert vicar in m.face_down[1]
    assert phobias(m) == ["Dread", "Gloom"]
    assert m.to_move == 0
    m.to_move = 1
    step(m, [Scripted(), Scripted()])
    assert phobias(m) == ["Gloom"]
    assert "  Meghan stays with Vicar Crane and buries Dread" in m.log
    m.to_move = 1
    step(m, [Scripted(), Scripted()])
    assert phobias(m) == []
    m.afflicted[1].append((0, take(m, 0, "Dread")))  # played on Meghan again
    m.stage = DISCARD  # the Discard phase over: a new Round
    next_round(m)
    assert vicar not in m.face_down[1] and m.flipped_at[1] == []
    m.to_move = 1
    step(m, [Scripted(), Scripted()])
    assert phobias(m) == ["Dread"]  # flipped again first: the old flip ended with the Round
    assert vicar in m.face_down[1]


def test_an_ally_lifts_a_phobia_when_a_sanitarium_becomes_the_current_location():
    # In the same Turn: no Turn spent beyond the Location's play (l.351 is not needed).
    m = table([DREAD, GLOOM], [HEALER, ARKHAM_SANITARIUM])
    m.players[1].allies.append(take(m, 1, "Dr. Mend"))
    m.players[1].hand.append(take(m, 1, "Arkham Sanitarium"))
    play = next(
        p
        for p in turn_plays(m, 1)
        if p.kind is PlayKind.LOCATION and not p.sideways and m.players[1].game.title(p.card) == "Arkham Sanitarium"
    )
    card_play(m, play)
    assert m.players[1].game.title(m.players[1].current_location) == "Arkham Sanitarium"
    assert phobias(m) == ["Gloom"]
    assert "Dr. Mend" in m.applied[1]


def test_no_lift_without_the_sanitarium():
    m = table([DREAD], [HEALER])
    m.players[1].allies.append(take(m, 1, "Dr. Mend"))
    card_play(m, Play(PlayKind.PASS))
    assert phobias(m) == ["Dread"]


def test_the_greedy_player_keeps_the_spell_when_its_cost_would_leave_less_than_3_sanity():
    # Our rule, as for every Spell the greedy player casts: never below 3 Sanity.
    m = table([DREAD], [LIBER, CALM])
    s = m.players[1]
    book, calm = take(m, 1, "Liber"), take(m, 1, "Calm")
    s.tomes.append(book)
    s.spells.append(calm)
    s.attached[book] = (calm,)
    s.sanity = 3
    play = GreedyPlayer(s.game, set()).choose(m, 1, turn_plays(m, 1))
    assert play.kind is PlayKind.PASS


def arrive(m: Match, seat: int, title: str) -> None:
    """The player to move plays the Location ``title`` from hand upright (the Turn's play)."""
    s = m.players[seat]
    s.hand.append(take(m, seat, title))
    play = next(
        p
        for p in turn_plays(m, seat)
        if p.kind is PlayKind.LOCATION and not p.sideways and s.game.title(p.card) == title
    )
    card_play(m, play)
    assert s.game.title(s.current_location) == title


def on_top(m: Match, seat: int, title: str) -> int:
    s = m.players[seat]
    cid = take(m, seat, title)
    s.deck.append(cid)  # the Mythos Deck's top is its end
    return cid


def test_a_location_has_each_opponent_reveal_a_card_and_a_phobia_afflicts_the_player():
    # The Location's text: a Phobia revealed is applied to the player who arrived; it stays on
    # him or her as the opponent's card (l.210: removed, its player Buries it).
    m = table([DREAD], [CONSULTING_ROOM])
    _, dread = m.afflicted[1].pop()
    m.players[0].deck.append(dread)  # on top of Brian's Mythos Deck, not on Meghan
    arrive(m, 1, "Consulting Room")
    assert m.afflicted[1] == [(0, dread)]
    assert "Consulting Room" in m.applied[1]
    before = m.players[1].sanity
    m.to_move = 1
    card_play(m, Play(PlayKind.PASS))
    assert m.players[1].sanity == before - 1  # the Phobia strikes its new target


def test_any_other_card_revealed_is_discarded():
    m = table([], [CONSULTING_ROOM])
    filler = on_top(m, 0, "Filler Storm")
    arrive(m, 1, "Consulting Room")
    assert m.afflicted[1] == []
    assert m.players[0].discard[-1] == filler
    assert filler not in m.players[0].deck


def test_no_phobia_is_lifted_where_the_location_forbids_it():
    # The Consulting Room is a Sanitarium, but "You may not bury Phobias here".
    m = table([DREAD], [HEALER, CONSULTING_ROOM])
    m.players[1].allies.append(take(m, 1, "Dr. Mend"))
    on_top(m, 0, "Filler Storm")
    arrive(m, 1, "Consulting Room")
    assert phobias(m) == ["Dread"]


#: A Travel by Land Event in our words around the clause read (rules/match/opponents.py:
#: lifts_phobia): one may remain on it, as the Turn, and Bury a Phobia.
MULE = event(
    "Pack Mule",
    "Travel by Land",
    "Ride on; a new Location of the same Region may follow on a later Turn. You may as your turn remain on the "
    "Pack Mule and Bury one Phobia affecting your Investigator.",
    affects="Affects Your Investigator",
)


def test_a_travel_event_to_remain_on_lifts_one_phobia_a_turn():
    # Rulings l.65: a Travel Event on top of the Story Deck is the Current Location; rulebook
    # l.351 and l.356: burying a Phobia there is an action costing the Turn; l.210: its player
    # Buries it. The greedy player boards it while a Phobia is on him or her.
    m = table([DREAD, GLOOM], [MULE])
    s = m.players[1]
    s.hand.append(take(m, 1, "Pack Mule"))
    play = GreedyPlayer(s.game, set()).choose(m, 1, turn_plays(m, 1))
    assert play.kind is PlayKind.TRAVEL and s.game.title(play.card) == "Pack Mule"
    card_play(m, play)
    assert s.game.title(s.current_location) == "Pack Mule"
    m.to_move = 1
    step(m, [Scripted(), Scripted()])
    assert phobias(m) == ["Gloom"]  # one, the oldest
    assert m.to_move == 0 and m.pending == -1  # the Turn spent, an action (l.386)
    assert "  Meghan stays at Pack Mule and buries Dread" in m.log
    assert "Pack Mule" in m.applied[1]


def test_no_travel_event_boarded_to_lift_without_a_phobia():
    m = table([], [MULE])
    s = m.players[1]
    s.hand.append(take(m, 1, "Pack Mule"))
    assert GreedyPlayer(s.game, set()).choose(m, 1, turn_plays(m, 1)).kind is PlayKind.PASS
