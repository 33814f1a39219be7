"""What the browser tests of hosting share: ``hofstaat host`` started on a fresh database, devices
(browser contexts and pages) whose requests and websocket frames are recorded, the join form, and
reading the host's saved game.
"""

from __future__ import annotations

import contextlib
import re
import time
from pathlib import Path
from typing import Any

import pytest
from faces import FaceFinder, Frames, states_between
import harness
from harness import App, into_view, retype
from playwright.sync_api import expect

from app.devtools.webserver import spawn_host, stop_server
from core.games import registry
from core.session import GameSession

def doc_shot(app: App, name: str) -> None:
    """A screenshot for the docs (see ``harness.doc_shot``), also kept with the test's artifacts."""
    harness.doc_shot(app, name, wiggle_at=5)
    app.shot(name, 0)


REQUESTS: list[str] = []  # every request and websocket of every device since ``forget``
FRAMES: dict[str, list[Frames]] = {}  # each device's pages' websocket frames, by the device's name


CONTEXTS: list[Any] = []  # every browser context made by ``context``, closed by ``devices``


def forget() -> None:
    """A new test: no device's requests or frames yet."""
    REQUESTS.clear()
    FRAMES.clear()


@pytest.fixture
def devices():
    """Closes every device a test opened, also when it fails: a page left open goes on drawing
    and slows every test after it."""
    yield
    while CONTEXTS:
        try:
            CONTEXTS.pop().close()
        except Exception:  # closed already
            pass


def context(browser, size: dict, locale: str = "de-DE"):
    ctx = browser.new_context(viewport=size, locale=locale, device_scale_factor=1, has_touch=False)
    ctx.on("request", lambda r: REQUESTS.append(r.url))
    CONTEXTS.append(ctx)
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


def join(phone: App, seat: int, name: str | None, code: str | None = None) -> None:
    """Fill the join form: the code (unless the link brought it), a seat, a name (None: a seat
    kept for its person, which asks for none); then join."""
    expect(phone.by_id("guest-join")).to_be_visible(timeout=40_000)
    if code is not None:
        retype(phone.page.get_by_role("textbox", name="Code des Tisches"), code)
    phone.by_id(f"guest-seat-{seat + 1}").click()
    if name is None:
        expect(phone.by_id(f"guest-seat-{seat + 1}")).to_contain_text("für")
        expect(phone.by_id("guest-name")).to_have_count(0)
    else:
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


def phones_turns(db: Path, game_id: int, phones: dict[int, Any], most: int):
    """The saved game each time a phone's seat is to move (the room plays the computer
    meanwhile), until the game is over or ``most`` turns have come."""
    for _ in range(most):
        s = saved(db, game_id)
        if s.over:
            return
        if s.to_move not in phones:
            time.sleep(0.3)
            continue
        yield s


def start_hosting(browser, url: str, game: str, size: dict, stake: str | None = None) -> tuple[Any, App, int, str]:
    """The host's device starts ``game`` from its remembered form, with ``stake`` per point typed
    if given: its context, page, the game's id and its join code ("ABC 234")."""
    ctx = context(browser, size)
    host = device(ctx, url, "tablet")
    host.open(f"/new/{game}")
    expect(host.by_id("start-game")).to_be_visible(timeout=40_000)
    host.settle(800)
    if stake is not None:
        amount = host.by_id("stake-amount").get_by_role("textbox")
        into_view(host, amount)
        retype(amount, stake)
        expect(host.by_id("stake-summary")).to_contain_text(f"Um Geld: {stake}")
    host.by_id("start-game").click()
    expect(host.page).to_have_url(re.compile(r"/host/\d+$"), timeout=30_000)
    game_id = int(host.page.url.rsplit("/", 1)[1])
    label = host.by_id("join-code").get_attribute("aria-label") or host.by_id("join-code").inner_text()
    return ctx, host, game_id, re.search(r"([A-Z2-9]{3}) ([A-Z2-9]{3})", label).group(0)


def seat_phones(browser, guests_url: str, code: str, db: Path, game_id: int, names: dict[int, str],
                size: dict, kept: bool = False) -> tuple[list[Any], dict[int, App]]:
    """A phone per seat in ``names`` joins by the link with the code and shows its table; their
    contexts and pages (by seat), each recording its frames under its person's name. ``kept``:
    the host chose each seat's person, so the phones pick their seats and type no name."""
    contexts, phones = [], {}
    game = saved(db, game_id)
    for seat, name in names.items():
        ctx = context(browser, size)
        contexts.append(ctx)
        phones[seat] = device(ctx, guests_url, "phone", name)
        phones[seat].open(f"/?code={code.replace(' ', '')}")
        join(phones[seat], seat, None if kept else name)
        if kept:
            expect(phones[seat].page.get_by_text(name, exact=False).first).to_be_attached(timeout=30_000)
        at_table(phones[seat], game, seat)
    return contexts, phones


@contextlib.contextmanager
def hosting(tmp: Path, game: str, remembered: dict, people: tuple[str, ...] = ()):
    """``hofstaat host`` with a fresh database in ``tmp``: the app on 127.0.0.1, the guests' server
    on its own port (127.0.0.1 here: the test's phones are on this machine), the new-game form of
    ``game`` remembering ``remembered`` (its seats: "phone" for a friend's phone, "phone:Ben" for
    the phone of ``people``'s Ben, who is made first). Yields (app url, guests' url, db, server log)."""
    db, log = tmp / "hofstaat.db", tmp / "server.log"
    from core.store import Store

    store = Store.open(str(db))
    ids = {name: store.create_profile(name).id for name in people}
    remembered = {**remembered, "seats": [f"phone:{ids[c[6:]]}" if c[6:] in ids else c
                                          for c in remembered["seats"]]}
    store.set_setting("ui_animation_speed", "fast")
    store.set_setting(f"new_game.{game}", remembered)
    store.close()
    proc, url, guests_url = spawn_host(db, log)
    _running[url] = proc
    try:
        yield url, guests_url, db, log
    finally:
        stop_server(_running.pop(url))


_running: dict[str, Any] = {}  # the host's app url -> its process (a new one after a restart)


def restart_host(url: str, guests_url: str, db: Path, log: Path) -> None:
    """The host's app is killed (as a flat battery would stop it) and started again on the same
    ports with the same database."""
    old = _running[url]
    old.kill()
    old.wait(10)
    ports = (int(url.rsplit(":", 1)[1]), int(guests_url.rstrip("/").rsplit(":", 1)[1]))
    _running[url] = spawn_host(db, log.with_name("server-again.log"), ports)[0]
