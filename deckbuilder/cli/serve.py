"""``mythos serve``: the web deck builder, on this machine, over the same catalog as the CLI.

Starlette and uvicorn are imported only when the server starts (``mythos --help`` stays
light). The server binds 127.0.0.1 unless ``--host`` says otherwise, and then warns: the
builder has no accounts, so anyone who can reach the address can change your decks.
"""


from pathlib import Path
from typing import Annotated, Optional

import typer

from deckbuilder.cli.common import CollectionOption, DbOption, DecksOption, alert, reported, warn

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def serve(
    port: Annotated[int, typer.Option("--port", "-p", help="The port to serve on.", min=1, max=65535)] = 8000,
    host: Annotated[str, typer.Option("--host", help="The address to bind (anything but loopback is reachable "
                                                      "from other machines).")] = "127.0.0.1",
    no_browser: Annotated[bool, typer.Option("--no-browser", help="Do not open a browser.")] = False,
    allow_host: Annotated[
        Optional[list[str]],
        typer.Option("--allow-host", help="Also answer requests naming this host (repeatable), e.g. a name in /etc/hosts.",
                     show_default=False),
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
            alert(f"warning: serving on {host}: other machines that reach it can read and change your saved decks "
                 "(the builder has no accounts); use the default 127.0.0.1 to keep it to this machine")
        catalog, notes = service.open_catalog(db)  # built now (the sample, on first use), not on the first page
        catalog.close()
        for note in notes:
            warn(note)
        settings = Settings(db=db, decks=Path(decks) if decks else None, collection=collection, host=host, port=port,
                            allow_hosts=tuple(allow_host or ()))
        shown = f"[{host}]" if ":" in host else host
        url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else shown}:{port}/"
        typer.echo(f"Mythos deck builder at {url} (saved decks: {service.deck_library(decks).folder}); Ctrl-C stops it")
        if not no_browser:
            import threading
            import webbrowser

            threading.Timer(0.8, webbrowser.open, args=(url,)).start()
        uvicorn.run(create_app(settings), host=host, port=port, log_level="warning", server_header=False,
                    proxy_headers=False)
