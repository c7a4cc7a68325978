"""The user's recipe overrides file (recipes.toml): reading it and its one-line errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckbuilder.catalog.importers.recipes import RecipeFileError, default_recipes_path, load_recipe_overrides
from deckbuilder.rules.adventures import Distinct, slot_text

GOOD = '''# Our group reads The Cruise with both voyages as one slot.
[[recipe]]
title = "The Cruise"
note = "house reading"
recipe = """
1x Location & City & public:Water  # CITY/WATER Location
2x subtype:"Travel by Sea"
1x Location & City
limit: distinct:card 1 3
"""

[[recipe]]
title = "Temple, The"
recipe = "1x Ally"
'''


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "recipes.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_overrides_are_keyed_by_folded_title_and_carry_their_file(tmp_path):
    path = write(tmp_path, GOOD)
    overrides = load_recipe_overrides(path)
    assert set(overrides) == {"the cruise", "the temple"}  # GCCG's inverted "Temple, The" too
    cruise = overrides["the cruise"]
    assert [slot_text(s) for s in cruise.slots] == [
        "1x Location & City & public:Water",
        '2x subtype:"Travel by Sea"',
        "1x Location & City",
    ]
    assert cruise.limits[0].distinct is Distinct.CARD and cruise.limits[0].slots == (0, 2)
    assert cruise.notes == ("house reading",)
    assert cruise.origin == str(path)


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (
            '[[recipe]]\ntitle = "The Cruise"\nrecipe = """\n1x City\n2x Location &\n"""\n',
            5,
            '"The Cruise": expected a requirement',
        ),
        ('[[recipe]]\ntitle = "The Cruise"\nrecipe = "1x colour:Red"\n', 3, "'colour' is not a field"),
        ('[[recipe]]\ntitle = "The Cruise"\nrecipe = """1x City"""\ncolour = "red"\n', 1, "unknown key 'colour'"),
        ('[[recipe]]\nrecipe = "1x City"\n', 1, "needs a title"),
        ('[[recipe]]\ntitle = "The Cruise"\n', 1, "needs a recipe"),
        (
            '[[recipe]]\ntitle = "A"\nrecipe = "1x City"\n[[recipe]]\ntitle = "a"\nrecipe = "1x Town"\n',
            4,
            "has two recipes",
        ),
        ('[[recipe]]\ntitle = "The Cruise\n', 2, "not valid TOML"),
        ('[cruise]\ntitle = "The Cruise"\n', None, "unknown table 'cruise'"),
    ],
)
def test_every_problem_is_one_line_with_file_and_line(tmp_path, text, line, message):
    path = write(tmp_path, text)
    with pytest.raises(RecipeFileError) as caught:
        load_recipe_overrides(path)
    error = caught.value
    assert error.line == line
    assert message in str(error) and "\n" not in str(error)
    assert str(error).startswith(str(path))


def test_a_file_that_is_not_utf8_or_missing_says_so(tmp_path):
    path = tmp_path / "recipes.toml"
    path.write_bytes('title = "Æon"'.encode("utf-16"))
    with pytest.raises(RecipeFileError, match="not UTF-8"):
        load_recipe_overrides(path)
    with pytest.raises(RecipeFileError, match="no such file"):
        load_recipe_overrides(tmp_path / "absent.toml")


def test_the_file_sits_beside_the_catalog_unless_the_environment_names_one(tmp_path, monkeypatch):
    monkeypatch.delenv("MYTHOS_RECIPES", raising=False)
    assert default_recipes_path(tmp_path / "data" / "catalog.sqlite") == tmp_path / "data" / "recipes.toml"
    monkeypatch.setenv("MYTHOS_RECIPES", str(tmp_path / "mine.toml"))
    assert default_recipes_path(tmp_path / "data" / "catalog.sqlite") == tmp_path / "mine.toml"
