"""Colours, fonts and text styles: a deep-green felt table with gold, in light and dark.

Widgets use the theme's semantic colours (``ft.Colors.PRIMARY``, ``SURFACE_CONTAINER``…)
wherever the colour should follow light/dark, and the fixed ``FELT``/``GOLD`` tones
only where the felt look is wanted in both modes (banners, game tiles, the table).
"""

from __future__ import annotations

import flet as ft

# Fonts ship in assets/: Roboto (Flutter's default) has no suit glyphs ♠♥♦♣, and the
# Noto fallback would come from a CDN, which offline web mode cannot reach.
FONTS = {
    "Sans": "fonts/DejaVuSans.ttf",
    "SansBold": "fonts/DejaVuSans-Bold.ttf",
    "Display": "fonts/DejaVuSerif-Bold.ttf",
}
SANS, SANS_BOLD, DISPLAY = "Sans", "SansBold", "Display"

# Fixed brand tones.
FELT = "#1f5a43"
FELT_DARK = "#0f2a1f"
FELT_DEEP = "#0a1d15"
GOLD = "#d9b44a"
GOLD_LIGHT = "#f0d77e"
GOLD_DARK = "#9c7a22"
IVORY = "#fbf6e9"
INK = "#1d1d1f"
CARD_RED = "#c0142e"
BURGUNDY = "#8a1c30"

FELT_GRADIENT = ft.LinearGradient(
    begin=ft.Alignment.TOP_LEFT, end=ft.Alignment.BOTTOM_RIGHT, colors=["#2a6e53", FELT, FELT_DARK])
TABLE_GRADIENT = ft.RadialGradient(center=ft.Alignment(0, -0.3), radius=1.2,
                                   colors=["#2c7056", FELT, FELT_DARK])

LIGHT = ft.ColorScheme(
    primary=FELT, on_primary="#ffffff", primary_container="#cfe6d8", on_primary_container=FELT_DARK,
    # a deeper gold than GOLD_DARK, so small gold text keeps 4.5:1 on the light surfaces
    secondary="#7a5c14", on_secondary="#ffffff", secondary_container="#f3e3b0",
    on_secondary_container="#3b2c00", tertiary=BURGUNDY, on_tertiary="#ffffff",
    tertiary_container="#ffd9dc", on_tertiary_container="#40000c",
    error="#ba1a1a", on_error="#ffffff",
    surface="#fbf7ee", on_surface="#1d1f1c", on_surface_variant="#4f5a52",
    surface_container_lowest="#ffffff", surface_container_low="#f7f2e6",
    surface_container="#f2ecdd", surface_container_high="#ece4d1",
    surface_container_highest="#e5dcc6", outline="#7c857d", outline_variant="#d9cfb6",
    inverse_surface="#2f3430", on_inverse_surface="#f0ede4", inverse_primary=GOLD,
    shadow="#000000", scrim="#000000", surface_tint=FELT,
)
DARK = ft.ColorScheme(
    primary=GOLD, on_primary="#2b2000", primary_container="#5a4710", on_primary_container=GOLD_LIGHT,
    secondary="#9fd4b8", on_secondary="#00382a", secondary_container="#1f4d3a",
    on_secondary_container="#cfe6d8", tertiary="#ffb2ba", on_tertiary="#670020",
    tertiary_container=BURGUNDY, on_tertiary_container="#ffd9dc",
    error="#ffb4ab", on_error="#690005",
    surface="#0d1d16", on_surface="#ece6d6", on_surface_variant="#c0c9bf",
    surface_container_lowest="#08140f", surface_container_low="#11261d",
    surface_container="#152d23", surface_container_high="#1b372b",
    surface_container_highest="#224134", outline="#8a958b", outline_variant="#2f4a40",
    inverse_surface="#ece6d6", on_inverse_surface="#1d1f1c", inverse_primary=FELT,
    shadow="#000000", scrim="#000000", surface_tint=GOLD,
)


def _text_theme(scheme: ft.ColorScheme) -> ft.TextTheme:
    # Colours must be given: a custom text theme without them falls back to black text,
    # which disappears in dark mode.
    ink = scheme.on_surface

    def display(size: float) -> ft.TextStyle:
        return ft.TextStyle(font_family=DISPLAY, size=size, color=ink)

    def bold(size: float) -> ft.TextStyle:
        return ft.TextStyle(font_family=SANS_BOLD, size=size, color=ink)

    return ft.TextTheme(
        display_large=display(48), display_medium=display(38), display_small=display(30),
        headline_large=display(28), headline_medium=display(24), headline_small=display(21),
        title_large=bold(19), title_medium=bold(15.5), title_small=bold(13.5),
        label_large=bold(13.5), label_medium=ft.TextStyle(font_family=SANS, size=12, color=ink),
        label_small=ft.TextStyle(font_family=SANS, size=11, color=ink),
        body_large=ft.TextStyle(font_family=SANS, size=15.5, color=ink),
        body_medium=ft.TextStyle(font_family=SANS, size=14, color=ink),
        body_small=ft.TextStyle(font_family=SANS, size=12, color=scheme.on_surface_variant),
    )


# Every tap target is at least 44 × 44 px (48 dp is Android's guidance). Flutter's defaults on the
# web are 40 px high (desktop density): padding brings buttons and segments to 47–48 px, icon
# buttons to 48 × 48 and switches to 60 × 48. Checked on every screen by tests/e2e/test_layout.py.
MIN_TARGET = 48
BUTTON_PADDING = ft.Padding.symmetric(horizontal=24, vertical=14)
TEXT_BUTTON_PADDING = ft.Padding.symmetric(horizontal=12, vertical=14)
SEGMENT_PADDING = ft.Padding.symmetric(horizontal=10, vertical=14)


def target_padding(horizontal: float) -> ft.Padding:
    """A button's or segment's own side padding, keeping the height of a full tap target."""
    return ft.Padding.symmetric(horizontal=horizontal, vertical=14)


def _target_themes() -> dict:
    return dict(
        icon_button_theme=ft.IconButtonTheme(style=ft.ButtonStyle(padding=12)),
        filled_button_theme=ft.FilledButtonTheme(style=ft.ButtonStyle(padding=BUTTON_PADDING)),
        outlined_button_theme=ft.OutlinedButtonTheme(style=ft.ButtonStyle(padding=BUTTON_PADDING)),
        text_button_theme=ft.TextButtonTheme(style=ft.ButtonStyle(padding=TEXT_BUTTON_PADDING)),
        segmented_button_theme=ft.SegmentedButtonTheme(style=ft.ButtonStyle(padding=SEGMENT_PADDING)),
        switch_theme=ft.SwitchTheme(padding=ft.Padding.symmetric(horizontal=4, vertical=4)),
    )


def build_theme(dark: bool) -> ft.Theme:
    scheme = DARK if dark else LIGHT
    return ft.Theme(
        **_target_themes(),
        color_scheme=scheme,
        font_family=SANS,
        text_theme=_text_theme(scheme),
        scaffold_bgcolor=scheme.surface,
        visual_density=ft.VisualDensity.STANDARD,
        navigation_bar_theme=ft.NavigationBarTheme(
            bgcolor=scheme.surface_container_low, indicator_color=scheme.secondary_container if not dark
            else scheme.primary_container, elevation=3, height=72,
            label_text_style=ft.TextStyle(font_family=SANS_BOLD, size=11.5)),
        navigation_rail_theme=ft.NavigationRailTheme(
            bgcolor=scheme.surface_container_low,
            indicator_color=scheme.secondary_container if not dark else scheme.primary_container,
            selected_label_text_style=ft.TextStyle(font_family=SANS_BOLD, size=12.5, color=scheme.on_surface),
            unselected_label_text_style=ft.TextStyle(font_family=SANS, size=12.5,
                                                     color=scheme.on_surface_variant)),
        appbar_theme=ft.AppBarTheme(bgcolor=FELT_DARK, color=IVORY,
                                    title_text_style=ft.TextStyle(font_family=DISPLAY, size=20, color=IVORY)),
        card_theme=ft.CardTheme(color=scheme.surface_container_lowest, elevation=1.5,
                                shape=ft.RoundedRectangleBorder(radius=18)),
        divider_theme=ft.DividerTheme(color=scheme.outline_variant, thickness=1, space=1),
    )


def apply(page: ft.Page, mode: str) -> None:
    """Set fonts and both themes on a page; ``mode`` is ``light``, ``dark`` or ``system``."""
    page.fonts = FONTS
    page.theme = build_theme(False)
    page.dark_theme = build_theme(True)
    page.theme_mode = {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}.get(mode, ft.ThemeMode.SYSTEM)


# --- text helpers: one place decides the typography hierarchy -----------------------------------


def display(value: str, size: float = 30, color: str | None = None, **kw) -> ft.Text:
    return ft.Text(value, font_family=DISPLAY, size=size, color=color, **kw)


def heading(value: str, size: float = 19, color: str | None = None, **kw) -> ft.Text:
    return ft.Text(value, font_family=DISPLAY, size=size, color=color or ft.Colors.ON_SURFACE, **kw)


def title(value: str, size: float = 15.5, color: str | None = None, **kw) -> ft.Text:
    return ft.Text(value, font_family=SANS_BOLD, size=size, color=color or ft.Colors.ON_SURFACE, **kw)


def body(value: str, size: float = 14, color: str | None = None, **kw) -> ft.Text:
    return ft.Text(value, font_family=SANS, size=size, color=color or ft.Colors.ON_SURFACE, **kw)


def caption(value: str, size: float = 12.5, color: str | None = None, **kw) -> ft.Text:
    return ft.Text(value, font_family=SANS, size=size, color=color or ft.Colors.ON_SURFACE_VARIANT, **kw)


def section_label(value: str) -> ft.Text:
    """Small caps-like section header in gold (secondary) tone."""
    return ft.Text(value.upper(), font_family=SANS_BOLD, size=12, color=ft.Colors.SECONDARY,
                   style=ft.TextStyle(letter_spacing=1.4))
