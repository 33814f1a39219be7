"""Results: one row per seat of a finished game, and the statistics read from those rows.

Each function works inside the transaction of the session it is given; the
figures themselves are computed by the pure functions of ``core.store.stats``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlmodel import Session

from core.store import records, standings
from core.store.errors import StoreError
from core.store.profiles import profile_row
from core.store.stats import number
from core.store.tables import ResultRow, table_of

R = table_of(ResultRow).c


def result_values(game_id: int, game: str, seats: list[dict[str, Any]], result: dict[str, Any],
                  undos: int, hints: int, finished_at: float) -> list[dict[str, Any]]:
    """The rows that record how each seat did, as column values; a seat without a numeric
    score gets none."""
    scores: Sequence[Any] = result.get("scores") or []
    winners = set(result["winners"])
    assisted = undos > 0 or hints > 0
    return [{"game_id": game_id, "game": game, "seat": i, "kind": seat["kind"],
             "profile_id": seat.get("profile_id"), "level": seat.get("level"),
             "score": _score(scores[i] if i < len(scores) else None), "won": i in winners,
             "assisted": assisted, "undos": undos, "hints": hints, "finished_at": finished_at}
            for i, seat in enumerate(seats)]


def result_rows(game_id: int, game: str, seats: list[dict[str, Any]], result: dict[str, Any],
                undos: int, hints: int, finished_at: float) -> list[ResultRow]:
    """``result_values`` as rows."""
    return [ResultRow(**v) for v in result_values(game_id, game, seats, result, undos, hints,
                                                  finished_at)]


def record(s: Session, game_id: int, game: str, seats: list[dict[str, Any]],
           result: dict[str, Any], state: dict[str, Any] | None, undos: int, hints: int,
           now: float) -> None:
    """Write what a game that just ended says: its result rows, figures and ratings (every
    game's again when this one does not end after all the games counted so far)."""
    rows = result_rows(game_id, game, seats, result, undos, hints, now)
    s.add_all(rows)
    s.flush()
    if records.counts_last(s, game_id, now):
        records.write(s, game, rows, result, state, now)
    else:
        records.rebuild(s)


def stats(s: Session, game: str, profile_id: int | None) -> dict[str, Any]:
    """One player's record in one game (``profile_id`` None: people without a profile).

    :raises StoreError: when there is no such profile.
    """
    if profile_id is not None:
        profile_row(s, profile_id)
    found = standings.record(s, profile_id, game).get(game)
    if found is None:
        return {"game": game, "games": 0, "wins": 0, "win_rate": 0.0, "best_score": None,
                "average_score": None, "current_streak": 0, "best_streak": 0, "perfect": 0,
                "assisted": 0, "hints": 0, "undos": 0, "figures": {}, "rating": None,
                "money": standings.money(s, profile_id, game)}
    return {**found, "perfect": int(found["figures"].get("perfect", 0))}


def versus(s: Session, game: str, a: int, b: int) -> dict[str, Any]:
    """How profiles ``a`` and ``b`` fared in the games of ``game`` they both played.

    A game both won (a shared win) is ``shared``, not a win for either; ``neither``
    counts games somebody else won.

    :raises StoreError: when ``a`` and ``b`` are the same or either does not exist.
    """
    if a == b:
        raise StoreError("head-to-head needs two different profiles", "same_profile")
    profile_row(s, a)
    profile_row(s, b)
    met = standings.opponents(s, a, b).get(b, {}).get(game)
    if met is None:
        met = {"games": 0, "wins": 0, "losses": 0, "shared": 0, "neither": 0}
    return {"game": game, "a": a, "b": b, "games": met["games"], "wins_a": met["wins"],
            "wins_b": met["losses"], "shared": met["shared"], "neither": met["neither"]}


def of_game(s: Session, game_id: int) -> list[dict[str, Any]]:
    """The result rows of one finished game, by seat (empty while it runs)."""
    query = select(ResultRow).where(R.game_id == game_id).order_by(R.seat)
    return [{"game_id": r.game_id, "game": r.game, "seat": r.seat, "kind": r.kind,
             "profile_id": r.profile_id, "level": r.level, "score": number(r.score),
             "won": r.won, "assisted": r.assisted, "undos": r.undos, "hints": r.hints,
             "finished_at": r.finished_at} for r in s.execute(query).scalars()]


def _score(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)
