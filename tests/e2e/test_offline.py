"""Nothing leaves 127.0.0.1: every request of a page load and of a game goes to the app itself.

Flet's web client asks a public CDN for Rive's ``rive_native.js`` on every load, even
with no-CDN (FLET-NOTES section 6); the app's page (``assets/index.html``) sends that
request to a local stand-in instead. A fresh browser context per test, so the page
load is a real one with an empty cache.
"""

from __future__ import annotations

import pytest
from harness import PHONE, App, foreign
from playwright.sync_api import expect

from core.session import GameSession, Seat

pytestmark = pytest.mark.e2e

def test_the_foreign_url_filter_keeps_only_other_hosts():
    urls = ["http://127.0.0.1:8550/main.dart.js", "ws://localhost:1/ws", "data:text/plain,x",
            "https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/wasm/rive_native.js"]
    assert foreign(urls) == [urls[-1]]


def test_a_page_load_and_a_game_ask_no_host_but_the_app(browser, app_server, store):
    url, _db = app_server
    session = GameSession.start("thronfolge", [Seat("human", "Ida"), Seat("bot", "Computer", level="easy")],
                                seed=3, saver=store)
    card = session.view(0)["hands"][0][0]
    ctx = browser.new_context(viewport=PHONE, locale="de-DE", device_scale_factor=1)
    requests: list[str] = []
    ctx.on("request", lambda r: requests.append(r.url))
    page = ctx.new_page()
    page.on("websocket", lambda ws: requests.append(ws.url))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(15_000)
    try:
        app = App(page, url, "phone")
        app.open(f"/play/{session.game_id}")
        expect(app.by_id("turn")).to_contain_text("Du bist am Zug", timeout=40_000)
        app.by_id(f"card-{card}").click()
        expect(app.by_id("play")).to_contain_text("Anlegen")
        app.by_id(f"card-{card}").click()  # picked, then played: the computer answers
        expect(page.get_by_text("Zug 2", exact=True)).to_be_visible(timeout=20_000)
        page.wait_for_timeout(2_000)  # late requests (fonts, pictures, Rive) have been made
    finally:
        ctx.close()
    assert errors == []
    assert any(u.startswith("ws://127.0.0.1") for u in requests), requests  # the app was reached
    assert any(u.endswith("main.dart.js") or u.endswith("main.dart.wasm") for u in requests)
    assert foreign(requests) == []
    # The client did ask for Rive's runtime, and got the local stand-in.
    assert any(u.endswith("/rive/rive_native.js") for u in requests), requests
