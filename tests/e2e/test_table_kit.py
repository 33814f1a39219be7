"""What every table gets from the kit, end to end: drag as well as tap, and an undo that says
what it takes back (and is disabled when there is nothing to undo).

Screenshots: test-artifacts/screenshots/kit-*-{phone,tablet}.png.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from core.session import GameSession, Seat

pytestmark = pytest.mark.e2e


def centre(box: dict) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_hand_card_dragged_onto_the_line_is_played(app, store):
    session = GameSession.start("thronfolge", [Seat("human", "Greta"), Seat("bot", "Computer (Zufall)", None, "random")],
                                seed=12, options={"starter": 0}, saver=store)
    card = session.view(0)["hands"][0][0]
    app.open(f"/play/{session.game_id}")
    expect(app.by_id("turn")).to_contain_text("Du bist am Zug", timeout=40_000)
    undo = app.by_id("undo")
    expect(undo.get_by_role("button")).to_be_disabled()
    expect(undo).to_have_attribute("aria-label", re.compile("nichts zurückzunehmen"))
    app.settle(3500)  # the first paint of a fresh page trails its semantics by seconds
    src = app.by_id(f"card-{card}").bounding_box()
    dst = app.by_id("reach").bounding_box()
    assert src and dst
    m = app.page.mouse
    x, y = centre(src)
    m.move(x, y)
    m.down()
    m.move(x + 12, y - 6, steps=4)  # past the drag slop: a tap is never a drag
    tx, ty = centre(dst)
    m.move((x + tx) / 2, (y + ty) / 2, steps=10)
    app.shot("kit-drag-in-progress", 900)
    m.move(tx, ty, steps=8)
    m.up()
    # The card is in the line now, and the computer answers.
    expect(app.page.get_by_text("Zug 2", exact=True)).to_be_visible(timeout=20_000)
    expect(app.by_id("reach").locator(f'[flt-semantics-identifier="card-{card}"]')).to_have_count(1)
    played = GameSession.restore(store.load_game(session.game_id))
    assert played.actions[0] == f"play {card}"
    # Undo names what it takes back: the move and the computer's reply.
    expect(app.by_id("turn")).to_contain_text("Du bist am Zug", timeout=20_000)
    expect(undo).to_have_attribute("aria-label", re.compile("Antwort von Computer"))
    expect(undo.get_by_role("button")).to_be_enabled()
    undo.get_by_role("button").click()
    expect(app.page.get_by_text("Zug 0", exact=True)).to_be_visible(timeout=10_000)
    expect(app.by_id(f"card-{card}")).to_be_visible()


def test_a_hot_seat_undo_happens_behind_the_privacy_screen(app, store):
    session = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("human", "Ben")], seed=5, saver=store)
    hands = session.state["hands"]
    app.open(f"/play/{session.game_id}")
    page = app.page
    expect(page.get_by_text("Gib das Gerät an Anna")).to_be_visible(timeout=40_000)
    app.by_id("reveal").click()
    card = hands[0][0]
    app.by_id(f"card-{card}").click()
    expect(app.by_id("play")).to_contain_text("Anlegen")  # picked: the line shows where it goes
    app.by_id(f"card-{card}").click()
    expect(page.get_by_text("Gib das Gerät an Ben")).to_be_visible()
    undo = app.by_id("undo")
    expect(undo).to_have_attribute("aria-label", re.compile("Zug von Anna"))
    undo.get_by_role("button").click()
    expect(page.get_by_text("Anna möchte den letzten Zug zurücknehmen")).to_be_visible()
    page.mouse.move(5, 400)  # away from the undo button, so its tooltip does not cover the screenshot
    for c in hands[0] + hands[1]:  # nobody's cards while the device changes hands
        expect(app.by_id(f"card-{c}")).to_have_count(0)
    app.shot("kit-hotseat-undo", 2500)
    app.by_id("undo-confirm").click()
    expect(app.by_id(f"card-{card}")).to_be_visible()  # back in Anna's hand, shown to Anna only
    for c in hands[1]:
        expect(app.by_id(f"card-{c}")).to_have_count(0)
    assert GameSession.restore(store.load_game(session.game_id)).actions == []
