"""The card search language of ``mythos search``: a parser, its key registry, an evaluator and its SQL.

A query is title words and ``KEY:VALUE`` terms in the spirit of Scryfall's::

    t:ally a:professor lang:latin
    t:location (a:city or a:town) -pub:w
    st:"great old one" or (t:monster v>=6)
    necronomicon -set:sd

:func:`parse_query` turns the text into a tree of frozen dataclasses (:class:`And`,
:class:`Or`, :class:`Not`, :class:`Term`, :class:`TitleWords`) whose values are already
checked and normalised, or raises :class:`QuerySyntaxError`. :data:`SEARCH_KEYS` lists the
keys (the registry ``mythos search --help`` prints through :func:`search_help`).
:func:`matches` evaluates a tree against one :class:`~deckbuilder.rules.cards.Card`; the
catalog compiles the same tree to SQL (:mod:`deckbuilder.catalog.search.sql`) and must
agree with it, so every matching rule is written down in :func:`matches`.
:func:`query_text` turns a tree back into a query.

The modules: ``syntax`` (the tree and the error), ``keys`` (the registry and the help),
``parser`` (text to tree and back), ``matching`` (tree against a card), ``sql`` (tree to
a ``WHERE`` clause). Everything but ``sql`` is pure and stdlib-only; rapidfuzz is imported
lazily by :func:`title_word_matches` when a title word needs fuzzy matching.
"""

from __future__ import annotations

from deckbuilder.catalog.search.keys import SEARCH_KEYS, KeyKind, SearchKey, find_key, search_help
from deckbuilder.catalog.search.matching import matches, title_word_matches, titles_matching
from deckbuilder.catalog.search.parser import parse_query, query_text
from deckbuilder.catalog.search.syntax import (
    MAX_DEPTH,
    MAX_QUERY_LENGTH,
    And,
    Node,
    Not,
    Or,
    QuerySyntaxError,
    Term,
    TermValue,
    TitleWords,
)

__all__ = [
    "MAX_DEPTH",
    "MAX_QUERY_LENGTH",
    "SEARCH_KEYS",
    "And",
    "KeyKind",
    "Node",
    "Not",
    "Or",
    "QuerySyntaxError",
    "SearchKey",
    "Term",
    "TermValue",
    "TitleWords",
    "find_key",
    "matches",
    "parse_query",
    "query_text",
    "search_help",
    "title_word_matches",
    "titles_matching",
]
