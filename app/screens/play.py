"""Play: ``/play/<id>`` shows a game's table (dedicated per game, else the generic one)."""

from __future__ import annotations

import logging
import weakref
from typing import Any

import flet as ft

from app import catalog, tables, theme
from app.host import hosting
from app.host import strings as _host_strings  # noqa: F401  (the phones button's name)
from app.screens import rules
from app.tables.kit import top_bar

log = logging.getLogger(__name__)

# Per shell: games whose hosting could not start again this time (shown as a game for this device).
_not_again: weakref.WeakKeyDictionary[Any, set[int]] = weakref.WeakKeyDictionary()


def view(shell, game_id: int) -> ft.View:
    t = shell.t
    route = f"/play/{game_id}"
    resigned = _resigned(shell, game_id)
    if resigned is not None:
        return resigned
    hosted = hosting.hosted_game(game_id)  # hosted for phones: this device's eyes only
    if hosted is None and game_id not in _not_again.get(shell, set()):
        record = hosting.saved_record(shell.state.store, game_id)
        if record is not None:  # hosted until the app stopped: phones come back to their seats
            return _host_again(shell, game_id, record)
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


def _host_again(shell, game_id: int, record: dict[str, Any]) -> ft.View:
    """A moment's notice while the game goes on the network again; then its table, hosted."""
    t = shell.t

    async def again() -> None:
        try:
            session = shell.state.open_game(game_id)
            if session.over:
                hosting.forget(shell.state.store, game_id)
            else:
                await hosting.start(shell.state, session, [], record=record)
                shell.snack(t("host.again"))
        except Exception as exc:  # the port is taken, the record is damaged: a game for this device
            log.warning("cannot host game %s again: %s", game_id, exc)
            _not_again.setdefault(shell, set()).add(game_id)
            shell.snack(t("host.failed", error=str(exc)), error=True)
        shell.refresh()

    shell.page.run_task(again)
    return shell.sub_view(f"/play/{game_id}", t("host.title"), [ft.Container(ft.Column([
        ft.ProgressRing(color=theme.GOLD), theme.body(t("host.again_wait"), 15)],
        spacing=16, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        alignment=ft.Alignment.CENTER, padding=ft.Padding.only(top=48))])


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
