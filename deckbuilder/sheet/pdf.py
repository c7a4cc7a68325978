"""Prints HTML pages to PDF (and PNG) with headless Chromium.

Chromium is found on the ``PATH`` (``chromium``, ``chromium-browser``, ``google-chrome``)
or named by ``MYTHOS_CHROMIUM``. Each run gets a new, empty profile folder and the flags
that keep it from reaching the network on its own (no sync, updates or background
requests), so printing a sheet never touches the user's browser profile.

>>> print_pdf(Path("deck.html"), Path("deck.pdf"))   # doctest: +SKIP
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

from deckbuilder.errors import MythosError

#: Program names tried in order on the PATH.
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")

#: The environment variable that names the Chromium program (a path or a name on the PATH).
CHROMIUM_ENV = "MYTHOS_CHROMIUM"

#: Seconds a Chromium run may take before it is stopped.
DEFAULT_TIMEOUT = 90.0

#: Flags of every run: headless, no sandbox (it fails as root and in containers), and no
#: network traffic of Chromium's own.
BASE_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
)


class ChromiumMissingError(MythosError, RuntimeError):
    """Raised when no Chromium program can be found to print a PDF."""

    kind = "chromium-missing"

    def __init__(self, configured: str | None = None) -> None:
        self.configured = configured
        where = (
            f"{CHROMIUM_ENV}={configured!r} names no program that can be run"
            if configured
            else "no Chromium found (looked for " + ", ".join(CHROMIUM_NAMES) + ")"
        )
        super().__init__(
            f"cannot print a PDF: {where}; install it (Debian/Ubuntu: `apt-get install chromium`) "
            f"or set {CHROMIUM_ENV} to the browser's path"
        )


class PdfError(MythosError, RuntimeError):
    """Raised when a Chromium run fails, times out or writes no file."""

    kind = "pdf"


def find_chromium() -> str | None:
    """Gets the path of the Chromium program to run, or None when there is none.

    ``MYTHOS_CHROMIUM`` (a path, or a name on the PATH) wins; when it is set but names
    nothing runnable the answer is None: a setting the user made is not silently ignored.
    """
    configured = os.environ.get(CHROMIUM_ENV, "").strip()
    if configured:
        return _runnable(configured)
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def _runnable(name: str) -> str | None:
    path = Path(name).expanduser()
    if path.is_file() and os.access(path, os.X_OK):
        return str(path)
    return shutil.which(name)


def require_chromium() -> str:
    """Gets the Chromium program to run. Raises :class:`ChromiumMissingError` when there is none."""
    found = find_chromium()
    if found is None:
        raise ChromiumMissingError(os.environ.get(CHROMIUM_ENV, "").strip() or None)
    return found


def run_chromium(
    url: str,
    flags: Sequence[str],
    *,
    chromium: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
) -> subprocess.CompletedProcess[str]:
    """Runs headless Chromium on a URL with a new empty profile; gets the finished run.

    Raises :class:`ChromiumMissingError` when no Chromium is found and :class:`PdfError`
    when the run times out or exits with an error.
    """
    program = chromium or require_chromium()
    with tempfile.TemporaryDirectory(prefix="mythos-chromium-") as profile:
        command = [program, *BASE_FLAGS, f"--user-data-dir={profile}", *flags, url]
        try:
            done = subprocess.run(
                command,
                capture_output=True,
                text=True,
                timeout=timeout,
                stdin=subprocess.DEVNULL,
                check=False,
            )
        except subprocess.TimeoutExpired:
            raise PdfError(
                f"Chromium did not finish within {timeout:g} s ({program}); try again, or close other Chromium windows"
            ) from None
        except OSError as exc:
            raise PdfError(f"Chromium could not be started ({program}): {exc.strerror or exc}") from None
    if done.returncode != 0:
        raise PdfError(f"Chromium failed with exit code {done.returncode}: {_last_line(done.stderr)}")
    return done


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "no message"


def _write_through(
    target: Path, flag: str, url: str, extra: Sequence[str], chromium: str | None, timeout: float
) -> None:
    """Has Chromium write a file beside the target, then renames it into place."""
    target = Path(target)
    program = chromium or require_chromium()
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=target.suffix, dir=target.parent)
    except OSError as exc:
        raise PdfError(f"{target}: cannot be written ({exc.strerror or exc})") from None
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        tmp.unlink()  # Chromium writes the file itself; an old empty one would hide a failure
        done = run_chromium(url, [*extra, f"{flag}={tmp}"], chromium=program, timeout=timeout)
        if not tmp.is_file() or tmp.stat().st_size == 0:
            raise PdfError(f"Chromium wrote no {target.suffix or 'output'} file for {url}: {_last_line(done.stderr)}")
        try:
            os.replace(tmp, target)
        except OSError as exc:
            raise PdfError(f"{target}: cannot be written ({exc.strerror or exc})") from None
    finally:
        tmp.unlink(missing_ok=True)


def print_pdf(
    html_path: Path,
    pdf_path: Path,
    *,
    chromium: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
) -> Path:
    """Prints an HTML file to a PDF with headless Chromium; gets the PDF's path.

    The page's own ``@page`` rule sets the margins; Chromium's header and footer (date,
    file path) are left off. The PDF is written beside ``pdf_path`` and renamed into
    place, so a failed run leaves no half-written file.

    Raises :class:`ChromiumMissingError` when no Chromium is found and :class:`PdfError`
    when the run fails or times out.
    """
    url = Path(html_path).resolve().as_uri()
    _write_through(Path(pdf_path), "--print-to-pdf", url, ["--no-pdf-header-footer"], chromium, timeout)
    return Path(pdf_path)


def take_screenshot(
    html_path: Path,
    png_path: Path,
    *,
    width: int = 1100,
    height: int = 1600,
    chromium: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
) -> Path:
    """Saves a PNG of an HTML file as a window ``width`` x ``height`` pixels shows it; gets its path.

    Raises :class:`ChromiumMissingError` or :class:`PdfError` as :func:`print_pdf` does.
    """
    url = Path(html_path).resolve().as_uri()
    _write_through(Path(png_path), "--screenshot", url, [f"--window-size={width},{height}"], chromium, timeout)
    return Path(png_path)
