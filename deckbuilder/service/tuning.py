"""Keeping what ``deck build`` and ``deck suggest`` found: a built deck saved among the
player's decks, a suggested change applied to a saved deck as its next version.

The web deck builder calls these once a build or a suggestion's games are done; the CLI
writes files instead (cli/build.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckbuilder.errors import UsageError

if TYPE_CHECKING:
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.service.construction import DeckBuild


def save_built_deck(
    catalog: Catalog,
    decks: str | Path | None,
    build: DeckBuild,
    choice: int = 0,
    *,
    format_name: str | None = None,
    target: int | None = None,
) -> Any:
    """Saves a deck a build found as a new saved deck (its Why notes with it), built for the
    build's way to play, under its name (its Adventures), numbered when a saved deck has it; gets the :class:`~deckbuilder.library.SavedDeck`. ``choice`` 0 is
    the built deck, 1, 2... its runner-ups.

    Raises :class:`~deckbuilder.errors.UsageError` for a runner-up the build does not have,
    and ``DeckStoreError`` when the deck cannot be written.
    """
    from deckbuilder.service.builder import rename_deck, save_deck, unique_deck_name
    from deckbuilder.service.decks import way_to_play

    chosen = [build.built, *build.runners_up]
    if not 0 <= choice < len(chosen):
        raise UsageError(f"runner-up {choice}: this build has {len(build.runners_up)}; choose one of those shown")
    play = way_to_play(format_name or build.format.lower(), target=target)
    deck = chosen[choice].deck
    name = unique_deck_name(decks, deck.name)  # "The Dunwich Horror 2" beside another build of it
    if name != deck.name:
        deck = rename_deck(catalog, deck, name)
    return save_deck(catalog, decks, deck, play=play)


def apply_change(
    catalog: Catalog,
    decks: str | Path | None,
    deck_id: str,
    *,
    cut: str | None = None,
    add: str | None = None,
    revision: str | None = None,
) -> Any:
    """Applies a single change (a copy of ``cut`` out, a copy of ``add`` in: catalog keys)
    to a saved deck as it stands in the editor (its unsaved changes, if any), and saves the
    result as the deck's next version; gets the :class:`~deckbuilder.library.SavedDeck`.

    ``revision`` is the deck's revision the change was made against (the read, the change and
    the save hold the deck's lock together).

    Raises :class:`~deckbuilder.errors.UsageError` when neither card is named or the deck
    no longer holds the card to cut (it changed since the change was measured),
    ``DeckChangedError`` (``revision`` no longer current), ``UnknownDeckError`` and
    ``UnknownCardError``.
    """
    from deckbuilder.service.builder import deck_library, edit_deck, load_saved_deck, save_deck, saved_deck

    if not cut and not add:
        raise UsageError("a change names a card to cut or to add; ask for suggestions again")
    saved = saved_deck(decks, deck_id)
    with deck_library(decks).changing(saved.id, revision):
        deck = load_saved_deck(catalog, decks, saved.id, draft=True)
        if cut:
            held = sum(e.count for e in deck.deck.main if e.card.key == cut)
            if held == 0:
                raise UsageError(
                    f"the deck no longer holds the card to cut ({cut}); it changed since the suggestions "
                    "were measured: ask for suggestions again"
                )
            deck = edit_deck(catalog, deck, cut, change=-1)
        if add:
            deck = edit_deck(catalog, deck, add, change=1)
        return save_deck(catalog, decks, deck, deck_id=saved.id)
