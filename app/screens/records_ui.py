"""Widgets the statistics, player, head-to-head and ratings screens share."""

from __future__ import annotations

from typing import Any, Callable

import flet as ft
import flet_charts as fch

from app import fmt, text_fit, theme
from app.screens import records_model as rm, versions
from app.screens import replay_strings  # noqa: F401  (the "Replay" button's texts)

ICONS = {
    "games": ft.Icons.STYLE_OUTLINED, "wins": ft.Icons.EMOJI_EVENTS_OUTLINED,
    "current_streak": ft.Icons.TRENDING_UP, "best_streak": ft.Icons.LOCAL_FIRE_DEPARTMENT_OUTLINED,
    "best_score": ft.Icons.STAR_OUTLINE, "average_score": ft.Icons.INSIGHTS,
    "three_crowns": ft.Icons.WORKSPACE_PREMIUM_OUTLINED, "perfect": ft.Icons.WORKSPACE_PREMIUM_OUTLINED,
    "assisted": ft.Icons.SUPPORT_OUTLINED, "hints": ft.Icons.LIGHTBULB_OUTLINE, "undos": ft.Icons.UNDO,
    "potentat": ft.Icons.GAVEL, "potentat_won": ft.Icons.MILITARY_TECH_OUTLINED,
    "fenstersturz": ft.Icons.WINDOW_OUTLINED, "points": ft.Icons.SCALE_OUTLINED,
    "money": ft.Icons.PAYMENTS_OUTLINED, "penalty": ft.Icons.REMOVE_CIRCLE_OUTLINE,
    "rounds_won": ft.Icons.FLAG_OUTLINED, "rounds": ft.Icons.REPEAT, "cards_left": ft.Icons.BACK_HAND_OUTLINED,
    "crowns": ft.Icons.DIAMOND_OUTLINED, "sets": ft.Icons.STYLE_OUTLINED,
    "favours": ft.Icons.FAVORITE_BORDER,
}
CARD = dict(bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST, border_radius=16,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT))


HINT_SIZES = (11.5, 11, 10.5, 10)


def tile(item: rm.Tile, width: float, height: float = 104) -> ft.Control:
    """One figure: an icon and label above a big number, a hint below; the label and the hint as
    large as lets them show whole in a tile ``width`` px wide (one line each; a hint that fits
    no size on one line takes two, in a taller tile)."""
    inside = width - 2 * 14 - 2
    label_size = text_fit.largest_size(item.label, inside - 22, (12.5, 12, 11.5, 11), theme.SANS_BOLD) or 11
    hint_size = text_fit.largest_size(item.hint, inside, HINT_SIZES) if item.hint else 11.5
    head = ft.Row([ft.Icon(ICONS.get(item.icon, ft.Icons.INSIGHTS), size=16, color=ft.Colors.SECONDARY),
                   ft.Text(item.label, size=label_size, font_family=theme.SANS_BOLD,
                           color=ft.Colors.ON_SURFACE_VARIANT, max_lines=1,
                           overflow=ft.TextOverflow.ELLIPSIS, expand=True)], spacing=6)
    return ft.Container(ft.Column([
        head,
        ft.Text(item.value, size=28 if item.strong else 24, font_family=theme.DISPLAY,
                color=ft.Colors.PRIMARY if item.strong else ft.Colors.ON_SURFACE),
        *([ft.Text(item.hint, size=hint_size or 11, color=ft.Colors.ON_SURFACE_VARIANT,
                   max_lines=1 if hint_size else 2, overflow=ft.TextOverflow.ELLIPSIS)] if item.hint else []),
    ], spacing=2, tight=True), padding=14, height=height, **CARD)


def grid(items: list[rm.Tile], width: float, identifier: str = "stats-grid") -> ft.Control:
    """Tiles two a row on phones, four on tablets, in ``width`` px (the ResponsiveRow's "md" is 768)."""
    per = 4 if width >= 768 - 2 * 28 else 2
    each = (width - 10 * (per - 1)) / per
    two = any(i.hint and not text_fit.largest_size(i.hint, each - 30, HINT_SIZES) for i in items)
    cells = [ft.Container(tile(i, each, 120 if two else 104), col={"xs": 6, "md": 3}) for i in items]
    return ft.Semantics(identifier=identifier,
                        content=ft.ResponsiveRow(cells, spacing=10, run_spacing=10))


def section(text: str, top: int = 8) -> ft.Control:
    return ft.Container(theme.section_label(text), padding=ft.Padding.only(top=top))


def avatar(name: str, bot: bool = False, size: int = 42) -> ft.Control:
    """A gold disc with the initial; a computer gets a chip icon on felt."""
    inner: ft.Control = (ft.Icon(ft.Icons.SMART_TOY_OUTLINED, size=size * 0.5, color=theme.GOLD_LIGHT) if bot
                         else ft.Text((name[:1] or "?").upper(), font_family=theme.DISPLAY,
                                      size=size * 0.43, color=theme.FELT_DARK))
    return ft.Semantics(exclude_semantics=True, content=ft.Container(
        inner, width=size, height=size, border_radius=size / 2, alignment=ft.Alignment.CENTER,
        bgcolor=theme.FELT if bot else theme.GOLD))


def rating_line(shell, rating: dict[str, Any] | None) -> ft.Control:
    """The rating on felt, in one line: the number, then what it is and what it rests on."""
    t = shell.t
    if not rating:
        return ft.Text(t("rec.unrated"), size=13, color=theme.IVORY, opacity=0.9)
    return ft.Row([
        ft.Text(rm.rating_text(rating["shown"], shell.lang), size=26, font_family=theme.DISPLAY,
                color=theme.GOLD_LIGHT),
        ft.Column([ft.Text(t("rec.rating"), size=11.5, color=theme.IVORY, font_family=theme.SANS_BOLD),
                   ft.Text(t("rec.rating_games", n=rating["games"]), size=11, color=theme.IVORY,
                           opacity=0.85)], spacing=0, tight=True),
    ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def rating_block(shell, rating: dict[str, Any] | None) -> ft.Control:
    """The rating as one big number with the games it rests on, set to the right."""
    t = shell.t
    if not rating:
        return theme.caption(t("rec.unrated"))
    return ft.Column([
        ft.Text(t("rec.rating"), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Text(rm.rating_text(rating["shown"], shell.lang), size=26, font_family=theme.DISPLAY,
                color=ft.Colors.PRIMARY),
        ft.Text(t("rec.rating_games", n=rating["games"]), size=11.5, color=ft.Colors.ON_SURFACE_VARIANT),
    ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.END)


def rating_chart(shell, history: list[dict[str, Any]], identifier: str = "rating-chart") -> ft.Control:
    """The shown rating after each game as a line; a note until there is one."""
    t = shell.t
    points = rm.chart_points(history, complete=len(history) < rm.HISTORY_POINTS)
    if len(points) < 2:
        return ft.Container(theme.caption(t("rec.chart_empty")), padding=16, **CARD)
    values = [y for _, y in points]
    low, high = min(values), max(values)
    pad = max(20, (high - low) * 0.15)
    step = _nice_step((high - low + 2 * pad) / 4)
    lo, hi = (low - pad) // step * step, -(-(high + pad) // step) * step
    series = fch.LineChartData(
        points=[fch.LineChartDataPoint(x, y) for x, y in points], stroke_width=3, color=theme.GOLD_DARK,
        curved=True, prevent_curve_over_shooting=True, rounded_stroke_cap=True,
        below_line_bgcolor=ft.Colors.with_opacity(0.14, theme.GOLD), point=len(points) <= 30)
    axis_labels = [fch.ChartAxisLabel(value=v, label=ft.Text(rm.rating_text(int(v), shell.lang), size=10.5,
                                                              color=ft.Colors.ON_SURFACE_VARIANT))
                   for v in range(int(lo), int(hi) + 1, int(step))]
    chart = fch.LineChart(
        data_series=[series], min_y=lo, max_y=hi, min_x=0, max_x=points[-1][0], expand=True,
        interactive=False,
        left_axis=fch.ChartAxis(labels=axis_labels, label_size=44, show_min=False, show_max=False),
        bottom_axis=fch.ChartAxis(show_labels=False, label_size=6),
        horizontal_grid_lines=fch.ChartGridLines(interval=step, width=1,
                                                 color=ft.Colors.with_opacity(0.35, ft.Colors.OUTLINE_VARIANT)),
        border=ft.Border.all(0, ft.Colors.TRANSPARENT))
    label = t("rec.chart_a11y", first=rm.rating_text(values[0], shell.lang),
              last=rm.rating_text(values[-1], shell.lang), n=len(points) - 1)
    return ft.Semantics(identifier=identifier, label=label, content=ft.Container(
        chart, height=190, padding=ft.Padding.only(left=6, right=16, top=16, bottom=8), **CARD))


def rating_changes(shell, history: list[dict[str, Any]], most: int = 5) -> list[ft.Control]:
    """Why the rating moved: its last changes, newest first, each with the game's day and verdict."""
    t = shell.t
    rows: list[ft.Control] = []
    for h in reversed(history[-most:]):
        change = h.get("change", 0)
        verdict = t("rec.change_won" if h.get("won") else "rec.change_lost")
        words = fmt.day(h["finished_at"], shell.lang)
        moved = ("+" if change > 0 else "−" if change < 0 else "±") + rm.rating_text(abs(change), shell.lang)
        now = rm.rating_text(h["shown"], shell.lang)
        rows.append(ft.Semantics(
            identifier=f"rating-change-{h['game_id']}", exclude_semantics=True,
            label=t("rec.change_a11y", day=words, verdict=verdict, change=moved, shown=now),
            content=ft.Row([
                ft.Icon(ft.Icons.TRENDING_UP if change > 0 else ft.Icons.TRENDING_DOWN if change < 0
                        else ft.Icons.TRENDING_FLAT, size=18,
                        color=ft.Colors.PRIMARY if change > 0 else ft.Colors.ERROR if change < 0
                        else ft.Colors.ON_SURFACE_VARIANT),
                ft.Column([ft.Text(verdict[:1].upper() + verdict[1:], size=13.5),
                           theme.caption(words)], spacing=0, tight=True, expand=True),
                ft.Text(moved, size=13.5, font_family=theme.SANS_BOLD, width=64,
                        text_align=ft.TextAlign.RIGHT),
                ft.Text(now, size=13.5, color=ft.Colors.ON_SURFACE_VARIANT, width=56,
                        text_align=ft.TextAlign.RIGHT),
            ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)))
    if not rows:
        return []
    return [ft.Container(ft.Column([theme.title(t("rec.changes"), 14), *rows], spacing=8, tight=True),
                         padding=ft.Padding.symmetric(horizontal=16, vertical=12), **CARD)]


def rating_explainer(shell) -> ft.Control:
    """What a rating means, in a few sentences: why a newcomer's number moves as it does."""
    t = shell.t
    return ft.Semantics(identifier="rating-explained", container=True, content=ft.Container(ft.Row([
        ft.Icon(ft.Icons.INFO_OUTLINE, size=20, color=ft.Colors.PRIMARY),
        ft.Column([theme.title(t("rec.explain_title"), 14), theme.caption(t("rec.explain"))],
                  spacing=4, tight=True, expand=True),
    ], spacing=12, vertical_alignment=ft.CrossAxisAlignment.START), padding=16, **CARD))


def _nice_step(raw: float) -> int:
    for step in (10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if raw <= step:
            return step
    return 1000


def verdict_badge(shell, verdict: str) -> ft.Control:
    good = verdict in ("won", "shared")
    return ft.Container(
        ft.Text(shell.t(rm.VERDICT_KEYS[verdict]), size=12, font_family=theme.SANS_BOLD,
                color=theme.FELT_DARK if good else ft.Colors.ON_SURFACE),
        bgcolor=theme.GOLD if good else ft.Colors.SURFACE_CONTAINER_HIGHEST, border_radius=10,
        padding=ft.Padding.symmetric(horizontal=10, vertical=4))


def recent_row(shell, row: dict[str, Any], with_game: bool = False) -> ft.Control:
    """One finished game from the listed player's side; it opens the final table."""
    from app import catalog

    t = shell.t
    verdict = rm.verdict(row)
    good = verdict in ("won", "shared")
    title = rm.row_title(row, t)
    details = rm.row_details(row, t, shell.lang)
    if with_game:  # the game heads the row; whom it was played against goes below
        title, details = catalog.title(row["game"], t, shell.lang), f"{title} · {details}"
    return ft.Semantics(identifier=f"stats-game-{row['game_id']}", content=ft.Container(
        ft.Row([
            ft.Icon(ft.Icons.EMOJI_EVENTS if good else ft.Icons.FLAG_OUTLINED,
                    color=ft.Colors.SECONDARY if good else ft.Colors.ON_SURFACE_VARIANT),
            # The verdict beside the title, the details below both: on a phone the texts keep the width.
            ft.Column([
                ft.Row([ft.Text(title, size=15, font_family=theme.SANS_BOLD, color=ft.Colors.ON_SURFACE,
                                max_lines=3, overflow=ft.TextOverflow.ELLIPSIS, expand=True),
                        verdict_badge(shell, verdict)], spacing=8, vertical_alignment=ft.CrossAxisAlignment.START),
                ft.Text(details, size=12.5, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=3,
                        overflow=ft.TextOverflow.ELLIPSIS),
            ], spacing=2, tight=True, expand=True),
            *([versions.badge(shell, row["game_id"], row["forks"])] if row.get("forks") else []),
            replay_button(shell, row["game_id"]),
        ], spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        padding=12, ink=True, on_click=lambda e, gid=row["game_id"]: shell.navigate(f"/play/{gid}"),
        **{**CARD, "border_radius": 14}))


def replay_button(shell, game_id: int) -> ft.Control:
    """"Replay": step through the finished game on its table (``/replay/<id>``)."""
    t = shell.t
    go = lambda e: shell.navigate(f"/replay/{game_id}")  # noqa: E731
    button = (ft.TextButton(t("replay.open_button"), icon=ft.Icons.SLOW_MOTION_VIDEO, on_click=go, height=44)
              if getattr(shell, "wide", False) else
              ft.IconButton(ft.Icons.SLOW_MOTION_VIDEO, icon_color=ft.Colors.PRIMARY, on_click=go,
                            tooltip=t("replay.open_button"), width=44, height=44))
    return ft.Semantics(identifier=f"replay-open-{game_id}", label=t("replay.open_a11y"), button=True,
                        content=button)


def record_bar(v: rm.Versus) -> ft.Control:
    """Wins, shared games and losses as one bar split in three."""
    parts = [(v.wins, theme.GOLD), (v.shared, ft.Colors.OUTLINE_VARIANT), (v.losses, theme.BURGUNDY)]
    cells = [ft.Container(bgcolor=color, expand=n, height=8) for n, color in parts if n]
    if not cells:
        cells = [ft.Container(bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, expand=1, height=8)]
    return ft.Container(ft.Row(cells, spacing=2), border_radius=4, clip_behavior=ft.ClipBehavior.HARD_EDGE)


def opponent_row(shell, name: str, bot: bool, v: rm.Versus, on_open: Callable[[], None] | None,
                 identifier: str) -> ft.Control:
    """An opponent with the record against them, as a line and a bar."""
    t = shell.t
    label = t("rec.record_a11y", name=name, wins=v.wins, losses=v.losses, shared=v.shared, games=v.games)
    return ft.Semantics(identifier=identifier, label=label, button=on_open is not None, content=ft.Container(
        ft.Row([
            avatar(name, bot, 36),
            ft.Column([
                ft.Row([theme.title(name, 14.5, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS, expand=True),
                        ft.Text(rm.record_line(v, t), size=13, font_family=theme.SANS_BOLD,
                                color=ft.Colors.ON_SURFACE)], spacing=8),
                record_bar(v),
            ], spacing=6, expand=True, tight=True),
            *([ft.Icon(ft.Icons.CHEVRON_RIGHT, color=ft.Colors.ON_SURFACE_VARIANT)] if on_open else []),
        ], spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        padding=ft.Padding.only(left=12, right=8, top=10, bottom=10), ink=on_open is not None,
        on_click=(lambda e: on_open()) if on_open else None, **CARD))


def name_of(profile: Any, t: Callable[..., str]) -> str:
    """A profile's name as shown; computer players are named by their level in today's language."""
    return fmt.profile_name(profile, t)


def leaderboard_rows(shell, rows: list[dict[str, Any]], game: str, highlight: int | None = None
                     ) -> list[ft.Control]:
    """Rated players, best first: place, name, rating and games."""
    t = shell.t
    if not rows:
        return [theme.body(t("rec.leaderboard_empty"))]
    out: list[ft.Control] = []
    for place, r in enumerate(rows, 1):
        name = fmt.seat_name(r, t)
        mine = r["profile_id"] == highlight
        out.append(ft.Semantics(identifier=f"rank-{game}-{r['profile_id']}", content=ft.Container(ft.Row([
            ft.Container(ft.Text(str(place), size=14, font_family=theme.SANS_BOLD,
                                 color=theme.FELT_DARK if place <= 3 else ft.Colors.ON_SURFACE_VARIANT),
                         width=28, height=28, border_radius=14, alignment=ft.Alignment.CENTER,
                         bgcolor=theme.GOLD if place == 1 else theme.GOLD_LIGHT if place <= 3 else None),
            avatar(name, r["kind"] == "bot", 32),
            ft.Column([theme.title(name, 14.5, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                       theme.caption(t("rec.rating_games", n=r["games"]))], spacing=0, expand=True, tight=True),
            ft.Text(rm.rating_text(r["shown"], shell.lang), size=20, font_family=theme.DISPLAY,
                    color=ft.Colors.PRIMARY),
        ], spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            padding=ft.Padding.symmetric(horizontal=12, vertical=8), ink=True,
            on_click=lambda e, pid=r["profile_id"]: shell.navigate(f"/players/{pid}"),
            **{**CARD, "bgcolor": ft.Colors.SECONDARY_CONTAINER if mine else CARD["bgcolor"]})))
    return out
