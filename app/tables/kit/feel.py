"""Which sounds and haptics a move calls for, read from the engine's events (no rules here).

Every game reports what happened as events (``core.games.base.move_event``): cards moving
from one place to another, shuffles, the end. The kit turns them into feedback the same
way for every table: a card leaving a hand is played, cards gathered into a collection,
trick or the player's pile are taken, cards coming from a deck or draw pile are dealt.
A person's own moves also buzz on a phone; the computer's moves only sound.
"""

from __future__ import annotations

from typing import Any

from app import feedback

GATHERED = ("collection", "trick", "won", "tricks")  # places a take ends in
DEALT_FROM = ("deck", "draw", "talon", "stock")


def _place(name: str) -> str:
    return str(name).split(":", 1)[0]


def cues(events: list[dict[str, Any]], session: Any) -> list[tuple[str, bool]]:
    """The feedback events for a batch of engine events, each kind once, in order of first
    appearance, with whether a person made the move (``(event, by_person)``)."""
    out: list[tuple[str, bool]] = []
    seen: set[str] = set()

    def add(kind: str, seat: Any) -> None:
        if kind in seen:
            return
        seen.add(kind)
        by_person = not (isinstance(seat, int) and 0 <= seat < len(session.seats) and session.seats[seat].is_bot)
        out.append((kind, by_person))

    for ev in events:
        kind = ev.get("type")
        if kind == "move":
            src, dst, seat = _place(ev.get("from", "")), _place(ev.get("to", "")), ev.get("seat")
            if dst in GATHERED or ev.get("action") == "recruit":
                add("take", seat)
            elif src == "hand" and dst != "hand":
                add("play", seat)
            elif src in DEALT_FROM and dst == "hand":
                add("deal", seat)
        elif kind == "shuffle":
            add("shuffle", None)
        elif kind in ("game_over", "over"):
            ending = _ending(session)
            if ending:
                add(ending, None)
    return out


def _ending(session: Any) -> str | None:
    """"win" when a person at the device won, "loss" when only computers did, None without people."""
    out = session.outcome
    humans = session.humans
    if out is None or not humans:
        return None
    return "win" if any(w in humans for w in out.winners) else "loss"


def give(app_state: Any, events: list[dict[str, Any]], session: Any) -> None:
    """Sound (and for a person's move, buzz) what these events did."""
    for kind, by_person in cues(events, session):
        if by_person:
            feedback.cue(app_state, kind)
        else:
            feedback.play(app_state, feedback.EVENTS[kind][0])


def refused(app_state: Any) -> None:
    """A refused attempt: the soft double tick (and a buzz on a phone)."""
    feedback.cue(app_state, "illegal")
