"""Statistics from results: pure functions over rows already read, in time order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

# Scores that count as a perfect game, per game (Deck of Spies: all 12 spies).
PERFECT_SCORES: dict[str, float] = {"deck-of-spies": 12}


@dataclass(frozen=True)
class Played:
    """One seat's result in one finished game."""

    game_id: int
    won: bool
    score: float | None = None
    assisted: bool = False
    undos: int = 0
    hints: int = 0


def number(value: float | None) -> float | int | None:
    """A score as it should be shown: whole numbers without ``.0``."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def summarize(results: Sequence[Played], perfect_score: float | None = None) -> dict[str, Any]:
    """Games, wins, win rate, best score, streaks, perfect and assisted games, hints and undos."""
    games = len(results)
    wins = sum(1 for r in results if r.won)
    scores = [r.score for r in results if r.score is not None]
    best_streak = run = 0
    for r in results:
        run = run + 1 if r.won else 0
        best_streak = max(best_streak, run)
    return {
        "games": games,
        "wins": wins,
        "win_rate": wins / games if games else 0.0,
        "best_score": number(max(scores)) if scores else None,
        "current_streak": run,
        "best_streak": best_streak,
        "perfect": (sum(1 for s in scores if s == perfect_score)
                    if perfect_score is not None else 0),
        "assisted": sum(1 for r in results if r.won and r.assisted),
        "hints": sum(r.hints for r in results),
        "undos": sum(r.undos for r in results),
    }


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
