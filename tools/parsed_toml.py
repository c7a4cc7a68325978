"""Writes the parsed twins of the TOML data files every catalog build reads.

``deckbuilder/catalog/importers/parsedtoml.py`` reads ``catalog/errata.toml``,
``rulings.toml`` and ``card-facts.toml`` through a JSON twin beside each
(``errata.parsed.json``: the data and the SHA-256 of the text it was made from), parsed with
``tomllib`` only when the twin is missing or stale (issue 28: 15-25 ms of each import). Run
this after editing one of them; tests/test_errata.py fails while a twin is stale.

    python tools/parsed_toml.py            # writes the twins that changed
    python tools/parsed_toml.py --check    # exit 1, naming them, when any is missing or stale
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deckbuilder.catalog.importers.parsedtoml import TWINNED, twin_of, twin_text  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 when a twin is stale")
    args = parser.parse_args()
    stale = []
    for name in TWINNED:
        file = ROOT / "catalog" / name
        twin = twin_of(file)
        text = twin_text(file.read_text(encoding="utf-8"))
        if not twin.exists() or twin.read_text(encoding="utf-8") != text:
            stale.append(twin)
            if not args.check:
                twin.write_text(text, encoding="utf-8", newline="\n")
                print(f"wrote {twin.relative_to(ROOT)}")
    if args.check and stale:
        print("stale: " + ", ".join(str(t.relative_to(ROOT)) for t in stale) + "; run python tools/parsed_toml.py")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
