"""The application layer: what every front end does around the rules core, as plain functions.

Both front doors, the ``mythos`` CLI (:mod:`deckbuilder.cli`) and the web deck builder,
call these functions and differ only in how they show the answer. A function takes plain
values (a catalog path or an open :class:`~deckbuilder.catalog.store.Catalog`, a deck
loaded from a file or from text, a format name, options) and gets plain data back: a
result whose ``to_json()`` is exactly what ``mythos ... --json`` prints and what the web
API answers, and whose fields the front end reads to write text or HTML. Nothing here
prints, reads the terminal, or knows typer or HTTP; notes for the user (a name read
loosely, a sample catalog built) come back as data. Failures are the typed errors of
:mod:`deckbuilder.errors`, which each front end turns into its own form.

The functions live in modules by topic: the catalog (``catalog``), cards and searches
(``cards``), deck lists and the rules' verdict (``decks``: load a deck with
:func:`load_deck_file` or :func:`load_deck_text`, get a :func:`way_to_play`, then
:func:`check_deck`), Adventures (``adventures``), the printable sheet (``sheet``), a deck
file written back (``deckfiles``), the deck a command line names (``deckrefs``), a deck's
search (``search``), the deck builder, saved decks and the collection (``builder``), the
goldfish (``games``), decks that build themselves and suggested changes (``construction``,
``tuning``), decks against each other (``matches``, ``gauntlet``), shell completion
(``shell``). Options are checked before any work (a way to play, a search order, a goldfish
format are read before the catalog is opened), so a front end asks for them first.

Every public name of those modules is also a name of this package (``service.check_deck``,
``from deckbuilder.service import build_deck``), and the ``if TYPE_CHECKING:`` block below
is the one list of them: it is what mypy and a reader see. A module is imported at the
first use of one of its names, not with the package: the deck builder's, deck
construction's and the goldfish's modules build some hundred dataclasses and load the
engine, which ``mythos deck check`` never touches (tests/test_architecture.py holds the
reading commands to that). Those first uses go through :data:`_HOME`, which says where each
name lives; it cannot be read from the block at run time (the block is never run, and
parsing this file at each start would cost more than the table), so a test holds it equal
to the block. Add a name to both; the test names what is missing. The modules import each
other by module (``from deckbuilder.service.decks import way_to_play``), never the package.
Heavy modules (sqlmodel, rapidfuzz, jinja2) and the rules are imported inside the
functions, so importing the service costs next to nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from deckbuilder.service.adventures import (
        AdventureCheck,
        AdventureRecipe,
        CampaignPlan,
        DeckAdventures,
        check_adventure,
        deck_adventures,
        plan_campaign,
        show_adventure,
    )
    from deckbuilder.service.builder import (
        CollectionView,
        DeckHistory,
        DeckOverview,
        SavedDecks,
        card_titles,
        change_saved_deck,
        choose_way_to_play,
        copy_saved_deck,
        deck_code,
        deck_diff,
        deck_history,
        deck_library,
        deck_overview,
        delete_saved_deck,
        edit_deck,
        import_collection,
        keep_draft,
        load_saved_deck,
        new_deck,
        rename_deck,
        rename_saved_deck,
        restore_version,
        save_deck,
        save_draft,
        saved_deck,
        saved_decks,
        saved_way_to_play,
        share_link,
        show_collection,
        undelete_saved_deck,
        unique_deck_name,
        ways_to_play,
    )
    from deckbuilder.service.cards import (
        MAX_SEARCH_LIMIT,
        SEARCH_ORDERS,
        CardView,
        SearchQuery,
        SearchResult,
        find_card,
        owned_cards,
        parse_search,
        search_cards,
    )
    from deckbuilder.service.catalog import (
        CatalogBuild,
        CatalogInfo,
        Progress,
        card_files,
        catalog_info,
        catalog_path,
        fetch_card_files,
        import_card_files,
        open_catalog,
    )
    from deckbuilder.service.construction import DeckBuild, DeckChoice, DeckSuggestions, build_deck, suggest_changes
    from deckbuilder.service.deckfiles import (
        deck_way_to_play,
        fix_deck_file,
        goldfish_way,
        recorded_deck_text,
        way_note_of,
    )
    from deckbuilder.service.deckrefs import DECK_CODE, load_deck_ref, names_a_file
    from deckbuilder.service.decks import (
        GOLDFISH_FORMATS,
        PASTED_DECK,
        DeckCheck,
        DeckStatsView,
        Playability,
        WayToPlay,
        check_deck,
        deck_format_for,
        deck_playability,
        deck_stats,
        deck_text,
        load_deck_file,
        load_deck_text,
        play_as,
        way_to_play,
    )
    from deckbuilder.service.games import Goldfish, InvestigatorGames, goldfish_deck, goldfish_format, run_goldfish
    from deckbuilder.service.gauntlet import Gauntlet, Matchup, check_gauntlet_options, field_files, gauntlet_deck
    from deckbuilder.service.matches import MatchResult, check_match_options, match_decks
    from deckbuilder.service.search import asks_for_unofficial, search_hint, without_cards_not_played
    from deckbuilder.service.sheet import DeckSheet, deck_sheet, pdf_printer, print_sheet
    from deckbuilder.service.shell import complete_titles
    from deckbuilder.service.tuning import apply_change, save_built_deck

#: Where each name of the service lives: its module, by name (held equal to the block above).
_HOME = {
    name: module
    for module, names in {
        "adventures": (
            "AdventureCheck AdventureRecipe CampaignPlan DeckAdventures check_adventure "
            "deck_adventures plan_campaign show_adventure"
        ),
        "builder": (
            "CollectionView DeckHistory DeckOverview SavedDecks card_titles change_saved_deck "
            "choose_way_to_play copy_saved_deck deck_code deck_diff deck_history deck_library "
            "deck_overview delete_saved_deck edit_deck import_collection keep_draft "
            "load_saved_deck new_deck rename_deck rename_saved_deck restore_version "
            "save_deck save_draft saved_deck saved_decks saved_way_to_play share_link "
            "show_collection undelete_saved_deck unique_deck_name ways_to_play"
        ),
        "cards": (
            "MAX_SEARCH_LIMIT SEARCH_ORDERS CardView SearchQuery SearchResult find_card owned_cards "
            "parse_search search_cards"
        ),
        "catalog": (
            "CatalogBuild CatalogInfo Progress card_files catalog_info catalog_path "
            "fetch_card_files import_card_files open_catalog"
        ),
        "construction": "DeckBuild DeckChoice DeckSuggestions build_deck suggest_changes",
        "deckfiles": "deck_way_to_play fix_deck_file goldfish_way recorded_deck_text way_note_of",
        "deckrefs": "DECK_CODE load_deck_ref names_a_file",
        "decks": (
            "GOLDFISH_FORMATS PASTED_DECK DeckCheck DeckStatsView Playability WayToPlay check_deck "
            "deck_format_for deck_playability deck_stats deck_text load_deck_file load_deck_text "
            "play_as way_to_play"
        ),
        "games": "Goldfish InvestigatorGames goldfish_deck goldfish_format run_goldfish",
        "gauntlet": "Gauntlet Matchup check_gauntlet_options field_files gauntlet_deck",
        "matches": "MatchResult check_match_options match_decks",
        "search": "asks_for_unofficial search_hint without_cards_not_played",
        "sheet": "DeckSheet deck_sheet pdf_printer print_sheet",
        "shell": "complete_titles",
        "tuning": "apply_change save_built_deck",
    }.items()
    for name in names.split()
}


def __getattr__(name: str) -> Any:
    """Gets a name of the service, importing its module the first time."""
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # found directly from now on
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})
