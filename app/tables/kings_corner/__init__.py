"""The Kings in the Corner table, assembled from the table kit (``app.tables.kit``).

The parts: ``table`` (state, redraw, animation plan, input), ``cross`` (the eight piles
around the talon: tap targets, drop zones, draggable piles), ``panels`` (the other seats,
status, buttons, the scoreboard, the sheet between rounds, the end), ``help`` (refused taps
that say why, the hint), ``advice`` (the hint's reason from the player's view, no Flet),
``guide`` (the guided first round), ``model`` (targets, geometry, words and the scoreboard
from a view, no Flet), ``strings`` and ``help_strings``.
"""

from app.tables.kings_corner.table import KingsTable, build

__all__ = ["KingsTable", "build"]
