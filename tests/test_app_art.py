"""The pictures of the first screens are PNGs rendered from their SVG sources.

The web client decodes a PNG in the browser at once, and the splash (``assets/index.html``)
waits for those decodes; an SVG the app parses and draws itself, often a second after the
screen around it, so the games' illustrations popped in after the splash had gone.
"""

from __future__ import annotations

import re
import struct
from pathlib import Path

from app import catalog
from app.devtools.make_assets import ART_PNGS, ASSETS

APP = Path(__file__).resolve().parents[1] / "app"


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", data[16:24])


def test_every_illustration_has_its_png_at_the_size_it_was_rendered():
    for src, dst, width, height in ART_PNGS:
        assert (ASSETS / src).is_file(), src
        assert png_size(ASSETS / dst) == (width, height), dst


def test_the_screens_draw_the_pngs_not_the_svgs():
    assert all(e.art.endswith(".png") and (ASSETS / e.art).is_file() for e in catalog.entries())
    drawn_svgs = [(path.relative_to(APP), m) for path in APP.rglob("*.py") if "devtools" not in path.parts
                  for m in re.findall(r"""["'f](games/[^"']*\.svg|splash\.svg)["']""", path.read_text())]
    assert drawn_svgs == []
