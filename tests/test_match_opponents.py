"""What opponents' Events do at the table, the families read since the first round (issue 23):
a play cancelled, a Current Location lost, a Story Deck shaken to its next Location, Phobias that
strike on a kind of play, and a Mythos Deck worn down each Turn. Each cites the rulebook line it
follows ("rulebook l.N"). The cards are built here in our own words around the clause the
reader keys on (rules/match/opponents.py), never a card's text."""

from __future__ import annotations

from support.engine import BOSTON_LIBRARY, DUNWICH_FARM, ally, artifact, event, tome
from support.match import Scripted, brian_and_meghan, take

from deckbuilder.rules.engine import Mode, Play, PlayKind, legal_plays
from deckbuilder.rules.engine.locations import arrive_at, walk_to
from deckbuilder.rules.match import Match, card_play, step
from deckbuilder.rules.match.opponents import not_read

THEIR_PLAY = "Affects Opponent's Card Play"
SCHOLAR = ally("Scholar", sanity=-2)
LIBER = tome("Liber", languages=("English",))
LAMP = artifact("Lamp")
UNDONE = event(
    "Undone", text="Your opponent Buries the card(s) that were just played, then thinks again.", affects=THEIR_PLAY
)
FLOOD = event(
    "Flood",
    text="The opponent must Discard his or her Current Location if it features the Water attribute; otherwise Bury it.",
    affects="Affects Opponent's Current Location",
)
QUAKE = event(
    "Quake",
    text="Take the top card of your opponent's Story Deck, and Bury it; a card not a Location, Bury it also, "
    "until a Location is revealed.",
    affects="Affects Opponent's Story Deck",
)
GERMS = event(
    "Germs",
    "Phobia",
    text="Lose 1 Sanity point if you or your Allies have a Weapon, Tome, or Artifact when this card is played, "
    "and each time you play an Artifact, Tome or Weapon card.",
    affects="Affects Opponent's Investigator",
)
STALKER = event(
    "Stalker",
    text="Target Discards his or her top Mythos Deck card at the beginning of each Turn; then bury this card, "
    "once the target plays a Travel Event or arrives at a Location in a different subregion.",
    affects="Affects Opponent's Mythos Deck",
)


table = brian_and_meghan


class Playing(Scripted):
    """Plays the card titled ``title`` if offered, else Passes; notes whether it was offered."""

    def __init__(self, title: str) -> None:
        super().__init__()
        self.title = title
        self.offered = False

    def choose(self, m: Match, seat: int, plays: list[Play]) -> Play:
        g = m.players[seat].game
        mine = [p for p in plays if p.card >= 0 and g.title(p.card) == self.title and p.kind is not PlayKind.DISCARD]
        self.offered = bool(mine)
        return mine[0] if mine else next(p for p in plays if p.kind is PlayKind.PASS)


def plays(m: Match, seat: int, title: str) -> Playing:
    """Gives ``seat`` the Turn and lets it play ``title`` (from its Hand) if it may."""
    m.to_move = seat
    player = Playing(title)
    step(m, [player, player])
    return player


def test_an_event_buries_the_card_just_played_and_its_cost_is_undone():
    # Rulebook l.202: the Event's effect as its box says: the card(s) just played are Buried (the
    # bottom of the Story Deck, l.506), their effects ignored: Meghan's 2 Sanity for the Scholar back.
    m = table([UNDONE], [SCHOLAR])
    brian, meghan = m.players
    brian.hand.append(take(m, 0, "Undone"))
    scholar = take(m, 1, "Scholar")
    meghan.hand.append(scholar)
    assert plays(m, 1, "Scholar").offered and meghan.sanity == 13 and scholar in meghan.allies
    assert plays(m, 0, "Undone").offered
    assert scholar not in meghan.allies and meghan.story[0] == scholar and meghan.sanity == 15
    assert "Undone" in m.applied[0]


class Joining(Scripted):
    """Plays the first two Allies that Join, as one play (rulebook l.359), else Passes."""

    def choose(self, m: Match, seat: int, plays: list[Play]) -> Play:
        return next((p for p in plays if p.kind is PlayKind.ALLY and p.joined), plays[-1])


def test_allies_that_joined_are_one_play_and_an_event_buries_both():
    # Rulebook l.178, l.359: two Allies that Join are played at the same time, as one play; l.202:
    # the Event's card(s) just played are Buried, both of them (l.506: the bottom of the Story
    # Deck), and Meghan's Sanity is as before the play.
    poet = ally("Old Poet", sanity=-1, text="Joins with Young Muse.")
    muse = ally("Young Muse", sanity=-1)
    m = table([UNDONE], [poet, muse])
    brian, meghan = m.players
    brian.hand.append(take(m, 0, "Undone"))
    pair = [take(m, 1, "Old Poet"), take(m, 1, "Young Muse")]
    meghan.hand += pair
    m.to_move = 1
    step(m, [Joining(), Joining()])
    assert sorted(meghan.allies) == sorted(pair) and meghan.sanity == 13 and m.to_move == 0
    assert plays(m, 0, "Undone").offered
    assert meghan.allies == [] and sorted(meghan.story[:2]) == sorted(pair) and meghan.sanity == 15


def test_an_event_that_cancels_needs_a_card_just_played():
    # Rulebook l.202: an Event that requires a target must have a legitimate one: after a Pass
    # nothing was just played.
    m = table([UNDONE], [SCHOLAR])
    m.players[0].hand.append(take(m, 0, "Undone"))
    plays(m, 1, "nothing")  # Meghan Passes
    assert not plays(m, 0, "Undone").offered


def test_the_current_location_is_discarded_at_water_else_buried():
    # Rulebook l.202; the Investigator then stands at the Location below (the Current Location is
    # the Location on top of the Story Deck, l.518).
    m = table([FLOOD, FLOOD], [DUNWICH_FARM])
    brian, meghan = m.players
    farm = take(m, 1, "Dunwich Farm")
    house = meghan.where
    meghan.story.remove(house)
    meghan.story.insert(0, house)  # Dunwich Farm arrived at after Arkham House
    arrive_at(meghan, farm)
    brian.hand += [take(m, 0, "Flood"), take(m, 0, "Flood")]
    assert plays(m, 0, "Flood").offered
    # Dunwich Farm is not by the water: Buried; Meghan stands at Arkham House again.
    assert meghan.where == house and meghan.story == [farm, house] and meghan.mode is Mode.AT
    m.afflicted = [[], []]
    plays(m, 0, "Flood")
    # Arkham House is by the water: Discarded; Dunwich Farm, Buried below, is where she stands.
    assert house in meghan.discard and meghan.where == farm and meghan.story == [farm]


def test_a_quake_buries_the_story_deck_down_to_its_next_location():
    m = table([QUAKE], [DUNWICH_FARM])
    brian, meghan = m.players
    farm = take(m, 1, "Dunwich Farm")
    house = meghan.where
    filler = take(m, 1, "Filler Storm")
    meghan.story[:] = [farm, filler, house]
    meghan.gate_used = True
    brian.hand.append(take(m, 0, "Quake"))
    assert plays(m, 0, "Quake").offered
    assert meghan.story == [filler, house, farm] and meghan.where == farm
    assert not meghan.gate_used  # "may use Gate": the Location revealed, its Gate free


def test_a_phobia_strikes_at_once_and_at_each_play_of_its_kind():
    # Rulebook l.210: a Phobia stays on its target; this one strikes now (the target holds a Tome)
    # and each time he or she plays an Artifact or Tome.
    m = table([GERMS], [LIBER, LAMP])
    brian, meghan = m.players
    meghan.tomes.append(take(m, 1, "Liber"))
    brian.hand.append(take(m, 0, "Germs"))
    plays(m, 0, "Germs")
    assert meghan.sanity == 14 and m.afflicted[1]
    meghan.hand.append(take(m, 1, "Lamp"))
    assert plays(m, 1, "Lamp").offered
    assert meghan.sanity == 13


def test_a_stalker_discards_the_top_card_each_turn_until_the_target_moves_away():
    m = table([STALKER], [BOSTON_LIBRARY])
    brian, meghan = m.players
    brian.hand.append(take(m, 0, "Stalker"))
    library = take(m, 1, "Boston Library")
    plays(m, 0, "Stalker")
    top = meghan.deck[-1]
    walk_to(meghan, library)  # walking to Boston: her next Turn may turn the Library upright
    m.to_move = 1
    rotate = next(p for p in legal_plays(meghan) if p.kind is PlayKind.ROTATE)
    card_play(m, rotate)  # not step(): the Turn's beginning is tried below
    assert m.afflicted[1] == []  # arrived in another subregion: the Stalker leaves (Buried by Brian)
    assert top in meghan.deck


def test_a_stalker_discards_the_top_card_at_the_beginning_of_each_turn():
    m = table([STALKER], [])
    brian, meghan = m.players
    brian.hand.append(take(m, 0, "Stalker"))
    plays(m, 0, "Stalker")
    top = meghan.deck[-1]
    plays(m, 1, "nothing")
    assert top in meghan.discard and m.afflicted[1]


def test_the_families_are_read_clause_by_clause():
    # A clause read leaves only lead-in words; any other words are named, so the ledger says
    # what is not played (here Undone's "then thinks again", which is nothing to play).
    assert [not_read(c) for c in (FLOOD, QUAKE, GERMS, STALKER)] == [""] * 4
    assert not_read(UNDONE) == "partly read: not read 'thinks again'"


MADNESS = event(
    "Madness",
    text="A random Steadfast Ally of the chosen opponent goes mad; that Ally immediately attacks his or her "
    "Investigator (unaffected Allies of that opponent may Defend). Then return the affected Ally to that "
    "Investigator's side.",
    affects="Affects Opponent's Steadfast Ally",
)
SWARM = event(
    "Swarm",
    text="The opposing Investigator with the highest Sanity (high Education if tied) must either Bury all Allies "
    "in play lacking the Dreamer attribute, or spend 3 points of Sanity to keep them.",
    affects="Affects Opponent's Investigator",
)
MIRROR = event(
    "Mirror",
    text="Any one Phobia currently affecting your Investigator is redirected against the opponent of your choice.",
    affects="Affects Opponent's Phobia",
)
BIG = ally("Big Friend", sanity=None)
DREAMER = ally("Dreamer Friend", attrs=("Steadfast", "Dreamer"))


def test_a_steadfast_ally_goes_mad_and_attacks_its_own_investigator():
    # Rulebook l.202; the other Allies defend as in Combat (l.426), one that absorbs is Buried (l.439).
    m = table([MADNESS, MADNESS], [SCHOLAR, DREAMER])
    brian, meghan = m.players
    scholar, dreamer = take(m, 1, "Scholar"), take(m, 1, "Dreamer Friend")
    meghan.allies.append(scholar)
    brian.hand += [take(m, 0, "Madness"), take(m, 0, "Madness")]
    assert plays(m, 0, "Madness").offered
    assert meghan.sanity == 14 and meghan.allies == [scholar]  # alone: its 1 point on Meghan, then back
    meghan.allies.append(dreamer)
    assert plays(m, 0, "Madness").offered
    assert meghan.sanity == 14  # the other Ally absorbs the 1 point and is Buried
    assert len(meghan.allies) == 1 and meghan.story[0] in (scholar, dreamer)


def test_the_highest_sanity_buries_allies_or_pays_to_keep_them():
    # The card names its target: the opponent with the highest Sanity. Meghan's Allies lacking the
    # Dreamer attribute are worth 1: not worth 3 Sanity, so Buried; the Dreamer stays.
    m = table([SWARM], [SCHOLAR, DREAMER])
    brian, meghan = m.players
    scholar, dreamer = take(m, 1, "Scholar"), take(m, 1, "Dreamer Friend")
    meghan.allies += [scholar, dreamer]
    brian.hand.append(take(m, 0, "Swarm"))
    assert plays(m, 0, "Swarm").offered
    assert meghan.allies == [dreamer] and meghan.story[0] == scholar and meghan.sanity == 15


def test_a_phobia_on_the_player_is_redirected_to_an_opponent():
    m = table([MIRROR, GERMS], [GERMS])
    brian, meghan = m.players
    germs = take(m, 1, "Germs")
    brian.hand.append(take(m, 0, "Mirror"))
    assert not plays(m, 0, "Mirror").offered  # no Phobia on Brian: no target (l.202)
    m.afflicted[0].append((1, germs))  # Meghan's Phobia on Brian
    assert plays(m, 0, "Mirror").offered
    assert m.afflicted == [[], [(1, germs)]]


def test_the_new_families_are_read_whole():
    assert [not_read(c) for c in (MADNESS, SWARM, MIRROR)] == ["", "", ""]


TRADER = ally(
    "Road Trader", text="You may Bury Road Trader instead of paying the Sanity cost for playing one Artifact."
)
DEAR_LAMP = artifact("Dear Lamp", sanity=-3)


class PayingWithAlly(Scripted):
    """Plays the Dear Lamp by Burying the Ally that pays for it."""

    def choose(self, m: Match, seat: int, plays: list[Play]) -> Play:
        g = m.players[seat].game
        return next(p for p in plays if p.card >= 0 and g.title(p.card) == "Dear Lamp" and p.joined)


def test_an_artifact_paid_for_by_an_ally_and_undone_leaves_the_ally_buried_once():
    # Rulebook l.202: the card just played is Buried (l.506) and its cost undone; the Ally that
    # paid it was Buried by the play itself (l.191) and stays in the Story Deck, once.
    m = table([UNDONE], [TRADER, DEAR_LAMP])
    brian, meghan = m.players
    brian.hand.append(take(m, 0, "Undone"))
    trader = take(m, 1, "Road Trader")
    meghan.allies.append(trader)
    lamp = take(m, 1, "Dear Lamp")
    meghan.hand.append(lamp)
    m.to_move = 1
    step(m, [PayingWithAlly(), PayingWithAlly()])
    assert lamp in meghan.artifacts and trader not in meghan.allies and meghan.story.count(trader) == 1
    assert plays(m, 0, "Undone").offered
    assert lamp not in meghan.artifacts and meghan.story.count(lamp) == 1
    assert meghan.story.count(trader) == 1 and meghan.sanity == 15
