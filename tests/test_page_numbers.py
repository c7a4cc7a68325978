"""The right numbers on every page (issue 12): the deck sheet's goldfish box and chart are
the numbers ``mythos deck goldfish`` prints for the same seed; the Campaign row is the
target; who plays is said and can be chosen; the sheet prints and reads on a phone."""

from __future__ import annotations

import json

import pytest
from conftest import MYTHOS_DATA
from support.html import parse_html, select, select_one, texts
from support.sheets import fits_width, hand_deck, pdf_pages, sheet_dom
from typer.testing import CliRunner

from deckbuilder.cli import app
from deckbuilder.sheet import goldfish, render
from deckbuilder.sheet.text import percent

runner = CliRunner()
DECKS = MYTHOS_DATA / "gccg" / "decks"


def mythos(*args: object):
    return runner.invoke(app, [str(a) for a in args])


# -- the goldfish box: a share, not a count; the cards that held it back ---------------------


def test_a_deck_completing_every_game_says_100_percent_not_one_game():
    view = goldfish.goldfish_view(
        {"games": 500, "completed": 1.0, "by_round": [0.5, 1.0], "median_rounds": 2, "final_sanity": 11}
    )
    assert view.completed_share == "100%"


def test_held_back_by_names_the_cards():
    report = {
        "games": 100,
        "completed": 0.5,
        "by_round": [0.5],
        "median_rounds": 1,
        "final_sanity": 9,
        "blockers": [{"title": "Lord Edward Dunsany", "share": 0.48}, {"title": "Arthur Machen", "share": 0.44}],
    }
    view = goldfish.goldfish_view(report)
    assert [(b.card, b.share) for b in view.blockers] == [("Lord Edward Dunsany", "48%"), ("Arthur Machen", "44%")]


# -- the chart's labels never run together ----------------------------------------------------


@pytest.mark.parametrize("rounds", range(1, 21))
def test_no_two_bar_labels_touch(rounds):
    shares = [min(1.0, 0.05 * i) for i in range(1, rounds + 1)]
    report = {"games": 100, "completed": shares[-1], "by_round": shares, "median_rounds": 3, "final_sanity": 9}
    dom, _ = sheet_dom(hand_deck(), goldfish=report)
    labels = [(float(t.attrs["x"]), t.text()) for t in select(dom, "svg.chart text.bar-label")]
    for (x1, a), (x2, b) in zip(labels, labels[1:]):
        assert x2 - x1 >= (goldfish.label_width(a) + goldfish.label_width(b)) / 2, (a, b)
    assert labels and labels[-1][1] == percent(shares[-1])  # the last Round always says where it ends
    assert len(select(dom, "svg.chart rect.bar title")) == rounds  # every bar keeps its tooltip


# -- every number on the sheet is the CLI's number ----------------------------------------------


@pytest.mark.parametrize(
    "deck, fmt", [("bourne-me-and-my-shadow.deck", "campaign"), ("karooni-new-aeon.deck", "advanced")]
)
def test_every_goldfish_number_on_the_sheet_is_the_clis(gccg_catalog_path, tmp_path, deck, fmt):
    path = DECKS / deck
    cli = mythos("deck", "goldfish", path, "-n", 120, "--seed", 5, "-f", fmt, "--json", "--db", gccg_catalog_path)
    assert cli.exit_code == 0, cli.output
    data = json.loads(cli.stdout)
    out = tmp_path / "sheet.html"
    made = mythos(
        "deck", "sheet", path, "-o", out, "--goldfish", 120, "--seed", 5, "-f", fmt, "--db", gccg_catalog_path
    )
    assert made.exit_code == 0, made.output
    dom = parse_html(out.read_text(encoding="utf-8"))
    box = select_one(dom, "section.goldfish")
    facts = dict(zip(texts(box, ".goldfish-facts dt"), texts(box, ".goldfish-facts dd")))
    assert facts["Completed an Adventure"] == f"{percent(data['completed'])} of games"
    assert facts["Median Round"] == f"{data['median_rounds']:g}"
    lo, hi = data["final_sanity_quartiles"]
    assert facts["Sanity at the end"] == f"median {data['final_sanity']:g} (middle half {lo:g}-{hi:g})"
    held = texts(box, ".goldfish-facts ul.blockers li")
    assert held == [f"{b['title']} ({percent(b['share'])} of games)" for b in data["blockers"]]
    rows = data["target_by_round"] if fmt == "campaign" else data["by_round"]
    bars = [select_one(b, "title").text() for b in select(box, "svg rect.bar")]
    assert bars == [f"Round {i}: {percent(s)}" for i, s in enumerate(rows, start=1)]
    odds = [[td.text() for td in select(tr, "td")][:2] for tr in select(box, "table.odds tbody tr")]
    assert odds == [[o["label"], percent(o["probability"], 1)] for o in data["odds"]]
    assert data["investigator"] in select_one(box, "h2").text()
    if fmt == "campaign":
        assert facts[f"Reached {data['target']} points"] == f"{percent(data['reached_target'])} of games"
        players = [[td.text() for td in select(tr, "td")] for tr in select(box, "table.players tbody tr")]
        assert players == [
            [
                p["name"],
                percent(p["reached_target"]),
                "n/a" if p["median_rounds"] is None else f"{p['median_rounds']:g}",
            ]
            for p in data["investigators"]
        ]


# -- goldfish: the Campaign row, who plays ---------------------------------------------------


def test_the_campaign_by_round_row_is_reaching_the_target(gccg_catalog_path):
    path = DECKS / "bourne-me-and-my-shadow.deck"
    args = (
        "deck",
        "goldfish",
        path,
        "-n",
        100,
        "-f",
        "campaign",
        "--investigator",
        "Bored Housewife",
        "--db",
        gccg_catalog_path,
    )
    data = json.loads(mythos(*args, "--json").stdout)
    text = mythos(*args).stdout
    (row,) = [line for line in text.splitlines() if "By Round" in line]
    shown = row.split(": ", 1)[1].split("  ")
    assert row.startswith("  By Round (reached 20 points): ")
    assert shown == [f"R{i}: {percent(s)}" for i, s in enumerate(data["target_by_round"], start=1) if i <= 12]
    assert data["target_by_round"] != data["by_round"]


def test_a_deck_listing_several_investigators_plays_each_best_first(gccg_catalog_path):
    path = DECKS / "bourne-me-and-my-shadow.deck"
    result = mythos("deck", "goldfish", path, "-n", 60, "--json", "--db", gccg_catalog_path)
    data = json.loads(result.stdout)
    names = [p["name"] for p in data["investigators"]]
    assert sorted(names) == [
        "Adventurous Dilettante",
        "Bored Housewife",
        "Controversial French Mystic",
        "Grinning Ghoul",
        "Haunted French Sculptor",
        "Skeptical Pathologist",
    ]
    assert data["investigator"] == names[0] and data["investigators"][0]["best"] is True
    shares = [p["completed"] for p in data["investigators"]]
    assert shares == sorted(shares, reverse=True)
    assert data["investigators"][0]["completed"] == data["completed"]
    text = mythos("deck", "goldfish", path, "-n", 60, "--db", gccg_catalog_path).stdout
    assert f"60 solitaire games, played by {names[0]}" in text.splitlines()[0]
    assert f"  {names[0]} played best of the 6 Investigators listed; the others:" in text
    assert sum(1 for line in text.splitlines() if line.startswith("    ") and "completed an Adventure in" in line) == 5


def test_investigator_chooses_who_plays_and_says_so(gccg_catalog_path):
    path = DECKS / "bourne-me-and-my-shadow.deck"
    result = mythos(
        "deck", "goldfish", path, "-n", 30, "--investigator", "grinning ghoul", "--json", "--db", gccg_catalog_path
    )
    data = json.loads(result.stdout)
    assert data["investigator"] == "Grinning Ghoul" and data["investigators"] == []


def test_a_deck_without_an_investigator_can_be_played_with_one(gccg_catalog_path, tmp_path):
    deck = tmp_path / "none.txt"
    deck.write_text(
        "".join(
            line + "\n"
            for line in (DECKS / "karooni-new-aeon.deck").read_text().splitlines()
            if not line.startswith("#")
        ).split("Deck\n", 1)[1],
        encoding="utf-8",
    )
    plain = mythos("deck", "goldfish", deck, "-n", 10, "--db", gccg_catalog_path)
    assert plain.exit_code == 2 and "names no Investigator" in plain.stderr
    chosen = mythos("deck", "goldfish", deck, "-n", 10, "--investigator", "Pragmatic Hobo", "--db", gccg_catalog_path)
    assert chosen.exit_code == 0, chosen.output
    assert "played by Pragmatic Hobo" in chosen.stdout
    assert (
        "Pragmatic Hobo is not listed: the deck lists no Investigator; the deck is played by Pragmatic Hobo"
        in chosen.stderr
    )


def test_investigator_must_name_an_investigator(gccg_catalog_path):
    result = mythos(
        "deck", "goldfish", DECKS / "karooni-new-aeon.deck", "--investigator", "Dark Young", "--db", gccg_catalog_path
    )
    assert result.exit_code == 2
    assert "Error: --investigator 'Dark Young': Dark Young is a Monster, not an Investigator" in result.stderr


def test_deck_check_with_investigator_settles_a_pool(gccg_catalog_path):
    path = DECKS / "bourne-me-and-my-shadow.deck"
    pool = json.loads(mythos("deck", "check", path, "-f", "tournament", "--json", "--db", gccg_catalog_path).stdout)
    assert pool["legal"] is False and [e["rule"] for e in pool["errors"]] == ["investigator-pool"]
    chosen = mythos(
        "deck", "check", path, "-f", "tournament", "--investigator", "Bored Housewife", "--db", gccg_catalog_path
    )
    assert chosen.exit_code == 0, chosen.output


# -- the printed sheet ---------------------------------------------------------------------


def test_later_pages_carry_the_decks_name():
    css = render.css_string('Ann\'s "Deck" </style><b>')
    assert str(css) == '"Ann\'s \\000022Deck\\000022 \\00003c/style\\00003e\\00003cb\\00003e"'
    from deckbuilder.paths import templates_dir

    page = (templates_dir() / "deck_sheet.html").read_text(encoding="utf-8")
    assert "@top-left { content: {{ deck_name | css_string }}; }" in page
    assert "@page :first { @top-left { content: none; } }" in page


def test_several_investigators_share_one_table_and_the_sheet_prints_on_three_pages(
    chromium, gccg_catalog_path, tmp_path
):
    path = DECKS / "bourne-me-and-my-shadow.deck"
    out, pdf = tmp_path / "shadow.html", tmp_path / "shadow.pdf"
    result = mythos(
        "deck", "sheet", path, "-o", out, "--goldfish", 60, "-f", "campaign", "--pdf", pdf, "--db", gccg_catalog_path
    )
    assert result.exit_code == 0, result.output
    dom = parse_html(out.read_text(encoding="utf-8"))
    rows = texts(dom, "table.investigator-pool tbody th")
    assert len(rows) == 6 and not select(dom, "article.investigator")
    # Six Investigator cards stacked down page 1 left half of it empty and made four pages.
    assert pdf_pages(pdf) <= 3
    assert fits_width(out.read_text(encoding="utf-8"), 390, chromium, tmp_path).text() == "true"


# -- search: every column, every sort key ------------------------------------------------------


def _columns(lines: list[str]) -> list[dict[str, str]]:
    """Reads a text table back by the widths of its rule line."""
    header, rule, *rows = lines
    spans, start = [], 0
    for dashes in rule.split("  "):
        spans.append((start, start + len(dashes)))
        start += len(dashes) + 2
    names = [header[a:b].strip() for a, b in spans]
    return [{n: row[a:b].strip() for n, (a, b) in zip(names, spans)} for row in rows]


def test_every_column_of_the_search_table_shows_its_field_for_every_card(gccg_cards):
    from deckbuilder.cli.console import card_table
    from deckbuilder.rules.cards import CardType
    from deckbuilder.sheet.text import value_text

    rows = _columns(card_table(gccg_cards))
    assert list(rows[0]) == ["Title", "Set", "Type", "Subtype", "Value", "San", "Subregion", "Dim"]
    for card, row in zip(gccg_cards, rows):
        corner = value_text(card) or ("Gate" if card.gate and card.type is CardType.LOCATION else "")
        sanity = (
            ""
            if card.sanity is None
            else str(card.sanity)
            if card.type is CardType.INVESTIGATOR
            else f"{card.sanity:+d}"
        )
        dim = {"Dreamlands": "DRM", "New Æon": "NAE"}.get(card.dimension.value if card.dimension else "", "")
        assert row == {
            "Title": card.title,
            "Set": card.set_code,
            "Type": card.type.value,
            "Subtype": card.subtype or "",
            "Value": corner,
            "San": sanity,
            "Subregion": card.subregion or "",
            "Dim": dim,
        }, card.key
    tomes = [r for c, r in zip(gccg_cards, rows) if c.type is CardType.TOME and c.dimension]
    assert tomes and all(r["Subregion"] == "" for r in tomes)  # a Tome's Dimension is no Subregion


def _sort_key(key: str, card):
    from deckbuilder.rules.cards import SETS, fold_title, sort_title

    return {
        "title": lambda: (sort_title(card.title),),
        "set": lambda: (list(SETS).index(card.set_code), sort_title(card.title)),
        "type": lambda: (card.type.value, sort_title(card.title)),
        "value": lambda: (card.value is None, -(card.value or 0), not card.goo, not card.gate, sort_title(card.title)),
        "sanity": lambda: (card.sanity is None, card.sanity or 0, sort_title(card.title)),
        "subregion": lambda: (card.subregion is None, fold_title(card.subregion or ""), sort_title(card.title)),
    }[key]()


@pytest.mark.parametrize("key", ["title", "set", "type", "value", "sanity", "subregion"])
@pytest.mark.parametrize("query", ["t:location", "t:ally or t:monster", "t:tome or t:event or is:goo", "set:nae"])
def test_every_sort_key_orders_every_kind_of_card(gccg_catalog, key, query):
    from deckbuilder import service

    found = service.search_cards(gccg_catalog, service.parse_search(query, sort=key)).cards
    keys = [_sort_key(key, c) for c in found]
    assert len(found) > 10 and keys == sorted(keys)


def test_sorting_locations_by_value_puts_the_gates_first(gccg_catalog):
    from deckbuilder import service

    found = service.search_cards(gccg_catalog, service.parse_search("t:location sr:arkham", sort="value")).cards
    gates = [c.gate for c in found]
    assert gates == sorted(gates, reverse=True) and gates[0] and not gates[-1]
