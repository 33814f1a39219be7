"""Who hears of a move at a circle's table: every process of the server, at once.

A table's players may be connected to different ``hofstaat serve`` processes on one
PostgreSQL database. The database itself tells every process of every saved game (a trigger
calls ``pg_notify`` when the saving transaction commits, see ``core.store.changes``), and
each process keeps one connection that LISTENs and passes what it hears to whoever watches
that game here. Nothing polls the tables.

A server on SQLite is one process: a save made here is told here (``LocalMoves``).

``watch`` callbacks run on the listening thread (or the saving one): they must only hand the
news on (to an event loop, a queue), never do the work themselves.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from core.store.changes import MOVES_CHANNEL
from core.store.location import target_of

log = logging.getLogger(__name__)

# What a watcher hears: the game's new revision, or None when news may have been missed (the
# listening connection was lost and is back): read the game again.
Heard = Callable[[int | None], None]
NEW = None  # ``watch``'s game id for "every game started from now on"
FIRST = 1  # a game's revision when it is first saved


class Moves:
    """The games watched in this process and who watches each."""

    def __init__(self) -> None:
        self._watchers: dict[tuple[str, int], list[Heard]] = {}
        self._lock = threading.Lock()

    def watch(self, place: str, game_id: int | None, heard: Heard) -> Callable[[], None]:
        """Call ``heard`` after every save of game ``game_id`` of the circle store ``place``
        (its key), or with ``NEW`` after the first save of every game started there (a table
        opened); returns what stops it."""
        key = (place, game_id)
        with self._lock:
            self._watchers.setdefault(key, []).append(heard)

        def stop() -> None:
            with self._lock:
                found = self._watchers.get(key, [])
                if heard in found:
                    found.remove(heard)
                if not found:
                    self._watchers.pop(key, None)

        return stop

    def saved(self, place: str, game_id: int, revision: int) -> None:
        """A save of this process has committed (where the database does not tell of it)."""

    def ready(self, timeout: float = 10.0) -> bool:
        """Whether news of moves is heard (after waiting up to ``timeout`` seconds for it)."""
        return True

    def close(self) -> None:
        """Stop listening."""

    def _tell(self, place: str, game_id: int, revision: int | None) -> None:
        with self._lock:
            found = list(self._watchers.get((place, game_id), ()))
            if revision == FIRST:
                found += self._watchers.get((place, NEW), ())
        _call(found, revision)

    def _tell_everyone(self) -> None:
        with self._lock:
            found = [heard for each in self._watchers.values() for heard in each]
        _call(list(dict.fromkeys(found)), None)


class LocalMoves(Moves):
    """One process (a server on SQLite): a save is told by the process that made it."""

    def saved(self, place: str, game_id: int, revision: int) -> None:
        self._tell(place, game_id, revision)


class PostgresMoves(Moves):
    """Every process on one PostgreSQL database: one connection LISTENs for all of them."""

    RETRY = 1.0  # seconds between tries to listen again after the connection was lost

    def __init__(self, location: str) -> None:
        super().__init__()
        url = target_of(location).url
        # psycopg takes libpq's URL: the same without SQLAlchemy's driver name.
        self._dsn = url.set(drivername="postgresql").render_as_string(hide_password=False)
        self._stopping = threading.Event()
        self._listening = threading.Event()
        self._connection: Any = None
        self._thread = threading.Thread(target=self._listen, name="hofstaat-moves", daemon=True)
        self._thread.start()

    def ready(self, timeout: float = 10.0) -> bool:
        """Wait until the connection listens (a save before that is not heard here)."""
        return self._listening.wait(timeout)

    def _listen(self) -> None:
        import psycopg

        missed = False
        while not self._stopping.is_set():
            try:
                with psycopg.connect(self._dsn, autocommit=True) as conn:
                    self._connection = conn
                    conn.execute(f"LISTEN {MOVES_CHANNEL}")
                    self._listening.set()
                    if missed:  # whatever was saved while nobody listened
                        self._tell_everyone()
                    while not self._stopping.is_set():
                        for note in conn.notifies(timeout=0.5):
                            self._heard(note.payload)
            except Exception as exc:
                if self._stopping.is_set():
                    break
                self._listening.clear()
                missed = True
                log.warning("lost the database's news of moves (%s); listening again", exc)
                time.sleep(self.RETRY)

    def _heard(self, payload: str) -> None:
        try:
            place, game_id, revision = payload.split(" ")
            self._tell(place, int(game_id), int(revision))
        except ValueError:
            log.warning("news of a move that cannot be read: %r", payload)

    def close(self) -> None:
        self._stopping.set()
        self._thread.join(5)


def _call(found: list[Heard], revision: int | None) -> None:
    for heard in found:
        try:
            heard(revision)
        except Exception:  # one watcher's fault must not keep the news from the others
            log.exception("a watcher of a game failed")


def moves_for(location: str) -> Moves:
    """The news of moves for a server whose directory is at ``location``."""
    return LocalMoves() if target_of(location).is_sqlite else PostgresMoves(location)
