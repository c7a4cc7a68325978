"""The goldfish's part of the service: a deck's test games, who plays them, and the draw odds beside them.

A deck that lists several Investigators (the two sides of a Standard Game card, or a pool
to choose from) is played by each: :func:`play_each` plays them all and hands back the best
one's report in full with a line for every one, which ``mythos deck goldfish`` and the deck
sheet show alike (:func:`deckbuilder.service.goldfish_deck`, :func:`deckbuilder.service.deck_sheet`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from deckbuilder.errors import UsageError
from deckbuilder.service.catalog import Progress
from deckbuilder.service.decks import GOLDFISH_FORMATS, play_as
from deckbuilder.service.pool import MAX_JOBS

if TYPE_CHECKING:
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.decklists.deckfile import LoadedDeck
    from deckbuilder.rules.decks import Deck
    from deckbuilder.rules.goldfish import GameBatch, GameRecord, GoldfishReport


def goldfish_format(format_name: str) -> bool:
    """Checks that the goldfish can play a way to play; gets whether it plays on to the
    Campaign target (campaign and tournament do). Raises
    :class:`~deckbuilder.errors.UsageError` for Cult vs Investigator or an unknown name."""
    if format_name not in GOLDFISH_FORMATS:
        raise UsageError(
            f"--format {format_name!r}: goldfish plays Mythos formats only ({', '.join(GOLDFISH_FORMATS)})"
        )
    return format_name in ("campaign", "tournament")


def goldfish_advanced(format_name: str) -> bool:
    """Gets whether a way to play has the Advanced option of a first play other than a
    Location: all but Basic (rulebook l.79, l.463; rulings l.19: Campaign and Tournament
    require it, l.53: in Basic the first play must be a Location)."""
    return format_name != "basic"


@dataclass(frozen=True)
class Goldfish:
    """A deck's solitaire test games and the exact draw odds beside them (``mythos deck goldfish``).

    ``investigator`` is who played ``report``; a deck listing several Investigators is played
    by each, best first in ``played`` (the share of games meeting the goal, then the fewer
    median Rounds).
    """

    deck: LoadedDeck
    report: GoldfishReport
    investigator: str = ""
    played: tuple[InvestigatorGames, ...] = ()
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Gets the report as ``mythos deck goldfish --json`` prints it: the best Investigator's
        report in full, and a line per Investigator played under ``investigators``."""
        return {
            "deck": self.deck.deck.name,
            "investigator": self.investigator,
            **self.report.to_dict(),
            "investigators": [{**p.to_dict(), "best": i == 0} for i, p in enumerate(self.played)],
        }


def goldfish_deck(
    catalog: Catalog,
    deck: LoadedDeck,
    *,
    games: int = 1000,
    seed: int = 0,
    format_name: str = "advanced",
    target: int = 20,
    max_rounds: int = 20,
    cards: Sequence[str] = (),
    investigator: str | None = None,
    progress: Progress | None = None,
    jobs: int | None = 1,
) -> Goldfish:
    """Plays the deck alone ``games`` times and gets how often and how fast it completes its
    Adventures, with the exact draw odds (of each card named in ``cards`` too).

    Options: ``seed`` (the same seed plays the same games), ``format_name`` (campaign and
    tournament play on to ``target`` Adventure points), ``max_rounds`` (a game stops after
    that many Rounds), ``investigator`` (who plays: one the deck lists or any Investigator
    card; by default each Investigator the deck lists plays ``games`` games and the best is
    reported in full), ``progress`` (called with games played, games in all), ``jobs`` (how
    many processes play the games: None for the machine's cores; the report is the same
    whatever the number).

    Raises :class:`~deckbuilder.errors.UsageError` for a way to play it cannot play, an
    out-of-range number, or a card name the deck does not hold, and ``NoInvestigatorError``
    for a deck whose Investigator cannot start a game.
    """
    campaign = goldfish_format(format_name)
    for option, value, low, high in (
        ("--games", games, 1, 1_000_000),
        ("--rounds", max_rounds, 1, 200),
        ("--target", target, 1, None),
        ("--jobs", 1 if jobs is None else jobs, 1, MAX_JOBS),
    ):
        if value < low or (high is not None and value > high):
            raise UsageError(f"{option} {value}: give a number from {low}" + (f" to {high}" if high else " up"))
    named = tuple(_deck_title(deck.deck, name) for name in cards)
    return play_each(
        catalog,
        deck,
        games=games,
        seed=seed,
        campaign=campaign,
        target=target,
        max_rounds=max_rounds,
        named=named,
        investigator=investigator,
        progress=progress,
        jobs=jobs,
        advanced=goldfish_advanced(format_name),
    )


def run_goldfish(
    catalog: Catalog,
    deck: Deck,
    *,
    games: int,
    seed: int,
    campaign: bool,
    target: int,
    max_rounds: int,
    progress: Callable[[int], None] | None = None,
    named: tuple[str, ...] = (),
    odds: bool = True,
    jobs: int | None = 1,
    recipes: dict[str, Any] | None = None,
    needed: set[str] | None = None,
    advanced: bool = True,
) -> GoldfishReport:
    """Plays the games of a rules deck (its first Investigator plays) in ``jobs`` processes
    (None: the machine's cores) and, with ``odds``, adds the exact draw odds. ``progress`` is
    called with the games played, every 100 (every chunk, in several processes). ``recipes``
    and ``needed``, when given, are the deck's (``deck_recipes``, ``needed_titles``): read
    once for the Investigators of one deck. ``advanced`` off plays Basic Mythos (a Location first)."""
    from deckbuilder.catalog.importers.effects import load_effect_overrides
    from deckbuilder.catalog.recipebook import deck_recipes
    from deckbuilder.rules.goldfish import GameBatch, game_seeds, goldfish_report, needed_titles

    if recipes is None:
        recipes = deck_recipes(catalog, deck)
    if needed is None:
        needed = needed_titles(deck, recipes)
    batch = GameBatch(
        deck,
        campaign=campaign,
        target=target,
        max_rounds=max_rounds,
        recipes=recipes,
        needed=frozenset(needed),
        effects=load_effect_overrides(),
        advanced=advanced,
    )
    batch.game()  # read once here: worker processes forked from this one start with it read
    records = play_games(batch, game_seeds(seed, games), jobs=jobs, progress=progress)
    report = goldfish_report(
        records, seed=seed, campaign=campaign, target=target, max_rounds=max_rounds, needed=needed, game=batch.game()
    )
    if not odds:
        return report
    return with_odds(catalog, deck, report, seed=seed, named=named, recipes=recipes)


#: Games per chunk when several processes play: a chunk is a run of the seed's game seeds, so
#: the games, and the report, are the same whatever the number of processes (issue 17).
CHUNK_GAMES = 250
#: Fewer games than this play in this process: starting workers costs more than they save
#: (``benchmarks/goldfish.py`` prints both).
POOL_FROM_GAMES = 1000


def play_games(
    batch: GameBatch, seeds: Sequence[int], *, jobs: int | None = 1, progress: Callable[[int], None] | None = None
) -> list[GameRecord]:
    """Plays a game for each seed, in ``jobs`` processes (None: the machine's cores), and gets
    their records in the order of ``seeds``: the same records whatever ``jobs`` is."""
    from deckbuilder.rules.goldfish import GameRecord
    from deckbuilder.service.pool import default_jobs, map_chunks

    workers = default_jobs() if jobs is None else jobs
    if workers <= 1 or len(seeds) < POOL_FROM_GAMES:
        return batch.play(seeds, progress)
    chunks = [seeds[i : i + CHUNK_GAMES] for i in range(0, len(seeds), CHUNK_GAMES)]
    ticker = None if progress is None else (lambda n: progress(min(n * CHUNK_GAMES, len(seeds))))
    # Each chunk comes back as plain tuples (GameBatch.__call__), made records again here.
    return [
        GameRecord(*values)  # type: ignore[arg-type]
        for chunk in map_chunks(batch, chunks, jobs=workers, progress=ticker)  # type: ignore[arg-type]
        for values in chunk
    ]


def _deck_title(deck: Deck, name: str) -> str:
    """Gets the title of a deck card a ``--card`` name means (the resolver's spelling rules);
    a card the deck does not hold is an error naming the deck's close titles."""
    from deckbuilder.decklists import CardIndex
    from deckbuilder.rules.cards import fold_title

    printings = {e.card.key: e.card for e in deck.entries}
    try:
        resolution = CardIndex(list(printings.values())).resolve(name)
    except LookupError:
        raise UsageError(
            f"--card {name!r}: no card of the deck is called that; give a title from the deck list"
        ) from None
    if not any(fold_title(e.card.title) == fold_title(resolution.card.title) for e in deck.main):
        raise UsageError(f"--card {name!r}: {resolution.card.title} is not in the deck")
    return resolution.card.title


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


def play_each(
    catalog: Catalog,
    deck: LoadedDeck,
    *,
    games: int,
    seed: int,
    campaign: bool,
    target: int,
    max_rounds: int,
    named: tuple[str, ...] = (),
    investigator: str | None = None,
    progress: Progress | None = None,
    jobs: int | None = 1,
    advanced: bool = True,
) -> Goldfish:
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
        listed = list(
            {
                e.card.key: e.card
                for e in deck.deck.section(Section.INVESTIGATOR)
                if e.card.type is CardType.INVESTIGATOR
            }.values()
        )
        decks = [play_as(catalog, deck, c.title)[0] for c in listed] if len(listed) > 1 else [deck]
    from deckbuilder.catalog.recipebook import deck_recipes
    from deckbuilder.rules.goldfish import needed_titles

    played: list[InvestigatorGames] = []
    # The Investigators of one deck play the same cards: its recipes and needed cards are read once.
    read: dict[tuple[tuple[str, int], ...], tuple[dict[str, Any], set[str]]] = {}
    for n, each in enumerate(decks):
        ticker = None if progress is None else (lambda done, n=n: progress(n * games + done, games * len(decks)))
        main = tuple((e.card.key, e.count) for e in each.deck.main)
        if main not in read:
            recipes = deck_recipes(catalog, each.deck)
            read[main] = (recipes, needed_titles(each.deck, recipes))
        recipes, needed = read[main]
        report = run_goldfish(
            catalog,
            each.deck,
            games=games,
            seed=seed,
            campaign=campaign,
            target=target,
            max_rounds=max_rounds,
            progress=ticker,
            named=named,
            odds=False,
            jobs=jobs,
            recipes=recipes,
            needed=needed,
            advanced=advanced,
        )
        who = each.deck.investigators[0].title if each.deck.investigators else ""
        played.append(InvestigatorGames(who, report))
    ranked = sorted(range(len(played)), key=lambda i: (-played[i].share, played[i].report.median_rounds or 10**6, i))
    best = ranked[0]
    report = with_odds(
        catalog,
        decks[best].deck,
        played[best].report,
        seed=seed,
        named=named,
        recipes=read[tuple((e.card.key, e.count) for e in decks[best].deck.main)][0],
    )
    ordered = tuple(
        InvestigatorGames(played[i].investigator, report if i == best else played[i].report) for i in ranked
    )
    return Goldfish(deck, report, played[best].investigator, ordered if len(played) > 1 else (), tuple(notes))


def with_odds(
    catalog: Catalog,
    deck: Deck,
    report: GoldfishReport,
    *,
    seed: int,
    named: tuple[str, ...] = (),
    recipes: dict[str, Any] | None = None,
) -> GoldfishReport:
    """Gets a goldfish report with the exact draw odds of its deck beside it."""
    from deckbuilder.catalog.recipebook import deck_recipes
    from deckbuilder.rules.goldfish import draw_odds

    if recipes is None:
        recipes = deck_recipes(catalog, deck)
    odds = draw_odds(deck, refill_per_round=report.drawn_per_round, recipes=recipes, seed=seed, named=named)
    return replace(report, odds=tuple(odds))
