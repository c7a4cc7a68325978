"""What a catalog keeps that is built from its cards, so a command does not build it again.

A reading command used to read and parse every card of the pool (1.4 MB of JSON for the
GCCG pool) to resolve a deck's fifty names; the name tables of the resolver
(:meth:`~deckbuilder.decklists.resolve.CardIndex.tables`, made by
:mod:`deckbuilder.decklists.nametables`) are built once, when the catalog
is built, and kept in its ``meta`` table, and a command then reads only the printings of
the titles a deck names (issue 17).

What is kept is only as good as the code that built it: each entry carries the fingerprint
of that code (:func:`code_fingerprint`: the version and the source files the tables are
computed by), and an entry whose fingerprint is not the running code's is never used; the
command builds what it needs from the cards, as before, until the next import.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from deckbuilder.rules.cards import Card

#: The ``meta`` key of the resolver's name tables.
NAME_TABLES = "name_tables"


def _source(module: ModuleType) -> bytes:
    """Gets a module's source file (beside its compiled form, which the wheel keeps too), or
    the compiled file itself where the source is absent."""
    file = Path(module.__file__ or "")
    source = file.with_name(module.__name__.rpartition(".")[2] + ".py")
    try:
        return source.read_bytes()
    except OSError:
        return file.read_bytes()


def code_fingerprint(*modules: ModuleType) -> str:
    """Gets a fingerprint of the code of these modules and mythos's version: what was built
    by other code (an edited module, another release) has another fingerprint."""
    import deckbuilder

    digest = hashlib.sha256(deckbuilder.__version__.encode())
    for module in modules:
        digest.update(module.__name__.encode())
        digest.update(_source(module))
    return digest.hexdigest()


def _names_fingerprint() -> str:
    # The tables are computed by the resolver's name tables (decklists/nametables.py) with
    # the title folding of the rules core (rules/cards.py).
    from deckbuilder.decklists import nametables
    from deckbuilder.rules import cards

    return code_fingerprint(nametables, cards)


def name_tables_entry(cards: Sequence[Card]) -> dict[str, Any]:
    """Gets the name tables of these cards, given in the catalog's order (set order, then as
    written), with the fingerprint of the code that built them: the ``meta`` entry (the
    tables of ``CardIndex(cards)``, made without loading the resolver)."""
    from deckbuilder.decklists.nametables import name_tables, title_groups

    return {"code": _names_fingerprint(), "tables": name_tables(title_groups(cards))}


def stored_name_tables(con: sqlite3.Connection) -> dict[str, Any] | None:
    """Gets the name tables a catalog keeps, or ``None`` when it keeps none that the running
    code built (a catalog from before issue 17, or from other code)."""
    row = con.execute("select value from meta where key = ?", (NAME_TABLES,)).fetchone()
    if row is None:
        return None
    try:
        entry = json.loads(row[0])
    except ValueError:
        return None
    if not isinstance(entry, dict) or entry.get("code") != _names_fingerprint():
        return None
    tables = entry.get("tables")
    return tables if isinstance(tables, dict) else None
