"""The server's directory on both engines: accounts and passwords, sign-in that slows down after
wrong passwords, sessions that expire, circles that strangers cannot see, invitations by code,
and a store of its own for each circle."""

from __future__ import annotations

import threading

import pytest
from argon2 import PasswordHasher
from sqlalchemy import MetaData, create_engine, select

from core.server.directory import DAY, SESSION_DAYS, Directory, fold
from core.server.throttle import AT_LOGIN, FROM_ADDRESS, HOUR
from core.server.passwords import STRONG, Passwords
from core.store import Store, StoreError
from core.store.location import target_of

CHEAP = Passwords(PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
SECRET = "correct horse battery"


class Clock:
    def __init__(self, now=1_000_000.0):
        self.now = now

    def __call__(self):
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def place(new_db):
    return new_db("server")


@pytest.fixture
def directory(place, clock):
    with Directory.open(place, passwords=CHEAP, clock=clock) as d:
        yield d


def refused(call, *args):
    with pytest.raises(StoreError) as caught:
        call(*args)
    return caught.value


def every_value(location):
    """Every value in every table of the database, as text."""
    engine = create_engine(target_of(location).url)
    meta = MetaData()
    meta.reflect(engine)
    with engine.connect() as conn:
        found = [str(v) for table in meta.sorted_tables for row in conn.execute(select(table))
                 for v in row]
    engine.dispose()
    return found


def test_an_account_signs_in_with_its_password_and_the_session_names_it(directory, place):
    anna = directory.register("Anna", "Anna Berg", SECRET)
    assert (anna.login, anna.name) == ("anna", "Anna Berg")
    signed = directory.sign_in(" ANNA ", SECRET)
    assert signed.account == anna
    assert directory.account_of(signed.token) == anna
    stored = every_value(place)
    assert SECRET not in " ".join(stored) and signed.token not in stored
    assert any(v.startswith("$argon2id$") for v in stored)


def test_a_login_name_is_taken_once_whatever_its_case_and_bad_input_is_refused(directory):
    directory.register("anna", "Anna", SECRET)
    assert refused(directory.register, "ANNA", "Other", SECRET).key == "login_taken"
    assert refused(directory.register, "a b", "X", SECRET).key == "login_invalid"
    assert refused(directory.register, "ab", "X", SECRET).key == "login_invalid"
    assert refused(directory.register, "bert", "", SECRET).key == "account_name_invalid"
    anna = directory.register("anna2", "Anna", SECRET)
    assert refused(directory.create_circle, anna.id, " ").key == "circle_name_invalid"
    assert refused(directory.register, "bert", "Bert", "short").key == "password_weak"
    assert fold("Ｂｅｒｔ") == "bert"  # full-width letters are the same name


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(directory):
    directory.register("anna", "Anna", SECRET)
    wrong = refused(directory.sign_in, "anna", "not the password")
    unknown = refused(directory.sign_in, "nobody", SECRET)
    assert wrong.key == unknown.key == "sign_in_failed"
    assert str(wrong) == str(unknown)


def test_ten_wrong_passwords_make_further_tries_wait_even_with_the_right_one(directory, clock):
    directory.register("anna", "Anna", SECRET)
    waits = []
    for _ in range(10):
        waits.append(refused(directory.sign_in, "anna", "guess").params["wait"])
        clock.now += waits[-1]  # the guesser waits exactly as long as told
    assert waits[:AT_LOGIN.free] == [0.0] * AT_LOGIN.free
    assert waits[AT_LOGIN.free:] == sorted(waits[AT_LOGIN.free:]) and waits[-1] == AT_LOGIN.wait_after(10) > 30
    clock.now -= 1  # one second before the last wait ends
    blocked = refused(directory.sign_in, "anna", SECRET)
    assert blocked.key == "sign_in_wait" and blocked.params["wait"] == pytest.approx(1.0)
    clock.now += 1
    assert directory.sign_in("anna", SECRET).account.login == "anna"
    # a right password starts the count afresh
    assert refused(directory.sign_in, "anna", "guess").params["wait"] == 0.0


def test_wrong_passwords_count_on_every_server_process(place, clock):
    with Directory.open(place, passwords=CHEAP, clock=clock) as one, \
            Directory.open(place, passwords=CHEAP, clock=clock) as other:
        one.register("anna", "Anna", SECRET)
        for i in range(AT_LOGIN.free + 2):
            refused((one, other)[i % 2].sign_in, "anna", "guess")
        assert refused(one.sign_in, "anna", SECRET).key == "sign_in_wait"
        assert refused(other.sign_in, "anna", SECRET).key == "sign_in_wait"


def test_guesses_at_many_names_from_one_address_make_that_address_wait(directory, clock):
    directory.register("anna", "Anna", SECRET)
    guesser, home = "203.0.113.5", "198.51.100.7"
    # One wrong password at each of many names: no name's own count ever makes it wait.
    waits = [refused(directory.sign_in, f"name{i}", "guess", guesser).params["wait"]
             for i in range(FROM_ADDRESS.free + 1)]
    assert waits == [0.0] * FROM_ADDRESS.free + [FROM_ADDRESS.wait_after(FROM_ADDRESS.free + 1)]
    blocked = refused(directory.sign_in, "anna", SECRET, guesser)
    assert blocked.key == "sign_in_wait" and blocked.params["wait"] == pytest.approx(waits[-1])
    # Anna from her own address, or from one not known, is not slowed by the guesser.
    assert directory.sign_in("anna", SECRET, home).account.login == "anna"
    assert directory.sign_in("anna", SECRET).account.login == "anna"
    # A right password from the guesser's address does not clear its count...
    clock.now += waits[-1]
    directory.sign_in("anna", SECRET, guesser)
    again = refused(directory.sign_in, "someone", "guess", guesser).params["wait"]
    assert again == FROM_ADDRESS.wait_after(FROM_ADDRESS.free + 2) > waits[-1]
    # ...an hour without a wrong password does.
    clock.now += again + HOUR + 1
    assert refused(directory.sign_in, "someone", "guess", guesser).params["wait"] == 0.0


def test_no_login_name_typed_reaches_an_address_count(directory):
    directory.register("anna", "Anna", SECRET)
    address = "203.0.113.5"
    for name in (f"ADDRESS {address}", f"address {address}", f" Address {address} "):
        for _ in range(AT_LOGIN.free + 2):
            refused(directory.sign_in, name, "guess", "198.51.100.7")
    assert directory.sign_in("anna", SECRET, address).account.login == "anna"


def test_the_keeper_sets_a_new_password_for_a_member_who_forgot_theirs(directory):
    directory.register("anna", "Anna", SECRET)
    phone = directory.sign_in("anna", SECRET)
    for _ in range(AT_LOGIN.free + 1):
        refused(directory.sign_in, "anna", "what was it again")
    assert directory.set_password(" ANNA ", "a brand new secret").login == "anna"
    # Her devices sign in again, with the new one at once (her wrong tries are forgotten).
    assert refused(directory.account_of, phone.token).key == "session_expired"
    assert refused(directory.sign_in, "anna", SECRET).key == "sign_in_failed"
    assert directory.sign_in("anna", "a brand new secret").account.name == "Anna"
    assert refused(directory.set_password, "nobody", "a brand new secret").key == "account_unknown"
    assert refused(directory.set_password, "anna", "short").key == "password_weak"
    assert directory.sign_in("anna", "a brand new secret").account.login == "anna"


def test_a_member_changes_their_password_and_their_other_sessions_end(directory):
    directory.register("anna", "Anna", SECRET)
    here, phone = directory.sign_in("anna", SECRET), directory.sign_in("anna", SECRET)
    assert refused(directory.change_password, here.token, "not it", "a brand new secret").key \
        == "password_wrong"
    assert refused(directory.change_password, here.token, SECRET, "short").key == "password_weak"
    assert directory.account_of(phone.token).login == "anna"  # refusals changed nothing
    directory.change_password(here.token, SECRET, "a brand new secret")
    assert directory.account_of(here.token).login == "anna"  # this session goes on
    assert refused(directory.account_of, phone.token).key == "session_expired"
    assert refused(directory.sign_in, "anna", SECRET).key == "sign_in_failed"
    assert directory.sign_in("anna", "a brand new secret").account.login == "anna"
    assert refused(directory.change_password, phone.token, "a brand new secret", SECRET).key \
        == "session_expired"


def test_wrong_old_passwords_slow_a_change_as_they_slow_a_sign_in(directory):
    directory.register("anna", "Anna", SECRET)
    token = directory.sign_in("anna", SECRET).token
    for _ in range(AT_LOGIN.free + 1):
        refused(directory.change_password, token, "guess", "a brand new secret", "203.0.113.5")
    assert refused(directory.change_password, token, SECRET, "a brand new secret").key \
        == "sign_in_wait"
    assert refused(directory.sign_in, "anna", SECRET).key == "sign_in_wait"


def test_a_session_ends_when_signed_out_or_after_its_days(directory, clock):
    directory.register("anna", "Anna", SECRET)
    first, second = directory.sign_in("anna", SECRET), directory.sign_in("anna", SECRET)
    directory.sign_out(first.token)
    assert refused(directory.account_of, first.token).key == "session_expired"
    assert directory.account_of(second.token).login == "anna"
    clock.now += SESSION_DAYS * DAY
    assert refused(directory.account_of, second.token).key == "session_expired"
    assert refused(directory.account_of, "made-up").key == "session_expired"


def test_a_stranger_gets_nothing_of_a_circle_and_the_same_answer_as_for_none(directory):
    anna = directory.register("anna", "Anna", SECRET)
    eve = directory.register("eve", "Eve", SECRET)
    club = directory.create_circle(anna.id, "Stammtisch")
    assert directory.circles_of(eve.id) == []
    for call in (directory.circle, directory.members, directory.invite, directory.circle_location):
        stranger, missing = refused(call, eve.id, club.id), refused(call, eve.id, club.id + 99)
        assert stranger.key == missing.key == "circle_unknown"
        assert str(stranger) == str(missing)


def test_an_invitation_lets_one_person_join_once_within_its_week(directory, clock):
    anna = directory.register("anna", "Anna", SECRET)
    ben, carla = (directory.register(n, n.title(), SECRET) for n in ("ben", "carla"))
    club = directory.create_circle(anna.id, "Stammtisch")
    invitation = directory.invite(anna.id, club.id)
    typed = f"{invitation.code[:4]}-{invitation.code[4:].lower()}"  # as read out and typed
    assert directory.join(ben.id, typed).id == club.id
    assert [(m.name, m.role) for m in directory.members(ben.id, club.id)] == [
        ("Anna", "owner"), ("Ben", "member")]
    used = refused(directory.join, carla.id, invitation.code)
    wrong = refused(directory.join, carla.id, "ABCDEFGH")
    later = directory.invite(ben.id, club.id)
    assert refused(directory.join, ben.id, later.code).key == "circle_member"
    clock.now += 7 * DAY
    expired = refused(directory.join, carla.id, later.code)
    assert used.key == wrong.key == expired.key == "invitation_invalid"
    assert str(used) == str(wrong) == str(expired)
    assert directory.circles_of(carla.id) == []


def test_two_people_using_one_invitation_at_once_let_exactly_one_in(place, clock):
    with Directory.open(place, passwords=CHEAP, clock=clock) as a, \
            Directory.open(place, passwords=CHEAP, clock=clock) as b:
        owner = a.register("anna", "Anna", SECRET)
        ben, carla = a.register("ben", "Ben", SECRET), a.register("carla", "Carla", SECRET)
        club = a.create_circle(owner.id, "Stammtisch")
        code = a.invite(owner.id, club.id).code
        outcome = {}

        def join(directory, account):
            try:
                directory.join(account.id, code)
                outcome[account.login] = "joined"
            except StoreError as exc:
                outcome[account.login] = exc.key

        racers = [threading.Thread(target=join, args=(d, p)) for d, p in ((a, ben), (b, carla))]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join()
        assert sorted(outcome.values()) == ["invitation_invalid", "joined"]
        assert len(a.members(owner.id, club.id)) == 2


def test_each_circle_keeps_its_records_in_a_store_of_its_own(directory):
    anna = directory.register("anna", "Anna", SECRET)
    club, family = (directory.create_circle(anna.id, n) for n in ("Stammtisch", "Familie"))
    with Store.open(directory.circle_location(anna.id, club.id)) as store:
        store.create_profile("Anna")
        store.create_profile("Ben")
    with Store.open(directory.circle_location(anna.id, family.id)) as store:
        assert store.list_profiles() == []
        store.create_profile("Oma")
    with Store.open(directory.circle_location(anna.id, club.id)) as store:
        assert [p.name for p in store.list_profiles()] == ["Anna", "Ben"]


def test_a_password_hashed_with_weaker_settings_is_hashed_again_at_sign_in(place, clock):
    with Directory.open(place, passwords=CHEAP, clock=clock) as old:
        old.register("anna", "Anna", SECRET)
    assert not any(v.startswith("$argon2id$v=19$m=65536") for v in every_value(place))
    with Directory.open(place, passwords=Passwords(STRONG), clock=clock) as today:
        today.sign_in("anna", SECRET)
        assert any(v.startswith("$argon2id$v=19$m=65536") for v in every_value(place))
        assert today.sign_in("anna", SECRET).account.login == "anna"


def test_a_member_s_settings_follow_their_account_and_no_one_else_s(directory):
    # The server's web client keeps a member's language, theme and guides seen per account:
    # a browser signed in later reads them, another member does not.
    from core.server.account_settings import MOST_BYTES, AccountSettings

    anna = directory.register("anna", "Anna", SECRET)
    ben = directory.register("ben", "Ben", SECRET)
    first = AccountSettings(directory.transactions, anna.id)
    first.set_setting("ui.language", "en")
    first.set_setting("guides.seen", ["thronfolge"])
    first.set_setting("ui.theme", "dark")
    first.delete_setting("ui.theme")
    again = AccountSettings(directory.transactions, anna.id)
    assert again.get_setting("ui.language") == "en" and again.get_setting("guides.seen") == ["thronfolge"]
    assert again.get_setting("ui.theme", "system") == "system"
    again.set_setting("ui.language", "de")
    assert AccountSettings(directory.transactions, anna.id).get_setting("ui.language") == "de"
    assert AccountSettings(directory.transactions, ben.id).get_setting("ui.language") is None
    for key, value in (("", "x"), ("k\x00", "x"), ("k", float("nan")), ("k", object()),
                       ("k", "x" * MOST_BYTES), ("k", "\ud800")):
        assert refused(again.set_setting, key, value).key == "bad_setting"
    assert AccountSettings(directory.transactions, anna.id).get_setting("k") is None
