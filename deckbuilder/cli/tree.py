"""The ``mythos`` command tree: the typer app, its groups and its commands.

The commands live one module per group (``catalog``, ``cards`` for ``card`` and ``search``,
``deck``, ``adventure``, ``library`` for saved decks and the collection, ``serve`` for the
web deck builder), each a few lines over :mod:`deckbuilder.service`; this module puts them
in one tree. :func:`deckbuilder.cli.main` runs it (and answers ``mythos --help`` from a
cache where it can, :mod:`deckbuilder.cli.helpcache`).

The tree is a table (:data:`TOP` and :data:`GROUPS`): each group's commands in the order ``--help`` lists
them, each command named by its module and function. A command's module is imported, and
typer reads its function's options, only when that command is run, completed or listed in
a help text (:class:`LazyGroup`, click's lazily loaded subcommands): ``mythos catalog
import`` loads the catalog's commands and no other's (issue 28: importing every command
module and reading every command's options was a tenth of the import's start-up).

The command modules do not use ``from __future__ import annotations``: typer would have to
evaluate every string annotation at start-up, which cost a third of ``--help``'s own time
(``benchmarks/catalog.py``).
"""

from collections.abc import Callable, Iterator, MutableMapping
from functools import partial
from importlib import import_module
from typing import Annotated, Any

import typer
import typer.main
from typer.core import TyperGroup

from deckbuilder.cli import output

#: A command of the tree: its name, the module of ``deckbuilder.cli`` that holds it, its
#: function there, and the names of that module's objects to pass to typer as settings
#: (``cls``, ``help``).
Command = tuple[str, str, str, dict[str, str]]

#: The groups of commands: their help and their commands, in the order ``--help`` lists them.
GROUPS: dict[str, tuple[str, list[Command]]] = {
    "catalog": (
        "Build and inspect the card catalog.",
        [
            ("import", "catalog", "catalog_import", {}),
            ("fetch", "catalog", "catalog_fetch", {}),
            ("info", "catalog", "catalog_info", {}),
        ],
    ),
    "deck": (
        "Check, analyse, play-test, convert and print deck lists.",
        [
            ("check", "deck", "deck_check", {}),
            ("stats", "deck", "deck_stats", {}),
            ("convert", "deck", "deck_convert", {}),
            ("adventures", "adventure", "deck_adventures", {}),
            ("plan", "adventure", "deck_plan", {}),
            ("playability", "deck", "deck_playability", {}),
            ("goldfish", "deck", "deck_goldfish", {}),
            ("sheet", "deck", "deck_sheet", {}),
            ("build", "build", "deck_build", {}),
            ("suggest", "build", "deck_suggest", {}),
            ("list", "library", "deck_list", {}),
            ("history", "library", "deck_history", {}),
            ("diff", "library", "deck_diff", {}),
            ("save", "library", "deck_save", {}),
            ("restore", "library", "deck_restore", {}),
            ("delete", "library", "deck_delete", {}),
            ("undelete", "library", "deck_undelete", {}),
            ("copy", "library", "deck_copy", {}),
            ("rename", "library", "deck_rename", {}),
            ("code", "library", "deck_code", {}),
            ("gauntlet", "gauntlet", "deck_gauntlet", {}),
        ],
    ),
    "adventure": (
        "Read Adventure recipes and check decks against them.",
        [
            ("show", "adventure", "adventure_show", {}),
            ("check", "adventure", "adventure_check", {}),
        ],
    ),
    "collection": (
        "The cards you own: import a counts file, show it.",
        [
            ("import", "library", "collection_import", {}),
            ("show", "library", "collection_show", {}),
        ],
    ),
}

#: The top level: its commands, then its groups (the order typer lists them in).
TOP: list[Command] = [
    ("card", "cards", "card", {}),
    ("search", "cards", "search", {"cls": "SearchCommand", "help": "SEARCH_HELP"}),
    ("match", "match", "match", {}),
    ("serve", "serve", "serve", {}),
]


def _command(entry: Command) -> Any:
    """Gets a command of the tree as typer makes it, importing its module."""
    name, module_name, function, settings = entry
    module = import_module(f"deckbuilder.cli.{module_name}")
    # A Typer of this one command: typer makes it as it makes a group's command.
    one = typer.Typer(rich_markup_mode=None, add_completion=False)
    one.command(name, **{key: getattr(module, value) for key, value in settings.items()})(getattr(module, function))
    return typer.main.get_command(one)


def _group(name: str) -> Any:
    """Gets a group of the tree as typer makes it, its commands not yet imported."""
    help_text, _commands = GROUPS[name]
    return typer.main.get_group(
        typer.Typer(name=name, cls=LazyGroup, help=help_text, no_args_is_help=True, rich_markup_mode=None)
    )


class _Commands(MutableMapping[str, Any]):
    """A group's commands by name, in the tree's order, each made at its first use."""

    def __init__(self, makers: dict[str, Callable[[], Any]]) -> None:
        self._makers = makers
        self._made: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in self._made:
            self._made[name] = self._makers[name]()
        return self._made[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self._makers.setdefault(name, lambda: command)
        self._made[name] = command

    def __delitem__(self, name: str) -> None:
        del self._makers[name]
        self._made.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)


class LazyGroup(TyperGroup):
    """A typer group whose commands come from :data:`TOP` or :data:`GROUPS`, each imported and read at its
    first use (click's "lazily loading subcommands"); the names are known without that, so
    ``--help`` lists them in order and a mistyped one gets typer's suggestion."""

    def __init__(self, **settings: Any) -> None:
        super().__init__(**settings)
        top = settings.get("name") == "mythos"
        entries = TOP if top else GROUPS[settings["name"]][1]
        makers: dict[str, Callable[[], Any]] = {entry[0]: partial(_command, entry) for entry in entries}
        if top:
            makers.update({group: partial(_group, group) for group in GROUPS})
        self.commands = _Commands(makers)

    def list_commands(self, ctx: Any) -> list[str]:
        """Gets the commands' names, in the tree's order, importing none."""
        return list(self.commands)


app = typer.Typer(
    name="mythos",
    cls=LazyGroup,
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
    output.set_quiet(quiet)
