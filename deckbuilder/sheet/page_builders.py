"""Builds the web deck builder's page contexts (:mod:`deckbuilder.sheet.pages`) from the service's answers.

Pure: no request, no file, no SQL. A builder reads a service result's fields (the cards,
the verdict, the Adventure checks) and writes the words and numbers a page shows, using the
deck sheet's own views where the sheet shows the same thing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

from deckbuilder.rules.cards import Card, CardType, Legality, display_title, fold_title, sort_title
from deckbuilder.rules.decks import Section
from deckbuilder.sheet.context import (
    TYPE_ORDER,
    Figure,
    adventure_view,
    deck_facts,
    playability_view,
    verdict_view,
)
from deckbuilder.sheet.pages import (
    AdventureChecklist,
    BuildResultView,
    BuiltDeckRow,
    CardRowView,
    CardsPanel,
    ChangeRow,
    Choice,
    DeckBar,
    DeckHeader,
    DiffView,
    ErrorView,
    FieldShareView,
    FilterGroup,
    FilterLink,
    Link,
    ListGroup,
    ListRow,
    MatchRowView,
    MatchView,
    PlayForm,
    SeatForm,
    ShortfallView,
    SlotView,
    SortColumn,
    Suggestion,
    SuggestionRow,
    VersionRow,
)
from deckbuilder.sheet.text import percent, signed, value_text

#: The most search results a page lists (the count says how many were found).
SHOWN = 200

#: The sortable columns of the search results: heading and the order it sorts by.
COLUMNS = (
    ("Title", "title"),
    ("Type", "type"),
    ("Value", "value"),
    ("Sanity", "sanity"),
    ("Gate", "gate"),
    ("Region", "region"),
    ("Unique", "unique"),
    ("Set", "set"),
)

#: The most cards "add one of" offers for a requirement: a handful to choose from.
SUGGESTED = 5

#: The deck formats an export offers: name, what it is.
EXPORTS = (("text", "Text (.txt)"), ("gccg", "GCCG (.deck)"), ("lackey", "LackeyCCG (.dek)"), ("json", "JSON (.json)"))

_PLURALS = {CardType.ALLY: "Allies"}


def when(saved_at: str | None) -> str:
    """Gets a saved time as a person reads it: ``2026-11-24 19:37 UTC``."""
    return (saved_at or "").replace("T", " ").replace("Z", " UTC")[:20].strip() or "never"


def error_view(failure: Any, exc: BaseException | None = None) -> ErrorView:
    """Gets an error as the page shows it: the CLI's kind and message, and for a query the
    caret under its position (``QuerySyntaxError.pointer``)."""
    pointer = getattr(exc, "pointer", None)
    return ErrorView(failure.kind, failure.message, pointer() if callable(pointer) else "")


def most_copies(card: Card) -> int:
    """Gets the most copies of a card a deck may hold: one Investigator card, one copy of a
    Unique card (rulings document line 13), else four (line 12)."""
    return 1 if card.unique or card.type is CardType.INVESTIGATOR else 4


#: The mark a card row carries for a set that is not Chaosium's.
MARKS = {Legality.OFFICIAL: "", Legality.FAN: "fan", Legality.REPOINTED: "house rule"}

#: The orders whose natural direction puts the largest first: Value lists the highest
#: number first (the CLI's ``--sort value``), so its heading's arrow points down.
LARGEST_FIRST = frozenset({"value"})


def card_row(
    card: Card, owned: Mapping[str, int] | None, in_deck: Mapping[str, int], by_title: Mapping[str, int] | None = None
) -> CardRowView:
    """Gets a search result's row: the columns players scan, and the copies of this printing
    (``in_deck``, by catalog key) beside the title's total (``by_title``, by folded title)."""
    folded = fold_title(card.title)
    place = (card.subregion or card.region or "") if card.type in (CardType.LOCATION, CardType.ALLY) else ""
    mine = in_deck.get(card.key, 0)
    total = (by_title or {}).get(folded, mine)
    return CardRowView(
        key=card.key,
        title=display_title(card.title),
        card_type=card.type.value if card.type else "unknown",
        subtype=card.monster_class or card.subtype or "",
        value=value_text(card),
        sanity=signed(card.sanity) if card.sanity is not None else card.sanity_text,
        gate=card.gate,
        region=place,
        unique=card.unique,
        set_code=card.set_code,
        set_name=card.set_name,
        mark=MARKS[card.legality],
        owned="" if owned is None else str(owned.get(folded, 0)),
        in_deck=mine,
        title_total=total,
        most=max(mine, most_copies(card) - (total - mine)),
    )


#: The filter buttons' keys: label, the spellings a query may use for it (as
#: :data:`deckbuilder.catalog.search.keys.SEARCH_KEYS` lists them), the spelling written.
FILTER_KEYS = (("Type", ("t", "type"), "t"), ("Set", ("set", "s", "e"), "set"), ("Region", ("r", "region"), "r"))

#: A top-level ``KEY:VALUE`` term of a query (the value quoted or a word), with what surrounds it.
_TERM = re.compile(r'(?<![\S])(?P<key>[A-Za-z]+):(?P<value>"[^"]*"|[^\s()"]+)(?=\s|$)')

#: A query with parentheses or ``or``: which term a button would replace is not plain, so it only adds.
_GROUPED = re.compile(r"[()]|(?<!\S)or(?!\S)", re.IGNORECASE)


def _folded(value: str) -> str:
    return fold_title(value.strip('"')).replace(" ", "")


def _with_term(query: str, spellings: Sequence[str], term: str, value: str | None) -> tuple[str, bool]:
    """Gets the query with its terms of this key taken out and ``term`` put in, or (when the
    query holds it already) only taken out; and whether it held it. ``value`` None: the key is
    ``is`` and only this one flag's term is taken out. In a query with parentheses or ``or``
    the term is only added (and-ed to the whole)."""
    if _GROUPED.search(query):
        return f"({query}) {term}", False
    held = False
    kept: list[str] = []
    last = 0
    for match in _TERM.finditer(query):
        key, found = match["key"].lower(), match["value"]
        if key not in spellings or (value is None and _folded(found) != _folded(term.split(":", 1)[1])):
            continue
        held = held or _folded(found) == _folded(term.split(":", 1)[1])
        kept.append(query[last : match.start()])
        last = match.end()
    kept.append(query[last:])
    rest = " ".join("".join(kept).split())
    return (rest if held else f"{rest} {term}".strip()), held


def filter_groups(
    query: str, facts: Sequence[Card], *, href: str, params: Mapping[str, str], owned: bool
) -> tuple[FilterGroup, ...]:
    """Gets the filter buttons for the catalog's cards (``facts``): its types, set codes and
    regions, and owned when a collection is imported. Each is a plain link to the query with
    its term put in (replacing that key's term) or, when the query holds it, taken out."""
    if not facts:
        return ()
    types = sorted({c.type for c in facts if c.type}, key=lambda t: t.value)
    sets = list(dict.fromkeys(c.set_code for c in facts if c.set_code))
    regions = sorted({c.region for c in facts if c.region}, key=fold_title)
    values = (
        [(t.value, t.value.lower()) for t in types],
        [(code, code.lower()) for code in sets],
        [(region, region.lower()) for region in regions],
    )

    def link(label: str, spellings: Sequence[str], term: str, value: str | None) -> FilterLink:
        new, on = _with_term(query, spellings, term, value)
        return FilterLink(label, term, f"{href}?{urlencode({**params, 'q': new})}", on)

    groups = []
    for (label, spellings, key), options in zip(FILTER_KEYS, values, strict=True):
        links = []
        for shown, value in options:
            written = f'"{value}"' if " " in value else value
            links.append(link(shown, spellings, f"{key}:{written}", written))
        groups.append(FilterGroup(label, tuple(links)))
    if owned:
        groups.append(FilterGroup("Owned", (link("owned", ("is",), "is:owned", None),)))
    return tuple(groups)


def cards_panel(
    query: str,
    cards: Sequence[Card] | None,
    *,
    sort: str,
    descending: bool,
    href: str,
    params: Mapping[str, str],
    owned: Mapping[str, int] | None,
    in_deck: Mapping[str, int] | None = None,
    by_title: Mapping[str, int] | None = None,
    error: ErrorView | None = None,
    hidden: int = 0,
    toggle_href: str = "",
    showing_all: bool = False,
    hint: str = "",
    facts: Sequence[Card] = (),
) -> CardsPanel:
    """Gets a search box's context: the results (at most :data:`SHOWN`) and the column
    headings, each a link that sorts by it (a second time, the other way round). A heading's
    arrow shows the direction the rows run in: ▲ smallest first, ▼ largest first."""
    columns = []
    for label, order in COLUMNS:
        reverse = order == sort and not descending
        link = {**params, "q": query, "sort": order, **({"order": "desc"} if reverse else {})}
        largest_first = descending is not (order in LARGEST_FIRST)
        current = ("descending" if largest_first else "ascending") if order == sort else ""
        columns.append(SortColumn(label, f"{href}?{urlencode(link)}", current))
    found = list(cards or ())
    return CardsPanel(
        query=query,
        rows=tuple(card_row(c, owned, in_deck or {}, by_title) for c in found[:SHOWN]),
        found=len(found),
        error=error,
        columns=tuple(columns),
        sort=sort,
        descending=descending,
        collection=owned is not None,
        hidden=hidden,
        toggle_href=toggle_href,
        showing_all=showing_all,
        hint=hint,
        filters=filter_groups(
            query,
            facts,
            href=href,
            owned=owned is not None,
            params={**params, "sort": sort, **({"order": "desc"} if descending else {})},
        ),
    )


#: What a printing's label adds for a set that is not Chaosium's.
MARK_WORDS = {
    Legality.OFFICIAL: "",
    Legality.FAN: " · fan card, not Chaosium's",
    Legality.REPOINTED: " · house rule (re-pointed)",
}


def printing_label(card: Card) -> str:
    """Gets a printing as the card page names it: set, code, printing number, and a mark for
    a fan or re-pointed card (``Repointed (RP) · house rule (re-pointed)``)."""
    number = f" #{card.printing}" if card.printing > 1 else ""
    return f"{card.set_name} ({card.set_code}){number}{MARK_WORDS[card.legality]}"


def investigator_label(card: Card) -> str:
    """Gets an Investigator as the New deck form lists it: title, set, beginning Sanity,
    hand size and languages ("?" where the catalog does not know)."""
    sanity = "?" if card.sanity is None else str(card.sanity)
    hand = "?" if card.hand is None else str(card.hand)
    languages = ", ".join(card.languages) or "?"
    return f"{display_title(card.title)} ({card.set_code}) · Sanity {sanity}, hand {hand}, knows {languages}"


def _known(value: Any) -> str:
    if value is None or value == "" or value == ():
        return "unknown"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(getattr(v, "value", v)) for v in value)
    return str(getattr(value, "value", value))


def card_facts(card: Card) -> tuple[Figure, ...]:
    """Gets a card's facts as it plays: the type's own numbers ("unknown" where unknown),
    then every other fact the catalog knows."""
    facts = [Figure("Type", _known(card.type), card.type is not None)]
    if card.subtype or card.monster_class:
        facts.append(Figure("Subtype", card.monster_class or card.subtype or ""))
    facts.append(Figure("Set", printing_label(card)))
    if card.type in (CardType.ADVENTURE, CardType.MONSTER, CardType.ARTIFACT, CardType.TOME) or card.value is not None:
        facts.append(Figure("Value", value_text(card) or "unknown", card.value is not None))
    if card.type is not CardType.INVESTIGATOR:
        sanity = signed(card.sanity) if card.sanity is not None else (card.sanity_text or "unknown")
        facts.append(Figure("Sanity", sanity, card.sanity is not None or bool(card.sanity_text)))
    if card.type is CardType.LOCATION:
        facts.append(Figure("Gate", "yes" if card.gate else "no"))
    facts.append(Figure("Unique", "yes (one copy per deck, rulings:13)" if card.unique else "no"))
    if card.type is CardType.INVESTIGATOR:
        for label, value in (
            ("Sanity", card.sanity),
            ("Maximum Sanity", card.sanity_max),
            ("Education", card.education),
            ("Hand", card.hand),
            ("Minimum", card.hand_min),
            ("Maximum", card.hand_max),
        ):
            facts.append(Figure(label, _known(value), value is not None))
    for label, fact in (
        ("Region", card.region),
        ("Subregion", card.subregion),
        ("Dimension", card.dimension),
        ("Attributes", card.attributes),
        ("Public Attributes", card.public),
        ("Icons", card.icons),
        ("Allegiance", card.allegiance),
        ("Occupations", card.occupations),
        ("Languages", card.languages),
        ("Tome languages", card.tome_languages),
        ("Summons", card.summon),
        ("Affects", card.affects),
        ("Rarity", card.rarity),
        ("Artist", card.artist),
    ):
        if fact not in (None, "", ()):
            facts.append(Figure(label, _known(fact)))
    return tuple(facts)


#: A card field as a player names it (the card page's printed values and errata).
FIELD_WORDS = {
    "value": "Value",
    "value2": "Second value",
    "sanity": "Sanity",
    "text": "Text",
    "unique": "Uniqueness Dot",
    "gate": "Gate",
    "region": "Region",
    "subregion": "Subregion",
    "subtype": "Subtype",
    "attributes": "Attributes",
    "languages": "Languages",
    "tome_languages": "Written in",
    "icons": "Spell icons",
    "public": "Public Attributes",
    "sanity_max": "Maximum Sanity",
    "hand": "Hand size",
    "education": "Education",
    "dimension": "Dimension",
    "monster_class": "Monster class",
    "allegiance": "Allegiance",
    "occupations": "Occupations",
    "title": "Title",
    "type": "Type",
}


def field_words(name: str) -> str:
    """Gets a card field's name in words (``tome_languages`` -> ``Written in``)."""
    return FIELD_WORDS.get(name, name.replace("_", " ").capitalize())


def _printed_word(value: Any) -> str:
    return "nothing printed there" if value in ("", None, (), []) else _known(value)


def printed_values(card: Card) -> tuple[Figure, ...]:
    """Gets each value an erratum changed, as printed, beside what it plays as today
    ("Value: 7 as printed; plays as 13")."""
    return tuple(
        Figure(
            field_words(name), f"{_printed_word(value)} as printed; plays as {_printed_word(getattr(card, name, None))}"
        )
        for name, value in card.printed.items()
    )


def errata_rows(card: Card) -> tuple[Figure, ...]:
    """Gets each erratum of a card: its field and line, and what it changed (muted when not
    applied: a reversal the catalog keeps as a note)."""
    rows = []
    for e in card.errata:
        change = f"{_printed_word(e.before)} → {_known(e.after)}"
        rows.append(
            Figure(
                f"{field_words(e.field)} · rulings:{e.source_line}",
                f"{change} — {e.note}" if e.note else change,
                e.applied,
            )
        )
    return tuple(rows)


def ruling_rows(card: Card) -> tuple[Figure, ...]:
    """Gets each ruling that names a card, with its topic and line."""
    return tuple(Figure(f"{r.topic} · rulings:{r.source_line}", r.text) for r in card.rulings)


def disagreement_rows(view: Any, card: Card) -> tuple[Figure, ...]:
    """Gets where the two transcriptions disagree about a card, from whatever the card view
    carries (``disagreements`` on the view or the card: mappings or objects)."""
    found = getattr(view, "disagreements", None) or getattr(card, "disagreements", None) or ()
    if isinstance(found, Mapping):
        found = [{"field": k, "values": v} for k, v in found.items()]
    rows = []
    for item in found:
        data = item if isinstance(item, Mapping) else getattr(item, "__dict__", {"field": str(item)})
        label = str(data.get("field", data.get("name", "")))
        rest = "; ".join(f"{k}: {_known(v)}" for k, v in data.items() if k not in ("field", "name"))
        rows.append(Figure(label.replace("_", " "), rest or str(item)))
    return tuple(rows)


def header(saved: Any, deck: Any | None = None) -> DeckHeader:
    """Gets a saved deck's header (with ``deck``, the loaded list it shows now: the draft)."""
    cards = deck.deck.count() if deck is not None else (saved.cards or 0)
    name = (deck.deck.name if deck is not None and deck.deck.name else None) or saved.name
    play = saved.way_to_play
    format_name = str(play.get("format") or "advanced").replace("-", " ").title()
    latest = saved.latest.saved_at if saved.latest else None
    return DeckHeader(
        saved.id, name, cards, len(saved.versions), saved.has_draft, format_name, when(latest), saved.revision
    )


def _detail(card: Card) -> str:
    parts = []
    if card.type in (CardType.LOCATION, CardType.ALLY):
        parts.append(card.subregion or card.region or "")
    parts.append(card.monster_class or card.subtype or "")
    value = value_text(card)
    if value:
        parts.append(value)
    if card.sanity is not None:
        parts.append(f"San {signed(card.sanity)}")
    return " · ".join(p for p in parts if p)


def list_rows(entries: Iterable[Any], copies: Mapping[str, int]) -> tuple[ListRow, ...]:
    """Gets the rows of a deck's entries, by title, each knowing whether one more copy fits,
    and the title's copies across printings where another printing of it holds some."""
    rows = []
    listed = list(entries)
    in_section: dict[str, int] = {}
    for e in listed:
        in_section[fold_title(e.card.title)] = in_section.get(fold_title(e.card.title), 0) + e.count
    for e in sorted(listed, key=lambda e: (sort_title(e.card.title), e.card.set_code)):
        card = e.card
        total = in_section[fold_title(card.title)]
        rows.append(
            ListRow(
                card.key,
                display_title(card.title),
                e.count,
                e.section.value,
                card.unique,
                card.gate and card.type is CardType.LOCATION,
                _detail(card),
                card.set_code,
                MARKS[card.legality],
                total if total != e.count else 0,
                e.section is not Section.INVESTIGATOR and copies.get(fold_title(card.title), 0) < most_copies(card),
            )
        )
    return tuple(rows)


def list_groups(entries: Sequence[Any], copies: Mapping[str, int]) -> tuple[ListGroup, ...]:
    """Gets a section's entries by card type, in the deck sheet's order."""
    groups = []
    for card_type in TYPE_ORDER:
        members = [e for e in entries if e.card.type is card_type]
        if members:
            name = "Cards of unknown type" if card_type is None else _PLURALS.get(card_type, card_type.value + "s")
            groups.append(ListGroup(name, sum(e.count for e in members), list_rows(members, copies)))
    return tuple(groups)


def checklist(checks: Sequence[Any]) -> tuple[AdventureChecklist, ...]:
    """Gets the Adventure checklist: each Adventure as the sheet shows it, and each
    requirement with the deck's cards and the catalog's cards that would fill it."""
    from deckbuilder.rules.adventures.words import slot_words

    out = []
    for check in checks:
        data = check.to_dict()
        slots = tuple(
            SlotView(
                slot_words(result.slot),
                s["text"],
                ", ".join(s["cards"]),
                s["short"],
                tuple(Suggestion(t, *(result.why_not(t) or ("", ""))) for t in s["add_one_of"][:SUGGESTED]),
            )
            for result, s in zip(check.slots, data["slots"])
        )
        out.append(AdventureChecklist(adventure_view(check), slots))
    return tuple(out)


def other_decks(listed: Iterable[Any], saved_id: str) -> tuple[Choice, ...]:
    """Gets the saved decks but one, as choices (to judge a deck by matches against them)."""
    return tuple(Choice(d.id, d.name, False) for d in listed if d.id != saved_id)


def overview_parts(overview: Any) -> dict[str, Any]:
    """Gets the verdict's parts of the editor from a :class:`~deckbuilder.service.DeckOverview`."""
    deck = overview.check.deck.deck
    verdict = overview.check.verdict
    minimum = max(
        (
            int(r.params.get("count", 0))
            for r in verdict.format.rules
            if r.check in ("min_cards", "exact_cards") and r.params.get("section", "deck") == "deck"
        ),
        default=0,
    )
    return {
        "verdict": verdict_view(verdict),
        "bar": DeckBar(
            verdict.is_legal,
            len(verdict.errors),
            len(verdict.warnings),
            verdict.cards,
            minimum,
            verdict.adventure_points,
            verdict.format.campaign_target or 0,
        ),
        "adventures": checklist(overview.adventures.checks),
        "playability": tuple(playability_view(i) for i in overview.playability.issues if i.kind != "effect"),
        "engine_notes": tuple(playability_view(i) for i in overview.playability.issues if i.kind == "effect"),
        "facts": deck_facts(overview.stats.stats, verdict, deck.count(Section.SIDEBOARD)),
        "shortfalls": tuple(ShortfallView(s.title, s.needed, s.owned) for s in overview.shortfalls),
        "collection": overview.owned,
    }


def play_form(saved: Any, formats: Sequence[Any], house_rules: Sequence[Any]) -> PlayForm:
    """Gets the way-to-play form of a saved deck."""
    play = saved.way_to_play
    chosen = set(play.get("house_rules") or ())
    target = play.get("target")
    return PlayForm(
        formats=tuple(Choice(f.id, f.name, f.id == play.get("format")) for f in formats),
        target="" if target in (None, 20) else str(target),
        house_rules=tuple(Choice(h.id, h.name, h.id in chosen) for h in house_rules),
    )


def format_choices(formats: Sequence[Any], chosen: str = "advanced") -> tuple[Choice, ...]:
    """Gets every way to play as select options."""
    return tuple(Choice(f.id, f"{f.name}: {f.description}", f.id == chosen) for f in formats)


def exports(deck_id: str) -> tuple[Link, ...]:
    """Gets the download links of a deck in every format."""
    return tuple(Link(label, f"/decks/{deck_id}/export?to={name}") for name, label in EXPORTS)


def diff_view(diff: Any, before: str | None = None, after: str | None = None) -> DiffView:
    """Gets two decks' differences as the history page shows them (``before`` and ``after``
    name the two, "version 2", else the diff's own labels)."""
    rows = [
        ChangeRow(c.title, c.section, c.before, c.after, f"{c.change:+d}", kind)
        for kind, changes in (("added", diff.added), ("removed", diff.removed), ("changed", diff.changed))
        for c in changes
    ]
    return DiffView(before or diff.before, after or diff.after, diff.cards_before, diff.cards_after, tuple(rows))


def version_rows(history: Any) -> tuple[VersionRow, ...]:
    """Gets a deck's versions, newest first, each with what changed."""
    rows = [
        VersionRow(
            v.number, when(v.saved_at), "?" if v.cards is None else str(v.cards), d.summary(), v.unreadable is None
        )
        for v, d in zip(history.deck.versions, history.changes)
    ]
    return tuple(reversed(rows))


def _effect(effect: Any) -> str:
    """Gets a measured effect as a player reads it: ``-0.42 (-0.70 to -0.14)``."""
    if effect is None:
        return "not measured"
    return f"{effect.mean:+.2f} ({effect.low:+.2f} to {effect.high:+.2f})"


def suggestion_rows(changes: Sequence[Any]) -> tuple[SuggestionRow, ...]:
    """Gets the changes ``deck suggest`` measured as the page lists them, in its order
    (the recommended first)."""
    return tuple(
        SuggestionRow(
            c.describe(),
            c.cut.key if c.cut else "",
            c.add.key if c.add else "",
            _effect(c.rounds),
            _effect(c.sanity),
            c.reason,
            c.recommended,
            "" if getattr(c, "wins", None) is None else _share_effect(c.wins),
        )
        for c in changes
    )


def _share_effect(effect: Any) -> str:
    """Gets an effect on the win share as a player reads it: ``+4.1% (+0.8% to +7.4%)``."""
    return f"{effect.mean:+.1%} ({effect.low:+.1%} to {effect.high:+.1%})"


def field_share_views(shares: Sequence[Any]) -> tuple[FieldShareView, ...]:
    """Gets a deck's win share against each field deck (the service's ``FieldShare``) as the
    pages show it, with its 95% interval, as ``deck build`` and ``deck suggest`` print it."""
    return tuple(
        FieldShareView(s.deck, percent(s.wins), f"{percent(s.low)}-{percent(s.high)}", s.games) for s in shares
    )


def _built_row(choice: Any, number: int) -> BuiltDeckRow:
    m = choice.measure
    return BuiltDeckRow(
        choice.label,
        percent(m.completed),
        percent(m.by_round_6),
        "—" if m.median_round is None else f"{m.median_round:g}",
        f"{m.final_sanity:.1f}",
        choice.deck.deck.count(),
        number,
        "" if m.wins is None else percent(m.wins),
        field_share_views(choice.against),
    )


def build_result(build: Any, saved: Link | None) -> BuildResultView:
    """Gets what a build found as its page shows it: the built deck against its start and
    the runner-ups, the games, and why each group of cards is there."""
    stopped = "the time cap" if build.stopped_by == "time" else "its games budget"
    summary = (
        f"{build.format} deck for {build.investigator}, to complete {', '.join(build.adventures)}. "
        f"{build.games} games played in {build.seconds:.0f} s (seed {build.seed}; {build.steps} changes tried, "
        f"{build.kept} kept; stopped by {stopped})."
    )
    decks = (
        _built_row(build.built, 0),
        _built_row(build.start, -1),
        *(_built_row(r, n) for n, r in enumerate(build.runners_up, 1)),
    )
    return BuildResultView(
        summary,
        build.kept_start,
        decks,
        tuple(n.removeprefix("Why: ") for n in build.built.notes),
        saved,
        build.objective,
        tuple(build.field_decks),
    )


# --------------------------------------------------------------------------------------
# the Match page

#: The computer players a seat offers (``--ai``).
AI_CHOICES = (("greedy", "Greedy"), ("lookahead", "Lookahead (slower, stronger)"))


def seat_forms(saved: Sequence[Any], chosen: Sequence[str], ai: Sequence[str]) -> tuple[SeatForm, ...]:
    """Gets the Match page's four seats: each a select of the saved decks and of the computer
    players, what was chosen selected."""
    seats = []
    for i in range(4):
        deck = chosen[i] if i < len(chosen) else ""
        player = ai[i] if i < len(ai) and ai[i] else "greedy"
        decks = (Choice("", "(no deck)", not deck), *(Choice(d.id, d.name, d.id == deck) for d in saved))
        seats.append(SeatForm(i + 1, decks, tuple(Choice(v, label, v == player) for v, label in AI_CHOICES)))
    return tuple(seats)


def match_formats(names: Sequence[str], chosen: str) -> tuple[Choice, ...]:
    """Gets the ways to play a match as select options."""
    return tuple(Choice(n, n.capitalize(), n == chosen) for n in names)


def match_view(result: Any, query: Sequence[tuple[str, str]], linked: int) -> MatchView:
    """Gets a match's table from the service's :class:`~deckbuilder.service.matches.MatchResult`;
    ``query`` the log page's parameters but the game, ``linked`` the games linked directly."""
    r = result.report
    rows = tuple(
        MatchRowView(
            chr(65 + i),
            d.deck.name,
            who,
            ai,
            percent(p.wins),
            f"{percent(p.wins_low)}-{percent(p.wins_high)}",
            f"{p.mean_score:.1f}",
            f"{p.mean_final_sanity:.1f}",
            f"{p.combat_sanity_lost:.2f}",
        )
        for i, (d, who, ai, p) in enumerate(zip(result.decks, result.investigators, result.ai, r.players))
    )
    logs = tuple(
        Link(f"Game {k}", "/match/log?" + urlencode([*query, ("game", str(k))]))
        for k in range(1, min(linked, r.games) + 1)
    )
    ties = f"{percent(r.ties)} (95%: {percent(r.ties_low)}-{percent(r.ties_high)})"
    return MatchView(
        r.games,
        r.seed,
        result.format_name,
        ties,
        f"{r.mean_rounds:.1f}",
        rows,
        logs,
        tuple(Figure(name, value) for name, value in query),
    )


def match_log(result: Any, seed: int) -> tuple[int, int, str, tuple[str, ...], tuple[str, ...]]:
    """Gets a told game's number, its ``seed``, the way to play, the seats and the lines
    (``MatchLogPage``'s fields after the frame)."""
    players = tuple(
        f"{chr(65 + i)}: {d.deck.name} ({who}, {ai})"
        for i, (d, who, ai) in enumerate(zip(result.decks, result.investigators, result.ai))
    )
    return result.log_game, seed, result.format_name, players, tuple(result.log)
