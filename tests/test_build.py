"""`mythos deck build` and `mythos deck suggest` on the real card pool: built decks are legal
for each format, complete their Adventures in goldfish games, honour --keep, --collection and
--from, reproduce for a seed; suggestions are measured and none is within noise; bad input is
one line and exit 2. Builds here get small games budgets so the tests stay quick."""

from __future__ import annotations

import json

import pytest
from support.cli import mythos

BUDGET = 5000
AUCTION = "The Auction"
HOUSEWIFE = "Bored Housewife"


def build_args(out, *options: object) -> tuple[object, ...]:
    """``deck build`` for the Housewife and The Auction written to ``out``, then ``options``:
    the command line the CLI tests vary."""
    return ("deck", "build", "--investigator", HOUSEWIFE, "--adventure", AUCTION, "-o", out, *options)


def _build(catalog, **options):
    from deckbuilder import service

    options.setdefault("investigator", HOUSEWIFE)
    options.setdefault("budget", BUDGET)
    options.setdefault("time_limit", 60.0)
    return service.build_deck(catalog, **options)


@pytest.fixture(scope="module")
def auction_build(gccg_catalog):
    return _build(gccg_catalog, adventures=[AUCTION], seed=5)


def _counts(choice) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in choice.deck.deck.main:
        out[e.card.key] = out.get(e.card.key, 0) + e.count
    return out


@pytest.mark.parametrize("format_name", ["basic", "advanced", "tournament"])
def test_a_built_deck_is_legal_and_completes_its_adventure(gccg_catalog, format_name):
    from deckbuilder import service

    # Tournament plays to a Campaign target of 20: The Auction's 9 points need more Adventures,
    # each tried alone first (issue 24), which a busy machine's 60 s cap would cut short.
    more = {"budget": 2000, "time_limit": 900.0} if format_name == "tournament" else {}
    if format_name == "tournament":
        # Since the goldfish's opponent plays nothing (issue 23), the Adventures a Campaign build
        # adds may all need an opponent and the build then refuses in one line (issue 24's
        # done-when allows it): known gap, see the CHANGELOG.
        from deckbuilder.rules.construction import ImpossibleBuildError

        try:
            build = _build(gccg_catalog, adventures=[AUCTION], format_name=format_name, seed=1, **more)
        except ImpossibleBuildError as exc:
            assert "\n" not in str(exc) and "Campaign target of 20" in str(exc)
            pytest.skip(f"the Tournament build refused in one line: {exc}")
    else:
        build = _build(gccg_catalog, adventures=[AUCTION], format_name=format_name, seed=1, **more)
    check = service.check_deck(gccg_catalog, build.built.deck, service.way_to_play(format_name))
    assert check.legal, [f.message for f in check.verdict.errors]
    assert build.built.deck.deck.count() >= 52
    adventures = service.deck_adventures(gccg_catalog, build.built.deck)
    assert any(c.adventure == AUCTION and c.completable for c in adventures.checks)
    games = service.goldfish_deck(gccg_catalog, build.built.deck, games=300, seed=9, format_name=format_name)
    if format_name == "tournament":
        assert games.report.completed > 0.5  # by the other Adventures the Campaign build adds
    else:
        # The Auction wants Thieves in your Attic, aimed at an opponent's Artifact: the goldfish's
        # opponent plays nothing, so it has no target and the Auction is never completed alone
        # (rulebook l.202, issue 23); the report says why.
        assert games.report.completed == 0.0
        (thieves,) = [c for c in games.report.ignored if c.title == "Thieves in your Attic"]
        assert thieves.played == 0.0 and "l.202" in thieves.ignored


def test_a_campaign_build_picks_adventures_that_reach_the_target(gccg_catalog):
    from deckbuilder import service

    # No time cap: a busy machine's cap would cut the Adventures' screen short (issue 24).
    build = _build(gccg_catalog, format_name="campaign", target=10, seed=2, budget=2000, time_limit=900.0)
    plan = service.plan_campaign(gccg_catalog, build.built.deck, target=10)
    assert plan.plan.reaches_target and plan.plan.completable
    assert service.check_deck(gccg_catalog, build.built.deck, service.way_to_play("campaign", target=10)).legal


def test_the_written_deck_never_plays_worse_than_its_start_on_the_held_out_games(auction_build):
    assert auction_build.built.measure.games == auction_build.start.measure.games
    assert auction_build.built.measure.mean_cost <= auction_build.start.measure.mean_cost
    if auction_build.kept_start:  # the search's deck lost on the held-out games: the start is written
        assert _counts(auction_build.built) == _counts(auction_build.start)
    assert auction_build.games > BUDGET  # the search's games and the held-out ones


def test_the_reported_games_are_the_written_decks_games(gccg_catalog, auction_build):
    # The goldfish's choices between equal plays follow the deck's order: the build measures
    # each deck in the order its file loads in, so the figures it reports are the ones the
    # player gets by playing the written deck on the same seeds.
    import random

    from deckbuilder.catalog.importers.effects import load_effect_overrides
    from deckbuilder.catalog.recipebook import deck_recipes
    from deckbuilder.rules.construction import measure, play_games
    from deckbuilder.rules.construction.build import REPORT_GAMES

    deck = auction_build.built.deck.deck
    held_out = random.Random(auction_build.held_out_seed)  # the build's held-out seeds for seed 5
    assert auction_build.held_out_seed == 5 * 104729 + 2
    seeds = [held_out.randrange(2**31) for _ in range(REPORT_GAMES)]
    # With the effect overrides deck goldfish plays with (catalog/effects.toml).
    played = play_games(deck, seeds, deck_recipes(gccg_catalog, deck), effects=load_effect_overrides())
    assert measure(played, 20) == auction_build.built.measure


def test_the_same_seed_builds_the_same_deck(gccg_catalog, auction_build):
    again = _build(gccg_catalog, adventures=[AUCTION], seed=5)
    assert _counts(again.built) == _counts(auction_build.built)
    assert again.built.measure == auction_build.built.measure


def test_kept_cards_stay_in_the_deck(gccg_catalog):
    build = _build(gccg_catalog, adventures=[AUCTION], keep=["Dark Young", "Dark Young"], seed=3)
    titles = {e.card.title: e.count for e in build.built.deck.deck.main}
    assert titles.get("Dark Young", 0) >= 2


def test_a_collection_limits_every_card_to_the_copies_owned(gccg_catalog, auction_build, tmp_path):
    from deckbuilder.rules.cards import fold_title

    # Own one copy of each card of a built deck and of a hundred Locations: the build uses no more.
    lines = [f"1 {e.card.title}" for e in auction_build.built.deck.deck.main]
    locations = [c for c in gccg_catalog.all_cards() if c.type and c.type.value == "Location" and c.is_official][:100]
    lines += [f"1 {c.title} ({c.set_code})" for c in locations]
    owned_file = tmp_path / "owned.txt"
    owned_file.write_text("\n".join(dict.fromkeys(lines)) + "\n", encoding="utf-8")
    from deckbuilder import service

    owned = {fold_title(e.card.title): 0 for e in service.load_deck_file(gccg_catalog, owned_file).deck.entries}
    for e in service.load_deck_file(gccg_catalog, owned_file).deck.entries:
        owned[fold_title(e.card.title)] += e.count
    build = _build(gccg_catalog, adventures=[AUCTION], collection=owned_file, seed=4)
    held = build.built.deck.deck.copies_by_title()
    assert held and all(n <= owned.get(title, 0) for title, n in held.items()), held


def test_from_a_players_deck_the_build_changes_little(gccg_catalog, mythos_data):
    from deckbuilder import service
    from deckbuilder.rules.construction.search import FROM_CHANGES

    deck = service.load_deck_file(gccg_catalog, mythos_data / "gccg" / "decks" / "standard-steadfast.deck")
    build = _build(gccg_catalog, from_deck=deck, investigator=None, seed=6)
    before = {e.card.key: e.count for e in deck.deck.main}
    after = _counts(build.built)
    changed = sum(abs(after.get(k, 0) - before.get(k, 0)) for k in set(before) | set(after))
    assert changed <= FROM_CHANGES + abs(sum(after.values()) - sum(before.values()))
    assert build.start.label == "your deck"


# A goal whose Adventures point to New Æon (Operation Nemesis needs a Washington D.C. Location,
# the J. Edgar Hoover Building and the United Nations): picks made one slot at a time from the
# solver's five alphabetical suggestions mixed Lovecraft Country into it, and the first deck
# completed almost no game, so the games had nothing to tell the search.
WAIF = "Homeless Waif"
PASSERS_BYE = ("Operation Nemesis", "The Outsider", "The Secret of Power & Glory is Yours")


def _first_decks(catalog, investigator: str, titles):
    from deckbuilder import service
    from deckbuilder.catalog.recipebook import recipe_sources
    from deckbuilder.rules.adventures import Collection, recipe_for
    from deckbuilder.rules.cards import CardType
    from deckbuilder.rules.construction import BuildGoal, Pool, deck_limits
    from deckbuilder.rules.construction.start import first_decks
    from deckbuilder.service.adventures import find_adventure
    from deckbuilder.service.construction import _pool_cards

    fmt = service.way_to_play("advanced").format
    size, copies = deck_limits(fmt)
    cards = _pool_cards(catalog)
    vocabulary, overrides, _ = recipe_sources(catalog)
    recipes = {c.key: recipe_for(c, vocabulary, overrides) for c in cards if c.type is CardType.ADVENTURE}
    who = next(c for c in catalog.all_cards() if c.title == investigator and c.type is CardType.INVESTIGATOR)
    adventures = tuple(find_adventure(catalog, t, []) for t in titles)
    goal = BuildGoal(investigator=who, adventures=adventures, format=fmt, min_cards=size, max_copies=copies)
    pool = Pool.of(cards, copies)
    return goal, recipes, first_decks(goal, pool, recipes, Collection(pool.cards.values()))


@pytest.fixture(scope="module")
def passers_bye(gccg_catalog):
    return _first_decks(gccg_catalog, WAIF, PASSERS_BYE)


def test_a_build_completes_adventures_that_one_pick_at_a_time_never_did(gccg_catalog):
    from deckbuilder import service

    build = _build(gccg_catalog, investigator=WAIF, adventures=list(PASSERS_BYE), budget=3000, seed=1)
    games = service.goldfish_deck(gccg_catalog, build.built.deck, games=300, seed=9)
    assert games.report.completed > 0.3, games.report.completed
    assert build.start.measure.completed > 0.2  # the first deck already completes: the games can tell decks apart


def test_first_decks_take_their_places_from_the_home_region_the_adventures_point_to(passers_bye):
    from deckbuilder.rules.adventures import check_adventure
    from deckbuilder.rules.cards import fold_title

    goal, recipes, plans = passers_bye
    assert plans[0].home == "new aeon"  # the region whose cards fill the most slots comes first
    assert len({(p.home, p.style) for p in plans}) == len(plans) > 2
    for plan in plans:
        cards = plan.deck_cards()
        assert len(cards) >= goal.min_cards
        for adventure in goal.adventures:
            rest = [c for c in cards if fold_title(c.title) != fold_title(adventure.title)]
            assert check_adventure(recipes[adventure.key], rest).completable, (plan.home, adventure.title)
    # The picks for the Adventures' slots that have a place are the home region's.
    home = plans[0]
    placed = [
        (home.cards[k], n) for k, n in home.counts.items() if home.cards[k].region and home.why[k].startswith("for ")
    ]
    assert placed and all(fold_title(c.region) == "new aeon" for c, _n in placed), placed


def test_a_first_deck_can_be_filled_around_one_adventure(passers_bye):
    from deckbuilder.rules.construction.start import FOCUS

    goal, _recipes, plans = passers_bye
    for adventure in goal.adventures:
        focused = next(p for p in plans if p.style == FOCUS + adventure.key)
        others = [a for a in goal.adventures if a is not adventure]
        assert focused.counts[adventure.key] == 2
        assert all(focused.counts[a.key] == 1 for a in others)


def test_games_that_never_complete_tell_how_near_they_came(gccg_catalog, passers_bye):
    from deckbuilder.rules.construction import play_games, to_deck
    from deckbuilder.rules.construction.measure import search_cost

    goal, recipes, plans = passers_bye
    deck = to_deck(plans[0].counts, plans[0].cards, goal.investigator)
    short = play_games(deck, list(range(200)), recipes, max_rounds=4)  # four Rounds: most games fail
    failed = [r for r in short if r.rounds is None]
    # (a failed game may have played every card once: Events go, and the Adventure is not drawn)
    assert failed and all(0.0 <= r.progress <= 1.0 for r in failed)
    assert all(r.progress == 1.0 for r in short if r.rounds is not None)
    assert len({r.progress for r in failed}) > 2  # the failures differ: a gradient
    # A failure that played more of its Adventure's cards costs less, and any completion less still.
    ranked = sorted(failed, key=lambda r: search_cost(r, 20))
    assert [r.progress for r in ranked] == sorted((r.progress for r in failed), reverse=True)
    assert all(search_cost(r, 20) < search_cost(ranked[-1], 20) for r in short if r.rounds is not None)
    # Played longer, the same games get further.
    longer = play_games(deck, list(range(200)), recipes, max_rounds=12)
    assert sum(r.progress for r in longer) > sum(r.progress for r in short)


def test_the_cli_writes_a_deck_file_that_says_why_each_group_is_there(gccg_catalog_path, tmp_path):
    out = tmp_path / "built.json"
    result = mythos(*build_args(out, "--time", 8, "--seed", 1, "--runners-up", "--db", gccg_catalog_path, "--json"))
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer["seed"] == 1 and answer["games"] > 0
    assert {"completed", "by_round_6", "median_round", "final_sanity"} <= set(answer["built"])
    written = json.loads(out.read_text(encoding="utf-8"))
    assert any(note.startswith("Why: an Adventure you asked for") for note in written["notes"])
    assert written["notes"][0] == "Way to play: advanced"
    for n in range(1, len(answer["runners_up"]) + 1):
        assert (tmp_path / f"built.runner-up-{n}.json").is_file()
    check = mythos("deck", "check", out, "--db", gccg_catalog_path)
    assert check.exit_code == 0, check.output


def test_a_games_budget_builds_the_same_lackey_file_with_its_why_notes_in_its_meta(gccg_catalog_path, tmp_path):
    import re

    from deckbuilder.decklists import read_lackey_deck

    written, shown = [], []
    for n in (1, 2):  # in one process, then in two: the same deck
        out = tmp_path / f"built-{n}.dek"
        result = mythos(
            *build_args(out, "--seed", 4, "--budget", 1500, "--time", 600, "--jobs", n, "--db", gccg_catalog_path)
        )
        assert result.exit_code == 0, result.output
        assert "stopped by its games budget" in result.stdout
        written.append(out.read_text(encoding="utf-8"))
        shown.append(re.sub(r"in \d+ s", "in 0 s", result.stdout.replace(str(out), "OUT")))
    assert written[0] == written[1] and shown[0] == shown[1]  # the same seed and budget: the same deck
    deck = read_lackey_deck(written[0])
    assert deck.name == AUCTION  # named after its Adventure (issue 27), not "Built for" its Investigator
    why = [line.strip() for line in shown[0].split("Why the cards are there:\n")[1].splitlines()[:-1]]
    # The deck records its way to play first (issue 24), then why each group of cards is there.
    assert list(deck.notes) == ["Way to play: advanced", *(f"Why: {line}" for line in why)]
    assert any(AUCTION in note for note in deck.notes)
    check = mythos("deck", "check", tmp_path / "built-1.dek", "--db", gccg_catalog_path)
    assert check.exit_code == 0, check.output


def test_the_cli_overwrites_a_file_only_with_force_and_never_the_from_deck(gccg_catalog_path, tmp_path, mythos_data):
    out = tmp_path / "mine.txt"
    out.write_text("1 Dark Young\n", encoding="utf-8")
    result = mythos(*build_args(out, "--db", gccg_catalog_path))
    assert result.exit_code == 2
    assert "add --force to overwrite it" in result.output
    assert out.read_text(encoding="utf-8") == "1 Dark Young\n"
    mine = tmp_path / "steadfast.deck"
    mine.write_bytes((mythos_data / "gccg" / "decks" / "standard-steadfast.deck").read_bytes())
    result = mythos("deck", "build", "--from", mine, "-o", mine, "--force", "--db", gccg_catalog_path)
    assert result.exit_code == 2 and "the file being read" in result.output
    forced = mythos(*build_args(out, "--force", "--time", 5, "--db", gccg_catalog_path))
    assert forced.exit_code == 0, forced.output
    assert "The Auction" in out.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--investigator", "Nobody At All Here", "--adventure", AUCTION], "not a card"),
        (["--investigator", "Dark Young", "--adventure", AUCTION], "not an Investigator"),
        (["--investigator", HOUSEWIFE, "--adventure", "Dark Young"], "not an Adventure"),
        (["--investigator", HOUSEWIFE], "--adventure"),
        (["--investigator", HOUSEWIFE, "--adventure", AUCTION, "--format", "cvi-investigator"], "goldfish"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(gccg_catalog_path, tmp_path, args, words):
    result = mythos("deck", "build", *args, "-o", tmp_path / "x.txt", "--db", gccg_catalog_path)
    assert result.exit_code == 2, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and words in errors[0], result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "x.txt").exists()


def test_impossible_constraints_are_one_line(gccg_catalog_path, tmp_path):
    owned = tmp_path / "owned.txt"
    owned.write_text("1 The Auction\n1 Arkham Gazette\n", encoding="utf-8")
    result = mythos(*build_args(tmp_path / "x.txt", "--collection", owned, "--db", gccg_catalog_path))
    assert result.exit_code == 2, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and "cannot be completed" in errors[0] and "collection" in errors[0], result.output


def test_suggestions_are_measured_and_none_recommended_is_noise(gccg_catalog, mythos_data):
    from deckbuilder import service

    deck = service.load_deck_file(gccg_catalog, mythos_data / "gccg" / "decks" / "appel-bokrug.deck")
    result = service.suggest_changes(gccg_catalog, deck, games=400, seed=1)
    assert result.changes
    for change in result.changes:
        assert change.reason and change.games == 400
        assert change.rounds.low <= change.rounds.mean <= change.rounds.high
    for change in result.recommended:
        assert change.rounds.high < 0 or change.sanity.low > 0
    answer = result.to_json()
    assert answer["changes"][0]["rounds"]["low"] <= answer["changes"][0]["rounds"]["high"]


def test_a_card_other_cards_need_is_not_called_dead(gccg_catalog, mythos_data):
    # appel-bokrug's Temple of Loveliness at Kiran fills no recipe slot, but it is the deck's
    # Oukranos Wilds Location, where its Zoog Chieftain is found: cutting it is not cutting a
    # dead card, and the reason says what it opens.
    from deckbuilder import service
    from deckbuilder.catalog.recipebook import recipe_sources
    from deckbuilder.rules.adventures import recipe_for
    from deckbuilder.rules.construction import suggest

    deck = service.load_deck_file(gccg_catalog, mythos_data / "gccg" / "decks" / "appel-bokrug.deck")
    counts = {e.card.key: e.count for e in deck.deck.main}
    pool = suggest.Pool.of(list(gccg_catalog.all_cards()), 4)
    known = {**pool.cards, **{e.card.key: e.card for e in deck.deck.main}}
    vocabulary, overrides, _ = recipe_sources(gccg_catalog)
    recipes = {k: recipe_for(known[k], vocabulary, overrides) for k in counts if known[k].type.value == "Adventure"}
    who = deck.deck.investigators[0]
    needs, faults = suggest._needs(counts, known, recipes), suggest._faults(counts, known, who)
    cuts = {
        c.cut.title: c.reason
        for c in suggest._candidates(counts, known, pool, recipes, 52, needs, faults, who)
        if c.kind == "cut" and c.cut is not None
    }
    temple = cuts["The Temple of Loveliness at Kiran"]
    assert "dead card" not in temple and "the deck needs it" in temple and "Zoog Chieftain" in temple
    assert any("may not earn its place: no Adventure of the deck needs it" in reason for reason in cuts.values())


def test_a_change_is_suggested_once_whatever_the_printings(gccg_catalog, mythos_data):
    # standard-steadfast holds Hunting Horror as two entries of its set (#1 and #2): cutting
    # either is one change.
    from deckbuilder import service

    deck = service.load_deck_file(gccg_catalog, mythos_data / "gccg" / "decks" / "standard-steadfast.deck")
    result = service.suggest_changes(gccg_catalog, deck, games=100, seed=1)
    described = [change.describe() for change in result.changes]
    assert len(described) == len(set(described)), described


def test_a_recommended_change_holds_up_when_applied(gccg_catalog, mythos_data):
    from deckbuilder import service
    from deckbuilder.rules.construction import measure, to_deck
    from deckbuilder.rules.construction.games import play_games

    deck = service.load_deck_file(gccg_catalog, mythos_data / "gccg" / "decks" / "appel-bokrug.deck")
    result = service.suggest_changes(gccg_catalog, deck, games=600, seed=2)
    faster = [c for c in result.recommended if c.rounds.high < 0]
    if not faster:
        pytest.skip("no change clearly sooner for this deck and seed")
    change = faster[0]
    counts = {e.card.key: e.count for e in deck.deck.main}
    cards = {e.card.key: e.card for e in deck.deck.main}
    cards.update({c.key: c for c in (change.add,) if c is not None})
    from deckbuilder.catalog.recipebook import recipe_sources
    from deckbuilder.rules.adventures import recipe_for

    vocabulary, overrides, _ = recipe_sources(gccg_catalog)
    recipes = {k: recipe_for(c, vocabulary, overrides) for k, c in cards.items() if c.type.value == "Adventure"}
    who = deck.deck.investigators[0]
    seeds = list(range(10_000, 10_800))  # fresh games, none the suggestion was measured on
    from deckbuilder.catalog.importers.effects import load_effect_overrides

    effects = load_effect_overrides()  # as suggest (and deck goldfish) play
    before = measure(play_games(to_deck(counts, cards, who), seeds, recipes, effects=effects), 20)
    after = measure(play_games(to_deck(change.apply(counts), cards, who), seeds, recipes, effects=effects), 20)
    assert after.mean_cost < before.mean_cost


def test_the_web_api_suggests_as_the_cli_does(gccg_catalog_path, mythos_data, tmp_path):
    from support.web import make_client

    deck = mythos_data / "gccg" / "decks" / "standard-steadfast.deck"
    result = mythos("deck", "suggest", deck, "--games", "100", "--seed", "4", "--db", gccg_catalog_path, "--json")
    assert result.exit_code == 0, result.output
    client = make_client(gccg_catalog_path, tmp_path)
    answer = client.post(
        "/api/deck/suggest", params={"games": "100", "seed": "4", "filename": str(deck)}, content=deck.read_bytes()
    )
    assert answer.status_code == 200 and answer.json() == json.loads(result.stdout)


def test_the_web_api_builds_from_the_deck_it_is_given(gccg_catalog_path, mythos_data, tmp_path):
    from support.web import make_client

    deck = mythos_data / "gccg" / "decks" / "standard-steadfast.deck"
    client = make_client(gccg_catalog_path, tmp_path)
    answer = client.post("/api/deck/build", params={"time": "6", "seed": "1"}, content=deck.read_bytes())
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["start"]["label"] == "your deck" and sum(c["count"] for c in body["built"]["cards"]) >= 52
    too_long = client.post("/api/deck/build", params={"time": "600"}, content=deck.read_bytes())
    assert too_long.status_code == 400 and "1 to 55 seconds" in too_long.text


def test_a_build_is_the_same_whatever_the_hash_seed_of_its_process(gccg_catalog_path, tmp_path):
    # A set or dict of strings iterates in an order that changes with PYTHONHASHSEED, from one
    # process to the next: none of it may steer the search, or a --seed builds another deck
    # tomorrow. Two processes, two hash seeds: the same games, changes, deck and report.
    import os
    import re
    import subprocess
    import sys
    from pathlib import Path

    import deckbuilder

    root = str(Path(deckbuilder.__file__).resolve().parent.parent)
    runs = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"built-{hash_seed}.dek"
        env = {
            **os.environ,
            "PYTHONHASHSEED": hash_seed,
            "PYTHONPATH": os.pathsep.join([root, os.environ.get("PYTHONPATH", "")]),
        }
        options = ("--seed", 4, "--budget", 800, "--time", 600, "--jobs", 1, "--db", gccg_catalog_path)
        args = [sys.executable, "-m", "deckbuilder", *map(str, build_args(out, *options))]
        runs.append((out, subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)))
    written, shown = [], []
    for out, process in runs:
        stdout, stderr = process.communicate(timeout=300)
        assert process.returncode == 0, stderr
        assert "stopped by its games budget" in stdout
        written.append(out.read_text(encoding="utf-8"))
        shown.append(re.sub(r"in \d+ s", "in 0 s", stdout.replace(str(out), "OUT")))
    assert "changes tried" in shown[0] and " 0 changes tried" not in shown[0]  # the search made moves
    assert shown[0] == shown[1]
    assert written[0] == written[1]
