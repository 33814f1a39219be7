"""Fuzz targets for saved games: restoring a session from an edited record, loading an
edited row from a real database, and importing an edited backup file.

A save that opens must be savable again; a refused load changes no row. A backup import
either succeeds or raises ``BackupError`` with a documented key and a one-line message
ending "nothing was imported", leaving the database as it was (every row, derived ones
too); anything else is a finding: another exception, a message of several lines, a changed
database, a file that had to be refused and was imported (``core.fuzz.backup_mutate``), or
an import that succeeded but cannot be repeated (importing the same file again changes
something or fails, or the merged database's export is refused by an empty one).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select, update

from core.errors import RulesError
from core.fuzz.backup_mutate import mutate_backup
from core.fuzz.engine import Undocumented, guarded
from core.fuzz.mutate import Hostile, adversarial, mutate_hostile, mutate_text, mutate_value
from core.games import registry
from core.session import GameSession, Seat
from core.store import BackupError, Store, StoreError
from core.store.checks import check_record
from core.store.tables import GameRow, table_of

G = table_of(GameRow)
COLUMNS = ["game", "options", "seed", "seats", "actions", "state", "over", "result", "undos",
           "hints", "started_at", "meta"]


def _fill(store: Store, rng: random.Random) -> list[int]:
    """Saved games of every game, some finished, between real profiles and bots."""
    people = [store.create_profile(f"P{i}") for i in range(5)]
    ids = []
    for game in registry.all_games():
        for n in range(game.info.min_players, game.info.max_players + 1):
            seats = [Seat("human", p.name, p.id) for p in people[:n]]
            if n > 1:
                seats[-1] = Seat("bot", "Bot", None, rng.choice(("random", "easy")))
            session = GameSession.start(game.name, seats, seed=rng.randrange(2**31), saver=store)
            for _ in range(rng.choice((3, 20, 5000))):
                if session.over:
                    break
                session.apply(rng.choice(session.legal()))
            ids.append(session.game_id)
    return ids


def _fill_ledger(store: Store, rng: random.Random) -> None:
    """What a backup holds besides games: a settled dynasty played for money with a payment
    and a correction, a dynasty still running, a merge of two people, a finished and a
    resigned game between people, settings."""
    people = [store.create_profile(name) for name in ("Anna", "Ben", "Carla", "Dora")]
    seats = [Seat("human", p.name, p.id) for p in people]
    stake = {"stake": {"cents": 10, "currency": "EUR"}}
    done = GameSession.start("rosenkrieg", seats[:3], seed=rng.randrange(2**31),
                             options={"partien": 2}, saver=store, meta=stake)
    while not done.over:
        done.apply(rng.choice(done.legal()))
    store.record_correction(people[1].uuid, people[0].uuid, 300, note="coffee")
    debt = max(store.open_debts(), key=lambda d: d.amount.cents)
    store.record_payment(debt.debtor, debt.creditor, max(1, debt.amount.cents // 2), note="half")
    running = GameSession.start("rosenkrieg", seats[2::-1], seed=rng.randrange(2**31),
                                options={"partien": 2}, saver=store, meta=stake)
    for _ in range(5):
        running.apply(rng.choice(running.legal()))
    twin = store.create_profile("Dora 2")
    store.merge_profiles(twin.id, people[3].id)
    pair = GameSession.start("thronfolge", [seats[0], seats[1]], seed=rng.randrange(2**31),
                             saver=store)
    while not pair.over:
        pair.apply(rng.choice(pair.legal()))
    quitter = GameSession.start("thronfolge", [seats[1], seats[3]], seed=rng.randrange(2**31),
                                saver=store)
    quitter.apply(rng.choice(quitter.legal()))
    store.resign_game(quitter.game_id, 1)
    store.set_setting("ui_theme", "dark")
    store.set_setting("ui_guides_seen", ["thronfolge", "rosenkrieg"])


@dataclass
class Saves:
    """One in-memory database with saved games, the records they load as, and a backup."""

    store: Store
    ids: list[int]
    records: list[dict[str, Any]] = field(default_factory=list)
    backup: str = ""
    # For the backup target: the backup parsed, the database as it was when it was made
    # (copied when an import changed ``store``), and one that holds none of it.
    data: dict[str, Any] = field(default_factory=dict)
    pristine: Store | None = None
    elsewhere: Store | None = None

    @classmethod
    def make(cls, seed: int, ledger: bool = False) -> Saves:
        store = Store.open("sqlite:///:memory:")
        rng = random.Random(seed)
        saves = cls(store, _fill(store, rng))
        if ledger:
            _fill_ledger(store, rng)
        saves.records = [json.loads(json.dumps(store.load_game(i))) for i in saves.ids]
        saves.backup = store.export_backup()
        saves.data = json.loads(saves.backup)
        if ledger:
            saves.pristine, saves.store = store, _copy(store)
            saves.elsewhere = Store.open("sqlite:///:memory:")
        return saves


def _copy(store: Store) -> Store:
    """A new in-memory database with every row of ``store`` (SQLite's own backup: quick)."""
    fresh = Store.open("sqlite:///:memory:")
    source, target = store._engine.raw_connection(), fresh._engine.raw_connection()
    try:
        source.driver_connection.backup(target.driver_connection)
    finally:
        source.close()
        target.close()
    return fresh


class _Checker:
    """A saver that checks every record as the store would, without writing it."""

    def save_game(self, record: dict[str, Any]) -> int:
        check_record(json.loads(json.dumps(record, allow_nan=False)))
        return record.get("id") or 1


def _savable(session: GameSession, repro: dict[str, Any]) -> None:
    session.saver = _Checker()
    try:
        session.save()
        if not session.over:
            session.apply(session.legal()[0])
    except (StoreError, ValueError, TypeError) as exc:
        raise Undocumented("a save that opened cannot be saved again", repro, exc) from None


def restore_target(saves: Saves, rng: random.Random) -> bool:
    """``GameSession.restore`` on an edited record: a session that can be saved, or RulesError."""
    record = mutate_value(rng.choice(saves.records), rng)
    repro = {"record": record}
    session = guarded("restore", record, repro, lambda: GameSession.restore(record))
    if session is None:
        return False
    _savable(session, repro)
    return True


def _row(store: Store, game_id: int) -> tuple[Any, ...]:
    with store._session(write=False) as s:
        return tuple(s.execute(select(G).where(G.c.id == game_id)).one())


def save_target(saves: Saves, rng: random.Random) -> bool:
    """Loading an edited database row: a session that saves again, or StoreError/RulesError
    with the row unchanged."""
    game_id = rng.choice(saves.ids)
    column = rng.choice(COLUMNS)
    original = _row(saves.store, game_id)
    value = original[list(G.c.keys()).index(column)]
    new = mutate_value(value, rng) if isinstance(value, (dict, list)) and rng.random() < 0.7 \
        else adversarial(rng)
    repro = {"column": column, "value": new}
    try:
        with saves.store._session() as s:
            s.execute(update(G).where(G.c.id == game_id).values({column: new}))
    except (StoreError, OverflowError, TypeError, ValueError):
        return False  # the database itself cannot hold that value: no input
    edited = _row(saves.store, game_id)
    try:
        try:
            session = GameSession.restore(saves.store.load_game(game_id))
        except (StoreError, RulesError):
            if _row(saves.store, game_id) != edited:
                raise Undocumented("a refused load changed the row", repro) from None
            return False
        except Exception as exc:  # noqa: BLE001
            raise Undocumented("loading a save raised", repro, exc) from None
        _savable(session, repro)
        return True
    finally:
        with saves.store._session() as s:
            s.execute(update(G).where(G.c.id == game_id)
                      .values(dict(zip(G.c.keys(), original))))


BACKUP_KEYS = frozenset({"backup_invalid", "backup_damaged", "backup_not_json", "backup_foreign",
                         "backup_newer", "backup_clash"})
EXPORT_SHARE = 0.25  # of imports that changed something, also exported into an empty database
REPRO_CHARS = 100_000  # a longer file is reported by what was done to it and its start


def hostile_backup(saves: Saves, rng: random.Random) -> tuple[str, Hostile]:
    """An edited backup's text and what was done to it: damaged text, an edited value, a
    value hostile in size or numbers, or a change of what its records mean
    (``core.fuzz.backup_mutate``)."""
    roll = rng.random()
    if roll < 0.15:
        return mutate_text(saves.backup, rng), Hostile(None, done=["text damaged"], refuse=None)
    if roll < 0.3:
        h = Hostile(mutate_value(saves.data, rng), done=["value edited"], refuse=None)
    elif roll < 0.5:
        h = mutate_hostile(saves.data, rng)
        h.done.insert(0, "hostile in size or numbers")
    else:
        h = mutate_backup(saves.data, rng)
    return h.text(), h


def _dump(store: Store) -> list[str]:
    """Every row of the database (derived ones too), as SQL text."""
    with store._session(write=False) as s:
        return list(s.connection().connection.driver_connection.iterdump())


def refusal_problem(exc: BackupError) -> str | None:
    """What is wrong with a refusal's error, or None."""
    message = str(exc)
    if exc.key not in BACKUP_KEYS:
        return f"a refusal with the key {exc.key!r}"
    if "\n" in message or "\r" in message:
        return "a refusal's message has more than one line"
    if not message.endswith("nothing was imported"):
        return "a refusal's message does not end 'nothing was imported'"
    return None


def backup_target(saves: Saves, rng: random.Random) -> bool:
    """Importing an edited backup, into a database that holds its records or into one that
    holds none: a report, or BackupError in one line with the database unchanged."""
    text, h = hostile_backup(saves, rng)
    home = rng.random() < 0.5
    home = home or saves.elsewhere is None
    store = saves.store if home else saves.elsewhere
    assert store is not None
    repro: dict[str, Any] = {"done": h.done, "must_refuse": h.refuse,
                             "into": "its own database" if home else "an empty database",
                             "length": len(text)}
    repro["backup"] = text if len(text) <= REPRO_CHARS else text[:2000] + "…"
    before = _dump(store)
    try:
        report = store.import_backup(text)
    except BackupError as exc:
        repro["message"] = str(exc)[:500]
        problem = refusal_problem(exc)
        if problem:
            raise Undocumented(problem, repro) from None
        if _dump(store) != before:
            _reset(saves, home)
            raise Undocumented("a refused import changed the database", repro) from None
        if h.refuse is False:
            raise Undocumented("a file that must be imported was refused", repro) from None
        return False
    except Exception as exc:  # noqa: BLE001 - StoreError (not BackupError) included
        _reset(saves, home)
        raise Undocumented("importing a backup raised", repro, exc) from None
    try:
        if h.refuse is True:
            raise Undocumented("a file that must be refused was imported", repro)
        if report.changed:
            _accepted_again(store, text, repro, export=rng.random() < EXPORT_SHARE)
    finally:
        if report.changed:
            _reset(saves, home)
    return True


def _accepted_again(store: Store, text: str, repro: dict[str, Any], export: bool) -> None:
    """An import that changed something: the same file again changes nothing, and (when
    ``export``) the database's export imports into an empty one."""
    try:
        again = store.import_backup(text)
    except Exception as exc:  # noqa: BLE001
        raise Undocumented("a file imported once fails the second time", repro, exc) from None
    if again.changed:
        raise Undocumented("a file imported once changes the database again", repro)
    if not export:
        return
    try:
        exported = store.export_backup()
    except Exception as exc:  # noqa: BLE001
        raise Undocumented("the export after an import raised", repro, exc) from None
    with Store.open("sqlite:///:memory:") as empty:
        try:
            empty.import_backup(exported)
        except Exception as exc:  # noqa: BLE001
            raise Undocumented("the export after an import is refused by an empty database",
                               repro, exc) from None


def _reset(saves: Saves, home: bool) -> None:
    """A database that merged something is replaced by a fresh one as it was."""
    if home:
        saves.store.close()
        saves.store = _copy(saves.pristine) if saves.pristine else Store.open(
            "sqlite:///:memory:")
    else:
        if saves.elsewhere is not None:
            saves.elsewhere.close()
        saves.elsewhere = Store.open("sqlite:///:memory:")
