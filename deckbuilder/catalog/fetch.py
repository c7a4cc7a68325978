"""Downloads the GCCG Mythos set files (the community transcription) for import.

The default source is the public GCCG repository for Mythos (markferry/gccg-mythos),
folder ``core/xml/Mythos/``. The game file ``mythos.xml`` (beside the set files or one
folder up, where the repository keeps it) lists the set files; each is
downloaded into a temporary folder and handed to the ordinary importer, so a fetch is
exactly an import of files the user could have downloaded by hand.
"""

from __future__ import annotations

import re
import tempfile
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urljoin

from deckbuilder.errors import MythosError

DEFAULT_BASE_URL = "https://raw.githubusercontent.com/markferry/gccg-mythos/master/core/xml/Mythos/"

#: The set files of the transcription, used when the game file cannot be read.
KNOWN_SET_FILES = ("ltd.xml", "eomu.xml", "cr.xml", "lotn.xml", "msgs.xml", "drm.xml", "nae.xml", "pr.xml", "sd.xml")

MAX_DOWNLOAD_BYTES = 20_000_000


class FetchError(MythosError):
    """Raised when the set files cannot be downloaded."""

    kind = "fetch"


def _get(url: str, timeout: float) -> bytes:
    request = urllib.request.Request(url, headers={"User-Agent": "mythos-deckbuilder"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310 (http/https only, checked)
            data = response.read(MAX_DOWNLOAD_BYTES + 1)
    except urllib.error.HTTPError as exc:
        raise FetchError(f"{url}: the server answered {exc.code} {exc.reason}") from None
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise FetchError(f"{url}: cannot download ({reason}); check the address or your connection") from None
    if len(data) > MAX_DOWNLOAD_BYTES:
        raise FetchError(f"{url}: larger than {MAX_DOWNLOAD_BYTES} bytes, not a set file")
    return data


def set_files_of(game_file: bytes) -> list[str]:
    """Gets the set file names a GCCG game file lists (``<cardset source="ltd.xml"/>``)."""
    names = re.findall(rb'<cardset\s+source="([^"]+)"', game_file)
    return [n.decode("ascii", "replace") for n in names if re.fullmatch(rb"[\w.-]+\.xml", n)]


def fetch_gccg_sets(
    base_url: str = DEFAULT_BASE_URL,
    *,
    dest: Path | None = None,
    timeout: float = 30.0,
    progress: Callable[[str], None] | None = None,
) -> tuple[Path, list[str]]:
    """Downloads the GCCG set files into ``dest`` (a new temporary folder by default).

    Returns the folder and notes (files the game file lists that the server does not have).
    Raises :class:`FetchError` when nothing usable could be downloaded.
    """
    if not re.match(r"^https?://", base_url):
        raise FetchError(f"{base_url!r} is not an http(s) address; give --url http://HOST/PATH/")
    if not base_url.endswith("/"):
        base_url += "/"
    folder = dest or Path(tempfile.mkdtemp(prefix="mythos-fetch-"))
    notes: list[str] = []
    names: list[str] = []
    # The repository keeps the game file one level above the set files (core/xml/mythos.xml).
    for game_file in (urljoin(base_url, "mythos.xml"), urljoin(base_url, "../mythos.xml")):
        try:
            names = set_files_of(_get(game_file, timeout))
        except FetchError:
            continue
        if names:
            break
    if not names:
        notes.append("the game file mythos.xml was not found; trying the known set files")
        names = list(KNOWN_SET_FILES)
    placeholders = [n for n in names if n.endswith("_basecards.xml")]
    if placeholders:
        notes.append(f"skipped {', '.join(placeholders)}: GCCG's placeholder cards, not Mythos cards")
    names = [n for n in names if n not in placeholders]
    fetched = 0
    for name in names:
        if progress:
            progress(name)
        try:
            data = _get(base_url + name, timeout)
        except FetchError as exc:
            notes.append(str(exc))
            continue
        (folder / name).write_bytes(data)
        fetched += 1
    if fetched == 0:
        raise FetchError(f"no set file could be downloaded from {base_url}: " + "; ".join(notes[-3:]))
    return folder, notes
