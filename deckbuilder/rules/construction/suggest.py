"""Single changes to a deck (add, cut, swap a card) ranked by their measured effect.

Every change is screened on the same :data:`SCREEN` seeded games as the deck (common random
numbers); the most promising (:data:`FINALISTS`) are then measured afresh on ``games`` other
seeded games, so the figures reported are not the ones that chose them. A change is
recommended only when the 95% interval of its paired effect on the Round of completion
leaves out zero (sooner), or that of its effect on final Sanity does (higher) without the
Round being clearly later: nothing within noise is recommended.

Each change carries its reason: the recipe slot a card fills, the playability fault it
removes, the card it replaces (no Adventure of the deck needs it, or it can never be played).

Against a field (``field=True``: ``play`` plays matches, :mod:`.against`) a change is
recommended only when the 95% interval of its paired effect on the win share leaves out zero
(more wins) on the fresh matches. Alone, a card whose worth shows only in Combat or against
an opponent (a Monster, an Event aimed at an opponent, a Weapon, a card that changes a value)
is never offered as a cut: the goldfish cannot see what it does, so it is left alone with the
reason (:data:`COMBAT_NOTE`) in ``left``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from deckbuilder.rules.cards import Card, CardType, display_title, fold_title
from deckbuilder.rules.construction.measure import WIN_ROUNDS, Effect, cost, round_effect, sanity_effect, win_effect
from deckbuilder.rules.construction.model import Counts, GameResult, PlayBatch, Pool, to_deck
from deckbuilder.rules.construction.search import Arena

if TYPE_CHECKING:
    from deckbuilder.rules.adventures import Recipe
    from deckbuilder.rules.adventures.matching import Predicate

#: Games each change is screened on.
SCREEN = 120
#: Changes measured in full after the screening.
FINALISTS = 12
#: Cards tried as additions (the most promising by the screening of adds alone).
ADDS = 40
#: Cuts and adds crossed into swaps.
SWAP_SIDE = 6
#: Why a Combat or opponent card is left alone by a suggestion without a field.
COMBAT_NOTE = "its value is in Combat: measure it with --against"
#: The ledger's reasons (:mod:`deckbuilder.rules.effects.reader`) that say a card works in
#: Combat or on an opponent, which only matches show.
_COMBAT_WORDS = ("only in Combat", "aims at an opponent", "only an opponent plays")


def combat_card(card: Card, fault: str | None) -> bool:
    """Checks that a card's worth shows only in Combat or against an opponent: a Monster (it
    fights in Combat, l.400), or a card whose playability note says so (an Event aimed at an
    opponent, a Weapon, a value that counts only in Combat)."""
    if card.type is CardType.MONSTER:
        return True
    return fault is not None and any(w in fault for w in _COMBAT_WORDS)


@dataclass(frozen=True)
class Change:
    """One change to a deck: what comes out and what goes in (a copy each), why, and, once
    measured, its effect on the Round of completion (negative: sooner) and on final Sanity."""

    kind: str
    cut: Card | None
    add: Card | None
    reason: str
    rounds: Effect | None = None
    sanity: Effect | None = None
    games: int = 0
    #: Against a field: the effect on the share of matches won (positive: more).
    wins: Effect | None = None
    #: Against a field: whether a change clear on the fresh matches won more again on as many
    #: others (None: not replayed).
    confirmed: bool | None = None

    @property
    def recommended(self) -> bool:
        """Checks that the effect is not noise: against a field, clearly more matches won;
        alone, a clearly sooner Round, or clearly more Sanity with a Round not clearly later."""
        if self.wins is not None:
            return self.wins.low > 0 and self.confirmed is not False
        if self.rounds is None or self.sanity is None:
            return False
        return self.rounds.high < 0 or (self.sanity.low > 0 and self.rounds.low <= 0 <= self.rounds.high)

    def describe(self) -> str:
        if self.kind == "add" and self.add is not None:
            return f"add {display_title(self.add.title)}"
        if self.kind == "cut" and self.cut is not None:
            return f"cut {display_title(self.cut.title)}"
        if self.cut is not None and self.add is not None:
            return f"swap {display_title(self.cut.title)} for {display_title(self.add.title)}"
        return self.kind

    def to_dict(self) -> dict[str, object]:
        return {
            "change": self.describe(),
            "kind": self.kind,
            "cut": self.cut.title if self.cut else None,
            "add": self.add.title if self.add else None,
            "reason": self.reason,
            "games": self.games,
            "rounds": self.rounds.to_dict() if self.rounds else None,
            "final_sanity": self.sanity.to_dict() if self.sanity else None,
            **({"win_share": self.wins.to_dict()} if self.wins is not None else {}),
            "recommended": self.recommended,
        }

    def apply(self, counts: Counts) -> Counts:
        """Gets the deck with the change made."""
        out = dict(counts)
        if self.cut is not None:
            out[self.cut.key] -= 1
            if out[self.cut.key] <= 0:
                del out[self.cut.key]
        if self.add is not None:
            out[self.add.key] = out.get(self.add.key, 0) + 1
        return out


def suggest_changes(
    counts: Counts,
    investigator: Card,
    cards: Sequence[Card],
    recipes: Mapping[str, Recipe],
    play: PlayBatch,
    *,
    min_cards: int = 52,
    max_copies: int = 4,
    games: int = 1000,
    seed: int = 0,
    max_rounds: int = 20,
    progress: Callable[[int, int], None] | None = None,
    field: bool = False,
    left: list[str] | None = None,
    screen_games: int = SCREEN,
) -> list[Change]:
    """Gets single changes to a deck, measured: the recommended first (best effect on the
    Round first), then the rest of the finalists. ``counts`` are the deck section's copies
    by card key; ``cards`` the candidate cards (the catalog's); ``play`` the goldfish, whose
    games last at most ``max_rounds`` (a game that never completes costs ``max_rounds + 2``).
    With ``field``, ``play`` plays matches against a field and the win share decides; without,
    the cards only matches can judge are not cut, each said in ``left`` (when given).
    ``screen_games``: the seeds each change is screened on (:data:`SCREEN`)."""
    pool = Pool.of(cards, max_copies)
    known: dict[str, Card] = dict(pool.cards)
    deck_cards = {k: c for k, c in ((k, _card(cards, k)) for k in counts) if c is not None}
    known.update(deck_cards)
    rng = random.Random(seed)
    screen_seeds = [rng.randrange(2**31) for _ in range(screen_games)]
    final_seeds = [rng.randrange(2**31) for _ in range(games)]
    screen = Arena(play, known, investigator, screen_seeds)
    base = screen.results(counts, screen_games)
    needs = _needs(counts, known, recipes)
    faults = _faults(counts, known, investigator)
    candidates = _candidates(counts, known, pool, recipes, min_cards, needs, faults, investigator, field, left)
    steps = len(candidates) + SWAP_SIDE * SWAP_SIDE + FINALISTS
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, steps)

    def screened(change: Change) -> float:
        tick()
        trial = screen.results(change.apply(counts), screen_games)
        return sum(_score(a, max_rounds) - _score(b, max_rounds) for a, b in zip(trial, base)) / screen_games

    scores = [(screened(c), i, c) for i, c in enumerate(candidates)]
    adds = sorted((s for s in scores if s[2].kind == "add"), key=lambda s: s[:2])[:SWAP_SIDE]
    cuts = sorted((s for s in scores if s[2].kind == "cut"), key=lambda s: s[:2])[:SWAP_SIDE]
    swaps = []
    for _s1, _i1, cut in cuts:
        for _s2, _i2, add in adds:
            if cut.cut is None or add.add is None or cut.cut.key == add.add.key:
                continue
            swaps.append(Change("swap", cut.cut, add.add, f"{cut.reason}; in its place, {add.reason}"))
    base_size = sum(counts.values())
    scores += [(screened(c), len(scores) + i, c) for i, c in enumerate(swaps)]
    legal = [s for s in scores if sum(s[2].apply(counts).values()) >= min(min_cards, base_size)]
    # Two printings of one card make the same change twice: it is measured, and shown, once.
    finalists: list[Change] = []
    for _s, _i, change in sorted(legal, key=lambda s: s[:2]):
        if len(finalists) < FINALISTS and all(change.describe() != f.describe() for f in finalists):
            finalists.append(change)
    full = Arena(play, known, investigator, final_seeds)
    before = full.results(counts, games)
    measured = []
    for change in finalists:
        tick()
        after = full.results(change.apply(counts), games)
        measured.append(
            Change(
                change.kind,
                change.cut,
                change.add,
                change.reason,
                round_effect(after, before, max_rounds),
                sanity_effect(after, before),
                games,
                win_effect(after, before) if field else None,
            )
        )
    if field:
        measured = _confirmed(
            measured,
            counts,
            known,
            investigator,
            play,
            [rng.randrange(2**31) for _ in range(games)],
            before,
            full,
            max_rounds,
        )
    measured.sort(
        key=lambda c: (
            not c.recommended,
            -(c.wins.mean if c.wins else 0.0),
            c.rounds.mean if c.rounds else 0.0,
            -(c.sanity.mean if c.sanity else 0.0),
            c.describe(),
        )
    )
    return measured


def _confirmed(
    measured: list[Change],
    counts: Counts,
    known: Mapping[str, Card],
    investigator: Card,
    play: PlayBatch,
    seeds: Sequence[int],
    before: Sequence[GameResult],
    full: Arena,
    max_rounds: int,
) -> list[Change]:
    """Replays each change whose win share is clearly higher on as many other fresh matches:
    the best of a dozen finalists is flattered by the choosing, so a change is recommended
    only when it wins more again there (and the interval over both sets of matches leaves out
    zero). The figures become those of both sets."""
    again = Arena(play, dict(known), investigator, seeds)
    base = again.results(counts, len(seeds))
    out = []
    for change in measured:
        if change.wins is None or change.wins.low <= 0:
            out.append(change)
            continue
        first = full.results(change.apply(counts), len(before))
        second = again.results(change.apply(counts), len(seeds))
        holds = win_effect(second, base).mean > 0
        out.append(
            replace(
                change,
                rounds=round_effect([*first, *second], [*before, *base], max_rounds),
                sanity=sanity_effect([*first, *second], [*before, *base]),
                wins=win_effect([*first, *second], [*before, *base]),
                games=len(before) + len(seeds),
                confirmed=holds,
            )
        )
    return out


def _score(result: GameResult, max_rounds: int) -> float:
    """Gets a game's cost as the screening weighs it: the Round (:func:`~.measure.cost`), and
    against a field :data:`~.measure.WIN_ROUNDS` for each match lost besides."""
    return cost(result, max_rounds) + (0.0 if result.win is None else WIN_ROUNDS * (1.0 - result.win))


def _card(cards: Sequence[Card], key: str) -> Card | None:
    return next((c for c in cards if c.key == key), None)


def _needs(counts: Counts, known: Mapping[str, Card], recipes: Mapping[str, Recipe]) -> dict[str, str]:
    """Gets, per card key the deck's Adventures use, the slot it fills (Adventure: slot)."""
    from deckbuilder.rules.adventures import check_adventure

    cards = [known[k] for k, n in sorted(counts.items()) for _ in range(n)]
    out: dict[str, str] = {}
    for key in sorted(counts):
        adventure = known[key]
        if adventure.type is not CardType.ADVENTURE or key not in recipes:
            continue
        folded = fold_title(adventure.title)
        check = check_adventure(recipes[key], [c for c in cards if fold_title(c.title) != folded])
        for slot in check.slots:
            for card in slot.cards:
                out.setdefault(card.key, f"{display_title(adventure.title)}: {slot.text}")
        out.setdefault(key, f"{display_title(adventure.title)} itself")
    return out


def _faults(counts: Counts, known: Mapping[str, Card], investigator: Card) -> dict[str, str]:
    """Gets the playability fault of each card title that has one (folded title: reason)."""
    from deckbuilder.rules.playability import playability

    return {fold_title(i.card): i.reason for i in playability(to_deck(counts, dict(known), investigator))}


def _opens(
    counts: Counts, known: Mapping[str, Card], investigator: Card, key: str, faults: Mapping[str, str]
) -> str | None:
    """Gets why a card no recipe slot names still serves the deck: the playability fault the
    deck would have without it (a Location an Ally is found at, a Gate a Monster needs), or
    None when nothing else depends on it."""
    without = _faults({k: n for k, n in counts.items() if k != key}, known, investigator)
    reason = next((why for title, why in without.items() if title not in faults), None)
    if reason is None:
        return None
    return f"{display_title(known[key].title)} fills no Adventure's slot, but the deck needs it: {reason}"


def _candidates(
    counts: Counts,
    known: Mapping[str, Card],
    pool: Pool,
    recipes: Mapping[str, Recipe],
    min_cards: int,
    needs: Mapping[str, str],
    faults: Mapping[str, str],
    investigator: Card,
    field: bool = False,
    left: list[str] | None = None,
) -> list[Change]:
    """Gets the single changes worth screening: a cut of each card (with its reason), and an
    add of each card that fills a slot of the deck's Adventures, removes a playability
    fault, or is another copy of a card the deck holds. Without ``field`` a card only matches
    can judge (:func:`combat_card`) is not cut: it goes to ``left`` with :data:`COMBAT_NOTE`."""
    from deckbuilder.rules.adventures import compile_requirement, slot_text
    from deckbuilder.rules.adventures.matching import card_facts

    out: list[Change] = []
    for key in sorted(counts):
        card = known[key]
        title = fold_title(card.title)
        if key in needs and card.type is CardType.ADVENTURE:
            continue
        if combat_card(card, faults.get(title)):
            if not field:
                if left is not None:
                    left.append(f"{display_title(card.title)} is left alone: {COMBAT_NOTE}")
                continue
            reason = f"{display_title(card.title)} works in Combat or on an opponent: judged by the matches" + (
                f" (it fills {needs[key]})" if key in needs else ""
            )
        elif title in faults:
            reason = f"{display_title(card.title)} may not earn its place: {faults[title]}"
        elif key in needs:
            reason = f"{display_title(card.title)} fills {needs[key]}, but another card can"
        else:
            reason = _opens(counts, known, investigator, key, faults) or (
                f"{display_title(card.title)} may not earn its place: no Adventure of the deck needs it"
            )
        out.append(Change("cut", card, None, reason))
    slots: list[tuple[str, Predicate]] = []
    for key in sorted(counts):
        if known[key].type is CardType.ADVENTURE and key in recipes:
            for slot in recipes[key].slots:
                slots.append(
                    (f"{display_title(known[key].title)}: {slot_text(slot)}", compile_requirement(slot.requirement))
                )
    before = len(faults)
    adds: list[Change] = []
    for key, card in pool.cards.items():
        if not card.is_official or card.type is CardType.ADVENTURE or pool.room(counts, card) <= 0:
            continue
        facts = card_facts(card)
        fills = next((label for label, test in slots if test(facts)), None)
        if key in counts:
            reason = (
                f"another copy of {display_title(card.title)}"
                + (f", for {fills}" if fills else "")
                + ", to draw it sooner"
            )
        elif fills is not None:
            reason = f"{display_title(card.title)} fills {fills}"
        elif (
            card.type is CardType.LOCATION
            and (card.subregion or "")
            and any(
                fold_title(known[k].subregion or "") == fold_title(card.subregion or "")
                for k in counts
                if known[k].type is CardType.ALLY
            )
        ):
            reason = f"{display_title(card.title)} is a Location of {card.subregion}, where the deck's Allies are found"
        else:
            continue
        adds.append(Change("add", None, card, reason))
    adds.sort(key=lambda c: (c.add is None or c.add.key not in counts, c.reason, c.add.key if c.add else ""))
    for i, change in enumerate(adds[:ADDS]):
        if change.add is None or change.add.key in counts or not faults:
            continue
        trial = dict(counts)
        trial[change.add.key] = 1
        after = _faults(trial, {**known, change.add.key: change.add}, investigator)
        gone = sorted(set(faults) - set(after))
        if len(after) < before and gone:
            adds[i] = replace(change, reason=f"{change.reason}; it removes a blocker: {faults[gone[0]]}")
    out.extend(adds[:ADDS])
    return out
