"""The GCCG importer reads the real set files as they are, quirks included."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from deckbuilder.catalog.importers import CardDataError, read_card_files
from deckbuilder.catalog.importers.gccg import read_gccg_bytes, read_gccg_dir
from deckbuilder.rules.cards import CardType, Dimension, LanguageRule, Legality, PublicAttribute, SpellIcon


@pytest.fixture(scope="module")
def gccg(gccg_sets: Path):
    return read_gccg_dir(gccg_sets)


def titled(cards, title):
    return [c for c in cards if c.title == title]


def test_every_card_imports(gccg):
    assert len(gccg.cards) == 1115
    assert sum(1 for c in gccg.cards if c.set_code != "SD") == 946
    counts = Counter(c.set_code for c in gccg.cards)
    assert counts == {
        "LTD": 218,
        "DRM": 210,
        "NAE": 210,
        "SD": 169,
        "MSGS": 106,
        "EOMU": 67,
        "CR": 67,
        "LOTN": 67,
        "PR": 1,
    }


def test_every_card_has_a_type_and_a_unique_key(gccg):
    assert all(c.type is not None for c in gccg.cards)
    keys = [c.key for c in gccg.cards]
    assert len(keys) == len(set(keys))


def test_the_parody_set_is_not_official(gccg):
    legality = Counter(c.legality for c in gccg.cards)
    assert legality == {Legality.OFFICIAL: 946, Legality.FAN: 169}


def test_inverted_articles_are_put_in_front(gccg):
    assert titled(gccg.cards, "The Athenaeum")
    assert not [c for c in gccg.cards if c.title.endswith(", The")]


def test_repeated_titles_get_printing_numbers(gccg):
    # Necronomicon is printed in Greek and in Latin in one set: #1 and #2 (README "Quirks").
    necros = [c for c in gccg.cards if c.title == "Necronomicon"]
    by_set = Counter(c.set_code for c in necros)
    repeated = [s for s, n in by_set.items() if n > 1]
    assert repeated, "some set holds two Necronomicons"
    same_set = [c for c in necros if c.set_code == repeated[0]]
    assert sorted(c.printing for c in same_set) == list(range(1, len(same_set) + 1))
    assert {lang for c in necros for lang in c.tome_languages} >= {"Greek", "Latin"}
    assert len(titled(gccg.cards, "Car")) == 4
    assert len([c for c in gccg.cards if c.title == "Mi-Go"]) == 4


def test_tome_icons_come_from_the_public_field(gccg):
    tomes = [c for c in gccg.cards if c.type is CardType.TOME]
    assert tomes and all(not c.public for c in tomes)
    assert sum(1 for c in tomes if c.icons) == 49  # counted in the XML by hand: 49 of 56 Tomes
    assert any(SpellIcon.DREAM in c.icons for c in tomes)


def test_great_old_ones_have_no_number_and_two_requirements(gccg):
    goos = [c for c in gccg.cards if c.goo]
    assert len(goos) == 15
    assert all(c.value is None for c in goos)
    azathoth = titled(gccg.cards, "Azathoth")[0]
    assert azathoth.summon == ("Space Location", "Eclipse")


def test_the_monster_with_two_values(gccg):
    (two,) = [c for c in gccg.cards if c.value2 is not None]
    assert (two.value, two.value2) == (6, 4)
    assert two.type is CardType.MONSTER


def test_misspelt_attribute_names_are_corrected(gccg):
    words = {w for c in gccg.cards for w in (*c.attributes, c.subregion or "")}
    assert not {w for w in words if "Cemetary" in w or "Miscatonic" in w}
    assert "Any Cemetery" in {c.subregion for c in gccg.cards}


def test_allies_read_allegiance_occupation_and_languages(gccg):
    armitage = titled(gccg.cards, "Henry Armitage")[0]
    assert armitage.allegiance.value == "Steadfast"
    assert armitage.occupations == ("M.U. Professor",)
    assert "Professor" in armitage.attributes
    assert set(armitage.languages) >= {"English", "Latin", "Greek"}
    assert armitage.dimension is Dimension.WAKING_WORLD


def test_tome_language_rules(gccg):
    rules = Counter(c.tome_language_rule for c in gccg.cards if c.type is CardType.TOME)
    assert rules[LanguageRule.ONE_OF] == 1  # "Atlantean or Hyperborean"
    both = [c for c in gccg.cards if c.tome_languages == ("Greek", "Latin")]
    assert both and both[0].tome_language_rule is LanguageRule.ALL_OF


def test_locations_public_attributes(gccg):
    pickman = titled(gccg.cards, "197 E. Pickman Street")[0]
    assert pickman.public == (PublicAttribute.WATER, PublicAttribute.INSIDE)
    assert pickman.gate and pickman.attributes == ("City", "House", "Artifact")


def test_values_it_cannot_read_are_kept_raw_and_flagged(gccg):
    problems = sorted((c.title, p.field, p.raw) for c in gccg.cards for p in c.problems)
    # Three pentagrams hold no number in the transcription ("+?" twice, "+=-2" once).
    assert problems == [
        ("Black Galley", "sanity", "+=-2"),
        ("Giant Albino Penguins", "sanity", "+?"),
        ("Its Full Of Stars!", "sanity", "+?"),
    ]
    galley = titled(gccg.cards, "Black Galley")[0]
    assert galley.sanity is None and galley.sanity_text == "+=-2"


def test_the_game_file_is_skipped_with_a_note(mythos_data: Path):
    result = read_card_files([mythos_data / "gccg"])
    assert len(result.cards) == 1115
    assert any("mythos.xml" in n and "game file" in n for n in result.notes)


SET_HEAD = b'<?xml version="1.0" encoding="UTF-8"?>\n<ccg-setinfo name="Limited" game="Mythos"><cards>'
CARD = (
    '<card name="Test Card" text="Caf\u00e9"><attr key="set" value="Limited"/><attr key="type" value="Event"/></card>'
)


@pytest.mark.parametrize(
    "data, message",
    [
        (SET_HEAD + CARD.encode() + b"<card name=", "malformed XML at line"),
        (SET_HEAD + CARD.encode(), "malformed XML"),  # truncated: no closing tags
        (
            b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>'
            b'<ccg-setinfo name="x"><cards><card name="&lol2;"/></cards></ccg-setinfo>',
            "refused: the XML declares entities",
        ),
        (SET_HEAD + CARD.encode("latin-1") + b"</cards></ccg-setinfo>", "not valid UTF-8 text (byte 0xE9 on line 2)"),
        (b"<html><body>404</body></html>", "not a GCCG set file"),
    ],
    ids=["malformed", "truncated", "xml-bomb", "wrong-encoding", "not-a-set"],
)
def test_hostile_files_get_one_clear_error(data, message):
    with pytest.raises(CardDataError) as info:
        read_gccg_bytes(data, "bad.xml")
    assert message in str(info.value)
    assert "\n" not in str(info.value)
    assert str(info.value).startswith("bad.xml: ")


def test_a_small_well_formed_file_imports():
    result = read_gccg_bytes(SET_HEAD + CARD.encode() + b"</cards></ccg-setinfo>", "one.xml")
    (card,) = result.cards
    assert (card.title, card.set_code, card.type, card.text) == ("Test Card", "LTD", CardType.EVENT, "Café")
    assert result.sources[0].cards == 1


WELL_FORMED = SET_HEAD + CARD.encode() + b"</cards></ccg-setinfo>"
#: What a hostile or broken set file may hold, each put at every place of a small set file.
INSERTS = [
    b'<!DOCTYPE s [<!ENTITY e "x">]>',
    b'<!DOCTYPE s [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
    b'<!DOCTYPE s [<!ENTITY % p SYSTEM "http://example.invalid/p">%p;]>',
    b'<!DOCTYPE s [<!ENTITY u SYSTEM "u" NDATA gif>]>',
    b'<!DOCTYPE s SYSTEM "http://example.invalid/s.dtd">',
    b"&e;",
    b"<q:a/>",
    b"<",
    b"\x00",
    b"\xff",
]


def test_the_reader_refuses_and_reports_what_defusedxml_does():
    """The set files are refused or read as defusedxml.ElementTree would: the same tree, or
    the same exception with the same message and place (the reader builds its tree with the
    C parser after a first pass with defusedxml's handlers)."""
    from xml.etree.ElementTree import tostring

    from defusedxml import ElementTree as SafeET

    from deckbuilder.catalog.importers.gccg import _parse_xml

    def outcome(parse, data):
        try:
            return tostring(parse(data))
        except Exception as exc:  # the outcome compared: class, message, place
            return type(exc).__name__, str(exc), getattr(exc, "position", None)

    cases = [WELL_FORMED[:cut] for cut in range(len(WELL_FORMED) + 1)]
    cases += [WELL_FORMED[:at] + insert + WELL_FORMED[at:] for insert in INSERTS for at in range(len(WELL_FORMED))]
    cases += [
        b'<?xml version="1.0" encoding="iso-8859-1"?><ccg-setinfo name="\xe9"/>',
        b'<?xml version="1.0" encoding="shift_jis"?><ccg-setinfo/>',
        b'<!DOCTYPE s [<!ELEMENT s ANY>]><ccg-setinfo name="&amp;&lt;&#65;"/>',
        # As the GCCG set files begin: an external DTD, which is never read, then a reference
        # to an entity it might declare, standalone or not.
        b'<?xml version="1.0"?><!DOCTYPE ccg-setinfo SYSTEM "../gccg-set.dtd"><ccg-setinfo name="&e;"/>',
        b'<?xml version="1.0" standalone="yes"?><!DOCTYPE ccg-setinfo SYSTEM "s.dtd"><ccg-setinfo name="&e;"/>',
        b'<!DOCTYPE ccg-setinfo PUBLIC "-//x//y" "s.dtd" [<!ELEMENT s ANY>]><ccg-setinfo>&e;</ccg-setinfo>',
        b'<!DOCTYPE ccg-setinfo SYSTEM "s.dtd"><ccg-setinfo><!-- <!ENTITY e "x"> --></ccg-setinfo>',
    ]
    # An entity declaration not written in ASCII bytes (the first pass is skipped only for
    # bytes without "<!ENTITY" and without a NUL): UTF-16 and UTF-32 with and without a
    # declaration or byte order mark, EBCDIC, Latin-1.
    entity = '<!DOCTYPE s [<!ENTITY e "x">]><ccg-setinfo name="&e;"/>'
    for encoding in ("utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "cp037", "latin-1"):
        declaration = f'<?xml version="1.0" encoding="{encoding}"?>'
        cases += [entity.encode(encoding), (declaration + entity).encode(encoding)]
        cases.append(declaration.encode() + entity.encode(encoding))
    outcomes = [(outcome(SafeET.fromstring, data), outcome(_parse_xml, data)) for data in cases]
    assert [old for old, _new in outcomes] == [new for _old, new in outcomes]
    kinds = Counter(old[0] if isinstance(old, tuple) else "tree" for old, _new in outcomes)
    # Every kind met: trees read, entity declarations refused, malformed XML placed.
    assert kinds["tree"] >= 3 and kinds["EntitiesForbidden"] >= 8 and kinds["ParseError"] > 1000
