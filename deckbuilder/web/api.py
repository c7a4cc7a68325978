"""The JSON API, for scripts: each answer is exactly the matching CLI command's ``--json``.

::

    GET  /api/cards?q=QUERY[&sort=ORDER][&limit=N]      mythos search QUERY --json
    GET  /api/cards/KEY-OR-NAME[?set=SET]               mythos card NAME --json
    POST /api/deck/check?format=campaign&house_rule=..  mythos deck check DECK --json
    POST /api/deck/adventures | playability | stats      mythos deck adventures|playability|stats --json
    POST /api/deck/goldfish?games=2000&seed=7&card=..    mythos deck goldfish DECK --json
    POST /api/deck/suggest?games=1000&seed=0             mythos deck suggest DECK --json
    POST /api/deck/build?adventure=..&seed=0&time=30     mythos deck build --from DECK --json
    GET  /api/decks                                      mythos deck list --json
    GET  /api/decks/ID                                   one saved deck, as deck list --json gives it
    POST /api/decks/ID/cards  {"card", "count"|"change", "section", "revision"}   a card's copies changed
    POST /api/decks/ID/save   {"revision"}               its unsaved changes saved as the next version
    POST /api/decks/ID/restore {"version", "revision", "discard_changes"}   mythos deck restore ID N --json
    POST /api/decks/ID/rename {"name", "revision"}       mythos deck rename ID NAME --json
    POST /api/decks/ID/copy   {"name"}                   mythos deck copy ID [NAME] --json
    POST /api/decks/ID/delete {"revision", "purge"}      mythos deck delete ID [--purge] --json
    GET  /api/decks/ID/code                              mythos deck code ID --json (as the editor shows it)
    GET  /api/jobs/ID                                    a background job's progress

A deck goes as the body: its text in any format the CLI reads (``text/plain``, or the
file's bytes; ``filename=`` names it and breaks a format tie), with the command's options as
query parameters, or as JSON ``{"deck": TEXT, "format": "campaign", ...}``. The options are
the CLI's, by their long names (``house_rule`` and ``card`` may repeat, or be lists in
JSON). The calls are synchronous; the goldfish plays at most :data:`MAX_API_GAMES` games a
request. Errors answer the CLI's ``{"error": {"kind", "message", "exit_code"}}`` with an
HTTP status (:data:`~deckbuilder.web.http.HTTP_STATUS`); a verdict against the deck (an
illegal deck, a card that can never be played) is an answer, status 200, with the CLI's
exit code in the ``X-Mythos-Exit-Code`` header.

A change to a saved deck is a JSON body carrying the ``revision`` of the deck it was made
against (``GET /api/decks/ID`` gives it); it is applied and answered with the deck and its
new revision, or refused with 409 ``deck-changed`` ("the deck changed; reload") when the
deck changed since. The editor's pages make the same changes through the same service
functions.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from deckbuilder import service
from deckbuilder.decklists.jsonfmt import lone_surrogate
from deckbuilder.errors import UsageError
from deckbuilder.web.guard import NoSuchPageError
from deckbuilder.web.http import MAX_NUMBER_DIGITS, answers, in_thread, served, whole_number

#: The most goldfish games one API request plays (about ten seconds of one core); the
#: CLI plays more, and the pages run theirs in the background.
MAX_API_GAMES = 20_000

#: Each deck command's options (the CLI's long names) and how each is read.
DECK_OPTIONS: dict[str, dict[str, type]] = {
    "check": {"format": str, "house_rule": list, "target": int},
    "adventures": {},
    "playability": {},
    "stats": {},
    "goldfish": {"games": int, "seed": int, "format": str, "target": int, "rounds": int, "card": list},
    "suggest": {"games": int, "seed": int, "format": str, "target": int, "investigator": str},
    "build": {
        "investigator": str,
        "adventure": list,
        "format": str,
        "target": int,
        "keep": list,
        "seed": int,
        "time": int,
    },
}

#: The most seconds one API build may take (the CLI's default).
MAX_API_BUILD_SECONDS = 55

#: Called between batches of games: raises when the server stops (``Served.checkpoint``).
Stop = Callable[[], None]

#: Options every deck command takes: the name the deck goes by.
COMMON_OPTIONS: dict[str, type] = {"filename": str}


def _whole_number(name: str, value: Any) -> int:
    return whole_number(value, f"--{name.replace('_', '-')}")


def _json_int(digits: str) -> int | str:
    """Reads a JSON body's whole number: a long one stays its digits, for
    :func:`~deckbuilder.web.http.whole_number` to refuse in one line."""
    return int(digits) if len(digits) <= MAX_NUMBER_DIGITS + 1 else digits


def read_options(command: str, given: list[tuple[str, Any]]) -> dict[str, Any]:
    """Gets a deck command's options from (name, value) pairs, checked: every name known,
    numbers whole, one value for a single option. Raises :class:`~deckbuilder.errors.UsageError`."""
    known = {**DECK_OPTIONS[command], **COMMON_OPTIONS}
    options: dict[str, Any] = {}
    for name, value in given:
        kind = known.get(name)
        if kind is None:
            takes = ", ".join(sorted(known))
            raise UsageError(f"{name!r} is not an option of deck {command}; it takes: {takes}")
        values = value if isinstance(value, list) else [value]
        if kind is list:
            if not all(isinstance(v, str) for v in values):
                raise UsageError(f"--{name.replace('_', '-')}: give names (text)")
            options.setdefault(name, []).extend(values)
            continue
        if name in options or len(values) != 1:
            raise UsageError(f"--{name.replace('_', '-')} is given more than once; give it once")
        if kind is int:
            options[name] = None if values[0] is None else _whole_number(name, values[0])
        elif not isinstance(values[0], str):
            raise UsageError(f"--{name.replace('_', '-')} {values[0]!r}: give it as text")
        else:
            options[name] = values[0]
    return options


async def read_deck_request(request: Request, command: str) -> tuple[str | bytes, dict[str, Any]]:
    """Gets a deck request's deck (text or bytes) and its options (query parameters, or the
    JSON body's other keys). Raises :class:`~deckbuilder.errors.UsageError`."""
    body = await request.body()
    given: list[tuple[str, Any]] = list(request.query_params.multi_items())
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media == "application/json":
        try:
            doc = json.loads(body.decode("utf-8-sig") or "null", parse_int=_json_int)
        except (UnicodeDecodeError, ValueError) as exc:
            raise UsageError(f'the body is not JSON ({exc}); send {{"deck": TEXT, ...options}}') from None
        except RecursionError:
            raise UsageError('the body\'s JSON is nested too deeply; send {"deck": TEXT, ...options}') from None
        if not isinstance(doc, dict) or not isinstance(doc.get("deck"), str):
            raise UsageError('a JSON body is an object with the deck\'s text under "deck": {"deck": "4 Dark Young..."}')
        surrogate = lone_surrogate(doc)
        if surrogate is not None:
            raise UsageError(
                f'the body\'s {surrogate[0]} holds "{surrogate[1]}", half of a UTF-16 pair and no '
                "character by itself; send the whole character or remove it"
            )
        deck: str | bytes = doc.pop("deck")
        given += list(doc.items())
    else:
        deck = body
    if not deck:
        raise UsageError(f"no deck given; send its text as the body (POST /api/deck/{command})")
    return deck, read_options(command, given)


def _check(catalog: Any, deck: Any, options: dict[str, Any], play: Any, stop: Stop) -> tuple[Any, int]:
    result = service.check_deck(catalog, deck, play)
    return result, 0 if result.legal else 1


def _playability(catalog: Any, deck: Any, options: dict[str, Any], play: Any, stop: Stop) -> tuple[Any, int]:
    result = service.deck_playability(deck)
    return result, 1 if result.errors else 0


def _goldfish(catalog: Any, deck: Any, options: dict[str, Any], play: Any, stop: Stop) -> tuple[Any, int]:
    result = service.goldfish_deck(
        catalog,
        deck,
        games=options.get("games", 1000),
        seed=options.get("seed", 0),
        format_name=options.get("format", "advanced"),
        target=options.get("target", 20),
        max_rounds=options.get("rounds", 20),
        cards=options.get("card", ()),
        progress=lambda _done, _total: stop(),
    )
    return result, 0


def _suggest(catalog: Any, deck: Any, options: dict[str, Any], play: Any, stop: Stop) -> tuple[Any, int]:
    result = service.suggest_changes(
        catalog,
        deck,
        games=options.get("games", 1000),
        seed=options.get("seed", 0),
        format_name=options.get("format", "advanced"),
        target=options.get("target"),
        investigator=options.get("investigator"),
        checkpoint=stop,
    )
    return result, 0


def _build(catalog: Any, deck: Any, options: dict[str, Any], play: Any, stop: Stop) -> tuple[Any, int]:
    result = service.build_deck(
        catalog,
        from_deck=deck,
        investigator=options.get("investigator"),
        adventures=options.get("adventure", ()),
        format_name=options.get("format", "advanced"),
        target=options.get("target"),
        keep=options.get("keep", ()),
        seed=options.get("seed", 0),
        time_limit=float(options.get("time", MAX_API_BUILD_SECONDS)),
        checkpoint=stop,
    )
    return result, 0


#: What each deck command does once its deck is loaded: (result, the CLI's exit code). The
#: last argument, called between batches of games, ends the work when the server stops.
DECK_COMMANDS: dict[str, Callable[[Any, Any, dict[str, Any], Any, Stop], tuple[Any, int]]] = {
    "check": _check,
    "adventures": lambda catalog, deck, options, play, stop: (service.deck_adventures(catalog, deck), 0),
    "playability": _playability,
    "stats": lambda catalog, deck, options, play, stop: (service.deck_stats(deck), 0),
    "goldfish": _goldfish,
    "suggest": _suggest,
    "build": _build,
}


def _options_first(command: str, options: dict[str, Any]) -> Any:
    """Checks a command's options before any work, as the CLI does; gets the way to play of
    ``check``. Raises :class:`~deckbuilder.errors.UsageError` or ``FormatError``."""
    if command == "check":
        return service.way_to_play(
            options.get("format", "advanced"), options.get("house_rule", ()), options.get("target")
        )
    if command == "goldfish":
        service.goldfish_format(options.get("format", "advanced"))
        games = options.get("games", 1000)
        if games > MAX_API_GAMES:
            raise UsageError(
                f"--games {games}: the web API plays at most {MAX_API_GAMES} games a request; "
                "run `mythos deck goldfish` for more"
            )
    if command == "suggest":
        service.goldfish_format(options.get("format", "advanced"))
        games = options.get("games", 1000)
        if not 100 <= games <= MAX_API_GAMES // 10:
            raise UsageError(
                f"--games {games}: the web API measures changes on 100 to {MAX_API_GAMES // 10} games; "
                "run `mythos deck suggest` for more"
            )
    if command == "build":
        service.goldfish_format(options.get("format", "advanced"))
        seconds = options.get("time", MAX_API_BUILD_SECONDS)
        if not 1 <= seconds <= MAX_API_BUILD_SECONDS:
            raise UsageError(f"--time {seconds}: the web API builds for 1 to {MAX_API_BUILD_SECONDS} seconds")
    return None


@answers
async def deck_command(request: Request) -> Response:
    """``POST /api/deck/COMMAND``: a deck command's ``--json``."""
    command = request.path_params["command"]
    if command not in DECK_COMMANDS:
        raise NoSuchPageError(f"deck {command!r} is not a command of the API; use one of: {', '.join(DECK_COMMANDS)}")
    deck_text, options = await read_deck_request(request, command)
    play = _options_first(command, options)
    state = served(request)

    def work() -> tuple[Any, int]:
        catalog = state.catalog()
        deck = service.load_deck_text(catalog, deck_text, filename=options.get("filename"))
        return DECK_COMMANDS[command](catalog, deck, options, play, state.checkpoint)

    result, exit_code = await in_thread(work)
    return JSONResponse(result.to_json(), headers={"X-Mythos-Exit-Code": str(exit_code)})


@answers
async def search(request: Request) -> Response:
    """``GET /api/cards?q=QUERY``: ``mythos search QUERY --json``."""
    params = request.query_params
    unknown = set(params) - {"q", "sort", "limit", "order"}
    if unknown:
        raise UsageError(f"{sorted(unknown)[0]!r} is not an option of search; it takes: q, sort, limit, order")
    if "q" not in params:
        raise UsageError("give a query: /api/cards?q=t:ally (the language of `mythos search --help`)")
    limit = _whole_number("limit", params["limit"]) if "limit" in params else None
    if params.get("order", "asc") not in ("asc", "desc"):
        raise UsageError(f"--order {params['order']!r}: asc or desc")
    query = service.parse_search(
        params["q"], sort=params.get("sort", "title"), limit=limit, descending=params.get("order") == "desc"
    )
    state = served(request)
    found = await in_thread(lambda: service.search_cards(state.catalog(), query, collection=state.settings.collection))
    return JSONResponse(found.to_json())


@answers
async def card(request: Request) -> Response:
    """``GET /api/cards/KEY``: ``mythos card NAME --json`` (a catalog key gives its one printing)."""
    state = served(request)
    name = request.path_params["key"]
    view = await in_thread(lambda: service.find_card(state.catalog(), name, request.query_params.get("set")))
    return JSONResponse(view.to_json())


@answers
async def saved_decks(request: Request) -> Response:
    """``GET /api/decks``: ``mythos deck list --json``."""
    state = served(request)
    return JSONResponse((await in_thread(service.saved_decks, state.settings.decks)).to_json())


async def _change_request(request: Request, takes: dict[str, type], *, revision: bool = True) -> dict[str, Any]:
    """Gets a saved deck change's JSON body, checked: an object of the fields ``takes`` names
    (each of its type), with the ``revision`` it was made against (unless ``revision`` is
    False: a change that leaves the deck as it is, a copy). Raises
    :class:`~deckbuilder.errors.UsageError`."""
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media != "application/json":
        raise UsageError(
            'send the change as JSON (Content-Type: application/json), e.g. {"card": "747", "change": 1, '
            '"revision": "..."}'
        )
    try:
        doc = json.loads((await request.body()).decode("utf-8-sig") or "null")
    except (UnicodeDecodeError, ValueError) as exc:
        raise UsageError(f"the body is not JSON ({exc})") from None
    if not isinstance(doc, dict):
        raise UsageError('the body is a JSON object: {"revision": "...", ...}')
    known = {**takes, "revision": str}
    for name, value in doc.items():
        if name not in known:
            raise UsageError(f"{name!r} is not a field of this change; it takes: {', '.join(sorted(known))}")
        kind = known[name]
        if value is not None and ((isinstance(value, bool) and kind is not bool) or not isinstance(value, kind)):
            words = {int: "a whole number", bool: "true or false"}.get(kind, "text")
            raise UsageError(f"{name} {value!r}: give {words}")
    if revision and not doc.get("revision"):
        raise UsageError("give the deck's revision the change was made against (GET /api/decks/ID answers it)")
    return doc


@answers
async def saved_deck(request: Request) -> Response:
    """``GET /api/decks/ID``: one saved deck as ``mythos deck list --json`` lists it, with
    its revision."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    return JSONResponse((await in_thread(service.saved_deck, state.settings.decks, deck_id)).to_json())


@answers
async def change_cards(request: Request) -> Response:
    """``POST /api/decks/ID/cards``: sets (``count``) or changes (``change``) a card's copies in
    a saved deck's unsaved changes, as the editor's buttons do; answers the deck."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    doc = await _change_request(request, {"card": str, "count": int, "change": int, "section": str})
    card = (doc.get("card") or "").strip()
    if not card:
        raise UsageError('name the card: {"card": "747", "change": 1, "revision": "..."}')

    def work() -> Any:
        catalog = state.catalog()
        decks = state.settings.decks
        saved = service.saved_deck(decks, deck_id)
        return service.change_saved_deck(
            catalog,
            decks,
            saved.id,
            lambda deck: service.edit_deck(
                catalog,
                deck,
                card,
                count=doc.get("count"),
                change=doc.get("change") or 0,
                section=doc.get("section") or "deck",
            ),
            revision=doc["revision"],
        )

    return JSONResponse((await in_thread(work)).to_json())


@answers
async def save_saved_deck(request: Request) -> Response:
    """``POST /api/decks/ID/save``: saves a deck's unsaved changes as its next version;
    answers the deck, with ``unchanged`` true when it was already as saved (no version added)."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    doc = await _change_request(request, {})

    def work() -> Any:
        return service.save_draft(state.catalog(), state.settings.decks, deck_id, revision=doc["revision"])

    saved = await in_thread(work)
    return JSONResponse({**saved.to_json(), "unchanged": saved.unchanged})


@answers
async def restore(request: Request) -> Response:
    """``POST /api/decks/ID/restore``: saves an older version again as the deck's next
    version; answers the deck (409 ``unsaved-changes`` when the editor holds changes and
    ``discard_changes`` is not true)."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    doc = await _change_request(request, {"version": int, "discard_changes": bool})
    if not doc.get("version"):
        raise UsageError('name the version to restore: {"version": 2, "revision": "..."}')

    def work() -> Any:
        return service.restore_version(
            state.settings.decks,
            deck_id,
            doc["version"],
            revision=doc["revision"],
            drop_changes=bool(doc.get("discard_changes")),
        )

    saved = await in_thread(work)
    return JSONResponse({**saved.to_json(), "unchanged": saved.unchanged})


@answers
async def rename(request: Request) -> Response:
    """``POST /api/decks/ID/rename``: renames a saved deck (saved as its next version; the id
    stays); answers the deck."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    doc = await _change_request(request, {"name": str})

    def work() -> Any:
        return service.rename_saved_deck(
            state.catalog(), state.settings.decks, deck_id, doc.get("name") or "", revision=doc["revision"]
        )

    return JSONResponse((await in_thread(work)).to_json())


@answers
async def copy(request: Request) -> Response:
    """``POST /api/decks/ID/copy``: saves a copy of a deck as the editor shows it (``name``, else
    "NAME (copy)"); answers the copy, status 201. Its body needs no revision (nothing of
    the deck changes)."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    doc = await _change_request(request, {"name": str}, revision=False)

    def work() -> Any:
        return service.copy_saved_deck(state.catalog(), state.settings.decks, deck_id, doc.get("name"))

    return JSONResponse((await in_thread(work)).to_json(), status_code=201)


@answers
async def delete(request: Request) -> Response:
    """``POST /api/decks/ID/delete``: deletes a saved deck (to the decks folder's ``.trash``,
    or with ``purge`` for good); answers where it went."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    doc = await _change_request(request, {"purge": bool})

    def work() -> Any:
        return service.delete_saved_deck(
            state.settings.decks, deck_id, revision=doc["revision"], purge=bool(doc.get("purge"))
        )

    place = await in_thread(work)
    return JSONResponse({"deleted": deck_id, "kept_in": str(place) if place else None})


@answers
async def code(request: Request) -> Response:
    """``GET /api/decks/ID/code``: a saved deck's share code (as the editor shows it) and the
    link that opens it in this deck builder's import form."""
    state = served(request)
    deck_id = request.path_params["deck_id"]

    def work() -> Any:
        catalog = state.catalog()
        saved = service.saved_deck(state.settings.decks, deck_id)
        deck = service.load_saved_deck(catalog, state.settings.decks, saved.id, draft=True)
        return deck, service.deck_code(catalog, deck)

    deck, shared = await in_thread(work)
    return JSONResponse(
        {
            "name": deck.name,
            "cards": deck.deck.count(),
            "code": shared,
            "link": service.share_link(shared, str(request.base_url)),
        }
    )


@answers
async def job(request: Request) -> Response:
    """``GET /api/jobs/ID``: a background job's state and games played so far."""
    return JSONResponse(served(request).jobs.get(request.path_params["job"]).to_json())


def routes() -> list[Route]:
    """Gets the API's routes."""
    return [
        Route("/api/cards", search, methods=["GET"]),
        Route("/api/cards/{key:path}", card, methods=["GET"]),
        Route("/api/deck/{command}", deck_command, methods=["POST"]),
        Route("/api/decks", saved_decks, methods=["GET"]),
        Route("/api/decks/{deck_id}", saved_deck, methods=["GET"]),
        Route("/api/decks/{deck_id}/cards", change_cards, methods=["POST"]),
        Route("/api/decks/{deck_id}/save", save_saved_deck, methods=["POST"]),
        Route("/api/decks/{deck_id}/restore", restore, methods=["POST"]),
        Route("/api/decks/{deck_id}/rename", rename, methods=["POST"]),
        Route("/api/decks/{deck_id}/copy", copy, methods=["POST"]),
        Route("/api/decks/{deck_id}/delete", delete, methods=["POST"]),
        Route("/api/decks/{deck_id}/code", code, methods=["GET"]),
        Route("/api/jobs/{job}", job, methods=["GET"]),
    ]
