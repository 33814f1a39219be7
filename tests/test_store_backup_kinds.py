"""A kind of record registered later (as the ledger's will be) travels in backups by itself."""

import json
import sqlite3

import pytest
from sqlalchemy import Column, Integer, MetaData, String, Table, select

from backup_data import open_store, parts

from core.store import BackupError, backup
from core.store.backup import ADD, SAME, Clash, Kind, need, only, uuid_field
from core.store.ids import new_uuid

# An append-only history of payments, the shape the ledger's debts and payments have.
PAYMENTS = Table("toy_payments", MetaData(), Column("id", Integer, primary_key=True),
                 Column("uuid", String, nullable=False, unique=True),
                 Column("cents", Integer, nullable=False))


def dump(s, links):
    return [{"id": u, "cents": c} for u, c in s.execute(
        select(PAYMENTS.c.uuid, PAYMENTS.c.cents).order_by(PAYMENTS.c.uuid))]


def check(r):
    only(r, ("id", "cents"))
    uuid_field(r)
    need(r, "cents", lambda v: isinstance(v, int) and not isinstance(v, bool), "whole cents")


def plan(p, r):
    here = p.memo("payments", lambda: dict(p.links.session.execute(
        select(PAYMENTS.c.uuid, PAYMENTS.c.cents)).all()))
    if r["id"] not in here:
        return ADD, None
    if here[r["id"]] != r["cents"]:
        raise Clash("its cents differ")  # history is never edited
    return SAME, None


def write(p, r, detail):
    p.links.session.execute(PAYMENTS.insert().values(uuid=r["id"], cents=r["cents"]))


@pytest.fixture
def with_payments(monkeypatch):
    monkeypatch.setattr(backup, "KINDS", list(backup.KINDS))
    since = backup.version() + 1  # newer than every kind the app has
    backup.register(Kind("payments", since, dump, check, plan, write, table=PAYMENTS))


def phone(tmp_path, name):
    path = tmp_path / f"{name}.db"
    open_store(location=str(path)).close()
    raw = sqlite3.connect(path)
    raw.execute("CREATE TABLE toy_payments (id INTEGER PRIMARY KEY, uuid VARCHAR NOT NULL UNIQUE,"
                " cents INTEGER NOT NULL)")
    raw.commit()
    raw.close()
    return open_store(location=str(path))


def pay(store, cents):
    raw = sqlite3.connect(store.location)
    raw.execute("INSERT INTO toy_payments (uuid, cents) VALUES (?, ?)", (new_uuid(), cents))
    raw.commit()
    raw.close()


def test_a_payment_recorded_on_one_phone_is_on_both_after_they_swap_backups(
        tmp_path, with_payments):
    with phone(tmp_path, "anna") as anna, phone(tmp_path, "ben") as ben:
        anna.create_profile("Anna")
        pay(anna, 250)
        ben.import_backup(anna.export_backup())
        pay(ben, -250)  # Ben pays his debt back, on his phone
        anna.import_backup(ben.export_backup())
        ben.import_backup(anna.export_backup())
        on_anna, on_ben = anna.export_backup(), ben.export_backup()
    assert on_anna == on_ben
    assert sorted(p["cents"] for p in parts(on_anna)["payments"]) == [-250, 250]
    assert parts(on_anna)["version"] == 4  # the new kind raised the format version


def test_files_from_before_the_new_kind_still_import_and_it_refuses_a_changed_history(
        tmp_path, with_payments):
    with phone(tmp_path, "anna") as anna:
        pay(anna, 100)
        text = anna.export_backup()
        old = parts(text)
        del old["payments"]
        old["version"] -= 1
        assert not anna.import_backup(json.dumps(old)).changed
        edited = parts(text)
        edited["payments"][0]["cents"] = 1
        with pytest.raises(BackupError, match="its cents differ"):
            anna.import_backup(json.dumps(edited))


def test_without_the_new_kind_a_file_that_has_it_is_refused_as_newer(
        tmp_path, monkeypatch, with_payments):
    with phone(tmp_path, "anna") as anna:
        text = anna.export_backup()
    monkeypatch.setattr(backup, "KINDS", [k for k in backup.KINDS if k.name != "payments"])
    with open_store() as older, pytest.raises(BackupError) as caught:
        older.import_backup(text)
    assert caught.value.key == "backup_newer"
