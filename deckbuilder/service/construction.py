"""A deck that builds itself, and changes that measurably help: ``mythos deck build|suggest``.

The search is game logic and lives in the rules core (:mod:`deckbuilder.rules.construction`);
this module supplies it: the candidate cards from the catalog (only the copies owned with a
collection), the Adventures' recipes, the way to play, and the goldfish games. It hands back
results whose ``to_json()`` is the commands' ``--json``, and the decks as loaded decks that
any deck format writes, with a note per group of cards saying why they are there.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckbuilder.errors import UsageError
from deckbuilder.service.adventures import find_adventure as _find_adventure
from deckbuilder.service.catalog import Progress
from deckbuilder.service.decks import load_deck_file, load_deck_text, way_to_play

if TYPE_CHECKING:
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.decklists.deckfile import LoadedDeck
    from deckbuilder.rules.cards import Card
    from deckbuilder.rules.construction import BuiltDeck, Measure
    from deckbuilder.rules.decks import Deck

#: The time a build may take by default, in seconds (the issue: under a minute on two cores).
DEFAULT_TIME = 55.0
#: The share of a build's time cap the Adventures tried alone may take (a Campaign build
#: that chooses its Adventures), and no more: its sets still need their search and held-out games.
SCREEN_TIME_SHARE = 0.4
#: The share of a build's time for its search against a field (the time cap less the held-out
#: matches' share, at their pace) by which the goldfish games that make its deck built for
#: speed faster end (rules/construction/build.py, SPEED_GAMES): the matches' search keeps the
#: rest (on a busy machine the goldfish's 12,000 games took 60 s).
SPEED_TIME_SHARE = 0.6
#: Why a card the search brought in is there.
CHOSEN_BY_GAMES = "chosen by the test games: the deck completed sooner with it"
#: The same, for a build against a field.
CHOSEN_BY_MATCHES = "chosen by the test matches: the deck won more of them with it"


def _investigator(catalog: Catalog, name: str, notes: list[str]) -> Card:
    from deckbuilder.catalog.lookup import find_cards
    from deckbuilder.rules.cards import CardType

    found = find_cards(catalog, name)
    if found.note:
        notes.append(found.note)
    chosen = [c for c in found.cards if c.type is CardType.INVESTIGATOR]
    if not chosen:
        raise UsageError(
            f'--investigator {name!r}: "{found.cards[0].title}" is not an Investigator; '
            "give an Investigator's title (mythos search t:investigator)"
        )
    return chosen[0]


def _owned(catalog: Catalog, collection: str | Path) -> dict[str, int]:
    """Gets the copies owned per folded title from a counts list in any deck format."""
    from deckbuilder.rules.cards import fold_title

    path = Path(collection).expanduser()
    if not path.is_file():
        raise UsageError(f"--collection {collection}: no such file; give a counts list in any deck format")
    owned: dict[str, int] = {}
    for entry in load_deck_file(catalog, path).deck.entries:
        title = fold_title(entry.card.title)
        owned[title] = owned.get(title, 0) + entry.count
    return owned


def _playing(format_name: str, target: int | None) -> tuple[Any, bool, int]:
    from deckbuilder.service.games import goldfish_format

    campaign = goldfish_format(format_name)
    play = way_to_play(format_name, target=target)
    return play, campaign, play.format.campaign_target or target or 20


def _pool_cards(catalog: Catalog) -> list[Card]:
    """Gets the cards a built deck may hold: Chaosium's, at their printed values (not the
    community's re-pointed Adventures, a house rule)."""
    return [c for c in catalog.all_cards() if c.is_official and c.set_code != "RP"]


@dataclass(frozen=True)
class _Players:
    """Every Adventure's recipe, the effect overrides the goldfish plays with, and the
    goldfish players: the search's (shorter games), the report's (the full length, as
    ``deck goldfish`` plays them) and the screen's (games ending at the first Adventure)."""

    recipes: Mapping[str, Any]
    effects: Mapping[str, Any]
    search: Callable[..., Any]
    report: Callable[..., Any]
    screen: Callable[..., Any]


def _players(catalog: Catalog, cards: Sequence[Card], campaign: bool, target: int, max_rounds: int) -> _Players:
    """Gets every Adventure's recipe and the goldfish players (:class:`_Players`)."""
    from deckbuilder.catalog.importers.effects import load_effect_overrides
    from deckbuilder.catalog.recipebook import recipe_reading
    from deckbuilder.rules.adventures import recipe_for
    from deckbuilder.rules.cards import CardType
    from deckbuilder.rules.construction import goldfish_player
    from deckbuilder.rules.construction.build import SEARCH_ROUNDS

    vocabulary, overrides = recipe_reading(catalog)
    recipes = {c.key: recipe_for(c, vocabulary, overrides) for c in cards if c.type is CardType.ADVENTURE}
    # The same effect overrides as `deck goldfish`: the build's figures are the goldfish's.
    effects = load_effect_overrides()
    rounds = min(SEARCH_ROUNDS, max_rounds)
    search = goldfish_player(recipes, campaign=campaign, target=target, max_rounds=rounds, effects=effects)
    report = _pooled_player(recipes, campaign=campaign, target=target, max_rounds=max_rounds, effects=effects)
    screen = goldfish_player(recipes, campaign=False, target=target, max_rounds=rounds, effects=effects)
    return _Players(recipes, effects, search, report, screen)


def _solitaire_gaps(
    cards: Sequence[Card], recipes: Mapping[str, Any], adventures: Sequence[Card], copies: int
) -> list[str]:
    """Gets a note for each Adventure named that no game alone can complete (an Event it needs
    aims at an opponent's card in play): its deck is built as asked, and measured alone its
    figures say so; matches (``--against``) give the Event its target."""
    from deckbuilder.rules.construction import Pool
    from deckbuilder.rules.construction.campaign import solitaire_gap

    if not any(a.key in recipes for a in adventures):
        return []
    pool = Pool.of(cards, copies)
    notes = []
    for adventure in adventures:
        gap = solitaire_gap(recipes[adventure.key], pool) if adventure.key in recipes else ""
        if gap:
            notes.append(f"{adventure.title} {gap}; measure its deck with --against")
    return notes


def _checked(play: Callable[..., Any], checkpoint: Callable[[], None] | None) -> Callable[..., Any]:
    """Gets a goldfish player that calls ``checkpoint`` before each batch of games (issue 26:
    a cancelled build stops within a batch, the held-out games included)."""
    if checkpoint is None:
        return play

    def checked(deck: Deck, seeds: Sequence[int]) -> Any:
        checkpoint()
        return play(deck, seeds)

    return checked


def _pooled_player(
    recipes: Mapping[str, Any],
    *,
    campaign: bool,
    target: int,
    max_rounds: int,
    effects: Mapping[str, Any] | None = None,
) -> Callable[..., Any]:
    """Gets a player of full-length games that spreads a long batch (a thousand games or more:
    ``suggest --games``) over the machine's cores, as ``goldfish --jobs`` does; the records
    are the same whatever the number of processes (service/pool.py)."""
    from deckbuilder.rules.cards import CardType
    from deckbuilder.rules.construction import GameResult
    from deckbuilder.rules.construction.games import adventure_titles, game_result
    from deckbuilder.rules.goldfish import GameBatch, needed_titles
    from deckbuilder.service.games import play_games

    def play(deck: Deck, seeds: Sequence[int]) -> list[GameResult]:
        mine = {
            e.card.key: recipes[e.card.key]
            for e in deck.main
            if e.card.type is CardType.ADVENTURE and e.card.key in recipes
        }
        batch = GameBatch(
            deck,
            campaign=campaign,
            target=target,
            max_rounds=max_rounds,
            recipes=mine,
            needed=frozenset(needed_titles(deck, mine)),
            effects=effects,
        )
        records = play_games(batch, list(seeds), jobs=None)
        # The progress of a game that fell short, as the build's workers measure it
        # (buildgames.DeckGames): without it a search that plays on this player (one process,
        # a slow first deck) sees every failed game alike and goes another way than with two.
        groups = adventure_titles(batch.game(), deck, mine)
        return [
            game_result(
                r.target_reached if campaign else r.first_adventure,
                r.final_sanity,
                r.points,
                r.first_played,
                groups,
                campaign,
                target,
            )
            for r in records
        ]

    return play


def _deck_document(
    name: str, investigator: Card, counts: Mapping[str, int], cards: Mapping[str, Card], notes: Sequence[str]
) -> str:
    def entry(card: Card, n: int) -> dict[str, Any]:
        return {"title": card.title, "set": card.set_code, "printing": card.printing, "count": n}

    return json.dumps(
        {
            "format": "mythos-deck",
            "version": 1,
            "name": name,
            "notes": list(notes),
            "investigators": [entry(investigator, 1)],
            "cards": [entry(cards[k], n) for k, n in sorted(counts.items()) if n > 0],
        },
        ensure_ascii=False,
    )


def _why_notes(counts: Mapping[str, int], cards: Mapping[str, Card], why: Mapping[str, str]) -> list[str]:
    """Gets one note per reason: the reason, then the cards it brought (copies, titles)."""
    from deckbuilder.rules.cards import display_title

    groups: dict[str, list[str]] = {}
    for key, n in sorted(counts.items(), key=lambda kv: display_title(cards[kv[0]].title).casefold()):
        if n > 0:
            groups.setdefault(why.get(key, CHOSEN_BY_GAMES), []).append(f"{n} {display_title(cards[key].title)}")
    order = (
        "kept",
        "an Adventure",
        "from your deck",
        "for ",
        "so that",
        "a Location or Ally",
        "another copy",
        "a Location to walk",
        "chosen by",
    )

    def rank(reason: str) -> int:
        return next((i for i, start in enumerate(order) if reason.startswith(start)), len(order))

    return [
        f"Why: {reason}: {', '.join(titles)}." for reason, titles in sorted(groups.items(), key=lambda g: rank(g[0]))
    ]


@dataclass(frozen=True)
class DeckChoice:
    """One deck a build reports: the deck (written by any deck format), its held-out games."""

    label: str
    deck: LoadedDeck
    measure: Measure
    notes: tuple[str, ...] = ()
    #: Against a field: the win share against each field deck on held-out matches.
    against: tuple[Any, ...] = ()

    def to_json(self) -> dict[str, Any]:
        cards = [{"title": e.card.title, "set": e.card.set_code, "count": e.count} for e in self.deck.deck.main]
        out = {"label": self.label, **self.measure.to_dict(), "cards": cards, "notes": list(self.notes)}
        if self.against:
            out["against"] = [s.to_json() for s in self.against]
        return out


@dataclass(frozen=True)
class DeckBuild:
    """What ``mythos deck build`` found: the built deck against its start, the games played,
    the seed, and the runner-ups that play differently."""

    investigator: str
    adventures: tuple[str, ...]
    format: str
    built: DeckChoice
    start: DeckChoice
    runners_up: tuple[DeckChoice, ...]
    seed: int
    games: int
    steps: int
    kept: int
    stopped_by: str
    seconds: float
    kept_start: bool = False
    notes: tuple[str, ...] = field(default=())
    #: The way to play's id (``campaign``), and the Campaign target its games played to (None: not a Campaign).
    format_id: str = "advanced"
    target: int | None = None
    #: The ``deck goldfish --seed`` that plays the held-out games again (with as many games).
    held_out_seed: int = 0
    #: Adventure sets a Campaign build that chose its Adventures built for (0: it chose none),
    #: and the Adventures it tried alone with the share of games each completed.
    sets_tried: int = 0
    screened: tuple[tuple[str, float], ...] = ()
    #: The Adventures left out untried, with the reason (no game alone can complete them), and
    #: the Adventure sets whose first decks played Campaign games, with the share reaching the
    #: target (-1: not played, the time cap), in the order the build took them.
    left_out: tuple[tuple[str, str], ...] = ()
    sets_weighed: tuple[tuple[tuple[str, ...], float], ...] = ()
    #: The way to play the decks were built and measured for (:class:`~deckbuilder.service.WayToPlay`).
    play: Any = None
    #: The field's deck names (empty: measured alone, by completion speed).
    field_decks: tuple[str, ...] = field(default=())

    @property
    def objective(self) -> str:
        """Gets what the build chose by, in one line."""
        from deckbuilder.service.against import ALONE_LINE

        if not self.field_decks:
            return ALONE_LINE
        return (
            f"Measured by matches against {len(self.field_decks)} deck{'s' if len(self.field_decks) != 1 else ''} "
            "(the same seeds for every deck): the objective is the win share, then Adventure speed, then Sanity."
        )

    def to_json(self) -> dict[str, Any]:
        """Gets the build as ``mythos deck build --json`` prints it."""
        return {
            "objective": self.objective,
            "against": list(self.field_decks),
            "investigator": self.investigator,
            "adventures": list(self.adventures),
            "format": self.format,
            "target": self.target,
            "seed": self.seed,
            "held_out_seed": self.held_out_seed,
            "games": self.games,
            "steps": self.steps,
            "changes_kept": self.kept,
            "stopped_by": self.stopped_by,
            "kept_start": self.kept_start,
            "seconds": round(self.seconds, 1),
            "adventure_sets_tried": self.sets_tried,
            "adventures_tried_alone": [{"adventure": t, "completed": round(share, 4)} for t, share in self.screened],
            "adventures_left_out": [{"adventure": t, "reason": why} for t, why in self.left_out],
            "adventure_sets_weighed": [
                {"adventures": list(titles), "reached_target": None if share < 0 else round(share, 4)}
                for titles, share in self.sets_weighed
            ],
            "built": self.built.to_json(),
            "start": self.start.to_json(),
            "runners_up": [r.to_json() for r in self.runners_up],
        }


def build_deck(
    catalog: Catalog,
    *,
    investigator: str | None = None,
    adventures: Sequence[str] = (),
    format_name: str = "advanced",
    target: int | None = None,
    collection: str | Path | None = None,
    from_deck: LoadedDeck | None = None,
    keep: Sequence[str] = (),
    seed: int = 0,
    time_limit: float = DEFAULT_TIME,
    budget: int | None = None,
    max_rounds: int = 20,
    jobs: int | None = None,
    progress: Progress | None = None,
    checkpoint: Callable[[], None] | None = None,
    against: Sequence[LoadedDeck] = (),
) -> DeckBuild:
    """Builds a legal deck for an Investigator that can complete the Adventures named (in a
    Campaign, reach the target with Adventures it picks), tuned by goldfish games.

    Options: ``format_name`` and ``target`` (the way to play), ``collection`` (a counts list
    in any deck format: no card beyond the copies owned), ``from_deck`` (start from a
    player's deck and change as little as it must; its Investigator and Adventures by
    default), ``keep`` (titles pinned, one copy per mention), ``seed`` (the same seed builds
    the same deck, when the games budget and not ``time_limit`` ends the search),
    ``budget`` (games the search may play), ``jobs`` (processes the games are split across,
    kept for the whole build; None: the machine's cores; the same deck whatever the number:
    service/buildgames.py), ``progress`` (games played, budget), ``checkpoint`` (called
    before every batch of games; what it raises ends the build: the web's Cancel and Ctrl-C),
    ``against`` (a field of decks: the deck is judged by its win share in matches against
    them, played in this process; ``budget`` then counts seeds, each a match per field deck).

    Raises :class:`~deckbuilder.errors.UsageError` for options that name nothing or
    conflict, ``NotAnAdventureError``, the resolver's ``UnknownCardError``, and
    ``ImpossibleBuildError`` when no legal deck meets the goal.
    """
    from deckbuilder.catalog.lookup import find_cards
    from deckbuilder.rules.cards import CardType, fold_title
    from deckbuilder.rules.construction import DEFAULT_BUDGET, BuildGoal, deck_limits
    from deckbuilder.rules.construction import build_deck as search
    from deckbuilder.rules.construction.build import SEARCH_ROUNDS, held_out_seed
    from deckbuilder.service.buildgames import build_players

    started = time.monotonic()
    if time_limit <= 0:
        raise UsageError(f"--time {time_limit:g}: give a number of seconds above 0")
    play, campaign, goal_target = _playing(format_name, target)
    notes: list[str] = []
    if investigator is not None:
        who = _investigator(catalog, investigator, notes)
    elif from_deck is not None and from_deck.deck.investigators:
        who = from_deck.deck.investigators[0]
    else:
        raise UsageError("--investigator NAME: say who plays the deck (mythos search t:investigator)")
    chosen = [_find_adventure(catalog, title, notes) for title in adventures]
    if not chosen and from_deck is not None:
        chosen = list(
            {
                fold_title(e.card.title): e.card for e in from_deck.deck.main if e.card.type is CardType.ADVENTURE
            }.values()
        )
    if not chosen and not campaign:
        raise UsageError(
            "--adventure TITLE: name at least one Adventure the deck must complete "
            "(or --format campaign to let the build choose them)"
        )
    for adventure in chosen:
        if not adventure.is_official or adventure.set_code == "RP":
            raise UsageError(
                f"--adventure {adventure.title!r}: a build plays Chaosium's cards at their printed "
                "values, not fan or re-pointed ones; name the Adventure as printed"
            )
    pinned: list[tuple[Card, int]] = []
    for name in keep:
        named = find_cards(catalog, name)
        if named.note:
            notes.append(named.note)
        card = named.cards[0]
        if card.type is CardType.INVESTIGATOR:
            raise UsageError(f"--keep {name!r}: {card.title} is an Investigator; choose who plays with --investigator")
        pinned.append((card, 1))
    owned = _owned(catalog, collection) if collection is not None else None
    size, copies = deck_limits(play.format)
    cards = _pool_cards(catalog)
    players = _players(catalog, cards, campaign, goal_target, max_rounds)
    recipes = players.recipes
    start = tuple((e.card, e.count) for e in from_deck.deck.main) if from_deck is not None else None
    if not against:
        notes += _solitaire_gaps(cards, recipes, tuple(dict.fromkeys(chosen)), copies)
    goal = BuildGoal(
        investigator=who,
        adventures=tuple(dict.fromkeys(chosen)),
        format=play.format,
        house_rules=play.house_rules,
        campaign=campaign,
        target=goal_target,
        max_rounds=max_rounds,
        keep=tuple(pinned),
        owned=owned,
        start=start,
        min_cards=size,
        max_copies=copies,
        combat=bool(against),
    )
    # The held-out games (some 3,000) and the files take the rest: up to 11 s on a machine
    # busy with other work (benchmarks/build.py), so a 55 s build ends within the minute.
    deadline = started + time_limit - max(1.0, min(12.0, 0.25 * time_limit))
    screen_deadline = started + SCREEN_TIME_SHARE * (deadline - started)

    def tick(done: int, total: int) -> None:
        if progress is not None:
            progress(done, total)

    # The workers know every card a deck of the build may hold: the pool's, the start's, the pinned.
    known = {c.key: c for c in cards}
    known.update({c.key: c for c, _n in (*(start or ()), *pinned)})
    if against:
        from deckbuilder.rules.construction import build as build_rules
        from deckbuilder.service.against import (
            FIELD_BUDGET,
            FIELD_REPORT_GAMES,
            FIELD_STAGES,
            Pace,
            field_decks,
            field_players,
        )

        the_field = field_decks(catalog, against)
        # The held-out matches the report plays are kept, and each reported deck's win share
        # against every field deck is read from them: the same matches as its measure, played once.
        report_games = min(build_rules.REPORT_GAMES, FIELD_REPORT_GAMES)
        report_seeds = build_rules.held_out_seeds(seed, report_games)
        played: dict[Any, tuple[float, ...]] = {}
        search_play, report_play = field_players(
            the_field,
            recipes,
            campaign=campaign,
            target=goal_target,
            search_rounds=min(SEARCH_ROUNDS, max_rounds),
            max_rounds=max_rounds,
            played=played,
            keep=report_seeds,
        )
        # The held-out matches cost far more than the goldfish's games: the search stops in
        # time for them at the pace its own matches play (on a busy machine, sooner).
        pace = Pace(search_play)
        search_play, report_play = _checked(pace, checkpoint), _checked(report_play, checkpoint)
        result = search(
            goal,
            cards,
            recipes,
            search_play,
            seed=seed,
            budget=budget or FIELD_BUDGET,
            should_stop=lambda: time.monotonic() > deadline - pace.reserve(report_games),
            progress=tick,
            report_play=report_play,
            report_games=report_games,
            stages=FIELD_STAGES,
            speed_play=_checked(players.search, checkpoint),
            speed_stop=lambda: (
                time.monotonic() > started + SPEED_TIME_SHARE * (deadline - pace.reserve(report_games) - started)
            ),
            screen_play=players.screen,
            screen_stop=lambda: time.monotonic() > screen_deadline,
        )
    else:
        with build_players(
            known,
            who,
            recipes,
            campaign=campaign,
            target=goal_target,
            search_rounds=min(SEARCH_ROUNDS, max_rounds),
            max_rounds=max_rounds,
            jobs=jobs,
            search_alone=players.search,
            report_alone=players.report,
            effects=players.effects,
        ) as (search_play, report_play):
            search_play, report_play = _checked(search_play, checkpoint), _checked(report_play, checkpoint)
            result = search(
                goal,
                cards,
                recipes,
                search_play,
                seed=seed,
                budget=budget or DEFAULT_BUDGET,
                should_stop=lambda: time.monotonic() > deadline,
                progress=tick,
                report_play=report_play,
                screen_play=players.screen,
                screen_stop=lambda: time.monotonic() > screen_deadline,
            )
    name = built_deck_name([a.title for a in result.adventures], who.title)
    chosen_by = CHOSEN_BY_MATCHES if against else CHOSEN_BY_GAMES

    def choice(deck: BuiltDeck, label: str) -> DeckChoice:
        why = {**result.why} if deck is result.start else {k: result.why.get(k, chosen_by) for k in deck.counts}
        deck_notes = _why_notes(deck.counts, result.cards, why)
        text = _deck_document(
            f"{name} ({label})" if label != "built" else name, who, deck.counts, result.cards, deck_notes
        )
        shares: tuple[Any, ...] = ()
        if against:
            from deckbuilder.rules.construction import to_deck
            from deckbuilder.service.against import field_shares

            shares = field_shares(
                to_deck(deck.counts, result.cards, who),
                the_field,
                recipes,
                seed=seed,
                campaign=campaign,
                target=goal_target,
                max_rounds=max_rounds,
                seeds=report_seeds,
                played=played,
            )
        return DeckChoice(
            label, load_deck_text(catalog, text, filename="built.json"), deck.measure, tuple(deck_notes), shares
        )

    return DeckBuild(
        investigator=who.title,
        adventures=tuple(a.title for a in result.adventures),
        format=play.format.name,
        built=choice(result.best, "built"),
        start=choice(result.start, result.start.label),
        runners_up=tuple(choice(r, r.label) for r in result.runners_up),
        seed=seed,
        games=result.games,
        steps=result.steps,
        kept=result.kept,
        stopped_by=result.stopped_by,
        seconds=time.monotonic() - started,
        kept_start=result.kept_start,
        notes=tuple(notes),
        format_id=format_name,
        target=goal_target if campaign else None,
        held_out_seed=held_out_seed(seed),
        play=play,
        sets_tried=result.sets_tried,
        screened=tuple((a.title, share) for a, share in result.screened),
        left_out=tuple((a.title, why) for a, why in result.left_out),
        sets_weighed=tuple((tuple(a.title for a in added), share) for added, share in result.sets_weighed),
        field_decks=tuple(d.deck.name or d.name for d in against),
    )


def built_deck_name(adventures: Sequence[str], investigator: str) -> str:
    """Gets a built deck's name: after its Adventures, the first two and how many more (a
    player tells decks apart by what they complete; issue 27 found four decks named alike
    "Built for" their Investigator), or after its Investigator when it has none.

    >>> built_deck_name(["Dunwich Horror, The", "A Heroic Rescue", "Dark Horse"], "Bored Clerk")
    'The Dunwich Horror, A Heroic Rescue +1'
    """
    from deckbuilder.rules.cards import display_title

    titles = list(dict.fromkeys(display_title(t) for t in adventures))
    if not titles:
        return f"Built for {display_title(investigator)}"
    if len(titles) <= 2:
        return " and ".join(titles)
    return f"{titles[0]}, {titles[1]} +{len(titles) - 2}"


@dataclass(frozen=True)
class DeckSuggestions:
    """What ``mythos deck suggest`` measured: single changes, the recommended first."""

    deck: LoadedDeck
    investigator: str
    games: int
    seed: int
    changes: tuple[Any, ...]
    notes: tuple[str, ...] = ()
    #: The field's deck names (empty: measured alone, by completion speed).
    field_decks: tuple[str, ...] = ()
    #: The cards left alone, each with why (a Combat card measured alone).
    left_alone: tuple[str, ...] = ()
    #: Against a field: the deck's win share against each field deck on the fresh matches.
    against: tuple[Any, ...] = ()

    @property
    def recommended(self) -> tuple[Any, ...]:
        return tuple(c for c in self.changes if c.recommended)

    @property
    def objective(self) -> str:
        """Gets what the changes are judged by, in one line."""
        from deckbuilder.service.against import ALONE_LINE

        if not self.field_decks:
            return ALONE_LINE
        n = len(self.field_decks)
        return (
            f"Measured by matches against {n} deck{'s' if n != 1 else ''} (the same seeds for every change): "
            "a change is recommended when it clearly wins more of them."
        )

    def to_json(self) -> dict[str, Any]:
        """Gets the changes as ``mythos deck suggest --json`` prints them."""
        return {
            "deck": self.deck.name,
            "investigator": self.investigator,
            "games": self.games,
            "seed": self.seed,
            "objective": self.objective,
            "against": [s.to_json() for s in self.against],
            "left_alone": list(self.left_alone),
            "changes": [c.to_dict() for c in self.changes],
        }


def suggest_changes(
    catalog: Catalog,
    deck: LoadedDeck,
    *,
    games: int = 1000,
    format_name: str = "advanced",
    target: int | None = None,
    investigator: str | None = None,
    seed: int = 0,
    max_rounds: int = 20,
    progress: Progress | None = None,
    checkpoint: Callable[[], None] | None = None,
    against: Sequence[LoadedDeck] = (),
) -> DeckSuggestions:
    """Measures single changes to a deck (add, cut, swap a card for one the catalog has) by
    goldfish games over common seeds; gets them ranked, each with its 95% interval and
    reason, the recommended (not within noise) first.

    ``checkpoint`` is called before every batch of games; what it raises ends the work.
    ``against``: a field of decks; each change is then judged by its effect on the share of
    matches won against them (``games`` seeds, a match per field deck each, fresh ones for the
    figures), and the deck's own win share against each is reported. Without it, a card whose
    worth shows only in Combat is left alone, with why.

    Raises :class:`~deckbuilder.errors.UsageError` for an out-of-range number or a way to
    play the goldfish cannot play, and ``NoInvestigatorError`` for a deck no Investigator plays.
    """
    from deckbuilder.rules.construction import deck_limits
    from deckbuilder.rules.construction.suggest import SCREEN
    from deckbuilder.rules.construction.suggest import suggest_changes as measure_changes
    from deckbuilder.rules.engine import NoInvestigatorError
    from deckbuilder.service.against import FIELD_SCREEN
    from deckbuilder.service.decks import play_as

    if not 100 <= games <= 100_000:
        raise UsageError(f"--games {games}: give a number from 100 to 100000")
    play, campaign, goal_target = _playing(format_name, target)
    notes: list[str] = []
    if investigator is not None:
        deck, note = play_as(catalog, deck, investigator)
        notes += [note] if note else []
    if not deck.deck.investigators:
        raise NoInvestigatorError("the deck names no Investigator; choose one to play with --investigator")
    who = deck.deck.investigators[0]
    cards = _pool_cards(catalog)
    known = {c.key for c in cards}
    cards += [e.card for e in deck.deck.main if e.card.key not in known]
    players = _players(catalog, cards, campaign, goal_target, max_rounds)
    recipes, report_play = players.recipes, players.report
    counts: dict[str, int] = {}
    for e in deck.deck.main:
        counts[e.card.key] = counts.get(e.card.key, 0) + e.count
    size, copies = deck_limits(play.format)
    left: list[str] = []
    shares: tuple[Any, ...] = ()
    if against:
        from deckbuilder.service.against import field_decks, field_players, field_shares

        the_field = field_decks(catalog, against)
        _s, report_play = field_players(
            the_field, recipes, campaign=campaign, target=goal_target, search_rounds=max_rounds, max_rounds=max_rounds
        )
        shares = field_shares(
            deck.deck, the_field, recipes, seed=seed, campaign=campaign, target=goal_target, max_rounds=max_rounds
        )
    changes = measure_changes(
        counts,
        who,
        cards,
        recipes,
        _checked(report_play, checkpoint),
        min_cards=size,
        max_copies=copies,
        games=games,
        seed=seed,
        max_rounds=max_rounds,
        progress=progress,
        field=bool(against),
        left=left,
        screen_games=FIELD_SCREEN if against else SCREEN,
    )
    return DeckSuggestions(
        deck,
        who.title,
        games,
        seed,
        tuple(changes),
        tuple(notes),
        field_decks=tuple(d.deck.name or d.name for d in against),
        left_alone=tuple(dict.fromkeys(left)),
        against=shares,
    )
