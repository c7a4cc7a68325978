"""The web application: its settings, the catalog it serves, and errors as answers.

:func:`create_app` builds the Starlette application from the routes of
:mod:`~deckbuilder.web.api` and :mod:`~deckbuilder.web.pages`, wrapped in the
:class:`~deckbuilder.web.guard.Guard`. Every route runs inside :func:`answers`, the web's
``reported``: an error a user can run into (:func:`deckbuilder.errors.classify`) becomes
the CLI's JSON error object (the API) or an error page, with the HTTP status its kind
maps to (:data:`HTTP_STATUS`); anything else is a bug and shows as a 500.
"""

from __future__ import annotations

import contextlib
import functools
import os
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from deckbuilder import service
from deckbuilder.errors import Failure, MythosError, classify
from deckbuilder.web.guard import Guard, NoSuchPageError, Sessions, allowed_hosts

#: The HTTP status of each error kind (``errors.py`` lists them): 400 the input cannot be
#: read, 403 refused, 404 nothing by that name, 409 made against a deck that changed since,
#: 413 too large, 422 read but unusable, 5xx
#: the server's own data or tools. A test holds every kind to a status.
HTTP_STATUS: dict[str, int] = {
    "error": 400, "query": 400, "deck-file": 400, "deck-format": 400, "format": 400, "encoding": 400,
    "recipe": 400, "not-an-adventure": 400,
    "forbidden": 403, "deck-boundary": 403,
    "deck-changed": 409, "unsaved-changes": 409, "illegal-move": 409,
    "unknown-card": 404, "ambiguous-card": 404, "unknown-deck": 404, "not-found": 404, "unknown-game": 404,
    "too-large": 413,
    "unresolved-deck": 422, "no-investigator": 422, "impossible-build": 422, "unreadable-deck": 422,
    "too-many-players": 422,
    "catalog": 500, "card-data": 500, "sample-catalog": 500, "errata-file": 500, "card-facts-file": 500, "format-file": 500,
    "data-file": 500, "recipe-file": 500, "effect-file": 500, "effect": 500, "deck-store": 500, "pdf": 500, "chromium-missing": 501,
    "fetch": 502, "catalog-busy": 503, "stopped": 503,
}


@dataclass(frozen=True)
class Settings:
    """What ``mythos serve`` was told: the catalog, the saved decks' folder, the collection
    (None: the defaults the CLI uses), and the address it serves."""

    db: Path | None = None
    decks: Path | None = None
    collection: Path | None = None
    host: str = "127.0.0.1"
    port: int = 8000
    allow_hosts: tuple[str, ...] = ()


class Served:
    """What one server holds: its settings, the open catalog (opened again when a
    ``mythos catalog import`` rebuilt the file meanwhile), the sessions' tokens, the jobs."""

    def __init__(self, settings: Settings) -> None:
        from deckbuilder.web.jobs import Jobs

        self.settings = settings
        self.sessions = Sessions()
        self.jobs = Jobs()
        self._lock = threading.Lock()
        self._catalog: Any = None
        self._stamp: tuple[int, int] | None = None
        self.notes: list[str] = []
        #: Set when the server stops (Ctrl-C): long work in a request ends at its next batch
        #: of games (:meth:`checkpoint`), the jobs at their next step.
        self.stopping = False

    def stop(self) -> None:
        """Stops the long work of requests and jobs at their next step. Safe in a signal
        handler: it sets flags and takes no lock."""
        self.stopping = True
        self.jobs.stop()

    def checkpoint(self) -> None:
        """Raises :class:`~deckbuilder.web.jobs.WorkStoppedError` once the server is stopping
        (called between batches of games by a request's goldfish, suggestions or build)."""
        if self.stopping:
            from deckbuilder.web.jobs import WorkStoppedError

            raise WorkStoppedError("the server is stopping; the work was abandoned (start mythos serve again)")

    def catalog(self) -> Any:
        """Gets the open catalog, opening it (again, if its file was replaced) first."""
        with self._lock:
            path = service.catalog_path(self.settings.db)
            try:
                info = os.stat(path)
                stamp: tuple[int, int] | None = (info.st_ino, info.st_mtime_ns)
            except OSError:
                stamp = None
            if self._catalog is None or stamp != self._stamp:
                # The old catalog is not closed: a request may still be reading it, on the
                # file it opened (its connections close as it is dropped).
                self._catalog, notes = service.open_catalog(self.settings.db)
                self.notes.extend(notes)
                info = os.stat(path)
                self._stamp = (info.st_ino, info.st_mtime_ns)
            return self._catalog

    def sample_only(self) -> bool:
        """Checks whether the catalog holds only the bundled sample (the pages say so)."""
        return {s["transcription"] for s in self.catalog().sources()} == {"sample"}


#: The most digits a number of a request is read with: every count, seed, target or limit
#: fits in 64 bits (and Python refuses to read a number of more than 4,300 digits at all).
MAX_NUMBER_DIGITS = 18


def whole_number(value: Any, name: str) -> int:
    """Gets a whole number a request gives (a JSON number, or text of ASCII digits with a
    leading minus). Raises :class:`~deckbuilder.errors.UsageError` naming the option
    ``name`` for anything else, and for a number of more than :data:`MAX_NUMBER_DIGITS` digits."""
    from deckbuilder.errors import UsageError

    text = value.strip() if isinstance(value, str) else str(value) if type(value) is int else None
    digits = text.removeprefix("-") if text is not None else ""
    if text is None or not (digits.isascii() and digits.isdigit()):
        shown = repr(value)[:40] + ("..." if len(repr(value)) > 40 else "")
        raise UsageError(f"{name} {shown}: give a whole number")
    if len(digits.lstrip("0")) > MAX_NUMBER_DIGITS:
        raise UsageError(f"{name}: a number of {len(digits)} digits is far too large; give a whole number "
                         f"of at most {MAX_NUMBER_DIGITS} digits")
    return int(text)


def served(request: Request) -> Served:
    """Gets the server's state from a request."""
    state: Served = request.app.state.served
    return state


def status_of(failure: Failure) -> int:
    """Gets the HTTP status of an error's kind (400 for a kind the table does not know)."""
    return HTTP_STATUS.get(failure.kind, 400)


def error_json(failure: Failure, status: int | None = None) -> JSONResponse:
    """Gets the API's answer to an error: the CLI's ``--json`` error object."""
    return JSONResponse(failure.to_json(), status_code=status or status_of(failure))


def is_api(path: str) -> bool:
    """Checks whether a path is the JSON API's (errors answer JSON there, pages elsewhere)."""
    return path == "/api" or path.startswith("/api/")


def answer_error(request: Request | None, path: str, exc: BaseException, failure: Failure) -> Response:
    """Gets the answer to an error: JSON on the API, else the error page."""
    if is_api(path):
        return error_json(failure)
    from deckbuilder.web.pages import error_page

    return error_page(request, failure, exc)


Endpoint = Callable[[Request], Awaitable[Response]]

#: How long a stopping server waits for its background jobs to end (a build ends within a
#: batch of games: well under a second on the real pool).
JOBS_STOP_SECONDS = 3.0


def answers(endpoint: Endpoint) -> Endpoint:
    """Wraps a route the way ``reported`` wraps a command: the errors a user can run into
    become an answer with their HTTP status; anything else propagates (a 500)."""

    @functools.wraps(endpoint)
    async def answering(request: Request) -> Response:
        try:
            return await endpoint(request)
        except Exception as exc:
            failure = classify(exc)
            if failure is None:
                raise
            return answer_error(request, request.url.path, exc, failure)

    return answering


async def in_thread(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Runs a service call off the event loop (a check, a search, a goldfish of the API)."""
    return await run_in_threadpool(function, *args, **kwargs)


async def not_found(request: Request, exc: Exception) -> Response:
    """Answers a path no route serves, or a method a route does not take."""
    status = getattr(exc, "status_code", 404)
    what = "this page" if status == 404 else f"{request.method} on this page"
    error = NoSuchPageError(f"{what} does not exist: {request.url.path}; start at /")
    failure = classify(error)
    assert failure is not None
    response = answer_error(request, request.url.path, error, failure)
    response.status_code = status
    return response


def create_app(settings: Settings | None = None) -> Any:
    """Gets the ASGI application of the web deck builder, guarded (see :mod:`~deckbuilder.web.guard`)."""
    from starlette.exceptions import HTTPException

    from deckbuilder.web import api, construction, matches, pages, table

    settings = settings or Settings()
    state = Served(settings)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Any) -> AsyncIterator[None]:
        yield
        # The server is stopping (Ctrl-C, SIGTERM): the jobs stop at their next step, a
        # build saving nothing; they are given a few seconds to (`mythos serve` waits no more).
        state.stop()
        await run_in_threadpool(state.jobs.wait_stopped, JOBS_STOP_SECONDS)

    # The build's /decks/build goes before the editor's /decks/ID, which would take it.
    # The match's /api/deck/gauntlet goes before the API's /api/deck/{command}.
    routes: list[Route] = [*matches.routes(), *api.routes(), *table.routes(), *construction.routes(),
                           *pages.routes()]
    app = Starlette(routes=routes, exception_handlers={HTTPException: not_found}, lifespan=lifespan)
    app.state.served = state

    def guard_answer(path: str, error: MythosError, status: int) -> Response:
        failure = classify(error)
        assert failure is not None
        response = answer_error(None, path, error, failure)
        response.status_code = status
        return response

    guarded = Guard(app, hosts=allowed_hosts(settings.host, settings.port, settings.allow_hosts), answer=guard_answer)
    guarded.state = state  # type: ignore[attr-defined]  # tests and the server reach the state here
    return guarded
