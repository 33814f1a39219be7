"""How cards move on every table: one speed setting, slides of rebuilt controls, frame sequences.

Two ways to animate, because tables are built two ways:

- ``Slides``: a table that rebuilds its controls draws a moving card at its start look
  (offset, opacity, scale) and ``Slides`` turns it into the end look once the start has
  reached the client, so Flutter animates between the two. Each drawing has a
  generation; a newer drawing silently ends an older animation.
- ``Frames``: a table of absolutely placed, keyed cards shows a short sequence of
  drawings (cards at their source pile, then at their place …) with pauses; Flutter
  flies every keyed card between its positions. A tap or a new move stops the sequence.

Both run in tasks (``page.run_task``), so a handler never waits for an animation, and
both call ``update()`` themselves (work done in a task is not auto-updated).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Callable

import flet as ft

log = logging.getLogger(__name__)

# Length of one card flight in ms per speed setting; "off" draws the end at once.
FLIGHT_MS = {"slow": 680, "normal": 200, "fast": 120, "off": 0}
START_DELAY = 0.06  # seconds for a start frame to reach the client before the end is set


def flight_ms(settings: Any) -> int:
    """The flight length for the app's speed setting."""
    return FLIGHT_MS.get(getattr(settings, "speed", "normal"), FLIGHT_MS["normal"])


def can_run_tasks(page: Any) -> bool:
    return hasattr(page, "run_task")


class Slides:
    """Controls that glide from a start look to an end look after a rebuild."""

    def __init__(self) -> None:
        self.gen = 0
        self.movers: list[tuple[ft.Control, dict[str, Any]]] = []
        self.animating = False
        self.pending = False  # a plain redraw arrived while cards were moving

    def begin(self) -> None:
        """A new drawing: older animations stop, and no card moves until one is added."""
        self.gen += 1
        self.movers = []
        self.pending = False

    def add(self, control: ft.Control, start: dict[str, Any], end: dict[str, Any], ms: int) -> ft.Control:
        """Wrap ``control`` drawn with ``start`` properties; it animates to ``end`` when played."""
        # A key of this drawing's own: a redraw that morphs the table (kit.morph) must add the
        # box anew at its start look, not animate a box already on screen back to the start.
        box = ft.Container(control, key=f"slide-{self.gen}-{len(self.movers)}",
                           animate_offset=ft.Animation(ms, ft.AnimationCurve.EASE_OUT_CUBIC),
                           animate_opacity=ft.Animation(ms, ft.AnimationCurve.EASE_OUT),
                           animate_scale=ft.Animation(ms, ft.AnimationCurve.EASE_IN_OUT), **start)
        self.movers.append((box, end))
        return box

    def remap(self, kept: Callable[[Any], Any]) -> None:
        """The drawing was morphed onto the controls on screen: move those (``kit.morph.Kept``)."""
        self.movers = [(kept(box), end) for box, end in self.movers]

    def start(self, page: Any, ms: int, then: Callable[[], None]) -> None:
        """Play this drawing's slides in a task; ``then`` runs afterwards if it is still current."""
        self.animating = bool(self.movers) and can_run_tasks(page)
        if self.animating:
            page.run_task(self.play, self.gen, list(self.movers), ms, then)

    async def play(self, gen: int, movers: list[tuple[ft.Control, dict[str, Any]]], ms: int,
                   then: Callable[[], None]) -> None:
        try:
            await asyncio.sleep(START_DELAY)
            if gen != self.gen:
                return
            try:
                for box, end in movers:
                    for k, v in end.items():
                        setattr(box, k, v)
                    box.update()  # only the moving cards: the rest of the table is as it was
            except Exception:  # the table left the page
                return
            await asyncio.sleep(ms / 1000 + 0.08)
        finally:
            if gen == self.gen:
                self.animating = False
        if gen == self.gen:
            then()


class Frames:
    """Shows a sequence of drawings in a task; a new sequence or ``stop`` ends the old one.

    A frame is a dict of the table's build arguments plus ``wait``: the seconds to show it.
    """

    def __init__(self) -> None:
        self.future: Any = None

    def start(self, page: Any, frames: list[dict[str, Any]], show: Callable[[dict[str, Any]], None],
              on_error: Callable[[], None]) -> None:
        self.stop()
        self.future = page.run_task(self._run, frames, show, on_error)

    def stop(self) -> None:
        """End a running sequence at once (the caller draws the end)."""
        if self.future is not None and not self.future.done():
            self.future.cancel()
        self.future = None

    async def _run(self, frames: list[dict[str, Any]], show: Callable[[dict[str, Any]], None],
                   on_error: Callable[[], None]) -> None:
        try:
            for f in frames:
                show(f)
                if f.get("wait"):
                    await asyncio.sleep(f["wait"])
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("animation failed")
            on_error()
