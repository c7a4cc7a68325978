"""Exact draw odds (hypergeometric) and their simulated stand-ins.

How likely is a Location in the opening hand, a named card by Round k, or — which no deck
builder offers — several requirements at once: a Tome *and* a reader of its language, or
every card of an Adventure's recipe by Round k?

Exact answers count hands: the chance of drawing at least ``need`` cards of a group of
``size`` within ``draws`` cards of a ``deck`` is the hypergeometric tail. For several
*disjoint* groups at once the multivariate hypergeometric sum is exact too (a dynamic
programme over the groups, in exact integers). When groups share cards (one Ally who is
both an Author and Steadfast), the requirements interact the way a recipe's slots do; the
chance is then estimated by shuffling, and labelled as simulated.

"By Round k" means within the cards seen by then: the opening hand plus the cards drawn
to refill it at the start of each later Round. How many cards a Round refills depends on
play; :func:`cards_seen` takes it as a parameter (the goldfish simulation measures it).
"""

from __future__ import annotations

import random
import struct
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import ceil, comb, log
from typing import cast


@dataclass(frozen=True)
class Odds:
    """A probability, how it was obtained, and what it is the probability of."""

    label: str
    probability: float
    exact: bool
    draws: int
    trials: int = 0

    def to_dict(self) -> dict[str, object]:
        return {
            "label": self.label,
            "probability": round(self.probability, 6),
            "exact": self.exact,
            "method": "exact (hypergeometric)" if self.exact else f"simulated ({self.trials} shuffles)",
            "draws": self.draws,
        }


def cards_seen(hand: int, round_number: int, refill_per_round: float, deck: int) -> int:
    """Gets how many cards have been drawn by the start of Round ``round_number`` (1-based):
    the opening hand, then ``refill_per_round`` cards at the start of each later Round
    (rulebook: "At the beginning of the next Round you refill your Hand"), never more than
    the deck holds."""
    if round_number < 1:
        raise ValueError("rounds are numbered from 1")
    return min(deck, hand + round(refill_per_round * (round_number - 1)))


def p_at_least(deck: int, size: int, draws: int, need: int = 1) -> Fraction:
    """Gets the exact chance of at least ``need`` of ``size`` cards among ``draws`` of ``deck``.

    >>> p_at_least(52, 4, 13)        # a 4-of in a 13-card opening hand
    Fraction(14498, 20825)
    """
    if not 0 <= size <= deck or draws < 0:
        raise ValueError(f"impossible draw: {size} of {deck} cards, {draws} drawn")
    draws = min(draws, deck)
    if need <= 0:
        return Fraction(1)
    total = comb(deck, draws)
    hits = sum(comb(size, k) * comb(deck - size, draws - k) for k in range(need, min(size, draws) + 1))
    return Fraction(hits, total)


def p_all_groups(deck: int, groups: Sequence[tuple[int, int]], draws: int) -> Fraction:
    """Gets the exact chance of meeting every (size, need) group at once in ``draws`` cards.

    The groups must not share cards (their sizes add up to at most ``deck``). Counts hands
    with a dynamic programme over the groups: ``ways[t]`` is the number of ways to take
    ``t`` cards from the groups so far with every need met.
    """
    if sum(size for size, _ in groups) > deck:
        raise ValueError("the groups share cards or exceed the deck")
    draws = min(draws, deck)
    ways = [0] * (draws + 1)
    ways[0] = 1
    for size, need in groups:
        nxt = [0] * (draws + 1)
        for taken, count in enumerate(ways):
            if not count:
                continue
            for k in range(max(need, 0), min(size, draws - taken) + 1):
                nxt[taken + k] += count * comb(size, k)
        ways = nxt
    rest = deck - sum(size for size, _ in groups)
    hits = sum(count * comb(rest, draws - taken) for taken, count in enumerate(ways) if count)
    return Fraction(hits, comb(deck, draws))


def simulate(
    cards: Sequence[Hashable],
    draws: int,
    met: Callable[[Sequence[Hashable]], bool],
    *,
    trials: int = 20_000,
    seed: int = 0,
) -> float:
    """Gets the share of shuffles whose first ``draws`` cards satisfy ``met``: each shuffle's
    cards are those ``random.Random(seed).sample`` draws, trial after trial."""
    rng = random.Random(seed)
    pool = list(cards)
    n = len(pool)
    k = min(draws, n)
    hits = 0
    if n > _sample_setsize(k):  # a deck far larger than the draws: sample's other way
        for _ in range(trials):
            if met(sample(rng, pool, k)):
                hits += 1
        return hits / trials
    # sample's partial shuffle, inline, reading the generator's 32-bit outputs a block at a time
    # (see _outputs) rather than calling getrandbits for each card: a simulated odd's millions
    # of draws were a third of a compiled goldfish command's fixed cost (issue 17).
    words: tuple[int, ...] = ()
    at = 0
    for _ in range(trials):
        left = pool[:]
        hand: list[Hashable] = []
        for i in range(k):
            m = n - i
            shift = 32 - m.bit_length()
            while True:
                if at == len(words):
                    words, at = _outputs(rng), 0
                j = words[at] >> shift
                at += 1
                if j < m:
                    break
            hand.append(left[j])
            left[j] = left[m - 1]
        if met(hand):
            hits += 1
    return hits / trials


#: How many of the generator's outputs :func:`_outputs` reads at once.
_BLOCK = 1024


def _outputs(rng: random.Random) -> tuple[int, ...]:
    """Gets the generator's next :data:`_BLOCK` 32-bit outputs, in order: ``getrandbits(k)``,
    for ``k`` up to 32, is the top ``k`` bits of the next output, and ``getrandbits(32 * B)``
    holds B outputs, the first in its lowest 32 bits (CPython's ``_randommodule.c``, 3.2 on).
    ``tests/test_odds.py`` holds the draws to ``random.sample``'s."""
    return struct.unpack(f"<{_BLOCK}I", rng.getrandbits(32 * _BLOCK).to_bytes(4 * _BLOCK, "little"))


def _sample_setsize(k: int) -> int:
    """Gets the population size up to which ``random.sample`` draws ``k`` cards by a partial
    shuffle (above it, it draws indices until an unused one)."""
    setsize = 21
    if k > 5:
        setsize += 4 ** ceil(log(k * 3, 4))
    return setsize


def sample(rng: random.Random, population: Sequence[Hashable], k: int) -> list[Hashable]:
    """Gets ``k`` cards drawn at random from ``population``: the very cards ``rng.sample``
    draws, from the same numbers of ``rng``, but in code the compiled core compiles (the
    standard library's runs as Python, and was half of a simulated odd's time, issue 17).

    CPython's algorithm, as its ``random.py`` has it since 3.2: a partial shuffle of a copy
    for small populations, else draws until an unused index; each index by rejection from
    ``getrandbits``. ``tests/test_odds.py`` holds the two to the same draws."""
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    getrandbits = rng.getrandbits
    result: list[Hashable] = []
    if n <= _sample_setsize(k):
        pool = list(population)
        for i in range(k):
            m = n - i
            bits = m.bit_length()
            j = getrandbits(bits)
            while j >= m:
                j = getrandbits(bits)
            result.append(pool[j])
            pool[j] = pool[m - 1]
    else:
        bits = n.bit_length()
        selected: set[int] = set()
        for _ in range(k):
            j = getrandbits(bits)
            while j >= n or j in selected:
                j = getrandbits(bits)
            selected.add(j)
            result.append(population[j])
    return result


def requirements_met(hand: Sequence[Hashable], requirements: Sequence[tuple[frozenset[Hashable], int]]) -> bool:
    """Checks whether separate cards of a hand meet every (accepted cards, need) requirement,
    each card serving one requirement only (as a recipe's slots: rulebook, "Each capitalised
    word ... must be matched by a separate card")."""
    # Per slot (a requirement needing n cards is n slots), the hand's cards it accepts, found
    # once: a requirement with too few is refused before any matching.
    candidates: list[list[int]] = []
    for accepted, need in requirements:
        if need <= 0:
            continue
        found = [i for i, card in enumerate(hand) if card in accepted]
        if len(found) < need:
            return False
        for _ in range(need):
            candidates.append(found)
    owner: dict[int, int] = {}
    return all(_place(s, set(), candidates, owner) for s in range(len(candidates)))


def _place(slot: int, seen: set[int], candidates: list[list[int]], owner: dict[int, int]) -> bool:
    """Finds a card for ``slot`` among its ``candidates``, moving cards already placed
    (``owner``: card -> slot) along an augmenting path. A module function, not a nested one:
    one that calls itself is a reference cycle, left for the garbage collector (the goldfish
    asks this many times)."""
    for i in candidates[slot]:
        if i not in seen:
            seen.add(i)
            if i not in owner or _place(owner[i], seen, candidates, owner):
                owner[i] = slot
                return True
    return False


def odds_of_requirements(
    cards: Sequence[Hashable],
    requirements: Sequence[tuple[frozenset[Hashable], int]],
    draws: int,
    label: str,
    *,
    trials: int = 20_000,
    seed: int = 0,
) -> Odds:
    """Gets the chance of meeting several requirements at once within ``draws`` cards:
    exact when no card could serve two requirements, simulated (and labelled so) otherwise.

    ``cards`` lists one entry per copy (a card identity); each requirement is the set of
    identities it accepts and how many separate cards it needs.
    """
    deck = len(cards)
    accepted = [acc for acc, _ in requirements]
    disjoint = all(not (a & b) for i, a in enumerate(accepted) for b in accepted[i + 1 :])
    if disjoint:
        groups = [(sum(1 for c in cards if c in acc), need) for acc, need in requirements]
        return Odds(label, float(p_all_groups(deck, groups, draws)), True, min(draws, deck))
    # Each card as the requirements it could serve, a bit each, read once rather than in every
    # shuffle: the shuffles draw the same positions, so the same hands (issue 17).
    serves = {c: sum(1 << i for i, acc in enumerate(accepted) if c in acc) for c in set(cards)}
    needs = [need for _, need in requirements]
    share = simulate([serves[c] for c in cards], draws, lambda hand: _served(hand, needs), trials=trials, seed=seed)
    return Odds(label, share, False, min(draws, deck), trials)


def _served(hand: Sequence[Hashable], needs: Sequence[int]) -> bool:
    """Checks whether separate cards of a hand meet every requirement's need, each card given as
    the requirements it could serve (a bit each, see :func:`odds_of_requirements`): what
    :func:`requirements_met` checks of the cards themselves."""
    useful = [cast(int, m) for m in hand if m]
    candidates: list[list[int]] = []
    for i, need in enumerate(needs):
        if need <= 0:
            continue
        found = [j for j, m in enumerate(useful) if m >> i & 1]
        if len(found) < need:
            return False
        for _ in range(need):
            candidates.append(found)
    owner: dict[int, int] = {}
    return all(_place(s, set(), candidates, owner) for s in range(len(candidates)))
