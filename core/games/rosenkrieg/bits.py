"""The cards of one player count as bits, for the bots' heuristic and their playouts.

A set of cards is an int; card ``i`` is bit ``i``. Each following class (the trumps, then
Löwen, Türme, Bäume: ``TRUMPS``, 1, 2, 3) takes a run of bits from its lowest card up,
so "the cards of a class above card x" is a mask, and a hand's weakest card of a class is
its lowest bit there. These are the rules of ``tricks`` again, for masks: a test checks
that both agree on every position it tries.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from core.games.rosenkrieg.tricks import LK, deck, is_trump, points, strength, suit_of

TRUMPS = 0
CLASS_OF_SUIT = {"R": TRUMPS, "L": 1, "T": 2, "B": 3}


def low(mask: int) -> int:
    """The index of the lowest card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def high(mask: int) -> int:
    """The index of the highest card of a non-empty mask."""
    return mask.bit_length() - 1


def each(mask: int) -> list[int]:
    """The card indices of a mask, lowest first."""
    out = []
    while mask:
        b = mask & -mask
        out.append(b.bit_length() - 1)
        mask ^= b
    return out


def count(mask: int) -> int:
    return mask.bit_count()


class Bits:
    """One player count's deck as bit positions, with the facts the bots look up per card."""

    def __init__(self, players: int) -> None:
        cards = sorted(deck(players), key=lambda c: (CLASS_OF_SUIT[suit_of(c)], strength(c, c[1])))
        self.players = players
        self.cards = cards
        self.index = {c: i for i, c in enumerate(cards)}
        self.pts = [points(c) for c in cards]
        self.cls = [CLASS_OF_SUIT[suit_of(c)] for c in cards]
        self.key = [strength(c, c[1]) for c in cards]  # trumps above 100, plain cards 1–8
        # What a card is worth keeping in hand: trumps by rank, plain cards a little by rank.
        self.keep = [10 + 2 * (k - 100) if is_trump(c) else k // 2 for c, k in zip(cards, self.key)]
        self.class_mask = [sum(1 << i for i, k in enumerate(self.cls) if k == cl) for cl in range(4)]
        self.trumps = self.class_mask[TRUMPS]
        self.queens = sum(1 << i for i, c in enumerate(cards) if c[0] == "Q")
        self.lk = self.index[LK]
        self.all = (1 << len(cards)) - 1
        self.hand_size = {2: 9, 3: 8, 4: 6}[players]
        # The heuristic's preference orders over the cards (``policy.orders``), set by ``bits_for``.
        self.dump_order: tuple[int, ...] = ()
        self.smear_order: tuple[int, ...] = ()
        self.win_order: tuple[int, ...] = ()

    def mask(self, cards: Iterable[str]) -> int:
        m = 0
        for c in cards:
            m |= 1 << self.index[c]
        return m

    def names(self, mask: int) -> list[str]:
        return [self.cards[i] for i in each(mask)]

    def points(self, mask: int) -> int:
        pts = self.pts
        return sum(pts[i] for i in each(mask))

    def legal(self, hand: int, led: int, trumpfzwang: bool = False) -> int:
        """The cards of ``hand`` that may be played when ``led`` (-1: none yet) was led (R-5.1)."""
        if led < 0:
            return hand
        same = hand & self.class_mask[self.cls[led]]
        if same:
            return same
        if trumpfzwang and hand & self.trumps:
            return hand & self.trumps
        return hand

    def winner(self, trick: list[int]) -> int:
        """The position of the winning card in ``trick`` (R-6)."""
        first = trick[0]
        if first == self.lk:
            queens = self.queens
            for i in range(1, len(trick)):
                if queens >> trick[i] & 1:
                    return i
        cls, key = self.cls, self.key
        led = cls[first]
        best, top = 0, key[first]
        for i in range(1, len(trick)):
            c = trick[i]
            k = key[c] if cls[c] == TRUMPS or cls[c] == led else -1
            if k > top:
                best, top = i, k
        return best

    def beaters(self, x: int, led_cls: int, lk_open: bool) -> int:
        """The cards that would beat ``x``, the trick's winning card so far; ``lk_open``: the LK
        was led and no queen has come yet (then ``x`` is the LK and any queen beats it)."""
        above = ~((1 << (x + 1)) - 1)
        if self.cls[x] == TRUMPS:
            m = self.trumps & above
        else:
            m = (self.class_mask[led_cls] & above) | self.trumps
        if lk_open:
            m |= self.queens
        return m


@lru_cache(maxsize=None)
def bits_for(players: int) -> Bits:
    """The shared ``Bits`` of a player count, with the heuristic's orders filled in."""
    from core.games.rosenkrieg.policy import orders  # the policy builds on this module

    b = Bits(players)
    b.dump_order, b.smear_order, b.win_order = orders(b)
    return b
