"""Table screens per game: game name -> function building the table control.

Every game's table is a package ``app.tables.<game>`` assembled from the table kit
(``app.tables.kit``). A table builder has the signature ``build(app_state, session) ->
ft.Control``: ``app_state`` is the session's ``AppState`` (``app_state.ui`` is the
``Shell`` with the page, ``t()``, ``snack()``, ``card_size`` …) and ``session`` the
running ``GameSession``; the control's ``data`` is the table (``kit.mount`` does this),
which the play screen's top bar talks to.

Dedicated tables register by module path (imported on first use, so a broken or
unfinished table module falls back to the generic table instead of crashing)::

    TABLES["thronfolge"] = "app.tables.thronfolge:build"
"""

from __future__ import annotations

import importlib
import logging
from typing import Any, Callable

log = logging.getLogger(__name__)

TableBuilder = Callable[[Any, Any], Any]

# game name -> "module:function". Games not listed use the generic table.
TABLES: dict[str, str] = {}
TABLES["thronfolge"] = "app.tables.thronfolge:build"
TABLES["deck-of-spies"] = "app.tables.deck_of_spies:build"
TABLES["rosenkrieg"] = "app.tables.rosenkrieg:build"
TABLES["kings-corner"] = "app.tables.kings_corner:build"


def register(game: str, target: str | TableBuilder) -> None:
    """Register a table for a game: a ``"module:function"`` path or the function itself."""
    _direct.pop(game, None)
    if callable(target):
        _direct[game] = target
    else:
        TABLES[game] = target


_direct: dict[str, TableBuilder] = {}


def builder_for(game: str) -> TableBuilder:
    """The table builder of a game, else the generic table (logged when a module fails)."""
    if game in _direct:
        return _direct[game]
    target = TABLES.get(game)
    if target:
        module, _, func = target.partition(":")
        try:
            return getattr(importlib.import_module(module), func or "build")
        except Exception:
            log.exception("table %s for %s failed to load; using the generic table", target, game)
    from app.tables.generic import build

    return build


def build(app_state: Any, session: Any) -> Any:
    return builder_for(session.game.name)(app_state, session)
