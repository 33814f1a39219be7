"""How likely the heuristic is to win from the start of the face phase, from the deck alone.

When the last twelve spies (all face cards) begin, what is left to chance is their order,
the draws and the shuffles. A playout from there adds mostly that luck: over positions
the chance of winning varies with a standard deviation of about 0.12, a single playout's
outcome by about 0.42. The hard bot therefore ends its playouts of earlier turns at the
face phase and scores them with this logistic model of the chance to win, fitted to
heuristic playouts (``python -m core.games.deck_of_spies.tools value``; docs/benchmarks.md).
It sees only the order-free deck: the cards owned, the hand, and how many are left to draw.
"""

from __future__ import annotations

import math
from typing import Sequence

from core.games.deck_of_spies.turns import VALUE, Position

RANK_FEATURES = "23456789T"


def features(hand: Sequence[str], draw: Sequence[str], discard: Sequence[str]) -> list[float]:
    """The model's inputs (the first is the constant 1)."""
    deck = [*hand, *draw, *discard]
    n = len(deck)
    ranks: dict[str, int] = {}
    suit_value = {s: 0 for s in "CDHS"}
    suit_ace = {s: 0 for s in "CDHS"}
    for c in deck:
        ranks[c[0]] = ranks.get(c[0], 0) + 1
        if c[0] == "A":
            suit_ace[c[1]] = 1
        else:
            suit_value[c[1]] += VALUE[c]
    total = sum(VALUE[c] for c in deck)
    mean = total / n if n else 0.0
    x = [1.0, n / 10, float(ranks.get("A", 0)), mean, total / 100]
    x += [ranks.get(r, 0) / 2 for r in RANK_FEATURES]
    x.append(sum(min(v, 13) for v in suit_value.values()) / 13)  # suits that can recruit a king alone
    x.append(sum(min(v, 26) for v in suit_value.values()) / 26)
    x.append(float(sum(1 for v in suit_value.values() if v >= 13)))
    x.append(float(sum(1 for s in "CDHS" if suit_ace[s] and suit_value[s] >= 4)))
    x.append(sum(VALUE[c] for c in hand) / 20)
    x.append(float(sum(1 for c in hand if c[0] == "A")))
    x.append(len(draw) / 10)
    x.append(5 * mean / 13)  # an average hand's total against a king
    return x


# From ``python -m core.games.deck_of_spies.tools value --games 40000 --seed 100000`` (39,852
# positions; held-out log loss 0.5427 against 0.5664 for a constant guess).
COEFFICIENTS = (-1.9741, -0.3568, 1.1829, 0.0262, -0.1541, -0.9906, -0.5493, -0.3038, -0.1703, -0.1453, -0.0919,
                -0.0653, -0.0226, -0.0361, -0.116, 0.0622, 0.0001, -0.2099, 0.0409, 0.2224, 0.1085, 0.0101)


def logistic(coefficients: Sequence[float], x: Sequence[float]) -> float:
    """The logistic model's chance for inputs ``x`` (its linear score clamped against overflow)."""
    z = sum(b * v for b, v in zip(coefficients, x))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def win_chance(pos: Position, coefficients: Sequence[float] = COEFFICIENTS) -> float:
    """The modelled chance to win from ``pos``, a turn start with only face spies left."""
    return logistic(coefficients, features(pos.hand, pos.draw, pos.discard))
