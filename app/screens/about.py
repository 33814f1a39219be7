"""About: version, credits and where the data lives."""

from __future__ import annotations

from importlib import metadata

import flet as ft

from app import shell as shell_mod, theme


def version() -> str:
    try:
        return metadata.version("hofstaat")
    except metadata.PackageNotFoundError:  # running from a source tree that was not installed
        return "0.1.0"


def _card(title: str, lines: list[str], icon: str, selectable: bool = False) -> ft.Control:
    return ft.Container(
        ft.Row([
            ft.Container(ft.Icon(icon, color=theme.FELT_DARK, size=22), bgcolor=theme.GOLD, width=40, height=40,
                         border_radius=20, alignment=ft.Alignment.CENTER),
            ft.Column([theme.title(title, 15)] + [theme.body(x, 13.5, selectable=selectable) for x in lines],
                      spacing=4, expand=True, tight=True),
        ], spacing=14, vertical_alignment=ft.CrossAxisAlignment.START),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST, border_radius=18,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), padding=16)


def _location(shell) -> ft.Control:
    """Where the data file is, behind a toggle: support may need it, nobody else."""
    path = str(getattr(shell.state.store, "location", "") or "—")
    # Only the path is selectable (so it can be copied); selectable text reads as a
    # disabled text box to screen readers, which is why nothing else is.
    line = ft.Container(theme.body(path, 12.5, selectable=True, color=ft.Colors.ON_SURFACE_VARIANT),
                        visible=False, padding=ft.Padding.only(left=16, right=16, bottom=8))

    def toggle(e) -> None:
        line.visible = not line.visible
        button.content = shell.t("about.hide_details" if line.visible else "about.details")
        button.icon = ft.Icons.EXPAND_LESS if line.visible else ft.Icons.EXPAND_MORE

    button = ft.TextButton(shell.t("about.details"), icon=ft.Icons.EXPAND_MORE, on_click=toggle)
    return ft.Column([ft.Row([button], alignment=ft.MainAxisAlignment.END), line], spacing=0, tight=True)


def view(shell) -> ft.View:
    t = shell.t
    hero = ft.Container(
        ft.Column([
            ft.Image(src="crest.png", width=92, height=92),
            theme.display("Hofstaat", 30, color=theme.GOLD_LIGHT),
            ft.Text(t("about.version", version=version()), color=theme.IVORY, size=13),
            ft.Text(t("home.subtitle"), color=theme.IVORY, size=13, opacity=0.9,
                    text_align=ft.TextAlign.CENTER),
        ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=6, tight=True),
        gradient=theme.FELT_GRADIENT, border_radius=22, padding=22, margin=ft.Margin.only(top=20),
        border=ft.Border.all(2, theme.GOLD))
    controls = [
        hero,
        _card(t("about.credits"), [t("about.credit_thronfolge"), t("about.credit_spies"),
                                   t("about.credit_rosenkrieg"), t("about.credit_kings")],
              ft.Icons.AUTO_STORIES_OUTLINED),
        _card(t("about.fonts"), [t("about.font_dejavu")], ft.Icons.TEXT_FIELDS),
        _card(t("about.art"), [t("about.art_text")], ft.Icons.PALETTE_OUTLINED),
        _card(t("about.data"), [t("about.data_text")], ft.Icons.STORAGE_OUTLINED),
        _location(shell),
    ]
    return shell.top_view("/about", controls, max_width=shell_mod.FORM_MAX)
