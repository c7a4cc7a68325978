"""``mythos deck check|stats|convert|playability|goldfish|sheet``: a deck list against the rules.

Each command parses its options, loads the deck through :mod:`deckbuilder.service` (each
loose name match reported on standard error), calls one service function and prints the
answer (text, or ``--json``). Nothing heavy is imported at module level.

Exit codes: 0 success; 1 a verdict against the deck (``check``: illegal; ``playability``:
a card that can never be played); 2 the deck or an option cannot be read or used.

``deck sheet`` writes ``-o FILE``, ``-o -`` for standard output, or by default
``DECKNAME.html`` beside the deck file (``my.deck`` -> ``my.html``), as a compiler writes
its output beside its source. An illegal deck still gets its sheet, marked ILLEGAL with
every finding; the command warns on standard error and exits 0 (``mythos deck check`` is
the command whose exit code says whether a deck is legal).
"""

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from deckbuilder.cli.common import (
    DbOption,
    DeckArgument,
    ForceOption,
    FormatOption,
    InvestigatorOption,
    JobsOption,
    JsonOption,
    complete_card_title,
)
from deckbuilder.cli.output import echo_lines, fail, load_deck, progress_bar, reported, show, warn


def deck_check(
    deck: DeckArgument,
    format_name: FormatOption = None,
    house_rule: Annotated[
        Optional[list[str]],
        typer.Option("--house-rule", help="Add a named house rule (repeatable).", show_default=False),
    ] = None,
    target: Annotated[
        Optional[int],
        typer.Option("--target", help="Campaign Adventure-point target (default 20).", min=1, show_default=False),
    ] = None,
    fix: Annotated[bool, typer.Option("--fix", help="Write the resolved card names back into the file.")] = False,
    investigator: InvestigatorOption = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Checks a deck against the deck rules of a way to play.

    Exit 0: legal; 1: illegal; 2: the deck cannot be read. Warnings do not make a deck
    illegal. A saved deck is checked for its own way to play unless --format is given
    (else Advanced).

    Example: mythos deck check my.deck --format campaign
    """
    with reported(as_json):
        from deckbuilder import service

        if fix and not service.names_a_file(deck):
            fail(f"--fix writes the names back into a deck file; {deck} is not one (a saved deck or a code)")
        if format_name is not None:
            service.way_to_play(format_name, house_rule or [], target)  # a bad option fails before any work
        catalog, loaded = load_deck(db, deck, quiet=as_json)
        play = service.deck_way_to_play(loaded, format_name, house_rule or [], target)
        result = service.check_deck(catalog, loaded, play, investigator=investigator)
        if fix:
            service.fix_deck_file(catalog, loaded, deck)
            warn(f"wrote the resolved names back to {deck}")
        show(result, as_json, "check_lines")
        if not result.legal:
            raise typer.Exit(1)


def deck_stats(deck: DeckArgument, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Shows a deck's make-up: types, Sanity, places, languages, Gates and Adventures.

    Example: mythos deck stats my.deck
    """
    with reported(as_json):
        from deckbuilder import service

        _catalog, loaded = load_deck(db, deck, quiet=as_json)
        show(service.deck_stats(loaded), as_json, "stats_lines")


def deck_convert(
    source: Annotated[Path, typer.Argument(help="The deck list to read (any format).")],
    target: Annotated[Path, typer.Argument(help="Where to write; the format follows the extension.")],
    to: Annotated[
        Optional[str], typer.Option("--to", help="Output format: text, gccg, lackey, json.", show_default=False)
    ] = None,
    force: ForceOption = False,
    db: DbOption = None,
) -> None:
    """Converts a deck list between text, GCCG .deck, LackeyCCG .dek and JSON.

    An existing TARGET is overwritten only with --force, and never when it is SOURCE.

    Example: mythos deck convert my.deck my.json
    """
    with reported():
        from deckbuilder import service
        from deckbuilder.decklists.deckfile import check_output_path, write_output_file

        out_format = service.deck_format_for(target, to)
        check_output_path(target, option="TARGET", force=force, inputs=(source,))
        catalog, loaded = load_deck(db, source)
        write_output_file(
            target, service.deck_text(catalog, loaded, out_format), option="TARGET", force=force, inputs=(source,)
        )
        echo_lines([f"wrote {target} ({out_format}, {loaded.deck.count()} cards)"])


def deck_playability(deck: DeckArgument, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Lists the cards a deck can never play, or only by an unlikely path, and how to fix it.

    Example: mythos deck playability my.deck
    """
    with reported(as_json):
        from deckbuilder import service

        _catalog, loaded = load_deck(db, deck, quiet=as_json)
        result = service.deck_playability(loaded)
        show(result, as_json, "playability_lines")
        if result.errors:
            raise typer.Exit(1)


def deck_goldfish(
    deck: DeckArgument,
    games: Annotated[
        int, typer.Option("--games", "-n", help="How many solitaire games to play.", min=1, max=1_000_000)
    ] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Shuffle seed; the same seed plays the same games.")] = 0,
    format_name: Annotated[
        Optional[str],
        typer.Option(
            "--format",
            "-f",
            help="Way to play: campaign plays on to the Adventure-point "
            "target (default: the one the deck records, else advanced).",
            show_default=False,
        ),
    ] = None,
    target: Annotated[
        Optional[int],
        typer.Option(
            "--target",
            help="Campaign Adventure-point target (default: the deck's, else 20).",
            min=1,
            show_default=False,
        ),
    ] = None,
    max_rounds: Annotated[
        int, typer.Option("--rounds", help="Stop a game after this many Rounds.", min=1, max=200)
    ] = 20,
    card: Annotated[
        Optional[list[str]],
        typer.Option(
            "--card",
            help="Also give the odds of drawing this card by Round k (repeatable).",
            autocompletion=complete_card_title,
        ),
    ] = None,
    investigator: InvestigatorOption = None,
    jobs: JobsOption = None,
    replay: Annotated[
        Optional[int],
        typer.Option(
            "--replay",
            min=1,
            show_default=False,
            help="Print game K of the seed play by play, each play with the policy's reason.",
        ),
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Plays the deck alone N times and reports how often and how fast it completes its Adventures.

    The greedy policy is documented in deckbuilder/rules/goldfish.py. Beside the games: exact
    draw odds (a Location in the opening hand, a Tome and a reader of its language, every
    card of each Adventure's recipe by Round k), exact where the numbers allow and simulated
    otherwise, labelled as which. A deck listing several Investigators is played by each and
    the best is reported in full; --investigator chooses one (a deck listing none can be
    played this way too).

    --replay K plays game K of the seed again, the very plays of the report's game K, and
    prints them with the greedy policy's reason for each (the deck's first Investigator plays,
    or --investigator's).

    Example: mythos deck goldfish my.deck --games 2000 --seed 7 --card "Dark Young"
    Example: mythos deck goldfish my.deck --seed 7 --replay 3
    """
    with reported(as_json):
        from deckbuilder import service

        if format_name is not None:
            service.goldfish_format(format_name)  # a way it cannot play fails before any work
        catalog, loaded = load_deck(db, deck, quiet=as_json)
        format_name, target = service.goldfish_way(loaded, format_name, target)
        if replay is not None:
            from deckbuilder.service.table import replay_goldfish

            show(
                replay_goldfish(
                    catalog,
                    loaded,
                    seed=seed,
                    game=replay,
                    format_name=format_name,
                    target=target,
                    max_rounds=max_rounds,
                    investigator=investigator,
                ),
                as_json,
                "goldfish_replay_lines",
            )
            return
        with progress_bar("Playing test games", not as_json and games >= 1000 and sys.stderr.isatty()) as tick:
            result = service.goldfish_deck(
                catalog,
                loaded,
                games=games,
                seed=seed,
                format_name=format_name,
                target=target,
                max_rounds=max_rounds,
                cards=card or (),
                investigator=investigator,
                progress=tick,
                jobs=jobs,
            )
        show(result, as_json, "goldfish_result_lines")


_OutputOption = Annotated[
    Optional[Path],
    typer.Option(
        "--output",
        "-o",
        help="Where to write the HTML ('-' for standard output; default: DECKNAME.html beside the deck).",
        show_default=False,
    ),
]
_GoldfishOption = Annotated[
    Optional[int],
    typer.Option("--goldfish", help="Add N solo test games and the draw odds to the sheet.", min=1, show_default=False),
]
_PdfOption = Annotated[
    Optional[Path], typer.Option("--pdf", help="Also print the sheet to this PDF (needs Chromium).", show_default=False)
]

STDOUT = Path("-")


def default_output(deck: Path) -> Path:
    """Gets where the sheet goes by default: ``DECKNAME.html`` beside the deck file; for a
    saved deck ``ID.html`` (``ID-vN.html`` for its version N) and for a deck code
    ``shared-deck.html``, in the current folder."""
    from deckbuilder import service
    from deckbuilder.decklists import is_deck_code
    from deckbuilder.library import deck_slug

    if service.names_a_file(deck, any_kind=True):
        return Path(deck).with_suffix(".html")
    if is_deck_code(str(deck)):
        return Path("shared-deck.html")
    name, _, number = str(deck).rpartition("@")
    if name and number.isdigit():
        return Path(f"{deck_slug(name)}-v{number}.html")
    return Path(f"{deck_slug(str(deck))}.html")


def deck_sheet(
    deck: DeckArgument,
    output: _OutputOption = None,
    format_name: FormatOption = None,
    goldfish: _GoldfishOption = None,
    seed: Annotated[int, typer.Option("--seed", help="Shuffle seed of the test games (as deck goldfish --seed).")] = 0,
    investigator: InvestigatorOption = None,
    pdf: _PdfOption = None,
    force: ForceOption = False,
    db: DbOption = None,
) -> None:
    """Writes a printable deck sheet (HTML, and a PDF with --pdf): the list, the check, the Investigator.

    A file named with -o or --pdf that exists is overwritten only with --force (the
    default DECKNAME.html beside the deck is the sheet's own, written again each time); the
    deck file itself never is. When the PDF cannot be printed the HTML is still written.

    Example: mythos deck sheet my.deck --format campaign --pdf my.pdf
    """
    with reported():
        # Option conflicts first, before any work (sqlite-utils style).
        from deckbuilder.decklists.deckfile import check_output_path, write_output_file

        target = default_output(deck) if output is None else Path(output)
        to_stdout = target == STDOUT
        if not to_stdout:
            check_output_path(target, option="-o", force=force or output is None, inputs=(deck,))
        if pdf is not None:
            if not to_stdout and Path(pdf).resolve() == target.resolve():
                fail(f"--pdf {pdf}: that is where the HTML sheet goes; choose another name for the PDF")
            check_output_path(pdf, option="--pdf", force=force, inputs=(deck,))
        from deckbuilder import service

        if format_name is not None:
            service.way_to_play(format_name)  # a bad option fails before any work
        catalog, loaded = load_deck(db, deck)
        play = service.deck_way_to_play(loaded, format_name)
        sheet = service.deck_sheet(catalog, loaded, play, goldfish_games=goldfish, seed=seed, investigator=investigator)
        catalog.close()
        ctx = sheet.context
        say = warn if to_stdout else (lambda line: echo_lines([line]))
        if to_stdout:
            typer.echo(sheet.html, nl=False)
        else:
            write_output_file(target, sheet.html, option="-o", force=True, inputs=(deck,))
            say(f"wrote {target} ({ctx.card_count} cards, {'LEGAL' if sheet.legal else 'ILLEGAL'} for {play.name})")
        if not sheet.legal:
            warn(
                f"note: {ctx.deck_name} is ILLEGAL for {play.name} ({ctx.verdict.errors} "
                f"error{'s' if ctx.verdict.errors != 1 else ''}); the sheet lists every finding "
                "(`mythos deck check` gives the exit code)"
            )
        if pdf is not None:
            # Chromium is looked for only now: the HTML asked for is written even without it.
            chromium = service.pdf_printer()
            service.print_sheet(sheet, pdf, html_file=None if to_stdout else target, chromium=chromium)
            say(f"wrote {pdf}")
