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
    PARIS_CAFE,
    TRAIN,
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
