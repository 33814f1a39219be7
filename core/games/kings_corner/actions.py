"""Kings in the Corner's four actions and their notation.

- ``draw``: take the top card of the talon (the mandatory first step of a turn, K-2.1);
- ``play 7H N``: put a hand card on a position (build on a pile, a king into an empty corner,
  any card on an empty edge: K-3, K-3.1, K-3.4);
- ``move N SE``: put the whole pile at N onto the pile at SE, or an edge pile with a king at
  the bottom into an empty corner (K-3.2, K-3.3);
- ``end``: end the turn (``pass`` is read as ``end``).

Positions are ``N E S W`` (edges) and ``NE SE SW NW`` (corners), in any case.
"""

from __future__ import annotations

from dataclasses import dataclass

from core import cards as C
from core.errors import MalformedAction
from core.games.kings_corner.layout import POSITIONS


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the talon into the hand: ``draw``."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class End:
    """End the turn: ``end``."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Play:
    """Put one hand card on a position: ``play 7H N``."""

    card: str
    to: str

    def __str__(self) -> str:
        return f"play {self.card} {self.to}"


@dataclass(frozen=True, slots=True)
class Move:
    """Put the whole pile at ``src`` onto the pile (or empty corner) at ``dst``: ``move N SE``."""

    src: str
    dst: str

    def __str__(self) -> str:
        return f"move {self.src} {self.dst}"


KingsAction = Draw | End | Play | Move
DRAW = Draw()
END = End()
_SIMPLE = {"draw": DRAW, "end": END, "pass": END}
_SHAPES = "'draw', 'play CARD POSITION' (e.g. 'play 7H N'), 'move FROM TO' (e.g. 'move N SE') or 'end'"


def _position(word: str, text: str) -> str:
    pos = word.upper()
    if pos not in POSITIONS:
        raise MalformedAction(f"{text!r}: {word!r} is not a position (positions: {' '.join(POSITIONS)})")
    return pos


def parse(text: str) -> KingsAction:
    """Read an action (case and spacing do not matter; ``10H`` works for ``TH``).

    :raises MalformedAction: when the text is no Kings in the Corner action.
    """
    if not isinstance(text, str):
        raise MalformedAction(f"not an action: {text!r} (expected {_SHAPES})")
    words = text.split()
    verb = words[0].lower() if words else ""
    if verb in _SIMPLE:
        if len(words) != 1:
            raise MalformedAction(f"{text!r}: {verb!r} takes nothing after it")
        return _SIMPLE[verb]
    if verb == "play":
        if len(words) != 3:
            raise MalformedAction(f"{text!r}: expected 'play', a card and a position, e.g. 'play 7H N'")
        try:
            card = str(C.parse(words[1]))
        except C.CardError:
            raise MalformedAction(f"{text!r}: {words[1]!r} is not a card "
                                  "(rank A2-9TJQK then suit CDHS, e.g. '7H')") from None
        if card[1] not in C.FRENCH_SUITS:
            raise MalformedAction(f"{text!r}: {card} is not a card of the 52-card deck")
        return Play(card, _position(words[2], text))
    if verb == "move":
        if len(words) != 3:
            raise MalformedAction(f"{text!r}: expected 'move' and two positions, e.g. 'move N SE'")
        return Move(_position(words[1], text), _position(words[2], text))
    raise MalformedAction(f"{text!r} is not a Kings in the Corner action (expected {_SHAPES})")
