"""The cards a player owns: copies per title, and what a deck needs beyond them.

The collection is one of the tool's JSON deck files (written by ``mythos collection
import`` from a counts file in any deck format), so its titles are already resolved and it
is read here without the catalog. Copies are counted by title across sets and
printings, as the four-copy rule counts a deck's cards (rulings document line 12): a player
who owns a Limited Edition Dark Young can play it where a deck lists the Standard one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckbuilder.library.diff import SECTIONS
from deckbuilder.rules.cards import display_title, fold_title, sort_title
from deckbuilder.rules.decks import Deck


def owned_titles(path: Path) -> dict[str, int] | None:
    """Gets the copies owned per folded title, from the collection file; None when there is
    no collection yet.

    Raises ``DeckStoreError`` for a collection file that is not the tool's JSON.
    """
    from deckbuilder.library.saved import DeckStoreError
    from deckbuilder.paths import read_regular_file

    try:
        # A pipe or a device given as --collection is refused at once, not waited on.
        text = read_regular_file(Path(path), 50_000_000).decode("utf-8")
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise DeckStoreError(f"{path}: the collection cannot be read ({exc.strerror or exc})") from None
    try:
        doc = json.loads(text)
    except ValueError:
        doc = None
    if not isinstance(doc, dict):
        raise DeckStoreError(f"{path}: not a collection file; import one with `mythos collection import FILE`")
    owned: dict[str, int] = {}
    for _section, key in SECTIONS:
        for entry in doc.get(key) or ():
            if (
                isinstance(entry, Mapping)
                and isinstance(entry.get("title"), str)
                and isinstance(entry.get("count"), int)
            ):
                title = fold_title(entry["title"])
                owned[title] = owned.get(title, 0) + entry["count"]
    return owned


@dataclass(frozen=True)
class Shortfall:
    """A title a deck holds more copies of than the player owns."""

    title: str
    needed: int
    owned: int

    def to_dict(self) -> dict[str, Any]:
        """Gets the shortfall as JSON-ready data."""
        return {"title": self.title, "needed": self.needed, "owned": self.owned}

    def __str__(self) -> str:
        return f"{self.title}: the deck has {self.needed}, you own {self.owned}"


def shortfalls(deck: Deck, owned: Mapping[str, int]) -> list[Shortfall]:
    """Gets every title of a deck (all sections) of which the player owns fewer copies, by title."""
    needed: dict[str, tuple[str, int]] = {}
    for entry in deck.entries:
        key = fold_title(entry.card.title)
        title, count = needed.get(key, (display_title(entry.card.title), 0))
        needed[key] = (title, count + entry.count)
    short = [
        Shortfall(title, count, owned.get(key, 0))
        for key, (title, count) in needed.items()
        if count > owned.get(key, 0)
    ]
    return sorted(short, key=lambda s: sort_title(s.title))
