"""One table, many phones (issue 27), end to end: ``hofstaat host``, a Kings in the Corner round
started on the host with three seats for friends' phones, and three phones (browser contexts at
390×844, each its own browser storage) that join by the code and play the round through their
own tables, while the host's tablet shows the table everyone watches.

On the way: a wrong join code and a second phone trying a taken seat each say so in one line
(and the second phone asks the host, who sees the request); one phone reloads in the middle
and the other closes its tab and opens the table again, and both come back to their seats.
The result is the host's: the finished game in the host's database names the phones' people.
Every websocket frame of every phone is recorded: none shows a face its seat might not see at
any moment of the round (the stranger's: none of the game's hidden faces), and no device asks
a host other than this machine.
Screenshots: docs/screenshots/host-join-{phone,tablet}.png and guest-table-phone.png.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from harness import PHONE, TABLET, App, foreign, retype
from hosted import devices  # noqa: F401  (the fixture that closes every device, see pytestmark)
from hosted import (REQUESTS, at_table, context, device, doc_shot, forget, hidden_from, hosting, join,
                    leaked, phones_turns, saved, says, wait_moved)
from playwright.sync_api import expect

from core.games import kings_corner as kc

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("devices")]

TURN_S = 60  # seconds a turn may take to come round (the computer's, the redraws)


@pytest.fixture(scope="module")
def hosting_app(tmp_path_factory):
    """The host, whose Kings form remembers its seats: three friends' phones."""
    with hosting(tmp_path_factory.mktemp("hosting"), "kings-corner",
                 {"players": 3, "seats": ["phone", "phone", "phone"], "options": {}, "extra": {}}) as up:
        yield up


def pick(phone: App, card: str, pile, lit: str) -> None:
    """Tap a hand card until the pile it goes on lights up.

    A long hand overlaps, each card over the right part of the one before: the tap goes to the
    card's left edge, once the hand has glided into place after the last play (a tap during the
    glide can land on the card beside it, which lights other piles; the next tap picks this one)."""
    for attempt in range(3):
        phone.page.wait_for_timeout(500)
        phone.by_id(f"card-{card}").click(position={"x": 6, "y": 30})
        try:
            expect(pile).to_contain_text(lit, timeout=6_000)
            return
        except AssertionError:
            if attempt == 2:
                raise


WORDS = {"de": ("Du bist am Zug", "hierhin legen"), "en": ("Your turn", "put it here")}


def play_turn(phone: App, db: Path, game_id: int, seat: int, lang: str = "de") -> None:
    """One turn of a phone's person, by taps on its own table: draw, play every card that fits, end."""
    your_turn, lit = WORDS[lang]
    expect(phone.by_id("turn")).to_contain_text(your_turn, timeout=TURN_S * 1000)
    s = saved(db, game_id)
    if s.state["phase"] == "draw":
        phone.by_id("draw").click()
        s = wait_moved(db, game_id, len(s.actions))
    for _ in range(20):
        if s.over or s.to_move != seat:
            return
        plays = kc.card_plays(s.state["piles"], s.state["hands"][seat])
        if not plays:
            break
        card, pos = plays[0]
        pick(phone, card, phone.by_id(f"pile-{pos}"), lit)
        phone.by_id(f"pile-{pos}").click()
        s = wait_moved(db, game_id, len(s.actions))
        expect(phone.by_id(f"card-{card}")).to_have_count(0)  # drawn anew before the next tap
    if not s.over and s.to_move == seat:
        expect(phone.by_id("end-turn")).to_be_visible()
        phone.by_id("end-turn").click()
        try:
            wait_moved(db, game_id, len(s.actions))
        except AssertionError:
            phone.shot(f"host-phones-stuck-{seat}", 0)
            raise


def test_a_host_and_three_phones_play_a_kings_round_with_a_reload_a_reopened_tab_a_taken_seat_and_a_wrong_code(
        browser, hosting_app):
    forget()
    url, guests_url, db, log = hosting_app
    host_ctx = context(browser, TABLET)
    host = device(host_ctx, url, "tablet")
    host.open("/new/kings-corner")
    start = host.by_id("start-game")
    expect(start).to_be_visible(timeout=40_000)
    start.click()
    expect(host.page).to_have_url(re.compile(r"/host/\d+$"), timeout=30_000)
    game_id = int(host.page.url.rsplit("/", 1)[1])
    expect(host.by_id("join-code")).to_be_visible(timeout=20_000)
    label = host.by_id("join-code").get_attribute("aria-label") or host.by_id("join-code").inner_text()
    code = re.search(r"([A-Z2-9]{3}) ([A-Z2-9]{3})", label).group(0)
    expect(host.by_id("join-url").get_by_role("textbox", name=guests_url + "/")).to_be_attached()

    # A wrong code says so in one line and seats nobody.
    stranger_ctx = context(browser, PHONE)
    stranger = device(stranger_ctx, guests_url, "phone", "Eve")
    stranger.open("/")
    join(stranger, 1, "Eve", code="ZZZ 999" if code != "ZZZ 999" else "YYY 888")
    expect(stranger.by_id("guest-problem")).to_contain_text("Dieser Code passt nicht zu diesem Tisch.")

    # Ben comes by the QR code's link (the code filled in), Carla types it.
    ben_ctx, carla_ctx = context(browser, PHONE), context(browser, PHONE, "en-US")
    ben, carla = device(ben_ctx, guests_url, "phone", "Ben"), device(carla_ctx, guests_url, "phone", "Carla")
    ben.open(f"/?code={code.replace(' ', '')}")
    join(ben, 1, "Ben")
    game = saved(db, game_id)
    at_table(ben, game, 1)
    carla.open("/")
    expect(carla.by_id("guest-join")).to_be_visible(timeout=40_000)
    retype(carla.page.get_by_role("textbox", name="The table's code"), code)
    carla.by_id("guest-seat-3").click()
    retype(carla.page.get_by_role("textbox", name="Your name"), "Carla")
    carla.by_id("guest-join").click()
    at_table(carla, game, 2)
    dora_ctx = context(browser, PHONE)
    dora = device(dora_ctx, guests_url, "phone", "Dora")
    dora.open(f"/?code={code.replace(' ', '')}")
    join(dora, 0, "Dora")
    at_table(dora, game, 0)
    assert "token" not in ben.page.url and "token" not in carla.page.url and "token" not in dora.page.url

    # A second phone tries Ben's seat: it is told, and may ask the host, who sees the request.
    retype(stranger.page.get_by_role("textbox", name="Code des Tisches"), code)
    stranger.by_id("guest-seat-2").click()
    stranger.by_id("guest-join").click()
    expect(stranger.by_id("guest-problem")).to_contain_text("Diesen Platz hat schon ein anderes Handy")
    stranger.by_id("guest-ask").click()
    expect(stranger.by_id("guest-asked")).to_be_visible()
    says(host, "phone-seat-2", "Ben · verbunden")
    says(host, "phone-seat-2", "Eve möchte diesen Platz übernehmen.")
    says(host, "phone-seat-3", "Carla · verbunden")
    doc_shot(host, "host-join-tablet")
    host_phone_ctx = context(browser, PHONE)
    host_phone = device(host_phone_ctx, url, "phone")
    host_phone.open(f"/host/{game_id}")
    expect(host_phone.by_id("join-code")).to_be_visible(timeout=40_000)
    doc_shot(host_phone, "host-join-phone")
    host_phone_ctx.close()
    stranger_ctx.close()

    # The host's device shows the table everyone watches; the phones play their seats.
    host.by_id("to-table").click()
    expect(host.page).to_have_url(re.compile(rf"/play/{game_id}$"))
    phones = {0: dora, 1: ben, 2: carla}
    turns = {0: 0, 1: 0, 2: 0}
    shot = False
    for s in phones_turns(db, game_id, phones, 300):
        seat = s.to_move
        play_turn(phones[seat], db, game_id, seat, "en" if seat == 2 else "de")  # Carla's page is English
        turns[seat] += 1
        if turns[1] == 2 and seat == 1:
            # Ben's phone reloads mid-game and comes back to his seat and the game as it stands.
            ben.open("/")
            at_table(ben, saved(db, game_id), 1)
        if turns[2] == 2 and seat == 2:
            # Carla closes her tab and opens the table again: her browser kept the seat.
            carla.page.close()
            carla = phones[2] = device(carla_ctx, guests_url, "phone", "Carla")
            carla.open("/")
            at_table(carla, saved(db, game_id), 2)
        if not shot and seat == 1 and turns[1] == 3:
            nxt = saved(db, game_id)
            if not nxt.over:
                if nxt.to_move == 2:  # Carla's turn: Ben's undo would take it away
                    expect(ben.by_id("undo").get_by_role("button")).to_be_disabled()
                doc_shot(ben, "guest-table-phone")
                shot = True
    final = saved(db, game_id)
    assert final.over, "the round did not end"
    assert [s.name for s in final.seats] == ["Dora", "Ben", "Carla"]
    assert all(s.profile_id is not None for s in final.seats)  # results are the people's
    # Every table shows the end.
    for app in (host, dora, ben, carla):
        expect(app.page.get_by_text(re.compile("gewinnt|wins|gewonnen|won"))).to_be_visible(timeout=30_000)
    for ctx in (host_ctx, dora_ctx, ben_ctx, carla_ctx):
        ctx.close()

    # Privacy: each phone's traffic held its own hand and nothing another seat hid, and the
    # stranger's nothing of the game at all. The finder is honest: each phone's own first hand
    # was found in its frames.
    for who, seat in (("Dora", 0), ("Ben", 1), ("Carla", 2)):
        assert leaked(who, hidden_from(db, game_id, seat)) == set(), f"{who}'s phone saw hidden faces"
        assert leaked(who, set(game.state["hands"][seat])), f"{who}'s own hand is not in its frames"
    assert leaked("Eve", hidden_from(db, game_id, None)) == set()
    # Offline: every request of the host and of every phone went to this machine.
    assert any(u.startswith("ws://127.0.0.1") for u in REQUESTS)
    assert foreign(REQUESTS) == []
