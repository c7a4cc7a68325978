"""The LackeyCCG importer reads the real set files as they are, and a catalog built from
either transcription answers the same questions the same way."""

from __future__ import annotations

from collections import Counter
from enum import Enum
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckbuilder.catalog.importers import CardDataError, ImportResult
from deckbuilder.catalog.importers.gccg import read_gccg_dir
from deckbuilder.catalog.importers.lackey import (
    is_lackey_set,
    read_lackey_bytes,
    read_lackey_dir,
    read_lackey_file,
    read_lackey_sets,
)
from deckbuilder.rules.cards import (
    Allegiance,
    Card,
    CardType,
    Dimension,
    LanguageRule,
    Legality,
    PublicAttribute,
    SpellIcon,
    fold_title,
)

HEADER = (
    "Name\tSet\tImage\tType\tAttributes\tLanguages\tValue\tSanity\tSummon\tUnique\tDimension\tPast\t"
    "Region\tCity\tBeginning Sanity\tMax Sanity\tEducation\tHand Size\tMinuimum\tMaximum\tRarity\tText"
)
WIDTH = len(HEADER.split("\t"))


@pytest.fixture(scope="module")
def lackey(lackey_sets: Path) -> ImportResult:
    return read_lackey_dir(lackey_sets)


@pytest.fixture(scope="module")
def gccg(gccg_sets: Path) -> ImportResult:
    return read_gccg_dir(gccg_sets)


def card(result: ImportResult, key: str) -> Card:
    (found,) = [c for c in result.cards if c.key == key]
    return found


def row(*cells: str) -> str:
    """Gets one Lackey line: the given leading cells, the rest empty."""
    return "\t".join([*cells, *[""] * (WIDTH - len(cells))])


# -- every line imports --------------------------------------------------------------------


@pytest.mark.parametrize(
    "file, set_code, cards",
    [
        ("B1MU.txt", "EOMU", 67),
        ("B2CR.txt", "CR", 67),
        ("B3LN.txt", "LOTN", 67),
        ("Dreamlands.txt", "DRM", 210),
        ("Limited.txt", "LTD", 217),
        ("Movieland.txt", "MOVIELAND", 161),
        ("NewAeon.txt", "NAE", 210),
        ("Repointed.txt", "RP", 60),
        ("Scooby.txt", "SD", 169),
        ("StdC.txt", "MSGS", 54),
        ("StdS.txt", "MSGS", 54),
    ],
)
def test_every_line_of_each_file_imports(lackey: ImportResult, lackey_sets: Path, file: str, set_code: str, cards: int):
    (source,) = [s for s in lackey.sources if Path(s.path).name == file]
    # StdS lists two printings StdC lists too: read with it, they are kept once (issue 12).
    repeats = 2 if file == "StdS.txt" else 0
    assert (source.set_code, source.cards, source.transcription) == (set_code, cards - repeats, "lackey")
    # Counted independently: the non-blank lines after the header, split on LF only.
    lines = [line for line in (lackey_sets / file).read_bytes().split(b"\n")[1:] if line.strip()]
    assert len(lines) == cards
    alone = read_lackey_file(lackey_sets / file)
    assert len(alone.cards) == cards


def test_all_1336_lines_import_with_unique_keys(lackey: ImportResult):
    # 1336 lines, two of them the Standard Game's shared printings listed by both decks.
    assert len(lackey.cards) == 1334
    assert all(c.type is not None and c.source == "lackey" for c in lackey.cards)
    keys = [c.key for c in lackey.cards]
    assert len(keys) == len(set(keys))
    assert Counter(c.set_code for c in lackey.cards) == {
        "LTD": 217,
        "DRM": 210,
        "NAE": 210,
        "SD": 169,
        "MOVIELAND": 161,
        "MSGS": 106,
        "EOMU": 67,
        "CR": 67,
        "LOTN": 67,
        "RP": 60,
    }


def test_cards_keep_the_lackey_image_id(lackey: ImportResult):
    assert card(lackey, "LTD:a-heroic-rescue").image == "Ltd101"
    assert all(c.image for c in lackey.cards)


def test_fan_sets_and_repointed_adventures_are_not_official(lackey: ImportResult):
    legality = Counter((c.set_code, c.legality) for c in lackey.cards if not c.is_official)
    assert legality == {
        ("SD", Legality.FAN): 169,
        ("MOVIELAND", Legality.FAN): 161,
        ("RP", Legality.REPOINTED): 60,
    }


def test_repointed_adventures_import_as_what_they_are(lackey: ImportResult):
    repointed = [c for c in lackey.cards if c.set_code == "RP"]
    assert all(c.type is CardType.ADVENTURE and not c.title.endswith("(RP)") for c in repointed)
    assert all(any(a.endswith("(RP)") for a in c.aliases) for c in repointed)
    rp = card(lackey, "RP:ashes-ashes-azathoth")
    official = card(lackey, "NAE:ashes-ashes-azathoth")
    assert rp.aliases == ("Ashes Ashes Azathoth (RP)",)
    assert (rp.title, rp.legality, rp.value) == ("Ashes Ashes Azathoth", Legality.REPOINTED, 8)
    assert (official.legality, official.value) == (Legality.OFFICIAL, 7)


# -- names ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "key, title, alias",
    [
        ("LTD:car", "Car", "Car (v1)"),
        # The Standard Game's Car (v2) and (v3) are its first and second Car.
        ("MSGS:car", "Car", "Car (v2)"),
        ("MSGS:car#2", "Car", "Car (v3)"),
        ("MSGS:howard-lovecraft", "Howard Lovecraft", "Howard Lovecraft (v4)"),
        ("DRM:dhole", "Dhole", "Dhole (v1)"),
        ("EOMU:necronomicon", "Necronomicon", "Necronomicon (Greek)"),
        ("EOMU:necronomicon#2", "Necronomicon", "Necronomicon (Latin)"),
        (
            "LOTN:seven-cryptical-books-of-hsan",
            "Seven Cryptical Books of H'san",
            "Seven Cryptical Books of H'san (Chinese",
        ),
        (
            "LTD:christchurch-cemetery#2",
            "Christchurch Cemetery",
            "Christchurch Cemetery (Innsmouth)",
        ),
        ("DRM:the-white-ship", "The White Ship", ""),
        ("NAE:larva-of-the-other-gods-first-stage", "Larva of the Other Gods, First Stage", ""),
    ],
)
def test_names_lose_version_and_language_tags_into_aliases(lackey: ImportResult, key: str, title: str, alias: str):
    found = card(lackey, key)
    assert found.title == title
    assert found.aliases == ((alias,) if alias else ())


def test_trailing_spaces_in_names_are_dropped(lackey: ImportResult):
    assert card(lackey, "EOMU:titanic").title == "Titanic"
    assert not [c for c in lackey.cards if c.title != c.title.strip() or "  " in c.title]


def test_standard_game_decks_list_a_shared_printing_once(lackey: ImportResult):
    # Both Standard Game decks hold Portophobia and Boston & Maine Train Station: one
    # printing each (GCCG lists each once), so the import keeps one and says so.
    for title in ("Boston & Maine Train Station", "Portophobia"):
        assert [c.key for c in lackey.cards if c.title == title] == [
            f"MSGS:{title.lower().replace(' & ', '-').replace(' ', '-')}"
        ]
    assert [n for n in lackey.notes if "kept once" in n] == [
        "StdS.txt line 26: Portophobia repeats StdC.txt line 24 (one printing listed in both files of the set); kept once",
        "StdS.txt line 35: Boston & Maine Train Station repeats StdC.txt line 29 (one printing listed in both files of the set); kept once",
    ]


def test_files_read_together_number_printings_across_files(lackey_sets: Path):
    files = [((lackey_sets / n).read_bytes(), lackey_sets / n) for n in ("StdC.txt", "StdS.txt")]
    together = read_lackey_sets(files)
    assert len({c.key for c in together.cards}) == len(together.cards) == 106
    assert [c.key for c in together.cards if c.title == "Car"] == ["MSGS:car", "MSGS:car#2"]
    alone = read_lackey_bytes(*files[1])
    assert card(alone, "MSGS:boston-maine-train-station").image == "StdS505"


# -- encodings -----------------------------------------------------------------------------


def test_windows_1252_ellipsis_is_text_not_a_line_break(lackey: ImportResult):
    # Repointed.txt holds byte 0x85: '…' in Windows-1252, NEL in Latin-1.
    perchance = card(lackey, "RP:perchance")
    assert perchance.title == "Perchance…"
    assert "better way… but wait … that must" in card(lackey, "RP:questionable-judgement").text


def test_code_page_850_mojibake_is_restored_and_noted(lackey: ImportResult):
    assert card(lackey, "NAE:maison-nationale-de-sante").title == "Maison Nationale De Santé"
    assert card(lackey, "NAE:with-neighbours-like-these").title == "With Neighbours Like These…"
    assert "better way… but wait … that must" in card(lackey, "MSGS:questionable-judgement").text
    restored = [n for n in lackey.notes if "code page 850" in n]
    assert [n.split(":")[0] for n in restored] == ["NewAeon.txt", "StdC.txt"]


def test_genuine_windows_1252_is_left_alone():
    text = HEADER + "\n" + row("Caf\u00e9 Noir", "Limited", "X1", "Location", "City") + "\n"
    (found,) = read_lackey_bytes(text.encode("cp1252"), "cafe.txt").cards
    assert found.title == "Café Noir"


def test_header_variants(lackey: ImportResult):
    # Scooby says Expansion for Set; Movieland pads "Languages", has two Dimension columns
    # and no Rarity.
    scooby = card(lackey, "SD:a-tiki-scare-is-no-fair")
    assert scooby.set_code == "SD" and scooby.type is CardType.ADVENTURE
    movieland = [c for c in lackey.cards if c.set_code == "MOVIELAND"]
    assert all(c.rarity is None for c in movieland)
    assert card(lackey, "MOVIELAND:dr-hill").languages == ("English",)


# -- fields --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "key, public, gate, attributes",
    [
        ("LTD:197-e-pickman-street", {"Water", "Inside"}, True, {"Artifact", "City", "House"}),
        ("LTD:bolton", {"Forest", "Outside"}, True, {"Country", "Village", "Tome"}),
        ("MSGS:bellevue-hospital", set(), False, {"County", "New York", "City", "Sanitarium"}),
        ("LOTN:hospital-for-the-insane", {"Inside"}, False, {"City", "Sanitarium"}),  # "Insidre"
        (
            "MOVIELAND:apt-7-e-of-the-bradford",
            {"Water", "Forest", "Inside"},
            False,
            {"City"},
        ),  # "CIty"
    ],
)
def test_location_line_splits_into_public_gate_and_attributes(lackey, key, public, gate, attributes):
    found = card(lackey, key)
    assert {p.value for p in found.public} == public
    assert found.gate is gate
    assert set(found.attributes) == attributes


def test_public_attributes_are_in_the_rulebook_order(lackey: ImportResult):
    order = list(PublicAttribute)
    for found in lackey.cards:
        assert list(found.public) == sorted(found.public, key=order.index)


@pytest.mark.parametrize(
    "key, allegiance, occupations, languages, region, subregion",
    [
        (
            "LTD:george-birch",
            Allegiance.CORRUPT,
            ("Undertaker",),
            ("English",),
            None,
            "Any Cemetery",
        ),
        (
            "LTD:ephraim-waite",
            Allegiance.CORRUPT,
            ("Cultist",),
            ("English",),
            "Lovecraft Country",
            "Innsmouth Past",
        ),
        (
            "LOTN:brown-jenkin",
            Allegiance.CORRUPT,
            ("Cultist",),
            ("All",),
            "Lovecraft Country",
            "Arkham Past",
        ),
        (
            "LOTN:olaus-wormius",
            Allegiance.CORRUPT,
            ("Cultist",),
            ("Latin", "Greek", "Chinese", "German", "Atlantean"),
            "Europe",
            "Any Past",
        ),
        # Rulebook, "Ally cards": "NAPOLEON WHATELEY can only be played if a NEW AEON NEW YORK card is your Current Location."
        (
            "NAE:napoleon-whateley",
            Allegiance.STEADFAST,
            ("Police Detective",),
            ("English",),
            "New Æon",
            "New York",
        ),
        (
            "NAE:delta-green-alpha-squad",
            Allegiance.STEADFAST,
            ("Soldier",),
            ("English",),
            "New Æon",
            "Washington D.C.",
        ),
        ("LTD:zadok-allen", Allegiance.STEADFAST, ("Bum",), (), None, "Any Outside"),
        (
            "MSGS:samuel-winsor",
            Allegiance.STEADFAST,
            ("Priest",),
            ("English", "Latin"),
            None,
            "Any non-Gate",
        ),
        ("CR:bal-sagoth", None, (), (), "South Pacific", "South Pacific"),
        ("MOVIELAND:yankee-stadium", None, (), (), "New York", "New York"),
        ("MSGS:bellevue-hospital", None, (), (), "Lovecraft Country", "New York"),
    ],
)
def test_allies_and_regions(lackey, key, allegiance, occupations, languages, region, subregion):
    found = card(lackey, key)
    assert found.allegiance is allegiance
    assert found.occupations == occupations
    assert found.languages == languages
    assert (found.region, found.subregion) == (region, subregion)


def test_living_dead_is_an_attribute_not_an_occupation(lackey: ImportResult):
    ephraim = card(lackey, "LTD:ephraim-waite")
    assert "Living Dead" in ephraim.attributes and "Living Dead" not in ephraim.occupations


def test_no_region_is_left_in_its_short_form(lackey: ImportResult):
    regions = {c.region for c in lackey.cards}
    assert "Lovecraft Country" in regions
    assert not regions & {"Lovecraft", "Exotic", "Scooby Doo Country", "New York New York"}


@pytest.mark.parametrize(
    "key, icons, languages, rule",
    [
        (
            "EOMU:necronomicon",
            {SpellIcon.CTHULHU, SpellIcon.YELLOW_SIGN},
            ("Greek",),
            LanguageRule.ALL_OF,
        ),
        # Lackey's "Skull" is the Death icon.
        (
            "CR:book-of-eibon#2",
            {SpellIcon.DEATH, SpellIcon.WATER},
            ("Hyperborean",),
            LanguageRule.ALL_OF,
        ),
        (
            "DRM:pnakotic-manuscripts",
            {SpellIcon.FOLK, SpellIcon.WATER},
            ("Atlantean", "Hyperborean"),
            LanguageRule.ONE_OF,
        ),
    ],
)
def test_tomes_take_icons_from_attributes_and_language_from_languages(lackey, key, icons, languages, rule):
    tome = card(lackey, key)
    assert set(tome.icons) == icons
    assert (tome.tome_languages, tome.tome_language_rule) == (languages, rule)
    assert not tome.languages


def test_spell_icon_names(lackey: ImportResult):
    spells = [c for c in lackey.cards if c.type is CardType.SPELL and c.is_official]
    assert all(len(c.icons) == 1 and c.subtype == c.icons[0].value for c in spells)
    assert card(lackey, "LTD:barrier-of-naach-tith").spell_icon is SpellIcon.WATER


@pytest.mark.parametrize(
    "key, monster_class, summon",
    [
        ("NAE:azathoth", "Outer God", ("Space Location", "Eclipse")),  # "OG", "Space, Eclipse"
        ("CR:abhoth", "Outer God", ("Underground Location", "Eclipse")),
        ("LTD:rhan-tegoth", "Great Old One", ("Forest/Cemetery Location", "Waxing Moon")),
        ("NAE:shub-niggurath", "Great Old One", ("Country/Forest Location", "False Dawn")),
    ],
)
def test_great_old_ones_read_their_requirements_from_summon(lackey, key, monster_class, summon):
    goo = card(lackey, key)
    assert (goo.goo, goo.value, goo.monster_class, goo.summon) == (
        True,
        None,
        monster_class,
        summon,
    )


def test_invisibility_in_summon_is_an_attribute(lackey: ImportResult):
    assert card(lackey, "LTD:vampire").attributes == ("Invisible",)
    colour = card(lackey, "LTD:colour-out-of-space")
    assert (colour.value, colour.value2, colour.attributes) == (6, 4, ("Visible/Invisible",))


def test_monster_allies_read_class_then_person(lackey: ImportResult):
    greys = card(lackey, "NAE:greys")
    assert (greys.monster_class, greys.allegiance, greys.occupations, greys.languages) == (
        "Lesser Independent",
        Allegiance.CORRUPT,
        ("Scientist",),
        ("Binary",),
    )


@pytest.mark.parametrize(
    "key, sanity, sanity_max, education, hand, hand_min, hand_max, languages",
    [
        ("LTD:adventurous-dilettante", 12, 20, 16, 13, 7, 7, ("English", "French")),
        # Rulings line 197: the Pragmatic Hobo's card has no Minimum or Maximum.
        ("LTD:pragmatic-hobo", 16, 20, 4, 7, None, None, ()),
        # "English, *French": the text grants French only in the Dreamlands.
        ("DRM:overworked-telephone-operator", 15, 20, 9, 13, 4, 5, ("English",)),
    ],
)
def test_investigator_numbers(lackey, key, sanity, sanity_max, education, hand, hand_min, hand_max, languages):
    found = card(lackey, key)
    assert (
        found.sanity,
        found.sanity_max,
        found.education,
        found.hand,
        found.hand_min,
        found.hand_max,
    ) == (
        sanity,
        sanity_max,
        education,
        hand,
        hand_min,
        hand_max,
    )
    assert found.languages == languages


def test_unique_dimension_rarity_and_travel(lackey: ImportResult):
    assert card(lackey, "LTD:arkham-sanitarium").unique
    assert card(lackey, "DRM:black-galley").dimension is Dimension.DREAMLANDS
    assert card(lackey, "LTD:ammi-pierce").dimension is Dimension.WAKING_WORLD
    assert card(lackey, "LTD:amnesia").dimension is None
    assert card(lackey, "LTD:a-heroic-rescue").rarity == "Uncommon"
    assert card(lackey, "DRM:sky-galleon").subtype == "Travel by Air and Sea"
    assert card(lackey, "NAE:ufo").subtype == "Travel in Space"


def test_the_real_folder_has_exactly_these_problems(lackey: ImportResult):
    problems = Counter((c.set_code, c.title, p.field, p.raw) for c in lackey.cards for p in c.problems)
    movieland = {k: n for k, n in problems.items() if k[2] == "dimension"}
    # Movieland is the fan set's own Dimension: kept raw, on 83 of its 161 cards.
    assert {(s, f, raw) for s, _, f, raw in movieland} == {("MOVIELAND", "dimension", "Movieland")}
    assert sum(movieland.values()) == 83
    assert all(c.dimension is None for c in lackey.cards if any(p.field == "dimension" for p in c.problems))
    # Two pentagrams hold no number (GCCG has the same two, as "+?").
    assert sorted(k for k in problems if k[2] != "dimension") == [
        ("LTD", "Giant Albino Penguins", "sanity", "?"),
        ("NAE", "It's Full Of Stars!", "sanity", "+?"),
    ]
    assert [n for n in lackey.notes if "code page 850" not in n and "kept once" not in n] == []


# -- the agreement test --------------------------------------------------------------------

#: The fields a player reasons about. Multi-valued fields compare as sets: their order
#: carries no rule.
COMPARED = (
    "type",
    "subtype",
    "value",
    "goo",
    "gate",
    "unique",
    "sanity",
    "attributes",
    "public",
    "icons",
    "region",
    "subregion",
    "dimension",
    "allegiance",
    "occupations",
    "languages",
    "tome_languages",
    "monster_class",
    "summon",
    "sanity_max",
    "education",
    "hand",
    "hand_min",
    "hand_max",
)

#: Every difference between the two transcriptions of the official sets, as
#: (card, field, GCCG value, Lackey value), checked by reading both files.
DIFFERENCES: dict[str, list[tuple[str, str, str, str]]] = {
    # Travel Events: GCCG records the attributes a Travel card gives the Investigator
    # ("Travel cards feature their own attributes", rulebook "Travel Within A Region");
    # Lackey's Attributes column holds only the Travel subtype for these.
    "travel attributes": [
        ("CR Seaplane", "public", "Outside", ""),
        ("CR Tramp Steamer", "attributes", "Artifact", ""),
        ("CR Tramp Steamer", "public", "Outside, Water", ""),
        ("CR U-Boat", "public", "Inside, Water", ""),
        ("DRM Cats of Ulthar", "public", "Outside", ""),
        ("DRM Elephant Caravan", "public", "Outside", ""),
        ("DRM Ship of Clouds", "public", "Outside", ""),
        ("DRM Sky Galleon", "public", "Outside", ""),
        ("DRM Yak", "public", "Outside", ""),
        ("DRM Zebra", "public", "Outside", ""),
        ("EOMU Closed-Cockpit Monoplane", "public", "Outside", ""),
        ("EOMU Dirigible", "public", "Outside", ""),
        ("EOMU Mauretania", "public", "Outside, Water", ""),
        ("EOMU Titanic", "public", "Outside, Water", ""),
        ("LTD Car", "public", "Outside", ""),
        ("LTD Train", "public", "Outside", ""),
        ("MSGS Car", "public", "Outside", ""),
        ("MSGS Car #2", "public", "Outside", ""),
        ("MSGS Train", "public", "Outside", ""),
        ("MSGS Train #2", "public", "Outside", ""),
        ("NAE Helicopter", "public", "Outside", ""),
        ("NAE Shuttle Icarus", "public", "Outside", ""),
        ("NAE UFO", "public", "Outside", ""),
    ],
    # Location public attributes: one transcription lacks an icon or has another
    # (Lackey's row for Old Congregational Church reads "Forestm Water", a typo that
    # swallows two icons; Bellevue Hospital's reads "County, New York , City, Sanitorium").
    "location public attributes": [
        ("CR Bal Sagoth", "public", "Cemetery, Forest, Outside, Water", "Cemetery, Forest, Water"),
        ("CR Lost Temple of Atlantis", "public", "Forest, Outside, Water", "Forest, Inside, Water"),
        ("CR Otaheite", "public", "Cemetery, Forest, Outside, Water", "Cemetery, Forest, Water"),
        ("DRM The Cliffs of Glass", "public", "Outside, Water", "Water"),
        ("DRM The Snake-Den", "public", "Forest, Outside", "Forest, Inside"),
        ("DRM The White Whale Inn", "public", "Inside", "Outside"),
        ("EOMU Bishop's Brook Bridge", "public", "Forest, Outside, Water", "Forest, Outside"),
        ("LOTN Alexandria Museum of Antiquities", "public", "Inside, Water", "Inside"),
        ("LOTN Grivas Old and New Books", "public", "Outside, Water", ""),
        (
            "LTD Hangman's Hill",
            "public",
            "Cemetery, Forest, Outside, Water",
            "Cemetery, Forest, Water",
        ),
        (
            "LTD North Burial Ground",
            "public",
            "Cemetery, Forest, Outside, Water",
            "Cemetery, Forest, Outside",
        ),
        (
            "LTD Old Arkham Cemetery",
            "public",
            "Cemetery, Forest, Outside, Water",
            "Cemetery, Forest, Water",
        ),
        (
            "LTD Potter's Field",
            "public",
            "Cemetery, Forest, Outside, Water",
            "Cemetery, Forest, Water",
        ),
        ("LTD Robert Blake's Study", "public", "Inside, Water", ""),
        ("MSGS Bellevue Hospital", "public", "Inside, Water", ""),
        ("MSGS Miss Greene's Home", "public", "Forest, Inside", ""),
        (
            "MSGS Old Congregational Church",
            "public",
            "Cemetery, Forest, Inside, Water",
            "Cemetery, Inside",
        ),
        ("MSGS Providence Historical Society", "public", "Inside, Water", ""),
        (
            "MSGS The Old Gibbett",
            "public",
            "Cemetery, Forest, Outside, Water",
            "Cemetery, Forest, Water",
        ),
        ("NAE Cykranosh", "public", "Outside, Water", "Forest, Outside"),
        ("NAE U.S. Coastguard Station", "public", "Inside, Water", "Outside, Water"),
    ],
    # Location attribute lines that list different words. GCCG repeats "Inside" in the
    # Hospital for the Insane's attribute line (its public letter is there too).
    "location attributes": [
        ("DRM The Great Bazaar", "attributes", "Artifact, Business, City", "Business, City"),
        ("DRM The Tall Lighthouse", "attributes", "City, Palace, Tome", "City, Lighthouse, Tome"),
        (
            "EOMU Miskatonic University Orne Library",
            "attributes",
            "City, Library, Tome, University",
            "City, University",
        ),
        (
            "EOMU Miskatonic University Science Annex",
            "attributes",
            "Artifact, City, University",
            "City, University",
        ),
        (
            "LOTN Akhenaten's Tomb",
            "attributes",
            "Artifact, Country, Tome, Underground",
            "Artifact, Country, Tome",
        ),
        (
            "LOTN Hospital for the Insane",
            "attributes",
            "City, Inside, Sanitarium",
            "City, Sanitarium",
        ),
        (
            "LTD Brown University John Hay Library",
            "attributes",
            "City, Library, Tome",
            "City, Library, Tome, University",
        ),
        ("LTD Potter's Field", "attributes", "City", ""),
        (
            "MSGS Bellevue Hospital",
            "attributes",
            "City, Sanitarium",
            "City, County, New York, Sanitarium",
        ),
        (
            "MSGS Old Congregational Church",
            "attributes",
            "Church, City",
            "Church, City, Forestm Water",
        ),
        (
            "NAE DBZ Spacelab",
            "attributes",
            "Artifact, Port, Space, Tome, Town",
            "Artifact, Port, Space, Tome",
        ),
    ],
    # The Gate symbol: one transcription has it and the other has not.
    "gates": [
        ("DRM Basalt Pillars of the West", "gate", "yes", "no"),
        ("DRM Gate of Deeper Slumber", "gate", "no", "yes"),
        ("DRM The Bridge over the River Skai", "gate", "no", "yes"),
        ("DRM The Nameless Lake", "gate", "no", "yes"),
        ("DRM Vale of Pnoth", "gate", "no", "yes"),
        ("EOMU The Necropolis", "gate", "no", "yes"),
        ("LOTN Akhenaten's Tomb", "gate", "yes", "no"),
        ("LOTN Mosque of Ibn Tulun", "gate", "yes", "no"),
        ("LTD Old Arkham Cemetery", "gate", "yes", "no"),
        ("MSGS Penn Central Train Station", "gate", "yes", "no"),
        ("NAE Carlyle House Museum", "gate", "yes", "no"),
        ("NAE Porta Portese", "gate", "no", "yes"),
        ("NAE United Nations", "gate", "yes", "no"),
    ],
    # The Uniqueness Dot: GCCG's unique attribute and Lackey's Unique column disagree.
    "uniqueness": [
        ("CR R'lyeh Disk, Left Fragment", "unique", "no", "yes"),
        ("CR R'lyeh Disk, Right Fragment", "unique", "no", "yes"),
        ("CR R'lyeh Disk, Top Fragment", "unique", "no", "yes"),
        ("DRM Being of Ib", "unique", "no", "yes"),
        ("DRM Buopoth", "unique", "no", "yes"),
        ("DRM Cat from Saturn", "unique", "no", "yes"),
        ("LOTN Mosque of Ibn Tulun", "unique", "no", "yes"),
        ("LTD Jeremiah Brewster", "unique", "yes", "no"),
        ("LTD Shining Trapezohedron", "unique", "no", "yes"),
        ("NAE Chakota Beast", "unique", "no", "yes"),
        ("NAE Laptop Computer", "unique", "yes", "no"),
        ("NAE Maison Nationale De Santé", "unique", "yes", "no"),
    ],
    # The Sanity pentagram: blank in one, or another number. GCCG's Black Galley reads
    # "+=-2", which its importer keeps raw as a problem.
    "sanity": [
        ("DRM Angry Zoogs", "sanity", "", "-1"),
        ("DRM Black Galley", "sanity", "", "-2"),
        ("DRM Guardians of the Great Ones", "sanity", "", "-1"),
        ("DRM Highway Robbery", "sanity", "", "-1"),
        ("DRM Nightmare", "sanity", "", "-1"),
        ("DRM Thaumaturgical Prodigies in the New-English Canaan", "sanity", "", "-1"),
        ("DRM The Children Have Sweet Dreams", "sanity", "", "-1"),
        ("DRM The King of Ilek-Vad", "sanity", "", "1"),
        ("EOMU The Auction", "sanity", "4", "3"),
        ("LTD Book of Dzyan", "sanity", "", "-1"),
        ("NAE Azathoth And Others", "sanity", "-2", "-1"),
        ("NAE Tactical Nuclear Bomb", "sanity", "-2", "-1"),
    ],
    # Values: Lackey leaves a 0 or +0 blank; two other numbers differ (Thaumaturgical
    # Prodigies: GCCG's "New-English" card is Lackey's "(v1)", with Lackey's value 2).
    "values": [
        ("DRM Buopoth", "value", "0", ""),
        ("DRM Thaumaturgical Prodigies in the New-English Canaan", "value", "1", "2"),
        ("EOMU The Secret of Power & Glory is Yours", "value", "9", "6"),
        ("MSGS The Two Scepters", "value", "0", ""),
    ],
    # Subtypes one transcription lacks (Weapon, Storm, Threat) or words differently.
    "subtypes": [
        ("CR U-Boat", "subtype", "Travel Underwater", "Travel by Sea"),
        ("DRM If I Ran the Zoog", "subtype", "Fantastic Dream", "Heroic Adventure"),
        ("DRM Nightmare", "subtype", "Threat", ""),
        ("DRM Rain of Fish", "subtype", "", "Storm"),
        ("DRM Shipwreck", "subtype", "Storm", ""),
        ("LTD Elephant Gun", "subtype", "Weapon", ""),
        ("MSGS Faithful Hounds", "subtype", "Weapon", ""),
        ("NAE Acid Rain", "subtype", "Storm", ""),
        ("NAE Hitman from Medellin", "subtype", "Threat", ""),
        ("NAE IRS Auditor", "subtype", "Threat", ""),
        ("NAE M16 Assault Rifle", "subtype", "Weapon", ""),
        ("NAE Nuclear Winter", "subtype", "Storm", ""),
        ("NAE Plastic Explosive", "subtype", "Weapon", ""),
    ],
    # Allies: Lackey drops "M.U." from Miskatonic University occupations (both keep the
    # bare occupation as an attribute), lists other languages, and cuts "Dreamer" to "Dre".
    "allies": [
        (
            "EOMU Dr. Allen Halsey",
            "attributes",
            "Doctor, M.U. Scholar, Scholar, Steadfast",
            "Doctor, Scholar, Steadfast",
        ),
        ("EOMU Dr. Allen Halsey", "occupations", "Doctor, M.U. Scholar", "Doctor, Scholar"),
        (
            "EOMU Henry Armitage",
            "attributes",
            "M.U. Professor, Professor, Steadfast",
            "Professor, Steadfast",
        ),
        ("EOMU Henry Armitage", "occupations", "M.U. Professor", "Professor"),
        (
            "EOMU Henry Armitage",
            "languages",
            "English, French, German, Greek, Latin",
            "English, French, German, Latin",
        ),
        ("EOMU Herbert West", "attributes", "Corrupt, M.U. Student, Student", "Corrupt, Student"),
        ("EOMU Herbert West", "occupations", "M.U. Student", "Student"),
        ("EOMU Lavinia Whateley", "languages", "", "English"),
        (
            "EOMU Nathaniel Wingate Peaslee",
            "attributes",
            "M.U. Professor, Professor, Steadfast",
            "Professor, Steadfast",
        ),
        ("EOMU Nathaniel Wingate Peaslee", "occupations", "M.U. Professor", "Professor"),
        (
            "EOMU Prof. Wingate Peaslee",
            "attributes",
            "M.U. Professor, Professor, Steadfast",
            "Professor, Steadfast",
        ),
        ("EOMU Prof. Wingate Peaslee", "occupations", "M.U. Professor", "Professor"),
        (
            "LTD Albert N. Wilmarth",
            "attributes",
            "M.U. Professor, Professor, Steadfast",
            "Professor, Steadfast",
        ),
        ("LTD Albert N. Wilmarth", "occupations", "M.U. Professor", "Professor"),
        ("LTD K.J. Hooper", "languages", "", "English"),
        ("NAE Giovanni Angellis", "languages", "English, Italian", "Italian"),
        (
            "NAE Professor L.N. Isinwyll",
            "attributes",
            "Dreamer, Professor, Steadfast",
            "Dre, Professor, Steadfast",
        ),
        ("NAE Professor L.N. Isinwyll", "occupations", "Dreamer, Professor", "Dre, Professor"),
    ],
    # Regions and Dimensions: Lackey leaves a Dreamlands Region blank, puts "Boston or
    # Europe" in Region, files two Innsmouth cards under Lovecraft Country, has "Any New
    # Aeon" as an uncoloured bar, gives Artifacts no Region, and one or the other omits or
    # adds a Dimension indicator (a New Æon card without it is not in the New Æon Region).
    "regions and dimensions": [
        ("DRM Barzai the Wise", "region", "The West", ""),
        ("DRM Merchant of Ill Repute", "dimension", "Dreamlands", "Waking World"),
        ("LOTN Simon Orne", "region", "Lovecraft Country", "Boston or Europe"),
        ("LOTN Simon Orne", "subregion", "Boston or Europe", "Boston"),
        ("NAE Cykranosh", "dimension", "Waking World", "New Æon"),
        ("NAE First National Grocery", "region", "New Æon", "Lovecraft Country"),
        ("NAE Fish-Head Rock", "region", "New Æon", "Lovecraft Country"),
        ("NAE Fractal Creatures", "dimension", "New Æon", ""),
        ("NAE Greys", "dimension", "New Æon", ""),
        ("NAE Howard Lovecraft", "region", "New Æon", ""),
        ("NAE Kennedy Space Center", "dimension", "Waking World", "New Æon"),
        ("NAE Men in Black", "dimension", "New Æon", ""),
        ("NAE Obed Marsh Memorial", "region", "Lovecraft Country", ""),
        ("NAE Radiation Suit", "dimension", "", "New Æon"),
        ("NAE Regalia of the Outer Gods", "region", "Exotic Location", ""),
        ("NAE Reverend Baxter Lully", "dimension", "New Æon", "Waking World"),
        ("NAE Reverend Baxter Lully", "region", "New Æon", ""),
        ("NAE Robert Bloch", "dimension", "New Æon", "Waking World"),
        ("NAE Robert Bloch", "region", "New Æon", ""),
        ("NAE Yuggoth", "dimension", "Waking World", "New Æon"),
        ("NAE Zombies", "dimension", "New Æon", ""),
    ],
    # Subregion phrases Lackey shortens ("Any Country" for "Any Dreamlands Country") or
    # words otherwise ("Catskills"; GCCG itself has both forms, on different cards).
    "subregions": [
        ("DRM Iranon the Explorer", "subregion", "Any Dreamlands Site", "Any Site"),
        ("DRM Randolph Carter", "subregion", "Any Country Site", "Any Country"),
        ("DRM The Hunter", "subregion", "Any Dreamlands Country", "Any Country"),
        ("DRM Wandering Peddler", "subregion", "Any Dreamlands Country", "Any Country"),
        ("LTD Martense Mansion", "subregion", "Catskill Mountains", "Catskills"),
        ("LTD Tempest Mountain", "subregion", "Catskill Mountains", "Catskills"),
    ],
    # The four Great Libraries of the Dreamlands: Lackey's names carry a city, but its
    # "(Celephais)" row says Ulthar and so on round; with the icons, no numbering pairs them.
    "great libraries": [
        (
            "DRM Great Library of the Dreamlands",
            "attributes",
            "City, Library, Tome",
            "Artifact, City, Library, Tome",
        ),
        ("DRM Great Library of the Dreamlands", "public", "Inside, Water", "Inside"),
        ("DRM Great Library of the Dreamlands", "region", "The East", "The West"),
        ("DRM Great Library of the Dreamlands", "subregion", "Celephais", "Ulthar"),
        ("DRM Great Library of the Dreamlands #2", "public", "Inside, Water", "Inside"),
        ("DRM Great Library of the Dreamlands #3", "subregion", "Ilek-Vad", "Celephais"),
        ("DRM Great Library of the Dreamlands #4", "public", "Forest, Inside", "Inside, Water"),
        ("DRM Great Library of the Dreamlands #4", "region", "The West", "The East"),
        ("DRM Great Library of the Dreamlands #4", "subregion", "Ulthar", "Ilek-Vad"),
    ],
    # Mi-Go as Allies: Lackey gives the Standard Game's Mi-Go and N'gah-Kthun no
    # allegiance or occupation, and its first Mi-Go ("v3") is the one that knows Glyphs,
    # GCCG's second. A GCCG deck's "Mi-Go (MSGS) #2" is thus Lackey's MSGS:mi-go.
    "mi-go": [
        ("MSGS Mi-Go", "allegiance", "Corrupt", ""),
        ("MSGS Mi-Go", "attributes", "Corrupt, Worker", ""),
        ("MSGS Mi-Go", "languages", "", "Glyphs"),
        ("MSGS Mi-Go", "occupations", "Worker", ""),
        ("MSGS Mi-Go #2", "allegiance", "Corrupt", ""),
        ("MSGS Mi-Go #2", "attributes", "Corrupt, Soldier", ""),
        ("MSGS Mi-Go #2", "languages", "Glyphs", ""),
        ("MSGS Mi-Go #2", "occupations", "Soldier", ""),
        ("MSGS N'gah-Kthun", "allegiance", "Corrupt", ""),
        ("MSGS N'gah-Kthun", "attributes", "Corrupt, Mi-Go Leader", ""),
        ("MSGS N'gah-Kthun", "languages", "Glyphs", ""),
        ("MSGS N'gah-Kthun", "occupations", "Mi-Go Leader", ""),
        ("NAE Mi-Go", "languages", "English, Glyphs", "Glyphs"),
    ],
    # Monsters: invisibility (the rulings, line 61, name Star Vampire and Fire Vampires as
    # conditionally Invisible) and GOO requirements (Lackey's Tulzscha has none; the two
    # disagree on Ithaqua's Moon).
    "monsters": [
        ("DRM Minion of Karakal", "attributes", "", "Invisible"),
        ("EOMU Son of Yog-Sothoth", "attributes", "Invisible", ""),
        ("LTD Fire Vampires", "attributes", "Invisible During The Day", "Invisible"),
        ("LTD Ithaqua", "summon", "Storm, Waxing Moon", "Storm, Waning Moon"),
        ("MSGS Tulzscha", "summon", "Solstice, Underground Location", ""),
        ("NAE Star Vampire", "attributes", "", "Invisible"),
    ],
    # Tome Spell icons: GCCG's letters and Lackey's names list different icons.
    "tome icons": [
        ("CR R'lyeh Text", "icons", "Cthulhu, Death, Water", "Cthulhu, Water, Yellow Sign"),
        ("DRM The Book of the Black Stones", "icons", "Dream, Eye", "Dream"),
        ("EOMU Necronomicon #2", "icons", "Cthulhu, Death, Eye", "Cthulhu, Death"),
        ("LOTN R'lyeh Text", "icons", "Cthulhu, Death, Water", "Cthulhu, Water, Yellow Sign"),
    ],
}

#: Cards of the official sets found in one transcription only, paired where they are one
#: card under two spellings (GCCG's first). Titles fold alike when they differ only in
#: accents, case, punctuation and inverted articles; these differ in words or letters.
ONE_ONLY: list[tuple[str | None, str | None]] = [
    # Spelling and typing differences in the title.
    ("CR Orne Formula & Diagrams", "CR Orne Formulae & Diagrams"),
    ("DRM Old Brick Powderhouse", "DRM Old Brick Powerderhouse"),
    ("EOMU Angles of Tagh Clatur", "EOMU Angles if Tagh Clatur"),
    ("EOMU Devil's Hopyard", "EOMU Devil's Hop Yard"),
    ("LOTN Société Royale De Géographie d'Égypte", "LOTN Societe Royale De Geographic D'egypte"),
    ("LTD Claustrophobia", "LTD Claustrophiobia"),
    ("LTD Harvey Reginald Opens Fire", "LTD Harney Reginald Opens Fire"),
    ("LTD Keenness of Two Alike", "LTD Keeness of Two Alike"),
    ("MSGS .30 / '06 Bolt-Action Rifle", "MSGS .30/'06 Bold-Action Rifle"),
    ("MSGS Arkham Mystical Supply", "MSGS Arkham Mystical Suply"),
    ("MSGS Hutchinson Cipher", "MSGS Hutchison Cipher"),
    ("MSGS Portaphobia", "MSGS Portophobia"),
    ("NAE Larva Of The Other Gods, Second Stage", "NAE Larvae of the Other Gods, Second Stage"),
    ("NAE With Neighbors Like These...", "NAE With Neighbours Like These…"),
    ("NAE Wreck of the Hellene", "NAE Wreck of the Helene"),
    # Words left out or shortened by Lackey.
    (
        "CR Thirty-Five Abominable Adulations of the Bloated One",
        "CR Thirty-Five Abominable Adulations",
    ),
    (
        "NAE Insidious Ululation of the Invisible Supplicants",
        "NAE Insidious Ululation of the Inv Sup",
    ),
    ("NAE INTERPOL, Italian Headquarters", "NAE INTERPOL Headquarters Italy"),
    ("NAE Obsessed Agent in a Mi-Go Braincase", "NAE Obsessed Agent in Mi-Go Braincase"),
    ("LOTN Kitab Al-Azif", "LOTN Kitab Al Azif-Arabic"),
    ("LTD Necronomicon Dee Edition", "LTD Necronomicon Dee Ed."),
    ("LTD The Birds & Byakhees", "LTD The Birds and the Byakhees"),
    (
        "DRM Thaumaturgical Prodigies in the New England Canaan",
        "DRM Thaumaturgical Prodigies in the New English Canaan #2",
    ),
    # The leading "The": GCCG stores it inverted ("Cat Chieftain, The"), Lackey drops it
    # on these and adds it on one.
    ("DRM The Beast in the Cataract", "DRM Beast in the Cataract"),
    ("DRM The Captain of the White Ship", "DRM Captain of the White Ship"),
    ("DRM The Cat Chieftain", "DRM Cat Chieftain"),
    ("DRM The Gate of Oneirology", "DRM Gate of Oneirology"),
    ("DRM The Hovel of the Cat Haters", "DRM Hovel of the Cat Haters"),
    ("DRM The Labyrinths of the Gnorri", "DRM Labyrinths of the Gnorri"),
    ("DRM The Necronomicon Dreamlands Edition", "DRM Necronomicon Dreamlands Edition"),
    ("DRM The Old Woman of the Enchanted Wood", "DRM Old Woman of the Enchanted Wood"),
    ("DRM The Ravening Madness", "DRM Ravening Madness"),
    ("DRM The Rope & Anchor Tavern", "DRM Rope & Anchor Tavern"),
    ("DRM The Zoog Chieftain", "DRM Zoog Chieftain"),
    ("DRM Even Stranger Case of Charles Fort", "DRM The Even Stranger Case of Charles Fort"),
    # In one transcription only: GCCG has the blank Create Your Own Adventure (so 218
    # Limited cards to Lackey's 217) and the promo card.
    ("LTD Create Your Own Adventure", None),
    ("PR The Haunted House", None),
]


def shown(value: Any) -> str:
    """Gets a field value as the tables above write it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return ", ".join(sorted(shown(v) for v in value))
    return str(value)


def named(c: Card) -> str:
    return f"{c.set_code} {c.title}" + (f" #{c.printing}" if c.printing > 1 else "")


def paired(result: ImportResult) -> dict[tuple[str, str, int], Card]:
    return {(c.set_code, fold_title(c.title), c.printing): c for c in result.cards if c.is_official}


def test_both_transcriptions_agree_on_the_official_sets(gccg: ImportResult, lackey: ImportResult):
    g, lk = paired(gccg), paired(lackey)
    found = sorted(
        (named(g[k]), name, shown(getattr(g[k], name)), shown(getattr(lk[k], name)))
        for k in g.keys() & lk.keys()
        for name in COMPARED
        if shown(getattr(g[k], name)) != shown(getattr(lk[k], name))
    )
    expected = sorted(d for group in DIFFERENCES.values() for d in group)
    assert len(expected) == len(set(expected))
    unexpected = [d for d in found if d not in expected]
    gone = [d for d in expected if d not in found]
    assert unexpected == [], "differences not in the table"
    assert gone == [], "differences in the table that the data no longer shows"
    assert len(g.keys() & lk.keys()) == len(g) - sum(1 for a, _ in ONE_ONLY if a)


def test_cards_in_one_transcription_only(gccg: ImportResult, lackey: ImportResult):
    g, lk = paired(gccg), paired(lackey)
    assert sorted(named(g[k]) for k in g.keys() - lk.keys()) == sorted(a for a, _ in ONE_ONLY if a)
    assert sorted(named(lk[k]) for k in lk.keys() - g.keys()) == sorted(b for _, b in ONE_ONLY if b)
    assert Counter(c.set_code for c in gccg.cards)["LTD"] == 218
    assert Counter(c.set_code for c in lackey.cards)["LTD"] == 217


# -- hostile and broken input --------------------------------------------------------------


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "is empty"),
        (b"  \n\n\t\n", "is empty"),
        (bytes(range(256)) * 8, "contains NUL bytes: it is binary"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "contains NUL bytes"),
        (
            bytes(range(1, 256)) * 4,
            "not a LackeyCCG set file: the first line is not the column header",
        ),
        (b"<html><body>404</body></html>\n", "not a LackeyCCG set file"),
        (
            (HEADER + "\n" + "A Card\tLimited\tX1\n" + "Another\tLimited\tX2\tEvent\n").encode(),
            "every line has 3/4 tab-separated columns but the header has 22",
        ),
        ((HEADER + "\r" + row("A", "Limited", "X", "Event")).encode(), "bare carriage return"),
    ],
    ids=["empty", "blank", "binary", "png", "junk", "html", "columns", "cr-only"],
)
def test_unreadable_files_get_one_clear_error(data: bytes, message: str):
    with pytest.raises(CardDataError) as info:
        read_lackey_bytes(data, "bad.txt")
    assert message in str(info.value)
    assert "\n" not in str(info.value)
    assert str(info.value).startswith("bad.txt: ")


def test_a_file_of_only_a_header_has_no_cards_and_says_so():
    result = read_lackey_bytes((HEADER + "\n").encode(), "Limited.txt")
    assert result.cards == []
    assert result.sources[0].cards == 0 and result.sources[0].set_code == "LTD"
    assert result.notes == ["Limited.txt: has a header but no card lines"]


def test_one_bad_line_is_a_problem_not_a_crash():
    text = "\n".join(
        [
            HEADER,
            row("Good Card", "Limited", "X1", "Event", "Phobia", "", "", "-1"),
            "Short Card\tLimited\tX2\tAlly",
            row("Long Card", "Limited", "X3", "Monster", "Lesser Independent", "", "2") + "\tstray\tcells",
            row("Odd Card", "Promo Pack", "X4", "Gadget", "", "", "lots", "", "", "Maybe"),
            row("", "Limited", "X5", "Event"),
        ]
    ).encode()
    result = read_lackey_bytes(text, "one.txt")
    assert [c.title for c in result.cards] == [
        "Good Card",
        "Short Card",
        "Long Card",
        "Odd Card",
        "Line 6",
    ]
    problems = {c.title: sorted((p.field, p.raw) for p in c.problems) for c in result.cards}
    assert problems["Good Card"] == []
    assert problems["Short Card"] == [("line", "Short Card\tLimited\tX2\tAlly")]
    assert problems["Long Card"] == [("line", "stray\tcells")]
    assert problems["Odd Card"] == [
        ("set", "Promo Pack"),
        ("type", "Gadget"),
        ("unique", "Maybe"),
        ("value", "lots"),
    ]
    assert problems["Line 6"] == [("name", "")]
    # An unknown set keeps its own name as code rather than borrowing the file's set.
    assert card(result, "PROMOPACK:odd-card").type is None


def test_values_in_a_column_the_card_type_does_not_use_are_kept():
    text = "\n".join([HEADER, row("Quiet Street", "Limited", "X1", "Location", "City", "Latin")]).encode()
    (found,) = read_lackey_bytes(text, "one.txt").cards
    assert [(p.field, p.raw) for p in found.problems] == [("languages", "Latin")]


def test_is_lackey_set(lackey_sets: Path, gccg_sets: Path):
    assert all(is_lackey_set(p.read_bytes()) for p in lackey_sets.glob("*.txt"))
    assert not any(is_lackey_set(p.read_bytes()) for p in gccg_sets.glob("*.xml"))
    assert is_lackey_set(b"\xef\xbb\xbf" + HEADER.encode())


def test_a_folder_skips_files_that_are_not_set_files(tmp_path: Path):
    (tmp_path / "Limited.txt").write_text(HEADER + "\n" + row("A Card", "Limited", "X1", "Event") + "\n")
    (tmp_path / "readme.txt").write_text("These are the Mythos set files.\n")
    result = read_lackey_dir(tmp_path)
    assert [c.key for c in result.cards] == ["LTD:a-card"]
    assert result.notes == ["readme.txt: not a LackeyCCG set file (no Name/Set/Type header), skipped"]


CELL = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\t"), max_size=12)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(CELL, min_size=1, max_size=WIDTH + 2), min_size=1, max_size=6))
def test_arbitrary_lines_never_crash_or_vanish(rows: list[list[str]]):
    text = "\n".join([HEADER, *("\t".join(cells) for cells in rows)])
    try:
        result = read_lackey_bytes(text.encode("utf-8"), "fuzz.txt")
    except CardDataError as exc:
        assert "\n" not in str(exc)
        return
    blank = sum(1 for cells in rows if not "\t".join(cells).strip())
    assert len(result.cards) == len(rows) - blank
    assert len({c.key for c in result.cards}) == len(result.cards)


# -- fields: the csv dialect of the set files -----------------------------------------------


def test_a_quoted_field_holds_tabs_and_doubled_quotes():
    text = "\n".join(
        [
            HEADER,
            row(
                "Quoted Card",
                "Limited",
                "X1",
                "Event",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "C",
                '"Say ""yes""\tthen go."',
            ),
            row('Bare "Quote" Card', "Limited", "X2", "Event"),
        ]
    ).encode()
    result = read_lackey_bytes(text, "Limited.txt")
    assert [(c.title, c.rarity, c.problems) for c in result.cards] == [
        ("Quoted Card", "Common", ()),
        ('Bare "Quote" Card', None, ()),
    ]
    assert result.cards[0].text == 'Say "yes" then go.'


def test_a_carriage_return_inside_a_line_is_text():
    text = (HEADER + "\n" + row("Odd\rCard", "Limited", "X1", "Event") + "\r\n").encode()
    (only,) = read_lackey_bytes(text, "Limited.txt").cards
    assert (only.title, only.type, only.problems) == ("Odd Card", CardType.EVENT, ())


def test_a_field_too_long_for_a_card_is_one_clear_error():
    text = (HEADER + "\n" + row("A Card", "Limited", "X1", "Event") + "\n" + row("B" * 200_000)).encode()
    with pytest.raises(CardDataError) as info:
        read_lackey_bytes(text, "huge.txt")
    assert str(info.value) == "huge.txt: line 3 is not a card line (field larger than field limit (131072))"
