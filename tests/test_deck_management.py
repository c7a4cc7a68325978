"""Managing saved decks (issue 27, item 3): restore a version as a new one, delete (kept in
the trash until purged, undelete), copy, rename; built decks named after their Adventures;
deck commands that take a saved deck's id and use its way to play.

Through the service, the CLI (``mythos deck restore|delete|undelete|copy|rename``, and
``deck check|stats ID``), the editor's plain forms and the JSON API. Every change goes
through the deck's lock and revision: one made against a revision no longer current is
refused and changes nothing. The browser's side is in ``tests/test_web_browser.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from support.html import select, select_one
from support.web import BASE, Browser, deck_lines
from typer.testing import CliRunner

from deckbuilder import service
from deckbuilder.cli import app
from deckbuilder.library import DeckChangedError, UnknownDeckError, UnsavedChangesError
from deckbuilder.paths import catalog_data_dir
from deckbuilder.service.construction import built_deck_name
from deckbuilder.web.app import Settings, create_app

EXAMPLE_DECK = catalog_data_dir() / "sample" / "example-deck.txt"
EXAMPLE_ID = "dark-horse-in-the-new-aeon"
runner = CliRunner()


@pytest.fixture(scope="module")
def sample_catalog_path(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("sample") / "catalog.sqlite"
    service.open_catalog(path)[0].close()
    return path


@pytest.fixture()
def catalog(sample_catalog_path):
    opened, _ = service.open_catalog(sample_catalog_path)
    yield opened
    opened.close()


@pytest.fixture()
def decks(tmp_path) -> Path:
    return tmp_path / "decks"


def saved_example(catalog, decks) -> str:
    """Saves the example deck (version 1), then a version without its Star Vampires (2)."""
    deck = service.load_deck_file(catalog, EXAMPLE_DECK)
    saved = service.save_deck(catalog, decks, deck)
    service.save_deck(catalog, decks, service.edit_deck(catalog, deck, "Star Vampire", count=0), deck_id=saved.id)
    return saved.id


def titles(catalog, decks, deck_id, **kw) -> dict[str, int]:
    deck = service.load_saved_deck(catalog, decks, deck_id, **kw)
    return {e.card.title: e.count for e in deck.deck.entries}


def mythos(*args, db: Path, decks: Path):
    return runner.invoke(app, [str(a) for a in args], env={"MYTHOS_DB": str(db), "MYTHOS_DECKS": str(decks)})


# --------------------------------------------------------------------------------------
# the service


def test_a_restored_version_is_saved_as_the_newest_and_nothing_is_lost(catalog, decks):
    deck_id = saved_example(catalog, decks)
    assert "Star Vampire" not in titles(catalog, decks, deck_id)
    saved = service.restore_version(decks, deck_id, 1)
    assert [v.number for v in saved.versions] == [1, 2, 3] and not saved.unchanged
    assert titles(catalog, decks, deck_id)["Star Vampire"] == 2
    assert titles(catalog, decks, deck_id, version=3) == titles(catalog, decks, deck_id, version=1)
    assert "Star Vampire" not in titles(catalog, decks, deck_id, version=2)  # the undone version stays
    again = service.restore_version(decks, deck_id, 3)
    assert again.unchanged and len(again.versions) == 3  # already as version 3: no version added


def test_a_restore_never_drops_unsaved_changes_unasked(catalog, decks):
    deck_id = saved_example(catalog, decks)
    service.change_saved_deck(catalog, decks, deck_id, lambda d: service.edit_deck(catalog, d, "Mugging", count=4))
    with pytest.raises(UnsavedChangesError, match="unsaved changes; save or discard them first"):
        service.restore_version(decks, deck_id, 1)
    assert titles(catalog, decks, deck_id, draft=True)["Mugging"] == 4  # still there
    saved = service.restore_version(decks, deck_id, 1, drop_changes=True)
    assert not saved.has_draft and titles(catalog, decks, deck_id, draft=True)["Mugging"] == 2


def test_a_restore_or_delete_made_against_an_old_revision_is_refused(catalog, decks):
    deck_id = saved_example(catalog, decks)
    old = service.saved_deck(decks, deck_id).revision
    service.change_saved_deck(catalog, decks, deck_id, lambda d: service.edit_deck(catalog, d, "Mugging", count=1))
    with pytest.raises(DeckChangedError, match="the deck changed; reload"):
        service.restore_version(decks, deck_id, 1, revision=old, drop_changes=True)
    with pytest.raises(DeckChangedError):
        service.delete_saved_deck(decks, deck_id, revision=old)
    assert len(service.saved_deck(decks, deck_id).versions) == 2 and (decks / f"{deck_id}.json").is_file()


def test_an_unknown_version_is_named_with_the_versions_there_are(catalog, decks):
    deck_id = saved_example(catalog, decks)
    with pytest.raises(UnknownDeckError, match=r"has no version 7 \(versions: 1, 2\)"):
        service.restore_version(decks, deck_id, 7)


def test_a_deleted_deck_is_kept_with_its_history_until_purged(catalog, decks):
    deck_id = saved_example(catalog, decks)
    place = service.delete_saved_deck(decks, deck_id)
    assert (
        place.parent == decks / ".trash"
        and (place / "deck.json").is_file()
        and (place / "history" / "0002.json").is_file()
    )
    assert service.saved_decks(decks).decks == []
    with pytest.raises(UnknownDeckError):
        service.saved_deck(decks, deck_id)
    back = service.undelete_saved_deck(decks, deck_id)
    assert [v.number for v in back.versions] == [1, 2] and not list((decks / ".trash").iterdir())
    service.delete_saved_deck(decks, deck_id)
    assert service.delete_saved_deck(decks, deck_id, purge=True) is None  # only the deleted copy was left
    assert not list((decks / ".trash").iterdir()) and not (decks / ".history" / deck_id).exists()
    with pytest.raises(UnknownDeckError):
        service.undelete_saved_deck(decks, deck_id)


def test_a_file_that_is_no_deck_is_deleted_by_its_id_and_a_link_is_left_alone(
    sample_catalog_path, catalog, decks, tmp_path
):
    saved_example(catalog, decks)
    (decks / "broken.json").write_bytes(b"{not json")
    result = mythos("deck", "delete", "broken", db=sample_catalog_path, decks=decks)
    assert result.exit_code == 0, result.output
    assert not (decks / "broken.json").exists() and service.saved_decks(decks).unreadable == []
    outside = tmp_path / "outside.json"
    outside.write_text("{}", encoding="utf-8")
    (decks / "linked.json").symlink_to(outside)
    refused = mythos("deck", "delete", "linked", db=sample_catalog_path, decks=decks)
    assert refused.exit_code == 2 and "symbolic link" in refused.stderr
    assert (decks / "linked.json").is_symlink() and outside.read_text(encoding="utf-8") == "{}"


def test_a_copy_is_a_new_deck_with_the_way_to_play_and_a_name_of_its_own(catalog, decks):
    deck_id = saved_example(catalog, decks)
    service.choose_way_to_play(decks, deck_id, service.way_to_play("campaign", target=15))
    first = service.copy_saved_deck(catalog, decks, deck_id)
    second = service.copy_saved_deck(catalog, decks, deck_id)
    assert (first.name, second.name) == ("Dark Horse in the New Æon (copy)", "Dark Horse in the New Æon (copy) 2")
    assert first.id != second.id != deck_id and len(first.versions) == 1
    assert first.way_to_play["format"] == "campaign" and first.way_to_play["target"] == 15
    assert titles(catalog, decks, first.id) == titles(catalog, decks, deck_id)
    named = service.copy_saved_deck(catalog, decks, deck_id, "Faster Horse")
    assert named.name == "Faster Horse" and named.id == "faster-horse"
    assert len(service.saved_deck(decks, deck_id).versions) == 2  # the original is as it was


def test_a_rename_is_a_saved_version_and_keeps_the_id_and_the_unsaved_changes(catalog, decks):
    deck_id = saved_example(catalog, decks)
    service.change_saved_deck(catalog, decks, deck_id, lambda d: service.edit_deck(catalog, d, "Mugging", count=3))
    saved = service.rename_saved_deck(catalog, decks, deck_id, "  Old   Horse ")
    assert (saved.id, saved.name, len(saved.versions), saved.has_draft) == (deck_id, "Old Horse", 3, True)
    assert service.load_saved_deck(catalog, decks, deck_id, draft=True).name == "Old Horse"
    assert titles(catalog, decks, deck_id, draft=True)["Mugging"] == 3
    assert service.load_saved_deck(catalog, decks, deck_id, version=2).name == "Dark Horse in the New Æon"
    assert (
        service.deck_history(decks, deck_id).changes[-1].summary()
        == 'renamed "Dark Horse in the New Æon" to "Old Horse"'
    )


def test_built_decks_are_named_after_their_adventures_and_numbered_when_taken(catalog, decks):
    assert built_deck_name(["Auction, The"], "Bored Housewife") == "The Auction"
    assert built_deck_name(["A Heroic Rescue", "The Auction"], "X") == "A Heroic Rescue and The Auction"
    assert built_deck_name(["A", "B", "C", "D"], "X") == "A, B +2"
    assert built_deck_name([], "Bored Housewife") == "Built for Bored Housewife"
    saved_example(catalog, decks)
    assert service.unique_deck_name(decks, "Dark Horse in the New Æon") == "Dark Horse in the New Æon 2"
    assert service.unique_deck_name(decks, "The Auction") == "The Auction"


# --------------------------------------------------------------------------------------
# the CLI


def test_the_cli_restores_copies_renames_deletes_and_brings_back(sample_catalog_path, catalog, decks):
    deck_id = saved_example(catalog, decks)
    db = sample_catalog_path
    result = mythos("deck", "restore", deck_id, "1", db=db, decks=decks)
    assert result.exit_code == 0 and result.stdout.startswith(f"restored version 1 of {deck_id} as version 3")
    result = mythos("deck", "copy", deck_id, "Second Horse", db=db, decks=decks)
    assert result.exit_code == 0 and "copied to second-horse: Second Horse (60 cards)" in result.stdout
    result = mythos("deck", "rename", "second-horse", "Third Horse", "--json", db=db, decks=decks)
    assert result.exit_code == 0 and json.loads(result.stdout)["name"] == "Third Horse"
    result = mythos("deck", "delete", "Third Horse", db=db, decks=decks)
    assert result.exit_code == 0 and "mythos deck undelete second-horse" in result.stdout
    listed = json.loads(mythos("deck", "list", "--json", db=db, decks=decks).stdout)
    assert [d["id"] for d in listed] == [deck_id]
    result = mythos("deck", "undelete", "second-horse", db=db, decks=decks)
    assert result.exit_code == 0 and "Third Horse, 2 versions" in result.stdout
    result = mythos("deck", "delete", "second-horse", "--purge", db=db, decks=decks)
    assert result.exit_code == 0 and "purged" in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("restore", "nonesuch", "1"),
        ("restore", EXAMPLE_ID, "9"),
        ("delete", "nonesuch"),
        ("copy", "nonesuch"),
        ("rename", "nonesuch", "X"),
        ("undelete", EXAMPLE_ID),
        ("check", "nonesuch"),
        ("goldfish", "no/such/file.deck"),
    ],
)
def test_the_cli_refuses_what_is_not_there_with_one_line(sample_catalog_path, catalog, decks, args):
    saved_example(catalog, decks)
    result = mythos("deck", *args, db=sample_catalog_path, decks=decks)
    assert result.exit_code == 2, result.output
    assert (
        result.stderr.startswith("Error:")
        and result.stderr.strip().count("\n") == 0
        and "Traceback" not in result.output
    )


def test_the_cli_refuses_a_restore_over_unsaved_changes_unless_told(sample_catalog_path, catalog, decks):
    deck_id = saved_example(catalog, decks)
    service.change_saved_deck(catalog, decks, deck_id, lambda d: service.edit_deck(catalog, d, "Mugging", count=4))
    refused = mythos("deck", "restore", deck_id, "1", db=sample_catalog_path, decks=decks)
    assert refused.exit_code == 2 and "--discard-changes" in refused.stderr
    done = mythos("deck", "restore", deck_id, "1", "--discard-changes", db=sample_catalog_path, decks=decks)
    assert done.exit_code == 0, done.output


def test_deck_commands_take_a_saved_decks_id_and_its_way_to_play(
    sample_catalog_path, catalog, decks, tmp_path, monkeypatch
):
    deck_id = saved_example(catalog, decks)
    service.choose_way_to_play(decks, deck_id, service.way_to_play("campaign", target=15))
    check = mythos("deck", "check", deck_id, db=sample_catalog_path, decks=decks)
    assert "for Campaign" in check.stdout, check.output  # its own way to play, not Advanced
    given = mythos("deck", "check", deck_id, "--format", "advanced", db=sample_catalog_path, decks=decks)
    assert "LEGAL for Advanced" in given.stdout  # one given wins
    older = mythos("deck", "stats", f"{deck_id}@1", "--json", db=sample_catalog_path, decks=decks)
    assert json.loads(older.stdout)["cards"] == 60
    for command in ("adventures", "stats"):
        assert mythos("deck", command, deck_id, db=sample_catalog_path, decks=decks).exit_code == 0
    monkeypatch.chdir(tmp_path)
    sheet = mythos("deck", "sheet", deck_id, db=sample_catalog_path, decks=decks)
    assert sheet.exit_code == 0 and (tmp_path / f"{deck_id}.html").is_file() and "for Campaign" in sheet.stdout
    fix = mythos("deck", "check", deck_id, "--fix", db=sample_catalog_path, decks=decks)
    assert fix.exit_code == 2 and "--fix writes the names back into a deck file" in fix.stderr


def test_a_file_that_exists_wins_over_a_saved_deck_of_that_name(
    sample_catalog_path, catalog, decks, tmp_path, monkeypatch
):
    deck_id = saved_example(catalog, decks)
    monkeypatch.chdir(tmp_path)
    (tmp_path / deck_id).write_text("Deck\n4 Mugging\n", encoding="utf-8")
    stats = mythos("deck", "stats", deck_id, "--json", db=sample_catalog_path, decks=decks)
    assert json.loads(stats.stdout)["cards"] == 4


# --------------------------------------------------------------------------------------
# the editor's forms and the API


@pytest.fixture()
def browser(sample_catalog_path, decks) -> Browser:
    b = Browser(
        TestClient(
            create_app(Settings(db=sample_catalog_path, decks=decks, collection=decks.parent / "c.json")), base_url=BASE
        )
    )
    b.get("/decks")
    return b


def test_history_restores_a_version_with_a_click(browser, catalog, decks):
    deck_id = saved_example(catalog, decks)
    dom = browser.get(f"/decks/{deck_id}/history")
    restores = {int(select_one(f, "input[name=version]").attrs["value"]) for f in select(dom, "form.restore")}
    assert restores == {1}  # the newest version is the deck: nothing to restore
    _answer, dom = browser.post(f"/decks/{deck_id}/restore", {"version": "1"})
    assert select_one(dom, "p.message").text() == "Restored version 1 as version 3."
    assert deck_lines(dom)["Star Vampire"] == 2


def test_history_says_a_restore_drops_the_unsaved_changes(browser, catalog, decks):
    deck_id = saved_example(catalog, decks)
    browser.post(f"/decks/{deck_id}/cards", {"card": "Mugging", "count": "4"})
    dom = browser.get(f"/decks/{deck_id}/history")
    assert all("drops the unsaved changes" in f.text() for f in select(dom, "form.restore"))
    _answer, dom = browser.post(f"/decks/{deck_id}/restore", {"version": "2"}, status=409)
    assert select_one(dom, ".error").attrs["data-kind"] == "unsaved-changes"
    _answer, dom = browser.post(f"/decks/{deck_id}/restore", {"version": "2", "discard": "1"})
    assert deck_lines(dom)["Mugging"] == 2


def test_delete_asks_first_then_keeps_the_deck_in_the_trash(browser, catalog, decks):
    deck_id = saved_example(catalog, decks)
    dom = browser.get(f"/decks/{deck_id}")
    assert select_one(dom, "#delete-deck").attrs["href"] == f"/decks/{deck_id}/delete"
    dom = browser.get(f"/decks/{deck_id}/delete")
    assert "mythos deck undelete " + deck_id in select_one(dom, "main").text()
    assert (decks / f"{deck_id}.json").is_file()  # asking deletes nothing
    _answer, dom = browser.post(f"/decks/{deck_id}/delete")
    assert f"Deleted {deck_id}" in select_one(dom, "p.message").text()
    assert not select(dom, f"tr[data-deck={deck_id}]") and service.delete_saved_deck(decks, deck_id, purge=True) is None


def test_a_stale_delete_is_refused_with_409(browser, catalog, decks):
    deck_id = saved_example(catalog, decks)
    browser.get(f"/decks/{deck_id}/delete")
    service.change_saved_deck(catalog, decks, deck_id, lambda d: service.edit_deck(catalog, d, "Mugging", count=1))
    _answer, dom = browser.post(f"/decks/{deck_id}/delete", status=409)
    assert "the deck changed; reload" in select_one(dom, ".error").text()
    assert (decks / f"{deck_id}.json").is_file()


def test_the_editor_copies_and_renames(browser, catalog, decks):
    deck_id = saved_example(catalog, decks)
    answer, dom = browser.post(f"/decks/{deck_id}/copy", {"name": ""})
    assert str(answer.url).endswith("/decks/dark-horse-in-the-new-aeon-copy?copied=1&saved=1")
    assert select_one(dom, "h1#h-deck").text() == "Dark Horse in the New Æon (copy)"
    _answer, dom = browser.post(f"/decks/{deck_id}/rename", {"name": "Renamed Horse"})
    assert select_one(dom, "p.message").text() == "Renamed, and saved as version 3."
    assert service.saved_deck(decks, deck_id).name == "Renamed Horse"


def test_a_card_page_tells_decks_of_one_name_apart(browser, catalog, decks):
    deck_id = saved_example(catalog, decks)
    copy = service.copy_saved_deck(catalog, decks, deck_id, "Dark Horse in the New Æon")
    dom = browser.get("/cards/Mugging")
    buttons = sorted(b.text() for b in select(dom, ".add-to button"))
    assert buttons == sorted(
        [f"+1 to Dark Horse in the New Æon ({copy.id})", f"+1 to Dark Horse in the New Æon ({deck_id})"]
    )


def test_the_api_restores_copies_renames_and_deletes(browser, catalog, decks):
    deck_id = saved_example(catalog, decks)
    client = browser.client
    revision = client.get(f"/api/decks/{deck_id}").json()["revision"]
    answer = client.post(f"/api/decks/{deck_id}/restore", json={"version": 1, "revision": revision})
    assert answer.status_code == 200 and answer.json()["versions"] == 3
    stale = client.post(f"/api/decks/{deck_id}/rename", json={"name": "X", "revision": revision})
    assert stale.status_code == 409 and stale.json()["error"]["kind"] == "deck-changed"
    revision = client.get(f"/api/decks/{deck_id}").json()["revision"]
    renamed = client.post(f"/api/decks/{deck_id}/rename", json={"name": "API Horse", "revision": revision})
    assert renamed.json()["name"] == "API Horse"
    copied = client.post(f"/api/decks/{deck_id}/copy", json={})
    assert copied.status_code == 201 and copied.json()["name"] == "API Horse (copy)"
    revision = renamed.json()["revision"]
    gone = client.post(f"/api/decks/{deck_id}/delete", json={"revision": revision})
    assert gone.status_code == 200 and ".trash" in gone.json()["kept_in"]
    bad = client.post(f"/api/decks/{copied.json()['id']}/delete", json={"revision": "x", "purge": "yes"})
    assert bad.status_code == 400 and "give true or false" in bad.json()["error"]["message"]
