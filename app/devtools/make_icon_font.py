"""Write the app's own Material Icons font: only the icons it draws (``python -m app.devtools.make_icon_font``).

The web client loads every font of its FontManifest before it draws anything; Flet's
Material Icons font is 1.26 MB with 8,600 glyphs, of which the app draws about a hundred.
This keeps the icons the app names (every ``ft.Icons`` member written under ``app/``) and those
Flutter's own widgets draw (``FLUTTER_ICONS``), about 16 KB, and
``assets/assets/FontManifest.json`` points the ``MaterialIcons`` family at it. Run it after
using a new icon; ``tests/test_app_icon_font.py`` fails until then. Needs fontTools (in the
test extras).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FONT = ROOT / "assets" / "fonts" / "MaterialIcons-Hofstaat.otf"
# Drawn by Flutter's widgets themselves: back buttons, dropdowns and menus, expansion tiles,
# snack bars, text fields, pickers.
FLUTTER_ICONS = (
    "arrow_back", "arrow_back_ios", "arrow_back_ios_new", "arrow_forward", "arrow_drop_down", "arrow_drop_up",
    "close", "cancel", "more_vert", "more_horiz", "expand_more", "expand_less", "check", "menu", "search",
    "clear", "arrow_upward", "arrow_downward", "keyboard_arrow_down", "keyboard_arrow_up", "keyboard_arrow_left",
    "keyboard_arrow_right", "chevron_left", "chevron_right", "visibility", "visibility_off", "error", "info",
    "warning", "edit", "calendar_today",
)
STYLES = ("outlined", "rounded", "sharp")


def source_font() -> Path:
    import flet_web

    return Path(flet_web.__file__).parent / "web" / "assets" / "fonts" / "MaterialIcons-Regular.otf"


def used_icons(root: Path = ROOT / "app") -> set[str]:
    """Every ``ft.Icons`` member written in the app's code, as a lower-case name."""
    names: set[str] = set()
    for path in root.rglob("*.py"):
        names.update(m.lower() for m in re.findall(r"\bft\.Icons\.([A-Z0-9_]+)", path.read_text()))
    return names


def glyph_name(icon: str) -> str:
    """The font's glyph for an icon name: ``home`` → ``home_baseline``, ``home_outlined`` stays,
    and a name that starts with a digit gets a leading underscore (``_10k_baseline``)."""
    base, style = icon, "baseline"
    for s in STYLES:
        if icon.endswith("_" + s):
            base, style = icon[: -len(s) - 1], s
    name = f"{base}_{style}"
    return "_" + name if name[0].isdigit() else name


def wanted_glyphs() -> list[str]:
    return sorted({glyph_name(i) for i in used_icons() | set(FLUTTER_ICONS)})


def main() -> int:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(source_font())
    have = set(font.getGlyphOrder())
    glyphs = wanted_glyphs()
    missing = [g for g in glyphs if g not in have]
    if missing:
        sys.stderr.write(f"make_icon_font: not in Material Icons: {', '.join(missing)}\n")
        return 2
    options = subset.Options()
    options.glyph_names = True  # the test reads them back
    options.notdef_outline = True
    options.layout_features = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(glyphs=glyphs)
    subsetter.subset(font)
    font.save(FONT)
    print(f"{FONT.relative_to(ROOT)}: {len(glyphs)} icons, {FONT.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
