"""The pieces of the replay screen: the control bar's buttons, the seat chooser, the open cards."""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

from app import theme
from app.tables.kit.style import GOLD_FAINT, IVORY_SOFT, SHADE_DEEP
from app.widgets import card as card_widget
from core import cards as C

BUTTON = 48  # touch target of the step buttons


def step_button(icon: str, label: str, ident: str, on_click: Callable[[], None],
                enabled: bool = True, main: bool = False) -> ft.Control:
    """A round step button; the main one (play/pause) is gold and larger."""
    size = 56 if main else BUTTON
    button = ft.IconButton(
        icon=icon, icon_size=30 if main else 24, width=size, height=size, disabled=not enabled,
        icon_color=theme.FELT_DARK if main else theme.IVORY, tooltip=label,
        on_click=lambda e: on_click(),
        style=ft.ButtonStyle(bgcolor={ft.ControlState.DEFAULT: theme.GOLD if main else SHADE_DEEP,
                                      ft.ControlState.DISABLED: ft.Colors.with_opacity(0.12, theme.IVORY)},
                             shape=ft.CircleBorder(),
                             side=None if main else ft.BorderSide(1, GOLD_FAINT)))
    # A tooltip does not name a button for screen readers (FLET-NOTES 5.3): Semantics does.
    return ft.Semantics(identifier=ident, label=label, button=True, content=button)


def eyes_chooser(t: Callable[..., str], choices: list[tuple[Any, str]], chosen: Any,
                 on_pick: Callable[[Any], None], compact: bool) -> ft.Control:
    """A chip naming whose eyes the table shows; it opens the list of seats and "all open"."""
    current = next((label for key, label in choices if key == chosen), choices[0][1])
    icon = ft.Icons.VISIBILITY if chosen == "open" else ft.Icons.PERSON_OUTLINE
    if compact:  # a phone: a round button like the step buttons; the line above names the choice
        chip = ft.Container(ft.Icon(icon, size=24, color=theme.GOLD_LIGHT), width=BUTTON, height=BUTTON,
                            border_radius=BUTTON // 2, bgcolor=SHADE_DEEP, border=ft.Border.all(1, GOLD_FAINT),
                            alignment=ft.Alignment.CENTER)
    else:
        chip = ft.Container(ft.Row([
            ft.Icon(icon, size=18, color=theme.GOLD_LIGHT),
            ft.Text(current, size=13.5, font_family=theme.SANS_BOLD, color=theme.IVORY, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS),
            ft.Icon(ft.Icons.ARROW_DROP_DOWN, size=20, color=theme.GOLD_LIGHT),
        ], spacing=6, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            height=BUTTON, padding=ft.Padding.symmetric(horizontal=14), border_radius=BUTTON // 2,
            bgcolor=SHADE_DEEP, border=ft.Border.all(1, GOLD_FAINT), alignment=ft.Alignment.CENTER_LEFT)
    items = [ft.PopupMenuItem(
        content=ft.Row([ft.Icon(ft.Icons.CHECK if key == chosen else
                                (ft.Icons.VISIBILITY if key == "open" else ft.Icons.PERSON_OUTLINE),
                                size=18, color=ft.Colors.PRIMARY),
                        ft.Text(label, size=14.5)], spacing=12),
        on_click=lambda e, k=key: on_pick(k)) for key, label in choices]
    return ft.Semantics(identifier="replay-eyes", label=current, button=True,
                        content=ft.PopupMenuButton(
                            content=chip, items=items, tooltip=t("replay.eyes"),
                            menu_position=ft.PopupMenuPosition.OVER, elevation=6,
                            bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST,
                            shape=ft.RoundedRectangleBorder(radius=14)))


def move_line(step_text: str, what: str, compact: bool) -> ft.Control:
    """"Move 12 of 57" in gold and what that move was: side by side on a phone's line, stacked
    (the move on up to two lines) in the one row of a wide screen's bar."""
    step = ft.Text(step_text, size=14 if compact else 14.5, font_family=theme.SANS_BOLD,
                   color=theme.GOLD_LIGHT, no_wrap=True)
    words = ft.Text(what, size=13.5, color=theme.IVORY, max_lines=1 if compact else 2,
                    overflow=ft.TextOverflow.ELLIPSIS, expand=compact)
    parts = [ft.Semantics(identifier="replay-step", label=step_text, content=step),
             ft.Semantics(identifier="replay-move", label=what, content=words)]
    if compact:
        return ft.Row(parts, spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    return ft.Column(parts, spacing=2, tight=True, alignment=ft.MainAxisAlignment.CENTER)


def open_chips(title: str, cards: list[str], lang: str, ident: str) -> ft.Control:
    """A hand or pile as a row of small written cards ("10" and its suit), for a phone's strip."""
    chips = [ft.Container(ft.Row([
        ft.Text(C.index_label(c, lang), size=13, font_family=theme.SANS_BOLD,
                color=card_widget.ink(c)),
        ft.Image(src=card_widget.suit_asset(c[1]), width=12, height=12),
    ], spacing=1, tight=True), bgcolor=theme.IVORY, border_radius=5, height=24,
        padding=ft.Padding.symmetric(horizontal=4)) for c in cards]
    return ft.Semantics(identifier=ident, label=spoken(title, cards, lang), content=ft.Container(ft.Column([
        ft.Text(f"{title} · {len(cards)}", size=11.5, font_family=theme.SANS_BOLD, color=IVORY_SOFT,
                max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
        ft.Row(chips, spacing=3, tight=True),
    ], spacing=3, tight=True), padding=ft.Padding.symmetric(horizontal=8, vertical=5),
        border_radius=10, bgcolor=SHADE_DEEP))


def spoken(title: str, cards: list[str], lang: str) -> str:
    """What a screen reader says for an open hand or pile: its name and every card by name."""
    return f"{title}: {', '.join(C.name(c, lang) for c in cards)}"


class Scrubber:
    """The game's moves as a gold track with a thumb: tap or drag it to jump to a move.

    Flutter's own Slider lays a full-screen layer over the page in web mode with screen
    readers on (it swallowed every tap on the replay screen), so this one is drawn here.
    """

    THUMB = 20
    HEIGHT = theme.MIN_TARGET  # the track is thin; the strip a finger may tap is a full target
    TRACK_TOP = (HEIGHT - 6) / 2

    def __init__(self, total: int, on_pick: Callable[[int], None], label: str, width: float) -> None:
        self.step, self.total, self.on_pick = 0, total, on_pick
        self.width = width  # the track's width on screen: a guess until the first layout says
        self.active = ft.Container(height=6, border_radius=3, bgcolor=theme.GOLD, left=0, top=self.TRACK_TOP,
                                   width=0)
        self.thumb = ft.Container(width=self.THUMB, height=self.THUMB, border_radius=self.THUMB // 2,
                                  bgcolor=theme.GOLD_LIGHT, top=(self.HEIGHT - self.THUMB) / 2, left=0,
                                  border=ft.Border.all(2, theme.FELT_DARK),
                                  shadow=[ft.BoxShadow(blur_radius=6, color=ft.Colors.with_opacity(0.5, "#000000"))])
        track = ft.Container(height=6, border_radius=3, bgcolor=GOLD_FAINT, left=0, right=0, top=self.TRACK_TOP)
        self.stack = ft.Stack([track, self.active, self.thumb], height=self.HEIGHT)
        # The detector is the row's child so that it, and the stack in it, get the row's free width.
        self.control = ft.GestureDetector(
            ft.Semantics(identifier="replay-slider", label=label, content=ft.Container(
                self.stack, height=self.HEIGHT, on_size_change=self._sized, size_change_interval=100)),
            expand=True, mouse_cursor=ft.MouseCursor.CLICK,
            on_tap_down=lambda e: self._pick(e.local_position.x if e.local_position else None),
            on_horizontal_drag_update=lambda e: self._show(self._at(e.local_position.x)),
            on_horizontal_drag_end=lambda e: self._pick(e.local_position.x))
        self.semantics = self.control.content

    def _sized(self, e: Any) -> None:
        self.width = float(e.width)
        self._show(self.step)

    def _at(self, x: float | None) -> int:
        room = self.width - self.THUMB
        if x is None or room <= 0 or self.total <= 0:
            return self.step
        return max(0, min(self.total, round((x - self.THUMB / 2) / room * self.total)))

    def _pick(self, x: float | None) -> None:
        self.on_pick(self._at(x))

    def set(self, step: int) -> None:
        """Show the move the replay is at."""
        self.step = step
        self._show(step)

    def _show(self, step: int) -> None:
        """Put the thumb at ``step`` (during a drag, before the table follows)."""
        room = max(0.0, self.width - self.THUMB)
        left = room * step / self.total if self.total else 0.0
        self.thumb.left = left
        self.active.width = left + self.THUMB / 2
        try:
            self.stack.update()
        except Exception:  # not on the page yet: it is drawn with these values
            pass
