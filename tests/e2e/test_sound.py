"""A sound really plays in the web client: switching "Töne abspielen" on plays a sample to its end.

The browser's own media element is watched from outside the app: an init script wraps
``HTMLMediaElement.prototype.play`` (which audioplayers' web player calls) and notes each
source, whether the browser refused it and whether it played to its ``ended`` event.
The click is a real user gesture, so no autoplay flag is needed: this is what a person gets.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from app.feedback import SOUNDS
from harness import PHONE, App

pytestmark = pytest.mark.e2e

WATCH_PLAYS = """
window.__plays = [];
const play = HTMLMediaElement.prototype.play;
HTMLMediaElement.prototype.play = function () {
  const seen = {src: this.currentSrc || this.src, ended: false, refused: null};
  window.__plays.push(seen);
  this.addEventListener("ended", () => { seen.ended = true; }, {once: true});
  const started = play.apply(this, arguments);
  if (started && started.catch) started.catch((e) => { seen.refused = String(e); });
  return started;
};
"""


@pytest.fixture
def listening(browser, app_server):
    url, _db = app_server
    ctx = browser.new_context(viewport=PHONE, locale="de-DE", device_scale_factor=1)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.add_init_script(WATCH_PLAYS)
    fetched: list[tuple[str, int]] = []
    page.on("response", lambda r: fetched.append((r.url, r.status)) if r.url.endswith(".wav") else None)
    yield App(page, url, "phone"), fetched
    ctx.close()


def plays(app: App) -> list[dict]:
    return app.page.evaluate("window.__plays")


def test_switching_sound_on_plays_a_card_sound_from_the_apps_own_server(listening):
    app, fetched = listening
    app.open("/settings")
    switch = app.page.get_by_role("switch", name="Töne abspielen")
    expect(switch).to_be_checked(timeout=40_000)  # on by default
    # The players load their files from the app's server at start-up, but play nothing.
    files = {f"{name}.wav" for name in SOUNDS}
    for _ in range(50):
        loaded = {u.rsplit("/", 1)[-1] for u, status in fetched if u.startswith(app.url) and status < 400}
        if loaded >= files:
            break
        app.settle(100)
    assert loaded >= files
    assert plays(app) == []

    switch.click()
    expect(switch).not_to_be_checked()
    app.settle(500)
    assert plays(app) == []  # switching off is silent

    sample = f"{app.url}/sounds/play.wav"
    for times in (1, 2):  # the same player plays again once it has finished
        if times == 2:
            switch.click()
            expect(switch).not_to_be_checked()
        switch.click()
        expect(switch).to_be_checked()
        app.page.wait_for_function(f"() => window.__plays.filter(p => p.ended).length === {times}",
                                   timeout=10_000)
        played = plays(app)
        assert [(p["src"], p["refused"]) for p in played] == [(sample, None)] * times
    app.page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
    app.page.mouse.wheel(0, 800)  # bring the section into the picture
    app.shot("settings-sound")
