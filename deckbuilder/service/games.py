"""The goldfish's part of the service: who plays a deck's test games, and the draw odds beside them.

A deck that lists several Investigators (the two sides of a Standard Game card, or a pool
to choose from) is played by each: :func:`play_each` plays them all and hands back the best
one's report in full with a line for every one, which ``mythos deck goldfish`` and the deck
sheet show alike (:func:`deckbuilder.service.goldfish_deck`, :func:`deckbuilder.service.deck_sheet`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from deckbuilder.service import Goldfish, Progress, play_as, run_goldfish

if TYPE_CHECKING:
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.decklists.deckfile import LoadedDeck
    from deckbuilder.rules.decks import Deck
    from deckbuilder.rules.goldfish import GoldfishReport


@dataclass(frozen=True)
class InvestigatorGames:
    """One Investigator's test games, in a line: who played, how often and how fast they won."""

    investigator: str
    report: GoldfishReport

    @property
    def share(self) -> float:
        """Gets the share of games that met the goal: the Campaign target, else an Adventure."""
        report = self.report
        return report.reached_target if report.campaign and report.reached_target is not None else report.completed

    def to_dict(self) -> dict[str, Any]:
        report = self.report
        return {
            "name": self.investigator,
            "completed": round(report.completed, 4),
            "reached_target": None if report.reached_target is None else round(report.reached_target, 4),
            "median_rounds": report.median_rounds,
            "final_sanity": report.final_sanity,
        }


def play_each(catalog: Catalog, deck: LoadedDeck, *, games: int, seed: int, campaign: bool, target: int,
               max_rounds: int, named: tuple[str, ...] = (), investigator: str | None = None,
               progress: Progress | None = None) -> Goldfish:
    """Plays the test games of each Investigator the deck lists (or the one chosen) and gets
    the best one's report in full, with the draw odds: what the goldfish command and the
    deck sheet share."""
    from deckbuilder.rules.cards import CardType
    from deckbuilder.rules.decks import Section

    notes: list[str] = []
    if investigator is not None:
        chosen, note = play_as(catalog, deck, investigator)
        decks = [chosen]
        notes += [note] if note else []
    else:
        listed = list({e.card.key: e.card for e in deck.deck.section(Section.INVESTIGATOR)
                       if e.card.type is CardType.INVESTIGATOR}.values())
        decks = [play_as(catalog, deck, c.title)[0] for c in listed] if len(listed) > 1 else [deck]
    played: list[InvestigatorGames] = []
    for n, each in enumerate(decks):
        ticker = None if progress is None else (lambda done, n=n: progress(n * games + done, games * len(decks)))
        report = run_goldfish(catalog, each.deck, games=games, seed=seed, campaign=campaign, target=target,
                              max_rounds=max_rounds, progress=ticker, named=named, odds=False)
        who = each.deck.investigators[0].title if each.deck.investigators else ""
        played.append(InvestigatorGames(who, report))
    ranked = sorted(range(len(played)), key=lambda i: (-played[i].share, played[i].report.median_rounds or 10**6, i))
    best = ranked[0]
    report = with_odds(catalog, decks[best].deck, played[best].report, seed=seed, named=named)
    ordered = tuple(InvestigatorGames(played[i].investigator, report if i == best else played[i].report) for i in ranked)
    return Goldfish(deck, report, played[best].investigator, ordered if len(played) > 1 else (), tuple(notes))


def with_odds(catalog: Catalog, deck: Deck, report: GoldfishReport, *, seed: int,
              named: tuple[str, ...] = (), recipes: dict[str, Any] | None = None) -> GoldfishReport:
    """Gets a goldfish report with the exact draw odds of its deck beside it."""
    from deckbuilder.catalog.recipebook import deck_recipes
    from deckbuilder.rules.goldfish import draw_odds

    if recipes is None:
        recipes = deck_recipes(catalog, deck)
    odds = draw_odds(deck, refill_per_round=report.drawn_per_round, recipes=recipes, seed=seed, named=named)
    return replace(report, odds=tuple(odds))
