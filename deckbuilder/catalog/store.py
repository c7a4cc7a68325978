"""The SQLite card catalog: reading it (lookups and search) with the standard library's sqlite3.

Every SQL statement of the tool is here, in :mod:`deckbuilder.catalog.building` (the
atomic build, imported only to build, running the schema of :mod:`deckbuilder.catalog.schema`
that the sqlmodel tables of :mod:`deckbuilder.catalog.tables` emit: no command imports
SQLAlchemy), or in :mod:`deckbuilder.catalog.search.sql` (the search language's WHERE clauses). Rows become :class:`~deckbuilder.rules.cards.Card` values
at this edge. Nothing here imports the building module: it imports this one
(:mod:`deckbuilder.catalog.opening` opens a catalog, building it when there is none).

Tables:

``card``
    One row per printing, errata applied; the searchable fields as columns (folded copies
    for case-insensitive matching) and the whole card as JSON in ``data``.
``card_tag``
    ``(card_id, kind, value)`` for list fields (attributes, public attributes, languages,
    Tome languages, Spell icons), indexed by ``(kind, value)`` so that ``a:city`` or
    ``lang:latin`` is an index probe rather than a JSON scan.
``alias``
    Every name a card is found by (display title, printed title, renamed titles).
``printed_card``, ``source``
    The printed cards as imported, each transcription's own reading, and the files they
    came from: what a rebuild starts from. Cards of both transcriptions are reconciled
    into one card per printing when the catalog is built (:mod:`deckbuilder.catalog.reconcile`).
``meta``
    Build facts: schema version, errata report, reconciliation report, build time.

The file records its :data:`SCHEMA_VERSION`; a catalog an older version built is rebuilt
from its recorded source files by :func:`~deckbuilder.catalog.opening.ensure_catalog`
(see :func:`~deckbuilder.catalog.building.upgrade_catalog`).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from deckbuilder.errors import MythosError
from deckbuilder.rules.cards import SETS, Card, fold_title

#: The layout of the catalog file. 2: one card per printing across the two transcriptions,
#: with their disagreements (issue 12); 1 kept one transcription per set.
SCHEMA_VERSION = 2
SET_ORDER = {code: i for i, code in enumerate(SETS)}


class CatalogError(MythosError):
    """Raised when the catalog file cannot be opened or built."""

    kind = "catalog"


class OutdatedCatalogError(CatalogError):
    """Raised when the catalog file was built by another version of mythos (its schema
    version differs); :func:`~deckbuilder.catalog.opening.ensure_catalog` rebuilds an older one from its card files."""

    def __init__(self, path: Path, version: int | None) -> None:
        self.path = path
        self.version = version
        if version is not None and version > SCHEMA_VERSION:
            message = (
                f"{path} was built by a newer mythos (catalog schema {version}, this one reads "
                f"{SCHEMA_VERSION}); upgrade mythos or choose another catalog with --db"
            )
        else:
            message = f"{path} was built by an older mythos; rebuild it with `mythos catalog import PATH`"
        super().__init__(message)


def schema_version(con: sqlite3.Connection) -> int | None:
    """Gets the schema version a catalog file records (None when it records none)."""
    row = con.execute("select value from meta where key = 'schema_version'").fetchone()
    if row is None:
        return None
    try:
        version = json.loads(row[0])
    except ValueError:
        return None
    return version if isinstance(version, int) else None


# --------------------------------------------------------------------------------------
# Reading


class Catalog:
    """An open, read-only card catalog, safe to read from any number of threads.

    >>> catalog = Catalog.open(path)          # doctest: +SKIP
    >>> catalog.cards_titled("Dark Young")    # doctest: +SKIP

    Each read takes a connection of its own for as long as it reads (:meth:`connection`):
    see :class:`_Connections` for why, and the locks of :meth:`_once` for the caches.
    """

    def __init__(self, path: Path, con: sqlite3.Connection) -> None:
        self.path = path
        self._connections = _Connections(path, con, self._title_word_matches)
        # One lock for the caches a catalog fills as it is read: each is filled once, by one
        # thread, while the others wait for it (issue 26). Reentrant: a fill may read
        # another cache (the title words read the title list).
        self._lock = threading.RLock()
        self._all: list[Card] | None = None
        self._read: dict[int, Card] = {}
        self._title_folds: list[str] | None = None
        self._title_words: dict[str, frozenset[str]] = {}

    @classmethod
    def open(cls, path: Path) -> Catalog:
        """Opens a built catalog. Raises :class:`CatalogError` if it is not one."""
        path = Path(path)
        if not path.exists():
            raise CatalogError(f"no catalog at {path}; build one with `mythos catalog import PATH`")
        try:
            con = _connect(path)
            version = con.execute("select value from meta where key = 'schema_version'").fetchone()
        except sqlite3.DatabaseError as exc:
            raise CatalogError(
                f"{path} is not a readable mythos catalog ({exc}); rebuild it with `mythos catalog import`"
            ) from None
        found = schema_version(con) if version is not None else None
        if found != SCHEMA_VERSION:
            con.close()
            raise OutdatedCatalogError(path, found)
        return cls(path, con)

    def close(self) -> None:
        """Closes the catalog: its idle connections now, those still reading as they finish."""
        self._connections.close()

    def __enter__(self) -> Catalog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def connection(self) -> Iterator[sqlite3.Connection]:
        """Gets a connection to read with, this thread's alone until the ``with`` block ends
        (read every row inside it)."""
        with self._connections.taken() as con:
            yield con

    def trace(self, callback: Callable[[str], object] | None) -> None:
        """Calls ``callback`` with every SQL statement any connection of the catalog runs
        (None: no longer): tests pin the statements a command runs."""
        self._connections.trace(callback)

    def _once(self, name: str, make: Callable[[], Any]) -> Any:
        """Gets the cached attribute ``name``, made by ``make`` under the catalog's lock the
        first time (or after it was set to None): threads asking at once make it once."""
        value = getattr(self, name, None)
        if value is None:
            with self._lock:
                value = getattr(self, name, None)
                if value is None:
                    value = make()
                    setattr(self, name, value)
        return value

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Gets every row of a statement, read on a connection taken for it."""
        with self._connections.taken() as con:
            return con.execute(sql, params).fetchall()

    def meta(self) -> dict[str, Any]:
        """Gets the build facts (schema version, errata report, build time)."""
        return {k: json.loads(v) for k, v in self._rows("select key, value from meta")}

    def all_cards(self) -> list[Card]:
        """Gets every card, in set order (cached)."""
        cards: list[Card] = self._once(
            "_all",
            lambda: [
                self._card(row_id, d) for row_id, d in self._rows("select id, data from card order by set_order, id")
            ],
        )
        return cards

    def cards_by_keys(self, keys: Sequence[str]) -> list[Card]:
        """Gets the cards with these keys (one statement)."""
        if not keys:
            return []
        marks = ",".join("?" * len(keys))
        rows = self._rows(f"select id, data from card where key in ({marks})", list(keys))
        return [self._card(row_id, d) for row_id, d in rows]

    def cards_with_folded_titles(self, folded: Sequence[str]) -> list[Card]:
        """Gets every printing whose title folds to one of ``folded``
        (:func:`~deckbuilder.rules.cards.fold_title`), in set order: one indexed query for
        up to 500 titles."""
        found: list[tuple[int, int, Card]] = []
        titles = list(dict.fromkeys(folded))
        for start in range(0, len(titles), 500):
            part = titles[start : start + 500]
            rows = self._rows(
                f"select set_order, id, data from card where title_fold in ({','.join('?' * len(part))})", part
            )
            found.extend((order, row_id, self._card(row_id, d)) for order, row_id, d in rows)
        return [card for _order, _id, card in sorted(found, key=lambda row: (row[0], row[1]))]

    def cards_named(self, name: str) -> list[Card]:
        """Gets every printing found by this name (title, printed title or alias), folded."""
        rows = self._rows(
            "select c.id, c.data from alias a join card c on c.id = a.card_id where a.fold = ? "
            "order by c.set_order, c.id",
            (fold_title(name),),
        )
        return [self._card(row_id, d) for row_id, d in rows]

    def titles_starting(self, prefix: str, *, card_type: str | None = None, limit: int = 50) -> list[str]:
        """Gets up to ``limit`` titles that begin with ``prefix`` (folded; a leading article
        may be left out), of one card type if given, in sort order (shell completion)."""
        folded = fold_title(prefix).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        bare = prefix.casefold().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        sql = (
            "select title from card where (title_fold like ? escape '\\' or sort_title like ? escape '\\')"
            + (" and type = ?" if card_type else "")
            + " group by title order by min(sort_title) limit ?"
        )
        params: list[Any] = [folded + "%", bare + "%", *([card_type] if card_type else []), int(limit)]
        return [title for (title,) in self._rows(sql, params)]

    def sources(self) -> list[dict[str, Any]]:
        with self._connections.taken() as con:
            cur = con.execute(
                "select path, transcription, set_code, cards, sha256, imported_at from source order by id"
            )
            names = [d[0] for d in cur.description]
            return [dict(zip(names, row)) for row in cur]

    def counts(self) -> dict[str, Any]:
        """Gets card counts by set, by type and by legality."""
        by_set = dict(self._rows("select set_code, count(*) from card group by set_code order by min(set_order)"))
        by_type = dict(self._rows("select coalesce(type, '?'), count(*) from card group by type order by type"))
        by_legality = dict(self._rows("select legality, count(*) from card group by legality"))
        total = self._rows("select count(*) from card")[0][0]
        return {"total": total, "by_set": by_set, "by_type": by_type, "by_legality": by_legality}

    def problems(self) -> list[dict[str, Any]]:
        """Gets every value an importer kept raw because it could not interpret it."""
        out = []
        for (data,) in self._rows("select data from card where has_problems order by set_order, id"):
            card = json.loads(data)
            for p in card["problems"]:
                out.append({"card": card["title"], "set": card["set"], "key": card["key"], **p})
        return out

    def disagreements(self) -> list[dict[str, Any]]:
        """Gets every field the transcriptions read differently or a document states
        otherwise, card by card in set order: the card, its set and key, and the
        disagreement (:meth:`~deckbuilder.rules.cards.Disagreement.to_dict`)."""
        out = []
        for (data,) in self._rows("select data from card where has_disagreements order by set_order, id"):
            card = json.loads(data)
            for d in card["disagreements"]:
                out.append({"card": card["title"], "set": card["set"], "key": card["key"], **d})
        return out

    def search(
        self, query: Any, *, limit: int | None = None, sort: str = "title", owned: frozenset[str] = frozenset()
    ) -> list[Card]:
        """Gets the cards matching a parsed query (see :mod:`deckbuilder.catalog.search`);
        ``owned`` holds the folded titles ``is:owned`` matches."""
        from deckbuilder.catalog.search.sql import compile_query, order_by

        where, params = compile_query(query, owned)
        if "title_word(" in where:
            # The titles are read before the statement runs, not from inside title_word
            # while SQLite steps through the rows.
            self._title_list()
        sql = f"select id, data from card where {where} order by {order_by(sort)}"
        if limit is not None:
            sql += f" limit {int(limit)}"
        return [self._card(row_id, d) for row_id, d in self._rows(sql, params)]

    def _card(self, row_id: int, data: str) -> Card:
        """Gets the card of a row, read from its JSON once per open catalog: a card is a
        frozen value and the file is not written while open, so every later search, look-up
        or deck that finds it again (the web builder searches at each keystroke) takes the
        same card (issue 17). Two threads reading a row at once keep the first card stored
        (``setdefault`` is one step under the interpreter lock)."""
        card = self._read.get(row_id)
        if card is None:
            card = self._read.setdefault(row_id, Card.from_dict(json.loads(data)))
        return card

    def _title_list(self) -> list[str]:
        """Gets every folded title of the catalog (cached)."""
        folds: list[str] = self._once(
            "_title_folds", lambda: [t for (t,) in self._rows("select distinct title_fold from card")]
        )
        return folds

    def _title_word_matches(self, word: str, folded_title: str) -> bool:
        """Checks a title word against a folded title as
        :func:`~deckbuilder.catalog.search.matching.title_word_matches` does, from the titles
        the word matches, found for every title of the catalog at once at its first ask.
        SQLite calls it (``title_word``) on the connection of the thread that searches."""
        matched = self._title_words.get(word)
        if matched is None:
            from deckbuilder.catalog.search.matching import titles_matching

            with self._lock:
                matched = self._title_words.get(word)
                if matched is None:
                    if len(self._title_words) >= 1000:  # a long-running web builder: keep the memory bounded
                        self._title_words.clear()
                    matched = self._title_words[word] = titles_matching(word, self._title_list())
        return folded_title in matched


def _connect(path: Path) -> sqlite3.Connection:
    """Opens a read-only connection to a catalog file; handed from thread to thread by
    :class:`_Connections`, one thread at a time (hence ``check_same_thread=False``)."""
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)


def _file_stamp(path: Path) -> tuple[int, int] | None:
    """Gets what tells a catalog file from the one renamed over it: its inode and modification time."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_ino, info.st_mtime_ns


class _Connections:
    """A catalog's connections: each read takes one no other thread is using, and gives it
    back when it has read every row.

    Why (issue 26): ``mythos serve`` reads the catalog from many threads at once (Starlette
    runs each search in its threadpool). With one connection shared across them, a thread
    inside ``sqlite3_step`` that calls our Python function ``title_word`` holds SQLite's
    mutex of the connection and waits for the interpreter lock, while another thread holds
    the interpreter lock and waits for that mutex: the server hung for good, deaf to Ctrl-C.
    A connection used by one thread at a time cannot meet itself so. Why a pool rather
    than a connection per thread (``threading.local``): the threadpool ends a thread idle
    for 10 s and starts others, so per-thread connections would pile up with no one to
    close them (a sqlite3 connection takes no weak reference to close it by); and why not
    one connection behind a lock: searches would wait for one another (a bare-word search
    over the real pool takes some 7 ms, its first ask of a word more), and a long read (every
    card, for the recipes) would hold up every search. Opening a connection and registering
    ``title_word`` on it takes 0.3 ms, and the pool keeps
    :data:`IDLE_KEPT` of them open between reads, so a busy server opens few.

    A connection is opened only while the file is the one the catalog opened: once an
    import has renamed a new catalog into place, a new connection would read the new file
    (other row ids than the cards this catalog has read), so a read then waits for one of the
    connections already open, on the old file, instead.
    """

    #: The idle connections kept open for the next reads (more are opened when busy).
    IDLE_KEPT = 8

    def __init__(self, path: Path, first: sqlite3.Connection, title_word: Callable[[str, str], bool]) -> None:
        self._path = path
        self._title_word = title_word
        self._lock = threading.Lock()
        self._given_back = threading.Condition(self._lock)
        self._idle: list[sqlite3.Connection] = []
        self._closed = False
        self._tracer: Callable[[str], object] | None = None
        self._file = _file_stamp(path)
        self._idle.append(self._ready(first))

    def _ready(self, con: sqlite3.Connection) -> sqlite3.Connection:
        """Gets a new connection ready: ``title_word`` registered, the tracer set."""
        con.create_function("title_word", 2, self._title_word, deterministic=True)
        con.set_trace_callback(self._tracer)
        return con

    @contextmanager
    def taken(self) -> Iterator[sqlite3.Connection]:
        """Gets an idle connection (or a new one) for this thread until the block ends."""
        with self._lock:
            if self._closed:
                raise CatalogError(f"the catalog {self._path} was closed; open it again")
            con = self._idle.pop() if self._idle else None
            if con is None and _file_stamp(self._path) != self._file:  # replaced: wait for one of ours
                while not self._idle and not self._closed:
                    self._given_back.wait()
                if self._closed:
                    raise CatalogError(f"the catalog {self._path} was closed; open it again")
                con = self._idle.pop()
        if con is None:
            try:
                con = self._ready(_connect(self._path))
            except sqlite3.DatabaseError as exc:
                raise CatalogError(
                    f"{self._path} cannot be read ({exc}); rebuild it with `mythos catalog import`"
                ) from None
        try:
            yield con
        finally:
            with self._lock:
                kept = not self._closed and len(self._idle) < self.IDLE_KEPT
                if kept:
                    self._idle.append(con)
                    self._given_back.notify()
            if not kept:
                con.close()

    def trace(self, callback: Callable[[str], object] | None) -> None:
        """Sets the statement tracer of every connection, those opened later too."""
        with self._lock:
            self._tracer = callback
            for con in self._idle:
                con.set_trace_callback(callback)

    def close(self) -> None:
        """Closes the idle connections; those taken close as they are given back."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
            self._given_back.notify_all()
        for con in idle:
            con.close()
