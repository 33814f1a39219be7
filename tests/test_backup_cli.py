"""``hofstaat export FILE`` / ``hofstaat import FILE``: exit codes, messages, files."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from backup_data import fill, open_store

from app.main import cli

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def filled(tmp_path):
    path = tmp_path / "a.db"
    with open_store(location=str(path)) as store:
        fill(store, "a")
    return str(path)


def run(capsys, *argv):
    code = cli(list(argv))
    out, err = capsys.readouterr()
    return code, out.strip(), err.strip()


def test_export_writes_the_backup_and_says_what_it_holds(capsys, tmp_path, filled):
    target = tmp_path / "backup.json"
    assert run(capsys, "export", str(target), "--db", filled) == (
        0, f"Exported 4 players, 4 games, 4 results, 2 settings, 0 dynasties, 0 debts and payments to {target}", "")
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["format"] == "hofstaat-backup" and len(data["games"]) == 4
    assert not list(tmp_path.glob("*.partial"))


def test_import_merges_and_a_second_import_finds_everything_already_here(
        capsys, tmp_path, filled):
    target, other = tmp_path / "backup.json", str(tmp_path / "b.db")
    run(capsys, "export", str(target), "--db", filled)
    assert run(capsys, "import", str(target), "--db", other) == (
        0, f"Imported {target}: added 4 players, 4 games, 4 results, 2 settings", "")
    assert run(capsys, "import", str(target), "--db", other) == (
        0, f"Imported {target}: nothing new; 14 already here", "")
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


def test_the_installed_command_line_runs_export_and_import(tmp_path, filled):
    target = tmp_path / "backup.json"
    for command, db in (("export", filled), ("import", str(tmp_path / "b.db"))):
        done = subprocess.run([sys.executable, "-m", "app", command, str(target), "--db", db],
                              check=False, capture_output=True, text=True, cwd=ROOT,
                              timeout=120)
        assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"Imported {target}: added 4 players")
