"""A Location's lost Turn or an Ally Buried instead (issue 23): which the greedy players choose,
alone and at the table. Cards from the engine tests' builders (test wording, not the cards')."""

from __future__ import annotations

import dataclasses

from support.engine import ally, artifact, do, location, monster, setup, spell, tome

from deckbuilder.rules.cards import Card
from deckbuilder.rules.engine import PlayKind, describe, legal_plays
from deckbuilder.rules.goldfish import GreedyPolicy
from deckbuilder.rules.match import GreedyPlayer

SHRINE = location("Hill Shrine", text="You must either Bury a Steadfast Ally or remain here for an additional Turn.")
STREET = location("Plain Street", attrs=("City", "Artifact"))


def _choices(guard: Card, holding: Card | None = None) -> tuple[str, str]:
    """On Plain Street with ``guard`` in play (holding ``holding``) and the Shrine in hand: what
    the match's greedy player plays, then the goldfish's, when the deck's Adventures need the
    Shrine."""
    hand = [STREET, guard, SHRINE] + ([holding] if holding else [])
    s = do(setup(hand, sanity=12), "Play Plain Street")
    s = do(s, f"Play {guard.title}")
    if holding is not None:
        s = do(s, f"Play {holding.title} to {guard.title}")
    plays = [p for p in legal_plays(s) if p.card >= 0 and s.game.title(p.card) == "Hill Shrine"]
    needed = {"hill shrine"}
    match = GreedyPlayer(s.game, needed).inner.choose(s, plays)
    goldfish = GreedyPolicy(s.game, needed).choose(s, plays)
    return describe(s, match), describe(s, goldfish)


def test_an_ally_with_nothing_to_do_is_buried_rather_than_a_turn_lost():
    # Rulebook l.62: a Buried Ally counts on for Adventures; the goldfish keeps its Turn.
    buried = "Play Hill Shrine, Burying Dock Guard instead of losing a Turn"
    assert _choices(ally("Dock Guard")) == (buried, buried)


def test_an_ally_holding_a_weapon_stays_and_the_turn_is_lost():
    # Rulebook l.191: a Weapon would be Buried with its Ally.
    blade = artifact("Old Cutlass", subtype="Weapon", value=2)
    assert _choices(ally("Dock Guard"), blade) == ("Play Hill Shrine",) * 2


def test_in_matches_an_ally_that_defends_well_stays():
    # Rulebook l.406, l.426: a Defending Ally absorbs its value; one worth 3 is kept at the table.
    strong = dataclasses.replace(ally("Dock Guard"), value=3)
    match, goldfish = _choices(strong)
    assert match == "Play Hill Shrine"
    assert goldfish == "Play Hill Shrine, Burying Dock Guard instead of losing a Turn"


# An Ally whose card lets it be Buried instead of paying the Sanity cost of an Artifact played
# (test wording, not the card's).
PEDDLER = ally(
    "Road Trader", text="You may Bury Road Trader instead of paying the Sanity cost for playing one Artifact."
)
LAMP = artifact("Brass Lamp", sanity=-3)


def test_an_artifact_may_be_paid_for_by_burying_the_ally_that_allows_it():
    # Rulebook l.62: the Buried Ally goes to the Story Deck and counts on for Adventures.
    s = do(setup([STREET, PEDDLER, LAMP], sanity=12), "Play Plain Street")
    s = do(s, "Play Road Trader")
    before = s.sanity
    paid = do(s, "Play Brass Lamp, Burying Road Trader instead of paying its Sanity")
    assert paid.sanity == before
    assert s.game.title(paid.story[0]) == "Road Trader"
    assert [s.game.title(c) for c in paid.artifacts] == ["Brass Lamp"]
    assert not paid.allies
    full = do(s, "Play Brass Lamp")
    assert full.sanity == before - 3
    assert [s.game.title(c) for c in full.allies] == ["Road Trader"]


def test_an_ally_without_those_words_offers_no_such_play():
    s = do(setup([STREET, ally("Dock Guard"), LAMP], sanity=12), "Play Plain Street")
    s = do(s, "Play Dock Guard")
    assert not [p for p in legal_plays(s) if "instead of paying" in describe(s, p)]


def test_an_artifact_beyond_the_sanity_left_is_played_only_by_burying_the_ally():
    # Rulebook l.124: a Sanity cost is paid whole or the card is not played; 2 cannot pay 3.
    s = do(setup([STREET, PEDDLER, LAMP], sanity=2), "Play Plain Street")
    s = do(s, "Play Road Trader")
    lamp = sorted(describe(s, p) for p in legal_plays(s) if p.card >= 0 and s.game.title(p.card) == "Brass Lamp")
    assert lamp == ["Play Brass Lamp, Burying Road Trader instead of paying its Sanity"]


def _lamp_choices(sanity: int, trader: Card = PEDDLER) -> tuple[str, str]:
    """With the Road Trader in play on Plain Street: how the match's greedy player, then the
    goldfish's, play the Brass Lamp the deck's Adventures need."""
    s = do(setup([STREET, trader, LAMP], sanity=sanity), "Play Plain Street")
    s = do(s, "Play Road Trader")
    plays = [p for p in legal_plays(s) if p.card >= 0 and s.game.title(p.card) == "Brass Lamp"]
    needed = {"brass lamp"}
    return describe(s, GreedyPlayer(s.game, needed).inner.choose(s, plays)), describe(
        s, GreedyPolicy(s.game, needed).choose(s, plays)
    )


PAID_BY_TRADER = "Play Brass Lamp, Burying Road Trader instead of paying its Sanity"


def test_a_spare_ally_is_buried_rather_than_sanity_paid():
    # Rulebook l.62: the Buried Ally counts on for Adventures; the Sanity is kept.
    assert _lamp_choices(12) == (PAID_BY_TRADER, PAID_BY_TRADER)


def test_in_matches_a_trader_that_defends_well_stays_while_sanity_can_pay():
    # Rulebook l.406, l.426: a Defending Ally worth 2 absorbs 2; with 12 Sanity the match's
    # player pays 3 and keeps it, the goldfish (no Combat) Buries it.
    strong = dataclasses.replace(PEDDLER, value=2)
    assert _lamp_choices(12, strong) == ("Play Brass Lamp", PAID_BY_TRADER)
    # With 5 Sanity, paying 3 would leave fewer than 3 (goldfish rule 6): the Ally pays.
    assert _lamp_choices(5, strong) == (PAID_BY_TRADER, PAID_BY_TRADER)


# An Ally whose card lets it be Buried instead of paying the Sanity cost of one card played to the
# Threat (test wording around the clause the reader keys on, not the card's).
TRACKER = ally(
    "Trail Tracker",
    text="You may Bury Trail Tracker instead of paying the Sanity cost for playing one Mythos card to your Threat.",
)
GATE = location("Old Gate", attrs=("City", "Site"), gate=True)
BEAST = monster("Night Beast", sanity=-2)
IMP = monster("Night Imp", sanity=-1, text="Joins Night Beasts.")
PAID_BY_TRACKER = "Play Night Beast, Night Imp to the Threat, Burying Trail Tracker instead of paying a card's Sanity"


def test_a_card_to_the_threat_may_be_paid_for_by_burying_the_ally_that_allows_it():
    # The card's "one Mythos card": of two Joined Monsters, the costlier is paid by the Ally (its
    # player's best choice); the other's Sanity is paid. Rulebook l.62: the Buried Ally counts on
    # for Adventures in the Story Deck; l.227: the Gate is used either way.
    s = do(setup([GATE, TRACKER, BEAST, IMP], sanity=12), "Play Old Gate")
    assert not [p for p in legal_plays(s) if "instead of paying" in describe(s, p)], "no Tracker in play yet"
    s = do(s, "Play Trail Tracker")
    paid = do(s, PAID_BY_TRACKER)
    assert paid.sanity == s.sanity - 1
    assert s.game.title(paid.story[0]) == "Trail Tracker" and not paid.allies
    assert sorted(s.game.title(c) for c in paid.threat) == ["Night Beast", "Night Imp"] and paid.gate_used
    full = do(s, "Play Night Beast, Night Imp to the Threat")
    assert full.sanity == s.sanity - 3 and [s.game.title(c) for c in full.allies] == ["Trail Tracker"]


def test_a_spare_tracker_is_buried_rather_than_sanity_paid():
    # Goldfish rule 9, as for the Road Trader: a spare Ally goes, one that defends well stays at
    # the table while the Sanity can pay.
    def choices(tracker: Card) -> tuple[str, str]:
        s = do(setup([GATE, tracker, BEAST, IMP], sanity=12), "Play Old Gate")
        s = do(s, "Play Trail Tracker")
        plays = [p for p in legal_plays(s) if p.card >= 0 and len(p.joined) == 1 and p.kind is PlayKind.MONSTERS]
        needed = {"night beast", "night imp"}
        return describe(s, GreedyPlayer(s.game, needed).inner.choose(s, plays)), describe(
            s, GreedyPolicy(s.game, needed).choose(s, plays)
        )

    assert choices(TRACKER) == (PAID_BY_TRACKER, PAID_BY_TRACKER)
    strong = dataclasses.replace(TRACKER, value=2)
    assert choices(strong) == ("Play Night Beast, Night Imp to the Threat", PAID_BY_TRACKER)


# An Ally whose card lets it be Buried instead of paying the Sanity cost of a Spell cast (test
# wording around the clause the reader keys on, not the card's).
PRIEST = ally("Hill Priest", text="You may Bury Hill Priest instead of paying the Sanity cost for casting a Spell.")
STUDY = location("Quiet Study", attrs=("City", "Tome"))
PAID_BY_PRIEST = "Cast Quick Word from Grey Book, Burying Hill Priest instead of paying its Sanity"


def _cast_choices(priest: Card, sanity: int = 12) -> tuple[object, str, str]:
    """With the Priest in play and a Spell in a Tome: the state, then how the match's greedy
    player and the goldfish's cast the Spell."""
    book = tome("Grey Book", languages=("English",), sanity=None)
    word = spell("Quick Word", text="Draw 2 cards.", sanity=-2)
    s = do(setup([STUDY, priest, book, word], sanity=sanity), "Play Quiet Study")
    s = do(do(s, "Play Hill Priest"), "Play Grey Book with Quick Word")
    plays = [p for p in legal_plays(s) if p.kind is PlayKind.CAST]
    return (
        s,
        describe(s, GreedyPlayer(s.game, set()).inner.choose(s, plays)),
        describe(s, GreedyPolicy(s.game, set()).choose(s, plays)),
    )


def test_a_spell_may_be_cast_by_burying_the_ally_that_allows_it():
    # Rulebook l.305, l.309: a Spell cast from a Tome costs its Sanity; the Priest's card pays
    # it instead (l.62: the Buried Ally counts on for Adventures in the Story Deck).
    s, _, _ = _cast_choices(PRIEST)
    assert {describe(s, p) for p in legal_plays(s) if p.kind is PlayKind.CAST} == {
        "Cast Quick Word from Grey Book",
        PAID_BY_PRIEST,
    }
    paid = do(s, PAID_BY_PRIEST)
    assert paid.sanity == s.sanity and not paid.allies and s.game.title(paid.story[0]) == "Hill Priest"
    assert do(s, "Cast Quick Word from Grey Book").sanity == s.sanity - 2


def test_a_spare_priest_is_buried_rather_than_sanity_paid():
    # Goldfish rule 9, as for the Road Trader and the Tracker.
    assert _cast_choices(PRIEST)[1:] == (PAID_BY_PRIEST, PAID_BY_PRIEST)
    strong = dataclasses.replace(PRIEST, value=2)
    assert _cast_choices(strong)[1:] == ("Cast Quick Word from Grey Book", PAID_BY_PRIEST)
