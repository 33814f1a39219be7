"""The new-game screen on a page without a browser: what Flet sends when the form changes."""

from __future__ import annotations

import asyncio

import flet as ft
from flet.controls.object_patch import Operation

from app.screens import new_game
from app.screens.new_game_form import NEW
from tests.headless_page import HeadlessPage
from tests.test_app_card import walk
from tests.test_app_guide import ProfileStore, stub_shell


def fields(root: ft.Control) -> dict[str, ft.TextField]:
    return {f.label: f for f in walk(root) if isinstance(f, ft.TextField)}


async def form_on_a_page() -> tuple[HeadlessPage, ft.Control]:
    h = HeadlessPage()
    store = ProfileStore()
    store.create_profile("Clara")
    shell = stub_shell(store)
    shell.drafts, shell.refresh = {}, lambda: None
    root = new_game.view(shell, "rosenkrieg")
    h.page.add(root)
    await h.settle()
    return h, root


def seat(root: ft.Control, n: int) -> ft.Control | None:
    """Seat ``n``'s chooser, which names its seat to screen readers."""
    return next((c for c in walk(root) if isinstance(c, ft.Semantics) and str(c.label).startswith(f"Platz {n}:")),
                None)


def test_a_new_player_count_keeps_the_typed_name_and_seed_in_the_fields_they_were_typed_in():
    """The count draws the seats and options anew. Fields made anew would be new controls in the
    browser, whose accessibility tree then holds no text: a screen reader heard the name and the
    seed as empty although both were still drawn and kept."""
    async def main():
        h, root = await form_on_a_page()
        seat2 = next(d for d in walk(seat(root, 2)) if isinstance(d, ft.Dropdown))
        await h.set_by_client(seat2, "value", NEW, "select")
        typed = fields(root)
        await h.set_by_client(typed["Name"], "value", "Zora")
        await h.set_by_client(typed["Startwert (optional)"], "value", "77")
        count = next(c for c in walk(root) if isinstance(c, ft.SegmentedButton))
        n = len(h.conn.messages)
        await h.set_by_client(count, "selected", ["3"])
        await h.settle()
        assert seat(root, 3) is not None
        now = fields(root)
        assert {label: (f._i, f.value) for label, f in now.items()} == \
            {label: (f._i, f.value) for label, f in typed.items()}
        # Only the third seat is new to the browser.
        added = [op[3] for m in h.conn.messages[n:] for op in m.body.patch[1:] if op[0] == Operation.Add]
        assert [c.key for c in added] == ["seat-2"]

    asyncio.run(main())


def test_who_starts_names_the_person_as_their_name_is_typed():
    """Thronfolge's "who starts" shows the seats by name: a new person's name as it is typed,
    not the seat's default ("Platz 1")."""
    async def main():
        h = HeadlessPage()
        shell = stub_shell(ProfileStore())  # nobody yet: seat 1 is a new person to name
        shell.drafts, shell.refresh = {}, lambda: None
        root = new_game.view(shell, "thronfolge")
        h.page.add(root)
        await h.settle()

        def starters() -> list[str]:
            button = next(c for c in walk(root) if isinstance(c, ft.SegmentedButton)
                          and {s.value for s in c.segments} == {"0", "1"})
            return [s.label.value for s in button.segments]

        assert starters()[1] == "Computer (Normal)"
        await h.set_by_client(fields(root)["Name"], "value", "Zora")
        await h.settle()
        assert starters() == ["Zora", "Computer (Normal)"]

    asyncio.run(main())


def test_the_stake_stands_beside_the_start_button_and_follows_what_is_typed():
    async def main():
        h, root = await form_on_a_page()
        [summary] = [c for c in walk(root) if isinstance(c, ft.Semantics) and c.identifier == "stake-summary"]
        assert summary.label == "Um die Ehre – kein Einsatz"
        stake = next(f for label, f in fields(root).items() if label.startswith("Einsatz pro Punkt"))
        assert stake.value == "0,00"
        await h.set_by_client(stake, "value", "0,20")
        await h.settle()
        assert summary.label == "Um Geld: 0,20\xa0€ pro Punkt"
        assert "Um Geld: 0,20\xa0€ pro Punkt" in [t.value for t in walk(summary) if isinstance(t, ft.Text)]

    asyncio.run(main())


def test_a_phone_s_seat_asks_who_plays_on_it_and_keeps_the_answer():
    """Choosing a friend's phone for a seat brings a second choice under it: whoever joins, or a
    person chosen here (the seat is then theirs from the start, and nobody else's)."""
    async def main():
        h = HeadlessPage()
        store = ProfileStore()
        store.create_profile("Clara")
        dora = store.create_profile("Dora")
        shell = stub_shell(store)
        shell.drafts, shell.refresh = {}, lambda: None
        root = new_game.view(shell, "rosenkrieg")
        h.page.add(root)
        await h.settle()

        def who() -> list[ft.Dropdown]:
            return [d for d in walk(root) if isinstance(d, ft.Dropdown) and d.label == "Wer spielt darauf?"]

        def chooser(n: int) -> ft.Dropdown:
            return next(d for d in walk(seat(root, n)) if isinstance(d, ft.Dropdown))

        assert who() == []
        await h.set_by_client(chooser(2), "value", "phone", "select")
        await h.settle()
        [asked] = who()
        options = {o.key: (o.text, o.disabled) for o in asked.options}
        assert asked.value == "phone" and options["phone"] == ("Wer beitritt", False)
        assert options["phone:1"][1] and "Platz 1" in options["phone:1"][0]  # Clara sits at seat 1
        await h.set_by_client(asked, "value", f"phone:{dora.id}", "select")
        await h.settle()
        assert seat(root, 2).label == "Platz 2: Dora" and chooser(2).value == "phone"
        # Choosing "a friend's phone" again keeps Dora on it; another seat cannot take her.
        await h.set_by_client(chooser(2), "value", "phone", "select")
        await h.settle()
        assert [d.value for d in who()] == [f"phone:{dora.id}"]
        taken = {o.key: o.disabled for o in chooser(1).options}
        assert taken[f"p:{dora.id}"] and not taken["phone"]

    asyncio.run(main())
