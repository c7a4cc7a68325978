"""The web deck builder as the tests drive it: a client of a server over a catalog
(:func:`make_client`) and a player's plain browser (:class:`Browser`) with the readers of
the editor's page.
"""

from __future__ import annotations

import re
from pathlib import Path

from starlette.testclient import TestClient

from deckbuilder.web.app import Settings, create_app
from support.html import parse_html, select, select_one

BASE = "http://127.0.0.1:8000"


class Browser:
    """A player's plain browser: follows redirects, keeps the session, sends each form's token
    and the revision of the deck the last page showed (as the page's forms carry it)."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.csrf = ""
        self.revisions: dict[str, str] = {}

    def _seen(self, dom) -> None:
        token = select(dom, "meta[name=csrf-token]")
        if token:
            self.csrf = token[0].attrs["content"]
        for form in select(dom, "form"):
            match = re.match(r"/decks/([a-z0-9-]+)/", form.attrs.get("action", ""))
            for field in select(form, "input[name=revision]"):
                if match:
                    self.revisions[match[1]] = field.attrs["value"]

    def get(self, url: str, status: int = 200):
        answer = self.client.get(url)
        assert answer.status_code == status, (url, answer.status_code, answer.text[:500])
        dom = parse_html(answer.text)
        self._seen(dom)
        return dom

    def post(self, url: str, data: dict | None = None, files=None, status: int = 200):
        match = re.match(r"/decks/([a-z0-9-]+)/", url)
        if match and match[1] not in self.revisions and match[1] not in ("new", "build"):
            self.get(f"/decks/{match[1]}")
        revision = {"revision": self.revisions[match[1]]} if match and match[1] in self.revisions else {}
        answer = self.client.post(url, data={"csrf": self.csrf, **revision, **(data or {})}, files=files)
        assert answer.status_code == status, (url, answer.status_code, answer.text[:800])
        dom = parse_html(answer.text)
        self._seen(dom)
        return answer, dom


def deck_lines(dom) -> dict[str, int]:
    """Gets {title: copies} of the editor's list (every section)."""
    return {
        line.attrs["data-title"]: int(select_one(line, ".count").text())
        for line in select(dom, "#deck-list li.card-line")
    }


def verdict(dom) -> str:
    return select_one(dom, "#verdict-badge").text()


def new_deck(
    browser: Browser, name: str = "Onboard the 747", investigator: str = "NAE:diabolical-cultist", fmt: str = "advanced"
) -> str:
    browser.get("/decks/new")
    answer, _ = browser.post("/decks/new", {"name": name, "investigator": investigator, "format": fmt})
    return str(answer.url).rsplit("/", 1)[1]


def make_client(db: Path, tmp_path: Path, **settings) -> TestClient:
    """A client of a server over ``db``, with its own saved decks and collection."""
    settings = {"db": db, "decks": tmp_path / "decks", "collection": tmp_path / "collection.json", **settings}
    return TestClient(create_app(Settings(**settings)), base_url=BASE)
