"""Says why a search found nothing, and what would likely find what the player meant.

Asked only when a query finds no card. Each ``KEY:VALUE`` term of the query's top level is
set aside in turn; when the rest of the query finds cards, that term is the one that
emptied the results, and the hint says why in words:

- a value that is part of a whole field (``st:lesser``: the subtype is "Lesser
  Independent"; ``st`` matches a whole subtype) gets the whole values the other terms'
  cards have that contain it, with their counts;
- a key none of the other terms' cards has at all (``t:adventure sr:arkham``: Adventures
  have no Subregion) names the card types that do have it.

Pure and stdlib-only, as :mod:`.matching` is; it reads the same fields :func:`.matches` does.

>>> search_hint(parse_query("t:monster st:lesser"), cards)      # doctest: +SKIP
'st:lesser matches a whole subtype: try st:"lesser independent" (12 cards)'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from deckbuilder.catalog.search.matching import card_numbers, matches
from deckbuilder.catalog.search.syntax import And, Node, Term
from deckbuilder.rules.cards import Card, CardType, fold_title

#: The fields a text or number key reads (as :func:`.matching._term_matches` reads them),
#: and their name in a sentence.
_FIELDS: dict[str, tuple[str, Callable[[Card], Sequence[str]]]] = {
    "st": ("subtype", lambda c: tuple(v for v in (c.subtype, c.monster_class) if v)),
    "class": ("Monster class", lambda c: (c.monster_class,) if c.monster_class else ()),
    "occ": ("occupation", lambda c: tuple(c.occupations)),
    "a": ("attribute", lambda c: (*c.attributes, *c.occupations, *((c.allegiance,) if c.allegiance else ()))),
    "r": ("Region", lambda c: (c.region,) if c.region else ()),
    "sr": ("Subregion", lambda c: (c.subregion,) if c.subregion else ()),
    "lang": ("language", lambda c: (*c.languages, *c.tome_languages)),
    "v": ("value", lambda c: tuple(str(n) for n in card_numbers(c, "v"))),
    "san": ("Sanity value", lambda c: tuple(str(n) for n in card_numbers(c, "san"))),
    "edu": ("Education", lambda c: tuple(str(n) for n in card_numbers(c, "edu"))),
    "hand": ("Hand size", lambda c: tuple(str(n) for n in card_numbers(c, "hand"))),
}

#: How many whole values a hint offers at most.
MOST_OFFERED = 3

_PLURALS = {CardType.ALLY: "Allies"}


def _plural(card_type: CardType | None) -> str:
    if card_type is None:
        return "cards of unknown type"
    return _PLURALS.get(card_type, f"{card_type.value}s")


def _types(cards: Sequence[Card]) -> str:
    kinds = [_plural(t) for t, _ in Counter(c.type for c in cards).most_common()]
    return kinds[0] if len(kinds) == 1 else ", ".join(kinds[:-1]) + " and " + kinds[-1]


def _quoted(key: str, value: str) -> str:
    return f'{key}:"{value}"' if " " in value else f"{key}:{value}"


def _hint_for(term: Term, rest: Node | None, cards: Sequence[Card]) -> str:
    """Gets the hint for one term, given the rest of the query (None: nothing else)."""
    if term.key not in _FIELDS:
        return ""
    others = [c for c in cards if rest is None or matches(rest, c)]
    if not others:
        return ""
    field, values_of = _FIELDS[term.key]
    having = [c for c in others if values_of(c)]
    if not having:
        holders = [c for c in cards if values_of(c) and c.type is not None]
        where = f" (the {len(others)} cards the rest of the query finds)" if rest is not None else ""
        fix = f": {term.key}: finds {_types(holders)}" if holders else ""
        return f"{_types(others)}{where} have no {field}{fix}"
    if isinstance(term.value, int):
        return ""
    wanted = fold_title(str(term.value)).split()
    whole: Counter[str] = Counter()
    for card in having:
        for value in set(values_of(card)):
            words = fold_title(value).split()
            if wanted and all(w in words or any(v.startswith(w) for v in words) for w in wanted):
                whole[value] += 1
    if not whole:
        return ""
    offered = " or ".join(
        f"{_quoted(term.key, v.casefold())} ({n} card{'' if n == 1 else 's'})"
        for v, n in whole.most_common(MOST_OFFERED)
    )
    return f"{term.raw or f'{term.key}:{term.value}'} matches a whole {field}: try {offered}"


def search_hint(tree: Node, cards: Sequence[Card]) -> str:
    """Gets the likely fix for a query that found none of ``cards``, in one sentence, or ""
    when no single term explains it. See the module's docstring for what it looks for."""
    items = tree.items if isinstance(tree, And) else (tree,)
    for n, item in enumerate(items):
        if not isinstance(item, Term):
            continue
        rest_items = items[:n] + items[n + 1 :]
        rest: Node | None = None
        if len(rest_items) == 1:
            rest = rest_items[0]
        elif rest_items:
            rest = And(tuple(rest_items))
        hint = _hint_for(item, rest, cards)
        if hint:
            return hint
    return ""
