"""What the shell asks of the service: card and Adventure titles for completion.

Part of the service's one namespace (re-exported by :mod:`deckbuilder.service`).
"""

from __future__ import annotations

import os
from pathlib import Path

#: The most titles one completion offers.
MAX_COMPLETIONS = 50


def complete_titles(
    db: str | Path | None, incomplete: str, *, card_type: str | None = None, limit: int = MAX_COMPLETIONS
) -> list[str]:
    """Gets the titles a shell offers for what was typed so far: up to ``limit`` titles of
    the catalog beginning with ``incomplete`` (of ``card_type`` if given, "Adventure").

    Completion never builds a catalog nor makes a folder: with no catalog file there yet it
    offers nothing. Raises ``CatalogError`` for a file that is not a catalog this version reads.
    """
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.paths import user_data_folder

    env = os.environ.get("MYTHOS_DB")
    path = Path(db).expanduser() if db else Path(env).expanduser() if env else user_data_folder() / "catalog.sqlite"
    if not path.is_file():
        return []
    with Catalog.open(path) as catalog:
        return catalog.titles_starting(incomplete, card_type=card_type, limit=limit)
