"""Which records changed since when, on both engines: every way of writing a record that travels
notes it under a new change number, and nothing else does."""

from __future__ import annotations

import json
import sqlite3

import pytest

from backup_data import Clock
from ledger_games import finished_dynasty

from core.session import GameSession, Seat
from core.store import Store
from core.store.migrations import SCHEMA_SQL


@pytest.fixture
def store(new_db):
    with Store.open(new_db(), clock=Clock()) as s:
        yield s


def changed_since(store: Store, mark: int) -> dict[str, list[str]]:
    """The ids of the records of each kind changed after ``mark``."""
    data = json.loads(store.changes_since(mark)[0])
    return {kind: sorted(r.get("id") for r in value)
            for kind, value in data.items() if isinstance(value, list) and value}


def test_every_way_of_writing_a_record_notes_it_and_only_it(store):
    mark = store.change_mark()
    anna = store.create_profile("Anna")
    assert changed_since(store, mark) == {"profiles": [anna.uuid]}

    mark = store.change_mark()
    store.rename_profile(anna.id, "Anna B.")
    store.set_setting("lang", "de")  # settings never travel in a sync
    assert changed_since(store, mark) == {"profiles": [anna.uuid]}

    mark = store.change_mark()
    ben = store.create_profile("Ben")
    session = GameSession.start("thronfolge", [Seat("human", "Anna", anna.id),
                                               Seat("human", "Ben", ben.id)], seed=5, saver=store)
    found = changed_since(store, mark)
    [game_uuid] = found["games"]
    assert found == {"profiles": [ben.uuid], "games": [game_uuid]}

    for change in (lambda: session.apply(session.legal()[0]),
                   lambda: store.set_game_archived(session.game_id),
                   lambda: store.resign_game(session.game_id, 0)):
        mark = store.change_mark()
        change()
        assert changed_since(store, mark) == {"games": [game_uuid]}

    mark = store.change_mark()
    store.merge_profiles(ben.id, anna.id)
    found = changed_since(store, mark)
    assert len(found["merges"]) == 1 and set(found) <= {"merges", "profiles"}


def test_a_dynasty_and_its_payments_are_noted(store):
    mark = store.change_mark()
    finished_dynasty(store)
    found = changed_since(store, mark)
    assert len(found["dynasties"]) == 1 and len(found["games"]) == 1
    debt = max(store.open_debts(), key=lambda d: d.amount.cents)
    mark = store.change_mark()
    paid = store.record_payment(debt.debtor, debt.creditor, 1, note="ein Cent")
    assert changed_since(store, mark) == {"ledger": [paid.uid]}


def test_change_numbers_only_grow_and_reading_changes_nothing(store):
    marks = [store.change_mark()]
    for name in ("Anna", "Ben", "Carla"):
        store.create_profile(name)
        marks.append(store.change_mark())
    assert marks == sorted(set(marks))
    store.changes_since(0)
    store.list_profiles()
    assert store.change_mark() == marks[-1]
    assert changed_since(store, marks[-1]) == {}


def test_an_upgraded_sqlite_file_counts_every_record_it_had_as_changed(tmp_path):
    path = tmp_path / "old.db"
    with Store.open(path) as store:
        finished_dynasty(store)
        everything = changed_since(store, 0)
    raw = sqlite3.connect(path)  # back to version 8, as the last release left it
    for (name,) in raw.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        raw.execute(f"DROP TRIGGER {name}")
    raw.execute("DROP TABLE hofstaat_changes")
    raw.execute("DROP TABLE hofstaat_seq")
    raw.execute("UPDATE hofstaat_schema SET version = 8")
    raw.commit()
    raw.close()
    with Store.open(path) as store:
        assert store.upgraded_from == 8
        assert changed_since(store, 0) == everything
        mark = store.change_mark()
        anna = store.create_profile("Neu")
        assert changed_since(store, mark) == {"profiles": [anna.uuid]}


def test_a_fresh_sqlite_file_has_exactly_the_frozen_triggers_of_its_version(tmp_path):
    Store.open(tmp_path / "fresh.db").close()
    frozen = sqlite3.connect(tmp_path / "frozen.db")
    frozen.executescript(SCHEMA_SQL[max(SCHEMA_SQL)])
    fresh = sqlite3.connect(tmp_path / "fresh.db")
    query = "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name"
    assert fresh.execute(query).fetchall() == frozen.execute(query).fetchall() != []
