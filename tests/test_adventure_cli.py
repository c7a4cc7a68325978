"""`mythos adventure show|check` and `mythos deck adventures|plan`, through a small typer app
that registers the command functions as deckbuilder/cli/tree.py does."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import typer
from conftest import MYTHOS_DATA
from typer.testing import CliRunner

from deckbuilder.cli import adventure as commands

app = typer.Typer(pretty_exceptions_enable=False, rich_markup_mode=None)
adventure_app = typer.Typer(rich_markup_mode=None)
deck_app = typer.Typer(rich_markup_mode=None)
app.add_typer(adventure_app, name="adventure")
app.add_typer(deck_app, name="deck")
adventure_app.command("show")(commands.adventure_show)
adventure_app.command("check")(commands.adventure_check)
deck_app.command("adventures")(commands.deck_adventures)
deck_app.command("plan")(commands.deck_plan)

runner = CliRunner()

CHECK_KEYS = {
    "adventure",
    "points",
    "completable",
    "assignment",
    "missing",
    "conditions",
    "uninterpreted",
    "add_one_of",
}


@pytest.fixture(autouse=True)
def no_user_recipes(monkeypatch):
    monkeypatch.delenv("MYTHOS_RECIPES", raising=False)


def mythos(*args: object, env: dict[str, str] | None = None):
    return runner.invoke(app, [str(a) for a in args], env=env)


def deck(name: str) -> Path:
    return MYTHOS_DATA / "gccg" / "decks" / name


def test_show_prints_the_recipe_its_conditions_and_the_card_text(gccg_catalog_path):
    result = mythos("adventure", "show", "on the edge", "--db", gccg_catalog_path)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "On The Edge (6 points, Mythos Experience) [LTD]"
    assert lines[1] == "   1. 1x Sanitarium  # SANITARIUM"
    assert "  condition (yours to meet in play): Find a way to drive your own SANITY below SIX POINTS" in lines
    assert lines[-2] == "Card text:" and lines[-1].startswith("  Ah! The brink of Insanity")


def test_show_lists_what_it_could_not_read(gccg_catalog_path):
    result = mythos("adventure", "show", "Seeking Everlasting Life II", "--db", gccg_catalog_path)
    assert result.exit_code == 0
    assert "  not understood (check by hand or override it): RESSURECT" in result.stdout.splitlines()


def test_show_json_has_the_recipe_shape(gccg_catalog_path):
    result = mythos("adventure", "show", "The Cruise", "--db", gccg_catalog_path, "--json")
    data = json.loads(result.stdout)
    assert data["adventure"] == "The Cruise" and data["points"] == 5 and data["set"] == "CR"
    assert [s["text"] for s in data["slots"]][:2] == ["1x City & public:Water & Location", '1x subtype:"Travel by Sea"']
    assert data["limits"] == [{"distinct": "card", "slots": [1, 6]}]
    assert data["text"].startswith("Begin in a CITY/WATER Location.")


@pytest.mark.parametrize(
    ("title", "message"),
    [
        ("Car", '"Car" is an Event, not an Adventure'),
        ("Zorblax Frobnicator", "Zorblax Frobnicator"),
    ],
)
def test_show_fails_on_a_title_that_is_not_an_adventure(gccg_catalog_path, title, message):
    result = mythos("adventure", "show", title, "--db", gccg_catalog_path)
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: ") and message in result.stderr


def test_check_exits_0_when_the_deck_completes_the_adventure(gccg_catalog_path):
    result = mythos("adventure", "check", "Arkham Horror", deck("standard-steadfast.deck"), "--db", gccg_catalog_path)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "Arkham Horror (8 points): COMPLETABLE"


def test_check_exits_1_and_says_what_to_add_when_cards_are_missing(gccg_catalog_path):
    result = mythos("adventure", "check", "The Outsider", deck("karooni-new-aeon.deck"), "--db", gccg_catalog_path)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "The Outsider (7 points): NOT COMPLETABLE (1 card(s) missing)"
    at = lines.index("   2. a Gate House")
    assert lines[at + 1] == "      MISSING 1: -   [HOUSE]"
    assert lines[at + 2].startswith("      add one of: ")


def test_check_json_has_the_check_shape(gccg_catalog_path):
    result = mythos(
        "adventure", "check", "The Outsider", deck("karooni-new-aeon.deck"), "--db", gccg_catalog_path, "--json"
    )
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert set(data) >= CHECK_KEYS | {"deck", "path"}
    assert data["completable"] is False and data["missing"] == ["1x House & gate"]
    assert data["add_one_of"]["1x House & gate"]
    assert data["assignment"]["1x House & gate"] == []


def test_check_any_adventure_against_any_deck(gccg_catalog_path):
    # The Dunwich Horror is not in the Steadfast starter deck; it can still be checked.
    result = mythos(
        "adventure", "check", "The Dunwich Horror", deck("standard-steadfast.deck"), "--db", gccg_catalog_path, "--json"
    )
    data = json.loads(result.stdout)
    assert result.exit_code == 1 and data["assignment"]['1x subtype:"Travel by Land"'] == ["Train"]


def test_deck_adventures_json_is_a_list_of_checks(gccg_catalog_path):
    result = mythos("deck", "adventures", deck("standard-corrupt.deck"), "--db", gccg_catalog_path, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [d["adventure"] for d in data] == [
        "Alone in the World",
        "The Price",
        "Questionable Judgement",
        "Whispers in Darkness",
    ]
    assert all(set(d) >= CHECK_KEYS and d["completable"] for d in data)


def test_deck_adventures_text_summarises_then_lists_each(gccg_catalog_path):
    result = mythos("deck", "adventures", deck("karooni-new-aeon.deck"), "--db", gccg_catalog_path)
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0].endswith(": 3 Adventures, 20 points; 2 completable")


def test_deck_plan_reaches_the_target_and_names_shared_cards(gccg_catalog_path):
    result = mythos("deck", "plan", deck("standard-steadfast.deck"), "--target", "20", "--db", gccg_catalog_path)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].endswith("plan of 23 points reaches the target of 20 (exact search)")
    assert "  Arkham Horror (8 points): completable" in lines
    assert "Cards serving more than one of them:" in lines
    assert lines[-1] == "Also in the deck: Two Cities and a Tale (5)"


def test_deck_plan_json(gccg_catalog_path):
    result = mythos(
        "deck", "plan", deck("karooni-new-aeon.deck"), "--target", "20", "--db", gccg_catalog_path, "--json"
    )
    data = json.loads(result.stdout)
    assert data["target"] == 20 and data["points"] == 20 and data["reaches_target"] is True
    assert data["completable"] is False and data["missing"] == {"The Outsider": ["1x House & gate"]}
    assert all(set(c) >= CHECK_KEYS for c in data["chosen"])


def test_an_overrides_file_replaces_a_reading(gccg_catalog_path, tmp_path):
    recipes = tmp_path / "recipes.toml"
    recipes.write_text(
        '[[recipe]]\ntitle = "The Outsider"\nrecipe = """\n1x House\n1x Business\n"""\n', encoding="utf-8"
    )
    env = {"MYTHOS_RECIPES": str(recipes)}
    result = mythos(
        "adventure", "check", "The Outsider", deck("karooni-new-aeon.deck"), "--db", gccg_catalog_path, env=env
    )
    assert result.exit_code == 0, result.output
    assert f"  recipe from: {recipes}" in result.stdout.splitlines()


def test_a_broken_overrides_file_is_one_error_line(gccg_catalog_path, tmp_path):
    recipes = tmp_path / "recipes.toml"
    recipes.write_text('[[recipe]]\ntitle = "The Outsider"\nrecipe = "1x House &"\n', encoding="utf-8")
    result = mythos(
        "adventure", "show", "The Outsider", "--db", gccg_catalog_path, "--json", env={"MYTHOS_RECIPES": str(recipes)}
    )
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error["kind"] == "recipe-file" and error["exit_code"] == 2
    assert error["message"].startswith(f'{recipes}, line 3: "The Outsider": expected a requirement')


@pytest.mark.parametrize(
    "command", [commands.adventure_show, commands.adventure_check, commands.deck_adventures, commands.deck_plan]
)
def test_each_command_has_one_sentence_then_an_example(command):
    doc = command.__doc__ or ""
    first, *rest = [p.strip() for p in doc.strip().split("\n\n")]
    assert first.endswith(".") and "\n" not in first
    assert rest[-1].startswith("Example: mythos ")


def test_check_says_each_requirement_in_words_and_in_the_notation_on_asking(gccg_catalog_path):
    args = ("adventure", "check", "The Outsider", deck("karooni-new-aeon.deck"), "--db", gccg_catalog_path)
    assert "   2. a Gate House" in mythos(*args).stdout.splitlines()
    assert "   2. 1x House & gate" in mythos(*args, "--notation").stdout.splitlines()
    lines = mythos("deck", "adventures", deck("karooni-new-aeon.deck"), "--db", gccg_catalog_path, "--notation").stdout
    assert not [line for line in lines.splitlines() if re.match(r"\s+\d+\. (a|an|one|two|three) ", line)]
