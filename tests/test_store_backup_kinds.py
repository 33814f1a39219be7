"""A kind of record registered later (as the ledger's will be) travels in backups by itself."""

import json

import pytest
from sqlalchemy import Column, Integer, MetaData, String, Table, create_engine, select
from sqlalchemy.pool import NullPool

from backup_data import open_store_on_engine  # noqa: F401  (the open_store fixture: each engine)
from backup_data import parts, url_of

from core.store import BackupError, backup
from core.store.backup import ADD, SAME, Clash, Kind, need, only, uuid_field
from core.store.ids import new_uuid

# An append-only history of payments, the shape the ledger's debts and payments have.
PAYMENTS = Table("toy_payments", MetaData(), Column("id", Integer, primary_key=True),
                 Column("uuid", String, nullable=False, unique=True),
                 Column("cents", Integer, nullable=False))


def dump(s, links, since=None):
    """Every payment (``since``, for exports of what changed: the toy keeps no change numbers)."""
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


def beside(location, work):
    """``work(connection)`` done in a transaction of its own on the database at ``location``."""
    engine = create_engine(url_of(location), poolclass=NullPool)
    try:
        with engine.begin() as conn:
            work(conn)
    finally:
        engine.dispose()


@pytest.fixture
def phone(open_store):
    """``phone()``: a store on a new database that has the toy table too."""
    def make():
        store = open_store()
        beside(store.location, PAYMENTS.create)
        return store
    return make


def pay(store, cents):
    beside(store.location, lambda conn: conn.execute(
        PAYMENTS.insert().values(uuid=new_uuid(), cents=cents)))


def test_a_payment_recorded_on_one_phone_is_on_both_after_they_swap_backups(
        phone, with_payments):
    with phone() as anna, phone() as ben:
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
        phone, with_payments):
    with phone() as anna:
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
        phone, open_store, monkeypatch, with_payments):
    with phone() as anna:
        text = anna.export_backup()
    monkeypatch.setattr(backup, "KINDS", [k for k in backup.KINDS if k.name != "payments"])
    with open_store() as older, pytest.raises(BackupError) as caught:
        older.import_backup(text)
    assert caught.value.key == "backup_newer"
