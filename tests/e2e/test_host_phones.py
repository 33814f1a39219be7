"""One table, many phones (issue 27), end to end: ``hofstaat host``, a Kings in the Corner round
started on the host with two seats for friends' phones, and two phones (browser contexts at
390×844, each its own browser storage) that join by the code and play the round through their
own tables, while the computer plays the third seat from the room.

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
import subprocess
import sys
import time
from pathlib import Path

import pytest
from faces import FaceFinder, Frames, states_between
from harness import PHONE, TABLET, App, foreign, retype
from playwright.sync_api import expect

from app.devtools.webserver import ROOT, free_port, wait_until_up, web_env
from core.games import kings_corner as kc
from core.games import registry
from core.session import GameSession

pytestmark = pytest.mark.e2e

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
TURN_S = 60  # seconds a turn may take to come round (the computer's, the redraws)


def doc_shot(app: App, name: str) -> None:
    """A screenshot for the docs once two pictures in a row agree (the canvas trails the semantics)."""
    app.settle(900)
    last = app.page.screenshot()
    for i in range(10):
        app.page.mouse.move(2 + i % 2, 5)
        app.settle(700)
        now = app.page.screenshot()
        if now == last:
            break
        last = now
    DOCS.mkdir(parents=True, exist_ok=True)
    (DOCS / f"{name}.png").write_bytes(last)
    app.shot(name, 0)


@pytest.fixture(scope="module")
def hosting_app(tmp_path_factory):
    """``hofstaat host`` with a fresh database: the app on 127.0.0.1, the guests' server on its own
    port (127.0.0.1 here: the test's phones are on this machine). Yields (app url, guests' url, db)."""
    tmp = tmp_path_factory.mktemp("hosting")
    db, log = tmp / "hofstaat.db", tmp / "server.log"
    port, guests = free_port(), free_port()
    env = web_env(port)
    env.pop("HOFSTAAT_DB", None)
    from core.store import Store

    store = Store.open(str(db))
    store.set_setting("ui_animation_speed", "fast")
    # The new-game form remembers its seats: the computer, and two friends' phones.
    store.set_setting("new_game.kings-corner", {"players": 3, "seats": ["bot:easy", "phone", "phone"],
                                                "options": {}, "extra": {}})
    store.close()
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "app", "host", "--guest-port", str(guests),
                                 "--guest-bind", "127.0.0.1", "--lan-address", "127.0.0.1",
                                 "--port", str(port), "--db", str(db)],
                                env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    wait_until_up(proc, url, log)
    yield url, f"http://127.0.0.1:{guests}", db, log
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


REQUESTS: list[str] = []  # every request and websocket of every device in this module
FRAMES: dict[str, list[Frames]] = {}  # each device's pages' websocket frames, by the device's name


def context(browser, size: dict, locale: str = "de-DE"):
    ctx = browser.new_context(viewport=size, locale=locale, device_scale_factor=1, has_touch=False)
    ctx.on("request", lambda r: REQUESTS.append(r.url))
    return ctx


def device(ctx, url: str, name: str, who: str | None = None) -> App:
    """A page in ``ctx``; ``who``: record its websocket frames under that name."""
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    page.on("websocket", lambda ws: REQUESTS.append(ws.url))
    if who is not None:
        FRAMES.setdefault(who, []).append(Frames(page))
    return App(page, url, name)


def leaked(who: str, hidden: set[str]) -> set[str]:
    """The faces of ``hidden`` found in any frame a device's pages received."""
    finder = FaceFinder(hidden)
    return set().union(*(finder.find(m) for f in FRAMES.get(who, []) for m in f.messages(0)))


def hidden_from(db: Path, game_id: int, seat: int | None) -> set[str]:
    """The faces ``seat`` (None: a stranger) might not see at any moment of the game."""
    from core.store import Store

    s = Store.open(str(db))
    try:
        record = s.load_game(game_id)
    finally:
        s.close()
    game = registry.get(record["game"])
    return set.intersection(*(game.face_down(st, seat) for st in states_between(record, 0)))


def saved(db: Path, game_id: int) -> GameSession:
    from core.store import Store

    s = Store.open(str(db))
    try:
        return GameSession.restore(s.load_game(game_id))
    finally:
        s.close()


def says(app: App, ident: str, text: str, seconds: float = 20) -> None:
    """A part of the screen says ``text`` (as its label, where Flutter merges its lines into one)."""
    node = app.by_id(ident)
    deadline = time.monotonic() + seconds
    while True:
        said = " ".join(filter(None, [node.get_attribute("aria-label"), node.inner_text()]))
        if text in said:
            return
        assert time.monotonic() < deadline, f"{ident} says {said!r}, not {text!r}"
        app.page.wait_for_timeout(200)


def join(phone: App, seat: int, name: str, code: str | None = None) -> None:
    """Fill the join form: the code (unless the link brought it), a seat, a name; then join."""
    expect(phone.by_id("guest-join")).to_be_visible(timeout=40_000)
    if code is not None:
        retype(phone.page.get_by_role("textbox", name="Code des Tisches"), code)
    phone.by_id(f"guest-seat-{seat + 1}").click()
    retype(phone.page.get_by_role("textbox", name="Dein Name"), name)
    phone.by_id("guest-join").click()


def at_table(phone: App, game: GameSession, seat: int) -> None:
    """The phone shows its seat's table: its own hand, card by card."""
    expect(phone.by_id("guest-table")).to_be_attached(timeout=40_000)
    for card in game.state["hands"][seat]:
        expect(phone.by_id(f"card-{card}")).to_be_attached(timeout=30_000)


def wait_moved(db: Path, game_id: int, moves: int) -> GameSession:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        s = saved(db, game_id)
        if len(s.actions) > moves:
            return s
        time.sleep(0.15)
    raise AssertionError(f"the move after {moves} was not saved")


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


def test_a_host_and_two_phones_play_a_kings_round_with_a_reload_a_reopened_tab_a_taken_seat_and_a_wrong_code(
        browser, hosting_app):
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
    assert "token" not in ben.page.url and "token" not in carla.page.url

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
    phones = {1: ben, 2: carla}
    turns = {1: 0, 2: 0}
    shot = False
    for _ in range(300):
        s = saved(db, game_id)
        if s.over:
            break
        seat = s.to_move
        if seat not in phones:
            time.sleep(0.3)  # the room plays the computer
            continue
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
                doc_shot(ben, "guest-table-phone")
                shot = True
    final = saved(db, game_id)
    assert final.over, "the round did not end"
    assert [s.name for s in final.seats][1:] == ["Ben", "Carla"]
    assert all(s.profile_id is not None for s in final.seats[1:])  # results are the people's
    # Every table shows the end.
    for app in (host, ben, carla):
        expect(app.page.get_by_text(re.compile("gewinnt|wins|gewonnen|won"))).to_be_visible(timeout=30_000)
    for ctx in (host_ctx, ben_ctx, carla_ctx):
        ctx.close()

    # Privacy: each phone's traffic held its own hand and nothing another seat hid, and the
    # stranger's nothing of the game at all. The finder is honest: each phone's own first hand
    # was found in its frames.
    for who, seat in (("Ben", 1), ("Carla", 2)):
        assert leaked(who, hidden_from(db, game_id, seat)) == set(), f"{who}'s phone saw hidden faces"
        assert leaked(who, set(game.state["hands"][seat])), f"{who}'s own hand is not in its frames"
    assert leaked("Eve", hidden_from(db, game_id, None)) == set()
    # Offline: every request of the host and of every phone went to this machine.
    assert any(u.startswith("ws://127.0.0.1") for u in REQUESTS)
    assert foreign(REQUESTS) == []
