"""Deck of Spies end to end at phone and tablet size: a deal by number, select, recruit, retire,
undo, hint, the discard pile, reload and resume; the end screen and the statistics.

Screenshots go to test-artifacts/screenshots/spies-*-{phone,tablet}.png.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from harness import SHOTS

from core.bots import make_bot
from core.session import GameSession, Seat
from core.store import Store

pytestmark = pytest.mark.e2e

NUMBER = "421464"  # hand 2♣ 3♦ 4♦ 2♠ 3♠ against the 5♦: recruit with 3♦ 4♦, then retire 2♣ 2♠
ENDGAME_SEED = 100009


def profile(db) -> tuple[int, str]:
    """A person to play as (the session's database may already have some)."""
    store = Store.open(str(db))
    try:
        people = [p for p in store.list_profiles() if not p.is_bot]
        p = people[0] if people else store.create_profile("Clara")
        return p.id, p.name
    finally:
        store.close()


def one_move_from_the_end(db) -> tuple[int, str]:
    """A saved game whose last spy is on top; returns its id and the move that ends it."""
    pid, name = profile(db)
    store = Store.open(str(db))
    try:
        s = GameSession.start("deck-of-spies", [Seat("human", name, pid)], seed=ENDGAME_SEED, saver=store)
        bot = make_bot(s.game, "normal")
        while not (len(s.state["spies"]) == 1 and s.state["phase"] == "play"):
            assert not s.over, "the prepared game ended early"
            s.apply(bot.choose(s.view(0), s.legal(), random.Random(1)))
        last = str(bot.choose(s.view(0), s.legal(), random.Random(1)))
        return s.game_id, last
    finally:
        store.close()


def type_into(field, text: str, confirmation, reveal) -> None:
    """Type into a Flutter text field until the app confirms it: on a first, still busy page
    load Flutter web can replace the field's input element while the text goes in, and the
    screen can be built anew without the field (``reveal`` shows it again)."""
    for _ in range(3):
        if not field.is_visible():
            reveal()
        field.click()
        field.fill(text)
        field.press("Enter")
        try:
            expect(confirmation).to_be_visible(timeout=3000)
            return
        except AssertionError:
            continue
    expect(confirmation).to_be_visible()


def a_counter_only(actions: list[str]) -> str:
    """A counter of the deal after ``actions`` whose cards could not recruit the spy."""
    s = GameSession.start("deck-of-spies", [Seat("human", "x")], seed=int(NUMBER))
    for a in actions:
        s.apply(a)
    legal = {str(a) for a in s.legal()}
    return min((a for a in legal if a.startswith("counter ") and "recruit" + a[7:] not in legal),
               key=lambda a: (len(a.split()), a))


def shot(app, name: str, min_ms: int = 600, max_ms: int = 5000) -> bytes:
    """A screenshot once the canvas has settled: it trails the semantics tree (by seconds on a
    busy machine), so wait until three pictures in a row agree."""
    page = app.page
    page.wait_for_timeout(min_ms)
    pictures = [page.screenshot()]
    waited = min_ms
    while waited < max_ms and not (len(pictures) >= 3 and pictures[-1] == pictures[-2] == pictures[-3]):
        page.wait_for_timeout(300)
        waited += 300
        pictures.append(page.screenshot())
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"{name}-{app.size_name}.png").write_bytes(pictures[-1])
    return pictures[-1]


def flying_shot(app, name: str, act) -> None:
    """Catch a card in flight: pictures every few frames after ``act``; keep one from the middle
    of the changes (neither the picture before nor the one after)."""
    page = app.page
    before = page.screenshot()
    act()
    frames: list[bytes] = []
    for _ in range(14):
        page.wait_for_timeout(40)
        frames.append(page.screenshot())
        changes = len({f for f in frames if f != before})
        if changes >= 3 and frames[-1] == frames[-2]:
            break
    middle = [f for f in frames if f != before and f != frames[-1]]
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"{name}-{app.size_name}.png").write_bytes(middle[len(middle) // 2] if middle else frames[-1])


def status(app, text: str):
    return app.page.get_by_text(text, exact=False).first


def test_a_deal_by_number_recruit_retire_undo_hint_and_resume(app, app_server):
    _url, db = app_server
    profile(db)
    store = Store.open(str(db))
    speed = store.get_setting("ui_animation_speed", None)
    store.set_setting("ui_animation_speed", "slow")  # slow flights, so a picture catches one
    store.close()
    try:
        play_a_deal(app, db)
    finally:
        store = Store.open(str(db))
        store.set_setting("ui_animation_speed", speed) if speed else store.delete_setting("ui_animation_speed")
        store.close()


def play_a_deal(app, db) -> None:
    page = app.page
    app.open("/new/deck-of-spies")
    expect(page.get_by_text("Kartenverteilung")).to_be_visible(timeout=40_000)
    number_mode = page.get_by_role("button", name="Nummer")
    number_mode.click()
    field = page.get_by_role("textbox", name="Spielnummer")
    expect(field).to_be_visible()
    # the app shows the deal it read
    type_into(field, NUMBER, page.get_by_text(f"Partie #{NUMBER}"), reveal=number_mode.click)
    if app.size_name == "phone":
        page.mouse.wheel(0, 400)  # the deal card and the number it reads
        shot(app, "spies-new-number")
    app.by_id("start-game").click()
    expect(page).to_have_url(re.compile(r"/play/\d+$"))
    game_id = int(page.url.rsplit("/", 1)[1])
    expect(page.get_by_text(f"Partie #{NUMBER}")).to_be_visible(timeout=20_000)
    expect(page.get_by_text("Spion 1 von 36")).to_be_visible()
    shot(app, "spies-table", 3000)  # the first table: the route's transition, pictures loading

    # select: the running sum and the reason follow; the buttons only work for a legal set
    app.by_id("card-3D").click()
    expect(status(app, "Summe 3 – der Spion braucht 5.")).to_be_visible()
    expect(page.get_by_role("button", name="Anwerben")).to_be_disabled()
    app.by_id("card-4D").click()
    expect(status(app, "Abwehren oder anwerben – du hast die Wahl.")).to_be_visible()
    expect(page.get_by_role("button", name="Anwerben")).to_be_enabled()
    if app.size_name == "phone":  # (on the tablet the hint's picture shows a selection too)
        shot(app, "spies-select")
    # the spy flies to the discard pile with the cards that recruited it
    flying_shot(app, "spies-recruit-flying", page.get_by_role("button", name="Anwerben").click)

    # retire: a pair of twos, after the recruit
    expect(status(app, "Spion erledigt!")).to_be_visible()
    app.by_id("card-2C").click()
    app.by_id("card-2S").click()
    expect(status(app, "2♣ 2♠ verlassen deinen Stapel für immer.")).to_be_visible()
    shot(app, "spies-retire")
    page.get_by_role("button", name="In Rente").click()
    expect(page.get_by_text("Spion 2 von 36")).to_be_visible()
    expect(app.by_id("spies-spy-discard")).to_contain_text(", 2 Karten")

    phone = app.size_name == "phone"
    if phone:
        # undo: back to the retire step (undo is unlimited and counted)
        page.get_by_role("button", name="Rückgängig").click()
        expect(status(app, "Spion erledigt!")).to_be_visible()
        page.get_by_role("button", name="Fertig").click()
        expect(page.get_by_text("Spion 2 von 36")).to_be_visible()
        # counter the next spy with cards that cannot recruit it
        counter = a_counter_only(["recruit 3D 4D", "done"])
        for c in counter.split()[1:]:
            app.by_id(f"card-{c}").click()
        expect(status(app, "Abwehren geht. Anwerben nicht:")).to_be_visible()
        expect(page.get_by_role("button", name="Anwerben")).to_be_disabled()
        page.get_by_role("button", name="Abwehren").click()
        # a pair is left to retire: spy 2 is being finished, the next one waits on the deck
        expect(status(app, "Spion erledigt!")).to_be_visible()
        expect(page.get_by_text("Spion 2 von 36")).to_be_visible()
        expect(page.get_by_text("NÄCHSTER SPION")).to_be_visible()

    # hint: the suggestion's reason, its cards selected
    page.get_by_role("button", name="Tipp").click()
    expect(app.by_id("spies-hint-text")).to_be_visible(timeout=20_000)
    shot(app, "spies-hint")

    # the discard pile opens in a sheet with its cards
    app.by_id("spies-discard").click()
    expect(page.get_by_text("Deine Ablage")).to_be_visible()
    expect(app.by_id("card-5D")).to_be_visible()
    shot(app, "spies-discard-sheet")
    # Flutter names the sheet's modal barrier "Schließen" too (its own label, now in German):
    # the sheet's button is the one that takes the keyboard focus.
    page.locator('flt-semantics[role="button"][tabindex]', has_text="Schließen").click()
    expect(page.get_by_text("Deine Ablage")).to_have_count(0)

    if not phone:
        return
    # reload: the game resumes where it was
    app.open(f"/play/{game_id}")
    expect(page.get_by_text("Spion 2 von 36")).to_be_visible(timeout=40_000)  # still retiring after spy 2
    expect(app.by_id("spies-discard")).to_contain_text(f", {3 + len(counter.split()) - 1} Karten")
    store = Store.open(str(db))
    try:
        record = store.load_game(game_id)
    finally:
        store.close()
    assert record["undos"] == 1 and record["hints"] == 1
    assert record["actions"] == ["recruit 3D 4D", "done", counter]


def test_the_last_spy_ends_the_game_with_result_and_statistics(app, app_server):
    _url, db = app_server
    game_id, last = one_move_from_the_end(db)
    page = app.page
    app.open(f"/play/{game_id}")
    expect(page.get_by_text("Letzter Spion!".upper())).to_be_visible(timeout=40_000)
    kind, *cards = last.split()
    if kind == "assassinate":
        page.get_by_role("button", name="Ausschalten").click()
        app.by_id(f"assassinate-{cards[0]}-{cards[1]}").click()
    else:
        for c in cards:
            app.by_id(f"card-{c}").click()
        button = {"counter": "Abwehren", "recruit": "Anwerben"}[kind]
        page.get_by_role("button", name=button).click()
    end = app.by_id("spies-end")
    expect(end).to_be_visible(timeout=20_000)
    expect(end).to_contain_text(re.compile("Gewonnen!|Verloren|Perfektes Spiel!"))
    expect(page.get_by_text(re.compile(r"\d+ von 12 Bildkarten"))).to_be_visible()
    shot(app, "spies-end", 2000)

    app.by_id("spies-stats").click()
    expect(page).to_have_url(re.compile(r"/stats/deck-of-spies$"))
    expect(page.get_by_text("Perfekte Spiele")).to_be_visible()
    expect(page.get_by_text("Letzte Partien".upper())).to_be_visible()
    expect(app.by_id(f"stats-game-{game_id}")).to_be_visible()
    shot(app, "spies-stats")

    if app.size_name == "tablet":
        # a new game from here, winnable deals only: the solver runs off the UI loop
        page.get_by_role("button", name="Spielen").click()
        expect(page.get_by_text("Kartenverteilung")).to_be_visible()
        app.by_id("spies-winnable").click()
        shot(app, "spies-new-winnable")
        app.by_id("start-game").click()
        expect(page).to_have_url(re.compile(r"/play/\d+$"), timeout=30_000)
        expect(page.get_by_text("Spion 1 von 36")).to_be_visible(timeout=20_000)
        new_id = int(page.url.rsplit("/", 1)[1])
        # the new game waits under Continue
        page.get_by_role("button", name=re.compile("^(Back|Zurück)$")).click()
        expect(app.by_id(f"continue-{new_id}")).to_be_visible()
