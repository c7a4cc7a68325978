"""The recipe notation: what players write in an overrides file and what `adventure show` prints."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckbuilder.rules.adventures import (
    AllOf,
    AnyCard,
    AnyOf,
    Atom,
    Condition,
    Distinct,
    Field,
    Gate,
    Limit,
    Measure,
    Not,
    Recipe,
    RecipeSyntaxError,
    SanityCost,
    Slot,
    Total,
    parse_recipe_text,
    parse_requirement,
    recipe_text,
    recipe_to_dict,
    requirement_text,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Location & City", AllOf((Atom(Field.TYPE, "Location"), Atom(Field.ATTRIBUTE, "City")))),
        ("Allies", Atom(Field.TYPE, "Ally")),
        ("attr:Artifact", Atom(Field.ATTRIBUTE, "Artifact")),  # a Location attribute, not the type
        ('title:"Yithian Psychic Possession"', Atom(Field.TITLE, "Yithian Psychic Possession")),
        ("title~Eclipse", Atom(Field.TITLE, "Eclipse", partial=True)),
        ("Tome & !tome-lang:English", AllOf((Atom(Field.TYPE, "Tome"), Not(Atom(Field.TOME_LANGUAGE, "English"))))),
        ("gate & Location", AllOf((Gate(), Atom(Field.TYPE, "Location")))),
        ("cost>=1", SanityCost(1)),
        ("cost=2", SanityCost(2, exactly=True)),
        ("Artifact | Tome", AnyOf((Atom(Field.TYPE, "Artifact"), Atom(Field.TYPE, "Tome")))),
        (
            "Ally & (Author | Artist)",
            AllOf(
                (Atom(Field.TYPE, "Ally"), AnyOf((Atom(Field.ATTRIBUTE, "Author"), Atom(Field.ATTRIBUTE, "Artist"))))
            ),
        ),
        (
            'class:"Great Old One" | class:"Outer God"',
            AnyOf((Atom(Field.CLASS, "Great Old One"), Atom(Field.CLASS, "Outer God"))),
        ),
        ("any", AnyCard()),
    ],
)
def test_requirements_read_as_written(text, expected):
    assert parse_requirement(text) == expected
    assert requirement_text(expected) == text.replace("Allies", "Ally")


def test_the_notation_of_the_brief_reads_slot_by_slot():
    recipe = parse_recipe_text(
        """
        # a comment line
        2x Location & City {distinct:subregion}
        1x Ally & Steadfast & Author  # a STEADFAST AUTHOR
        1x title:"Yithian Psychic Possession"
        1x Monster {total:value>=20}
        limit: distinct:card 1 2
        condition: drive your own Sanity below six
        """
    )
    assert [s.count for s in recipe.slots] == [2, 1, 1, 1]
    assert recipe.slots[0].distinct is Distinct.SUBREGION
    assert recipe.slots[1].source == "a STEADFAST AUTHOR"
    assert recipe.slots[3].total == Total(Measure.VALUE, 20)
    assert recipe.limits == (Limit(Distinct.CARD, (0, 1)),)
    assert recipe.conditions == (Condition("drive your own Sanity below six"),)


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("1x title:", 1, 10, "expected a value after 'title:'"),
        ("2x Location &", 1, 14, "expected a requirement"),
        ("1x colour:Red", 1, 4, "'colour' is not a field"),
        ("1x (City | Town", 1, 16, "expected ')' to close the parenthesis"),
        ("1x City {distinct:colour}", 1, 19, "distinct:colour is not known"),
        ('1x title:"The Cruise', 1, 10, "a quoted value is not closed"),
        ("1x City Town", 1, 9, "unexpected 'Town' (join requirements with & or |)"),
        ("1x cost>one", 1, 8, "expected >= or = after cost"),
        ('1x "Private Eye"', 1, 4, "a quoted value needs a field in front"),
        ("0x City", 1, 1, "at least 1 card"),
        ("1x City\npoints: many", 2, 8, "points must be a whole number"),
        ("1x City\n\n1x Town @", 3, 9, "unexpected character '@'"),
        ("1x City\nlimit: distinct:card 1 9", 2, 24, "slot 9 does not exist"),
        ("1x City\nlimit: distinct:card 1", 2, 7, "a limit links at least two slots"),
    ],
)
def test_syntax_errors_say_line_and_column_in_one_line(text, line, column, message):
    with pytest.raises(RecipeSyntaxError) as caught:
        parse_recipe_text(text)
    error = caught.value
    assert (error.line, error.column) == (line, column)
    assert message in error.message
    assert str(error).startswith(f"line {line}, column {column}: ") and "\n" not in str(error)


def test_the_json_shape_carries_notation_tree_and_sources():
    recipe = parse_recipe_text('adventure: The Cruise\npoints: 5\n2x subtype:"Travel by Sea"  # TRAVEL BY SEA')
    data = json.loads(json.dumps(recipe_to_dict(recipe)))
    assert data["adventure"] == "The Cruise" and data["points"] == 5 and data["reads_fully"] is True
    assert data["slots"] == [
        {
            "number": 1,
            "text": '2x subtype:"Travel by Sea"',
            "count": 2,
            "requirement": 'subtype:"Travel by Sea"',
            "tree": {"field": "subtype", "value": "Travel by Sea", "partial": False},
            "distinct": None,
            "total": None,
            "source": "TRAVEL BY SEA",
        }
    ]
    assert parse_recipe_text(data["notation"]) == recipe


# --------------------------------------------------------------------------------------
# round trip


def _one_line(text: str) -> str:
    return " ".join(text.split())


values = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12)
lines = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30).map(_one_line)
atoms = st.builds(
    Atom, st.sampled_from(list(Field)), values | st.sampled_from(["Location", "Ally", "City", "gate"]), st.booleans()
)
leaves = atoms | st.builds(Gate) | st.builds(AnyCard) | st.builds(SanityCost, st.integers(0, 30), st.booleans())
requirements = st.recursive(
    leaves,
    lambda inner: (
        st.builds(Not, inner)
        | st.lists(inner, min_size=2, max_size=3).map(lambda items: AllOf(tuple(items)))
        | st.lists(inner, min_size=2, max_size=3).map(lambda items: AnyOf(tuple(items)))
    ),
    max_leaves=8,
)
totals = st.none() | st.builds(Total, st.sampled_from(list(Measure)), st.integers(0, 40))
slots = st.builds(Slot, st.integers(1, 9), requirements, lines, st.none() | st.sampled_from(list(Distinct)), totals)


@st.composite
def recipes(draw: st.DrawFn) -> Recipe:
    recipe_slots = tuple(draw(st.lists(slots, max_size=5)))
    limits: tuple[Limit, ...] = ()
    if len(recipe_slots) >= 2:
        indexes = st.lists(st.integers(0, len(recipe_slots) - 1), min_size=2, max_size=3)
        limits = tuple(
            Limit(draw(st.sampled_from(list(Distinct))), tuple(draw(indexes))) for _ in range(draw(st.integers(0, 2)))
        )
    return Recipe(
        slots=recipe_slots,
        limits=limits,
        conditions=tuple(Condition(t) for t in draw(st.lists(lines, max_size=2))),
        uninterpreted=tuple(draw(st.lists(lines, max_size=2))),
        notes=tuple(draw(st.lists(lines, max_size=2))),
        adventure=draw(lines),
        points=draw(st.none() | st.integers(-5, 30)),
    )


@settings(max_examples=300, deadline=None)
@given(recipes())
def test_writing_then_reading_a_recipe_gives_it_back(recipe):
    text = recipe_text(recipe)
    assert parse_recipe_text(text) == recipe
    assert recipe_text(parse_recipe_text(text)) == text


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_arbitrary_text_either_reads_or_raises_the_syntax_error(text):
    try:
        recipe = parse_recipe_text(text)
    except RecipeSyntaxError as error:
        assert error.line >= 1 and error.column >= 1
        assert "\n" not in str(error)
    else:
        assert parse_recipe_text(recipe_text(recipe)) == recipe


def test_the_examples_in_the_recipes_doc_read(tmp_path):
    # Keep docs/recipes.md honest: its notation block parses, its TOML block loads.
    import re
    from pathlib import Path

    from deckbuilder.catalog.importers.recipes import load_recipe_overrides

    doc = (Path(__file__).resolve().parent.parent / "docs" / "recipes.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```(\w*)\n(.*?)```", doc, re.S)
    notation = [body for lang, body in blocks if not lang and body.lstrip().startswith("1x")]
    assert len(notation) == 1
    recipe = parse_recipe_text(notation[0])
    assert len(recipe.slots) == 10 and len(recipe.limits) == 1 and len(recipe.conditions) == 1
    (toml,) = [body for lang, body in blocks if lang == "toml"]
    path = tmp_path / "recipes.toml"
    path.write_text(toml, encoding="utf-8")
    assert list(load_recipe_overrides(path)) == ["the interesting shop"]


# -- the same slots in plain words, as the web's Adventures show them (issue 27) ----------


@pytest.mark.parametrize(
    "notation, words",
    [
        ('1x title:"Henry Armitage"', "Henry Armitage"),
        ("1x subregion:Arkham & Location", "a Location in Arkham"),
        ("2x Tome {distinct:card}", "two different Tomes"),
        ("3x gate & Location {distinct:subregion}", "three Gate Locations in different Subregions"),
        ("1x Ally & knows:Arabic", "an Ally who knows Arabic"),
        ("1x Tome & !tome-lang:English", "a Tome not in English"),
        ("1x Monster {total:value>=20}", "Monsters worth at least 20 points"),
        ("1x Tome | Artifact", "a Tome or an Artifact"),
        ("1x Church", "a Church"),
        ("1x subtype:Phobia", "a Phobia card"),
        ("1x Location & region:Europe & title~Catacombs", "a Location in Europe with Catacombs in the title"),
        ("2x Ally & (Author | Scholar)", "two Allies (an Author or a Scholar)"),
    ],
)
def test_a_slot_reads_in_plain_words(notation: str, words: str):
    from deckbuilder.rules.adventures.words import slot_words

    (slot,) = parse_recipe_text(notation + "\n").slots
    assert slot_words(slot) == words
