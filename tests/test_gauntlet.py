"""One deck against a field (``mythos deck gauntlet``), and matches over the web API
(``POST /api/match``, ``POST /api/deck/gauntlet``): the same answers as the CLI, the same
table for any number of processes, and malformed input refused in one line.

The decks are the real ones of ``../shared/mythos-data`` (read in place; the tests skip
when it is absent).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import MYTHOS_DATA
from starlette.testclient import TestClient
from typer.testing import CliRunner

from deckbuilder import service
from deckbuilder.cli import app
from deckbuilder.web.app import Settings, create_app

runner = CliRunner()
DECKS = MYTHOS_DATA / "gccg" / "decks"
CORRUPT, STEADFAST = DECKS / "standard-corrupt.deck", DECKS / "standard-steadfast.deck"
BASE = "http://127.0.0.1:8000"


def mythos(*args: object):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def db(gccg_catalog_path: Path) -> Path:
    return gccg_catalog_path


@pytest.fixture(scope="module")
def field(tmp_path_factory, mythos_data) -> Path:
    """A field folder of three real decks (copied at test time, beside a file that is no deck)."""
    folder = tmp_path_factory.mktemp("field")
    for name in ("standard-steadfast.deck", "bourne-ultravox.deck", "karooni-new-aeon.deck"):
        shutil.copy(DECKS / name, folder / name)
    (folder / "notes.md").write_text("not a deck\n", encoding="utf-8")
    return folder


# -- the CLI --------------------------------------------------------------------------------------


def test_gauntlet_json_has_a_row_per_field_deck_and_the_overall_share(db, field):
    result = mythos(
        "deck", "gauntlet", CORRUPT, "--field", field, "--games", 120, "--seed", 5, "--json", "--db", db, "-j", 1
    )
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer["deck"] == "Mythos Standard Game - Corrupt" and answer["games"] == 120 and answer["seed"] == 5
    rows = answer["matchups"]
    # The folder's deck files, by name; the notes file is no deck.
    assert [Path(r["path"]).name for r in rows] == [
        "bourne-ultravox.deck",
        "karooni-new-aeon.deck",
        "standard-steadfast.deck",
    ]
    for r in rows:
        assert r["wins_interval"][0] <= r["wins"] <= r["wins_interval"][1]
        assert abs(r["wins"] + r["losses"] + r["ties"] - 1) < 1e-3
        assert r["combat_sanity_lost"] >= 0 and r["mean_score"] > 0
    # The overall share is the share of all the games, each matchup weighing its games.
    assert answer["wins"] == pytest.approx(sum(r["wins"] for r in rows) / 3, abs=1e-3)
    # The same seed, the same table, whatever the number of processes.
    again = mythos(
        "deck", "gauntlet", CORRUPT, "--field", field, "--games", 120, "--seed", 5, "--json", "--db", db, "-j", 2
    )
    assert json.loads(again.stdout) == answer


def test_a_matchup_is_the_match_of_the_two_decks(db):
    gauntlet = mythos(
        "deck", "gauntlet", CORRUPT, "--field", STEADFAST, "--games", 150, "--seed", 2, "--json", "--db", db, "-j", 1
    )
    match = mythos("match", CORRUPT, STEADFAST, "--games", 150, "--seed", 2, "--json", "--db", db, "-j", 1)
    row = json.loads(gauntlet.stdout)["matchups"][0]
    me, them = json.loads(match.stdout)["players"]
    assert (row["wins"], row["losses"], row["combat_sanity_lost"], row["opponent_combat_sanity_lost"]) == (
        me["wins"],
        them["wins"],
        me["combat_sanity_lost"],
        them["combat_sanity_lost"],
    )
    # The Standard decks both lose Sanity in Combat against each other.
    assert row["combat_sanity_lost"] > 0 and row["opponent_combat_sanity_lost"] > 0


def test_gauntlet_text_is_a_table_then_the_overall_share(db, field):
    result = mythos(
        "deck", "gauntlet", STEADFAST, "--field", field, "--field", CORRUPT, "--games", 50, "--db", db, "-j", 1
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.strip().splitlines()
    assert lines[0].startswith("Mythos Standard Game - Steadfast (") and "against 4 decks" in lines[0]
    assert lines[1].split()[:2] == ["Field", "deck"] and "Sanity lost in Combat" in lines[1]
    # A row per field deck, the folder's by file name, then the file given after it.
    assert [line.split("  ")[0] for line in lines[2:-1]] == [
        "Ultravox",
        "Mythos Digest - Hello Great Old One",
        "Mythos Standard Game - Steadfast",
        "Mythos Standard Game - Corrupt",
    ]
    assert lines[-1].startswith("Overall: wins ") and "of 200 games (95%: " in lines[-1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "--field"),
        (["--field", "no-such-folder"], "--field no-such-folder: no such file or folder"),
        (["--field", "EMPTY"], "the folder holds no deck files"),
        (["--field", STEADFAST, "--ai", "deep-blue"], "--ai 'deep-blue'"),
        (["--field", STEADFAST, "--ai", "greedy", "--ai", "greedy", "--ai", "greedy"], "--ai given 3 times"),
        (["--field", STEADFAST, "--format", "chess"], "--format 'chess'"),
        (["--field", STEADFAST, "--games", "0"], "--games"),
        (["--field", DECKS / "missing.deck"], "missing.deck"),
    ],
)
def test_malformed_gauntlet_input_is_one_line_and_exit_2(db, tmp_path, args, message):
    argv = [str(tmp_path) if a == "EMPTY" else a for a in args]
    if "--games" not in argv:
        argv += ["--games", 5]
    result = mythos("deck", "gauntlet", CORRUPT, *argv, "--db", db)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.output


def test_the_service_keeps_the_matchups_played_when_told_to_stop(gccg_catalog, mythos_data):
    deck = service.load_deck_file(gccg_catalog, CORRUPT)
    field = [
        service.load_deck_file(gccg_catalog, DECKS / n) for n in ("standard-steadfast.deck", "bourne-ultravox.deck")
    ]
    asked = []
    result = service.gauntlet_deck(
        gccg_catalog, deck, field, games=30, seed=1, should_stop=lambda: asked.append(1) or len(asked) > 1
    )
    assert [m.opponent.deck.name for m in result.matchups] == ["Mythos Standard Game - Steadfast"]
    assert result.notes == ("stopped after 1 of 2 matchups",)
    assert result.to_json()["wins"] == result.to_json()["matchups"][0]["wins"]


# -- the API --------------------------------------------------------------------------------------


@pytest.fixture()
def client(db, tmp_path) -> TestClient:
    return TestClient(
        create_app(Settings(db=db, decks=tmp_path / "decks", collection=tmp_path / "c.json")), base_url=BASE
    )


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_api_match_answers_the_clis_json(client, db):
    cli = mythos(
        "match", CORRUPT, STEADFAST, "--games", 100, "--seed", 3, "--ai", "greedy", "--json", "--db", db, "-j", 1
    )
    answer = client.post(
        "/api/match",
        json={
            "decks": [{"text": _text(CORRUPT), "filename": str(CORRUPT)}, _text(STEADFAST)],
            "games": 100,
            "seed": 3,
            "ai": ["greedy"],
        },
    )
    assert answer.status_code == 200, answer.text
    assert answer.json() == json.loads(cli.stdout)


def test_api_match_takes_saved_decks_and_tells_a_game(client, db, tmp_path):
    catalog = service.open_catalog(db)[0]
    for path in (CORRUPT, STEADFAST):
        service.save_deck(catalog, tmp_path / "decks", service.load_deck_file(catalog, path), deck_id=path.stem)
    answer = client.post(
        "/api/match", json={"decks": [{"id": "standard-corrupt"}, {"id": "standard-steadfast"}], "log": 2, "seed": 9}
    )
    assert answer.status_code == 200, answer.text
    cli = mythos("match", CORRUPT, STEADFAST, "--log", 2, "--seed", 9, "--json", "--db", db)
    assert answer.json()["log"] == json.loads(cli.stdout)["log"] and answer.json()["game"] == 2


def test_api_gauntlet_answers_the_clis_json(client, db):
    cli = mythos(
        "deck",
        "gauntlet",
        CORRUPT,
        "--field",
        STEADFAST,
        "--field",
        DECKS / "bourne-ultravox.deck",
        "--games",
        60,
        "--seed",
        4,
        "--json",
        "--db",
        db,
        "-j",
        1,
    )
    expected = json.loads(cli.stdout)
    answer = client.post(
        "/api/deck/gauntlet",
        json={
            "deck": {"text": _text(CORRUPT), "filename": str(CORRUPT)},
            "field": [
                {"text": _text(STEADFAST), "filename": str(STEADFAST)},
                {"text": _text(DECKS / "bourne-ultravox.deck"), "filename": str(DECKS / "bourne-ultravox.deck")},
            ],
            "games": 60,
            "seed": 4,
        },
    )
    assert answer.status_code == 200, answer.text
    assert answer.json() == expected


@pytest.mark.parametrize(
    ("url", "body", "status", "kind", "words"),
    [
        ("/api/match", {"decks": ["CORRUPT"]}, 400, "error", "a match needs 2 to 4 decks"),
        ("/api/match", {"decks": ["CORRUPT"] * 5}, 400, "error", "a match is for 2 to 4 players"),
        ("/api/match", {"decks": ["CORRUPT", "STEADFAST"], "ai": ["deep-blue"]}, 400, "error", "--ai 'deep-blue'"),
        ("/api/match", {"decks": ["CORRUPT", "STEADFAST"], "games": 2001}, 400, "error", "at most 2000 games"),
        (
            "/api/match",
            {"decks": ["CORRUPT", "STEADFAST"], "games": 51, "ai": ["lookahead"]},
            400,
            "error",
            "at most 50 games a request with a lookahead player",
        ),
        ("/api/match", {"decks": ["CORRUPT", "STEADFAST"], "games": "many"}, 400, "error", "give a whole number"),
        ("/api/match", {"decks": ["CORRUPT", "STEADFAST"], "colour": "red"}, 400, "error", "'colour' is not an option"),
        ("/api/match", {"decks": "CORRUPT"}, 400, "error", "give the decks as a list"),
        ("/api/match", {"decks": ["CORRUPT", 7]}, 400, "error", "decks[1]: give a deck as its text"),
        ("/api/match", {"decks": ["CORRUPT", {"id": "no-such-deck"}]}, 404, "unknown-deck", "no-such-deck"),
        ("/api/match", {"decks": ["CORRUPT", "4 Zzyzx Qqq\n"]}, 422, "unresolved-deck", "line 1"),
        ("/api/match", b"{not json", 400, "error", "the body is not JSON"),
        ("/api/match", {"decks": ["CORRUPT", "STEADFAST"], "log": 10**9}, 400, "error", "give a game number from 1"),
        ("/api/deck/gauntlet", {"deck": "CORRUPT"}, 400, "error", "give the field as a list"),
        (
            "/api/deck/gauntlet",
            {"deck": "CORRUPT", "field": ["STEADFAST"], "games": 2001, "ai": []},
            400,
            "error",
            "at most 2000 games a request",
        ),
        (
            "/api/deck/gauntlet",
            {"deck": "CORRUPT", "field": ["STEADFAST", "STEADFAST"], "games": 1001},
            400,
            "error",
            "at most 1000 games a request against 2 decks",
        ),
        ("/api/deck/gauntlet", {"field": ["STEADFAST"]}, 400, "error", "give the deck"),
        (
            "/api/deck/gauntlet",
            {"deck": "CORRUPT", "field": ["STEADFAST"], "format": "cult-vs-investigator"},
            400,
            "error",
            "Mythos formats only",
        ),
    ],
)
def test_malformed_api_input_is_the_apis_error(client, url, body, status, kind, words):
    def real(value):
        if isinstance(value, list):
            return [real(v) for v in value]
        return (
            {"CORRUPT": _text(CORRUPT), "STEADFAST": _text(STEADFAST)}.get(value, value)
            if isinstance(value, str)
            else value
        )

    if isinstance(body, bytes):
        answer = client.post(url, content=body, headers={"content-type": "application/json"})
    else:
        answer = client.post(url, json={k: real(v) for k, v in body.items()})
    error = answer.json()["error"]
    assert set(error) == {"kind", "message", "exit_code"}
    assert (answer.status_code, error["kind"]) == (status, kind), error
    assert words in error["message"]
