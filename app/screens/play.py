"""Play: ``/play/<id>`` shows a game's table (dedicated per game, else the generic one)."""

from __future__ import annotations

import logging

import flet as ft

from app import catalog, tables, theme
from app.host import hosting
from app.host import strings as _host_strings  # noqa: F401  (the phones button's name)
from app.screens import rules
from app.tables.kit import top_bar

log = logging.getLogger(__name__)


def view(shell, game_id: int) -> ft.View:
    t = shell.t
    route = f"/play/{game_id}"
    resigned = _resigned(shell, game_id)
    if resigned is not None:
        return resigned
    hosted = hosting.hosted_game(game_id)  # hosted for phones: this device's eyes only
    try:
        session = hosted.host_view() if hosted is not None else shell.state.open_game(game_id)
    except Exception as exc:  # unknown id, or a save that no longer replays
        log.warning("cannot open game %s: %s", game_id, exc)
        return shell.sub_view(route, t("play.title"), [ft.Container(ft.Column([
            ft.Icon(ft.Icons.ERROR_OUTLINE, size=40, color=ft.Colors.ERROR),
            theme.body(t("play.cannot_open", error=str(exc))),
            ft.FilledButton(t("play.home"), on_click=lambda e: shell.navigate("/")),
        ], spacing=12), padding=ft.Padding.only(top=24))])
    title = catalog.title(session.game.name, t, shell.lang)
    control = tables.build(shell.state, session)
    table = control.data
    bar = top_bar.TopBar(shell, table, lambda: rules.show_dialog(shell, session.game.name))
    table.bar = bar
    actions = bar.actions()
    if hosted is not None:  # every move on a phone or by the room's computer redraws this table too
        hosted.follow(table, shell.page)
        actions = [ft.Semantics(identifier="phones", content=ft.IconButton(
            ft.Icons.PHONE_ANDROID, icon_color=theme.IVORY, tooltip=t("host.join_screen"),
            on_click=lambda e: shell.navigate(f"/host/{game_id}"))), *actions]
    return shell.sub_view(route, title, [control], actions=actions, scroll=False, bgcolor=theme.FELT_DARK)


def _resigned(shell, game_id: int) -> ft.View | None:
    """A resigned game's notice instead of its table: replaying it would make it playable again."""
    try:
        summary = shell.state.store.game_summary(game_id)
    except Exception:  # an unknown id is reported by the usual path below
        return None
    if not summary.resigned:
        return None
    t = shell.t
    seat = summary.resigned_seat
    names = summary.player_names
    name = names[seat] if seat is not None and seat < len(names) else "?"
    card = ft.Container(ft.Column([
        ft.Icon(ft.Icons.FLAG_OUTLINED, size=44, color=theme.GOLD_LIGHT),
        theme.display(t("resigned.title"), 24, color=theme.GOLD_LIGHT),
        ft.Text(t("resigned.text", name=name), color=theme.IVORY, size=15,
                text_align=ft.TextAlign.CENTER),
        ft.FilledButton(t("play.home"), icon=ft.Icons.HOME_OUTLINED, height=48,
                        on_click=lambda e: shell.navigate("/"),
                        style=ft.ButtonStyle(bgcolor=theme.GOLD, color=theme.FELT_DARK,
                                             shape=ft.RoundedRectangleBorder(radius=14))),
    ], spacing=14, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        gradient=theme.FELT_GRADIENT, border=ft.Border.all(1.5, theme.GOLD), border_radius=20,
        padding=24, margin=ft.Margin.only(top=24), width=min(460, shell.width - 32))
    title = catalog.title(summary.game, t, shell.lang)
    return shell.sub_view(f"/play/{game_id}", title, [ft.Semantics(
        identifier="resigned-game", content=ft.Row([card], alignment=ft.MainAxisAlignment.CENTER))])
