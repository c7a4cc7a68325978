"""Saved decks: one JSON deck file per deck, every version kept, a draft of unsaved changes.

See :mod:`deckbuilder.library` for the folder's layout. A :class:`DeckLibrary` reads and
writes it; it never opens the catalog (the service resolves a deck's names and hands
the library the JSON text :func:`deckbuilder.decklists.write_json_deck` writes).

>>> library = DeckLibrary(Path("decks"))                            # doctest: +SKIP
>>> saved = library.create("Shub's Brood", text)                    # doctest: +SKIP
>>> saved.id, [v.number for v in library.save(saved.id, text2).versions]   # doctest: +SKIP
('shubs-brood', [1, 2])

Under concurrency (issue 26):

- **One writer a deck.** Every change to a deck (a save, its draft, its way to play) is made
  holding the deck's lock, ``.locks/ID.lock`` in the decks folder (:mod:`filelock`: an OS
  lock, so it holds between threads and between processes, and is let go when a process
  dies). Readers take no lock: every file is replaced whole by a rename, so a reader sees
  the old file or the new one.
- **Revisions.** :meth:`DeckLibrary.revision` is a fingerprint of what the editor shows (the
  deck file, the draft, the index). A change made against a revision that is no longer
  current is refused with :class:`DeckChangedError` ("the deck changed; reload") instead of
  being applied over changes it never saw.
- **A boundary.** Nothing under the folder that is a symbolic link (or, on Windows, a
  junction or other reparse point) is read or written: a deck file, the history, the index,
  the draft and the lock folder are each checked with ``lstat`` and opened with
  ``O_NOFOLLOW`` where the system has it (not on Windows, where the ``lstat`` check stands
  alone). Such an entry is refused with :class:`DeckBoundaryError` and left as it is.
- **Only decks are kept.** A file that is not a mythos-deck JSON file (not UTF-8, not JSON, an
  array, cut short) is never kept as a version; listing and history name it unreadable.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
import stat
import tempfile
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from deckbuilder.errors import MythosError
from deckbuilder.rules.cards import fold_title, sort_title


class UnknownDeckError(MythosError, LookupError):
    """Raised when a saved deck or one of its versions is asked for that does not exist."""

    kind = "unknown-deck"


class DeckStoreError(MythosError):
    """Raised when the saved decks' folder or the collection cannot be read or written."""

    kind = "deck-store"


class DeckBoundaryError(DeckStoreError):
    """Raised when a saved deck's file, history, index or draft is a symbolic link (or
    another way out of the decks folder): it is refused and left as it is."""

    kind = "deck-boundary"


class UnreadableDeckError(DeckStoreError):
    """Raised when a saved deck's file or one of its versions is not a deck (not UTF-8, not
    JSON, a JSON array, cut short, or not a regular file)."""

    kind = "unreadable-deck"


class UnsavedChangesError(MythosError):
    """Raised when a change would drop a deck's unsaved changes that the player did not
    ask to drop (a restore, made while the editor holds changes)."""

    kind = "unsaved-changes"


class DeckChangedError(MythosError):
    """Raised when a change to a saved deck was made against a revision that is no longer
    current (another window, client or process changed the deck meanwhile)."""

    kind = "deck-changed"


#: A saved deck's id: lower-case letters, digits and inner hyphens, at most 64 characters.
#: Nothing else can name a file, so an id from a request is never a path.
DECK_ID = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?")

#: A version file's name in a deck's history folder.
_VERSION_FILE = re.compile(r"(\d{4,})\.json")

#: The most bytes a saved deck's file is read to (a deck file's own limit, decklists).
MAX_SAVED_BYTES = 5_000_000

#: Seconds a change waits for another writer of the same deck before giving up.
LOCK_TIMEOUT = 60.0

#: ``os.open`` flags that refuse a final symbolic link and never block on a FIFO (both are
#: 0 where the system lacks them: Windows has neither, so there the lstat check stands alone).
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_READ_FLAGS = os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)

#: The deck ids this thread holds the lock of, per folder: a change made inside another
#: (a new deck's way to play, then its first version) does not wait for itself.
_held = threading.local()


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


def deck_problem(data: bytes) -> str | None:
    """Gets why bytes are not a saved deck (not UTF-8, not JSON, not a mythos-deck object),
    or None when they are one."""
    from deckbuilder.decklists import DeckFileError, read_json_deck

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return f"not UTF-8 text (byte {exc.start})"
    try:
        read_json_deck(text)
    except DeckFileError as exc:
        return str(exc)
    return None


def _shape_problem(data: bytes) -> str | None:
    """Gets why bytes are not a saved deck by its shape alone (not UTF-8, not JSON, not an
    object of the mythos-deck format), or None: the quick check a history's many versions
    get when listed (:func:`deck_problem`, the strict reader, checks one when it is read)."""
    try:
        doc = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        return f"not UTF-8 text (byte {exc.start})"
    except ValueError as exc:
        return f"not valid JSON: {exc}"
    except RecursionError:
        return "not a mythos-deck file: the JSON is nested too deeply"
    if not isinstance(doc, dict) or doc.get("format") != "mythos-deck" or not isinstance(doc.get("cards"), list):
        return "not a mythos-deck file: not an object with its format and cards"
    return None


def _document(data: bytes) -> dict[str, Any]:
    doc = json.loads(data.decode("utf-8"))
    return doc if isinstance(doc, dict) else {}


def _cards_in(doc: Mapping[str, Any]) -> int:
    return sum(e["count"] for e in doc.get("cards") or () if isinstance(e, dict) and isinstance(e.get("count"), int))


def _is_link(info: os.stat_result) -> bool:
    """Tells whether an lstat result is a symbolic link, or on Windows a junction or other
    reparse point (``st_file_attributes`` exists only there)."""
    reparse = getattr(stat, "FILE_ATTRIBUTE_REPARSE_POINT", 0x400)
    return stat.S_ISLNK(info.st_mode) or bool(getattr(info, "st_file_attributes", 0) & reparse)


@dataclass(frozen=True)
class Version:
    """One saved version of a deck: its number (1 is the first), when, its size, and why it
    cannot be read (None when it can)."""

    number: int
    saved_at: str
    cards: int | None
    unreadable: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Gets the version as JSON-ready data."""
        return {"version": self.number, "saved_at": self.saved_at, "cards": self.cards, "unreadable": self.unreadable}


@dataclass(frozen=True)
class SavedDeck:
    """A saved deck: its id, name and file, its versions, its way to play, whether the web
    deck builder holds unsaved changes to it, and its revision (what a change made against
    it carries). ``unchanged`` is true on the answer of a save that kept no new version
    (the deck was already as saved)."""

    id: str
    name: str
    path: Path
    versions: tuple[Version, ...]
    way_to_play: Mapping[str, Any]
    has_draft: bool = False
    revision: str = ""
    unchanged: bool = field(default=False, compare=False)

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
            "revision": self.revision,
            "unreadable": None,
        }


@dataclass(frozen=True)
class UnreadableDeck:
    """A file among the saved decks that cannot be read as one, and why (``deck list``
    names it; the others are listed as usual)."""

    id: str
    path: Path
    problem: str

    def to_json(self) -> dict[str, Any]:
        """Gets it as ``mythos deck list --json`` shows it: a deck's keys, empty, and why."""
        return {
            "id": self.id,
            "name": None,
            "path": str(self.path),
            "cards": None,
            "saved_at": None,
            "versions": None,
            "way_to_play": None,
            "draft": None,
            "revision": None,
            "unreadable": self.problem,
        }


#: The way to play a new deck gets (``mythos deck check``'s default).
DEFAULT_WAY_TO_PLAY: dict[str, Any] = {"format": "advanced", "target": None, "house_rules": []}


class DeckLibrary:
    """The folder of saved decks (see :mod:`deckbuilder.library`).

    Raises :class:`UnknownDeckError` for an id or version that does not exist,
    :class:`DeckChangedError` for a change made against a revision no longer current,
    :class:`DeckBoundaryError` for an entry that is a symbolic link, and
    :class:`DeckStoreError` when the folder cannot be read or written.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    # ---- where things are, checked

    def deck_file(self, deck_id: str) -> Path:
        """Gets the file of a saved deck as last saved."""
        return self.folder / f"{check_deck_id(deck_id)}.json"

    def _history(self, deck_id: str) -> Path:
        return self.folder / ".history" / check_deck_id(deck_id)

    def _draft(self, deck_id: str) -> Path:
        return self.folder / ".drafts" / f"{check_deck_id(deck_id)}.json"

    def _lock_file(self, deck_id: str) -> Path:
        return self.folder / ".locks" / f"{check_deck_id(deck_id)}.lock"

    def _inside(self, path: Path) -> Path:
        """Gets a path under the folder once no part of it below the folder is a symbolic
        link (the folder itself may be one: it is where the player keeps decks). Raises
        :class:`DeckBoundaryError`, naming the link; a part that does not exist ends the check."""
        relative = path.relative_to(self.folder)
        if ".." in relative.parts:
            raise DeckBoundaryError(f"{path}: leads out of the decks folder {self.folder}; refused")
        here = self.folder
        for part in relative.parts:
            here = here / part
            try:
                info = os.lstat(here)
            except FileNotFoundError:
                break
            except OSError as exc:
                raise DeckStoreError(f"{here}: cannot be read ({exc.strerror or exc})") from None
            if _is_link(info):
                raise DeckBoundaryError(
                    f"{here} is a symbolic link; saved decks never follow one out of {self.folder}: "
                    "replace it with the file itself (it was left as it is)"
                )
        return path

    def _read(self, path: Path, *, folder_checked: bool = False) -> bytes | None:
        """Gets a file's bytes, or None when it does not exist: never through a symbolic link,
        never from a FIFO or device (refused at once instead of blocking). With
        ``folder_checked`` (its folder was just checked) only the file itself is. Raises
        :class:`DeckBoundaryError`, :class:`UnreadableDeckError` and :class:`DeckStoreError`."""
        if folder_checked:
            with contextlib.suppress(FileNotFoundError):
                if _is_link(os.lstat(path)):
                    raise DeckBoundaryError(
                        f"{path} is a symbolic link; saved decks never follow one (it was left as it is)"
                    )
        else:
            self._inside(path)
        try:
            fd = os.open(path, _READ_FLAGS)
        except FileNotFoundError:
            return None
        except OSError as exc:
            if exc.errno == errno.ELOOP:  # O_NOFOLLOW met a link made since the lstat
                raise DeckBoundaryError(
                    f"{path} is a symbolic link; saved decks never follow one (it was left as it is)"
                ) from None
            raise DeckStoreError(f"{path}: cannot be read ({exc.strerror or exc})") from None
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise UnreadableDeckError(f"{path}: not a regular file; move it out of {self.folder}")
            data = handle.read(MAX_SAVED_BYTES + 1)
        if len(data) > MAX_SAVED_BYTES:
            raise UnreadableDeckError(
                f"{path}: larger than {MAX_SAVED_BYTES // 1_000_000} MB, far too large for a deck"
            )
        return data

    def _write(self, path: Path, data: bytes) -> None:
        """Writes a file whole: a temporary file of its own in the same folder (unique per
        write, so threads and processes never share one), flushed to disk, renamed over the
        target. A target that is a symbolic link is refused, never written through.

        Windows differs: a rename over a file another process holds open fails
        (PermissionError); the write then fails whole, with one line, and the old file stays.
        A process killed between the two steps leaves its ``.NAME.*.tmp`` behind, never the
        target half-written; such leftovers are not decks and are never listed."""
        self._inside(path)
        self._mkdir(path.parent)
        try:
            mode = stat.S_IMODE(os.lstat(path).st_mode)
        except FileNotFoundError:
            mode = 0o644
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(tmp, mode)
            os.replace(tmp, path)  # replaces the directory entry: a link made meanwhile is replaced, not followed
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        _sync_folder(path.parent)

    def _mkdir(self, folder: Path) -> None:
        """Makes a folder under the decks folder (and its parents), each checked not a link."""
        self._inside(folder)
        folder.mkdir(parents=True, exist_ok=True)
        self._inside(folder)  # made by another meanwhile: checked again

    def _unlink(self, path: Path) -> None:
        self._inside(path.parent)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)  # removes a link itself, never what it points to

    @contextlib.contextmanager
    def changing(self, deck_id: str, expected: str | None = None) -> Iterator[None]:
        """Holds the deck's lock for the ``with`` block (waiting for another writer, thread or
        process, up to :data:`LOCK_TIMEOUT` seconds) after checking that its revision is
        still ``expected`` (None: any). Raises :class:`DeckChangedError` and
        :class:`DeckStoreError`."""
        from filelock import FileLock, Timeout

        held: set[tuple[str, str]] = getattr(_held, "ids", None) or set()
        _held.ids = held
        key = (os.path.abspath(self.folder), check_deck_id(deck_id))
        if key in held:
            self._expect(deck_id, expected)
            yield
            return
        lock_file = self._lock_file(deck_id)
        try:
            self._mkdir(lock_file.parent)
            self._inside(lock_file)
            lock = FileLock(str(lock_file), timeout=LOCK_TIMEOUT)
            lock.acquire()
        except Timeout:
            raise DeckStoreError(
                f"{deck_id}: another change to this deck has held it for {LOCK_TIMEOUT:.0f} s; try again"
            ) from None
        except OSError as exc:
            raise DeckStoreError(f"{self.folder}: cannot lock {deck_id} ({exc.strerror or exc})") from None
        held.add(key)
        try:
            self._expect(deck_id, expected)
            yield
        finally:
            held.discard(key)
            lock.release()

    def _expect(self, deck_id: str, expected: str | None) -> None:
        if expected is not None and expected != self.revision(deck_id):
            raise DeckChangedError(
                f"the deck changed; reload it and make the change again ({deck_id} was changed "
                "elsewhere since this page showed it; your change was not applied)"
            )

    # ---- reading

    def revision(self, deck_id: str) -> str:
        """Gets the deck's revision: a fingerprint of its file, its draft and its index (what
        the editor shows). Any change to one of them changes it. Raises as :meth:`get` does."""
        digest = hashlib.blake2b(digest_size=8)
        for path in (self.deck_file(deck_id), self._draft(deck_id), self._history(deck_id) / "index.json"):
            data = self._read(path)
            digest.update(b"-" if data is None else b"%d:" % len(data) + data)
        return digest.hexdigest()

    def ids(self) -> list[str]:
        """Gets the id of every saved deck (every ``ID.json`` of the folder, links and other
        odd files too: they are named unreadable, not passed over)."""
        try:
            self._inside(self.folder)
            names = [p.name for p in self.folder.iterdir()] if self.folder.is_dir() else []
        except OSError as exc:
            raise DeckStoreError(f"{self.folder}: cannot be read ({exc.strerror or exc})") from None
        return sorted(n[:-5] for n in names if n.endswith(".json") and DECK_ID.fullmatch(n[:-5]))

    def listing(self) -> tuple[list[SavedDeck], list[UnreadableDeck]]:
        """Gets every saved deck that can be read, by name, and every one that cannot, by id,
        with why: one bad file never hides the others."""
        good, bad = [], []
        for deck_id in self.ids():
            try:
                good.append(self.get(deck_id))
            except UnknownDeckError:
                continue  # removed meanwhile
            except DeckStoreError as exc:
                bad.append(UnreadableDeck(deck_id, self.deck_file(deck_id), str(exc)))
        return sorted(good, key=lambda d: (sort_title(d.name), d.id)), bad

    def decks(self) -> list[SavedDeck]:
        """Gets every saved deck that can be read, by name."""
        return self.listing()[0]

    def get(self, deck_id: str) -> SavedDeck:
        """Gets a saved deck by id. Raises :class:`UnknownDeckError`,
        :class:`UnreadableDeckError` and :class:`DeckBoundaryError`."""
        path = self.deck_file(deck_id)
        data = self._read(path)
        if data is None:
            raise UnknownDeckError(f'no saved deck "{deck_id}" in {self.folder}; `mythos deck list` shows them')
        problem = deck_problem(data)
        if problem is not None:
            raise UnreadableDeckError(
                f"{path}: not a saved deck ({problem}); it was left as it is: fix it or move it out of {self.folder}"
            )
        doc = _document(data)
        index = self._index(deck_id)
        versions = tuple(self._versions(deck_id, index))
        named = doc.get("name")
        name = named if isinstance(named, str) and named.strip() else deck_id
        draft = self._draft(deck_id)
        self._inside(draft)
        return SavedDeck(
            deck_id,
            name,
            path,
            versions,
            {**DEFAULT_WAY_TO_PLAY, **index.get("way_to_play", {})},
            os.path.lexists(draft),
            self.revision(deck_id),
        )

    def find(self, ref: str) -> SavedDeck:
        """Gets the saved deck an id or a name means (names compared folded). Raises
        :class:`UnknownDeckError` naming the saved decks."""
        if DECK_ID.fullmatch(ref) and os.path.lexists(self.deck_file(ref)):
            return self.get(ref)
        wanted = fold_title(ref)
        named = [d for d in self.decks() if fold_title(d.name) == wanted]
        if len(named) == 1:
            return named[0]
        known = ", ".join(self.ids()[:8]) or "none yet"
        if named:
            raise UnknownDeckError(
                f'"{ref}" names {len(named)} saved decks ({", ".join(d.id for d in named)}); give the id'
            )
        shown = "".join(ch if ch.isprintable() else " " for ch in ref)[:80]
        raise UnknownDeckError(f'no saved deck "{shown}" in {self.folder} (saved: {known})')

    def text(self, deck_id: str, version: int | None = None) -> str:
        """Gets a saved deck's JSON text: as last saved, or the version numbered. Raises
        :class:`UnknownDeckError`, and :class:`UnreadableDeckError` for a version that is
        not a deck."""
        path = self.deck_file(deck_id) if version is None else self._history(deck_id) / f"{version:04d}.json"
        data = self._read(path)
        if data is None:
            if version is None or not os.path.lexists(self.deck_file(deck_id)):
                self.get(deck_id)  # raises: no such deck
            numbers = ", ".join(str(v.number) for v in self.get(deck_id).versions)
            raise UnknownDeckError(f'"{deck_id}" has no version {version} (versions: {numbers})')
        problem = deck_problem(data)
        if problem is not None:
            what = "the deck" if version is None else f"version {version}"
            raise UnreadableDeckError(f"{path}: {what} of {deck_id} cannot be read ({problem})")
        return data.decode("utf-8")

    def draft(self, deck_id: str) -> str | None:
        """Gets the unsaved changes to a deck, or None when there are none (or they are not a
        deck: then the saved deck shows)."""
        data = self._read(self._draft(deck_id))
        if data is None or deck_problem(data) is not None:
            return None
        return data.decode("utf-8")

    def _index(self, deck_id: str) -> dict[str, Any]:
        try:
            data = self._read(self._history(deck_id) / "index.json")
            index = json.loads(data.decode("utf-8")) if data is not None else {}
        except (UnreadableDeckError, ValueError):
            return {}  # the version files are the truth; a bad index is written again whole
        return index if isinstance(index, dict) else {}

    def _version_files(self, deck_id: str) -> dict[int, Path]:
        folder = self._inside(self._history(deck_id))
        try:
            names = [p.name for p in folder.iterdir()] if folder.is_dir() else []
        except OSError as exc:
            raise DeckStoreError(f"{folder}: cannot be read ({exc.strerror or exc})") from None
        return {int(m[1]): folder / n for n in names if (m := _VERSION_FILE.fullmatch(n))}

    def _versions(self, deck_id: str, index: Mapping[str, Any]) -> list[Version]:
        """Gets the versions in the history folder, with the times the index gives (else the
        file's own time, for a version whose index entry was never written); a file that is
        not a deck is a version named unreadable."""
        times = {v.get("version"): v.get("saved_at") for v in index.get("versions", ()) if isinstance(v, dict)}
        found = []
        for number, path in sorted(self._version_files(deck_id).items()):  # the folder checked there
            try:
                data = self._read(path, folder_checked=True)
                problem = None if data is None else _shape_problem(data)
            except DeckStoreError as exc:
                data, problem = None, str(exc)
            if data is None and problem is None:
                continue  # removed meanwhile
            saved_at = times.get(number) or _file_time(path)
            cards = None if problem is not None or data is None else _cards_in(json.loads(data))
            found.append(Version(number, saved_at, cards, problem))
        return found

    # ---- writing (each under the deck's lock)

    def new_id(self, name: str) -> str:
        """Gets an id for a new deck: the slug of its name, numbered when taken (a deck's
        history outlives its file, so an old id is never reused)."""
        return next(self._free_ids(name))

    def _free_ids(self, name: str) -> Iterator[str]:
        base, n = deck_slug(name), 1
        candidate = base
        while True:
            if not (os.path.lexists(self.deck_file(candidate)) or os.path.lexists(self._history(candidate))):
                yield candidate
            n += 1
            candidate = f"{base[:60]}-{n}"

    def create(self, name: str, text: str, way_to_play: Mapping[str, Any] | None = None) -> SavedDeck:
        """Saves a new deck under a fresh id from its name; gets it (version 1). Two creations
        of one name at once get two ids: the id is taken holding its lock."""
        for deck_id in self._free_ids(name):
            with self.changing(deck_id):
                if os.path.lexists(self.deck_file(deck_id)) or os.path.lexists(self._history(deck_id)):
                    continue  # taken by another writer meanwhile
                if way_to_play is not None:
                    self.set_way_to_play(deck_id, way_to_play)
                return self.save(deck_id, text)
        raise AssertionError("unreachable")  # pragma: no cover

    def save(self, deck_id: str, text: str, *, expected: str | None = None) -> SavedDeck:
        """Saves a deck's new text as its next version and as its file; the draft is dropped.

        The file it replaces is kept first when the history does not hold it already (a
        file written by hand, or copied in), so every version a player saw stays. A text the
        same as the last version keeps no new version: the answer says ``unchanged``. A deck
        file that is not a deck is refused, left as it is (fix it or move it away).
        Raises :class:`DeckChangedError` (``expected`` no longer current),
        :class:`UnreadableDeckError`, :class:`DeckBoundaryError` and :class:`DeckStoreError`.
        """
        data = text.encode("utf-8")
        if (problem := deck_problem(data)) is not None:
            raise UnreadableDeckError(f"{deck_id}: the text to save is not a deck ({problem})")
        path = self.deck_file(deck_id)
        with self.changing(deck_id, expected):
            try:
                current = self._read(path)
                if current is not None and (problem := deck_problem(current)) is not None:
                    raise UnreadableDeckError(
                        f"{path}: not a saved deck ({problem}); it was left as it is: fix it or "
                        f"move it out of {self.folder}, then save again"
                    )
                last = self._last_version(deck_id)
                if current is not None and current != last:
                    self._keep(deck_id, current)
                    last = current
                unchanged = data == last
                if not unchanged:
                    self._keep(deck_id, data)
                if current != data:
                    self._write(path, data)
                self._unlink(self._draft(deck_id))
            except OSError as exc:
                raise DeckStoreError(f"{self.folder}: the deck cannot be saved ({exc.strerror or exc})") from None
            return replace(self.get(deck_id), unchanged=unchanged)

    def _last_version(self, deck_id: str) -> bytes | None:
        files = self._version_files(deck_id)
        if not files:
            return None
        try:
            return self._read(files[max(files)])
        except DeckStoreError:
            return None  # an unreadable last version: the deck is kept again after it

    def _keep(self, deck_id: str, data: bytes) -> int:
        """Writes one more version to the history (numbered after every file there, readable
        or not) and records it in the index, which lists every version file there is."""
        history = self._history(deck_id)
        self._mkdir(history)
        files = self._version_files(deck_id)
        number = max(files, default=0) + 1
        self._write(history / f"{number:04d}.json", data)
        index = self._index(deck_id)
        entries = {
            v["version"]: v
            for v in index.get("versions", ())
            if isinstance(v, dict) and isinstance(v.get("version"), int) and v["version"] in files
        }
        for n, path in files.items():  # a version an older writer never indexed is indexed now
            entries.setdefault(n, {"version": n, "saved_at": _file_time(path)})
        entries[number] = {"version": number, "saved_at": _now()}
        index["versions"] = [entries[n] for n in sorted(entries)]
        self._write_index(deck_id, index)
        return number

    def _write_index(self, deck_id: str, index: Mapping[str, Any]) -> None:
        self._write(
            self._history(deck_id) / "index.json",
            (json.dumps(index, indent=2, ensure_ascii=False) + "\n").encode("utf-8"),
        )

    def set_way_to_play(self, deck_id: str, way_to_play: Mapping[str, Any], *, expected: str | None = None) -> None:
        """Records the way to play a deck is built for (format, target, house rules).
        Raises :class:`DeckChangedError` and :class:`DeckStoreError`."""
        with self.changing(deck_id, expected):
            try:
                self._mkdir(self._history(deck_id))
                index = self._index(deck_id)
                index["way_to_play"] = {k: way_to_play.get(k, v) for k, v in DEFAULT_WAY_TO_PLAY.items()}
                self._write_index(deck_id, index)
            except OSError as exc:
                raise DeckStoreError(f"{self.folder}: cannot be written ({exc.strerror or exc})") from None

    def write_draft(self, deck_id: str, text: str, *, expected: str | None = None) -> SavedDeck:
        """Keeps unsaved changes to a saved deck (the web deck builder's working copy); gets
        the deck with its new revision. Raises :class:`DeckChangedError` and
        :class:`DeckStoreError`."""
        data = text.encode("utf-8")
        if (problem := deck_problem(data)) is not None:
            raise UnreadableDeckError(f"{deck_id}: the changes are not a deck ({problem})")
        with self.changing(deck_id, expected):
            self.get(deck_id)
            try:
                self._write(self._draft(deck_id), data)
            except OSError as exc:
                raise DeckStoreError(f"{self.folder}: the changes cannot be kept ({exc.strerror or exc})") from None
            return self.get(deck_id)

    def discard_draft(self, deck_id: str, *, expected: str | None = None) -> None:
        """Drops the unsaved changes to a deck. Raises :class:`DeckChangedError`."""
        with self.changing(deck_id, expected):
            try:
                self._unlink(self._draft(deck_id))
            except OSError as exc:
                raise DeckStoreError(f"{self.folder}: the changes cannot be dropped ({exc.strerror or exc})") from None

    # ---- restoring, deleting (each under the deck's lock)

    def restore(
        self, deck_id: str, version: int, *, expected: str | None = None, drop_changes: bool = False
    ) -> SavedDeck:
        """Saves an older version of a deck again as its next version (nothing is removed from
        the history: a restore can itself be undone); gets the deck (``unchanged`` when the
        deck was already as that version). Unsaved changes are never dropped unasked: with a
        draft and no ``drop_changes`` it raises :class:`UnsavedChangesError`. Raises
        :class:`UnknownDeckError` for a version there is not, and as :meth:`save` does."""
        with self.changing(deck_id, expected):
            text = self.text(deck_id, version)
            if not drop_changes and self.draft(deck_id) is not None:
                raise UnsavedChangesError(
                    f"{deck_id} has unsaved changes; save or discard them first (or restore "
                    f"with --discard-changes), then restore version {version}"
                )
            return self.save(deck_id, text)

    def _trash(self) -> Path:
        return self.folder / ".trash"

    def delete(self, deck_id: str, *, expected: str | None = None, purge: bool = False) -> Path | None:
        """Deletes a saved deck: its file, history and draft move together to
        ``.trash/ID.WHEN/`` (kept until purged; :meth:`undelete` brings the deck back), or with
        ``purge`` are removed for good, with every copy of that id in the trash. Gets where the
        deck went (None when purged). Raises :class:`UnknownDeckError` when there is neither
        the deck nor (with ``purge``) a deleted copy, and :class:`DeckChangedError`.

        Windows differs: a file another program holds open cannot be moved; the deletion then
        fails with one line and leaves the deck as it was."""
        import shutil

        with self.changing(deck_id, expected):
            exists = os.path.lexists(self.deck_file(deck_id))
            trashed = self.deleted(deck_id)
            if not exists and not (purge and trashed):
                self.get(deck_id)  # raises: no such deck
            parts = [
                (self.deck_file(deck_id), "deck.json"),
                (self._history(deck_id), "history"),
                (self._draft(deck_id), "draft.json"),
            ]
            try:
                if purge:
                    for path, _name in parts:
                        self._inside(path)
                        if os.path.isdir(path) and not os.path.islink(path):
                            shutil.rmtree(path)
                        else:
                            self._unlink(path)
                    for folder in trashed:
                        shutil.rmtree(self._inside(folder))
                    return None
                stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
                place = self._trash() / f"{deck_id}.{stamp}"
                self._mkdir(place)
                for path, name in parts:
                    self._inside(path)
                    if os.path.lexists(path):
                        os.replace(path, place / name)
                _sync_folder(self.folder)
                return place
            except OSError as exc:
                raise DeckStoreError(f"{self.folder}: {deck_id} cannot be deleted ({exc.strerror or exc})") from None

    def deleted(self, deck_id: str | None = None) -> list[Path]:
        """Gets the deleted decks kept in the trash (of one id, or all), oldest first."""
        trash = self._inside(self._trash())
        try:
            names = sorted(p.name for p in trash.iterdir()) if trash.is_dir() else []
        except OSError as exc:
            raise DeckStoreError(f"{trash}: cannot be read ({exc.strerror or exc})") from None
        found = [
            trash / n
            for n in names
            if (m := re.fullmatch(r"(.+)\.(\d{8}T\d{6}\d*Z)", n))
            and DECK_ID.fullmatch(m[1])
            and (deck_id is None or m[1] == deck_id)
        ]
        return sorted(found, key=lambda p: p.name.rsplit(".", 1)[1])

    def undelete(self, deck_id: str) -> SavedDeck:
        """Brings back the deck last deleted under an id, with its history and draft, when no
        deck has taken the id since. Raises :class:`UnknownDeckError` (none deleted) and
        :class:`DeckStoreError` (the id is taken: rename or delete that deck first)."""
        with self.changing(deck_id):
            kept = self.deleted(deck_id)
            if not kept:
                raise UnknownDeckError(f'no deleted deck "{deck_id}" in {self._trash()}')
            if os.path.lexists(self.deck_file(deck_id)) or os.path.lexists(self._history(deck_id)):
                raise DeckStoreError(
                    f"{deck_id}: a deck of that id was saved since; copy or delete it first, then undelete"
                )
            place = kept[-1]
            try:
                for name, path in (
                    ("history", self._history(deck_id)),
                    ("draft.json", self._draft(deck_id)),
                    ("deck.json", self.deck_file(deck_id)),
                ):
                    source = self._inside(place / name)
                    if os.path.lexists(source):
                        self._mkdir(path.parent)
                        os.replace(source, path)
                os.rmdir(place)
            except OSError as exc:
                raise DeckStoreError(
                    f"{self.folder}: {deck_id} cannot be brought back ({exc.strerror or exc})"
                ) from None
            return self.get(deck_id)


def _file_time(path: Path) -> str:
    try:
        stamp = os.lstat(path).st_mtime
    except OSError:
        return _now()
    return datetime.fromtimestamp(stamp, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _sync_folder(folder: Path) -> None:
    """Flushes a folder's entries to disk after a rename (POSIX; Windows cannot open a
    folder as a file, and its rename is flushed with the file)."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# --------------------------------------------------------------------------------------
# Changing a JSON deck document


#: The JSON deck file's list for each section a card can be put in.
SECTION_KEYS = {"investigator": "investigators", "deck": "cards", "sideboard": "sideboard"}


def edit_document(
    doc: dict[str, Any],
    *,
    title: str,
    set_code: str,
    printing: int,
    section: str = "deck",
    count: int | None = None,
    change: int = 0,
    replace_section: bool = False,
) -> dict[str, Any]:
    """Changes the copies of one printing in a JSON deck document, in place, and gets it.

    ``count`` sets the copies (0 removes the card), else ``change`` adds (or, negative,
    takes away) copies. ``replace_section`` empties the section first (a deck's one
    Investigator is replaced, not joined). Counts stay from 0 to 99, the deck file's limit.
    """
    key = SECTION_KEYS[section]
    entries = [] if replace_section else list(doc.get(key) or [])
    found = next(
        (
            e
            for e in entries
            if e.get("title") == title and e.get("set") == set_code and (e.get("printing") or 1) == printing
        ),
        None,
    )
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
