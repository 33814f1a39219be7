"""A player's page: ``/players/<id>`` gathers their record in every game, their ratings and
their course, how they fare against each computer level and each person, and recent games."""

from __future__ import annotations

import logging
from typing import Any

import flet as ft

from app import catalog, shell as shell_mod, theme
from app.screens import records_model as rm
from app.screens import records_ui as ui
from app.widgets import choices

log = logging.getLogger(__name__)

RECENT = 5


def header(shell, profile, records: dict[str, dict[str, Any]]) -> ft.Control:
    t = shell.t
    total = rm.summary(records)
    name = ui.name_of(profile, t)
    line = (t("rec.player_summary", games=total["games"], wins=total["wins"],
              rate=rm.win_rate_text(total["win_rate"], shell.lang)) if total["games"]
            else t("players.no_games"))
    return ft.Semantics(identifier="player-header", content=ft.Container(ft.Row([
        ui.avatar(name, profile.is_bot, 60),
        ft.Column([theme.display(name, 26, color=theme.GOLD_LIGHT, max_lines=1,
                                 overflow=ft.TextOverflow.ELLIPSIS),
                   ft.Text(line, size=14, color=theme.IVORY, font_family=theme.SANS_BOLD)],
                  spacing=2, tight=True, expand=True),
    ], spacing=16, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        gradient=theme.FELT_GRADIENT, border_radius=20, padding=18, margin=ft.Margin.only(top=14),
        border=ft.Border.all(1.5, theme.GOLD)))


def game_card(shell, profile_id: int, game: str, s: dict[str, Any]) -> ft.Control:
    """One game's record in brief; it opens the game's statistics for this player."""
    t = shell.t
    title = catalog.title(game, t, shell.lang)
    own = rm.tiles(game, s, t, shell.lang)[4:5]  # the game's first own figure
    facts = ft.Row([
        ft.Column([ft.Text(x.value, size=17, font_family=theme.SANS_BOLD, color=ft.Colors.ON_SURFACE),
                   ft.Text(x.label, size=11.5, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=1,
                           overflow=ft.TextOverflow.ELLIPSIS)], spacing=0, tight=True, expand=True)
        for x in [rm.Tile("wins", t("stats.win_rate"), rm.win_rate_text(s["win_rate"], shell.lang)),
                  rm.Tile("best_streak", t("stats.best_streak"), str(s["best_streak"])), *own]
    ], spacing=8)
    return ft.Container(ft.Semantics(identifier=f"player-game-{game}", button=True, content=ft.Container(
        ft.Column([
            ft.Row([
                ft.Column([theme.title(title, 16, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                           theme.caption(t("stats.summary", games=s["games"], wins=s["wins"]))],
                          spacing=2, tight=True, expand=True),
                ui.rating_block(shell, s.get("rating")),
            ], vertical_alignment=ft.CrossAxisAlignment.START),
            ft.Divider(height=1, color=ft.Colors.OUTLINE_VARIANT),
            facts,
        ], spacing=10, tight=True),
        padding=16, ink=True, **ui.CARD,
        on_click=lambda e: shell.navigate(f"/players/{profile_id}/stats/{game}"))),
        col={"xs": 12, "md": 6})


def opponents_section(shell, profile, met: dict[int, dict[str, dict[str, int]]], bots: bool
                      ) -> list[ft.Control]:
    """The record against each computer level (``bots``) or each person this player met."""
    t = shell.t
    rows = []
    for other in shell.state.store.list_profiles(include_archived=True):
        if other.id == profile.id or other.is_bot != bots or other.id not in met:
            continue
        v = rm.total(rm.versus_rows(met[other.id]))
        if v.games:
            rows.append(ui.opponent_row(
                shell, ui.name_of(other, t), other.is_bot, v,
                lambda o=other.id: shell.navigate(f"/players/{profile.id}/versus/{o}"),
                f"versus-{other.id}"))
    if not rows:
        return []
    head = t("rec.against_computer") if bots else t("rec.against_people")
    return [ui.section(head), *rows]


def chart_section(shell, profile_id: int, records: dict[str, dict[str, Any]]) -> list[ft.Control]:
    """The rating's course in one game at a time, the most played first."""
    t = shell.t
    games = [g for g in rm.played_games(records) if records[g].get("rating")]
    if not games:
        return []
    holder = ft.Container()

    def show(game: str) -> None:
        try:
            history = shell.state.store.rating_history(profile_id, game)
        except Exception as exc:
            log.warning("cannot read the rating history: %s", exc)
            history = []
        holder.content = ft.Column([ui.rating_chart(shell, history), *ui.rating_changes(shell, history)],
                                   spacing=10, tight=True)

    show(games[0])
    out: list[ft.Control] = [ui.section(t("rec.chart"))]
    if len(games) > 1:
        def picked(game: str) -> None:
            show(game)

        out += choices.segmented([(g, catalog.title(g, t, shell.lang)) for g in games], games[0],
                                 shell_mod.content_width(shell), picked, size=12.5)
    out += [holder, ui.rating_explainer(shell)]
    return out


def view(shell, profile_id: int) -> ft.View:
    t = shell.t
    store = shell.state.store
    profile = store.get_profile(profile_id)
    try:
        records = store.player_record(profile_id)
        met = store.opponents(profile_id)
        recent = store.recent_results(profile_id, None, RECENT)
    except Exception as exc:
        log.warning("cannot read the record of %s: %s", profile_id, exc)
        records, met, recent = {}, {}, []
    controls: list[ft.Control] = [header(shell, profile, records)]
    games = rm.played_games(records)
    if games:
        controls += [ui.section(t("rec.section")), ft.ResponsiveRow(
            [game_card(shell, profile_id, g, records[g]) for g in games], spacing=12, run_spacing=12)]
        controls += chart_section(shell, profile_id, records)
        if not profile.is_bot:
            controls += opponents_section(shell, profile, met, bots=True)
        controls += opponents_section(shell, profile, met, bots=False)
        controls += [ui.section(t("rec.recent_all"))]
        controls += [ui.recent_row(shell, r, with_game=True) for r in recent]
    else:
        controls.append(ft.Container(theme.body(t("rec.no_record")), padding=16, **ui.CARD))
    controls.append(ft.Container(height=10))
    name = ui.name_of(profile, t)
    return shell.sub_view(f"/players/{profile_id}", name, controls)
