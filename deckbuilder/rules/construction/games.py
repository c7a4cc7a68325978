"""The goldfish games a build measures decks by, as a :data:`~.model.PlayBatch`.

The same engine, policy and Adventure check as ``mythos deck goldfish``
(:mod:`deckbuilder.rules.goldfish`): one game per seed given, so two decks played on the
same seeds see the same shuffles (common random numbers).

Each game also says how near it came (:attr:`~.model.GameResult.progress`): of the cards the
recipe solver gives each Adventure of the deck, the share played during the game, the best
Adventure's. Games that never complete then still tell a deck that gets its Adventure's cards
into play from one that does not, read from the record the goldfish keeps anyway (the Round
each title was first played), so the goldfish itself plays no differently.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from deckbuilder.rules.cards import CardType, fold_title
from deckbuilder.rules.construction.model import GameResult, PlayBatch
from deckbuilder.rules.decks import Deck

if TYPE_CHECKING:
    from deckbuilder.rules.adventures import Recipe
    from deckbuilder.rules.effects import CardEffects
    from deckbuilder.rules.engine import Game


def adventure_titles(game: Game, deck: Deck, recipes: Mapping[str, Recipe]) -> list[frozenset[int]]:
    """Gets, per Adventure of the deck with a recipe, the engine's title ids of the cards the
    recipe solver uses to meet it (the Adventure itself left out)."""
    from deckbuilder.rules.adventures import check_adventure
    from deckbuilder.rules.decks import Section

    ids: dict[str, int] = {}
    for cid, card in enumerate(game.cards):
        ids.setdefault(fold_title(card.title), game.profiles[cid].title)
    cards = list(deck.cards(Section.DECK))
    out = []
    for adventure in {e.card.key: e.card for e in deck.main if e.card.type is CardType.ADVENTURE}.values():
        recipe = recipes.get(adventure.key)
        if recipe is None:
            continue
        folded = fold_title(adventure.title)
        used = check_adventure(recipe, [c for c in cards if fold_title(c.title) != folded]).cards_used
        titles = frozenset(ids[t] for t in {fold_title(c.title) for c in used} if t in ids)
        if titles:
            out.append(titles)
    return out


def progress_of(first_played: Mapping[int, int], groups: Sequence[frozenset[int]]) -> float:
    """Gets the best share, over the Adventures, of their cards' titles played in a game."""
    best = 0.0
    for titles in groups:
        share = sum(1 for t in titles if t in first_played) / len(titles)
        best = max(best, share)
    return best


def campaign_progress(
    points: int, target: int, first_played: Mapping[int, int], groups: Sequence[frozenset[int]]
) -> float:
    """Gets how near a Campaign game that fell short came to its target: half the share of
    the target's points scored, half the share of its Adventures' cards played (all of
    them, not the best one's: a Campaign needs every one)."""
    cards = statistics.fmean(sum(1 for t in g if t in first_played) / len(g) for g in groups) if groups else 0.0
    return 0.5 * min(points, target) / max(target, 1) + 0.5 * cards


def game_result(
    rounds: int | None,
    final_sanity: int,
    points: int,
    first_played: Mapping[int, int],
    groups: Sequence[frozenset[int]],
    campaign: bool,
    target: int,
) -> GameResult:
    """Gets a game's result for the search from what the goldfish recorded (``rounds``: the
    Round of the goal, the first Adventure or the Campaign target)."""
    if rounds is not None:
        done = 1.0
    elif campaign:
        done = campaign_progress(points, target, first_played, groups)
    else:
        done = progress_of(first_played, groups)
    return GameResult(rounds, final_sanity, done)


def play_games(
    deck: Deck,
    seeds: Sequence[int],
    recipes: Mapping[str, Recipe],
    *,
    campaign: bool = False,
    target: int = 20,
    max_rounds: int = 20,
    effects: Mapping[str, CardEffects] | None = None,
) -> list[GameResult]:
    """Plays one goldfish game of the deck per seed; gets each game's Round (of the first
    Adventure, or of the Campaign target), final Sanity and progress. ``effects`` are the
    effect overrides by folded title that ``mythos deck goldfish`` plays with
    (``catalog/effects.toml``), so that a build's figures are the goldfish's."""
    from deckbuilder.rules.engine import Game, Rules
    from deckbuilder.rules.goldfish import GreedyPolicy, needed_titles, play_game, recipe_check

    mine: dict[str, object] = {
        e.card.key: recipes[e.card.key]
        for e in deck.main
        if e.card.type is CardType.ADVENTURE and e.card.key in recipes
    }
    # The goldfish's table (as GameBatch, which the build's own games use): an opponent who plays
    # nothing, so an Event aimed at a card of his in play is never played (rulebook l.202).
    rules = Rules(
        advanced=True,
        campaign=campaign,
        target=target,
        adventure_check=recipe_check(deck, mine),
        effects=dict(effects or {}),
    )
    game = Game(deck, rules=rules)
    policy = GreedyPolicy(game, needed_titles(deck, mine))
    groups = adventure_titles(game, deck, {k: recipes[k] for k in mine})
    out = []
    for s in seeds:
        record = play_game(game, policy, s, max_rounds)
        rounds = record.target_reached if campaign else record.first_adventure
        out.append(
            game_result(rounds, record.final_sanity, record.points, record.first_played, groups, campaign, target)
        )
    return out


def goldfish_player(
    recipes: Mapping[str, Recipe],
    *,
    campaign: bool = False,
    target: int = 20,
    max_rounds: int = 20,
    effects: Mapping[str, CardEffects] | None = None,
) -> PlayBatch:
    """Gets a :data:`~.model.PlayBatch` that plays the goldfish in this process."""

    def play(deck: Deck, seeds: Sequence[int]) -> list[GameResult]:
        return play_games(
            deck, seeds, recipes, campaign=campaign, target=target, max_rounds=max_rounds, effects=effects
        )

    return play
