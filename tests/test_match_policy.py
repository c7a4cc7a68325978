"""The match's computer players choosing Travel Events (issue 23): a Travel Event is played
where it brings a wanted Location sooner than walking, or where walking cannot go, and not
otherwise. Cards from the engine tests' builders (test wording, not the cards')."""

from __future__ import annotations

from support.engine import (
    ARKHAM_HOUSE,
    ARKHAM_SANITARIUM,
    BOSTON_LIBRARY,
    CAR,
    DIRIGIBLE,
    DUNWICH_FARM,
    PARIS_CAFE,
    TRAIN,
    ally,
    do,
    setup,
)

from deckbuilder.rules.cards import fold_title
from deckbuilder.rules.engine import GameState, describe, legal_plays
from deckbuilder.rules.goldfish import GreedyPolicy
from deckbuilder.rules.match import GreedyPlayer


def _choices(hand: list, wanted: str) -> tuple[str, str]:
    """At Arkham House with ``hand``: what the match's greedy player plays, then the
    goldfish's, when ``wanted`` is a Location the deck's Adventures need."""
    s: GameState = do(setup([ARKHAM_HOUSE, *hand]), "Play Arkham House")
    needed = {fold_title(wanted)}
    plays = legal_plays(s)
    match = GreedyPlayer(s.game, needed).inner.choose(s, plays)
    goldfish = GreedyPolicy(s.game, needed).choose(s, plays)
    return describe(s, match), describe(s, goldfish)


def test_a_car_is_taken_when_it_saves_the_turn_walking_costs():
    # Rulebook l.243-245: Boston is another subregion, so walking there plays it sideways and
    # it arrives a Turn later; l.257 and the Car's text: it arrives upright at once.
    match, goldfish = _choices([CAR, BOSTON_LIBRARY], "Boston Library")
    assert match == "Travel by Car with Boston Library"
    assert goldfish == "Walk to Boston Library"  # the goldfish keeps its own preference


def test_no_car_where_the_location_arrives_upright_without_it():
    # Rulebook l.243: same subregion, both City: played upright at once; the Car is kept.
    match, _ = _choices([CAR, ARKHAM_SANITARIUM], "Arkham Sanitarium")
    assert match == "Play Arkham Sanitarium"


def test_no_car_toward_a_location_nothing_wants():
    match, _ = _choices([CAR, BOSTON_LIBRARY], "Nothing Here")
    assert match == "Pass"


def test_a_dirigible_is_taken_toward_a_location_walking_cannot_reach():
    # Rulebook l.259: no walking to another Region; Travel by Air goes there on a later Turn.
    match, _ = _choices([DIRIGIBLE, PARIS_CAFE], "Paris Cafe")
    assert match == "Travel by Dirigible"


def test_no_train_where_walking_is_as_fast():
    # A Train's Location follows on a later Turn, as a walked-to Location is turned upright a
    # Turn later (l.245): walking keeps the Train in hand.
    match, _ = _choices([TRAIN, BOSTON_LIBRARY], "Boston Library")
    assert match == "Walk to Boston Library"


def _at_dunwich(hand: list) -> GameState:
    return do(setup([DUNWICH_FARM, *hand]), "Play Dunwich Farm")


def test_a_train_is_taken_to_play_an_ally_of_the_region_not_found_here():
    # The Train's text (test wording in tests/support): stay aboard a Turn to play an Ally card
    # that could be played in this Region. An Arkham Ally is not found at a Dunwich farm
    # (rulebook l.84); walking to Arkham would find it a Turn or two later (l.239-245).
    s = _at_dunwich([TRAIN, ally("Henry Armitage")])
    player = GreedyPlayer(s.game, set())
    assert describe(s, player.inner.choose(s, legal_plays(s))) == "Travel by Train"
    s = do(s, "Travel by Train")
    assert describe(s, player.inner.choose(s, legal_plays(s))) == "Play Henry Armitage"


def test_no_train_for_an_ally_found_here_or_of_another_region():
    here = _at_dunwich([TRAIN, ally("Wilbur", sub="Dunwich")])
    assert describe(here, GreedyPlayer(here.game, set()).inner.choose(here, legal_plays(here))) == "Play Wilbur"
    # Rulebook l.259: another Region is out of a Travel by Land card's reach.
    away = _at_dunwich([TRAIN, ally("Pierre", region="Europe", sub="Paris")])
    assert describe(away, GreedyPlayer(away.game, set()).inner.choose(away, legal_plays(away))) == "Pass"


def test_a_combat_spell_is_cast_only_when_its_cost_leaves_three_sanity():
    # The greedy player's rule for Spells in Combat's rounds (rulebook l.410; its docstring):
    # a Threat card sent back to Hand when attacked, unless paying leaves fewer than 3 Sanity.
    from support.engine import ARKHAM_HOUSE, monster, spell, tome
    from support.match import investigator

    from deckbuilder.rules.engine import Game, Rules
    from deckbuilder.rules.match import COMBAT, new_match
    from deckbuilder.rules.match.table import combat_card_plays

    liber = tome("Liber", languages=("English",))
    bow = spell(
        "Bow", text="May only be cast during Combat. A random card in target Directed Threat to that player's Hand."
    )
    crawler = monster("Crawler", "Lesser Independent", value=3)
    for sanity, cast in ((6, True), (4, False)):
        games = [
            Game([ARKHAM_HOUSE, liber, bow], investigator("Brian", 15, 12), Rules(advanced=True)),
            Game([ARKHAM_HOUSE, crawler], investigator("Meghan", 15, 10), Rules(advanced=True)),
        ]
        m = new_match(games, seed=3, names=["Brian", "Meghan"])
        a, b = m.players
        for s in m.players:
            s.deck += s.hand
            s.hand = []
        book = next(c for c in a.deck if a.game.title(c) == "Liber")
        a.deck.remove(book)
        a.tomes.append(book)
        card = next(c for c in a.deck if a.game.title(c) == "Bow")
        a.deck.remove(card)
        a.spells.append(card)
        a.attached[book] = (card,)
        b.threat.append(b.deck.pop(next(i for i, c in enumerate(b.deck) if b.game.title(c) == "Crawler")))
        a.sanity = sanity
        m.stage = COMBAT
        m.directed = [[[], []], [list(b.threat), []]]
        m.defending = [[[], []], [[], []]]
        player = GreedyPlayer(a.game, set())
        plays = combat_card_plays(m, 0)
        assert len(plays) == 1  # offered: a Directed Threat is aimed at Brian
        assert (player.combat_use(m, 0, plays) is not None) is cast  # Bow costs 2: 6 -> 4, 4 -> 2
