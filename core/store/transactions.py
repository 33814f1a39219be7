"""Transactions on one database, for the store and for a server's directory of accounts.

Every call is one transaction, serialised by a lock within the process, so the UI loop and
worker threads may share one object. Reads see one snapshot. On PostgreSQL several processes
write at once: two writes that read what the other changes (two saves of one game, two
payments of one debt, two uses of one invitation) are stopped by the database, one of them;
``write`` starts that one over from the beginning, so it checks again against what the other
wrote and is then written or refused, exactly as if the two had come one after the other.
"""

from __future__ import annotations

import random
import threading
import time
from contextlib import contextmanager
from typing import Callable, Iterator, TypeVar

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session

from core.store.errors import StoreError
from core.store.location import is_conflict, reader_of

# How often a write that lost a race to another connection's commit is started over.
CONFLICT_RETRIES = 10

T = TypeVar("T")


class _Conflict(Exception):
    """A transaction the database stopped because another one committed first."""


class Transactions:
    """Reads and writes on one engine; ``close()`` ends them."""

    def __init__(self, engine: Engine) -> None:
        self._engine: Engine | None = engine
        self._reader = reader_of(engine)
        self._lock = threading.RLock()

    @property
    def engine(self) -> Engine | None:
        return self._engine

    @property
    def closed(self) -> bool:
        return self._engine is None

    def close(self) -> None:
        """Close every connection; further calls raise StoreError. Closing twice is fine."""
        with self._lock:
            if self._engine is not None:
                self._engine.dispose()
                self._engine = None

    @contextmanager
    def session(self, write: bool = True) -> Iterator[Session]:
        """One transaction, committed when the block ends and rolled back on any error.

        A write block must run through ``write`` on PostgreSQL to be started over after a
        conflict; used directly, a conflict is reported as ``db_busy``.

        :raises StoreError: when closed or the database fails.
        """
        with self._lock:
            if self._engine is None:
                raise StoreError("the store is closed", "store_closed")
            try:
                with Session(self._engine if write else self._reader,
                             expire_on_commit=False) as session, session.begin():
                    yield session
            except SQLAlchemyError as exc:
                if is_conflict(exc):
                    raise _Conflict() from exc
                doing = "saved" if write else "read"
                raise StoreError(f"the data could not be {doing}: {reason(exc)}",
                                 "db_failed") from exc

    def write(self, work: Callable[[Session], T]) -> T:
        """Run ``work`` in one write transaction, started over after a conflict; return its value.

        :raises StoreError: what ``work`` raises, or ``db_busy`` when it kept losing.
        """
        for attempt in range(CONFLICT_RETRIES):
            try:
                with self.session() as s:
                    return work(s)
            except _Conflict:
                # Spread the retries, so two writers that collided do not collide again.
                time.sleep(random.uniform(0, 0.005 * 2 ** min(attempt, 6)))
        raise StoreError("the data could not be saved: it kept being changed elsewhere at the "
                         "same moment; try again", "db_busy")

    def read(self, work: Callable[[Session], T]) -> T:
        """Run ``work`` in one read-only transaction; return its value."""
        with self.session(write=False) as s:
            return work(s)


def reason(exc: SQLAlchemyError) -> str:
    """A database error's message in one line (servers put hints on lines of their own)."""
    return " ".join(str(getattr(exc, "orig", None) or exc).split())
