"""The printable deck sheet: what a player (or a tournament judge) reads on it.

The HTML is read as a browser reads it and checked through CSS selectors (``support.html``,
over selectolax), never by matching substrings of the page. With Chromium on the machine the
example deck's sheet is also printed to PDF (at most two pages) and measured at phone and
A4 widths (nothing wider than the page).
"""

from __future__ import annotations

import dataclasses
import re
import struct
import subprocess
import sys
import typing
from collections import Counter
from pathlib import Path

import pytest
import typer
from hypothesis import given, settings
from hypothesis import strategies as st
from support.html import Element, parse_html, select, select_one, texts
from support.sheets import (
    ARKHAM_SANITARIUM,
    CAR,
    FILLER,
    FORMATS,
    PLAYED,
    PROFESSOR,
    card,
    fits_width,
    hand_deck,
    pdf_pages,
    sheet_dom,
)
from typer.testing import CliRunner

from deckbuilder.cli import deck as sheet_command
from deckbuilder.paths import catalog_data_dir, templates_dir
from deckbuilder.rules.cards import Card, CardType, display_title, fold_title
from deckbuilder.rules.decks import Deck, DeckEntry, Section
from deckbuilder.rules.formats import find_format
from deckbuilder.rules.stats import deck_stats
from deckbuilder.rules.validator import check_deck
from deckbuilder.sheet import context, render, text

EXAMPLE_DECK = catalog_data_dir() / "sample" / "example-deck.txt"


# --------------------------------------------------------------------------------------
# reading the sheet


def listed_cards(dom: Element, section: str = ".deck-list") -> list[tuple[str, str, int]]:
    """Gets (group type, title, copies) for every row of a list on the sheet."""
    rows = []
    for group in select(dom, f"{section} section.type-group"):
        for row in select(group, "li.card"):
            rows.append(
                (
                    group.attrs["data-type"],
                    select_one(row, ".title").text(),
                    int(select_one(row, ".count").text()),
                )
            )
    return rows


# --------------------------------------------------------------------------------------
# decks built by hand


ADVENTURE_CHECKS = [
    {
        "adventure": "The Dunwich Horror",
        "points": 15,
        "completable": False,
        "assignment": {
            "DUNWICH": "Devil's Hopyard",
            "LIBRARY": "Miskatonic University Orne Library",
            "GOO": None,
        },
        "missing": ["GOO"],
        "conditions": ["be at a Dunwich Current Location"],
        "uninterpreted": [],
    }
]
PLAYABILITY = [
    {
        "card": "Dark Young",
        "severity": "warning",
        "reason": "no Gate yet when it is drawn early",
        "fix": "add Gates",
    }
]
GOLDFISH = {
    "games": 200,
    "completed": 0.75,
    "by_round": [0.0, 0.1, 0.4, 0.75],
    "median_rounds": 4,
    "final_sanity": 9.5,
    "final_sanity_quartiles": [7, 12],
    "blockers": [{"title": "Dark Young", "share": 0.25}],
}
DRAW_ODDS = [
    {"label": "a Gate Location in the opening hand", "probability": 0.6012, "exact": True},
    {"label": "The Dunwich Horror by Round 3", "probability": 0.45, "exact": False},
]
ALL_SECTIONS = {
    "adventures": ADVENTURE_CHECKS,
    "playability": PLAYABILITY,
    "goldfish": GOLDFISH,
    "draw_odds": DRAW_ODDS,
}


# --------------------------------------------------------------------------------------
# what the sheet shows


def test_the_sheet_names_the_deck_its_card_count_and_format():
    dom, _ = sheet_dom(hand_deck())
    assert select_one(dom, "h1.deck-name").text() == "Dunwich Nights"
    assert select_one(dom, "title").text().startswith("Dunwich Nights")
    assert select_one(dom, ".card-count").text() == f"{sum(n for _, n in PLAYED + FILLER)} cards"
    assert "Advanced" in select_one(dom, ".deck-line").text()


def test_a_deck_without_a_name_is_named_after_its_file():
    deck = hand_deck(name=None)
    verdict = check_deck(deck, find_format(FORMATS, "basic"))
    ctx = context.build_sheet_context(deck, verdict, deck_stats(deck), deck_name="dunwich-nights")
    assert select_one(parse_html(render.render_deck_sheet(ctx)), "h1").text() == "dunwich-nights"


@pytest.mark.parametrize(
    ("label", "value"),
    [
        ("Sanity", "13"),
        ("Maximum Sanity", "20"),
        ("Education", "21"),
        ("Hand", "13"),
        ("Minimum / Maximum", "6 / 6"),
    ],
)
def test_the_investigators_numbers_are_shown(label, value):
    dom, _ = sheet_dom(hand_deck())
    investigator = select_one(dom, "article.investigator")
    assert select_one(investigator, ".investigator-name").text() == "Staid University Professor"
    figures = {select_one(n, "dt").text(): select_one(n, "dd").text() for n in select(investigator, ".number")}
    assert figures[label] == value
    assert select_one(investigator, ".languages").text() == "Languages English, Latin"


def test_numbers_the_catalog_does_not_know_read_unknown():
    dom, _ = sheet_dom(hand_deck(investigators=(card("Diabolical Cultist", CardType.INVESTIGATOR, set_code="NAE"),)))
    numbers = select(dom, "article.investigator .number")
    assert [select_one(n, "dd").text() for n in numbers] == ["unknown"] * 4 + ["unknown / unknown"]
    assert all("unknown" in n.classes() for n in numbers)


def test_several_investigators_are_each_shown():
    hobo = card("Pragmatic Hobo", CardType.INVESTIGATOR, sanity=10)
    dom, _ = sheet_dom(hand_deck(investigators=(PROFESSOR, hobo)))
    assert texts(dom, ".investigator-name") == ["Staid University Professor", "Pragmatic Hobo"]
    assert select_one(dom, "#h-investigator").text() == "Investigators"


def test_every_card_is_listed_once_with_its_count_under_its_type():
    deck = hand_deck()
    dom, _ = sheet_dom(deck)
    expected = Counter(
        (e.card.type.value if e.card.type else "unknown", display_title(e.card.title), e.count) for e in deck.main
    )
    assert Counter(listed_cards(dom)) == expected
    for group in select(dom, ".deck-list section.type-group"):
        rows = [int(c.text()) for c in select(group, "li.card .count")]
        assert int(select_one(group, ".group-count").text()) == sum(rows)


def test_groups_come_in_the_order_a_story_deck_is_built():
    dom, _ = sheet_dom(hand_deck())
    assert [g.attrs["data-type"] for g in select(dom, ".deck-list section.type-group")] == [
        "Adventure",
        "Location",
        "Ally",
        "Tome",
        "Monster",
        "Event",
        "unknown",
    ]
    assert texts(dom, ".deck-list .group-name")[-1] == "Cards of unknown type"


def test_locations_are_listed_by_subregion_then_title():
    dom, _ = sheet_dom(hand_deck())
    group = select_one(dom, ".deck-list section[data-type=Location]")
    places = texts(group, "li.card .place")
    assert places == sorted(places, key=str.casefold)
    arkham = [
        select_one(r, ".title").text() for r in select(group, "li.card") if select_one(r, ".place").text() == "Arkham"
    ]
    assert arkham == ["Arkham Sanitarium", "Miskatonic University Orne Library"]


def _row(dom: Element, title: str) -> Element:
    (row,) = [r for r in select(dom, ".deck-list li.card") if select_one(r, ".title").text() == title]
    return row


@pytest.mark.parametrize(
    ("title", "selector", "shown"),
    [
        ("Arkham Sanitarium", ".place", "Arkham"),
        ("Arkham Sanitarium", ".sanity", "San +6"),
        ("Devil's Hopyard", ".gate", "Gate"),
        ("Wilbur Whateley", ".place", "Dunwich"),
        ("Wilbur Whateley", ".detail", "Corrupt"),
        ("Wilbur Whateley", ".value", "3"),
        ("The Dunwich Horror", ".value", "15"),
        ("The Dunwich Horror", ".detail", "Heroic Adventure"),
        ("Dark Young", ".sanity", "San \u22121"),
        ("Dark Young", ".detail", "Greater Servitor"),
        ("Necronomicon", ".detail", "Latin"),
        ("Car", ".detail", "Travel by Land"),
    ],
)
def test_each_row_shows_the_cards_key_facts(title, selector, shown):
    dom, _ = sheet_dom(hand_deck())
    assert select_one(_row(dom, title), selector).text() == shown


@pytest.mark.parametrize(
    ("title", "unique"),
    [("Arkham Sanitarium", True), ("Wilbur Whateley", True), ("Dark Young", False)],
)
def test_unique_cards_carry_the_uniqueness_dot(title, unique):
    dom, _ = sheet_dom(hand_deck())
    assert bool(select(_row(dom, title), ".unique")) is unique


def test_a_card_without_a_gate_or_pentagram_shows_none():
    dom, _ = sheet_dom(hand_deck())
    row = _row(dom, "Miskatonic University Orne Library")
    assert select(row, ".gate") == [] and select(row, ".sanity") == []


def test_a_title_held_in_two_sets_shows_each_set():
    car_ltd, car_msgs = card("Car", set_code="LTD"), card("Car", set_code="MSGS")
    dom, _ = sheet_dom(hand_deck(cards=[(car_ltd, 2), (car_msgs, 2), *FILLER]))
    cars = [r for r in select(dom, ".deck-list li.card") if select_one(r, ".title").text() == "Car"]
    assert sorted(select_one(r, ".set").text() for r in cars) == ["[LTD]", "[MSGS]"]
    assert select(_row(dom, "Crossroads 0"), ".set") == []


def test_the_sideboard_is_listed_apart_from_the_deck():
    deck = hand_deck()
    deck = Deck(
        deck.name,
        (*deck.entries, DeckEntry(card("Mi-Go", CardType.MONSTER, value=3), 2, Section.SIDEBOARD)),
    )
    dom, _ = sheet_dom(deck)
    assert listed_cards(dom, ".sideboard") == [("Monster", "Mi-Go", 2)]
    assert "Mi-Go" not in [t for _, t, _ in listed_cards(dom)]
    assert select(sheet_dom(hand_deck())[0], ".sideboard") == []


def test_the_make_up_sums_sanity_gates_and_adventure_points():
    dom, _ = sheet_dom(hand_deck(), "campaign")
    facts = dict(zip(texts(dom, ".make-up dt"), texts(dom, ".make-up dd")))
    assert facts["Gates"] == "4 for 4 Monsters"
    assert facts["Adventure points"] == "15 of 20"
    assert facts["Sanity"] == "costs 10, gains 16"
    assert facts["Languages read"] == "English, Latin"
    assert "Tomes no one reads" not in facts  # the Professor reads the Necronomicon's Latin


# --------------------------------------------------------------------------------------
# the verdict


def test_a_legal_deck_says_so_and_lists_the_rules_checked():
    dom, _ = sheet_dom(hand_deck())
    assert select_one(dom, ".sheet-head .badge").text() == "LEGAL"
    assert select_one(dom, ".verdict .verdict-line").text() == "Legal for Advanced: 0 errors, 0 warnings, 0 notes."
    checked = texts(dom, ".rules-checked li")
    fmt = find_format(FORMATS, "advanced")
    # Two rules sharing the documents' sentence (one Investigator; a pool of them) list it once.
    assert checked == list(dict.fromkeys(f"{r.words} [{r.source}]" for r in fmt.rules))


def test_an_illegal_deck_shows_every_finding_with_its_rule_source_and_fix():
    five_cars = [
        (CAR, 5),
        (ARKHAM_SANITARIUM, 2),
        *FILLER[:10],
    ]  # 39 cards, 5 Cars, 2 of a Unique card
    deck = hand_deck(cards=five_cars, investigators=())
    dom, _ = sheet_dom(deck)
    verdict = check_deck(deck, find_format(FORMATS, "advanced"))
    assert select_one(dom, ".sheet-head .badge").text() == "ILLEGAL"
    shown = select(dom, ".verdict li.finding")
    assert len(shown) == len(verdict.findings) == 4
    by_message = {select_one(f, ".message").text(): f for f in shown}
    for finding in verdict.findings:
        item = by_message[f"{finding.severity.value} {finding.message}"]
        assert finding.severity.value in item.classes()
        assert select_one(item, ".fix").text() == f"Fix: {finding.fix}"
        assert select_one(item, ".rule .source").text() == f"[{finding.source}]"
        assert finding.words in select_one(item, ".rule").text()
    sources = sorted(select_one(f, ".rule .source").text() for f in shown)
    assert sources == ["[rulings:11]", "[rulings:12]", "[rulings:13]", "[rulings:9]"]


def test_a_note_that_needs_no_fix_shows_none():
    hobo = card("Pragmatic Hobo", CardType.INVESTIGATOR)
    dom, _ = sheet_dom(hand_deck(investigators=(PROFESSOR, hobo)))
    (note,) = select(dom, ".verdict li.finding")
    assert "note" in note.classes() and select(note, ".fix") == []
    assert select_one(dom, ".sheet-head .badge").text() == "LEGAL"


# --------------------------------------------------------------------------------------
# the optional sections


@pytest.mark.parametrize(
    ("section", "selector"),
    [
        ("adventures", "section.adventures"),
        ("playability", "section.playability"),
        ("goldfish", "section.goldfish"),
    ],
)
def test_an_optional_section_is_shown_only_when_given(section, selector):
    without, ctx = sheet_dom(hand_deck())
    assert getattr(ctx, section) is None and select(without, selector) == []
    given_sections = {section: ALL_SECTIONS[section]}
    if section == "goldfish":
        given_sections["draw_odds"] = DRAW_ODDS
    with_it, _ = sheet_dom(hand_deck(), **given_sections)
    assert len(select(with_it, selector)) == 1


@pytest.mark.parametrize(
    ("section", "words"),
    [("adventures", "The deck has no Adventures."), ("playability", "No playability warnings")],
)
def test_an_empty_section_says_there_is_nothing_to_report(section, words):
    dom, _ = sheet_dom(hand_deck(), **{section: []})
    assert words in select_one(dom, f"section.{section}").text()


def test_the_adventure_checklist_shows_assignments_what_is_missing_and_conditions():
    dom, _ = sheet_dom(hand_deck(), adventures=ADVENTURE_CHECKS)
    adventure = select_one(dom, "article.adventure")
    assert select_one(adventure, ".adventure-title").text() == "The Dunwich Horror (15 points)"
    assert select_one(adventure, ".status").text() == "not completable"
    rows = {
        select_one(r, ".requirement").text(): (select_one(r, ".card-name").text(), r.classes())
        for r in select(adventure, ".assignment li")
    }
    assert rows["DUNWICH"] == ("Devil's Hopyard", {"met"})
    assert rows["GOO"] == ("no card", {"unmet"})
    assert select_one(adventure, ".missing").text() == "Missing: GOO"
    assert select_one(adventure, ".conditions").text() == "Still to do in play: be at a Dunwich Current Location"
    assert select(adventure, ".uninterpreted") == []


def test_adventure_checks_may_be_objects_with_to_dict():
    class Check:
        def to_dict(self):
            return {
                **ADVENTURE_CHECKS[0],
                "completable": True,
                "missing": [],
                "assignment": [("GOO", "Dark Young")],
            }

    dom, _ = sheet_dom(hand_deck(), adventures=[Check()])
    assert select_one(dom, ".adventure .status").text() == "completable"
    assert texts(dom, ".assignment .card-name") == ["Dark Young"]


def test_playability_warnings_name_the_card_reason_and_fix():
    dom, _ = sheet_dom(hand_deck(), playability=PLAYABILITY)
    (item,) = select(dom, "section.playability li")
    assert "warning" in item.classes()
    assert select_one(item, ".message").text() == "warning Dark Young: no Gate yet when it is drawn early"
    assert select_one(item, ".fix").text() == "Fix: add Gates"


def test_a_reason_that_names_its_card_does_not_repeat_it():
    issue = {
        "card": "Wilbur Whateley",
        "severity": "error",
        "reason": "Wilbur Whateley needs a Dunwich Location",
        "fix": "",
    }
    dom, _ = sheet_dom(hand_deck(), playability=[issue])
    (item,) = select(dom, "section.playability li")
    assert select_one(item, ".message").text() == "error Wilbur Whateley needs a Dunwich Location"
    assert select(item, ".issue-card") == [] and select(item, ".fix") == []


def test_the_goldfish_chart_has_one_bar_per_round_in_proportion():
    dom, _ = sheet_dom(hand_deck(), goldfish=GOLDFISH, draw_odds=DRAW_ODDS)
    svg = select_one(dom, "section.goldfish svg.chart")
    bars = select(svg, "rect.bar")
    assert [select_one(b, "title").text() for b in bars] == [
        "Round 1: 0%",
        "Round 2: 10%",
        "Round 3: 40%",
        "Round 4: 75%",
    ]
    heights = [float(b.attrs["height"]) for b in bars]
    assert (
        heights[0] == 0
        and heights[2] == pytest.approx(4 * heights[1])
        and heights[3] == pytest.approx(7.5 * heights[1])
    )
    bottoms = {round(float(b.attrs["y"]) + float(b.attrs["height"]), 2) for b in bars}
    assert len(bottoms) == 1  # every bar stands on the same baseline
    assert "Round 4 75%" in select_one(svg, "title#chart-title").text()
    facts = dict(zip(texts(dom, ".goldfish-facts dt"), texts(dom, ".goldfish-facts dd")))
    assert facts == {
        "Completed an Adventure": "75% of games",
        "Median Round": "4",
        "Sanity at the end": "median 9.5 (middle half 7-12)",
        "Held back by": "Dark Young (25% of games)",
    }


def test_the_draw_odds_table_marks_exact_odds():
    dom, _ = sheet_dom(hand_deck(), goldfish=GOLDFISH, draw_odds=DRAW_ODDS)
    rows = [[td.text() for td in select(tr, "td")] for tr in select(dom, "table.odds tbody tr")]
    assert rows == [
        ["a Gate Location in the opening hand", "60.1%", "exact"],
        ["The Dunwich Horror by Round 3", "45.0%", "estimated"],
    ]


def test_a_share_outside_0_to_1_is_refused():
    with pytest.raises(ValueError, match="Round 2 share 40.0"):
        sheet_dom(hand_deck(), goldfish={**GOLDFISH, "by_round": [0.1, 40, 75]})


def test_a_blocker_without_its_share_is_refused():
    with pytest.raises(ValueError, match="Dark Young has no share"):
        sheet_dom(hand_deck(), goldfish={**GOLDFISH, "blockers": [{"title": "Dark Young"}]})


@pytest.mark.parametrize(("value", "shown"), [(2, "+2"), (-1, "\u22121"), (0, "0"), (None, "unknown"), (1.5, "+1.5")])
def test_signed_numbers(value, shown):
    assert text.signed(value) == shown


@pytest.mark.parametrize(
    ("share", "digits", "shown"),
    [
        (0.5, 0, "50%"),
        (0, 0, "0%"),
        (1, 0, "100%"),
        (0.001, 0, "<1%"),
        (0.998, 0, ">99%"),
        (0.6012, 1, "60.1%"),
        (0.0004, 1, "<0.1%"),
        (None, 0, "unknown"),
    ],
)
def test_percentages_never_round_a_possible_draw_to_0_or_100(share, digits, shown):
    assert text.percent(share, digits) == shown


# --------------------------------------------------------------------------------------
# safety and self-containment


HOSTILE_NAMES = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "</title><script src=https://evil.example/x.js></script>",
    "{{ 7*7 }} & <b>bold</b>",
]


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_a_hostile_deck_name_renders_as_text(name):
    dom, _ = sheet_dom(hand_deck(name=name))
    assert select_one(dom, "h1.deck-name").text() == name
    assert select_one(dom, "title").text().startswith(name)
    for element in (select_one(dom, "h1.deck-name"), select_one(dom, "title")):
        assert select(element, "*") == []  # text, not markup
    assert select(dom, "script") == [] and select(dom, "img") == []


def test_a_hostile_card_title_renders_as_text():
    evil = card("<script>alert(1)</script>", CardType.EVENT)
    dom, _ = sheet_dom(hand_deck(cards=[(evil, 1), *FILLER]))
    assert "<script>alert(1)</script>" in texts(dom, ".deck-list .title")
    assert select(dom, "script") == []


@settings(max_examples=60, deadline=None)
@given(st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=80))
def test_any_deck_name_is_printed_as_given(name):
    dom, _ = sheet_dom(hand_deck(name=name))
    expected = " ".join(name.split()) or "Untitled deck"
    assert select_one(dom, "h1.deck-name").text() == expected
    assert select(dom, "script") == []


EXTERNAL = re.compile(r"^\s*(?:https?:|//|ftp:)", re.IGNORECASE)


def test_the_sheet_loads_nothing_from_outside():
    dom, _ = sheet_dom(hand_deck(), **ALL_SECTIONS)
    assert select(dom, "link") == [] and select(dom, "script") == [] and select(dom, "iframe") == []
    for element in select(dom, "*"):
        for attr in ("src", "href", "xlink:href", "srcset", "poster", "data", "action"):
            assert not EXTERNAL.match(element.attrs.get(attr, "")), (
                element.tag,
                attr,
                element.attrs[attr],
            )
    (style,) = select(dom, "style")
    css = style.text()
    assert "@import" not in css and "url(" not in css
    assert "@page" in css and "@media print" in css


# --------------------------------------------------------------------------------------
# the context and the template keep each other honest


def _context_classes() -> list[type]:
    seen: list[type] = []

    def visit(tp: object) -> None:
        if isinstance(tp, type) and dataclasses.is_dataclass(tp):
            if tp in seen:
                return
            seen.append(tp)
            for hint in typing.get_type_hints(tp).values():
                visit(hint)
        for arg in typing.get_args(tp):
            visit(arg)

    visit(context.DeckSheetContext)
    return seen


@pytest.mark.parametrize("cls", _context_classes(), ids=lambda c: c.__name__)
def test_every_context_field_is_documented(cls):
    undocumented = [f.name for f in dataclasses.fields(cls) if not f.metadata.get("help", "").strip()]
    assert undocumented == []
    assert cls.__dataclass_params__.frozen


def _template_asts() -> list:
    env = render.environment()
    return [env.parse(path.read_text(encoding="utf-8")) for path in sorted(templates_dir().glob("*.html"))]


def test_the_template_uses_exactly_the_contexts_top_level_fields():
    from jinja2 import meta

    used = set().union(*(meta.find_undeclared_variables(ast) for ast in _template_asts()))
    assert used == {f.name for f in dataclasses.fields(context.DeckSheetContext)}


@pytest.mark.parametrize("cls", _context_classes()[1:], ids=lambda c: c.__name__)
def test_the_template_reads_every_field_of_each_part(cls):
    from jinja2 import nodes

    read = {n.attr for ast in _template_asts() for n in ast.find_all(nodes.Getattr)}
    assert [f.name for f in dataclasses.fields(cls) if f.name not in read] == []


def test_the_cli_and_the_sheet_modules_do_not_import_jinja_at_start_up():
    code = (
        "import sys, deckbuilder.cli, deckbuilder.service, deckbuilder.sheet.context, deckbuilder.sheet.render, deckbuilder.sheet.pdf; "
        "print('jinja2' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


# --------------------------------------------------------------------------------------
# the command

runner = CliRunner()
_app = typer.Typer()
_app.command("sheet")(sheet_command.deck_sheet)
_app.command("noop", hidden=True)(lambda: None)  # a second command keeps "sheet" a subcommand


def mythos_sheet(*args: object):
    return runner.invoke(_app, ["sheet", *map(str, args)])


@pytest.fixture(scope="session")
def sample_db(tmp_path_factory) -> Path:
    """A catalog built from the bundled sample (the example deck resolves against it)."""
    from deckbuilder.catalog.opening import ensure_catalog

    path = tmp_path_factory.mktemp("sample") / "catalog.sqlite"
    catalog, _ = ensure_catalog(path)
    catalog.close()
    return path


@pytest.fixture
def example_deck(tmp_path) -> Path:
    path = tmp_path / "dark-horse.txt"
    path.write_bytes(EXAMPLE_DECK.read_bytes())
    return path


def _expected_rows(deck_path: Path, catalog_path: Path) -> Counter:
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.service import load_deck_file

    with Catalog.open(catalog_path) as catalog:
        deck = load_deck_file(catalog, deck_path).deck
    return Counter(
        (e.card.type.value if e.card.type else "unknown", display_title(e.card.title), e.count) for e in deck.main
    )


def test_the_sheet_goes_beside_the_deck_by_default(sample_db, example_deck):
    result = mythos_sheet(example_deck, "--db", sample_db)
    assert result.exit_code == 0, result.output
    written = example_deck.with_suffix(".html")
    assert result.stdout.strip() == f"wrote {written} (60 cards, LEGAL for Advanced)"
    dom = parse_html(written.read_text(encoding="utf-8"))
    assert select_one(dom, "h1").text() == "Dark Horse in the New Æon"
    assert select_one(dom, ".investigator-name").text() == "Diabolical Cultist"
    assert Counter(listed_cards(dom)) == _expected_rows(example_deck, sample_db)
    assert sum(n for _, _, n in listed_cards(dom)) == 60


def test_dash_o_dash_writes_the_sheet_to_standard_output(sample_db, example_deck, tmp_path):
    result = mythos_sheet(example_deck, "-o", "-", "--format", "campaign", "--db", sample_db)
    assert result.exit_code == 0, result.stderr
    dom = parse_html(result.stdout)
    assert select_one(dom, ".verdict-line").text().startswith("Legal for Campaign")
    assert not example_deck.with_suffix(".html").exists()


def test_an_illegal_deck_still_gets_its_sheet_with_a_warning(sample_db, tmp_path):
    deck = tmp_path / "short.txt"
    deck.write_text("# Deck: Too Short\nInvestigator\n1 Diabolical Cultist\nDeck\n4 United Nations\n4 Eiffel Tower\n")
    result = mythos_sheet(deck, "-o", tmp_path / "out.html", "--db", sample_db)
    assert result.exit_code == 0
    assert "Too Short is ILLEGAL for Advanced (1 error)" in result.stderr
    dom = parse_html((tmp_path / "out.html").read_text(encoding="utf-8"))
    assert select_one(dom, ".badge").text() == "ILLEGAL"
    assert select_one(dom, ".finding .message").text() == "error the deck has 8 cards; at least 52 are required"


def test_the_command_lists_the_playability_checks_findings(sample_db, example_deck):
    playability = pytest.importorskip("deckbuilder.rules.playability")
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.service import load_deck_file

    result = mythos_sheet(example_deck, "--db", sample_db)
    assert result.exit_code == 0, result.output
    with Catalog.open(sample_db) as catalog:
        issues = playability.playability(load_deck_file(catalog, example_deck).deck)
    dom = parse_html(example_deck.with_suffix(".html").read_text(encoding="utf-8"))
    shown = select(dom, "section.playability li.finding")
    assert len(shown) == len(issues)
    for item, issue in zip(shown, issues):
        assert issue.reason in select_one(item, ".message").text()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-o", "{deck}"], "that is the file being read"),
        (["--pdf", "{deck}"], "that is the file being read"),
        (["-o", "{deck}.html", "--pdf", "{deck}.html"], "that is where the HTML sheet goes"),
        (["--format", "vintage"], "unknown format 'vintage'"),
        (["-o", "{deck}.d/sheet.html"], ".d does not exist; create it first"),
        (["--pdf", "{deck}.d/sheet.pdf"], ".d does not exist; create it first"),
    ],
)
def test_bad_options_are_refused_before_any_work(sample_db, example_deck, args, message):
    before = example_deck.read_bytes()
    result = mythos_sheet(example_deck, *[a.format(deck=example_deck) for a in args], "--db", sample_db)
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.output
    assert example_deck.read_bytes() == before and not example_deck.with_suffix(".html").exists()


def test_a_real_deck_sheet_has_its_adventure_checklist_and_goldfish_chart(gccg_catalog_path, tmp_path):
    from conftest import MYTHOS_DATA

    deck = MYTHOS_DATA / "gccg" / "decks" / "standard-steadfast.deck"
    out = tmp_path / "steadfast.html"
    result = mythos_sheet(deck, "-o", out, "--goldfish", 30, "--format", "campaign", "--db", gccg_catalog_path)
    assert result.exit_code == 0, result.output
    root = parse_html(out.read_text(encoding="utf-8"))
    titles = [t.split(" (")[0] for t in texts(root, "section.adventures article.adventure span.adventure-title")]
    assert "Arkham Horror" in titles and "The Mystery at Martin's Beach" in titles
    goldfish = select_one(root, "section.goldfish")
    assert select(goldfish, "svg"), "the completion-by-Round chart is inline SVG"
    assert "30 games" in select_one(goldfish, "h2").text()
    # What each card did: a row per card of the deck, with the CLI's shares and notes.
    rows = select(goldfish, "ul.card-plays li.card-play")
    assert len(rows) >= 30
    assert any("Arkham Gazette" in r.text() for r in rows)
    assert select(goldfish, "abbr.effect-ignored")  # the reason is in its title and in Playability


def test_pdf_without_chromium_says_how_to_install_it_and_still_writes_the_html(
    sample_db, example_deck, monkeypatch, tmp_path
):
    monkeypatch.setenv("MYTHOS_CHROMIUM", str(tmp_path / "no-such-browser"))
    result = mythos_sheet(example_deck, "--pdf", tmp_path / "deck.pdf", "--db", sample_db)
    assert result.exit_code == 2
    (line,) = result.stderr.strip().splitlines()
    assert "apt-get install chromium" in line and "MYTHOS_CHROMIUM" in line
    assert not (tmp_path / "deck.pdf").exists()
    assert "<html" in example_deck.with_suffix(".html").read_text(encoding="utf-8").lower()


def test_find_chromium_honours_mythos_chromium(monkeypatch, tmp_path):
    from deckbuilder.sheet.pdf import find_chromium

    browser = tmp_path / "my-chromium"
    browser.write_text("#!/bin/sh\n")
    browser.chmod(0o755)
    monkeypatch.setenv("MYTHOS_CHROMIUM", str(browser))
    assert find_chromium() == str(browser)
    browser.chmod(0o644)
    assert find_chromium() is None


def test_a_failing_chromium_is_a_pdf_error_and_leaves_no_file(monkeypatch, tmp_path):
    from deckbuilder.sheet.pdf import PdfError, print_pdf

    browser = tmp_path / "broken-chromium"
    browser.write_text("#!/bin/sh\necho 'cannot open display' >&2\nexit 3\n")
    browser.chmod(0o755)
    page = tmp_path / "sheet.html"
    page.write_text("<!doctype html><title>x</title>")
    with pytest.raises(PdfError, match="exit code 3: cannot open display"):
        print_pdf(page, tmp_path / "sheet.pdf", chromium=str(browser))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken-chromium", "sheet.html"]


# --------------------------------------------------------------------------------------
# real decks, read in place (skipped without ../shared/mythos-data)


def test_a_real_investigators_numbers(gccg_catalog, mythos_data):
    from deckbuilder.service import load_deck_file

    deck = load_deck_file(gccg_catalog, mythos_data / "gccg" / "decks" / "karooni-new-aeon.deck").deck
    dom, _ = sheet_dom(deck)
    investigator = select_one(dom, "article.investigator")
    assert select_one(investigator, ".investigator-name").text() == "Inquisitive Chinese Intellectual"
    figures = dict(zip(texts(investigator, "dt"), texts(investigator, "dd")))
    assert figures == {
        "Sanity": "15",
        "Maximum Sanity": "20",
        "Education": "18",
        "Hand": "13",
        "Minimum / Maximum": "4 / 5",
    }


def _real_decks() -> list[Path]:
    from conftest import MYTHOS_DATA

    return sorted((MYTHOS_DATA / "gccg" / "decks").glob("*.deck"))


@pytest.mark.parametrize("path", _real_decks(), ids=lambda p: p.name)
def test_every_card_of_a_real_deck_is_on_its_sheet(gccg_catalog, path):
    from deckbuilder.service import load_deck_file

    deck = load_deck_file(gccg_catalog, path).deck
    dom, _ = sheet_dom(deck)
    expected = Counter(
        (e.card.type.value if e.card.type else "unknown", display_title(e.card.title), e.count) for e in deck.main
    )
    assert Counter(listed_cards(dom)) == expected
    verdict = check_deck(deck, find_format(FORMATS, "advanced"))
    assert len(select(dom, ".verdict li.finding")) == len(verdict.findings)
    assert select_one(dom, ".badge").text() == ("LEGAL" if verdict.is_legal else "ILLEGAL")


# --------------------------------------------------------------------------------------
# printed and measured by headless Chromium (skipped without it; .ci/run installs it)


@pytest.fixture(scope="session")
def printed_example(chromium, sample_db, tmp_path_factory) -> tuple[Path, Path]:
    """The example deck's sheet and its PDF, made by the command."""
    folder = tmp_path_factory.mktemp("printed")
    deck = folder / "dark-horse.txt"
    deck.write_bytes(EXAMPLE_DECK.read_bytes())
    result = mythos_sheet(deck, "--pdf", folder / "dark-horse.pdf", "--db", sample_db)
    assert result.exit_code == 0, result.output
    return folder / "dark-horse.html", folder / "dark-horse.pdf"


def test_the_example_decks_sheet_prints_on_at_most_two_pages(printed_example):
    _html, pdf = printed_example
    assert pdf.read_bytes().startswith(b"%PDF-")
    assert 1 <= pdf_pages(pdf) <= 2


def test_a_sixty_card_deck_of_the_longest_titles_prints_on_two_pages(chromium, gccg_cards, tmp_path):
    """The worst case for length: 60 different cards, the longest titles of the real pool."""
    from deckbuilder.sheet.pdf import print_pdf

    by_title: dict[str, Card] = {}
    for c in sorted(
        (c for c in gccg_cards if c.is_official and c.type not in (None, CardType.INVESTIGATOR)),
        key=lambda c: (-len(c.title), c.key),
    ):
        by_title.setdefault(fold_title(c.title), c)
        if len(by_title) == 60:
            break
    investigator = next(c for c in gccg_cards if c.type is CardType.INVESTIGATOR)
    deck = Deck.of([(c, 1) for c in by_title.values()], [investigator], name="The sixty longest titles")
    verdict = check_deck(deck, find_format(FORMATS, "campaign"))
    page = tmp_path / "longest.html"
    page.write_text(
        render.render_deck_sheet(context.build_sheet_context(deck, verdict, deck_stats(deck))),
        encoding="utf-8",
    )
    print_pdf(page, tmp_path / "longest.pdf", chromium=chromium)
    assert deck.count() == 60 and 1 <= pdf_pages(tmp_path / "longest.pdf") <= 2


def test_a_screenshot_of_the_sheet_is_a_png_of_the_window(printed_example, chromium, tmp_path):
    from deckbuilder.sheet.pdf import take_screenshot

    html, _pdf = printed_example
    png = take_screenshot(html, tmp_path / "sheet.png", width=900, height=1400, chromium=chromium)
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (900, 1400)


@pytest.mark.parametrize("width", [390, 794], ids=["phone-390px", "a4-794px"])
def test_nothing_is_wider_than_the_page(printed_example, chromium, tmp_path, width):
    html, _pdf = printed_example
    verdict = fits_width(html.read_text(encoding="utf-8"), width, chromium, tmp_path)
    assert verdict.attrs["data-inner-width"] == str(width)
    assert verdict.text() == "true", verdict.attrs


def test_the_width_probe_catches_an_overflowing_page(chromium, tmp_path):
    wide = '<!doctype html><meta name="viewport" content="width=device-width"><div style="width:2000px">wide</div>'
    assert fits_width(wide, 390, chromium, tmp_path).text() == "false"
