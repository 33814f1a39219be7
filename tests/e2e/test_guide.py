"""The guided first deal end to end at phone and tablet size: offered on the new-game screen,
followed by tapping, resumed after a reload, skipped, and gone after another; the Deck of Spies
deal from its rules page.

Every step checked here also checks that the coach card does not cover the part it points at
(their boxes in the semantics tree do not meet). Screenshots:
test-artifacts/screenshots/guide-*-{phone,tablet}.png.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from core.store import Store
from test_deck_of_spies_table import shot

pytestmark = pytest.mark.e2e

STILL = 5000  # the lit part pulses for about 4.5 s after a step begins; pictures wait for the rest


def still_shot(app, name: str) -> None:
    shot(app, name, STILL, STILL + 8000)


def forget_the_guides(db) -> None:
    """As on a new device: no guide started or declined yet."""
    store = Store.open(str(db))
    try:
        store.delete_setting("ui_guides_seen")
    finally:
        store.close()


def saved_guide(db, game_id: int) -> dict:
    store = Store.open(str(db))
    try:
        return store.load_game(game_id)["meta"]["guide"]
    finally:
        store.close()


def at_step(app, n: int, total: int, part: str, timeout: int = 15_000) -> None:
    """The coach shows step ``n`` of ``total``, and it and the ``part`` it points at are both on
    screen without overlapping."""
    expect(app.by_id("coach")).to_have_attribute("aria-label", re.compile(rf"^SCHRITT {n} VON {total}\b"),
                                                  timeout=timeout)
    expect(app.by_id(part).first).to_be_visible()
    for _ in range(50):  # a busy page lays out the coach a moment after its label arrives
        a = app.by_id("coach").bounding_box()
        b = app.by_id(part).first.bounding_box()
        if a and b:
            break
        app.page.wait_for_timeout(200)
    assert a and b, f"the coach {a} or {part} {b} has no place on the screen"
    apart = (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
             or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])
    assert apart, f"the coach {a} covers {part} {b}"
    size = app.page.viewport_size
    assert a["x"] >= 0 and a["y"] >= 0
    assert a["x"] + a["width"] <= size["width"] and a["y"] + a["height"] <= size["height"]


def test_the_guided_thronfolge_deal_is_followed_by_tapping_and_skipped(app, app_server):
    _url, db = app_server
    forget_the_guides(db)
    page = app.page
    app.open("/new/thronfolge")
    expect(app.by_id("start-game")).to_be_visible(timeout=40_000)
    size = page.viewport_size
    page.mouse.move(size["width"] / 2, size["height"] / 2)
    page.mouse.wheel(0, 2000)  # the offer sits under the start button
    expect(app.by_id("guide-offer-start")).to_be_visible()
    shot(app, "guide-offer", 1500, 9000)
    app.by_id("guide-offer-start").click()
    expect(page).to_have_url(re.compile(r"/play/\d+$"))
    game_id = int(page.url.rsplit("/", 1)[1])

    at_step(app, 1, 7, "reach")
    expect(app.by_id("coach")).to_have_attribute("aria-label", re.compile("Was in Reichweite ist"))
    still_shot(app, "guide-thronfolge-reach")
    app.by_id("guide-next").click()

    at_step(app, 2, 7, "card-7H")
    app.by_id("card-7H").click()  # picked: the step advances by itself

    at_step(app, 3, 7, "play")
    expect(app.by_id("ghost")).to_be_visible()
    still_shot(app, "guide-thronfolge-play")
    app.by_id("play").click()

    # The coach waits while the computer answers, then asks for the take.
    at_step(app, 4, 7, "take", timeout=25_000)
    expect(app.by_id("turn")).to_contain_text("Du bist am Zug")
    assert saved_guide(db, game_id) == {"step": 3, "done": False}
    app.open(f"/play/{game_id}")  # left and reopened: the tour goes on where it was
    at_step(app, 4, 7, "take", timeout=40_000)
    app.by_id("guide-skip").click()
    expect(app.by_id("coach")).to_have_count(0)
    app.by_id("take").click()  # the deal goes on as an ordinary game
    expect(app.by_id("take-confirm")).to_be_visible()
    app.by_id("take-confirm").click()
    expect(app.by_id("taken-0")).to_contain_text("schon genommen", timeout=20_000)

    # Reopened, the skipped tour stays away; the offer does not come back either.
    app.open(f"/play/{game_id}")
    expect(app.by_id("turn")).to_be_visible(timeout=40_000)
    expect(app.by_id("coach")).to_have_count(0)
    assert saved_guide(db, game_id)["done"] is True
    app.open("/new/thronfolge")
    expect(app.by_id("start-game")).to_be_visible(timeout=40_000)
    page.mouse.wheel(0, 2000)
    expect(app.by_id("start-game")).to_be_visible()
    expect(app.by_id("guide-offer")).to_have_count(0)


def test_the_guided_deck_of_spies_deal_starts_from_its_rules_page(app, app_server):
    page = app.page
    app.open("/rules/deck-of-spies")
    expect(app.by_id("guide-rules-start")).to_be_visible(timeout=40_000)
    app.by_id("guide-rules-start").click()
    expect(page).to_have_url(re.compile(r"/play/\d+$"))
    expect(page.get_by_text("Partie #421464")).to_be_visible(timeout=20_000)

    at_step(app, 1, 6, "card-5D")
    still_shot(app, "guide-spies-spy")
    app.by_id("guide-next").click()

    at_step(app, 2, 6, "spies-sum")
    app.by_id("card-3D").click()
    app.by_id("card-4D").click()

    at_step(app, 3, 6, "spies-recruit")
    still_shot(app, "guide-spies-recruit")
    app.by_id("spies-recruit").click()

    at_step(app, 4, 6, "spies-retire")
    app.by_id("guide-skip").click()
    expect(app.by_id("coach")).to_have_count(0)
