"""The Thronfolge table's status strip, guidance line, hand and the take/play buttons.

``ControlPieces`` is a mixin for ``ThronfolgeTable``.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app import theme

from app.tables.kit import hand as kit_hand
from app.tables.kit import seats
from app.tables.kit.style import IVORY_SOFT, NEGATIVE, SHADE, SHADE_DEEP
from app.tables.thronfolge import model
from app.tables.thronfolge.line import PHONE_MAX_CONTENT
from app.widgets import card as card_widget
from core.games import thronfolge as tf


class ControlPieces:
    """What the player reads and taps at the bottom of the table."""

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
        return seats.turn_pill(self.t, self.session, self.driver, viewer, self.name)

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
        return kit_hand.notice(text, icon, color)

    def hand_area(self, view: dict[str, Any], viewer: int | None, me: int, my_turn: bool,
                  playable: set[str]) -> ft.Control:
        # Five medium cards need 344 px: phones from 368 px; the smallest phones get small cards.
        roomy = min(self.width, PHONE_MAX_CONTENT) - 24 >= 344 and not self.compact
        size = "large" if self.tablet else ("medium" if roomy else "small")
        sz = card_widget.SIZES[size]
        row = kit_hand.hand_row(
            view["hands"][me], lang=self.lang, size=size, back=self.back,
            selected={self.selected_card} if self.selected_card else (),
            playable=playable if my_turn else None, on_tap=self.tap_card, face_up=viewer is not None,
            slides=self.slides, dealt=self.anim.get("deal") or (), ms=self.duration,
            empty_text=self.t("tf.hand_empty"), spacing=8 if self.tablet else 6,
            drag=None if self.read_only else self.drag, marks=self.mark)
        return ft.Container(row, padding=ft.Padding.only(top=10), height=sz.height + 12)

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
