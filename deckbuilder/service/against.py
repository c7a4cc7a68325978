"""A field of decks to judge a build or a suggestion by (``--against``): loading it, the match
players the search and the held-out games use, and each reported deck's win share against
every field deck with its 95% interval.

A field names decks: deck files, folders (every deck file directly inside, in name order),
deck codes, or saved decks' ids or names; each one plays seat B of a two-player match against
the deck measured (:mod:`deckbuilder.rules.construction.against`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckbuilder.errors import UsageError

if TYPE_CHECKING:
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.decklists.deckfile import LoadedDeck
    from deckbuilder.rules.construction.against import FieldDeck
    from deckbuilder.rules.decks import Deck

#: Deck file extensions a folder of the field is read for.
DECK_EXTENSIONS = (".deck", ".dek", ".txt", ".json")
#: Decks a field may hold: each costs a match per seed.
MAX_FIELD = 8
#: Held-out seeds each reported deck plays against the field (one match per field deck each).
FIELD_REPORT_GAMES = 200
#: Seeds the search plays by default against a field (each one match per field deck): with a
#: field of 3 within the default 55 s on one core of this machine, busy (see CHANGELOG, issue 24).
FIELD_BUDGET = 2_000
#: Seeds of each racing stage against a field (alone: 40, 120, 360): a seed is a match per
#: field deck, and a third of the seeds leaves the search budget for more changes tried.
FIELD_STAGES = (20, 60, 180)
#: Seeds each change of a suggestion is screened on against a field (alone: 120), each a match
#: per field deck: the fresh matches, not these, decide what is recommended.
FIELD_SCREEN = 60
#: What a build's held-out matches cost, in seeds of the search's own matches per held-out
#: seed: the built deck and its start, a runner-up or two, at the goal's full length (the
#: search's are shorter). Measured on this machine: see CHANGELOG, issue 24.
REPORT_PACE = 4.0
#: The report's line when no field is given.
ALONE_LINE = "Measured alone (goldfish games): the objective is completion speed; give --against to judge by matches."


def load_field(catalog: Catalog, refs: Sequence[str | Path], decks: str | Path | None = None) -> list[LoadedDeck]:
    """Loads the decks ``--against`` names (files, folders, deck codes, saved decks' ids).
    Raises UsageError for a folder with no deck file or a field larger than :data:`MAX_FIELD`,
    and as :func:`~deckbuilder.service.deckrefs.load_deck_ref` does for a name that is no deck."""
    from deckbuilder.service.deckrefs import load_deck_ref

    out: list[LoadedDeck] = []
    for ref in refs:
        path = Path(ref)
        if path.is_dir():
            files = sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() in DECK_EXTENSIONS)
            if not files:
                raise UsageError(
                    f"--against {ref}: the folder holds no deck file ({', '.join(DECK_EXTENSIONS)}); "
                    "name deck files, a folder of them or saved decks' ids"
                )
            out += [load_deck_ref(catalog, decks, p) for p in files]
        else:
            out.append(load_deck_ref(catalog, decks, ref))
    if len(out) > MAX_FIELD:
        raise UsageError(
            f"--against: {len(out)} decks given; a field holds at most {MAX_FIELD} (each costs a match per test game)"
        )
    for d in out:
        if not d.deck.investigators:
            raise UsageError(f"--against {d.name}: the deck names no Investigator; add one to the deck file")
    return out


def field_decks(catalog: Catalog, field: Sequence[LoadedDeck]) -> list[FieldDeck]:
    """Gets the rules' view of the field: each deck with its Adventures' recipes."""
    from deckbuilder.catalog.recipebook import deck_recipes
    from deckbuilder.rules.construction.against import FieldDeck

    return [FieldDeck(d.deck.name or d.name, d.deck, deck_recipes(catalog, d.deck) or {}) for d in field]


def field_players(
    field: Sequence[FieldDeck],
    recipes: Mapping[str, Any],
    *,
    campaign: bool,
    target: int,
    search_rounds: int,
    max_rounds: int,
    played: dict[Any, tuple[float, ...]] | None = None,
    keep: Sequence[int] = (),
) -> tuple[Any, Any]:
    """Gets the match players of a build against a field: the search's (shorter games) and the
    held-out games' (the goal's full length), which keeps in ``played`` the outcome of each
    match on a seed of ``keep`` (the held-out seeds: :func:`field_shares` reads them back)."""
    from deckbuilder.catalog.importers.effects import load_effect_overrides
    from deckbuilder.rules.construction.against import match_player

    effects = load_effect_overrides()
    return (
        match_player(field, recipes, campaign=campaign, target=target, max_rounds=search_rounds, effects=effects),
        match_player(
            field,
            recipes,
            campaign=campaign,
            target=target,
            max_rounds=max_rounds,
            effects=effects,
            played=played,
            keep=frozenset(keep),
        ),
    )


class Pace:
    """A match player timed as it plays: the wall-clock seconds a seed of it has cost so far.
    A build against a field reserves from them the time its held-out matches will take, so
    that its time cap bounds the whole build (the report too) on a busy machine as well."""

    def __init__(self, play: Any) -> None:
        self.play = play
        self.seconds = 0.0
        self.seeds = 0

    def __call__(self, deck: Deck, seeds: Sequence[int]) -> Any:
        import time

        started = time.monotonic()
        out = self.play(deck, seeds)
        self.seconds += time.monotonic() - started
        self.seeds += len(seeds)
        return out

    def reserve(self, seeds: int) -> float:
        """Gets the seconds ``seeds`` held-out seeds of the report will take at this pace."""
        return REPORT_PACE * seeds * self.seconds / self.seeds if self.seeds else 0.0


@dataclass(frozen=True)
class FieldShare:
    """A deck's matches against one field deck: the share won (a tie half) and its 95% interval."""

    deck: str
    games: int
    wins: float
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        return {
            "deck": self.deck,
            "games": self.games,
            "win_share": round(self.wins, 4),
            "interval": [round(self.low, 4), round(self.high, 4)],
        }


def field_shares(
    deck: Deck,
    field: Sequence[FieldDeck],
    recipes: Mapping[str, Any],
    *,
    seed: int,
    campaign: bool,
    target: int,
    max_rounds: int,
    games: int = FIELD_REPORT_GAMES,
    seeds: Sequence[int] | None = None,
    played: Mapping[Any, tuple[float, ...]] | None = None,
) -> tuple[FieldShare, ...]:
    """Plays a deck against each field deck on held-out seeds (none of the search's; the same
    for every deck reported: ``seeds``, else ``games`` drawn from ``seed``) and gets its win
    share against each with the Wilson interval. A match ``played`` holds (a build's held-out
    matches, kept as its report played them) is read from there, not played again."""
    import random

    from deckbuilder.catalog.importers.effects import load_effect_overrides
    from deckbuilder.rules.construction.against import deck_key, field_records, match_outcome
    from deckbuilder.rules.match.games import wilson

    if seeds is None:
        held_out = random.Random(seed * 104729 + 3)
        seeds = [held_out.randrange(2**31) for _ in range(games)]
    key = deck_key(deck)
    kept = played or {}
    missing = [s for s in seeds if (key, s) not in kept]
    outcomes = {s: kept[(key, s)] for s in seeds if (key, s) in kept}
    if missing:
        per_field = field_records(
            deck,
            field,
            missing,
            recipes,
            campaign=campaign,
            target=target,
            max_rounds=max_rounds,
            effects=load_effect_overrides(),
        )
        for i, s in enumerate(missing):
            outcomes[s] = tuple(match_outcome(records[i]) for records in per_field)
    out = []
    for n, f in enumerate(field):
        won = sum(outcomes[s][n] for s in seeds)
        low, high = wilson(won, len(seeds))
        out.append(FieldShare(f.name, len(seeds), won / len(seeds), low, high))
    return tuple(out)
