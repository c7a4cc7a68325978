"""Reads a search query into its syntax tree (:func:`parse_query`) and writes one back (:func:`query_text`).

A lexer cuts the text into tokens, checking and normalising each ``KEY:VALUE`` term against
the key registry (:mod:`deckbuilder.catalog.search.keys`); a recursive-descent parser
builds the tree (:mod:`deckbuilder.catalog.search.syntax`). Every failure is one
:class:`QuerySyntaxError` naming the column, the input and a fix. Pure and stdlib-only.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from enum import StrEnum

from deckbuilder.catalog.search.keys import (
    KEYS_BY_SPELLING,
    SEARCH_KEYS,
    VALUE_ALIASES,
    WHOLE_FIELD_KEYS,
    KeyKind,
    SearchKey,
    compact,
    find_key,
)
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
from deckbuilder.rules.cards import Dimension, fold_title


def _clip(text: str, width: int = 30) -> str:
    """Gets text cut to ``width`` characters for a message, marking the cut with an ellipsis."""
    return text if len(text) <= width else text[: width - 1] + "…"


# --- Lexer ------------------------------------------------------------------------------


class _Kind(StrEnum):
    LPAREN = "("
    RPAREN = ")"
    OR = "or"
    AND = "and"
    NOT = "not"
    TERM = "term"
    WORD = "word"
    END = "end"


@dataclass(frozen=True)
class _Token:
    kind: _Kind
    position: int
    text: str
    node: Term | TitleWords | None = None


_TERM_START = re.compile(r"([A-Za-z]+)(>=|<=|!=|:|=|<|>)")
_NUMBER_VALUE = re.compile(r"[+-]?\d+")
#: The largest number a numeric key takes (either sign).
MAX_NUMBER = 999_999_999
_QUOTES = "\"'"
_KEYWORDS = {"or": _Kind.OR, "and": _Kind.AND, "not": _Kind.NOT}


def _stops_word(ch: str) -> bool:
    return ch.isspace() or ch in "()"


class _Lexer:
    """Cuts a query into tokens, checking and normalising each term as it goes."""

    def __init__(self, query: str) -> None:
        self.query = query
        self.i = 0

    def error(self, message: str, position: int, fragment: str = "", hint: str = "") -> QuerySyntaxError:
        return QuerySyntaxError(message, position, self.query, fragment=fragment, hint=hint)

    def tokens(self) -> list[_Token]:
        out: list[_Token] = []
        q = self.query
        while True:
            while self.i < len(q) and q[self.i].isspace():
                self.i += 1
            if self.i >= len(q):
                out.append(_Token(_Kind.END, len(q), ""))
                return out
            start, ch = self.i, q[self.i]
            if ch in "()":
                self.i += 1
                out.append(_Token(_Kind.LPAREN if ch == "(" else _Kind.RPAREN, start, ch))
            elif ch == "-":
                self.i += 1
                after = q[self.i] if self.i < len(q) else ""
                if after == "" or after == ")":
                    raise self.error('"-" with nothing after it', start, hint="put a term or '(' after it")
                if after.isspace():
                    raise self.error(
                        '"-" is apart from what it negates',
                        start,
                        hint="write it right before a term or '(', as in -t:ally",
                    )
                out.append(_Token(_Kind.NOT, start, "-"))
            elif ch in _QUOTES:
                text = self.quoted()
                out.append(_Token(_Kind.WORD, start, q[start : self.i], self.title_words(text, start)))
            else:
                match = _TERM_START.match(q, start)
                if match:
                    out.append(self.term(match))
                else:
                    while self.i < len(q) and not _stops_word(q[self.i]):
                        self.i += 1
                    word = q[start : self.i]
                    keyword = _KEYWORDS.get(word.lower())
                    if keyword is not None:
                        out.append(_Token(keyword, start, word))
                    else:
                        out.append(_Token(_Kind.WORD, start, word, self.title_words(word, start)))

    def quoted(self) -> str:
        """Reads a quoted string starting at ``self.i``; returns its contents."""
        q, start = self.query, self.i
        quote = q[start]
        end = q.find(quote, start + 1)
        if end < 0:
            raise self.error(
                "unterminated quote",
                start,
                fragment=q[start : start + 30],
                hint=f"close it with {quote}",
            )
        self.i = end + 1
        return q[start + 1 : end]

    def title_words(self, text: str, start: int) -> TitleWords:
        folded = fold_title(text)
        if not folded:
            raise self.error(
                "nothing to search for",
                start,
                fragment=self.query[start : self.i],
                hint="a title word needs a letter or a digit",
            )
        return TitleWords(folded)

    def term(self, match: re.Match[str]) -> _Token:
        q, start = self.query, match.start()
        spelling, op = match.group(1), match.group(2)
        value_start = match.end()
        self.i = value_start
        if self.i < len(q) and q[self.i] in _QUOTES:
            value = self.quoted()
        else:
            while self.i < len(q) and not _stops_word(q[self.i]):
                self.i += 1
            value = q[value_start : self.i]
        raw = q[start : self.i]
        key = find_key(spelling)
        if key is None:
            close = difflib.get_close_matches(spelling.lower(), list(KEYS_BY_SPELLING), n=1)
            known = "known keys: " + ", ".join(k.name for k in SEARCH_KEYS)
            hint = f"did you mean {close[0]}? {known}" if close else known
            raise self.error(f'unknown key "{_clip(spelling)}"', start, fragment=raw, hint=hint)
        if not value.strip():
            raise self.error(
                f"empty value for {key.name}",
                value_start,
                fragment=raw,
                hint=f"for example {key.example}",
            )
        checked_op = self.check_op(key, op, start + len(spelling), raw)
        node = Term(key.name, checked_op, self.normalise(key, value, value_start, raw), raw)
        return _Token(_Kind.TERM, start, raw, node)

    def check_op(self, key: SearchKey, op: str, position: int, raw: str) -> str:
        if key.kind is KeyKind.NUMBER:
            return "=" if op == ":" else op
        if op in (":", "="):
            return "=" if op == "=" and key.name in WHOLE_FIELD_KEYS else ":"
        hint = f"use -{key.name}:VALUE for 'not'" if op == "!=" else "only numbers compare"
        raise self.error(f'{key.name} takes ":" or "=", not "{op}"', position, fragment=raw, hint=hint)

    def normalise(self, key: SearchKey, value: str, position: int, raw: str) -> TermValue:
        if key.kind is KeyKind.NUMBER:
            text = value.strip()
            if not _NUMBER_VALUE.fullmatch(text):
                raise self.error(
                    f"{key.name} takes a whole number",
                    position,
                    fragment=raw,
                    hint=f"for example {key.example}",
                )
            number = int(text)
            if abs(number) > MAX_NUMBER:
                # SQLite's integers stop at 64 bits; no card's number comes near this bound.
                raise self.error(
                    f"{key.name} takes a whole number up to {MAX_NUMBER:,}",
                    position,
                    fragment=raw,
                    hint=f"no card's number is that large; for example {key.example}",
                )
            return number
        if key.kind is KeyKind.TEXT:
            folded = fold_title(value)
            if not folded:
                raise self.error(
                    f"nothing to search for in {key.name}",
                    position,
                    fragment=raw,
                    hint="a value needs a letter or a digit",
                )
            return folded
        table = VALUE_ALIASES[key.name]
        found = table.get(compact(value))
        if found is None:
            noun = {
                "t": "type",
                "dim": "dimension",
                "pub": "public attribute",
                "al": "allegiance",
                "is": "flag",
            }.get(key.name, key.name)
            close = difflib.get_close_matches(compact(value), list(table), n=1)
            accepted = "accepted: " + ", ".join(key.values)
            hint = f"did you mean {close[0]}? {accepted}" if close else accepted
            raise self.error(f'unknown {noun} "{_clip(value)}"', position, fragment=raw, hint=hint)
        return found


# --- Parser -----------------------------------------------------------------------------


class _Parser:
    """Builds the tree by recursive descent (or > and > not > group), depth-capped."""

    def __init__(self, query: str, tokens: list[_Token]) -> None:
        self.query = query
        self.tokens = tokens
        self.at = 0

    def peek(self) -> _Token:
        return self.tokens[self.at]

    def take(self) -> _Token:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def error(self, message: str, token: _Token, hint: str = "") -> QuerySyntaxError:
        # The echo is the query itself: a lone "(" or "or" would say little.
        return QuerySyntaxError(message, token.position, self.query, hint=hint)

    def parse(self) -> Node:
        node = self.parse_or(0)
        token = self.peek()
        if token.kind is _Kind.RPAREN:
            raise self.error('")" without a matching "("', token, "remove it or add a '(' before")
        return node

    def parse_or(self, depth: int) -> Node:
        items = [self.parse_and(depth)]
        while self.peek().kind is _Kind.OR:
            keyword = self.take()
            if self.peek().kind in (_Kind.END, _Kind.RPAREN, _Kind.OR, _Kind.AND):
                raise self.error(f'nothing after "{keyword.text.lower()}"', keyword, "put a term after it")
            items.append(self.parse_and(depth))
        return _combine(Or, items)

    def parse_and(self, depth: int) -> Node:
        items: list[Node] = []
        while True:
            token = self.peek()
            if token.kind in (_Kind.END, _Kind.RPAREN, _Kind.OR):
                break
            if token.kind is _Kind.AND:
                self.take()
                if not items:
                    raise self.error(f'nothing before "{token.text.lower()}"', token, "put a term before it")
                if self.peek().kind in (_Kind.END, _Kind.RPAREN, _Kind.OR, _Kind.AND):
                    raise self.error(f'nothing after "{token.text.lower()}"', token, "put a term after it")
                continue
            items.append(self.parse_unary(depth))
        if not items:
            token = self.peek()
            if token.kind is _Kind.OR:
                raise self.error(f'nothing before "{token.text.lower()}"', token, "put a term before it")
            if token.kind is _Kind.END:
                # Only an empty or blank query gets here: "(" with nothing after is caught below.
                raise QuerySyntaxError(
                    "empty query",
                    0,
                    self.query,
                    fragment='""',
                    hint='try t:ally or "dark young"; see mythos search --help',
                )
            raise self.error('")" without a matching "("', token, "remove it or add a '(' before")
        return _combine(And, items)

    def deeper(self, depth: int, token: _Token) -> int:
        if depth + 1 > MAX_DEPTH:
            raise self.error(
                "query nests too deeply",
                token,
                f"the limit is {MAX_DEPTH} levels of parentheses and negations",
            )
        return depth + 1

    def parse_unary(self, depth: int) -> Node:
        token = self.take()
        if token.kind is _Kind.NOT:
            inner = self.deeper(depth, token)
            if self.peek().kind in (_Kind.END, _Kind.RPAREN, _Kind.OR, _Kind.AND):
                raise self.error(f'nothing after "{token.text.lower()}"', token, "put a term or '(' after it")
            return Not(self.parse_unary(inner))
        if token.kind is _Kind.LPAREN:
            inner = self.deeper(depth, token)
            if self.peek().kind is _Kind.RPAREN:
                raise self.error("empty parentheses", token, "put a term between them or remove them")
            if self.peek().kind is _Kind.END:
                raise self.error('"(" is never closed', token, "add a ')'")
            node = self.parse_or(inner)
            if self.peek().kind is not _Kind.RPAREN:
                raise self.error('"(" is never closed', token, "add a ')'")
            self.take()
            return node
        assert token.node is not None, token  # TERM and WORD tokens carry their node
        return token.node


def _combine(kind: type[And | Or], items: list[Node]) -> Node:
    """Gets one node for the items: the item itself, or an And/Or with nested ones flattened."""
    flat: list[Node] = []
    for item in items:
        if isinstance(item, kind):
            flat.extend(item.items)
        else:
            flat.append(item)
    return flat[0] if len(flat) == 1 else kind(tuple(flat))


def parse_query(text: str) -> Node:
    """Parses a search query into its syntax tree, values checked and normalised.

    >>> parse_query("t:allies -a:city")
    And(items=(Term(key='t', op=':', value=<CardType.ALLY: 'Ally'>, raw='t:allies'), \
Not(item=Term(key='a', op=':', value='city', raw='a:city'))))

    Raises :class:`QuerySyntaxError` for an empty query, unknown keys and values, a
    non-number for a numeric key, unbalanced parentheses, a dangling ``or``/``and``/``-``,
    an unterminated quote, a query longer than :data:`MAX_QUERY_LENGTH` characters, or one
    nested deeper than :data:`MAX_DEPTH` levels.
    """
    if len(text) > MAX_QUERY_LENGTH:
        raise QuerySyntaxError(
            f"query is too long ({len(text)} characters)",
            MAX_QUERY_LENGTH,
            text,
            fragment=text[:40] + "…",
            hint=f"the limit is {MAX_QUERY_LENGTH} characters",
        )
    tokens = _Lexer(text).tokens()
    return _Parser(text, tokens).parse()


# --- Printing a tree back ---------------------------------------------------------------

_DIMENSION_NAMES = {
    Dimension.WAKING_WORLD: "waking",
    Dimension.DREAMLANDS: "dreamlands",
    Dimension.NEW_AEON: "nae",
}


def _value_text(term: Term) -> str:
    value = term.value
    if isinstance(value, int):
        return str(value)
    if term.key == "dim":
        text = _DIMENSION_NAMES[Dimension(value)]
    elif term.key == "set":
        text = value.lower()
    else:
        text = value.lower() if isinstance(value, StrEnum) or term.key in ("is", "rarity") else value
    return f'"{text}"' if " " in text else text


def query_text(node: Node) -> str:
    """Gets a query that parses back to the same tree (canonical keys, normalised values).

    >>> query_text(parse_query('TYPE:Allies not (dimension:"New Æon" or r:Lovecraft)'))
    't:ally -(dim:nae or r:lovecraft)'
    """
    if isinstance(node, Term):
        return f"{node.key}{node.op}{_value_text(node)}"
    if isinstance(node, TitleWords):
        bare = " " not in node.text and node.text not in _KEYWORDS
        return node.text if bare else f'"{node.text}"'
    if isinstance(node, Not):
        inner = query_text(node.item)
        return f"-({inner})" if isinstance(node.item, (And, Or)) else f"-{inner}"
    if isinstance(node, And):
        return " ".join(f"({query_text(item)})" if isinstance(item, Or) else query_text(item) for item in node.items)
    return " or ".join(query_text(item) for item in node.items)
