"""The search language's syntax tree and its error: what :func:`~deckbuilder.catalog.search.parse_query` gives.

A query becomes a tree of frozen dataclasses (:class:`And`, :class:`Or`, :class:`Not`,
:class:`Term`, :class:`TitleWords`) whose values are already checked and normalised, or
raises :class:`QuerySyntaxError`. Pure and stdlib-only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, TypeAlias

from deckbuilder.errors import MythosError

#: Longest query accepted, in characters: hostile input is refused before any parsing.
MAX_QUERY_LENGTH: Final = 1000

#: Deepest nesting accepted: parentheses and negations (``-``, ``not``) each count one level.
MAX_DEPTH: Final = 50


#: A term's normalised value: ``int`` for numeric keys, an enum member (a ``str``) for
#: type/dimension/public/icon/allegiance, a set code (``"MSGS"``), a flag name
#: (``"unique"``), a rarity (``"Rare"``), or folded lower-case text for text keys.
TermValue: TypeAlias = int | str


@dataclass(frozen=True)
class Term:
    """One ``KEY:VALUE`` condition.

    ``key`` is the canonical key name (``t``, never ``type``). ``op`` is ``=``, ``!=``,
    ``<``, ``<=``, ``>`` or ``>=`` for numeric keys (``:`` is written ``=``), and ``:`` for
    every other key, except ``name=`` which asks for the whole title. ``raw`` is the term as
    typed, without any leading ``-``; it is left out of comparisons, so ``t:allies`` and
    ``type=Ally`` give equal terms.
    """

    key: str
    op: str
    value: TermValue
    raw: str = field(default="", compare=False)


@dataclass(frozen=True)
class TitleWords:
    """A bare word or quoted phrase to find in the title; ``text`` is folded (see :func:`fold_title`)."""

    text: str


@dataclass(frozen=True)
class Not:
    """Matches the cards its item does not match."""

    item: Node


@dataclass(frozen=True)
class And:
    """Matches the cards every item matches (two or more items, none of them an ``And``)."""

    items: tuple[Node, ...]


@dataclass(frozen=True)
class Or:
    """Matches the cards any item matches (two or more items, none of them an ``Or``)."""

    items: tuple[Node, ...]


Node: TypeAlias = And | Or | Not | Term | TitleWords


class QuerySyntaxError(MythosError, ValueError):
    """Raised when a search query cannot be read: bad syntax, unknown key or value, or too big."""

    kind = "query"

    def __init__(self, message: str, position: int, query: str, *, fragment: str = "", hint: str = "") -> None:
        self.message = message
        self.position = max(0, min(position, len(query)))
        self.query = query
        self.fragment = fragment
        self.hint = hint
        super().__init__(str(self))

    def __str__(self) -> str:
        """Gets the one-line message: what, where (1-based column), the input, and a hint."""
        echo = _one_line(self.fragment) if self.fragment else _window(self.query, self.position)[0]
        if len(echo) > 60:
            echo = echo[:59] + "…"
        text = f"{self.message} at column {self.position + 1}: {echo}"
        return f"{text} ({self.hint})" if self.hint else text

    def pointer(self) -> str:
        """Gets two lines: the query (a window of it when long) and a caret under the error."""
        shown, offset = _window(self.query, self.position)
        return f"{shown}\n{' ' * offset}^"


def _one_line(text: str) -> str:
    """Gets text with every unprintable character (newlines, tabs) shown as a space."""
    return "".join(ch if ch.isprintable() else " " for ch in text)


def _window(query: str, position: int, width: int = 72) -> tuple[str, int]:
    """Gets at most ``width`` characters of the query around ``position``, and the caret offset."""
    if len(query) <= width:
        return _one_line(query), position
    start = max(0, min(position - width // 2, len(query) - width))
    shown = query[start : start + width]
    offset = position - start
    if start > 0:
        shown, offset = "…" + shown, offset + 1
    if start + width < len(query):
        shown += "…"
    return _one_line(shown), offset
