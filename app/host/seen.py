"""A hosted game as one device's table sees it: the host's, or a guest phone's.

The tables are drawn from a ``GameSession`` (``state``, ``view(seat)``, ``seats`` …) and ask
it for their privacy guard (``privacy_guard``, see ``app.tables.kit.table``). A ``SeatSession``
stands in for the hosted game on one device and is the one place that decides what that
device may see and do (STYLE 17):

- a **guest's phone** (``token`` given) reads only its seat's view (its ``state`` *is* that
  view, its ``snapshots`` are views too), acts only through ``Room.act`` with its token, gets
  legal actions and hints only on its own turn, and is drawn for its seat with no
  pass-the-device screen (``GuestEyes``);
- the **host's device** reads the game, but is drawn only for the people sitting at it (the
  seats that are no phone's), with the pass-the-device screen between them when there are
  several (``HostEyes``), and acts only for them.

Neither drives the computer: the room's driver does (``bots_elsewhere``), so the computer plays
whichever screen the host shows. No Flet here.
"""

from __future__ import annotations

from typing import Any

from core.errors import IllegalAction
from core.games.base import Action, State
from core.host.room import undo_is_theirs

GUIDE_KEYS = ("guide",)  # a guided first deal's coach is the host's, never a guest's


class SeatSession:
    """One device's window on a hosted game (see the module's docstring)."""

    bots_elsewhere = True  # the kit's driver leaves the computer's turns to the room
    read_only = False

    def __init__(self, room: Any, local: list[int], token: str | None = None) -> None:
        self._room = room
        self.local = sorted(local)  # the seats whose people look at this device
        self.token = token
        self.acting = False  # this device's own move is being applied (its table draws it itself)
        self._seen: tuple[Any, State] | None = None
        # A guest's table keeps its own notes (which round's sheet it closed) apart from the game's.
        self.meta: dict[str, Any] = (self._session.meta if token is None else
                                     {k: v for k, v in self._session.meta.items() if k not in GUIDE_KEYS})

    @property
    def _session(self) -> Any:
        # The room's game as it is now (a circle's table may replace its copy of the game).
        return self._room.session

    def __getattr__(self, name: str) -> Any:
        # Everything a table reads that needs no guarding (game, seats, to_move, over, outcome …).
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._session, name)

    # --- who this device is ------------------------------------------------------------

    @property
    def guest(self) -> bool:
        return self.token is not None

    @property
    def seat(self) -> int | None:
        """A guest's seat (None for the host's device)."""
        return self.local[0] if self.guest else None

    @property
    def humans(self) -> list[int]:
        """The people this device is drawn for: its "you" when there is one."""
        return list(self.local)

    @property
    def privacy_guard(self) -> type:
        return GuestEyes if self.guest else HostEyes

    def owns_turn(self) -> bool:
        s = self._session
        return not s.over and s.to_move in self.local

    # --- what it reads --------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The game's state; on a guest's phone its seat's view (the same object while nothing moves)."""
        real = self._session.state
        if not self.guest:
            return real
        if self._seen is None or self._seen[0] is not real:
            self._seen = (real, self._session.view(self.seat))
        return self._seen[1]

    def view(self, seat: int | None) -> State:
        """A seat's view: on a guest's phone only its own, any other as an onlooker sees it."""
        if self.guest and seat != self.seat:
            seat = None
        return self._session.view(seat)

    @property
    def snapshots(self) -> list[State]:
        if not self.guest:
            return self._session.snapshots
        game = self._session.game
        return [game.view(snap, self.seat) for snap in self._session.snapshots]

    @property
    def actions(self) -> list[str]:
        # A guest's table counts the moves; their texts may name cards it did not see.
        if not self.guest:
            return self._session.actions
        return [""] * len(self._session.actions)

    def legal(self) -> list[Action]:
        return self._session.legal() if self.owns_turn() else []

    def why_illegal(self, action: Any) -> str | None:
        if not self.owns_turn():
            return "it is not your turn"
        return self._session.why_illegal(action)

    @property
    def can_undo(self) -> bool:
        """Only a move of this device's own people, before any other person has moved or is
        to move: an undo never takes back, nor takes away, another person's turn."""
        return undo_is_theirs(self._session, self.local)

    def record(self) -> dict[str, Any]:
        if self.guest:
            raise IllegalAction("a guest's phone holds no record of the game")
        return self._session.record()

    # --- what it does ------------------------------------------------------------------------

    def apply(self, action: Action | str) -> list[dict[str, Any]]:
        """Play for this device's seat on its turn.

        :raises IllegalAction: when it is not this device's turn (a phone's seat on the host's
            device, another seat on a phone), or the rules refuse it; nothing changes then.
        :raises SeatError: on a phone whose seat was handed to another phone or the computer.
        """
        if not self.owns_turn():
            raise IllegalAction("it is not this device's turn")
        self.acting = True
        try:
            if self.guest:
                return self._room.act(self.token, action)
            return self._session.apply(action)
        finally:
            self.acting = False

    def undo(self) -> bool:
        """Take back this device's own last move (and the computer's replies), see ``can_undo``;
        a phone's through the room, with its token."""
        if not self.can_undo:
            return False
        self.acting = True
        try:
            return self._room.undo(self.token) if self.guest else self._session.undo()
        finally:
            self.acting = False

    def hint(self, level: str = "hard") -> tuple[Action, str]:
        if not self.owns_turn():
            raise IllegalAction("a hint is given on one's own turn")
        return self._session.hint(level)

    def bot_action(self, rng: Any = None) -> Action:
        raise IllegalAction("the room plays the computer's turns")


class GuestEyes:
    """A guest phone's guard: always its own seat, never hidden (the phone is that person's)."""

    hot_seat = False
    revealed_for: int | None = None

    def __init__(self, session: SeatSession) -> None:
        self.session = session

    def viewer(self) -> int | None:
        return self.session.seat

    def needs_handover(self, seat: int | None) -> bool:
        return False

    def reveal(self, seat: int) -> None:
        pass

    def conceal(self) -> None:
        pass


class HostEyes:
    """The host device's guard: drawn for the people at it, never for a phone's seat.

    One person at the host's device: their seat. Several: the one to move, after the
    pass-the-device screen (as at any shared device), else an onlooker's view. Nobody (the
    host's device is only the table everyone watches): an onlooker's view.
    """

    def __init__(self, session: SeatSession) -> None:
        self.session = session
        self.revealed_for: int | None = None

    @property
    def hot_seat(self) -> bool:
        return len(self.session.local) > 1

    def viewer(self) -> int | None:
        local = self.session.local
        if not local:
            return None
        if self.session.owns_turn():
            return self.session.to_move
        return local[0] if len(local) == 1 else None

    def needs_handover(self, seat: int | None) -> bool:
        return (seat is not None and self.hot_seat and not self.session.over
                and self.revealed_for != seat)

    def reveal(self, seat: int) -> None:
        self.revealed_for = seat

    def conceal(self) -> None:
        self.revealed_for = None
