"""The play screen's top bar: undo (saying what it takes back) and the rules, the same on every table.

The bar is built with the screen; the table calls ``refresh`` after every redraw, so
the undo button is disabled (with the reason as its tooltip) whenever there is nothing
to take back, the game is over or the computer is moving.
"""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

from app import theme
from app.tables.kit import text  # noqa: F401  (registers the kit's strings)
from core.session import undo_scope

DIMMED = ft.Colors.with_opacity(0.35, theme.IVORY)


class TopBar:
    """Undo and rules for one table; ``refresh`` keeps the undo button's state current."""

    def __init__(self, shell: Any, table: Any, show_rules: Callable[[], None]) -> None:
        self.shell = shell
        self.table = table
        self.undo_button = ft.IconButton(ft.Icons.UNDO, icon_color=theme.IVORY, on_click=lambda e: self.undo(),
                                         disabled_color=DIMMED)
        # The button's tooltip names it for screen readers too; the wrapper only gives tests a handle.
        self.undo_control = ft.Semantics(identifier="undo", content=self.undo_button)
        self.rules_control = ft.Semantics(label=shell.t("play.rules"), button=True, identifier="rules",
                                          content=ft.IconButton(ft.Icons.MENU_BOOK_OUTLINED, tooltip=shell.t("play.rules"),
                                                                icon_color=theme.IVORY, on_click=lambda e: show_rules()))
        self._set_state()

    def actions(self) -> list[ft.Control]:
        """The app bar's actions: undo unless the table has its own, then the rules."""
        if getattr(self.table, "undo_in_table", False):
            return [self.rules_control]
        return [self.undo_control, self.rules_control]

    def why_not(self) -> str | None:
        """Why undo is not possible now, or None when it is."""
        s = self.table.session
        t = self.shell.t
        if s.over:
            return t("kit.undo_over")
        driver = self.table.driver
        # A computer to move waits while a sheet between rounds is open (the driver is paused):
        # the last move can be taken back then, and "wait for the computer" would not be true.
        if driver.thinking or (s.bot_to_move and not driver.paused):
            return t("kit.undo_busy")
        if undo_scope(s)[0] is None:
            return t("kit.undo_none")
        if not s.can_undo:  # a hosted table: another person has moved since, or is to move
            return t("kit.undo_not_yours")
        return None

    def label(self) -> str:
        """What a tap on undo takes back, in words."""
        reason = self.why_not()
        if reason:
            return reason
        seat, bots = undo_scope(self.table.session)
        t = self.shell.t
        if self.table.privacy.hot_seat and seat is not None:
            return t("kit.undo_of", name=self.table.name(seat))
        if bots:
            return t("kit.undo_with_reply", name=" & ".join(self.table.name(b) for b in bots))
        return t("kit.undo_yours")

    def _set_state(self) -> None:
        label = self.label()
        disabled = self.why_not() is not None
        self.undo_button.disabled = disabled
        # (the web client draws a disabled icon in its enabled colour: dimmed here, so it shows)
        self.undo_button.icon_color = DIMMED if disabled else theme.IVORY
        # An enabled undo says what it does ("Take back your last move …"); a disabled one why not.
        self.undo_button.tooltip = f"{self.shell.t('play.undo')}: {label}" if disabled else label

    def refresh(self) -> None:
        before = (self.undo_button.disabled, self.undo_button.tooltip)
        self._set_state()
        if before != (self.undo_button.disabled, self.undo_button.tooltip):
            try:
                self.undo_control.update()
            except Exception:  # not on the page (yet, or any more)
                pass

    def undo(self) -> None:
        reason = self.why_not()
        if reason:
            self.shell.snack(reason)
            return
        self.table.undo()
