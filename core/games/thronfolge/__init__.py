"""Thronfolge, the two-player line-taking duel: everything of the game that is not UI.

The parts, in the order every game package has them:

- ``actions``: the moves and their notation (``play TS``, ``take``);
- ``rules``: the engine (setup, legal actions, apply, view), registered as ``GAME``;
- ``scoring``: the card table and how collections score (T-1, T-5, T-6);
- ``bots``: the computer players by level;
- ``position``, ``evaluation``, ``search``: what the bots think with (a view in card
  kinds, a position's value, the exact round solver and its sampling over hidden hands).

This module is the game's public face: the names the UI and tools use.
"""

from core.games.thronfolge.actions import PLAYS, TAKE, Play, Take, ThronfolgeAction
from core.games.thronfolge.rules import GAME, Thronfolge
from core.games.thronfolge.scoring import (BETRAYALS, CROWNS, DECK, FAMILIES, FAMILY_VALUE, FAVOURS, HAND_SIZE,
                                          ROUNDS, SET_POINTS, SUPPORTERS, TAKE_SIZE, card_points, card_type,
                                          crown_result, final_result, has_three_crowns, live_scores,
                                          next_match_starter, score_breakdown)

__all__ = ["BETRAYALS", "CROWNS", "DECK", "FAMILIES", "FAMILY_VALUE", "FAVOURS", "GAME", "HAND_SIZE", "PLAYS",
           "ROUNDS", "SET_POINTS", "SUPPORTERS", "TAKE", "TAKE_SIZE", "Play", "Take", "Thronfolge",
           "ThronfolgeAction", "card_points", "card_type", "crown_result", "final_result", "has_three_crowns",
           "live_scores", "next_match_starter", "score_breakdown"]
