"""The catalog file: builds from the real pool, is idempotent and atomic, and searches right."""

from __future__ import annotations

import dataclasses
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deckbuilder.catalog import building as storage
from deckbuilder.catalog.building import build_catalog
from deckbuilder.catalog.importers import read_card_files
from deckbuilder.catalog.search import matches, parse_query
from deckbuilder.catalog.store import Catalog, CatalogError
from deckbuilder.rules.cards import (
    Allegiance,
    AppliedErratum,
    Card,
    CardType,
    Dimension,
    Disagreement,
    LanguageRule,
    Problem,
    PublicAttribute,
    Ruling,
    SpellIcon,
)


@pytest.fixture
def existing_db(gccg_catalog_path: Path, tmp_path: Path) -> Path:
    path = tmp_path / "catalog.sqlite"
    shutil.copy(gccg_catalog_path, path)
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- An independent reading of the raw XML, for counts the search must reproduce -----

ATTR = re.compile(r'<attr (?:key="([^"]*)" value="([^"]*)"|value="([^"]*)" key="([^"]*)")\s*/>')


@pytest.fixture(scope="session")
def raw_cards(gccg_sets: Path) -> list[dict[str, str]]:
    cards = []
    for file in sorted(gccg_sets.glob("*.xml")):
        for name, body in re.findall(r'<card name="([^"]*)"[^>]*>(.*?)</card>', file.read_text("utf-8"), re.S):
            attrs = {}
            for k1, v1, v2, k2 in ATTR.findall(body):
                attrs[k1 or k2] = html.unescape(v1 if k1 else v2)
            attrs["name"] = html.unescape(name)
            cards.append(attrs)
    return cards


def test_the_raw_reading_sees_every_card(raw_cards):
    assert len(raw_cards) == 1115


def test_the_catalog_holds_every_card(gccg_catalog):
    counts = gccg_catalog.counts()
    assert counts["total"] == 1115
    assert counts["by_legality"] == {"official": 946, "fan": 169}


def count(catalog, query: str) -> int:
    return len(catalog.search(parse_query(query)))


@pytest.mark.parametrize(
    "query, predicate",
    [
        ("t:ally", lambda a: a["type"] == "Ally"),
        ("t:location sr:arkham", lambda a: a["type"] == "Location" and a["subregion"] == "Arkham"),
        ("dim:drm", lambda a: a["dimension"] == "{DRM}"),
        ("set:dreamlands", lambda a: a["set"] == "Dreamlands"),
        ('st:"great old one" or st:"outer god"', lambda a: a["subtype"] in ("Great Old One", "Outer God")),
        ("t:spell icon:eye", lambda a: a["type"] == "Spell" and a["subtype"] == "Eye"),
        # Summon Great Cthulhu is printed 7 and worth 13 by erratum (rulings document).
        (
            "v>=10",
            lambda a: (
                (a["value"].lstrip("+").isdigit() and int(a["value"].lstrip("+")) >= 10)
                or a["name"] == "Summon Great Cthulhu"
            ),
        ),
        ("san<0 t:location", lambda a: a["type"] == "Location" and a["san"].startswith("-")),
        (
            "t:ally a:steadfast a:professor lang:latin",
            lambda a: (
                a["type"] == "Ally"
                and a["private"].startswith("Steadfast")
                and "Professor" in a["private"].split(",")[0]
                and "Latin" in a["private"].split("Knows")[-1]
            ),
        ),
        ("pub:water t:location", lambda a: a["type"] == "Location" and "W" in a["public"]),
        (
            '-t:location r:"lovecraft country" t:ally',
            lambda a: a["type"] == "Ally" and a["region"] == "Lovecraft Country",
        ),
    ],
)
def test_search_counts_match_an_independent_reading(gccg_catalog, raw_cards, query, predicate):
    expected = sum(1 for a in raw_cards if predicate(a))
    assert expected > 0
    assert count(gccg_catalog, query) == expected


def test_errata_show_in_search(gccg_catalog, raw_cards):
    # Mosque of Ibn Tulun gains the Uniqueness Dot by erratum; Maison Nationale De Santé, the
    # other card the errata make Unique, already carries it in the transcription. The three
    # R'lyeh Disk Fragments are Unique by the rulings' own words (catalog/card-facts.toml),
    # though GCCG reads them without the Dot.
    printed_unique = sum(1 for a in raw_cards if a["unique"] == "{U}")
    assert count(gccg_catalog, "is:unique") == printed_unique + 1 + 3
    printed_gates = sum(1 for a in raw_cards if a["gate"] == "{G}")
    # The Necropolis by erratum; Porta Portese by the rulebook's example (card-facts.toml).
    assert count(gccg_catalog, "is:gate") == printed_gates + 2


QUERIES = [
    "t:ally",
    "a:city",
    "pub:water",
    "pub:i -a:city",
    "r:lovecraft",
    "sr:arkham",
    "dim:nae",
    "set:ltd",
    "lang:latin",
    "icon:eye",
    "v>=3",
    "v!=2",
    "san<0",
    "is:unique",
    "is:gate",
    "is:goo",
    "o:bury",
    "necronomicon",
    "cthulu",
    "(t:tome or t:spell) icon:death",
    "-t:location -t:event",
    "is:fan",
    "is:errata",
    'class:"living dead"',
    "occ:cultist",
    "al:corrupt",
    "edu>=15",
    "hand<13",
    "rarity:rare t:monster",
    "name:house",
    "st:phobia",
    "is:exotic",
    "is:island",
]


@pytest.mark.parametrize("query", QUERIES)
def test_sql_search_agrees_with_the_python_rules(gccg_catalog, query):
    tree = parse_query(query)
    by_sql = {c.key for c in gccg_catalog.search(tree)}
    by_rules = {c.key for c in gccg_catalog.all_cards() if matches(tree, c)}
    assert by_sql == by_rules
    assert by_sql or query in ("is:exotic",), f"{query} found nothing"


def test_limit_and_sort(gccg_catalog):
    top = gccg_catalog.search(parse_query("t:adventure"), limit=3, sort="value")
    assert len(top) == 3
    assert [c.value for c in top] == sorted((c.value for c in top), reverse=True)
    assert top[0].value == max(c.value for c in gccg_catalog.search(parse_query("t:adventure")) if c.value)


def test_reimporting_the_same_files_changes_nothing(existing_db, gccg_sets, gccg_catalog):
    before = {c.key: c.to_dict() for c in gccg_catalog.all_cards()}
    build_catalog(existing_db, read_card_files([gccg_sets]))
    with Catalog.open(existing_db) as again:
        after = {c.key: c.to_dict() for c in again.all_cards()}
        assert len(again.sources()) == 9
    assert after == before


def test_the_same_files_give_the_same_catalog_row_for_row_whatever_the_hash_seed(gccg_sets, tmp_path):
    import os
    import sqlite3

    def rows(seed: str) -> dict[str, list[tuple[object, ...]]]:
        db = tmp_path / f"seed-{seed}.sqlite"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        command = [sys.executable, "-m", "deckbuilder", "catalog", "import", str(gccg_sets), "--db", str(db)]
        subprocess.run(command, env=env, check=True, capture_output=True)
        con = sqlite3.connect(db)
        try:
            tables = [t for (t,) in con.execute("select name from sqlite_master where type = 'table' order by name")]
            # Row order as stored (rowid), which is what a query without ORDER BY meets; the
            # clock readings (when the catalog was built, when each file was read) left out.
            found = {t: con.execute(f"select * from {t}").fetchall() for t in tables}
            found["meta"] = [row for row in found["meta"] if row[0] != "built_at"]
            found["source"] = [row[:-1] for row in found["source"]]  # imported_at is the last column
            return found
        finally:
            con.close()

    first, second = rows("0"), rows("1")  # two seeds that order a set of two names apart
    assert first.keys() == second.keys()
    for table in first:
        assert first[table] == second[table], table


def test_a_printed_cards_json_is_its_own_when_shared_with_the_catalog_card():
    # The catalog writes a card's JSON and its printed reading's; a printed card that is the
    # catalog's card but for its transcriptions takes the first's text (issue 28). Each
    # row must still be json.dumps of its own card, whatever else differs.
    card = Card(
        key="nae-dunwich-1",
        title="Dunwich",
        set_code="NAE",
        type=CardType.LOCATION,
        text='Fhtagn: “ß” \\ "quoted" \u2028',
        printed={"text": "old ‘words’"},
        transcriptions=("gccg", "lackey"),
        disagreements=(Disagreement("value", (("gccg", 1), ("lackey", 2)), 1),),
    )
    variants = {
        "transcriptions": card.replace(transcriptions=()),
        "one transcription": card.replace(transcriptions=("lackey",)),
        "the same": card,
        "text": card.replace(transcriptions=(), text="Fhtagn"),
        "printed": card.replace(transcriptions=(), printed={}),
        "disagreements": card.replace(transcriptions=(), disagreements=()),
        "value": card.replace(value=3),
    }
    data, head = storage._card_json(card)
    assert data == json.dumps(card.to_dict(), ensure_ascii=False)
    for what, printed in variants.items():
        expected = json.dumps(printed.to_dict(), ensure_ascii=False)
        assert storage._printed_json(printed, card, head) == expected, what
        assert storage._printed_json(printed, None, "") == expected, what


@pytest.mark.parametrize("name", [f.name for f in dataclasses.fields(Card)])
def test_a_card_is_the_same_but_for_its_transcriptions_only_when_every_other_field_is(name):
    # The build's test before it shares a card's JSON with its printed reading: a field
    # added to Card and left out of same_but_transcriptions would give a printed card
    # another card's JSON.
    card = Card(key="nae-dunwich-1", title="Dunwich", set_code="NAE", type=CardType.LOCATION)
    value = getattr(card, name)
    others = {CardType: [CardType.ALLY], str: ["other"], int: [7], bool: [True], tuple: [("other",)]}
    others[dict] = [{"text": "other"}]
    # A field empty here takes the first value of its type (the compiled core checks types).
    unset = [7, "other", Dimension.DREAMLANDS, Allegiance.CORRUPT, *LanguageRule]
    for changed in others[type(value)] if value is not None else unset:
        try:
            copy = card.replace(**{name: changed})
            break
        except TypeError:
            continue
    assert card.same_but_transcriptions(copy) is (name == "transcriptions")
    assert copy.same_but_transcriptions(card) is (name == "transcriptions")
    assert card.same_but_transcriptions(card)


def test_renamed_cards_are_found_by_both_names(gccg_catalog):
    assert [c.title for c in gccg_catalog.cards_named("Celeano")] == ["Celaeno"]
    assert [c.title for c in gccg_catalog.cards_named("celaeno")] == ["Celaeno"]


def test_a_failed_build_leaves_the_old_catalog(existing_db, gccg_sets, monkeypatch):
    before = digest(existing_db)
    calls = {"n": 0}
    real = storage._card_row

    def crash_midway(card, card_id, data):
        calls["n"] += 1
        if calls["n"] == 500:
            raise RuntimeError("disk full")
        return real(card, card_id, data)

    monkeypatch.setattr(storage, "_card_row", crash_midway)
    with pytest.raises(RuntimeError):
        build_catalog(existing_db, read_card_files([gccg_sets]))
    assert digest(existing_db) == before
    # (the lock file stays: removing it while another build waits on it would be a race)
    assert sorted(p.name for p in existing_db.parent.iterdir()) == [existing_db.name, existing_db.name + ".lock"]


def test_an_interrupted_build_leaves_the_old_catalog(existing_db, gccg_sets, monkeypatch):
    before = digest(existing_db)

    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(storage.os, "replace", interrupt)
    with pytest.raises(KeyboardInterrupt):
        build_catalog(existing_db, read_card_files([gccg_sets]))
    assert digest(existing_db) == before
    # (the lock file stays: removing it while another build waits on it would be a race)
    assert sorted(p.name for p in existing_db.parent.iterdir()) == [existing_db.name, existing_db.name + ".lock"]


def test_a_file_that_is_not_a_catalog_is_refused(tmp_path):
    bogus = tmp_path / "catalog.sqlite"
    bogus.write_text("not a database")
    with pytest.raises(CatalogError, match="not a readable mythos catalog"):
        Catalog.open(bogus)
    with pytest.raises(CatalogError, match="not a readable mythos catalog"):
        build_catalog(bogus)
    assert bogus.read_text() == "not a database"


def test_the_sample_catalog_is_built_when_nothing_is_imported(tmp_path):
    path = tmp_path / "catalog.sqlite"
    report = build_catalog(path)
    assert report.cards > 0
    with Catalog.open(path) as catalog:
        cards = catalog.all_cards()
        assert {c.source for c in cards} == {"sample"}
        assert [s["transcription"] for s in catalog.sources()] == ["sample"]


def test_importing_real_cards_replaces_the_sample(tmp_path, gccg_sets):
    path = tmp_path / "catalog.sqlite"
    build_catalog(path)
    build_catalog(path, read_card_files([gccg_sets / "pr.xml"]))
    with Catalog.open(path) as catalog:
        assert catalog.counts()["total"] == 1
        assert {c.source for c in catalog.all_cards()} == {"gccg"}


@pytest.mark.parametrize("copies", [1, 4])
def test_a_deck_check_runs_a_fixed_number_of_statements(gccg_catalog_path, mythos_data, tmp_path, copies):
    # Resolving and checking a deck reads the catalog twice, not once per card: the name
    # tables it keeps, then the printings of the titles the deck names (issue 17).
    from deckbuilder.service import load_deck_file

    titles = ["Dark Young", "Car", "The Athenaeum", "Henry Armitage", "Necronomicon", "Mi-Go"]
    deck = tmp_path / "d.txt"
    deck.write_text("Investigator\n1 Pragmatic Hobo\nDeck\n" + "".join(f"{copies} {t}\n" for t in titles))
    with Catalog.open(gccg_catalog_path) as catalog:
        statements: list[str] = []
        catalog.trace(statements.append)
        load_deck_file(catalog, deck)
        load_deck_file(catalog, deck)
    assert len(statements) == 2, statements
    assert "where title_fold in ('pragmatic hobo','dark young','car'," in statements[1]


@pytest.mark.parametrize("catalog_fixture", ["gccg_catalog_path", "both_catalog_path"])
def test_the_kept_name_tables_resolve_every_real_deck_as_the_whole_pool_does(catalog_fixture, mythos_data, request):
    # A command reads only the titles a deck names (issue 17): every line of every real deck,
    # misspelt and unknown names included, resolves as against an index of every card.
    from deckbuilder.catalog.lookup import card_index
    from deckbuilder.decklists import resolve_deck
    from deckbuilder.decklists.deckfile import read_deck_file
    from deckbuilder.decklists.resolve import CardIndex

    decks = sorted(p for p in mythos_data.rglob("*") if p.suffix in (".deck", ".dek"))
    assert len(decks) >= 20
    with Catalog.open(request.getfixturevalue(catalog_fixture)) as catalog:
        whole = CardIndex(catalog.all_cards())
        kept = card_index(catalog)
        assert type(kept._groups) is not dict  # the catalog's name tables, not the pool
        for path in decks:
            decklist, _ = read_deck_file(path)
            assert resolve_deck(decklist, kept) == resolve_deck(decklist, whole), path.name
        assert kept.cards == whole.cards


def _tamper_name_tables(path: Path, *, code: str | None) -> None:
    """Points "Dark Horse" at the group of "Wrack" in the kept tables; with ``code``, as if
    other code had built them."""
    import json
    import sqlite3

    con = sqlite3.connect(path)
    with con:
        (value,) = con.execute("select value from meta where key = 'name_tables'").fetchone()
        entry = json.loads(value)
        entry["tables"]["exact"]["Dark Horse"] = "wrack"
        if code is not None:
            entry["code"] = code
        con.execute("update meta set value = ? where key = 'name_tables'", (json.dumps(entry),))
    con.close()


@pytest.mark.parametrize("code", [None, "built by another version"])
def test_name_tables_built_by_other_code_are_never_used(tmp_path, code):
    from deckbuilder.service import load_deck_text

    path = tmp_path / "catalog.sqlite"
    build_catalog(path)
    _tamper_name_tables(path, code=code)
    with Catalog.open(path) as catalog:
        titles = [line.card.title for line in load_deck_text(catalog, "1 Dark Horse\n").resolved.lines]
    # The tampered tables are read while the code that built them runs (the test can fail);
    # under other code the cards themselves answer.
    assert titles == (["Wrack"] if code is None else ["Dark Horse"])


def test_the_other_transcription_of_a_set_joins_it(existing_db, lackey_sets):
    # existing_db holds the GCCG pool; importing Lackey's Dreamlands adds its reading of DRM:
    # still one card per printing, each read from both files (issue 12).
    build_catalog(existing_db, read_card_files([lackey_sets / "Dreamlands.txt"]))
    with Catalog.open(existing_db) as catalog:
        sources = {(s["transcription"], s["set_code"]) for s in catalog.sources()}
        assert {("lackey", "DRM"), ("gccg", "DRM"), ("gccg", "LTD")} <= sources
        drm = [c for c in catalog.all_cards() if c.set_code == "DRM"]
        assert len(drm) == 210
        assert {c.transcriptions for c in drm} == {("gccg", "lackey")}
        assert catalog.counts()["by_set"]["LTD"] == 218


def test_the_schema_a_build_runs_is_the_one_the_sqlmodel_tables_emit():
    # A build creates the tables from the SQL kept in catalog/schema.py, without importing
    # sqlmodel (issue 28); the sqlmodel tables stay its source.
    from deckbuilder.catalog import schema, tables

    assert schema.__file__ == str(tables.SCHEMA_MODULE)
    assert tables.SCHEMA_MODULE.read_text(encoding="utf-8") == tables.schema_module(), (
        "deckbuilder/catalog/schema.py differs from the sqlmodel tables of deckbuilder/catalog/tables.py: "
        "write it again with `python -m deckbuilder.catalog.tables`"
    )
    create_tables, create_indexes = tables.schema_statements()
    assert (tuple(create_tables), tuple(create_indexes)) == (schema.CREATE_TABLES, schema.CREATE_INDEXES)


def test_building_the_catalog_loads_neither_sqlmodel_nor_sqlalchemy(tmp_path):
    # Their import was 0.30 s of the 0.73 s of `mythos catalog import` (issue 28).
    code = (
        "import sys\n"
        "from deckbuilder.catalog.building import build_catalog\n"
        f"build_catalog(__import__('pathlib').Path({str(tmp_path / 'c.sqlite')!r}))\n"
        "print(','.join(m for m in ('sqlmodel', 'sqlalchemy', 'pydantic', 'filelock') if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    # Nor filelock where the build lock is flock taken directly (issue 28: its import, with
    # logging's, was a tenth of the command's imports); Windows takes it through filelock.
    assert result.stdout.strip() == ("filelock" if sys.platform == "win32" else "")
    with Catalog.open(tmp_path / "c.sqlite") as catalog:
        assert catalog.counts()["total"] > 0


def test_the_models_are_found_where_they_were():
    from deckbuilder.catalog import tables

    assert storage.CardRow is tables.CardRow
    assert storage.MetaRow.__tablename__ == "meta"


def test_a_built_catalog_has_the_schema_the_sqlmodel_tables_define(tmp_path):
    # The build writes with the standard library's sqlite3 (issue 17); the tables stay the
    # sqlmodel ones: the same tables, columns, keys and indexes as SQLAlchemy would create.
    from sqlmodel import SQLModel, create_engine

    from deckbuilder.catalog import tables  # noqa: F401  (the models join SQLModel.metadata)

    built = tmp_path / "built.sqlite"
    build_catalog(built)
    reference = tmp_path / "reference.sqlite"
    engine = create_engine(f"sqlite:///{reference}")
    SQLModel.metadata.create_all(engine)
    engine.dispose()

    def schema(path):
        import sqlite3

        with sqlite3.connect(path) as con:
            return sorted(con.execute("select type, name, tbl_name, sql from sqlite_master"))

    assert schema(built) == schema(reference)
    with Catalog.open(built) as catalog:
        assert catalog.counts()["total"] > 0


def test_a_card_found_again_is_not_read_again(gccg_catalog_path, monkeypatch):
    # An open catalog reads a card's JSON once (issue 17): a later search, look-up or deck
    # that finds it takes the same card, equal to a fresh reading.
    import json

    from deckbuilder.catalog import store

    parsed: list[str] = []

    class CountingJson:
        @staticmethod
        def loads(text: str):
            parsed.append(text)
            return json.loads(text)

    monkeypatch.setattr(store, "json", CountingJson)
    with Catalog.open(gccg_catalog_path) as catalog:
        parsed.clear()  # the schema version read on opening
        first = catalog.search(parse_query("o:bury t:event"))
        assert len(parsed) == len(first) > 50
        again = catalog.search(parse_query("o:bury t:event"))
        some = catalog.search(parse_query("o:bury t:event cthulhu"))
        named = catalog.cards_named(first[0].title)
        assert len(parsed) == len(first) + len(named) - sum(1 for c in named if c in first)
        assert again == first and all(a is b for a, b in zip(again, first))
        assert set(some) <= set(first)
    monkeypatch.undo()
    with Catalog.open(gccg_catalog_path) as fresh:
        assert fresh.search(parse_query("o:bury t:event")) == first


_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=8),
    st.sampled_from(list(CardType)),
    st.lists(st.text(max_size=4), max_size=3),
    st.tuples(st.text(max_size=4), st.sampled_from(list(CardType))),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)


@given(before=_VALUES, after=_VALUES, text=st.text(max_size=12), line=st.integers(), flag=st.booleans())
def test_a_cards_errata_rulings_and_problems_are_stored_as_asdict_made_them(before, after, text, line, flag):
    # Issue 28: their own to_dict replaced dataclasses.asdict in Card.to_dict (the data every
    # catalog row and `mythos card --json` hold); the same data, and copies where asdict copied.
    erratum = AppliedErratum("text", "text", before, after, text, line, reversal=flag, applied=not flag)
    for item in (erratum, Ruling(text, text[::-1], line), Problem(text, text.upper(), text[:3])):
        data = item.to_dict()
        assert data == dataclasses.asdict(item) and list(data) == list(dataclasses.asdict(item))
        assert json.dumps(data, ensure_ascii=False) == json.dumps(dataclasses.asdict(item), ensure_ascii=False)
    for value, kept in ((before, erratum.to_dict()["before"]), (after, erratum.to_dict()["after"])):
        assert type(kept) is type(value)
        if isinstance(value, (list, dict)):
            assert kept is not value  # a copy, as asdict made


def _every_field(card: Card) -> tuple[object, ...]:
    return tuple(getattr(card, f.name) for f in dataclasses.fields(Card))


def test_a_card_replaced_is_the_card_dataclasses_replace_makes():
    # Issue 28: Card.replace copies without dataclasses.replace (pure: its __dict__; compiled:
    # Card called with every field, _copy_with): the same card, field by field, `printed`
    # (which equality skips) included, whichever field changes.
    one = Card(key="CR-a", title="A", set_code="CR", type=CardType.EVENT, printed={"text": "old"})
    other = Card(
        key="DRM-b",
        title="B",
        set_code="DRM",
        type=CardType.ALLY,
        printed_title="B, The",
        aliases=("Bee",),
        printing=2,
        subtype="Human",
        value=3,
        value_text="3",
        value2=1,
        goo=True,
        gate=True,
        unique=True,
        sanity=2,
        sanity_text="2",
        sanity_colour="red",
        attributes=("Arcane",),
        public=(next(iter(PublicAttribute)),),
        icons=(next(iter(SpellIcon)),),
        region="Arkham",
        subregion="Town",
        dimension=next(iter(Dimension)),
        allegiance=next(iter(Allegiance)),
        occupations=("Doctor",),
        languages=("Latin",),
        tome_languages=("Greek",),
        tome_language_rule=next(iter(LanguageRule)),
        monster_class="Great Old One",
        summon=("Shoggoth",),
        affects="all",
        sanity_max=5,
        education=4,
        hand=3,
        hand_min=1,
        hand_max=6,
        rarity="R",
        artist="Someone",
        text="Words.",
        image="b.png",
        source="b.xml",
        printed={"title": "Bee"},
        errata=(AppliedErratum("text", "text", "a", "b", "n", 1),),
        rulings=(Ruling("t", "x", 2),),
        problems=(Problem("value", "x", "m"),),
        sources=("rulings:3",),
        transcriptions=("gccg", "lackey"),
        disagreements=(Disagreement("value", (("gccg", 1), ("lackey", 2)), 1),),
    )
    names = [f.name for f in dataclasses.fields(Card)]
    assert all(getattr(one, n) != getattr(other, n) for n in names), "every field differs"
    for changes in [{n: getattr(other, n)} for n in names] + [{n: getattr(other, n) for n in names}]:
        expected = _every_field(dataclasses.replace(one, **changes))
        assert _every_field(one.replace(**changes)) == expected
        assert _every_field(one._copy_with(changes)) == expected
        assert one.replace(**changes).printed is (changes.get("printed") or one.printed)
    with pytest.raises(TypeError):
        one.replace(colour="red")


def test_a_file_named_twice_is_read_once_and_two_files_of_one_name_are_refused(existing_db, gccg_sets, tmp_path):
    from support.cli import mythos

    one = gccg_sets / "cr.xml"
    with Catalog.open(existing_db) as catalog:
        before = {c.key: c.to_dict() for c in catalog.all_cards()}
    # The same file twice, and again inside its folder: read once, the catalog as before.
    answer = mythos("catalog", "import", one, gccg_sets, one, "--db", existing_db)
    assert answer.exit_code == 0, answer.output
    assert "1115 cards from 9 files" in answer.output
    with Catalog.open(existing_db) as catalog:
        assert {c.key: c.to_dict() for c in catalog.all_cards()} == before
    # A copy elsewhere has the same name: the catalog could not tell them apart, so neither is read.
    copy = tmp_path / "elsewhere" / "cr.xml"
    copy.parent.mkdir()
    shutil.copy(one, copy)
    kept = digest(existing_db)
    answer = mythos("catalog", "import", one, copy, "--db", existing_db)
    assert answer.exit_code == 2
    assert answer.output.strip().splitlines() == [
        f"Error: {copy}: has the same name as {one}, read in this import too: the catalog knows a set file "
        "by its name, so import one of them, or rename one"
    ]
    assert digest(existing_db) == kept
