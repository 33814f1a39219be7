"""The Kings in the Corner table end to end: start from the new-game screen, draw, play a card and
move a pile by tap and by drag, the cross with four corner piles open, and the scoreboard after a
round, at phone and tablet size.

Positions that need four open corners are reached by seeded computer play and saved in the
app's database (``core.store`` + ``GameSession``), then opened at ``/play/<id>``, which is also
how a saved game is resumed. Screenshots go to docs/screenshots/kings-*-{phone,tablet}.png.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from harness import App, show
from playwright.sync_api import expect

from app import i18n
from app.tables.kings_corner import model
from core.games import kings_corner as kc
from core.session import GameSession, Seat

pytestmark = pytest.mark.e2e

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def doc_shot(app: App, name: str, ms: int = 900) -> None:
    """A screenshot for the docs (and the usual test artifact), once the canvas has caught up with the
    semantics: on a loaded machine it trails by seconds, so wait until two pictures in a row agree."""
    app.settle(ms)
    last = app.page.screenshot()
    for i in range(12):
        app.page.mouse.move(2 + i % 2, 300)  # a pointer event makes Flutter paint a fresh frame
        app.settle(800)
        now = app.page.screenshot()
        if now == last:
            break
        last = now
    app.shot(name, 0)
    DOCS.mkdir(parents=True, exist_ok=True)
    (DOCS / f"{name}-{app.size_name}.png").write_bytes(last)


def human_profile(store, name: str):
    for p in store.list_profiles():
        if p.name == name:
            return p
    return store.create_profile(name)


def saved(store, game_id: int) -> GameSession:
    return GameSession.restore(store.load_game(game_id))


def my_turn(app: App, timeout: int = 30_000) -> None:
    expect(app.by_id("turn")).to_contain_text("Du bist am Zug", timeout=timeout)


def open_game(app: App, game: GameSession) -> int:
    """Show a saved game's table and wait until it is *this* game's table, at the person's turn.

    In-app navigation changes the address at once, but the table shown before stays on screen
    until the new one is drawn, and it may say "Du bist am Zug" as well: a game found by the
    same seed search even has the same piles. A drag measured on the old table's piles then
    starts on a table that is replaced under the finger (the drag test failed so once). So
    wait for this game's hand and piles, each as its own words describe it."""
    settle = show(app, f"/play/{game.game_id}")
    my_turn(app)
    st = game.state
    for c in st["hands"][0]:
        expect(app.by_id(f"card-{c}")).to_be_visible()
    for pos in kc.POSITIONS:
        expect(app.by_id(f"pile-{pos}")).to_contain_text(model.pile_label(_t, "de", pos, st["piles"][pos]))
    return settle


def _t(key: str, **kw) -> str:
    return i18n.t(key, "de", **kw)


def centre(box: dict) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(app: App, src, dst) -> None:
    """Drag ``src`` onto ``dst`` with the mouse, past the drag slop first (a tap is never a drag)."""
    a, b = src.bounding_box(), dst.bounding_box()
    assert a and b
    m = app.page.mouse
    x, y = centre(a)
    tx, ty = centre(b)
    m.move(x, y)
    m.down()
    m.move(x + 10, y - 8, steps=4)
    m.move((x + tx) / 2, (y + ty) / 2, steps=10)
    m.move(tx, ty, steps=8)
    app.page.wait_for_timeout(150)
    m.up()


def four_corners_game(store, players: int, name: str = "Clara") -> GameSession:
    """A saved game at the person's turn with all four corners open, a card to play and a pile to move."""
    bots = [Seat("bot", "Computer", None, "easy") for _ in range(players - 1)]
    for seed in range(1, 400):
        s = GameSession.start("kings-corner", [Seat("bot", "Computer", None, "normal")] + bots, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            st = s.state
            if s.over:
                break
            if st["to_move"] == 0 and st["phase"] == "play" and all(st["piles"][c] for c in kc.CORNERS) \
                    and kc.card_plays(st["piles"], st["hands"][0]) and kc.pile_moves(st["piles"]) \
                    and len(st["hands"][0]) >= 4:
                p = human_profile(store, name)
                game = GameSession.start("kings-corner", [Seat("human", name, p.id)] + bots, seed=seed)
                for a in s.actions:
                    game.apply(a)
                game.game_id = store.save_game(game.record())
                return game
            s.apply(s.bot_action(rng))
    raise AssertionError("no deal with four open corners found")


def a_card_play(session: GameSession) -> tuple[str, str]:
    st = session.state
    return kc.card_plays(st["piles"], st["hands"][0])[0]


def a_pile_move(session: GameSession) -> tuple[str, str]:
    return kc.pile_moves(session.state["piles"])[0]


# --- from the new-game screen --------------------------------------------------------------------


def test_a_game_started_from_the_new_game_screen_draws_and_plays_a_card_by_tap(screens, store):
    human_profile(store, "Clara")
    app = screens("phone")
    page = app.page
    show(app, "/new/kings-corner")
    start = app.by_id("start-game")
    expect(start).to_be_visible(timeout=40_000)
    page.get_by_role("button", name="4", exact=True).first.click()  # four seats: you and three computers
    start.click()
    expect(page).to_have_url(re.compile(r"/play/\d+$"))
    game_id = int(page.url.rsplit("/", 1)[1])
    my_turn(app, 60_000)
    s = saved(store, game_id)
    assert s.state["players"] == 4
    expect(app.by_id("draw")).to_be_visible()
    for seat in range(1, 4):
        expect(app.by_id(f"hand-count-{seat}")).to_be_visible()
    app.by_id("draw").click()
    expect(app.by_id("end-turn")).to_be_visible()
    s = saved(store, game_id)
    assert s.actions[-1] == "draw"
    plays = kc.card_plays(s.state["piles"], s.state["hands"][0])
    if plays:
        card, pos = plays[0]
        app.by_id(f"card-{card}").click()
        expect(app.by_id(f"pile-{pos}")).to_contain_text("hierhin legen")
        app.by_id(f"pile-{pos}").click()
        expect(app.by_id(f"card-{card}")).to_have_count(0)
        assert saved(store, game_id).actions[-1] == f"play {card} {pos}"
    # Leave in the middle of the turn (a real reload) and come back: the same position, the hand
    # as it was, the turn still open.
    before = saved(store, game_id)
    app.open(f"/play/{game_id}")
    my_turn(app)
    for c in before.state["hands"][0]:
        expect(app.by_id(f"card-{c}")).to_be_visible()
    for pos in kc.POSITIONS:
        if before.state["piles"][pos]:
            expect(app.by_id(f"pile-{pos}")).to_contain_text(str(len(before.state["piles"][pos])) + " Karten"
                                                             if len(before.state["piles"][pos]) > 1 else ":")
    expect(app.by_id("end-turn")).to_be_visible()

    # End the turn: the computers play in turn. The deal is random, so a computer may empty its
    # hand before the turn comes round again; either way the table must say what happened.
    app.by_id("end-turn").click()
    expect(app.by_id("turn")).to_contain_text("überlegt", timeout=10_000)
    expect(app.by_id("turn").filter(has_text="Du bist am Zug").or_(page.get_by_text("gewinnt!"))).to_be_visible(
        timeout=90_000)
    after = saved(store, game_id)
    assert after.actions[len(before.actions)] == "end"
    if after.state.get("result") is None:
        assert after.state["to_move"] == 0


# --- four corners: tap and drag ------------------------------------------------------------------


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_with_four_corners_open_a_card_and_a_pile_move_by_tap_and_by_drag(screens, store, size):
    app = screens(size)
    game = four_corners_game(store, 4)
    if not app.page.url.startswith("http"):
        show(app, "/")  # load the app first: after a deep link the canvas may keep painting home
        expect(app.by_id("start-kings-corner").or_(app.page.get_by_text("Kings in the Corner").first)).to_be_visible()
    settle = open_game(app, game)
    for c in kc.CORNERS:
        expect(app.by_id(f"pile-{c}")).not_to_contain_text("leer")
    doc_shot(app, "kings-four-corners", max(settle, 3000))

    # By tap: the card, then its lit pile.
    card, pos = a_card_play(game)
    app.by_id(f"card-{card}").click()
    expect(app.by_id(f"pile-{pos}")).to_contain_text("hierhin legen")
    doc_shot(app, "kings-card-picked", 2500)
    app.by_id(f"pile-{pos}").click()
    expect(app.by_id(f"card-{card}")).to_have_count(0)
    game = saved(store, game.game_id)
    assert game.actions[-1] == f"play {card} {pos}"

    # A pile by tap: the pile, then where it goes.
    if kc.pile_moves(game.state["piles"]):
        src, dst = a_pile_move(game)
        app.by_id(f"pile-{src}").click()
        expect(app.by_id(f"pile-{dst}")).to_contain_text("hierhin legen")
        app.by_id(f"pile-{dst}").click()
        expect(app.by_id(f"pile-{src}")).to_contain_text("leer")
        game = saved(store, game.game_id)
        assert game.actions[-1] == f"move {src} {dst}"

    # The same kind of position again, by drag.
    game = four_corners_game(store, 4)
    open_game(app, game)
    app.settle(1500)
    src, dst = a_pile_move(game)
    drag(app, app.by_id(f"pile-{src}"), app.by_id(f"pile-{dst}"))
    expect(app.by_id(f"pile-{src}")).to_contain_text("leer", timeout=10_000)
    game = saved(store, game.game_id)
    assert game.actions[-1] == f"move {src} {dst}"
    plays = kc.card_plays(game.state["piles"], game.state["hands"][0])
    assert plays
    card, pos = plays[0]
    drag(app, app.by_id(f"card-{card}"), app.by_id(f"pile-{pos}"))
    # Not "the card is gone from the hand": a dragged card's place in the hand shows an empty
    # outline from the moment the drag starts, before the drop has reached the app (the test
    # then read the store too early, once). The pile that took it names it as its top card.
    after = [*game.state["piles"][pos], card]
    expect(app.by_id(f"pile-{pos}")).to_contain_text(model.pile_label(_t, "de", pos, after), timeout=10_000)
    expect(app.by_id(f"card-{card}")).to_have_count(0)
    assert saved(store, game.game_id).actions[-1] == f"play {card} {pos}"


# --- the scoreboard between rounds ---------------------------------------------------------------


def last_card_game(store, name: str = "Clara") -> tuple[GameSession, str, str]:
    """A saved session game (to 25) where the person can play out their last card now."""
    bots = [Seat("bot", "Computer", None, "easy") for _ in range(2)]
    for seed in range(1, 400):
        s = GameSession.start("kings-corner", [Seat("bot", "Computer", None, "normal")] + bots, seed=seed,
                              options={"target": 25})
        rng = random.Random(seed)
        for _ in range(600):
            st = s.state
            if s.over or st["round"] > 1:
                break
            hand = st["hands"][0]
            if st["to_move"] == 0 and st["phase"] == "play" and len(hand) == 1 and kc.card_plays(st["piles"], hand):
                p = human_profile(store, name)
                game = GameSession.start("kings-corner", [Seat("human", name, p.id)] + bots, seed=seed,
                                         options={"target": 25})
                for a in s.actions:
                    game.apply(a)
                game.game_id = store.save_game(game.record())
                card, pos = kc.card_plays(st["piles"], hand)[0]
                return game, card, pos
            s.apply(s.bot_action(rng))
    raise AssertionError("no deal with a last card to play found")


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_the_last_card_ends_the_round_and_the_scoreboard_waits_for_next_round(screens, store, size):
    app = screens(size)
    game, card, pos = last_card_game(store)
    open_game(app, game)
    app.by_id(f"card-{card}").click()
    expect(app.by_id(f"pile-{pos}")).to_contain_text("hierhin legen")
    app.by_id(f"pile-{pos}").click()
    expect(app.by_id("round-over")).to_be_visible(timeout=10_000)
    expect(app.by_id("board")).to_be_visible()
    doc_shot(app, "kings-scoreboard", 3000)
    after = saved(store, game.game_id)
    assert after.state["round"] == 2
    app.page.wait_for_timeout(1500)  # the computer does not move while the sheet is open
    assert saved(store, game.game_id).actions == after.actions
    app.by_id("next-round").click()
    expect(app.by_id("cross")).to_be_visible()
    my_turn(app, 60_000)
    expect(app.by_id("scoreboard")).to_contain_text("Runde 2")
    # The scoreboard can be looked at during a round, too.
    app.by_id("scoreboard").click()
    expect(app.by_id("board")).to_be_visible()
    app.page.get_by_role("button", name="Schließen").click()
    expect(app.by_id("board")).to_have_count(0)
