"""The solitaire rules engine: each rule on hand-built cards, then random play on real decks.

Every test names the rulebook line ("rulebook l.N", new-aeon-rulebook.txt) or rulings line
("rulings l.N", mythos-errata-rulings.txt) it follows.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest
from conftest import load_real_deck
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.engine import (
    ARKHAM_GATE,
    ARKHAM_HOUSE,
    ARKHAM_SANITARIUM,
    BOSTON_LIBRARY,
    CAR,
    DIRIGIBLE,
    DUNWICH_FARM,
    FILLER,
    LONDON_DOCKS,
    MONOPLANE,
    NA_STATION,
    OUTSIDE,
    PARIS_CAFE,
    PONAPE,
    SHUTTLE,
    STEAMER,
    TRAIN,
    TYCHO,
    WATER,
    adventure,
    ally,
    artifact,
    at,
    cid,
    do,
    event,
    goo,
    investigator,
    location,
    monster,
    plays_of,
    setup,
    spell,
    tome,
    words,
)

from deckbuilder.rules.cards import (
    Allegiance,
    Card,
    CardType,
    Dimension,
    LanguageRule,
    SpellIcon,
)
from deckbuilder.rules.engine import (
    Game,
    GameState,
    Mode,
    NoInvestigatorError,
    Phase,
    Play,
    PlayKind,
    Rules,
    apply,
    describe,
    is_legal,
    legal_plays,
    new_game,
    push,
)

# --------------------------------------------------------------------------------------
# First plays


def test_basic_first_play_must_be_a_location() -> None:
    # Rulebook l.79: "you must play a Location card ... as your first play".
    s = setup([ARKHAM_HOUSE, FILLER, event("Blackout", "Night")])
    assert words(s) == {"Play Arkham House", "Pass"}


def test_advanced_may_play_a_location_free_event_first_but_no_ally() -> None:
    # Rulebook l.463 / rulings l.19: Advanced may play other legal cards first; l.76: nothing that
    # depends on being at a Location.
    s = setup([ARKHAM_HOUSE, event("Blackout", "Night"), ally("Henry Armitage")], rules=Rules(advanced=True))
    assert words(s) == {"Play Arkham House", "Play Blackout", "Pass"}


def test_first_location_is_not_exotic_but_may_be_an_island() -> None:
    # Rulings l.69: not an Exotic Location first; "you may begin on an Island".
    s = setup([TYCHO, PONAPE])
    assert words(s) == {"Play Ponape", "Pass"}


def test_first_location_sets_region_dimension_and_sanity() -> None:
    # Rulebook l.38 and l.76: the first Location sets Region and Dimension; Sanity on arrival.
    s = do(setup([ARKHAM_SANITARIUM], sanity=10), "Play Arkham Sanitarium")
    assert (s.mode, at(s), s.sanity, s.turn) == (Mode.AT, "Arkham Sanitarium", 16, 1)


# --------------------------------------------------------------------------------------
# Walking


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        # Rulebook l.243: same subregion, both City: right-side-up at once.
        (ARKHAM_GATE, "Play Arkham Gate"),
        # l.243: different subregions must walk.
        (BOSTON_LIBRARY, "Walk to Boston Library"),
        # l.243: "You must walk from, to, or between Locations in the COUNTRY".
        (location("Arkham Farm", attrs=("Country", "City")), "Walk to Arkham Farm"),
        (DUNWICH_FARM, "Walk to Dunwich Farm"),
    ],
)
def test_walking_or_arriving_at_once(target: Card, expected: str) -> None:
    s = do(setup([ARKHAM_HOUSE, target]), "Play Arkham House")
    assert {describe(s, p) for p in plays_of(s, target.title)} == {expected}


@pytest.mark.parametrize(
    "target",
    [
        PARIS_CAFE,  # rulebook l.259: no walking to another Region
        location("Dream Arkham", dimension=Dimension.DREAMLANDS),  # l.267: nor another Dimension
        location("Arkham Isle", attrs=("Island", "City"), public=(WATER, OUTSIDE)),  # l.233: nor to an Island
        TYCHO,  # l.263: nor to an Exotic Location
    ],
)
def test_cannot_walk_out_of_region_dimension_to_islands_or_exotic(target: Card) -> None:
    s = do(setup([ARKHAM_HOUSE, target]), "Play Arkham House")
    assert plays_of(s, target.title) == []


def test_cannot_walk_from_an_island() -> None:
    # Rulebook l.261: "You can not walk ... to, from, or between Islands".
    other = location("Ponape Village", region="South Pacific", sub="Ponape", attrs=("Town",), public=(OUTSIDE,))
    s = do(setup([PONAPE, other]), "Play Ponape")
    assert plays_of(s, "Ponape Village") == []


def test_walking_location_arrives_on_a_later_turn_paying_its_sanity() -> None:
    # Rulebook l.38: Sanity only on arrival; l.241: rotate on a later Turn to arrive.
    s = do(setup([ARKHAM_HOUSE, BOSTON_LIBRARY]), "Play Arkham House")
    s = do(s, "Walk to Boston Library")
    assert (s.mode, s.current_location, s.sanity) == (Mode.WALKING, -1, 12)
    assert "Arrive at Boston Library" in words(s)
    s = do(s, "Arrive at Boston Library")
    assert (s.mode, at(s), s.sanity) == (Mode.AT, "Boston Library", 11)


def test_walking_is_outside_with_no_location_attributes() -> None:
    # Rulebook l.239: walking, Inside becomes Outside; l.247: no Location attributes (no Tome,
    # Gate) until the card is rotated; Allies found Outside may be played.
    outsider = ally("Zadok", region=None, sub="Any Outside")
    indoors = ally("Librarian", region=None, sub="Any Inside")
    s = do(
        setup([ARKHAM_GATE, BOSTON_LIBRARY, outsider, indoors, tome("Necronomicon", ("English",)), monster("Byakhee")]),
        "Play Arkham Gate",
    )
    s = do(s, "Walk to Boston Library")
    assert words(s) == {"Arrive at Boston Library", "Play Zadok", "Pass"}


def test_changing_your_mind_while_walking_discards_the_walked_to_card() -> None:
    # Rulebook l.247-249, rulings l.89: play another Location (legal from the Current
    # Location) instead; the first never became Current and is discarded.
    s = do(setup([ARKHAM_HOUSE, BOSTON_LIBRARY, DUNWICH_FARM, ARKHAM_GATE]), "Play Arkham House")
    s = do(s, "Walk to Boston Library")
    assert {"Walk to Dunwich Farm", "Play Arkham Gate"} <= words(s)
    s = do(s, "Play Arkham Gate")
    assert at(s) == "Arkham Gate"
    assert [s.game.title(c) for c in s.discard] == ["Boston Library"]
    assert [s.game.title(c) for c in s.story] == ["Arkham House", "Arkham Gate"]


def test_no_travel_event_while_travelling() -> None:
    # Rulings l.89: "You may not Walk or play Travel Events while already Walking or Travelling".
    s = do(setup([ARKHAM_HOUSE, TRAIN, DIRIGIBLE, PARIS_CAFE]), "Play Arkham House")
    s = do(s, "Travel by Train")
    assert s.mode is Mode.TRAVELLING
    assert plays_of(s, "Dirigible") == []


# --------------------------------------------------------------------------------------
# Travel


def test_car_plays_a_location_of_the_same_region_at_once() -> None:
    # Rulebook l.257: Travel by Land within the Region; the Car's text: "Immediately play".
    s = do(setup([ARKHAM_HOUSE, CAR, DUNWICH_FARM, PARIS_CAFE, PONAPE]), "Play Arkham House")
    assert {describe(s, p) for p in plays_of(s, "Car")} == {"Travel by Car with Dunwich Farm"}
    s = do(s, "Travel by Car with Dunwich Farm")
    assert at(s) == "Dunwich Farm" and s.turn == 2
    assert [s.game.title(c) for c in s.story] == ["Arkham House", "Car", "Dunwich Farm"]


def test_air_travel_leaves_the_region_on_a_following_turn() -> None:
    # Rulebook l.259: Travel by Air between Regions; rulings l.73: the Travel Event is your
    # Current Location meanwhile, with its own attributes.
    s = do(setup([ARKHAM_HOUSE, DIRIGIBLE, PARIS_CAFE, PONAPE]), "Play Arkham House")
    s = do(s, "Travel by Dirigible")
    assert (s.mode, at(s)) == (Mode.TRAVELLING, "Dirigible")
    # l.261: no Travel by Air to an Island.
    assert "Play Ponape" not in words(s)
    s = do(s, "Play Paris Cafe")
    assert (s.mode, at(s)) == (Mode.AT, "Paris Cafe")


def test_monoplane_may_not_stay_in_the_region() -> None:
    # Its text: "May not play a Location within the same Region" (rulebook l.259).
    s = do(setup([ARKHAM_HOUSE, MONOPLANE, PARIS_CAFE, BOSTON_LIBRARY]), "Play Arkham House")
    assert {describe(s, p) for p in plays_of(s, "Monoplane")} == {"Travel by Monoplane with Paris Cafe"}


def test_travel_by_sea_needs_a_water_location_at_both_ends() -> None:
    # Rulings l.87: Travel by Sea is played at a Water Location; the Steamer's text asks a
    # Water Location at the other end. Islands are reached by sea (rulebook l.261).
    dry = location("Dry Farm", sub="Dunwich", attrs=("Country",), public=(OUTSIDE,))
    s = do(setup([dry, STEAMER]), "Play Dry Farm")
    assert plays_of(s, "Tramp Steamer") == []
    s = do(
        setup(
            [
                ARKHAM_HOUSE,
                STEAMER,
                PONAPE,
                PARIS_CAFE,
                location("Desert", region="Middle East", sub="Cairo", attrs=("Country",), public=(OUTSIDE,)),
            ]
        ),
        "Play Arkham House",
    )
    s = do(s, "Travel by Tramp Steamer")
    assert {"Play Ponape", "Play Paris Cafe"} <= words(s) and "Play Desert" not in words(s)


def test_exotic_location_needs_travel_in_space() -> None:
    # Rulebook l.263: Exotic Locations by Travel in Space (Tycho: Space) and not by Air; l.235:
    # each is its own Region. Shuttle: "only at a Space or Outside Location".
    s = do(setup([NA_STATION, DIRIGIBLE, SHUTTLE, TYCHO]), "Play Launch Site")
    s2 = do(s, "Travel by Dirigible")
    assert "Play Tycho" not in words(s2)
    s3 = do(s, "Travel by Shuttle")
    s3 = do(s3, "Play Tycho")
    assert (at(s3), s3.sanity) == ("Tycho", 10)


def test_travel_change_of_mind_walks_in_the_previous_region() -> None:
    # Rulebook l.253: discard the Travel card and play a Location of the previous Region,
    # crosswise.
    s = do(setup([ARKHAM_HOUSE, DIRIGIBLE, BOSTON_LIBRARY]), "Play Arkham House")
    s = do(s, "Travel by Dirigible")
    assert {"Play Boston Library", "Walk to Boston Library"} <= words(s)
    s = do(s, "Walk to Boston Library")
    assert s.mode is Mode.WALKING and [s.game.title(c) for c in s.discard] == ["Dirigible"]


# --------------------------------------------------------------------------------------
# Allies


@pytest.mark.parametrize(
    ("card", "where", "playable"),
    [
        # Rulebook l.84: same subregion in the same Region colour bar.
        (ally("Henry Armitage"), ARKHAM_HOUSE, True),
        (ally("Henry Armitage"), BOSTON_LIBRARY, False),
        (ally("Boston Armitage", region="Europe", sub="Arkham"), ARKHAM_HOUSE, False),
        # l.164: "Any City" is a City Location, "Any Sanitarium" a Sanitarium.
        (ally("Arthur Munroe", region=None, sub="Any City"), BOSTON_LIBRARY, True),
        (ally("Arthur Munroe", region=None, sub="Any City"), DUNWICH_FARM, False),
        (ally("Dr. Jung", region=None, sub="Any Sanitarium"), ARKHAM_SANITARIUM, True),
        (ally("Dr. Jung", region=None, sub="Any Sanitarium"), ARKHAM_HOUSE, False),
        (ally("Legrasse", sub="Any City"), PARIS_CAFE, False),  # an "Any City" of Lovecraft Country
        (ally("Simon Orne", sub="Boston or Europe"), PARIS_CAFE, True),
        (ally("Simon Orne", sub="Boston or Europe"), ARKHAM_HOUSE, False),
        (ally("Samuel Winsor", region=None, sub="Any non-Gate"), ARKHAM_GATE, False),
        (ally("Samuel Winsor", region=None, sub="Any non-Gate"), ARKHAM_HOUSE, True),
        # l.552: Past Allies need the Past, which nothing here gives.
        (ally("Keziah Mason", sub="Arkham Past"), ARKHAM_HOUSE, False),
        # l.160: an Ally without a Dimension Indicator only in the Waking World.
        (ally("Dream Armitage", dimension=Dimension.DREAMLANDS), ARKHAM_HOUSE, False),
    ],
)
def test_ally_is_found_where_its_region_bar_says(card: Card, where: Card, playable: bool) -> None:
    s = do(setup([where, card]), f"Play {where.title}")
    assert bool(plays_of(s, card.title)) is playable


def test_one_copy_of_an_ally_in_play() -> None:
    # Rulebook l.367: only one copy of an Ally (by title) in play.
    s = do(setup([ARKHAM_HOUSE, ally("Henry Armitage"), ally("Henry Armitage", sub="Any City")]), "Play Arkham House")
    s = apply(s, plays_of(s, "Henry Armitage")[0])
    assert plays_of(s, "Henry Armitage") == []


def test_train_lets_one_ally_of_the_region_join() -> None:
    # The Train's text: "remain on the Train for a Turn to play any Ally card that could be
    # played in this Region (only 1 Ally per Train card played)".
    s = do(
        setup(
            [
                DUNWICH_FARM,
                TRAIN,
                ally("Henry Armitage"),
                ally("Wilbur", sub="Dunwich"),
                ally("Pierre", region="Europe", sub="Paris"),
            ]
        ),
        "Play Dunwich Farm",
    )
    s = do(s, "Travel by Train")
    assert {"Play Henry Armitage", "Play Wilbur"} <= words(s) and "Play Pierre" not in words(s)
    s = do(s, "Play Henry Armitage")
    assert "Play Wilbur" not in words(s)


def test_surprise_meeting_brings_an_ally_from_another_region() -> None:
    # Test wording in the spirit of Surprise Meeting: an Ally "who would not normally come from
    # this Location", from another Region of the same Dimension.
    meeting = event(
        "Surprise Meeting",
        text="Meet someone: play an Ally who would not normally come from this Location, "
        "from another Region but not another time or dimension.",
    )
    s = do(
        setup([ARKHAM_HOUSE, meeting, ally("Pierre", region="Europe", sub="Paris"), ally("Keziah", sub="Arkham Past")]),
        "Play Arkham House",
    )
    assert {describe(s, p) for p in plays_of(s, "Surprise Meeting")} == {"Play Surprise Meeting with Pierre"}
    s = do(s, "Play Surprise Meeting with Pierre")
    assert [s.game.title(a) for a in s.allies] == ["Pierre"]


# --------------------------------------------------------------------------------------
# Tomes, Spells, Artifacts


def test_tome_needs_a_tome_location_and_a_reader() -> None:
    # Rulebook l.324: a Location with the Tome attribute; l.326: the Investigator or an Ally
    # reads its language.
    latin = tome("Necronomicon", ("Latin",))
    s = do(setup([ARKHAM_GATE, latin]), "Play Arkham Gate")
    assert plays_of(s, "Necronomicon") == []  # no Tome attribute
    s = do(setup([ARKHAM_HOUSE, latin, ally("Professor", languages=("English", "Latin"))]), "Play Arkham House")
    assert plays_of(s, "Necronomicon") == []  # no one reads Latin yet
    s = do(s, "Play Professor")
    assert "Play Necronomicon" in words(s)
    s = do(setup([ARKHAM_HOUSE, latin], inv=investigator(("English", "Latin"))), "Play Arkham House")
    assert "Play Necronomicon" in words(s)


@pytest.mark.parametrize(
    ("rule", "readers", "playable"),
    [
        (LanguageRule.ALL_OF, ("Greek",), False),  # "Greek & Latin needs both" (rulebook l.326)
        (LanguageRule.ALL_OF, ("Greek", "Latin"), True),
        (LanguageRule.ONE_OF, ("Greek",), True),  # "Atlantean or Hyperborean: either"
        (LanguageRule.ONE_OF, ("English",), False),
    ],
)
def test_tome_language_rule(rule: LanguageRule, readers: tuple[str, ...], playable: bool) -> None:
    voynich = tome("Voynich", ("Greek", "Latin"), rule=rule)
    s = do(setup([ARKHAM_HOUSE, voynich], inv=investigator(readers)), "Play Arkham House")
    assert bool(plays_of(s, "Voynich")) is playable


def test_spells_join_a_tome_by_icon_up_to_its_capacity() -> None:
    # Rulebook l.299: matching icons; l.336: Spells Joined with the Tome as it is played, up to
    # its capacity (l.328); l.305: no Sanity paid to play a Spell.
    book = tome("Liber", ("English",), icons=(SpellIcon.DEATH, SpellIcon.WATER), capacity=2, sanity=-2)
    cards = [
        ARKHAM_HOUSE,
        book,
        spell("Resurrection"),
        spell("Wave", SpellIcon.WATER),
        spell("Eye Spell", SpellIcon.EYE),
        spell("Wrack"),
    ]
    s = do(setup(cards), "Play Arkham House")
    joined = {describe(s, p) for p in plays_of(s, "Liber")}
    assert "Play Liber with Resurrection, Wave" in joined
    assert not any("Eye Spell" in j for j in joined)
    assert not any(j.count(",") >= 2 for j in joined)  # never three Spells in a capacity-2 Tome
    s = do(s, "Play Liber with Resurrection, Wave")
    assert (len(s.spells), s.sanity, s.turn) == (2, 10, 2)
    assert plays_of(s, "Wrack") == []  # the Tome is full


def test_spell_added_later_to_a_tome_with_room() -> None:
    # Rulebook l.336: "You may later add Spells to a Tome ... one Spell per Turn".
    book = tome("Liber", ("English",), icons=(SpellIcon.DEATH,), capacity=1)
    s = do(setup([ARKHAM_HOUSE, book, spell("Resurrection"), spell("Wave", SpellIcon.WATER)]), "Play Arkham House")
    s = do(s, "Play Liber")
    assert {describe(s, p) for p in legal_plays(s) if p.kind is PlayKind.SPELL} == {"Play Resurrection to Liber"}


def test_ally_that_can_know_a_spell_takes_any_spell() -> None:
    # Rulebook l.170: "If an Ally can know a Spell, it can be any Spell".
    knower = ally("Old Whateley", text="This Ally can know any one Spell.")
    s = do(setup([ARKHAM_HOUSE, knower, spell("Wave", SpellIcon.WATER), spell("Wrack")]), "Play Arkham House")
    s = do(s, "Play Old Whateley")
    s = do(s, "Play Wave to Old Whateley")
    assert not [p for p in legal_plays(s) if p.kind is PlayKind.SPELL]  # one Spell only


def test_artifact_needs_an_artifact_location_and_a_weapon_an_ally() -> None:
    # Rulebook l.183: Artifacts at Artifact Locations; l.191: a Weapon goes to an Ally, one each.
    gun, gun2 = artifact("Tommygun", "Weapon"), artifact("Shotgun", "Weapon")
    s = do(setup([BOSTON_LIBRARY, artifact("Lamp")]), "Play Boston Library")
    assert plays_of(s, "Lamp") == []
    s = do(setup([ARKHAM_HOUSE, gun, gun2, ally("Henry Armitage")]), "Play Arkham House")
    assert plays_of(s, "Tommygun") == []  # no Ally yet
    s = do(s, "Play Henry Armitage")
    s = do(s, "Play Tommygun to Henry Armitage")
    assert plays_of(s, "Shotgun") == []  # he has a Weapon already


def test_an_ally_that_keeps_an_artifact_takes_one_anywhere_one_only() -> None:
    # Rulebook l.185: an Ally that says you may later assign it one Artifact is given one from the
    # Hand, the two then one card; its own text says at any Location (no Artifact Location needed).
    keeper = ally("Curio Dealer", sub="Boston", text="Later you may place an Artifact card beneath this card.")
    s = do(setup([BOSTON_LIBRARY, keeper, artifact("Lamp"), artifact("Lantern")]), "Play Boston Library")
    assert plays_of(s, "Lamp") == []  # no Artifact Location, no such Ally yet
    s = do(s, "Play Curio Dealer")
    s = do(s, "Play Lamp to Curio Dealer")
    assert [s.game.cards[c].title for c in s.attached[s.allies[0]]] == ["Lamp"]
    assert plays_of(s, "Lantern") == []  # one Artifact only


def test_an_ally_that_keeps_a_tome_takes_one_anywhere_and_its_spells_after() -> None:
    # Rulebook l.185: an Ally that says you may later assign it one Tome (at any Location, its text
    # says) is given one from the Hand; l.326: still read by someone; l.336: Spells into it later.
    keeper = ally(
        "Book Keeper",
        region="Europe",
        sub="Paris",
        languages=("Latin",),
        text="While in play, you may assign to him one Tome card at any Location; he keeps it.",
    )
    book = tome("Liber Ivonis")
    s = do(setup([PARIS_CAFE, keeper, book, tome("Liber Damnatus"), spell("Wither")]), "Play Paris Cafe")
    assert plays_of(s, "Liber Ivonis") == []  # no Tome Location, no such Ally yet
    s = do(s, "Play Book Keeper")
    s = do(s, "Play Liber Ivonis to Book Keeper")
    assert [s.game.cards[c].title for c in s.attached[s.allies[0]]] == ["Liber Ivonis"]
    assert plays_of(s, "Liber Damnatus") == []  # one Tome only
    s = do(s, "Play Wither to Liber Ivonis")


# --------------------------------------------------------------------------------------
# Monsters, Gates, Great Old Ones


def test_monsters_only_at_an_unused_gate() -> None:
    # Rulebook l.227: Monsters only at a Gate, once per arrival at it; l.272: pay their cost.
    s = do(setup([ARKHAM_HOUSE, monster("Byakhee", sanity=-1), monster("Ghoul")]), "Play Arkham House")
    assert plays_of(s, "Byakhee") == []
    s = do(setup([ARKHAM_GATE, monster("Byakhee", sanity=-1), monster("Ghoul")]), "Play Arkham Gate")
    s = do(s, "Play Byakhee to the Threat")
    assert (s.sanity, s.gate_used, plays_of(s, "Ghoul")) == (11, True, [])


def test_reusable_gate_costs_its_sanity_again() -> None:
    # A Gate its card says may be used more than once, at the card's Sanity cost each further
    # use (as 197 E. Pickman Street says).
    pickman = location(
        "Pickman Street",
        attrs=("City", "House"),
        gate=True,
        sanity=-1,
        text="You may use this Gate more than once, but pay this card's Sanity cost again each time.",
    )
    s = do(setup([pickman, monster("Byakhee"), monster("Ghoul")]), "Play Pickman Street")
    s = do(s, "Play Byakhee to the Threat")
    assert s.sanity == 11
    s = do(s, "Play Ghoul to the Threat")
    assert s.sanity == 10


def test_monsters_that_join_play_together_when_every_pair_joins() -> None:
    # Rulebook l.292 and l.359: Joined Monsters are one play; more than two only if every pair Joins.
    deep = monster("Deep One", text="Joins Father Dagon, Deep Ones and Shoggoths.")
    dagon = monster("Father Dagon", text="Joins Deep Ones.")
    loner = monster("Byakhee")
    s = do(setup([ARKHAM_GATE, deep, deep, dagon, loner]), "Play Arkham Gate")
    groups = {describe(s, p) for p in legal_plays(s) if p.kind is PlayKind.MONSTERS}
    assert "Play Deep One, Deep One, Father Dagon to the Threat" in groups
    assert not any("Byakhee" in g and "Deep One" in g for g in groups)
    s = do(s, "Play Deep One, Deep One, Father Dagon to the Threat")
    assert (len(s.threat), s.turn) == (3, 2)


def test_cultist_may_go_to_the_threat_at_its_gate() -> None:
    # Rulebook l.174: "A Cultist can also be played as a Monster ... using a Gate, at an
    # appropriate Location".
    cultist = ally("Brother", attrs=("Corrupt", "Cultist"))
    s = do(setup([ARKHAM_GATE, cultist]), "Play Arkham Gate")
    assert words(s) >= {"Play Brother", "Play as a Monster Brother"}
    s = do(s, "Play as a Monster Brother")
    assert [s.game.title(c) for c in s.threat] == ["Brother"] and s.gate_used


def test_great_old_one_needs_its_two_cards_in_play_and_a_gate() -> None:
    # Rulebook l.282-284: Azathoth with a Space Location and an Eclipse in play, at a Gate.
    eclipse = event("Unexpected Eclipse", "Day", "This is an Eclipse card. It is now Day.", persistent=True)
    azathoth = goo("Azathoth", ("Space Location", "Eclipse"))
    space_gate = location(
        "Space Gate",
        region="New Æon",
        sub="Orbit",
        attrs=("Space", "Site"),
        public=(OUTSIDE,),
        gate=True,
        dimension=Dimension.NEW_AEON,
    )
    s = do(setup([space_gate, azathoth, eclipse], rules=Rules()), "Play Space Gate")
    assert plays_of(s, "Azathoth") == []  # no Eclipse yet
    s = do(s, "Play Unexpected Eclipse")
    s = do(s, "Play Azathoth")
    assert (s.game.title(s.goo), s.gate_used) == ("Azathoth", True)
    s = do(setup([ARKHAM_GATE, azathoth, eclipse]), "Play Arkham Gate")
    s = do(s, "Play Unexpected Eclipse")
    assert plays_of(s, "Azathoth") == []  # Arkham Gate is not in Space


def test_monsters_in_the_threat_are_buried_when_card_play_ends() -> None:
    # Rulebook l.439: after Combat the Threat is Buried: to the bottom of the Story Deck.
    s = do(setup([ARKHAM_GATE, monster("Byakhee")]), "Play Arkham Gate")
    s = do(s, "Play Byakhee to the Threat")
    assert [s.game.title(c) for c in s.threat] == ["Byakhee"]
    s = do(s, "Pass")
    assert s.threat == [] and s.game.title(s.story[0]) == "Byakhee" and s.game.title(s.story[-1]) == "Arkham Gate"


def test_threat_is_buried_at_the_end_of_the_round_and_a_goo_one_round_later() -> None:
    # Rulebook l.439: the Threat is Buried after Combat; l.286: a GOO is Buried at the end of
    # Combat in the next Round.
    storm = event("Powerful Storms", "Storm", persistent=True)
    ithaqua = goo("Ithaqua", ("Storm", "Waxing Moon"))
    moon = event("Waxing Moon", "Night", persistent=True)
    s = do(
        setup([ARKHAM_GATE, storm, moon, ithaqua, monster("Ghoul")], inv=investigator(hand_min=0, hand_max=13)),
        "Play Arkham Gate",
    )
    s = do(s, "Play Powerful Storms")
    s = do(s, "Play Waxing Moon")
    s = do(s, "Play Ithaqua")
    s = do(s, "Pass")
    assert s.phase is Phase.DISCARD and s.game.title(s.goo) == "Ithaqua"
    s = do(s, "End the Round")
    s = do(s, "Pass")
    assert s.goo == -1 and s.game.title(s.story[0]) == "Ithaqua"


# --------------------------------------------------------------------------------------
# Sanity, Events, Dimensions


def test_cannot_play_a_card_whose_cost_cannot_be_paid() -> None:
    # Rulebook l.124: "must be able to immediately pay the Sanity point cost".
    pricey = ally("Pricey", sanity=-3)
    s = do(setup([ARKHAM_HOUSE, pricey], sanity=2), "Play Arkham House")
    assert plays_of(s, "Pricey") == []


def _sanity_cases(cost: int) -> dict[str, tuple[list[Card], list[str], str, int]]:
    """Each way a card with a Sanity cost reaches the table: (the Hand, the plays made first,
    the play that pays ``cost`` in all, the Sanity at the start, which leaves 3 to pay with)."""
    crypt = location("Arkham Crypt", attrs=("City",), sanity=cost)
    boston_crypt = location("Boston Crypt", sub="Boston", attrs=("City",), sanity=cost)
    paris_crypt = location("Paris Crypt", region="Europe", sub="Paris", sanity=cost)
    deep = monster("Deep One", text="Joins Father Dagon, Deep Ones and Shoggoths.", sanity=-1)
    dagon = monster("Father Dagon", text="Joins Deep Ones.", sanity=cost + 1)
    # A Gate used again costs its Location's Sanity (1 here) on top of the Cultist's own.
    pickman = location(
        "Pickman Street",
        attrs=("City", "House"),
        gate=True,
        sanity=-1,
        text="You may use this Gate more than once, but pay this card's Sanity cost again each time.",
    )
    cultist = ally("Brother", attrs=("Corrupt", "Cultist"), sanity=cost + 1)
    return {
        "first Location": ([crypt], [], "Play Arkham Crypt", 3),
        "Location at once": ([ARKHAM_HOUSE, crypt], ["Play Arkham House"], "Play Arkham Crypt", 3),
        "Location walked to": (
            [ARKHAM_HOUSE, boston_crypt],
            ["Play Arkham House", "Walk to Boston Crypt"],
            "Arrive at Boston Crypt",
            3,
        ),
        "Location with a Travel Event": (
            [ARKHAM_HOUSE, MONOPLANE, paris_crypt],
            ["Play Arkham House"],
            "Travel by Monoplane with Paris Crypt",
            3,
        ),
        "Location after a Travel Event": (
            [ARKHAM_HOUSE, DIRIGIBLE, paris_crypt],
            ["Play Arkham House", "Travel by Dirigible"],
            "Play Paris Crypt",
            3,
        ),
        "Ally": ([ARKHAM_HOUSE, ally("Pricey", sanity=cost)], ["Play Arkham House"], "Play Pricey", 3),
        "Event": ([ARKHAM_HOUSE, event("Dread", "Night", sanity=cost)], ["Play Arkham House"], "Play Dread", 3),
        "Tome": ([ARKHAM_HOUSE, tome("Liber", ("English",), sanity=cost)], ["Play Arkham House"], "Play Liber", 3),
        "Artifact": ([ARKHAM_HOUSE, artifact("Idol", sanity=cost)], ["Play Arkham House"], "Play Idol", 3),
        "Monster": (
            [ARKHAM_GATE, monster("Byakhee", sanity=cost)],
            ["Play Arkham Gate"],
            "Play Byakhee to the Threat",
            3,
        ),
        "Joined Monsters": (
            [ARKHAM_GATE, deep, dagon],
            ["Play Arkham Gate"],
            "Play Deep One, Father Dagon to the Threat",
            3,
        ),
        "Cultist at a Gate used again": (
            [pickman, monster("Byakhee"), cultist],
            ["Play Pickman Street", "Play Byakhee to the Threat"],
            "Play as a Monster Brother",
            4,
        ),
    }


@pytest.mark.parametrize("way", list(_sanity_cases(-3)))
def test_a_card_costing_more_sanity_than_the_investigator_has_may_not_be_played(way: str) -> None:
    # Rulebook l.124: "Your Investigator must be able to immediately pay the Sanity point cost
    # to play a card, or the card may not be played"; l.362: "You must be able to pay the
    # entire cost." Exact states: Sanity 3 pays a cost of 3, never a cost of 4.
    for cost, playable in ((-4, False), (-3, True)):
        hand, before, play, start = _sanity_cases(cost)[way]
        s = setup(hand, sanity=start)
        for text in before:
            s = do(s, text)
        assert s.sanity == 3
        assert (play in words(s)) is playable, f"{way}: a cost of {-cost} with Sanity 3"


@pytest.mark.parametrize("way", ["first Location", "Ally", "Event", "Tome", "Artifact", "Monster"])
def test_paying_the_last_sanity_ends_the_game(way: str) -> None:
    # Rulebook l.362: "If you play a card whose Sanity Pentagram drives your Investigator's
    # Sanity to zero ... the game immediately ends."
    hand, before, play, start = _sanity_cases(-3)[way]
    s = setup(hand, sanity=start)
    for text in before:
        s = do(s, text)
    s = do(s, play)
    assert (s.sanity, s.phase, legal_plays(s)) == (0, Phase.OVER, [])


def test_a_spell_costs_no_sanity_to_play() -> None:
    # Rulebook l.126: "There is no cost to play a Spell card"; its cost is paid when cast.
    s = do(
        setup([ARKHAM_HOUSE, tome("Liber", ("English",), sanity=None), spell("Wrack")], sanity=1), "Play Arkham House"
    )
    s = do(s, "Play Liber")
    assert "Play Wrack to Liber" in words(s)
    s = do(s, "Play Wrack to Liber")
    assert s.sanity == 1


def test_sanity_gains_stop_at_the_maximum_and_zero_ends_the_game() -> None:
    # Rulebook l.42: no more than the maximum (20); l.362: at zero the game ends.
    s = do(setup([ARKHAM_SANITARIUM], sanity=18), "Play Arkham Sanitarium")
    assert s.sanity == 20
    s = do(setup([ARKHAM_HOUSE, ally("Pricey", sanity=-2)], sanity=2), "Play Arkham House")
    s = do(s, "Play Pricey")
    assert (s.sanity, s.phase, legal_plays(s)) == (0, Phase.OVER, [])


#: A Night Event as the catalog builds it: the Persistent Events ruling (rulings l.47) attached.
NIGHT = event("Blackout", "Night", persistent=True)


@pytest.mark.parametrize(
    ("card", "where"),
    [
        (NIGHT, "events"),  # rulings l.47: Day/Night Events persist
        (event("Earthquake", text="Every Investigator..."), "story"),  # rulings l.41: Instant: Buried
    ],
)
def test_persistent_events_stay_instant_events_are_buried(card: Card, where: str) -> None:
    s = do(setup([ARKHAM_HOUSE, card]), "Play Arkham House")
    s = do(s, f"Play {card.title}")
    assert card.title in [s.game.title(c) for c in getattr(s, where)]


def test_one_event_of_a_title_at_a_time() -> None:
    # Rulebook l.202, l.367: "affected by only one card of any specifically titled Event".
    s = do(setup([ARKHAM_HOUSE, NIGHT, NIGHT]), "Play Arkham House")
    s = do(s, "Play Blackout")
    assert plays_of(s, "Blackout") == []


def test_event_aimed_only_at_an_opponent_needs_one() -> None:
    # Rulebook l.202: "An Event that requires a target must have a legitimate target". The
    # opponent plays nothing: he has no Ally in play to aim at, unless ``phantom_opponent``.
    raid = event("Raid", affects="Affects Opponent's Ally")
    s = do(setup([ARKHAM_HOUSE, raid]), "Play Arkham House")
    assert plays_of(s, "Raid") == []
    assert "l.202" in s.game.ignored[cid(s, "Raid")]
    s = do(setup([ARKHAM_HOUSE, raid], rules=Rules(phantom_opponent=True)), "Play Arkham House")
    s = do(s, "Play Raid")
    assert s.game.title(s.story[0]) == "Raid"


@pytest.mark.parametrize(
    "affects", ["Affects Opponent's Investigator", "Affects Opponent's Hand", "Affects Opponent's Mythos Deck"]
)
def test_an_opponent_who_plays_nothing_still_has_an_investigator_a_hand_and_a_deck(affects: str) -> None:
    # Rulebook l.202: the target exists at the table (its effect on him is not played alone).
    phobia = event("Hydrophobia", "Phobia", "Water is feared.", affects=affects)
    s = do(setup([ARKHAM_HOUSE, phobia]), "Play Arkham House")
    s = do(s, "Play Hydrophobia")
    assert s.game.title(s.story[0]) == "Hydrophobia" and "l.202" in s.game.ignored[s.story[0]]


def test_dimension_cards_only_in_their_dimension() -> None:
    # Rulebook l.267: "THE INTERNET ... can not play ... as long as his top Story Deck card is not
    # a NEW AEON Location".
    internet = tome("The Internet", ("English",), icons=(SpellIcon.FOLK,), dimension=Dimension.NEW_AEON)
    s = do(setup([ARKHAM_HOUSE, internet]), "Play Arkham House")
    assert plays_of(s, "The Internet") == []
    na_library = location(
        "NA Library", region="New Æon", sub="New York", attrs=("City", "Tome"), dimension=Dimension.NEW_AEON
    )
    s = do(setup([na_library, internet]), "Play NA Library")
    assert plays_of(s, "The Internet")


# --------------------------------------------------------------------------------------
# Rounds


def test_pass_ends_card_play_and_the_discard_phase_keeps_minimum_to_maximum() -> None:
    # Rulebook l.51-53, l.445: discard down to the Maximum; may discard to the Minimum, no lower.
    hand = [ARKHAM_HOUSE] + [event(f"Storm {i}", "Storm") for i in range(12)]
    s = do(setup(hand, inv=investigator(hand_min=4, hand_max=6)), "Play Arkham House")
    s = do(s, "Pass")
    assert s.phase is Phase.DISCARD and len(s.hand) == 12
    assert "End the Round" not in words(s)  # 12 > Maximum 6
    while len(s.hand) > 4:
        s = apply(s, next(p for p in legal_plays(s) if p.kind is PlayKind.DISCARD))
        assert ("End the Round" in words(s)) is (len(s.hand) <= 6)
    assert not [p for p in legal_plays(s) if p.kind is PlayKind.DISCARD]  # never below 4


def test_next_round_draws_to_the_hand_size() -> None:
    # Rulebook l.47, l.457: draw until you hold your Hand size.
    s = do(
        setup([ARKHAM_HOUSE, ally("Henry Armitage")], inv=investigator(hand=7, hand_min=0, hand_max=7)),
        "Play Arkham House",
    )
    s = do(s, "Play Henry Armitage")
    s = do(s, "Pass")
    s = do(s, "End the Round")
    assert (s.round, s.turn, s.phase, len(s.hand)) == (2, 0, Phase.PLAY, 7)


def test_running_out_of_the_mythos_deck_costs_one_sanity_to_reshuffle() -> None:
    # Rulebook l.544: "If you run out of cards in your Mythos Deck, you lose a point of Sanity
    # and must reshuffle your discards."
    s = setup([ARKHAM_HOUSE, ally("Henry Armitage")], inv=investigator(hand=3, hand_min=0, hand_max=3))
    s.deck, s.discard = [], s.deck  # everything else is in the Discard
    s = do(s, "Play Arkham House")
    s = do(s, "Pass")
    s = do(s, "End the Round")
    assert (s.sanity, len(s.hand), s.shuffles) == (11, 3, 1)


def test_voluntary_reshuffle_before_drawing_costs_one_sanity() -> None:
    # Rulebook l.454: "Spend 1 Sanity point and reshuffle."
    s = do(setup([ARKHAM_HOUSE, FILLER], inv=investigator(hand_min=0, hand_max=13)), "Play Arkham House")
    s = do(s, "Pass")
    s = do(s, "Discard Filler Storm")
    s = do(s, "End the Round (reshuffle the Discard for 1 Sanity)")
    assert (s.sanity, s.discard) == (11, [])


# --------------------------------------------------------------------------------------
# Adventures


def test_no_adventure_without_a_recipe_checker() -> None:
    # The recipe check is injected; the default completes nothing.
    s = do(setup([ARKHAM_HOUSE, adventure("Quest")]), "Play Arkham House")
    assert plays_of(s, "Quest") == []


def test_basic_adventure_scores_and_ends_the_game() -> None:
    # Rulebook l.66: the recipe's cards in play or in the Story Deck; l.91: Basic ends the game.
    seen: list[list[str]] = []

    def needs_arkham_house(card: Card, cards: Sequence[Card]) -> bool:
        seen.append([c.title for c in cards])
        return any(c.title == "Arkham House" for c in cards)

    s = setup([ARKHAM_HOUSE, adventure("Quest", points=7, gain=2)], rules=Rules(adventure_check=needs_arkham_house))
    assert plays_of(s, "Quest") == []
    s = do(s, "Play Arkham House")
    s = do(s, "Play Quest")
    assert (s.points, s.sanity, s.won, s.phase) == (7, 14, True, Phase.OVER)


def test_campaign_adventure_resets_the_story_but_the_current_location() -> None:
    # Rulebook l.472: discard the Story Deck but the Current Location; Discard and Mythos Deck
    # reshuffled at no Sanity cost; l.157: never the same Adventure twice.
    s = setup(
        [ARKHAM_HOUSE, ARKHAM_GATE, event("Earthquake"), adventure("Quest"), adventure("Quest")],
        rules=Rules(campaign=True, adventure_check=lambda a, cs: True),
    )
    for text in ("Play Arkham House", "Play Arkham Gate", "Play Earthquake"):
        s = do(s, text)
    s = do(s, "Play Quest")
    assert [s.game.title(c) for c in s.story] == ["Arkham Gate"]
    assert (s.discard, s.sanity, s.points, s.phase) == ([], 14, 5, Phase.PLAY)
    assert plays_of(s, "Quest") == []


def test_a_recipe_is_asked_again_only_when_cards_it_could_use_change() -> None:
    # A recipe check may say which cards could fill its slots (``may_use``); the engine then
    # asks it again only when those cards change, not at every play (the goldfish asks a
    # million times otherwise).
    class NeedsArkhamHouse:
        def __init__(self) -> None:
            self.asked: list[list[str]] = []

        def may_use(self, adventure: Card, card: Card) -> bool:
            return card.title == "Arkham House"

        def __call__(self, adventure: Card, cards: Sequence[Card]) -> bool:
            self.asked.append(sorted(c.title for c in cards))
            return any(c.title == "Arkham House" for c in cards)

    check = NeedsArkhamHouse()
    s = setup([ARKHAM_GATE, event("Earthquake"), ARKHAM_HOUSE, adventure("Quest")], rules=Rules(adventure_check=check))
    s = do(s, "Play Arkham Gate")
    assert plays_of(s, "Quest") == []
    s = do(s, "Play Earthquake")  # in play, but no card the Quest could use
    assert plays_of(s, "Quest") == []
    assert check.asked == [[]]
    s = do(s, "Play Arkham House")
    assert [p.kind for p in plays_of(s, "Quest")] == [PlayKind.ADVENTURE]
    assert check.asked == [[], ["Arkham House"]]


def test_cards_that_leave_a_recipe_slot_empty_are_refused_without_asking() -> None:
    # A check may say which of its recipe's slots a card could fill (``slots_of``): cards that
    # leave one of them empty never meet the recipe, and the engine does not ask.
    class HouseAndEarthquake:
        def __init__(self) -> None:
            self.asked: list[list[str]] = []

        def slots_of(self, adventure: Card, card: Card) -> int:
            return {"Arkham House": 1, "Earthquake": 2}.get(card.title, 0)

        def __call__(self, adventure: Card, cards: Sequence[Card]) -> bool:
            self.asked.append(sorted(c.title for c in cards))
            return True

    check = HouseAndEarthquake()
    s = setup([ARKHAM_HOUSE, event("Earthquake"), adventure("Quest")], rules=Rules(adventure_check=check))
    s = do(s, "Play Arkham House")
    assert plays_of(s, "Quest") == []  # the check would say yes, but nothing fills the second slot
    assert check.asked == []
    s = do(s, "Play Earthquake")
    assert [p.kind for p in plays_of(s, "Quest")] == [PlayKind.ADVENTURE]
    assert check.asked == [["Arkham House", "Earthquake"]]


def test_copies_of_one_card_give_one_recipe_answer() -> None:
    # A recipe cannot tell two copies of a card apart: with either copy of Arkham House in
    # play, the Quest's recipe is asked once, and the answer serves both games.
    asked: list[list[str]] = []

    def needs_two_cards(card: Card, cards: Sequence[Card]) -> bool:
        asked.append(sorted(c.title for c in cards))
        return len(cards) >= 2

    first = setup([ARKHAM_HOUSE, ARKHAM_HOUSE, adventure("Quest")], rules=Rules(adventure_check=needs_two_cards))
    second = GameState(first.game)
    second.hand, second.deck, second.sanity = [1, 0, 2], first.deck[:], first.sanity
    played = []
    for s in (first, second):
        s = do(s, "Play Arkham House")
        played.append(s.story[-1])
        assert plays_of(s, "Quest") == []
    assert played == [0, 1]  # two different copies went into play
    assert asked == [["Arkham House"]]


def test_recipe_answers_are_forgotten_past_the_limit_and_asked_again(monkeypatch) -> None:
    # A long goldfish run must not keep every answer; forgetting only costs asking again.
    import deckbuilder.rules.engine.game as engine

    monkeypatch.setattr(engine, "_ADVENTURE_CACHE_SIZE", 2)
    asked: list[int] = []

    def needs_three_cards(card: Card, cards: Sequence[Card]) -> bool:
        asked.append(len(cards))
        return len(cards) >= 3

    s = setup(
        [ARKHAM_GATE, event("Earthquake"), event("Fog"), adventure("Quest")],
        rules=Rules(adventure_check=needs_three_cards),
    )
    for text in ("Play Arkham Gate", "Play Earthquake", "Play Fog"):
        s = do(s, text)
    assert [p.kind for p in plays_of(s, "Quest")] == [PlayKind.ADVENTURE]
    assert asked == [1, 2, 3]  # three different piles of cards, three answers
    assert s.game._answers_kept <= 2


# --------------------------------------------------------------------------------------
# Game set-up


def test_a_game_needs_an_investigator() -> None:
    with pytest.raises(NoInvestigatorError):
        Game([ARKHAM_HOUSE] * 20)


def test_new_game_draws_the_first_hand() -> None:
    # Rulebook l.47: "At the beginning of the game ... draw cards ... until you have the number
    # of cards listed for Your Hand".
    s = new_game([ARKHAM_HOUSE] * 30, investigator(hand=13), seed=5)
    assert (len(s.hand), len(s.deck), s.sanity, s.round) == (13, 17, 12, 1)


def test_apply_leaves_the_given_state_unchanged() -> None:
    s = setup([ARKHAM_HOUSE, ally("Henry Armitage")])
    before = s.zones()
    s2 = do(s, "Play Arkham House")
    assert s.zones() == before and s2.zones() != before
    assert is_legal(s, legal_plays(s)[0]) and not is_legal(s2, Play(PlayKind.ROTATE, 0))


# --------------------------------------------------------------------------------------
# Random play on real decks: the game never reaches an illegal state.

REAL_DECKS = sorted(
    p.name
    for p in (Path(__file__).resolve().parent.parent.parent / "shared" / "mythos-data" / "gccg" / "decks").glob(
        "*.deck"
    )
)


@pytest.fixture(scope="module")
def real_games(gccg_catalog, mythos_data: Path) -> dict[str, Game]:
    """A Game per real deck, in Advanced Campaign so that play goes on; the one deck that
    names no Investigator plays the Adventurous Dilettante. An Adventure counts as met once 12
    cards are out, so that random play also goes through Campaign resets (the real recipe
    solver is tested in test_recipe_checker_uses_the_adventure_solver)."""
    dilettante = next(c for c in gccg_catalog.cards_named("Adventurous Dilettante") if c.type is CardType.INVESTIGATOR)
    games = {}
    for path in sorted((mythos_data / "gccg" / "decks").glob("*.deck")):
        deck = load_real_deck(path, gccg_catalog)
        games[path.name] = Game(
            deck,
            None if deck.investigators else dilettante,
            Rules(advanced=True, campaign=True, adventure_check=lambda a, cs: len(cs) >= 12),
        )
    return games


def check_invariants(s: GameState) -> None:
    zones = s.zones()
    every = [c for cards in zones.values() for c in cards]
    assert sorted(every) == list(range(s.game.size)), "a card was lost, duplicated or is in two zones"
    assert 0 <= s.sanity <= min(20, s.game.sanity_max)
    titles = Counter(s.game.cards[a].title for a in s.allies)
    assert all(n == 1 for n in titles.values()), f"two copies of an Ally in play: {titles}"
    if s.mode is Mode.AT:
        assert s.story[-1] == s.where
    # The tally kept play by play is the one read afresh from the zones.
    assert s.counted == s.adventure_tally(), "the cards counting for Adventures drifted from the zones"
    if s.phase is Phase.PLAY:
        assert legal_plays(s), "a player must at least be able to Pass"


@pytest.mark.parametrize("deck_name", REAL_DECKS)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31), choices=st.lists(st.integers(0, 2**31), min_size=50, max_size=400))
def test_random_play_never_reaches_an_illegal_state(
    real_games: dict[str, Game], deck_name: str, seed: int, choices: list[int]
) -> None:
    game = real_games[deck_name]
    s = game.new_state(seed)
    check_invariants(s)
    for n in choices:
        plays = legal_plays(s)
        if not plays:
            assert s.phase is Phase.OVER
            break
        play = plays[n % len(plays)]
        if play.kind is PlayKind.END_ROUND:
            # Rulebook l.51: never above the Maximum after the Discard phase.
            assert len(s.hand) <= s.hand_limits()[1]
        s = apply(s, play)
        check_invariants(s)


@pytest.mark.parametrize("deck_name", REAL_DECKS)
def test_push_plays_in_place_exactly_as_apply_does(real_games: dict[str, Game], deck_name: str) -> None:
    # push() (the goldfish's way, no copy) and apply() (a new state) must agree on every play.
    game = real_games[deck_name]
    rng = random.Random(deck_name)
    for seed in range(3):
        applied = game.new_state(seed)
        pushed = game.new_state(seed)
        for _ in range(250):
            plays = legal_plays(applied)
            assert plays == legal_plays(pushed)
            if not plays:
                break
            play = rng.choice(plays)
            applied = apply(applied, play)
            push(pushed, play)
            assert pushed.zones() == applied.zones()
            assert pushed.counted == applied.counted == applied.adventure_tally()
            assert repr(pushed) == repr(applied)
            assert (pushed.mode, pushed.where, pushed.attrs, pushed.gate_used, pushed.points) == (
                applied.mode,
                applied.where,
                applied.attrs,
                applied.gate_used,
                applied.points,
            )


@pytest.mark.parametrize("deck_name", REAL_DECKS)
def test_real_deck_plays_many_rounds_with_a_simple_policy(real_games: dict[str, Game], deck_name: str) -> None:
    # A player who always plays a card when one is legal (discarding Monsters last) gets
    # Locations, Allies and more into play: the engine's rules do not lock real decks up.
    game = real_games[deck_name]
    rng = random.Random(7)
    kinds: Counter[PlayKind] = Counter()
    for seed in range(5):
        s = game.new_state(seed)
        for _ in range(400):
            plays = legal_plays(s)
            if not plays:
                break
            cards = [p for p in plays if p.kind not in (PlayKind.PASS, PlayKind.END_ROUND)]
            play = (
                rng.choice(cards)
                if cards and s.phase is Phase.PLAY
                else (next((p for p in plays if p.kind is PlayKind.END_ROUND and not p.reshuffle), plays[0]))
            )
            kinds[play.kind] += 1
            s = apply(s, play)
    assert kinds[PlayKind.LOCATION] > 0 and kinds[PlayKind.PASS] > 0
    assert kinds[PlayKind.ALLY] + kinds[PlayKind.MONSTERS] + kinds[PlayKind.TOME] > 0


def test_recipe_checker_uses_the_adventure_solver(gccg_cards, mythos_data: Path, gccg_catalog) -> None:
    # Rulebook l.66: an Adventure is played once its recipe's cards are in play or in the Story
    # Deck. With the recipe solver, the Steadfast starter deck's "Two Cities and a Tale" is met
    # by the deck's own cards, by none before they are out, and the engine offers it only then.
    from deckbuilder.rules.engine import recipe_checker

    check = recipe_checker(gccg_cards)
    deck = load_real_deck(mythos_data / "gccg" / "decks" / "standard-steadfast.deck", gccg_catalog)
    quest = next(c for c in deck.cards() if c.title == "Two Cities and a Tale")
    assert check(quest, list(deck.cards())) and not check(quest, [])
    game = Game(deck, rules=Rules(campaign=True, adventure_check=check))
    s = game.new_state(1)
    assert not [p for p in legal_plays(s) if p.kind is PlayKind.ADVENTURE]


@settings(max_examples=300, deadline=None)
@given(n=st.integers(0, 130), seed=st.integers(0, 2**40))
def test_the_engine_shuffles_in_the_very_order_the_standard_library_shuffles(n, seed):
    # The engine shuffles with its own copy of random.shuffle (compiled with the rules core):
    # the same seed must give the same Mythos Deck, so every game replays as before.
    from deckbuilder.rules.engine.turn import shuffle

    ours, theirs = [i % 37 for i in range(n)], [i % 37 for i in range(n)]
    shuffle(ours, seed)
    random.Random(seed).shuffle(theirs)
    assert ours == theirs


def test_a_play_made_by_the_engine_is_the_play_a_player_would_write():
    # new_play builds a Play without its NamedTuple constructor (issue 17): the same value,
    # equal, hashed alike and read by name.
    from deckbuilder.rules.engine.plays import new_play

    made = new_play(PlayKind.SPELL, 3, (), 5)
    written = Play(PlayKind.SPELL, 3, target=5)
    assert made == written and hash(made) == hash(written) and type(made) is Play
    assert (made.kind, made.card, made.joined, made.target, made.sideways, made.reshuffle, made.ally_pays) == (
        PlayKind.SPELL,
        3,
        (),
        5,
        False,
        False,
        False,
    )


# --------------------------------------------------------------------------------------
# Issue 23: the rulebook's own examples, with the real cards


def real(catalog, title: str, set_code: str = "NAE") -> Card:
    return next(c for c in catalog.cards_named(title) if c.set_code == set_code)


def test_meghan_at_the_vatican_gains_5_sanity_then_loses_her_next_turn(gccg_catalog) -> None:
    # Rulebook l.356: "Upon arriving she gains 5 Sanity and then loses her next Turn"; l.351:
    # losing a Turn as a card instructs is that Turn's play (The Vatican: "doing nothing else").
    vatican = real(gccg_catalog, "The Vatican")
    colosseum = real(gccg_catalog, "Colosseum")
    s = setup([vatican, colosseum], sanity=10, inv=investigator(sanity=10))
    s = do(s, "Play The Vatican")
    assert (at(s), s.sanity, s.turn) == ("The Vatican", 15, 1)
    assert words(s) == {"Lose the Turn"}, "no card and no Pass on the lost Turn"
    s = do(s, "Lose the Turn")
    assert s.turn == 2 and at(s) == "The Vatican" and s.sanity == 15
    assert "Pass" in words(s) and plays_of(s, "Colosseum"), "the Turn after is hers again"


def test_a_location_walked_to_loses_the_turn_when_it_is_rotated(gccg_catalog) -> None:
    # Rulebook l.38: a Location's effects apply on arrival, not while walking to it (from the
    # Country, l.243, one walks).
    vatican = real(gccg_catalog, "The Vatican")
    fields = location("Roman Fields", "New Æon", "Rome", ("Country",), (OUTSIDE,), dimension=Dimension.NEW_AEON)
    s = do(setup([fields, vatican]), "Play Roman Fields")
    s = do(s, "Walk to The Vatican")
    assert "Lose the Turn" not in words(s) and s.lost_turns == 0
    s = do(s, "Arrive at The Vatican")
    assert words(s) == {"Lose the Turn"}


def test_the_vaticans_lost_turn_is_read_from_its_text(gccg_catalog) -> None:
    from deckbuilder.rules.effects import effects_text, read_effects

    assert effects_text(read_effects(real(gccg_catalog, "The Vatican"))) == "lose turn 1"
    assert effects_text(read_effects(real(gccg_catalog, "Bellevue Hospital", "MSGS"))) == "lose turn 1"


def test_brian_plays_the_brother_of_the_yellow_sign_as_a_monster_at_porta_portese(gccg_catalog) -> None:
    # Rulebook l.180: the Brother is a Cultist found in Rome; Porta Portese is in Rome and has a
    # Gate (catalog/card-facts.toml, the same line), so he may go to the Threat there, using the
    # Gate, and is Buried after Combat (l.439).
    portese = real(gccg_catalog, "Porta Portese")
    brother = real(gccg_catalog, "Brother of the Yellow Sign")
    s = do(setup([portese, brother]), "Play Porta Portese")
    assert {"Play Brother of the Yellow Sign", "Play as a Monster Brother of the Yellow Sign"} <= words(s)
    s = do(s, "Play as a Monster Brother of the Yellow Sign")
    assert [s.game.title(c) for c in s.threat] == ["Brother of the Yellow Sign"] and s.gate_used
    assert "Play as a Monster Brother of the Yellow Sign" not in words(s)  # the Gate is used
    s = do(s, "Pass")
    assert s.threat == [] and s.game.title(s.story[0]) == "Brother of the Yellow Sign"


def test_a_tome_that_draws_an_additional_card_each_round(gccg_catalog) -> None:
    # The Necronomicon (EOMU): one card more at the beginning of each Round while in play, not
    # cumulative with another such card (rulebook l.47: the draw at the beginning of the Round).
    necro = real(gccg_catalog, "Necronomicon", "EOMU")
    eibon = real(gccg_catalog, "Book of Eibon", "CR")
    house = location("Library", attrs=("City", "Tome"))
    inv = investigator(
        languages=("English", "Latin", "Greek", "Atlantean", "Hyperborean"), hand=8, hand_min=0, hand_max=8
    )
    s = do(setup([house, necro, eibon], inv=inv), "Play Library")
    plain = do(do(s, "Pass"), "End the Round")
    assert len(plain.hand) == 8
    s = do(s, "Play Necronomicon")
    one = do(do(s, "Pass"), "End the Round")
    assert len(one.hand) == 9 and one.round == 2
    s = do(s, "Play Book of Eibon")
    two = do(do(s, "Pass"), "End the Round")
    assert len(two.hand) == 9, "not cumulative"


# --------------------------------------------------------------------------------------
# Issue 23: Allies that Join (rulebook l.178, l.359, l.536), invented cards in our own words

POET = ally("Old Poet", sanity=1, text="Worth 1 more beside Young Muse. Joins with Young Muse.")
MUSE = ally("Young Muse", sanity=-1, text="Joins Old Poet.")
BYSTANDER = ally("Bystander")


def test_allies_that_join_are_played_as_one_play_in_one_turn() -> None:
    # Rulebook l.178: "they may be played from your hand at the same time"; l.359: "as one play
    # during a Turn ... as long as one of them allows this" (the Poet allows it, and so does the
    # Muse: either would do). A third Ally that Joins neither is played by itself.
    s = do(setup([ARKHAM_HOUSE, POET, MUSE, BYSTANDER], sanity=5), "Play Arkham House")
    joined = {describe(s, p) for p in legal_plays(s) if p.kind is PlayKind.ALLY and p.joined}
    assert joined == {"Play Old Poet with Young Muse"}
    assert {"Play Old Poet", "Play Young Muse", "Play Bystander"} <= words(s), "each may still go alone"
    after = do(s, "Play Old Poet with Young Muse")
    assert [after.game.title(a) for a in after.allies] == ["Old Poet", "Young Muse"]
    assert after.turn == s.turn + 1, "one Turn for both"
    assert after.sanity == 5, "both pentagrams paid: +1 and -1"
    assert "Play Bystander" in words(after) and not plays_of(after, "Young Muse")


def test_allies_join_only_when_each_is_a_legal_play() -> None:
    # Rulebook l.178: "as long as all cards are still legal plays"; l.359: "You must still meet all
    # the normal conditions for playing these cards".
    boston_muse = ally("Young Muse", sub="Boston", text="Joins Old Poet.")
    s = do(setup([ARKHAM_HOUSE, POET, boston_muse]), "Play Arkham House")
    assert "Play Old Poet with Young Muse" not in words(s), "the Muse is not found in Arkham"
    s = do(setup([ARKHAM_HOUSE, POET, MUSE, MUSE]), "Play Arkham House")
    s = do(s, "Play Young Muse")
    assert "Play Old Poet with Young Muse" not in words(s), "one Young Muse in play at a time (l.367)"
    costly = ally("Young Muse", sanity=-3, text="Joins Old Poet.")
    dear = ally("Old Poet", sanity=-3, text="Joins with Young Muse.")
    s = do(setup([ARKHAM_HOUSE, dear, costly], sanity=5), "Play Arkham House")
    assert {"Play Old Poet", "Play Young Muse"} <= words(s)
    assert "Play Old Poet with Young Muse" not in words(s), "6 Sanity for both, 5 to pay with (l.124)"


def test_an_ally_played_only_with_another_or_while_it_is_in_play() -> None:
    # "Can be played only with X, or if X is already in play": alone only after X; Joined with X.
    imp = ally(
        "Familiar Imp",
        text="Can be played only with Witch Crone, or if she is already in play. Joins with Witch Crone.",
    )
    crone = ally("Witch Crone", text="Joins with Familiar Imp.")
    s = do(setup([ARKHAM_HOUSE, imp, crone, BYSTANDER]), "Play Arkham House")
    assert "Play Familiar Imp" not in words(s)
    assert "Play Familiar Imp with Witch Crone" in words(s)
    assert "Play Familiar Imp" in words(do(s, "Play Witch Crone"))


def test_a_join_its_card_allows_only_in_the_dreamlands() -> None:
    # "If your Current Location is in the Dreamlands, <he> can join with any one Steadfast Ally":
    # any Ally of that allegiance, there and not in the Waking World.
    text = (
        "This card can be played in the Dreamlands or in the Waking World. If your Current Location is "
        "in the Dreamlands, Dream Walker can join with any one Steadfast Ally."
    )
    walker = ally("Dream Walker", region=None, sub="Any City", text=text)
    market = location("Dream Market", region="The East", sub="Celephais", dimension=Dimension.DREAMLANDS)
    sailor = ally("Dream Sailor", region="The East", sub="Celephais", dimension=Dimension.DREAMLANDS)
    thief = ally(
        "Dream Thief",
        region="The East",
        sub="Celephais",
        dimension=Dimension.DREAMLANDS,
        attrs=("Corrupt",),
        allegiance=Allegiance.CORRUPT,
    )
    s = do(setup([market, walker, sailor, thief]), "Play Dream Market")
    joined = {describe(s, p) for p in legal_plays(s) if p.kind is PlayKind.ALLY and p.joined}
    assert joined == {"Play Dream Walker with Dream Sailor"}, "a Steadfast Ally, not a Corrupt one"
    waking = location("Kingsport Inn", sub="Kingsport")
    s = do(setup([waking, walker, ally("Kingsport Sailor", sub="Kingsport")]), "Play Kingsport Inn")
    assert {"Play Dream Walker", "Play Kingsport Sailor"} <= words(s)
    assert not any(p.joined for p in legal_plays(s) if p.kind is PlayKind.ALLY), "not in the Waking World"


def test_real_allies_that_join_are_offered_together(gccg_catalog) -> None:
    # The Standard Game's Howard Lovecraft Joins Mrs. Sonia Lovecraft (and she him); the
    # Dreamlands' Randolph Carter Joins any one Steadfast Ally while in the Dreamlands; Keziah
    # Mason Joins Brown Jenkin, who is played only with her or while she is in play. The rest of
    # each card is read as any Ally's: Howard's bonus counts in Combat, Keziah knows a Spell.
    from deckbuilder.rules.effects import effects_text, read_effects
    from deckbuilder.rules.effects.reader import VALUE

    howard = real(gccg_catalog, "Howard Lovecraft", "MSGS")
    sonia = real(gccg_catalog, "Mrs. Sonia Lovecraft", "MSGS")
    assert read_effects(howard).ignored == VALUE
    home = location("Brooklyn Flat", sub="New York")
    s = do(setup([home, howard, sonia]), "Play Brooklyn Flat")
    assert "Play Howard Lovecraft with Mrs. Sonia Lovecraft" in words(s)
    keziah = real(gccg_catalog, "Keziah Mason", "LOTN")
    jenkin = real(gccg_catalog, "Brown Jenkin", "LOTN")
    assert effects_text(read_effects(keziah)) == "" and effects_text(read_effects(jenkin)) == ""
    witch_house = location("Witch House", sub="Arkham", attrs=("City", "House", "Past"))
    s = do(setup([witch_house, jenkin, keziah]), "Play Witch House")
    assert "Play Brown Jenkin" not in words(s) and "Play Brown Jenkin with Keziah Mason" in words(s)
    carter = real(gccg_catalog, "Randolph Carter", "DRM")
    assert effects_text(read_effects(carter)) == ""
    market = location(
        "Dream Meadow", "The East", "Celephais", ("Country", "Site"), (OUTSIDE,), dimension=Dimension.DREAMLANDS
    )
    sailor = ally("Dream Sailor", region="The East", sub="Celephais", dimension=Dimension.DREAMLANDS)
    s = do(setup([market, carter, sailor]), "Play Dream Meadow")
    assert "Play Randolph Carter with Dream Sailor" in words(s)


def test_the_goldfish_plays_the_standard_decks_lovecrafts_joined(gccg_catalog, mythos_data: Path) -> None:
    # The greedy policy prefers two Allies that Join in one Turn to one of them alone
    # (rules/goldfish.py, 4): over the Standard Steadfast deck's games, Howard Lovecraft and Mrs.
    # Sonia Lovecraft are played together whenever both are in hand where they are found.
    from deckbuilder.catalog.recipebook import deck_recipes
    from deckbuilder.rules.goldfish import GreedyPolicy, needed_titles, recipe_check

    deck = load_real_deck(mythos_data / "gccg" / "decks" / "standard-steadfast.deck", gccg_catalog)
    recipes = deck_recipes(gccg_catalog, deck)
    game = Game(deck, rules=Rules(advanced=True, adventure_check=recipe_check(deck, recipes)))
    policy = GreedyPolicy(game, needed_titles(deck, recipes))
    offered: list[str] = []
    for seed in range(60):
        s = game.new_state(seed)
        while s.phase is not Phase.OVER and s.round <= 12:
            plays = legal_plays(s)
            play = policy.choose(s, plays)
            if any(p.kind is PlayKind.ALLY and p.joined for p in plays):
                offered.append(describe(s, play))
            push(s, play)
    assert offered, "both in hand where they are found, in some of the games"
    assert all(" with " in chosen and "Lovecraft" in chosen for chosen in offered), offered


# --------------------------------------------------------------------------------------
# Issue 23: Investigator abilities, read from the Investigator's card


@pytest.mark.parametrize(
    "title, set_code, effects, left_out",
    [
        ("Adventurous Dilettante", "LTD", "redraw 2", ""),
        ("Cleric of Fading Faith", "LTD", "redraw 1", ""),
        ("Deep-One Hybrid", "NAE", "gate allies water: deep ones", "Underwater"),
        (
            "Diabolical Cultist",
            "NAE",
            "gate allies tome: servants of the silver twilight; society silver twilight; adventure sanity corrupt +1",
            "",
        ),
        ("Pragmatic Hobo", "LTD", "", "may not Pass"),
        ("Obsessed Federal Agent", "NAE", "", "who goes first"),
        ("Enthusiastic Chorus Girl", "DRM", "", "opponent"),
        ("Bored Clerk", "MSGS", "", ""),  # the Hand's Minimum and Maximum: the rule itself
    ],
)
def test_an_investigators_ability_is_read_from_the_card(gccg_catalog, title, set_code, effects, left_out) -> None:
    from deckbuilder.rules.effects import effect_text, read_effects

    read = read_effects(real(gccg_catalog, title, set_code))
    assert "; ".join(effect_text(e) for e in read.effects) == effects
    assert (left_out in read.ignored) if left_out else read.ignored == ""


def test_a_once_a_round_redraw_is_the_investigators_turn(gccg_catalog) -> None:
    # The Adventurous Dilettante: "As your Turn one time during a Round" (rulebook l.49, l.339):
    # up to two cards Discarded and as many drawn, once a Round.
    dilettante = real(gccg_catalog, "Adventurous Dilettante", "LTD")
    s = setup([ARKHAM_HOUSE, PARIS_CAFE, LONDON_DOCKS, FILLER], inv=dilettante)
    assert "Use Adventurous Dilettante's ability" not in words(s), "Basic: a Location first"
    s = do(s, "Play Arkham House")
    s = do(s, "Use Adventurous Dilettante's ability")
    assert s.turn == 2
    s = do(s, "Replace Paris Cafe")
    s = do(s, "Replace London Docks")
    assert words(s) == {"Draw the replacements"}, "up to two"
    hand = len(s.hand)
    s = do(s, "Draw the replacements")
    assert len(s.hand) == hand + 2 and cid(s, "Paris Cafe", "discard") >= 0
    assert "Use Adventurous Dilettante's ability" not in words(s), "one time during a Round"
    s = do(do(s, "Pass"), "End the Round")
    s = do(s, "Use Adventurous Dilettante's ability")
    assert s.redrawing == 2


def test_the_deep_one_hybrid_plays_deep_ones_as_allies_through_a_water_gate(gccg_catalog) -> None:
    hybrid = real(gccg_catalog, "Deep-One Hybrid")
    deep_one = real(gccg_catalog, "Deep One", "LTD")
    wreck = real(gccg_catalog, "Wreck of the Hellene")  # a Water Location with a Gate
    area51 = real(gccg_catalog, "Area 51")  # a Gate without Water
    s = do(setup([wreck, deep_one, deep_one], inv=hybrid), "Play Wreck of the Hellene")
    assert "Play Deep One as an Ally" in words(s)
    s = do(s, "Play Deep One as an Ally")
    assert [s.game.title(a) for a in s.allies] == ["Deep One"] and s.gate_used
    assert "Play Deep One as an Ally" not in words(s), "the Gate is used, and one Deep One in play"
    s = do(setup([area51, deep_one], inv=hybrid), "Play Area 51")
    assert "Play Deep One as an Ally" not in words(s)
    assert words(s) >= {"Play Deep One to the Threat"}


def test_the_diabolical_cultist_gains_a_point_more_for_a_corrupt_adventure(gccg_catalog) -> None:
    cultist = real(gccg_catalog, "Diabolical Cultist")
    dark_horse = real(gccg_catalog, "Dark Horse")  # a Corrupt Adventure
    rules = Rules(adventure_check=lambda adventure, cards: True)
    s = do(setup([ARKHAM_HOUSE, dark_horse], inv=cultist, rules=rules, sanity=10), "Play Arkham House")
    s = do(s, "Play Dark Horse")
    assert s.sanity == 10 + (dark_horse.sanity or 0) + 1
    plain = do(do(setup([ARKHAM_HOUSE, dark_horse], rules=rules, sanity=10), "Play Arkham House"), "Play Dark Horse")
    assert plain.sanity == 10 + (dark_horse.sanity or 0)


def test_an_investigator_who_draws_at_the_beginning_of_each_turn() -> None:
    # ``turn draw 1`` (an override's notation: the Pragmatic Hobo's draw where others end the Round).
    from deckbuilder.rules.effects import parse_effects

    rules = Rules(effects={"test investigator": parse_effects("turn draw 1")})
    s = setup([ARKHAM_HOUSE, ARKHAM_GATE], rules=rules)
    assert len(s.hand) == 2
    s = do(s, "Play Arkham House")
    assert len(s.hand) == 2, "one played, one drawn as the next Turn begins"
    s = do(do(s, "Pass"), "End the Round")
    assert len(s.hand) == 13 + 1


# --------------------------------------------------------------------------------------
# Issue 23: an Adventure's non-card conditions, checked, never assumed met (rulings l.85)


@pytest.mark.parametrize(
    "words, reading",
    [
        ("As a member of a SECRET SOCIETY", ("society", "")),
        ("Playable only while CTHULHU is in play", ("in play", "cthulhu")),
        ("Somehow drive your own SANITY below SIX", ("sanity below", "6")),
        ("Learn at least ONE SPELL in that Tome", ("spell in tome", "")),
        ("read a TOME in a language you do not already know", ("tome unread", "")),
        ('he "REROLLS" YOUR INVESTIGATOR', ("", "")),
        ("then stand at a PRESS LOCATION while it is DAY", ("time", "day")),
        ("with an ALLY of the opposite sex to your Investigator", ("", "")),
    ],
)
def test_a_condition_says_what_the_game_can_check(words: str, reading: tuple[str, str]) -> None:
    from deckbuilder.rules.adventures import Condition

    assert Condition(words).reading() == reading


class _Conditions:
    """An Adventure check whose recipe is always met, with the given non-card conditions."""

    def __init__(self, *conditions: tuple[str, str, str]) -> None:
        self.conditions = conditions

    def conditions_of(self, adventure: Card) -> tuple[tuple[str, str, str], ...]:
        return self.conditions

    def __call__(self, adventure: Card, cards: Sequence[Card]) -> bool:
        return True


def test_a_secret_society_member_is_the_investigators_card(gccg_catalog) -> None:
    quest = adventure("Summon Him")
    rules = Rules(adventure_check=_Conditions(("society", "", "As a member of a SECRET SOCIETY")))
    cultist = real(gccg_catalog, "Diabolical Cultist")  # a Secret Society member, by his text
    s = do(setup([ARKHAM_HOUSE, quest], inv=cultist, rules=rules), "Play Arkham House")
    assert "Play Summon Him" in words(s)
    s = do(setup([ARKHAM_HOUSE, quest], rules=rules), "Play Arkham House")
    assert "Play Summon Him" not in words(s)


def test_while_a_card_is_in_play(gccg_catalog) -> None:
    quest = adventure("Invoke Him")
    rules = Rules(adventure_check=_Conditions(("in play", "cthulhu", "while CTHULHU is in play")))
    cthulhu = real(gccg_catalog, "Cthulhu", "CR")
    s = do(setup([ARKHAM_HOUSE, quest], [cthulhu], rules=rules), "Play Arkham House")
    assert "Play Invoke Him" not in words(s)
    s.goo = cid(s, "Cthulhu", "deck")  # Cthulhu in play (his summoning is tested above)
    s.deck.remove(s.goo)
    assert "Play Invoke Him" in words(s)


def test_sanity_driven_below_six_since_the_last_adventure() -> None:
    quest = adventure("On the Brink", gain=0)
    rules = Rules(campaign=True, adventure_check=_Conditions(("sanity below", "6", "drive your own SANITY below SIX")))
    pit = location("The Pit", attrs=("City",), sanity=-7)
    s = do(setup([pit, quest, ARKHAM_HOUSE], rules=rules, sanity=12), "Play Arkham House")
    assert "Play On the Brink" not in words(s)
    s = do(s, "Play The Pit")
    assert s.sanity == 5 and "Play On the Brink" in words(s)
    s = do(s, "Play On the Brink")
    assert s.low_sanity == 5 and s.sanity == 5


def test_an_adventure_whose_condition_no_game_tells_is_never_played_and_says_why() -> None:
    quest = adventure("Big Story")
    rules = Rules(adventure_check=_Conditions(("", "", "an ALLY of the opposite sex")))
    s = do(setup([ARKHAM_HOUSE, quest], rules=rules), "Play Arkham House")
    assert "Play Big Story" not in words(s)
    reason = s.game.ignored[cid(s, "Big Story")]
    assert "opposite sex" in reason and "never met" in reason


def test_while_it_is_day_until_a_night_event_is_in_play() -> None:
    # Rulebook l.76: Day at the start; rulings l.35: a Night Event reads "It is now Night".
    quest = adventure("Morning Paper")
    rules = Rules(adventure_check=_Conditions(("time", "day", "while it is DAY")), advanced=True)
    night = event("Dark Night", "Night", "The night falls.", persistent=True)
    s = do(setup([ARKHAM_HOUSE, quest, night], rules=rules), "Play Arkham House")
    assert "Play Morning Paper" in words(s)
    s = do(s, "Play Dark Night")
    assert "Play Morning Paper" not in words(s)


def test_summon_great_cthulhus_conditions_are_read_for_the_engine(gccg_catalog) -> None:
    from deckbuilder.rules.engine import recipe_checker

    check = recipe_checker(gccg_catalog.all_cards())
    card = real(gccg_catalog, "Summon Great Cthulhu", "LOTN")
    kinds = {(kind, arg) for kind, arg, _words in check.conditions_of(card)}  # type: ignore[attr-defined]
    assert {("society", ""), ("in play", "cthulhu")} <= kinds


@pytest.mark.parametrize(
    "title, set_code, ways, scope",
    [
        ("Shantaks", "LTD", {"AIR", "SEA", "SPACE"}, "ANY"),
        ("Nightgaunts", "DRM", {"AIR"}, "ANY"),
        ("Larva Of The Other Gods, Second Stage", "NAE", {"LAND"}, "SAME"),
        ("Byakhee", "CR", {"AIR", "SPACE"}, "ANY"),
    ],
)
def test_a_monster_used_for_travel_is_read_as_a_travel_event(gccg_catalog, title, set_code, ways, scope) -> None:
    # Rulebook l.317: "If the Monster may be used for travel, as indicated in the Special Effects box".
    from deckbuilder.rules.places import Vocabulary, read_profile
    from deckbuilder.rules.places.profiles import AIR, LAND, SEA, SPACE

    card = real(gccg_catalog, title, set_code)
    vocab = Vocabulary()
    t = read_profile(card, vocab).travel
    assert t is not None and t.immediate
    named = {"AIR": AIR, "SEA": SEA, "LAND": LAND, "SPACE": SPACE}
    assert {name for name, bit in named.items() if t.modes & bit} == ways
    assert t.scope.name == scope
    if title == "Shantaks":
        assert t.dest_none == vocab.attr("Underground")  # "except Underground"
    assert read_profile(real(gccg_catalog, "Deep One", "LTD"), vocab).travel is None


def test_meghan_at_kennedy_space_center_walks_on_to_a_new_aeon_location(gccg_catalog) -> None:
    # Rulebook l.255: after boarding the SHUTTLE ICARUS at KENNEDY SPACE CENTER, Meghan discards it
    # and plays a new Location in the NEW AEON crosswise: Kennedy Space Center is of the NEW AEON
    # (l.572, catalog/card-facts.toml), so a NEW AEON Location may follow it.
    ksc = real(gccg_catalog, "Kennedy Space Center")
    shuttle = real(gccg_catalog, "Shuttle Icarus")
    yucca = real(gccg_catalog, "Yucca Mountain Project")  # a NEW AEON Country Location
    s = do(setup([ksc, shuttle, yucca]), "Play Kennedy Space Center")
    assert s.game.cards[s.where].dimension is Dimension.NEW_AEON
    s = do(s, "Travel by Shuttle Icarus")
    s = do(s, "Walk to Yucca Mountain Project")
    assert s.walking and [s.game.title(c) for c in s.discard] == ["Shuttle Icarus"]


# --------------------------------------------------------------------------------------
# Issue 23: an Artifact recovered from the Story Deck at a Location that allows it

_RECOVERS = (
    "Spend 2 Sanity points to recover one Artifact from your Story Deck and bring it into play. "
    "Pay any Sanity costs for playing that Artifact."
)


def _buried(s: GameState, title: str) -> int:
    """Buries a card of the Mythos Deck at the bottom of the Story Deck (rulebook l.62), where it
    counts for Adventures."""
    c = cid(s, title, "deck")
    s.deck.remove(c)
    s.story.insert(0, c)
    s.counted += s.game.weight[c]
    return c


def test_a_location_recovers_an_artifact_from_the_story_deck_for_its_sanity_and_the_artifacts() -> None:
    # Rulebook l.62: a Buried card is not in play; the Location's words bring one Artifact back
    # into play as the Turn's play, its 2 Sanity and the Artifact's own paid whole (l.124, l.362).
    quay = location("Smugglers' Quay", attrs=("City",), text=_RECOVERS)  # no Artifact attribute
    idol = artifact("Brass Idol", sanity=-1)
    s = do(setup([quay], [idol], sanity=10), "Play Smugglers' Quay")
    assert not any(w.startswith("Recover") for w in words(s)), "nothing to recover yet"
    c = _buried(s, "Brass Idol")
    counted = s.counted
    s = do(s, "Recover Brass Idol from the Story Deck at Smugglers' Quay")
    assert c in s.artifacts and c not in s.story
    assert s.sanity == 7, "2 for the Location, 1 for the Artifact"
    assert s.counted == counted, "it counted in the Story Deck and counts in play"
    assert (s.turn, at(s)) == (2, "Smugglers' Quay"), "a Turn's play; the Location stays current"


def test_no_recovery_without_the_sanity_away_from_the_location_or_from_another_location() -> None:
    # Rulebook l.124, l.362: the whole cost payable; the Location's effect only while it is the
    # Current Location (arrived at, l.241); a Location without the words recovers nothing.
    quay = location("Smugglers' Quay", attrs=("City",), text=_RECOVERS)
    field = location("Pasture", attrs=("Country",), public=(OUTSIDE,))
    plain = location("Plain Street", attrs=("City",))
    idol = artifact("Brass Idol", sanity=-1)
    s = do(setup([quay, field], [idol], sanity=2), "Play Smugglers' Quay")
    _buried(s, "Brass Idol")
    assert not any(w.startswith("Recover") for w in words(s)), "2 Sanity cannot pay 2 and 1"
    s.sanity = 10
    assert "Recover Brass Idol from the Story Deck at Smugglers' Quay" in words(s)
    s = do(s, "Walk to Pasture")
    assert not any(w.startswith("Recover") for w in words(s)), "walking away: not the Current Location"
    s = do(setup([plain], [idol]), "Play Plain Street")
    _buried(s, "Brass Idol")
    assert not any(w.startswith("Recover") for w in words(s))


def test_a_recovered_weapon_goes_to_an_ally_and_a_recovered_artifact_is_used_again() -> None:
    # Rulebook l.191: a Weapon is given to an Ally, one each; l.189, l.199: an Artifact in play
    # may be used on a later Turn (this one draws a card and is Buried when used).
    quay = location("Smugglers' Quay", attrs=("City",), text=_RECOVERS)
    guard = ally("Dock Guard", sub="Arkham")
    blade = artifact("Old Cutlass", subtype="Weapon", value=2)
    lens = artifact("Seeing Lens", text="Draw one card. Bury this card when used.")
    s = do(setup([quay, guard], [blade, lens], sanity=12), "Play Smugglers' Quay")
    s = do(s, "Play Dock Guard")
    b = _buried(s, "Old Cutlass")
    _buried(s, "Seeing Lens")
    assert "Recover Old Cutlass from the Story Deck at Smugglers' Quay to Dock Guard" in words(s)
    assert "Recover Old Cutlass from the Story Deck at Smugglers' Quay" not in words(s)
    s = do(s, "Recover Old Cutlass from the Story Deck at Smugglers' Quay to Dock Guard")
    assert s.attached[cid(s, "Dock Guard", "allies")] == (b,)
    s = do(s, "Recover Seeing Lens from the Story Deck at Smugglers' Quay")
    hand = len(s.hand)
    s = do(s, "Use Seeing Lens")
    assert len(s.hand) == hand + 1 and s.game.title(s.story[0]) == "Seeing Lens", "used, then Buried again"


# --------------------------------------------------------------------------------------
# Issue 23: a lost Turn or an Ally Buried instead, at the player's choice

_RITES = "You must either Bury a Steadfast Ally or remain here for an additional Turn in quiet prayer."


def test_arriving_at_a_shrine_buries_a_steadfast_ally_or_loses_the_turn_at_the_players_choice() -> None:
    # Rulebook l.351, l.356: a Turn lost as a card instructs; the card offers an Ally Buried
    # instead (l.62: Buried at the bottom of the Story Deck, where it counts on for Adventures).
    shrine = location("Hill Shrine", text=_RITES)
    guard = ally("Dock Guard")  # Steadfast
    thug = dataclasses.replace(ally("Hired Thug", attrs=("Corrupt",)), allegiance=Allegiance.CORRUPT)
    street = location("Plain Street")
    s = do(setup([street, guard, thug, shrine]), "Play Plain Street")
    s = do(s, "Play Dock Guard")
    s = do(s, "Play Hired Thug")
    assert words(s) >= {"Play Hill Shrine", "Play Hill Shrine, Burying Dock Guard instead of losing a Turn"}
    assert "Play Hill Shrine, Burying Hired Thug instead of losing a Turn" not in words(s), "Steadfast only"
    buried = do(s, "Play Hill Shrine, Burying Dock Guard instead of losing a Turn")
    assert at(buried) == "Hill Shrine" and buried.lost_turns == 0
    assert buried.game.title(buried.story[0]) == "Dock Guard" and len(buried.allies) == 1
    assert "Pass" in words(buried), "the next Turn is the player's"
    kept = do(s, "Play Hill Shrine")
    assert words(kept) == {"Lose the Turn"} and len(kept.allies) == 2


def test_the_choice_comes_with_arriving_after_a_walk_and_not_without_an_ally() -> None:
    # Rulebook l.241, l.343: a Location walked to applies its effects when turned right-side-up.
    shrine = location("Hill Shrine", sub="Dunwich", attrs=("Country",), public=(OUTSIDE,), text=_RITES)
    street = location("Plain Street")
    guard = ally("Dock Guard")
    s = do(setup([street, shrine, guard]), "Play Plain Street")
    s = do(s, "Walk to Hill Shrine")
    assert not any("Burying" in w for w in words(s)), "no Ally in play: the Turn is lost"
    s.allies.append(cid(s, "Dock Guard"))
    s.hand.remove(s.allies[0])
    s = do(s, "Arrive at Hill Shrine, Burying Dock Guard instead of losing a Turn")
    assert s.lost_turns == 0 and s.allies == []


def test_a_portrait_in_play_finds_waking_world_allies_of_the_subregion_in_the_new_aeon() -> None:
    # An Artifact whose constant effect lets its player, "while in the New Aeon", find Waking World
    # Allies "from your current subregion" (rulebook l.160: an Ally is played in its own Dimension
    # unless a card says otherwise). Our wording around the phrase the reader keys on.
    portrait = artifact(
        "Odd Portrait",
        sanity=-1,
        text="This card has constant effect. While in the New Aeon, you may find Waking World Allies "
        "from your current subregion.",
    )
    spaceport = location(
        "Arkham Spaceport", region="New Æon", sub="Arkham", attrs=("City", "Artifact"), dimension=Dimension.NEW_AEON
    )
    professor = ally("Old Professor")  # Lovecraft Country, Arkham: the Waking World
    clerk = ally("Boston Clerk", sub="Boston")
    s = do(setup([spaceport, portrait, professor, clerk]), "Play Arkham Spaceport")
    assert not plays_of(s, "Old Professor"), "not without the Portrait"
    s = do(s, "Play Odd Portrait")
    assert plays_of(s, "Old Professor") and not plays_of(s, "Boston Clerk"), "Arkham's, not Boston's"
    home = do(setup([ARKHAM_HOUSE, portrait, clerk, professor]), "Play Arkham House")
    home = do(home, "Play Odd Portrait")
    assert plays_of(home, "Old Professor") and not plays_of(home, "Boston Clerk"), "the Waking World as ever"


def test_a_location_gives_a_spell_to_a_steadfast_ally_for_sanity() -> None:
    # A Location whose text lets its player "spend 1 Sanity point to tattoo (play) a Spell on any
    # Steadfast Ally. Bury Spell when cast" (our wording around the phrase the reader keys on): a
    # Turn's play there, the Ally then casting it as an Ally that knows a Spell does, free, and the
    # Spell Buried (rulebook l.170, l.311).
    parlour = location(
        "Ink Parlour",
        attrs=("City", "Business"),
        text="Spend 1 Sanity point to tattoo (play) a Spell on any Steadfast Ally. Bury Spell when cast.",
    )
    guard = ally("Dock Guard")
    thug = ally("Dock Thug", attrs=("Corrupt",), allegiance=Allegiance.CORRUPT)
    word = spell("Quick Word", text="Draw 2 cards.")
    s = do(setup([parlour, guard, thug, word], sanity=8), "Play Ink Parlour")
    s = do(do(s, "Play Dock Guard"), "Play Dock Thug")
    assert [describe(s, p) for p in plays_of(s, "Quick Word")] == ["Play Quick Word to Dock Guard"], "Steadfast only"
    s = do(s, "Play Quick Word to Dock Guard")
    assert s.sanity == 7, "1 Sanity for the tattoo"
    cast = do(s, "Cast Quick Word from Dock Guard")
    assert cast.sanity == 7 and s.game.title(cast.story[0]) == "Quick Word", "cast free, then Buried"
    elsewhere = do(setup([ARKHAM_HOUSE, guard, word], sanity=8), "Play Arkham House")
    assert not plays_of(do(elsewhere, "Play Dock Guard"), "Quick Word"), "only at such a Location"


def test_a_spell_makes_every_monster_join_for_the_rest_of_the_round() -> None:
    # A Spell whose text says "All Monsters Join, for all Investigators, for the remainder of the
    # Round" (our test card; the clause the reader keys on): two Monsters that do not Join by their
    # own text are one play at the Gate (rulebook l.292, l.359) until the Round ends.
    grasp = spell("Grasping Word", text="All Monsters Join, for all Investigators, for the remainder of the Round.")
    book = tome("Grey Book", languages=("English",), sanity=None)
    lair = location("Old Gate House", attrs=("City", "Tome"), gate=True)
    beast, imp = monster("Night Beast"), monster("Night Imp")
    s = do(setup([lair, book, grasp, beast, imp], sanity=12), "Play Old Gate House")
    s = do(s, "Play Grey Book with Grasping Word")
    assert "Play Night Beast, Night Imp to the Threat" not in words(s)
    s = do(s, "Cast Grasping Word from Grey Book")
    assert s.sanity == 10 and "Play Night Beast, Night Imp to the Threat" in words(s)
    s = do(do(s, "Pass"), "End the Round")
    assert not s.joins_round, "for the remainder of the Round only"
