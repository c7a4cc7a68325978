"""Summon and Control Spells at the table (issue 23): a Summoned Monster's attack in card play
(rulebook l.317) and a Monster taken from an opponent's Directed Threat in Combat (l.321).
The cards are built here with the engine tests' builders, in our own words (the phrase the
effect reader keys on, "Summon or Control one CLASS", is the rulebook's, l.315)."""

from __future__ import annotations

from collections.abc import Sequence

from support.engine import (
    ARKHAM_GATE,
    ARKHAM_HOUSE,
    ARKHAM_SANITARIUM,
    ally,
    artifact,
    event,
    goo,
    location,
    monster,
    spell,
    tome,
)
from support.match import Scripted, investigator

from deckbuilder.rules.cards import Card
from deckbuilder.rules.engine import Game, Play, PlayKind, Rules, describe, legal_plays
from deckbuilder.rules.match import COMBAT, GreedyPlayer, Match, card_play, combat, end_of_combat, new_match
from deckbuilder.rules.match.goos import goo_effects, goo_not_read
from deckbuilder.rules.match.table import _goos_in_play, turn_plays

LIBER = tome("Liber", languages=("English",))
DUST = spell("Dust", text="Summon or Control one Lesser Independent Monster.", sanity=-2)
CRAWLER = monster("Crawler", "Lesser Independent", value=3)
LURKER = monster("Lurker", "Lesser Independent", value=3, text="Invisible.")
SERVANT = monster("Servant", "Lesser Servitor", value=2)
GUARD = ally("Guard")  # value 1


def table(cards_a: Sequence[Card], cards_b: Sequence[Card]) -> Match:
    """Brian and Meghan at Arkham House with every card in the Mythos Deck: a test puts in
    play what it needs (:func:`put`)."""
    games = [
        Game([ARKHAM_HOUSE, *cards_a], investigator("Brian", 15, 12), Rules(advanced=True)),
        Game([ARKHAM_HOUSE, *cards_b], investigator("Meghan", 15, 10), Rules(advanced=True)),
    ]
    m = new_match(games, seed=3, names=["Brian", "Meghan"])
    for s in m.players:
        s.deck += s.hand
        s.hand = []
        put(m, m.players.index(s), "where", "Arkham House")
    return m


def put(m: Match, seat: int, zone: str, title: str) -> int:
    """Moves a copy of ``title`` from the Mythos Deck to a zone (``where``: the Current
    Location; ``spells``: under the player's Tome); gets its id."""
    from deckbuilder.rules.engine.locations import arrive_at

    s = m.players[seat]
    cid = next(c for c in s.deck if s.game.title(c) == title)
    s.deck.remove(cid)
    if zone == "where":
        arrive_at(s, cid)
    elif zone == "spells":
        s.spells.append(cid)
        s.attached[s.tomes[0]] = (*s.attached.get(s.tomes[0], ()), cid)
    else:
        getattr(s, zone).append(cid)
    return cid


class Controlling(Scripted):
    """Casts the first Control Spell offered in Combat; notes what it was offered."""

    def __init__(self) -> None:
        super().__init__()
        self.offered: list[list[str]] = []

    def combat_use(self, m: Match, seat: int, plays: list[Play]) -> Play | None:
        self.offered.append([describe(m.players[seat], p) for p in plays])
        return plays[0] if plays else None


def test_a_summoned_monster_attacks_an_opponent_at_once():
    # Rulebook l.317: "Cast the spell on your turn to play an appropriate Monster ... Pay the
    # Sanity cost for the Spell and for playing the Monster (if any). The Monster then
    # immediately attacks an opponent, who may use Allies, but not Spells, Artifacts, or Threat,
    # to defend." Rulings l.274: there is no Cosmic Battle.
    m = table([LIBER, DUST, CRAWLER], [GUARD, SERVANT])
    a, b = m.players
    put(m, 0, "tomes", "Liber")
    put(m, 0, "spells", "Dust")
    crawler = put(m, 0, "hand", "Crawler")
    guard = put(m, 1, "allies", "Guard")
    put(m, 1, "threat", "Servant")  # a Threat does not defend against a Summoned Monster
    m.log = []
    m.to_move = 0
    cast = next(p for p in legal_plays(a) if describe(a, p) == "Cast Dust from Liber on Crawler")
    card_play(m, cast)
    assert b.sanity == 15 - 2  # Crawler's 3, the Guard absorbing 1
    assert guard not in b.allies and b.story[0] == guard  # an Ally that absorbed is Buried (l.439)
    assert a.sanity == 15 - 2  # the Spell's cost, from a Tome (l.309)
    assert crawler not in a.threat and a.story[0] == crawler  # its attack was its use: Buried
    assert "  Crawler attacks Meghan with 3: Allies absorb 1 (Summoned, rulebook l.317)" in m.log
    assert "Dust" in m.applied[0]
    assert m.dealt[0] == {"Crawler": 3} and m.absorbed[1] == {"Guard": 1}
    assert m.combat_lost == [0, 0]  # card play, not Combat (l.317: "not Combat")


def test_an_invisible_summoned_monster_passes_the_allies():
    # Rulebook l.288: Invisible Monsters bypass Allies without an Enchanted Weapon; l.317: the
    # Summoned Monster's target defends with Allies only.
    m = table([LIBER, DUST, LURKER], [GUARD])
    a, b = m.players
    put(m, 0, "tomes", "Liber")
    put(m, 0, "spells", "Dust")
    put(m, 0, "hand", "Lurker")
    guard = put(m, 1, "allies", "Guard")
    m.to_move = 0
    card_play(m, next(p for p in legal_plays(a) if describe(a, p) == "Cast Dust from Liber on Lurker"))
    assert b.sanity == 15 - 3 and guard in b.allies


def combat_with_control(threat: Sequence[str], spell_in_play: bool = True) -> tuple[Match, Controlling]:
    """Meghan's Threat ``threat`` against Brian, who holds Dust in Liber; Combat played."""
    m = table([LIBER, DUST, CRAWLER], [CRAWLER, SERVANT, SERVANT])
    put(m, 0, "tomes", "Liber")
    if spell_in_play:
        put(m, 0, "spells", "Dust")
    for title in threat:
        put(m, 1, "threat", title)
    m.log = []
    m.stage = COMBAT
    brian = Controlling()
    combat(m, [brian, Scripted()])
    return m, brian


def test_a_control_spell_in_combat_turns_a_monster_of_its_class():
    # Rulebook l.321: "Cast the Spell during Combat and hope that the correct Monster class is
    # in an opponent's Directed Threat. If so, you gain control of a random Monster of that
    # class ... Return the card to your opponent for Burial at the end of Combat"; rulings l.29:
    # it joins one of your Directed Threats or makes a new one. Here Crawler (3) fights on
    # Brian's side against the Servant (2): the Cosmic Battle leaves Brian's 1 (l.420-422).
    m, brian = combat_with_control(["Crawler", "Servant"])
    a, b = m.players
    assert brian.offered[0] == ["Cast Dust from Liber"]
    assert "  Brian takes control of Crawler from Meghan (rulebook l.321)" in m.log
    assert a.sanity == 15 - 2  # the Spell's cost only: no Sanity lost in Combat
    assert b.sanity == 15 - 1 and m.combat_lost == [0, 1]
    assert b.threat == [] and [b.game.title(c) for c in b.story[:2]] == ["Crawler", "Servant"]  # Buried by Meghan
    assert a.threat == [] and all(a.game.title(c) != "Crawler" for c in a.story)
    assert "Dust" in m.applied[0]


def test_a_control_spell_that_finds_no_monster_of_its_class_costs_its_sanity():
    # Rulebook l.321: the caster "hope[s]" for the class; the Threat is face-down (l.402).
    m, _ = combat_with_control(["Servant", "Servant"])
    a = m.players[0]
    assert "  Brian finds no Lesser Independent in an opponent's Directed Threat" in m.log
    assert a.sanity == 15 - 2 - 4 and m.combat_lost == [4, 0]
    assert "Dust" not in m.applied[0]


def test_control_is_offered_only_against_a_directed_threat_and_summon_never_in_combat():
    # Rulebook l.317: "Summon may only be used during standard card play, not Combat"; l.321:
    # Control needs an opponent's Directed Threat (l.307: a Spell needs its target).
    m = table([LIBER, DUST, CRAWLER], [SERVANT])
    put(m, 0, "tomes", "Liber")
    put(m, 0, "spells", "Dust")
    put(m, 0, "hand", "Crawler")  # a Monster Dust could Summon in card play
    m.stage = COMBAT
    brian = Controlling()
    combat(m, [brian, Scripted()])
    assert brian.offered == []
    assert [m.players[0].game.title(c) for c in m.players[0].hand] == ["Crawler"]


def test_the_greedy_player_casts_control_when_attacked():
    # The greedy player's rule (match/policy.py): a Control Spell whenever an opponent's Threat
    # is aimed at it and the cost leaves it 3 Sanity.
    m = table([LIBER, DUST, CRAWLER], [CRAWLER, SERVANT, SERVANT])
    put(m, 0, "tomes", "Liber")
    put(m, 0, "spells", "Dust")
    put(m, 1, "threat", "Crawler")
    m.log = []
    m.stage = COMBAT
    combat(m, [GreedyPlayer(m.seats[0].game, set()), GreedyPlayer(m.seats[1].game, set())])
    assert "  Brian takes control of Crawler from Meghan (rulebook l.321)" in m.log
    assert m.players[0].sanity == 15 - 2 and m.players[1].sanity == 15 - 3


# -- Great Old Ones (rulebook l.282-286) ---------------------------------------------------------

STORM = event("Rain", "Storm", persistent=True)
MOON = event("Waxing Moon", "Night", persistent=True)
SOOTHE = spell("Soothe", text="Gain 2 Sanity points.", sanity=-1)
YOUNG = monster("Night Young", "Greater Independent", value=2)


def elder(text: str) -> Card:
    """A Great Old One of ours, summoned with a Storm and a Waxing Moon in play (l.282)."""
    return goo("Elder", ("Storm", "Waxing Moon"), text=text)


def goo_table(text: str, cards_b: Sequence[Card] = (), cards_a: Sequence[Card] = ()) -> Match:
    """Brian at a Gate with the Elder's two requirements in play and the Elder in his Hand;
    Meghan at Arkham House with Liber and Soothe in play (and ``cards_b`` in her Mythos Deck)."""
    games = [
        Game(
            [ARKHAM_GATE, STORM, MOON, elder(text), YOUNG, *cards_a],
            investigator("Brian", 15, 12),
            Rules(advanced=True),
        ),
        Game([ARKHAM_HOUSE, LIBER, SOOTHE, *cards_b], investigator("Meghan", 15, 10), Rules(advanced=True)),
    ]
    m = new_match(games, seed=3, names=["Brian", "Meghan"])
    for s in m.players:
        s.deck += s.hand
        s.hand = []
    put(m, 0, "where", "Arkham Gate")
    put(m, 0, "events", "Rain")
    put(m, 0, "events", "Waxing Moon")
    put(m, 0, "hand", "Elder")
    put(m, 1, "where", "Arkham House")
    put(m, 1, "tomes", "Liber")
    put(m, 1, "spells", "Soothe")
    m.log = []
    return m


def play(m: Match, seat: int, words: str) -> None:
    """Makes the legal play ``describe`` words so, as ``seat``."""
    s = m.players[seat]
    m.to_move = seat
    card_play(m, next(p for p in legal_plays(s) if describe(s, p) == words))


def test_a_great_old_one_strikes_every_investigator_at_once_and_forbids_gaining_sanity():
    # Rulebook l.282: "Apply each GOO's effects immediately to every Investigator in the game ...
    # The effect remains as long as the card is in play." Its player loses the Sanity too.
    m = goo_table(
        "No Investigator may gain Sanity. Each Investigator loses 2 Sanity points the moment this card is played."
    )
    play(m, 0, "Play Elder")
    assert [s.sanity for s in m.players] == [13, 13]
    assert "Elder" in m.applied[0] and "  Meghan loses 2 Sanity to Elder" in m.log
    play(m, 1, "Cast Soothe from Liber")  # 1 to cast, 2 to gain: the gain is forbidden
    assert m.players[1].sanity == 12


def test_without_a_great_old_one_the_same_spell_gains_sanity():
    # The counterpart of the test above: Soothe costs 1 and gains 2 (l.40: gains first).
    m = goo_table("No Investigator may gain Sanity.")
    play(m, 1, "Cast Soothe from Liber")
    assert m.players[1].sanity == 16


def test_a_great_old_one_that_makes_spells_free():
    m = goo_table("Spells no longer cost Sanity points to cast.")
    play(m, 0, "Play Elder")
    play(m, 1, "Cast Soothe from Liber")
    assert m.players[1].sanity == 17 and m.players[0].sanity == 15


def test_a_great_old_one_that_forbids_invisibility_lets_allies_defend():
    # Rulebook l.288: an Invisible Monster passes Allies without an Enchanted Weapon, unless a
    # Great Old One in play says no Monster is Invisible (l.282: GOO effects override any card's).
    m = goo_table("No Monsters are Invisible.", [GUARD], [LURKER])
    play(m, 0, "Play Elder")
    put(m, 0, "threat", "Lurker")
    guard = put(m, 1, "allies", "Guard")
    m.stage = COMBAT
    combat(m, [Scripted(), Scripted(defenders=["Guard"])])
    assert m.players[1].sanity == 15 - 2 and guard not in m.players[1].allies


def test_a_great_old_one_raises_the_value_of_monsters_of_a_title():
    m = goo_table("Increase the value of all Night Young by one point.")
    play(m, 0, "Play Elder")
    put(m, 0, "threat", "Night Young")
    m.stage = COMBAT
    combat(m, [Scripted(), Scripted()])
    assert m.players[1].sanity == 15 - 3


def test_a_great_old_one_that_discards_monsters_after_combat():
    m = goo_table("At the end of Combat all Investigators Discard Monster cards.", [CRAWLER])
    play(m, 0, "Play Elder")
    young = put(m, 0, "hand", "Night Young")
    crawler = put(m, 1, "hand", "Crawler")
    m.stage = COMBAT
    combat(m, [Scripted(), Scripted()])
    end_of_combat(m)
    assert young in m.players[0].discard and crawler in m.players[1].discard
    assert m.goo_rules  # the Great Old One stays to the next Round's Combat (l.286)


def test_what_of_a_great_old_one_is_not_read_is_named():
    assert (
        goo_not_read(
            elder(
                "No Investigator may gain Sanity. Each Investigator loses 2 Sanity points the moment this card is played."
            )
        )
        == ""
    )
    assert goo_not_read(elder("All Monsters may Join. No Investigator may gain Sanity.")) == ""
    assert goo_not_read(elder("All Monsters may Join. All Locations are wet.")) == "not read 'all locations are wet'"
    assert goo_effects(monster("Crawler")) == ()


def _groups(m: Match, seat: int) -> list[Play]:
    """The plays of two or more Monsters at once (Monsters that Join, l.292) open to ``seat``."""
    return [p for p in legal_plays(m.players[seat]) if p.joined and describe(m.players[seat], p).endswith("Threat")]


def test_a_great_old_one_lets_every_players_monsters_join():
    # Rulebook l.292: Monsters played together must Join; l.282: a GOO's effect applies "to every
    # Investigator in the game", so "All Monsters may Join" lets the opponent's Monsters Join too,
    # and only while the GOO is in play.
    m = goo_table("All Monsters may Join. No Investigator may gain Sanity.", [ARKHAM_GATE, CRAWLER, SERVANT])
    put(m, 1, "where", "Arkham Gate")
    put(m, 1, "hand", "Crawler")
    put(m, 1, "hand", "Servant")
    assert _groups(m, 1) == []  # a Crawler and a Servant do not Join
    play(m, 0, "Play Elder")
    assert [describe(m.players[1], p) for p in _groups(m, 1)] == ["Play Crawler, Servant to the Threat"]
    m.players[0].goo = -1
    _goos_in_play(m)  # the Great Old One gone (l.286): Joining as printed again
    assert _groups(m, 1) == []


DUSK = event("Dusk", subtype="Night", text="It is now Night.", affects="Affects All Investigators", persistent=True)
TULZ = (
    "It is Day. Bury any Night or Day cards in play; new ones may not be played while Elder is in play. "
    "While this card is in play, three Passes are required to end card play in a Round. No Investigator may gain Sanity."
)


def test_a_great_old_one_that_makes_it_day_buries_night_cards_and_bars_new_ones():
    # Rulebook l.282: a GOO's effect on every Investigator; rulings l.35: a Night Event makes it
    # Night. This one makes it Day, Buries the Night card in play (a Buried card goes under the
    # Story Deck, l.506) and no new one may be played while it stays.
    assert goo_not_read(elder(TULZ)) == ""
    m = goo_table(TULZ, [DUSK, DUSK])
    put(m, 1, "hand", "Dusk")
    m.to_move = 1
    card_play(m, next(p for p in turn_plays(m, 1) if describe(m.players[1], p) == "Play Dusk"))
    assert m.night
    dusk = m.players[1].events[-1]
    put(m, 1, "hand", "Dusk")
    play(m, 0, "Play Elder")
    assert not m.night and dusk not in m.players[1].events and m.players[1].story[0] == dusk
    assert "Play Dusk" not in [describe(m.players[1], p) for p in turn_plays(m, 1)]


def test_a_great_old_one_that_requires_three_passes():
    # Rulebook l.384: two Passes end card play; while this GOO is in play, three do.
    m = goo_table(TULZ)
    play(m, 0, "Play Elder")
    for seat in (1, 0):
        m.to_move = seat
        card_play(m, Play(PlayKind.PASS))
        assert m.stage != COMBAT
    card_play(m, Play(PlayKind.PASS))
    assert m.stage == COMBAT


# -- What other cards add to an Ally in Combat ---------------------------------------------------

CAMPUS = location(
    "Campus",
    attrs=("City", "University"),
    text="Our reading: all Professors and Students add 1 point to their card value while this is your Current Location.",
)
PROFESSOR = ally("Professor Doe", attrs=("Steadfast", "Professor"))
CLUB = artifact("Club", subtype="Weapon", value=1)


def test_a_location_and_a_weapon_add_to_an_ally_and_are_credited():
    # Rulebook l.191: a Weapon adds its value to its Ally's, the two act as one card; the
    # Location's text adds 1 to Professors while it is the Current Location; l.426: the Ally
    # absorbs its value. The figures credit the Weapon and the Location with the points beyond
    # the Ally's own.
    games = [
        Game([CAMPUS, PROFESSOR, CLUB], investigator("Brian", 15, 12), Rules(advanced=True)),
        Game([ARKHAM_HOUSE, CRAWLER, CRAWLER], investigator("Meghan", 15, 10), Rules(advanced=True)),
    ]
    m = new_match(games, seed=3, names=["Brian", "Meghan"])
    for s in m.players:
        s.deck += s.hand
        s.hand = []
    put(m, 0, "where", "Campus")
    professor = put(m, 0, "allies", "Professor Doe")
    club = put(m, 0, "artifacts", "Club")
    m.players[0].attached[professor] = (club,)
    put(m, 1, "threat", "Crawler")
    put(m, 1, "threat", "Crawler")
    m.stage = COMBAT
    combat(m, [Scripted(defenders=["Professor Doe"]), Scripted()])
    assert m.players[0].sanity == 15 - (6 - 3)  # 1 + Club 1 + Campus 1 absorbed
    assert m.absorbed[0] == {"Professor Doe": 3, "Club": 1, "Campus": 1}


TAKER = monster(
    "Taker",
    "Lesser Independent",
    value=3,
    text="Randomly choose one of your opponent's Artifacts to Bury for each Taker that survives the Cosmic Battle.",
)
LAMP = artifact("Lamp")


def test_a_monster_that_survives_the_cosmic_battle_takes_an_artifact():
    # Rulebook l.420-422: the Cosmic Battle; l.436: "Certain Monsters might also have another
    # effect, listed in its Special Effects box": this one, surviving, has an Artifact Buried.
    for brians_threat, taken in (["Servant"], True), (["Crawler"], False):
        games = [
            Game([ARKHAM_HOUSE, SERVANT, CRAWLER, LAMP], investigator("Brian", 15, 12), Rules(advanced=True)),
            Game([ARKHAM_HOUSE, TAKER], investigator("Meghan", 15, 10), Rules(advanced=True)),
        ]
        m = new_match(games, seed=3, names=["Brian", "Meghan"])
        for s in m.players:
            s.deck += s.hand
            s.hand = []
        lamp = put(m, 0, "artifacts", "Lamp")
        for title in brians_threat:
            put(m, 0, "threat", title)
        put(m, 1, "threat", "Taker")
        m.stage = COMBAT
        combat(m, [Scripted(), Scripted()])
        a = m.players[0]
        assert (lamp not in a.artifacts and lamp in a.story) is taken
        assert ("Taker" in m.applied[1]) is taken


# -- What a Location or an Artifact adds to a kind of card (issue 23, combatcards) ---------------

MANOR = location(
    "Manor",
    attrs=("Country",),
    text="All Doe family members (including Doe Spawn) add 1 point to the card value when this is your current Location.",
)
MARKET = location(
    "Market", attrs=("City",), text="All Trader Allies add 1 point to their value while this is your Current Location."
)
SPAWN = monster("Doe Spawn", "Lesser Independent", value=2)
TRADER = ally("Ned", attrs=("Steadfast", "Old Trader"))
ENGINE = artifact("Engine", text="While this card is in play, increase the value of all your Crawlers by 1 point each.")


def test_a_location_adds_to_an_ally_named_by_the_last_word_of_its_attribute():
    # Rulebook l.426: Defending Allies absorb their card value; the Location's text adds 1 to
    # its Traders, and an "Old Trader" is a Trader ("to their value", without "card").
    from deckbuilder.rules.match.monsters import ally_kinds, location_bonus

    assert location_bonus(MARKET) == ((1, frozenset({"trader"})),)
    assert "trader" in ally_kinds(TRADER)
    games = [
        Game([MARKET, TRADER], investigator("Brian", 15, 12), Rules(advanced=True)),
        Game([ARKHAM_HOUSE, CRAWLER], investigator("Meghan", 15, 10), Rules(advanced=True)),
    ]
    m = new_match(games, seed=3, names=["Brian", "Meghan"])
    for s in m.players:
        s.deck += s.hand
        s.hand = []
    put(m, 0, "where", "Market")
    put(m, 0, "allies", "Ned")
    put(m, 1, "threat", "Crawler")
    m.stage = COMBAT
    combat(m, [Scripted(defenders=["Ned"]), Scripted()])
    assert m.players[0].sanity == 15 - (3 - 2)  # Ned 1 + Market 1 absorbed
    assert m.absorbed[0] == {"Ned": 2, "Market": 1}


def test_a_location_adds_to_its_players_monsters_of_the_family_it_names():
    # Rulebook l.418: "Tally the value of your Threat, using the values in the upper left
    # corner of your Monster cards plus any bonuses due to Special Effects": the Manor's text
    # adds 1 to the card value of the family named, Monsters included, while it is Current.
    from deckbuilder.rules.match.monsters import location_bonus

    assert location_bonus(MANOR) == ((1, frozenset({"doe", "doe spawn"})),)
    for home, lost in (("Manor", 3), ("Arkham House", 2)):
        games = [
            Game([MANOR, ARKHAM_HOUSE, SPAWN], investigator("Brian", 15, 12), Rules(advanced=True)),
            Game([ARKHAM_HOUSE], investigator("Meghan", 15, 10), Rules(advanced=True)),
        ]
        m = new_match(games, seed=3, names=["Brian", "Meghan"])
        for s in m.players:
            s.deck += s.hand
            s.hand = []
        put(m, 0, "where", home)
        put(m, 1, "where", "Arkham House")
        put(m, 0, "threat", "Doe Spawn")
        m.stage = COMBAT
        combat(m, [Scripted(), Scripted()])
        assert m.players[1].sanity == 15 - lost
        assert m.dealt[0].get("Manor", 0) == lost - 2


def test_an_artifact_in_play_adds_to_its_players_monsters_of_a_kind():
    # Rulebook l.418: the Threat's value with the bonuses of Special Effects; the Engine, in
    # play, adds 1 to each Crawler of its player's (and to nothing else).
    games = [
        Game([ARKHAM_HOUSE, ENGINE, CRAWLER, SERVANT], investigator("Brian", 15, 12), Rules(advanced=True)),
        Game([ARKHAM_HOUSE], investigator("Meghan", 15, 10), Rules(advanced=True)),
    ]
    m = new_match(games, seed=3, names=["Brian", "Meghan"])
    for s in m.players:
        s.deck += s.hand
        s.hand = []
    put(m, 0, "artifacts", "Engine")
    put(m, 0, "threat", "Crawler")
    put(m, 0, "threat", "Servant")
    m.stage = COMBAT
    combat(m, [Scripted(), Scripted()])
    assert m.players[1].sanity == 15 - (3 + 1 + 2)
    assert m.dealt[0] == {"Crawler": 4, "Engine": 1, "Servant": 2}  # the Monster with its bonus, as an Ally's


# -- Spells that work only in Combat (issue 23, combatcards) -------------------------------------

BOW = spell(
    "Bow Low",
    text="Cast during Combat only. A random card in target Directed Threat to that player's Hand is returned.",
    sanity=-1,
)
TONGUE = spell(
    "Red Tongue",
    text="May only be cast during Combat. Turn the Defending Ally. If it would be Buried, it is Discarded instead.",
    sanity=-1,
)


def test_combat_cards_are_read_by_their_clause():
    from deckbuilder.rules.match.combatcards import DISCARD_INSTEAD, TO_HAND, combat_card

    assert combat_card(BOW) == TO_HAND
    assert combat_card(TONGUE) == DISCARD_INSTEAD
    assert combat_card(spell("Plain", text="A random card in target Directed Threat to that player's Hand.")) == ""
    assert combat_card(DUST) == ""


def test_a_spell_cast_in_combat_sends_a_threat_card_back_to_its_hand():
    # Rulebook l.410: once Monsters and Allies are committed, each player may cast a Spell;
    # this one's text returns a random card of a Directed Threat aimed at the caster to its
    # player's Hand: that card takes no part in the Battle (l.420), nor is it Buried (l.439).
    m = table([LIBER, BOW], [CRAWLER, CRAWLER])
    put(m, 0, "tomes", "Liber")
    put(m, 0, "spells", "Bow Low")
    put(m, 1, "threat", "Crawler")
    put(m, 1, "threat", "Crawler")
    m.stage = COMBAT
    combat(m, [GreedyPlayer(m.seats[0].game, set()), Scripted()])
    a, b = m.players
    assert a.sanity == 15 - 1 - 3  # the Spell's cost, then one Crawler's 3
    assert len(b.hand) == 1 and b.game.title(b.hand[0]) == "Crawler"
    assert "Bow Low" in m.applied[0]
    end_of_combat(m)


def test_a_spell_cast_in_combat_discards_a_defending_ally_instead_of_burying_it():
    # Rulebook l.439: an Ally that absorbed Sanity loss is Buried (in the Story Deck, where it
    # counts for Adventures); the Spell's text Discards it instead.
    for cast in (True, False):
        m = table([LIBER, TONGUE, CRAWLER], [GUARD])
        put(m, 0, "tomes", "Liber")
        if cast:
            put(m, 0, "spells", "Red Tongue")
        put(m, 0, "threat", "Crawler")
        guard = put(m, 1, "allies", "Guard")
        m.stage = COMBAT
        combat(m, [GreedyPlayer(m.seats[0].game, set()), Scripted(defenders=["Guard"])])
        b = m.players[1]
        assert b.sanity == 15 - 2  # the Guard absorbed 1 of the Crawler's 3
        assert (guard in b.discard, guard in b.story) == (cast, not cast)
        assert ("Red Tongue" in m.applied[0]) is cast


SCEPTRE = artifact(
    "Sceptre",
    subtype="Enchanted Weapon",
    value=0,
    text="While the wielder defends, he raises the card value of all other Steadfast Defending Allies by 1 point per card.",
)
SCOUT = ally("Scout")


def test_a_weapon_raises_the_other_defending_allies_of_its_kind():
    # Rulebook l.426: Defending Allies absorb their card value; the Weapon's text raises the
    # other Defending Allies of its kind while its wielder defends (l.191: Ally and Weapon act
    # as one card); it is credited with the point it added.
    from deckbuilder.rules.match.monsters import command_bonus

    assert command_bonus(SCEPTRE) == (1, frozenset({"steadfast"}))
    for armed, lost in ((True, 3), (False, 4)):
        games = [
            Game([ARKHAM_HOUSE, GUARD, SCOUT, SCEPTRE], investigator("Brian", 15, 12), Rules(advanced=True)),
            Game([ARKHAM_HOUSE, CRAWLER, CRAWLER], investigator("Meghan", 15, 10), Rules(advanced=True)),
        ]
        m = new_match(games, seed=3, names=["Brian", "Meghan"])
        for s in m.players:
            s.deck += s.hand
            s.hand = []
        guard = put(m, 0, "allies", "Guard")
        put(m, 0, "allies", "Scout")
        if armed:
            m.players[0].attached[guard] = (put(m, 0, "artifacts", "Sceptre"),)
        put(m, 1, "threat", "Crawler")
        put(m, 1, "threat", "Crawler")
        m.stage = COMBAT
        combat(m, [Scripted(defenders=["Guard", "Scout"]), Scripted()])
        assert m.players[0].sanity == 15 - lost
        assert m.absorbed[0].get("Sceptre", 0) == (1 if armed else 0)


RISE_UP = spell(
    "Rise Up",
    text="When Combat is done, all Allies lost during this round's Combat rise against the Investigator "
    "whose Threat caused it. That Investigator may defend with Allies.",
    sanity=-1,
)


def test_allies_lost_in_combat_rise_against_their_attacker():
    # Rulebook l.426-439: Defending Allies absorb the attack and, having absorbed, are Buried;
    # the Spell's text has them attack first the Investigator whose Threat they defended
    # against, whose Allies may defend (none here): his or her Sanity lost in Combat (l.430).
    from deckbuilder.rules.match.combatcards import RISE, combat_card

    assert combat_card(RISE_UP) == RISE
    for cast, meghans_loss in ((True, 2), (False, 0)):
        m = table([LIBER, RISE_UP, GUARD, SCOUT], [CRAWLER, CRAWLER])
        put(m, 0, "tomes", "Liber")
        if cast:
            put(m, 0, "spells", "Rise Up")
        guard, scout = put(m, 0, "allies", "Guard"), put(m, 0, "allies", "Scout")
        put(m, 1, "threat", "Crawler")
        put(m, 1, "threat", "Crawler")
        m.stage = COMBAT
        combat(m, [GreedyPlayer(m.seats[0].game, set()), Scripted()])
        a, b = m.players
        assert a.sanity == 15 - (6 - 2) - (1 if cast else 0)
        assert b.sanity == 15 - meghans_loss
        assert guard in a.story and scout in a.story  # then Buried (l.439)
        assert ("Rise Up" in m.applied[0]) is cast


AMBUSH = event(
    "Trap",
    text="In the next Combat, if you stand in the same sub-region as opponent's Current Location, and both "
    "Locations have the City attribute, your Allies may attack your opponent as if they were in the same "
    "Location.",
    affects="Affects Combat",
)


class Ambusher(Scripted):
    """Plays its first play, aims its Threat at the next seat and sets every Ally against it."""

    def defend(self, m: Match, seat: int, incoming: list[int]) -> list[int]:
        return [(seat + 1) % m.n] * len(m.players[seat].allies)


def test_an_ambush_makes_neighbours_in_one_city_assault():
    # Rulebook l.428: at the exact same Current Location the Defending Allies attack as well
    # (the Assault); the Event's text grants it to Investigators at City Locations of one
    # subregion (Arkham House and Arkham Sanitarium: both Arkham, both City), in this Round.
    from deckbuilder.rules.match.combatcards import ambush

    assert ambush(AMBUSH)
    assert not ambush(event("Plain", text="Your Allies may attack your opponent as if they were in the same Location."))
    for played, meghans_loss in ((True, 3 + 1), (False, 3)):
        games = [
            Game([ARKHAM_HOUSE, AMBUSH, CRAWLER, GUARD], investigator("Brian", 15, 12), Rules(advanced=True)),
            Game([ARKHAM_SANITARIUM], investigator("Meghan", 15, 10), Rules(advanced=True)),
        ]
        log: list[str] = []
        m = new_match(games, seed=3, names=["Brian", "Meghan"], log=log)
        for s in m.players:
            s.deck += s.hand
            s.hand = []
        put(m, 0, "where", "Arkham House")
        put(m, 1, "where", "Arkham Sanitarium")
        put(m, 0, "allies", "Guard")
        put(m, 0, "threat", "Crawler")
        if played:
            put(m, 0, "hand", "Trap")
            m.to_move = 0
            card_play(
                m,
                next(p for p in legal_plays(m.players[0]) if p.card >= 0 and m.players[0].game.title(p.card) == "Trap"),
            )
        m.stage = COMBAT
        before = m.players[1].sanity  # the Sanitarium's gain on arrival counted
        combat(m, [Ambusher(), Scripted()])
        assert m.players[1].sanity == before - meghans_loss
        assert ("Trap" in m.applied[0]) is played
        # The play-by-play says why Allies fought Allies: the Event, not a shared Location.
        assert any(line.startswith("  Assault by Trap: Brian ") for line in log) is played
        assert not any("Assault at the same Location" in line for line in log)


KEEN = spell(
    "Keen Call",
    text="Cast upon an Ally in your Hand. That Ally may be immediately played, even during Combat.",
    sanity=-1,
)


def test_a_spell_plays_an_ally_from_hand_to_defend_in_combat():
    # Rulebook l.410: Spells are cast once Monsters and Allies are committed; this one's text
    # plays an Ally from hand "even during Combat", and it defends (l.426): it absorbs its value.
    from deckbuilder.rules.match.combatcards import ALLY_NOW, combat_card

    assert combat_card(KEEN) == ALLY_NOW
    m = table([LIBER, KEEN, GUARD], [CRAWLER])
    put(m, 0, "tomes", "Liber")
    put(m, 0, "spells", "Keen Call")
    guard = put(m, 0, "hand", "Guard")
    put(m, 1, "threat", "Crawler")
    m.stage = COMBAT
    combat(m, [GreedyPlayer(m.seats[0].game, set()), Scripted()])
    a = m.players[0]
    assert a.sanity == 15 - 1 - (3 - 1)  # the Spell's cost, the Crawler's 3 less the Guard's 1
    assert guard in a.story  # it absorbed: Buried after Combat (l.439)
    assert "Keen Call" in m.applied[0]


WARPING = spell(
    "Warping",
    text="Place target Ally face-down in his or her Investigator's Threat. The Ally fights as a Monster. "
    "Bury Ally after Combat.",
    sanity=-1,
)


def test_a_spell_puts_an_idle_ally_into_its_players_threat():
    # Rulebook l.395: an Ally in a Threat adds its value and is Buried at the end of Combat; the
    # Spell's text puts an Ally there as a Monster. Meghan has no Threat: Brian's Guard defends
    # no one, and joins his Crawler's attack.
    from deckbuilder.rules.match.combatcards import WARP, combat_card

    assert combat_card(WARPING) == WARP
    for cast, meghans_loss in ((True, 3 + 1), (False, 3)):
        m = table([LIBER, WARPING, CRAWLER, GUARD], [])
        put(m, 0, "tomes", "Liber")
        if cast:
            put(m, 0, "spells", "Warping")
        guard = put(m, 0, "allies", "Guard")
        put(m, 0, "threat", "Crawler")
        m.stage = COMBAT
        combat(m, [GreedyPlayer(m.seats[0].game, set()), Scripted()])
        assert m.players[1].sanity == 15 - meghans_loss
        assert (guard in m.players[0].story) is cast
        assert ("Warping" in m.applied[0]) is cast


POWDER = spell(
    "Dust of Sight", text="Attacking Invisible Monsters are now Visible for the rest of this Round.", sanity=-1
)


def test_a_spell_makes_the_invisible_monsters_attacking_its_player_visible():
    # Rulebook l.288: an Invisible Monster passes Defending Allies without an Enchanted Weapon;
    # the Spell's text makes those attacking its player Visible, so the Guard absorbs (l.426).
    from deckbuilder.rules.match.combatcards import VISIBLE, combat_card

    assert combat_card(POWDER) == VISIBLE
    for cast, brians_loss in ((True, 1 + 2), (False, 3)):
        m = table([LIBER, POWDER, GUARD], [LURKER, ARKHAM_SANITARIUM])
        put(m, 1, "where", "Arkham Sanitarium")  # not Brian's Location: no Assault (l.428)
        put(m, 0, "tomes", "Liber")
        if cast:
            put(m, 0, "spells", "Dust of Sight")
        put(m, 0, "allies", "Guard")
        put(m, 1, "threat", "Lurker")
        m.stage = COMBAT
        combat(m, [GreedyPlayer(m.seats[0].game, set()), Scripted()])
        assert m.players[0].sanity == 15 - brians_loss
        assert ("Dust of Sight" in m.applied[0]) is cast


TURNCOAT = spell(
    "Turncoat",
    text="Cast during Combat only. Target Defending Ally becomes your Defending Ally until Combat ends. Return it "
    "to its owner afterwards.",
    sanity=-1,
)


def test_a_spell_turns_an_opponents_defending_ally_to_defend_its_caster():
    # Rulebook l.406: each player's Allies defend against the Directed Threats aimed at him or
    # her; the Spell's text takes one of Meghan's, which would absorb Brian's attack (l.426),
    # and has it defend Brian for this Combat; unhurt, it goes back to Meghan.
    from deckbuilder.rules.match.combatcards import DEFLECT, combat_card

    assert combat_card(TURNCOAT) == DEFLECT
    for cast, meghans_loss in ((True, 1), (False, 0)):
        m = table([LIBER, TURNCOAT, CRAWLER], [GUARD, SERVANT, ARKHAM_SANITARIUM])
        put(m, 1, "where", "Arkham Sanitarium")  # not Brian's Location: no Assault (l.428)
        put(m, 0, "tomes", "Liber")
        if cast:
            put(m, 0, "spells", "Turncoat")
        put(m, 0, "threat", "Crawler")
        guard = put(m, 1, "allies", "Guard")
        put(m, 1, "threat", "Servant")
        m.stage = COMBAT
        before = m.players[1].sanity
        combat(m, [GreedyPlayer(m.seats[0].game, set()), Scripted(defenders=["Guard"])])
        # The Cosmic Battle: Crawler 3 against Servant 2, 1 point of Brian's left.
        assert m.players[1].sanity == before - meghans_loss
        assert m.players[0].sanity == 15 - (1 if cast else 0)
        assert (guard in m.players[1].allies) is cast  # absorbed the point, else Buried (l.439)
        assert ("Turncoat" in m.applied[0]) is cast


STRONG = spell(
    "Strong Hands", text="Increase the value of one Ally by 2 points for the remainder of this Round.", sanity=-1
)


def test_a_spell_raises_a_defending_allys_value_for_the_round():
    # Rulebook l.426: a Defending Ally absorbs one point per point of its value; the Spell's
    # text raises one Ally's value by 2 for the Round, and is credited with what it added.
    from deckbuilder.rules.match.combatcards import BOOST, boost_points, combat_card

    assert (combat_card(STRONG), boost_points(STRONG)) == (BOOST, 2)
    for cast, brians_loss in ((True, 1 + 0), (False, 2)):
        m = table([LIBER, STRONG, GUARD], [CRAWLER, ARKHAM_SANITARIUM])
        put(m, 1, "where", "Arkham Sanitarium")  # not Brian's Location: no Assault (l.428)
        put(m, 0, "tomes", "Liber")
        if cast:
            put(m, 0, "spells", "Strong Hands")
        put(m, 0, "allies", "Guard")
        put(m, 1, "threat", "Crawler")
        m.stage = COMBAT
        combat(m, [GreedyPlayer(m.seats[0].game, set()), Scripted()])
        assert m.players[0].sanity == 15 - brians_loss
        assert m.absorbed[0].get("Strong Hands", 0) == (2 if cast else 0)
