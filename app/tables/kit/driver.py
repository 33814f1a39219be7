"""Applies a person's actions and plays the computer's turns, off the UI event loop.

In Flet 1.0 every handler runs on the app's single asyncio loop, so a bot that
thinks inside a handler freezes the UI (FLET-NOTES 2). The driver runs each
bot decision in a worker thread (``asyncio.to_thread``) from a task started with
``page.run_task``, shows each move for a pause (``kit.pace``) so a person can follow
them, and calls the table's ``redraw`` — which must call ``update()`` itself, because
work done in a task is not auto-updated.

A save the store refuses because the game moved on elsewhere (another window saved
first, resigned or finished it) changes nothing here: the driver hands it to the
table's ``moved_on``, which shows the stored game instead.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Callable

from app.tables.kit.pace import PACES, RUSHED, pace_for, pause_after, rushing
from core.errors import RulesError

log = logging.getLogger(__name__)

Redraw = Callable[[list[dict[str, Any]]], None]

# StoreError keys saying the stored game is ahead of this copy of it.
MOVED_ON = frozenset({"game_stale", "game_resigned", "game_finished"})


def moved_on_elsewhere(exc: BaseException) -> bool:
    """Whether a refused save means the stored game moved on without this copy."""
    return getattr(exc, "key", None) in MOVED_ON


class TableDriver:
    def __init__(self, app_state: Any, session: Any, redraw: Redraw,
                 moved_on: Callable[[], None] | None = None) -> None:
        self.state = app_state
        self.session = session
        self.redraw = redraw
        self.moved_on = moved_on
        self.thinking = False
        # True while the computer hurries through the rest of a long series of moves (``kit.pace``):
        # the table's cards fly at the fast speed meanwhile.
        self.rushing = False
        # True while the table shows something the person must close first (the sheet after a
        # round): the computer's turns wait until ``resume``.
        self.paused = False

    @property
    def ui(self) -> Any:
        return self.state.ui

    def apply(self, action: Any) -> str | None:
        """Apply a person's action; returns the reason when it is illegal (nothing changes then)."""
        try:
            events = self.session.apply(action)
        except RulesError as exc:
            try:  # the rules' own words where they have them; a malformed action has only its error
                reason = self.session.why_illegal(action)
            except RulesError:
                reason = None
            return reason or str(exc)
        except Exception as exc:  # the save was refused: nothing changed, the user is told
            self.refused(exc)
            return None
        self.redraw(events)
        self.kick()
        return None

    def undo(self) -> bool:
        """Take back the person's last move; False when there is nothing to take back.

        A refused save changes nothing and is reported (True: the person was told).
        """
        if self.thinking:
            return False
        try:
            done = self.session.undo()
        except Exception as exc:
            self.refused(exc)
            return True
        if done:
            self.redraw([{"type": "undo"}])
        return done

    def refused(self, exc: Exception) -> None:
        """Report a save the store refused: show the stored game when it moved on elsewhere,
        else say that saving failed."""
        if moved_on_elsewhere(exc) and self.moved_on is not None:
            log.info("game %s moved on elsewhere: %s", self.session.game_id, exc)
            self.moved_on()
            return
        log.error("saving the game failed", exc_info=exc)
        self.ui.snack(self.ui.t("play.save_failed", error=str(exc)), error=True)
        self.redraw([])

    def pause(self) -> None:
        """Hold the computer's turns after the current one (a sheet between rounds is open)."""
        self.paused = True

    def resume(self) -> None:
        """Let the computer move again, and start it if it is to move."""
        self.paused = False
        self.kick()

    def kick(self) -> None:
        """Start the computer's turns if a computer is to move and none is running (nor paused).

        A game hosted for phones has one driver for the whole room (``app.host.bots``): a table's
        session that says ``bots_elsewhere`` leaves the computer to it."""
        if getattr(self.session, "bots_elsewhere", False):
            return
        if self.session.bot_to_move and not self.thinking and not self.paused:
            self.thinking = True
            self.ui.bot_future = self.ui.page.run_task(self._bot_turns)

    async def _bot_turns(self) -> None:
        """The computer's moves one after another, each shown for the pause of the speed setting
        (``kit.pace``). The next move is decided while the last one is on screen: the pause runs
        from the drawing of a move to the next move, whatever deciding and drawing took."""
        loop = asyncio.get_running_loop()
        pace = pace_for(self.state.settings)
        started = loop.time()
        due = started + pace.first
        try:
            self.redraw([])  # show "thinking"
            while self.session.bot_to_move and not self.paused:
                mover, moves = self.session.to_move, len(self.session.actions)
                action = await asyncio.to_thread(self.session.bot_action)
                await asyncio.sleep(max(0.0, due - loop.time()))
                if self.paused or self.session.to_move != mover or len(self.session.actions) != moves:
                    continue  # the table changed meanwhile: decide again, or stop
                shown = loop.time()  # the pause runs from here: the drawing's time counts against it
                try:
                    events = self.session.apply(action)
                except RulesError:  # a bot must never do this; stop rather than loop
                    log.exception("bot chose an illegal action %s", action)
                    break
                except Exception as exc:  # the save was refused: the game moved on elsewhere, say
                    self.thinking = False
                    self.refused(exc)
                    return
                self.thinking = self.session.bot_to_move and not self.paused
                self.rushing = rushing(pace, shown - started)
                self.redraw(events)
                due = shown + pause_after(PACES[RUSHED] if self.rushing else pace, events, mover, self.session)
        except asyncio.CancelledError:  # the screen was left; the game is saved after every move
            raise
        except Exception:
            log.exception("computer turn failed")
            self.ui.snack(self.ui.t("play.bot_failed"), error=True)
        finally:
            self.thinking = self.rushing = False
        self.redraw([])
