"""Finds the data the tool ships and the catalog database on this machine."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def shipped_dir(name: str) -> Path:
    """Gets a folder the tool ships (``catalog`` or ``templates``).

    A wheel carries them inside the package as ``deckbuilder/data/NAME`` (pyproject's
    force-include), which leaves the names ``deckbuilder/catalog`` and
    ``deckbuilder/sheet`` to the code; a source checkout keeps them at the top of the
    repository.
    """
    inside = _PACKAGE / "data" / name
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / name


def catalog_data_dir() -> Path:
    """Gets the folder of shipped catalog data: errata, rulings, formats, the sample cards."""
    return shipped_dir("catalog")


def templates_dir() -> Path:
    """Gets the folder of the Jinja templates."""
    return shipped_dir("templates")


def user_data_folder() -> Path:
    """Gets the user data folder the catalog, the saved decks and the collection live in."""
    from platformdirs import user_data_dir  # imported here: start-up stays light

    return Path(user_data_dir("mythos-deckbuilder", appauthor=False))


def default_db_path() -> Path:
    """Gets where the catalog lives: ``MYTHOS_DB`` if set, else the user data folder."""
    env = os.environ.get("MYTHOS_DB")
    if env:
        return Path(env).expanduser()
    return user_data_folder() / "catalog.sqlite"


def default_decks_dir() -> Path:
    """Gets the folder of saved decks: ``MYTHOS_DECKS`` if set, else ``decks/`` in the user
    data folder, beside the catalog (a catalog rebuild never touches it)."""
    env = os.environ.get("MYTHOS_DECKS")
    if env:
        return Path(env).expanduser()
    return user_data_folder() / "decks"


def default_collection_path() -> Path:
    """Gets the file of the cards the user owns: ``MYTHOS_COLLECTION`` if set, else
    ``collection.json`` in the user data folder."""
    env = os.environ.get("MYTHOS_COLLECTION")
    if env:
        return Path(env).expanduser()
    return user_data_folder() / "collection.json"
