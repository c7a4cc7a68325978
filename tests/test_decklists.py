"""Deck lists in and out: what each reader makes of the lines players and tools write, and
that every real deck reads cleanly and survives a trip through every format."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckbuilder.decklists import (
    FORMATS,
    CardIndex,
    DeckFileError,
    DeckList,
    ResolvedDeck,
    Section,
    UnknownDeckFormatError,
    detect_format,
    read_deck,
    read_gccg_deck,
    read_json_deck,
    read_lackey_deck,
    read_text_deck,
    resolve_deck,
    write_deck,
    write_gccg_deck,
    write_json_deck,
    write_lackey_deck,
    write_text_deck,
)
from deckbuilder.decklists.lines import split_lines
from deckbuilder.rules.cards import Card, CardType

EXTENSION = {"text": ".txt", "gccg": ".deck", "lackey": ".dek", "json": ".json"}


def gccg_deck_files(root: Path) -> list[Path]:
    return sorted((root / "gccg" / "decks").glob("*.deck"))


def lackey_deck_files(root: Path) -> list[Path]:
    return sorted((root / "lackey" / "decks").glob("*.dek"))


def card_lines(deck: DeckList) -> list[tuple[int, str, str | None, int | None, str]]:
    return [(ln.count, ln.name, ln.set_hint, ln.printing, ln.section.value) for ln in deck.lines]


# -- a small catalog of real titles, for writers and round trips without the data folder --
# Facts from the GCCG transcription: Car is in LTD, twice in MSGS and in the parody set;
# Necronomicon twice in EOMU (Greek, Latin); The Forgotten Crypt and A Heroic Rescue carry
# articles; Colour Out of Space is spelt with another case in NAE.


def _card(title: str, set_code: str, card_type: CardType, printing: int = 1, **kw: object) -> Card:
    key = f"{set_code}:{title}#{printing}"
    return Card(key=key, title=title, set_code=set_code, type=card_type, printing=printing, **kw)


SMALL_POOL = [
    _card("Bored Clerk", "MSGS", CardType.INVESTIGATOR),
    _card("Staid University Professor", "LTD", CardType.INVESTIGATOR),
    _card("Car", "LTD", CardType.EVENT),
    _card("Car", "MSGS", CardType.EVENT, 1),
    _card("Car", "MSGS", CardType.EVENT, 2),
    _card("Car", "SD", CardType.EVENT),
    _card("Necronomicon", "EOMU", CardType.TOME, 1, tome_languages=("Greek",)),
    _card("Necronomicon", "EOMU", CardType.TOME, 2, tome_languages=("Latin",)),
    _card("The Forgotten Crypt", "MSGS", CardType.LOCATION),
    _card("A Heroic Rescue", "LTD", CardType.ADVENTURE),
    _card("Dark Young", "MSGS", CardType.MONSTER),
    _card("Colour Out of Space", "LTD", CardType.MONSTER),
    _card("Colour Out Of Space", "NAE", CardType.MONSTER),
    _card("197 E. Pickman Street", "LTD", CardType.LOCATION),
    _card("747", "NAE", CardType.EVENT),
    _card("Bibliothèque Nationale", "EOMU", CardType.LOCATION),
    _card("Dr. Hammond's Nerve & Brain Tablets", "MSGS", CardType.ARTIFACT),
]


@pytest.fixture(scope="module")
def small_index() -> CardIndex:
    return CardIndex(SMALL_POOL)


def resolved(text: str, index: CardIndex) -> ResolvedDeck:
    deck, problems = resolve_deck(read_text_deck(text), index)
    assert not problems, problems
    return deck


# -- plain text ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "count", "name", "set_hint", "printing"),
    [
        ("4 Dark Young", 4, "Dark Young", None, None),
        ("4x Dark Young", 4, "Dark Young", None, None),
        ("4X Dark Young", 4, "Dark Young", None, None),
        ("4 x Dark Young", 4, "Dark Young", None, None),
        ("4\tDark Young", 4, "Dark Young", None, None),
        ("Dark Young x4", 4, "Dark Young", None, None),
        ("Dark Young x 4", 4, "Dark Young", None, None),
        ("Dark Young (x4)", 4, "Dark Young", None, None),
        ("Dark Young", 1, "Dark Young", None, None),
        ("- 2 Dark Young", 2, "Dark Young", None, None),
        ("* Dark Young", 1, "Dark Young", None, None),
        ("4 Dark Young // the Shub-Niggurath package", 4, "Dark Young", None, None),
        ("  3   Dark   Young  ", 3, "Dark Young", None, None),
        ("2 Car (LTD)", 2, "Car", "LTD", None),
        ("1 Mi-Go (MSGS) #2", 1, "Mi-Go", "MSGS", 2),
        ("1 Necronomicon #2", 1, "Necronomicon", None, 2),
        ("1 Car (B1MU)", 1, "Car", "EOMU", None),
        ("1 Car (Limited)", 1, "Car", "LTD", None),
        ("1 Car (New Aeon)", 1, "Car", "NAE", None),
        ("1 Forgotten Crypt, The", 1, "Forgotten Crypt, The", None, None),
        # Brackets that are not set tags stay in the name, for the resolver.
        ("1 Book of Dzyan (Atlantean)", 1, "Book of Dzyan (Atlantean)", None, None),
        ("1 Christchurch Cemetery (Arkham) #1", 1, "Christchurch Cemetery (Arkham)", None, 1),
        ("1 Car (v2)", 1, "Car (v2)", None, None),
        # Titles that begin with a number need their count.
        ("1 197 E. Pickman Street", 1, "197 E. Pickman Street", None, None),
        ("2 747", 2, "747", None, None),
        ("1 .32 Revolver", 1, ".32 Revolver", None, None),
        ("1 .30 / '06 Bolt-Action Rifle", 1, ".30 / '06 Bolt-Action Rifle", None, None),
        ("4 X-Ray Goggles", 4, "X-Ray Goggles", None, None),
    ],
)
def test_text_card_lines(line: str, count: int, name: str, set_hint: str | None, printing: int | None):
    deck = read_text_deck(line)
    assert deck.problems == ()
    assert card_lines(deck) == [(count, name, set_hint, printing, "deck")]
    assert deck.lines[0].line_no == 1
    assert deck.lines[0].raw == line


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("0 Dark Young", "a count of 0"),
        ("-1 Dark Young", "a count of -1"),
        ("100 Dark Young", "more than 99"),
        ("Dark Young x0", "a count of 0"),
        ("197 E. Pickman Street", 'write "1 197 E. Pickman Street"'),
        ("4", "a count with no card name"),
        ("747", 'if "747" is the card\'s name, write "1 747"'),
        ("4x", "a count with no card name"),
        ("9" * 10050, "a count with no card name"),  # no ten-thousand-digit title echoed back
        ("x4", "a count with no card name"),
        ("2 Dark Young x2", "two counts"),
        ("-----", "no card name"),
        ("- ", "no card name"),
        ("1 Mi-Go (MSGS) #0", "start at #1"),
        (
            "This deck wins by playing Seeking Everlasting Life I early and holding the GOO back.",
            "too long for a card name",
        ),
    ],
)
def test_text_lines_it_cannot_read_are_reported_with_their_number(line: str, says: str):
    deck = read_text_deck(f"Deck\n4 Dark Young\n{line}\n")
    assert card_lines(deck) == [(4, "Dark Young", None, None, "deck")]
    [problem] = deck.problems
    assert problem.line_no == 3
    assert problem.raw == line
    assert says in problem.message and len(problem.message) < 200
    assert str(problem).startswith("line 3: ")


@pytest.mark.parametrize(
    "heading",
    ["Investigators", "Investigator", "INVESTIGATORS", "Investigator:", "Investigators (1)"],
)
def test_investigator_headings_open_the_investigator_section(heading: str):
    deck = read_text_deck(f"{heading}\nBored Clerk\nDeck\n4 Dark Young")
    assert card_lines(deck) == [
        (1, "Bored Clerk", None, None, "investigator"),
        (4, "Dark Young", None, None, "deck"),
    ]
    assert deck.headings == (1, 3)


@pytest.mark.parametrize("heading", ["Deck", "deck:", "Main", "Main deck", "Deck (52):", "DECK 52"])
def test_deck_headings_open_the_deck(heading: str):
    deck = read_text_deck(f"Investigator\nBored Clerk\n{heading}\n4 Dark Young")
    assert card_lines(deck)[1] == (4, "Dark Young", None, None, "deck")


@pytest.mark.parametrize("heading", ["Sideboard", "Side", "Sideboard:", "Side deck (4)"])
def test_sideboard_headings_open_the_sideboard(heading: str):
    deck = read_text_deck(f"4 Dark Young\n{heading}\n2 Car (LTD)")
    assert card_lines(deck) == [
        (4, "Dark Young", None, None, "deck"),
        (2, "Car", "LTD", None, "sideboard"),
    ]


@pytest.mark.parametrize(
    "heading",
    [
        "Allies",
        "ALLIES (7)",
        "Locations (12)",
        "Locations:",
        "Monster",
        "EVENTS:",
        "# ALLIES (7)",
        "## Monsters",
        "// Tomes",
        "# Investigators (2)",
    ],
)
def test_card_type_headings_only_group_the_list(heading: str):
    deck = read_text_deck(f"Deck\n{heading}\n4 Dark Young\n")
    assert card_lines(deck) == [(4, "Dark Young", None, None, "deck")]
    assert deck.notes == ()
    assert deck.problems == ()


def test_cards_before_any_heading_are_in_the_deck():
    deck = read_text_deck("4 Dark Young\n2 Car (LTD)")
    assert {line.section for line in deck.lines} == {Section.DECK}


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("# Deck: Shub's Brood\n4 Dark Young", "Shub's Brood"),
        ("// Name: Shub's Brood\n4 Dark Young", "Shub's Brood"),
        ("Name: Shub's Brood\n4 Dark Young", "Shub's Brood"),
        ("Deck name: Shub's Brood\n4 Dark Young", "Shub's Brood"),
        ("# Shub's Brood\n4 Dark Young", None),
        ("4 Dark Young", None),
        ("# Deck: First\n# Deck: Second\n4 Dark Young", "First"),
    ],
)
def test_text_deck_name(text: str, name: str | None):
    assert read_text_deck(text).name == name


def test_text_comments_become_notes_and_never_cards():
    text = "# Deck: Bokrug\n# Play the Storms first.\n4 Dark Young // keep two back\n#1 Car (LTD)\n"
    deck = read_text_deck(text)
    assert card_lines(deck) == [(4, "Dark Young", None, None, "deck")]
    assert deck.notes == ("Play the Storms first.", "keep two back", "1 Car (LTD)")


def test_text_a_second_name_line_is_a_problem():
    deck = read_text_deck("Name: One\nName: Two\n4 Dark Young")
    assert deck.name == "One"
    assert [(p.line_no, p.message) for p in deck.problems] == [(2, "the deck is named twice")]


def test_text_line_numbers_match_grep_with_windows_line_ends():
    deck = read_text_deck("# Deck: X\r\n\r\nDeck\r\n4 Dark Young\r\n\r\n0 Car\r\n")
    assert [line.line_no for line in deck.lines] == [4]
    assert [p.line_no for p in deck.problems] == [6]


def test_text_writer_groups_by_type_with_set_tags_only_where_needed(small_index: CardIndex):
    deck = resolved(
        "# Deck: Road Trip\n# Take the car.\nInvestigator\nBored Clerk\nDeck\n"
        "2 Car (MSGS) #2\n1 Car (LTD)\n4 Dark Young\n1 Forgotten Crypt, The\n1 Necronomicon #2\n"
        "1 A Heroic Rescue\n1 197 E. Pickman Street",
        small_index,
    )
    assert write_text_deck(deck, small_index.printings_of) == (
        "# Deck: Road Trip\n"
        "# Take the car.\n"
        "\n"
        "Investigators\n"
        "1 Bored Clerk\n"
        "\n"
        "Deck\n"
        "# Adventures (1)\n"
        "1 A Heroic Rescue\n"
        "# Events (3)\n"
        "1 Car (LTD)\n"
        "2 Car (MSGS) #2\n"
        "# Locations (2)\n"
        "1 197 E. Pickman Street\n"
        "1 The Forgotten Crypt\n"
        "# Monsters (4)\n"
        "4 Dark Young\n"
        "# Tomes (1)\n"
        "1 Necronomicon #2\n"
    )


# -- GCCG -------------------------------------------------------------------------------


def test_gccg_reader_reads_a_gccg_deck():
    text = (
        "#\n# Mythos Standard Game - Corrupt\n#\nInvestigators\n\n1 Bored Clerk\n\nDeck\n\n"
        "# ALLIES (1)\n1 Athenaeum, The\n1 Car (MSGS) #2\n2 Mi-Go (MSGS) #1\n#   (Latin)\n"
        "2 Necronomicon #2\n"
    )
    deck = read_gccg_deck(text)
    assert deck.name == "Mythos Standard Game - Corrupt"
    assert card_lines(deck) == [
        (1, "Bored Clerk", None, None, "investigator"),
        (1, "Athenaeum, The", None, None, "deck"),
        (1, "Car", "MSGS", 2, "deck"),
        (2, "Mi-Go", "MSGS", 1, "deck"),
        (2, "Necronomicon", None, 2, "deck"),
    ]
    assert deck.notes == ("(Latin)",)
    assert deck.headings == (4, 8)
    assert [line.line_no for line in deck.lines] == [6, 11, 12, 13, 15]


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("Dark Young", "expected COUNT NAME"),
        ("4x Dark Young", "expected COUNT NAME"),
        ("Dark Young x4", "expected COUNT NAME"),
        ("0 Dark Young", "a count of 0"),
        ("250 Dark Young", "more than 99"),
        ("// a comment", "expected COUNT NAME"),
    ],
)
def test_gccg_reader_reports_what_is_not_gccg(line: str, says: str):
    deck = read_gccg_deck(f"Deck\n1 Car (LTD)\n{line}\n")
    assert card_lines(deck) == [(1, "Car", "LTD", None, "deck")]
    [problem] = deck.problems
    assert (problem.line_no, problem.raw) == (3, line)
    assert says in problem.message


def test_gccg_writer_inverts_the_and_tags_repeated_titles(small_index: CardIndex):
    deck = resolved(
        "# Deck: Road Trip\nInvestigator\nStaid University Professor\nDeck\n1 The Forgotten Crypt\n"
        "1 A Heroic Rescue\n2 Car (MSGS) #1\n1 Necronomicon (Latin)\n1 Colour Out Of Space (NAE)\n"
        "1 Bibliotheque Nationale",
        small_index,
    )
    assert write_gccg_deck(deck, small_index.printings_of) == (
        "# Deck: Road Trip\n"
        "\n"
        "Investigators\n"
        "\n"
        "1 Staid University Professor\n"
        "\n"
        "Deck\n"
        "\n"
        "# Adventures\n"
        "1 A Heroic Rescue\n"
        "\n"
        "# Events\n"
        "2 Car (MSGS) #1\n"
        "\n"
        "# Locations\n"
        "1 Bibliothèque Nationale\n"
        "1 Forgotten Crypt, The\n"
        "\n"
        "# Monsters\n"
        "1 Colour Out Of Space (NAE)\n"
        "\n"
        "# Tomes\n"
        "1 Necronomicon #2\n"
    )


def test_gccg_writer_keeps_a_nameless_deck_nameless(small_index: CardIndex):
    deck = resolved("# A note, not a name\n4 Dark Young", small_index)
    again = read_gccg_deck(write_gccg_deck(deck))
    assert again.name is None
    assert again.notes == ("A note, not a name",)


def test_real_gccg_deck_header_and_sections(mythos_data: Path):
    deck = read_deck((mythos_data / "gccg" / "decks" / "standard-corrupt.deck").read_bytes())
    assert deck.source_format == "gccg"
    assert deck.name == "Mythos Standard Game - Corrupt"
    assert [line.name for line in deck.section(Section.INVESTIGATOR)] == [
        "Bored Clerk",
        "Rebellious Youth",
    ]
    assert deck.total == 52
    assert ("Car", "MSGS", 2) in [(ln.name, ln.set_hint, ln.printing) for ln in deck.lines]


def test_real_gccg_deck_keeps_its_strategy_notes(mythos_data: Path):
    deck = read_deck((mythos_data / "gccg" / "decks" / "appel-bokrug.deck").read_bytes())
    assert deck.name == "Mythos Digest - A Bokrug Deck"
    assert "Strategy Notes:" in deck.notes
    assert "ALLIES (7)" not in deck.notes
    assert deck.total == 58


# -- LackeyCCG ---------------------------------------------------------------------------

LACKEY = """<deck version="0.8">
\t<meta>
\t\t<game>mythos</game>
\t</meta>
\t<superzone name="Deck">
\t\t<card><name id="StdC402">Car (v2)</name><set>StdC</set></card>
\t\t<card><name id="StdC402">Car (v2)</name><set>StdC</set></card>
\t\t<card><name id="StdC505">King&apos;s Church Cemetary</name><set>StdC</set></card>
\t\t<card><name id="Ltd908">&quot;Necronomicon, Dee Ed.&quot;</name><set>Limited</set></card>
\t\t<card><name id="StdC402">Car (v2)</name><set>StdC</set></card>
\t</superzone>
\t<superzone name="Investigator">
\t\t<card><name id="StdC001">Bored Clerk</name><set>StdC</set></card>
\t</superzone>
</deck>
"""


def test_lackey_reader_counts_copies_and_keeps_image_and_set():
    deck = read_lackey_deck(LACKEY)
    assert deck.problems == ()
    assert [(ln.count, ln.name, ln.set_hint, ln.image, ln.line_no) for ln in deck.lines] == [
        (3, "Car (v2)", "MSGS", "StdC402", 6),
        (1, "King's Church Cemetary", "MSGS", "StdC505", 8),
        (1, "Necronomicon, Dee Ed.", "LTD", "Ltd908", 9),
        (1, "Bored Clerk", "MSGS", "StdC001", 13),
    ]
    assert deck.lines[-1].section is Section.INVESTIGATOR


@pytest.mark.parametrize(
    ("lackey_set", "code"),
    [
        ("Limited", "LTD"),
        ("B1MU", "EOMU"),
        ("B2CR", "CR"),
        ("B3LN", "LOTN"),
        ("StdC", "MSGS"),
        ("StdS", "MSGS"),
        ("Dreamlands", "DRM"),
        ("New Aeon", "NAE"),
        ("NewAeon", "NAE"),
        ("Repointed", "RP"),
        ("Scooby", "SD"),
        ("Movieland", "MOVIELAND"),
        ("Mystery Box", "Mystery Box"),  # unknown sets are kept as written
    ],
)
def test_lackey_set_names_map_to_catalog_sets(lackey_set: str, code: str):
    text = f'<deck><superzone name="Deck"><card><name>Car</name><set>{lackey_set}</set></card></superzone></deck>'
    assert read_lackey_deck(text).lines[0].set_hint == code


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('<deck><superzone name="Deck"><card><name>Car</name></card>', "not well-formed"),
        ("<deck><superzone", "not well-formed"),
        ("", "not well-formed"),
        ("<html><body>Car</body></html>", "root element is <html>"),
        (
            (
                '<?xml version="1.0"?><!DOCTYPE deck [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;">]>'
                '<deck><superzone name="Deck"><card><name>&b;</name></card></superzone></deck>'
            ),
            "entity",
        ),
    ],
)
def test_lackey_files_that_are_not_decks_are_refused_in_one_line(text: str, says: str):
    with pytest.raises(DeckFileError) as caught:
        read_lackey_deck(text)
    message = str(caught.value)
    assert says in message
    assert "\n" not in message


def test_lackey_cards_it_cannot_place_are_reported():
    text = (
        '<deck>\n<superzone name="Deck">\n<card><name> </name><set>Limited</set></card>\n'
        "<card><name>Car</name><set>Limited</set></card>\n</superzone>\n"
        '<superzone name="Maybeboard">\n<card><name>Car</name></card>\n</superzone>\n</deck>'
    )
    deck = read_lackey_deck(text)
    assert card_lines(deck) == [(1, "Car", "LTD", None, "deck")]
    assert [(p.line_no, p.message.split(":")[0]) for p in deck.problems] == [
        (3, "a card with no name"),
        (6, 'unknown zone "Maybeboard"'),
    ]


def test_lackey_writer_writes_one_card_per_copy_with_lackey_set_names(small_index: CardIndex):
    deck = resolved("Investigator\nBored Clerk\nDeck\n2 Car (MSGS) #2\n1 The Forgotten Crypt", small_index)
    assert write_lackey_deck(deck, small_index.printings_of) == (
        '<deck version="0.8">\n'
        "\t<meta>\n"
        "\t\t<game>mythos</game>\n"
        "\t</meta>\n"
        '\t<superzone name="Deck">\n'
        "\t\t<card><name>Car (v3)</name><set>StdS</set></card>\n"
        "\t\t<card><name>Car (v3)</name><set>StdS</set></card>\n"
        "\t\t<card><name>The Forgotten Crypt</name><set>StdS</set></card>\n"
        "\t</superzone>\n"
        '\t<superzone name="Investigator">\n'
        "\t\t<card><name>Bored Clerk</name><set>StdS</set></card>\n"
        "\t</superzone>\n"
        "</deck>\n"
    )


def test_lackey_files_carry_the_name_and_notes_in_their_meta(small_index: CardIndex):
    text = (
        "# Deck: Road & Rail\n# Why: an Adventure you asked for: 2 The Forgotten Crypt.\n"
        "# Why: <chosen> by the test games: 1 Car.\n2 The Forgotten Crypt\n1 Car (LTD)"
    )
    deck = resolved(text, small_index)
    written = write_lackey_deck(deck)
    assert (
        "\t<meta>\n\t\t<title>Road &amp; Rail</title>\n\t\t<game>mythos</game>\n"
        "\t\t<note>Why: an Adventure you asked for: 2 The Forgotten Crypt.\n"
        "Why: &lt;chosen&gt; by the test games: 1 Car.</note>\n\t</meta>\n"
    ) in written
    again = read_lackey_deck(written)
    assert again.name == "Road & Rail"
    assert again.notes == (
        "Why: an Adventure you asked for: 2 The Forgotten Crypt.",
        "Why: <chosen> by the test games: 1 Car.",
    )
    # A note only an XML parser would take apart is still one well-formed element.
    odd = ResolvedDeck("x", deck.lines, ("a ]]> b -- c\x0b",), "text")
    assert read_lackey_deck(write_lackey_deck(odd)).notes == ("a ]]> b -- c",)


def test_lackey_writer_writes_the_image_id_and_its_standard_set():
    index = CardIndex(
        [
            _card("Car", "LTD", CardType.EVENT, image="Ltd405"),
            _card("Car", "MSGS", CardType.EVENT, 1, image="StdC402"),
            _card("Car", "MSGS", CardType.EVENT, 2, image="StdC403"),
        ]
    )
    deck = resolved("1 Car (MSGS) #2", index)
    assert '<card><name id="StdC403">Car</name><set>StdC</set></card>' in write_lackey_deck(deck)


# -- JSON -------------------------------------------------------------------------------

GOOD_JSON = {
    "format": "mythos-deck",
    "version": 1,
    "name": "Road Trip",
    "notes": ["Take the car."],
    "investigators": [{"title": "Bored Clerk", "set": "MSGS", "printing": 1, "count": 1}],
    "cards": [
        {"title": "Car", "set": "MSGS", "printing": 2, "count": 2},
        {"title": "Dark Young", "count": 4},
    ],
}


def test_json_reader_reads_its_own_format():
    deck = read_json_deck(json.dumps(GOOD_JSON, indent=2))
    assert deck.name == "Road Trip"
    assert deck.notes == ("Take the car.",)
    assert card_lines(deck) == [
        (1, "Bored Clerk", "MSGS", 1, "investigator"),
        (2, "Car", "MSGS", 2, "deck"),
        (4, "Dark Young", None, None, "deck"),
    ]
    # Each entry's line is where its object starts, for "line N" messages.
    text = json.dumps(GOOD_JSON, indent=2)
    starts = [n for n, line in enumerate(text.splitlines(), 1) if line.strip() == "{"][1:]
    assert [line.line_no for line in deck.lines] == starts


def _with(path: str, value: object) -> str:
    doc = json.loads(json.dumps(GOOD_JSON))
    *parents, last = path.split(".")
    target = doc
    for part in parents:
        target = target[int(part)] if part.isdigit() else target[part]
    if value is KeyError:
        del target[int(last) if last.isdigit() else last]
    else:
        target[int(last) if last.isdigit() else last] = value
    return json.dumps(doc, indent=2)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{", "not valid JSON"),
        ("[]", "the JSON is a list, not an object"),
        ('{"format": "other"}', 'not a mythos-deck file: "format" is "other"'),
        (_with("version", 2), "version (line 1): must be 1, not 2"),
        (_with("colour", "red"), "colour (line 1): unknown key"),
        (_with("name", 7), "name (line 1): must be a string or null"),
        (_with("notes", "x"), "notes (line 1): must be a list of strings"),
        (_with("notes.0", 3), "notes[0] (line 1): must be a string"),
        (_with("cards", KeyError), "cards (line 1): is missing"),
        (_with("cards", {}), "cards (line 1): must be a list of cards"),
        (_with("cards.1", "Dark Young"), "cards[1] (line|): must be an object"),
        (
            _with("cards.1.count", -2),
            "cards[1].count (line|): must be a whole number from 1 to 99, not -2",
        ),
        (
            _with("cards.1.count", 0),
            "cards[1].count (line|): must be a whole number from 1 to 99, not 0",
        ),
        (_with("cards.1.count", 4.5), "cards[1].count (line"),
        (_with("cards.1.count", True), "cards[1].count (line"),
        (_with("cards.1.count", KeyError), "cards[1] (line|): has no count"),
        (_with("cards.1.title", ""), "cards[1].title (line|): must be a non-empty string"),
        (_with("cards.1.title", KeyError), "cards[1] (line|): has no title"),
        (_with("cards.0.printing", 0), "cards[0].printing (line"),
        (_with("cards.0.set", 5), "cards[0].set (line|): must be a set code or null"),
        (_with("cards.0.rarity", "R"), "cards[0].rarity (line|): unknown key"),
        (_with("investigators.0.count", "1"), "investigators[0].count (line"),
    ],
)
def test_json_reader_is_strict_and_names_the_path(text: str, says: str):
    with pytest.raises(DeckFileError) as caught:
        read_json_deck(text)
    for part in says.split("|"):
        assert part in str(caught.value)
    assert "\n" not in str(caught.value)


def test_json_problems_in_an_entry_give_the_entry_line():
    text = _with("cards.1.count", -2)
    line = next(n for n, raw in enumerate(text.splitlines(), 1) if '"title": "Dark Young"' in raw)
    with pytest.raises(DeckFileError, match=rf"^cards\[1\]\.count \(line {line - 1}\): "):
        read_json_deck(text)


def test_json_reader_reports_every_problem_at_once():
    doc = json.loads(json.dumps(GOOD_JSON))
    doc["cards"][0]["count"] = -1
    doc["cards"][1]["title"] = 3
    with pytest.raises(DeckFileError) as caught:
        read_json_deck(json.dumps(doc))
    assert len(caught.value.problems) == 2
    assert str(caught.value).endswith("(and 1 more problem)")


def test_json_writer_pins_every_printing_sorted_by_type_then_title(small_index: CardIndex):
    deck = resolved(
        "# Deck: Road Trip\nInvestigator\nBored Clerk\nDeck\n4 Dark Young\n1 Car (MSGS) #2\n"
        "1 Car (MSGS) #2\n1 The Forgotten Crypt\n1 A Heroic Rescue",
        small_index,
    )
    text = write_json_deck(deck)
    assert json.loads(text) == {
        "format": "mythos-deck",
        "version": 1,
        "name": "Road Trip",
        "notes": [],
        "investigators": [{"title": "Bored Clerk", "set": "MSGS", "printing": 1, "count": 1}],
        "cards": [
            {"title": "A Heroic Rescue", "set": "LTD", "printing": 1, "count": 1},
            {"title": "Car", "set": "MSGS", "printing": 2, "count": 2},
            {"title": "The Forgotten Crypt", "set": "MSGS", "printing": 1, "count": 1},
            {"title": "Dark Young", "set": "MSGS", "printing": 1, "count": 4},
        ],
    }
    assert read_json_deck(text).name == "Road Trip"


# -- detection, encodings, the format table --------------------------------------------


@pytest.mark.parametrize(
    ("text", "filename", "fmt"),
    [
        (LACKEY, None, "lackey"),
        (LACKEY, "deck.txt", "lackey"),
        ('<?xml version="1.0"?>\n<deck/>', None, "lackey"),
        (json.dumps(GOOD_JSON), None, "json"),
        (json.dumps(GOOD_JSON), "deck.deck", "json"),
        ('{"cards": []}', None, "json"),
        ("#\n# Corrupt\nInvestigators\n1 Bored Clerk\nDeck\n1 Car (MSGS) #2\n", None, "gccg"),
        ("#\n# Corrupt\nInvestigators\n1 Bored Clerk\nDeck\n1 Car (MSGS) #2\n", "a.deck", "gccg"),
        ("#\n# Corrupt\nInvestigators\n1 Bored Clerk\nDeck\n1 Car (MSGS) #2\n", "a.txt", "text"),
        ("Investigators\n1 Bored Clerk\nDeck\n4x Dark Young\n", "a.deck", "text"),
        ("Deck\nDark Young\n", None, "text"),
        ("4 Dark Young\n", None, "text"),
        ("4 Dark Young\n", "a.deck", "text"),
        ("", None, "text"),
    ],
)
def test_detect_format_goes_by_content_and_uses_the_extension_only_on_a_tie(text: str, filename: str | None, fmt: str):
    assert detect_format(text, filename) == fmt
    assert detect_format(text.encode("utf-8"), filename) == fmt


def test_read_deck_decodes_utf8_and_falls_back_to_windows_1252():
    text = "# Deck: Paris\n2 Bibliothèque Nationale\n1 Perchance… (RP)\n"
    utf8 = read_deck(text.encode("utf-8"))
    assert utf8.warnings == ()
    assert [line.name for line in utf8.lines] == ["Bibliothèque Nationale", "Perchance…"]
    old = read_deck(text.encode("cp1252"))
    assert [line.name for line in old.lines] == ["Bibliothèque Nationale", "Perchance…"]
    assert old.warnings == ("the file is not UTF-8; read it as cp1252",)
    assert read_deck(b"\xef\xbb\xbf4 Dark Young").lines[0].name == "Dark Young"


def test_read_deck_names_a_nameless_deck_after_its_file():
    assert read_deck("4 Dark Young", "Shub.Brood_deck.txt").name == "Shub Brood deck"
    assert read_deck("# Deck: Mine\n4 Dark Young", "other.txt").name == "Mine"


def test_unknown_formats_are_refused():
    with pytest.raises(UnknownDeckFormatError, match='"csv" is not a deck format'):
        read_deck("4 Dark Young", format="csv")
    deck = resolved("4 Dark Young", CardIndex(SMALL_POOL))
    with pytest.raises(UnknownDeckFormatError):
        write_deck(deck, "csv")
    assert list(FORMATS) == ["text", "gccg", "lackey", "json"]


# -- real decks ---------------------------------------------------------------------------


def test_every_real_deck_reads_with_no_problems(mythos_data: Path):
    files = gccg_deck_files(mythos_data) + lackey_deck_files(mythos_data)
    assert len(files) >= 13 + 9
    for path in files:
        deck = read_deck(path.read_bytes(), path.name)
        assert deck.problems == (), path.name
        assert deck.source_format == ("gccg" if path.suffix == ".deck" else "lackey")
        assert len(deck.section(Section.INVESTIGATOR)) <= 6, path.name
        assert deck.total >= 40, path.name


def test_real_lackey_decks_keep_copies_entities_and_odd_encodings(mythos_data: Path):
    decks = {p.name: read_deck(p.read_bytes(), p.name) for p in lackey_deck_files(mythos_data)}
    corrupt = decks["Standard.Corrupted.Deck.dek"]
    assert corrupt.name == "Standard Corrupted Deck"
    assert (corrupt.total, len(corrupt.section(Section.INVESTIGATOR))) == (50, 2)
    names = {line.name for deck in decks.values() for line in deck.lines}
    assert {"King's Church Cemetary", "Necronomicon, Dee Ed.", "Perchance… (RP)"} <= names
    # One file is not UTF-8; its accented titles survive as Windows-1252.
    assert decks["The.Lurking.Fear.dek"].warnings == ("the file is not UTF-8; read it as cp1252",)


@pytest.fixture(scope="module")
def gccg_index(gccg_sets: Path) -> CardIndex:
    from deckbuilder.catalog.importers.gccg import read_gccg_dir

    return CardIndex(read_gccg_dir(gccg_sets).cards)


@pytest.fixture(scope="module")
def lackey_index(lackey_sets: Path) -> CardIndex:
    importer = pytest.importorskip(
        "deckbuilder.catalog.importers.lackey", reason="the LackeyCCG importer is not written yet"
    )
    return CardIndex(importer.read_lackey_dir(lackey_sets).cards)


ROUND_TRIP = ("text", "json", "gccg", "lackey", "text")


def _round_trip(
    deck: ResolvedDeck,
    index: CardIndex,
    printings_of: Callable | None,
    formats: tuple[str, ...] = ROUND_TRIP,
) -> None:
    """Writes a resolved deck through the formats in turn, reading each back."""
    want = {section: deck.counts(section) for section in Section}
    current = deck
    for fmt in formats:
        text = write_deck(current, fmt, printings_of)
        assert detect_format(text, "deck" + EXTENSION[fmt]) == fmt
        again = read_deck(text, format=fmt)
        assert again.source_format == fmt
        assert again.problems == ()
        current, problems = resolve_deck(again, index)
        assert problems == [], (fmt, problems)
        got = {section: current.counts(section) for section in Section}
        assert got == want, f"after {fmt}"
        # LackeyCCG's <meta> holds them as <title> and <note>: every format keeps both.
        assert (current.name, current.notes) == (deck.name, deck.notes), fmt


@pytest.mark.parametrize("catalog", ["gccg", "lackey"])
def test_every_real_deck_round_trips_through_every_format(
    mythos_data: Path, catalog: str, request: pytest.FixtureRequest
):
    index: CardIndex = request.getfixturevalue(f"{catalog}_index")
    for path in gccg_deck_files(mythos_data) + lackey_deck_files(mythos_data):
        deck, problems = resolve_deck(read_deck(path.read_bytes(), path.name), index)
        assert problems == [], path.name
        _round_trip(deck, index, index.printings_of)
        _round_trip(deck, index, None)  # the printings the resolver saw are enough
        _round_trip(deck, index, index.printings_of, (deck.source_format,))  # written back


# -- properties -------------------------------------------------------------------------

_line_parts = st.one_of(
    st.sampled_from(
        [
            "4 Dark Young",
            "4x Car (LTD)",
            "Dark Young x2",
            "Investigators",
            "Deck",
            "Allies (3)",
            "# note",
            "// note",
            "0 Car",
            "-3 Car",
            "Sideboard",
            "1 Mi-Go (MSGS) #2",
            "x4",
            "",
            "Name: X",
            "1 Car (v2)",
            "200 Car",
            "#",
            "  ",
            "1 Necronomicon #0",
            "- ",
            "(LTD)",
        ]
    ),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=40),
)
deck_texts = st.lists(_line_parts, max_size=25).map("\n".join) | st.text(max_size=300)
_COMMENT = ("#", "//")


def _accounted(deck: DeckList, text: str) -> None:
    seen = {line.line_no for line in deck.lines}
    seen |= {problem.line_no for problem in deck.problems}
    seen |= set(deck.headings)
    for number, raw in enumerate(split_lines(text), start=1):
        stripped = raw.strip()
        if stripped and not stripped.startswith(_COMMENT):
            assert number in seen, (number, raw)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(deck_texts)
def test_text_reader_never_raises_and_loses_no_line(text: str):
    _accounted(read_text_deck(text), text)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(deck_texts)
def test_gccg_reader_never_raises_and_loses_no_line(text: str):
    deck = read_gccg_deck(text)
    seen = {line.line_no for line in deck.lines} | {p.line_no for p in deck.problems}
    seen |= set(deck.headings)
    for number, raw in enumerate(split_lines(text), start=1):
        if raw.strip() and not raw.strip().startswith("#"):
            assert number in seen, (number, raw)


_xml_bits = st.sampled_from(
    [
        "<deck>",
        "</deck>",
        '<superzone name="Deck">',
        '<superzone name="Side">',
        "</superzone>",
        "<card>",
        "</card>",
        '<name id="Ltd405">',
        "<name>",
        "</name>",
        "<set>",
        "</set>",
        "Car",
        "Limited",
        "&amp;",
        "&bogus;",
        "<!DOCTYPE deck>",
        "\n",
        "<?xml version='1.0'?>",
    ]
)


@settings(max_examples=300)
@given(st.lists(_xml_bits, max_size=30).map("".join) | st.text(max_size=200))
def test_lackey_reader_raises_only_deck_file_errors(text: str):
    try:
        deck = read_lackey_deck(text)
    except DeckFileError as error:
        assert "\n" not in str(error)
    else:
        assert all(line.count >= 1 and line.name for line in deck.lines)


@settings(max_examples=300)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=10),
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(
                st.sampled_from(
                    [
                        "format",
                        "version",
                        "name",
                        "notes",
                        "cards",
                        "investigators",
                        "sideboard",
                        "title",
                        "set",
                        "printing",
                        "count",
                        "x",
                    ]
                ),
                inner,
                max_size=6,
            )
        ),
        max_leaves=20,
    )
)
def test_json_reader_raises_only_deck_file_errors(doc: object):
    if isinstance(doc, dict) and doc.get("format") is None:
        doc["format"] = "mythos-deck"
    try:
        deck = read_json_deck(json.dumps(doc))
    except DeckFileError:
        return
    assert all(1 <= line.count <= 99 for line in deck.lines)


@settings(max_examples=300)
@given(deck_texts | st.binary(max_size=200))
def test_read_deck_raises_only_deck_file_errors(data: str | bytes):
    try:
        read_deck(data)
    except DeckFileError:
        pass


_pool_entries = st.lists(st.tuples(st.sampled_from(range(len(SMALL_POOL))), st.integers(1, 4)), min_size=1, max_size=10)


@settings(max_examples=60, deadline=None)
@given(_pool_entries, st.none() | st.from_regex(r"[A-Za-z][A-Za-z' -]{0,20}", fullmatch=True))
def test_any_deck_of_the_small_pool_round_trips(entries: list[tuple[int, int]], name: str | None):
    index = CardIndex(SMALL_POOL)
    lines = []
    for position, count in entries:
        card = SMALL_POOL[position]
        tail = f" ({card.set_code}) #{card.printing}"
        section = "Investigators" if card.type is CardType.INVESTIGATOR else "Deck"
        lines.append((section, f"{count} {card.title}{tail}"))
    text = "".join(f"{section}\n{line}\n" for section, line in lines)
    deck = resolved(text, index)
    named = ResolvedDeck(" ".join(name.split()) if name else None, deck.lines, (), "text")
    _round_trip(named, index, index.printings_of)


def test_lackey_writer_numbers_twins_when_the_catalog_has_no_pictures(small_index: CardIndex):
    # A LackeyCCG deck read against the GCCG catalog (which has no LackeyCCG image ids):
    # the id is kept, and "(vN)" carries the printing back.
    text = (
        '<deck><superzone name="Deck"><card><name id="StdC403">Car (v3)</name><set>StdC</set></card></superzone></deck>'
    )
    deck, problems = resolve_deck(read_lackey_deck(text), small_index)
    assert problems == []
    written = write_lackey_deck(deck)
    assert '<card><name id="StdC403">Car (v3)</name><set>StdC</set></card>' in written
    again, _ = resolve_deck(read_lackey_deck(written), small_index)
    assert [line.card.key for line in again.lines] == ["MSGS:Car#2"]


# -- Cult vs Investigator: the Cultists' Ether deck (cvi:348), a section of its own --------

ETHER_POOL = [
    _card("Bored Clerk", "MSGS", CardType.INVESTIGATOR),
    _card("Dark Young", "MSGS", CardType.MONSTER),
    _card("Ether", "CVI", CardType.EVENT),
    _card("Ether of Madness", "CVI", CardType.EVENT),
]


@pytest.mark.parametrize("heading", ["Ether deck", "Ether", "ETHER DECK (20):", "Ether:"])
def test_ether_headings_open_the_ether_deck(heading: str):
    deck = read_text_deck(f"3 Dark Young\n{heading}\n17 Ether\n3 Ether of Madness")
    assert card_lines(deck) == [
        (3, "Dark Young", None, None, "deck"),
        (17, "Ether", None, None, "ether"),
        (3, "Ether of Madness", None, None, "ether"),
    ]


def test_json_reads_the_ether_key():
    doc = {
        "format": "mythos-deck",
        "version": 1,
        "name": "Cult",
        "cards": [{"title": "Dark Young", "count": 3}],
        "ether": [{"title": "Ether", "count": 20}],
    }
    deck = read_json_deck(json.dumps(doc))
    assert [(ln.count, ln.name, ln.section.value) for ln in deck.lines] == [
        (3, "Dark Young", "deck"),
        (20, "Ether", "ether"),
    ]


@pytest.mark.parametrize("fmt", ["text", "json", "lackey"])
def test_an_ether_deck_survives_text_json_and_lackey(fmt: str):
    index = CardIndex(ETHER_POOL)
    deck = resolved(
        "Investigator\n1 Bored Clerk\nDeck\n3 Dark Young\nEther deck\n17 Ether\n3 Ether of Madness\n", index
    )
    written = write_deck(deck, fmt, index.printings_of)
    again, problems = resolve_deck(read_deck(written.encode(), f"cult{EXTENSION[fmt]}"), index)
    assert not problems
    assert [(c.title, n) for c, n, _ in again.grouped(Section.ETHER)] == [("Ether", 17), ("Ether of Madness", 3)]
    assert [(c.title, n) for c, n, _ in again.grouped(Section.DECK)] == [("Dark Young", 3)]


def test_gccg_has_no_ether_deck_and_keeps_it_as_comments():
    index = CardIndex(ETHER_POOL)
    deck = resolved("Deck\n3 Dark Young\nEther deck\n20 Ether\n", index)
    text = write_gccg_deck(deck, index.printings_of)
    assert "# Ether deck (Cult vs Investigator; GCCG has no place for it)\n#   20 Ether" in text
    assert [(ln.count, ln.name) for ln in read_gccg_deck(text).lines] == [(3, "Dark Young")]
