"""Deck of Spies, the solitaire deck-builder: everything of the game that is not UI.

The parts, in the order every game package has them:

- ``actions``: the moves and their notation (``counter 2C 3H``, ``recruit AC 4C``,
  ``assassinate draw AS``, ``retire 2C 2H``, ``done``);
- ``rules``: the engine (setup, legal actions, apply, view), registered as ``GAME``,
  and the game numbers players type to replay a deal;
- ``turns``: the rules as pure functions and a compact position, shared by the engine,
  the solver and the bots;
- ``bots``: the computer players by level;
- ``policy``, ``value``, ``search``: what the bots think with (the tuned heuristic, a model
  of the chance to win from the face phase, the hard bot's sampling search);
- ``solver``, ``fit``, ``tools``: the exact solver, the value model's fit, and the
  command line for them (``python -m core.games.deck_of_spies.tools``).

This module is the game's public face: the names the UI and tools use.
"""

from core.games.deck_of_spies.actions import Assassinate, Counter, Done, Recruit, Retire, SpyAction, parse
from core.games.deck_of_spies.numbers import NUMBER_SPACE, daily_seed, game_number, seed_from_number
from core.games.deck_of_spies.rules import GAME, DeckOfSpies, selection_status, spy_number
from core.games.deck_of_spies.turns import (FACE_RANKS, GROUP_OF, GROUPS, HAND_SIZE, ORDER, PLACES, VALUE,
                                            WIN_FACES, aces_left, hand_total, is_face, label, shuffle_cards,
                                            sort_cards)

__all__ = ["FACE_RANKS", "GAME", "GROUPS", "GROUP_OF", "HAND_SIZE", "NUMBER_SPACE", "ORDER", "PLACES", "VALUE",
           "WIN_FACES", "Assassinate", "Counter", "DeckOfSpies", "Done", "Recruit", "Retire", "SpyAction",
           "aces_left", "daily_seed", "game_number", "hand_total", "is_face", "label", "parse", "seed_from_number",
           "selection_status", "shuffle_cards", "sort_cards", "spy_number"]
