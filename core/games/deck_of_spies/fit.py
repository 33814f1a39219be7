"""Fitting the face-phase model of ``deck_of_spies_value`` (a development tool, not used in play).

Positions at the start of the face phase come from the hard bot's playout heuristic
playing seeded deals, now and then taking one of its three best turns at random so the
decks vary. Each position is played out a few times from there, the face spies and the
draw pile put in a fresh random order each time (the bot knows neither). A logistic
regression of those outcomes on ``features`` gives the coefficients, fitted by Newton's
method with a small ridge penalty; the last fifth of the positions is held out to check it.
"""

from __future__ import annotations

import math
import random
from typing import Any, Sequence

from core.games.deck_of_spies.search import heuristic_faces
from core.games.deck_of_spies.policy import FACE_PHASE, ROLLOUT, choose_turn, scored_turns
from core.games.deck_of_spies.value import features, logistic
from core.games.deck_of_spies.rules import GAME
from core.games.deck_of_spies.turns import WIN_FACES, Position, after_play, end_turn, is_lost

EXPLORE = (0.0, 0.1, 0.25)  # per deal, the chance of a random one of the three best turns


def face_phase_sample(seed: int, playouts: int) -> tuple[list[float], float] | None:
    """Features of the face-phase start reached in deal ``seed`` and the share of playouts
    won from there; None when the deal is lost before."""
    rng = random.Random(seed)
    explore = rng.choice(EXPLORE)
    pos = Position.of(GAME.new(1, seed))
    while len(pos.spies) > FACE_PHASE:
        if is_lost(pos):
            return None
        if rng.random() < explore:
            _, play, retired = rng.choice(scored_turns(pos.hand, pos.spies, pos.draw, pos.discard, ROLLOUT)[:3])
        else:
            play, retired = choose_turn(pos.hand, pos.spies, pos.draw, pos.discard, ROLLOUT)
        mid, _ = after_play(pos, play, seed)
        pos = end_turn(mid, seed, retired)
    wins = 0
    for _ in range(playouts):
        spies, draw = list(pos.spies), list(pos.draw)
        rng.shuffle(spies)
        rng.shuffle(draw)
        world = pos._replace(spies=tuple(spies), draw=tuple(draw))
        wins += heuristic_faces(world, rng.randrange(2**31), ROLLOUT) >= WIN_FACES
    return features(pos.hand, pos.draw, pos.discard), wins / playouts


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gauss-Jordan elimination with partial pivoting (``a`` is small)."""
    n = len(b)
    m = [row[:] + [v] for row, v in zip(a, b)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit_logistic(xs: Sequence[list[float]], ys: Sequence[float], ridge: float = 1.0,
                 rounds: int = 12) -> list[float]:
    """Coefficients of a logistic regression of shares ``ys`` on ``xs`` (Newton's method)."""
    d = len(xs[0])
    beta = [0.0] * d
    for _ in range(rounds):
        grad = [-ridge * b for b in beta]
        hess = [[ridge if i == j else 0.0 for j in range(d)] for i in range(d)]
        for x, y in zip(xs, ys):
            p = logistic(beta, x)
            err, weight = y - p, p * (1.0 - p)
            for i in range(d):
                grad[i] += err * x[i]
                wx, row = weight * x[i], hess[i]
                for j in range(i, d):
                    row[j] += wx * x[j]
        for i in range(d):
            for j in range(i):
                hess[i][j] = hess[j][i]
        beta = [b + s for b, s in zip(beta, _solve(hess, grad))]
    return beta


def log_loss(xs: Sequence[list[float]], ys: Sequence[float], beta: Sequence[float]) -> float:
    total = 0.0
    for x, y in zip(xs, ys):
        p = min(1 - 1e-9, max(1e-9, logistic(beta, x)))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(xs)


def fit_value_model(games: int, seed: int, playouts: int = 4) -> dict[str, Any]:
    """Sample face-phase starts from deals ``seed`` … and fit the model; report it with its
    held-out log loss beside that of a constant guess."""
    samples = [s for s in (face_phase_sample(seed + i, playouts) for i in range(games)) if s is not None]
    xs, ys = [x for x, _ in samples], [y for _, y in samples]
    cut = len(xs) * 4 // 5
    beta = fit_logistic(xs[:cut], ys[:cut])
    mean = sum(ys[:cut]) / cut
    constant = [math.log(mean / (1 - mean))] + [0.0] * (len(beta) - 1)
    return {"games": games, "seed": seed, "playouts": playouts, "positions": len(xs),
            "mean_win_share": round(mean, 4),
            "held_out_log_loss": round(log_loss(xs[cut:], ys[cut:], beta), 4),
            "held_out_log_loss_constant": round(log_loss(xs[cut:], ys[cut:], constant), 4),
            "coefficients": [round(b, 4) for b in beta]}
