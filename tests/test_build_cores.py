"""The deck build on every core (issue 16): one pool of workers kept for the whole build,
each race's games split across it, and the same deck, games and report whatever the number
of processes."""

from __future__ import annotations

import os

from conftest import MYTHOS_DATA, load_real_deck

from deckbuilder.service import pool
from deckbuilder.service.pool import Workers


def _pid_and_square(n: int) -> tuple[int, int]:
    return os.getpid(), n * n


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_the_workers_are_started_once_and_kept_for_every_batch():
    with Workers(_pid_and_square, jobs=3) as workers:
        assert workers.size == 3
        seen = set()
        for batch in range(5):
            results = workers.map([batch, batch + 1, batch + 2])
            assert [square for _, square in results] == [n * n for n in (batch, batch + 1, batch + 2)]
            assert results[0][0] == os.getpid()  # this process plays the first chunk, not idle
            seen |= {pid for pid, _ in results[1:]}
    assert os.getpid() not in seen and 1 <= len(seen) <= 2  # the same two workers for every batch
    assert all(_gone(pid) for pid in seen)  # closed: nothing left running


def _square_or_die(n: int) -> tuple[int, int]:
    if n < 0 and os.getpid() != _PARENT:
        os._exit(1)  # a worker killed mid-batch
    return os.getpid(), n * n


_PARENT = os.getpid()


def test_a_worker_that_dies_leaves_the_batch_to_this_process():
    with Workers(_square_or_die, jobs=2) as workers:
        assert workers.map([2, -3]) == [(os.getpid(), 4), (os.getpid(), 9)]
        assert workers.size == 1  # and the batches after play here too
        assert workers.map([1, 5]) == [(os.getpid(), 1), (os.getpid(), 25)]


def test_one_worker_or_a_job_that_cannot_travel_runs_here(monkeypatch):
    with Workers(_pid_and_square, jobs=1) as workers:
        assert workers.map([1, 2]) == [(os.getpid(), 1), (os.getpid(), 4)]
    monkeypatch.setattr(pool, "_start_method", lambda: "spawn")
    offset = 3
    with Workers(lambda n: (os.getpid(), n + offset), jobs=2) as workers:
        assert workers.size == 1 and workers.map([1, 2]) == [(os.getpid(), 4), (os.getpid(), 5)]


def test_a_deck_travels_as_its_keys_and_plays_the_games_goldfish_plays(gccg_catalog):
    from deckbuilder.catalog.recipebook import deck_recipes
    from deckbuilder.rules.decks import Deck
    from deckbuilder.rules.goldfish import GameBatch, game_seeds, needed_titles
    from deckbuilder.service.buildgames import DeckGames, deck_key

    listed = load_real_deck(MYTHOS_DATA / "gccg" / "decks" / "standard-steadfast.deck", gccg_catalog)
    who = listed.investigators[0]
    deck = Deck.of([(e.card, e.count) for e in listed.main], [who])  # as a build holds it: one Investigator
    recipes = deck_recipes(gccg_catalog, deck)
    job = DeckGames({e.card.key: e.card for e in deck.main}, who, recipes, campaign=False, target=20)
    seeds = game_seeds(5, 60)
    batch = GameBatch(deck, recipes=recipes, needed=frozenset(needed_titles(deck, recipes)), max_rounds=12)
    answers = job((deck_key(deck), 12, seeds))
    assert [a[:2] for a in answers] == [(r.first_adventure, r.final_sanity) for r in batch.play(seeds)]
    # How near each game came, as the search weighs a game that fails: the same as played here.
    from deckbuilder.rules.construction import play_games

    here = play_games(deck, seeds, recipes, max_rounds=12)
    assert answers == [(g.rounds, g.final_sanity, g.progress) for g in here]
    assert job.knows(deck)
    assert not job.knows(Deck.of([(e.card, e.count) for e in deck.main], []))  # no Investigator: played here


def test_a_build_is_the_same_whatever_the_number_of_processes(gccg_catalog, monkeypatch):
    from deckbuilder import service

    split = []
    real_map = Workers.map

    def counted(self, chunks):
        split.append(len(chunks))
        return real_map(self, chunks)

    monkeypatch.setattr(Workers, "map", counted)
    answers = {}
    for jobs in (1, 2):
        build = service.build_deck(
            gccg_catalog,
            investigator="Bored Housewife",
            adventures=["The Auction"],
            seed=2,
            budget=1200,
            time_limit=600.0,
            jobs=jobs,
        )
        assert build.stopped_by == "budget"
        answer = build.to_json()
        answer.pop("seconds")
        answers[jobs] = answer
        if jobs == 1:
            assert split == []  # one process: no pool at all
    assert split and max(split) == 2  # the races' and the report's games were split in two
    assert answers[1] == answers[2]
