"""Replays end to end: from a player's page into a finished game's replay, stepping forward and
back, by keyboard, and switching from "all cards open" to one seat's view.

Screenshots go to docs/screenshots/replay-*-{phone,tablet}.png.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from core.bench import selfplay
from core.games import registry
from harness import ROOT

pytestmark = pytest.mark.e2e

DOCS = ROOT / "docs" / "screenshots"
SLOW = 20_000  # a screen change, in ms: the machine running these tests is shared


def profile(store, name: str) -> int:
    for p in store.list_profiles(include_archived=True):
        if p.name == name:
            return p.id
    return store.create_profile(name).id


def finished_game(store, game: str, names: list[str], seed: int) -> tuple[int, int, int]:
    """A finished self-played game of people with profiles; (its id, the first profile, its length)."""
    ids = [profile(store, n) for n in names]
    rec = selfplay(registry.get(game), ["random"] * len(names), seed)
    seats = [{"kind": "human", "name": n, "profile_id": i, "level": None} for n, i in zip(names, ids)]
    gid = store.save_game({"id": None, "game": game, "options": rec["options"], "seed": rec["seed"],
                           "seats": seats, "actions": rec["actions"], "state": rec["state"], "over": True,
                           "result": rec["state"]["result"], "undos": 0, "hints": 0})
    return gid, ids[0], len(rec["actions"])


def shot(app, name: str, ms: int = 2500) -> None:
    DOCS.mkdir(parents=True, exist_ok=True)
    size = app.page.viewport_size
    app.page.mouse.move(size["width"] / 2, size["height"] / 3)  # on the table: no button's tooltip shows
    app.settle(ms)
    app.page.screenshot(path=str(DOCS / f"replay-{name}-{app.size_name}.png"))


def tap(app, identifier: str) -> None:
    """Tap a control by its test id; the first tap on a new screen waits for its page transition,
    which a busy machine draws late."""
    app.by_id(identifier).click(timeout=60_000)


def step_is(app, n: int, total: int) -> None:
    expect(app.by_id("replay-step")).to_contain_text(f"Zug {n} von {total}", timeout=2 * SLOW)


def open_from_player_page(app, gid: int, pid: int) -> None:
    app.open(f"/players/{pid}")
    expect(app.by_id("player-header")).to_be_visible(timeout=40_000)
    button = app.by_id(f"replay-open-{gid}")
    size = app.page.viewport_size
    for _ in range(6):  # the recent games are at the foot of the page on a phone
        if button.count() and button.is_visible():
            break
        app.page.mouse.move(size["width"] / 2, size["height"] / 2)
        app.page.mouse.wheel(0, 700)  # Flutter scrolls on wheel events, not on DOM scrolling
        app.settle(500)
    app.settle(1500)
    button.click()
    expect(app.by_id("replay-step")).to_be_attached(timeout=SLOW)


def test_a_replay_opens_from_the_players_page_steps_both_ways_and_changes_eyes(app, store):
    gid, pid, total = finished_game(store, "thronfolge", ["Ida Replay", "Otto Replay"], 41)
    open_from_player_page(app, gid, pid)
    page = app.page
    step_is(app, 0, total)
    expect(page.get_by_text(re.compile("Thronfolge")).first).to_be_visible()

    tap(app, "replay-forward")
    step_is(app, 1, total)
    tap(app, "replay-forward")
    step_is(app, 2, total)
    tap(app, "replay-back")
    step_is(app, 1, total)

    for _ in range(5):  # the keyboard's right arrow steps forward on a desktop
        page.keyboard.press("ArrowRight")
        app.settle(300)
    step_is(app, 6, total)
    page.keyboard.press("End")
    step_is(app, total, total)
    page.keyboard.press("ArrowLeft")
    step_is(app, total - 1, total)
    page.keyboard.press("Home")
    step_is(app, 0, total)

    # a tap on the track jumps to that move
    track = app.by_id("replay-slider").bounding_box()
    thumb = 20
    x = thumb / 2 + (track["width"] - thumb) * 18 / total
    page.mouse.click(track["x"] + x, track["y"] + track["height"] / 2)
    step_is(app, 18, total)
    expect(app.by_id("replay-open-hands-1")).to_be_attached()  # Otto's hand lies open
    shot(app, "open")

    tap(app, "replay-eyes")
    page.get_by_role("menuitem", name="Ida Replay").click()
    expect(app.by_id("replay-open-hands-1")).not_to_be_attached(timeout=SLOW)
    expect(app.by_id("replay-eyes")).to_contain_text("Ida Replay")
    step_is(app, 18, total)
    shot(app, "seat")

    tap(app, "replay-end")
    step_is(app, total, total)
    shot(app, "end")
    tap(app, "replay-start")
    step_is(app, 0, total)

    page.get_by_role("button", name=re.compile("Back|Zurück")).click()
    expect(app.by_id("player-header")).to_be_visible(timeout=SLOW)  # back where it was opened


def test_a_rosenkrieg_replay_shows_every_hand_with_all_cards_open(app, store):
    gid, pid, total = finished_game(store, "rosenkrieg", ["Vera Replay", "Wim Replay", "Xaver Replay"], 43)
    app.open(f"/replay/{gid}")
    step_is(app, 0, total)
    tap(app, "replay-forward")
    step_is(app, 1, total)
    for _ in range(13):
        app.page.keyboard.press("ArrowRight")
        app.settle(200)
    step_is(app, 14, total)
    expect(app.by_id("replay-open-hands-1")).to_be_attached()
    expect(app.by_id("replay-open-hands-2")).to_be_attached()
    shot(app, "rosenkrieg")
