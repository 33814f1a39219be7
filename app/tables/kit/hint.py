"""A hint on any table: the strongest computer's move for the person to move, and the line that says why.

``Hints`` asks ``session.hint()`` (the hard bot, counted as help) off the UI loop and keeps
its answer while the position is the one it was asked for (a move later it is gone). The
table words the move in its own strings, from the player's view only, and draws it with
``hint_box`` in its guidance line; ``hint_button`` is the lightbulb beside its buttons and
``thinking_line`` the "one moment …" while the computer works it out. A hint that cannot be
counted because another window played on shows the stored game (``Table.moved_on``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Callable

import flet as ft

from app import i18n, theme
from app.events import quiet
from app.tables.kit.driver import moved_on_elsewhere
from app.tables.kit.motion import can_run_tasks
from app.tables.kit.style import GOLD_FAINT, SHADE

log = logging.getLogger(__name__)

DE = {"hint.ask": "Tipp", "hint.thinking": "Einen Moment …",
      "hint.failed": "Gerade fällt mir kein Tipp ein."}
EN = {"hint.ask": "Hint", "hint.thinking": "One moment …",
      "hint.failed": "No hint comes to mind just now."}
if "hint.ask" not in i18n.EN:
    i18n.extend(DE, EN)

BUTTON = 54  # px: as tall as the table's big buttons, a full tap target


class Hints:
    """The hint of one table: asked for, being worked out, or shown for the position it fits."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.busy = False
        self.action: Any = None
        self.reason = ""  # the bot's own (English) reason, for the table's words
        self.ply: int | None = None  # the number of moves the hint was asked at

    def current(self) -> Any:
        """The suggested action while the game stands where it was asked for, else None."""
        if self.action is not None and self.ply == len(self.table.session.actions):
            return self.action
        return None

    def clear(self) -> None:
        self.action, self.reason, self.ply = None, "", None

    def ask(self, shown: Callable[[Any, str], None]) -> bool:
        """Work the hint out in a task; ``shown(action, reason)`` runs when it fits the position still.
        False when nothing was started (one is being worked out, or the page runs no tasks)."""
        page = self.table.ui.page
        if self.busy or not can_run_tasks(page):
            return False
        self.busy = True
        self.clear()
        page.run_task(self._work, shown)
        return True

    async def _work(self, shown: Callable[[Any, str], None]) -> None:
        table = self.table
        session = table.session
        before = session.state
        moved_on = False
        try:
            action, reason = await asyncio.to_thread(session.hint)
            if session.state is before:  # nobody moved meanwhile
                self.action, self.reason, self.ply = action, reason, len(session.actions)
                shown(action, reason)
        except Exception as exc:
            moved_on = moved_on_elsewhere(exc)  # its count was refused: another window played on
            if not moved_on:
                log.exception("hint failed")
                table.message = table.t("hint.failed")
        finally:
            self.busy = False
        if moved_on:
            table.moved_on()
            return
        table.refresh()


def hint_box(text: str, ident: str = "hint-text") -> ft.Control:
    """The hint as the guidance line shows it: a lit bulb and the move with its reason, framed in gold."""
    return ft.Semantics(identifier=ident, label=text, exclude_semantics=True, content=ft.Container(
        ft.Row([ft.Icon(ft.Icons.LIGHTBULB, size=20, color=theme.GOLD),
                ft.Text(text, size=13, color=theme.IVORY, expand=True)],
               spacing=8, vertical_alignment=ft.CrossAxisAlignment.START),
        padding=ft.Padding.symmetric(horizontal=12, vertical=7), border_radius=14, bgcolor=SHADE,
        border=ft.Border.all(1.2, theme.GOLD)))


def thinking_line(text: str, ident: str = "hint-text") -> ft.Control:
    """"One moment …" with a small spinner, while the hint is worked out."""
    return ft.Semantics(identifier=ident, label=text, exclude_semantics=True, content=ft.Row([
        ft.ProgressRing(width=16, height=16, stroke_width=2.5, color=theme.GOLD),
        ft.Text(text, size=12.5, color=theme.IVORY)], spacing=8))


def hint_button(label: str, on_click: Callable[[], None], *, lit: bool = False, busy: bool = False,
                enabled: bool = True, ident: str = "hint") -> ft.Control:
    """The lightbulb beside a table's buttons (``lit`` while its hint shows), a full tap target."""
    dim = busy or not enabled
    box = ft.Container(
        ft.Icon(ft.Icons.LIGHTBULB if lit else ft.Icons.LIGHTBULB_OUTLINE, size=24,
                color=ft.Colors.with_opacity(0.4, theme.IVORY) if dim else theme.GOLD_LIGHT),
        width=BUTTON, height=BUTTON, border_radius=16, alignment=ft.Alignment.CENTER, bgcolor=SHADE,
        border=ft.Border.all(1.5, theme.GOLD if lit else GOLD_FAINT), tooltip=label,
        on_click=quiet(lambda e: on_click()), ink=True)
    return ft.Semantics(identifier=ident, label=label, button=True, exclude_semantics=True, content=box)
