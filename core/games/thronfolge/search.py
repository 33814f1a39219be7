"""Search for the Thronfolge bots: solve the rest of a round exactly, in one deal or many.

A ``RoundSolver`` plays out the rest of the current round with both hands known, by
alpha-beta over card kinds, and scores the round's end with ``win_value``. The normal bot
solves once, with the opponent's unseen cards as worthless blanks (``blank_scores``); the
hard bot deals the unseen cards many ways consistent with its view and averages
(``search_scores``, determinized "perfect information Monte Carlo").
"""

from __future__ import annotations

import random
import time

from core.games.thronfolge.evaluation import CROWN, KIND, N_KINDS, to_collect, win_value
from core.games.thronfolge.position import TAKE, WINDOW, Position
from core.cards import UNKNOWN
from core.games.base import State
from core.games.thronfolge.scoring import DECK

# Kind 11 is a blank: a card worth nothing to anyone, standing in for an unknown card.
BLANK = N_KINDS
SEARCH_KINDS = N_KINDS + 1
_HAND_BASE = [6**k for k in range(SEARCH_KINDS)]   # a hand holds at most 5 of a kind
_COLL_BASE = [11**k for k in range(SEARCH_KINDS)]  # a collection holds at most 10 of a kind
EXACT, LOWER, UPPER = 0, 1, 2
# Leaf values are rounded to this step: ties let alpha-beta cut more, and differences this
# small are below the noise of the evaluation anyway.
QUANTUM = 0.02
# A root move proven this much worse than the deal's best is not searched further.
ROOT_MARGIN = 0.1
MAX_DEALS = 400  # beyond this the average hardly moves; stop early and save time
_CHECK_EVERY = 511  # nodes between clock checks (a mask: one less than a power of two)


class OutOfTime(Exception):
    """Raised inside the search when the deadline has passed."""


def unseen_kinds(view: State) -> list[int]:
    """Kinds of the cards the viewer cannot see (opponent hand, draw pile, hidden removed)."""
    seat = view["to_move"]
    seen = {*view["hands"][seat], *view["line"], *view["collections"][0],
            *view["collections"][1], *view["removed"]}
    seen.discard(UNKNOWN)
    return sorted(KIND[c] for c in DECK if c not in seen)


def _widen(counts: list[int]) -> list[int]:
    return list(counts) + [0] * (SEARCH_KINDS - len(counts))


class RoundSolver:
    """Exact alpha-beta over the rest of one round with both hands known."""

    def __init__(self, rounds_left: int, deadline: float = float("inf")) -> None:
        self.collect = to_collect(0, rounds_left)
        self.final = rounds_left == 0
        self.deadline = deadline
        self.leaves: dict[tuple[int, int], float] = {}  # kept across deals: same collections
        self.nodes = 0

    def load(self, line: list[int], hands: list[list[int]], colls: list[list[int]],
             taken: list[bool]) -> None:
        """Set up a position: line and hands as kinds, collections as counts per kind."""
        self.line = list(line)
        self.hands = [_widen(h) for h in hands]
        self.colls = [_widen(c) for c in colls]
        self.taken = list(taken)
        self.n = [sum(h) for h in self.hands]
        self.hcode = [sum(b * x for b, x in zip(_HAND_BASE, h)) for h in self.hands]
        self.ccode = [sum(b * x for b, x in zip(_COLL_BASE, c)) for c in self.colls]
        self.tt: dict[tuple, tuple[float, int, int]] = {}

    def value_after(self, p: int, move: int, alpha: float = -2.0, beta: float = 2.0) -> float:
        """The value in [-1, 1] for ``p`` of making ``move`` now, with best play afterwards.

        Outside the window (alpha, beta) the result is only a bound, as in alpha-beta.

        :raises OutOfTime: when the deadline passes during the search.
        """
        return self._search(p, alpha, beta, (move,))

    def _leaf(self) -> float:
        key = (self.ccode[0], self.ccode[1])
        v = self.leaves.get(key)
        if v is None:
            c0, c1 = self.colls
            v = round(win_value(c0, c1, self.collect, self.final) / QUANTUM) * QUANTUM
            self.leaves[key] = v
        return v

    def _search(self, p: int, alpha: float, beta: float, only: tuple[int, ...] | None) -> float:
        # One function for the whole node, without helper calls: this is the bots' hot loop.
        self.nodes += 1
        if not self.nodes & _CHECK_EVERY and time.perf_counter() > self.deadline:
            raise OutOfTime
        taken = self.taken
        if taken[0] and taken[1]:
            # Both have taken: the collections are final for this round, whatever is played.
            v = self._leaf()
            return v if p == 0 else -v
        n, line, hand, hcode, ccode = self.n, self.line, self.hands[p], self.hcode, self.ccode
        q = 1 - p
        deep = only is None and n[0] + n[1] > 2  # near the end a lookup costs more than it saves
        first = None
        if deep:
            # Only the cards the remaining takes can reach matter for the rest of the round.
            reach = WINDOW * ((not taken[0]) + (not taken[1]))
            key = (p, taken[0], taken[1], hcode[0], hcode[1], ccode[0], ccode[1],
                   tuple(line[-reach:]))
            hit = self.tt.get(key)
            if hit is not None:
                v, flag, first = hit
                if flag == EXACT or (flag == LOWER and v >= beta) or (flag == UPPER and v <= alpha):
                    return v
        if only is not None:
            moves = list(only)
        else:
            moves = [k for k in range(SEARCH_KINDS) if hand[k]]
            if not taken[p] and (line or not n[p]):
                moves.insert(0, TAKE)
            if first is not None and moves[0] != first:
                moves.remove(first)
                moves.insert(0, first)
        alpha0 = alpha
        best, best_move = -2.0, moves[0]
        for m in moves:
            if m == TAKE:
                got = line[-WINDOW:]
                del line[-WINDOW:]
                coll = self.colls[p]
                code = 0
                for k in got:
                    coll[k] += 1
                    code += _COLL_BASE[k]
                ccode[p] += code
                if coll[CROWN] == 3:
                    v = 1.0  # three crowns win at once (T-5)
                elif taken[q]:
                    # The other player has taken already: this take settles the round.
                    v = self._leaf()
                    if p:
                        v = -v
                else:
                    taken[p] = True
                    v = -self._search(q, -beta, -alpha, None)
                    taken[p] = False
                ccode[p] -= code
                for k in got:
                    coll[k] -= 1
                line.extend(got)
            else:
                hand[m] -= 1
                n[p] -= 1
                hcode[p] -= _HAND_BASE[m]
                line.append(m)
                v = -self._search(q, -beta, -alpha, None)
                line.pop()
                hcode[p] += _HAND_BASE[m]
                n[p] += 1
                hand[m] += 1
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        if deep:
            flag = EXACT if alpha0 < best < beta else (LOWER if best >= beta else UPPER)
            self.tt[key] = (best, flag, best_move)
        return best


def _seats(pos: Position, mine: object, theirs: object) -> list:
    out = [theirs, theirs]
    out[pos.seat] = mine
    return out


def blank_scores(pos: Position) -> dict[int, float]:
    """Each move's value when the opponent's unseen hand is taken to be worthless blanks."""
    blanks = [0] * SEARCH_KINDS
    blanks[BLANK] = pos.opp_hand
    solver = RoundSolver(4 - pos.round)
    solver.load(pos.line, _seats(pos, pos.hand, blanks),
                _seats(pos, pos.me, pos.opp), _seats(pos, pos.taken, pos.opp_taken))
    return {m: solver.value_after(pos.seat, m) for m in pos.moves()}


def search_scores(view: State, pos: Position, rng: random.Random, budget_ms: float | None,
                  iterations: int | None = None) -> tuple[dict[int, float], int]:
    """Average value in [-1, 1] of each move over random deals of the unseen cards.

    With ``iterations`` set, exactly that many deals are searched, so the result depends only
    on the view and ``rng``; otherwise deals are searched until ``budget_ms`` has passed. If not
    even one deal fits in the time, the blank-card values are returned. Also returns the
    number of deals searched.
    """
    deadline = float("inf")
    if iterations is None:
        deadline = time.perf_counter() + (budget_ms or 0.0) / 1000.0
    prior = blank_scores(pos)
    # Best-looking moves first, so that the others can be refuted with a narrow window.
    moves = sorted(prior, key=lambda m: (-prior[m], m))
    solver = RoundSolver(4 - pos.round, deadline)
    pool = unseen_kinds(view)
    colls = _seats(pos, pos.me, pos.opp)
    taken = _seats(pos, pos.taken, pos.opp_taken)
    totals = dict.fromkeys(moves, 0.0)
    limit = iterations if iterations is not None else MAX_DEALS
    done = 0
    while done < limit:
        opp_hand = [0] * N_KINDS
        for k in rng.sample(pool, pos.opp_hand):
            opp_hand[k] += 1
        solver.load(pos.line, _seats(pos, pos.hand, opp_hand), colls, taken)
        values = {}
        try:
            best = -2.0
            for m in moves:
                if best == -2.0:
                    v = solver.value_after(pos.seat, m)
                else:
                    # Fail-soft: a move worse than best - margin gets an upper bound only.
                    v = solver.value_after(pos.seat, m, best - ROOT_MARGIN, 2.0)
                values[m] = v
                best = max(best, v)
        except OutOfTime:
            break
        for m, v in values.items():
            totals[m] += v
        done += 1
    if not done:
        return prior, 0
    return {m: v / done for m, v in totals.items()}, done
