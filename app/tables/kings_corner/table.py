"""The Kings in the Corner table: the cross of piles around the talon, the other seats, your hand.

Phone portrait stacks the other seats, the status, the cross, the guidance line, the hand
and the turn's button; a tablet puts the seats and the button in a side panel beside the
cross. Everything drawn comes from ``session.view(seat)``; what may go where comes from the
engine (``card_targets``, ``pile_targets``). Tap a card (or a pile) and the piles it may go
on light up; tap one of them, or drag the card or pile there. Computer moves arrive one by
one through the kit's driver and slide into place (kit ``Slides``). In a session (option
``target``) a sheet with the scoreboard follows every round, and the computer waits until
it is closed.
"""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft

from app import theme
from app.events import skip_page_update
from app.tables.kings_corner import model
from app.tables.kings_corner import strings  # noqa: F401  (registers the strings)
from app.tables.kings_corner.cross import CrossPieces
from app.tables.kings_corner.help import HelpPieces
from app.tables.kings_corner.model import Pick
from app.tables.kings_corner.panels import PanelPieces
from app.tables.kit import hand as kit_hand
from app.tables.kit import motion, privacy
from app.tables.kit.coach import walk
from app.tables.kit.hint import Hints
from app.tables.kit.morph import Kept, morph
from app.tables.kit.table import Table, mount
from app.widgets import card as card_widget
from core import cards

APPBAR = 56
FOLLOW_S = 0.05  # seconds between a draw's lead and the rest of the table, when no card slides
SEEN = "round_seen"  # session meta: how many rounds' scoreboards the people have closed


class KingsTable(CrossPieces, PanelPieces, HelpPieces, Table):
    def __init__(self, app_state: Any, session: Any) -> None:
        super().__init__(app_state, session)
        self.hints = Hints(self)
        self.pick: Pick | None = None
        self.last_move: str | None = None
        self.sheet = False  # the scoreboard between two rounds is open (the computer waits)
        self.movable: set[str] = set()
        self.fly: dict[str, tuple[str, dict[str, Any]]] = {}  # pile -> (card, start look) for this drawing
        self.dealt: set[str] = set()
        self._drawn: tuple | None = None
        self._said: str | None = None  # the refusal or notice in the last whole drawing
        self.leading = False  # a draw's lead is shown, the rest of the table not yet (``lead_draw``)
        if self.unseen_round(session.view(None)):
            self.sheet = True  # closed before the scoreboard was: show it again
            self.driver.pause()

    def unseen_round(self, view: dict[str, Any]) -> bool:
        """A session whose last round's scoreboard was never closed, and nobody has moved since."""
        done, n = len(view["rounds"]), len(view["hands"])
        fresh = view["phase"] == "draw" and view["to_move"] == (view["dealer"] + 1) % n and not view["passed"]
        return bool(done) and fresh and not self.session.over and done > self.session.meta.get(SEEN, 0)

    # --- words --------------------------------------------------------------------------------

    def explain(self, reason: str) -> str:
        return model.explain(reason, self.t, self.lang)

    def geometry(self) -> model.Geometry:
        seat = self.viewer()
        hand = len(self.session.view(seat)["hands"][seat]) if self.read_only and seat is not None else None
        return model.geometry(self.width, self.height - APPBAR, replay=self.read_only, hand_cards=hand)

    # --- input ---------------------------------------------------------------------------------

    def _piles(self) -> dict[str, list[str]]:
        return self.session.state["piles"]

    def tap_card(self, card: str) -> None:
        """A hand card: pick it (its piles light up), or put it back down when it was picked."""
        self.message = None
        if self.pick == Pick("card", card):
            self.pick = None
        else:
            self.pick = Pick("card", card)
            if not model.targets(self._piles(), self.pick):
                self.refused_card(card)
                return
        self.redraw()

    def pile_tapped(self, pos: str, live: bool) -> None:
        """A tap on a pile, which counts on the person's turn to play; else it says why not."""
        if live or not self.not_now(f"move {pos} {pos}"):
            self.tap_pile(pos)

    def tap_pile(self, pos: str) -> None:
        """A pile: play the pick onto it when it is lit; else pick the pile itself, or say why not."""
        self.message = None
        piles = self._piles()
        pick = self.pick
        if pick is not None and pos in model.targets(piles, pick):
            self.pick = None
            self.act(model.action_for(pick, pos))
            return
        if pick == Pick("pile", pos):
            self.pick = None
        elif piles[pos] and pos in model.movable_piles(piles):
            self.pick = Pick("pile", pos)
        elif pick is not None and pick.kind == "card":
            self.message = self.explain(self.session.why_illegal(model.action_for(pick, pos)) or "")
        elif piles[pos]:
            self.message = self.t("kc.pile_stuck", pos=self.t(f"kc.pos.{pos}"))
            self.pick = None
        else:
            key = "kc.corner_empty_tap" if pos in ("NE", "SE", "SW", "NW") else "kc.pile_empty_tap"
            self.message = self.t(key, pos=self.t(f"kc.pos.{pos}"))
        self.redraw()

    def dropped(self, pos: str, payload: str) -> None:
        """A card or a pile dropped on the pile at ``pos``."""
        if not self.my_turn(self.viewer()):
            return  # drags are off then; a drop already in the air when the turn ended
        self.pick = None
        self.act(model.action_for(model.pick_of(payload), pos))

    def drag_started(self, payload: str) -> None:
        self.drag.started(payload)

    def draw(self) -> None:
        if not self.not_now("draw"):
            self.act("draw")

    def end_turn(self) -> None:
        if not self.not_now("end"):
            self.act("end")

    def act(self, action: Any) -> None:
        self.pick = None
        self.message = None
        super().act(action)

    def close_sheet(self) -> None:
        """Close the scoreboard between rounds; the computer may move again."""
        self.sheet = False
        self.session.meta[SEEN] = len(self.session.state["rounds"])
        self.last_move = None
        self.redraw()
        self.driver.resume()

    def reveal(self, seat: int) -> None:
        self.pick = None
        super().reveal(seat)

    def handover(self, seat: int) -> ft.Control:
        note = self.last_move
        return privacy.pass_screen(self.t, self.name(seat), lambda: self.reveal(seat), note)

    # --- redraw and animation -----------------------------------------------------------------

    def drawn_key(self) -> tuple:
        s = self.session
        return (len(s.actions), s.to_move, s.over, self.driver.thinking, s.bot_to_move, self.pick, self.message,
                self.revealed_for, self.undo_for, self.last_move, self.sheet, self.width, self.height,
                self.hints.busy, self.hints.ply, self.guide.key)

    def redraw(self, events: list[dict[str, Any]] | None = None) -> None:
        events = list(events or [])
        if not events and self.slides.animating:
            self.slides.pending = True  # the driver's "thinking" refresh: wait until the cards have landed
            skip_page_update()
            return
        if events:
            self.plan(events)
        elif self.drawn_key() == self._drawn:
            skip_page_update()  # nothing changed: nothing to build or send
            return
        else:
            self.fly, self.dealt = {}, set()
        if events and self.lead_draw(events):
            return
        self.slides.begin()
        self.rebuild()
        try:
            self.push()
        except Exception:  # not on the page (yet, or any more): the next build shows it
            return
        self.slides.start(self.ui.page, self.duration,
                          lambda: self.redraw() if self.slides.pending else None)

    def plan(self, events: list[dict[str, Any]]) -> None:
        """Which cards fly for these events, the line that tells what happened, the sheet after a round."""
        seat = self.viewer()
        self.fly, self.dealt = {}, set()
        if events[0].get("type") == "undo":
            self.pick, self.last_move = None, None
            if self.sheet:
                self.sheet = False
                self.driver.paused = False
            return
        events = self.session.game.mask_events(events, seat)
        geo = self.geometry()
        sz = card_widget.SIZES[geo.cross_card]
        for ev in events:
            kind = ev.get("type")
            who = ev.get("seat")
            if kind in ("move", "end_turn") and who is not None:
                text = model.move_text(self.t, self.lang, ev, self.name(who),
                                       who == seat and len(self.session.humans) == 1)
                if text or kind == "end_turn":  # your own "end turn" clears the line for the next player
                    self.last_move = text
            if kind == "move" and ev.get("action") in ("play", "move"):
                dst = ev["to"][5:]
                if ev["action"] == "move":
                    dx, dy = model.flight(ev["from"][5:], dst, geo, sz.height, sz.width)
                else:  # from the hand: yours from below, the others' from above
                    col, row = model.GRID[dst]
                    dx = (1 - col) * (geo.cell_w + geo.gap) / sz.width
                    rows = (3 - row) if who == seat else -(row + 1)
                    dy = rows * (geo.cell_h + geo.gap) / sz.height
                self.fly[dst] = (ev["cards"][-1], {"offset": ft.Offset(dx, dy), "opacity": 0.3})
            elif kind == "move" and ev.get("action") == "draw" and seat is not None and ev["to"] == f"hand:{seat}":
                self.dealt.update(c for c in ev["cards"] if c != cards.UNKNOWN)
            elif kind == "talon_empty":
                self.last_move = self.t("kc.talon_out")
            elif kind == "turn" and ev.get("extra"):
                self.last_move = self.t("kc.moved.extra", name=self.name(ev["seat"]))
            elif kind == "round_over" and not any(e.get("type") == "game_over" for e in events):
                self.sheet = True
                self.pick = None
                self.driver.pause()
        if self.duration <= 0 or self.needs_handover(seat):
            self.fly, self.dealt = {}, set()

    def lead_draw(self, events: list[dict[str, Any]]) -> bool:
        """The person's own draw answered with the talon and the hand alone; False: draw it whole.

        A whole drawing after a draw (the buttons, the guidance, eight piles that may now move,
        every hand card lit or dimmed and made draggable) cost the server and the web client
        most of the slowest tap of the table. Here only the talon's count and the drawn card
        sliding into the hand are sent, the other cards as they were; the rest of the table
        follows when the card has slid in (``follow``). A card tapped meanwhile is taken as the
        pick it is (``refused_card`` asks the rules, not the drawing).
        """
        seat = self.viewer()
        page = self.ui.page
        if not all(e.get("type") == "talon_empty" or (e.get("type") == "move" and e.get("action") == "draw"
                                                       and e.get("to") == f"hand:{seat}") for e in events):
            return False
        if (seat is None or self._unsent or self.sheet or self.message or self._said
                or not motion.can_run_tasks(page)
                or (self.guide.tour is not None and not self.guide.done) or self.needs_handover(seat)):
            return False  # (a refusal on show goes with the draw; the coach lights whole drawings)
        shown = {c.identifier: c for c, _ in walk(self.root)
                 if isinstance(c, ft.Semantics) and c.identifier in ("talon", "hand")}
        if len(shown) != 2:
            return False
        view = self.session.view(seat)
        geo = self.geometry()
        live = self.my_turn(seat)
        hand = view["hands"][seat]
        self.slides.begin()
        kept = Kept()
        for old, fresh in ((shown["talon"], self.talon_cell(view, geo, live)),
                           (shown["hand"], self.hand_view(view, seat, hand, geo, None, live))):
            if morph(old, fresh, kept) is not old:
                self._unsent = [self.root]  # a part drawn anew: the whole drawing, all of it sent
                return False
        self.slides.remap(kept)
        self._unsent = kept.roots()
        try:
            self.push()
        except Exception:  # not on the page (any more): the next build shows it
            return True
        self.leading = True
        self.slides.start(page, self.duration, self.follow)
        if not self.slides.animating:
            page.run_task(self._follow_soon)
        return True

    def follow(self) -> None:
        """The rest of the table after a draw's lead: the drawing of the game as it now stands."""
        self.redraw()

    async def _follow_soon(self) -> None:
        await asyncio.sleep(FOLLOW_S)  # the lead goes out and is drawn first
        self.follow()

    def flying(self, card: str, pos: str, control: ft.Control) -> ft.Control:
        """A pile's top card, sliding in from where it came when this drawing's events moved it."""
        start = self.fly.get(pos)
        if start is None or start[0] != card:
            return control
        return self.slides.add(control, start[1], {"offset": ft.Offset(0, 0), "opacity": 1.0}, self.duration)

    # --- drawing ------------------------------------------------------------------------------

    def rebuild(self) -> None:
        """Draw the table's controls afresh (new drop zones, the key of what is drawn)."""
        self.drag.reset()
        self.show(self.guide.dress(self.build_content()))
        self._drawn, self._said, self.leading = self.drawn_key(), self.message, False

    def control(self) -> ft.Control:
        self.rebuild()
        return ft.Container(self.guide.stage(self.root), expand=True, gradient=theme.TABLE_GRADIENT)

    def build_content(self) -> list[ft.Control]:
        s = self.session
        seat = self.viewer()
        if self.sheet and not s.over:
            return [self.centred(self.round_sheet(s.view(None)))]
        curtain = self.curtain(seat)
        if curtain is not None:
            return [self.centred(curtain)]
        view = s.view(seat)
        if s.over:
            return [self.centred(self.end_panel(view))]
        live = self.my_turn(seat)
        piles = view["piles"]
        hand = view["hands"][seat] if seat is not None else []
        play = live and view["phase"] == "play"
        playable = model.playable_cards(piles, hand) if play else None
        self.movable = model.movable_piles(piles) if play else set()
        if self.pick is not None and not (play and (self.pick.what in hand if self.pick.kind == "card"
                                                    else self.pick.what in self.movable)):
            self.pick = None
        lit = model.targets(piles, self.pick)
        any_move = bool(playable) or bool(self.movable)
        others = [i for i in range(view["players"]) if i != seat]
        geo = self.geometry()
        cross = self.cross(view, geo, live, lit)
        hand_view = self.hand_view(view, seat, hand, geo, playable, live)
        guide = self.guidance(view, live, lit, any_move)
        button = self.buttons(view, live, any_move)
        if geo.tablet:
            side = ft.Container(ft.Column([
                self.seats_strip(view, others, 268, column=True),
                ft.Container(expand=True),
                guide, button], spacing=12, expand=True), width=284, padding=ft.Padding.only(left=4, right=12))
            main = ft.Column([self.status_row(view, seat), ft.Container(cross, alignment=ft.Alignment.CENTER, expand=True),
                              hand_view], spacing=10, expand=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
            return [ft.Container(ft.Row([main, side], spacing=8, expand=True,
                                        vertical_alignment=ft.CrossAxisAlignment.STRETCH),
                                 padding=ft.Padding.only(left=8, top=10, bottom=12), expand=True)]
        return [ft.Container(ft.Column([
            self.seats_strip(view, others, geo.width),
            self.status_row(view, seat),
            ft.Container(cross, alignment=ft.Alignment.CENTER, expand=True),
            guide, hand_view, button], spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            padding=ft.Padding.only(left=8, right=8, top=8, bottom=10), expand=True)]

    def hand_view(self, view: dict[str, Any], seat: int | None, hand: list[str], geo: model.Geometry,
                  playable: set[str] | None, live: bool) -> ft.Control:
        if seat is None:
            return ft.Container(height=8)
        picked = {self.pick.what} if self.pick is not None and self.pick.kind == "card" else set()
        row = kit_hand.overlap_hand(model.hand_order(hand), lang=self.lang, size=geo.hand_card, back=self.back, width=geo.width,
                                    selected=picked, playable=playable, on_tap=self.tap_card,
                                    on_refused=None if self.read_only else self.refused_card,
                                    slides=self.slides, dealt=self.dealt, ms=self.duration,
                                    drag=None if self.read_only else self.drag, glide_ms=self.duration)
        hand_box = ft.Container(row, alignment=ft.Alignment.CENTER)
        if self.read_only:  # a replay: say whose hand lies at the bottom (in play it is always yours)
            hand_box = ft.Column([ft.Text(self.t("replay.hand_of", name=self.name(seat)), size=12.5,
                                          color=theme.IVORY, font_family=theme.SANS_BOLD), hand_box],
                                 spacing=4, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        return ft.Semantics(identifier="hand", container=True, content=hand_box)

    def centred(self, control: ft.Control) -> ft.Control:
        return ft.Container(ft.Column([control], scroll=ft.ScrollMode.AUTO, expand=True,
                                      alignment=ft.MainAxisAlignment.CENTER,
                                      horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                            expand=True, alignment=ft.Alignment.CENTER, padding=12)


def build(app_state: Any, session: Any) -> ft.Control:
    return mount(app_state, KingsTable(app_state, session))
