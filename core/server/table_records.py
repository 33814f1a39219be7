"""A circle table's people, and its finished game becoming one of the circle's records.

While a table's game runs it is kept in the circle's tables store, where nothing that reads the
circle's records can reach its secret cards (``core.server.circles``). Its seats are people of
that store; each member is also a person of the circle's records (the same name), noted in the
game's ``meta`` (``circle_people``), so that the finished game counts for the right people:
results, ratings, statistics, and on every member's phone at the next sync.

Two server processes may both see a game end; the one that claims it (in the directory) copies
it, once. A claim whose process stopped before finishing lapses after ``CLAIM_LAPSES``.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from sqlalchemy import and_, select, update
from sqlmodel import Session

from core.server import tables as t
from core.session import GameSession, Seat
from core.store import Store

PEOPLE = "circle_people"  # in a table's meta: the circle's person of each seat (None: computer)
CLAIM_LAPSES = 60.0


def person(store: Store, name: str, taken: set[int | None]) -> Seat:
    """A member's seat in ``store``: its person of that name not taken yet, else a new one."""
    profile = store.person_named(name, taken)
    return Seat("human", profile.name, profile.id)


def record_finished(transactions: Any, circle_id: int, game_id: int, session: GameSession,
                    records: Store, clock: Callable[[], float] = time.time) -> int | None:
    """Copy a table's finished game into the circle's ``records`` unless that is done or being
    done; the new record's id when this call copied it."""
    assert session.over
    now = clock()
    row = and_(t.table_games.c.circle_id == circle_id, t.table_games.c.game_id == game_id)

    def claim(s: Session) -> bool:
        found = s.execute(select(t.table_games).where(row)).first()
        if found is None or found.recorded_as is not None or (
                found.claimed_at is not None and now - found.claimed_at < CLAIM_LAPSES):
            return False
        s.execute(update(t.table_games).where(row).values(claimed_at=now))
        return True

    if not transactions.write(claim):
        return None
    record = session.record()
    people = list(session.meta.get(PEOPLE) or [None] * len(session.seats))
    record.update(id=None, revision=0, meta={k: v for k, v in session.meta.items() if k != PEOPLE},
                  seats=[Seat(s.kind, s.name, people[i] if not s.is_bot else None, s.level).to_json()
                         for i, s in enumerate(session.seats)])
    recorded = records.save_game(record)
    transactions.write(lambda s: s.execute(update(t.table_games).where(row).values(
        recorded_as=recorded)))
    return recorded


def recorded(transactions: Any, circle_id: int, game_id: int) -> bool:
    """Whether a table's finished game is among the circle's records already."""
    return transactions.read(lambda s: s.execute(
        select(t.table_games.c.recorded_as).where(t.table_games.c.circle_id == circle_id,
                                                  t.table_games.c.game_id == game_id)
    ).scalar()) is not None
