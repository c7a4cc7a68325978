"""Checks a deck against the rules of a way to play and reports every finding.

Like ``Board.status()`` the validator returns all problems at once. Each
:class:`Finding` names its rule, the rule's force (error: the documents require it;
warning: they recommend it; note: information), the documents' words and source, the
cards involved and the fix. A rule the catalog cannot check (Cult vs Investigator's
factions, which need that game's card data) is a finding too, marked *unchecked*: it is
never reported as met or as broken.

The checks are named hooks in :data:`CHECKS`; formats (data, ``catalog/formats.toml``) say
which to run with what parameters.

>>> verdict = check_deck(deck, campaign)          # doctest: +SKIP
>>> verdict.is_legal, [f.message for f in verdict.errors]   # doctest: +SKIP
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from deckbuilder.rules.cards import Card, CardType, Legality, fold_title
from deckbuilder.rules.decks import Deck, DeckEntry, Section
from deckbuilder.rules.formats import Format, FormatRule, HouseRule, Severity


@dataclass(frozen=True)
class Finding:
    """One broken (or noted) rule: what, why, which cards, and how to fix it."""

    rule: str
    severity: Severity
    message: str
    fix: str
    words: str
    source: str
    cards: tuple[str, ...] = ()
    #: False when the catalog cannot tell whether the rule is met: neither met nor broken.
    checked: bool = True

    def to_dict(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "severity": self.severity.value,
            "message": self.message,
            "fix": self.fix,
            "words": self.words,
            "source": self.source,
            "cards": list(self.cards),
            "checked": self.checked,
        }


@dataclass(frozen=True)
class Verdict:
    """The result of checking a deck against one format (with any house rules)."""

    format: Format
    house_rules: tuple[HouseRule, ...]
    findings: tuple[Finding, ...]
    cards: int
    adventure_points: int = 0

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.ERROR and f.checked)

    @property
    def warnings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.WARNING and f.checked)

    @property
    def notes(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.NOTE and f.checked)

    @property
    def unchecked(self) -> tuple[Finding, ...]:
        """Gets the rules the catalog cannot check: neither met nor broken."""
        return tuple(f for f in self.findings if not f.checked)

    @property
    def is_legal(self) -> bool:
        """Checks whether no required rule is broken (warnings and notes do not count, and
        unchecked rules are not known to be broken: see :attr:`unchecked`)."""
        return not self.errors

    def to_dict(self) -> dict[str, object]:
        return {
            "format": self.format.id,
            "house_rules": [h.id for h in self.house_rules],
            "legal": self.is_legal,
            "cards": self.cards,
            "adventure_points": self.adventure_points,
            "campaign_target": self.format.campaign_target,
            "errors": [f.to_dict() for f in self.errors],
            "warnings": [f.to_dict() for f in self.warnings],
            "notes": [f.to_dict() for f in self.notes],
            "unchecked": [f.to_dict() for f in self.unchecked],
            "fully_checked": not self.unchecked,
        }


def repointed_key(title: str) -> str:
    """Gets the key that matches an Adventure to its re-pointed printing: the folded title
    with a leading "an" read as "a" (the re-pointed set prints "An Heroic Rescue" for
    Limited Edition's "A Heroic Rescue").

    >>> repointed_key("An Heroic Rescue") == repointed_key("A Heroic Rescue")
    True
    """
    key = fold_title(title)
    return "a " + key[3:] if key.startswith("an ") else key


@dataclass(frozen=True)
class Context:
    """What a check may need beyond the deck: the format and house-rule data.

    ``repointed`` maps Adventure titles to their re-pointed values (house rule), keyed by
    :func:`repointed_key` (a folded title is read through it too).
    """

    format: Format
    repointed: Mapping[str, int] = field(default_factory=dict)
    use_repointed: bool = False


Check = Callable[[Deck, FormatRule, Context], list[Finding]]


def _finding(
    rule: FormatRule,
    message: str,
    fix: str,
    cards: Sequence[str] = (),
    severity: Severity | None = None,
    checked: bool = True,
) -> Finding:
    return Finding(rule.id, severity or rule.severity, message, fix, rule.words, rule.source, tuple(cards), checked)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _section(rule: FormatRule) -> str:
    return str(rule.params.get("section", "deck"))


#: How a message names a section.
_SECTION_WORDS = {
    "deck": "deck",
    "investigator": "Investigator section",
    "ether": "Ether deck",
    "sideboard": "sideboard",
}


def _counted(deck: Deck, rule: FormatRule) -> tuple[int, list[str]]:
    """Gets the cards of a rule's section that count toward its size, and the Investigator
    cards written among them, which do not: an Investigator is not one of the playing cards
    (rulebook l.14: "a double-sized Investigator Card, and a deck of 60 playing cards";
    l.96: "any one card (not your Investigator)"; cvi:346 "the Investigator do not count")."""
    entries = deck.section(_section(rule))
    if _section(rule) != Section.DECK.value:
        return sum(e.count for e in entries), []
    investigators = [e for e in entries if e.card.type is CardType.INVESTIGATOR]
    return (
        sum(e.count for e in entries) - sum(e.count for e in investigators),
        sorted({e.card.title for e in investigators}),
    )


def _not_counted(investigators: Sequence[str]) -> str:
    if not investigators:
        return ""
    return f" (the Investigator {', '.join(investigators)} written among them does not count)"


def check_min_cards(deck: Deck, rule: FormatRule, ctx: Context) -> list[Finding]:
    """At least N cards (rulings:11: 52, with no maximum), Investigator cards not counted."""
    need = int(rule.params["count"])
    have, investigators = _counted(deck, rule)
    if have >= need:
        return []
    return [
        _finding(
            rule,
            f"the deck has {_plural(have, 'card')}{_not_counted(investigators)}; at least {need} are required",
            f"add {_plural(need - have, 'card')}",
            investigators,
        )
    ]


def check_exact_cards(deck: Deck, rule: FormatRule, ctx: Context) -> list[Finding]:
    """Exactly N cards in a section, Investigator cards among the deck's not counted."""
    need = int(rule.params["count"])
    have, investigators = _counted(deck, rule)
    if have == need:
        return []
    fix = f"add {_plural(need - have, 'card')}" if have < need else f"remove {_plural(have - need, 'card')}"
    where = _SECTION_WORDS.get(_section(rule), _section(rule))
    return [
        _finding(
            rule,
            f"the {where} has {_plural(have, 'card')}{_not_counted(investigators)}; exactly {need} are required",
            fix,
            investigators,
        )
    ]


def check_max_cards(deck: Deck, rule: FormatRule, ctx: Context) -> list[Finding]:
    """At most N cards of a section, the ``except_titles`` not counted (Cult vs Investigator's
    Ether deck: at most 6 with abilities, regular Ether, the card titled "Ether", being the
    Ether without them, cvi:350-352)."""
    limit = int(rule.params["count"])
    exempt = {fold_title(t) for t in rule.params.get("except_titles", ())}
    counted = [e for e in deck.section(_section(rule)) if fold_title(e.card.title) not in exempt]
    have = sum(e.count for e in counted)
    if have <= limit:
        return []
    titles = sorted({e.card.title for e in counted})
    what = str(rule.params.get("what", "cards"))
    where = _SECTION_WORDS.get(_section(rule), _section(rule))
    return [
        _finding(
            rule,
            f"the {where} has {have} {what} ({', '.join(titles)}), max {limit}",
            f"remove {_plural(have - limit, 'card')} of them",
            titles,
        )
    ]


def check_no_section(deck: Deck, rule: FormatRule, ctx: Context) -> list[Finding]:
    """A section the way to play has no place for (an Ether deck outside Cult vs
    Investigator's Cultist side): its cards are named, and not played."""
    entries = deck.section(_section(rule))
    if not entries:
        return []
    titles = sorted({e.card.title for e in entries})
    where = _SECTION_WORDS.get(_section(rule), _section(rule))
    return [
        _finding(
            rule,
            f"the {where} ({_plural(sum(e.count for e in entries), 'card')}) has no place in "
            f"{ctx.format.name}: its cards are not played",
            str(rule.params.get("fix", f"remove the {where}")),
            titles,
        )
    ]


def check_max_copies_by_title(deck: Deck, rule: FormatRule, ctx: Context) -> list[Finding]:
    """At most N copies of a card by title, counted across sets and printings (rulings:12;
    rulebook: "You could have four of the same MI-GO cards, or four different MI-GO cards,
    but a total of only four")."""
    limit = int(rule.params["count"])
    exempt = {fold_title(t) for t in rule.params.get("except_titles", ())}
    titles = {fold_title(e.card.title): e.card.title for e in deck.section(_section(rule))}
    out = []
    for key, copies in sorted(deck.copies_by_title(_section(rule)).items()):
        if copies > limit and key not in exempt:
            title = titles[key]
            printings = {e.card.set_code for e in deck.section(_section(rule)) if fold_title(e.card.title) == key}
            across = f" across {', '.join(sorted(printings))}" if len(printings) > 1 else ""
            out.append(
                _finding(
                    rule,
                    f"{_plural(copies, 'copy').replace('copys', 'copies')} of {title} by title{across}, max {limit}",
                    f"remove {copies - limit} {title}: {copies} copies by title, max {limit}",
                    [title],
                )
            )
    return out


#: The card transcriptions by name (:attr:`~deckbuilder.rules.cards.Card.transcriptions`).
_TRANSCRIPTIONS = {"gccg": "GCCG", "lackey": "LackeyCCG"}


def check_max_copies_unique(deck: Deck, rule: FormatRule, ctx: Context) -> list[Finding]:
    """At most one copy of a card with the Uniqueness Dot (rulings:13; rulebook "Uniqueness Dot").

    Where the card transcriptions disagree whether a card has the Dot and no document settles
    it, the verdict follows the reading the catalog plays and says so: extra copies of a
    card one transcription reads as Unique are a warning, never passed in silence.
    """
    limit = int(rule.params.get("count", 1))
    copies: Counter[str] = Counter()
    titles: dict[str, str] = {}
    doubted: dict[str, str] = {}
    for e in deck.section(_section(rule)):
        key = fold_title(e.card.title)
        disputed = e.card.disagreement("unique")
        if e.card.unique or (disputed is not None and not disputed.decided):
            copies[key] += e.count
            titles[key] = e.card.title
        if disputed is not None and not disputed.decided:
            doubted[key] = "; ".join(
                f"{_TRANSCRIPTIONS.get(t, t)} reads it {'Unique' if v else 'not Unique'}" for t, v in disputed.readings
            )
        elif e.card.unique:
            doubted.pop(key, None)
    out = []
    for k, n in sorted(copies.items()):
        if n <= limit:
            continue
        if k in doubted and not any(
            e.card.unique for e in deck.section(_section(rule)) if fold_title(e.card.title) == k
        ):
            out.append(
                _finding(
                    rule,
                    f"{n} copies of {titles[k]}, which the card transcriptions disagree is Unique "
                    f"({doubted[k]}); legal only if it is not",
                    f"keep {limit} {titles[k]} to be safe",
                    [titles[k]],
                    severity=Severity.WARNING,
                )
            )
            continue
        why = f" (though {doubted[k]})" if k in doubted else ""
        out.append(
            _finding(
                rule,
                f"{n} copies of the Unique card {titles[k]}, max {limit}{why}",
                f"remove {n - limit} {titles[k]}: it is Unique",
                [titles[k]],
            )
        )
    return out


def check_investigator(deck: Deck, rule: FormatRule, ctx: Context) -> list[Finding]:
    """One Investigator card, not counted in the deck (rulings:9: "a single Investigator card").

    Two copies of one Investigator are two cards of the one a deck holds: an error. Two
    different ones are legal with a note (the Standard Game decks list the two sides of one
    double-sided card); three or more are a pool to choose from, judged by the
    ``investigator_pool`` rule of the format. None is illegal.
    """
    section = deck.section(Section.INVESTIGATOR)
    out: list[Finding] = []
    not_investigators = [e.card.title for e in section if e.card.type is not CardType.INVESTIGATOR]
    if not_investigators:
        out.append(
            _finding(
                rule,
                f"{', '.join(not_investigators)} listed as Investigator but not an Investigator card",
                "move them to the deck section",
                not_investigators,
            )
        )
    copies: Counter[str] = Counter()
    for e in section:
        if e.card.type is CardType.INVESTIGATOR:
            copies[e.card.title] += e.count
    in_deck = [e.card.title for e in deck.main if e.card.type is CardType.INVESTIGATOR]
    if in_deck:
        out.append(
            _finding(
                rule,
                f"Investigator card in the deck: {', '.join(in_deck)}; it does not count toward the deck",
                "list it under Investigator",
                in_deck,
            )
        )
    if not copies and not in_deck:
        out.append(_finding(rule, "no Investigator is listed", "add an Investigator card under 'Investigator'"))
    for title, n in sorted(copies.items()):
        if n > 1:
            out.append(
                _finding(
                    rule,
                    f"{n} copies of the Investigator {title}; a deck has a single Investigator card",
                    f"list {title} once",
                    [title],
                )
            )
    if len(copies) == 2:
        names = sorted(copies)
        out.append(
            _finding(
                rule,
                f"2 Investigators listed: {', '.join(names)}; the deck plays one of them "
                "(the two sides of one card, or the owner's choice)",
                "none needed",
                names,
                severity=Severity.NOTE,
            )
        )
    return out


def check_investigator_pool(deck: Deck, rule: FormatRule, ctx: Context) -> list[Finding]:
    """Three or more different Investigators listed are a pool to choose from, not a deck
    (rulings:9: "a single Investigator card"): the format says how much that matters (a
    warning at a friendly table, an error where a deck is registered with one)."""
    names = sorted({e.card.title for e in deck.section(Section.INVESTIGATOR) if e.card.type is CardType.INVESTIGATOR})
    if len(names) < 3:
        return []
    return [
        _finding(
            rule,
            f"{len(names)} Investigators listed: {', '.join(names)}; the deck plays one; choose it with --investigator",
            "keep one Investigator in the list, or choose it with --investigator NAME",
            names,
        )
    ]


def adventure_points(deck: Deck, ctx: Context) -> tuple[int, list[tuple[str, int | None]]]:
    """Gets the Adventure points of the deck: each Adventure title once (the same Adventure
    cannot be completed twice in a game, rulebook "Adventure cards")."""
    seen: dict[str, tuple[str, int | None]] = {}
    for e in deck.main:
        if e.card.type is CardType.ADVENTURE:
            key = repointed_key(e.card.title)
            value = e.card.value
            if ctx.use_repointed and key in ctx.repointed:
                value = ctx.repointed[key]
            seen.setdefault(key, (e.card.title, value))
    listed = sorted(seen.values())
    return sum(v or 0 for _, v in listed), listed


def check_adventure_points(deck: Deck, rule: FormatRule, ctx: Context) -> list[Finding]:
    """The Adventures should total at least the Campaign target (rulings:21: recommended)."""
    target = ctx.format.campaign_target
    if not target:
        return []
    total, listed = adventure_points(deck, ctx)
    unknown = [t for t, v in listed if v is None]
    out = []
    if total < target:
        out.append(
            _finding(
                rule,
                f"the deck's Adventures total {total} points; the Campaign target is {target}",
                f"add Adventures worth {target - total} more points",
                [t for t, _ in listed],
            )
        )
    if unknown:
        out.append(
            _finding(
                rule,
                f"points unknown for {', '.join(unknown)}",
                "import the real card pool",
                unknown,
                severity=Severity.NOTE,
            )
        )
    return out


def check_official_only(deck: Deck, rule: FormatRule, ctx: Context) -> list[Finding]:
    """Chaosium's official cards only: a fan or parody card (the catalog's legality) is
    named; the rule's ``fix`` parameter says what to do about it. With ``repointed_by_house_rule``,
    a re-pointed card is not named when the players chose ``repointed-adventures``: the
    house rule is what makes those cards the ones played."""
    excused = {Legality.OFFICIAL}
    if ctx.use_repointed and rule.params.get("repointed_by_house_rule"):
        excused.add(Legality.REPOINTED)
    bad = sorted(
        {f"{e.card.title} [{e.card.set_code}]" for e in deck.section(_section(rule)) if e.card.legality not in excused}
    )
    if not bad:
        return []
    return [
        _finding(
            rule,
            f"not Chaosium's official cards: {', '.join(bad)}",
            str(rule.params.get("fix", "replace them with official cards")),
            bad,
        )
    ]


def check_banned_titles(deck: Deck, rule: FormatRule, ctx: Context) -> list[Finding]:
    """House rule: titles left out of play."""
    banned = {fold_title(t) for t in rule.params.get("titles", ())}
    bad = sorted({e.card.title for e in deck.section(_section(rule)) if fold_title(e.card.title) in banned})
    return [_finding(rule, f"{t} is not played under this house rule", f"remove {t}", [t]) for t in bad]


def check_repointed_values(deck: Deck, rule: FormatRule, ctx: Context) -> list[Finding]:
    """House rule: Adventures count at re-pointed values (applied by :func:`adventure_points`);
    the note names each changed value, and an Adventure the re-pointed set does not hold."""
    changed: dict[str, str] = {}
    for e in deck.main:
        if e.card.type is not CardType.ADVENTURE:
            continue
        key = repointed_key(e.card.title)
        if key not in ctx.repointed:
            continue
        value, printed = ctx.repointed[key], "?" if e.card.value is None else str(e.card.value)
        if e.card.value != value:
            changed[e.card.title] = f"{e.card.title} {printed} -> {value} points"
        else:
            changed.setdefault(e.card.title, f"{e.card.title} {value} points")
    if not changed:
        return []
    titles = sorted(changed)
    return [_finding(rule, f"re-pointed values used: {', '.join(changed[t] for t in titles)}", "none needed", titles)]


def check_unchecked(deck: Deck, rule: FormatRule, ctx: Context) -> list[Finding]:
    """A rule the catalog cannot check: reported as unchecked, never as met or broken. The
    ``needs`` parameter says what card data it would take (Cult vs Investigator's faction
    colours, Clues, Ether abilities)."""
    needs = str(rule.params.get("needs", "card data the catalog does not hold"))
    return [_finding(rule, f"needs {needs}", "check it by hand", checked=False)]


#: The checks formats may name, by name.
CHECKS: dict[str, Check] = {
    "min_cards": check_min_cards,
    "exact_cards": check_exact_cards,
    "max_cards": check_max_cards,
    "no_section": check_no_section,
    "max_copies_by_title": check_max_copies_by_title,
    "max_copies_unique": check_max_copies_unique,
    "investigator": check_investigator,
    "investigator_pool": check_investigator_pool,
    "adventure_points": check_adventure_points,
    "official_only": check_official_only,
    "banned_titles": check_banned_titles,
    "repointed_values": check_repointed_values,
    "unchecked": check_unchecked,
}


def legalities_named(fmt: Format, house_rules: Sequence[HouseRule] = ()) -> frozenset[Legality]:
    """Gets the kinds of card (fan, re-pointed) a way to play names as not its cards: a
    warning or an error of its ``official_only`` rules, as :func:`check_deck` would report
    them. A search for a deck of that way to play hides them unless asked for.

    >>> sorted(legalities_named(campaign))            # doctest: +SKIP
    [<Legality.FAN: 'fan'>, <Legality.REPOINTED: 'repointed'>]
    """
    use_repointed = any(r.check == "repointed_values" for h in house_rules for r in h.rules)
    waived = {rule_id for h in house_rules for rule_id in h.waives}
    named: set[Legality] = set()
    for rule in (*(r for r in fmt.rules if r.id not in waived), *(r for h in house_rules for r in h.rules)):
        if rule.check != "official_only" or rule.severity is Severity.NOTE:
            continue
        named.add(Legality.FAN)
        if not (use_repointed and rule.params.get("repointed_by_house_rule")):
            named.add(Legality.REPOINTED)
    return frozenset(named)


def added_card_findings(
    deck: Deck,
    card: Card,
    fmt: Format,
    house_rules: Sequence[HouseRule] = (),
    *,
    repointed: Mapping[str, int] | None = None,
    before: Verdict | None = None,
) -> tuple[Finding, ...]:
    """Gets what the deck check would newly say about ``card`` were one copy of it added to
    the deck: the errors and warnings of :func:`check_deck` on the deck with the card that
    name it (by title, or as ``TITLE [SET]``) and that the deck's own verdict (``before``,
    checked when not given) does not hold. A fan card under a way to play that warns of
    them, a title a house rule leaves out, a fifth copy by title.
    """
    if before is None:
        before = check_deck(deck, fmt, house_rules, repointed=repointed)
    had = {(f.rule, f.message) for f in before.findings}
    added = Deck(deck.name, (*deck.entries, DeckEntry(card, 1, Section.DECK)))
    after = check_deck(added, fmt, house_rules, repointed=repointed)
    named = (card.title, f"{card.title} [{card.set_code}]")
    return tuple(
        f
        for f in after.findings
        if f.severity is not Severity.NOTE and (f.rule, f.message) not in had and any(c in named for c in f.cards)
    )


def check_deck(
    deck: Deck,
    fmt: Format,
    house_rules: Sequence[HouseRule] = (),
    *,
    repointed: Mapping[str, int] | None = None,
) -> Verdict:
    """Checks a deck against a format and chosen house rules; reports every finding."""
    use_repointed = any(r.check == "repointed_values" for h in house_rules for r in h.rules)
    ctx = Context(fmt, {repointed_key(t): v for t, v in (repointed or {}).items()}, use_repointed)
    findings: list[Finding] = []
    # A house rule may set a rule of the format aside (fan-cards: fan cards are played).
    waived = {rule_id for h in house_rules for rule_id in h.waives}
    for rule in (*(r for r in fmt.rules if r.id not in waived), *(r for h in house_rules for r in h.rules)):
        check = CHECKS.get(rule.check)
        if check is None:
            raise KeyError(f"format {fmt.id}: rule {rule.id} names unknown check {rule.check!r}")
        findings.extend(check(deck, rule, ctx))
    points, _ = adventure_points(deck, ctx)
    playing = sum(e.count for e in deck.main if e.card.type is not CardType.INVESTIGATOR)
    return Verdict(fmt, tuple(house_rules), tuple(findings), playing, points)
