"""Finds the data the tool ships and the catalog database on this machine, and reads a file
the user names (:func:`read_regular_file`: a file, never a pipe or a device).

Standard library only, so every reader (card data, deck lists, the collection) can import it
without importing another reader."""

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


#: What a file that is not a regular file is, by :mod:`stat`'s test, in a message.
_NOT_REGULAR = (
    ("S_ISDIR", "a folder"),
    ("S_ISFIFO", "a named pipe (FIFO)"),
    ("S_ISSOCK", "a socket"),
    ("S_ISCHR", "a device"),
    ("S_ISBLK", "a device"),
)


def _check_regular(mode: int, path: Path) -> None:
    import errno
    import stat

    if stat.S_ISREG(mode):
        return
    kind = next((name for test, name in _NOT_REGULAR if getattr(stat, test)(mode)), "not a regular file")
    fix = "name a file in it" if stat.S_ISDIR(mode) else "save what it gives to a file and name that"
    # An OSError, as every reader of a user's file reports one: in one line.
    raise OSError(errno.EINVAL, f"{kind}, not a file; {fix}")


def read_regular_file(path: Path, limit: int) -> bytes:
    """Gets at most ``limit`` bytes of a regular file, refusing at once a folder, a named
    pipe (which would wait for a writer for ever), a socket or a device.

    The path is checked before it is opened, and the file opened without waiting
    (``O_NONBLOCK``, POSIX; Windows has no named pipes among files) and checked again, so
    that a pipe put in its place meanwhile is refused too. Raises ``OSError`` (``EINVAL``
    for anything but a file).
    """
    _check_regular(os.stat(path).st_mode, path)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as handle:
        _check_regular(os.fstat(fd).st_mode, path)
        return handle.read(limit)
