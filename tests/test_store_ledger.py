"""The ledger in the store: dynasties played for money, open debts, payments, an append-only history.

Every test runs on SQLite and on PostgreSQL (``new_db``), except the upgrade of a version 2
database: it is a SQLite file written by an older Hofstaat, and only SQLite files are upgraded.
"""

import random
import sqlite3
import uuid

import pytest

from core.ledger import (CORRECTION, PAYMENT, SETTLED, Debt, Money, dynasty_debts, open_debts,
                         settle_up)
from core.store import Store, StoreError
from core.store.migrations import SCHEMA_SQL
from core.session import Seat
from ledger_games import finished_dynasty, people, play_out, start


@pytest.fixture
def store(new_db):
    s = Store.open(new_db())
    yield s
    s.close()


def ids(store, *names):
    """The ledger names people by their profile's uuid."""
    by_name = {p.name: p.uuid for p in store.list_profiles()}
    return [by_name[n] for n in names]


def test_a_rosenkrieg_game_started_with_a_stake_records_its_dynasty(store):
    session = start(store, people(store, "Anna", "Ben", "Carla"), stake_cents=20, currency="CHF")
    [dynasty] = store.dynasties()
    assert dynasty.game_id == session.game_id
    assert dynasty.players == tuple(ids(store, "Anna", "Ben", "Carla"))
    assert (dynasty.stake_cents, dynasty.currency, dynasty.settled) == (20, "CHF", False)
    assert len(dynasty.id) == 32 and int(dynasty.id, 16)
    assert store.ledger_entries() == []


def test_a_game_without_a_stake_or_at_a_stake_of_zero_records_no_dynasty(store):
    finished_dynasty(store, stake_cents=None)
    finished_dynasty(store, stake_cents=0, seed=2)
    assert store.dynasties() == [] and store.ledger_entries() == []


@pytest.mark.parametrize("game, seats, stake, key", [
    ("rosenkrieg", "with a bot", {"cents": 10, "currency": "EUR"}, "stake_needs_people"),
    ("rosenkrieg", "people", {"cents": -1, "currency": "EUR"}, "stake_invalid"),
    ("rosenkrieg", "people", {"cents": 1.5, "currency": "EUR"}, "stake_invalid"),
    ("rosenkrieg", "people", {"cents": 10, "currency": "DEM"}, "currency_unknown"),
    ("rosenkrieg", "people", "10 cents", "stake_invalid"),
    ("thronfolge", "people", {"cents": 10, "currency": "EUR"}, "stake_invalid")])
def test_a_bad_stake_is_refused_and_no_game_is_saved(store, game, seats, stake, key):
    sitting = people(store, "Anna", "Ben")
    if seats == "with a bot":
        sitting[1] = sitting[1].__class__(kind="bot", name="Computer", level="easy")
    record = {"id": None, "game": game, "options": {}, "seed": 1, "seats": [
        s.to_json() for s in sitting], "actions": [], "state": {}, "over": False,
        "result": None, "meta": {"stake": stake}}
    with pytest.raises(StoreError) as caught:
        store.save_game(record)
    assert caught.value.key == key
    assert store.unfinished_games() == [] and store.dynasties() == []


def test_a_finished_dynasty_becomes_its_debts_as_played_at_the_stake(store):
    session = finished_dynasty(store, stake_cents=10, seed=7)
    anna, ben, carla = ids(store, "Anna", "Ben", "Carla")
    [dynasty] = store.dynasties()
    assert dynasty.settled
    partien = store.dynasty_partien(dynasty.id)
    assert [p.points for p in partien] == [tuple(p["points"]) for p in session.state["partien"]]
    expected = dynasty_debts([anna, ben, carla], partien, 10, "EUR")
    assert expected and store.open_debts() == expected
    entries = store.ledger_entries()
    assert {e.kind for e in entries} == {SETTLED}
    assert {e.dynasty_uid for e in entries} == {dynasty.id}
    # The money follows the dynasty's balance in points, seat by seat.
    for seat, pid in enumerate((anna, ben, carla)):
        owed = sum(b.amount.cents for b in store.balances() if b.person == pid)
        assert owed == session.state["balance"][seat] * 10


def test_settling_a_dynasty_twice_gives_the_same_entries_and_nothing_more(store):
    session = finished_dynasty(store, seed=7)
    before = store.ledger_entries()
    assert before
    for _ in range(2):  # the finish recorded a second and a third time
        session.save()
    [dynasty] = store.dynasties()
    assert store.settle_dynasty(dynasty.id) == before
    assert store.ledger_entries() == before


def test_a_settled_debt_is_dated_when_its_game_ended_and_named_by_its_dynasty_and_people(store):
    session = finished_dynasty(store, seed=7)
    [dynasty] = store.dynasties()
    ended = store.game_summary(session.game_id).finished_at
    assert {e.created_at for e in store.ledger_entries()} == {ended} == {dynasty.ended_at}
    space = uuid.UUID(hex=dynasty.id)
    assert [e.uid for e in store.ledger_entries()] == sorted(
        uuid.uuid5(space, f"settled:{e.debtor}:{e.creditor}").hex for e in store.ledger_entries())


def test_a_running_dynasty_cannot_be_settled_by_hand(store):
    start(store, people(store, "Anna", "Ben"))
    [dynasty] = store.dynasties()
    with pytest.raises(StoreError) as caught:
        store.settle_dynasty(dynasty.id)
    assert caught.value.key == "dynasty_running"
    with pytest.raises(StoreError) as caught:
        store.settle_dynasty("no such id")
    assert caught.value.key == "dynasty_missing"


def test_a_resigned_dynasty_is_settled_for_the_partien_played_before(store):
    session = play_out(start(store, people(store, "Anna", "Ben"), stake_cents=50, partien=4,
                             seed=3), seed=3, stop_after_partien=2)
    assert not session.over and len(session.state["partien"]) == 2
    store.resign_game(session.game_id, 0)
    [dynasty] = store.dynasties()
    anna, ben = ids(store, "Anna", "Ben")
    assert dynasty.settled
    assert store.open_debts() == dynasty_debts([anna, ben], store.dynasty_partien(dynasty.id),
                                               50, "EUR")


def test_open_debts_survive_reopening_the_database(new_db):
    path = new_db()
    with Store.open(path) as store:
        finished_dynasty(store, seed=7)
        debts, plan = store.open_debts(), store.settle_up()
    with Store.open(path) as store:
        assert store.open_debts() == debts and debts
        assert store.settle_up() == plan


def test_a_partial_payment_lowers_the_debt_and_appends_to_the_history(store):
    finished_dynasty(store, seed=7)
    first = store.open_debts()[0]
    before = store.ledger_entries()
    entry = store.record_payment(first.debtor, first.creditor, first.amount.cents - 5,
                                 note="cash")
    assert (entry.kind, entry.amount, entry.note) == (PAYMENT, Money(first.amount.cents - 5), "cash")
    assert Debt(first.debtor, first.creditor, Money(5)) in store.open_debts()
    after = store.ledger_entries()
    assert after[:len(before)] == before and after[-1] == entry  # nothing earlier was touched
    history = store.debt_history(first.debtor, first.creditor)
    assert [line.entry.kind for line in history] == [SETTLED, PAYMENT]
    assert [line.open_after for line in history] == [first.amount.cents, 5]
    store.record_payment(first.debtor, first.creditor, 5)
    assert all({d.debtor, d.creditor} != {first.debtor, first.creditor}
               for d in store.open_debts())


def test_a_correction_adds_to_a_debt_and_keeps_its_reason(store):
    anna, ben = ids(store, *[s.name for s in people(store, "Anna", "Ben")])
    entry = store.record_correction(anna, ben, 250, "EUR", note="a round of drinks")
    assert (entry.kind, entry.note) == (CORRECTION, "a round of drinks")
    assert store.open_debts() == [Debt(anna, ben, Money(250))]


@pytest.mark.parametrize("cents", [0, -5, 1.5, "12", None, True])
def test_a_bad_amount_is_refused_and_changes_nothing(store, cents):
    finished_dynasty(store, seed=7)
    debt = store.open_debts()[0]
    before = store.ledger_entries()
    with pytest.raises(StoreError) as caught:
        store.record_payment(debt.debtor, debt.creditor, cents)
    assert caught.value.key == "amount_invalid"
    assert store.ledger_entries() == before


def test_a_payment_above_what_is_payable_is_refused_and_changes_nothing(store):
    finished_dynasty(store, seed=7)
    debt = store.open_debts()[0]
    most = store.payable(debt.debtor, debt.creditor)
    before = store.ledger_entries()
    with pytest.raises(StoreError) as caught:
        store.record_payment(debt.debtor, debt.creditor, most.cents + 1)
    assert caught.value.key == "payment_too_large"
    assert caught.value.params["most"] == most.cents
    with pytest.raises(StoreError) as caught:  # the creditor owes the debtor nothing
        store.record_payment(debt.creditor, debt.debtor, 1)
    assert caught.value.key == "payment_too_large"
    with pytest.raises(StoreError) as caught:
        store.record_payment(debt.debtor, "0" * 32, 1)
    assert caught.value.key == "profile_missing"
    with pytest.raises(StoreError) as caught:
        store.record_payment(debt.debtor, debt.creditor, 1, currency="XXX")
    assert caught.value.key == "currency_unknown"
    assert store.ledger_entries() == before


def test_a_payment_is_refused_when_less_is_payable_than_the_payer_was_shown(store):
    # Xaver owes Yara 20 and Zeno 40; Wim owes Yara 400. Once Xaver has paid Yara her 20,
    # the balances would still let him pay her 20 more (he owes 40 overall, she is owed
    # 400): a second window that showed the old 20 must be refused, not routed by balance.
    x, y, z, w = (store.create_profile(n).uuid for n in ("Xaver", "Yara", "Zeno", "Wim"))
    for debtor, creditor, cents in ((x, y, 20), (x, z, 40), (w, y, 400)):
        store.record_correction(debtor, creditor, cents, note="test")
    shown = store.payable(x, y).cents
    store.record_payment(x, y, 20, seen=shown)
    assert store.payable(x, y).cents == 40  # by the balances, not by the direct debt
    before = store.ledger_entries()
    with pytest.raises(StoreError) as caught:
        store.record_payment(x, y, 20, seen=shown)
    assert caught.value.key == "ledger_changed" and caught.value.params["most"] == 40
    assert store.ledger_entries() == before
    store.record_payment(x, y, 20, seen=40)  # a payment from the figures as they are now


def test_settle_up_pays_every_balance_across_dynasties_in_the_fewest_payments(store):
    finished_dynasty(store, ("Anna", "Ben", "Carla"), seed=7)
    finished_dynasty(store, ("Carla", "Dora"), seed=2)
    plan = store.settle_up()
    assert 0 < len(plan) < len(store.open_debts())
    for payment in plan:  # following the plan is allowed and leaves nothing open
        store.record_payment(payment.debtor, payment.creditor, payment.amount.cents)
    assert store.open_debts() == [] and store.balances() == []


def test_two_histories_merged_by_id_replay_to_the_same_debts(new_db):
    # The same dynasty finished on two copies of one database (a backup restored on
    # another phone) gives the same settled entries; payments on each side stay apart.
    path, copy = new_db("phone"), new_db("tablet")
    with Store.open(path) as store:
        session = play_out(start(store, people(store, "Anna", "Ben", "Carla"), seed=7), seed=7,
                           stop_after_partien=1)
        backup = store.export_backup()
    with Store.open(copy) as store:
        store.import_backup(backup)
    histories = []
    for where, clock in ((path, lambda: 2e9), (copy, lambda: 2e9 + 60)):
        with Store.open(where, clock=clock) as store:
            [running] = store.unfinished_games()
            session = play_out(session.restore(store.load_game(running.id), saver=store), seed=7)
            debt = store.open_debts()[0]
            store.record_payment(debt.debtor, debt.creditor, 1)
            histories.append(store.ledger_entries())
    settled = [[e.uid for e in h if e.kind == SETTLED] for h in histories]
    assert settled[0] == settled[1]
    merged = {e.uid: e for h in histories for e in h}.values()
    in_order = sorted(merged, key=lambda e: (e.created_at, e.uid))
    shuffled = list(merged)
    random.Random(1).shuffle(shuffled)
    assert open_debts(in_order) == open_debts(sorted(shuffled, key=lambda e: (e.created_at, e.uid)))
    assert settle_up(in_order) == settle_up(reversed(in_order))


def test_a_version_2_database_with_data_is_upgraded_and_keeps_it(tmp_path):
    # SQLite only: a file an older Hofstaat wrote (PostgreSQL databases start at the current
    # version; upgrading one is refused).
    path = tmp_path / "hofstaat.db"
    raw = sqlite3.connect(path)
    raw.executescript(SCHEMA_SQL[2])
    raw.execute("INSERT INTO profiles VALUES (1, 'Anna', 'human', NULL, 0, 1.0)")
    raw.execute("INSERT INTO profiles VALUES (2, 'Ben', 'human', NULL, 0, 2.0)")
    raw.execute("INSERT INTO settings VALUES ('ui_language', '\"de\"')")
    raw.commit()
    raw.close()
    with Store.open(path) as store:
        assert store.upgraded_from == 2
        assert [p.name for p in store.list_profiles()] == ["Anna", "Ben"]
        assert store.get_setting("ui_language") == "de"
        assert store.dynasties() == [] and store.open_debts() == []
        finished_dynasty(store, ("Anna", "Ben"), seed=2)
        assert store.dynasties()[0].players == tuple(ids(store, "Anna", "Ben"))


def computer_seats(store, level="normal", count=3):
    """``count`` seats of one computer level, all playing for its one profile (as the app seats them)."""
    bot = store.create_profile(f"Computer ({level})", kind="bot", level=level)
    return [Seat(kind="bot", name=bot.name, profile_id=bot.id, level=level) for _ in range(count)]


def test_a_person_can_play_a_dynasty_for_money_against_three_seats_of_one_computer(store):
    seats = people(store, "Anna") + computer_seats(store)
    session = play_out(start(store, seats, stake_cents=10, partien=3, seed=4), seed=4)
    anna, bot = (store.get_profile(s.profile_id).uuid for s in seats[:2])
    [dynasty] = store.dynasties()
    assert dynasty.settled and dynasty.players == (anna, bot, bot, bot)
    # The computer's seats owe each other nothing: all that is left is Anna against it.
    anna_cents = session.state["balance"][0] * 10
    debts = store.open_debts()
    assert anna_cents != 0 and len(debts) == 1
    [debt] = debts
    assert {debt.debtor, debt.creditor} == {anna, bot} and debt.amount.cents == abs(anna_cents)
    assert (debt.creditor == anna) == (anna_cents > 0)


@pytest.mark.parametrize("case", ["only computers", "a person on a computer's seat",
                                  "a computer on a person's seat"])
def test_a_stake_needs_a_person_and_seats_that_match_their_profiles(store, case):
    anna, ben = people(store, "Anna", "Ben")
    bots = computer_seats(store, count=2)
    seats = {"only computers": bots,
             "a person on a computer's seat": [anna, Seat(kind="bot", name="Ben",
                                                         profile_id=ben.profile_id, level="easy")],
             "a computer on a person's seat": [anna, Seat(kind="human", name="Computer",
                                                         profile_id=bots[0].profile_id)]}[case]
    with pytest.raises(StoreError) as caught:
        start(store, seats)
    assert caught.value.key == "stake_needs_people"
    assert store.unfinished_games() == [] and store.dynasties() == []
