"""Fuzz targets for saved games: restoring a session from an edited record, loading an
edited row from a real database, and importing an edited backup file.

A save that opens must be savable again; a refused load or import changes no row.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select, update

from core.errors import RulesError
from core.fuzz.engine import Undocumented, guarded
from core.fuzz.mutate import adversarial, mutate_text, mutate_value
from core.games import registry
from core.session import GameSession, Seat
from core.store import Store, StoreError
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


@dataclass
class Saves:
    """One in-memory database with saved games, the records they load as, and a backup."""

    store: Store
    ids: list[int]
    records: list[dict[str, Any]] = field(default_factory=list)
    backup: str = ""

    @classmethod
    def make(cls, seed: int) -> Saves:
        store = Store.open("sqlite:///:memory:")
        saves = cls(store, _fill(store, random.Random(seed)))
        saves.records = [json.loads(json.dumps(store.load_game(i))) for i in saves.ids]
        saves.backup = store.export_backup()
        return saves


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


def backup_target(saves: Saves, rng: random.Random) -> bool:
    """Importing an edited backup: a report, or BackupError with the database unchanged."""
    if rng.random() < 0.5:
        text = mutate_text(saves.backup, rng)
    else:
        text = json.dumps(mutate_value(json.loads(saves.backup), rng))
    repro = {"backup": text}
    try:
        saves.store.import_backup(text)
    except StoreError:
        if saves.store.export_backup() != saves.backup:
            raise Undocumented("a refused import changed the database", repro) from None
        return False
    except Exception as exc:  # noqa: BLE001
        raise Undocumented("importing a backup raised", repro, exc) from None
    if saves.store.export_backup() != saves.backup:  # it merged something: start afresh
        fresh = Store.open("sqlite:///:memory:")
        fresh.import_backup(saves.backup)
        saves.store.close()
        saves.store = fresh
        saves.ids = [r["id"] for r in _ids(fresh)]
    return True


def _ids(store: Store) -> list[dict[str, Any]]:
    with store._session(write=False) as s:
        return [{"id": i} for (i,) in s.execute(select(G.c.id))]

