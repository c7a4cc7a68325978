"""The ``mythos`` command tree: the typer app, its groups and its commands.

The commands live one module per group (``catalog``, ``cards`` for ``card`` and ``search``,
``deck``, ``adventure``, ``library`` for saved decks and the collection, ``serve`` for the
web deck builder), each a few lines over :mod:`deckbuilder.service`; this module puts them
in one tree. :func:`deckbuilder.cli.main` runs it (and answers ``mythos --help`` from a
cache where it can, :mod:`deckbuilder.cli.helpcache`).

The command modules do not use ``from __future__ import annotations``: typer would have to
evaluate every string annotation at start-up, which cost a third of ``--help``'s own time
(``benchmarks/catalog.py``).
"""

from typing import Annotated

import typer

from deckbuilder.cli import adventure, build, cards, catalog, common, deck, gauntlet, library, match, serve

app = typer.Typer(
    name="mythos",
    help="Card catalog, deck validator and Adventure checker for the Mythos collectible card game.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    # typer's own --install-completion and --show-completion (bash, zsh, fish, PowerShell);
    # card and Adventure titles complete from the catalog (common.complete_card_title).
    add_completion=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def version_line() -> str:
    """Gets what ``mythos --version`` prints: ``mythos VERSION (compiled core)``, or ``(pure
    Python core)`` where the rules core runs from its source (issue 17)."""
    import deckbuilder
    from deckbuilder.rules import compiled_core

    return f"mythos {deckbuilder.__version__} ({'compiled' if compiled_core() else 'pure Python'} core)"


def _show_version(shown: bool) -> None:
    if shown:
        typer.echo(version_line())
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Show the version and whether the rules core is compiled, and exit.",
            is_eager=True,
            callback=_show_version,
        ),
    ] = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="No notes or progress, for scripts: only the answer and errors.")
    ] = False,
) -> None:
    """Card catalog, deck validator and Adventure checker for the Mythos collectible card game."""
    common.set_quiet(quiet)


catalog_app = typer.Typer(help="Build and inspect the card catalog.", no_args_is_help=True, rich_markup_mode=None)
app.add_typer(catalog_app, name="catalog")
deck_app = typer.Typer(
    help="Check, analyse, play-test, convert and print deck lists.", no_args_is_help=True, rich_markup_mode=None
)
app.add_typer(deck_app, name="deck")

catalog_app.command("import")(catalog.catalog_import)
catalog_app.command("fetch")(catalog.catalog_fetch)
catalog_app.command("info")(catalog.catalog_info)

app.command("card")(cards.card)
app.command("search", cls=cards.SearchCommand, help=cards.SEARCH_HELP)(cards.search)

deck_app.command("check")(deck.deck_check)
deck_app.command("stats")(deck.deck_stats)
deck_app.command("convert")(deck.deck_convert)

adventure_app = typer.Typer(
    help="Read Adventure recipes and check decks against them.", no_args_is_help=True, rich_markup_mode=None
)
app.add_typer(adventure_app, name="adventure")
adventure_app.command("show")(adventure.adventure_show)
adventure_app.command("check")(adventure.adventure_check)

deck_app.command("adventures")(adventure.deck_adventures)
deck_app.command("plan")(adventure.deck_plan)
deck_app.command("playability")(deck.deck_playability)
deck_app.command("goldfish")(deck.deck_goldfish)
deck_app.command("sheet")(deck.deck_sheet)
deck_app.command("build")(build.deck_build)
deck_app.command("suggest")(build.deck_suggest)
deck_app.command("list")(library.deck_list)
deck_app.command("history")(library.deck_history)
deck_app.command("diff")(library.deck_diff)
deck_app.command("save")(library.deck_save)
deck_app.command("restore")(library.deck_restore)
deck_app.command("delete")(library.deck_delete)
deck_app.command("undelete")(library.deck_undelete)
deck_app.command("copy")(library.deck_copy)
deck_app.command("rename")(library.deck_rename)
deck_app.command("code")(library.deck_code)
deck_app.command("gauntlet")(gauntlet.deck_gauntlet)

collection_app = typer.Typer(
    help="The cards you own: import a counts file, show it.", no_args_is_help=True, rich_markup_mode=None
)
app.add_typer(collection_app, name="collection")
collection_app.command("import")(library.collection_import)
collection_app.command("show")(library.collection_show)

app.command("match")(match.match)
app.command("serve")(serve.serve)
