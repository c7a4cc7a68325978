"""A deck that builds itself: the rules as hard constraints, goldfish games as the measure.

Pure game logic, standard library only: the candidate cards, the format, the Adventure
recipes and a function that plays seeded games come in as plain data (:mod:`.model`).

- :mod:`.start`: the first legal deck (the recipe solver's cards, playability's needs, the
  format's size);
- :mod:`.campaign`: the Adventures a Campaign build chooses, each tried alone on games first;
- :mod:`.search`: local search with racing over common seeds, and the runner-ups;
- :mod:`.build`: :func:`build_deck`, the whole build and its report;
- :mod:`.suggest`: :func:`suggest_changes`, single changes ranked by measured effect;
- :mod:`.measure`: what games say, and paired intervals;
- :mod:`.games`: the goldfish as a batch of seeded games.
"""

from deckbuilder.rules.construction.build import DEFAULT_BUDGET, REPORT_GAMES, Build, BuiltDeck, build_deck
from deckbuilder.rules.construction.games import goldfish_player, play_games
from deckbuilder.rules.construction.measure import Effect, Measure, measure
from deckbuilder.rules.construction.model import (
    BuildGoal,
    Counts,
    GameResult,
    ImpossibleBuildError,
    PlayBatch,
    Pool,
    deck_limits,
    to_deck,
)

__all__ = [
    "DEFAULT_BUDGET",
    "REPORT_GAMES",
    "Build",
    "BuildGoal",
    "BuiltDeck",
    "Counts",
    "Effect",
    "GameResult",
    "ImpossibleBuildError",
    "Measure",
    "PlayBatch",
    "Pool",
    "build_deck",
    "deck_limits",
    "goldfish_player",
    "measure",
    "play_games",
    "to_deck",
]
