"""The Thronfolge table's two layouts: phone portrait (opponent, line, you) and tablet landscape
(both courts at the sides). ``Layouts`` is a mixin for ``ThronfolgeTable``.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app import theme

from app.tables.kit.style import GOLD_FAINT, SHADE, SHADE_DEEP
from app.tables.thronfolge.line import PHONE_MAX_CONTENT, SIDE_PANEL


class Layouts:
    """Where the pieces go at each screen size."""

    def centre(self, view, seat, me, other, my_turn, legal) -> list[ft.Control]:
        """Line, turn and hint: the middle of the table (or the result once the game is over)."""
        if self.session.over:
            return [self.result_panel()]
        hint = self.hint(view, seat, me, other, my_turn, legal)
        return [
            ft.Container(self.droppable_line(self.line_area(view, seat, me, other), my_turn),
                         alignment=ft.Alignment.CENTER, padding=ft.Padding.symmetric(vertical=4)),
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
        buttons = self.result_buttons()
        pinned = [ft.Container(buttons, padding=ft.Padding.only(left=12, right=12, top=10, bottom=12),
                               bgcolor=SHADE_DEEP, border=ft.Border.only(top=ft.BorderSide(2, theme.GOLD)))
                  ] if buttons else []
        column = ft.Column([scroll, *pinned], spacing=0, expand=True,
                           horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        body = ft.Container(column, expand=True, width=PHONE_MAX_CONTENT if self.width > PHONE_MAX_CONTENT else None)
        return [self.status_strip(view), ft.Row([body], expand=True, alignment=ft.MainAxisAlignment.CENTER,
                                               vertical_alignment=ft.CrossAxisAlignment.STRETCH)]

    def phone_layout(self, view, seat, me, other, my_turn, legal, playable) -> list[ft.Control]:
        over = self.session.over
        if over:
            return self.phone_over(view)
        top = ft.Container(ft.Column([
            self.court_part("header", other, view, lambda: self.player_header(other, view, seat, show_fan=not over),
                            seat, not over),
            self.tokens_part(other, view),
        ], spacing=8, tight=True), padding=ft.Padding.only(left=12, right=12, top=10, bottom=8))
        middle = ft.Container(
            ft.Column(self.centre(view, seat, me, other, my_turn, legal), spacing=12, scroll=ft.ScrollMode.AUTO,
                      horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                      alignment=ft.MainAxisAlignment.SPACE_EVENLY if not over else ft.MainAxisAlignment.START),
            expand=True, padding=ft.Padding.symmetric(horizontal=12, vertical=6))
        bottom_parts: list[ft.Control] = [
            self.tokens_part(me, view),
            self.court_part("header", me, view,
                            lambda: self.player_header(me, view, seat, show_fan=seat is None and not over),
                            seat, seat is None and not over),
        ]
        if not over:
            bottom_parts.append(self.hand_area(view, seat, me, my_turn, playable))
            if not self.read_only:
                bottom_parts.append(self.action_bar(view, me, my_turn, legal))
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
                *([] if self.read_only else [self.action_bar(view, me, my_turn, legal)]),
            ], spacing=10, tight=True), padding=ft.Padding.only(left=14, right=14, top=6, bottom=12),
                bgcolor=SHADE_DEEP, border_radius=20, border=ft.Border.all(1.5, GOLD_FAINT)))
        elif (buttons := self.result_buttons()) is not None:
            centre_parts.append(buttons)
        centre = ft.Container(ft.Column(centre_parts, spacing=10, expand=True,
                                        horizontal_alignment=ft.CrossAxisAlignment.STRETCH), expand=True)
        row = ft.Row([
            self.court_part("panel", other, view, lambda: self.side_panel(other, view, seat, show_fan=not over),
                            seat, not over),
            centre,
            self.court_part("panel", me, view,
                            lambda: self.side_panel(me, view, seat, show_fan=seat is None and not over),
                            seat, seat is None and not over),
        ], spacing=14, expand=True, vertical_alignment=ft.CrossAxisAlignment.STRETCH)
        return [self.status_strip(view), ft.Container(row, expand=True, padding=14)]
