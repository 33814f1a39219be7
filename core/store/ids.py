"""Stable, globally unique ids: every profile, game and result carries a uuid4 in hex.

A row's integer ``id`` is local to one database; its ``uuid`` is the same on every
phone the row travels to through a backup, which is what lets two databases be
merged. Rows get theirs when they are created (``new_uuid`` is the column's
default); schema version 3 added the column and gave every older row one.
"""

from __future__ import annotations

import re
import uuid

from sqlalchemy import Connection, text

# The tables that carry a uuid since schema version 3, in the order they are backfilled.
TABLES_WITH_UUID = ("profiles", "games", "results")

_HEX32 = re.compile(r"^[0-9a-f]{32}\Z")


def new_uuid() -> str:
    """A fresh random id: 32 lowercase hex digits (uuid4)."""
    return uuid.uuid4().hex


def is_uuid(value: object) -> bool:
    """Whether a value is an id as ``new_uuid`` writes it (32 lowercase hex digits)."""
    return isinstance(value, str) and bool(_HEX32.match(value))


def index_name(table: str) -> str:
    """The name of the unique index on a table's uuid column."""
    return f"ux_{table}_uuid"


def migrate_2_to_3(conn: Connection) -> None:
    """Give profiles, games and results a uuid column, one fresh id per existing row."""
    for table in TABLES_WITH_UUID:
        # SQLite cannot add a NOT NULL column without a default; '' never survives
        # the backfill below, and the unique index keeps ids from repeating.
        conn.exec_driver_sql(f"ALTER TABLE {table} ADD COLUMN uuid VARCHAR NOT NULL DEFAULT ''")
        ids = [row[0] for row in conn.exec_driver_sql(f"SELECT id FROM {table}")]
        if ids:
            conn.execute(text(f"UPDATE {table} SET uuid = :u WHERE id = :id"),
                         [{"u": new_uuid(), "id": i} for i in ids])
        conn.exec_driver_sql(f"CREATE UNIQUE INDEX {index_name(table)} ON {table} (uuid)")
