"""The web application: the routes of its modules assembled, guarded, and served.

:func:`create_app` builds the Starlette application from the routes of
:mod:`~deckbuilder.web.matches`, :mod:`~deckbuilder.web.api`, :mod:`~deckbuilder.web.table`,
:mod:`~deckbuilder.web.construction` and :mod:`~deckbuilder.web.pages`, with the builder's
static files, wrapped in the :class:`~deckbuilder.web.guard.Guard`. It imports the routes;
nothing imports it but the CLI's ``mythos serve`` and the tests (what the routes share is
:mod:`~deckbuilder.web.http`'s).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, MutableMapping
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from deckbuilder.errors import MythosError, classify
from deckbuilder.web.guard import Guard, NoSuchPageError, allowed_hosts
from deckbuilder.web.http import Served, Settings, answer_error

__all__ = ["JOBS_STOP_SECONDS", "STATIC", "Settings", "create_app"]

#: The files ``/static/`` serves, and their media types: nothing else can be asked for.
STATIC = {
    "app.css": "text/css",
    "app.js": "text/javascript",
    "table.js": "text/javascript",
    "favicon.svg": "image/svg+xml",
}


class Static(StaticFiles):
    """Serves the builder's own stylesheet, scripts and icon (``templates/web/static``):
    only the files :data:`STATIC` names, each with its media type (not the platform's
    guess: Windows' registry may call a script ``text/plain``) and ``no-cache`` (a browser
    asks again, and the ETag spares it the body when unchanged)."""

    async def get_response(self, path: str, scope: MutableMapping[str, Any]) -> Response:
        if path not in STATIC:
            raise HTTPException(404)
        response = await super().get_response(path, scope)
        if response.status_code == 200:
            response.headers["content-type"] = f"{STATIC[path]}; charset=utf-8"
        response.headers["cache-control"] = "no-cache"
        return response


#: How long a stopping server waits for its background jobs to end (a build ends within a
#: batch of games: well under a second on the real pool).
JOBS_STOP_SECONDS = 3.0


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
    from deckbuilder.paths import templates_dir
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
    routes: list[BaseRoute] = [
        *matches.routes(),
        *api.routes(),
        *table.routes(),
        *construction.routes(),
        *pages.routes(),
        Mount("/static", Static(directory=templates_dir() / "web" / "static")),
    ]
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
