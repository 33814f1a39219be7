"""A Kings draw answers with the talon and the hand alone, and the rest of the table follows.

On a real page without a client (``tests.headless_table``): what Flet sends right after the
tap on "Karte ziehen" changes only controls of the talon and of the hand (no drawing of the
whole table); the buttons, the guidance line and the piles come afterwards, and then the
table is the drawing of the game as it now stands.
"""

from __future__ import annotations

import asyncio

import pytest
from flet.messaging.protocol import MessageAction

from app.tables.kings_corner import model
from app.tables.kit.coach import walk
from core.games import kings_corner as kc
from tests.headless_table import table_on_a_page
from tests.test_app_morph import shown_semantics


def patched_ids(h, n: int) -> set[int]:
    return {m.body.id for m in h.conn.messages[n:] if m.action == MessageAction.PATCH_CONTROL}


def tap_target(semantics):
    """The control that takes the tap inside a card's semantics node."""
    return next(c for c, _ in walk(semantics) if getattr(c, "on_click", None))


def ids_under(*controls) -> set[int]:
    return {c._i for root in controls for c, _ in walk(root)}


async def person_to_draw(speed: str):
    """Anna's table at her first draw (the computer, when it starts, has moved)."""
    for seed in range(1, 40):
        h, session, table = await table_on_a_page("kings-corner", 1, seed, speed=speed)
        if session.to_move == 0 and session.state["phase"] == "draw":
            return h, session, table
    raise AssertionError("no deal where Anna draws first")


@pytest.mark.parametrize("speed", ["normal", "off"])
def test_a_draw_first_sends_only_the_talon_and_the_hand_then_the_rest(speed):
    async def main():
        h, session, table = await person_to_draw(speed)
        assert "draw" in shown_semantics(table) and "end-turn" not in shown_semantics(table)
        n = len(h.conn.messages)
        await h.fire(shown_semantics(table)["draw"].content, "click")
        await h.settle(2)
        assert session.actions[-1] == "draw"
        first = patched_ids(h, n)
        assert first, "the tap sent nothing"
        shown = shown_semantics(table)
        assert first <= ids_under(shown["talon"], shown["hand"])  # the talon and the hand, nothing else
        drawn = session.state["hands"][0][-1]
        assert f"card-{drawn}" in shown  # the drawn card is in the hand already
        plays = kc.card_plays(session.state["piles"], session.state["hands"][0])
        if plays:  # a card that fits, tapped before the rest has come, is picked (not refused)
            card = plays[0][0]
            await h.fire(tap_target(shown[f"card-{card}"]), "click")
            assert table.pick == model.Pick("card", card) and table.message is None
        await asyncio.sleep(table.duration / 1000 + 0.3)
        await h.settle(5)
        shown = shown_semantics(table)
        assert "end-turn" in shown and "draw" not in shown  # the rest has followed
        assert table._drawn == table.drawn_key()  # the table is the drawing of the game as it stands

    asyncio.run(main())
