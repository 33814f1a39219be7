"""The Rosenkrieg table end to end: from the new-game screen through the declarations, the Erbe,
the tricks of a whole Partie and its sheet, at phone and tablet size; a reload mid-trick shows
the same table.

The game is started through the UI with a fixed seed (seat 1 is the person, the others are
normal computers, and with that deal the person is the only volunteer). Screenshots of the
table mid-trick, the Erbe choice and the sheet after the Partie go to docs/screenshots/.
"""

from __future__ import annotations

import re
import time

import pytest
from harness import ROOT, App, into_view, retype
from playwright.sync_api import expect

from core.session import GameSession

pytestmark = pytest.mark.e2e

DOCS = ROOT / "docs" / "screenshots"
SEEDS = {4: 1, 3: 2}  # deals where the person alone says "will" (the computers pass)


def docs_shot(app: App, name: str, ms: int = 1800) -> None:
    DOCS.mkdir(parents=True, exist_ok=True)
    app.settle(ms)
    app.page.screenshot(path=str(DOCS / f"rosenkrieg-{name}-{app.size_name}.png"))


def session_of(store, game_id: int) -> GameSession:
    return GameSession.restore(store.load_game(game_id))


def turn_text(app: App) -> str:
    """What the turn line says now; nothing while the table is not drawn (a reload, a slow
    machine's first frames), so the caller's own deadline decides how long to wait."""
    turn = app.by_id("turn")
    return (turn.first.text_content(timeout=2_000) or "") if turn.count() else ""


def wait_for_person(app: App, store, game_id: int, after: int = 0, timeout: float = 40) -> GameSession | None:
    """Until the person is to move after the first ``after`` moves (the table says so) or the
    Partie's sheet is open; None for the sheet."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if app.by_id("partie-continue").count():
            return None
        s = session_of(store, game_id)
        if len(s.actions) > after and s.to_move == 0 and "Du bist am Zug" in turn_text(app):
            return s
        app.page.wait_for_timeout(250)
    app.shot("rosenkrieg-stuck", 0)
    s = session_of(store, game_id)
    raise AssertionError(f"the person never got to move: {s.actions[after:]}, {turn_text(app)}")


def start_from_the_new_game_screen(app: App, store, players: int) -> int:
    if not any(p.name == "Clara" for p in store.list_profiles()):
        store.create_profile("Clara")
    page = app.page
    app.open("/new/rosenkrieg")
    expect(app.by_id("start-game")).to_be_visible(timeout=40_000)
    app.settle(1500)  # the form is still being laid out right after the first load
    count = page.get_by_role("button", name=str(players), exact=True).first
    count.click(force=True)
    expect(count).to_have_attribute("aria-current", "true")
    # The engine's options are on the form: Partien, Trumpfzwang, and when one loses sang- und klanglos.
    for text in ("Partien", "Trumpfzwang", "Sang- und klanglos", "Ohne Zähler", "Ohne Stich"):
        expect(page.get_by_text(text, exact=True).first).to_be_visible()
    seed = page.get_by_label("Startwert (optional)")
    into_view(app, seed)
    retype(seed, str(SEEDS[players]))
    app.settle(800)  # a tap while the form is still being drawn can be lost
    app.by_id("start-game").click()
    expect(page).to_have_url(re.compile(r"/play/\d+$"), timeout=20_000)
    game_id = int(page.url.rsplit("/", 1)[1])
    record = store.load_game(game_id)
    # Every later step relies on this deal: say so at once if it is another one.
    assert (record["seed"], len(record["seats"])) == (SEEDS[players], players), "the form's seed or count was lost"
    return game_id


def lay_away(app: App, s: GameSession) -> None:
    hand = s.view(0)["hands"][0]
    new = set(s.view(0)["erbe_dealt"].split())
    expect(app.by_id(f"card-{next(iter(new))}")).to_contain_text(re.compile("aus dem Erbe"))
    keep = [c for c in hand if c not in new]
    app.by_id(f"card-{keep[0]}").click()
    expect(app.by_id("lay-confirm")).to_contain_text("(1/2)")
    app.by_id(f"card-{keep[1]}").click()
    expect(app.by_id("lay-confirm")).to_contain_text("Ins Erbe legen")
    expect(app.by_id("lay-centre")).to_contain_text(re.compile("Zähler für dich"))
    docs_shot(app, "erbe")
    app.by_id("lay-confirm").click()


def play_one(app: App, s: GameSession) -> str:
    card = s.legal()[0].card
    if not s.state["trick"]["cards"]:
        # A trick has just been taken: watch it go to its winner, as a person would.
        expect(app.by_id("trick")).to_contain_text("spielt aus", timeout=10_000)
    app.by_id(f"card-{card}").click()
    expect(app.by_id("play")).to_contain_text("spielen")
    app.by_id("play").click()
    return card


def test_a_whole_partie_from_the_new_game_screen_to_its_sheet(app, store):
    players = 4 if app.size_name == "phone" else 3  # four seats on the phone, three on the tablet
    game_id = start_from_the_new_game_screen(app, store, players)
    page = app.page

    # Declaring: the computers before the person have passed, and it shows on their seats.
    s = wait_for_person(app, store, game_id, after=-1)
    assert s.state["phase"] == "declare" and s.state["players"] == players
    said = [seat for seat, will in enumerate(s.state["declarations"]) if will is False]
    assert said, "with this deal the computers before the person pass"
    for seat in said:
        expect(app.by_id(f"declared-{seat}")).to_contain_text("passt")
    expect(app.by_id("declarations")).to_contain_text(re.compile("passt"))
    app.settle(600)  # "will" and "pass" sit side by side: tap once the table has stopped moving
    app.by_id("declare-will").click()

    # The Erbe: the person is Potentat, takes it up and lays two cards away.
    s = wait_for_person(app, store, game_id, after=len(s.actions))
    assert s.state["declarations"][0] is True, f"the person's tap was not taken as 'will': {s.state['declarations']}"
    assert s.state["phase"] == "lay" and s.state["potentat"] == 0
    expect(app.by_id("potentat-0")).to_be_visible(timeout=15_000)
    lay_away(app, s)

    # The tricks, to the end of the Partie; one screenshot and one reload mid-trick.
    reloaded = False
    done = len(s.actions) + 1  # the lay
    while True:
        s = wait_for_person(app, store, game_id, after=done - 1, timeout=60)
        if s is None or s.state["partien"]:  # the last trick is on its way, then the sheet opens
            expect(app.by_id("partie-continue")).to_be_visible(timeout=10_000)
            break
        trick = s.state["trick"]["cards"]
        if trick and not reloaded:
            if app.size_name == "phone":  # the tablet shows the card points at the side
                expect(app.by_id("score-line")).to_contain_text("Dein Erbe")
            docs_shot(app, "trick")
            app.open(f"/play/{game_id}")  # a reload resumes the saved game mid-trick
            for card in trick:
                expect(app.by_id(f"card-{card}")).to_be_visible(timeout=20_000)
            expect(app.by_id("turn")).to_contain_text("Du bist am Zug")
            app.settle(2500)  # a freshly loaded page takes its first taps only once it has painted
            reloaded = True
            continue
        play_one(app, s)
        done = len(s.actions) + 1
    assert reloaded

    # The sheet after the Partie: card points, the settlement, the points per player; the
    # scoreboard; then on to the next Partie, whose declarations begin.
    expect(app.by_id("partie-headline")).to_be_visible()
    expect(page.get_by_text("Abrechnung", exact=False).first).to_be_visible()
    expect(page.get_by_text("Spielwert", exact=True)).to_be_visible()
    record = session_of(store, game_id).state["partien"][0]
    expect(app.by_id("partie-points-0")).to_contain_text(re.compile(re.escape(
        f"{'+' if record['points'][0] > 0 else '−'}{abs(record['points'][0])}")))
    docs_shot(app, "partie-sheet")
    app.by_id("partie-scoreboard").click()
    expect(app.by_id("score-row-1")).to_be_visible()
    page.keyboard.press("Escape")
    expect(app.by_id("score-row-1")).to_have_count(0)
    app.by_id("partie-continue").click()
    expect(app.by_id("partie")).to_contain_text("Partie 2 von 8")
    assert len(session_of(store, game_id).state["partien"]) == 1
