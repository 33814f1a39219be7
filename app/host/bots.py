"""The computer's turns at a hosted table: one driver for the whole room.

At one device the table's own driver plays the computer (``app.tables.kit.driver``). A hosted
game is on several screens at once, and the host's may show the join screen or another game:
so the room plays the computer itself, on the app's event loop, whichever screens look on.
Each move is paced as on one device (``kit.pace``) and reaches every table through the game's
listeners, like anybody's move. Deciding runs in a worker thread (FLET-NOTES 2).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Callable

from app.tables.kit.pace import Pace, pace_for, pause_after
from core.errors import RulesError

log = logging.getLogger(__name__)


class RoomBots:
    """Plays every computer seat of one hosted game whenever one is to move."""

    def __init__(self, session: Any, pace: Pace | Callable[[], Pace] | None = None) -> None:
        self.session = session
        self._pace = pace
        self.task: asyncio.Task | None = None
        self.stopped = False
        session.listeners.append(self._heard)

    @property
    def pace(self) -> Pace:
        p = self._pace() if callable(self._pace) else self._pace
        return p or pace_for(None)

    @property
    def thinking(self) -> bool:
        return self.task is not None and not self.task.done()

    def kick(self) -> None:
        """Start the computer's turns when a computer is to move and none are running."""
        if self.stopped or self.thinking or not self.session.bot_to_move:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a unit test's direct call): the next move kicks again
            return
        self.task = loop.create_task(self._turns())

    def stop(self) -> None:
        """Hosting ends: no more computer moves from here."""
        self.stopped = True
        if self._heard in self.session.listeners:
            self.session.listeners.remove(self._heard)
        if self.thinking:
            self.task.cancel()

    def _heard(self, session: Any, events: list[dict[str, Any]]) -> None:
        if not self.thinking:
            self.kick()

    async def _turns(self) -> None:
        loop = asyncio.get_running_loop()
        s = self.session
        due = loop.time() + self.pace.first
        while not self.stopped and s.bot_to_move:
            mover, moves = s.to_move, len(s.actions)
            action = await asyncio.to_thread(s.bot_action)
            await asyncio.sleep(max(0.0, due - loop.time()))
            if self.stopped or s.to_move != mover or len(s.actions) != moves:
                continue  # the game changed meanwhile (an undo at the host's device): decide again
            shown = loop.time()
            try:
                events = s.apply(action)  # every table hears it
            except RulesError:  # a bot must never do this; stop rather than loop
                log.exception("bot chose an illegal action %s", action)
                return
            except Exception:  # the save was refused: the game moved on elsewhere
                log.exception("saving the computer's move failed")
                return
            due = shown + pause_after(self.pace, events, mover, s)
