"""Search for the Thronfolge bots: solve the rest of a round exactly, in one deal or many.

A ``RoundSolver`` plays out the rest of the current round with both hands known, by
alpha-beta over card kinds, and scores the round's end with ``win_value``. The normal bot
solves once, with the opponent's unseen cards as worthless blanks (``blank_scores``); the
hard bot deals the unseen cards many ways consistent with its view and averages
(``search_scores``, determinized "perfect information Monte Carlo"), with the shared
machinery of ``core.bots``: ``worlds.deal`` for the opponent's hand, ``race.race`` for
valuing every move in the same deals, and a budget counted in solver nodes or time.
"""

from __future__ import annotations

import random

from core.bots.budget import Budget, Meter, OutOfBudget
from core.bots.race import means, race
from core.bots.worlds import deal
from core.cards import UNKNOWN
from core.games.base import State
from core.games.thronfolge.evaluation import CROWN, KIND, N_KINDS, to_collect, win_value
from core.games.thronfolge.position import TAKE, WINDOW, Position
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
CLOCK_EVERY = 512  # solver nodes between clock checks under a time budget


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
    """Exact alpha-beta over the rest of one round with both hands known.

    Every node searched is spent from ``meter`` (unlimited when None).
    """

    def __init__(self, rounds_left: int, meter: Meter | None = None) -> None:
        self.collect = to_collect(0, rounds_left)
        self.final = rounds_left == 0
        self.meter = meter or Budget().start()
        self._spend = self.meter.spend
        self.leaves: dict[tuple[int, int], float] = {}  # kept across deals: same collections

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

        :raises OutOfBudget: when the meter's budget is used up during the search.
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
        if self._spend():
            raise OutOfBudget
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


def search_scores(view: State, pos: Position, rng: random.Random, budget_ms: float | None = None,
                  iterations: int | None = None, nodes: int | None = None) -> tuple[dict[int, float], int]:
    """Average value in [-1, 1] of each move over random deals of the unseen cards.

    Deals are searched until ``nodes`` solver nodes are spent or, without ``nodes``, until
    ``budget_ms`` has passed; with ``iterations`` set, exactly that many deals (within
    ``nodes`` if given, ignoring the clock). A deal the budget cuts short is left out. If
    not even one deal fits, the blank-card values are returned. Also returns the number
    of deals searched.
    """
    if nodes is not None:
        budget = Budget(nodes=nodes)
    elif iterations is not None:
        budget = Budget()
    else:
        budget = Budget(ms=budget_ms or 0.0)
    meter = budget.start(CLOCK_EVERY)
    prior = blank_scores(pos)
    # Best-looking moves first, so that the others can be refuted with a narrow window.
    moves = sorted(prior, key=lambda m: (-prior[m], m))
    solver = RoundSolver(4 - pos.round, meter)
    pool = unseen_kinds(view)
    colls = _seats(pos, pos.me, pos.opp)
    taken = _seats(pos, pos.taken, pos.opp_taken)

    def sample() -> None:
        opp_hand = [0] * N_KINDS
        for k in deal(pool, {"opponent": pos.opp_hand}, rng)["opponent"]:
            opp_hand[k] += 1
        solver.load(pos.line, _seats(pos, pos.hand, opp_hand), colls, taken)

    def score(_: None, i: int, row: list[float]) -> float:
        if not row:
            return solver.value_after(pos.seat, moves[i])
        # Fail-soft: a move worse than best - margin gets an upper bound only.
        return solver.value_after(pos.seat, moves[i], max(row) - ROOT_MARGIN, 2.0)

    values = race(len(moves), sample, score, meter, cost=0,
                  max_worlds=iterations if iterations is not None else MAX_DEALS)
    done = len(values[0])
    if not done:
        return prior, 0
    return dict(zip(moves, means(values))), done
