"""The tables of a circle: games its members play from their own devices through the server.

A table's game runs in the circle's tables store, apart from its records, and becomes a record
like any other when it ends (results, ratings, and on every member's phone at the next sync;
``core.server.table_records``). Which member sits in which seat is the directory's
(``server_seats``). A member reads a table only as their seat sees it
(``look``: the game's view for that seat, never the game) and acts only in their seat on
their turn (``act``). Whoever is not seated at it, or not in the circle, learns nothing of
it: one answer whether the table exists or not.

Each save is told to every process of the server (``core.server.moves``); this module keeps,
per process, the running games it has read, and brings them up to date from the store when it
hears of a move. The computer's seats are played by the process that saved the move before
them (``drive``); a second process trying the same is refused as stale and stops.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, insert, select
from sqlmodel import Session

from core.games import registry
from core.errors import RulesError
from core.server import circles as places
from core.server import tables as t
from core.server.circles import CircleStores
from core.server.directory import Circle, Directory
from core.server.moves import Moves
from core.server.table_cache import GameCache
from core.server.table_records import PEOPLE, person, record_finished, recorded
from core.session import GameSession, Seat
from core.store import Store, StoreError

log = logging.getLogger(__name__)
_NO_TABLE = "there is no such table, or you have no seat at it"


@dataclass(frozen=True)
class Place:
    """Where a table is: its circle, the circle's tables store, the game's id in it, and the
    circle's records (where the game goes when it ends)."""

    circle: Circle
    store: Store
    game_id: int
    records: Store

    @property
    def key(self) -> tuple[str, int]:
        """What the news of its moves names: the tables store's key (its PostgreSQL schema)."""
        return self.circle.store_key + places.TABLES, self.game_id


class CircleTables:
    """The tables of every circle this server process serves."""

    def __init__(self, directory: Directory, stores: CircleStores, moves: Moves,
                 pace: float = 0.8) -> None:
        self._directory = directory
        self._stores = stores
        self.moves = moves
        self._pace = pace  # seconds between two moves of the computer, so people can follow
        self._cache = GameCache()
        self._driving: set[tuple[str, int]] = set()  # games whose computer seats a thread plays
        self._recorded: set[tuple[str, int]] = set()  # finished games known to be records
        self._guard = threading.Lock()

    # --- opening and finding tables ----------------------------------------------------

    def open_table(self, account_id: int, circle_id: int, game: str, seats: list[dict[str, Any]],
                   seed: int | None = None, options: dict[str, Any] | None = None) -> dict[str, Any]:
        """Deal a new game at a table: each seat ``{"member": account id}`` (a member of the
        circle, the opener among them) or ``{"computer": level}``; the opener's ``look``.

        :raises StoreError: ``circle_unknown`` for a circle the account is not in,
            ``table_seats`` for seats that are not the circle's members or the computer,
            ``table_game`` for a game or option that does not exist.
        """
        circle = self._directory.circle(account_id, circle_id)
        members = {m.account_id: m.name for m in self._directory.members(account_id, circle_id)}
        taken = [s.get("member") for s in seats if "member" in s]
        if account_id not in taken or len(set(taken)) != len(taken) or \
                not set(taken) <= set(members):
            raise StoreError("each person at a table is a different member of the circle, and "
                             "whoever opens it sits at it", "table_seats")
        store, records = self._stores_of(circle)
        try:
            info = registry.get(game).info
        except RulesError as exc:
            raise StoreError(str(exc), "table_game") from None
        if not info.min_players <= len(seats) <= info.max_players:
            raise StoreError(f"{game} is played by {info.min_players} to {info.max_players}",
                             "table_game")
        if any("member" not in seat and seat.get("computer") not in info.levels for seat in seats):
            raise StoreError(f"a seat is a member or the computer at one of {list(info.levels)}",
                             "table_seats")
        people: dict[int, int] = {}
        chosen: list[Seat] = []
        in_records: list[int | None] = []
        for index, seat in enumerate(seats):
            if "member" in seat:
                people[index] = seat["member"]
                name = members[seat["member"]]
                chosen.append(person(store, name, {c.profile_id for c in chosen}))
                in_records.append(person(records, name, set(in_records)).profile_id)
            else:
                chosen.append(Seat("bot", f"Computer {index + 1}", None, seat["computer"]))
                in_records.append(None)
        try:
            session = GameSession.start(game, chosen, seed, options, saver=store,
                                        meta={PEOPLE: in_records})
        except RulesError as exc:
            raise StoreError(str(exc), "table_game") from None
        assert session.game_id is not None

        def seat_them(s: Session) -> None:
            s.execute(insert(t.table_games).values(circle_id=circle.id, game_id=session.game_id))
            s.execute(insert(t.seats), [{"circle_id": circle.id, "game_id": session.game_id,
                                         "seat": i, "account_id": a} for i, a in people.items()])

        self._directory.transactions.write(seat_them)
        place = Place(circle, store, session.game_id, records)
        self._cache.put(place.key, session)
        seen = self._look(place, session, self._seat(account_id, place))
        self.moves.saved(place.key[0], session.game_id, session.revision)
        self.drive(place)
        return seen

    def tables(self, account_id: int, circle_id: int) -> list[dict[str, Any]]:
        """The tables of the circle where the account has a seat and whose game is not among
        the records yet (those are found there): running ones first, then the latest first."""
        circle = self._directory.circle(account_id, circle_id)

        def find(s: Session) -> list[tuple[int, int]]:
            return [(r.game_id, r.seat) for r in s.execute(
                select(t.seats.c.game_id, t.seats.c.seat).join(t.table_games, and_(
                    t.table_games.c.circle_id == t.seats.c.circle_id,
                    t.table_games.c.game_id == t.seats.c.game_id)).where(
                    t.seats.c.circle_id == circle.id, t.seats.c.account_id == account_id,
                    t.table_games.c.recorded_as.is_(None)))]

        store, records = self._stores_of(circle)
        out = []
        for game_id, seat in self._directory.transactions.read(find):
            place = Place(circle, store, game_id, records)
            session = self._current(place)
            self._record_if_over(place, session)
            out.append({"table": game_id, "game": session.game.name, "seat": seat,
                        **_who(session), "to_move": session.to_move,
                        "over": session.over, "revision": session.revision})
        return sorted(out, key=lambda x: (x["over"], -x["table"]))

    def again(self, account_id: int, place: Place) -> dict[str, Any]:
        """A new table with the same game, options and people in the same seats (the
        computer at the same level); the account's ``look`` at it.

        :raises StoreError: as ``open_table`` (a member who has left the circle, say).
        """
        def find(s: Session) -> dict[int, int]:
            return {r.seat: r.account_id for r in s.execute(select(t.seats).where(
                t.seats.c.circle_id == place.circle.id, t.seats.c.game_id == place.game_id))}

        members = self._directory.transactions.read(find)
        session = self.session_of(place)
        seats = [{"member": members[i]} if i in members else {"computer": s.level or "normal"}
                 for i, s in enumerate(session.seats)]
        return self.open_table(account_id, place.circle.id, session.game.name, seats,
                               options=dict(session.state["options"]))

    def place(self, account_id: int, circle_id: int, game_id: int) -> tuple[Place, int]:
        """The table and the account's seat at it.

        :raises StoreError: ``circle_unknown`` as the directory; ``table_unknown`` when the
            account has no seat at such a table (one answer whether it exists or not).
        """
        circle = self._directory.circle(account_id, circle_id)
        store, records = self._stores_of(circle)
        place = Place(circle, store, game_id, records)
        return place, self._seat(account_id, place)

    # --- reading and playing -----------------------------------------------------------

    def look(self, place: Place, seat: int, at_least: int | None = None) -> dict[str, Any]:
        """The table as ``seat`` sees it (see ``_look``), at revision ``at_least`` or later."""
        # Under the game's lock: one revision's view under that revision's number. Recording a
        # finished game is left to the move that ended it (and to the list of tables, should
        # its process have stopped first), so that a look sends the table without waiting.
        with self._lock_of(place.key):
            return self._look(place, self._current(place, at_least), seat)

    def act(self, place: Place, seat: int, action: str, revision: int) -> dict[str, Any]:
        """Make ``seat``'s move ``action`` in the game at ``revision``; the table afterwards.

        :raises StoreError: ``game_stale`` when the game has moved on from ``revision``,
            ``not_your_turn``, ``action_illegal``, ``game_finished`` for a game that is over;
            nothing changes then.
        """
        return self._act(place, seat, action, revision)[1]

    def apply(self, place: Place, seat: int, action: str) -> list[dict[str, Any]]:
        """``act`` for a member's table in this process, on the game as it is now: the move's
        events as the seat may see them.

        :raises StoreError: as ``act``.
        """
        return self._act(place, seat, action, None)[0]

    def _act(self, place: Place, seat: int, action: str, revision: int | None
             ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        with self._lock_of(place.key):
            session = self._current(place, revision)
            if revision is not None and session.revision != revision:
                raise StoreError(f"the table is at move {session.revision}, not {revision}",
                                 "game_stale", game_id=place.game_id)
            if session.over:
                raise StoreError("this game is over", "game_finished", game_id=place.game_id)
            if session.to_move != seat:
                raise StoreError("it is not your turn", "not_your_turn")
            try:
                events = self._move(place, session, action)
            except RulesError as exc:
                raise StoreError(str(exc), "action_illegal") from None
            seen = self._look(place, session, seat)
        self._moved(place, session, seen["revision"])
        self.drive(place)
        return session.game.mask_events(events, seat), seen

    def hint(self, place: Place, seat: int) -> tuple[Any, str]:
        """The strongest computer's move for ``seat`` on its turn, and why (counted as help).

        :raises StoreError: ``not_your_turn``, or when the count cannot be saved.
        """
        with self._lock_of(place.key):
            session = self._current(place)
            if session.over or session.to_move != seat:
                raise StoreError("a hint is given on one's own turn", "not_your_turn")
            try:
                found = session.hint()
            except StoreError:
                self._forget(place.key)
                raise
            revision = session.revision
        self.moves.saved(place.key[0], place.game_id, revision)
        return found

    def catch_up(self, place: Place, revision: int | None) -> None:
        """Bring this process's copy of the game to ``revision`` or later (None: to what is
        saved now), as news of a move arrives."""
        self._current(place, revision)

    def session_of(self, place: Place) -> GameSession:
        """The game as this process has it (read from the store if it has not yet): only for
        what decides what a seat may see (``app.serve.member_tables``), never sent as it is."""
        return self._cache.peek(place.key) or self._current(place)

    def events_after(self, place: Place, ply: int, seat: int) -> list[dict[str, Any]] | None:
        """The events of the moves after the first ``ply`` as ``seat`` may see them; None when
        they are not all kept."""
        events = self._cache.events_after(place.key, ply)
        if events is None:
            return None
        return self.session_of(place).game.mask_events(events, seat)

    def drive(self, place: Place) -> None:
        """Play the computer's seats while it is their turn, in a thread of their own (one per
        game in this process)."""
        with self._guard:
            if place.key in self._driving:
                return
            self._driving.add(place.key)
        if self._current(place).bot_to_move:
            threading.Thread(target=self._play_computer, args=(place,), daemon=True).start()
        else:
            with self._guard:
                self._driving.discard(place.key)

    def _play_computer(self, place: Place) -> None:
        try:
            while True:
                time.sleep(self._pace)
                with self._lock_of(place.key):
                    session = self._current(place)
                    if not session.bot_to_move:
                        return
                    try:
                        self._move(place, session, session.bot_action())
                    except StoreError:  # another process plays it (or a member moved): theirs
                        return
                    revision = session.revision
                self._moved(place, session, revision)
        except Exception:
            log.exception("the computer could not play at table %s", place.game_id)
        finally:
            with self._guard:
                self._driving.discard(place.key)

    def _move(self, place: Place, session: GameSession, action: Any) -> list[dict[str, Any]]:
        """Apply and save a move (under the game's lock) and keep its events; a save refused
        because another process saved first forgets this copy, to be read again."""
        try:
            events = session.apply(action)
        except StoreError:
            self._forget(place.key)
            raise
        self._cache.moved(place.key, len(session.actions), events)
        return events

    def _moved(self, place: Place, session: GameSession, revision: int) -> None:
        """After a move (out of the lock): tell everyone; a game it ended becomes a record."""
        self.moves.saved(place.key[0], place.game_id, revision)
        self._record_if_over(place, session)

    # --- what a seat sees --------------------------------------------------------------

    @staticmethod
    def _look(place: Place, session: GameSession, seat: int) -> dict[str, Any]:
        """Everything a member's device gets of a table: the game's view for their seat (never
        the game's state), their legal moves on their turn, who sits where."""
        mine = session.to_move == seat and not session.over
        return {"table": place.game_id, "game": session.game.name, "revision": session.revision,
                "seat": seat, **_who(session), "to_move": session.to_move,
                "over": session.over, "view": session.view(seat),
                "legal": [str(a) for a in session.legal()] if mine else []}

    # --- the games this process has read ---------------------------------------------

    def _current(self, place: Place, at_least: int | None = None) -> GameSession:
        return self._cache.current(place.key, place.store, place.game_id, at_least)

    def _forget(self, key: tuple[str, int]) -> None:
        self._cache.forget(key)

    def _lock_of(self, key: tuple[str, int]) -> threading.RLock:
        return self._cache.lock(key)

    def _seat(self, account_id: int, place: Place) -> int:
        def find(s: Session) -> int | None:
            return s.execute(select(t.seats.c.seat).where(
                t.seats.c.circle_id == place.circle.id, t.seats.c.game_id == place.game_id,
                t.seats.c.account_id == account_id)).scalar()

        seat = self._directory.transactions.read(find)
        if seat is None:
            raise StoreError(_NO_TABLE, "table_unknown")
        return int(seat)

    def _stores_of(self, circle: Circle) -> tuple[Store, Store]:
        """The circle's tables store and its records."""
        where = self._directory.location
        return (self._stores.of(places.tables_location(where, circle.store_key)),
                self._stores.of(places.circle_location(where, circle.store_key)))

    def _record_if_over(self, place: Place, session: GameSession) -> None:
        """A finished game becomes one of the circle's records (once, by whichever process
        gets there first; again when the tables are listed, if a process stopped before it was
        done)."""
        if not session.over or place.key in self._recorded:
            return
        db = self._directory.transactions
        try:
            # Copied by this call, or (when another process holds the claim) done already.
            if record_finished(db, place.circle.id, place.game_id, session, place.records) \
                    is not None or recorded(db, place.circle.id, place.game_id):
                self._recorded.add(place.key)
        except StoreError:
            log.exception("table %s has ended but is not among the records yet", place.game_id)


def _who(session: GameSession) -> dict[str, list[Any]]:
    """Who sits where: names as stored, and each computer's level (None for a person), by
    which a screen names the computer in its reader's language ("Computer (Hard)")."""
    return {"names": [s.name for s in session.seats],
            "computer": [s.is_bot for s in session.seats],
            "levels": [s.level if s.is_bot else None for s in session.seats]}
