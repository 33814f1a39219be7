"""Settle-up: the fewest payments, exact to the cent, the same for the same balances."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.ledger import EXACT_LIMIT, LedgerError, settle, zero_sum_groups


def balances_strategy(max_people=7, biggest=30):
    return st.lists(st.integers(-biggest, biggest), min_size=1, max_size=max_people - 1).map(
        lambda values: {f"p{i}": v for i, v in enumerate(values + [-sum(values)])})


def brute_force_payments(balances):
    """The fewest payments by trying every way of settling one person after another."""
    values = [v for v in balances.values() if v]

    def fewest(vs):
        vs = [v for v in vs if v]
        if not vs:
            return 0
        first, best = vs[0], len(vs)
        for j in range(1, len(vs)):
            if vs[j] * first < 0:  # the first person settles fully with person j
                rest = list(vs[1:])
                rest[j - 1] += first
                best = min(best, 1 + fewest(rest))
        return best

    return fewest(values)


def brute_force_groups(balances):
    """The most zero-sum groups, over every partition of the people with a balance."""
    people = [p for p, v in balances.items() if v]

    def partitions(items):
        if not items:
            yield []
            return
        head, tail = items[0], items[1:]
        for part in partitions(tail):
            for i in range(len(part)):
                yield part[:i] + [[head] + part[i]] + part[i + 1:]
            yield [[head]] + part

    best = 0
    for part in partitions(people):
        if all(sum(balances[p] for p in group) == 0 for group in part):
            best = max(best, len(part))
    return best


def greedy_payments(balances):
    """Largest debtor pays largest creditor: the usual rule, not always the fewest."""
    left, count = dict(balances), 0
    while any(left.values()):
        payer = min(left, key=left.get)
        payee = max(left, key=left.get)
        cents = min(-left[payer], left[payee])
        left[payer] += cents
        left[payee] -= cents
        count += 1
    return count


def settles_exactly(balances, payments):
    left = dict(balances)
    for payer, payee, cents in payments:
        assert isinstance(cents, int) and cents > 0
        assert left[payer] < 0 < left[payee], "only debtors pay and only creditors are paid"
        left[payer] += cents
        left[payee] -= cents
    return all(v == 0 for v in left.values())


@settings(max_examples=300, deadline=None)
@given(balances_strategy())
def test_settle_up_needs_exactly_as_few_payments_as_brute_force_finds(balances):
    payments = settle(balances)
    assert settles_exactly(balances, payments)
    assert len(payments) == brute_force_payments(balances)


@settings(max_examples=200, deadline=None)
@given(balances_strategy())
def test_payments_are_people_with_a_balance_minus_the_most_zero_sum_groups(balances):
    with_balance = sum(1 for v in balances.values() if v)
    assert len(settle(balances)) == with_balance - brute_force_groups(balances)


@settings(max_examples=200, deadline=None)
@given(balances_strategy(max_people=10, biggest=100_000))
def test_payments_always_settle_every_balance_to_zero_in_whole_cents(balances):
    payments = settle(balances)
    assert settles_exactly(balances, payments)
    paid = sum(c for _, _, c in payments)
    assert paid == sum(v for v in balances.values() if v > 0)  # nothing is paid twice


@settings(max_examples=100, deadline=None)
@given(balances_strategy(max_people=8))
def test_the_same_balances_in_any_order_give_the_same_payments(balances):
    reordered = dict(reversed(list(balances.items())))
    assert settle(reordered) == settle(balances)


def test_settle_up_beats_largest_debtor_pays_largest_creditor_where_that_is_not_minimal():
    # Anna, Ben and Carla even out among themselves, and so do Dirk, Ema and Finn, but greedy
    # starts with Ema (−9 €) paying Carla (+7 €) and mixes the two groups.
    balances = {"Anna": -200, "Ben": -500, "Carla": 700, "Dirk": 300, "Ema": -900, "Finn": 600}
    assert greedy_payments(balances) == 5
    assert settle(balances) == [("Anna", "Carla", 200), ("Ben", "Carla", 500),
                                ("Ema", "Dirk", 300), ("Ema", "Finn", 600)]


def test_nobody_pays_when_every_balance_is_zero():
    assert settle({}) == []
    assert settle({"Anna": 0, "Ben": 0}) == []


def test_opposite_balances_pay_each_other_directly():
    assert settle({"Anna": -150, "Ben": 40, "Carla": 150, "Dirk": -40}) == [
        ("Anna", "Carla", 150), ("Dirk", "Ben", 40)]


@pytest.mark.parametrize("balances, key", [
    ({"Anna": -10, "Ben": 5}, "balances_not_zero_sum"),
    ({"Anna": -1.5, "Ben": 1.5}, "amount_invalid")])
def test_balances_that_do_not_sum_to_zero_or_are_not_whole_cents_are_refused(balances, key):
    with pytest.raises(LedgerError) as caught:
        settle(balances)
    assert caught.value.key == key


def test_ten_people_are_settled_exactly_by_the_subset_programme():
    rng = random.Random(7)
    for _ in range(20):
        # Five pairs of groups of two and three that even out, shuffled among each other.
        values = []
        for _ in range(2):
            a, b = rng.randint(1, 900), rng.randint(1, 900)
            values += [a, b, -(a + b)]
        a, b, c = rng.randint(1, 900), rng.randint(1, 900), rng.randint(1, 900)
        values += [a, b, c, -(a + b + c)]
        rng.shuffle(values)
        balances = {f"p{i:02}": v for i, v in enumerate(values)}
        groups = zero_sum_groups(balances)
        assert len(groups) >= 3
        assert all(sum(balances[p] for p in g) == 0 for g in groups)
        assert len(settle(balances)) == 10 - len(groups)


def test_beyond_the_exact_limit_opposite_pairs_are_still_found_and_the_rest_settled_greedily():
    rng = random.Random(3)
    rest = [rng.randint(1, 10_000) * rng.choice((1, -1)) for _ in range(EXACT_LIMIT + 3)]
    rest.append(-sum(rest))
    pairs = [500, -500, 77, -77]
    balances = {f"p{i:02}": v for i, v in enumerate(rest + pairs)}
    groups = zero_sum_groups(balances)
    assert sorted(sorted(balances[p] for p in g) for g in groups if len(g) == 2) == [
        [-500, 500], [-77, 77]]
    payments = settle(balances)
    assert settles_exactly(balances, payments)
    with_balance = sum(1 for v in balances.values() if v)
    assert len(payments) <= with_balance - 2
    assert settle(balances) == payments


def test_sixteen_people_without_opposite_pairs_are_still_settled_exactly():
    # Four groups of four on scales so far apart that only a whole group can even out:
    # exactly four zero-sum groups, so 16 − 4 payments, found by the subset programme.
    values = [v * 1000 ** g for g in range(4) for v in (1, 2, 4, -7)]
    random.Random(5).shuffle(values)
    balances = {f"p{i:02}": v for i, v in enumerate(values)}
    assert len(balances) == EXACT_LIMIT
    assert len(zero_sum_groups(balances)) == 4
    payments = settle(balances)
    assert settles_exactly(balances, payments)
    assert len(payments) == 12


def test_the_brute_force_references_find_the_known_best_split():
    # The references must be right too: {−2, −5, 7} and {3, −9, 6} are the best split.
    balances = dict(zip("ABCDEF", [-2, -5, 7, 3, -9, 6]))
    assert brute_force_payments(balances) == 4
    assert brute_force_groups(balances) == 2
