"""Play it yourself (issue 25): a game against the rules engine through /api/game, undo and
redo, the reasons a card cannot be played, and a goldfish game replayed play by play.

The real Standard decks of ../shared/mythos-data play (skipped cleanly when absent).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conftest import MYTHOS_DATA
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient
from typer.testing import CliRunner

DECKS = MYTHOS_DATA / "gccg" / "decks"
BASE = "http://127.0.0.1:8000"


@pytest.fixture(scope="module")
def corrupt(mythos_data) -> str:
    return (DECKS / "standard-corrupt.deck").read_text()


@pytest.fixture(scope="module")
def steadfast(mythos_data) -> str:
    return (DECKS / "standard-steadfast.deck").read_text()


@pytest.fixture()
def client(gccg_catalog_path: Path, tmp_path: Path) -> TestClient:
    from deckbuilder.web.app import Settings, create_app

    settings = Settings(db=gccg_catalog_path, decks=tmp_path / "decks", collection=tmp_path / "collection.json")
    return TestClient(create_app(settings), base_url=BASE)


@pytest.fixture(scope="module")
def seatings(gccg_catalog, mythos_data):
    """The solitaire and the two-player seating of the Standard decks, read once."""
    from deckbuilder import service
    from deckbuilder.service.table import seating

    corrupt = service.load_deck_file(gccg_catalog, DECKS / "standard-corrupt.deck")
    steadfast = service.load_deck_file(gccg_catalog, DECKS / "standard-steadfast.deck")
    return {"solo": seating(gccg_catalog, [corrupt]), "versus": seating(gccg_catalog, [corrupt, steadfast], ["greedy"])}


def _view(answer: dict) -> dict:
    """The game as the person sees it, without what undo and redo themselves change."""
    state = {k: v for k, v in answer["state"].items() if k not in ("can_undo", "can_redo")}
    return {"state": state, "legal": answer["legal"], "log": answer["log"]}


# -- the API ---------------------------------------------------------------------------------------


def test_every_legal_move_applies_and_undo_gives_the_state_before(client, corrupt, steadfast):
    for opponents in ([], [{"deck": steadfast, "ai": "greedy"}]):
        dealt = client.post("/api/game", json={"deck": corrupt, "seed": 5, "opponents": opponents})
        assert dealt.status_code == 200, dealt.text
        game = dealt.json()
        gid = game["id"]
        rng = random.Random(5)
        for _ in range(12):
            if not game["legal"]:
                break
            before = _view(game)
            for move in game["legal"]:
                after = client.post(f"/api/game/{gid}/move", json={"move": move["id"]})
                assert after.status_code == 200, (move, after.text)
                assert after.json()["log"][: len(before["log"])] == before["log"]
                assert len(after.json()["log"]) > len(before["log"])  # the move is told
                undone = client.post(f"/api/game/{gid}/undo")
                assert _view(undone.json()) == before
            pick = rng.choice(game["legal"])
            game = client.post(f"/api/game/{gid}/move", json={"move": pick["id"]}).json()


def test_a_move_not_legal_now_is_refused_with_409_and_the_game_unchanged(client, corrupt):
    game = client.post("/api/game", json={"deck": corrupt, "seed": 2}).json()
    gid = game["id"]
    before = client.get(f"/api/game/{gid}").json()
    for bad in (len(game["legal"]), -1, "Pass", None, True):
        answer = client.post(f"/api/game/{gid}/move", json={"move": bad})
        assert answer.status_code == 409
        error = answer.json()["error"]
        assert error["kind"] == "illegal-move" and "not legal now" in error["message"]
    assert client.get(f"/api/game/{gid}").json() == before


def test_the_state_shows_the_own_hand_and_the_opponents_counts(client, corrupt, steadfast):
    game = client.post(
        "/api/game", json={"deck": corrupt, "seed": 1, "opponents": [{"deck": steadfast, "ai": "lookahead"}]}
    ).json()
    you, computer = game["state"]["players"]
    assert you["name"] == "You" and computer["name"] == "Computer"
    assert isinstance(you["hand"], list) and all("title" in c for c in you["hand"])
    assert isinstance(computer["hand"], int) and isinstance(computer["threat"], int)  # face down
    assert you["investigator"] and you["sanity"] > 0 and you["points"] == 0
    assert game["state"]["round"] == 1 and game["state"]["over"] is False
    # Every card in hand has a legal move or the engine's reason why not.
    for card in you["hand"]:
        assert bool(card["moves"]) != bool(card["why_not"]), card
    texts = [m["text"] for m in game["legal"]]
    assert texts[-1] == "Pass" and all(t.split()[0] in ("Play", "Walk", "Pass", "Travel", "Cast", "Use") for t in texts)


def test_a_card_before_the_first_location_says_why_it_cannot_be_played(client, corrupt):
    for seed in range(6):
        game = client.post("/api/game", json={"deck": corrupt, "seed": seed}).json()
        hand = game["state"]["players"][0]["hand"]
        blocked = [c for c in hand if c["type"] in ("Ally", "Monster", "Tome", "Artifact") and not c["moves"]]
        if blocked:
            assert "before your first Location" in blocked[0]["why_not"]
            assert "rulebook l.76" in blocked[0]["why_not"]
            return
    pytest.fail("no deal held an Ally, Monster, Tome or Artifact in hand")


def test_undo_goes_back_to_the_deal_and_redo_replays(client, corrupt):
    game = client.post("/api/game", json={"deck": corrupt, "seed": 9}).json()
    gid, deal = game["id"], _view(game)
    seen = [deal]
    for _ in range(15):
        if not game["legal"]:
            break
        game = client.post(f"/api/game/{gid}/move", json={"move": game["legal"][0]["id"]}).json()
        seen.append(_view(game))
    for expected in reversed(seen[:-1]):
        assert _view(client.post(f"/api/game/{gid}/undo").json()) == expected
    assert client.post(f"/api/game/{gid}/undo").status_code == 409  # the deal: nothing before it
    for expected in seen[1:]:
        assert _view(client.post(f"/api/game/{gid}/redo").json()) == expected
    assert client.post(f"/api/game/{gid}/redo").status_code == 409


def test_a_round_against_the_computer_reaches_combat(client, corrupt, steadfast):
    game = client.post(
        "/api/game", json={"deck": corrupt, "seed": 4, "opponents": [{"deck": steadfast, "ai": "greedy"}]}
    ).json()
    gid = game["id"]
    for _ in range(60):
        if game["state"]["round"] > 1 or game["state"]["over"]:
            break
        game = client.post(f"/api/game/{gid}/move", json={"move": game["legal"][-1]["id"]}).json()
    assert "Combat, Round 1" in game["log"]
    assert any(line.startswith("  Computer: ") and "(" in line for line in game["log"])  # with its reason


def test_what_would_the_computer_do_names_a_legal_move_and_why(client, corrupt):
    game = client.post("/api/game", json={"deck": corrupt, "seed": 3}).json()
    advice = client.get(f"/api/game/{game['id']}/suggest").json()
    assert advice["move"] in [m["id"] for m in game["legal"]]
    assert advice["text"] == game["legal"][advice["move"]]["text"] and advice["reason"]


def _error(answer, status: int) -> dict:
    """The API's usual error shape (the CLI's ``--json`` error object), with ``status``."""
    assert answer.status_code == status, (answer.status_code, answer.text[:300])
    error = answer.json()["error"]
    assert set(error) == {"kind", "message", "exit_code"} and error["message"], error
    return error


def test_bad_input_gets_the_apis_error_shape(client, corrupt, steadfast, tmp_path):
    unknown = _error(client.get("/api/game/0123456789abcdef"), 404)
    assert unknown["kind"] == "unknown-game" and "this game has ended; deal again" in unknown["message"]
    for action in ("move", "undo", "redo", "auto"):
        _error(client.post(f"/api/game/0123456789abcdef/{action}", json={"move": 0}), 404)
    _error(client.get("/api/game/0123456789abcdef/suggest"), 404)
    unreadable = _error(client.post("/api/game", json={"deck": "4 No Such Card At All\n"}), 422)
    assert unreadable["kind"] == "unresolved-deck" and "No Such Card" in unreadable["message"]
    _error(client.post("/api/game", json={"deck": ""}), 400)
    _error(client.post("/api/game", content=b"not json"), 400)
    _error(client.post("/api/game", json={"seed": 1}), 400)
    _error(client.post("/api/game", json={"deck": corrupt, "seed": "seven"}), 400)
    for opponents in (4, 5):  # a 5th player, and a 6th
        crowd = client.post("/api/game", json={"deck": corrupt, "opponents": [{"deck": steadfast}] * opponents})
        assert _error(crowd, 422)["kind"] == "too-many-players"
    bad_ai = client.post("/api/game", json={"deck": corrupt, "opponents": [{"deck": steadfast, "ai": "oracle"}]})
    assert "greedy" in _error(bad_ai, 400)["message"]
    # A move's body that is not JSON says what a move's body is.
    gid = client.post("/api/game", json={"deck": corrupt, "seed": 1}).json()["id"]
    assert '{"move": ID}' in _error(client.post(f"/api/game/{gid}/move", content=b"{"), 400)["message"]
    assert not (tmp_path / "decks").exists() or not any((tmp_path / "decks").iterdir())  # nothing written


def test_the_oldest_game_is_dropped_past_the_bound(seatings):
    from deckbuilder.service.table import GameStore, UnknownGameError, new_game

    store = GameStore(limit=3)
    games = [store.add(new_game(seatings["solo"], seed=s)) for s in range(4)]
    with pytest.raises(UnknownGameError, match="deal again"):
        store.get(games[0].id)
    assert store.get(games[3].id) is games[3] and len(store) == 3


@given(seed=st.integers(0, 2**31 - 1), n=st.integers(1, 25), back=st.integers(0, 25), versus=st.booleans())
def test_undo_after_n_moves_equals_the_state_n_moves_back(seatings, seed, n, back, versus):
    from deckbuilder.service.table import move, new_game, undo

    game = new_game(seatings["versus" if versus else "solo"], seed=seed)
    rng = random.Random(seed)
    # The whole view each time: every player, the Round, the stage, whose decision, Combat so
    # far, the end, the legal moves and the log (what undo and redo themselves change apart).
    views = [json.dumps(_view(game.to_json()))]
    made: list[int] = []
    for _ in range(n):
        legal = game.to_json()["legal"]
        if not legal:
            break
        made.append(rng.randrange(len(legal)))
        move(game, made[-1])
        views.append(json.dumps(_view(game.to_json())))
    k = min(back, len(views) - 1)
    for _ in range(k):
        undo(game)
    assert json.dumps(_view(game.to_json())) == views[len(views) - 1 - k]
    # The same moves made again from there play the same game (the computers' choices and the
    # random effects of Events on opponents included), not merely the moments kept for redo.
    again = [json.dumps(_view(move(game, m).to_json())) for m in made[len(made) - k :]]
    assert again == views[len(views) - k :]


# -- a goldfish game replayed -------------------------------------------------------------------------


def test_a_replayed_goldfish_game_reaches_the_reports_result(gccg_catalog, mythos_data):
    from deckbuilder import service
    from deckbuilder.catalog.importers.effects import load_effect_overrides
    from deckbuilder.catalog.recipebook import deck_recipes
    from deckbuilder.rules.goldfish import GameBatch, game_seeds, needed_titles
    from deckbuilder.service.table import replay_goldfish

    deck = service.load_deck_file(gccg_catalog, DECKS / "standard-corrupt.deck")
    recipes = deck_recipes(gccg_catalog, deck.deck)
    batch = GameBatch(
        deck.deck, recipes=recipes, needed=frozenset(needed_titles(deck.deck, recipes)), effects=load_effect_overrides()
    )
    records = batch.play(game_seeds(7, 6))
    for k, record in enumerate(records, start=1):
        replay = replay_goldfish(gccg_catalog, deck, seed=7, game=k)
        assert (replay.points, replay.sanity, replay.rounds) == (record.points, record.final_sanity, record.rounds)
        assert replay.plays and all(why for _play, why, _sanity in replay.plays)


def test_mythos_deck_goldfish_replay_prints_the_game_play_by_play(gccg_catalog_path, mythos_data):
    from deckbuilder.cli import app

    runner = CliRunner()
    deck = str(DECKS / "standard-corrupt.deck")
    text = runner.invoke(
        app, ["deck", "goldfish", deck, "--db", str(gccg_catalog_path), "--seed", "7", "--replay", "2"]
    )
    assert text.exit_code == 0, text.output
    assert "game 2 of seed 7" in text.stdout and "    why: " in text.stdout and "The game ends after" in text.stdout
    assert "the deck lists 2 Investigators" in text.output  # which one plays, and how to replay another
    as_json = runner.invoke(
        app, ["deck", "goldfish", deck, "--db", str(gccg_catalog_path), "--seed", "7", "--replay", "2", "--json"]
    )
    doc = json.loads(as_json.stdout)
    assert doc["game"] == 2 and doc["plays"][0]["play"].startswith("Round 1: ")
    assert f"{doc['points']} Adventure points, Sanity {doc['final_sanity']}" in text.stdout
    bad = runner.invoke(app, ["deck", "goldfish", deck, "--db", str(gccg_catalog_path), "--replay", "0"])
    assert bad.exit_code == 2


def _step_to_the_end(game) -> None:
    from deckbuilder.service.table import autoplay

    for _ in range(5000):
        if game.table.over():
            return
        autoplay(game)
    pytest.fail("the game did not end")


def test_stepping_a_deal_with_the_computers_moves_plays_the_goldfishs_game(gccg_catalog, seatings):
    from deckbuilder import service
    from deckbuilder.catalog.importers.effects import load_effect_overrides
    from deckbuilder.catalog.recipebook import deck_recipes
    from deckbuilder.rules.goldfish import GameBatch, game_seeds, needed_titles
    from deckbuilder.rules.tableplay import YOU
    from deckbuilder.service.table import new_game, undo

    deck = service.load_deck_file(gccg_catalog, DECKS / "standard-corrupt.deck").deck
    recipes = deck_recipes(gccg_catalog, deck)
    batch = GameBatch(
        deck, recipes=recipes, needed=frozenset(needed_titles(deck, recipes)), effects=load_effect_overrides()
    )
    for k, record in enumerate(batch.play(game_seeds(11, 4)), start=1):
        game = new_game(seatings["solo"], seed=11, game=k)
        _step_to_the_end(game)
        s = game.table.state(YOU)
        assert (s.points, s.sanity, min(s.round, 20)) == (record.points, record.final_sanity, record.rounds)
        assert all("(" in line for line in game.log()[1:] if line.startswith("You: "))  # each with its reason
        while game.at:  # and back to the deal, step by step
            undo(game)
        assert game.to_json()["log"] == list(game.history[0][1]) and len(game.log()) == 1


def _as_the_match_tells_it(game) -> list[str]:
    """The game's log without what the table adds to the match's words: the person's Combat
    answers and End of the Round (told as the person's moves; the match tells their effect)."""
    out: list[str] = []
    for i, (_table, lines) in enumerate(game.history[: game.at + 1]):
        if i and game.history[i - 1][0].question is not None:
            lines = lines[1:]  # the answer to the Combat question asked at the moment before
        out += [line for line in lines if not line.startswith("  You: End the Round")]
    return out


def test_stepping_a_deal_against_the_computer_plays_the_matchs_game(gccg_catalog, seatings):
    from deckbuilder import service
    from deckbuilder.rules.goldfish import game_seeds
    from deckbuilder.rules.match import new_match, play_match, record_of
    from deckbuilder.service.matches import match_batch
    from deckbuilder.service.table import new_game

    decks = [
        service.load_deck_file(gccg_catalog, DECKS / n) for n in ("standard-corrupt.deck", "standard-steadfast.deck")
    ]
    batch = match_batch(gccg_catalog, decks, ai=("greedy", "greedy"))
    games, players = batch.build()
    for k in (1, 2, 3, 4, 5):
        record = record_of(batch.match(game_seeds(5, k)[-1]))
        told: list[str] = []  # the match's own play-by-play of game k, the seats named as at the table
        play_match(new_match(games, game_seeds(5, k)[-1], names=("You", "Computer"), log=told), players)
        game = new_game(seatings["versus"], seed=5, game=k)
        _step_to_the_end(game)
        m = game.table.match
        assert (m.outcome(), tuple(m.score(i) for i in range(2))) == (record.winner, record.scores)
        # Move by move: each line the match's, a computer's play with its reason after it.
        ours = _as_the_match_tells_it(game)
        assert len(ours) == len(told), (k, ours, told)
        for here, there in zip(ours[:-1], told[:-1]):
            assert here == there or here.startswith(there + " ("), (k, here, there)
        # The log ends with the score and who won, as mythos match --log does.
        names = {0: "You win", 1: "Computer wins", -1: "A tie (rulebook l.93, l.474)"}
        assert game.log()[-1] == names[record.winner]
        assert game.log()[-3].startswith(f"You: {record.points[0]} Adventure points + {record.sanity[0]} Sanity")


def test_a_matchs_game_opens_on_the_table_and_steps_to_the_matchs_result(client, gccg_catalog, tmp_path):
    import html
    import re

    from deckbuilder import service

    folder = tmp_path / "decks"  # the client's decks folder
    ids = [
        service.save_deck(gccg_catalog, folder, service.load_deck_file(gccg_catalog, DECKS / n)).id
        for n in ("standard-corrupt.deck", "standard-steadfast.deck")
    ]
    told = client.get("/match/log", params=[("deck", ids[0]), ("deck", ids[1]), ("seed", "5"), ("game", "2")])
    assert told.status_code == 200, told.text[:300]
    lines = html.unescape(told.text.split('<pre class="match-log">', 1)[1].split("</pre>", 1)[0]).splitlines()
    href = html.unescape(re.search(r'<a href="([^"]+)" id="open-table">', told.text)[1])
    page = client.get(href)
    assert page.status_code == 200
    assert f'<option value="{ids[1]}" selected>' in page.text  # the match's opponent, chosen
    assert 'data-seed="5"' in page.text and 'data-game="2"' in page.text and 'data-format="advanced"' in page.text
    # Dealt as the page's script deals it, then stepped with the computer's moves to the end.
    game = client.post(
        "/api/game",
        json={
            "saved": ids[0],
            "seed": 5,
            "game": 2,
            "format": "advanced",
            "opponents": [{"saved": ids[1], "ai": "greedy"}],
        },
    ).json()
    for _ in range(2000):
        if game["state"]["over"]:
            break
        game = client.post(f"/api/game/{game['id']}/auto").json()
    you, computer = game["state"]["players"]
    assert f"A: {you['points']} Adventure points + {you['sanity']} Sanity" in told.text
    assert f"B: {computer['points']} Adventure points + {computer['sanity']} Sanity" in told.text
    winner = {"A wins": "You", "B wins": "Computer"}.get(lines[-1])
    assert game["state"]["winner"] == winner and game["state"]["tie"] == (winner is None)
    # Three players, or a lookahead player in the first seat: the table cannot deal it so.
    lookahead = client.get(
        "/match/log", params=[("deck", ids[0]), ("deck", ids[1]), ("ai", "lookahead"), ("seed", "5"), ("game", "1")]
    )
    assert lookahead.status_code == 200 and 'id="open-table"' not in lookahead.text


def _first_question(game, kind: str, limit: int = 600):
    """Steps the game with the computer's moves until the person is asked a Combat question of
    ``kind``; gets its legal moves, or None when the game ends first."""
    from deckbuilder.service.table import autoplay

    for _ in range(limit):
        answer = game.to_json()
        if answer["state"]["over"]:
            return None
        if answer["legal"] and answer["legal"][0]["kind"] == kind:
            return answer["legal"]
        autoplay(game)
    return None


def test_defending_allies_are_the_persons_moves_in_combat(seatings):
    from deckbuilder.service.table import move, new_game, undo

    for seed in range(30):
        game = new_game(seatings["versus"], seed=seed)
        legal = _first_question(game, "defend")
        if legal is None:
            continue
        assert legal[0]["text"].startswith("Keep ") and legal[0]["text"].endswith(" back")
        so_far = game.to_json()["state"]["combat_so_far"]
        assert so_far[0].startswith("Combat, Round") and any("directs" in line for line in so_far)
        assert all(m["text"].startswith("Defend against Computer with ") for m in legal[1:]), legal
        ally = legal[1]["text"].split(" with ", 1)[1].split(" (", 1)[0]
        # The cards in hand wait: Combat is under way.
        hand = game.to_json()["state"]["players"][0]["hand"]
        assert all(c["why_not"].startswith("Combat is under way") for c in hand)
        before = len(game.log())
        move(game, legal[1]["id"])
        for _ in range(20):  # any further questions of this Combat: the computer's answers
            if not game.to_json()["legal"] or game.to_json()["legal"][0]["kind"] not in ("defend", "use"):
                break
            move(game, game.to_json()["legal"][0]["id"])
        told = game.log()[before:]
        assert any(line.startswith(f"  You defends against Computer with {ally}") for line in told), told
        assert any(line.startswith("Combat, Round") for line in told)
        while game.log()[before - 1 : before] and len(game.log()) > before:
            undo(game)
        assert game.to_json()["legal"] == legal  # back at the question
        return
    pytest.fail("no deal of 30 asked the person to defend")


def test_an_ally_bearing_an_enchanted_weapon_may_join_the_persons_threat(seatings):
    from deckbuilder.service.table import move, new_game, suggest

    for seed, k in [(s, k) for s in range(12) for k in (1, 2, 3, 4, 5)]:  # deals until an Ally is so armed
        game = new_game(seatings["versus"], seed=seed, game=k)
        legal = _first_question(game, "join")
        if legal is None:
            continue
        advice = suggest(game)
        if advice["move"] == 1:
            break
        # kept back: the reason says so, not that it joins
        assert "stays out of the Threat" in advice["reason"] and "rulebook l.193" in advice["reason"]
    else:
        pytest.fail("no deal of 60 asked the person to add a free armed Ally to the Threat")
    ally = legal[0]["text"].removeprefix("Keep ").removesuffix(" out of the Threat")
    assert legal[0]["text"] == f"Keep {ally} out of the Threat"
    assert [m["text"].split(" (")[0] for m in legal[1:]] == [f"Add {ally}"]
    assert legal[1]["text"].endswith("to your Threat against Computer (Enchanted Weapon: Buried after Combat)")
    # the greedy player's choice: an Ally not needed to defend joins (l.193, l.395)
    assert advice["move"] == 1 and "joins the Threat" in advice["reason"] and "rulebook l.193" in advice["reason"]
    before = len(game.log())
    move(game, 1)
    assert any(line.startswith(f"  You adds to the Threat against Computer: {ally} (") for line in game.log()[before:])


def test_with_two_opponents_the_person_directs_each_threat_card(gccg_catalog, mythos_data):
    from deckbuilder import service
    from deckbuilder.service.table import new_game, seating

    decks = [
        service.load_deck_file(gccg_catalog, DECKS / n)
        for n in ("standard-corrupt.deck", "standard-steadfast.deck", "standard-steadfast.deck")
    ]
    three = seating(gccg_catalog, decks, ["greedy", "greedy"])
    for seed in range(30):
        game = new_game(three, seed=seed)
        legal = _first_question(game, "direct")
        if legal is None:
            continue
        assert [m["text"].rsplit(" at ", 1)[1] for m in legal] == ["Computer 1", "Computer 2"]
        return
    pytest.fail("no deal of 30 asked the person to direct a Threat")


def test_moves_from_many_threads_leave_the_game_whole(seatings):
    import threading

    from deckbuilder.service.table import IllegalMoveError, move, new_game, undo

    game = new_game(seatings["versus"], seed=8)
    deal = game.to_json()
    errors: list[BaseException] = []

    def player(k: int) -> None:
        rng = random.Random(k)
        for _ in range(15):
            try:
                legal = game.to_json()["legal"]
                if legal:
                    move(game, rng.randrange(len(legal)))
            except IllegalMoveError:
                pass  # another thread moved first: the index may be out of range now
            except BaseException as exc:  # noqa: BLE001 - anything else is the test's failure
                errors.append(exc)

    threads = [threading.Thread(target=player, args=(k,)) for k in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    assert game.at == len(game.history) - 1 > 0
    while game.at:
        undo(game)
    assert _view(game.to_json()) == _view(deal)
