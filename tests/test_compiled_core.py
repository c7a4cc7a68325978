"""The compiled rules core and the pure Python one answer alike (issue 17).

A wheel built with a C compiler carries the rules core compiled with mypyc; the same source
runs as pure Python from a checkout. Each command here runs twice, once with the installed
package and once with the checkout first on the path (no compiled module there), and the
answers must be the same, byte for byte. Where the installed core is itself pure (an
editable install, ``MYTHOS_PURE=1``, no C compiler) there is nothing to compare: skipped.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import MYTHOS_DATA

from deckbuilder.rules import compiled_core

CHECKOUT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    not compiled_core(),
    reason="the installed rules core is pure Python: "
    "nothing compiled to compare (pip install . with a C compiler builds it)",
)


def _run(args: list[str], *, pure: bool, tmp_path: Path) -> str:
    """Runs ``mythos ARGS`` on the installed core, or on the checkout's pure source."""
    env = dict(
        os.environ,
        MYTHOS_DB=str(tmp_path / "catalog.sqlite"),
        MYTHOS_DECKS=str(tmp_path / "decks"),
        MYTHOS_COLLECTION=str(tmp_path / "collection.json"),
        PYTHONHASHSEED="0",
    )
    env.pop("PYTHONPATH", None)
    if pure:
        env["PYTHONPATH"] = str(CHECKOUT)
    # From an empty folder: the checkout is on the path only when asked for.
    done = subprocess.run(
        [sys.executable, "-m", "deckbuilder", *args], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert done.returncode in (0, 1), done.stderr
    return done.stdout


def _both(args: list[str], tmp_path: Path) -> tuple[str, str]:
    return _run(args, pure=False, tmp_path=tmp_path), _run(args, pure=True, tmp_path=tmp_path)


def test_the_checkout_runs_the_pure_core_and_the_install_the_compiled_one(tmp_path):
    compiled, pure = _both(["--version"], tmp_path)
    assert compiled.strip().endswith("(compiled core)")
    assert pure.strip().endswith("(pure Python core)")


# The sample's Investigators have no beginning Sanity on the card, so the goldfish cannot play
# them: the real decks below hold the goldfish to the same answers.
SAMPLE_COMMANDS = [
    ["deck", "adventures", "{sample}", "--json"],
    ["deck", "playability", "{sample}", "--json"],
    ["deck", "check", "{sample}", "--json"],
]


@pytest.mark.parametrize("args", SAMPLE_COMMANDS, ids=[" ".join(a[:2] + a[3:]) for a in SAMPLE_COMMANDS])
def test_both_cores_answer_alike_on_the_sample(tmp_path, args):
    sample = CHECKOUT / "catalog" / "sample" / "example-deck.txt"
    compiled, pure = _both([a.format(sample=sample) for a in args], tmp_path)
    assert compiled and compiled == pure


REAL_DECKS = ["standard-corrupt.deck", "standard-steadfast.deck", "bourne-ultravox.deck"]


@pytest.mark.parametrize("name", REAL_DECKS)
def test_both_cores_answer_alike_on_real_decks(gccg_catalog_path, tmp_path, name):
    deck = str(MYTHOS_DATA / "gccg" / "decks" / name)
    db = ["--db", str(gccg_catalog_path)]
    for args in (
        ["deck", "goldfish", deck, "-n", "400", "--seed", "3", "--json"],
        ["deck", "goldfish", deck, "-n", "200", "--seed", "4", "--format", "campaign"],
        ["deck", "adventures", deck, "--json"],
        ["deck", "plan", deck, "--json"],
    ):
        compiled, pure = _both(args + db, tmp_path)
        assert compiled and compiled == pure, args
