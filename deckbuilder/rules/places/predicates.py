"""Where a card can be played from: the predicates the engine and the playability analysis share.

Each takes values read once per deck (:mod:`~deckbuilder.rules.places.profiles`) and costs a few
integer operations: an Ally's place against where you are, walking from one Location to the
next, where a Travel Event may leave from and take you, a Tome's readers, a Dimension Indicator.

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N") and
``mythos-errata-rulings.txt`` ("rulings l.N"), 1-based as ``grep -n`` prints them.
"""

from __future__ import annotations

from deckbuilder.rules.places.profiles import (
    ANY_DIMENSION,
    LocationInfo,
    Mask,
    PlaceRequirement,
    Profile,
    Scope,
    Step,
    TravelInfo,
)


def place_matches(req: PlaceRequirement, region: int, subregion: int, dim: int, attrs: Mask, exotic: bool) -> bool:
    """Checks whether an Ally is found where you are (rulebook l.84: same subregion in the same
    Region colour bar; l.160: the Ally's Dimension; l.164: "Any X" Allies)."""
    if dim not in req.dims:
        return False
    for alt in req.alts:
        if alt.region >= 0 and alt.region != region:
            continue
        if alt.subregion >= 0 and alt.subregion != subregion:
            continue
        if alt.need & ~attrs:
            continue
        if alt.forbid & attrs:
            continue
        if alt.exotic and not exotic:
            continue
        return True
    return False


def region_matches(req: PlaceRequirement, region: int, dim: int) -> bool:
    """Checks whether an Ally "could be played in this Region" (Train, Hitch a Ride): its
    Dimension, and its Region bar when it has one; not a Past Ally."""
    if dim not in req.dims or req.past:
        return False
    return any(alt.region < 0 or alt.region == region for alt in req.alts)


def walk_step(src: LocationInfo, src_dim: int, src_title: int, dst: LocationInfo, dst_title: int) -> Step:
    """Gets how a Location may follow the Current Location without a Travel Event.

    Walking stays in the Region and Dimension (rulebook l.217, l.239, l.267); never to, from or
    between Islands (l.233, rulings l.152); Exotic Locations only as their text allows (l.263);
    between Locations of one subregion that are both City (and not Country) you arrive at once,
    otherwise you walk (l.243).
    """
    if dst.dim != src_dim and not dst.any_dimension:
        return Step.NONE
    if dst.exotic:
        if dst.walk_from_attrs and not (dst.walk_from_attrs & ~src.attrs):
            return Step.WALK
        if src_title in dst.walk_from_titles or dst_title in src.walk_to_titles:
            return Step.WALK
        return Step.NONE
    if src.exotic:
        if dst_title in src.walk_to_titles or src.walk_out and not dst.island and not dst.reach_modes:
            return Step.WALK
        return Step.NONE
    if dst.walk_from_attrs or dst.walk_from_titles:
        ok = (dst.walk_from_attrs and not (dst.walk_from_attrs & ~src.attrs)) or src_title in dst.walk_from_titles
        return Step.WALK if ok else Step.NONE
    if src.island or dst.island or dst.reach_modes:
        return Step.NONE
    if dst.region != src.region and dst.region not in src.walk_to_regions:
        return Step.NONE
    if (
        dst.subregion >= 0
        and dst.subregion == src.subregion
        and src.city
        and dst.city
        and not src.country
        and not dst.country
    ):
        return Step.ARRIVE
    return Step.WALK


def travel_can_leave(t: TravelInfo, origin: LocationInfo, origin_attrs: Mask, water: Mask) -> bool:
    """Checks whether a Travel Event may be played at a Location (rulebook l.261, l.263;
    rulings l.87: Travel by Sea needs a Water Location; Shuttle Icarus: Space or Outside)."""
    if t.origin_water and not (origin_attrs & water):
        return False
    if t.origin_any and not (origin_attrs & t.origin_any):
        return False
    if origin.exotic:
        return bool(origin.leave_modes & t.modes)
    return t.islands_ok or not origin.island


def travel_reaches(t: TravelInfo, origin_region: int, origin_dim: int, dst: LocationInfo) -> bool:
    """Checks whether a Travel Event can take you to a Location (rulebook l.257-265)."""
    if dst.dim != origin_dim and not (t.any_dimension or dst.any_dimension):
        return False
    if dst.exotic:
        if not t.exotic_ok or not (dst.reach_modes & t.modes):
            return False
    else:
        if dst.reach_modes and not (dst.reach_modes & t.modes):
            return False
        if dst.island and not t.islands_ok:
            return False
        if dst.walk_from_attrs or dst.walk_from_titles:
            return False
    same = dst.region == origin_region
    if t.scope is Scope.SAME and not same:
        return False
    if t.scope is Scope.DIFFERENT and same:
        return False
    if t.dest_all and t.dest_all & ~dst.attrs:
        return False
    if t.dest_none & dst.attrs:
        return False
    return not t.dest_any or bool(dst.attrs & t.dest_any)


def can_read(tome: Profile, readers: Mask) -> bool:
    """Checks the Tome's language rule (rulebook l.326): "Greek & Latin" needs both among the
    Investigator and Allies, "Atlantean or Hyperborean" either."""
    if not tome.tome_langs:
        return True
    if tome.tome_all:
        return not (tome.tome_langs & ~readers)
    return bool(tome.tome_langs & readers)


def dimension_ok(card_dim: int, here: int) -> bool:
    """Checks a card's Dimension Indicator against the top card's Dimension (rulebook l.267)."""
    return card_dim in (ANY_DIMENSION, here)
