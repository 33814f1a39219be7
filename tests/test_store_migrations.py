"""Older databases are upgraded in place, in one transaction, with their data kept."""

import json
import sqlite3

import pytest

from core.store import CURRENT_VERSION, Store
from core.store import migrations
from core.store.migrations import MIGRATIONS, SCHEMA_SQL, TABLES_OF_VERSION, V1_SQL

T0 = 1_700_000_000.0
SEATS = [{"kind": "human", "name": "Anna", "profile_id": 1, "level": None},
         {"kind": "bot", "name": "Berta", "profile_id": 2, "level": "hard"}]


def make_v1(path):
    """A version-1 file, written with sqlite3 alone, the way the first release wrote it."""
    raw = sqlite3.connect(path)
    raw.executescript(V1_SQL)
    raw.executemany("INSERT INTO profiles VALUES (?, ?, ?, ?, ?, ?)", [
        (1, "Anna", "human", None, 0, T0),
        (2, "Berta", "bot", "hard", 0, T0 + 1),
        (3, "Old Carl", "human", None, 1, T0 + 2)])

    def game(gid, actions, over, result, updated, finished, seats=SEATS):
        raw.execute("INSERT INTO games VALUES (?, 'thronfolge', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (gid, json.dumps({"variant": "short"}), 40 + gid, json.dumps(seats),
                     json.dumps(actions), json.dumps({"players": 2, "ply": len(actions)}),
                     over, result if isinstance(result, str) or result is None
                     else json.dumps(result), T0, updated, finished))

    game(1, ["d1", "p TS"], 0, None, T0 + 10, None)
    game(2, ["d1", "p TS", "t"], 1, {"scores": [7, 3], "winners": [0]}, T0 + 20, T0 + 20)
    game(3, ["d1"], 1, {"scores": [2, 9], "winners": [1]}, T0 + 30, None)
    # A seat that names a profile that is gone, and a result nobody can read.
    game(4, ["d1"], 1, {"scores": [5, 5], "winners": [0, 1]}, T0 + 40, T0 + 40,
         seats=[dict(SEATS[0], profile_id=99), SEATS[1]])
    game(5, ["d1"], 1, "{not json", T0 + 50, T0 + 50)
    raw.commit()
    raw.close()


def schema(path):
    """Tables with their columns, indexes and foreign keys, as SQLite reports them."""
    raw = sqlite3.connect(path)
    try:
        out = {}
        tables = [r[0] for r in raw.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        for table in tables:
            columns = {r[1]: (r[2], r[3], r[5]) for r in raw.execute(f"PRAGMA table_info({table})")}
            indexes = {r[1]: (r[2], tuple(c[2] for c in raw.execute(f"PRAGMA index_info({r[1]})")))
                       for r in raw.execute(f"PRAGMA index_list({table})")}
            keys = sorted(r[2:5] for r in raw.execute(f"PRAGMA foreign_key_list({table})"))
            out[table] = (columns, indexes, keys)
        return out
    finally:
        raw.close()


def version_of(path):
    raw = sqlite3.connect(path)
    try:
        return raw.execute("SELECT version FROM hofstaat_schema").fetchall()
    finally:
        raw.close()


def make_empty(path, version):
    raw = sqlite3.connect(path)
    raw.executescript(SCHEMA_SQL[version])
    raw.close()


def test_every_older_version_has_a_migration_its_sql_and_its_tables():
    assert sorted(MIGRATIONS) == list(range(1, CURRENT_VERSION))
    assert sorted(SCHEMA_SQL) == list(range(1, CURRENT_VERSION + 1))
    assert sorted(TABLES_OF_VERSION) == list(range(1, CURRENT_VERSION + 1))


def test_the_tables_in_code_match_the_frozen_sql_of_the_current_version(tmp_path):
    make_empty(tmp_path / "frozen.db", CURRENT_VERSION)
    Store.open(tmp_path / "fresh.db").close()
    assert schema(tmp_path / "fresh.db") == schema(tmp_path / "frozen.db")


@pytest.mark.parametrize("version", range(1, CURRENT_VERSION))
def test_an_empty_database_of_every_older_version_upgrades_to_the_current_schema(
        tmp_path, version):
    make_empty(tmp_path / "old.db", version)
    assert set(schema(tmp_path / "old.db")) == TABLES_OF_VERSION[version]
    with Store.open(tmp_path / "old.db") as store:
        assert store.upgraded_from == version
    Store.open(tmp_path / "new.db").close()
    assert schema(tmp_path / "old.db") == schema(tmp_path / "new.db")
    assert version_of(tmp_path / "old.db") == [(CURRENT_VERSION,)]


def test_a_version_1_database_is_upgraded_in_place_with_its_data_kept(tmp_path):
    path = tmp_path / "hofstaat.db"
    make_v1(path)
    with Store.open(path) as store:
        assert store.upgraded_from == 1
        assert store.notice is None
        assert [p.name for p in store.list_profiles()] == ["Anna", "Berta"]
        assert store.get_profile(3).archived
        assert store.get_profile(2).level == "hard"
        assert store.load_game(1) == {
            "id": 1, "game": "thronfolge", "options": {"variant": "short"}, "seed": 41,
            "players": 2, "seats": SEATS, "actions": ["d1", "p TS"],
            "state": {"players": 2, "ply": 2}, "over": False, "result": None,
            "undos": 0, "hints": 0, "started_at": T0, "meta": {}, "revision": 0}
        [running] = store.unfinished_games()
        assert (running.id, running.ply, running.updated_at) == (1, 2, T0 + 10)
        assert [g.id for g in store.finished_games()] == [5, 4, 3, 2]
    assert version_of(path) == [(CURRENT_VERSION,)]
    assert not list(tmp_path.glob("*.damaged-*"))


def test_finished_version_1_games_get_one_result_per_seat_from_their_result(tmp_path):
    path = tmp_path / "hofstaat.db"
    make_v1(path)
    with Store.open(path) as store:
        assert store.results(2) == [
            {"game_id": 2, "game": "thronfolge", "seat": 0, "kind": "human", "profile_id": 1,
             "level": None, "score": 7, "won": True, "assisted": False, "undos": 0, "hints": 0,
             "finished_at": T0 + 20},
            {"game_id": 2, "game": "thronfolge", "seat": 1, "kind": "bot", "profile_id": 2,
             "level": "hard", "score": 3, "won": False, "assisted": False, "undos": 0,
             "hints": 0, "finished_at": T0 + 20}]
        # Version 1 could leave finished_at empty: the last save stands in for it.
        assert [r["finished_at"] for r in store.results(3)] == [T0 + 30, T0 + 30]
        assert store.game_summary(3).finished_at == T0 + 30
        assert [r["profile_id"] for r in store.results(4)] == [None, 2]
        assert store.results(5) == []
        anna = store.stats("thronfolge", 1)
        assert (anna["games"], anna["wins"], anna["best_score"]) == (2, 1, 7)
        assert store.head_to_head("thronfolge", 1, 2)["games"] == 2


def test_an_upgraded_version_1_database_with_data_has_exactly_the_schema_of_a_fresh_one(
        tmp_path):
    make_v1(tmp_path / "old.db")
    Store.open(tmp_path / "old.db").close()
    Store.open(tmp_path / "new.db").close()
    assert schema(tmp_path / "old.db") == schema(tmp_path / "new.db")


def test_an_upgraded_database_then_behaves_like_a_fresh_one(tmp_path):
    path = tmp_path / "hofstaat.db"
    make_v1(path)
    Store.open(path).close()
    with Store.open(path) as store:
        assert store.upgraded_from is None
        record = store.load_game(1)
        record.update(actions=record["actions"] + ["t"], over=True,
                      result={"scores": [1, 4], "winners": [1]}, hints=1)
        assert store.save_game(record) == 1
        assert [r["won"] for r in store.results(1)] == [False, True]
        assert store.stats("thronfolge", 2)["wins"] == 3
        store.set_setting("lang", "de")
        assert store.get_setting("lang") == "de"


def test_a_failed_upgrade_leaves_the_old_database_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / "hofstaat.db"
    make_v1(path)
    real = MIGRATIONS[1]

    def breaks_halfway(conn):
        real(conn)
        raise RuntimeError("power cut")

    monkeypatch.setitem(migrations.MIGRATIONS, 1, breaks_halfway)
    with pytest.raises(RuntimeError, match="power cut"):
        Store.open(path)
    assert version_of(path) == [(1,)]
    tables = set(schema(path))
    assert "results" not in tables and "settings" not in tables
    assert "undos" not in schema(path)["games"][0]

    monkeypatch.setitem(migrations.MIGRATIONS, 1, real)
    with Store.open(path) as store:
        assert store.upgraded_from == 1
        assert len(store.results(2)) == 2


def test_a_running_game_of_a_version_1_database_can_be_archived_restored_and_resigned(tmp_path):
    path = tmp_path / "hofstaat.db"
    make_v1(path)
    with Store.open(path) as store:
        assert store.archived_games() == []
        store.set_game_archived(1)
        assert store.unfinished_games() == []
        assert [(g.id, g.ply) for g in store.archived_games()] == [(1, 2)]
    with Store.open(path) as store:  # the flag is kept in the file
        assert [g.id for g in store.archived_games()] == [1]
        store.set_game_archived(1, archived=False)
        assert [g.id for g in store.unfinished_games()] == [1]
        store.resign_game(1, 0)
        assert [(r["profile_id"], r["won"]) for r in store.results(1)] == [(1, False), (2, True)]
        assert store.game_summary(1).resigned_seat == 0
        assert store.stats("thronfolge", 1)["games"] == 3
