"""The Deck of Spies table, assembled from the table kit (``app.tables.kit``).

The parts: ``table`` (state, input, hint, animation), ``board`` (head-up line, spy,
piles), ``controls`` (status line and buttons), ``flights`` (card places and the
flight plan after a move), ``panels`` (end screen, pile sheets, assassination
dialog), ``layout`` (the geometry for phone and tablet), ``logic`` (what the table
says, from a view, no Flet), ``deal`` (random, numbered, daily and winnable deals)
and ``strings``.
"""

from app.tables.deck_of_spies.table import SpiesTable, build, start_game

__all__ = ["SpiesTable", "build", "start_game"]
