"""The table's part of the service: games a person plays against the rules engine, kept in
memory, with every move checked, the computers' moves played, and undo and redo.

A game is a list of moments (:class:`~deckbuilder.rules.tableplay.Table` values), one per move
of the person with the computers' moves that followed it: undo steps back one moment (exactly
the state before the move), redo forward, and a new move drops what was ahead. Games live in a
bounded :class:`GameStore` (the oldest dropped; never written anywhere), each behind its own
lock, for the server answers from several threads.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deckbuilder.errors import MythosError, UsageError

if TYPE_CHECKING:
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.decklists.deckfile import LoadedDeck
    from deckbuilder.rules.tableplay import Table

#: The most games kept at once; the oldest goes first.
MAX_GAMES = 64
#: The players at one table: the person and up to 3 opponents (rulebook l.69: 2 to 4 at a table).
MAX_PLAYERS = 4


class UnknownGameError(MythosError):
    """Raised for a game id the server does not hold (never dealt, or dropped as the oldest)."""

    kind = "unknown-game"


class IllegalMoveError(MythosError):
    """Raised for a move that is not one of the legal moves now (the game is unchanged)."""

    kind = "illegal-move"


class TooManyPlayersError(MythosError):
    """Raised for a table of more than 4 players."""

    kind = "too-many-players"


@dataclass
class Game:
    """One game in progress: its moments (see the module docstring), each with the lines of
    the log its move added, and where undo has left it."""

    id: str
    deck: str
    opponents: tuple[tuple[str, str], ...]
    seed: int
    game: int
    format_name: str
    history: list[tuple[Table, tuple[str, ...]]]
    at: int = 0
    lock: Any = field(default_factory=threading.RLock)  # an RLock: to_json takes it inside a move

    @property
    def table(self) -> Table:
        return self.history[self.at][0]

    def log(self) -> list[str]:
        return [line for _t, lines in self.history[: self.at + 1] for line in lines]

    def to_json(self) -> dict[str, Any]:
        """Gets the game as the API answers it: ``id``, ``state``, ``legal``, ``log``."""
        from deckbuilder.rules.tableplay import move_texts, moves

        with self.lock:  # one moment, whatever another thread does to the game meanwhile
            t = self.table
            return {
                "id": self.id,
                "state": state_json(t, moves(t), self),
                "legal": [
                    {"id": i, "text": text, "kind": kind, "card": card if card >= 0 else None}
                    for i, (text, kind, card) in enumerate(move_texts(t))
                ],
                "log": self.log(),
            }


def _cards(s: Any, cids: Sequence[int]) -> list[dict[str, Any]]:
    g = s.game
    out = []
    for c in cids:
        card = g.cards[c]
        item: dict[str, Any] = {"card": c, "title": card.title, "type": card.type.value if card.type else ""}
        held = s.attached.get(c, ())
        if held:
            item["holds"] = [
                {"card": h, "title": g.title(h), "type": g.cards[h].type.value if g.cards[h].type else ""} for h in held
            ]
        out.append(item)
    return out


def state_json(t: Table, legal: Sequence[Any], game: Game | None = None) -> dict[str, Any]:
    """Gets what the person may see of the table: the Round, whose decision it is, each player
    (Investigator, Sanity, Current Location, Story Deck, cards in play, Threat, Hand, Adventure
    points; an opponent's Hand and Threat as counts: they are face down), and the end."""
    from deckbuilder.rules.tableplay import YOU, why_not

    acting = t.to_act()
    players = []
    for seat in range(t.n):
        s = t.state(seat)
        g = s.game
        held = {h for hs in s.attached.values() for h in hs}
        here = s.current_location
        mine = seat == YOU
        player: dict[str, Any] = {
            "seat": seat,
            "name": t.names[seat],
            "investigator": g.investigator.title,
            "sanity": s.sanity,
            "sanity_max": g.sanity_max,
            "points": s.points,
            "location": g.title(here) if here >= 0 else None,
            "walking_to": g.title(s.story[-1]) if s.walking and s.story else None,
            "story": [g.title(c) for c in s.story],
            "in_play": {
                "allies": _cards(s, s.allies),
                "tomes": _cards(s, s.tomes),
                "artifacts": _cards(s, [c for c in s.artifacts if c not in held]),
                "spells": _cards(s, [c for c in s.spells if c not in held]),
                "events": _cards(s, s.events),
                "adventures": _cards(s, s.adventures),
                "great_old_one": _cards(s, [s.goo] if s.goo >= 0 else []),
            },
            "threat": _cards(s, s.threat) if mine else len(s.threat),
            "hand": len(s.hand),
            "mythos_deck": len(s.deck),
            "discard": len(s.discard),
        }
        if mine:
            playable: dict[int, list[int]] = {}
            for i, p in enumerate(legal):
                for c in (p.card, *p.joined):
                    if c >= 0:
                        playable.setdefault(c, []).append(i)
            player["hand"] = [
                {
                    **item,
                    "moves": playable.get(item["card"], []),
                    "why_not": "" if playable.get(item["card"]) else why_not(t, item["card"]),
                }
                for item in _cards(s, s.hand)
            ]
        players.append(player)
    over = t.over()
    winner = t.winner() if over else None
    return {
        "round": t.round(),
        "stage": t.stage(),
        "to_act": t.names[acting] if acting >= 0 else None,
        "your_turn": acting == YOU,
        "players": players,
        "over": over,
        "winner": None if winner is None or winner < 0 else t.names[winner],
        "tie": winner is not None and winner < 0 and t.n > 1,
        "combat_so_far": list(t.question.told) if t.question is not None else [],
        "can_undo": game is not None and game.at > 0,
        "can_redo": game is not None and game.at < len(game.history) - 1,
        "seed": None if game is None else game.seed,
        "game": None if game is None else game.game,
    }


class GameStore:
    """The games in progress, at most ``limit`` (the oldest dropped), safe to use from threads."""

    def __init__(self, limit: int = MAX_GAMES) -> None:
        self.limit = limit
        self._games: OrderedDict[str, Game] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, game: Game) -> Game:
        with self._lock:
            self._games[game.id] = game
            while len(self._games) > self.limit:
                self._games.popitem(last=False)
        return game

    def get(self, game_id: str) -> Game:
        """Gets a game. Raises :class:`UnknownGameError` for an id not held."""
        with self._lock:
            game = self._games.get(game_id)
        if game is None:
            raise UnknownGameError(f"game {game_id!r}: this game has ended; deal again (POST /api/game)")
        return game

    def __len__(self) -> int:
        return len(self._games)


@dataclass(frozen=True)
class Seating:
    """The decks at a table read for play, once: per seat the engine's Game, the computer
    player, the greedy policy that gives the reasons, and the name shown."""

    games: tuple[Any, ...]
    players: tuple[Any, ...]
    greedy: tuple[Any, ...]
    names: tuple[str, ...]
    max_rounds: int = 20

    def deal(self, seed: int, game: int = 1, log: list[str] | None = None) -> Table:
        """Deals game ``game`` of ``seed`` (the goldfish's deal alone, the match's with opponents)."""
        from deckbuilder.rules.goldfish import game_seeds
        from deckbuilder.rules.tableplay import new_table

        return new_table(
            self.games,
            self.players,
            self.greedy,
            game_seeds(seed, game)[-1],
            max_rounds=self.max_rounds,
            names=self.names,
            log=log,
        )


def seating(
    catalog: Catalog,
    decks: Sequence[LoadedDeck],
    ai: Sequence[str] = (),
    *,
    format_name: str = "advanced",
    max_rounds: int = 20,
    target: int = 20,
) -> Seating:
    """Reads the decks for play: the person's first, then each opponent's with its computer
    player (``ai``, by name). Alone, the goldfish's own reading of the deck and its policy."""
    from deckbuilder.catalog.importers.effects import load_effect_overrides
    from deckbuilder.catalog.recipebook import deck_recipes
    from deckbuilder.rules.goldfish import GameBatch, GreedyPolicy, needed_titles
    from deckbuilder.rules.match import GreedyPlayer, LookaheadPlayer
    from deckbuilder.service.games import goldfish_format

    if len(decks) == 1:
        deck = decks[0].deck
        recipes = deck_recipes(catalog, deck)
        needed = needed_titles(deck, recipes)
        batch = GameBatch(
            deck,
            campaign=goldfish_format(format_name),
            target=target,
            max_rounds=max_rounds,
            recipes=recipes,
            needed=frozenset(needed),
            effects=load_effect_overrides(),
        )
        g = batch.game()
        return Seating((g,), (), (GreedyPolicy(g, needed),), ("You",), max_rounds)
    from deckbuilder.service.matches import match_batch

    batch_ = match_batch(
        catalog, decks, ai=("greedy", *ai), format_name=format_name, target=target, max_rounds=max_rounds
    )
    games, players = batch_.build()
    greedy = tuple(
        p.inner if isinstance(p, GreedyPlayer) else p.greedy.inner
        for p in players
        if isinstance(p, (GreedyPlayer, LookaheadPlayer))
    )
    names = ("You", *(f"Computer {i}" if len(decks) > 2 else "Computer" for i in range(1, len(decks))))
    return Seating(tuple(games), tuple(players), greedy, names, max_rounds)


def deal(
    catalog: Catalog,
    store: GameStore,
    deck: LoadedDeck,
    *,
    seed: int = 0,
    game: int = 1,
    investigator: str | None = None,
    format_name: str = "advanced",
    opponents: Sequence[tuple[LoadedDeck, str]] = (),
    max_rounds: int = 20,
    target: int = 20,
) -> Game:
    """Deals a game of ``deck`` (game ``game`` of ``seed``: the goldfish's deal of that game when
    alone, the match's with opponents) against ``opponents`` (each a deck and its computer
    player's name), and keeps it in ``store``.

    Raises :class:`TooManyPlayersError` for more than 3 opponents, UsageError for an unknown
    computer player or format or an out-of-range number, ``NoInvestigatorError`` for a deck
    no Investigator can play."""
    from deckbuilder.rules.match import AI_NAMES
    from deckbuilder.service.decks import GOLDFISH_FORMATS, play_as

    if len(opponents) + 1 > MAX_PLAYERS:
        raise TooManyPlayersError(f"{len(opponents) + 1} players: a table seats 2 to 4 (you and up to 3 opponents)")
    for _deck, ai in opponents:
        if ai not in AI_NAMES:
            raise UsageError(f"ai {ai!r}: choose one of {', '.join(AI_NAMES)}")
    if format_name not in GOLDFISH_FORMATS:
        raise UsageError(f"format {format_name!r}: the table plays Mythos formats only ({', '.join(GOLDFISH_FORMATS)})")
    if not 1 <= game <= 100_000:
        raise UsageError(f"game {game}: give a game number from 1 to 100000 (game 1 is the seed's first)")
    if investigator:
        deck, _note = play_as(catalog, deck, investigator)
    seats = seating(
        catalog,
        [deck, *(d for d, _ai in opponents)],
        [ai for _d, ai in opponents],
        format_name=format_name,
        max_rounds=max_rounds,
        target=target,
    )
    return store.add(
        new_game(
            seats,
            seed=seed,
            game=game,
            deck=deck.deck.name or "",
            opponents=tuple((d.deck.name or "", ai) for d, ai in opponents),
            format_name=format_name,
        )
    )


def new_game(
    seats: Seating,
    *,
    seed: int = 0,
    game: int = 1,
    deck: str = "",
    opponents: tuple[tuple[str, str], ...] = (),
    format_name: str = "advanced",
) -> Game:
    """Deals game ``game`` of ``seed`` at a seating read once (kept nowhere: :func:`deal` keeps it)."""
    log: list[str] = []
    t = seats.deal(seed, game, log)
    return Game(
        id=secrets.token_hex(8),
        deck=deck,
        opponents=opponents,
        seed=seed,
        game=game,
        format_name=format_name,
        history=[(t, tuple(log))],
    )


def move(game: Game, move_id: Any) -> Game:
    """Makes the person's move ``move_id`` (an index of the legal moves now) and the computers'
    moves after it. Raises :class:`IllegalMoveError` (the game unchanged) for any other."""
    from deckbuilder.rules.tableplay import act, move_texts, why_refused

    with game.lock:
        t = game.table
        legal = move_texts(t)
        if isinstance(move_id, bool) or not isinstance(move_id, int) or not 0 <= move_id < len(legal):
            why = why_refused(t, _nothing()) if not legal else "choose one of legal[*].id"
            raise IllegalMoveError(f"move {move_id!r} is not legal now: {why}")
        nxt = t.copy()
        lines: list[str] = []
        act(nxt, move_id, lines)
        del game.history[game.at + 1 :]
        game.history.append((nxt, tuple(lines)))
        game.at += 1
    return game


def autoplay(game: Game) -> Game:
    """Makes the move the computer would make in the person's place (:func:`suggest`'s), told
    in the log with its reason: stepping a deal of game K of a seed so plays exactly the
    simulator's game K (the goldfish's alone; the match's, the person's seat greedy). Raises
    :class:`IllegalMoveError` when it is not the person's decision."""
    from deckbuilder.rules.tableplay import act, suggested

    with game.lock:
        t = game.table
        found = suggested(t)
        if found is None:
            raise IllegalMoveError(
                "no move to make: the game is over; deal again"
                if t.over()
                else "no move to make: it is not your decision now"
            )
        index, why = found
        nxt = t.copy()
        lines: list[str] = []
        act(nxt, index, lines, why)
        del game.history[game.at + 1 :]
        game.history.append((nxt, tuple(lines)))
        game.at += 1
    return game


def _nothing() -> Any:
    from deckbuilder.rules.engine import Play, PlayKind

    return Play(PlayKind.PASS)


def undo(game: Game) -> Game:
    """Takes the last move back (the computers' moves after it with it). Raises
    :class:`IllegalMoveError` at the deal."""
    with game.lock:
        if game.at == 0:
            raise IllegalMoveError("nothing to undo: this is the deal")
        game.at -= 1
    return game


def redo(game: Game) -> Game:
    """Makes the move undone last again. Raises :class:`IllegalMoveError` when none is."""
    with game.lock:
        if game.at >= len(game.history) - 1:
            raise IllegalMoveError("nothing to redo: no move was taken back since the last one")
        game.at += 1
    return game


def suggest(game: Game) -> dict[str, Any]:
    """Gets what the computer would do in the person's place now: the move's id, its words and
    the reason (``{"move": None}`` when it is not the person's decision)."""
    from deckbuilder.rules.tableplay import move_texts, suggested

    with game.lock:
        t = game.table
        found = suggested(t)
        if found is None:
            return {"move": None, "text": "", "reason": "it is not your decision now"}
        index, why = found
        return {"move": index, "text": move_texts(t)[index][0], "reason": why}


@dataclass(frozen=True)
class Replay:
    """One goldfish game played again play by play (``mythos deck goldfish --replay K``): each
    play with the greedy policy's reason, and how the game ended."""

    deck: str
    investigator: str
    seed: int
    game: int
    plays: tuple[tuple[str, str, int], ...]
    points: int
    sanity: int
    rounds: int
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "deck": self.deck,
            "investigator": self.investigator,
            "seed": self.seed,
            "game": self.game,
            "plays": [{"play": p, "reason": r, "sanity": s} for p, r, s in self.plays],
            "points": self.points,
            "final_sanity": self.sanity,
            "rounds": self.rounds,
        }


def replay_goldfish(
    catalog: Catalog,
    deck: LoadedDeck,
    *,
    seed: int = 0,
    game: int = 1,
    format_name: str = "advanced",
    target: int = 20,
    max_rounds: int = 20,
    investigator: str | None = None,
) -> Replay:
    """Plays game ``game`` of ``seed`` of the goldfish again, exactly its plays, each with the
    greedy policy's reason (the deck's first Investigator plays, as ``--investigator`` says
    otherwise). Raises UsageError for a game number below 1."""
    from deckbuilder.catalog.importers.effects import load_effect_overrides
    from deckbuilder.catalog.recipebook import deck_recipes
    from deckbuilder.rules.goldfish import GameBatch, GreedyPolicy, game_seeds, needed_titles
    from deckbuilder.rules.tableplay import replay_solo
    from deckbuilder.service.decks import play_as
    from deckbuilder.service.games import goldfish_format

    if game < 1:
        raise UsageError(f"--replay {game}: give a game number from 1 (game 1 is the seed's first)")
    campaign = goldfish_format(format_name)
    if investigator:
        deck, _note = play_as(catalog, deck, investigator)
    recipes = deck_recipes(catalog, deck.deck)
    needed = needed_titles(deck.deck, recipes)
    batch = GameBatch(
        deck.deck,
        campaign=campaign,
        target=target,
        max_rounds=max_rounds,
        recipes=recipes,
        needed=frozenset(needed),
        effects=load_effect_overrides(),
    )
    g = batch.game()
    plays, last = replay_solo(g, GreedyPolicy(g, needed), game_seeds(seed, game)[-1], max_rounds)
    notes: tuple[str, ...] = ()
    listed = [c.title for c in deck.deck.investigators]
    if not investigator and len(listed) > 1:
        notes = (
            f"the deck lists {len(listed)} Investigators; this is {g.investigator.title}'s game {game} "
            f"(the report shows the best one's in full: --investigator NAME replays another's)",
        )
    return Replay(
        deck.deck.name or "",
        g.investigator.title,
        seed,
        game,
        tuple(plays),
        last.points,
        last.sanity,
        min(last.round, max_rounds),
        notes,
    )
