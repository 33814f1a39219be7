"""The Thronfolge table end to end: play against the computer, take with the preview, resume,
pass the device between two people, a long line on both sizes, and the end of a game.

Games are started through the UI where that is the point of the test; otherwise they are
prepared in the app's database (``core.store`` + ``GameSession``) and opened at
``/play/<id>``, which is also how a saved game is resumed. One browser page per size
serves the whole module (page loads are the slow part of Flutter web); later tests move
in-app. Screenshots: test-artifacts/screenshots/thronfolge-*-{phone,tablet}.png.
"""

from __future__ import annotations

import random
import re

import pytest
from harness import PHONE, TABLET, App, show
from playwright.sync_api import expect

from core.games import thronfolge as tf
from core.session import GameSession, Seat

pytestmark = pytest.mark.e2e


def human_profile(store, name: str):
    for p in store.list_profiles():
        if p.name == name:
            return p
    return store.create_profile(name)


def hand_of(store, game_id: int, seat: int) -> list[str]:
    return list(GameSession.restore(store.load_game(game_id)).view(seat)["hands"][seat])


def wait_for_ply(app: App, ply: int) -> None:
    expect(app.page.get_by_text(f"Zug {ply}", exact=True)).to_be_visible(timeout=20_000)


def my_turn(app: App, timeout: int = 20_000) -> None:
    expect(app.by_id("turn")).to_contain_text("Du bist am Zug", timeout=timeout)


def play_by_two_taps(app: App, card: str) -> None:
    app.by_id(f"card-{card}").click()
    expect(app.by_id("play")).to_contain_text("Anlegen")  # picked: the line shows where it goes
    app.by_id(f"card-{card}").click()


def test_play_against_the_computer_take_with_the_preview_and_resume(screens, store):
    human_profile(store, "Clara")
    app = screens("phone")
    page = app.page
    show(app, "/new/thronfolge")
    start = app.by_id("start-game")
    expect(start).to_be_visible(timeout=40_000)
    start.click()
    expect(page).to_have_url(re.compile(r"/play/\d+$"))
    game_id = int(page.url.rsplit("/", 1)[1])
    hand = hand_of(store, game_id, 0)
    my_turn(app)
    expect(app.by_id(f"card-{hand[0]}")).to_be_visible()
    expect(app.by_id("reach")).to_be_visible()
    app.shot("thronfolge-start", 2500)  # first load: fonts and pictures arrive after the semantics

    # Tap once: the card is picked and the line previews it; tap again: played.
    app.by_id(f"card-{hand[0]}").click()
    expect(app.by_id("play")).to_contain_text("Anlegen")
    expect(app.by_id("ghost")).to_be_visible()
    # The caption under the line says what the picked card would leave for the computer.
    expect(app.by_id("reach")).to_have_attribute("aria-label", re.compile("Danach|Sicher|endet"))
    app.shot("thronfolge-selected", 500)
    app.by_id(f"card-{hand[0]}").click()
    # The computer thinks (off the UI loop), answers, and it is our turn again.
    expect(app.by_id("turn")).to_contain_text("überlegt", timeout=5_000)
    wait_for_ply(app, 2)
    my_turn(app)
    app.shot("thronfolge-computer-answered", 500)

    # Pick a card, then confirm with the Play button.
    app.by_id(f"card-{hand[1]}").click()
    expect(app.by_id("play")).to_contain_text("Anlegen")
    app.by_id("play").click()
    wait_for_ply(app, 4)
    my_turn(app)

    # Take, with the preview of what it gives and does to the score.
    ply = 4
    for card in hand[2:]:
        if "Punkte" in (app.by_id("take").text_content() or ""):
            break  # the take is allowed: its button shows "Punkte a → b"
        play_by_two_taps(app, card)
        ply += 2
        wait_for_ply(app, ply)
    app.by_id("take").click()
    expect(app.by_id("take-confirm")).to_be_visible()
    expect(page.get_by_text("Punkte danach")).to_be_visible()
    app.shot("thronfolge-take-preview", 500)
    app.by_id("take-confirm").click()
    wait_for_ply(app, ply + 2)
    expect(app.by_id("taken-0")).to_contain_text("schon genommen")
    my_turn(app)
    app.shot("thronfolge-after-take", 500)
    # Taking again this round is refused, with the reason shown.
    app.by_id("take").click()
    expect(app.by_id("hint")).to_contain_text("schon genommen")

    # Leave (a real reload) and come back: the same position, our hand as it was.
    before = hand_of(store, game_id, 0)
    app.open(f"/play/{game_id}")
    my_turn(app)
    wait_for_ply(app, ply + 2)
    for c in before:
        expect(app.by_id(f"card-{c}")).to_be_visible()
    app.shot("thronfolge-resumed", 2500)


def test_two_people_pass_the_device_and_never_see_each_others_hand(screens, store):
    session = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("human", "Ben")], seed=5, saver=store)
    hands = session.state["hands"]  # the whole truth, for checking what is *not* shown
    app = screens("phone")
    page = app.page
    settle = show(app, f"/play/{session.game_id}")
    expect(page.get_by_text("Gib das Gerät an Anna")).to_be_visible(timeout=40_000)
    for c in hands[0] + hands[1]:
        expect(app.by_id(f"card-{c}")).to_have_count(0)
    app.shot("thronfolge-hotseat-pass", settle)
    app.by_id("reveal").click()
    expect(app.by_id(f"card-{hands[0][0]}")).to_be_visible()
    for c in hands[1]:
        expect(app.by_id(f"card-{c}")).to_have_count(0)
    app.shot("thronfolge-hotseat-anna", 500)
    play_by_two_taps(app, hands[0][0])
    expect(page.get_by_text("Gib das Gerät an Ben")).to_be_visible()
    expect(page.get_by_text(re.compile("Zuletzt: Anna legt"))).to_be_visible()
    for c in hands[0][1:] + hands[1]:
        expect(app.by_id(f"card-{c}")).to_have_count(0)
    app.shot("thronfolge-hotseat-ben", 500)


def long_line_game(store) -> GameSession:
    """A saved game against the computer with at least 10 cards in the line and a take to preview.

    Both seats are moved here by one seeded policy that prefers playing, so the position does
    not depend on how the computer players are tuned.
    """
    for seed in range(11, 300):
        s = GameSession.start("thronfolge", [Seat("human", "Emil"), Seat("bot", "Computer (Zufall)", None, "random")],
                              seed=seed)
        rng = random.Random(seed)
        while not s.over:
            st = s.state
            if st["to_move"] == 0 and len(st["line"]) >= 10 and st["hands"][0] and not st["taken"][0]:
                s.game_id = store.save_game(s.record())
                return s
            legal = s.legal()
            plays = [a for a in legal if str(a).startswith("play")]
            s.apply(plays[rng.randrange(len(plays))] if plays and rng.random() < 0.85 else legal[-1])
    raise AssertionError("no deal with a long line found")


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_a_long_line_and_both_courts_fit_the_screen(screens, store, size):
    s = long_line_game(store)
    app = screens(size)
    settle = show(app, f"/play/{s.game_id}")
    my_turn(app, 40_000)
    expect(app.by_id("older")).to_be_visible()
    for c in s.state["line"]:
        expect(app.by_id(f"card-{c}").first).to_be_attached()
    app.shot("thronfolge-table", settle)
    card = s.view(0)["hands"][0][0]
    app.by_id(f"card-{card}").click()
    expect(app.by_id("play")).to_contain_text("Anlegen")
    app.shot("thronfolge-preview", 500)
    # Nothing important is pushed off the screen.
    viewport = PHONE if size == "phone" else TABLET
    for ident in ("take", "play", "score-1", "score-0", "reach", "turn"):
        box = app.by_id(ident).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 1, ident
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] + 1, ident
    app.by_id("take").click()
    expect(app.by_id("take-confirm")).to_be_visible()
    app.shot("thronfolge-take-sheet", 700)
    app.page.get_by_role("button", name="Abbrechen").click()
    expect(app.by_id("take-confirm")).to_have_count(0)


def one_move_from_the_end(store, seed: int) -> GameSession:
    """A saved game against the computer where the person's next move ends it."""
    while True:
        s = GameSession.start("thronfolge", [Seat("human", "Dora"), Seat("bot", "Computer (Zufall)", None, "random")],
                              seed=seed, options={"starter": 0})
        rng = random.Random(seed)
        while not s.over:
            st = s.state
            if (st["round"] == 4 and st["to_move"] == 0 and not st["hands"][1] and st["taken"][1]
                    and len(st["hands"][0]) + (not st["taken"][0]) == 1):
                s.game_id = store.save_game(s.record())
                return s
            legal = s.legal()
            s.apply(legal[rng.randrange(len(legal))])
        seed += 100  # three crowns ended it early: try another deal


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_the_last_move_shows_the_tally_and_a_rematch_lets_the_loser_start(screens, store, size):
    session = one_move_from_the_end(store, 21 if size == "phone" else 34)
    app = screens(size)
    page = app.page
    show(app, f"/play/{session.game_id}")
    my_turn(app, 40_000)
    expect(page.get_by_text("Runde 4/4")).to_be_visible()
    hand = session.view(0)["hands"][0]
    if hand:
        app.by_id(f"card-{hand[0]}").click()
        expect(app.by_id("play")).to_contain_text("Anlegen")
        app.by_id("play").click()
    else:  # the hand is empty: taking is the only move, and the table says so
        expect(app.by_id("hint")).to_contain_text("musst")
        app.by_id("take").click()
        app.by_id("take-confirm").click()
    expect(app.by_id("again")).to_be_visible(timeout=20_000)
    expect(page.get_by_text(re.compile("gewinnt|gewinnen gemeinsam"))).to_be_visible()
    expect(page.get_by_text("Aussortiert")).to_be_visible()
    expect(page.get_by_text("Summe")).to_be_visible()
    app.shot("thronfolge-end", 1500)
    finished = GameSession.restore(store.load_game(session.game_id))
    assert finished.over
    for c in finished.state["removed"]:  # the three removed cards are revealed
        expect(app.by_id(f"card-{c}")).to_have_count(1)
    app.by_id("again").click()
    expect(page).not_to_have_url(re.compile(rf"/play/{session.game_id}$"))
    expect(page).to_have_url(re.compile(r"/play/\d+$"))
    new = store.load_game(int(page.url.rsplit("/", 1)[1]))
    assert new["options"]["starter"] == tf.next_match_starter(finished.state)
    expect(app.by_id("turn")).to_be_visible()
