"""Counts as card texts and recipes write them ("a", "two", "3"): one table and one reader
(``deckbuilder.rules.counts``) that every reader of text uses, each saying how high its
phrasings go and whether "a"/"an" counts."""

import re
from pathlib import Path

import pytest

from deckbuilder.rules.adventures.model import condition_reading
from deckbuilder.rules.adventures.phrases import number
from deckbuilder.rules.counts import count, count_pattern, read_count
from deckbuilder.rules.places.reading import spell_capacity

RULES = Path(__file__).resolve().parent.parent / "deckbuilder" / "rules"


@pytest.mark.parametrize(
    ("word", "expected"),
    [("3", 3), ("12", 12), ("three", 3), ("THREE", 3), ("Twenty", 20), ("a", 1), ("An", 1), ("any", None), ("", None)],
)
def test_a_count_reads_from_figures_or_a_word_in_any_case(word, expected):
    assert read_count(word) == expected


def test_a_word_that_says_no_count_is_refused_by_name():
    with pytest.raises(ValueError, match="'several' is not a count"):
        count("several")


@pytest.mark.parametrize(
    ("highest", "articles", "text", "found"),
    [
        (6, True, "draw an additional card", "an"),
        (6, True, "draw six cards", "six"),
        (6, True, "draw 12 cards", "12"),
        (4, True, "draw five cards", None),
        (3, False, "draw a card", None),
        (20, False, "draw fourteen cards", "fourteen"),
    ],
)
def test_a_pattern_matches_the_counts_its_reader_says_and_no_others(highest, articles, text, found):
    m = re.search(rf"draw ({count_pattern(highest, articles=articles)})\b", text)
    assert (m[1] if m else None) == found


def test_a_recipe_reads_a_and_an_as_articles_not_counts():
    assert number("A") is None and number("an") is None
    assert number("TWO") == 2
    assert condition_reading("drive your own Sanity below a level of your choosing") == ("", "")
    assert condition_reading("drive your own Sanity below SIX") == ("sanity below", "6")


def test_an_ally_that_can_know_a_count_of_spells_knows_that_many():
    assert spell_capacity("Can know any two Spells.") == 2
    assert spell_capacity("can know one Spell of each icon") == 1
    assert spell_capacity("Can know any Spell.") == 0


def test_no_reader_of_text_keeps_a_count_table_of_its_own():
    # Five readers each kept one once (issue 28): a table keyed "three" outside counts.py.
    tables = [
        p.relative_to(RULES).as_posix()
        for p in RULES.rglob("*.py")
        if p.name != "counts.py" and re.search(r"""["']three["']\s*:\s*3""", p.read_text(encoding="utf-8"))
    ]
    assert tables == []
