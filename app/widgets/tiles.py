"""Home-screen building blocks: the illustrated game tile and the "continue" row."""

from __future__ import annotations

from typing import Callable

import flet as ft

from app import theme

TITLE_SIZE = 18
TITLE_LEADING = 1.2
TAGLINE_SIZE = 12.5
TAGLINE_LEADING = 1.3
# Advance widths in em of the shipped DejaVu faces (measured from the font files), by kind of
# character: narrow, t/f/r, m/w, space, capital, digit, other.
_EM = {"sans": (0.29, 0.40, 0.90, 0.32, 0.68, 0.64, 0.60),
       "serif_bold": (0.37, 0.48, 0.96, 0.35, 0.80, 0.70, 0.66)}


def text_width(text: str, size: float, face: str = "sans") -> float:
    """About how wide ``text`` is in pixels (rounded up a little, so estimates err towards wrapping)."""
    narrow, tfr, wide, space, cap, digit, other = _EM[face]
    total = 0.0
    for c in text:
        total += (narrow if c in "ilj.,:;'!|()" else tfr if c in "tfr" else wide if c in "mwMW"
                  else space if c == " " else digit if c.isdigit() else cap if c.isupper() else other)
    return total * size * 1.04


def line_count(text: str, width: float, size: float, face: str = "sans") -> int:
    """How many lines ``text`` wraps into at ``width`` pixels (greedy, at spaces)."""
    lines, current = 1, ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if current and text_width(trial, size, face) > width:
            lines, current = lines + 1, word
        else:
            current = trial
    return lines


def tile_text_layout(titles: list[str], taglines: list[str], width: float) -> tuple[float, int, int]:
    """(title size, title lines, tagline lines) so that every tile of a grid shows its texts whole.

    Titles shrink (down to 15 px) to stay on one line, else take two; taglines get as many
    lines as the longest needs. Each is the same for all tiles, so that a row lines up.
    """
    size = TITLE_SIZE
    while size > 15 and any(text_width(x, size, "serif_bold") > width for x in titles):
        size -= 0.5
    title_lines = min(2, max(line_count(x, width, size, "serif_bold") for x in titles)) if titles else 1
    lines = max([line_count(x, width, TAGLINE_SIZE) for x in taglines] + [2])
    return size, title_lines, min(lines, 6)


def felt_art(src: str, height: float, dimmed: bool = False, radius: float = 0) -> ft.Container:
    """A game illustration on the green felt, with a faint gold inner line."""
    return ft.Container(
        content=ft.Image(src=src, fit=ft.BoxFit.CONTAIN, opacity=0.45 if dimmed else 1.0),
        height=height, gradient=theme.FELT_GRADIENT, alignment=ft.Alignment.CENTER,
        padding=ft.Padding.symmetric(horizontal=10, vertical=8),
        border_radius=ft.BorderRadius.only(top_left=radius, top_right=radius) if radius else None)


def ribbon(text: str) -> ft.Container:
    return ft.Container(
        ft.Text(text.upper(), font_family=theme.SANS_BOLD, size=11, color=theme.FELT_DARK,
                style=ft.TextStyle(letter_spacing=1.2)),
        bgcolor=theme.GOLD, padding=ft.Padding.symmetric(horizontal=10, vertical=4),
        border_radius=ft.BorderRadius.only(bottom_left=12), right=0, top=0)


def chip(icon: str, text: str) -> ft.Control:
    return ft.Container(
        ft.Row([ft.Icon(icon, size=15, color=ft.Colors.SECONDARY),
                ft.Text(text, font_family=theme.SANS_BOLD, size=12, color=ft.Colors.ON_SURFACE_VARIANT)],
               spacing=5, tight=True),
        bgcolor=ft.Colors.SURFACE_CONTAINER, border_radius=20,
        padding=ft.Padding.symmetric(horizontal=10, vertical=5))


def game_tile(*, name: str, title: str, tagline: str, players: str, art: str, available: bool,
              soon_label: str, on_open: Callable[[], None] | None, art_height: float = 124,
              title_size: float = TITLE_SIZE, title_lines: int = 1, tagline_lines: int = 3) -> ft.Control:
    """A large tile for one game; unavailable games are dimmed, marked and not tappable."""
    radius = 20
    art_box = ft.Stack([felt_art(art, art_height, dimmed=not available, radius=radius)]
                       + ([] if available else [ribbon(soon_label)]), height=art_height)
    text = ft.Container(
        ft.Column([
            ft.Text(title, font_family=theme.DISPLAY, size=title_size, color=ft.Colors.ON_SURFACE,
                    max_lines=title_lines, overflow=ft.TextOverflow.ELLIPSIS,
                    height=title_lines * title_size * TITLE_LEADING + 2, style=ft.TextStyle(height=TITLE_LEADING)),
            # The same height for every tile (as many lines as the longest tagline needs),
            # so tiles in a row line up.
            ft.Text(tagline, font_family=theme.SANS, size=TAGLINE_SIZE, color=ft.Colors.ON_SURFACE_VARIANT,
                    max_lines=tagline_lines, overflow=ft.TextOverflow.ELLIPSIS,
                    height=tagline_lines * TAGLINE_SIZE * TAGLINE_LEADING + 4,
                    style=ft.TextStyle(height=TAGLINE_LEADING)),
            chip(ft.Icons.PERSON_OUTLINE if players.startswith("1") else ft.Icons.PEOPLE_OUTLINE, players),
        ], spacing=6, tight=True),
        padding=ft.Padding.only(left=12, right=12, top=10, bottom=12))
    tile = ft.Container(
        ft.Column([art_box, text], spacing=0, tight=True),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST, border_radius=radius,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        shadow=[ft.BoxShadow(blur_radius=10, offset=ft.Offset(0, 3),
                             color=ft.Colors.with_opacity(0.12, "#000000"))],
        clip_behavior=ft.ClipBehavior.ANTI_ALIAS,
        on_click=(lambda e: on_open()) if available and on_open else None,
        ink=available,
        opacity=1.0 if available else 0.85,
    )
    # The tile's texts form its accessible name; the identifier gives tests a stable handle.
    return ft.Semantics(identifier=f"tile-{name}", content=tile)


def _thumb(art: str, width: float = 64, height: float = 52) -> ft.Control:
    return ft.Container(ft.Image(src=art, fit=ft.BoxFit.CONTAIN), width=width, height=height,
                        gradient=theme.FELT_GRADIENT, border_radius=12 if width > 50 else 9,
                        padding=4)


def _lines(title: str, *rest: str) -> ft.Column:
    """A game's name in bold over one or two quieter lines, each wrapping to two lines at most."""
    sizes = [(theme.SANS, 13, ft.Colors.ON_SURFACE), (theme.SANS, 12, ft.Colors.ON_SURFACE_VARIANT)]
    return ft.Column([
        ft.Text(title, font_family=theme.SANS_BOLD, size=15, color=ft.Colors.ON_SURFACE,
                max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
        *[ft.Text(text, font_family=font, size=size, color=color, max_lines=2,
                  overflow=ft.TextOverflow.ELLIPSIS) for text, (font, size, color) in zip(rest, sizes)],
    ], spacing=1, expand=True, tight=True)


def continue_row(*, game_id: int, title: str, who: str, when: str, art: str,
                 on_open: Callable[[], None], resume_label: str,
                 menu: ft.Control | None = None, show_play: bool = True,
                 ident: str | None = None) -> ft.Control:
    """One unfinished game: tap anywhere to resume; ``menu`` (a ⋮ button) sits at the end;
    ``ident`` names it for tests and screen readers (default ``continue-<id>``)."""
    play = ft.Container(ft.Icon(ft.Icons.PLAY_ARROW_ROUNDED, color=theme.FELT_DARK, size=26),
                        bgcolor=theme.GOLD, width=42, height=42, border_radius=21,
                        alignment=ft.Alignment.CENTER, tooltip=resume_label)
    row = ft.Container(
        ft.Row([_thumb(art), _lines(title, who, when)] + ([play] if show_play else [])
               + ([menu] if menu else []), spacing=12 if menu is None else 8,
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST, border_radius=16,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        # the menu button brings its own inset
        padding=ft.Padding.only(left=10, right=12 if menu is None else 2, top=10, bottom=10),
        on_click=lambda e: on_open(), ink=True)
    return ft.Semantics(identifier=ident or f"continue-{game_id}", content=row)


def archived_row(*, game_id: int, title: str, who: str, when: str, art: str,
                 open_label: str, on_open: Callable[[], None], restore_label: str,
                 on_restore: Callable[[], None]) -> ft.Control:
    """One archived game with its two ways back: continue playing it, or restore it to the list."""
    shape = ft.RoundedRectangleBorder(radius=12)
    # Two equal buttons side by side; icons would not leave the words room on a phone.
    actions = ft.Row([
        ft.OutlinedButton(open_label, on_click=lambda e: on_open(), expand=True, height=44,
                          style=ft.ButtonStyle(shape=shape)),
        ft.FilledTonalButton(restore_label, on_click=lambda e: on_restore(), expand=True,
                             height=44, style=ft.ButtonStyle(shape=shape)),
    ], spacing=8)
    card = ft.Container(
        ft.Column([ft.Row([_thumb(art, 52, 44), _lines(title, who, when)], spacing=12,
                          vertical_alignment=ft.CrossAxisAlignment.CENTER), actions],
                  spacing=10, tight=True),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST, border_radius=16,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), padding=10)
    return ft.Semantics(identifier=f"archived-{game_id}", content=card)


def game_chip(*, title: str, who: str, art: str) -> ft.Control:
    """A small reminder of which game a dialog is about: its picture, name and players."""
    return ft.Container(
        ft.Row([_thumb(art, 44, 36), _lines(title, who)], spacing=10,
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=ft.Colors.SURFACE_CONTAINER, border_radius=12, padding=8)
