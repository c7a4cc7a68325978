"""Reconciles the two community transcriptions into one card per printing.

The GCCG and LackeyCCG transcriptions of the card pool were typed by different people, and
each has errors (see ``../shared/mythos-data/README.md``: names, regions, where attributes
sit). A catalog built from both holds each printing once:

1. **Matching.** Cards of one set are matched by title, folded and without a leading
   article (``The Cat Chieftain`` = ``Cat Chieftain``); a title printed several times in a
   set (``Car``, ``Necronomicon``) pairs its printings by their facts (:func:`facts_score`).
   What is left is matched by similarity (:data:`SIMILAR_TITLE`, :data:`TITLE_MARGIN`): two
   cards of one set and type whose titles are close, with nothing else as close to either
   (``Arkham Mystical Suply`` is ``Arkham Mystical Supply``). Everything else stays a card
   of its own transcription and is reported.
2. **Merging.** Where the two read a field alike, that is the card's. Where one leaves a
   field empty that the other format often does not carry at all (:data:`GAP_FIELDS`: the
   Affects line, rarity), the filled reading is taken. Otherwise the card keeps both
   readings, with their source, as a :class:`~deckbuilder.rules.cards.Disagreement`; the
   first transcription (:data:`TRANSCRIPTIONS`: GCCG, whose titles are the printed ones)
   plays until a document settles it.
3. **Documents decide.** A statement of the rulebook or the rulings document about one
   card's printed fact (``catalog/card-facts.toml``, read by
   :mod:`deckbuilder.catalog.importers.cardfacts`) decides that field, with its line, even
   when only one transcription was imported; an erratum that sets a field settles a
   disagreement about it too (:func:`settle_by_errata`).

Nothing here reads files or SQL; :mod:`deckbuilder.catalog.store` calls :func:`reconcile`
when it builds the catalog.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from deckbuilder.rules.cards import Card, CardType, Disagreement, fold_title

#: The transcriptions in the order their readings play when they disagree and no document
#: decides: GCCG keeps the printed titles and one field per printed fact.
TRANSCRIPTIONS = ("gccg", "lackey")

#: Shown names of the transcriptions.
TRANSCRIPTION_NAMES = {"gccg": "GCCG", "lackey": "LackeyCCG", "sample": "sample"}

#: The fields compared between transcriptions (the card's printed facts; the Special
#: Effects text is typed with too many small differences to compare word by word).
COMPARED_FIELDS = (
    "type",
    "subtype",
    "value",
    "value2",
    "goo",
    "gate",
    "unique",
    "sanity",
    "attributes",
    "public",
    "icons",
    "region",
    "subregion",
    "dimension",
    "allegiance",
    "occupations",
    "languages",
    "tome_languages",
    "tome_language_rule",
    "monster_class",
    "summon",
    "sanity_max",
    "education",
    "hand",
    "hand_min",
    "hand_max",
    "affects",
    "rarity",
)

#: Fields where an empty reading is no reading: the LackeyCCG format has no Affects column
#: for Spells and leaves rarity blank on Investigators, so "none" there says nothing.
GAP_FIELDS = frozenset({"affects", "rarity"})

#: The same, for one card type: a LackeyCCG Event line has one Attributes column, which
#: holds the subtype of most Travel Events ("Travel by Air"), so their place words (GCCG's
#: public Outside of a Car) have nowhere to go.
GAP_FIELDS_BY_TYPE = {CardType.EVENT: frozenset({"public", "attributes"})}

#: Lowest title similarity (0-100, the better of rapidfuzz's token sort and token set ratios
#: on folded titles without their article) for two cards left unmatched by title to be
#: taken for one printing. Measured on the real pool: the transcriptions' differently spelt
#: titles score 77.6 or more (``Thirty-Five Abominable Adulations``), while different
#: cards of one set and type score at most 50.
SIMILAR_TITLE = 75.0

#: A similarity match is refused when another card scores within this many points of it,
#: for either side: two candidates that close are not one obvious printing.
TITLE_MARGIN = 10.0

#: Fields whose agreement pairs the printings of a title repeated within a set.
_PAIRING_FIELDS = (
    "value",
    "sanity",
    "region",
    "subregion",
    "dimension",
    "languages",
    "tome_languages",
    "icons",
    "gate",
    "unique",
    "subtype",
    "attributes",
)


@dataclass(frozen=True)
class CardFact:
    """A document's statement of one printed fact of a card (``catalog/card-facts.toml``).

    A scalar field takes ``value``; a list field loses the item ``without`` (the rulings
    say Star Vampire's Invisibility is conditional: it does not bear the attribute).
    ``source`` is ``rulebook:N`` or ``rulings:N`` (line N of the seed document) and
    ``quote`` its words.
    """

    card: str
    set: str
    field: str
    source: str
    quote: str
    value: Any = None
    without: str = ""

    def describe(self) -> str:
        """Gets the fact in a line: ``Porta Portese (NAE) gate = True [rulebook:180]``."""
        what = f"without {self.without!r}" if self.without else f"= {_plain(self.value)!r}"
        return f"{self.card} ({self.set}) {self.field} {what} [{self.source}]"

    def value_for(self, card: Card) -> Any:
        """Gets the field's value on ``card`` once the fact holds."""
        if self.without:
            gone = fold_title(self.without)
            return tuple(item for item in getattr(card, self.field) if fold_title(str(_plain(item))) != gone)
        return self.value


@dataclass
class Reconciliation:
    """What reconciling did: the cards, one per printing, and how they were matched."""

    cards: list[Card]
    #: Per set: printings read from both transcriptions.
    matched: dict[str, int] = field(default_factory=dict)
    #: Printings matched by title similarity: (set, first title, second title, score).
    similar: list[tuple[str, str, str, float]] = field(default_factory=list)
    #: Printings only one transcription has, in the sets both hold: (transcription, set, title).
    unmatched: list[tuple[str, str, str]] = field(default_factory=list)
    #: Sets only one transcription holds: set code -> transcription.
    one_sided: dict[str, str] = field(default_factory=dict)
    #: Document facts that named no card here.
    facts_unmatched: list[str] = field(default_factory=list)
    #: How many cards a document fact changed.
    facts_applied: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "matched": dict(self.matched),
            "matched_total": sum(self.matched.values()),
            "similar": [list(s) for s in self.similar],
            "unmatched": [list(u) for u in self.unmatched],
            "one_sided": dict(self.one_sided),
            "facts_applied": self.facts_applied,
            "facts_unmatched": list(self.facts_unmatched),
        }


def _plain(value: Any) -> Any:
    """Gets a field value as JSON data: enums by value, tuples as lists."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _same(first: Any, second: Any) -> bool:
    """Checks whether two readings of a field agree; the items of a list field in any order
    (the transcriptions list a Location's attributes in different orders)."""
    if isinstance(first, tuple) and isinstance(second, tuple):
        return sorted(map(str, first)) == sorted(map(str, second))
    return bool(first == second)


def _empty(value: Any) -> bool:
    return value is None or value == "" or value == ()


def bare_title(title: str) -> str:
    """Gets the key titles are matched by: folded, without a leading article.

    >>> bare_title("The Cat Chieftain") == bare_title("Cat Chieftain")
    True
    """
    folded = fold_title(title)
    for article in ("the ", "a ", "an "):
        if folded.startswith(article) and len(folded) > len(article):
            return folded[len(article) :]
    return folded


def title_similarity(first: str, second: str) -> float:
    """Gets how alike two titles are, 0-100: the better of rapidfuzz's token sort ratio
    (typos, word order) and token set ratio (a title with words left out), on
    :func:`bare_title` forms."""
    from rapidfuzz import fuzz  # imported here: start-up stays light

    a, b = bare_title(first), bare_title(second)
    return max(float(fuzz.token_sort_ratio(a, b)), float(fuzz.token_set_ratio(a, b)))


def facts_score(first: Card, second: Card) -> float:
    """Gets how many of the pairing facts two cards share, plus the likeness of their texts
    (0-1): what tells apart the printings of one title in one set."""
    from rapidfuzz import fuzz

    same = sum(1 for name in _PAIRING_FIELDS if _same(getattr(first, name), getattr(second, name)))
    return same + float(fuzz.ratio(fold_title(first.text), fold_title(second.text))) / 100


def _pair_greedily(scored: list[tuple[float, int, int]]) -> list[tuple[int, int]]:
    pairs: list[tuple[int, int]] = []
    used_a: set[int] = set()
    used_b: set[int] = set()
    for _score, a, b in sorted(scored, key=lambda s: (-s[0], s[1], s[2])):
        if a not in used_a and b not in used_b:
            used_a.add(a)
            used_b.add(b)
            pairs.append((a, b))
    return pairs


def match_printings(
    first: Sequence[Card], second: Sequence[Card]
) -> tuple[list[tuple[int, int, float | None]], list[int], list[int]]:
    """Gets the printings two transcriptions share: pairs of positions (with the title
    similarity when matched by similarity, else ``None``), then the positions of each side
    left unmatched. See the module docstring for the rule."""
    by_title_a: dict[tuple[str, str], list[int]] = {}
    by_title_b: dict[tuple[str, str], list[int]] = {}
    for i, card in enumerate(first):
        by_title_a.setdefault((card.set_code, bare_title(card.title)), []).append(i)
    for j, card in enumerate(second):
        by_title_b.setdefault((card.set_code, bare_title(card.title)), []).append(j)
    pairs: list[tuple[int, int, float | None]] = []
    for key, group_a in by_title_a.items():
        group_b = by_title_b.get(key)
        if not group_b:
            continue
        scored = [(facts_score(first[a], second[b]), a, b) for a in group_a for b in group_b]
        pairs.extend((a, b, None) for a, b in _pair_greedily(scored))
    taken_a = {a for a, _, _ in pairs}
    taken_b = {b for _, b, _ in pairs}
    left_a = [i for i in range(len(first)) if i not in taken_a]
    left_b = [j for j in range(len(second)) if j not in taken_b]
    candidates = [
        (title_similarity(first[a].title, second[b].title), a, b)
        for a in left_a
        for b in left_b
        if first[a].set_code == second[b].set_code and first[a].type == second[b].type
    ]
    best_a: dict[int, list[float]] = {}
    best_b: dict[int, list[float]] = {}
    for score, a, b in candidates:
        best_a.setdefault(a, []).append(score)
        best_b.setdefault(b, []).append(score)
    for score, a, b in sorted(candidates, key=lambda s: (-s[0], s[1], s[2])):
        if score < SIMILAR_TITLE or a in taken_a or b in taken_b:
            continue
        # The runner-up on either side must trail clearly: its second-best score.
        rivals = sorted(best_a[a], reverse=True)[1:2] + sorted(best_b[b], reverse=True)[1:2]
        if any(score - rival < TITLE_MARGIN for rival in rivals):
            continue
        taken_a.add(a)
        taken_b.add(b)
        pairs.append((a, b, score))
    left_a = [i for i in range(len(first)) if i not in taken_a]
    left_b = [j for j in range(len(second)) if j not in taken_b]
    return pairs, left_a, left_b


def merge_readings(readings: Sequence[tuple[str, Card]]) -> Card:
    """Gets one printing from its transcriptions' readings (the first plays where they
    disagree), keeping every disagreement with its source."""
    (primary_source, primary), *others = readings
    changes: dict[str, Any] = {}
    disagreements: list[Disagreement] = []
    gaps = GAP_FIELDS | GAP_FIELDS_BY_TYPE.get(primary.type, frozenset()) if primary.type else GAP_FIELDS
    for name in COMPARED_FIELDS:
        values = [(source, getattr(card, name)) for source, card in readings]
        if name in gaps:
            filled = [(source, v) for source, v in values if not _empty(v)]
            if not filled:
                continue
            values = filled
            if _empty(getattr(primary, name)):
                changes[name] = filled[0][1]
        if any(not _same(v, values[0][1]) for _, v in values[1:]):
            chosen = changes.get(name, getattr(primary, name))
            disagreements.append(Disagreement(name, tuple((s, _plain(v)) for s, v in values), _plain(chosen)))
    titles = [(source, card.title) for source, card in readings]
    if any(bare_title(t) != bare_title(titles[0][1]) for _, t in titles[1:]):
        disagreements.append(Disagreement("title", tuple(titles), primary.title))
    aliases = dict.fromkeys(primary.aliases)
    for _source, card in others:
        for name in (card.title, *card.aliases):
            if fold_title(name) != fold_title(primary.title):
                aliases.setdefault(name, None)
    # A LackeyCCG image id pins a printing in Lackey deck files; GCCG's picture file names
    # are used by nothing else.
    images = [card.image for source, card in readings if source == "lackey" and card.image]
    problems = tuple(p for _source, card in readings for p in card.problems)
    return primary.replace(
        **changes,
        aliases=tuple(aliases),
        image=images[0] if images else primary.image,
        text=primary.text or next((c.text for _, c in others if c.text), ""),
        problems=problems,
        transcriptions=tuple(source for source, _ in readings),
        disagreements=tuple(disagreements),
        source="+".join(source for source, _ in readings) if others else primary_source,
    )


def reconcile(printed: Sequence[tuple[Card, str]], facts: Sequence[CardFact] = ()) -> Reconciliation:
    """Gets one card per printing from the printed cards of each transcription (card,
    transcription), document facts applied. See the module docstring."""
    by_source: dict[str, list[Card]] = {}
    for card, source in printed:
        by_source.setdefault(source, []).append(card)
    order = [s for s in TRANSCRIPTIONS if s in by_source] + [s for s in by_source if s not in TRANSCRIPTIONS]
    result = Reconciliation(cards=[])
    if len(order) >= 2 and order[0] in TRANSCRIPTIONS and order[1] in TRANSCRIPTIONS:
        first, second = by_source[order[0]], by_source[order[1]]
        pairs, left_a, left_b = match_printings(first, second)
        partner = {a: (b, score) for a, b, score in pairs}
        sets_a, sets_b = {c.set_code for c in first}, {c.set_code for c in second}
        result.one_sided = {code: order[0] if code in sets_a else order[1] for code in sorted(sets_a ^ sets_b)}
        for a, card in enumerate(first):
            if a in partner:
                b, score = partner[a]
                merged = merge_readings([(order[0], card), (order[1], second[b])])
                result.cards.append(merged)
                result.matched[card.set_code] = result.matched.get(card.set_code, 0) + 1
                if score is not None:
                    result.similar.append((card.set_code, card.title, second[b].title, round(score, 1)))
            else:
                result.cards.append(card.replace(transcriptions=(order[0],)))
                if card.set_code in sets_b:
                    result.unmatched.append((order[0], card.set_code, card.title))
        for b in left_b:
            card = second[b]
            result.cards.append(card.replace(transcriptions=(order[1],)))
            if card.set_code in sets_a:
                result.unmatched.append((order[1], card.set_code, card.title))
        rest = order[2:]
    else:
        rest = order
    for source in rest:
        result.cards.extend(card.replace(transcriptions=(source,)) for card in by_source[source])
    result.cards, result.facts_applied, result.facts_unmatched = apply_facts(result.cards, facts)
    return result


def apply_facts(cards: Sequence[Card], facts: Sequence[CardFact]) -> tuple[list[Card], int, list[str]]:
    """Gets the cards with each document fact applied, how many cards changed, and the facts
    that named no card. A fact that overrules a transcription's reading is kept as a settled
    :class:`~deckbuilder.rules.cards.Disagreement` naming the document's line."""
    from deckbuilder.rules.errata import cards_named_each

    out = list(cards)
    position = {id(card): i for i, card in enumerate(out)}
    unmatched: list[str] = []
    changed: set[int] = set()
    for fact, cards_of_fact in zip(facts, cards_named_each(cards, [fact.card for fact in facts]), strict=True):
        # A sample card's set is unknown (SAMPLE): it matches a fact of any set, as errata do.
        named = [c for c in cards_of_fact if c.set_code in (fact.set, "SAMPLE")]
        if not named:
            unmatched.append(fact.describe())
            continue
        for original in named:
            i = position[id(original)]
            card = out[i]
            value = fact.value_for(card)
            old = card.disagreement(fact.field)
            readings = (
                old.readings
                if old is not None
                else tuple((s, _plain(getattr(card, fact.field))) for s in card.transcriptions or (card.source,))
            )
            if old is None and all(_same(_restored(v), value) for _, v in readings):
                continue  # every transcription already reads it so
            settled = Disagreement(fact.field, readings, _plain(value), fact.source, fact.quote)
            others = tuple(d for d in card.disagreements if d.field != fact.field)
            out[i] = card.replace(**{fact.field: value}, disagreements=(*others, settled))
            changed.add(i)
    return out, len(changed), unmatched


def _restored(value: Any) -> Any:
    """Gets a reading (JSON data) in the form :func:`_same` compares: lists as tuples."""
    return tuple(value) if isinstance(value, list) else value


def settle_by_errata(cards: Sequence[Card]) -> list[Card]:
    """Gets the cards with each disagreement that an applied erratum sets marked as settled
    by it: the erratum says what the field is today, whatever either transcription read."""
    out = []
    for card in cards:
        fixed = {e.field: e for e in card.errata if e.applied and e.kind != "note"}
        if not card.disagreements or not fixed:
            out.append(card)
            continue
        settled = tuple(
            Disagreement(
                d.field,
                d.readings,
                _plain(getattr(card, d.field)),
                f"rulings:{fixed[d.field].source_line}",
                fixed[d.field].note,
            )
            if not d.decided and d.field in fixed
            else d
            for d in card.disagreements
        )
        out.append(card.replace(disagreements=settled))
    return out
