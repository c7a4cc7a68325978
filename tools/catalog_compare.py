"""Compares the catalogs two checkouts of ``mythos`` build from the real set files, table by table.

Each checkout's own source runs ``mythos catalog import`` in a new process (``PYTHONPATH``
set to it, the hash seed fixed), over the same sequences of imports into one catalog: the
GCCG sets, the LackeyCCG sets, both, and three sequences that replace and add files (GCCG
then LackeyCCG then one GCCG file again; both then the GCCG sets again; LackeyCCG then two
GCCG files). Then every table and index, its SQL and its rows in order, and what each
command printed and its exit code, are compared. Blanked out: the build's and the files'
times (``built_at``, ``imported_at``, the seconds in the printed line) and the code
fingerprint of the kept name tables (it names the source of the code that made them, so it
differs whenever that code is edited; the tables themselves are compared).

    python tools/catalog_compare.py /work/main .     # before, after

Exit 0 when everything matches, 1 when anything differs (the first differing row of each
table is shown). Reads ``../shared/mythos-data``; nothing is written into the repository.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "mythos-data"
GCCG = DATA / "gccg" / "sets"
LACKEY = DATA / "lackey" / "sets"

#: Each case: the imports made one after another into one new catalog.
SEQUENCES: dict[str, list[list[Path]]] = {
    "gccg": [[GCCG]],
    "lackey": [[LACKEY]],
    "both": [[GCCG, LACKEY]],
    "gccg, lackey, one gccg file": [[GCCG], [LACKEY], [GCCG / "cr.xml"]],
    "both, then gccg": [[GCCG, LACKEY], [GCCG]],
    "lackey, then two gccg files": [[LACKEY], [GCCG / "cr.xml", GCCG / "drm.xml"]],
}

Answer = tuple[int, str, str]
Dump = dict[tuple[str, str], object]


def build(checkout: Path, imports: list[list[Path]], db: Path) -> list[Answer]:
    """Runs the imports with a checkout's source; gets each one's exit code and output."""
    env = {**os.environ, "PYTHONPATH": str(checkout), "PYTHONHASHSEED": "0"}
    answers = []
    for paths in imports:
        done = subprocess.run(
            [sys.executable, "-m", "deckbuilder", "catalog", "import", *map(str, paths), "--db", str(db)],
            capture_output=True,
            text=True,
            env=env,
        )
        timeless = re.sub(r"\(\d+\.\d\d s\)", "(0 s)", done.stdout)
        answers.append((done.returncode, timeless.replace(str(db), "DB"), done.stderr.replace(str(db), "DB")))
    return answers


def dump(db: Path) -> Dump:
    """Gets a catalog's schema and rows, times and the name tables' code fingerprint blanked."""
    con = sqlite3.connect(db)
    out: Dump = {}
    for name, sql in con.execute("select name, sql from sqlite_master order by name"):
        out[("schema", name)] = sql
    tables = [name for (name,) in con.execute("select name from sqlite_master where type = 'table' order by name")]
    for table in tables:
        columns = [r[1] for r in con.execute(f'pragma table_info("{table}")')]
        rows = []
        for row in con.execute(f'select * from "{table}" order by rowid'):
            values = dict(zip(columns, row))
            if table == "source":
                values["imported_at"] = None
            if table == "meta" and values["key"] == "built_at":
                values["value"] = None
            if table == "meta" and values["key"] == "name_tables":
                tables_kept = json.loads(values["value"])
                tables_kept.pop("code")
                values["value"] = json.dumps(tables_kept)
            rows.append(tuple(values.values()))
        out[("table", table)] = rows
    con.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path, help="a checkout of mythos (git worktree add ../before main)")
    parser.add_argument("after", type=Path, help="another checkout")
    args = parser.parse_args()
    if not GCCG.is_dir() or not LACKEY.is_dir():
        print(f"the real set files are absent ({DATA}): nothing to compare")
        return 0
    differ = 0
    with tempfile.TemporaryDirectory() as tmp:
        for number, (case, imports) in enumerate(SEQUENCES.items()):
            paths = [Path(tmp) / f"{side}-{number}.sqlite" for side in ("before", "after")]
            answers = [build(checkout.resolve(), imports, db) for checkout, db in zip((args.before, args.after), paths)]
            dumps = [dump(db) for db in paths]
            tables = [k for k in dumps[0].keys() | dumps[1].keys() if dumps[0].get(k) != dumps[1].get(k)]
            rows = sum(len(v) for k, v in dumps[0].items() if k[0] == "table" and isinstance(v, list))
            print(
                f"{case}: output {'same' if answers[0] == answers[1] else 'DIFFERENT'}, "
                f"{'every table the same' if not tables else 'DIFFERENT: ' + ', '.join(map(str, sorted(tables)))} "
                f"({rows} rows), exit codes {[a[0] for a in answers[0]]}"
            )
            if answers[0] != answers[1]:
                print(f"    before: {answers[0]}\n    after:  {answers[1]}")
            for key in sorted(tables):
                before, after = dumps[0].get(key), dumps[1].get(key)
                if isinstance(before, list) and isinstance(after, list):
                    first = next(
                        (i for i, (x, y) in enumerate(zip(before, after)) if x != y), min(len(before), len(after))
                    )
                    print(f"    {key} row {first}: {len(before)} and {len(after)} rows")
                    for side, rows_of in (("before", before), ("after", after)):
                        print(f"      {side}: {str(rows_of[first])[:240] if first < len(rows_of) else '(none)'}")
            differ += bool(tables) or answers[0] != answers[1]
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
