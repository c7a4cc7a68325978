"""Casting Spells and using Artifacts alone: each effect on a hand-built position, with the
exact legal plays before and the exact state after (python-chess's habit).

Card texts here are test wordings in the phrasings the reader knows, not the cards' own.
Every test names the rulebook ("rulebook l.N") or rulings ("rulings l.N") line it follows.
"""

from __future__ import annotations

from collections.abc import Sequence

from support.engine import ARKHAM_HOUSE, PARIS_CAFE, TYCHO, ally, at, do, investigator, location, monster, setup, words

from deckbuilder.rules.cards import Card, CardType, Dimension, SpellIcon
from deckbuilder.rules.effects import parse_effects
from deckbuilder.rules.engine import Game, GameState, Phase, PlayKind, Rules, apply, legal_plays

ICON = SpellIcon.DEATH


def spell(title: str, text: str, sanity: int = -1) -> Card:
    return Card(
        key=f"T:{title}",
        title=title,
        set_code="T",
        type=CardType.SPELL,
        subtype=ICON.value,
        icons=(ICON,),
        sanity=sanity,
        text=text,
    )


def book(capacity: int = 2) -> Card:
    return Card(
        key="T:Liber",
        title="Liber",
        set_code="T",
        type=CardType.TOME,
        value=capacity,
        icons=(ICON,),
        tome_languages=("English",),
        text="",
    )


def artifact(title: str, text: str, sanity: int | None = None) -> Card:
    return Card(key=f"T:{title}", title=title, set_code="T", type=CardType.ARTIFACT, text=text, sanity=sanity)


CHANT = spell("Chant", "Immediately Discard up to four cards and replace them with new cards drawn from your deck.")
SUMMON = spell("Dust", "Summon or Control one Lesser Independent Monster.")
CALL = spell("Call", "Cast this spell to immediately play one Monster card as an Ally (no Gate needed).")
KEEN = spell("Keen", "Cast this spell upon an Ally in your Hand. Ally may be immediately played.")
RAISE = spell("Raise", "Bring one Ally back into play from your Story Deck.", sanity=-2)
FLY = spell("Fly", "Travel to any Location as if Walking. May travel between Regions. Not to Exotic Locations.")
SOOTHE = spell("Soothe", "Gain 2 Sanity points.")
GLIMPSE = spell("Glimpse", "Draw two cards.")
CURSE = Card(
    key="T:Curse",
    title="Curse",
    set_code="T",
    type=CardType.SPELL,
    subtype=ICON.value,
    icons=(ICON,),
    sanity=-1,
    text="Discard a random Ally.",
    affects="Affects Opponent's Ally",
)
LAMP = artifact(
    "Lamp",
    "Spend 1 Sanity point and flip this card to add the Past attribute to your current Location. "
    "Ally cards that you play must be found in that Location in the Past.",
)
KEEPER = ally("Keeper", text="Can know any one Spell.")


def tome_with(spells: Sequence[Card], hand: Sequence[Card] = (), rest: Sequence[Card] = (), **kw: object) -> GameState:
    """At Arkham House with Liber holding ``spells`` (played on Turns 1 and 2)."""
    s = setup([ARKHAM_HOUSE, book(len(spells)), *spells, *hand], rest, **kw)  # type: ignore[arg-type]
    s = do(s, "Play Arkham House")
    return do(s, "Play Liber with " + ", ".join(c.title for c in spells))


def casts(s: GameState) -> set[str]:
    return {w for w in words(s) if w.startswith(("Cast", "Use"))}


def test_a_redraw_cast_from_a_tome_pays_and_replaces_cards_one_by_one() -> None:
    # Rulebook l.309: cast from a Tome, the Investigator pays the Spell's cost and flips it.
    a, b = location("Spare One"), location("Spare Two")
    s = tome_with([CHANT], [a, b])
    assert casts(s) == {"Cast Chant from Liber"}
    deck_top = s.deck[-2:]
    s = do(s, "Cast Chant from Liber")
    assert (s.sanity, s.turn, s.redrawing) == (11, 3, 4)
    assert words(s) == {"Replace Spare One", "Replace Spare Two", "Draw the replacements"}
    s = do(s, "Replace Spare One")
    assert words(s) == {"Replace Spare Two", "Draw the replacements"}
    s = do(s, "Draw the replacements")
    assert s.redrawing == -1 and len(s.hand) == 2 and s.hand[-1] == deck_top[-1]
    assert [s.game.title(c) for c in s.discard] == ["Spare One"]
    assert "Cast Chant from Liber" not in words(s)  # face-down until the Round ends (l.309)
    s = do(do(s, "Pass"), "End the Round")
    assert "Cast Chant from Liber" in words(s)


def test_a_spell_known_by_an_ally_costs_nothing_and_is_buried() -> None:
    # Rulebook l.170, l.311: an Ally casts it at no Sanity cost; the Spell is Buried once cast.
    # l.317: Summon plays a Monster of its class from hand, no Gate, paying the Monster's cost.
    imp = monster("Imp", "Lesser Independent", sanity=-1)
    servant = monster("Servant", "Lesser Servitor")
    s = setup([ARKHAM_HOUSE, KEEPER, SUMMON, imp, servant])
    s = do(do(do(s, "Play Arkham House"), "Play Keeper"), "Play Dust to Keeper")
    assert casts(s) == {"Cast Dust from Keeper on Imp"}
    s = do(s, "Cast Dust from Keeper on Imp")
    assert s.sanity == 11  # the Monster's cost only
    assert [s.game.title(c) for c in s.threat] == ["Imp"]
    assert s.game.title(s.story[0]) == "Dust" and s.spells == [] and s.attached[s.allies[0]] == ()
    s = do(s, "Pass")
    assert [s.game.title(c) for c in s.story[:2]] == ["Imp", "Dust"]  # the Threat is Buried (l.439)


def test_a_monster_played_as_an_ally_and_an_ally_played_at_once() -> None:
    ghoul = monster("Ghoul", "Living Dead")
    local, far = ally("Local"), ally("Faraway", region="Europe", sub="Paris")
    s = tome_with([CALL, KEEN], [ghoul, local, far])
    assert casts(s) == {"Cast Call from Liber on Ghoul", "Cast Keen from Liber on Local"}
    t = do(s, "Cast Call from Liber on Ghoul")
    assert [t.game.title(c) for c in t.allies] == ["Ghoul"] and t.sanity == 11
    t = do(s, "Cast Keen from Liber on Local")
    assert [t.game.title(c) for c in t.allies] == ["Local"] and "Cast Keen from Liber on Faraway" not in casts(s)


def test_resurrection_brings_an_ally_back_from_the_story_deck() -> None:
    s = tome_with([RAISE], [KEEPER])
    assert casts(s) == set()  # no Ally in the Story Deck: no target
    keeper = s.hand[-1]
    s.hand.remove(keeper)
    s.story.insert(0, keeper)
    s.counted = s.adventure_tally()  # as if it had been Buried there
    assert casts(s) == {"Cast Raise from Liber on Keeper"}
    s = do(s, "Cast Raise from Liber on Keeper")
    assert s.allies == [keeper] and keeper not in s.story and s.sanity == 10
    assert s.counted == s.adventure_tally()


def test_travel_walks_to_any_region_but_not_exotic() -> None:
    s = tome_with([FLY], [PARIS_CAFE, TYCHO])
    assert casts(s) == {"Cast Fly from Liber on Paris Cafe"}
    s = do(s, "Cast Fly from Liber on Paris Cafe")
    assert s.walking and s.game.title(s.story[-1]) == "Paris Cafe"
    assert "Arrive at Paris Cafe" in words(s)


def test_sanity_and_draw() -> None:
    s = tome_with([SOOTHE, GLIMPSE], sanity=5)
    s = do(s, "Cast Soothe from Liber")
    assert s.sanity == 5 - 1 + 2  # gains before losses, and the cost (rulebook l.40)
    top = s.deck[-2:]
    s = do(s, "Cast Glimpse from Liber")
    assert s.hand[-2:] == top[::-1] and s.sanity == 5


def test_a_spell_that_needs_an_opponent_is_never_cast_alone() -> None:
    s = tome_with([CURSE])
    assert casts(s) == set()  # rulebook l.202, l.307: no legitimate target alone


def test_the_lamp_gives_the_past_so_past_allies_may_be_played() -> None:
    # Rulings l.184: spend 1 Sanity and flip the Lamp to add the Past to your Location;
    # rulebook l.552: Past Allies are played only there; the card: no other Ally, no new Location.
    keziah = ally("Keziah", sub="Arkham Past")
    local = ally("Local")
    store = location("Arkham Store")
    s = setup([ARKHAM_HOUSE, LAMP, keziah, local, store])
    s = do(do(s, "Play Arkham House"), "Play Lamp")
    assert "Play Keziah" not in words(s) and "Play Local" in words(s)
    assert casts(s) == {"Use Lamp"}
    s = do(s, "Use Lamp")
    assert s.sanity == 11 and casts(s) == set()  # flipped: used once
    assert "Play Arkham Store" not in words(s) and "Play Local" not in words(s)
    s = do(s, "Play Keziah")
    assert s.sanity == 11 and [s.game.title(a) for a in s.allies] == ["Keziah"]
    s = do(do(s, "Pass"), "End the Round")
    assert not s.in_past and {"Play Arkham Store", "Play Local"} <= words(s) and "Play Keziah" not in words(s)


def test_an_override_sets_an_effect_and_cast_spells_off_plays_none() -> None:
    plain = spell("Plain", "Something the reader does not know.")
    cards = [ARKHAM_HOUSE, book(1), plain]
    rules = Rules(effects={"plain": parse_effects("sanity +3")})
    s = tome_with([plain], rules=rules, sanity=5)
    assert casts(s) == {"Cast Plain from Liber"}
    assert Game(cards, investigator(), Rules(cast_spells=False)).has_uses is False
    assert Game(cards, investigator()).ignored[2] == "an effect the engine does not read yet"


def test_a_deck_without_castable_cards_has_no_uses() -> None:
    game = Game([ARKHAM_HOUSE, KEEPER, CURSE], investigator())
    assert not game.has_uses
    s = game.new_state(1)
    assert all(p.kind not in (PlayKind.CAST, PlayKind.USE) for p in legal_plays(s))
    assert apply(s, legal_plays(s)[-1]).phase is Phase.DISCARD


def _lamp_deck(catalog, lamp: bool):  # type: ignore[no-untyped-def]
    """A real-pool deck whose one Adventure needs an Ally only a Past Ally gives: Your First Big
    Story wants an Ally costing Sanity, and the deck's only Ally is Keziah Mason (Arkham, in the
    Past). With the Lamp of Alhazrad or, in its place, three more Arkham Locations."""
    from deckbuilder.rules.decks import Deck

    titles = [
        ("Your First Big Story", 3),
        ("Arkham Mystical Supply", 3),
        ("The Shunned House", 2),
        ("Nahum Gardner Place", 2),
        ("The Arkham Advertiser", 3),
        ("Arkham Gazette", 2),
        ("Keziah Mason", 3),
        ("Hangman's Hill", 2),
        ("Old Arkham Cemetery", 2),
        ("The Silver Key", 2),
        ("Lamp of Alhazrad" if lamp else "Golden Eye Society", 3),
    ]
    cards = [(catalog.cards_named(t)[0], n) for t, n in titles]
    return Deck.of(cards, [catalog.cards_named("Pragmatic Hobo")[0]], "Past")


def test_the_lamp_lets_a_past_ally_complete_an_adventure(gccg_catalog) -> None:  # type: ignore[no-untyped-def]
    # Done-when of issue 18: with the Lamp (rulings l.184) the Past Ally is played and the
    # Adventure completes in goldfish games; without it, never (rulebook l.552).
    from deckbuilder.catalog.importers.effects import load_effect_overrides
    from deckbuilder.catalog.recipebook import deck_recipes
    from deckbuilder.rules.goldfish import goldfish, needed_titles, recipe_check

    completed, keziah, lamp_used = {}, {}, {}
    for lamp in (True, False):
        deck = _lamp_deck(gccg_catalog, lamp)
        recipes = deck_recipes(gccg_catalog, deck)
        report = goldfish(
            deck,
            games=60,
            seed=1,
            max_rounds=15,
            adventure_check=recipe_check(deck, recipes),
            needed=needed_titles(deck, recipes),
            effects=load_effect_overrides(),
        )
        completed[lamp] = report.completed
        stats = {c.title: c for c in report.cards}
        keziah[lamp] = stats["Keziah Mason"].played
        lamp_used[lamp] = stats["Lamp of Alhazrad"].used if lamp else None
    assert completed[True] >= 0.5 and completed[False] == 0.0
    # What each card did shows why: the Past Ally is played only with the Lamp, used as often.
    assert keziah[False] == 0.0 and keziah[True] >= completed[True]
    assert lamp_used[True] is not None and lamp_used[True] >= keziah[True]


def test_allies_change_the_hand_minimum_and_maximum_while_in_play() -> None:
    # Rulebook l.51-53, l.445: discard down to the Minimum at most, keep the Maximum at most; the
    # Allies' cards: the Minimum's change is not cumulative, the Maximum's is.
    lower = [
        ally(
            f"Lower {i}",
            text="While in play, subtract one from the Minimum number of cards that you may "
            "keep in your Hand. Not cumulative.",
        )
        for i in (1, 2)
    ]
    raiser = [
        ally(
            f"Raise {i}",
            text="While in play, add one to the Maximum number of cards that you may keep in your Hand. Cumulative.",
        )
        for i in (1, 2)
    ]
    s = setup([ARKHAM_HOUSE, *lower, *raiser], inv=investigator(hand=13, hand_min=4, hand_max=6))
    assert s.hand_limits() == (4, 6)
    s = do(s, "Play Arkham House")
    for title in ("Lower 1", "Lower 2", "Raise 1", "Raise 2"):
        s = do(s, f"Play {title}")
    assert s.hand_limits() == (3, 8)
    s.hand = s.deck[-5:]
    del s.deck[-5:]
    s = do(s, "Pass")
    # Five cards in hand: above the Minimum (3), below the Maximum (8): discard or end the Round.
    assert len([w for w in words(s) if w.startswith("Discard")]) == 1 and "End the Round" in words(s)


def test_a_location_that_reveals_applies_the_top_cards_sanity_and_discards_it() -> None:
    hospital = location(
        "Hospital",
        sanity=4,
        text="Gain 4 Sanity points, but reveal the top card of your Mythos "
        "Deck. Apply any Sanity gain or loss indicated on the card, then Discard it.",
    )
    horror = monster("Horror", sanity=-3)
    s = setup([hospital], [horror], sanity=8)
    s.deck.remove(1)
    s.deck.append(1)  # the Horror on top of the Mythos Deck
    s = do(s, "Play Hospital")
    assert s.sanity == 8 + 4 - 3 and [s.game.title(c) for c in s.discard] == ["Horror"]


def test_an_ally_with_a_use_draws_a_card_once() -> None:
    # Rulebook l.49: a Turn may use a card already in play; this Ally's card: flip it face-down
    # and draw a card.
    dreamer = ally(
        "Dreamer",
        text="As a Turn you may Flip this card face-down and draw a new card from the top of your Mythos deck.",
    )
    s = do(do(setup([ARKHAM_HOUSE, dreamer]), "Play Arkham House"), "Play Dreamer")
    assert casts(s) == {"Use Dreamer"}
    top = s.deck[-1]
    s = do(s, "Use Dreamer")
    assert s.hand == [top] and s.sanity == 12 and casts(s) == set()


def test_the_voluntary_lobotomy_once_a_game_at_the_end_of_the_round() -> None:
    # Rulebook l.451: Discard the Story Deck but the Current Location and the Hand, spend one
    # Sanity, reshuffle the Mythos Deck and the Discards, draw a new Hand; once a game.
    a, b = location("Arkham One"), location("Arkham Two")
    s = setup([ARKHAM_HOUSE, a, b, KEEPER], inv=investigator(hand=5, hand_min=0, hand_max=13))
    s = do(do(do(s, "Play Arkham House"), "Play Arkham One"), "Play Keeper")
    s = do(s, "Pass")
    assert "Undergo the Voluntary Lobotomy (1 Sanity)" in words(s)
    s = do(s, "Undergo the Voluntary Lobotomy (1 Sanity)")
    assert [s.game.title(c) for c in s.story] == ["Arkham One"] and at(s) == "Arkham One"
    assert [s.game.title(c) for c in s.allies] == ["Keeper"]  # cards in play about you stay
    assert s.discard == [] and len(s.hand) == 5 and s.round == 2 and s.sanity == 11
    assert s.counted == s.adventure_tally()
    s = do(s, "Pass")
    assert "Undergo the Voluntary Lobotomy (1 Sanity)" not in words(s)


def test_resurrection_with_the_lekythos_plays_an_ally_from_the_past() -> None:
    # Rulings l.85 (Resurrection "to play a Cultist from the Past"); rulebook l.552; the
    # Lekythos's card: while it is in play, Resurrection may play a Past Ally found here.
    jar = artifact(
        "Jar",
        "While this card is in play, you can use the Resurrection Spell to play an Ally Card from "
        "the Past. You must be in the proper Location.",
    )
    keziah = Card(
        key="T:Keziah",
        title="Keziah",
        set_code="T",
        type=CardType.ALLY,
        region="Lovecraft Country",
        subregion="Arkham Past",
        languages=("English",),
        sanity=-1,
    )
    far = Card(
        key="T:Far",
        title="Far",
        set_code="T",
        type=CardType.ALLY,
        region="Lovecraft Country",
        subregion="Providence Past",
        languages=("English",),
    )
    s = tome_with([RAISE], [keziah, far, jar])
    assert casts(s) == set()  # no Ally in the Story Deck, and no Lekythos yet
    s = do(s, "Play Jar")
    assert casts(s) == {"Cast Raise from Liber on Keziah"}  # not Far: Providence, not here
    s = do(s, "Cast Raise from Liber on Keziah")
    assert [s.game.title(a) for a in s.allies] == ["Keziah"] and s.sanity == 12 - 2 - 1
    assert s.counted == s.adventure_tally()


def test_the_silver_key_walks_from_a_gate_to_another_dimension() -> None:
    # Rulebook l.267: another Dimension only by a card that says so; the Key's card: from a Gate,
    # walk to any Location (not Exotic) of another Dimension, then flip it.
    key = artifact(
        "Key", "Use a Gate to walk to any Location (except Exotic) in another Dimension. Flip this card when used."
    )
    gate_house = location("Gate House", attrs=("City", "Artifact"), gate=True)
    plain = location("Plain House", attrs=("City", "Artifact"))
    ulthar = location("Ulthar", region="The West", sub="Ulthar", dimension=Dimension.DREAMLANDS)
    s = do(do(setup([plain, key, gate_house, ulthar, PARIS_CAFE]), "Play Plain House"), "Play Key")
    assert casts(s) == set()  # no Gate here
    s = do(s, "Play Gate House")
    assert casts(s) == {"Use Key on Ulthar"}  # not Paris Cafe: the same Dimension
    s = do(s, "Use Key on Ulthar")
    assert s.walking and s.game.title(s.story[-1]) == "Ulthar" and casts(s) == set()


def test_a_location_that_loses_a_card_at_random_on_arrival() -> None:
    # The cards' own effects: a card of the Hand (Essex Institute), or of the Story Deck below
    # the Location (Congregational Hospital), is Discarded at random as you arrive.
    trepan = location("Trepan House", text="Randomly Discard one card from your Hand.")
    shock = location(
        "Shock Ward",
        text="Set aside this card and shuffle your Story Deck. Randomly Discard one Story "
        "Deck card, then replace this card.",
    )
    a, b = location("Spare One"), location("Spare Two")
    s = do(setup([trepan, a, b]), "Play Trepan House")
    assert (
        len(s.hand) == 1
        and len(s.discard) == 1
        and {s.game.title(c) for c in s.hand + s.discard} == {"Spare One", "Spare Two"}
    )
    s = do(setup([ARKHAM_HOUSE, shock]), "Play Arkham House")
    s = do(s, "Play Shock Ward")
    assert [s.game.title(c) for c in s.story] == ["Shock Ward"] and [s.game.title(c) for c in s.discard] == [
        "Arkham House"
    ]
    assert s.counted == s.adventure_tally()


def test_allies_traded_for_sanity_are_buried_with_what_they_hold() -> None:
    # Call Power of Nyambe's card: choose Allies, gain their values in Sanity, Bury them; a
    # Weapon held goes with its Ally (rulebook l.191); gains before losses (l.40).
    nyambe = spell(
        "Nyambe",
        "Choose Allies to be affected. Tally value of cards chosen excluding Weapons or other "
        "Artifacts, and add that value to your Investigator's Sanity points. Bury the chosen Allies.",
        -2,
    )
    one = Card(
        key="T:One",
        title="One",
        set_code="T",
        type=CardType.ALLY,
        region="Lovecraft Country",
        subregion="Arkham",
        languages=("English",),
        value=3,
    )
    two = Card(
        key="T:Two",
        title="Two",
        set_code="T",
        type=CardType.ALLY,
        region="Lovecraft Country",
        subregion="Arkham",
        languages=("English",),
        value=2,
    )
    s = tome_with([nyambe], [one, two], sanity=5)
    assert casts(s) == set()  # no Ally in play
    s = do(do(s, "Play One"), "Play Two")
    assert casts(s) == {
        "Cast Nyambe from Liber on One",
        "Cast Nyambe from Liber on Two",
        "Cast Nyambe from Liber on One, Two",
    }
    s = do(s, "Cast Nyambe from Liber on One, Two")
    assert s.sanity == 5 - 2 + 5 and s.allies == [] and {s.game.title(c) for c in s.story[:2]} == {"One", "Two"}
    assert s.counted == s.adventure_tally()


def test_a_location_of_the_story_deck_recalled_to_the_top() -> None:
    # Create Time Warp's card: move any Location of your Story Deck to the top; no Sanity, and
    # its Gate may be used again.
    warp = spell(
        "Warp",
        "Move any Location in your Story Deck to the top of the deck. Ignore Sanity gain/loss; may reuse Gate.",
        -2,
    )
    gate = location("Arkham Gate", attrs=("City", "Site"), gate=True, sanity=-3)
    s = setup([gate, ARKHAM_HOUSE, book(1), warp], sanity=10)
    s = do(do(do(s, "Play Arkham Gate"), "Play Arkham House"), "Play Liber with Warp")
    assert s.sanity == 7 and casts(s) == {"Cast Warp from Liber on Arkham Gate"}
    s = do(s, "Cast Warp from Liber on Arkham Gate")
    assert at(s) == "Arkham Gate" and [s.game.title(c) for c in s.story] == ["Arkham House", "Arkham Gate"]
    assert s.sanity == 5 and not s.gate_used and s.counted == s.adventure_tally()  # only the Spell's 2


def test_spell_heavy_real_decks_show_their_spells_cast_and_costs_paid(gccg_catalog) -> None:  # type: ignore[no-untyped-def]
    # Done-when of issue 18: the Standard Corrupt deck's Dust of Suleiman and Me and My Shadow's
    # Chant of Thoth are cast in the games, and their Sanity is paid (rulebook l.305, l.309).
    from conftest import MYTHOS_DATA, load_real_deck

    from deckbuilder.service.games import run_goldfish

    for name, spell_title in (
        ("standard-corrupt.deck", "Dust of Suleiman"),
        ("bourne-me-and-my-shadow.deck", "Chant of Thoth"),
    ):
        deck = load_real_deck(MYTHOS_DATA / "gccg" / "decks" / name, gccg_catalog)
        report = run_goldfish(gccg_catalog, deck, games=60, seed=1, campaign=True, target=20, max_rounds=25, odds=False)
        stats = {c.title: c for c in report.cards}
        assert stats[spell_title].used is not None and stats[spell_title].used > 0.1, name
        assert stats[spell_title].ignored == ""


def test_a_sanitarium_reveals_a_monster_that_attacks_as_you_arrive() -> None:
    # The card: reveal the Mythos Deck's top card; a Monster attacks, Allies may defend, then it
    # is Discarded. Alone the engine lets no Ally defend: you lose its value (rulebook l.433).
    ward = location(
        "Ward",
        sanity=6,
        text="Reveal the top card of your Mythos Deck. If it is a Monster, it attacks "
        "immediately. Allies may defend you, then Discard it. Discard any other card drawn.",
    )
    horror = monster("Horror")  # value 2
    s = setup([ward], [horror], sanity=8)
    s.deck.remove(1)
    s.deck.append(1)
    s = do(s, "Play Ward")
    assert s.sanity == 8 + 6 - 2 and [s.game.title(c) for c in s.discard] == ["Horror"]


# -- issue 23: Monsters used for travel (rulebook l.317) -------------------------------------


def _folk_book() -> Card:
    return Card(
        key="T:Folk Book",
        title="Folk Book",
        set_code="T",
        type=CardType.TOME,
        value=2,
        icons=(SpellIcon.FOLK,),
        tome_languages=("English",),
        text="",
    )


def test_song_of_the_stellar_larvae_with_shantaks_reaches_yuggoth(gccg_catalog) -> None:  # type: ignore[no-untyped-def]
    # Rulebook l.317: "If the Monster may be used for travel ... it may instead be placed
    # right-side-up on your Story Deck. A Location appropriate to the Monster's ability is then
    # immediately played to your Story Deck as your current Location." The Shantaks (Limited)
    # travel by Air or Sea to any Location including Space: Yuggoth, an Exotic Space Location.
    song = next(c for c in gccg_catalog.cards_named("Song of the Stellar Larvae"))
    shantaks = next(c for c in gccg_catalog.cards_named("Shantaks") if c.set_code == "LTD")
    yuggoth = next(c for c in gccg_catalog.cards_named("Yuggoth"))
    s = setup([ARKHAM_HOUSE, _folk_book(), song, shantaks, yuggoth], sanity=15)
    s = do(s, "Play Arkham House")
    s = do(s, "Play Folk Book with Song of the Stellar Larvae")
    assert "Play Yuggoth" not in words(s) and "Walk to Yuggoth" not in words(s), "Exotic: no walking there"
    s = do(s, "Cast Song of the Stellar Larvae from Folk Book on Shantaks, Yuggoth")
    assert at(s) == "Yuggoth"
    assert [s.game.title(c) for c in s.story[-3:]] == ["Arkham House", "Shantaks", "Yuggoth"]
    # Paid: the Spell's pentagram (rulebook l.309), the Shantaks' (l.317), Yuggoth's on arrival (l.38).
    assert s.sanity == 15 + (song.sanity or 0) + (shantaks.sanity or 0) + (yuggoth.sanity or 0) == 11


def test_a_summon_spell_may_use_a_travel_monster_to_travel_or_to_attack() -> None:
    # Rulebook l.317: Summon plays the Monster to attack, or, if it may be used for travel, onto
    # the Story Deck with a Location it allows.
    lift = monster(
        "Lifters",
        "Lesser Independent",
        text="If summoned, use Lifters as a Travel by Air Event and immediately play a new Location in any Region.",
    )
    s = tome_with([SUMMON], [lift, PARIS_CAFE])
    assert casts(s) == {"Cast Dust from Liber on Lifters", "Cast Dust from Liber on Lifters, Paris Cafe"}
    flown = do(s, "Cast Dust from Liber on Lifters, Paris Cafe")
    assert at(flown) == "Paris Cafe" and flown.threat == []
    assert [flown.game.title(c) for c in flown.story[-2:]] == ["Lifters", "Paris Cafe"]
    fought = do(s, "Cast Dust from Liber on Lifters")
    assert [fought.game.title(c) for c in fought.threat] == ["Lifters"] and at(fought) == "Arkham House"


def test_a_monster_that_travels_by_land_stays_in_its_region() -> None:
    walker = monster(
        "Crawler",
        "Lesser Independent",
        text="When summoned can be used to travel by Land: go at once to another Location of the Region.",
    )
    near = location("Arkham Shop")
    s = tome_with([SUMMON], [walker, PARIS_CAFE, near])
    assert casts(s) == {"Cast Dust from Liber on Crawler", "Cast Dust from Liber on Crawler, Arkham Shop"}
