"""Building the card catalog: the atomic build (issue 2), apart from reading it
(:mod:`deckbuilder.catalog.store`).

The tables are the sqlmodel models of :mod:`deckbuilder.catalog.tables`; a build creates
them from the SQL those models emit, kept in :mod:`deckbuilder.catalog.schema`, and writes
with the standard library's sqlite3, so that neither a reading command nor an import loads
sqlmodel or SQLAlchemy (issue 17: their import was most of ``mythos deck check``'s time;
issue 28: 0.30 s of the 0.73 s of ``mythos catalog import``). The models are found here
too (``building.CardRow``), imported when asked for.

A build never writes into the live file: it reads the printed cards the catalog already
holds, merges the newly imported ones, applies the errata and rulings, writes a complete
new database beside the old one and renames it into place (``os.replace`` is atomic), so an
interrupted or failed import leaves the previous catalog intact. The tables are described in
:mod:`deckbuilder.catalog.store`.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from pathlib import Path
from typing import Any

from deckbuilder.catalog.importers import ImportResult, SourceFile
from deckbuilder.catalog.schema import CREATE_INDEXES, CREATE_TABLES
from deckbuilder.catalog.store import SCHEMA_VERSION, SET_ORDER, CatalogError, OutdatedCatalogError, schema_version
from deckbuilder.rules.cards import Card, fold_title, sort_title

#: Tag kinds: what ``card_tag`` indexes, and where each comes from on a card (a sequence,
#: empty for most cards and kinds, which the build then skips).
TAG_KINDS: dict[str, Callable[[Card], Sequence[str]]] = {
    "attr": lambda c: (*c.attributes, *c.occupations, *((c.allegiance.value,) if c.allegiance else ())),
    "occ": lambda c: c.occupations,
    "pub": lambda c: [p.value for p in c.public],
    "icon": lambda c: [i.value for i in c.icons],
    "lang": lambda c: c.languages,
    "tlang": lambda c: c.tome_languages,
}


@dataclass
class BuildReport:
    """What a build did: cards written, files read, errata applied and unmatched."""

    path: Path
    cards: int
    sources: list[SourceFile] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    errata_applied: int = 0
    errata_unmatched: list[str] = field(default_factory=list)
    errata_not_applied: list[str] = field(default_factory=list)
    reconciliation: dict[str, Any] = field(default_factory=dict)
    #: The schema version of the catalog this build replaced, when it upgraded an older one.
    upgraded_from: int | None = None
    seconds: float = 0.0


# --------------------------------------------------------------------------------------
# Building


@dataclass
class _Printed:
    card: Card
    source_path: str
    transcription: str
    seq: int


def build_catalog(
    db_path: Path,
    new: ImportResult | None = None,
    *,
    sample: Sequence[Card] | None = None,
    errata_dir: Path | None = None,
    start_empty: bool = False,
    wait: bool = True,
    on_wait: Callable[[], None] | None = None,
) -> BuildReport:
    """Builds the catalog at ``db_path`` from what it holds plus ``new``, atomically, holding
    the catalog's lock from the first read to the swap (:mod:`deckbuilder.catalog.files`).

    ``sample`` (the bundled sample cards) is used when the catalog holds no imported
    cards; ``start_empty`` ignores what the existing file holds (an upgrade reads its card
    files again). Cards from a file already imported are replaced (importing is idempotent); a set
    imported from the other transcription replaces that set. The errata and rulings of
    ``catalog/`` are applied to the printed cards. When another build holds the lock,
    ``on_wait`` is called and the build waits for it, or with ``wait`` false raises
    ``CatalogBusyError``.

    Raises :class:`CatalogError` when the existing catalog cannot be read or the new one
    cannot be written; the existing file is then untouched.
    """
    from deckbuilder.catalog.files import catalog_lock

    with catalog_lock(Path(db_path), wait=wait, on_wait=on_wait):
        return _build_locked(Path(db_path), new, sample=sample, errata_dir=errata_dir, start_empty=start_empty)


def build_missing(db_path: Path) -> BuildReport | None:
    """Builds the catalog at ``db_path`` from the bundled sample, under the catalog's lock,
    unless another build made it while this one waited for the lock (then None)."""
    from deckbuilder.catalog.files import catalog_lock

    with catalog_lock(Path(db_path)):
        if Path(db_path).exists():
            return None
        return _build_locked(Path(db_path))


def _build_locked(
    db_path: Path,
    new: ImportResult | None = None,
    *,
    sample: Sequence[Card] | None = None,
    errata_dir: Path | None = None,
    start_empty: bool = False,
) -> BuildReport:
    """Builds the catalog as :func:`build_catalog` does; the caller holds the lock."""
    from deckbuilder.catalog.files import remove_stale_builds

    started = time.perf_counter()
    remove_stale_builds(db_path)
    notes: list[str] = []
    # The files imported again: their earlier reading is replaced, so it is not read at all.
    replaced = _files_of(new.sources) if new is not None and new.cards else set()
    old_printed, old_sources = (
        _read_printed(db_path, notes, replaced) if db_path.exists() and not start_empty else ([], [])
    )
    printed = old_printed
    sources = old_sources
    if new is not None and new.cards:
        printed, sources = _merge(old_printed, old_sources, new, notes)
    if not any(p.transcription != "sample" for p in printed):
        if sample is None:
            from deckbuilder.catalog.importers.sample import read_sample_catalog

            sample = read_sample_catalog()
        printed = [_Printed(c, "catalog/sample/cards.toml", "sample", i) for i, c in enumerate(sample)]
        sources = [SourceFile("catalog/sample/cards.toml", "sample", "SAMPLE", len(sample), "")]
    else:
        printed = [p for p in printed if p.transcription != "sample"]
        sources = [s for s in sources if s.transcription != "sample"]

    printed = _renumber_printed(printed)

    from deckbuilder.catalog.importers.cardfacts import load_card_facts
    from deckbuilder.catalog.importers.errata import load_errata, load_rulings
    from deckbuilder.catalog.reconcile import reconcile, settle_by_errata
    from deckbuilder.rules.errata import apply_errata, attach_rulings

    facts_path = (errata_dir / "card-facts.toml") if errata_dir else None
    reconciled = reconcile([(p.card, p.transcription) for p in printed], load_card_facts(facts_path))
    cards = _renumber(reconciled.cards)
    errata_path = (errata_dir / "errata.toml") if errata_dir else None
    rulings_path = (errata_dir / "rulings.toml") if errata_dir else None
    report = apply_errata(cards, load_errata(errata_path))
    playing = attach_rulings(settle_by_errata(report.cards), load_rulings(rulings_path))

    build = BuildReport(path=db_path, cards=len(playing), sources=sources, notes=notes + (new.notes if new else []))
    build.errata_applied = len(report.applied)
    build.errata_unmatched = [e.describe() for e in report.unmatched]
    build.errata_not_applied = [f"{o.card_key}: {o.erratum.describe()}: {o.message}" for o in report.failed]
    build.reconciliation = reconciled.to_dict()
    meta = {
        "schema_version": SCHEMA_VERSION,
        "built_at": time.time(),
        "errata_applied": build.errata_applied,
        "errata_unmatched": build.errata_unmatched,
        "errata_not_applied": build.errata_not_applied,
        "reconciliation": build.reconciliation,
        "notes": build.notes,
    }
    # The resolver's name tables, over the cards in the order the catalog reads them (set
    # order, then as written): reading commands resolve names without reading the pool.
    from deckbuilder.catalog.derived import NAME_TABLES, name_tables_entry

    in_order = sorted(range(len(playing)), key=lambda i: (SET_ORDER.get(playing[i].set_code, len(SET_ORDER)), i))
    meta[NAME_TABLES] = name_tables_entry([playing[i] for i in in_order])
    _write_atomically(db_path, playing, printed, sources, meta)
    build.seconds = time.perf_counter() - started
    return build


def _merge(
    old: list[_Printed], old_sources: list[SourceFile], new: ImportResult, notes: list[str]
) -> tuple[list[_Printed], list[SourceFile]]:
    """Gets the printed cards and files of the catalog with an import added: a file imported
    again replaces its earlier reading; the other transcription's reading of the same set
    stays beside it, to be reconciled with it."""
    new_files = _files_of(new.sources)
    kept = [p for p in old if (p.transcription, Path(p.source_path).name) not in new_files]
    added = _printed_of(new, max((p.seq for p in kept), default=0) + 1)
    sources = [s for s in old_sources if (s.transcription, Path(s.path).name) not in new_files] + list(new.sources)
    return kept + added, sources


def _files_of(sources: Sequence[SourceFile]) -> set[tuple[str, str]]:
    """Gets the (transcription, file name) of card files: a file imported again, from any
    folder, replaces the earlier reading of the file of that name."""
    return {(s.transcription, Path(s.path).name) for s in sources}


def _renumber_printed(printed: Sequence[_Printed]) -> list[_Printed]:
    """Gets the printed cards numbered within each transcription (an import may add to an
    earlier one's sets)."""
    out = list(printed)
    by_source: dict[str, list[int]] = {}
    for i, p in enumerate(out):
        by_source.setdefault(p.transcription, []).append(i)
    for positions in by_source.values():
        for i, card in zip(positions, _renumber([out[i].card for i in positions])):
            p = out[i]
            out[i] = _Printed(card, p.source_path, p.transcription, p.seq)
    return out


def _renumber(cards: Sequence[Card]) -> list[Card]:
    """Gives each card its printing number within (set, title) and a unique key."""
    from deckbuilder.catalog.importers.fields import card_key

    seen: dict[tuple[str, str], int] = {}
    keys: set[str] = set()
    out: list[Card] = []
    for card in cards:
        ident = (card.set_code, fold_title(card.title))
        seen[ident] = seen.get(ident, 0) + 1
        printing = seen[ident]
        key = card_key(card.set_code, card.title, printing)
        while key in keys:
            key += "'"
        keys.add(key)
        if key != card.key or printing != card.printing:
            card = card.replace(key=key, printing=printing)
        out.append(card)
    return out


def _read(db_path: Path, read: Callable[[sqlite3.Connection], Any]) -> Any:
    """Gets what ``read`` reads from a catalog file opened read-only. Raises
    :class:`CatalogError` when the file is not a catalog at all."""
    try:
        con = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
        try:
            return read(con)
        finally:
            con.close()
    except sqlite3.DatabaseError as exc:
        raise CatalogError(
            f"{db_path} is not a readable mythos catalog ({exc}); move it away or choose another with --db"
        ) from None


def _read_printed(
    db_path: Path, notes: list[str], replaced: set[tuple[str, str]] | None = None
) -> tuple[list[_Printed], list[SourceFile]]:
    """Gets the printed cards and files a catalog holds, but for the cards of the files in
    ``replaced`` (:func:`_files_of`), which an import replaces: those are not read. A
    catalog an older version built holds cards its importers read: its files still there are
    read again, and the others are left out with a note saying to import them again."""
    version, sources = recorded_sources(db_path)
    if version != SCHEMA_VERSION:
        if version is not None and version > SCHEMA_VERSION:
            raise OutdatedCatalogError(db_path, version)
        return _reread(sources, notes)
    skip = replaced or set()

    def read_kept(con: sqlite3.Connection) -> list[tuple[str, str, str, int]]:
        # The cards of the files kept, each file's read whole (in the files' order of seq):
        # the cards an import replaces, all of them when it imports the same files again,
        # are not read at all (1.4 MB of JSON for the GCCG pool, issue 28).
        files = con.execute("select distinct source_path, transcription from printed_card").fetchall()
        kept = [(p, t) for p, t in files if (t, Path(p).name) not in skip]
        if len(kept) == len(files):
            return con.execute("select data, source_path, transcription, seq from printed_card order by seq").fetchall()
        rows: list[tuple[str, str, str, int]] = []
        for p, t in kept:
            rows += con.execute(
                "select data, source_path, transcription, seq from printed_card"
                " where source_path = ? and transcription = ?",
                (p, t),
            ).fetchall()
        return sorted(rows, key=itemgetter(3))

    rows = _read(db_path, read_kept)
    return [_Printed(Card.from_dict(json.loads(d)), p, t, s) for d, p, t, s in rows], sources


def _printed_of(result: ImportResult, seq0: int = 1) -> list[_Printed]:
    """Gets an import's cards with the file each came from: the importer gives them in the
    order of its sources, so each file's count tells them apart."""
    printed: list[_Printed] = []
    index = 0
    for s in result.sources:
        for card in result.cards[index : index + s.cards]:
            printed.append(_Printed(card, s.path, s.transcription, seq0 + len(printed)))
        index += s.cards
    for card in result.cards[index:]:
        printed.append(_Printed(card, "", card.source or "unknown", seq0 + len(printed)))
    return printed


def _reread(sources: Sequence[SourceFile], notes: list[str]) -> tuple[list[_Printed], list[SourceFile]]:
    """Gets the printed cards of an older catalog by reading its card files again."""
    from deckbuilder.catalog.importers import read_card_files

    files = [Path(s.path) for s in sources if s.transcription != "sample"]
    present = [f for f in files if f.is_file()]
    for gone in sorted(set(files) - set(present)):
        notes.append(f"{gone} (imported by an older mythos) is gone: its cards are left out; import it again")
    if not present:
        return [], []
    result = read_card_files(present)
    return _printed_of(result), list(result.sources)


def recorded_sources(db_path: Path) -> tuple[int | None, list[SourceFile]]:
    """Gets a catalog file's schema version and the card files it records (whatever its
    version). Raises :class:`CatalogError` when the file is not a catalog at all."""

    def read(con: sqlite3.Connection) -> tuple[int | None, list[SourceFile]]:
        rows = con.execute("select path, transcription, set_code, cards, sha256 from source order by id").fetchall()
        return schema_version(con), [SourceFile(*r) for r in rows]

    return _read(db_path, read)


def upgrade_catalog(db_path: Path) -> BuildReport:
    """Rebuilds a catalog an older version of mythos built, from the card files it records
    (or from the bundled sample if it held only that), atomically.

    Raises :class:`OutdatedCatalogError` when the catalog is newer than this version, or
    when card files it was built from are gone (one line: import them again).
    """
    from deckbuilder.catalog.files import catalog_lock

    with catalog_lock(Path(db_path)):
        return _upgrade_locked(Path(db_path))


def _upgrade_locked(db_path: Path) -> BuildReport:
    version, sources = recorded_sources(db_path)
    gone = [s.path for s in sources if s.transcription != "sample" and not Path(s.path).is_file()]
    if version is not None and version > SCHEMA_VERSION:
        raise OutdatedCatalogError(db_path, version)
    if gone:
        more = f" and {len(gone) - 1} more" if len(gone) > 1 else ""
        raise CatalogError(
            f"{db_path} was built by an older mythos and its card files are gone ({gone[0]}{more}); "
            "import the card files again with `mythos catalog import PATH`, or choose another catalog with --db"
        )
    notes: list[str] = []
    printed, sources = _reread(sources, notes)
    result = ImportResult(cards=[p.card for p in printed], sources=list(sources), notes=notes)
    report = _build_locked(db_path, result if result.cards else None, start_empty=True)
    report.notes.insert(
        0,
        f"{db_path} was built by an older mythos: rebuilt from its "
        + (f"{len(sources)} card files" if sources else "bundled sample"),
    )
    report.upgraded_from = version or 1
    return report


#: ``json.dumps(value, ensure_ascii=False)``, with one encoder for every row rather than one
#: made per call.
_json = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode


def _card_json(card: Card) -> tuple[str, str]:
    """Gets a card's ``data`` (``_json(card.to_dict())``) and the part of it before its two
    last keys, ``transcriptions`` and ``disagreements`` (the text up to the closing brace).

    The encoder writes a dict as ``{`` and its items joined by ``", "``, then ``}``: the data is
    the JSON of the dict without those two keys, its ``}`` replaced by theirs. A printed card
    that is its catalog card but for ``transcriptions`` shares that part
    (:func:`_printed_json`), so the JSON of most cards is made once an import, not twice
    (issue 28).
    """
    data = card.to_dict()
    transcriptions = data.pop("transcriptions")
    disagreements = data.pop("disagreements")
    head = _json(data)[:-1]
    return f'{head}, "transcriptions": {_json(transcriptions)}, "disagreements": {_json(disagreements)}}}', head


def _printed_json(printed: Card, card: Card | None, head: str) -> str:
    """Gets a printed card's ``data`` (``_json(printed.to_dict())``), from ``head`` (the part
    :func:`_card_json` gives of ``card``, the catalog's card of the same key) when the two
    cards differ in ``transcriptions`` alone."""
    if card is not None and printed.same_but_transcriptions(card):
        return (
            f'{head}, "transcriptions": {_json(list(printed.transcriptions))},'
            f' "disagreements": {_json([d.to_dict() for d in printed.disagreements])}}}'
        )
    return _json(printed.to_dict())


#: The columns of the ``card`` table, in the order :func:`_card_row` gives their values.
_CARD_COLUMNS = (
    "id",
    "key",
    "title",
    "title_fold",
    "sort_title",
    "printed_title",
    "set_code",
    "set_order",
    "legality",
    "printing",
    "type",
    "subtype",
    "subtype_fold",
    "value",
    "value2",
    "goo",
    "gate",
    "is_unique",
    "sanity",
    "region",
    "region_fold",
    "subregion",
    "subregion_fold",
    "dimension",
    "allegiance",
    "monster_class",
    "education",
    "sanity_max",
    "hand",
    "hand_min",
    "hand_max",
    "rarity",
    "text_fold",
    "has_errata",
    "has_problems",
    "has_disagreements",
    "data",
)


def _card_row(card: Card, card_id: int, data: str) -> tuple[Any, ...]:
    # A tuple, in the order of _CARD_COLUMNS: a dict per row, and reading its values back out
    # in the columns' order, cost a tenth of making the rows (issue 28). ``data``: the card's
    # JSON (_card_json).
    return (
        card_id,  # id
        card.key,  # key
        card.title,  # title
        fold_title(card.title),  # title_fold
        sort_title(card.title),  # sort_title
        card.printed_title or card.title,  # printed_title
        card.set_code,  # set_code
        SET_ORDER.get(card.set_code, len(SET_ORDER)),  # set_order
        card.legality.value,  # legality
        card.printing,  # printing
        card.type.value if card.type else None,  # type
        card.subtype,  # subtype
        fold_title(card.subtype) if card.subtype else None,  # subtype_fold
        card.value,  # value
        card.value2,  # value2
        int(card.goo),  # goo (ints, not bools: see _null)
        int(card.gate),  # gate
        int(card.unique),  # is_unique
        card.sanity,  # sanity
        card.region,  # region
        fold_title(card.region) if card.region else None,  # region_fold
        card.subregion,  # subregion
        fold_title(card.subregion) if card.subregion else None,  # subregion_fold
        card.dimension.value if card.dimension else None,  # dimension
        card.allegiance.value if card.allegiance else None,  # allegiance
        card.monster_class,  # monster_class
        card.education,  # education
        card.sanity_max,  # sanity_max
        card.hand,  # hand
        card.hand_min,  # hand_min
        card.hand_max,  # hand_max
        card.rarity,  # rarity
        fold_title(card.text),  # text_fold
        int(any(e.applied for e in card.errata)),  # has_errata
        int(bool(card.problems)),  # has_problems
        int(bool(card.disagreements)),  # has_disagreements
        data,  # data
    )


def _null(_value: None) -> None:
    """Binds None as SQL NULL, as the sqlite3 module does by itself, but registered as None's
    adapter (below) it ends the module's search for one at its registry: without it, each
    NULL bound looks for ``__adapt__`` on the protocol and ``__conform__`` on None, two
    attribute errors raised and cleared. A row of the card table binds some 13 NULLs; the
    search was a twentieth of an import's CPU (issue 28). A bool takes the same search (it
    is not an exact int), so the rows hold ints where the cards have bools."""
    return None


sqlite3.register_adapter(type(None), _null)


def _insert(con: sqlite3.Connection, table: str, columns: Sequence[str], rows: Sequence[tuple[Any, ...]]) -> None:
    """Inserts rows (tuples of the columns' values, in their order) with one prepared
    statement, their values bound by position."""
    if rows:
        names = ", ".join(f'"{n}"' for n in columns)
        con.executemany(f"insert into {table} ({names}) values ({', '.join('?' for _ in columns)})", rows)


def _write_atomically(
    db_path: Path,
    cards: Sequence[Card],
    printed: Sequence[_Printed],
    sources: Sequence[SourceFile],
    meta: dict[str, Any],
) -> None:
    """Writes a new catalog beside ``db_path`` and renames it into place: the standard
    library's sqlite3, each table in one prepared statement (``executemany``), all in one
    transaction (issue 17: SQLAlchemy's inserts were a third of an import).

    The new file is no one's until it is renamed, and a build that fails or is killed
    deletes it (or the next build does), so SQLite keeps no rollback journal for it and does
    not sync as it writes (``journal_mode=OFF``, ``synchronous=OFF``, issue 28); the whole
    file is synced to the disk once, before the rename, so the catalog renamed into place
    is complete on the disk as it was when SQLite synced at its commit.
    """
    tmp = db_path.with_name(f".{db_path.name}.{os.getpid()}.building")
    tmp.unlink(missing_ok=True)
    con: sqlite3.Connection | None = None
    try:
        con = sqlite3.connect(tmp, isolation_level=None)
        con.execute("pragma journal_mode = off")
        con.execute("pragma synchronous = off")
        # Room for the whole new file in SQLite's page cache (at most 16 MB, taken as needed: the
        # GCCG pool makes 4.5 MB, with LackeyCCG's 7.2 MB): with the default 2 MB, pages were
        # written out during the inserts and read back for the indexes (issue 28).
        con.execute("pragma cache_size = -16000")
        card_rows: list[tuple[Any, ...]] = []
        heads: dict[str, tuple[Card, str]] = {}  # a catalog card and its JSON's head, by key
        for i, card in enumerate(cards, start=1):
            data, head = _card_json(card)
            card_rows.append(_card_row(card, i, data))
            heads[card.key] = (card, head)
        printed_rows: list[tuple[Any, ...]] = []
        for i, p in enumerate(printed):
            twin, head = heads.get(p.card.key) or (None, "")
            data = _printed_json(p.card, twin, head)
            printed_rows.append((p.card.key, i, p.source_path, p.transcription, p.card.set_code, data))
        tags: list[tuple[int, str, str]] = []
        aliases: list[tuple[str, int]] = []
        for i, card in enumerate(cards, start=1):
            for kind, get in TAG_KINDS.items():
                values = get(card)
                if values:
                    for value in dict.fromkeys([fold_title(v) for v in values]):
                        if value:
                            tags.append((i, kind, value))
            # In the card's own order (title, printed title, aliases), not a set's: the same
            # files give the same catalog, row for row, whatever the hash seed.
            names = (card.title, card.printed_title, *card.aliases)
            for fold in dict.fromkeys(fold_title(n) for n in names if n):
                aliases.append((fold, i))
        now = time.time()
        con.execute("begin")
        for statement in CREATE_TABLES:
            con.execute(statement)
        _insert(con, "card", _CARD_COLUMNS, card_rows)
        _insert(con, "card_tag", ("card_id", "kind", "value"), tags)
        _insert(con, "alias", ("fold", "card_id"), aliases)
        _insert(
            con,
            "printed_card",
            ("key", "seq", "source_path", "transcription", "set_code", "data"),
            printed_rows,
        )
        _insert(
            con,
            "source",
            ("path", "name", "transcription", "set_code", "cards", "sha256", "imported_at"),
            [(s.path, Path(s.path).name, s.transcription, s.set_code, s.cards, s.sha256, now) for s in sources],
        )
        _insert(con, "meta", ("key", "value"), [(k, _json(v)) for k, v in meta.items()])
        for statement in CREATE_INDEXES:  # after the rows: one sort each, not an update per row
            con.execute(statement)
        con.execute("commit")
        con.close()
        with open(tmp, "rb+") as written:  # "+": Windows syncs only a file open for writing
            os.fsync(written.fileno())
        os.replace(tmp, db_path)
    except (OSError, sqlite3.OperationalError) as exc:
        if con is not None:
            con.close()
        tmp.unlink(missing_ok=True)
        reason = getattr(exc, "strerror", None) or exc
        raise CatalogError(
            f"cannot write the catalog {db_path} ({reason}); the old catalog is untouched. "
            "Free some space or choose a folder you can write with --db or MYTHOS_DB"
        ) from None
    except BaseException:
        if con is not None:
            con.close()
        tmp.unlink(missing_ok=True)
        raise


#: The sqlmodel tables (:mod:`deckbuilder.catalog.tables`), found here as before but imported
#: only when asked for: a build never loads sqlmodel.
_TABLES = frozenset({"CardRow", "CardTagRow", "AliasRow", "PrintedCardRow", "SourceRow", "MetaRow"})


def __getattr__(name: str) -> Any:
    if name in _TABLES:
        from deckbuilder.catalog import tables

        return getattr(tables, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
