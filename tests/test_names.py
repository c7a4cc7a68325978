"""Names as players write them (issue 12): a misspelling resolves when one card is clearly the
closest, by an explicit rule; a format's own conventions read back with no notes."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from conftest import MYTHOS_DATA

from deckbuilder.decklists import read_deck
from deckbuilder.decklists.model import AmbiguousCardError, ResolveStep
from deckbuilder.decklists.resolve import CardIndex, clearly_nearest

LIFE_I, LIFE_II = "Seeking Everlasting Life I", "Seeking Everlasting Life II"


@pytest.fixture(scope="module")
def index(gccg_cards) -> CardIndex:
    return CardIndex(gccg_cards)


# -- the confidence rule -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "typed, title",
    [
        ("Seeking Everlastng Life I", LIFE_I),  # one letter from I, two from II
        ("Seeking Everlastng Life II", LIFE_II),
        ("Seeking Everlstng Life I", LIFE_I),  # two letters dropped, still nearest to I
        ("ShubNigurath", "Shub-Niggurath"),  # a letter and the hyphen dropped
        ("Kuranes ManorHose", "Kuranes' Manor-House"),  # a letter, the apostrophe and a hyphen
        ("Son of YogSohoth", "Son of Yog-Sothoth"),
    ],
)
def test_one_card_clearly_the_closest_is_the_one_meant(index, typed, title):
    resolution = index.resolve(typed)
    assert resolution.card.title == title
    assert resolution.step is ResolveStep.FUZZY
    assert resolution.notes[0] == f'read "{typed}" as "{title}"'


@pytest.mark.parametrize("typed", ["Seeking Everlasting Life", "Seeking Everlastng Life"])
def test_a_name_as_close_to_two_cards_stays_ambiguous(index, typed):
    with pytest.raises(AmbiguousCardError) as error:
        index.resolve(typed)
    assert set(error.value.candidates) >= {LIFE_I, LIFE_II}


@pytest.mark.parametrize(
    "typed, candidates, meant",
    [
        ("Seeking Everlastng Life I", [LIFE_I, LIFE_II], LIFE_I),
        ("Seeking Everlasting Life", [LIFE_I, LIFE_II], None),  # nearer to I, but holds neither I nor II
        ("Seeking Everlasting Life III", [LIFE_I, LIFE_II], None),  # holds neither
        ("Mi-Go", ["Mi-Go", "Mi-Go Braincase"], "Mi-Go"),
        ("Dark Yung", ["Dark Young", "Dark Yung"], "Dark Yung"),
        ("Dark Youn", ["Dark Young", "Dark Young Two"], "Dark Young"),
        ("Dark Yuong", ["Dark Young", "Dark Yuong Two"], None),  # it holds the other's own word
        ("Car", ["Cat", "Cap"], None),  # one letter from each: not nearer by a letter
    ],
)
def test_clearly_nearest_compares_letters_and_the_words_that_tell_titles_apart(typed, candidates, meant):
    assert clearly_nearest(typed, candidates) == meant


# -- every real deck, rewritten the ways players write names ----------------------------------


def _drop_letter(title: str) -> str | None:
    """Drops the middle letter of the longest word (of six letters or more)."""
    words = title.split()
    i = max(range(len(words)), key=lambda k: (len(re.sub(r"\W", "", words[k])), -k))
    letters = [j for j, ch in enumerate(words[i]) if ch.isalpha()]
    if len(letters) < 6:
        return None
    j = letters[len(letters) // 2]
    words[i] = words[i][:j] + words[i][j + 1 :]
    return " ".join(words)


def _no_marks(title: str) -> str:
    return re.sub(r"[-'\u2019]", "", title)


def _no_accents(title: str) -> str:
    plain = unicodedata.normalize("NFKD", title.replace("Æ", "Ae").replace("æ", "ae"))
    return "".join(ch for ch in plain if not unicodedata.combining(ch))


def _inverted(title: str) -> str | None:
    match = re.match(r"^(The|A|An) (.+)$", title)
    return f"{match[2]}, {match[1]}" if match else None


REWRITES = {
    "lower case": str.lower,
    "upper case": str.upper,
    "no hyphens or apostrophes": _no_marks,
    "no accents": _no_accents,
    "article inverted": _inverted,
    "a letter dropped": _drop_letter,
    "a letter and the hyphens dropped": lambda t: _no_marks(d) if (d := _drop_letter(t)) else None,
}

REAL_DECKS = sorted((MYTHOS_DATA / "gccg" / "decks").glob("*.deck")) + sorted(
    (MYTHOS_DATA / "lackey" / "decks").glob("*.dek")
)


@pytest.mark.parametrize("catalog_name", ["gccg", "both"])
@pytest.mark.parametrize("rewrite", list(REWRITES))
def test_every_real_deck_rewritten_reads_the_same_cards(rewrite, catalog_name, gccg_cards, both_catalog):
    if not REAL_DECKS:
        pytest.skip("../shared/mythos-data is absent")
    index = CardIndex(gccg_cards if catalog_name == "gccg" else both_catalog.all_cards())
    rewritten = 0
    for path in REAL_DECKS:
        for line in read_deck(path.read_bytes(), filename=path.name).lines:
            title = index.resolve(line.name, line.set_hint, line.printing, line.image).card.title
            typed = REWRITES[rewrite](title)
            if not typed or typed == title:
                continue
            rewritten += 1
            found = index.resolve(typed, line.set_hint, line.printing)
            assert found.card.title == title, (path.name, typed)
    assert rewritten > 100 or rewrite in ("no accents", "no hyphens or apostrophes", "article inverted")


# -- a format's own conventions print no notes ----------------------------------------------------


def _real_deck_reports(deck: Path, catalog) -> list[str]:
    from deckbuilder.service import load_deck_file

    return list(load_deck_file(catalog, deck).reports)


@pytest.mark.parametrize("deck", ["appel-bokrug.deck", "bourne-dreamlands.deck", "hyysalo-providence.deck"])
def test_gccg_inverted_articles_and_set_tags_print_no_notes(gccg_catalog, deck):
    reports = _real_deck_reports(MYTHOS_DATA / "gccg" / "decks" / deck, gccg_catalog)
    assert not [r for r in reports if "(display form)" in r or "(set tag)" in r]
    # The player's own slips are still corrections, and said so.
    assert all("(folded)" in r or "(fuzzy)" in r for r in reports if " read as " in r)


@pytest.mark.parametrize("fmt, ext", [("gccg", "deck"), ("text", "txt"), ("lackey", "dek"), ("json", "json")])
@pytest.mark.parametrize("catalog_name", ["gccg", "both"])
def test_fix_and_convert_write_names_that_read_back_with_no_notes(
    fmt, ext, catalog_name, gccg_catalog, both_catalog, tmp_path
):
    from deckbuilder.service import deck_text, load_deck_file

    catalog = gccg_catalog if catalog_name == "gccg" else both_catalog
    for path in REAL_DECKS:
        written = tmp_path / f"{path.stem}.{ext}"
        written.write_text(deck_text(catalog, load_deck_file(catalog, path), fmt), encoding="utf-8")
        again = load_deck_file(catalog, written)
        assert again.reports == (), (path.name, fmt, again.reports)
        assert [(c.key, n) for c, n in _cards(again)] == [(c.key, n) for c, n in _cards(load_deck_file(catalog, path))]


def _cards(loaded):
    return sorted(((e.card, e.count) for e in loaded.deck.entries), key=lambda cn: (cn[0].key, cn[1]))
