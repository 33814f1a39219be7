"""Where everything sits on the Deck of Spies table, computed from the table's size.

The table is one ``Stack`` with absolutely placed parts, so every card has a
known position and moves between positions are animated by Flutter
(``animate_position``/``animate_scale``). All cards use one base size per layout
and differ only in scale, so a card flying from the hand to a pile shrinks
smoothly instead of jumping between drawings.

Two arrangements: ``portrait`` (phones, also narrow windows) with the hand and
buttons at the bottom, and ``landscape`` (tablets and desktops) with the spy on
the left, your piles on the right, hand and buttons side by side below.
No Flet here: the geometry is unit-tested.
"""

from __future__ import annotations

from dataclasses import dataclass, field

CARD_SIZES = {"small": (52, 74), "medium": (64, 90), "large": (80, 112)}
WIDE = 720  # from this width on: landscape arrangement
COMPACT_HEIGHT = 700  # below this table height (portrait): tighter spacing
HAND_MAX = 5


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def inside(self, other: Box, tol: float = 0.5) -> bool:
        return (self.x >= other.x - tol and self.y >= other.y - tol and self.right <= other.right + tol
                and self.bottom <= other.bottom + tol)

    def overlaps(self, other: Box) -> bool:
        return not (self.right <= other.x or other.right <= self.x or self.bottom <= other.y
                    or other.bottom <= self.y)


@dataclass(frozen=True)
class Slot:
    """A card's place: its layout box (at the base size) and a scale about the box's centre."""

    x: float
    y: float
    scale: float = 1.0

    def visual(self, cw: float, ch: float) -> Box:
        return Box(self.x - cw * (self.scale - 1) / 2, self.y - ch * (self.scale - 1) / 2,
                   cw * self.scale, ch * self.scale)


def slot_at(vx: float, vy: float, scale: float, cw: float, ch: float) -> Slot:
    """The slot whose drawn (scaled) card has its top-left corner at ``(vx, vy)``."""
    return Slot(vx + cw * (scale - 1) / 2, vy + ch * (scale - 1) / 2, scale)


@dataclass
class Layout:
    mode: str  # portrait | landscape
    width: float
    height: float
    compact: bool
    card: str  # base card size name
    pad: float
    hud: Box
    stage: Box  # the spy's panel
    spy: Slot
    spy_info: Box
    deck: Box  # the panel with your piles
    piles: dict[str, Slot] = field(default_factory=dict)  # draw, discard, spy_discard
    pile_labels: dict[str, Box] = field(default_factory=dict)
    removed: Box = Box(0, 0, 0, 0)
    deck_line: Box = Box(0, 0, 0, 0)  # "your deck: n cards · f face cards"
    status: Box = Box(0, 0, 0, 0)
    hand_row: Box = Box(0, 0, 0, 0)
    hand_gap: float = 8
    buttons: Box = Box(0, 0, 0, 0)  # main action buttons
    tools: Box | None = None  # hint and undo (None: they sit at the ends of ``buttons``)
    hand_scale: float = 1.0

    @property
    def cw(self) -> float:
        return CARD_SIZES[self.card][0]

    @property
    def ch(self) -> float:
        return CARD_SIZES[self.card][1]

    def hand_slots(self, n: int) -> list[Slot]:
        """Slots for ``n`` hand cards, centred in the hand row."""
        if n <= 0:
            return []
        gap, s = self.hand_gap, self.hand_scale
        cw = self.cw * s
        width = n * cw + (n - 1) * gap
        x0 = self.hand_row.x + (self.hand_row.w - width) / 2
        return [slot_at(x0 + i * (cw + gap), self.hand_row.y, s, self.cw, self.ch) for i in range(n)]

    def pile_visual(self, name: str) -> Box:
        return self.piles[name].visual(self.cw, self.ch)

    def spy_visual(self) -> Box:
        return self.spy.visual(self.cw, self.ch)

    def removed_slot(self) -> Slot:
        """Where a sacrificed ace flies to (then it shows as a small tag in the removed area)."""
        s = 0.5
        return slot_at(self.removed.x + self.removed.w / 2 - self.cw * s / 2, self.removed.y, s, self.cw, self.ch)

    def boxes(self) -> dict[str, Box]:
        """Every fixed part, for overlap tests."""
        out = {"hud": self.hud, "stage": self.stage, "deck": self.deck, "status": self.status,
               "hand": self.hand_row, "buttons": self.buttons}
        if self.tools is not None:
            out["tools"] = self.tools
        return out


def compute(width: float, height: float) -> Layout:
    width = max(300.0, float(width or 390))
    height = max(420.0, float(height or 700))
    if width >= WIDE:
        return _landscape(width, height)
    return _portrait(width, height)


def _portrait(W: float, H: float) -> Layout:
    compact = H < COMPACT_HEIGHT
    pad = 12 if W >= 380 else 8
    card = "medium"
    cw, ch = CARD_SIZES[card]
    hud = Box(0, 0, W, 64 if compact else 74)
    # --- bottom, anchored to the bottom edge: tools, buttons, hand, status --------------
    if compact:
        tools = None
        buttons = Box(pad, H - 10 - 52, W - 2 * pad, 52)
    else:
        tools = Box(pad, H - 10 - 48, W - 2 * pad, 48)
        buttons = Box(pad, tools.y - 8 - 52, W - 2 * pad, 52)
    lift = ch * 0.1
    hand_y = buttons.y - 10 - ch
    gap = max(4.0, min(10.0, (W - 2 * pad - HAND_MAX * cw) / (HAND_MAX - 1)))
    hand_row = Box(pad, hand_y, W - 2 * pad, ch)
    status_h = 56 if compact else 66
    status = Box(pad, hand_y - lift - 10 - status_h, W - 2 * pad, status_h)
    # --- top: the spy's stage, then your piles; spare height becomes air between them ------
    spy_scale = 1.2 if compact else 1.5
    pile_scale = 0.8 if compact else 0.95
    label_h = 18
    line_h = 0 if compact else 20
    stage_h = ch * spy_scale + 20
    deck_h = ch * pile_scale + label_h + 22 + line_h
    spare = status.y - 10 - (hud.h + 8 + stage_h + 10 + deck_h)
    if spare < 0:  # very short screens: shrink the spy and the piles
        shrink = min(0.35, -spare / (ch * 2))
        spy_scale -= shrink
        pile_scale -= shrink * 0.6
        stage_h = ch * spy_scale + 20
        deck_h = ch * pile_scale + label_h + 22 + line_h
        spare = max(0.0, status.y - 10 - (hud.h + 8 + stage_h + 10 + deck_h))
    air = min(spare, 90.0)
    stage = Box(pad, hud.h + 8 + air * 0.35, W - 2 * pad, stage_h)
    spy = slot_at(stage.x + 12, stage.y + 10, spy_scale, cw, ch)
    spy_w = cw * spy_scale
    info_x = stage.x + 12 + spy_w + 22
    spy_info = Box(info_x, stage.y + 8, stage.right - 10 - info_x, stage_h - 16)
    deck = Box(pad, stage.bottom + 10 + air * 0.4, W - 2 * pad, deck_h)
    piles, labels, removed, line = _pile_row(deck, cw, ch, pile_scale, label_h, deck.y + 10, 12)
    return Layout("portrait", W, H, compact, card, pad, hud, stage, spy, spy_info, deck, piles, labels,
                  removed, line, status, hand_row, gap, buttons, tools)


def _landscape(W: float, H: float) -> Layout:
    card = "large"
    cw, ch = CARD_SIZES[card]
    pad = 24.0
    compact = H < 560
    hud = Box(0, 0, W, 60)
    # --- bottom band: status above the hand on the left, buttons on the right -----------
    gap = 14.0
    hand_scale = 1.3 if H >= 690 else (1.15 if H >= 600 else 1.0)
    hw, hh = cw * hand_scale, ch * hand_scale
    hand_w = HAND_MAX * hw + (HAND_MAX - 1) * gap
    hand_y = H - 18 - hh
    hand_row = Box(pad, hand_y, hand_w, hh)
    lift = hh * 0.1
    status_h = 62.0
    status = Box(pad, hand_y - lift - 12 - status_h, hand_w, status_h)
    bx = pad + hand_w + 28
    column = Box(bx, status.y, min(W - pad - bx, 460.0), hand_row.bottom - status.y)
    buttons = Box(bx, column.y + column.h / 2 - 58 - 6, column.w, 58)
    tools = Box(bx, column.y + column.h / 2 + 6, column.w, 50)
    # --- top: the spy on the left, your piles on the right ---------------------------------
    top0 = hud.h + 14
    avail = status.y - 16 - top0
    split = W * 0.5
    spy_scale = max(0.8, min(1.9, (avail - 40) / ch))
    stage = Box(pad, top0, split - pad - 8, avail)
    spy_h = ch * spy_scale
    spy = slot_at(stage.x + 24, stage.y + (avail - spy_h) / 2, spy_scale, cw, ch)
    info_x = stage.x + 24 + cw * spy_scale + 26
    spy_info = Box(info_x, stage.y + 14, stage.right - 16 - info_x, avail - 28)
    deck = Box(split + 8, top0, W - pad - split - 8, avail)
    label_h = 20
    pile_scale = max(0.7, min(1.3, (avail - 70 - label_h) / ch, (deck.w - 44 - 2 * 70) / (3 * cw)))
    ph = ch * pile_scale
    top = deck.y + (avail - ph - label_h - 30) / 2
    piles, labels, removed, line = _pile_row(deck, cw, ch, pile_scale, label_h, top, 22)
    return Layout("landscape", W, H, compact, card, pad, hud, stage, spy, spy_info, deck, piles, labels,
                  removed, line, status, hand_row, gap, buttons, tools, hand_scale)


def _pile_row(deck: Box, cw: float, ch: float, scale: float, label_h: float, top: float,
              inset: float) -> tuple[dict[str, Slot], dict[str, Box], Box, Box]:
    """Draw pile, discard pile and spy discard evenly across ``deck``; the sacrificed aces
    between the last two; a summary line under the names."""
    pw, ph = cw * scale, ch * scale
    span = deck.w - 2 * inset
    step = (span - pw) / 2
    xs = {"draw": deck.x + inset, "discard": deck.x + inset + step, "spy_discard": deck.x + inset + 2 * step}
    piles = {k: slot_at(x, top, scale, cw, ch) for k, x in xs.items()}
    labels = {k: Box(x - 10, top + ph + 4, pw + 20, label_h) for k, x in xs.items()}
    rx = xs["discard"] + pw + 8
    removed = Box(rx, top, xs["spy_discard"] - 8 - rx, ph)
    ly = top + ph + 4 + label_h + 2
    line = Box(deck.x + inset, ly, deck.w - 2 * inset, max(0.0, min(20.0, deck.bottom - 4 - ly)))
    return piles, labels, removed, line
