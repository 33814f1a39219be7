"""Thronfolge's card table and scoring (RULINGS.md T-1, T-5, T-6).

What each of the 45 cards is (supporter of a family, crown, favour or betrayal), what a
collection scores against the other, the three-crown win and who starts the next game
of a match. Pure functions of card lists: the rules, the bots and the table all use them.
"""

from __future__ import annotations

from typing import Any

from core import cards as C
from core.errors import BadState
from core.games.base import State

# --- the card table (T-1) ---------------------------------------------------------------

FAMILIES = "SHDC"  # tie-break order of T-6.1: ♠, ♥, ♦, ♣
FAMILY_VALUE = {"C": 5, "D": 6, "H": 7, "S": 8}
CROWNS = frozenset({"KS", "KC", "KD"})
FAVOURS = {"JC": 2, "JD": 2, "JH": 2, "JS": 2, "QD": 3, "QH": 3, "KH": 4}
BETRAYALS = {"9C": -1, "9D": -1, "9S": -1, "TC": -2, "TD": -2, "TH": -2, "TS": -2,
             "QC": -3, "QS": -3}
DECK = tuple(C.thronfolge_deck())
DECK_SET = frozenset(DECK)
# Supporters: the pip cards A–8 of the family's suit (T-1.1: the pips do not matter).
SUPPORTERS = {c: c[1] for c in DECK if c not in CROWNS and c not in FAVOURS and c not in BETRAYALS}
SET_POINTS = 5
HAND_SIZE = 5
TAKE_SIZE = 5
ROUNDS = 4


def card_type(card: str) -> str:
    """What a card is in Thronfolge: ``"supporter"``, ``"crown"``, ``"favour"`` or ``"betrayal"``.

    :raises KeyError: for a card that is not part of the game.
    """
    if card in SUPPORTERS:
        return "supporter"
    if card in CROWNS:
        return "crown"
    if card in FAVOURS:
        return "favour"
    if card in BETRAYALS:
        return "betrayal"
    raise KeyError(f"{card!r} is not a Thronfolge card")


def card_points(card: str) -> int:
    """The face value of a favour (+2…+4) or betrayal (−1…−3); 0 for supporters and crowns."""
    return FAVOURS.get(card, 0) + BETRAYALS.get(card, 0)


# --- scoring (T-5, T-6) -------------------------------------------------------------------


def score_breakdown(collection: list[str], other: list[str]) -> dict[str, Any]:
    """A collection's points against the other player's (T-6); usable as a live score.

    ``total = sum(families) + set_points + favours + betrayals`` (betrayals are negative).
    """
    mine = _supporter_counts(collection)
    theirs = _supporter_counts(other)
    families = {f: FAMILY_VALUE[f] if mine[f] > theirs[f] else 0 for f in FAMILIES}
    sets = min(mine.values())
    favours = sum(FAVOURS.get(c, 0) for c in collection)
    betrayals = sum(BETRAYALS.get(c, 0) for c in collection)
    crowns = sum(1 for c in collection if c in CROWNS)
    total = sum(families.values()) + SET_POINTS * sets + favours + betrayals
    return {"supporters": mine, "families": families, "sets": sets,
            "set_points": SET_POINTS * sets, "favours": favours, "betrayals": betrayals,
            "crowns": crowns, "total": total}


def live_scores(state: State) -> list[int]:
    """Both players' points if the game were scored now (works on views too)."""
    a, b = state["collections"]
    return [score_breakdown(a, b)["total"], score_breakdown(b, a)["total"]]


def has_three_crowns(collection: list[str]) -> bool:
    """Whether a collection holds all three crowns (T-5)."""
    return sum(1 for c in collection if c in CROWNS) == len(CROWNS)


def _supporter_counts(collection: list[str]) -> dict[str, int]:
    counts = dict.fromkeys(FAMILIES, 0)
    for c in collection:
        fam = SUPPORTERS.get(c)
        if fam is not None:
            counts[fam] += 1
    return counts


def final_result(collections: list[list[str]]) -> dict[str, Any]:
    """The result after round 4: totals, then the tie-break of T-6.1, else a shared win."""
    a, b = collections
    breakdown = [score_breakdown(a, b), score_breakdown(b, a)]
    scores = [breakdown[0]["total"], breakdown[1]["total"]]
    if scores[0] != scores[1]:
        winners, reason = [0 if scores[0] > scores[1] else 1], "score"
    else:
        keys = [tuple(bd["supporters"][f] for f in FAMILIES) + (bd["crowns"],) for bd in breakdown]
        if keys[0] != keys[1]:
            winners, reason = [0 if keys[0] > keys[1] else 1], "tiebreak"
        else:
            winners, reason = [0, 1], "shared"
    return {"scores": scores, "winners": winners, "reason": reason, "breakdown": breakdown}


def crown_result(collections: list[list[str]], seat: int) -> dict[str, Any]:
    """The result of an instant win by three crowns (T-5); scores are the live totals then."""
    a, b = collections
    breakdown = [score_breakdown(a, b), score_breakdown(b, a)]
    return {"scores": [breakdown[0]["total"], breakdown[1]["total"]], "winners": [seat],
            "reason": "crowns", "breakdown": breakdown}


def next_match_starter(previous: State) -> int:
    """Who starts the next game of a match (T-9.2): the loser; after a shared win, the other
    player than the one who started the previous game.

    :raises BadState: when the previous game is not over.
    """
    if not previous.get("over"):
        raise BadState("the previous game is not over yet, so the next starter is not known")
    winners = previous["result"]["winners"]
    if len(winners) == 1:
        return 1 - winners[0]
    return 1 - previous["options"]["starter"]
