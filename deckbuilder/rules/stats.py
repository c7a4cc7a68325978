"""Deck statistics a builder looks at: types, Sanity, places, languages, Gates, Adventures."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields

from deckbuilder.rules.cards import CardType, LanguageRule, fold_title
from deckbuilder.rules.decks import Deck, Section


@dataclass(frozen=True)
class DeckStats:
    """Counts over the deck section (copies counted), plus the Investigator's languages."""

    cards: int
    by_type: dict[str, int]
    by_subtype: dict[str, int]
    sanity_costs: int
    sanity_gains: int
    spell_casting_costs: int
    unknown_sanity: int
    regions: dict[str, int]
    subregions: dict[str, int]
    dimensions: dict[str, int]
    languages_known: dict[str, list[str]]
    languages_needed: dict[str, list[str]]
    unread_tomes: list[str]
    gates: int
    monsters: int
    adventures: list[dict[str, object]] = field(default_factory=list)
    adventure_points: int = 0

    def to_dict(self) -> dict[str, object]:
        """Gets the fields by name, in their order (read by name, not through ``__dict__``,
        which a class compiled by mypyc does not have)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


def deck_stats(deck: Deck) -> DeckStats:
    """Gets the statistics of a deck's main section.

    Sanity costs and gains are the pentagrams of the cards other than Spells and the
    Investigator (a Spell's yellow pentagram is paid each time it is cast, rulebook
    "Sanity"), counted per copy.
    """
    by_type: Counter[str] = Counter()
    by_subtype: Counter[str] = Counter()
    regions: Counter[str] = Counter()
    subregions: Counter[str] = Counter()
    dimensions: Counter[str] = Counter()
    costs = gains = spell_costs = unknown = gates = monsters = 0
    for entry in deck.main:
        card, n = entry.card, entry.count
        kind = card.type.value if card.type else "unknown"
        by_type[kind] += n
        if card.subtype:
            by_subtype[f"{kind}: {card.subtype}"] += n
        if card.type is CardType.SPELL:
            if card.sanity is not None and card.sanity < 0:
                spell_costs += -card.sanity * n
        elif card.sanity is None:
            if (
                card.type
                in (
                    CardType.LOCATION,
                    CardType.ALLY,
                    CardType.MONSTER,
                    CardType.EVENT,
                    CardType.ARTIFACT,
                    CardType.TOME,
                )
                and card.sanity_text
            ):
                unknown += n
        elif card.sanity < 0:
            costs += -card.sanity * n
        else:
            gains += card.sanity * n
        if card.type in (CardType.LOCATION, CardType.ALLY):
            if card.region:
                regions[card.region] += n
            if card.subregion:
                subregions[card.subregion] += n
        if card.dimension:
            dimensions[card.dimension.value] += n
        if card.type is CardType.LOCATION and card.gate:
            gates += n
        if card.type is CardType.MONSTER:
            monsters += n

    known: dict[str, list[str]] = {}
    for card in (*deck.investigators, *(e.card for e in deck.main if e.card.type is CardType.ALLY)):
        for language in card.languages:
            holders = known.setdefault(language, [])
            if card.title not in holders:
                holders.append(card.title)
    needed: dict[str, list[str]] = {}
    unread: list[str] = []
    known_folded = {fold_title(k) for k in known}
    knows_all = "all" in known_folded
    for entry in deck.main:
        card = entry.card
        if card.type is not CardType.TOME or not card.tome_languages:
            continue
        for language in card.tome_languages:
            tomes = needed.setdefault(language, [])
            if card.title not in tomes:
                tomes.append(card.title)
        langs = {fold_title(lang) for lang in card.tome_languages}
        readable = knows_all or (
            bool(langs & known_folded) if card.tome_language_rule is LanguageRule.ONE_OF else langs <= known_folded
        )
        if not readable and card.title not in unread:
            unread.append(card.title)

    adventures: dict[str, dict[str, object]] = {}
    for entry in deck.main:
        if entry.card.type is CardType.ADVENTURE:
            key = fold_title(entry.card.title)
            row = adventures.setdefault(key, {"title": entry.card.title, "points": entry.card.value, "copies": 0})
            row["copies"] = int(row["copies"]) + entry.count  # type: ignore[call-overload]
    points = sum(int(a["points"] or 0) for a in adventures.values())  # type: ignore[call-overload]
    return DeckStats(
        cards=deck.count(Section.DECK),
        by_type=dict(sorted(by_type.items())),
        by_subtype=dict(sorted(by_subtype.items())),
        sanity_costs=costs,
        sanity_gains=gains,
        spell_casting_costs=spell_costs,
        unknown_sanity=unknown,
        regions=dict(regions.most_common()),
        subregions=dict(subregions.most_common()),
        dimensions=dict(dimensions.most_common()),
        languages_known=dict(sorted(known.items())),
        languages_needed=dict(sorted(needed.items())),
        unread_tomes=unread,
        gates=gates,
        monsters=monsters,
        adventures=sorted(adventures.values(), key=lambda a: str(a["title"])),
        adventure_points=points,
    )
