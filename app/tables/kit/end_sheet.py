"""The end of a game: who won and why, the game's own tally, and rematch / home.

Every table shows the same frame; the game fills in why it ended and its score
lines. The buttons stay pinned under the result so they never scroll away.
"""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

from app import theme
from app.tables.kit.style import SHADE_DEEP, big_button


def headline(t: Callable[..., str], session: Any, name: Callable[[int], str]) -> str:
    """"Anna wins!", "Anna & Ben share the win!" or "Nobody wins"."""
    out = session.outcome
    winners = [name(i) for i in (out.winners if out else ())]
    if len(winners) == 1:
        return t("play.winner", name=winners[0])
    if winners:
        return t("play.winners", names=" & ".join(winners))
    return t("play.nobody_won")


def result_card(title: str, why: str, body: list[ft.Control], icon: str = ft.Icons.EMOJI_EVENTS,
                ident: str | None = None) -> ft.Control:
    """The result panel: a trophy (or the given icon) with the headline, the reason, the game's lines."""
    head = theme.display(title, 23, color=theme.GOLD_LIGHT, expand=True)
    column = ft.Column([
        ft.Row([ft.Icon(icon, color=theme.GOLD, size=34),
                # The wrapper takes the row's room, so a long headline wraps instead of running off.
                ft.Semantics(identifier=ident, content=head, expand=True) if ident else head], spacing=10),
        *([ft.Text(why, color=theme.IVORY, size=13.5)] if why else []),
        *body,
    ], spacing=12, tight=True)
    return ft.Container(column, padding=18, border_radius=18, bgcolor=SHADE_DEEP, border=ft.Border.all(2, theme.GOLD))


def score_lines(session: Any, name: Callable[[int], str]) -> ft.Control:
    """Each seat's final score, one line each (for games without a tally of their own)."""
    out = session.outcome
    return ft.Column([
        ft.Row([ft.Text(name(i), color=theme.IVORY, size=15, expand=True),
                ft.Text(f"{sc:g}", color=theme.GOLD_LIGHT, size=18, font_family=theme.SANS_BOLD)])
        for i, sc in enumerate(out.scores if out else ())], spacing=4, tight=True)


def rematch_buttons(t: Callable[..., str], on_again: Callable[[], None], on_home: Callable[[], None],
                    again_label: str | None = None) -> ft.Control:
    """Rematch and home, side by side, thumb-sized."""
    return ft.Row([
        big_button(again_label or t("play.again"), ft.Icons.REPLAY, on_again, ident="again"),
        big_button(t("play.home"), ft.Icons.HOME_OUTLINED, on_home, primary=False, ident="home"),
    ], spacing=10)


def overlay_panel(lines: list[ft.Control], width: float) -> ft.Control:
    """The result as a card over the table (tables drawn as one ``Stack``): a framed, lit panel."""
    return ft.Container(
        ft.Column(lines, spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        width=width, padding=ft.Padding.only(left=18, right=18, top=20, bottom=8), border_radius=22,
        gradient=ft.LinearGradient(begin=ft.Alignment.TOP_CENTER, end=ft.Alignment.BOTTOM_CENTER,
                                   colors=["#24604a", theme.FELT_DARK]),
        border=ft.Border.all(2, theme.GOLD),
        shadow=[ft.BoxShadow(blur_radius=30, color=ft.Colors.with_opacity(0.6, "#000000"))])
