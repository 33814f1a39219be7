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


def open_cards(title: str, cards: list[str], lang: str, back: str, ident: str, overlap: int) -> ft.Control:
    """One hand or pile that its seat's view hides, face up in a fan: its name, then the cards."""
    size = card_widget.SIZES["small"]
    faces = [ft.Container(card_widget.card_view(c, lang, "small", back, key=f"{ident}-{c}"),
                          left=i * overlap) for i, c in enumerate(cards)]
    fan = ft.Stack(faces, width=size.width + overlap * max(0, len(cards) - 1), height=size.height)
    return ft.Semantics(identifier=ident, label=spoken(title, cards, lang), content=ft.Container(ft.Column([
        ft.Text(f"{title} · {len(cards)}", size=12, font_family=theme.SANS_BOLD, color=IVORY_SOFT,
                max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
        ft.Row([fan], scroll=ft.ScrollMode.AUTO),
    ], spacing=4, tight=True), padding=ft.Padding.symmetric(horizontal=10, vertical=6),
        border_radius=12, bgcolor=SHADE_DEEP))


def move_line(step_text: str, what: str, compact: bool) -> ft.Control:
    """"Move 12 of 57" in gold and what that move was, on one line (two on a phone)."""
    step = ft.Text(step_text, size=14 if compact else 15, font_family=theme.SANS_BOLD,
                   color=theme.GOLD_LIGHT, no_wrap=True)
    words = ft.Text(what, size=13.5 if compact else 14.5, color=theme.IVORY, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS, expand=True)
    return ft.Row([ft.Semantics(identifier="replay-step", label=step_text, content=step),
                   ft.Semantics(identifier="replay-move", label=what, content=words)],
                  spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER)


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
