"""What the Kings in the Corner table shows and where taps lead, from a view, without Flet.

The table keeps one pick (a hand card or a pile); the places it may go are the engine's
``card_targets`` / ``pile_targets``, never a rule of the table's own. Geometry places the
cross's nine cells (eight piles around the talon) and chooses card sizes that fit the
screen; refusals from the engine are turned into keys of the table's strings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from app.tables.kit import hand as kit_hand
from app.widgets import card as card_widget
from core import cards
from core.games import kings_corner as kc

TALON = "talon"
# (column, row) of each cell of the cross; the talon sits in the middle.
GRID = {"NW": (0, 0), "N": (1, 0), "NE": (2, 0), "W": (0, 1), TALON: (1, 1), "E": (2, 1),
        "SW": (0, 2), "S": (1, 2), "SE": (2, 2)}
TABLET_MIN_WIDTH = 700


@dataclass(frozen=True)
class Pick:
    """What the player has tapped: a hand card (``kind="card"``) or a pile (``kind="pile"``)."""

    kind: str
    what: str

    @property
    def payload(self) -> str:
        """The drag payload of the same thing: the card code, or ``pile:N``."""
        return self.what if self.kind == "card" else f"pile:{self.what}"


def pick_of(payload: str) -> Pick:
    """A drag payload (``7H`` or ``pile:N``) as a pick."""
    return Pick("pile", payload[5:]) if payload.startswith("pile:") else Pick("card", payload)


def targets(piles: dict[str, list[str]], pick: Pick | None) -> list[str]:
    """The positions ``pick`` may go to now (the engine's lists)."""
    if pick is None:
        return []
    if pick.kind == "card":
        return kc.card_targets(piles, pick.what)
    return kc.pile_targets(piles, pick.what)


def action_for(pick: Pick, pos: str) -> str:
    """The engine action that puts ``pick`` on ``pos``."""
    return f"play {pick.what} {pos}" if pick.kind == "card" else f"move {pick.what} {pos}"


def playable_cards(piles: dict[str, list[str]], hand: list[str]) -> set[str]:
    """The hand cards that may go somewhere now."""
    return {c for c, _ in kc.card_plays(piles, hand)}


def movable_piles(piles: dict[str, list[str]]) -> set[str]:
    """The piles that may move somewhere now."""
    return {s for s, _ in kc.pile_moves(piles)}


def hand_order(hand: list[str]) -> list[str]:
    """The hand as it is shown: kings first, down to aces, red before black within a rank, so the card
    for a pile (one rank lower, the other colour) is found at a glance."""
    return sorted(hand, key=lambda c: (-cards.VALUES[c[0]], not cards.is_red(c), c[1]))


def pile_face(pile: list[str]) -> tuple[str | None, str | None, int]:
    """What a pile shows: its bottom card, its top card (None for one card) and its size.

    A pile is a run down in alternating colours, so bottom and top say every card between.
    """
    if not pile:
        return None, None, 0
    return pile[0], (pile[-1] if len(pile) > 1 else None), len(pile)


# --- geometry ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Geometry:
    """Where the cross goes and how big its cards and the hand's cards are."""

    tablet: bool
    width: float  # of the column that holds the cross and the hand
    cross_card: str
    hand_card: str
    offset: float  # how far the top card of a pile lies below its bottom card
    cell_w: float
    cell_h: float
    gap: float

    @property
    def cross_w(self) -> float:
        return 3 * self.cell_w + 2 * self.gap

    @property
    def cross_h(self) -> float:
        return 3 * self.cell_h + 2 * self.gap


MIN_OFFSET = 18  # px of a pile's bottom card above its top card: its corner index (a small card's is 15 px)


def geometry(width: float, height: float, replay: bool = False, hand_cards: int | None = None) -> Geometry:
    """Card sizes and cells for a screen of ``width`` × ``height`` (below the app bar).

    The cross gets the largest card size whose 3 × 3 cells fit the width and the height left
    over by the other seats' row, the status lines, the hand and the buttons (a ``replay`` has
    no guidance line and no button, and says whose hand it shows, its ``hand_cards`` known: a
    hand in one row leaves the cross more room than the two rows play keeps for a growing hand).
    """
    tablet = width >= TABLET_MIN_WIDTH
    column = width - (300 if tablet else 0) - 16  # the tablet's side panel holds the seats
    hand = "large" if tablet else "small"
    hand_h = card_widget.SIZES[hand].height * (1 if tablet else 1.5)
    if replay and hand_cards is not None and not tablet:
        hand_h = kit_hand.overlap_slots(hand_cards, column, hand)[1]
    seats_h = 0 if tablet else 70
    # The phone stacks status, notice, button and paddings; the tablet's side panel holds the last two.
    # The status row (its scoreboard chip a full tap target), the guidance, the button, the paddings.
    # (A replay: the status row, whose hand it is, the column's spacing and padding.)
    rest = height - seats_h - hand_h - (90 if tablet else (37 + 20 + 58) if replay else 54 + 40 + 24 + 24)
    gap = 8 if tablet else 6
    for size in ("large", "medium", "small"):
        sz = card_widget.SIZES[size]
        cell_w = sz.width + 14
        # The bottom card's corner index stays readable: 42 % of a card shows, 34 % where height is short.
        offset = min(round(sz.height * 0.42), int((rest - 2 * gap) / 3 - sz.height - 8))
        if 3 * cell_w + 2 * gap <= column and offset >= sz.height * 0.34:
            break
    else:  # short of height even with small cards (a replay's bar and open hands): the piles close up
        offset = max(MIN_OFFSET, offset)
    cell_h = sz.height + offset + 8
    # Room for the count badge and the lit outline; a tablet spreads the cross over its column.
    cell_w = min(cell_w + (60 if tablet else 24), (column - 2 * gap) / 3)
    return Geometry(tablet, column, size, hand, offset, cell_w, cell_h, gap)


def flight(src: str, dst: str, geo: Geometry, card_h: float, card_w: float) -> tuple[float, float]:
    """The offset (in card sizes) a card starts at to fly from cell ``src`` to cell ``dst``."""
    (sc, sr), (dc, dr) = GRID[src], GRID[dst]
    return ((sc - dc) * (geo.cell_w + geo.gap) / card_w, (sr - dr) * (geo.cell_h + geo.gap) / card_h)


# --- words ------------------------------------------------------------------------------

_LABEL = r"(?:10|[2-9AJQK])[♠♥♦♣]"
_WHY: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^draw first"), "kc.why.draw_first"),
    (re.compile(r"^you have already drawn"), "kc.why.drawn"),
    (re.compile(r"^there is no drawing"), "kc.why.no_draw"),
    (re.compile(r"^in this game the card is drawn when you end"), "kc.why.draw_at_end"),
    (re.compile(r"^the talon is empty"), "kc.why.talon_empty"),
    (re.compile(rf"^nothing can be built on an ace \((?P<card>{_LABEL})\)"), "kc.why.ace"),
    (re.compile(rf"^(?P<card>{_LABEL}) does not go on (?P<top>{_LABEL})"), "kc.why.build"),
    (re.compile(rf"^only a king may open an empty corner, and (?P<card>{_LABEL})"), "kc.why.corner"),
    (re.compile(r"^the pile at (?P<pos>[NESW]{1,2}) has a king at the bottom"), "kc.why.king_stays"),
    (re.compile(rf"^the pile at (?P<src>[NESW]{{1,2}}) does not go on (?P<dst>[NESW]{{1,2}}): its bottom card "
                rf"(?P<bottom>{_LABEL}) must be one rank lower than (?P<top>{_LABEL})"), "kc.why.pile_fit"),
    (re.compile(r"^a pile may not move to an empty edge"), "kc.why.empty_edge"),
    (re.compile(r"^a corner pile stays"), "kc.why.corner_stays"),
    (re.compile(r"^only a pile with a king at the bottom"), "kc.why.king_pile"),
    (re.compile(r"^the game is over"), "kc.why.over"),
]
_GERMAN_RANKS = {"J": "B", "Q": "D"}


def explain(reason: str, t: Callable[..., str], lang: str) -> str:
    """The engine's reason in the player's words and language (the engine's text if unknown)."""
    for pattern, key in _WHY:
        m = pattern.search(reason)
        if m is None:
            continue
        values: dict[str, Any] = {}
        for name, value in m.groupdict().items():
            if name in ("pos", "src", "dst"):
                values[name] = t(f"kc.pos.{value}")
            elif lang == "de":
                values[name] = _GERMAN_RANKS.get(value[0], value[0]) + value[1:]
            else:
                values[name] = value
        return t(key, **values)
    return reason


def card_text(card: str, lang: str) -> str:
    return card_widget.short_text(card, lang)


def pile_label(t: Callable[..., str], lang: str, pos: str, pile: list[str]) -> str:
    """What a screen reader says for a pile: "North: K♠ down to 9♥, 5 cards"."""
    where = t(f"kc.pos.{pos}")
    bottom, top, n = pile_face(pile)
    if bottom is None:
        return t("kc.pile_empty_corner" if pos in kc.CORNERS else "kc.pile_empty", pos=where)
    return t("kc.pile_label", n=n, pos=where, bottom=card_text(bottom, lang), top=card_text(top or bottom, lang))


def move_text(t: Callable[..., str], lang: str, ev: dict[str, Any], name: str, you: bool) -> str | None:
    """One engine event as the line that tells what just happened, or None."""
    suffix = "_you" if you else ""
    if ev.get("type") == "move":
        action = ev.get("action")
        if action == "play":
            return t("kc.moved.play" + suffix, name=name, card=card_text(ev["cards"][0], lang),
                     pos=t(f"kc.pos.{ev['to'][5:]}"))
        if action == "move":
            return t("kc.moved.move" + suffix, name=name, src=t(f"kc.pos.{ev['from'][5:]}"),
                     dst=t(f"kc.pos.{ev['to'][5:]}"))
        if action == "draw":
            card = ev["cards"][0]
            if you and card != "??":
                return t("kc.moved.draw_you", card=card_text(card, lang))
            return t("kc.moved.draw", name=name)
    if ev.get("type") == "end_turn" and not you:
        return t("kc.moved.end", name=name)
    return None


# --- the scoreboard ---------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """The penalty scoreboard: per round each seat's points, then the totals."""

    rounds: list[tuple[int, list[int], list[int]]]  # (round, points per seat, winners)
    totals: list[int]
    target: int


def board(view: dict[str, Any]) -> Board:
    rows = [(r["round"], list(r["points"]), list(r["winners"])) for r in view.get("rounds", [])]
    return Board(rows, list(view.get("scores", [])), int(view["options"].get("target", 0)))
