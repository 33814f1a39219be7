"""kit.morph: a fresh drawing put on screen by changing the controls already there.

What is on screen after a morph must look exactly like the fresh drawing (checked on
random trees), while the controls that stand for the same thing keep their identity, so
Flet sends only what changed (checked on a real page without a client, and on the
Thronfolge table).
"""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft
from flet.controls.object_patch import Operation
from hypothesis import given, settings
from hypothesis import strategies as st

from app.tables.kit import morph as m
from app.tables.kit.motion import Slides
from tests.headless_page import HeadlessPage


def look(c: Any) -> Any:
    """What a control shows: its type, properties (a handler only as "there is one"), data and children."""
    if isinstance(c, list):
        return [look(x) for x in c]
    if not isinstance(c, ft.BaseControl):
        return c
    events = type(c)._event_fields
    props = {}
    for name, value in c._values.items():
        if name == "key":  # the key the table gave, without the role ending morph may add
            value = m._key(c)
            if value is None:
                continue
        elif name in events:
            value = value is not None
        props[name] = look(value)
    lists = {name: look(getattr(c, name)) for name in type(c)._structural_fields
             if not name.startswith("_") and getattr(c, name, None)}
    return type(c).__name__, sorted(props.items(), key=lambda kv: kv[0]), sorted(lists.items()), c.data


def ids(c: Any) -> set[int]:
    """Python ids of every control in the tree."""
    out = {id(c)}
    for name in ("content",):
        inner = c._values.get(name) if isinstance(c, ft.BaseControl) else None
        if isinstance(inner, ft.BaseControl):
            out |= ids(inner)
    for x in getattr(c, "controls", None) or ():
        out |= ids(x)
    return out


# --- random trees ------------------------------------------------------------------------------

texts = st.builds(lambda v, size: ft.Text(v, size=size), st.sampled_from(["a", "b", "Zehn"]),
                  st.sampled_from([None, 12, 14]))
IDENTS = st.sampled_from([None, "card-TS", "card-2C", "hint"])
KEYS = st.sampled_from([None, "k1", "k2"])


def trees(leaf=texts):
    return st.recursive(leaf, lambda inner: st.one_of(
        st.builds(lambda c, bg, w, key, tap: ft.Container(c, bgcolor=bg, width=w, key=key,
                                                          on_click=(lambda e: None) if tap else None),
                  inner, st.sampled_from([None, "red", "#fff"]), st.sampled_from([None, 10, 20]), KEYS, st.booleans()),
        st.builds(lambda cs, spacing: ft.Column(cs, spacing=spacing), st.lists(inner, max_size=4),
                  st.sampled_from([None, 4])),
        st.builds(lambda cs: ft.Row(cs), st.lists(inner, max_size=4)),
        st.builds(lambda cs: ft.Stack(cs), st.lists(inner, max_size=3)),
        st.builds(lambda c, ident, button, label, key: ft.Semantics(content=c, identifier=ident, button=button,
                                                                     label=label, key=key),
                  inner, IDENTS, st.booleans(), st.sampled_from([None, "x", "y"]), KEYS),
    ), max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(st.lists(trees(), max_size=4), st.lists(trees(), max_size=4), st.lists(trees(), max_size=4))
def test_after_a_morph_the_screen_looks_exactly_like_the_fresh_drawing(first, second, third):
    shown = first
    for fresh in (second, third):
        want = look(fresh)
        shown = m.morph_list(shown, fresh, m.Kept()) or []
        assert look(shown) == want


@settings(max_examples=200, deadline=None)
@given(st.lists(trees(), max_size=4), st.lists(trees(), max_size=4))
def test_no_control_is_shown_twice_and_kept_points_at_what_is_shown(first, second):
    kept = m.Kept()
    fresh = list(second)
    shown = m.morph_list(first, second, kept) or []
    seen: list[int] = []
    for c in shown:
        seen += list(ids(c))
    assert len(seen) == len(set(seen))
    on_screen = set(seen)
    for c in fresh:
        assert id(kept(c)) in on_screen
    assert all(kept(c) is c for c in fresh if id(c) in on_screen)

# --- matching --------------------------------------------------------------------------------


def card(ident: str, tap: bool = False, label: str = "x", key: str | None = None) -> ft.Semantics:
    return ft.Semantics(identifier=ident, button=tap, label=label, key=key,
                        content=ft.Container(ft.Text(ident), on_click=(lambda e: None) if tap else None))


def test_the_same_card_in_the_same_role_is_kept_and_only_its_changes_are_copied():
    old = [card("card-TS", label="Pik Zehn")]
    new = [card("card-TS", label="Pik Zehn, gewählt")]
    shown = m.morph_list(old, new, m.Kept())
    assert shown[0] is old[0]
    assert shown[0].label == "Pik Zehn, gewählt"
    assert shown[0]._dirty == {"label": None}  # nothing else changed


def test_a_card_is_never_changed_into_another_card():
    old = [ft.Container(card("card-TS"))]
    new = [ft.Container(card("card-2C"))]
    shown = m.morph_list(old, new, m.Kept())
    assert shown[0] is new[0]  # matched by the identifier at its top: no match


def test_a_card_in_the_middle_of_a_hand_keeps_its_neighbours_when_another_is_played():
    old = [ft.Container(card(f"card-{c}")) for c in ("2C", "3C", "4C", "5C")]
    new = [ft.Container(card(f"card-{c}")) for c in ("2C", "4C", "5C")]
    shown = m.morph_list(old, new, m.Kept())
    assert [s is o for s, o in zip(shown, [old[0], old[2], old[3]])] == [True, True, True]


def test_keyed_children_are_found_again_after_a_reorder():
    old = [ft.Container(ft.Text("a"), key="a"), ft.Container(ft.Text("b"), key="b")]
    new = [ft.Container(ft.Text("b!"), key="b"), ft.Container(ft.Text("a"), key="a"), ft.Container(key="c")]
    shown = m.morph_list(old, new, m.Kept())
    assert shown[0] is old[1] and shown[1] is old[0] and shown[2] is new[2]
    assert shown[0].content.value == "b!"


def test_a_card_whose_role_changes_is_drawn_anew_under_a_key_with_its_role():
    """Flutter's web client would drop the identifier of a node whose role changes in place."""
    old = [card("card-TS", tap=False, key="TS-hand")]
    new = [card("card-TS", tap=True, key="TS-hand")]
    shown = m.morph_list(old, new, m.Kept())
    assert shown[0] is new[0]
    assert shown[0].key != "TS-hand" and m._key(shown[0]) == "TS-hand"
    # the next drawing in the same role keeps it, with the key it was drawn under
    again = [card("card-TS", tap=True, key="TS-hand", label="y")]
    key_on_screen = shown[0].key
    shown2 = m.morph_list(shown, again, m.Kept())
    assert shown2[0] is shown[0] and shown2[0].key == key_on_screen and shown2[0].label == "y"
    # and back to the first role: anew again, under a third key
    back = [card("card-TS", tap=False, key="TS-hand")]
    shown3 = m.morph_list(shown2, back, m.Kept())
    assert shown3[0] is back[0] and shown3[0].key not in ("TS-hand", key_on_screen)


def test_the_fresh_handler_takes_over_without_a_change_for_the_client():
    calls = []
    old = ft.Container(on_click=lambda e: calls.append("old"))
    new = ft.Container(on_click=lambda e: calls.append("new"))
    kept = m.morph(old, new, m.Kept())
    assert kept is old and not old._dirty
    old.on_click(None)
    assert calls == ["new"]


def test_a_handler_switched_on_or_off_is_a_change():
    old, new = ft.Container(), ft.Container(on_click=lambda e: None)
    m.morph(old, new, m.Kept())
    assert "on_click" in old._dirty
    m.morph(old, ft.Container(), m.Kept())
    assert old.on_click is None


def test_data_goes_with_the_drawing():
    old, new = ft.DragTarget(content=ft.Text("a"), data="pile-N"), ft.DragTarget(content=ft.Text("a"), data="pile-S")
    assert m.morph(old, new, m.Kept()).data == "pile-S"


def test_slides_are_keyed_per_drawing_so_a_moving_card_always_starts_at_its_start():
    slides = Slides()
    slides.begin()
    a = slides.add(ft.Text("x"), {"opacity": 0.0}, {"opacity": 1.0}, 200)
    slides.begin()
    b = slides.add(ft.Text("x"), {"opacity": 0.0}, {"opacity": 1.0}, 200)
    assert m.morph_list([a], [b], m.Kept())[0] is b


def test_kept_answers_for_fresh_controls_and_leaves_others():
    old, new = ft.Container(ft.Text("a")), ft.Container(ft.Text("b"))
    kept = m.Kept()
    m.morph(old, new, kept)
    assert kept(new) is old and kept(new.content) is old.content
    other = ft.Text("z")
    assert kept(other) is other


# --- on a page ---------------------------------------------------------------------------------


def run(coro_fn):
    return asyncio.run(coro_fn())


def test_on_a_page_a_morph_sends_only_the_changed_property_and_registers_nothing_new():
    async def main():
        h = HeadlessPage()
        root = ft.Column([ft.Container(card(f"card-{c}", label=c), key=f"{c}-slot") for c in ("2C", "3C", "4C")])
        h.page.add(root)
        await h.settle()
        before = {id(c) for c in root.controls}
        n = len(h.conn.messages)
        fresh = [ft.Container(card(f"card-{c}", label=c + ("!" if c == "3C" else "")), key=f"{c}-slot")
                 for c in ("2C", "3C", "4C")]
        root.controls = m.morph_list(root.controls, fresh, m.Kept())
        root.update()
        assert {id(c) for c in root.controls} == before
        sent = h.conn.messages[n:]
        assert len(sent) == 1
        ops = [list(op) for op in sent[0].body.patch[1:]]
        assert [op[2:] for op in ops] == [["label", "3C!"]] and ops[0][0] == Operation.Replace
    run(main)


# --- the tables ------------------------------------------------------------------------------------


def shown_semantics(table) -> dict[str, ft.Semantics]:
    from app.tables.kit.coach import walk

    shown: dict[str, ft.Semantics] = {}
    for c, _ in walk(table.root):
        if isinstance(c, ft.Semantics) and c.identifier:
            shown.setdefault(c.identifier, c)  # the first, as a test in the browser finds it
    return shown


def test_when_the_turn_passes_the_hand_and_the_line_stay_on_screen():
    """A play hands the turn to the computer: the cards still in the hand, and the line, are
    the same controls as before (only their taps are switched off), so Flet sends little."""
    from core.session import GameSession, Seat
    from tests.test_app_thronfolge_table import make_table

    session = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], seed=3)
    table = make_table(session, speed="off")
    table.control()
    hand = session.view(0)["hands"][0]
    before = shown_semantics(table)
    table.tap_card(hand[0])
    table.tap_card(hand[0])
    assert session.actions == [f"play {hand[0]}"] and session.to_move == 1
    after = shown_semantics(table)
    for card in hand[1:]:
        assert after[f"card-{card}"] is before[f"card-{card}"]
        assert after[f"card-{card}"].button  # still read as a card of the hand to tap
    assert after["reach"] is before["reach"]


def test_kings_piles_stay_on_screen_when_the_turn_passes():
    from tests.test_app_kings_corner_table import ann_to_move, make_table, press

    session = ann_to_move()
    table = make_table(session)
    before = shown_semantics(table)
    press(table, "end-turn")
    assert session.to_move == 1
    after = shown_semantics(table)
    for pos in ("N", "E", "S", "W", "NE", "SE", "SW", "NW"):
        assert after[f"pile-{pos}"] is before[f"pile-{pos}"]
    for card in session.state["hands"][0]:
        assert after[f"card-{card}"] is before[f"card-{card}"]


def test_kings_table_column_keeps_its_children_when_the_turn_passes():
    """The hint line and the buttons are the same keyed boxes on every turn: only what is in them
    changes, so Flet compares those, not the whole column (which it did when one was replaced)."""
    from tests.test_app_kings_corner_table import ann_to_move, make_table, press

    session = ann_to_move()
    table = make_table(session)
    column = table.root.controls[0].content
    before = list(column.controls)
    press(table, "end-turn")
    assert session.to_move == 1
    assert table.root.controls[0].content is column
    assert all(a is b for a, b in zip(column.controls, before)) and len(column.controls) == len(before)


def test_a_tap_on_a_table_never_makes_flet_diff_the_whole_page():
    """Flet updates the page after a handler unless it sent something itself; a table sends
    its own changes, so a tap (even one that changes nothing) never costs a page-wide diff."""
    from app.events import ignore, quiet
    from app.state import AppState
    from app.tables.kit.table import mount
    from app.tables.thronfolge import ThronfolgeTable
    from core.session import GameSession, Seat
    from tests.test_app_thronfolge_table import SavingStore, stub_ui

    async def main():
        h = HeadlessPage(width=390, height=844)
        session = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")],
                                    seed=3, saver=SavingStore())
        state = AppState(SavingStore(), "de")
        state.settings.speed = "off"
        state.ui = stub_ui("de")
        state.ui.page = h.page
        table = ThronfolgeTable(state, session)
        table.driver.kick = lambda: None  # no computer turn in this test
        h.page.add(mount(state, table))
        h.page.on_app_lifecycle_state_change = quiet(ignore)  # as the shell answers it
        await h.settle()
        patched = []
        real = h.session.patch_control
        h.session.patch_control = lambda c, *a, **k: (patched.append(c), real(c, *a, **k))
        card = session.view(0)["hands"][0][0]
        face = shown_semantics(table)[f"card-{card}"].content
        await h.fire(face, "click")  # pick
        await h.fire(h.page, "app_lifecycle_state_change", {"state": "resume"})  # changes nothing
        face = shown_semantics(table)[f"card-{card}"].content
        await h.fire(face, "click")  # play
        assert session.actions == [f"play {card}"]
        assert patched and h.page not in patched

    run(main)


def test_a_cards_lifted_look_is_made_once_and_is_the_control_on_screen_in_every_drawing():
    from app.tables.kit.drag import DragLights
    from app.tables.kit.hand import hand_row

    drag = DragLights()

    def draw(playable):
        return hand_row(["TS", "2C"], lang="de", size="medium", back="royal", playable=playable,
                        on_tap=lambda c: None, drag=drag)

    first = draw({"TS"}).controls
    second = m.morph_list(first, draw({"2C"}).controls, m.Kept())
    assert [c is d for c, d in zip(first, second)] == [True, True]
    assert first[0].content_feedback is drag.lifted(("TS", "de", "medium", "royal", None, False), None)
    # the drag is on only where the card may move now
    assert [c.max_simultaneous_drags for c in second] == [0, None]
    # a look that is not the card's own never turns into it
    assert first[0].content_feedback.key != first[1].content_feedback.key


def test_a_move_that_starts_a_flight_never_makes_flet_diff_the_whole_page():
    """Deck of Spies flies the cards of a move (or an undo) in a task that begins after the
    handler: the handler itself sends nothing, and Flet's page update after it diffed the whole
    page (50–75 ms in the browser) before the first frame of the flight could go out. The
    table's own buttons say so themselves; the app bar's undo is a plain handler."""
    from tests.headless_table import table_on_a_page
    from tests.test_app_deck_of_spies_table import SEED

    async def main():
        h, session, table = await table_on_a_page("deck-of-spies", 0, SEED, speed="normal")  # the cards fly
        counter = next(str(a).split()[1:] for a in session.legal() if str(a).startswith("counter "))
        for card in counter:
            await h.fire(shown_semantics(table)[f"card-{card}"].content, "click")
        patched = []
        real = h.session.patch_control
        h.session.patch_control = lambda c, *a, **k: (patched.append(c), real(c, *a, **k))
        await h.fire(shown_semantics(table)["spies-counter"].content, "click")
        assert [str(a) for a in session.actions] == ["counter " + " ".join(counter)]
        assert h.page not in patched
        await h.settle(3)
        assert patched and h.page not in patched  # the flight's first frame, sent by the table
        table.stop_animation()
        app_bar_undo = ft.Container(on_click=lambda e: table.undo())  # as the app bar's button calls it
        h.page.add(app_bar_undo)
        await h.settle()
        patched.clear()
        await h.fire(app_bar_undo, "click")
        assert session.actions == [] and h.page not in patched
        await h.settle(3)
        assert patched and h.page not in patched
        table.stop_animation()

    run(main)


def test_a_counter_flies_the_cards_it_plays_and_switches_the_buttons_in_place():
    """The first frame of a counter is what the player waits for: the cards played fly off as
    the controls they were. The buttons switched on or off when the cards have landed are
    changed, not made anew (the web client rebuilds a new control whole; before, every counter
    made the cards and two buttons anew). Once landed, the cards on the discard pile no longer
    read as buttons."""
    from tests.headless_table import table_on_a_page
    from tests.test_app_deck_of_spies_table import SEED

    async def main():
        h, session, table = await table_on_a_page("deck-of-spies", 0, SEED, speed="fast")
        counter = next(str(a).split()[1:] for a in session.legal() if str(a).startswith("counter "))
        for card in counter:
            await h.fire(shown_semantics(table)[f"card-{card}"].content, "click")
        before = shown_semantics(table)
        played = {c: before[f"card-{c}"] for c in counter}
        buttons = {i: before[i] for i in ("spies-counter", "spies-undo")}
        assert all(s.button for s in played.values()) and buttons["spies-counter"].content.disabled is False
        await h.fire(before["spies-counter"].content, "click")
        await h.settle(3)  # the flight's first frame is on the page
        now = shown_semantics(table)
        assert all(now[f"card-{c}"] is s for c, s in played.items())
        assert all(now[i] is s for i, s in buttons.items())
        await asyncio.wrap_future(table.flights.future)  # landed
        await h.settle(3)
        landed = shown_semantics(table)
        assert all(landed[i] is s for i, s in buttons.items())
        assert buttons["spies-counter"].content.disabled is True and buttons["spies-undo"].content.disabled is False
        discard = set(session.view(0)["discard"])
        assert set(counter) <= discard
        assert all(not landed[f"card-{c}"].button for c in counter if f"card-{c}" in landed)
        assert any(f"card-{c}" in landed for c in counter)

    run(main)
