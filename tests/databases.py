"""The database engines the storage tests run on: a SQLite file, and a PostgreSQL server that the
tests start themselves (``core.store.scratch_pg``), one per test process.

A test that takes ``new_db`` runs twice, once per engine; ``new_db(name)`` gives a fresh, empty
location each call (a file path, or a new database's URL), which ``Store.open`` accepts as it is.
Tests about SQLite files as such (damaged files moved aside, files of old versions, WAL) keep
their ``tmp_path`` files.
"""

from __future__ import annotations

from typing import Callable

import pytest

from core.store import Store
from core.store.scratch_pg import ScratchPostgres

ENGINES = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres():
    server = ScratchPostgres()
    yield server
    server.stop()


@pytest.fixture(params=ENGINES)
def engine_name(request) -> str:
    return request.param


@pytest.fixture
def new_db(engine_name, tmp_path, request) -> Callable[..., str]:
    """``new_db(name="hofstaat")``: the location of a new empty database on this test's engine."""
    if engine_name == "sqlite":
        yield lambda name="hofstaat": str(tmp_path / f"{name}.db")
        return
    server: ScratchPostgres = request.getfixturevalue("postgres")
    made: list[str] = []

    def make(name: str = "hofstaat") -> str:
        made.append(server.new_database(name))
        return made[-1]

    yield make
    for url in made:
        server.drop_database(url)


@pytest.fixture
def phones(tmp_path):
    """``phones(name, start_at)``: a phone's store in a SQLite file of its own, as on a real
    phone (whatever engine the server's store is on), with a clock that moves a second a reading."""
    from backup_data import Clock

    opened = []

    def make(name: str, start_at: float = 1_000.0) -> Store:
        opened.append(Store.open(tmp_path / f"{name}.db", clock=Clock(start_at)))
        return opened[-1]

    yield make
    for store in opened:
        store.close()
