"""The application layer both front ends call: plain values in, plain data out, typed errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckbuilder import service
from deckbuilder.decklists.deckfile import UnresolvedDeckError
from deckbuilder.paths import catalog_data_dir

EXAMPLE_DECK = catalog_data_dir() / "sample" / "example-deck.txt"


@pytest.fixture(scope="module")
def sample_catalog(tmp_path_factory):
    """The bundled sample, built on first use as the CLI builds it."""
    catalog, notes = service.open_catalog(tmp_path_factory.mktemp("sample") / "catalog.sqlite")
    assert len(notes) == 1 and "built one from the bundled sample" in notes[0]
    yield catalog
    catalog.close()


def test_a_catalog_already_built_opens_without_a_note(sample_catalog):
    catalog, notes = service.open_catalog(sample_catalog.path)
    catalog.close()
    assert notes == []


def test_a_deck_pasted_as_text_loads_as_its_file_does(sample_catalog):
    from_file = service.load_deck_file(sample_catalog, EXAMPLE_DECK)
    pasted = service.load_deck_text(sample_catalog, EXAMPLE_DECK.read_text(encoding="utf-8"))
    assert pasted.deck == from_file.deck
    assert pasted.path == "pasted deck" and from_file.path == str(EXAMPLE_DECK)
    assert pasted.name == from_file.name == "Dark Horse in the New Æon"


@pytest.mark.parametrize("filename", ["dark-horse.deck", "dark-horse.dek", "dark-horse.json"])
def test_an_uploaded_deck_is_read_in_the_format_of_its_content(sample_catalog, tmp_path, filename):
    from deckbuilder.catalog.lookup import card_index
    from deckbuilder.decklists import write_deck

    example = service.load_deck_file(sample_catalog, EXAMPLE_DECK)
    fmt = {".deck": "gccg", ".dek": "lackey", ".json": "json"}[Path(filename).suffix]
    text = write_deck(example.resolved, fmt, card_index(sample_catalog).printings_of)
    uploaded = service.load_deck_text(sample_catalog, text.encode("utf-8"), filename=filename)
    assert uploaded.source_format == fmt
    assert uploaded.deck.count() == example.deck.count() == 60
    assert uploaded.path == filename


def test_unknown_names_in_pasted_text_are_one_error_naming_every_line(sample_catalog):
    with pytest.raises(UnresolvedDeckError) as error:
        service.load_deck_text(sample_catalog, "4 Dark Yuong\n2 Nothing At All\n")
    message = str(error.value)
    assert message.startswith("pasted deck: 1 line could not be read: line 2")
    assert "import the card pool with `mythos catalog import PATH`" in message


def test_a_loose_name_comes_back_as_a_note_for_the_front_end(sample_catalog):
    loaded = service.load_deck_text(sample_catalog, "4 dark yuong\n")
    assert loaded.reports == ('line 1: "dark yuong" read as "Dark Young" (fuzzy)',)


def test_the_search_orders_are_those_the_sql_knows():
    from deckbuilder.catalog.search.sql import _ORDER
    from deckbuilder.cli.cards import SORTS

    assert service.SEARCH_ORDERS == SORTS == tuple(_ORDER)


def test_a_note_gathered_before_an_error_rides_on_the_error(sample_catalog, tmp_path, monkeypatch):
    from deckbuilder.catalog.importers.recipes import RecipeFileError

    broken = tmp_path / "recipes.toml"
    broken.write_text('[[recipe]]\ntitle = "Dark Horse"\nrecipe = "1x House &"\n', encoding="utf-8")
    monkeypatch.setenv("MYTHOS_RECIPES", str(broken))
    sample_catalog._recipe_reading = None  # read the overrides again
    with pytest.raises(RecipeFileError) as error:
        service.show_adventure(sample_catalog, "dark hors")
    assert error.value.__notes__ == ['"dark hors" read as "Dark Horse" (fuzzy)']


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: service.parse_search("t:ally", sort="colour"), "--sort 'colour' is not one of"),
        (lambda: service.parse_search("t:ally", limit=0), "--limit 0"),
        (lambda: service.goldfish_format("cult-vs-investigator"), "goldfish plays Mythos formats only"),
        (lambda: service.deck_format_for("deck.yaml", "yaml"), "--to 'yaml' is not a deck format"),
    ],
)
def test_options_that_name_nothing_are_usage_errors(call, message):
    from deckbuilder.errors import UsageError, classify

    with pytest.raises(UsageError, match=message) as error:
        call()
    assert classify(error.value).exit_code == 2


def test_each_deck_answer_is_the_json_the_cli_prints(sample_catalog):
    import json

    from typer.testing import CliRunner

    from deckbuilder.cli import app

    deck = service.load_deck_file(sample_catalog, EXAMPLE_DECK)
    answers = {
        "check": service.check_deck(sample_catalog, deck, service.way_to_play("campaign")).to_json(),
        "stats": service.deck_stats(deck).to_json(),
        "adventures": service.deck_adventures(sample_catalog, deck).to_json(),
        "plan": service.plan_campaign(sample_catalog, deck, 20).to_json(),
        "playability": service.deck_playability(deck).to_json(),
    }
    for command, answer in answers.items():
        extra = ["-f", "campaign"] if command == "check" else []
        result = CliRunner().invoke(
            app, ["deck", command, str(EXAMPLE_DECK), *extra, "--db", str(sample_catalog.path), "--json"]
        )
        assert json.loads(result.stdout) == answer, command


def test_deck_adventures_reads_the_pool_only_for_a_short_slot(gccg_catalog_path, mythos_data):
    # The pool only suggests cards for a slot the deck cannot fill, so a deck whose every
    # Adventure is completable never reads it (issue 17); the answer is the same either way.
    from deckbuilder.catalog.recipebook import recipe_sources
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.rules.adventures import check_deck_adventures
    from deckbuilder.service.adventures import addition_judge

    short = 0
    for path in sorted((mythos_data / "gccg" / "decks").glob("*.deck")):
        with Catalog.open(gccg_catalog_path) as catalog:
            deck = service.load_deck_file(catalog, path)
            checks = service.deck_adventures(catalog, deck).checks
            completable = all(check.completable for check in checks)
            assert (getattr(catalog, "_recipe_pool", None) is None) is completable, path.name
            vocabulary, overrides, pool = recipe_sources(catalog)
            judge = addition_judge(catalog, deck.deck, service.deck_way_to_play(deck))
            assert checks == check_deck_adventures(deck.deck, vocabulary, overrides, pool=pool, judge=judge), path.name
            short += sum(len(slot.add_one_of) for check in checks for slot in check.slots)
    assert short > 0  # some deck is short of a card, and gets suggestions


@pytest.mark.parametrize("adventure", ["The Price", "Alone in the World", "A Heroic Rescue", "The Great Epidemic"])
def test_adventure_check_reads_the_pool_only_for_a_short_slot(gccg_catalog_path, mythos_data, adventure):
    from deckbuilder.catalog.recipebook import recipe_sources
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.rules.adventures import Collection, recipe_for
    from deckbuilder.rules.adventures import check_adventure as check_recipe
    from deckbuilder.rules.decks import Section
    from deckbuilder.service.adventures import addition_judge

    with Catalog.open(gccg_catalog_path) as catalog:
        deck = service.load_deck_file(catalog, mythos_data / "gccg" / "decks" / "standard-corrupt.deck")
        answer = service.check_adventure(catalog, adventure, deck)
        assert (getattr(catalog, "_recipe_pool", None) is None) is answer.completable
        vocabulary, overrides, pool = recipe_sources(catalog)
        recipe = recipe_for(answer.adventure, vocabulary, overrides)
        collection = Collection(deck.deck.cards(Section.DECK)).without_title(answer.adventure.title)
        judge = addition_judge(catalog, deck.deck, service.deck_way_to_play(deck))
        assert answer.check == check_recipe(recipe, collection, pool=pool, judge=judge)


def test_repointed_adventures_matches_an_heroic_rescue_and_does_not_call_it_unofficial(lackey_catalog_path):
    # The LackeyCCG plugin's re-pointed set prints "An Heroic Rescue (RP)" for Limited
    # Edition's "A Heroic Rescue": under repointed-adventures the official card counts at the
    # re-pointed value with a note, and the re-pointed printing draws no "not official" warning.
    catalog, _ = service.open_catalog(lackey_catalog_path)
    try:
        rp_value = next(c.value for c in catalog.all_cards() if c.set_code == "RP" and c.title == "An Heroic Rescue")
        ltd_value = next(c.value for c in catalog.all_cards() if c.set_code == "LTD" and c.title == "A Heroic Rescue")
        assert rp_value != ltd_value
        play = service.way_to_play("campaign", ["repointed-adventures"])
        official = service.check_deck(catalog, service.load_deck_text(catalog, "Deck\n1 A Heroic Rescue (LTD)\n"), play)
        assert official.verdict.adventure_points == rp_value
        (note,) = [f for f in official.verdict.notes if f.rule == "repointed-adventures"]
        assert note.message == f"re-pointed values used: A Heroic Rescue {ltd_value} -> {rp_value} points"
        printing = service.check_deck(catalog, service.load_deck_text(catalog, "Deck\n1 An Heroic Rescue (RP)\n"), play)
        assert printing.verdict.adventure_points == rp_value
        assert not [f for f in printing.verdict.findings if f.rule == "chaosium-cards"]
        without = service.check_deck(
            catalog, service.load_deck_text(catalog, "Deck\n1 An Heroic Rescue (RP)\n"), service.way_to_play("campaign")
        )
        assert [f.cards for f in without.verdict.findings if f.rule == "chaosium-cards"] == [("An Heroic Rescue [RP]",)]
    finally:
        catalog.close()
