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


def recipe_sources(catalog: Any) -> tuple[Any, dict[str, Any], list[Any]]:
    """Gets the catalog's vocabulary, the user's recipe overrides (by folded title) and the
    catalog's cards as the solver's pool (a :class:`~deckbuilder.rules.adventures.Collection`,
    each card's facts read once per open catalog: reading them for the whole pool on every
    check was most of the web builder's live verdict, ``benchmarks/web.py``). An overrides
    file named by ``$MYTHOS_RECIPES`` must exist; the one beside the catalog is optional.
    Raises ``RecipeFileError`` for a file that cannot be read.
    """
    cached = getattr(catalog, "_recipe_sources", None)
    if cached is not None:  # built once per open catalog (the sheet asks twice with --goldfish)
        return cached  # type: ignore[no-any-return]
    from deckbuilder.catalog.importers.recipes import RECIPES_ENV, default_recipes_path, load_recipe_overrides
    from deckbuilder.rules.adventures import Collection, Vocabulary

    cards = catalog.all_cards()
    overrides: dict[str, Any] = {}
    path = default_recipes_path(getattr(catalog, "path", None))
    named = os.environ.get(RECIPES_ENV)
    if path is not None and (path.is_file() or (named and path == Path(named).expanduser())):
        overrides = load_recipe_overrides(path)
    catalog._recipe_sources = sources = (Vocabulary.from_cards(cards), overrides, Collection(cards))
    return sources


def deck_recipes(catalog: Any, deck: Any) -> dict[str, Any]:
    """Gets the recipe of each Adventure in the deck (the user's override first), by card key."""
    from deckbuilder.rules.adventures import recipe_for
    from deckbuilder.rules.cards import CardType

    vocabulary, overrides, _cards = recipe_sources(catalog)
    return {e.card.key: recipe_for(e.card, vocabulary, overrides) for e in deck.main if e.card.type is CardType.ADVENTURE}
