"""Two writers at once, on each engine: exactly one of two saves of one game, or of two payments
of one debt, is written; the other is refused and told, as if they had come one after the other.
On PostgreSQL the database stops one of two conflicting transactions and the store starts it
over; on SQLite writers wait for each other."""

from __future__ import annotations

import multiprocessing
import threading

import pytest
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from core.session import GameSession, Seat
from core.store import Store, StoreError
from core.store.transactions import CONFLICT_RETRIES
from ledger_games import finished_dynasty
from tests import store_racer

PAUSE = 2.0  # the longest the first writer waits for the second (SQLite: the second waits on it)


def hot_seat(store: Store) -> GameSession:
    anna, ben = store.create_profile("Anna"), store.create_profile("Ben")
    return GameSession.start("thronfolge", [Seat("human", "Anna", anna.id),
                                            Seat("human", "Ben", ben.id)], seed=4, saver=store)


def pause_before(store: Store, statement: str, until: threading.Event,
                 held: threading.Event) -> list[str]:
    """Hold ``store``'s first ``statement`` (after the transaction has read what it checks)
    until ``until`` is set, or PAUSE seconds, setting ``held`` as the hold begins; returns the
    statements seen, for the test."""
    seen: list[str] = []

    @event.listens_for(store._engine, "before_cursor_execute")
    def hold(_conn, _cursor, sql, *_args):
        seen.append(sql)
        if sql.lstrip().upper().startswith(statement) and sum(
                s.lstrip().upper().startswith(statement) for s in seen) == 1:
            held.set()
            until.wait(PAUSE)

    return seen


def race(first, second, paused: Store, statement: str):
    """Run ``first`` (held at ``statement`` in ``paused``) and ``second`` at once; the outcome of
    each: "ok" or the StoreError's key."""
    second_done, first_held = threading.Event(), threading.Event()
    pause_before(paused, statement, second_done, first_held)
    outcome: dict[str, str] = {}

    def run(name, work, then=None):
        try:
            work()
            outcome[name] = "ok"
        except StoreError as exc:
            outcome[name] = exc.key
        finally:
            if then:
                then.set()

    a = threading.Thread(target=run, args=("first", first))
    a.start()
    # The second starts only once the first is inside its transaction: otherwise a slow thread
    # start lets the second write first and the engines' orders below are not what is tested.
    assert first_held.wait(30)
    run("second", second, second_done)
    a.join()
    return outcome["first"], outcome["second"]


@pytest.fixture
def two(new_db):
    """Two stores on one database, as two processes would open it."""
    location = new_db("shared")
    first, second = Store.open(location), Store.open(location)
    yield first, second
    first.close()
    second.close()


def test_two_saves_of_one_game_at_once_write_exactly_one_and_refuse_the_other(two, engine_name):
    a_store, b_store = two
    a = hot_seat(a_store)
    b = GameSession.restore(b_store.load_game(a.game_id), saver=b_store)
    a_move, b_move = str(a.legal()[0]), str(b.legal()[-1])
    assert a_move != b_move
    outcome = race(lambda: a.apply(a_move), lambda: b.apply(b_move), a_store, "UPDATE GAMES")
    assert sorted(outcome) == ["game_stale", "ok"]
    # PostgreSQL lets the second writer through and starts the held one over, which then finds
    # its copy stale; SQLite makes the second writer wait for the held one.
    winner = {"postgresql": ("second", b_move), "sqlite": ("first", a_move)}[engine_name]
    assert outcome[0 if winner[0] == "first" else 1] == "ok"
    saved = a_store.load_game(a.game_id)
    assert saved["actions"] == [winner[1]] and saved["revision"] == 2


def test_two_payments_of_one_debt_at_once_pay_it_once(two):
    a_store, b_store = two
    finished_dynasty(a_store)
    debt = max(a_store.open_debts(), key=lambda d: d.amount.cents)
    cents = a_store.payable(debt.debtor, debt.creditor).cents
    assert cents > 0

    def pay(store):
        return lambda: store.record_payment(debt.debtor, debt.creditor, cents, seen=cents)

    outcome = race(pay(a_store), pay(b_store), a_store, "INSERT INTO LEDGER_ENTRIES")
    assert sorted(outcome) == ["ledger_changed", "ok"]
    payments = [e for e in b_store.ledger_entries() if e.kind == "payment"]
    assert [p.amount.cents for p in payments] == [cents]
    assert b_store.payable(debt.debtor, debt.creditor).cents == 0


def test_moves_from_two_processes_on_one_game_are_each_kept_or_refused_none_lost(new_db):
    location = new_db("shared")
    with Store.open(location) as store:
        game = hot_seat(store)
        game_id, first = game.game_id, game.revision
    context = multiprocessing.get_context("spawn")
    start, out = context.Barrier(2), context.Queue()
    racers = [context.Process(target=store_racer.play_moves, args=(location, game_id, 12, start, out))
              for _ in range(2)]
    for racer in racers:
        racer.start()
    reports = [out.get(timeout=120) for _ in racers]
    for racer in racers:
        racer.join(30)
        assert racer.exitcode == 0
    with Store.open(location) as store:
        saved = store.load_game(game_id)
    acknowledged = [ack for acks, _refused in reports for ack in acks]
    # Every acknowledged save is in the saved game, at the revision it was acknowledged at:
    # no move was lost, and no two saves took one revision.
    assert sorted(revision for revision, _ in acknowledged) \
        == list(range(first + 1, saved["revision"] + 1))
    for revision, actions in acknowledged:
        assert saved["actions"][:len(actions)] == actions
    assert len(saved["actions"]) == saved["revision"] - first == 24


def test_payments_from_two_processes_at_once_pay_a_debt_once(new_db):
    location = new_db("shared")
    with Store.open(location) as store:
        finished_dynasty(store)
        debt = max(store.open_debts(), key=lambda d: d.amount.cents)
        cents = store.payable(debt.debtor, debt.creditor).cents
    context = multiprocessing.get_context("spawn")
    start, out = context.Barrier(2), context.Queue()
    args = (location, debt.debtor, debt.creditor, cents, start, out)
    racers = [context.Process(target=store_racer.pay, args=args) for _ in range(2)]
    for racer in racers:
        racer.start()
    outcomes = sorted(out.get(timeout=120) for _ in racers)
    for racer in racers:
        racer.join(30)
    assert outcomes == ["ledger_changed", "paid"]
    with Store.open(location) as store:
        assert [e.amount.cents for e in store.ledger_entries() if e.kind == "payment"] == [cents]


class _SerializationFailure(Exception):
    sqlstate = "40001"


def test_a_write_that_keeps_losing_is_refused_as_busy_after_its_retries(new_db):
    with Store.open(new_db()) as store:
        tries = []

        def always_conflicting(s):
            tries.append(1)
            raise OperationalError("COMMIT", {}, _SerializationFailure())

        with pytest.raises(StoreError) as refused:
            store._write(always_conflicting)
        assert refused.value.key == "db_busy"
        assert len(tries) == CONFLICT_RETRIES
        # a conflict that clears is simply run again
        tries.clear()

        def conflicting_once(s):
            tries.append(1)
            if len(tries) == 1:
                raise OperationalError("COMMIT", {}, _SerializationFailure())
            return "written"

        assert store._write(conflicting_once) == "written" and len(tries) == 2


@pytest.mark.parametrize("opener", ["store", "directory"])
def test_processes_that_open_a_new_database_at_once_all_open_it(new_db, opener):
    """Server processes started together on an empty database (or a circle's store opened for
    the first time by two of them): each opens it, the tables are made once."""
    from argon2 import PasswordHasher

    from core.server.directory import Directory
    from core.server.passwords import Passwords

    location = new_db("fresh")
    cheap = Passwords(PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
    start = threading.Barrier(4)
    opened, failed = [], []

    def open_it():
        start.wait()
        try:
            opened.append(Store.open(location) if opener == "store"
                          else Directory.open(location, passwords=cheap))
        except Exception as exc:
            failed.append(exc)

    racers = [threading.Thread(target=open_it) for _ in range(4)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(60)
    for each in opened:
        each.close()
    assert failed == [] and len(opened) == 4
