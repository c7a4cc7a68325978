"""Saved decks under concurrency, at the decks folder's boundary, and beside bad files (issue 26).

With real threads (two clients of the live ASGI app, each its own session, adding different
cards to one deck at once through the editor's forms) and real processes (workers of
``multiprocessing`` calling the service's save function): every addition answered as
applied is in the deck, every other was refused with 409 "the deck changed; reload", and
the index lists every version. A deck entry that is a symbolic link is refused by ``mythos
deck save`` (a real process), the web editor and the API, and what it points to is left
as it was. One bad file (a JSON array, a file cut short, bytes that are not UTF-8, a FIFO)
never hides the other decks and is never kept as a version.

``tools/reliability_trials.py --decks`` repeats the concurrent saves many times over.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from support.html import parse_html, select, select_one

from deckbuilder import service
from deckbuilder.library import DeckChangedError, DeckLibrary
from deckbuilder.paths import catalog_data_dir
from deckbuilder.web.app import Settings, create_app

EXAMPLE_DECK = catalog_data_dir() / "sample" / "example-deck.txt"
BASE = "http://127.0.0.1:8000"
REPO = Path(__file__).resolve().parents[1]

needs_symlinks = pytest.mark.skipif(
    not hasattr(os, "symlink") or os.name == "nt", reason="symbolic links need privileges on Windows"
)


@pytest.fixture(scope="module")
def sample_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("sample") / "catalog.sqlite"
    service.open_catalog(path)[0].close()
    return path


@pytest.fixture()
def catalog(sample_db):
    opened, _ = service.open_catalog(sample_db)
    yield opened
    opened.close()


@pytest.fixture()
def decks(tmp_path) -> Path:
    return tmp_path / "decks"


def card_keys(catalog, how_many: int) -> list[str]:
    """Gets the keys of ``how_many`` cards of different titles, none an Investigator (one
    replaces another), in a fixed order."""
    seen: dict[str, str] = {}
    for card in sorted(catalog.all_cards(), key=lambda c: c.key):
        if card.type is not None and card.type.value != "Investigator" and card.title not in seen:
            seen[card.title] = card.key
    keys = list(seen.values())
    assert len(keys) >= how_many
    return keys[:how_many]


def keys_in(catalog, decks: Path, deck_id: str, *, draft: bool = False) -> set[str]:
    deck = service.load_saved_deck(catalog, decks, deck_id, draft=draft)
    return {e.card.key for e in deck.deck.entries}


def assert_history_whole(decks: Path, deck_id: str, versions: int) -> None:
    """Checks that the deck has ``versions`` version files, numbered 1..N, that its index
    lists each of them, that no two in a row are the same, and that no temporary file is left."""
    history = decks / ".history" / deck_id
    files = sorted(int(p.stem) for p in history.glob("[0-9]*.json"))
    assert files == list(range(1, versions + 1))
    index = json.loads((history / "index.json").read_text(encoding="utf-8"))
    assert [v["version"] for v in index["versions"]] == files
    texts = [(history / f"{n:04d}.json").read_bytes() for n in files]
    assert all(a != b for a, b in zip(texts, texts[1:]))
    assert [p.name for p in decks.rglob("*.tmp")] == []


def new_empty_deck(catalog, decks: Path, name: str = "Crowded") -> str:
    return service.save_deck(catalog, decks, service.new_deck(catalog, name)).id


# --------------------------------------------------------------------------------------
# two clients of the live app, in threads


class Client:
    """One player's browser, in a thread of its own: its own session, the editor's forms."""

    def __init__(self, app, deck_id: str) -> None:
        self.http = TestClient(app, base_url=BASE, follow_redirects=False)
        self.deck_id = deck_id
        self.statuses: list[int] = []
        self.saved: list[int] = []  # the versions its saves made

    def form(self) -> dict[str, str]:
        page = self.http.get(f"/decks/{self.deck_id}")
        assert page.status_code == 200, page.text[:300]
        csrf = re.search(r'<meta name="csrf-token" content="([^"]+)"', page.text)[1]
        revision = re.search(r'name="revision" value="([0-9a-f]+)"', page.text)[1]
        return {"csrf": csrf, "revision": revision}

    def post(self, action: str, fields: dict[str, str]) -> int:
        answer = self.http.post(f"/decks/{self.deck_id}/{action}", data={**self.form(), **fields})
        self.statuses.append(answer.status_code)
        if answer.status_code == 409:
            assert "the deck changed; reload" in select_one(parse_html(answer.text), "#deck-head .error").text()
        made = re.search(r"\?saved=(\d+)$", answer.headers.get("location", ""))
        if made:
            self.saved.append(int(made[1]))
        return answer.status_code


def test_two_clients_adding_different_cards_at_once_lose_nothing(catalog, sample_db, decks):
    deck_id = new_empty_deck(catalog, decks)
    app = create_app(Settings(db=sample_db, decks=decks, collection=decks.parent / "collection.json"))
    keys = card_keys(catalog, 24)
    clients = [Client(app, deck_id), Client(app, deck_id)]
    applied: list[list[str]] = [[], []]
    failures: list[BaseException] = []

    def play(n: int) -> None:
        try:
            for i, key in enumerate(keys[n::2]):
                for _attempt in range(50):
                    status = clients[n].post("cards", {"card": key, "count": "1"})
                    if status == 303:
                        applied[n].append(key)
                        break
                if i % 4 == 3:  # now and then, a save too
                    clients[n].post("save", {})
        except BaseException as exc:  # shown by the main thread
            failures.append(exc)

    threads = [threading.Thread(target=play, args=(n,)) for n in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert not any(t.is_alive() for t in threads), "a client hung"
    assert failures == []
    statuses = [s for c in clients for s in c.statuses]
    assert set(statuses) <= {303, 409}  # applied or refused: never a 500, never lost
    assert sorted(applied[0] + applied[1]) == sorted(keys)  # each retried until applied
    assert keys_in(catalog, decks, deck_id, draft=True) == set(keys)
    # Every save answered "saved as version N" made version N; the index lists them all, and no other.
    assert clients[0].post("save", {}) == 303
    made = sorted(clients[0].saved + clients[1].saved)
    assert made == list(range(2, 2 + len(made)))
    assert keys_in(catalog, decks, deck_id) == set(keys)
    assert_history_whole(decks, deck_id, 1 + len(made))


def test_a_change_made_against_an_old_revision_is_refused_with_409_and_nothing_changes(catalog, sample_db, decks):
    deck_id = new_empty_deck(catalog, decks)
    app = create_app(Settings(db=sample_db, decks=decks, collection=decks.parent / "collection.json"))
    first, second = card_keys(catalog, 2)
    player = Client(app, deck_id)
    stale = player.form()
    assert player.post("cards", {"card": first, "count": "1"}) == 303
    before = service.deck_library(decks).revision(deck_id)
    for action, fields in (
        ("cards", {"card": second, "count": "1"}),
        ("save", {}),
        ("discard", {}),
        ("rename", {"name": "Renamed"}),
        ("play", {"format": "campaign"}),
    ):
        answer = player.http.post(f"/decks/{deck_id}/{action}", data={**stale, **fields})
        assert answer.status_code == 409, action
        assert "the deck changed; reload" in select_one(parse_html(answer.text), "#deck-head .error").text()
        assert service.deck_library(decks).revision(deck_id) == before, action
    assert keys_in(catalog, decks, deck_id, draft=True) == {first}
    answer = player.http.post(f"/decks/{deck_id}/cards", data={"csrf": stale["csrf"], "card": second, "count": "1"})
    assert answer.status_code == 400 and "reload the page" in answer.text


def test_the_api_changes_a_deck_against_its_revision_and_refuses_an_old_one(catalog, sample_db, decks):
    deck_id = new_empty_deck(catalog, decks)
    client = TestClient(create_app(Settings(db=sample_db, decks=decks)), base_url=BASE)
    first, second = card_keys(catalog, 2)
    revision = client.get(f"/api/decks/{deck_id}").json()["revision"]
    answer = client.post(f"/api/decks/{deck_id}/cards", json={"card": first, "count": 1, "revision": revision})
    assert answer.status_code == 200 and answer.json()["draft"] is True
    again = client.post(f"/api/decks/{deck_id}/cards", json={"card": second, "count": 1, "revision": revision})
    assert again.status_code == 409
    assert again.json()["error"]["kind"] == "deck-changed"
    assert again.json()["error"]["message"].startswith("the deck changed; reload")
    saved = client.post(f"/api/decks/{deck_id}/save", json={"revision": answer.json()["revision"]})
    assert saved.status_code == 200 and saved.json()["versions"] == 2 and saved.json()["unchanged"] is False
    same = client.post(f"/api/decks/{deck_id}/save", json={"revision": saved.json()["revision"]})
    assert same.json()["versions"] == 2 and same.json()["unchanged"] is True  # no identical version
    missing = client.post(f"/api/decks/{deck_id}/save", json={})
    assert missing.status_code == 400 and "revision" in missing.json()["error"]["message"]


# --------------------------------------------------------------------------------------
# processes calling the service's save function


def _adding_process(db: str, decks: str, deck_id: str, keys: list[str]) -> tuple[list[str], int, int]:
    """Adds each card to the saved deck, a save each, retrying a refused save with the deck as
    it now is; gets (cards applied, saves refused, versions the answers named)."""
    from deckbuilder import service
    from deckbuilder.library import DeckChangedError

    catalog, _ = service.open_catalog(db)
    applied, refused, versions = [], 0, set()
    try:
        for key in keys:
            for _attempt in range(200):
                saved = service.saved_deck(decks, deck_id)  # the revision first, then the deck it stands for
                deck = service.load_saved_deck(catalog, decks, deck_id)
                changed = service.edit_deck(catalog, deck, key, count=1)
                try:
                    done = service.save_deck(catalog, decks, changed, deck_id=deck_id, revision=saved.revision)
                except DeckChangedError:
                    refused += 1
                    continue
                applied.append(key)
                versions.add(done.latest.number)
                break
    finally:
        catalog.close()
    return applied, refused, len(versions)


def test_processes_saving_one_deck_at_once_keep_every_card_and_version(catalog, sample_db, decks):
    deck_id = new_empty_deck(catalog, decks)
    keys = card_keys(catalog, 24)
    workers = 4
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        results = pool.starmap(
            _adding_process, [(str(sample_db), str(decks), deck_id, keys[n::workers]) for n in range(workers)]
        )
    applied = [k for r in results for k in r[0]]
    assert sorted(applied) == sorted(keys)
    assert keys_in(catalog, decks, deck_id) == set(keys)
    assert sum(r[2] for r in results) == len(keys)  # each applied save answered a version of its own
    assert_history_whole(decks, deck_id, 1 + len(keys))


def test_saves_without_a_revision_are_one_at_a_time_and_every_one_is_a_version(catalog, decks):
    """Saves that carry no revision (``deck save --id``) replace the deck one after another;
    each is kept as a version, none is lost, none written twice."""
    deck_id = new_empty_deck(catalog, decks)
    keys = card_keys(catalog, 16)
    errors: list[BaseException] = []
    # The texts are made first, in this thread (an open catalog stays in the thread that opened it).
    texts = {
        key: service.deck_text(
            catalog, service.edit_deck(catalog, service.new_deck(catalog, "Crowded"), key, count=1), "json"
        )
        for key in keys
    }
    library = DeckLibrary(decks)

    def save_text(key: str) -> None:
        try:
            library.save(deck_id, texts[key])
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=save_text, args=(k,)) for k in keys]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert errors == []
    assert_history_whole(decks, deck_id, 1 + len(keys))
    kept = {
        (decks / ".history" / deck_id / f"{n:04d}.json").read_text(encoding="utf-8") for n in range(2, len(keys) + 2)
    }
    assert kept == set(texts.values())


def test_saving_what_is_already_saved_adds_no_version_and_says_so(catalog, decks, sample_db):
    saved = service.save_deck(catalog, decks, service.load_deck_file(catalog, EXAMPLE_DECK))
    again = service.save_deck(catalog, decks, service.load_deck_file(catalog, EXAMPLE_DECK), deck_id=saved.id)
    assert again.unchanged and len(again.versions) == 1
    result = mythos_process("deck", "save", str(EXAMPLE_DECK), "--id", saved.id, db=sample_db, decks=decks)
    assert result.returncode == 0
    assert result.stdout.startswith(f"unchanged: {saved.id} is already as version 1 (60 cards); no version added")


def test_a_stale_revision_is_refused_by_the_service_before_anything_is_written(catalog, decks):
    deck_id = new_empty_deck(catalog, decks)
    first, second = card_keys(catalog, 2)
    old = service.saved_deck(decks, deck_id).revision
    deck = service.load_saved_deck(catalog, decks, deck_id)
    service.save_deck(catalog, decks, service.edit_deck(catalog, deck, first, count=1), deck_id=deck_id, revision=old)
    with pytest.raises(DeckChangedError, match="the deck changed; reload"):
        service.save_deck(
            catalog, decks, service.edit_deck(catalog, deck, second, count=1), deck_id=deck_id, revision=old
        )
    assert keys_in(catalog, decks, deck_id) == {first}
    assert_history_whole(decks, deck_id, 2)


# --------------------------------------------------------------------------------------
# the decks folder is a boundary


def mythos_process(*args: str, db: Path, decks: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "MYTHOS_DB": str(db), "MYTHOS_DECKS": str(decks), "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "deckbuilder", *args], capture_output=True, text=True, env=env, timeout=120
    )


#: Each entry of a saved deck made a symbolic link to a file or folder outside the decks folder.
LINKED_ENTRIES = ["deck file", "history folder", "index", "draft"]


def link_entry(decks: Path, deck_id: str, entry: str, outside: Path) -> Path:
    """Replaces one entry of a saved deck with a symbolic link to a copy outside the decks
    folder; gets what the link points to."""
    import shutil

    path = {
        "deck file": decks / f"{deck_id}.json",
        "history folder": decks / ".history" / deck_id,
        "index": decks / ".history" / deck_id / "index.json",
        "draft": decks / ".drafts" / f"{deck_id}.json",
    }[entry]
    target = outside / f"target-{entry.replace(' ', '-')}"
    if path.is_dir():
        shutil.copytree(path, target)
        shutil.rmtree(path)
    else:
        if path.exists():
            shutil.copyfile(path, target)
            path.unlink()
        else:
            target.write_bytes((decks / f"{deck_id}.json").read_bytes())  # a draft the same as the deck
        path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(target, target_is_directory=target.is_dir())
    return target


def snapshot(target: Path) -> dict[str, bytes]:
    files = [target] if target.is_file() else sorted(p for p in target.rglob("*") if p.is_file())
    return {str(p): p.read_bytes() for p in files}


@needs_symlinks
@pytest.mark.parametrize("entry", LINKED_ENTRIES)
def test_a_symlinked_deck_entry_is_refused_by_the_cli_the_editor_and_the_api(entry, catalog, sample_db, tmp_path):
    decks = tmp_path / "decks"
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    saved = service.save_deck(catalog, decks, service.load_deck_file(catalog, EXAMPLE_DECK))
    if entry == "draft":
        (decks / ".drafts").mkdir()
    target = link_entry(decks, saved.id, entry, outside)
    secret = outside / "secret.txt"
    secret.write_text("not a deck: a file of the player's that must stay as it is\n", encoding="utf-8")
    before = {**snapshot(target), **snapshot(secret)}
    history_before = sorted(p.name for p in (decks / ".history").rglob("*"))

    # mythos deck save, a real process
    smaller = tmp_path / "smaller.txt"
    smaller.write_text(
        EXAMPLE_DECK.read_text(encoding="utf-8").replace("4 Serpent People", "1 Serpent People"), encoding="utf-8"
    )
    result = mythos_process("deck", "save", str(smaller), "--id", saved.id, db=sample_db, decks=decks)
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("Error: ")
    assert "symbolic link" in result.stderr and "Traceback" not in result.stderr

    # the web editor: the page, a change, a save
    browser = TestClient(create_app(Settings(db=sample_db, decks=decks)), base_url=BASE)
    page = browser.get(f"/decks/{saved.id}")
    assert page.status_code == 403
    assert select_one(parse_html(page.text), ".error").attrs["data-kind"] == "deck-boundary"
    listing = browser.get("/decks")
    csrf = re.search(r'<meta name="csrf-token" content="([^"]+)"', listing.text)[1]
    for action, fields in (("cards", {"card": "747", "change": "1"}), ("save", {}), ("play", {"format": "campaign"})):
        answer = browser.post(f"/decks/{saved.id}/{action}", data={"csrf": csrf, "revision": "0" * 16, **fields})
        assert answer.status_code == 403, (action, answer.status_code)
    assert [li.attrs["data-deck"] for li in select(parse_html(listing.text), ".unreadable li")] == [saved.id]

    # the API
    for method, url, body in (
        ("GET", f"/api/decks/{saved.id}", None),
        ("POST", f"/api/decks/{saved.id}/cards", {"card": "747", "change": 1, "revision": "x"}),
        ("POST", f"/api/decks/{saved.id}/save", {"revision": "x"}),
    ):
        answer = browser.request(method, url, json=body)
        assert answer.status_code == 403, (url, answer.status_code)
        assert answer.json()["error"]["kind"] == "deck-boundary"
    listed = browser.get("/api/decks").json()
    assert [(d["id"], "symbolic link" in (d["unreadable"] or "")) for d in listed] == [(saved.id, True)]

    # the link and what it points to are as they were; nothing of it was copied into history
    assert {**snapshot(target), **snapshot(secret)} == before
    link = {
        "deck file": decks / f"{saved.id}.json",
        "history folder": decks / ".history" / saved.id,
        "index": decks / ".history" / saved.id / "index.json",
        "draft": decks / ".drafts" / f"{saved.id}.json",
    }[entry]
    assert link.is_symlink()
    if entry != "history folder":
        assert sorted(p.name for p in (decks / ".history").rglob("*")) == history_before


@needs_symlinks
def test_a_symlinked_version_is_shown_unreadable_and_never_followed(catalog, decks, tmp_path):
    saved = service.save_deck(catalog, decks, service.load_deck_file(catalog, EXAMPLE_DECK))
    outside = tmp_path / "outside.json"
    outside.write_bytes((decks / f"{saved.id}.json").read_bytes())
    version = decks / ".history" / saved.id / "0001.json"
    version.unlink()
    version.symlink_to(outside)
    history = service.deck_history(decks, saved.id)
    assert [v.unreadable is not None for v in history.deck.versions] == [True]
    assert "symbolic link" in history.changes[0].summary()


def test_an_id_that_would_lead_out_is_not_a_deck(sample_db, decks):
    client = TestClient(create_app(Settings(db=sample_db, decks=decks)), base_url=BASE)
    for url in ("/api/decks/..%2Fsecret", "/api/decks/..", "/decks/..%2F..%2Fetc%2Fpasswd"):
        answer = client.get(url)
        assert answer.status_code == 404, url
    result = mythos_process("deck", "save", str(EXAMPLE_DECK), "--id", "../escape", db=sample_db, decks=decks)
    assert result.returncode == 2 and 'no saved deck "../escape"' in result.stderr
    assert not (decks.parent / "escape.json").exists()


# --------------------------------------------------------------------------------------
# one bad file never takes the others down


BAD_FILES = {
    "array": b"[1, 2, 3]\n",
    "truncated": None,  # the example deck cut short
    "latin": b'{"format": "mythos-deck", "name": "Caf\xe9"}',
}


def write_bad_files(decks: Path) -> None:
    for name, data in BAD_FILES.items():
        if data is None:
            whole = next(decks.glob("dark-horse*.json")).read_bytes()
            data = whole[: len(whole) // 2]
        (decks / f"{name}.json").write_bytes(data)
    if hasattr(os, "mkfifo"):
        os.mkfifo(decks / "pipe.json")  # would block a plain open(); refused at once


def test_deck_list_the_page_and_the_api_list_every_readable_deck_and_name_the_others(catalog, decks, sample_db):
    saved = service.save_deck(catalog, decks, service.load_deck_file(catalog, EXAMPLE_DECK))
    other = new_empty_deck(catalog, decks, "Zebra")
    write_bad_files(decks)
    bad = sorted([*BAD_FILES, *(["pipe"] if hasattr(os, "mkfifo") else [])])

    result = mythos_process("deck", "list", db=sample_db, decks=decks)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines[2:4]] == [saved.id, other]
    assert [
        re.match(r"unreadable: \S*/([a-z0-9-]+)\.json", line)[1] for line in lines if line.startswith("unreadable")
    ] == bad
    listed = json.loads(mythos_process("deck", "list", "--json", db=sample_db, decks=decks).stdout)
    assert [(d["id"], d["unreadable"] is None) for d in listed] == [
        (saved.id, True),
        (other, True),
        *((b, False) for b in bad),
    ]

    client = TestClient(create_app(Settings(db=sample_db, decks=decks)), base_url=BASE)
    assert client.get("/api/decks").json() == listed
    dom = parse_html(client.get("/decks").text)
    assert [r.attrs["data-deck"] for r in select(dom, "table.decks tbody tr")] == [saved.id, other]
    assert [li.attrs["data-deck"] for li in select(dom, ".unreadable li")] == bad
    assert "not UTF-8" in select(dom, ".unreadable li")[bad.index("latin")].text()
    for name in bad:  # left as they were
        path = decks / f"{name}.json"
        assert path.is_fifo() if name == "pipe" else path.read_bytes() == (BAD_FILES[name] or path.read_bytes())


@pytest.mark.parametrize("bad", ["array", "truncated", "latin"])
def test_a_deck_file_that_is_not_a_deck_is_never_kept_as_a_version(bad, catalog, decks, sample_db):
    saved = service.save_deck(catalog, decks, service.load_deck_file(catalog, EXAMPLE_DECK))
    data = BAD_FILES[bad] or saved.path.read_bytes()[:200]
    saved.path.write_bytes(data)
    result = mythos_process("deck", "save", str(EXAMPLE_DECK), "--id", saved.id, db=sample_db, decks=decks)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "not a saved deck" in result.stderr and "left as it is" in result.stderr
    assert saved.path.read_bytes() == data
    assert sorted(p.name for p in (decks / ".history" / saved.id).glob("[0-9]*.json")) == ["0001.json"]


def test_history_shows_a_bad_version_as_unreadable_and_goes_on(catalog, decks, sample_db):
    deck = service.load_deck_file(catalog, EXAMPLE_DECK)
    saved = service.save_deck(catalog, decks, deck)
    second = service.save_deck(catalog, decks, service.edit_deck(catalog, deck, "Mugging", count=0), deck_id=saved.id)
    version = decks / ".history" / saved.id / "0002.json"
    version.write_bytes(version.read_bytes()[:150])  # cut short
    third = service.save_deck(catalog, decks, service.edit_deck(catalog, deck, "Blackout", change=1), deck_id=saved.id)
    # The deck file (as version 2 was) differs from the broken version 2: it is kept again, as 3.
    assert [v.number for v in third.versions] == [1, 2, 3, 4] and second.latest.number == 2
    result = mythos_process("deck", "history", saved.id, db=sample_db, decks=decks)
    assert result.returncode == 0, result.stderr
    rows = result.stdout.splitlines()[1:]
    assert "unreadable: not valid JSON" in rows[1]
    assert rows[2].endswith("-2 Mugging") and rows[3].endswith("+1 Blackout, +2 Mugging")
    doc = json.loads(mythos_process("deck", "history", saved.id, "--json", db=sample_db, decks=decks).stdout)
    assert [v["unreadable"] is not None for v in doc["versions"]] == [False, True, False, False]
    client = TestClient(create_app(Settings(db=sample_db, decks=decks)), base_url=BASE)
    page = client.get(f"/decks/{saved.id}/history")
    assert page.status_code == 200
    dom = parse_html(page.text)
    assert [li.attrs["data-version"] for li in select(dom, "ol.versions li.unreadable")] == ["2"]
    assert "Version 3 (58 cards) → Version 4 (61 cards)" in select_one(dom, "#h-diff").text()
