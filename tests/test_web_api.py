"""The web deck builder's JSON API and its guard, with an in-process client.

Every answer of a deck command is exactly the CLI's ``--json`` for the same deck (one code
path: the same service function and the same ``to_json()``), on the sample deck and on the
real decks of ``../shared/mythos-data``; every error is the CLI's error object with the
HTTP status of its kind.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from support.web import make_client
from typer.testing import CliRunner

from deckbuilder import service
from deckbuilder.cli import app as cli_app
from deckbuilder.paths import catalog_data_dir
from deckbuilder.web.http import HTTP_STATUS

EXAMPLE_DECK = catalog_data_dir() / "sample" / "example-deck.txt"
runner = CliRunner()


@pytest.fixture(scope="module")
def sample_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("sample") / "catalog.sqlite"
    service.open_catalog(path)[0].close()
    return path


@pytest.fixture()
def client(sample_db, tmp_path) -> TestClient:
    return make_client(sample_db, tmp_path)


def cli_json(db: Path, *args: str) -> tuple[object, int]:
    result = runner.invoke(cli_app, [*args, "--db", str(db), "--json"])
    return json.loads(result.stdout), result.exit_code


# --------------------------------------------------------------------------------------
# the same answers as the CLI


@pytest.mark.parametrize(
    ("command", "query", "cli_options"),
    [
        ("check", "", []),
        ("check", "format=campaign&target=12", ["--format", "campaign", "--target", "12"]),
        (
            "check",
            "format=tournament&house_rule=official-cards-only&house_rule=no-create-your-own-adventure",
            [
                "--format",
                "tournament",
                "--house-rule",
                "official-cards-only",
                "--house-rule",
                "no-create-your-own-adventure",
            ],
        ),
        ("adventures", "", []),
        ("playability", "", []),
        ("stats", "", []),
        ("goldfish", "games=50&seed=3", ["--games", "50", "--seed", "3"]),
    ],
)
def test_a_deck_command_answers_the_clis_json(client, sample_db, monkeypatch, command, query, cli_options):
    monkeypatch.chdir(EXAMPLE_DECK.parent)
    expected, exit_code = cli_json(sample_db, "deck", command, EXAMPLE_DECK.name, *cli_options)
    url = f"/api/deck/{command}?filename={EXAMPLE_DECK.name}" + (f"&{query}" if query else "")
    answer = client.post(url, content=EXAMPLE_DECK.read_bytes(), headers={"content-type": "text/plain"})
    assert answer.json() == expected
    if exit_code == 2:  # the sample's Investigator has no Sanity: the same error, as 422
        assert answer.status_code == 422
    else:
        assert answer.status_code == 200
        assert answer.headers["x-mythos-exit-code"] == str(exit_code)


def test_a_json_body_answers_as_the_text_body_does(client):
    text = EXAMPLE_DECK.read_text(encoding="utf-8")
    as_text = client.post("/api/deck/check?format=campaign&house_rule=official-cards-only", content=text.encode())
    as_json = client.post(
        "/api/deck/check", json={"deck": text, "format": "campaign", "house_rule": ["official-cards-only"]}
    )
    assert as_text.status_code == as_json.status_code == 200
    assert as_text.json() == as_json.json()
    assert as_text.json()["path"] == "pasted deck"


def test_an_illegal_deck_is_an_answer_with_the_clis_exit_code(client):
    answer = client.post("/api/deck/check", content=b"Investigator\n1 Pragmatic Hobo\nDeck\n5 Eiffel Tower\n")
    assert answer.status_code == 200 and answer.headers["x-mythos-exit-code"] == "1"
    assert answer.json()["legal"] is False


def test_search_answers_the_clis_json(client, sample_db):
    expected, _ = cli_json(sample_db, "search", "t:location is:gate", "--sort", "subregion", "--limit", "3")
    answer = client.get("/api/cards", params={"q": "t:location is:gate", "sort": "subregion", "limit": "3"})
    assert answer.status_code == 200 and answer.json() == expected


def test_search_in_reverse_order(client):
    forwards = client.get("/api/cards", params={"q": "t:adventure", "sort": "value"}).json()
    backwards = client.get("/api/cards", params={"q": "t:adventure", "sort": "value", "order": "desc"}).json()
    assert backwards == forwards[::-1]


def test_a_card_answers_the_clis_json(client, sample_db):
    expected, _ = cli_json(sample_db, "card", "Summon Great Cthulhu")
    assert client.get("/api/cards/Summon%20Great%20Cthulhu").json() == expected
    by_key = client.get("/api/cards/" + expected["key"])
    assert by_key.status_code == 200 and by_key.json() == expected


@pytest.fixture(scope="module")
def real_decks(mythos_data) -> list[Path]:
    return (
        sorted((mythos_data / "gccg" / "decks").glob("*.deck"))[:4]
        + sorted((mythos_data / "lackey" / "decks").glob("*.dek"))[:2]
    )


def test_real_decks_answer_the_clis_json(real_decks, gccg_catalog_path, tmp_path):
    client = make_client(gccg_catalog_path, tmp_path)
    for deck in real_decks:
        for command, options in (
            ("check", ()),
            ("adventures", ()),
            ("playability", ()),
            ("stats", ()),
            ("goldfish", ("--games", "40")),
        ):
            result = runner.invoke(
                cli_app, ["deck", command, str(deck), *options, "--db", str(gccg_catalog_path), "--json"]
            )
            query = {"filename": str(deck), **({"games": "40"} if options else {})}
            answer = client.post(f"/api/deck/{command}", params=query, content=deck.read_bytes())
            assert answer.json() == json.loads(result.stdout), (deck.name, command)


# --------------------------------------------------------------------------------------
# every error: the CLI's error object, the status of its kind


def error_of(answer) -> dict:
    body = answer.json()
    assert set(body) == {"error"} and set(body["error"]) == {"kind", "message", "exit_code"}
    return body["error"]


@pytest.mark.parametrize(
    ("method", "url", "body", "status", "kind", "words"),
    [
        ("get", "/api/cards", None, 400, "error", "give a query"),
        ("get", "/api/cards?q=t:(", None, 400, "query", "at column"),
        ("get", "/api/cards?q=is:shiny", None, 400, "query", 'unknown flag "shiny"'),
        ("get", "/api/cards?q=t:ally&sort=colour", None, 400, "error", "--sort 'colour' is not one of"),
        ("get", "/api/cards?q=t:ally&limit=0", None, 400, "error", "--limit 0"),
        ("get", "/api/cards?q=t:ally&limit=x", None, 400, "error", "give a whole number"),
        ("get", "/api/cards?q=t:ally&order=up", None, 400, "error", "asc or desc"),
        ("get", "/api/cards?q=t:ally&colour=red", None, 400, "error", "'colour' is not an option of search"),
        ("get", "/api/cards/Zzyzx%20Qqq", None, 404, "unknown-card", '"Zzyzx Qqq" is not a card'),
        ("get", "/api/cards/Eiffel%20Tower?set=LTD", None, 404, "unknown-card", "has no printing in set LTD"),
        ("post", "/api/deck/shuffle", b"4 747", 404, "not-found", "not a command of the API"),
        ("post", "/api/deck/check", b"", 400, "error", "no deck given"),
        ("post", "/api/deck/check?format=chess", b"4 747", 400, "format", "unknown format 'chess'"),
        ("post", "/api/deck/check?house_rule=no-fun", b"4 747", 400, "format", "unknown house rule 'no-fun'"),
        ("post", "/api/deck/check?target=many", b"4 747", 400, "error", "--target 'many': give a whole number"),
        ("post", "/api/deck/check?format=basic&format=advanced", b"4 747", 400, "error", "more than once"),
        ("post", "/api/deck/stats?games=3", b"4 747", 400, "error", "'games' is not an option of deck stats"),
        ("post", "/api/deck/check", b"4 Zzyzx Qqq\n", 422, "unresolved-deck", "line 1"),
        ("post", "/api/deck/check", b'{"format": "mythos-deck", "version": 1}', 400, "deck-file", "cards"),
        ("post", "/api/deck/goldfish?games=20001", b"4 747", 400, "error", "at most 20000 games a request"),
        (
            "post",
            "/api/deck/goldfish?format=cult-vs-investigator",
            b"4 747",
            400,
            "error",
            "goldfish plays Mythos formats only",
        ),
        ("post", "/api/deck/goldfish?card=Car", EXAMPLE_DECK.read_bytes(), 400, "error", "--card 'Car'"),
        ("post", "/api/deck/goldfish", EXAMPLE_DECK.read_bytes(), 422, "no-investigator", "Sanity"),
        ("get", "/api/jobs/0123abcd", None, 404, "not-found", "no test games"),
        ("get", "/api/nothing", None, 404, "not-found", "does not exist"),
        ("get", "/api/deck/check", None, 405, "not-found", "GET on this page does not exist"),
    ],
)
def test_every_api_error_is_the_clis_error_with_its_status(client, method, url, body, status, kind, words):
    answer = client.request(method.upper(), url, content=body)
    error = error_of(answer)
    assert (answer.status_code, error["kind"]) == (status, kind)
    assert words in error["message"] and error["exit_code"] == 2


def test_a_query_error_reads_as_the_clis(client, sample_db):
    expected, code = cli_json(sample_db, "search", "t:ally (a:city")
    answer = client.get("/api/cards", params={"q": "t:ally (a:city"})
    assert code == 2 and answer.json() == expected


@pytest.mark.parametrize(
    ("content_type", "body", "words"),
    [
        ("application/json", b"{not json", "the body is not JSON"),
        ("application/json", b'["4 747"]', 'under "deck"'),
        ("application/json", b'{"deck": 4}', 'under "deck"'),
        ("application/json", b'{"deck": "4 747", "games": "many"}', "is not an option of deck check"),
        ("application/json", b'{"deck": "4 747", "house_rule": [1]}', "give names"),
        ("application/json", b'{"deck": "4 747", "format": 3}', "give it as text"),
    ],
)
def test_a_malformed_json_body_is_refused(client, content_type, body, words):
    answer = client.post("/api/deck/check", content=body, headers={"content-type": content_type})
    assert answer.status_code == 400 and words in error_of(answer)["message"]


def test_a_body_too_large_for_a_deck_list_is_refused_unread(client):
    answer = client.post("/api/deck/check", content=b"4 747\n" * 900_000)
    assert answer.status_code == 413 and error_of(answer)["kind"] == "too-large"


def test_a_body_without_a_length_is_bounded_too(client):
    def chunks():
        for _ in range(60):
            yield b"x" * 100_000

    answer = client.post("/api/deck/check", content=chunks())
    assert answer.status_code == 413 and error_of(answer)["kind"] == "too-large"


def test_every_error_kind_has_an_http_status():
    import importlib
    import pkgutil

    import deckbuilder
    from deckbuilder.errors import OUTSIDE_ERRORS, MythosError

    kinds = {kind for _m, _n, kind, _c in OUTSIDE_ERRORS}
    for info in pkgutil.walk_packages(deckbuilder.__path__, prefix="deckbuilder."):
        if info.name == "deckbuilder.__main__":
            continue
        for value in vars(importlib.import_module(info.name)).values():
            if isinstance(value, type) and issubclass(value, MythosError):
                kinds.add(value.kind)
    assert kinds - set(HTTP_STATUS) == set()


# --------------------------------------------------------------------------------------
# the guard


def test_a_request_naming_another_host_is_refused(client):
    answer = client.get("/api/cards?q=t:ally", headers={"host": "rebound.example:8000"})
    assert answer.status_code == 403
    assert 'Host "rebound.example:8000" is not an address this server serves' in error_of(answer)["message"]
    page = client.get("/decks", headers={"host": "rebound.example"})
    assert page.status_code == 403 and "text/html" in page.headers["content-type"]


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000"])
def test_the_loopback_names_are_served(client, host):
    assert client.get("/api/decks", headers={"host": host}).status_code == 200


def test_a_post_from_another_site_is_refused(client):
    answer = client.post("/api/deck/check", content=b"4 747", headers={"origin": "http://evil.example"})
    assert answer.status_code == 403 and error_of(answer)["kind"] == "forbidden"


def test_a_form_without_the_sessions_token_is_refused(client):
    answer = client.post("/decks/new", data={"name": "Forged"})
    assert answer.status_code == 403 and "session token" in answer.text
    assert client.get("/api/decks").json() == []


def test_answers_carry_the_safety_headers(client):
    headers = client.get("/api/decks").headers
    assert "default-src 'none'" in headers["content-security-policy"]
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff" and headers["x-frame-options"] == "DENY"


def test_another_bound_address_answers_its_own_name(sample_db, tmp_path):
    client = make_client(sample_db, tmp_path, host="192.0.2.7", port=9000, allow_hosts=("mythos.lan",))
    assert client.get("/api/decks", headers={"host": "192.0.2.7:9000"}).status_code == 200
    assert client.get("/api/decks", headers={"host": "mythos.lan:9000"}).status_code == 200
    assert client.get("/api/decks", headers={"host": "127.0.0.1:8000"}).status_code == 403


def test_saved_decks_are_listed_as_the_cli_lists_them(client, sample_db, tmp_path):
    catalog, _ = service.open_catalog(sample_db)
    service.save_deck(catalog, tmp_path / "decks", service.load_deck_file(catalog, EXAMPLE_DECK))
    catalog.close()
    result = runner.invoke(cli_app, ["deck", "list", "--json", "--decks", str(tmp_path / "decks")])
    assert client.get("/api/decks").json() == json.loads(result.stdout)


# --------------------------------------------------------------------------------------
# mythos serve


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize(("host", "warned"), [("127.0.0.1", False), ("0.0.0.0", True)])
def test_mythos_serve_prints_its_address_and_warns_off_loopback(sample_db, tmp_path, host, warned):
    import subprocess
    import sys
    import time
    import urllib.request

    port = _free_port()
    command = [
        sys.executable,
        "-P",
        "-m",
        "deckbuilder",
        "serve",
        "--host",
        host,
        "--port",
        str(port),
        "--no-browser",
        "--db",
        str(sample_db),
        "--decks",
        str(tmp_path / "decks"),
    ]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = server.stdout.readline()
        assert first.startswith(f"Mythos deck builder at http://127.0.0.1:{port}/"), first
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/decks", timeout=2) as answer:
                    assert json.loads(answer.read()) == []
                break
            except OSError:
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.2)
    finally:
        server.terminate()
        _out, err = server.communicate(timeout=20)
    assert ("other machines that reach it can read and change your saved decks" in err) is warned
