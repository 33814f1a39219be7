"""The Kings hint's words: the strongest computer's move and why, read from the player's view (no Flet).

``session.hint()`` gives the hard bot's move and its reason in the engine's English;
``advise`` turns both into a situation (a string key ``kc.tip.<key>`` and the values its
sentence names) from the same view the bot decided from: the hand, the piles, the talon's
count. What the bot's plan adds (its whole hand goes out this turn, cards it keeps back
because they will surely fit later) is read from the reason's fixed wording. Nothing here
reads a card the player cannot see.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from app.tables.kings_corner.model import Pick, card_text
from core.games import kings_corner as kc

_KEEPS = re.compile(r"keeps (?P<cards>.+?) back")
_OUT = re.compile(r"goes out this turn")


@dataclass(frozen=True)
class Advice:
    """A suggested move: its action text, what to pick on the table and where it goes, the
    reason's key (``kc.tip.<key>``), the values its sentence names and the notes after it."""

    action: str
    pick: Pick | None
    target: str | None
    key: str
    values: dict[str, Any] = field(default_factory=dict)
    out: bool = False  # the plan plays out the whole hand this turn
    kept: tuple[str, ...] = ()  # cards the plan keeps back, sure to fit later


def follower(card: str, hand: list[str]) -> str | None:
    """A hand card that could go on ``card`` next (one rank lower, the other colour), or None."""
    return next((c for c in hand if c != card and kc.fits(c, card)), None)


def kept_cards(reason: str, hand: list[str]) -> tuple[str, ...]:
    """The hand cards the hard bot's reason says it keeps back ("keeps K♠ 7♥ back, …")."""
    m = _KEEPS.search(reason or "")
    if m is None:
        return ()
    by_label = {kc.label(c): c for c in hand}
    return tuple(by_label[w] for w in m.group("cards").split() if w in by_label)


def advise(view: dict[str, Any], seat: int, action: Any, reason: str = "") -> Advice:
    """The situation ``action`` answers, for the person at ``seat``, from their view."""
    act = kc.parse(str(action)) if not isinstance(action, kc.KingsAction) else action
    piles = view["piles"]
    hand = list(view["hands"][seat])
    out = bool(_OUT.search(reason or ""))
    kept = kept_cards(reason, hand)
    text = str(act)
    if isinstance(act, kc.Draw):
        return Advice(text, None, None, "draw")
    if isinstance(act, kc.End):
        return Advice(text, None, None, "end_keep" if kept else "end", {"cards": kept} if kept else {}, kept=kept)
    if isinstance(act, kc.Move):  # (a corner pile never moves: only an edge's pile does)
        src, dst = act.src, act.dst
        if piles[dst]:
            return Advice(text, Pick("pile", src), dst, "move", {"src": src, "dst": dst, "top": piles[dst][-1]},
                          out, kept)
        return Advice(text, Pick("pile", src), dst, "move_king_pile", {"src": src, "dst": dst}, out, kept)
    assert isinstance(act, kc.Play)
    card, pos = act.card, act.to
    nxt = follower(card, hand)
    values = {"card": card, "pos": pos}
    if nxt is not None:
        values["next"] = nxt
    if piles[pos]:
        values["top"] = piles[pos][-1]
        key = "build_run" if nxt else "build"
    elif pos in kc.CORNERS:
        key = "king_run" if nxt else "king"
    else:
        key = "fill_run" if nxt else "fill"
    return Advice(text, Pick("card", card), pos, key, values, out, kept)


def advice_text(a: Advice, t: Callable[..., str], lang: str) -> str:
    """The hint's sentence in the player's language: the move, why, and the plan's notes."""
    values: dict[str, Any] = {}
    for name, value in a.values.items():
        if name in ("src", "dst", "pos"):
            values[name] = t(f"kc.pos.{value}")
        elif name == "cards":
            values[name] = " ".join(card_text(c, lang) for c in value)
        else:
            values[name] = card_text(value, lang)
    words = t(f"kc.tip.{a.key}", **values)
    if a.out:
        words += " " + t("kc.tip.out")
    elif a.kept and a.key != "end_keep":
        words += " " + t("kc.tip.keep", cards=" ".join(card_text(c, lang) for c in a.kept))
    return words

