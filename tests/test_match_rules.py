"""What opponents' cards do in a match (issue 23): Events and Phobias played on an opponent.
Each rule's test cites its line of ../shared/seeds/new-aeon-rulebook.txt ("rulebook l.N").
The cards are real ones, read from ../shared/mythos-data; the tests skip cleanly without it."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from support.match import CARDS, Scripted, at, put, two_players

from deckbuilder.rules.cards import Card
from deckbuilder.rules.engine import Play, PlayKind, legal_plays
from deckbuilder.rules.match import COMBAT, DISCARD, GreedyPlayer, Match, card_play, combat, finish_round, step
from deckbuilder.rules.match.opponents import LOSE_IF_TIME, ON_PLAY, not_read, opponent_effects
from deckbuilder.rules.match.table import discard_phase


@pytest.fixture(scope="module")
def by_title(gccg_cards) -> dict[str, Card]:
    """The real pool's cards by title (the first printing of each title)."""
    cards: dict[str, Card] = {}
    for card in gccg_cards:
        cards.setdefault(card.title, card)
    return cards


#: The Events aimed at an opponent under test, twice each (l.367 is tried with two copies).
EVENTS = [
    "Thieves in your Attic",
    "Amnesia",
    "Harvey Reginald Opens Fire",
    "Thaasophobia",
    "Hydrophobia",
    "Police Investigation",
    "Townsfolk Riot",
    "Obsessive/Compulsive",
    "Typhoid",
    "Nemesis",
    "Swarm of Insects",
    "Christchurch Cemetery",
] * 2


def table(by_title) -> Match:
    """Two players, every card in the Mythos Deck: each test puts in play what it needs."""
    m = two_players(by_title, CARDS + EVENTS, CARDS + EVENTS)
    for s in m.players:
        s.deck += s.hand
        s.hand = []
    return m


class Playing(Scripted):
    """Plays the Event titled ``title`` when offered (else Passes), and notes what it was offered."""

    def __init__(self, title: str) -> None:
        super().__init__()
        self.title = title
        self.offered: list[str] = []

    def choose(self, m: Match, seat: int, plays: list[Play]) -> Play:
        g = m.players[seat].game
        events = [p for p in plays if p.kind is PlayKind.EVENT and g.title(p.card) == self.title]
        self.offered.append(self.title if events else "")
        return events[0] if events else next(p for p in plays if p.kind is PlayKind.PASS)


def play_event(m: Match, title: str, others: Sequence[Scripted] = ()) -> Playing:
    """Gives seat 0 the Turn and lets it play ``title`` from its Hand if it may."""
    m.to_move = 0
    player = Playing(title)
    step(m, [player, *(others or [Scripted()])])
    return player


def test_an_event_buries_a_random_artifact_of_the_opponent(by_title):
    # Rulebook l.202: "Each effect is applied as described in the card's special effect box":
    # Thieves in your Attic has the opponent Bury a random Artifact (not a Tome).
    m = table(by_title)
    at(m, 0, "Arkham Sanitarium")
    put(m, 0, "hand", "Thieves in your Attic")
    knife = put(m, 1, "artifacts", "Enchanted Knife")
    play_event(m, "Thieves in your Attic")
    b = m.players[1]
    assert knife not in b.artifacts
    assert b.story[0] == knife  # Buried: the bottom of the Story Deck
    assert m.applied[0] == {"Thieves in your Attic"}


def test_an_event_that_takes_an_artifact_needs_an_opponent_with_one(by_title):
    # Rulebook l.202: "An Event that requires a target must have a legitimate target in order to be played."
    m = table(by_title)
    at(m, 0, "Arkham Sanitarium")
    put(m, 0, "hand", "Thieves in your Attic")
    player = play_event(m, "Thieves in your Attic")
    assert player.offered == [""]


def test_an_event_discards_a_random_card_of_the_opponents_hand(by_title):
    # Rulebook l.202: Amnesia has the opponent Discard a random card of the Hand.
    m = table(by_title)
    at(m, 0, "Arkham Sanitarium")
    put(m, 0, "hand", "Amnesia")
    put(m, 1, "hand", "Mi-Go")
    put(m, 1, "hand", "Vampire")
    play_event(m, "Amnesia")
    b = m.players[1]
    assert len(b.hand) == 1
    assert [b.game.title(c) for c in b.discard] in (["Mi-Go"], ["Vampire"])


def test_an_event_buries_an_ally_of_up_to_its_points(by_title):
    # Rulebook l.202: Harvey Reginald Opens Fire Buries an Ally of up to 2 points (the Weapon's
    # value left out), never a stronger one; l.191: the Weapon goes with its Ally.
    m = table(by_title)
    at(m, 0, "Arkham Sanitarium")
    put(m, 0, "hand", "Harvey Reginald Opens Fire")
    put(m, 1, "allies", "Dr. Allen")
    b = m.players[1]
    values = {b.game.title(a): m.seats[1].combat[a].value for a in b.allies}
    play_event(m, "Harvey Reginald Opens Fire")
    kept = {b.game.title(a) for a in b.allies}
    assert kept == ({"Dr. Allen"} if values["Dr. Allen"] > 2 else set())


def test_a_phobia_stays_on_its_target_and_strikes_when_he_or_she_passes(by_title):
    # Thaasophobia: the opponent loses 1 Sanity when he or she Passes; a Phobia stays on the
    # Investigator it afflicts (rulebook l.210: removed, its player Buries it), so it is not in
    # its player's Story Deck while it does.
    m = table(by_title)
    at(m, 0, "Arkham Sanitarium")
    phobia = put(m, 0, "hand", "Thaasophobia")
    mine = m.players[0].sanity
    play_event(m, "Thaasophobia")
    assert m.afflicted[1] == [(0, phobia)]
    assert phobia not in m.players[0].story
    assert m.to_move == 1
    before = m.players[1].sanity
    card_play(m, Play(PlayKind.PASS))
    assert m.players[1].sanity == before - 1
    card_play(m, Play(PlayKind.PASS))
    assert m.players[0].sanity == mine  # the player who played it is not afflicted


def test_one_event_of_a_title_per_investigator(by_title):
    # Rulebook l.367: "each Investigator may be affected by only one card of any specifically
    # titled Event at a time": a second Thaasophobia has no legitimate target (l.202).
    m = table(by_title)
    at(m, 0, "Arkham Sanitarium")
    a = m.players[0]
    copies = [c for c in a.deck if a.game.title(c) == "Thaasophobia"]
    for c in copies:
        a.deck.remove(c)
    a.hand += copies
    assert len(copies) == 2
    assert play_event(m, "Thaasophobia").offered == ["Thaasophobia"]
    assert play_event(m, "Thaasophobia").offered == [""]


@pytest.mark.parametrize("water", [True, False])
def test_a_phobia_of_a_place_strikes_at_once_and_each_turn_there(by_title, water):
    # Hydrophobia: 1 Sanity lost if the target stands at a Water Location now, and at the
    # beginning of each Turn there (rulebook l.202: the effect box as written).
    m = table(by_title)
    at(m, 0, "Arkham Sanitarium")
    at(m, 1, "Arkham Sanitarium" if water else "DBZ Spacelab")  # Water, or not
    put(m, 0, "hand", "Hydrophobia")
    before = m.players[1].sanity
    play_event(m, "Hydrophobia")
    assert m.players[1].sanity == before - water
    step(m, [Scripted(), Scripted()])  # the target's Turn begins
    assert m.players[1].sanity == before - 2 * water


def test_what_is_not_read_is_named(by_title):
    # The ledger says per card what of its effect on the opponent is not played.
    assert not_read(by_title["Thieves in your Attic"]) == ""
    # Day and Night, the table's (rulings l.35): at once if it is Day, and on each Day Event.
    assert opponent_effects(by_title["Eosophobia"]) == ((LOSE_IF_TIME, 1, "day"), (ON_PLAY, 1, "any:day"))
    assert not_read(by_title["Eosophobia"]) == ""
    assert not_read(by_title["Dysentery"]) == ""  # Allies flipped face-down, the subregion's too
    # The Bury, and the Night's Discard instead Outside or in the Country.
    assert not_read(by_title["Highway Robbery"]) == ""
    assert not_read(by_title["Arkham Sanitarium"]) == ""


def next_round(m: Match) -> None:
    """Plays the Round out with greedy players, Combat and the Discard phase included."""
    greedy = [GreedyPlayer(s.game, set()) for s in m.players]
    finish_round(m, greedy)
    assert m.stage == DISCARD
    discard_phase(m, greedy)


def test_police_investigation_confiscates_four_cards_at_the_next_round(by_title):
    # The Event waits on the beginning of the next Round (rulebook l.206: "Some remain in effect
    # until ..."): four cards of the target's refilled Hand are Discarded, then its player Buries it.
    m = table(by_title)
    at(m, 0, "Arkham Sanitarium")
    police = put(m, 0, "hand", "Police Investigation")
    put(m, 1, "hand", "Mi-Go")  # l.202: it affects the opponent's Hand, which must hold a card
    play_event(m, "Police Investigation")
    assert m.afflicted[1] == [(0, police)]
    next_round(m)
    assert m.round == 2
    b = m.players[1]
    assert len(b.hand) == b.game.hand_size - 4
    assert m.afflicted[1] == []
    assert m.players[0].story[0] == police  # l.210: Buried by the player who played it


def test_a_phobia_of_each_round_costs_sanity_and_reshuffles(by_title):
    # Obsessive/Compulsive: at the beginning of each Round, 1 Sanity lost and the Discards
    # shuffled into the Mythos Deck.
    m = table(by_title)
    at(m, 0, "Arkham Sanitarium")
    put(m, 0, "hand", "Obsessive/Compulsive")
    play_event(m, "Obsessive/Compulsive")
    b = m.players[1]
    greedy = [GreedyPlayer(s.game, set()) for s in m.players]
    finish_round(m, greedy)
    before = b.sanity
    discard_phase(m, greedy)
    assert m.round == 2
    assert b.discard == []
    assert b.sanity <= before - 1


@pytest.mark.parametrize("moves", [True, False])
def test_townsfolk_riot_attacks_unless_the_target_moves(by_title, moves):
    # Townsfolk Riot: on the next Turn the target plays a new Location or Travel Event, or
    # suffers an attack of 5 (Allies may defend: here none).
    m = table(by_title)
    at(m, 0, "Arkham Sanitarium")
    at(m, 1, "Arkham Sanitarium")
    put(m, 0, "hand", "Townsfolk Riot")
    put(m, 1, "hand", "Chapman Farmhouse")
    play_event(m, "Townsfolk Riot")
    b = m.players[1]
    before = b.sanity
    walk = next(p for p in legal_plays(b) if p.kind is PlayKind.LOCATION)
    m.log = []
    card_play(m, walk if moves else Play(PlayKind.PASS))
    attacked = [line for line in m.log if "Townsfolk Riot attacks" in line]
    assert len(attacked) == (0 if moves else 1)
    if not moves:
        assert b.sanity == before - 5
    assert m.afflicted[1] == []  # Buried after the Turn, whatever was played


@pytest.mark.parametrize("same_city", [True, False])
def test_typhoid_strikes_every_investigator_in_the_targets_city(by_title, same_city):
    # Typhoid: half (round up) of the target's Allies Buried, and any other player in the same
    # City alike (the player who played it included: "any other players").
    m = table(by_title)
    at(m, 0, "Arkham Sanitarium" if same_city else "DBZ Spacelab")
    at(m, 1, "Arkham Sanitarium")
    put(m, 0, "hand", "Typhoid")
    put(m, 0, "allies", "Dr. Allen")
    put(m, 1, "allies", "Dr. Allen")
    play_event(m, "Typhoid")
    assert m.players[1].allies == []
    assert len(m.players[0].allies) == (0 if same_city else 1)


def test_an_event_on_all_investigators_strikes_its_player_too(by_title):
    # "Affects All Investigators": Nemesis costs any Investigator 1 Sanity on each Pass while in
    # play, the one who played it included.
    m = table(by_title)
    at(m, 0, "Arkham Sanitarium")
    put(m, 0, "hand", "Nemesis")
    play_event(m, "Nemesis")
    assert m.players[0].events  # it stays in play
    for seat in (1, 0):
        assert m.to_move == seat
        before = m.players[seat].sanity
        card_play(m, Play(PlayKind.PASS))
        assert m.players[seat].sanity == before - 1


@pytest.mark.parametrize("outside", [True, False])
def test_an_event_on_all_investigators_at_a_kind_of_location(by_title, outside):
    # "Affects All Investigators": Swarm of Insects costs every Investigator at an Outside
    # Location 1 Sanity when played, the one who played it included, nobody Inside.
    m = table(by_title)
    here = "Christchurch Cemetery" if outside else "Arkham Sanitarium"
    at(m, 0, here)
    at(m, 1, here)
    put(m, 0, "hand", "Swarm of Insects")
    before = [s.sanity for s in m.players]
    player = play_event(m, "Swarm of Insects")
    assert player.offered == ["Swarm of Insects"]
    assert [s.sanity for s in m.players] == [b - outside for b in before]


def test_a_turn_at_a_location_that_lifts_phobias_buries_one(by_title):
    # Rulebook l.351: "TAKE ANY ONE CARD ACTION requiring a Turn (i.e., Bury a Phobia at an
    # appropriate Location)"; l.356 (Meghan at the Vatican): the burying costs the Turn; l.210:
    # the player who played the Phobia Buries it in his or her own Story Deck.
    m = table(by_title)
    at(m, 0, "Arkham Sanitarium")
    at(m, 1, "Christchurch Cemetery")  # "Remain here for a Turn and Bury one Phobia"
    phobia = put(m, 0, "hand", "Thaasophobia")
    play_event(m, "Thaasophobia")
    assert m.afflicted[1] == [(0, phobia)]
    m.log = []
    step(m, [Scripted(), Scripted()])  # Meghan's Turn
    assert m.afflicted[1] == []
    assert m.players[0].story[0] == phobia
    assert m.to_move == 0  # the Turn is spent
    assert "  Meghan stays at Christchurch Cemetery and buries Thaasophobia" in m.log


def test_a_location_that_lifts_phobias_is_no_use_without_one(by_title):
    # With no Phobia on the Investigator, the Turn is the player's own to play (l.351 needs one).
    m = table(by_title)
    at(m, 1, "Christchurch Cemetery")
    m.to_move = 1
    step(m, [Scripted(), Scripted()])
    assert m.pending == 1  # Scripted Passes: the Turn was played, not spent burying


class Arming(Scripted):
    """Places every Ally bearing an Enchanted Weapon atop the Threat against the next seat."""

    def defend(self, m: Match, seat: int, incoming: list[int]) -> list[int]:
        return [-2 - (seat + 1) % m.n for _ in m.players[seat].allies]


def test_an_ally_with_an_enchanted_weapon_joins_a_directed_threat(by_title):
    # Rulebook l.193, l.395: an Ally bearing an Enchanted Weapon may be placed atop a Directed
    # Threat (or make one), adding its value and its Weapon's; it is Buried at the end of Combat.
    m = table(by_title)
    ally = put(m, 0, "allies", "Albert Shiny")
    knife = put(m, 0, "artifacts", "Enchanted Knife", holder="Albert Shiny")
    value = m.seats[0].combat[ally].value + m.seats[0].combat[knife].value
    before = m.players[1].sanity
    m.log = []
    m.stage = COMBAT
    combat(m, [Arming(), Scripted()])
    assert m.players[1].sanity == before - value
    a = m.players[0]
    assert ally not in a.allies and knife not in a.artifacts
    assert a.story[:2] == [ally, knife]  # Buried, the Weapon with its Ally (l.191)


def test_an_ally_without_an_enchanted_weapon_stays_out_of_the_threat(by_title):
    # Rulebook l.193: only an Ally bearing an Enchanted Weapon may join a Threat.
    m = table(by_title)
    ally = put(m, 0, "allies", "Albert Shiny")
    before = m.players[1].sanity
    m.stage = COMBAT
    combat(m, [Arming(), Scripted()])
    assert m.players[1].sanity == before
    assert ally in m.players[0].allies


def test_the_real_yak_and_green_mist_read(by_title):
    # The Yak: a Travel Event one may remain on, as the Turn, to Bury a Phobia (rulings l.65: it
    # is the Current Location); the Zebra (Travel by Land too) lifts none. The Spell Green Mist
    # of Doom: the opponent's Current Location Buried by Day, Discarded by Night.
    from deckbuilder.rules.match.opponents import LOSE_LOCATION, lifts_phobia, used_on_opponent

    assert lifts_phobia(by_title["Yak"]) and not lifts_phobia(by_title["Zebra"])
    assert used_on_opponent(by_title["Green Mist of Doom"]) == ((LOSE_LOCATION, 1, "@night"),)
