"""The catalog's own words: what a capitalised phrase on an Adventure can name.

Rulebook, "Adventure cards": "The words may refer to attributes, types, subtypes, public
attributes, or specific card titles." :meth:`Vocabulary.from_cards` collects every such word
from the cards at hand (titles, types and their plurals, subtypes, Location and Ally
attributes, occupations, public attributes, Regions, Subregions, Dimensions, languages,
Spell icons, Monster classes), so that the reader knows no Adventure by name and works on
cards it has never seen.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from deckbuilder.rules.adventures.matching import (
    ARTICLES,
    CardFacts,
    Key,
    card_facts,
    compile_requirement,
    contains_run,
    fold_words,
    key,
    singular,
    strip_article,
)
from deckbuilder.rules.adventures.model import AllOf, Atom, Field, Requirement
from deckbuilder.rules.cards import (
    MONSTER_CLASSES,
    Card,
    CardType,
    Dimension,
    PublicAttribute,
    SpellIcon,
    display_title,
)


class TermKind(StrEnum):
    """What a vocabulary word names."""

    TYPE = "type"
    SUBTYPE = "subtype"
    CLASS = "class"
    ATTRIBUTE = "attribute"
    PUBLIC = "public"
    DIMENSION = "dimension"
    REGION = "region"
    SUBREGION = "subregion"
    LANGUAGE = "language"
    ICON = "icon"
    GATE = "gate"
    TITLE = "title"


@dataclass(frozen=True)
class Term:
    """One meaning of a phrase: its kind and the value as the cards spell it."""

    kind: TermKind
    value: str


#: Other names of Spell icons. The LackeyCCG transcription calls the Death icon "Skull"
#: (its Tomes read "Skull, Water"), as Seeking Everlasting Life I does ("the SKULL icon").
ICON_NAMES: dict[str, SpellIcon] = {"skull": SpellIcon.DEATH}

#: Words that join a title's words and may be dropped or swapped when a card's text names
#: it loosely ("THIEVES IN THE ATTIC" for Thieves in your Attic).
LOOSE_WORDS = frozenset({"the", "a", "an", "your", "of"})

#: Small words that may sit inside a capitalised run without naming anything.
FUNCTION_WORDS = frozenset(
    {"the", "a", "an", "of", "from", "in", "at", "on", "to", "and", "by", "for", "with", "your", "its", "his", "her"}
)


def edit_distance(a: str, b: str, limit: int) -> int:
    """Gets the edit distance of two words (insert, delete, replace, swap two neighbours),
    or ``limit + 1`` once it exceeds ``limit``: "KINSGPORT" is one edit from Kingsport."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    before: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        before, previous = previous, current
    return previous[-1]


def _allowed_typos(text: str) -> int:
    return 1 if len(text) < 12 else 2


class Vocabulary:
    """Every word the cards at hand use, by kind, for reading Adventure text.

    Build it with :meth:`from_cards`; the reader asks it :meth:`lookup` (exact phrases),
    :meth:`partial` (a phrase inside a longer value: "MISKATONIC UNIVERSITY" in
    Miskatonic University Commons), :meth:`loose_title`, :meth:`correct` and
    :meth:`fuzzy_title` (misspellings on the cards, such as "MISCATONIC").
    """

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = tuple(cards)
        self._facts: tuple[CardFacts, ...] | None = None
        self.exact: dict[Key, list[Term]] = defaultdict(list)
        self.values: dict[TermKind, dict[Key, str]] = defaultdict(dict)
        self.titles: dict[Key, str] = {}
        self.loose: dict[Key, set[str]] = defaultdict(set)
        self.languages: dict[Key, str] = {}
        self.icons: dict[Key, str] = {}
        self._types_cache: dict[Requirement, frozenset[str]] = {}
        self._met_cache: dict[Requirement, bool] = {}
        self._by_title_index: dict[Key, list[CardFacts]] | None = None

        def add(kind: TermKind, value: str, *variants: Key) -> None:
            term = Term(kind, value)
            for variant in {key(value), *variants}:
                if variant and term not in self.exact[variant]:
                    self.exact[variant].append(term)
            self.values[kind].setdefault(key(value), value)

        for card_type in CardType:
            add(TermKind.TYPE, card_type.value)
        for public in PublicAttribute:
            add(TermKind.PUBLIC, public.value)
        for dimension in Dimension:
            add(TermKind.DIMENSION, dimension.value)
        for icon in SpellIcon:
            self.icons[key(icon.value)] = icon.value
        for name, icon in ICON_NAMES.items():
            self.icons[key(name)] = icon.value
        for klass in MONSTER_CLASSES:
            add(TermKind.CLASS, klass)
        add(TermKind.GATE, "Gate")
        for card in self.cards:
            title = display_title(card.title)
            add(TermKind.TITLE, title, strip_article(key(title)))
            self.titles.setdefault(key(title), title)
            self.loose[tuple(w for w in key(title) if w not in LOOSE_WORDS)].add(title)
            if card.subtype:
                if card.type is CardType.MONSTER:
                    add(TermKind.CLASS, card.subtype)
                elif card.type is not CardType.SPELL:  # a Spell's subtype is its icon
                    add(TermKind.SUBTYPE, card.subtype)
            if card.monster_class:
                add(TermKind.CLASS, card.monster_class)
            for attribute in (*card.attributes, *card.occupations):
                add(TermKind.ATTRIBUTE, attribute)
            if card.region and card.region.casefold() != "any":
                add(TermKind.REGION, card.region, strip_article(key(card.region)))
            subregion = card.subregion or ""
            if subregion and not subregion.casefold().startswith("any") and " or " not in subregion:
                add(TermKind.SUBREGION, subregion)
            for language in (*card.languages, *card.tome_languages):
                if language.casefold() != "all":
                    self.languages.setdefault(key(language), language)
        self.known_words = frozenset(
            {w for phrase in self.exact for w in phrase}
            | {w for phrase in self.languages for w in phrase}
            | {w for phrase in self.icons for w in phrase}
            | FUNCTION_WORDS
        )
        self._by_length: dict[int, list[str]] = defaultdict(list)
        for word in self.known_words:
            self._by_length[len(word)].append(word)
        self.max_phrase = max((len(k) for k in self.exact), default=1)
        # word -> the values holding it, per kind: partial lookups probe these, not every value
        self._holding: dict[TermKind, dict[str, list[tuple[Key, str]]]] = defaultdict(lambda: defaultdict(list))
        for kind, values in self.values.items():
            for value_key, value in values.items():
                for word in set(value_key):
                    self._holding[kind][word].append((value_key, value))

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> Vocabulary:
        """Builds the vocabulary of a catalog (or of any cards)."""
        return cls(tuple(cards))

    # ----------------------------------------------------------------------------------
    # lookups

    def lookup(self, words: Key) -> tuple[Term, ...]:
        """Gets every meaning of a phrase, exactly as the cards spell it (folded, singular)."""
        return tuple(self.exact.get(words, ()))

    def language(self, words: Key) -> str | None:
        """Gets the language a phrase names (``ARABIC`` -> ``Arabic``), or None."""
        return self.languages.get(words)

    def icon(self, words: Key) -> str | None:
        """Gets the Spell icon a phrase names (``EYE``, ``SKULL``), or None."""
        return self.icons.get(words)

    def partial(self, words: Key) -> Term | None:
        """Gets a kind whose values contain the phrase as whole words, with the phrase as the
        cards spell it: "GREATER" in Greater Servitor (class), "TRAVEL" in Travel by Land
        (subtype), "PAST" in Arkham Past (Subregion), "R'LYEH DISK" in the Disk's titles.
        """
        if not words or all(w in FUNCTION_WORDS or len(w) == 1 for w in words):
            return None
        order = (
            TermKind.ATTRIBUTE,
            TermKind.SUBTYPE,
            TermKind.CLASS,
            TermKind.SUBREGION,
            TermKind.REGION,
            TermKind.TITLE,
        )
        for kind in order:
            for value_key, value in self._holding[kind].get(words[0], ()):
                if value_key != words and contains_run(value_key, words):
                    return Term(kind, _slice(value, words))
        return None

    def loose_title(self, words: Key) -> str | None:
        """Gets the one title a phrase names loosely, or None.

        Three ways, each only when exactly one title fits: the small words differ
        ("THIEVES IN THE ATTIC", "YOUR AUCTION HOUSE"); initials stand for names
        ("H.P. LOVECRAFT" for Howard Lovecraft); or a name is missing in the middle
        ("LORD DUNSANY" for Lord Edward Dunsany).
        """
        content = tuple(w for w in words if w not in LOOSE_WORDS)
        if len(content) >= 2:
            found = self.loose.get(content, set())
            if len(found) == 1:
                return next(iter(found))
        initials = [w for w in words if len(w) == 1]
        rest = tuple(w for w in words if len(w) > 1)
        if initials and rest and len(words) >= 2 and words[: len(initials)] == tuple(initials):
            fits = {
                title
                for title_key, title in self.titles.items()
                if len(title_key) > len(rest)
                and title_key[-len(rest) :] == rest
                and title_key[0].startswith(initials[0])
            }
            if len(fits) == 1:
                return next(iter(fits))
        if len(words) >= 2 and len(content) >= 2:
            fits = {
                title
                for title_key, title in self.titles.items()
                if len(title_key) > len(words)
                and title_key[0] == words[0]
                and title_key[-1] == words[-1]
                and _subsequence(words, title_key)
            }
            if len(fits) == 1:
                return next(iter(fits))
        return None

    def correct(self, word: str) -> str | None:
        """Gets the one known word a misspelt word stands for ("miscatonic" -> "miskatonic").

        Only words of five letters or more, one letter off (two from twelve letters), and
        only when a single known word is that close.
        """
        if len(word) < 5 or word in self.known_words:
            return None
        limit = _allowed_typos(word)
        best: list[str] = []
        best_distance = limit + 1
        for length in range(len(word) - limit, len(word) + limit + 1):
            for candidate in self._by_length.get(length, ()):
                if len(candidate) < 5:
                    continue
                distance = edit_distance(word, candidate, limit)
                if distance < best_distance:
                    best, best_distance = [candidate], distance
                elif distance == best_distance and distance <= limit:
                    best.append(candidate)
        return best[0] if len(best) == 1 and best_distance <= limit else None

    def fuzzy_title(self, words: Key) -> str | None:
        """Gets the one title a misspelt phrase of two or more words stands for
        ("DISC OF THE HYADES" -> Disk of the Hyades), or None."""
        if len(words) < 2:
            return None
        text = " ".join(words)
        limit = _allowed_typos(text)
        fits = {
            title
            for title_key, title in self.titles.items()
            if edit_distance(text, " ".join(title_key), limit) <= limit
        }
        return next(iter(fits)) if len(fits) == 1 else None

    # ----------------------------------------------------------------------------------
    # questions about requirements

    @property
    def facts(self) -> tuple[CardFacts, ...]:
        if self._facts is None:
            self._facts = tuple(card_facts(card) for card in self.cards)
        return self._facts

    @property
    def _by_title(self) -> dict[Key, list[CardFacts]]:
        if self._by_title_index is None:
            self._by_title_index = defaultdict(list)
            for f in self.facts:
                self._by_title_index[strip_article(f.title)].append(f)
        return self._by_title_index

    def types_meeting(self, requirement: Requirement) -> frozenset[str]:
        """Gets the card types (folded) of the cards that meet a requirement."""
        cached = self._types_cache.get(requirement)
        if cached is None:
            predicate = compile_requirement(requirement)
            cached = frozenset(f.type for f in self.facts if predicate(f))
            self._types_cache[requirement] = cached
        return cached

    def is_met(self, requirement: Requirement) -> bool:
        """Checks whether any of the cards meets a requirement."""
        cached = self._met_cache.get(requirement)
        if cached is None:
            predicate = compile_requirement(requirement)
            facts: Sequence[CardFacts] = self.facts
            first = requirement.items[0] if isinstance(requirement, AllOf) else requirement
            if isinstance(first, Atom) and first.field is Field.TITLE and not first.partial:
                facts = self._by_title.get(strip_article(key(first.value)), ())
            cached = any(predicate(f) for f in facts)
            self._met_cache[requirement] = cached
        return cached


def _subsequence(needle: Key, haystack: Key) -> bool:
    it = iter(haystack)
    return all(word in it for word in needle)


def _slice(value: str, words: Key) -> str:
    """Gets the words of ``value`` that fold to ``words`` ("Miskatonic University" out of
    "Miskatonic University Commons"), or the words title-cased when they cannot be cut."""
    tokens = value.split()
    keys = [tuple(singular(w) for w in fold_words(t)) for t in tokens]
    for start in range(len(tokens)):
        joined: tuple[str, ...] = ()
        for end in range(start, len(tokens)):
            joined += keys[end]
            if joined == words:
                return " ".join(tokens[start : end + 1]).strip(" ,;:")
            if len(joined) >= len(words):
                break
    return " ".join(w.capitalize() for w in words)


__all__ = ["ARTICLES", "FUNCTION_WORDS", "ICON_NAMES", "Term", "TermKind", "Vocabulary", "edit_distance"]
