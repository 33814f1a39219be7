"""The registry of games: name -> the game's package, imported on first use.

Every game is a package ``core.games.<package>`` whose ``GAME`` is its rules object and
whose ``bots`` module (when it has one) lists its computer players in ``BOTS``.
"""

from __future__ import annotations

import importlib

from core.errors import UnknownGame
from core.games.base import Game

# Order is the order the app shows them in. Modules are imported lazily so that
# the command line for one game does not pay for the others.
_PACKAGES: dict[str, str] = {
    "thronfolge": "core.games.thronfolge",
    "deck-of-spies": "core.games.deck_of_spies",
    "rosenkrieg": "core.games.rosenkrieg",
    "kings-corner": "core.games.kings_corner",
}

_loaded: dict[str, Game] = {}


def names() -> list[str]:
    """Registered game names, in display order."""
    return list(_PACKAGES)


def get(name: str) -> Game:
    """The rules object of a registered game.

    :raises UnknownGame: naming the games there are.
    """
    if name in _loaded:
        return _loaded[name]
    if name not in _PACKAGES:
        raise UnknownGame(f"unknown game {name!r} (games: {', '.join(names())})")
    game = importlib.import_module(_PACKAGES[name]).GAME
    _loaded[name] = game
    return game


def package(name: str) -> str | None:
    """The package path of a registered game, or None."""
    return _PACKAGES.get(name)


def all_games() -> list[Game]:
    return [get(n) for n in names()]
