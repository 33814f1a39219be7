"""The guided first round of Kings in the Corner: eight steps on a fixed deal against the easy computer.

Deal 8 (you start; ``python -m app.devtools.guide_seeds kings-corner`` finds it): North 3♥,
East 6♠, South 10♥, West 2♠ and every corner empty; your first draw makes the hand 4♠ 7♥ 5♦
6♣ K♣ J♥ 3♦ 9♠. So the first turn shows every kind of move: 5♦ builds on 6♠ and 9♠ on 10♥,
the pile at West (2♠) moves onto 3♥ at North and frees its place, and K♣ opens a corner.
The steps point at whatever card or pile fits when they show, so another order of moves
still finds its way.

Where the parts are drawn is worked out from the table's geometry (``model.geometry``) and
its column of seats, status, cross, guidance, hand and buttons (``table``, ``panels``).
"""

from __future__ import annotations

from typing import Any

from app.tables.kings_corner import model
from app.tables.kit import guide
from app.tables.kit import hand as kit_hand
from app.tables.kit.guide import Area, Dock, Moment, Step
from app.widgets import card as card_widget
from core.games import kings_corner as kc

SEED = 8
APPBAR = 56
SIDE = 284  # the tablet's side panel: the other seats, the guidance and the buttons
BUTTON = 54
PHONE_TOP = 8 + 62 + 8 + 44 + 8  # padding, the other seats, the status row
LINE = 36  # the guidance line under the cross


def played(m: Moment) -> bool:
    return guide.moved(src="hand:{seat}", dst="pile:")(m)


def picked_or_played(m: Moment) -> bool:
    return guide.selected(m) or played(m)


def pile_moved_or_none(m: Moment) -> bool:
    """A pile was moved, or none can move now (the step would wait for ever)."""
    return guide.moved(src="pile:", dst="pile:")(m) or not kc.pile_moves(m.view["piles"])


def ended(m: Moment) -> bool:
    return any(ev.get("type") == "end_turn" for ev in m.events)


def a_card(m: Moment) -> str | None:
    """A hand card that fits now, one for a pile first (the hand's order: kings first)."""
    if m.seat is None:
        return None
    piles = m.view["piles"]
    fits = [c for c in model.hand_order(m.view["hands"][m.seat]) if kc.card_targets(piles, c)]
    builds = [c for c in fits if any(piles[p] for p in kc.card_targets(piles, c))]
    return f"card-{(builds or fits)[0]}" if fits else None


def lit_pile(m: Moment) -> str | None:
    """Where the picked card goes (a pile it builds on first)."""
    if not m.selected:
        return None
    card = next(iter(m.selected))
    piles = m.view["piles"]
    places = sorted(kc.card_targets(piles, card), key=lambda p: not piles[p])
    return f"pile-{places[0]}" if places else None


def a_pile(m: Moment) -> str | None:
    moves = kc.pile_moves(m.view["piles"])
    return f"pile-{moves[0][0]}" if moves else None


def empty_corner(m: Moment) -> str | None:
    return next((f"pile-{p}" for p in kc.CORNERS if not m.view["piles"][p]), "cross")


STEPS = (
    Step("kc.guide.cross", focus="cross"),
    Step("kc.guide.corners", focus=empty_corner),
    Step("kc.guide.draw", focus="talon", until=guide.moved(src="talon", dst="hand:{seat}")),
    Step("kc.guide.hand", focus=a_card, until=picked_or_played),
    Step("kc.guide.play", focus=lit_pile, until=played),
    Step("kc.guide.move", focus=a_pile, until=pile_moved_or_none),
    Step("kc.guide.end", focus="end-turn", until=ended),
    Step("kc.guide.hint", focus="kc-hint"),
)


# --- where the table draws its parts -------------------------------------------------------------


def _stage(table: Any) -> tuple[float, float]:
    return table.width, table.height - APPBAR


def _hand(table: Any, geo: model.Geometry) -> tuple[list[str], list[tuple[float, float]], float]:
    seat = table.viewer()
    hand = model.hand_order(table.session.view(seat)["hands"][seat]) if seat is not None else []
    slots, height = kit_hand.overlap_slots(len(hand), geo.width, geo.hand_card)
    return hand, slots, height


def target(table: Any, ident: str) -> Area | None:
    """About where ``ident`` is drawn on the stage (the table under the app bar)."""
    w, h = _stage(table)
    geo = table.geometry()
    hand, slots, hand_h = _hand(table, geo)
    if geo.tablet:
        main_w = w - SIDE - 16
        hand_y = h - 12 - hand_h
        hand_x = 8 + (main_w - geo.width) / 2
        top, bottom, x0, area_w = 10 + 44 + 10, hand_y - 10, 8, main_w
        buttons = Area(w - SIDE + 4, h - 12 - BUTTON, SIDE - 16, BUTTON)
    else:
        buttons = Area(8, h - 10 - BUTTON, w - 16, BUTTON)
        hand_y = buttons.y - 8 - hand_h
        hand_x = 8
        top, bottom, x0, area_w = PHONE_TOP, hand_y - 8 - LINE - 8, 8, w - 16
    cross_x = x0 + (area_w - geo.cross_w) / 2
    cross_y = top + max(0.0, (bottom - top - geo.cross_h) / 2)
    if ident == "cross":
        return Area(cross_x, cross_y, geo.cross_w, geo.cross_h)
    if ident == "talon" or ident.startswith("pile-"):
        col, row = model.GRID[model.TALON if ident == "talon" else ident[5:]]
        return Area(cross_x + col * (geo.cell_w + geo.gap), cross_y + row * (geo.cell_h + geo.gap),
                    geo.cell_w, geo.cell_h)
    if ident.startswith("card-") and ident[5:] in hand:
        x, y = slots[hand.index(ident[5:])]
        sz = card_widget.SIZES[geo.hand_card]
        return Area(hand_x + x, hand_y + y, sz.width, sz.height)
    if ident == "hand":
        return Area(hand_x, hand_y, geo.width, hand_h)
    if ident in ("end-turn", "draw"):
        return Area(buttons.x, buttons.y, buttons.w - BUTTON - 10, BUTTON)
    if ident == "kc-hint":
        return Area(buttons.x + buttons.w - BUTTON, buttons.y, BUTTON, BUTTON)
    return None


def docks(table: Any) -> list[Dock]:
    """Phone: over the other seats and the status, else over the hand and the buttons; tablet: over
    the side panel's seats, else over the top of the cross's column."""
    w, _h = _stage(table)
    if table.width >= model.TABLET_MIN_WIDTH:
        return [Dock(w - SIDE + 4, SIDE - 16, top=10), Dock(8, w - SIDE - 16, top=10)]
    return [Dock(8, w - 16, top=4), Dock(8, w - 16, bottom=8)]


TOUR = guide.Tour(
    game="kings-corner", seed=SEED, opponents=("easy",), steps=STEPS,
    selection=lambda table: [table.pick.what] if table.pick is not None and table.pick.kind == "card" else [],
    ready=lambda table: (table.my_turn(table.viewer()) and not table.hints.busy and not table.sheet
                         and not table.needs_handover(table.viewer())),
    target=target, docks=docks, size=_stage)
