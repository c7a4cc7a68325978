"""Nothing lost, nothing cryptic (issue 13): the tool tried as a hostile or careless user would.

Each test runs the real ``mythos`` command (in a subprocess where processes, pipes or
users matter) and checks what a user would notice: the exit code, one ``Error:`` line and
no traceback, and the catalog and files as they were. The card files here are our own
small invented sets, so these tests need no third-party data.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckbuilder.cli import app

runner = CliRunner()
ENV_KEYS = ("MYTHOS_DB", "MYTHOS_DECKS", "MYTHOS_COLLECTION")


def mythos(*args: str, env: dict[str, str] | None = None):
    """Runs mythos in this process (CliRunner): fast, for what needs no real process."""
    return runner.invoke(app, list(args), env=env)


def run(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None, user: int | None = None,
        stdin: bytes | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Runs ``python -m deckbuilder ARGS`` as a real process (as ``user`` when given)."""
    full = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "deckbuilder", *args], cwd=cwd, env=full, input=stdin,
                          capture_output=True, timeout=timeout, user=user, **({} if stdin is not None else {"text": True}))


def set_file(folder: Path, name: str, cards: int = 5) -> Path:
    """Writes a small invented GCCG set file of ``cards`` Allies named "NAME Card N"."""
    body = "".join(f'<card name="{name} Card {i}" text="An invented card."><attr key="type" value="Ally"/>'
                   f'<attr key="set" value="{name}"/></card>' for i in range(cards))
    path = folder / f"{name.lower()}.xml"
    path.write_text(f'<?xml version="1.0" encoding="UTF-8"?><ccg-setinfo name="{name}" game="Mythos">'
                    f"<cards>{body}</cards></ccg-setinfo>", encoding="utf-8")
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def set_codes(db: Path) -> set[str]:
    from deckbuilder.catalog.store import Catalog

    with Catalog.open(db) as catalog:
        return set(catalog.counts()["by_set"])


def one_error_line(stderr: str) -> str:
    """Gets the one ``Error:`` line of a failed command, checking there is no traceback."""
    assert "Traceback" not in stderr, stderr
    errors = [line for line in stderr.splitlines() if line.startswith("Error: ")]
    assert len(errors) == 1, stderr
    return errors[0]


# --------------------------------------------------------------------------------------
# Two imports at once: one lock for the whole build-and-swap


def test_two_imports_at_once_keep_both_sets(tmp_path):
    """Both imports print "Catalog built" and both sets are there afterwards (before the
    lock, the second swap dropped the first import's cards in 10 of 10 trials)."""
    a, b = set_file(tmp_path, "Alpha", 3000), set_file(tmp_path, "Beta", 3000)
    db = tmp_path / "catalog.sqlite"
    trials = 3
    for trial in range(trials):
        db.unlink(missing_ok=True)
        procs = [subprocess.Popen([sys.executable, "-m", "deckbuilder", "catalog", "import", str(f), "--db", str(db)],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for f in (a, b)]
        outs = [p.communicate(timeout=300) for p in procs]
        assert [p.returncode for p in procs] == [0, 0], outs
        assert set_codes(db) >= {"ALPHA", "BETA"}, f"trial {trial}: a set was lost"


def _hold_lock(db: Path):
    from filelock import FileLock

    from deckbuilder.catalog.files import lock_path

    lock = FileLock(str(lock_path(db)))
    lock.acquire()
    return lock


def test_an_import_waits_for_the_one_building_and_says_so(tmp_path):
    db = tmp_path / "catalog.sqlite"
    lock = _hold_lock(db)
    try:
        proc = subprocess.Popen([sys.executable, "-m", "deckbuilder", "catalog", "import",
                                 str(set_file(tmp_path, "Alpha")), "--db", str(db)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(3)
        assert proc.poll() is None, "the import did not wait for the lock"
        assert not db.exists()
    finally:
        lock.release()
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert "another import is building this catalog; waiting..." in err
    assert set_codes(db) == {"ALPHA"}


@pytest.mark.parametrize("command", [("catalog", "import", "ALPHA"), ("catalog", "fetch", "--url", "URL")])
def test_no_wait_refuses_while_another_import_builds(tmp_path, command):
    db = tmp_path / "catalog.sqlite"
    runner.invoke(app, ["catalog", "import", str(set_file(tmp_path, "Beta")), "--db", str(db)])
    before = digest(db)
    args = [str(set_file(tmp_path, "Alpha")) if a == "ALPHA" else "http://127.0.0.1:9/Mythos/" if a == "URL" else a
            for a in command]
    lock = _hold_lock(db)
    try:
        result = run(*args, "--db", str(db), "--no-wait", timeout=60)
    finally:
        lock.release()
    assert result.returncode == 2, result.stderr
    assert "another import is building" in one_error_line(result.stderr)
    assert digest(db) == before


def test_searches_during_an_import_see_a_whole_catalog(tmp_path):
    """Readers take no lock: while imports swap catalogs in, every search sees 3000 or 6000 cards."""
    a, b = set_file(tmp_path, "Alpha", 3000), set_file(tmp_path, "Beta", 3000)
    db = tmp_path / "catalog.sqlite"
    assert run("catalog", "import", str(a), "--db", str(db)).returncode == 0
    proc = subprocess.Popen([sys.executable, "-m", "deckbuilder", "catalog", "import", str(b), "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    from deckbuilder.catalog.store import Catalog

    seen = set()
    while proc.poll() is None:
        with Catalog.open(db) as catalog:
            seen.add(catalog.counts()["total"])
    proc.communicate()
    with Catalog.open(db) as catalog:
        seen.add(catalog.counts()["total"])
    assert seen <= {3000, 6000} and 6000 in seen


# --------------------------------------------------------------------------------------
# Leftovers of killed builds


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_an_import_removes_the_leftovers_of_killed_builds(tmp_path):
    db = tmp_path / "catalog.sqlite"
    dead = _dead_pid()
    stale = [tmp_path / f".catalog.sqlite.{dead}.building", tmp_path / f".catalog.sqlite.{dead}.building-journal"]
    live = tmp_path / f".catalog.sqlite.{os.getpid()}.building"  # this test process: alive
    for file in (*stale, live):
        file.write_bytes(b"half a catalog")
    result = run("catalog", "import", str(set_file(tmp_path, "Alpha")), "--db", str(db))
    assert result.returncode == 0, result.stderr
    assert not any(f.exists() for f in stale)
    assert live.exists(), "a build whose process lives was removed"


def test_kill_9_mid_build_leaves_the_old_catalog_and_the_next_import_cleans_up(tmp_path):
    db = tmp_path / "catalog.sqlite"
    assert run("catalog", "import", str(set_file(tmp_path, "Alpha")), "--db", str(db)).returncode == 0
    before = digest(db)
    big = set_file(tmp_path, "Beta", 20000)
    proc = subprocess.Popen([sys.executable, "-m", "deckbuilder", "catalog", "import", str(big), "--db", str(db)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not list(tmp_path.glob(".catalog.sqlite.*.building*")) and time.monotonic() < deadline:
        time.sleep(0.02)
    proc.kill()
    proc.wait()
    assert digest(db) == before
    result = run("catalog", "import", str(set_file(tmp_path, "Gamma")), "--db", str(db))
    assert result.returncode == 0, result.stderr
    assert list(tmp_path.glob(".catalog.sqlite.*")) == []
    assert set_codes(db) == {"ALPHA", "GAMMA"}


# --------------------------------------------------------------------------------------
# A typo in MYTHOS_DB or --db


@pytest.mark.parametrize("how", ["--db", "MYTHOS_DB"])
def test_a_catalog_path_in_a_missing_folder_is_an_error_not_a_fresh_catalog(tmp_path, how):
    wrong = tmp_path / "mythso" / "catalog.sqlite"
    args, env = (["--db", str(wrong)], None) if how == "--db" else ([], {"MYTHOS_DB": str(wrong)})
    result = mythos("search", "t:ally", *args, env=env)
    assert result.exit_code == 2
    line = one_error_line(result.stderr)
    assert str(wrong.parent) in line and "does not exist" in line
    assert not (tmp_path / "mythso").exists()


def test_mythos_db_naming_a_folder_says_so(tmp_path):
    result = mythos("catalog", "info", env={"MYTHOS_DB": str(tmp_path)})
    assert result.exit_code == 2
    line = one_error_line(result.stderr)
    assert "names a folder, not a catalog file" in line and "rebuild" not in line
    assert list(tmp_path.iterdir()) == []


def test_the_default_data_folder_is_made_on_first_use(tmp_path):
    env = {"MYTHOS_DB": "", "XDG_DATA_HOME": str(tmp_path / "data"), "HOME": str(tmp_path)}
    result = run("catalog", "info", env=env)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "data" / "mythos-deckbuilder" / "catalog.sqlite").is_file()


# --------------------------------------------------------------------------------------
# Limits: 20 MB card files (both importers), 5 MB deck files, wherever they are read


def _sparse(path: Path, size: int, head: bytes) -> Path:
    """Writes a file of ``size`` bytes that starts with ``head`` (sparse: costs no disk)."""
    with path.open("wb") as out:
        out.write(head)
        out.truncate(size)
    return path


@pytest.mark.parametrize("head", [b'<?xml version="1.0"?><ccg-setinfo name="Huge"><cards>', b"Name\tSet\tType\n"],
                         ids=["gccg", "lackey"])
@pytest.mark.parametrize("named", [True, False], ids=["file", "folder"])
def test_a_card_file_over_20_mb_is_refused_by_catalog_import(tmp_path, head, named):
    folder = tmp_path / "sets"
    folder.mkdir()
    huge = _sparse(folder / ("huge.xml" if head.startswith(b"<") else "huge.txt"), 200_000_000, head)
    db = tmp_path / "catalog.sqlite"
    started = time.monotonic()
    result = mythos("catalog", "import", str(huge if named else folder), "--db", str(db))
    assert result.exit_code == 2
    line = one_error_line(result.stderr)
    assert "larger than 20 MB" in line and "huge" in line
    assert not db.exists()
    assert time.monotonic() - started < 30  # refused, not read (it took 77 s and 2 GB before)


@pytest.mark.parametrize("command", [("deck", "check", "DECK"), ("deck", "stats", "DECK"),
                                     ("deck", "convert", "DECK", "OUT"), ("deck", "sheet", "DECK"),
                                     ("collection", "import", "DECK")])
def test_a_deck_file_over_5_mb_is_refused(tmp_path, command):
    deck = _sparse(tmp_path / "huge.txt", 50_000_000, b"4 Dark Young\n")
    args = [str(deck) if a == "DECK" else str(tmp_path / "out.json") if a == "OUT" else a for a in command]
    result = mythos(*args, "--db", str(tmp_path / "c.sqlite"),
                    env={"MYTHOS_COLLECTION": str(tmp_path / "collection.json")})
    assert result.exit_code == 2, result.output
    assert "larger than 5 MB" in one_error_line(result.stderr)
    assert not (tmp_path / "collection.json").exists() and not (tmp_path / "out.json").exists()
