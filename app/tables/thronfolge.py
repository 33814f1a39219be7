"""The Thronfolge table: the line with its five cards in reach, both courts, the hand, take with a preview.

Phone portrait stacks the opponent (top), the line, and you (bottom); tablet
landscape puts both collections at the sides. Everything drawn comes from
``session.view(seat)``; rules and scores come from the engine through
``app.tables.thronfolge_model``. Computer moves arrive through the driver's
``redraw(events)`` and are animated (cards slide into the line or fly to a
collection) at the speed chosen in the settings; "off" draws the result at once.

The privacy screen between two people, the driver wiring and the "whose eyes"
logic come from the generic table, which this table extends.
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import Any

import flet as ft

from app import theme
from app.tables import thronfolge_model as model
from app.tables import thronfolge_text  # noqa: F401  (registers the strings)
from app.tables.generic import GenericTable, mount
from app.tables.thronfolge_end import EndScreen
from app.tables.thronfolge_parts import (GOLD_FAINT, IVORY_SOFT, NEGATIVE, POSITIVE, SHADE, SHADE_DEEP,
                                          CourtPieces, signed)
from app.widgets import card as card_widget
from app.widgets.after_close import AfterClose
from core import cards
from core.games import thronfolge as tf

log = logging.getLogger(__name__)

TABLET_MIN_WIDTH = 900  # from here the collections move to the sides
PHONE_MAX_CONTENT = 560
COMPACT_MAX_HEIGHT = 800
SIDE_PANEL = 248
# Animation length in ms per speed setting ("off": no animation at all).
DURATIONS = {"slow": 700, "normal": 430, "fast": 230, "off": 0}
GAP = 5  # between cards in the reach bracket


class ThronfolgeTable(CourtPieces, EndScreen, GenericTable):
    def __init__(self, app_state: Any, session: Any) -> None:
        super().__init__(app_state, session)
        self.selected_card: str | None = None
        self.gen = 0  # bumped by every full redraw; an animation of an older drawing stops
        self.animating = False
        self.pending = False  # a plain redraw arrived while an animation was running
        self.anim: dict[str, Any] = {}
        self.movers: list[tuple[ft.Control, dict[str, Any]]] = []
        self.last_move: str | None = None
        self.banner: str | None = None
        self._drawn: tuple | None = None

    # --- geometry ---------------------------------------------------------------------------

    @property
    def width(self) -> float:
        return float(getattr(self.ui.page, "width", None) or 390)

    @property
    def tablet(self) -> bool:
        return self.width >= TABLET_MIN_WIDTH

    @property
    def compact(self) -> bool:
        """A short phone screen (e.g. 360×740): smaller line cards, older cards as text chips."""
        return not self.tablet and float(getattr(self.ui.page, "height", None) or 844) < COMPACT_MAX_HEIGHT

    @property
    def duration(self) -> int:
        return DURATIONS.get(getattr(self.state.settings, "speed", "normal"), DURATIONS["normal"])

    @property
    def back(self) -> str:
        return self.state.settings.card_back

    @property
    def lang(self) -> str:
        return self.state.lang

    def name(self, seat: int) -> str:
        return self.seat_name(seat)

    def me_and_other(self) -> tuple[int | None, int, int]:
        seat = self.viewer()
        me = seat if seat is not None else 0
        return seat, me, 1 - me

    def you_label(self, seat: int, viewer: int | None) -> str:
        if viewer == seat and len(self.session.humans) == 1:
            return self.t("tf.you")
        return self.name(seat)

    # --- redraw and animation ----------------------------------------------------------------

    def drawn_key(self) -> tuple:
        """What a drawing depends on besides animations: the same key, the same picture."""
        s = self.session
        return (len(s.actions), s.to_move, s.over, self.driver.thinking, s.bot_to_move, self.selected_card,
                self.message, self.revealed_for, self.last_move, self.banner, self.width)

    def redraw(self, events: list[dict[str, Any]] | None = None) -> None:
        events = list(events or [])
        if not events and self.animating:
            # The driver's "thinking" refresh: wait until the cards have landed.
            self.pending = True
            return
        if not events and not self.anim.get("leave") and not self.anim.get("flash") \
                and self.drawn_key() == self._drawn:
            # Nothing changed: keep the controls, so a tap already on its way still finds its target.
            return
        if events and events[0].get("type") == "undo":
            self.selected_card = None
            self.last_move = None
        self.gen += 1
        self.anim = self.plan(events) if events else {}
        self.movers = []
        self.root.controls = self.build_content()
        self._drawn = self.drawn_key()
        movers = self.movers
        self.animating = bool(movers)
        self.pending = False
        try:
            self.root.update()
        except Exception:  # not on the page (yet, or any more): the next build shows it
            self.animating = False
            return
        if movers:
            run = getattr(self.ui.page, "run_task", None)
            if run is None:
                self.animating = False
                return
            run(self._animate, self.gen, movers, bool(self.anim.get("leave")))

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
        if self.duration <= 0 or self.needs_handover(seat):
            return {"flash": None, "enter": {}, "leave": [], "deal": set()}
        return plan

    def moving(self, control: ft.Control, start: dict[str, Any], end: dict[str, Any]) -> ft.Control:
        """Wrap a control that starts at ``start`` and animates to ``end`` once it is on screen."""
        d = self.duration
        box = ft.Container(control, animate_offset=ft.Animation(d, ft.AnimationCurve.EASE_OUT_CUBIC),
                           animate_opacity=ft.Animation(d, ft.AnimationCurve.EASE_OUT),
                           animate_scale=ft.Animation(d, ft.AnimationCurve.EASE_IN_OUT), **start)
        self.movers.append((box, end))
        return box

    async def _animate(self, gen: int, movers: list[tuple[ft.Control, dict[str, Any]]], final: bool) -> None:
        try:
            await asyncio.sleep(0.06)  # let the starting frame reach the client
            if gen != self.gen:
                return
            for box, end in movers:
                for k, v in end.items():
                    setattr(box, k, v)
            try:
                self.root.update()
            except Exception:
                return
            await asyncio.sleep(self.duration / 1000 + 0.08)
        finally:
            if gen == self.gen:
                self.animating = False
        if gen == self.gen and (final or self.pending):
            self.redraw()

    # --- the line ----------------------------------------------------------------------------

    def line_sizes(self) -> tuple[str, float]:
        """(card size, available width) for the line."""
        if self.tablet:
            avail = self.width - 2 * SIDE_PANEL - 56
            return ("large" if avail >= 5 * 80 + 4 * GAP + 40 else "medium"), avail
        avail = min(self.width, PHONE_MAX_CONTENT) - 24
        return ("medium" if avail >= 5 * 64 + 4 * GAP + 18 and not self.compact else "small"), avail

    def line_card(self, c: str, size: str, *, ghost: bool = False, seat_for_enter: int | None = None,
                  me: int = 0) -> ft.Control:
        view = card_widget.card_view(c, self.lang, size, self.back, highlighted=False, selected=ghost)
        if ghost:  # the picked hand card, shown where it would go: one card, one name for readers
            return ft.Semantics(label=self.t("tf.ghost", card=card_widget.label(c, self.lang)), exclude_semantics=True,
                                identifier="ghost", content=ft.Container(view, opacity=0.8))
        if seat_for_enter is not None:
            direction = 1 if seat_for_enter == me else -1
            return self.moving(view, {"offset": ft.Offset(0, 2.2 * direction), "opacity": 0.0},
                               {"offset": ft.Offset(0, 0), "opacity": 1.0})
        return view

    def older_strip(self, codes: list[str], size: str, avail: float) -> list[ft.Control]:
        """Cards out of reach, overlapped so each corner index stays readable; wraps if very long."""
        sz = card_widget.SIZES[size]
        w, h = sz.width, sz.height
        min_step, pref_step = math.ceil(w * 0.38), w * 0.55
        per_row = max(1, int((avail - w) // min_step) + 1)
        rows: list[ft.Control] = []
        for start in range(0, len(codes), per_row):
            chunk = codes[start:start + per_row]
            step = pref_step if len(chunk) < 2 else max(min_step, min(pref_step, (avail - w) / (len(chunk) - 1)))
            layers = [ft.Container(card_widget.card_view(c, self.lang, size, self.back), left=i * step, top=0)
                      for i, c in enumerate(chunk)]
            rows.append(ft.Stack(layers, width=w + step * (len(chunk) - 1), height=h))
        return rows

    def reach_caption(self, view: dict[str, Any], viewer: int | None, me: int, other: int,
                      preview: model.PlayPreview | None) -> tuple[str, bool]:
        """The words under the bracket, and whether someone may still take these cards."""
        taken = view["taken"]
        if preview is not None:  # what the picked card leaves for the opponent
            th = preview.threat
            if th is not None and th.instant_win:
                return self.t("tf.threat_crown", name=self.name(other)), True
            if th is not None:
                return self.t("tf.threat", name=self.name(other), n=len(th.cards), other=signed(th.gain),
                              me=signed(th.other_change)), True
            if taken[other]:
                return self.t("tf.safe", name=self.name(other)), False
            return self.t("tf.safe_round"), False
        to_move = view["to_move"]
        if to_move is None:
            return "", False
        for who in (to_move, 1 - to_move):  # who gets the next chance to take
            if not taken[who]:
                text = (self.t("tf.reach_you") if who == viewer else
                        self.t("tf.reach_other", name=self.you_label(who, viewer)))
                return text, True
        return self.t("tf.reach_nobody"), False

    def line_area(self, view: dict[str, Any], viewer: int | None, me: int, other: int) -> ft.Control:
        size, avail = self.line_sizes()
        sz = card_widget.SIZES[size]
        line = list(view["line"])
        ghost: str | None = None
        preview = None
        if self.selected_card and self.selected_card in view["hands"][me]:
            preview = model.play_preview(view, me, self.selected_card)
            line = list(preview.line)
            ghost = self.selected_card
        leaving = list(self.anim.get("leave") or [])
        if leaving:
            older, reach = line, leaving
        else:
            older, reach = model.split_line(line)
        enter = self.anim.get("enter") or {}
        header = ft.Row([
            self.label(self.t("tf.line")),
            ft.Text(self.cards_text(len(view["line"])), size=11.5, color=IVORY_SOFT),
            ft.Container(expand=True),
            *([ft.Text(self.t("tf.out_of_reach"), size=11, color=IVORY_SOFT, italic=True)] if older else []),
        ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        if not line and not leaving:
            empty = ft.Container(
                ft.Text(self.t("tf.line_empty"), color=IVORY_SOFT, size=14, text_align=ft.TextAlign.CENTER),
                height=sz.height + 12, width=min(avail, 5 * sz.width), alignment=ft.Alignment.CENTER,
                border_radius=14, border=ft.Border.all(1.5, ft.Colors.with_opacity(0.3, theme.IVORY)))
            return ft.Semantics(identifier="line", label=self.t("tf.line_empty"), content=ft.Column(
                [header, ft.Row([empty], alignment=ft.MainAxisAlignment.CENTER)], spacing=8, tight=True,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER))
        # The reach bracket: the last five, glowing gold while someone may still take them.
        reach_views: list[ft.Control] = []
        for c in reach:
            if c in leaving:
                direction = 1 if self.anim.get("leave_to") == me else -1
                reach_views.append(self.moving(card_widget.card_view(c, self.lang, size, self.back),
                                               {"offset": ft.Offset(0, 0), "opacity": 1.0, "scale": 1.0},
                                               {"offset": ft.Offset(0, 2.6 * direction), "opacity": 0.0,
                                                "scale": 0.7}))
            else:
                reach_views.append(self.line_card(c, size, ghost=c == ghost,
                                                  seat_for_enter=enter.get(c) if c in enter else None, me=me))
        caption, glow = self.reach_caption(view, viewer, me, other, preview)
        glow = glow or bool(leaving)
        bracket = ft.Container(
            ft.Row(reach_views, spacing=GAP, tight=True),
            padding=ft.Padding.symmetric(horizontal=6, vertical=6), border_radius=14,
            border=ft.Border.all(2, theme.GOLD if glow else ft.Colors.with_opacity(0.35, theme.IVORY)),
            bgcolor=ft.Colors.with_opacity(0.10, theme.GOLD) if glow else SHADE,
            shadow=[ft.BoxShadow(blur_radius=18, spread_radius=1, color=ft.Colors.with_opacity(0.55, theme.GOLD))]
            if glow else None)
        reach_block = ft.Semantics(label=f"{self.t('tf.in_reach')}: {caption}", identifier="reach", content=bracket)
        reach_w = len(reach) * sz.width + (len(reach) - 1) * GAP + 16
        parts: list[ft.Control] = []
        if older:
            step = sz.width * 0.55
            one_row = reach_w + 14 + sz.width + step * (len(older) - 1) <= avail
            strip_avail = avail - reach_w - 14 if one_row else avail
            older_size = size if one_row else ("medium" if size == "large" else "small")
            if self.compact and not one_row:  # short screens: the cards out of reach as text chips
                strip: list[ft.Control] = [ft.Row([self.text_chip(c) for c in older], spacing=4, run_spacing=4,
                                                  wrap=True, alignment=ft.MainAxisAlignment.CENTER, width=avail)]
            else:
                strip = self.older_strip(older, older_size, strip_avail)
            older_block = ft.Semantics(
                identifier="older", label=f"{self.t('tf.out_of_reach')}: {len(older)}",
                content=ft.Column(strip, spacing=4, tight=True))
            if one_row:
                parts.append(ft.Row([older_block, reach_block], spacing=14, tight=True,
                                    vertical_alignment=ft.CrossAxisAlignment.END))
            else:
                parts.append(older_block)
                parts.append(reach_block)
        else:
            parts.append(reach_block)
        parts.append(ft.Container(
            ft.Text(spans=[ft.TextSpan("▲  " if glow else "",
                                       ft.TextStyle(size=10, color=theme.GOLD, font_family=theme.SANS)),
                           ft.TextSpan(self.t("tf.in_reach").upper() + "  ",
                                       ft.TextStyle(size=10.5, letter_spacing=1.2, font_family=theme.SANS_BOLD,
                                                    color=theme.GOLD if glow else IVORY_SOFT)),
                           ft.TextSpan(caption, ft.TextStyle(size=12.5, font_family=theme.SANS_BOLD,
                                                             color=theme.GOLD_LIGHT if glow else IVORY_SOFT))],
                    max_lines=2, overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER),
            width=avail, alignment=ft.Alignment.CENTER))
        head = [] if self.compact else [header]  # short screens: the caption under the bracket says enough
        return ft.Column([*head, *parts], spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)

    # --- turn, hints and actions --------------------------------------------------------------

    def status_strip(self, view: dict[str, Any]) -> ft.Control:
        rnd = view["round"]
        pips = ft.Row([ft.Container(width=8, height=8, border_radius=4,
                                    bgcolor=theme.GOLD if i < rnd else ft.Colors.with_opacity(0.25, theme.IVORY))
                       for i in range(4)], spacing=4, tight=True)
        pile = len(view["deck"])
        pile_icon = ft.Image(src=card_widget.back_asset(self.back), width=13, height=18, fit=ft.BoxFit.FILL,
                             border_radius=2)
        return ft.Container(ft.Row([
            ft.Semantics(identifier="round", label=self.t("tf.round", n=rnd), exclude_semantics=True,
                         content=ft.Row([ft.Text(self.t("tf.round", n=rnd), size=12.5, font_family=theme.SANS_BOLD,
                                                 color=theme.IVORY), pips], spacing=8, tight=True)),
            ft.Semantics(identifier="pile", label=self.t("tf.pile_label", n=pile), exclude_semantics=True,
                         content=ft.Row([pile_icon, ft.Text(self.t("tf.pile", n=pile), size=12.5, color=theme.IVORY)],
                                        spacing=5, tight=True)),
            ft.Container(expand=True),
            ft.Text(self.t("play.move", n=view.get("ply", 0)), size=12, color=IVORY_SOFT),
        ], spacing=16, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            padding=ft.Padding.symmetric(horizontal=14, vertical=7), bgcolor=SHADE)

    def turn_pill(self, viewer: int | None) -> ft.Control:
        s = self.session
        thinking = s.bot_to_move or self.driver.thinking
        if s.over:
            text, icon = self.t("play.over"), ft.Icons.FLAG
        elif s.bot_to_move:
            text, icon = self.t("play.bot_turn", name=self.name(s.to_move)), None
        elif viewer is not None and s.to_move == viewer:
            text = self.t("play.your_turn") if len(s.humans) == 1 else self.t("play.turn_of", name=self.name(viewer))
            icon = ft.Icons.TOUCH_APP
        else:
            text, icon = self.t("play.turn_of", name=self.name(s.to_move)), ft.Icons.HOURGLASS_TOP
        lead: ft.Control = (ft.ProgressRing(width=15, height=15, stroke_width=2.2, color=theme.FELT_DARK)
                            if thinking and not s.over else ft.Icon(icon, size=16, color=theme.FELT_DARK))
        mine = viewer is not None and s.to_move == viewer and not thinking
        pill = ft.Container(
            ft.Row([lead, ft.Text(text, size=13, font_family=theme.SANS_BOLD, color=theme.FELT_DARK, no_wrap=True)],
                   spacing=6, tight=True),
            bgcolor=theme.GOLD if mine or s.over else theme.GOLD_LIGHT, border_radius=16,
            padding=ft.Padding.symmetric(horizontal=11, vertical=5))
        # A live region: screen readers announce "… is thinking" and "Your turn" as they change.
        return ft.Semantics(identifier="turn", label=text, exclude_semantics=True, live_region=True, content=pill)

    def hint(self, view: dict[str, Any], viewer: int | None, me: int, other: int, my_turn: bool,
             legal: list[Any]) -> ft.Control | None:
        """One line under the turn pill: the preview of a selected card, a must-take, or the last move."""
        color, text, icon = theme.IVORY, None, None
        if self.message:
            text, color, icon = self.message, NEGATIVE, ft.Icons.INFO_OUTLINE
        elif my_turn and not view["hands"][me] and tf.TAKE in legal:
            text = self.t("tf.must_take_empty" if not view["line"] else "tf.must_take")
            color, icon = theme.GOLD_LIGHT, ft.Icons.PRIORITY_HIGH
        elif my_turn and self.selected_card:
            return None  # the caption under the line tells what the picked card would leave in reach
        elif self.banner:
            text = f"{self.last_move} · {self.banner}" if self.last_move else self.banner
            icon = ft.Icons.AUTORENEW
        elif self.last_move:
            text, icon = self.last_move, ft.Icons.HISTORY
        elif my_turn and view["taken"][me]:
            text, icon = self.t("tf.play_on"), ft.Icons.INFO_OUTLINE
        elif my_turn:
            text, icon = self.t("tf.tap_hint"), ft.Icons.TOUCH_APP_OUTLINED
        if text is None:
            return None
        return ft.Semantics(identifier="hint", label=text, exclude_semantics=True, content=ft.Row([
            ft.Icon(icon, size=16, color=color) if icon else ft.Container(),
            ft.Text(text, size=12.5, color=color, expand=True, max_lines=3, overflow=ft.TextOverflow.ELLIPSIS)],
            spacing=6, vertical_alignment=ft.CrossAxisAlignment.START))

    def hand_area(self, view: dict[str, Any], viewer: int | None, me: int, my_turn: bool,
                  playable: set[str]) -> ft.Control:
        # Five medium cards need 344 px: phones from 368 px; the smallest phones get small cards.
        roomy = min(self.width, PHONE_MAX_CONTENT) - 24 >= 344 and not self.compact
        size = "large" if self.tablet else ("medium" if roomy else "small")
        sz = card_widget.SIZES[size]
        hand = view["hands"][me]
        deal = self.anim.get("deal") or set()
        views: list[ft.Control] = []
        for c in hand:
            if viewer is None:
                views.append(card_widget.card_view(cards.UNKNOWN, self.lang, size, self.back))
                continue
            tappable = my_turn and c in playable
            cv = card_widget.card_view(c, self.lang, size, self.back, selected=c == self.selected_card,
                                       on_tap=self.tap_card if tappable else None, key=f"hand-{c}")
            if c in deal:
                cv = self.moving(cv, {"offset": ft.Offset(0, -0.9), "opacity": 0.0},
                                 {"offset": ft.Offset(0, 0), "opacity": 1.0})
            views.append(cv)
        if not hand:
            body: ft.Control = ft.Container(
                ft.Text(self.t("tf.hand_empty"),
                        color=IVORY_SOFT, size=13, text_align=ft.TextAlign.CENTER),
                height=sz.height, alignment=ft.Alignment.CENTER)
        else:
            body = ft.Row(views, spacing=8 if self.tablet else 6, alignment=ft.MainAxisAlignment.CENTER,
                          vertical_alignment=ft.CrossAxisAlignment.END)
        return ft.Container(body, padding=ft.Padding.only(top=10), height=sz.height + 12)

    def take_button(self, view: dict[str, Any], me: int, my_turn: bool, legal: list[Any]) -> ft.Control:
        can = my_turn and tf.TAKE in legal
        reach = model.split_line(view["line"])[1]
        forced = can and not view["hands"][me]
        if can and not reach:
            title, sub = self.t("tf.take_nothing"), self.t("tf.line_empty")
        elif can:
            pv = model.take_preview(view, me)
            title = self.t("tf.take_n", n=len(reach))
            sub = f"{self.t('tf.points')} {pv.before[me]} → {pv.after[me]}"
        elif view["taken"][me]:
            title, sub = self.t("tf.take"), self.t("tf.has_taken")
        else:
            title, sub = self.t("tf.take"), ""
        fg = theme.FELT_DARK if forced else (theme.GOLD_LIGHT if can else IVORY_SOFT)
        box = ft.Container(
            ft.Column([ft.Row([ft.Icon(ft.Icons.BACK_HAND_OUTLINED, size=18, color=fg),
                               ft.Text(title, size=15, font_family=theme.SANS_BOLD, color=fg, no_wrap=True)],
                              spacing=6, tight=True, alignment=ft.MainAxisAlignment.CENTER),
                       *([ft.Text(sub, size=11, color=fg, no_wrap=True, opacity=0.9)] if sub else [])],
                      spacing=1, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                      alignment=ft.MainAxisAlignment.CENTER),
            height=56, border_radius=16, alignment=ft.Alignment.CENTER, expand=True,
            bgcolor=theme.GOLD if forced else SHADE_DEEP,
            border=ft.Border.all(2, theme.GOLD if can else ft.Colors.with_opacity(0.25, theme.IVORY)),
            shadow=[ft.BoxShadow(blur_radius=16, spread_radius=2, color=theme.GOLD_LIGHT)] if forced else None,
            opacity=1.0 if can or not my_turn else 0.75,
            on_click=(lambda e: self.ask_take()) if my_turn else None, ink=True)
        return ft.Semantics(label=f"{title} {sub}".strip(), button=True, identifier="take", exclude_semantics=True,
                            content=box, expand=True)

    def play_button(self, my_turn: bool) -> ft.Control:
        card = self.selected_card if my_turn else None
        if card:
            text = self.t("tf.play", card=card_widget.short_text(card, self.lang))
        else:
            text = self.t("tf.pick_card")
        btn = ft.FilledButton(
            text, icon=ft.Icons.ARROW_UPWARD_ROUNDED if card else None, height=56, expand=True,
            disabled=card is None, on_click=(lambda e: self.play_selected()) if card else None,
            style=ft.ButtonStyle(bgcolor={ft.ControlState.DEFAULT: theme.GOLD,
                                          ft.ControlState.DISABLED: ft.Colors.with_opacity(0.14, theme.IVORY)},
                                 color={ft.ControlState.DEFAULT: theme.FELT_DARK,
                                        ft.ControlState.DISABLED: IVORY_SOFT},
                                 text_style=ft.TextStyle(font_family=theme.SANS_BOLD, size=15),
                                 shape=ft.RoundedRectangleBorder(radius=16)))
        return ft.Semantics(identifier="play", content=btn, expand=True)

    def action_bar(self, view: dict[str, Any], me: int, my_turn: bool, legal: list[Any]) -> ft.Control:
        items: list[ft.Control] = [self.take_button(view, me, my_turn, legal)]
        if view["hands"][me]:
            items.append(self.play_button(my_turn))
        return ft.Row(items, spacing=10)

    # --- take preview -------------------------------------------------------------------------

    def ask_take(self) -> None:
        seat, me, other = self.me_and_other()
        s = self.session
        if seat is None or s.over or s.to_move != seat or self.driver.thinking:
            return
        if tf.TAKE not in s.legal():
            reason = s.why_illegal(tf.TAKE)
            key = model.why_key(reason)
            self.message = self.t(key) if key else reason
            self.redraw()
            return
        self.message = None
        if self.selected_card:  # the sheet shows the line as it is, not a picked card's preview
            self.selected_card = None
            self.redraw()
        view = s.view(seat)
        pv = model.take_preview(view, me)
        after = AfterClose(self.ui.page)

        def take() -> None:
            self.selected_card = None
            self.act(tf.TAKE)

        def score_row(who: int) -> ft.Control:
            delta = pv.after[who] - pv.before[who]
            return ft.Row([
                ft.Text(self.you_label(who, seat), size=14, color=theme.IVORY, expand=True, no_wrap=True,
                        overflow=ft.TextOverflow.ELLIPSIS),
                ft.Text(str(pv.before[who]), size=16, color=IVORY_SOFT),
                ft.Icon(ft.Icons.ARROW_FORWARD_ROUNDED, size=16, color=IVORY_SOFT),
                ft.Text(str(pv.after[who]), size=20, font_family=theme.DISPLAY, color=theme.GOLD_LIGHT),
                ft.Container(ft.Text(signed(delta), size=12.5, font_family=theme.SANS_BOLD,
                                     color=theme.FELT_DARK), width=44, alignment=ft.Alignment.CENTER,
                             bgcolor=POSITIVE if delta > 0 else (NEGATIVE if delta < 0 else theme.IVORY),
                             border_radius=10, padding=ft.Padding.symmetric(vertical=2)),
            ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)

        size = "medium" if self.tablet or self.width >= 360 else "small"
        got = ft.Row([card_widget.card_view(c, self.lang, size, self.back) for c in pv.cards], spacing=6, wrap=True,
                     run_spacing=6, alignment=ft.MainAxisAlignment.CENTER) if pv.cards else \
            ft.Text(self.t("tf.get_nothing"), color=theme.IVORY, size=14)
        parts: list[ft.Control] = [
            theme.display(self.t("tf.sheet_forced" if pv.forced else "tf.sheet_title"), 21, color=theme.GOLD_LIGHT),
            self.label(self.t("tf.you_get")), got,
        ]
        if pv.instant_win:
            parts.append(ft.Container(ft.Row([ft.Text("♛", size=22, color=theme.FELT_DARK),
                                              ft.Text(self.t("tf.crowns_win"), size=15, font_family=theme.SANS_BOLD,
                                                      color=theme.FELT_DARK, expand=True)], spacing=8),
                                      bgcolor=theme.GOLD, border_radius=12, padding=10))
        parts += [self.label(self.t("tf.score_change")), score_row(me), score_row(other)]
        if not pv.forced and not pv.instant_win:
            parts.append(ft.Text(self.t("tf.after_note"), size=12.5, color=IVORY_SOFT))
        parts.append(ft.Row([
            ft.TextButton(self.t("cancel"), on_click=lambda e: self.ui.page.pop_dialog(), height=52,
                          style=ft.ButtonStyle(color=theme.IVORY)),
            ft.Semantics(identifier="take-confirm", content=ft.FilledButton(
                self.t("tf.confirm_take"), icon=ft.Icons.BACK_HAND, height=52,
                on_click=lambda e: after.close_then(take),
                style=ft.ButtonStyle(bgcolor=theme.GOLD, color=theme.FELT_DARK,
                                     text_style=ft.TextStyle(font_family=theme.SANS_BOLD, size=15),
                                     shape=ft.RoundedRectangleBorder(radius=14)))),
        ], alignment=ft.MainAxisAlignment.END, spacing=10))
        body = ft.Container(ft.Column(parts, spacing=12, tight=True),
                            padding=ft.Padding.only(left=20, right=20, top=4, bottom=20),
                            width=560 if self.tablet else None)
        self.ui.page.show_dialog(ft.BottomSheet(
            body, bgcolor=theme.FELT_DARK, show_drag_handle=True,
            scrollable=True, on_dismiss=after.dismissed,
            size_constraints=ft.BoxConstraints(max_width=620) if self.tablet else None))

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

    def act(self, action: Any) -> None:
        self.message = self.driver.apply(action)
        if self.message:
            key = model.why_key(self.message)
            self.message = self.t(key) if key else self.message
            self.redraw()

    def again(self) -> None:
        s = self.session
        view = s.view(None)
        options = dict(view["options"])
        try:
            options["starter"] = tf.next_match_starter(view)
            new = self.state.start_game(s.game.name, list(s.seats), options=options)
        except Exception as exc:
            self.ui.snack(str(exc), error=True)
            return
        self.ui.navigate(f"/play/{new.game_id}")

    # --- privacy screen --------------------------------------------------------------------------

    def handover(self, seat: int) -> ft.Control:
        def reveal(e):
            self.revealed_for = seat
            self.selected_card = None
            self.message = None
            self.redraw()

        parts: list[ft.Control] = [
            ft.Container(ft.Icon(ft.Icons.SCREEN_ROTATION_ALT, color=theme.FELT_DARK, size=40), width=84, height=84,
                         border_radius=42, bgcolor=theme.GOLD, alignment=ft.Alignment.CENTER),
            theme.display(self.t("play.pass_to", name=self.name(seat)), 24, color=theme.GOLD_LIGHT,
                          text_align=ft.TextAlign.CENTER),
            ft.Text(self.t("play.pass_hint"), color=theme.IVORY, text_align=ft.TextAlign.CENTER, size=14.5),
        ]
        if self.last_move:
            parts.append(ft.Text(self.t("tf.pass_last", move=self.last_move), color=IVORY_SOFT, size=13,
                                 text_align=ft.TextAlign.CENTER))
        parts.append(ft.Semantics(identifier="reveal", content=ft.FilledButton(
            self.t("play.i_am", name=self.name(seat)), icon=ft.Icons.VISIBILITY, on_click=reveal, height=54,
            style=ft.ButtonStyle(bgcolor=theme.GOLD, color=theme.FELT_DARK,
                                 text_style=ft.TextStyle(font_family=theme.SANS_BOLD, size=16),
                                 shape=ft.RoundedRectangleBorder(radius=16)))))
        return ft.Container(ft.Column(parts, horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=16, tight=True),
                            padding=28, alignment=ft.Alignment.CENTER, width=420)

    def control(self) -> ft.Control:
        out = super().control()
        self._drawn = self.drawn_key()
        return out

    # --- layouts --------------------------------------------------------------------------------

    def build_content(self) -> list[ft.Control]:
        s = self.session
        seat, me, other = self.me_and_other()
        if self.needs_handover(seat):
            view = s.view(None)
            return [self.status_strip(view),
                    ft.Container(self.handover(seat), expand=True, alignment=ft.Alignment.CENTER)]
        view = s.view(seat)
        my_turn = not s.over and seat is not None and s.to_move == seat and not self.driver.thinking
        legal = s.legal() if my_turn else []
        playable = {a.card for a in legal if isinstance(a, tf.Play)}
        if self.selected_card not in playable:
            self.selected_card = None
        if self.tablet:
            return self.tablet_layout(view, seat, me, other, my_turn, legal, playable)
        return self.phone_layout(view, seat, me, other, my_turn, legal, playable)

    def centre(self, view, seat, me, other, my_turn, legal) -> list[ft.Control]:
        """Line, turn and hint: the middle of the table (or the result once the game is over)."""
        if self.session.over:
            return [self.result_panel()]
        hint = self.hint(view, seat, me, other, my_turn, legal)
        return [
            ft.Container(self.line_area(view, seat, me, other), alignment=ft.Alignment.CENTER,
                         padding=ft.Padding.symmetric(vertical=4)),
            ft.Column([ft.Row([self.turn_pill(seat)], alignment=ft.MainAxisAlignment.CENTER),
                       *([hint] if hint else [])], spacing=8, tight=True),
        ]

    def phone_over(self, view: dict[str, Any]) -> list[ft.Control]:
        """The end screen on a phone: the tally, then both collections; the buttons stay pinned."""
        collections = [ft.Container(ft.Column([
            ft.Row([self.avatar(i), ft.Text(self.name(i), size=15, font_family=theme.SANS_BOLD, color=theme.IVORY,
                                            expand=True, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                    self.score_box(i, view)], spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            self.collection_detail(i, view)], spacing=10, tight=True),
            padding=14, border_radius=18, bgcolor=SHADE, border=ft.Border.all(1, GOLD_FAINT)) for i in (0, 1)]
        scroll = ft.Container(ft.Column([self.result_panel(), self.label(self.t("tf.collection")), *collections],
                                        spacing=12, scroll=ft.ScrollMode.AUTO,
                                        horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                              expand=True, padding=ft.Padding.only(left=12, right=12, top=12, bottom=6))
        pinned = ft.Container(self.result_buttons(), padding=ft.Padding.only(left=12, right=12, top=10, bottom=12),
                              bgcolor=SHADE_DEEP, border=ft.Border.only(top=ft.BorderSide(2, theme.GOLD)))
        column = ft.Column([scroll, pinned], spacing=0, expand=True,
                           horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        body = ft.Container(column, expand=True, width=PHONE_MAX_CONTENT if self.width > PHONE_MAX_CONTENT else None)
        return [self.status_strip(view), ft.Row([body], expand=True, alignment=ft.MainAxisAlignment.CENTER,
                                               vertical_alignment=ft.CrossAxisAlignment.STRETCH)]

    def phone_layout(self, view, seat, me, other, my_turn, legal, playable) -> list[ft.Control]:
        over = self.session.over
        if over:
            return self.phone_over(view)
        top = ft.Container(ft.Column([
            self.player_header(other, view, seat, show_fan=not over),
            self.token_row(other, view),
        ], spacing=8, tight=True), padding=ft.Padding.only(left=12, right=12, top=10, bottom=8))
        middle = ft.Container(
            ft.Column(self.centre(view, seat, me, other, my_turn, legal), spacing=12, scroll=ft.ScrollMode.AUTO,
                      horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                      alignment=ft.MainAxisAlignment.SPACE_EVENLY if not over else ft.MainAxisAlignment.START),
            expand=True, padding=ft.Padding.symmetric(horizontal=12, vertical=6))
        bottom_parts: list[ft.Control] = [
            self.token_row(me, view),
            self.player_header(me, view, seat, show_fan=seat is None and not over),
        ]
        if not over:
            bottom_parts += [self.hand_area(view, seat, me, my_turn, playable),
                             self.action_bar(view, me, my_turn, legal)]
        bottom = ft.Container(
            ft.Column(bottom_parts, spacing=8, tight=True),
            padding=ft.Padding.only(left=12, right=12, top=10, bottom=12), bgcolor=SHADE_DEEP,
            border=ft.Border.only(top=ft.BorderSide(2, theme.GOLD)),
            border_radius=ft.BorderRadius.only(top_left=22, top_right=22))
        column = ft.Column([top, middle, bottom], spacing=0, expand=True,
                           horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        body = ft.Container(column, expand=True, width=PHONE_MAX_CONTENT if self.width > PHONE_MAX_CONTENT else None)
        return [self.status_strip(view), ft.Row([body], expand=True, alignment=ft.MainAxisAlignment.CENTER,
                                               vertical_alignment=ft.CrossAxisAlignment.STRETCH)]

    def side_panel(self, seat: int, view: dict[str, Any], viewer: int | None, show_fan: bool) -> ft.Control:
        glow = self.anim.get("flash") == seat
        return ft.Container(
            ft.Column([
                self.player_header(seat, view, viewer, show_fan, stacked=True),
                *([self.hand_backs(seat, view)] if show_fan and view["hands"][seat] else []),
                ft.Divider(color=GOLD_FAINT, height=10),
                self.label(self.t("tf.collection")),
                self.collection_detail(seat, view),
            ], spacing=10, scroll=ft.ScrollMode.AUTO),
            width=SIDE_PANEL, padding=14, border_radius=18, bgcolor=SHADE,
            border=ft.Border.all(2 if glow else 1, theme.GOLD if glow else GOLD_FAINT),
            shadow=[ft.BoxShadow(blur_radius=20, spread_radius=1, color=GOLD_FAINT)] if glow else None)

    def tablet_layout(self, view, seat, me, other, my_turn, legal, playable) -> list[ft.Control]:
        over = self.session.over
        centre_parts: list[ft.Control] = [
            ft.Container(ft.Column(self.centre(view, seat, me, other, my_turn, legal), spacing=14,
                                   scroll=ft.ScrollMode.AUTO, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                                   alignment=ft.MainAxisAlignment.SPACE_EVENLY if not over else
                                   ft.MainAxisAlignment.START),
                         expand=True)]
        if not over:
            centre_parts.append(ft.Container(ft.Column([
                self.hand_area(view, seat, me, my_turn, playable),
                self.action_bar(view, me, my_turn, legal),
            ], spacing=10, tight=True), padding=ft.Padding.only(left=14, right=14, top=6, bottom=12),
                bgcolor=SHADE_DEEP, border_radius=20, border=ft.Border.all(1.5, GOLD_FAINT)))
        else:
            centre_parts.append(self.result_buttons())
        centre = ft.Container(ft.Column(centre_parts, spacing=10, expand=True,
                                        horizontal_alignment=ft.CrossAxisAlignment.STRETCH), expand=True)
        row = ft.Row([
            self.side_panel(other, view, seat, show_fan=not over),
            centre,
            self.side_panel(me, view, seat, show_fan=seat is None and not over),
        ], spacing=14, expand=True, vertical_alignment=ft.CrossAxisAlignment.STRETCH)
        return [self.status_strip(view), ft.Container(row, expand=True, padding=14)]


def build(app_state: Any, session: Any) -> ft.Control:
    return mount(app_state, ThronfolgeTable(app_state, session))
