"""Numbers and words as the pages and the terminal show them: signs, shares, plurals, card values.

Pure and stdlib-only; the Jinja environment (:mod:`deckbuilder.sheet.render`) offers the
first three as filters, and the terminal's card views (:mod:`deckbuilder.cli.console`)
read a card's value through :func:`value_text`.
"""

from __future__ import annotations

from deckbuilder.rules.cards import Card

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
