"""The Rosenkrieg table's help end to end at phone and tablet size: the guided first Partie offered
on the new-game screen, its coach beside the part it points at, the hint with its reason, and a card
that may not be played: a tap on it says why and plays nothing.

Screenshots: docs/screenshots/rosenkrieg-{guide,hint,refused}-{phone,tablet}.png.
"""

from __future__ import annotations

import re
import time

import pytest
from harness import App
from playwright.sync_api import expect

from test_guide import STILL, at_step, forget_the_guides
from test_rosenkrieg_table import docs_shot, session_of

pytestmark = pytest.mark.e2e


def persons_turn(app: App, store, game_id: int, after: int, timeout: float = 60):
    """The saved game once the person is to move after ``after`` moves and the table says so."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        s = session_of(store, game_id)
        if len(s.actions) > after and s.to_move == 0 and not s.over \
                and "Du bist am Zug" in (app.by_id("turn").text_content() or ""):
            return s
        app.page.wait_for_timeout(250)
    raise AssertionError(f"the person never got to move: {session_of(store, game_id).actions[after:]}")


def tap_card(app: App, card: str) -> None:
    """A tap on the left edge of a hand card: in an overlapped hand that part is always in sight."""
    app.by_id(f"card-{card}").click(position={"x": 14, "y": 24})


def test_the_guided_partie_the_hint_and_a_refused_card(app, app_server, store):
    _url, db = app_server
    forget_the_guides(db)
    page = app.page
    app.open("/new/rosenkrieg")
    expect(app.by_id("start-game")).to_be_visible(timeout=40_000)
    size = page.viewport_size
    page.mouse.move(size["width"] / 2, size["height"] / 2)
    page.mouse.wheel(0, 3000)  # the offer sits under the form
    expect(app.by_id("guide-offer-start")).to_be_visible()
    app.by_id("guide-offer-start").click()
    expect(page).to_have_url(re.compile(r"/play/\d+$"), timeout=20_000)
    game_id = int(page.url.rsplit("/", 1)[1])

    # The guide: what the game is about, then declaring with the bulb lit.
    at_step(app, 1, 6, "declarations", timeout=40_000)
    expect(app.by_id("coach")).to_have_attribute("aria-label", re.compile("Einer gegen alle"))
    docs_shot(app, "guide", STILL)
    app.by_id("guide-next").click()
    at_step(app, 2, 6, "rk-hint")

    # A card tapped while declaring: it says why, and nothing is played.
    s = session_of(store, game_id)
    tap_card(app, s.view(0)["hands"][0][0])
    expect(app.by_id("hint")).to_contain_text("Erst wird angesagt")
    assert session_of(store, game_id).actions == []

    # The hint, once the tour is skipped: the hard computer's choice with its reason.
    app.by_id("guide-skip").click()
    expect(app.by_id("coach")).to_have_count(0)
    app.by_id("rk-hint").click()
    expect(app.by_id("rk-hint-text")).to_contain_text(re.compile(r"^(Passe|Sag „Ich will“): .+ Zähler"),
                                                      timeout=20_000)
    docs_shot(app, "hint")
    said = app.by_id("rk-hint-text").text_content() or ""
    app.by_id("declare-pass" if said.startswith("Passe") else "declare-will").click()

    # The tricks: at the first turn with a card that may not be played, tap it.
    done = 0
    while True:
        s = persons_turn(app, store, game_id, after=done)
        if s.state["phase"] == "lay":
            hand = s.view(0)["hands"][0]
            tap_card(app, hand[0])
            tap_card(app, hand[1])
            app.by_id("lay-confirm").click()
            done = len(s.actions)
            continue
        legal = {a.card for a in s.legal()}
        barred = [c for c in s.view(0)["hands"][0] if c not in legal]
        if barred and s.state["trick"]["cards"]:
            break
        card = sorted(legal)[0]
        tap_card(app, card)
        expect(app.by_id("play")).to_contain_text("spielen")
        app.by_id("play").click()
        done = len(s.actions)
    moves = len(s.actions)
    tap_card(app, barred[0])
    expect(app.by_id("hint")).to_contain_text("geht jetzt nicht")
    expect(app.by_id("hint")).to_contain_text(re.compile("bedienen|Trumpf"))
    docs_shot(app, "refused")
    assert len(session_of(store, game_id).actions) == moves
    expect(app.by_id("turn")).to_contain_text("Du bist am Zug")
