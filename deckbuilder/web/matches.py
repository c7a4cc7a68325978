"""Decks played against each other on the web: the API's ``/api/match`` and
``/api/deck/gauntlet``, and the Match page, over the service's :func:`~deckbuilder.service.match_decks`
and :func:`~deckbuilder.service.gauntlet_deck`.

::

    POST /api/match          {"decks": [DECK, DECK, ...], "games", "seed", "ai", "format", "log"}
                             mythos match ... --json (with "log": K, game K's play-by-play)
    POST /api/deck/gauntlet  {"deck": DECK, "field": [DECK, ...], "games", "seed", "ai", "format"}
                             mythos deck gauntlet ... --json
    GET  /match              the Match page: pick 2 to 4 saved decks, a computer player per seat
    POST /match              play them, and show the table
    GET  /match/log?deck=ID&deck=ID&ai=..&seed=S&format=F&game=K   game K told as a play-by-play

A DECK is the deck's text (any format the CLI reads), ``{"text": TEXT, "filename": NAME}``, or
a saved deck ``{"id": ID}``. The calls are synchronous and one process plays them, so the
games a request plays are bounded (:data:`MAX_API_MATCH_GAMES`, less with a lookahead
player); errors answer the API's ``{"error": {...}}`` shape with their HTTP status.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote, urlencode

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from deckbuilder import service
from deckbuilder.errors import UsageError
from deckbuilder.web.http import answers, in_thread, served

#: The most two-player games one request plays with greedy players (a few seconds of one
#: core); the CLI plays more.
MAX_API_MATCH_GAMES = 2_000

#: The lookahead player samples the hidden cards at every choice: this many times slower.
LOOKAHEAD_COST = 40

#: The highest game number whose play-by-play is told (the games before it are dealt to reach it).
MAX_LOG_GAME = 1_000_000

#: The most decks a request may name (a gauntlet's field, or a match's 4).
MAX_API_DECKS = 16

#: The options each call takes, and how each is read.
MATCH_OPTIONS: dict[str, type] = {
    "games": int,
    "seed": int,
    "format": str,
    "ai": list,
    "investigator": list,
    "log": int,
    "rounds": int,
    "target": int,
}
GAUNTLET_OPTIONS: dict[str, type] = {"games": int, "seed": int, "format": str, "ai": list, "investigator": str}


def _whole(name: str, value: Any) -> int:
    if isinstance(value, bool) or not (
        isinstance(value, int) or (isinstance(value, str) and value.strip().lstrip("-").isdigit())
    ):
        raise UsageError(f"{name} {value!r}: give a whole number")
    return int(value)


def read_options(doc: dict[str, Any], known: dict[str, type], call: str) -> dict[str, Any]:
    """Gets a call's options from its JSON object, checked: every name known, numbers whole,
    names text. Raises :class:`~deckbuilder.errors.UsageError`."""
    options: dict[str, Any] = {}
    for name, value in doc.items():
        kind = known.get(name)
        if kind is None:
            raise UsageError(f"{name!r} is not an option of {call}; it takes: {', '.join(sorted(known))}")
        if kind is list:
            values = value if isinstance(value, list) else [value]
            if not all(isinstance(v, str) for v in values):
                raise UsageError(f"{name}: give names (text), one per seat")
            options[name] = values
        elif kind is int:
            options[name] = _whole(name, value)
        elif not isinstance(value, str):
            raise UsageError(f"{name} {value!r}: give it as text")
        else:
            options[name] = value
    return options


async def read_json(request: Request, example: str) -> dict[str, Any]:
    """Gets a request's JSON object. Raises :class:`~deckbuilder.errors.UsageError`."""
    body = await request.body()
    try:
        doc = json.loads(body.decode("utf-8-sig") or "null")
    except (UnicodeDecodeError, ValueError) as exc:
        raise UsageError(f"the body is not JSON ({exc}); send {example}") from None
    if not isinstance(doc, dict):
        raise UsageError(f"the body is a JSON object: {example}")
    return doc


def _deck_ref(value: Any, where: str) -> tuple[str, str | None]:
    """Gets ("text", TEXT) or ("id", ID) from a DECK of a request (see the module)."""
    if isinstance(value, str) and value.strip():
        return ("text", value)
    if isinstance(value, dict):
        if isinstance(value.get("id"), str) and value["id"]:
            return ("id", value["id"])
        if isinstance(value.get("text"), str) and value["text"].strip():
            name = value.get("filename")
            return ("text:" + (name if isinstance(name, str) else ""), value["text"])
    raise UsageError(
        f'{where}: give a deck as its text, {{"text": TEXT, "filename": NAME}} or a saved deck {{"id": ID}}'
    )


def load_refs(request: Request, catalog: Any, refs: Sequence[tuple[str, Any]]) -> list[Any]:
    """Loads the decks a request names (texts or saved decks). Raises as the service does."""
    decks = served(request).settings.decks
    loaded = []
    for kind, value in refs:
        if kind == "id":
            saved = service.saved_deck(decks, value)
            loaded.append(service.load_saved_deck(catalog, decks, saved.id))
        else:
            name = kind.partition(":")[2] or None
            loaded.append(service.load_deck_text(catalog, value, filename=name))
    return loaded


def check_bound(games: int, matchups: int, ai: Sequence[str], command: str) -> None:
    """Refuses more games than one request plays. Raises :class:`~deckbuilder.errors.UsageError`."""
    cost = LOOKAHEAD_COST if "lookahead" in ai else 1
    most = MAX_API_MATCH_GAMES // cost // max(matchups, 1)
    if games > most:
        who = " with a lookahead player" if cost > 1 else ""
        per = f" against {matchups} decks" if matchups > 1 else ""
        raise UsageError(
            f"games {games}: the web API plays at most {most} games a request{per}{who}; run `{command}` for more"
        )


@answers
async def match(request: Request) -> Response:
    """``POST /api/match``: ``mythos match ... --json`` (with ``log``: game K told)."""
    doc = await read_json(request, '{"decks": [TEXT, {"id": SAVED}], "games": 200, "ai": ["greedy", "lookahead"]}')
    given = doc.pop("decks", None)
    if not isinstance(given, list):
        raise UsageError('give the decks as a list: {"decks": [TEXT, {"id": SAVED}, ...]}')
    options = read_options(doc, MATCH_OPTIONS, "match")
    refs = [_deck_ref(v, f"decks[{i}]") for i, v in enumerate(given)]
    ai = options.get("ai", [])
    service.check_match_options(len(refs), options.get("format", "advanced"), ai, options.get("investigator", []))
    games = options.get("games", 200)
    if options.get("log") is None:
        check_bound(games, 1, ai, "mythos match")
    elif not 1 <= options["log"] <= MAX_LOG_GAME:
        raise UsageError(f"log {options['log']}: give a game number from 1 to {MAX_LOG_GAME}")
    state = served(request)

    def work() -> Any:
        catalog = state.catalog()
        decks = load_refs(request, catalog, refs)
        return service.match_decks(
            catalog,
            decks,
            games=games,
            seed=options.get("seed", 0),
            format_name=options.get("format", "advanced"),
            investigators=options.get("investigator", ()),
            ai=ai,
            max_rounds=options.get("rounds", 20),
            target=options.get("target", 20),
            jobs=1,
            log_game=options.get("log"),
        )

    return JSONResponse((await in_thread(work)).to_json())


@answers
async def gauntlet(request: Request) -> Response:
    """``POST /api/deck/gauntlet``: ``mythos deck gauntlet ... --json``."""
    doc = await read_json(request, '{"deck": TEXT, "field": [TEXT, {"id": SAVED}], "games": 200}')
    if "deck" not in doc:
        raise UsageError('give the deck: {"deck": TEXT or {"id": SAVED}, "field": [...]}')
    deck = _deck_ref(doc.pop("deck"), "deck")
    given = doc.pop("field", None)
    if not isinstance(given, list) or not given:
        raise UsageError('give the field as a list of decks: {"field": [TEXT, {"id": SAVED}, ...]}')
    if len(given) > MAX_API_DECKS:
        raise UsageError(f"field: {len(given)} decks; the web API plays at most {MAX_API_DECKS} a request")
    field = [_deck_ref(v, f"field[{i}]") for i, v in enumerate(given)]
    options = read_options(doc, GAUNTLET_OPTIONS, "deck gauntlet")
    ai = options.get("ai", [])
    games = options.get("games", 200)
    service.check_gauntlet_options(len(field), options.get("format", "advanced"), ai, games)
    check_bound(games, len(field), ai, "mythos deck gauntlet")
    state = served(request)

    def work() -> Any:
        catalog = state.catalog()
        mine, *theirs = load_refs(request, catalog, [deck, *field])
        return service.gauntlet_deck(
            catalog,
            mine,
            theirs,
            games=games,
            seed=options.get("seed", 0),
            format_name=options.get("format", "advanced"),
            ai=ai,
            investigator=options.get("investigator"),
            jobs=1,
        )

    return JSONResponse((await in_thread(work)).to_json())


# --------------------------------------------------------------------------------------
# the Match page

#: The most games the Match page plays at once (greedy players; the lookahead costs more).
MAX_PAGE_MATCH_GAMES = 2_000

#: Games whose play-by-play the page links directly (any other by its number).
LINKED_GAMES = 10


def _match_page(
    request: Request,
    saved: Any,
    *,
    chosen: Sequence[str] = (),
    ai: Sequence[str] = (),
    games: int = 200,
    seed: int = 0,
    format_name: str = "advanced",
    result: Any = None,
    error: Any = None,
) -> Any:
    from deckbuilder.sheet import page_builders as build
    from deckbuilder.sheet.pages import MatchPage
    from deckbuilder.web.http import frame

    view = None
    if result is not None:
        query = [("deck", d) for d in chosen] + [("ai", a) for a in ai] + [("seed", str(seed)), ("format", format_name)]
        view = build.match_view(result, query, LINKED_GAMES)
    return MatchPage(
        frame(request, "Match", "match"),
        build.seat_forms(saved.decks, chosen, ai),
        build.match_formats(service.GOLDFISH_FORMATS, format_name),
        games,
        seed,
        view,
        error,
    )


@answers
async def match_page(request: Request) -> Response:
    """The Match page: its form."""
    from deckbuilder.web.http import render

    state = served(request)
    saved = await in_thread(service.saved_decks, state.settings.decks)
    return render(
        request,
        _match_page(
            request, saved, chosen=request.query_params.getlist("deck")[:4], ai=request.query_params.getlist("ai")[:4]
        ),
    )


@answers
async def play_match(request: Request) -> Response:
    """Plays the decks the Match page's form picked, and shows the table (or the error, the
    form as it was sent)."""
    from deckbuilder.errors import classify
    from deckbuilder.sheet import page_builders as build
    from deckbuilder.web.http import checked_form, field, number, render, status_of

    state = served(request)
    form = await checked_form(request)
    seats = [(field(form, f"deck{i}"), field(form, f"ai{i}", "greedy")) for i in range(1, 5)]
    chosen = [deck for deck, _ai in seats if deck]
    ai = [a for deck, a in seats if deck]
    format_name = field(form, "format", "advanced")
    saved = await in_thread(service.saved_decks, state.settings.decks)
    try:
        games = number(field(form, "games"), "--games", 200) or 0
        seed = number(field(form, "seed"), "--seed", 0) or 0
        service.check_match_options(len(chosen), format_name, ai, ())
        most = MAX_PAGE_MATCH_GAMES // (LOOKAHEAD_COST if "lookahead" in ai else 1)
        if not 1 <= games <= most:
            raise UsageError(
                f"--games {games}: the Match page plays 1 to {most} games"
                f"{' with a lookahead player' if most < MAX_PAGE_MATCH_GAMES else ''}; "
                "run `mythos match` for more"
            )

        def work() -> Any:
            catalog = state.catalog()
            decks = [
                service.load_saved_deck(catalog, state.settings.decks, service.saved_deck(state.settings.decks, d).id)
                for d in chosen
            ]
            return service.match_decks(catalog, decks, games=games, seed=seed, format_name=format_name, ai=ai, jobs=1)

        result = await in_thread(work)
    except Exception as exc:
        failure = classify(exc)
        if failure is None:
            raise
        page = _match_page(
            request,
            saved,
            chosen=[d for d, _a in seats],
            ai=[a for _d, a in seats],
            games=_safe_int(form, "games", 200),
            seed=_safe_int(form, "seed", 0),
            format_name=format_name,
            error=build.error_view(failure, exc),
        )
        return render(request, page, status_of(failure))
    return render(
        request,
        _match_page(
            request, saved, chosen=chosen, ai=ai, games=games, seed=seed, format_name=format_name, result=result
        ),
    )


def _safe_int(form: Any, name: str, default: int) -> int:
    value = form.get(name, "")
    return int(value) if isinstance(value, str) and value.strip().lstrip("-").isdigit() else default


@answers
async def match_log(request: Request) -> Response:
    """One game of a match told as a play-by-play (``mythos match ... --log K``)."""
    from deckbuilder.sheet import page_builders as build
    from deckbuilder.sheet.pages import MatchLogPage
    from deckbuilder.web.http import frame, number, render

    state = served(request)
    params = request.query_params
    chosen = params.getlist("deck")
    ai = params.getlist("ai")
    format_name = params.get("format", "advanced")
    game = number(params.get("game", ""), "--log", 1) or 0
    seed = number(params.get("seed", ""), "--seed", 0) or 0
    service.check_match_options(len(chosen), format_name, ai, ())
    if not 1 <= game <= MAX_LOG_GAME:
        raise UsageError(f"--log {game}: give a game number from 1 to {MAX_LOG_GAME}")

    def work() -> tuple[Any, list[str]]:
        catalog = state.catalog()
        ids = [service.saved_deck(state.settings.decks, d).id for d in chosen]
        decks = [service.load_saved_deck(catalog, state.settings.decks, i) for i in ids]
        told = service.match_decks(catalog, decks, seed=seed, format_name=format_name, ai=ai, jobs=1, log_game=game)
        return told, ids

    result, ids = await in_thread(work)
    back = "/match?" + urlencode([("deck", d) for d in chosen])
    # The table deals game K of the seed as the match did, the first seat the person's, played
    # by the greedy player when stepped: so only for two players, the first seat greedy.
    seats_ai = [*ai, *(["greedy"] * (len(ids) - len(ai)))]
    table = ""
    if len(ids) == 2 and seats_ai[0] == "greedy":
        query = [("seed", str(seed)), ("game", str(game)), ("opponent", ids[1]), ("ai", seats_ai[1])]
        table = f"/decks/{quote(ids[0], safe='')}/table?" + urlencode([*query, ("format", format_name)])
    page = MatchLogPage(frame(request, f"Match · game {game}", "match"), *build.match_log(result, seed), back, table)
    return render(request, page)


def routes() -> list[Route]:
    """Gets the routes of the match's API and page (before the API's ``/api/deck/{command}``)."""
    return [
        Route("/api/match", match, methods=["POST"]),
        Route("/api/deck/gauntlet", gauntlet, methods=["POST"]),
        Route("/match", match_page, methods=["GET"]),
        Route("/match", play_match, methods=["POST"]),
        Route("/match/log", match_log, methods=["GET"]),
    ]
