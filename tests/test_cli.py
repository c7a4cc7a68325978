"""The `mythos` command as a player uses it: exact output facts and exit codes."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckbuilder.cli import app

runner = CliRunner()


def mythos(*args: str):
    return runner.invoke(app, list(args))


@pytest.fixture(scope="session")
def gccg_db_path(gccg_sets: Path, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("cli") / "catalog.sqlite"
    result = runner.invoke(app, ["catalog", "import", str(gccg_sets), "--db", str(path)])
    assert result.exit_code == 0, result.output
    return path


@pytest.fixture
def sample_db(tmp_path: Path) -> Path:
    return tmp_path / "sample.sqlite"


def test_import_reports_what_it_built(gccg_sets, tmp_path):
    db = tmp_path / "c.sqlite"
    result = mythos("catalog", "import", str(gccg_sets), "--db", str(db), "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["cards"] == 1115 and report["files"] == 9
    assert report["errata_applied"] > 50


def test_info_lists_sets_errata_and_problems(gccg_db_path):
    result = mythos("catalog", "info", "--problems", "--db", str(gccg_db_path))
    assert result.exit_code == 0, result.output
    assert "Cards: 1115" in result.stdout
    assert "LTD" in result.stdout and "218" in result.stdout
    assert "Black Galley [DRM] sanity = '+=-2'" in result.stdout
    data = json.loads(mythos("catalog", "info", "--problems", "--json", "--db", str(gccg_db_path)).stdout)
    assert data["by_set"]["NAE"] == 210
    assert len(data["problems"]) == 3
    assert data["errata_applied"] > 50


@pytest.mark.parametrize(
    "name, facts",
    [
        ("Summon Great Cthulhu", {"value": 13, "type": "Adventure"}),
        ("Celeano", {"title": "Celaeno", "printed_title": "Celeano"}),
        ("Necropolis, The", {"title": "The Necropolis", "gate": True}),
        ("mosque of ibn tulun", {"unique": True}),
        ("Pragmatic Hobo", {"hand_min": 0, "hand_max": 7, "type": "Investigator"}),
        ("Temple of Bokrug", {"subregion": "Mnar"}),
    ],
)
def test_card_shows_the_card_as_it_plays(gccg_db_path, name, facts):
    result = mythos("card", name, "--json", "--db", str(gccg_db_path))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    card = data[0] if isinstance(data, list) else data
    for key, value in facts.items():
        assert card[key] == value, (key, card[key])
    assert card["errata"], "the erratum is listed with the card"
    assert all(e["source_line"] > 0 for e in card["errata"])


def test_card_json_has_every_documented_key(gccg_db_path):
    card = json.loads(mythos("card", "Henry Armitage", "--json", "--db", str(gccg_db_path)).stdout)
    for key in (
        "title",
        "printed_title",
        "set",
        "type",
        "subtype",
        "value",
        "unique",
        "gate",
        "sanity",
        "attributes",
        "public",
        "icons",
        "region",
        "subregion",
        "dimension",
        "languages",
        "sanity_max",
        "education",
        "hand",
        "hand_min",
        "hand_max",
        "text",
        "printed",
        "errata",
        "rulings",
    ):
        assert key in card
    assert card["languages"][:1] == ["English"]


def test_card_text_shows_printed_value_and_why(gccg_db_path):
    result = mythos("card", "Summon Great Cthulhu", "--db", str(gccg_db_path))
    assert result.exit_code == 0
    assert "Points" in result.stdout and "13" in result.stdout
    assert "Errata (rulings document)" in result.stdout
    assert "Printed: value 7" in result.stdout


def test_same_titled_cards_list_every_printing_and_set_chooses(gccg_db_path):
    cars = json.loads(mythos("card", "Car", "--json", "--db", str(gccg_db_path)).stdout)
    assert isinstance(cars, list) and len(cars) == 4
    one = json.loads(mythos("card", "Car", "--set", "ltd", "--json", "--db", str(gccg_db_path)).stdout)
    assert one["set"] == "LTD"
    missing = mythos("card", "Car", "--set", "DRM", "--db", str(gccg_db_path))
    assert missing.exit_code == 2
    assert "no printing in set DRM" in missing.stderr


def test_a_misspelt_name_is_read_with_a_note(gccg_db_path):
    result = mythos("card", "Dark Yuong", "--json", "--db", str(gccg_db_path))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["title"] == "Dark Young"
    assert '"Dark Yuong" read as "Dark Young"' in result.stderr


def test_an_unknown_name_fails_with_one_line(gccg_db_path):
    result = mythos("card", "Qwxzv Plorkk", "--db", str(gccg_db_path))
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("Error: ")


def test_search_table_and_json(gccg_db_path):
    result = mythos("search", "t:ally a:steadfast a:professor lang:latin", "--db", str(gccg_db_path))
    assert result.exit_code == 0, result.output
    assert "Henry Armitage" in result.stdout
    assert result.stdout.splitlines()[0].split() == [
        "Title",
        "Set",
        "Type",
        "Subtype",
        "Value",
        "San",
        "Subregion",
        "Dim",
    ]
    data = json.loads(
        mythos("search", "sr:arkham t:location", "--json", "--limit", "2", "--db", str(gccg_db_path)).stdout
    )
    assert len(data) == 2 and all(c["subregion"] == "Arkham" for c in data)


@pytest.mark.parametrize(
    "query, words",
    [
        ("foo:bar", "unknown key"),
        ("t:ally (a:city", "never closed"),
        ("v>=three", "number"),
        ("x" * 10_000, "the limit is 1000 characters"),
        ("(" * 5000 + "t:ally" + ")" * 5000, ""),
    ],
)
def test_bad_queries_get_one_line_and_exit_2(gccg_db_path, query, words):
    result = mythos("search", query, "--db", str(gccg_db_path))
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1
    assert words in result.stderr
    assert "Traceback" not in result.output


def test_json_errors_have_one_shape(gccg_db_path):
    result = mythos("search", "foo:bar", "--json", "--db", str(gccg_db_path))
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert set(error) == {"kind", "message", "exit_code"}
    assert error["kind"] == "query" and error["exit_code"] == 2


def test_search_help_documents_every_key():
    from deckbuilder.catalog.search import SEARCH_KEYS

    result = subprocess.run(
        [sys.executable, "-P", "-m", "deckbuilder", "search", "--help"], capture_output=True, text=True
    )
    assert result.returncode == 0
    for key in SEARCH_KEYS:
        assert f"{key.name}:" in result.stdout or f"{key.name}>" in result.stdout or key.name in result.stdout


def test_every_command_has_help():
    for args in (
        ["--help"],
        ["catalog", "--help"],
        ["catalog", "import", "--help"],
        ["catalog", "fetch", "--help"],
        ["catalog", "info", "--help"],
        ["card", "--help"],
        ["search", "--help"],
    ):
        result = mythos(*args)
        assert result.exit_code == 0
        assert "Example" in result.stdout or args in (["--help"], ["catalog", "--help"])


# --- --jobs: one option for every command that plays games -------------------------------

#: Each command that plays games, with what else it needs to start (a deck, the field, an output).
JOBS_COMMANDS = {
    "match": ["match", "a.txt", "b.txt"],
    "deck goldfish": ["deck", "goldfish", "a.txt"],
    "deck gauntlet": ["deck", "gauntlet", "a.txt", "--field", "b.txt"],
    "deck build": ["deck", "build", "-o", "built.txt"],
}


@pytest.mark.parametrize("command", JOBS_COMMANDS)
@pytest.mark.parametrize("value", ["0", "-2", "x", "1.5", "5000"])
def test_a_bad_jobs_is_refused_in_one_line_before_any_work(command, value, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no deck, no catalog: the refusal comes before either is read
    result = mythos(*JOBS_COMMANDS[command], "--jobs", value, "--db", str(tmp_path / "none.sqlite"))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"Error: --jobs {value}: give a number from 1 to 1024\n"
    assert list(tmp_path.iterdir()) == []


def test_every_command_that_plays_games_says_the_same_of_jobs():
    helps = {
        name: mythos(*args[: 2 if args[0] == "deck" else 1], "--help").stdout for name, args in JOBS_COMMANDS.items()
    }
    jobs = {name: " ".join(text.split("--jobs", 1)[1].split("--", 1)[0].split()) for name, text in helps.items()}
    assert set(jobs.values()) == {
        "<int> Processes playing the games (1: this one); the answer is the same whatever the number. "
        "[default: (the machine's cores)]"
    }, jobs


# --- Hostile input keeps the old catalog ------------------------------------------------


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize(
    "content, words",
    [
        (b'<?xml version="1.0"?><ccg-setinfo name="Limited"><cards><card name="x">', "malformed XML"),
        (
            b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
            b'<ccg-setinfo name="x"><cards><card name="&b;"/></cards></ccg-setinfo>',
            "refused",
        ),
        (
            b'<?xml version="1.0" encoding="UTF-8"?><ccg-setinfo name="Limited"><cards><card name="Caf\xe9"/>'
            b"</cards></ccg-setinfo>",
            "not valid UTF-8",
        ),
        (b"\x00\x01\x02 binary junk", "is neither a GCCG set file"),
    ],
    ids=["truncated", "xml-bomb", "wrong-encoding", "junk"],
)
def test_hostile_files_keep_the_old_catalog(gccg_db_path, tmp_path, content, words):
    db = tmp_path / "c.sqlite"
    shutil.copy(gccg_db_path, db)
    before = digest(db)
    bad = tmp_path / "bad.xml"
    bad.write_bytes(content)
    result = mythos("catalog", "import", str(bad), "--db", str(db))
    assert result.exit_code == 2, result.output
    assert words in result.stderr
    assert result.stderr.strip().count("\n") == 0
    assert digest(db) == before


def test_first_use_builds_the_sample_catalog(sample_db):
    result = mythos("search", "t:location", "--db", str(sample_db))
    assert result.exit_code == 0, result.output
    assert "bundled sample" in result.stderr
    assert sample_db.exists()


# --- fetch, against a local server on loopback ------------------------------------------


@pytest.fixture
def gccg_server(mythos_data: Path):
    handler = partial(SimpleHTTPRequestHandler, directory=str(mythos_data / "gccg"))
    handler.log_message = lambda *a, **k: None  # type: ignore[method-assign]
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_fetch_downloads_and_imports_the_set_files(gccg_server, tmp_path):
    # The server has the repository's layout: the game file one folder above the set files.
    db = tmp_path / "fetched.sqlite"
    result = mythos("catalog", "fetch", "--url", gccg_server + "/sets/", "--db", str(db), "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["cards"] == 1115 and report["files"] == 9
    # mythos.xml also lists mythos_basecards.xml: GCCG's placeholders, never downloaded.
    assert any("skipped mythos_basecards.xml" in n for n in report["notes"])


def test_placeholder_card_files_are_skipped(tmp_path):
    from deckbuilder.catalog.importers import read_card_files

    base = tmp_path / "mythos_basecards.xml"
    base.write_text(
        '<?xml version="1.0"?><ccg-setinfo name="" game="Mythos"><cards>'
        '<card name="A Card" text="" graphics=""></card></cards></ccg-setinfo>'
    )
    result = read_card_files([tmp_path])
    assert result.cards == [] and "placeholder cards" in result.notes[0]


def test_fetch_from_a_server_without_the_files_fails_cleanly(gccg_server, tmp_path):
    db = tmp_path / "none.sqlite"
    result = mythos("catalog", "fetch", "--url", gccg_server + "/nothing-here/", "--db", str(db))
    assert result.exit_code == 2
    assert "no set file could be downloaded" in result.stderr
    assert not db.exists()


def test_a_sample_card_says_what_the_documents_do_not_state(sample_db):
    result = mythos("card", "Napoleon Whateley", "--db", str(sample_db))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "  Dimension   New Æon" in lines
    assert "  Value       unknown" in lines
    assert any(line.strip().startswith("rulebook: NAPOLEON WHATELEY can only be played") for line in lines)


# --- catalog import without typer (issue 28) -----------------------------------------------

#: typer's own answer to a command line, whatever deckbuilder.cli.main would do first.
TYPERS_OWN = "import sys; from deckbuilder.cli.tree import app; app(sys.argv[1:], prog_name='mythos')"
#: deckbuilder.cli.main, telling on its last line of standard error whether typer was loaded.
MAIN_TELLING = (
    "import atexit, sys; atexit.register(lambda: print('typer' in sys.modules, file=sys.stderr)); "
    "sys.argv[0] = 'mythos'; from deckbuilder.cli import main; main()"
)


def import_run(code: str, args: list[str], cwd: Path) -> tuple[int, str, str]:
    """Runs a command line in a new process; gets its exit code and its two streams, the build's
    time made 0.00 (it differs from run to run)."""
    import re

    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=cwd)
    timeless = partial(re.sub, r'(\(\d+\.\d\d s\)|"seconds": [0-9.e-]+)', "0")
    return done.returncode, timeless(done.stdout), timeless(done.stderr)


@pytest.fixture
def import_inputs(tmp_path: Path) -> Path:
    (tmp_path / "set.xml").write_text(
        '<?xml version="1.0"?><ccg-setinfo name="Limited"><cards><card name="A Card" text="Words.">'
        '<attr key="type" value="Event"/></card></cards></ccg-setinfo>',
        encoding="utf-8",
    )
    (tmp_path / "empty.xml").write_text('<?xml version="1.0"?><ccg-setinfo name="Limited"/>', encoding="utf-8")
    (tmp_path / "broken.xml").write_text('<?xml version="1.0"?><ccg-setinfo name="Limit', encoding="utf-8")
    (tmp_path / "folder.sqlite").mkdir()
    return tmp_path


PLAIN_IMPORTS = [
    ["catalog", "import", "set.xml", "--db", "a.sqlite"],
    ["catalog", "import", "--db=b.sqlite", "set.xml", "--json"],
    ["-q", "catalog", "import", "set.xml", "--no-wait", "--db", "c.sqlite"],
    ["--quiet", "catalog", "import", ".", "--json", "--db", "d.sqlite"],
    ["catalog", "import", "missing.xml", "--db", "e.sqlite"],
    ["catalog", "import", "missing.xml", "--db", "e.sqlite", "--json"],
    ["catalog", "import", "empty.xml", "--db", "e.sqlite"],
    ["catalog", "import", "broken.xml", "--db", "e.sqlite", "--json"],
    ["catalog", "import", "set.xml", "--db", "folder.sqlite"],
]
TYPERS_IMPORTS = [
    ["catalog", "import"],
    ["catalog", "import", "--db", "a.sqlite"],
    ["catalog", "import", "set.xml", "--db"],
    ["catalog", "import", "set.xml", "--help"],
    ["catalog", "import", "-h"],
    ["catalog", "import", "set.xml", "--bogus"],
    ["catalog", "import", "set.xml", "--json=yes", "--db", "a.sqlite"],
    ["catalog", "import", "set.xml", "--json", "--json", "--db", "a.sqlite"],
    ["catalog", "import", "set.xml", "--db", "a.sqlite", "--db", "b.sqlite"],
    ["catalog", "import", "--", "set.xml", "--db", "a.sqlite"],
    ["catalog", "import", "set.xml", "-q", "--db", "a.sqlite"],
    ["catalog", "import", "", "--db", "a.sqlite"],
    ["catalog", "import", "-", "--db", "a.sqlite"],
    ["catalog", "import", "set.xml", "--db", "-a.sqlite"],
]


@pytest.mark.parametrize(("args", "plain"), [(a, True) for a in PLAIN_IMPORTS] + [(a, False) for a in TYPERS_IMPORTS])
def test_a_plain_catalog_import_runs_without_typer_and_answers_as_typer(import_inputs, args, plain):
    # Issue 28: typer and the command tree were a sixth of the import's time. A plain command
    # line is run without them, with the same output, the same catalog and the same exit code;
    # any other goes to typer.
    ran = import_run(MAIN_TELLING, args, import_inputs)
    own_code, own_out, own_err = import_run(TYPERS_OWN, args, import_inputs)
    code, out, err = ran
    err_lines = err.splitlines()
    assert err_lines[-1] == ("False" if plain else "True"), err
    assert (code, out, "\n".join(err_lines[:-1])) == (own_code, own_out, own_err.rstrip("\n")), ran
    if plain:
        # good and bad input both among the plain ones
        assert code in (0, 2) and "Traceback" not in err
        if code == 0:
            db = import_inputs / next(w.split("=")[-1] for w in args if w.endswith(".sqlite"))
            assert db.exists()


def test_an_import_pauses_the_garbage_collector_and_gives_it_back(import_inputs, monkeypatch):
    # Issue 28: the collector walked the import's objects, which hold no cycles, for about 8%
    # of the command; it is paused for the import alone, even one that fails.
    import gc

    from deckbuilder import service

    seen = []
    real = service.import_card_files

    def import_card_files(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(service, "import_card_files", import_card_files)
    assert gc.isenabled()
    for name, code in (("set.xml", 0), ("broken.xml", 2)):
        result = mythos("catalog", "import", str(import_inputs / name), "--db", str(import_inputs / "g.sqlite"))
        assert result.exit_code == code, result.output
        assert gc.isenabled()
    assert seen == [False, False]
