"""Seat badges: who sits where, whose turn it is, who is thinking, how many cards they hold.

Everything here reads the session's public facts (seats, whose turn, whether a
computer is thinking) and counts from a view; nothing here sees a card face.
"""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

from app import text_fit, theme
from app.tables.kit import text
from app.tables.kit.style import SHADE_DEEP
from app.widgets import card as card_widget


def thinking(session: Any, driver: Any) -> bool:
    return bool(session.bot_to_move or getattr(driver, "thinking", False))


AVATAR = 36  # px: a seat's round badge


def avatar(session: Any, seat: int) -> ft.Control:
    """A round badge: a person or a computer; a spinner while that computer thinks; a glow on the seat to move."""
    bot = session.seats[seat].is_bot
    busy = bot and session.bot_to_move and session.to_move == seat
    inner: ft.Control = (ft.ProgressRing(width=20, height=20, stroke_width=2.5, color=theme.FELT_DARK)
                         if busy else
                         ft.Icon(ft.Icons.SMART_TOY_OUTLINED if bot else ft.Icons.PERSON, size=20,
                                 color=theme.FELT_DARK))
    to_move = not session.over and session.to_move == seat
    return ft.Container(inner, width=AVATAR, height=AVATAR, border_radius=AVATAR / 2, bgcolor=theme.GOLD,
                        alignment=ft.Alignment.CENTER,
                        border=ft.Border.all(2.5, theme.IVORY) if to_move else None,
                        shadow=[ft.BoxShadow(blur_radius=12, spread_radius=1, color=theme.GOLD_LIGHT)]
                        if to_move else None)


def turn_text(t: Callable[..., str], session: Any, viewer: int | None, name: Callable[[int], str]
              ) -> tuple[str, str | None]:
    """What the turn indicator says, and its icon (None: a spinner, a computer is thinking)."""
    s = session
    if s.over:
        return t("play.over"), ft.Icons.FLAG
    if s.bot_to_move:
        return t("play.bot_turn", name=name(s.to_move)), None
    if viewer is not None and s.to_move == viewer:
        return (t("play.your_turn") if len(s.humans) == 1 else t("play.turn_of", name=name(viewer)),
                ft.Icons.TOUCH_APP)
    return t("play.turn_of", name=name(s.to_move)), ft.Icons.HOURGLASS_TOP


def turn_pill(t: Callable[..., str], session: Any, driver: Any, viewer: int | None,
              name: Callable[[int], str], ended: str | None = None) -> ft.Control:
    """The pill "Your turn" / "Bot is thinking …", a live region for screen readers.

    ``ended`` says instead that a round (a Partie) has just ended: its last cards are still on
    the table, and nobody moves in the next one until its result has been shown."""
    words, icon = (ended, ft.Icons.FLAG) if ended else turn_text(t, session, viewer, name)
    busy = thinking(session, driver) and not session.over and not ended
    lead: ft.Control = (ft.ProgressRing(width=15, height=15, stroke_width=2.2, color=theme.FELT_DARK)
                        if busy or icon is None else ft.Icon(icon, size=16, color=theme.FELT_DARK))
    mine = viewer is not None and session.to_move == viewer and not busy and not ended
    pill = ft.Container(
        ft.Row([lead, ft.Text(words, size=13, font_family=theme.SANS_BOLD, color=theme.FELT_DARK, no_wrap=True)],
               spacing=6, tight=True),
        bgcolor=theme.GOLD if mine or session.over or ended else theme.GOLD_LIGHT, border_radius=16,
        padding=ft.Padding.symmetric(horizontal=11, vertical=5))
    # A live region: screen readers announce "… is thinking" and "Your turn" as they change.
    return ft.Semantics(identifier="turn", label=words, exclude_semantics=True, live_region=True, content=pill)


def hand_fan(t: Callable[..., str], name: str, n: int, back: str, seat: int, most: int | None = None) -> ft.Control:
    """Another player's hand as a small fan of backs with its count (never a face).

    ``most`` caps the backs drawn (the count still says how many), for narrow seat badges.
    """
    w, h, step = FAN_CARD, 30, FAN_STEP
    shown = n if most is None else min(n, most)
    backs: list[ft.Control] = []
    for i in range(shown):
        angle = (i - (shown - 1) / 2) * 0.13
        backs.append(ft.Container(
            ft.Image(src=card_widget.back_asset(back), width=w, height=h, fit=ft.BoxFit.FILL, border_radius=3),
            left=i * step, top=3 + abs(i - (shown - 1) / 2) * 1.5, rotate=ft.Rotate(angle),
            border_radius=3, shadow=[ft.BoxShadow(blur_radius=2, color=SHADE_DEEP, offset=ft.Offset(0, 1))]))
    fan = ft.Stack(backs, width=max(w, (shown - 1) * step + w) + 2, height=h + 8)
    body = ft.Row([fan, ft.Text(str(n), size=13, font_family=theme.SANS_BOLD, color=theme.IVORY)],
                  spacing=4, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    label = t("kit.hand_of", name=name, cards=text.cards_text(t, n))
    return ft.Semantics(label=label, identifier=f"hand-count-{seat}", content=body, exclude_semantics=True)


FAN_STEP, FAN_CARD = 8, 21  # px: how far each back of a fan lies from the last; a back's width


def fan_width(shown: int) -> float:
    """The width of a fan of ``shown`` backs (without its count)."""
    return max(FAN_CARD, (shown - 1) * FAN_STEP + FAN_CARD) + 2


def fitted_fan(t: Callable[..., str], name: str, n: int, back: str, seat: int, room: float,
               most: int = 8) -> ft.Control:
    """``hand_fan`` with as many backs (up to ``most``) as fit ``room`` px with the count beside
    them; where not even one does, one back with the count on it (``hand_badge``)."""
    count = 4 + text_fit.width(str(n), theme.SANS_BOLD, 13)
    for shown in range(min(most, max(n, 1)), 0, -1):
        if fan_width(shown) + count <= room:
            return hand_fan(t, name, n, back, seat, most=shown)
    return hand_badge(t, name, n, back, seat)


def hand_badge(t: Callable[..., str], name: str, n: int, back: str, seat: int) -> ft.Control:
    """Another player's hand in 30 px: one back with the count in a gold pill over its corner."""
    card = ft.Container(ft.Image(src=card_widget.back_asset(back), width=FAN_CARD, height=30, fit=ft.BoxFit.FILL,
                                 border_radius=3), left=0, top=2)
    count = ft.Container(ft.Text(str(n), size=11, font_family=theme.SANS_BOLD, color=theme.FELT_DARK),
                         bgcolor=theme.GOLD_LIGHT, border_radius=8, right=0, bottom=0,
                         padding=ft.Padding.symmetric(horizontal=4))
    label = t("kit.hand_of", name=name, cards=text.cards_text(t, n))
    return ft.Semantics(label=label, identifier=f"hand-count-{seat}", exclude_semantics=True,
                        content=ft.Stack([card, count], width=30, height=38))


def level_text(t: Callable[..., str], session: Any, seat: int) -> str:
    s = session.seats[seat]
    return t("kit.level", level=t(f"level.{s.level}")) if s.is_bot and s.level else t("kit.person")


def seat_badge(session: Any, seat: int, title: str, *, chips: list[ft.Control] = (),
               trailing: list[ft.Control] = (), subtitle: str | None = None) -> ft.Control:
    """One seat: avatar, name (and a subtitle such as the level), the game's chips, then
    what the game puts at the end (a hand fan, a score box)."""
    lines: list[ft.Control] = [ft.Text(title, size=15, font_family=theme.SANS_BOLD, color=theme.IVORY,
                                       max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)]
    if subtitle:
        lines.append(ft.Text(subtitle, size=11.5, color=theme.IVORY, opacity=0.8, no_wrap=True))
    if chips:
        lines.append(ft.Row(list(chips), spacing=6, run_spacing=2, wrap=True))
    return ft.Row([avatar(session, seat), ft.Column(lines, spacing=3, tight=True, expand=True), *trailing],
                  spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)
