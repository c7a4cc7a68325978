"""Reading cards: each card's printed text and fields turned into its play :class:`Profile`.

What a card does when played (its :class:`Kind`), where it may be played (a Location's
:class:`LocationInfo`, an Ally's :class:`PlaceRequirement`), how a Travel Event moves you
(:class:`TravelInfo`), a Great Old One's requirements, Spell icons and capacities, languages,
Joins; the card text read is listed in :mod:`deckbuilder.rules.places`. Everything else on a
card is ignored.

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N") and
``mythos-errata-rulings.txt`` ("rulings l.N"), 1-based as ``grep -n`` prints them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from deckbuilder.rules.cards import Card, CardType, Dimension, LanguageRule, SpellIcon, fold_title
from deckbuilder.rules.counts import count, count_pattern
from deckbuilder.rules.places.profiles import (
    AIR,
    ANY_DIMENSION,
    DIMENSION_NAMES,
    EXOTIC_REGION,
    KNOWN_REGIONS,
    LAND,
    SEA,
    SPACE,
    SPECIAL,
    UNDERWATER,
    Kind,
    LocationInfo,
    PlaceAlt,
    PlaceRequirement,
    Profile,
    Scope,
    SummonRequirement,
    TravelInfo,
    Vocabulary,
    fold_word,
    singular,
    title_key,
)

_SPELL_BITS = {icon: 1 << i for i, icon in enumerate(SpellIcon)}


def icon_bits(icons: Iterable[SpellIcon]) -> int:
    """Gets a mask of Spell icons (rulebook l.299: match the icons)."""
    mask = 0
    for icon in icons:
        mask |= _SPELL_BITS[icon]
    return mask


def icon_names(mask: int) -> list[str]:
    """Gets the Spell icon names of a mask, for messages."""
    return [icon.value for icon, bit in _SPELL_BITS.items() if mask & bit]


def card_dimension(card: Card) -> int:
    """Gets a card's Dimension number.

    Allies and Locations without an indicator are Waking World (rulebook l.160, l.219); other
    cards without one (or marked Waking World by an importer) are played in any Dimension
    (rulebook l.134, l.267).
    """
    if card.type in (CardType.ALLY, CardType.LOCATION):
        return DIMENSION_NAMES.get(card.dimension or Dimension.WAKING_WORLD, 0)
    if card.dimension is None or card.dimension is Dimension.WAKING_WORLD:
        return ANY_DIMENSION
    return DIMENSION_NAMES[card.dimension]


def sanity_change(card: Card) -> int:
    """Gets the Sanity change of playing a card: Spells cost nothing to play (rulebook l.126)."""
    if card.type is CardType.SPELL or card.sanity is None:
        return 0
    return card.sanity


_KNOW_SPELLS = re.compile(rf"can (?:now )?know (?:any )?({count_pattern(4)})\b[^.;◆]*?\bspells?", re.I)
_KNOWS_LANGS = re.compile(r"\bKnows ((?:[A-Z][a-z]+)(?:(?:\s*,\s*|\s*&\s*|\s+and\s+)[A-Z][a-z]+)*)")
_GIVE_TO_ALLY = re.compile(
    r"\b(?:give|place|assign) this (?:card|artifact) (?:to|with) (?:an|one of your) all(?:y|ies)", re.I
)
#: An Ally that later takes one Artifact at any Location, beneath it (rulebook l.185: "you may
#: later assign ... one Artifact card").
HOLDS_ARTIFACT = re.compile(
    r"\bplace an artifact card beneath this card\b|\bassign to [\w .',]+? one artifact card at any location", re.I
)
#: An Ally that later takes one Tome at any Location.
HOLDS_TOME = re.compile(r"\bassign to [\w .',]+? one tome card at any location", re.I)
_MUST_HAVE = re.compile(r"(?i:you must have (?:the )?)([A-Z][\w' .-]+?) in play")
_JOINS = re.compile(r"\bJoins? (?:with )?([^.◆;]+)", re.I)
_FULFILLS = re.compile(r"fulfills the ([\w' -]+?) requirements?\b", re.I)
_IS_A_CARD = re.compile(r"this is an? ([\w' -]+?) card", re.I)
_ALLY_ANYWHERE = re.compile(r"play an ally who would not normally come from this location", re.I)
_CROSS_DIMENSIONS = re.compile(r"in another dimension|location in any dimension|any region or dimension", re.I)
_CROSS_REGIONS = re.compile(r"between regions|location in any region|new location right-side-up in any region", re.I)

#: The topic of the rulings document's Persistent Events ruling (line 47) in
#: ``catalog/rulings.toml``: the catalog attaches it to each Event it names (by title or
#: subtype, exceptions applied), so the engine reads persistence from the card's rulings
#: and keeps no list of titles of its own.
PERSISTENT_TOPIC = "Persistent Events"


def spell_capacity(text: str) -> int:
    """Gets how many Spells an Ally or Artifact "can know" from its text (0: none)."""
    best = 0
    for m in _KNOW_SPELLS.finditer(text or ""):
        best = max(best, count(m.group(1)))
    return best


def text_languages(text: str) -> list[str]:
    """Gets the languages an Artifact's text says it knows ("Knows Greek, Latin & Chinese")."""
    out: list[str] = []
    for m in _KNOWS_LANGS.finditer(text or ""):
        out += [w for w in re.split(r"\s*,\s*|\s*&\s*|\s+and\s+", m.group(1)) if w]
    return out


def join_targets(text: str) -> tuple[str, ...]:
    """Gets what a Monster Joins with (rulebook l.292, l.359): folded singular names, Monster
    classes, ``*`` for "any other Monster"/"all Monsters"."""
    out: list[str] = []
    for m in _JOINS.finditer(text or ""):
        for part in re.split(r",|\band\b|&|\bboth\b", m.group(1)):
            p = fold_title(part)
            for lead in ("other ", "with ", "all ", "any other ", "any "):
                if p.startswith(lead):
                    p = p[len(lead) :]
            p = p.removesuffix(" card").strip()
            if not p:
                continue
            if p in ("monster", "monsters", "other monster", "monster card"):
                out.append("*")
            else:
                out.append(singular(p))
    return tuple(dict.fromkeys(out))


#: An Ally's Join (rulebook l.178: "Some Allies may allow Joining"; l.359): "Joins (with) TITLE",
#: "can Join with any one Steadfast Ally", with any "If your Current Location is in the
#: Dreamlands, " before it; the sentence whole. A title may hold an abbreviation ("Mrs. Sonia").
_ALLY_JOIN = re.compile(
    r"(?:^|(?<=[.◆] ))(?:if your current location is in the (dreamlands|waking world|new (?:æ|ae)on),? )?"
    r"(?:[\w' -]*?\bcan )?joins? (?:with )?((?:\b(?:mrs?|dr|st)\.|[^.◆;])+)\.?",
    re.I,
)
#: "Can be played only with Keziah Mason, or if she is already in play": the title alone.
_ONLY_WITH = re.compile(
    r"can be played only with ([\w' -]+?), or if (?:she|he|it|they) (?:is|are) already in play\.?", re.I
)
_JOIN_DIMENSIONS = {"dreamlands": Dimension.DREAMLANDS, "waking world": Dimension.WAKING_WORLD}


@dataclass(frozen=True, slots=True)
class AllyJoin:
    """What an Ally's text says of Joining other Allies (rulebook l.178, l.359).

    ``targets``: what it Joins, folded and singular: Ally titles, or kinds of Ally (an
    allegiance or attribute, "steadfast", "musician") read from "any one Steadfast Ally";
    ``dim``: the Dimension the Current Location must be in for it to Join (``ANY_DIMENSION``:
    anywhere); ``only_with``: the title without which it may not be played ("Can be played only
    with ..., or if she is already in play"; "" for none); ``others``: what it Joins that is
    not an Ally (Weapons, Artifacts: not read as Allies); ``rest``: the text without these
    sentences, for the reader of the Ally's other effects.
    """

    targets: tuple[str, ...] = ()
    dim: int = ANY_DIMENSION
    only_with: str = ""
    others: tuple[str, ...] = ()
    rest: str = ""


def read_ally_join(text: str) -> AllyJoin:
    """Reads an Ally's Joining of other Allies from its text (see :class:`AllyJoin`)."""
    text = " ".join((text or "").split())
    targets: list[str] = []
    others: list[str] = []
    dim = ANY_DIMENSION
    only = _ONLY_WITH.search(text)
    only_with = fold_title(only[1]) if only else ""
    rest = " ".join(_ONLY_WITH.sub("", text).split())
    for m in _ALLY_JOIN.finditer(rest):
        if m[1]:
            dim = DIMENSION_NAMES[_JOIN_DIMENSIONS.get(m[1].lower(), Dimension.NEW_AEON)]
        for part in re.split(r",|\band\b|&|\bboth\b", m[2]):
            p = fold_title(part)
            for lead in ("any one ", "any other ", "any ", "other ", "all ", "attributes "):
                p = p.removeprefix(lead)  # "attributes": a transcription's mark before "Steadfast"
            if not p:
                continue
            if p.endswith(" ally") or p.endswith(" allies"):
                targets.append(singular(p.rsplit(" ", 1)[0]))
            elif re.search(r"weapon|artifact|tome|spell|monster", p):
                others.append(p)
            else:
                targets.append(p)
    rest = _ALLY_JOIN.sub("", rest)
    return AllyJoin(tuple(dict.fromkeys(targets)), dim, only_with, tuple(others), " ".join(rest.split()))


_NO_JOIN: Final = AllyJoin()


def ally_joins(a_card: Card, a: Profile, b_card: Card, b: Profile) -> bool:
    """Checks whether Ally ``a`` allows Joining Ally ``b`` (rulebook l.359: "Two cards may Join
    as long as one of them allows this"; ask both ways): ``b`` by its title, or by a kind it is
    (its allegiance or an attribute), as ``a``'s text names them. A Dimension the Join needs is
    the engine's to check (``Profile.join_dim``)."""
    if a.kind is not Kind.ALLY or b.kind is not Kind.ALLY or not a.join_targets:
        return False
    title = fold_title(b_card.title)
    kinds = {singular(fold_title(x)) for x in b_card.attributes}
    if b_card.allegiance is not None:
        kinds.add(fold_title(str(b_card.allegiance.value)))
    key = title_key(title)
    return any(
        target == title or title_key(target) == key or target in kinds or singular(target) in kinds
        for target in a.join_targets
    )


def _travel_modes(subtype: str, text: str) -> int:
    s = subtype.lower()
    modes = 0
    if "land" in s:
        modes |= LAND
    if "air" in s:
        modes |= AIR
    if "sea" in s:
        modes |= SEA
    if "space" in s:
        modes |= SPACE
    if "underwater" in s:
        modes |= UNDERWATER
    if "including space" in text.lower():
        modes |= SPACE
    return modes or SPECIAL


def read_travel(card: Card, vocab: Vocabulary) -> TravelInfo:
    """Reads a Travel Event (rulebook l.208, l.257-265; rulings l.87 for Travel by Sea)."""
    text = card.text or ""
    low = text.lower()
    modes = _travel_modes(card.subtype or "", text)
    immediate = "immediately play" in low and "following turn" not in low and "later turn" not in low
    other = "different region" in low or "new region" in low
    if re.search(r"may not play a (?:new )?location (?:with)?in the same region", low):
        scope = Scope.DIFFERENT
    elif ("same region" in low or "same or" in low) and other or "any region" in low:
        scope = Scope.ANY
    elif other:
        scope = Scope.DIFFERENT
    elif "same region" in low:
        scope = Scope.SAME
    else:
        # Defaults by kind: Travel by Land stays in its Region (rulebook l.257); the rest may leave it.
        scope = Scope.SAME if modes == LAND else Scope.ANY
    water = vocab.attr("Water")
    # Rulings l.87: every Travel by Sea Event is played at a Water Location; others say so.
    origin_water = modes == SEA or "play this card at a location featuring the water attribute" in low
    if "regardless of travel requirements" in low:
        modes |= LAND | AIR | SEA | SPACE | UNDERWATER
    origin_any = 0
    m = re.search(r"only at an? ([\w ]+?) Location", text, re.I)
    if m:
        origin_any = vocab.attrs(w for w in re.split(r"\s+or\s+", m.group(1)) if w)
    dest_all = 0
    if re.search(r"new location(?: card)? featuring the water attribute", low):
        dest_all |= water
    dest_any = 0
    m = re.search(r"new ([A-Z][a-z]+(?: or [A-Z][a-z]+)+) Location", text)
    if m:
        dest_any = vocab.attrs(m.group(1).split(" or "))
    islands_ok = bool(modes & (SEA | UNDERWATER | SPACE)) or "normally forbidden" in low
    exotic_ok = "(except exotic)" not in low
    return TravelInfo(
        modes=modes,
        immediate=immediate,
        scope=scope,
        origin_water=origin_water,
        origin_any=origin_any,
        dest_all=dest_all,
        dest_any=dest_any,
        islands_ok=islands_ok,
        exotic_ok=exotic_ok,
        any_dimension="or dimension" in low or "in any dimension" in low,
        ally_stop=bool(re.search(r"play (?:any|an) ally card that could be played in this region", low)),
    )


#: A Monster "allowing travel as a Special Effect" (rulebook l.317): "use ... as a Travel by Air
#: Event", "use ... as a Travel card (Air or Sea)", "can be used to travel by Land", "can use to
#: travel in Space", "can be used as travel by air".
_MONSTER_TRAVEL = re.compile(
    r"\buse [\w' -]+? as a travel (?:by (\w+) event|card \(([\w ]+)\))|\bcan (?:be )?used? (?:as|to) travel (?:by|in) (\w+)"
)


#: The Affects lines of Events aimed at what an opponent has without playing a card.
_OPPONENT_HAS = re.compile(r"opponent'?s'? (?:investigator|hand|mythos deck)\s*$|all opponents\s*$")


def read_monster_travel(card: Card, vocab: Vocabulary) -> TravelInfo | None:
    """Reads how a Monster may be used for travel, as a Travel Event of the ways its text names
    (rulebook l.317: placed on the Story Deck, a Location it allows is then immediately played);
    None when it may not."""
    low = (card.text or "").lower()
    m = _MONSTER_TRAVEL.search(low)
    if m is None:
        return None
    ways = " ".join(w for w in m.groups() if w)
    if re.search(r"fly to space", low):
        ways += " space"
    reading = read_travel(card.replace(subtype="Travel by " + ways), vocab)
    m = re.search(r"except (\w+)", low[m.end() :])
    none = vocab.attr(m.group(1).title()) if m and m.group(1) in ("underground", "underwater") else 0
    return replace(reading, immediate=True, dest_none=none)


def read_location(card: Card, vocab: Vocabulary, dim: int) -> LocationInfo:
    """Reads a Location card's place in the world (rulebook l.213-237; rulings l.63-73)."""
    text = card.text or ""
    low = text.lower()
    names = list(card.attributes) + [p.value for p in card.public]
    if card.gate:
        names.append("Gate")
    attrs = vocab.attrs(names)
    public = vocab.attrs(p.value for p in card.public)
    inside, outside = vocab.attr("Inside"), vocab.attr("Outside")
    walking = (public & ~inside) | outside
    region_name = card.region or ""
    exotic = fold_word(region_name) == EXOTIC_REGION
    # Each Exotic Location is its own Region (rulebook l.235, l.263).
    region = vocab.region("exotic: " + card.title) if exotic else vocab.region(region_name or "unknown")
    subregion = vocab.subregion(card.subregion) if card.subregion else -1
    island = bool(attrs & vocab.attr("Island"))
    reach = 0
    if exotic:
        if attrs & vocab.attr("Space"):
            reach |= SPACE
        if attrs & vocab.attr("Underwater"):
            reach |= UNDERWATER
    if re.search(r"must travel by air to (?:reach|play)", low):
        reach |= AIR
    if re.search(r"must use a travel by sea", low):
        reach |= SEA
    leave = 0
    if exotic:
        leave = reach
        if re.search(r"travel by air to leave", low):
            leave |= AIR
    walk_from_attrs = 0
    m = re.search(r"only if your current location is ([\w ]+?)[.◆]", text, re.I)
    if m:
        walk_from_attrs = vocab.attrs(m.group(1).split())
    walk_from_titles: set[int] = set()
    m = re.search(r"([A-Z][\w' ]+?) (?i:must be your current location to play this card)", text)
    if m:
        walk_from_titles.add(vocab.title(m.group(1)))
    walk_to_titles = {
        vocab.title(t)
        for t in re.findall(r"(?i:you may walk to) ([A-Z][\w' ]+?)[.◆]", text)
        if not t.lower().startswith("any ")
    }
    walk_to_regions = {vocab.region("The " + r) for r in re.findall(r"walk to any (\w+) location", text, re.I)}
    if exotic and not reach and not walk_from_attrs and not walk_from_titles and public & vocab.attr("Water"):
        # An Exotic Island with no stated way in (R'lyeh): by sea or underwater (rulebook l.263).
        reach = SEA | UNDERWATER
        leave |= reach
    pieces = None
    m = re.search(r"all three pieces of the ([\w' ]+?)[.◆]", text, re.I)
    if m:
        pieces = (fold_word(m.group(1)), 3)
    needs_event = frozenset(s.lower() for s in re.findall(r"there must be an? (\w+) event in play", low))
    needs_langs = vocab.langs(re.findall(r"(?i:must know) ([A-Z]\w+) (?i:to play this card)", text))
    special = bool(
        reach
        or walk_from_attrs
        or walk_from_titles
        or pieces
        or needs_event
        or needs_langs
        or re.search(r"(?:you may|can) (?:only )?play this card (?:only )?if", low)
    )
    return LocationInfo(
        region=region,
        subregion=subregion,
        dim=dim,
        attrs=attrs,
        walking_attrs=walking,
        exotic=exotic,
        island=island,
        city=bool(attrs & vocab.attr("City")),
        country=bool(attrs & vocab.attr("Country")),
        first_ok=not exotic and not special,
        reach_modes=reach,
        leave_modes=leave,
        walk_from_attrs=walk_from_attrs,
        walk_from_titles=frozenset(walk_from_titles),
        walk_to_titles=frozenset(walk_to_titles),
        walk_to_regions=frozenset(walk_to_regions),
        walk_out="must walk out of" in low,
        any_dimension="may play this card in any dimension" in low,
        gate_reuse=bool(re.search(r"may (?:use this gate more than once|reuse this gate)(?:, but|\.)", low)),
        needs_event_subtypes=needs_event,
        needs_pieces=pieces,
        needs_langs=needs_langs,
    )


def travel_location(card: Card, vocab: Vocabulary) -> LocationInfo:
    """Gets a Travel Event as a Location: its attributes apply (rulebook l.257, rulings l.73);
    Region, subregion and Dimension are filled in from where it was played."""
    names = list(card.attributes) + [p.value for p in card.public]
    attrs = vocab.attrs(names)
    return LocationInfo(region=-1, subregion=-1, dim=ANY_DIMENSION, attrs=attrs, walking_attrs=attrs, first_ok=False)


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


_DIM_WORDS = {"dreamlands": 1, "dreamland": 1, "waking": 0, "world": 0, "new": 2, "aeon": 2, "æon": 2}


def read_place(card: Card, vocab: Vocabulary, dim: int) -> PlaceRequirement:
    """Reads an Ally's Region bar into alternatives (rulebook l.84, l.160-164).

    ``Arkham`` is that subregion (in the Ally's Region); ``Any City`` a Location with the City
    attribute (in the Ally's Region when it has one); ``Any Country Site`` both attributes;
    ``Any non-Gate`` a Location without a Gate; ``Any Exotic`` an Exotic Location; ``Any
    Dreamlands Site`` a Site (the Dimension is the Ally's own); ``Boston or Europe`` either;
    ``Arkham Past`` / ``Any Past`` need the Past (rulebook l.552), which no Location has.
    """
    region = card.region
    region_id = vocab.region(region) if region and fold_word(region) not in ("none", "any") else -1
    sub = (card.subregion or "").strip()
    alts: list[PlaceAlt] = []
    words: list[str] = []
    past = False
    past_bit = vocab.attr("Past")
    for part in re.split(r"\s+or\s+", sub) if sub else [""]:
        part = part.strip()
        folded = fold_word(part)
        in_region = f" in {region}" if region_id >= 0 else ""
        if not part:
            alts.append(PlaceAlt(region=region_id))
            words.append(f"a Location{in_region}" if region_id >= 0 else "any Location")
            continue
        need = forbid = 0
        exotic = False
        here_past = False
        if folded == "any past" or folded.endswith(" past"):
            past = here_past = True
            need |= past_bit
            folded = folded[: -len(" past")]
            part = part[: -len(" Past")].strip()
        when = " in the Past" if here_past else ""
        if folded == "any" or folded.startswith("any "):
            kept: list[str] = []
            label: list[str] = []
            for raw in part.split()[1:]:
                w = fold_word(raw)
                m = re.fullmatch(r"non-?(\w+)", raw, re.I)
                if m:
                    forbid |= vocab.attr(m.group(1))
                    label.append(raw)
                elif w == "exotic":
                    exotic = True
                    label.append(raw)
                elif w in _DIM_WORDS:
                    label.append(raw)  # the Ally's own Dimension (checked apart)
                else:
                    kept.append(w)
                    label.append(raw)
            need |= vocab.attrs(kept)
            alts.append(PlaceAlt(region=region_id, need=need, forbid=forbid, exotic=exotic))
            text = " ".join(label)
            words.append(
                f"{_article(text)} {text} Location{in_region}{when}" if text else f"any Location{in_region}{when}"
            )
        elif folded in KNOWN_REGIONS or (region and folded == fold_word(region)):
            alts.append(PlaceAlt(region=vocab.region(part), need=need))
            words.append(f"a Location in {part}{when}")
        else:
            alts.append(PlaceAlt(region=region_id, subregion=vocab.subregion(part), need=need))
            words.append(f"{_article(part)} {part} Location{when}")
    dims = [dim]
    m = re.search(r"can be played in the ([\w ]+?) or in the ([\w ]+?)[.,]", card.text or "", re.I)
    if m:
        for name in m.groups():
            d = {"dreamlands": 1, "waking world": 0, "new aeon": 2}.get(fold_word(name))
            if d is not None and d not in dims:
                dims.append(d)
    return PlaceRequirement(dims=tuple(dims), alts=tuple(alts), words=" or ".join(words), past=past)


def read_summon(texts: Sequence[str], vocab: Vocabulary) -> tuple[SummonRequirement, ...]:
    """Reads a Great Old One's two requirements (rulebook l.282-284).

    ``Space Location``, ``Outside/Country/Gate Location``: the Current Location has every listed
    attribute (the slash-separated words are read as "and", the stricter reading);
    ``Dreamlands Site``: a Dreamlands Site. Anything else names a card in play: ``Storm`` a Storm
    Event, ``Eclipse`` a card that "is an Eclipse card", ``Solstice`` Dawn of the Solstice,
    ``Waxing Moon`` that Event; a card that "fulfills the X requirement" also counts.
    """
    out: list[SummonRequirement] = []
    for text in texts:
        words = [w for w in re.split(r"[/\s]+", fold_word(text)) if w]
        is_location = bool(words) and (words[-1] == "location" or words[0] in ("dreamlands", "dreamland"))
        if not is_location:
            out.append(SummonRequirement(text=text, key=title_key(text), is_location=False))
            continue
        dim = ANY_DIMENSION
        attr_words = []
        for w in words:
            if w == "location":
                continue
            if w in _DIM_WORDS:
                dim = _DIM_WORDS[w]
            else:
                attr_words.append(w)
        out.append(
            SummonRequirement(
                text=text, key=" ".join(attr_words), is_location=True, attrs=vocab.attrs(attr_words), dim=dim
            )
        )
    return tuple(out)


def satisfies_summon(req: SummonRequirement, card: Card, profile: Profile) -> bool:
    """Checks whether a card in play meets a Great Old One's card requirement (by title, Event
    subtype, "This is an X card", title words, or "fulfills the X requirement")."""
    if req.key in profile.fulfills:
        return True
    if req.is_location:
        return False
    title = title_key(card.title)
    if title == req.key:
        return True
    if card.type is CardType.EVENT:
        if card.subtype and fold_word(card.subtype) == req.key:
            return True
        if re.search(rf"(?:^| ){re.escape(req.key)}(?: |$)", title):
            return True
    return False


def read_profile(card: Card, vocab: Vocabulary) -> Profile:
    """Reads one card into its play profile."""
    kind_of = {
        CardType.LOCATION: Kind.LOCATION,
        CardType.ALLY: Kind.ALLY,
        CardType.TOME: Kind.TOME,
        CardType.ARTIFACT: Kind.ARTIFACT,
        CardType.SPELL: Kind.SPELL,
        CardType.MONSTER: Kind.MONSTER,
        CardType.EVENT: Kind.EVENT,
        CardType.ADVENTURE: Kind.ADVENTURE,
    }
    kind = kind_of.get(card.type, Kind.OTHER) if card.type else Kind.OTHER
    text = card.text or ""
    low = text.lower()
    subtype = card.subtype or ""
    dim = card_dimension(card)
    title = vocab.title(card.title)
    fulfills = {fold_word(m) for m in _FULFILLS.findall(text)}
    fulfills |= {fold_word(m) for m in _IS_A_CARD.findall(text)}
    base = Profile(
        kind=kind,
        title=title,
        cost=sanity_change(card),
        dim=dim,
        subtype=subtype,
        fulfills=frozenset(fulfills),
        crosses_dimensions=bool(_CROSS_DIMENSIONS.search(text)),
        crosses_regions=bool(_CROSS_REGIONS.search(text)) and kind is not Kind.EVENT,
    )
    if kind is Kind.LOCATION:
        return replace(base, kind=kind, loc=read_location(card, vocab, dim))
    if kind is Kind.ALLY:
        attrs = {fold_word(a) for a in card.attributes}
        join = read_ally_join(text) if _JOINS.search(text) else _NO_JOIN
        return replace(
            base,
            kind=kind,
            join_targets=join.targets,
            join_dim=join.dim,
            only_with=vocab.title(join.only_with) if join.only_with else -1,
            place=read_place(card, vocab, dim),
            langs=vocab.langs(card.languages),
            capacity=spell_capacity(text),
            cultist="cultist" in attrs,
            holds_artifact=bool(HOLDS_ARTIFACT.search(text)),
            holds_tome=bool(HOLDS_TOME.search(text)),
            value=card.value or 0,
        )
    if kind is Kind.TOME:
        return replace(
            base,
            kind=kind,
            tome_langs=vocab.langs(card.tome_languages),
            tome_all=card.tome_language_rule is not LanguageRule.ONE_OF,
            icons=icon_bits(card.icons),
            capacity=card.value or 0,
        )
    if kind is Kind.ARTIFACT:
        weapon = "weapon" in subtype.lower()
        return replace(
            base,
            kind=kind,
            langs=vocab.langs(text_languages(text)),
            capacity=spell_capacity(text),
            weapon=weapon,
            needs_ally=weapon or bool(_GIVE_TO_ALLY.search(text)),
        )
    if kind is Kind.SPELL:
        return replace(base, kind=kind, icons=icon_bits(card.icons[:1]))
    if kind is Kind.MONSTER:
        if card.goo or (card.monster_class or subtype) in ("Great Old One", "Outer God"):
            return replace(
                base,
                kind=Kind.GOO,
                summon=read_summon(card.summon, vocab),
                all_monsters_join="all monsters may join" in low,
            )
        return replace(
            base,
            kind=kind,
            join_targets=join_targets(text),
            value=card.value or 0,
            travel=read_monster_travel(card, vocab),
        )
    if kind is Kind.EVENT:
        sub = subtype.lower()
        needs = tuple(vocab.title(t) for t in _MUST_HAVE.findall(text))
        if sub.startswith("travel"):
            loc = travel_location(card, vocab)
            return replace(base, kind=Kind.TRAVEL, travel=read_travel(card, vocab), loc=loc, needs_titles=needs)
        if sub.startswith("threat") or "face-down to your threat" in low:
            return replace(base, kind=Kind.THREAT_EVENT, join_targets=join_targets(text))
        persistent = any(r.topic.startswith(PERSISTENT_TOPIC) for r in card.rulings)
        affects = (card.affects or "").lower()
        needs_opponent = "opponent" in affects and "your" not in affects and "investigators" not in affects
        return replace(
            base,
            kind=kind,
            persistent=persistent,
            needs_opponent=needs_opponent,
            # What an opponent who plays nothing still has: an Investigator, a Hand, a Mythos Deck.
            # Any other target is a card he would have played (an Ally, an Artifact, his Threat...).
            opponent_card=needs_opponent and not _OPPONENT_HAS.search(affects),
            needs_titles=needs,
            ally_anywhere=bool(_ALLY_ANYWHERE.search(text)),
        )
    if kind is Kind.ADVENTURE:
        return replace(base, kind=kind, value=card.value or 0, gain=card.sanity or 0)
    return replace(base, kind=Kind.OTHER)


def monster_joins(a_card: Card, a: Profile, b_card: Card, b: Profile) -> bool:
    """Checks whether two Monsters (or Threat Events) Join: one of them allows it
    (rulebook l.359: "Two cards may Join as long as one of them allows this")."""
    return _allows(a, b_card) or _allows(b, a_card)


def _allows(p: Profile, other: Card) -> bool:
    if not p.join_targets:
        return False
    title = singular(fold_title(other.title))
    klass = fold_title(other.monster_class or other.subtype or "")
    for target in p.join_targets:
        if target == "*":
            return True
        if target and (target == title or target in title or (title in target and len(title) > 3)):
            return True
        if klass and singular(target) == singular(klass):
            return True
    return False
