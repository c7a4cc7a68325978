"""Lasting effects on every player at the table (issue 23): Day and Night, the time of the whole
table (rulebook l.76, rulings l.35), and the cards that read it. The cards are built with the
engine tests' builders, in our own words around the clauses the readers key on."""

from __future__ import annotations

from collections.abc import Sequence

from support.engine import ARKHAM_GATE, ARKHAM_HOUSE, artifact, event, location, monster
from support.match import Scripted, investigator

from deckbuilder.rules.cards import Card
from deckbuilder.rules.engine import Game, Rules, describe
from deckbuilder.rules.match import COMBAT, Match, card_play, combat, new_match
from deckbuilder.rules.match.opponents import not_read, opponent_effects
from deckbuilder.rules.match.table import monster_value, turn_plays

ALL = "Affects All Investigators"
DUSK = event("Dusk", subtype="Night", text="It is now Night.", affects=ALL, persistent=True)
DAWN = event("Dawn", subtype="Day", text="It is now Day.", affects=ALL, persistent=True)
DARK_FEAR = event(
    "Dark Fear",
    subtype="Phobia",
    text="Lose 1 Sanity point if it is Night, and each time a Night Event is played.",
    affects="Affects Opponent's Investigator",
)
ROBBERS = event(
    "Robbers",
    text=(
        "Cause an opponent to Bury a random Artifact, or if it is Night and opponent's Investigator is "
        "Outside or in a Country Location, cause opponent to Discard a random Artifact. Then Bury this card."
    ),
    affects="Affects Opponent's Artifact",
)
LANTERN = artifact("Lantern")
BARN = location("Barn", attrs=("Country", "Farm"))


def table(cards_a: Sequence[Card], cards_b: Sequence[Card], where_b: str = "Arkham House") -> Match:
    """Brian and Meghan at their Locations, every other card in the Mythos Deck: a test puts in
    the Hand or in play what it needs (:func:`put`)."""
    games = [
        Game([ARKHAM_HOUSE, *cards_a], investigator("Brian", 15, 12), Rules(advanced=True, phantom_opponent=True)),
        Game(
            [ARKHAM_HOUSE, ARKHAM_GATE, BARN, *cards_b],
            investigator("Meghan", 15, 10),
            Rules(advanced=True, phantom_opponent=True),
        ),
    ]
    m = new_match(games, seed=3, names=["Brian", "Meghan"])
    for s in m.players:
        s.deck += s.hand
        s.hand = []
    put(m, 0, "where", "Arkham House")
    put(m, 1, "where", where_b)
    m.log = []
    return m


def put(m: Match, seat: int, zone: str, title: str) -> int:
    from deckbuilder.rules.engine.locations import arrive_at

    s = m.players[seat]
    cid = next(c for c in s.deck if s.game.title(c) == title)
    s.deck.remove(cid)
    if zone == "where":
        arrive_at(s, cid)
    else:
        getattr(s, zone).append(cid)
    return cid


def play(m: Match, seat: int, words: str) -> None:
    """Makes the play ``describe`` words so, as ``seat``, among the table's legal plays."""
    m.to_move = seat
    s = m.players[seat]
    card_play(m, next(p for p in turn_plays(m, seat) if describe(s, p) == words))


def test_a_night_event_makes_it_night_for_every_player_and_a_day_event_day_again():
    # Rulebook l.76: the game begins in the Day; rulings l.35: a Night Event reads "It is now
    # Night", a Day Event "It is now Day": the last one played, by anyone, sets the table's time.
    m = table([DUSK], [DAWN])
    assert not m.night
    put(m, 0, "hand", "Dusk")
    put(m, 1, "hand", "Dawn")
    play(m, 0, "Play Dusk")
    assert m.night and "  It is now Night" in m.log
    play(m, 1, "Play Dawn")
    assert not m.night and m.log[-1] == "  It is now Day"


def test_an_adventures_time_is_the_tables():
    # An Adventure's "while it is NIGHT" (rulings l.85: conditions checked, never assumed) asks
    # the table's time: Brian's Night Event makes it Night for Meghan too (rulings l.35).
    from deckbuilder.rules.engine.legal import _conditions_met

    m = table([DUSK], [])
    meghan = m.players[1]
    assert _conditions_met(meghan, (("time", "day"),)) and not _conditions_met(meghan, (("time", "night"),))
    put(m, 0, "hand", "Dusk")
    play(m, 0, "Play Dusk")
    meghan = m.players[1]
    assert _conditions_met(meghan, (("time", "night"),)) and not meghan.events


def test_a_phobia_of_the_night_strikes_at_night_and_on_each_night_event():
    # Rulebook l.210: a Phobia stays on its target; this one costs 1 Sanity if it is Night when
    # played, and 1 each time a Night Event is played, by anyone.
    assert not_read(DARK_FEAR) == ""
    m = table([DARK_FEAR, DUSK], [])
    put(m, 0, "hand", "Dark Fear")
    put(m, 0, "hand", "Dusk")
    play(m, 0, "Play Dark Fear")
    assert m.players[1].sanity == 15  # Day: nothing yet
    assert "Dark Fear" in m.applied[0]
    play(m, 0, "Play Dusk")
    assert m.players[1].sanity == 14 and "  Meghan loses 1 Sanity to Dark Fear" in m.log


def test_the_same_phobia_played_at_night_strikes_at_once():
    m = table([DARK_FEAR], [])
    m.night = True
    put(m, 0, "hand", "Dark Fear")
    play(m, 0, "Play Dark Fear")
    assert m.players[1].sanity == 14


def test_robbers_at_night_discard_the_artifact_of_an_investigator_outside_or_in_the_country():
    # The card Buries an Artifact (Buried cards go under the Story Deck, l.506), but at Night an
    # Investigator Outside (Arkham Gate) or at a Country Location (Barn) Discards it instead; by Day,
    # or Inside at Arkham House, it is Buried.
    assert not_read(ROBBERS) == "" and len(opponent_effects(ROBBERS)) == 2
    for where, night, discarded in (
        ("Arkham Gate", True, True),
        ("Barn", True, True),
        ("Arkham House", True, False),
        ("Arkham Gate", False, False),
    ):
        m = table([ROBBERS], [LANTERN], where_b=where)
        m.night = night
        lantern = put(m, 1, "artifacts", "Lantern")
        put(m, 0, "hand", "Robbers")
        play(m, 0, "Play Robbers")
        b = m.players[1]
        assert lantern not in b.artifacts
        assert (lantern in b.discard, lantern in b.story) == (discarded, not discarded), (where, night)


HOUND = monster("Night Hound", value=2, text="Add 1 point to the value of this card at Night.")
GHOUL = monster("Pale Ghoul", value=3, text="Subtract 1 from the value of this card if it is Day.")
HOLLOW = location(
    "Deep Hollow",
    attrs=("Country", "Underground"),
    text="While at Deep Hollow, all Monsters in your Threat function as if it is Night.",
)


def test_a_monsters_value_by_day_and_by_night():
    # Rulings l.35: the time is the last Day or Night Event's; l.76: Day at first. A Monster's text
    # changes its value by the time (l.426: a Monster deals its value).
    m = table([HOUND, GHOUL], [])
    hound, ghoul = put(m, 0, "threat", "Night Hound"), put(m, 0, "threat", "Pale Ghoul")
    assert (monster_value(m, 0, hound, 1), monster_value(m, 0, ghoul, 1)) == (2, 2)
    m.night = True
    assert (monster_value(m, 0, hound, 1), monster_value(m, 0, ghoul, 1)) == (3, 3)


def test_a_location_where_the_threat_functions_as_if_it_is_night():
    # By Day, the Threat of an Investigator standing at Deep Hollow counts its Night values; the
    # Location is credited with it (the coverage's evidence); the opponent's Threat keeps the Day.
    m = table([HOLLOW, HOUND], [HOUND])
    put(m, 0, "where", "Deep Hollow")
    mine, theirs = put(m, 0, "threat", "Night Hound"), put(m, 1, "threat", "Night Hound")
    assert monster_value(m, 0, mine, 1) == 3
    assert monster_value(m, 1, theirs, 0) == 2
    m.players[1].threat.remove(theirs)
    m.stage = COMBAT
    combat(m, [Scripted(), Scripted()])
    assert m.players[1].sanity == 15 - 3  # no Cosmic Battle, no Allies: the Hound's 3 (l.426)
    assert "Deep Hollow" in m.applied[0]


def test_a_spell_that_makes_all_monsters_join_holds_for_every_player():
    # "All Monsters Join, for all Investigators, for the remainder of the Round" (our test card):
    # cast by Brian, Meghan's Monsters Join too (rulebook l.292, l.359), until the Round ends.
    from support.engine import spell, tome
    from support.match import brian_and_meghan, take

    from deckbuilder.rules.engine import PlayKind
    from deckbuilder.rules.match import step

    grasp = spell("Grasping Word", text="All Monsters Join, for all Investigators, for the remainder of the Round.")
    book = tome("Grey Book", languages=("English",), sanity=None)
    m = brian_and_meghan([book, grasp], [])
    brian, meghan = m.players
    held, word = take(m, 0, "Grey Book"), take(m, 0, "Grasping Word")
    brian.tomes.append(held)
    brian.spells.append(word)
    brian.attached[held] = (word,)

    class Casting(Scripted):
        def choose(self, m: Match, seat: int, plays: list) -> object:
            return next((p for p in plays if p.kind is PlayKind.CAST), plays[-1])

    assert not meghan.joins_round
    m.to_move = 0
    step(m, [Casting(), Casting()])
    assert brian.joins_round and meghan.joins_round
