"""The Thronfolge recap between two rounds, end to end at phone and tablet size: a game whose
first round has just ended opens on the recap (who won the round, both standings, who starts
next); "Next round" goes on to the table. Screenshots: docs/screenshots/thronfolge-recap-*.png.
"""

from __future__ import annotations

import random

import pytest
from harness import doc_shot
from playwright.sync_api import expect

from app.state import AppState
from app.tables.thronfolge import model
from core.session import GameSession, Seat

pytestmark = pytest.mark.e2e



@pytest.fixture
def games(store):
    """The games a test saves, archived afterwards: other tests' Continue lists stay as they were."""
    made: list[int] = []
    yield made
    for gid in made:
        store.set_game_archived(gid, True)


def round_just_ended(store) -> int:
    """A saved game vs the computer right after the person's move that ended round 1."""
    state = AppState(store, "de")
    clara = next((p for p in store.list_profiles() if p.name == "Clara"), None) or store.create_profile("Clara")
    game = state.start_game("thronfolge", [Seat("human", "Clara", clara.id), state.bot_seat("normal")],
                            seed=5, options={"starter": 1})
    rng = random.Random(5)
    while game.state["round"] == 1:
        legal = game.legal()
        game.apply(legal[rng.randrange(len(legal))])
    return game.game_id


def test_a_round_ends_with_a_recap_and_next_round_goes_on(app, store, games):
    game_id = round_just_ended(store)
    games.append(game_id)
    saved = GameSession.restore(store.load_game(game_id))
    app.open(f"/play/{game_id}")
    recap = app.by_id("round-over")
    expect(recap).to_be_visible(timeout=40_000)
    expect(recap).to_contain_text("Runde 1 von 4 ist vorbei")
    expect(app.by_id("recap-why")).to_contain_text("die Runde")
    mine, theirs = model.live_scores(saved.state)
    expect(app.by_id("recap-0")).to_contain_text(str(mine))
    expect(app.by_id("recap-1")).to_contain_text(str(theirs))
    doc_shot(app, f"thronfolge-recap-{app.size_name}", 1500)
    app.by_id("next-round").click()
    expect(app.by_id("round-over")).to_have_count(0)
    expect(app.by_id("turn")).to_be_visible()
    expect(app.by_id("round")).to_contain_text("Runde 2/4")
