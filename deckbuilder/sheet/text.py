"""Numbers and words as the pages and the terminal show them: signs, shares, plurals, card values.

Pure and stdlib-only; the Jinja environment (:mod:`deckbuilder.sheet.render`) offers the
first three as filters, and the terminal's card views (:mod:`deckbuilder.cli.console`)
read a card's value through :func:`value_text`. The sections read the plain data they are
given (a mapping, a ``to_dict()``, a dataclass) with :func:`plain_data` and :func:`text_of`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from deckbuilder.rules.cards import Card, Disagreement

#: What a page shows for a number the catalog does not know (it never invents one).
UNKNOWN = "unknown"


def signed(value: float | None) -> str:
    """Gets a number with its sign, as a Sanity pentagram reads (``+2``, ``−1``, ``0``).

    ``None`` reads ``unknown``. The minus is U+2212, which prints at the width of the plus.
    """
    if value is None:
        return UNKNOWN
    if value > 0:
        return f"+{value:g}"
    if value < 0:
        return f"\u2212{-value:g}"
    return "0"


def percent(share: float | None, digits: int = 0) -> str:
    """Gets a share 0-1 as a percentage (``0.5`` -> ``50%``).

    A share that is neither 0 nor 1 never rounds to ``0%`` or ``100%``: it reads ``<1%`` or
    ``>99%`` (with ``digits`` decimals, at that precision), so a rare draw is not shown as
    impossible.
    """
    if share is None:
        return UNKNOWN
    value = share * 100
    step = 10.0**-digits
    if 0 < value < step / 2:
        return f"<{step:.{digits}f}%"
    if 100 - step / 2 <= value < 100:
        return f">{100 - step:.{digits}f}%"
    return f"{value:.{digits}f}%"


def plural(count: int, word: str, words: str | None = None) -> str:
    """Gets a count with its noun (``1 card``, ``2 cards``, ``2 copies`` with ``words``)."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


def value_text(card: Card) -> str:
    """Gets the upper-left value as a player reads it (``GOO``, ``6/4``, ``+2``, ``7``)."""
    if card.goo:
        return "GOO"
    if card.value is None:
        return ""
    if card.value2 is not None:
        return f"{card.value}/{card.value2}"
    if card.value_text.startswith("+"):
        return f"+{card.value}"
    return str(card.value)


#: The transcriptions' names as players know them.
TRANSCRIPTION_NAMES = {"gccg": "GCCG", "lackey": "LackeyCCG", "sample": "the sample"}


def reading_text(field: str, value: object) -> str:
    """Gets one transcription's reading of a field as a player reads it (``yes``, ``none``,
    ``-1``, ``Water, Outside``)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None or value == "" or value == []:
        return "none"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, int) and field == "sanity":
        return f"{value:+d}"
    return str(value)


def disagreement_text(d: Disagreement) -> str:
    """Gets a disagreement in one line: the readings and, if a document settles it, which.

    ``gate: GCCG no vs LackeyCCG yes; settled by rulebook:180 (yes)``, or for one no
    document settles, ``...; unsettled, GCCG's reading plays``.
    """
    readings = " vs ".join(
        f"{TRANSCRIPTION_NAMES.get(source, source)} {reading_text(d.field, value)}" for source, value in d.readings
    )
    shown = d.field.replace("_", " ")
    if d.decided_by:
        return f"{shown}: {readings}; settled by {d.decided_by} ({reading_text(d.field, d.value)})"
    first = TRANSCRIPTION_NAMES.get(d.readings[0][0], d.readings[0][0])
    return f"{shown}: {readings}; unsettled, {first}'s reading plays"


def plain_data(item: Any) -> Mapping[str, Any]:
    """Gets an item of an optional section as a mapping (mapping, ``to_dict()``, dataclass or attributes)."""
    if isinstance(item, Mapping):
        return item
    to_dict = getattr(item, "to_dict", None)
    if callable(to_dict):
        data = to_dict()
        if isinstance(data, Mapping):
            return dict(data)
    if dataclasses.is_dataclass(item) and not isinstance(item, type):
        return {f.name: getattr(item, f.name) for f in dataclasses.fields(item)}
    return dict(vars(item))


def text_of(value: Any) -> str:
    """Gets a value as words: enums by value, sequences joined, None empty."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    enum_value = getattr(value, "value", None)
    if isinstance(enum_value, str):
        return enum_value
    if isinstance(value, Mapping):
        return ", ".join(f"{text_of(k)} {text_of(v)}" for k, v in value.items())
    if isinstance(value, Iterable):
        return ", ".join(text_of(v) for v in value)
    if isinstance(value, float):
        return f"{value:.1f}".removesuffix(".0")
    return str(value)
