"""The effect notation, the reader of card text into effects, and the overrides file."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckbuilder.catalog.importers.effects import EffectFileError, load_effect_overrides
from deckbuilder.errors import classify
from deckbuilder.rules.cards import Card, CardType
from deckbuilder.rules.effects import (
    After,
    CardEffects,
    Effect,
    EffectKind,
    EffectSyntaxError,
    effects_text,
    parse_effects,
    read_effects,
    reader,
)


@pytest.mark.parametrize(
    "text",
    [
        "redraw 4",
        "draw 2",
        "hand +1",
        "sanity +3",
        "summon lesser independent",
        "summon any",
        "monster as ally",
        "ally now",
        "past; cost 1; then flip",
        "resurrect",
        "goo stays",
        "travel; cost 2",
        "draw 1; sanity -1; then bury",
        "ignored: aims at an opponent",
        "hand min -1",
        "hand max +1; hand min -2",
        "reveal",
        "travel dimension",
        "travel dimension from gate; then flip",
        "past resurrect",
        "discard random hand",
        "reveal; discard random story",
        "trade allies",
        "recall",
        "reveal attack",
        "recover artifact; cost 2",
        "lose turn 1 or bury corrupt ally",
        "holds artifact",
        "holds artifact; holds tome",
        "pays threat",
        "waking allies",
        "pays spell",
        "all join",
        "spell on steadfast ally; cost 1",
        "spell on any ally; cost 2",
    ],
)
def test_notation_round_trips(text: str) -> None:
    assert effects_text(parse_effects(text)) == text


def test_notation_values() -> None:
    assert parse_effects("Past ; cost 1;  then flip") == CardEffects((Effect(EffectKind.PAST),), 1, After.FLIP)
    assert parse_effects("summon living dead").effects == (Effect(EffectKind.SUMMON, 0, "living dead"),)
    assert not parse_effects("ignored: needs an opponent").played


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "empty"),
        ("fly away", "'fly away' is not an effect"),
        ("draw two", "whole number"),
        ("draw 0", "above 0"),
        ("sanity 2", "with its sign"),
        ("summon shoggoth", "Monster class"),
        ("cost 1", "names no effect"),
        ("ignored:", "needs the reason"),
        ("lose turn 1 or bury a friend", "the Ally to Bury instead"),
    ],
)
def test_notation_errors_say_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(EffectSyntaxError, match=says):
        parse_effects(text)
    assert classify(EffectSyntaxError("x")).exit_code == 2


def _card(kind: CardType, text: str, affects: str | None = None, subtype: str | None = None) -> Card:
    return Card(key="T:x", title="X", set_code="T", type=kind, text=text, affects=affects, subtype=subtype, sanity=-1)


@pytest.mark.parametrize(
    ("kind", "text", "affects", "expected"),
    [
        (CardType.SPELL, "Immediately Discard up to four cards and replace them with new ones.", None, "redraw 4"),
        (CardType.SPELL, "Summon or Control one Lesser Servitor Monster", None, "summon lesser servitor"),
        (CardType.SPELL, "Immediately play a Monster card to your Mythos Threat, whatever.", None, "summon any"),
        (
            CardType.SPELL,
            "Cast this to immediately play one Monster card as an Ally (no Gate).",
            None,
            "monster as ally",
        ),
        (CardType.SPELL, "For 1 Sanity, bring one Ally back into play from your Story Deck.", None, "resurrect"),
        (CardType.SPELL, "Travel to any location as if Walking. Not Exotic.", None, "travel"),
        (CardType.SPELL, "Cast during a Full Moon: gain 2 Sanity points.", None, "ignored: " + reader.MOON),
        (
            CardType.ARTIFACT,
            "Travel to any Location of this Dimension as if Walking. Costs 2 Sanity points to use.",
            None,
            "travel; cost 2",
        ),
        (
            CardType.ARTIFACT,
            "Spend 1 Sanity point and flip this card to add the Past attribute to your current Location.",
            None,
            "past; cost 1; then flip",
        ),
        (CardType.ARTIFACT, "Add 3 points to Ally's value.", None, "ignored: " + reader.WEAPON),
        (CardType.SPELL, "Discard a random Ally.", "Opponent's Ally", "ignored: " + reader.OPPONENT),
        (CardType.SPELL, "May only be cast during Combat. Something.", None, "ignored: " + reader.COMBAT),
        (CardType.SPELL, "Something nobody reads.", None, "ignored: " + reader.NOT_READ),
        (CardType.LOCATION, "", None, ""),
        (CardType.MONSTER, "Bypasses your opponent's Threat.", None, "ignored: " + reader.COMBAT),
        # Rulebook l.178, l.359: Allies Joining Allies are the engine's (rules/engine/allies.py);
        # the rest of the text is read as any Ally's. Joining a Weapon is not played yet.
        (CardType.ALLY, "Joins with Old Poet.", None, ""),
        (CardType.ALLY, "Flip this card face-down to draw one new card. Joins Old Poet.", None, "draw 1; then flip"),
        (
            CardType.ALLY,
            "Add 1 point to the value of this card beside Old Poet. Joins Old Poet.",
            None,
            "ignored: " + reader.VALUE,
        ),
        (CardType.ALLY, "Joins with Weapons wherever Artifacts are found.", None, "ignored: " + reader.JOINING_ALLIES),
        (
            CardType.ALLY,
            "Its owner may subtract one from the Minimum number of cards kept in the Hand while this card is in play.",
            None,
            "hand min -1",
        ),
        (
            CardType.ALLY,
            "While in play, add one to the Maximum number of cards that you may keep.",
            None,
            "hand max +1",
        ),
        (
            CardType.LOCATION,
            "Gain 2 Sanity points. Reveal the top card of your Mythos Deck. Apply any Sanity gain or "
            "loss indicated there, then Discard it.",
            None,
            "reveal",
        ),
        (
            CardType.LOCATION,
            "A quiet quay. As your Turn you may spend 3 Sanity points to recover one Artifact chosen from "
            "your Story Deck and place it beside your Investigator. Pay any Sanity costs for playing that Artifact.",
            None,
            "recover artifact; cost 3",
        ),
        (
            CardType.LOCATION,
            "Use this Gate to summon a Living Dead Monster from your Story Deck to your Threat.",
            None,
            "ignored: " + reader.RECOVER,
        ),
        (
            CardType.LOCATION,
            "Reveal the top card of your Mythos Deck. If it is a Monster, it attacks immediately, whoever defends.",
            None,
            "reveal attack",
        ),
        (CardType.LOCATION, "Stay here a Turn to Bury one Phobia.", None, "ignored: " + reader.PHOBIA),
        (
            CardType.LOCATION,
            "Each Professor adds 2 points to their card value here.",
            None,
            "ignored: " + reader.VALUE,
        ),
        (
            CardType.SPELL,
            "At once, play one Monster allowing Travel as a Special Effect to the top of your Story "
            "Deck, and go where it allows.",
            None,
            "summon travel",
        ),
        (
            CardType.TOME,
            "While this card is in play, draw one additional card at the beginning of each Round.",
            None,
            "round draw 1",
        ),
        (CardType.TOME, "In play, it lets you know the languages of Aklo and Latin.", None, ""),
        (CardType.LOCATION, "Gain 5 Sanity points now, but you must spend next Turn in therapy.", None, "lose turn 1"),
        (
            CardType.LOCATION,
            "Gain three Sanity, then you must remain here for two Turns doing nothing.",
            None,
            "lose turn 2",
        ),
        (
            CardType.LOCATION,
            "Gain 5 Sanity. You must either Bury a Steadfast Ally or remain at this Location for an additional Turn.",
            None,
            "lose turn 1 or bury steadfast ally",
        ),
        (CardType.ARTIFACT, "Can know any one Spell. Bury Spell after it is cast. Knows Greek.", None, ""),
        (
            CardType.ARTIFACT,
            "Give this card to an Ally in play; it adds the Scholar attribute to that Ally.",
            None,
            "ignored: " + reader.ATTRIBUTE,
        ),
        (
            CardType.ALLY,
            "You may Bury the Peddler instead of paying the Sanity cost for playing one Artifact.",
            None,
            "pays artifact",
        ),
        # Rulebook l.185, l.191: an Ally given an Artifact or Tome later, at any Location (the
        # engine's play: rules/engine/tomes.py); what the card says of it besides is played too.
        (
            CardType.ALLY,
            "While in play you may later assign to the Curator one Artifact card at any Location. It "
            "suffers any fate the Curator suffers, and may be replaced with another, if lost.",
            None,
            "holds artifact",
        ),
        (
            CardType.ALLY,
            "You may later assign to the Scholar one Tome card at any Location. The Tome may contain Spells.",
            None,
            "holds tome",
        ),
        (
            CardType.ALLY,
            "You may later assign to the Scholar one Tome card at any Location. He sings at Night.",
            None,
            "ignored: " + reader.ASSIGN,
        ),
        (
            CardType.ALLY,
            "You may Bury the Tracker instead of paying the Sanity cost for playing one Mythos card to your Threat.",
            None,
            "pays threat",
        ),
        (
            CardType.ALLY,
            "You may Bury the Priest instead of paying the Sanity cost for casting one Spell.",
            None,
            "pays spell",
        ),
        (
            CardType.ALLY,
            "You may Bury the Priest instead of paying the Sanity cost for playing one Event.",
            None,
            "ignored: " + reader.BURY_INSTEAD,
        ),
        (
            CardType.ALLY,
            "Flip this card face-down to draw a new card from your Mythos Deck.",
            None,
            "draw 1; then flip",
        ),
    ],
)
def test_reader_reads_recurring_phrasings(kind: CardType, text: str, affects: str | None, expected: str) -> None:
    assert effects_text(read_effects(_card(kind, text, affects))) == expected


def test_an_override_wins_by_title() -> None:
    card = _card(CardType.SPELL, "Something nobody reads.")
    assert read_effects(card, {"x": parse_effects("draw 1")}).effects == (Effect(EffectKind.DRAW, 1),)


def test_shipped_overrides_load_and_each_names_its_reason_or_line() -> None:
    overrides = load_effect_overrides()
    assert "cloud memory" in overrides and not overrides["cloud memory"].played
    text = (Path(__file__).resolve().parents[1] / "catalog" / "effects.toml").read_text(encoding="utf-8")
    for block in text.split("[[effect]]")[1:]:
        assert "title" in block and "effect" in block


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("[[effect]]\ntitle = 'A'\neffect = 'fly'\n", "line 1: \"A\": 'fly' is not an effect"),
        ("[[effect]]\ntitle = 'A'\n", "needs an effect"),
        ("[[effect]]\ntitle = 'A'\neffect = 'draw 1'\nline = 'p. 3'\n", 'line = "rulebook:N"'),
        (
            "[[effect]]\ntitle = 'A'\neffect = 'draw 1'\n[[effect]]\ntitle = 'a'\neffect = 'draw 2'\n",
            'line 4: "a" is given twice',
        ),
        ("[[effect]]\ntitle = 'A'\nwhat = 1\n", "unknown key 'what'"),
        ("[[effect]\n", "not valid TOML"),
    ],
)
def test_overrides_file_errors_are_one_line(tmp_path: Path, content: str, says: str) -> None:
    path = tmp_path / "effects.toml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(EffectFileError) as info:
        load_effect_overrides(path)
    assert says in str(info.value) and "\n" not in str(info.value)
    failure = classify(info.value)
    assert failure.exit_code == 2 and failure.kind == "effect-file"


def test_real_cards_read_as_the_rulebook_plays_them(gccg_cards: list[Card]) -> None:
    by_title = {c.title: c for c in gccg_cards}
    overrides = load_effect_overrides()
    expected = {
        "Lamp of Alhazrad": "past; cost 1; then flip",  # rulings l.184 applied to the card
        "Chant of Thoth": "redraw 4",
        "Call the Unnamed One": "monster as ally",
        "Resurrection": "resurrect",
        "Voola Ritual": "summon greater servitor",
        "Create Gate": "summon any",
        "Fly": "travel",
        "The Silver Key": "travel dimension from gate; then flip",
        "Time Machine": "travel dimension; cost 1; then flip",
        "Grecian Lekythos": "past resurrect",
        "Congregational Hospital": "discard random story",
        "Essex Institute": "discard random hand",
        "Massachusetts State Hospital": "reveal",
        "Arkham Sanitarium": "reveal attack",
        "Call Power of Nyambe": "trade allies",
        "Create Time Warp": "recall",
        "Porta Portese": "recover artifact; cost 2",
        "Namquit Point": "recover artifact; cost 2",
        "The Harbor of Celephais": "recover artifact; cost 2",
        "The Temple of Bokrug": "lose turn 1 or bury steadfast ally",
        "The Turquoise Temple of Nath-Horthath": "lose turn 1 or bury corrupt ally",
        "Faraz Najir": "holds artifact",  # rulebook l.185: given one later, at any Location
        "Miss Anna Tilton": "holds artifact",
        "Laban Shrewsbury": "holds tome",
        "The Hunter": "pays threat",
        "Atal the High Priest": "pays spell",
        "Grasp Of Cthulhu": "all join",
        "Disturbing Portrait": "waking allies",
        "Cité Tatoue": "spell on steadfast ally; cost 1",
        "Keziah Mason": "",  # she Joins Brown Jenkin (rules/engine/allies.py) and knows a Spell
    }
    for title, notation in expected.items():
        assert effects_text(read_effects(by_title[title], overrides)) == notation, title
    assert read_effects(by_title["Petrify"], overrides).ignored == reader.OPPONENT
