"""``mythos --help`` from the help cache: typer's answer byte for byte, never stale (issue 17)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deckbuilder.cli import helpcache

TYPERS_OWN = "import sys; from deckbuilder.cli.tree import app; app(sys.argv[1:], prog_name='mythos')"


def run(args: list[str], cache: Path, columns: int = 80) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "_MYTHOS_COMPLETE")}
    env.update(XDG_CACHE_HOME=str(cache), COLUMNS=str(columns))
    return subprocess.run([sys.executable, *args], capture_output=True, env=env, cwd=cache.parent)


def mythos_help(cache: Path, option: str = "--help", columns: int = 80) -> bytes:
    done = run(["-m", "deckbuilder", option], cache, columns)
    assert done.returncode == 0 and done.stderr == b"", done.stderr
    return done.stdout


def typers_help(cache: Path, option: str = "--help", columns: int = 80) -> bytes:
    done = run(["-c", TYPERS_OWN, option], cache, columns)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.skipif(sys.platform not in ("linux", "darwin", "win32"), reason="platformdirs' own platforms")
def test_the_cache_folder_is_the_one_platformdirs_names(monkeypatch, tmp_path):
    from platformdirs import user_cache_dir

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert helpcache.cache_folder() == user_cache_dir(helpcache.APP_NAME, appauthor=False)
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert helpcache.cache_folder() == user_cache_dir(helpcache.APP_NAME, appauthor=False)


@pytest.mark.parametrize("columns", [None, "60", "200", "0", "wide"])
def test_the_help_width_is_the_one_click_reads(monkeypatch, columns):
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert helpcache.terminal_columns() == shutil.get_terminal_size().columns


@pytest.mark.parametrize(("option", "columns"), [("--help", 80), ("-h", 80), ("--help", 60)])
def test_the_kept_help_is_typers_byte_for_byte(tmp_path, option, columns):
    cache = tmp_path / "cache"
    own = typers_help(cache, option, columns)
    assert own.startswith(b"Usage: mythos [OPTIONS] COMMAND [ARGS]...")
    assert not (cache / helpcache.APP_NAME / helpcache.HELP_FILE).exists()
    first = mythos_help(cache, option, columns)  # typer answers, and the answer is kept
    assert (cache / helpcache.APP_NAME / helpcache.HELP_FILE).is_file()
    second = mythos_help(cache, option, columns)  # from the cache
    assert first == own and second == own


def test_the_kept_help_is_printed_only_under_its_own_key(tmp_path):
    cache = tmp_path / "cache"
    own = mythos_help(cache)
    kept = cache / helpcache.APP_NAME / helpcache.HELP_FILE
    key, _, text = kept.read_text(encoding="utf-8").partition("\n")
    # The kept text is what is printed (the test can fail)...
    kept.write_text(f"{key}\nkept answer\n", encoding="utf-8")
    assert mythos_help(cache) == b"kept answer\n"
    # ...but under another key (other code, another version, another width) typer answers.
    kept.write_text(f"{key.replace('mythos ', 'mythos 0.0.0-', 1)}\nstale answer\n", encoding="utf-8")
    assert mythos_help(cache) == own
    kept.write_text(f"{key}\nkept answer\n", encoding="utf-8")
    assert mythos_help(cache, columns=70) == typers_help(cache, columns=70)


def test_a_changed_command_line_file_changes_the_key(tmp_path):
    code = tmp_path / "cli"
    shutil.copytree(Path(helpcache.__file__).parent, code, ignore=shutil.ignore_patterns("__pycache__"))
    before = helpcache.help_key([str(code)])
    assert helpcache.help_key([str(code)]) == before
    tree = code / "tree.py"
    tree.write_text(tree.read_text(encoding="utf-8").replace("Build and inspect", "Build or inspect"), encoding="utf-8")
    edited = helpcache.help_key([str(code)])
    assert edited != before
    os.utime(tree, ns=(tree.stat().st_atime_ns, tree.stat().st_mtime_ns + 1_000_000_000))  # same size
    assert helpcache.help_key([str(code)]) != edited
    (code / "newgroup.py").write_text("", encoding="utf-8")
    assert helpcache.help_key([str(code)]) not in (before, edited)


def test_a_cache_folder_that_cannot_be_written_still_prints_help(tmp_path):
    not_a_folder = tmp_path / "a-file"
    not_a_folder.write_text("", encoding="utf-8")
    assert mythos_help(not_a_folder) == typers_help(not_a_folder)
    assert mythos_help(not_a_folder) == typers_help(not_a_folder)


def test_a_damaged_cache_file_still_prints_help(tmp_path):
    cache = tmp_path / "cache"
    kept = cache / helpcache.APP_NAME / helpcache.HELP_FILE
    kept.parent.mkdir(parents=True)
    kept.write_bytes(b"\xff\xfe not text")
    assert mythos_help(cache) == typers_help(cache)
    assert mythos_help(cache) == typers_help(cache)  # and the good answer was kept in its place
    assert kept.read_text(encoding="utf-8").partition("\n")[2].encode() == typers_help(cache).replace(b"\r\n", b"\n")


def test_only_the_top_level_help_is_kept(tmp_path):
    cache = tmp_path / "cache"
    done = run(["-m", "deckbuilder", "deck", "--help"], cache)
    assert done.returncode == 0 and done.stdout.startswith(b"Usage: mythos deck")
    done = run(["-m", "deckbuilder", "--help", "--quiet"], cache)
    assert done.returncode == 0
    assert not (cache / helpcache.APP_NAME).exists()


def test_a_reader_that_goes_away_is_a_normal_end(tmp_path):
    cache = tmp_path / "cache"
    mythos_help(cache)  # kept
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    env.update(XDG_CACHE_HOME=str(cache), COLUMNS="80")
    for _ in range(2):
        proc = subprocess.Popen(
            [sys.executable, "-m", "deckbuilder", "--help"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            cwd=tmp_path,
        )
        proc.stdout.close()  # gone before a byte is read
        assert proc.wait(timeout=60) == 0
        assert proc.stderr.read() == b""
        proc.stderr.close()
