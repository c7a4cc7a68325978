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
