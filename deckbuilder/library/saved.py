"""Saved decks: one JSON deck file per deck, every version kept, a draft of unsaved changes.

See :mod:`deckbuilder.library` for the folder's layout. A :class:`DeckLibrary` reads and
writes it; it never opens the catalog (the service resolves a deck's names and hands
the library the JSON text :func:`deckbuilder.decklists.write_json_deck` writes).

>>> library = DeckLibrary(Path("decks"))                            # doctest: +SKIP
>>> saved = library.create("Shub's Brood", text)                    # doctest: +SKIP
>>> saved.id, [v.number for v in library.save(saved.id, text2).versions]   # doctest: +SKIP
('shubs-brood', [1, 2])
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from deckbuilder.decklists.deckfile import write_deck_file
from deckbuilder.errors import MythosError
from deckbuilder.rules.cards import fold_title, sort_title


class UnknownDeckError(MythosError, LookupError):
    """Raised when a saved deck or one of its versions is asked for that does not exist."""

    kind = "unknown-deck"


class DeckStoreError(MythosError):
    """Raised when the saved decks' folder or the collection cannot be read or written."""

    kind = "deck-store"


#: A saved deck's id: lower-case letters, digits and inner hyphens, at most 64 characters.
#: Nothing else can name a file, so an id from a request is never a path.
DECK_ID = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?")

#: A version file's name in a deck's history folder.
_VERSION_FILE = re.compile(r"(\d{4,})\.json")


def check_deck_id(deck_id: str) -> str:
    """Gets a deck id back once it is checked. Raises :class:`UnknownDeckError` for anything
    that is not an id (a path, a dot, an upper-case letter)."""
    if not isinstance(deck_id, str) or not DECK_ID.fullmatch(deck_id):
        shown = "".join(ch if ch.isprintable() else " " for ch in str(deck_id))[:80]
        raise UnknownDeckError(f'"{shown}" is not a saved deck\'s id; `mythos deck list` shows them')
    return deck_id


def deck_slug(name: str) -> str:
    """Gets the id a deck's name suggests: its folded words joined by hyphens.

    >>> deck_slug("Shub's Brood (New Æon)")
    'shubs-brood-new-aeon'
    """
    slug = fold_title(name).replace(" ", "-")[:60].strip("-")
    return slug or "deck"


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _cards_in(text: str) -> int | None:
    """Gets the cards in a JSON deck text's deck section, or None when it is not one."""
    try:
        doc = json.loads(text)
    except ValueError:
        return None
    if not isinstance(doc, dict):
        return None
    return sum(e["count"] for e in doc.get("cards") or () if isinstance(e, dict) and isinstance(e.get("count"), int))


def _name_in(text: str) -> str | None:
    try:
        doc = json.loads(text)
    except ValueError:
        return None
    name = doc.get("name") if isinstance(doc, dict) else None
    return name if isinstance(name, str) and name.strip() else None


@dataclass(frozen=True)
class Version:
    """One saved version of a deck: its number (1 is the first), when, and its size."""

    number: int
    saved_at: str
    cards: int | None

    def to_dict(self) -> dict[str, Any]:
        """Gets the version as JSON-ready data."""
        return {"version": self.number, "saved_at": self.saved_at, "cards": self.cards}


@dataclass(frozen=True)
class SavedDeck:
    """A saved deck: its id, name and file, its versions, its way to play, and whether the
    web deck builder holds unsaved changes to it."""

    id: str
    name: str
    path: Path
    versions: tuple[Version, ...]
    way_to_play: Mapping[str, Any]
    has_draft: bool = False

    @property
    def latest(self) -> Version | None:
        """Gets the last version saved."""
        return self.versions[-1] if self.versions else None

    @property
    def cards(self) -> int | None:
        """Gets the cards in the deck section as last saved."""
        return self.latest.cards if self.latest else None

    def to_json(self) -> dict[str, Any]:
        """Gets the deck as ``mythos deck list --json`` shows each one."""
        return {
            "id": self.id,
            "name": self.name,
            "path": str(self.path),
            "cards": self.cards,
            "saved_at": self.latest.saved_at if self.latest else None,
            "versions": len(self.versions),
            "way_to_play": dict(self.way_to_play),
            "draft": self.has_draft,
        }


#: The way to play a new deck gets (``mythos deck check``'s default).
DEFAULT_WAY_TO_PLAY: dict[str, Any] = {"format": "advanced", "target": None, "house_rules": []}


class DeckLibrary:
    """The folder of saved decks (see :mod:`deckbuilder.library`).

    Raises :class:`UnknownDeckError` for an id or version that does not exist and
    :class:`DeckStoreError` when the folder cannot be written.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    # ---- where things are

    def deck_file(self, deck_id: str) -> Path:
        """Gets the file of a saved deck as last saved."""
        return self.folder / f"{check_deck_id(deck_id)}.json"

    def _history(self, deck_id: str) -> Path:
        return self.folder / ".history" / check_deck_id(deck_id)

    def _draft(self, deck_id: str) -> Path:
        return self.folder / ".drafts" / f"{check_deck_id(deck_id)}.json"

    # ---- reading

    def ids(self) -> list[str]:
        """Gets the id of every saved deck (every ``ID.json`` of the folder)."""
        if not self.folder.is_dir():
            return []
        return sorted(p.stem for p in self.folder.glob("*.json") if DECK_ID.fullmatch(p.stem) and p.is_file())

    def decks(self) -> list[SavedDeck]:
        """Gets every saved deck, by name."""
        return sorted((self.get(i) for i in self.ids()), key=lambda d: (sort_title(d.name), d.id))

    def get(self, deck_id: str) -> SavedDeck:
        """Gets a saved deck by id. Raises :class:`UnknownDeckError`."""
        path = self.deck_file(deck_id)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise UnknownDeckError(f'no saved deck "{deck_id}" in {self.folder}; `mythos deck list` shows them') from None
        except (OSError, UnicodeDecodeError) as exc:
            raise DeckStoreError(f"{path}: cannot be read ({exc})") from None
        index = self._index(deck_id)
        versions = tuple(self._versions(deck_id, index))
        return SavedDeck(deck_id, _name_in(text) or deck_id, path, versions,
                         {**DEFAULT_WAY_TO_PLAY, **index.get("way_to_play", {})}, self._draft(deck_id).is_file())

    def find(self, ref: str) -> SavedDeck:
        """Gets the saved deck an id or a name means (names compared folded). Raises
        :class:`UnknownDeckError` naming the saved decks."""
        if DECK_ID.fullmatch(ref) and self.deck_file(ref).is_file():
            return self.get(ref)
        wanted = fold_title(ref)
        named = [d for d in self.decks() if fold_title(d.name) == wanted]
        if len(named) == 1:
            return named[0]
        known = ", ".join(self.ids()[:8]) or "none yet"
        if named:
            raise UnknownDeckError(f'"{ref}" names {len(named)} saved decks ({", ".join(d.id for d in named)}); give the id')
        shown = "".join(ch if ch.isprintable() else " " for ch in ref)[:80]
        raise UnknownDeckError(f'no saved deck "{shown}" in {self.folder} (saved: {known})')

    def text(self, deck_id: str, version: int | None = None) -> str:
        """Gets a saved deck's JSON text: as last saved, or the version numbered. Raises
        :class:`UnknownDeckError`."""
        path = self.deck_file(deck_id) if version is None else self._history(deck_id) / f"{version:04d}.json"
        try:
            return path.read_text(encoding="utf-8")
        except FileNotFoundError:
            if version is None or not self.deck_file(deck_id).is_file():
                self.get(deck_id)  # raises: no such deck
            numbers = ", ".join(str(v.number) for v in self.get(deck_id).versions)
            raise UnknownDeckError(f'"{deck_id}" has no version {version} (versions: {numbers})') from None

    def draft(self, deck_id: str) -> str | None:
        """Gets the unsaved changes to a deck, or None when there are none."""
        try:
            return self._draft(deck_id).read_text(encoding="utf-8")
        except FileNotFoundError:
            return None

    def _index(self, deck_id: str) -> dict[str, Any]:
        try:
            index = json.loads((self._history(deck_id) / "index.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return index if isinstance(index, dict) else {}

    def _versions(self, deck_id: str, index: Mapping[str, Any]) -> list[Version]:
        """Gets the versions in the history folder, with the times the index gives (else the
        file's own time, for a version whose index entry was never written)."""
        folder = self._history(deck_id)
        if not folder.is_dir():
            return []
        times = {v.get("version"): v.get("saved_at") for v in index.get("versions", ()) if isinstance(v, dict)}
        found = []
        for path in folder.iterdir():
            match = _VERSION_FILE.fullmatch(path.name)
            if not match:
                continue
            number = int(match[1])
            saved_at = times.get(number) or datetime.fromtimestamp(path.stat().st_mtime, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            found.append(Version(number, saved_at, _cards_in(path.read_text(encoding="utf-8"))))
        return sorted(found, key=lambda v: v.number)

    # ---- writing

    def new_id(self, name: str) -> str:
        """Gets an id for a new deck: the slug of its name, numbered when taken (a deck's
        history outlives its file, so an old id is never reused)."""
        base = deck_slug(name)
        candidate, n = base, 1
        while self.deck_file(candidate).exists() or self._history(candidate).exists():
            n += 1
            candidate = f"{base[:60]}-{n}"
        return candidate

    def create(self, name: str, text: str, way_to_play: Mapping[str, Any] | None = None) -> SavedDeck:
        """Saves a new deck under a fresh id from its name; gets it (version 1)."""
        deck_id = self.new_id(name)
        if way_to_play is not None:
            self.set_way_to_play(deck_id, way_to_play)
        return self.save(deck_id, text)

    def save(self, deck_id: str, text: str) -> SavedDeck:
        """Saves a deck's new text as its next version and as its file; the draft is dropped.

        The file it replaces is kept first when the history does not hold it already (a
        file written by hand, or copied in), so every version a player saw stays.
        """
        path = self.deck_file(deck_id)
        history = self._history(deck_id)
        text.encode("utf-8")  # text that cannot be written (a lone surrogate) fails before anything is made
        try:
            history.mkdir(parents=True, exist_ok=True)
            versions = self._versions(deck_id, self._index(deck_id))
            if path.is_file():
                current = path.read_text(encoding="utf-8")
                last = history / f"{versions[-1].number:04d}.json" if versions else None
                if last is None or last.read_text(encoding="utf-8") != current:
                    versions.append(self._keep(deck_id, current, versions))
            if not versions or (history / f"{versions[-1].number:04d}.json").read_text(encoding="utf-8") != text:
                versions.append(self._keep(deck_id, text, versions))
            write_deck_file(path, text)
            self._draft(deck_id).unlink(missing_ok=True)
        except OSError as exc:
            raise DeckStoreError(f"{self.folder}: the deck cannot be saved ({exc.strerror or exc})") from None
        return self.get(deck_id)

    def _keep(self, deck_id: str, text: str, versions: list[Version]) -> Version:
        """Writes one more version to the history (never over another: a number taken by
        another writer meanwhile is skipped) and records when."""
        history = self._history(deck_id)
        number = (versions[-1].number if versions else 0) + 1
        # Encoded before the file is made: text that cannot be written (a lone surrogate)
        # fails here, leaving no empty version behind.
        data = text.encode("utf-8")
        while True:
            target = history / f"{number:04d}.json"
            try:
                fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                number += 1
                continue
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            break
        version = Version(number, _now(), _cards_in(text))
        index = self._index(deck_id)
        index["versions"] = [*(v for v in index.get("versions", ()) if isinstance(v, dict)),
                             {"version": number, "saved_at": version.saved_at}]
        write_deck_file(history / "index.json", json.dumps(index, indent=2, ensure_ascii=False) + "\n")
        return version

    def set_way_to_play(self, deck_id: str, way_to_play: Mapping[str, Any]) -> None:
        """Records the way to play a deck is built for (format, target, house rules)."""
        history = self._history(deck_id)
        try:
            history.mkdir(parents=True, exist_ok=True)
            index = self._index(deck_id)
            index["way_to_play"] = {k: way_to_play.get(k, v) for k, v in DEFAULT_WAY_TO_PLAY.items()}
            write_deck_file(history / "index.json", json.dumps(index, indent=2, ensure_ascii=False) + "\n")
        except OSError as exc:
            raise DeckStoreError(f"{self.folder}: cannot be written ({exc.strerror or exc})") from None

    def write_draft(self, deck_id: str, text: str) -> None:
        """Keeps unsaved changes to a saved deck (the web deck builder's working copy)."""
        self.get(deck_id)
        draft = self._draft(deck_id)
        try:
            draft.parent.mkdir(parents=True, exist_ok=True)
            write_deck_file(draft, text)
        except OSError as exc:
            raise DeckStoreError(f"{self.folder}: the changes cannot be kept ({exc.strerror or exc})") from None

    def discard_draft(self, deck_id: str) -> None:
        """Drops the unsaved changes to a deck."""
        self._draft(deck_id).unlink(missing_ok=True)


# --------------------------------------------------------------------------------------
# Changing a JSON deck document


#: The JSON deck file's list for each section a card can be put in.
SECTION_KEYS = {"investigator": "investigators", "deck": "cards", "sideboard": "sideboard"}


def edit_document(doc: dict[str, Any], *, title: str, set_code: str, printing: int, section: str = "deck",
                  count: int | None = None, change: int = 0, replace_section: bool = False) -> dict[str, Any]:
    """Changes the copies of one printing in a JSON deck document, in place, and gets it.

    ``count`` sets the copies (0 removes the card), else ``change`` adds (or, negative,
    takes away) copies. ``replace_section`` empties the section first (a deck's one
    Investigator is replaced, not joined). Counts stay from 0 to 99, the deck file's limit.
    """
    key = SECTION_KEYS[section]
    entries = [] if replace_section else list(doc.get(key) or [])
    found = next((e for e in entries if e.get("title") == title and e.get("set") == set_code
                  and (e.get("printing") or 1) == printing), None)
    before = found["count"] if found else 0
    after = max(0, min(99, count if count is not None else before + change))
    if found is None and after:
        entries.append({"title": title, "set": set_code, "printing": printing, "count": after})
    elif found is not None:
        if after:
            found["count"] = after
        else:
            entries.remove(found)
    doc[key] = entries
    return doc
