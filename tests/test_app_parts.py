"""kit.parts: parts of a drawing kept on screen while what they show is the same.

The rule that matters: a table with kept parts looks exactly like the same table drawn
from scratch, after every tap and every move of random games; and a pick does keep the
parts it does not change (so their controls are neither built nor sent again).
"""

from __future__ import annotations

import asyncio
import random

import flet as ft
import pytest

from app.tables.kit import morph as m
from app.tables.kit.parts import Parts
from core.games import thronfolge as tf
from tests.headless_table import table_on_a_page
from tests.test_app_morph import look


class Mounted(ft.Text):
    """A control that says it reached the page (Flet sets ``parent`` then)."""

    @property
    def parent(self):
        return self


def parts(scope="s") -> tuple[Parts, list[str]]:
    built: list[str] = []
    box = {"scope": scope}
    p = Parts(lambda: box["scope"])
    p.box = box  # type: ignore[attr-defined]
    return p, built


def draw(p: Parts, built: list[str], inputs, name: str = "a", control=Mounted):
    c = p.part(name, inputs, lambda: (built.append(name), control(name))[1])
    p.remap(lambda x: x)
    return c


def test_a_part_drawn_from_equal_inputs_is_the_control_already_on_screen():
    p, built = parts()
    first = draw(p, built, (1, ["2C"]))
    assert draw(p, built, (1, ["2C"])) is first and built == ["a"]
    assert draw(p, built, (1, ["3C"])) is not first and built == ["a", "a"]


def test_nothing_is_kept_without_a_scope_or_after_the_scope_changed():
    p, built = parts(scope=None)
    draw(p, built, 1)
    draw(p, built, 1)
    assert built == ["a", "a"]
    p.box["scope"] = "phone"
    first = draw(p, built, 1)
    p.box["scope"] = "tablet"
    assert draw(p, built, 1) is not first and len(built) == 4


def test_a_part_not_on_the_page_or_not_drawn_last_time_is_built_again():
    p, built = parts()
    draw(p, built, 1, control=ft.Text)  # never reached a page
    draw(p, built, 1, control=ft.Text)
    assert built == ["a", "a"]
    draw(p, built, 1, name="b")  # "a" was not drawn this time: forgotten
    draw(p, built, 1)
    assert built == ["a", "a", "b", "a"]


def test_a_name_is_kept_once_per_drawing():
    p, built = parts()
    first = draw(p, built, 1)
    again = p.part("a", 1, lambda: Mounted("x"))
    twice = p.part("a", 1, lambda: Mounted("y"))
    assert again is first and twice is not first


def test_a_kept_child_stays_itself_among_children_of_its_type():
    kept = ft.Container(ft.Text("kept"))
    other = ft.Container(ft.Text("other"))
    shown = m.morph_list([other, kept], [kept, ft.Container(ft.Text("new"))], m.Kept())
    assert shown[0] is kept and shown[1] is other and kept.content.value == "kept"
    assert other.content.value == "new"


# --- on the Thronfolge table ------------------------------------------------------------------------


def fresh_drawing(table) -> list:
    """The table drawn from scratch, nothing kept."""
    scope = table.parts.scope
    table.parts.scope = lambda: None
    try:
        return table.guide.dress(table.build_content())
    finally:
        table.parts.scope = scope


async def thronfolge_on_a_page(wide: bool, seed: int):
    return await table_on_a_page("thronfolge", 1, seed, wide=wide)


@pytest.mark.parametrize("wide, seed", [(False, 1), (False, 2), (True, 3)])
def test_a_table_with_kept_parts_looks_like_one_drawn_from_scratch_after_every_tap(wide, seed):
    async def main():
        h, session, table = await thronfolge_on_a_page(wide, seed)
        rng = random.Random(seed)
        kept_headers, name = 0, "panel-1" if wide else "header-1"
        for _ in range(400):
            if session.over:
                break
            if session.to_move == 1:
                table.driver.apply(session.bot_action(rng))
            else:
                plays = [a.card for a in session.legal() if isinstance(a, tf.Play)]
                before = table.parts._shown.get(name, (None, None))[1]
                if plays and rng.random() < 0.8:
                    table.tap_card(rng.choice(plays))  # a pick, or a play of the card picked
                else:
                    table.act(rng.choice(session.legal()))
                if before is not None and table.parts._shown.get(name, (None, None))[1] is before:
                    kept_headers += 1
            await h.settle(2)
            assert look(table.root.controls) == look(fresh_drawing(table))
        assert session.over and kept_headers > 5

    asyncio.run(main())


def test_a_pick_sends_only_the_hand_the_line_and_the_buttons():
    """The courts are kept: nothing of them is built, morphed or sent."""
    async def main():
        h, session, table = await thronfolge_on_a_page(False, 4)
        courts = [table.parts._shown[name][1] for name in ("header-1", "tokens-1", "tokens-0", "header-0")]
        patched = []
        real = h.session.patch_control
        h.session.patch_control = lambda c, *a, **k: (patched.append(c), real(c, *a, **k))
        table.tap_card(session.view(0)["hands"][0][0])
        await h.settle(2)
        assert patched
        assert [table.parts._shown[name][1] for name in ("header-1", "tokens-1", "tokens-0", "header-0")] == courts
        assert not any(_inside(c, court) for c in patched for court in courts)

    asyncio.run(main())


def _inside(control, part) -> bool:
    c = control
    while c is not None:
        if c is part:
            return True
        c = c.parent
    return False


@pytest.mark.parametrize("wide, seed", [(False, 1), (True, 2)])
def test_a_kings_table_with_kept_seats_and_piles_looks_like_one_drawn_from_scratch_after_every_tap(wide, seed):
    async def main():
        h, session, table = await table_on_a_page("kings-corner", 2, seed, wide=wide)
        rng = random.Random(seed)
        kept = kept_piles = 0
        for _ in range(300):
            if session.over:
                break
            before = table.parts._shown.get("chip-1", (None, None))[1]
            pile_before = table.parts._shown.get("pile-N", (None, None))[1]
            if table.sheet:
                table.close_sheet()
            elif session.to_move != 0:
                table.driver.apply(session.bot_action(rng))
            elif (r := rng.random()) < 0.3 and session.view(0)["hands"][0]:
                table.tap_card(rng.choice(session.view(0)["hands"][0]))
            elif r < 0.5:
                table.tap_pile(rng.choice(["N", "E", "S", "W", "NE", "SE", "SW", "NW"]))
            else:
                table.act(rng.choice(session.legal()))
            kept += before is not None and table.parts._shown.get("chip-1", (None, None))[1] is before
            kept_piles += pile_before is not None and table.parts._shown.get("pile-N", (None, None))[1] is pile_before
            await h.settle(2)
            while table.leading:  # a draw's lead: the rest of the table follows a moment later
                await asyncio.sleep(0.01)
            assert look(table.root.controls) == look(fresh_drawing(table))
        assert kept > 5 and kept_piles > 5

    asyncio.run(main())
