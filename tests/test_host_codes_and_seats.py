"""A hosted table's door (issue 27): join codes that cannot be guessed by trying, and
seats bound to a phone by a secret token that another phone cannot take over."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, strategies as st

from core.host import Gate, GateClosed, SeatBook, SeatError, new_code, normalise, spaced
from core.host.codes import ALPHABET, FIRST_WAIT, FREE_TRIES, LENGTH, MOST_WAIT, WINDOW


def wrong(code: str) -> str:
    return "".join(ALPHABET[(ALPHABET.index(c) + 1) % len(ALPHABET)] for c in code)


# --- join codes ------------------------------------------------------------------------------


def test_a_code_is_six_characters_without_look_alikes_and_reads_in_two_halves():
    codes = {new_code() for _ in range(500)}
    assert len(codes) > 495  # drawn from the system's randomness, not a counter
    assert all(re.fullmatch(f"[{ALPHABET}]{{{LENGTH}}}", c) for c in codes)
    assert not set("01OIL") & set(ALPHABET) and len(ALPHABET) ** LENGTH > 800_000_000
    assert spaced("ABC234") == "ABC 234"


@given(st.text(alphabet=ALPHABET, min_size=LENGTH, max_size=LENGTH),
       st.lists(st.sampled_from(" -"), max_size=3), st.booleans())
def test_a_code_typed_with_spaces_dashes_or_in_lower_case_is_the_code(code, gaps, lower):
    typed = code[:3] + "".join(gaps) + code[3:]
    assert normalise(typed.lower() if lower else typed) == code


def test_the_right_code_opens_the_gate_and_a_wrong_one_does_not():
    gate = Gate("ABC234")
    assert gate.check("phone-1", "abc 234", now=0.0)
    assert not gate.check("phone-1", "ABC235", now=1.0)
    assert not gate.check("phone-1", "", now=2.0)


def test_too_many_wrong_codes_make_that_client_wait_longer_each_time_and_no_one_else():
    gate = Gate("ABC234")
    for i in range(FREE_TRIES):
        assert not gate.check("guesser", wrong("ABC234"), now=float(i))
    assert not gate.check("guesser", wrong("ABC234"), now=5.0)  # one too many: the gate closes
    with pytest.raises(GateClosed) as closed:
        gate.check("guesser", "ABC234", now=6.0)  # even the right code is not compared now
    assert closed.value.wait == pytest.approx(FIRST_WAIT - 1)
    assert gate.check("friend", "ABC234", now=6.0)  # another phone is not held up
    waits = []
    now = 5.0 + FIRST_WAIT
    for _ in range(8):  # every further wrong code after a wait doubles the next wait
        assert not gate.check("guesser", wrong("ABC234"), now=now)
        with pytest.raises(GateClosed) as closed:
            gate.check("guesser", "ABC234", now=now)
        waits.append(closed.value.wait)
        now += closed.value.wait
    assert waits[:4] == [FIRST_WAIT * 2, FIRST_WAIT * 4, FIRST_WAIT * 8, FIRST_WAIT * 16]
    assert max(waits) == MOST_WAIT
    # Slow guessing, spread beyond the window, is never held up, but also never right.
    slow = Gate("ABC234")
    for i in range(3 * FREE_TRIES):
        assert not slow.check("slow", wrong("ABC234"), now=i * (WINDOW / FREE_TRIES + 1))


def test_a_closed_table_is_opened_by_no_code():
    gate = Gate("ABC234")
    gate.close()
    assert not gate.check("phone", "ABC234", now=0.0)


# --- seats -----------------------------------------------------------------------------------


def test_a_phone_takes_a_free_seat_and_comes_back_to_it_with_its_token():
    book = SeatBook([1, 2, 3])
    token = book.take(2, "  Ben  ", now=10.0)
    assert len(token) >= 43 and book.free() == [1, 3]
    assert book.holders()[2].name == "Ben" and book.holders()[2].connected
    book.gone(2, now=20.0)
    assert not book.holders()[2].connected and book.holders()[2].last_seen == 20.0
    assert book.come_back(token, now=30.0) == 2  # a reload, a new tab, a phone that slept
    assert book.holders()[2].connected and book.holders()[2].last_seen == 30.0
    assert book.come_back("not-a-token", now=31.0) is None and book.come_back(None, 31.0) is None
    assert book.come_back(token[:-1], now=31.0) is None


def test_a_held_seat_cannot_be_taken_and_only_the_host_hands_it_over():
    book = SeatBook([1, 2])
    first = book.take(1, "Ben", now=0.0)
    with pytest.raises(SeatError) as taken:
        book.take(1, "Mallory", now=1.0)
    assert taken.value.key == "seat_taken"
    request = book.ask(1, "Ben's tablet")
    assert book.collect(request, now=2.0) is None  # the host has not agreed
    assert book.asks() == [(1, "Ben's tablet")]
    assert book.come_back(first, now=3.0) == 1  # the first phone still holds it
    assert book.agree(1)
    seat, second = book.collect(request, now=4.0)
    assert seat == 1 and book.come_back(second, now=5.0) == 1
    assert book.come_back(first, now=5.0) is None  # the old token opens nothing now
    assert book.collect(request, now=6.0) is None  # a request is collected once
    assert book.asks() == [] and not book.agree(1)


def test_the_host_frees_a_seat_or_closes_it_for_the_computer():
    book = SeatBook([1, 2])
    token = book.take(1, "Ben", now=0.0)
    book.release(1)
    assert book.come_back(token, now=1.0) is None and book.free() == [1, 2]
    token = book.take(2, "Carla", now=2.0)
    request = book.ask(2, "Dora")
    book.close(2)  # the computer plays seat 2 from now on
    assert book.come_back(token, now=3.0) is None and book.free() == [1] and book.asks() == []
    assert not book.agree(2) and book.collect(request, now=4.0) is None
    with pytest.raises(SeatError) as closed:
        book.take(2, "Carla", now=5.0)
    assert closed.value.key == "seat_unknown"


@pytest.mark.parametrize("call, key", [
    (lambda b: b.take(0, "Anna", now=0.0), "seat_unknown"),  # the host's own seat
    (lambda b: b.take(1, "   ", now=0.0), "name_missing"),
    (lambda b: b.ask(2, "Ben"), "seat_free"),
    (lambda b: b.ask(7, "Ben"), "seat_unknown"),
])
def test_a_seat_asked_for_wrongly_says_why_and_changes_nothing(call, key):
    book = SeatBook([1, 2])
    with pytest.raises(SeatError) as refused:
        call(book)
    assert refused.value.key == key
    assert book.free() == [1, 2] and book.holders() == {} and book.asks() == []


def test_a_long_name_is_kept_short_and_tokens_differ_for_every_seat():
    book = SeatBook([1, 2, 3])
    tokens = {book.take(s, "x" * 100, now=0.0) for s in (1, 2, 3)}
    assert len(tokens) == 3 and {len(h.name) for h in book.holders().values()} == {40}
    assert sorted(book.come_back(t, now=1.0) for t in tokens) == [1, 2, 3]


# --- a hosted table --------------------------------------------------------------------------


def kings_for_three():
    from core.session import GameSession, Seat

    seats = [Seat("human", "Anna", 1), Seat("human", "Ben", 2), Seat("human", "Carla", 3)]
    return GameSession.start("kings-corner", seats, seed=5)


def test_a_phone_joins_with_the_code_and_acts_and_reads_only_as_its_seat():
    from core.errors import IllegalAction
    from core.host.room import Room

    session = kings_for_three()
    room = Room(session, [1, 2], code="ABC234")
    with pytest.raises(SeatError) as wrong_code:
        room.join("10.0.0.7", "ABC235", 1, "Ben", now=0.0)
    assert wrong_code.value.key == "code_wrong" and room.seats.free() == [1, 2]
    ben = room.join("10.0.0.7", "abc-234", 1, "Ben", now=1.0)
    carla = room.join("10.0.0.8", "ABC234", 2, "Carla", now=2.0)
    assert room.view(ben) == session.view(1) and room.view(carla) == session.view(2)
    with pytest.raises(SeatError) as nobody:
        room.view("forged")
    assert nobody.value.key == "not_seated"
    # Turns: a phone plays only for its own seat, and only when that seat is to move.
    while not session.over:
        mover = session.to_move
        action = session.legal()[0]
        if mover == 0:
            for token in (ben, carla):
                with pytest.raises(IllegalAction):
                    room.act(token, action)
            session.apply(action)  # the host's own seat, on the host's device
            continue
        own, other = (ben, carla) if mover == 1 else (carla, ben)
        before = list(session.actions)
        with pytest.raises(IllegalAction):
            room.act(other, action)
        assert session.actions == before  # refused: nothing changed
        room.act(own, action)
    # The game is over: its code opens nothing any more.
    with pytest.raises(SeatError) as closed:
        room.join("10.0.0.9", "ABC234", 1, "Dora", now=3.0)
    assert closed.value.key == "table_closed"


def test_only_people_s_seats_can_be_hosted_for_phones():
    from core.host.room import Room
    from core.session import GameSession, Seat

    session = GameSession.start("kings-corner", [Seat("human", "Anna", 1),
                                                 Seat("bot", "Computer", 2, "normal")], seed=1)
    with pytest.raises(SeatError):
        Room(session, [1])
    with pytest.raises(SeatError):
        Room(session, [])


def test_a_seat_kept_for_a_person_is_taken_as_that_person_whatever_the_phone_types():
    """A stake needs to know who owes whom from the start: a phone's seat given to a person on
    the host is played by whichever phone takes it, as that person."""
    from core.host.room import Room
    from core.session import GameSession, Seat

    seats = [Seat("human", "Anna", 1), Seat("human", "Ben", 2), Seat("human", "Handy 3")]
    session = GameSession.start("rosenkrieg", seats, seed=3)
    room = Room(session, [1, 2], code="ABC234")
    assert room.seats.kept == {1: "Ben"}  # seat 2 is anyone's: no person yet
    ben = room.join("10.0.0.7", "ABC234", 1, "", now=0.0)  # no name needed
    assert room.seats.holders()[1].name == "Ben"
    with pytest.raises(SeatError) as unnamed:
        room.join("10.0.0.8", "ABC234", 2, " ", now=1.0)
    assert unnamed.value.key == "name_missing"
    room.join("10.0.0.8", "ABC234", 2, "Dora", now=2.0)
    assert room.seats.holders()[2].name == "Dora"
    # Ben's new phone asks for his seat: the host sees Ben asking, and the seat stays Ben's.
    request = room.ask("10.0.0.9", "ABC234", 1, "", now=3.0)
    assert room.seats.asks() == [(1, "Ben")]
    assert room.seats.agree(1)
    seat, token = room.seats.collect(request, now=4.0)
    assert seat == 1 and room.seats.holders()[1].name == "Ben"
    assert room.seats.seat_of(ben) is None and room.seats.seat_of(token) == 1
    # A phone that types another name still plays as the seat's person.
    room.seats.release(1)
    room.join("10.0.0.9", "ABC234", 1, "Mallory", now=5.0)
    assert room.seats.holders()[1].name == "Ben"


def test_a_room_written_down_comes_back_with_its_code_and_its_phones_seats_never_their_tokens():
    """The host's app may stop (a call, a flat battery): its room is kept as plain data, and the
    phones' tokens open their seats again once it is restored."""
    import json

    from core.host.room import Room

    session = kings_for_three()
    room = Room(session, [1, 2], code="ABC234")
    ben = room.join("10.0.0.7", "ABC234", 1, "Ben", now=0.0)
    record = json.loads(json.dumps(room.record()))  # as the settings keep it
    assert record["code"] == "ABC234" and record["open"] == [1, 2] and ben not in json.dumps(record)
    again = Room.restored(session, record, now=5.0)
    assert again.code == "ABC234" and again.seats.free() == [2]
    holder = again.seats.holders()[1]
    assert (holder.name, holder.connected) == ("Ben", False)
    assert again.seats.come_back(ben, now=6.0) == 1 and again.seats.holders()[1].connected
    assert again.view(ben) == session.view(1)
    # A seat the computer took meanwhile is no phone's any more.
    from core.session import Seat

    session.seats[2] = Seat("bot", "Computer", None, "normal")
    without = Room.restored(session, record, now=8.0)
    assert without.seats.free() == [] and without.seats.seat_of(ben) == 1
    with pytest.raises(SeatError) as computer_s:
        without.seats.take(2, "Carla", now=9.0)
    assert computer_s.value.key == "seat_unknown"
    for bad in ({"code": "ABC234"}, {"code": "ABC234", "open": ["x"]},
                {"code": "ABC234", "open": [1], "held": {"1": {"digest": "zz", "name": "Ben"}}},
                {"code": "ABC234", "open": [1], "held": {"1": {"digest": "ab" * 8, "name": "Ben"}}},
                {"code": "ABC234", "open": [1], "held": ["not", "a", "map"]}):
        with pytest.raises(SeatError) as refused:
            Room.restored(session, bad, now=7.0)
        assert refused.value.key == "record_bad"
