"""Reads a user's recipe overrides file: recipes that replace the ones read from card text.

::

    [[recipe]]
    title = "The Cruise"
    recipe = \"\"\"
    1x Location & City & public:Water
    2x subtype:"Travel by Sea"
    1x Location & region:"South Pacific"
    1x Ally & Steadfast & Chief
    1x Location & City
    1x subtype:Storm
    limit: distinct:card 1 5
    \"\"\"

The file lives next to the catalog (``<catalog folder>/recipes.toml``) unless
``MYTHOS_RECIPES`` names another; ``docs/recipes.md`` describes the notation. Every problem
stops the load with a :class:`RecipeFileError` naming the file, the line and what is wrong.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from deckbuilder.catalog.importers.tomltables import TableFileError, read_tables
from deckbuilder.rules.adventures.model import Recipe
from deckbuilder.rules.adventures.notation import RecipeSyntaxError, parse_recipe_text
from deckbuilder.rules.cards import fold_title

__all__ = ["RECIPES_ENV", "RecipeFileError", "default_recipes_path", "load_recipe_overrides"]

#: The environment variable naming the overrides file.
RECIPES_ENV = "MYTHOS_RECIPES"
_KEYS = frozenset({"title", "recipe", "note"})


class RecipeFileError(TableFileError):
    """Raised when a recipe overrides file cannot be read or one of its recipes is invalid."""

    kind = "recipe-file"


def default_recipes_path(catalog_path: Path | None) -> Path | None:
    """Gets where the overrides file is: ``$MYTHOS_RECIPES``, else ``recipes.toml`` beside the catalog."""
    env = os.environ.get(RECIPES_ENV)
    if env:
        return Path(env).expanduser()
    if catalog_path is None:
        return None
    return Path(catalog_path).expanduser().parent / "recipes.toml"


def _record_lines(text: str) -> list[tuple[int, int | None]]:
    """Gets, per ``[[recipe]]`` table in order, its header line and the first line of its
    ``recipe`` value (both 1-based), for error messages."""
    lines = text.splitlines()
    records: list[tuple[int, int | None]] = []
    for number, line in enumerate(lines, start=1):
        if re.match(r"\s*\[\[\s*recipe\s*\]\]", line):
            records.append((number, None))
        elif records and records[-1][1] is None:
            match = re.match(r"\s*recipe\s*=\s*(\"\"\"|'''|\"|')(.*)$", line)
            if match:
                opens_block = match[1] in ('"""', "'''") and not match[2].strip()
                records[-1] = (records[-1][0], number + 1 if opens_block else number)
    return records


def load_recipe_overrides(path: Path) -> dict[str, Recipe]:
    """Reads an overrides file into recipes keyed by folded title (:func:`fold_title`).

    Raises :class:`RecipeFileError` for an unreadable file, invalid TOML, an unknown key, a
    missing title or recipe, a title given twice, or a recipe whose notation does not parse.
    """
    path = Path(path)
    text, records = read_tables(path, "recipe", RecipeFileError, missing=f"create it or unset {RECIPES_ENV}")
    lines = _record_lines(text)
    recipes: dict[str, Recipe] = {}
    for index, record in enumerate(records):
        header, first_line = lines[index] if index < len(lines) else (None, None)
        if not isinstance(record, dict):
            raise RecipeFileError(path, header, "write each recipe as a [[recipe]] table")
        extra = sorted(set(record) - _KEYS)
        if extra:
            raise RecipeFileError(path, header, f"unknown key {extra[0]!r}; a recipe has title, recipe and note")
        title = record.get("title")
        notation = record.get("recipe")
        if not isinstance(title, str) or not title.strip():
            raise RecipeFileError(path, header, 'the recipe needs a title = "Adventure title"')
        if not isinstance(notation, str):
            raise RecipeFileError(path, header, f'"{title}" needs a recipe = """...""" in the notation')
        note = record.get("note")
        if note is not None and not isinstance(note, str):
            raise RecipeFileError(path, header, f'the note of "{title}" must be text')
        try:
            recipe = parse_recipe_text(notation)
        except RecipeSyntaxError as exc:
            line = first_line + exc.line - 1 if first_line is not None else header
            raise RecipeFileError(path, line, f'"{title}": {exc.message} (column {exc.column})') from None
        folded = fold_title(title)
        if folded in recipes:
            raise RecipeFileError(path, header, f'"{title}" has two recipes; keep one')
        notes = recipe.notes + ((note,) if note else ())
        recipes[folded] = Recipe(
            slots=recipe.slots,
            limits=recipe.limits,
            conditions=recipe.conditions,
            uninterpreted=recipe.uninterpreted,
            notes=notes,
            adventure=recipe.adventure,
            points=recipe.points,
            origin=str(path),
        )
    return recipes
