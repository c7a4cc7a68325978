"""The catalog a command opens: the one it finds, the bundled sample built on first use, or one
an older mythos built, rebuilt from its card files.

Beside :mod:`deckbuilder.catalog.store` (reading) and :mod:`deckbuilder.catalog.building`
(writing), which it joins: the store imports neither, the building only the store, and a
command that finds a current catalog never loads the building module.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from deckbuilder.catalog.store import SCHEMA_VERSION, Catalog, OutdatedCatalogError

if TYPE_CHECKING:
    from deckbuilder.catalog.building import BuildReport


def ensure_catalog(db_path: Path) -> tuple[Catalog, BuildReport | None]:
    """Opens the catalog, first building it from the bundled sample if there is none yet, or
    rebuilding it from its card files if an older version of mythos built it; gets the
    catalog and the build report, if it was built.

    Raises :class:`~deckbuilder.catalog.store.CatalogError` for a file that is not a catalog
    this version can read.
    """
    report = None
    if not Path(db_path).exists():
        # Only to build: the building module is not loaded to read.
        from deckbuilder.catalog.building import build_missing

        report = build_missing(Path(db_path))  # None: another build made it meanwhile
    try:
        return Catalog.open(Path(db_path)), report
    except OutdatedCatalogError as exc:
        if exc.version is not None and exc.version > SCHEMA_VERSION:
            raise
    from deckbuilder.catalog.building import upgrade_catalog

    report = upgrade_catalog(Path(db_path))
    return Catalog.open(Path(db_path)), report
