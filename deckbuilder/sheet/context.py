"""The deck sheet's context: one frozen dataclass per part of the page, built from the rules' values.

As in datasette (``views/table.py``), a page gets a typed input: the deck sheet takes a
:class:`DeckSheetContext`, whose every field carries ``metadata={"help": ...}``.
:func:`build_sheet_context` builds it from the rules core's values and is pure (no files,
no SQL, no Jinja); :func:`~deckbuilder.sheet.render.render_deck_sheet` turns it into one
self-contained HTML page.

The three optional sections take plain data and are shown only when given (``None``: the
section is left out; an empty list: the section says there is nothing to report):

``adventures``
    one item per Adventure: a mapping, or an object with ``to_dict()``, with the keys
    ``adventure`` (title), ``points`` (int or None), ``completable`` (bool or None),
    ``assignment`` (requirement -> card title or None; a mapping, or a list of
    ``{"requirement": ..., "card": ...}`` or of pairs), ``missing``, ``conditions`` and
    ``uninterpreted`` (lists of words).
``playability``
    one item per warning: a mapping or an object with the attributes ``card``,
    ``severity``, ``reason`` and ``fix``.
``goldfish``
    a goldfish report (:class:`~deckbuilder.rules.goldfish.GoldfishReport`, its ``to_dict()``
    or a mapping of the same keys): ``games`` (int), ``completed`` (the share 0-1 of games
    that completed an Adventure), ``by_round`` (cumulative shares by Round 1, 2, ...: a
    list, or a mapping Round -> share), with ``campaign``, ``target``, ``reached_target``
    and ``target_by_round`` for Campaign play, ``median_rounds``, ``final_sanity`` and
    ``final_sanity_quartiles``, and ``blockers`` (``{"title", "share"}`` items); and
    ``draw_odds``: rows ``{"label", "probability" (0-1), "exact" (bool)}`` (or the report's
    ``odds`` / ``draw_odds`` key).

>>> ctx = build_sheet_context(deck, verdict, deck_stats(deck))   # doctest: +SKIP
>>> html = render_deck_sheet(ctx)                                # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from deckbuilder.rules.cards import (
    Card,
    CardType,
    Dimension,
    LanguageRule,
    display_title,
    sort_title,
)
from deckbuilder.rules.decks import Deck, DeckEntry, Section
from deckbuilder.rules.formats import Severity
from deckbuilder.rules.stats import DeckStats
from deckbuilder.rules.validator import Verdict
from deckbuilder.sheet.goldfish import GoldfishView, goldfish_view
from deckbuilder.sheet.text import UNKNOWN, plain_data, plural, signed, text_of, value_text

# --------------------------------------------------------------------------------------
# the deck sheet's context


@dataclass(frozen=True)
class Figure:
    """One labelled number or fact (an Investigator's number, a line of the deck's make-up)."""

    label: str = field(metadata={"help": "What the figure is, in the players' words (Sanity, Education...)."})
    value: str = field(metadata={"help": 'The figure as printed; "unknown" when the catalog does not know it.'})
    known: bool = field(
        metadata={"help": "False when any part of the figure is unknown (shown muted)."},
        default=True,
    )


@dataclass(frozen=True)
class InvestigatorView:
    """An Investigator card with the numbers a player plays by."""

    title: str = field(metadata={"help": "The Investigator's title, article in front."})
    figures: tuple[Figure, ...] = field(
        metadata={
            "help": "Sanity (beginning), Maximum Sanity, Education, Hand (cards drawn up to each Round) "
            'and Minimum / Maximum (cards kept at the end of a Round); "unknown" where unknown.'
        }
    )
    languages: str = field(metadata={"help": 'The Languages the Investigator knows, or "unknown".'})
    set_name: str = field(metadata={"help": "The set the card is from."})


@dataclass(frozen=True)
class CardRow:
    """Copies of one card in the list, with the facts a player checks at a glance."""

    count: int = field(metadata={"help": "Copies in this section."})
    title: str = field(metadata={"help": "The card's title, article in front."})
    unique: bool = field(metadata={"help": "The card has the Uniqueness Dot: one copy per deck (rulings:13)."})
    gate: bool = field(metadata={"help": "The Location is a Gate (Monsters may be played to your Threat there)."})
    place: str = field(metadata={"help": "Locations and Allies: the Subregion (or Region) where the card is found."})
    detail: str = field(
        metadata={
            "help": "A short kind: Monster class, Spell icon, Tome languages, Ally allegiance, Dimension "
            "(other than the Waking World) or subtype; empty when none is known."
        }
    )
    value: str = field(
        metadata={"help": "The upper-left value (Adventure points, Tome capacity, GOO, +N); empty when none."}
    )
    sanity: str = field(metadata={"help": "The Sanity pentagram, signed (+2, −1); empty for a card without one."})
    set_code: str = field(metadata={"help": "The set code, given only when the list holds this title in several sets."})


@dataclass(frozen=True)
class TypeGroup:
    """The cards of one type in a section of the deck."""

    name: str = field(metadata={"help": "The group heading, plural (Locations, Allies...)."})
    card_type: str = field(metadata={"help": 'The card type (Location, Ally...), or "unknown".'})
    count: int = field(metadata={"help": "Copies in the group."})
    rows: tuple[CardRow, ...] = field(
        metadata={"help": "The cards, sorted by title (Locations and Allies by place, then title)."}
    )


@dataclass(frozen=True)
class FindingView:
    """One finding of the deck check: what is wrong, the rule's words and source, the fix."""

    severity: str = field(
        metadata={
            "help": "error (the documents require it), warning (they recommend it), note, or unchecked "
            "(the catalog cannot tell whether the rule is met)."
        }
    )
    message: str = field(metadata={"help": "What was found."})
    words: str = field(metadata={"help": "The rule in the documents' words."})
    source: str = field(metadata={"help": 'Where the rule stands ("rulings:11" is line 11 of the rulings document).'})
    fix: str = field(metadata={"help": "How to fix it; empty when nothing needs fixing."})
    cards: tuple[str, ...] = field(metadata={"help": "The cards involved."})


@dataclass(frozen=True)
class RuleView:
    """A deck rule that was checked."""

    words: str = field(metadata={"help": "The rule in the documents' words."})
    source: str = field(metadata={"help": "Where the rule stands."})


@dataclass(frozen=True)
class VerdictView:
    """The deck check for the chosen way to play."""

    format_name: str = field(metadata={"help": "The way to play (Basic, Advanced, Campaign...)."})
    format_description: str = field(metadata={"help": "The way to play in one sentence."})
    house_rules: tuple[str, ...] = field(metadata={"help": "The house rules chosen, by name."})
    legal: bool = field(metadata={"help": "No rule the documents require is broken (warnings and notes do not count)."})
    errors: int = field(metadata={"help": "Findings that make the deck illegal."})
    warnings: int = field(metadata={"help": "Findings the documents only recommend."})
    notes: int = field(metadata={"help": "Findings that only inform."})
    unchecked: int = field(
        metadata={
            "help": "Rules the catalog cannot check (neither met nor broken), e.g. Cult vs Investigator factions."
        }
    )
    findings: tuple[FindingView, ...] = field(metadata={"help": "Every finding, errors first, unchecked rules last."})
    rules: tuple[RuleView, ...] = field(metadata={"help": "Every rule checked, with its source."})


@dataclass(frozen=True)
class AssignmentRow:
    """One requirement of an Adventure's recipe and the card the deck meets it with."""

    requirement: str = field(metadata={"help": "The recipe's word (WEAPON, a Subregion, a Monster class...)."})
    card: str = field(metadata={"help": "The card of the deck that meets it; empty when none does."})


@dataclass(frozen=True)
class AdventureView:
    """An Adventure's recipe checked against the deck."""

    title: str = field(metadata={"help": "The Adventure's title."})
    points: str = field(metadata={"help": 'Its Adventure points, or "unknown".'})
    completable: bool | None = field(
        metadata={"help": "The deck holds a card for every requirement (None: not known)."}
    )
    assignment: tuple[AssignmentRow, ...] = field(metadata={"help": "Each requirement and the card assigned to it."})
    missing: tuple[str, ...] = field(metadata={"help": "Requirements no card of the deck meets."})
    conditions: tuple[str, ...] = field(
        metadata={"help": "Conditions left to meet in play (Sanity, Current Location...)."}
    )
    uninterpreted: tuple[str, ...] = field(
        metadata={"help": "Parts of the recipe the checker could not read; check them by hand."}
    )


@dataclass(frozen=True)
class PlayabilityView:
    """A card the deck may struggle to play, and what would help."""

    card: str = field(metadata={"help": "The card."})
    severity: str = field(metadata={"help": "How serious: error, warning or note."})
    reason: str = field(metadata={"help": "Why it is hard to play."})
    fix: str = field(metadata={"help": "What would help; empty when nothing is suggested."})


@dataclass(frozen=True)
class DeckSheetContext:
    """Everything the printable deck sheet shows (``templates/deck_sheet.html``)."""

    deck_name: str = field(metadata={"help": "The deck's name (the file's name when the list names none)."})
    card_count: int = field(metadata={"help": "Cards in the deck section (the Investigator is not one of them)."})
    investigators: tuple[InvestigatorView, ...] = field(metadata={"help": "The Investigator card(s) listed."})
    groups: tuple[TypeGroup, ...] = field(metadata={"help": "The deck section, grouped by card type."})
    sideboard: tuple[TypeGroup, ...] = field(metadata={"help": "The sideboard, grouped by card type; empty when none."})
    facts: tuple[Figure, ...] = field(
        metadata={"help": "The deck's make-up: Sanity, Gates, Adventure points, places, languages."}
    )
    verdict: VerdictView = field(metadata={"help": "The deck check for the chosen way to play, with every finding."})
    adventures: tuple[AdventureView, ...] | None = field(
        metadata={"help": "The Adventure checklist; None leaves the section out."}, default=None
    )
    playability: tuple[PlayabilityView, ...] | None = field(
        metadata={"help": "Playability warnings; None leaves the section out."}, default=None
    )
    goldfish: GoldfishView | None = field(
        metadata={"help": "Goldfish results and draw odds; None leaves the section out."},
        default=None,
    )
    generated_by: str = field(metadata={"help": "The tool and version that made the sheet (the footer)."}, default="")


# --------------------------------------------------------------------------------------
# building it


#: The order of the groups: what a Story Deck is built from first, then what is played on it.
TYPE_ORDER: tuple[CardType | None, ...] = (
    CardType.ADVENTURE,
    CardType.LOCATION,
    CardType.ALLY,
    CardType.ARTIFACT,
    CardType.TOME,
    CardType.SPELL,
    CardType.MONSTER,
    CardType.EVENT,
    CardType.INVESTIGATOR,
    None,
)

_PLURALS = {CardType.ALLY: "Allies"}


def _group_name(card_type: CardType | None) -> str:
    if card_type is None:
        return "Cards of unknown type"
    return _PLURALS.get(card_type, card_type.value + "s")


def _number(value: int | None) -> str:
    return UNKNOWN if value is None else str(value)


def _languages(card: Card) -> str:
    return ", ".join(card.languages) if card.languages else UNKNOWN


def investigator_view(card: Card) -> InvestigatorView:
    """Gets an Investigator's numbers as the sheet shows them ("unknown" where unknown)."""
    # Rulebook, "The Investigator card": beginning and maximum Sanity, Education, Languages
    # and the hand; "Discard phase": the Minimum and Maximum kept at the end of a Round.
    figures = (
        Figure("Sanity", _number(card.sanity), card.sanity is not None),
        Figure("Maximum Sanity", _number(card.sanity_max), card.sanity_max is not None),
        Figure("Education", _number(card.education), card.education is not None),
        Figure("Hand", _number(card.hand), card.hand is not None),
        Figure(
            "Minimum / Maximum",
            f"{_number(card.hand_min)} / {_number(card.hand_max)}",
            card.hand_min is not None and card.hand_max is not None,
        ),
    )
    return InvestigatorView(display_title(card.title), figures, _languages(card), card.set_name)


def _detail(card: Card) -> str:
    if card.type is CardType.MONSTER:
        return card.monster_class or card.subtype or ""
    if card.type is CardType.SPELL:
        return card.spell_icon.value if card.spell_icon else (card.subtype or "")
    if card.type is CardType.TOME and card.tome_languages:
        joiner = " or " if card.tome_language_rule is LanguageRule.ONE_OF else " & "
        return joiner.join(card.tome_languages)
    if card.type is CardType.ALLY and card.allegiance:
        return card.allegiance.value
    if card.type is CardType.LOCATION and card.dimension and card.dimension is not Dimension.WAKING_WORLD:
        return card.dimension.value
    return card.subtype or ""


def _sanity(card: Card) -> str:
    if card.sanity is not None:
        return signed(card.sanity)
    return card.sanity_text


def card_row(entry: DeckEntry, show_set: bool = False) -> CardRow:
    """Gets one list row: copies, title and the facts a player checks at a glance."""
    card = entry.card
    place = (card.subregion or card.region or "") if card.type in (CardType.LOCATION, CardType.ALLY) else ""
    return CardRow(
        count=entry.count,
        title=display_title(card.title),
        unique=card.unique,
        gate=card.gate and card.type is CardType.LOCATION,
        place=place,
        detail=_detail(card),
        value=value_text(card),
        sanity=_sanity(card),
        set_code=card.set_code if show_set else "",
    )


def type_groups(entries: Iterable[DeckEntry]) -> tuple[TypeGroup, ...]:
    """Gets a section's entries grouped by card type, in :data:`TYPE_ORDER`.

    Titles held in several sets or printings get their set code, so a judge can tell them
    apart (the four-copy rule counts them together, rulings:12).
    """
    entries = list(entries)
    sets_by_title: dict[str, set[tuple[str, int]]] = {}
    for e in entries:
        sets_by_title.setdefault(sort_title(e.card.title), set()).add((e.card.set_code, e.card.printing))
    by_type: dict[CardType | None, list[DeckEntry]] = {}
    for e in entries:
        by_type.setdefault(e.card.type, []).append(e)
    groups = []
    for card_type in TYPE_ORDER:
        members = by_type.get(card_type)
        if not members:
            continue
        rows = [card_row(e, len(sets_by_title[sort_title(e.card.title)]) > 1) for e in members]
        if card_type in (CardType.LOCATION, CardType.ALLY):
            rows.sort(key=lambda r: (r.place == "", r.place.casefold(), sort_title(r.title), r.set_code))
        else:
            rows.sort(key=lambda r: (sort_title(r.title), r.set_code))
        groups.append(
            TypeGroup(
                name=_group_name(card_type),
                card_type=card_type.value if card_type else UNKNOWN,
                count=sum(r.count for r in rows),
                rows=tuple(rows),
            )
        )
    return tuple(groups)


def _join_counts(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in counts.items())


def deck_facts(stats: DeckStats, verdict: Verdict, sideboard: int = 0) -> tuple[Figure, ...]:
    """Gets the deck's make-up lines: Sanity, Gates, Adventure points, places, languages."""
    facts = [Figure("Cards", str(stats.cards) + (f" (sideboard {sideboard})" if sideboard else ""))]
    sanity = f"costs {stats.sanity_costs}, gains {stats.sanity_gains}"
    if stats.spell_casting_costs:
        sanity += f"; casting Spells {stats.spell_casting_costs}"
    if stats.unknown_sanity:
        sanity += f"; unknown on {plural(stats.unknown_sanity, 'card')}"
    facts.append(Figure("Sanity", sanity))
    facts.append(Figure("Gates", f"{stats.gates} for {plural(stats.monsters, 'Monster')}"))
    if stats.adventures:
        target = verdict.format.campaign_target
        points = f"{verdict.adventure_points}" + (f" of {target}" if target else "")
        unknown = [str(a["title"]) for a in stats.adventures if a["points"] is None]
        if unknown:
            points += f" (unknown for {', '.join(unknown)})"
        facts.append(Figure("Adventure points", points))
    if stats.subregions:
        facts.append(Figure("Subregions", _join_counts(stats.subregions)))
    elif stats.regions:
        facts.append(Figure("Regions", _join_counts(stats.regions)))
    if stats.dimensions:
        facts.append(Figure("Dimensions", _join_counts(stats.dimensions)))
    if stats.languages_known:
        facts.append(Figure("Languages read", ", ".join(stats.languages_known)))
    if stats.unread_tomes:
        facts.append(Figure("Tomes no one reads", ", ".join(stats.unread_tomes)))
    return tuple(facts)


_SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.NOTE: 2}


def verdict_view(verdict: Verdict) -> VerdictView:
    """Gets the deck check as the sheet shows it: every finding, errors first, and the rules checked."""
    findings = sorted(verdict.findings, key=lambda f: (not f.checked, _SEVERITY_ORDER[f.severity]))
    waived = {rule_id for h in verdict.house_rules for rule_id in h.waives}
    rules = (
        *(r for r in verdict.format.rules if r.id not in waived),
        *(r for h in verdict.house_rules for r in h.rules),
    )
    return VerdictView(
        format_name=verdict.format.name,
        format_description=verdict.format.description,
        house_rules=tuple(h.name for h in verdict.house_rules),
        legal=verdict.is_legal,
        errors=len(verdict.errors),
        warnings=len(verdict.warnings),
        notes=len(verdict.notes),
        unchecked=len(verdict.unchecked),
        findings=tuple(
            FindingView(
                severity=f.severity.value if f.checked else "unchecked",
                message=f.message,
                words=f.words,
                source=f.source,
                fix="" if f.fix == "none needed" else f.fix,
                cards=f.cards,
            )
            for f in findings
        ),
        # Two rules may share the documents' sentence (one Investigator; a pool of them).
        rules=tuple(RuleView(words, source) for words, source in dict.fromkeys((r.words, r.source) for r in rules)),
    )


def _words(values: Any) -> tuple[str, ...]:
    if not values:
        return ()
    if isinstance(values, str):
        return (values,)
    return tuple(text_of(v) for v in values)


def _assignment(raw: Any) -> tuple[AssignmentRow, ...]:
    if not raw:
        return ()
    if isinstance(raw, Mapping):
        return tuple(AssignmentRow(text_of(k), text_of(v)) for k, v in raw.items())
    rows = []
    for item in raw:
        if isinstance(item, Mapping):
            requirement = item.get("requirement", item.get("word", item.get("need", "")))
            card = item.get("card", item.get("cards", item.get("title")))
            rows.append(AssignmentRow(text_of(requirement), text_of(card)))
        else:
            requirement, card = item
            rows.append(AssignmentRow(text_of(requirement), text_of(card)))
    return tuple(rows)


def adventure_view(item: Any) -> AdventureView:
    """Gets an Adventure checklist entry from a recipe check (a mapping or an object with ``to_dict()``)."""
    data = plain_data(item)
    title = data.get("adventure", data.get("title", ""))
    if isinstance(title, Card):
        title = title.title
    points = data.get("points")
    completable = data.get("completable")
    if not data.get("assignment") and not data.get("missing") and data.get("uninterpreted"):
        completable = None  # nothing of the recipe was read: no verdict to give
    return AdventureView(
        title=display_title(text_of(title)),
        points=UNKNOWN if points is None else text_of(points),
        completable=None if completable is None else bool(completable),
        assignment=_assignment(data.get("assignment")),
        missing=_words(data.get("missing")),
        conditions=_words(data.get("conditions")),
        uninterpreted=_words(data.get("uninterpreted")),
    )


def playability_view(item: Any) -> PlayabilityView:
    """Gets a playability warning (a mapping or an object with card/severity/reason/fix)."""
    data = plain_data(item)
    card = data.get("card", "")
    if isinstance(card, Card):
        card = display_title(card.title)
    return PlayabilityView(
        card=text_of(card),
        severity=text_of(data.get("severity")) or "warning",
        reason=text_of(data.get("reason")),
        fix=text_of(data.get("fix")),
    )


def build_sheet_context(
    deck: Deck,
    verdict: Verdict,
    stats: DeckStats,
    *,
    deck_name: str | None = None,
    adventures: Sequence[Any] | None = None,
    playability: Sequence[Any] | None = None,
    goldfish: Any | None = None,
    draw_odds: Sequence[Any] | None = None,
    goldfish_players: Sequence[tuple[str, Any]] | None = None,
    played_by: str | None = None,
    generated_by: str = "",
) -> DeckSheetContext:
    """Gets the deck sheet's context from the rules core's values. Pure: no files, no Jinja.

    Options:

    - ``deck_name``: the name to show when the deck list names none (e.g. the file's name).
    - ``adventures``: Adventure recipe checks (see the module docstring); None leaves the
      checklist out.
    - ``playability``: playability warnings; None leaves the section out.
    - ``goldfish``: a goldfish report; None leaves the section out.
    - ``draw_odds``: draw odds rows for the goldfish section (else the report's own).
    - ``goldfish_players``: each Investigator a deck lists with its report, best first.
    - ``played_by``: the Investigator whose games ``goldfish`` holds.
    - ``generated_by``: the footer's "made with" words.

    Raises ``ValueError`` when a goldfish share is outside 0-1.
    """
    name = " ".join((deck.name or deck_name or "").split()) or "Untitled deck"
    sideboard = deck.section(Section.SIDEBOARD)
    return DeckSheetContext(
        deck_name=name,
        card_count=deck.count(Section.DECK),
        investigators=tuple(investigator_view(c) for c in deck.investigators),
        groups=type_groups(deck.main),
        sideboard=type_groups(sideboard),
        facts=deck_facts(stats, verdict, sum(e.count for e in sideboard)),
        verdict=verdict_view(verdict),
        adventures=None if adventures is None else tuple(adventure_view(a) for a in adventures),
        playability=None if playability is None else tuple(playability_view(p) for p in playability),
        goldfish=None
        if goldfish is None
        else goldfish_view(goldfish, draw_odds, players=goldfish_players or (), played_by=played_by or ""),
        generated_by=generated_by,
    )
