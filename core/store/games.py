"""Saved games: writing and loading records, the lists of games, archiving and resigning.

Each function works inside the transaction of the session it is given. Games
are never deleted: archiving hides a game from its list, resigning ends it.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, false, func, select, true, update
from sqlmodel import Session

from core.store import ledger, results
from core.store.checks import GameRecord, is_int
from core.store.errors import StoreError
from core.store.profiles import check_seat_profiles
from core.store.tables import GameForkRow, GameRow, table_of
from core.store.values import RESIGNED, GameSummary

G = table_of(GameRow).c
_SAVED = ("options", "seed", "seats", "actions", "state", "over", "result", "ply", "undos", "hints", "meta",
          "updated_at", "revision")
# An autosave runs after every move: its two statements are built once, so SQLAlchemy neither
# rebuilds nor re-keys them each time (about a sixth of a save's time).
_FOUND = (select(G.game, G.finished_at, G.over, G.result, G.revision, G.seats)
          .where(G.id == bindparam("game_id")))
_UPDATE = (update(table_of(GameRow))
           .where(G.id == bindparam("game_id"), G.revision == bindparam("old_revision"))
           .values({**{k: bindparam(k) for k in _SAVED},
                    "started_at": func.coalesce(bindparam("started_at"), G.started_at),
                    "finished_at": func.coalesce(G.finished_at, bindparam("finished_at"))}))


def save(s: Session, rec: GameRecord, now: float) -> int:
    """Write a checked record: insert it, or update the game its id names; return the id.

    A record naming a ``revision`` must extend the game's saved one: a copy that
    another window or device has moved on since is refused (``game_stale``), checked
    and written in this one transaction. Every save raises the revision by one, an
    undo's too, so it never repeats. A finished game is never made to run again
    (``game_finished``). The first time a record says the game is over, one result per
    seat is written too.

    :raises StoreError: when the record names a missing profile or game, another game,
        a game that was resigned, extends an older revision, or would reopen a finished game.
    """
    stake = ledger.stake_of(rec.game, rec.meta) if rec.id is None else None
    values: dict[str, Any] = {
        "options": rec.options, "seed": rec.seed, "seats": rec.seats,
        "actions": rec.actions, "state": rec.state, "over": rec.over,
        "result": rec.result, "ply": len(rec.actions), "undos": rec.undos,
        "hints": rec.hints, "meta": rec.meta, "updated_at": now}
    if rec.id is None:
        check_seat_profiles(s, rec.seats)
        values["revision"] = (rec.revision or 0) + 1
        row = GameRow(game=rec.game, started_at=now if rec.started_at is None else rec.started_at,
                      archived=False, finished_at=now if rec.over else None, **values)
        s.add(row)
        s.flush()
        assert row.id is not None
        game_id, first_end = row.id, rec.over
        if stake is not None:
            ledger.start(s, game_id, rec.seats, *stake, now)
    else:
        found = s.execute(_FOUND, {"game_id": rec.id}).one_or_none()
        if found is None:
            raise _missing(rec.id)
        if rec.seats != found.seats:
            # Profiles are never deleted: the saved seats' were checked when they were saved,
            # so an autosave (the same seats) skips the lookup.
            check_seat_profiles(s, rec.seats)
        if found.game != rec.game:
            raise StoreError(f"saved game {rec.id} is {found.game!r}, not {rec.game!r}",
                             "game_mismatch", game_id=rec.id)
        if found.over and _is_resigned(found.result):
            # A move from a table still open elsewhere must not bring it back to life.
            raise StoreError(f"saved game {rec.id} was resigned and cannot be continued",
                             "game_resigned", game_id=rec.id)
        if rec.revision is not None and rec.revision != found.revision:
            raise _stale(rec.id, rec.revision, found.revision)
        if found.over and not rec.over:
            # An undo after the end, or an old copy: its results are in the statistics already.
            raise StoreError(f"saved game {rec.id} is over and cannot be continued",
                             "game_finished", game_id=rec.id)
        values["revision"] = found.revision + 1
        game_id, first_end = rec.id, rec.over and found.finished_at is None
        # None keeps what is saved: the start unless the record names one, the end once set.
        values.update(started_at=rec.started_at, finished_at=now if first_end else None,
                      game_id=game_id, old_revision=found.revision)
        done = s.execute(_UPDATE, values)
        if done.rowcount == 0:  # type: ignore[attr-defined]  # another process saved meanwhile
            raise _stale(game_id, found.revision, None)
    if first_end:
        assert rec.result is not None
        results.record(s, game_id, rec.game, rec.seats, rec.result, rec.state, rec.undos,
                       rec.hints, now)
        ledger.settle_game(s, game_id)
    return game_id


def load(s: Session, game_id: int) -> dict[str, Any]:
    """The saved record of a game, with its id, ready for ``GameSession.restore``.

    :raises StoreError: when there is no such game, or it is damaged.
    """
    row = s.get(GameRow, game_id)
    if row is None:
        raise _missing(game_id)
    if not (isinstance(row.options, dict) and isinstance(row.seats, list)
            and isinstance(row.actions, list) and isinstance(row.state, dict)):
        raise StoreError(f"saved game {game_id} is damaged and cannot be loaded",
                         "game_damaged", game_id=game_id)
    players = row.state.get("players")
    return {"id": row.id, "game": row.game, "options": row.options, "seed": row.seed,
            "players": players if is_int(players) else len(row.seats),
            "seats": row.seats, "actions": row.actions, "state": row.state,
            "over": row.over, "result": row.result if isinstance(row.result, dict) else None,
            "undos": row.undos, "hints": row.hints, "started_at": row.started_at,
            "meta": row.meta if isinstance(row.meta, dict) else {}, "revision": row.revision}


def finished_record(s: Session, game_id: int) -> dict[str, Any]:
    """The saved record of a finished game (resigned ones too), to be replayed.

    :raises StoreError: when there is no such game, it is damaged, or it is still running.
    """
    record = load(s, game_id)
    if not record["over"]:
        # A replay shows every card; of a game that can still be played that would be cheating.
        raise StoreError(f"saved game {game_id} is still running and cannot be replayed",
                         "game_running", game_id=game_id)
    return record


def running(s: Session, archived: bool, limit: int | None) -> list[GameSummary]:
    """Games not over, archived or not, the most recently played first."""
    query = (_summary_query().where(G.over == false(), G.archived == bool(archived))
             .order_by(G.updated_at.desc(), G.uuid.desc()).limit(limit))
    return [_summary(r) for r in s.execute(query)]


def finished(s: Session, game: str | None, limit: int | None,
             include_archived: bool) -> list[GameSummary]:
    """Finished games, of one game or all, the most recently finished first."""
    query = _summary_query().where(G.over == true())
    if game is not None:
        query = query.where(G.game == game)
    if not include_archived:
        query = query.where(G.archived == false())
    query = query.order_by(G.finished_at.desc(), G.uuid.desc()).limit(limit)
    return [_summary(r) for r in s.execute(query)]


def summary(s: Session, game_id: int) -> GameSummary:
    """The list entry of one game.

    :raises StoreError: when there is no such game.
    """
    row = s.execute(_summary_query().where(G.id == game_id)).one_or_none()
    if row is None:
        raise _missing(game_id)
    return _summary(row)


def set_archived(s: Session, game_id: int, archived: bool, now: float) -> None:
    """Hide a game from its list, or show it again.

    :raises StoreError: when there is no such game.
    """
    done = s.execute(update(table_of(GameRow)).where(G.id == game_id)
                     .values(archived=bool(archived), archived_at=now))
    if done.rowcount == 0:  # type: ignore[attr-defined]
        raise _missing(game_id)


def resign(s: Session, game_id: int, seat: int, now: float) -> GameSummary:
    """End a running game because the person in ``seat`` gives up: that seat loses, the
    other seats win, and nobody gets a score.

    The game leaves the archive too, so it shows among the finished games. A game
    that already ended once (taken back by an undo, which older versions allowed)
    keeps its first results.

    :raises StoreError: when there is no such game, it is over, or ``seat`` is not a
        person's seat in it.
    """
    row = s.get(GameRow, game_id)
    if row is None:
        raise _missing(game_id)
    if row.over:
        raise StoreError(f"saved game {game_id} is already over", "game_over", game_id=game_id)
    seats = row.seats if isinstance(row.seats, list) else []
    if not (is_int(seat) and 0 <= seat < len(seats) and isinstance(seats[seat], dict)
            and seats[seat].get("kind") == "human"):
        raise StoreError(f"seat {seat!r} is not a person's seat in saved game {game_id}",
                         "bad_seat", game_id=game_id, seat=seat)
    result = {"scores": [None] * len(seats), "winners": [i for i in range(len(seats)) if i != seat],
              "reason": RESIGNED, "resigned": seat}
    row.over, row.result, row.archived, row.updated_at = True, result, False, now
    row.archived_at = now
    row.revision += 1  # copies open elsewhere are stale now
    if row.finished_at is None:
        row.finished_at = now
        s.flush()
        results.record(s, game_id, row.game, seats, result, row.state, row.undos, row.hints, now)
        ledger.settle_game(s, game_id)
    s.flush()
    return summary(s, game_id)


def _is_resigned(result: Any) -> bool:
    return isinstance(result, dict) and result.get("reason") == RESIGNED


def _stale(game_id: int, extends: int, current: int | None) -> StoreError:
    return StoreError(f"saved game {game_id} was played on elsewhere: this copy extends revision "
                      f"{extends}, the saved game is at {'a later one' if current is None else current}",
                      "game_stale", game_id=game_id)


def _missing(game_id: int) -> StoreError:
    return StoreError(f"there is no saved game {game_id}", "game_missing", game_id=game_id)


_FORKS = (select(func.count()).select_from(table_of(GameForkRow))
          .where(table_of(GameForkRow).c.game_id == G.id).scalar_subquery())


def _summary_query() -> Any:
    return select(G.id, G.game, G.seats, G.updated_at, G.started_at, G.ply, G.meta, G.over,
                  G.result, G.finished_at, G.archived, G.undos, G.hints, G.revision,
                  _FORKS.label("forks"))


def _summary(r: Any) -> GameSummary:
    seats = r.seats if isinstance(r.seats, list) else []
    return GameSummary(id=r.id, game=r.game, seats=seats, players=len(seats),
                       updated_at=r.updated_at, started_at=r.started_at, ply=r.ply,
                       meta=r.meta if isinstance(r.meta, dict) else {}, over=bool(r.over),
                       result=r.result if isinstance(r.result, dict) else None,
                       finished_at=r.finished_at, archived=bool(r.archived), undos=r.undos,
                       hints=r.hints, revision=r.revision, forks=r.forks)
