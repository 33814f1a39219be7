"""Players: create, rename and archive people (archived ones stay restorable, nothing is
deleted), merge two profiles of one person, and the way into the statistics: every game's,
the ratings, head-to-head, and each player's and each computer level's own page."""

from __future__ import annotations

import logging
from typing import Any

import flet as ft

from app import catalog, fmt, shell as shell_mod, theme
from app.screens import records_model as rm
from app.screens import records_ui as ui
from app.screens.messages import error_text

log = logging.getLogger(__name__)


def _avatar(name: str, archived: bool = False) -> ft.Control:
    initial = (name[:1] or "?").upper()
    return ft.Container(
        ft.Text(initial, font_family=theme.DISPLAY, size=18,
                color=theme.FELT_DARK if not archived else ft.Colors.ON_SURFACE_VARIANT),
        width=42, height=42, border_radius=21, alignment=ft.Alignment.CENTER,
        bgcolor=theme.GOLD if not archived else ft.Colors.SURFACE_CONTAINER_HIGHEST)


def _stats_line(shell, profile) -> str:
    """Games and wins over all games, from the store's records."""
    try:
        total = rm.summary(shell.state.store.player_record(profile.id))
    except Exception as exc:
        log.warning("cannot read the record of %s: %s", profile.id, exc)
        return ""
    if not total["games"]:
        return shell.t("players.no_games")
    return f'{shell.t("players.games", n=total["games"])} · {shell.t("players.wins", n=total["wins"])}'


def _game_card(shell, game: str) -> ft.Control:
    """A game's statistics, with who leads its rating."""
    t = shell.t
    try:
        top = shell.state.store.leaderboard(game, 1)
    except Exception as exc:
        log.warning("cannot read the leaderboard of %s: %s", game, exc)
        top = []
    line = (f"{fmt.seat_name(top[0], t)} · {rm.rating_text(top[0]['shown'], shell.lang)}" if top
            else t("rec.game_card_none"))
    return ft.Container(ft.Semantics(identifier=f"stats-open-{game}", button=True, content=ft.Container(
        ft.Column([
            ft.Row([ft.Image(src=f"games/{game}.png", width=34, height=34, border_radius=8,
                             fit=ft.BoxFit.COVER),
                    ft.Icon(ft.Icons.INSIGHTS, color=ft.Colors.SECONDARY, size=20)],
                   alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
            theme.title(catalog.title(game, t, shell.lang), 14.5, max_lines=2,
                        overflow=ft.TextOverflow.ELLIPSIS),
            theme.caption(line, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),
        ], spacing=6, tight=True),
        padding=14, ink=True, on_click=lambda e: shell.navigate(f"/stats/{game}"), **ui.CARD)),
        col={"xs": 6, "md": 3})


def _link(shell, identifier: str, icon: str, label: str, hint: str, route: str) -> ft.Control:
    return ft.Container(ft.Semantics(identifier=identifier, button=True, content=ft.Container(
        ft.Row([ft.Icon(icon, color=ft.Colors.SECONDARY),
                ft.Column([theme.title(label, 14.5), theme.caption(hint, max_lines=1,
                                                                   overflow=ft.TextOverflow.ELLIPSIS)],
                          spacing=0, tight=True, expand=True),
                ft.Icon(ft.Icons.CHEVRON_RIGHT, color=ft.Colors.ON_SURFACE_VARIANT)],
               spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        padding=ft.Padding.only(left=14, right=8, top=12, bottom=12), ink=True,
        on_click=lambda e: shell.navigate(route), **ui.CARD)), col={"xs": 12, "md": 6})


def stats_section(shell) -> list[ft.Control]:
    """Every game's statistics, the ratings and head-to-head, one tap away."""
    t = shell.t
    return [
        ft.Container(ft.Column([theme.heading(t("rec.section"), 20), theme.caption(t("rec.section_hint"))],
                               spacing=2, tight=True), padding=ft.Padding.only(top=10)),
        ft.ResponsiveRow([_game_card(shell, g) for g in rm.GAMES], spacing=10, run_spacing=10),
        ft.ResponsiveRow([
            _link(shell, "stats-ratings", ft.Icons.LEADERBOARD_OUTLINED, t("rec.ratings"),
                  t("rec.ratings_hint"), "/ratings"),
            _link(shell, "stats-versus", ft.Icons.COMPARE_ARROWS, t("rec.versus"), t("rec.versus_hint"),
                  "/versus"),
        ], spacing=10, run_spacing=10),
    ]


def computers_section(shell) -> list[ft.Control]:
    """The computer levels that have played, each with its record and its own page."""
    t = shell.t
    bots = [p for p in shell.state.store.list_profiles(include_archived=True) if p.is_bot]
    rows = []
    for p in bots:
        line = _stats_line(shell, p)
        if line == t("players.no_games"):
            continue
        name = ui.name_of(p, t)
        rows.append(ft.Semantics(identifier=f"player-{p.id}", button=True, content=ft.Container(
            ft.Row([ui.avatar(name, True), ft.Column([theme.title(name, 15), theme.caption(line)],
                                                     spacing=2, expand=True, tight=True),
                    ft.Icon(ft.Icons.CHEVRON_RIGHT, color=ft.Colors.ON_SURFACE_VARIANT)],
                   spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            padding=ft.Padding.only(left=12, right=8, top=8, bottom=8), ink=True,
            on_click=lambda e, pid=p.id: shell.navigate(f"/players/{pid}"), **ui.CARD)))
    if not rows:
        return []
    return [ft.Container(ft.Column([theme.heading(t("rec.computers"), 20),
                                    theme.caption(t("rec.computers_hint"))], spacing=2, tight=True),
                         padding=ft.Padding.only(top=10)), *rows]


def player_row(shell, profile, archived: bool = False, origin: str | None = None,
               twin: Any = None) -> ft.Control:
    """One person: name, what they played (after their ``origin`` when another person has the
    name), and rename, archive and, for a ``twin`` of the same name, merge."""
    t = shell.t
    label = t("players.twin", name=profile.name, since=origin) if origin else profile.name
    if archived:
        actions = [ft.TextButton(t("players.restore"), icon=ft.Icons.UNARCHIVE_OUTLINED,
                                 on_click=lambda e, p=profile: restore(shell, p))]
    else:
        # IconButton tooltips do not name the button for screen readers (FLET-NOTES 5.3).
        actions = [*([ft.Semantics(label=f"{t('players.merge')}: {label}", button=True,
                                   content=ft.IconButton(
                                       ft.Icons.CALL_MERGE, tooltip=t("players.merge"),
                                       on_click=lambda e, p=profile: merge(shell, p, twin)))]
                     if twin is not None else []),
            ft.Semantics(label=f"{t('players.rename')}: {profile.name}", button=True, content=ft.IconButton(
                ft.Icons.EDIT_OUTLINED, tooltip=t("players.rename"),
                on_click=lambda e, p=profile: rename(shell, p))),
            ft.Semantics(label=f"{t('players.archive')}: {profile.name}", button=True, content=ft.IconButton(
                ft.Icons.ARCHIVE_OUTLINED, tooltip=t("players.archive"),
                on_click=lambda e, p=profile: archive(shell, p))),
        ]
    return ft.Semantics(identifier=f"player-{profile.id}", content=ft.Container(
        ft.Row([
            ft.Semantics(exclude_semantics=True, content=_avatar(profile.name, archived)),
            ft.Column([theme.title(profile.name, 15, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                       theme.caption(" · ".join(b for b in (origin, _stats_line(shell, profile)) if b))],
                      spacing=2, expand=True, tight=True),
            *actions,
        ], spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST, border_radius=16,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), ink=not archived,
        on_click=None if archived else (lambda e, pid=profile.id: shell.navigate(f"/players/{pid}")),
        padding=ft.Padding.only(left=12, right=6, top=8, bottom=8)))


def create(shell) -> None:
    made = []

    def ok(name: str) -> str | None:
        try:
            made.append(shell.state.store.create_profile(name))
        except Exception as exc:
            return error_text(shell, exc)
        return None

    def done() -> None:
        shell.refresh()
        shell.snack(shell.t("players.created", name=made[-1].name))

    shell.prompt(shell.t("players.new"), shell.t("players.name"), ok, ok_label=shell.t("players.create"),
                 on_done=done)


def rename(shell, profile) -> None:
    def ok(name: str) -> str | None:
        try:
            shell.state.store.rename_profile(profile.id, name)
        except Exception as exc:
            return error_text(shell, exc)
        return None

    shell.prompt(shell.t("players.rename_title", name=profile.name), shell.t("players.name"), ok,
                 initial=profile.name, on_done=shell.refresh)


def archive(shell, profile) -> None:
    def yes():
        try:
            shell.state.store.archive_profile(profile.id, True)
        except Exception as exc:
            shell.snack(error_text(shell, exc), error=True)
            return
        shell.refresh()
        shell.snack(shell.t("players.archived_done", name=profile.name))

    shell.confirm(shell.t("players.archive_title", name=profile.name), shell.t("players.archive_text"),
                  shell.t("players.archive"), yes)


def merge(shell, profile, twin) -> None:
    """Ask whether two profiles of one name are one person; merge the newer into the older."""
    newer, older = sorted((profile, twin), key=lambda p: (p.created_at, p.uuid), reverse=True)
    labels = fmt.people_labels([newer, older], shell.t, shell.lang)

    def yes():
        try:
            shell.state.store.merge_profiles(newer.id, older.id)
        except Exception as exc:
            shell.snack(error_text(shell, exc), error=True)
            return
        shell.refresh()
        shell.snack(shell.t("players.merged", name=older.name))

    shell.confirm(shell.t("players.merge_title", name=labels[newer.id], other=labels[older.id]),
                  shell.t("players.merge_text"), shell.t("players.merge"), yes)


def twins(people: list[Any]) -> dict[int, Any]:
    """For each person whose name another person has, one of those others."""
    by_name: dict[str, list[Any]] = {}
    for p in people:
        by_name.setdefault(p.name.casefold(), []).append(p)
    return {p.id: next(o for o in group if o.id != p.id)
            for group in by_name.values() if len(group) > 1 for p in group}


def restore(shell, profile) -> None:
    try:
        shell.state.store.archive_profile(profile.id, False)
    except Exception as exc:
        shell.snack(error_text(shell, exc), error=True)
        return
    shell.refresh()
    shell.snack(shell.t("players.restored", name=profile.name))


def view(shell) -> ft.View:
    t = shell.t
    active = shell.state.humans()
    archived = [p for p in shell.state.humans(include_archived=True) if p.archived]
    controls: list[ft.Control] = [
        ft.Container(ft.Row([
            ft.Column([theme.heading(t("players.title"), 26), theme.caption(t("players.intro"))],
                      spacing=4, expand=True, tight=True),
            ft.FilledButton(t("players.new"), icon=ft.Icons.PERSON_ADD_ALT_1,
                            on_click=lambda e: create(shell)),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER, wrap=False), padding=ft.Padding.only(top=20)),
    ]
    if active:
        origins, pairs = fmt.people_origins(active, t, shell.lang), twins(active)
        controls += [player_row(shell, p, origin=origins.get(p.id), twin=pairs.get(p.id))
                     for p in active]
    else:
        controls.append(ft.Container(
            ft.Column([ft.Icon(ft.Icons.PEOPLE_OUTLINE, size=48, color=ft.Colors.SECONDARY),
                       theme.body(t("players.empty"), text_align=ft.TextAlign.CENTER)],
                      horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=8),
            padding=30, alignment=ft.Alignment.CENTER, border_radius=16,
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW))
    controls += stats_section(shell) + computers_section(shell)
    if archived:
        controls.append(ft.ExpansionTile(
            title=theme.title(t("players.archived", n=len(archived)), 14),
            subtitle=theme.caption(t("players.archived_hint")),
            leading=ft.Icon(ft.Icons.INVENTORY_2_OUTLINED),
            expanded=False, shape=ft.RoundedRectangleBorder(radius=16),
            collapsed_shape=ft.RoundedRectangleBorder(radius=16),
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW, collapsed_bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            controls=[ft.Container(player_row(shell, p, archived=True), padding=ft.Padding.only(
                left=8, right=8, bottom=8)) for p in archived]))
    controls.append(ft.Container(height=8))
    return shell.top_view("/players", controls, max_width=shell_mod.FORM_MAX)
