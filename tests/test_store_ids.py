"""Stable ids: every profile, game and result has a uuid, old databases get theirs on upgrade."""

import json
import sqlite3

from test_store_migrations import make_v1

from backup_data import open_store, parts, record, seat

from core.store import Store
from core.store.ids import is_uuid, new_uuid
from core.store.migrations import V2_SQL

T0 = 1_700_000_000.0
TABLES = ("profiles", "games", "results")


def make_v2(path):
    """A version-2 file with data, written with sqlite3 alone, as the last release wrote it."""
    raw = sqlite3.connect(path)
    raw.executescript(V2_SQL)
    raw.executemany("INSERT INTO profiles VALUES (?, ?, ?, ?, ?, ?)", [
        (1, "Anna", "human", None, 0, T0), (2, "Berta", "bot", "hard", 0, T0 + 1)])
    seats = [{"kind": "human", "name": "Anna", "profile_id": 1, "level": None},
             {"kind": "bot", "name": "Berta", "profile_id": 2, "level": "hard"}]
    for gid, over in ((1, 0), (2, 1)):
        raw.execute("INSERT INTO games VALUES (?, 'thronfolge', '{}', ?, ?, ?, ?, ?, ?, ?, 0, 0,"
                    " '{}', 0, ?, ?, ?)",
                    (gid, 40 + gid, json.dumps(seats), json.dumps(["d1"]),
                     json.dumps({"players": 2}), over,
                     json.dumps({"scores": [7, 3], "winners": [0]}) if over else None, 1,
                     T0, T0 + gid, T0 + gid if over else None))
    raw.executemany("INSERT INTO results VALUES (?, 2, 'thronfolge', ?, ?, ?, ?, ?, ?, 0, 0, 0, ?)",
                    [(1, 0, "human", 1, None, 7.0, 1, T0 + 2),
                     (2, 1, "bot", 2, "hard", 3.0, 0, T0 + 2)])
    raw.execute("INSERT INTO settings VALUES ('ui_theme', '\"dark\"')")
    raw.commit()
    raw.close()


def uuids(path):
    raw = sqlite3.connect(path)
    try:
        return {t: dict(raw.execute(f"SELECT id, uuid FROM {t}").fetchall()) for t in TABLES}
    finally:
        raw.close()


def test_new_ids_are_32_hex_digits_and_never_repeat():
    made = {new_uuid() for _ in range(1000)}
    assert len(made) == 1000 and all(is_uuid(u) for u in made)
    assert not is_uuid("A" * 32) and not is_uuid("0" * 31) and not is_uuid(None)


def test_a_version_2_database_opens_keeps_its_data_and_every_row_gets_its_own_id(tmp_path):
    path = tmp_path / "hofstaat.db"
    make_v2(path)
    with Store.open(path) as store:
        assert store.upgraded_from == 2
        assert [p.name for p in store.list_profiles()] == ["Anna", "Berta"]
        assert store.load_game(1)["seats"][0]["profile_id"] == 1
        assert store.stats("thronfolge", 1)["wins"] == 1
        assert store.get_setting("ui_theme") == "dark"
    given = uuids(path)
    assert {t: sorted(ids) for t, ids in given.items()} == {
        "profiles": [1, 2], "games": [1, 2], "results": [1, 2]}
    every = [u for ids in given.values() for u in ids.values()]
    assert all(is_uuid(u) for u in every) and len(set(every)) == len(every)
    with Store.open(path):
        pass
    assert uuids(path) == given  # ids are given once and then kept


def test_an_upgraded_database_exports_under_its_new_ids(tmp_path):
    path = tmp_path / "hofstaat.db"
    make_v2(path)
    with Store.open(path) as store:
        data = parts(store.export_backup())
    given = uuids(path)
    assert [p["id"] for p in data["profiles"]] == [given["profiles"][1], given["profiles"][2]]
    assert [g["id"] for g in data["games"] if g["over"]] == [given["games"][2]]
    assert data["games"][0]["seats"][1]["profile"] == given["profiles"][2]


def test_a_version_1_database_is_upgraded_through_version_2_and_gets_ids_too(tmp_path):
    path = tmp_path / "hofstaat.db"
    make_v1(path)
    with Store.open(path) as store:
        assert store.upgraded_from == 1
        assert len(store.finished_games()) == 4
    given = uuids(path)
    assert len(given["games"]) == 5 and len(given["results"]) == 6
    assert all(is_uuid(u) for ids in given.values() for u in ids.values())


def test_rows_written_after_the_upgrade_get_ids_of_their_own(tmp_path):
    path = tmp_path / "hofstaat.db"
    make_v2(path)
    with open_store(location=str(path)) as store:
        ben = store.create_profile("Ben")
        gid = store.save_game(record([seat("Ben", ben), seat("Anna")], 1))
        store.resign_game(gid, 0)
    given = uuids(path)
    assert is_uuid(given["profiles"][ben.id]) and is_uuid(given["games"][gid])
    every = [u for ids in given.values() for u in ids.values()]
    assert len(every) == 3 + 3 + 4 and len(set(every)) == len(every)  # 3 players, 3 games
