"""The ``mythos`` command line: parse, call one service function, print or fail.

The command tree is in ``tree`` (the typer app); the commands live one module per group
(``catalog``, ``cards`` for ``card`` and ``search``, ``deck``, ``adventure``, ``library``
for saved decks and the collection, ``serve`` for the web deck builder), each a few lines
over :mod:`deckbuilder.service`, with the terminal's text views in ``console`` and the
shared options and error reporting in ``common``. ``--json`` prints the service result's
``to_json()``, the very data the web deck builder answers.

Start-up is kept light: every heavy module (sqlmodel, rapidfuzz, jinja2) and the rules are
imported inside the command that needs them, and this module imports not even typer, so
that ``mythos --help`` can be answered from the help cache (:mod:`deckbuilder.cli.helpcache`)
at little more than Python's own start-up (issue 17), and a plain ``mythos catalog import``
run without importing typer at all (:mod:`deckbuilder.cli.direct`, issue 28).

Exit codes: 0 success; 1 a verdict against the input (an illegal deck); 2 unreadable or
unusable input (a malformed file, an unknown card, a bad query).
"""

from __future__ import annotations


def main() -> None:
    """Runs the ``mythos`` command. ``mythos --help`` (or ``-h``) alone is answered from the
    help cache where it holds typer's answer for this program and terminal, and a plain
    ``mythos catalog import`` without typer (:mod:`deckbuilder.cli.direct`)."""
    import os
    import sys

    if "_MYTHOS_COMPLETE" not in os.environ:
        if sys.argv[1:] in (["--help"], ["-h"]):
            from deckbuilder.cli.helpcache import print_help

            print_help(sys.argv[1])
            return
        if sys.argv[1:3] == ["catalog", "import"] or sys.argv[2:4] == ["catalog", "import"]:
            from deckbuilder.cli.direct import run

            code = run(sys.argv[1:])
            if code is not None:
                sys.exit(code)
    from deckbuilder.cli.tree import app

    app(prog_name="mythos")


def __getattr__(name: str) -> object:
    # The typer app and what it shows are the command tree's (``from deckbuilder.cli import
    # app``), imported when asked for.
    if name in ("app", "version_line"):
        from deckbuilder.cli import tree

        return getattr(tree, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
