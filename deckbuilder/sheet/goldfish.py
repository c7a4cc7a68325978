"""The deck sheet's goldfish section: what the solo test games showed. How often and how fast
the deck met its goal (:class:`GoldfishView`, built by :func:`goldfish_view`), the by-Round
completion chart's geometry (:func:`completion_chart`), the draw odds, the cards that sat
unplayable in hand, each Investigator of a deck listing several, and what each card did
(:class:`CardPlayView`, :func:`card_plays`).

The deck sheet (:mod:`deckbuilder.sheet.context`) and the web's pages take the section from
here; nothing here imports them. Pure: numbers in, words and SVG user units out.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from deckbuilder.sheet.text import UNKNOWN, percent, plain_data, text_of


@dataclass(frozen=True)
class ChartBar:
    """One bar of the completion chart (SVG user units)."""

    round: int = field(metadata={"help": "The Round."})
    share: str = field(metadata={"help": "Share of games completed by the end of this Round, as a percentage."})
    x: float = field(metadata={"help": "Left edge."})
    y: float = field(metadata={"help": "Top edge."})
    width: float = field(metadata={"help": "Bar width."})
    height: float = field(metadata={"help": "Bar height."})
    labelled: bool = field(
        metadata={
            "help": "Its percentage is printed above it (labels that would touch a neighbour's are left out; "
            "every bar keeps its tooltip)."
        },
        default=True,
    )


@dataclass(frozen=True)
class GridLine:
    """A horizontal guide of the completion chart."""

    y: float = field(metadata={"help": "Height in SVG user units."})
    label: str = field(metadata={"help": "The share it marks (0%, 50%, 100%)."})


@dataclass(frozen=True)
class CompletionChart:
    """Cumulative share of goldfish games with an Adventure completed, by Round (inline SVG)."""

    width: float = field(metadata={"help": "SVG viewBox width."})
    height: float = field(metadata={"help": "SVG viewBox height."})
    left: float = field(metadata={"help": "Left edge of the plot (the guides' labels sit left of it)."})
    baseline: float = field(metadata={"help": "Bottom edge of the plot (the Rounds' labels sit below it)."})
    bars: tuple[ChartBar, ...] = field(metadata={"help": "One bar per Round."})
    gridlines: tuple[GridLine, ...] = field(metadata={"help": "Guides at 0%, 25%, 50%, 75% and 100%."})
    summary: str = field(metadata={"help": "The chart in words, for screen readers and the SVG <title>."})
    caption: str = field(
        metadata={"help": "What the bars count (an Adventure completed, or the Campaign target reached)."},
        default="Games with an Adventure completed",
    )


@dataclass(frozen=True)
class OddsRow:
    """One row of the draw odds table."""

    label: str = field(metadata={"help": "The event (e.g. a Gate in the opening hand)."})
    probability: str = field(metadata={"help": "Its probability, as a percentage."})
    exact: bool = field(metadata={"help": "Computed exactly (hypergeometric) rather than estimated from games."})


@dataclass(frozen=True)
class BlockerView:
    """A needed card that sat unplayable in hand, and how often."""

    card: str = field(metadata={"help": "The card's title."})
    share: str = field(metadata={"help": "The share of games it held back, as a percentage."})


@dataclass(frozen=True)
class PlayerView:
    """One Investigator of a deck that lists several, in one line of the goldfish section."""

    investigator: str = field(metadata={"help": "The Investigator who played."})
    share: str = field(metadata={"help": "The share of games that met the goal, as a percentage."})
    median_rounds: str = field(metadata={"help": 'Median Rounds to the first Adventure, or "n/a".'})
    best: bool = field(metadata={"help": "The one whose games the section shows in full."})


@dataclass(frozen=True)
class GoldfishView:
    """Solo test games: how often and how fast the deck meets its goal. Every number is the
    one ``mythos deck goldfish`` prints for the same seed and way to play."""

    games: int = field(metadata={"help": "Games played (by each Investigator)."})
    completed_share: str = field(metadata={"help": "Share of games that completed an Adventure, as a percentage."})
    target: int | None = field(
        metadata={"help": "The Campaign target in Adventure points; None outside Campaign play."}
    )
    reached_share: str | None = field(
        metadata={
            "help": "Share of games that reached the Campaign target, as a percentage; None outside Campaign play."
        }
    )
    median_rounds: str = field(
        metadata={"help": 'Median Round of the first Adventure in the games that completed one, or "n/a".'}
    )
    final_sanity: str = field(
        metadata={"help": "The Investigator's Sanity at the end: the median and the middle half of the games."}
    )
    blockers: tuple[BlockerView, ...] = field(
        metadata={"help": "Needed cards that most often sat unplayable in hand, most frequent first."}
    )
    chart: CompletionChart | None = field(
        metadata={"help": "The by-Round chart (the Campaign target in Campaign play); None without Rounds."}
    )
    odds: tuple[OddsRow, ...] = field(metadata={"help": "Draw odds; exact ones are marked."})
    played_by: str = field(metadata={"help": "The Investigator whose games are shown; empty when unknown."}, default="")
    players: tuple[PlayerView, ...] = field(
        metadata={"help": "Each Investigator of a deck listing several, best first; empty otherwise."}, default=()
    )
    cards: tuple[CardPlayView, ...] = field(
        metadata={"help": "What each card of the deck did, in deck order; empty when the report has no cards."},
        default=(),
    )


@dataclass(frozen=True)
class CardPlayView:
    """What one card of the deck did in the test games."""

    card: str = field(metadata={"help": "The card's title."})
    copies: int = field(metadata={"help": "Copies in the deck."})
    played: str = field(metadata={"help": "The share of games in which a copy was played, as a percentage."})
    first_round: str = field(metadata={"help": 'The median Round it was first played in those games, or "never".'})
    used: str = field(
        metadata={"help": 'The share of games it was cast or used, as a percentage; "" for a card with no use.'}
    )
    ignored: str = field(metadata={"help": 'Why the engine leaves its effect out; "" when it plays it.'})


def card_plays(raw: Any) -> tuple[CardPlayView, ...]:
    """Gets what each card did: a report's ``cards`` (``{"title", "copies", "played",
    "median_round", "cast_or_used", "effect_ignored"}`` items, or :class:`CardStat` values)."""
    out = []
    for item in raw or ():
        data = plain_data(item)
        played = float(data.get("played") or 0)
        if not 0 <= played <= 1:
            raise ValueError(f"goldfish cards: {data.get('title')} played {played!r} is not between 0 and 1")
        median = data.get("median_round")
        used = data.get("cast_or_used", data.get("used"))
        out.append(
            CardPlayView(
                card=text_of(data.get("title")),
                copies=int(data.get("copies") or 0),
                played=percent(played),
                first_round="never" if median is None else f"{median:g}",
                used="" if used is None else percent(float(used)),
                ignored=text_of(data.get("effect_ignored", data.get("ignored")) or ""),
            )
        )
    return tuple(out)


def _shares(by_round: Any) -> list[float]:
    """Gets the cumulative shares in Round order. Raises ``ValueError`` for a share outside 0-1."""
    if not by_round:
        return []
    if isinstance(by_round, Mapping):
        values = [float(v) for _, v in sorted(by_round.items(), key=lambda kv: int(kv[0]))]
    else:
        values = [float(v) for v in by_round]
    for i, v in enumerate(values, 1):
        if not 0 <= v <= 1 or math.isnan(v):
            raise ValueError(f"goldfish by_round: Round {i} share {v!r} is not between 0 and 1")
    return values


#: The most Rounds the chart shows; later Rounds are summed up in its caption.
CHART_ROUNDS = 20


def completion_chart(
    by_round: Sequence[float], what: str = "Games with an Adventure completed"
) -> CompletionChart | None:
    """Gets the by-Round bar chart's geometry (SVG user units), or None for no Rounds;
    ``what`` names what the bars count (for the caption and screen readers)."""
    shares = list(by_round)[:CHART_ROUNDS]
    if not shares:
        return None
    width, height = 360.0, 170.0
    left, right, top, baseline = 34.0, 6.0, 16.0, 146.0
    plot_h = baseline - top
    slot = (width - left - right) / len(shares)
    bar_w = round(slot * 0.68, 2)
    bars = tuple(
        ChartBar(
            round=i,
            share=percent(s),
            x=round(left + (i - 1) * slot + (slot - bar_w) / 2, 2),
            y=round(baseline - s * plot_h, 2),
            width=bar_w,
            height=round(s * plot_h, 2),
        )
        for i, s in enumerate(shares, 1)
    )
    bars = _label_room(bars)
    gridlines = tuple(GridLine(round(baseline - q * plot_h, 2), percent(q)) for q in (0, 0.25, 0.5, 0.75, 1))
    summary = f"{what} by the end of each Round: " + ", ".join(f"Round {b.round} {b.share}" for b in bars)
    if len(by_round) > CHART_ROUNDS:
        summary += f"; Round {len(by_round)} {percent(by_round[-1])}"
    return CompletionChart(width, height, left, baseline, bars, gridlines, summary, what)


#: The bar labels' font size in SVG user units (``.chart .bar-label`` in the stylesheet) and
#: the width of one character of it, a generous average for the sans-serif digits and "%".
LABEL_FONT = 8.0
LABEL_CHAR = 0.62 * LABEL_FONT


def label_width(text: str) -> float:
    """Gets the width a bar label takes, in SVG user units (an estimate on the safe side)."""
    return len(text) * LABEL_CHAR


def _label_room(bars: tuple[ChartBar, ...]) -> tuple[ChartBar, ...]:
    """Gets the bars with the labels that fit: a label is printed when it does not touch the
    last printed one and says something new (a plateau is labelled where it starts); the
    last bar is labelled if it differs from the last label, in place of one it would touch.
    Twenty Rounds on a phone ran "98%98%98%" together."""
    gap = 1.5
    shown: list[int] = []
    centre = [b.x + b.width / 2 for b in bars]

    def room(i: int, j: int) -> bool:
        return abs(centre[i] - centre[j]) >= (label_width(bars[i].share) + label_width(bars[j].share)) / 2 + gap

    for i, bar in enumerate(bars):
        if shown and (bars[shown[-1]].share == bar.share or not room(shown[-1], i)):
            continue
        shown.append(i)
    last = len(bars) - 1
    if shown and shown[-1] != last and bars[shown[-1]].share != bars[last].share:
        while shown and not room(shown[-1], last):
            shown.pop()
        shown.append(last)
    keep = set(shown)
    return tuple(dataclasses.replace(b, labelled=i in keep) for i, b in enumerate(bars))


def _blockers(raw: Any) -> tuple[BlockerView, ...]:
    """Gets the held-back cards: ``(title, share)`` pairs, ``{"title", "share"}`` mappings
    (a report's ``to_dict()``), or a mapping title -> share."""
    if not raw:
        return ()
    pairs = (
        raw.items()
        if isinstance(raw, Mapping)
        else (
            (item.get("title", item.get("card", "")), item.get("share")) if isinstance(item, Mapping) else item
            for item in raw
        )
    )
    out = []
    for title, share in pairs:
        if share is None:
            raise ValueError(f"goldfish blockers: {title} has no share; give one between 0 and 1")
        value = float(share)
        if not 0 <= value <= 1 or math.isnan(value):
            raise ValueError(f"goldfish blockers: {title} share {share!r} is not between 0 and 1")
        out.append(BlockerView(text_of(title), percent(value)))
    return tuple(out)


def odds_row(item: Any) -> OddsRow:
    """Gets a draw odds row from ``{label, probability (0-1), exact}``."""
    data = plain_data(item)
    probability = data.get("probability")
    return OddsRow(
        label=text_of(data.get("label")),
        probability=percent(None if probability is None else float(probability), 1),
        exact=bool(data.get("exact", False)),
    )


def goldfish_view(
    report: Any, draw_odds: Sequence[Any] | None = None, *, players: Sequence[tuple[str, Any]] = (), played_by: str = ""
) -> GoldfishView:
    """Gets the goldfish section from a goldfish report (``GoldfishReport`` or its
    ``to_dict()``: ``completed``, ``by_round`` and ``reached_target`` are shares 0-1) and
    draw odds rows; ``players`` pairs each Investigator a deck lists with its report, best
    first, and ``played_by`` names who played ``report``.

    Raises ``ValueError`` when a share is outside 0-1.
    """
    data = plain_data(report)
    games = int(data.get("games", 0))
    completed = float(data.get("completed", 0) or 0)
    if not 0 <= completed <= 1:
        raise ValueError(f"goldfish completed: {completed!r} is a share of games, between 0 and 1")
    campaign = bool(data.get("campaign")) and data.get("reached_target") is not None
    target = data.get("target") if campaign else None
    reached = float(data["reached_target"]) if campaign else None
    shares = _shares(data.get("target_by_round") if campaign else data.get("by_round"))
    what = f"Games that reached {target} Adventure points" if campaign else "Games with an Adventure completed"
    median = data.get("median_rounds")
    final = data.get("final_sanity")
    quartiles = data.get("final_sanity_quartiles")
    final_text = UNKNOWN if final is None else f"{final:g}"
    if final is not None and quartiles:
        final_text = f"median {final:g} (middle half {quartiles[0]:g}-{quartiles[1]:g})"
    odds = draw_odds if draw_odds is not None else (data.get("draw_odds") or data.get("odds") or ())
    views = []
    for i, (name, games_of) in enumerate(players):
        other = plain_data(games_of)
        goal = other.get("reached_target") if campaign else other.get("completed")
        views.append(
            PlayerView(
                text_of(name),
                percent(float(goal or 0)),
                "n/a" if other.get("median_rounds") is None else f"{other['median_rounds']:g}",
                i == 0,
            )
        )
    return GoldfishView(
        games=games,
        completed_share=percent(completed),
        target=target,
        reached_share=None if reached is None else percent(reached),
        median_rounds="n/a" if median is None else f"{median:g}",
        final_sanity=final_text,
        blockers=_blockers(data.get("blockers")),
        chart=completion_chart(shares, what),
        odds=tuple(odds_row(o) for o in odds),
        played_by=played_by,
        players=tuple(views),
        cards=card_plays(data.get("cards")),
    )
