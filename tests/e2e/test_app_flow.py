"""The app end to end at phone and tablet size: players, language, rules, settings, a game.

One long test per size keeps page loads (the slow part in Flutter web) few. Every
step asserts on the semantics tree and saves a screenshot to
test-artifacts/screenshots/ for a person to look at.
"""

from __future__ import annotations

import re

import pytest
from harness import retype
from playwright.sync_api import expect

from core.games import registry

pytestmark = pytest.mark.e2e

NAMES = {"phone": "Anna", "tablet": "Bert"}


def tab(app, name: str):
    """A main destination: a tab of the bottom bar (phone) or a button of the side rail (tablet)."""
    if app.size_name == "phone":
        return app.page.get_by_role("tab", name=name, exact=True)
    return app.page.get_by_role("button", name=re.compile(rf"^{name} Tab \d (of|von) \d$"))


def playable(name: str) -> bool:
    try:
        registry.get(name)
    except Exception:
        return False
    return True


def test_tour_of_the_app(app):
    page = app.page
    app.open("/")
    # German device language (the browser context's locale) is the default.
    expect(tab(app, "Spiele")).to_be_visible(timeout=40_000)
    expect(app.by_id("tile-thronfolge")).to_be_visible()
    # Every game has its table now, so every tile is a button and none is marked "coming soon".
    for title in ("Thronfolge", "Deck of Spies", "Rosenkrieg", "Kings in the Corner"):
        expect(page.get_by_role("button", name=re.compile(f"^{title}"))).to_be_visible()
    expect(page.get_by_text(re.compile("DEMNÄCHST", re.IGNORECASE))).to_have_count(0)
    app.shot("home", 2500)  # first load: fonts and pictures arrive after the semantics

    # --- players: create one ------------------------------------------------------------
    tab(app, "Spieler").click()
    page.get_by_role("button", name="Neuer Spieler").click()
    name_field = page.get_by_role("textbox", name="Name")
    expect(name_field).to_be_visible()
    retype(name_field, NAMES[app.size_name])
    app.shot("players-new")
    # Enter submits the dialog, like on a phone keyboard. (A click on "Anlegen" right after
    # typing is sometimes taken by Flutter web as the text field losing focus.)
    name_field.press("Enter")
    expect(page.get_by_role("group", name=re.compile(rf"\b{NAMES[app.size_name]}\b")).first).to_be_visible()
    app.shot("players")

    # --- settings: English and back ---------------------------------------------------------
    tab(app, "Optionen").click()
    page.get_by_role("button", name="English").click()
    expect(tab(app, "Settings")).to_be_visible()
    expect(tab(app, "Games")).to_be_visible()
    app.shot("settings-en")
    page.get_by_role("button", name="Deutsch").click()
    expect(tab(app, "Optionen")).to_be_visible()
    app.shot("settings")

    # --- rules of every game ----------------------------------------------------------------
    tab(app, "Regeln").click()
    for game, heading in (("thronfolge", "Die Karten"), ("deck-of-spies", "Werte"),
                          ("rosenkrieg", "Der Potentat"), ("kings-corner", "Rundenende")):
        app.by_id(f"rules-{game}").click()
        expect(page.get_by_text(heading, exact=True).first).to_be_visible()
        if game in ("thronfolge", "deck-of-spies"):
            app.shot(f"rules-{game}")
        page.get_by_role("button", name=re.compile("Back|Zurück")).click()
        expect(app.by_id("rules-thronfolge")).to_be_visible()

    # --- about --------------------------------------------------------------------------------
    tab(app, "Info").click()
    expect(page.get_by_text("James Newman", exact=False).first).to_be_visible()
    app.shot("about")

    # --- a game against the computer ------------------------------------------------------
    game = next((g for g in ("thronfolge", "deck-of-spies") if playable(g)), None)
    assert game is not None, "neither Thronfolge nor Deck of Spies can be loaded"
    tab(app, "Spiele").click()
    app.by_id(f"tile-{game}").click()
    start = app.by_id("start-game")
    expect(start).to_be_visible()
    app.shot(f"new-{game}")
    start.click()
    expect(page).to_have_url(re.compile(r"/play/\d+$"))
    game_id = int(page.url.rsplit("/", 1)[1])
    # The table shows; a Deck of Spies game or a Thronfolge game we start is ours to move.
    expect(app.by_id("turn")).to_contain_text("Du bist am Zug", timeout=20_000)
    app.shot(f"play-{game}")

    # One move of ours; the computer (if any) answers off the UI loop and it is our turn again.
    page.locator('[role="button"][flt-semantics-identifier^="card-"]').first.click()
    expect(app.by_id("play")).to_contain_text("Anlegen")
    app.by_id("play").click()
    expect(page.get_by_text(re.compile(r"^Zug [1-9]\d*$")).first).to_be_visible(timeout=20_000)
    expect(app.by_id("turn")).to_contain_text("Du bist am Zug", timeout=20_000)
    app.shot(f"play-{game}-moved")

    # --- home again: the game waits under Continue ------------------------------------------
    page.get_by_role("button", name=re.compile("Back|Zurück")).click()
    expect(app.by_id(f"continue-{game_id}")).to_be_visible()
    app.shot("home-continue")
    app.by_id(f"continue-{game_id}").click()
    expect(page).to_have_url(re.compile(rf"/play/{game_id}$"))
    expect(app.by_id("turn")).to_be_visible(timeout=20_000)
