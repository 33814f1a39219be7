"""Statistics end to end: from home to a game's statistics, a player's page and head-to-head.

The database is seeded with real self-played games between three people and the
computer levels. Screenshots go to docs/screenshots/stats-*-{phone,tablet}.png.
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
PEOPLE = ("Clara", "Jonas", "Mia")
SLOW = 20_000  # a screen change, in ms: the machine running these tests is shared


def profile(store, name, level=None):
    for p in store.list_profiles(include_archived=True):
        if (p.kind == "bot" and p.level == level) if level else p.name == name:
            return p.id
    return store.create_profile(name, "bot" if level else "human", level).id


def seed_games(store) -> dict[str, int]:
    """Finished games of every game, once per test session."""
    ids = {n: profile(store, n) for n in PEOPLE}
    bots = {lv: profile(store, f"Computer ({lv})", lv) for lv in ("easy", "normal", "hard")}
    found = {**ids, **{f"bot-{k}": v for k, v in bots.items()}}
    if store.stats("thronfolge", ids["Clara"])["games"]:
        return found

    def person(n):
        return {"kind": "human", "name": n, "profile_id": ids[n], "level": None}

    def bot(lv):
        return {"kind": "bot", "name": f"Computer ({lv})", "profile_id": bots[lv], "level": lv}

    plan = ([("thronfolge", [person("Clara"), person("Jonas")])] * 6
            + [("thronfolge", [person("Clara"), bot("hard")]), ("thronfolge", [bot("easy"), person("Clara")])] * 4
            + [("deck-of-spies", [person("Clara")])] * 6
            + [("rosenkrieg", [person("Clara"), person("Jonas"), person("Mia")])] * 3
            + [("kings-corner", [person("Clara"), person("Jonas"), bot("normal")])] * 3)
    for i, (game, seats) in enumerate(plan):
        levels = ["normal" if game == "deck-of-spies" else "random"] * len(seats)
        rec = selfplay(registry.get(game), levels, 100 + i)
        store.save_game({"id": None, "game": game, "options": rec["options"], "seed": rec["seed"],
                         "seats": seats, "actions": rec["actions"], "state": rec["state"], "over": True,
                         "result": rec["state"]["result"], "undos": 0, "hints": 0})
    return found


def tab(app, name: str):
    if app.size_name == "phone":
        return app.page.get_by_role("tab", name=name, exact=True)
    return app.page.get_by_role("button", name=re.compile(rf"^{name} Tab \d (of|von) \d$"))


def shot(app, name: str, ms: int = 2500) -> None:
    """A screenshot once the canvas has caught up with the semantics (slow on a busy machine)."""
    DOCS.mkdir(parents=True, exist_ok=True)
    app.settle(ms)
    app.page.screenshot(path=str(DOCS / f"stats-{name}-{app.size_name}.png"))


def back(app) -> None:
    """The app bar's back arrow, then time for the page transition (taps during it are lost)."""
    app.page.get_by_role("button", name=re.compile("Back|Zurück")).click()
    app.settle(1500)


def test_statistics_player_page_and_head_to_head_from_home(app, store):
    ids = seed_games(store)
    page = app.page
    app.open("/")
    expect(tab(app, "Spieler")).to_be_visible(timeout=40_000)
    app.settle(3000)  # the first load: fonts and pictures arrive after the semantics
    tab(app, "Spieler").click()
    # every game's statistics one tap from Players
    expect(app.by_id("stats-open-thronfolge")).to_be_attached(timeout=20_000)
    for game in ("deck-of-spies", "rosenkrieg", "kings-corner"):
        expect(app.by_id(f"stats-open-{game}")).to_be_attached()
    expect(page.get_by_role("button", name="Neuer Spieler")).to_be_visible()
    shot(app, "players", 5000)

    app.by_id("stats-open-thronfolge").click()
    expect(page.get_by_text("Statistik: Thronfolge")).to_be_visible(timeout=SLOW)
    expect(app.by_id("stats-summary")).to_be_visible()
    grid = page.locator("flt-semantics").filter(has_text="Beste Serie").last
    expect(grid).to_contain_text("Drei Kronen")  # Thronfolge's own tiles, not Deck of Spies'
    expect(grid).not_to_contain_text("Perfekte Spiele")
    shot(app, "thronfolge")
    back(app)

    expect(app.by_id("stats-open-rosenkrieg")).to_be_attached(timeout=SLOW)
    app.by_id("stats-open-rosenkrieg").click()
    expect(page.locator("flt-semantics").filter(has_text="Potentat-Siege").last).to_be_attached(
        timeout=SLOW)
    shot(app, "rosenkrieg")
    back(app)

    # a player's page, then head-to-head with another person
    expect(app.by_id(f"player-{ids['Clara']}")).to_be_attached(timeout=SLOW)
    app.by_id(f"player-{ids['Clara']}").click()
    expect(app.by_id("player-header")).to_be_visible(timeout=SLOW)
    expect(app.by_id("player-game-thronfolge")).to_be_visible()
    shot(app, "player")
    expect(app.by_id(f"versus-{ids['bot-hard']}")).to_be_attached()
    size = page.viewport_size
    page.mouse.move(size["width"] / 2, size["height"] / 2)
    page.mouse.wheel(0, 700)  # Flutter scrolls on wheel events, not on DOM scrolling
    expect(app.by_id("rating-explained")).to_be_attached()
    expect(page.locator('[flt-semantics-identifier^="rating-change-"]').first).to_be_attached()
    shot(app, "player-rating")
    page.mouse.wheel(0, 700)
    shot(app, "player-versus-list")
    app.by_id(f"versus-{ids['Jonas']}").click()
    expect(app.by_id("versus-score")).to_be_visible(timeout=SLOW)
    expect(app.by_id("versus-game-thronfolge")).to_be_visible()
    shot(app, "versus")
    back(app)
    expect(app.by_id("player-header")).to_be_visible(timeout=SLOW)
    back(app)

    # every game's leaderboard
    expect(app.by_id("stats-ratings")).to_be_attached(timeout=SLOW)
    app.by_id("stats-ratings").click()
    expect(app.by_id(f"rank-thronfolge-{ids['Clara']}")).to_be_attached(timeout=SLOW)
    expect(app.by_id("rating-explained")).to_be_visible()
    shot(app, "ratings")
