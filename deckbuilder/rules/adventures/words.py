"""A recipe's slots in plain words, as a player says them: "a Location in Arkham", "two
different Tomes", "Henry Armitage".

The notation (:mod:`.notation`) is exact and round-trips; these words are for reading, and
say the same things: the card type is the noun (``card`` when the slot names none), the
attributes, subtypes and classes stand before it ("a Gate City Location"), the places and
languages after it ("in Arkham", "who knows Arabic", "in Latin"), a card asked by title is
its title. Nothing here parses them back.

>>> slot_words(Slot(2, AllOf((Atom(Field.TYPE, "Location"), Atom(Field.ATTRIBUTE, "City"))),
...                 distinct=Distinct.SUBREGION))
'two City Locations in different Subregions'
"""

from __future__ import annotations

from deckbuilder.rules.adventures.model import (
    AllOf,
    AnyCard,
    AnyOf,
    Atom,
    Distinct,
    Field,
    Gate,
    Measure,
    Not,
    Requirement,
    SanityCost,
    Slot,
)

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

_PLURALS = {"Ally": "Allies", "Sorcery": "Sorceries", "Library": "Libraries", "City": "Cities"}

#: How a slot's cards must differ, after the noun.
_DISTINCT = {
    Distinct.SUBREGION: "in different Subregions",
    Distinct.REGION: "in different Regions",
    Distinct.SUBTYPE: "of different subtypes",
    Distinct.LANGUAGE: "in different languages",
    Distinct.ICON: "with different Spell icons",
}


#: A field's name in a sentence ("with Eclipse in the title").
_FIELD_WORDS = {Field.ATTRIBUTE: "attributes", Field.TOME_LANGUAGE: "language", Field.CLASS: "Monster class"}


def _listed(options: list[str]) -> str:
    return options[0] if len(options) == 1 else ", ".join(options[:-1]) + " or " + options[-1]


def _plural(noun: str) -> str:
    if noun in _PLURALS:
        return _PLURALS[noun]
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "o", "u"):
        return noun[:-1] + "ies"
    return noun + "s"


def _article(phrase: str) -> str:
    return ("an " if phrase[:1].casefold() in "aeiou" else "a ") + phrase


def _number(count: int) -> str:
    return _NUMBERS[count] if count < len(_NUMBERS) else str(count)


def _after(atom: Atom) -> str:
    """Gets the words an atom puts after the noun; "" for one that goes before it."""
    value = atom.value
    if atom.partial:
        return f"with {value} in the {_FIELD_WORDS.get(atom.field, atom.field.value)}"
    if atom.field in (Field.REGION, Field.SUBREGION):
        return f"in {value}"
    if atom.field is Field.DIMENSION:
        return f"of the {value}"
    if atom.field is Field.KNOWS:
        return f"who knows {value}"
    if atom.field is Field.TOME_LANGUAGE:
        return f"in {value}"
    if atom.field is Field.ICON:
        return f"with the {value} icon"
    if atom.field is Field.AFFECTS:
        return f"that affects {value}"
    if atom.field is Field.PUBLIC:
        return f"with the Public Attribute {value}"
    return ""


def _parts(requirement: Requirement) -> tuple[str, list[str], list[str], str]:
    """Gets a requirement's noun (a card type, "" for none), the words before it, the words
    after it, and a title when the requirement names one card."""
    items = requirement.items if isinstance(requirement, AllOf) else (requirement,)
    noun, before, after, title = "", [], [], ""
    for item in items:
        if isinstance(item, Atom) and item.field is Field.TYPE and not item.partial:
            noun = item.value
        elif isinstance(item, Atom) and item.field is Field.TITLE and not item.partial:
            title = item.value
        elif isinstance(item, Atom) and _after(item):
            after.append(_after(item))
        elif isinstance(item, Atom):
            before.append(item.value)
        elif isinstance(item, Gate):
            before.insert(0, "Gate")
        elif isinstance(item, SanityCost):
            after.append(f"costing {'' if item.exactly else 'at least '}{item.amount} Sanity")
        elif isinstance(item, AnyCard):
            continue
        elif isinstance(item, Not):
            after.append("not " + _phrase(item.item, 1, bare=True))
        else:
            after.append(f"({_phrase(item, 1)})")
    return noun, before, after, title


def _phrase(requirement: Requirement, count: int, *, bare: bool = False, different: bool = False) -> str:
    """Gets a requirement as a noun phrase for ``count`` cards (``bare``: no article or
    number, as after "not")."""
    if isinstance(requirement, AnyOf):
        options = [_phrase(item, count, bare=bare or count > 1) for item in requirement.items]
        joined = _listed(options)
        return joined if bare or count == 1 else f"{_number(count)} {'different ' if different else ''}{joined}"
    noun, before, after, title = _parts(requirement)
    if title:
        return title if count == 1 or bare else f"{_number(count)} {title}"
    if not noun and not before and after and bare:
        return " ".join(after)
    attributes = _attributes(requirement)
    if not noun and attributes:
        noun = attributes[-1]  # "a Church", "two Professors", "a Gate House", "a Corrupt Cultist"
        before = [w for w in before if w != noun]
    noun = noun or "card"
    if count > 1:
        noun = _plural(noun)
    words = " ".join([*(["different"] if different else []), *before, noun, *after])
    if bare:
        return words
    return _article(words) if count == 1 else f"{_number(count)} {words}"


def _attributes(requirement: Requirement) -> list[str]:
    """Gets a requirement's attributes (City, Professor): with no card type, the last reads
    as the noun itself ("a Church"); a subtype alone keeps "card" ("a Phobia card")."""
    items = requirement.items if isinstance(requirement, AllOf) else (requirement,)
    return [i.value for i in items if isinstance(i, Atom) and i.field is Field.ATTRIBUTE and not i.partial]


def slot_words(slot: Slot) -> str:
    """Gets a slot in plain words ("a Location in Arkham", "two different Tomes",
    "Monsters worth at least 20 points")."""
    if slot.total is not None:
        what = _phrase(slot.requirement, 2, bare=True)
        if slot.total.measure is Measure.VALUE:
            return f"{what} worth at least {slot.total.at_least} points"
        return f"{what} costing at least {slot.total.at_least} Sanity in all"
    different = slot.distinct is Distinct.CARD and slot.count > 1
    text = _phrase(slot.requirement, slot.count, different=different)
    if slot.distinct is not None and slot.distinct in _DISTINCT and slot.count > 1:
        text += " " + _DISTINCT[slot.distinct]
    return text
