"""Deck of Spies' actions and their notation: counter, recruit, assassinate, retire, done."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from core.cards import FRENCH_SUITS, RANKS
from core.errors import MalformedAction
from core.games.deck_of_spies.turns import PLACES, sort_cards


def _cards_text(cards: Iterable[str]) -> str:
    return " ".join(cards)


@dataclass(frozen=True)
class Counter:
    """Counter (Abwehren) the spy with these hand cards (S-2)."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"counter {_cards_text(self.cards)}"


@dataclass(frozen=True)
class Recruit:
    """Recruit (Anwerben) the spy with these hand cards (S-3)."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"recruit {_cards_text(self.cards)}"


@dataclass(frozen=True)
class Assassinate:
    """Assassinate (Ausschalten) the spy, sacrificing the ace ``card`` from ``place`` (S-4)."""

    place: str
    card: str

    def __str__(self) -> str:
        return f"assassinate {self.place} {self.card}"


@dataclass(frozen=True)
class Retire:
    """Retire (In Rente schicken) two or more hand cards of one rank (S-5)."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"retire {_cards_text(self.cards)}"


@dataclass(frozen=True)
class Done:
    """End the turn without retiring."""

    def __str__(self) -> str:
        return "done"


SpyAction = Counter | Recruit | Assassinate | Retire | Done
_CARD_KINDS = {"counter": Counter, "recruit": Recruit, "retire": Retire}
_DONE_WORDS = ("done", "pass")


def _parse_card(token: str, text: str) -> str:
    t = token.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in FRENCH_SUITS:
        raise MalformedAction(f"not a card: {token!r} in {text!r} (cards look like 2C, TH, AS)")
    return t


def parse(text: str) -> SpyAction:
    """Read an action: ``counter 2C 3H``, ``recruit AC 4C``, ``assassinate draw AS``,
    ``retire 2C 2H``, ``done`` (or ``pass``). Card order does not matter.

    :raises MalformedAction: when the text is no Deck of Spies action.
    """
    if not isinstance(text, str):
        raise MalformedAction(f"not an action: {text!r}")
    words = text.split()
    if not words:
        raise MalformedAction(f"not an action: {text!r}")
    kind = words[0].lower()
    if kind in _DONE_WORDS:
        if len(words) != 1:
            raise MalformedAction(f"{kind!r} takes no cards: {text!r}")
        return Done()
    if kind == "assassinate":
        if len(words) != 3 or words[1].lower() not in PLACES:
            raise MalformedAction(f"expected 'assassinate hand|draw|discard ACE', not {text!r}")
        return Assassinate(words[1].lower(), _parse_card(words[2], text))
    if kind in _CARD_KINDS:
        cards = [_parse_card(w, text) for w in words[1:]]
        if not cards:
            raise MalformedAction(f"{kind!r} needs cards: {text!r}")
        if len(set(cards)) != len(cards):
            raise MalformedAction(f"a card is named twice in {text!r}")
        return _CARD_KINDS[kind](tuple(sort_cards(cards)))
    raise MalformedAction(f"unknown action {text!r} (actions: counter, recruit, assassinate, retire, done)")
