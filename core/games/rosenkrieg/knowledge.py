"""What the seat to move knows in a Rosenkrieg view, in bits, and the deals consistent with it.

Built from a view only: the own hand, the cards played (this Partie's tricks and the
trick on the table), the Erbe for the Potentat who laid it, the sizes of the other hands,
and the suits each seat has shown it lacks: a seat that did not follow the led suit holds
none of it (and with Trumpfzwang, no trump either). ``sample`` deals the unseen cards to
the other hands and the Erbe, uniformly among the deals that respect those voids, with
the shared ``core.bots.worlds.deal``. The Erbe has no constraint: the Potentat may lay away
cards of a suit he lacks in hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from core.bots.worlds import deal
from core.cards import UNKNOWN
from core.games.base import State
from core.games.rosenkrieg.bits import TRUMPS, Bits, bits_for
from core.games.rosenkrieg.rules import seat_order
from core.games.rosenkrieg.scoring import streak_before

ERBE = "erbe"


@dataclass
class Knowledge:
    """The viewer's knowledge of the Partie (the seat to move when the view is for it), as card masks."""

    b: Bits
    me: int
    phase: str
    dealer: int
    pot: int | None
    hand: int
    unseen: list[int]
    sizes: dict[Any, int]  # the hidden places (other seats, the Erbe) and how many cards each holds
    voids: list[int]  # per seat, bit ``cl`` set: shown to hold no card of class ``cl``
    trick: list[int]
    leader: int
    erbe: int  # the Erbe as far as known (the Potentat's own)
    pot_pts: int  # Zähler of the Potentat so far: tricks, and the Erbe when known
    chal_pts: int
    lk_pot: bool | None  # the LK is in the Potentat's Zähler (True), the challengers' (False), or unknown
    pot_tricks: int
    chal_tricks: int
    trumpfzwang: bool
    klanglos: str
    declarations: list[bool | None]
    history: list[dict[str, Any]]
    _allowed: dict[Any, Callable[[int], bool]] = field(default_factory=dict)

    @classmethod
    def from_view(cls, view: State) -> Knowledge:
        n = view["players"]
        b = bits_for(n)
        me = view["to_move"] if view.get("viewer") is None else view["viewer"]
        pot = view["potentat"]
        hand = b.mask(view["hands"][me])
        played = b.mask(c for w in view["won"] for c in w) | b.mask(view["trick"]["cards"])
        erbe = b.mask(c for c in view["erbe"] if c != UNKNOWN)
        known = hand | played | erbe
        unseen = [i for i in range(len(b.cards)) if not known >> i & 1]
        sizes: dict[Any, int] = {s: len(view["hands"][s]) for s in range(n) if s != me}
        if UNKNOWN in view["erbe"]:
            sizes[ERBE] = len(view["erbe"])
        zwang = view["options"]["trumpfzwang"]
        voids = [0] * n
        logged = [(t["leader"], t["cards"].split()) for t in view["tricks"]]
        if view["trick"]["cards"]:
            logged.append((view["trick"]["leader"], view["trick"]["cards"]))
        for leader, cards in logged:
            led = b.cls[b.index[cards[0]]]
            for i, c in enumerate(cards[1:], 1):
                cl = b.cls[b.index[c]]
                seat = (leader + i) % n
                if cl != led:
                    voids[seat] |= 1 << led
                    if zwang and cl != TRUMPS:
                        voids[seat] |= 1 << TRUMPS
        pot_pts = chal_pts = pot_tricks = chal_tricks = 0
        lk_pot: bool | None = True if erbe >> b.lk & 1 else None
        for s, w in enumerate(view["won"]):
            m = b.mask(w)
            if s == pot:
                pot_pts += b.points(m)
            else:
                chal_pts += b.points(m)
            if m >> b.lk & 1:
                lk_pot = s == pot
        for t in view["tricks"]:
            if t["winner"] == pot:
                pot_tricks += 1
            else:
                chal_tricks += 1
        leader = view["trick"]["leader"]
        kn = cls(b, me, view["phase"], view["dealer"], pot, hand, unseen, sizes, voids,
                 [b.index[c] for c in view["trick"]["cards"]], leader if leader is not None else -1, erbe,
                 pot_pts + b.points(erbe), chal_pts, lk_pot, pot_tricks, chal_tricks, zwang,
                 view["options"]["klanglos"], list(view["declarations"]), view["partien"])
        kn._allowed = {s: kn._holds(s) for s in sizes if s != ERBE and voids[s]}
        return kn

    def _holds(self, seat: int) -> Callable[[int], bool]:
        voids, cls = self.voids[seat], self.b.cls
        return lambda c: not voids >> cls[c] & 1

    @property
    def players(self) -> int:
        return self.b.players

    def could(self) -> list[int]:
        """Per seat, the cards it may hold as far as this seat knows (its own hand for itself)."""
        out = []
        cls = self.b.cls
        for s in range(self.players):
            if s == self.me:
                out.append(self.hand)
                continue
            voids = self.voids[s]
            m = 0
            for c in self.unseen:
                if not voids >> cls[c] & 1:
                    m |= 1 << c
            out.append(m)
        return out

    def sample(self, rng: random.Random) -> tuple[list[int], int]:
        """One deal consistent with this knowledge: every seat's hand and the Erbe, as masks."""
        dealt = deal(self.unseen, self.sizes, rng, self._allowed or None)
        hands = [0] * self.players
        hands[self.me] = self.hand
        erbe = self.erbe
        for place, cards in dealt.items():
            m = 0
            for c in cards:
                m |= 1 << c
            if place == ERBE:
                erbe |= m
            else:
                hands[place] = m
        return hands, erbe

    def streak(self, seat: int) -> int:
        return streak_before(self.history, seat)

    def previous(self) -> int | None:
        return self.history[-1]["potentat"] if self.history else None

    def order(self) -> list[int]:
        """The seats from the one left of the dealer round to the dealer."""
        return seat_order({"players": self.players, "dealer": self.dealer})
