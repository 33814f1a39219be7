"""The Thronfolge table: the line with its five cards in reach, both courts, the hand, take with a preview.

Phone portrait stacks the opponent (top), the line, and you (bottom); tablet
landscape puts both collections at the sides (``layouts``). Everything drawn comes
from ``session.view(seat)``; rules and scores come from the engine through
``model``. Computer moves arrive through the driver as events and are animated with
the kit's slides (cards slide into the line or fly to a collection) at the speed
chosen in the settings; "off" draws the result at once.

Built from the table kit: the base ``Table`` (driver, whose eyes, acting, rematch),
the privacy screen, seat badges and the turn pill, the hand, the result frame.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app import theme
from app.events import skip_page_update
from app.tables.kit import privacy
from app.tables.kit.drag import DropZone
from app.tables.kit.motion import can_run_tasks
from app.tables.kit.table import Table
from app.tables.thronfolge import model
from app.tables.thronfolge import text  # noqa: F401  (registers the strings)
from app.tables.thronfolge.controls import ControlPieces
from app.tables.thronfolge.court import CourtPieces
from app.tables.thronfolge.end import EndScreen
from app.tables.thronfolge.layouts import Layouts
from app.tables.thronfolge.line import TABLET_MIN_WIDTH, LinePieces
from app.tables.thronfolge.recap import RecapSheet
from app.tables.thronfolge.take_sheet import TakeSheet
from app.widgets import card as card_widget
from core import cards
from core.games import thronfolge as tf

COMPACT_MAX_HEIGHT = 800


class ThronfolgeTable(CourtPieces, LinePieces, ControlPieces, TakeSheet, EndScreen, RecapSheet, Layouts, Table):
    def __init__(self, app_state: Any, session: Any) -> None:
        super().__init__(app_state, session)
        self.selected_card: str | None = None
        self.anim: dict[str, Any] = {}
        self.last_move: str | None = None
        self.banner: str | None = None
        self.recap: model.RoundRecap | None = None  # the round just played, while its recap is due
        self.recap_open = False  # the recap is shown (the computer waits until it is closed)
        self._drawn: tuple | None = None
        unseen = self.unseen_recap()
        if unseen is not None:  # closed before the recap was: show it again
            self.open_recap(unseen, now=True)

    # --- geometry ---------------------------------------------------------------------------

    @property
    def tablet(self) -> bool:
        return self.width >= TABLET_MIN_WIDTH

    @property
    def compact(self) -> bool:
        """A short phone screen (e.g. 360×740): smaller line cards, older cards as text chips."""
        return not self.tablet and self.height < COMPACT_MAX_HEIGHT

    def me_and_other(self) -> tuple[int | None, int, int]:
        seat = self.viewer()
        me = seat if seat is not None else 0
        return seat, me, 1 - me

    def explain(self, reason: str) -> str:
        key = model.why_key(reason)
        return self.t(key) if key else reason

    # --- redraw and animation ----------------------------------------------------------------

    def drawn_key(self) -> tuple:
        """What a drawing depends on besides animations: the same key, the same picture."""
        s = self.session
        return (len(s.actions), s.to_move, s.over, self.driver.thinking, s.bot_to_move, self.selected_card,
                self.message, self.revealed_for, self.undo_for, self.last_move, self.banner, self.width,
                self.guide.key, self.recap_open)

    def redraw(self, events: list[dict[str, Any]] | None = None) -> None:
        events = list(events or [])
        if not events and self.slides.animating:
            # The driver's "thinking" refresh: wait until the cards have landed.
            self.slides.pending = True
            skip_page_update()
            return
        if not events and not self.anim.get("leave") and not self.anim.get("flash") \
                and self.drawn_key() == self._drawn:
            # Nothing changed: nothing to build or send (and no page update after the tap).
            skip_page_update()
            return
        if events and events[0].get("type") == "undo":
            self.selected_card = None
            self.last_move = None
            if self.recap is not None:  # the move that ended the round was taken back
                self.recap, self.recap_open = None, False
                self.driver.paused = False
        self.slides.begin()
        self.anim = self.plan(events) if events else {}
        if self.recap is not None and not self.recap_open and not (
                can_run_tasks(self.ui.page) and any(self.anim.get(k) for k in ("enter", "leave", "deal"))):
            self.recap_open = True  # no card moves (speed off, a handover): the recap at once
        self.drag.reset()
        self.show(self.guide.dress(self.build_content()))
        self._drawn = self.drawn_key()
        try:
            self.push()
        except Exception:  # not on the page (yet, or any more): the next build shows it
            return
        final = bool(self.anim.get("leave"))
        self.slides.start(self.ui.page, self.duration, lambda: self.after_slides(final))
        if self.recap is not None and not self.recap_open and not self.slides.animating:
            self.after_slides(False)  # nothing moved after all: the recap now

    def after_slides(self, final: bool) -> None:
        """The cards have landed: the recap of a round just ended, or the table as it is now."""
        if self.recap is not None and not self.recap_open:
            self.recap_open = True
            self.redraw()
        elif final or self.slides.pending:
            self.redraw()

    def plan(self, events: list[dict[str, Any]]) -> dict[str, Any]:
        """Which cards to animate for these events, as the viewer may see them."""
        seat = self.viewer()
        events = self.session.game.mask_events(events, seat)
        plan: dict[str, Any] = {"enter": {}, "leave": [], "leave_to": None, "deal": set(), "flash": None}
        self.banner = None  # a new round is announced until the next move
        for ev in events:
            kind = ev.get("type")
            if kind == "move":
                src, dst, who = ev.get("from", ""), ev.get("to", ""), ev.get("seat")
                # "You play …" only when one person plays the computer; at one device, names.
                you = "_you" if who == seat and len(self.session.humans) == 1 else ""
                if dst == "line" and src.startswith("hand:"):
                    for c in ev["cards"]:
                        plan["enter"][c] = who
                    card = ev["cards"][0]
                    self.last_move = self.t("tf.moved_play" + you, name=self.name(who),
                                            card=card_widget.short_text(card, self.lang))
                elif src == "line" and dst.startswith("collection:"):
                    plan["leave"] = list(ev["cards"])
                    plan["leave_to"] = who
                    plan["flash"] = who
                    got = self.cards_text(len(ev["cards"]))
                    self.last_move = (self.t("tf.moved_take" + you, name=self.name(who), cards=got) if ev["cards"]
                                      else self.t("tf.moved_take_none" + you, name=self.name(who)))
                elif src == "deck" and seat is not None and dst == f"hand:{seat}":
                    plan["deal"].update(c for c in ev["cards"] if c != cards.UNKNOWN)
            elif kind == "round_start":
                you = "_you" if ev["starter"] == seat and len(self.session.humans) == 1 else ""
                self.banner = self.t("tf.round_start" + you, n=ev["round"], name=self.name(ev["starter"]))
                recap = self.unseen_recap()
                if recap is not None:
                    self.open_recap(recap, now=False)
        if self.duration <= 0 or self.needs_handover(seat):
            return {"flash": None, "enter": {}, "leave": [], "deal": set()}
        return plan

    def moving(self, control: ft.Control, start: dict[str, Any], end: dict[str, Any]) -> ft.Control:
        """A control that starts at ``start`` and slides to ``end`` once it is on screen."""
        return self.slides.add(control, start, end, self.duration)

    # --- input --------------------------------------------------------------------------------

    def tap_card(self, card: str) -> None:
        self.message = None
        if self.selected_card == card:
            self.play_selected()
            return
        self.selected_card = card
        self.redraw()

    def play_selected(self) -> None:
        card = self.selected_card
        if not card:
            return
        self.selected_card = None
        self.act(tf.PLAYS[card])

    def droppable_line(self, area: ft.Control, my_turn: bool) -> ft.Control:
        """The line as the place a dragged hand card goes; it takes one on the player's turn and
        is there all the time, so the line's controls stay the same from turn to turn."""
        if self.read_only:
            return area
        return self.drag.add(DropZone(area, self.drop_card, ident="line-drop",
                                      accepts=lambda card: my_turn)).control

    def drop_card(self, card: str) -> None:
        """A hand card dropped on the line: played like a tap on "Play"."""
        if not self.my_turn(self.viewer()):
            return  # the hand's drag is off then; a drop already in the air when the turn ended
        self.message = None
        self.selected_card = None
        self.act(tf.PLAYS[card] if card in tf.PLAYS else f"play {card}")

    def rematch_options(self) -> dict[str, Any]:
        """The same options; the loser starts the rematch (T-9.2)."""
        view = self.session.view(None)
        options = dict(view["options"])
        options["starter"] = tf.next_match_starter(view)
        return options

    def again(self) -> None:
        try:
            self.rematch_options()
        except Exception as exc:
            self.ui.snack(str(exc), error=True)
            return
        super().again()

    # --- privacy screen --------------------------------------------------------------------------

    def reveal(self, seat: int) -> None:
        self.privacy.reveal(seat)
        self.selected_card = None
        self.message = None
        self.redraw()

    def handover(self, seat: int) -> ft.Control:
        note = self.t("tf.pass_last", move=self.last_move) if self.last_move else None
        return privacy.pass_screen(self.t, self.name(seat), lambda: self.reveal(seat), note)

    def control(self) -> ft.Control:
        self.drag.reset()
        self.show(self.guide.dress(self.build_content()))
        self._drawn = self.drawn_key()
        return ft.Container(self.guide.stage(self.root), expand=True, gradient=theme.TABLE_GRADIENT)

    def build_content(self) -> list[ft.Control]:
        s = self.session
        seat, me, other = self.me_and_other()
        if self.recap_open and self.recap is not None and not s.over:  # public: before any handover
            return [self.status_strip(s.view(None)), self.recap_panel()]
        curtain = self.curtain(seat)
        if curtain is not None:
            return [self.status_strip(s.view(None)), ft.Container(curtain, expand=True, alignment=ft.Alignment.CENTER)]
        view = s.view(seat)
        my_turn = self.my_turn(seat)
        legal = s.legal() if my_turn else []
        playable = {a.card for a in legal if isinstance(a, tf.Play)}
        if self.selected_card not in playable:
            self.selected_card = None
        if self.tablet:
            return self.tablet_layout(view, seat, me, other, my_turn, legal, playable)
        return self.phone_layout(view, seat, me, other, my_turn, legal, playable)
