"""Plain-text views for the terminal: each service result as a player reads it.

One function per answer, each getting the lines a command prints on standard output: a card
as it plays, tables of cards, a deck's verdict, make-up, playability, test games, Adventure
recipes and checks, a Campaign plan, the catalog. The JSON form of the same answers is the
results' own ``to_json()``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deckbuilder.errors import terminal_safe
from deckbuilder.rules.cards import Card, CardType
from deckbuilder.sheet.text import TRANSCRIPTION_NAMES, disagreement_text, percent, value_text

UNKNOWN = "unknown"


def _num(value: int | None, signed: bool = False) -> str:
    if value is None:
        return UNKNOWN
    return f"{value:+d}" if signed else str(value)


def card_lines(card: Card) -> list[str]:
    """Gets the lines that show one card as it plays today, with its errata and rulings."""
    head = card.title
    if card.printed_title and card.printed_title != card.title:
        head += f"  (printed as {card.printed_title})"
    kind = card.type.value if card.type else UNKNOWN
    if card.subtype:
        kind += f" - {card.subtype}"
    lines = [
        head,
        f"  {kind} · {card.set_name} [{card.set_code}]" + (f" #{card.printing}" if card.printing > 1 else ""),
    ]
    if card.legality.value != "official":
        lines.append(f"  Not an official card: {card.set_name}")
    facts: list[tuple[str, str]] = []
    if card.type in (CardType.ADVENTURE,):
        facts.append(("Points", _num(card.value)))
    elif card.type is CardType.TOME:
        facts.append(("Spell capacity", _num(card.value)))
    elif card.type is not CardType.INVESTIGATOR and (card.value is not None or card.goo):
        facts.append(("Value", value_text(card)))
    if card.type is CardType.INVESTIGATOR:
        facts += [
            ("Sanity", _num(card.sanity)),
            ("Maximum Sanity", _num(card.sanity_max)),
            ("Education", _num(card.education)),
            ("Hand", _num(card.hand)),
            ("Minimum / Maximum", f"{_num(card.hand_min)} / {_num(card.hand_max)}"),
        ]
    elif card.sanity is not None or card.sanity_text:
        facts.append(("Sanity", _num(card.sanity, signed=True) if card.sanity is not None else card.sanity_text))
    if card.sanity_colour:
        facts.append(("Pentagram", card.sanity_colour))
    if card.gate:
        facts.append(("Gate", "yes"))
    if card.unique:
        facts.append(("Unique", "yes (one copy per deck)"))
    if card.allegiance:
        facts.append(("Allegiance", card.allegiance.value))
    if card.occupations:
        facts.append(("Occupation", " & ".join(card.occupations)))
    if card.attributes:
        facts.append(("Attributes", ", ".join(card.attributes)))
    if card.public:
        facts.append(("Public", ", ".join(p.value for p in card.public)))
    if card.languages:
        facts.append(("Knows", ", ".join(card.languages)))
    if card.tome_languages:
        joiner = " or " if card.tome_language_rule and card.tome_language_rule.value == "any" else " & "
        facts.append(("Written in", joiner.join(card.tome_languages)))
    if card.icons:
        facts.append(
            ("Spell icons" if card.type is CardType.TOME else "Spell icon", ", ".join(i.value for i in card.icons))
        )
    if card.monster_class and card.monster_class != card.subtype:
        facts.append(("Monster class", card.monster_class))
    if card.summon:
        facts.append(("Summoning", " + ".join(card.summon)))
    if card.region or card.subregion:
        label = "Region / Subregion" if card.region and card.subregion else ("Region" if card.region else "Subregion")
        facts.append((label, " / ".join(x for x in (card.region, card.subregion) if x)))
    if card.dimension:
        facts.append(("Dimension", card.dimension.value))
    if card.affects:
        facts.append(("Affects", card.affects))
    if card.rarity:
        facts.append(("Rarity", card.rarity))
    if card.source == "sample":
        # The sample holds only what the rulebook and rulings state: say what it does not know.
        shown = {k.split(" / ")[0] for k, _ in facts}
        for label in _SAMPLE_FACTS.get(card.type, ()) if card.type else ():
            if label not in shown:
                facts.append((label, UNKNOWN))
    width = max((len(k) for k, _ in facts), default=0)
    lines += [f"  {k.ljust(width)}  {v}" for k, v in facts]
    if card.text:
        lines.append("")
        lines.append(f"  {card.text}")
    if card.errata:
        lines.append("")
        lines.append("  Errata (rulings document):")
        for e in card.errata:
            mark = " *reversal of an official ruling" if e.reversal else ""
            status = "" if e.applied else " [NOT APPLIED]"
            lines.append(f"    line {e.source_line}: {e.note}{mark}{status}")
            if e.kind not in ("note",) and e.applied:
                lines.append(f"      {e.field}: {_show(e.before)} -> {_show(e.after)}")
    if card.printed:
        lines.append("  Printed: " + "; ".join(f"{k} {_show(v)}" for k, v in card.printed.items()))
    if card.disagreements:
        lines.append("")
        read = " and ".join(TRANSCRIPTION_NAMES.get(t, t) for t in card.transcriptions)
        lines.append(f"  Transcriptions ({read}) and documents differ:")
        lines.extend(f"    {disagreement_text(d)}" for d in card.disagreements)
        for d in card.disagreements:
            if d.quote:
                lines.append(f'      {d.decided_by}: "{d.quote}"')
    if card.rulings:
        lines.append("")
        lines.append("  Rulings:")
        for r in card.rulings:
            lines.append(f"    {r.topic} (line {r.source_line}): {r.text}")
    if card.sources:
        lines.append("")
        lines.append("  Sources (this sample card holds only what these state):")
        lines.extend(f"    {source}" for source in card.sources)
    if card.problems:
        lines.append("")
        lines.append("  Kept raw (the importer could not read these values):")
        for p in card.problems:
            lines.append(f"    {p.field} = {p.raw!r}: {p.message}")
    return lines


#: The facts a sample card shows as "unknown" when the documents do not state them.
_SAMPLE_FACTS: dict[CardType, tuple[str, ...]] = {
    CardType.ALLY: ("Value", "Sanity", "Allegiance", "Occupation", "Knows", "Region", "Subregion", "Dimension"),
    CardType.LOCATION: ("Sanity", "Attributes", "Public", "Region", "Subregion", "Dimension"),
    CardType.MONSTER: ("Value", "Sanity", "Monster class"),
    CardType.TOME: ("Spell capacity", "Sanity", "Written in", "Spell icons"),
    CardType.SPELL: ("Sanity", "Spell icon"),
    CardType.ARTIFACT: ("Sanity",),
    CardType.EVENT: ("Sanity",),
    CardType.ADVENTURE: ("Sanity",),
}


def _show(value: Any) -> str:
    if value is None or value == "" or value == [] or value == ():
        return "(none)"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    if isinstance(value, str) and len(value) > 70:
        return repr(value[:67] + "...")
    return repr(value) if isinstance(value, str) else str(value)


#: The Dimension indicators as the table shows them; the Waking World has none (rulebook:136).
_DIMENSION_SHORT = {"Dreamlands": "DRM", "New Æon": "NAE"}


def _corner(card: Card) -> str:
    """Gets what the upper left corner holds: the value, GOO, or a Location's Gate swirl
    ("The Gate symbol, found in place of a Card Value", rulebook:119)."""
    return value_text(card) or ("Gate" if card.gate and card.type is CardType.LOCATION else "")


def card_table(cards: Sequence[Card]) -> list[str]:
    """Gets a table of cards: title, set, type, subtype, value (the upper left corner: a
    number, GOO, or a Location's Gate), Sanity, subregion (of Locations and the Allies and
    Monsters found in one) and the Dimension indicator (DRM, NAE; none for the Waking World)."""
    rows = [
        (
            c.title,
            c.set_code,
            c.type.value if c.type else "?",
            c.subtype or "",
            _corner(c),
            "" if c.sanity is None else f"{c.sanity:+d}" if c.type is not CardType.INVESTIGATOR else str(c.sanity),
            c.subregion or "",
            _DIMENSION_SHORT.get(c.dimension.value, "") if c.dimension else "",
        )
        for c in cards
    ]
    return table(("Title", "Set", "Type", "Subtype", "Value", "San", "Subregion", "Dim"), rows)


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Gets a left-aligned text table with a header rule (each cell :func:`terminal_safe`,
    so that a title a card file supplied can neither run on nor break the columns)."""
    rows = [[terminal_safe(cell) for cell in row] for row in rows]
    widths = [len(h) for h in header]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))

    def fmt(row: Sequence[str]) -> str:
        return "  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip()

    return [fmt(header), fmt(["-" * w for w in widths]), *(fmt(r) for r in rows)]


# --------------------------------------------------------------------------------------
# the catalog


def info_lines(catalog_info: Any) -> list[str]:
    """Gets ``catalog info``: path, counts by legality, set and type, files, errata, raw values."""
    from deckbuilder.rules.cards import SETS

    info = catalog_info.info
    lines = [f"Catalog: {info['path']}"]
    lines.append(f"Cards: {info['cards']}  ({', '.join(f'{k} {v}' for k, v in sorted(info['by_legality'].items()))})")
    lines.append("Sets:")
    for code, n in info["by_set"].items():
        lines.append(f"  {code:<10} {n:>4}  {SETS.get(code, (code,))[0]}")
    lines.append("Types: " + ", ".join(f"{k} {v}" for k, v in info["by_type"].items()))
    lines.append(f"Files: {len(info['sources'])} ({', '.join(sorted({s['transcription'] for s in info['sources']}))})")
    lines.append(f"Errata applied: {info['errata_applied']}")
    if info["errata_unmatched"]:
        lines.append(f"Errata naming no card in this catalog: {len(info['errata_unmatched'])}")
        lines += [f"  {line}" for line in info["errata_unmatched"]]
    if info["errata_not_applied"]:
        lines.append(f"Errata that could not be applied: {len(info['errata_not_applied'])}")
        lines += [f"  {line}" for line in info["errata_not_applied"]]
    lines += _reconciliation_lines(info)
    if catalog_info.problems:
        lines.append(f"Values kept raw: {len(info['problems'])}")
        lines += [f"  {p['card']} [{p['set']}] {p['field']} = {p['raw']!r}: {p['message']}" for p in info["problems"]]
    return lines


def _reconciliation_lines(info: dict[str, Any]) -> list[str]:
    """Gets what ``catalog info`` says of the two transcriptions: printings read from both,
    those only one has, and every field they (or a document) read differently."""
    from deckbuilder.rules.cards import Disagreement

    lines: list[str] = []
    rec = info.get("reconciliation") or {}
    if rec.get("matched_total"):
        lines.append(
            f"Printings read from both transcriptions: {rec['matched_total']}"
            + (f" ({len(rec['similar'])} matched by a close title)" if rec.get("similar") else "")
        )
        only = rec.get("unmatched", [])
        if only:
            lines.append(f"Printings only one transcription has: {len(only)}")
            lines += [f"  {TRANSCRIPTION_NAMES.get(t, t)}: {title} [{code}]" for t, code, title in only]
        for code, t in rec.get("one_sided", {}).items():
            lines.append(f"Set only {TRANSCRIPTION_NAMES.get(t, t)} holds: {code}")
    for fact in rec.get("facts_unmatched", []):
        lines.append(f"Card fact naming no card here: {fact}")
    found = info.get("disagreements", [])
    if found:
        settled = sum(1 for d in found if d.get("decided_by"))
        lines.append(
            f"Where the transcriptions or the documents differ: {len(found)} "
            f"({settled} settled by a document, {len(found) - settled} not)"
        )
        for d in found:
            lines.append(f"  {d['card']} [{d['set']}] {disagreement_text(Disagreement.from_dict(d))}")
    return lines


# --------------------------------------------------------------------------------------
# cards and search


def card_view_lines(view: Any) -> list[str]:
    """Gets ``mythos card``: each printing as it plays, a blank line between them."""
    lines: list[str] = []
    for i, card in enumerate(view.cards):
        if i:
            lines.append("")
        lines += card_lines(card)
    return lines


def search_lines(result: Any) -> list[str]:
    """Gets ``mythos search``: a table of the cards found and their count."""
    cards = result.cards
    if not cards:
        return ["No cards match."]
    return [*card_table(cards), f"{len(cards)} card{'s' if len(cards) != 1 else ''}"]


# --------------------------------------------------------------------------------------
# decks


def check_lines(check: Any) -> list[str]:
    """Gets ``deck check``: the verdict, then every finding with its fix and its rule."""
    verdict = check.verdict
    word = "LEGAL" if verdict.is_legal else "ILLEGAL"
    if verdict.is_legal and verdict.unchecked:
        word = "LEGAL as far as the catalog can check"
    unchecked = f", {len(verdict.unchecked)} UNCHECKED" if verdict.unchecked else ""
    lines = [
        f"{terminal_safe(check.deck.name)}: {word} for {check.play.name} "
        f"({verdict.cards} cards, {len(verdict.errors)} errors, {len(verdict.warnings)} warnings{unchecked})"
    ]
    for finding in verdict.findings:
        lines.append(f"  {finding.severity.value if finding.checked else 'UNCHECKED'}: {finding.message}")
        if finding.fix != "none needed":
            lines.append(f"    fix: {finding.fix}")
        lines.append(f"    rule: {finding.words} [{finding.source}]")
    return lines


def stats_lines(view: Any) -> list[str]:
    """Gets ``deck stats``: types, Sanity, places, languages, Gates and Adventures."""
    stats, deck = view.stats, view.deck
    lines = [
        f"{terminal_safe(deck.name)}: {stats.cards} cards; Investigator: "
        + (", ".join(c.title for c in deck.deck.investigators) or "none")
    ]
    lines.append("Types: " + ", ".join(f"{k} {v}" for k, v in stats.by_type.items()))
    if stats.by_subtype:
        lines.append("Subtypes: " + ", ".join(f"{k} {v}" for k, v in stats.by_subtype.items()))
    lines.append(
        f"Sanity: costs {stats.sanity_costs}, gains {stats.sanity_gains}, "
        f"Spell casting {stats.spell_casting_costs}"
        + (f", unknown {stats.unknown_sanity}" if stats.unknown_sanity else "")
    )
    if stats.regions:
        lines.append("Regions: " + ", ".join(f"{k} {v}" for k, v in stats.regions.items()))
    if stats.subregions:
        lines.append("Subregions: " + ", ".join(f"{k} {v}" for k, v in stats.subregions.items()))
    if stats.dimensions:
        lines.append("Dimensions: " + ", ".join(f"{k} {v}" for k, v in stats.dimensions.items()))
    lines.append(f"Gates: {stats.gates} for {stats.monsters} Monsters")
    if stats.languages_known:
        lines.append("Languages read: " + "; ".join(f"{k} ({', '.join(v)})" for k, v in stats.languages_known.items()))
    if stats.languages_needed:
        lines.append("Tome languages: " + "; ".join(f"{k} ({', '.join(v)})" for k, v in stats.languages_needed.items()))
    if stats.unread_tomes:
        lines.append("No reader in the deck for: " + ", ".join(stats.unread_tomes))
    if stats.adventures:
        lines.append(
            f"Adventures ({stats.adventure_points} points): "
            + ", ".join(f"{a['title']} {a['points'] if a['points'] is not None else '?'}" for a in stats.adventures)
        )
    return lines


def playability_lines(result: Any) -> list[str]:
    """Gets ``deck playability``: a count of errors and warnings, then each with its fix."""
    issues, errors = result.issues, result.errors
    notes = sum(1 for i in issues if i.severity.value == "note")
    if len(issues) == notes:
        lines = [f"{terminal_safe(result.deck.name)}: every card can be played"]
        if notes:
            lines[0] += f"; {notes} note{'s' if notes != 1 else ''}"
    else:
        warnings = len(issues) - errors - notes
        lines = [
            f"{terminal_safe(result.deck.name)}: {errors} error{'s' if errors != 1 else ''}, "
            f"{warnings} warning{'s' if warnings != 1 else ''}"
            + (f", {notes} note{'s' if notes != 1 else ''}" if notes else "")
        ]
    for issue in issues:
        copies = f" (x{issue.copies})" if issue.copies > 1 else ""
        lines.append(f"  {issue.severity.value}: {issue.card}{copies}: {issue.reason}")
        if issue.severity.value != "note":  # a note's fix is always "nothing to do"
            lines.append(f"    fix: {issue.fix}")
    return lines


def goldfish_replay_lines(replay: Any) -> list[str]:
    """``mythos deck goldfish --replay K``: one game of the goldfish play by play, each play
    with the greedy policy's reason and the Sanity after it, then how the game ended."""
    lines = [f"{replay.deck}: game {replay.game} of seed {replay.seed}, played by {replay.investigator}", ""]
    for play, why, sanity in replay.plays:
        lines.append(f"{play}  [Sanity {sanity}]")
        lines.append(f"    why: {why}")
    lines.append("")
    lines.append(
        f"The game ends after {replay.rounds} Round(s): {replay.points} Adventure points, Sanity {replay.sanity}"
    )
    return lines


def goldfish_result_lines(result: Any) -> list[str]:
    """Gets ``deck goldfish``: who played, the deck's test games and draw odds; for a deck
    listing several Investigators, a line for each of the others."""
    lines = goldfish_lines(terminal_safe(result.deck.name), result.report, result.investigator)
    others = result.played[1:]
    if others:
        best = result.played[0]
        lines.append(f"  {best.investigator} played best of the {len(result.played)} Investigators listed; the others:")
        for other in others:
            lines.append("    " + _headline(other.investigator, other.report))
    return lines


def _headline(who: str, report: Any) -> str:
    """Gets one Investigator's games in a line."""
    goal = f"completed an Adventure in {percent(report.completed)} of games"
    if report.median_rounds is not None:
        goal += f" (median Round {report.median_rounds:g})"
    if report.campaign and report.reached_target is not None:
        goal = f"reached {report.target} points in {percent(report.reached_target)} of games; " + goal
    return f"{who}: {goal}"


def goldfish_lines(name: str, report: Any, investigator: str = "") -> list[str]:
    """Gets a goldfish report as a player reads it (the numbers the deck sheet shows too)."""
    who = f", played by {investigator}" if investigator else ""
    lines = [f"{name}: {report.games} solitaire games{who} (seed {report.seed}, at most {report.max_rounds} Rounds)"]
    lines.append(
        f"  Completed an Adventure: {percent(report.completed)} of games"
        + (f"; median Round {report.median_rounds:g}" if report.median_rounds is not None else "")
    )
    if report.rounds_quartiles:
        lo, hi = report.rounds_quartiles
        lines.append(f"  Half of the completing games finished between Rounds {lo:g} and {hi:g}")
    campaign = report.campaign and report.reached_target is not None
    if campaign:
        lines.append(f"  Reached {report.target} Adventure points: {percent(report.reached_target)} of games")
    # In Campaign play the goal is the target: the row says how soon games reach it.
    rows = report.target_by_round if campaign and report.target_by_round else report.by_round
    label = f"By Round (reached {report.target} points)" if campaign else "By Round (an Adventure completed)"
    shown = [f"R{i}: {percent(share)}" for i, share in enumerate(rows, start=1) if i <= 12]
    lines.append(f"  {label}: " + "  ".join(shown))
    lo, hi = report.final_sanity_quartiles
    lines.append(f"  Sanity at the end: median {report.final_sanity:g} (middle half {lo:g}-{hi:g})")
    lines.append(f"  Cards drawn per Round after the first: {report.drawn_per_round:.1f}")
    if report.blockers:
        lines.append("  Needed cards that sat unplayable in hand for two Rounds or more, none yet in play:")
        for title, share in report.blockers[:6]:
            lines.append(f"    {title}: {percent(share)} of games")
    cards = getattr(report, "cards", ())
    if cards:
        lines.append("  What each card did (share of games it was played; median Round first played):")
        for card in cards:
            when = f"Round {card.median_round:g}" if card.median_round is not None else "never played"
            used = f"; cast or used in {percent(card.used)}" if card.used is not None else ""
            lines.append(f"    {percent(card.played):>5}  {when:<13} {card.title} (x{card.copies}){used}")
        ignored = [c for c in cards if c.ignored]
        if ignored:
            lines.append("  Effects the engine does not play (the cards still count where played):")
            for card in ignored:
                lines.append(f"    {card.title} (x{card.copies}): {card.ignored}")
    if report.odds:
        lines.append("  Draw odds:")
        for odds in report.odds:
            how = "exact" if odds.exact else "simulated"
            lines.append(f"    {percent(odds.probability, 1):>6}  {odds.label} ({how}, {odds.draws} cards seen)")
    return lines


# --------------------------------------------------------------------------------------
# Adventures


def _slot_lines(check: Any, notation: bool = False) -> list[str]:
    """Gets each slot: in plain words ("three Locations in different Subregions"), or with
    ``notation`` as the recipe notation writes it (``3x Location {distinct:subregion}``)."""
    from deckbuilder.rules.adventures.words import slot_words
    from deckbuilder.rules.cards import display_title

    lines = []
    for result in check.slots:
        cards = ", ".join(dict.fromkeys(display_title(c.title) for c in result.cards)) or "-"
        status = "met" if result.met else f"MISSING {result.short}" if result.slot.total is None else "MISSING points"
        lines.append(f"  {result.number:>2}. {result.text if notation else slot_words(result.slot)}")
        lines.append(f"      {status}: {cards}" + (f"   [{result.slot.source}]" if result.slot.source else ""))
        if result.add_one_of:
            lines.append(f"      add one of: {', '.join(result.add_one_of)}")
            for title, severity, reason in result.cannot_play:
                lines.append(f"        {title} ({_CANNOT[severity]}): {reason}")
    return lines


#: How ``add one of`` marks a card the deck could not play, by the judge's severity.
_CANNOT = {"error": "cannot play", "warning": "hard to play"}


def _offered(slot: Any) -> str:
    """Gets a slot's offered titles, each the deck could not play marked (``747 (cannot play)``)."""
    marks = {title: _CANNOT[severity] for title, severity, _reason in slot.cannot_play}
    return ", ".join(f"{t} ({marks[t]})" if t in marks else t for t in slot.add_one_of)


def _footer(recipe: Any, notes: tuple[str, ...] = ()) -> list[str]:
    lines = []
    for limit in recipe.limits:
        numbers = ", ".join(str(i + 1) for i in limit.slots)
        lines.append(f"  limit: slots {numbers} need different {limit.distinct.value}s")
    for condition in recipe.conditions:
        lines.append(f"  condition (yours to meet in play): {condition.text}")
    for phrase in recipe.uninterpreted:
        lines.append(f"  not understood (check by hand or override it): {phrase}")
    for note in (*recipe.notes, *notes):
        lines.append(f"  note: {note}")
    if recipe.origin and recipe.origin != "card":
        lines.append(f"  recipe from: {recipe.origin}")
    return lines


def _heading(check: Any) -> str:
    points = "?" if check.points is None else check.points
    verdict = "COMPLETABLE" if check.completable else f"NOT COMPLETABLE ({check.cards_missing} card(s) missing)"
    if check.completable and check.recipe.uninterpreted:
        verdict += " as far as it was read (see what was not understood)"
    return f"{check.adventure} ({points} points): {verdict}"


def recipe_lines(shown: Any) -> list[str]:
    """Gets ``adventure show``: the recipe's slots in the notation, its limits and
    conditions, and the card text."""
    from deckbuilder.rules.adventures import recipe_text

    recipe, adventure = shown.recipe, shown.adventure
    points = "?" if recipe.points is None else recipe.points
    kind = f", {adventure.subtype}" if adventure.subtype else ""
    lines = [f"{recipe.adventure} ({points} points{kind}) [{adventure.set_code}]"]
    slot_lines = [line for line in recipe_text(recipe).splitlines() if line[:1].isdigit()]
    lines += [f"  {number:>2}. {line}" for number, line in enumerate(slot_lines, start=1)]
    if not recipe.slots:
        lines.append("  (no card requirements read)")
    lines += _footer(recipe)
    lines.append("Card text:")
    lines.append(f"  {adventure.text or '(none)'}")
    return lines


def adventure_check_lines(result: Any, notation: bool = False) -> list[str]:
    """Gets ``adventure check``: the verdict, each slot with the cards that meet it (in plain
    words, or in the notation), the footer."""
    check = result.check
    return [_heading(check), *_slot_lines(check, notation), *_footer(check.recipe, check.notes)]


def adventure_check_notation_lines(result: Any) -> list[str]:
    """Gets ``adventure check --notation``: the slots as the recipe notation writes them."""
    return adventure_check_lines(result, notation=True)


def deck_adventures_notation_lines(result: Any) -> list[str]:
    """Gets ``deck adventures --notation``: the slots as the recipe notation writes them."""
    return deck_adventures_lines(result, notation=True)


def deck_adventures_lines(result: Any, notation: bool = False) -> list[str]:
    """Gets ``deck adventures``: a summary, then each Adventure's check (its slots in plain
    words, or in the notation)."""
    checks = result.checks
    if not checks:
        return [f"{terminal_safe(result.deck.name)}: no Adventures in the deck."]
    points = sum(c.points or 0 for c in checks)
    done = sum(c.completable for c in checks)
    lines = [
        f"{terminal_safe(result.deck.name)}: {len(checks)} Adventure{'s' if len(checks) != 1 else ''}, {points} points; {done} completable"
    ]
    for check in checks:
        lines += ["", _heading(check), *_slot_lines(check, notation), *_footer(check.recipe, check.notes)]
    return lines


def plan_lines(result: Any) -> list[str]:
    """Gets ``deck plan``: the Adventures chosen, what each lacks, and the cards they share."""
    plan, target, name = result.plan, result.target, terminal_safe(result.deck.name)
    if not result.checks:
        return [f"{name}: no Adventures in the deck; a Campaign to {target} points needs some."]
    reach = "reaches" if plan.reaches_target else f"falls {target - plan.points} short of"
    lines = [f"{name}: plan of {plan.points} points {reach} the target of {target} ({plan.method} search)"]
    for check in plan.chosen:
        status = "completable" if check.completable else f"missing {check.cards_missing} card(s)"
        lines.append(f"  {check.adventure} ({check.points if check.points is not None else '?'} points): {status}")
        for slot in check.missing:
            lines.append(f"      needs {slot.text}" + (f"; add one of: {_offered(slot)}" if slot.add_one_of else ""))
        for condition in check.recipe.conditions:
            lines.append(f"      condition: {condition.text}")
    if plan.shared:
        lines.append("Cards serving more than one of them:")
        lines += [f"  {card}: {', '.join(names)}" for card, names in plan.shared.items()]
    if plan.others:
        lines.append(
            "Also in the deck: "
            + ", ".join(
                f"{c.adventure} ({c.points if c.points is not None else '?'}{'' if c.completable else ', incomplete'})"
                for c in plan.others
            )
        )
    return lines


# --------------------------------------------------------------------------------------
# saved decks and the collection


def _when(saved_at: str | None) -> str:
    """Gets a saved time as a person reads it: ``2026-11-24 19:37 UTC``."""
    return (saved_at or "").replace("T", " ").replace("Z", " UTC")[:20].strip() or "never"


def saved_decks_lines(result: Any) -> list[str]:
    """Gets ``deck list``: one saved deck a row, where they are, and each file among them
    that cannot be read, with why."""
    bad = [f"unreadable: {terminal_safe(d.problem)}" for d in getattr(result, "unreadable", ())]
    if not result.decks:
        return [f"No saved decks in {result.folder}; save one with `mythos deck save FILE` or `mythos serve`.", *bad]
    rows = [
        (
            d.id,
            terminal_safe(d.name),
            "?" if d.cards is None else str(d.cards),
            str(len(d.versions)),
            _when(d.latest.saved_at if d.latest else None) + (" (unsaved changes)" if d.has_draft else ""),
        )
        for d in result.decks
    ]
    head = ("Id", "Name", "Cards", "Versions", "Saved")
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = [
        "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in [head, tuple("-" * w for w in widths), *rows]
    ]
    return [*lines, f"{len(rows)} deck{'s' if len(rows) != 1 else ''} in {result.folder}", *bad]


def history_lines(history: Any) -> list[str]:
    """Gets ``deck history``: each version, when it was saved, its size and what changed."""
    deck = history.deck
    lines = [
        f"{terminal_safe(deck.name)} ({deck.id}): {len(deck.versions)} version{'s' if len(deck.versions) != 1 else ''}"
    ]
    for version, diff in zip(deck.versions, history.changes):
        cards = "?" if version.cards is None else version.cards
        lines.append(f"  {version.number:>3}  {_when(version.saved_at)}  {cards} cards  {diff.summary()}")
    return lines


def diff_lines(diff: Any) -> list[str]:
    """Gets ``deck diff``: the cards added, removed and changed, by title."""
    lines = [
        f"{terminal_safe(diff.before)} ({diff.cards_before} cards) -> {terminal_safe(diff.after)} ({diff.cards_after} cards)"
    ]
    if diff.same:
        return [*lines, "  the same cards"]
    for label, changes in (("added", diff.added), ("removed", diff.removed), ("changed", diff.changed)):
        for change in changes:
            where = "" if change.section == "deck" else f" ({change.section})"
            lines.append(f"  {label:<8} {change.change:+d} {change.title}{where}  [{change.before} -> {change.after}]")
    return lines


def collection_lines(view: Any) -> list[str]:
    """Gets ``collection show``: each title owned with its copies."""
    data = view.to_json()
    if view.deck is None:
        return [f"No collection yet at {view.path}; import one with `mythos collection import FILE`."]
    return [
        *(f"{row['count']:>3}  {row['title']}" for row in data["owned"]),
        f"{data['cards']} cards, {data['titles']} titles in {view.path}",
    ]


def _measure_line(label: str, m: Any, target: int | None = None) -> str:
    median = f"median Round {m.median_round:g}" if m.median_round is not None else "no median"
    if getattr(m, "wins", None) is not None:
        won = f"median Round {m.median_round:g} of the matches won" if m.median_round is not None else "no match won"
        return (
            f"  {label}: won {percent(m.wins)} of matches; {won}; final Sanity {m.final_sanity:.1f}; "
            f"Combat damage dealt {m.dealt:.2f} a match"
        )
    done = "completed" if target is None else f"reached {target} points in"
    return (
        f"  {label}: {done} {percent(m.completed)} of games, {percent(m.by_round_6)} by Round 6; "
        f"{median}; final Sanity {m.final_sanity:.1f}"
    )


def _field_lines(shares: Any) -> list[str]:
    """Gets a deck's win share against each field deck, with its 95% interval."""
    return [
        f"      against {terminal_safe(s.deck)}: won {percent(s.wins)} (95%: {percent(s.low)}-{percent(s.high)}) "
        f"of {s.games}"
        for s in shares
    ]


def deck_build_lines(result: Any) -> list[str]:
    """Gets ``deck build``: the built deck against its start, the games, the runner-ups."""
    from deckbuilder.rules.cards import display_title

    article = "an" if result.format[:1] in "AEIOU" else "a"
    lines = [
        f"Built {article} {result.format} deck for {result.investigator}: {', '.join(result.adventures)}",
        f"  {result.games} games played in {result.seconds:.0f} s (seed {result.seed}; {result.steps} changes "
        f"tried, {result.kept} kept; stopped by {'the time cap' if result.stopped_by == 'time' else 'its games budget'})",
        *(
            [
                "  The search found nothing that plays better than its start on the held-out games: "
                "the start is the deck written."
            ]
            if result.kept_start
            else []
        ),
        *(
            [
                f"  Adventures chosen by the test games: {result.sets_tried} set{'s' * (result.sets_tried > 1)} "
                f"built for, of {len(result.screened)} Adventures tried alone "
                f"({sum(1 for _t, share in result.screened if share >= 0.5)} completed in half their games or more); "
                f"{len([s for s in result.sets_weighed if s[1] >= 0])} sets weighed on Campaign games first"
            ]
            if result.sets_tried
            else []
        ),
        *(
            [
                "  Left out untried, as no game alone completes them (each needs an Event aimed at an "
                "opponent's card in play, rulebook l.202; name one with --adventure to build for it anyway): "
                + ", ".join(
                    f"{display_title(title)} ({why.split(', aimed at')[0].removeprefix('needs ')})"
                    for title, why in result.left_out
                )
            ]
            if result.sets_tried and result.left_out
            else []
        ),
        f"  {result.objective}",
        f"Held-out games ({result.built.measure.games} each, the same seeds for every deck; the built deck's are "
        f"`mythos deck goldfish DECK{' --format ' + result.format_id if result.format_id != 'advanced' else ''}"
        f"{' --target ' + str(result.target) if result.target not in (None, 20) else ''} "
        f"--games {result.built.measure.games} --seed {result.held_out_seed}`):",
        _measure_line("built", result.built.measure, result.target),
        *_field_lines(result.built.against),
        _measure_line(result.start.label, result.start.measure, result.target),
        *_field_lines(result.start.against),
    ]
    for n, runner in enumerate(result.runners_up, 1):
        lines.append(_measure_line(f"runner-up {n} ({runner.label})", runner.measure, result.target))
        lines.extend(_field_lines(runner.against))
    lines.append("Why the cards are there:")
    lines.extend(f"  {note.removeprefix('Why: ')}" for note in result.built.notes)
    return lines


def suggest_lines(result: Any) -> list[str]:
    """Gets ``deck suggest``: the changes measured, the recommended first, each with its interval."""
    lines = [
        f"{terminal_safe(result.deck.name)}, played by {result.investigator}: single changes measured on "
        f"{result.games} games each (seed {result.seed}; 95% intervals)",
        f"  {result.objective}",
    ]
    if result.against:
        lines.append("  The deck as it is:")
        lines.extend(_field_lines(result.against))
    lines.extend(f"  {terminal_safe(note)}" for note in result.left_alone)
    if not result.recommended:
        lines.append("  No change's effect is clear of noise: none is recommended.")
    for change in result.changes:
        mark = "RECOMMENDED" if change.recommended else "within noise"
        r, s = change.rounds, change.sanity
        w = change.wins
        wins = "" if w is None else f"win share {w.mean:+.1%} ({w.low:+.1%} to {w.high:+.1%}), "
        lines.append(
            f"  {change.describe()} [{mark}]: {wins}Round {r.mean:+.2f} ({r.low:+.2f} to {r.high:+.2f}), "
            f"Sanity {s.mean:+.2f} ({s.low:+.2f} to {s.high:+.2f})"
        )
        lines.append(f"      why: {change.reason}")
    return lines


def match_lines(result: Any) -> list[str]:
    """Gets ``mythos match``: who wins how often (95% intervals), each deck's figures and what
    its cards did in Combat; with ``--log K``, game K told as a play-by-play."""
    seats = [
        f"{chr(65 + i)}: {d.deck.name} ({who}, {ai})"
        for i, (d, who, ai) in enumerate(zip(result.decks, result.investigators, result.ai))
    ]
    if result.report is None:
        return [
            f"Game {result.log_game} of the seed ({result.format_name})",
            *("  " + s for s in seats),
            "",
            *result.log,
        ]
    r = result.report
    lines = [f"{r.games} games (seed {r.seed}, {result.format_name}), {r.mean_rounds:.1f} Rounds on average", *seats]
    for i, p in enumerate(r.players):
        lines.append(
            f"  {chr(65 + i)} wins {percent(p.wins)} (95%: {percent(p.wins_low)}-{percent(p.wins_high)}); "
            f"mean score {p.mean_score:.1f} ({p.mean_points:.1f} Adventure points); "
            f"final Sanity {p.mean_final_sanity:.1f}; Sanity lost in Combat {p.combat_sanity_lost:.2f} a game"
        )
    lines.append(f"  Ties: {percent(r.ties)} (95%: {percent(r.ties_low)}-{percent(r.ties_high)})")
    for i, p in enumerate(r.players):
        lines.append(f"{chr(65 + i)}'s cards (share of games played; Combat damage dealt, absorbed per game):")
        for c in p.cards[:25]:
            fight = f"  dealt {c.dealt:.2f}, absorbed {c.absorbed:.2f}" if c.dealt or c.absorbed else ""
            lines.append(f"  {percent(c.played):>5}  {c.title}{fight}")
    return lines
