"""The cross layout and what may go where (K-1, K-3 … K-3.4), on piles of card strings.

``piles`` maps each position to its cards, bottom card first. The four edges ``N E S W``
are dealt at setup; the four corners ``NE SE SW NW`` start empty and only take kings.
These functions are the one source of truth for a build, a pile move and their reasons;
the engine, the UI's targets and the bots' positions all use them.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from core import cards as C

EDGES = ("N", "E", "S", "W")
CORNERS = ("NE", "SE", "SW", "NW")
POSITIONS = EDGES + CORNERS
NAMES = {"N": "north", "E": "east", "S": "south", "W": "west", "NE": "north-east",
         "SE": "south-east", "SW": "south-west", "NW": "north-west"}

Piles = Mapping[str, Sequence[str]]


def label(card: str) -> str:
    """A card as people write it: ``7♥``, ``10♠``."""
    rank = "10" if card[0] == "T" else card[0]
    return rank + C.SUIT_SYMBOLS.get(card[1], card[1])


def is_king(card: str) -> bool:
    return card[0] == "K"


def fits(card: str, top: str) -> bool:
    """Whether ``card`` may lie on ``top``: one rank lower and of the other colour (K-1, K-3)."""
    return C.VALUES[card[0]] == C.VALUES[top[0]] - 1 and C.is_red(card) != C.is_red(top)


def empty_positions(piles: Piles) -> list[str]:
    return [p for p in POSITIONS if not piles[p]]


def build_problem(card: str, top: str) -> str | None:
    """Why ``card`` cannot be built on ``top``, or None if it can."""
    if fits(card, top):
        return None
    if top[0] == "A":
        return f"nothing can be built on an ace ({label(top)})"
    return f"{label(card)} does not go on {label(top)}: build down one rank in the other colour"


def play_problem(piles: Piles, card: str, pos: str) -> str | None:
    """Why the hand card ``card`` cannot go to ``pos`` now (K-3, K-3.1, K-3.4), or None."""
    pile = piles[pos]
    if pile:
        problem = build_problem(card, pile[-1])
        return None if problem is None else f"{problem} (the top card at {pos})"
    if pos in CORNERS and not is_king(card):
        return f"only a king may open an empty corner, and {label(card)} is no king"
    return None


def move_problem(piles: Piles, src: str, dst: str) -> str | None:
    """Why the whole pile at ``src`` cannot move to ``dst`` (K-3.2, K-3.3), or None."""
    pile, target = piles[src], piles[dst]
    if not pile:
        return f"{src} is empty: there is no pile to move"
    if src == dst:
        return "a pile cannot be moved onto itself"
    bottom = pile[0]
    if target:
        if is_king(bottom):
            where = "it stays in its corner" if src in CORNERS else "it may only move into an empty corner"
            return f"the pile at {src} has a king at the bottom, and nothing lies above a king: {where}"
        if fits(bottom, target[-1]):
            return None
        return (f"the pile at {src} does not go on {dst}: its bottom card {label(bottom)} must be "
                f"one rank lower than {label(target[-1])} and of the other colour")
    if dst in EDGES:
        return "a pile may not move to an empty edge: that changes nothing (K-3.3)"
    if src in CORNERS:
        return "a corner pile stays in its corner (K-3.3)"
    if not is_king(bottom):
        return (f"only a pile with a king at the bottom may move into an empty corner; "
                f"the pile at {src} starts with {label(bottom)}")
    return None


def card_targets(piles: Piles, card: str) -> list[str]:
    """The positions the hand card ``card`` may go to now, in position order."""
    return [p for p in POSITIONS if play_problem(piles, card, p) is None]


def pile_targets(piles: Piles, src: str) -> list[str]:
    """The positions the whole pile at ``src`` may move to now, in position order."""
    if not piles[src]:
        return []
    return [p for p in POSITIONS if move_problem(piles, src, p) is None]


def card_plays(piles: Piles, hand: Iterable[str]) -> list[tuple[str, str]]:
    """Every (card, position) a hand may play now; duplicates of the hand are listed once."""
    tops = [(p, piles[p][-1] if piles[p] else None) for p in POSITIONS]
    out = []
    for card in sorted(set(hand)):
        for pos, top in tops:
            if top is not None:
                if fits(card, top):
                    out.append((card, pos))
            elif pos in EDGES or is_king(card):
                out.append((card, pos))
    return out


def pile_moves(piles: Piles) -> list[tuple[str, str]]:
    """Every (from, to) pile move allowed now."""
    out = []
    empty_corners = [p for p in CORNERS if not piles[p]]
    for src in EDGES:  # corner piles hold a king at the bottom: they never move (K-3.2)
        pile = piles[src]
        if not pile:
            continue
        bottom = pile[0]
        if is_king(bottom):
            out.extend((src, c) for c in empty_corners)
            continue
        out.extend((src, dst) for dst in POSITIONS
                   if dst != src and piles[dst] and fits(bottom, piles[dst][-1]))
    return out


def anyone_can_move(piles: Piles, hands: Sequence[Sequence[str]]) -> bool:
    """Whether any player holding one of ``hands`` has a legal move on this layout."""
    if any(not piles[p] for p in EDGES) or pile_moves(piles):
        return True  # every hand holds a card for an empty edge; a pile move is anyone's
    return any(card_plays(piles, h) for h in hands)


def is_sequence(pile: Sequence[str]) -> bool:
    """Whether every card of a pile lies legally on the one below it."""
    return all(fits(pile[i], pile[i - 1]) for i in range(1, len(pile)))


def potential(piles: Piles, hands: Sequence[Sequence[str]]) -> int:
    """K-3.5's Φ: 3 × hand cards + non-empty piles + non-empty edges; every move lowers it."""
    return (3 * sum(len(h) for h in hands) + sum(1 for p in POSITIONS if piles[p])
            + sum(1 for p in EDGES if piles[p]))
