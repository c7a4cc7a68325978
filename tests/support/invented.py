"""Invented GCCG set files, so the tests and ``tools/reliability_trials.py`` need no
third-party data: small sets of Allies named "NAME Card N" (:func:`set_file`), a large set of
Allies named from a few words (:func:`invented_set`), and the searches fired at it.

Plain standard library, nothing of ``deckbuilder`` imported: the trials tool imports this
module too (it puts ``tests/`` on its path), before any of its processes starts.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

ADJECTIVES = ("Dark", "Silver", "Hidden", "Drowned", "Whispering", "Forgotten", "Crimson", "Hollow")
NOUNS = ("Library", "Professor", "Lantern", "Archive", "Harbour", "Observatory", "Manuscript", "Sailor")
#: Searches on the invented set: bare words (one, two, misspelt: the fuzzy title words run
#: inside SQLite, the hang of issue 26) and keyed ones.
INVENTED_SEARCHES = (
    "library",
    "dark lantern",
    "manuscrpt",
    "whispering sailor",
    "observatory",
    "t:ally hollow",
    "t:ally",
    "crimson or harbour",
)
#: Searches on the real pool: the bare words that hung the server, and keyed ones.
REAL_SEARCHES = ("necronomicon", "dark young", "necronomicn", "mi-go", "t:monster young", "t:ally", "a:city")


def set_file(folder: Path, name: str, cards: int = 5) -> Path:
    """Writes an invented GCCG set ``NAME`` of ``cards`` Allies named "NAME Card N"."""
    return _write_set(folder / f"{name.lower()}.xml", name, (f"{name} Card {i}" for i in range(cards)))


def invented_set(folder: Path, cards: int = 3000) -> Path:
    """Writes an invented GCCG set of ``cards`` Allies named from a few words ("Dark Library 0",
    ...): a bare word matches many titles, so each search runs the title-word function on
    every row."""
    names = [
        f"{a} {n} {i}" for i in range(cards // (len(ADJECTIVES) * len(NOUNS)) + 1) for a in ADJECTIVES for n in NOUNS
    ][:cards]
    return _write_set(folder / "invented.xml", "Invented", names)


def _write_set(path: Path, set_name: str, names: Iterable[str]) -> Path:
    body = "".join(
        f'<card name="{name}" text="An invented card."><attr key="type" value="Ally"/>'
        f'<attr key="set" value="{set_name}"/></card>'
        for name in names
    )
    path.write_text(
        f'<?xml version="1.0" encoding="UTF-8"?><ccg-setinfo name="{set_name}" game="Mythos">'
        f"<cards>{body}</cards></ccg-setinfo>",
        encoding="utf-8",
    )
    return path
