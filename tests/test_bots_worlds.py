"""Dealing the unseen cards among hidden places: sizes and constraints kept, every consistent deal equally likely."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from core.bots.worlds import count_deals, deal

CARDS = ["AH", "KH", "QH", "AS", "KS", "QS"]
NO_HEARTS = {"west": lambda c: c[1] != "H"}


def brute_force(cards, sizes, allowed):
    """Every consistent deal as a tuple of sorted hands (leftover cards left out), by enumeration."""
    places = list(sizes)
    found = set()
    for order in itertools.permutations(range(len(cards))):
        at, hands = 0, []
        for p in places:
            hand = [cards[i] for i in order[at:at + sizes[p]]]
            at += sizes[p]
            if p in allowed and not all(allowed[p](c) for c in hand):
                break
            hands.append(tuple(sorted(hand)))
        else:
            found.add(tuple(hands))
    return found


def key(dealt):
    return tuple(tuple(sorted(hand)) for hand in dealt.values())


def chi_square(counts: Counter, outcomes: set, draws: int) -> float:
    expected = draws / len(outcomes)
    return sum((counts[o] - expected) ** 2 / expected for o in outcomes)


@pytest.mark.parametrize("sizes,allowed", [
    ({"north": 2, "west": 2}, {}),
    ({"north": 2, "west": 2}, NO_HEARTS),
    ({"north": 2, "west": 3}, NO_HEARTS),
    ({"north": 1, "west": 2, "east": 3}, {"west": NO_HEARTS["west"], "east": lambda c: c[0] != "A"}),
])
def test_every_consistent_deal_is_equally_likely(sizes, allowed):
    outcomes = brute_force(CARDS, sizes, allowed)
    rng = random.Random(7)
    draws = 100 * len(outcomes)
    counts = Counter()
    for _ in range(draws):
        dealt = deal(CARDS, sizes, rng, allowed)
        assert {p: len(h) for p, h in dealt.items()} == sizes
        for p, rule in allowed.items():
            assert all(rule(c) for c in dealt[p])
        counts[key(dealt)] += 1
    assert set(counts) == outcomes
    df = len(outcomes) - 1
    assert chi_square(counts, outcomes, draws) < df + 6 * (2 * df) ** 0.5  # far beyond chance at this size


def test_the_count_of_deals_matches_an_enumeration():
    # Enumerated hands ignore the leftover; with cards left over each deal of the places
    # leaves exactly one leftover set, so the two counts agree.
    for sizes, allowed in [({"north": 2, "west": 2}, NO_HEARTS), ({"north": 3, "west": 3}, NO_HEARTS),
                           ({"north": 1, "west": 1}, {}), ({"north": 4, "west": 2}, NO_HEARTS)]:
        assert count_deals(CARDS, sizes, allowed) == len(brute_force(CARDS, sizes, allowed))


def test_the_order_within_a_place_is_random_too():
    # West gets its hearts and spades from two different classes; both orders must occur.
    rng = random.Random(3)
    firsts = Counter()
    for _ in range(1000):
        dealt = deal(["AH", "AS", "KS"], {"west": 2, "east": 1}, rng, {"east": lambda c: c[1] == "S"})
        firsts[dealt["west"][0][1]] += 1
    assert 400 < firsts["H"] < 600


def test_repeated_cards_count_as_cards_of_their_own():
    # Card kinds: three of kind 0, one of kind 1; a hand of two holds the 1 in half the deals.
    rng = random.Random(5)
    with_one = sum(1 in deal([0, 0, 0, 1], {"hand": 2}, rng)["hand"] for _ in range(4000))
    assert 1800 < with_one < 2200
    assert count_deals([0, 0, 0, 1], {"hand": 2}) == 6


def test_the_same_rng_gives_the_same_deal():
    a = deal(CARDS, {"north": 2, "west": 2}, random.Random(11), NO_HEARTS)
    b = deal(CARDS, {"north": 2, "west": 2}, random.Random(11), NO_HEARTS)
    assert a == b


def test_empty_places_and_no_cards_are_fine():
    assert deal([], {"north": 0}, random.Random(1)) == {"north": []}
    assert deal(CARDS, {"north": 0, "west": 6}, random.Random(1))["north"] == []


def test_impossible_deals_are_refused():
    with pytest.raises(ValueError):
        deal(CARDS, {"north": 4, "west": 3}, random.Random(1))  # seven places for six cards
    with pytest.raises(ValueError):
        deal(CARDS, {"north": 2, "west": 4}, random.Random(1), NO_HEARTS)  # west cannot take 4 without hearts
    with pytest.raises(ValueError):
        deal(CARDS, {"north": -1}, random.Random(1))
    assert count_deals(CARDS, {"north": 2, "west": 4}, NO_HEARTS) == 0
