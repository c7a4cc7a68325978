"""Whether a card meets a requirement: word keys, per-card facts, compiled predicates.

Words are compared as *keys*: folded (no case, accents or apostrophes, Æ as AE) and
singular ("CITIES" and "City", "SMUGGLER'S TUNNELS" and "Smugglers Tunnels" meet). A card's
facts are computed once (:class:`CardFacts`) and a requirement is compiled once into a
predicate over them, so checking every Adventure against the whole pool stays cheap
(``benchmarks/adventures.py``).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from deckbuilder.rules.adventures.model import (
    AllOf,
    AnyCard,
    AnyOf,
    Atom,
    Field,
    Gate,
    Not,
    Requirement,
    SanityCost,
)
from deckbuilder.rules.cards import Card, CardType

#: A phrase as comparable words.
Key = tuple[str, ...]

ARTICLES = frozenset({"the", "a", "an"})
_NON_WORD = re.compile(r"[^0-9a-z]+")


def singular(word: str) -> str:
    """Gets a word's singular form by the plain English endings (``cities`` -> ``city``)."""
    if len(word) <= 3:
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


_APOSTROPHES = re.compile(r"['’‘`]")


def fold_words(text: str) -> tuple[str, ...]:
    """Gets a phrase's folded words without making them singular (``R'LYEH`` -> ``rlyeh``)."""
    if not text.isascii():  # plain ASCII has no ligature or accent to fold (most card text)
        text = text.replace("Æ", "Ae").replace("æ", "ae").replace("Œ", "Oe").replace("œ", "oe")
        text = unicodedata.normalize("NFKD", text)
        text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = _APOSTROPHES.sub("", text).casefold()
    return tuple(w for w in _NON_WORD.split(text) if w)


@functools.lru_cache(maxsize=1 << 16)
def key(text: str) -> Key:
    """Gets a phrase's matching key: folded, singular words.

    >>> key("THREE different CITIES") == key("three different City")
    True
    """
    return tuple(singular(w) for w in fold_words(text))


def strip_article(words: Key) -> Key:
    """Gets a key without a leading article (``the east`` -> ``east``)."""
    if len(words) > 1 and words[0] in ARTICLES:
        return words[1:]
    return words


def contains_run(haystack: Key, needle: Key) -> bool:
    """Checks that ``needle`` occurs in ``haystack`` as consecutive words."""
    n = len(needle)
    if not n or n > len(haystack):
        return False
    return any(haystack[i : i + n] == needle for i in range(len(haystack) - n + 1))


def is_kind_of(value: Key, asked: Key) -> bool:
    """Checks that ``value`` names a kind of ``asked``: same last word, ``asked`` a subsequence.

    ``Police Detective`` is a kind of ``Detective``; ``Travel by Air and Sea`` a kind of
    ``Travel by Sea``; ``Greater Servitor`` is not a kind of ``Greater``.
    """
    if not asked or not value or value[-1] != asked[-1]:
        return False
    it = iter(value)
    return all(word in it for word in asked)


@dataclass(frozen=True, slots=True)
class CardFacts:
    """A card's facts as keys, computed once for matching."""

    card: Card
    type: str
    subtype: Key
    attributes: tuple[Key, ...]
    public: frozenset[str]
    titles: frozenset[Key]
    title: Key
    region: frozenset[Key]
    subregion: Key
    dimension: Key
    knows: frozenset[Key]
    tome_languages: frozenset[Key]
    icons: frozenset[Key]
    monster_class: Key
    affects: Key
    gate: bool
    cost: int
    value: int


def card_facts(card: Card) -> CardFacts:
    """Gets a card's facts as keys."""
    title = key(card.title)
    attributes = [key(a) for a in card.attributes]
    attributes += [key(o) for o in card.occupations]
    if card.allegiance is not None:
        attributes.append(key(card.allegiance.value))
    region = key(card.region) if card.region else ()
    # Spells have a yellow pentagram: a casting cost, which still "costs you Sanity".
    costs = card.sanity is not None and card.sanity < 0
    costs = costs and card.type not in (CardType.INVESTIGATOR, CardType.ADVENTURE)
    return CardFacts(
        card=card,
        type=card.type.value.casefold() if card.type else "",
        subtype=key(card.subtype) if card.subtype else (),
        attributes=tuple(dict.fromkeys(a for a in attributes if a)),
        public=frozenset(p.value.casefold() for p in card.public),
        titles=frozenset({title, strip_article(title)}),
        title=title,
        region=frozenset({region, strip_article(region)}) if region else frozenset(),
        subregion=key(card.subregion) if card.subregion else (),
        dimension=key(card.dimension.value) if card.dimension else (),
        knows=frozenset(key(lang) for lang in card.languages),
        tome_languages=frozenset(key(lang) for lang in card.tome_languages),
        icons=frozenset(key(icon.value) for icon in card.icons),
        monster_class=key(card.monster_class) if card.monster_class else (),
        affects=key(card.affects) if card.affects else (),
        gate=card.gate,
        cost=-card.sanity if costs and card.sanity is not None else 0,
        value=card.value or 0,
    )


#: A compiled requirement.
Predicate = Callable[[CardFacts], bool]

_ALL_LANGUAGES: Key = ("all",)


def _atom_predicate(atom: Atom) -> Predicate:
    asked = key(atom.value)
    bare = strip_article(asked)
    f = atom.field
    if f is Field.TYPE:
        wanted = " ".join(asked)
        return lambda c: c.type == wanted
    if f is Field.PUBLIC:
        wanted = " ".join(asked)
        return lambda c: wanted in c.public
    if f is Field.KNOWS:
        return lambda c: asked in c.knows or _ALL_LANGUAGES in c.knows
    if f is Field.TOME_LANGUAGE:
        return lambda c: asked in c.tome_languages
    if f is Field.ICON:
        return lambda c: asked in c.icons
    if atom.partial:
        if f is Field.TITLE:
            return lambda c: contains_run(c.title, asked)
        if f is Field.SUBTYPE:
            return lambda c: contains_run(c.subtype, asked)
        if f is Field.ATTRIBUTE:
            return lambda c: any(contains_run(a, asked) for a in c.attributes)
        if f is Field.CLASS:
            return lambda c: contains_run(c.monster_class, asked)
        if f is Field.REGION:
            return lambda c: any(contains_run(r, asked) for r in c.region)
        if f is Field.SUBREGION:
            return lambda c: contains_run(c.subregion, asked)
        if f is Field.DIMENSION:
            return lambda c: contains_run(c.dimension, asked)
        return lambda c: contains_run(c.affects, asked)
    if f is Field.TITLE:
        return lambda c: asked in c.titles or bare in c.titles
    if f is Field.SUBTYPE:
        return lambda c: is_kind_of(c.subtype, asked)
    if f is Field.ATTRIBUTE:
        return lambda c: any(is_kind_of(a, asked) for a in c.attributes)
    if f is Field.CLASS:
        return lambda c: is_kind_of(c.monster_class, asked)
    if f is Field.REGION:
        return lambda c: asked in c.region or bare in c.region
    if f is Field.SUBREGION:
        return lambda c: c.subregion == asked
    if f is Field.DIMENSION:
        return lambda c: c.dimension == asked
    return lambda c: c.affects == asked


def compile_requirement(requirement: Requirement) -> Predicate:
    """Gets a predicate over :class:`CardFacts` that says whether a card meets the requirement."""
    if isinstance(requirement, Atom):
        return _atom_predicate(requirement)
    if isinstance(requirement, Gate):
        return lambda c: c.gate
    if isinstance(requirement, SanityCost):
        amount = requirement.amount
        if requirement.exactly:
            return lambda c: c.cost == amount
        return lambda c: c.cost >= amount and c.cost > 0
    if isinstance(requirement, AnyCard):
        return lambda c: True
    if isinstance(requirement, Not):
        inner = compile_requirement(requirement.item)
        return lambda c: not inner(c)
    parts = tuple(compile_requirement(item) for item in requirement.items)
    if isinstance(requirement, AllOf):
        return lambda c: all(p(c) for p in parts)
    if isinstance(requirement, AnyOf):
        return lambda c: any(p(c) for p in parts)
    raise TypeError(f"not a requirement: {requirement!r}")


def meets(card: Card, requirement: Requirement) -> bool:
    """Checks whether one card meets a requirement (for one-off questions; the solver compiles)."""
    return compile_requirement(requirement)(card_facts(card))
