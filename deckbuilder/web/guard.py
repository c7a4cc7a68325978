"""The safety checks every request passes before a route sees it, and the session's CSRF token.

The deck builder runs on the player's own machine, so the dangers are other web pages
the player visits: one could point a name of its own at 127.0.0.1 (DNS rebinding) or
post a form to the builder (cross-site request forgery). So:

- a request whose ``Host`` header is not an address this server serves is refused (403);
- a state-changing request whose ``Origin`` is another site is refused (403), and one
  without the session's token (:class:`Sessions`) too;
- a body larger than :data:`MAX_BODY_BYTES` is refused (413) before it is read whole, and
  a client that goes away in the middle of its body is logged in one line;
- every answer carries a Content-Security-Policy that lets a page load only the builder's
  own files (nothing from the network), and may not be framed.

Pure ASGI, so the guard costs one dictionary look-up per request.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import socket
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from starlette.requests import ClientDisconnect

from deckbuilder.errors import MythosError

#: Where the server's one-line notes go (``mythos serve`` prints them as uvicorn's own).
LOG = logging.getLogger("deckbuilder.web")

#: The largest request body read: a deck list's own limit (5 MB, the CLI's) and room for a
#: form's other fields.
MAX_BODY_BYTES = 5_000_000 + 64 * 1024

#: Methods that change something; they need the session's token and a same-site Origin.
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})

#: The session cookie's name.
SESSION_COOKIE = "mythos_session"

#: What a page may load: its own scripts, styles and pictures, nothing else.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)


class ForbiddenRequestError(MythosError):
    """Raised when a request comes from elsewhere: a Host this server does not serve, another
    site's Origin, or a form without the session's token."""

    kind = "forbidden"


class RequestTooLargeError(MythosError):
    """Raised when a request's body is larger than any deck list the builder reads."""

    kind = "too-large"


class NoSuchPageError(MythosError):
    """Raised when a request asks for a page, route or job that does not exist."""

    kind = "not-found"


LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")


def allowed_hosts(host: str, port: int, extra: Iterable[str] = ()) -> frozenset[str]:
    """Gets the Host headers this server answers: the address it is bound to (the loopback
    names for a loopback address; the machine's names for every interface) and ``extra``,
    with and without the port."""
    names = {host, *extra}
    if host in ("127.0.0.1", "localhost", "::1", "[::1]"):
        names.update(LOOPBACK_NAMES)
    elif host in ("0.0.0.0", "::", ""):
        names.update(LOOPBACK_NAMES)
        names.update({socket.gethostname(), socket.getfqdn()})
    names = {f"[{n}]" if ":" in n and not n.startswith("[") else n for n in names if n}
    return frozenset({*(f"{n}:{port}" for n in names), *(names if port == 80 else ())})


class Sessions:
    """Per-session CSRF tokens: a random session id in a cookie, and a token derived from it
    with a secret the server draws when it starts (so a restart asks for a reload)."""

    def __init__(self) -> None:
        self._secret = secrets.token_bytes(32)

    @staticmethod
    def new_session() -> str:
        """Gets a fresh random session id."""
        return secrets.token_urlsafe(24)

    def token(self, session: str) -> str:
        """Gets the CSRF token forms of this session carry."""
        return hmac.new(self._secret, session.encode(), hashlib.sha256).hexdigest()[:40]

    def check(self, session: str | None, token: str | None) -> None:
        """Checks a state-changing request's token. Raises :class:`ForbiddenRequestError`."""
        if not session or not token or not hmac.compare_digest(self.token(session), str(token)):
            raise ForbiddenRequestError(
                "this form's session token is missing or out of date (the server restarted?); reload the page and try again"
            )


#: Answers an error from the guard: (path, error, HTTP status) -> an ASGI app.
ErrorAnswer = Callable[[str, MythosError, int], Any]


class Guard:
    """The ASGI middleware that checks the Host, the Origin and the body size of every
    request, and adds the safety headers to every answer."""

    def __init__(self, app: Any, *, hosts: frozenset[str], answer: ErrorAnswer, max_body: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.hosts = hosts
        self.origins = frozenset(f"http://{h}" for h in hosts)
        self.answer = answer
        self.max_body = max_body

    async def __call__(
        self,
        scope: dict[str, Any],
        receive: Callable[[], Awaitable[dict[str, Any]]],
        send: Callable[[dict[str, Any]], Awaitable[None]],
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        path = scope.get("path", "/")
        host = headers.get("host", "")
        refusal: tuple[MythosError, int] | None = None
        if host not in self.hosts:
            shown = "".join(ch if ch.isprintable() else " " for ch in host)[:80]
            refusal = (
                ForbiddenRequestError(
                    f'Host "{shown}" is not an address this server serves; open it at http://{min(self.hosts)}/'
                ),
                403,
            )
        elif scope["method"] in UNSAFE_METHODS and headers.get("origin") not in (None, "null", *self.origins):
            refusal = (
                ForbiddenRequestError("a request from another site was refused; use the deck builder's own pages"),
                403,
            )
        elif _declared_length(headers.get("content-length", "0")) > self.max_body:
            refusal = _too_large(self.max_body), 413
        if refusal is not None:
            await self.answer(path, *refusal)(scope, receive, _with_headers(send))
            return
        body = _Body(receive, self.max_body)
        try:
            await self.app(scope, body.receive, _with_headers(send))
        except ClientDisconnect:
            # The client went away before sending its whole body (a closed tab, a dropped
            # connection): nobody is left to answer, and it is no fault of the server's. One
            # line, not Starlette's traceback (issue 26).
            client = scope.get("client") or ("?", 0)
            expected = headers.get("content-length", "?")
            LOG.warning(
                "a client (%s:%s) went away in the middle of its request: %s %s, %d of %s bytes of its body "
                "sent; nothing was done",
                client[0],
                client[1],
                scope["method"],
                _printable(path),
                body.seen,
                _printable(expected),
            )


def _declared_length(value: str) -> int:
    """Gets the body size a Content-Length header declares (0 when it is not a number of
    ASCII digits: the server reading the body says so); any number of more than 15 digits
    is larger than any limit, and is never read as a number."""
    if not (value.isascii() and value.isdigit()):
        return 0
    return int(value) if len(value) <= 15 else 10**15


def _too_large(limit: int) -> RequestTooLargeError:
    return RequestTooLargeError(f"the request is larger than {limit // 1_000_000} MB, far too large for a deck list")


class _Body:
    """``receive`` counting the body's bytes: past ``limit`` it raises
    :class:`RequestTooLargeError` (a body sent without a Content-Length is bounded too)."""

    def __init__(self, receive: Callable[[], Awaitable[dict[str, Any]]], limit: int) -> None:
        self._receive = receive
        self._limit = limit
        #: The body's bytes received so far.
        self.seen = 0

    async def receive(self) -> dict[str, Any]:
        message = await self._receive()
        if message["type"] == "http.request":
            self.seen += len(message.get("body", b""))
            if self.seen > self._limit:
                raise _too_large(self._limit)
        return message


def _printable(text: str) -> str:
    """Gets a request's text with control characters shown as escapes, fit for a log line."""
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text[:200])


def _with_headers(send: Callable[[dict[str, Any]], Awaitable[None]]) -> Callable[[dict[str, Any]], Awaitable[None]]:
    """Gets ``send`` adding the safety headers to an answer's start (a route may set its own CSP)."""

    async def sending(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            present = {k.lower() for k, _v in headers}
            for name, value in (
                (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
                (b"x-content-type-options", b"nosniff"),
                (b"x-frame-options", b"DENY"),
                (b"referrer-policy", b"no-referrer"),
            ):
                if name not in present:
                    headers.append((name, value))
            message = {**message, "headers": headers}
        await send(message)

    return sending
