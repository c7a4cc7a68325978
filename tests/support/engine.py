"""Hand-built cards and game positions for the rules engine's tests: a builder per card type
(:func:`location`, :func:`ally`, ...), the named cards the tests play, and the helpers that set
a first Hand (:func:`setup`) and play by the words :func:`~deckbuilder.rules.engine.describe`
gives (:func:`do`, :func:`words`, :func:`at`).
"""

from __future__ import annotations

from collections.abc import Sequence

from deckbuilder.rules.cards import (
    Allegiance,
    Card,
    CardType,
    Dimension,
    LanguageRule,
    PublicAttribute,
    Ruling,
    SpellIcon,
)
from deckbuilder.rules.engine import (
    Game,
    GameState,
    Play,
    Rules,
    apply,
    describe,
    legal_plays,
)

WATER, FOREST, CEMETERY, INSIDE, OUTSIDE = (
    PublicAttribute.WATER,
    PublicAttribute.FOREST,
    PublicAttribute.CEMETERY,
    PublicAttribute.INSIDE,
    PublicAttribute.OUTSIDE,
)

# --------------------------------------------------------------------------------------
# Card builders


def _card(title: str, kind: CardType, **facts: object) -> Card:
    """A card of the test set "T", keyed by its title; each builder below gives its type's facts."""
    return Card(key=f"T:{title}", title=title, set_code="T", type=kind, **facts)


def location(
    title: str,
    region: str = "Lovecraft Country",
    sub: str = "Arkham",
    attrs: Sequence[str] = ("City",),
    public: Sequence[PublicAttribute] = (INSIDE,),
    gate: bool = False,
    sanity: int | None = None,
    dimension: Dimension = Dimension.WAKING_WORLD,
    text: str = "",
) -> Card:
    return _card(
        title,
        CardType.LOCATION,
        region=region,
        subregion=sub,
        attributes=tuple(attrs),
        public=tuple(public),
        gate=gate,
        sanity=sanity,
        dimension=dimension,
        text=text,
    )


def ally(
    title: str,
    region: str | None = "Lovecraft Country",
    sub: str = "Arkham",
    languages: Sequence[str] = ("English",),
    sanity: int | None = None,
    attrs: Sequence[str] = ("Steadfast",),
    dimension: Dimension = Dimension.WAKING_WORLD,
    text: str = "",
    allegiance: Allegiance = Allegiance.STEADFAST,
) -> Card:
    return _card(
        title,
        CardType.ALLY,
        region=region,
        subregion=sub,
        languages=tuple(languages),
        sanity=sanity,
        attributes=tuple(attrs),
        dimension=dimension,
        value=1,
        allegiance=allegiance,
        text=text,
    )


def tome(
    title: str,
    languages: Sequence[str] = ("Latin",),
    icons: Sequence[SpellIcon] = (SpellIcon.DEATH,),
    capacity: int = 2,
    rule: LanguageRule = LanguageRule.ALL_OF,
    sanity: int | None = -1,
    dimension: Dimension | None = None,
) -> Card:
    return _card(
        title,
        CardType.TOME,
        tome_languages=tuple(languages),
        tome_language_rule=rule,
        icons=tuple(icons),
        value=capacity,
        sanity=sanity,
        dimension=dimension,
    )


def spell(title: str, icon: SpellIcon = SpellIcon.DEATH, text: str = "", sanity: int = -2) -> Card:
    return _card(title, CardType.SPELL, subtype=icon.value, icons=(icon,), sanity=sanity, text=text)


def artifact(
    title: str, subtype: str | None = None, text: str = "", sanity: int | None = None, value: int | None = None
) -> Card:
    return _card(title, CardType.ARTIFACT, subtype=subtype, text=text, sanity=sanity, value=value)


def monster(
    title: str, klass: str = "Lesser Servitor", sanity: int | None = None, text: str = "", value: int = 2
) -> Card:
    return _card(
        title,
        CardType.MONSTER,
        subtype=klass,
        monster_class=klass,
        value=value,
        sanity=sanity,
        text=text,
    )


def goo(title: str, summon: Sequence[str], text: str = "") -> Card:
    return _card(
        title,
        CardType.MONSTER,
        text=text,
        subtype="Great Old One",
        monster_class="Great Old One",
        goo=True,
        summon=tuple(summon),
    )


def event(
    title: str,
    subtype: str | None = None,
    text: str = "",
    affects: str | None = "Affects Your Investigator",
    sanity: int | None = None,
    dimension: Dimension | None = None,
    persistent: bool = False,
) -> Card:
    """Builds an Event; ``persistent`` attaches the rulings' Persistent Events ruling (l.47),
    as the catalog does for the Events it names (Day, Night, Storm... subtypes)."""
    return _card(
        title,
        CardType.EVENT,
        subtype=subtype,
        text=text,
        affects=affects,
        sanity=sanity,
        dimension=dimension,
        rulings=(Ruling("Persistent Events", "effects persist until Buried", 47),) if persistent else (),
    )


def adventure(title: str, points: int = 5, gain: int = 2) -> Card:
    return _card(
        title,
        CardType.ADVENTURE,
        subtype="Heroic Adventure",
        value=points,
        sanity=gain,
    )


def investigator(
    languages: Sequence[str] = ("English",), sanity: int = 12, hand: int = 13, hand_min: int = 4, hand_max: int = 6
) -> Card:
    return Card(
        key="T:investigator",
        title="Test Investigator",
        set_code="T",
        type=CardType.INVESTIGATOR,
        languages=tuple(languages),
        sanity=sanity,
        sanity_max=20,
        hand=hand,
        hand_min=hand_min,
        hand_max=hand_max,
    )


CAR = event(
    "Car",
    "Travel by Land",
    # Test wording (not the card's): what the engine reads is "immediately play" + "same Region".
    "Drive on: immediately play a new Location in the same Region.",
    affects=None,
)
TRAIN = event(
    "Train",
    "Travel by Land",
    "Board now; on a following Turn a new Location in the same Region may follow. Or stay aboard "
    "a Turn to play an Ally card that could be played in this Region.",
    affects=None,
)
MONOPLANE = event(
    "Monoplane",
    "Travel by Air",
    "Fly off: immediately play a new Location card in a different Region "
    "(you may not play a Location in the same Region).",
    affects=None,
)
DIRIGIBLE = event(
    "Dirigible",
    "Travel by Air",
    "Drift: on a following turn a new Location card follows, in the same Region or in a new Region.",
    affects=None,
)
STEAMER = event(
    "Tramp Steamer",
    "Travel by Sea",
    # "Play this card at a Location featuring the Water attribute" is the rulings' erratum (l.87).
    "Sail. Play this card at a Location featuring the Water attribute; on a following Turn "
    "play a new Location card featuring the Water attribute, same Region or a different Region.",
    affects=None,
)
SHUTTLE = event(
    "Shuttle",
    "Travel in Space",
    "Launch only at a Space or Outside Location; on a following Turn "
    "play a new Space or Outside Location in any Region.",
    affects=None,
)

ARKHAM_HOUSE = location("Arkham House", attrs=("City", "House", "Tome", "Artifact"), public=(WATER, INSIDE))
ARKHAM_GATE = location("Arkham Gate", attrs=("City", "Site"), public=(WATER, OUTSIDE), gate=True)
ARKHAM_SANITARIUM = location(
    "Arkham Sanitarium", attrs=("City", "Sanitarium"), public=(WATER, FOREST, INSIDE), sanity=6
)
BOSTON_LIBRARY = location(
    "Boston Library", sub="Boston", attrs=("City", "Library", "Tome"), public=(WATER, INSIDE), sanity=-1
)
DUNWICH_FARM = location(
    "Dunwich Farm", sub="Dunwich", attrs=("Country", "House", "Artifact"), public=(FOREST, OUTSIDE), gate=True
)
PARIS_CAFE = location("Paris Cafe", region="Europe", sub="Paris", attrs=("City", "Business"), public=(WATER, INSIDE))
LONDON_DOCKS = location("London Docks", region="Europe", sub="London", attrs=("City", "Site"), public=(WATER, OUTSIDE))
PONAPE = location(
    "Ponape", region="South Pacific", sub="Ponape", attrs=("Island", "Site"), public=(WATER, FOREST, OUTSIDE)
)
TYCHO = location(
    "Tycho",
    region="Exotic Location",
    sub="Exotic Location",
    attrs=("Space", "City", "Tome"),
    public=(INSIDE,),
    gate=True,
    sanity=-2,
    dimension=Dimension.NEW_AEON,
)
NA_STATION = location(
    "Launch Site",
    region="New Æon",
    sub="Cape Canaveral",
    attrs=("Country", "Space"),
    public=(OUTSIDE,),
    dimension=Dimension.NEW_AEON,
)
FILLER = event("Filler Storm", "Storm", "It storms.", affects="Affects All Investigators")


# --------------------------------------------------------------------------------------
# Helpers


def setup(
    hand: Sequence[Card],
    rest: Sequence[Card] = (),
    *,
    inv: Card | None = None,
    rules: Rules | None = None,
    sanity: int | None = None,
) -> GameState:
    """A game whose first Hand is exactly ``hand`` (in that order) and whose Mythos Deck holds
    ``rest`` and fillers."""
    cards = list(hand) + list(rest) + [FILLER] * max(0, 20 - len(hand) - len(rest))
    game = Game(cards, inv or investigator(), rules)
    state = GameState(game)
    state.hand = list(range(len(hand)))
    state.deck = list(range(len(hand), len(cards)))
    state.sanity = game.sanity_start if sanity is None else sanity
    return state


def cid(state: GameState, title: str, zone: str = "hand") -> int:
    for c in getattr(state, zone):
        if state.game.cards[c].title == title:
            return c
    raise AssertionError(f"{title} is not in {zone}")


def plays_of(state: GameState, title: str) -> list[Play]:
    return [p for p in legal_plays(state) if p.card >= 0 and state.game.cards[p.card].title == title]


def words(state: GameState) -> set[str]:
    return {describe(state, p) for p in legal_plays(state)}


def do(state: GameState, text: str) -> GameState:
    """Applies the legal play described by ``text`` (as :func:`describe` words it)."""
    for p in legal_plays(state):
        if describe(state, p) == text:
            return apply(state, p)
    raise AssertionError(f"{text!r} is not legal; legal: {sorted(words(state))}")


def at(state: GameState) -> str:
    here = state.current_location
    return state.game.cards[here].title if here >= 0 else ""
