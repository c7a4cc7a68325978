"""Makes the README's pictures of the web deck builder: ``python tools/screenshots.py``.

Runs the browser tests that drive headless Chromium (through Debian's chromedriver) and
writes ``docs/web-*.png``: over the bundled sample catalog the editor (its list, the search
with its filter buttons, the verdict), the search, a card, a deck's history and the editor
at a phone's width, which show only the sample's cards, which the rulebook and the rulings
document themselves name; over the real pool (``../shared/mythos-data``, skipped without it)
the table, a Round of the Standard Game's two decks. Needs ``apt-get install chromium
chromium-driver`` and ``pip install -e '.[test]'``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    folder = ROOT / "docs"
    env = {**os.environ, "MYTHOS_SCREENSHOTS": str(folder)}
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        str(ROOT / "tests" / "test_web_browser.py"),
        "-k",
        "screenshot",
        "-rs",
    ]
    done = subprocess.run(command, env=env, cwd=ROOT)
    if done.returncode == 0:
        for picture in sorted(folder.glob("web-*.png")):
            print(picture.relative_to(ROOT))
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
