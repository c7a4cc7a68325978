"""What each card of a deck did over goldfish games: :class:`CardStat`, one per title, from the
records :func:`deckbuilder.rules.goldfish.play_game` keeps (:func:`card_stats`).

Kept beside :mod:`deckbuilder.rules.goldfish` so that module stays under the house's length rule.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckbuilder.rules.engine import Game
    from deckbuilder.rules.goldfish import GameRecord


@dataclass(frozen=True)
class CardStat:
    """What one card of the deck did over the games: the share of games in which a copy was
    played (put in play, or cast or used), the median Round it was first played in those
    games, and why the engine ignores its effect ("" when it plays it)."""

    title: str
    copies: int
    played: float
    median_round: float | None
    ignored: str = ""
    #: The share of games it was cast or used at least once (a Location: an Artifact recovered
    #: there, ``rules/engine/recovery.py``); None for a card with no use.
    used: float | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "title": self.title,
            "copies": self.copies,
            "played": round(self.played, 4),
            "median_round": self.median_round,
            "effect_ignored": self.ignored or None,
            "cast_or_used": None if self.used is None else round(self.used, 4),
        }


def card_stats(game: Game, records: Sequence[GameRecord]) -> tuple[CardStat, ...]:
    """Gets what each card of a game's deck did over the games (see :class:`CardStat`), one
    row per title in deck order."""
    rows: list[CardStat] = []
    seen: set[int] = set()
    copies = Counter(p.title for p in game.profiles)
    games = len(records)
    # One pass over the records (not two per title: a tenth of a 10,000-game run, issue 17):
    # per title, the Round it was first played in each game that played it, in game order,
    # and how many games cast or used it.
    rounds_of: dict[int, list[int]] = {}
    used_in: dict[int, int] = {}
    for r in records:
        for title, first in r.first_played.items():
            rounds = rounds_of.get(title)
            if rounds is None:
                rounds_of[title] = [first]
            else:
                rounds.append(first)
        for title in r.used:
            used_in[title] = used_in.get(title, 0) + 1
    for cid, p in enumerate(game.profiles):
        if p.title in seen:
            continue
        seen.add(p.title)
        rounds = rounds_of.get(p.title, [])
        rows.append(
            CardStat(
                title=game.title(cid),
                copies=copies[p.title],
                played=len(rounds) / games if games else 0.0,
                median_round=float(statistics.median(rounds)) if rounds else None,
                ignored=game.ignored[cid],
                # A Location that lets an Artifact be recovered there: used when one was.
                used=used_in.get(p.title, 0) / games
                if games and (game.effects[cid] or game.recover_cost[cid] >= 0)
                else None,
            )
        )
    return tuple(rows)
