"""Playability: cards a deck can never play, or only by an unlikely path.

Hand-built decks for each kind of finding, then real decks whose findings are pinned with
the reason a player would give, then the ``mythos deck playability`` command.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from conftest import load_real_deck
from support.engine import (
    ARKHAM_GATE,
    ARKHAM_HOUSE,
    BOSTON_LIBRARY,
    DIRIGIBLE,
    INSIDE,
    LONDON_DOCKS,
    NA_STATION,
    OUTSIDE,
    PARIS_CAFE,
    SHUTTLE,
    STEAMER,
    TYCHO,
    ally,
    artifact,
    event,
    goo,
    investigator,
    location,
    monster,
    spell,
    tome,
)
from typer.testing import CliRunner

from deckbuilder.rules.cards import Card, Dimension, LanguageRule, SpellIcon
from deckbuilder.rules.decks import Deck
from deckbuilder.rules.playability import MONSTERS_PER_GATE, PlayabilityIssue, Severity, playability

ENGLISH = investigator(("English",))


def issues_of(cards: list[Card] | list[tuple[Card, int]], inv: Card | None = ENGLISH) -> list[PlayabilityIssue]:
    """The findings of unplayability (errors and warnings); the effect notes are tested apart."""
    pairs = [c if isinstance(c, tuple) else (c, 1) for c in cards]
    return [i for i in playability(Deck.of(pairs, [inv] if inv else [])) if i.kind != "effect"]


def found(issues: list[PlayabilityIssue]) -> set[tuple[str, str, str]]:
    return {(i.card, i.severity.value, i.kind) for i in issues if i.kind != "effect"}


# --------------------------------------------------------------------------------------
# One finding at a time


def test_a_playable_deck_has_no_findings() -> None:
    deck = [
        ARKHAM_HOUSE,
        ARKHAM_GATE,
        BOSTON_LIBRARY,
        ally("Henry Armitage", languages=("English", "Latin")),
        tome("Necronomicon", ("Latin",)),
        spell("Resurrection"),
        artifact("Tommygun", "Weapon"),
        monster("Byakhee"),
        DIRIGIBLE,
        PARIS_CAFE,
    ]
    assert issues_of(deck) == []


def test_ally_without_its_location() -> None:
    # Rulebook l.84, l.483: "Make sure that your Allies come from the Locations that you are including."
    issues = issues_of([BOSTON_LIBRARY, ally("Henry Armitage")])
    assert [i.reason for i in issues] == ["Henry Armitage needs an Arkham Location: the deck has none"]
    assert issues[0].severity is Severity.ERROR
    assert issues[0].fix == "add an Arkham Location, or cut Henry Armitage"


@pytest.mark.parametrize(
    ("extra", "severity"),
    [
        ([], "error"),  # rulebook l.552: the Past, and nothing reaches it
        (
            [
                artifact(
                    "Lamp of Alhazrad",
                    text="Spend 1 Sanity point and flip this card to add the Past attribute to your current Location.",
                )
            ],
            "warning",
        ),
    ],
)
def test_past_ally(extra: list[Card], severity: str) -> None:
    issues = issues_of([ARKHAM_HOUSE, ally("Keziah Mason", sub="Arkham Past"), *extra])
    assert found(issues) == {("Keziah Mason", severity, "past")}
    assert "an Arkham Location in the Past" in issues[0].reason


def test_tome_without_a_tome_location() -> None:
    # Rulebook l.324, l.483.
    issues = issues_of([ARKHAM_GATE, tome("Letter", ("English",))])
    assert [(i.card, i.reason) for i in issues] == [("Letter", "Letter needs a Tome Location: the deck has none")]


@pytest.mark.parametrize(
    ("book", "allies", "finding"),
    [
        (
            tome("Necronomicon", ("Latin",)),
            [],
            "no one can read Latin for Necronomicon: neither your Investigator nor any Ally in the deck knows it",
        ),
        (tome("Necronomicon", ("Latin",)), [ally("Professor", languages=("Latin",))], None),
        # Rulebook l.326: "Greek & Latin" needs both, "Atlantean or Hyperborean" one.
        (
            tome("Voynich", ("Greek", "Latin")),
            [ally("Greek Scholar", languages=("Greek",))],
            "no one can read Greek and Latin for Voynich: neither your Investigator nor any Ally in the deck knows it",
        ),
        (
            tome("Pnakotic", ("Atlantean", "Hyperborean"), rule=LanguageRule.ONE_OF),
            [ally("Seer", languages=("Hyperborean",))],
            None,
        ),
        # An Ally who reads Latin but can never be played reads nothing.
        (
            tome("Necronomicon", ("Latin",)),
            [ally("Roman", region="Europe", sub="Rome", languages=("Latin",))],
            "no one can read Latin for Necronomicon: neither your Investigator nor any Ally in the deck knows it",
        ),
    ],
)
def test_tome_needs_a_reader(book: Card, allies: list[Card], finding: str | None) -> None:
    issues = [i for i in issues_of([ARKHAM_HOUSE, book, *allies]) if i.kind == "tome-reader"]
    assert [i.reason for i in issues] == ([finding] if finding else [])


def test_artifact_without_an_artifact_location_and_weapon_without_an_ally() -> None:
    # Rulebook l.183 (Artifact Locations), l.191 (a Weapon goes to an Ally).
    assert found(issues_of([BOSTON_LIBRARY, artifact("Lamp")])) == {("Lamp", "error", "artifact-location")}
    assert found(issues_of([ARKHAM_HOUSE, artifact("Tommygun", "Weapon")])) == {("Tommygun", "error", "artifact-ally")}


def test_monsters_and_no_gate() -> None:
    # Rulebook l.227: "You may play a Monster card only when your Investigator is at a Location
    # featuring the Gate attribute."
    issues = issues_of([ARKHAM_HOUSE, (monster("Byakhee"), 3)])
    assert [(i.reason, i.copies) for i in issues] == [("Byakhee needs a Gate Location: the deck has none", 3)]


def test_too_many_monsters_for_the_gates() -> None:
    # "13 Monsters, 2 Gates": each arrival at a Gate plays Monsters once (rulebook l.227).
    deck = [
        (ARKHAM_GATE, 2),
        (monster("Byakhee"), 4),
        (monster("Ghoul"), 4),
        (monster("Mi-Go"), 4),
        (monster("Shoggoth"), 1),
    ]
    issues = issues_of(deck)
    assert [(i.card, i.severity.value, i.reason.split(":")[0]) for i in issues] == [
        ("Monsters", "warning", "13 Monsters, 2 Gates")
    ]
    fewer = [(ARKHAM_GATE, 2), (monster("Byakhee"), 2 * MONSTERS_PER_GATE)]
    assert issues_of(fewer) == []


def test_travel_by_sea_without_a_water_location() -> None:
    # Rulings l.87: Travel by Sea Events are played at a Water Location.
    dry = location("Dry Farm", sub="Dunwich", attrs=("Country",), public=(OUTSIDE,))
    issues = issues_of([dry, STEAMER])
    assert [(i.card, i.severity.value, i.reason) for i in issues] == [
        ("Tramp Steamer", "error", "Tramp Steamer is played at a Water Location: the deck has none you can reach")
    ]


def test_travel_that_leads_nowhere() -> None:
    mauretania = event(
        "Mauretania",
        "Travel by Sea",
        "Play this card at a Location featuring the Water attribute. On "
        "a following turn, play a new Location card featuring the Water attribute in a different "
        "Region, right-side up on top of your Story Deck. May not play a new Location in the same Region.",
        affects=None,
    )
    dry_paris = location("Dry Paris", region="Europe", sub="Paris", attrs=("City",), public=(INSIDE,))
    issues = issues_of([ARKHAM_HOUSE, mauretania, dry_paris])
    assert ("Mauretania", "warning", "travel-destination") in found(issues)


def test_exotic_location_with_no_way_there() -> None:
    # Rulebook l.263: Exotic Locations by Travel in Space or Underwater.
    issues = issues_of([NA_STATION, TYCHO])
    assert [(i.card, i.reason) for i in issues] == [
        (
            "Tycho",
            "Tycho is an Exotic Location reached only by Travel in Space: the deck has no such Travel Event "
            "playable from its Locations",
        )
    ]
    assert issues_of([NA_STATION, TYCHO, SHUTTLE]) == []


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ([], {("Wave", "error", "spell-tome")}),
        # Rulebook l.170: an Ally that can know a Spell holds any Spell (read from text: a guess).
        ([ally("Old Whateley", text="Can know any one Spell.")], {("Wave", "warning", "spell-holder")}),
        ([tome("Liber", ("English",), icons=(SpellIcon.WATER,))], set()),
    ],
)
def test_spell_without_a_tome_of_its_icon(extra: list[Card], expected: set[tuple[str, str, str]]) -> None:
    # Rulebook l.299: "Match the icons on the Spell with the icons on a Tome".
    deck = [
        ARKHAM_HOUSE,
        tome("Necronomicon", ("English",), icons=(SpellIcon.DEATH,)),
        spell("Wave", SpellIcon.WATER),
        *extra,
    ]
    assert found(issues_of(deck)) == expected


def test_great_old_one_requirements() -> None:
    # Rulebook l.282: the two cards in play, and a Gate.
    bokrug = goo("Bokrug", ("Ruins Location", "Storm"))
    ruins_gate = location("Ruins", attrs=("Country", "Ruins"), public=(OUTSIDE,), gate=True)
    storm = event("Downpour", "Storm", persistent=True)
    assert issues_of([ruins_gate, storm, bokrug]) == []
    issues = issues_of([ruins_gate, bokrug])
    assert [i.reason for i in issues] == ["Bokrug needs Storm in play: the deck has no such card it can keep in play"]
    issues = issues_of([ARKHAM_GATE, storm, bokrug])
    assert [i.reason for i in issues] == [
        "Bokrug needs a Ruins Location with a Gate as your Current Location: the deck has none"
    ]


def test_dimension_the_deck_cannot_reach() -> None:
    # Rulebook l.267: a Dimension's cards need a Location of that Dimension on top.
    internet = tome("The Internet", ("English",), dimension=Dimension.NEW_AEON)
    issues = issues_of([ARKHAM_HOUSE, internet])
    assert [i.reason for i in issues] == ["The Internet is a New Æon card and the deck has no New Æon Location"]
    dream_ally = ally("Kuranes", region="The East", sub="Celephais", dimension=Dimension.DREAMLANDS)
    assert found(issues_of([ARKHAM_HOUSE, dream_ally])) == {("Kuranes", "error", "dimension")}


def test_locations_split_between_regions_with_no_travel() -> None:
    # Rulebook l.217, l.259: only Travel Events leave a Region; a game stays where it starts.
    deck = [(ARKHAM_HOUSE, 3), (BOSTON_LIBRARY, 3), (LONDON_DOCKS, 1), ally("Dunsany", region="Europe", sub="London")]
    issues = issues_of(deck)
    assert found(issues) == {("Locations", "warning", "region-split"), ("Dunsany", "warning", "ally-place")}
    assert all(
        "nothing in the deck takes you to Europe from Lovecraft Country (Waking World)" in i.reason for i in issues
    )
    assert found(issues_of(deck + [DIRIGIBLE])) == set()


def test_what_playability_calls_dead_the_engine_never_plays() -> None:
    # One rule in one place: the engine, playing at random, never plays a card this check says
    # can never be played.
    import random

    from deckbuilder.rules.engine import Game, Phase, PlayKind, Rules, apply, legal_plays

    dead_cards = [
        ally("Keziah Mason", sub="Arkham Past"),
        ally("Pierre", region="Europe", sub="Paris"),
        tome("Necronomicon", ("Latin",)),
        monster("Byakhee"),
        TYCHO,
    ]
    dry = location("Dry Farm", sub="Dunwich", attrs=("Country", "Tome"), public=(OUTSIDE,))
    deck = [(ARKHAM_HOUSE, 4), (BOSTON_LIBRARY, 4), (dry, 4), (ally("Henry Armitage"), 4)]
    deck += [(c, 4) for c in dead_cards] + [(event(f"Storm {i}", "Storm"), 4) for i in range(6)]
    dead = {i.card for i in issues_of(deck) if i.severity is Severity.ERROR}
    assert dead == {c.title for c in dead_cards}
    game = Game([c for c, n in deck for _ in range(n)], ENGLISH, Rules(advanced=True))
    rng = random.Random(3)
    played: set[str] = set()
    for seed in range(30):
        s = game.new_state(seed)
        for _ in range(200):
            plays = legal_plays(s)
            if not plays:
                break
            cards = [p for p in plays if p.card >= 0]
            play = rng.choice(cards) if cards and s.phase is Phase.PLAY else plays[-1]
            if play.kind is not PlayKind.DISCARD:
                played |= {game.title(c) for c in (play.card, *play.joined) if c >= 0}
            s = apply(s, play)
    assert "Henry Armitage" in played and not dead & played


def test_errors_come_before_warnings() -> None:
    deck = [
        (ARKHAM_HOUSE, 3),
        (LONDON_DOCKS, 1),
        ally("Dunsany", region="Europe", sub="London"),
        ally("Zed", sub="Nowhere"),
    ]
    severities = [i.severity for i in issues_of(deck)]
    assert severities == sorted(severities, key=lambda s: s is Severity.WARNING) and Severity.ERROR in severities


# --------------------------------------------------------------------------------------
# Real decks: what the check says, and why a player would agree

DECKS = Path(__file__).resolve().parent.parent.parent / "shared" / "mythos-data" / "gccg" / "decks"


@pytest.fixture(scope="module")
def real_all(gccg_catalog, mythos_data: Path) -> dict[str, list[PlayabilityIssue]]:
    return {
        p.name: playability(load_real_deck(p, gccg_catalog))
        for p in sorted((mythos_data / "gccg" / "decks").glob("*.deck"))
    }


@pytest.fixture(scope="module")
def real_issues(real_all) -> dict[str, list[PlayabilityIssue]]:
    """The findings of unplayability of each real deck (errors and warnings, no notes)."""
    return {name: [i for i in issues if i.kind != "effect"] for name, issues in real_all.items()}


@pytest.fixture(scope="module")
def real_findings(real_issues) -> dict[str, set[tuple[str, str, str]]]:
    return {name: found(issues) for name, issues in real_issues.items()}


def test_ultravox_mauretania_has_no_harbour_to_sail_to(real_findings) -> None:
    # Mauretania: "play a new Location card featuring the Water attribute in a different Region".
    # The deck's Water Locations are all in Lovecraft Country (Arkham Sanitarium, Christchurch
    # Cemetery...); its Europe Locations (The Auction House, Huntingdon Asylum) are dry. So the
    # ship can leave Arkham but never arrive: a wasted card.
    assert real_findings["bourne-ultravox.deck"] == {("Mauretania", "warning", "travel-destination")}


def test_real_decks_note_each_effect_the_goldfish_leaves_out(real_all) -> None:
    notes = {i.card: i.reason for i in real_all["bourne-ultravox.deck"] if i.kind == "effect"}
    assert "Combat" in notes["Cthulhu Statuette"] and "opponent" in notes["Sphere of Nath"]
    assert "Chant of Thoth" not in notes and "Resurrection" not in notes  # cast alone (rulebook l.307)


def test_me_and_my_shadow_european_authors_come_only_by_surprise_meeting(real_findings) -> None:
    # Arthur Machen is found in "Any City" of Europe, Lord Dunsany in London; every Location of
    # the deck is in Lovecraft Country and its Travel Events are Cars and Trains (same Region).
    # Only its four Surprise Meetings ("an Ally who would not normally come from this Location")
    # can bring them: a warning, not an error.
    assert real_findings["bourne-me-and-my-shadow.deck"] == {
        ("Arthur Machen", "warning", "ally-place"),
        ("Lord Edward Dunsany", "warning", "ally-place"),
    }


def test_appel_bokrug_lovecraft_country_locations_only_start_a_game(real_findings, real_issues) -> None:
    # The deck lives in Mnar (The West, Dreamlands) but carries Martin's Beach and the
    # Massachusetts State Hospital (Lovecraft Country, Waking World). No card it plays crosses
    # Dimensions (The Silver Key would, by a use the check names but does not play), so those
    # Locations can only be where a game begins.
    assert real_findings["appel-bokrug.deck"] == {("Locations", "warning", "region-split")}
    (issue,) = real_issues["appel-bokrug.deck"]
    assert issue.copies == 3 and "Martin's Beach, Massachusetts State Hospital" in issue.reason
    assert "except by using The Silver Key" in issue.reason


def test_dreamlands_randolph_carter_may_walk_both_worlds(real_findings) -> None:
    # The Dreamlands Randolph Carter ("Any Country Site", no Dimension Indicator) says "This card
    # can be played in the Dreamlands or in the Waking World", so the Nameless Lake (a Dreamlands
    # Country Site) finds him: nothing to report in this all-Dreamlands deck.
    assert real_findings["bourne-dreamlands.deck"] == set()


@pytest.mark.parametrize("name", ["standard-steadfast.deck", "standard-corrupt.deck", "hyysalo-providence.deck"])
def test_coherent_real_decks_have_no_findings(real_findings, name: str) -> None:
    # Chaosium's two starter decks and a Providence deck keep to Lovecraft Country, carry Gates,
    # Tome and Artifact Locations and readers for their Tomes.
    assert real_findings[name] == set()


# --------------------------------------------------------------------------------------
# The command


@pytest.fixture
def cli_app() -> typer.Typer:
    from deckbuilder.cli.deck import deck_playability

    app = typer.Typer()
    app.command("playability")(deck_playability)
    app.command("noop")(lambda: None)
    return app


def test_command_prints_findings_and_exits_0_for_warnings(cli_app, gccg_catalog_path: Path, mythos_data: Path) -> None:
    result = CliRunner().invoke(
        cli_app,
        ["playability", str(mythos_data / "gccg" / "decks" / "bourne-ultravox.deck"), "--db", str(gccg_catalog_path)],
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[:3] == [
        # 17 notes: Huntingdon Asylum's lost Turn is played since issue 23 (rulebook l.356).
        "Ultravox: 0 errors, 1 warning, 17 notes",
        "  warning: Mauretania: Mauretania leads nowhere: the deck has no Location with the Water attribute in "
        "another Region it can take you to",
        "    fix: add Locations it can reach, or cut Mauretania",
    ]
    # The ledger: one line per card whose effect the goldfish leaves out, with the reason.
    assert len(lines) == 3 + 17 and all(line.startswith("  note: ") for line in lines[3:])
    assert (
        "  note: Cthulhu Statuette: its effect is not played by the goldfish: works only in Combat: nothing "
        "fights alone (rulebook l.439)" in lines
    )


def test_command_json_and_exit_1_for_errors(cli_app, gccg_catalog_path: Path, tmp_path: Path) -> None:
    deck = tmp_path / "dead.txt"
    deck.write_text(
        "Investigator\n1 Staid University Professor\nDeck\n1 Arkham Sanitarium\n4 Byakhee\n", encoding="utf-8"
    )
    result = CliRunner().invoke(cli_app, ["playability", str(deck), "--db", str(gccg_catalog_path), "--json"])
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    assert data == [
        {
            "card": "Byakhee",
            "severity": "error",
            "reason": "Byakhee needs a Gate Location: the deck has none",
            "fix": "add Gate Locations, or cut Byakhee",
        },
    ]


def test_command_reports_an_unreadable_deck_with_exit_2(cli_app, gccg_catalog_path: Path, tmp_path: Path) -> None:
    deck = tmp_path / "bad.txt"
    deck.write_text("Deck\n1 Dark Yuong Zzzq\n", encoding="utf-8")
    result = CliRunner().invoke(cli_app, ["playability", str(deck), "--db", str(gccg_catalog_path)])
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: ")


def test_cards_whose_effects_the_engine_leaves_out_are_noted_with_the_reason() -> None:
    # The ledger: a Weapon's value counts only in Combat (rulebook l.189, l.439); a plain
    # Location has no effect to leave out.
    deck = Deck.of([(ARKHAM_HOUSE, 1), (artifact("Tommygun", "Weapon"), 2)], [ENGLISH])
    notes = [i for i in playability(deck) if i.severity.value == "note"]
    assert [(i.card, i.kind, i.copies) for i in notes] == [("Tommygun", "effect", 2)]
    assert "Combat" in notes[0].reason and notes[0].fix.startswith("nothing to do")


def test_a_deck_judged_with_cards_read_before_gets_the_same_findings() -> None:
    # A deck build judges thousands of decks with each card read once (Profiles); the Region
    # a tie of Locations calls the deck's main one is the first by name, not the first read,
    # so the findings are the same whatever was read before.
    from deckbuilder.rules.playability import Profiles

    dunsany = ally("Dunsany", region="Europe", sub="London")
    arkham_ally = ally("Armitage", region="Lovecraft Country", sub="Arkham")
    deck = Deck.of([(ARKHAM_HOUSE, 2), (LONDON_DOCKS, 2), (dunsany, 1), (arkham_ally, 1)], [ENGLISH])
    alone = found(playability(deck))
    assert alone  # one of the two allies waits for a game that starts in its Region
    for first in ([LONDON_DOCKS, dunsany], [ARKHAM_HOUSE, arkham_ally]):
        profiles = Profiles()
        for card in first:
            profiles.of(card)
        assert found(playability(deck, profiles=profiles)) == alone
        assert found(playability(deck, profiles=profiles)) == alone  # and read once, again
