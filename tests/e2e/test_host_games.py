"""One table, many phones (issue 27): Rosenkrieg and Thronfolge at hosted tables, played on
friends' phones. (Kings in the Corner, with the join screen's refusals, is in test_host_phones.)

A whole Rosenkrieg Partie at a hosted table with three friends' phones (browser contexts at 390×844) and the computer in the fourth seat, while the
host's tablet shows the table everyone watches. The host chose who plays on each phone and
played for a stake: the phones type no name, and the Partie's debts are the people's.

Each phone joins by the code and plays its seat by taps on its own table: it declares (the
first phone asked says "will" unless the computer already has, the others pass), the Potentat's phone lays two cards into the
Erbe, and every phone plays its cards trick by trick. One phone reloads in the middle and comes
back to its seat. Every websocket frame of every phone is recorded: none shows a face its seat
might not see at any moment of the Partie, and no device asks a host other than this machine.
The Partie is the game (one Partie), so its end is the result recorded on the host.

Thronfolge: two phones hold both seats and play the first moves of a game by taps (one closes
its tab and opens the table again; the undo of a phone whose move the other person is to answer
says why it cannot take it back; the host's app is killed and started again, and once the host
opens the game both phones are back at their tables by themselves); their frames are checked the
same way.
"""

from __future__ import annotations

import re
import time

import pytest
from harness import PHONE, TABLET, App, foreign
from hosted import devices  # noqa: F401  (the fixture that closes every device, see pytestmark)
from hosted import (REQUESTS, at_table, device, forget, hidden_from, hosting, leaked, phones_turns, restart_host,
                    saved, seat_phones, start_hosting, wait_moved)
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("devices")]

PHONES = {1: "Ben", 2: "Carla", 3: "Dora"}
TURN_S = 60  # seconds a turn may take to come round (the computer's, the tricks going to their winner)


@pytest.fixture(scope="module")
def hosting_rosenkrieg(tmp_path_factory):
    """The host, whose Rosenkrieg form remembers one Partie with the computer and the phones of
    Ben, Carla and Dora."""
    with hosting(tmp_path_factory.mktemp("hosting-rk"), "rosenkrieg",
                 {"players": 4, "seats": ["bot:easy", *(f"phone:{n}" for n in PHONES.values())],
                  "options": {"partien": 1}, "extra": {}}, people=tuple(PHONES.values())) as up:
        yield up


def turn_comes(phone: App, db, game_id: int, seat: int) -> None:
    """Until the phone's table says it is this seat's turn."""
    deadline = time.monotonic() + TURN_S
    while time.monotonic() < deadline:
        if "Du bist am Zug" in (phone.by_id("turn").text_content() or ""):
            return
        phone.page.wait_for_timeout(250)
    phone.shot(f"host-rk-stuck-{seat}", 0)
    raise AssertionError(f"seat {seat}'s phone never said it was its turn: {saved(db, game_id).actions[-3:]}")


def tap_until(phone: App, card: str, button: str, text: str) -> None:
    """Tap a hand card until the button under the hand offers ``text`` (a tap during the hand's
    glide after the last trick can land beside the card)."""
    for attempt in range(3):
        phone.by_id(f"card-{card}").click()
        try:
            expect(phone.by_id(button)).to_contain_text(text, timeout=6_000)
            return
        except AssertionError:
            if attempt == 2:
                raise
            phone.page.wait_for_timeout(600)


def play_seat(phone: App, db, game_id: int, seat: int, volunteered: list[int]) -> None:
    """The seat's move by taps: declare, lay two cards away, or play a card it may play."""
    turn_comes(phone, db, game_id, seat)
    s = saved(db, game_id)
    moves = len(s.actions)
    phase = s.state["phase"]
    if phase == "declare":
        phone.page.wait_for_timeout(500)  # "will" and "pass" sit side by side: tap once they have settled
        if not volunteered and True not in s.state["declarations"]:
            volunteered.append(seat)
            phone.by_id("declare-will").click()
        else:
            phone.by_id("declare-pass").click()
    elif phase == "lay":
        erbe = set(s.view(seat)["erbe_dealt"].split())
        keep = [c for c in s.view(seat)["hands"][seat] if c not in erbe]
        tap_until(phone, keep[0], "lay-confirm", "(1/2)")
        phone.by_id(f"card-{keep[1]}").click()
        expect(phone.by_id("lay-confirm")).to_contain_text("Ins Erbe legen")
        phone.by_id("lay-confirm").click()
    else:
        card = s.legal()[0].card
        tap_until(phone, card, "play", "spielen")
        phone.by_id("play").click()
    wait_moved(db, game_id, moves)


def test_a_host_and_three_phones_play_a_whole_rosenkrieg_partie(browser, hosting_rosenkrieg):
    forget()
    url, guests_url, db, _log = hosting_rosenkrieg
    host_ctx, host, game_id, code = start_hosting(browser, url, "rosenkrieg", TABLET, stake="0,10")
    # The join screen names the person each seat is kept for.
    expect(host.by_id("phone-seat-2")).to_have_accessible_name(re.compile("frei – für Ben"))
    game = saved(db, game_id)
    contexts, phones = seat_phones(browser, guests_url, code, db, game_id, PHONES, PHONE, kept=True)
    contexts.append(host_ctx)
    # Ben's table, open before Carla and Dora joined, names them.
    phones[1].shot("host-rk-names", 1500)
    for name in ("Carla", "Dora"):
        expect(phones[1].page.locator(f'[aria-label*="{name}"]').first).to_be_attached(timeout=20_000)
    host.by_id("to-table").click()
    expect(host.page).to_have_url(re.compile(rf"/play/{game_id}$"))

    volunteered: list[int] = []
    reloaded = False
    for s in phones_turns(db, game_id, phones, 200):
        seat = s.to_move
        if not reloaded and s.state["phase"] == "play" and len(s.state["tricks"]) >= 2:
            # Dora's phone reloads mid-Partie and comes back to her seat and the tricks as they stand.
            phones[3].open("/")
            expect(phones[3].by_id("guest-table")).to_be_attached(timeout=40_000)
            for card in saved(db, game_id).state["hands"][3]:
                expect(phones[3].by_id(f"card-{card}")).to_be_attached(timeout=30_000)
            reloaded = True
        play_seat(phones[seat], db, game_id, seat, volunteered)
    final = saved(db, game_id)
    assert final.over, "the Partie did not end"
    assert reloaded
    potentat = final.state["partien"][0]["potentat"]
    assert potentat in (volunteered or [0]) or final.state["partien"][0]["declarations"][0] is True
    assert [s.name for s in final.seats][1:] == list(PHONES.values())
    assert all(s.profile_id is not None for s in final.seats[1:])  # results are the people's
    # The stake's debts are the people's, recorded on the host as for a game on one device.
    from core.store import Store

    with Store.open(str(db)) as store:
        [dynasty] = store.dynasties()
        people = {p.uuid: p.name for p in store.list_profiles()}
        assert dynasty.game_id == game_id and dynasty.stake_cents == 10 and dynasty.settled
        assert [people.get(u) for u in dynasty.players[1:]] == list(PHONES.values())
        assert store.ledger_entries(), "the Partie's debts are not in the ledger"
    for app in [host, *phones.values()]:
        expect(app.page.get_by_text(re.compile("gewinnt|gewonnen|verloren")).first).to_be_visible(timeout=30_000)
    for ctx in contexts:
        ctx.close()

    for seat, name in PHONES.items():
        assert leaked(name, hidden_from(db, game_id, seat)) == set(), f"{name}'s phone saw hidden faces"
        assert leaked(name, set(game.state["hands"][seat])), f"{name}'s own hand is not in its frames"
    assert any(u.startswith("ws://127.0.0.1") for u in REQUESTS)
    assert foreign(REQUESTS) == []


@pytest.fixture(scope="module")
def hosting_thronfolge(tmp_path_factory):
    """The host, whose Thronfolge form remembers two seats for phones."""
    with hosting(tmp_path_factory.mktemp("hosting-tf"), "thronfolge",
                 {"players": 2, "seats": ["phone", "phone"], "options": {}, "extra": {}}) as up:
        yield up


def test_two_phones_play_thronfolge_and_see_only_their_own_hands(browser, hosting_thronfolge):
    forget()
    url, guests_url, db, log = hosting_thronfolge
    host_ctx, host, game_id, code = start_hosting(browser, url, "thronfolge", TABLET)
    names = {0: "Anna", 1: "Ben"}
    restarted = False
    game = saved(db, game_id)
    contexts, phones = seat_phones(browser, guests_url, code, db, game_id, names, PHONE)
    contexts.append(host_ctx)

    for ply in range(8):
        s = saved(db, game_id)
        if s.over:
            break
        seat = s.to_move
        phone = phones[seat]
        turn_comes(phone, db, game_id, seat)
        hand = s.view(seat)["hands"][seat]
        if hand:
            tap_until(phone, hand[0], "play", "Anlegen")
            phone.by_id(f"card-{hand[0]}").click()  # picked, then played
        else:
            phone.by_id("take").click()
            expect(phone.by_id("take-confirm")).to_be_visible()
            phone.by_id("take-confirm").click()
        wait_moved(db, game_id, len(s.actions))
        if ply == 0:
            # Anna's undo would take Ben's turn away: her phone says so instead of taking it back.
            undo = phones[0].by_id("undo")
            expect(undo).to_have_attribute("aria-label", re.compile("Nur den eigenen letzten Zug"))
            expect(undo.get_by_role("button")).to_be_disabled()
            expect(phones[0].by_id("rules")).to_be_visible()
        if ply == 3:
            # Ben closes his tab and opens the table again: his browser kept the seat.
            phones[1].page.close()
            phones[1] = device(contexts[1], guests_url, "phone", "Ben")
            phones[1].open("/")
            at_table(phones[1], saved(db, game_id), 1)
        if ply == 5:
            # The host's app dies and starts again: the game opened on the host is hosted again
            # with the same code, and both phones come back to their seats without a tap.
            restart_host(url, guests_url, db, log)
            host.open(f"/play/{game_id}")
            expect(host.by_id("phones")).to_be_visible(timeout=40_000)
            for seat in names:
                at_table(phones[seat], saved(db, game_id), seat)
            restarted = True
    assert restarted
    assert len(saved(db, game_id).actions) >= 8
    for ctx in contexts:
        ctx.close()

    for seat, name in names.items():
        assert leaked(name, hidden_from(db, game_id, seat)) == set(), f"{name}'s phone saw hidden faces"
        assert leaked(name, set(game.state["hands"][seat])), f"{name}'s own hand is not in its frames"
    assert foreign(REQUESTS) == []
