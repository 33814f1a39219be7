"""One game open in two browser windows (two contexts = two Flet sessions): play in one, then
in the other; no move is lost, and the stale window shows the stored game and says why.
Screenshot: test-artifacts/screenshots/open-twice-stale-phone.png."""

from __future__ import annotations

import pytest
from harness import PHONE, App
from playwright.sync_api import expect
from test_thronfolge_table import hand_of, my_turn, play_by_two_taps, wait_for_ply

from core.session import GameSession, Seat

pytestmark = pytest.mark.e2e

MOVED_ON = "Diese Partie wurde in einem anderen Fenster weitergespielt – hier ist der aktuelle Stand."


@pytest.fixture
def windows(browser, app_server):
    """Two browser contexts on the app at phone size, as two windows of one person."""
    url, _db = app_server
    contexts = [browser.new_context(viewport=PHONE, locale="de-DE", device_scale_factor=1,
                                    has_touch=False) for _ in range(2)]
    apps = []
    for ctx in contexts:
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        apps.append(App(page, url, "phone"))
    yield apps
    for ctx in contexts:
        ctx.close()


def tap(app: App, card: str) -> None:
    """Play a card in one window; the other windows go to the background, as on a desktop."""
    app.page.bring_to_front()  # Flutter paints (and takes taps) only in the page in front
    app.settle(800)
    play_by_two_taps(app, card)


def test_a_move_in_a_stale_window_loses_nothing_and_shows_the_current_game(windows, store):
    clara = store.create_profile("Clara Zweifach")
    session = GameSession.start("thronfolge", [Seat("human", clara.name, clara.id),
                                               Seat("bot", "Computer", None, "easy")],
                                seed=11, saver=store)
    game_id = session.game_id
    hand = hand_of(store, game_id, 0)
    first, second = windows
    for app in windows:
        app.open(f"/play/{game_id}")
        my_turn(app, timeout=40_000)

    tap(first, hand[0])  # the first window plays; the computer answers
    wait_for_ply(first, 2)
    my_turn(first)
    moves = store.load_game(game_id)["actions"]
    assert len(moves) == 2

    tap(second, hand[1])  # the second window still shows the start
    expect(second.page.get_by_text(MOVED_ON).last).to_be_visible(timeout=20_000)
    wait_for_ply(second, 2)
    expect(second.by_id(f"card-{hand[0]}")).to_have_count(0)  # played in the first window
    assert store.load_game(game_id)["actions"] == moves
    second.shot("open-twice-stale", 600)

    tap(second, hand[1])  # now it plays on from the stored game
    wait_for_ply(second, 4)
    my_turn(second)
    after = store.load_game(game_id)["actions"]
    assert after[:2] == moves and len(after) == 4

    tap(first, hand[2])  # and the first window is the stale one
    expect(first.page.get_by_text(MOVED_ON).last).to_be_visible(timeout=20_000)
    wait_for_ply(first, 4)
    assert store.load_game(game_id)["actions"] == after

    first.page.bring_to_front()
    first.open(f"/play/{game_id}")  # a reload shows the stored game too
    wait_for_ply(first, 4)
    my_turn(first)
    for card in hand_of(store, game_id, 0):
        expect(first.by_id(f"card-{card}")).to_be_visible()
    assert store.load_game(game_id)["actions"] == after
