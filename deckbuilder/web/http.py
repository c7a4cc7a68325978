"""What every route of the web shares: the server's state, errors as answers, pages rendered.

Every route runs inside :func:`answers`, the web's ``reported``: an error a user can run
into (:func:`deckbuilder.errors.classify`) becomes the CLI's JSON error object (the API) or
an error page (:func:`error_page`), with the HTTP status its kind maps to
(:data:`HTTP_STATUS`); anything else is a bug and shows as a 500. The routes' modules
(:mod:`~deckbuilder.web.pages`, :mod:`~deckbuilder.web.api`, ...) import these helpers;
:mod:`~deckbuilder.web.app` assembles the routes, and nothing here imports a route.
"""

from __future__ import annotations

import functools
import os
import re
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

import deckbuilder
from deckbuilder import service
from deckbuilder.errors import Failure, MythosError, UsageError, classify
from deckbuilder.sheet import page_builders as build
from deckbuilder.sheet.pages import TEMPLATES, ErrorPage, Frame, Link
from deckbuilder.web.guard import MAX_BODY_BYTES, SESSION_COOKIE, Sessions

_SESSION = re.compile(r"[A-Za-z0-9_-]{16,64}")


#: The HTTP status of each error kind (``errors.py`` lists them): 400 the input cannot be
#: read, 403 refused, 404 nothing by that name, 409 made against a deck that changed since,
#: 413 too large, 422 read but unusable, 5xx
#: the server's own data or tools. A test holds every kind to a status.
HTTP_STATUS: dict[str, int] = {
    "error": 400,
    "query": 400,
    "deck-file": 400,
    "deck-format": 400,
    "format": 400,
    "encoding": 400,
    "recipe": 400,
    "not-an-adventure": 400,
    "forbidden": 403,
    "deck-boundary": 403,
    "deck-changed": 409,
    "unsaved-changes": 409,
    "illegal-move": 409,
    "unknown-card": 404,
    "ambiguous-card": 404,
    "unknown-deck": 404,
    "not-found": 404,
    "unknown-game": 404,
    "too-large": 413,
    "unresolved-deck": 422,
    "no-investigator": 422,
    "impossible-build": 422,
    "unreadable-deck": 422,
    "too-many-players": 422,
    "catalog": 500,
    "card-data": 500,
    "sample-catalog": 500,
    "errata-file": 500,
    "card-facts-file": 500,
    "format-file": 500,
    "data-file": 500,
    "recipe-file": 500,
    "effect-file": 500,
    "effect": 500,
    "deck-store": 500,
    "pdf": 500,
    "chromium-missing": 501,
    "fetch": 502,
    "catalog-busy": 503,
    "stopped": 503,
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
        raise UsageError(
            f"{name}: a number of {len(digits)} digits is far too large; give a whole number "
            f"of at most {MAX_NUMBER_DIGITS} digits"
        )
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
    return error_page(request, failure, exc)


Endpoint = Callable[[Request], Awaitable[Response]]


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


# --------------------------------------------------------------------------------------
# pages: rendered, and their forms read


def _session(request: Request | None) -> tuple[str, bool]:
    """Gets the request's session id, and whether it is new (then the answer sets the cookie)."""
    if request is not None:
        cached = getattr(request.state, "session", None)
        if cached:
            return cached
        sid = request.cookies.get(SESSION_COOKIE, "")
        found = (sid, False) if _SESSION.fullmatch(sid) else (served(request).sessions.new_session(), True)
        request.state.session = found
        return found
    return "", False


def frame(request: Request | None, title: str, section: str) -> Frame:
    """Gets a page's frame: its title, the navigation's current part, the form token."""
    csrf, sample = "", False
    if request is not None:
        state = served(request)
        csrf = state.sessions.token(_session(request)[0])
        try:
            sample = state.sample_only()
        except MythosError:
            sample = False
    return Frame(title, section, csrf, sample, f"mythos {deckbuilder.__version__}")


def render(request: Request | None, context: Any, status: int = 200) -> HTMLResponse:
    """Renders a page's context with its template through the deck sheet's Jinja environment."""
    from deckbuilder.sheet.render import environment, template_variables

    html = environment().get_template(TEMPLATES[type(context)]).render(template_variables(context))
    response = HTMLResponse(html, status_code=status)
    if request is not None:
        sid, new = _session(request)
        if new:
            response.set_cookie(SESSION_COOKIE, sid, httponly=True, samesite="strict", path="/")
    return response


def error_page(request: Request | None, failure: Failure, exc: BaseException | None = None) -> Response:
    """Renders an error the player ran into, with its HTTP status."""
    from deckbuilder.web.jobs import JobGoneError

    title = "Not found" if failure.kind in ("not-found", "unknown-deck", "unknown-card") else "Error"
    status = status_of(failure)
    back = None
    if isinstance(exc, JobGoneError):  # a job's page after a restart: gone, and where to start it again
        title, status = f"{exc.what[0].upper()}{exc.what[1:]} gone" if exc.what else "Gone", exc.status
        back = Link(*exc.back) if exc.back else None
    return render(request, ErrorPage(frame(request, title, ""), build.error_view(failure, exc), status, back), status)


async def checked_form(request: Request) -> Any:
    """Gets a state-changing request's form once its session token is checked. Raises
    ``ForbiddenRequestError``."""
    form = await request.form(max_part_size=MAX_BODY_BYTES)
    state = served(request)
    token = form.get("csrf") or request.headers.get("x-csrf-token")
    # A file sent under the token's name is no token (the check refuses it).
    state.sessions.check(request.cookies.get(SESSION_COOKIE), token if isinstance(token, str) else None)
    return form


def field(form: Any, name: str, default: str = "") -> str:
    """Gets a form's text field (``default`` when absent, or when a file was sent under its name)."""
    value = form.get(name, default)
    return value if isinstance(value, str) else default


def number(value: str, name: str, default: int | None = None) -> int | None:
    """Gets a whole number a form's field gives (``default`` when empty); see :func:`whole_number`."""
    value = (value or "").strip()
    if not value:
        return default
    return whole_number(value, name)


def failure_of(exc: Exception) -> Failure:
    """Gets what an error a user can run into says; raises anything else again (a bug)."""
    failure = classify(exc)
    if failure is None:
        raise exc
    return failure


def see_other(url: str) -> RedirectResponse:
    """Gets the redirect a form's answer is (post, redirect, get)."""
    return RedirectResponse(url, status_code=303)


def form_revision(form: Any) -> str:
    """Gets the revision of the deck a form was made against (its hidden ``revision``).
    Raises :class:`~deckbuilder.errors.UsageError` when it has none (a page of an older
    server, or a hand-made request)."""
    revision = field(form, "revision").strip()
    if not revision:
        raise UsageError(
            "this form does not say which revision of the deck it was made against; reload the page "
            "and make the change again"
        )
    return revision
