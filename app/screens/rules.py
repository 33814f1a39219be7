"""Rules: one page per game, written in our own words (app/rules_text/<game>.<lang>.md).

ft.Markdown renders offline in web mode (tables included) as long as the theme
font covers every glyph; the DejaVu theme font has the suit symbols. Markdown cannot
colour a glyph, so red cards (♥, ♦ with their rank, "K♥") are marked as inline code
before rendering (the rules use no code) and the style sheet draws code as plain red text.
"""

from __future__ import annotations

import re
from pathlib import Path

import flet as ft

from app import catalog, shell as shell_mod, theme
from app.tables.kit import guide_offer
from app.widgets.after_close import AfterClose

RULES_DIR = Path(__file__).resolve().parent.parent / "rules_text"

RANK = r"(?:10|[2-9AKQJBD])"
RED_CARD = re.compile(rf"{RANK}?[♥♦]{RANK}?")
# Red of the cards, with at least 4.5:1 contrast on the light and on the dark surface.
RED_ON_LIGHT = theme.CARD_RED
RED_ON_DARK = "#ff7b86"


def rules_markdown(game: str, lang: str) -> str | None:
    """The rules text of a game in a language (English as fallback), or None."""
    for code in (lang, "en", "de"):
        path = RULES_DIR / f"{game}.{code}.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return None


def colour_suits(text: str) -> str:
    """Mark every red card (``♥7``, ``K♦``, a lone ``♥``) so the style sheet can draw it red."""
    return RED_CARD.sub(lambda m: f"`{m.group(0)}`", text)


def is_dark(page: ft.Page) -> bool:
    mode = getattr(page, "theme_mode", None)
    if mode == ft.ThemeMode.DARK:
        return True
    if mode == ft.ThemeMode.LIGHT:
        return False
    return getattr(page, "platform_brightness", None) == ft.Brightness.DARK


def rules_view(text: str, dark: bool, **kw) -> ft.Markdown:
    """The rules as Markdown, with red cards in red."""
    return ft.Markdown(colour_suits(text), extension_set=ft.MarkdownExtensionSet.GITHUB_WEB, selectable=False,
                       md_style_sheet=_style_sheet(RED_ON_DARK if dark else RED_ON_LIGHT), **kw)


def _style_sheet(red: str) -> ft.MarkdownStyleSheet:
    def h(size: float) -> ft.TextStyle:
        return ft.TextStyle(font_family=theme.DISPLAY, size=size, color=ft.Colors.ON_SURFACE)

    return ft.MarkdownStyleSheet(
        h1_text_style=h(26), h2_text_style=ft.TextStyle(font_family=theme.DISPLAY, size=19,
                                                        color=ft.Colors.SECONDARY),
        h3_text_style=ft.TextStyle(font_family=theme.SANS_BOLD, size=15.5, color=ft.Colors.ON_SURFACE),
        h2_padding=ft.Padding.only(top=14, bottom=2),
        p_text_style=ft.TextStyle(font_family=theme.SANS, size=14.5, height=1.45, color=ft.Colors.ON_SURFACE),
        strong_text_style=ft.TextStyle(font_family=theme.SANS_BOLD),
        # the red cards (see colour_suits): the body font, no background, just the colour
        # (its size is its own, not the surrounding text's: 14 sits between body 14.5 and tables 13.5)
        code_text_style=ft.TextStyle(font_family=theme.SANS, size=14, color=red, bgcolor=ft.Colors.TRANSPARENT),
        list_bullet_text_style=ft.TextStyle(color=ft.Colors.SECONDARY, font_family=theme.SANS_BOLD),
        table_head_text_style=ft.TextStyle(font_family=theme.SANS_BOLD, size=13.5, color=ft.Colors.ON_SURFACE),
        table_body_text_style=ft.TextStyle(font_family=theme.SANS, size=13.5, color=ft.Colors.ON_SURFACE),
        table_cells_padding=ft.Padding.symmetric(horizontal=8, vertical=6),
        blockquote_decoration=ft.BoxDecoration(bgcolor=ft.Colors.SURFACE_CONTAINER,
                                               border_radius=10,
                                               border=ft.Border.only(left=ft.BorderSide(4, theme.GOLD))),
        blockquote_padding=ft.Padding.all(12),
        block_spacing=10,
    )


def _game_row(shell, e) -> ft.Control:
    title = catalog.title(e.name, shell.t, shell.lang)
    return ft.Semantics(identifier=f"rules-{e.name}", content=ft.Container(
        ft.Row([
            ft.Container(ft.Image(src=e.art, fit=ft.BoxFit.CONTAIN), width=76, height=56,
                         gradient=theme.FELT_GRADIENT, border_radius=12, padding=4),
            ft.Column([theme.title(title, 15.5),
                       theme.caption(shell.t(f"rules.summary.{e.name}"), max_lines=3,
                                     overflow=ft.TextOverflow.ELLIPSIS)],
                      spacing=3, expand=True, tight=True),
            ft.Icon(ft.Icons.CHEVRON_RIGHT, color=ft.Colors.SECONDARY),
        ], spacing=14, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST, border_radius=16,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), padding=10, ink=True,
        on_click=lambda ev, n=e.name: shell.navigate(f"/rules/{n}")))


def view(shell) -> ft.View:
    controls: list[ft.Control] = [
        ft.Container(ft.Column([theme.heading(shell.t("rules.title"), 26),
                                theme.caption(shell.t("rules.intro"))], spacing=4),
                     padding=ft.Padding.only(top=20)),
    ]
    controls += [_game_row(shell, e) for e in catalog.entries()]
    return shell.top_view("/rules", controls, max_width=shell_mod.FORM_MAX)


def game_view(shell, game: str) -> ft.View:
    text = rules_markdown(game, shell.lang)
    title = catalog.title(game, shell.t, shell.lang) if catalog.entry(game) else game
    if text is None:
        body: ft.Control = theme.body(shell.t("rules.missing"))
    else:
        body = rules_view(text, is_dark(shell.page), fit_content=True)
    controls = [*guide_offer.rules_card(shell, game), ft.Container(body, padding=ft.Padding.only(top=12, bottom=24))]
    return shell.sub_view(f"/rules/{game}", shell.t("rules.of", game=title), controls,
                          max_width=shell_mod.TEXT_MAX)


def show_dialog(shell, game: str, guided: bool = True) -> None:
    """The rules over the table, so reading them does not leave the game; ``guided``: with the
    offer to play the guided first game (not on a guest's phone, which starts no game)."""
    text = rules_markdown(game, shell.lang) or shell.t("rules.missing")
    body = rules_view(text, is_dark(shell.page))
    width = min(680, (shell.page.width or 400) - 32)
    after = AfterClose(shell.page)
    shell.page.show_dialog(ft.AlertDialog(
        title=theme.heading(catalog.title(game, shell.t, shell.lang), 20),
        content=ft.Container(ft.Column([body], scroll=ft.ScrollMode.AUTO, tight=True), width=width,
                             height=(shell.page.height or 700) * 0.7),
        actions=[*(guide_offer.rules_action(shell, game, after.close_then) if guided else []),
                 ft.TextButton(shell.t("close"), on_click=lambda e: shell.close_dialog())],
        on_dismiss=after.dismissed, inset_padding=ft.Padding.symmetric(horizontal=12, vertical=24)))
