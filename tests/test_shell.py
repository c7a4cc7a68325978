"""Shell habits (issue 13; its files and errors are tests/test_careless_user.py): ``--version``, ``--quiet``,
colour on a terminal only, and completion of card and Adventure titles from the catalog.

Colour is checked on a real pseudo-terminal, completion through the very environment a
shell's completion script sets.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.cli import mythos
from support.invented import set_file

import deckbuilder
from deckbuilder.rules import compiled_core


def run(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-P", "-m", "deckbuilder", *args],
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
    )


@pytest.fixture
def db(tmp_path) -> Path:
    """A catalog of the invented Alpha set (Alpha Card 0 to 59) and one Adventure."""
    path = tmp_path / "catalog.sqlite"
    cards = set_file(tmp_path, "Alpha", 60)
    adventure = tmp_path / "quest.xml"
    adventure.write_text(
        '<?xml version="1.0" encoding="UTF-8"?><ccg-setinfo name="Quest" game="Mythos"><cards>'
        '<card name="Alpha Quest" text="Have 2 Allies."><attr key="type" value="Adventure"/>'
        '<attr key="set" value="Quest"/><attr key="value" value="5"/></card></cards></ccg-setinfo>',
        encoding="utf-8",
    )
    assert mythos("catalog", "import", str(cards), str(adventure), "--db", str(path)).exit_code == 0
    return path


# --------------------------------------------------------------------------------------
# --version and --quiet


def test_version_prints_the_program_and_its_version(tmp_path):
    # From an empty folder: `python -m` in the checkout would run its pure source, whatever
    # core the installed package (this process's) has.
    result = run("--version", cwd=tmp_path)
    core = "compiled" if compiled_core() else "pure Python"
    assert (result.returncode, result.stdout, result.stderr) == (
        0,
        f"mythos {deckbuilder.__version__} ({core} core)\n",
        "",
    )


def test_quiet_silences_notes_never_the_answer(tmp_path):
    fresh = tmp_path / "fresh.sqlite"
    loud = run("search", "t:ally", "--db", str(fresh))
    assert "No catalog yet: built one from the bundled sample" in loud.stderr
    fresh.unlink()
    quiet = run("--quiet", "search", "t:ally", "--db", str(fresh))
    assert quiet.returncode == 0 and quiet.stderr == ""
    assert quiet.stdout == loud.stdout and "cards" in quiet.stdout


def test_quiet_silences_a_name_read_loosely_but_not_the_verdict(tmp_path, db):
    deck = tmp_path / "deck.txt"
    deck.write_text("4 alpha  kard 1\n", encoding="utf-8")
    loud = mythos("deck", "check", str(deck), "--db", str(db))
    assert "read as" in loud.stderr
    quiet = mythos("--quiet", "deck", "check", str(deck), "--db", str(db))
    assert quiet.exit_code == loud.exit_code == 1
    assert quiet.stderr == "" and quiet.stdout == loud.stdout and "ILLEGAL" in quiet.stdout


def test_quiet_never_silences_an_error(tmp_path):
    result = mythos("--quiet", "search", "v>", "--db", str(tmp_path / "c.sqlite"))
    assert result.exit_code == 2 and result.stderr.startswith("Error: ")


# --------------------------------------------------------------------------------------
# Colour: on a terminal, never piped, never under NO_COLOR


def on_a_terminal(*args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    """Runs mythos with standard output and error on a pseudo-terminal; gets (exit code, what it showed)."""
    pty = pytest.importorskip("pty")
    main, child = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-P", "-m", "deckbuilder", *args],
        stdout=child,
        stderr=child,
        env={**os.environ, "TERM": "xterm", **(env or {})},
    )
    os.close(child)
    shown = b""
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the terminal closed: the command ended
            break
        if not chunk:
            break
        shown += chunk
    os.close(main)
    return proc.wait(timeout=120), shown.decode("utf-8", "replace")


RED, GREEN = "\x1b[31m", "\x1b[32m"


def test_verdicts_and_errors_are_coloured_on_a_terminal(tmp_path, db):
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Alpha Card 1\n", encoding="utf-8")
    code, shown = on_a_terminal("deck", "check", str(deck), "--db", str(db), env={"NO_COLOR": ""})
    assert code == 1 and RED in shown and "ILLEGAL" in shown
    code, shown = on_a_terminal("search", "v>", "--db", str(db), env={"NO_COLOR": ""})
    assert code == 2 and f"{RED}" in shown.split("Error:")[0][-12:]


def test_no_colour_under_no_color_or_when_piped(tmp_path, db):
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Alpha Card 1\n", encoding="utf-8")
    code, shown = on_a_terminal("deck", "check", str(deck), "--db", str(db), env={"NO_COLOR": "1"})
    assert code == 1 and "ILLEGAL" in shown and "\x1b[" not in shown
    piped = run("deck", "check", str(deck), "--db", str(db), env={"NO_COLOR": ""})
    assert "ILLEGAL" in piped.stdout and "\x1b[" not in piped.stdout + piped.stderr


# --------------------------------------------------------------------------------------
# Completion


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_show_completion_gives_each_shell_its_script(shell):
    import shlex
    import shutil

    # typer tells the shell from the processes above it (shellingham), so ask from inside one.
    # A shell given one command may replace itself by it (exec) and leave no shell above the
    # program but whatever ran the tests; a command after it keeps the shell there.
    program = shutil.which(shell)
    if program is None:
        pytest.skip(f"{shell} is not installed here")
    command = f"{shlex.quote(sys.executable)} -m deckbuilder --show-completion; status=$?; exit $status"
    if shell == "fish":
        command = f"{shlex.quote(sys.executable)} -m deckbuilder --show-completion; exit $status"
    result = subprocess.run([program, "-c", command], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "_MYTHOS_COMPLETE" in result.stdout and f"complete_{shell}" in result.stdout


def complete(words: str, env: dict[str, str] | None = None) -> list[str]:
    """Asks for completions as bash's completion script does; gets the words offered."""
    cword = len(words.split()) - (0 if words.endswith(" ") else 1)
    full = {"_MYTHOS_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(cword), **(env or {})}
    result = subprocess.run(
        [sys.executable, "-c", "import sys; sys.argv[0] = 'mythos'; from deckbuilder.cli import main; main()"],
        env={**os.environ, **full},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    return [w for w in result.stdout.splitlines() if w]


def test_a_card_title_completes_from_the_catalog_at_most_50(db):
    offered = complete(f"mythos card --db {db} Alpha")
    assert len(offered) == 50 and "Alpha Card 0" in offered and all(w.startswith("Alpha") for w in offered)
    assert "Alpha Card 0" in complete(f"mythos deck goldfish x.txt --db {db} --card Alpha"), "--card completes"


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_titles_complete_in_zsh_and_fish_too(db, shell):
    # What typer's zsh and fish scripts send: the whole command line so far.
    env = {
        "_MYTHOS_COMPLETE": f"complete_{shell}",
        "_TYPER_COMPLETE_ARGS": f"mythos card --db {db} 'Alpha Card 5",
        "_TYPER_COMPLETE_FISH_ACTION": "get-args",
    }
    result = subprocess.run(
        [sys.executable, "-c", "from deckbuilder.cli import main; main()"],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    for title in ("Alpha Card 5", "Alpha Card 59"):
        assert title in result.stdout
    assert "Alpha Card 4" not in result.stdout


def test_an_adventure_title_completes_only_adventures(db):
    assert complete(f"mythos adventure show --db {db} Al") == ["Alpha Quest"]


def test_completion_with_no_catalog_completes_nothing_and_builds_nothing(tmp_path):
    missing = tmp_path / "none.sqlite"
    assert complete("mythos card Al", env={"MYTHOS_DB": str(missing)}) == []
    home = tmp_path / "home"
    home.mkdir()
    assert complete("mythos card Al", env={"MYTHOS_DB": "", "HOME": str(home), "XDG_DATA_HOME": ""}) == []
    assert list(tmp_path.iterdir()) == [home] and list(home.iterdir()) == []


def test_completion_swallows_a_file_that_is_not_a_catalog(tmp_path):
    bogus = tmp_path / "bogus.sqlite"
    bogus.write_bytes(b"not a database at all" * 100)
    assert complete(f"mythos card --db {bogus} Al") == []
    assert bogus.read_bytes() == b"not a database at all" * 100
