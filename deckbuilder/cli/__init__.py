"""The ``mythos`` command line: parse, call one function, print or fail.

Start-up is kept light: every heavy module (sqlmodel, rapidfuzz, jinja2) is imported inside
the command that needs it, so ``mythos --help`` costs little more than typer itself. The
command modules do not use ``from __future__ import annotations``: typer would have to
evaluate every string annotation at start-up, which cost a third of ``--help``'s own time
(``benchmarks/catalog.py``).

Exit codes: 0 success; 1 a verdict against the input (an illegal deck); 2 unreadable or
unusable input (a malformed file, an unknown card, a bad query).
"""


import sys
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from typer.core import TyperCommand

from deckbuilder.cli.common import (
    DbOption,
    DeckArgument,
    FormatOption,
    JsonOption,
    db_path,
    emit_json,
    fail,
    formats_for,
    load_deck_for,
    open_catalog,
    repointed_values,
    reported,
    warn,
)

app = typer.Typer(
    name="mythos",
    help="Card catalog, deck validator and Adventure checker for the Mythos collectible card game.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
catalog_app = typer.Typer(
    help="Build and inspect the card catalog.", no_args_is_help=True, rich_markup_mode=None
)
app.add_typer(catalog_app, name="catalog")
deck_app = typer.Typer(
    help="Check, analyse, play-test, convert and print deck lists.", no_args_is_help=True, rich_markup_mode=None
)
app.add_typer(deck_app, name="deck")

# --------------------------------------------------------------------------------------
# catalog


@catalog_app.command("import")
def catalog_import(
    paths: Annotated[list[Path], typer.Argument(help="GCCG set XML or LackeyCCG set files, or folders of them.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Imports card data files into the catalog and applies the errata.

    Importing the same files again changes nothing; a set imported from the other
    transcription replaces that set. The catalog is rebuilt beside the old one and swapped
    in only when complete.

    Example: mythos catalog import ../shared/mythos-data/gccg/sets
    """
    with reported(as_json):
        from deckbuilder.catalog.importers import find_card_files, read_found_files
        from deckbuilder.catalog.store import build_catalog

        files = find_card_files(paths)
        if sys.stderr.isatty() and not as_json:
            with typer.progressbar(length=len(files), label="Reading card files", file=sys.stderr) as bar:
                result = read_found_files(files, progress=lambda _f: bar.update(1))
        else:
            result = read_found_files(files)
        if not result.cards:
            fail("no cards found in " + ", ".join(str(p) for p in paths) + "; give GCCG set XML or LackeyCCG set files")
        report = build_catalog(db_path(db), result)
        _print_build(report, as_json)


@catalog_app.command("fetch")
def catalog_fetch(
    url: Annotated[
        Optional[str], typer.Option("--url", help="Base address of the GCCG Mythos set files.", show_default=False)
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Downloads the GCCG Mythos set files and imports them.

    By default from the public GCCG repository (markferry/gccg-mythos, core/xml/Mythos/).

    Example: mythos catalog fetch --url http://127.0.0.1:8000/Mythos/
    """
    with reported(as_json):
        import shutil

        from deckbuilder.catalog.fetch import DEFAULT_BASE_URL, fetch_gccg_sets
        from deckbuilder.catalog.importers import read_card_files
        from deckbuilder.catalog.store import build_catalog

        folder, notes = fetch_gccg_sets(url or DEFAULT_BASE_URL, progress=lambda n: warn(f"downloading {n}"))
        try:
            result = read_card_files([folder])
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        result.notes.extend(notes)
        report = build_catalog(db_path(db), result)
        _print_build(report, as_json)


def _print_build(report: Any, as_json: bool) -> None:
    if as_json:
        emit_json(
            {
                "path": str(report.path),
                "cards": report.cards,
                "files": len(report.sources),
                "errata_applied": report.errata_applied,
                "errata_unmatched": report.errata_unmatched,
                "errata_not_applied": report.errata_not_applied,
                "notes": report.notes,
                "seconds": round(report.seconds, 3),
            }
        )
        return
    for note in report.notes:
        warn(f"note: {note}")
    typer.echo(
        f"Catalog built: {report.cards} cards from {len(report.sources)} files; "
        f"{report.errata_applied} errata applied, {len(report.errata_unmatched)} name no card here, "
        f"{len(report.errata_not_applied)} could not be applied ({report.seconds:.2f} s)."
    )
    typer.echo(f"  {report.path}")


@catalog_app.command("info")
def catalog_info(
    problems: Annotated[bool, typer.Option("--problems", help="List every value kept raw.")] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Shows the catalog: path, sets and counts, errata applied and unmatched.

    Example: mythos catalog info --problems
    """
    with reported(as_json):
        with open_catalog(db, quiet=as_json) as catalog:
            meta = catalog.meta()
            counts = catalog.counts()
            info = {
                "path": str(catalog.path),
                "cards": counts["total"],
                "by_set": counts["by_set"],
                "by_type": counts["by_type"],
                "by_legality": counts["by_legality"],
                "sources": catalog.sources(),
                "errata_applied": meta.get("errata_applied", 0),
                "errata_unmatched": meta.get("errata_unmatched", []),
                "errata_not_applied": meta.get("errata_not_applied", []),
            }
            if problems:
                info["problems"] = catalog.problems()
        if as_json:
            emit_json(info)
            return
        from deckbuilder.rules.cards import SETS

        typer.echo(f"Catalog: {info['path']}")
        typer.echo(f"Cards: {info['cards']}  ({', '.join(f'{k} {v}' for k, v in sorted(info['by_legality'].items()))})")
        typer.echo("Sets:")
        for code, n in info["by_set"].items():
            typer.echo(f"  {code:<10} {n:>4}  {SETS.get(code, (code,))[0]}")
        typer.echo("Types: " + ", ".join(f"{k} {v}" for k, v in info["by_type"].items()))
        typer.echo(f"Files: {len(info['sources'])} ({', '.join(sorted({s['transcription'] for s in info['sources']}))})")
        typer.echo(f"Errata applied: {info['errata_applied']}")
        if info["errata_unmatched"]:
            typer.echo(f"Errata naming no card in this catalog: {len(info['errata_unmatched'])}")
            for line in info["errata_unmatched"]:
                typer.echo(f"  {line}")
        if info["errata_not_applied"]:
            typer.echo(f"Errata that could not be applied: {len(info['errata_not_applied'])}")
            for line in info["errata_not_applied"]:
                typer.echo(f"  {line}")
        if problems:
            typer.echo(f"Values kept raw: {len(info['problems'])}")
            for p in info["problems"]:
                typer.echo(f"  {p['card']} [{p['set']}] {p['field']} = {p['raw']!r}: {p['message']}")


# --------------------------------------------------------------------------------------
# card and search


@app.command("card")
def card(
    name: Annotated[str, typer.Argument(help="The card's title; spelling may be loose.")],
    set_code: Annotated[
        Optional[str], typer.Option("--set", help="Choose among same-titled cards by set (LTD, NAE...).", show_default=False)
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Shows a card as it plays today: errata applied, what they changed, and why.

    Example: mythos card "Summon Great Cthulhu"
    """
    with reported(as_json):
        from deckbuilder.catalog.lookup import find_cards

        with open_catalog(db, quiet=as_json) as catalog:
            found = find_cards(catalog, name, set_code)
        if found.note:
            warn(found.note)
        if as_json:
            data = [c.to_dict() for c in found.cards]
            emit_json(data[0] if len(data) == 1 else data)
            return
        from deckbuilder.cli.console import card_lines

        for i, c in enumerate(found.cards):
            if i:
                typer.echo("")
            typer.echo("\n".join(card_lines(c)))


SORTS = ("title", "set", "type", "value", "sanity", "subregion")


class _SearchCommand(TyperCommand):
    """The ``search`` command, whose help ends with the whole query language.

    The language summary is built only when help is shown, so start-up stays light.
    """

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        from deckbuilder.catalog.search import search_help

        # "\b" keeps click from rewrapping each paragraph of the aligned summary.
        self.epilog = "\b\n" + search_help().replace("\n\n", "\n\n\b\n")
        super().format_epilog(ctx, formatter)


@app.command(
    "search",
    cls=_SearchCommand,
    help="Searches the catalog with a query language.\n\n"
    "Example: mythos search 't:ally a:steadfast a:professor lang:latin'",
)
def search(
    query: Annotated[str, typer.Argument(help="The query (see below).", show_default=False)],
    limit: Annotated[Optional[int], typer.Option("--limit", help="Show at most this many cards.", min=1)] = None,
    sort: Annotated[str, typer.Option("--sort", help=f"Order: {', '.join(SORTS)}.")] = "title",
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    with reported(as_json):
        if sort not in SORTS:
            fail(f"--sort {sort!r} is not one of: {', '.join(SORTS)}")
        from deckbuilder.catalog.search import parse_query

        tree = parse_query(query)
        with open_catalog(db, quiet=as_json) as catalog:
            cards = catalog.search(tree, limit=limit, sort=sort)
        if as_json:
            emit_json([c.to_dict() for c in cards])
            return
        from deckbuilder.cli.console import card_table

        if not cards:
            typer.echo("No cards match.")
            return
        typer.echo("\n".join(card_table(cards)))
        typer.echo(f"{len(cards)} card{'s' if len(cards) != 1 else ''}")


# --------------------------------------------------------------------------------------
# deck

@deck_app.command("check")
def deck_check(
    deck: DeckArgument,
    format_name: FormatOption = "advanced",
    house_rule: Annotated[
        Optional[list[str]], typer.Option("--house-rule", help="Add a named house rule (repeatable).", show_default=False)
    ] = None,
    target: Annotated[
        Optional[int], typer.Option("--target", help="Campaign Adventure-point target (default 20).", min=1, show_default=False)
    ] = None,
    fix: Annotated[bool, typer.Option("--fix", help="Write the resolved card names back into the file.")] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Checks a deck against the deck rules of a way to play.

    Exit 0: legal; 1: illegal; 2: the deck cannot be read. Warnings do not make a deck
    illegal.

    Example: mythos deck check my.deck --format campaign
    """
    with reported(as_json):
        from deckbuilder.rules.validator import check_deck

        fmt, house = formats_for(format_name, house_rule or [], target)
        catalog, loaded = load_deck_for(deck, db, as_json)
        repointed = repointed_values(catalog) if house else {}
        verdict = check_deck(loaded.deck, fmt, house, repointed=repointed)
        if fix:
            from deckbuilder.catalog.lookup import card_index
            from deckbuilder.decklists import write_deck
            from deckbuilder.decklists.deckfile import write_deck_file

            write_deck_file(deck, write_deck(loaded.resolved, loaded.source_format, card_index(catalog).printings_of))
            warn(f"wrote the resolved names back to {deck}")
        if as_json:
            emit_json({"deck": loaded.deck.name, "path": str(deck), **verdict.to_dict(),
                       "resolution": list(loaded.reports)})
        else:
            verdict_word = "LEGAL" if verdict.is_legal else "ILLEGAL"
            typer.echo(f"{loaded.deck.name or deck}: {verdict_word} for {fmt.name} "
                       f"({verdict.cards} cards, {len(verdict.errors)} errors, {len(verdict.warnings)} warnings)")
            for finding in verdict.findings:
                typer.echo(f"  {finding.severity.value}: {finding.message}")
                if finding.fix != "none needed":
                    typer.echo(f"    fix: {finding.fix}")
                typer.echo(f"    rule: {finding.words} [{finding.source}]")
        if not verdict.is_legal:
            raise typer.Exit(1)


@deck_app.command("stats")
def deck_stats_command(deck: DeckArgument, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Shows a deck's make-up: types, Sanity, places, languages, Gates and Adventures.

    Example: mythos deck stats my.deck
    """
    with reported(as_json):
        from deckbuilder.rules.stats import deck_stats

        _catalog, loaded = load_deck_for(deck, db, as_json)
        stats = deck_stats(loaded.deck)
        if as_json:
            emit_json({"deck": loaded.deck.name, "investigators": [c.title for c in loaded.deck.investigators],
                       **stats.to_dict()})
            return
        lines = [f"{loaded.deck.name or deck}: {stats.cards} cards; Investigator: "
                 + (", ".join(c.title for c in loaded.deck.investigators) or "none")]
        lines.append("Types: " + ", ".join(f"{k} {v}" for k, v in stats.by_type.items()))
        if stats.by_subtype:
            lines.append("Subtypes: " + ", ".join(f"{k} {v}" for k, v in stats.by_subtype.items()))
        lines.append(f"Sanity: costs {stats.sanity_costs}, gains {stats.sanity_gains}, "
                     f"Spell casting {stats.spell_casting_costs}" + (f", unknown {stats.unknown_sanity}" if stats.unknown_sanity else ""))
        if stats.regions:
            lines.append("Regions: " + ", ".join(f"{k} {v}" for k, v in stats.regions.items()))
        if stats.subregions:
            lines.append("Subregions: " + ", ".join(f"{k} {v}" for k, v in stats.subregions.items()))
        if stats.dimensions:
            lines.append("Dimensions: " + ", ".join(f"{k} {v}" for k, v in stats.dimensions.items()))
        lines.append(f"Gates: {stats.gates} for {stats.monsters} Monsters")
        if stats.languages_known:
            lines.append("Languages read: " + "; ".join(f"{k} ({', '.join(v)})" for k, v in stats.languages_known.items()))
        if stats.languages_needed:
            lines.append("Tome languages: " + "; ".join(f"{k} ({', '.join(v)})" for k, v in stats.languages_needed.items()))
        if stats.unread_tomes:
            lines.append("No reader in the deck for: " + ", ".join(stats.unread_tomes))
        if stats.adventures:
            lines.append(f"Adventures ({stats.adventure_points} points): " + ", ".join(
                f"{a['title']} {a['points'] if a['points'] is not None else '?'}" for a in stats.adventures))
        typer.echo("\n".join(lines))


@deck_app.command("convert")
def deck_convert(
    source: Annotated[Path, typer.Argument(help="The deck list to read (any format).")],
    target: Annotated[Path, typer.Argument(help="Where to write; the format follows the extension.")],
    to: Annotated[
        Optional[str], typer.Option("--to", help="Output format: text, gccg, lackey, json.", show_default=False)
    ] = None,
    db: DbOption = None,
) -> None:
    """Converts a deck list between text, GCCG .deck, LackeyCCG .dek and JSON.

    Example: mythos deck convert my.deck my.json
    """
    with reported():
        from deckbuilder.catalog.lookup import card_index
        from deckbuilder.decklists import FORMATS, write_deck
        from deckbuilder.decklists.deckfile import format_for, write_deck_file

        out_format = format_for(target, to)
        if out_format not in FORMATS:
            fail(f"--to {out_format!r} is not a deck format; use one of: {', '.join(FORMATS)}")
        catalog, loaded = load_deck_for(source, db, False)
        write_deck_file(target, write_deck(loaded.resolved, out_format, card_index(catalog).printings_of))
        typer.echo(f"wrote {target} ({out_format}, {loaded.deck.count()} cards)")


def _register_plugged_commands() -> None:
    # Commands that live in their own modules of deckbuilder/cli/; each module
    # imports only typer at load time, so start-up stays light.
    from deckbuilder.cli.adventure import adventure_check, adventure_show, deck_adventures, deck_plan
    from deckbuilder.cli.goldfish import deck_goldfish
    from deckbuilder.cli.playability import deck_playability
    from deckbuilder.cli.sheet import deck_sheet

    adventure_app = typer.Typer(
        help="Read Adventure recipes and check decks against them.", no_args_is_help=True, rich_markup_mode=None
    )
    app.add_typer(adventure_app, name="adventure")
    adventure_app.command("show")(adventure_show)
    adventure_app.command("check")(adventure_check)
    deck_app.command("adventures")(deck_adventures)
    deck_app.command("plan")(deck_plan)
    deck_app.command("playability")(deck_playability)
    deck_app.command("goldfish")(deck_goldfish)
    deck_app.command("sheet")(deck_sheet)


_register_plugged_commands()


def main() -> None:
    """Runs the ``mythos`` command."""
    app(prog_name="mythos")
