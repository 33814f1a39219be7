"""Play: ``/play/<id>`` shows a game's table (dedicated per game, else the generic one)."""

from __future__ import annotations

import logging

import flet as ft

from app import catalog, tables, theme
from app.screens import rules
from app.tables.kit import top_bar

log = logging.getLogger(__name__)


def view(shell, game_id: int) -> ft.View:
    t = shell.t
    route = f"/play/{game_id}"
    try:
        session = shell.state.open_game(game_id)
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
    return shell.sub_view(route, title, [control], actions=bar.actions(), scroll=False, bgcolor=theme.FELT_DARK)
