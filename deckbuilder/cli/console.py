"""Plain-text views for the terminal: a card as it plays, tables of cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deckbuilder.rules.cards import Card, CardType
from deckbuilder.sheet.text import value_text

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
    lines = [head, f"  {kind} · {card.set_name} [{card.set_code}]" + (f" #{card.printing}" if card.printing > 1 else "")]
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
        facts.append(("Spell icons" if card.type is CardType.TOME else "Spell icon", ", ".join(i.value for i in card.icons)))
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


def card_table(cards: Sequence[Card]) -> list[str]:
    """Gets a table of cards: title, set, type, subtype, value, Sanity, subregion."""
    rows = [
        (
            c.title,
            c.set_code,
            c.type.value if c.type else "?",
            c.subtype or "",
            value_text(c),
            "" if c.sanity is None else f"{c.sanity:+d}" if c.type is not CardType.INVESTIGATOR else str(c.sanity),
            c.subregion or (c.dimension.value if c.dimension and c.type is not CardType.LOCATION else ""),
        )
        for c in cards
    ]
    return table(("Title", "Set", "Type", "Subtype", "Value", "San", "Subregion"), rows)


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Gets a left-aligned text table with a header rule."""
    widths = [len(h) for h in header]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))
    def fmt(row: Sequence[str]) -> str:
        return "  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip()
    return [fmt(header), fmt(["-" * w for w in widths]), *(fmt(r) for r in rows)]
