"""A Deck of Spies counter answers with its cards alone, and the rest follows when they land.

On a real page without a client (``tests.headless_table``), cards flying at normal speed:
what Flet sends right after the tap on "Abwehren" changes only the cards already on
screen (no drawing of the whole table, no new control); the next spy, the counts and the
status line come with the frame after the flight, and then the table is the drawing of
the game as it now stands.
"""

from __future__ import annotations

import asyncio

from flet.messaging.protocol import MessageAction

from app.tables.deck_of_spies import logic as lg
from tests.headless_table import table_on_a_page
from tests.test_app_morph import shown_semantics


def tap_target(table, ident):
    """The tappable control inside the semantics node ``ident`` on screen."""
    return shown_semantics(table)[ident].content


def cards_on_screen(table) -> dict[str, object]:
    return {c.key[2:]: c for c in table.root.controls if isinstance(c.key, str) and c.key.startswith("c-")}


def patches_since(h, n):
    return [m.body for m in h.conn.messages[n:] if m.action == MessageAction.PATCH_CONTROL]


async def counter_ready(h, session, table):
    """Select the cards of the first legal counter; returns them."""
    cards = next(str(a).split()[1:] for a in session.legal() if str(a).startswith("counter "))
    for card in cards:
        await h.fire(tap_target(table, f"card-{card}"), "click")
        await h.settle(3)
    return cards


def test_a_counter_first_sends_only_its_cards_then_the_next_spy_when_they_have_landed():
    async def main():
        h, session, table = await table_on_a_page("deck-of-spies", 0, 3, speed="normal")
        spy = lg.spy(table.view())
        played = await counter_ready(h, session, table)
        shown = cards_on_screen(table)
        card_ids = {c._i for c in shown.values()}
        n = len(h.conn.messages)
        await h.fire(tap_target(table, "spies-counter"), "click")
        await h.settle(3)
        first = patches_since(h, n)
        assert first, "the tap sent nothing"
        assert {p.id for p in first} <= card_ids  # the cards on screen, each by itself
        for c in played + [spy]:
            assert shown[c] in cards_on_screen(table).values()  # still the same controls …
        slots = table.card_slots(table.view())
        for c in played:
            assert (shown[c].left, shown[c].top) == (slots[c].x, slots[c].y)  # … on their way
        assert shown[spy].left == table.zone_slot("spy_discard").x
        after = table.view()
        nxt = lg.spy(after)
        assert nxt != spy and nxt not in cards_on_screen(table)  # the next spy: not yet
        await asyncio.sleep(table.duration / 1000 + 0.3)
        await h.settle(5)
        landed = cards_on_screen(table)
        assert nxt in landed and spy not in landed
        fresh = {c.key[2:] for c in table.build(after) if isinstance(c.key, str) and c.key.startswith("c-")}
        assert set(landed) == fresh  # the drawing of the game as it stands

    asyncio.run(main())


def test_a_counter_during_the_guide_is_drawn_whole():
    """The guide's coach lights parts of whole drawings: no lead while a tour runs."""
    async def main():
        h, session, table = await table_on_a_page("deck-of-spies", 0, 3, speed="normal")
        await counter_ready(h, session, table)
        before = table.view()
        counter = next(str(a) for a in session.legal() if str(a).startswith("counter "))
        session.apply(counter)
        frame = table.frames(before, table.view())[0]
        assert frame["lead"] and table.lead(table.view(), frame) is not None
        table.guide.tour, table.guide.done = object(), False
        assert table.lead(table.view(), frame) is None

    asyncio.run(main())


def test_a_move_that_moves_no_card_on_screen_is_drawn_whole_at_once():
    """A "done" after retiring that only draws cards: a lead of nothing would leave the tap
    unanswered until the drawn cards fly in."""
    import random

    from tests.test_app_deck_of_spies_table import make_table, new_session

    for seed in range(3, 9):
        s = new_session(seed)
        table = make_table(s, speed="normal")
        rng = random.Random(seed)
        while not s.over:
            before = table.view()
            s.apply(rng.choice(s.legal()))
            frame = table.frames(before, table.view())[0]
            if frame.get("lead") and not set(frame["moving"]) & set(table.card_slots(before)):
                assert table.lead(table.view(), frame) is None
                return
            table.redraw_now()
    raise AssertionError("no such move in seeds 3-8")
