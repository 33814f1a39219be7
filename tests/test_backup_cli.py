"""``hofstaat export FILE`` / ``hofstaat import FILE``: exit codes, messages, files."""

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from backup_data import fill, open_store

from app.main import cli

ROOT = Path(__file__).resolve().parent.parent


def filled_at(location):
    with open_store(location=location) as store:
        fill(store, "a")
    return location


@pytest.fixture
def filled(new_db):
    """A database with a bit of everything, on each engine: for what is about the data."""
    return filled_at(new_db("a"))


@pytest.fixture
def filled_file(tmp_path):
    """A SQLite file with a bit of everything: for what is about the database file itself."""
    return filled_at(str(tmp_path / "a.db"))


def run(capsys, *argv):
    code = cli(list(argv))
    out, err = capsys.readouterr()
    return code, out.strip(), err.strip()


def test_export_writes_the_backup_and_says_what_it_holds(capsys, tmp_path, filled):
    target = tmp_path / "backup.json"
    assert run(capsys, "export", str(target), "--db", filled) == (
        0, f"Exported 4 players, 4 games, 2 settings, 0 dynasties, 0 payments and corrections, "
        f"0 merges of two people to {target}", "")
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["format"] == "hofstaat-backup" and len(data["games"]) == 4
    assert not list(tmp_path.glob("*.partial"))


def test_import_merges_and_a_second_import_finds_everything_already_here(
        capsys, tmp_path, new_db, filled):
    target, other = tmp_path / "backup.json", new_db("b")
    run(capsys, "export", str(target), "--db", filled)
    assert run(capsys, "import", str(target), "--db", other) == (
        0, f"Imported {target}: added 4 players, 4 games, 2 settings", "")
    assert run(capsys, "import", str(target), "--db", other) == (
        0, f"Imported {target}: nothing new; 10 already here", "")
    again = tmp_path / "again.json"
    run(capsys, "export", str(again), "--db", other)
    assert again.read_bytes() == target.read_bytes()


def test_a_bad_file_exits_with_status_1_and_one_line_saying_why(capsys, tmp_path, filled):
    bad = tmp_path / "notes.json"
    bad.write_text('{"notes": ["milk"]}', encoding="utf-8")
    code, out, err = run(capsys, "import", str(bad), "--db", filled)
    assert (code, out) == (1, "")
    assert err == (f"hofstaat: cannot import {bad}: the file is not a Hofstaat backup (it is "
                   "JSON, but from another app); nothing was imported")


def test_a_missing_file_or_an_unwritable_place_exits_with_status_1(capsys, tmp_path, filled):
    code, out, err = run(capsys, "import", str(tmp_path / "nope.json"), "--db", filled)
    assert (code, out) == (1, "") and err.startswith("hofstaat: cannot read")
    code, out, err = run(capsys, "export", str(tmp_path / "no" / "dir.json"), "--db", filled)
    assert (code, out) == (1, "") and err.startswith("hofstaat: cannot write")


def test_a_command_without_its_file_exits_with_status_2(capsys):
    with pytest.raises(SystemExit) as caught:
        cli(["import"])
    assert caught.value.code == 2
    assert "the following arguments are required: FILE" in capsys.readouterr().err


def test_the_installed_command_line_runs_export_and_import(tmp_path, new_db, filled):
    target = tmp_path / "backup.json"
    for command, db in (("export", filled), ("import", new_db("b"))):
        done = subprocess.run([sys.executable, "-m", "app", command, str(target), "--db", db],
                              check=False, capture_output=True, text=True, cwd=ROOT,
                              timeout=120)
        assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"Imported {target}: added 4 players")


# --- the database file is the user's: one that is not Hofstaat's is refused and left alone ---
# (These are about SQLite files as such, so they stay on SQLite.)

def files_in(folder):
    """Every file under a folder with its bytes, to show that nothing was created or changed."""
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(Path(folder).rglob("*")) if p.is_file()}


def command_line(command, folder):
    """``export`` to a new file, or ``import`` from one, in ``folder``."""
    backup = Path(folder) / "backup.json"
    backup.write_text('{"format": "hofstaat-backup"}', encoding="utf-8")
    return [command, str(backup if command == "import" else Path(folder) / "out.json")]


def assert_refused(capsys, argv, folder, cause):
    before = files_in(folder)
    code, out, err = run(capsys, *argv)
    assert (code, out) == (1, "")
    assert len(err.splitlines()) == 1 and err.startswith("hofstaat: "), err
    assert cause in err
    assert files_in(folder) == before  # nothing created, changed, renamed or moved aside
    return err


@pytest.mark.parametrize("command", ["export", "import"])
def test_a_text_file_named_as_the_database_is_refused_and_left_as_it_is(
        capsys, tmp_path, command):
    notes = tmp_path / "notes.txt"
    notes.write_text("milk\neggs\n", encoding="utf-8")
    err = assert_refused(capsys, command_line(command, tmp_path) + ["--db", str(notes)],
                         tmp_path, "it is not a SQLite database")
    assert err == (f"hofstaat: cannot open the database: {notes} is not a Hofstaat database "
                   "(it is not a SQLite database); it was left as it is")
    assert notes.read_text(encoding="utf-8") == "milk\neggs\n"


@pytest.mark.parametrize("command", ["export", "import"])
@pytest.mark.parametrize("journal", ["DELETE", "WAL"])
def test_another_applications_sqlite_file_is_refused_and_left_as_it_is(
        capsys, tmp_path, command, journal):
    path = tmp_path / "recipes.db"
    raw = sqlite3.connect(path)
    raw.execute(f"PRAGMA journal_mode={journal}")
    raw.execute("CREATE TABLE recipes (name TEXT)")
    raw.execute("INSERT INTO recipes VALUES ('bread')")
    raw.commit()
    raw.close()
    argv = command_line(command, tmp_path) + ["--db", str(path)]
    assert sorted(files_in(tmp_path)) == ["backup.json", "recipes.db"]
    assert_refused(capsys, argv, tmp_path, "it belongs to another application (tables: recipes)")


@pytest.mark.parametrize("command", ["export", "import"])
def test_another_applications_sqlite_file_with_its_log_is_refused_log_and_all(
        capsys, tmp_path, command):
    path = tmp_path / "recipes.db"
    # A writer killed right after committing leaves its log and shared memory behind.
    subprocess.run([sys.executable, "-c", f"""
import os, sqlite3
c = sqlite3.connect({str(path)!r})
c.execute("PRAGMA journal_mode=WAL")
c.execute("CREATE TABLE recipes (name TEXT)")
c.commit()
c.execute("INSERT INTO recipes VALUES ('only in the log')")
c.commit()
os._exit(0)
"""], check=True)
    argv = command_line(command, tmp_path) + ["--db", str(path)]
    assert sorted(files_in(tmp_path)) == ["backup.json", "recipes.db", "recipes.db-shm",
                                          "recipes.db-wal"]
    assert_refused(capsys, argv, tmp_path, "it belongs to another application (tables: recipes)")


@pytest.mark.parametrize("command", ["export", "import"])
def test_a_damaged_hofstaat_database_is_refused_not_moved_aside(capsys, tmp_path, filled_file,
                                                                  command):
    mine = tmp_path / "mine"
    mine.mkdir()
    whole = Path(filled_file).read_bytes()
    (mine / "hofstaat.db").write_bytes(whole[:len(whole) // 2])
    argv = command_line(command, mine) + ["--db", str(mine / "hofstaat.db")]
    assert_refused(capsys, argv, mine, "is not a Hofstaat database (SQLite")


def test_a_backup_file_named_as_its_own_database_is_refused(capsys, tmp_path, filled_file):
    backup = Path(command_line("import", tmp_path)[1])
    err = assert_refused(capsys, ["import", str(backup), "--db", str(backup)], tmp_path,
                         "it is the database file itself")
    assert err == (f"hofstaat: cannot import {backup}: it is the database file itself; "
                   "nothing was changed")
    # The same file by another name, and the database as the export's target.
    other = tmp_path / "." / "backup.json"
    assert_refused(capsys, ["import", str(other), "--db", str(backup)], tmp_path,
                   "it is the database file itself")
    assert_refused(capsys, ["export", filled_file, "--db", filled_file], tmp_path,
                   "it is the database file itself")
    assert_refused(capsys, ["export", filled_file + "-wal", "--db", filled_file], tmp_path,
                   "it is the database file itself")


def test_export_from_a_database_that_is_not_there_is_refused_and_creates_nothing(
        capsys, tmp_path):
    missing = tmp_path / "new" / "hofstaat.db"
    err = assert_refused(capsys, ["export", str(tmp_path / "out.json"), "--db", str(missing)],
                         tmp_path, "there is no database at")
    assert err == f"hofstaat: cannot export: there is no database at {missing}; nothing was created"
    assert not list(tmp_path.iterdir())
    (tmp_path / "blank.db").write_bytes(b"")
    assert_refused(capsys, ["export", str(tmp_path / "out.json"), "--db",
                            str(tmp_path / "blank.db")], tmp_path, "(the file is empty)")


def test_import_into_a_database_that_is_not_there_yet_creates_it(capsys, tmp_path, filled_file):
    backup = tmp_path / "backup.json"
    assert run(capsys, "export", str(backup), "--db", filled_file)[0] == 0
    fresh = tmp_path / "new" / "folder" / "hofstaat.db"
    code, out, err = run(capsys, "import", str(backup), "--db", str(fresh))
    assert (code, err) == (0, "") and out.startswith(f"Imported {backup}: added 4 players")
    again = tmp_path / "again.json"
    assert run(capsys, "export", str(again), "--db", str(fresh))[0] == 0
    assert again.read_bytes() == backup.read_bytes()


def test_the_installed_command_line_refuses_a_text_file_named_by_hofstaat_db(tmp_path):
    (tmp_path / "notes.txt").write_text("milk\n", encoding="utf-8")
    before = files_in(tmp_path)
    done = subprocess.run([sys.executable, "-m", "app", "export", str(tmp_path / "out.json")],
                          check=False, capture_output=True, text=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "HOFSTAAT_DB": str(tmp_path / "notes.txt")})
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (f"hofstaat: cannot open the database: {tmp_path / 'notes.txt'} is not "
                           "a Hofstaat database (it is not a SQLite database); it was left as it "
                           "is\n")
    assert files_in(tmp_path) == before
