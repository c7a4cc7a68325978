"""The command line as the tests run it: ``mythos`` in this process (:func:`mythos`) and the
small invented card files the tests import (:func:`set_file`), so they need no third-party data.
"""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from deckbuilder.cli import app

runner = CliRunner()


def mythos(*args: str, env: dict[str, str] | None = None):
    """Runs mythos in this process (CliRunner): fast, for what needs no real process."""
    return runner.invoke(app, list(args), env=env)


def set_file(folder: Path, name: str, cards: int = 5) -> Path:
    """Writes a small invented GCCG set file of ``cards`` Allies named "NAME Card N"."""
    body = "".join(
        f'<card name="{name} Card {i}" text="An invented card."><attr key="type" value="Ally"/>'
        f'<attr key="set" value="{name}"/></card>'
        for i in range(cards)
    )
    path = folder / f"{name.lower()}.xml"
    path.write_text(
        f'<?xml version="1.0" encoding="UTF-8"?><ccg-setinfo name="{name}" game="Mythos">'
        f"<cards>{body}</cards></ccg-setinfo>",
        encoding="utf-8",
    )
    return path
