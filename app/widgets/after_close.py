"""Acting on a choice made in a dialog only once the dialog is gone."""

from __future__ import annotations

from typing import Any, Callable

import flet as ft


class AfterClose:
    """Holds the action a dialog's button chose and runs it when the client reports the
    dialog closed (pass ``dismissed`` as the dialog's ``on_dismiss``).

    Rebuilding the screen while a dialog is still closing leaves the dialog on screen, so
    the work waits for the dismissal. Cancel, back and a tap outside dismiss as well; then
    nothing is pending and nothing runs.
    """

    def __init__(self, page: ft.Page) -> None:
        self.page = page
        self._pending: Callable[[], None] | None = None

    def close_then(self, action: Callable[[], None]) -> None:
        """Close the top dialog and run ``action`` once it is gone."""
        self._pending = action
        self.page.pop_dialog()

    def dismissed(self, e: Any = None) -> None:
        action, self._pending = self._pending, None
        if action is not None:
            action()
