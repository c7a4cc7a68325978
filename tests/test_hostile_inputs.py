"""The last bad inputs at the front door (issue 26): each one a line and exit 2, or a 4xx
with the API's error shape, never a traceback, a 500 or a half-written file.

A lone surrogate (``\\ud800``: what a JSON escape or a file name's stray byte gives Python)
in a deck, a deck's name or a request; numbers of more digits than any count (a ``--limit``
past 64 bits, a count of 5,000 digits); a LackeyCCG set file cut short; a named pipe or a
device given as a deck or card file; a deck of comments only; names that would drive the
terminal (escape sequences). Then hypothesis over the web API and the deck readers.

The named-pipe tests are POSIX only (Windows has no named pipes among files).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from typer.testing import CliRunner

from deckbuilder import service
from deckbuilder.cli import app
from deckbuilder.errors import classify
from deckbuilder.paths import catalog_data_dir
from deckbuilder.web.app import Settings, create_app

runner = CliRunner()
EXAMPLE_DECK = catalog_data_dir() / "sample" / "example-deck.txt"
BASE = "http://127.0.0.1:8000"
HUGE = "9" * 5000
posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")


def mythos(*args: str):
    return runner.invoke(app, list(args))


def one_error_line(stderr: str) -> str:
    """Gets the one ``Error:`` line of a failed command, checking there is no traceback."""
    assert "Traceback" not in stderr, stderr
    errors = [line for line in stderr.splitlines() if line.startswith("Error: ")]
    assert len(errors) == 1, stderr
    return errors[0]


def run(*args: str, timeout: float = 60, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Runs ``python -m deckbuilder ARGS`` as a real process: a command that would wait on
    a pipe for ever fails the test by its timeout instead of hanging it."""
    return subprocess.run(
        [sys.executable, "-P", "-m", "deckbuilder", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent), **(env or {})},
    )


@pytest.fixture(scope="module")
def sample_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("sample") / "catalog.sqlite"
    service.open_catalog(path)[0].close()
    return path


@pytest.fixture(scope="module")
def sample_catalog(sample_db):
    catalog = service.open_catalog(sample_db)[0]
    yield catalog
    catalog.close()


def json_deck(**fields) -> str:
    """Gets a JSON deck file's text (ASCII: a surrogate is written as its escape)."""
    doc = {
        "format": "mythos-deck",
        "version": 1,
        "name": "Hostile",
        "cards": [{"title": "Dark Young", "count": 4}],
        **fields,
    }
    return json.dumps(doc, indent=2)


# --------------------------------------------------------------------------------------
# lone surrogates


def test_a_lone_surrogate_in_a_json_deck_is_one_line_and_nothing_is_saved(sample_db, tmp_path):
    deck = tmp_path / "deck.json"
    deck.write_text(json_deck(name="Shub\ud800's Brood"), encoding="ascii")
    decks = tmp_path / "decks"
    for command in (["check"], ["save", "--decks", str(decks)]):
        result = mythos("deck", *command, str(deck), "--db", str(sample_db))
        assert result.exit_code == 2
        assert one_error_line(result.stderr) == (
            'Error: name: holds "\\ud800", half of a UTF-16 pair and no character by itself; '
            "write the whole character (both halves) or remove it"
        )
    assert not decks.exists() or list(decks.rglob("*")) == []


def test_a_lone_surrogate_in_a_card_title_names_its_place(sample_db, tmp_path):
    deck = tmp_path / "deck.json"
    deck.write_text(
        json_deck(cards=[{"title": "Dark Young", "count": 4}, {"title": "Mi-\udc80Go", "count": 1}]), encoding="ascii"
    )
    result = mythos("deck", "check", str(deck), "--db", str(sample_db))
    assert result.exit_code == 2
    assert 'cards[1].title: holds "\\udc80"' in one_error_line(result.stderr)


def test_a_deck_named_after_a_file_name_that_is_not_utf8_is_saved_whole(sample_db, tmp_path):
    """A file name's stray byte (Python's surrogateescape) is U+FFFD in the deck's name:
    the deck is saved, and every file written is whole UTF-8."""
    try:
        deck = tmp_path / os.fsdecode(b"brood\xff.txt")
        deck.write_text("4 Dark Young\n", encoding="utf-8")
    except (OSError, UnicodeError):
        pytest.skip("this file system takes only UTF-8 file names")
    decks = tmp_path / "decks"
    result = mythos("deck", "save", str(deck), "--db", str(sample_db), "--decks", str(decks))
    assert result.exit_code == 0, result.output
    (saved,) = service.saved_decks(decks).decks
    assert saved.name == "brood\ufffd" and saved.cards == 4
    for path in decks.rglob("*.json"):
        assert path.stat().st_size > 0
        json.loads(path.read_text(encoding="utf-8"))
    listed = mythos("deck", "list", "--decks", str(decks), "--json")
    assert json.loads(listed.stdout)[0]["name"] == "brood\ufffd"


def test_text_that_cannot_be_written_leaves_no_empty_version(tmp_path):
    """The history's write path encodes before it opens: a save that fails leaves the deck
    as it was, with no zero-byte version beside it."""
    from deckbuilder.library import DeckLibrary

    library = DeckLibrary(tmp_path / "decks")
    good = json_deck()
    saved = library.create("Hostile", good)
    with pytest.raises(UnicodeEncodeError) as info:
        library.save(saved.id, good.replace("Hostile", "Host\ud800ile"))
    failure = classify(info.value)
    assert failure is not None and failure.exit_code == 2 and failure.kind == "encoding"
    assert failure.message.isprintable() and '"\\ud800"' in failure.message
    assert [v.number for v in library.get(saved.id).versions] == [1]
    assert library.text(saved.id) == good
    # Every file but the per-deck lock files (empty by nature: filelock holds them) has content.
    kept = [p for p in (tmp_path / "decks").rglob("*") if p.is_file() and p.parent.name != ".locks"]
    assert kept and all(p.stat().st_size > 0 for p in kept)


# --------------------------------------------------------------------------------------
# numbers of too many digits


def test_a_search_limit_past_64_bits_is_one_line(sample_db):
    result = mythos("search", "dark", "--limit", "9223372036854775808", "--db", str(sample_db))
    assert result.exit_code == 2
    assert one_error_line(result.stderr) == (
        "Error: --limit 9223372036854775808: show at most 1,000,000 cards (every card of the game is far fewer); "
        "leave --limit out to see them all"
    )
    assert mythos("search", "dark", "--limit", "1000000", "--db", str(sample_db)).exit_code == 0


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("deck.txt", f"# Deck: Big\n\n{HUGE} Dark Young\n", "line 3: a count of 5000 digits is not a number of copies"),
        ("deck.txt", f"Dark Young x{HUGE}\n", "line 1: a count of 5000 digits is not a number of copies"),
        (
            "deck.deck",
            f"Investigators\n1 Pragmatic Hobo\nDeck\n{HUGE} Dark Young\n",
            "line 4: a count of 5000 digits is not a number of copies",
        ),
        (
            "deck.json",
            json_deck().replace('"count": 4', f'"count": {HUGE}'),
            "cards[0].count (line 6): must be a whole number from 1 to 99, not a number of 5000 digits",
        ),
        (
            "deck.json",
            json_deck(cards=[{"title": "Dark Young", "count": 4, "printing": 10**30}]),
            "cards[0].printing (line 6): must be a whole number from 1, or null, not a number of 31 digits",
        ),
    ],
)
def test_a_count_of_5000_digits_is_one_line(sample_db, tmp_path, name, text, message):
    deck = tmp_path / name
    deck.write_text(text, encoding="utf-8")
    result = mythos("deck", "check", str(deck), "--db", str(sample_db))
    assert result.exit_code == 2
    line = one_error_line(result.stderr)
    assert message in line and len(line) < 300


def test_a_card_name_with_a_printing_of_5000_digits_is_no_card(sample_db):
    result = mythos("card", f"Dark Young #{HUGE}", "--db", str(sample_db))
    assert result.exit_code == 2
    assert one_error_line(result.stderr) == (
        f'Error: "Dark Young #{HUGE[:88]}... (5012 characters)" is not a card; did you mean "Dark Young"?'
    )


# --------------------------------------------------------------------------------------
# a LackeyCCG set file cut short


def test_a_lackey_set_file_cut_short_is_refused_and_the_catalog_kept(lackey_sets, tmp_path):
    whole = (lackey_sets / "Limited.txt").read_bytes()
    db = tmp_path / "catalog.sqlite"
    assert mythos("catalog", "import", str(lackey_sets / "B1MU.txt"), "--db", str(db)).exit_code == 0
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    cut = tmp_path / "Limited.txt"
    cut.write_bytes(whole[: len(whole) // 2])
    result = mythos("catalog", "import", str(cut), "--db", str(db))
    assert result.exit_code == 2
    line = one_error_line(result.stderr)
    assert "Limited.txt: cut short: its last line (line 94) stops after 18 of the header's 22 columns" in line
    assert "get it again" in line
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before


def test_a_lackey_set_file_cut_in_a_name_is_not_a_card(lackey_sets):
    """The issue's case: cut inside "Your First Big Story", it was a card of set UNKNOWN."""
    from deckbuilder.catalog.importers import CardDataError
    from deckbuilder.catalog.importers.lackey import read_lackey_bytes

    whole = (lackey_sets / "Limited.txt").read_bytes()
    at = whole.index(b"Your First Big Story") + len("Your First Big Stor")
    with pytest.raises(
        CardDataError,
        match=r"stops after 1 of the header\'s 22 columns with no line end "
        r'\("Your First Big Stor"\)',
    ):
        read_lackey_bytes(whole[:at], "Limited.txt")
    whole_cards = read_lackey_bytes(whole, "Limited.txt")
    assert len(whole_cards.cards) == 217 and whole_cards.notes == []


def test_a_lackey_set_file_without_its_last_line_end_is_read_with_a_note(lackey_sets):
    from deckbuilder.catalog.importers.lackey import read_lackey_bytes

    whole = (lackey_sets / "Limited.txt").read_bytes()
    result = read_lackey_bytes(whole.rstrip(b"\n"), "Limited.txt")
    assert len(result.cards) == 217
    assert result.notes == [
        "Limited.txt: no line end after its last line (line 218); if the file was cut short "
        "there, the last column of that card may be incomplete"
    ]


# --------------------------------------------------------------------------------------
# named pipes, folders and devices as files


@posix_only
@pytest.mark.parametrize(
    "command", [["deck", "check"], ["deck", "diff", "@PIPE"], ["collection", "import"], ["catalog", "import"]]
)
def test_a_named_pipe_is_refused_at_once(sample_db, tmp_path, command):
    pipe = tmp_path / "deck.txt"
    os.mkfifo(pipe)
    args = [str(pipe) if a == "@PIPE" else a for a in command]
    result = run(
        *args,
        str(pipe),
        "--db",
        str(sample_db if command[0] != "catalog" else tmp_path / "c.sqlite"),
        *(["--collection", str(tmp_path / "owned.json")] if command[0] == "collection" else []),
        timeout=60,
    )
    assert result.returncode == 2
    assert "cannot be read" in one_error_line(result.stderr)
    assert "a named pipe (FIFO), not a file; save what it gives to a file and name that" in result.stderr


@posix_only
def test_a_named_pipe_as_the_collection_is_refused_at_once(sample_db, tmp_path):
    pipe = tmp_path / "owned.json"
    os.mkfifo(pipe)
    result = run("search", "is:owned", "--db", str(sample_db), env={"MYTHOS_COLLECTION": str(pipe)})
    assert result.returncode == 2
    assert one_error_line(result.stderr) == (
        f"Error: {pipe}: the collection cannot be read (a named pipe (FIFO), not a file; "
        "save what it gives to a file and name that)"
    )


@pytest.mark.parametrize(("path", "kind"), [(os.devnull, "a device"), (".", "a folder")])
def test_a_device_or_a_folder_as_a_deck_file_is_one_line(sample_db, path, kind):
    result = mythos("deck", "check", path, "--db", str(sample_db))
    assert result.exit_code == 2
    assert f"cannot be read ({kind}, not a file;" in one_error_line(result.stderr)


# --------------------------------------------------------------------------------------
# a deck of comments only


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        (
            "deck.txt",
            "# Deck: Nothing yet\n# ideas: Dark Young?\n\n// more later\n",
            "no cards, only comments or headings; write one card a line, such as '4 Dark Young'",
        ),
        (
            "deck.deck",
            "# GCCG\nInvestigators\nDeck\n",
            "no cards, only comments or headings; write one card a line, such as '4 Dark Young'",
        ),
        (
            "deck.dek",
            '<deck version="0.8"><meta><game>mythos</game></meta><superzone name="Deck"></superzone></deck>',
            "no cards (the deck's zones list none); export the deck from LackeyCCG again",
        ),
    ],
)
def test_a_deck_of_comments_only_is_no_cards(sample_db, tmp_path, name, text, message):
    deck = tmp_path / name
    deck.write_text(text, encoding="utf-8")
    result = mythos("deck", "check", str(deck), "--db", str(sample_db))
    assert result.exit_code == 2
    assert one_error_line(result.stderr) == f"Error: {deck}: {message}"


def test_a_json_deck_of_no_cards_is_still_an_empty_deck(sample_db, tmp_path):
    """The deck builder's new deck is a JSON deck with no cards: an answer, not an error."""
    deck = tmp_path / "deck.json"
    deck.write_text(json_deck(cards=[]), encoding="utf-8")
    result = mythos("deck", "check", str(deck), "--db", str(sample_db))
    assert result.exit_code == 1 and "the deck has 0 cards" in result.stdout


# --------------------------------------------------------------------------------------
# names that would drive the terminal


def test_deck_list_shows_escape_sequences_harmlessly(sample_db, tmp_path):
    deck = tmp_path / "deck.json"
    deck.write_text(json_deck(name="Red\x1b[31m Herring\u202eevil\nLEGAL"), encoding="utf-8")
    decks = tmp_path / "decks"
    assert mythos("deck", "save", str(deck), "--db", str(sample_db), "--decks", str(decks)).exit_code == 0
    shown = mythos("deck", "list", "--decks", str(decks)).stdout
    assert "\x1b" not in shown and "\u202e" not in shown
    row = shown.splitlines()[2]
    assert row.split("  ")[1] == "Red\\x1b[31m Herring\\u202eevil\\nLEGAL"
    checked = mythos("deck", "check", str(deck), "--db", str(sample_db)).stdout
    assert checked.splitlines()[0].startswith("Red\\x1b[31m Herring\\u202eevil\\nLEGAL: ILLEGAL for Advanced")


def test_notes_and_errors_show_escape_sequences_harmlessly(sample_db, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("# Deck: Bad\x1b]0;owned\x07 name\n4 dark young\x1b[8m\n", encoding="utf-8")
    result = mythos("deck", "check", str(deck), "--db", str(sample_db))
    assert "\x1b" not in result.stdout + result.stderr and "\x07" not in result.stdout + result.stderr
    assert result.stdout.startswith("Bad\\x1b]0;owned\\x07 name: ")
    assert 'line 2: "dark young\\x1b[8m" read as "Dark Young"' in result.stderr
    deck.write_text("4 Dark Yuong\x1b[2J\n", encoding="utf-8")
    result = mythos("deck", "check", str(deck), "--db", str(sample_db))
    assert '"Dark Yuong\\x1b[2J" is not a card' in one_error_line(result.stderr)


def test_terminal_safe_keeps_every_printable_character():
    from deckbuilder.errors import terminal_safe

    assert terminal_safe("Æon\xa0Café · Shub-Niggurath’s “Brood”") == "Æon\xa0Café · Shub-Niggurath’s “Brood”"
    assert terminal_safe("a\tb\rc\x9bd\u2028e\ud800") == "a\\tb\\rc\\x9bd\\u2028e\\ud800"


# --------------------------------------------------------------------------------------
# the web: each bad input a 4xx with the API's error shape


@pytest.fixture(scope="module")
def client(sample_db, sample_catalog, tmp_path_factory) -> TestClient:
    folder = tmp_path_factory.mktemp("web")
    settings_ = Settings(db=sample_db, decks=folder / "decks", collection=folder / "collection.json")
    client = TestClient(create_app(settings_), base_url=BASE, raise_server_exceptions=False)
    saved = service.save_deck(
        sample_catalog, folder / "decks", service.load_deck_text(sample_catalog, "4 Dark Young\n", filename="x")
    )
    client.deck_id = saved.id  # type: ignore[attr-defined]
    page = client.get("/import")
    client.csrf = page.text.split('name="csrf-token" content="', 1)[1].split('"', 1)[0]  # type: ignore[attr-defined]
    return client


def error_of(answer, status: int) -> dict:
    assert answer.status_code == status, (answer.status_code, answer.text[:300])
    error = answer.json()["error"]
    assert set(error) == {"kind", "message", "exit_code"} and error["exit_code"] == 2
    assert error["message"].isprintable()
    return error


def test_a_surrogate_in_a_json_request_is_400(client):
    body = json.dumps({"deck": "4 Dark Young\n1 Mi-\ud800Go"}).encode()
    error = error_of(client.post("/api/deck/check", content=body, headers={"content-type": "application/json"}), 400)
    assert error["message"] == (
        'the body\'s deck holds "\\ud800", half of a UTF-16 pair and no character by itself; '
        "send the whole character or remove it"
    )
    body = json.dumps({"deck": "4 Dark Young", "filename": "x\udfff.txt"}).encode()
    assert (
        "filename"
        in error_of(client.post("/api/deck/stats", content=body, headers={"content-type": "application/json"}), 400)[
            "message"
        ]
    )


def test_a_json_deck_with_a_surrogate_is_400_from_the_api_and_the_import_page(client):
    text = json_deck(name="\ud800")
    error = error_of(client.post("/api/deck/check", content=text.encode(), headers={"content-type": "text/plain"}), 400)
    assert error["kind"] == "deck-file" and error["message"].startswith('name: holds "\\ud800"')
    answer = client.post("/import", data={"csrf": client.csrf, "text": text})
    assert answer.status_code == 400 and "half of a UTF-16 pair" in answer.text


def test_a_surrogate_in_a_form_field_or_a_query_string_is_never_a_500(client):
    answer = client.post(
        "/import",
        content=f"csrf={client.csrf}&text=%ED%A0%80+Dark+Young".encode(),
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert answer.status_code == 200  # read as U+FFFD: "\ufffd Dark Young" read loosely as Dark Young
    error_of(client.get("/api/cards?q=%ED%A0%80"), 400)
    assert client.get("/cards?q=%ED%A0%80").status_code == 400  # the page says the query cannot be read


@pytest.mark.parametrize("query", ["limit=99999999999999999999", f"limit={HUGE}", "limit=²", "limit=1000001"])
def test_a_limit_past_any_number_of_cards_is_400(client, query):
    error = error_of(client.get(f"/api/cards?q=dark&{query}"), 400)
    assert error["message"].startswith("--limit")


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            f"{HUGE} Dark Young",
            "pasted deck: 1 line could not be read: line 1: a count of 5000 digits is not a number of copies",
        ),
        (
            json_deck().replace('"count": 4', f'"count": {HUGE}'),
            "cards[0].count (line 6): must be a whole number from 1 to 99, not a number of 5000 digits",
        ),
    ],
)
def test_a_count_of_5000_digits_is_4xx(client, body, message):
    answer = client.post("/api/deck/check", content=body.encode(), headers={"content-type": "text/plain"})
    assert error_of(answer, answer.status_code)["message"] == message
    assert answer.status_code in (400, 422)


@pytest.mark.parametrize(
    "body",
    [f'{{"deck": "4 Dark Young", "target": {HUGE}}}', '{"deck": "4 Dark Young", "target": 99999999999999999999}'],
)
def test_a_number_option_of_too_many_digits_is_400(client, body):
    error = error_of(
        client.post("/api/deck/check", content=body.encode(), headers={"content-type": "application/json"}), 400
    )
    assert error["message"].startswith("--target: a number of ") and "digits is far too large" in error["message"]


@pytest.mark.parametrize("query", ["version=²", f"version={HUGE}", "version=-1"])
def test_a_version_that_is_no_number_is_never_a_500(client, query):
    assert client.get(f"/decks/{client.deck_id}/export?{query}").status_code < 500
    assert client.get(f"/decks/{client.deck_id}/history?a={query.split('=')[1]}").status_code < 500


@pytest.mark.parametrize("length", ["²", HUGE, "-1"])
def test_a_content_length_that_is_no_number_is_never_a_500(client, length):
    """The guard reads the header before any route: ``"²".isdigit()`` is true, and int()
    refused 5,000 digits (uvicorn's own parser refuses both before they get here)."""
    import asyncio

    sent: list[dict] = []

    async def receive():
        return {"type": "http.request", "body": b"4 Dark Young", "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/api/deck/stats",
        "raw_path": b"/api/deck/stats",
        "query_string": b"",
        "headers": [
            (b"host", b"127.0.0.1:8000"),
            (b"content-type", b"text/plain"),
            (b"content-length", length.encode("latin-1", "replace")),
        ],
        "scheme": "http",
        "server": ("127.0.0.1", 8000),
        "client": ("127.0.0.1", 1),
        "http_version": "1.1",
        "root_path": "",
        "app": None,
    }
    asyncio.run(client.app(scope, receive, send))
    assert sent[0]["status"] < 500


# --------------------------------------------------------------------------------------
# hypothesis: no 500, no traceback


_HOSTILE_CHARS = st.characters(exclude_categories=())  # surrogates and controls included
_HOSTILE_WORDS = st.sampled_from(
    [
        "\ud800",
        "\udcff",
        "\x1b[2J",
        "\x00",
        "²",
        "٣",
        HUGE,
        "9223372036854775808",
        "-9223372036854775809",
        "99999999999999999999",
        "1e400",
        "NaN",
        "-0",
        "4 Dark Young",
        "Investigator",
        "Pragmatic Hobo",
        "Deck",
        "# Deck: x",
        "#" + HUGE,
        "x" + HUGE,
        "Dark Young #" + HUGE,
        "(LTD)",
        '{"format": "mythos-deck"',
        "<deck>",
    ]
)
_hostile_text = st.text(_HOSTILE_CHARS, max_size=40) | st.lists(
    _HOSTILE_WORDS | st.text(_HOSTILE_CHARS, max_size=6), max_size=8
).map(lambda parts: " ".join(parts))
_hostile_number = _HOSTILE_WORDS | st.integers(-(10**30), 10**30).map(str) | st.text(_HOSTILE_CHARS, max_size=4)
_hostile_deck = st.lists(_hostile_text | _HOSTILE_WORDS.map(lambda w: f"{w} Dark Young"), max_size=6).map(
    "\n".join
) | st.builds(
    lambda name, count: json_deck(name=name, cards=[{"title": "Dark Young", "count": count}]),
    _hostile_text,
    st.integers(-(10**30), 10**30) | _hostile_text,
)


def _url(text: str) -> str:
    return quote(text, safe="", errors="surrogatepass")


def _request(client: TestClient, draw) -> object:
    """Sends one request a hostile user might, chosen and filled by hypothesis."""
    kind = draw(st.sampled_from(["search", "card", "json", "text", "import", "history", "export", "cards-page"]))
    deck_id = client.deck_id  # type: ignore[attr-defined]
    if kind == "search":
        params = {
            k: draw(_hostile_number if k == "limit" else _hostile_text)
            for k in draw(st.sets(st.sampled_from(["q", "limit", "sort", "order"])))
        }
        return client.get("/api/cards?" + "&".join(f"{_url(k)}={_url(v)}" for k, v in params.items()))
    if kind == "card":
        return client.get("/api/cards/" + _url(draw(_hostile_text) or "x"))
    if kind == "json":
        doc = {"deck": draw(_hostile_deck)}
        for key in draw(st.sets(st.sampled_from(["format", "target", "house_rule", "filename", "nope"]))):
            doc[key] = draw(_hostile_number | st.integers(-(10**25), 10**25) | st.lists(_hostile_text, max_size=2))
        body = json.dumps(doc).encode()
        if draw(st.booleans()):  # a number of many digits, unquoted
            body = body.replace(b'"deck":', b'"target": ' + draw(st.sampled_from([b"1", HUGE.encode()])) + b', "deck":')
        return client.post(
            f"/api/deck/{draw(st.sampled_from(['check', 'stats', 'adventures', 'playability']))}",
            content=body,
            headers={"content-type": "application/json"},
        )
    if kind == "text":
        return client.post(
            "/api/deck/check?filename=" + _url(draw(_hostile_text)),
            content=draw(_hostile_deck).encode("utf-8", "surrogatepass"),
            headers={"content-type": "text/plain"},
        )
    if kind == "import":
        body = f"csrf={client.csrf}&text={_url(draw(_hostile_deck))}"  # type: ignore[attr-defined]
        return client.post(
            "/import", content=body.encode(), headers={"content-type": "application/x-www-form-urlencoded"}
        )
    if kind == "history":
        return client.get(f"/decks/{deck_id}/history?a={_url(draw(_hostile_number))}&b={_url(draw(_hostile_number))}")
    if kind == "export":
        return client.get(f"/decks/{deck_id}/export?version={_url(draw(_hostile_number))}&to=json")
    return client.get(f"/cards?q={_url(draw(_hostile_text))}&deck={_url(draw(_hostile_text))}")


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_hostile_requests_are_never_a_500(client, data):
    answer = _request(client, data.draw)
    assert answer.status_code < 500, (answer.request.url, answer.status_code, answer.text[:300])
    if answer.request.url.path.startswith("/api/") and answer.status_code >= 400:
        error_of(answer, answer.status_code)


_FILE_KINDS = ["file", "file", "file", "folder", "device"] + (["fifo", "socket"] if hasattr(os, "mkfifo") else [])


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(
    kind=st.sampled_from(_FILE_KINDS),
    text=_hostile_deck,
    raw=st.binary(max_size=60),
    as_bytes=st.booleans(),
    name=st.sampled_from(["deck.txt", "deck.deck", "deck.dek", "deck.json", "deck"]),
)
def test_hostile_deck_files_are_one_line_and_at_once(sample_catalog, kind, text, raw, as_bytes, name):
    """A deck file of any content, or a pipe, a socket, a folder or a device in its place:
    read within seconds, and any failure one of our errors (one line, exit 2)."""
    import socket

    catalog = sample_catalog
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        if kind == "file":
            path.write_bytes(raw if as_bytes else text.encode("utf-8", "surrogatepass"))
        elif kind == "fifo":
            os.mkfifo(path)
        elif kind == "folder":
            path.mkdir()
        elif kind == "socket":
            listening = socket.socket(socket.AF_UNIX)
            listening.bind(str(path))
        else:
            path = Path(os.devnull)
        outcome: list[BaseException | None] = []

        def read() -> None:
            try:
                service.load_deck_file(catalog, path)
                outcome.append(None)
            except Exception as exc:  # judged below
                outcome.append(exc)

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(timeout=20)
        if kind == "socket":
            listening.close()
        assert outcome, f"reading a {kind} did not end"
        if outcome[0] is not None:
            failure = classify(outcome[0])
            assert failure is not None, f"{type(outcome[0]).__name__} escaped: {outcome[0]!r}"
            assert failure.message.isprintable() and failure.exit_code == 2 and len(failure.message) < 2000
        if kind != "file":
            assert outcome[0] is not None and "not a file" in str(outcome[0])
    # the same text pasted, as the web reads it
    try:
        service.load_deck_text(catalog, text, filename=name)
    except Exception as exc:
        failure = classify(exc)
        assert failure is not None, f"{type(exc).__name__} escaped: {exc!r}"
        assert failure.message.isprintable() and failure.exit_code == 2
