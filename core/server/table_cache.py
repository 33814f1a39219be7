"""The running tables one server process has read, kept up to date from the store.

Every process keeps each table's game it serves in memory, and when it hears of a move made
anywhere (``core.server.moves``) it reads the saved record once and applies the new moves to
its copy, keeping the events of each (so a member's table can show them happening, not only
their outcome). Each game has a lock: a copy changes only under it, and a view is read under
it, so a view always belongs to the revision it is sent with.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Hashable
from typing import Any

from core.errors import RulesError
from core.session import GameSession, Seat
from core.store import Store

KEPT_EVENTS = 64  # moves whose events a game keeps (a table further behind is drawn afresh)
Event = dict[str, Any]


class GameCache:
    """Games by key (a table's place), each with its lock and its latest moves' events."""

    def __init__(self) -> None:
        self._games: dict[Hashable, GameSession] = {}
        self._locks: dict[Hashable, threading.RLock] = {}
        self._events: dict[Hashable, deque[tuple[int, list[Event]]]] = {}
        self._guard = threading.Lock()

    def lock(self, key: Hashable) -> threading.RLock:
        with self._guard:
            return self._locks.setdefault(key, threading.RLock())

    def put(self, key: Hashable, session: GameSession) -> None:
        with self._guard:
            self._games[key] = session

    def peek(self, key: Hashable) -> GameSession | None:
        """The copy as it is (no read of the store)."""
        with self._guard:
            return self._games.get(key)

    def forget(self, key: Hashable) -> None:
        with self._guard:
            self._games.pop(key, None)
            self._events.pop(key, None)

    def current(self, key: Hashable, store: Store, game_id: int,
                at_least: int | None = None) -> GameSession:
        """The game as saved at revision ``at_least`` or later (None: as saved now)."""
        with self.lock(key):
            session = self.peek(key)
            if session is not None and at_least is not None and session.revision >= at_least:
                return session
            record = store.load_game(game_id)
            if session is not None and session.revision == record["revision"]:
                return session
            moved = _moves_beyond(session, record)
            if moved is None:
                fresh = GameSession.restore(record, store)
                self.forget(key)
            else:
                fresh = session  # type: ignore[assignment]
                first = len(fresh.actions) - len(moved)
                for i, events in enumerate(moved, 1):
                    self.moved(key, first + i, events)
            fresh.saver = store
            self.put(key, fresh)
            return fresh

    def moved(self, key: Hashable, ply: int, events: list[Event]) -> None:
        """Keep the events of the move that made the game ``ply`` moves long."""
        with self._guard:
            self._events.setdefault(key, deque(maxlen=KEPT_EVENTS)).append((ply, events))

    def events_after(self, key: Hashable, ply: int) -> list[Event] | None:
        """The events of the moves after the first ``ply``, in order; None when some of them
        are no longer kept (the table is drawn afresh then)."""
        with self._guard:
            kept = list(self._events.get(key, ()))
        wanted = [(p, e) for p, e in kept if p > ply]
        session = self.peek(key)
        have = len(session.actions) if session is not None else ply
        if len(wanted) != have - ply:
            return None
        return [event for _p, events in wanted for event in events]


def _moves_beyond(session: GameSession | None, record: dict[str, Any]) -> list[list[Event]] | None:
    """Bring ``session`` up to ``record`` when it is an earlier revision of the same game (the
    moves one process hears of another making): the events of each move applied; else None."""
    if session is None or record["revision"] <= session.revision or record.get("undos", 0) \
            != session.undos or record["actions"][:len(session.actions)] != session.actions:
        return None
    steps = []
    state = session.state
    try:
        for action in record["actions"][len(session.actions):]:
            step = session.game.apply(state, action)
            steps.append((action, state, step))
            state = step.state
    except RulesError:
        return None
    for action, before, step in steps:
        session.snapshots.append(before)
        session.state = step.state
        session.actions.append(action)
    session.revision = record["revision"]
    session.hints = record.get("hints", session.hints)
    session.seats = [Seat.from_json(s) for s in record["seats"]]
    session.meta = dict(record.get("meta") or {})
    return [list(step.events) for _a, _b, step in steps]
