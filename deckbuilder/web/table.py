"""The table's JSON API: a game a person plays against the rules engine (see
:mod:`deckbuilder.service.table`)::

    POST /api/game                 {"deck": TEXT, "seed": N, "game": K, "investigator": NAME,
                                    "format": "advanced", "target": 20, "opponents": [{"deck": TEXT, "ai": "greedy"}]}
    GET  /api/game/ID              the game now
    POST /api/game/ID/move         {"move": ID}, one of legal[*].id
    POST /api/game/ID/undo | redo  the move before, the move after
    POST /api/game/ID/auto         the computer's move in your place (a simulated game, step by step)
    GET  /api/game/ID/suggest      what the computer would do in your place, and why
    GET  /decks/ID/table           the table page of a saved deck (static/table.js calls the API)

Each answers ``{"id", "state", "legal", "log"}`` (suggest: ``{"move", "text", "reason"}``).
A deck may be a saved deck's id instead of its text (``{"saved": ID}``, the table page's
way; an opponent's ``{"saved": ID, "ai": ...}``). Errors answer
the API's error object: 404 a game not held ("this game has ended; deal again"), 409 a move
not legal now (the game unchanged), 400 a deck that cannot be read, 422 a fifth player.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from deckbuilder.errors import UsageError
from deckbuilder.web.http import answers, in_thread, served

#: The keys a new game's JSON body may hold.
GAME_KEYS = ("deck", "saved", "seed", "game", "investigator", "format", "target", "opponents", "filename")


async def _body(request: Request, shape: str = '{"deck": TEXT, "seed": N}') -> dict[str, Any]:
    """Reads a JSON object body; ``shape`` is what the route takes, said when the body is not one.
    Raises UsageError for anything else."""
    raw = await request.body()
    try:
        doc = json.loads(raw.decode("utf-8-sig") or "{}")
    except (UnicodeDecodeError, ValueError) as exc:
        raise UsageError(f"the body is not JSON ({exc}); send {shape}") from None
    if not isinstance(doc, dict):
        raise UsageError(f"the body is a JSON object: {shape}")
    return doc


def _number(doc: dict[str, Any], key: str, default: int) -> int:
    value = doc.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise UsageError(f"{key} {value!r}: give a whole number")
    return value


def _games(request: Request) -> Any:
    state = served(request)
    store = getattr(state, "games", None)
    if store is None:
        from deckbuilder.service.table import GameStore

        store = state.games = GameStore()  # type: ignore[attr-defined]
    return store


@answers
async def new_game(request: Request) -> Response:
    """``POST /api/game``: deals a game."""
    from deckbuilder import service
    from deckbuilder.service import table

    doc = await _body(request)
    unknown = sorted(set(doc) - set(GAME_KEYS))
    if unknown:
        raise UsageError(f"{unknown[0]!r} is not a key of a new game; it takes: {', '.join(GAME_KEYS)}")
    if not isinstance(doc.get("saved"), str) and (not isinstance(doc.get("deck"), str) or not doc["deck"].strip()):
        raise UsageError('give the deck\'s text under "deck": {"deck": "Investigator\\n1 ...", "seed": 0}')
    seed, game, target = _number(doc, "seed", 0), _number(doc, "game", 1), _number(doc, "target", 20)
    if not 1 <= target <= 1000:
        raise UsageError(f"target {target}: give a number of Adventure points from 1 to 1000")
    opponents = doc.get("opponents") or []
    if not isinstance(opponents, list) or not all(isinstance(o, dict) for o in opponents):
        raise UsageError('opponents is a list: [{"deck": TEXT, "ai": "greedy"}] or [{"saved": ID, "ai": "greedy"}]')
    if len(opponents) + 1 > table.MAX_PLAYERS:
        raise table.TooManyPlayersError(
            f"{len(opponents) + 1} players: a table seats 2 to 4 (you and up to 3 opponents)"
        )
    for key in ("investigator", "format"):
        if doc.get(key) is not None and not isinstance(doc[key], str):
            raise UsageError(f"{key} {doc[key]!r}: give it as text")
    state = served(request)
    store = _games(request)

    def work() -> Any:
        catalog = state.catalog()
        if isinstance(doc.get("saved"), str):  # a saved deck as the editor holds it (its unsaved changes too)
            deck = service.load_saved_deck(catalog, state.settings.decks, doc["saved"], draft=True)
        else:
            deck = service.load_deck_text(catalog, doc["deck"], filename=doc.get("filename"))
        others = []
        for o in opponents:
            ai = o.get("ai", "greedy")
            if isinstance(o.get("saved"), str):
                other = service.load_saved_deck(catalog, state.settings.decks, o["saved"])
            elif isinstance(o.get("deck"), str) and o["deck"].strip():
                other = service.load_deck_text(catalog, o["deck"])
            else:
                raise UsageError('each opponent gives a deck: {"deck": TEXT, "ai": "greedy"} or {"saved": ID}')
            others.append((other, ai))
        g = table.deal(
            catalog,
            store,
            deck,
            seed=seed,
            game=game,
            investigator=doc.get("investigator") or None,
            format_name=doc.get("format") or "advanced",
            opponents=others,
            target=target,
        )
        return g.to_json()

    return JSONResponse(await in_thread(work))


@answers
async def show_game(request: Request) -> Response:
    """``GET /api/game/ID``: the game now."""
    g = _games(request).get(request.path_params["game"])
    return JSONResponse(await in_thread(g.to_json))


@answers
async def game_action(request: Request) -> Response:
    """``POST /api/game/ID/move|undo|redo|auto``."""
    from deckbuilder.service import table

    action = request.path_params["action"]
    g = _games(request).get(request.path_params["game"])
    if action == "move":
        doc = await _body(request, '{"move": ID}, one of legal[*].id')
        if "move" not in doc:
            raise UsageError('give the move: {"move": ID}, one of legal[*].id')
        return JSONResponse(await in_thread(lambda: table.move(g, doc["move"]).to_json()))
    if action == "undo":
        return JSONResponse(await in_thread(lambda: table.undo(g).to_json()))
    if action == "redo":
        return JSONResponse(await in_thread(lambda: table.redo(g).to_json()))
    if action == "auto":
        return JSONResponse(await in_thread(lambda: table.autoplay(g).to_json()))
    from deckbuilder.web.guard import NoSuchPageError

    raise NoSuchPageError(f"{action!r} is not an action of a game; use move, undo, redo or auto")


@answers
async def suggest(request: Request) -> Response:
    """``GET /api/game/ID/suggest``: what the computer would do in your place, and why."""
    from deckbuilder.service import table

    g = _games(request).get(request.path_params["game"])
    return JSONResponse(await in_thread(table.suggest, g))


@answers
async def table_page(request: Request) -> Response:
    """``GET /decks/ID/table?seed=S&game=K&investigator=NAME&opponent=ID&ai=NAME&format=F``: the
    table page of a saved deck (game K of seed S: the goldfish report's game K alone, a match's
    game K against ``opponent``, stepped through with the computer's moves)."""
    from deckbuilder import service
    from deckbuilder.rules.match import AI_NAMES
    from deckbuilder.sheet import page_builders as build
    from deckbuilder.sheet.pages import Choice, TablePage
    from deckbuilder.web.http import frame, render

    state = served(request)
    deck_id = request.path_params["deck_id"]
    params = request.query_params
    seed = int(params["seed"]) if params.get("seed", "").isdigit() else 0
    game = int(params["game"]) if params.get("game", "").isdigit() and int(params["game"]) >= 1 else 1
    saved = await in_thread(service.saved_deck, state.settings.decks, deck_id)
    others = await in_thread(service.saved_decks, state.settings.decks)
    # A match's game K opens with its opponent and computer chosen (an unknown one: nobody).
    against = params.get("opponent", "")
    against = against if any(d.id == against for d in others.decks) else ""
    opponents = (
        Choice("", "Nobody: play alone", not against),
        *(Choice(d.id, d.name, d.id == against) for d in others.decks),
    )
    ai = params.get("ai", "greedy")
    ais = tuple(
        Choice(name, name.capitalize(), name == ai or (ai not in AI_NAMES and name == "greedy")) for name in AI_NAMES
    )
    format_name = params.get("format") or str(saved.way_to_play.get("format") or "advanced")
    if format_name not in service.GOLDFISH_FORMATS:
        format_name = "advanced"  # a way to play the engine does not deal (Cult vs Investigator): Advanced
    page = TablePage(
        frame(request, f"{saved.name} · table", "decks"),
        build.header(saved),
        seed,
        game,
        opponents,
        ais,
        params.get("investigator", ""),
        format_name,
        int(saved.way_to_play.get("target") or 20),
    )
    return render(request, page)


def routes() -> list[Route]:
    """Gets the table's routes."""
    return [
        Route("/decks/{deck_id}/table", table_page, methods=["GET"]),
        Route("/api/game", new_game, methods=["POST"]),
        Route("/api/game/{game}", show_game, methods=["GET"]),
        Route("/api/game/{game}/suggest", suggest, methods=["GET"]),
        Route("/api/game/{game}/{action}", game_action, methods=["POST"]),
    ]
