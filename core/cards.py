"""Cards, suits, ranks and the decks of all four games, with a two-character notation.

A card is written rank then suit: ``TS`` is the ten of spades, ``KL`` the king of
Löwen (Rosenkrieg). ``??`` is a card whose face the viewer may not see.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

# French suits and Rosenkrieg's own four suits share one notation space.
FRENCH_SUITS = "CDHS"
ROSENKRIEG_SUITS = "LTBR"
RANKS = "A23456789TJQK"
ROSENKRIEG_RANKS = "ATKQJ987"  # high to low within a Rosenkrieg suit

UNKNOWN = "??"

SUIT_NAMES = {
    "en": {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades",
           "L": "Lions", "T": "Towers", "B": "Trees", "R": "Roses"},
    "de": {"C": "Kreuz", "D": "Karo", "H": "Herz", "S": "Pik",
           "L": "Löwen", "T": "Türme", "B": "Bäume", "R": "Rosen"},
}
RANK_NAMES = {
    "en": {"A": "Ace", "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six",
           "7": "Seven", "8": "Eight", "9": "Nine", "T": "Ten", "J": "Jack", "Q": "Queen",
           "K": "King"},
    "de": {"A": "Ass", "2": "Zwei", "3": "Drei", "4": "Vier", "5": "Fünf", "6": "Sechs",
           "7": "Sieben", "8": "Acht", "9": "Neun", "T": "Zehn", "J": "Bube", "Q": "Dame",
           "K": "König"},
}
# What is printed in a card's corner; German decks say B/D for jack/queen.
RANK_INDEX = {
    "en": {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"},
    "de": {"T": "10", "J": "B", "Q": "D", "K": "K", "A": "A"},
}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RED_SUITS = frozenset("DHRT")

VALUES = {r: i + 1 for i, r in enumerate(RANKS)}  # A=1 … K=13


class CardError(ValueError):
    """A card string that is not valid notation."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card; ``str`` and ``repr`` give its two-character notation."""

    rank: str
    suit: str

    def __post_init__(self) -> None:
        if self.rank not in RANKS or self.suit not in FRENCH_SUITS + ROSENKRIEG_SUITS:
            raise CardError(f"not a card: {self.rank + self.suit!r}")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"TS"``-style notation.

        :raises CardError: when the text is not a card.
        """
        return parse(text)

    @property
    def value(self) -> int:
        """The pip value: A=1, 2–10 as printed, J=11, Q=12, K=13."""
        return VALUES[self.rank]

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return self.rank + self.suit


@lru_cache(maxsize=None)
def parse(text: str) -> Card:
    """Read one card in notation, e.g. ``"TS"``; ``"10S"`` is accepted too.

    :raises CardError: when the text is not a card.
    """
    if not isinstance(text, str):
        raise CardError(f"not a card: {text!r}")
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in FRENCH_SUITS + ROSENKRIEG_SUITS:
        raise CardError(f"not a card: {text!r} (expected rank A2-9TJQK then suit CDHS or LTBR)")
    return Card(t[0], t[1])


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def value(card: str) -> int:
    """The pip value of a card string: A=1 … K=13."""
    return VALUES[card[0]]


def is_card(text: str) -> bool:
    try:
        parse(text)
    except CardError:
        return False
    return True


def is_red(card: str) -> bool:
    return card[1] in RED_SUITS


def name(card: str, lang: str = "en") -> str:
    """A card's spoken name, for screen readers: "Ten of Spades" / "Pik Zehn"."""
    if card == UNKNOWN:
        return "Hidden card" if lang == "en" else "Verdeckte Karte"
    lang = lang if lang in SUIT_NAMES else "en"
    s, r = SUIT_NAMES[lang][card[1]], RANK_NAMES[lang][card[0]]
    if lang == "de":
        return f"{s} {r}" if card[1] in FRENCH_SUITS else f"{s}-{r}"
    return f"{r} of {s}"


def index_label(card: str, lang: str = "en") -> str:
    """What a card's corner shows for its rank ("10", "B", "7" …)."""
    return RANK_INDEX.get(lang, RANK_INDEX["en"]).get(card[0], card[0])


def standard_deck() -> list[str]:
    """All 52 French cards, ordered by suit then rank."""
    return [r + s for s in FRENCH_SUITS for r in RANKS]


THRONFOLGE_UNUSED = frozenset({"6C", "7C", "8C", "7D", "8D", "8H", "9H"})


def thronfolge_deck() -> list[str]:
    """Thronfolge's 45 cards: the 52 without ♣6 ♣7 ♣8 ♦7 ♦8 ♥8 ♥9."""
    return [c for c in standard_deck() if c not in THRONFOLGE_UNUSED]


def rosenkrieg_deck(players: int) -> list[str]:
    """Rosenkrieg's deck in its own suits: 20 cards for 2 players, 26 for 3–4.

    :raises CardError: for a player count outside 2–4.
    """
    if players not in (2, 3, 4):
        raise CardError(f"Rosenkrieg is for 2 to 4 players, not {players!r}")
    if players == 2:
        ranks = "ATKQJ"
        return [r + s for s in ROSENKRIEG_SUITS for r in ranks]
    deck = [r + s for s in ROSENKRIEG_SUITS for r in "ATKQJ9"]
    return deck + ["8R", "7R"]


def shuffled(cards: Iterable[str], rng: random.Random) -> list[str]:
    out = list(cards)
    rng.shuffle(out)
    return out
