"""An Artifact recovered from the Story Deck at a Location whose card allows it (issue 23), in
matches: the greedy players' choice (the goldfish's too) and the recovered Weapon fighting.
Cards from the engine tests' builders (test wording, not the cards')."""

from __future__ import annotations

from support.engine import ARKHAM_HOUSE, ally, artifact, do, location, monster, setup
from support.match import investigator

from deckbuilder.rules.cards import Card
from deckbuilder.rules.engine import Game, GameState, Rules, describe, legal_plays
from deckbuilder.rules.goldfish import GreedyPolicy
from deckbuilder.rules.match import GreedyPlayer, card_play, new_match
from deckbuilder.rules.match.table import ally_value

QUAY = location(
    "Smugglers' Quay",
    attrs=("City",),
    text="Spend 2 Sanity points to recover one Artifact from your Story Deck and bring it into play.",
)
GUARD = ally("Dock Guard")  # value 1
LENS = artifact("Seeing Lens", text="Draw one card. Bury this card when used.")
CUTLASS = artifact("Old Cutlass", subtype="Weapon", value=2)


def _bury(s: GameState, card: Card) -> int:
    """Moves a copy of ``card`` from the Mythos Deck to the bottom of the Story Deck (rulebook
    l.62: Buried cards are placed there, and count for Adventures)."""
    c = next(c for c in s.deck if s.game.cards[c].title == card.title)
    s.deck.remove(c)
    s.story.insert(0, c)
    s.counted += s.game.weight[c]
    return c


def _choices(buried: Card, sanity: int = 12) -> tuple[str, str]:
    """At the Quay with ``buried`` in the Story Deck and Dock Guard in play: what the match's
    greedy player plays, then the goldfish's."""
    s = do(setup([QUAY, GUARD], [buried], sanity=sanity), "Play Smugglers' Quay")
    s = do(s, "Play Dock Guard")
    _bury(s, buried)
    plays = legal_plays(s)
    match = GreedyPlayer(s.game, set()).inner.choose(s, plays)
    goldfish = GreedyPolicy(s.game, set()).choose(s, plays)
    return describe(s, match), describe(s, goldfish)


def test_an_artifact_with_a_use_is_recovered_by_both_greedy_players():
    # Rulebook l.189, l.199: back in play, the Artifact may be used again (a draw, here).
    assert _choices(LENS) == ("Recover Seeing Lens from the Story Deck at Smugglers' Quay",) * 2


def test_a_weapon_is_recovered_for_combat_in_matches_only():
    # Rulebook l.191, l.520: a Weapon adds to its Ally's value, which counts only in Combat; the
    # goldfish, which fights no one, keeps its Turn and Sanity.
    match, goldfish = _choices(CUTLASS)
    assert match == "Recover Old Cutlass from the Story Deck at Smugglers' Quay to Dock Guard"
    assert goldfish == "Pass"


def test_no_recovery_that_would_leave_fewer_than_3_sanity():
    assert _choices(LENS, sanity=4) == ("Pass", "Pass")


def test_a_recovered_weapon_joins_its_ally_at_the_table():
    # Rulebook l.191: the Weapon and the Ally act as one card, their values added (1 + 2); the
    # recovery costs the Location's 2 Sanity (l.124) and is the Turn's play (l.382).
    games = [
        Game([QUAY, GUARD, CUTLASS], investigator("Brian", 15, 12), Rules(advanced=True)),
        Game([ARKHAM_HOUSE, monster("Crawler", value=3)], investigator("Meghan", 15, 10), Rules(advanced=True)),
    ]
    m = new_match(games, seed=3, names=["Brian", "Meghan"])
    a = m.players[0]
    a.deck += a.hand
    a.hand = []
    from deckbuilder.rules.engine.locations import arrive_at

    quay = next(c for c in a.deck if a.game.title(c) == "Smugglers' Quay")
    a.deck.remove(quay)
    arrive_at(a, quay)
    guard = next(c for c in a.deck if a.game.title(c) == "Dock Guard")
    a.deck.remove(guard)
    a.allies.append(guard)
    cutlass = _bury(a, CUTLASS)
    assert ally_value(m, 0, guard)[0] == 1
    m.to_move = 0
    sanity = a.sanity
    player = GreedyPlayer(a.game, set())
    card_play(m, player.choose(m, 0, legal_plays(a)))
    assert a.attached[guard] == (cutlass,) and cutlass not in a.story
    assert a.sanity == sanity - 2 and m.to_move == 1
    assert ally_value(m, 0, guard)[0] == 3
