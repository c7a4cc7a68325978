"""What seeded games say about a deck, and how two decks compare over the same games.

A game's cost is the Round the goal was met, or ``max_rounds + 2`` when it never was (a game
that fails is worse than any that completes); lower is better. Two decks are compared with
common random numbers: the same seeds shuffle both, so each game's difference measures the
cards and not the shuffle, and the interval of the mean difference is the paired one (mean
plus or minus 1.96 standard errors, a 95% interval).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from deckbuilder.rules.construction.model import GameResult

#: The Round by which the share of completed games is reported (the benchmark's yardstick).
BY_ROUND = 6
#: The normal quantile of a two-sided 95% interval.
Z95 = 1.96
#: Rounds a game that never completes costs the search beyond ``max_rounds + 2`` when none of
#: its Adventure's cards were played (less the nearer it came; see :func:`search_cost`).
PROGRESS_ROUNDS = 4.0
#: Rounds a lost match costs the search against a field (:func:`search_cost`): a win share
#: one point higher outweighs a Round sooner, so Adventure speed and Sanity only break ties.
WIN_ROUNDS = 100.0


def cost(result: GameResult, max_rounds: int) -> int:
    """Gets a game's cost: the Round its goal was met, ``max_rounds + 2`` if never."""
    return result.rounds if result.rounds is not None else max_rounds + 2


def search_cost(result: GameResult, max_rounds: int) -> float:
    """Gets a game's cost as the search weighs it: :func:`cost`, and for a game that never
    completes, up to :data:`PROGRESS_ROUNDS` more the fewer of its Adventure's cards it
    played, so that decks whose games all fail still differ (the reports use :func:`cost`).
    A seed played against a field costs :data:`WIN_ROUNDS` for each match lost, plus its
    Adventure speed: the mean over its matches of the Round the deck completed an Adventure
    in, ``max_rounds + 2`` for a match it completed none in (the players' decks win by
    completing theirs first, rulebook l.91: a deck that completes its own sooner, even in a
    match it lost, is nearer to winning it)."""
    if result.win is not None:
        never = float(max_rounds + 2)
        scored = result.progress * (result.scored_round if result.scored_round is not None else never)
        return WIN_ROUNDS * (1.0 - result.win) + scored + (1.0 - result.progress) * never
    if result.rounds is not None:
        return result.rounds
    return max_rounds + 2 + PROGRESS_ROUNDS * (1.0 - result.progress)


@dataclass(frozen=True)
class Measure:
    """A deck's games summed up: how many, the share completed (and by Round 6), the median
    Round of those that completed, the mean cost, and the mean Sanity at the end."""

    games: int
    completed: float
    by_round_6: float
    median_round: float | None
    mean_cost: float
    final_sanity: float
    #: Against a field: the share of matches won (a tie half) and the Combat damage dealt per match.
    wins: float | None = None
    dealt: float = 0.0

    def objective(self) -> tuple[float, float, float]:
        """Gets what a build minimises: the share of matches lost (none alone), then the mean
        Round, then the Sanity lost."""
        return (0.0 if self.wins is None else 1.0 - self.wins, self.mean_cost, -self.final_sanity)

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "games": self.games,
            "completed": round(self.completed, 4),
            "by_round_6": round(self.by_round_6, 4),
            "median_round": self.median_round,
            "mean_round": round(self.mean_cost, 3),
            "final_sanity": round(self.final_sanity, 2),
        }
        if self.wins is not None:
            out["win_share"] = round(self.wins, 4)
            out["combat_dealt"] = round(self.dealt, 3)
        return out


def measure(results: Sequence[GameResult], max_rounds: int) -> Measure:
    """Gets the summary of a deck's games."""
    n = len(results)
    done = [r.rounds for r in results if r.rounds is not None]
    return Measure(
        games=n,
        completed=len(done) / n if n else 0.0,
        by_round_6=sum(1 for r in done if r <= BY_ROUND) / n if n else 0.0,
        median_round=float(statistics.median(done)) if done else None,
        mean_cost=statistics.fmean(cost(r, max_rounds) for r in results) if n else float(max_rounds + 2),
        final_sanity=statistics.fmean(r.final_sanity for r in results) if n else 0.0,
        wins=statistics.fmean(r.win for r in results if r.win is not None)
        if n and results[0].win is not None
        else None,
        dealt=statistics.fmean(r.dealt for r in results) if n else 0.0,
    )


@dataclass(frozen=True)
class Effect:
    """A paired difference (new minus old) over common games: its mean and 95% interval."""

    mean: float
    low: float
    high: float

    @property
    def clear(self) -> bool:
        """Checks that the interval leaves out zero: the effect is not noise."""
        return self.low > 0 or self.high < 0

    def to_dict(self) -> dict[str, float]:
        return {"mean": round(self.mean, 3), "low": round(self.low, 3), "high": round(self.high, 3)}


def paired(new: Sequence[float], old: Sequence[float]) -> Effect:
    """Gets the mean paired difference ``new - old`` and its 95% interval."""
    diffs = [a - b for a, b in zip(new, old)]
    n = len(diffs)
    if n == 0:
        return Effect(0.0, 0.0, 0.0)
    mean = statistics.fmean(diffs)
    spread = statistics.stdev(diffs) if n > 1 else 0.0
    half = Z95 * spread / math.sqrt(n)
    return Effect(mean, mean - half, mean + half)


def round_effect(new: Sequence[GameResult], old: Sequence[GameResult], max_rounds: int) -> Effect:
    """Gets the paired effect on the Round of completion (negative: sooner)."""
    return paired([cost(r, max_rounds) for r in new], [cost(r, max_rounds) for r in old])


def win_effect(new: Sequence[GameResult], old: Sequence[GameResult]) -> Effect:
    """Gets the paired effect on the share of matches won against a field (positive: more)."""
    return paired([r.win or 0.0 for r in new], [r.win or 0.0 for r in old])


def sanity_effect(new: Sequence[GameResult], old: Sequence[GameResult]) -> Effect:
    """Gets the paired effect on the final Sanity (positive: more left)."""
    return paired([r.final_sanity for r in new], [r.final_sanity for r in old])
