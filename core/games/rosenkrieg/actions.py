"""Rosenkrieg's actions and their notation: ``will``, ``pass``, ``lay CARD CARD``, ``play CARD``."""

from __future__ import annotations

from dataclasses import dataclass

from core import cards as C
from core.errors import MalformedAction
from core.games.rosenkrieg.tricks import RANKS, SUITS

ALL_CARDS = frozenset(r + s for s in SUITS for r in RANKS)  # every card of any player count


@dataclass(frozen=True, slots=True)
class Declare:
    """Say openly whether one wants to be the Potentat: ``will`` or ``pass`` (R-3.1)."""

    will: bool

    def __str__(self) -> str:
        return "will" if self.will else "pass"


@dataclass(frozen=True, slots=True)
class Lay:
    """The Potentat lays two cards away as the new Erbe: ``lay AL TB`` (R-4); cards in notation order."""

    cards: tuple[str, str]

    def __str__(self) -> str:
        return f"lay {self.cards[0]} {self.cards[1]}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play one card to the trick: ``play KL``."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


RosenkriegAction = Declare | Lay | Play
WILL = Declare(True)
PASS = Declare(False)
PLAYS = {c: Play(c) for c in ALL_CARDS}


def lay(a: str, b: str) -> Lay:
    """The ``Lay`` of two cards, in its one notation order."""
    return Lay((a, b) if a < b else (b, a))


def _card(text: str, word: str) -> str:
    try:
        card = str(C.parse(word))
    except C.CardError:
        card = ""
    if card not in ALL_CARDS:
        raise MalformedAction(f"{text!r}: {word!r} is not a Rosenkrieg card "
                              "(rank A T K Q J 9 8 7, then suit L T B R, e.g. 'KL')")
    return card


def parse(text: str) -> RosenkriegAction:
    """Read ``will``, ``pass``, ``lay CARD CARD`` or ``play CARD`` (case and spacing do not matter).

    :raises MalformedAction: when the text is none of them.
    """
    if not isinstance(text, str):
        raise MalformedAction(f"not an action: {text!r}")
    words = text.split()
    verb = words[0].lower() if words else ""
    if verb in ("will", "pass"):
        if len(words) != 1:
            raise MalformedAction(f"{text!r}: {verb!r} takes nothing after it")
        return WILL if verb == "will" else PASS
    if verb == "play":
        if len(words) != 2:
            raise MalformedAction(f"{text!r}: expected 'play' and one card, e.g. 'play KL'")
        return PLAYS[_card(text, words[1])]
    if verb == "lay":
        if len(words) != 3:
            raise MalformedAction(f"{text!r}: expected 'lay' and two cards, e.g. 'lay AT KB'")
        a, b = _card(text, words[1]), _card(text, words[2])
        if a == b:
            raise MalformedAction(f"{text!r}: lay two different cards")
        return lay(a, b)
    raise MalformedAction(f"{text!r} is not a Rosenkrieg action "
                          "(expected 'will', 'pass', 'lay CARD CARD' or 'play CARD')")
