"""The words of an Adventure's recipe, for the reader (:mod:`~.parser`): numbers, the non-card
conditions, the pieces a reading is built from, and capitalised phrases resolved to requirements.

A phrase of capitalised words is resolved against the catalog's own
:class:`~.vocabulary.Vocabulary`, longest first: an exact phrase (every meaning it has), a
title named loosely, a phrase inside a longer value, a misspelt title. Rulebook, "Adventure
cards": "Part of a card title may not be used to fulfill the requirement of an attribute", so
a title loses to any other meaning of the same words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from deckbuilder.rules.adventures.matching import Key, fold_words, key, singular
from deckbuilder.rules.adventures.model import Atom, Field, Gate, Requirement, all_of, any_of
from deckbuilder.rules.adventures.vocabulary import FUNCTION_WORDS, Term, TermKind, Vocabulary
from deckbuilder.rules.cards import CardType
from deckbuilder.rules.counts import count_pattern, read_count

#: A count in a recipe: figures or a word ("a" and "an" are articles here, not counts).
NUM = count_pattern(20)
PLACE_KINDS = (TermKind.REGION, TermKind.SUBREGION, TermKind.DIMENSION)
#: What a capitalised word just before a mention may narrow it by: a place or a Monster class.
PLACE_OR_CLASS_KINDS = PLACE_KINDS + (TermKind.CLASS,)
_ORDER = (
    TermKind.TYPE, TermKind.GATE, TermKind.SUBTYPE, TermKind.CLASS, TermKind.ATTRIBUTE, TermKind.PUBLIC,
    TermKind.DIMENSION, TermKind.REGION, TermKind.SUBREGION, TermKind.LANGUAGE, TermKind.ICON, TermKind.TITLE,
)  # fmt: skip
FIELD_OF = {
    TermKind.TYPE: Field.TYPE, TermKind.SUBTYPE: Field.SUBTYPE, TermKind.CLASS: Field.CLASS,
    TermKind.ATTRIBUTE: Field.ATTRIBUTE, TermKind.PUBLIC: Field.PUBLIC, TermKind.DIMENSION: Field.DIMENSION,
    TermKind.REGION: Field.REGION, TermKind.SUBREGION: Field.SUBREGION, TermKind.TITLE: Field.TITLE,
    TermKind.LANGUAGE: Field.KNOWS, TermKind.ICON: Field.ICON,
}  # fmt: skip
_TYPE_WORDS = frozenset(key(t.value) for t in CardType)


def number(word: str) -> int | None:
    """Gets the number a word or numeral says ("THREE", "3"), or None (for "a" and "an" too:
    in a recipe they are articles)."""
    return read_count(word, articles=False)


# --------------------------------------------------------------------------------------
# conditions: rulings document line 85, "'Strange' Requirements"

#: Each pattern with how much text the condition quotes: its clause, or its sentence.
CONDITIONS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\b(?:find a way to )?drive your own sanity below [\w-]+(?: sanity)?(?: points?)?", re.I), "clause"),
    (re.compile(r"[\"']?\bre-?rolls?\b[\"']? your investigator", re.I), "clause"),
    (re.compile(r"\bof the opposite sex(?: (?:as|to|from))? your investigator", re.I), "clause"),
    (re.compile(r"\bwhile it is (?:day|night)\b", re.I), "clause"),
    (re.compile(r"\bwhile (?:[A-Z][A-Z0-9'\-]*\s+)*[A-Z][A-Z0-9'\-]* is in play\b"), "clause"),
    (re.compile(r"\(\s*(?:he|she|it|they) must be in your story deck\s*\)", re.I), "clause"),
    (re.compile(r"\b[Aa]s a member of (?:an? |the )?(?:[A-Z][A-Z'\-]*\s+)*[A-Z][A-Z'\-]*"), "clause"),
    (re.compile(r"\bin a language (?:that )?you do not already (?:speak|know|read)\b", re.I), "sentence"),
    # A Spell held by a Tome must match one of its icons (rulebook, "Spell cards").
    (re.compile(r"\b(?:in that tome|found within|within them)\b", re.I), "sentence"),
]


@dataclass
class Modifier:
    """An uncapitalised phrase that changes the card before or after it."""

    start: int
    end: int
    attach: str  # "prev", "next", or "adjacent" (right after the card it narrows)
    kind: str
    value: Any = None


@dataclass
class Mention:
    """A run of capitalised words: where it is, what it resolved to, what surrounds it."""

    start: int
    end: int
    words: list[str]
    requirement: Requirement | None = None
    unresolved: list[str] = field(default_factory=list)
    count: int | None = None
    different: bool = False
    separate: bool = False
    either: bool = False
    anaphoric: bool = False
    source_start: int = 0
    modifiers: list[Modifier] = field(default_factory=list)


@dataclass
class Group:
    """Mentions that make one slot ("ARTIFACTS or TOMES")."""

    mentions: list[Mention]

    @property
    def modifiers(self) -> list[Modifier]:
        return [m for mention in self.mentions for m in mention.modifiers]


# --------------------------------------------------------------------------------------
# capitalised words: tokens, phrases, and what they name


def classify(token: str) -> tuple[str, str, bool]:
    """Gets a token's word, its kind (caps, single, num, amp, caps-prefix, other) and whether
    a full stop after it ends the sentence."""
    if token == "&":
        return token, "amp", False
    ends = False
    word = token
    if word.endswith(".") and not re.fullmatch(r"(?:[A-Za-z]\.)+|[A-Z][A-Za-z]{0,2}\.", word):
        word = word.rstrip(".")
        ends = True
    letters = re.sub(r"[^A-Za-zÆŒæœ]", "", word)
    if not letters:
        return word, ("num" if word.isdigit() else "other"), ends
    if letters.isupper():
        if len(letters) >= 2 and not re.fullmatch(r"(?:[A-Z]\.)+", word):
            return word, "caps", ends
        return word, "single", ends
    if len(letters) >= 3 and letters[:-1].isupper() and letters[-1] == "s" and word[-1] == "s":
        return word, "caps", ends
    prefix = re.match(r"([A-Z][A-Z'’]+)-[a-z]", word)
    if prefix and len(prefix[1]) >= 2:
        return prefix[1], "caps-prefix", ends
    return word, "other", ends


def is_title_start(vocabulary: Vocabulary, run: list[tuple[int, int, str]]) -> bool:
    """Checks whether a run starting with a number word is a title ("ONE OF THE CIRCLE")."""
    words = tuple(singular(w) for _, _, token in run for w in fold_words(token))
    return any(t.kind is TermKind.TITLE for t in vocabulary.lookup(words))


@dataclass(frozen=True)
class Segment:
    """Words ``start:end`` of a mention and what they name: ``exact`` (every meaning of the
    phrase), ``loose``/``fuzzy`` (one title), ``partial`` (one kind the phrase sits inside)."""

    how: str
    start: int
    end: int
    terms: tuple[Term, ...]


def longest_phrase(v: Vocabulary, words: list[str], i: int) -> Segment | None:
    """Gets the longest phrase starting at word ``i`` that names something, or None."""
    n = len(words)
    best: Segment | None = None
    for j in range(min(n, i + v.max_phrase), i, -1):
        terms = v.lookup(tuple(words[i:j]))
        if terms:
            best = Segment("exact", i, j, terms)
            break
    if words[i] in FUNCTION_WORDS:
        return best  # "IN THE NICK OF TIME" is exact; "THE" alone starts nothing looser
    for j in range(n, i + 1, -1):
        if best is not None and j <= best.end:
            break
        title = v.loose_title(tuple(words[i:j]))
        if title:
            best = Segment("loose", i, j, (Term(TermKind.TITLE, title),))
            break
    for j in range(n, i, -1):
        if best is not None and j <= best.end:
            break
        partial = v.partial(tuple(words[i:j]))
        if partial is not None:
            best = Segment("partial", i, j, (partial,))
            break
    if best is None:
        for j in range(n, max(i + 1, n - 2), -1):
            title = v.fuzzy_title(tuple(words[i:j]))
            if title:
                return Segment("fuzzy", i, j, (Term(TermKind.TITLE, title),))
    return best


def pick(terms: tuple[Term, ...] | list[Term], has_type: bool) -> Term:
    """Gets the meaning of a phrase that ranks first (an Attribute before a card type when a
    type is named elsewhere in the phrase)."""
    ranked = sorted(terms, key=lambda t: _ORDER.index(t.kind))
    if has_type and ranked[0].kind is TermKind.TYPE:
        for term in ranked:
            if term.kind is TermKind.ATTRIBUTE:
                return term
    return ranked[0]


def term_requirement(term: Term, words: Key) -> Requirement:
    """Gets the requirement of one meaning of a phrase (a place named with a card type needs both)."""
    if term.kind is TermKind.GATE:
        return Gate()
    atom = Atom(FIELD_OF[term.kind], term.value)
    if term.kind in PLACE_KINDS and len(words) > 1 and (words[-1],) in _TYPE_WORDS:
        type_name = next(t.value for t in CardType if key(t.value) == (words[-1],))
        return all_of([atom, Atom(Field.TYPE, type_name)])
    return atom


def terms_requirement(terms: tuple[Term, ...], words: Key, typed_elsewhere: bool) -> Requirement:
    """Gets the requirement of a phrase with one or more meanings.

    A title loses to any other meaning (an attribute is never read from a title). A word
    that is both a type and an attribute (ARTIFACT, TOME) is the attribute when the same card
    is named by another type ("GOVERNMENT ARTIFACT LOCATIONS"). Attribute and Monster class,
    or attribute and public attribute, are both accepted ("LIVING DEAD").
    """
    kinds = {t.kind for t in terms}
    if len(kinds) > 1:
        terms = tuple(t for t in terms if t.kind is not TermKind.TITLE)
        kinds = {t.kind for t in terms}
    if TermKind.TYPE in kinds and TermKind.ATTRIBUTE in kinds:
        chosen = [t for t in terms if t.kind is (TermKind.ATTRIBUTE if typed_elsewhere else TermKind.TYPE)]
        return term_requirement(chosen[0], words)
    if TermKind.ATTRIBUTE in kinds and kinds & {TermKind.CLASS, TermKind.PUBLIC}:
        both = [t for t in terms if t.kind in (TermKind.ATTRIBUTE, TermKind.CLASS, TermKind.PUBLIC)]
        return any_of([term_requirement(t, words) for t in sorted(both, key=lambda t: _ORDER.index(t.kind))])
    return term_requirement(pick(terms, has_type=typed_elsewhere), words)
