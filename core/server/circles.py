"""Where a circle's records are kept: a store of its own, so no query of one circle can ever
reach another's rows; and beside it, the store of the circle's running tables.

On PostgreSQL each is a schema of the server's database (the store's connections name it first
in their ``search_path``); on SQLite a file beside the server's file.

A table's game is kept apart from the records until it ends: while it runs, its cards are
secret, and nothing that reads a circle's records (a member's screens, a phone's sync) may
reach them. Its finished game becomes a record then (``core.server.table_records``).
"""

from __future__ import annotations

import re
import threading

from sqlalchemy.engine import make_url
from sqlmodel import Session

from core.store import Store
from core.store.errors import StoreError
from core.store.location import is_url, target_of

_KEY = re.compile(r"^circle_[0-9a-f]{16}$")
TABLES = "_tables"  # a circle's running tables: its key with this after it


def _checked(key: str) -> str:
    if not _KEY.match(key):  # it becomes an SQL name and a file name
        raise StoreError(f"{key!r} is not a circle's store", "circle_unknown")
    return key


def make_room(s: Session, key: str) -> None:
    """Make the place for a new circle's store, in the directory's transaction."""
    if s.get_bind().dialect.name == "postgresql":
        for schema in (_checked(key), key + TABLES):
            s.connection().exec_driver_sql(f'CREATE SCHEMA "{schema}"')


def tables_location(server_location: str, key: str) -> str:
    """The location of the store of the running tables of the circle whose key is ``key``."""
    return _location(server_location, _checked(key) + TABLES)


def circle_location(server_location: str, key: str) -> str:
    """The location (for ``Store.open``) of the circle's store whose key is ``key``."""
    return _location(server_location, _checked(key))


def _location(server_location: str, key: str) -> str:
    target = target_of(server_location)
    if target.is_sqlite:
        if target.path is None:
            raise StoreError("a server keeps its circles in a database file or on PostgreSQL, "
                             "not in memory", "db_bad_url")
        stem = target.path[:-3] if target.path.endswith(".db") else target.path
        return f"{stem}.{key}.db"
    url = make_url(server_location) if is_url(server_location) else target.url
    return url.update_query_dict({"options": f"-csearch_path={key}"}).render_as_string(
        hide_password=False)


class CircleStores:
    """The open stores of the circles this process has served, one per circle."""

    def __init__(self) -> None:
        self._open: dict[str, Store] = {}
        self._lock = threading.Lock()

    def of(self, location: str) -> Store:
        with self._lock:
            if location not in self._open:
                self._open[location] = Store.open(location, move_damaged=False)
            return self._open[location]

    def close(self) -> None:
        with self._lock:
            for store in self._open.values():
                store.close()
            self._open.clear()
