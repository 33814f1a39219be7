"""Home: the four games as illustrated tiles and the unfinished games to continue."""

from __future__ import annotations

import logging

import flet as ft

from app import catalog, theme
from app.screens import continue_list
from app.widgets import tiles

log = logging.getLogger(__name__)


def header(shell) -> ft.Control:
    """The felt banner with the crown and the app's name."""
    wide = shell.wide
    crest = ft.Image(src="crest.png", width=64 if wide else 52, height=64 if wide else 52)
    words = ft.Column([
        theme.display("Hofstaat", 34 if wide else 29, color=theme.GOLD_LIGHT),
        ft.Text(shell.t("home.subtitle"), font_family=theme.SANS, size=14, color=theme.IVORY,
                opacity=0.9),
    ], spacing=2, tight=True)
    return ft.Container(
        ft.Stack([
            # a large faint crown as a watermark on the right
            ft.Container(ft.Image(src="crest.png", width=170, height=170, opacity=0.10),
                         right=-30, top=-34),
            ft.Container(ft.Row([crest, words], spacing=14,
                                vertical_alignment=ft.CrossAxisAlignment.CENTER),
                         padding=ft.Padding.only(left=28 if wide else 18, right=18,
                                                 top=26 if wide else 22, bottom=24)),
        ], clip_behavior=ft.ClipBehavior.HARD_EDGE),
        gradient=theme.FELT_GRADIENT,
        border=ft.Border.only(bottom=ft.BorderSide(3, theme.GOLD)),
    )


def tile_text_width(shell) -> float:
    """The width of a game tile's texts: two tiles a row, four from 992 px (the grid's "lg")."""
    columns = 4 if shell.width >= 992 else 2
    pad = 28 if shell.wide else 16
    row = min(shell.width - (93 if shell.wide else 0) - 2 * pad, 1120)
    return (row - (columns - 1) * 12) / columns - 26  # tile padding and border


def games_section(shell) -> list[ft.Control]:
    tiles_: list[ft.Control] = []
    art_height = 190 if shell.wide else 118
    entries = catalog.entries()
    titles = [catalog.title(e.name, shell.t, shell.lang) for e in entries]
    taglines = [catalog.tagline(e.name, shell.t, shell.lang) for e in entries]
    title_size, title_lines, lines = tiles.tile_text_layout(titles, taglines, tile_text_width(shell))
    for e, title, tagline in zip(entries, titles, taglines):
        tile = tiles.game_tile(
            name=e.name, title=title, tagline=tagline,
            players=e.players_label(shell.t), art=e.art, available=e.available,
            soon_label=shell.t("home.soon"), art_height=art_height, title_size=title_size,
            title_lines=title_lines, tagline_lines=lines,
            on_open=lambda n=e.name: shell.navigate(f"/new/{n}"))
        tiles_.append(ft.Container(tile, col={"xs": 6, "lg": 3}))
    return [ft.Container(theme.section_label(shell.t("home.games")), padding=ft.Padding.only(top=18)),
            ft.ResponsiveRow(tiles_, spacing=12, run_spacing=12)]


def notice_section(shell) -> list[ft.Control]:
    """The store's notice (a damaged file kept aside), until someone taps OK.

    A card in the screen rather than a dialog: a dialog opened while the first screen is
    still being built can be lost on the client, and this notice must not be missed.
    """
    store = shell.state.store
    if not getattr(store, "notice", None):
        return []
    # The store sets notice, notice_key and moved_to together; the key names the i18n text.
    text = shell.t(f"notice.{store.notice_key}", path=str(store.moved_to))

    def confirm(e) -> None:
        store.confirm_notice()
        shell.route_change()

    return [ft.Container(
        ft.Column([
            ft.Row([ft.Icon(ft.Icons.WARNING_AMBER_ROUNDED, color=theme.BURGUNDY),
                    theme.heading(shell.t("notice.title"), 18)], spacing=10),
            theme.body(text),
            ft.Row([ft.FilledButton(shell.t("ok"), on_click=confirm)], alignment=ft.MainAxisAlignment.END),
        ], spacing=8, tight=True),
        padding=16, margin=ft.Margin.only(top=16), border_radius=14,
        bgcolor=ft.Colors.ERROR_CONTAINER, border=ft.Border.all(1, theme.BURGUNDY))]


def view(shell) -> ft.View:
    # On a circle's server: the member's tables with the others first.
    circle = shell.state.circle.home_section(shell) if hasattr(shell.state.circle, "home_section") \
        else []
    controls = notice_section(shell) + circle + continue_list.section(shell) + games_section(shell) \
        + [ft.Container(height=8)]
    return shell.top_view("/", controls, header=header(shell))
