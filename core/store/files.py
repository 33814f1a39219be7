"""Looking at a SQLite file before trusting it, and moving an unusable one aside.

Nothing here writes to a database: the check opens it read-only, and a file
that cannot be used is renamed, never deleted or overwritten. Asked to leave a
file alone (the command line, pointed at someone's file), the check creates and
changes nothing beside it either.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
import time
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from core.store.errors import StoreError
from core.store.migrations import SCHEMA_TABLE, TABLES_OF_VERSION

SQLITE_MAGIC = b"SQLite format 3\x00"
HEADER_SIZE = 100
# Files SQLite keeps beside a database; they belong to it and move with it.
COMPANIONS = ("-wal", "-shm", "-journal")
# Bytes 18 and 19 of the header (write and read format) of a database in WAL mode.
WAL_FORMAT = b"\x02\x02"


@dataclass(frozen=True)
class FileCheck:
    """What a database file turned out to be."""

    problem: str | None = None  # why it cannot be used; None when it can
    version: int | None = None  # its schema version; None for a new or empty file

    @property
    def usable(self) -> bool:
        return self.problem is None


def check_file(path: str, *, leave_alone: bool = False) -> FileCheck:
    """Find out, read-only, whether a file is a Hofstaat database, new, or unusable.

    Even a read-only look at a database in WAL mode makes SQLite create (or
    update) its ``-wal`` and ``-shm`` files. With ``leave_alone`` nothing beside
    the file is created or changed: such a file without those files is read as
    immutable (they are absent, so the file holds everything), one with them
    from a private copy.

    :raises StoreError: when the file cannot be read at all (permissions, locks);
        such a file is not damaged and must be left where it is.
    """
    try:
        with open(path, "rb") as f:
            header = f.read(HEADER_SIZE)
    except FileNotFoundError:
        return FileCheck()
    except OSError as exc:
        raise StoreError(f"cannot read the saved data at {path}: {exc}", "db_unreadable",
                         path=path) from None
    if not header:
        return FileCheck()  # an empty file is an empty database
    if len(header) < HEADER_SIZE or not header.startswith(SQLITE_MAGIC):
        return FileCheck("it is not a SQLite database")
    query = "?mode=ro"
    if leave_alone and header[18:20] == WAL_FORMAT:
        if any(os.path.lexists(path + suffix) for suffix in COMPANIONS):
            return _check_copy(path)
        query = "?immutable=1"
    try:
        with closing(sqlite3.connect(Path(path).as_uri() + query, uri=True)) as conn:
            tables = sorted(row[0] for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'"))
            # quick_check reads every page, so truncation and torn pages show up
            # now rather than halfway through someone's game.
            verdict = [row[0] for row in conn.execute("PRAGMA quick_check")]
            if verdict != ["ok"]:
                return FileCheck(f"SQLite's check failed: {verdict[0]}")
            if not tables:
                return FileCheck()
            if SCHEMA_TABLE not in tables:
                return FileCheck(f"it belongs to another application (tables: {', '.join(tables)})")
            try:
                row = conn.execute(f"SELECT version FROM {SCHEMA_TABLE} WHERE id = 1").fetchone()
            except sqlite3.OperationalError as exc:
                return FileCheck(f"its version marker is unreadable: {exc}")
    except sqlite3.DatabaseError as exc:
        name = getattr(exc, "sqlite_errorname", "") or ""
        if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
            return FileCheck(f"SQLite cannot read it: {exc}")
        raise StoreError(f"cannot read the saved data at {path}: {exc}", "db_unreadable",
                         path=path) from None
    if row is None or not isinstance(row[0], int) or row[0] < 1:
        return FileCheck("it has no Hofstaat schema version")
    version = row[0]
    missing = sorted(TABLES_OF_VERSION.get(version, frozenset()) - set(tables))
    if missing:
        return FileCheck(f"tables of schema {version} are missing: {', '.join(missing)}")
    return FileCheck(version=version)


def _check_copy(path: str) -> FileCheck:
    """``check_file`` on a private copy of a database and its log, so the original stays as it is.

    :raises StoreError: when the file cannot be read or copied.
    """
    with tempfile.TemporaryDirectory(prefix="hofstaat-check-") as scratch:
        copy = os.path.join(scratch, "copy.db")
        try:
            shutil.copyfile(path, copy)
            if os.path.exists(path + "-wal"):
                shutil.copyfile(path + "-wal", copy + "-wal")
        except OSError as exc:
            raise StoreError(f"cannot read the saved data at {path}: {exc}", "db_unreadable",
                             path=path) from None
        try:
            return check_file(copy)
        except StoreError as exc:
            raise StoreError(str(exc).replace(copy, path), exc.key, path=path) from None


def move_aside(path: str, when: float) -> str:
    """Rename a database and its companions to ``<name>.damaged-<timestamp>``; return that name.

    A counter is added when that name is taken, so nothing is ever overwritten.

    :raises StoreError: when the file cannot be renamed.
    """
    base = f"{path}.damaged-{time.strftime('%Y%m%d-%H%M%S', time.localtime(when))}"
    target, n = base, 1
    while any(os.path.lexists(target + suffix) for suffix in ("",) + COMPANIONS):
        n += 1
        target = f"{base}-{n}"
    try:
        # Companions first, so the fresh database never starts beside another
        # file's log; the main file last.
        for suffix in COMPANIONS + ("",):
            if os.path.lexists(path + suffix):
                os.rename(path + suffix, target + suffix)
    except OSError as exc:
        raise StoreError(f"the saved data at {path} cannot be read and could not be moved "
                         f"aside: {exc}", "db_move_failed", path=path) from None
    return target
