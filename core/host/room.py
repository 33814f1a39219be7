"""One hosted table: the running game, its door (code and gate) and the seats phones hold.

The room is what a guest's page talks to, and all it lets through: a guest joins with the
code, then acts and reads only as its seat, with the token it was given. The game itself
is the host's ``GameSession`` (saved after every action as on one device); the tables of
the host and of every phone listen to it as they do to a game on one device.
"""

from __future__ import annotations

from typing import Any

from core.errors import IllegalAction
from core.host.codes import Gate, new_code
from core.host.seats import SeatBook, SeatError
from core.session import undo_scope


class Room:
    """A game hosted for phones: ``phone_seats`` are the seats friends' phones may take."""

    def __init__(self, session: Any, phone_seats: list[int], code: str | None = None) -> None:
        human = set(session.humans)
        if not phone_seats or not set(phone_seats) <= human:
            raise SeatError("only people's seats can be taken by phones", "seat_unknown")
        self.session = session
        self.code = code or new_code()
        self.gate = Gate(self.code)
        # A phone seat that has its person already (chosen on the host) is kept for that person.
        self.seats = SeatBook(phone_seats, {s: session.seats[s].name for s in phone_seats
                                            if session.seats[s].profile_id is not None})

    @property
    def open(self) -> bool:
        """Whether a phone may still join: the game runs and the host has not closed it."""
        if self.session.over:
            self.gate.close()  # a code expires with its game
        return self.gate.open

    def close(self) -> None:
        """Stop hosting: the code opens nothing any more."""
        self.gate.close()

    # --- kept over a restart of the host -------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The room as plain data for the host's own device: its code and who holds which seat,
        so that the same phones come back to the same seats after the host's app restarts."""
        return {"code": self.code, **self.seats.record()}

    @classmethod
    def restored(cls, session: Any, record: dict[str, Any], now: float) -> "Room":
        """The room a ``record`` describes, for the same game: its code and its phones' seats
        (a seat the computer took meanwhile is no phone's any more).

        :raises SeatError: ``record_bad`` for a record that cannot be read, ``seat_unknown`` when
            no seat of it is a person's any more.
        """
        try:
            code = str(record["code"])
            seats = [int(s) for s in record["open"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise SeatError(f"a room record that cannot be read: {exc}", "record_bad") from None
        human = set(session.humans)
        room = cls(session, [s for s in seats if s in human], code=code)
        room.seats.restore(record, now)
        return room

    # --- the door ------------------------------------------------------------------------

    def let_in(self, client: str, typed: str, now: float) -> None:
        """Check a typed code for a client (a phone's network address).

        :raises GateClosed: when the client guessed too often lately.
        :raises SeatError: ``code_wrong`` for a wrong code, ``table_closed`` when the table
            is no longer hosted.
        """
        if not self.open:
            raise SeatError("this table is no longer hosted", "table_closed")
        if not self.gate.check(client, typed, now):
            raise SeatError("that is not this table's code", "code_wrong")

    def join(self, client: str, typed: str, seat: int, name: str, now: float) -> str:
        """Take a free seat with the table's code; returns the phone's secret token."""
        self.let_in(client, typed, now)
        return self.seats.take(seat, name, now)

    def ask(self, client: str, typed: str, seat: int, name: str, now: float) -> str:
        """Ask the host for a held seat with the table's code; returns the request's secret."""
        self.let_in(client, typed, now)
        return self.seats.ask(seat, name)

    # --- a seated phone ------------------------------------------------------------------

    def seat_of(self, token: str | None) -> int:
        """The seat a token holds.

        :raises SeatError: ``not_seated`` for a token that holds no seat (never was, or was
            handed over or freed by the host).
        """
        seat = self.seats.seat_of(token)
        if seat is None:
            raise SeatError("this phone holds no seat at this table", "not_seated")
        return seat

    def view(self, token: str | None) -> dict[str, Any]:
        """The game as the token's seat may see it, and nothing more."""
        return self.session.view(self.seat_of(token))

    def act(self, token: str | None, action: Any) -> list[Any]:
        """Play an action for the token's seat; the game's events.

        :raises SeatError: ``not_seated`` for a token that holds no seat.
        :raises IllegalAction: when it is not that seat's turn, or the rules refuse the action;
            nothing changes then.
        """
        seat = self.seat_of(token)
        if self.session.over or self.session.to_move != seat:
            raise IllegalAction(f"it is not seat {seat}'s turn")
        return self.session.apply(action)

    def undo(self, token: str | None) -> bool:
        """Take back the token's seat's last move (and the computer's replies after it), only
        while no other person has moved since or is to move; False when that is not so.

        :raises SeatError: ``not_seated`` for a token that holds no seat.
        """
        seat = self.seat_of(token)
        return undo_is_theirs(self.session, [seat]) and self.session.undo()


def undo_is_theirs(session: Any, seats: list[int]) -> bool:
    """Whether an undo now takes back a move of ``seats`` alone: the last person to move is one
    of them, and the seat to move is one of them or the computer."""
    if session.over:
        return False
    to_move = session.state["to_move"]
    if to_move is not None and to_move not in seats and not session.seats[to_move].is_bot:
        return False
    return undo_scope(session)[0] in seats
