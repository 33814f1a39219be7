"""Where the database lives, and the one place that builds its engine."""

from __future__ import annotations

import json
import os
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import platformdirs
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError
from sqlalchemy.pool import StaticPool

from core.store.errors import StoreError

ENV_VAR = "HOFSTAAT_DB"
FLET_STORAGE_VAR = "FLET_APP_STORAGE_DATA"
APP_NAME = "hofstaat"
FILE_NAME = "hofstaat.db"

# A URL starts with a scheme and "://"; a Windows path such as C:\x never does.
_URL_RE = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*://")

# Execution option that lets a read start a plain (deferred) SQLite transaction.
READ_ONLY = "hofstaat_read_only"


def is_url(location: str) -> bool:
    """Whether a location is a SQLAlchemy URL rather than a file path."""
    return bool(_URL_RE.match(location))


def resolve_location(location: str | os.PathLike[str] | None = None) -> str:
    """The database path or URL to use, without touching the disk.

    The order is: ``location`` (from ``--db``), the environment variable
    ``HOFSTAAT_DB``, ``$FLET_APP_STORAGE_DATA/hofstaat.db`` (durable storage on
    phones), then ``hofstaat.db`` in ``platformdirs.user_data_dir("hofstaat")``.
    Paths come back absolute; URLs come back as given.
    """
    for candidate in (location, os.environ.get(ENV_VAR)):
        if candidate is not None and str(candidate).strip():
            text = str(candidate).strip()
            return text if is_url(text) else _absolute(text)
    flet_dir = os.environ.get(FLET_STORAGE_VAR)
    if flet_dir:
        return _absolute(os.path.join(flet_dir, FILE_NAME))
    return _absolute(os.path.join(platformdirs.user_data_dir(APP_NAME), FILE_NAME))


def _absolute(path: str) -> str:
    return os.path.abspath(os.path.expanduser(path))


@dataclass(frozen=True)
class Target:
    """A resolved location: the URL to connect to and, for a SQLite file, its path."""

    url: URL
    path: str | None  # None for in-memory SQLite and for database servers

    @property
    def is_sqlite(self) -> bool:
        return self.url.get_backend_name() == "sqlite"

    @property
    def is_memory(self) -> bool:
        return self.is_sqlite and self.path is None


def target_of(location: str) -> Target:
    """Parse a path or URL into what the engine and the file checks need.

    :raises StoreError: when a URL cannot be parsed.
    """
    if not is_url(location):
        path = _absolute(location)
        return Target(URL.create("sqlite", database=path), path)
    try:
        url = make_url(location)
    except (ArgumentError, ValueError) as exc:
        raise StoreError(f"database URL {location!r} is not valid: {exc}", "db_bad_url",
                         location=location) from None
    if url.get_backend_name() != "sqlite":
        return Target(url, None)
    database = url.database or ""
    if database in ("", ":memory:") or url.query.get("mode") == "memory" \
            or database.startswith("file:"):
        # In-memory, or a sqlite3 URI filename we do not pick apart: no file checks.
        return Target(url, None)
    path = _absolute(database)
    return Target(url.set(database=path), path)


def shown(location: str) -> str:
    """A location as messages and logs show it: a database server's password hidden."""
    target = target_of(location)
    return location if target.is_sqlite else target.url.render_as_string()


def dumps_json(value: Any) -> str:
    """The JSON text stored for a value: compact, UTF-8, no NaN.

    :raises ValueError: for NaN or infinity.
    :raises TypeError: for a value that is not JSON.
    """
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def loads_json(text: str | bytes) -> Any:
    """A stored JSON value, or None when the text is damaged.

    One unreadable value must not make every list that touches its row fail;
    the readers check what they get.
    """
    try:
        return json.loads(text)
    except ValueError:
        return None


def build_engine(target: Target) -> Engine:
    """The SQLAlchemy engine for a location, with Hofstaat's SQLite settings.

    :raises StoreError: when the URL names a driver that is not installed.
    """
    json_options: dict[str, Any] = {"json_serializer": dumps_json,
                                    "json_deserializer": loads_json}
    try:
        if not target.is_sqlite:
            # A write reads what it checks (a game's revision, what is still payable) and then
            # writes: only SERIALIZABLE makes two such transactions at once behave as one after
            # the other. The one PostgreSQL stops is started over by ``Store._write``.
            return create_engine(target.url, pool_pre_ping=True, isolation_level="SERIALIZABLE",
                                 **json_options)
        # The store is used from the UI loop and from worker threads; it serialises
        # its own calls, so one connection may move between threads.
        connect_args = {"check_same_thread": False}
        if target.is_memory:
            # Every connection to ":memory:" is a new, empty database: share one.
            engine = create_engine(target.url, connect_args=connect_args,
                                   poolclass=StaticPool, **json_options)
        else:
            engine = create_engine(target.url, connect_args=connect_args, **json_options)
    except (NoSuchModuleError, ImportError) as exc:
        shown = target.url.render_as_string()  # with the password hidden
        raise StoreError(f"cannot use database {shown!r}: {exc}", "db_bad_url",
                         location=shown) from None
    _configure_sqlite(engine, file_backed=target.path is not None)
    return engine


@contextmanager
def setup_transaction(engine: Engine, what: str) -> Iterator[Connection]:
    """One transaction that creates or upgrades ``what``'s tables. On PostgreSQL, where several
    server processes may start at once, one at a time per schema (an advisory lock), and at
    READ COMMITTED, so that whoever waited sees the tables the one before it committed."""
    with engine.connect() as conn:
        if conn.dialect.name != "sqlite":
            conn = conn.execution_options(isolation_level="READ COMMITTED")
        with conn.begin():
            if conn.dialect.name != "sqlite":
                conn.execute(text("SELECT pg_advisory_xact_lock(hashtext(:what || current_schema()))"),
                             {"what": f"hofstaat {what} "})
            yield conn


def reader_of(engine: Engine) -> Engine:
    """The engine for reads: one consistent snapshot per call, never waiting on a writer."""
    if engine.dialect.name == "sqlite":
        return engine.execution_options(**{READ_ONLY: True})
    # A read-only REPEATABLE READ transaction sees one snapshot and is never stopped as a
    # serialization failure, so reads need no retry.
    return engine.execution_options(isolation_level="REPEATABLE READ", postgresql_readonly=True)


def is_conflict(exc: BaseException) -> bool:
    """Whether a database error means "another transaction got there first: run again"
    (PostgreSQL's serialization failure or deadlock; SQLite serialises writers instead)."""
    return getattr(getattr(exc, "orig", None), "sqlstate", None) in ("40001", "40P01")


def _configure_sqlite(engine: Engine, file_backed: bool) -> None:
    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
        # sqlite3's legacy mode would start transactions only at the first write,
        # so a read-then-write save and schema changes would not be atomic.
        # Turn it off and let the "begin" hook below emit BEGIN itself.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute("PRAGMA foreign_keys=ON")
            if file_backed:
                # WAL: readers never wait for the writer, and a killed process
                # leaves a log that the next open replays. FULL syncs each commit,
                # so even a power cut loses at most the action in flight.
                try:
                    cursor.execute("PRAGMA journal_mode=WAL")
                except sqlite3.OperationalError:
                    pass  # no shared memory (WebAssembly): the rollback journal is as safe
                cursor.execute("PRAGMA synchronous=FULL")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection: Any) -> None:
        # Writes take the write lock up front: a deferred transaction that reads
        # and then writes fails at once (without waiting) if another connection
        # wrote in between.
        if connection.get_execution_options().get(READ_ONLY):
            connection.exec_driver_sql("BEGIN")
        else:
            connection.exec_driver_sql("BEGIN IMMEDIATE")
