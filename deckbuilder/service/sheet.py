"""A deck's printable sheet: the HTML page, and its PDF printed by headless Chromium."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from deckbuilder.service.adventures import adventure_checks
from deckbuilder.service.decks import WayToPlay, check_deck

if TYPE_CHECKING:
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.decklists.deckfile import LoadedDeck
    from deckbuilder.sheet.context import DeckSheetContext


@dataclass(frozen=True)
class DeckSheet:
    """A deck's printable sheet (``mythos deck sheet``): its context and the page."""

    deck: LoadedDeck
    play: WayToPlay
    context: DeckSheetContext
    html: str = field(repr=False)

    @property
    def legal(self) -> bool:
        """Checks that the sheet's deck is legal for its way to play."""
        return self.context.verdict.legal


def deck_sheet(
    catalog: Catalog,
    deck: LoadedDeck,
    play: WayToPlay,
    *,
    goldfish_games: int | None = None,
    seed: int = 0,
    investigator: str | None = None,
) -> DeckSheet:
    """Gets a deck's sheet, one self-contained HTML page: the list, the check for the way to
    play, the Investigator, the Adventure checklist, playability, and with
    ``goldfish_games`` test games and draw odds (the very games ``mythos deck goldfish``
    plays with the same ``seed`` and way to play). ``investigator`` chooses who plays, as
    :func:`play_as` does. An illegal deck gets its sheet too."""
    import deckbuilder
    from deckbuilder.catalog.importers.effects import load_effect_overrides
    from deckbuilder.rules.playability import playability
    from deckbuilder.rules.stats import deck_stats as stats_of
    from deckbuilder.sheet.context import build_sheet_context
    from deckbuilder.sheet.render import render_deck_sheet

    check = check_deck(catalog, deck, play, investigator=investigator)
    rules_deck = check.deck.deck
    games = None
    if goldfish_games is not None:
        target = play.format.campaign_target
        from deckbuilder.service.games import goldfish_advanced, play_each

        games = play_each(
            catalog,
            deck,
            games=goldfish_games,
            seed=seed,
            campaign=target is not None,
            target=target or 20,
            max_rounds=20,
            investigator=investigator,
            advanced=goldfish_advanced(play.format.id),
        )
    adventures = adventure_checks(catalog, rules_deck, play)
    ctx = build_sheet_context(
        rules_deck,
        check.verdict,
        stats_of(rules_deck),
        deck_name=rules_deck.name or Path(deck.path).stem,
        adventures=adventures,
        playability=list(playability(rules_deck, effects=load_effect_overrides())),
        goldfish=None if games is None else games.report,
        goldfish_players=None if games is None else [(p.investigator, p.report) for p in games.played],
        played_by=None if games is None else games.investigator,
        generated_by=f"mythos {deckbuilder.__version__}",
    )
    return DeckSheet(deck, play, ctx, render_deck_sheet(ctx))


def pdf_printer() -> str:
    """Gets the Chromium program that prints PDFs; ask before any work. Raises
    ``ChromiumMissingError`` with how to install it."""
    from deckbuilder.sheet.pdf import require_chromium

    return require_chromium()


def print_sheet(
    sheet: DeckSheet, pdf: str | Path, *, html_file: str | Path | None = None, chromium: str | None = None
) -> Path:
    """Prints a sheet to a PDF with headless Chromium, from its HTML file if written (else
    from a temporary copy); gets the PDF's path. Raises ``ChromiumMissingError`` or
    ``PdfError``."""
    import tempfile

    from deckbuilder.sheet.pdf import print_pdf

    if html_file is not None:
        return print_pdf(Path(html_file), Path(pdf), chromium=chromium)
    with tempfile.TemporaryDirectory(prefix="mythos-sheet-") as folder:
        copy = Path(folder) / "sheet.html"
        copy.write_text(sheet.html, encoding="utf-8")
        return print_pdf(copy, Path(pdf), chromium=chromium)
