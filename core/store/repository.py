"""The store: profiles, saved games, results, statistics and settings behind plain values.

Callers get frozen dataclasses and JSON dicts, never SQLModel rows. Every
public call is one transaction, and calls are serialised by a lock, so the UI
loop and worker threads (``asyncio.to_thread``) may share one ``Store``.
"""

from __future__ import annotations

import os
import threading
import time
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from sqlalchemy import Engine, false, select, true, update
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session

from core.bots import LEVELS
from core.store import files, migrations
from core.store.errors import StoreError
from core.store.location import READ_ONLY, build_engine, dumps_json, resolve_location, target_of
from core.store.stats import PERFECT_SCORES, Played, head_to_head, number, summarize
from core.store.tables import GameRow, ProfileRow, ResultRow, SettingRow, table_of

# Core columns for queries: typed, and named as in the models.
G = table_of(GameRow).c
R = table_of(ResultRow).c
P = table_of(ProfileRow).c

KINDS = ("human", "bot")
NAME_MAX = 30
NOTICE_MOVED_ASIDE = "db_moved_aside"
# SQLite keeps integers in 64 bits.
_MAX_INT = 2**63 - 1


@dataclass(frozen=True)
class Profile:
    """A person, or a named computer player (``kind == "bot"``) with a level."""

    id: int
    name: str
    kind: str
    level: str | None
    archived: bool
    created_at: float

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


@dataclass(frozen=True)
class GameSummary:
    """What a list of saved games shows about one game, without its state or action log."""

    id: int
    game: str
    seats: list[dict[str, Any]]
    players: int
    updated_at: float
    started_at: float
    ply: int  # actions applied so far
    meta: dict[str, Any] = field(default_factory=dict)
    over: bool = False
    result: dict[str, Any] | None = None
    finished_at: float | None = None
    archived: bool = False
    undos: int = 0
    hints: int = 0

    @property
    def player_names(self) -> list[str]:
        return [str(s.get("name", "")) for s in self.seats]


@dataclass(frozen=True)
class _Record:
    """A game record after checking, ready to write."""

    id: int | None
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    actions: list[str]
    state: dict[str, Any]
    over: bool
    result: dict[str, Any] | None
    undos: int
    hints: int
    started_at: float | None
    meta: dict[str, Any]


class Store:
    """Hofstaat's saved data in one database; open it with ``Store.open``."""

    def __init__(self, engine: Engine, location: str, *, moved_to: str | None = None,
                 moved_reason: str | None = None, upgraded_from: int | None = None,
                 clock: Callable[[], float] | None = None) -> None:
        self._engine: Engine | None = engine
        self._reader = engine.execution_options(**{READ_ONLY: True})
        self._lock = threading.RLock()
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
             clock: Callable[[], float] | None = None) -> Store:
        """Open (or create) the database at a path or URL, upgrading an older schema.

        ``location`` None means: ``HOFSTAAT_DB``, else Flet's app storage, else the
        user data folder (see ``resolve_location``). A file that is damaged or
        belongs to another application is renamed aside and a fresh database is
        started; ``notice`` then says so.

        :raises NewerDatabaseError: when a newer Hofstaat wrote the data; it is left untouched.
        :raises StoreError: when the location cannot be used.
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
            found = files.check_file(target.path)
            if not found.usable:
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
            raise StoreError(f"cannot open the saved data at {where}: {_reason(exc)}",
                             "db_unreadable", path=where) from exc
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
        return self._engine is None

    def close(self) -> None:
        """Close every connection; further calls raise StoreError. Closing twice is fine."""
        with self._lock:
            if self._engine is not None:
                self._engine.dispose()
                self._engine = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({self.location!r})"

    @contextmanager
    def _session(self, write: bool = True) -> Iterator[Session]:
        """One transaction, committed when the block ends and rolled back on any error.

        :raises StoreError: when the store is closed or the database fails.
        """
        with self._lock:
            if self._engine is None:
                raise StoreError("the store is closed", "store_closed")
            try:
                with Session(self._engine if write else self._reader,
                             expire_on_commit=False) as session, session.begin():
                    yield session
            except SQLAlchemyError as exc:
                doing = "saved" if write else "read"
                raise StoreError(f"the data could not be {doing}: {_reason(exc)}",
                                 "db_failed") from exc

    # --- profiles ----------------------------------------------------------------------

    def create_profile(self, name: str, kind: str = "human", level: str | None = None) -> Profile:
        """Add a person or a named computer player (a bot without a level plays "normal").

        :raises StoreError: for an empty, too long or taken name, or a bad kind or level.
        """
        clean = _clean_name(name)
        kind, level = _check_kind(kind, level)
        with self._session() as s:
            _check_name_free(s, clean, None)
            row = ProfileRow(name=clean, kind=kind, level=level, archived=False,
                             created_at=self._clock())
            s.add(row)
            s.flush()
            return _profile(row)

    def rename_profile(self, profile_id: int, name: str) -> Profile:
        """Give a profile a new name.

        :raises StoreError: when there is no such profile, or the name is empty, too long or taken.
        """
        clean = _clean_name(name)
        with self._session() as s:
            row = _profile_row(s, profile_id)
            if not row.archived:
                _check_name_free(s, clean, profile_id)
            row.name = clean
            s.flush()
            return _profile(row)

    def archive_profile(self, profile_id: int, archived: bool = True) -> Profile:
        """Hide a profile from pickers (its results stay), or bring it back.

        :raises StoreError: when there is no such profile, or its name was taken meanwhile.
        """
        with self._session() as s:
            row = _profile_row(s, profile_id)
            if row.archived and not archived:
                _check_name_free(s, row.name, profile_id)
            row.archived = bool(archived)
            s.flush()
            return _profile(row)

    def list_profiles(self, include_archived: bool = False) -> list[Profile]:
        """Profiles ordered by name, ignoring case and accents."""
        with self._session(write=False) as s:
            query = select(ProfileRow)
            if not include_archived:
                query = query.where(P.archived == false())
            rows = s.execute(query).scalars().all()
            return sorted((_profile(r) for r in rows), key=lambda p: (_sort_key(p.name), p.id))

    def get_profile(self, profile_id: int) -> Profile:
        """One profile, archived or not.

        :raises StoreError: when there is no such profile.
        """
        with self._session(write=False) as s:
            return _profile(_profile_row(s, profile_id))

    # --- games -------------------------------------------------------------------------

    def save_game(self, record: dict[str, Any]) -> int:
        """Write a game record (``GameSession.record()``) in one transaction; return its id.

        A record without an id is inserted, one with an id updates that game. The
        first time a record says the game is over, one result per seat is written
        in the same transaction; later saves (after an undo, say) never add more.

        :raises StoreError: when the record is malformed, names a missing profile or game,
            or the database fails; nothing is written then.
        """
        rec = _check_record(record)
        with self._session() as s:
            now = self._clock()
            _check_seat_profiles(s, rec.seats)
            values: dict[str, Any] = {
                "options": rec.options, "seed": rec.seed, "seats": rec.seats,
                "actions": rec.actions, "state": rec.state, "over": rec.over,
                "result": rec.result, "ply": len(rec.actions), "undos": rec.undos,
                "hints": rec.hints, "meta": rec.meta, "updated_at": now}
            if rec.id is None:
                row = GameRow(game=rec.game, started_at=now if rec.started_at is None
                              else rec.started_at, archived=False,
                              finished_at=now if rec.over else None, **values)
                s.add(row)
                s.flush()
                assert row.id is not None
                game_id, first_end = row.id, rec.over
            else:
                found = s.execute(select(G.game, G.finished_at)
                                  .where(G.id == rec.id)).one_or_none()
                if found is None:
                    raise StoreError(f"there is no saved game {rec.id}", "game_missing",
                                     game_id=rec.id)
                if found.game != rec.game:
                    raise StoreError(f"saved game {rec.id} is {found.game!r}, not {rec.game!r}",
                                     "game_mismatch", game_id=rec.id)
                if rec.started_at is not None:
                    values["started_at"] = rec.started_at
                game_id, first_end = rec.id, rec.over and found.finished_at is None
                if first_end:
                    values["finished_at"] = now
                s.execute(update(table_of(GameRow)).where(G.id == game_id).values(**values))
            if first_end:
                s.add_all(_result_rows(game_id, rec, now))
            return game_id

    def load_game(self, game_id: int) -> dict[str, Any]:
        """The saved record of a game, with its id, ready for ``GameSession.restore``.

        :raises StoreError: when there is no such game.
        """
        with self._session(write=False) as s:
            row = s.get(GameRow, game_id)
            if row is None:
                raise StoreError(f"there is no saved game {game_id}", "game_missing",
                                 game_id=game_id)
            if not (isinstance(row.options, dict) and isinstance(row.seats, list)
                    and isinstance(row.actions, list) and isinstance(row.state, dict)):
                raise StoreError(f"saved game {game_id} is damaged and cannot be loaded",
                                 "game_damaged", game_id=game_id)
            players = row.state.get("players")
            return {"id": row.id, "game": row.game, "options": row.options, "seed": row.seed,
                    "players": players if _is_int(players) else len(row.seats),
                    "seats": row.seats, "actions": row.actions, "state": row.state,
                    "over": row.over, "result": row.result if isinstance(row.result, dict)
                    else None, "undos": row.undos, "hints": row.hints,
                    "started_at": row.started_at,
                    "meta": row.meta if isinstance(row.meta, dict) else {}}

    def unfinished_games(self, limit: int | None = 50) -> list[GameSummary]:
        """Games still running and not archived, the most recently played first."""
        query = (_summary_query().where(G.over == false(), G.archived == false())
                 .order_by(G.updated_at.desc(), G.id.desc()).limit(limit))
        with self._session(write=False) as s:
            return [_summary(r) for r in s.execute(query)]

    def finished_games(self, game: str | None = None, limit: int | None = 100,
                       include_archived: bool = False) -> list[GameSummary]:
        """Finished games, of one game or all, the most recently finished first."""
        query = _summary_query().where(G.over == true())
        if game is not None:
            query = query.where(G.game == game)
        if not include_archived:
            query = query.where(G.archived == false())
        query = query.order_by(G.finished_at.desc(), G.id.desc()).limit(limit)
        with self._session(write=False) as s:
            return [_summary(r) for r in s.execute(query)]

    def game_summary(self, game_id: int) -> GameSummary:
        """The list entry of one game.

        :raises StoreError: when there is no such game.
        """
        with self._session(write=False) as s:
            row = s.execute(_summary_query().where(G.id == game_id)).one_or_none()
            if row is None:
                raise StoreError(f"there is no saved game {game_id}", "game_missing",
                                 game_id=game_id)
            return _summary(row)

    def set_game_archived(self, game_id: int, archived: bool = True) -> None:
        """Hide a game from the lists, or show it again; games are never deleted.

        :raises StoreError: when there is no such game.
        """
        with self._session() as s:
            done = s.execute(update(table_of(GameRow)).where(G.id == game_id)
                             .values(archived=bool(archived)))
            if done.rowcount == 0:  # type: ignore[attr-defined]
                raise StoreError(f"there is no saved game {game_id}", "game_missing",
                                 game_id=game_id)

    # --- statistics --------------------------------------------------------------------

    def stats(self, game: str, profile_id: int | None = None) -> dict[str, Any]:
        """One player's record in one game: games, wins, win_rate, best_score,
        current_streak, best_streak, perfect, assisted (wins with undo or hint),
        hints and undos.

        ``profile_id`` None means the people who played without a profile.

        :raises StoreError: when there is no such profile.
        """
        query = select(R.game_id, R.won, R.score, R.assisted, R.undos, R.hints).where(
            R.game == game)
        if profile_id is None:
            query = query.where(R.profile_id.is_(None),
                                R.kind == "human")
        else:
            query = query.where(R.profile_id == profile_id)
        query = query.order_by(R.finished_at, R.game_id, R.seat)
        with self._session(write=False) as s:
            if profile_id is not None:
                _profile_row(s, profile_id)
            played = [Played(r.game_id, bool(r.won), r.score, bool(r.assisted), r.undos, r.hints)
                      for r in s.execute(query)]
        return summarize(played, PERFECT_SCORES.get(game))

    def head_to_head(self, game: str, a: int, b: int) -> dict[str, Any]:
        """How profiles ``a`` and ``b`` fared in the games of ``game`` they both played:
        ``games``, ``wins_a``, ``wins_b``, ``shared`` (both won), ``neither``.

        :raises StoreError: when ``a`` and ``b`` are the same or either does not exist.
        """
        if a == b:
            raise StoreError("head-to-head needs two different profiles", "same_profile")
        query = (select(R.game_id, R.profile_id, R.won)
                 .where(R.game == game, R.profile_id.in_([a, b])))
        with self._session(write=False) as s:
            _profile_row(s, a)
            _profile_row(s, b)
            rows = [(r.game_id, r.profile_id, bool(r.won)) for r in s.execute(query)]
        return {"game": game, **head_to_head(rows, a, b)}

    def results(self, game_id: int) -> list[dict[str, Any]]:
        """The result rows of one finished game, by seat (empty while it runs)."""
        query = select(ResultRow).where(R.game_id == game_id).order_by(R.seat)
        with self._session(write=False) as s:
            return [{"game_id": r.game_id, "game": r.game, "seat": r.seat, "kind": r.kind,
                     "profile_id": r.profile_id, "level": r.level, "score": number(r.score),
                     "won": r.won, "assisted": r.assisted, "undos": r.undos, "hints": r.hints,
                     "finished_at": r.finished_at} for r in s.execute(query).scalars()]

    # --- settings ----------------------------------------------------------------------

    def get_setting(self, key: str, default: Any = None) -> Any:
        """A setting's JSON value, or ``default`` when it was never set (or set to None)."""
        with self._session(write=False) as s:
            row = s.get(SettingRow, key)
            return default if row is None or row.value is None else row.value

    def set_setting(self, key: str, value: Any) -> None:
        """Store a setting; the value must be JSON (dicts, lists, text, numbers, bools, None).

        :raises StoreError: for an empty key or a value that is not JSON.
        """
        if not isinstance(key, str) or not key:
            raise StoreError(f"a setting needs a non-empty text key, not {key!r}", "bad_setting")
        _json_check(value, f"setting {key!r}")
        with self._session() as s:
            row = s.get(SettingRow, key)
            if row is None:
                s.add(SettingRow(key=key, value=value))
            else:
                row.value = value

    def delete_setting(self, key: str) -> None:
        """Forget a setting, so ``get_setting`` returns its default again."""
        with self._session() as s:
            row = s.get(SettingRow, key)
            if row is not None:
                s.delete(row)


# --- helpers -------------------------------------------------------------------------------


def _reason(exc: SQLAlchemyError) -> str:
    return str(getattr(exc, "orig", None) or exc)


def _profile(row: ProfileRow) -> Profile:
    assert row.id is not None
    return Profile(row.id, row.name, row.kind, row.level, bool(row.archived), row.created_at)


def _profile_row(s: Session, profile_id: int) -> ProfileRow:
    row = s.get(ProfileRow, profile_id) if _is_int(profile_id) else None
    if row is None:
        raise StoreError(f"there is no profile {profile_id!r}", "profile_missing",
                         profile_id=profile_id)
    return row


def _clean_name(name: Any) -> str:
    if not isinstance(name, str):
        raise StoreError(f"a name must be text, not {name!r}", "name_empty")
    clean = unicodedata.normalize("NFC", name).strip()
    if not clean:
        raise StoreError("a name needs at least one character", "name_empty")
    if len(clean) > NAME_MAX:
        raise StoreError(f"a name may have at most {NAME_MAX} characters; {clean!r} has "
                         f"{len(clean)}", "name_too_long", name=clean, limit=NAME_MAX)
    if any(unicodedata.category(c) == "Cc" for c in clean):
        raise StoreError(f"a name cannot contain line breaks or control characters: {clean!r}",
                         "name_invalid", name=clean)
    return clean


def _check_kind(kind: Any, level: Any) -> tuple[str, str | None]:
    if kind not in KINDS:
        raise StoreError(f"a profile is 'human' or 'bot', not {kind!r}", "bad_kind", kind=kind)
    if kind == "human":
        if level is not None:
            raise StoreError("only computer players have a level", "bad_level", level=level)
        return kind, None
    level = "normal" if level is None else level
    if level not in LEVELS:
        raise StoreError(f"level {level!r} does not exist (levels: {', '.join(LEVELS)})",
                         "bad_level", level=level)
    return kind, level


def _check_name_free(s: Session, name: str, except_id: int | None) -> None:
    key = name.casefold()
    for other_id, other in s.execute(select(P.id, P.name)
                                     .where(P.archived == false())):
        if other_id != except_id and other.casefold() == key:
            raise StoreError(f"the name {other!r} is already taken", "name_taken", name=other)


def _sort_key(name: str) -> tuple[str, str]:
    # "Ärni" belongs next to "Anna", not after "Zoe": compare without accents first.
    folded = name.casefold()
    plain = "".join(c for c in unicodedata.normalize("NFKD", folded)
                    if not unicodedata.combining(c))
    return plain, folded


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _json_check(value: Any, what: str) -> None:
    try:
        dumps_json(value)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"{what} cannot be saved as JSON: {exc}", "bad_record") from None


def _check_record(record: Any) -> _Record:
    """Check a game record's shape before anything is written.

    :raises StoreError: naming the first thing wrong with it.
    """
    def bad(message: str) -> StoreError:
        return StoreError(f"game record: {message}", "bad_record")

    if not isinstance(record, dict):
        raise bad(f"must be a dict, not {type(record).__name__}")
    missing = [k for k in ("game", "options", "seed", "seats", "actions", "state", "over",
                           "result") if k not in record]
    if missing:
        raise bad(f"lacks {', '.join(missing)}")
    game_id = record.get("id")
    if game_id is not None and not _is_int(game_id):
        raise bad(f"id must be a whole number or None, not {game_id!r}")
    if not isinstance(record["game"], str) or not record["game"]:
        raise bad(f"game must be a name, not {record['game']!r}")
    seed = record["seed"]
    if not _is_int(seed) or not 0 <= seed <= _MAX_INT:
        raise bad(f"seed must be a whole number from 0 to 2**63-1, not {seed!r}")
    for key in ("options", "state"):
        if not isinstance(record[key], dict):
            raise bad(f"{key} must be a dict")
    seats = record["seats"]
    if not isinstance(seats, list) or not seats:
        raise bad("seats must be a non-empty list")
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or seat.get("kind") not in KINDS:
            raise bad(f"seat {i} must be a dict with kind 'human' or 'bot', not {seat!r}")
        pid = seat.get("profile_id")
        if pid is not None and not _is_int(pid):
            raise bad(f"seat {i} has profile_id {pid!r}")
    actions = record["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise bad("actions must be a list of action strings")
    over, result = record["over"], record["result"]
    if not isinstance(over, bool):
        raise bad(f"over must be true or false, not {over!r}")
    if result is not None and not isinstance(result, dict):
        raise bad("result must be a dict or None")
    if over:
        if result is None:
            raise bad("a finished game needs a result")
        scores, winners = result.get("scores"), result.get("winners")
        if not isinstance(scores, list) or len(scores) != len(seats) or not all(
                isinstance(x, (int, float)) and not isinstance(x, bool) for x in scores):
            raise bad(f"result scores must be one number per seat, not {scores!r}")
        if not isinstance(winners, list) or not all(
                _is_int(w) and 0 <= w < len(seats) for w in winners):
            raise bad(f"result winners must be seat numbers, not {winners!r}")
    counts = {}
    for key in ("undos", "hints"):
        value = record.get(key, 0)
        if not _is_int(value) or value < 0:
            raise bad(f"{key} must be a whole number of at least 0, not {value!r}")
        counts[key] = value
    started_at = record.get("started_at")
    if started_at is not None and (isinstance(started_at, bool)
                                   or not isinstance(started_at, (int, float))):
        raise bad(f"started_at must be a time in seconds, not {started_at!r}")
    meta = record.get("meta") or {}
    if not isinstance(meta, dict):
        raise bad("meta must be a dict")
    for key, value in (("options", record["options"]), ("seats", seats), ("state", record["state"]),
                       ("result", result), ("meta", meta)):
        _json_check(value, f"game record {key}")
    return _Record(game_id, record["game"], record["options"], seed, seats, list(actions),
                   record["state"], over, result, counts["undos"], counts["hints"],
                   None if started_at is None else float(started_at), meta)


def _check_seat_profiles(s: Session, seats: list[dict[str, Any]]) -> None:
    wanted = {seat["profile_id"] for seat in seats if seat.get("profile_id") is not None}
    if not wanted:
        return
    known = set(s.execute(select(P.id).where(P.id.in_(wanted))).scalars())
    for i, seat in enumerate(seats):
        if seat.get("profile_id") is not None and seat["profile_id"] not in known:
            raise StoreError(f"seat {i} names profile {seat['profile_id']}, which does not exist",
                             "profile_missing", profile_id=seat["profile_id"])


def _result_rows(game_id: int, rec: _Record, finished_at: float) -> list[ResultRow]:
    assert rec.result is not None
    scores, winners = rec.result["scores"], set(rec.result["winners"])
    assisted = rec.undos > 0 or rec.hints > 0
    return [ResultRow(game_id=game_id, game=rec.game, seat=i, kind=seat["kind"],
                      profile_id=seat.get("profile_id"), level=seat.get("level"),
                      score=float(scores[i]), won=i in winners, assisted=assisted,
                      undos=rec.undos, hints=rec.hints, finished_at=finished_at)
            for i, seat in enumerate(rec.seats)]


def _summary_query() -> Any:
    return select(G.id, G.game, G.seats, G.updated_at, G.started_at, G.ply, G.meta, G.over,
                  G.result, G.finished_at, G.archived, G.undos, G.hints)


def _summary(r: Any) -> GameSummary:
    seats = r.seats if isinstance(r.seats, list) else []
    return GameSummary(id=r.id, game=r.game, seats=seats, players=len(seats),
                       updated_at=r.updated_at, started_at=r.started_at, ply=r.ply,
                       meta=r.meta if isinstance(r.meta, dict) else {}, over=bool(r.over),
                       result=r.result if isinstance(r.result, dict) else None,
                       finished_at=r.finished_at, archived=bool(r.archived), undos=r.undos,
                       hints=r.hints)
