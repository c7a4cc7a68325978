"""Turns the community transcriptions' field values into the catalog's vocabulary.

Both importers (GCCG XML and LackeyCCG tab-separated files) go through these functions,
so that a catalog built from either answers the same questions the same way. A value that
cannot be interpreted is kept raw and reported as a :class:`~deckbuilder.rules.cards.Problem`;
it is never dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from deckbuilder.rules.cards import (
    MONSTER_CLASSES,
    Allegiance,
    CardType,
    Dimension,
    LanguageRule,
    Problem,
    PublicAttribute,
    SpellIcon,
    fold_title,
)

#: Misspellings found in the transcriptions, mapped to the printed word (README "Quirks").
SPELLING = {
    "cemetary": "Cemetery",
    "miscatonic": "Miskatonic",
    "invisble": "Invisible",
    "artifacts": "Artifact",
    "glyph": "Glyphs",
    "sanatarium": "Sanitarium",
    "conutry": "Country",
}

#: Region names as the GCCG transcription (and the rulebook) writes them; Lackey's short forms map here.
REGIONS = {
    "lovecraft country": "Lovecraft Country",
    "lovecraft": "Lovecraft Country",
    "new aeon": "New Æon",
    "the west": "The West",
    "west": "The West",
    "the east": "The East",
    "east": "The East",
    "the north": "The North",
    "north": "The North",
    "the south": "The South",
    "south": "The South",
    "the underworld": "The Underworld",
    "underworld": "The Underworld",
    "europe": "Europe",
    "middle east": "Middle East",
    "south pacific": "South Pacific",
    "exotic location": "Exotic Location",
    "exotic": "Exotic Location",
    "scoobydoo country": "Scoobydoo Country",
    "scooby doo country": "Scoobydoo Country",
    "any": "Any",
}

PUBLIC_LETTERS = {
    "W": PublicAttribute.WATER,
    "F": PublicAttribute.FOREST,
    "C": PublicAttribute.CEMETERY,
    "I": PublicAttribute.INSIDE,
    "O": PublicAttribute.OUTSIDE,
}

ICON_LETTERS = {
    "W": SpellIcon.WATER,
    "D": SpellIcon.DEATH,
    "C": SpellIcon.CTHULHU,
    "Y": SpellIcon.YELLOW_SIGN,
    "F": SpellIcon.FOLK,
    "E": SpellIcon.EYE,
    "Dr": SpellIcon.DREAM,
}

_ICON_NAMES = {fold_title(i.value): i for i in SpellIcon} | {"yellow": SpellIcon.YELLOW_SIGN}
_PUBLIC_NAMES = {p.value.casefold(): p for p in PublicAttribute}
_TYPE_NAMES = {t.value.casefold(): t for t in CardType}
_MONSTER_CLASS_NAMES = {fold_title(c): c for c in MONSTER_CLASSES}

_INT = re.compile(r"^[+]?(-?\d+)$")
_KNOWS = re.compile(r"\bknows\b", re.IGNORECASE)


@dataclass
class Fields:
    """Collects normalised field values and problems for one card being imported."""

    values: dict[str, object] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def problem(self, name: str, raw: str, message: str) -> None:
        self.problems.append(Problem(name, raw, message))


def clean(text: str | None) -> str:
    """Gets a field value with white space folded ("" for missing)."""
    # Most fields of a card are missing or empty: 25,000 calls an import of the GCCG pool.
    return " ".join(text.split()) if text else ""


def spell(word: str) -> str:
    """Gets a word with the transcriptions' known misspellings corrected."""
    return SPELLING.get(word.casefold(), word)


def spell_words(text: str) -> str:
    """Corrects known misspellings word by word, keeping the rest of the text as it is."""
    return re.sub(r"[A-Za-z]+", lambda m: spell(m.group(0)), text)


def parse_type(raw: str, out: Fields) -> CardType | None:
    """Parses a card type; an unknown one is kept raw as a problem."""
    value = _TYPE_NAMES.get(clean(raw).casefold())
    if value is None:
        out.problem("type", raw, "unknown card type")
    return value


def parse_int(raw: str, name: str, out: Fields) -> int | None:
    """Parses a whole number such as ``12``, ``+2`` or ``-1``; empty means unknown."""
    raw = clean(raw)
    if not raw:
        return None
    match = _INT.match(raw)
    if match:
        return int(raw)
    out.problem(name, raw, "not a number")
    return None


def parse_value(raw: str, card_type: CardType | None, out: Fields) -> None:
    """Parses the upper-left value: a number, ``+N`` (Weapons), ``{GOO}``, or ``6/4``.

    Sets ``value``, ``value_text``, ``value2`` and ``goo`` in ``out``.
    """
    raw = clean(raw)
    out.values["value_text"] = raw
    if not raw:
        return
    if raw.upper() in ("{GOO}", "GOO"):
        out.values["goo"] = True
        return
    two = re.match(r"^(\d+)\s*/\s*(\d+)$", raw)
    if two:
        # A Monster with two values; the higher counts for Adventures (rulebook, "Monster cards").
        out.values["value"] = int(two.group(1))
        out.values["value2"] = int(two.group(2))
        return
    match = _INT.match(raw)
    if match:
        out.values["value"] = int(raw)
        return
    out.problem("value", raw, "value is not a number, +N, {GOO} or N/M")


def parse_sanity(raw: str, out: Fields) -> None:
    """Parses the Sanity pentagram (``-1``, ``+2``); Investigators carry beginning Sanity here."""
    raw = clean(raw)
    out.values["sanity_text"] = raw
    if not raw:
        return
    match = _INT.match(raw)
    if match:
        out.values["sanity"] = int(raw)
    else:
        out.problem("sanity", raw, "Sanity is not a number")


def parse_public_letters(raw: str, out: Fields) -> tuple[PublicAttribute, ...]:
    """Parses Location public attribute letters (``WFCO``)."""
    raw = clean(raw).replace(" ", "").replace(",", "")
    found: list[PublicAttribute] = []
    for letter in raw:
        attr = PUBLIC_LETTERS.get(letter.upper())
        if attr is None:
            out.problem("public", raw, f"unknown public attribute letter {letter!r}")
        elif attr not in found:
            found.append(attr)
    return tuple(found)


def parse_icon_letters(raw: str, out: Fields) -> tuple[SpellIcon, ...]:
    """Parses a Tome's Spell icon letters (``W D C Y F E Dr``, ``DrYE``)."""
    raw = clean(raw).replace(" ", "").replace(",", "")
    found: list[SpellIcon] = []
    i = 0
    while i < len(raw):
        if raw[i : i + 2] == "Dr":
            icon: SpellIcon | None = SpellIcon.DREAM
            i += 2
        else:
            icon = ICON_LETTERS.get(raw[i].upper())
            if icon is None:
                out.problem("icons", raw, f"unknown Spell icon letter {raw[i]!r}")
            i += 1
        if icon is not None and icon not in found:
            found.append(icon)
    return tuple(found)


def parse_icon_name(raw: str, out: Fields) -> tuple[SpellIcon, ...]:
    """Parses a Spell's icon name (``Yellow Sign``)."""
    icon = _ICON_NAMES.get(fold_title(raw))
    if icon is None:
        if clean(raw):
            out.problem("icons", raw, "unknown Spell icon")
        return ()
    return (icon,)


def public_from_word(word: str) -> PublicAttribute | None:
    """Gets the public attribute a word names (``Water``), if it names one."""
    return _PUBLIC_NAMES.get(spell(clean(word)).casefold())


def monster_class(raw: str) -> str | None:
    """Gets the Monster class a subtype names (``Lesser Independent``), if any."""
    return _MONSTER_CLASS_NAMES.get(fold_title(spell_words(raw)))


def parse_region(raw: str) -> str | None:
    """Gets the canonical Region name (``Lovecraft`` -> ``Lovecraft Country``)."""
    raw = clean(raw)
    if not raw:
        return None
    return REGIONS.get(fold_title(raw), raw)


def parse_subregion(raw: str) -> str | None:
    """Gets the subregion phrase with misspellings corrected (``Any Cemetary`` -> ``Any Cemetery``).

    An ``Any ...`` phrase loses a trailing ``Location`` and says ``non-Gate``: the
    transcriptions write both ``Any Outside`` and ``Any Outside Location`` for one phrase.
    """
    raw = clean(raw)
    if not raw:
        return None
    raw = spell_words(raw)
    if raw.casefold().startswith("any ") and raw.casefold().endswith(" location") and len(raw.split()) > 2:
        raw = raw[: -len(" location")]
    return re.sub(r"\bnon-gate\b", "non-Gate", raw, flags=re.IGNORECASE)


def parse_dimension(raw: str, card_type: CardType | None, out: Fields) -> Dimension | None:
    """Parses the Dimension indicator. Allies and Locations without one are of the Waking
    World; other cards without one may be played in any Dimension (rulebook, "Dimension")."""
    key = clean(raw).strip("{}").casefold().replace("æ", "ae")
    if key in ("nae", "new aeon", "newaeon"):
        return Dimension.NEW_AEON
    if key in ("drm", "dreamlands", "dreamland"):
        return Dimension.DREAMLANDS
    if key in ("", "ww", "waking world"):
        if card_type in (CardType.ALLY, CardType.LOCATION):
            return Dimension.WAKING_WORLD
        return None
    out.problem("dimension", raw, "unknown Dimension indicator")
    return None


def split_languages(raw: str) -> tuple[str, ...]:
    """Splits ``English, Latin & Greek`` into languages; ``No Languages`` is none."""
    raw = clean(raw).strip(" .")
    if not raw or fold_title(raw) in ("no languages", "none", "no language"):
        return ()
    if fold_title(raw) in ("all languages", "all"):
        return ("All",)
    parts = re.split(r"\s*(?:,|&|\band\b)\s*", raw)
    return tuple(spell(p.strip(" .")) for p in parts if p.strip(" ."))


def parse_tome_languages(raw: str) -> tuple[tuple[str, ...], LanguageRule | None]:
    """Parses a Tome's language line: ``Greek & Latin`` (all of) or ``A or B`` (one of)."""
    raw = clean(raw)
    if not raw:
        return (), None
    if re.search(r"\bor\b", raw, re.IGNORECASE):
        parts = re.split(r"\s*\bor\b\s*", raw, flags=re.IGNORECASE)
        return tuple(spell(p) for p in parts if p), LanguageRule.ONE_OF
    return split_languages(raw), LanguageRule.ALL_OF


def parse_person(raw: str, out: Fields) -> None:
    """Parses an Ally's (or Monster-Ally's) attribute line.

    ``Steadfast M.U. Professor, Knows English & Latin``: allegiance, occupations (joined by
    ``&``), other attributes such as ``Living Dead``, and the languages after ``Knows``.
    Sets ``allegiance``, ``occupations``, ``attributes`` and ``languages`` in ``out``.
    """
    raw = clean(raw)
    if not raw:
        return
    knows = _KNOWS.search(raw)
    if knows:
        head, langs = raw[: knows.start()], raw[knows.end() :]
    else:
        # "Steadfast Author & Dreamer, English & Atlantean": languages without "Knows".
        head, _, langs = raw.rpartition(",")
        if not head:
            head, langs = raw, ""
    out.values["languages"] = split_languages(langs)
    allegiance: Allegiance | None = None
    occupations: list[str] = []
    attributes: list[str] = []
    for segment in re.split(r",|(?<!M\.U)\.\s+", head):
        segment = segment.strip(" .,")
        if not segment:
            continue
        words = segment.split(" ", 1)
        if words[0].casefold() in ("steadfast", "corrupt"):
            allegiance = Allegiance(words[0].capitalize())
            segment = words[1] if len(words) > 1 else ""
        for part in re.split(r"\s*&\s*", segment):
            part = part.strip(" .")
            if not part:
                continue
            if fold_title(part) == "living dead":
                attributes.append("Living Dead")
            elif part.casefold() in ("invisible", "visible/invisible"):
                attributes.append(part)
            else:
                occupations.append(part)
    out.values["allegiance"] = allegiance
    out.values["occupations"] = tuple(occupations)
    words = [allegiance.value] if allegiance else []
    for occ in occupations:
        words.append(occ)
        # "M.U. Professor" is a Professor too (Adventures ask for PROFESSOR).
        if occ.startswith("M.U. "):
            words.append(occ[5:])
    out.values["attributes"] = tuple(dict.fromkeys(words + attributes))


def parse_location_attributes(raw: str) -> tuple[str, ...]:
    """Parses a Location's attribute line (``City, Library, Tome``)."""
    parts = [spell(clean(p)) for p in clean(raw).split(",")]
    return tuple(dict.fromkeys(p for p in parts if p))


#: Location attributes a Great Old One's place requirement is written with (``Outside/Country/Gate``).
PLACE_WORDS = frozenset(
    {p.value.casefold() for p in PublicAttribute}
    | {"underground", "country", "city", "gate", "ruins", "space", "island", "site"}
)


def parse_summon(raw: str) -> tuple[str, ...]:
    """Parses a Great Old One's two summoning requirements (``Space Location, Eclipse``).

    A place requirement written as bare Location attributes gets ``Location`` as most cards
    in both transcriptions write it (``Underground`` -> ``Underground Location``); a lone
    ``Dreamlands Site/Lunar Eclipse`` is split at its last ``/``: a GOO needs "the two cards
    listed just below the card title", a place and an Event (rulebook, "Great Old Ones &
    Outer Gods": "AZATHOTH, who has Space and Unexpected Eclipse as requirements").
    """
    parts = [spell_words(clean(p)) for p in clean(raw).split(",")]
    parts = [p for p in parts if p]
    if len(parts) == 1 and "/" in parts[0]:
        place, _, event = parts[0].rpartition("/")
        if not _is_place(event):
            parts = [place.strip(), event.strip()]
    return tuple(f"{p} Location" if _is_place(p) and not p.casefold().endswith(" location") else p for p in parts)


def _is_place(text: str) -> bool:
    """Checks whether a requirement names Location attributes (``Outside/Gate Location``)."""
    words = re.split(r"[/\s]+", text.strip().casefold())
    if words and words[-1] == "location":
        words = words[:-1]
    return bool(words) and all(w in PLACE_WORDS for w in words)


def card_key(set_code: str, title: str, printing: int) -> str:
    """Gets a card's catalog key: set code, folded title, and ``#N`` for a repeated title."""
    slug = fold_title(title).replace(" ", "-") or "untitled"
    return f"{set_code}:{slug}" + (f"#{printing}" if printing > 1 else "")
