"""The Rosenkrieg table, assembled from the table kit (``app.tables.kit``).

The parts: ``table`` (state, redraw, the finished trick and the Partie sheet, input),
``layouts`` (phone and tablet), ``pieces`` (seats, score line, hand, buttons), ``trick``,
``help`` (the hint and refused taps; ``advice`` words the hint), ``guide`` (the guided first Partie),
``sheets`` (the sheet after a Partie, the scoreboard, the end of the Dynastie), ``model``
(what the table shows, from a view, no Flet) and ``strings`` (its texts).
"""

from typing import Any

from app.tables.kit.table import mount
from app.tables.rosenkrieg.table import RosenkriegTable

__all__ = ["RosenkriegTable", "build"]


def build(app_state: Any, session: Any) -> Any:
    return mount(app_state, RosenkriegTable(app_state, session))
