"""The home screen with many games running, at phone and tablet size: the Continue list shows
the latest few and folds the others away, so the game chooser is still on the first screen.

The games are saved into the app's database beforehand and archived afterwards, so the
Continue list of other tests stays as it was. The phone's picture goes to
docs/screenshots/home-phone.png (the README's).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from harness import App
from playwright.sync_api import expect

from app.state import AppState
from core.session import Seat

pytestmark = pytest.mark.e2e

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@pytest.fixture
def running(store):
    """Six games running (besides whatever other tests left), the latest a Deck of Spies."""
    state = AppState(store, "de")
    lena = next((p for p in store.list_profiles() if p.name == "Lena"), None) or store.create_profile("Lena")
    me = Seat(kind="human", name="Lena", profile_id=lena.id)
    ids = []
    for game, seats in (("thronfolge", [me, state.bot_seat("easy")]),
                        ("kings-corner", [me, state.bot_seat("normal"), state.bot_seat("normal")]),
                        ("rosenkrieg", [me, state.bot_seat("normal"), state.bot_seat("hard")]),
                        ("thronfolge", [me, state.bot_seat("hard")]),
                        ("kings-corner", [me, state.bot_seat("easy")]),
                        ("deck-of-spies", [me])):
        ids.append(state.start_game(game, seats, seed=len(ids) + 1).game_id)
    yield ids
    for gid in ids:
        store.set_game_archived(gid, True)


def bottom_bar_top(app: App) -> float:
    """Where the navigation bar (phone) begins; the window's bottom on a tablet (a side rail)."""
    tabs = app.page.get_by_role("tab")
    if app.size_name == "phone" and tabs.count():
        return min(tabs.nth(i).bounding_box()["y"] for i in range(tabs.count()))
    return app.page.viewport_size["height"]


def test_many_running_games_leave_the_game_chooser_on_the_first_screen(app, running):
    page = app.page
    app.open("/")
    latest = app.by_id(f"continue-{running[-1]}")
    expect(latest).to_be_visible(timeout=40_000)
    more = app.by_id("continue-more")
    expect(more).to_be_visible()
    shown = 2  # continue_list.SHOWN
    for gid in running[-shown:]:
        expect(app.by_id(f"continue-{gid}")).to_be_visible()
    expect(app.by_id(f"continue-{running[-shown - 1]}")).to_have_count(0)  # folded away
    # The first row of games: its pictures and names on the first screen, above the bar.
    tile = app.by_id("tile-thronfolge")
    expect(tile).to_be_visible()
    box = tile.bounding_box()
    assert box is not None and box["y"] + 170 <= bottom_bar_top(app), (box, bottom_bar_top(app))
    shot = app.shot("home-many-games", 3000)
    if app.size_name == "phone":
        DOCS.mkdir(parents=True, exist_ok=True)
        (DOCS / "home-phone.png").write_bytes(shot.read_bytes())
    # The folded games are one tap away (inside the fold a row is found by its words: Flutter
    # drops the test id of a tappable row there).
    more.get_by_role("button").first.click()
    expect(page.get_by_role("group", name=re.compile(r"Thronfolge Lena · Computer \(Schwer\)"))).to_be_visible()
    app.shot("home-many-games-open", 1500)
