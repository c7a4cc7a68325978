""" "Add one of": the cards offered for a missing Adventure requirement, ranked by what the deck
can play (issue 27: it "suggests cards the deck then cannot play").

The judge is the Playability panel's own analysis of the deck with the card added
(:class:`~deckbuilder.rules.playability.AdditionJudge`) and the way to play's deck check
(:func:`~deckbuilder.rules.validator.added_card_findings`); a card the deck could not play is
offered last, with the engine's reason. Made-up cards first, then the bundled sample through
`mythos deck adventures` and the editor, then the real pool (skipped without ../shared).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from conftest import MYTHOS_DATA
from support.html import select, select_one, texts
from support.web import Browser, deck_lines, make_client, new_deck
from typer.testing import CliRunner

from deckbuilder import service
from deckbuilder.cli import adventure as commands
from deckbuilder.rules.adventures import check_adventure, parse_recipe_text
from deckbuilder.rules.cards import Card, CardType, Dimension, fold_title
from deckbuilder.rules.decks import Deck, DeckEntry, Section
from deckbuilder.rules.playability import AdditionJudge, Profiles, Severity, playability
from deckbuilder.service.adventures import addition_judge

# --------------------------------------------------------------------------------------
# made-up cards


def location(
    title: str, region: str, dimension: Dimension = Dimension.WAKING_WORLD, gate: bool = False, ruins: bool = False
) -> Card:
    return Card(
        key=f"T:{fold_title(title)}",
        title=title,
        set_code="LTD",
        type=CardType.LOCATION,
        region=region,
        dimension=dimension,
        gate=gate,
        attributes=("Gate",) * gate + ("Ruins",) * ruins,
    )


def monster(title: str, dimension: Dimension | None = None) -> Card:
    return Card(key=f"T:{fold_title(title)}", title=title, set_code="LTD", type=CardType.MONSTER, dimension=dimension)


HOME = location("Old Gate House", "Lovecraft Country", gate=True)
RUINS = parse_recipe_text("1x attr:Ruins & Location\n")
STREET = location("Hill Street", "Lovecraft Country")


def deck_of(*cards: Card) -> Deck:
    return Deck.of([(card, 4) for card in cards])


def test_a_monster_with_no_gate_of_its_dimension_is_offered_after_one_the_deck_can_play():
    # Rulebook l.227: Monsters are played on arriving at a Gate; a Dreamlands card needs a
    # Dreamlands Location (rulebook l.267). Alphabetically the Dreamlands one came first.
    deck = deck_of(HOME, STREET)
    pool = [monster("Abyssal Crawler", Dimension.DREAMLANDS), monster("Zoog Swarm")]
    check = check_adventure(parse_recipe_text("1x Monster\n"), deck.cards(), pool, addition_judge(None, deck))
    (slot,) = check.missing
    assert slot.add_one_of == ("Zoog Swarm", "Abyssal Crawler")
    ((title, severity, reason),) = slot.cannot_play
    assert (title, severity) == ("Abyssal Crawler", "error")
    assert "Dreamlands" in reason
    assert slot.why_not("Zoog Swarm") is None


def test_a_location_of_a_dimension_the_deck_cannot_reach_comes_after_the_ones_it_can():
    deck = deck_of(HOME, STREET)
    pool = [
        location("Aardvark Ruins", "The West", Dimension.DREAMLANDS, ruins=True),
        location("Zion Chapel", "Lovecraft Country", ruins=True),
        location("Bell Tower", "Lovecraft Country", ruins=True),
    ]
    check = check_adventure(RUINS, deck.cards(), pool, addition_judge(None, deck))
    (slot,) = check.missing
    assert slot.add_one_of == ("Bell Tower", "Zion Chapel", "Aardvark Ruins")
    severity, reason = slot.why_not("Aardvark Ruins")
    assert severity == "warning"  # it can be a first Location: only a game that starts there plays it
    assert "can only be a first Location" in reason and "Dreamlands" in reason


def test_without_a_judge_the_home_region_comes_before_chaosiums_cards_elsewhere():
    # Under the judge's order: the home Region (a fan card there before an official one in
    # Europe), then Chaosium's before fan cards.
    deck = deck_of(HOME, STREET, location("Rue Morgue", "Europe"))
    fan = Card(
        key="SD:hall",
        title="Haunted Hall",
        set_code="SD",
        type=CardType.LOCATION,
        region="Lovecraft Country",
        attributes=("Ruins",),
    )
    pool = [location("Abbey Road", "Europe", ruins=True), fan, location("Quay", "Lovecraft Country", ruins=True)]
    check = check_adventure(RUINS, deck.cards(), pool)
    assert check.missing[0].add_one_of == ("Quay", "Haunted Hall", "Abbey Road")


def test_the_judge_says_what_the_playability_panel_says_of_the_deck_with_the_card(gccg_cards):
    # The judge takes the places found for the deck alone when the card cannot change them:
    # its answers are held to the whole analysis of the deck with the card, over the pool.
    deck = deck_of(*[c for c in gccg_cards if c.type is CardType.LOCATION and c.subregion == "Arkham"][:6])
    judge = AdditionJudge(deck)
    assert judge.settled
    checked = 0
    for card in gccg_cards[::5]:
        if card.type is CardType.INVESTIGATOR:
            continue
        with_card = Deck(deck.name, (*deck.entries, DeckEntry(card, 1, Section.DECK)))
        shown = judge(card)
        whole = [
            i
            for i in playability(with_card)
            if i.severity is not Severity.NOTE and (i.card == shown_title(card) or shown_title(card) in i.about)
        ]
        assert shown == (whole[0] if whole else None), card.title
        checked += 1
    assert checked > 200


def shown_title(card: Card) -> str:
    from deckbuilder.rules.cards import display_title

    return display_title(card.title)


# --------------------------------------------------------------------------------------
# the bundled sample: `mythos deck adventures` and the editor

SAMPLE_RECIPE = '''
[[recipe]]
title = "Stand Against the Order"
note = "a test's reading: any Ally"
recipe = """
1x Ally
"""
'''


@pytest.fixture()
def sample(tmp_path, monkeypatch) -> Path:
    """The sample catalog, with "Stand Against the Order" read as "an Ally" (the sample's
    card prints no recipe) by a recipes file beside it."""
    monkeypatch.delenv("MYTHOS_RECIPES", raising=False)
    db = tmp_path / "catalog" / "catalog.sqlite"
    db.parent.mkdir()
    service.open_catalog(db)[0].close()
    (db.parent / "recipes.toml").write_text(SAMPLE_RECIPE, encoding="utf-8")
    return db


ARKHAM_DECK = "Investigator\n1 Diabolical Cultist\nDeck\n1 Stand Against the Order\n4 Arkham Historical Society\n"


def mythos(*args: object):
    app = typer.Typer(pretty_exceptions_enable=False, rich_markup_mode=None)
    deck_app = typer.Typer(rich_markup_mode=None)
    app.add_typer(deck_app, name="deck")
    deck_app.command("adventures")(commands.deck_adventures)
    deck_app.command("plan")(commands.deck_plan)
    return CliRunner().invoke(app, [str(a) for a in args])


def test_deck_adventures_offers_the_allies_the_deck_can_play_first_and_says_why_not(sample, tmp_path):
    # A deck whose only Location is in Arkham (Waking World): Napoleon Whateley is a New Æon
    # Ally, the Brother of the Yellow Sign is found in Rome; both were offered first (A-Z).
    deck = tmp_path / "arkham.txt"
    deck.write_text(ARKHAM_DECK, encoding="utf-8")
    result = mythos("deck", "adventures", deck, "--db", sample)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    at = lines.index("   1. an Ally")
    assert lines[at + 2] == (
        "      add one of: Dr. Carl Jung, Reverend Baxter Lully, Brother of the Yellow Sign, Napoleon Whateley"
    )
    assert lines[at + 3].startswith("        Brother of the Yellow Sign (cannot play): ")
    assert "Rome" in lines[at + 3]
    assert lines[at + 4] == (
        "        Napoleon Whateley (cannot play): Napoleon Whateley is a New Æon Ally and the deck has no New Æon Location"
    )
    data = json.loads(mythos("deck", "adventures", deck, "--db", sample, "--json").stdout)
    (slot,) = data[0]["slots"]
    assert slot["add_one_of"][:2] == ["Dr. Carl Jung", "Reverend Baxter Lully"]
    assert [(c["card"], c["severity"]) for c in slot["cannot_play"]] == [
        ("Brother of the Yellow Sign", "error"),
        ("Napoleon Whateley", "error"),
    ]
    plan = mythos("deck", "plan", deck, "--db", sample, "--target", "1")
    assert "Brother of the Yellow Sign (cannot play), Napoleon Whateley (cannot play)" in plan.stdout


def test_the_editor_offers_what_the_deck_can_play_first_each_added_in_one_click(sample, tmp_path):
    browser = Browser(make_client(sample, tmp_path))
    browser.get("/decks")
    deck_id = new_deck(browser)
    for card, count in (("Arkham Historical Society", 4), ("Stand Against the Order", 1)):
        _answer, dom = browser.post(f"/decks/{deck_id}/cards", {"card": card, "count": str(count)})
    slot = select_one(dom, 'article.adventure[data-adventure="Stand Against the Order"] li.short')
    assert texts(slot, "button.suggest") == [
        "Dr. Carl Jung",
        "Reverend Baxter Lully",
        "Brother of the Yellow Sign",
        "Napoleon Whateley",
    ]
    flagged = select(slot, ".why-not.error")
    assert [select_one(f, "button.suggest").text() for f in flagged] == [
        "Brother of the Yellow Sign",
        "Napoleon Whateley",
    ]
    assert select_one(flagged[1], ".reason").text() == (
        "cannot play: Napoleon Whateley is a New Æon Ally and the deck has no New Æon Location"
    )
    _answer, dom = browser.post(f"/decks/{deck_id}/cards", {"card": "Dr. Carl Jung", "change": "1"})
    assert deck_lines(dom)["Dr. Carl Jung"] == 1
    article = select_one(dom, 'article.adventure[data-adventure="Stand Against the Order"]')
    assert "complete" in article.attrs["class"].split()


# --------------------------------------------------------------------------------------
# the real pool


@pytest.fixture(scope="module")
def steadfast(gccg_catalog):
    return service.load_deck_file(gccg_catalog, MYTHOS_DATA / "gccg" / "decks" / "standard-steadfast.deck")


def offered(catalog, loaded, adventure: str, words: str, play=None):
    """Gets the slot of ``adventure`` (added to the deck) that reads ``words``."""
    title = next(c for c in catalog.all_cards() if c.title == adventure and c.is_official)
    deck = Deck(loaded.deck.name, (*loaded.deck.entries, DeckEntry(title, 1, Section.DECK)))
    from dataclasses import replace

    checks = service.deck_adventures(catalog, replace(loaded, deck=deck), play).checks
    (check,) = [c for c in checks if c.adventure == adventure]
    from deckbuilder.rules.adventures.words import slot_words

    (slot,) = [s for s in check.slots if slot_words(s.slot) == words]
    return slot


def test_a_dreamlands_ruins_comes_after_the_lovecraft_country_one_for_a_waking_world_deck(gccg_catalog, steadfast):
    # The Standard Game's Steadfast deck (Lovecraft Country, Waking World, no way to the
    # Dreamlands) and Armed and Clueless's RUINS.
    slot = offered(gccg_catalog, steadfast, "Armed and Clueless", "a Ruins")
    assert slot.add_one_of[0] == "Old Brick Powderhouse" and slot.why_not("Old Brick Powderhouse") is None
    assert "The Ruins of Ib" in slot.add_one_of
    severity, reason = slot.why_not("The Ruins of Ib")
    assert severity == "warning" and "nothing in the deck takes you to the Dreamlands" in reason


def test_new_aeon_travel_events_come_after_the_ones_a_waking_world_deck_can_play(gccg_catalog, steadfast):
    # Outbreak's TRAVEL BY AIR: 747 and Helicopter are New Æon cards (rulebook l.267); A-Z
    # they came first.
    slot = offered(gccg_catalog, steadfast, "Outbreak", "a Travel by Air card")
    assert slot.add_one_of[:2] == ("Dirigible", "Seaplane")
    assert [(t, s) for t, s, _r in slot.cannot_play if t in ("747", "Helicopter")] == [
        ("747", "error"),
        ("Helicopter", "error"),
    ]
    assert slot.add_one_of.index("747") > slot.add_one_of.index("Seaplane")


def test_a_fan_card_is_offered_as_the_way_to_play_treats_it(gccg_catalog, steadfast):
    # Derelict Riverboat (Scooby Doo, a parody set) is a RUINS: Advanced warns of fan cards
    # (rulebook l.477), official play refuses them, the house rule fan-cards plays them.
    def riverboat(play):
        slot = offered(gccg_catalog, steadfast, "Armed and Clueless", "a Ruins", play)
        return slot.add_one_of.index("Derelict Riverboat"), slot.why_not("Derelict Riverboat")

    official = service.way_to_play("advanced", ["official-cards-only"])
    assert official.house_rules and riverboat(service.way_to_play("advanced"))[0] == 1
    _at, (severity, reason) = riverboat(service.way_to_play("advanced"))
    assert severity == "warning" and reason.startswith("Advanced warns of it (rulebook:477): not Chaosium's")
    slot = offered(gccg_catalog, steadfast, "Armed and Clueless", "a Ruins", official)
    assert "Derelict Riverboat" not in slot.add_one_of  # never played: behind every other Ruins
    at_fan, why = riverboat(service.way_to_play("advanced", ["fan-cards"]))
    assert why is None and at_fan == 1  # played: right after the Lovecraft Country official one


# --------------------------------------------------------------------------------------
# the judge's short cuts hold the whole analysis's answers (issue 28: "add one of" slowed
# for decks with many unmet slots)


def with_one_more(deck: Deck, card: Card) -> Deck:
    return Deck(deck.name, (*deck.entries, DeckEntry(card, 1, Section.DECK)))


class WholeAnalysis:
    """The judge as first written: the Playability panel's whole analysis of the deck with
    the card, its first finding about the card; no short cut, only the cards' profiles kept
    between cards, as the judge always kept them (``Profiles``: one vocabulary of names, so
    a name reads as it was first met)."""

    def __init__(self, deck: Deck, *, effects=None) -> None:
        self.deck, self.effects, self.profiles = deck, effects, Profiles()

    def __call__(self, card: Card):
        shown = shown_title(card)
        found = [
            i
            for i in playability(with_one_more(self.deck, card), effects=self.effects, profiles=self.profiles)
            if i.severity is not Severity.NOTE and (i.card == shown or shown in i.about)
        ]
        return found[0] if found else None


@pytest.fixture(scope="module")
def steadfast_with_two(gccg_catalog, steadfast):
    """The Standard Game's Steadfast deck with Armed and Clueless and Outbreak: 12 unmet slots,
    and places a card added can change (a Location's requirement the deck does not meet)."""
    from dataclasses import replace

    adds = [
        next(c for c in gccg_catalog.all_cards() if c.title == t and c.is_official)
        for t in ("Armed and Clueless", "Outbreak")
    ]
    deck = steadfast.deck
    for card in adds:
        deck = with_one_more(deck, card)
    return replace(steadfast, deck=deck)


#: Locations of Alexandria, and Al-Azhar University in Cairo, which only a reader of Arabic
#: may play: a deck with no reader can go nowhere in Cairo until a card added reads it.
CAIRO_WAITS = ("Alexandria Museum of Antiquities", "Grivas Old and New Books", "Tomb of the Prophet Daniel")


@pytest.fixture(scope="module")
def waiting_for_a_reader(gccg_cards) -> Deck:
    titles = (*CAIRO_WAITS, "Al-Azhar University")
    return Deck("Cairo", tuple(DeckEntry(next(c for c in gccg_cards if c.title == t), 2, Section.DECK) for t in titles))


def test_an_ally_who_reads_arabic_opens_cairo_and_is_judged_playable(gccg_cards, waiting_for_a_reader):
    judge = AdditionJudge(waiting_for_a_reader)
    assert not judge.settled
    [finding] = [i for i in playability(waiting_for_a_reader) if i.severity is Severity.ERROR]
    assert finding.card == "Al-Azhar University" and "no one can read Arabic" in finding.reason
    ahmed = next(c for c in gccg_cards if c.title == "Ahmed")  # a Cairo Ally who knows Arabic
    assert judge(ahmed) is None  # taken as the deck alone's places: "needs a Cairo Location"


@pytest.mark.parametrize("deck_of_test", ["steadfast_with_two", "waiting_for_a_reader"])
def test_the_judge_answers_as_the_whole_analysis(gccg_cards, deck_of_test, request):
    # Every third card of the pool, and each card that may meet a Location's or a Travel
    # Event's requirement (a Star Event, a card that knows a language): the same answers.
    deck = request.getfixturevalue(deck_of_test)
    deck = getattr(deck, "deck", deck)
    judge, whole = AdditionJudge(deck), WholeAnalysis(deck)
    openers = [c for c in gccg_cards if "star" in (c.subtype or "").casefold() or c.languages]
    for card in [*gccg_cards[::3], *openers]:
        if card.type is not CardType.INVESTIGATOR:
            assert judge(card) == whole(card), card.title


def test_add_one_of_ranks_a_real_deck_as_the_whole_analysis_does(gccg_catalog, steadfast_with_two, monkeypatch):
    # The same 12 unmet slots offered in the same order, with the same reasons, whether the
    # judge takes its short cuts or runs the whole analysis for every card.
    fast = service.deck_adventures(gccg_catalog, steadfast_with_two).to_json()
    monkeypatch.setattr("deckbuilder.rules.playability.AdditionJudge", WholeAnalysis)
    slow = service.deck_adventures(gccg_catalog, steadfast_with_two).to_json()
    unmet = [s for check in fast for s in check["slots"] if s.get("add_one_of")]
    assert len(unmet) == 12 and any(s.get("cannot_play") for s in unmet)
    assert fast == slow
