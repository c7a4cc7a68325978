"""Tries the catalog as a careless user would, many times over, and prints what was lost.

Three kinds of trial, each with real ``mythos`` processes on invented set files (3,000 Allies
each, written to a temporary folder; no third-party data):

- two imports of different sets at once into one catalog: both sets must be there after;
- an import killed (``kill -9``) at a random moment, or while it writes the new catalog: the
  catalog must open whole, as it was or as the import made it, and the next import must
  leave no ``.building`` file behind;
- searches while an import runs: each must see a whole catalog (one set's count or both).

    python tools/reliability_trials.py            # 10 trials of each
    python tools/reliability_trials.py 25

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

import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

CARDS = 3000


def set_file(folder: Path, name: str, cards: int = CARDS) -> Path:
    body = "".join(f'<card name="{name} Card {i}" text="An invented card."><attr key="type" value="Ally"/>'
                   f'<attr key="set" value="{name}"/></card>' for i in range(cards))
    path = folder / f"{name.lower()}.xml"
    path.write_text(f'<?xml version="1.0" encoding="UTF-8"?><ccg-setinfo name="{name}" game="Mythos">'
                    f"<cards>{body}</cards></ccg-setinfo>", encoding="utf-8")
    return path


def mythos(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "deckbuilder", *args],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def counts(db: Path) -> dict[str, int]:
    """Gets the cards by set of a catalog (raises if it is not a whole, readable catalog)."""
    from deckbuilder.catalog.store import Catalog

    with Catalog.open(db) as catalog:
        return dict(catalog.counts()["by_set"])


def concurrent_imports(folder: Path, trials: int) -> int:
    a, b = set_file(folder, "Alpha"), set_file(folder, "Beta")
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
    a, b, c = set_file(folder, "Alpha"), set_file(folder, "Beta"), set_file(folder, "Gamma", 10)
    failures = mid_build = 0
    for trial in range(trials):
        db = folder / f"killed-{trial}.sqlite"
        assert mythos("catalog", "import", str(a), "--db", str(db)).wait() == 0
        proc = mythos("catalog", "import", str(b), "--db", str(db))
        if trial % 2:
            time.sleep(rng.uniform(0.3, 3.0))  # any moment
        else:  # a moment while the new catalog is being written
            deadline = time.monotonic() + 60
            while not list(folder.glob(f".{db.name}.*.building")) and proc.poll() is None \
                    and time.monotonic() < deadline:
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
    a, b = set_file(folder, "Alpha"), set_file(folder, "Beta")
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


def main(argv: list[str]) -> int:
    if argv[:1] == ["--searches"]:
        return searches_main(argv[1:])
    trials = int(argv[0]) if argv else 10
    rng = random.Random(13)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mythos-trials-") as tmp:
        folder = Path(tmp)
        lost = concurrent_imports(folder, trials)
        print(f"two imports at once: {trials} trials, {lost} with a set lost")
        broken, mid_build = killed_imports(folder, trials, rng)
        print(f"kill -9 mid-import: {trials} trials ({mid_build} killed mid-build, leaving a .building file), "
              f"{broken} with the catalog not whole or leftovers after the next import")
        partial, reads = searches_during_imports(folder, trials)
        print(f"searches during an import: {reads} reads in {trials} imports, {partial} saw a partial catalog")
    failures = lost + broken + partial
    print(f"{3 * trials} trials and {reads} reads in {time.perf_counter() - started:.0f} s: {failures} failures")
    return 1 if failures else 0


# --------------------------------------------------------------------------------------
# the web server under concurrent searches (issue 26)

#: Searches at once against each fresh server.
AT_ONCE = 200
#: Seconds a search may take before it counts as hung; seconds a server may take to stop.
SEARCH_TIMEOUT, STOP_TIMEOUT = 30.0, 10.0
ADJECTIVES = ("Dark", "Silver", "Hidden", "Drowned", "Whispering", "Forgotten", "Crimson", "Hollow")
NOUNS = ("Library", "Professor", "Lantern", "Archive", "Harbour", "Observatory", "Manuscript", "Sailor")
INVENTED_SEARCHES = ("library", "dark lantern", "manuscrpt", "whispering sailor", "observatory", "t:ally hollow",
                     "t:ally", "crimson or harbour")
REAL_SEARCHES = ("necronomicon", "dark young", "necronomicn", "mi-go", "t:monster young", "t:ally", "a:city")


def invented_catalog(folder: Path, cards: int = 3000) -> Path:
    """Builds a catalog of ``cards`` invented Allies named from a few words (bare words match
    many titles, so each search runs the title-word function on every row)."""
    names = [f"{a} {n} {i}" for i in range(cards // (len(ADJECTIVES) * len(NOUNS)) + 1)
             for a in ADJECTIVES for n in NOUNS][:cards]
    body = "".join(f'<card name="{name}" text="An invented card."><attr key="type" value="Ally"/>'
                   '<attr key="set" value="Invented"/></card>' for name in names)
    source = folder / "invented.xml"
    source.write_text('<?xml version="1.0" encoding="UTF-8"?><ccg-setinfo name="Invented" game="Mythos">'
                      f"<cards>{body}</cards></ccg-setinfo>", encoding="utf-8")
    db = folder / "invented.sqlite"
    assert mythos("catalog", "import", str(source), "--db", str(db)).wait() == 0
    return db


def concurrent_searches(folder: Path, db: Path, searches: tuple[str, ...],
                        trials: int) -> tuple[int, int, int, int, float]:
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
        expected = {q: [c.key for c in service.search_cards(catalog, service.parse_search(q, limit=20)).cards]
                    for q in searches}
    cases = failures = hangs = stopped = 0
    slowest = 0.0
    for trial in range(trials):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        server = subprocess.Popen([sys.executable, "-m", "deckbuilder", "serve", "--no-browser", "--port", str(port),
                                   "--db", str(db), "--decks", str(folder / f"decks-{trial}")],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
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
            print(f"  trial {trial}: {outcomes.count('hang')} hung, "
                  f"{sum(o not in ('ok', 'hang') for o in outcomes)} wrong or failed of {len(outcomes)}")
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


def searches_main(argv: list[str]) -> int:
    """``--searches N [--db PATH]``: the concurrent-search trial, N fresh servers."""
    trials = int(argv[0]) if argv and argv[0].isdigit() else 10
    db = Path(argv[argv.index("--db") + 1]) if "--db" in argv else None
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mythos-trials-") as tmp:
        folder = Path(tmp)
        searches = REAL_SEARCHES if db is not None else INVENTED_SEARCHES
        cases, failures, hangs, stopped, slowest = concurrent_searches(folder, db or invented_catalog(folder), searches,
                                                                       trials)
    print(f"{AT_ONCE} searches at once on {trials} fresh servers ({'the catalog ' + str(db) if db else 'an invented set'}"
          f"): {cases} cases, {failures} failures, {hangs} hangs; Ctrl-C stopped {stopped} of {trials} servers, the "
          f"slowest in {slowest:.1f} s ({time.perf_counter() - started:.0f} s in all)")
    return 1 if failures or hangs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
