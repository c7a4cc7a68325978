"""The goldfish games a build measures decks by, as a :data:`~.model.PlayBatch`.

The same engine, policy and Adventure check as ``mythos deck goldfish``
(:mod:`deckbuilder.rules.goldfish`): one game per seed given, so two decks played on the
same seeds see the same shuffles (common random numbers).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from deckbuilder.rules.cards import CardType
from deckbuilder.rules.construction.model import GameResult, PlayBatch
from deckbuilder.rules.decks import Deck

if TYPE_CHECKING:
    from deckbuilder.rules.adventures import Recipe


def play_games(deck: Deck, seeds: Sequence[int], recipes: Mapping[str, Recipe], *, campaign: bool = False,
               target: int = 20, max_rounds: int = 20) -> list[GameResult]:
    """Plays one goldfish game of the deck per seed; gets each game's Round (of the first
    Adventure, or of the Campaign target) and final Sanity."""
    from deckbuilder.rules.engine import Game, Rules
    from deckbuilder.rules.goldfish import GreedyPolicy, needed_titles, play_game, recipe_check

    mine: dict[str, object] = {e.card.key: recipes[e.card.key] for e in deck.main
                               if e.card.type is CardType.ADVENTURE and e.card.key in recipes}
    rules = Rules(advanced=True, campaign=campaign, target=target, phantom_opponent=True,
                  adventure_check=recipe_check(deck, mine))
    game = Game(deck, rules=rules)
    policy = GreedyPolicy(game, needed_titles(deck, mine))
    out = []
    for s in seeds:
        record = play_game(game, policy, s, max_rounds)
        out.append(GameResult(record.target_reached if campaign else record.first_adventure, record.final_sanity))
    return out


def goldfish_player(recipes: Mapping[str, Recipe], *, campaign: bool = False, target: int = 20,
                    max_rounds: int = 20) -> PlayBatch:
    """Gets a :data:`~.model.PlayBatch` that plays the goldfish in this process."""

    def play(deck: Deck, seeds: Sequence[int]) -> list[GameResult]:
        return play_games(deck, seeds, recipes, campaign=campaign, target=target, max_rounds=max_rounds)

    return play
