"""``mythos deck build|suggest``: a deck that builds itself, and changes that measurably help.

Each command checks its options first (as ``deck convert`` does: a file that exists is
overwritten only with ``--force``, and never the ``--from`` deck or the collection), calls
one service function, writes the decks and prints the answer (text, or ``--json``). A
progress bar shows on a terminal.
"""

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from deckbuilder.cli.common import DbOption, DeckArgument, ForceOption, InvestigatorOption, JobsOption, JsonOption
from deckbuilder.cli.output import echo_lines, load_deck, open_catalog, progress_bar, reported, show

# The goldfish plays the Mythos formats only, so a build or a suggestion does too.
_MythosFormatOption = Annotated[
    str, typer.Option("--format", "-f", help="Way to play: basic, advanced, campaign, tournament.")
]
_AgainstOption = Annotated[
    Optional[list[str]],
    typer.Option(
        "--against",
        help="Judge by matches against these decks (deck files, folders of them, deck codes or saved "
        "decks' ids; repeatable): the win share first, then Adventure speed and Sanity.",
        show_default=False,
    ),
]
_TargetOption = Annotated[
    Optional[int], typer.Option("--target", help="Campaign Adventure-point target.", min=1, show_default=False)
]


def runner_up_path(output: Path, n: int) -> Path:
    """Gets where runner-up ``n`` goes beside the built deck: ``built.txt`` -> ``built.runner-up-1.txt``."""
    return output.with_name(f"{output.stem}.runner-up-{n}{output.suffix}")


def deck_build(
    output: Annotated[
        Path,
        typer.Option(
            "--output",
            "-o",
            help="Where to write the deck; the format follows the extension (.txt, .deck, .dek, .json).",
            show_default=False,
        ),
    ],
    investigator: Annotated[
        Optional[str], typer.Option("--investigator", help="Who plays the deck.", show_default=False)
    ] = None,
    adventure: Annotated[
        Optional[list[str]],
        typer.Option("--adventure", help="An Adventure the deck must complete (repeatable).", show_default=False),
    ] = None,
    format_name: _MythosFormatOption = "advanced",
    target: _TargetOption = None,
    collection: Annotated[
        Optional[Path],
        typer.Option(
            "--collection",
            help="The cards you own (a counts list in any deck format): no card beyond them.",
            show_default=False,
        ),
    ] = None,
    from_deck: Annotated[
        Optional[Path],
        typer.Option("--from", help="Start from this deck and change as little as it must.", show_default=False),
    ] = None,
    keep: Annotated[
        Optional[list[str]],
        typer.Option(
            "--keep", help="A card the deck must hold (repeatable: one copy per mention).", show_default=False
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="The same seed builds the same deck.")] = 0,
    time_limit: Annotated[float, typer.Option("--time", help="At most this many seconds.")] = 55.0,
    budget: Annotated[
        Optional[int],
        typer.Option(
            "--budget",
            help="At most this many test games for the search "
            "(20000 by default): the same seed and budget build the same deck "
            "on any machine, when the time cap does not end it first.",
            min=100,
            show_default=False,
        ),
    ] = None,
    jobs: JobsOption = None,
    against: _AgainstOption = None,
    runners_up: Annotated[
        bool, typer.Option("--runners-up", help="Also write the runner-ups beside the deck (NAME.runner-up-1.EXT...).")
    ] = False,
    force: ForceOption = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Builds a legal deck that completes its Adventures, tuned by goldfish games.

    A file named with -o (or a runner-up's beside it) that exists is overwritten only with
    --force, and never when it is the --from deck or the collection.

    Example: mythos deck build --investigator "Bored Housewife" --adventure "The Auction" -o built.txt

    Against a field: ... --against rival.deck --against decks/ --budget 1000 --time 120
    """
    with reported(as_json):
        from deckbuilder import service
        from deckbuilder.decklists.deckfile import check_output_path, write_output_file

        out_format = service.deck_format_for(output)
        inputs = tuple(p for p in (from_deck, collection) if p is not None)
        check_output_path(output, option="-o", force=force, inputs=inputs)
        catalog = open_catalog(db, quiet=as_json)
        loaded = load_deck(db, from_deck, quiet=as_json)[1] if from_deck is not None else None
        field = _field(catalog, against)
        with progress_bar("Building", not as_json and sys.stderr.isatty()) as tick:
            result = service.build_deck(
                catalog,
                investigator=investigator,
                adventures=adventure or (),
                format_name=format_name,
                target=target,
                collection=collection,
                from_deck=loaded,
                keep=keep or (),
                seed=seed,
                time_limit=time_limit,
                budget=budget,
                jobs=jobs,
                progress=tick,
                against=field,
            )
        written = [(output, result.built)]
        if runners_up:
            written += [(runner_up_path(output, n), r) for n, r in enumerate(result.runners_up, 1)]
        for path, _choice in written:
            check_output_path(path, option="-o", force=force, inputs=inputs)  # nothing appeared meanwhile
        for path, choice in written:
            write_output_file(
                path,
                service.recorded_deck_text(catalog, choice.deck, result.play, out_format),
                option="-o",
                force=force,
                inputs=inputs,
            )
        show(result, as_json, "deck_build_lines")
        if not as_json:
            echo_lines(["wrote " + ", ".join(str(p) for p, _ in written)])


def deck_suggest(
    deck: DeckArgument,
    games: Annotated[
        int, typer.Option("--games", "-n", help="Games for each change that is measured in full.", min=100, max=100_000)
    ] = 1000,
    format_name: _MythosFormatOption = "advanced",
    target: _TargetOption = None,
    investigator: InvestigatorOption = None,
    seed: Annotated[int, typer.Option("--seed", help="The same seed measures the same games.")] = 0,
    against: _AgainstOption = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Ranks single changes (add, cut, swap a card) by their measured effect on completion and Sanity.

    Example: mythos deck suggest my.deck --games 2000

    Against a field: mythos deck suggest my.deck --against rival.deck --games 200
    """
    with reported(as_json):
        from deckbuilder import service

        catalog, loaded = load_deck(db, deck, quiet=as_json)
        field = _field(catalog, against)
        with progress_bar("Measuring changes", not as_json and sys.stderr.isatty()) as tick:
            result = service.suggest_changes(
                catalog,
                loaded,
                games=games,
                format_name=format_name,
                target=target,
                investigator=investigator,
                seed=seed,
                progress=tick,
                against=field,
            )
        show(result, as_json, "suggest_lines")


def _field(catalog: object, against: Optional[list[str]]) -> list:
    """Loads the decks ``--against`` names (none: measured alone)."""
    if not against:
        return []
    from deckbuilder.service.against import load_field

    return load_field(catalog, against)  # type: ignore[arg-type]
