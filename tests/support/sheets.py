"""The deck sheet as the tests make it: a deck built by hand of invented cards
(:func:`hand_deck`), its sheet rendered and parsed (:func:`sheet_dom`), and the probes of a
printed or laid-out page (:func:`pdf_pages`, :func:`fits_width`).
"""

from __future__ import annotations

import html as html_lib
import re
from pathlib import Path

from deckbuilder.catalog.importers.formats import load_formats
from deckbuilder.rules.cards import Allegiance, Card, CardType, fold_title
from deckbuilder.rules.decks import Deck
from deckbuilder.rules.formats import find_format
from deckbuilder.rules.stats import deck_stats
from deckbuilder.rules.validator import check_deck
from deckbuilder.sheet import context, render
from support.html import Element, parse_html, select_one

FORMATS = load_formats()[0]


def card(title: str, card_type: CardType | None = CardType.EVENT, set_code: str = "LTD", **kw) -> Card:
    return Card(key=f"{set_code}:{fold_title(title)}", title=title, set_code=set_code, type=card_type, **kw)


PROFESSOR = card(
    "Staid University Professor",
    CardType.INVESTIGATOR,
    sanity=13,
    sanity_max=20,
    education=21,
    hand=13,
    hand_min=6,
    hand_max=6,
    languages=("English", "Latin"),
)


ARKHAM_SANITARIUM = card("Arkham Sanitarium", CardType.LOCATION, subregion="Arkham", unique=True, sanity=6)


ORNE_LIBRARY = card("Miskatonic University Orne Library", CardType.LOCATION, subregion="Arkham")


DEVILS_HOPYARD = card("Devil's Hopyard", CardType.LOCATION, subregion="Dunwich", gate=True)


WILBUR = card(
    "Wilbur Whateley",
    CardType.ALLY,
    subregion="Dunwich",
    unique=True,
    value=3,
    allegiance=Allegiance.CORRUPT,
)


DUNWICH_HORROR = card("Dunwich Horror, The", CardType.ADVENTURE, value=15, sanity=5, subtype="Heroic Adventure")


DARK_YOUNG = card("Dark Young", CardType.MONSTER, value=4, sanity=-1, monster_class="Greater Servitor")


NECRONOMICON = card("Necronomicon", CardType.TOME, value=3, sanity=-3, tome_languages=("Latin",))


CAR = card("Car", CardType.EVENT, subtype="Travel by Land")


MYSTERY = card("Mystery Card", None)


PLAYED = [
    (ARKHAM_SANITARIUM, 1),
    (ORNE_LIBRARY, 4),
    (DEVILS_HOPYARD, 4),
    (WILBUR, 1),
    (DUNWICH_HORROR, 2),
    (DARK_YOUNG, 4),
    (NECRONOMICON, 2),
    (CAR, 4),
    (MYSTERY, 2),
]


FILLER = [(card(f"Crossroads {i}", CardType.LOCATION, subregion="Kingsport"), 4) for i in range(8)]


def hand_deck(name: str | None = "Dunwich Nights", cards=PLAYED + FILLER, investigators=(PROFESSOR,)) -> Deck:
    return Deck.of(cards, investigators, name=name)


def sheet_dom(deck: Deck, fmt: str = "advanced", **sections) -> tuple[Element, context.DeckSheetContext]:
    verdict = check_deck(deck, find_format(FORMATS, fmt))
    ctx = context.build_sheet_context(deck, verdict, deck_stats(deck), **sections)
    return parse_html(render.render_deck_sheet(ctx)), ctx


def pdf_pages(pdf: Path) -> int:
    """Counts the page objects of a PDF (``/Type /Page``, not the ``/Pages`` tree)."""
    return len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", pdf.read_bytes()))


_PROBE = """<!doctype html><html><body style="margin:0">
<iframe id="frame" width="{width}" height="900" style="border:0" srcdoc="{page}"></iframe>
<script>
window.addEventListener("load", function () {{
  var frame = document.getElementById("frame"), root = frame.contentDocument.documentElement;
  var out = document.createElement("output");
  out.id = "overflow";
  out.setAttribute("data-scroll-width", root.scrollWidth);
  out.setAttribute("data-inner-width", frame.contentWindow.innerWidth);
  out.textContent = String(root.scrollWidth <= frame.contentWindow.innerWidth);
  document.body.appendChild(out);
}});
</script></body></html>"""


def fits_width(page_html: str, width: int, chromium: str, folder: Path) -> Element:
    """Lays the page out in a frame ``width`` CSS pixels wide; gets the probe's verdict element.

    A frame, because headless Chromium will not make its window narrower than 500 px.
    """
    from deckbuilder.sheet.pdf import run_chromium

    probe = folder / f"probe-{width}.html"
    probe.write_text(_PROBE.format(width=width, page=html_lib.escape(page_html, quote=True)), encoding="utf-8")
    done = run_chromium(
        probe.resolve().as_uri(),
        ["--dump-dom", "--window-size=1200,1000", "--virtual-time-budget=5000"],
        chromium=chromium,
    )
    return select_one(parse_html(done.stdout), "output#overflow")
