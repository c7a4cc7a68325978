"""A deck records its way to play (issue 24): a written deck file carries it as a note, in
every deck format and through `deck convert`, and a saved deck in the deck builder's index;
`deck check` (and `goldfish`, `sheet`) use it without being told, a given --format still
wins, and the deck commands take a saved deck's id where no such file is. On the sample
catalog: nothing here plays a game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckbuilder.cli import app

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parent.parent / "catalog" / "sample" / "example-deck.txt"


def mythos(*args: object):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture()
def sample_db(tmp_path) -> Path:
    from deckbuilder import service

    db = tmp_path / "catalog.sqlite"
    service.open_catalog(db)[0].close()
    return db


def _checked(db: Path, deck: object, *options: object) -> dict:
    result = mythos("deck", "check", deck, "--db", db, "--json", *options)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("ext", ["txt", "deck", "dek", "json"])
def test_a_written_deck_records_its_way_to_play_and_deck_check_uses_it(sample_db, tmp_path, ext):
    from deckbuilder import service

    catalog, _notes = service.open_catalog(sample_db)
    with catalog:
        deck = service.load_deck_file(catalog, EXAMPLE)
        play = service.way_to_play("campaign", target=15)
        written = tmp_path / f"built.{ext}"
        written.write_text(
            service.recorded_deck_text(catalog, deck, play, service.deck_format_for(written)), encoding="utf-8"
        )
    assert "Way to play: campaign, target 15" in written.read_text(encoding="utf-8")
    answer = _checked(sample_db, written)
    assert (answer["format"], answer["campaign_target"]) == ("campaign", 15)
    # A given --format wins; a given --target replaces the recorded one.
    assert _checked(sample_db, written, "--format", "advanced")["format"] == "advanced"
    assert _checked(sample_db, written, "--target", 25)["campaign_target"] == 25
    # deck convert carries the note to another format, and it reads back there.
    other = tmp_path / ("again.json" if ext != "json" else "again.txt")
    assert mythos("deck", "convert", written, other, "--db", sample_db).exit_code == 0
    assert (_checked(sample_db, other)["format"], _checked(sample_db, other)["campaign_target"]) == ("campaign", 15)


def test_a_deck_that_records_nothing_is_checked_for_advanced(sample_db):
    assert _checked(sample_db, EXAMPLE)["format"] == "advanced"


def test_deck_commands_take_a_saved_decks_id_and_its_way_to_play(sample_db, tmp_path, monkeypatch):
    from deckbuilder import service

    decks = tmp_path / "decks"
    monkeypatch.setenv("MYTHOS_DECKS", str(decks))
    catalog, _notes = service.open_catalog(sample_db)
    with catalog:
        saved = service.save_deck(
            catalog, decks, service.load_deck_file(catalog, EXAMPLE), play=service.way_to_play("tournament")
        )
    monkeypatch.chdir(tmp_path)
    assert _checked(sample_db, saved.id)["format"] == "tournament"
    stats = mythos("deck", "stats", saved.id, "--db", sample_db, "--json")
    assert stats.exit_code == 0 and json.loads(stats.stdout)["deck"] == "Dark Horse in the New Æon", stats.output
    adventures = mythos("deck", "adventures", saved.id, "--db", sample_db, "--json")
    assert adventures.exit_code == 0 and [a["adventure"] for a in json.loads(adventures.stdout)] == ["Dark Horse"]
    # --fix writes a file: a saved deck is corrected in the deck builder instead.
    result = mythos("deck", "check", saved.id, "--db", sample_db, "--fix")
    assert result.exit_code == 2 and "saved deck" in result.output and not (tmp_path / saved.id).exists()
    # A path that exists wins over an id: a file of that name, recording nothing, is advanced.
    (tmp_path / saved.id).write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    assert _checked(sample_db, saved.id)["format"] == "advanced"
    # Neither a file nor a saved deck (nor a deck code): one line naming the three it may be.
    result = mythos("deck", "check", "no-such-deck", "--db", sample_db)
    assert result.exit_code == 2 and "no such deck file, and not a saved deck's id or name" in result.output


def test_a_deck_file_saved_among_the_decks_keeps_the_way_to_play_it_records(sample_db, tmp_path, monkeypatch):
    from deckbuilder import service

    decks = tmp_path / "decks"
    monkeypatch.setenv("MYTHOS_DECKS", str(decks))
    catalog, _notes = service.open_catalog(sample_db)
    with catalog:
        deck = service.load_deck_file(catalog, EXAMPLE)
        written = tmp_path / "built.txt"
        written.write_text(
            service.recorded_deck_text(catalog, deck, service.way_to_play("campaign", target=15)), encoding="utf-8"
        )
    result = mythos("deck", "save", written, "--db", sample_db, "--decks", decks, "--json")
    assert result.exit_code == 0, result.output
    saved = json.loads(result.stdout)
    assert saved["way_to_play"]["format"] == "campaign" and saved["way_to_play"]["target"] == 15
    answer = _checked(sample_db, saved["id"])
    assert (answer["format"], answer["campaign_target"]) == ("campaign", 15)
