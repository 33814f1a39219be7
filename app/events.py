"""Event handlers that change nothing on screen.

After every handler Flet updates the page it ran on, which diffs the whole page: 100–340 ms
on a game's table. A handler that draws nothing (a sound's state, the app going to the
background) is wrapped in ``quiet`` so that update is skipped; one that does draw calls
``update()`` on what it changed.
"""

from __future__ import annotations

from typing import Any, Callable

import flet as ft


def quiet(handler: Callable[[Any], None]) -> Callable[[Any], None]:
    """``handler`` run without the page update Flet adds after it."""
    def run(e: Any) -> None:
        skip_page_update()
        handler(e)
    return run


def skip_page_update() -> None:
    """Within a handler that sends its own changes (a table's ``push``): no page update after it."""
    ft.context.disable_auto_update()


def ignore(e: Any) -> None:
    """For events the app need not answer, which Flet would still follow with a page update."""
