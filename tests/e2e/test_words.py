"""Words on screen at phone and tablet size: plural forms, one language at a time, Flutter's own
screen-reader labels in the app language, one seat per person, the app's own splash.

Games are prepared in the app's database and archived afterwards, so the Continue list of
other tests stays as it was. The UI language is set in the stored settings (as the settings
screen does) and put back after each test.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from app.state import AppState
from app.tables.deck_of_spies import start_game
from core.session import Seat
from core.store import Store

pytestmark = pytest.mark.e2e

LANGUAGE = "ui_language"
GERMAN_WORDS = re.compile(r"\b(Spion|Schwer|Zug|Züge|gerade eben|vor \d|von \d|Fortsetzen|Weiterspielen)\b")


@pytest.fixture
def store(app_server):
    _url, db = app_server
    s = Store.open(str(db))
    before = s.get_setting(LANGUAGE, None)
    yield s
    s.set_setting(LANGUAGE, before) if before else s.delete_setting(LANGUAGE)
    s.close()


@pytest.fixture
def games(store):
    """A Thronfolge game after one move and a Deck of Spies game at its second spy, both
    started while the app spoke German (and, as earlier versions of the table did, with a
    German progress line stored in the game's meta)."""
    wanda = next((p for p in store.list_profiles() if p.name == "Wanda"), None) or store.create_profile("Wanda")
    state = AppState(store, "de")
    duel = state.start_game("thronfolge", [Seat(kind="human", name="Wanda", profile_id=wanda.id),
                                           state.bot_seat("hard")], seed=11)
    duel.apply(duel.legal()[0])
    solo = start_game(state, [Seat(kind="human", name="Wanda", profile_id=wanda.id)], {"scoring": "win"},
                      4242, {"deal": "number"})
    solo.apply(solo.legal()[0])
    if solo.state["phase"] == "retire":  # spy 1 is dealt with once the turn is done
        solo.apply(next(a for a in solo.legal() if str(a) == "done"))
    solo.meta["progress"] = "#004242 · Spion 2 von 36"
    store.save_game(solo.record())
    yield duel.game_id, solo.game_id
    for gid in (duel.game_id, solo.game_id):
        store.set_game_archived(gid, True)


def names(app) -> str:
    return app.page.locator("body").aria_snapshot()


CONTINUE_CARDS = {
    "de": (r"Wanda · Computer \(Schwer\) .*· 1 Zug$", r"Wanda · Solo .*· #004242 · Spion\s2\svon\s36$"),
    "en": (r"Wanda · Computer \(Hard\) .*· 1 move$", r"Wanda · solo .*· #004242 · spy\s2\sof\s36$"),
}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_continue_cards_count_and_speak_in_the_language_shown(app, store, games, lang):
    duel, solo = games
    store.set_setting(LANGUAGE, lang)
    app.open("/")
    expect(app.by_id(f"continue-{solo}")).to_be_visible(timeout=40_000)
    for card in CONTINUE_CARDS[lang]:  # the plural of the count; the spy line of the saved game
        expect(app.page.get_by_role("group", name=re.compile(card))).to_be_visible()
    shown = names(app)
    # "31 Züge" is fine; only a lone "1 Züge" would be the wrong plural.
    assert not re.search(r"(?<!\d)1 (Züge|moves)\b", shown)
    if lang == "en":  # nothing German: not the table's stored line, not the computer's stored name
        assert GERMAN_WORDS.findall(shown) == []
    app.shot(f"words-continue-{lang}", 2500)


def test_flutters_own_labels_follow_the_app_language(app, store):
    store.set_setting(LANGUAGE, "de")
    app.open("/rules/thronfolge")
    page = app.page
    # The app bar's back button is named by Flutter itself.
    expect(page.get_by_role("button", name="Zurück", exact=True)).to_be_visible(timeout=40_000)
    page.get_by_role("button", name="Zurück", exact=True).click()
    if app.size_name == "tablet":  # the side rail's destinations: "Tab 1 of 6" is Flutter's wording
        expect(page.get_by_role("button", name="Spiele Tab 1 von 6")).to_be_visible()
        expect(page.get_by_role("button", name="Info Tab 6 von 6")).to_be_visible()
    else:
        expect(page.get_by_role("tab", name="Spiele", exact=True)).to_be_visible()
    assert not re.search(r"Tab \d of \d|\bBack\b", names(app))
    # Switching the language in the settings switches Flutter's labels at once.
    page.get_by_role("tab" if app.size_name == "phone" else "button", name=re.compile("^Optionen")).click()
    page.get_by_role("button", name="English").click()
    if app.size_name == "tablet":
        expect(page.get_by_role("button", name="Settings Tab 5 of 6")).to_be_visible()
    else:
        expect(page.get_by_role("tab", name="Settings", exact=True)).to_be_visible()
    page.get_by_role("tab" if app.size_name == "phone" else "button", name=re.compile("^Rules")).click()
    app.by_id("rules-thronfolge").click()
    expect(page.get_by_role("button", name="Back", exact=True)).to_be_visible()


def test_a_person_already_seated_cannot_be_picked_for_the_other_seat(app, store):
    for name in ("Wanda", "Xaver"):
        if not any(p.name == name for p in store.list_profiles()):
            store.create_profile(name)
    store.set_setting(LANGUAGE, "de")
    wanda = next(p for p in store.list_profiles() if p.name == "Wanda")
    store.set_setting("new_game.thronfolge", {"players": 2, "seats": [f"p:{wanda.id}", "bot:easy"]})
    app.open("/new/thronfolge")
    page = app.page
    seat2 = page.get_by_role("button", name=re.compile(r"^Platz 2: Computer \(Leicht\)"))
    expect(seat2).to_be_visible(timeout=40_000)
    expect(page.get_by_role("button", name=re.compile(r"^Platz 1: Wanda"))).to_be_visible()
    seat2.click()
    taken = page.get_by_role("button", name="Wanda · sitzt auf Platz 1")
    expect(taken).to_be_visible()
    expect(taken).to_be_disabled()
    app.shot("words-seat-taken", 800)
    page.get_by_role("button", name="Xaver", exact=True).click()
    expect(page.get_by_role("button", name=re.compile(r"^Platz 2: Xaver"))).to_be_visible()


def test_the_page_opens_on_the_apps_own_splash(app):
    page = app.page
    page.goto(app.url + "/about")
    splash = page.locator("#hofstaat-splash")
    expect(splash).to_be_attached()
    expect(splash).to_contain_text("Hofstaat")
    expect(page).to_have_title("Hofstaat")
    # It goes once the app has drawn its first screen.
    expect(splash).to_have_count(0, timeout=40_000)


def test_the_new_game_choices_survive_a_rotation(app, store):
    store.set_setting(LANGUAGE, "de")
    store.delete_setting("new_game.thronfolge")
    app.open("/new/thronfolge")
    page = app.page
    seat2 = page.get_by_role("button", name=re.compile(r"^Platz 2: "))
    expect(seat2).to_be_visible(timeout=40_000)
    seat2.click()
    page.get_by_role("button", name="Computer · Schwer", exact=True).click()
    expect(page.get_by_role("button", name=re.compile(r"^Platz 2: Computer \(Schwer\)"))).to_be_visible()
    # Turning the device swaps the layout (bar and rail, card sizes): the screen is rebuilt.
    size = page.viewport_size
    page.set_viewport_size({"width": size["height"], "height": size["width"]})
    expect(page.get_by_role("button", name=re.compile(r"^Platz 2: Computer \(Schwer\)"))).to_be_visible()
    page.set_viewport_size(size)
    expect(page.get_by_role("button", name=re.compile(r"^Platz 2: Computer \(Schwer\)"))).to_be_visible()
