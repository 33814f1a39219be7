"""Where the guided first deal is offered: the new-game screen (the first time), the rules page and
the rules dialog over a table.

The offer appears until the person starts the guided deal or declines it ("No thanks");
both set the game's flag in the settings (``AppState.mark_guide_seen``).
"""

from __future__ import annotations

import logging
from typing import Any

import flet as ft

from app import theme
from app.tables.kit import guide
from app.tables.kit.style import IVORY_SOFT

log = logging.getLogger(__name__)


def launch(shell: Any, game: str) -> None:
    """Deal the guided first game and open its table; a failure is told, nothing else happens."""
    try:
        session = guide.start(shell.state, game)
    except Exception as exc:
        log.warning("cannot start the guided deal of %s: %s", game, exc)
        shell.snack(shell.t("guide.failed", error=str(exc)), error=True)
        return
    shell.navigate(f"/play/{session.game_id}")


def _button(label: str, ident: str, on_click, icon: str, wide: bool) -> ft.Control:
    """The gold button: as wide as the card on a phone, its own size on a wide screen."""
    return ft.Semantics(identifier=ident, expand=not wide, content=ft.FilledButton(
        label, icon=icon, height=48, on_click=lambda e: on_click(), expand=not wide,
        style=ft.ButtonStyle(bgcolor=theme.GOLD, color=theme.FELT_DARK, icon_color=theme.FELT_DARK,
                             text_style=ft.TextStyle(font_family=theme.SANS_BOLD, size=14.5),
                             shape=ft.RoundedRectangleBorder(radius=14),
                             padding=ft.Padding.symmetric(horizontal=16))))


def _banner(title: str, text: str, actions: list[ft.Control], ident: str, wide: bool) -> ft.Container:
    """A felt card with a badge, a title and a text, and the actions under them: side by side
    (the first rightmost) on a wide screen, one under the other on a phone."""
    badge = ft.Container(ft.Icon(ft.Icons.SCHOOL_OUTLINED, color=theme.FELT_DARK, size=24), width=44, height=44,
                         border_radius=22, bgcolor=theme.GOLD, alignment=ft.Alignment.CENTER)
    words = ft.Column([theme.display(title, 18, color=theme.GOLD_LIGHT),
                       ft.Text(text, size=13.5, color=theme.IVORY, style=ft.TextStyle(height=1.35))],
                      spacing=4, tight=True, expand=True)
    return ft.Container(
        ft.Semantics(identifier=ident, container=True, content=ft.Column([
            ft.Row([badge, words], spacing=14, vertical_alignment=ft.CrossAxisAlignment.START),
            *([ft.Row(actions[::-1], spacing=8, alignment=ft.MainAxisAlignment.END)] if wide else
              [ft.Row([a], alignment=ft.MainAxisAlignment.END) for a in actions]),
        ], spacing=6, tight=True)),
        padding=ft.Padding.only(left=16, right=14, top=14, bottom=12), border_radius=18,
        gradient=theme.FELT_GRADIENT, border=ft.Border.all(1.5, theme.GOLD))


def offer(shell: Any, game: str) -> list[ft.Control]:
    """The new-game screen's "Play a guided first game", until it was started or declined once."""
    if guide.tour_for(game) is None or shell.state.guide_seen(game):
        return []
    t = shell.t
    holder = ft.Container(margin=ft.Margin.only(top=12))

    def later() -> None:
        try:
            shell.state.mark_guide_seen(game)
        except Exception as exc:  # the offer simply comes back next time
            log.warning("cannot remember the declined guide of %s: %s", game, exc)
        holder.visible = False
        try:
            holder.update()
        except Exception:  # not on a page (a rebuilt screen): the next build leaves it out
            pass

    holder.content = _banner(t("guide.offer.title"), t("guide.offer.text"), [
        _button(t("guide.offer.start"), "guide-offer-start", lambda: launch(shell, game), ft.Icons.SCHOOL_OUTLINED,
                shell.wide),
        ft.Semantics(identifier="guide-offer-later", content=ft.TextButton(
            t("guide.offer.later"), height=44, on_click=lambda e: later(),
            style=ft.ButtonStyle(color=IVORY_SOFT, text_style=ft.TextStyle(font_family=theme.SANS, size=14)))),
    ], "guide-offer", shell.wide)
    return [holder]


def rules_card(shell: Any, game: str) -> list[ft.Control]:
    """The rules page's "Play the guided deal" (always, for a game that has one)."""
    if guide.tour_for(game) is None:
        return []
    t = shell.t
    return [ft.Container(_banner(t("guide.rules.title"), t("guide.rules.text"), [
        _button(t("guide.rules.start"), "guide-rules-start", lambda: launch(shell, game),
                ft.Icons.PLAY_ARROW_ROUNDED, shell.wide)], "guide-rules", shell.wide), margin=ft.Margin.only(top=12))]


def rules_action(shell: Any, game: str, close_then) -> list[ft.Control]:
    """The rules dialog's "Play the guided deal": the dialog closes, then the deal starts."""
    if guide.tour_for(game) is None:
        return []
    return [ft.Semantics(identifier="guide-dialog-start", content=ft.TextButton(
        shell.t("guide.rules.start"), icon=ft.Icons.SCHOOL_OUTLINED, height=48,
        on_click=lambda e: close_then(lambda: launch(shell, game))))]
