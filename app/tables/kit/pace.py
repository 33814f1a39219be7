"""How long a computer's move stays on screen before the next one: the pace at each speed.

Pauses exist to show what happened, not to make the person wait. After a computer's move
the driver waits

- ``step`` when the same computer goes on (its card lands and is seen),
- ``hidden`` after a move whose cards nobody sees (a card drawn into a computer's hand),
- ``turn`` when the next player takes over (the end of a computer's turn, a card into a
  trick, a declaration),
- ``first`` before the computer's first move after the person's (the person's own card lands),

and nothing before the person's turn: the person looks at the last move while choosing. A
finished trick is held by its table (the Rosenkrieg table's ``HOLD``), not here. When the
computers' moves have taken ``rush`` seconds since the person's, the rest go at the fast
pace, their cards with the fast flights (``Table.duration``).

The driver decides the computer's next move while a pause runs, and counts the time the
table took to draw the move against it: a pause is the time a move is on screen, not time
added after the work (``TableDriver``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.tables.kit.feel import DEALT_FROM


@dataclass(frozen=True)
class Pace:
    first: float
    step: float
    hidden: float
    turn: float
    # Seconds into the computer's moves (since the person's last) after which the rest go at the
    # fast pace and with fast flights: a long series (five players, several cards each, or a busy
    # machine) still comes back to the person in a few seconds. None: never.
    rush: float | None = None


# Seconds per animation speed (kit.motion.FLIGHT_MS: a step outlasts most of a card's flight,
# whose ease-out curve has it within a few pixels of its place after two thirds of the time).
PACES = {
    "slow": Pace(first=0.8, step=0.8, hidden=0.25, turn=1.1),
    "normal": Pace(first=0.25, step=0.22, hidden=0.06, turn=0.35, rush=3.5),
    "fast": Pace(first=0.15, step=0.15, hidden=0.03, turn=0.2),
    "off": Pace(first=0.0, step=0.0, hidden=0.0, turn=0.0),
}


RUSHED = "fast"  # the pace (and flights) of a rush


def pace_for(settings: Any) -> Pace:
    """The pace for the app's speed setting (normal when it is unknown)."""
    return PACES.get(getattr(settings, "speed", "normal"), PACES["normal"])


def rushing(pace: Pace, elapsed: float) -> bool:
    """Whether the computer's moves, ``elapsed`` seconds after the person's last, go faster now."""
    return pace.rush is not None and elapsed >= pace.rush


def _place(name: Any) -> str:
    return str(name).split(":", 1)[0]


def unseen(events: list[dict[str, Any]]) -> bool:
    """Whether a move only took cards from a deck into a hand (nothing new to look at)."""
    moves = [e for e in events if e.get("type") == "move"]
    return bool(moves) and all(_place(e.get("from", "")) in DEALT_FROM and _place(e.get("to", "")) == "hand"
                               for e in moves)


def pause_after(pace: Pace, events: list[dict[str, Any]], mover: int | None, session: Any) -> float:
    """Seconds to show a computer's move by ``mover`` that reported ``events`` before the next
    computer moves (the driver waits nothing when the person is next)."""
    if session.to_move != mover:
        return pace.turn
    if unseen(events):
        return pace.hidden
    return pace.step
