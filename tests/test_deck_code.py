"""Deck codes (issue 27, item 7): a deck in one line, read back offline wherever a deck is.

A text deck becomes a code and the code the same deck again (hypothesis, on the bundled
sample catalog); a damaged code is refused with one line and never read as another deck;
the CLI prints and reads codes (``mythos deck code``, a code where a file goes, a file
holding a code), and the web's Import takes one.
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from support.html import select_one
from support.web import BASE, Browser, deck_lines
from typer.testing import CliRunner

from deckbuilder import service
from deckbuilder.cli import app
from deckbuilder.decklists import DeckFileError, is_deck_code, read_deck_code, write_deck_code
from deckbuilder.paths import catalog_data_dir
from deckbuilder.web.app import Settings, create_app

EXAMPLE_DECK = catalog_data_dir() / "sample" / "example-deck.txt"
runner = CliRunner()


@pytest.fixture(scope="module")
def sample_catalog_path(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("sample") / "catalog.sqlite"
    service.open_catalog(path)[0].close()
    return path


@pytest.fixture(scope="module")
def catalog(sample_catalog_path):
    opened, _ = service.open_catalog(sample_catalog_path)
    yield opened
    opened.close()


def printings(deck) -> dict[tuple[str, str, str, int], int]:
    """Gets {(section, title, set, printing): copies} of a loaded deck."""
    found: dict[tuple[str, str, str, int], int] = {}
    for entry in deck.deck.entries:
        key = (entry.section.value, entry.card.title, entry.card.set_code, entry.card.printing)
        found[key] = found.get(key, 0) + entry.count
    return found


# --------------------------------------------------------------------------------------
# text -> code -> deck


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_text_deck_becomes_a_code_and_the_code_the_same_deck(catalog, data):
    titles = sorted({c.title for c in catalog.all_cards()})
    chosen = data.draw(st.lists(st.sampled_from(titles), min_size=1, max_size=12, unique=True), label="titles")
    counts = data.draw(st.lists(st.integers(1, 99), min_size=len(chosen), max_size=len(chosen)), label="counts")
    side = data.draw(st.lists(st.booleans(), min_size=len(chosen), max_size=len(chosen)), label="sideboard")
    name = data.draw(
        st.text(
            st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=40
        ).filter(lambda n: n.strip() and not n.lstrip().startswith("#")),
        label="name",
    )
    lines = [f"# Deck: {name}", "Deck"]
    lines += [f"{n} {t}" for t, n, s in zip(chosen, counts, side) if not s]
    lines += ["Sideboard"] + [f"{n} {t}" for t, n, s in zip(chosen, counts, side) if s]
    text = "\n".join(lines) + "\n"
    deck = service.load_deck_text(catalog, text, filename="typed.txt")

    code = service.deck_code(catalog, deck)
    assert code.startswith("mythos:1:") and code.isascii() and " " not in code and "\n" not in code
    again = service.load_deck_text(catalog, code)
    assert printings(again) == printings(deck)
    assert again.deck.name == deck.deck.name
    assert service.deck_code(catalog, again) == code  # one deck, one code


@pytest.mark.parametrize("name", ["0\u00a00", "Two  spaces", "Ideographic\u3000space"])
def test_a_deck_name_comes_back_from_its_code_with_its_own_blanks(catalog, name):
    # Found by the property test above: the code once folded every blank of a name into one
    # space, so "0", a no-break space, "0" came back as "0 0".
    title = catalog.all_cards()[0].title
    deck = service.load_deck_text(catalog, f"# Deck: {name}\nDeck\n1 {title}\n", filename="typed.txt")
    again = service.load_deck_text(catalog, service.deck_code(catalog, deck))
    assert again.deck.name == deck.deck.name == name


def test_the_example_deck_fits_a_chat_line_and_keeps_its_printings(catalog):
    deck = service.load_deck_file(catalog, EXAMPLE_DECK)
    code = service.deck_code(catalog, deck)
    assert len(code) < 500  # 60 cards, 22 titles, measured 432 characters
    assert printings(service.load_deck_text(catalog, code)) == printings(deck)


@given(
    st.lists(
        st.tuples(
            st.sampled_from("icds"),
            st.text(min_size=1, max_size=30).filter(lambda t: t.strip()),
            st.sampled_from(["NAE", "LTD", None]),
            st.integers(1, 3),
            st.integers(1, 99),
        ),
        max_size=20,
    )
)
def test_any_document_round_trips(entries):
    keys = {"i": "investigators", "d": "cards", "c": "cards", "s": "sideboard"}
    doc: dict = {"name": "N", "investigators": [], "cards": [], "sideboard": []}
    for section, title, set_code, printing, count in entries:
        doc[keys[section]].append({"title": title, "set": set_code, "printing": printing, "count": count})
    back = read_deck_code(write_deck_code(doc))
    for key in ("investigators", "cards", "sideboard"):
        want: dict = {}
        for e in doc[key]:
            k = (" ".join(e["title"].split()), e["set"], e["printing"])
            want[k] = want.get(k, 0) + e["count"]
        got: dict = {}
        for e in back[key]:
            assert 1 <= e["count"] <= 99  # each line within the deck file's limit
            got[(e["title"], e["set"], e["printing"])] = got.get((e["title"], e["set"], e["printing"]), 0) + e["count"]
        assert got == want


# --------------------------------------------------------------------------------------
# damage


def test_chat_spaces_and_line_breaks_in_a_code_are_ignored(catalog):
    code = service.deck_code(catalog, service.load_deck_file(catalog, EXAMPLE_DECK))
    broken = "  " + code[:50] + "\n" + code[50:120] + " " + code[120:] + "\n"
    assert read_deck_code(broken) == read_deck_code(code)


def test_every_changed_letter_is_refused_or_reads_the_same_deck(catalog):
    code = service.deck_code(catalog, service.load_deck_file(catalog, EXAMPLE_DECK))
    head = len("mythos:1:")
    original = read_deck_code(code)
    refused = 0
    for i in range(head, len(code)):
        changed = code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1 :]
        try:
            assert read_deck_code(changed) == original  # only the unused bits of the last letter
        except DeckFileError as exc:
            refused += 1
            assert "\n" not in str(exc) and "copy the whole code again" in str(exc)
    assert refused >= len(code) - head - 1


@pytest.mark.parametrize("cut", [1, 5, 40])
def test_a_code_cut_short_is_refused(catalog, cut):
    code = service.deck_code(catalog, service.load_deck_file(catalog, EXAMPLE_DECK))
    with pytest.raises(DeckFileError, match="copy the whole code again"):
        read_deck_code(code[:-cut])


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("mythos:2:eNoLAQAA", "version 2 is not one this mythos reads"),
        ("mythos:1:abc$def", "'$' cannot be part of one"),
        ("mythos:1:", "it is empty"),
        ("mythos:", "no version"),
    ],
)
def test_a_code_that_is_no_code_says_what_is_wrong(code, words):
    assert is_deck_code(code)
    with pytest.raises(DeckFileError, match=words.replace("$", r"\$")):
        read_deck_code(code)


def test_a_code_holding_far_more_than_a_deck_is_refused():
    import base64

    bomb = base64.urlsafe_b64encode(zlib.compress(b"N\n" + b"d\t1\tX\t1\tT\n" * 100_000, 9)).decode().rstrip("=")
    with pytest.raises(DeckFileError, match="far more than a deck"):
        read_deck_code("mythos:1:" + bomb)


# --------------------------------------------------------------------------------------
# the CLI and the web


def mythos(*args, db: Path, decks: Path):
    return runner.invoke(app, [str(a) for a in args], env={"MYTHOS_DB": str(db), "MYTHOS_DECKS": str(decks)})


def test_the_cli_prints_a_code_and_reads_it_where_a_file_goes(sample_catalog_path, tmp_path):
    decks = tmp_path / "decks"
    printed = mythos(
        "deck", "code", EXAMPLE_DECK, "--url", "http://localhost:8000", db=sample_catalog_path, decks=decks
    )
    assert printed.exit_code == 0, printed.output
    code, link = printed.stdout.split()
    assert link == f"http://localhost:8000/import#{code}"
    check = mythos("deck", "check", code, db=sample_catalog_path, decks=decks)
    assert check.exit_code == 0, check.output
    assert "Dark Horse in the New Æon: LEGAL for Advanced (60 cards" in check.stdout
    held = tmp_path / "shared.txt"
    held.write_text(code + "\n", encoding="utf-8")
    stats = mythos("deck", "stats", held, db=sample_catalog_path, decks=decks)
    assert stats.exit_code == 0 and "60 cards" in stats.stdout
    saved = mythos("deck", "save", code, db=sample_catalog_path, decks=decks)
    assert saved.exit_code == 0 and "(60 cards)" in saved.stdout
    as_json = mythos("deck", "code", "dark-horse-in-the-new-aeon", "--json", db=sample_catalog_path, decks=decks)
    assert json.loads(as_json.stdout)["code"] == code  # the saved deck gives the same code


def test_the_cli_refuses_a_damaged_code_with_one_line(sample_catalog_path, tmp_path):
    code = mythos("deck", "code", EXAMPLE_DECK, db=sample_catalog_path, decks=tmp_path).stdout.strip()
    result = mythos("deck", "check", code[:-7] + "xyz" + code[-4:], db=sample_catalog_path, decks=tmp_path)
    assert result.exit_code == 2
    assert result.stderr.strip().count("\n") == 0 and "deck code:" in result.stderr and "Traceback" not in result.output


def test_the_web_shares_a_code_and_imports_it(sample_catalog_path, tmp_path):
    app_ = create_app(Settings(db=sample_catalog_path, decks=tmp_path / "decks", collection=tmp_path / "c.json"))
    browser = Browser(TestClient(app_, base_url=BASE))
    browser.get("/import")
    answer, dom = browser.post("/import", {"text": EXAMPLE_DECK.read_text(encoding="utf-8")})
    first = str(answer.url).rsplit("/", 1)[1]
    code = select_one(dom, "#share-code").attrs["value"]
    link = select_one(dom, "#share-link").attrs["value"]
    assert code.startswith("mythos:1:") and link == f"{BASE}/import#{code}"
    answer, again = browser.post("/import", {"text": code})
    second = str(answer.url).rsplit("/", 1)[1]
    assert second != first and deck_lines(again) == deck_lines(dom)
    _answer, bad = browser.post("/import", {"text": code[:-6]}, status=400)
    assert "deck code:" in select_one(bad, ".error").text()
    assert browser.client.get(f"/api/decks/{first}/code").json()["code"] == code
