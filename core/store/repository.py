"""The store: profiles, saved games, results, statistics, settings and the ledger behind plain values.

``Store`` is the one object callers use. It owns the database connection and
makes every public call one transaction, serialised by a lock, so the UI loop
and worker threads (``asyncio.to_thread``) may share one ``Store``. The work
itself lives in ``profiles``, ``games``, ``results`` and ``settings``. Callers
get frozen dataclasses and JSON dicts, never SQLModel rows.
"""

from __future__ import annotations

import os
import time
from collections.abc import Collection
from contextlib import AbstractContextManager
from typing import Any, Callable, TypeVar

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session

from core.store import backup, backup_file, files, games, migrations, profiles, results
from core.store import settings
from core.store import standings
from core.store import backup_kinds  # noqa: F401 (registers the kinds every backup holds)
from core.store import backup_ledger  # noqa: F401 (registers the ledger's kinds after them)
from core.store.checks import check_record
from core.store.errors import StoreError
from core.store.ledger_methods import LedgerMethods
from core.store.sharing_methods import SharingMethods
from core.store.sync_methods import SyncMethods, merge_records
from core.store.location import build_engine, resolve_location, shown, target_of
from core.store.transactions import Transactions, reason
from core.store.values import GameSummary, Profile

NOTICE_MOVED_ASIDE = "db_moved_aside"

T = TypeVar("T")


class Store(LedgerMethods, SharingMethods, SyncMethods):
    """Hofstaat's saved data in one database; open it with ``Store.open``."""

    def __init__(self, engine: Engine, location: str, *, moved_to: str | None = None,
                 moved_reason: str | None = None, upgraded_from: int | None = None,
                 clock: Callable[[], float] | None = None) -> None:
        self._db = Transactions(engine)
        self._clock = clock or time.time
        self.location = location
        self.moved_to = moved_to
        self.moved_reason = moved_reason  # why, in English, for the log
        self.upgraded_from = upgraded_from
        self.notice_key = NOTICE_MOVED_ASIDE if moved_to else None
        self.notice = (f"The saved data could not be read; it was kept as {moved_to}. "
                       "Starting fresh.") if moved_to else None

    def confirm_notice(self) -> None:
        """The person has read ``notice``: stop showing it (``moved_to`` stays for the log)."""
        self.notice = None
        self.notice_key = None

    # --- opening and closing ---------------------------------------------------------

    @classmethod
    def open(cls, location: str | os.PathLike[str] | None = None, *,
             clock: Callable[[], float] | None = None, move_damaged: bool = True) -> Store:
        """Open (or create) the database at a path or URL, upgrading an older schema.

        ``location`` None means: ``HOFSTAAT_DB``, else Flet's app storage, else the
        user data folder (see ``resolve_location``). A file that is damaged or
        belongs to another application is renamed aside and a fresh database is
        started; ``notice`` then says so. With ``move_damaged=False`` (the command
        line: the file is the user's) such a file is refused instead, before any
        connection, and nothing in its folder is created, changed or renamed.

        :raises NewerDatabaseError: when a newer Hofstaat wrote the data; it is left untouched.
        :raises StoreError: when the location cannot be used; key ``db_not_hofstaat``
            (params ``path``, ``problem``) when ``move_damaged`` is False and the file
            is not a Hofstaat database.
        """
        clock = clock or time.time
        where = resolve_location(location)
        target = target_of(where)
        moved_to = moved_reason = None
        if target.path is not None:
            try:
                os.makedirs(os.path.dirname(target.path), exist_ok=True)
            except OSError as exc:
                raise StoreError(f"cannot create the folder for {target.path}: {exc}",
                                 "db_unreadable", path=target.path) from None
            found = files.check_file(target.path, leave_alone=not move_damaged)
            if not found.usable:
                if not move_damaged:
                    raise StoreError(f"{target.path} is not a Hofstaat database "
                                     f"({found.problem}); it was left as it is",
                                     "db_not_hofstaat", path=target.path, problem=found.problem)
                moved_to = files.move_aside(target.path, clock())
                moved_reason = found.problem
            elif found.version is not None:
                # Checked before connecting: connecting switches the file to WAL,
                # which is already a write.
                migrations.check_version(found.version)
        engine = build_engine(target)
        try:
            upgraded_from = migrations.prepare(engine)
        except SQLAlchemyError as exc:
            engine.dispose()
            raise StoreError(f"cannot open the saved data at {shown(where)}: {reason(exc)}",
                             "db_unreadable", path=shown(where)) from exc
        except BaseException:
            engine.dispose()
            raise
        if upgraded_from == migrations.CURRENT_VERSION:
            upgraded_from = None
        return cls(engine, where, moved_to=moved_to, moved_reason=moved_reason,
                   upgraded_from=upgraded_from, clock=clock)

    @property
    def schema_version(self) -> int:
        return migrations.CURRENT_VERSION

    @property
    def closed(self) -> bool:
        return self._db.closed

    @property
    def _engine(self) -> Engine | None:
        return self._db.engine

    def close(self) -> None:
        """Close every connection; further calls raise StoreError. Closing twice is fine."""
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({shown(self.location)!r})"  # a server's password stays out of logs

    def _session(self, write: bool = True) -> AbstractContextManager[Session]:
        """One transaction (see ``Transactions.session``)."""
        return self._db.session(write)

    def _write(self, work: Callable[[Session], T]) -> T:
        """``work`` in one write transaction, started over after a conflict with another
        connection's commit (see ``Transactions.write``).

        :raises StoreError: what ``work`` raises, or ``db_busy`` when it kept losing.
        """
        return self._db.write(work)

    # --- profiles ----------------------------------------------------------------------

    def create_profile(self, name: str, kind: str = "human", level: str | None = None) -> Profile:
        """Add a person or a named computer player (a bot without a level plays "normal").

        :raises StoreError: for an empty, too long or taken name, or a bad kind or level.
        """
        return self._write(lambda s: profiles.create(s, name, kind, level, self._clock()))

    def rename_profile(self, profile_id: int, name: str) -> Profile:
        """Give a profile a new name.

        :raises StoreError: when there is no such profile, or the name is empty, too long or taken.
        """
        return self._write(lambda s: profiles.rename(s, profile_id, name, self._clock()))

    def archive_profile(self, profile_id: int, archived: bool = True) -> Profile:
        """Hide a profile from pickers (its results stay), or bring it back.

        :raises StoreError: when there is no such profile, or its name was taken meanwhile.
        """
        return self._write(lambda s: profiles.archive(s, profile_id, archived, self._clock()))

    def person_named(self, name: str, taken: Collection[int | None] = ()) -> Profile:
        """The person called ``name`` (in any case) who is none of ``taken``, else a new one:
        who takes a seat by name (a phone at a hosted table, a member at a circle's table).

        :raises StoreError: for a name a new person may not have.
        """
        found = [p for p in self.list_profiles() if p.kind == "human"
                 and p.name.casefold() == name.casefold() and p.id not in taken]
        return found[0] if found else self.create_profile(name)

    def list_profiles(self, include_archived: bool = False) -> list[Profile]:
        """Profiles ordered by name, ignoring case and accents."""
        with self._session(write=False) as s:
            return profiles.listed(s, include_archived)

    def get_profile(self, profile_id: int) -> Profile:
        """One profile, archived or not.

        :raises StoreError: when there is no such profile.
        """
        with self._session(write=False) as s:
            return profiles.get(s, profile_id)

    # --- games -------------------------------------------------------------------------

    def save_game(self, record: dict[str, Any]) -> int:
        """Write a game record (``GameSession.record()``) in one transaction; return its id.

        A record without an id is inserted, one with an id updates that game. A
        record's ``revision`` names the saved revision it extends (the record of a copy
        loaded or saved since); a copy that another window or device has moved on since
        is refused, and every save raises the game's revision by one. A finished game
        is never saved as running again. The first time a record says the game is over,
        one result per seat is written in the same transaction; later saves never add more.

        :raises StoreError: when the record is malformed, names a missing profile or game,
            names a resigned game, is stale (key ``game_stale``), would reopen a finished
            game (``game_finished``), or the database fails; nothing is written then.
        """
        rec = check_record(record)
        return self._write(lambda s: games.save(s, rec, self._clock()))

    def load_game(self, game_id: int) -> dict[str, Any]:
        """The saved record of a game, with its id, ready for ``GameSession.restore``.

        :raises StoreError: when there is no such game.
        """
        with self._session(write=False) as s:
            return games.load(s, game_id)

    def replay_record(self, game_id: int) -> dict[str, Any]:
        """The saved record of a finished game, for ``core.replay.Replay``.

        :raises StoreError: when there is no such game, it is damaged, or it is still running.
        """
        with self._session(write=False) as s:
            return games.finished_record(s, game_id)

    def unfinished_games(self, limit: int | None = 50) -> list[GameSummary]:
        """Games still running and not archived, the most recently played first."""
        with self._session(write=False) as s:
            return games.running(s, archived=False, limit=limit)

    def archived_games(self, limit: int | None = 50) -> list[GameSummary]:
        """Games still running that were archived, the most recently played first."""
        with self._session(write=False) as s:
            return games.running(s, archived=True, limit=limit)

    def finished_games(self, game: str | None = None, limit: int | None = 100,
                       include_archived: bool = False) -> list[GameSummary]:
        """Finished games (resigned ones too), of one game or all, the most recently
        finished first."""
        with self._session(write=False) as s:
            return games.finished(s, game, limit, include_archived)

    def game_summary(self, game_id: int) -> GameSummary:
        """The list entry of one game.

        :raises StoreError: when there is no such game.
        """
        with self._session(write=False) as s:
            return games.summary(s, game_id)

    def set_game_archived(self, game_id: int, archived: bool = True) -> None:
        """Hide a game from the lists, or show it again; games are never deleted.

        An archived running game leaves ``unfinished_games`` for ``archived_games``
        and continues exactly where it was.

        :raises StoreError: when there is no such game.
        """
        self._write(lambda s: games.set_archived(s, game_id, archived, self._clock()))

    def resign_game(self, game_id: int, seat: int) -> GameSummary:
        """End a running game because the person in ``seat`` gives up; return its entry.

        The game becomes finished with a result whose ``reason`` is ``"resigned"``
        and whose ``resigned`` names the seat; its results count a loss for that
        seat and a win for every other seat (a one-seat game is simply lost).
        It can never be continued: later saves of it are refused.

        :raises StoreError: when there is no such game, it is over, or ``seat`` is not
            a person's seat in it.
        """
        return self._write(lambda s: games.resign(s, game_id, seat, self._clock()))

    # --- statistics --------------------------------------------------------------------

    def stats(self, game: str, profile_id: int | None = None) -> dict[str, Any]:
        """One player's record in one game: games, wins, win_rate, best_score,
        current_streak, best_streak, perfect, assisted (wins with undo or hint),
        hints and undos.

        ``profile_id`` None means the people who played without a profile.

        :raises StoreError: when there is no such profile.
        """
        with self._session(write=False) as s:
            return results.stats(s, game, profile_id)

    def head_to_head(self, game: str, a: int, b: int) -> dict[str, Any]:
        """How profiles ``a`` and ``b`` fared in the games of ``game`` they both played:
        ``games``, ``wins_a``, ``wins_b``, ``shared`` (both won), ``neither``.

        :raises StoreError: when ``a`` and ``b`` are the same or either does not exist.
        """
        with self._session(write=False) as s:
            return results.versus(s, game, a, b)

    def player_record(self, profile_id: int | None) -> dict[str, dict[str, Any]]:
        """A player's record in every game they played, by game name (see ``stats``), with
        ``average_score``, the game's own ``figures``, ``rating`` and ``money``.

        :raises StoreError: when there is no such profile.
        """
        with self._session(write=False) as s:
            if profile_id is not None:
                profiles.profile_row(s, profile_id)
            return standings.record(s, profile_id)

    def opponents(self, profile_id: int, other: int | None = None
                  ) -> dict[int, dict[str, dict[str, int]]]:
        """How a profile fared against everyone it met (or only ``other``), by their
        profile id and game: ``games``, ``wins``, ``losses``, ``shared``, ``neither``.

        :raises StoreError: when either profile does not exist.
        """
        with self._session(write=False) as s:
            profiles.profile_row(s, profile_id)
            if other is not None:
                profiles.profile_row(s, other)
            return standings.opponents(s, profile_id, other)

    def leaderboard(self, game: str, limit: int = 20) -> list[dict[str, Any]]:
        """The rated profiles of a game, best first, each with ``shown`` and ``games``."""
        with self._session(write=False) as s:
            return standings.leaderboard(s, game, limit)

    def rating_history(self, profile_id: int, game: str,
                       limit: int = standings.HISTORY_POINTS) -> list[dict[str, Any]]:
        """A profile's shown rating after each of its last games of ``game``, oldest first."""
        with self._session(write=False) as s:
            return standings.history(s, profile_id, game, limit)

    def recent_results(self, profile_id: int | None, game: str | None = None,
                       limit: int = 10) -> list[dict[str, Any]]:
        """A player's last finished games, latest first, each with that player's own
        ``won``, ``score`` and ``seat`` and the game's ``seats``, ``seed`` and ``result``."""
        with self._session(write=False) as s:
            return standings.recent(s, profile_id, game, limit)

    def last_player(self, game: str) -> int | None:
        """The profile of the person in the latest game of ``game``, or None."""
        with self._session(write=False) as s:
            return standings.last_player(s, game)

    def results(self, game_id: int) -> list[dict[str, Any]]:
        """The result rows of one finished game, by seat (empty while it runs)."""
        with self._session(write=False) as s:
            return results.of_game(s, game_id)

    # --- settings ----------------------------------------------------------------------

    def get_setting(self, key: str, default: Any = None) -> Any:
        """A setting's JSON value, or ``default`` when it was never set (or set to None)."""
        with self._session(write=False) as s:
            return settings.get(s, key, default)

    def set_setting(self, key: str, value: Any) -> None:
        """Store a setting; the value must be JSON (dicts, lists, text, numbers, bools, None).

        :raises StoreError: for an empty key or a value that is not JSON.
        """
        self._write(lambda s: settings.put(s, key, value))

    def delete_setting(self, key: str) -> None:
        """Forget a setting, so ``get_setting`` returns its default again."""
        self._write(lambda s: settings.delete(s, key))

    # --- backups -----------------------------------------------------------------------

    def export_backup(self) -> str:
        """Every profile, game (running ones too), result and setting as a backup file's text."""
        with self._session(write=False) as s:
            return backup.dumps(backup.export(s))

    def import_backup(self, raw: bytes | str) -> backup.ImportReport:
        """Merge a backup file into this database by id, all of it or nothing.

        :raises BackupError: saying what is wrong with the file; nothing is written then.
        :raises StoreError: when the database fails.
        """
        records = backup_file.parse(raw)
        return self._write(lambda s: merge_records(s, records, self._clock()))
