"""Match benchmark: two-player games per second (goal 2,000 compiled), and whether the lookahead
computer player beats the greedy one with the same decks, with a 95% interval.

Run from the repository root: ``python benchmarks/match.py [--games N] [--jobs J]
[--speed-only] [--installed]`` (default: 2,000 games of the Standard Game's Corrupt starter deck
against its Steadfast one, the decks of ../shared/mythos-data).

Speed: games per second in one process (wall clock and CPU time: the CPU figure moves less on a
shared machine), then with ``--jobs`` J > 1 end to end in J processes as ``mythos match --jobs J``
plays them (the same records), each with the machine's load. The checkout is put first on the
import path, so its pure source runs; ``--installed`` runs the installed package instead (a
``pip install .`` with the compiled core): the first line says which core runs, and from where.

Strength: the same N seeds are played twice with the lookahead player, once in each seat (the
other seat greedy). Over those 2N games the greedy player against itself would win half of the
games that are not ties (the two arrangements hold the same decks in the same seats), so the
lookahead player is stronger when its share of the 2N games, with its 95% Wilson interval, lies
above that of the greedy player in its place (printed beside it, from the same seeds).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "mythos-data" / "gccg"
GOAL = 2000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--speed-only", action="store_true")
    parser.add_argument("--installed", action="store_true", help="run the installed package, not the checkout")
    args = parser.parse_args()
    if not args.installed:
        sys.path.insert(0, str(ROOT))
    from deckbuilder.catalog.building import build_catalog
    from deckbuilder.catalog.importers import read_card_files
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.rules import compiled_core
    from deckbuilder.rules.goldfish import game_seeds
    from deckbuilder.rules.match import match_report
    from deckbuilder.rules.match.games import wilson
    from deckbuilder.service import load_deck_file
    from deckbuilder.service.matches import match_batch, play_matches

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "catalog.sqlite"
        build_catalog(path, read_card_files([SHARED / "sets"]))
        with Catalog.open(path) as catalog:
            decks = [
                load_deck_file(catalog, SHARED / "decks" / n)
                for n in ("standard-corrupt.deck", "standard-steadfast.deck")
            ]
            import deckbuilder

            core = "compiled" if compiled_core() else "pure Python"
            print(f"{core} core, from {Path(deckbuilder.__file__).parent}")
            seeds = game_seeds(1, args.games)
            # Speed: greedy against greedy, one process, the decks read before the clock starts.
            greedy = match_batch(catalog, decks, ai=("greedy", "greedy"))
            greedy.build()
            start, cpu = time.perf_counter(), time.process_time()
            base = greedy.play(seeds)
            rate = len(seeds) / (time.perf_counter() - start)
            cpu_rate = len(seeds) / (time.process_time() - cpu)
            print(
                f"two-player games per second, one process ({core} core): {rate:,.0f}; "
                f"per CPU second {cpu_rate:,.0f} (load {_load()}; goal {GOAL:,} compiled)"
            )
            if args.jobs > 1:
                batch = match_batch(catalog, decks, ai=("greedy", "greedy"))
                start = time.perf_counter()
                records = play_matches(batch, seeds, jobs=args.jobs)
                took = time.perf_counter() - start
                same = "the same records" if records == base else "RECORDS DIFFER from one process"
                print(
                    f"two-player games per second, {args.jobs} processes end to end (decks read, workers "
                    f"started): {len(seeds) / took:,.0f} (load {_load()}; {same})"
                )
            if args.speed_only:
                return
            base_report = match_report(base, 1)
            names = [d.deck.name for d in decks]
            print(
                f"greedy against greedy, {args.games} games: "
                + "; ".join(f"{n} {p.wins:.1%}" for n, p in zip(names, base_report.players))
                + f"; ties {base_report.ties:.1%}"
            )
            wins = ties = 0
            greedy_wins = 0
            for seat in (0, 1):
                ai = ("lookahead", "greedy") if seat == 0 else ("greedy", "lookahead")
                batch = match_batch(catalog, decks, ai=ai)
                start = time.perf_counter()
                report = match_report(play_matches(batch, seeds, jobs=args.jobs), 1)
                took = time.perf_counter() - start
                p = report.players[seat]
                wins += round(p.wins * args.games)
                ties += round(report.ties * args.games)
                greedy_wins += round(base_report.players[seat].wins * args.games)
                print(
                    f"lookahead as {names[seat]}: wins {p.wins:.1%} (greedy in its place "
                    f"{base_report.players[seat].wins:.1%}); {args.games / took:.1f} games/s with {args.jobs} jobs"
                )
            n = 2 * args.games
            low, high = wilson(wins, n)
            glow, ghigh = wilson(greedy_wins, n)
            print(
                f"lookahead wins {wins / n:.1%} of {n} games (95%: {low:.1%}-{high:.1%}); greedy in the same seats "
                f"{greedy_wins / n:.1%} (95%: {glow:.1%}-{ghigh:.1%}); ties {ties / n:.1%}"
            )
            verdict = "stronger" if low > greedy_wins / n else "not shown stronger at this number of games"
            print(f"the lookahead player is {verdict}")


def _load() -> str:
    """Gets the machine's load over the last minute (the number of busy processes), as uptime."""
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except (AttributeError, OSError):  # Windows has no load average
        return "unknown"


if __name__ == "__main__":
    main()
