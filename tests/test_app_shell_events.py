"""Page events the app does not answer must not make Flet diff the whole page.

Flet updates the page after every event handler; for a tab that comes back to the front
(two lifecycle events), a brightness change or a resize that keeps the layout, that diff
took 100–200 ms on a game's table and changed nothing.
"""

from __future__ import annotations

import asyncio

from app.shell import Shell
from app.state import AppState
from core.store import Store
from tests.headless_page import HeadlessPage


def test_lifecycle_brightness_and_small_resizes_do_not_update_the_page(tmp_path):
    async def main():
        h = HeadlessPage(width=390, height=844)
        with Store.open(tmp_path / "h.db") as store:
            shell = Shell(h.page, AppState(store, "de"))
            h.page.data = shell
            shell.start()
            await h.settle()
            patched = []
            real = h.session.patch_control
            h.session.patch_control = lambda control, *a, **k: (patched.append(control), real(control, *a, **k))
            await h.fire(h.page, "app_lifecycle_state_change", {"state": "hide"})
            await h.fire(h.page, "app_lifecycle_state_change", {"state": "resume"})
            await h.fire(h.page, "platform_brightness_change", {"brightness": "dark"})
            await h.fire(h.page, "resize", {"width": 392, "height": 840})
            await h.settle()
            assert patched == []
            # A resize into another layout (the side rail) does draw the screen again.
            h.session.apply_page_patch({"width": 1024, "height": 768})
            await h.fire(h.page, "resize", {"width": 1024, "height": 768})
            assert patched

    asyncio.run(main())
