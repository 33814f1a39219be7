"""Statistics: ``/stats/<game>[/<player>]`` shows one player's record in one game.

Played, won, win rate, streaks, best and average score and the game's own figures
(``records_model.tiles``), the player's rating and its course, the game's
leaderboard and the player's recent games. People and computer players alike
can be chosen; ``none`` stands for the people who played without a profile.
"""

from __future__ import annotations

import logging
from typing import Any

import flet as ft

from app import catalog, shell as shell_mod, text_fit, theme
from app.screens import records_model as rm
from app.screens import records_ui as ui
from app.screens.records_model import win_rate_text  # noqa: F401  (where callers found it)

log = logging.getLogger(__name__)

RECENT = 10
BOARD = 5
NOBODY = "none"


def choices(shell, game: str, wanted: str | None) -> tuple[list[tuple[str, str]], str]:
    """(key, name) of everyone to choose from, people first, and the key to show: the one
    asked for, else the person who played this game last, else the first person."""
    store = shell.state.store
    profiles = store.list_profiles(include_archived=True)
    people = [(str(p.id), p.name) for p in profiles if p.kind == "human"]
    bots = [(str(p.id), ui.name_of(p, shell.t)) for p in profiles if p.kind == "bot"]
    options = people + bots or [(NOBODY, shell.t("stats.nobody"))]
    keys = {k for k, _ in options}
    if wanted in keys:
        return options, wanted
    try:
        last = str(store.last_player(game))
    except Exception as exc:
        log.warning("cannot read who played %s last: %s", game, exc)
        last = None
    return options, last if last in keys else options[0][0]


def summary_card(shell, game: str, s: dict[str, Any]) -> ft.Control:
    t = shell.t
    rate = float(s.get("win_rate") or 0.0)
    ring = ft.Stack([
        ft.ProgressRing(value=rate if s.get("games") else 0, width=96, height=96, stroke_width=9,
                        color=theme.GOLD, bgcolor=ft.Colors.with_opacity(0.22, theme.IVORY)),
        ft.Container(ft.Column([
            ft.Text(rm.win_rate_text(rate, shell.lang), size=21, font_family=theme.SANS_BOLD,
                    color=theme.IVORY),
            ft.Text(t("stats.win_rate"), size=11, color=theme.IVORY, opacity=0.9),
        ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            width=96, height=96, alignment=ft.Alignment.CENTER),
    ], width=96, height=96)
    title = catalog.title(game, t, shell.lang)
    room = shell_mod.content_width(shell) - 2 * 18 - 3 - 96 - 18  # beside the ring, inside the frame
    size = text_fit.largest_size(title, room, (22, 21, 20, 19, 18), theme.DISPLAY, spacing=0)
    words = ft.Column([
        theme.display(title, size or 18, color=theme.GOLD_LIGHT, max_lines=1 if size else 2,
                      overflow=ft.TextOverflow.ELLIPSIS),
        ft.Text(t("stats.summary", games=s.get("games", 0), wins=s.get("wins", 0)),
                size=13.5, color=theme.IVORY, font_family=theme.SANS_BOLD),
        ft.Container(ui.rating_line(shell, s.get("rating")), padding=ft.Padding.only(top=4)),
    ], spacing=2, tight=True, expand=True)
    return ft.Semantics(identifier="stats-summary", content=ft.Container(
        ft.Row([ring, words], spacing=18, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        gradient=theme.FELT_GRADIENT, border_radius=20, padding=18,
        border=ft.Border.all(1.5, theme.GOLD), margin=ft.Margin.only(top=14)))


def body(shell, game: str, key: str, options: list[tuple[str, str]],
         on_pick=None) -> list[ft.Control]:
    """Everything below the app bar for one player."""
    t = shell.t
    store = shell.state.store
    pid = None if key == NOBODY else int(key)
    try:
        s = store.stats(game, pid)
        recent = store.recent_results(pid, game, RECENT)
        board = store.leaderboard(game)
        history = store.rating_history(pid, game) if pid is not None else []
    except Exception as exc:
        log.warning("cannot read statistics: %s", exc)
        s, recent, board, history = dict(rm.EMPTY), [], [], []
    out: list[ft.Control] = [summary_card(shell, game, s)]
    if len(options) > 1 and on_pick is not None:
        out.append(ft.Row([ft.Dropdown(value=key, label=t("stats.player"), border_radius=12, expand=True,
                                       options=[ft.DropdownOption(key=k, text=n) for k, n in options],
                                       on_select=lambda e: on_pick(e.control.value or key))]))
    out.append(ui.grid(rm.tiles(game, s, t, shell.lang), shell_mod.content_width(shell)))
    if pid is not None:
        out += [ui.section(t("rec.chart")), ui.rating_chart(shell, history)]
    out.append(ui.section(t("rec.leaderboard")))
    out += ui.leaderboard_rows(shell, board[:BOARD], game, highlight=pid)
    out.append(ui.section(t("stats.recent")))
    out += [ui.recent_row(shell, r) for r in recent] or [theme.body(t("stats.empty"))]
    out.append(ft.Row([ft.FilledButton(
        t("stats.play"), icon=ft.Icons.PLAY_ARROW_ROUNDED, height=50,
        on_click=lambda e: shell.navigate(f"/new/{game}"),
        style=ft.ButtonStyle(bgcolor=theme.GOLD, color=theme.FELT_DARK,
                             text_style=ft.TextStyle(font_family=theme.SANS_BOLD, size=15),
                             shape=ft.RoundedRectangleBorder(radius=14)))],
        alignment=ft.MainAxisAlignment.END))
    out.append(ft.Container(height=10))
    return out


def view(shell, game: str, wanted: str | None = None, route: str | None = None) -> ft.View:
    t = shell.t
    title = catalog.title(game, t, shell.lang)
    options, current = choices(shell, game, wanted)
    content = ft.Column(spacing=14, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def pick(key: str) -> None:
        content.controls = body(shell, game, key, options, pick)
        content.update()

    content.controls = body(shell, game, current, options, pick)
    return shell.sub_view(route or f"/stats/{game}", t("stats.title", game=title), [content])
