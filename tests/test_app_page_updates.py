"""No tap on a table makes Flet diff the whole page.

After every handler Flet updates the page unless the handler sent something itself or
said not to (``app.events``); on a game's table that diff costs 50–100 ms of a tap and
more in a busy browser. A table sends what it changed itself. Here random taps on every
tappable control of each game's table, with the cards flying and without, on a real page
without a client (each event in a task of its own, as Flet dispatches them).
"""

from __future__ import annotations

import asyncio
import random

import pytest

from app.tables.kit.coach import walk
from tests.headless_table import table_on_a_page

GAMES = {"thronfolge": 1, "deck-of-spies": 0, "rosenkrieg": 2, "kings-corner": 2}


def tappable(root) -> list[tuple[object, str]]:
    """Each control that takes a tap, with the name of the nearest semantics node above it."""
    out = []
    for c, above in walk(root):
        if getattr(c, "on_click", None) is not None:
            names = [getattr(a, "identifier", None) or getattr(a, "label", None) for a in (*above, c)]
            out.append((c, next((n for n in reversed(names) if n), type(c).__name__)))
    return out


@pytest.mark.parametrize("speed", ["off", "normal"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_random_taps_on_a_table_never_update_the_whole_page(game, speed):
    async def main():
        h, session, table = await table_on_a_page(game, GAMES[game], 7, speed=speed)
        patched = []
        real = h.session.patch_control
        h.session.patch_control = lambda c, *a, **k: (patched.append(c), real(c, *a, **k))
        rng = random.Random(7)
        taps = 0
        for _ in range(80):
            if session.over:
                break
            if session.to_move != 0 and GAMES[game]:
                table.driver.apply(session.bot_action(rng))
                await h.settle(2)
                continue
            targets = tappable(table.root)
            if not targets:
                break
            target, name = rng.choice(targets)
            await h.fire(target, "click")
            await h.settle(2)
            taps += 1
            assert h.page not in patched, f"tap {taps} on {name} made Flet update the whole page"
        assert taps >= 10 and patched  # the taps were answered, by the table itself

    asyncio.run(main())
