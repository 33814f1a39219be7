"""Play: ``/play/<id>`` shows a game's table (dedicated per game, else the generic one)."""

from __future__ import annotations

import logging

import flet as ft

from app import catalog, tables, theme
from app.screens import rules

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
    table = tables.build(shell.state, session)

    def undo(e):
        driver = getattr(table, "data", None)
        done = driver.undo() if driver is not None else session.undo()
        if not done:
            shell.snack(t("play.nothing_to_undo"))
        elif driver is None:
            shell.refresh()

    # Semantics labels: an IconButton's tooltip does not name it for screen readers.
    actions = [
        ft.Semantics(label=t("play.undo"), button=True, content=ft.IconButton(
            ft.Icons.UNDO, tooltip=t("play.undo"), icon_color=theme.IVORY, on_click=undo)),
        ft.Semantics(label=t("play.rules"), button=True, content=ft.IconButton(
            ft.Icons.MENU_BOOK_OUTLINED, tooltip=t("play.rules"), icon_color=theme.IVORY,
            on_click=lambda e: rules.show_dialog(shell, session.game.name))),
    ]
    return shell.sub_view(route, title, [table], actions=actions, scroll=False, bgcolor=theme.FELT_DARK)
