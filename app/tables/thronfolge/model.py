"""What the Thronfolge table shows, computed from a seat's view only (no Flet here).

Everything here reads ``session.view(seat)`` — never the full state — and asks the
engine for rules: scores come from ``score_breakdown``/``live_scores``, and the
previews ("what would a take give me", "what could my opponent take after this play")
run the engine's own ``apply_unchecked`` on a copy of the view. Hidden cards in a view
are ``"??"`` and stay that way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.tables.kit.text import reason_key
from core import cards as C
from core.games import thronfolge as tf

FAMILIES = "CDHS"  # display order: smallest family first, like the rules' card table
KIND_ORDER = ("supporter", "favour", "betrayal", "crown")


def split_line(line: list[str]) -> tuple[list[str], list[str]]:
    """The line as (older cards out of reach, the last five that a take would get)."""
    cut = max(0, len(line) - tf.TAKE_SIZE)
    return list(line[:cut]), list(line[cut:])


@dataclass(frozen=True)
class Family:
    """One family's standing: supporters per seat, its value, and who holds the majority."""

    suit: str
    value: int
    counts: tuple[int, int]
    leader: int | None  # the seat with strictly more supporters, else None (tie, also 0:0)


@dataclass(frozen=True)
class Tally:
    """One seat's public collection, summed up the way the scoring counts it."""

    supporters: dict[str, int]
    family_points: dict[str, int]
    sets: int
    set_points: int
    favours: int
    betrayals: int
    crowns: int
    total: int
    favour_cards: tuple[str, ...]
    betrayal_cards: tuple[str, ...]
    crown_cards: tuple[str, ...]
    by_family: dict[str, tuple[str, ...]]


def _tally(collection: list[str], other: list[str]) -> Tally:
    bd = tf.score_breakdown(collection, other)
    by_family = {f: tuple(c for c in collection if tf.card_type(c) == "supporter" and c[1] == f)
                 for f in FAMILIES}
    return Tally(supporters=dict(bd["supporters"]), family_points=dict(bd["families"]), sets=bd["sets"],
                 set_points=bd["set_points"], favours=bd["favours"], betrayals=bd["betrayals"],
                 crowns=bd["crowns"], total=bd["total"],
                 favour_cards=tuple(c for c in collection if tf.card_type(c) == "favour"),
                 betrayal_cards=tuple(c for c in collection if tf.card_type(c) == "betrayal"),
                 crown_cards=tuple(c for c in collection if tf.card_type(c) == "crown"),
                 by_family=by_family)


def tallies(view: dict[str, Any]) -> tuple[Tally, Tally]:
    """Both seats' live tallies from the public collections."""
    a, b = view["collections"]
    return _tally(a, b), _tally(b, a)


def families(view: dict[str, Any]) -> list[Family]:
    """The four families with both seats' supporter counts and the majority holder."""
    t0, t1 = tallies(view)
    out = []
    for f in FAMILIES:
        n0, n1 = t0.supporters[f], t1.supporters[f]
        leader = 0 if n0 > n1 else 1 if n1 > n0 else None
        out.append(Family(f, tf.FAMILY_VALUE[f], (n0, n1), leader))
    return out


def live_scores(view: dict[str, Any]) -> tuple[int, int]:
    a, b = tf.live_scores(view)
    return a, b


@dataclass(frozen=True)
class TakePreview:
    """What taking now would do for ``seat``: the cards, both scores before and after."""

    seat: int
    cards: tuple[str, ...]
    before: tuple[int, int]
    after: tuple[int, int]
    instant_win: bool  # the take completes three crowns (T-5)
    forced: bool  # the hand is empty: taking is the only move (T-3.1)
    empty: bool  # the line is empty: the take gets nothing (T-3.4)

    @property
    def gain(self) -> int:
        return self.after[self.seat] - self.before[self.seat]

    @property
    def other_change(self) -> int:
        o = 1 - self.seat
        return self.after[o] - self.before[o]


def take_preview(view: dict[str, Any], seat: int) -> TakePreview:
    """The engine's own take applied to a copy of the view (its hidden cards stay ``"??"``)."""
    probe = tf.GAME.copy_state(view)
    probe["to_move"] = seat
    after_state = tf.GAME.apply_unchecked(probe, tf.TAKE)
    got = tuple(after_state["collections"][seat][len(view["collections"][seat]):])
    result = after_state.get("result") or {}
    return TakePreview(seat=seat, cards=got, before=live_scores(view), after=live_scores(after_state),
                       instant_win=bool(after_state["over"] and result.get("reason") == "crowns"),
                       forced=not view["hands"][seat], empty=not got)


@dataclass(frozen=True)
class PlayPreview:
    """What playing ``card`` leaves on the table: the new line and what the opponent could take."""

    card: str
    line: tuple[str, ...]
    threat: TakePreview | None  # the opponent's take right after, when they may still take


def play_preview(view: dict[str, Any], seat: int, card: str) -> PlayPreview:
    probe = tf.GAME.copy_state(view)
    probe["to_move"] = seat
    nxt = tf.GAME.apply_unchecked(probe, tf.PLAYS[card])
    other = 1 - seat
    threat = None
    if (not nxt["over"] and nxt["round"] == view["round"] and nxt["to_move"] == other
            and not nxt["taken"][other] and nxt["line"]):
        threat = take_preview(nxt, other)
    return PlayPreview(card=card, line=tuple(nxt["line"]), threat=threat)


def crown_danger(view: dict[str, Any]) -> list[int]:
    """Seats holding two crowns: one more crown in reach would end the game."""
    return [s for s in (0, 1) if sum(1 for c in view["collections"][s] if c in tf.CROWNS) == 2]


# --- reasons and results ---------------------------------------------------------------------

WHY_KEYS = (
    ("already taken", "tf.why.taken"),
    ("line is empty", "tf.why.empty_line"),
    ("hand is empty", "tf.why.must_take"),
    ("game is over", "play.over"),
)


def why_key(reason: str | None) -> str | None:
    """The i18n key for one of the engine's reasons (its texts are English), else None."""
    return reason_key(reason, WHY_KEYS)


@dataclass(frozen=True)
class ResultRow:
    key: str  # "family", "sets", "favours", "betrayals", "crowns", "total"
    suit: str | None
    values: tuple[int, int]  # points per seat
    detail: tuple[int, int] | None  # supporter counts (families) or set/crown counts


def result_rows(result: dict[str, Any]) -> list[ResultRow]:
    """The final score line by line, for both seats, from the engine's result breakdown."""
    b0, b1 = result["breakdown"]
    rows = []
    for f in FAMILIES:
        rows.append(ResultRow("family", f, (b0["families"][f], b1["families"][f]),
                              (b0["supporters"][f], b1["supporters"][f])))
    rows.append(ResultRow("sets", None, (b0["set_points"], b1["set_points"]), (b0["sets"], b1["sets"])))
    rows.append(ResultRow("favours", None, (b0["favours"], b1["favours"]), None))
    rows.append(ResultRow("betrayals", None, (b0["betrayals"], b1["betrayals"]), None))
    rows.append(ResultRow("crowns", None, (0, 0), (b0["crowns"], b1["crowns"])))
    rows.append(ResultRow("total", None, (b0["total"], b1["total"]), None))
    return rows


def tiebreak_decider(result: dict[str, Any]) -> tuple[str, tuple[int, int]] | None:
    """For a tie on points: what decided it (``"S"``/``"H"``/``"D"``/``"C"`` or ``"crowns"``)
    and both counts; None when the totals differ or everything was level."""
    if result.get("reason") != "tiebreak":
        return None
    b0, b1 = result["breakdown"]
    for f in tf.FAMILIES:  # the engine's tie-break order ♠ ♥ ♦ ♣
        if b0["supporters"][f] != b1["supporters"][f]:
            return f, (b0["supporters"][f], b1["supporters"][f])
    return "crowns", (b0["crowns"], b1["crowns"])


def kind_of(card: str) -> str:
    return tf.card_type(card)


def points_of(card: str) -> int:
    return tf.card_points(card)


def is_hidden(card: str) -> bool:
    return card == C.UNKNOWN


# --- between two rounds ----------------------------------------------------------------------


@dataclass(frozen=True)
class RoundRecap:
    """A round just played: both standings (points as if scored) at its start and its end."""

    round: int
    before: tuple[int, int]
    after: tuple[int, int]
    starter: int  # who starts the next round

    @property
    def gains(self) -> tuple[int, int]:
        return self.after[0] - self.before[0], self.after[1] - self.before[1]

    @property
    def winner(self) -> int | None:
        """The seat that gained more in the round; None for a level round."""
        a, b = self.gains
        return 0 if a > b else 1 if b > a else None


def round_recap(history: list[dict[str, Any]], state: dict[str, Any]) -> RoundRecap | None:
    """The round that ended with the last move (``state`` is the game after it, ``history`` the
    states before each move), or None when the last move did not end a round or ended the game."""
    if not history or state.get("over") or history[-1]["round"] >= state["round"]:
        return None
    played = history[-1]["round"]
    start = next(s for s in history if s["round"] == played)
    return RoundRecap(round=played, before=live_scores(start), after=live_scores(state),
                      starter=state["starter"])
