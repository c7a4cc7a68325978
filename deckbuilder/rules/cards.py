"""Cards as a player reasons about them: types, Gates, Sanity, Regions and the rest.

Everything here is pure and stdlib-only. A :class:`Card` is a frozen value; the importers
build the printed card, :mod:`deckbuilder.rules.errata` turns it into the card as it plays
today, and storage keeps both.

Vocabulary follows the New Æon rulebook ("The Cards", "Card Types") and the rulings
document; where the community transcriptions spell a word differently they are mapped to
these names at the import edge.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Any, TypeAlias

#: A card's catalog key, stable across rebuilds: ``SET:slug`` plus ``#N`` for repeats.
CardKey: TypeAlias = str


class CardType(StrEnum):
    """The card types of the rulebook ("TYPE: One of the eight kinds of playing cards"),
    plus the Investigator card."""

    ADVENTURE = "Adventure"
    ALLY = "Ally"
    ARTIFACT = "Artifact"
    EVENT = "Event"
    INVESTIGATOR = "Investigator"
    LOCATION = "Location"
    MONSTER = "Monster"
    SPELL = "Spell"
    TOME = "Tome"


class Dimension(StrEnum):
    """The three Dimensions (rulebook, "DIMENSION"). Waking World cards have no indicator."""

    WAKING_WORLD = "Waking World"
    DREAMLANDS = "Dreamlands"
    NEW_AEON = "New Æon"


class PublicAttribute(StrEnum):
    """The five Public Attributes (rulebook, "Attributes")."""

    WATER = "Water"
    FOREST = "Forest"
    CEMETERY = "Cemetery"
    INSIDE = "Inside"
    OUTSIDE = "Outside"


class SpellIcon(StrEnum):
    """The Spell icons matched between Spells and Tomes (rulebook, "Spell cards")."""

    WATER = "Water"
    DEATH = "Death"
    CTHULHU = "Cthulhu"
    YELLOW_SIGN = "Yellow Sign"
    FOLK = "Folk"
    EYE = "Eye"
    DREAM = "Dream"


class Allegiance(StrEnum):
    """Allies are always Steadfast or Corrupt (rulebook, "Ally cards")."""

    STEADFAST = "Steadfast"
    CORRUPT = "Corrupt"


class Legality(StrEnum):
    """What a set is: Chaosium's own cards, a fan-made set, or community re-pointed cards."""

    OFFICIAL = "official"
    FAN = "fan"
    REPOINTED = "repointed"


class LanguageRule(StrEnum):
    """How a Tome's languages combine (rulebook, "Tomes"): ``Greek & Latin`` needs readers
    of both; ``Atlantean or Hyperborean`` needs one."""

    ALL_OF = "all"
    ONE_OF = "any"


#: Monster subtypes that are Great Old Ones or Outer Gods ("GOO", rulebook "Monster cards").
GOO_CLASSES = frozenset({"Great Old One", "Outer God"})

#: The five Summon/Control Monster classes of the rulebook ("Summon/Control Spells").
MONSTER_CLASSES = (
    "Living Dead",
    "Lesser Independent",
    "Greater Independent",
    "Lesser Servitor",
    "Greater Servitor",
    "Great Old One",
    "Outer God",
)

#: Sets, in publication order: code, name, legality. The Standard Game's two decks are one set.
SETS: dict[str, tuple[str, Legality]] = {
    "LTD": ("Limited Edition", Legality.OFFICIAL),
    "EOMU": ("Expeditions of Miskatonic University", Legality.OFFICIAL),
    "CR": ("Cthulhu Rising", Legality.OFFICIAL),
    "LOTN": ("Legends of the Necronomicon", Legality.OFFICIAL),
    "MSGS": ("Standard Game Set", Legality.OFFICIAL),
    "DRM": ("Dreamlands", Legality.OFFICIAL),
    "NAE": ("New Æon", Legality.OFFICIAL),
    "PR": ("Promo", Legality.OFFICIAL),
    "SD": ("Scooby Doo (parody)", Legality.FAN),
    "MOVIELAND": ("Movieland (fan set)", Legality.FAN),
    "RP": ("Repointed Adventures (house rule)", Legality.REPOINTED),
    "SAMPLE": ("Sample catalog (from the rulebook and rulings)", Legality.OFFICIAL),
}

_ARTICLES = ("The", "A", "An")
_INVERTED = re.compile(r"^(?P<rest>.+),\s*(?P<article>The|A|An)$")


def display_title(title: str) -> str:
    """Gets the title as printed on the card, article in front.

    >>> display_title("Athenaeum, The")
    'The Athenaeum'
    """
    title = " ".join(title.split())
    # Only a title ending in an article can match: a card's text, folded too, skips the search.
    match = _INVERTED.match(title) if title.endswith(_ARTICLES) else None
    if match:
        return f"{match['article']} {match['rest']}"
    return title


def sort_title(title: str) -> str:
    """Gets the sorting form of a title: lower case, leading article moved to the end.

    >>> sort_title("The Athenaeum")
    'athenaeum, the'
    """
    title = display_title(title)
    for article in _ARTICLES:
        if title.startswith(article + " ") and len(title) > len(article) + 1:
            return f"{title[len(article) + 1 :]}, {article}".casefold()
    return title.casefold()


_APOSTROPHES = re.compile(r"['\u2019`]")
_NOT_WORD = re.compile(r"[^0-9a-zA-Z]+")
_LIGATURES = str.maketrans({"Æ": "Ae", "æ": "ae", "Œ": "Oe", "œ": "oe"})
#: For ASCII text, what the two patterns do, byte by byte: letters and digits kept, the
#: apostrophes deleted (:data:`_ASCII_APOSTROPHES`), anything else a space (runs of spaces
#: fold to one when the words are joined).
_ASCII_WORDS = bytes(i if chr(i).isascii() and chr(i).isalnum() else 0x20 for i in range(256))
_ASCII_APOSTROPHES = b"'`"
#: A character that is not ASCII: only such a character can be a combining mark.
_NOT_ASCII = re.compile(r"[^\x00-\x7f]")


def _without_mark(match: re.Match[str]) -> str:
    """Gets a character that is not ASCII, or nothing for a combining mark (an accent)."""
    ch = match.group(0)
    return "" if unicodedata.combining(ch) else ch


@lru_cache(maxsize=16384)
def fold_title(text: str) -> str:
    """Gets the matching key of a title: display form, no accents, case or punctuation.

    ``New Aeon`` and ``New Æon`` fold alike, as do ``Ashes Ashes Azathoth`` and
    ``Ashes, Ashes, Azathoth``.

    >>> fold_title("Forgotten Crypt, The") == fold_title("the forgotten crypt")
    True
    """
    # Remembered, and plain ASCII skips the accent folding it cannot need: a catalog build
    # folds the same titles tens of thousands of times (issue 17: half of an import's time).
    text = display_title(text)
    if text.isascii():
        # The patterns below as one byte table (issue 28: a card's text, folded for search as
        # a catalog is built, took twice as long through them).
        words = text.encode("ascii").translate(_ASCII_WORDS, _ASCII_APOSTROPHES).decode("ascii")
        return " ".join(words.casefold().split())
    text = unicodedata.normalize("NFKD", text.translate(_LIGATURES))
    # The accents dropped: only the characters that are not ASCII are looked at (a card's text
    # with one "Æ" or "◆" took ten times an ASCII one's fold, a character at a time, issue 28).
    text = _NOT_ASCII.sub(_without_mark, text)
    # Apostrophes vanish rather than split words: "It's" = "Its", "Pickman's" = "Pickmans".
    text = _NOT_WORD.sub(" ", _APOSTROPHES.sub("", text))
    return " ".join(text.casefold().split())


@dataclass(frozen=True)
class Problem:
    """A value an importer kept raw because it could not interpret it."""

    field: str
    raw: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        """Gets the problem as :func:`dataclasses.asdict` does, without its generic walk (a
        catalog build writes every card's as JSON, issue 28)."""
        return {"field": self.field, "raw": self.raw, "message": self.message}


@dataclass(frozen=True)
class AppliedErratum:
    """An erratum as applied to one card: what changed, from what, to what, and why."""

    kind: str
    field: str
    before: Any
    after: Any
    note: str
    source_line: int
    reversal: bool = False
    applied: bool = True

    def to_dict(self) -> dict[str, Any]:
        """Gets the erratum as :func:`dataclasses.asdict` does: its walk (which copies a value
        that holds others) only where ``before`` or ``after`` is not a plain value."""
        if not (_plain(self.before) and _plain(self.after)):
            return dataclasses.asdict(self)
        return {
            "kind": self.kind,
            "field": self.field,
            "before": self.before,
            "after": self.after,
            "note": self.note,
            "source_line": self.source_line,
            "reversal": self.reversal,
            "applied": self.applied,
        }


def _plain(value: Any) -> bool:
    """Checks whether :func:`dataclasses.asdict` keeps a value as it is (no copy to make)."""
    return value is None or isinstance(value, (str, int, float))


@dataclass(frozen=True)
class Ruling:
    """A general ruling of the rulings document that names this card (or its subtype)."""

    topic: str
    text: str
    source_line: int

    def to_dict(self) -> dict[str, Any]:
        """Gets the ruling as :func:`dataclasses.asdict` does, without its generic walk."""
        return {"topic": self.topic, "text": self.text, "source_line": self.source_line}


@dataclass(frozen=True)
class Disagreement:
    """Where the card transcriptions read one field of a card differently, and what settles it.

    ``readings`` pairs each transcription (``gccg``, ``lackey``) with its value, as JSON
    data; ``value`` is the reading the catalog plays with. ``decided_by`` names the document
    statement that settled it (``rulebook:180``, ``rulings:201``), with its words in
    ``quote``; empty when no document settles it, and the card then shows both readings.
    """

    field: str
    readings: tuple[tuple[str, Any], ...]
    value: Any
    decided_by: str = ""
    quote: str = ""

    @property
    def decided(self) -> bool:
        """Checks whether a document statement settles the field."""
        return bool(self.decided_by)

    def reading(self, transcription: str) -> Any:
        """Gets one transcription's reading (``None`` when it has none)."""
        return next((v for t, v in self.readings if t == transcription), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "field": self.field,
            "readings": dict(self.readings),
            "value": self.value,
            "decided_by": self.decided_by or None,
            "quote": self.quote or None,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Disagreement:
        """Builds a disagreement from :meth:`to_dict` data."""
        return cls(
            field=data["field"],
            readings=tuple((str(k), v) for k, v in data.get("readings", {}).items()),
            value=data.get("value"),
            decided_by=data.get("decided_by") or "",
            quote=data.get("quote") or "",
        )


# init=False: the class writes its own __init__ (below); the dataclass's would be generated,
# compiled from source and thrown away at each start-up (issue 28).
@dataclass(frozen=True, init=False)
class Card:
    """One printing of a card, as the catalog knows it.

    Unknown fields stay ``None`` (or empty): the catalog never invents a card fact.
    ``printed`` maps each field an erratum changed to its printed value.
    """

    key: CardKey
    title: str
    set_code: str
    type: CardType | None
    printed_title: str = ""
    aliases: tuple[str, ...] = ()
    printing: int = 1
    subtype: str | None = None
    value: int | None = None
    value_text: str = ""
    value2: int | None = None
    goo: bool = False
    gate: bool = False
    unique: bool = False
    sanity: int | None = None
    sanity_text: str = ""
    sanity_colour: str | None = None
    attributes: tuple[str, ...] = ()
    public: tuple[PublicAttribute, ...] = ()
    icons: tuple[SpellIcon, ...] = ()
    region: str | None = None
    subregion: str | None = None
    dimension: Dimension | None = None
    allegiance: Allegiance | None = None
    occupations: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()
    tome_languages: tuple[str, ...] = ()
    tome_language_rule: LanguageRule | None = None
    monster_class: str | None = None
    summon: tuple[str, ...] = ()
    affects: str | None = None
    sanity_max: int | None = None
    education: int | None = None
    hand: int | None = None
    hand_min: int | None = None
    hand_max: int | None = None
    rarity: str | None = None
    artist: str | None = None
    text: str = ""
    image: str | None = None
    source: str = ""
    printed: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    errata: tuple[AppliedErratum, ...] = ()
    rulings: tuple[Ruling, ...] = ()
    problems: tuple[Problem, ...] = ()
    #: Where the sample catalog found each fact: ``"rulebook: <quote>"`` or ``"rulings:<line>"``.
    sources: tuple[str, ...] = ()
    #: The transcriptions this printing was read from (``gccg``, ``lackey``), in that order.
    transcriptions: tuple[str, ...] = ()
    #: Fields the transcriptions read differently, or a document states otherwise.
    disagreements: tuple[Disagreement, ...] = ()

    def __init__(
        self,
        key: CardKey,
        title: str,
        set_code: str,
        type: CardType | None,
        printed_title: str = "",
        aliases: tuple[str, ...] = (),
        printing: int = 1,
        subtype: str | None = None,
        value: int | None = None,
        value_text: str = "",
        value2: int | None = None,
        goo: bool = False,
        gate: bool = False,
        unique: bool = False,
        sanity: int | None = None,
        sanity_text: str = "",
        sanity_colour: str | None = None,
        attributes: tuple[str, ...] = (),
        public: tuple[PublicAttribute, ...] = (),
        icons: tuple[SpellIcon, ...] = (),
        region: str | None = None,
        subregion: str | None = None,
        dimension: Dimension | None = None,
        allegiance: Allegiance | None = None,
        occupations: tuple[str, ...] = (),
        languages: tuple[str, ...] = (),
        tome_languages: tuple[str, ...] = (),
        tome_language_rule: LanguageRule | None = None,
        monster_class: str | None = None,
        summon: tuple[str, ...] = (),
        affects: str | None = None,
        sanity_max: int | None = None,
        education: int | None = None,
        hand: int | None = None,
        hand_min: int | None = None,
        hand_max: int | None = None,
        rarity: str | None = None,
        artist: str | None = None,
        text: str = "",
        image: str | None = None,
        source: str = "",
        printed: dict[str, Any] | None = None,
        errata: tuple[AppliedErratum, ...] = (),
        rulings: tuple[Ruling, ...] = (),
        problems: tuple[Problem, ...] = (),
        sources: tuple[str, ...] = (),
        transcriptions: tuple[str, ...] = (),
        disagreements: tuple[Disagreement, ...] = (),
    ) -> None:
        """Makes a card from its fields, as the dataclass's generated ``__init__`` would.

        Written out because the compiled core compiles it: there each
        ``object.__setattr__`` on a field is a native store, and a card costs well under a
        microsecond to make, against 12-16 us for the generated ``__init__`` (Python calling
        ``object.__setattr__`` 48 times; some 2,700 cards made an import, issue 28). Pure
        Python runs the same stores as the generated one. ``printed`` left out is a new
        empty dict, as its ``default_factory`` gave.
        """
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "title", title)
        object.__setattr__(self, "set_code", set_code)
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "printed_title", printed_title)
        object.__setattr__(self, "aliases", aliases)
        object.__setattr__(self, "printing", printing)
        object.__setattr__(self, "subtype", subtype)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "value_text", value_text)
        object.__setattr__(self, "value2", value2)
        object.__setattr__(self, "goo", goo)
        object.__setattr__(self, "gate", gate)
        object.__setattr__(self, "unique", unique)
        object.__setattr__(self, "sanity", sanity)
        object.__setattr__(self, "sanity_text", sanity_text)
        object.__setattr__(self, "sanity_colour", sanity_colour)
        object.__setattr__(self, "attributes", attributes)
        object.__setattr__(self, "public", public)
        object.__setattr__(self, "icons", icons)
        object.__setattr__(self, "region", region)
        object.__setattr__(self, "subregion", subregion)
        object.__setattr__(self, "dimension", dimension)
        object.__setattr__(self, "allegiance", allegiance)
        object.__setattr__(self, "occupations", occupations)
        object.__setattr__(self, "languages", languages)
        object.__setattr__(self, "tome_languages", tome_languages)
        object.__setattr__(self, "tome_language_rule", tome_language_rule)
        object.__setattr__(self, "monster_class", monster_class)
        object.__setattr__(self, "summon", summon)
        object.__setattr__(self, "affects", affects)
        object.__setattr__(self, "sanity_max", sanity_max)
        object.__setattr__(self, "education", education)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "hand_min", hand_min)
        object.__setattr__(self, "hand_max", hand_max)
        object.__setattr__(self, "rarity", rarity)
        object.__setattr__(self, "artist", artist)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "image", image)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "printed", {} if printed is None else printed)
        object.__setattr__(self, "errata", errata)
        object.__setattr__(self, "rulings", rulings)
        object.__setattr__(self, "problems", problems)
        object.__setattr__(self, "sources", sources)
        object.__setattr__(self, "transcriptions", transcriptions)
        object.__setattr__(self, "disagreements", disagreements)

    @property
    def set_name(self) -> str:
        """Gets the set's full name."""
        return SETS.get(self.set_code, (self.set_code, Legality.OFFICIAL))[0]

    @property
    def legality(self) -> Legality:
        """Gets whether the card is official, fan-made or a re-pointed house-rule card."""
        return SETS.get(self.set_code, (self.set_code, Legality.OFFICIAL))[1]

    @property
    def is_official(self) -> bool:
        return self.legality is Legality.OFFICIAL

    def disagreement(self, field_name: str) -> Disagreement | None:
        """Gets the disagreement about one field, if the transcriptions or a document differ on it."""
        return next((d for d in self.disagreements if d.field == field_name), None)

    @property
    def spell_icon(self) -> SpellIcon | None:
        """Gets a Spell's one icon (a Spell is coded with one Spell icon)."""
        if self.type is CardType.SPELL and self.icons:
            return self.icons[0]
        return None

    def replace(self, **changes: Any) -> Card:
        """Gets a copy with some fields changed, as :func:`dataclasses.replace` does.

        Pure Python copies the fields as they are and sets the changed ones, a tenth of the
        time of the dataclass's frozen ``__init__`` (which sets every field with
        ``object.__setattr__``; a catalog build replaces each card at least once, issue 28):
        ``Card`` checks nothing as it is made, so the copy is the card ``__init__`` would
        make. A compiled core (no ``__dict__``) calls ``Card`` with every field
        (:meth:`_copy_with`); a name that is no field, or a subclass, goes through
        :func:`dataclasses.replace`.
        """
        if not changes.keys() <= _CARD_FIELDS or type(self) is not Card:
            return dataclasses.replace(self, **changes)
        if not hasattr(self, "__dict__"):
            return self._copy_with(changes)
        copy: Card = object.__new__(type(self))
        state = vars(copy)
        state.update(vars(self))
        state.update(changes)
        return copy

    def same_but_transcriptions(self, other: Card) -> bool:
        """Checks whether ``other`` has every field of this card (``printed`` too, which ``==``
        leaves out) but perhaps ``transcriptions``: the test a build makes of each printed
        card against its catalog card, to write their JSON once (issue 28): a copy without
        the transcriptions and the dataclass's generated ``__eq__`` (a tuple of 47 fields a
        side) took half the time of the JSON they saved."""
        return (
            self.key == other.key
            and self.title == other.title
            and self.set_code == other.set_code
            and self.type == other.type
            and self.printed_title == other.printed_title
            and self.aliases == other.aliases
            and self.printing == other.printing
            and self.subtype == other.subtype
            and self.value == other.value
            and self.value_text == other.value_text
            and self.value2 == other.value2
            and self.goo == other.goo
            and self.gate == other.gate
            and self.unique == other.unique
            and self.sanity == other.sanity
            and self.sanity_text == other.sanity_text
            and self.sanity_colour == other.sanity_colour
            and self.attributes == other.attributes
            and self.public == other.public
            and self.icons == other.icons
            and self.region == other.region
            and self.subregion == other.subregion
            and self.dimension == other.dimension
            and self.allegiance == other.allegiance
            and self.occupations == other.occupations
            and self.languages == other.languages
            and self.tome_languages == other.tome_languages
            and self.tome_language_rule == other.tome_language_rule
            and self.monster_class == other.monster_class
            and self.summon == other.summon
            and self.affects == other.affects
            and self.sanity_max == other.sanity_max
            and self.education == other.education
            and self.hand == other.hand
            and self.hand_min == other.hand_min
            and self.hand_max == other.hand_max
            and self.rarity == other.rarity
            and self.artist == other.artist
            and self.text == other.text
            and self.image == other.image
            and self.source == other.source
            and self.printed == other.printed
            and self.errata == other.errata
            and self.rulings == other.rulings
            and self.problems == other.problems
            and self.sources == other.sources
            and self.disagreements == other.disagreements
        )

    def _copy_with(self, changes: dict[str, Any]) -> Card:
        """Gets a copy with some fields changed, each field named once: what
        :func:`dataclasses.replace` makes, without its walk over the fields' descriptions and
        a call by keyword (in the compiled core that walk took 30-45 us a card, 20 times the
        pure copy; a GCCG import replaces 1,581 cards, issue 28)."""
        get = changes.get
        return Card(
            key=get("key", self.key),
            title=get("title", self.title),
            set_code=get("set_code", self.set_code),
            type=get("type", self.type),
            printed_title=get("printed_title", self.printed_title),
            aliases=get("aliases", self.aliases),
            printing=get("printing", self.printing),
            subtype=get("subtype", self.subtype),
            value=get("value", self.value),
            value_text=get("value_text", self.value_text),
            value2=get("value2", self.value2),
            goo=get("goo", self.goo),
            gate=get("gate", self.gate),
            unique=get("unique", self.unique),
            sanity=get("sanity", self.sanity),
            sanity_text=get("sanity_text", self.sanity_text),
            sanity_colour=get("sanity_colour", self.sanity_colour),
            attributes=get("attributes", self.attributes),
            public=get("public", self.public),
            icons=get("icons", self.icons),
            region=get("region", self.region),
            subregion=get("subregion", self.subregion),
            dimension=get("dimension", self.dimension),
            allegiance=get("allegiance", self.allegiance),
            occupations=get("occupations", self.occupations),
            languages=get("languages", self.languages),
            tome_languages=get("tome_languages", self.tome_languages),
            tome_language_rule=get("tome_language_rule", self.tome_language_rule),
            monster_class=get("monster_class", self.monster_class),
            summon=get("summon", self.summon),
            affects=get("affects", self.affects),
            sanity_max=get("sanity_max", self.sanity_max),
            education=get("education", self.education),
            hand=get("hand", self.hand),
            hand_min=get("hand_min", self.hand_min),
            hand_max=get("hand_max", self.hand_max),
            rarity=get("rarity", self.rarity),
            artist=get("artist", self.artist),
            text=get("text", self.text),
            image=get("image", self.image),
            source=get("source", self.source),
            printed=get("printed", self.printed),
            errata=get("errata", self.errata),
            rulings=get("rulings", self.rulings),
            problems=get("problems", self.problems),
            sources=get("sources", self.sources),
            transcriptions=get("transcriptions", self.transcriptions),
            disagreements=get("disagreements", self.disagreements),
        )

    def to_dict(self) -> dict[str, Any]:
        """Gets the card as plain JSON-ready data (the shape of ``mythos card --json``)."""
        return {
            "key": self.key,
            "title": self.title,
            "printed_title": self.printed_title or self.title,
            "aliases": list(self.aliases),
            "set": self.set_code,
            "set_name": self.set_name,
            "legality": self.legality.value,
            "printing": self.printing,
            "type": self.type.value if self.type else None,
            "subtype": self.subtype,
            "value": self.value,
            "value_text": self.value_text,
            "value2": self.value2,
            "goo": self.goo,
            "gate": self.gate,
            "unique": self.unique,
            "sanity": self.sanity,
            "sanity_colour": self.sanity_colour,
            "attributes": list(self.attributes),
            "public": [p.value for p in self.public],
            "icons": [i.value for i in self.icons],
            "region": self.region,
            "subregion": self.subregion,
            "dimension": self.dimension.value if self.dimension else None,
            "allegiance": self.allegiance.value if self.allegiance else None,
            "occupations": list(self.occupations),
            "languages": list(self.languages),
            "tome_languages": list(self.tome_languages),
            "tome_language_rule": self.tome_language_rule.value if self.tome_language_rule else None,
            "monster_class": self.monster_class,
            "summon": list(self.summon),
            "affects": self.affects,
            "sanity_max": self.sanity_max,
            "education": self.education,
            "hand": self.hand,
            "hand_min": self.hand_min,
            "hand_max": self.hand_max,
            "rarity": self.rarity,
            "artist": self.artist,
            "text": self.text,
            "image": self.image,
            "source": self.source,
            "printed": dict(self.printed),
            "errata": [e.to_dict() for e in self.errata],
            "rulings": [r.to_dict() for r in self.rulings],
            "problems": [p.to_dict() for p in self.problems],
            "sources": list(self.sources),
            "transcriptions": list(self.transcriptions),
            "disagreements": [d.to_dict() for d in self.disagreements],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Card:
        """Builds a card from :meth:`to_dict` data (the catalog stores cards this way)."""

        def opt(enum: Any, value: Any) -> Any:
            return enum(value) if value not in (None, "") else None

        return cls(
            key=data["key"],
            title=data["title"],
            printed_title=data.get("printed_title") or data["title"],
            aliases=tuple(data.get("aliases", ())),
            set_code=data["set"],
            printing=data.get("printing", 1),
            type=opt(CardType, data.get("type")),
            subtype=data.get("subtype"),
            value=data.get("value"),
            value_text=data.get("value_text", ""),
            value2=data.get("value2"),
            goo=data.get("goo", False),
            gate=data.get("gate", False),
            unique=data.get("unique", False),
            sanity=data.get("sanity"),
            sanity_text=data.get("sanity_text", ""),
            sanity_colour=data.get("sanity_colour"),
            attributes=tuple(data.get("attributes", ())),
            public=tuple(PublicAttribute(p) for p in data.get("public", ())),
            icons=tuple(SpellIcon(i) for i in data.get("icons", ())),
            region=data.get("region"),
            subregion=data.get("subregion"),
            dimension=opt(Dimension, data.get("dimension")),
            allegiance=opt(Allegiance, data.get("allegiance")),
            occupations=tuple(data.get("occupations", ())),
            languages=tuple(data.get("languages", ())),
            tome_languages=tuple(data.get("tome_languages", ())),
            tome_language_rule=opt(LanguageRule, data.get("tome_language_rule")),
            monster_class=data.get("monster_class"),
            summon=tuple(data.get("summon", ())),
            affects=data.get("affects"),
            sanity_max=data.get("sanity_max"),
            education=data.get("education"),
            hand=data.get("hand"),
            hand_min=data.get("hand_min"),
            hand_max=data.get("hand_max"),
            rarity=data.get("rarity"),
            artist=data.get("artist"),
            text=data.get("text", ""),
            image=data.get("image"),
            source=data.get("source", ""),
            printed=dict(data.get("printed", {})),
            errata=tuple(AppliedErratum(**e) for e in data.get("errata", ())),
            rulings=tuple(Ruling(**r) for r in data.get("rulings", ())),
            problems=tuple(Problem(**p) for p in data.get("problems", ())),
            sources=tuple(data.get("sources", ())),
            transcriptions=tuple(data.get("transcriptions", ())),
            disagreements=tuple(Disagreement.from_dict(d) for d in data.get("disagreements", ())),
        )


#: The names of a card's fields, which :meth:`Card.replace` may change.
_CARD_FIELDS: frozenset[str] = frozenset(f.name for f in dataclasses.fields(Card))
