"""``mythos --help`` answered from a cache of typer's own answer (issue 17).

Importing typer alone costs several times Python's start-up, so the top-level help would
cost as much as any command. The first ``mythos --help`` is rendered by typer, as always;
its text is kept in the user cache folder (``help.txt``), under a key of everything the
text depends on:

- mythos's version and the Python it runs on;
- the command line's code: the name, size and modification time of each file of this
  package (``deckbuilder/cli``), and of typer's (and click's, where it is apart), so an
  edited command, an upgrade or a reinstall is never answered from an older text;
- the width click formats help for (the terminal's columns, as :func:`shutil.get_terminal_size`
  tells them: :func:`terminal_columns`).

A later ``mythos --help`` whose key is the one kept prints the kept text, byte for byte
what typer would print, without importing typer. Whatever goes wrong reading or writing
the cache (no such folder, a folder that cannot be written, a damaged file), typer
answers, and nothing is said about it. Only the top-level help is kept (``mythos --help``
or ``mythos -h`` and nothing else).
"""

from __future__ import annotations

import os
import sys

#: The application's name in the user's folders (as :func:`deckbuilder.paths.user_data_folder`).
APP_NAME = "mythos-deckbuilder"

#: The cache file, in :func:`cache_folder`.
HELP_FILE = "help.txt"


def cache_folder() -> str:
    """Gets the user cache folder of mythos: the folder platformdirs' ``user_cache_dir``
    names (a test holds them equal), found without importing platformdirs, whose import
    alone costs more than Python's start-up."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser("~\\AppData\\Local")
        return os.path.join(base, APP_NAME, "Cache")
    if sys.platform == "darwin":
        return os.path.join(os.path.expanduser("~/Library/Caches"), APP_NAME)
    base = os.environ.get("XDG_CACHE_HOME", "").strip() or os.path.expanduser("~/.cache")
    return os.path.join(base, APP_NAME)


def _files(folder: str) -> list[str]:
    """Gets the name, size and modification time of each file of a folder and its
    subfolders but ``__pycache__``, in name order."""
    seen: list[str] = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir():
                if entry.name != "__pycache__":
                    seen.extend(f"{entry.name}/{line}" for line in _files(entry.path))
            elif entry.name.endswith((".py", ".so", ".pyd")):
                stat = entry.stat()
                seen.append(f"{entry.name}:{stat.st_size}:{stat.st_mtime_ns}")
    return sorted(seen)


def terminal_columns() -> int:
    """Gets the terminal's width as :func:`shutil.get_terminal_size` tells it to click
    (``COLUMNS``, else the terminal of standard output, else 80), without importing shutil."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def help_key(folders: list[str]) -> str:
    """Gets the key a kept help text must carry to be printed: mythos's version, the Python,
    the help width and the files of ``folders`` (the command line's code, typer's)."""
    import deckbuilder

    parts = [
        f"mythos {deckbuilder.__version__}",
        f"python {sys.version_info[0]}.{sys.version_info[1]}",
        f"columns {terminal_columns()}",
    ]
    for folder in folders:
        parts.append(f"{folder} " + " ".join(_files(folder)))
    return " | ".join(parts)


def _code_folders() -> list[str]:
    """Gets the folders of the code the help text comes from: this package, typer's, and
    click's where typer does not carry its own."""
    # The path finder alone: importlib.util's find_spec would import contextlib and more.
    from importlib.machinery import PathFinder

    folders = [os.path.dirname(os.path.abspath(__file__))]
    for name in ("typer", "click"):
        spec = PathFinder.find_spec(name)
        if spec is not None and spec.origin:
            folders.append(os.path.dirname(spec.origin))
    return folders


def _kept(key: str) -> str | None:
    """Gets the kept help text if its key is ``key``; ``None`` otherwise or on any failure."""
    try:
        with open(os.path.join(cache_folder(), HELP_FILE), encoding="utf-8", newline="") as file:
            kept_key, _, text = file.read().partition("\n")
    except (OSError, ValueError):
        return None
    return text if kept_key == key and text else None


def _keep(key: str, text: str) -> None:
    """Keeps a help text under its key: written beside and renamed into place, so a reader
    never sees half of it. Fails silently."""
    folder = cache_folder()
    temporary = os.path.join(folder, f".{HELP_FILE}.{os.getpid()}")
    try:
        os.makedirs(folder, exist_ok=True)
        with open(temporary, "w", encoding="utf-8", newline="") as file:
            file.write(f"{key}\n{text}")
        os.replace(temporary, os.path.join(folder, HELP_FILE))
    except (OSError, ValueError):
        try:
            os.remove(temporary)
        except OSError:
            pass


def _render(option: str) -> tuple[str, int]:
    """Gets typer's answer to ``mythos OPTION`` (``--help`` or ``-h``) and its exit code."""
    import contextlib
    import io

    from deckbuilder.cli.tree import app

    captured = io.StringIO()
    code: object = 0
    with contextlib.redirect_stdout(captured):
        try:
            app([option], prog_name="mythos")
        except SystemExit as exc:
            code = exc.code
    return captured.getvalue(), code if isinstance(code, int) else (0 if code is None else 1)


def _write(text: str) -> None:
    """Writes the help to standard output; a reader that went away (``mythos --help | head
    -1``) is a normal end, as for the commands (:func:`deckbuilder.cli.output.reported`)."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        try:  # the flush at exit must not find the closed pipe
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass


def print_help(option: str = "--help") -> None:
    """Prints the top-level help: the kept text when its key is this program's, else
    typer's, which is then kept. Raises ``SystemExit`` with typer's code when typer fails."""
    try:
        key: str | None = help_key(_code_folders())
    except (OSError, ValueError, ImportError):
        key = None
    text = _kept(key) if key is not None else None
    if text is not None:
        _write(text)
        return
    text, code = _render(option)
    _write(text)
    if code != 0:
        raise SystemExit(code)
    if key is not None and text:
        _keep(key, text)
