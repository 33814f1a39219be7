"""The games, each a module implementing ``core.games.base.Game``; see ``registry``."""

from core.games.registry import all_games, get, names

__all__ = ["all_games", "get", "names"]
