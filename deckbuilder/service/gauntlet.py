"""The gauntlet's part of the service: one deck played against each deck of a field, two
players at a time (``mythos deck gauntlet``), and the field read from folders and files.

Each matchup is a :func:`~deckbuilder.service.matches.match_decks` of the deck (seat A) and
one field deck (seat B) on the same seed, so the same seed gives the same table whatever the
number of processes, and every field deck meets the deck on the same deals.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckbuilder.errors import UsageError

if TYPE_CHECKING:
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.decklists.deckfile import LoadedDeck
    from deckbuilder.service.matches import MatchResult

#: The files a field folder gives: the deck formats the tool reads, by extension.
FIELD_EXTENSIONS = (".deck", ".dek", ".txt", ".json")

#: The most decks in a field (a folder of more is most likely the wrong folder).
MAX_FIELD = 64


def field_files(paths: Sequence[str | Path]) -> list[Path]:
    """Gets the deck files a ``--field`` names: a folder gives its deck files (``.deck``,
    ``.dek``, ``.txt``, ``.json``, by name), a file itself. Raises
    :class:`~deckbuilder.errors.UsageError` for a path that does not exist, a folder without
    deck files, no field at all, or more than :data:`MAX_FIELD` decks."""
    if not paths:
        raise UsageError("no field given: name a folder of decks or deck files with --field")
    files: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found = sorted(
                (p for p in path.iterdir() if p.is_file() and p.suffix.lower() in FIELD_EXTENSIONS),
                key=lambda p: p.name.lower(),
            )
            if not found:
                raise UsageError(f"--field {path}: the folder holds no deck files ({', '.join(FIELD_EXTENSIONS)})")
            files.extend(found)
        elif path.is_file():
            files.append(path)
        else:
            raise UsageError(f"--field {path}: no such file or folder; name a folder of decks or deck files")
    if len(files) > MAX_FIELD:
        raise UsageError(f"--field: {len(files)} decks; a gauntlet plays at most {MAX_FIELD} (name fewer files)")
    return files


@dataclass(frozen=True)
class Matchup:
    """The deck against one field deck: the match's report (the deck in seat A)."""

    opponent: LoadedDeck
    match: MatchResult

    def to_json(self) -> dict[str, Any]:
        """Gets the matchup as a row of ``mythos deck gauntlet --json``'s ``matchups``."""
        report = self.match.report
        assert report is not None
        mine, theirs = report.players
        return {
            "deck": self.opponent.deck.name,
            "path": self.opponent.path,
            "investigator": self.match.investigators[1],
            "wins": round(mine.wins, 4),
            "wins_interval": [round(mine.wins_low, 4), round(mine.wins_high, 4)],
            "losses": round(theirs.wins, 4),
            "ties": round(report.ties, 4),
            "mean_score": round(mine.mean_score, 3),
            "opponent_mean_score": round(theirs.mean_score, 3),
            "combat_sanity_lost": round(mine.combat_sanity_lost, 3),
            "opponent_combat_sanity_lost": round(theirs.combat_sanity_lost, 3),
            "mean_rounds": round(report.mean_rounds, 3),
        }


@dataclass(frozen=True)
class Gauntlet:
    """A deck against each deck of a field (``mythos deck gauntlet``): a matchup per field deck
    and the overall win share with its 95% interval."""

    deck: LoadedDeck
    investigator: str
    ai: tuple[str, str]
    format_name: str
    games: int
    seed: int
    matchups: tuple[Matchup, ...]
    notes: tuple[str, ...] = ()

    @property
    def wins(self) -> float:
        """Gets the share of all the gauntlet's games the deck won."""
        return self._won() / (self.games * len(self.matchups)) if self.matchups else 0.0

    @property
    def wins_interval(self) -> tuple[float, float]:
        """Gets the 95% Wilson interval of :attr:`wins`."""
        from deckbuilder.rules.match.games import wilson

        return wilson(self._won(), self.games * len(self.matchups))

    def _won(self) -> int:
        won = 0
        for m in self.matchups:
            report = m.match.report
            if report is not None:
                won += round(report.players[0].wins * report.games)
        return won

    def to_json(self) -> dict[str, Any]:
        """Gets the gauntlet as ``mythos deck gauntlet --json`` prints it."""
        low, high = self.wins_interval
        return {
            "deck": self.deck.deck.name,
            "path": self.deck.path,
            "investigator": self.investigator,
            "ai": self.ai[0],
            "field_ai": self.ai[1],
            "format": self.format_name,
            "games": self.games,
            "seed": self.seed,
            "wins": round(self.wins, 4),
            "wins_interval": [round(low, 4), round(high, 4)],
            "matchups": [m.to_json() for m in self.matchups],
        }


def check_gauntlet_options(field: int, format_name: str, ai: Sequence[str], games: int) -> None:
    """Checks a gauntlet's options before any work: a field of 1 to :data:`MAX_FIELD` decks,
    known computer players (at most two: the deck's, then the field's) and format, games in
    range. Raises :class:`~deckbuilder.errors.UsageError`."""
    from deckbuilder.service.matches import check_match_options

    if field < 1:
        raise UsageError("no field given: name a folder of decks or deck files with --field")
    if field > MAX_FIELD:
        raise UsageError(f"--field: {field} decks; a gauntlet plays at most {MAX_FIELD}")
    if len(ai) > 2:
        raise UsageError(f"--ai given {len(ai)} times: give the deck's computer player, then the field's")
    check_match_options(2, format_name, ai, ())
    if not 1 <= games <= 1_000_000:
        raise UsageError(f"--games {games}: give a number from 1 to 1000000")


def gauntlet_deck(
    catalog: Catalog,
    deck: LoadedDeck,
    field: Sequence[LoadedDeck],
    *,
    games: int = 200,
    seed: int = 0,
    format_name: str = "advanced",
    ai: Sequence[str] = (),
    investigator: str | None = None,
    max_rounds: int = 20,
    target: int = 20,
    jobs: int | None = 1,
    progress: Callable[[int, int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Gauntlet:
    """Plays ``deck`` against each deck of ``field``, ``games`` two-player games each on the
    same ``seed``; gets the matchup table and the overall win share.

    ``ai``: the deck's computer player, then the field's (greedy by default); ``investigator``
    who plays the deck; ``jobs`` processes (None: the machine's cores; the table is the same
    whatever the number); ``progress`` is called with (games played, games in all);
    ``should_stop`` is asked between matchups, and a stop keeps the matchups played so far.
    Raises :class:`~deckbuilder.errors.UsageError` as :func:`check_gauntlet_options` does,
    and as :func:`~deckbuilder.service.matches.match_decks` does.
    """
    from deckbuilder.service.matches import match_decks

    check_gauntlet_options(len(field), format_name, ai, games)
    seats = (ai[0] if ai else "greedy", ai[1] if len(ai) > 1 else "greedy")
    total = games * len(field)
    matchups: list[Matchup] = []
    notes: list[str] = []
    for i, opponent in enumerate(field):
        if should_stop is not None and should_stop():
            notes.append(f"stopped after {i} of {len(field)} matchups")
            break
        ticker = None if progress is None else (lambda done, _all, base=i * games: progress(base + done, total))
        result = match_decks(
            catalog,
            [deck, opponent],
            games=games,
            seed=seed,
            format_name=format_name,
            investigators=(investigator or "",),
            ai=seats,
            max_rounds=max_rounds,
            target=target,
            jobs=jobs,
            progress=ticker,
        )
        for note in result.notes:
            if note not in notes:
                notes.append(note)
        matchups.append(Matchup(opponent, result))
    who = matchups[0].match.investigators[0] if matchups else ""
    return Gauntlet(deck, who, seats, format_name, games, seed, tuple(matchups), tuple(notes))
