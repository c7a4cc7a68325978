"""Every core plays (issue 17): the games spread over processes in fixed seeded chunks give the
same report whatever the number of processes, and the pool hands results back in order."""

from __future__ import annotations

import json
import os
import pickle

import pytest
from conftest import MYTHOS_DATA, load_real_deck
from typer.testing import CliRunner

from deckbuilder.catalog.recipebook import deck_recipes
from deckbuilder.cli import app
from deckbuilder.rules import compiled_core
from deckbuilder.rules.goldfish import GameBatch, GameRecord, game_seeds, goldfish, needed_titles, recipe_check
from deckbuilder.service import games as service_games
from deckbuilder.service import pool
from deckbuilder.service.pool import map_chunks

runner = CliRunner()


def _pid_and_square(n: int) -> tuple[int, int]:
    return os.getpid(), n * n


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_the_pool_gives_each_chunks_result_in_order(jobs):
    done = []
    results = map_chunks(_pid_and_square, list(range(9)), jobs=jobs, progress=done.append)
    assert [square for _, square in results] == [n * n for n in range(9)]
    assert done == list(range(1, 10))
    pids = {pid for pid, _ in results}
    # One process is this one; more are worker processes, never this one.
    assert pids == {os.getpid()} if jobs == 1 else os.getpid() not in pids


def test_a_job_that_cannot_reach_a_fresh_process_runs_here(monkeypatch):
    # Where the pool cannot fork (other threads running, or no fork), a job must pickle;
    # one that does not (a closure) is run in this process rather than failing.
    monkeypatch.setattr(pool, "_start_method", lambda: "spawn")
    offset = 10
    results = map_chunks(lambda n: (os.getpid(), n + offset), [1, 2, 3], jobs=2)
    assert results == [(os.getpid(), 11), (os.getpid(), 12), (os.getpid(), 13)]


@pytest.mark.skipif(
    compiled_core(),
    reason="the compiled core's frozen dataclasses (decks, cards) do not unpickle: "
    "the pool forks instead, or plays in process",
)
def test_a_game_batch_plays_the_same_games_after_pickling(gccg_catalog):
    deck = load_real_deck(MYTHOS_DATA / "gccg" / "decks" / "standard-steadfast.deck", gccg_catalog)
    recipes = deck_recipes(gccg_catalog, deck)
    batch = GameBatch(deck, recipes=recipes, needed=frozenset(needed_titles(deck, recipes)))
    seeds = game_seeds(3, 30)
    assert pickle.loads(pickle.dumps(batch)).play(seeds) == batch.play(seeds)
    assert [GameRecord(*values) for values in batch(seeds)] == batch.play(seeds)


def test_a_game_batch_plays_the_games_goldfish_plays(gccg_catalog):
    deck = load_real_deck(MYTHOS_DATA / "gccg" / "decks" / "standard-corrupt.deck", gccg_catalog)
    recipes = deck_recipes(gccg_catalog, deck)
    needed = needed_titles(deck, recipes)
    whole = goldfish(deck, games=40, seed=9, adventure_check=recipe_check(deck, recipes), needed=needed)
    batch = GameBatch(deck, recipes=recipes, needed=frozenset(needed))
    seeds = game_seeds(9, 40)
    in_parts = batch.play(seeds[:13]) + batch.play(seeds[13:])
    assert [r.first_adventure for r in in_parts] == [r.first_adventure for r in batch.play(seeds)]
    from deckbuilder.rules.goldfish import goldfish_report

    assert goldfish_report(in_parts, seed=9, needed=needed, game=batch.game()) == whole


def test_a_batch_with_a_check_of_its_own_refuses_to_travel(gccg_catalog):
    deck = load_real_deck(MYTHOS_DATA / "gccg" / "decks" / "standard-corrupt.deck", gccg_catalog)
    with pytest.raises(TypeError, match="give it the recipes"):
        pickle.dumps(GameBatch(deck, adventure_check=lambda adventure, cards: True))


@pytest.mark.parametrize("deck_name", ["standard-corrupt.deck", "bourne-ultravox.deck"])
def test_the_report_for_a_seed_is_the_same_whatever_the_number_of_processes(gccg_catalog_path, monkeypatch, deck_name):
    # Small chunks and no lower bound, so that 60 games really do spread over 2 and 3 processes.
    monkeypatch.setattr(service_games, "CHUNK_GAMES", 7)
    monkeypatch.setattr(service_games, "POOL_FROM_GAMES", 0)
    deck = MYTHOS_DATA / "gccg" / "decks" / deck_name
    outputs = []
    for jobs in ("1", "2", "3"):
        result = runner.invoke(
            app,
            [
                "deck",
                "goldfish",
                str(deck),
                "-n",
                "60",
                "--seed",
                "5",
                "--jobs",
                jobs,
                "--json",
                "--db",
                str(gccg_catalog_path),
            ],
        )
        assert result.exit_code == 0, result.output
        outputs.append(json.loads(result.stdout))
    assert outputs[0]["games"] == 60 and outputs[0]["by_round"]
    assert outputs[0] == outputs[1] == outputs[2]


def test_jobs_below_one_is_refused_in_one_line(gccg_catalog_path):
    deck = MYTHOS_DATA / "gccg" / "decks" / "standard-corrupt.deck"
    result = runner.invoke(app, ["deck", "goldfish", str(deck), "--jobs", "0", "--db", str(gccg_catalog_path)])
    assert result.exit_code == 2
    assert "--jobs" in result.output and "Traceback" not in result.output
