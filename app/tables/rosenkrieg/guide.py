"""The guided first Partie of Rosenkrieg: six steps on a fixed deal against two easy computers.

Deal 15 (``python -m app.devtools.guide_seeds rosenkrieg`` finds it), three players and a
dynasty of one Partie: you sit left of the dealer, so you declare first and lead the first
trick. Your hand (one ace, one trump: the Rosen-Bube) is weak for a Potentat, and the hint
says pass; the dealer, an easy computer, then wants it (and is chosen even over your "I want
it"), so the first game is the court's: you and the other computer against the Potentat. The
step on laying away the Erbe shows only to a person who lays it away; otherwise it is passed.

Where the parts are drawn is estimated from the table's layouts (``layouts``, ``pieces``):
the coach only needs to know which band of the screen a part is in.
"""

from __future__ import annotations

from typing import Any

from app.tables.kit import guide
from app.tables.kit.guide import Area, Dock, Moment, Step
from app.tables.rosenkrieg.pieces import PHONE_MAX_CONTENT, SIDE_PANEL, TABLET_MIN_WIDTH

SEED = 15
APPBAR = 56
STRIP = 48  # the status strip with the dynasty chip
PHONE_TOP = 190  # the strip and the other seats' tiles
PHONE_BOTTOM = 330  # your badge, your hand and the buttons
BUTTON = 54


def declared(m: Moment) -> bool:
    """The player has declared (or declaring is over)."""
    v = m.view
    return v["phase"] != "declare" or (m.seat is not None and v["declarations"][m.seat] is not None)


def laid(m: Moment) -> bool:
    """The tricks have begun: the Erbe was laid away (by the player, or by another Potentat)."""
    return m.view["phase"] == "play"


STEPS = (
    Step("rk.guide.goal", focus="declarations"),
    Step("rk.guide.declare", focus="rk-hint", until=declared),
    Step("rk.guide.lay", focus="lay-centre", until=laid),
    Step("rk.guide.points", focus="score-line"),
    Step("rk.guide.follow", focus="trick", until=guide.moved(src="hand:{seat}", dst="trick")),
    Step("rk.guide.dynasty", focus="scoreboard-open"),
)


def _stage(table: Any) -> tuple[float, float]:
    return table.width, table.height - APPBAR


def target(table: Any, ident: str) -> Area | None:
    """About where ``ident`` is drawn on the stage (the table under the app bar)."""
    w, h = _stage(table)
    if ident == "scoreboard-open":
        return Area(w - 170, 0, 170, STRIP)
    if table.width >= TABLET_MIN_WIDTH:
        side = Area(w - 14 - SIDE_PANEL, STRIP + 10, SIDE_PANEL, h - STRIP - 22)
        main_w = w - SIDE_PANEL - 42
        if ident == "score-line":
            return Area(side.x, side.y, side.w, 130)
        if ident == "rk-hint":
            return Area(14 + main_w - BUTTON, h - 12 - BUTTON, BUTTON, BUTTON)
        return Area(14, STRIP + 150, main_w, h - STRIP - 150 - 260)
    content = min(w, PHONE_MAX_CONTENT)
    x0 = (w - content) / 2
    if ident == "rk-hint":
        return Area(x0 + content - 12 - BUTTON, h - 12 - BUTTON, BUTTON, BUTTON)
    middle = h - PHONE_TOP - PHONE_BOTTOM  # the trick (or the Erbe) in the lower part, then the score line
    if ident == "score-line":
        return Area(x0 + 12, PHONE_TOP + middle - 90, content - 24, 70)
    return Area(x0 + 12, PHONE_TOP + 40, content - 24, middle - 130)


def docks(table: Any) -> list[Dock]:
    """Phone: over the strip and the other seats, else over the hand; tablet: over the side
    panel, else over the other seats."""
    w, _h = _stage(table)
    if table.width >= TABLET_MIN_WIDTH:
        return [Dock(w - 14 - SIDE_PANEL, SIDE_PANEL, top=STRIP + 10), Dock(14, 430, top=STRIP + 10)]
    content = min(w, PHONE_MAX_CONTENT)
    x0 = (w - content) / 2
    return [Dock(x0 + 8, content - 16, top=4), Dock(x0 + 8, content - 16, bottom=8)]


def ready(table: Any) -> bool:
    """The coach shows on the person's turn, with the table in sight (no trick sliding, no sheet)."""
    seat = table.viewer()
    return table.my_turn(seat) and not table.needs_handover(seat) and table.shown_trick is None \
        and table.sheet is None


TOUR = guide.Tour(
    game="rosenkrieg", seed=SEED, options={"partien": 1}, opponents=("easy", "easy"), steps=STEPS,
    selection=lambda table: table.selected, ready=ready, target=target, docks=docks, size=_stage)
