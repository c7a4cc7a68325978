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
from support.cli import mythos
from support.invented import set_file

ENV_KEYS = ("MYTHOS_DB", "MYTHOS_DECKS", "MYTHOS_COLLECTION")


def run(
    *args: str,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    user: int | None = None,
    stdin: bytes | None = None,
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    """Runs ``python -m deckbuilder ARGS`` as a real process (as ``user`` when given)."""
    full = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-P", "-m", "deckbuilder", *args],
        cwd=cwd,
        env=full,
        input=stdin,
        capture_output=True,
        timeout=timeout,
        user=user,
        **({} if stdin is not None else {"text": True}),
    )


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
        procs = [
            subprocess.Popen(
                [sys.executable, "-P", "-m", "deckbuilder", "catalog", "import", str(f), "--db", str(db)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for f in (a, b)
        ]
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
        proc = subprocess.Popen(
            [
                sys.executable,
                "-P",
                "-m",
                "deckbuilder",
                "catalog",
                "import",
                str(set_file(tmp_path, "Alpha")),
                "--db",
                str(db),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
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
    mythos("catalog", "import", str(set_file(tmp_path, "Beta")), "--db", str(db))
    before = digest(db)
    args = [
        str(set_file(tmp_path, "Alpha")) if a == "ALPHA" else "http://127.0.0.1:9/Mythos/" if a == "URL" else a
        for a in command
    ]
    lock = _hold_lock(db)
    try:
        result = run(*args, "--db", str(db), "--no-wait", timeout=60)
    finally:
        lock.release()
    assert result.returncode == 2, result.stderr
    assert "another import is building" in one_error_line(result.stderr)
    assert digest(db) == before


def test_the_build_lock_excludes_filelock_and_another_thread_both_ways(tmp_path):
    # Issue 28: the build lock is taken with flock where filelock would take it, so a holder of
    # either kind (an older mythos, the saved decks' filelock) excludes the other, and two
    # builds of one process (the web builder's threads) wait for each other.
    import threading

    from filelock import FileLock, Timeout

    from deckbuilder.catalog.files import CatalogBusyError, catalog_lock, lock_path

    db = tmp_path / "catalog.sqlite"
    with catalog_lock(db):
        with pytest.raises(Timeout):
            FileLock(str(lock_path(db))).acquire(timeout=0)
        with pytest.raises(CatalogBusyError, match="another import is building"), catalog_lock(db, wait=False):
            pass
        taken = threading.Event()

        def build() -> None:
            with catalog_lock(db):
                taken.set()

        other = threading.Thread(target=build)
        other.start()
        assert not taken.wait(1), "another thread took the lock while it was held"
    other.join(timeout=30)
    assert taken.is_set(), "the waiting thread never took the lock once it was free"
    lock = _hold_lock(db)
    try:
        with pytest.raises(CatalogBusyError), catalog_lock(db, wait=False):
            pass
    finally:
        lock.release()
    with catalog_lock(db, wait=False):
        pass


@pytest.mark.skipif(sys.platform == "win32", reason="Windows takes the lock through filelock always")
@pytest.mark.filterwarnings("ignore:flock not supported:UserWarning")
def test_the_build_lock_on_a_file_system_without_flock_is_filelock_s(tmp_path, monkeypatch):
    # Where flock answers ENOSYS, filelock's own fallback lock is taken, as before issue 28.
    import errno
    import fcntl

    from deckbuilder.catalog.files import CatalogBusyError, catalog_lock

    def no_flock(fd: int, operation: int) -> None:
        raise OSError(errno.ENOSYS, "Function not implemented")

    monkeypatch.setattr(fcntl, "flock", no_flock)
    db = tmp_path / "catalog.sqlite"
    with catalog_lock(db), pytest.raises(CatalogBusyError), catalog_lock(db, wait=False):
        pass
    with catalog_lock(db, wait=False):
        pass


def test_searches_during_an_import_see_a_whole_catalog(tmp_path):
    """Readers take no lock: while imports swap catalogs in, every search sees 3000 or 6000 cards."""
    a, b = set_file(tmp_path, "Alpha", 3000), set_file(tmp_path, "Beta", 3000)
    db = tmp_path / "catalog.sqlite"
    assert run("catalog", "import", str(a), "--db", str(db)).returncode == 0
    proc = subprocess.Popen(
        [sys.executable, "-P", "-m", "deckbuilder", "catalog", "import", str(b), "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
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
    proc = subprocess.Popen(
        [sys.executable, "-P", "-m", "deckbuilder", "catalog", "import", str(big), "--db", str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
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


@pytest.mark.parametrize(
    "head", [b'<?xml version="1.0"?><ccg-setinfo name="Huge"><cards>', b"Name\tSet\tType\n"], ids=["gccg", "lackey"]
)
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


@pytest.mark.parametrize(
    "command",
    [
        ("deck", "check", "DECK"),
        ("deck", "stats", "DECK"),
        ("deck", "convert", "DECK", "OUT"),
        ("deck", "sheet", "DECK"),
        ("collection", "import", "DECK"),
    ],
)
def test_a_deck_file_over_5_mb_is_refused(tmp_path, command):
    deck = _sparse(tmp_path / "huge.txt", 50_000_000, b"4 Dark Young\n")
    args = [str(deck) if a == "DECK" else str(tmp_path / "out.json") if a == "OUT" else a for a in command]
    result = mythos(
        *args, "--db", str(tmp_path / "c.sqlite"), env={"MYTHOS_COLLECTION": str(tmp_path / "collection.json")}
    )
    assert result.exit_code == 2, result.output
    assert "larger than 5 MB" in one_error_line(result.stderr)
    assert not (tmp_path / "collection.json").exists() and not (tmp_path / "out.json").exists()


# --------------------------------------------------------------------------------------
# One line, exit 2, nothing touched: hostile card files and searches


@pytest.mark.parametrize(
    ("declaration", "data_encoding", "message"),
    [
        ("x-klingon", "utf-8", "unknown encoding 'x-klingon'"),
        ("UTF-32", "utf-8", "encoding 'utf-32'"),
        ("UTF-16", "utf-8", "encoding 'utf-16'"),
        ("UTF-32", "utf-32", "neither a GCCG set file"),
    ],
)
def test_an_xml_encoding_the_reader_cannot_take_is_one_line(tmp_path, declaration, data_encoding, message):
    db = tmp_path / "catalog.sqlite"
    assert mythos("catalog", "import", str(set_file(tmp_path, "Beta")), "--db", str(db)).exit_code == 0
    before = digest(db)
    bad = tmp_path / "bad.xml"
    bad.write_bytes(
        f'<?xml version="1.0" encoding="{declaration}"?><ccg-setinfo name="A"><cards>'
        '<card name="x"/></cards></ccg-setinfo>'.encode(data_encoding)
    )
    result = mythos("catalog", "import", str(bad), "--db", str(db))
    assert result.exit_code == 2
    assert message in one_error_line(result.stderr)
    assert digest(db) == before


@pytest.mark.parametrize(
    "query",
    [
        "v>99999999999999999999",
        "v>-99999999999999999999",
        "san<=9223372036854775808",
        "edu=1" + "0" * 400,
        "hand>=-9223372036854775809",
    ],
)
def test_a_number_past_64_bits_in_a_search_is_one_line(tmp_path, query):
    db = tmp_path / "catalog.sqlite"
    assert mythos("catalog", "import", str(set_file(tmp_path, "Beta")), "--db", str(db)).exit_code == 0
    result = mythos("search", query, "--db", str(db))
    assert result.exit_code == 2
    assert "whole number" in one_error_line(result.stderr)


def test_the_largest_number_a_search_takes_still_searches(tmp_path):
    db = tmp_path / "catalog.sqlite"
    assert mythos("catalog", "import", str(set_file(tmp_path, "Beta")), "--db", str(db)).exit_code == 0
    result = mythos("search", "v<999999999", "--db", str(db))
    assert result.exit_code in (0, 1) and "Error" not in result.stderr


# --------------------------------------------------------------------------------------
# A closed pipe is a normal end


def test_a_closed_pipe_is_exit_0_with_no_message(tmp_path):
    folder = tmp_path / "sets"
    folder.mkdir()
    db = tmp_path / "catalog.sqlite"
    assert mythos("catalog", "import", str(set_file(folder, "Alpha", 4000)), "--db", str(db)).exit_code == 0
    for args in (["search", "t:ally"], ["search", "t:ally", "--json"]):
        proc = subprocess.Popen(
            [sys.executable, "-P", "-m", "deckbuilder", *args, "--db", str(db)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.readline()  # `| head -1`
        proc.stdout.close()
        err = proc.stderr.read().decode()
        assert proc.wait(timeout=60) == 0, err
        assert err == ""


# --------------------------------------------------------------------------------------
# Permissions: run as an unprivileged user when the tests run as root (as CI does)

_NOBODY = 65534
#: Root without the capabilities that let it ignore permission bits: for files and folders
#: root owns, the owner's bits then hold for it as for anyone (capabilities(7)).
_NO_OVERRIDE = ("--bounding-set=-dac_override,-dac_read_search,-fowner,-chown,-fsetid,-linux_immutable",)


@pytest.fixture
def shared_dir():
    """A temporary folder every user can read (pytest's own is its owner's alone)."""
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="mythos-perm-"))
    folder.chmod(0o755)
    yield folder
    for path in folder.rglob("*"):
        if path.is_dir():
            path.chmod(0o755)
    shutil.rmtree(folder, ignore_errors=True)


def _as_nobody_works(cwd: Path) -> bool:
    """Checks that the unprivileged user can run this Python and import mythos (in CI the
    interpreter may sit in a folder only root can read)."""
    try:
        probe = subprocess.run(
            [sys.executable, "-c", "import deckbuilder.cli, deckbuilder.service, sqlite3, filelock"],
            cwd=cwd,
            capture_output=True,
            timeout=60,
            user=_NOBODY,
            group=_NOBODY,
            extra_groups=[],
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return probe.returncode == 0


@pytest.fixture
def as_user(shared_dir):
    """Runs mythos so that permission bits hold for it: as is, when the tests are not root; as
    root, as the unprivileged user nobody when it can run this Python, else as root stripped
    (by setpriv) of the capabilities that override permission bits. Skips when neither can."""
    import shutil

    prefix: tuple[str, ...] = ()
    user: dict[str, object] = {}
    if not hasattr(os, "geteuid"):
        pytest.skip("permission bits are POSIX's")
    if os.geteuid() == 0:
        import pwd

        try:
            pwd.getpwuid(_NOBODY)
            nobody = _as_nobody_works(shared_dir)
        except KeyError:
            nobody = False
        if nobody:
            user = {"user": _NOBODY, "group": _NOBODY, "extra_groups": []}
        elif shutil.which("setpriv"):
            prefix = (shutil.which("setpriv") or "setpriv", *_NO_OVERRIDE)
        else:
            pytest.skip("running as root with no unprivileged user able to run Python and no setpriv")

    def invoke(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        full = {**os.environ, "HOME": str(shared_dir), **(env or {})}
        return subprocess.run(
            [*prefix, sys.executable, "-P", "-m", "deckbuilder", *args],
            cwd=shared_dir,
            env=full,
            capture_output=True,
            text=True,
            timeout=120,
            **user,
        )  # type: ignore[call-overload]

    probe = invoke("--version")
    if probe.returncode != 0:
        pytest.skip(f"mythos cannot run without privileges here: {probe.stderr.strip()[-200:]}")
    return invoke


def _read_only(folder: Path) -> Path:
    folder.chmod(0o555)
    return folder


@pytest.mark.parametrize("existing", [True, False], ids=["existing catalog", "new catalog"])
def test_catalog_import_into_a_read_only_folder_is_one_line(shared_dir, as_user, existing):
    folder = shared_dir / "ro"
    folder.mkdir()
    db = folder / "catalog.sqlite"
    if existing:
        assert mythos("catalog", "import", str(set_file(shared_dir, "Beta")), "--db", str(db)).exit_code == 0
        db.chmod(0o644)
    before = digest(db) if existing else None
    card_file = set_file(shared_dir, "Alpha")
    card_file.chmod(0o644)
    _read_only(folder)
    result = as_user("catalog", "import", str(card_file), "--db", str(db))
    assert result.returncode == 2, result.stderr
    assert "folder you can write" in one_error_line(result.stderr)
    assert (digest(db) if existing else db.exists()) == (before if existing else False)


@pytest.mark.parametrize("how", ["--db", "MYTHOS_DB"])
def test_a_first_use_in_a_read_only_folder_is_one_line(shared_dir, as_user, how):
    """No catalog there yet: the sample cannot be built, and one line says where to put it."""
    folder = _read_only(shared_dir / "ro") if (shared_dir / "ro").mkdir() is None else shared_dir
    db = folder / "catalog.sqlite"
    args, env = (["--db", str(db)], None) if how == "--db" else ([], {"MYTHOS_DB": str(db)})
    result = as_user("search", "t:ally", *args, env=env)
    assert result.returncode == 2, result.stderr
    assert "folder you can write" in one_error_line(result.stderr)
    assert list(folder.iterdir()) == []


def test_a_catalog_in_a_read_only_folder_can_be_searched(shared_dir, as_user):
    folder = shared_dir / "ro"
    folder.mkdir()
    db = folder / "catalog.sqlite"
    assert mythos("catalog", "import", str(set_file(shared_dir, "Beta")), "--db", str(db)).exit_code == 0
    db.chmod(0o644)
    _read_only(folder)
    result = as_user("search", "t:ally", "--db", str(db))
    assert result.returncode == 0, result.stderr
    assert "7 cards" in result.stdout or "5 cards" in result.stdout


def test_home_not_writable_is_one_line(shared_dir, as_user):
    home = _read_only(shared_dir / "home") if (shared_dir / "home").mkdir() is None else None
    assert home is not None
    result = as_user("search", "t:ally", env={"HOME": str(home), "MYTHOS_DB": "", "XDG_DATA_HOME": ""})
    assert result.returncode == 2, result.stderr
    line = one_error_line(result.stderr)
    assert "cannot make the data folder" in line and "MYTHOS_DB" in line


def _deck_setup(shared_dir: Path) -> tuple[Path, Path, Path]:
    """A catalog of the Alpha set (readable to all) and a read-only folder holding a deck."""
    db = shared_dir / "catalog.sqlite"
    assert mythos("catalog", "import", str(set_file(shared_dir, "Alpha")), "--db", str(db)).exit_code == 0
    db.chmod(0o644)
    folder = shared_dir / "ro"
    folder.mkdir()
    deck = folder / "deck.txt"
    deck.write_text("# my deck\n4 alpha card 1\n", encoding="utf-8")
    deck.chmod(0o644)
    _read_only(folder)
    return db, folder, deck


def test_deck_convert_into_a_folder_it_cannot_write_is_one_line(shared_dir, as_user):
    db, folder, deck = _deck_setup(shared_dir)
    result = as_user("deck", "convert", str(deck), str(folder / "deck.json"), "--db", str(db))
    assert result.returncode == 2, result.stderr
    assert "cannot be written (Permission denied)" in one_error_line(result.stderr)
    assert sorted(p.name for p in folder.iterdir()) == ["deck.txt"]


def test_fix_in_a_folder_it_cannot_write_leaves_the_deck_as_it_was(shared_dir, as_user):
    db, folder, deck = _deck_setup(shared_dir)
    result = as_user("deck", "check", str(deck), "--fix", "--db", str(db))
    assert result.returncode == 2, result.stderr
    assert "the file is unchanged" in one_error_line(result.stderr)
    assert deck.read_text(encoding="utf-8") == "# my deck\n4 alpha card 1\n"


# --------------------------------------------------------------------------------------
# Deck files as people have them


@pytest.fixture
def alpha_db(tmp_path) -> Path:
    """A catalog of the invented Alpha set (Alpha Card 0 to 4)."""
    db = tmp_path / "catalog.sqlite"
    assert mythos("catalog", "import", str(set_file(tmp_path, "Alpha")), "--db", str(db)).exit_code == 0
    return db


def _cards(db: Path, deck: Path) -> dict[str, int]:
    import json

    result = mythos("deck", "convert", str(deck), str(deck.with_name(deck.name + ".out.json")), "--db", str(db))
    assert result.exit_code == 0, result.output
    doc = json.loads(deck.with_name(deck.name + ".out.json").read_text(encoding="utf-8"))
    return {entry["title"]: entry["count"] for entry in doc["cards"]}


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le-bom", "utf-16-be-bom", "utf-8-sig", "utf-32"])
def test_a_deck_file_with_a_byte_order_mark_reads_like_utf8(tmp_path, alpha_db, encoding):
    import codecs

    text = "# Notepad's \u201cUnicode\u201d\r\n4 Alpha Card 1\r\n2 Alpha Card 2\r\n"
    data = {
        "utf-16-le-bom": codecs.BOM_UTF16_LE + text.encode("utf-16-le"),
        "utf-16-be-bom": codecs.BOM_UTF16_BE + text.encode("utf-16-be"),
    }.get(encoding) or text.encode(encoding)
    deck = tmp_path / "deck.txt"
    deck.write_bytes(data)
    assert _cards(alpha_db, deck) == {"Alpha Card 1": 4, "Alpha Card 2": 2}
    result = mythos("deck", "stats", str(deck), "--db", str(alpha_db))
    assert "not UTF-8" not in result.stderr


@pytest.mark.parametrize("kind", ["png", "zip", "elf"])
def test_a_binary_file_is_not_a_text_deck_file(tmp_path, alpha_db, kind):
    import zipfile

    deck = tmp_path / "deck.txt"
    if kind == "zip":
        with zipfile.ZipFile(deck, "w") as archive:
            archive.writestr("deck.txt", "4 Alpha Card 1\n" * 50)
    else:
        head = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" if kind == "png" else b"\x7fELF\x02\x01\x01\x00"
        deck.write_bytes(head + bytes(range(256)) * 8)
    result = mythos("deck", "check", str(deck), "--db", str(alpha_db))
    assert result.exit_code == 2
    line = one_error_line(result.stderr)
    assert "not a text deck file" in line and "could not be read" not in line


@pytest.mark.parametrize("content", [b"", b"\n\n  \r\n", b"\xef\xbb\xbf"])
def test_an_empty_deck_file_is_no_cards_exit_2(tmp_path, alpha_db, content):
    deck = tmp_path / "deck.txt"
    deck.write_bytes(content)
    result = mythos("deck", "check", str(deck), "--db", str(alpha_db))
    assert result.exit_code == 2
    assert "no cards" in one_error_line(result.stderr)


# --------------------------------------------------------------------------------------
# Never clobber


def _alpha_deck(folder: Path) -> Path:
    deck = folder / "deck.txt"
    deck.write_text("4 Alpha Card 1\n", encoding="utf-8")
    return deck


def test_deck_convert_refuses_to_overwrite_unless_forced(tmp_path, alpha_db):
    deck = _alpha_deck(tmp_path)
    target = tmp_path / "deck.json"
    target.write_text("my notes, not a deck", encoding="utf-8")
    result = mythos("deck", "convert", str(deck), str(target), "--db", str(alpha_db))
    assert result.exit_code == 2
    assert "exists; add --force" in one_error_line(result.stderr)
    assert target.read_text(encoding="utf-8") == "my notes, not a deck"
    result = mythos("deck", "convert", str(deck), str(target), "--force", "--db", str(alpha_db))
    assert result.exit_code == 0, result.output
    assert '"Alpha Card 1"' in target.read_text(encoding="utf-8")


@pytest.mark.parametrize("how", ["same path", "symlink", "dot path"])
def test_deck_convert_never_overwrites_its_input_even_forced(tmp_path, alpha_db, how):
    deck = _alpha_deck(tmp_path)
    target = {"same path": deck, "dot path": tmp_path / "." / "deck.txt"}.get(how)
    if target is None:
        target = tmp_path / "link.txt"
        target.symlink_to(deck)
    result = mythos("deck", "convert", str(deck), str(target), "--to", "json", "--force", "--db", str(alpha_db))
    assert result.exit_code == 2
    assert "that is the file being read" in one_error_line(result.stderr)
    assert deck.read_text(encoding="utf-8") == "4 Alpha Card 1\n"


@pytest.mark.parametrize("option", ["-o", "--pdf"])
def test_deck_sheet_refuses_to_overwrite_a_named_file_unless_forced(tmp_path, alpha_db, option):
    deck = _alpha_deck(tmp_path)
    target = tmp_path / ("mine.html" if option == "-o" else "mine.pdf")
    target.write_bytes(b"my own file")
    result = mythos("deck", "sheet", str(deck), option, str(target), "--db", str(alpha_db))
    assert result.exit_code == 2
    assert "exists; add --force" in one_error_line(result.stderr)
    assert target.read_bytes() == b"my own file"
    assert not (tmp_path / "deck.html").exists()


def test_deck_sheet_writes_its_own_default_sheet_again(tmp_path, alpha_db):
    deck = _alpha_deck(tmp_path)
    for _ in range(2):
        result = mythos("deck", "sheet", str(deck), "--db", str(alpha_db))
        assert result.exit_code == 0, result.output
    assert (tmp_path / "deck.html").is_file()


def test_a_failed_pdf_still_writes_the_html_asked_for(tmp_path, alpha_db):
    deck = _alpha_deck(tmp_path)
    chromium = tmp_path / "broken-chromium"
    chromium.write_text("#!/bin/sh\necho 'cannot open display' >&2\nexit 3\n")
    chromium.chmod(0o755)
    result = mythos(
        "deck",
        "sheet",
        str(deck),
        "-o",
        str(tmp_path / "s.html"),
        "--pdf",
        str(tmp_path / "s.pdf"),
        "--db",
        str(alpha_db),
        env={"MYTHOS_CHROMIUM": str(chromium)},
    )
    assert result.exit_code == 2
    assert "cannot open display" in one_error_line(result.stderr)
    assert "<html" in (tmp_path / "s.html").read_text(encoding="utf-8").lower()
    assert not (tmp_path / "s.pdf").exists()


def test_fix_writes_through_a_symlink_keeping_mode_and_comments(tmp_path, alpha_db):
    real = tmp_path / "decks" / "real.txt"
    real.parent.mkdir()
    original = (
        "# Alpha rush, by me\r\nDeck\r\n4 alpha  card 1   // the engine\r\n\r\n# the finishers\r\n2 Alpha Card 2\r\n"
    )
    real.write_bytes(original.encode("utf-8"))
    real.chmod(0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    result = mythos("deck", "check", str(link), "--fix", "--db", str(alpha_db))
    assert result.exit_code in (0, 1), result.output
    assert link.is_symlink() and link.resolve() == real
    assert real.read_bytes() == original.replace("alpha  card 1", "Alpha Card 1").encode("utf-8")
    assert (real.stat().st_mode & 0o777) == 0o640
    assert [p.name for p in real.parent.iterdir()] == ["real.txt"]


# --------------------------------------------------------------------------------------
# Fuzz: every parser lets only the project's own errors escape (errors.classify knows
# them: MythosError and the rules core's errors of OUTSIDE_ERRORS), never a traceback.

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


def only_our_errors(parse, *args, **kwargs):
    """Calls a parser; any exception it raises must be one a front end shows as one line."""
    from deckbuilder.errors import classify

    try:
        return parse(*args, **kwargs)
    except Exception as exc:
        failure = classify(exc)
        assert failure is not None, f"{type(exc).__name__} escaped: {exc!r}"
        assert failure.message.isprintable() and failure.exit_code == 2
        return None


_QUERY_WORDS = st.sampled_from(
    [
        "t:ally",
        "v>",
        "v>=5",
        "san<",
        "edu=",
        "hand>13",
        "a:city",
        "-",
        "(",
        ")",
        "OR",
        "and",
        "not",
        '"',
        "dim:",
        "is:unique",
        "1e400",
        "99999999999999999999",
        "é",
        ":",
        "=",
        "<=",
        "!=",
        "pub:x",
        "set:ltd",
        "\x00",
        "\n",
    ]
)
_NUMBER_TERMS = st.builds(
    lambda key, op, n: f"{key}{op}{n}",
    st.sampled_from(["v", "san", "edu", "hand", "value"]),
    st.sampled_from([":", "=", "<", "<=", ">", ">=", "!="]),
    st.integers(min_value=-(2**80), max_value=2**80) | st.sampled_from(["1e400", "-0", "+5"]),
)
_queries = (
    st.text(max_size=60)
    | st.lists(_QUERY_WORDS, max_size=12).map(" ".join)
    | st.lists(_QUERY_WORDS, max_size=12).map("".join)
    | st.lists(_NUMBER_TERMS | _QUERY_WORDS, max_size=4).map(" ".join)
)


@settings(max_examples=400)
@given(_queries)
def test_fuzz_the_search_query(text):
    from deckbuilder.catalog.search import parse_query

    only_our_errors(parse_query, text)


@pytest.fixture(scope="module")
def fuzz_catalog(tmp_path_factory):
    from deckbuilder.catalog.store import Catalog

    folder = tmp_path_factory.mktemp("fuzz")
    db = folder / "catalog.sqlite"
    assert mythos("catalog", "import", str(set_file(folder, "Alpha")), "--db", str(db)).exit_code == 0
    with Catalog.open(db) as catalog:
        yield catalog


@given(_queries)
def test_fuzz_a_search_run_against_a_catalog(fuzz_catalog, text):
    """The query parsed and run as SQL (a number past 64 bits failed only here)."""
    from deckbuilder import service

    search = only_our_errors(service.parse_search, text)
    if search is not None:
        only_our_errors(service.search_cards, fuzz_catalog, search)


_DECK_LINES = st.sampled_from(
    [
        "4 Dark Young",
        "Investigator",
        "Deck",
        "Sideboard",
        "# Deck: x",
        "// c",
        "1 Car (LTD)",
        "2x Mi-Go #2",
        "<deck>",
        "</deck>",
        '<card><name id="x">Car</name><set>L</set></card>',
        '<superzone name="Deck">',
        "</superzone>",
        "{",
        "}",
        '"cards": [',
        "]",
        "0 x",
        "-1 y",
        "99999999999999999999 Dark Young",
        "\t",
        "\ufeff",
        "\x00",
        "* ",
        "Allies (3)",
    ]
)
_deck_texts = st.text(max_size=200) | st.lists(_DECK_LINES, max_size=15).map("\n".join)


@pytest.mark.parametrize("format_name", ["text", "gccg", "lackey", "json", None])
@settings(max_examples=400)
@given(text=_deck_texts)
def test_fuzz_the_deck_readers(format_name, text):
    from deckbuilder.decklists import read_deck

    only_our_errors(read_deck, text, format=format_name)


@settings(max_examples=400)
@given(st.binary(max_size=300) | _deck_texts.map(lambda t: t.encode("utf-16")))
def test_fuzz_deck_bytes_as_uploaded(data):
    from deckbuilder.decklists.deckfile import read_deck_text

    only_our_errors(read_deck_text, data, path="upload.txt", filename="upload.txt")


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
_json_decks = st.fixed_dictionaries(
    {"format": st.just("mythos-deck"), "version": st.sampled_from([1, 2, "1", None])},
    optional={"name": _json, "notes": _json, "investigators": _json, "cards": _json, "sideboard": _json},
)


@settings(max_examples=400)
@given(_json_decks | _json)
def test_fuzz_the_json_deck_reader(doc):
    import json

    from deckbuilder.decklists import read_deck

    only_our_errors(read_deck, json.dumps(doc), format="json")


_RECIPE_BITS = st.sampled_from(
    [
        "2x Location & City",
        "{distinct:subregion}",
        "1x Monster",
        "Adventure: X",
        "points: 5",
        "{limit:1,2}",
        "{limit:0,x}",
        "x",
        "&",
        "|",
        "!",
        "(",
        ")",
        "3x",
        "0x",
        "#",
        ":",
        "subregion",
        "Tome",
        "99999999999999999999x Ally",
        "\n",
    ]
)
_recipes = st.text(max_size=80) | st.lists(_RECIPE_BITS, max_size=10).map(" ".join)


@settings(max_examples=400)
@given(_recipes)
def test_fuzz_the_recipe_notation(text):
    from deckbuilder.rules.adventures.notation import parse_recipe_text, parse_requirement

    only_our_errors(parse_recipe_text, text)
    only_our_errors(parse_requirement, text)


@given(
    st.text(max_size=200)
    | st.builds(
        lambda t, r, n: f'[[recipe]]\ntitle = {t!r}\nrecipe = """{r}"""\n{n}',
        st.text(max_size=10),
        _recipes,
        st.sampled_from(["", "note = 3", "x = 1"]),
    )
)
def test_fuzz_the_recipe_overrides_file(text):
    import tempfile

    from deckbuilder.catalog.importers.recipes import load_recipe_overrides

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "recipes.toml"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")  # a lone surrogate: not UTF-8
        only_our_errors(load_recipe_overrides, path)


_ATTR = st.builds(
    lambda k, v: f'<attr key="{k}" value="{v}"/>',
    st.sampled_from(["type", "set", "value", "san", "private", "public", "gate", "education", "x"]),
    st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters='<&"'), max_size=8),
)
_gccg = st.builds(
    lambda decl, name, attrs, tail: (
        f'{decl}<ccg-setinfo name="{name}"><cards><card name="{name}">' + "".join(attrs) + "</card>" + tail
    ),
    st.sampled_from(
        [
            '<?xml version="1.0"?>',
            '<?xml version="1.0" encoding="latin-1"?>',
            '<?xml version="1.0" encoding="nope"?>',
            "",
            '<!DOCTYPE x [<!ENTITY a "b">]>',
        ]
    ),
    st.sampled_from(["Limited", "", "Promo", "x"]),
    st.lists(_ATTR, max_size=6),
    st.sampled_from(["</cards></ccg-setinfo>", "", "</cards>", "</x>"]),
)


@settings(max_examples=400)
@given(_gccg.map(lambda t: t.encode("utf-8", "surrogatepass")) | st.binary(max_size=200))
def test_fuzz_the_gccg_importer(data):
    from deckbuilder.catalog.importers.gccg import read_gccg_bytes

    only_our_errors(read_gccg_bytes, data, "fuzz.xml")


_HEADER = "Name\tSet\tImage\tType\tAttributes\tValue\tSanity\tText\n"
_lackey = st.lists(
    st.lists(
        st.text(alphabet=st.characters(blacklist_characters="\t\n\r"), max_size=8)
        | st.sampled_from(["Ally", "Location", "Limited", "3", "-2", "{G}", "Arkham"]),
        min_size=0,
        max_size=9,
    ).map("\t".join),
    max_size=6,
).map(lambda rows: _HEADER + "\n".join(rows))


@settings(max_examples=400)
@given(
    _lackey.map(lambda t: t.encode("utf-8", "surrogatepass"))
    | st.binary(max_size=200).map(lambda b: _HEADER.encode() + b)
)
def test_fuzz_the_lackey_importer(data):
    from deckbuilder.catalog.importers.lackey import read_lackey_bytes

    only_our_errors(read_lackey_bytes, data, "fuzz.txt")
