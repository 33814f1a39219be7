"""Damaged, foreign and newer database files: kept aside or refused, never overwritten."""

import os
import sqlite3
import subprocess
import sys
import time

import pytest

from core.store import CURRENT_VERSION, NewerDatabaseError, Store, StoreError
from core.store.files import check_file

# A fixed clock, so the moved-aside name is known: <name>.damaged-<this moment>.
MOMENT = time.mktime((2026, 3, 14, 15, 9, 26, 0, 0, -1))
STAMP = "20260314-150926"


def open_store(path):
    return Store.open(path, clock=lambda: MOMENT)


def make_store_file(path, games=0):
    with Store.open(path) as store:
        anna = store.create_profile("Anna")
        for i in range(games):
            store.save_game({"id": None, "game": "thronfolge", "options": {}, "seed": i,
                             "seats": [{"kind": "human", "name": "Anna", "profile_id": anna.id},
                                       {"kind": "bot", "name": "Bot", "level": "easy"}],
                             "actions": ["x" * 50] * 40, "state": {"pad": "y" * 2000},
                             "over": False, "result": None})


def assert_fresh(store):
    assert store.list_profiles() == []
    assert store.unfinished_games() == []
    store.create_profile("New")  # and it is writable


def test_a_healthy_database_opens_without_a_notice(tmp_path):
    path = tmp_path / "hofstaat.db"
    make_store_file(path)
    with open_store(path) as store:
        assert store.notice is None and store.notice_key is None
        assert store.moved_to is None and store.moved_reason is None
        assert [p.name for p in store.list_profiles()] == ["Anna"]
    assert not list(tmp_path.glob("*.damaged-*"))


def test_random_bytes_are_moved_aside_intact_and_a_fresh_database_is_started(tmp_path):
    path = tmp_path / "hofstaat.db"
    junk = b"\x00not sqlite\x00" + os.urandom(5000)
    path.write_bytes(junk)
    with open_store(path) as store:
        moved = tmp_path / f"hofstaat.db.damaged-{STAMP}"
        assert store.moved_to == str(moved)
        assert store.notice_key == "db_moved_aside"
        assert store.notice == (f"The saved data could not be read; it was kept as {moved}. "
                                "Starting fresh.")
        assert moved.read_bytes() == junk
        assert_fresh(store)


def test_the_notice_stays_until_confirmed_and_the_moved_file_is_still_named(tmp_path):
    path = tmp_path / "hofstaat.db"
    path.write_text("hello")
    with open_store(path) as store:
        moved = store.moved_to
        assert store.notice is not None
        store.confirm_notice()
        assert store.notice is None and store.notice_key is None
        assert store.moved_to == moved  # still there for the log
    with open_store(path) as store:  # the fresh database opens without a notice
        assert store.notice is None and store.moved_to is None


def test_a_tiny_text_file_is_moved_aside(tmp_path):
    path = tmp_path / "hofstaat.db"
    path.write_text("hello")
    with open_store(path) as store:
        assert store.notice_key == "db_moved_aside"
        assert store.moved_reason == "it is not a SQLite database"
        assert (tmp_path / f"hofstaat.db.damaged-{STAMP}").read_text() == "hello"
        assert_fresh(store)


def test_another_applications_database_is_moved_aside_with_its_log(tmp_path):
    path = tmp_path / "hofstaat.db"
    # A writer that dies right after committing leaves its WAL and shared-memory
    # files behind; the last commit lives only in the WAL.
    subprocess.run([sys.executable, "-c", f"""
import os, sqlite3
c = sqlite3.connect({str(path)!r})
c.execute("PRAGMA journal_mode=WAL")
c.execute("CREATE TABLE notes (text TEXT)")
c.commit()
c.execute("INSERT INTO notes VALUES ('only in the log')")
c.commit()
os._exit(0)
"""], check=True)
    assert (tmp_path / "hofstaat.db-wal").exists()
    with open_store(path) as store:
        moved = tmp_path / f"hofstaat.db.damaged-{STAMP}"
        assert store.moved_to == str(moved)
        assert store.moved_reason == "it belongs to another application (tables: notes)"
        assert (tmp_path / f"hofstaat.db.damaged-{STAMP}-wal").exists()
        assert_fresh(store)
    kept = sqlite3.connect(moved)
    try:
        assert kept.execute("SELECT text FROM notes").fetchall() == [("only in the log",)]
    finally:
        kept.close()


def test_a_truncated_database_is_moved_aside_intact(tmp_path):
    path = tmp_path / "hofstaat.db"
    make_store_file(path, games=30)
    whole = path.read_bytes()
    assert len(whole) > 8 * 4096
    path.write_bytes(whole[:len(whole) // 2])
    with open_store(path) as store:
        assert store.notice_key == "db_moved_aside"
        assert_fresh(store)
    assert (tmp_path / f"hofstaat.db.damaged-{STAMP}").read_bytes() == whole[:len(whole) // 2]


def test_a_database_with_a_scrambled_page_is_moved_aside_intact(tmp_path):
    path = tmp_path / "hofstaat.db"
    make_store_file(path, games=30)
    data = bytearray(path.read_bytes())
    data[5 * 4096:6 * 4096] = os.urandom(4096)
    path.write_bytes(bytes(data))
    with open_store(path) as store:
        assert store.notice_key == "db_moved_aside"
        assert_fresh(store)
    assert (tmp_path / f"hofstaat.db.damaged-{STAMP}").read_bytes() == bytes(data)


def test_a_database_with_our_table_but_no_version_row_is_moved_aside(tmp_path):
    path = tmp_path / "hofstaat.db"
    make_store_file(path)
    raw = sqlite3.connect(path)
    raw.execute("DELETE FROM hofstaat_schema")
    raw.commit()
    raw.close()
    with open_store(path) as store:
        assert store.notice_key == "db_moved_aside"
        assert_fresh(store)


def test_a_database_missing_one_of_our_tables_is_moved_aside(tmp_path):
    path = tmp_path / "hofstaat.db"
    make_store_file(path)
    raw = sqlite3.connect(path)
    raw.execute("DROP TABLE results")
    raw.commit()
    raw.close()
    with open_store(path) as store:
        assert store.notice_key == "db_moved_aside"
        assert store.moved_reason == f"tables of schema {CURRENT_VERSION} are missing: results"
        assert_fresh(store)


def test_a_taken_moved_aside_name_gets_a_counter_and_is_not_overwritten(tmp_path):
    path = tmp_path / "hofstaat.db"
    first = tmp_path / f"hofstaat.db.damaged-{STAMP}"
    first.write_bytes(b"the first damaged file")
    (tmp_path / f"hofstaat.db.damaged-{STAMP}-2-wal").write_bytes(b"a stray log")
    path.write_bytes(b"the second damaged file")
    with open_store(path) as store:
        assert store.moved_to == str(tmp_path / f"hofstaat.db.damaged-{STAMP}-3")
    assert first.read_bytes() == b"the first damaged file"
    assert (tmp_path / f"hofstaat.db.damaged-{STAMP}-2-wal").read_bytes() == b"a stray log"
    assert (tmp_path / f"hofstaat.db.damaged-{STAMP}-3").read_bytes() == b"the second damaged file"


@pytest.mark.parametrize("content", [None, b""], ids=["missing", "empty file"])
def test_a_missing_or_empty_file_becomes_a_fresh_database_without_a_notice(tmp_path, content):
    path = tmp_path / "hofstaat.db"
    if content is not None:
        path.write_bytes(content)
    with open_store(path) as store:
        assert store.notice is None
        assert_fresh(store)
    assert not list(tmp_path.glob("*.damaged-*"))


def test_an_empty_sqlite_database_is_taken_over_without_a_notice(tmp_path):
    path = tmp_path / "hofstaat.db"
    sqlite3.connect(path).close()
    raw = sqlite3.connect(path)
    raw.execute("PRAGMA user_version = 0")
    raw.close()
    with open_store(path) as store:
        assert store.notice is None
        assert_fresh(store)


@pytest.mark.parametrize("journal", ["DELETE", "WAL"])
def test_a_database_from_a_newer_hofstaat_is_refused_and_left_unchanged(tmp_path, journal):
    path = tmp_path / "hofstaat.db"
    make_store_file(path)
    raw = sqlite3.connect(path)
    raw.execute(f"PRAGMA journal_mode={journal}")
    raw.execute("UPDATE hofstaat_schema SET version = 99")
    raw.commit()
    raw.close()
    before = path.read_bytes()
    with pytest.raises(NewerDatabaseError, match="newer version of Hofstaat") as caught:
        open_store(path)
    assert caught.value.key == "db_newer"
    assert caught.value.params == {"version": 99, "supported": CURRENT_VERSION}
    assert isinstance(caught.value, StoreError)
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("*.damaged-*"))
    with pytest.raises(NewerDatabaseError):  # and again: still refused, still untouched
        open_store(path)
    assert path.read_bytes() == before


def test_the_check_of_a_database_left_by_a_killed_writer_finds_it_usable(tmp_path):
    path = tmp_path / "hofstaat.db"
    make_store_file(path)
    subprocess.run([sys.executable, "-c", f"""
import os, sqlite3
c = sqlite3.connect({str(path)!r})
c.execute("INSERT INTO settings (key, value) VALUES ('k', '1')")
c.commit()
os._exit(0)
"""], check=True)
    assert (tmp_path / "hofstaat.db-wal").stat().st_size > 0
    assert check_file(str(path)).usable
    with open_store(path) as store:
        assert store.notice is None
        assert store.get_setting("k") == 1


def files_in(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_asked_not_to_move_a_damaged_file_open_refuses_and_leaves_the_folder_as_it_was(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("hello")
    with pytest.raises(StoreError) as caught:
        Store.open(path, clock=lambda: MOMENT, move_damaged=False)
    assert caught.value.key == "db_not_hofstaat"
    assert caught.value.params == {"path": str(path), "problem": "it is not a SQLite database"}
    assert str(caught.value) == (f"{path} is not a Hofstaat database (it is not a SQLite "
                                 "database); it was left as it is")
    assert files_in(tmp_path) == {"notes.txt": b"hello"}
    with open_store(path) as store:  # the app's own start still moves it aside
        assert store.moved_to == str(tmp_path / f"notes.txt.damaged-{STAMP}")


def kill_a_writer(path, sql):
    """Commit ``sql`` in WAL mode and die, leaving the log and shared memory behind."""
    subprocess.run([sys.executable, "-c", f"""
import os, sqlite3
c = sqlite3.connect({str(path)!r})
c.execute("PRAGMA journal_mode=WAL")
c.execute({sql!r})
c.commit()
os._exit(0)
"""], check=True)


def test_a_check_that_leaves_a_wal_file_alone_creates_and_changes_nothing_beside_it(tmp_path):
    foreign = tmp_path / "recipes.db"
    raw = sqlite3.connect(foreign)
    raw.execute("PRAGMA journal_mode=WAL")
    raw.execute("CREATE TABLE recipes (name TEXT)")
    raw.close()
    before = files_in(tmp_path)
    assert list(before) == ["recipes.db"]
    found = check_file(str(foreign), leave_alone=True)
    assert found.problem == "it belongs to another application (tables: recipes)"
    assert files_in(tmp_path) == before
    # With a log left by a killed writer: the check reads a copy, so it still sees
    # what only the log holds, and the log and shared memory stay as they are.
    ours = tmp_path / "hofstaat.db"
    make_store_file(ours)
    kill_a_writer(ours, "INSERT INTO settings (key, value) VALUES ('k', '1')")
    kill_a_writer(foreign, "CREATE TABLE notes (text TEXT)")
    before = files_in(tmp_path)
    assert check_file(str(ours), leave_alone=True).version == CURRENT_VERSION
    assert check_file(str(foreign), leave_alone=True).problem == (
        "it belongs to another application (tables: notes, recipes)")
    assert files_in(tmp_path) == before
    with Store.open(ours, move_damaged=False) as store:  # a Hofstaat database opens as usual
        assert store.notice is None and store.get_setting("k") == 1
