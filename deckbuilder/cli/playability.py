"""``mythos deck playability``: the cards a deck can never play, or only by an unlikely path.

``cli.py`` registers :func:`deck_playability` (``deck_app.command("playability")(deck_playability)``).
The CLI helpers and the rules are imported inside the command, so importing this module costs
nothing and does not import ``cli.py`` (which imports it).

Exit 0 when every card can be played (warnings allowed), 1 when some card never can, 2 when
the deck cannot be read.
"""


import typer

# The same argument and options as cli.py's DeckArgument, DbOption and JsonOption, spelled
# here because cli.py imports this module (the annotations must resolve here).
from deckbuilder.cli.common import DbOption, DeckArgument, JsonOption, emit_json, load_deck_for, reported


def deck_playability(deck: DeckArgument, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Lists the cards a deck can never play, or only by an unlikely path, and how to fix it.

    Example: mythos deck playability my.deck
    """

    with reported(as_json):
        from deckbuilder.rules.playability import Severity, playability

        _catalog, loaded = load_deck_for(deck, db, as_json)
        issues = playability(loaded.deck)
        errors = sum(1 for i in issues if i.severity is Severity.ERROR)
        if as_json:
            emit_json([i.to_dict() for i in issues])
        else:
            name = loaded.deck.name or str(deck)
            warnings = len(issues) - errors
            if not issues:
                typer.echo(f"{name}: every card can be played")
            else:
                typer.echo(
                    f"{name}: {errors} error{'s' if errors != 1 else ''}, "
                    f"{warnings} warning{'s' if warnings != 1 else ''}"
                )
                for issue in issues:
                    copies = f" (x{issue.copies})" if issue.copies > 1 else ""
                    typer.echo(f"  {issue.severity.value}: {issue.card}{copies}: {issue.reason}")
                    typer.echo(f"    fix: {issue.fix}")
        if errors:
            raise typer.Exit(1)
