"""Cards as the front ends see them: one card by name, and searches (parsed before the
catalog is opened, then run)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckbuilder.errors import UsageError

if TYPE_CHECKING:
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.rules.cards import Card


#: The orders search results can come in (``mythos search --sort``).
SEARCH_ORDERS = ("title", "set", "type", "value", "sanity", "subregion", "region", "gate", "unique")


@dataclass(frozen=True)
class CardView:
    """The printings of the card a name means, as they play today (``mythos card``).

    ``printings`` holds every printing of the title when one was asked for by its key.
    """

    cards: list[Card]
    notes: tuple[str, ...] = ()
    printings: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, Any] | list[dict[str, Any]]:
        """Gets the card as ``mythos card --json`` prints it: one printing, or a list of them."""
        data = [c.to_dict() for c in self.cards]
        return data[0] if len(data) == 1 else data


def find_card(catalog: Catalog, name: str, set_code: str | None = None) -> CardView:
    """Gets every printing of the card a name means (spelling may be loose), narrowed to a
    set, or the one printing a catalog key names (``LTD:dark-young``); a loose reading comes
    back as a note.

    Raises ``UnknownCardError``, ``AmbiguousCardError`` or ``NoPrintingInSetError``.
    """
    from deckbuilder.catalog.lookup import find_cards

    if ":" in name and not set_code:
        by_key = catalog.cards_by_keys([name.strip()])
        if by_key:
            return CardView(by_key, (), tuple(catalog.cards_named(by_key[0].title)) or tuple(by_key))
    found = find_cards(catalog, name, set_code)
    return CardView(found.cards, (found.note,) if found.note else ())


@dataclass(frozen=True)
class SearchQuery:
    """A search to run: the query as typed, its syntax tree, the order and the limit."""

    text: str
    tree: Any
    sort: str = "title"
    limit: int | None = None
    descending: bool = False


#: The largest ``--limit`` a search takes: far more cards than the game has (SQLite's own
#: limit is 64 bits, and a larger one failed inside it).
MAX_SEARCH_LIMIT = 1_000_000


def parse_search(query: str, *, sort: str = "title", limit: int | None = None, descending: bool = False) -> SearchQuery:
    """Reads a search query and its options (``descending``: the order reversed), before any
    catalog is opened.

    Raises ``QuerySyntaxError`` for a query that cannot be read and
    :class:`~deckbuilder.errors.UsageError` for an unknown order or a limit below 1 or
    above :data:`MAX_SEARCH_LIMIT`.
    """
    if sort not in SEARCH_ORDERS:
        raise UsageError(f"--sort {sort!r} is not one of: {', '.join(SEARCH_ORDERS)}")
    if limit is not None and limit < 1:
        raise UsageError(f"--limit {limit}: show at least 1 card")
    if limit is not None and limit > MAX_SEARCH_LIMIT:
        shown = str(limit) if limit < 10**30 else "(a number of more than 30 digits)"
        raise UsageError(
            f"--limit {shown}: show at most {MAX_SEARCH_LIMIT:,} cards (every card of the game is "
            "far fewer); leave --limit out to see them all"
        )
    from deckbuilder.catalog.search import parse_query

    return SearchQuery(query, parse_query(query), sort, limit, descending)


@dataclass(frozen=True)
class SearchResult:
    """The cards a search found, in order."""

    cards: list[Card]

    def to_json(self) -> list[dict[str, Any]]:
        """Gets the cards as ``mythos search --json`` prints them."""
        return [c.to_dict() for c in self.cards]


def search_cards(catalog: Catalog, search: SearchQuery, *, collection: str | Path | None = None) -> SearchResult:
    """Gets the cards a parsed search finds (see :func:`parse_search`); ``is:owned`` reads
    the collection (``collection``, else the default file), and matches nothing without one."""
    owned: frozenset[str] = frozenset()
    if "is:owned" in query_terms(search.tree):
        owned = frozenset(owned_cards(collection) or ())
    if not search.descending:
        return SearchResult(catalog.search(search.tree, limit=search.limit, sort=search.sort, owned=owned))
    found = catalog.search(search.tree, sort=search.sort, owned=owned)[::-1]
    return SearchResult(found[: search.limit] if search.limit else found)


def query_terms(node: Any) -> set[str]:
    """Gets a query's terms as ``key:value`` (``is:owned``), however deeply nested."""
    items = getattr(node, "items", None) or ((node.item,) if hasattr(node, "item") else ())
    own = {f"{node.key}:{node.value}"} if hasattr(node, "key") else set()
    return own.union(*(query_terms(i) for i in items))


def owned_cards(collection: str | Path | None = None) -> dict[str, int] | None:
    """Gets the copies the player owns per folded title, or None without a collection."""
    from deckbuilder.library import owned_titles
    from deckbuilder.paths import default_collection_path

    return owned_titles(Path(collection).expanduser() if collection else default_collection_path())
