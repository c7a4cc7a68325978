"""The player's own files: saved decks with every version kept, diffs, and the collection.

Through the service (what both front doors call) and through the CLI commands
``mythos deck list|history|diff|save`` and ``mythos collection import|show``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckbuilder import service
from deckbuilder.cli import app
from deckbuilder.library import DeckLibrary, UnknownDeckError, check_deck_id, deck_slug
from deckbuilder.paths import catalog_data_dir

EXAMPLE_DECK = catalog_data_dir() / "sample" / "example-deck.txt"
runner = CliRunner()


@pytest.fixture(scope="module")
def sample_catalog_path(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("sample") / "catalog.sqlite"
    catalog, _notes = service.open_catalog(path)
    catalog.close()
    return path


@pytest.fixture()
def catalog(sample_catalog_path):
    opened, _ = service.open_catalog(sample_catalog_path)
    yield opened
    opened.close()


@pytest.fixture()
def decks(tmp_path) -> Path:
    return tmp_path / "decks"


def mythos(*args: str, sample_catalog_path: Path, decks: Path | None = None, collection: Path | None = None):
    env = {"MYTHOS_DB": str(sample_catalog_path)}
    if decks is not None:
        env["MYTHOS_DECKS"] = str(decks)
    if collection is not None:
        env["MYTHOS_COLLECTION"] = str(collection)
    return runner.invoke(app, list(args), env=env)


# --------------------------------------------------------------------------------------
# ids


@pytest.mark.parametrize(
    "bad", ["../etc/passwd", "a/b", ".history", "Deck", "", "-x", "x-", "a" * 65, "deck.json", "c:\\x"]
)
def test_a_deck_id_is_never_a_path(bad):
    with pytest.raises(UnknownDeckError):
        check_deck_id(bad)


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Shub's Brood", "shubs-brood"),
        ("Dark Horse in the New Æon", "dark-horse-in-the-new-aeon"),
        ("!!!", "deck"),
        ("x" * 100, "x" * 60),
    ],
)
def test_a_new_deck_is_named_by_a_slug_of_its_name(name, slug):
    assert deck_slug(name) == slug and check_deck_id(slug) == slug


# --------------------------------------------------------------------------------------
# saving and history


def test_saving_keeps_every_version_with_its_time_and_size(catalog, decks):
    deck = service.load_deck_file(catalog, EXAMPLE_DECK)
    saved = service.save_deck(catalog, decks, deck, play=service.way_to_play("campaign"))
    assert saved.id == "dark-horse-in-the-new-aeon"
    assert (decks / "dark-horse-in-the-new-aeon.json").is_file()
    changed = service.edit_deck(catalog, deck, "Dark Horse", change=-1)
    again = service.save_deck(catalog, decks, changed, deck_id=saved.id)
    assert [v.number for v in again.versions] == [1, 2]
    assert [v.cards for v in again.versions] == [60, 59]
    assert all(v.saved_at.endswith("Z") for v in again.versions)
    assert again.way_to_play["format"] == "campaign"
    history = service.deck_history(decks, "Dark Horse in the New Æon")  # by name, too
    assert [d.summary() for d in history.changes][1] == "-1 Dark Horse"


def test_a_saved_deck_is_a_file_the_cli_reads(catalog, decks, sample_catalog_path):
    saved = service.save_deck(catalog, decks, service.load_deck_file(catalog, EXAMPLE_DECK))
    result = mythos("deck", "check", str(saved.path), "--json", sample_catalog_path=sample_catalog_path)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["cards"] == 60


def test_a_file_changed_by_hand_is_kept_before_the_next_save(catalog, decks):
    deck = service.load_deck_file(catalog, EXAMPLE_DECK)
    saved = service.save_deck(catalog, decks, deck)
    by_hand = json.loads(saved.path.read_text(encoding="utf-8"))
    by_hand["name"] = "Edited in a text editor"
    saved.path.write_text(json.dumps(by_hand), encoding="utf-8")
    after = service.save_deck(catalog, decks, deck, deck_id=saved.id)
    library = DeckLibrary(decks)
    assert [v.number for v in after.versions] == [1, 2, 3]
    assert json.loads(library.text(saved.id, 2))["name"] == "Edited in a text editor"


def test_saving_the_same_deck_twice_adds_no_version(catalog, decks):
    deck = service.load_deck_file(catalog, EXAMPLE_DECK)
    saved = service.save_deck(catalog, decks, deck)
    assert len(service.save_deck(catalog, decks, deck, deck_id=saved.id).versions) == 1


def test_a_new_deck_never_takes_an_old_decks_id(catalog, decks):
    deck = service.load_deck_file(catalog, EXAMPLE_DECK)
    first = service.save_deck(catalog, decks, deck)
    first.path.unlink()  # the file gone, its history stays
    assert service.save_deck(catalog, decks, deck).id == f"{first.id}-2"


def test_unsaved_changes_are_a_draft_until_saved_or_discarded(catalog, decks):
    deck = service.load_deck_file(catalog, EXAMPLE_DECK)
    saved = service.save_deck(catalog, decks, deck)
    service.keep_draft(catalog, decks, saved.id, service.edit_deck(catalog, deck, "Mugging", count=0))
    assert service.saved_deck(decks, saved.id).has_draft
    assert service.load_saved_deck(catalog, decks, saved.id, draft=True).deck.count() == 58
    assert service.load_saved_deck(catalog, decks, saved.id).deck.count() == 60
    service.keep_draft(catalog, decks, saved.id, None)
    assert not service.saved_deck(decks, saved.id).has_draft


def test_an_unknown_deck_or_version_names_what_there_is(catalog, decks):
    saved = service.save_deck(catalog, decks, service.load_deck_file(catalog, EXAMPLE_DECK))
    with pytest.raises(UnknownDeckError, match="saved: dark-horse-in-the-new-aeon"):
        service.saved_deck(decks, "shubs-brood")
    with pytest.raises(UnknownDeckError, match=r"has no version 7 \(versions: 1\)"):
        service.load_deck_ref(catalog, decks, f"{saved.id}@7")


# --------------------------------------------------------------------------------------
# editing


def test_an_investigator_replaces_the_one_there(catalog):
    deck = service.new_deck(catalog, "Test", "Pragmatic Hobo")
    deck = service.edit_deck(catalog, deck, "Diabolical Cultist", change=1)
    assert [c.title for c in deck.deck.investigators] == ["Diabolical Cultist"]


def test_copies_are_added_taken_away_and_set(catalog):
    deck = service.new_deck(catalog, "Test")
    deck = service.edit_deck(catalog, deck, "Eiffel Tower", change=3)
    deck = service.edit_deck(catalog, deck, "Eiffel Tower", change=-1)
    assert deck.deck.copies_by_title()["eiffel tower"] == 2
    deck = service.edit_deck(catalog, deck, "NAE:eiffel-tower", count=0)
    assert deck.deck.count() == 0


def test_a_misspelt_card_is_added_by_its_title_and_an_unknown_one_refused(catalog):
    from deckbuilder.decklists import UnknownCardError

    deck = service.edit_deck(catalog, service.new_deck(catalog, "Test"), "Eiffel Towr", change=1)
    assert [e.card.title for e in deck.deck.main] == ["Eiffel Tower"]
    with pytest.raises(UnknownCardError, match='"Zzyzx Qqq" is not a card'):
        service.edit_deck(catalog, deck, "Zzyzx Qqq", change=1)


# --------------------------------------------------------------------------------------
# diff


def test_a_diff_lists_cards_added_removed_and_changed_by_title(catalog, tmp_path):
    before = service.load_deck_file(catalog, EXAMPLE_DECK)
    after = service.edit_deck(catalog, service.edit_deck(catalog, before, "Mugging", count=0), "Blackout", change=2)
    after = service.edit_deck(catalog, after, "Cykranosh", change=1)
    diff = service.deck_diff(before, after)
    assert [(c.title, c.before, c.after) for c in diff.added] == [("Cykranosh", 0, 1)]
    assert [(c.title, c.before, c.after) for c in diff.removed] == [("Mugging", 2, 0)]
    assert [(c.title, c.change) for c in diff.changed] == [("Blackout", 2)]
    assert (diff.cards_before, diff.cards_after) == (60, 61)


# --------------------------------------------------------------------------------------
# the CLI


def test_deck_list_history_and_diff_from_the_cli(catalog, decks, sample_catalog_path, tmp_path):
    result = mythos("deck", "list", sample_catalog_path=sample_catalog_path, decks=decks)
    assert result.exit_code == 0 and "No saved decks" in result.stdout
    result = mythos("deck", "save", str(EXAMPLE_DECK), sample_catalog_path=sample_catalog_path, decks=decks)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("saved dark-horse-in-the-new-aeon version 1 (60 cards)")
    smaller = tmp_path / "smaller.txt"
    smaller.write_text(
        EXAMPLE_DECK.read_text(encoding="utf-8").replace("4 Serpent People", "1 Serpent People"), encoding="utf-8"
    )
    result = mythos(
        "deck",
        "save",
        str(smaller),
        "--id",
        "dark-horse-in-the-new-aeon",
        sample_catalog_path=sample_catalog_path,
        decks=decks,
    )
    assert "version 2 (57 cards)" in result.stdout
    listed = json.loads(mythos("deck", "list", "--json", sample_catalog_path=sample_catalog_path, decks=decks).stdout)
    assert [(d["id"], d["cards"], d["versions"]) for d in listed] == [("dark-horse-in-the-new-aeon", 57, 2)]
    history = mythos(
        "deck", "history", "dark-horse-in-the-new-aeon", sample_catalog_path=sample_catalog_path, decks=decks
    )
    assert history.exit_code == 0
    assert history.stdout.splitlines()[-1].split("  ")[-1] == "-3 Serpent People"
    diff = mythos(
        "deck",
        "diff",
        "dark-horse-in-the-new-aeon@1",
        "dark-horse-in-the-new-aeon",
        "--json",
        sample_catalog_path=sample_catalog_path,
        decks=decks,
    )
    assert diff.exit_code == 0, diff.output
    assert json.loads(diff.stdout)["changed"] == [
        {"section": "deck", "title": "Serpent People", "before": 4, "after": 1, "change": -3}
    ]
    files = mythos(
        "deck", "diff", str(EXAMPLE_DECK), str(smaller), sample_catalog_path=sample_catalog_path, decks=decks
    )
    assert "changed  -3 Serpent People  [4 -> 1]" in files.stdout


def test_deck_history_of_an_unknown_deck_is_one_error_line(sample_catalog_path, decks):
    result = mythos("deck", "history", "nothing-here", "--json", sample_catalog_path=sample_catalog_path, decks=decks)
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"]["kind"] == "unknown-deck"


def test_the_collection_is_imported_shown_and_searched(sample_catalog_path, tmp_path):
    owned = tmp_path / "owned.txt"
    owned.write_text("3 Eiffel Tower\n1 Colosseum\n2 747\n", encoding="utf-8")
    collection = tmp_path / "collection.json"
    result = mythos("collection", "show", sample_catalog_path=sample_catalog_path, collection=collection)
    assert "No collection yet" in result.stdout
    result = mythos("collection", "import", str(owned), sample_catalog_path=sample_catalog_path, collection=collection)
    assert result.exit_code == 0, result.output
    shown = json.loads(
        mythos("collection", "show", "--json", sample_catalog_path=sample_catalog_path, collection=collection).stdout
    )
    assert shown["cards"] == 6 and shown["titles"] == 3
    found = mythos("search", "is:owned", "--json", sample_catalog_path=sample_catalog_path, collection=collection)
    assert sorted(c["title"] for c in json.loads(found.stdout)) == ["747", "Colosseum", "Eiffel Tower"]
    locations = mythos(
        "search", "is:owned t:location", "--json", sample_catalog_path=sample_catalog_path, collection=collection
    )
    assert sorted(c["title"] for c in json.loads(locations.stdout)) == ["Colosseum", "Eiffel Tower"]


def test_is_owned_without_a_collection_finds_nothing(sample_catalog_path, tmp_path):
    found = mythos(
        "search", "is:owned", "--json", sample_catalog_path=sample_catalog_path, collection=tmp_path / "none.json"
    )
    assert found.exit_code == 0 and json.loads(found.stdout) == []


def test_the_search_help_documents_is_owned():
    result = runner.invoke(app, ["search", "--help"])
    assert "owned (a title in your collection" in result.stdout


def test_shortfalls_name_the_titles_beyond_the_collection(catalog, tmp_path):
    collection = tmp_path / "collection.json"
    service.import_collection(catalog, service.load_deck_text(catalog, "4 Dark Horse\n2 Eiffel Tower\n"), collection)
    deck = service.load_deck_file(catalog, EXAMPLE_DECK)
    overview = service.deck_overview(catalog, deck, service.way_to_play(), collection=collection)
    short = {s.title: (s.needed, s.owned) for s in overview.shortfalls}
    assert short["Eiffel Tower"] == (4, 2) and short["Colosseum"] == (3, 0) and "Dark Horse" not in short


@pytest.mark.parametrize("sort", ["gate", "unique", "region"])
def test_the_new_orders_sort_as_their_column_reads(catalog, sort):
    cards = service.search_cards(catalog, service.parse_search("t:location", sort=sort)).cards
    key = {
        "gate": lambda c: not c.gate,
        "unique": lambda c: not c.unique,
        "region": lambda c: (
            c.region is None and c.subregion is None,
            c.region is None,
            (c.region or "").casefold(),
            (c.subregion or "").casefold(),
        ),
    }[sort]
    assert [key(c) for c in cards] == sorted(key(c) for c in cards)
    backwards = service.search_cards(catalog, service.parse_search("t:location", sort=sort, descending=True)).cards
    assert backwards == cards[::-1]
