"""Goldfish test games: the real decks play through the rules engine and the reports make sense."""

from __future__ import annotations

import json

import pytest
from conftest import MYTHOS_DATA, load_real_deck
from typer.testing import CliRunner

from deckbuilder.catalog.recipebook import deck_recipes
from deckbuilder.cli import app
from deckbuilder.rules import compiled_core
from deckbuilder.rules.cards import Card, CardType
from deckbuilder.rules.decks import Deck
from deckbuilder.rules.engine import Game, Rules
from deckbuilder.rules.goldfish import GreedyPolicy, goldfish, recipe_check
from deckbuilder.service import run_goldfish

runner = CliRunner()
GCCG_DECKS = sorted((MYTHOS_DATA / "gccg" / "decks").glob("*.deck"))


def with_investigator(deck: Deck, catalog) -> Deck:
    if deck.investigators:
        return deck
    hobo = catalog.cards_named("Pragmatic Hobo")[0]
    return Deck.of([(e.card, e.count) for e in deck.main], [hobo], deck.name)


@pytest.mark.parametrize("path", GCCG_DECKS, ids=lambda p: p.name)
def test_every_real_deck_goldfishes_without_errors(gccg_catalog, path):
    deck = with_investigator(load_real_deck(path, gccg_catalog), gccg_catalog)
    report = run_goldfish(gccg_catalog, deck, games=25, seed=3, campaign=False, target=20, max_rounds=15)
    assert report.games == 25
    assert 0.0 <= report.completed <= 1.0
    assert len(report.by_round) == 15
    assert list(report.by_round) == sorted(report.by_round), "completion by Round only grows"
    assert report.by_round[-1] == pytest.approx(report.completed)
    assert 0 <= report.final_sanity <= 20
    assert report.odds and report.odds[0].label == "a Location in the opening hand"


def test_the_same_seed_plays_the_same_games(gccg_catalog):
    deck = load_real_deck(MYTHOS_DATA / "gccg" / "decks" / "standard-corrupt.deck", gccg_catalog)
    a = run_goldfish(gccg_catalog, deck, games=20, seed=11, campaign=False, target=20, max_rounds=12)
    b = run_goldfish(gccg_catalog, deck, games=20, seed=11, campaign=False, target=20, max_rounds=12)
    c = run_goldfish(gccg_catalog, deck, games=20, seed=12, campaign=False, target=20, max_rounds=12)
    assert a.to_dict() == b.to_dict()
    assert a.by_round != c.by_round or a.final_sanity != c.final_sanity or a.blockers != c.blockers


def test_the_same_seed_gives_the_same_report_in_another_process(gccg_catalog_path, tmp_path):
    # String hashing differs between Python processes; the report must not (ties among
    # blockers once came out in a different order each run).
    import os
    import subprocess
    import sys

    deck = MYTHOS_DATA / "gccg" / "decks" / "bourne-ultravox.deck"
    outputs = []
    for hash_seed in ("1", "2", "3"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        done = subprocess.run(
            [
                sys.executable,
                "-P",
                "-m",
                "deckbuilder",
                "deck",
                "goldfish",
                str(deck),
                "-n",
                "40",
                "--seed",
                "3",
                "--json",
                "--db",
                str(gccg_catalog_path),
            ],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        outputs.append(json.loads(done.stdout))
    assert outputs[0]["blockers"], "the deck should have blockers for this test to mean anything"
    assert outputs[0] == outputs[1] == outputs[2]


def test_the_standard_decks_complete_their_adventures_most_games(gccg_catalog):
    # The Standard Game decks were built by Chaosium to be played out of the box.
    for name in ("standard-corrupt.deck", "standard-steadfast.deck"):
        deck = load_real_deck(MYTHOS_DATA / "gccg" / "decks" / name, gccg_catalog)
        report = run_goldfish(gccg_catalog, deck, games=60, seed=1, campaign=False, target=20, max_rounds=20)
        assert report.completed >= 0.8, (name, report.completed)
        assert report.median_rounds is not None and 2 <= report.median_rounds <= 10


def test_a_deck_missing_a_recipe_card_never_completes_that_adventure(gccg_catalog):
    # Take the Standard Corrupt deck and remove every card its Adventures could use but one:
    # keep only the Adventures and Locations. No Adventure can be completed.
    deck = load_real_deck(MYTHOS_DATA / "gccg" / "decks" / "standard-corrupt.deck", gccg_catalog)
    stripped = Deck.of(
        [(e.card, e.count) for e in deck.main if e.card.type in (CardType.ADVENTURE, CardType.LOCATION)],
        deck.investigators,
        "stripped",
    )
    recipes = deck_recipes(gccg_catalog, stripped)
    check = recipe_check(stripped, recipes)
    report = goldfish(stripped, games=20, seed=2, adventure_check=check, max_rounds=10)
    assert report.completed == 0.0
    assert report.median_rounds is None


def test_campaign_plays_on_to_the_target(gccg_catalog):
    deck = load_real_deck(MYTHOS_DATA / "gccg" / "decks" / "karooni-new-aeon.deck", gccg_catalog)
    report = run_goldfish(gccg_catalog, deck, games=20, seed=5, campaign=True, target=20, max_rounds=25)
    assert report.campaign and report.target == 20
    assert report.reached_target is not None and 0 <= report.reached_target <= report.completed


def test_the_policy_plays_an_adventure_before_anything_else():
    hobo = Card(
        key="X:hobo",
        title="Hobo",
        set_code="LTD",
        type=CardType.INVESTIGATOR,
        sanity=10,
        hand=5,
        hand_min=0,
        hand_max=5,
    )
    adv = Card(key="X:adv", title="Adv", set_code="LTD", type=CardType.ADVENTURE, value=3)
    game = Game(Deck.of([(adv, 1)], [hobo]), rules=Rules())
    policy = GreedyPolicy(game, {"adv"})
    from deckbuilder.rules.engine import Play, PlayKind

    plays = [Play(PlayKind.PASS), Play(PlayKind.ADVENTURE, 0)]
    assert policy.choose(game.new_state(0), plays).kind is PlayKind.ADVENTURE


def test_a_travel_event_a_recipe_needs_is_played(gccg_catalog):
    # Two Cities and a Tale wants the Train itself in the Story Deck: the policy must play it,
    # not hold it in hand and then report it as what held the deck back.
    deck = load_real_deck(MYTHOS_DATA / "gccg" / "decks" / "standard-steadfast.deck", gccg_catalog)
    report = run_goldfish(gccg_catalog, deck, games=60, seed=1, campaign=False, target=20, max_rounds=20)
    assert "train" in report.needed
    assert "Train" not in {title for title, _share in report.blockers}


def test_a_second_copy_waiting_while_the_first_counts_holds_nothing_back(gccg_catalog):
    # The Providence deck plays Drought and Lunar Eclipse (one Event of a title at a time,
    # rulebook l.202); the copy left in hand is not what keeps its Adventure from completing.
    deck = load_real_deck(MYTHOS_DATA / "gccg" / "decks" / "hyysalo-providence.deck", gccg_catalog)
    report = run_goldfish(gccg_catalog, deck, games=60, seed=1, campaign=False, target=20, max_rounds=20)
    assert {"drought", "lunar eclipse"} <= set(report.needed)
    blockers = {title for title, _share in report.blockers}
    assert not blockers & {"Drought", "Lunar Eclipse"}, blockers
    assert blockers, "cards that really wait (a Location out of reach, an Ally's subregion) still show"


def test_cli_json_has_the_documented_keys(gccg_catalog_path):
    deck = MYTHOS_DATA / "gccg" / "decks" / "standard-steadfast.deck"
    result = runner.invoke(
        app, ["deck", "goldfish", str(deck), "--games", "30", "--seed", "4", "--json", "--db", str(gccg_catalog_path)]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    for key in ("games", "seed", "completed", "by_round", "median_rounds", "final_sanity", "blockers", "odds"):
        assert key in data
    assert data["games"] == 30 and data["seed"] == 4
    assert all({"title", "share"} == set(b) for b in data["blockers"])
    assert {o["method"].split(" ")[0] for o in data["odds"]} <= {"exact", "simulated"}
    # What each card did: every title of the deck once, with its share and median first Round.
    titles = [c["title"] for c in data["cards"]]
    assert len(titles) == len(set(titles)) and "Arkham Gazette" in titles
    for c in data["cards"]:
        assert 0 <= c["played"] <= 1 and (c["median_round"] is None) == (c["played"] == 0)
    assert {i["title"] for i in data["ignored"]} == {c["title"] for c in data["cards"] if c["effect_ignored"]}


def test_cli_text_report(gccg_catalog_path):
    deck = MYTHOS_DATA / "gccg" / "decks" / "karooni-new-aeon.deck"
    result = runner.invoke(app, ["deck", "goldfish", str(deck), "-n", "20", "--db", str(gccg_catalog_path)])
    assert result.exit_code == 0, result.output
    assert "Completed an Adventure:" in result.stdout
    assert "By Round (an Adventure completed): R1:" in result.stdout
    assert "a Location in the opening hand (exact" in result.stdout
    assert "What each card did (share of games it was played; median Round first played):" in result.stdout
    assert "Voola Ritual (x" in result.stdout and "; cast or used in" in result.stdout
    assert "Effects the engine does not play" in result.stdout


def test_a_deck_without_investigator_fails_cleanly(gccg_catalog_path):
    deck = MYTHOS_DATA / "gccg" / "decks" / "bourne-dreamlands.deck"
    result = runner.invoke(app, ["deck", "goldfish", str(deck), "-n", "5", "--db", str(gccg_catalog_path)])
    assert result.exit_code == 2
    last = result.stderr.strip().splitlines()[-1]
    assert last == "Error: the deck names no Investigator; choose one to play"


@pytest.mark.parametrize("path", GCCG_DECKS[:6], ids=lambda p: p.name)
def test_the_fast_adventure_check_agrees_with_the_solver(gccg_catalog, path):
    # The goldfish's pre-tests may only refuse what the solver refuses, and answer for it
    # only where the solver would say the same: random piles of the deck's cards.
    import random

    from deckbuilder.rules.adventures import check_adventure

    deck = load_real_deck(path, gccg_catalog)
    recipes = deck_recipes(gccg_catalog, deck)
    fast = recipe_check(deck, recipes)
    cards = [c for c in deck.cards() if c.type is not CardType.ADVENTURE]
    adventures = [e.card for e in deck.main if e.card.type is CardType.ADVENTURE]
    rng = random.Random(path.name)
    for _ in range(150):
        pile = rng.sample(cards, rng.randint(0, len(cards)))
        for adventure in adventures:
            answer = check_adventure(recipes[adventure.key], pile).completable
            assert fast(adventure, pile) == answer
            # The engine asks again only when cards the recipe may use change: the others
            # must never change the answer.
            usable = [c for c in pile if fast.may_use(adventure, c)]
            assert fast(adventure, usable) == fast(adventure, pile)
            # And it refuses, unasked, cards that leave a slot some card of the deck could fill
            # empty: the solver must refuse them too.
            fillable = covered = 0
            for c in cards:
                fillable |= fast.slots_of(adventure, c)
            for c in pile:
                covered |= fast.slots_of(adventure, c)
            if covered != fillable:
                assert not answer


@pytest.mark.parametrize("path", GCCG_DECKS[:4], ids=lambda p: p.name)
def test_is_completable_is_the_solvers_answer_and_the_cards_used_meet_it_alone(gccg_catalog, path):
    # The goldfish keeps the cards the solver used and answers yes for any pile holding them:
    # those cards, taken from the pile, must meet the recipe by themselves.
    import random
    from collections import Counter

    from deckbuilder.rules.adventures import check_adventure, completing_cards, is_completable

    deck = load_real_deck(path, gccg_catalog)
    recipes = deck_recipes(gccg_catalog, deck)
    cards = list(deck.cards())
    rng = random.Random(path.name)
    answers = set()
    for _ in range(100):
        pile = rng.sample(cards, rng.randint(0, len(cards)))
        for recipe in recipes.values():
            answer = is_completable(recipe, pile)
            assert answer == check_adventure(recipe, pile).completable
            answers.add(answer)
            used = completing_cards(recipe, pile)
            assert (used is not None) == answer
            if used is not None:
                assert not Counter(c.key for c in used) - Counter(c.key for c in pile)
                assert is_completable(recipe, used)
    assert answers == {True, False}, "random piles should meet some recipes and miss others"


@pytest.mark.parametrize("name", ["standard-corrupt.deck", "karooni-new-aeon.deck", "hyysalo-providence.deck"])
def test_the_goldfish_plays_what_the_policy_chooses_among_all_legal_plays(gccg_catalog, name):
    # play_game plays in place and takes short cuts for speed; a plain game of apply() and
    # choose() over every legal play must end the same way.
    import random

    from deckbuilder.rules.engine import apply, legal_plays
    from deckbuilder.rules.goldfish import needed_titles, play_game

    deck = load_real_deck(MYTHOS_DATA / "gccg" / "decks" / name, gccg_catalog)
    recipes = deck_recipes(gccg_catalog, deck)
    rules = Rules(advanced=True, phantom_opponent=True, adventure_check=recipe_check(deck, recipes))
    game = Game(deck, rules=rules)
    policy = GreedyPolicy(game, needed_titles(deck, recipes))
    seeds = random.Random(name)
    for _ in range(15):
        seed = seeds.randrange(2**31)
        record = play_game(game, policy, seed, max_rounds=12)
        state = game.new_state(seed)
        while not state.is_over and state.round <= 12:
            state = apply(state, policy.choose(state, legal_plays(state)))
        assert (record.points, record.final_sanity, record.rounds) == (state.points, state.sanity, min(state.round, 12))


def test_named_card_odds_are_exact(gccg_catalog_path):
    # One copy among 52 cards, 13 seen in the opening hand: exactly 13/52.
    deck = MYTHOS_DATA / "gccg" / "decks" / "standard-corrupt.deck"
    result = runner.invoke(
        app,
        ["deck", "goldfish", str(deck), "-n", "10", "--card", "dark young", "--json", "--db", str(gccg_catalog_path)],
    )
    assert result.exit_code == 0, result.output
    odds = {o["label"]: o for o in json.loads(result.stdout)["odds"]}
    first = odds["Dark Young (1 copy) by Round 1"]
    assert first["exact"] and first["probability"] == 0.25 and first["draws"] == 13
    missing = runner.invoke(
        app, ["deck", "goldfish", str(deck), "-n", "5", "--card", "Cthulhu", "--db", str(gccg_catalog_path)]
    )
    assert missing.exit_code == 2
    assert missing.stderr.strip().splitlines()[-1].startswith("Error: --card 'Cthulhu': no card of the deck")


# -- issue 23: the goldfish's table is an opponent who plays nothing ----------------------


def _solo_deck(*cards: tuple[Card, int]) -> Deck:
    hobo = Card(
        key="X:hobo",
        title="Hobo",
        set_code="LTD",
        type=CardType.INVESTIGATOR,
        sanity=10,
        hand=8,
        hand_min=0,
        hand_max=8,
    )
    return Deck.of(list(cards), [hobo], "solo")


def _event(title: str, affects: str) -> Card:
    return Card(key=f"X:{title}", title=title, set_code="LTD", type=CardType.EVENT, affects=affects)


def test_an_event_aimed_at_an_opponents_card_is_never_played_and_the_report_says_why():
    # Rulebook l.202: an Event that needs a target must have a legitimate one. The goldfish's
    # opponent plays nothing, so an Event aimed at an opponent's card has none: never played.
    home = Card(
        key="X:home",
        title="Home",
        set_code="LTD",
        type=CardType.LOCATION,
        region="Lovecraft Country",
        subregion="Arkham",
        attributes=("City",),
    )
    aimed = _event("Curse Them", "Affects Opponent's Ally")
    mine = _event("Good Luck", "Affects Your Investigator")
    report = goldfish(_solo_deck((home, 20), (aimed, 16), (mine, 16)), games=20, seed=1, max_rounds=4)
    stats = {c.title: c for c in report.cards}
    assert stats["Curse Them"].played == 0.0
    assert "never played" in stats["Curse Them"].ignored and "l.202" in stats["Curse Them"].ignored
    assert stats["Good Luck"].played > 0.5 and not stats["Good Luck"].ignored
    assert [c.title for c in report.ignored] == ["Curse Them"]


@pytest.mark.parametrize("advanced, played", [(False, 0.0), (True, 1.0)])
def test_basic_mythos_plays_a_location_first_advanced_need_not(advanced, played):
    # Rulebook l.79 (rulings l.53): in Basic Mythos the first play must be a Location; a deck with
    # none never plays its Event. Advanced (l.463, rulings l.19) lets the Event go first.
    mine = _event("Good Luck", "Affects Your Investigator")
    filler = Card(key="X:adv", title="Far Off", set_code="LTD", type=CardType.ADVENTURE, value=3)
    report = goldfish(_solo_deck((mine, 26), (filler, 26)), games=10, seed=1, max_rounds=3, advanced=advanced)
    assert {c.title: c.played for c in report.cards}["Good Luck"] == played


@pytest.mark.parametrize(
    "format_name, advanced", [("basic", False), ("advanced", True), ("campaign", True), ("tournament", True)]
)
def test_the_format_chooses_the_first_play_rule(format_name, advanced):
    from deckbuilder.service.games import goldfish_advanced

    assert goldfish_advanced(format_name) is advanced


@pytest.mark.skipif(
    compiled_core(),
    reason="spies on GameBatch._game, which a compiled class calls directly; CI runs it on the pure source",
)
def test_goldfish_format_basic_reaches_the_engine(gccg_catalog, monkeypatch):
    # `mythos deck goldfish --format basic`: the games are played with the Basic first play.
    from deckbuilder.rules import goldfish as module
    from deckbuilder.service import goldfish_deck, load_deck_file

    seen = []
    original = module.GameBatch._game

    def spy(self):
        made = original(self)
        seen.append(made[0].rules.advanced)
        return made

    monkeypatch.setattr(module.GameBatch, "_game", spy)
    loaded = load_deck_file(gccg_catalog, MYTHOS_DATA / "gccg" / "decks" / "standard-corrupt.deck")
    goldfish_deck(gccg_catalog, loaded, games=5, seed=1, format_name="basic")
    assert seen and not any(seen)
    seen.clear()
    goldfish_deck(gccg_catalog, loaded, games=5, seed=1, format_name="advanced")
    assert seen and all(seen)


def test_the_goldfish_recovers_a_used_artifact_at_a_location_that_allows_it_and_says_so():
    # Rulebook l.199: an Artifact Buried when used goes to the Story Deck; the Location's words
    # bring it back into play (2 Sanity), to be used again; the report counts the Location used.
    quay = Card(
        key="X:quay",
        title="Smugglers' Quay",
        set_code="LTD",
        type=CardType.LOCATION,
        region="Lovecraft Country",
        subregion="Arkham",
        attributes=("City", "Artifact"),
        text="Spend 2 Sanity points to recover one Artifact from your Story Deck and bring it into play.",
    )
    lens = Card(
        key="X:lens",
        title="Seeing Lens",
        set_code="LTD",
        type=CardType.ARTIFACT,
        text="Draw one card. Bury this card when used.",
    )
    report = goldfish(
        _solo_deck((quay, 4), (lens, 1), (_event("Good Luck", "Affects Your Investigator"), 30)),
        games=40,
        seed=1,
        max_rounds=6,
    )
    stats = {c.title: c for c in report.cards}
    assert not stats["Smugglers' Quay"].ignored
    assert stats["Smugglers' Quay"].used is not None and stats["Smugglers' Quay"].used > 0.2
    assert stats["Seeing Lens"].used is not None and stats["Seeing Lens"].used > 0.2
