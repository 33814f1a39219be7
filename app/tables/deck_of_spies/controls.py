"""The Deck of Spies table's status line (sum, reasons, hint) and its buttons.

``ControlPieces`` is a mixin for ``SpiesTable``.
"""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

from app import theme
from app.events import quiet
from app.tables.deck_of_spies import logic as lg
from app.tables.kit.style import GOLD_LINE, NEGATIVE as RED_SOFT


class ControlPieces:
    """What the player reads and taps under the cards.

    The buttons' handlers are ``quiet``: the table sends what it changes (or opens a dialog,
    which sends itself), and a tap that changes nothing, as while a hint is computed, must
    not make Flet diff the whole page."""

    def _status(self, view: dict[str, Any]) -> ft.Control:
        L = self.layout
        box = L.status
        content: ft.Control
        border = GOLD_LINE
        if self.hint_busy:
            content = ft.Row([ft.ProgressRing(width=18, height=18, stroke_width=2.5, color=theme.GOLD),
                              ft.Text(self.t("spies.hint.thinking"), color=theme.IVORY, size=13.5)], spacing=10)
        elif self.message:
            content = ft.Row([ft.Icon(ft.Icons.ERROR_OUTLINE, color=RED_SOFT, size=20),
                              ft.Text(self.message, color=RED_SOFT, size=13, expand=True, max_lines=3,
                                      overflow=ft.TextOverflow.ELLIPSIS)], spacing=10)
        elif self.hint is not None and not view.get("over"):
            border = theme.GOLD
            content = ft.Row([ft.Icon(ft.Icons.LIGHTBULB, color=theme.GOLD, size=22),
                              ft.Container(ft.Semantics(identifier="spies-hint-text", key="spies-hint-text",
                                                        content=ft.Text(
                                  self.hint.text, color=theme.IVORY, size=12.5 if L.mode == "portrait" else 13.5,
                                  max_lines=3, overflow=ft.TextOverflow.ELLIPSIS)), expand=True)],
                             spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        elif view.get("over"):
            e = lg.ending(view)
            text = lg.ending_text(e, self.t) if e else self.t("play.over")
            content = ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS if e and e.won else ft.Icons.FLAG, color=theme.GOLD),
                              ft.Text(text, color=theme.IVORY, size=13, expand=True, max_lines=2,
                                      overflow=ft.TextOverflow.ELLIPSIS)], spacing=10)
        elif view.get("phase") == "retire":
            rs = lg.retire_status(view.get("hand") or (), self.selected, self.t, self.lang)
            content = ft.Row([ft.Icon(ft.Icons.BEACH_ACCESS, color=theme.GOLD, size=22),
                              ft.Text(rs.reason, color=theme.IVORY, size=13, expand=True, max_lines=3,
                                      overflow=ft.TextOverflow.ELLIPSIS)], spacing=10)
        elif lg.must_assassinate(view):
            s = lg.spy(view)
            border = RED_SOFT
            content = ft.Row([ft.Icon(ft.Icons.WARNING_AMBER_ROUNDED, color=RED_SOFT, size=22),
                              ft.Text(self.t("spies.must_assassinate", total=lg.total(view.get("hand") or ()),
                                             need=lg.value(s) if s else 0),
                                      color=theme.IVORY, size=12.5, expand=True, max_lines=3,
                                      overflow=ft.TextOverflow.ELLIPSIS)], spacing=10)
        else:
            ps = lg.play_status(view, self.selected, self.t, self.lang)
            reached = ps.total >= ps.need > 0
            colour = theme.GOLD if ps.any else (RED_SOFT if reached else theme.IVORY)
            badge = ft.Semantics(label=self.t("spies.sum.a11y", total=ps.total, need=ps.need),
                                 identifier="spies-sum", key="spies-sum", content=ft.Column([
                ft.Text(self.t("spies.sum").upper(), size=11, font_family=theme.SANS_BOLD, color=theme.GOLD_LIGHT,
                        style=ft.TextStyle(letter_spacing=1)),
                # Tight lines: the badge must fit the status line's height under its caption.
                ft.Row([ft.Text(str(ps.total), size=24, font_family=theme.SANS_BOLD, color=colour,
                                style=ft.TextStyle(height=1.15)),
                        ft.Text(f"/ {ps.need}", size=15, color=theme.IVORY, opacity=0.8,
                                style=ft.TextStyle(height=1.15))],
                       spacing=4, tight=True, vertical_alignment=ft.CrossAxisAlignment.END),
            ], spacing=0, tight=True))
            bar = ft.ProgressBar(value=min(1.0, ps.total / ps.need) if ps.need else 0, height=5,
                                 border_radius=3, color=colour, bgcolor=ft.Colors.with_opacity(0.15, theme.IVORY))
            # A replay is watched, not played: it names what the spy needs, never "tap cards".
            words = self.t("spies.why.replay", need=ps.need) if self.read_only else ps.reason
            reason = ft.Text(words, color=theme.IVORY, size=12.5, max_lines=2, opacity=0.92,
                             overflow=ft.TextOverflow.ELLIPSIS)
            content = ft.Row([badge, ft.Column([bar, reason], spacing=6, expand=True, tight=True)], spacing=14,
                             vertical_alignment=ft.CrossAxisAlignment.CENTER)
        return ft.Container(content, key="status", left=box.x, top=box.y, width=box.w, height=box.h,
                            padding=ft.Padding.symmetric(horizontal=14, vertical=6), border_radius=16,
                            bgcolor=ft.Colors.with_opacity(0.38, "#000000"), border=ft.Border.all(1.2, border),
                            alignment=ft.Alignment.CENTER_LEFT)

    def _button(self, ident: str, label: str, icon: str, on_click: Callable[[], None], enabled: bool,
                style: str = "gold", glow: bool = False, expand: bool = True, height: float = 52) -> ft.Control:
        colours = {"gold": (theme.GOLD, theme.FELT_DARK), "ivory": (theme.IVORY, theme.FELT_DARK),
                   "danger": (theme.BURGUNDY, theme.IVORY), "quiet": (ft.Colors.with_opacity(0.35, "#000000"),
                                                                     theme.IVORY)}
        bg, fg = colours[style]
        compact = self.layout.tools is None
        btn = ft.FilledButton(
            label, icon=None if compact else icon, disabled=not enabled, on_click=quiet(lambda e: on_click()),
            height=height,
            style=ft.ButtonStyle(
                bgcolor={ft.ControlState.DISABLED: ft.Colors.with_opacity(0.22, "#000000"),
                         ft.ControlState.DEFAULT: bg},
                color={ft.ControlState.DISABLED: ft.Colors.with_opacity(0.45, theme.IVORY),
                       ft.ControlState.DEFAULT: fg},
                icon_color={ft.ControlState.DISABLED: ft.Colors.with_opacity(0.45, theme.IVORY),
                            ft.ControlState.DEFAULT: fg},
                side={ft.ControlState.DISABLED: ft.BorderSide(1, ft.Colors.with_opacity(0.25, theme.IVORY)),
                      ft.ControlState.DEFAULT: ft.BorderSide(1.2, GOLD_LINE) if style == "quiet"
                      else ft.BorderSide(0, ft.Colors.TRANSPARENT)},
                text_style=ft.TextStyle(font_family=theme.SANS_BOLD, size=14 if compact else 15),
                shape=ft.RoundedRectangleBorder(radius=14),
                padding=ft.Padding.symmetric(horizontal=6 if compact else 10)))
        wrapped = ft.Container(
            # Keyed by identifier: a node reused for another button would keep a stale identifier.
            # Switching a button on or off changes it in place (a new one costs the client a frame).
            ft.Semantics(identifier=ident, content=btn, key=ident), expand=expand,
            border_radius=16,
            shadow=[ft.BoxShadow(blur_radius=16, spread_radius=2, color=theme.GOLD_LIGHT)] if glow else None)
        return wrapped

    def _icon_button(self, ident: str, label: str, icon: str, on_click: Callable[[], None], enabled: bool,
                     glow: bool = False) -> ft.Control:
        box = ft.Container(
            ft.Icon(icon, color=theme.IVORY if enabled else ft.Colors.with_opacity(0.4, theme.IVORY), size=22),
            width=52, height=52, border_radius=14, alignment=ft.Alignment.CENTER,
            bgcolor=ft.Colors.with_opacity(0.35, "#000000"), border=ft.Border.all(1.2, GOLD_LINE),
            on_click=quiet(lambda e: on_click()) if enabled else None, tooltip=label,
            shadow=[ft.BoxShadow(blur_radius=14, spread_radius=1, color=theme.GOLD_LIGHT)] if glow else None)
        return ft.Semantics(identifier=ident, label=label, button=True, key=ident, content=box)

    def _buttons(self, view: dict[str, Any]) -> list[ft.Control]:
        if self.read_only:  # a replay is watched, not played
            return []
        L = self.layout
        busy = self.hint_busy
        hk = self.hint.kind if self.hint else None
        main: list[ft.Control] = []
        over = bool(view.get("over"))
        if over:
            main.append(self._button("spies-result", self.t("spies.end.result"), ft.Icons.EMOJI_EVENTS,
                                     self.reopen_result, True))
        elif view.get("phase") == "retire":
            rs = lg.retire_status(view.get("hand") or (), self.selected, self.t, self.lang)
            main.append(self._button("spies-retire", self.t("spies.retire"), ft.Icons.BEACH_ACCESS, self.retire,
                                     rs.ok and not busy, glow=hk == "retire"))
            main.append(self._button("spies-done", self.t("spies.done"), ft.Icons.CHECK, self.done, not busy,
                                     style="ivory", glow=hk == "done"))
        elif lg.must_assassinate(view):
            main.append(self._button("spies-assassinate", self.t("spies.assassinate"), ft.Icons.GPS_FIXED,
                                     self.ask_assassinate, not busy, style="danger", glow=hk == "assassinate"))
        else:
            ps = lg.play_status(view, self.selected, self.t, self.lang)
            main.append(self._button("spies-counter", self.t("spies.counter"), ft.Icons.SHIELD_OUTLINED,
                                     lambda: self.play("counter"), ps.can_counter and not busy, style="ivory",
                                     glow=hk == "counter" and ps.can_counter))
            main.append(self._button("spies-recruit", self.t("spies.recruit"), ft.Icons.HANDSHAKE_OUTLINED,
                                     lambda: self.play("recruit"), ps.can_recruit and not busy,
                                     glow=hk == "recruit" and ps.can_recruit))
        can_undo = bool(self.session.actions) and not busy and not over  # a finished game stays finished
        out: list[ft.Control] = []
        b = L.buttons
        if L.tools is None:  # compact phone: hint and undo as icon buttons at the ends
            row = ft.Row([self._icon_button("spies-hint", self.t("spies.hint"), ft.Icons.LIGHTBULB_OUTLINE,
                                            self.ask_hint, not over and not busy),
                          *main,
                          self._icon_button("spies-undo", self.t("spies.undo"), ft.Icons.UNDO, self.undo, can_undo)],
                         spacing=8)
        else:
            row = ft.Row(main, spacing=10)
            tb = L.tools
            tools = ft.Row([
                self._button("spies-hint", self.t("spies.hint"), ft.Icons.LIGHTBULB_OUTLINE, self.ask_hint,
                             not over and not busy, style="quiet", height=tb.h),
                self._button("spies-undo", self.t("spies.undo"), ft.Icons.UNDO, self.undo, can_undo, style="quiet",
                             height=tb.h),
            ], spacing=10)
            out.append(ft.Container(tools, key="tools", left=tb.x, top=tb.y, width=tb.w, height=tb.h))
        out.insert(0, ft.Container(row, key="buttons", left=b.x, top=b.y, width=b.w, height=b.h))
        return out
