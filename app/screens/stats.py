"""Statistics: ``/stats/<game>`` shows one person's record in one game.

Games, wins, win rate, perfect games, best score, streaks, hints and undos come
from ``store.stats``; the recent finished games are listed below and open their
final table. Written for Deck of Spies (the solitaire), it works for any game.
"""

from __future__ import annotations

import logging
from typing import Any

import flet as ft

from app import catalog, fmt, theme
from app.tables.deck_of_spies import strings  # noqa: F401  (registers the texts)
from core.games import deck_of_spies as dos

log = logging.getLogger(__name__)

RECENT = 10
NOBODY = "none"


def _profile_choices(shell, game: str) -> tuple[list[tuple[str, str]], str]:
    """(key, name) of everyone to choose from and the default key: who played this game last."""
    humans = shell.state.humans(include_archived=True)
    choices = [(str(p.id), p.name) for p in humans]
    default = choices[0][0] if choices else NOBODY
    try:
        for g in shell.state.store.finished_games(game, limit=5):
            for seat in g.seats:
                if seat.get("kind") == "human" and seat.get("profile_id") is not None:
                    return choices, str(seat["profile_id"])
    except Exception as exc:
        log.warning("cannot read finished games: %s", exc)
    if not choices:
        choices = [(NOBODY, shell.t("stats.nobody"))]
    return choices, default


def _tile(label: str, value: str, hint: str | None = None, icon: str | None = None,
          strong: bool = False) -> ft.Control:
    head = [ft.Icon(icon, size=16, color=ft.Colors.SECONDARY)] if icon else []
    return ft.Container(
        ft.Column([
            ft.Row(head + [ft.Text(label, size=12.5, font_family=theme.SANS_BOLD, color=ft.Colors.ON_SURFACE_VARIANT,
                                   max_lines=1, overflow=ft.TextOverflow.ELLIPSIS, expand=True)], spacing=6),
            ft.Text(value, size=28 if strong else 24, font_family=theme.DISPLAY,
                    color=ft.Colors.PRIMARY if strong else ft.Colors.ON_SURFACE),
            *([ft.Text(hint, size=11.5, color=ft.Colors.ON_SURFACE_VARIANT)] if hint else []),
        ], spacing=2, tight=True),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST, border_radius=16, padding=14, height=104,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT))


def win_rate_text(rate: float, lang: str) -> str:
    """The win rate with one decimal where it has one: "95,9 %", "50 %" / "95.9%", "50%"."""
    tenths = round(rate * 1000)
    return fmt.percent(tenths / 1000, lang, digits=0 if tenths % 10 == 0 else 1)


def _summary_card(shell, game: str, s: dict[str, Any]) -> ft.Control:
    t = shell.t
    rate = float(s.get("win_rate") or 0.0)
    ring = ft.Stack([
        ft.ProgressRing(value=rate if s.get("games") else 0, width=96, height=96, stroke_width=9,
                        color=theme.GOLD, bgcolor=ft.Colors.with_opacity(0.22, theme.IVORY)),
        ft.Container(ft.Column([
            ft.Text(win_rate_text(rate, shell.lang), size=21, font_family=theme.SANS_BOLD, color=theme.IVORY),
            ft.Text(t("stats.win_rate"), size=11, color=theme.IVORY, opacity=0.9),
        ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            width=96, height=96, alignment=ft.Alignment.CENTER),
    ], width=96, height=96)
    words = ft.Column([
        theme.display(catalog.title(game, t, shell.lang), 22, color=theme.GOLD_LIGHT),
        ft.Text(t("stats.summary", games=s.get("games", 0), wins=s.get("wins", 0)),
                size=14.5, color=theme.IVORY, font_family=theme.SANS_BOLD),
        ft.Text(f"{t('stats.assisted')}: {fmt.number(s.get('assisted', 0), shell.lang)}", size=13, color=theme.IVORY, opacity=0.85),
    ], spacing=4, tight=True, expand=True)
    return ft.Container(
        ft.Row([ring, words], spacing=18, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        gradient=theme.FELT_GRADIENT, border_radius=20, padding=18,
        border=ft.Border.all(1.5, theme.GOLD), margin=ft.Margin.only(top=14))


def _recent_rows(shell, game: str, key: str) -> list[ft.Control]:
    t = shell.t
    store = shell.state.store
    try:
        games = store.finished_games(game, limit=40)
    except Exception as exc:
        log.warning("cannot list finished games: %s", exc)
        return []
    rows: list[ft.Control] = []
    for g in games:
        seat = g.seats[0] if g.seats else {}
        pid = seat.get("profile_id")
        if (str(pid) if pid is not None else NOBODY) != key:
            continue
        result = g.result or {}
        # The row speaks for the person in seat 0 (the one it was chosen by).
        won = 0 in (result.get("winners") or [])
        try:
            seed = int(store.load_game(g.id)["seed"])
            number = "#" + dos.game_number(seed)
        except Exception:
            number = f"#{g.id}"
        bits = []
        fc = result.get("face_cards") if isinstance(result, dict) else None
        if result.get("reason") == "no_double_agent":
            bits.append(t("stats.row.no_agent"))
        elif isinstance(fc, dict):
            bits.append(t("stats.row.faces", n=fc.get("player", 0)))
        if g.undos or g.hints:
            bits.append(t("stats.row.assisted"))
        when = fmt.ago(g.finished_at or g.updated_at, shell.lang, t)
        verdict = (t("stats.row.resigned") if g.resigned_seat == 0 else
                   t("stats.row.won") if won else t("stats.row.lost"))
        badge = ft.Container(
            ft.Text(verdict, size=12, font_family=theme.SANS_BOLD,
                    color=theme.FELT_DARK if won else ft.Colors.ON_SURFACE),
            bgcolor=theme.GOLD if won else ft.Colors.SURFACE_CONTAINER_HIGHEST, border_radius=10,
            padding=ft.Padding.symmetric(horizontal=10, vertical=4))
        rows.append(ft.Semantics(identifier=f"stats-game-{g.id}", content=ft.Container(
            ft.Row([
                ft.Icon(ft.Icons.EMOJI_EVENTS if won else ft.Icons.FLAG_OUTLINED,
                        color=ft.Colors.SECONDARY if won else ft.Colors.ON_SURFACE_VARIANT),
                ft.Column([
                    ft.Text(number, size=15, font_family=theme.SANS_BOLD, color=ft.Colors.ON_SURFACE),
                    ft.Text(" · ".join([when] + bits), size=12.5, color=ft.Colors.ON_SURFACE_VARIANT,
                            max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                ], spacing=1, tight=True, expand=True),
                badge,
            ], spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST, border_radius=14, padding=12, ink=True,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            on_click=lambda e, gid=g.id: shell.navigate(f"/play/{gid}"))))
        if len(rows) >= RECENT:
            break
    return rows


def view(shell, game: str) -> ft.View:
    t = shell.t
    title = catalog.title(game, t, shell.lang)
    choices, current = _profile_choices(shell, game)
    content = ft.Column(spacing=14, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def fill(key: str) -> None:
        pid = None if key == NOBODY else int(key)
        try:
            s = shell.state.store.stats(game, pid)
        except Exception as exc:
            log.warning("cannot read statistics: %s", exc)
            s = {"games": 0, "wins": 0, "win_rate": 0.0, "best_score": None, "current_streak": 0,
                 "best_streak": 0, "perfect": 0, "assisted": 0, "hints": 0, "undos": 0}
        dash = "–"

        def num(value: Any) -> str:
            return dash if value is None else fmt.number(value, shell.lang)

        grid = [
            (t("stats.games"), num(s["games"]), None, ft.Icons.STYLE_OUTLINED, False),
            (t("stats.wins"), num(s["wins"]), None, ft.Icons.EMOJI_EVENTS_OUTLINED, True),
            (t("stats.perfect"), num(s["perfect"]), t("stats.perfect_hint"), ft.Icons.WORKSPACE_PREMIUM_OUTLINED,
             False),
            (t("stats.best_score"), num(s["best_score"]),
             t("stats.best_score_hint") if game == "deck-of-spies" else None, ft.Icons.STAR_OUTLINE, False),
            (t("stats.current_streak"), num(s["current_streak"]), None, ft.Icons.TRENDING_UP, False),
            (t("stats.best_streak"), num(s["best_streak"]), None, ft.Icons.LOCAL_FIRE_DEPARTMENT_OUTLINED, False),
            (t("stats.hints"), num(s["hints"]), None, ft.Icons.LIGHTBULB_OUTLINE, False),
            (t("stats.undos"), num(s["undos"]), None, ft.Icons.UNDO, False),
        ]
        cells = [ft.Container(_tile(*g), col={"xs": 6, "md": 3}) for g in grid]
        body: list[ft.Control] = [_summary_card(shell, game, s)]
        if len(choices) > 1:
            body.append(ft.Dropdown(value=key, label=t("stats.player"), border_radius=12,
                                    options=[ft.DropdownOption(key=k, text=n) for k, n in choices],
                                    on_select=lambda e: (fill(e.control.value or key), content.update())))
        body.append(ft.Semantics(identifier="stats-grid", content=ft.ResponsiveRow(cells, spacing=10,
                                                                                  run_spacing=10)))
        rows = _recent_rows(shell, game, key)
        body.append(ft.Container(theme.section_label(t("stats.recent")), padding=ft.Padding.only(top=8)))
        body += rows or [theme.body(t("stats.empty"))]
        body.append(ft.Row([ft.FilledButton(
            t("stats.play"), icon=ft.Icons.PLAY_ARROW_ROUNDED, height=50,
            on_click=lambda e: shell.navigate(f"/new/{game}"),
            style=ft.ButtonStyle(bgcolor=theme.GOLD, color=theme.FELT_DARK,
                                 text_style=ft.TextStyle(font_family=theme.SANS_BOLD, size=15),
                                 shape=ft.RoundedRectangleBorder(radius=14)))], alignment=ft.MainAxisAlignment.END))
        body.append(ft.Container(height=10))
        content.controls = body

    fill(current)
    return shell.sub_view(f"/stats/{game}", t("stats.title", game=title), [content])
