"""The web deck builder's pages, as plain forms (no JavaScript), read through selectors.

Each page's template is held to its context dataclass (``deckbuilder/sheet/pages.py``), as
the deck sheet is: every field documented, every field read. Then a player's errands, with
an in-process client: search, open a card, start a deck, add cards from the search and the
Adventure suggestions, save, change, compare versions, export and import again, the
collection, test games.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from pathlib import Path
from urllib.parse import urlencode

import pytest
from starlette.testclient import TestClient
from support.html import parse_html, select, select_one, texts
from support.web import BASE, Browser, deck_lines, new_deck, verdict

from deckbuilder import service
from deckbuilder.paths import catalog_data_dir, templates_dir
from deckbuilder.sheet import pages
from deckbuilder.web.app import Settings, create_app

EXAMPLE_DECK = catalog_data_dir() / "sample" / "example-deck.txt"


@pytest.fixture(scope="module")
def sample_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("sample") / "catalog.sqlite"
    service.open_catalog(path)[0].close()
    return path


@pytest.fixture()
def browser(sample_db, tmp_path) -> Browser:
    app = create_app(Settings(db=sample_db, decks=tmp_path / "decks", collection=tmp_path / "collection.json"))
    b = Browser(TestClient(app, base_url=BASE))
    b.get("/decks")
    return b


# --------------------------------------------------------------------------------------
# each template is held to its context


def _page_parts() -> list[type]:
    seen: list[type] = []

    def visit(tp: object) -> None:
        if isinstance(tp, type) and dataclasses.is_dataclass(tp):
            if tp in seen or tp.__module__ != pages.__name__:
                return
            seen.append(tp)
            for hint in typing.get_type_hints(tp).values():
                visit(hint)
        for arg in typing.get_args(tp):
            visit(arg)

    for page in pages.TEMPLATES:
        visit(page)
    return seen


@pytest.mark.parametrize("cls", _page_parts(), ids=lambda c: c.__name__)
def test_every_page_context_field_is_documented(cls):
    assert [f.name for f in dataclasses.fields(cls) if not f.metadata.get("help", "").strip()] == []
    assert cls.__dataclass_params__.frozen


def _ast(name: str):
    from deckbuilder.sheet.render import environment

    env = environment()
    return env.parse((templates_dir() / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("page", list(pages.TEMPLATES), ids=lambda c: c.__name__)
def test_each_page_template_uses_exactly_its_contexts_fields(page):
    from jinja2 import meta, nodes

    ast = _ast(pages.TEMPLATES[page])
    macros = {name if isinstance(name, str) else name[-1] for n in ast.find_all(nodes.FromImport) for name in n.names}
    macros |= {n.name for n in ast.find_all(nodes.Macro)}
    used = (meta.find_undeclared_variables(ast) - macros) | meta.find_undeclared_variables(_ast("web/base.html"))
    assert used == {f.name for f in dataclasses.fields(page)}


@pytest.mark.parametrize("cls", [c for c in _page_parts() if c not in pages.TEMPLATES], ids=lambda c: c.__name__)
def test_the_templates_read_every_field_of_each_part(cls):
    from jinja2 import nodes

    read = {
        n.attr
        for path in (templates_dir() / "web").glob("*.html")
        for n in _ast(f"web/{path.name}").find_all(nodes.Getattr)
    }
    assert [f.name for f in dataclasses.fields(cls) if f.name not in read] == []


def test_the_web_templates_load_nothing_from_the_network():
    for path in (templates_dir() / "web").rglob("*"):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"(src|href)=\"(https?:)?//", text), path
            assert "@import" not in text and "url(http" not in text, path


# --------------------------------------------------------------------------------------
# cards


def test_the_search_lists_the_columns_players_scan(browser):
    dom = browser.get("/cards?q=t:location+is:gate&sort=region")
    assert texts(dom, "table.results thead th") == [
        "Title",
        "Type",
        "Value",
        "Sanity",
        "Gate",
        "Region ▲",
        "Unique",
        "Set",
    ]
    rows = select(dom, "table.results tbody tr")
    assert rows and all(select(r, "span.gate") for r in rows)
    regions = [[c.text() for c in select(r, "td")][5] for r in rows]
    assert regions == sorted(regions, key=lambda r: r == "")  # a card whose place is unknown comes last
    assert select_one(dom, "p.found").text() == f"{len(rows)} cards"


def test_a_column_heading_sorts_by_it_then_the_other_way(browser):
    dom = browser.get("/cards?q=t:adventure&sort=value")
    link = next(a for a in select(dom, "table.results th a") if a.text().startswith("Value"))
    assert "order=desc" in link.attrs["href"]
    forwards = texts(dom, "table.results td.title")
    backwards = texts(browser.get(link.attrs["href"].replace("&amp;", "&")), "table.results td.title")
    assert backwards == forwards[::-1]


def _filter(dom, group: str, label: str):
    row = next(p for p in select(dom, "nav.filters p.filter-row") if select_one(p, ".filter-key").text() == f"{group}:")
    return next(a for a in select(row, "a.filter") if a.text() == label)


def _query(dom) -> str:
    return select_one(dom, "form.search input[name=q]").attrs["value"].replace("&quot;", '"')


def test_a_filter_button_writes_its_key_in_the_query_and_pressing_it_again_takes_it_out(browser):
    dom = browser.get("/cards?q=t:ally+set:nae&sort=value")
    ally, location = _filter(dom, "Type", "Ally"), _filter(dom, "Type", "Location")
    assert "on" in ally.attrs["class"] and "on" not in location.attrs["class"]
    dom = browser.get(location.attrs["href"].replace("&amp;", "&"))
    assert _query(dom) == "set:nae t:location"  # the type replaced, the set kept
    assert select_one(dom, "th[aria-sort]").text().startswith("Value")  # the order kept too
    in_set = texts(dom, "table.results td.title")
    assert in_set and all(t.startswith("Location") for t in texts(dom, "table.results td.type"))
    assert {c.text() for c in select(dom, "table.results td.set abbr")} == {"NAE"}
    regions = [a.text() for a in select(select(dom, "nav.filters p.filter-row")[2], "a.filter")]
    assert "Lovecraft Country" in regions and regions == sorted(regions, key=str.casefold)
    dom = browser.get(_filter(dom, "Region", "Lovecraft Country").attrs["href"].replace("&amp;", "&"))
    assert _query(dom) == 'set:nae t:location r:"lovecraft country"'
    assert "on" in _filter(dom, "Region", "Lovecraft Country").attrs["class"]
    narrowed = texts(dom, "table.results td.title")
    assert narrowed and len(narrowed) < len(in_set) and set(narrowed) <= set(in_set)
    dom = browser.get(_filter(dom, "Region", "Lovecraft Country").attrs["href"].replace("&amp;", "&"))
    assert _query(dom) == "set:nae t:location"  # pressed again: taken out
    assert texts(dom, "table.results td.title") == in_set
    dom = browser.get(_filter(dom, "Set", "NAE").attrs["href"].replace("&amp;", "&"))
    assert _query(dom) == "t:location"
    assert len({c.text() for c in select(dom, "table.results td.set abbr")}) > 1
    grouped = browser.get("/cards?q=t:ally+or+t:location")  # which term to replace is not plain: and-ed
    dom = browser.get(_filter(grouped, "Set", "NAE").attrs["href"].replace("&amp;", "&"))
    assert _query(dom) == "(t:ally or t:location) set:nae"
    assert {c.text() for c in select(dom, "table.results td.set abbr")} == {"NAE"}


def test_the_editors_filter_buttons_stay_on_the_deck(browser):
    deck_id = new_deck(browser)
    link = _filter(browser.get(f"/decks/{deck_id}?q=t:adventure"), "Type", "Location")
    assert link.attrs["href"].startswith(f"/decks/{deck_id}?")
    dom = browser.get(link.attrs["href"].replace("&amp;", "&"))
    assert _query(dom) == "t:location"
    types = texts(dom, "#search-panel td.type")
    assert types and all(t.startswith("Location") for t in types)


def test_the_owned_filter_shows_with_a_collection_and_toggles_is_owned(browser):
    assert "Owned:" not in texts(browser.get("/cards?q=t:ally"), "nav.filters .filter-key")
    browser.post("/collection", {"text": "2 Eiffel Tower\n1 Dark Horse\n"})
    dom = browser.get(_filter(browser.get("/cards?q=t:location"), "Owned", "owned").attrs["href"].replace("&amp;", "&"))
    assert _query(dom) == "t:location is:owned"
    assert texts(dom, "table.results td.title a") == ["Eiffel Tower"]
    dom = browser.get(_filter(dom, "Owned", "owned").attrs["href"].replace("&amp;", "&"))
    assert _query(dom) == "t:location" and len(select(dom, "table.results tbody tr")) > 1


def test_a_query_error_is_shown_with_its_position(browser):
    dom = browser.get("/cards?q=t:ally+(a:city", status=400)
    error = select_one(dom, ".error")
    assert error.attrs["data-kind"] == "query"
    assert "at column" in select_one(error, ".message").text()
    pointer = select_one(error, "pre.pointer")
    assert pointer.text().endswith("^")


def test_a_card_page_shows_it_as_it_plays_with_its_erratum_and_printings(browser):
    dom = browser.get("/cards/Summon%20Great%20Cthulhu")
    assert select_one(dom, "h1").text() == "Summon Great Cthulhu"
    plays = select(dom, "dl.facts")[0]
    facts = dict(zip(texts(plays, "dt"), texts(plays, "dd")))
    assert facts["Value"] == "13"
    assert "Value · rulings:211" in texts(dom, "dl.errata dt")
    # The printed values in words, beside what the card plays as.
    assert dict(zip(texts(dom, "dl.printed dt"), texts(dom, "dl.printed dd")))["Value"] == "7 as printed; plays as 13"
    assert select(dom, "ul.printings a")


def test_an_unknown_card_is_a_page_saying_so(browser):
    dom = browser.get("/cards/Zzyzx%20Qqq", status=404)
    assert '"Zzyzx Qqq" is not a card' in select_one(dom, ".error .message").text()


# --------------------------------------------------------------------------------------
# a deck from nothing, with plain forms


def add(browser: Browser, deck_id: str, card: str, **fields) -> object:
    _answer, dom = browser.post(f"/decks/{deck_id}/cards", {"card": card, **{k: str(v) for k, v in fields.items()}})
    return dom


def test_a_new_deck_starts_illegal_with_its_investigator(browser):
    deck_id = new_deck(browser)
    dom = browser.get(f"/decks/{deck_id}")
    assert select_one(dom, "h1#h-deck").text() == "Onboard the 747"
    assert deck_lines(dom) == {"Diabolical Cultist": 1}
    assert verdict(dom) == "ILLEGAL"
    finding = select(dom, "li.finding.error")[0]
    assert "at least 52 are required" in finding.text() and "[rulings:11]" in finding.text()


def test_cards_are_added_from_the_search_and_the_adventure_suggestions(browser):
    deck_id = new_deck(browser)
    dom = browser.get(f"/decks/{deck_id}?q=t:adventure")
    row = next(r for r in select(dom, "#search-panel tbody tr") if "Dark Horse" in r.text())
    assert [b.text() for b in select(row, "button.count")] == ["0", "1", "2", "3", "4"]
    dom = add(browser, deck_id, row.attrs["data-key"], count=1, q="t:adventure")
    slot = select_one(dom, "article.adventure ul.slots li.short")
    assert "needs 3 more" in slot.text()
    suggestions = texts(slot, "button.suggest")
    assert len(suggestions) >= 3
    for title in suggestions[:3]:
        dom = add(browser, deck_id, title, change=1)
    dom = browser.get(f"/decks/{deck_id}")
    assert select_one(dom, "article.adventure").attrs["class"].split()[-1] in ("complete", "incomplete")
    assert len(deck_lines(dom)) == 5


def test_plus_and_minus_change_the_copies_and_stop_at_the_limits(browser):
    deck_id = new_deck(browser)
    for _ in range(4):
        dom = add(browser, deck_id, "Eiffel Tower", change=1)
    line = next(li for li in select(dom, "#deck-list li.card-line") if li.attrs["data-title"] == "Eiffel Tower")
    assert [b.attrs["aria-label"] for b in select(line, "button")] == ["One copy fewer of Eiffel Tower"]
    dom = add(browser, deck_id, line.attrs["data-key"], change=-1)
    assert deck_lines(dom)["Eiffel Tower"] == 3


def test_a_card_typed_by_name_is_added_and_an_unknown_one_refused(browser):
    deck_id = new_deck(browser)
    dom = add(browser, deck_id, "eiffel towr", change=1)
    assert deck_lines(dom)["Eiffel Tower"] == 1
    answer, dom = browser.post(f"/decks/{deck_id}/cards", {"card": "Zzyzx Qqq", "change": "1"}, status=404)
    assert '"Zzyzx Qqq" is not a card' in select_one(dom, "#deck-head .error").text()
    assert len(select(dom, "datalist#titles option")) == len(service.card_titles(browser.client.app.state.catalog()))


def build_the_example(browser: Browser, deck_id: str) -> object:
    """Adds the example deck's cards, one form a title, by the copies buttons."""
    from deckbuilder.decklists import read_deck

    dom = None
    for line in read_deck(EXAMPLE_DECK.read_text(encoding="utf-8")).section(
        read_deck("").lines and None or _deck_section()
    ):
        dom = add(browser, deck_id, line.name, count=line.count)
    return dom


def _deck_section():
    from deckbuilder.decklists import Section

    return Section.DECK


def test_a_legal_deck_is_built_saved_changed_compared_exported_and_imported(browser, tmp_path):
    deck_id = new_deck(browser, "Dark Horse by hand", fmt="campaign")
    dom = build_the_example(browser, deck_id)
    assert verdict(dom) == "LEGAL"
    assert select_one(dom, "#deck-head .card-count").text() == "60 cards"
    assert select_one(dom, "article.adventure").attrs["class"].split()[-1] == "complete"
    answer, dom = browser.post(f"/decks/{deck_id}/save")
    assert str(answer.url).endswith("?saved=2")
    assert select_one(dom, "p.message").text() == "Saved as version 2."
    add(browser, deck_id, "Mugging", count=0)
    dom = add(browser, deck_id, "Blackout", change=1)
    assert "unsaved changes" in select_one(dom, "#deck-head").text()
    browser.post(f"/decks/{deck_id}/save")
    dom = browser.get(f"/decks/{deck_id}/history")
    rows = {r.attrs["class"]: [c.text() for c in select(r, "td")] for r in select(dom, "table.changes tbody tr")}
    assert rows == {"removed": ["-2", "Mugging", "2", "0"], "changed": ["+1", "Blackout", "2", "3"]}
    assert [v.attrs["data-version"] for v in select(dom, "ol.versions li")] == ["3", "2", "1"]
    dom = browser.get(f"/decks/{deck_id}/history?a=1&b=3")
    assert "Dark Horse" in " ".join(texts(dom, "table.changes tbody tr"))
    exported = {}
    for fmt in ("text", "gccg", "lackey", "json"):
        answer = browser.client.get(f"/decks/{deck_id}/export?to={fmt}")
        assert answer.status_code == 200 and "attachment" in answer.headers["content-disposition"]
        exported[fmt] = answer.content
    for fmt, content in exported.items():
        name = {"text": "deck.txt", "gccg": "deck.deck", "lackey": "deck.dek", "json": "deck.json"}[fmt]
        answer, dom = browser.post("/import", files={"file": (name, content)})
        assert verdict(dom) == "LEGAL", fmt
        assert select_one(dom, "#deck-head .card-count").text() == "59 cards", fmt


def test_a_deck_is_imported_by_pasting_and_errors_keep_the_text(browser):
    answer, dom = browser.post("/import", {"text": EXAMPLE_DECK.read_text(encoding="utf-8")})
    assert str(answer.url).endswith("/decks/dark-horse-in-the-new-aeon")
    assert verdict(dom) == "LEGAL"
    answer, dom = browser.post("/import", {"text": "4 Dark Yuong\n3 Zzyzx Qqq\n"}, status=422)
    assert select_one(dom, ".error").attrs["data-kind"] == "unresolved-deck"
    assert select_one(dom, "textarea#text").text() == "4 Dark Yuong 3 Zzyzx Qqq"
    _answer, dom = browser.post("/import", {"text": "  "}, status=400)
    assert "paste a deck list" in select_one(dom, ".error").text()


def test_the_way_to_play_and_the_name_are_chosen(browser):
    deck_id = new_deck(browser)
    browser.post(f"/decks/{deck_id}/play", {"format": "campaign", "target": "15"})
    dom = browser.get(f"/decks/{deck_id}")
    assert "for Campaign" in select_one(dom, "#verdict h2").text()
    browser.post(f"/decks/{deck_id}/rename", {"name": "<script>alert(1)</script>"})
    dom = browser.get(f"/decks/{deck_id}")
    assert select_one(dom, "h1#h-deck").text() == "<script>alert(1)</script>"
    assert not [s for s in select(dom, "script") if "alert" in s.text()]
    answer = browser.client.get(f"/decks/{deck_id}")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in answer.text


def test_unsaved_changes_are_discarded(browser):
    deck_id = new_deck(browser)
    add(browser, deck_id, "747", change=2)
    _answer, dom = browser.post(f"/decks/{deck_id}/discard")
    assert deck_lines(dom) == {"Diabolical Cultist": 1}
    assert select_one(dom, "p.message").text() == "The unsaved changes were discarded."


def test_a_deck_that_does_not_exist_is_a_page_saying_so(browser):
    dom = browser.get("/decks/no-such-deck", status=404)
    assert select_one(dom, ".error").attrs["data-kind"] == "unknown-deck"
    browser.get("/decks/..%2Fetc", status=404)


def test_the_deck_list_shows_every_saved_deck(browser):
    new_deck(browser, "Alpha")
    new_deck(browser, "Beta")
    dom = browser.get("/decks")
    assert [r.attrs["data-deck"] for r in select(dom, "table.decks tbody tr")] == ["alpha", "beta"]


def test_the_printable_sheet_is_the_decks_sheet(browser):
    deck_id = new_deck(browser)
    answer = browser.client.get(f"/decks/{deck_id}/sheet")
    assert answer.status_code == 200 and "style-src 'unsafe-inline'" in answer.headers["content-security-policy"]
    assert "ILLEGAL" in select_one(parse_html(answer.text), "p.badge").text()


# --------------------------------------------------------------------------------------
# the collection and test games


def test_the_collection_is_imported_and_the_editor_warns_beyond_it(browser):
    dom = browser.get("/collection")
    assert "No collection yet" in select_one(dom, "p.empty").text()
    browser.post("/collection", {"text": "2 Eiffel Tower\n1 Dark Horse\n"})
    dom = browser.get("/collection")
    assert [[c.text() for c in select(r, "td")] for r in select(dom, "table.owned tbody tr")] == [
        ["1", "Dark Horse"],
        ["2", "Eiffel Tower"],
    ]
    assert "3 cards, 2 titles" in select(dom, "main p")[0].text()
    deck_id = new_deck(browser)
    add(browser, deck_id, "Eiffel Tower", count=3)
    dom = browser.get(f"/decks/{deck_id}?q=is:owned")
    assert texts(dom, "ul.shortfalls li") == [
        "Diabolical Cultist: the deck has 1, you own 0",
        "Eiffel Tower: the deck has 3, you own 2",
    ]
    assert sorted(texts(dom, "#search-panel td.title")) == ["Dark Horse", "Eiffel Tower"]
    _answer, dom = browser.post("/collection", {"text": "3 Zzyzx Qqq"}, status=422)
    assert select_one(dom, ".error").attrs["data-kind"] == "unresolved-deck"


def test_test_games_run_in_the_background_and_show_their_error(browser, sample_db):
    deck_id = new_deck(browser)
    answer, dom = browser.post(f"/decks/{deck_id}/goldfish", {"games": "50"})
    job = str(answer.url).rsplit("/", 1)[1]
    browser.client.app.state.jobs.wait(job)
    dom = browser.get(f"/decks/{deck_id}/goldfish/{job}")
    assert select_one(dom, ".error").attrs["data-kind"] in ("no-investigator", "error")
    _answer, dom = browser.post(f"/decks/{deck_id}/goldfish", {"games": "0"}, status=400)
    assert "--games 0" in select_one(dom, ".error").text()


def test_test_games_show_their_chart_and_odds(gccg_catalog_path, tmp_path, mythos_data):
    deck = sorted((mythos_data / "gccg" / "decks").glob("*.deck"))[0]
    app = create_app(Settings(db=gccg_catalog_path, decks=tmp_path / "decks", collection=tmp_path / "c.json"))
    b = Browser(TestClient(app, base_url=BASE))
    b.get("/import")
    answer, _dom = b.post("/import", files={"file": (deck.name, deck.read_bytes())})
    deck_id = str(answer.url).rsplit("/", 1)[1]
    answer, dom = b.post(f"/decks/{deck_id}/goldfish", {"games": "200", "seed": "1"})
    job = str(answer.url).rsplit("/", 1)[1]
    running = select(dom, ".job progress")
    assert running == [] or running[0].attrs["max"] == "200"
    assert app.state.jobs.wait(job).state == "done"
    dom = b.get(f"/decks/{deck_id}/goldfish/{job}")
    assert select_one(dom, "section.goldfish h2#h-result").text() == "200 games"
    assert len(select(dom, "svg.chart rect.bar")) >= 1
    assert select(dom, "table.odds tbody tr")


# --------------------------------------------------------------------------------------
# printings, marks, the bar, the search's directions and hints (issue 27)


def _row(dom, key: str):
    return next(r for r in select(dom, "#search-panel tbody tr") if r.attrs["data-key"] == key)


def _pressed(row) -> str:
    return select_one(row, "button.count[aria-pressed=true]").text()


def test_copies_are_set_per_printing_with_the_titles_total_beside_them(browser):
    # Police Investigation is printed in LTD and NAE. Pressing "2" on NAE's row after 1 copy of
    # LTD's gives 1 + 2, each row showing its own copies and "3 by title" beside them (it gave
    # 3 copies with both rows showing 3).
    deck_id = new_deck(browser)
    add(browser, deck_id, "LTD:police-investigation", count=1, q="police investigation")
    dom = add(browser, deck_id, "NAE:police-investigation", count=2, q="police investigation")
    dom = browser.get(f"/decks/{deck_id}?q=police+investigation")
    ltd, nae = _row(dom, "LTD:police-investigation"), _row(dom, "NAE:police-investigation")
    assert (_pressed(ltd), _pressed(nae)) == ("1", "2")
    assert select_one(ltd, ".title-total").text() == select_one(nae, ".title-total").text() == "3 by title"
    # The four-copy rule counts by title: LTD's row offers at most 4 - 2 = 2, NAE's 4 - 1 = 3.
    assert texts(ltd, "button.count") == ["0", "1", "2"] and texts(nae, "button.count") == ["0", "1", "2", "3"]
    assert [texts(r, "td.set abbr") for r in (ltd, nae)] == [["LTD"], ["NAE"]]
    lines = {li.attrs["data-key"]: li for li in select(dom, "#deck-list li.card-line")}
    assert select_one(lines["LTD:police-investigation"], ".count").text() == "1"
    assert select_one(lines["NAE:police-investigation"], ".count").text() == "2"
    assert select_one(lines["NAE:police-investigation"], ".title-total").text() == "3 by title"


def test_the_bar_keeps_the_verdict_the_cards_and_the_points_in_view(browser):
    deck_id = new_deck(browser, fmt="campaign")
    dom = browser.get(f"/decks/{deck_id}?q=t:adventure")
    bar = select_one(dom, "#deck-bar")
    assert select_one(bar, ".badge").text() == "ILLEGAL"
    assert select_one(bar, ".bar-cards").text() == "0/52 cards"
    assert select_one(bar, ".bar-points").text() == "0/20 Adventure points"
    row = next(r for r in select(dom, "#search-panel tbody tr") if select_one(r, "td.value").text().isdigit())
    dom = add(browser, deck_id, row.attrs["data-key"], count=1)
    value = int(select_one(row, "td.value").text())
    assert select_one(dom, "#deck-bar .bar-points").text() == f"{value}/20 Adventure points"
    assert select_one(dom, "#deck-bar .bar-cards").text() == "1/52 cards"


def test_value_sorts_in_the_direction_its_arrow_shows(real_browser):
    # It showed 18-point Adventures first under "Value ▲": the order was right, the arrow not.
    browser = real_browser
    dom = browser.get("/cards?q=t:adventure&sort=value")
    value = next(th for th in select(dom, "table.results thead th") if th.text().startswith("Value"))
    assert value.text() == "Value ▼" and value.attrs["aria-sort"] == "descending"
    values = [int(v.lstrip("+")) for v in texts(dom, "table.results td.value") if v.lstrip("+").isdigit()]
    assert values == sorted(values, reverse=True) and values[0] > values[-1]
    # The heading's link turns it round: lowest first, under ▲.
    dom = browser.get(select_one(value, "a").attrs["href"])
    value = next(th for th in select(dom, "table.results thead th") if th.text().startswith("Value"))
    assert value.text() == "Value ▲"
    numbered = [int(v.lstrip("+")) for v in texts(dom, "table.results td.value") if v.lstrip("+").isdigit()]
    assert numbered == sorted(numbered) and numbered[0] < numbered[-1]


def test_the_helps_by_value_example_lists_the_highest_first_and_its_keys_link_works_on_results(real_browser):
    # It listed Create Your Own Adventure (no value) first.
    browser = real_browser
    dom = browser.get("/cards?q=t:ally")
    assert select_one(dom, "label[for=q] a").attrs["href"] == "#help"
    assert select(dom, "#help")  # the link's target is on a results page too
    example = next(a for a in select(dom, "#help a") if "by value" in a.text())
    dom = browser.get(example.attrs["href"].replace("&amp;", "&"))
    values = [int(v) for v in texts(dom, "table.results td.value") if v.isdigit()]
    first = select(dom, "table.results tbody tr")[0]
    assert select_one(first, "td.value").text() == str(max(values)) == "18"


@pytest.mark.parametrize(
    "query, says",
    [
        (
            "t:adventure sr:arkham",
            "Adventures (the 7 cards the rest of the query finds) have no Subregion: sr: finds Locations and Allies",
        ),
    ],
)
def test_no_results_say_the_likely_fix(browser, query, says):
    dom = browser.get(f"/cards?q={query}")
    assert select_one(dom, "p.found").text().startswith("0 cards")
    assert select_one(dom, "p.hint").text() == says


@pytest.fixture()
def real_browser(lackey_catalog_path, tmp_path) -> Browser:
    app = create_app(
        Settings(db=lackey_catalog_path, decks=tmp_path / "decks", collection=tmp_path / "collection.json")
    )
    b = Browser(TestClient(app, base_url=BASE))
    b.get("/decks")
    return b


def test_fan_and_repointed_cards_are_hidden_from_an_official_decks_search_unless_asked_for(real_browser):
    browser = real_browser
    investigator = select(browser.get("/decks/new"), "select[name=investigator] option")[1].attrs["value"]
    deck_id = new_deck(browser, investigator=investigator, fmt="campaign")
    dom = browser.get(f"/decks/{deck_id}?q=t:adventure&sort=value")
    sets = texts(dom, "#search-panel td.set abbr")
    assert sets and not {"RP", "SD", "MOVIELAND"} & set(sets)
    found = select_one(dom, "#search-panel p.found").text()
    assert re.search(r"; \d+ fan and re-pointed cards hidden, as Campaign does not play them", found)
    # The toggle shows them, each with its mark.
    dom = browser.get(select_one(dom, "a.toggle-fan").attrs["href"].replace("&amp;", "&"))
    marked = {
        select_one(r, "td.set abbr").text(): select_one(r, ".mark").text()
        for r in select(dom, "#search-panel tbody tr.marked")
    }
    assert marked.get("RP") == "house rule" and marked.get("MOVIELAND") == "fan"
    assert select_one(dom, "a.toggle-fan").text() == "hide fan and re-pointed cards"
    # is:fan asks for them too.
    dom = browser.get(f"/decks/{deck_id}?q=is:fan+t:adventure")
    assert {s for s in texts(dom, "#search-panel td.set abbr")} <= {"SD", "MOVIELAND"}
    assert texts(dom, "#search-panel td.set .mark") and not select(dom, "a.toggle-fan")
    # A way to play with repointed-adventures plays the re-pointed cards: they are shown, marked.
    browser.post(f"/decks/{deck_id}/play", {"format": "campaign", "house_rule": "repointed-adventures"})
    dom = browser.get(f"/decks/{deck_id}?q=t:adventure&sort=value")
    assert "RP" in texts(dom, "#search-panel td.set abbr") and "MOVIELAND" not in texts(
        dom, "#search-panel td.set abbr"
    )


def test_the_card_page_names_a_printings_set_and_mark(real_browser):
    dom = real_browser.get("/cards/RP:an-heroic-rescue")
    facts = {select_one(d, "dt").text(): select_one(d, "dd").text() for d in select(dom, "dl.facts div")}
    assert facts["Set"].endswith("(RP) · house rule (re-pointed)")


def test_a_recipe_reads_in_plain_words_each_requirement_once_with_a_handful_to_add(browser):
    deck_id = new_deck(browser)
    dom = browser.get(f"/decks/{deck_id}?q=t:adventure")
    row = next(r for r in select(dom, "#search-panel tbody tr") if "Dark Horse" in r.text())
    dom = add(browser, deck_id, row.attrs["data-key"], count=1)
    article = select_one(dom, "article.adventure")
    slots = select(article, "ul.slots li")
    words = [select_one(li, ".words").text() for li in slots]
    assert words and not any(re.match(r"\d+x ", w) or "{" in w for w in words), words
    assert all(re.match(r"\d+x ", select_one(li, "code.notation").text()) for li in slots)
    assert select(dom, "input#show-notation[type=checkbox]")  # the notation, behind its toggle
    # Each requirement once: no "no card yet" or "Missing:" lines repeating the slots.
    assert "no card yet" not in article.text() and "Missing:" not in article.text()
    for li in slots:
        assert len(select(li, "button.suggest")) <= 5


def test_notes_that_need_nothing_done_fold_into_one_line_below_the_problems(browser):
    _answer, dom = browser.post("/import", {"text": EXAMPLE_DECK.read_text(encoding="utf-8")})
    folded = select_one(dom, "details.engine-notes")
    assert "open" not in folded.attrs
    assert select_one(folded, "summary").text() == "1 card whose effect the test games leave out (nothing to do)"
    assert "Mugging" in select_one(folded, "li").text()
    # Not among the problems: the deck's cards can all be played.
    assert "Every card can be played." in texts(dom, "#verdict p.muted")
    assert not [
        li
        for li in select(dom, "#verdict ul.playability li")
        if "Mugging" in li.text() and li not in select(folded, "li")
    ]


def test_the_new_deck_form_shows_each_investigators_numbers_and_takes_a_campaign_target(browser):
    dom = browser.get("/decks/new")
    labels = texts(dom, "select#investigator option")[1:]
    assert labels and all(
        re.fullmatch(r".+ \([A-Z]+\) · Sanity (\d+|\?), hand (\d+|\?), knows .+", label) for label in labels
    ), labels
    answer, dom = browser.post(
        "/decks/new",
        {"name": "Short campaign", "investigator": "NAE:diabolical-cultist", "format": "campaign", "target": "12"},
    )
    assert select_one(dom, "#deck-bar .bar-points").text() == "0/12 Adventure points"
    _answer, dom = browser.post("/decks/new", {"name": "Nought", "format": "campaign", "target": "0"}, status=400)
    assert "give at least 1 Adventure point" in select_one(dom, ".error").text()
    assert select_one(dom, "input#target").attrs["value"] == "0"


def test_one_card_is_one_card_and_the_favicon_is_served(browser):
    deck_id = new_deck(browser)
    dom = add(browser, deck_id, "Eiffel Tower", change=1)
    assert select_one(dom, "#deck-head .card-count").text() == "1 card"
    icon = browser.client.get(select_one(browser.get("/decks"), "link[rel=icon]").attrs["href"])
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")


def test_an_adventures_page_shows_its_recipe_in_words(browser):
    dom = browser.get(
        "/cards/"
        + next(
            r.attrs["data-key"]
            for r in select(browser.get("/cards?q=t:adventure"), "tbody tr")
            if "Dark Horse" in r.text()
        )
    )
    assert texts(dom, "ul.recipe li") == ["three Locations in different Subregions"]
    assert "3x Location {distinct:subregion}" in select_one(dom, "details.notation pre").text()
    assert not select(browser.get("/cards/LTD:police-investigation"), "ul.recipe")


def test_add_by_title_says_which_printing_it_added(browser):
    deck_id = new_deck(browser)
    dom = add(browser, deck_id, "Police Investigation", change=1)
    (line,) = [li for li in select(dom, "#deck-list li.card-line") if li.attrs["data-title"] == "Police Investigation"]
    printing = line.attrs["data-key"].split(":")[0]
    assert select_one(dom, "p.message").text().startswith("Added Police Investigation (")
    assert select_one(dom, "p.message").text().endswith(f", {printing}).")
    # A row's own buttons name the printing already: no message.
    dom = add(browser, deck_id, line.attrs["data-key"], change=1)
    assert not select(dom, "p.message")


def test_the_match_page_plays_saved_decks_and_opens_a_games_log(gccg_catalog_path, tmp_path, mythos_data):
    app = create_app(Settings(db=gccg_catalog_path, decks=tmp_path / "decks", collection=tmp_path / "c.json"))
    b = Browser(TestClient(app, base_url=BASE))
    b.get("/import")
    ids = []
    for name in ("standard-corrupt.deck", "standard-steadfast.deck"):
        deck = mythos_data / "gccg" / "decks" / name
        answer, _dom = b.post("/import", files={"file": (deck.name, deck.read_bytes())})
        ids.append(str(answer.url).rsplit("/", 1)[1])

    dom = b.get("/decks")
    assert select_one(dom, 'nav a[href="/match"]').text() == "Match"
    dom = b.get("/match")
    assert select_one(dom, "nav a[aria-current=page]").text() == "Match"
    seats = select(dom, "fieldset.seat")
    assert len(seats) == 4
    assert {o.attrs["value"] for o in select(seats[0], "select[name=deck1] option")} == {"", *ids}
    assert [o.attrs["value"] for o in select(seats[0], "select[name=ai1] option")] == ["greedy", "lookahead"]

    # One deck is no match: the error, the form as sent.
    _answer, dom = b.post("/match", {"deck1": ids[0], "games": "20"}, status=400)
    assert "a match needs 2 to 4 decks" in select_one(dom, ".error").text()
    assert select_one(dom, "select[name=deck1] option[selected]").attrs["value"] == ids[0]
    # Without the session's token nothing is played.
    refused = b.client.post("/match", data={"deck1": ids[0], "deck2": ids[1], "games": "20"})
    assert refused.status_code == 403

    _answer, dom = b.post(
        "/match",
        {
            "deck1": ids[0],
            "ai1": "greedy",
            "deck2": ids[1],
            "ai2": "greedy",
            "games": "60",
            "seed": "4",
            "format": "advanced",
        },
    )
    assert select_one(dom, "section.match-result h2").text() == "60 games"
    rows = select(dom, "table.match tbody tr")
    assert [texts(r, "td.deck") for r in rows] == [
        ["Mythos Standard Game - Corrupt"],
        ["Mythos Standard Game - Steadfast"],
    ]
    # The table is mythos match's, for the same decks and seed.
    catalog = service.open_catalog(gccg_catalog_path)[0]
    decks = [
        service.load_deck_file(catalog, mythos_data / "gccg" / "decks" / n)
        for n in ("standard-corrupt.deck", "standard-steadfast.deck")
    ]
    expected = service.match_decks(catalog, decks, games=60, seed=4).to_json()
    catalog.close()
    from deckbuilder.sheet.text import percent

    assert [select_one(r, "td.wins").text() for r in rows] == [percent(p["wins"]) for p in expected["players"]]

    links = select(dom, "ul.game-logs a")
    assert [a.text() for a in links][:2] == ["Game 1", "Game 2"] and len(links) == 10
    log = b.get(links[2].attrs["href"])
    assert select_one(log, "h1").text().startswith("Game 3")
    told = select_one(log, "pre.match-log").text()
    assert "Combat, Round 1" in told and ": Pass" in told
    # Any game opens by its number, through the form's hidden fields.
    hidden = {i.attrs["name"]: i.attrs["value"] for i in select(dom, "form.log-form input[type=hidden]")}
    assert hidden["seed"] == "4" and hidden["format"] == "advanced"
    log = b.get(
        "/match/log?"
        + urlencode(
            [
                *[(k, v) for k, v in hidden.items() if k not in ("deck", "ai")],
                ("deck", ids[0]),
                ("deck", ids[1]),
                ("game", "45"),
            ]
        )
    )
    assert select_one(log, "h1").text().startswith("Game 45")
