"""The Kings table's help in the browser: the guided first round's coach, a refused card that says why
and plays nothing, and the hint with its reason, at 390x844 and 1024x768.

Screenshots go to docs/screenshots/kings-{guide,refused,hint}-{phone,tablet}.png.
"""

from __future__ import annotations

import random

import pytest
from harness import App
from playwright.sync_api import expect
from test_guide import at_step
from test_kings_corner_table import doc_shot, human_profile, open_game, saved, show

from app.tables.kings_corner import guide as kc_guide
from core.games import kings_corner as kc
from core.session import GameSession, Seat

pytestmark = pytest.mark.e2e


def guided_game(store, name: str = "Clara") -> GameSession:
    """The guided first round as the offer deals it, at its first step."""
    p = human_profile(store, name)
    game = GameSession.start("kings-corner", [Seat("human", name, p.id), Seat("bot", "Computer", None, "easy")],
                             seed=kc_guide.SEED)
    game.meta["guide"] = {"step": 0, "done": False}
    game.game_id = store.save_game(game.record())
    return game


def stuck_card_game(store, name: str = "Clara") -> tuple[GameSession, str]:
    """A saved game at the person's turn to play, with a hand card that fits nowhere and others that fit."""
    bots = [Seat("bot", "Computer", None, "easy")]
    for seed in range(1, 400):
        s = GameSession.start("kings-corner", [Seat("bot", "Computer", None, "normal")] + bots, seed=seed)
        rng = random.Random(seed)
        for _ in range(200):
            st = s.state
            if s.over:
                break
            hand = st["hands"][0]
            stuck = [c for c in hand if not kc.card_targets(st["piles"], c)]
            if st["to_move"] == 0 and st["phase"] == "play" and stuck and kc.card_plays(st["piles"], hand):
                p = human_profile(store, name)
                game = GameSession.start("kings-corner", [Seat("human", name, p.id)] + bots, seed=seed)
                for a in s.actions:
                    game.apply(a)
                game.game_id = store.save_game(game.record())
                return game, stuck[0]
            s.apply(s.bot_action(rng))
    raise AssertionError("no deal with a stuck card found")


def first_load(app: App) -> None:
    if not app.page.url.startswith("http"):
        show(app, "/")  # load the app first: after a deep link the canvas may keep painting home
        expect(app.by_id("start-kings-corner").or_(app.page.get_by_text("Kings in the Corner").first)).to_be_visible()


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_the_guide_a_refused_card_and_the_hint(screens, store, size):
    app = screens(size)
    first_load(app)

    # The guided first round: the coach over the table, the cross lit, "Next" to the corners.
    game = guided_game(store)
    settle = open_game(app, game)
    at_step(app, 1, 8, "cross")
    doc_shot(app, "kings-guide", max(settle, 2500))
    app.by_id("guide-next").click()
    at_step(app, 2, 8, "pile-NE")
    app.by_id("guide-next").click()
    at_step(app, 3, 8, "talon")
    app.by_id("guide-skip").click()
    expect(app.by_id("coach")).to_have_count(0)

    # A card that fits nowhere: tapped, it stays in the hand and the line says what it would need.
    game, card = stuck_card_game(store)
    open_game(app, game)
    app.by_id(f"card-{card}").click()
    expect(app.by_id("hint")).to_contain_text("passt gerade nirgends hin")
    assert saved(store, game.game_id).actions == game.actions
    doc_shot(app, "kings-refused", 1500)

    # The hint: the hard computer's move with its reason, its card or pile picked.
    app.by_id("kc-hint").click()
    line = app.by_id("kc-hint-text")
    expect(line).to_contain_text(":", timeout=20_000)  # "Leg … auf …: …" once it is worked out
    expect(line).not_to_contain_text("Einen Moment", timeout=20_000)
    assert "{" not in (line.get_attribute("aria-label") or line.text_content() or "")
    doc_shot(app, "kings-hint", 1500)
    assert saved(store, game.game_id).actions == game.actions  # a hint plays nothing
