"""What every table has in common: the session, the driver, whose eyes, texts, acting and rematch.

A game's table subclasses ``Table`` and provides ``control`` (the first drawing) and
``redraw(events)`` (after every move: events from the engine, ``[]`` for a plain
refresh, ``[{"type": "undo"}]`` after an undo). ``mount`` puts a table on the play
screen and starts the computer's turns once it is on the page.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app import fmt
from app.events import skip_page_update
from app.tables.kit import end_sheet, feel, motion, pace, privacy, text  # noqa: F401  (text registers the kit's strings)
from app.tables.kit.drag import DragLights
from app.tables.kit.driver import TableDriver
from app.tables.kit.guide import Guide
from app.tables.kit.morph import Kept, morph_field
from app.tables.kit.parts import Parts
from app.tables.kit.privacy import Privacy
from core.session import undo_scope


class Table:
    """The base of every game's table; it holds no rules and draws nothing itself."""

    undo_in_table = False  # True: the table has its own undo control, the top bar shows none

    def __init__(self, app_state: Any, session: Any) -> None:
        self.state = app_state
        self.ui = app_state.ui
        self.session = session
        self.message: str | None = None  # a refusal or notice shown until the next tap
        # A replay brings its own guard (drawn for a chosen seat, never hidden); play uses Privacy.
        self.privacy = getattr(session, "privacy_guard", Privacy)(session)
        self.driver = TableDriver(app_state, session, self.changed, self.moved_on)
        self.bar: Any = None  # the play screen's TopBar, once mounted
        self.undo_for: int | None = None  # hot seat: the person asked to take the device for an undo
        self.guide = Guide(self)  # the guided first deal's coach (inactive in other games)
        self.root = ft.Column(expand=True, spacing=0)  # what ``show`` draws into
        self.slides = motion.Slides()  # cards gliding after a drawing
        self.drag = DragLights()  # the drop zones of the drawing on screen
        self.parts = Parts(self.parts_scope)  # parts of the drawing kept while they show the same
        self._unsent: list[ft.Control] = []  # controls ``show`` changed that ``push`` has not sent

    # --- texts and looks ----------------------------------------------------------------

    def t(self, key: str, **kw: Any) -> str:
        return self.ui.t(key, **kw)

    @property
    def lang(self) -> str:
        return self.state.lang

    @property
    def back(self) -> str:
        return self.state.settings.card_back

    @property
    def width(self) -> float:
        return float(getattr(self.ui.page, "width", None) or 390)

    @property
    def height(self) -> float:
        # A screen around the table (the replay's control bar) takes some of the page's height.
        chrome = getattr(self.session, "chrome_height", 0)
        return float(getattr(self.ui.page, "height", None) or 844) - chrome

    @property
    def duration(self) -> int:
        """One card flight in ms at the speed of the settings (0: no animation); the fast one
        while the computer hurries through a long series of moves (``kit.pace``)."""
        ms = motion.flight_ms(self.state.settings)
        if getattr(self.driver, "rushing", False):
            return min(ms, motion.FLIGHT_MS[pace.RUSHED])
        return ms

    def name(self, seat: int) -> str:
        """A seat's one name at the table, in every line, chip, sheet and replay of it.

        A person's own name; a computer's in the language of the moment ("Computer (Hard)";
        games keep the names they began with), or, when several computers sit at the table,
        numbered among them ("Computer 2").
        """
        seats = self.session.seats
        bots = [i for i, s in enumerate(seats) if getattr(s, "is_bot", False)]
        if seat in bots and len(bots) > 1:
            return self.t("kit.computer_n", n=bots.index(seat) + 1)
        return fmt.seat_name(seats[seat], self.t)

    def you_label(self, seat: int, viewer: int | None) -> str:
        """"You" for the one person playing the computer; names when several share the device."""
        if viewer == seat and len(self.session.humans) == 1:
            return self.t("tf.you")
        return self.name(seat)

    # --- whose eyes ---------------------------------------------------------------------

    @property
    def revealed_for(self) -> int | None:
        return self.privacy.revealed_for

    @revealed_for.setter
    def revealed_for(self, seat: int | None) -> None:
        self.privacy.revealed_for = seat

    def viewer(self) -> int | None:
        return self.privacy.viewer()

    def needs_handover(self, seat: int | None) -> bool:
        return self.privacy.needs_handover(seat)

    def curtain(self, seat: int | None) -> ft.Control | None:
        """What to show instead of the table while the device changes hands, or None.

        A hot-seat undo first asks the person whose move it takes back; otherwise the
        person to move confirms holding the device (``handover``).
        """
        if self.undo_for is not None:
            who = self.undo_for
            return privacy.undo_screen(self.t, self.name(who), self.confirm_undo, self.cancel_undo)
        if self.needs_handover(seat):
            return self.handover(seat)
        return None

    def handover(self, seat: int) -> ft.Control:
        return privacy.pass_screen(self.t, self.name(seat), lambda: self.reveal(seat))

    def reveal(self, seat: int) -> None:
        self.privacy.reveal(seat)
        self.message = None
        self.redraw([])

    @property
    def read_only(self) -> bool:
        """A replay: the table shows the game, and offers no move, button or rematch."""
        return bool(getattr(self.session, "read_only", False))

    def my_turn(self, seat: int | None) -> bool:
        s = self.session
        if self.read_only:
            return False
        return not s.over and seat is not None and s.to_move == seat and not self.driver.thinking

    # --- acting ---------------------------------------------------------------------------

    def explain(self, reason: str) -> str:
        """The engine's reason for a refusal in the player's language (games translate theirs)."""
        return reason

    def act(self, action: Any) -> None:
        """Play a person's action; a refusal is explained on the table and changes nothing."""
        skip_page_update()  # see ``push``
        reason = self.driver.apply(action)
        self.message = None
        if reason:
            self.refuse(reason)

    def refuse(self, reason: str | None, *, told: bool = False) -> None:
        """A tap the rules do not allow now (a card that may not be played, a take already made):
        the table says why (the engine's reason in the player's words, ``explain``; ``told``: the
        reason is in them already) with the soft refusal sound, and nothing else changes. Every
        refused tap goes through here."""
        skip_page_update()  # see ``push``
        if not reason:
            return
        self.message = reason if told else self.explain(reason)
        feel.refused(self.state)
        self.redraw([])

    def waiting_reason(self) -> str | None:
        """Why a tap on the hand does nothing while it is not the person's turn (None: it is)."""
        s = self.session
        if self.read_only or s.over or s.to_move is None or self.my_turn(self.viewer()):
            return None
        return self.t("kit.wait_turn", name=self.name(s.to_move))

    def undo(self) -> bool:
        """Take back the person's last move (and the computer's replies).

        At one device shared by several people, the person whose move it is must take the
        device first: the table hides everything and asks them (``undo_screen``), so undo
        never shows one person's hand to another, nor lets one take back another's move.
        """
        self.message = None
        if self.privacy.hot_seat:
            seat, _ = undo_scope(self.session)
            if seat is None or self.driver.thinking:
                return False
            self.undo_for = seat
            self.privacy.conceal()
            self.changed([])
            return True
        return self.driver.undo()

    def confirm_undo(self) -> None:
        who, self.undo_for = self.undo_for, None
        if who is None:
            return
        self.privacy.reveal(who)  # before the undo: its redraw shows the hand to its owner
        if not self.driver.undo():
            self.privacy.conceal()
            self.changed([])

    def cancel_undo(self) -> None:
        self.undo_for = None
        self.changed([])

    def moved_on(self) -> None:
        """The store refused a save because the game moved on elsewhere (another window played,
        resigned or finished it): show the stored game in place of this copy, and say why."""
        self.state.sessions.pop(self.session.game_id, None)  # the next open restores the stored one
        self.ui.refresh()
        self.ui.snack(self.t("play.moved_on"))

    def end_buttons(self, again_label: str | None = None) -> ft.Control | None:
        """Rematch and home under a result; none in a replay, whose bar has its own way out."""
        if self.read_only:
            return None
        return end_sheet.rematch_buttons(self.t, self.again, lambda: self.ui.navigate("/"), again_label)

    def rematch_options(self) -> dict[str, Any]:
        return dict(self.session.state["options"])

    def again(self) -> None:
        """A new game with the same seats and options."""
        s = self.session
        try:
            new = self.state.start_game(s.game.name, list(s.seats), options=self.rematch_options())
        except Exception as exc:
            self.ui.snack(str(exc), error=True)
            return
        self.ui.navigate(f"/play/{new.game_id}")

    # --- drawing --------------------------------------------------------------------------

    def changed(self, events: list[dict[str, Any]]) -> None:
        """After a move, an undo or a computer's "thinking": sound it, tell the guide, redraw, refresh the top bar."""
        if events:
            feel.give(self.state, events, self.session)
        self.guide.saw(events)
        self.redraw(events)
        if self.bar is not None:
            self.bar.refresh()

    def redraw(self, events: list[dict[str, Any]] | None = None) -> None:
        raise NotImplementedError

    def show(self, controls: list[ft.Control]) -> None:
        """Put a fresh drawing in ``root`` by changing the controls already on screen (``kit.morph``):
        Flet then sends what changed, not the whole table. ``push`` sends it."""
        kept = Kept()
        morph_field(self.root, "controls", self.root.controls, controls, kept)
        for part in (self.slides, self.drag, self.guide.coach, self.parts):
            part.remap(kept)
        # A drawing not yet sent may have changed controls this one removed: send it all then.
        self._unsent = [self.root] if self._unsent else kept.roots()

    def parts_scope(self) -> Any:
        """What every kept part of a drawing (``kit.parts``) depends on; None keeps none: the
        guide's coach lights parts by changing them, which a kept part must never be."""
        if self.guide.tour is not None and not self.guide.done:
            return None
        return (self.width, self.height, self.lang, self.back, self.viewer(), self.session.over,
                self.read_only)

    def push(self) -> None:
        """Send what the drawings since the last push changed (only those parts are diffed).

        :raises RuntimeError: when the table is not on a page (yet, or any more).
        """
        # The table sends what it changes, here or in its animation tasks; the page update Flet
        # would add after the handler diffs the whole page for nothing (100 ms and more).
        skip_page_update()
        changed, self._unsent = self._unsent, []
        for c in changed:
            c.update()

    def refresh(self) -> None:
        """Draw the table again after a change that is not a move (the guide's step)."""
        self.redraw([])

    def control(self) -> ft.Control:
        raise NotImplementedError


def mount(app_state: Any, table: Table) -> ft.Control:
    """The control of a table for the play screen (its ``data`` is the table); computer turns
    start once it is on the page."""
    # A rebuilt screen (resize, language) gets a new driver: stop the old one's computer turn
    # first, or two tasks could move for the computer at once.
    cancel = getattr(app_state.ui, "cancel_bot", None)
    if cancel is not None:
        cancel()
    control = table.control()
    table._unsent = []  # the first drawing goes to the page whole, with the play screen
    control.data = table
    page = app_state.ui.page
    if motion.can_run_tasks(page):
        page.run_task(_start_later, table)
    return control


async def _start_later(table: Table) -> None:
    # Kick off computer turns only once the table is on the page, so redraws can update it.
    # Two drawings of the screen in a row (a reconnect's route and size) mount two tables before
    # either starts: the later one's start stops the earlier one's computer, or both would move
    # for it at once (one with a move decided for a table that had moved on: an illegal move
    # that left the computer standing).
    cancel = getattr(table.ui, "cancel_bot", None)
    if cancel is not None:
        cancel()
    table.driver.kick()
