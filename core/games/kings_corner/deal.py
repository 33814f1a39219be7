"""Dealing a round of Kings in the Corner from the seed (K-1 … K-1.3).

Every round's shuffle comes from the game's seed and the round number, so a session of
many rounds needs no random state beyond the seed. The first dealer is found the way
people do it: everyone draws a card, the highest deals, and a tie draws again (K-1.3).
"""

from __future__ import annotations

import random
from typing import Any

from core import cards as C
from core.games.base import Event, move_event
from core.games.kings_corner.layout import CORNERS, EDGES, POSITIONS, is_king
from core.games.kings_corner.scoring import hand_size


def first_dealer(seed: int, players: int) -> int:
    """The seat that draws the highest card (K high, ace low); tied seats draw again (K-1.3)."""
    rng = random.Random(f"kings-corner:{seed}:dealer")
    deck: list[str] = []
    contenders = list(range(players))
    while len(contenders) > 1:
        if len(deck) < len(contenders):
            deck = C.standard_deck()
            rng.shuffle(deck)
        drawn = {s: C.VALUES[deck.pop()[0]] for s in contenders}
        best = max(drawn.values())
        contenders = [s for s in contenders if drawn[s] == best]
    return contenders[0]


def shuffled_deck(seed: int, round_no: int) -> list[str]:
    """The 52 cards of round ``round_no`` as shuffled from the seed; the top card is last."""
    deck = C.standard_deck()
    random.Random(f"kings-corner:{seed}:round:{round_no}").shuffle(deck)
    return deck


def _corner_for(edge: str, piles: dict[str, list[str]]) -> str:
    """The first free corner clockwise from an edge (N → NE, E → SE, S → SW, W → NW)."""
    start = EDGES.index(edge)
    for k in range(4):
        corner = CORNERS[(start + k) % 4]
        if not piles[corner]:
            return corner
    raise AssertionError("a fifth king")  # four corners hold the four kings


def deal_round(seed: int, round_no: int, players: int, dealer: int, options: dict[str, Any],
               events: list[Event] | None) -> dict[str, Any]:
    """The hands, layout and talon of a fresh round (K-1.1, K-1.2 and the "Königsauslage").

    Cards go one at a time clockwise from the dealer's left; then the top four talon cards
    are turned up as N, E, S, W. With ``king_layout`` a king turned up for an edge moves into
    a corner at once and the edge gets the next talon card.
    """
    talon = shuffled_deck(seed, round_no)
    size = hand_size(players, options["hand"], options["draw"])
    first = (dealer + 1) % players
    hands: list[list[str]] = [[] for _ in range(players)]
    for _ in range(size):
        for k in range(players):
            hands[(first + k) % players].append(talon.pop())
    piles: dict[str, list[str]] = {p: [] for p in POSITIONS}
    for edge in EDGES:
        piles[edge].append(talon.pop())
    if events is not None:
        events.append({"type": "round_start", "round": round_no, "dealer": dealer, "first": first})
        for s in range(players):
            events.append(move_event(hands[s], "talon", f"hand:{s}", s, action="deal"))
        for edge in EDGES:
            events.append(move_event(piles[edge], "talon", f"pile:{edge}", action="deal"))
    if options["king_layout"]:
        for edge in EDGES:
            while piles[edge] and is_king(piles[edge][0]):
                corner = _corner_for(edge, piles)
                piles[corner] = piles[edge]
                piles[edge] = [talon.pop()] if talon else []
                if events is not None:
                    events.append(move_event(piles[corner], f"pile:{edge}", f"pile:{corner}",
                                             action="king_layout"))
                    if piles[edge]:
                        events.append(move_event(piles[edge], "talon", f"pile:{edge}", action="deal"))
    return {"hands": hands, "piles": piles, "talon": talon, "first": first}
