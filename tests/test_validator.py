"""The deck validator on hand-built decks: each rule of each format, with its source and fix."""

from __future__ import annotations

import re

import pytest
from conftest import SEEDS

from deckbuilder.catalog.importers.formats import load_formats
from deckbuilder.rules.cards import Card, CardType, fold_title
from deckbuilder.rules.decks import Deck, DeckEntry, Section
from deckbuilder.rules.formats import FormatError, Severity, find_format, find_house_rule
from deckbuilder.rules.validator import check_deck

FORMATS, HOUSE_RULES = load_formats()


def card(title: str, card_type: CardType = CardType.EVENT, set_code: str = "LTD", **kw) -> Card:
    return Card(key=f"{set_code}:{fold_title(title)}", title=title, set_code=set_code, type=card_type, **kw)


INVESTIGATOR = card("Pragmatic Hobo", CardType.INVESTIGATOR)
FILLER = [card(f"Filler {i}") for i in range(13)]


def deck_of(extra: list[tuple[Card, int]] = (), filler: int = 52, investigators=(INVESTIGATOR,)) -> Deck:
    cards: list[tuple[Card, int]] = list(extra)
    left = filler
    for c in FILLER:
        if left <= 0:
            break
        n = min(4, left)
        cards.append((c, n))
        left -= n
    return Deck.of(cards, investigators, name="test")


def rules_broken(verdict, severity=Severity.ERROR):
    return sorted(f.rule for f in verdict.findings if f.severity is severity)


@pytest.mark.parametrize("fmt", ["basic", "advanced", "campaign", "tournament"])
def test_a_plain_52_card_deck_is_legal_in_every_mythos_format(fmt):
    verdict = check_deck(deck_of(), find_format(FORMATS, fmt))
    assert verdict.is_legal, verdict.errors
    assert verdict.cards == 52


def test_50_cards_is_not_enough_and_says_how_many_to_add():
    verdict = check_deck(deck_of(filler=50), find_format(FORMATS, "basic"))
    assert not verdict.is_legal
    (finding,) = verdict.errors
    assert finding.rule == "minimum-cards"
    assert finding.message == "the deck has 50 cards; at least 52 are required"
    assert finding.fix == "add 2 cards"
    assert finding.source == "rulings:11"


def test_the_four_copy_rule_counts_by_title_across_sets():
    # "a Limited Car and two Standard Cars are three Cars": five across sets is one too many.
    cars = [(card("Car", set_code="LTD"), 2), (card("Car", set_code="MSGS"), 3)]
    verdict = check_deck(deck_of(cars), find_format(FORMATS, "basic"))
    (finding,) = verdict.errors
    assert finding.rule == "four-card-limit"
    assert finding.fix == "remove 1 Car: 5 copies by title, max 4"
    assert finding.cards == ("Car",)
    assert "LTD, MSGS" in finding.message


def test_four_across_printings_is_fine():
    cars = [(card("Car", set_code="LTD"), 1), (card("Car", set_code="MSGS"), 3)]
    assert check_deck(deck_of(cars), find_format(FORMATS, "basic")).is_legal


def test_one_copy_of_a_unique_card():
    mosque = card("Mosque of Ibn Tulun", CardType.LOCATION, unique=True)
    verdict = check_deck(deck_of([(mosque, 2)]), find_format(FORMATS, "basic"))
    assert rules_broken(verdict) == ["one-card-limit-unique"]
    assert verdict.errors[0].fix == "remove 1 Mosque of Ibn Tulun: it is Unique"


def test_no_investigator_is_illegal():
    verdict = check_deck(deck_of(investigators=()), find_format(FORMATS, "basic"))
    assert rules_broken(verdict) == ["one-investigator"]
    assert verdict.errors[0].fix == "add an Investigator card under 'Investigator'"


def test_several_investigators_are_legal_with_a_note_naming_them():
    two = (card("Bored Clerk", CardType.INVESTIGATOR), card("Rebellious Youth", CardType.INVESTIGATOR))
    verdict = check_deck(deck_of(investigators=two), find_format(FORMATS, "basic"))
    assert verdict.is_legal
    (note,) = verdict.notes
    assert note.cards == ("Bored Clerk", "Rebellious Youth")


def test_the_investigator_is_not_counted_in_the_52():
    verdict = check_deck(deck_of(filler=51), find_format(FORMATS, "basic"))
    assert verdict.cards == 51 and not verdict.is_legal


def test_campaign_warns_below_the_adventure_target_without_making_the_deck_illegal():
    adventure = card("A Heroic Rescue", CardType.ADVENTURE, value=7)
    deck = deck_of([(adventure, 2)])
    campaign = find_format(FORMATS, "campaign")
    verdict = check_deck(deck, campaign)
    assert verdict.is_legal
    assert rules_broken(verdict, Severity.WARNING) == ["campaign-adventure-points"]
    assert verdict.adventure_points == 7  # the same Adventure counts once
    assert verdict.warnings[0].fix == "add Adventures worth 13 more points"
    # The players may agree another target.
    assert not check_deck(deck, campaign.with_target(5)).warnings


def test_basic_does_not_care_about_adventure_points():
    assert not check_deck(deck_of(), find_format(FORMATS, "basic")).warnings


def test_every_finding_is_reported_at_once():
    cars = [(card("Car"), 6)]
    mosque = card("Mosque", CardType.LOCATION, unique=True)
    verdict = check_deck(deck_of([*cars, (mosque, 3)], filler=20, investigators=()), find_format(FORMATS, "basic"))
    assert rules_broken(verdict) == ["four-card-limit", "minimum-cards", "one-card-limit-unique", "one-investigator"]


def test_house_rules_are_off_unless_chosen():
    fan = card("Scooby Snack", set_code="SD")
    deck = deck_of([(fan, 1)])
    tournament = find_format(FORMATS, "tournament")
    assert check_deck(deck, tournament).is_legal
    verdict = check_deck(deck, tournament, [find_house_rule(HOUSE_RULES, "official-cards-only")])
    assert rules_broken(verdict) == ["official-cards-only"]


def test_repointed_values_house_rule_changes_the_points():
    adventure = card("A Heroic Rescue", CardType.ADVENTURE, value=7)
    deck = deck_of([(adventure, 1)])
    campaign = find_format(FORMATS, "campaign")
    repointed = {fold_title("A Heroic Rescue"): 9}
    plain = check_deck(deck, campaign, repointed=repointed)
    chosen = check_deck(deck, campaign, [find_house_rule(HOUSE_RULES, "repointed-adventures")], repointed=repointed)
    assert (plain.adventure_points, chosen.adventure_points) == (7, 9)


def test_another_games_format_is_data_too():
    cvi = find_format(FORMATS, "cvi")
    deck = Deck(
        "cult",
        tuple(DeckEntry(card(f"Cult {i}"), 3) for i in range(17))  # 51 cards
        + (DeckEntry(card("Ether"), 20, Section.ETHER),),
    )
    verdict = check_deck(deck, cvi)
    assert "exactly-50" in rules_broken(verdict)
    assert "ether-deck-20" not in rules_broken(verdict)
    assert "faction-quota" in rules_broken(verdict, Severity.WARNING)


def test_unknown_format_names_the_known_ones():
    with pytest.raises(FormatError, match="choose one of: basic, advanced, campaign, tournament"):
        find_format(FORMATS, "vintage")


def _source_text(source: str) -> str | None:
    kind, _, line = source.partition(":")
    files = {"rulings": "mythos-errata-rulings.txt", "rulebook": "new-aeon-rulebook.txt",
             "cvi": "cult-vs-investigator-rules.txt"}
    if kind not in files or not (SEEDS / files[kind]).is_file():
        return None
    return (SEEDS / files[kind]).read_text(encoding="utf-8").splitlines()[int(line) - 1]


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", text.casefold()))


@pytest.mark.parametrize("rule", [r for f in FORMATS for r in f.rules], ids=lambda r: r.id)
def test_every_rule_cites_the_line_that_says_it(rule):
    text = _source_text(rule.source)
    if text is None:
        pytest.skip("the seed documents are absent")
    # The rule's words are (nearly) the document's own words on that line.
    words = _words(rule.words)
    assert len(words & _words(text)) >= 0.8 * len(words), (rule.source, text)
