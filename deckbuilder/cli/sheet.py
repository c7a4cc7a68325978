"""``mythos deck sheet``: a printable HTML deck sheet, and a PDF of it through headless Chromium.

``cli.py`` registers :func:`deck_sheet` (``deck_app.command("sheet")(deck_sheet)``). Nothing
heavy is imported here at module level: the CLI helpers, the catalog, Jinja and the rules
are imported inside the command.

Where the sheet goes: ``-o FILE``; ``-o -`` for standard output; by default
``DECKNAME.html`` beside the deck file (``my.deck`` -> ``my.html``), as a compiler writes
its output beside its source. An illegal deck still gets its sheet, marked ILLEGAL with
every finding; the command warns on standard error and exits 0 (``mythos deck check`` is
the command whose exit code says whether a deck is legal).
"""


from pathlib import Path
from typing import Annotated, Any

import typer

# The same argument and options as cli.py's DeckArgument, FormatOption and DbOption,
# spelled here because cli.py imports this module (the annotations must resolve here).
from deckbuilder.cli.common import (
    DbOption,
    DeckArgument,
    FormatOption,
    fail,
    formats_for,
    load_deck_for,
    reported,
    warn,
)

_OutputOption = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        help="Where to write the HTML ('-' for standard output; default: DECKNAME.html beside the deck).",
        show_default=False,
    ),
]
_GoldfishOption = Annotated[
    int | None,
    typer.Option(
        "--goldfish",
        help="Add N solo test games and the draw odds to the sheet.",
        min=1,
        show_default=False,
    ),
]
_PdfOption = Annotated[
    Path | None,
    typer.Option(
        "--pdf", help="Also print the sheet to this PDF (needs Chromium).", show_default=False
    ),
]

STDOUT = Path("-")


def default_output(deck: Path) -> Path:
    """Gets where the sheet goes by default: ``DECKNAME.html`` beside the deck file."""
    return Path(deck).with_suffix(".html")


def adventure_checks(catalog: Any, deck: Any) -> list[Any]:
    """Gets the recipe check of each Adventure of the deck (the user's overrides first), with
    suggestions from the catalog for what is missing."""
    from deckbuilder.catalog.recipebook import recipe_sources
    from deckbuilder.rules.adventures import check_deck_adventures

    vocabulary, overrides, cards = recipe_sources(catalog)
    return check_deck_adventures(deck, vocabulary, overrides, cards)


def playability_issues(deck: Any) -> list[Any]:
    """Gets the deck's playability warnings."""
    from deckbuilder.rules.playability import playability

    return list(playability(deck))


def deck_sheet(
    deck: DeckArgument,
    output: _OutputOption = None,
    format_name: FormatOption = "advanced",
    goldfish: _GoldfishOption = None,
    pdf: _PdfOption = None,
    db: DbOption = None,
) -> None:
    """Writes a printable deck sheet (HTML, and a PDF with --pdf): the list, the check, the Investigator.

    Example: mythos deck sheet my.deck --format campaign --pdf my.pdf
    """

    with reported():
        # Option conflicts and missing tools first, before any work (sqlite-utils style).
        target = default_output(deck) if output is None else Path(output)
        to_stdout = target == STDOUT
        if not to_stdout and target.resolve() == Path(deck).resolve():
            fail(f"-o {target}: that is the deck file itself; choose another name for the sheet")
        if pdf is not None and Path(pdf).resolve() in {Path(deck).resolve(), target.resolve()}:
            fail(
                f"--pdf {pdf}: that would overwrite the deck or the HTML sheet; choose another name"
            )
        for option, path in (("-o", None if to_stdout else target), ("--pdf", pdf)):
            if path is not None and not Path(path).parent.is_dir():
                fail(
                    f"{option} {path}: the folder {Path(path).parent} does not exist; create it first"
                )
        chromium = None
        if pdf is not None:
            from deckbuilder.sheet.pdf import require_chromium

            chromium = require_chromium()

        import deckbuilder
        from deckbuilder.decklists.deckfile import write_deck_file
        from deckbuilder.rules.stats import deck_stats
        from deckbuilder.rules.validator import check_deck
        from deckbuilder.sheet.context import build_sheet_context
        from deckbuilder.sheet.render import render_deck_sheet

        fmt, _house = formats_for(format_name, [], None)
        catalog, loaded = load_deck_for(deck, db, False)
        rules_deck = loaded.deck
        verdict = check_deck(rules_deck, fmt)
        report = None
        if goldfish is not None:
            from deckbuilder.cli.goldfish import run_goldfish

            report = run_goldfish(catalog, rules_deck, games=goldfish, seed=0,
                                  campaign=fmt.campaign_target is not None,
                                  target=fmt.campaign_target or 20, max_rounds=20)
        adventures = adventure_checks(catalog, rules_deck)
        catalog.close()
        ctx = build_sheet_context(
            rules_deck,
            verdict,
            deck_stats(rules_deck),
            deck_name=loaded.deck.name or Path(deck).stem,
            adventures=adventures,
            playability=playability_issues(rules_deck),
            goldfish=report,
            generated_by=f"mythos {deckbuilder.__version__}",
        )
        html = render_deck_sheet(ctx)
        say = warn if to_stdout else typer.echo
        if to_stdout:
            typer.echo(html, nl=False)
        else:
            try:
                write_deck_file(target, html)
            except OSError as exc:
                fail(f"-o {target}: cannot be written ({exc.strerror or exc})")
            say(
                f"wrote {target} ({ctx.card_count} cards, {'LEGAL' if ctx.verdict.legal else 'ILLEGAL'} for {fmt.name})"
            )
        if not ctx.verdict.legal:
            warn(
                f"note: {ctx.deck_name} is ILLEGAL for {fmt.name} ({ctx.verdict.errors} "
                f"error{'s' if ctx.verdict.errors != 1 else ''}); the sheet lists every finding "
                "(`mythos deck check` gives the exit code)"
            )
        if pdf is not None:
            _print(html, target if not to_stdout else None, Path(pdf), chromium)
            say(f"wrote {pdf}")


def _print(html: str, html_path: Path | None, pdf: Path, chromium: str | None) -> None:
    """Prints the sheet to a PDF, from its file or (sheet on standard output) a temporary copy."""
    import tempfile

    from deckbuilder.sheet.pdf import print_pdf

    if html_path is not None:
        print_pdf(html_path, pdf, chromium=chromium)
        return
    with tempfile.TemporaryDirectory(prefix="mythos-sheet-") as folder:
        copy = Path(folder) / "sheet.html"
        copy.write_text(html, encoding="utf-8")
        print_pdf(copy, pdf, chromium=chromium)
