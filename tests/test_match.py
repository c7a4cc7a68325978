"""The whole game (issue 23): 2 to 4 Investigators at one table, Combat, computer players and
``mythos match``. Each rule's test cites its line of ../shared/seeds/new-aeon-rulebook.txt
("rulebook l.N", as ``grep -n`` prints it). The cards are real ones, read from
../shared/mythos-data; the tests skip cleanly without it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import MYTHOS_DATA, load_real_deck
from support.match import CARDS, Scripted, at, game, investigator, put, two_players
from typer.testing import CliRunner

from deckbuilder.cli import app
from deckbuilder.rules.cards import Card, CardType
from deckbuilder.rules.decks import Deck
from deckbuilder.rules.engine import Game, Play, PlayKind, Rules, legal_plays, push
from deckbuilder.rules.match import (
    COMBAT,
    OVER,
    GreedyPlayer,
    Match,
    MatchBatch,
    card_play,
    combat,
    end_of_combat,
    match_report,
    new_match,
)
from deckbuilder.rules.match.table import monster_value

runner = CliRunner()
DECKS = MYTHOS_DATA / "gccg" / "decks"


def mythos(*args: object):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def by_title(gccg_cards) -> dict[str, Card]:
    """The real pool's cards by title (the first printing of each title)."""
    cards: dict[str, Card] = {}
    for card in gccg_cards:
        cards.setdefault(card.title, card)
    return cards


# -- setup and Turns ------------------------------------------------------------------------------


def test_the_lowest_sanity_starts_then_the_highest_education(by_title):
    # Rulebook l.77: the lowest Sanity begins; equal Sanity, the highest Education.
    deck = ["Arkham Sanitarium"] * 6
    low = two_players(by_title, deck, deck, sanity=(16, 12))
    assert low.to_move == 1
    tied = two_players(by_title, deck, deck, sanity=(14, 14), education=(10, 17))
    assert tied.to_move == 1
    tied = two_players(by_title, deck, deck, sanity=(14, 14), education=(17, 10))
    assert tied.to_move == 0


def test_equal_sanity_and_education_the_die_decides_then_sanity_again(by_title):
    # Rulebook l.73: equal Education, the die decides; l.460: each Round starts from the lowest
    # Sanity again, whatever the die said.
    deck = ["Arkham Sanitarium"] * 6
    m = two_players(by_title, deck, deck, sanity=(14, 14), education=(11, 11))
    for dice, first in (((0.7, 0.2), 1), ((0.2, 0.7), 0)):
        m.dice = dice
        assert m.order() == [first, 1 - first]
    m.players[0].sanity = 13
    assert m.order() == [0, 1]
    m.players[0].sanity, m.players[1].sanity = 14, 9
    assert m.order() == [1, 0]


def _three(by_title) -> Match:
    deck = [
        "Arkham Sanitarium",
        "Chapman Farmhouse",
        "Arkham Historical Society",
        "The Lowell Street Cafe",
        "Christchurch Cemetery",
        "Arkham Sanitarium",
    ]
    games = [game(by_title, deck, investigator(n, 10 + i, 10)) for i, n in enumerate(("Brian", "Meghan", "Austin"))]
    return new_match(games, seed=1, names=["Brian", "Meghan", "Austin"])


@pytest.mark.parametrize(
    ("moves", "ends_after"),
    [
        # Rulebook l.386: Brian Passes; if Meghan Passes, Combat begins.
        (["pass", "pass"], 2),
        # If she plays and Austin Passes, Combat begins.
        (["pass", "play", "pass"], 3),
        # If he plays, the option goes back to Brian: his second Pass on consecutive Turns ends it (l.384).
        (["pass", "play", "play", "pass"], 4),
        # If Brian plays instead, two fresh successive Passes are needed.
        (["pass", "play", "play", "play", "pass", "pass"], 6),
    ],
)
def test_passing_as_in_the_three_player_example(by_title, moves, ends_after):
    m = _three(by_title)
    assert m.name(m.to_move) == "Brian"  # the lowest Sanity (l.77)
    for i, move in enumerate(moves):
        assert m.stage != COMBAT, f"card play ended after {i} Turns"
        plays = legal_plays(m.players[m.to_move])
        card_play(m, Scripted([move]).choose(m, m.to_move, plays))
    assert m.stage == COMBAT
    assert len(moves) == ends_after


def test_one_pass_does_not_end_card_play_for_that_player(by_title):
    # Rulebook l.384: "Passing one time does not force the second Pass on the part of that player."
    m = _three(by_title)
    for move in ("pass", "play", "play"):
        card_play(m, Scripted([move]).choose(m, m.to_move, legal_plays(m.players[m.to_move])))
    assert m.name(m.to_move) == "Brian"
    assert any(p.kind is not PlayKind.PASS for p in legal_plays(m.players[m.to_move]))


# -- Combat ---------------------------------------------------------------------------------------


def table(by_title, sanity=(15, 15)) -> Match:
    m = two_players(by_title, CARDS, CARDS, sanity=sanity)
    for seat in (0, 1):
        s = m.players[seat]
        s.deck += s.hand
        s.hand = []
    return m


def fight(m: Match, defenders=((), ())) -> None:
    m.stage = COMBAT
    combat(m, [Scripted(defenders=defenders[0]), Scripted(defenders=defenders[1])])


def test_the_cosmic_battle_leaves_the_difference_to_the_investigator(by_title):
    # Rulebook l.420-422: Monsters absorb the opposing Monsters' points; l.430: the rest is Sanity lost.
    m = table(by_title)
    put(m, 0, "threat", "Dark Young")  # 4
    put(m, 1, "threat", "Mi-Go")  # 2
    m.log = []
    fight(m)
    assert (m.players[0].sanity, m.players[1].sanity) == (15, 13)
    assert m.combat_lost == [0, 2]
    assert "  Cosmic Battle: Brian 4 against Meghan 2" in m.log


def test_defending_allies_absorb_then_are_buried(by_title):
    # Rulebook l.406, l.426: Defending Allies absorb what the Cosmic Battle left, the strongest as
    # the defender orders them; l.439: an Ally that absorbed any Sanity loss is Buried.
    m = table(by_title)
    put(m, 0, "threat", "Dark Young")  # 4
    armitage = put(m, 1, "allies", "Albert Shiny")
    rice = put(m, 1, "allies", "George Birch")
    value = by_title["Albert Shiny"].value or 0
    fight(m, defenders=((), ("Albert Shiny",)))
    s = m.players[1]
    assert s.sanity == 15 - max(0, 4 - value)
    assert armitage not in s.allies and s.story[0] == armitage  # Buried at the bottom (l.506)
    assert rice in s.allies  # did not defend: not Buried


def test_invisible_monsters_pass_allies_without_an_enchanted_weapon(by_title):
    # Rulebook l.288: Invisible Monsters bypass Defending Allies; l.195: an Enchanted Weapon sees them.
    m = table(by_title)
    put(m, 0, "threat", "Vampire")  # Invisible, 3
    put(m, 1, "allies", "Albert Shiny")
    fight(m, defenders=((), ("Albert Shiny",)))
    assert m.players[1].sanity == 12
    assert m.players[1].allies  # bypassed Allies are not Buried

    m = table(by_title)
    put(m, 0, "threat", "Vampire")
    put(m, 1, "allies", "Albert Shiny")
    put(m, 1, "artifacts", "Enchanted Knife", holder="Albert Shiny")
    fight(m, defenders=((), ("Albert Shiny",)))
    seen = (by_title["Albert Shiny"].value or 0) + 1  # the Weapon's +1 (l.191)
    assert m.players[1].sanity == 15 - max(0, 3 - seen)


def test_bypassing_monsters_skip_the_cosmic_battle(by_title):
    # Rulebook l.290, l.508: Skeletons Bypass the opposing Threat and add their value against the
    # Investigator; the Mi-Go they would have met absorbs nothing of theirs.
    m = table(by_title)
    put(m, 0, "threat", "Skeletons")  # 1, Bypass
    put(m, 1, "threat", "Mi-Go")  # 2
    fight(m)
    assert m.players[1].sanity == 14  # Skeletons' 1 passed the Mi-Go
    assert m.players[0].sanity == 13  # the Mi-Go met no Monster: its 2 reach Brian


def test_the_star_vampire_gains_a_single_bonus(by_title):
    # Rulebook l.379: facing an opponent in Space the Star Vampire adds 1; with Brian in Space too,
    # still a single +1.
    m = table(by_title)
    vampire = put(m, 0, "threat", "Star Vampire")
    at(m, 1, "Arkham Sanitarium")
    assert monster_value(m, 0, vampire, 1) == 3
    at(m, 1, "DBZ Spacelab")
    assert monster_value(m, 0, vampire, 1) == 4
    at(m, 0, "DBZ Spacelab")
    assert monster_value(m, 0, vampire, 1) == 4


def test_assault_at_the_same_location(by_title):
    # Rulebook l.428, l.502: at the same Current Location the Defending Allies attack too: what
    # is left of each Threat and each side's Allies are compared.
    m = table(by_title)
    at(m, 0, "Arkham Sanitarium")
    at(m, 1, "Arkham Sanitarium")
    put(m, 0, "threat", "Mi-Go")  # 2
    put(m, 1, "allies", "Albert Shiny")
    value = by_title["Albert Shiny"].value or 0
    before = (m.players[0].sanity, m.players[1].sanity)
    fight(m, defenders=((), ("Albert Shiny",)))
    if value > 2:
        assert m.players[0].sanity == before[0] - (value - 2)  # the Allies' surplus reaches Brian
        assert m.players[1].sanity == before[1]
    else:
        assert m.players[1].sanity == before[1] - (2 - value)


def test_no_assault_at_different_locations(by_title):
    m = table(by_title)
    at(m, 0, "Arkham Sanitarium")
    at(m, 1, "Chapman Farmhouse")
    put(m, 0, "threat", "Mi-Go")
    put(m, 1, "allies", "Albert Shiny")
    before = m.players[0].sanity
    fight(m, defenders=((), ("Albert Shiny",)))
    assert m.players[0].sanity == before  # Allies only defend (l.426)


def test_the_threat_is_buried_after_combat(by_title):
    # Rulebook l.439: every card of every Threat is Buried, eliminated or not.
    m = table(by_title)
    dark = put(m, 0, "threat", "Dark Young")
    migo = put(m, 1, "threat", "Mi-Go")
    fight(m)
    assert not m.players[0].threat and not m.players[1].threat
    assert m.players[0].story[0] == dark and m.players[1].story[0] == migo


def test_combat_ends_the_game_at_zero_sanity(by_title):
    # Rulebook l.91: the game ends the moment one Investigator loses all Sanity; l.93: the other,
    # with Sanity left, wins.
    m = table(by_title, sanity=(15, 3))
    put(m, 0, "threat", "Dark Young")
    fight(m)
    assert m.stage == OVER
    assert m.players[1].sanity == 0
    assert m.outcome() == 0


def test_a_threat_never_attacks_its_own_investigator(by_title):
    # Rulebook l.396: a policy aiming at its own Investigator is turned to an opponent.
    m = table(by_title)
    put(m, 0, "threat", "Mi-Go")

    class Self(Scripted):
        def direct(self, m: Match, seat: int) -> list[int]:
            return [seat] * len(m.players[seat].threat)

    m.stage = COMBAT
    combat(m, [Self(), Scripted()])
    assert m.players[0].sanity == 15 and m.players[1].sanity == 13


def test_a_great_old_one_needs_its_summoners_own_requirements_and_stays_a_round(by_title):
    # Rulebook l.284: Brian at a Space Location with Unexpected Eclipse in play may summon
    # Azathoth; Meghan's Eclipse does not help him. l.286: it stays to the next Combat.
    titles = ["Cykranosh", "Unexpected Eclipse", "Azathoth", "Christchurch Cemetery", "Arkham Sanitarium"]
    m = two_players(by_title, titles, titles)
    for seat in (0, 1):
        s = m.players[seat]
        s.deck += s.hand
        s.hand = []
        at(m, seat, "Cykranosh")
    brian, meghan = m.players
    put(m, 1, "events", "Unexpected Eclipse")
    azathoth = put(m, 0, "hand", "Azathoth")
    assert not any(p.kind is PlayKind.GOO for p in legal_plays(brian))
    put(m, 0, "events", "Unexpected Eclipse")
    goo = [p for p in legal_plays(brian) if p.kind is PlayKind.GOO]
    assert goo and goo[0].card == azathoth
    push(brian, goo[0])
    fight(m)
    end_of_combat(m)
    assert brian.goo == azathoth  # kept out when the other Monsters are Buried
    m.stage = COMBAT
    fight(m)
    end_of_combat(m)
    assert brian.goo < 0 and azathoth in brian.story


def test_each_player_uses_each_gate_once(by_title):
    # Rulebook l.227: each player adds to his or her Threat once at each Gate Location; one
    # player's use leaves the other's Gate free.
    m = table(by_title)
    for seat in (0, 1):
        at(m, seat, "DBZ Spacelab")
        put(m, seat, "hand", "Mi-Go")
        put(m, seat, "hand", "Dark Young")
    brian, meghan = m.players
    first = next(p for p in legal_plays(brian) if p.kind is PlayKind.MONSTERS)
    push(brian, first)
    assert not any(p.kind is PlayKind.MONSTERS for p in legal_plays(brian))
    assert any(p.kind is PlayKind.MONSTERS for p in legal_plays(meghan))


# -- the score ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "sanity", "winner"),
    [
        ((5, 0), (9, 13), 0),  # l.93: 5 + 9 beats 13
        ((0, 0), (9, 13), 1),
        ((5, 0), (8, 13), 0),  # l.93: a tie, and the player who completed an Adventure wins
        ((0, 0), (10, 10), -1),  # l.93: "Otherwise, it is a tie."
        ((10, 5), (5, 10), 0),  # l.474: a Campaign's tie goes to the most Adventure points
        ((5, 5), (5, 5), -1),  # l.474: "If these are equal, then the game is tied."
        ((10, 5), (5, 11), 1),
    ],
)
def test_the_score_is_adventure_points_plus_sanity(by_title, points, sanity, winner):
    m = table(by_title)
    for seat in (0, 1):
        m.players[seat].points, m.players[seat].sanity = points[seat], sanity[seat]
    assert m.outcome() == winner


# -- whole games with the real decks ---------------------------------------------------------------


@pytest.fixture(scope="module")
def standard(gccg_catalog):
    from deckbuilder.catalog.recipebook import deck_recipes

    decks = [load_real_deck(DECKS / n, gccg_catalog) for n in ("standard-corrupt.deck", "standard-steadfast.deck")]
    return decks, [deck_recipes(gccg_catalog, d) for d in decks]


def _report(decks, recipes, games, seed=1, ai=()):
    from deckbuilder.rules.goldfish import game_seeds

    batch = MatchBatch(decks, recipes=recipes, ai=ai)
    return match_report(batch.play(game_seeds(seed, games)), seed)


def test_the_standard_decks_both_win_and_lose_sanity_in_combat(standard):
    decks, recipes = standard
    report = _report(decks, recipes, 300)
    corrupt, steadfast = report.players
    assert 0.1 < corrupt.wins < 0.9 and 0.1 < steadfast.wins < 0.9
    assert corrupt.combat_sanity_lost > 0 and steadfast.combat_sanity_lost > 0
    assert abs(corrupt.wins + steadfast.wins + report.ties - 1) < 1e-9
    again = _report(decks, recipes, 300)
    assert again == report  # the same seed, the same games


@pytest.mark.parametrize("name", ["bourne-me-and-my-shadow.deck", "wotc-gc-1997.deck"])
def test_real_decks_board_their_trains_for_allies_not_found_where_they_are(gccg_catalog, name):
    # The Train's text: remain on it a Turn to play any Ally that could be played in its
    # Region; the greedy player boards one for an Ally in hand not found at the Current
    # Location (rules/match/policy.py), where walking to its Location takes longer (l.239-245).
    from deckbuilder.catalog.recipebook import deck_recipes

    decks = [load_real_deck(DECKS / n, gccg_catalog) for n in (name, "standard-corrupt.deck")]
    report = _report(decks, [deck_recipes(gccg_catalog, d) for d in decks], 40)
    assert next(c.played for c in report.players[0].cards if c.title == "Train") > 0


def _without(deck: Deck, *kinds: CardType, gates: bool = False) -> Deck:
    entries = [
        (e.card, e.count)
        for e in deck.main
        if e.card.type not in kinds
        and not (gates and e.card.gate)
        and not (
            CardType.MONSTER in kinds
            and e.card.type is CardType.ALLY
            and "cultist" in " ".join(e.card.attributes).lower()
        )
    ]
    return Deck.of(entries, deck.investigators, deck.name + " (stripped)")


def test_a_deck_without_monsters_deals_no_combat_damage(standard):
    # The Threat is built of Monsters at Gates (l.227, l.272): a deck without them (nor Cultists,
    # l.174) threatens nobody, while the deck with Monsters and Gates takes its opponent's Sanity.
    decks, recipes = standard
    harmless = _without(decks[1], CardType.MONSTER, CardType.EVENT, CardType.ALLY)
    report = _report([decks[0], harmless], [recipes[0], recipes[1]], 100)
    assert report.players[1].combat_sanity_lost > 0
    assert report.players[0].combat_sanity_lost == 0


def test_monsters_without_a_gate_deal_nothing(standard):
    # Rulebook l.227: Monsters are played only at a Gate; a deck without Gate Locations has none
    # to play, and its opponent loses no Sanity in Combat (its own Allies cannot Assault alone).
    # Its Spells go too: a Summon Spell brings a Monster to the Threat without a Gate (l.317).
    decks, recipes = standard
    gateless = _without(decks[0], CardType.ALLY, CardType.SPELL, gates=True)
    assert any(e.card.type is CardType.MONSTER for e in gateless.main)
    harmless = _without(decks[1], CardType.MONSTER, CardType.EVENT, CardType.ALLY)
    report = _report([gateless, harmless], [recipes[0], recipes[1]], 60)
    assert report.players[1].combat_sanity_lost == 0
    assert all(c.dealt == 0 for c in report.players[0].cards)


def test_three_and_four_players_play_to_an_end(standard):
    decks, recipes = standard
    for n in (3, 4):
        report = _report([decks[i % 2] for i in range(n)], [recipes[i % 2] for i in range(n)], 20)
        assert len(report.players) == n
        assert abs(sum(p.wins for p in report.players) + report.ties - 1) < 1e-9
        assert sum(p.combat_sanity_lost for p in report.players) > 0


def test_the_lookahead_player_plays_whole_games(standard):
    decks, recipes = standard
    report = _report(decks, recipes, 4, ai=("lookahead", "greedy"))
    assert report.games == 4 and report.mean_rounds >= 1


def test_the_greedy_player_aims_at_the_leader(standard):
    decks, recipes = standard
    games = [Game(d, rules=Rules(advanced=True, phantom_opponent=True)) for d in decks + decks[:1]]
    m = new_match(games, seed=2)
    m.players[2].points = 5
    player = GreedyPlayer(games[0], set())
    m.players[0].threat = [c for c in range(games[0].size) if games[0].cards[c].type is CardType.MONSTER][:2]
    assert player.direct(m, 0) == [2, 2]


# -- mythos match ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def db(gccg_catalog_path: Path) -> Path:
    return gccg_catalog_path


def test_match_json_has_the_figures_per_deck(db):
    corrupt, steadfast = DECKS / "standard-corrupt.deck", DECKS / "standard-steadfast.deck"
    result = mythos("match", corrupt, steadfast, "--games", 200, "--seed", 4, "--json", "--db", db, "-j", 1)
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer["games"] == 200 and answer["seed"] == 4 and 0 <= answer["ties"] <= 1
    assert [p["deck"] for p in answer["players"]] == [
        "Mythos Standard Game - Corrupt",
        "Mythos Standard Game - Steadfast",
    ]
    for p in answer["players"]:
        assert {"investigator", "wins", "mean_final_sanity", "combat_sanity_lost"} <= set(p)
    assert abs(sum(p["wins"] for p in answer["players"]) + answer["ties"] - 1) < 1e-3
    # The same seed, the same report, whatever the number of processes.
    again = mythos("match", corrupt, steadfast, "--games", 200, "--seed", 4, "--json", "--db", db, "-j", 2)
    assert json.loads(again.stdout) == answer


def test_match_log_tells_a_game(db):
    corrupt, steadfast = DECKS / "standard-corrupt.deck", DECKS / "standard-steadfast.deck"
    result = mythos("match", corrupt, steadfast, "--log", 3, "--db", db)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "starts (lowest Sanity, then highest Education; rulebook l.77)" in out
    assert ": Pass" in out and "Combat, Round 1" in out
    assert "Cosmic Battle" in out or "Threat deals" in out
    assert out.rstrip().splitlines()[-1].endswith(("wins", "(rulebook l.93, l.474)"))


def test_the_readmes_log_excerpt_is_what_the_match_prints(db):
    # The README shows a stretch of `--log 4` of seed 7 with the Standard Game's two decks; a
    # change of the engine that changes that game must change the README with it.
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    block = readme.split("--log 4`):\n\n```text\n", 1)[1].split("```", 1)[0]
    corrupt, steadfast = DECKS / "standard-corrupt.deck", DECKS / "standard-steadfast.deck"
    result = mythos("match", corrupt, steadfast, "--seed", 7, "--log", 4, "--db", db)
    assert result.exit_code == 0, result.output
    assert block.strip("\n") in result.stdout, "README.md's match log excerpt is stale: paste the new lines"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.deck", "standard-steadfast.deck"], "missing.deck"),
        (["standard-corrupt.deck"], "a match needs 2 to 4 decks"),
        (["standard-corrupt.deck"] * 5, "a match is for 2 to 4 players"),
        (["standard-corrupt.deck", "standard-steadfast.deck", "--ai", "deep-blue"], "--ai 'deep-blue'"),
    ],
)
def test_malformed_match_input_is_one_line_and_exit_2(db, args, message):
    argv = [a if a.startswith("-") or a == "deep-blue" else str(DECKS / a) for a in args]
    result = mythos("match", *argv, "--db", db, "--games", 5)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.output
    assert "Traceback" not in result.output


class Recorder(Scripted):
    """Passes, and keeps the plays it was offered."""

    def __init__(self) -> None:
        super().__init__()
        self.offered: list[Play] = []

    def choose(self, m: Match, seat: int, plays: list[Play]) -> Play:
        self.offered = plays
        return super().choose(m, seat, plays)


@pytest.mark.parametrize("ally", [False, True])
def test_an_event_aimed_at_an_opponents_ally_needs_one(by_title, ally):
    # Rulebook l.202: "An Event that requires a target must have a legitimate target in order to
    # be played": The Innsmouth Look affects an opponent's Ally.
    from deckbuilder.rules.match import step

    m = table(by_title)
    at(m, 0, "Arkham Sanitarium")
    put(m, 0, "hand", "The Innsmouth Look")
    if ally:
        put(m, 1, "allies", "Albert Shiny")
    m.to_move = 0
    recorder = Recorder()
    step(m, [recorder, Scripted()])
    titles = {m.players[0].game.title(p.card) for p in recorder.offered if p.kind is PlayKind.EVENT}
    assert ("The Innsmouth Look" in titles) is ally


def test_the_lookahead_player_does_not_peek(standard):
    # What an opponent holds face-down (Hand, Mythos Deck, Threat) is dealt again from the cards
    # the player cannot see: moving them about changes nothing the lookahead player does.
    import random

    from deckbuilder.rules.match import LookaheadPlayer, determinize, step

    decks, recipes = standard
    batch = MatchBatch(decks, recipes=recipes, ai=("lookahead", "greedy"))
    games, players = batch.build()
    m = new_match(games, seed=11)
    for _ in range(6):
        step(m, players)
    seen = determinize(m, 0, random.Random(1))
    assert seen.players[0].hand == m.players[0].hand  # its own Hand is its own
    opponent = m.players[1]
    assert sorted(seen.players[1].hand + seen.players[1].deck) == sorted(opponent.hand + opponent.deck)
    swapped = m.copy()
    swapped.tally = True
    s = swapped.players[1]
    pool = s.hand + s.deck
    random.Random(5).shuffle(pool)
    s.hand, s.deck = pool[: len(s.hand)], pool[len(s.hand) :]
    m.to_move = swapped.to_move = 0
    player = players[0]
    assert isinstance(player, LookaheadPlayer)
    from deckbuilder.rules.engine import legal_plays as plays_of

    assert player.choose(m, 0, plays_of(m.players[0])) == player.choose(swapped, 0, plays_of(swapped.players[0]))
