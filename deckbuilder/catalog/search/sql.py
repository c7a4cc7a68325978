"""Turns a parsed search query (:mod:`deckbuilder.catalog.search`) into an SQL ``WHERE`` clause.

The rules are those of :func:`deckbuilder.catalog.search.matching.matches`, key by key; a test runs both
over the whole pool and requires the same cards. List fields are probes of the indexed
``card_tag`` table; title words call the very Python function the evaluator uses,
registered with SQLite as ``title_word``.
"""

from __future__ import annotations

import json
from typing import Any

from deckbuilder.catalog.search.syntax import And, Node, Not, Or, Term, TitleWords

_NUMERIC = {"v": ("value", "value2"), "san": ("sanity",), "edu": ("education",), "hand": ("hand",)}
_OPS = {"=", "!=", "<", "<=", ">", ">="}


def _tag(kind: str | tuple[str, ...], values: tuple[str, ...]) -> tuple[str, list[Any]]:
    kinds = (kind,) if isinstance(kind, str) else kind
    sql = (
        "exists (select 1 from card_tag t where t.card_id = card.id and t.kind in ({k}) and t.value in ({v}))"
    ).format(k=",".join("?" * len(kinds)), v=",".join("?" * len(values)))
    return sql, [*kinds, *values]


def _region(column: str, value: str) -> tuple[str, list[Any]]:
    # The whole folded Region/Subregion or its first whole words ("r:lovecraft").
    return f"({column} = ? or substr({column}, 1, ?) = ?)", [value, len(value) + 1, value + " "]


def _term(term: Term, owned: frozenset[str]) -> tuple[str, list[Any]]:
    key, op, value = term.key, term.op, term.value
    if key in _NUMERIC:
        columns = _NUMERIC[key]
        if op not in _OPS:
            raise ValueError(f"unknown numeric operator {op!r}")
        if op == "!=":
            present = " or ".join(f"{c} is not null" for c in columns)
            differ = " and ".join(f"({c} is null or {c} != ?)" for c in columns)
            return f"(({present}) and {differ})", [value] * len(columns)
        return "(" + " or ".join(f"{c} {op} ?" for c in columns) + ")", [value] * len(columns)
    text = str(value)
    if key == "t":
        return "type = ?", [text]
    if key == "dim":
        return "dimension = ?", [text]
    if key == "al":
        return "allegiance = ?", [text]
    if key == "set":
        return "set_code = ?", [text.upper()]
    if key == "pub":
        return _tag("pub", (text.casefold(),))
    if key == "icon":
        return _tag("icon", (text.casefold(),))
    if key == "a":
        return _tag("attr", (text,))
    if key == "occ":
        return _tag("occ", (text,))
    if key == "lang":
        return _tag(("lang", "tlang"), (text, "all", "all languages"))
    if key == "st":
        return "(subtype_fold = ? or lower(monster_class) = ?)", [text, text]
    if key == "class":
        return "lower(monster_class) = ?", [text]
    if key == "rarity":
        return "lower(rarity) = lower(?)", [text]
    if key == "r":
        return _region("region_fold", text)
    if key == "sr":
        return _region("subregion_fold", text)
    if key == "o":
        return "instr(text_fold, ?) > 0", [text]
    if key == "name":
        return ("title_fold = ?" if op == "=" else "instr(title_fold, ?) > 0"), [text]
    if key == "is":
        return _flag(text, owned)
    raise ValueError(f"unknown search key {key!r}")


def _flag(flag: str, owned: frozenset[str]) -> tuple[str, list[Any]]:
    if flag == "owned":
        # One parameter however large the collection: SQLite's variable limit never bites.
        return "title_fold in (select value from json_each(?))", [json.dumps(sorted(owned))]
    if flag == "unique":
        return "is_unique", []
    if flag in ("gate", "goo"):
        return flag, []
    if flag in ("official", "fan", "repointed"):
        return "legality = ?", [flag]
    if flag == "errata":
        return "has_errata", []
    if flag in ("steadfast", "corrupt"):
        return "allegiance = ?", [flag.capitalize()]
    if flag == "island":
        return _tag("attr", ("island",))
    if flag == "exotic":
        return _region("region_fold", "exotic")
    raise ValueError(f"unknown flag {flag!r}")


def compile_query(node: Node, owned: frozenset[str] = frozenset()) -> tuple[str, list[Any]]:
    """Gets the ``WHERE`` clause and its parameters for a parsed query (``owned``: the folded
    titles of the player's collection, for ``is:owned``)."""
    if isinstance(node, Term):
        return _term(node, owned)
    if isinstance(node, TitleWords):
        return "title_word(?, title_fold)", [node.text]
    if isinstance(node, Not):
        sql, params = compile_query(node.item, owned)
        return f"not ({sql})", params
    if isinstance(node, (And, Or)):
        joiner = " and " if isinstance(node, And) else " or "
        parts, params = [], []
        for item in node.items:
            sql, p = compile_query(item, owned)
            parts.append(f"({sql})")
            params.extend(p)
        return joiner.join(parts), params
    raise TypeError(f"not a query node: {node!r}")


_ORDER = {
    "title": "sort_title, set_order, id",
    "set": "set_order, sort_title, id",
    "type": "type, sort_title, set_order, id",
    # What sits in the upper left corner (rulebook:107): a number, highest first; then the
    # symbols in place of one, the Elder Sign of a GOO and a Location's Gate swirl
    # (rulebook:119); then cards with nothing there.
    "value": "value is null, value desc, goo desc, gate desc, sort_title, id",
    "sanity": "sanity is null, sanity, sort_title, id",
    "subregion": "subregion is null, subregion_fold, sort_title, id",
    "region": "(region is null and subregion is null), region is null, region_fold, subregion_fold, sort_title, id",
    "gate": "gate desc, sort_title, set_order, id",
    "unique": "is_unique desc, sort_title, set_order, id",
}


def order_by(sort: str) -> str:
    """Gets the ``ORDER BY`` list for a ``--sort`` name."""
    return _ORDER[sort]
