"""How a careful player moves, on the compact position: the normal bot and every playout.

The order is the one the rule text's tips give: move piles first (each merge opens a spot),
put kings into corners, build from the hand, and only then drop the hardest card left into
an open edge, preferring a card that starts a run the hand can continue. A careful player
plays everything it can: every card played is one card closer to going out.
"""

from __future__ import annotations

from typing import Sequence

from core.games.kings_corner.position import (EDGE_IDX, EMPTY, KINDS, KING_KINDS, MOVE, NEED, PLAY,
                                              CompactMove, apply_move)


def run_length(k: int, hand: Sequence[int]) -> int:
    """How many further hand cards could follow a card of kind ``k`` built down from it."""
    n = 0
    need = NEED[k]
    while need >= 0 and hand[need]:
        n += 1
        need = NEED[need]
    return n


def fill_kind(hand: Sequence[int]) -> int:
    """The card to put on an empty edge: the start of the longest run in hand, then the highest."""
    best, best_key = EMPTY, (-1, -1)
    for k in range(KINDS - 1, -1, -1):
        if hand[k]:
            key = (run_length(k, hand), k >> 1)
            if key > best_key:
                best, best_key = k, key
    return best


def careful_move(bottom: Sequence[int], top: Sequence[int], hand: Sequence[int]) -> CompactMove | None:
    """The careful player's next move, or None to end the turn."""
    # One pass over the tops: what each wants (a value no bottom or kind has where empty).
    need = [NEED[t] if t != EMPTY else -9 for t in top]
    corners = top[4:]
    empty_corner = 4 + corners.index(EMPTY) if EMPTY in corners else EMPTY
    for s in EDGE_IDX:
        b = bottom[s]
        if b == EMPTY:
            continue
        if b >= 24:
            if empty_corner != EMPTY:
                return MOVE, s, empty_corner
        elif b in need:  # a pile never wants its own bottom card, so this is another pile
            return MOVE, s, need.index(b)
    if empty_corner != EMPTY:
        for k in KING_KINDS:
            if hand[k]:
                return PLAY, k, empty_corner
    for p in range(8):
        w = need[p]
        if w >= 0 and hand[w]:
            return PLAY, w, p
    if EMPTY in top[:4]:
        k = fill_kind(hand)
        return None if k == EMPTY else (PLAY, k, top.index(EMPTY))
    return None


def careful_turn(bottom: list[int], top: list[int], hand: list[int], size: int = -1) -> tuple[int, bool]:
    """Play the careful player's whole turn in place: (cards played, whether a king went from
    hand into a corner). ``size`` is the hand's card count when the caller knows it."""
    if size < 0:
        size = sum(hand)
    played, kinged = 0, False
    while played < size:
        move = careful_move(bottom, top, hand)
        if move is None:
            break
        if apply_move(bottom, top, hand, move):
            kinged = True
        if move[0] == PLAY:
            played += 1
    return played, kinged


def safe_cards(bottom: Sequence[int], top: Sequence[int], hand: Sequence[int], seen: Sequence[int],
               kings: bool = True) -> list[int]:
    """The hand cards (counts per kind) that surely still fit when the player wants to go out.

    A king always finds an empty corner: a corner fills only with a king, and this one is
    still in hand. A card that fits a top whose other copies are all in sight (``seen``: in
    the hand or on the layout, and not at the bottom of an edge pile that could be moved
    there) keeps its place: nobody else can cover that top. Below either, the run the hand
    can build down from it is safe as well. Holding such cards costs nothing in a race and
    keeps the corners and tops closed to the others. Without ``kings`` (a session, where a
    king left in hand costs 10 points) kings are not kept back.
    """
    safe = [0] * KINDS
    left = list(hand)
    anchors = []
    for k in KING_KINDS if kings else ():
        for _ in range(left[k]):
            anchors.append(k)
            left[k] -= 1
            safe[k] += 1
    movable = {bottom[e] for e in EDGE_IDX if bottom[e] != EMPTY}
    for p in range(8):
        t = top[p]
        if t == EMPTY:
            continue
        x = NEED[t]
        if x >= 0 and left[x] and seen[x] >= 2 and x not in movable:
            anchors.append(x)
            left[x] -= 1
            safe[x] += 1
    for a in anchors:
        x = NEED[a]
        while x >= 0 and left[x]:
            left[x] -= 1
            safe[x] += 1
            x = NEED[x]
    return safe


def holding_move(bottom: Sequence[int], top: Sequence[int], hand: Sequence[int],
                 safe: Sequence[int]) -> CompactMove | None:
    """The careful move with the ``safe`` cards kept back; None to end the turn."""
    free = [h - s for h, s in zip(hand, safe)]
    return careful_move(bottom, top, free) if any(free) else None
