"""The Thronfolge table, assembled from the table kit (``app.tables.kit``).

The parts: ``table`` (state, redraw, animation plan, input), ``layouts`` (phone and
tablet), ``line`` (the line and its reach bracket), ``court`` (players, scores,
collections), ``controls`` (status, guidance, hand, take/play), ``take_sheet``,
``end`` (the score breakdown), ``model`` (what the table shows, from a view, no Flet)
and ``text`` (its strings).
"""

from typing import Any

from app.tables.kit.table import mount
from app.tables.thronfolge.table import ThronfolgeTable

__all__ = ["ThronfolgeTable", "build"]


def build(app_state: Any, session: Any) -> Any:
    return mount(app_state, ThronfolgeTable(app_state, session))
