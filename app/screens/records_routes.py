"""The view stacks of the routes under Players, so the back arrow climbs one level at a time.

    /players                          the players
    /players/<id>                     a player's page
    /players/<id>/stats/<game>        that player's statistics in one game
    /players/<id>/versus/<other>      that player against another
    /stats/<game>[/<id>|none]         a game's statistics
    /versus[/<a>/<b>]                 head-to-head
    /ratings                          every game's leaderboard
"""

from __future__ import annotations

import flet as ft

from app.screens import player, players, ratings, stats, versus


def _id(text: str | None) -> int | None:
    return int(text) if text is not None and text.isdigit() else None


def views(shell, parts: list[str]) -> list[ft.View]:
    """The views for a route's parts (``["players", "3", "stats", "thronfolge"]``); a route
    that names nothing known shows the players."""
    route = "/" + "/".join(parts)
    top = [players.view(shell)]
    head, rest = parts[0], parts[1:]
    if head == "stats" and rest:
        return top + [stats.view(shell, rest[0], rest[1] if len(rest) > 1 else None, route=route)]
    if head == "versus":
        a, b = (_id(rest[0]), _id(rest[1])) if len(rest) > 1 else (None, None)
        return top + [versus.view(shell, a, b, route=route)]
    if head == "ratings":
        return top + [ratings.view(shell)]
    pid = _id(rest[0]) if head == "players" and rest else None
    if pid is None:
        return top
    page = [player.view(shell, pid)]
    if len(rest) > 2 and rest[1] == "stats":
        return top + page + [stats.view(shell, rest[2], str(pid), route=route)]
    if len(rest) > 2 and rest[1] == "versus":
        return top + page + [versus.view(shell, pid, _id(rest[2]), route=route)]
    return top + page
