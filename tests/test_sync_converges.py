"""Syncing with a server converges as merging backups does: the state machine of
``test_merge_converges`` (phones doing what friends do, swapping backups now and then) with a
circle's server as one more party, on the test's engine. Phones sync with it at any step, and a
sync may be cut off after the server merged the phone's changes but before the phone got the
answer, in pages of one record, a few, or all at once. In the end every phone syncs twice,
and every phone and the server show the same records, figures and backups.

``HOFSTAAT_SYNC_EXAMPLES`` (default 15) and ``HOFSTAAT_SYNC_PG_EXAMPLES`` (default 3) set the
examples on SQLite and on PostgreSQL (the server's engine; phones are on the same engine).
"""

from __future__ import annotations

import os

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import rule, run_state_machine_as_test

from core.store import StoreError
from core.store.sync import answer, sync
from test_merge_converges import PHONE, Databases, MergeConverges, Phone, machine_settings, step

# Records per exchange: one at a time (every page carries what its records need), a few, or all.
PAGES = st.sampled_from([1, 4, 2_000])
EXAMPLES = {"sqlite": int(os.environ.get("HOFSTAAT_SYNC_EXAMPLES", "15")),
            "postgresql": int(os.environ.get("HOFSTAAT_SYNC_PG_EXAMPLES", "3"))}


class Server:
    """The circle's server as a phone reaches it, able to lose its answer on the way back."""

    identity = "server/circle"

    def __init__(self, store) -> None:
        self.store = store
        self.lose_answer = False

    def exchange(self, changes: str, since: int, more: bool = False) -> tuple[str, int, bool]:
        reply = answer(self.store, changes, since, more=more)
        if self.lose_answer:
            raise StoreError("the connection broke", "sync_unreachable")
        return reply


class SyncConverges(MergeConverges):
    """Phones, backups, and a server every phone syncs with now and then."""

    def __init__(self, databases: Databases) -> None:
        super().__init__(databases)
        self.server = Phone(9, 5_000.0, 1.0, databases.new())
        self.remote = Server(self.server.store)

    @rule(phone=PHONE, page=PAGES)
    @step
    def sync_with_server(self, phone, page):
        sync(self.phone(phone).store, self.remote, limit=page)

    @rule(phone=PHONE, page=PAGES)
    @step
    def sync_cut_off(self, phone, page):
        """The server merges the phone's changes; the answer never arrives."""
        self.remote.lose_answer = True
        try:
            sync(self.phone(phone).store, self.remote, limit=page)
        except StoreError as exc:
            assert exc.key == "sync_unreachable"
        finally:
            self.remote.lose_answer = False

    def final_rounds(self) -> list[Phone]:
        """Every phone syncs twice; then they and the server agree (the server first)."""
        for _ in range(2):
            for phone in self.phones:
                sync(phone.store, self.remote)
        return [self.server, *self.phones]

    def all_parties(self) -> list[Phone]:
        return [*self.phones, self.server]


def test_sync_converges_machine(engine_name, new_db, request):
    if engine_name == "postgresql":
        databases = Databases(new_db, request.getfixturevalue("postgres").drop_database)
    else:
        databases = Databases()
    run_state_machine_as_test(lambda: SyncConverges(databases), settings=settings(
        machine_settings(engine_name), max_examples=EXAMPLES[engine_name]))
