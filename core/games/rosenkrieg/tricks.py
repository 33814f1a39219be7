"""Rosenkrieg's cards and tricks: points, trumps, the follow rules and who wins a trick.

RULINGS.md R-1 (cards and points), R-1.2/R-1.3 (trumps: the Rosen and the König der Löwen,
which belongs to the trumps only), R-2 (the deck per player count), R-5.1 (what may be
played) and R-6 (who wins a trick, with the queen that beats a led König der Löwen).
Pure functions of card strings such as ``"KL"``; the engine, the bots and the table share them.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from core import cards as C

LK = "KL"  # der König der Löwen
TRUMP = "R"  # the Rosen are trumps; for following, the LK counts as one of them
SUITS = "LTBR"
RANKS = C.ROSENKRIEG_RANKS  # high to low within a suit
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
TOTAL_POINTS = 120
TRUMP_ORDER = ("KL", "AR", "TR", "KR", "QR", "JR", "9R", "8R", "7R")  # high to low
SUIT_NAMES = {"L": "Löwen", "T": "Türme", "B": "Bäume", "R": "Rosen"}
HAND_SIZE = {2: 9, 3: 8, 4: 6}  # R-2, with R-2.1's nine cards each for two players
ERBE_SIZE = 2

_TRUMP_RANK = {c: len(TRUMP_ORDER) - i for i, c in enumerate(TRUMP_ORDER)}  # 9 for the LK … 1 for 7R
_SUIT_RANK = {r: len(RANKS) - i for i, r in enumerate(RANKS)}  # 8 for an ace … 1 for a seven
_DISPLAY_SUIT = {"L": 0, "T": 1, "B": 2, "R": 3}


def deck(players: int) -> list[str]:
    """The cards of a Partie for ``players`` (R-2): 20 for two players, 26 for three or four.

    :raises CardError: for a player count outside 2–4.
    """
    return C.rosenkrieg_deck(players)


def points(card: str) -> int:
    return POINTS[card[0]]


def card_points(cards: Iterable[str]) -> int:
    """The Zähler of some cards: A 11, 10 10, K 4, D 3, B 2, the rest 0 (R-1)."""
    return sum(POINTS[c[0]] for c in cards)


def is_trump(card: str) -> bool:
    return card[1] == TRUMP or card == LK


def suit_of(card: str) -> str:
    """The suit a card follows as: ``"R"`` for every trump, the LK included (R-1.3)."""
    return TRUMP if card == LK else card[1]


def suit_name(suit: str) -> str:
    return SUIT_NAMES[suit]


def trump_rank(card: str) -> int:
    """A trump's place from the top, as a number: 9 for the LK down to 1 for the Rosen-7; 0 for no trump."""
    return _TRUMP_RANK.get(card, 0)


def strength(card: str, led: str) -> int:
    """How high a card stands in a trick whose led suit is ``led``: trumps above the led suit,
    off-suit plain cards at -1 (they never win)."""
    if is_trump(card):
        return 100 + _TRUMP_RANK[card]
    if card[1] == led:
        return _SUIT_RANK[card[0]]
    return -1


def sort_key(card: str) -> tuple[int, int]:
    """Display order: Löwen, Türme, Bäume, then the trumps from the LK down; high cards first."""
    if is_trump(card):
        return 3, -_TRUMP_RANK[card]
    return _DISPLAY_SUIT[card[1]], -_SUIT_RANK[card[0]]


def sort_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=sort_key)


def highest_trump(cards: Iterable[str]) -> str | None:
    """The highest trump among ``cards`` (R-1.2 order), or None."""
    trumps = [c for c in cards if is_trump(c)]
    return max(trumps, key=trump_rank) if trumps else None


# --- the follow rules (R-5.1) ---------------------------------------------------------------


def legal_plays(hand: Sequence[str], trick: Sequence[str], trumpfzwang: bool = False) -> list[str]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards so far, in order).

    Lead anything; else follow the led suit (a trump lead asks for any trump, the LK among
    them); without it anything goes, or with ``trumpfzwang`` a trump if there is one.
    """
    if not trick:
        return list(hand)
    led = suit_of(trick[0])
    same = [c for c in hand if suit_of(c) == led]
    if same:
        return same
    if trumpfzwang:
        trumps = [c for c in hand if is_trump(c)]
        if trumps:
            return trumps
    return list(hand)


def follow_problem(hand: Sequence[str], trick: Sequence[str], card: str, trumpfzwang: bool = False) -> str | None:
    """Why ``card`` may not be played to ``trick`` from ``hand`` (it is in the hand), or None."""
    allowed = legal_plays(hand, trick, trumpfzwang)
    if card in allowed:
        return None
    shown = ", ".join(sort_cards(allowed))
    led = suit_of(trick[0])
    if any(suit_of(c) == led for c in hand):
        if led == TRUMP:
            return (f"a trump was led, so you must play a trump (a Rosen card or the König der Löwen): "
                    f"one of {shown}")
        extra = " (the König der Löwen is a trump, not a Löwen card)" if card == LK and led == "L" else ""
        return f"you must follow {suit_name(led)}: play one of {shown}{extra}"
    return (f"you have no {suit_name(led)}, and with Trumpfzwang you must then play a trump: "
            f"one of {shown}")


# --- who wins a trick (R-6) -----------------------------------------------------------------


def trick_winner(trick: Sequence[str]) -> int:
    """The position in ``trick`` (cards in play order) of the card that wins it.

    A led LK loses to the first queen played after it (R-6 step 1, R-6.1); otherwise the
    highest trump wins, and without trumps the highest card of the led suit.
    """
    if trick[0] == LK:
        for i in range(1, len(trick)):
            if trick[i][0] == "Q":
                return i
    led = suit_of(trick[0])
    best, top = 0, strength(trick[0], led)
    for i in range(1, len(trick)):
        s = strength(trick[i], led)
        if s > top:
            best, top = i, s
    return best
