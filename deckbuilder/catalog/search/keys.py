"""The search keys: what each reads, its spellings and values, and the language's help text.

:data:`SEARCH_KEYS` is the registry ``mythos search --help`` prints through
:func:`search_help`; the lexer (:mod:`deckbuilder.catalog.search.parser`) reads values
through :data:`VALUE_ALIASES`. Pure and stdlib-only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from deckbuilder.catalog.search.syntax import MAX_DEPTH, MAX_QUERY_LENGTH
from deckbuilder.rules.cards import (
    SETS,
    Allegiance,
    CardType,
    Dimension,
    PublicAttribute,
    SpellIcon,
    fold_title,
)


class KeyKind(StrEnum):
    """How a key reads its value."""

    TEXT = "text"
    NUMBER = "number"
    ENUM = "enum"
    FLAG = "flag"


@dataclass(frozen=True)
class SearchKey:
    """A search key as ``mythos search --help`` documents it.

    ``values`` lists the accepted spellings of an enum or flag key's values (for help and
    error messages); other spellings listed in :data:`VALUE_ALIASES` are accepted too.
    """

    name: str
    aliases: tuple[str, ...]
    kind: KeyKind
    description: str
    example: str
    values: tuple[str, ...] = ()

    @property
    def spellings(self) -> tuple[str, ...]:
        """Gets the canonical name followed by the aliases."""
        return (self.name, *self.aliases)


def compact(text: str) -> str:
    """Gets the lookup form of an enum value: folded, spaces removed (``New Æon`` -> ``newaeon``)."""
    return fold_title(text).replace(" ", "")


_TYPE_VALUES = {compact(t.value) + plural: t for t in CardType for plural in ("", "s")}
_TYPE_VALUES["allies"] = CardType.ALLY

_DIMENSION_VALUES = {
    "waking": Dimension.WAKING_WORLD,
    "ww": Dimension.WAKING_WORLD,
    "wakingworld": Dimension.WAKING_WORLD,
    "dreamlands": Dimension.DREAMLANDS,
    "drm": Dimension.DREAMLANDS,
    "nae": Dimension.NEW_AEON,
    "newaeon": Dimension.NEW_AEON,
    "thedreamlands": Dimension.DREAMLANDS,
}

_PUBLIC_VALUES = {compact(p.value): p for p in PublicAttribute}
_PUBLIC_VALUES |= {name[0]: p for name, p in list(_PUBLIC_VALUES.items())}
_PUBLIC_VALUES["cemetary"] = PublicAttribute.CEMETERY  # the transcriptions' misspelling

_ICON_VALUES: dict[str, SpellIcon] = {compact(icon.value): icon for icon in SpellIcon}
_ICON_VALUES |= {"yellow": SpellIcon.YELLOW_SIGN, "ys": SpellIcon.YELLOW_SIGN}

_ALLEGIANCE_VALUES = {compact(a.value): a for a in Allegiance}

# Set codes and names, plus the names GCCG (``set`` attribute) and LackeyCCG (set files) use.
_SET_VALUES = {compact(code): code for code in SETS}
_SET_VALUES |= {compact(name): code for code, (name, _legality) in SETS.items()}
_SET_VALUES |= {
    "limited": "LTD",
    "b1": "EOMU",
    "b1mu": "EOMU",
    "b2": "CR",
    "b2cr": "CR",
    "b3": "LOTN",
    "b3ln": "LOTN",
    "standard": "MSGS",
    "stdc": "MSGS",
    "stds": "MSGS",
    "dreamlands": "DRM",
    "newaeon": "NAE",
    "promo": "PR",
    "scooby": "SD",
    "scoobydoo": "SD",
    "repointed": "RP",
}

_FLAG_VALUES = {
    flag: flag
    for flag in (
        "unique",
        "gate",
        "goo",
        "official",
        "fan",
        "repointed",
        "errata",
        "steadfast",
        "corrupt",
        "island",
        "exotic",
        "owned",
    )
} | {"rp": "repointed", "errataed": "errata"}

_RARITIES = ("Common", "Uncommon", "Rare", "Fixed", "Investigator")
_RARITY_VALUES = {compact(r): r for r in _RARITIES} | {r[0].lower(): r for r in _RARITIES[:4]}

#: Each enum or flag key's accepted spellings (compacted) and the value each stands for.
VALUE_ALIASES: dict[str, Mapping[str, str]] = {
    "t": _TYPE_VALUES,
    "dim": _DIMENSION_VALUES,
    "pub": _PUBLIC_VALUES,
    "icon": _ICON_VALUES,
    "al": _ALLEGIANCE_VALUES,
    "set": _SET_VALUES,
    "is": _FLAG_VALUES,
    "rarity": _RARITY_VALUES,
}

_NUMBER, _TEXT, _ENUM, _FLAG = KeyKind.NUMBER, KeyKind.TEXT, KeyKind.ENUM, KeyKind.FLAG

#: Every search key, in the order ``mythos search --help`` lists them.
SEARCH_KEYS: Final[tuple[SearchKey, ...]] = (
    SearchKey(
        "t",
        ("type",),
        _ENUM,
        "card type (plurals too)",
        "t:ally",
        tuple(t.value.lower() for t in CardType),
    ),
    SearchKey("st", ("subtype",), _TEXT, "subtype or Monster class, whole", "st:phobia"),
    SearchKey(
        "class",
        (),
        _TEXT,
        "Monster class, whole",
        'class:"outer god"',
    ),
    SearchKey(
        "a",
        ("attr", "attribute"),
        _TEXT,
        "a Location attribute, an Ally's allegiance or occupation",
        "a:city",
    ),
    SearchKey(
        "pub",
        ("public",),
        _ENUM,
        "Public Attribute, or its letter w f c i o",
        "pub:w",
        tuple(p.value.lower() for p in PublicAttribute),
    ),
    SearchKey("r", ("region",), _TEXT, "Region, whole or its first words", "r:lovecraft"),
    SearchKey("sr", ("subregion",), _TEXT, "Subregion, whole or its first words", "sr:arkham"),
    SearchKey(
        "dim",
        ("dimension",),
        _ENUM,
        "Dimension: waking (ww), dreamlands (drm), nae (new aeon)",
        "dim:drm",
        ("waking", "dreamlands", "nae"),
    ),
    SearchKey(
        "set",
        ("s", "e"),
        _ENUM,
        "set code or name (b1, standard, scooby...)",
        "set:cr",
        tuple(code.lower() for code in SETS),
    ),
    SearchKey(
        "lang",
        ("language",),
        _TEXT,
        "a language an Ally or Investigator knows, or a Tome's",
        "lang:latin",
    ),
    SearchKey(
        "icon",
        (),
        _ENUM,
        "a Spell's icon, or one a Tome holds",
        "icon:ys",
        tuple(i.value.lower() for i in SpellIcon),
    ),
    SearchKey("v", ("value",), _NUMBER, "value (either of a Monster's two)", "v>=5"),
    SearchKey(
        "san",
        ("sanity",),
        _NUMBER,
        "Sanity pentagram (Investigator: beginning Sanity)",
        "san<0",
    ),
    SearchKey("edu", ("education",), _NUMBER, "an Investigator's Education", "edu>=15"),
    SearchKey("hand", (), _NUMBER, "an Investigator's Hand size", "hand>13"),
    SearchKey(
        "is",
        (),
        _FLAG,
        "a flag (listed below)",
        "is:unique",
        tuple(sorted(set(_FLAG_VALUES.values()))),
    ),
    SearchKey("o", ("text", "oracle"), _TEXT, "words in the card text", 'o:"bury this"'),
    SearchKey("occ", ("occupation",), _TEXT, "an Ally's occupation, whole", "occ:professor"),
    SearchKey(
        "al",
        ("allegiance",),
        _ENUM,
        "an Ally's allegiance: steadfast, corrupt",
        "al:corrupt",
        tuple(a.value.lower() for a in Allegiance),
    ),
    SearchKey(
        "rarity",
        (),
        _ENUM,
        "rarity, or its letter c u r f",
        "rarity:rare",
        tuple(r.lower() for r in _RARITIES),
    ),
    SearchKey(
        "name",
        ("title",),
        _TEXT,
        "words in the title, no typos; name= the whole title",
        "name:necro",
    ),
)

KEYS_BY_SPELLING: dict[str, SearchKey] = {spelling: key for key in SEARCH_KEYS for spelling in key.spellings}

#: Keys whose ``=`` means "the whole field" rather than the same as ``:``.
WHOLE_FIELD_KEYS = frozenset({"name"})


def find_key(spelling: str) -> SearchKey | None:
    """Gets the search key a name or alias (any case) spells, or None."""
    return KEYS_BY_SPELLING.get(spelling.lower())


# --- Help -------------------------------------------------------------------------------


def search_help() -> str:
    """Gets the whole search language as plain text: syntax, every key with aliases and example."""
    lines = [
        "Search cards by title words and KEY:VALUE terms.",
        "",
        "  dark young             title words; each must be in the title (typos forgiven",
        "                         from 4 letters on)",
        '  "dark young"           a quoted phrase in the title; quote "and", "or", "not"',
        "  t:ally  t=ally         KEY:VALUE or KEY=VALUE; keys and values ignore case",
        "  v>=5  san<0  edu!=12   numbers: = != < <= > >= (':' means '=')",
        '  st:"great old one"     quote a value with spaces, in "double" or \'single\' quotes',
        "  t:ally a:city          side by side, every term must match ('and' is optional)",
        "  t:ally or t:monster    either may match",
        "  -t:ally  not t:ally    negation: '-' right before a term or '(', or 'not'",
        "  t:ally (a:city or a:town)",
        "                         parentheses group; not binds tighter than and, and than or",
        "",
        "Text values are compared after folding case, accents and punctuation, and match",
        'the whole field unless the key says "words in". r and sr also match the first',
        "words of a Region (r:lovecraft finds Lovecraft Country). A number never matches",
        f"a card without one. A query may have {MAX_QUERY_LENGTH} characters and" + f" {MAX_DEPTH} levels of nesting.",
        "",
        "Keys (name and aliases, example, what it matches):",
    ]
    for key in SEARCH_KEYS:
        lines.append(f"  {', '.join(key.spellings):<20} {key.example:<22} {key.description}")
    lines += [
        "",
        "Values:",
        "  t:    adventure ally artifact event investigator location monster spell tome",
        "        (plurals too: allies, locations...)",
        '  icon: water death cthulhu "yellow sign" (yellow, ys) folk eye dream',
        "  pub:  water forest cemetery inside outside (or w f c i o)",
        "  rarity: common uncommon rare fixed investigator (or c u r f)",
        "  set:  ltd (limited) eomu (b1) cr (b2) lotn (b3) msgs (standard) drm (dreamlands)",
        "        nae (new aeon) pr (promo) sd (scooby) movieland rp (repointed) sample,",
        "        or a set's full name",
        "  is:   unique gate goo official fan repointed (rp) steadfast corrupt island (a:island)",
        "        exotic (an Exotic Location) errata (changed by errata)",
        "        owned (a title in your collection: mythos collection import FILE)",
    ]
    return "\n".join(lines)
