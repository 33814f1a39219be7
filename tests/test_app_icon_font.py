"""The app's own cut of the Material Icons font holds every icon it draws.

The web client loads the fonts of ``assets/assets/FontManifest.json`` before its first frame;
the app ships only the icons it uses (``app.devtools.make_icon_font``). An icon missing from
that font would be drawn as nothing, so every ``ft.Icons`` member in the app's code, and every
icon Flutter's own widgets draw, must be in it.
"""

from __future__ import annotations

import json
from pathlib import Path

import flet as ft
from fontTools.ttLib import TTFont

from app.devtools import make_icon_font as mif

ROOT = Path(__file__).resolve().parents[1]


def font_glyphs() -> set[str]:
    return set(TTFont(mif.FONT).getGlyphOrder())


def test_every_icon_the_app_names_is_in_its_icon_font():
    used = mif.used_icons()
    assert {"undo", "home_outlined", "lightbulb_outline"} <= used  # the scan finds the app's icons
    missing = sorted(i for i in used | set(mif.FLUTTER_ICONS) if mif.glyph_name(i) not in font_glyphs())
    assert not missing, f"run python -m app.devtools.make_icon_font (missing: {missing})"


def test_every_named_icon_is_a_real_flet_icon_and_its_glyph_is_the_flutter_one():
    font = TTFont(mif.FONT)
    by_glyph = {g: cp for cp, g in font.getBestCmap().items()}
    full = TTFont(mif.source_font()).getBestCmap()
    for icon in mif.used_icons():
        assert hasattr(ft.Icons, icon.upper())
        glyph = mif.glyph_name(icon)
        # the same code point as in Flet's full font, which the client asks for
        assert full[by_glyph[glyph]] == glyph


def test_glyph_names_follow_the_fonts_naming():
    assert mif.glyph_name("home") == "home_baseline"
    assert mif.glyph_name("home_outlined") == "home_outlined"
    assert mif.glyph_name("10k") == "_10k_baseline"


def test_the_font_manifest_loads_the_cut_font_and_it_is_small():
    manifest = json.loads((ROOT / "assets" / "assets" / "FontManifest.json").read_text())
    icons = next(f for f in manifest if f["family"] == "MaterialIcons")
    path = (ROOT / "assets" / "assets" / icons["fonts"][0]["asset"]).resolve()
    assert path == mif.FONT.resolve() and path.stat().st_size < 100_000
    assert len(font_glyphs()) < 300  # not the whole font (8,600 glyphs)


def test_the_scan_reads_every_icon_name_written_in_a_file(tmp_path):
    (tmp_path / "a.py").write_text("x = ft.Icons.UNDO\n# ft.Icons.CLOSE_ROUNDED too\ny = ft.Icons\n")
    assert mif.used_icons(tmp_path) == {"undo", "close_rounded"}
