"""What the Deck of Spies table shows and allows, as plain functions of the player's view.

No Flet here, so every rule of the screen is unit-tested without a page. The
engine decides legality (``selection_status``, ``legal_actions``); this module only
words it for the player (in German or English) and groups it for the screen.
Everything takes ``session.view(0)``: the draw pile's order never reaches it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from core import cards as cards_mod
from core.games import deck_of_spies as dos

TOTAL_SPIES = 36
FACES = 12
NEED = dos.WIN_FACES
PLACES = dos.PLACES  # hand, draw, discard

T = Callable[..., str]


# --- card texts --------------------------------------------------------------------------


def card_text(card: str, lang: str) -> str:
    """``10♠`` / ``B♥`` (German jack): the short form used in sentences."""
    return cards_mod.index_label(card, lang) + cards_mod.SUIT_SYMBOLS.get(card[1], card[1])


def cards_text(cards: Iterable[str], lang: str) -> str:
    return " ".join(card_text(c, lang) for c in dos.sort_cards(cards))


def suit_symbol(card_or_suit: str) -> str:
    suit = card_or_suit[-1]
    return cards_mod.SUIT_SYMBOLS.get(suit, suit)


def value(card: str) -> int:
    return dos.VALUE[card]


def total(cards: Iterable[str]) -> int:
    return dos.hand_total(cards)


# --- the view ------------------------------------------------------------------------------


def spy(view: dict[str, Any]) -> str | None:
    """The spy the player faces now (in the retire step: the next one, already face up)."""
    return view.get("spy")


def spy_number(view: dict[str, Any]) -> int:
    """Which spy of the 36 the player is dealing with: the one on top, or while retiring the one
    just countered or recruited (36 once the deck is empty)."""
    return dos.spy_number(len(view.get("spies") or []), str(view.get("phase", "play")), TOTAL_SPIES)


def group_counts(view: dict[str, Any]) -> list[tuple[str, int]]:
    """Spies left per group, top group first: ``[("5-7", 8), ("8-10", 12), ("J-K", 12)]``."""
    left = view.get("spies_left") or {}
    return [(g, int(left.get(g, 0))) for g, _ in dos.GROUPS]


def current_group(view: dict[str, Any]) -> str | None:
    s = spy(view)
    return dos.GROUP_OF.get(s) if s else None


@dataclass(frozen=True)
class Tally:
    """The face cards: the player's (hand, draw pile, discard), the spies' (spy discard), open."""

    mine: int
    spies: int
    need: int = NEED

    @property
    def open(self) -> int:
        return FACES - self.mine - self.spies

    @property
    def decided_loss(self) -> bool:
        return self.mine + self.open < self.need


def tally(view: dict[str, Any]) -> Tally:
    result = view.get("result")
    if result and isinstance(result.get("face_cards"), dict):
        fc = result["face_cards"]
        return Tally(int(fc["player"]), int(fc["spies"]))
    mine = sum(1 for f in ("hand", "draw_cards", "discard") for c in view.get(f) or () if c[0] in "JQK")
    spies = sum(1 for c in view.get("spy_discard") or () if c[0] in "JQK")
    return Tally(mine, spies)


def faces_in(cards: Iterable[str]) -> int:
    return sum(1 for c in cards if c[0] in "JQK")


# --- choosing a counter or recruit ------------------------------------------------------------


@dataclass(frozen=True)
class PlayStatus:
    """The running sum of a selection against the spy and what it allows, with the reason."""

    total: int
    need: int
    can_counter: bool
    can_recruit: bool
    reason: str

    @property
    def any(self) -> bool:
        return self.can_counter or self.can_recruit


def _low(cards: Sequence[str]) -> str:
    return min(cards, key=lambda c: (dos.VALUE[c], dos.ORDER[c]))


def _values(cards: Iterable[str]) -> str:
    return "+".join(str(dos.VALUE[c]) for c in sorted(cards, key=dos.VALUE.__getitem__))


def _extra_reason(chosen: Sequence[str], others: Sequence[str], need: int, t: T, lang: str) -> str | None:
    if not others:
        return None
    low = _low(others)
    if total(chosen) - dos.VALUE[low] >= need:
        rest = list(chosen)
        rest.remove(low)
        return t("spies.why.extra", card=card_text(low, lang), rest=_values(rest), need=need)
    return None


def counter_reason(chosen: Sequence[str], spy_card: str, t: T, lang: str) -> str | None:
    """Why these cards cannot counter (S-2, S-2.1), worded for the player; None if they can."""
    need = dos.VALUE[spy_card]
    if not chosen:
        return t("spies.why.pick", need=need)
    if total(chosen) < need:
        return t("spies.why.short", total=total(chosen), need=need)
    return _extra_reason(chosen, chosen, need, t, lang)


def recruit_reason(chosen: Sequence[str], spy_card: str, t: T, lang: str) -> str | None:
    """Why these cards cannot recruit (S-3, S-3.1); None if they can."""
    need, suit = dos.VALUE[spy_card], spy_card[1]
    if not chosen:
        return t("spies.why.pick", need=need)
    ace = "A" + suit
    if ace in chosen:
        others = [c for c in chosen if c != ace]
    else:
        if any(c[1] != suit for c in chosen):
            return t("spies.why.suit", suit=suit_symbol(suit), ace=card_text(ace, lang))
        others = list(chosen)
    if total(chosen) < need:
        return t("spies.why.short", total=total(chosen), need=need)
    return _extra_reason(chosen, others, need, t, lang)


def play_status(view: dict[str, Any], selected: Iterable[str], t: T, lang: str) -> PlayStatus:
    """The selection against the spy: legality from the engine, the reason in the player's words."""
    chosen = [c for c in dict.fromkeys(selected)]
    s = spy(view)
    if not s or view.get("over") or view.get("phase") != "play":
        return PlayStatus(total(chosen), 0, False, False, "")
    need = dos.VALUE[s]
    can_c, can_r, _ = dos.selection_status(view, chosen)
    if can_c and can_r:
        reason = t("spies.why.both")
    elif can_c:
        reason = t("spies.why.no_recruit", reason=recruit_reason(chosen, s, t, lang) or "")
    elif can_r:
        reason = t("spies.why.no_counter", ace=card_text("A" + s[1], lang), suit=suit_symbol(s))
    elif "A" + s[1] in chosen:
        reason = recruit_reason(chosen, s, t, lang) or ""
    else:
        reason = counter_reason(chosen, s, t, lang) or ""
    return PlayStatus(total(chosen), need, can_c, can_r, reason)


def play_action(kind: str, selected: Iterable[str]) -> str:
    """``counter 2C 3D`` / ``recruit …`` in the engine's notation."""
    return f"{kind} {' '.join(dos.sort_cards(selected))}"


# --- assassination ---------------------------------------------------------------------------


def must_assassinate(view: dict[str, Any]) -> bool:
    """The hand cannot reach the spy: only an assassination is allowed (S-4)."""
    s = spy(view)
    return (bool(s) and not view.get("over") and view.get("phase") == "play"
            and total(view.get("hand") or ()) < dos.VALUE[s])


def assassinate_choices(legal: Iterable[Any]) -> list[tuple[str, list[str]]]:
    """The places an ace may come from, with the aces there (only places that have one)."""
    by_place: dict[str, list[str]] = {}
    for a in legal:
        if isinstance(a, dos.Assassinate):
            by_place.setdefault(a.place, []).append(a.card)
    return [(p, dos.sort_cards(by_place[p])) for p in PLACES if p in by_place]


def assassinate_action(place: str, ace: str) -> str:
    return f"assassinate {place} {ace}"


# --- retiring ---------------------------------------------------------------------------------


def retirable(hand: Iterable[str]) -> set[str]:
    """Hand cards that have at least one partner of the same rank (only those can retire)."""
    hand = list(hand)
    return {c for c in hand if sum(1 for d in hand if d[0] == c[0]) >= 2}


@dataclass(frozen=True)
class RetireStatus:
    ok: bool
    reason: str
    aces: bool  # retiring aces needs a confirmation (S-5.2)
    faces: bool  # retired face cards count for the spies (S-5.3)


def retire_status(hand: Iterable[str], selected: Iterable[str], t: T, lang: str) -> RetireStatus:
    chosen = [c for c in dict.fromkeys(selected) if c in set(hand)]
    if not chosen:
        return RetireStatus(False, t("spies.retire.prompt"), False, False)
    if len({c[0] for c in chosen}) > 1:
        return RetireStatus(False, t("spies.retire.mixed"), False, False)
    if len(chosen) < 2:
        return RetireStatus(False, t("spies.retire.single"), False, False)
    faces = chosen[0][0] in "JQK"
    reason = t("spies.retire.ok", cards=cards_text(chosen, lang))
    if faces:
        reason += " " + t("spies.retire.faces")
    return RetireStatus(True, reason, chosen[0][0] == "A", faces)


def retire_action(selected: Iterable[str]) -> str:
    return f"retire {' '.join(dos.sort_cards(selected))}"


# --- hints -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    """A suggestion: which button to press, which cards it uses, and why (one line)."""

    kind: str  # counter, recruit, assassinate, retire, done
    cards: tuple[str, ...]
    text: str
    place: str | None = None  # for an assassination: where the ace comes from


def hint_from_action(action: Any, view: dict[str, Any], t: T, lang: str) -> Hint:
    """Word the hard bot's suggested action for the player."""
    if isinstance(action, str):
        action = dos.parse(action)
    s = spy(view)
    hand = list(view.get("hand") or ())
    if isinstance(action, dos.Done):
        return Hint("done", (), t("spies.hint.done"))
    if isinstance(action, dos.Retire):
        return Hint("retire", tuple(action.cards), t("spies.hint.retire", cards=cards_text(action.cards, lang)))
    if isinstance(action, dos.Assassinate):
        text = t("spies.hint.assassinate", spy=card_text(s, lang) if s else "", ace=card_text(action.card, lang),
                 place=t(f"spies.place_in.{action.place}"), total=total(hand),
                 need=dos.VALUE[s] if s else 0)
        return Hint("assassinate", (action.card,) if action.place == "hand" else (), text, action.place)
    assert s is not None
    if isinstance(action, dos.Recruit):
        why = t("spies.hint.why_face") if s[0] in "JQK" else t("spies.hint.why_deck")
        ace = "A" + s[1]
        if ace in action.cards and any(c[1] != s[1] for c in action.cards):
            why += t("spies.hint.ace", ace=card_text(ace, lang), suit=suit_symbol(s))
        return Hint("recruit", tuple(action.cards),
                    t("spies.hint.recruit", spy=card_text(s, lang), cards=cards_text(action.cards, lang), why=why))
    kept = [c for c in hand if c not in action.cards]
    keep = t("spies.hint.keep", cards=cards_text(kept, lang)) if kept else ""
    return Hint("counter", tuple(action.cards),
                t("spies.hint.counter", spy=card_text(s, lang), cards=cards_text(action.cards, lang), keep=keep))


# --- the end -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ending:
    won: bool
    perfect: bool
    reason: str  # won, face_cards, no_double_agent
    mine: int
    spies: int
    points: int | None


def ending(view: dict[str, Any]) -> Ending | None:
    result = view.get("result")
    if not view.get("over") or not result:
        return None
    tl = tally(view)
    won = bool(result.get("winners"))
    reason = str(result.get("reason") or ("won" if won else "face_cards"))
    points = result.get("points")
    return Ending(won, won and tl.mine == FACES, reason, tl.mine, tl.spies,
                  int(points) if isinstance(points, (int, float)) else None)


def ending_text(e: Ending, t: T) -> str:
    return t(f"spies.reason.{e.reason}", mine=e.mine, need=NEED)


def zones(view: dict[str, Any]) -> dict[str, str]:
    """Every card the player knows the place of: card -> hand, discard, spy_discard, removed,
    draw (contents known, order not), spy (the top spy) or spies (below the top)."""
    out: dict[str, str] = {}
    for c in view.get("spies_below") or ():
        out[c] = "spies"
    for c in view.get("draw_cards") or ():
        out[c] = "draw"
    for field in ("discard", "spy_discard", "removed", "hand"):
        for c in view.get(field) or ():
            if c != cards_mod.UNKNOWN:
                out[c] = field
    s = spy(view)
    if s:
        out[s] = "spy"
    return out
