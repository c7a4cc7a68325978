"""Shared fixtures. Real card data is read in place from ../shared/mythos-data and the
tests that need it skip cleanly when it is absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Hypothesis profiles. "ci" (chosen when CI is set, as .ci/run does): derandomized, so a run
# draws the same examples every time and cannot go red at random, with a fixed example count
# (a test's own max_examples, else 100) and no example database. "dev" (the default here):
# random draws, more of them for a test that does not fix its count, and the failures found
# kept in the example database. HYPOTHESIS_PROFILE chooses one by name.
settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=100,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=300, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
SEEDS = SHARED / "seeds"
MYTHOS_DATA = SHARED / "mythos-data"


@pytest.fixture(scope="session")
def mythos_data() -> Path:
    """The third-party card data folder (GCCG and Lackey transcriptions, real decks)."""
    if not (MYTHOS_DATA / "gccg" / "sets").is_dir():
        pytest.skip("../shared/mythos-data is absent")
    return MYTHOS_DATA


@pytest.fixture(scope="session")
def gccg_sets(mythos_data: Path) -> Path:
    return mythos_data / "gccg" / "sets"


@pytest.fixture(scope="session")
def lackey_sets(mythos_data: Path) -> Path:
    return mythos_data / "lackey" / "sets"


@pytest.fixture(scope="session")
def rulings_text() -> list[str]:
    """The rulings document's lines (1-based: index 0 is line 1)."""
    path = SEEDS / "mythos-errata-rulings.txt"
    if not path.is_file():
        pytest.skip("../shared/seeds is absent")
    return path.read_text(encoding="utf-8").splitlines()


def _built(tmp_path_factory, name: str, *folders: Path) -> Path:
    """Builds a catalog file from card files, once per session."""
    from deckbuilder.catalog.building import build_catalog
    from deckbuilder.catalog.importers import read_card_files

    path = tmp_path_factory.mktemp(name) / "catalog.sqlite"
    build_catalog(path, read_card_files(list(folders)))
    return path


@pytest.fixture(scope="session")
def gccg_catalog_path(gccg_sets: Path, tmp_path_factory) -> Path:
    """A catalog file built once from the real GCCG set files (errata applied)."""
    return _built(tmp_path_factory, "gccg-catalog", gccg_sets)


@pytest.fixture(scope="session")
def gccg_catalog(gccg_catalog_path: Path):
    """The open real-pool catalog (``deckbuilder.catalog.store.Catalog``), shared by the session."""
    from deckbuilder.catalog.store import Catalog

    with Catalog.open(gccg_catalog_path) as catalog:
        yield catalog


@pytest.fixture(scope="session")
def gccg_cards(gccg_catalog) -> list:
    """Every card of the real pool as it plays (errata applied), in set order."""
    return gccg_catalog.all_cards()


def load_real_deck(path: Path, catalog):
    """Reads and resolves a real deck file: returns ``deckbuilder.rules.decks.Deck``."""
    from deckbuilder.service import load_deck_file

    return load_deck_file(catalog, path).deck


@pytest.fixture(scope="session")
def both_catalog_path(gccg_sets: Path, lackey_sets: Path, tmp_path_factory) -> Path:
    """A catalog file built once from both transcriptions (reconciled, errata applied)."""
    return _built(tmp_path_factory, "both-catalog", gccg_sets, lackey_sets)


@pytest.fixture(scope="session")
def both_catalog(both_catalog_path: Path):
    """The open catalog of both transcriptions, shared by the session."""
    from deckbuilder.catalog.store import Catalog

    with Catalog.open(both_catalog_path) as catalog:
        yield catalog


@pytest.fixture(scope="session")
def lackey_catalog_path(lackey_sets: Path, tmp_path_factory) -> Path:
    """A catalog file built once from the LackeyCCG transcription alone."""
    return _built(tmp_path_factory, "lackey-catalog", lackey_sets)


@pytest.fixture(scope="session")
def chromium() -> str:
    """The headless Chromium that prints PDFs; the test skips without it."""
    from deckbuilder.sheet.pdf import find_chromium

    found = find_chromium()
    if found is None:
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    return found
