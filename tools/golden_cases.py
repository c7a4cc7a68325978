"""Runs the main ``mythos`` commands over the real decks and writes every answer to one JSON file.

Run by :mod:`golden_compare` inside the virtual environment of one commit, so it imports
only what every version of the package has: ``deckbuilder.cli.app``. Each case is run in
this process through typer's test runner (standard output, standard error and the exit
code kept apart), which is what the CLI prints, without a Python start-up per case.

Nothing it writes belongs in the repository: the answers hold card data of the real pool.

    python tools/golden_cases.py --data ../shared/mythos-data --work /tmp/x --out answers.json
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import time
from pathlib import Path

#: Queries run against each catalog, in text and JSON (the README's and some harder ones).
QUERIES = (
    ("t:ally a:steadfast a:professor lang:latin",),
    ('st:"great old one" or st:"outer god"',),
    ("t:location sr:arkham is:gate", "--sort", "value"),
    ("pub:water -a:city dim:drm", "--limit", "5"),
    ("necronomicon",),
    ("t:monster v>=6", "--sort", "sanity"),
    ("t:tome lang:greek", "--sort", "set"),
    ("o:sanity t:event -is:official", "--sort", "type"),
    ("t:allies (a:doctor or a:professor) -al:corrupt", "--sort", "subregion"),
    ("is:errata",),
    ("t:ally (",),  # a syntax error: one line, exit 2
)

#: Card names looked up in each catalog: exact, renamed, loose and unknown.
CARDS = (
    ("Summon Great Cthulhu",),
    ("celeano",),
    ("Car", "--set", "LTD"),
    ("Car",),
    ("Dark Yuong",),
    ("Necronomicon",),
    ("Forgotten Crypt, The",),
    ("Car", "--set", "DRM"),
    ("Zzyzx Nowhere",),
)

#: Every command and group, whose --help is compared too.
HELP = (
    (),
    ("catalog",),
    ("catalog", "import"),
    ("catalog", "fetch"),
    ("catalog", "info"),
    ("card",),
    ("search",),
    ("deck",),
    ("deck", "check"),
    ("deck", "stats"),
    ("deck", "convert"),
    ("deck", "adventures"),
    ("deck", "plan"),
    ("deck", "playability"),
    ("deck", "goldfish"),
    ("deck", "sheet"),
    ("adventure",),
    ("adventure", "show"),
    ("adventure", "check"),
)

#: Adventures shown and checked (against each real deck of the catalog's transcription).
ADVENTURES = ("A Heroic Rescue", "Arkham Horror", "The Cruise", "The Dunwich Horror", "Dark Young")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True, help="the mythos-data folder (gccg/, lackey/)")
    parser.add_argument("--work", type=Path, required=True, help="a folder for the catalogs (same path for both runs)")
    parser.add_argument("--example", type=Path, required=True, help="the example deck of the bundled sample")
    parser.add_argument("--out", type=Path, required=True, help="where to write the answers (JSON)")
    parser.add_argument("--games", type=int, default=200, help="goldfish games per deck")
    args = parser.parse_args()

    from typer.testing import CliRunner

    from deckbuilder.cli import app

    runner = CliRunner()
    answers: dict[str, dict[str, object]] = {}
    work: Path = args.work
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)

    def run(case: str, *argv: object, normalise: bool = False) -> None:
        result = runner.invoke(app, [str(a) for a in argv])
        out, err = result.stdout, result.stderr
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            err += f"\n[uncaught {type(result.exception).__name__}: {result.exception}]"
        if normalise:
            out, err = _normalise(out), _normalise(err)
        answers[case] = {"exit": result.exit_code, "stdout": out, "stderr": err}

    run.answers = answers  # type: ignore[attr-defined]  # the deck cases record converted files here

    started = time.perf_counter()
    for command in HELP:
        run(f"help: mythos {' '.join(command)}", *command, "--help")
    data: Path = args.data
    catalogs = {"gccg": work / "gccg.sqlite", "lackey": work / "lackey.sqlite"}
    decks = {
        "gccg": sorted((data / "gccg" / "decks").glob("*.deck")),
        "lackey": sorted((data / "lackey" / "decks").glob("*.dek")),
    }
    run("catalog import gccg", "catalog", "import", data / "gccg" / "sets", "--db", catalogs["gccg"], normalise=True)
    run(
        "catalog import lackey --json",
        "catalog",
        "import",
        data / "lackey" / "sets",
        "--db",
        catalogs["lackey"],
        "--json",
        normalise=True,
    )

    for name, db in catalogs.items():
        run(f"{name}: catalog info", "catalog", "info", "--db", db, normalise=True)
        run(
            f"{name}: catalog info --problems --json",
            "catalog",
            "info",
            "--problems",
            "--db",
            db,
            "--json",
            normalise=True,
        )
        for card in CARDS:
            for form in ((), ("--json",)):
                run(f"{name}: card {' '.join(card)} {' '.join(form)}", "card", *card, "--db", db, *form)
        for query in QUERIES:
            for form in ((), ("--json",)):
                run(f"{name}: search {' '.join(query)} {' '.join(form)}", "search", *query, "--db", db, *form)
        for title in ADVENTURES:
            for form in ((), ("--json",)):
                run(f"{name}: adventure show {title} {' '.join(form)}", "adventure", "show", title, "--db", db, *form)

    for name, db in catalogs.items():
        for source in ("gccg", "lackey"):
            for deck in decks[source]:
                _deck_cases(
                    run,
                    f"{name}: {source}/{deck.name}",
                    deck,
                    db,
                    work,
                    args.games,
                    adventures=ADVENTURES[:3] if source == name else (),
                )

    # A deck that builds itself: a games budget (not the time cap) ends the search, so the
    # same seed builds the same deck on any machine; the file says why each group is there.
    for name, db in catalogs.items():
        for ext in (".txt", ".dek", ".json"):
            target = work / f"built{ext}"
            run(
                f"{name}: deck build {ext}",
                "deck",
                "build",
                "--investigator",
                "Bored Housewife",
                "--adventure",
                "The Auction",
                "--seed",
                "1",
                "--budget",
                "2000",
                "--time",
                "600",
                "-o",
                target,
                "--db",
                db,
                *(("--json",) if ext == ".json" else ()),
                normalise=True,
            )
            answers[f"{name}: deck build {ext} (file)"] = {
                "exit": 0 if target.exists() else -1,
                "stdout": target.read_text(encoding="utf-8") if target.exists() else "",
                "stderr": "" if target.exists() else "no file written",
            }
            target.unlink(missing_ok=True)
        first = decks[name][0]
        for form in ((), ("--json",)):
            run(
                f"{name}: deck suggest {first.name} {' '.join(form)}",
                "deck",
                "suggest",
                first,
                "--games",
                "100",
                "--seed",
                "1",
                "--db",
                db,
                *form,
            )

    # The bundled sample: a catalog built on first use, the example deck, some errors.
    fresh = work / "fresh" / "sample.sqlite"
    fresh.parent.mkdir()  # a --db in a missing folder is refused (issue 26): the catalog is what is built here
    example = work / "example-deck.txt"
    shutil.copyfile(args.example, example)
    run("sample: deck check example (builds the sample)", "deck", "check", example, "--db", fresh, normalise=True)
    _deck_cases(run, "sample: example", example, fresh, work, args.games, adventures=("Dark Horse",))
    run("sample: card Dark Young", "card", "Dark Young", "--db", fresh)
    run("sample: search t:adventure --json", "search", "t:adventure", "--db", fresh, "--json")
    bad = work / "bad-deck.txt"
    bad.write_text("4 Dark Yuong\n2 Nothing At All\nfour Mugging\n", encoding="utf-8")
    for form in ((), ("--json",)):
        run(f"errors: unresolved deck {' '.join(form)}", "deck", "check", bad, "--db", fresh, *form)
        run(f"errors: no such deck {' '.join(form)}", "deck", "stats", work / "missing.deck", "--db", fresh, *form)
        run(
            f"errors: unknown format {' '.join(form)}",
            "deck",
            "check",
            example,
            "--format",
            "chess",
            "--db",
            fresh,
            *form,
        )
        run(
            f"errors: unknown house rule {' '.join(form)}",
            "deck",
            "check",
            example,
            "--house-rule",
            "nope",
            "--db",
            fresh,
            *form,
        )
        run(f"errors: bad sort {' '.join(form)}", "search", "t:ally", "--sort", "colour", "--db", fresh, *form)
        run(f"errors: not an adventure {' '.join(form)}", "adventure", "show", "Dark Young", "--db", fresh, *form)
        run(
            f"errors: goldfish card {' '.join(form)}",
            "deck",
            "goldfish",
            example,
            "--card",
            "Azathoth",
            "--games",
            "10",
            "--db",
            fresh,
            *form,
        )
        run(
            f"errors: goldfish format {' '.join(form)}",
            "deck",
            "goldfish",
            example,
            "-f",
            "cult-vs-investigator",
            "--db",
            fresh,
            *form,
        )
    run("errors: convert --to", "deck", "convert", example, work / "x.out", "--to", "yaml", "--db", fresh)
    run("errors: sheet onto the deck", "deck", "sheet", example, "-o", example, "--db", fresh)
    run("errors: not a catalog", "catalog", "info", "--db", example)
    answers["_seconds"] = {"exit": 0, "stdout": f"{time.perf_counter() - started:.1f}", "stderr": ""}
    args.out.write_text(json.dumps(answers, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"{len(answers) - 1} cases in {time.perf_counter() - started:.0f} s -> {args.out}", file=sys.stderr)
    return 0


def _deck_cases(run, prefix: str, deck: Path, db: Path, work: Path, games: int, adventures: tuple[str, ...]) -> None:
    """Runs every deck command over one deck, in text and JSON."""
    for form in ((), ("--json",)):
        tail = " ".join(form)
        run(f"{prefix} check {tail}", "deck", "check", deck, "--db", db, *form)
        run(
            f"{prefix} check campaign {tail}",
            "deck",
            "check",
            deck,
            "-f",
            "campaign",
            "--target",
            "15",
            "--db",
            db,
            *form,
        )
        run(
            f"{prefix} check tournament official-cards-only {tail}",
            "deck",
            "check",
            deck,
            "-f",
            "tournament",
            "--house-rule",
            "official-cards-only",
            "--house-rule",
            "repointed-adventures",
            "--db",
            db,
            *form,
        )
        run(
            f"{prefix} check cult-vs-investigator {tail}",
            "deck",
            "check",
            deck,
            "-f",
            "cult-vs-investigator",
            "--db",
            db,
            *form,
        )
        run(f"{prefix} stats {tail}", "deck", "stats", deck, "--db", db, *form)
        run(f"{prefix} adventures {tail}", "deck", "adventures", deck, "--db", db, *form)
        run(f"{prefix} plan {tail}", "deck", "plan", deck, "--db", db, *form)
        run(f"{prefix} playability {tail}", "deck", "playability", deck, "--db", db, *form)
        run(f"{prefix} goldfish {tail}", "deck", "goldfish", deck, "--games", games, "--seed", "1", "--db", db, *form)
        for title in adventures:
            run(f"{prefix} adventure check {title} {tail}", "adventure", "check", title, deck, "--db", db, *form)
    run(
        f"{prefix} goldfish campaign --card",
        "deck",
        "goldfish",
        deck,
        "--games",
        games // 4,
        "--seed",
        "3",
        "-f",
        "campaign",
        "--card",
        "Car",
        "--db",
        db,
    )
    run(f"{prefix} sheet", "deck", "sheet", deck, "-o", "-", "--db", db)
    run(
        f"{prefix} sheet campaign --goldfish",
        "deck",
        "sheet",
        deck,
        "-o",
        "-",
        "-f",
        "campaign",
        "--goldfish",
        games // 4,
        "--db",
        db,
    )
    for ext in (".json", ".txt", ".deck", ".dek"):
        target = work / f"converted{ext}"
        run(f"{prefix} convert {ext}", "deck", "convert", deck, target, "--db", db)
        run.answers[f"{prefix} convert {ext} (file)"] = {
            "exit": 0 if target.exists() else -1,
            "stdout": target.read_text(encoding="utf-8") if target.exists() else "",
            "stderr": "" if target.exists() else "no file written",
        }
        target.unlink(missing_ok=True)


#: What changes from one run to the next whatever the code: build times and clock readings.
_VOLATILE = (
    (re.compile(r'"(seconds|imported_at|built_at)": [0-9.e+-]+'), r'"\1": 0'),
    (re.compile(r"\(\d+\.\d+ s\)"), "(0.00 s)"),
    (re.compile(r"games played in \d+ s"), "games played in 0 s"),
)


def _normalise(text: str) -> str:
    for pattern, replacement in _VOLATILE:
        text = pattern.sub(replacement, text)
    return text


if __name__ == "__main__":
    sys.exit(main())
