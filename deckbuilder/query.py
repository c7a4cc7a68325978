"""The card search language of ``mythos search``: a parser, its key registry, and a Python evaluator.

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
storage layer compiles the same tree to SQL and must agree with it, so every matching rule
is written down in :func:`matches`. :func:`query_text` turns a tree back into a query.

Everything here is pure and stdlib-only; rapidfuzz is imported lazily by
:func:`title_word_matches` when a title word needs fuzzy matching.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final, TypeAlias

from deckbuilder.errors import MythosError
from deckbuilder.rules.cards import (
    SETS,
    Allegiance,
    Card,
    CardType,
    Dimension,
    Legality,
    PublicAttribute,
    SpellIcon,
    fold_title,
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
]

#: Longest query accepted, in characters: hostile input is refused before any parsing.
MAX_QUERY_LENGTH: Final = 1000

#: Deepest nesting accepted: parentheses and negations (``-``, ``not``) each count one level.
MAX_DEPTH: Final = 50

#: Shortest title word (in letters and digits) that may match by fuzzy comparison.
FUZZY_MIN_LETTERS: Final = 4

#: Lowest rapidfuzz score that counts as a fuzzy title match.
FUZZY_MIN_SCORE: Final = 85.0


# --- Syntax tree ------------------------------------------------------------------------

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

    def __init__(
        self, message: str, position: int, query: str, *, fragment: str = "", hint: str = ""
    ) -> None:
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


def _clip(text: str, width: int = 30) -> str:
    """Gets text cut to ``width`` characters for a message, marking the cut with an ellipsis."""
    return text if len(text) <= width else text[: width - 1] + "…"


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


# --- Key registry -----------------------------------------------------------------------


class KeyKind(StrEnum):
    """How a key reads its value."""

    TEXT = "text"
    NUMBER = "number"
    ENUM = "enum"
    FLAG = "flag"


@dataclass(frozen=True)
class SearchKey:
    """A search key as ``mythos search --help`` documents it.

    ``values`` lists the accepted spellings of an enum or flag key's values (for help and
    error messages); other spellings listed in :data:`_VALUE_ALIASES` are accepted too.
    """

    name: str
    aliases: tuple[str, ...]
    kind: KeyKind
    description: str
    example: str
    values: tuple[str, ...] = ()

    @property
    def spellings(self) -> tuple[str, ...]:
        """Gets the canonical name followed by the aliases."""
        return (self.name, *self.aliases)


def _compact(text: str) -> str:
    """Gets the lookup form of an enum value: folded, spaces removed (``New Æon`` -> ``newaeon``)."""
    return fold_title(text).replace(" ", "")


_TYPE_VALUES = {_compact(t.value) + plural: t for t in CardType for plural in ("", "s")}
_TYPE_VALUES["allies"] = CardType.ALLY

_DIMENSION_VALUES = {
    "waking": Dimension.WAKING_WORLD,
    "ww": Dimension.WAKING_WORLD,
    "wakingworld": Dimension.WAKING_WORLD,
    "dreamlands": Dimension.DREAMLANDS,
    "drm": Dimension.DREAMLANDS,
    "nae": Dimension.NEW_AEON,
    "newaeon": Dimension.NEW_AEON,
    "thedreamlands": Dimension.DREAMLANDS,
}

_PUBLIC_VALUES = {_compact(p.value): p for p in PublicAttribute}
_PUBLIC_VALUES |= {name[0]: p for name, p in list(_PUBLIC_VALUES.items())}
_PUBLIC_VALUES["cemetary"] = PublicAttribute.CEMETERY  # the transcriptions' misspelling

_ICON_VALUES: dict[str, SpellIcon] = {_compact(icon.value): icon for icon in SpellIcon}
_ICON_VALUES |= {"yellow": SpellIcon.YELLOW_SIGN, "ys": SpellIcon.YELLOW_SIGN}

_ALLEGIANCE_VALUES = {_compact(a.value): a for a in Allegiance}

# Set codes and names, plus the names GCCG (``set`` attribute) and LackeyCCG (set files) use.
_SET_VALUES = {_compact(code): code for code in SETS}
_SET_VALUES |= {_compact(name): code for code, (name, _legality) in SETS.items()}
_SET_VALUES |= {
    "limited": "LTD",
    "b1": "EOMU",
    "b1mu": "EOMU",
    "b2": "CR",
    "b2cr": "CR",
    "b3": "LOTN",
    "b3ln": "LOTN",
    "standard": "MSGS",
    "stdc": "MSGS",
    "stds": "MSGS",
    "dreamlands": "DRM",
    "newaeon": "NAE",
    "promo": "PR",
    "scooby": "SD",
    "scoobydoo": "SD",
    "repointed": "RP",
}

_FLAG_VALUES = {
    flag: flag
    for flag in (
        "unique",
        "gate",
        "goo",
        "official",
        "fan",
        "repointed",
        "errata",
        "steadfast",
        "corrupt",
        "island",
        "exotic",
    )
} | {"rp": "repointed", "errataed": "errata"}

_RARITIES = ("Common", "Uncommon", "Rare", "Fixed", "Investigator")
_RARITY_VALUES = {_compact(r): r for r in _RARITIES} | {r[0].lower(): r for r in _RARITIES[:4]}

#: Each enum or flag key's accepted spellings (compacted) and the value each stands for.
_VALUE_ALIASES: dict[str, Mapping[str, str]] = {
    "t": _TYPE_VALUES,
    "dim": _DIMENSION_VALUES,
    "pub": _PUBLIC_VALUES,
    "icon": _ICON_VALUES,
    "al": _ALLEGIANCE_VALUES,
    "set": _SET_VALUES,
    "is": _FLAG_VALUES,
    "rarity": _RARITY_VALUES,
}

_NUMBER, _TEXT, _ENUM, _FLAG = KeyKind.NUMBER, KeyKind.TEXT, KeyKind.ENUM, KeyKind.FLAG

#: Every search key, in the order ``mythos search --help`` lists them.
SEARCH_KEYS: Final[tuple[SearchKey, ...]] = (
    SearchKey(
        "t",
        ("type",),
        _ENUM,
        "card type (plurals too)",
        "t:ally",
        tuple(t.value.lower() for t in CardType),
    ),
    SearchKey("st", ("subtype",), _TEXT, "subtype or Monster class, whole", "st:phobia"),
    SearchKey(
        "class",
        (),
        _TEXT,
        "Monster class, whole",
        'class:"outer god"',
    ),
    SearchKey(
        "a",
        ("attr", "attribute"),
        _TEXT,
        "a Location attribute, an Ally's allegiance or occupation",
        "a:city",
    ),
    SearchKey(
        "pub",
        ("public",),
        _ENUM,
        "Public Attribute, or its letter w f c i o",
        "pub:w",
        tuple(p.value.lower() for p in PublicAttribute),
    ),
    SearchKey("r", ("region",), _TEXT, "Region, whole or its first words", "r:lovecraft"),
    SearchKey("sr", ("subregion",), _TEXT, "Subregion, whole or its first words", "sr:arkham"),
    SearchKey(
        "dim",
        ("dimension",),
        _ENUM,
        "Dimension: waking (ww), dreamlands (drm), nae (new aeon)",
        "dim:drm",
        ("waking", "dreamlands", "nae"),
    ),
    SearchKey(
        "set",
        ("s", "e"),
        _ENUM,
        "set code or name (b1, standard, scooby...)",
        "set:cr",
        tuple(code.lower() for code in SETS),
    ),
    SearchKey(
        "lang",
        ("language",),
        _TEXT,
        "a language an Ally or Investigator knows, or a Tome's",
        "lang:latin",
    ),
    SearchKey(
        "icon",
        (),
        _ENUM,
        "a Spell's icon, or one a Tome holds",
        "icon:ys",
        tuple(i.value.lower() for i in SpellIcon),
    ),
    SearchKey("v", ("value",), _NUMBER, "value (either of a Monster's two)", "v>=5"),
    SearchKey(
        "san",
        ("sanity",),
        _NUMBER,
        "Sanity pentagram (Investigator: beginning Sanity)",
        "san<0",
    ),
    SearchKey("edu", ("education",), _NUMBER, "an Investigator's Education", "edu>=15"),
    SearchKey("hand", (), _NUMBER, "an Investigator's Hand size", "hand>13"),
    SearchKey(
        "is",
        (),
        _FLAG,
        "a flag (listed below)",
        "is:unique",
        tuple(sorted(set(_FLAG_VALUES.values()))),
    ),
    SearchKey("o", ("text", "oracle"), _TEXT, "words in the card text", 'o:"bury this"'),
    SearchKey("occ", ("occupation",), _TEXT, "an Ally's occupation, whole", "occ:professor"),
    SearchKey(
        "al",
        ("allegiance",),
        _ENUM,
        "an Ally's allegiance: steadfast, corrupt",
        "al:corrupt",
        tuple(a.value.lower() for a in Allegiance),
    ),
    SearchKey(
        "rarity",
        (),
        _ENUM,
        "rarity, or its letter c u r f",
        "rarity:rare",
        tuple(r.lower() for r in _RARITIES),
    ),
    SearchKey(
        "name",
        ("title",),
        _TEXT,
        "words in the title, no typos; name= the whole title",
        "name:necro",
    ),
)

_KEYS_BY_SPELLING: dict[str, SearchKey] = {
    spelling: key for key in SEARCH_KEYS for spelling in key.spellings
}

#: Keys whose ``=`` means "the whole field" rather than the same as ``:``.
_WHOLE_FIELD_KEYS = frozenset({"name"})


def find_key(spelling: str) -> SearchKey | None:
    """Gets the search key a name or alias (any case) spells, or None."""
    return _KEYS_BY_SPELLING.get(spelling.lower())


# --- Help -------------------------------------------------------------------------------


def search_help() -> str:
    """Gets the whole search language as plain text: syntax, every key with aliases and example."""
    lines = [
        "Search cards by title words and KEY:VALUE terms.",
        "",
        "  dark young             title words; each must be in the title (typos forgiven",
        "                         from 4 letters on)",
        '  "dark young"           a quoted phrase in the title; quote "and", "or", "not"',
        "  t:ally  t=ally         KEY:VALUE or KEY=VALUE; keys and values ignore case",
        "  v>=5  san<0  edu!=12   numbers: = != < <= > >= (':' means '=')",
        '  st:"great old one"     quote a value with spaces, in "double" or \'single\' quotes',
        "  t:ally a:city          side by side, every term must match ('and' is optional)",
        "  t:ally or t:monster    either may match",
        "  -t:ally  not t:ally    negation: '-' right before a term or '(', or 'not'",
        "  t:ally (a:city or a:town)",
        "                         parentheses group; not binds tighter than and, and than or",
        "",
        "Text values are compared after folding case, accents and punctuation, and match",
        'the whole field unless the key says "words in". r and sr also match the first',
        "words of a Region (r:lovecraft finds Lovecraft Country). A number never matches",
        f"a card without one. A query may have {MAX_QUERY_LENGTH} characters and"
        + f" {MAX_DEPTH} levels of nesting.",
        "",
        "Keys (name and aliases, example, what it matches):",
    ]
    for key in SEARCH_KEYS:
        lines.append(f"  {', '.join(key.spellings):<20} {key.example:<22} {key.description}")
    lines += [
        "",
        "Values:",
        "  t:    adventure ally artifact event investigator location monster spell tome",
        "        (plurals too: allies, locations...)",
        '  icon: water death cthulhu "yellow sign" (yellow, ys) folk eye dream',
        "  pub:  water forest cemetery inside outside (or w f c i o)",
        "  rarity: common uncommon rare fixed investigator (or c u r f)",
        "  set:  ltd (limited) eomu (b1) cr (b2) lotn (b3) msgs (standard) drm (dreamlands)",
        "        nae (new aeon) pr (promo) sd (scooby) movieland rp (repointed) sample,",
        "        or a set's full name",
        "  is:   unique gate goo official fan repointed (rp) steadfast corrupt island (a:island)",
        "        exotic (an Exotic Location) errata (changed by errata)",
    ]
    return "\n".join(lines)


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
_QUOTES = "\"'"
_KEYWORDS = {"or": _Kind.OR, "and": _Kind.AND, "not": _Kind.NOT}


def _stops_word(ch: str) -> bool:
    return ch.isspace() or ch in "()"


class _Lexer:
    """Cuts a query into tokens, checking and normalising each term as it goes."""

    def __init__(self, query: str) -> None:
        self.query = query
        self.i = 0

    def error(
        self, message: str, position: int, fragment: str = "", hint: str = ""
    ) -> QuerySyntaxError:
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
                    raise self.error(
                        '"-" with nothing after it', start, hint="put a term or '(' after it"
                    )
                if after.isspace():
                    raise self.error(
                        '"-" is apart from what it negates',
                        start,
                        hint="write it right before a term or '(', as in -t:ally",
                    )
                out.append(_Token(_Kind.NOT, start, "-"))
            elif ch in _QUOTES:
                text = self.quoted()
                out.append(
                    _Token(_Kind.WORD, start, q[start : self.i], self.title_words(text, start))
                )
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
            close = difflib.get_close_matches(spelling.lower(), list(_KEYS_BY_SPELLING), n=1)
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
            return "=" if op == "=" and key.name in _WHOLE_FIELD_KEYS else ":"
        hint = f"use -{key.name}:VALUE for 'not'" if op == "!=" else "only numbers compare"
        raise self.error(
            f'{key.name} takes ":" or "=", not "{op}"', position, fragment=raw, hint=hint
        )

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
            return int(text)
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
        table = _VALUE_ALIASES[key.name]
        found = table.get(_compact(value))
        if found is None:
            noun = {
                "t": "type",
                "dim": "dimension",
                "pub": "public attribute",
                "al": "allegiance",
                "is": "flag",
            }.get(key.name, key.name)
            close = difflib.get_close_matches(_compact(value), list(table), n=1)
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
                raise self.error(
                    f'nothing after "{keyword.text.lower()}"', keyword, "put a term after it"
                )
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
                    raise self.error(
                        f'nothing before "{token.text.lower()}"', token, "put a term before it"
                    )
                if self.peek().kind in (_Kind.END, _Kind.RPAREN, _Kind.OR, _Kind.AND):
                    raise self.error(
                        f'nothing after "{token.text.lower()}"', token, "put a term after it"
                    )
                continue
            items.append(self.parse_unary(depth))
        if not items:
            token = self.peek()
            if token.kind is _Kind.OR:
                raise self.error(
                    f'nothing before "{token.text.lower()}"', token, "put a term before it"
                )
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
                raise self.error(
                    f'nothing after "{token.text.lower()}"', token, "put a term or '(' after it"
                )
            return Not(self.parse_unary(inner))
        if token.kind is _Kind.LPAREN:
            inner = self.deeper(depth, token)
            if self.peek().kind is _Kind.RPAREN:
                raise self.error(
                    "empty parentheses", token, "put a term between them or remove them"
                )
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
        text = (
            value.lower() if isinstance(value, StrEnum) or term.key in ("is", "rarity") else value
        )
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
        return " ".join(
            f"({query_text(item)})" if isinstance(item, Or) else query_text(item)
            for item in node.items
        )
    return " or ".join(query_text(item) for item in node.items)


# --- Evaluation -------------------------------------------------------------------------


def title_word_matches(word: str, folded_title: str) -> bool:
    """Checks whether a folded title word (or quoted phrase) matches a folded title.

    It matches when it is a substring of the title, or, for words of
    :data:`FUZZY_MIN_LETTERS` or more letters and digits, when rapidfuzz scores it at least
    :data:`FUZZY_MIN_SCORE` against the title: ``partial_ratio`` (the best stretch of the
    title) or plain ``ratio`` (the whole title, which forgives a missing letter in a short
    title: ``ctulhu`` finds Cthulhu). ``partial_ratio`` counts only when the title is at
    least as long as the word, so that ``cartography`` does not find ``Car``. Storage
    registers this very function with SQLite, so both sides agree.

    >>> title_word_matches("necronomicn", "necronomicon")
    True
    """
    if word in folded_title:
        return True
    if sum(ch.isalnum() for ch in word) < FUZZY_MIN_LETTERS:
        return False
    from rapidfuzz import fuzz  # imported here: the search core stays stdlib-only

    score = fuzz.ratio(word, folded_title)
    if len(folded_title) >= len(word):
        score = max(score, fuzz.partial_ratio(word, folded_title))
    return bool(score >= FUZZY_MIN_SCORE)


def _fold(value: str | None) -> str:
    return fold_title(value) if value else ""


def _whole_or_first_words(value: str, field: str | None) -> bool:
    """Checks a Region-style match: the whole folded field, or its first whole words."""
    folded = _fold(field)
    return folded == value or folded.startswith(value + " ")


def _compare(number: int | None, op: str, wanted: int) -> bool:
    if number is None:
        return False
    if op == "=":
        return number == wanted
    if op == "<":
        return number < wanted
    if op == "<=":
        return number <= wanted
    if op == ">":
        return number > wanted
    if op == ">=":
        return number >= wanted
    raise ValueError(f"unknown numeric operator {op!r}")


def _numbers(card: Card, key: str) -> tuple[int, ...]:
    found: tuple[int | None, ...]
    if key == "v":
        found = (card.value, card.value2)
    elif key == "san":
        found = (card.sanity,)
    elif key == "edu":
        found = (card.education,)
    elif key == "hand":
        found = (card.hand,)
    else:
        raise ValueError(f"{key!r} is not a numeric key")
    return tuple(n for n in found if n is not None)


def _flag(card: Card, flag: str) -> bool:
    if flag == "unique":
        return card.unique
    if flag == "gate":
        return card.gate
    if flag == "goo":
        return card.goo
    if flag in ("official", "fan", "repointed"):
        return card.legality is Legality(flag)
    if flag == "errata":
        return any(erratum.applied for erratum in card.errata)
    if flag in ("steadfast", "corrupt"):
        return card.allegiance is Allegiance(flag.capitalize())
    if flag == "island":
        return "island" in map(_fold, card.attributes)
    if flag == "exotic":
        # The importers name the Region "Exotic Location" (rulebook, "Exotic Locations").
        return _whole_or_first_words("exotic", card.region)
    raise ValueError(f"unknown flag {flag!r}")


def _term_matches(term: Term, card: Card) -> bool:
    key, value = term.key, term.value
    if isinstance(value, int):
        numbers = _numbers(card, key)
        if term.op == "!=":
            return bool(numbers) and value not in numbers
        return any(_compare(n, term.op, value) for n in numbers)
    if key == "t":
        return card.type is value
    if key == "dim":
        return card.dimension is value
    if key == "pub":
        return value in card.public
    if key == "icon":
        return value in card.icons
    if key == "al":
        return card.allegiance is value
    if key == "set":
        return card.set_code.upper() == value
    if key == "is":
        return _flag(card, value)
    if key == "rarity":
        return _fold(card.rarity) == _fold(value)
    if key == "st":
        return value in (_fold(card.subtype), _fold(card.monster_class))
    if key == "class":
        return _fold(card.monster_class) == value
    if key == "a":
        words = (*card.attributes, *card.occupations, card.allegiance or "")
        return value in map(_fold, words)
    if key == "occ":
        return value in map(_fold, card.occupations)
    if key == "r":
        return _whole_or_first_words(value, card.region)
    if key == "sr":
        return _whole_or_first_words(value, card.subregion)
    if key == "lang":
        known = {_fold(lang) for lang in (*card.languages, *card.tome_languages)}
        return value in known or "all" in known or "all languages" in known
    if key == "o":
        return value in _fold(card.text)
    if key == "name":
        title = _fold(card.title)
        return title == value if term.op == "=" else value in title
    raise ValueError(f"unknown search key {key!r}")


def matches(node: Node, card: Card) -> bool:
    """Checks whether a card matches a parsed query. The storage layer's SQL agrees with it.

    Rules, key by key (text is compared folded, see :func:`fold_title`):

    - title words: :func:`title_word_matches` against the folded title (``card.title``);
      ``name:`` is a plain substring of it, ``name=`` the whole of it.
    - ``t``, ``dim``, ``pub``, ``icon``, ``al``, ``set``: the card's type, Dimension
      (a card with no indicator matches no ``dim:``), one of its Public Attributes, one of
      its Spell icons (a Tome's held icons too), allegiance, set code.
    - ``st``: the whole subtype or Monster class; ``class``: the whole Monster class;
      ``occ``: one whole occupation; ``a``: one whole word among the attributes,
      occupations and allegiance; ``rarity``: the whole rarity.
    - ``r``, ``sr``: the whole Region/Subregion or its first whole words
      (``r:lovecraft`` matches Lovecraft Country, ``r:love`` does not).
    - ``lang``: one of the languages the card knows or a Tome is written in; a card that
      knows ``All`` languages matches every ``lang:``.
    - ``o``: a substring of the folded card text.
    - numbers: never match a card without that number; ``v`` compares both values of the
      one Monster that has two (``6/4``), and ``v!=N`` means neither is N.
    - ``is``: unique, gate, goo (the card's GOO flag), official/fan/repointed (the set's
      legality), errata (an erratum was applied), steadfast/corrupt (allegiance), island
      (``a:island``), exotic (``r:exotic``, the Exotic Location Region).
    """
    if isinstance(node, Term):
        return _term_matches(node, card)
    if isinstance(node, TitleWords):
        return title_word_matches(node.text, _fold(card.title))
    if isinstance(node, Not):
        return not matches(node.item, card)
    if isinstance(node, And):
        return all(matches(item, card) for item in node.items)
    return any(matches(item, card) for item in node.items)
