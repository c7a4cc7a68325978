"""The deck builder's part of the service: a deck's whole verdict at once, edits, saved decks
with their history, and the player's collection.

Both front doors call these through :mod:`deckbuilder.service` (which imports them all):
``mythos deck list|history|diff`` and ``mythos collection`` in the CLI, the editor, the
history and the collection pages of ``mythos serve``. Saved decks and the collection are
files of :mod:`deckbuilder.library`; here they meet the catalog (names resolved, decks
checked). Heavy modules are imported inside the functions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckbuilder.errors import UsageError
from deckbuilder.service.adventures import DeckAdventures, deck_adventures
from deckbuilder.service.cards import find_card, owned_cards
from deckbuilder.service.decks import (
    PASTED_DECK,
    DeckCheck,
    DeckStatsView,
    Playability,
    WayToPlay,
    check_deck,
    deck_playability,
    deck_stats,
    deck_text,
    load_deck_file,
    load_deck_text,
    way_to_play,
)

if TYPE_CHECKING:
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.decklists.deckfile import LoadedDeck
    from deckbuilder.rules.formats import Format, HouseRule


@dataclass(frozen=True)
class DeckOverview:
    """Everything the deck builder shows beside a list, from one call: the check for the way
    to play, every Adventure's recipe, playability, the make-up, and the copies the deck
    needs beyond the player's collection (``owned`` False: there is no collection)."""

    check: DeckCheck
    adventures: DeckAdventures
    playability: Playability
    stats: DeckStatsView
    shortfalls: tuple[Any, ...] = ()
    owned: bool = False

    def to_json(self) -> dict[str, Any]:
        """Gets each part as its own command's ``--json`` gives it."""
        return {
            "check": self.check.to_json(),
            "adventures": self.adventures.to_json(),
            "playability": self.playability.to_json(),
            "stats": self.stats.to_json(),
            "shortfalls": [s.to_dict() for s in self.shortfalls] if self.owned else None,
        }


def deck_overview(
    catalog: Catalog, deck: LoadedDeck, play: WayToPlay, *, collection: str | Path | None = None
) -> DeckOverview:
    """Gets a deck's check, Adventures, playability, make-up and collection shortfalls: the
    deck builder's live verdict (``benchmarks/web.py`` times it)."""
    from deckbuilder.library import shortfalls

    owned = owned_cards(collection)
    return DeckOverview(
        check_deck(catalog, deck, play),
        deck_adventures(catalog, deck, play),
        deck_playability(deck),
        deck_stats(deck),
        tuple(shortfalls(deck.deck, owned)) if owned is not None else (),
        owned is not None,
    )


def ways_to_play() -> tuple[list[Format], list[HouseRule]]:
    """Gets every way to play and every house rule, as ``catalog/formats.toml`` lists them (a
    name standing for a game of two sides, ``cult-vs-investigator``, is left out: its sides
    are the ways to play)."""
    from deckbuilder.catalog.importers.formats import load_formats

    formats, house_rules = load_formats()
    return [f for f in formats if not f.sides], list(house_rules)


def _document(catalog: Catalog, deck: LoadedDeck) -> dict[str, Any]:
    import json

    return json.loads(deck_text(catalog, deck, "json"))


def _reload(catalog: Catalog, doc: dict[str, Any], path: str) -> LoadedDeck:
    import json

    return load_deck_text(catalog, json.dumps(doc, ensure_ascii=False), filename=path)


def new_deck(catalog: Catalog, name: str, investigator: str | None = None) -> LoadedDeck:
    """Gets an empty deck named ``name``, with the Investigator a title or key names.

    Raises :class:`~deckbuilder.errors.UsageError` for an empty name, and as
    :func:`find_card` does.
    """
    from deckbuilder.decklists import FORMAT_TAG

    name = " ".join(name.split())
    if not name:
        raise UsageError("a new deck needs a name")
    doc: dict[str, Any] = {
        "format": FORMAT_TAG,
        "version": 1,
        "name": name,
        "notes": [],
        "investigators": [],
        "cards": [],
    }
    deck = _reload(catalog, doc, PASTED_DECK)
    return edit_deck(catalog, deck, investigator, count=1) if investigator else deck


def edit_deck(
    catalog: Catalog, deck: LoadedDeck, card: str, *, count: int | None = None, change: int = 0, section: str = "deck"
) -> LoadedDeck:
    """Gets the deck with the copies of one card changed: ``card`` is a catalog key or a
    title (its first printing), ``count`` sets the copies (0 takes the card out), else
    ``change`` adds or takes away. An Investigator card goes to the Investigator section,
    replacing the one there (a deck has one Investigator card, rulebook "Investigator").

    Raises ``UnknownCardError`` or ``AmbiguousCardError`` for a name that names no card, and
    :class:`~deckbuilder.errors.UsageError` for an unknown section.
    """
    from deckbuilder.library import edit_document
    from deckbuilder.rules.cards import CardType

    if section not in ("deck", "sideboard", "investigator"):
        raise UsageError(f"{section!r} is not a section of a deck: deck, sideboard or investigator")
    chosen = find_card(catalog, card).cards[0]
    investigator = chosen.type is CardType.INVESTIGATOR and section != "sideboard"
    doc = edit_document(
        _document(catalog, deck),
        title=chosen.title,
        set_code=chosen.set_code,
        printing=chosen.printing,
        section="investigator" if investigator else section,
        count=count,
        change=change,
        replace_section=investigator and (count or change) > 0,
    )
    return _reload(catalog, doc, deck.path)


def rename_deck(catalog: Catalog, deck: LoadedDeck, name: str) -> LoadedDeck:
    """Gets the deck under another name. Raises :class:`~deckbuilder.errors.UsageError` for an empty one."""
    name = " ".join(name.split())
    if not name:
        raise UsageError("a deck needs a name")
    return _reload(catalog, {**_document(catalog, deck), "name": name}, deck.path)


def deck_library(decks: str | Path | None = None) -> Any:
    """Gets the folder of saved decks (``decks``, else ``$MYTHOS_DECKS`` or ``decks/`` in the
    user data folder), a :class:`~deckbuilder.library.DeckLibrary`."""
    from deckbuilder.library import DeckLibrary
    from deckbuilder.paths import default_decks_dir

    return DeckLibrary(Path(decks).expanduser() if decks else default_decks_dir())


@dataclass(frozen=True)
class SavedDecks:
    """The saved decks, by name, and the files among them that cannot be read as decks, each
    with why (``mythos deck list``): one bad file never hides the others."""

    folder: Path
    decks: list[Any]
    unreadable: list[Any] = field(default_factory=list)

    def to_json(self) -> list[dict[str, Any]]:
        """Gets the decks as ``mythos deck list --json`` prints them: each deck, then each
        unreadable one with its ``unreadable`` reason (null for a deck that reads)."""
        return [d.to_json() for d in (*self.decks, *self.unreadable)]


def saved_decks(decks: str | Path | None = None) -> SavedDecks:
    """Gets every saved deck with its size, versions and way to play, and names the files
    that cannot be read as decks."""
    library = deck_library(decks)
    good, bad = library.listing()
    return SavedDecks(library.folder, good, bad)


def saved_deck(decks: str | Path | None, ref: str) -> Any:
    """Gets a saved deck (:class:`~deckbuilder.library.SavedDeck`) by id or name. Raises
    ``UnknownDeckError``."""
    return deck_library(decks).find(ref)


def saved_way_to_play(saved: Any) -> WayToPlay:
    """Gets the way to play a saved deck is built for."""
    play = saved.way_to_play
    return way_to_play(play.get("format") or "advanced", play.get("house_rules") or (), play.get("target"))


def load_saved_deck(
    catalog: Catalog, decks: str | Path | None, deck_id: str, *, version: int | None = None, draft: bool = False
) -> LoadedDeck:
    """Loads a saved deck: as last saved, a version of its history, or with ``draft`` the
    unsaved changes the deck builder holds (when there are any). It goes by its id
    (``shubs-brood``, ``shubs-brood@2``) in messages. Raises ``UnknownDeckError`` and as
    :func:`load_deck_text` does."""
    from dataclasses import replace

    library = deck_library(decks)
    text = library.draft(deck_id) if draft and version is None else None
    if text is None:
        text = library.text(deck_id, version)
    label = deck_id if version is None else f"{deck_id}@{version}"
    loaded = load_deck_text(catalog, text, filename=label)
    # The way to play the deck builder records for it (the editor changes it; a note in the
    # file, as a built deck has, says what it was when the deck was written).
    return replace(loaded, way_to_play=dict(library.get(deck_id).way_to_play))


def deck_code(catalog: Catalog, deck: LoadedDeck) -> str:
    """Gets a deck's share code (``mythos:1:...``; :mod:`deckbuilder.decklists.code`): its
    name and every printing with its copies, not its notes."""
    from deckbuilder.decklists import write_deck_code

    return write_deck_code(_document(catalog, deck))


def share_link(code: str, base: str = "http://localhost:8000") -> str:
    """Gets the address that opens a deck code in the web deck builder's import form; the
    code is in the fragment (after ``#``), which a browser never sends to the server."""
    return f"{base.rstrip('/')}/import#{code}"


def unique_deck_name(decks: str | Path | None, name: str) -> str:
    """Gets ``name``, or when a saved deck already has it, ``name 2``, ``name 3``..."""
    from deckbuilder.rules.cards import fold_title

    taken = {fold_title(d.name) for d in deck_library(decks).decks()}
    candidate, n = name, 1
    while fold_title(candidate) in taken:
        n += 1
        candidate = f"{name} {n}"
    return candidate


def restore_version(
    decks: str | Path | None, ref: str, version: int, *, revision: str | None = None, drop_changes: bool = False
) -> Any:
    """Saves an older version of a saved deck again as its next version (the history keeps
    every one); gets the saved deck (``unchanged`` when it was already as that version).
    Raises ``UnsavedChangesError`` when the deck has unsaved changes and ``drop_changes`` is
    not given, ``DeckChangedError`` and ``UnknownDeckError``."""
    library = deck_library(decks)
    saved = library.find(ref)
    return library.restore(saved.id, version, expected=revision, drop_changes=drop_changes)


def delete_saved_deck(decks: str | Path | None, ref: str, *, revision: str | None = None, purge: bool = False) -> Any:
    """Deletes a saved deck: moved with its history to the decks folder's ``.trash`` (where
    ``undelete`` finds it), or with ``purge`` removed for good with every deleted copy of
    its id; gets where it went (None when purged). A file among the saved decks that cannot
    be read as a deck is deleted by its id the same way (a symbolic link is refused and left
    as it is). Raises ``UnknownDeckError``, ``DeckBoundaryError`` and ``DeckChangedError``."""
    import os

    from deckbuilder.library.saved import DECK_ID

    library = deck_library(decks)
    if DECK_ID.fullmatch(ref) and os.path.lexists(library.deck_file(ref)):
        return library.delete(ref, expected=revision, purge=purge)  # by its id: an unreadable file too
    if purge and DECK_ID.fullmatch(ref) and library.deleted(ref):
        return library.delete(ref, purge=True)  # only deleted copies are left of it
    saved = library.find(ref)
    return library.delete(saved.id, expected=revision, purge=purge)


def undelete_saved_deck(decks: str | Path | None, deck_id: str) -> Any:
    """Brings back the deck last deleted under an id; gets it. Raises ``UnknownDeckError``."""
    return deck_library(decks).undelete(deck_id)


def copy_saved_deck(catalog: Catalog, decks: str | Path | None, ref: str, name: str | None = None) -> Any:
    """Saves a copy of a saved deck, as the editor shows it (its unsaved changes, if any),
    under a new id with its way to play, as version 1 of its own history; gets the copy. Its
    name is ``name`` (else "NAME (copy)"), numbered when another deck has it."""
    library = deck_library(decks)
    saved = library.find(ref)
    deck = load_saved_deck(catalog, decks, saved.id, draft=True)
    wanted = " ".join((name or f"{saved.name} (copy)").split())
    if not wanted:
        raise UsageError("a copy needs a name")
    new_name = unique_deck_name(decks, wanted) if name is None else wanted
    text = deck_text(catalog, rename_deck(catalog, deck, new_name), "json")
    return library.create(new_name, text, saved.way_to_play)


def rename_saved_deck(
    catalog: Catalog, decks: str | Path | None, ref: str, name: str, *, revision: str | None = None
) -> Any:
    """Renames a saved deck: saved as its next version under the new name (its unsaved
    changes, if any, renamed too); its id stays, so links and ``ID@N`` go on working.
    Gets the saved deck. Raises ``UsageError`` for an empty name, ``DeckChangedError``."""
    library = deck_library(decks)
    saved = library.find(ref)
    with library.changing(saved.id, revision):
        draft = library.draft(saved.id)
        deck = rename_deck(catalog, load_saved_deck(catalog, decks, saved.id), name)
        renamed = library.save(saved.id, deck_text(catalog, deck, "json"))
        if draft is not None:
            changed = rename_deck(catalog, load_deck_text(catalog, draft, filename=saved.id), name)
            renamed = library.write_draft(saved.id, deck_text(catalog, changed, "json"))
        return renamed


def _recorded_way(recorded: dict[str, Any]) -> WayToPlay | None:
    """Gets the way to play a deck file's note records, None when the note names a way or
    house rule this version does not know (the deck is then saved for the default way)."""
    from deckbuilder.errors import MythosError
    from deckbuilder.rules.formats import FormatError

    try:
        return way_to_play(
            recorded.get("format") or "advanced", recorded.get("house_rules") or (), recorded.get("target")
        )
    except (FormatError, MythosError):
        return None


def save_deck(
    catalog: Catalog,
    decks: str | Path | None,
    deck: LoadedDeck,
    *,
    deck_id: str | None = None,
    play: WayToPlay | None = None,
    revision: str | None = None,
) -> Any:
    """Saves a deck as the next version of the saved deck ``deck_id`` (its draft dropped),
    or as a new saved deck named after it; gets the :class:`~deckbuilder.library.SavedDeck`
    (``unchanged`` when the deck was already as saved: no version is added). ``play``
    records the way to play it is built for (a new deck's, by default, the one its file
    records: a built deck's note). ``revision`` is the deck's revision the save was made
    against: when the deck changed since, nothing is saved.

    Raises ``DeckChangedError`` (``revision`` no longer current), ``DeckBoundaryError`` (an
    entry of the deck is a symbolic link), ``UnreadableDeckError`` and ``DeckStoreError``.
    """
    library = deck_library(decks)
    text = deck_text(catalog, deck, "json")
    if deck_id is None:
        if play is None and deck.way_to_play is not None:
            play = _recorded_way(deck.way_to_play)
        saved = library.create(deck.name if deck.deck.name else Path(deck.path).stem, text)
        return choose_way_to_play(decks, saved.id, play) if play is not None else saved
    with library.changing(deck_id, revision):
        if play is not None:
            choose_way_to_play(decks, deck_id, play)
        return library.save(deck_id, text)


def save_draft(catalog: Catalog, decks: str | Path | None, deck_id: str, *, revision: str | None = None) -> Any:
    """Saves a saved deck as the editor shows it (its unsaved changes, if any) as its next
    version, reading and saving under the deck's lock; gets the saved deck (``unchanged``
    when it was already as saved). Raises as :func:`save_deck` does."""
    library = deck_library(decks)
    saved = library.find(deck_id)
    with library.changing(saved.id, revision):
        deck = load_saved_deck(catalog, decks, saved.id, draft=True)
        return library.save(saved.id, deck_text(catalog, deck, "json"))


def keep_draft(
    catalog: Catalog | None,
    decks: str | Path | None,
    deck_id: str,
    deck: LoadedDeck | None,
    *,
    revision: str | None = None,
) -> Any:
    """Keeps a saved deck's unsaved changes (None drops them); gets the saved deck. Raises
    ``UnknownDeckError`` and ``DeckChangedError`` (``revision`` no longer current)."""
    library = deck_library(decks)
    if deck is None:
        library.discard_draft(deck_id, expected=revision)
        return library.get(deck_id)
    if catalog is None:
        raise ValueError("keep_draft needs the catalog to write a deck's changes")
    return library.write_draft(deck_id, deck_text(catalog, deck, "json"), expected=revision)


def change_saved_deck(
    catalog: Catalog,
    decks: str | Path | None,
    deck_id: str,
    change: Callable[[LoadedDeck], LoadedDeck],
    *,
    revision: str | None = None,
) -> Any:
    """Changes a saved deck's unsaved changes (the deck as the editor shows it) by ``change``,
    holding the deck's lock from the read to the write, so a change made meanwhile by
    another window or process is never written over; gets the saved deck with its new
    revision. ``revision`` is the one the change was made against.

    Raises ``DeckChangedError`` (``revision`` no longer current; nothing is changed), and
    whatever ``change`` raises.
    """
    library = deck_library(decks)
    with library.changing(deck_id, revision):
        deck = load_saved_deck(catalog, decks, deck_id, draft=True)
        return library.write_draft(deck_id, deck_text(catalog, change(deck), "json"))


def deck_diff(before: LoadedDeck, after: LoadedDeck) -> Any:
    """Compares two decks title by title (``mythos deck diff``): a
    :class:`~deckbuilder.library.DeckDiff` of the cards added, removed and changed."""
    from deckbuilder.library import counts_of_deck, diff_counts

    return diff_counts(
        counts_of_deck(before.deck), counts_of_deck(after.deck), before_label=before.path, after_label=after.path
    )


@dataclass(frozen=True)
class UnreadableVersion:
    """A version of a saved deck's history that cannot be read, in place of its changes."""

    problem: str

    def summary(self) -> str:
        """Gets it on one line, as the history shows it."""
        return f"unreadable: {self.problem}"

    def to_json(self) -> None:
        """Gets its changes as ``--json`` gives them: none known."""
        return None


@dataclass(frozen=True)
class RenamedVersion:
    """A version whose name differs from the one before: its changes, and the names."""

    diff: Any
    before: str
    after: str

    def summary(self) -> str:
        """Gets it on one line, as the history shows it: the new name, then any card changes."""
        changes = self.diff.summary() if self.diff.changes else ""
        return f'renamed "{self.before}" to "{self.after}"' + (f"; {changes}" if changes else "")

    def to_json(self) -> dict[str, Any]:
        """Gets its changes as ``--json`` gives them, with the names."""
        return {**self.diff.to_json(), "renamed": {"from": self.before, "to": self.after}}


@dataclass(frozen=True)
class DeckHistory:
    """A saved deck's versions, each with what changed from the one before (``mythos deck
    history``); a version that cannot be read shows as unreadable, and the next one is
    compared with the last that could."""

    deck: Any
    changes: tuple[Any, ...]

    def to_json(self) -> dict[str, Any]:
        """Gets the history as ``mythos deck history --json`` prints it."""
        return {
            "id": self.deck.id,
            "name": self.deck.name,
            "versions": [{**v.to_dict(), "changes": d.to_json()} for v, d in zip(self.deck.versions, self.changes)],
        }


def deck_history(decks: str | Path | None, ref: str) -> DeckHistory:
    """Gets a saved deck's versions, oldest first, each compared with the one before (by
    title, read from the saved files themselves: no catalog needed)."""
    import json

    from deckbuilder.library import DeckStoreError, counts_of_document, diff_counts

    library = deck_library(decks)
    saved = library.find(ref)
    changes: list[Any] = []
    before: dict[tuple[str, str], int] = {}
    label = "nothing"
    name: str | None = None
    for version in saved.versions:
        if version.unreadable is not None:
            changes.append(UnreadableVersion(version.unreadable))
            continue
        try:
            doc = json.loads(library.text(saved.id, version.number))
            counts = counts_of_document(doc)
        except DeckStoreError as exc:  # became unreadable since it was listed
            changes.append(UnreadableVersion(str(exc)))
            continue
        diff = diff_counts(before, counts, before_label=label, after_label=f"{saved.id}@{version.number}")
        named = doc.get("name") if isinstance(doc.get("name"), str) else None
        changes.append(RenamedVersion(diff, name, named) if name is not None and named and named != name else diff)
        before, label, name = counts, f"{saved.id}@{version.number}", named or name
    return DeckHistory(saved, tuple(changes))


@dataclass(frozen=True)
class CollectionView:
    """The cards the player owns (``mythos collection show``); ``deck`` is None without a collection."""

    path: Path
    deck: LoadedDeck | None

    def to_json(self) -> dict[str, Any]:
        """Gets the collection as ``mythos collection show --json`` prints it."""
        from deckbuilder.library import counts_of_deck

        counts = counts_of_deck(self.deck.deck) if self.deck else {}
        owned: dict[str, int] = {}
        for (_section, title), n in counts.items():
            owned[title] = owned.get(title, 0) + n
        return {
            "path": str(self.path),
            "titles": len(owned),
            "cards": sum(owned.values()),
            "owned": [{"title": t, "count": n} for t, n in sorted(owned.items(), key=lambda kv: kv[0].casefold())],
        }


def _collection_path(collection: str | Path | None) -> Path:
    from deckbuilder.paths import default_collection_path

    return Path(collection).expanduser() if collection else default_collection_path()


def import_collection(catalog: Catalog, owned: LoadedDeck, collection: str | Path | None = None) -> CollectionView:
    """Makes a counts list (loaded like a deck, any format) the player's collection,
    replacing the one before; gets it. Raises ``DeckStoreError`` when it cannot be written."""
    from deckbuilder.decklists.deckfile import write_deck_file
    from deckbuilder.library import DeckStoreError

    path = _collection_path(collection)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_deck_file(path, deck_text(catalog, owned, "json"))
    except OSError as exc:
        raise DeckStoreError(f"{path}: the collection cannot be written ({exc.strerror or exc})") from None
    return CollectionView(path, owned)


def show_collection(catalog: Catalog, collection: str | Path | None = None) -> CollectionView:
    """Gets the player's collection, each title with the copies owned."""
    path = _collection_path(collection)
    return CollectionView(path, load_deck_file(catalog, path) if path.is_file() else None)


def card_titles(catalog: Catalog) -> list[str]:
    """Gets every title of the catalog once, article in front, sorted (for completion)."""
    from deckbuilder.rules.cards import display_title, sort_title

    return sorted({display_title(c.title) for c in catalog.all_cards()}, key=sort_title)


def choose_way_to_play(decks: str | Path | None, deck_id: str, play: WayToPlay, *, revision: str | None = None) -> Any:
    """Records the way to play a saved deck is built for; gets the saved deck. Raises
    ``DeckChangedError`` when ``revision`` (the one the choice was made against) is no
    longer current."""
    library = deck_library(decks)
    with library.changing(deck_id, revision):
        library.get(deck_id)
        library.set_way_to_play(
            deck_id,
            {
                "format": play.format.id,
                "target": play.format.campaign_target,
                "house_rules": [h.id for h in play.house_rules],
            },
        )
        return library.get(deck_id)
