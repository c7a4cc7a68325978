"""``mythos serve``: the web deck builder, on this machine, over the same catalog as the CLI.

Starlette and uvicorn are imported only when the server starts (``mythos --help`` stays
light). The server binds 127.0.0.1 unless ``--host`` says otherwise, and then warns: the
builder has no accounts, so anyone who can reach the address can change your decks.
"""

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from deckbuilder.cli.common import CollectionOption, DbOption, DecksOption
from deckbuilder.cli.output import alert, reported, warn

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def serve(
    port: Annotated[int, typer.Option("--port", "-p", help="The port to serve on.", min=1, max=65535)] = 8000,
    host: Annotated[
        str,
        typer.Option("--host", help="The address to bind (anything but loopback is reachable from other machines)."),
    ] = "127.0.0.1",
    no_browser: Annotated[bool, typer.Option("--no-browser", help="Do not open a browser.")] = False,
    allow_host: Annotated[
        Optional[list[str]],
        typer.Option(
            "--allow-host",
            help="Also answer requests naming this host (repeatable), e.g. a name in /etc/hosts.",
            show_default=False,
        ),
    ] = None,
    db: DbOption = None,
    decks: DecksOption = None,
    collection: CollectionOption = None,
) -> None:
    """Starts the web deck builder: search cards, build decks with a live verdict, save them.

    It serves http://127.0.0.1:8000/ (nothing is fetched from the network) and opens a
    browser there; Ctrl-C stops it. The decks it saves are files every mythos deck command
    reads (`mythos deck list`).

    Example: mythos serve --port 8080 --no-browser
    """
    with reported():
        import uvicorn

        from deckbuilder import service
        from deckbuilder.web.app import Settings, create_app

        if host not in LOOPBACK:
            alert(
                f"warning: serving on {host}: other machines that reach it can read and change your saved decks "
                "(the builder has no accounts); use the default 127.0.0.1 to keep it to this machine"
            )
        catalog, notes = service.open_catalog(db)  # built now (the sample, on first use), not on the first page
        catalog.close()
        for note in notes:
            warn(note)
        settings = Settings(
            db=db,
            decks=Path(decks) if decks else None,
            collection=collection,
            host=host,
            port=port,
            allow_hosts=tuple(allow_host or ()),
        )
        shown = f"[{host}]" if ":" in host else host
        url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else shown}:{port}/"
        typer.echo(f"Mythos deck builder at {url} (saved decks: {service.deck_library(decks).folder}); Ctrl-C stops it")
        if not no_browser:
            import threading
            import webbrowser

            threading.Timer(0.8, webbrowser.open, args=(url,)).start()
        app = create_app(settings)
        config = uvicorn.Config(
            app,
            host=host,
            port=port,
            log_level="warning",
            server_header=False,
            proxy_headers=False,
            timeout_graceful_shutdown=GRACE_SECONDS,
            log_config=_log_config(),
        )
        server = _stopping_server(uvicorn.Server, config, app.state)
        try:
            server.run()
        except KeyboardInterrupt:  # Ctrl-C, raised again by uvicorn once it has shut down
            pass
        finally:
            app.state.stop()
            _end_leftover_threads(THREADS_SECONDS)
        if not server.started:  # it could not listen (the address is taken): uvicorn said why
            raise typer.Exit(3)


#: How long in-flight requests are given to finish once Ctrl-C is pressed (uvicorn's
#: graceful shutdown); their long work (games, builds) stops at its next batch anyway.
GRACE_SECONDS = 2
#: How long the threads still running after the server stopped are waited for.
THREADS_SECONDS = 2.0


def _stopping_server(base: type, config: Any, state: Any) -> Any:
    """Gets a uvicorn server that, on Ctrl-C or SIGTERM, first tells the app's long work to
    stop (``Served.stop``: requests' games and builds, background jobs), so the graceful
    shutdown that follows has little to wait for (issue 26)."""

    class StoppingServer(base):  # type: ignore[misc, valid-type]
        def handle_exit(self, sig: int, frame: Any) -> None:
            state.stop()  # sets flags only: safe in a signal handler
            super().handle_exit(sig, frame)

    return StoppingServer(config)


def _log_config() -> dict[str, Any]:
    """Gets uvicorn's logging set-up, with the web app's own notes (a client gone in the
    middle of its request) printed as uvicorn prints its own."""
    import copy

    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["deckbuilder.web"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config


def _end_leftover_threads(seconds: float) -> None:
    """Waits up to ``seconds`` for the threads still running once the server has stopped (a
    request's work that asks for no stop: a PDF, a long check); then ends the process
    without them, so Ctrl-C always stops the server within seconds. Nothing is half
    written by it: decks are saved by renaming a whole file into place."""
    import os
    import sys
    import threading
    import time

    deadline = time.monotonic() + seconds
    for thread in threading.enumerate():
        if thread is not threading.current_thread() and not thread.daemon:
            thread.join(max(0.0, deadline - time.monotonic()))
    left = [t for t in threading.enumerate() if t is not threading.current_thread() and not t.daemon and t.is_alive()]
    if left:
        alert(
            f"stopped; {len(left)} piece{'s' if len(left) != 1 else ''} of work still running "
            f"{'were' if len(left) != 1 else 'was'} abandoned"
        )
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)
