"""Comparing candidate moves over the same sampled worlds.

Every candidate is valued in the same worlds (deals of the hidden cards, future
shuffles), so most of a world's luck is shared and the paired differences between
candidates are much less noisy than the values themselves. ``race`` samples worlds and
values the candidates in each within a budget; with ``drop_z``, candidates clearly
behind the leader stop being valued and the race ends once it is settled.
``clear_winner`` then leaves the default (candidate 0) only for a candidate that beats
it by ``z`` standard errors; a search that simply plays the best average uses ``means``.
"""

from __future__ import annotations

from typing import Callable, Sequence, TypeVar

from core.bots.budget import Meter, OutOfBudget

World = TypeVar("World")
Values = list[list[float]]


def race(candidates: int, sample: Callable[[], World], score: Callable[[World, int, list[float]], float],
         meter: Meter, *, max_worlds: int | None, min_worlds: int = 1, cost: int = 1,
         drop_z: float | None = None, drop_after: int = 8) -> Values:
    """Each candidate's values, one per world it was valued in; all candidates see the same
    worlds in the same order, so a dropped candidate's values are a prefix of the others'.

    ``sample()`` draws a world; ``score(world, i, row)`` values candidate ``i`` in it, where
    ``row`` holds the values of the candidates already valued in this world (in index
    order; a search may use them as bounds). Each score spends ``cost`` units of the
    meter (0 when ``score`` spends it itself, as a solver counting nodes does). Once the
    budget is used up and ``min_worlds`` worlds are complete, the unfinished world is
    dropped, so every candidate stays comparable; ``score`` raising ``OutOfBudget`` drops
    it at once. Candidate 0, the default, is valued in every world.
    """
    values: Values = [[] for _ in range(candidates)]
    active = list(range(candidates))
    worlds = 0
    try:
        while max_worlds is None or worlds < max_worlds:
            world = sample()
            row: list[float] = []
            for i in active:
                row.append(score(world, i, row))
                if meter.spend(cost) and worlds >= min_worlds:
                    return values
            for i, v in zip(active, row):
                values[i].append(v)
            worlds += 1
            if worlds >= min_worlds and meter.expired():
                break
            if drop_z is not None and worlds >= drop_after and len(active) > 1:
                active = still_in_race(values, active, drop_z)
                if len(active) == 1:
                    break  # the default is clearly best
                if len(active) == 2 and beats(values[active[1]], values[0], drop_z):
                    break  # one rival clearly beats the default
    except OutOfBudget:
        pass
    return values


def paired(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error of ``a - b`` over the worlds both were valued in."""
    diffs = [x - y for x, y in zip(a, b)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, (var / n) ** 0.5


def beats(a: Sequence[float], b: Sequence[float], z: float) -> bool:
    """Whether ``a`` leads ``b`` by more than ``z`` standard errors of their paired differences."""
    mean, se = paired(a, b)
    return mean > z * se


def still_in_race(values: Values, active: list[int], z: float) -> list[int]:
    """The active candidates not ``z`` standard errors behind the best of them; candidate 0 always stays."""
    lead = max(active, key=lambda i: sum(values[i]) / len(values[i]))
    keep = []
    for i in active:
        if i == 0 or i == lead:
            keep.append(i)
            continue
        mean, se = paired(values[i], values[lead])
        if mean >= -z * se:
            keep.append(i)
    return keep


def clear_winner(values: Values, z: float, least: int = 3) -> tuple[int, float]:
    """The candidate to play and its mean lead over candidate 0, the default.

    Another candidate is chosen only if its mean paired lead over the default exceeds
    ``z`` standard errors, both valued in at least ``least`` worlds; of several, the one
    with the largest lead.
    """
    base = values[0]
    best, best_lead = 0, 0.0
    if len(base) < least:  # too few worlds to overrule the default
        return best, best_lead
    for i in range(1, len(values)):
        if len(values[i]) < least:
            continue
        mean, se = paired(values[i], base)
        if mean > best_lead and mean > z * se:
            best, best_lead = i, mean
    return best, best_lead


def means(values: Values) -> list[float | None]:
    """Each candidate's average value (None for one never valued)."""
    return [sum(v) / len(v) if v else None for v in values]
