"""Deal sizes, round winners and penalty points (K-1.1, K-4.3, K-5 … K-5.3, K-6 … K-6.2)."""

from __future__ import annotations

from typing import Sequence

from core import cards as C

DECK_SIZE = 52
LAYOUT = 4  # edge cards turned up at the deal
STANDARD_HAND = 7


def hand_size(players: int, hand: int, draw: bool) -> int:
    """Cards dealt to each player: the option ``hand``, or with 0 the standard deal.

    The standard deal is 7 (K-1.1); without drawing ("Ohne Ziehen") it is
    min(13, ⌊(52 − 4) / players⌋): 13 for 2–3 players, 12 for 4, 9 for 5 (K-6.1).
    """
    if hand:
        return hand
    return STANDARD_HAND if draw else min(13, (DECK_SIZE - LAYOUT) // players)


def hand_problem(players: int, size: int) -> str | None:
    """Why ``size`` cards each cannot be dealt to ``players`` from one deck (K-6), or None."""
    need = players * size + LAYOUT
    if need > DECK_SIZE:
        return (f"{size} cards each for {players} players and 4 edge cards need {need} cards; "
                f"the deck has {DECK_SIZE}")
    return None


def card_points(card: str, scoring: str) -> int:
    """A card left in hand: ``penalty`` K = 10, every other card 1 (K-5.1);
    ``face`` A = 1, 2–10 pip value, J = Q = K = 10 (K-5.3)."""
    if scoring == "face":
        return min(10, C.VALUES[card[0]])
    return 10 if card[0] == "K" else 1


def hand_points(hand: Sequence[str], scoring: str) -> int:
    return sum(card_points(c, scoring) for c in hand)


def fewest_cards(hands: Sequence[Sequence[str]]) -> list[int]:
    """The seats with the fewest cards in hand: the winners of a blocked round (K-4.3)."""
    least = min(len(h) for h in hands)
    return [s for s, h in enumerate(hands) if len(h) == least]


def round_points(hands: Sequence[Sequence[str]], winners: Sequence[int], scoring: str) -> list[int]:
    """Penalty points of a finished round: each winner 0, every other seat its hand (K-5.1)."""
    return [0 if s in winners else hand_points(h, scoring) for s, h in enumerate(hands)]


def lowest(scores: Sequence[int]) -> list[int]:
    """The seats with the lowest penalty total: the session's winners, ties shared (K-5.2)."""
    least = min(scores)
    return [s for s, v in enumerate(scores) if v == least]


def session_over(scores: Sequence[int], target: int) -> bool:
    """Whether the game ends after this round: a single round (target 0), or a total at or
    past the target (K-5.2, checked only once a round is complete)."""
    return target == 0 or max(scores) >= target
