"""The guided first deal of Thronfolge: seven steps on a fixed deal against the easy computer.

Deal 2167 (you start; ``python -m app.devtools.guide_seeds thronfolge`` finds it): the line
opens 9♦ J♥, your hand is 5♦ 2♣ 5♣ 2♦ 7♥. Whichever card you play first, the easy computer
answers with K♦, so your first take (+6 to +8) holds a betrayal, a favour, a supporter and
a crown — every kind of card the last steps explain is then in your own collection.

Where the parts are drawn is estimated from the table's layouts (``layouts``, ``line``,
``controls``): the coach only needs to know which band of the screen a part is in.
"""

from __future__ import annotations

from typing import Any

from app.tables.kit import guide
from app.tables.kit.guide import Area, Dock, Moment, Step
from app.tables.thronfolge import model
from app.tables.thronfolge.line import PHONE_MAX_CONTENT, SIDE_PANEL, TABLET_MIN_WIDTH
from app.widgets import card as card_widget

SEED = 2167
FIRST_CARD = "7H"  # the card the tour suggests (the best of the five for the first take)
APPBAR = 56
STATUS = 34  # the round / pile strip over the table
PHONE_TOP = 112  # the opponent's block under the strip
TABLET_HAND_PANEL = 208  # hand and take/play at the bottom of the tablet's centre


def took(m: Moment) -> bool:
    """The player has taken this round (just now, or already when the step begins)."""
    return m.seat is not None and bool(m.view["taken"][m.seat])


def leading_family(m: Moment) -> str | None:
    """The token of the family the player leads (or has most of), for the majorities step."""
    if m.seat is None:
        return None
    fams = model.families(m.view)
    mine = [f for f in fams if f.counts[m.seat]]
    if not mine:
        return f"fam-{m.seat}-H"
    best = max(mine, key=lambda f: (f.leader == m.seat, f.counts[m.seat], f.value))
    return f"fam-{m.seat}-{best.suit}"


def me(m: Moment, part: str) -> str | None:
    return f"{part}-{m.seat}" if m.seat is not None else None


STEPS = (
    Step("tf.guide.reach", focus="reach"),
    Step("tf.guide.pick", focus=f"card-{FIRST_CARD}", until=guide.selected),
    Step("tf.guide.play", focus="play", until=guide.moved(src="hand:{seat}", dst="line")),
    Step("tf.guide.take", focus="take", until=took),
    Step("tf.guide.once", focus=lambda m: me(m, "taken")),
    Step("tf.guide.families", focus=leading_family),
    Step("tf.guide.favours", focus=lambda m: me(m, "score")),
)


# --- where the table draws its parts -------------------------------------------------------------


def _stage(table: Any) -> tuple[float, float]:
    return table.width, table.height - APPBAR


def _phone_bottom(table: Any) -> float:
    """The height of the phone's bottom block: tokens, name, hand, take/play."""
    hand = card_widget.SIZES["medium" if min(table.width, PHONE_MAX_CONTENT) - 24 >= 344
                            and not table.compact else "small"].height
    return 10 + 44 + 8 + 40 + 8 + (hand + 12) + 8 + 56 + 12


def _hand_cards(table: Any, y: float, size: str, x0: float, width: float, spacing: float) -> dict[str, Area]:
    seat = table.viewer()
    hand = table.session.view(seat)["hands"][seat] if seat is not None else []
    sz = card_widget.SIZES[size]
    row = len(hand) * sz.width + max(0, len(hand) - 1) * spacing
    left = x0 + (width - row) / 2
    return {f"card-{c}": Area(left + i * (sz.width + spacing), y, sz.width, sz.height) for i, c in enumerate(hand)}


def target(table: Any, ident: str) -> Area | None:
    """About where ``ident`` is drawn on the stage (the table under the app bar)."""
    w, h = _stage(table)
    seat = table.viewer()
    mine = ident.startswith(f"fam-{seat}-") or ident in (f"taken-{seat}", f"score-{seat}")
    if table.width >= TABLET_MIN_WIDTH:
        if mine:  # your court is the right-hand panel
            return Area(w - 14 - SIDE_PANEL, STATUS + 14, SIDE_PANEL, h - STATUS - 28)
        centre = Area(14 + SIDE_PANEL + 14, STATUS + 14, w - 2 * (28 + SIDE_PANEL), h - STATUS - 28)
        foot = h - 14 - TABLET_HAND_PANEL
        parts = {"reach": Area(centre.x, centre.y, centre.w, foot - centre.y - 60),
                 "take": Area(centre.x + 14, h - 26 - 56, centre.w / 2 - 19, 56),
                 "play": Area(centre.x + centre.w / 2 + 5, h - 26 - 56, centre.w / 2 - 19, 56)}
        parts.update(_hand_cards(table, foot + 16, "large", centre.x, centre.w, 8))
        return parts.get(ident)
    content = min(w, PHONE_MAX_CONTENT)
    x0 = (w - content) / 2
    bottom = _phone_bottom(table)
    top = h - bottom
    size = "medium" if content - 24 >= 344 and not table.compact else "small"
    parts = {
        "reach": Area(x0, STATUS + PHONE_TOP, content, top - STATUS - PHONE_TOP),
        "take": Area(x0 + 12, h - 12 - 56, content / 2 - 17, 56),
        "play": Area(x0 + content / 2 + 5, h - 12 - 56, content / 2 - 17, 56),
    }
    parts.update(_hand_cards(table, top + 10 + 44 + 8 + 40 + 8 + 10, size, x0 + 12, content - 24, 6))
    if ident.startswith(f"fam-{seat}-"):
        return Area(x0 + 12, top + 10, content - 24, 44)
    if ident in (f"taken-{seat}", f"score-{seat}"):
        return Area(x0 + 12, top + 10 + 44 + 8, content - 24, 44)
    return parts.get(ident)


def parts(table: Any, ident: str) -> tuple[str, ...]:
    """A family is a token on the phone and a row of the collection on the tablet."""
    if ident.startswith("fam-") and table.width >= TABLET_MIN_WIDTH:
        return ("famrow-" + ident[4:],)
    return (ident,)


def docks(table: Any) -> list[Dock]:
    """Phone: under the strip (over the opponent) or over the hand; tablet: over a side panel."""
    w, _h = _stage(table)
    if table.width >= TABLET_MIN_WIDTH:
        return [Dock(14, SIDE_PANEL, top=STATUS + 14), Dock(w - 14 - SIDE_PANEL, SIDE_PANEL, top=STATUS + 14)]
    content = min(w, PHONE_MAX_CONTENT)
    x0 = (w - content) / 2
    return [Dock(x0 + 8, content - 16, top=4), Dock(x0 + 8, content - 16, bottom=8)]


TOUR = guide.Tour(
    game="thronfolge", seed=SEED, options={"starter": 0}, opponents=("easy",), steps=STEPS,
    selection=lambda table: [table.selected_card] if table.selected_card else [],
    ready=lambda table: table.my_turn(table.viewer()) and not table.needs_handover(table.viewer()),
    target=target, docks=docks, size=_stage, parts=parts)
