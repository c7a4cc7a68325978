"""`mythos deck check / stats / convert` on the real decks of both transcriptions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckbuilder.cli import app
from deckbuilder.decklists import read_deck

runner = CliRunner()


def mythos(*args: str):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="session")
def gccg_db(gccg_sets: Path, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("decks") / "gccg.sqlite"
    assert mythos("catalog", "import", gccg_sets, "--db", path).exit_code == 0
    return path


@pytest.fixture(scope="session")
def lackey_db(lackey_sets: Path, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("decks") / "lackey.sqlite"
    result = mythos("catalog", "import", lackey_sets, "--db", path)
    assert result.exit_code == 0, result.output
    return path


def real_decks() -> list[Path]:
    from conftest import MYTHOS_DATA

    return sorted((MYTHOS_DATA / "gccg" / "decks").glob("*.deck")) + sorted(
        (MYTHOS_DATA / "lackey" / "decks").glob("*.dek")
    )


@pytest.mark.parametrize("catalog", ["gccg_db", "lackey_db"])
@pytest.mark.parametrize("deck", real_decks(), ids=lambda p: p.name)
def test_every_real_deck_reads_with_every_name_resolved(request, catalog, deck, mythos_data):
    db = request.getfixturevalue(catalog)
    result = mythos("deck", "stats", deck, "--db", db, "--json")
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)
    expected = read_deck(deck.read_bytes(), deck.name).total
    assert stats["cards"] == expected


@pytest.mark.parametrize("name", ["standard-corrupt.deck", "standard-steadfast.deck"])
@pytest.mark.parametrize("fmt", ["basic", "advanced", "campaign", "tournament"])
def test_the_standard_game_decks_are_legal_in_every_format(gccg_db, mythos_data, name, fmt):
    result = mythos("deck", "check", mythos_data / "gccg" / "decks" / name, "--format", fmt, "--db", gccg_db, "--json")
    assert result.exit_code == 0, result.output
    verdict = json.loads(result.stdout)
    assert verdict["legal"] is True and verdict["errors"] == []
    # Both sides of the double-sided Investigator card are listed: a note, not an error.
    assert [n["rule"] for n in verdict["notes"]] == ["one-investigator"]


def test_a_deck_of_50_cards_is_not_legal(gccg_db, mythos_data):
    result = mythos("deck", "check", mythos_data / "gccg" / "decks" / "wotc-gc-1997.deck", "--db", gccg_db)
    assert result.exit_code == 1
    assert "ILLEGAL" in result.stdout
    assert "the deck has 50 cards; at least 52 are required" in result.stdout
    assert "fix: add 2 cards" in result.stdout
    assert "[rulings:11]" in result.stdout


def test_a_deck_without_an_investigator_is_not_legal(gccg_db, mythos_data):
    result = mythos(
        "deck", "check", mythos_data / "gccg" / "decks" / "bourne-dreamlands.deck", "--db", gccg_db, "--json"
    )
    assert result.exit_code == 1
    errors = json.loads(result.stdout)["errors"]
    assert [e["rule"] for e in errors] == ["one-investigator"]


def test_an_unknown_name_is_reported_with_its_line_and_candidates(gccg_db, tmp_path):
    deck = tmp_path / "typo.txt"
    deck.write_text("Investigator\n1 Pragmatic Hobo\nDeck\n4 Dark Young\n4 Qwxzvv Plorkk\n")
    result = mythos("deck", "check", deck, "--db", gccg_db)
    assert result.exit_code == 2
    assert "line 5" in result.stderr and "Qwxzvv Plorkk" in result.stderr
    assert "Traceback" not in result.output


def test_fix_writes_the_resolved_names_back(gccg_db, tmp_path):
    deck = tmp_path / "loose.txt"
    deck.write_text("Investigator\n1 pragmatic hobo\nDeck\n4 Dark Yuong\n2 Forgotten Crypt, The\n")
    result = mythos("deck", "check", deck, "--fix", "--db", gccg_db)
    assert result.exit_code == 1  # 6 cards is not a legal deck, but the names are fixed
    assert '"Dark Yuong" read as "Dark Young"' in result.stderr
    text = deck.read_text()
    assert "Dark Young" in text and "Dark Yuong" not in text
    assert "The Forgotten Crypt" in text


@pytest.mark.parametrize("deck", real_decks(), ids=lambda p: p.name)
def test_round_trip_through_every_format_keeps_every_card(gccg_db, deck, tmp_path):
    before = json.loads(mythos("deck", "stats", deck, "--db", gccg_db, "--json").stdout)
    current = deck
    for ext in (".json", ".deck", ".dek", ".txt"):
        nxt = tmp_path / f"step{ext}"
        result = mythos("deck", "convert", current, nxt, "--db", gccg_db)
        assert result.exit_code == 0, result.output
        current = nxt
    after = json.loads(mythos("deck", "stats", current, "--db", gccg_db, "--json").stdout)
    assert after["by_type"] == before["by_type"] and after["cards"] == before["cards"]
    assert after["investigators"] == before["investigators"]


def test_stats_reports_languages_gates_and_adventures(gccg_db, mythos_data):
    result = mythos(
        "deck", "stats", mythos_data / "gccg" / "decks" / "standard-steadfast.deck", "--db", gccg_db, "--json"
    )
    stats = json.loads(result.stdout)
    assert stats["cards"] == 52
    assert stats["gates"] >= 1
    assert stats["adventures"] and stats["adventure_points"] == sum(a["points"] for a in stats["adventures"])
    assert "English" in stats["languages_known"]


def test_unknown_format_is_a_clear_error(gccg_db, mythos_data):
    result = mythos(
        "deck",
        "check",
        mythos_data / "gccg" / "decks" / "standard-corrupt.deck",
        "--format",
        "vintage",
        "--db",
        gccg_db,
    )
    assert result.exit_code == 2
    assert "unknown format 'vintage'; choose one of" in result.stderr
