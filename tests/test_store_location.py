"""Where the database lives, and how its engine is built."""

import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import platformdirs
import pytest

from core.store import Store, StoreError, resolve_location
from core.store.location import is_url, target_of

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch):
    monkeypatch.delenv("HOFSTAAT_DB", raising=False)
    monkeypatch.delenv("FLET_APP_STORAGE_DATA", raising=False)


def test_an_explicit_path_is_used_and_made_absolute(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert resolve_location("my.db") == str(tmp_path / "my.db")


def test_a_tilde_in_a_path_means_the_home_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert resolve_location("~/games/h.db") == str(tmp_path / "games" / "h.db")


def test_an_explicit_location_wins_over_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("HOFSTAAT_DB", str(tmp_path / "env.db"))
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    assert resolve_location(tmp_path / "flag.db") == str(tmp_path / "flag.db")


def test_hofstaat_db_as_a_path_is_used_when_no_location_is_given(tmp_path, monkeypatch):
    monkeypatch.setenv("HOFSTAAT_DB", str(tmp_path / "env.db"))
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    assert resolve_location() == str(tmp_path / "env.db")


def test_hofstaat_db_as_a_url_is_passed_through_unchanged(monkeypatch):
    monkeypatch.setenv("HOFSTAAT_DB", "postgresql+psycopg://hof:secret@db.example/hofstaat")
    assert resolve_location() == "postgresql+psycopg://hof:secret@db.example/hofstaat"


def test_an_empty_hofstaat_db_counts_as_not_set(tmp_path, monkeypatch):
    monkeypatch.setenv("HOFSTAAT_DB", "  ")
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path))
    assert resolve_location() == str(tmp_path / "hofstaat.db")


def test_flet_app_storage_is_used_when_nothing_else_is_set(tmp_path, monkeypatch):
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    assert resolve_location() == str(tmp_path / "flet" / "hofstaat.db")


def test_the_user_data_folder_is_the_last_resort(tmp_path, monkeypatch):
    asked = []

    def user_data_dir(appname, *args, **kwargs):
        asked.append(appname)
        return str(tmp_path / "data" / appname)

    monkeypatch.setattr(platformdirs, "user_data_dir", user_data_dir)
    assert resolve_location() == str(tmp_path / "data" / "hofstaat" / "hofstaat.db")
    assert asked == ["hofstaat"]


def test_resolving_a_location_does_not_touch_the_disk(tmp_path):
    resolve_location(tmp_path / "not" / "yet" / "there.db")
    assert list(tmp_path.iterdir()) == []


def test_a_windows_path_is_not_taken_for_a_url():
    assert not is_url(r"C:\Users\anna\hofstaat.db")
    assert not is_url("/home/anna/hofstaat.db")
    assert is_url("sqlite:///relative.db")
    assert is_url("postgresql+psycopg://u@h/db")


def test_a_sqlite_url_names_the_same_file_as_its_path(tmp_path):
    target = target_of(f"sqlite:///{tmp_path}/h.db")
    assert target.path == str(tmp_path / "h.db")
    assert target_of(str(tmp_path / "h.db")).path == target.path


@pytest.mark.parametrize("url", ["sqlite:///:memory:", "sqlite://"])
def test_an_in_memory_url_has_no_file(url):
    target = target_of(url)
    assert target.is_memory and target.path is None


def test_opening_creates_missing_folders(tmp_path):
    path = tmp_path / "deep" / "er" / "hofstaat.db"
    with Store.open(path) as store:
        assert store.location == str(path)
        store.set_setting("lang", "de")
    assert path.is_file()


def test_hofstaat_db_as_a_url_opens_that_file(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path}/via-url/h.db"
    monkeypatch.setenv("HOFSTAAT_DB", url)
    with Store.open() as store:
        assert store.location == url
        store.create_profile("Anna")
    with Store.open(tmp_path / "via-url" / "h.db") as store:
        assert [p.name for p in store.list_profiles()] == ["Anna"]


def test_flet_app_storage_is_where_the_store_opens_by_default(tmp_path, monkeypatch):
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    with Store.open() as store:
        assert store.location == str(tmp_path / "flet" / "hofstaat.db")
    assert (tmp_path / "flet" / "hofstaat.db").is_file()


def test_a_file_database_uses_wal_and_enforces_foreign_keys(tmp_path):
    path = tmp_path / "h.db"
    with Store.open(path) as store, store._engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        raw.close()


def test_an_in_memory_store_is_shared_by_threads():
    with Store.open("sqlite:///:memory:") as store:
        worker = threading.Thread(target=store.create_profile, args=("Anna",))
        worker.start()
        worker.join()
        assert [p.name for p in store.list_profiles()] == ["Anna"]


def test_a_url_whose_driver_is_missing_is_refused_clearly():
    with pytest.raises(StoreError, match="cannot use database"):
        Store.open("postgresql+nosuchdriver://u@localhost/hofstaat")


def test_an_unparseable_url_is_refused_clearly():
    with pytest.raises(StoreError, match="not valid"):
        Store.open("postgresql://hof@localhost:notaport/hofstaat")


def test_a_folder_where_the_file_should_be_is_refused_and_left_alone(tmp_path):
    (tmp_path / "h.db").mkdir()
    with pytest.raises(StoreError, match="cannot read"):
        Store.open(tmp_path / "h.db")
    assert sorted(os.listdir(tmp_path)) == ["h.db"]


def test_importing_the_store_loads_no_flet():
    code = ("import sys, core.store; "
            "print([m for m in sys.modules if m.split('.')[0] == 'flet'])")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
