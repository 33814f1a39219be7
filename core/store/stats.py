"""Statistics from results: pure functions over rows already read, in time order."""

from __future__ import annotations

from typing import Any, Iterable


def number(value: float | None) -> float | int | None:
    """A score as it should be shown: whole numbers without ``.0``."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def streaks(won: Iterable[bool]) -> tuple[int, int]:
    """The current and the best run of wins in a sequence of outcomes, oldest first."""
    best = run = 0
    for w in won:
        run = run + 1 if w else 0
        best = max(best, run)
    return run, best


def head_to_head(rows: Iterable[tuple[int, int, bool]], a: int, b: int) -> dict[str, Any]:
    """How two profiles fared in the games both played, from ``(game_id, profile_id, won)`` rows.

    A game that both won (a shared win) counts as ``shared``, not as a win for
    either; ``neither`` counts games that somebody else won.
    """
    by_game: dict[int, dict[int, bool]] = {}
    for game_id, profile_id, won in rows:
        seats = by_game.setdefault(game_id, {})
        seats[profile_id] = seats.get(profile_id, False) or bool(won)
    shared_games = [g for g in by_game.values() if a in g and b in g]
    wins_a = sum(1 for g in shared_games if g[a] and not g[b])
    wins_b = sum(1 for g in shared_games if g[b] and not g[a])
    shared = sum(1 for g in shared_games if g[a] and g[b])
    return {"a": a, "b": b, "games": len(shared_games), "wins_a": wins_a, "wins_b": wins_b,
            "shared": shared, "neither": len(shared_games) - wins_a - wins_b - shared}
