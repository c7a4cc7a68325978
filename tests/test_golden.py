"""The CLI's answers on the bundled sample catalog and example deck, pinned byte for byte.

Each case's exit code, standard output and standard error are kept in ``tests/golden/``.
They pin what a user sees while the house is rearranged: a change to any answer shows here
as a diff. Only the sample catalog and the example deck are pinned this way (both are the
project's own data); the real decks are compared between two commits by
``tools/golden_compare.py`` and never stored.

After a change meant to alter an answer, write the files again and read the diff:

    MYTHOS_UPDATE_GOLDEN=1 pytest tests/test_golden.py
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckbuilder.cli import app
from deckbuilder.paths import catalog_data_dir

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("MYTHOS_UPDATE_GOLDEN") == "1"

DECK = "{deck}"
BAD = "{bad}"
OUT = "{out}"

#: (file name, the command's arguments); {deck} is the example deck, {bad} a deck with errors,
#: {out} a file a command would write (none is, in these cases: the answers are refusals).
CASES: list[tuple[str, list[str]]] = [
    ("catalog-info", ["catalog", "info"]),
    ("catalog-info-problems-json", ["catalog", "info", "--problems", "--json"]),
    ("card-summon-great-cthulhu", ["card", "Summon Great Cthulhu"]),
    ("card-dark-young-json", ["card", "Dark Young", "--json"]),
    ("card-police-investigation", ["card", "Police Investigation"]),
    ("card-fuzzy", ["card", "dark yuong"]),
    ("card-unknown-json", ["card", "Car", "--json"]),
    ("card-no-printing-in-set", ["card", "Dark Young", "--set", "DRM"]),
    ("search-adventures", ["search", "t:adventure"]),
    ("search-events-by-value-json", ["search", "t:event", "--sort", "value", "--limit", "8", "--json"]),
    ("search-limit", ["search", "o:sanity or t:spell", "--limit", "3", "--sort", "sanity"]),
    ("search-syntax-error-json", ["search", "t:ally (", "--json"]),
    ("search-bad-sort-json", ["search", "t:ally", "--sort", "colour", "--json"]),
    ("deck-check", ["deck", "check", DECK]),
    ("deck-check-json", ["deck", "check", DECK, "--json"]),
    ("deck-check-campaign", ["deck", "check", DECK, "--format", "campaign", "--target", "15"]),
    (
        "deck-check-tournament-house-rules-json",
        ["deck", "check", DECK, "-f", "tournament", "--house-rule", "official-cards-only", "--json"],
    ),
    ("deck-check-cult-vs-investigator", ["deck", "check", DECK, "-f", "cult-vs-investigator"]),
    ("deck-check-cvi-investigator", ["deck", "check", DECK, "-f", "cvi-investigator"]),
    ("deck-check-cvi-cultist-json", ["deck", "check", DECK, "-f", "cvi-cultist", "--json"]),
    ("deck-check-unknown-format-json", ["deck", "check", DECK, "-f", "chess", "--json"]),
    ("deck-check-unresolved", ["deck", "check", BAD]),
    ("deck-check-unresolved-json", ["deck", "check", BAD, "--json"]),
    ("deck-stats", ["deck", "stats", DECK]),
    ("deck-stats-json", ["deck", "stats", DECK, "--json"]),
    ("deck-adventures", ["deck", "adventures", DECK]),
    ("deck-adventures-json", ["deck", "adventures", DECK, "--json"]),
    ("deck-plan", ["deck", "plan", DECK, "--target", "12"]),
    ("deck-plan-json", ["deck", "plan", DECK, "--json"]),
    ("deck-playability", ["deck", "playability", DECK]),
    ("deck-playability-json", ["deck", "playability", DECK, "--json"]),
    # The sample's Investigators print no Sanity, so its test games cannot start: pinned as the error.
    ("deck-goldfish-no-sanity", ["deck", "goldfish", DECK, "--games", "100", "--seed", "1", "--card", "Eiffel Tower"]),
    ("deck-goldfish-no-sanity-json", ["deck", "goldfish", DECK, "--games", "60", "-f", "campaign", "--json"]),
    ("deck-goldfish-card-not-in-deck", ["deck", "goldfish", DECK, "--card", "Azathoth", "--games", "5"]),
    ("deck-goldfish-format-json", ["deck", "goldfish", DECK, "-f", "cult-vs-investigator", "--json"]),
    ("deck-sheet", ["deck", "sheet", DECK, "-o", "-", "--format", "campaign"]),
    ("deck-sheet-goldfish-no-sanity", ["deck", "sheet", DECK, "-o", "-", "--goldfish", "40"]),
    ("deck-sheet-onto-the-deck", ["deck", "sheet", DECK, "-o", DECK]),
    # The same for a build and the suggestions, which judge decks by test games.
    (
        "deck-build-no-sanity",
        ["deck", "build", "--investigator", "Pragmatic Hobo", "--adventure", "Dark Horse", "--seed", "1", "-o", OUT],
    ),
    (
        "deck-build-campaign-target-json",
        ["deck", "build", "--investigator", "Diabolical Cultist", "-f", "campaign", "-o", OUT, "--json"],
    ),
    ("deck-build-no-adventure", ["deck", "build", "--investigator", "Pragmatic Hobo", "-o", OUT]),
    (
        "deck-build-not-an-adventure-json",
        ["deck", "build", "--investigator", "Pragmatic Hobo", "--adventure", "Dark Young", "-o", OUT, "--json"],
    ),
    ("deck-suggest-no-sanity", ["deck", "suggest", DECK, "--games", "100"]),
    ("adventure-show", ["adventure", "show", "Dark Horse"]),
    ("adventure-show-json", ["adventure", "show", "dark horse", "--json"]),
    ("adventure-show-not-an-adventure-json", ["adventure", "show", "Dark Young", "--json"]),
    ("adventure-check", ["adventure", "check", "Dark Horse", DECK]),
    ("adventure-check-missing-json", ["adventure", "check", "On The Edge", DECK, "--json"]),
]

#: Deck formats written by ``deck convert``, by the written file's extension.
CONVERSIONS = (".txt", ".deck", ".dek", ".json")


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("golden")
    shutil.copyfile(catalog_data_dir() / "sample" / "example-deck.txt", folder / "example-deck.txt")
    (folder / "bad-deck.txt").write_text("4 Dark Yuong\n2 Nothing At All\nfour Mugging\n", encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def first_run(workspace: Path) -> str:
    """The first command on a new catalog file, which builds the bundled sample (and says so)."""
    return _answer(workspace, ["deck", "check", DECK])


def _answer(workspace: Path, args: list[str]) -> str:
    """Runs one command on the sample catalog; gets its exit code and output as one text."""
    db = workspace / "sample.sqlite"
    out = workspace / "built.txt"
    argv = [a.format(deck=workspace / "example-deck.txt", bad=workspace / "bad-deck.txt", out=out) for a in args]
    result = CliRunner().invoke(app, [*argv, "--db", str(db)])
    if OUT in args:
        assert not out.exists(), "a refused build wrote its file"
    shown = (
        f"$ mythos {' '.join(args)}\nexit {result.exit_code}\n--- stdout\n{result.stdout}--- stderr\n{result.stderr}"
    )
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        shown += f"--- uncaught\n{type(result.exception).__name__}: {result.exception}\n"
    return _steady(shown, workspace)


def _steady(text: str, workspace: Path) -> str:
    """Gets the text with what differs from run to run blanked: the folder and clock readings."""
    text = text.replace(str(workspace), "<tmp>")
    text = re.sub(r"games played in \d+ s", "games played in 0 s", text)  # a build's time
    return re.sub(r'"(imported_at|built_at|seconds)": [0-9.e+-]+', r'"\1": 0', text)


def _check(name: str, answer: str) -> None:
    path = GOLDEN / f"{name}.txt"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(answer, encoding="utf-8")
    assert path.is_file(), f"no golden answer {path.name}; write it with MYTHOS_UPDATE_GOLDEN=1"
    assert answer == path.read_text(encoding="utf-8")


def test_the_first_command_builds_the_sample_and_says_so(first_run):
    _check("first-run-builds-the-sample", first_run)


@pytest.mark.parametrize(("name", "args"), CASES, ids=[name for name, _ in CASES])
def test_the_answer_is_unchanged(workspace, first_run, name, args):
    _check(name, _answer(workspace, args))


@pytest.mark.parametrize("extension", CONVERSIONS)
def test_a_converted_deck_is_unchanged(workspace, first_run, extension):
    target = workspace / f"converted{extension}"
    answer = _answer(workspace, ["deck", "convert", DECK, str(target)])
    _check(f"deck-convert{extension.replace('.', '-')}", answer + "--- file\n" + target.read_text(encoding="utf-8"))


def test_every_golden_file_is_a_case():
    names = {"first-run-builds-the-sample", *(name for name, _ in CASES)}
    names |= {f"deck-convert{ext.replace('.', '-')}" for ext in CONVERSIONS}
    assert {p.stem for p in GOLDEN.glob("*.txt")} == names
