"""Applying the records to the cards: errata (the printed card into the card as it plays), then
the general rulings each card comes under.

:func:`apply_errata` always starts again from the printed card, so applying the same errata
twice gives the same cards, and every erratum ends in the :class:`ErrataReport` (see
:mod:`deckbuilder.rules.errata`). :func:`attach_rulings` gives each card the rulings that name
it or select it (by subtype, type, attribute, words of its text).

Line numbers cite ``mythos-errata-rulings.txt`` ("rulings l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from deckbuilder.rules.cards import AppliedErratum, Card, fold_title
from deckbuilder.rules.errata.checks import coerce_item, restore_field
from deckbuilder.rules.errata.matching import (
    ELLIPSIS,
    TitleIndex,
    as_sentence,
    contains,
    in_sets,
    norm,
    qualifier_matches,
    replace_in,
    sentence_spans,
    title_key,
    words_pattern,
)
from deckbuilder.rules.errata.records import (
    KIND_ORDER,
    LIST_FIELDS,
    Anchor,
    ErrataReport,
    Erratum,
    ErratumKind,
    ErratumOutcome,
    ErratumStatus,
    RulingRecord,
)

# ---------------------------------------------------------------------------------------------
# Applying


def printed_card(card: Card) -> Card:
    """Gets the card as printed: a card that carries errata is restored from ``printed``.

    Cards straight from an importer come back unchanged.
    """
    if not card.printed and not card.errata:
        return card
    known = {spec.name for spec in dataclasses.fields(Card)} - {"key", "printed", "errata"}
    restored = {name: restore_field(name, value) for name, value in card.printed.items() if name in known}
    return card.replace(**restored, printed={}, errata=())


@dataclass
class _Work:
    """One card while its errata are applied."""

    printed: Card
    card: Card
    notes: list[AppliedErratum]


def apply_errata(cards: Sequence[Card], errata: Sequence[Erratum]) -> ErrataReport:
    """Applies errata to cards and reports what happened to each erratum.

    Returns an :class:`ErrataReport` whose ``cards`` are the given cards, in order, as they
    play: each card an erratum changed has ``printed`` (field -> printed value) and
    ``errata`` (one :class:`~deckbuilder.rules.cards.AppliedErratum` per erratum that named
    it, including notes, errata the data already shows, and failures with
    ``applied=False``). A renamed card keeps its printed title in ``printed_title`` and in
    ``aliases``.

    Matching: by :func:`title_key` of the printed title (or the erratum's ``doc_title``; a
    missing leading "The" is tolerated), restricted to the erratum's ``sets`` and, if it has
    one, to cards whose facts show its ``qualifier``. A rename is also found under its new
    title (then it is reported as already in force).

    Cards are always taken back to print first, so applying twice gives the same result.
    Errata are not checked here; :func:`check_erratum` does that (the importer calls it).
    """
    works = [_Work(printed=p, card=p, notes=[]) for p in (printed_card(c) for c in cards)]
    index = TitleIndex([(w.printed.title, *w.printed.aliases) for w in works])
    # Card.affects holds the Affects line as printed ("Affects Your Investigator"); should
    # an importer strip the word "Affects", the errata follow its convention.
    stated = [w.printed.affects for w in works if w.printed.affects]
    affects_prefixed = not stated or any(a.lower().startswith("affect") for a in stated)

    outcomes: list[ErratumOutcome] = []
    unmatched: list[Erratum] = []
    ordered = sorted(enumerate(errata), key=lambda pair: (KIND_ORDER[pair[1].kind], pair[0]))
    found: dict[int, list[int]] = {}
    for position, erratum in enumerate(errata):
        found[position] = _find_cards(erratum, works, index)
        if not found[position]:
            unmatched.append(erratum)
    per_erratum: dict[int, list[ErratumOutcome]] = {}
    for position, erratum in ordered:
        for card_position in found[position]:
            work = works[card_position]
            status, message, record = _apply_one(work, erratum, affects_prefixed)
            work.notes.append(record)
            per_erratum.setdefault(position, []).append(ErratumOutcome(erratum, work.card.key, status, message))
    for position in range(len(errata)):
        outcomes.extend(per_erratum.get(position, []))

    result = tuple(_finish(work) for work in works)
    return ErrataReport(cards=result, outcomes=tuple(outcomes), unmatched=tuple(unmatched))


def _find_cards(erratum: Erratum, works: Sequence[_Work], index: TitleIndex) -> list[int]:
    names = list(erratum.names)
    if erratum.kind is ErratumKind.RENAME and isinstance(erratum.to, str):
        names.append(erratum.to)
    hits: dict[int, None] = {}
    for name in names:
        for position in index.lookup(name):
            hits[position] = None
    result = []
    for position in hits:
        card = works[position].printed
        if not in_sets(card, erratum.sets):
            continue
        if erratum.qualifier and not qualifier_matches(card, erratum.qualifier):
            continue
        result.append(position)
    return result


def _finish(work: _Work) -> Card:
    """Gets the played card: ``printed`` holds each changed field's printed value."""
    card, printed = work.card, work.printed
    if card is printed and not work.notes:  # no erratum named it: nothing to compare
        return printed
    changed = {}
    for spec in dataclasses.fields(Card):
        name = spec.name
        if name in {"printed", "errata", "rulings"}:
            continue
        before = getattr(printed, name)
        if getattr(card, name) != before:
            changed[name] = before
    if not changed and not work.notes:
        return printed
    return card.replace(printed=changed, errata=tuple(work.notes))


def _apply_one(work: _Work, erratum: Erratum, affects_prefixed: bool) -> tuple[ErratumStatus, str, AppliedErratum]:
    """Applies one erratum to one card in progress; gets its status, message and record."""
    card = work.card
    kind, field = erratum.kind, erratum.field

    def record(before: Any, after: Any, applied: bool = True) -> AppliedErratum:
        return AppliedErratum(
            kind=kind.value,
            field=field or "",
            before=before,
            after=after,
            note=erratum.quote,
            source_line=erratum.line,
            reversal=erratum.reversal,
            applied=applied,
        )

    if kind is ErratumKind.NOTE:
        return ErratumStatus.NOTED, "", record(None, erratum.to)
    assert field is not None  # check_erratum: every other kind names a field
    before = getattr(card, field)
    try:
        after, message = _new_value(card, erratum, before, affects_prefixed)
    except _NotApplicable as problem:
        return ErratumStatus.FAILED, str(problem), record(_plain(before), _plain(erratum.to), False)
    if after == before:
        return ErratumStatus.ALREADY, message, record(_plain(before), _plain(after))
    changes: dict[str, Any] = {field: after}
    if kind is ErratumKind.RENAME:
        old_title = card.title
        changes["printed_title"] = card.printed_title or old_title
        if title_key(old_title) not in {title_key(a) for a in card.aliases}:
            changes["aliases"] = (*card.aliases, old_title)
    elif field in {"value", "sanity"}:
        text_field = "value_text" if field == "value" else "sanity_text"
        old_text = getattr(card, text_field)
        if old_text:
            sign = "+" if old_text.strip().startswith("+") and after >= 0 else ""
            changes[text_field] = f"{sign}{after}"
    work.card = card.replace(**changes)
    return ErratumStatus.APPLIED, message, record(_plain(before), _plain(after))


class _NotApplicable(Exception):
    """The erratum's printed words (or item) are not on this card."""


def _plain(value: Any) -> Any:
    """Gets a value as an AppliedErratum keeps it: enums as their text, lists as tuples."""
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, (tuple, list)):
        return tuple(_plain(v) for v in value)
    return value


def _new_value(card: Card, erratum: Erratum, before: Any, affects_prefixed: bool) -> tuple[Any, str]:
    """Gets the field's new value and a message, or raises _NotApplicable."""
    kind, field = erratum.kind, erratum.field
    assert field is not None
    if kind is ErratumKind.RENAME:
        new = str(erratum.to)
        if title_key(before) == title_key(new):
            return before, "the card already bears this title"
        return new, ""
    if kind is ErratumKind.SET:
        return _set_value(erratum, field, before, affects_prefixed)
    if kind in (ErratumKind.ADD, ErratumKind.REMOVE) or (kind is ErratumKind.REPLACE and field in LIST_FIELDS):
        return _list_value(erratum, field, tuple(before))
    if kind in (ErratumKind.PREPEND, ErratumKind.APPEND):
        return _edge_text(erratum, before or ""), ""
    return _replace_text(erratum, field, before or ""), ""


def _set_value(erratum: Erratum, field: str, before: Any, affects_prefixed: bool) -> tuple[Any, str]:
    new = coerce_item(field, erratum.to)
    if field == "affects" and not affects_prefixed and new.lower().startswith("affects "):
        new = new[len("affects ") :]
    if field == "text":
        new = as_sentence(new)
    if isinstance(new, str) and isinstance(before, str) and norm(new) == norm(before):
        return before, ""
    message = ""
    if erratum.from_ is not None and before is not None:
        expected = coerce_item(field, erratum.from_, "from")
        same = norm(before) == norm(expected) if isinstance(before, str) else before == expected
        if not same and before != new:
            message = f"the document gives the printed {field} as {expected!r}; the card has {before!r}"
    return new, message


def _list_value(erratum: Erratum, field: str, items: tuple[Any, ...]) -> tuple[tuple[Any, ...], str]:
    def position(value: Any) -> int | None:
        for i, item in enumerate(items):
            if norm(str(item)) == norm(str(value)):
                return i
        return None

    if erratum.kind is ErratumKind.ADD:
        new = coerce_item(field, erratum.to)
        if position(new) is not None:
            return items, f"{new} is already there"
        return (*items, new), ""
    old = coerce_item(field, erratum.from_, "from")
    at = position(old)
    if erratum.kind is ErratumKind.REMOVE:
        if at is None:
            return items, f"{old} is not there"
        return items[:at] + items[at + 1 :], ""
    new = coerce_item(field, erratum.to)
    if at is None:
        if position(new) is not None:
            return items, f"{new} is already there"
        raise _NotApplicable(f"{field} has no {old!r} to change into {new!r}")
    rest = items[:at] + items[at + 1 :]
    if any(norm(str(item)) == norm(str(new)) for item in rest):
        return rest, ""
    return items[:at] + (new,) + items[at + 1 :], ""


def _edge_text(erratum: Erratum, text: str) -> str:
    words = as_sentence(str(erratum.to))
    if erratum.kind is ErratumKind.PREPEND:
        if norm(text).startswith(norm(words)):
            return text
        return f"{words} {text}".strip()
    if norm(text).endswith(norm(words)):
        return text
    return f"{text} {words}".strip()


def _replace_text(erratum: Erratum, field: str, text: str) -> str:
    where = "Special Effects text" if field == "text" else "Affects line"
    new = str(erratum.to)
    if erratum.sentence is None:
        old = str(erratum.from_)
        replaced = replace_in(text, old, new)
        if replaced is not None:
            return replaced
        if not new.strip() or contains(text, new):
            return text  # already corrected (or the words to strike are not there)
        raise _NotApplicable(f"{old!r} is not in the {where}")

    spans = sentence_spans(text)
    number = erratum.sentence
    if not spans or number > len(spans) or -number > len(spans):
        raise _NotApplicable(f"the {where} has no sentence {number} (it has {len(spans)})")
    start, end = spans[number - 1] if number > 0 else spans[number]
    sentence = text[start:end]
    if erratum.from_ is not None:
        replaced = replace_in(sentence, str(erratum.from_), new)
        if replaced is None:
            if contains(sentence, new):
                return text
            raise _NotApplicable(f"{erratum.from_!r} is not in sentence {number} of the {where}")
        return text[:start] + replaced + text[end:]
    words = ELLIPSIS.sub("", new).strip()
    if erratum.anchor is None:
        rewritten = as_sentence(new)
    elif erratum.anchor is Anchor.START:
        if norm(sentence).startswith(norm(words)):
            return text
        last = re.findall(r"\w+", words)[-1]
        match = words_pattern(last, re.IGNORECASE).search(sentence)
        if match is None:
            raise _NotApplicable(f"sentence {number} of the {where} has no {last!r} to begin at")
        rewritten = words + sentence[match.end() :]
    else:
        if norm(sentence).endswith(norm(words)):
            return text
        first = re.findall(r"\w+", words)[0]
        matches = list(words_pattern(first, re.IGNORECASE).finditer(sentence))
        if not matches:
            raise _NotApplicable(f"sentence {number} of the {where} has no {first!r} to end from")
        rewritten = sentence[: matches[-1].start()] + words
    if norm(rewritten) == norm(sentence):
        return text
    return text[:start] + rewritten + text[end:]


# ---------------------------------------------------------------------------------------------
# Rulings


def attach_rulings(cards: Sequence[Card], rulings: Sequence[RulingRecord]) -> list[Card]:
    """Gets the cards with ``rulings`` filled from the general rulings that concern them.

    A card's earlier rulings are replaced, so attaching twice gives the same cards. Cards are
    matched by title (their current title and aliases, so a renamed card is found under both),
    subtype, type, attribute or text words as each record says; rulings are listed in the
    document's order.
    """
    index = TitleIndex([(c.title, c.printed_title, *c.aliases) for c in cards])
    found: list[list[RulingRecord]] = [[] for _ in cards]
    # Each card's text in lower case, made once for every ruling that looks for words in it
    # (None where it is not ASCII: there a word is always searched for, see may_hold).
    lowered = [c.text.lower() if c.text.isascii() else None for c in cards]
    for ruling in rulings:
        excluded = set()
        for title in ruling.except_:
            excluded.update(index.lookup(title))
        named: set[int] = set()
        for title in (*ruling.cards, *(doc for _real, doc in ruling.doc_titles)):
            named.update(index.lookup(title))
        # A ruling that selects by no subtype, type, attribute or word concerns only the
        # cards it names: those alone are looked at, not the whole pool.
        selector = (
            _Selector(ruling) if ruling.subtypes or ruling.types or ruling.attributes or ruling.text_words else None
        )
        for position in range(len(cards)) if selector is not None else sorted(named):
            card = cards[position]
            if position in excluded or not in_sets(card, ruling.sets):
                continue
            if position in named:
                if ruling.printing is not None:
                    if card.printing != ruling.printing:
                        continue
                elif ruling.qualifier and not qualifier_matches(card, ruling.qualifier):
                    continue
            elif selector is None or not selector.selects(card, lowered[position]):
                continue
            found[position].append(ruling)
    result = []
    for card, records in zip(cards, found):
        records.sort(key=lambda r: r.line)
        attached = tuple(dict.fromkeys(r.to_ruling() for r in records))
        result.append(card if attached == card.rulings else card.replace(rulings=attached))
    return result


class _Selector:
    """A ruling's subtypes, types, attributes and text words, folded and compiled once for
    the whole pool (issue 28: folding them again for each card was most of the rulings' time)."""

    def __init__(self, ruling: RulingRecord) -> None:
        self.subtypes = frozenset(fold_title(s) for s in ruling.subtypes)
        self.types = ruling.types
        self.attributes = frozenset(fold_title(a) for a in ruling.attributes)
        self.words = tuple(words_pattern(word, re.IGNORECASE) for word in ruling.text_words)
        # Each word's pieces in lower case, or None where a piece is not ASCII (always searched).
        self.pieces = tuple(
            tuple(piece.lower() for piece in word.split()) if word.isascii() else None for word in ruling.text_words
        )

    def selects(self, card: Card, lowered: str | None) -> bool:
        """Checks a card against the ruling's subtypes, types, attributes and text words;
        ``lowered``: the card's text in lower case, or None where it is not ASCII."""
        if self.subtypes and not any(fold_title(s) in self.subtypes for s in (card.subtype, card.monster_class) if s):
            return False
        if self.types and card.type not in self.types:
            return False
        if self.attributes and not any(fold_title(a) in self.attributes for a in card.attributes):
            return False
        if not self.words:
            return True
        for pattern, pieces in zip(self.words, self.pieces):
            # What may_hold checks, from text lowered once a card: a word the lowered text
            # lacks cannot match its case-blind pattern, and the pattern's search is skipped
            # (issue 28: the searches were most of the rulings' time).
            if lowered is not None and pieces is not None and not all(piece in lowered for piece in pieces):
                continue
            if pattern.search(card.text):
                return True
        return False
