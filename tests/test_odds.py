"""Draw odds: exact where the numbers allow, simulated (and labelled so) otherwise."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckbuilder.rules.odds import (
    cards_seen,
    odds_of_requirements,
    p_all_groups,
    p_at_least,
    requirements_met,
    sample,
    simulate,
)


def test_a_four_of_in_the_opening_hand():
    # 1 - C(48,13)/C(52,13): the textbook chance of at least one of four copies in 13 cards.
    expected = 1 - Fraction(comb(48, 13), comb(52, 13))
    assert p_at_least(52, 4, 13) == expected
    assert round(float(expected), 4) == 0.6962


def test_no_copies_means_no_chance_and_a_whole_deck_means_certainty():
    assert p_at_least(52, 0, 13) == 0
    assert p_at_least(52, 4, 52) == 1


def test_several_groups_at_once_match_brute_force_on_a_small_deck():
    # Deck of 8: 2 Tomes, 2 readers, 4 others; 3 cards drawn; need a Tome and a reader.
    deck = ["T", "T", "R", "R", "x", "x", "x", "x"]
    hands = 0
    good = 0
    from itertools import combinations

    for hand in combinations(range(8), 3):
        hands += 1
        names = [deck[i] for i in hand]
        good += "T" in names and "R" in names
    assert p_all_groups(8, [(2, 1), (2, 1)], 3) == Fraction(good, hands)


@settings(max_examples=60, deadline=None)
@given(
    sizes=st.lists(st.integers(0, 6), min_size=1, max_size=3),
    needs=st.lists(st.integers(0, 2), min_size=3, max_size=3),
    extra=st.integers(0, 20),
    draws=st.integers(0, 30),
)
def test_one_group_agrees_with_the_single_tail(sizes, needs, extra, draws):
    deck = sum(sizes) + extra
    single = p_all_groups(deck, [(sizes[0], needs[0])], draws)
    assert single == p_at_least(deck, sizes[0], min(draws, deck), needs[0])
    both = p_all_groups(deck, list(zip(sizes, needs)), draws)
    assert 0 <= both <= single


def test_cards_seen_by_round():
    assert cards_seen(13, 1, 4, 60) == 13
    assert cards_seen(13, 3, 4, 60) == 21
    assert cards_seen(13, 20, 4, 60) == 60


def test_disjoint_requirements_are_exact():
    cards = ["tome"] * 2 + ["reader"] * 3 + ["other"] * 47
    odds = odds_of_requirements(cards, [(frozenset({"tome"}), 1), (frozenset({"reader"}), 1)], 13, "Tome and reader")
    assert odds.exact
    assert odds.probability == pytest.approx(float(p_all_groups(52, [(2, 1), (3, 1)], 13)))


def test_overlapping_requirements_are_simulated_and_close_to_the_truth():
    # One card fits both requirements (an Author who is Steadfast): not disjoint.
    cards = ["author+steadfast"] * 2 + ["author"] * 2 + ["steadfast"] * 2 + ["x"] * 46
    reqs = [(frozenset({"author", "author+steadfast"}), 1), (frozenset({"steadfast", "author+steadfast"}), 1)]
    odds = odds_of_requirements(cards, reqs, 13, "Author and Steadfast", trials=20_000, seed=1)
    assert not odds.exact and odds.trials == 20_000
    # Truth by brute-force sampling with another seed.
    rng = random.Random(7)
    truth = sum(requirements_met(rng.sample(cards, 13), reqs) for _ in range(20_000)) / 20_000
    assert abs(odds.probability - truth) < 0.02


def test_one_card_cannot_fill_two_slots():
    reqs = [(frozenset({"a"}), 1), (frozenset({"a", "b"}), 1)]
    assert not requirements_met(["a"], reqs)
    assert requirements_met(["a", "a"], reqs)
    assert requirements_met(["b", "a"], reqs)


def test_simulation_is_reproducible_with_a_seed():
    cards = list(range(52))
    a = simulate(cards, 13, lambda h: 0 in h, trials=2000, seed=3)
    b = simulate(cards, 13, lambda h: 0 in h, trials=2000, seed=3)
    assert a == b


@settings(max_examples=300, deadline=None)
@given(n=st.integers(0, 130), k=st.integers(0, 130), seed=st.integers(0, 2**32))
def test_the_odds_draw_the_very_cards_the_standard_library_draws(n, k, seed):
    # The simulated odds use their own copy of random.sample (compiled with the rules core):
    # the same seed must draw the same cards, and leave the generator where it left it.
    k = min(k, n)
    population = [f"card {i % 17}" for i in range(n)]  # copies of a title, as a deck has
    ours, theirs = random.Random(seed), random.Random(seed)
    assert sample(ours, population, k) == theirs.sample(population, k)
    assert ours.random() == theirs.random()


@settings(max_examples=150, deadline=None)
@given(n=st.integers(0, 200), draws=st.integers(0, 60), seed=st.integers(0, 2**32), trials=st.integers(1, 60))
def test_a_simulated_odd_shuffles_as_the_standard_library_would(n, draws, seed, trials):
    # simulate reads the generator's outputs a block at a time (issue 17): each trial must
    # still see the very cards random.sample draws, trial after trial, from the same seed.
    cards = [f"card {i % 23}" for i in range(n)]
    seen: list[list[str]] = []

    def met(hand):
        seen.append(list(hand))
        return len(seen) % 3 == 0

    share = simulate(cards, draws, met, trials=trials, seed=seed)
    rng = random.Random(seed)
    assert seen == [rng.sample(cards, min(draws, n)) for _ in range(trials)]
    assert share == (trials // 3) / trials


@settings(max_examples=300, deadline=None)
@given(
    hand=st.lists(st.integers(0, 7), max_size=7),
    requirements=st.lists(st.tuples(st.frozensets(st.integers(0, 7), max_size=4), st.integers(0, 2)), max_size=3),
)
def test_requirements_are_met_exactly_when_some_assignment_of_separate_cards_meets_them(hand, requirements):
    from itertools import permutations

    slots = [accepted for accepted, need in requirements for _ in range(need)]
    possible = len(slots) <= len(hand) and any(
        all(hand[i] in slot for i, slot in zip(chosen, slots)) for chosen in permutations(range(len(hand)), len(slots))
    )
    assert requirements_met(hand, requirements) == possible


@settings(max_examples=60, deadline=None)
@given(
    deck=st.lists(st.integers(0, 9), min_size=1, max_size=40),
    draws=st.integers(1, 20),
    requirements=st.lists(
        st.tuples(st.frozensets(st.integers(0, 9), min_size=1, max_size=5), st.integers(1, 2)), min_size=2, max_size=4
    ),
    seed=st.integers(0, 2**32),
)
def test_simulated_odds_meet_each_shuffle_as_the_cards_themselves_would(deck, draws, requirements, seed):
    # odds_of_requirements simulates over what each card could serve (issue 17): the share
    # must be the one of checking each shuffle's very cards.
    odd = odds_of_requirements(deck, requirements, draws, "x", trials=200, seed=seed)
    if not odd.exact:
        assert odd.probability == simulate(
            deck, draws, lambda hand: requirements_met(hand, requirements), trials=200, seed=seed
        )
