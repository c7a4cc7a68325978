"""The matches a build or a suggestion measures decks by against a field, as a :data:`~.model.PlayBatch`.

With ``--against`` a deck is judged by the whole game (:mod:`deckbuilder.rules.match`): each
seed plays one two-player match against every deck of the field, the candidate in seat A and
the field deck in seat B, with the same seed for every candidate deck (common random
numbers: two decks differ by their cards, not by the deal). A seed's
:class:`~.model.GameResult` then says the share of those matches the deck won (a tie counts
half), the Round of the matches it won, the share of them in which it completed an Adventure
and their Round (the Adventure speed), its mean final Sanity, and the Combat damage its cards
dealt per match; the search's cost (:func:`~.measure.search_cost`) puts the win share first
and breaks ties by the Adventure speed. The search, its racing stages and the held-out games stay as they
are: only the batch that plays a deck changes.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from deckbuilder.rules.cards import CardType
from deckbuilder.rules.construction.model import GameResult, PlayBatch
from deckbuilder.rules.decks import Deck

if TYPE_CHECKING:
    from deckbuilder.rules.adventures import Recipe
    from deckbuilder.rules.effects import CardEffects
    from deckbuilder.rules.match import MatchRecord


@dataclass(frozen=True)
class FieldDeck:
    """One deck of the field: its name, the rules deck and its Adventures' recipes."""

    name: str
    deck: Deck
    recipes: Mapping[str, object]


def match_outcome(record: MatchRecord) -> float:
    """Gets seat A's result of a two-player match: 1 won, 0.5 a tie, 0 lost."""
    return 1.0 if record.winner == 0 else 0.5 if record.winner < 0 else 0.0


def field_records(
    deck: Deck,
    field: Sequence[FieldDeck],
    seeds: Sequence[int],
    recipes: Mapping[str, Recipe],
    *,
    campaign: bool = False,
    target: int = 20,
    max_rounds: int = 20,
    effects: Mapping[str, CardEffects] | None = None,
) -> list[list[MatchRecord]]:
    """Plays the deck (seat A) against each field deck (seat B) on every seed; gets per field
    deck the records in the order of ``seeds``."""
    from deckbuilder.rules.match import MatchBatch

    mine: dict[str, object] = {
        e.card.key: recipes[e.card.key]
        for e in deck.main
        if e.card.type is CardType.ADVENTURE and e.card.key in recipes
    }
    out = []
    for f in field:
        batch = MatchBatch(
            [deck, f.deck],
            recipes=[mine, dict(f.recipes)],
            campaign=campaign,
            target=target,
            max_rounds=max_rounds,
            effects=effects,
        )
        out.append(batch.play(seeds))
    return out


def seed_results(per_field: Sequence[Sequence[MatchRecord]]) -> list[GameResult]:
    """Gets one :class:`~.model.GameResult` per seed from the matches against each field deck."""
    out = []
    for records in zip(*per_field):
        wins = [match_outcome(r) for r in records]
        won = [r.rounds for r in records if r.winner == 0]
        # A Basic game ends at the first Adventure completed (rulebook l.91): a match in which
        # the deck scored Adventure points is one it completed an Adventure in, by its last Round.
        scored = [r.rounds for r in records if r.points[0] > 0]
        n = len(records)
        worth: dict[str, list[float]] = {}
        for r in records:
            for title in r.played[0]:
                worth.setdefault(title, [0.0, 0.0])[1] += 1 / n
            for figures in (r.dealt[0], r.absorbed[0]):
                for title, v in figures:
                    worth.setdefault(title, [0.0, 0.0])[0] += v / n
        out.append(
            GameResult(
                rounds=round(sum(won) / len(won)) if won else None,
                final_sanity=sum(r.sanity[0] for r in records) / n,
                progress=len(scored) / n,
                win=sum(wins) / n,
                dealt=sum(sum(v for _t, v in r.dealt[0]) for r in records) / n,
                scored_round=sum(scored) / len(scored) if scored else None,
                cards=tuple((t, d, p) for t, (d, p) in sorted(worth.items())),
            )
        )
    return out


#: The matches a player kept: per (deck, seed), its outcome against each field deck.
Played = MutableMapping[tuple[Hashable, int], tuple[float, ...]]


def deck_key(deck: Deck) -> Hashable:
    """Gets what tells a deck's matches apart: its entries, in order (the same key plays the
    same matches on the same seed)."""
    return tuple((e.card.key, e.count, e.section.value) for e in deck.entries)


def match_player(
    field: Sequence[FieldDeck],
    recipes: Mapping[str, Recipe],
    *,
    campaign: bool = False,
    target: int = 20,
    max_rounds: int = 20,
    effects: Mapping[str, CardEffects] | None = None,
    played: Played | None = None,
    keep: frozenset[int] = frozenset(),
) -> PlayBatch:
    """Gets a :data:`~.model.PlayBatch` that plays each seed as a match against every field deck;
    with ``played``, the outcome of each match on a seed of ``keep`` is kept there (a build's
    held-out matches, so that its report's win share against each field deck is read from the
    very matches its measure played, not from a second set played again)."""

    def play(deck: Deck, seeds: Sequence[int]) -> list[GameResult]:
        per_field = field_records(
            deck, field, seeds, recipes, campaign=campaign, target=target, max_rounds=max_rounds, effects=effects
        )
        if played is not None:
            key = deck_key(deck)
            for i, s in enumerate(seeds):
                if s in keep:
                    played[(key, s)] = tuple(match_outcome(records[i]) for records in per_field)
        return seed_results(per_field)

    return play
