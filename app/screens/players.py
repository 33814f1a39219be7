"""Players: create, rename and archive people; archived ones stay restorable, nothing is deleted."""

from __future__ import annotations

import flet as ft

from app import shell as shell_mod, theme


def _avatar(name: str, archived: bool = False) -> ft.Control:
    initial = (name[:1] or "?").upper()
    return ft.Container(
        ft.Text(initial, font_family=theme.DISPLAY, size=18,
                color=theme.FELT_DARK if not archived else ft.Colors.ON_SURFACE_VARIANT),
        width=42, height=42, border_radius=21, alignment=ft.Alignment.CENTER,
        bgcolor=theme.GOLD if not archived else ft.Colors.SURFACE_CONTAINER_HIGHEST)


def _stats_line(shell, profile) -> str:
    """Games and wins over all games, from the store's statistics."""
    from app import catalog

    games = wins = 0
    for e in catalog.entries():
        if not e.available:
            continue
        try:
            st = shell.state.store.stats(e.name, profile_id=profile.id)
        except Exception:
            continue
        games += int(st.get("games", 0) or 0)
        wins += int(st.get("wins", 0) or 0)
    if not games:
        return shell.t("players.no_games")
    return f'{shell.t("players.games", n=games)} · {shell.t("players.wins", n=wins)}'


def player_row(shell, profile, archived: bool = False) -> ft.Control:
    t = shell.t
    if archived:
        actions = [ft.TextButton(t("players.restore"), icon=ft.Icons.UNARCHIVE_OUTLINED,
                                 on_click=lambda e, p=profile: restore(shell, p))]
    else:
        # IconButton tooltips do not name the button for screen readers (FLET-NOTES 5.3).
        actions = [
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
                       theme.caption(_stats_line(shell, profile))], spacing=2, expand=True, tight=True),
            *actions,
        ], spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST, border_radius=16,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        padding=ft.Padding.only(left=12, right=6, top=8, bottom=8)))


def error_text(shell, exc: Exception) -> str:
    key = getattr(exc, "key", None)
    params = getattr(exc, "params", {}) or {}
    if key:
        text = shell.t(f"store.{key}", _default="", **params)
        if text:
            return text
    return str(exc)


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
        controls += [player_row(shell, p) for p in active]
    else:
        controls.append(ft.Container(
            ft.Column([ft.Icon(ft.Icons.PEOPLE_OUTLINE, size=48, color=ft.Colors.SECONDARY),
                       theme.body(t("players.empty"), text_align=ft.TextAlign.CENTER)],
                      horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=8),
            padding=30, alignment=ft.Alignment.CENTER, border_radius=16,
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW))
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
    return shell.top_view("/players", controls, max_width=shell_mod.FORM_MAX)
