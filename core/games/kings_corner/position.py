"""A compact position for the bots: card kinds, and each pile as its bottom and top kind.

Only rank and colour decide where a card may go and what it costs, so the two cards of a
rank and colour (7♥ and 7♦) are one *kind*: ``kind = 2 × rank index + red`` (A = 0 … K = 12),
26 kinds of two cards each. Only a pile's top card (what may be built on it) and its bottom
card (where the whole pile may go) matter, so the layout is two lists of eight kinds,
``bottom`` and ``top``, with -1 for an empty position. Positions are numbered as
``layout.POSITIONS``: 0–3 the edges N E S W, 4–7 the corners NE SE SW NW.

A move is ``(MOVE, src, dst)`` (a whole pile) or ``(PLAY, kind, pos)`` (a hand card).
Moves are generated up to symmetry: the four edges are alike and so are the four corners,
so only the first empty edge and the first empty corner are offered.
"""

from __future__ import annotations

from typing import Sequence

from core import cards as C
from core.games.base import State
from core.games.kings_corner.actions import Move, Play
from core.games.kings_corner.layout import POSITIONS

KINDS = 26
MOVE, PLAY = 0, 1
EMPTY = -1
EDGE_IDX = (0, 1, 2, 3)
CORNER_IDX = (4, 5, 6, 7)
KING_KINDS = (24, 25)
RANK_OF = tuple(k >> 1 for k in range(KINDS))  # 0 = ace … 12 = king
# NEED[k]: the kind that may be built on a top of kind k (one rank lower, other colour); -1 on an ace.
NEED = tuple(-1 if k < 2 else ((k >> 1) - 1) * 2 + (1 - (k & 1)) for k in range(KINDS))
# The kind a card of kind k may lie on (one rank higher, other colour); -1 for a king.
ABOVE = tuple(-1 if k >= 24 else ((k >> 1) + 1) * 2 + (1 - (k & 1)) for k in range(KINDS))
RANK_TEXT = "A23456789TJQK"
CompactMove = tuple[int, int, int]


def kind(card: str) -> int:
    return 2 * C.RANKS.index(card[0]) + (1 if C.is_red(card) else 0)


def kind_name(k: int) -> str:
    """A kind in words for reasons: "red 7", "black king"."""
    rank = RANK_TEXT[k >> 1]
    word = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}.get(rank, rank)
    return f"{'red' if k & 1 else 'black'} {word}"


def counts(cards: Sequence[str]) -> list[int]:
    out = [0] * KINDS
    for c in cards:
        out[kind(c)] += 1
    return out


def layout_of(view: State) -> tuple[list[int], list[int]]:
    """The bottom and top kinds of the eight positions."""
    bottom, top = [EMPTY] * 8, [EMPTY] * 8
    for i, pos in enumerate(POSITIONS):
        pile = view["piles"][pos]
        if pile:
            bottom[i], top[i] = kind(pile[0]), kind(pile[-1])
    return bottom, top


def seen_kinds(view: State, seat: int) -> list[int]:
    """How many cards of each kind ``seat`` can see: its hand and every pile."""
    seen = counts(view["hands"][seat])
    for pile in view["piles"].values():
        for c in pile:
            seen[kind(c)] += 1
    return seen


def unseen_pool(view: State, seat: int) -> list[int]:
    """The kinds of the cards ``seat`` cannot see, one entry per card (other hands and talon)."""
    seen = seen_kinds(view, seat)
    return [k for k in range(KINDS) for _ in range(2 - seen[k])]


def moves(bottom: Sequence[int], top: Sequence[int], hand: Sequence[int]) -> list[CompactMove]:
    """Every move up to symmetry, careful-player order first: pile moves, kings into corners,
    builds, then filling an empty edge (with each kind in hand)."""
    out: list[CompactMove] = []
    empty_corner = next((c for c in CORNER_IDX if top[c] == EMPTY), EMPTY)
    empty_edge = next((e for e in EDGE_IDX if top[e] == EMPTY), EMPTY)
    for s in EDGE_IDX:
        b = bottom[s]
        if b == EMPTY:
            continue
        if b >= 24:
            if empty_corner != EMPTY:
                out.append((MOVE, s, empty_corner))
            continue
        for d in range(8):
            if d != s and top[d] != EMPTY and NEED[top[d]] == b:
                out.append((MOVE, s, d))
    if empty_corner != EMPTY:
        for k in KING_KINDS:
            if hand[k]:
                out.append((PLAY, k, empty_corner))
    done = set()
    for p in range(8):
        t = top[p]
        if t != EMPTY:
            need = NEED[t]
            if need >= 0 and hand[need] and (bottom[p], t) not in done:
                done.add((bottom[p], t))
                out.append((PLAY, need, p))
    if empty_edge != EMPTY:
        out.extend((PLAY, k, empty_edge) for k in range(KINDS - 1, -1, -1) if hand[k])
    return out


def apply_move(bottom: list[int], top: list[int], hand: list[int], move: CompactMove) -> bool:
    """Make a move in place; True when it put a king from hand into an empty corner (K-6.3)."""
    what, a, b = move
    if what == MOVE:
        if top[b] == EMPTY:
            bottom[b] = bottom[a]
        top[b] = top[a]
        bottom[a] = top[a] = EMPTY
        return False
    hand[a] -= 1
    if top[b] == EMPTY:
        bottom[b] = a
        top[b] = a
        return b >= 4
    top[b] = a
    return False


def canonical(bottom: Sequence[int], top: Sequence[int], hand: Sequence[int]) -> tuple:
    """A key equal for positions alike up to the order of the edges and of the corners."""
    edges = tuple(sorted((bottom[i], top[i]) for i in EDGE_IDX))
    corners = tuple(sorted(top[i] for i in CORNER_IDX))  # a corner's bottom is always a king
    return edges, corners, tuple(hand)


def to_action(move: CompactMove, hand: Sequence[str]) -> Move | Play:
    """The engine action of a compact move for a seat holding ``hand``.

    :raises ValueError: when the hand holds no card of the move's kind (a bug in the caller).
    """
    what, a, b = move
    if what == MOVE:
        return Move(POSITIONS[a], POSITIONS[b])
    for card in sorted(hand):
        if kind(card) == a:
            return Play(card, POSITIONS[b])
    raise ValueError(f"the hand holds no {kind_name(a)}")
