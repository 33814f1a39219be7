"""Settle-up: the fewest payments that bring every balance to zero, in whole cents.

With b people whose balance is not zero, the fewest payments are b − k, where k
is the largest number of disjoint groups whose balances each sum to zero: a
group of m people can always settle among itself with m − 1 payments, and no
set of payments does better (each payment joins two people; the people joined
form groups that each sum to zero). So the work is finding k.

Exact, in this order:
1. People at zero are left out.
2. Two people whose balances are opposite (+x, −x) form a group of their own;
   some best grouping always has them so (in any grouping, swapping them into a
   pair of their own never lowers the number of groups).
3. The rest go through a dynamic programme over their subsets: ``best[S]`` is the
   most zero-sum groups the people of S can be cut into, ``best[S] = max over i
   in S of best[S − i] + (1 if S sums to 0)``. That costs 2^n · n steps: 10
   people take about 2 ms, 16 about 150 ms (docs/benchmarks.md).
Beyond ``EXACT_LIMIT`` people left after steps 1 and 2 the programme would take
seconds to minutes, so the rest is settled greedily as one group (largest debtor
pays largest creditor): still exact to the cent, never more than b − 1
payments, but possibly more than the minimum.

Within each group the payments come from the same greedy rule, which, for a
group that holds no smaller zero-sum group, uses exactly m − 1 payments. Ties
are broken by person, so the same balances always give the same payments.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Mapping

from core.ledger.errors import LedgerError
from core.ledger.money import is_whole
from core.ledger.values import Person

EXACT_LIMIT = 16


def settle(balances: Mapping[Person, int]) -> list[tuple[Person, Person, int]]:
    """The fewest payments ``(payer, payee, cents)`` that bring the balances to zero.

    Balances are cents owed to each person (negative: owed by them) and must sum to
    zero. Payments are listed by payer, then payee.

    :raises LedgerError: when the balances are not whole cents or do not sum to zero.
    """
    for person, cents in balances.items():
        if not is_whole(cents):
            raise LedgerError(f"{person!r}'s balance must be whole cents, not {cents!r}",
                              "amount_invalid", amount=cents)
    if sum(balances.values()) != 0:
        raise LedgerError(f"balances must add up to zero, not {sum(balances.values())}",
                          "balances_not_zero_sum", total=sum(balances.values()))
    payments: list[tuple[Person, Person, int]] = []
    for group in zero_sum_groups(balances):
        payments.extend(_greedy({p: balances[p] for p in group}))
    return sorted(payments, key=lambda p: (p[0], p[1]))


def zero_sum_groups(balances: Mapping[Person, int]) -> list[list[Person]]:
    """The people with a balance, cut into zero-sum groups: as many as possible up to
    ``EXACT_LIMIT`` people (after opposite pairs), else the pairs plus one group of the rest."""
    people = sorted(p for p, cents in balances.items() if cents)
    groups, rest = _opposite_pairs(people, balances)
    if len(rest) > EXACT_LIMIT:
        return groups + [rest]
    return groups + [[rest[i] for i in g] for g in _most_groups([balances[p] for p in rest])]


def _opposite_pairs(people: list[Person], balances: Mapping[Person, int]
                    ) -> tuple[list[list[Person]], list[Person]]:
    waiting: dict[int, list[Person]] = defaultdict(list)
    groups = []
    for person in people:
        partners = waiting[-balances[person]]
        if partners:
            groups.append([partners.pop(0), person])
        else:
            waiting[balances[person]].append(person)
    paired = {p for g in groups for p in g}
    return groups, [p for p in people if p not in paired]


def _most_groups(values: list[int]) -> list[list[int]]:
    """Indices of ``values`` (summing to zero) cut into the most zero-sum groups."""
    n = len(values)
    if n == 0:
        return []
    size = 1 << n
    total = [0] * size
    best = [0] * size
    last = [0] * size  # the member whose removal gives best[S]: the traceback
    for mask in range(1, size):
        low = mask & -mask
        total[mask] = total[mask ^ low] + values[low.bit_length() - 1]
        top, pick, rest = -1, 0, mask
        while rest:
            bit = rest & -rest
            if best[mask ^ bit] > top:
                top, pick = best[mask ^ bit], bit
            rest ^= bit
        best[mask] = top + (total[mask] == 0)
        last[mask] = pick
    # Walking back from everyone, removing ``last`` each time, passes through one
    # zero-sum set per group; the members between two of them form a group.
    order, mask = [], size - 1
    while mask:
        order.append(last[mask])
        mask ^= last[mask]
    groups: list[list[int]] = []
    current: list[int] = []
    running = 0
    for bit in reversed(order):
        index = bit.bit_length() - 1
        current.append(index)
        running += values[index]
        if running == 0:
            groups.append(current)
            current = []
    return groups


def _greedy(balances: dict[Person, int]) -> list[tuple[Person, Person, int]]:
    """Largest debtor pays largest creditor until all are even (ties: the first person)."""
    left = dict(balances)
    payments = []
    while True:
        owing = [p for p in sorted(left) if left[p] < 0]
        owed = [p for p in sorted(left) if left[p] > 0]
        if not owing:
            return payments
        payer = min(owing, key=lambda p: left[p])
        payee = max(owed, key=lambda p: left[p])
        cents = min(-left[payer], left[payee])
        payments.append((payer, payee, cents))
        left[payer] += cents
        left[payee] -= cents
