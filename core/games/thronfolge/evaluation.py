"""Card kinds and a position evaluation for the Thronfolge bots.

Scoring only cares about a card's *kind* (T-1.1: pips do not matter), so the bots count
cards in 11 kinds: the four families, three favour values, three betrayal values and the
crown. The evaluation estimates the final points difference from both collections,
treating every card not yet collected as going to either player with probability ``pr``.
"""

from __future__ import annotations

import math
from functools import lru_cache

from core.games.thronfolge.scoring import BETRAYALS, CROWNS, DECK, FAVOURS, SUPPORTERS

# Kind numbers: 0–3 families ♣ ♦ ♥ ♠, 4–6 favours +2 +3 +4, 7–9 betrayals −1 −2 −3, 10 crown.
N_KINDS = 11
CROWN = 10
FAMILY_OF = {"C": 0, "D": 1, "H": 2, "S": 3}
FAMILY_VALUE = (5, 6, 7, 8)
KIND_POINTS = (0, 0, 0, 0, 2, 3, 4, -1, -2, -3, 0)
KIND_NAMES = ("a club", "a diamond", "a heart", "a spade", "a +2 favour", "a +3 favour",
              "the +4 favour", "a -1 betrayal", "a -2 betrayal", "a -3 betrayal", "a crown")


def _kind(card: str) -> int:
    if card in SUPPORTERS:
        return FAMILY_OF[SUPPORTERS[card]]
    if card in CROWNS:
        return CROWN
    if card in FAVOURS:
        return 2 + FAVOURS[card]
    return 6 - BETRAYALS[card]


KIND = {c: _kind(c) for c in DECK}
TOTAL = tuple(sum(1 for c in DECK if KIND[c] == k) for k in range(N_KINDS))

# Cards expected to reach a collection per remaining take, and per later round (a take
# averages a little over four cards; the per-round figure is fitted, see SIGMA_*).
CARDS_PER_TAKE = 4.4
CARDS_PER_ROUND = 11.0
# A three-crown win is worth this many points when crowns are priced in points.
CROWN_POINTS = 30.0
# Spread of the final points difference still to come, as a + b * sqrt(cards to collect);
# fitted to bot-vs-bot games.
SIGMA_BASE = 3.0
SIGMA_SLOPE = 1.4
_BUCKETS = 40  # resolution of pr in [0, 0.5]


def counts(cards: list[str]) -> list[int]:
    """How many cards of each kind a list of cards holds."""
    out = [0] * N_KINDS
    for c in cards:
        out[KIND[c]] += 1
    return out


@lru_cache(maxsize=None)
def _tables(bucket: int) -> tuple[list[list[float]], list[list[float]]]:
    """For one pr: the family-majority expectation and the binomial tails, by remaining count."""
    pr = bucket / (2 * _BUCKETS)
    binom = [[math.comb(r, x) * pr**x * (1 - pr) ** (r - x) for x in range(r + 1)]
             for r in range(9)]
    tail = [[sum(binom[r][x] for x in range(need, r + 1)) if need <= r else 0.0
             for need in range(10)] for r in range(9)]
    fam = []
    for r in range(9):
        row = []
        for d in range(-8, 9):
            # Each remaining card goes to me (pr), to the other (pr) or nowhere (1 - 2pr).
            e = 0.0
            for x in range(r + 1):
                for y in range(r - x + 1):
                    p = (math.comb(r, x) * math.comb(r - x, y) * pr**x * pr**y
                         * (1 - 2 * pr) ** (r - x - y))
                    diff = d + x - y
                    e += p * ((diff > 0) - (diff < 0))
            row.append(e)
        fam.append(row)
    return fam, tail


def _expected_sets(c: list[int], rem: list[int], tail: list[list[float]]) -> float:
    """E[min over families of the final count], each family growing as Binomial(rem, pr)."""
    total = 0.0
    k = 1
    while True:
        p = 1.0
        for f in range(4):
            need = k - c[f]
            if need > 0:
                r = rem[f]
                if need > r:
                    return total
                p *= tail[r][need]
        total += p
        k += 1


def to_collect(takes_left: int, rounds_left: int) -> float:
    """How many more cards will probably be collected before the game ends."""
    return CARDS_PER_TAKE * takes_left + CARDS_PER_ROUND * rounds_left


def evaluate(me: list[int], opp: list[int], collect: float) -> tuple[float, float, float]:
    """Expected final points difference (me minus opponent), and each side's crown-win chance.

    ``collect`` is how many of the uncollected cards are still expected to be collected.
    """
    if me[CROWN] == 3:
        return 0.0, 1.0, 0.0
    if opp[CROWN] == 3:
        return 0.0, 0.0, 1.0
    rem = [TOTAL[k] - me[k] - opp[k] for k in range(N_KINDS)]
    n_rem = sum(rem)
    pr = min(0.5, collect / (2 * n_rem)) if n_rem else 0.0
    fam, tail = _tables(round(pr * 2 * _BUCKETS))
    d = 0.0
    for f in range(4):
        d += FAMILY_VALUE[f] * fam[rem[f]][me[f] - opp[f] + 8]
    d += 5 * (_expected_sets(me, rem, tail) - _expected_sets(opp, rem, tail))
    for k in range(4, 10):
        d += KIND_POINTS[k] * (me[k] - opp[k])
    rk = rem[CROWN]
    p_me = pr**rk if opp[CROWN] == 0 and rk else 0.0
    p_opp = pr**rk if me[CROWN] == 0 and rk else 0.0
    return d, p_me, p_opp


def points_value(me: list[int], opp: list[int], collect: float) -> float:
    """The evaluation in points, a crown win counted as ``CROWN_POINTS``."""
    d, p_me, p_opp = evaluate(me, opp, collect)
    return d * (1 - p_me - p_opp) + CROWN_POINTS * (p_me - p_opp)


def win_value(me: list[int], opp: list[int], collect: float, final: bool = False) -> float:
    """The evaluation as an expected result in [-1, 1] (win 1, shared 0, loss -1)."""
    d, p_me, p_opp = evaluate(me, opp, collect)
    if final:
        if d == 0:  # the tie-break of T-6.1: ♠, ♥, ♦, ♣ supporters, then crowns
            d = next((me[k] - opp[k] for k in (3, 2, 1, 0, CROWN) if me[k] != opp[k]), 0)
        s = (d > 0) - (d < 0)
    else:
        sigma = SIGMA_BASE + SIGMA_SLOPE * math.sqrt(collect)
        s = math.erf(d / (sigma * 1.4142135623730951))
    return p_me - p_opp + (1 - p_me - p_opp) * s
