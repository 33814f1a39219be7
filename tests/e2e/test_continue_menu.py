"""The Continue list's ⋮ menu at phone and tablet size: archive a game, find it, restore it;
resign a hot-seat game, choosing who gives up, and find it in the statistics as resigned;
resign a solitaire game.

The games are saved straight into the server's database beforehand (the server reads
the store on every screen), so the test spends its time on the menu, not on dealing.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from core.session import GameSession, Seat
from core.store import Store
from harness import SHOTS

pytestmark = pytest.mark.e2e


def frame(app):
    return app.page.screenshot()


def still(app, unlike=None, most=15_000) -> bytes:
    """The frame once the canvas shows something new and has stopped moving.

    On these GPU-less machines the canvas can trail the semantics tree by seconds, and
    menus and dialogs animate in: wait until the frame differs from ``unlike`` (the one
    before the tap) and two frames 500 ms apart are the same.
    """
    waited, before = 0, None
    while waited < most:
        app.settle(500)
        waited += 500
        now = frame(app)
        if now == before and now != unlike:
            break
        before = now
    return before


def still_shot(app, name, unlike=None, most=15_000):
    """A screenshot of the frame ``still`` waits for."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}-{app.size_name}.png"
    path.write_bytes(still(app, unlike, most))
    return path


def menu_choice(app, game_id, item):
    """Open a game's ⋮ menu and choose ``item``, as a person does: once the screen has come to
    rest after the last change, and once the menu has opened.

    A choice made in a menu whose screen was rebuilt meanwhile is lost (the menu belonged to
    the screen before), so the screen must have settled after the last change first.
    """
    shown = still(app)
    app.by_id(f"continue-menu-{game_id}").click()
    choice = app.page.get_by_role("menuitem", name=item)
    expect(choice).to_be_visible()
    still(app, unlike=shown)
    choice.click()


def person(store, name):
    found = [p for p in store.list_profiles() if p.name == name]
    return found[0] if found else store.create_profile(name)


def saved_games(db, size):
    """A solitaire game and a hot-seat Thronfolge game for two people; their ids."""
    with Store.open(db) as store:
        mira, jonas = person(store, f"Mira {size}"), person(store, f"Jonas {size}")
        solo = GameSession.start("deck-of-spies", [Seat("human", mira.name, mira.id)], seed=21,
                                 saver=store)
        duel = GameSession.start("thronfolge", [Seat("human", mira.name, mira.id),
                                                Seat("human", jonas.name, jonas.id)],
                                 seed=22, saver=store)
        duel.apply(duel.legal()[0])
        return solo.game_id, duel.game_id, mira.name, jonas.name


def test_a_game_is_archived_from_continue_found_and_restored_and_another_resigned(app, app_server):
    page = app.page
    solo, duel, mira, jonas = saved_games(app_server[1], app.size_name)
    app.open("/")
    entry = app.by_id(f"continue-{solo}")
    expect(entry).to_be_visible(timeout=40_000)
    expect(app.by_id(f"continue-{duel}")).to_be_visible()
    app.settle(3000)  # first load: fonts and pictures reach the canvas after the semantics
    still_shot(app, "home-with-continue")

    # --- archive: the menu, then a dialog that says what happens ----------------------------
    menu = app.by_id(f"continue-menu-{solo}")
    box = menu.bounding_box()
    assert box and box["width"] >= 48 and box["height"] >= 48  # a comfortable touch target
    shown = frame(app)
    menu.click()
    archive = page.get_by_role("menuitem", name="Archivieren")
    expect(archive).to_be_visible()
    expect(page.get_by_role("menuitem", name="Aufgeben")).to_be_visible()
    still_shot(app, "continue-menu", unlike=shown)
    shown = frame(app)
    archive.click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("Partie archivieren?")
    expect(dialog).to_contain_text("findest du sie wieder")
    still_shot(app, "archive-dialog", unlike=shown)
    dialog.get_by_role("button", name="Archivieren").click()
    expect(dialog).to_have_count(0)
    expect(entry).to_have_count(0)
    expect(app.by_id(f"continue-{duel}")).to_be_visible()

    # --- find it among the archived games and bring it back ----------------------------------
    archived = app.by_id("archived-games")
    expect(archived).to_contain_text(re.compile(r"Archivierte Partien \(\d+\)"))
    shown = frame(app)
    archived.get_by_role("button").first.click()
    row = app.by_id(f"archived-{solo}")
    expect(row).to_be_visible()
    still_shot(app, "archived-list", unlike=shown)
    shown = frame(app)
    row.get_by_role("button", name="Zurückholen").click()
    expect(entry).to_be_visible()
    expect(app.by_id(f"archived-{solo}")).to_have_count(0)
    still_shot(app, "restored", unlike=shown)

    # --- resign the hot-seat game: the dialog asks who gives up ------------------------------
    menu_choice(app, duel, "Aufgeben")
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("Wer gibt auf?")
    expect(dialog).to_contain_text("Wer aufgibt, verliert, alle anderen gewinnen")
    confirm = dialog.get_by_role("button", name="Aufgeben")
    expect(confirm).to_be_disabled()
    shown = frame(app)
    dialog.get_by_role("radio", name=mira).click()
    expect(dialog).to_contain_text(f"eine Niederlage für {mira}, ein Sieg für {jonas}")
    expect(dialog).to_contain_text("nicht mehr fortgesetzt")
    still_shot(app, "resign-dialog", unlike=shown)
    confirm.click()
    expect(dialog).to_have_count(0)
    expect(app.by_id(f"continue-{duel}")).to_have_count(0)

    # --- alone at the table there is nobody to choose: the game is simply lost --------------
    menu_choice(app, solo, "Aufgeben")
    expect(dialog).to_contain_text("zählt als verloren")
    expect(dialog.get_by_role("radio")).to_have_count(0)
    dialog.get_by_role("button", name="Aufgeben").click()
    expect(dialog).to_have_count(0)
    expect(entry).to_have_count(0)

    # --- the statistics list it as resigned, and it opens as finished, never as a table ------
    app.open("/stats/thronfolge")
    resigned = app.by_id(f"stats-game-{duel}")
    expect(resigned).to_have_accessible_name(re.compile("Aufgegeben"), timeout=40_000)
    shown = frame(app)
    resigned.click()
    notice = app.by_id("resigned-game")
    expect(notice).to_have_accessible_name(re.compile(f"{mira} hat diese Partie aufgegeben"))
    expect(app.by_id("turn")).to_have_count(0)
    still_shot(app, "resigned-game", unlike=shown)
