"""What a game's table reads during a replay: a read-only stand-in for the running game.

The tables are drawn from a ``GameSession`` (``state``, ``view(seat)``, ``seats`` …). A
``ReplaySession`` answers the same questions from one step of a ``core.replay.Replay`` and
refuses every action, so nothing reaches the engine; ``ReplayEyes`` takes the place of the
table's privacy guard and says whose eyes the table is drawn for. No Flet here.
"""

from __future__ import annotations

from typing import Any

from core.errors import RulesError
from core.games.base import Action, Outcome, State
from core.replay import Replay
from core.session import Seat

OPEN = "open"  # the seat chooser's "every card face up"
SHEET_EVENTS = frozenset({"partie", "round_over"})  # events after which a table shows a sheet


class ReplayRefused(RulesError):
    """An action sent to a replay: a replay shows a game, it is not played."""


class ReplaySession:
    """One finished game at one step of its replay, shaped like ``GameSession`` for the tables."""

    def __init__(self, replay: Replay, seats: list[dict[str, Any]], step: int | None = None) -> None:
        self.replay = replay
        self.game = replay.game
        self.seats = [Seat.from_json(s) for s in seats]
        self.step = replay.length if step is None else step
        self.eyes: int | str = OPEN
        self.game_id = replay.game_id
        # Empty meta: no guided-deal coach; a Partie's sheet counts as read only while it shows.
        self.meta: dict[str, Any] = {}
        self.undos = self.hints = 0
        self.snapshots: list[State] = []
        self.listeners: list[Any] = []
        # Nobody at the table "is" a person of the device: seats are named, never "you".
        self.humans: list[int] = []
        self.chrome_height = 0.0  # what the replay's control bar takes from the page's height

    # --- what the tables read --------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.replay.state(self.step)

    @property
    def actions(self) -> list[str]:
        return [m.action for m in self.replay.moves[:self.step]]

    @property
    def to_move(self) -> int | None:
        return self.state["to_move"]

    @property
    def over(self) -> bool:
        return bool(self.state["over"])

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    read_only = True  # the table kit offers no move
    bot_to_move = False
    can_undo = False
    assisted = False

    @property
    def open(self) -> bool:
        return self.eyes == OPEN

    def bottom_seat(self) -> int:
        """The seat drawn at the bottom of the table: the chosen one, else the first person's."""
        if isinstance(self.eyes, int):
            return self.eyes
        people = [i for i, s in enumerate(self.seats) if not s.is_bot]
        return people[0] if people else 0

    def view(self, seat: int | None) -> State:
        if self.open:
            return self.replay.open_view(self.step, seat)
        return self.replay.view(self.step, seat)

    def legal(self) -> list[Action]:
        return []

    def why_illegal(self, action: Any) -> str | None:
        return "a replay cannot be played"

    # --- what a table may try, refused ------------------------------------------------------

    def apply(self, action: Any) -> list[dict[str, Any]]:
        """:raises ReplayRefused: always; a replay is not played."""
        raise ReplayRefused("a replay cannot be played")

    def undo(self) -> bool:
        return False

    def hint(self, level: str = "hard") -> tuple[Action, str]:
        """:raises ReplayRefused: always; a replay gives no hints."""
        raise ReplayRefused("a replay gives no hints")

    # --- moving through the game ------------------------------------------------------------

    def go(self, step: int) -> int:
        """Move to ``step`` (kept within the game); returns the step reached."""
        self.step = max(0, min(self.replay.length, int(step)))
        return self.step

    def events_to(self, step: int) -> list[dict[str, Any]]:
        """The events that lead to ``step`` from the step before it, as the table's eyes saw them."""
        move = self.replay.move(step)
        if move is None:
            return []
        if self.open:
            return [dict(e) for e in move.events]
        return self.game.mask_events([dict(e) for e in move.events], self.bottom_seat())

    def left_a_sheet(self, step: int) -> bool:
        """Whether the move to ``step`` opened a sheet on the table (a round or Partie ended)."""
        move = self.replay.move(step)
        return move is not None and any(e.get("type") in SHEET_EVENTS for e in move.events)


class ReplayEyes:
    """The table's privacy guard during a replay: drawn for the chosen seat, never hidden."""

    hot_seat = False
    revealed_for: int | None = None

    def __init__(self, session: ReplaySession) -> None:
        self.session = session

    def viewer(self) -> int | None:
        return self.session.bottom_seat()

    def needs_handover(self, seat: int | None) -> bool:
        return False

    def reveal(self, seat: int) -> None:
        pass

    def conceal(self) -> None:
        pass


ReplaySession.privacy_guard = ReplayEyes  # what the table kit asks a session for its guard
