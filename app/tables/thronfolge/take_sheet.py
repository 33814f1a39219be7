"""The take sheet: what a take would give, both scores before and after, confirm or cancel.

``TakeSheet`` is a mixin for ``ThronfolgeTable``.
"""

from __future__ import annotations

import flet as ft

from app import theme

from app.tables.kit.style import IVORY_SOFT, NEGATIVE, POSITIVE, signed
from app.tables.thronfolge import model
from app.widgets import card as card_widget
from app.widgets.after_close import AfterClose
from core.games import thronfolge as tf


class TakeSheet:
    """Asking before a take."""

    def ask_take(self) -> None:
        seat, me, other = self.me_and_other()
        s = self.session
        if seat is None or s.over or s.to_move != seat or self.driver.thinking:
            return
        if tf.TAKE not in s.legal():
            self.refuse(s.why_illegal(tf.TAKE))
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
        got = ft.Row([card_widget.card_view(c, self.lang, size, self.back, mark=self.mark(c)) for c in pv.cards],
                     spacing=6, wrap=True,
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
            ft.TextButton(self.t("cancel"), on_click=lambda e: self.ui.close_dialog(), height=52,
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
