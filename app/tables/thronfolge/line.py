"""The line on the Thronfolge table: older cards out of reach, the last five in the reach bracket.

``LinePieces`` is a mixin for ``ThronfolgeTable``: it reads the table's view helpers,
texts and the animation plan, and returns controls.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app import theme
import math

from app.tables.kit.style import IVORY_SOFT, SHADE, signed
from app.tables.thronfolge import model
from app.widgets import card as card_widget

TABLET_MIN_WIDTH = 900  # from here the collections move to the sides
PHONE_MAX_CONTENT = 560
SIDE_PANEL = 248
GAP = 5  # between cards in the reach bracket


class LinePieces:
    """The line and what the reach bracket says."""

    def line_sizes(self) -> tuple[str, float]:
        """(card size, available width) for the line."""
        if self.tablet:
            avail = self.width - 2 * SIDE_PANEL - 56
            return ("large" if avail >= 5 * 80 + 4 * GAP + 40 else "medium"), avail
        avail = min(self.width, PHONE_MAX_CONTENT) - 24
        return ("medium" if avail >= 5 * 64 + 4 * GAP + 18 and not self.compact else "small"), avail

    def line_card(self, c: str, size: str, *, ghost: bool = False, seat_for_enter: int | None = None,
                  me: int = 0) -> ft.Control:
        view = card_widget.card_view(c, self.lang, size, self.back, highlighted=False, selected=ghost,
                                     mark=self.mark(c))
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
            layers = [ft.Container(card_widget.card_view(c, self.lang, size, self.back, mark=self.mark(c)),
                                   left=i * step, top=0)
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
                reach_views.append(self.moving(card_widget.card_view(c, self.lang, size, self.back,
                                                                     mark=self.mark(c)),
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
                                       ft.TextStyle(size=11, color=theme.GOLD, font_family=theme.SANS)),
                           ft.TextSpan(self.t("tf.in_reach").upper() + "  ",
                                       ft.TextStyle(size=11, letter_spacing=1.2, font_family=theme.SANS_BOLD,
                                                    color=theme.GOLD if glow else IVORY_SOFT)),
                           ft.TextSpan(caption, ft.TextStyle(size=12.5, font_family=theme.SANS_BOLD,
                                                             color=theme.GOLD_LIGHT if glow else IVORY_SOFT))],
                    max_lines=2, overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER),
            width=avail, alignment=ft.Alignment.CENTER))
        head = [] if self.compact else [header]  # short screens: the caption under the bracket says enough
        return ft.Column([*head, *parts], spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)

    # --- turn, hints and actions --------------------------------------------------------------
