"""The player's own files: saved decks with every version kept, their differences, and the
cards the player owns.

Saved decks live in one folder (``MYTHOS_DECKS``, else ``decks/`` in the user data folder,
beside the catalog, so a catalog rebuild never touches them)::

    decks/
      shubs-brood.json              the deck as last saved: the tool's JSON deck file,
                                    which every ``mythos deck`` command reads
      .history/shubs-brood/
        0001.json 0002.json ...     every version saved, oldest first
        index.json                  when each version was saved; the deck's way to play
      .drafts/shubs-brood.json      changes made in the web deck builder, not yet saved
      .locks/shubs-brood.lock       held while the deck is changed (one writer at a time)
      .trash/shubs-brood.WHEN/      a deleted deck (deck.json, history/, draft.json), kept
                                    until purged: ``mythos deck undelete`` brings it back

A deck is addressed by its id (a slug of its name, ``shubs-brood``), never by a path from
the user: :func:`~deckbuilder.library.saved.check_deck_id` refuses anything else. Every
file is written atomically (a temporary file of its own, flushed, renamed into place), a
save first keeps the file it replaces, so no version is ever lost, and nothing in the folder
that is a symbolic link is read or written (see :mod:`~deckbuilder.library.saved`).

The collection (``MYTHOS_COLLECTION``, else ``collection.json`` in the user data folder)
is a counts file in the same JSON format: the cards the player owns, by title.

:mod:`~deckbuilder.library.diff` compares two decks by title (cards added, removed and
changed in count). Nothing here opens the catalog: the service resolves names and hands
this room plain text and counts.
"""

from __future__ import annotations

from deckbuilder.library.collection import Shortfall, owned_titles, shortfalls
from deckbuilder.library.diff import CardChange, DeckDiff, counts_of_deck, counts_of_document, diff_counts
from deckbuilder.library.saved import (
    DeckBoundaryError,
    DeckChangedError,
    DeckLibrary,
    DeckStoreError,
    SavedDeck,
    UnknownDeckError,
    UnreadableDeck,
    UnreadableDeckError,
    UnsavedChangesError,
    Version,
    check_deck_id,
    deck_slug,
    edit_document,
)

__all__ = [
    "CardChange",
    "DeckDiff",
    "DeckBoundaryError",
    "DeckChangedError",
    "DeckLibrary",
    "DeckStoreError",
    "SavedDeck",
    "Shortfall",
    "UnknownDeckError",
    "UnreadableDeck",
    "UnreadableDeckError",
    "UnsavedChangesError",
    "Version",
    "check_deck_id",
    "counts_of_deck",
    "counts_of_document",
    "deck_slug",
    "diff_counts",
    "edit_document",
    "owned_titles",
    "shortfalls",
]
