"""Evaluates a parsed search query against one card: the rules the SQL must agree with.

:func:`matches` writes down every matching rule, key by key; the catalog compiles the same
tree to SQL (:mod:`deckbuilder.catalog.search.sql`) and a test runs both over the whole
pool. Pure and stdlib-only: rapidfuzz is imported by :func:`title_word_matches` only when
a title word needs fuzzy matching.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from deckbuilder.catalog.search.syntax import And, Node, Not, Term, TitleWords
from deckbuilder.rules.cards import Allegiance, Card, Legality, fold_title

#: Shortest title word (in letters and digits) that may match by fuzzy comparison.
FUZZY_MIN_LETTERS: Final = 4

#: Lowest rapidfuzz score that counts as a fuzzy title match.
FUZZY_MIN_SCORE: Final = 85.0


def title_word_matches(word: str, folded_title: str) -> bool:
    """Checks whether a folded title word (or quoted phrase) matches a folded title.

    It matches when it is a substring of the title, or, for words of
    :data:`FUZZY_MIN_LETTERS` or more letters and digits, when rapidfuzz scores it at least
    :data:`FUZZY_MIN_SCORE` against the title: ``partial_ratio`` (the best stretch of the
    title) or plain ``ratio`` (the whole title, which forgives a missing letter in a short
    title: ``ctulhu`` finds Cthulhu). ``partial_ratio`` counts only when the title is at
    least as long as the word, so that ``cartography`` does not find ``Car``. The catalog
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


def titles_matching(word: str, folded_titles: Sequence[str]) -> frozenset[str]:
    """Gets the folded titles among ``folded_titles`` a title word matches: those for which
    :func:`title_word_matches` holds, scored all at once (rapidfuzz's ``process.extract``
    with the same scorers and the same floor), which is what the catalog's search asks
    (issue 17: one word against the pool one title at a time was the slowest search).

    >>> sorted(titles_matching("necronomicn", ["necronomicon", "car", "the necronomicon"]))
    ['necronomicon', 'the necronomicon']
    """
    found = {title for title in folded_titles if word in title}
    if sum(ch.isalnum() for ch in word) < FUZZY_MIN_LETTERS:
        return frozenset(found)
    from rapidfuzz import fuzz, process

    rest = [title for title in folded_titles if title not in found]
    found.update(
        title
        for title, _score, _i in process.extract(
            word, rest, scorer=fuzz.ratio, processor=None, score_cutoff=FUZZY_MIN_SCORE, limit=None
        )
    )
    longer = [title for title in rest if len(title) >= len(word) and title not in found]
    found.update(
        title
        for title, _score, _i in process.extract(
            word, longer, scorer=fuzz.partial_ratio, processor=None, score_cutoff=FUZZY_MIN_SCORE, limit=None
        )
    )
    return frozenset(found)


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


def card_numbers(card: Card, key: str) -> tuple[int, ...]:
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


def _flag(card: Card, flag: str, owned: frozenset[str]) -> bool:
    if flag == "owned":
        return _fold(card.title) in owned
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


def _term_matches(term: Term, card: Card, owned: frozenset[str]) -> bool:
    key, value = term.key, term.value
    if isinstance(value, int):
        numbers = card_numbers(card, key)
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
        return _flag(card, value, owned)
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


def matches(node: Node, card: Card, owned: frozenset[str] = frozenset()) -> bool:
    """Checks whether a card matches a parsed query. The catalog's SQL agrees with it.

    ``owned`` holds the folded titles of the player's collection, for ``is:owned``.

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
      (``a:island``), exotic (``r:exotic``, the Exotic Location Region), owned (the
      title is in ``owned``: any printing of a title owned counts).
    """
    if isinstance(node, Term):
        return _term_matches(node, card, owned)
    if isinstance(node, TitleWords):
        return title_word_matches(node.text, _fold(card.title))
    if isinstance(node, Not):
        return not matches(node.item, card, owned)
    if isinstance(node, And):
        return all(matches(item, card, owned) for item in node.items)
    return any(matches(item, card, owned) for item in node.items)
