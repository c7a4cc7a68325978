"""The catalog as the front ends see it: where it is, opening it (built from the sample on
first use), importing and fetching card files, what it holds."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckbuilder.errors import UsageError

if TYPE_CHECKING:
    from deckbuilder.catalog.building import BuildReport
    from deckbuilder.catalog.importers import ImportResult
    from deckbuilder.catalog.store import Catalog


#: Called with (done, in all) as a long job goes: files read, games played.
Progress = Callable[[int, int], None]


def catalog_path(db: str | Path | None = None) -> Path:
    """Gets the catalog file to use: ``db`` if given, else ``$MYTHOS_DB`` or the user data folder.

    Only the default data folder is made when missing: a path given by ``--db`` or
    ``MYTHOS_DB`` whose folder does not exist is most likely a typo, and a fresh catalog
    built there would look like lost cards. Raises ``CatalogError`` for such a path, for a
    folder given as the catalog file, and for a data folder that cannot be made.
    """
    from deckbuilder.catalog.files import catalog_file

    return catalog_file(db)


def open_catalog(db: str | Path | None = None) -> tuple[Catalog, list[str]]:
    """Opens the catalog, building it from the bundled sample on first use; gets it and the
    notes to show (what was built, and how to import the real card pool).

    Raises ``CatalogError`` when the file is not a catalog this version can read.
    """
    from deckbuilder.catalog.opening import ensure_catalog

    catalog, built = ensure_catalog(catalog_path(db))
    notes = []
    if built is not None and built.upgraded_from is not None:
        notes.extend(built.notes)
    elif built is not None:
        notes.append(
            f"No catalog yet: built one from the bundled sample ({built.cards} cards) at {built.path}. "
            "Import the real card pool with `mythos catalog import PATH` or `mythos catalog fetch`."
        )
    return catalog, notes


@dataclass(frozen=True)
class CatalogBuild:
    """What ``mythos catalog import`` or ``fetch`` did: cards written, files read, errata applied."""

    report: BuildReport

    def to_json(self) -> dict[str, Any]:
        """Gets the build as ``mythos catalog import --json`` prints it."""
        report = self.report
        return {
            "path": str(report.path),
            "cards": report.cards,
            "files": len(report.sources),
            "errata_applied": report.errata_applied,
            "errata_unmatched": report.errata_unmatched,
            "errata_not_applied": report.errata_not_applied,
            "reconciliation": report.reconciliation,
            "notes": report.notes,
            "seconds": round(report.seconds, 3),
        }


def card_files(paths: Sequence[str | Path]) -> list[tuple[Path, bool]]:
    """Gets the card data files an import would read: each file named, and the .xml and .txt
    files of each folder, with whether it was named. Raises ``CardDataError`` for a path
    that does not exist or a folder with no such file."""
    from deckbuilder.catalog.importers import find_card_files

    return find_card_files([Path(p) for p in paths])


def import_card_files(
    db: str | Path | None,
    paths: Sequence[str | Path],
    *,
    progress: Progress | None = None,
    wait: bool = True,
    on_wait: Callable[[], None] | None = None,
) -> CatalogBuild:
    """Imports GCCG set XML or LackeyCCG set files (or folders of them) into the catalog,
    rebuilt beside the old one and swapped in when complete; the errata are applied.

    ``progress`` is called with (files read, files in all) before each file. While another
    import builds the same catalog, ``on_wait`` is called and this one waits, or with
    ``wait`` false raises ``CatalogBusyError`` (nothing is changed). Raises
    ``CardDataError`` for a file that cannot be read, :class:`~deckbuilder.errors.UsageError`
    when no card is found, ``CatalogError`` when the catalog cannot be written.
    """
    from deckbuilder.catalog.importers import read_found_files

    path = catalog_path(db)
    files = card_files(paths)
    read = 0

    def each_file(_file: Path) -> None:
        nonlocal read
        read += 1
        if progress is not None:
            progress(read, len(files))

    result = read_found_files(files, progress=each_file)
    if not result.cards:
        raise UsageError(
            "no cards found in " + ", ".join(str(p) for p in paths) + "; give GCCG set XML or LackeyCCG set files"
        )
    return _build(path, result, wait=wait, on_wait=on_wait)


def fetch_card_files(
    db: str | Path | None,
    url: str | None = None,
    *,
    progress: Callable[[str], None] | None = None,
    wait: bool = True,
    on_wait: Callable[[], None] | None = None,
) -> CatalogBuild:
    """Downloads the GCCG Mythos set files (from ``url``, by default the public GCCG
    repository) and imports them; ``progress`` is called with each file's name.

    Raises ``FetchError`` when nothing usable could be downloaded, and as
    :func:`import_card_files` does.
    """
    import shutil

    from deckbuilder.catalog.fetch import DEFAULT_BASE_URL, fetch_gccg_sets
    from deckbuilder.catalog.importers import read_card_files

    path = catalog_path(db)
    if not wait:  # refused before the download, not after it
        from deckbuilder.catalog.files import catalog_lock

        with catalog_lock(path, wait=False):
            pass
    folder, notes = fetch_gccg_sets(url or DEFAULT_BASE_URL, progress=progress)
    try:
        result = read_card_files([folder])
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    result.notes.extend(notes)
    return _build(path, result, wait=wait, on_wait=on_wait)


def _build(
    path: Path, result: ImportResult, *, wait: bool = True, on_wait: Callable[[], None] | None = None
) -> CatalogBuild:
    from deckbuilder.catalog.building import build_catalog

    return CatalogBuild(build_catalog(path, result, wait=wait, on_wait=on_wait))


@dataclass(frozen=True)
class CatalogInfo:
    """What the catalog holds (``mythos catalog info``): path, counts, sources, errata."""

    info: dict[str, Any]
    problems: bool = False

    def to_json(self) -> dict[str, Any]:
        """Gets the facts as ``mythos catalog info --json`` prints them."""
        return self.info


def catalog_info(catalog: Catalog, *, problems: bool = False) -> CatalogInfo:
    """Gets the catalog's path, sets and counts, sources, errata applied and unmatched, how
    the transcriptions were reconciled and every field where they (or a document) disagree,
    and with ``problems`` every value an importer kept raw."""
    meta = catalog.meta()
    counts = catalog.counts()
    info: dict[str, Any] = {
        "path": str(catalog.path),
        "cards": counts["total"],
        "by_set": counts["by_set"],
        "by_type": counts["by_type"],
        "by_legality": counts["by_legality"],
        "sources": catalog.sources(),
        "errata_applied": meta.get("errata_applied", 0),
        "errata_unmatched": meta.get("errata_unmatched", []),
        "errata_not_applied": meta.get("errata_not_applied", []),
        "reconciliation": meta.get("reconciliation", {}),
        "disagreements": catalog.disagreements(),
    }
    if problems:
        info["problems"] = catalog.problems()
    return CatalogInfo(info, problems)
