"""Fitting the normal bot's hand judgement: what a Potentat may expect from his hand.

``python -m core.games.rosenkrieg.fit --players 3 --hands 4000 --playouts 30 --seed 1``
deals random hands; each is played as Potentat in ``--playouts`` random deals of the
other cards (the Erbe taken up, the heuristic's pair laid away, a random seat leading,
every seat playing ``policy.choose_card`` with the deal's hands in sight). The mean
settlement per hand is then fitted by least squares on ``policy.hand_features``; the
printed weights are ``policy.HAND_WEIGHTS`` for that player count.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Sequence

from core.bots.budget import Budget
from core.games.rosenkrieg.bits import bits_for
from core.games.rosenkrieg.policy import HAND_FEATURES, hand_features, lay_candidates
from core.games.rosenkrieg.scoring import WIN_ABOVE, potentat_amount
from core.games.rosenkrieg.search import playout


def potentat_means(players: int, hands: int, playouts: int, seed: int) -> tuple[list[list[int]], list[float]]:
    """For random hands: their features, and their mean settlement as Potentat over playouts."""
    b = bits_for(players)
    rng = random.Random(seed)
    meter = Budget().start()
    size = b.hand_size
    xs, ys = [], []
    for _ in range(hands):
        cards = list(range(len(b.cards)))
        rng.shuffle(cards)
        hand, rest = sum(1 << c for c in cards[:size]), cards[size:]
        total = 0
        for _ in range(playouts):
            rng.shuffle(rest)
            deal = [hand] + [sum(1 << c for c in rest[i * size:(i + 1) * size]) for i in range(players - 1)]
            deal[0] |= sum(1 << c for c in rest[(players - 1) * size:])
            a, c = lay_candidates(b, deal[0], 1)[0]
            deal[0] &= ~((1 << a) | (1 << c))
            pot_pts, lk, pot_tricks, chal_tricks = playout(
                b, deal, [], rng.randrange(players), 0, b.pts[a] + b.pts[c], 0,
                True if b.lk in (a, c) else None, (0, 0), False, meter)
            loser_has_trick = (chal_tricks if pot_pts > WIN_ABOVE else pot_tricks) > 0
            total += potentat_amount(players, pot_pts, lk, 0, loser_has_trick)
        xs.append(hand_features(b, hand))
        ys.append(total / playouts)
    return xs, ys


def least_squares(xs: list[list[float]], ys: list[float]) -> list[float]:
    """The weights (a constant last) minimising the squared error, by the normal equations."""
    rows = [x + [1.0] for x in xs]
    k = len(rows[0])
    m = [[sum(r[i] * r[j] for r in rows) + (1e-9 if i == j else 0.0) for j in range(k)] for i in range(k)]
    v = [sum(r[i] * y for r, y in zip(rows, ys)) for i in range(k)]
    for i in range(k):  # Gauss-Jordan with partial pivoting
        p = max(range(i, k), key=lambda r: abs(m[r][i]))
        m[i], m[p], v[i], v[p] = m[p], m[i], v[p], v[i]
        for r in range(k):
            if r != i and m[r][i]:
                f = m[r][i] / m[i][i]
                m[r] = [a - f * b for a, b in zip(m[r], m[i])]
                v[r] -= f * v[i]
    return [v[i] / m[i][i] for i in range(k)]


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m core.games.rosenkrieg.fit", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    p.add_argument("--hands", type=int, default=4000)
    p.add_argument("--playouts", type=int, default=30)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    xs, ys = potentat_means(args.players, args.hands, args.playouts, args.seed)
    w = least_squares([[float(v) for v in x] for x in xs], ys)
    mean = sum(ys) / len(ys)
    fitted = [sum(a * b for a, b in zip(x, w)) + w[-1] for x in xs]
    r2 = 1 - sum((y - f) ** 2 for y, f in zip(ys, fitted)) / sum((y - mean) ** 2 for y in ys)
    picked = [y for y, f in zip(ys, fitted) if f > 0]
    sys.stdout.write(json.dumps({
        "players": args.players, "hands": args.hands, "playouts": args.playouts, "seed": args.seed,
        "weights": [round(x, 3) for x in w], "features": [*HAND_FEATURES, "constant"],
        "mean_points": round(mean, 3), "r2": round(r2, 3), "volunteer_share": round(len(picked) / len(ys), 3),
        "volunteer_mean_points": round(sum(picked) / len(picked), 3) if picked else None}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
