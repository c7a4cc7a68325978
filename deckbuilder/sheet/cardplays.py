"""What each card did in the test games, as the deck sheet and the web page show it: one
:class:`CardPlayView` per card of the goldfish report's ``cards`` (:func:`card_plays`).

Kept beside :mod:`deckbuilder.sheet.context` (which builds the goldfish section with it) so that
module stays under the house's length rule."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from deckbuilder.sheet.text import percent


@dataclass(frozen=True)
class CardPlayView:
    """What one card of the deck did in the test games."""

    card: str = field(metadata={"help": "The card's title."})
    copies: int = field(metadata={"help": "Copies in the deck."})
    played: str = field(metadata={"help": "The share of games in which a copy was played, as a percentage."})
    first_round: str = field(metadata={"help": 'The median Round it was first played in those games, or "never".'})
    used: str = field(metadata={"help": 'The share of games it was cast or used, as a percentage; "" for a card '
                                        "with no use."})
    ignored: str = field(metadata={"help": 'Why the engine leaves its effect out; "" when it plays it.'})


def card_plays(raw: Any) -> tuple[CardPlayView, ...]:
    """Gets what each card did: a report's ``cards`` (``{"title", "copies", "played",
    "median_round", "cast_or_used", "effect_ignored"}`` items, or :class:`CardStat` values)."""
    from deckbuilder.sheet.context import _plain, _text  # the section's own readers of report data

    out = []
    for item in raw or ():
        data = _plain(item)
        played = float(data.get("played") or 0)
        if not 0 <= played <= 1:
            raise ValueError(f"goldfish cards: {data.get('title')} played {played!r} is not between 0 and 1")
        median = data.get("median_round")
        used = data.get("cast_or_used", data.get("used"))
        out.append(CardPlayView(
            card=_text(data.get("title")),
            copies=int(data.get("copies") or 0),
            played=percent(played),
            first_round="never" if median is None else f"{median:g}",
            used="" if used is None else percent(float(used)),
            ignored=_text(data.get("effect_ignored", data.get("ignored")) or ""),
        ))
    return tuple(out)
