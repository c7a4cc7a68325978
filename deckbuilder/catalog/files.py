"""The catalog file: where it is, one build at a time (its lock), and the leftovers of
builds that were killed.

Only the default data folder is made when missing (:func:`catalog_file`): a path given
with ``--db`` or ``MYTHOS_DB`` whose folder does not exist is most likely a typo, and a
fresh sample catalog built there would look like lost cards.

A build reads what the catalog holds, merges the new cards and renames a complete new file
into place. Two builds at once would each start from the old catalog, and the second
rename would drop the first one's cards, so a build holds ``<catalog>.lock`` (an
operating-system lock on a file beside the catalog) from the first read to the rename.
Readers take no lock: the rename (``os.replace``) is atomic, so a search during an import
sees the old catalog or the new one, whole.

The lock is the one :mod:`filelock` takes (and the saved decks take through it): on POSIX
``fcntl.flock`` on the file, taken here directly, since importing filelock (with the
``logging``, ``random`` and ``decimal`` it loads) was a tenth of ``mythos catalog import``'s
imports (issue 28); a holder of either kind excludes the other. On Windows, and on a file
system that has no ``flock`` (filelock then falls back to a lock of its own), filelock
takes it as before.

A build killed outright (``kill -9``, a power cut) leaves its new file
``.NAME.PID.building`` (builds before issue 28 left SQLite's ``-journal`` beside it too); the
next build removes those whose process is gone (:func:`remove_stale_builds`).
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from deckbuilder.errors import MythosError


class CatalogBusyError(MythosError):
    """Raised when another import is building the catalog and the caller chose not to wait."""

    kind = "catalog-busy"


class CatalogLockError(MythosError):
    """Raised when the catalog's lock file cannot be made (the folder is not writable)."""

    kind = "catalog"


class CatalogPathError(MythosError):
    """Raised when the catalog path given names a folder, or a folder that does not exist,
    or when the default data folder cannot be made."""

    kind = "catalog"


def catalog_file(db: str | Path | None = None) -> Path:
    """Gets the catalog file to use: ``db`` (``--db``) if given, else ``MYTHOS_DB``, else
    ``catalog.sqlite`` in the user data folder, which is made when missing.

    Raises :class:`CatalogPathError` for a given path whose folder does not exist, for a
    folder given as the file, and for a data folder that cannot be made (HOME not writable).
    """
    from deckbuilder.paths import user_data_folder

    env = os.environ.get("MYTHOS_DB")
    if db:
        path, given = Path(db).expanduser(), f"--db {db}"
    elif env:
        path, given = Path(env).expanduser(), f"MYTHOS_DB={env}"
    else:
        folder = user_data_folder()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CatalogPathError(
                f"cannot make the data folder {folder} ({exc.strerror or exc}); "
                "set MYTHOS_DB (or --db) to a catalog file in a folder you can write"
            ) from None
        return folder / "catalog.sqlite"
    if path.is_dir():
        raise CatalogPathError(
            f"{given} names a folder, not a catalog file; give a file path such as {path / 'catalog.sqlite'}"
        )
    if not path.parent.is_dir():
        raise CatalogPathError(
            f"{given}: the folder {path.parent} does not exist; correct the path, or create the folder first"
        )
    return path


def lock_path(db_path: Path) -> Path:
    """Gets the lock file of a catalog: ``<catalog>.lock`` beside it."""
    return db_path.with_name(db_path.name + ".lock")


#: The errors of a non-blocking ``flock`` that mean another holds the lock (some file
#: systems answer EACCES, as filelock reads them too).
_HELD = {errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES}


@contextmanager
def catalog_lock(db_path: Path, *, wait: bool = True, on_wait: Callable[[], None] | None = None) -> Iterator[None]:
    """Holds the catalog's build lock for the ``with`` block.

    When another build holds it, ``on_wait`` is called once and the lock is waited for; with
    ``wait`` false :class:`CatalogBusyError` is raised at once instead. Raises
    :class:`CatalogLockError` when the lock file cannot be made.
    """
    path = lock_path(db_path)
    fd = -1
    if sys.platform != "win32":
        try:
            # Not through a symbolic link, as filelock opens it.
            flags = os.O_RDWR | getattr(os, "O_NOFOLLOW", 0)
            try:
                fd, made = os.open(path, flags | os.O_CREAT | os.O_EXCL, 0o644), True
            except FileExistsError:
                fd, made = os.open(path, flags), False
            if not _flock(fd, db_path, wait, on_wait):
                os.close(fd)
                fd = -1
                if made:  # filelock's fallback lock is the file's being there: not ours to leave
                    path.unlink(missing_ok=True)
        except BaseException as exc:
            if fd >= 0:
                os.close(fd)
            if isinstance(exc, OSError):
                raise _lock_error(db_path, exc) from None
            raise
    if fd < 0:
        with _filelock(path, db_path, wait, on_wait):
            yield
        return
    try:
        yield
    finally:
        os.close(fd)  # releases the lock


def _flock(fd: int, db_path: Path, wait: bool, on_wait: Callable[[], None] | None) -> bool:
    """Takes the lock on an open lock file with ``flock`` (POSIX), waiting for another holder
    as :func:`catalog_lock` says; gets False where the file system has no ``flock`` (ENOSYS,
    where filelock falls back to a lock of its own)."""
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno == errno.ENOSYS:
            return False
        if exc.errno not in _HELD:
            raise
        if not wait:
            raise _busy(db_path) from None
        if on_wait is not None:
            on_wait()
        fcntl.flock(fd, fcntl.LOCK_EX)
    return True


@contextmanager
def _filelock(path: Path, db_path: Path, wait: bool, on_wait: Callable[[], None] | None) -> Iterator[None]:
    """Holds the lock through :mod:`filelock`, as :func:`catalog_lock` says."""
    from filelock import FileLock, Timeout

    lock = FileLock(str(path))
    try:
        try:
            lock.acquire(timeout=0)
        except Timeout:
            if not wait:
                raise _busy(db_path) from None
            if on_wait is not None:
                on_wait()
            lock.acquire()
    except OSError as exc:
        raise _lock_error(db_path, exc) from None
    try:
        yield
    finally:
        lock.release()


def _busy(db_path: Path) -> CatalogBusyError:
    return CatalogBusyError(
        f"another import is building {db_path}; try again when it has finished, or leave out --no-wait to wait for it"
    )


def _lock_error(db_path: Path, exc: OSError) -> CatalogLockError:
    return CatalogLockError(
        f"cannot lock {db_path} for building ({exc.strerror or exc} in {db_path.parent}); "
        "choose a catalog in a folder you can write with --db or MYTHOS_DB"
    )


def _process_gone(pid: int) -> bool:
    """Tells whether no process has this id (POSIX: signal 0 probes without sending)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # alive, another user's
        return False
    except OSError:
        return False
    return False


def remove_stale_builds(db_path: Path) -> list[Path]:
    """Removes the leftovers of killed builds of this catalog (``.NAME.PID.building`` and
    its ``-journal``) whose process is gone; gets the files removed. Call it holding
    :func:`catalog_lock`.

    A file of this very process is left to its builder. On Windows ``os.kill(pid, 0)``
    would send CTRL_C_EVENT rather than probe, so there the removal itself is the probe: Windows
    refuses to delete a file another process holds open, and a live builder holds its own.
    """
    removed: list[Path] = []
    prefix = f".{db_path.name}."
    try:
        candidates = list(db_path.parent.glob(f"{prefix}*.building*"))
    except OSError:
        return removed
    for file in candidates:
        pid_text = file.name[len(prefix) :].split(".", 1)[0]
        if not pid_text.isdigit() or int(pid_text) == os.getpid():
            continue
        if sys.platform != "win32" and not _process_gone(int(pid_text)):
            continue
        try:
            file.unlink()
        except OSError:  # in use (Windows), or not ours to remove: left alone
            continue
        removed.append(file)
    return removed
