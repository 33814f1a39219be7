"""The ledger in backups: dynasties, debts and payments travel between phones and merge by id."""

import json

import pytest

from backup_data import parts
from backup_data import open_store_on_engine  # noqa: F401  (the open_store fixture: each engine)
from ledger_games import finished_dynasty, people, play_out, start

from core.session import Seat
from core.store import BackupError
from core.store.ids import new_uuid


def named(store, debts):
    """Debts with people by name, so two databases' answers compare."""
    names = {p.uuid: p.name for p in store.list_profiles(include_archived=True)}
    return sorted((names[d.debtor], names[d.creditor], d.amount) for d in debts)


def shared(a, b):
    """A dynasty settled on ``a`` and brought to ``b``; ``b``'s backup afterwards."""
    finished_dynasty(a)
    b.import_backup(a.export_backup())
    return b.export_backup()


def first_debt(store):
    return max(store.open_debts(), key=lambda d: d.amount.cents)


def test_a_dynasty_settled_on_phone_a_shows_the_same_open_debts_on_phone_b(open_store):
    with open_store() as a, open_store(5_000.0) as b:
        finished_dynasty(a)
        report = b.import_backup(a.export_backup())
        assert report.counts["dynasties"]["added"] == 1
        assert report.counts["ledger"]["added"] == 0  # settled debts are derived, not copied
        assert named(b, b.open_debts()) == named(a, a.open_debts()) != []
        assert b.ledger_entries() == a.ledger_entries()
        assert [d.players for d in b.dynasties()] == [
            tuple(p.uuid for p in b.list_profiles()[:3])]
        assert b.dynasties()[0].ended_at == a.dynasties()[0].ended_at is not None


def test_export_import_into_an_empty_database_and_export_again_gives_the_same_file(open_store):
    with open_store() as a, open_store(9_000.0) as b:
        finished_dynasty(a)
        debt = first_debt(a)
        a.record_payment(debt.debtor, debt.creditor, 1, note="ein Cent")
        a.record_correction(debt.creditor, debt.debtor, 3, note="Kaffee")
        text = a.export_backup()
        b.import_backup(text)
        assert b.export_backup() == text
    assert sorted(e["kind"] for e in parts(text)["ledger"]) == ["correction", "payment"]
    assert parts(text)["version"] == 3


def test_a_part_payment_made_on_b_is_paid_on_both_after_b_s_backup_is_imported_on_a(open_store):
    with open_store() as a, open_store(5_000.0) as b:
        shared(a, b)
        debt = first_debt(b)
        b.record_payment(debt.debtor, debt.creditor, debt.amount.cents - 1)
        report = a.import_backup(b.export_backup())
        assert report.counts["ledger"]["added"] == 1
        assert named(a, a.open_debts()) == named(b, b.open_debts())
        left = [d for d in named(a, a.open_debts()) if d[2].cents == 1]
        assert len(left) == 1  # paid in part: one cent is still open
        again = a.import_backup(b.export_backup())
        assert not again.changed and not b.import_backup(a.export_backup()).changed
        assert a.export_backup() == b.export_backup()


def test_a_dynasty_settled_on_the_other_phone_ends_here_with_the_same_debts(open_store):
    with open_store() as a, open_store(5_000.0) as b:
        session = play_out(start(a, people(a, "Anna", "Ben", "Carla")), stop_after_partien=1)
        b.import_backup(a.export_backup())
        assert b.dynasties()[0].ended_at is None and b.open_debts() == []
        play_out(session)
        b.import_backup(a.export_backup())
        assert b.dynasties()[0].ended_at == a.dynasties()[0].ended_at is not None
        assert named(b, b.open_debts()) == named(a, a.open_debts()) != []


def test_a_changed_payment_is_refused_whole_and_nothing_is_written(open_store):
    with open_store() as a, open_store(5_000.0) as b:
        shared(a, b)
        debt = first_debt(a)
        a.record_payment(debt.debtor, debt.creditor, 1)
        b.import_backup(a.export_backup())
        before = b.export_backup()
        edited = parts(a.export_backup())
        edited["ledger"][0]["cents"] += 100
        extra = dict(edited["ledger"][0], id=new_uuid(), kind="correction", dynasty=None)
        edited["ledger"].append(extra)  # would be added, were the file not refused
        edited["profiles"].append(dict(edited["profiles"][0], id=new_uuid(), name="Neu"))
        with pytest.raises(BackupError, match="its cents differ") as caught:
            b.import_backup(json.dumps(edited))
        assert caught.value.key == "backup_clash"
        assert b.export_backup() == before


def test_a_dynasty_naming_a_game_neither_in_the_file_nor_here_is_refused(open_store):
    with open_store() as a, open_store(5_000.0) as b:
        finished_dynasty(a)
        data = parts(a.export_backup())
        data["games"] = []
        with pytest.raises(BackupError, match="names games") as caught:
            b.import_backup(json.dumps(data))
        assert caught.value.key == "backup_invalid"
        assert b.list_profiles() == []


def test_a_backup_from_before_the_ledger_still_imports(open_store):
    with open_store() as a, open_store(5_000.0) as b:
        finished_dynasty(a)
        old = parts(a.export_backup())
        del old["dynasties"], old["ledger"], old["merges"]
        old["version"], old["results"] = 1, []
        report = b.import_backup(json.dumps(old))
        assert report.counts["games"]["added"] == 1 and report.counts["ledger"]["added"] == 0
        assert b.open_debts() == [] and b.dynasties() == []


def test_settled_debts_of_an_older_file_are_left_to_the_games_they_come_from(open_store):
    with open_store() as a, open_store(5_000.0) as b:
        before = shared(a, b)
        older = parts(a.export_backup())
        older["version"] = 2
        del older["merges"]
        older["results"] = []
        # A format-2 file held its dynasties' settled debts, ids from local profile ids.
        older["ledger"] = [{"id": new_uuid(), "kind": "settled", "debtor": e.debtor,
                            "creditor": e.creditor, "cents": e.amount.cents * 2,
                            "currency": "EUR", "dynasty": e.dynasty_uid, "note": "",
                            "created_at": e.created_at + 60} for e in a.ledger_entries()]
        older["dynasties"][0]["ended_at"] += 60
        report = b.import_backup(json.dumps(older))
        assert report.counts["ledger"]["kept"] == len(older["ledger"]) > 0
        assert not report.changed
        assert b.export_backup() == before
        assert named(b, b.open_debts()) == named(a, a.open_debts())


def test_a_dynasty_against_one_computer_on_three_seats_reaches_the_other_phone(open_store):
    with open_store() as a, open_store(5_000.0) as b:
        anna = people(a, "Anna")
        bot = a.create_profile("Computer (normal)", kind="bot", level="normal")
        bots = [Seat(kind="bot", name=bot.name, profile_id=bot.id, level="normal")] * 3
        play_out(start(a, anna + bots, partien=2, seed=4), seed=4)
        b.import_backup(a.export_backup())
        assert named(b, b.open_debts()) == named(a, a.open_debts()) != []


def test_a_dynasty_of_one_person_on_every_seat_is_refused(open_store):
    with open_store() as a, open_store(5_000.0) as b:
        finished_dynasty(a)
        data = parts(a.export_backup())
        data["dynasties"][0]["players"] = [data["dynasties"][0]["players"][0]] * 3
        with pytest.raises(BackupError, match="fewer than two different people") as caught:
            b.import_backup(json.dumps(data))
        assert caught.value.key == "backup_invalid"
        assert b.list_profiles() == []
