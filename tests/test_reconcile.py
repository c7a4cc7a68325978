"""The two transcriptions in one catalog: one card per printing, every disagreement kept with
its source, the documents' statements deciding (issue 12)."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections import Counter
from pathlib import Path

import pytest
from conftest import SEEDS
from typer.testing import CliRunner

from deckbuilder.catalog.building import build_catalog
from deckbuilder.catalog.importers import read_card_files
from deckbuilder.catalog.importers.cardfacts import CardFactsFileError, load_card_facts
from deckbuilder.catalog.reconcile import CardFact, apply_facts, reconcile
from deckbuilder.catalog.store import Catalog
from deckbuilder.cli import app
from deckbuilder.rules.cards import Card, CardType, Dimension

runner = CliRunner()
OFFICIAL_SETS = ("LTD", "EOMU", "CR", "LOTN", "MSGS", "DRM", "NAE", "PR")


def mythos(*args: str):
    return runner.invoke(app, list(args))


def official(catalog) -> list[Card]:
    return [c for c in catalog.all_cards() if c.is_official]


# -- one card per printing -----------------------------------------------------------------


def test_both_transcriptions_give_one_card_per_printing(both_catalog, gccg_catalog):
    counts = both_catalog.counts()["by_set"]
    assert {s: counts[s] for s in OFFICIAL_SETS} == {s: gccg_catalog.counts()["by_set"][s] for s in OFFICIAL_SETS}
    assert len(official(both_catalog)) == 946
    keys = [c.key for c in both_catalog.all_cards()]
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize(
    "typed, title",
    [
        ("Arkham Mystical Supply", "Arkham Mystical Supply"),
        ("Arkham Mystical Suply", "Arkham Mystical Supply"),  # LackeyCCG's typo finds the one card
        ("Portophobia", "Portaphobia"),
        ("Insidious Ululation of the Inv Sup", "Insidious Ululation of the Invisible Supplicants"),
        ("Cat Chieftain", "The Cat Chieftain"),
        ("Boston & Maine Train Station", "Boston & Maine Train Station"),
    ],
)
def test_a_printing_read_by_both_is_one_card(both_catalog, typed, title):
    (card,) = both_catalog.cards_named(typed)
    assert card.title == title
    assert card.transcriptions == ("gccg", "lackey")


def test_every_official_printing_both_hold_is_matched(gccg_sets, lackey_sets):
    gccg, lackey = read_card_files([gccg_sets]), read_card_files([lackey_sets])
    result = reconcile([(c, "gccg") for c in gccg.cards] + [(c, "lackey") for c in lackey.cards])
    assert sum(n for s, n in result.matched.items() if s in OFFICIAL_SETS) == 944
    # What is left: the blank Create Your Own Adventure, which LackeyCCG does not list; the
    # promo and the fan and house-rule sets are each in one transcription only.
    assert result.unmatched == [("gccg", "LTD", "Create Your Own Adventure")]
    assert result.one_sided == {"MOVIELAND": "lackey", "PR": "gccg", "RP": "lackey"}
    similar = {(s, a, b) for s, a, b, _ in result.similar if s in OFFICIAL_SETS}
    assert len(similar) == 23
    assert ("LTD", "Harvey Reginald Opens Fire", "Harney Reginald Opens Fire") in similar
    assert ("NAE", "INTERPOL, Italian Headquarters", "INTERPOL Headquarters Italy") in similar
    assert all(score >= 75 for *_, score in result.similar)


def test_the_printings_of_a_repeated_title_pair_by_their_facts(both_catalog):
    necronomicons = [c for c in both_catalog.cards_named("Necronomicon") if c.set_code == "EOMU"]
    assert sorted(c.tome_languages for c in necronomicons) == [("Greek",), ("Latin",)]
    assert all(c.transcriptions == ("gccg", "lackey") and not c.disagreement("tome_languages") for c in necronomicons)


def test_a_similar_title_of_another_type_or_two_close_candidates_are_not_matched():
    def card(title: str, kind: CardType = CardType.EVENT) -> Card:
        return Card(key=f"LTD:{title}", title=title, set_code="LTD", type=kind)

    result = reconcile([(card("Claustrophobia"), "gccg"), (card("Claustrophiobia", CardType.ALLY), "lackey")])
    assert len(result.cards) == 2 and not result.matched
    # Two candidates within TITLE_MARGIN of each other (95.2 and 85.7): neither is one
    # obvious printing, and both stay cards of their own.
    result = reconcile([(card("Acrophobia"), "gccg"), (card("Agrophobia"), "gccg"), (card("Acrophobiaa"), "lackey")])
    assert not result.matched and len(result.cards) == 3
    # A runner-up more than the margin behind (90 and 76.2) leaves one obvious match.
    result = reconcile([(card("Acrophobia"), "gccg"), (card("Agoraphobia"), "lackey"), (card("Acrophobie"), "lackey")])
    assert result.matched == {"LTD": 1} and result.similar[0][2] == "Acrophobie"


# -- disagreements --------------------------------------------------------------------------


def test_an_undecided_disagreement_keeps_both_readings(both_catalog):
    (mosque,) = both_catalog.cards_named("Mosque of Ibn Tulun")
    gate = mosque.disagreement("gate")
    assert gate is not None and not gate.decided
    assert dict(gate.readings) == {"gccg": True, "lackey": False}
    assert mosque.gate is True  # GCCG's reading plays until a document decides


def test_the_measured_disagreements_of_the_official_sets(both_catalog):
    fields = Counter(d.field for c in official(both_catalog) for d in c.disagreements)
    assert (fields["unique"], fields["gate"], fields["sanity"], fields["region"]) == (12, 14, 11, 10)


def test_mythos_card_shows_the_disagreement(both_catalog_path):
    result = mythos("card", "Mosque of Ibn Tulun", "--db", str(both_catalog_path))
    assert result.exit_code == 0, result.output
    assert "Transcriptions (GCCG and LackeyCCG) and documents differ:" in result.stdout
    assert "gate: GCCG yes vs LackeyCCG no; unsettled, GCCG's reading plays" in result.stdout
    assert "unique: GCCG no vs LackeyCCG yes; settled by rulings:189 (yes)" in result.stdout
    data = json.loads(mythos("card", "Mosque of Ibn Tulun", "--json", "--db", str(both_catalog_path)).stdout)
    assert data["transcriptions"] == ["gccg", "lackey"]
    assert {
        "field": "gate",
        "readings": {"gccg": True, "lackey": False},
        "value": True,
        "decided_by": None,
        "quote": None,
    } in data["disagreements"]


def test_catalog_info_lists_every_disagreement(both_catalog, both_catalog_path):
    data = json.loads(mythos("catalog", "info", "--json", "--db", str(both_catalog_path)).stdout)
    expected = sum(len(c.disagreements) for c in both_catalog.all_cards())
    assert len(data["disagreements"]) == expected > 250
    assert data["reconciliation"]["matched_total"] == 1113
    text = mythos("catalog", "info", "--db", str(both_catalog_path)).stdout
    assert f"Where the transcriptions or the documents differ: {expected}" in text
    assert "  Porta Portese [NAE] gate: GCCG no vs LackeyCCG yes; settled by rulebook:180 (yes)" in text
    assert "  LackeyCCG: " not in text.split("Where the")[0] or "Create Your Own Adventure" in text
    assert "Printings only one transcription has: 1\n  GCCG: Create Your Own Adventure [LTD]" in text


# -- documents decide ------------------------------------------------------------------------


@pytest.fixture(scope="module", params=["gccg", "lackey", "both"])
def any_catalog(request, gccg_catalog_path, lackey_catalog_path, both_catalog_path):
    path = {"gccg": gccg_catalog_path, "lackey": lackey_catalog_path, "both": both_catalog_path}[request.param]
    with Catalog.open(path) as catalog:
        yield catalog


def test_porta_portese_has_a_gate_whichever_transcription(any_catalog):
    # rulebook:180: "Since the PORTA PORTESE is in Rome, and has a Gate" (GCCG reads none).
    (porta,) = any_catalog.cards_named("Porta Portese")
    assert porta.gate is True
    if "gccg" in porta.transcriptions:
        gate = porta.disagreement("gate")
        assert gate.decided_by == "rulebook:180" and gate.reading("gccg") is False


@pytest.mark.parametrize("side", ["Left", "Right", "Top"])
def test_each_rlyeh_disk_fragment_is_unique_whichever_transcription(any_catalog, side):
    (fragment,) = any_catalog.cards_named(f"R'lyeh Disk, {side} Fragment")
    assert fragment.unique is True


def test_two_left_fragments_are_illegal(gccg_catalog, gccg_catalog_path, tmp_path):
    deck = _deck_with(tmp_path, "2 R'lyeh Disk, Left Fragment", gccg_catalog)
    result = mythos("deck", "check", str(deck), "--json", "--db", str(gccg_catalog_path))
    assert result.exit_code == 1, result.output
    (error,) = json.loads(result.stdout)["errors"]
    assert error["message"] == "2 copies of the Unique card R'lyeh Disk, Left Fragment, max 1"


def test_conditional_invisibility_is_not_the_attribute(both_catalog):
    (star,) = both_catalog.cards_named("Star Vampire")
    assert "Invisible" not in star.attributes
    assert star.disagreement("attributes").decided_by == "rulings:61"


def test_every_card_fact_quotes_its_line():
    documents = {
        "rulebook": (SEEDS / "new-aeon-rulebook.txt"),
        "rulings": (SEEDS / "mythos-errata-rulings.txt"),
    }
    if not all(p.is_file() for p in documents.values()):
        pytest.skip("../shared/seeds is absent")
    lines = {name: p.read_text(encoding="utf-8").splitlines() for name, p in documents.items()}
    facts = load_card_facts()  # the file the package ships
    assert facts
    for fact in facts:
        doc, line = fact.source.split(":")
        assert fact.quote in lines[doc][int(line) - 1], fact.describe()


def test_every_card_fact_names_a_card_of_the_real_pool(gccg_catalog, both_catalog):
    for catalog in (gccg_catalog, both_catalog):
        meta = catalog.meta()["reconciliation"]
        assert meta["facts_unmatched"] == []


def test_a_fact_agreeing_with_every_reading_records_nothing():
    card = Card(
        key="NAE:porta-portese",
        title="Porta Portese",
        set_code="NAE",
        type=CardType.LOCATION,
        gate=True,
        transcriptions=("lackey",),
    )
    fact = CardFact("Porta Portese", "NAE", "gate", "rulebook:180", "has a Gate", value=True)
    cards, changed, unmatched = apply_facts([card], [fact])
    assert (cards, changed, unmatched) == ([card], 0, [])


@pytest.mark.parametrize(
    "record, message",
    [
        ('card = "X"\nset = "NAE"\nfield = "gate"\nvalue = true\nsource = "rulebook:1"', "lacks quote"),
        (
            'card = "X"\nset = "ZZ"\nfield = "gate"\nvalue = true\nsource = "rulebook:1"\nquote = "q"',
            "unknown set 'ZZ'",
        ),
        ('card = "X"\nset = "NAE"\nfield = "text"\nvalue = "t"\nsource = "rulebook:1"\nquote = "q"', "field 'text'"),
        ('card = "X"\nset = "NAE"\nfield = "gate"\nvalue = 1\nsource = "rulebook:1"\nquote = "q"', "must be bool"),
        ('card = "X"\nset = "NAE"\nfield = "gate"\nvalue = true\nsource = "p.40"\nquote = "q"', "not rulebook:N"),
        (
            'card = "X"\nset = "NAE"\nfield = "attributes"\nvalue = "a"\nsource = "rulings:1"\nquote = "q"',
            "takes `without`",
        ),
        (
            'card = "X"\nset = "NAE"\nfield = "gate"\nvalue = true\nsource = "rulings:1"\nquote = "q"\nwhy = "w"',
            "unknown key 'why'",
        ),
    ],
)
def test_a_bad_card_fact_is_one_clear_error(tmp_path, record, message):
    path = tmp_path / "card-facts.toml"
    path.write_text(f"[[fact]]\n{record}\n", encoding="utf-8")
    with pytest.raises(CardFactsFileError) as info:
        load_card_facts(path)
    assert message in str(info.value) and "\n" not in str(info.value)


# -- an older catalog ----------------------------------------------------------------------


def _age(db: Path) -> None:
    """Makes a catalog file look as an older mythos left it (schema 1)."""
    con = sqlite3.connect(db)
    with con:
        con.execute("update meta set value = '1' where key = 'schema_version'")
    con.close()


def _old_catalog(gccg_sets: Path, tmp_path: Path) -> tuple[Path, Path]:
    """Gets a catalog built from a copy of one set file, made to look as an older mythos left
    it, and the copy."""
    files = tmp_path / "sets"
    files.mkdir()
    shutil.copy(gccg_sets / "cr.xml", files / "cr.xml")
    db = tmp_path / "old.sqlite"
    build_catalog(db, read_card_files([files]))
    _age(db)
    return db, files / "cr.xml"


def test_an_older_catalog_is_rebuilt_from_its_card_files(gccg_sets, tmp_path):
    db, _file = _old_catalog(gccg_sets, tmp_path)
    result = mythos("card", "R'lyeh Disk, Left Fragment", "--db", str(db))
    assert result.exit_code == 0, result.output
    assert "was built by an older mythos: rebuilt from its 1 card files" in result.stderr
    assert "Unique" in result.stdout
    with Catalog.open(db) as catalog:
        assert catalog.meta()["schema_version"] == 2


def test_an_older_catalog_whose_files_are_gone_says_to_import_again(gccg_sets, tmp_path):
    db, file = _old_catalog(gccg_sets, tmp_path)
    file.unlink()
    before = db.read_bytes()
    result = mythos("card", "Dark Young", "--db", str(db))
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output
    assert "was built by an older mythos and its card files are gone" in lines[0]
    assert "mythos catalog import PATH" in lines[0]
    assert db.read_bytes() == before  # nothing is lost or half-written


def test_a_newer_catalog_is_refused_in_one_line(tmp_path):
    db = tmp_path / "new.sqlite"
    assert mythos("card", "Dark Young", "--db", str(db)).exit_code == 0  # the sample
    con = sqlite3.connect(db)
    with con:
        con.execute("update meta set value = '99' where key = 'schema_version'")
    con.close()
    result = mythos("card", "Dark Young", "--db", str(db))
    assert result.exit_code == 2
    assert "built by a newer mythos (catalog schema 99" in result.stderr


# -- a verdict that depends on an unsettled reading says so -----------------------------------


def _deck_with(tmp_path, line: str, catalog) -> Path:
    """A legal 52-card filler (13 plain Events, four each) and ``line``."""
    events = sorted(
        {
            c.title
            for c in catalog.all_cards()
            if c.is_official
            and c.type is CardType.EVENT
            and not c.unique
            and not c.disagreements
            and len(catalog.cards_named(c.title)) == 1
        }
    )[:13]
    deck = tmp_path / "deck.txt"
    deck.write_text(
        "Investigator\n1 Pragmatic Hobo\nDeck\n" + "".join(f"4 {t}\n" for t in events) + line + "\n", encoding="utf-8"
    )
    return deck


def test_copies_of_a_card_one_transcription_reads_unique_are_a_warning(both_catalog, both_catalog_path, tmp_path):
    # GCCG reads Being of Ib without the Uniqueness Dot, LackeyCCG with it; no document says.
    result = mythos(
        "deck",
        "check",
        str(_deck_with(tmp_path, "2 Being of Ib", both_catalog)),
        "--json",
        "--db",
        str(both_catalog_path),
    )
    data = json.loads(result.stdout)
    assert data["legal"] is True and data["errors"] == []
    (warning,) = [w for w in data["warnings"] if w["rule"] == "one-card-limit-unique"]
    assert warning["message"] == (
        "2 copies of Being of Ib, which the card transcriptions disagree is Unique "
        "(GCCG reads it not Unique; LackeyCCG reads it Unique); legal only if it is not"
    )


def test_an_error_on_a_disputed_dot_names_the_other_reading(both_catalog, both_catalog_path, tmp_path):
    result = mythos(
        "deck", "check", str(_deck_with(tmp_path, "2 Jeremiah Brewster", both_catalog)), "--db", str(both_catalog_path)
    )
    assert result.exit_code == 1
    assert (
        "error: 2 copies of the Unique card Jeremiah Brewster, max 1 (though GCCG reads it Unique; "
        "LackeyCCG reads it not Unique)"
    ) in result.stdout


# -- issue 23: the documents settle facts that block play ----------------------------------


@pytest.mark.parametrize("catalog_name", ["gccg_catalog", "both_catalog"])
def test_kennedy_space_center_is_of_the_new_aeon(request, catalog_name):
    # Rulebook l.572: in NEW AEON only the Innsmouth Locations are of the Waking World (and the
    # example of l.255 walks on from Kennedy Space Center with a NEW AEON Location).
    (ksc,) = request.getfixturevalue(catalog_name).cards_named("Kennedy Space Center")
    assert ksc.dimension is Dimension.NEW_AEON
    assert ksc.disagreement("dimension").decided_by == "rulebook:572"


@pytest.mark.parametrize("catalog_name", ["gccg_catalog", "both_catalog"])
def test_first_national_grocery_is_in_innsmouth_of_the_1920s(request, catalog_name):
    # Rulebook l.267: "a Location in Innsmouth in the 1920s", in the Region of Innsmouth's cards.
    (grocery,) = request.getfixturevalue(catalog_name).cards_named("First National Grocery")
    (gilman,) = request.getfixturevalue(catalog_name).cards_named("Gilman House Hotel")
    assert (grocery.region, grocery.subregion, grocery.dimension) == (
        gilman.region,
        gilman.subregion,
        Dimension.WAKING_WORLD,
    )
    assert grocery.disagreement("region").decided_by == "rulebook:267"
