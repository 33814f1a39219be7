"""The four games as the app shows them, including the ones whose engines are not built yet.

The registry is the truth for which engines exist; this adds what only the UI needs
(illustration, player counts of planned games) and never crashes when an engine
module is missing or broken: such a game is shown as "coming soon". A game is offered
in the app only once it also has a table of its own (``app.tables.TABLES``): the
generic table plays any registered game, which is what engines under construction are
tried with, but it is not what a finished app shows.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from app import tables
from core.games import registry

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Entry:
    name: str
    art: str  # asset path of the tile illustration
    min_players: int
    max_players: int
    info: Any | None  # GameInfo when the engine loads, else None
    has_table: bool = True

    @property
    def available(self) -> bool:
        return self.info is not None and self.has_table

    def players_label(self, t) -> str:
        if self.min_players == self.max_players:
            return t("players.exact", n=self.min_players) if self.min_players != 1 else t("players.solo")
        return t("players.range", lo=self.min_players, hi=self.max_players)


# Display order and the player counts of the design (DESIGN.md), used when no engine tells.
_GAMES = (
    ("thronfolge", 2, 2),
    ("deck-of-spies", 1, 1),
    ("rosenkrieg", 2, 4),
    ("kings-corner", 2, 5),
)


def load_info(name: str) -> Any | None:
    """The game's GameInfo, or None when its engine is missing or fails to import."""
    if name not in registry.names():
        return None
    try:
        return registry.get(name).info
    except Exception as exc:  # a half-written engine must not take the home screen down
        log.warning("game %s is not available: %s", name, exc)
        return None


def entries() -> list[Entry]:
    out = []
    for name, lo, hi in _GAMES:
        info = load_info(name)
        if info is not None:
            lo, hi = info.min_players, info.max_players
        out.append(Entry(name, f"games/{name}.png", lo, hi, info, has_table=name in tables.TABLES))
    return out


def entry(name: str) -> Entry | None:
    return next((e for e in entries() if e.name == name), None)


def title(name: str, t, lang: str) -> str:
    info = load_info(name)
    if info is not None and info.title.get(lang):
        return info.title[lang]
    return t(f"game.{name}.title")


def tagline(name: str, t, lang: str) -> str:
    # Our own taglines (i18n) read better on tiles than the engines' one-liners, and
    # they exist for the planned games too.
    return t(f"game.{name}.tagline")
