"""The deck build's goldfish games over the machine's cores (issue 16).

A build plays thousands of short batches: each race plays a new deck on 40, then 80, then
240 more of the common seeds, and the report 600 held-out games a deck. They are below the
thousand games from which ``goldfish --jobs`` forks a pool per call, so the build keeps one
pool of workers (:class:`~deckbuilder.service.pool.Workers`) for its whole run and splits
every batch of :data:`SPLIT_FROM` games or more across it. The workers are handed the cards
once, when they start (forked: nothing is pickled); each batch travels as plain data, the
deck as its cards' keys and copies and the seeds, and the worker rebuilds the deck from its
own copy of the cards (the compiled core's frozen dataclasses do not unpickle). A game
depends only on its deck and seed, and the batches come back in seed order, so a build
is the same whatever the number of processes.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from deckbuilder.rules.cards import Card
    from deckbuilder.rules.construction import GameResult
    from deckbuilder.rules.decks import Deck
    from deckbuilder.rules.goldfish import GameBatch

#: The fewest games a batch must have to be split across the workers; fewer play here. A
#: worker reads a deck it has not played before for play (Game(deck), some 9 ms compiled),
#: which half of a race's first stage (20 of 40 games, about 7 ms) does not pay back:
#: the later stages (80, 240 games) and the report's 600 do (benchmarks/build_jobs.py).
SPLIT_FROM = 80
#: Decks each worker keeps read for play (a race plays the same two decks in three stages).
KEPT_DECKS = 8

#: A deck as it travels: its cards' keys and copies, in the deck's order.
DeckKey = tuple[tuple[str, int], ...]


class DeckGames:
    """The job of the build's workers: plays a deck, given as :data:`DeckKey`, on seeds.

    Called with ``(deck key, longest game in Rounds, seeds)``; gets each game's (Round the
    goal was met or None, final Sanity, how near it came: ``GameResult.progress``), in seed
    order. It keeps the last :data:`KEPT_DECKS` decks read for play (their ``GameBatch``), so
    the later stages of a race do not read the deck again. The same engine and policy as ``mythos deck goldfish``.
    """

    def __init__(
        self,
        cards: Mapping[str, Card],
        investigator: Card,
        recipes: Mapping[str, Any],
        *,
        campaign: bool,
        target: int,
        effects: Mapping[str, Any] | None = None,
    ) -> None:
        self.cards = dict(cards)
        self.investigator = investigator
        self.recipes = dict(recipes)
        self.campaign = campaign
        self.target = target
        self.effects = dict(effects or {})
        self._batches: OrderedDict[tuple[DeckKey, int], tuple[GameBatch, list[frozenset[int]]]] = OrderedDict()

    def knows(self, deck: Deck) -> bool:
        """Checks that the deck is one this job can rebuild: its Investigator, cards it holds."""
        return list(deck.investigators) == [self.investigator] and all(
            self.cards.get(e.card.key) == e.card for e in deck.main
        )

    def _batch(self, key: DeckKey, max_rounds: int) -> tuple[GameBatch, list[frozenset[int]]]:
        """Gets the deck read for play, and its Adventures' cards as the engine's title ids
        (what a game's progress is measured by, :func:`~deckbuilder.rules.construction.games.adventure_titles`)."""
        from deckbuilder.rules.cards import CardType
        from deckbuilder.rules.construction.games import adventure_titles
        from deckbuilder.rules.decks import Deck
        from deckbuilder.rules.goldfish import GameBatch, needed_titles

        found = self._batches.get((key, max_rounds))
        if found is not None:
            self._batches.move_to_end((key, max_rounds))
            return found
        deck = Deck.of([(self.cards[k], n) for k, n in key], [self.investigator])
        mine = {k: self.recipes[k] for k, _n in key if self.cards[k].type is CardType.ADVENTURE and k in self.recipes}
        batch = GameBatch(
            deck,
            campaign=self.campaign,
            target=self.target,
            max_rounds=max_rounds,
            recipes=mine,
            needed=frozenset(needed_titles(deck, mine)),
            effects=self.effects,
        )
        found = self._batches[(key, max_rounds)] = (batch, adventure_titles(batch.game(), deck, mine))
        while len(self._batches) > KEPT_DECKS:
            self._batches.popitem(last=False)
        return found

    def __call__(self, chunk: tuple[DeckKey, int, Sequence[int]]) -> list[tuple[int | None, float, float]]:
        from deckbuilder.rules.construction.games import game_result

        key, max_rounds, seeds = chunk
        batch, groups = self._batch(key, max_rounds)
        out = []
        for r in batch.play(seeds):
            rounds = r.target_reached if self.campaign else r.first_adventure
            result = game_result(rounds, r.final_sanity, r.points, r.first_played, groups, self.campaign, self.target)
            out.append((result.rounds, result.final_sanity, result.progress))
        return out


def deck_key(deck: Deck) -> DeckKey:
    """Gets a deck as it travels to a worker: its cards' keys and copies, in order."""
    return tuple((e.card.key, e.count) for e in deck.main)


def pooled_player(
    workers: Any, job: DeckGames, max_rounds: int, alone: Callable[[Deck, Sequence[int]], Sequence[GameResult]]
) -> Callable[..., list[GameResult]]:
    """Gets a player of the build's games (a ``PlayBatch``) that splits each batch of
    :data:`SPLIT_FROM` games or more evenly across the workers, in seed order; a deck the
    job cannot rebuild plays on ``alone``, here."""
    from deckbuilder.rules.construction import GameResult

    def play(deck: Deck, seeds: Sequence[int]) -> list[GameResult]:
        if not job.knows(deck):
            return list(alone(deck, seeds))
        key = deck_key(deck)
        parts = workers.size if len(seeds) >= SPLIT_FROM else 1
        size, extra = divmod(len(seeds), parts)
        chunks, start = [], 0
        for n in range(parts):
            end = start + size + (1 if n < extra else 0)
            chunks.append((key, max_rounds, tuple(seeds[start:end])))
            start = end
        answers = workers.map(chunks) if parts > 1 else [job(chunks[0])]
        return [GameResult(rounds, sanity, near) for part in answers for rounds, sanity, near in part]

    return play


@contextmanager
def build_players(
    cards: Mapping[str, Card],
    investigator: Card,
    recipes: Mapping[str, Any],
    *,
    campaign: bool,
    target: int,
    search_rounds: int,
    max_rounds: int,
    jobs: int | None,
    search_alone: Callable[..., Any],
    report_alone: Callable[..., Any],
    effects: Mapping[str, Any] | None = None,
) -> Iterator[tuple[Any, Any]]:
    """Gets the build's two players, the search's (games of ``search_rounds``) and the
    report's (``max_rounds``), sharing one pool of ``jobs`` workers (None: the machine's
    cores) for the ``with`` block; with one worker, ``search_alone`` and ``report_alone``."""
    from deckbuilder.service.pool import Workers

    job = DeckGames(cards, investigator, recipes, campaign=campaign, target=target, effects=effects)
    with Workers(job, jobs=jobs) as workers:
        if workers.size <= 1:
            yield search_alone, report_alone
            return
        yield (
            pooled_player(workers, job, search_rounds, search_alone),
            pooled_player(workers, job, max_rounds, report_alone),
        )
