"""The match's part of the service: decks played against each other by computer players
(``mythos match``), and one game of them told as a play-by-play (``--log K``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deckbuilder.errors import UsageError
from deckbuilder.service.decks import GOLDFISH_FORMATS, play_as
from deckbuilder.service.pool import MAX_JOBS

if TYPE_CHECKING:
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.decklists.deckfile import LoadedDeck
    from deckbuilder.rules.match import MatchBatch, MatchRecord, MatchReport

#: Games per chunk when several processes play (a run of the seed's game seeds: the same games
#: whatever the number of processes).
CHUNK_GAMES = 100


@dataclass(frozen=True)
class MatchResult:
    """Decks played against each other (``mythos match``): who wins how often, with 95%
    intervals, and per deck its figures and its cards'; or, with ``log``, one game told."""

    decks: tuple[LoadedDeck, ...]
    investigators: tuple[str, ...]
    ai: tuple[str, ...]
    report: MatchReport | None
    format_name: str
    log: tuple[str, ...] = ()
    log_game: int = 0
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Gets the answer as ``mythos match --json`` prints it."""
        if self.report is None:
            return {
                "game": self.log_game,
                "format": self.format_name,
                "players": [
                    {"deck": d.deck.name, "investigator": i, "ai": a}
                    for d, i, a in zip(self.decks, self.investigators, self.ai)
                ],
                "log": list(self.log),
            }
        r = self.report
        return {
            "games": r.games,
            "seed": r.seed,
            "format": self.format_name,
            "ties": round(r.ties, 4),
            "ties_interval": [round(r.ties_low, 4), round(r.ties_high, 4)],
            "mean_rounds": round(r.mean_rounds, 3),
            "players": [
                {"deck": d.deck.name, "investigator": i, "ai": a, **p.to_dict()}
                for d, i, a, p in zip(self.decks, self.investigators, self.ai, r.players)
            ],
        }


def match_decks(
    catalog: Catalog,
    decks: Sequence[LoadedDeck],
    *,
    games: int = 1000,
    seed: int = 0,
    format_name: str = "advanced",
    investigators: Sequence[str] = (),
    ai: Sequence[str] = (),
    max_rounds: int = 20,
    target: int = 20,
    jobs: int | None = 1,
    log_game: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> MatchResult:
    """Plays 2 to 4 decks against each other ``games`` times and gets who wins how often.

    Options: ``seed`` (the same seed plays the same games, whatever ``jobs``), ``format_name``
    (basic: a Location first, advanced, campaign and tournament on to ``target`` points),
    ``investigators`` (per deck in order: who plays it; by default the deck's first),
    ``ai`` (per seat: ``greedy`` or ``lookahead``; by default greedy), ``max_rounds`` (a game
    stops after that many Rounds and is scored), ``jobs`` (processes; None: the machine's
    cores), ``log_game`` (play only game K of the seed and tell it), ``progress`` (called with
    games played, games in all).

    Raises :class:`~deckbuilder.errors.UsageError` for fewer than 2 or more than 4 decks, an
    unknown computer player or format, more ``--ai`` or ``--investigator`` than decks, or an
    out-of-range number; ``NoInvestigatorError`` for a deck no Investigator can play.
    """
    from deckbuilder.rules.match import AI_NAMES

    check_match_options(len(decks), format_name, ai, investigators, AI_NAMES)
    for option, value, low, high in (
        ("--games", games, 1, 1_000_000),
        ("--rounds", max_rounds, 1, 200),
        ("--target", target, 1, 1000),
        ("--jobs", 1 if jobs is None else jobs, 1, MAX_JOBS),
    ):
        if value < low or value > high:
            raise UsageError(f"{option} {value}: give a number from {low} to {high}")
    if log_game is not None and log_game < 1:
        raise UsageError(f"--log {log_game}: give a game number from 1 (game 1 is the seed's first)")
    notes: list[str] = []
    played: list[LoadedDeck] = []
    names: list[str] = []
    for i, deck in enumerate(decks):
        if i < len(investigators) and investigators[i]:
            deck, note = play_as(catalog, deck, investigators[i])
            if note:
                notes.append(note)
        played.append(deck)
        first = deck.deck.investigators[0].title if deck.deck.investigators else ""
        names.append(first)
    seats = tuple(ai) + ("greedy",) * (len(decks) - len(ai))
    batch = match_batch(catalog, played, ai=seats, format_name=format_name, target=target, max_rounds=max_rounds)
    game_list, _players = batch.build()  # read once here: forked workers start with it read
    names = [g.investigator.title for g in game_list]
    from deckbuilder.rules.goldfish import game_seeds

    if log_game is not None:
        lines: list[str] = []
        batch.match(game_seeds(seed, log_game)[-1], lines)
        return MatchResult(tuple(played), tuple(names), seats, None, format_name, tuple(lines), log_game, tuple(notes))
    from deckbuilder.rules.match import match_report

    records = play_matches(batch, game_seeds(seed, games), jobs=jobs, progress=progress)
    return MatchResult(tuple(played), tuple(names), seats, match_report(records, seed), format_name, notes=tuple(notes))


def check_match_options(
    decks: int,
    format_name: str,
    ai: Sequence[str],
    investigators: Sequence[str],
    ai_names: Sequence[str] = ("greedy", "lookahead"),
) -> None:
    """Checks a match's options before any work: 2 to 4 decks, known computer players and
    format, no more ``--ai`` or ``--investigator`` than decks. Raises UsageError."""
    if decks < 2:
        raise UsageError(f"a match needs 2 to 4 decks, {decks} given: name each deck file (mythos match A.deck B.deck)")
    if decks > 4:
        raise UsageError(f"a match is for 2 to 4 players, {decks} decks given: name at most 4 deck files")
    for name in ai:
        if name not in ai_names:
            raise UsageError(f"--ai {name!r}: choose one of {', '.join(ai_names)}")
    if len(ai) > decks:
        raise UsageError(f"--ai given {len(ai)} times for {decks} decks: give at most one per deck, in deck order")
    if len(investigators) > decks:
        raise UsageError(
            f"--investigator given {len(investigators)} times for {decks} decks: "
            "give at most one per deck, in deck order"
        )
    if format_name not in GOLDFISH_FORMATS:
        raise UsageError(f"--format {format_name!r}: a match plays Mythos formats only ({', '.join(GOLDFISH_FORMATS)})")


def match_batch(
    catalog: Catalog,
    decks: Sequence[LoadedDeck],
    *,
    ai: Sequence[str],
    format_name: str = "advanced",
    target: int = 20,
    max_rounds: int = 20,
) -> MatchBatch:
    """Gets the batch that plays matches of the decks (their recipes read from the catalog)."""
    from deckbuilder.catalog.importers.effects import load_effect_overrides
    from deckbuilder.catalog.recipebook import deck_recipes
    from deckbuilder.rules.match import MatchBatch

    return MatchBatch(
        [d.deck for d in decks],
        ai=ai,
        recipes=[deck_recipes(catalog, d.deck) for d in decks],
        basic=format_name == "basic",
        campaign=format_name in ("campaign", "tournament"),
        target=target,
        max_rounds=max_rounds,
        effects=load_effect_overrides(),
    )


def play_matches(
    batch: MatchBatch, seeds: Sequence[int], *, jobs: int | None = 1, progress: Callable[[int, int], None] | None = None
) -> list[MatchRecord]:
    """Plays a match per seed in ``jobs`` processes; the records in the order of ``seeds``,
    the same whatever ``jobs`` is."""
    from deckbuilder.rules.match import MatchRecord
    from deckbuilder.service.pool import default_jobs, map_chunks

    workers = default_jobs() if jobs is None else jobs
    total = len(seeds)
    if workers <= 1 or total < 2 * CHUNK_GAMES:
        return batch.play(seeds, None if progress is None else (lambda n: progress(n, total)))
    chunks = [seeds[i : i + CHUNK_GAMES] for i in range(0, total, CHUNK_GAMES)]
    ticker = None if progress is None else (lambda n: progress(min(n * CHUNK_GAMES, total), total))
    return [
        MatchRecord(*values)  # type: ignore[arg-type]
        for chunk in map_chunks(batch, chunks, jobs=workers, progress=ticker)  # type: ignore[arg-type]
        for values in chunk
    ]
