"""The Rosenkrieg table's two layouts: phone portrait (the others on top, the trick, your hand
below) and tablet landscape (the same with the Dynastie's balances at the side).

``Layouts`` is a mixin for ``RosenkriegTable``: ``build_content`` decides what the screen is
(the pass-the-device screen, the table, the sheet after a Partie, the end of the Dynastie).
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app import theme
from app.tables.kit.style import GOLD_FAINT, SHADE, SHADE_DEEP, caps
from app.tables.rosenkrieg import model
from app.tables.rosenkrieg.pieces import PHONE_MAX_CONTENT, SIDE_PANEL
from core.games import rosenkrieg as rk


class Layouts:
    """Where the pieces go."""

    def build_content(self) -> list[ft.Control]:
        s = self.session
        seat = self.viewer()
        curtain = self.curtain(seat)
        if curtain is not None and self.shown_trick is None and self.sheet is None:
            return [self.status_strip(s.view(None)), ft.Container(curtain, expand=True, alignment=ft.Alignment.CENTER)]
        seat, me = self.eyes()
        view = s.view(seat)
        if self.shown_trick is not None and self.shown_trick["record"] is not None:
            view = model.just_finished(view, self.shown_trick["record"])
        elif s.over:
            return self.over_screen(view)
        elif self.sheet is not None:
            return self.partie_screen(view)
        my_turn = self.my_turn(seat) and view["to_move"] == seat
        playable: set[str] | None = None
        if my_turn and view["phase"] == "lay":
            playable = set(view["hands"][seat])
        elif my_turn and view["phase"] == "play":
            playable = {a.card for a in s.legal() if isinstance(a, rk.Play)}
        self.selected = [c for c in self.selected if playable and c in playable]
        if self.tablet:
            return self.tablet_layout(view, seat, me, my_turn, playable)
        return self.phone_layout(view, seat, me, my_turn, playable)

    def bottom_panel(self, view: dict[str, Any], seat: int | None, me: int, my_turn: bool,
                     playable: set[str] | None) -> ft.Control:
        parts: list[ft.Control] = [self.my_badge(view, seat, me), self.hand_area(view, seat, me, playable)]
        bar = self.action_bar(view, seat, my_turn)
        if bar is not None:
            parts.append(bar)
        return ft.Container(ft.Column(parts, spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                            padding=ft.Padding.only(left=12, right=12, top=10, bottom=12), bgcolor=SHADE_DEEP,
                            border=ft.Border.only(top=ft.BorderSide(2, theme.GOLD)),
                            border_radius=ft.BorderRadius.only(top_left=22, top_right=22))

    def phone_layout(self, view: dict[str, Any], seat: int | None, me: int, my_turn: bool,
                     playable: set[str] | None) -> list[ft.Control]:
        width = min(self.width, PHONE_MAX_CONTENT)
        top = ft.Container(self.opponents_row(view, me, width - 20), padding=ft.Padding.only(left=10, right=10, top=8))
        middle = ft.Container(ft.Column(self.centre(view, seat, me), spacing=10, scroll=ft.ScrollMode.AUTO,
                                        alignment=ft.MainAxisAlignment.SPACE_EVENLY,
                                        horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                              expand=True, padding=ft.Padding.symmetric(horizontal=12, vertical=4))
        column = ft.Column([top, middle, self.bottom_panel(view, seat, me, my_turn, playable)], spacing=0,
                           expand=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        body = ft.Container(column, expand=True, width=PHONE_MAX_CONTENT if self.width > PHONE_MAX_CONTENT else None)
        return [self.status_strip(view), ft.Row([body], expand=True, alignment=ft.MainAxisAlignment.CENTER,
                                               vertical_alignment=ft.CrossAxisAlignment.STRETCH)]

    def tablet_layout(self, view: dict[str, Any], seat: int | None, me: int, my_turn: bool,
                      playable: set[str] | None) -> list[ft.Control]:
        main_width = self.width - SIDE_PANEL - 40
        main = ft.Column([
            self.opponents_row(view, me, main_width),
            ft.Container(ft.Column(self.centre(view, seat, me, score=False), spacing=12, scroll=ft.ScrollMode.AUTO,
                                   alignment=ft.MainAxisAlignment.SPACE_EVENLY,
                                   horizontal_alignment=ft.CrossAxisAlignment.STRETCH), expand=True),
            self.bottom_panel(view, seat, me, my_turn, playable),
        ], spacing=10, expand=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        row = ft.Row([main, self.side_panel(view, seat)], spacing=14, expand=True,
                     vertical_alignment=ft.CrossAxisAlignment.STRETCH)
        return [self.status_strip(view), ft.Container(row, expand=True, padding=ft.Padding.only(left=14, right=14,
                                                                                              top=10, bottom=12))]

    def side_panel(self, view: dict[str, Any], seat: int | None) -> ft.Control:
        """The tablet's side: this Partie's card points, the Dynastie's balances and the Partien so far."""
        line = self.score_line(view, seat)
        return ft.Container(ft.Column([
            *([caps(self.t("rk.counters")), line, ft.Divider(color=GOLD_FAINT, height=10)] if line else []),
            caps(self.t("rk.dynasty")),
            self.balance_lines(view),
            ft.Divider(color=GOLD_FAINT, height=10),
            caps(self.t("rk.partien_so_far")),
            self.history_lines(view),
        ], spacing=10, scroll=ft.ScrollMode.AUTO), width=SIDE_PANEL, padding=14, border_radius=18, bgcolor=SHADE,
            border=ft.Border.all(1, GOLD_FAINT))
