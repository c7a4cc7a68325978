"""Tries the catalog as a careless user would, many times over, and prints what was lost.

Three kinds of trial, each with real ``mythos`` processes on invented set files (3,000 Allies
each, written to a temporary folder; no third-party data):

- two imports of different sets at once into one catalog: both sets must be there after;
- an import killed (``kill -9``) at a random moment, or while it writes the new catalog: the
  catalog must open whole, as it was or as the import made it, and the next import must
  leave no ``.building`` file behind;
- searches while an import runs: each must see a whole catalog (one set's count or both).

And, with ``--decks``, saved decks changed at once (issue 26), on the bundled sample catalog:

- processes adding different cards to one saved deck through the service's save function,
  each save made against the revision it read and retried when refused: every card
  answered as saved must be in the deck, and the index must list every version, once;
- ``mythos deck save FILE --id ID`` run by several processes at once (no revision: one
  after another): every save answered "saved ... version N" must be version N, none lost.

    python tools/reliability_trials.py            # 10 trials of each
    python tools/reliability_trials.py 25
    python tools/reliability_trials.py --decks 20 # the saved-deck trials only

And, on its own, the web server under concurrent searches (issue 26: a shared SQLite
connection hung it for good): ``--searches N`` starts a fresh ``mythos serve`` N times, fires
200 searches at once at each (bare words, misspelt words, keyed; each with a 30 s timeout),
checks every answer against the same search read in one thread, then sends Ctrl-C and times
the stop. ``--db PATH`` searches that catalog (the real pool) instead of an invented one.

    python tools/reliability_trials.py --searches 10 [--db PATH]

Prints the trials, the failures and the seconds; exits 1 on any failure. Not a test: it
takes a minute or more.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

#: The invented sets' files are the tests' own (tests/support/invented.py): one builder of
#: invented cards for the tests and these trials.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from support.invented import INVENTED_SEARCHES, REAL_SEARCHES, invented_set, set_file  # noqa: E402

CARDS = 3000


def mythos(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "deckbuilder", *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


def counts(db: Path) -> dict[str, int]:
    """Gets the cards by set of a catalog (raises if it is not a whole, readable catalog)."""
    from deckbuilder.catalog.store import Catalog

    with Catalog.open(db) as catalog:
        return dict(catalog.counts()["by_set"])


def concurrent_imports(folder: Path, trials: int) -> int:
    a, b = set_file(folder, "Alpha", CARDS), set_file(folder, "Beta", CARDS)
    failures = 0
    for trial in range(trials):
        db = folder / f"concurrent-{trial}.sqlite"
        procs = [mythos("catalog", "import", str(f), "--db", str(db)) for f in (a, b)]
        codes = [p.wait() for p in procs]
        sets = counts(db) if db.exists() else {}
        if codes != [0, 0] or sets.get("ALPHA") != CARDS or sets.get("BETA") != CARDS:
            failures += 1
            print(f"  concurrent trial {trial}: exit codes {codes}, sets {sets}")
    return failures


def killed_imports(folder: Path, trials: int, rng: random.Random) -> tuple[int, int]:
    a, b, c = set_file(folder, "Alpha", CARDS), set_file(folder, "Beta", CARDS), set_file(folder, "Gamma", 10)
    failures = mid_build = 0
    for trial in range(trials):
        db = folder / f"killed-{trial}.sqlite"
        assert mythos("catalog", "import", str(a), "--db", str(db)).wait() == 0
        proc = mythos("catalog", "import", str(b), "--db", str(db))
        if trial % 2:
            time.sleep(rng.uniform(0.3, 3.0))  # any moment
        else:  # a moment while the new catalog is being written
            deadline = time.monotonic() + 60
            while (
                not list(folder.glob(f".{db.name}.*.building")) and proc.poll() is None and time.monotonic() < deadline
            ):
                time.sleep(0.005)
            time.sleep(rng.uniform(0.0, 0.2))
        proc.kill()
        proc.wait()
        mid_build += bool(list(folder.glob(f".{db.name}.*.building*")))
        try:
            sets = counts(db)
            whole = sets in ({"ALPHA": CARDS}, {"ALPHA": CARDS, "BETA": CARDS})
        except Exception as exc:  # a catalog that does not open is a corruption
            sets, whole = {"error": str(exc)}, False  # type: ignore[dict-item]
        cleaned = mythos("catalog", "import", str(c), "--db", str(db)).wait() == 0
        left = sorted(p.name for p in folder.glob(f".{db.name}.*"))
        if not whole or not cleaned or left:
            failures += 1
            print(f"  killed trial {trial}: sets {sets}, next import ok {cleaned}, left {left}")
    return failures, mid_build


def searches_during_imports(folder: Path, trials: int) -> tuple[int, int]:
    a, b = set_file(folder, "Alpha", CARDS), set_file(folder, "Beta", CARDS)
    failures = reads = 0
    for trial in range(trials):
        db = folder / f"reads-{trial}.sqlite"
        assert mythos("catalog", "import", str(a), "--db", str(db)).wait() == 0
        proc = mythos("catalog", "import", str(b), "--db", str(db))
        while proc.poll() is None:
            reads += 1
            total = sum(counts(db).values())
            if total not in (CARDS, 2 * CARDS):
                failures += 1
                print(f"  read during trial {trial}: {total} cards")
    return failures, reads


def catalog_trials(trials: int) -> int:
    """Runs the catalog's trials; gets the failures."""
    rng = random.Random(13)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mythos-trials-") as tmp:
        folder = Path(tmp)
        lost = concurrent_imports(folder, trials)
        print(f"two imports at once: {trials} trials, {lost} with a set lost")
        broken, mid_build = killed_imports(folder, trials, rng)
        print(
            f"kill -9 mid-import: {trials} trials ({mid_build} killed mid-build, leaving a .building file), "
            f"{broken} with the catalog not whole or leftovers after the next import"
        )
        partial, reads = searches_during_imports(folder, trials)
        print(f"searches during an import: {reads} reads in {trials} imports, {partial} saw a partial catalog")
    failures = lost + broken + partial
    print(f"{3 * trials} trials and {reads} reads in {time.perf_counter() - started:.0f} s: {failures} failures")
    return failures


# --------------------------------------------------------------------------------------
# saved decks changed at once (--decks)

#: Processes adding cards at once, and the cards each adds, in a trial of --decks.
DECK_WORKERS, CARDS_EACH = 4, 6


def _adding_worker(db: str, decks: str, deck_id: str, keys: list[str]) -> tuple[list[str], int]:
    """Adds each card to the saved deck with a save of its own, made against the revision it
    read (the revision first, then the deck), retrying a refused one; gets (the cards saved,
    the saves refused)."""
    from deckbuilder import service
    from deckbuilder.library import DeckChangedError

    catalog, _ = service.open_catalog(db)
    applied, refused = [], 0
    try:
        for key in keys:
            for _attempt in range(500):
                saved = service.saved_deck(decks, deck_id)
                deck = service.load_saved_deck(catalog, decks, deck_id)
                try:
                    service.save_deck(
                        catalog,
                        decks,
                        service.edit_deck(catalog, deck, key, count=1),
                        deck_id=deck_id,
                        revision=saved.revision,
                    )
                except DeckChangedError:
                    refused += 1
                    continue
                applied.append(key)
                break
    finally:
        catalog.close()
    return applied, refused


def _history_faults(decks: Path, deck_id: str) -> list[str]:
    """Gets what is wrong with a deck's history: version files not numbered 1..N, an index
    that does not list each once, two versions in a row the same, temporary files left."""
    history = decks / ".history" / deck_id
    files = sorted(int(p.stem) for p in history.glob("[0-9]*.json"))
    faults = []
    if files != list(range(1, len(files) + 1)):
        faults.append(f"version files {files}")
    indexed = [v.get("version") for v in json.loads((history / "index.json").read_text(encoding="utf-8"))["versions"]]
    if indexed != files:
        faults.append(f"index lists {len(indexed)} of {len(files)} versions")
    texts = [(history / f"{n:04d}.json").read_bytes() for n in files]
    if any(a == b for a, b in zip(texts, texts[1:])):
        faults.append("two versions in a row the same")
    left = [p.name for p in decks.rglob("*.tmp")]
    if left:
        faults.append(f"temporary files left: {left}")
    return faults


def concurrent_deck_saves(folder: Path, trials: int) -> tuple[int, int, int, int]:
    """Processes adding different cards to one deck at once; gets (cases, failures, cards
    lost, saves refused and retried)."""
    from deckbuilder import service

    db = folder / "sample.sqlite"
    catalog, _ = service.open_catalog(db)
    keys = sorted(
        {c.title: c.key for c in catalog.all_cards() if c.type is not None and c.type.value != "Investigator"}.values()
    )[: DECK_WORKERS * CARDS_EACH]
    cases = failures = lost = refused = 0
    pool = multiprocessing.get_context("spawn").Pool(DECK_WORKERS)
    try:
        for trial in range(trials):
            decks = folder / f"decks-{trial}"
            deck_id = service.save_deck(catalog, decks, service.new_deck(catalog, f"Trial {trial}")).id
            results = pool.starmap(
                _adding_worker, [(str(db), str(decks), deck_id, keys[n::DECK_WORKERS]) for n in range(DECK_WORKERS)]
            )
            applied = {k for r in results for k in r[0]}
            refused += sum(r[1] for r in results)
            cases += len(keys)
            held = {e.card.key for e in service.load_saved_deck(catalog, decks, deck_id).deck.entries}
            missing = applied - held
            versions = len(service.saved_deck(decks, deck_id).versions)
            faults = _history_faults(decks, deck_id)
            if versions != 1 + len(applied):
                faults.append(f"{versions} versions for {len(applied)} saves")
            if missing or len(applied) != len(keys) or faults:
                failures += 1
                lost += len(missing)
                print(f"  trial {trial}: {len(applied)} of {len(keys)} saved, {len(missing)} lost, {faults}")
    finally:
        pool.close()
        pool.join()
        catalog.close()
    return cases, failures, lost, refused


def concurrent_cli_saves(folder: Path, trials: int, processes: int = 6) -> tuple[int, int, int]:
    """``mythos deck save FILE --id ID`` run by several processes at once; gets (cases,
    failures, versions lost)."""
    from deckbuilder import service
    from deckbuilder.paths import catalog_data_dir

    db = folder / "sample.sqlite"
    example = (catalog_data_dir() / "sample" / "example-deck.txt").read_text(encoding="utf-8")
    lines = [line for line in example.splitlines() if re.match(r"\d+ ", line)]
    files = []
    for n in range(processes):  # each a deck of its own: one line of the example taken out
        path = folder / f"deck-{n}.txt"
        path.write_text("\n".join(line for line in example.splitlines() if line != lines[n]) + "\n", encoding="utf-8")
        files.append(path)
    env = {**os.environ, "MYTHOS_DB": str(db), "NO_COLOR": "1"}
    cases = failures = lost = 0
    for trial in range(trials):
        decks = folder / f"cli-decks-{trial}"
        catalog, _ = service.open_catalog(db)
        deck_id = service.save_deck(catalog, decks, service.new_deck(catalog, "Saved at once")).id
        catalog.close()
        procs = [
            subprocess.Popen(
                [sys.executable, "-m", "deckbuilder", "deck", "save", str(f), "--id", deck_id, "--decks", str(decks)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=env,
                text=True,
            )
            for f in files
        ]
        answers = [p.communicate() for p in procs]
        made = sorted(int(m[1]) for out, _err in answers if (m := re.search(r"version (\d+) ", out)))
        cases += processes
        faults = _history_faults(decks, deck_id)
        versions = sorted(int(p.stem) for p in (decks / ".history" / deck_id).glob("[0-9]*.json"))
        gone = len(set(made) - set(versions))
        if [p.returncode for p in procs] != [0] * processes or made != list(range(2, 2 + processes)) or faults or gone:
            failures += 1
            lost += gone
            errors = [err.strip() for _out, err in answers if err.strip()]
            print(f"  cli trial {trial}: versions answered {made}, kept {versions}, {faults}, {errors[:2]}")
    return cases, failures, lost


def deck_trials(trials: int) -> int:
    """Runs the saved-deck trials; gets the failures."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mythos-deck-trials-") as tmp:
        folder = Path(tmp)
        cases, failed, lost, refused = concurrent_deck_saves(folder, trials)
        print(
            f"{DECK_WORKERS} processes adding {CARDS_EACH} cards each to one deck: {trials} trials, {cases} cards, "
            f"{failed} failures, {lost} cards lost ({refused} saves refused as made against an old revision, "
            "then retried)"
        )
        cli_cases, cli_failed, cli_lost = concurrent_cli_saves(folder, trials)
        print(
            f"mythos deck save --id, 6 processes at once: {trials} trials, {cli_cases} saves, {cli_failed} failures, "
            f"{cli_lost} versions lost"
        )
    failures = failed + cli_failed
    print(
        f"{cases + cli_cases} cases in {time.perf_counter() - started:.0f} s: {failures} failures, "
        f"{lost + cli_lost} lost"
    )
    return failures


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        description="Tries the catalog (or, with --decks, the saved decks) as a careless "
        "user would, many times over, and prints what was lost."
    )
    parser.add_argument("trials", nargs="?", type=int, default=10, help="trials of each kind (default 10)")
    parser.add_argument("--decks", action="store_true", help="the saved-deck trials: one deck changed at once")
    parser.add_argument(
        "--searches",
        action="store_true",
        help=f"the web server's trials: {AT_ONCE} searches at once on each of TRIALS fresh servers",
    )
    parser.add_argument("--db", type=Path, help="with --searches: a catalog to search (default: an invented set)")
    args = parser.parse_args(argv)
    if args.searches:
        return search_trials(args.trials, args.db)
    failures = deck_trials(args.trials) if args.decks else catalog_trials(args.trials)
    return 1 if failures else 0


# --------------------------------------------------------------------------------------
# the web server under concurrent searches (issue 26)

#: Searches at once against each fresh server.
AT_ONCE = 200
#: Seconds a search may take before it counts as hung; seconds a server may take to stop.
SEARCH_TIMEOUT, STOP_TIMEOUT = 30.0, 10.0


def invented_catalog(folder: Path, cards: int = 3000) -> Path:
    """Builds a catalog of ``cards`` invented Allies named from a few words (bare words match
    many titles, so each search runs the title-word function on every row)."""
    source = invented_set(folder, cards)
    db = folder / "invented.sqlite"
    assert mythos("catalog", "import", str(source), "--db", str(db)).wait() == 0
    return db


def concurrent_searches(
    folder: Path, db: Path, searches: tuple[str, ...], trials: int
) -> tuple[int, int, int, int, float]:
    """Starts a fresh server ``trials`` times, fires :data:`AT_ONCE` searches at once at each,
    then Ctrl-C; gets the searches fired, the wrong or failed answers, the hangs (a search
    past its timeout, or a server not stopped in time), the servers stopped and the slowest
    stop in seconds."""
    import functools
    import signal
    import socket
    import threading
    import urllib.request
    from concurrent.futures import ThreadPoolExecutor

    from deckbuilder import service
    from deckbuilder.catalog.store import Catalog

    with Catalog.open(db) as catalog:
        expected = {
            q: [c.key for c in service.search_cards(catalog, service.parse_search(q, limit=20)).cards] for q in searches
        }
    cases = failures = hangs = stopped = 0
    slowest = 0.0
    for trial in range(trials):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "deckbuilder",
                "serve",
                "--no-browser",
                "--port",
                str(port),
                "--db",
                str(db),
                "--decks",
                str(folder / f"decks-{trial}"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/decks", timeout=5).close()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit(f"the server of trial {trial} never answered") from None
                time.sleep(0.1)
        queries = [searches[i % len(searches)] for i in range(AT_ONCE)]
        one = functools.partial(_one_search, port, threading.Barrier(AT_ONCE), expected)
        with ThreadPoolExecutor(AT_ONCE) as pool:
            outcomes = list(pool.map(one, queries))
        cases += len(outcomes)
        hangs += outcomes.count("hang")
        failures += sum(o not in ("ok", "hang") for o in outcomes)
        stopping = time.monotonic()
        server.send_signal(signal.SIGINT)
        try:
            _out, err = server.communicate(timeout=STOP_TIMEOUT)
            slowest = max(slowest, time.monotonic() - stopping)
            stopped += 1
            if "Traceback" in err:
                failures += 1
                print(f"  trial {trial}: a traceback on the server's stderr")
        except subprocess.TimeoutExpired:
            server.kill()
            server.communicate()
            hangs += 1
            print(f"  trial {trial}: the server was still running {STOP_TIMEOUT:.0f} s after Ctrl-C")
        if outcomes.count("ok") != len(outcomes):
            print(
                f"  trial {trial}: {outcomes.count('hang')} hung, "
                f"{sum(o not in ('ok', 'hang') for o in outcomes)} wrong or failed of {len(outcomes)}"
            )
    return cases, failures, hangs, stopped, slowest


def _one_search(port: int, start: Any, expected: dict[str, list[str]], query: str) -> str:
    """Searches once when every thread is ready; gets "ok", "wrong", "hang" or the error."""
    import json
    import urllib.parse
    import urllib.request

    start.wait()
    url = f"http://127.0.0.1:{port}/api/cards?" + urllib.parse.urlencode({"q": query, "limit": 20})
    try:
        with urllib.request.urlopen(url, timeout=SEARCH_TIMEOUT) as answer:
            keys = [card["key"] for card in json.loads(answer.read())]
    except TimeoutError:
        return "hang"
    except OSError as exc:
        return f"error {exc!r}"
    return "ok" if keys == expected[query] else "wrong"


def search_trials(trials: int, db: Path | None) -> int:
    """``--searches [N] [--db PATH]``: the concurrent-search trial on N fresh servers; gets the exit code."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mythos-trials-") as tmp:
        folder = Path(tmp)
        searches = REAL_SEARCHES if db is not None else INVENTED_SEARCHES
        cases, failures, hangs, stopped, slowest = concurrent_searches(
            folder, db or invented_catalog(folder), searches, trials
        )
    print(
        f"{AT_ONCE} searches at once on {trials} fresh servers ({'the catalog ' + str(db) if db else 'an invented set'}"
        f"): {cases} cases, {failures} failures, {hangs} hangs; Ctrl-C stopped {stopped} of {trials} servers, the "
        f"slowest in {slowest:.1f} s ({time.perf_counter() - started:.0f} s in all)"
    )
    return 1 if failures or hangs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
