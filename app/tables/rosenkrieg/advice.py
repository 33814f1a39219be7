"""The hint's words: why the strongest computer would make its move, read from the player's view (no Flet).

``session.hint()`` asks the hard bot for the move; ``advise`` tells which situation the move
answers (a reason key and what its sentence needs), from the same view the bot decided
from: the hand, the trick on the table, the tricks played and who is the Potentat. It never
reads a card the player cannot see, so a hint says nothing the table does not show.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from app.tables.rosenkrieg import model
from core import cards as C
from core.games import rosenkrieg as rk
from core.games.rosenkrieg.tricks import points as card_value, strength

PLAIN_SUITS = ("L", "T", "B")


@dataclass(frozen=True)
class Advice:
    """A suggested move: its action text, the cards it uses (lit and picked on the table), the
    reason's key (``rk.hint.<key>``) and the values its sentence names."""

    action: str
    cards: tuple[str, ...]
    key: str
    values: dict[str, Any] = field(default_factory=dict)
    ply: int = 0  # the position it was given for: a move later it is stale

    @property
    def kind(self) -> str:
        return "declare" if self.action in ("will", "pass") else self.action.split()[0]


def seen_cards(view: dict[str, Any], seat: int) -> set[str]:
    """Every card the player has seen in this Partie: the hand, the tricks, the trick, an Erbe of one's own."""
    seen = {c for c in view["hands"][seat] if c != C.UNKNOWN}
    for t in view["tricks"]:
        seen.update(t["cards"].split() if isinstance(t["cards"], str) else t["cards"])
    seen.update(view["trick"]["cards"])
    seen.update(c for c in view["erbe"] or () if c != C.UNKNOWN)
    return seen


def highest_out(view: dict[str, Any], seat: int, card: str) -> bool:
    """No card still unseen by the player beats ``card`` in its own suit (trumps: no higher trump)."""
    suit = rk.suit_of(card)
    seen = seen_cards(view, seat)
    higher = [c for c in rk.deck(view["players"]) if rk.suit_of(c) == suit and strength(c, suit) > strength(card, suit)]
    return all(c in seen for c in higher)


def _sides(view: dict[str, Any], seat: int, other: int) -> bool:
    """Whether ``other`` plays on the same side as ``seat`` (two challengers; never the Potentat)."""
    pot = view["potentat"]
    return other != seat and (other == pot) == (seat == pot)


def _voids(before: list[str], after: list[str]) -> list[str]:
    """Plain suits the hand held before laying away and holds no more."""
    had = {c[1] for c in before if not rk.is_trump(c)}
    left = {c[1] for c in after if not rk.is_trump(c)}
    return [s for s in PLAIN_SUITS if s in had and s not in left]


def advise(view: dict[str, Any], seat: int, action: Any, legal_count: int, ply: int = 0) -> Advice:
    """Why ``action`` (the hard bot's choice for ``seat``) is a good move here, from ``view`` alone.

    ``legal_count``: how many moves the player has (one: the move is forced).
    """
    act = rk.parse(str(action)) if not isinstance(action, rk.RosenkriegAction) else action
    text = str(act)
    hand = [c for c in view["hands"][seat] if c != C.UNKNOWN]
    if isinstance(act, rk.Declare):
        trumps, points = model.hand_strength(hand)
        aces = sum(1 for c in hand if c[0] == "A" and not rk.is_trump(c))
        return Advice(text, (), "will" if act.will else "pass", {"n": trumps, "points": points, "aces": aces}, ply)
    if isinstance(act, rk.Lay):
        cards = tuple(act.cards)
        rest = [c for c in hand if c not in cards]
        voids = _voids(hand, rest)
        values = {"a": cards[0], "b": cards[1], "points": rk.card_points(cards), "suits": voids}
        return Advice(text, cards, "lay_void" if voids else "lay", values, ply)
    card = act.card
    values: dict[str, Any] = {"card": card, "points": card_value(card)}
    if legal_count <= 1:
        return Advice(text, (card,), "only", values, ply)
    trick = list(view["trick"]["cards"])
    n, pot = view["players"], view["potentat"]
    if not trick:
        if seat == pot and rk.is_trump(card):
            return Advice(text, (card,), "lead_trump", values, ply)
        if highest_out(view, seat, card):
            return Advice(text, (card,), "lead_high", values, ply)
        return Advice(text, (card,), "lead_low", values, ply)
    leader = view["trick"]["leader"]
    with_mine = trick + [card]
    last = len(with_mine) == n
    values["trick"] = rk.card_points(with_mine)
    if rk.trick_winner(with_mine) == len(trick):
        return Advice(text, (card,), "win_last" if last else "win", values, ply)
    winner = (leader + rk.trick_winner(trick)) % n
    values["seat"] = winner
    if _sides(view, seat, winner):
        return Advice(text, (card,), "feed" if card_value(card) else "keep", values, ply)
    if rk.suit_of(card) != rk.suit_of(trick[0]) and not rk.is_trump(card):
        return Advice(text, (card,), "discard", values, ply)
    return Advice(text, (card,), "cheap", values, ply)


def advice_text(a: Advice, t: Callable[..., str], card_text: Callable[[str], str],
                name: Callable[[int], str], suit_text: Callable[[str], str]) -> str:
    """The hint in the player's language: the move, then why (``suit_text`` names a suit)."""
    v = a.values
    if a.kind == "declare":
        return t(f"rk.hint.{a.key}", n=v["n"], points=v["points"], aces=v["aces"])
    if a.kind == "lay":
        words = t("rk.hint.or").join(suit_text(s) for s in v["suits"])
        return t(f"rk.hint.{a.key}", a=card_text(v["a"]), b=card_text(v["b"]), points=v["points"], suits=words)
    extra = {"who": name(v["seat"])} if "seat" in v else {}
    return t(f"rk.hint.{a.key}", card=card_text(v["card"]), points=v["points"], trick=v.get("trick", 0), **extra)
