"""Write Hofstaat's drawn artwork to ``assets/`` and render the PNG icons.

Run ``python -m app.devtools.make_assets`` after changing a drawing. Everything is
plain SVG (paths, gradients, clip paths): flutter_svg, which draws them in the app,
supports neither ``<pattern>`` nor filters, so repeated ornaments are generated
here as explicit shapes. PNGs (icon, splash) are screenshots of the SVGs taken
with headless Chromium, so no extra imaging library is needed.

The pictures of the first screens are shown as PNGs (``ART_PNGS``: the games'
illustrations and the crest): the web client decodes a PNG in the browser, at once, while
it parses and draws an SVG itself, often a second after the screen around it (the
pictures popped in). The SVGs stay the source.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

ASSETS = Path(__file__).resolve().parents[2] / "assets"

GOLD = "#d9b44a"
GOLD_LIGHT = "#f0d77e"
GOLD_DARK = "#9c7a22"
IVORY = "#fbf6e9"
INK = "#1d1d1f"
RED = "#c0142e"
FELT = "#1f4d3a"
FELT_DARK = "#0f2a1f"


def svg(view_box: str, body: str, defs: str = "") -> str:
    d = f"<defs>{defs}</defs>" if defs else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view_box}">'
            f"{d}{body}</svg>\n")


# --- suits ---------------------------------------------------------------------------------

HEART = ("M50 90 C 22 68, 5 50, 5 31 C 5 16, 16 6, 29 6 C 39 6, 46 12, 50 21 "
         "C 54 12, 61 6, 71 6 C 84 6, 95 16, 95 31 C 95 50, 78 68, 50 90 Z")
DIAMOND = "M50 4 Q 67 30 88 50 Q 67 70 50 96 Q 33 70 12 50 Q 33 30 50 4 Z"
SPADE = ("M50 5 C 61 23, 94 40, 94 61 C 94 75, 84 83, 72 83 C 63 83, 56 78, 53 72 "
         "C 54 83, 58 90, 67 95 L 33 95 C 42 90, 46 83, 47 72 C 44 78, 37 83, 28 83 "
         "C 16 83, 6 75, 6 61 C 6 40, 39 23, 50 5 Z")
CLUB_STEM = "M46 58 C 46 77, 42 88, 33 95 L 67 95 C 58 88, 54 77, 54 58 Z"


def suit_svgs() -> dict[str, str]:
    club = (f'<g fill="{INK}"><circle cx="50" cy="27" r="19"/><circle cx="28" cy="58" r="19"/>'
            f'<circle cx="72" cy="58" r="19"/><circle cx="50" cy="50" r="10"/>'
            f'<path d="{CLUB_STEM}"/></g>')
    out = {
        "S": svg("0 0 100 100", f'<path d="{SPADE}" fill="{INK}"/>'),
        "H": svg("0 0 100 100", f'<path d="{HEART}" fill="{RED}"/>'),
        "D": svg("0 0 100 100", f'<path d="{DIAMOND}" fill="{RED}"/>'),
        "C": svg("0 0 100 100", club),
    }
    # Rosenkrieg's suits. Colours follow core.cards.RED_SUITS (Türme and Rosen are "red").
    rose_petals = "".join(
        f'<ellipse cx="{50 + 22 * math.cos(a):.1f}" cy="{46 + 22 * math.sin(a):.1f}" rx="17" ry="14" '
        f'transform="rotate({math.degrees(a):.0f} {50 + 22 * math.cos(a):.1f} {46 + 22 * math.sin(a):.1f})"/>'
        for a in (i * 2 * math.pi / 5 - math.pi / 2 for i in range(5)))
    out["R"] = svg("0 0 100 100", (
        f'<path d="M50 70 C 48 80, 44 88, 38 96" stroke="#2e6b3a" stroke-width="5" fill="none" stroke-linecap="round"/>'
        f'<path d="M46 82 C 30 74, 20 80, 14 90 C 28 94, 40 90, 46 82 Z" fill="#2e6b3a"/>'
        f'<g fill="#9e1026">{rose_petals}</g>'
        f'<circle cx="50" cy="46" r="18" fill="{RED}"/>'
        f'<path d="M50 33 C 60 33, 63 44, 56 49 C 50 53, 42 49, 44 43 C 46 38, 53 39, 53 44" '
        f'stroke="#7a0b1d" stroke-width="3.5" fill="none" stroke-linecap="round"/>'))
    out["T"] = svg("0 0 100 100", (
        f'<path d="M18 12 h14 v10 h8 v-10 h20 v10 h8 v-10 h14 v26 l-8 6 v46 h10 v8 H16 v-8 h10 '
        f'v-46 l-8 -6 Z" fill="#a3332b"/>'
        f'<path d="M41 92 v-18 a9 9 0 0 1 18 0 v18 Z" fill="{IVORY}"/>'
        f'<rect x="45" y="46" width="10" height="14" rx="5" fill="{IVORY}"/>'))
    out["B"] = svg("0 0 100 100", (
        f'<path d="M44 60 h12 l3 34 H41 Z" fill="#5b3a1e"/>'
        f'<g fill="#1e5a32"><circle cx="50" cy="28" r="22"/><circle cx="29" cy="48" r="19"/>'
        f'<circle cx="71" cy="48" r="19"/><circle cx="50" cy="54" r="18"/></g>'
        f'<g fill="#2f7a47"><circle cx="43" cy="24" r="7"/><circle cx="26" cy="44" r="5"/></g>'))
    mane = "".join(
        f'<circle cx="{50 + 34 * math.cos(i * math.pi / 7):.1f}" cy="{50 + 34 * math.sin(i * math.pi / 7):.1f}" r="12"/>'
        for i in range(14))
    out["L"] = svg("0 0 100 100", (
        f'<g fill="#7a4a12">{mane}<circle cx="50" cy="50" r="36"/></g>'
        f'<circle cx="50" cy="52" r="25" fill="#e0ad48"/>'
        f'<circle cx="41" cy="46" r="3.6" fill="{INK}"/><circle cx="59" cy="46" r="3.6" fill="{INK}"/>'
        f'<path d="M44 57 h12 l-6 7 Z" fill="{INK}"/>'
        f'<path d="M50 64 v4 M50 68 c-3 4 -8 4 -10 1 M50 68 c3 4 8 4 10 1" stroke="{INK}" '
        f'stroke-width="2.4" fill="none" stroke-linecap="round"/>'))
    return out


# --- card backs ----------------------------------------------------------------------------


def _back(base: str, base_dark: str, ink: str, motif: str, lattice: str) -> str:
    """A 200×280 back: a gradient field, an ornament grid, a double frame and a medallion."""
    defs = (f'<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{base}"/>'
            f'<stop offset="1" stop-color="{base_dark}"/></linearGradient>'
            f'<clipPath id="c"><rect x="14" y="14" width="172" height="252" rx="8"/></clipPath>')
    body = [f'<rect width="200" height="280" rx="14" fill="url(#g)"/>']
    grid = []
    if lattice == "diamonds":
        for x in range(0, 220, 20):
            grid.append(f'<path d="M{x} 0 L{x - 280} 280 M{x - 200} 0 L{x + 80} 280" stroke="{ink}" '
                        f'stroke-opacity="0.35" stroke-width="1.2"/>')
        for gx in range(14, 200, 20):
            for gy in range(14, 280, 20):
                grid.append(f'<circle cx="{gx + 6}" cy="{gy + 6}" r="1.6" fill="{ink}" fill-opacity="0.55"/>')
    elif lattice == "stars":
        for gx in range(24, 200, 24):
            for gy in range(24, 280, 24):
                off = 12 if (gy // 24) % 2 else 0
                cx, cy = gx + off - 6, gy
                pts = " ".join(f"{cx + (5 if k % 2 == 0 else 1.8) * math.cos(k * math.pi / 4 - math.pi / 2):.1f},"
                               f"{cy + (5 if k % 2 == 0 else 1.8) * math.sin(k * math.pi / 4 - math.pi / 2):.1f}"
                               for k in range(8))
                grid.append(f'<polygon points="{pts}" fill="{ink}" fill-opacity="0.5"/>')
    else:  # scales / lattice
        for gy in range(14, 290, 16):
            off = 8 if (gy // 16) % 2 else 0
            for gx in range(6, 210, 16):
                grid.append(f'<path d="M{gx + off - 8} {gy} a8 8 0 0 0 16 0" stroke="{ink}" '
                            f'stroke-opacity="0.4" stroke-width="1.1" fill="none"/>')
    body.append(f'<g clip-path="url(#c)">{"".join(grid)}</g>')
    body.append(f'<rect x="8" y="8" width="184" height="264" rx="10" fill="none" stroke="{ink}" stroke-width="3"/>')
    body.append(f'<rect x="14" y="14" width="172" height="252" rx="8" fill="none" stroke="{ink}" '
                f'stroke-width="1" stroke-opacity="0.8"/>')
    body.append(f'<circle cx="100" cy="140" r="44" fill="{base_dark}" stroke="{ink}" stroke-width="3"/>')
    body.append(f'<circle cx="100" cy="140" r="37" fill="none" stroke="{ink}" stroke-width="1" stroke-opacity="0.8"/>')
    body.append(motif)
    for cx, cy in ((26, 26), (174, 26), (26, 254), (174, 254)):
        body.append(f'<path d="M{cx} {cy - 7} L{cx + 7} {cy} L{cx} {cy + 7} L{cx - 7} {cy} Z" fill="{ink}"/>')
    return svg("0 0 200 280", "".join(body), defs)


CROWN = ("M-30 14 L-34 -16 L-17 -2 L0 -24 L17 -2 L34 -16 L30 14 Z")


def crown(cx: float, cy: float, scale: float, fill: str, jewel: str = RED, band: str | None = None) -> str:
    band = band or fill
    return (f'<g transform="translate({cx} {cy}) scale({scale})">'
            f'<path d="{CROWN}" fill="{fill}"/>'
            f'<rect x="-31" y="12" width="62" height="10" rx="3" fill="{band}"/>'
            f'<circle cx="-34" cy="-18" r="4.5" fill="{fill}"/><circle cx="0" cy="-26" r="5" fill="{fill}"/>'
            f'<circle cx="34" cy="-18" r="4.5" fill="{fill}"/>'
            f'<circle cx="0" cy="4" r="5" fill="{jewel}"/><circle cx="-17" cy="7" r="3.5" fill="{jewel}"/>'
            f'<circle cx="17" cy="7" r="3.5" fill="{jewel}"/></g>')


def backs() -> dict[str, str]:
    rose = "".join(
        f'<ellipse cx="{100 + 12 * math.cos(a):.1f}" cy="{140 + 12 * math.sin(a):.1f}" rx="11" ry="8" '
        f'transform="rotate({math.degrees(a):.0f} {100 + 12 * math.cos(a):.1f} {140 + 12 * math.sin(a):.1f})" '
        f'fill="{GOLD}"/>' for a in (i * 2 * math.pi / 6 for i in range(6)))
    star = " ".join(
        f"{100 + (26 if k % 2 == 0 else 8) * math.cos(k * math.pi / 4 - math.pi / 2):.1f},"
        f"{140 + (26 if k % 2 == 0 else 8) * math.sin(k * math.pi / 4 - math.pi / 2):.1f}" for k in range(8))
    return {
        "royal": _back("#1f5a43", "#0f2a1f", GOLD, crown(100, 144, 0.85, GOLD, jewel="#0f2a1f"), "diamonds"),
        "crimson": _back("#8a1c30", "#4a0c18", GOLD,
                         rose + f'<circle cx="100" cy="140" r="7" fill="#4a0c18"/>'
                                f'<circle cx="100" cy="140" r="3.5" fill="{GOLD}"/>', "scales"),
        "midnight": _back("#22345e", "#0e1730", "#d8dde8",
                          f'<polygon points="{star}" fill="#d8dde8"/><circle cx="100" cy="140" r="4" fill="{GOLD}"/>',
                          "stars"),
    }


# --- game illustrations (320×200, transparent: the tile supplies the felt) ----------------


def mini_card(x: float, y: float, w: float, h: float, rot: float, content: str = "",
              fill: str = IVORY, stroke: str = GOLD) -> str:
    return (f'<g transform="rotate({rot} {x + w / 2} {y + h})">'
            f'<rect x="{x + 2}" y="{y + 3}" width="{w}" height="{h}" rx="7" fill="#000" fill-opacity="0.25"/>'
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="7" fill="{fill}" stroke="{stroke}" stroke-width="2"/>'
            f'{content}</g>')


def pip(kind: str, cx: float, cy: float, size: float) -> str:
    path = {"S": SPADE, "H": HEART, "D": DIAMOND}.get(kind)
    s = size / 100
    colour = RED if kind in "HD" else INK
    if path is None:  # club
        return (f'<g transform="translate({cx - size / 2} {cy - size / 2}) scale({s})" fill="{INK}">'
                f'<circle cx="50" cy="27" r="19"/><circle cx="28" cy="58" r="19"/><circle cx="72" cy="58" r="19"/>'
                f'<circle cx="50" cy="50" r="10"/><path d="{CLUB_STEM}"/></g>')
    return f'<path transform="translate({cx - size / 2} {cy - size / 2}) scale({s})" d="{path}" fill="{colour}"/>'


def art_thronfolge() -> str:
    cards = []
    kinds = "CDHSH"
    for i, k in enumerate(kinds):
        x = 58 + i * 42
        rot = (i - 2) * 4
        cards.append(mini_card(x, 92, 62, 88, rot, pip(k, x + 31, 136, 30)
                               + f'<text x="{x + 8}" y="{108}" font-family="serif" font-size="14" '
                                 f'font-weight="bold" fill="{RED if k in "HD" else INK}">{"A5K7Q"[i]}</text>'))
    glow = (f'<radialGradient id="glow"><stop offset="0" stop-color="{GOLD_LIGHT}" stop-opacity="0.55"/>'
            f'<stop offset="1" stop-color="{GOLD_LIGHT}" stop-opacity="0"/></radialGradient>'
            f'<linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="{GOLD_LIGHT}"/>'
            f'<stop offset="1" stop-color="{GOLD_DARK}"/></linearGradient>')
    body = (f'<ellipse cx="160" cy="58" rx="90" ry="52" fill="url(#glow)"/>'
            + "".join(cards) + crown(160, 56, 1.25, "url(#gold)", jewel=RED, band=GOLD_DARK))
    return svg("0 0 320 200", body, glow)


def art_spies() -> str:
    defs = (f'<linearGradient id="mask" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b2b30"/>'
            f'<stop offset="1" stop-color="#0b0b0d"/></linearGradient>'
            f'<radialGradient id="iris"><stop offset="0" stop-color="{GOLD_LIGHT}"/>'
            f'<stop offset="1" stop-color="{GOLD_DARK}"/></radialGradient>')
    back_cards = (mini_card(96, 14, 66, 96, -18, pip("S", 129, 48, 30))
                  + mini_card(158, 14, 66, 96, 18, pip("D", 191, 48, 30)))
    mask_path = ("M58 104 C 56 74, 112 66, 160 86 C 208 66, 264 74, 262 104 C 260 138, 222 152, 196 140 "
                 "C 182 133, 172 124, 160 124 C 148 124, 138 133, 124 140 C 98 152, 60 138, 58 104 Z")
    body = (back_cards
            + f'<path d="{mask_path}" fill="url(#mask)" stroke="{GOLD}" stroke-width="4"/>'
            # left eye hole shows a watching eye; the right one stays dark
            + f'<path d="M88 106 C 100 88, 134 88, 144 106 C 134 122, 100 122, 88 106 Z" fill="{IVORY}"/>'
            + f'<circle cx="116" cy="106" r="11" fill="url(#iris)"/><circle cx="116" cy="106" r="5" fill="{INK}"/>'
            + f'<circle cx="119" cy="102" r="2" fill="#fff"/>'
            + f'<path d="M176 106 C 186 88, 220 88, 232 106 C 220 122, 186 122, 176 106 Z" fill="#000"/>'
            + f'<path d="M62 96 C 40 92, 26 100, 18 116" stroke="{GOLD}" stroke-width="3" fill="none"/>'
            + f'<path d="M258 96 C 280 92, 294 100, 302 116" stroke="{GOLD}" stroke-width="3" fill="none"/>'
            + f'<circle cx="160" cy="98" r="5" fill="{RED}" stroke="{GOLD}" stroke-width="2"/>')
    return svg("0 0 320 200", body, defs)


def art_rosenkrieg() -> str:
    defs = (f'<radialGradient id="bloom" cx="0.45" cy="0.4"><stop offset="0" stop-color="#e8374f"/>'
            f'<stop offset="1" stop-color="#7a0b1d"/></radialGradient>')
    petals = []
    for ring, (r, n, rx, ry, col) in enumerate(((34, 7, 26, 20, "#8f0f24"), (20, 6, 20, 16, "#b3122e"))):
        for i in range(n):
            a = i * 2 * math.pi / n + ring * 0.4
            x, y = 160 + r * math.cos(a), 78 + r * math.sin(a) * 0.85
            petals.append(f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="{rx}" ry="{ry}" fill="{col}" '
                          f'stroke="#5e0815" stroke-width="1.5" '
                          f'transform="rotate({math.degrees(a):.0f} {x:.1f} {y:.1f})"/>')
    body = (
        # crossed blades behind the rose: the war of the roses
        f'<g stroke-linecap="round"><path d="M70 186 L250 20" stroke="#c9ced6" stroke-width="7"/>'
        f'<path d="M250 186 L70 20" stroke="#c9ced6" stroke-width="7"/>'
        f'<path d="M86 160 l20 20 M234 160 l-20 20" stroke="{GOLD}" stroke-width="8"/>'
        f'<path d="M70 186 l-8 8 M250 186 l8 8" stroke="{GOLD_DARK}" stroke-width="9"/></g>'
        f'<path d="M160 110 C 158 140, 150 164, 140 190" stroke="#2e6b3a" stroke-width="7" fill="none" stroke-linecap="round"/>'
        f'<path d="M152 150 C 124 134, 100 142, 90 160 C 116 170, 140 164, 152 150 Z" fill="#2e6b3a"/>'
        f'<path d="M155 134 C 180 120, 204 126, 214 144 C 190 154, 168 148, 155 134 Z" fill="#3d8a4c"/>'
        f'<path d="M147 172 l-9 -4 M150 160 l9 -2" stroke="#2e6b3a" stroke-width="3"/>'
        + "".join(petals)
        + f'<circle cx="160" cy="78" r="17" fill="url(#bloom)"/>'
        + f'<path d="M160 64 C 174 64, 177 80, 168 86 C 160 91, 150 85, 152 78 C 154 72, 163 73, 163 79" '
          f'stroke="#5e0815" stroke-width="3" fill="none" stroke-linecap="round"/>')
    return svg("0 0 320 200", body, defs)


def art_kings() -> str:
    def king(x: float, y: float, rot: float, k: str) -> str:
        colour = RED if k in "HD" else INK
        content = (crown(x + 23, y + 30, 0.42, GOLD, jewel=colour, band=GOLD_DARK)
                   + f'<text x="{x + 23}" y="{y + 58}" text-anchor="middle" font-family="serif" '
                     f'font-size="18" font-weight="bold" fill="{colour}">K</text>')
        return mini_card(x, y, 46, 64, rot, content)

    cross = []
    for x, y in ((137, 8), (137, 128), (82, 68), (192, 68)):
        cross.append(f'<rect x="{x}" y="{y}" width="46" height="64" rx="6" fill="#f4ecd6" '
                     f'stroke="{GOLD}" stroke-width="2"/>')
    centre = (f'<rect x="137" y="68" width="46" height="64" rx="6" fill="#7a1f2b" stroke="{GOLD}" stroke-width="2"/>'
              f'<path d="M160 84 l10 16 l-10 16 l-10 -16 Z" fill="none" stroke="{GOLD}" stroke-width="2"/>')
    pips = pip("H", 160, 32, 20) + pip("S", 160, 152, 20) + pip("C", 105, 92, 20) + pip("D", 215, 92, 20)
    kings = (king(30, 6, -20, "S") + king(244, 6, 20, "H") + king(30, 124, 20, "D") + king(244, 124, -20, "C"))
    return svg("0 0 320 200", "".join(cross) + centre + pips + kings)


# --- icon and splash -----------------------------------------------------------------------


def icon_svg(full_bleed: bool = True) -> str:
    defs = (f'<radialGradient id="felt" cx="0.5" cy="0.4" r="0.75"><stop offset="0" stop-color="#2c6a50"/>'
            f'<stop offset="1" stop-color="{FELT_DARK}"/></radialGradient>'
            f'<linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="{GOLD_LIGHT}"/>'
            f'<stop offset="1" stop-color="{GOLD_DARK}"/></linearGradient>')
    bg = f'<rect width="1024" height="1024" fill="url(#felt)"/>' if full_bleed else ""
    fan = ""
    for i, (k, rot) in enumerate((("S", -26), ("H", 0), ("D", 26))):
        fan += (f'<g transform="rotate({rot} 512 980)">'
                f'<rect x="377" y="400" width="270" height="380" rx="28" fill="#000" fill-opacity="0.3" '
                f'transform="translate(8 12)"/>'
                f'<rect x="377" y="400" width="270" height="380" rx="28" fill="{IVORY}" stroke="{GOLD}" stroke-width="8"/>'
                f'{pip(k, 512, 560, 130)}</g>')
    ring = (f'<circle cx="512" cy="512" r="440" fill="none" stroke="url(#gold)" stroke-width="14"/>'
            if full_bleed else "")
    return svg("0 0 1024 1024", bg + ring + fan + crown(512, 290, 5.0, "url(#gold)", jewel=RED, band=GOLD_DARK), defs)


def write_all() -> list[Path]:
    written: list[Path] = []

    def put(rel: str, text: str) -> None:
        path = ASSETS / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)

    for key, text in suit_svgs().items():
        put(f"suits/{key}.svg", text)
    for key, text in backs().items():
        put(f"backs/{key}.svg", text)
    put("games/thronfolge.svg", art_thronfolge())
    put("games/deck-of-spies.svg", art_spies())
    put("games/rosenkrieg.svg", art_rosenkrieg())
    put("games/kings-corner.svg", art_kings())
    put("icon.svg", icon_svg(True))
    put("splash.svg", icon_svg(False))
    return written


# PNG copies drawn in the app: (svg, png, width, height); the games' art is 320 × 200, shown up
# to about 280 × 174 px, so twice that covers screens of two and three pixels per point.
ART_PNGS = tuple((f"games/{g}.svg", f"games/{g}.png", 640, 400)
                 for g in ("thronfolge", "deck-of-spies", "rosenkrieg", "kings-corner")) + (
    ("splash.svg", "crest.png", 256, 256),)  # the crown and cards on the home banner, the rail, About


def render_png(svg_path: Path, png_path: Path, size: int, transparent: bool, height: int | None = None) -> None:
    """Screenshot an SVG at ``size``×``size`` (or ``size``×``height``) pixels with headless Chromium."""
    from playwright.sync_api import sync_playwright

    height = height or size
    html = (f"<html><body style='margin:0;background:transparent'>"
            f"<img src='file://{svg_path}' style='width:{size}px;height:{height}px;display:block'></body></html>")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        page = browser.new_page(viewport={"width": size, "height": height})
        # a file:// page may load file:// images; about:blank (set_content) may not
        tmp = png_path.with_suffix(".render.html")
        tmp.write_text(html, encoding="utf-8")
        page.goto(f"file://{tmp}")
        tmp.unlink()
        page.wait_for_timeout(300)
        page.screenshot(path=str(png_path), omit_background=transparent)
        browser.close()


def main() -> int:
    for path in write_all():
        print("wrote", path.relative_to(ASSETS.parent))
    if "--no-png" not in sys.argv:
        render_png(ASSETS / "icon.svg", ASSETS / "icon.png", 1024, transparent=False)
        render_png(ASSETS / "splash.svg", ASSETS / "splash.png", 1024, transparent=True)
        print("rendered assets/icon.png and assets/splash.png")
        for src, dst, width, height in ART_PNGS:
            render_png(ASSETS / src, ASSETS / dst, width, transparent=True, height=height)
            print("rendered", f"assets/{dst}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
