"""What the browser tests of hosting share: ``hofstaat host`` started on a fresh database, devices
(browser contexts and pages) whose requests and websocket frames are recorded, the join form, and
reading the host's saved game.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time
from pathlib import Path

from faces import FaceFinder, Frames, states_between
from harness import App, retype
from playwright.sync_api import expect

from app.devtools.webserver import ROOT, free_port, wait_until_up, web_env
from core.games import registry
from core.session import GameSession

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


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


REQUESTS: list[str] = []  # every request and websocket of every device since ``forget``
FRAMES: dict[str, list[Frames]] = {}  # each device's pages' websocket frames, by the device's name


def forget() -> None:
    """A new test: no device's requests or frames yet."""
    REQUESTS.clear()
    FRAMES.clear()


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


@contextlib.contextmanager
def hosting(tmp: Path, game: str, remembered: dict):
    """``hofstaat host`` with a fresh database in ``tmp``: the app on 127.0.0.1, the guests' server
    on its own port (127.0.0.1 here: the test's phones are on this machine), the new-game form of
    ``game`` remembering ``remembered`` (its seats: "phone" for a friend's phone). Yields (app url,
    guests' url, db, server log)."""
    db, log = tmp / "hofstaat.db", tmp / "server.log"
    port, guests = free_port(), free_port()
    env = web_env(port)
    env.pop("HOFSTAAT_DB", None)
    from core.store import Store

    store = Store.open(str(db))
    store.set_setting("ui_animation_speed", "fast")
    store.set_setting(f"new_game.{game}", remembered)
    store.close()
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "app", "host", "--guest-port", str(guests),
                                 "--guest-bind", "127.0.0.1", "--lan-address", "127.0.0.1",
                                 "--port", str(port), "--db", str(db)],
                                env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    wait_until_up(proc, url, log)
    try:
        yield url, f"http://127.0.0.1:{guests}", db, log
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
