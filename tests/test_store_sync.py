"""Syncing phones with a circle's server (the server's store on each engine): what changed goes
both ways, a second sync sends nothing new, phones offline for days end up with the same records,
and a sync cut off or raced by a payment loses nothing."""

from __future__ import annotations

import json

import pytest

from backup_data import Clock
from ledger_games import finished_dynasty, people, play_out, start

from core.store import Store, StoreError
from core.store.sync import SyncReport, answer, setting_key, sync


class InProcess:
    """The server's half called directly, as the HTTP endpoint calls it."""

    def __init__(self, store: Store, identity: str = "server-1/circle-1") -> None:
        self.store, self.identity = store, identity
        self.calls: list[tuple[dict, int]] = []
        self.before_answer = None  # something a test does while the exchange is under way

    def exchange(self, changes: str, since: int, more: bool = False) -> tuple[str, int, bool]:
        self.calls.append((json.loads(changes), since))
        if self.before_answer:
            self.before_answer()
        return answer(self.store, changes, since, more=more)


@pytest.fixture
def server(new_db):
    with Store.open(new_db("server"), clock=Clock(50_000.0)) as store:
        yield store


def records(store: Store) -> dict:
    """Every record a sync carries, as the backup file writes them."""
    data = json.loads(store.changes_since(0)[0])
    return {kind: value for kind, value in data.items() if isinstance(value, list)}


def sent_kinds(call) -> dict:
    changes, _since = call
    return {kind: len(v) for kind, v in changes.items() if isinstance(v, list) and v}


def test_a_first_sync_brings_the_phones_records_up_and_the_servers_down(server, phones):
    a = phones("a")
    finished_dynasty(a, names=("Anna", "Ben", "Carla"))
    remote = InProcess(server)
    report = sync(a, remote)
    assert isinstance(report, SyncReport) and report.sent > 0
    assert records(server) == records(a)
    b = phones("b", 9_000.0)
    b.create_profile("Dora")
    sync(b, remote)
    assert records(b) == records(server)
    assert {p.name for p in b.list_profiles()} == {"Anna", "Ben", "Carla", "Dora"}
    assert [d.amount for d in b.open_debts()] == [d.amount for d in a.open_debts()]


def test_a_second_sync_sends_nothing_and_then_only_what_changed(server, phones):
    a = phones("a")
    remote = InProcess(server)
    finished_dynasty(a)
    sync(a, remote)
    sync(a, remote)
    assert sent_kinds(remote.calls[-1]) == {}
    anna = next(p for p in a.list_profiles() if p.name == "Anna")
    a.rename_profile(anna.id, "Anna B.")
    sync(a, remote)
    assert sent_kinds(remote.calls[-1]) == {"profiles": 1}
    assert "Anna B." in {p.name for p in server.list_profiles()}


def test_what_the_server_sent_is_not_sent_back(server, phones):
    a, b = phones("a"), phones("b", 9_000.0)
    remote = InProcess(server)
    finished_dynasty(a)
    sync(a, remote)
    sync(b, remote)  # b receives a's dynasty
    sync(b, remote)
    assert sent_kinds(remote.calls[-1]) == {}


def test_phones_offline_for_days_end_with_the_same_records_whatever_the_order(server, phones):
    a, b, c = phones("a"), phones("b", 20_000.0), phones("c", 40_000.0)
    remote = InProcess(server)
    sync(a, remote)
    finished_dynasty(a, names=("Anna", "Ben", "Carla"), seed=1)
    session = start(b, people(b, "Anna", "Ben"), seed=2)
    play_out(session, seed=2, stop_after_partien=1)  # a game still running on b
    finished_dynasty(c, names=("Carla", "Dora"), seed=3)
    for phone in (c, a, b, a, c):
        sync(phone, remote)
    assert records(a) == records(b) == records(c) == records(server)
    assert [d.amount for d in a.open_debts()] == [d.amount for d in c.open_debts()]


def test_a_payment_made_while_a_sync_is_under_way_reaches_the_server_next_time(server, phones):
    a = phones("a")
    remote = InProcess(server)
    finished_dynasty(a)
    sync(a, remote)
    debt = max(a.open_debts(), key=lambda d: d.amount.cents)
    remote.before_answer = lambda: a.record_payment(debt.debtor, debt.creditor, 1, note="Kaffee")
    sync(a, remote)
    remote.before_answer = None
    assert not [e for e in server.ledger_entries() if e.kind == "payment"]
    sync(a, remote)
    assert [e.note for e in server.ledger_entries() if e.kind == "payment"] == ["Kaffee"]


def test_a_sync_cut_off_changes_nothing_here_and_the_next_one_completes(server, phones):
    a = phones("a")
    finished_dynasty(a)
    remote = InProcess(server)

    def cut_off():
        raise StoreError("the server could not be reached", "sync_unreachable")

    remote.before_answer = cut_off
    before = records(a)
    with pytest.raises(StoreError):
        sync(a, remote)
    assert a.get_setting(setting_key(remote.identity)) is None and records(a) == before
    remote.before_answer = None
    sync(a, remote)
    assert records(server) == records(a)


def test_a_server_restored_from_an_older_copy_gets_everything_again(server, phones, new_db):
    a = phones("a")
    remote = InProcess(server)
    finished_dynasty(a)
    sync(a, remote)
    with Store.open(new_db("restored"), clock=Clock(60_000.0)) as restored:
        again = InProcess(restored, identity=remote.identity)  # same address, fresh database
        sync(a, again)
        first, second = (since for _changes, since in again.calls)
        assert first > 0 and second == 0  # refused as ahead of the server, then all again
        assert records(restored) == records(a)


def test_settings_stay_on_each_device(server, phones):
    a, b = phones("a"), phones("b", 9_000.0)
    remote = InProcess(server)
    a.set_setting("lang", "en")
    sync(a, remote)
    sync(b, remote)
    assert b.get_setting("lang") is None and server.get_setting("lang") is None


def test_the_server_refuses_a_number_that_is_not_a_change_number(server):
    changes, _ = server.changes_since(0)
    for bad in (-1, "3", True, 1.5):
        with pytest.raises(StoreError) as refused:
            answer(server, changes, bad)
        assert refused.value.key == "sync_invalid"


def test_a_sync_in_pages_of_one_record_ends_with_the_same_records(server, phones):
    a, b = phones("a"), phones("b", 9_000.0)
    finished_dynasty(a, names=("Anna", "Ben", "Carla"), seed=1)
    finished_dynasty(a, names=("Anna", "Dora"), seed=4)
    debt = max(a.open_debts(), key=lambda d: d.amount.cents)
    a.record_payment(debt.debtor, debt.creditor, 3, note="drei Cent")
    remote = InProcess(server)
    report = sync(a, remote, limit=1)
    assert report.exchanges > 5 and records(server) == records(a)
    sync(b, remote, limit=1)
    assert records(b) == records(a)
    assert [d.amount for d in b.open_debts()] == [d.amount for d in a.open_debts()]


def test_every_page_merges_on_its_own_into_a_store_that_had_the_pages_before(phones, new_db):
    a = phones("a")
    finished_dynasty(a)
    debt = max(a.open_debts(), key=lambda d: d.amount.cents)
    a.record_payment(debt.debtor, debt.creditor, 2)
    with Store.open(new_db("fresh")) as fresh:
        after, more, pages = 0, True, 0
        while more:
            text, after, more = a.changes_page(after, 1)
            fresh.merge_changes(text)  # a payment's page brings its dynasty, game and people
            pages += 1
        assert pages > 3 and records(fresh) == records(a)


def cut_off_after(remote: InProcess, answered: int) -> None:
    """The connection breaks once the server has answered ``answered`` exchanges."""
    calls = []

    def cut() -> None:
        calls.append(1)
        if len(calls) == answered + 1:
            raise StoreError("the connection broke", "sync_unreachable")

    remote.before_answer = cut


def test_a_sync_cut_off_between_pages_goes_on_from_the_last_page_merged(server, phones):
    a = phones("a")
    finished_dynasty(a)
    remote = InProcess(server)
    cut_off_after(remote, 2)
    with pytest.raises(StoreError):
        sync(a, remote, limit=1)
    kept = a.get_setting(setting_key(remote.identity))
    assert kept["sent"] > 0  # two pages went through
    remote.before_answer = None
    remote.calls.clear()
    sync(a, remote, limit=1)
    assert remote.calls[0][1] == kept["received"] and records(server) == records(a)


def test_a_sync_in_pages_counts_every_game_once_after_its_last_page(server, phones, monkeypatch):
    # The phone's games end before the server's: every page would make each side count every
    # game again. Each side counts once, after the last page, and shows what one import shows.
    from test_merge_converges import records_of

    from core.store import derive, records as counting

    b = phones("b", 90_000.0)
    for seed in (2, 3):
        finished_dynasty(b, seed=seed)
    sync(b, InProcess(server))
    a = phones("a")
    for seed in (4, 5, 6, 7):
        finished_dynasty(a, seed=seed)
    counted = []
    real = counting.rebuild
    monkeypatch.setattr(counting, "rebuild", lambda s: (counted.append(1), real(s)))
    remote = InProcess(server)
    report = sync(a, remote, limit=1)
    assert report.exchanges > 10
    assert len(counted) == 2  # the server after the phone's last page, the phone after its own
    assert a.get_setting(derive.COUNT_AGAIN) is None and server.get_setting(derive.COUNT_AGAIN) is None
    one_import = phones("c")
    one_import.import_backup(server.export_backup())
    assert records_of(a) == records_of(one_import) == records_of(server)


def test_statistics_left_waiting_by_a_sync_cut_off_are_counted_by_the_next(server, phones):
    from test_merge_converges import records_of

    from core.store import derive

    b = phones("b", 90_000.0)
    finished_dynasty(b, seed=2)
    sync(b, InProcess(server))
    a = phones("a")
    finished_dynasty(a, seed=4)
    remote = InProcess(server)
    cut_off_after(remote, 3)
    with pytest.raises(StoreError):
        sync(a, remote, limit=1)
    assert a.get_setting(derive.COUNT_AGAIN) is True and server.get_setting(derive.COUNT_AGAIN) is True
    remote.before_answer = None
    sync(a, remote, limit=1)
    assert a.get_setting(derive.COUNT_AGAIN) is None and server.get_setting(derive.COUNT_AGAIN) is None
    one_import = phones("c")
    one_import.import_backup(server.export_backup())
    assert records_of(a) == records_of(one_import) == records_of(server)
