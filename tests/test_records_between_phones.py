"""Records between phones: the same merged records show the same debts, ratings and games.

Each test is one of the cases found when phones were tried as friends use them (issue
"Records that agree on every phone"): separate databases, backups swapped with
``export_backup`` / ``import_backup``, games played and paid through ``GameSession`` and
the ``Store``.
"""

import json

import pytest

from backup_data import Clock, finish, record, seat
from ledger_games import people, play_out, start

from core.ledger import dynasty_debts
from core.store import Store, StoreError


@pytest.fixture
def phone(new_db):
    """``phone(name, start_at)``: a phone's own store, a new database on this test's engine
    (each test runs on SQLite and on PostgreSQL); every one is closed after the test."""
    opened = []

    def open_phone(name, start_at=1_000.0):
        opened.append(Store.open(new_db(name), clock=Clock(start_at)))
        return opened[-1]

    yield open_phone
    for store in opened:
        store.close()


def swap(*phones):
    """Every phone imports every other's backup, then once more (the last ones seen)."""
    for _ in range(2):
        for a in phones:
            for b in phones:
                if a is not b:
                    b.import_backup(a.export_backup())


def by_uuid(store):
    return {p.uuid: p.name for p in store.list_profiles(include_archived=True)}


def named(store, debts):
    names = by_uuid(store)
    return [(names[d.debtor], names[d.creditor], d.amount) for d in debts]


def ledger_view(store):
    """Everything the Ledger screen shows, by name: open debts, the plan, balances, history."""
    names = by_uuid(store)
    histories = {}
    for d in store.open_debts():
        histories[(names[d.debtor], names[d.creditor])] = [
            (line.entry.uid, line.change, line.open_after)
            for line in store.debt_history(d.debtor, d.creditor)]
    return (named(store, store.open_debts()), named(store, store.settle_up()),
            [(names[b.person], b.amount) for b in store.balances()], histories)


def profile_id(store, name):
    return next(p.id for p in store.list_profiles(include_archived=True) if p.name == name)


def uuid_of(store, name):
    return next(p.uuid for p in store.list_profiles(include_archived=True) if p.name == name)


# --- 1: the same history, the same debts ------------------------------------------------------


def test_case_1_the_same_merged_history_shows_the_same_debts_on_phones_with_other_local_ids(
        phone):
    a, b = phone("a"), phone("b", 5_000.0)
    for name in ("Anna", "Ben", "Carla"):
        a.create_profile(name)
    b.create_profile("Dora")  # so the two phones number their profiles differently
    swap(a, b)
    assert profile_id(a, "Anna") != profile_id(b, "Anna")
    anna, ben, carla, dora = (uuid_of(a, n) for n in ("Anna", "Ben", "Carla", "Dora"))
    for debtor, creditor in ((anna, ben), (anna, dora), (ben, carla), (dora, carla)):
        a.record_correction(debtor, creditor, 1000, note="Runde")
    swap(a, b)
    b.record_payment(anna, carla, 1000)  # a settle-up payment: it follows a chain of debts
    swap(a, b)
    assert ledger_view(a) == ledger_view(b)
    debts = named(a, a.open_debts())
    assert len(debts) == 2 and sum(d[2].cents for d in debts) == 2000
    a.close()
    b.close()


# --- 2: ratings after a merge -----------------------------------------------------------------


def ratings(store):
    names = by_uuid(store)
    out = {}
    for p in store.list_profiles(include_archived=True):
        out[names[p.uuid]] = (store.player_record(p.id).get("thronfolge"),
                              store.rating_history(p.id, "thronfolge"))
    for name, (rec, history) in out.items():
        for point in history:
            point.pop("game_id")  # a local row id
    return out


def play_finished(store, seed, way=0):
    anna, ben = (next(p for p in store.list_profiles() if p.name == n) for n in ("Anna", "Ben"))
    return store.save_game(finish(record([seat("Anna", anna), seat("Ben", ben)], seed=seed),
                                  way=way))


def test_case_2_ratings_agree_after_a_merge_when_one_phone_s_clock_runs_ten_minutes_ahead(
        phone):
    a, b = phone("a", 1_600.0), phone("b", 1_000.0)  # a is 600 s ahead
    a.create_profile("Anna")
    a.create_profile("Ben")
    swap(a, b)
    play_finished(a, seed=1)              # ends at a's 1600-odd
    b.import_backup(a.export_backup())
    play_finished(b, seed=2, way=1)       # ends at b's 1000-odd: before a's game, by the clocks
    play_finished(b, seed=3, way=2)
    swap(a, b)
    assert ratings(a) == ratings(b)
    assert ratings(a)["Anna"][0]["games"] == 3


def test_case_2_games_that_end_in_the_same_second_count_in_the_order_of_their_global_ids(
        phone):
    a, b = phone("a"), phone("b")  # both clocks read the same seconds
    a.create_profile("Anna")
    a.create_profile("Ben")
    swap(a, b)
    b.create_profile("Zoe")  # b's next game gets another local id than a's
    for n in range(3):
        play_finished(a, seed=10 + n, way=n)
        play_finished(b, seed=20 + n, way=n + 1)
    swap(a, b)
    assert ratings(a) == ratings(b)
    assert ratings(a)["Ben"][0]["games"] == 6


# --- 3 and 4: one dynasty on two phones ------------------------------------------------------


def dynasty_on_two_phones(phone):
    a, b = phone("a"), phone("b", 5_000.0)
    session = play_out(start(a, people(a, "Anna", "Ben"), stake_cents=10, partien=2, seed=5),
                       seed=5, stop_after_partien=1)
    b.import_backup(a.export_backup())
    [copy] = b.unfinished_games()
    return a, b, session, session.restore(b.load_game(copy.id), saver=b)


def test_case_3_the_same_dynasty_settled_on_two_phones_is_owed_once(phone):
    a, b, on_a, on_b = dynasty_on_two_phones(phone)
    play_out(on_a, seed=6)
    play_out(on_b, seed=6)  # the same moves on the other phone
    assert on_a.actions == on_b.actions
    alone = named(a, a.open_debts())
    assert alone == named(b, b.open_debts()) != []
    swap(a, b)
    assert named(a, a.open_debts()) == named(b, b.open_debts()) == alone
    assert ledger_view(a) == ledger_view(b)


def test_case_4_a_dynasty_finished_differently_on_two_phones_is_a_fork_and_one_version_counts(
        phone):
    a, b, on_a, on_b = dynasty_on_two_phones(phone)
    play_out(on_a, seed=6)   # ends first (a's clock reads 1000-odd, b's 5000-odd)
    play_out(on_b, seed=1)
    assert on_a.actions != on_b.actions
    swap(a, b)  # never blocked, in either direction
    [dyn] = a.dynasties()
    first = dynasty_debts(list(dyn.players), a.dynasty_partien(dyn.id), 10, "EUR")
    assert a.open_debts() == b.open_debts() == first  # the version that ended first, once
    versions = a.game_versions(on_a.game_id)
    assert [(v.counts, v.over, v.ply) for v in versions][0] == (True, True, len(on_a.actions))
    assert len(versions) == 2 and versions[1].ply == len(on_b.actions)
    assert a.game_summary(on_a.game_id).forks == 1
    assert json.loads(a.export_backup()) == json.loads(b.export_backup())
    # Later changes still travel, and choosing the other version moves the debts everywhere.
    b.choose_version(on_b.game_id, b.game_versions(on_b.game_id)[1].fork_id)
    swap(a, b)
    assert a.open_debts() == b.open_debts() != first
    debt = a.open_debts()[0]
    a.record_payment(debt.debtor, debt.creditor, 1)
    swap(a, b)
    assert ledger_view(a) == ledger_view(b)


def test_case_4_a_running_version_cannot_replace_a_finished_one_that_counts(phone):
    a, b, on_a, on_b = dynasty_on_two_phones(phone)
    play_out(on_a, seed=6)
    on_b.apply(on_b.legal()[-1])
    swap(a, b)
    [counted, fork] = a.game_versions(on_a.game_id)
    assert counted.over and not fork.over
    with pytest.raises(StoreError) as caught:
        a.choose_version(on_a.game_id, fork.fork_id)
    assert caught.value.key == "version_running"


# --- 8: one person under two profiles ----------------------------------------------------------


def test_case_8_two_profiles_of_one_person_can_be_merged_and_the_merge_travels(phone):
    a, b, c = phone("a"), phone("b", 3_000.0), phone("c", 5_000.0)
    for store in (a, c):  # Anna and Ben were added on two phones, each on its own
        store.create_profile("Anna")
        store.create_profile("Ben")
    anna_a, ben_a, anna_c, ben_c = (uuid_of(a, "Anna"), uuid_of(a, "Ben"), uuid_of(c, "Anna"),
                                    uuid_of(c, "Ben"))
    a.record_correction(anna_a, ben_a, 500)
    c.record_correction(anna_c, ben_c, 300)
    swap(a, b, c)
    assert sorted(p.name for p in b.list_profiles()) == ["Anna", "Anna", "Ben", "Ben"]
    assert len(b.open_debts()) == 2  # two "Anna owes Ben" nobody could tell apart before
    twins = {}
    for name in ("Anna", "Ben"):
        older, newer = sorted((p for p in b.list_profiles() if p.name == name),
                              key=lambda p: p.created_at)
        twins[name] = b.merge_profiles(newer.id, older.id)
    swap(a, b, c)
    for store in (a, b, c):
        assert sorted(p.name for p in store.list_profiles()) == ["Anna", "Ben"]
        assert named(store, store.open_debts()) == [("Anna", "Ben", named(b, b.open_debts())[0][2])]
        assert store.open_debts()[0].amount.cents == 800
    assert ledger_view(a) == ledger_view(b) == ledger_view(c)
    on_a = {p.id: p.uuid for p in a.list_profiles(include_archived=True)}
    merged_away = [p for p in a.list_profiles(include_archived=True) if p.merged_into]
    assert sorted(on_a[p.merged_into] for p in merged_away) == sorted(
        t.uuid for t in twins.values())


def test_case_8_merges_of_two_phones_that_cross_end_at_the_same_person(phone):
    a, b = phone("a"), phone("b", 3_000.0)
    a.create_profile("Anna")
    b.create_profile("Anna")
    swap(a, b)
    first, second = sorted(a.list_profiles(), key=lambda p: p.uuid)
    a.merge_profiles(first.id, second.id)  # on a: first is second
    b.merge_profiles(profile_id_of(b, second.uuid), profile_id_of(b, first.uuid))  # the other way
    swap(a, b)
    assert [p.uuid for p in a.list_profiles()] == [p.uuid for p in b.list_profiles()]
    assert len(a.list_profiles()) == 1


def profile_id_of(store, uuid):
    return next(p.id for p in store.list_profiles(include_archived=True) if p.uuid == uuid)


def test_case_8_a_computer_or_the_same_person_cannot_be_merged(phone):
    with phone("a") as a:
        anna = a.create_profile("Anna")
        bot = a.create_profile("Computer", "bot", "easy")
        for source, target, key in ((anna.id, bot.id, "merge_bot"), (anna.id, anna.id,
                                                                     "same_profile")):
            with pytest.raises(StoreError) as caught:
                a.merge_profiles(source, target)
            assert caught.value.key == key


def test_merges_resolve_chains_and_circles_to_one_end_each():
    from core.store.merges import edges, resolve

    assert resolve({"a": "b", "b": "c"}) == {"a": "c", "b": "c"}
    assert resolve({"a": "b", "b": "a"}) == {"b": "a"}  # a circle ends at its smallest
    assert resolve({"c": "b", "a": "b", "b": "a"}) == {"b": "a", "c": "a"}
    chain = {f"{k:05}": f"{k + 1:05}" for k in range(10_000)}
    assert set(resolve(chain).values()) == {"10000"}
    # each profile follows its earliest merge (by time, then id)
    assert edges([("m2", "a", "c", 5.0), ("m1", "a", "b", 5.0), ("m3", "a", "d", 1.0)]) == {"a": "d"}
