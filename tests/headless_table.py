"""A game's table mounted on a real page without a client (``tests.headless_page``), as the
play screen mounts it: a person against computers that move only when the test says so."""

from __future__ import annotations

from typing import Any

from app.events import ignore, quiet
from app.state import AppState
from app.tables import build
from core.session import GameSession, Seat
from tests.headless_page import HeadlessPage
from tests.test_app_thronfolge_table import SavingStore, stub_ui


async def table_on_a_page(game: str, bots: int, seed: int, *, wide: bool = False,
                          speed: str = "off", level: str = "random",
                          options: dict[str, Any] | None = None) -> tuple[HeadlessPage, GameSession, Any]:
    """Anna and ``bots`` computers (random ones unless ``level``); phone size (tablet when
    ``wide``); ``speed`` of the animations ("off" draws every move at once)."""
    h = HeadlessPage(width=1024 if wide else 390, height=768 if wide else 844)
    seats = [Seat("human", "Anna")] + [Seat("bot", f"Bot {i}", None, level) for i in range(bots)]
    session = GameSession.start(game, seats, seed=seed, options=options, saver=SavingStore())
    state = AppState(SavingStore(), "de")
    state.settings.speed = speed
    state.ui = stub_ui("de", wide)
    state.ui.page = h.page
    control = build(state, session)
    table = control.data
    table.driver.kick = lambda: None  # the test moves for the computer
    h.page.add(control)
    h.page.on_app_lifecycle_state_change = quiet(ignore)  # as the shell answers it
    await h.settle()
    return h, session, table
