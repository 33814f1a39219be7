"""Whose eyes the table is drawn for, and the pass-the-device screen between people.

With one person at the device (against the computer) the table is drawn for that person.
With several people at one device, a hand is shown only after the person to move has
confirmed on the privacy screen that they hold the device; until then the table shows
nothing private. Computer against computer is watched as an onlooker (seat ``None``).
"""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

from app import theme
from app.tables.kit.style import IVORY_SOFT


class Privacy:
    """Who may see the table now, for one session."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.revealed_for: int | None = None  # the person who confirmed holding the device

    @property
    def hot_seat(self) -> bool:
        return len(self.session.humans) > 1

    def viewer(self) -> int | None:
        """The seat whose view the table shows (None: an onlooker's view)."""
        s = self.session
        humans = s.humans
        if not humans:
            return None
        if not s.over and s.to_move in humans:
            return s.to_move
        return humans[0] if len(humans) == 1 else None

    def needs_handover(self, seat: int | None) -> bool:
        """Whether the table must stay hidden until ``seat`` confirms holding the device."""
        return (seat is not None and self.hot_seat and not self.session.over
                and self.revealed_for != seat)

    def reveal(self, seat: int) -> None:
        self.revealed_for = seat

    def conceal(self) -> None:
        self.revealed_for = None


def pass_screen(t: Callable[..., str], name: str, on_reveal: Callable[[], None],
                note: str | None = None) -> ft.Control:
    """"Pass the device to Anna", a hint not to look, the last public move, and "I am Anna"."""
    parts: list[ft.Control] = [
        ft.Container(ft.Icon(ft.Icons.SCREEN_ROTATION_ALT, color=theme.FELT_DARK, size=40), width=84, height=84,
                     border_radius=42, bgcolor=theme.GOLD, alignment=ft.Alignment.CENTER),
        theme.display(t("play.pass_to", name=name), 24, color=theme.GOLD_LIGHT, text_align=ft.TextAlign.CENTER),
        ft.Text(t("play.pass_hint"), color=theme.IVORY, text_align=ft.TextAlign.CENTER, size=14.5),
    ]
    if note:
        parts.append(ft.Text(note, color=IVORY_SOFT, size=13, text_align=ft.TextAlign.CENTER))
    parts.append(ft.Semantics(identifier="reveal", content=ft.FilledButton(
        t("play.i_am", name=name), icon=ft.Icons.VISIBILITY, on_click=lambda e: on_reveal(), height=54,
        style=ft.ButtonStyle(bgcolor=theme.GOLD, color=theme.FELT_DARK,
                             text_style=ft.TextStyle(font_family=theme.SANS_BOLD, size=16),
                             shape=ft.RoundedRectangleBorder(radius=16)))))
    return ft.Container(ft.Column(parts, horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=16, tight=True),
                        padding=28, alignment=ft.Alignment.CENTER, width=420)


def undo_screen(t: Callable[..., str], name: str, on_confirm: Callable[[], None],
                on_cancel: Callable[[], None]) -> ft.Control:
    """Asks the person whose move an undo takes back to take the device first (hot seat only)."""
    parts: list[ft.Control] = [
        ft.Container(ft.Icon(ft.Icons.UNDO, color=theme.FELT_DARK, size=40), width=84, height=84,
                     border_radius=42, bgcolor=theme.GOLD, alignment=ft.Alignment.CENTER),
        theme.display(t("kit.undo_ask", name=name), 22, color=theme.GOLD_LIGHT, text_align=ft.TextAlign.CENTER),
        ft.Text(t("kit.undo_ask_hint", name=name), color=theme.IVORY, text_align=ft.TextAlign.CENTER, size=14.5),
        ft.Semantics(identifier="undo-confirm", content=ft.FilledButton(
            t("kit.undo_confirm", name=name), icon=ft.Icons.VISIBILITY, on_click=lambda e: on_confirm(), height=54,
            style=ft.ButtonStyle(bgcolor=theme.GOLD, color=theme.FELT_DARK,
                                 text_style=ft.TextStyle(font_family=theme.SANS_BOLD, size=16),
                                 shape=ft.RoundedRectangleBorder(radius=16)))),
        ft.Semantics(identifier="undo-cancel", content=ft.TextButton(
            t("cancel"), on_click=lambda e: on_cancel(), height=48, style=ft.ButtonStyle(color=theme.IVORY))),
    ]
    return ft.Container(ft.Column(parts, horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=16, tight=True),
                        padding=28, alignment=ft.Alignment.CENTER, width=420)
