"""Results: one row per seat of a finished game, and the statistics read from those rows.

Each function works inside the transaction of the session it is given; the
figures themselves are computed by the pure functions of ``core.store.stats``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlmodel import Session

from core.store.errors import StoreError
from core.store.profiles import profile_row
from core.store.stats import PERFECT_SCORES, Played, head_to_head, number, summarize
from core.store.tables import ResultRow, table_of

R = table_of(ResultRow).c


def result_rows(game_id: int, game: str, seats: list[dict[str, Any]], result: dict[str, Any],
                undos: int, hints: int, finished_at: float) -> list[ResultRow]:
    """The rows that record how each seat did; a seat without a numeric score gets none."""
    scores: Sequence[Any] = result.get("scores") or []
    winners = set(result["winners"])
    assisted = undos > 0 or hints > 0
    return [ResultRow(game_id=game_id, game=game, seat=i, kind=seat["kind"],
                      profile_id=seat.get("profile_id"), level=seat.get("level"),
                      score=_score(scores[i] if i < len(scores) else None), won=i in winners,
                      assisted=assisted, undos=undos, hints=hints, finished_at=finished_at)
            for i, seat in enumerate(seats)]


def stats(s: Session, game: str, profile_id: int | None) -> dict[str, Any]:
    """One player's record in one game (``profile_id`` None: people without a profile).

    :raises StoreError: when there is no such profile.
    """
    query = select(R.game_id, R.won, R.score, R.assisted, R.undos, R.hints).where(R.game == game)
    if profile_id is None:
        query = query.where(R.profile_id.is_(None), R.kind == "human")
    else:
        profile_row(s, profile_id)
        query = query.where(R.profile_id == profile_id)
    query = query.order_by(R.finished_at, R.game_id, R.seat)
    played = [Played(r.game_id, bool(r.won), r.score, bool(r.assisted), r.undos, r.hints)
              for r in s.execute(query)]
    return summarize(played, PERFECT_SCORES.get(game))


def versus(s: Session, game: str, a: int, b: int) -> dict[str, Any]:
    """How profiles ``a`` and ``b`` fared in the games of ``game`` they both played.

    :raises StoreError: when ``a`` and ``b`` are the same or either does not exist.
    """
    if a == b:
        raise StoreError("head-to-head needs two different profiles", "same_profile")
    profile_row(s, a)
    profile_row(s, b)
    query = select(R.game_id, R.profile_id, R.won).where(R.game == game, R.profile_id.in_([a, b]))
    rows = [(r.game_id, r.profile_id, bool(r.won)) for r in s.execute(query)]
    return {"game": game, **head_to_head(rows, a, b)}


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
