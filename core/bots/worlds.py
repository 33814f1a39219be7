"""Sampling worlds consistent with a view: the unseen cards dealt among the hidden places.

A hidden place is anything whose contents a player cannot see but whose size it knows:
an opponent's hand, a draw pile, a talon. ``deal`` hands the unseen cards out to such
places, each getting exactly its size, uniformly at random among all deals that respect
the places' constraints (a seat that failed to follow suit holds none of that suit; a
card known to lie in one pile lies there). Cards left over (more unseen cards than the
places hold) stay undealt, for places the search does not need.

Uniform means every consistent assignment of the actual cards is equally likely. The
cards are grouped by which places may hold them; how many of each group go to each place
is drawn with the exact number of deals behind each choice (counted by dynamic
programming), and then the cards of each group are dealt at random within those numbers.
Each place's cards come in random order, so a place whose order matters (a draw pile)
needs no further shuffle.
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import comb
from typing import Callable, Hashable, Mapping, Sequence, TypeVar

Card = TypeVar("Card", bound=Hashable)
Place = TypeVar("Place", bound=Hashable)


def deal(cards: Sequence[Card], sizes: Mapping[Place, int], rng: random.Random,
         allowed: Mapping[Place, Callable[[Card], bool]] | None = None) -> dict[Place, list[Card]]:
    """The ``cards`` dealt among the places (``sizes``: place -> how many it holds), uniformly
    among the deals in which every place ``p`` holds only cards with ``allowed[p](card)``.

    Places without an entry in ``allowed`` take any card; leftover cards are not dealt.
    Cards may repeat (e.g. card kinds): each entry counts as a card of its own.

    :raises ValueError: for a negative size, more room than cards, or constraints that no
        deal satisfies.
    """
    places, caps, classes = _setup(cards, sizes, allowed)
    counts = _distribution(classes, caps, rng)
    out: dict[Place, list[Card]] = {p: [] for p in places}
    mixed: set[Place] = set()
    for (members, _), split in zip(classes, counts):
        if split[-1]:
            # Only some of these cards are dealt: drawing them is cheaper than shuffling all.
            picked = rng.sample(members, len(members) - split[-1])
        else:
            picked = list(members)
            rng.shuffle(picked)
        at = 0
        for p, k in enumerate(split[:-1]):
            if k:
                target = out[places[p]]
                if target:
                    mixed.add(places[p])
                target.extend(picked[at:at + k])
                at += k
    for p in mixed:  # cards of several classes were appended class by class
        rng.shuffle(out[p])
    return out


def count_deals(cards: Sequence[Card], sizes: Mapping[Place, int],
                allowed: Mapping[Place, Callable[[Card], bool]] | None = None) -> int:
    """How many deals ``deal`` chooses among: assignments of the cards (each entry distinct)
    to the places and the leftover, ignoring the order within each.

    :raises ValueError: for a negative size or more room than cards.
    """
    try:
        _, caps, classes = _setup(cards, sizes, allowed)
    except _NoDeal:
        return 0
    shape = _shape(classes)
    return _counter(shape)(*_start(shape, caps))


class _NoDeal(ValueError):
    """No deal satisfies the constraints."""


Classes = list[tuple[list, list[int]]]  # (cards, the indices of the places that may hold them)


def _setup(cards: Sequence[Card], sizes: Mapping[Place, int],
           allowed: Mapping[Place, Callable[[Card], bool]] | None) -> tuple[list, list[int], Classes]:
    """The places, their capacities with the leftover's last, and the cards' classes.

    :raises ValueError: for a negative size or more room than cards.
    :raises _NoDeal: for a card no place may hold.
    """
    places = list(sizes)
    caps = [sizes[p] for p in places]
    if any(c < 0 for c in caps):
        raise ValueError(f"place sizes must not be negative: {dict(sizes)}")
    leftover = len(cards) - sum(caps)
    if leftover < 0:
        raise ValueError(f"{sum(caps)} places for only {len(cards)} unseen cards")
    return places, caps + [leftover], _classes(cards, places, allowed or {}, leftover > 0)


def _classes(cards: Sequence[Card], places: list, allowed: Mapping, has_leftover: bool) -> Classes:
    """The cards grouped by the places that may hold them (in order of first appearance).

    Place indices follow ``places``; index ``len(places)`` is the leftover, open to every card.

    :raises _NoDeal: for a card no place may hold.
    """
    rules = [allowed.get(p) for p in places]
    if not any(rules):  # unconstrained: one class, open to every place
        return [(list(cards), list(range(len(places) + has_leftover)))] if cards else []
    groups: dict[tuple[int, ...], list] = {}
    for card in cards:
        where = tuple(i for i, rule in enumerate(rules) if rule is None or rule(card))
        if has_leftover:
            where += (len(places),)
        if not where:
            raise _NoDeal(f"no place may hold the unseen card {card!r}")
        groups.setdefault(where, []).append(card)
    return [(members, list(where)) for where, members in groups.items()]


def _distribution(classes: Classes, caps: list[int], rng: random.Random) -> list[list[int]]:
    """For each class, how many of its cards go to each place (the last entry: leftover).

    Drawn with probability proportional to the number of deals behind it; no random number
    is used where only one choice is possible.

    :raises _NoDeal: when no deal satisfies the constraints.
    """
    result = [[0] * len(caps) for _ in classes]
    if len(classes) == 1:  # one class takes every place's size, if it may
        if any(c for p, c in enumerate(caps) if p not in classes[0][1]):
            raise _NoDeal("no deal of the unseen cards satisfies the constraints")
        result[0] = list(caps)
        return result
    shape = _shape(classes)
    ways = _counter(shape)
    state = _start(shape, caps)
    if not ways(*state):
        raise _NoDeal("no deal of the unseen cards satisfies the constraints")
    while state[0] < len(shape):
        live = [(k, nxt, w * ways(*nxt)) for k, nxt, w in _moves(shape, *state)]
        live = [move for move in live if move[2]]
        k, nxt, _ = live[0]
        if len(live) > 1:
            r = rng.randrange(sum(w for _, _, w in live))
            for k, nxt, w in live:
                if r < w:
                    break
                r -= w
        i, j = state[0], state[1]
        result[i][shape[i][1][j]] = k
        state = nxt
    return result


# The counting walks the classes place by place: a state is (class, its j-th place,
# cards of the class still to place, capacities left), and placing k cards there can be
# done in comb(left, k) ways. That is the multinomial of each class, one factor at a time.

def _shape(classes: Classes) -> tuple[tuple[int, tuple[int, ...]], ...]:
    return tuple((len(members), tuple(where)) for members, where in classes)


def _start(shape: tuple, caps: list[int]) -> tuple[int, int, int, tuple[int, ...]]:
    return 0, 0, shape[0][0] if shape else 0, tuple(caps)


def _moves(shape: tuple, i: int, j: int, left: int, caps: tuple[int, ...]):
    """From a state, each possible count for this place: (count, next state, ways to pick it)."""
    where = shape[i][1]
    place = where[j]
    last = j == len(where) - 1
    for k in ([left] if last else range(min(left, caps[place]) + 1)):
        if k > caps[place]:
            continue
        rest = caps[:place] + (caps[place] - k,) + caps[place + 1:]
        if last:
            nxt = (i + 1, 0, shape[i + 1][0] if i + 1 < len(shape) else 0, rest)
        else:
            nxt = (i, j + 1, left - k, rest)
        yield k, nxt, comb(left, k)


def _counter(shape: tuple) -> Callable[[int, int, int, tuple[int, ...]], int]:
    """The number of ways to deal the classes from a state on into its capacities exactly."""

    @lru_cache(maxsize=None)
    def ways(i: int, j: int, left: int, caps: tuple[int, ...]) -> int:
        if i == len(shape):
            return 0 if any(caps) else 1
        return sum(w * ways(*nxt) for _, nxt, w in _moves(shape, i, j, left, caps))

    return ways
