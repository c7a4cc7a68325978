"""The command line as the tests run it: ``mythos`` in this process (:func:`mythos`); the
invented card files the tests import are :mod:`support.invented`'s.
"""

from __future__ import annotations

from typer.testing import CliRunner

from deckbuilder.cli import app

runner = CliRunner()


def mythos(*args: object, env: dict[str, str] | None = None):
    """Runs mythos in this process (CliRunner): fast, for what needs no real process. The
    arguments may be paths and numbers: each is given as its text."""
    return runner.invoke(app, [str(a) for a in args], env=env)
