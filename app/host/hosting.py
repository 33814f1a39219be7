"""The table this app hosts for phones, if any: its room, the guests' server, the computer's driver.

One hosted table per app process (``current``). The host's screens and every guest's page run
in the same process and event loop and meet here: a guest joins through ``join``, each table
on any page follows the game through ``follow`` (every move by anyone redraws every connected
table, on its own page), and the host's join screen follows the door through ``on_door``.
Results, ratings and the ledger are the host's, as for a game on one device: the game saves
through the host's store.

The room is kept in the host's settings too (``hosting.<game id>``: its code and which phone
holds which seat, by its token's digest), never in a backup: when the host's app restarts and
the game is opened again, it is hosted again with the same code, and each phone comes back to
its seat with the token it kept.
"""

from __future__ import annotations

import contextvars
import inspect
import logging
import time
from dataclasses import dataclass
from typing import Any, Callable

from app.host.bots import RoomBots
from app.host.seen import SeatSession
from app.host.server import GuestServer, lan_address
from app.tables.kit.pace import pace_for
from core.host.room import Room
from core.host.seats import SeatError
from core.session import Seat

log = logging.getLogger(__name__)


@dataclass
class Options:
    """Where the guests' server listens (``hofstaat host`` sets these)."""

    bind: str = "0.0.0.0"  # every interface: phones on the Wi-Fi reach it
    port: int = 8551  # the same address after a restart, when it is free
    address: str | None = None  # the address in the join link (default: this machine's on the LAN)


OPTIONS = Options()
current: Hosted | None = None
RECORD = "hosting.{game_id}"  # a setting of this device only (backups leave it out)


def record_key(game_id: int) -> str:
    return RECORD.format(game_id=game_id)


def saved_record(store: Any, game_id: int) -> dict[str, Any] | None:
    """The room of a game hosted before this app started, if it was hosted until then."""
    try:
        record = store.get_setting(record_key(game_id), None)
    except Exception as exc:
        log.warning("cannot read the hosting of game %s: %s", game_id, exc)
        return None
    return record if isinstance(record, dict) else None


def forget(store: Any, game_id: int | None) -> None:
    """The game is no longer hosted (it ended, or the host stopped): nothing to host again."""
    if game_id is None:
        return
    try:
        store.delete_setting(record_key(game_id))
    except Exception as exc:
        log.warning("cannot forget the hosting of game %s: %s", game_id, exc)


class Hosted:
    """One hosted game: the room (code, seats), the guests' server and the computer's turns."""

    def __init__(self, app_state: Any, room: Room, server: GuestServer | None, url: str,
                 phones: list[int] | None = None) -> None:
        self.store = app_state.store
        self.settings = app_state.settings  # the host's pace for the computer's moves
        self.room = room
        self.server = server
        self.url = url
        # The seats phones play (all free when hosting starts; kept in the record after a restart).
        self.phones = list(phones) if phones is not None else room.seats.free()
        self._kept: dict[str, Any] | None = None  # the room as last written to the settings
        self.session.listeners.append(self._moved)
        self.bots = RoomBots(room.session, lambda: pace_for(self.settings))
        # page -> its table's listener, the table's screen and the page
        self._watchers: dict[int, tuple[Callable[..., None], Any, Any]] = {}
        self._door: dict[int, Callable[[], None]] = {}  # page -> what it redraws when the door changes

    @property
    def session(self) -> Any:
        return self.room.session

    @property
    def game_id(self) -> int | None:
        return self.session.game_id

    @property
    def join_url(self) -> str:
        """What the QR code holds: the address with the code filled in (never a seat's token)."""
        return f"{self.url}?code={self.room.code}"

    # --- the views of the game ----------------------------------------------------------

    def host_view(self) -> SeatSession:
        """The game as the host's device sees it: the people at it are the seats of no phone."""
        s = self.session
        local = [i for i in s.humans if i not in self.phones]
        return SeatSession(self.room, local)

    def guest_view(self, token: str) -> SeatSession:
        """The game as a guest's phone sees it.

        :raises SeatError: ``not_seated`` for a token that holds no seat.
        """
        return SeatSession(self.room, [self.room.seat_of(token)], token)

    # --- guests at the door -------------------------------------------------------------

    def join(self, client: str, code: str, seat: int, name: str) -> str:
        """Take a free seat (see ``Room.join``); the seat is named after the phone's person."""
        token = self.room.join(client, code, seat, name, time.time())
        self._seat_person(seat)
        self.door_changed()
        self.names_changed()
        return token

    def ask(self, client: str, code: str, seat: int, name: str) -> str:
        """Ask the host for a held seat (see ``Room.ask``); the request's secret."""
        request = self.room.ask(client, code, seat, name, time.time())
        self.door_changed()
        return request

    def collect(self, request: str) -> tuple[int, str] | None:
        """The seat and token of a request the host agreed to, once; else None."""
        got = self.room.seats.collect(request, time.time())
        if got is not None:
            self._seat_person(got[0])
            self.door_changed()
            self.names_changed()
        return got

    def back(self, token: str | None) -> int | None:
        """A phone comes back (reload, new tab, woke up): its seat, or None."""
        seat = self.room.seats.come_back(token, time.time())
        if seat is not None:
            self.door_changed()
        return seat

    def gone(self, token: str | None) -> None:
        seat = self.room.seats.seat_of(token)
        if seat is not None:
            self.room.seats.gone(seat, time.time())
            self.door_changed()

    # --- the host's decisions -----------------------------------------------------------

    def allow(self, seat: int) -> None:
        self.room.seats.agree(seat)
        self.door_changed()

    def release(self, seat: int) -> None:
        """Free a seat for another phone; the phone that held it holds nothing any more."""
        self.room.seats.release(seat)
        self.door_changed()

    def to_computer(self, seat: int, bot_seat: Seat) -> None:
        """A seat whose phone is gone: the computer plays it from now on.

        :raises Exception: from the store when the game cannot be saved.
        """
        self.room.seats.close(seat)
        self.session.seats[seat] = bot_seat
        self.session.save()
        self.door_changed()
        self.names_changed()
        self.bots.kick()

    def _seat_person(self, seat: int) -> None:
        """Name a seat after the person who took it: the host's player of that name, else a new one."""
        holder = self.room.seats.holders().get(seat)
        if holder is None or seat in self.room.seats.kept:  # a kept seat has its person already
            return
        s = self.session
        taken = {x.profile_id for i, x in enumerate(s.seats) if i != seat}
        profile_id = None
        try:
            profile_id = self.store.person_named(holder.name, taken).id
        except Exception as exc:  # a name the store refuses: the seat plays without a record
            log.warning("no profile for %r: %s", holder.name, exc)
        s.seats[seat] = Seat("human", holder.name, profile_id)
        try:
            s.save()
        except Exception:
            log.exception("cannot save the seat of %r", holder.name)

    # --- who follows what ---------------------------------------------------------------

    def follow(self, table: Any, page: Any) -> None:
        """Redraw ``table`` on ``page`` after every move made elsewhere (another device, the
        computer), until the page closes or shows another table."""
        key = id(page)
        self.unfollow(key)
        proxy = table.session

        def heard(session: Any, events: list[dict[str, Any]]) -> None:
            if getattr(proxy, "acting", False):
                return  # this table's own move: its driver draws it
            if not _connected(page):
                if _closed(page):
                    self.unfollow(key)
                return  # a page away (a phone asleep) is drawn anew when it comes back
            seen = session.game.mask_events([dict(e) for e in events], table.viewer()) if events else []
            _on_page(page, _redraw, table, seen)

        self.session.listeners.append(heard)
        self._watchers[key] = (heard, table.ui, page)

    def names_changed(self) -> None:
        """A seat has a new person: every followed table's screen is drawn again with the names
        (a table redraws for moves, and names are no move)."""
        for _heard, ui, page in list(self._watchers.values()):
            if _connected(page) and hasattr(ui, "refresh"):
                _on_page(page, _call, ui.refresh)

    def unfollow(self, key: int) -> None:
        heard, _ui, _page = self._watchers.pop(key, (None, None, None))
        if heard is not None and heard in self.session.listeners:
            self.session.listeners.remove(heard)

    def on_door(self, page: Any, redraw: Callable[[], None]) -> None:
        """Call ``redraw`` on ``page`` when someone joins, leaves, comes back or asks."""
        self._door[id(page)] = lambda: _on_page(page, _call, redraw) if _connected(page) else None

    def off_door(self, page: Any) -> None:
        self._door.pop(id(page), None)

    def remember(self) -> None:
        """Write the room to the host's settings when who holds which seat changed (connections
        coming and going change nothing there); a finished game is hosted no more."""
        if self.session.over:
            forget(self.store, self.game_id)
            return
        record = {**self.room.record(), "phones": list(self.phones)}
        if record == self._kept or self.game_id is None:
            return
        try:
            self.store.set_setting(record_key(self.game_id), record)
            self._kept = record
        except Exception as exc:  # hosting goes on; only a restart would lose the seats
            log.warning("cannot keep the hosting of game %s: %s", self.game_id, exc)

    def _moved(self, session: Any, events: list[dict[str, Any]]) -> None:
        if session.over:
            self.remember()  # the code expires with the game, and so does the room kept for it

    def door_changed(self) -> None:
        self.remember()
        for tell in list(self._door.values()):
            try:
                tell()
            except Exception:
                log.exception("cannot tell a page of the door")

    def close(self) -> None:
        if self._moved in self.session.listeners:
            self.session.listeners.remove(self._moved)
        self.room.close()
        self.bots.stop()
        for key in list(self._watchers):
            self.unfollow(key)
        self.door_changed()
        self._door.clear()


def _connected(page: Any) -> bool:
    try:
        return page.session.connection is not None
    except Exception:  # the page's session is gone
        return False


def _closed(page: Any) -> bool:
    try:
        page.session
    except Exception:
        return True
    return False


def _on_page(page: Any, work: Callable[..., Any], *args: Any) -> None:
    # ``run_task`` binds the page to the context it is called in: a copy keeps the caller's
    # page (a guest's move, heard by the host's table) its own.
    contextvars.copy_context().run(page.run_task, work, *args)


async def _redraw(table: Any, events: list[dict[str, Any]]) -> None:
    try:
        table.changed(events)
    except Exception:  # a table whose page went meanwhile
        log.debug("cannot redraw a followed table", exc_info=True)


async def _call(redraw: Callable[[], Any]) -> None:
    try:
        result = redraw()
        if inspect.isawaitable(result):
            await result
    except Exception:
        log.debug("cannot redraw a page at the door", exc_info=True)


def hosted_game(game_id: int | None) -> Hosted | None:
    """The hosted table of this game, if it is hosted now."""
    if current is not None and game_id is not None and current.game_id == game_id:
        return current
    return None


async def start(app_state: Any, session: Any, phone_seats: list[int],
                record: dict[str, Any] | None = None) -> Hosted:
    """Host ``session`` for phones at ``phone_seats``: a room, the guests' server, the computer.
    With a ``record`` (``saved_record``), the room it describes again: the same code, and the
    seats held by the phones that held them.

    :raises SeatError: for seats no phone may take, or a record that cannot be read;
    :raises OSError: when the server cannot listen.
    """
    global current
    from app.host.guest import main as guest_main

    await stop()
    room = Room.restored(session, record, time.time()) if record else Room(session, phone_seats)
    try:
        phones = [int(s) for s in record.get("phones", record["open"])] if record else None
    except (TypeError, ValueError) as exc:
        raise SeatError(f"a room record that cannot be read: {exc}", "record_bad") from None
    server = GuestServer(guest_main, OPTIONS.bind, OPTIONS.port)
    port = await server.start()
    address = OPTIONS.address or (lan_address() if OPTIONS.bind in ("0.0.0.0", "") else OPTIONS.bind)
    current = Hosted(app_state, room, server, f"http://{address}:{port}/", phones)
    current.remember()
    current.bots.kick()
    return current


async def stop(forget_it: bool = False) -> None:
    """Stop hosting: the code opens nothing, guests' pages lose their server. ``forget_it``: the
    host chose to stop, so opening the game again does not host it again (another game hosted
    instead leaves this one's room kept, to come back to)."""
    global current
    hosted, current = current, None
    if hosted is None:
        return
    hosted.close()
    if forget_it:
        forget(hosted.store, hosted.game_id)
    if hosted.server is not None:
        await hosted.server.stop()
