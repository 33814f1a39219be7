"""The position a Thronfolge bot sees, in card kinds.

Everything here works on kinds (see ``thronfolge_eval``): the line is a list of kinds, a hand
and a collection are counts per kind. A ``Position`` is built from a view only, so nothing
built on it can see hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.games.thronfolge.evaluation import KIND, N_KINDS, counts, points_value, to_collect
from core.games.base import State

TAKE = -1  # the take, next to kinds 0–10 for plays
WINDOW = 5


@dataclass
class Position:
    """What the player to move knows, in kinds."""

    seat: int
    line: list[int]
    hand: list[int]           # counts per kind
    opp_hand: int             # the opponent's number of cards
    me: list[int]             # my collection, counts per kind
    opp: list[int]
    taken: bool
    opp_taken: bool
    round: int
    starter: int
    _cache: dict = field(default_factory=dict, repr=False)

    @classmethod
    def from_view(cls, view: State) -> Position:
        seat = view["to_move"]
        return cls(seat=seat, line=[KIND[c] for c in view["line"]],
                   hand=counts(view["hands"][seat]), opp_hand=len(view["hands"][1 - seat]),
                   me=counts(view["collections"][seat]),
                   opp=counts(view["collections"][1 - seat]),
                   taken=view["taken"][seat], opp_taken=view["taken"][1 - seat],
                   round=view["round"], starter=view["starter"])

    @property
    def hand_size(self) -> int:
        return sum(self.hand)

    def moves(self) -> list[int]:
        """Distinct kinds I can play, then ``TAKE`` when a take is allowed."""
        out = [k for k in range(N_KINDS) if self.hand[k]]
        if not self.taken and (self.line or not out):
            out.append(TAKE)
        return out

    def collect(self) -> float:
        return to_collect((not self.taken) + (not self.opp_taken), 4 - self.round)

    def base(self) -> float:
        return self._value(self.me, self.opp, self.collect())

    def gain(self, cards: list[int], mine: bool) -> float:
        """What getting ``cards`` is worth to me (mine) or to the opponent, in points."""
        if not cards:
            return 0.0
        key = (mine, tuple(sorted(cards)))
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        collect = max(0.0, self.collect() - len(cards))
        if mine:
            me = self.me[:]
            for k in cards:
                me[k] += 1
            g = self._value(me, self.opp, collect) - self.base()
        else:
            opp = self.opp[:]
            for k in cards:
                opp[k] += 1
            g = self.base() - self._value(self.me, opp, collect)
        self._cache[key] = g
        return g

    def _value(self, me: list[int], opp: list[int], collect: float) -> float:
        key = ("v", tuple(me), tuple(opp), collect)
        hit = self._cache.get(key)
        if hit is None:
            hit = self._cache[key] = points_value(me, opp, collect)
        return hit
