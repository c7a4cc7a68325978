"""The recipes of a catalog's Adventures: read from the card text, or the user's own.

The edge between the catalog, the user's overrides file (``recipes.toml`` beside the
catalog, or ``$MYTHOS_RECIPES``; see ``docs/recipes.md``) and the pure recipe reader of
:mod:`deckbuilder.rules.adventures`. One place, used by ``mythos adventure``, ``deck
adventures``, ``deck plan``, ``deck goldfish`` and the deck sheet.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any


def recipe_reading(catalog: Any) -> tuple[Any, dict[str, Any]]:
    """Gets what reading a recipe needs: the catalog's vocabulary and the user's recipe
    overrides (by folded title), built once per open catalog. An overrides file named by
    ``$MYTHOS_RECIPES`` must exist; the one beside the catalog is optional. Raises
    ``RecipeFileError`` for a file that cannot be read.
    """

    def make() -> tuple[Any, dict[str, Any]]:
        from deckbuilder.catalog.importers.recipes import RECIPES_ENV, default_recipes_path, load_recipe_overrides
        from deckbuilder.rules.adventures import Vocabulary

        overrides: dict[str, Any] = {}
        path = default_recipes_path(getattr(catalog, "path", None))
        named = os.environ.get(RECIPES_ENV)
        if path is not None and (path.is_file() or (named and path == Path(named).expanduser())):
            overrides = load_recipe_overrides(path)
        return Vocabulary.from_cards(catalog.all_cards()), overrides

    # Built once per open catalog (the sheet asks twice with --goldfish), by one thread of
    # the web server while the others wait for it.
    return catalog._once("_recipe_reading", make)  # type: ignore[no-any-return]


def recipe_pool(catalog: Any) -> Any:
    """Gets the catalog's cards as the solver's pool (a
    :class:`~deckbuilder.rules.adventures.Collection`, each card's facts read once per open
    catalog: reading them for the whole pool on every check was most of the web builder's
    live verdict, ``benchmarks/web.py``), for the cards a short slot could take."""

    def make() -> Any:
        from deckbuilder.rules.adventures import Collection

        return Collection(catalog.all_cards())

    return catalog._once("_recipe_pool", make)


def recipe_sources(catalog: Any) -> tuple[Any, dict[str, Any], Any]:
    """Gets the catalog's vocabulary, the user's recipe overrides (by folded title) and the
    catalog's cards as the solver's pool: :func:`recipe_reading` and :func:`recipe_pool`.
    Raises ``RecipeFileError`` for an overrides file that cannot be read.
    """
    vocabulary, overrides = recipe_reading(catalog)
    return vocabulary, overrides, recipe_pool(catalog)


def deck_recipes(catalog: Any, deck: Any) -> dict[str, Any]:
    """Gets the recipe of each Adventure in the deck (the user's override first), by card key."""
    from deckbuilder.rules.adventures import recipe_for
    from deckbuilder.rules.cards import CardType

    vocabulary, overrides = recipe_reading(catalog)
    return {
        e.card.key: recipe_for(e.card, vocabulary, overrides) for e in deck.main if e.card.type is CardType.ADVENTURE
    }
