"""Thronfolge's two actions and their notation: ``play CARD`` and ``take``."""

from __future__ import annotations

from dataclasses import dataclass

from core import cards as C
from core.errors import MalformedAction
from core.games.thronfolge.scoring import DECK

DECK_SET = frozenset(DECK)


@dataclass(frozen=True, slots=True)
class Play:
    """Put one hand card at the end of the line: ``play TS``."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Take:
    """Take the last min(5, length) cards of the line: ``take``."""

    def __str__(self) -> str:
        return "take"


ThronfolgeAction = Play | Take
TAKE = Take()
# One shared instance per card keeps legal_actions cheap (no object creation per call).
PLAYS = {c: Play(c) for c in DECK}


def parse(text: str) -> ThronfolgeAction:
    """Read ``play CARD`` or ``take`` (case and spacing do not matter; ``10S`` works).

    :raises MalformedAction: when the text is neither.
    """
    if not isinstance(text, str):
        raise MalformedAction(f"not an action: {text!r} (expected 'play CARD' or 'take')")
    words = text.split()
    verb = words[0].lower() if words else ""
    if verb == "take":
        if len(words) != 1:
            raise MalformedAction(f"{text!r}: 'take' names no cards; it always takes "
                                  "the last five cards of the line")
        return TAKE
    if verb == "play":
        if len(words) != 2:
            raise MalformedAction(f"{text!r}: expected 'play' and one card, e.g. 'play TS'")
        try:
            card = str(C.parse(words[1]))
        except C.CardError:
            raise MalformedAction(f"{text!r}: {words[1]!r} is not a card "
                                  "(rank A2-9TJQK then suit CDHS, e.g. 'TS')") from None
        if card not in DECK_SET:
            raise MalformedAction(f"{text!r}: {card} is not one of Thronfolge's 45 cards")
        return PLAYS[card]
    raise MalformedAction(f"{text!r} is not a Thronfolge action "
                          "(expected 'play CARD', e.g. 'play TS', or 'take')")
