"""Where and how a card can be played: Locations, Regions, Dimensions, travel and readers.

The rules engine (:mod:`deckbuilder.rules.engine`) and the playability analysis
(:mod:`deckbuilder.rules.playability`) share everything here, so each rule lives in one place.
A deck's cards are read once into :class:`Profile` values ("play profiles"): bit masks of
attributes and languages, interned Regions and subregions, parsed travel and summoning
requirements. The predicates then cost a few integer operations each.

This package's ``__init__`` exports every name; its modules are :mod:`~.profiles` (the
:class:`Vocabulary` and the values a card is read into), :mod:`~.reading` (card text into
profiles) and :mod:`~.predicates` (where a card can be played from).

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N") and
``mythos-errata-rulings.txt`` ("rulings l.N"), 1-based as ``grep -n`` prints them.

Card text read here (special effects beyond the rulebook; everything else is ignored):

- Travel Events: "Immediately play" (arrive on the same Turn) versus "On a following Turn";
  "same Region" / "different Region" / "either" / "any Region"; "at a Location featuring the
  Water attribute" (added to every Travel by Sea Event by rulings l.87); "only at a Space or
  Outside Location"; "new ... Location featuring the Water attribute" / "new Space or Outside
  Location"; "(including Space)"; "or Dimension"; "(except Exotic)"; "You must have X in play";
  "play any Ally card that could be played in this Region" (Train, Hitch a Ride).
- Locations: "May use this Gate more than once" (unconditional only); "May play this card in any
  Dimension"; "only if your Current Location is Underground"; "You must walk out of"; "X must be
  your Current Location to play this card"; "You may walk to X"; "walk to any Underworld
  Location"; "You must Travel by Air to reach/play"; "must use a Travel by Sea Event to reach";
  "There must be a Star Event in play"; "all three pieces of the R'lyeh Disk"; "fulfills the X
  requirement for playing" (a Great Old One).
- Allies and Artifacts: "Can know any one/two Spell(s)" (a Spell holder, rulebook l.170, l.187);
  an Artifact that "Knows" languages reads Tomes (The Brazen Head, Laptop Computer); "Give this
  card to an Ally" (rulebook l.185).
- Monsters: "Joins ..." (names, plurals, Monster classes, "any other Monster"); Cthulhu's "All
  Monsters may Join".
- Events: the Instant / Persistent lists of rulings l.43 and l.47; "This is an Eclipse card"
  (rulings l.123, l.178); an Affects line naming only an opponent; "play an Ally who would not
  normally come from this Location" (Surprise Meeting).
- Allies: "can be played in the Dreamlands or in the Waking World" (Randolph Carter).
- Any card: text that crosses Regions or Dimensions by a use (The Silver Key, Time Machine,
  Anti-Gravity Harness), named by the playability analysis; the engine plays the use through
  :mod:`deckbuilder.rules.effects`.
"""

from __future__ import annotations

from deckbuilder.rules.places.predicates import (
    can_read,
    dimension_ok,
    place_matches,
    region_matches,
    travel_can_leave,
    travel_reaches,
    walk_step,
)
from deckbuilder.rules.places.profiles import (
    AIR,
    ANY_DIMENSION,
    DIMENSION_NAMES,
    DIMENSIONS,
    EXOTIC_REGION,
    KNOWN_REGIONS,
    LAND,
    SEA,
    SPACE,
    SPECIAL,
    TRAVEL_MODE_NAMES,
    UNDERWATER,
    Kind,
    LocationInfo,
    Mask,
    PlaceAlt,
    PlaceRequirement,
    Profile,
    Scope,
    Step,
    SummonRequirement,
    TravelInfo,
    Vocabulary,
    fold_word,
    singular,
    title_key,
)
from deckbuilder.rules.places.reading import (
    PERSISTENT_TOPIC,
    AllyJoin,
    ally_joins,
    card_dimension,
    icon_bits,
    icon_names,
    join_targets,
    monster_joins,
    read_ally_join,
    read_location,
    read_place,
    read_profile,
    read_summon,
    read_travel,
    sanity_change,
    satisfies_summon,
    spell_capacity,
    text_languages,
    travel_location,
)

__all__ = [
    "AIR",
    "AllyJoin",
    "ANY_DIMENSION",
    "DIMENSIONS",
    "DIMENSION_NAMES",
    "EXOTIC_REGION",
    "KNOWN_REGIONS",
    "Kind",
    "LAND",
    "LocationInfo",
    "Mask",
    "PERSISTENT_TOPIC",
    "PlaceAlt",
    "PlaceRequirement",
    "Profile",
    "SEA",
    "SPACE",
    "SPECIAL",
    "Scope",
    "Step",
    "SummonRequirement",
    "TRAVEL_MODE_NAMES",
    "TravelInfo",
    "UNDERWATER",
    "Vocabulary",
    "ally_joins",
    "can_read",
    "card_dimension",
    "dimension_ok",
    "fold_word",
    "icon_bits",
    "icon_names",
    "join_targets",
    "monster_joins",
    "place_matches",
    "read_ally_join",
    "read_location",
    "read_place",
    "read_profile",
    "read_summon",
    "read_travel",
    "region_matches",
    "sanity_change",
    "satisfies_summon",
    "singular",
    "spell_capacity",
    "text_languages",
    "title_key",
    "travel_can_leave",
    "travel_location",
    "travel_reaches",
    "walk_step",
]
