"""Many matches of the same decks: one record per game, a batch of games another process can
play, and the report over them (who wins how often, with 95% intervals).

A :class:`MatchBatch` pickles as its decks and settings and builds the Games and the players
where it plays, as the goldfish's :class:`~deckbuilder.rules.goldfish.GameBatch` does; game
``k`` of a seed is the same game whichever process plays it, so a report is the same for any
number of processes.
"""

from __future__ import annotations

import gc
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deckbuilder.rules.cards import Card
from deckbuilder.rules.decks import Deck
from deckbuilder.rules.effects import CardEffects, effects_text, parse_effects
from deckbuilder.rules.engine import Game, Rules, no_adventures
from deckbuilder.rules.goldfish import game_seeds, needed_titles, recipe_check
from deckbuilder.rules.match.policy import GreedyPlayer, LookaheadPlayer
from deckbuilder.rules.match.table import Match, Policy, Seat, new_match, play_match

#: The computer players by name (``--ai``).
AI_NAMES = ("greedy", "lookahead")


@dataclass(frozen=True)
class MatchRecord:
    """One game: the winner's seat (-1: a tie), the Rounds played, and per seat the score, the
    Adventure points, the final Sanity, the Sanity lost in Combat, the titles played, and per
    title the Combat damage dealt and absorbed."""

    winner: int
    rounds: int
    scores: tuple[int, ...]
    points: tuple[int, ...]
    sanity: tuple[int, ...]
    combat_lost: tuple[int, ...]
    played: tuple[tuple[str, ...], ...]
    dealt: tuple[tuple[tuple[str, int], ...], ...]
    absorbed: tuple[tuple[tuple[str, int], ...], ...]


def record_of(m: Match) -> MatchRecord:
    """Gets the record of a finished match."""
    n = m.n
    return MatchRecord(
        winner=m.outcome(),
        rounds=max(m.rounds_played, 1),
        scores=tuple(m.score(i) for i in range(n)),
        points=tuple(s.points for s in m.players),
        sanity=tuple(s.sanity for s in m.players),
        combat_lost=tuple(m.combat_lost),
        played=tuple(tuple(sorted(p)) for p in m.played),
        dealt=tuple(tuple(sorted(d.items())) for d in m.dealt),
        absorbed=tuple(tuple(sorted(d.items())) for d in m.absorbed),
    )


class MatchBatch:
    """Plays matches of the same decks, given their seeds.

    ``decks`` in seat order; ``investigators`` per deck (None: the deck's first); ``ai`` per
    seat (:data:`AI_NAMES`); ``recipes`` per deck (Adventure key to recipe; None: no Adventure
    is ever met); ``basic`` plays the Basic game (a Location first, l.79); ``campaign`` plays on
    to ``target`` points (l.470); ``effects`` the effect overrides by folded title.
    """

    def __init__(
        self,
        decks: Sequence[Deck],
        *,
        investigators: Sequence[Card | None] = (),
        ai: Sequence[str] = (),
        recipes: Sequence[dict[str, object] | None] = (),
        basic: bool = False,
        campaign: bool = False,
        target: int = 20,
        max_rounds: int = 20,
        effects: Mapping[str, CardEffects] | None = None,
        samples: int = 4,
        width: int = 2,
    ) -> None:
        self.decks = tuple(decks)
        #: The lookahead player's deals per decision and candidate plays (with a Pass).
        self.samples = samples
        self.width = width
        n = len(self.decks)
        self.investigators: tuple[Card | None, ...] = tuple(investigators) + (None,) * (n - len(investigators))
        self.ai: tuple[str, ...] = tuple(ai) + ("greedy",) * (n - len(ai))
        self.recipes: tuple[dict[str, object] | None, ...] = tuple(recipes) + (None,) * (n - len(recipes))
        self.basic = basic
        self.campaign = campaign
        self.target = target
        self.max_rounds = max_rounds
        self.effects_text = {title: effects_text(e) for title, e in (effects or {}).items()}
        self._built: tuple[tuple[Game, ...], tuple[Policy, ...]] | None = None
        self._seats: tuple[Seat, ...] | None = None

    def __reduce__(self) -> tuple[Callable[..., MatchBatch], tuple[object, ...]]:
        return _match_batch, (
            self.decks,
            self.investigators,
            self.ai,
            self.recipes,
            self.basic,
            self.campaign,
            self.target,
            self.max_rounds,
            self.effects_text,
            self.samples,
            self.width,
        )

    def build(self) -> tuple[tuple[Game, ...], tuple[Policy, ...]]:
        """Gets the decks read for play and a player per seat (built once, here)."""
        if self._built is None:
            effects = {title: parse_effects(text) for title, text in self.effects_text.items()}
            games: list[Game] = []
            greedy: list[GreedyPlayer] = []
            for deck, investigator, recipes in zip(self.decks, self.investigators, self.recipes):
                check = recipe_check(deck, recipes) if recipes is not None else no_adventures
                # An opponent sits at the table: Events aimed at one have a target (l.202).
                rules = Rules(
                    advanced=not self.basic,
                    campaign=self.campaign,
                    target=self.target,
                    phantom_opponent=True,
                    adventure_check=check,
                    effects=effects,
                )
                game = Game(deck, investigator, rules)
                games.append(game)
                greedy.append(GreedyPlayer(game, needed_titles(deck, recipes)))
            players: list[Policy] = []
            for seat, name in enumerate(self.ai):
                if name == "lookahead":
                    players.append(LookaheadPlayer(greedy[seat], greedy, samples=self.samples, width=self.width))
                else:
                    players.append(greedy[seat])
            self._built = (tuple(games), tuple(players))
        return self._built

    def match(self, seed: int, log: list[str] | None = None) -> Match:
        """Plays one match with ``seed`` (its play-by-play into ``log`` when given)."""
        games, players = self.build()
        if self._seats is None:
            self._seats = tuple(Seat(g, chr(65 + i)) for i, g in enumerate(games))
        m = new_match(games, seed, max_rounds=self.max_rounds, log=log, seats=self._seats)
        return play_match(m, players)

    def play(self, seeds: Sequence[int], progress: Callable[[int], None] | None = None) -> list[MatchRecord]:
        """Plays a match for each seed, in order."""
        self.build()
        records = []
        collecting = gc.isenabled()
        gc.disable()
        try:
            for i, seed in enumerate(seeds):
                records.append(record_of(self.match(seed)))
                if progress and (i + 1) % 50 == 0:
                    progress(i + 1)
                if collecting and i % 500 == 499:
                    gc.collect(1)
        finally:
            if collecting:
                gc.enable()
        return records

    def __call__(self, seeds: Sequence[int]) -> list[tuple[object, ...]]:
        """Plays as :meth:`play`; each record as a plain tuple (what travels between processes)."""
        return [record_values(r) for r in self.play(seeds)]


def record_values(record: MatchRecord) -> tuple[object, ...]:
    """Gets a record as the tuple of its fields (``MatchRecord(*values)`` makes it again)."""
    return (
        record.winner,
        record.rounds,
        record.scores,
        record.points,
        record.sanity,
        record.combat_lost,
        record.played,
        record.dealt,
        record.absorbed,
    )


def _match_batch(
    decks: tuple[Deck, ...],
    investigators: tuple[Card | None, ...],
    ai: tuple[str, ...],
    recipes: tuple[dict[str, object] | None, ...],
    basic: bool,
    campaign: bool,
    target: int,
    max_rounds: int,
    effects: dict[str, str],
    samples: int,
    width: int,
) -> MatchBatch:
    return MatchBatch(
        decks,
        investigators=investigators,
        ai=ai,
        recipes=recipes,
        basic=basic,
        campaign=campaign,
        target=target,
        max_rounds=max_rounds,
        effects={title: parse_effects(text) for title, text in effects.items()},
        samples=samples,
        width=width,
    )


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Gets the 95% Wilson score interval of a share (``successes`` of ``n``)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class CardFigures:
    """One title of a deck over the games: the share of games it was played in, and the mean
    Combat damage per game it dealt (to Allies and Investigators) and absorbed."""

    title: str
    played: float
    dealt: float
    absorbed: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "played": round(self.played, 4),
            "dealt": round(self.dealt, 3),
            "absorbed": round(self.absorbed, 3),
        }


@dataclass(frozen=True)
class PlayerFigures:
    """One seat over the games."""

    seat: int
    wins: float
    wins_low: float
    wins_high: float
    mean_score: float
    mean_points: float
    mean_final_sanity: float
    combat_sanity_lost: float
    cards: tuple[CardFigures, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "wins": round(self.wins, 4),
            "wins_interval": [round(self.wins_low, 4), round(self.wins_high, 4)],
            "mean_score": round(self.mean_score, 3),
            "mean_points": round(self.mean_points, 3),
            "mean_final_sanity": round(self.mean_final_sanity, 3),
            "combat_sanity_lost": round(self.combat_sanity_lost, 3),
            "cards": [c.to_dict() for c in self.cards],
        }


@dataclass(frozen=True)
class MatchReport:
    """The figures of many games of the same decks."""

    games: int
    seed: int
    ties: float
    ties_low: float
    ties_high: float
    mean_rounds: float
    players: tuple[PlayerFigures, ...]


def match_report(records: Sequence[MatchRecord], seed: int) -> MatchReport:
    """Gets the report over the records (in seat order)."""
    games = len(records)
    n = len(records[0].scores) if records else 0
    ties = sum(1 for r in records if r.winner < 0)
    players = []
    for seat in range(n):
        wins = sum(1 for r in records if r.winner == seat)
        played: dict[str, int] = {}
        dealt: dict[str, int] = {}
        absorbed: dict[str, int] = {}
        for r in records:
            for t in r.played[seat]:
                played[t] = played.get(t, 0) + 1
            for t, v in r.dealt[seat]:
                dealt[t] = dealt.get(t, 0) + v
            for t, v in r.absorbed[seat]:
                absorbed[t] = absorbed.get(t, 0) + v
        titles = sorted(
            set(played) | set(dealt) | set(absorbed), key=lambda t: (-played.get(t, 0), -dealt.get(t, 0), t)
        )
        cards = tuple(
            CardFigures(t, played.get(t, 0) / games, dealt.get(t, 0) / games, absorbed.get(t, 0) / games)
            for t in titles
        )
        low, high = wilson(wins, games)
        players.append(
            PlayerFigures(
                seat=seat,
                wins=wins / games if games else 0.0,
                wins_low=low,
                wins_high=high,
                mean_score=sum(r.scores[seat] for r in records) / games,
                mean_points=sum(r.points[seat] for r in records) / games,
                mean_final_sanity=sum(r.sanity[seat] for r in records) / games,
                combat_sanity_lost=sum(r.combat_lost[seat] for r in records) / games,
                cards=cards,
            )
        )
    tl, th = wilson(ties, games)
    return MatchReport(
        games=games,
        seed=seed,
        ties=ties / games if games else 0.0,
        ties_low=tl,
        ties_high=th,
        mean_rounds=sum(r.rounds for r in records) / games if games else 0.0,
        players=tuple(players),
    )


__all__ = ["AI_NAMES", "MatchBatch", "MatchRecord", "MatchReport", "game_seeds", "match_report", "record_of", "wilson"]
