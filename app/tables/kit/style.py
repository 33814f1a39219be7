"""The table's shades on the felt and the small pieces of text every table uses."""

from __future__ import annotations

import flet as ft

from app import theme

IVORY_SOFT = ft.Colors.with_opacity(0.78, theme.IVORY)
SHADE = ft.Colors.with_opacity(0.24, "#000000")
SHADE_DEEP = ft.Colors.with_opacity(0.38, "#000000")
SCRIM = ft.Colors.with_opacity(0.28, "#000000")
GOLD_FAINT = ft.Colors.with_opacity(0.35, theme.GOLD)
GOLD_LINE = ft.Colors.with_opacity(0.28, theme.GOLD)
POSITIVE = "#9be3b4"
NEGATIVE = "#ffb4ab"  # also the colour of a refusal: readable on the felt, not alarming


def signed(n: int) -> str:
    """A points change as players write it: ``+3``, ``±0``, ``−2`` (a real minus sign)."""
    return f"+{n}" if n > 0 else ("±0" if n == 0 else f"−{abs(n)}")


def caps(text: str, color: str = theme.GOLD_LIGHT, size: float = 11) -> ft.Text:
    """A small spaced capital label over a part of the table ("LINE", "COLLECTION")."""
    return ft.Text(text.upper(), font_family=theme.SANS_BOLD, size=size, color=color,
                   style=ft.TextStyle(letter_spacing=1.2), no_wrap=True)


def big_button(label: str, icon: str | None, on_click, *, primary: bool = True, ident: str | None = None,
               height: float = 54, expand: bool = True, size: float = 15) -> ft.Control:
    """A thumb-sized gold (primary) or outlined button, findable by ``ident`` in tests; ``size``: its
    label's (two buttons side by side on a phone may need a smaller one)."""
    style = ft.ButtonStyle(bgcolor=theme.GOLD if primary else None,
                           color=theme.FELT_DARK if primary else theme.IVORY,
                           side=None if primary else ft.BorderSide(1.5, theme.GOLD),
                           text_style=ft.TextStyle(font_family=theme.SANS_BOLD, size=size),
                           shape=ft.RoundedRectangleBorder(radius=16),
                           padding=ft.Padding.symmetric(horizontal=8))
    cls = ft.FilledButton if primary else ft.OutlinedButton
    button = cls(label, icon=icon, on_click=lambda e: on_click(), height=height, expand=expand, style=style)
    return ft.Semantics(identifier=ident, expand=expand, content=button) if ident else button


def chip_button(content: ft.Control, on_click, *, ident: str, label: str,
                padding: ft.Padding | None = None, radius: float = 14) -> ft.Control:
    """A small framed chip on the felt ("Round 2", "Dynasty +2") that opens something: drawn at its
    own size, tapped anywhere in the full-height box around it (``theme.MIN_TARGET``)."""
    chip = ft.Container(content, border_radius=radius, border=ft.Border.all(1, GOLD_FAINT),
                        padding=padding or ft.Padding.symmetric(horizontal=10, vertical=5))
    return ft.Semantics(identifier=ident, button=True, label=label, exclude_semantics=True, content=ft.Container(
        chip, height=theme.MIN_TARGET, alignment=ft.Alignment.CENTER, on_click=lambda e: on_click(),
        ink=True, border_radius=theme.MIN_TARGET / 2))
