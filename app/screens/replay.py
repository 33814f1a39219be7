"""Replay: ``/replay/<id>`` steps through a finished game on its own table, read-only.

The game's table is drawn from a ``ReplaySession`` (``replay_model``), one step of the
game's replay, inside a container that takes no input, so nothing reaches the engine.
Below it a control bar steps back and forth, plays the game at the animation speed of the
settings and chooses whose eyes the table shows ("all cards open" or one seat's view); with
every card open, the hands and piles the chosen seat could not see lie face up above it.
The session lives in the shell's drafts, so a rebuild (resize, language) keeps the step.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import flet as ft

from app import catalog, tables, theme
from app.screens import replay_parts as parts
from app.screens import replay_strings  # noqa: F401  (registers the strings)
from app.screens.replay_model import OPEN, ReplaySession
from app.tables.kit.style import GOLD_FAINT
from core.replay import Replay

log = logging.getLogger(__name__)

UNDO = [{"type": "undo"}]  # what a table redraws from scratch after (it drops shown tricks and sheets)
STEP_SECONDS = {"slow": 2.2, "normal": 1.4, "fast": 0.8, "off": 1.0}  # autoplay, by animation speed
BAR = {"phone": 140, "wide": 80}  # the control bar's height: three rows on a phone, one on a wide screen
MOVE_WIDTH = 270  # a wide bar's move text, beside the buttons
STRIP = {"phone": 66, "wide": 66}  # the open hands' strip
KEYS = {"Arrow Left": "back", "Arrow Right": "forward", "Home": "start", "End": "end", " ": "play"}


def view(shell, game_id: int) -> ft.View:
    route = f"/replay/{game_id}"
    t = shell.t
    screen = shell.drafts.get(route)
    if not isinstance(screen, ReplayScreen):
        try:
            record = shell.state.store.replay_record(game_id)
            session = ReplaySession(Replay(record), record["seats"], step=0)
        except Exception as exc:  # unknown id, a running game, a log that no longer replays
            log.warning("cannot replay game %s: %s", game_id, exc)
            key = getattr(exc, "key", None)
            text = t("replay.running") if key == "game_running" else t("replay.cannot", error=str(exc))
            return shell.sub_view(route, t("play.title"), [ft.Semantics(identifier="replay-refused", content=ft.Container(
                ft.Column([ft.Icon(ft.Icons.ERROR_OUTLINE, size=40, color=ft.Colors.ERROR), theme.body(text),
                           ft.FilledButton(t("play.home"), on_click=lambda e: shell.navigate("/"))], spacing=12),
                padding=ft.Padding.only(top=24)))])
        screen = ReplayScreen(shell, session, route)
        shell.drafts[route] = screen
    game = catalog.title(screen.session.game.name, t, shell.lang)
    title = t("replay.title", game=game) if shell.wide else game  # a phone's bar fits the name only
    return shell.sub_view(route, title, [screen.control()], scroll=False, bgcolor=theme.FELT_DARK)


class ReplayScreen:
    """The table of one replay and its control bar; it outlives the screen's rebuilds."""

    def __init__(self, shell, session: ReplaySession, route: str) -> None:
        self.shell = shell
        self.session = session
        self.route = route
        self.playing = False
        self.table: Any = None
        self.strip_shown = False
        self.root = ft.Column(expand=True, spacing=0)
        self.strip = ft.Container()
        self.bar = ft.Container()
        self.holder = ft.Container(expand=True, ignore_interactions=True)
        self.scrub: parts.Scrubber | None = None

    # --- building -----------------------------------------------------------------------------

    @property
    def compact(self) -> bool:
        return not self.shell.wide

    def control(self) -> ft.Control:
        """The whole screen: open cards (when shown), the table, the control bar."""
        self.shell.page.on_keyboard_event = self._key
        self._build_table()
        self.root.controls = [self.strip, self.holder, self.bar]
        return self.root

    def _build_table(self) -> None:
        size = "phone" if self.compact else "wide"
        hidden = self._hidden()
        self.strip_shown = bool(hidden)
        self.session.chrome_height = BAR[size] + (STRIP[size] if hidden else 0)
        control = tables.builder_for(self.session.game.name)(self.shell.state, self.session)
        self.table = control.data
        self.holder.content = control
        self._fill_strip(hidden)
        self._fill_bar()

    def _hidden(self) -> list[tuple[str, int | None, list[str]]]:
        s = self.session
        return s.replay.hidden(s.step, s.bottom_seat()) if s.open else []

    def _fill_strip(self, hidden: list[tuple[str, int | None, list[str]]]) -> None:
        t, table = self.shell.t, self.table
        groups = []
        for key, owner, cards in hidden:
            title = (t("replay.hand_of", name=table.name(owner)) if owner is not None
                     else t(f"replay.pile.{key}", _default=key))
            ident = f"replay-open-{key}-{owner if owner is not None else 'pile'}"
            # Written cards, not pictures: the table below keeps the height it needs.
            groups.append(parts.open_chips(title, cards, self.shell.lang, ident))
        # A strip to swipe through (every hand of the deal would not fit any screen's width).
        self.strip.content = (ft.Row(groups, spacing=8, scroll=ft.ScrollMode.AUTO, key="open-strip")
                              if groups else None)
        self.strip.padding = ft.Padding.only(left=10, right=10, top=8, bottom=6) if groups else 0
        self.strip.bgcolor = theme.FELT_DEEP if groups else None
        self.strip.border = ft.Border.only(bottom=ft.BorderSide(1, GOLD_FAINT)) if groups else None

    def _fill_bar(self) -> None:
        t, s = self.shell.t, self.session
        n, total = s.step, s.replay.length
        move = s.replay.move(n)
        if move is None:
            what = t("replay.deal")
        else:
            words = s.replay.describe(n, self.shell.lang, s.open)
            what = t("replay.move", name=self.table.name(move.seat), what=words) if move.seat is not None else words
            if n == total:
                what = f"{what} · {t('replay.end')}"
        eyes = [(OPEN, t("replay.open"))] + [(i, t("replay.seat", name=self.table.name(i)))
                                              for i in range(len(s.seats))]
        chooser = parts.eyes_chooser(t, eyes, s.eyes, self.pick_eyes, self.compact)
        buttons = [
            parts.step_button(ft.Icons.SKIP_PREVIOUS_ROUNDED, t("replay.to_start"), "replay-start",
                              lambda: self.go(0), n > 0),
            parts.step_button(ft.Icons.CHEVRON_LEFT_ROUNDED, t("replay.back"), "replay-back",
                              lambda: self.go(s.step - 1), n > 0),
            parts.step_button(ft.Icons.PAUSE_ROUNDED if self.playing else ft.Icons.PLAY_ARROW_ROUNDED,
                              t("replay.pause" if self.playing else "replay.play"), "replay-play",
                              self.toggle_play, total > 0, main=True),
            parts.step_button(ft.Icons.CHEVRON_RIGHT_ROUNDED, t("replay.forward"), "replay-forward",
                              lambda: self.go(s.step + 1), n < total),
            parts.step_button(ft.Icons.SKIP_NEXT_ROUNDED, t("replay.to_end"), "replay-end",
                              lambda: self.go(total), n < total),
        ]
        if self.scrub is None or self.scrub.total != total:
            guess = self.shell.width - (28 if self.compact else 48 + MOVE_WIDTH + 290 + 210 + 36)
            self.scrub = parts.Scrubber(total, self.go, t("replay.slider"), guess)
        self.scrub.semantics.label = t("replay.slider")
        self.scrub.set(n)
        slider = self.scrub.control
        step_text = t("replay.step", n=n, total=total)
        if self.compact:
            rows = [parts.move_line(step_text, what, True),
                    ft.Row([slider], spacing=0),
                    ft.Row([chooser, *buttons], alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                           vertical_alignment=ft.CrossAxisAlignment.CENTER)]
            # the move's line (20 px), the slider (a 48 px target) and the buttons (56) in 140 px with the border
            padding = ft.Padding.only(left=14, right=14, top=4, bottom=4)
        else:
            rows = [ft.Row([ft.Container(parts.move_line(step_text, what, False), width=MOVE_WIDTH),
                            ft.Row(buttons, spacing=8, tight=True,
                                   vertical_alignment=ft.CrossAxisAlignment.CENTER),
                            slider, chooser], spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
            padding = ft.Padding.symmetric(horizontal=24, vertical=10)
        self.bar.content = ft.Column(rows, spacing=3 if self.compact else 6, tight=True)
        self.bar.padding = padding
        self.bar.height = BAR["phone" if self.compact else "wide"]
        self.bar.bgcolor = theme.FELT_DEEP
        self.bar.border = ft.Border.only(top=ft.BorderSide(2, theme.GOLD))

    # --- moving -------------------------------------------------------------------------------

    def go(self, step: int, animate: bool = True) -> None:
        """Show ``step``: a single step forward moves the cards as in play, anything else redraws."""
        s = self.session
        before = s.step
        after = s.go(step)
        if after == before:
            return
        hidden = self._hidden()
        if bool(hidden) != self.strip_shown:  # the table's room changes: draw it afresh
            self._build_table()
            self._update(self.root)
            return
        if animate and after == before + 1:
            if s.left_a_sheet(before):
                self.table.redraw(UNDO)  # the sheet after a round or Partie goes with the next move
            self.table.redraw(s.events_to(after))
        else:
            self.table.redraw(UNDO)
        self._fill_strip(hidden)
        self._fill_bar()
        self._update(self.strip, self.bar)

    def pick_eyes(self, eyes: Any) -> None:
        """Draw the table for another seat, or with every card open."""
        if eyes == self.session.eyes:
            return
        self.session.eyes = eyes
        self._build_table()
        self._update(self.root)

    def toggle_play(self) -> None:
        """Play the game from here at the animation speed, or pause it."""
        if self.playing:
            self.playing = False
            self._fill_bar()
            self._update(self.bar)
            return
        if self.session.step >= self.session.replay.length:
            self.go(0)
        self.playing = True
        self._fill_bar()
        self._update(self.bar)
        self.shell.page.run_task(self._autoplay)

    async def _autoplay(self) -> None:
        pause = STEP_SECONDS.get(getattr(self.shell.state.settings, "speed", "normal"), 1.4)
        try:
            while self.playing and self.session.step < self.session.replay.length:
                await asyncio.sleep(pause)
                if not self.playing or self._left():
                    break
                self.go(self.session.step + 1)
        finally:
            self.playing = False
        if not self._left():
            self._fill_bar()
            self._update(self.bar)

    def _left(self) -> bool:
        return (self.shell.page.route or "").split("?")[0].rstrip("/") != self.route

    def _key(self, e: Any) -> None:
        """Arrows step, Home and End jump, the space bar plays and pauses (desktop keyboards)."""
        if self._left():
            return
        what = KEYS.get(getattr(e, "key", ""))
        s = self.session
        if what == "back":
            self.go(s.step - 1)
        elif what == "forward":
            self.go(s.step + 1)
        elif what == "start":
            self.go(0)
        elif what == "end":
            self.go(s.replay.length)
        elif what == "play":
            self.toggle_play()

    def _update(self, *controls: ft.Control) -> None:
        for c in controls:
            try:
                c.update()
            except Exception:  # not on the page (yet, or any more): the next build shows it
                pass
