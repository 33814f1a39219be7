"""Kings in the Corner, the shedding game on a cross layout: everything of the game that is not UI.

The parts, in the order every game package has them:

- ``actions``: the moves and their notation (``draw``, ``play 7H N``, ``move N SE``, ``end``);
- ``rules``: the engine (setup, legal actions, apply, view), registered as ``GAME``;
- ``layout``: the cross and what may go where (builds, pile moves, their reasons, targets);
- ``deal``, ``scoring``, ``checks``: dealing a round from the seed, deal sizes and penalty
  points, the checks of a saved state;
- ``bots``: the computer players by level;
- ``position``, ``policy``, ``search``: what the bots think with (a compact position of card
  kinds, the careful player's move order, the hard bot's plans and sampled look-ahead).
- ``tools``: the strength benchmark (one level's win share among other levels).

This module is the game's public face: the names the UI and tools use. For tap and drag,
``Play`` is "a card to a position" (``card_targets`` lists where a hand card may go) and
``Move`` is "a pile onto a pile" (``pile_targets`` lists where a pile may go).
"""

from core.games.kings_corner.actions import DRAW, END, Draw, End, KingsAction, Move, Play, parse
from core.games.kings_corner.layout import (CORNERS, EDGES, NAMES, POSITIONS, build_problem, card_plays,
                                            card_targets, fits, label, move_problem, pile_moves, pile_targets,
                                            play_problem, potential)
from core.games.kings_corner.rules import GAME, KingsCorner
from core.games.kings_corner.scoring import card_points, hand_points, hand_size

__all__ = ["CORNERS", "DRAW", "EDGES", "END", "GAME", "NAMES", "POSITIONS", "Draw", "End", "KingsAction",
           "KingsCorner", "Move", "Play", "build_problem", "card_plays", "card_points", "card_targets", "fits",
           "hand_points", "hand_size", "label", "move_problem", "parse", "pile_moves", "pile_targets",
           "play_problem", "potential"]
