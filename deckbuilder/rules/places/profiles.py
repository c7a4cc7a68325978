"""The values a card is read into: the names interned per deck and each card's play profile.

A :class:`Vocabulary` turns attributes, languages, Regions, subregions and titles into bits and
small ints; a :class:`Profile` holds what one card needs and does when played, with the
:class:`LocationInfo`, :class:`TravelInfo`, :class:`PlaceRequirement` and
:class:`SummonRequirement` read from its text (:mod:`~deckbuilder.rules.places.reading`).

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N") and
``mythos-errata-rulings.txt`` ("rulings l.N"), 1-based as ``grep -n`` prints them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final

from deckbuilder.rules.cards import Dimension, fold_title

#: A bit mask over a :class:`Vocabulary`'s attribute or language bits.
Mask = int

#: Dimension numbers (``ANY``: a card without a Dimension Indicator, rulebook l.134).
ANY_DIMENSION: Final = -1
DIMENSIONS: tuple[Dimension, ...] = (Dimension.WAKING_WORLD, Dimension.DREAMLANDS, Dimension.NEW_AEON)
DIMENSION_NAMES = {d: i for i, d in enumerate(DIMENSIONS)}

#: The Region colour bars of every Mythos game (rulebook l.217, back cover), folded.
KNOWN_REGIONS = frozenset(
    fold_title(r)
    for r in (
        "Lovecraft Country",
        "Europe",
        "Middle East",
        "South Pacific",
        "New Æon",
        "The West",
        "The East",
        "The North",
        "The South",
        "The Underworld",
        "Scoobydoo Country",
    )
)
EXOTIC_REGION = fold_title("Exotic Location")

# Travel modes (the Travel Event subtypes, rulebook l.259-263).
LAND, AIR, SEA, SPACE, UNDERWATER, SPECIAL = 1, 2, 4, 8, 16, 32
TRAVEL_MODE_NAMES = {
    LAND: "Travel by Land",
    AIR: "Travel by Air",
    SEA: "Travel by Sea",
    SPACE: "Travel in Space",
    UNDERWATER: "Travel Underwater",
    SPECIAL: "special travel",
}


class Kind(IntEnum):
    """What a card does when played: the engine dispatches on this."""

    LOCATION = 0
    ALLY = 1
    TOME = 2
    ARTIFACT = 3
    SPELL = 4
    MONSTER = 5
    GOO = 6
    TRAVEL = 7
    THREAT_EVENT = 8
    EVENT = 9
    ADVENTURE = 10
    OTHER = 11


class Scope(IntEnum):
    """Which Regions a Travel Event may take you to."""

    SAME = 0
    DIFFERENT = 1
    ANY = 2


class Step(IntEnum):
    """How a new Location may be played from the Current Location (rulebook l.239-249)."""

    NONE = 0
    WALK = 1
    ARRIVE = 2


def fold_word(text: str) -> str:
    """Gets the matching form of an attribute or name; fixes the data's known misspellings
    (``Cemetary``)."""
    folded = fold_title(text)
    return {"cemetary": "cemetery", "dreamland": "dreamlands"}.get(folded, folded)


def title_key(text: str) -> str:
    """Gets the matching form of a title, without a leading article ("The Basalt Pillars of the
    West" and "Basalt Pillars of the West" match)."""
    folded = fold_title(text)
    for article in ("the ", "a ", "an "):
        if folded.startswith(article) and len(folded) > len(article):
            return folded[len(article) :]
    return folded


def singular(word: str) -> str:
    """Gets a rough singular of a folded name, word by word ("deep ones" -> "deep one")."""
    out = []
    for w in word.split():
        if len(w) > 4 and w.endswith("ies"):
            w = w[:-3] + "y"
        elif len(w) > 4 and w.endswith("ae") or len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        out.append(w)
    return " ".join(out)


class Vocabulary:
    """Interns names into bits and small ints for one deck (or one analysis)."""

    def __init__(self) -> None:
        self._attrs: dict[str, int] = {}
        #: attr()'s answers by the name as given: each name folded once, not at every question
        #: (the match asks at each Turn where a Phobia strikes at a kind of Location).
        self._attr_asked: dict[str, int] = {}
        self._langs: dict[str, int] = {}
        self._regions: dict[str, int] = {}
        self._subregions: dict[str, int] = {}
        self._titles: dict[str, int] = {}
        self.region_names: list[str] = []
        self.subregion_names: list[str] = []
        self.title_names: list[str] = []
        self.lang_names: list[str] = []
        self.attr_names: list[str] = []
        for name in (
            "Gate",
            "Past",
            "Inside",
            "Outside",
            "Water",
            "Forest",
            "Cemetery",
            "City",
            "Country",
            "Island",
            "Space",
            "Underwater",
            "Underground",
            "Tome",
            "Artifact",
        ):
            self.attr(name)

    def attr(self, name: str) -> Mask:
        """Gets the bit of an attribute (Location attributes and Public Attributes share bits)."""
        bit = self._attr_asked.get(name)
        if bit is None:
            key = fold_word(name)
            bit = self._attrs.get(key)
            if bit is None:
                bit = self._attrs[key] = 1 << len(self._attrs)
                self.attr_names.append(name)
            self._attr_asked[name] = bit
        return bit

    def attrs(self, names: Iterable[str]) -> Mask:
        mask = 0
        for n in names:
            mask |= self.attr(n)
        return mask

    def attr_words(self, mask: Mask) -> list[str]:
        """Gets the attribute names of a mask, for messages."""
        return [n for i, n in enumerate(self.attr_names) if mask >> i & 1]

    def lang(self, name: str) -> Mask:
        """Gets the bit of a language; ``All`` (a card that knows every language) is ``-1``."""
        key = fold_word(name)
        if key == "all":
            return -1
        bit = self._langs.get(key)
        if bit is None:
            bit = self._langs[key] = 1 << len(self._langs)
            self.lang_names.append(name)
        return bit

    def langs(self, names: Iterable[str]) -> Mask:
        mask = 0
        for n in names:
            mask |= self.lang(n)
        return mask

    def lang_words(self, mask: Mask) -> list[str]:
        return [n for i, n in enumerate(self.lang_names) if mask >> i & 1]

    def region(self, name: str) -> int:
        key = fold_word(name)
        rid = self._regions.get(key)
        if rid is None:
            rid = self._regions[key] = len(self._regions)
            self.region_names.append(name)
        return rid

    def subregion(self, name: str) -> int:
        key = fold_word(name)
        sid = self._subregions.get(key)
        if sid is None:
            sid = self._subregions[key] = len(self._subregions)
            self.subregion_names.append(name)
        return sid

    def title(self, name: str) -> int:
        key = title_key(name)
        tid = self._titles.get(key)
        if tid is None:
            tid = self._titles[key] = len(self._titles)
            self.title_names.append(name)
        return tid

    def known_title(self, name: str) -> int:
        """Gets a title's id, or -1 when no card of the deck has it."""
        return self._titles.get(title_key(name), -1)


# --------------------------------------------------------------------------------------
# Profiles


@dataclass(frozen=True, slots=True)
class LocationInfo:
    """A Location, or a Travel Event serving as one (rulings l.73), as the rules see it."""

    region: int
    subregion: int
    dim: int
    attrs: Mask
    #: Public Attributes while Walking: Inside becomes Outside (rulebook l.239).
    walking_attrs: Mask
    exotic: bool = False
    island: bool = False
    city: bool = False
    country: bool = False
    #: Can it be the first Location (rulings l.69: not Exotic, no Travel or special requirement)?
    first_ok: bool = True
    #: Travel modes that can reach it; 0 = any mode (subject to Island rules).
    reach_modes: int = 0
    #: Travel modes that may leave it (Exotic Locations: rulebook l.263).
    leave_modes: int = 0
    #: Walk in from a Location with all these attributes (N'kai: Underground).
    walk_from_attrs: Mask = 0
    #: Walk in from these titles (Splendid Cathuria from the Basalt Pillars of the West).
    walk_from_titles: frozenset[int] = frozenset()
    #: Titles and Regions this Location may walk to despite Exotic/Region rules.
    walk_to_titles: frozenset[int] = frozenset()
    walk_to_regions: frozenset[int] = frozenset()
    #: "You must walk out of N'kai": walking out to its Dimension's Locations.
    walk_out: bool = False
    any_dimension: bool = False
    gate_reuse: bool = False
    #: Event subtypes one of which must be in play to play it (Kadath: a Star).
    needs_event_subtypes: frozenset[str] = frozenset()
    #: Title words that N different cards in play must carry (R'lyeh: three R'lyeh Disk pieces).
    needs_pieces: tuple[str, int] | None = None
    #: Languages the Investigator or an Ally must know to play it (Al-Azhar University: Arabic).
    needs_langs: Mask = 0


@dataclass(frozen=True, slots=True)
class TravelInfo:
    """A Travel Event's reading (rulebook l.208, l.257-265; rulings l.87-89)."""

    modes: int
    immediate: bool
    scope: Scope
    origin_water: bool = False
    #: The origin must have one of these attributes (Shuttle Icarus: Space or Outside).
    origin_any: Mask = 0
    #: The destination must have all of these (Water) / one of these (Space or Outside).
    dest_all: Mask = 0
    dest_any: Mask = 0
    islands_ok: bool = False
    exotic_ok: bool = True
    any_dimension: bool = False
    #: While this Travel Event is your Current Location, one Ally of this Region may be played.
    ally_stop: bool = False
    #: The destination may have none of these (a Shantak's "except Underground").
    dest_none: Mask = 0


@dataclass(frozen=True, slots=True)
class PlaceAlt:
    """One way an Ally's Region bar can be met: a subregion, a Region, attributes."""

    region: int = -1
    subregion: int = -1
    need: Mask = 0
    forbid: Mask = 0
    exotic: bool = False


@dataclass(frozen=True, slots=True)
class PlaceRequirement:
    """Where an Ally is found (rulebook l.84, l.160-164): any one alternative, in one of
    ``dims`` (its own Dimension; Randolph Carter of the Dreamlands set says "can be played in
    the Dreamlands or in the Waking World")."""

    dims: tuple[int, ...]
    alts: tuple[PlaceAlt, ...]
    #: Words a player reads ("an Arkham Location", "a City Location in Europe").
    words: str
    past: bool = False


@dataclass(frozen=True, slots=True)
class SummonRequirement:
    """One of a Great Old One's two requirement cards (rulebook l.282).

    ``attrs``/``dim`` for a Location requirement met by the Current Location ("Space Location");
    ``key`` is the folded requirement, matched against cards in play by title, Event subtype,
    "This is an X card", title words, or a card that "fulfills the X requirement".
    """

    text: str
    key: str
    is_location: bool
    attrs: Mask = 0
    dim: int = ANY_DIMENSION


@dataclass(frozen=True, slots=True)
class Profile:
    """What one card needs and does when played, precomputed once per deck."""

    kind: Kind
    title: int
    cost: int
    dim: int = ANY_DIMENSION
    loc: LocationInfo | None = None
    travel: TravelInfo | None = None
    place: PlaceRequirement | None = None
    langs: Mask = 0
    tome_langs: Mask = 0
    tome_all: bool = True
    icons: int = 0
    capacity: int = 0
    weapon: bool = False
    needs_ally: bool = False
    #: An Ally that may later take one Artifact from the Hand at any Location (rulebook l.185).
    holds_artifact: bool = False
    #: An Ally that may later take one Tome from the Hand at any Location (rulebook l.185, l.324).
    holds_tome: bool = False
    cultist: bool = False
    persistent: bool = False
    needs_opponent: bool = False
    #: Aimed at a card of an opponent's in play (an Ally, an Artifact, the Threat...), not at his
    #: Investigator, Hand or Mythos Deck: an opponent who plays nothing offers no target.
    opponent_card: bool = False
    needs_titles: tuple[int, ...] = ()
    summon: tuple[SummonRequirement, ...] = ()
    value: int = 0
    gain: int = 0
    subtype: str = ""
    all_monsters_join: bool = False
    #: Parsed "Joins ..." targets: folded singular names, Monster classes, or "*" for any; an
    #: Ally's: Ally titles and kinds of Ally (``reading.read_ally_join``).
    join_targets: tuple[str, ...] = ()
    #: An Ally that Joins only while the Current Location is in this Dimension (Randolph Carter).
    join_dim: int = ANY_DIMENSION
    #: An Ally played only with (Joined to) a card of this title, or while one is in play (-1: any).
    only_with: int = -1
    #: Requirement keys this card fulfills ("space", "blackout", "eclipse").
    fulfills: frozenset[str] = field(default_factory=frozenset)
    #: An Event that plays an Ally "who would not normally come from this Location" (Surprise
    #: Meeting): any Region, not another time or Dimension.
    ally_anywhere: bool = False
    #: Card text says it can take you to another Region / Dimension by a use (The Silver Key, Time
    #: Machine, Anti-Gravity Harness...): the engine plays the use (:mod:`deckbuilder.rules.effects`),
    #: the playability analysis only names it.
    crosses_regions: bool = False
    crosses_dimensions: bool = False
