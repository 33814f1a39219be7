"""Rosenkrieg, the trick-taking game of one Potentat against the court: everything but the UI.

The parts, in the order every game package has them:

- ``actions``: the moves and their notation (``will``, ``pass``, ``lay AT KB``, ``play KL``);
- ``rules``: the engine (deal, declarations, the Erbe, tricks, Partien of a Dynastie,
  view), registered as ``GAME``; ``checks``: what a saved state must satisfy;
- ``tricks``: cards, points, trumps, the follow rules and who wins a trick (R-1 … R-6);
- ``scoring``: counters, sanglos and klanglos, the streak and the settlement (R-8, R-9);
- ``bots``: the computer players by level;
- ``bits``, ``knowledge``, ``policy``, ``search``: what the bots think with (the cards as
  bit masks, what a view tells about the unseen cards, the playing heuristic and hand
  judgement, the hard bot's sampled deals and playouts);
- ``fit``, ``tools``: fitting the hand judgement, and the strength benchmark
  (``python -m core.games.rosenkrieg.fit``, ``python -m core.games.rosenkrieg.tools``).

This module is the game's public face: the names the UI and tools use.
"""

from core.games.rosenkrieg.actions import PASS, WILL, Declare, Lay, Play, RosenkriegAction, lay, parse
from core.games.rosenkrieg.rules import GAME, Rosenkrieg, dealt_hands, seat_order
from core.games.rosenkrieg.scoring import (FENSTERSTURZ, SANGLOS_BELOW, WIN_ABOVE, GameValue, dynasty_result,
                                           game_value, potentat_amount, score_partie, streak_before)
from core.games.rosenkrieg.tricks import (ERBE_SIZE, HAND_SIZE, LK, POINTS, SUIT_NAMES, TRUMP_ORDER, card_points,
                                          deck, follow_problem, highest_trump, is_trump, legal_plays, sort_cards,
                                          sort_key, suit_of, trick_winner)

__all__ = ["ERBE_SIZE", "FENSTERSTURZ", "GAME", "HAND_SIZE", "LK", "PASS", "POINTS", "SANGLOS_BELOW",
           "SUIT_NAMES", "TRUMP_ORDER", "WILL", "WIN_ABOVE", "Declare", "GameValue", "Lay", "Play", "Rosenkrieg",
           "RosenkriegAction", "card_points", "dealt_hands", "deck", "dynasty_result", "follow_problem",
           "game_value", "highest_trump", "is_trump", "lay", "legal_plays", "parse", "potentat_amount",
           "score_partie", "seat_order", "sort_cards", "sort_key", "streak_before", "suit_of", "trick_winner"]
