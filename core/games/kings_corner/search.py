"""The hard bot's search: every way to finish the turn, weighed by what the others do next.

``plans`` walks every sequence of moves of the turn (in compact positions, up to the
symmetry of the edges and of the corners) and keeps each distinct position the turn may end
in, with the first move that leads there; a way to go out is taken at once. Otherwise the
default is the careful turn with the *safe* cards kept back (``policy.safe_cards``: kings,
cards for tops nobody else can cover, and the runs below them — in a race they cost nothing
to hold and keep corners and tops closed to the others). The other plans are ranked by the
cards they leave to place and by how much they leave open, and the best few go into a race
(``core.bots.race``) against the default: in each sampled world (the unseen cards dealt to
the other hands and the talon with ``core.bots.worlds``) every candidate is followed by the
other players' turns, played the careful way, and valued by the cards the bot still has to
place against the others' hand sizes. The budget counts units of work: one position of the
walk or one simulated turn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from core.bots.budget import Meter
from core.bots.race import Values, race
from core.bots.worlds import deal
from core.games.base import State
from core.games.kings_corner.policy import careful_move, careful_turn, holding_move, safe_cards
from core.games.kings_corner.position import (EDGE_IDX, EMPTY, KINDS, NEED, CompactMove, apply_move, canonical,
                                              counts, layout_of, moves, seen_kinds, unseen_pool)

WIN, LOSS = 12.0, -12.0  # the value of a simulated cycle in which the bot / another player goes out
CYCLES = 2  # simulated rounds of the others' turns after the plan
MAX_PLANS = 3000  # positions of the walk at most; 99 % of turns have fewer than 900
CLOCK_EVERY = 16


@dataclass(frozen=True, slots=True)
class Plan:
    """A position the turn may end in, and the first move towards it (None: end now)."""

    first: CompactMove | None
    bottom: tuple[int, ...]
    top: tuple[int, ...]
    hand: tuple[int, ...]
    kinged: bool

    @property
    def left(self) -> int:
        return sum(self.hand)


@dataclass
class Root:
    """What the search knows at the decision: the layout, the hand, the others, the rules."""

    bottom: list[int]
    top: list[int]
    hand: list[int]
    kinged: bool
    others: list[int]  # hand sizes of the other seats, in turn order after the bot
    talon: int
    draws: bool  # whether turns still draw (the option and a talon with cards)
    draw_at_end: bool
    royal: bool
    pool: list[int]  # kinds of the unseen cards, one entry per card
    unseen: list[int]  # unseen copies per kind
    hold: bool  # whether safe cards are kept back (while cards can still be drawn)
    hold_kings: bool  # whether kings count as safe (a single round: no penalty points at stake)

    @classmethod
    def from_view(cls, view: State) -> Root:
        seat = view["to_move"]
        n = view["players"]
        opts = view["options"]
        bottom, top = layout_of(view)
        seen = seen_kinds(view, seat)
        return cls(bottom, top, counts(view["hands"][seat]), view["kinged"],
                   [len(view["hands"][(seat + k) % n]) for k in range(1, n)], len(view["talon"]),
                   bool(opts["draw"]) and bool(view["talon"]), opts["draw_at"] == "end", bool(opts["royal_kings"]),
                   unseen_pool(view, seat), [2 - s for s in seen], bool(opts["draw"]) and bool(view["talon"]),
                   opts["target"] == 0)

    @property
    def seen(self) -> list[int]:
        return [2 - u for u in self.unseen]


def careful_plan(root: Root) -> Plan:
    """Where the careful player's turn would end, with its first move."""
    b, t, h = list(root.bottom), list(root.top), list(root.hand)
    first = careful_move(b, t, h)
    _, kinged = careful_turn(b, t, h)
    return Plan(first, tuple(b), tuple(t), tuple(h), root.kinged or kinged)


def holding_plan(root: Root) -> Plan:
    """Where the turn ends when the careful player keeps its safe cards back (``safe_cards``)."""
    if not root.hold:
        return careful_plan(root)
    b, t, h = list(root.bottom), list(root.top), list(root.hand)
    seen = root.seen
    first = move = holding_move(b, t, h, safe_cards(b, t, h, seen, root.hold_kings))
    kinged = root.kinged
    while move is not None:
        kinged = apply_move(b, t, h, move) or kinged
        move = holding_move(b, t, h, safe_cards(b, t, h, seen, root.hold_kings))
    return Plan(first, tuple(b), tuple(t), tuple(h), kinged)


def to_place(root: Root, plan: Plan) -> int:
    """The cards a plan leaves that still need a place: all of them, less the safe ones."""
    if not root.hold:
        return plan.left
    return plan.left - sum(safe_cards(plan.bottom, plan.top, plan.hand, root.seen, root.hold_kings))


def plan_key(plan: Plan) -> tuple:
    return canonical(plan.bottom, plan.top, plan.hand) + (plan.kinged,)


def plans(root: Root, meter: Meter) -> list[Plan]:
    """Every distinct position the turn may end in (the current one first), each with the first
    move of the first sequence found to it; at most ``MAX_PLANS``.

    Moves are tried in the careful order, so a position is credited to the most natural
    first move that reaches it. A plan that empties the hand ends the walk: it wins. Every
    position is spent from ``meter``, but the walk does not stop at its budget: missing a
    way to go out would cost more than the few milliseconds the largest turns take.
    """
    start = (tuple(root.bottom), tuple(root.top), tuple(root.hand), root.kinged)
    stack: list[tuple[tuple, CompactMove | None]] = [(start, None)]
    seen: set[tuple] = set()
    out: list[Plan] = []
    while stack:
        (b, t, h, kg), first = stack.pop()
        key = canonical(b, t, h) + (kg,)
        if key in seen:
            continue
        seen.add(key)
        plan = Plan(first, b, t, h, kg)
        out.append(plan)
        if not any(h):
            return [plan]
        meter.spend()
        if len(out) >= MAX_PLANS:
            break
        for move in reversed(moves(b, t, h)):
            nb, nt, nh = list(b), list(t), list(h)
            k2 = apply_move(nb, nt, nh, move) or kg
            stack.append(((tuple(nb), tuple(nt), tuple(nh), k2), first or move))
    return out


def exposure(plan: Plan, unseen: list[int]) -> float:
    """How much a finished turn leaves the others: unseen cards that fit a top, open edges
    (anything fits), a pile move (it opens a spot), and unseen kings for an open corner."""
    b, t = plan.bottom, plan.top
    wants = {NEED[x] for x in t if x != EMPTY and NEED[x] >= 0}
    score = float(sum(unseen[w] for w in wants))
    score += 4.0 * sum(1 for e in EDGE_IDX if t[e] == EMPTY)
    if any(t[c] == EMPTY for c in (4, 5, 6, 7)):
        score += unseen[24] + unseen[25]
    for s in EDGE_IDX:
        if b[s] != EMPTY and b[s] < 24 and any(x != EMPTY and NEED[x] == b[s] for x in t):
            score += 3.0
    return score


def candidates(root: Root, found: list[Plan], default: Plan, width: int) -> list[Plan]:
    """The default plan first, then the ``width - 1`` best others by the cards they leave to
    place and by exposure (only plans within one card of the best)."""
    skip = plan_key(default)
    others = [p for p in found if plan_key(p) != skip]
    ranked = sorted((to_place(root, p), exposure(p, root.unseen), i) for i, p in enumerate(others))
    least = min([to_place(root, default)] + [r[0] for r in ranked[:1]])
    return [default] + [others[i] for left, _, i in ranked if left <= least + 1][:width - 1]


@dataclass
class World:
    """One deal of the unseen cards: the other hands (kind counts, in turn order) and the talon."""

    hands: list[list[int]]
    talon: list[int]


def sample_world(root: Root, rng: random.Random) -> World:
    sizes: dict[Any, int] = {k: n for k, n in enumerate(root.others)}
    sizes["talon"] = root.talon
    dealt = deal(root.pool, sizes, rng)
    hands = []
    for k in range(len(root.others)):
        h = [0] * KINDS
        for x in dealt[k]:
            h[x] += 1
        hands.append(h)
    return World(hands, dealt["talon"])


def _turn(b: list[int], t: list[int], hand: list[int], size: int, talon: list[int], root: Root,
          meter: Meter) -> int:
    """One simulated turn (with Royal Kings' extra turns) of a careful player; its new hand size."""
    for _ in range(4):  # at most four kings, so at most four extra turns
        meter.spend()
        if root.draws and not root.draw_at_end and talon:
            hand[talon.pop()] += 1
            size += 1
        played, kinged = careful_turn(b, t, hand, size)
        size -= played
        if size == 0:
            return 0
        if root.draws and root.draw_at_end and talon:
            hand[talon.pop()] += 1
            size += 1
        if not (root.royal and kinged):
            break
    return size


def _seen(hands: list[list[int]], talon: list[int]) -> list[int]:
    """What the bot sees in a simulated world: every card not in another hand or the talon."""
    seen = [2] * KINDS
    for hand in hands:
        for k in range(KINDS):
            seen[k] -= hand[k]
    for k in talon:
        seen[k] -= 1
    return seen


def _to_place(root: Root, b: list[int], t: list[int], mine: list[int], m: int, hands: list[list[int]],
              talon: list[int]) -> int:
    if not root.hold:
        return m
    return m - sum(safe_cards(b, t, mine, _seen(hands, talon), root.hold_kings))


def _own_turn(root: Root, b: list[int], t: list[int], mine: list[int], m: int, hands: list[list[int]],
              talon: list[int], meter: Meter) -> int:
    """A simulated turn of the bot itself, keeping safe cards back; its cards left to place
    (0: it goes out, since safe cards always find their place)."""
    meter.spend()
    if root.draws and not root.draw_at_end and talon:
        mine[talon.pop()] += 1
        m += 1
    if root.hold:
        seen = _seen(hands, talon)
        while True:
            move = holding_move(b, t, mine, safe_cards(b, t, mine, seen, root.hold_kings))
            if move is None:
                break
            apply_move(b, t, mine, move)
            m -= move[0]  # PLAY is 1, MOVE is 0
    else:
        played, _ = careful_turn(b, t, mine, m)
        m -= played
    left = _to_place(root, b, t, mine, m, hands, talon)
    if left and root.draws and root.draw_at_end and talon:
        mine[talon.pop()] += 1
        left += 1
    return left


def simulate(root: Root, plan: Plan, world: World, meter: Meter) -> float:
    """The value of ending the turn as ``plan`` does, in ``world``: the others' turns played
    the careful way (``CYCLES`` times round the table, with the bot's own turns in between
    played as it plays), then the cards the bot still has to place against theirs, or the
    win or loss if someone went out.

    The bot's last turn is not played: a card kept back would look free in it. Safe cards
    (``safe_cards``, judged as the bot would judge them then) do not count while cards can
    be drawn.
    """
    b, t = list(plan.bottom), list(plan.top)
    mine = list(plan.hand)
    m = plan.left
    talon = list(world.talon)
    hands = [list(h) for h in world.hands]
    sizes = list(root.others)
    extra = root.royal and plan.kinged  # K-6.3: the bot's extra turn comes first
    for cycle in range(CYCLES):
        if cycle or extra:
            if _own_turn(root, b, t, mine, m, hands, talon, meter) == 0:
                return WIN
            m = sum(mine)
        for k, hand in enumerate(hands):
            sizes[k] = _turn(b, t, hand, sizes[k], talon, root, meter)
            if sizes[k] == 0:
                return LOSS
    m = _to_place(root, b, t, mine, m, hands, talon)
    return (min(sizes) - m) + 0.5 * (sum(sizes) / len(sizes) - m)


def evaluate(root: Root, chosen: list[Plan], rng: random.Random, meter: Meter, **rules: Any) -> Values:
    """Each candidate's values over the same sampled worlds (``rules``: the race's)."""
    def score(world: World, i: int, _: list[float]) -> float:
        return simulate(root, chosen[i], world, meter)

    return race(len(chosen), lambda: sample_world(root, rng), score, meter, cost=0, **rules)
