"""How wide a text is in the fonts the app ships, for layouts that choose a size or a shorter
wording before Flutter would cut a text off.

The advance widths are read from the TTF files in ``assets/fonts`` (``cmap``, ``hmtx``), once
per face. Kerning is left out, which errs towards "does not fit" by about a percent. Flutter
adds the style's letter spacing after every character: Material 3 gives plain texts 0.25 px
(``BODY_SPACING``); a button's own text style, a title in the app bar and the app's display
texts have none.
"""

from __future__ import annotations

import struct
from functools import lru_cache
from pathlib import Path

from app import theme

FONT_DIR = Path(__file__).resolve().parent.parent / "assets" / "fonts"
BODY_SPACING = 0.25


@lru_cache(maxsize=None)
def _face(family: str) -> tuple[int, dict[int, int], int]:
    """(units per em, advance width by code point, advance of a missing glyph)."""
    data = (FONT_DIR / Path(theme.FONTS.get(family, theme.FONTS[theme.SANS])).name).read_bytes()
    tables = {}
    for i in range(struct.unpack(">H", data[4:6])[0]):
        tag, _sum, offset, length = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
        tables[tag.decode("latin-1")] = (offset, length)
    head = tables["head"][0]
    units = struct.unpack(">H", data[head + 18:head + 20])[0]
    hhea = tables["hhea"][0]
    metrics = struct.unpack(">H", data[hhea + 34:hhea + 36])[0]
    hmtx = tables["hmtx"][0]
    advances = [struct.unpack(">H", data[hmtx + 4 * i:hmtx + 4 * i + 2])[0] for i in range(metrics)]
    glyphs = _cmap(data, tables["cmap"][0])
    by_char = {c: advances[min(g, metrics - 1)] for c, g in glyphs.items()}
    return units, by_char, advances[0]


def _cmap(data: bytes, cmap: int) -> dict[int, int]:
    """Code point → glyph, from the Unicode BMP subtable (format 4)."""
    for i in range(struct.unpack(">H", data[cmap + 2:cmap + 4])[0]):
        platform, encoding, offset = struct.unpack(">HHI", data[cmap + 4 + 8 * i:cmap + 12 + 8 * i])
        sub = cmap + offset
        if (platform, encoding) in ((3, 1), (0, 3)) and struct.unpack(">H", data[sub:sub + 2])[0] == 4:
            break
    else:
        raise ValueError("no format-4 Unicode cmap")
    segs = struct.unpack(">H", data[sub + 6:sub + 8])[0] // 2
    ends = struct.unpack(f">{segs}H", data[sub + 14:sub + 14 + 2 * segs])
    starts_at = sub + 16 + 2 * segs
    starts = struct.unpack(f">{segs}H", data[starts_at:starts_at + 2 * segs])
    deltas = struct.unpack(f">{segs}h", data[starts_at + 2 * segs:starts_at + 4 * segs])
    ranges_at = starts_at + 4 * segs
    ranges = struct.unpack(f">{segs}H", data[ranges_at:ranges_at + 2 * segs])
    out: dict[int, int] = {}
    for k in range(segs):
        for c in range(starts[k], ends[k] + 1):
            if c == 0xFFFF:
                continue
            if ranges[k] == 0:
                glyph = (c + deltas[k]) & 0xFFFF
            else:
                at = ranges_at + 2 * k + ranges[k] + 2 * (c - starts[k])
                glyph = struct.unpack(">H", data[at:at + 2])[0]
                glyph = (glyph + deltas[k]) & 0xFFFF if glyph else 0
            if glyph:
                out[c] = glyph
    return out


def width(text: str, family: str = theme.SANS, size: float = 14, spacing: float = BODY_SPACING) -> float:
    """The width of ``text`` on one line, in px."""
    units, advances, missing = _face(family)
    lines = text.split("\n")
    return max(sum(advances.get(ord(c), missing) for c in line) * size / units + spacing * len(line)
               for line in lines)


def fits(text: str, room: float, family: str = theme.SANS, size: float = 14,
         spacing: float = BODY_SPACING) -> bool:
    """Whether ``text`` fits ``room`` px on one line."""
    return width(text, family, size, spacing) <= room


def largest_size(text: str, room: float, sizes: tuple[float, ...], family: str = theme.SANS,
                 spacing: float = BODY_SPACING) -> float | None:
    """The first of ``sizes`` (largest first) at which ``text`` fits ``room`` on one line, or None."""
    return next((s for s in sizes if fits(text, room, family, s, spacing)), None)
