"""Databases with a bit of everything, for the backup tests."""

from __future__ import annotations

import itertools
import json

import pytest
from sqlalchemy import create_engine, inspect, select, table, text
from sqlalchemy.pool import NullPool

from core.games import registry
from core.store import Store
from core.store.location import is_url


class Clock:
    """A clock that moves one second per reading, from ``start``."""

    def __init__(self, start: float = 1_000.0) -> None:
        self.ticks = itertools.count(start)

    def __call__(self) -> float:
        return float(next(self.ticks))


def open_store(start: float = 1_000.0, location: str = "sqlite:///:memory:") -> Store:
    return Store.open(location, clock=Clock(start))


@pytest.fixture(name="open_store")
def open_store_on_engine(new_db):
    """``open_store`` for a test that runs on each engine: a store on a new database of the
    test's engine (each call its own, unless ``location`` is given). A test module takes it
    in by importing ``open_store_on_engine``; inside the tests, ``open_store`` is then this."""
    names = itertools.count(1)

    def open_new(start: float = 1_000.0, location: str | None = None) -> Store:
        return open_store(start, location or new_db(f"store{next(names)}"))
    return open_new


def seat(name, profile=None, kind="human", level=None):
    return {"kind": kind, "name": name, "profile_id": None if profile is None else profile.id,
            "level": level}


def play(rec, moves=None, way=0):
    """The record after ``moves`` more legal moves (None: to the end), chosen by ``way``."""
    game = registry.get(rec["game"])
    state, actions = rec["state"], list(rec["actions"])
    made = 0
    while not state["over"] and (moves is None or made < moves):
        legal = [str(a) for a in game.legal_actions(state)]
        action = legal[(len(actions) * 7 + way) % len(legal)]
        state = game.apply(state, action).state
        actions.append(action)
        made += 1
    return dict(rec, actions=actions, state=state, over=state["over"], result=state["result"])


def record(seats, moves=0, seed=7, game=None, way=0, **extra):
    """A real game (Thronfolge for two seats, Deck of Spies for one) after ``moves`` legal
    moves, shaped like ``GameSession.record()``."""
    name = game or ("thronfolge" if len(seats) == 2 else "deck-of-spies")
    state = registry.get(name).new(len(seats), seed, None)
    rec = {"id": None, "game": name, "options": state["options"], "seed": seed,
           "players": len(seats), "seats": seats, "actions": [], "state": state,
           "over": False, "result": None, "undos": 0, "hints": 0, "meta": {"mode": "hot-seat"}}
    rec.update(extra)
    return play(rec, moves, way)


def finish(rec, way=0):
    """The game played to its end."""
    return play(rec, None, way)


def fill(store: Store, tag: str) -> dict[str, int]:
    """Players, a finished, a running, a resigned and an archived game, and settings.

    ``tag`` makes names and seeds differ between two databases filled this way.
    """
    anna = store.create_profile(f"Anna {tag}")
    bot = store.create_profile(f"Berta {tag}", "bot", "hard")
    gone = store.create_profile(f"Carl {tag}")
    store.archive_profile(gone.id)
    store.create_profile(f"Dora {tag}")  # never played
    two = [seat(anna.name, anna), seat(bot.name, bot, "bot", "hard")]
    done = store.save_game(finish(record(two, 2, seed=len(tag) * 10 + 1)))
    running = store.save_game(record(two, 1, seed=len(tag) * 10 + 2, undos=1))
    quitter = store.save_game(record([seat(anna.name, anna), seat("Guest")], 1,
                                     seed=len(tag) * 10 + 3))
    store.resign_game(quitter, 1)
    hidden = store.save_game(record([seat("Solo")], 0, seed=len(tag) * 10 + 4))
    store.set_game_archived(hidden)
    store.set_setting(f"ui_theme_{tag}", "dark")
    store.set_setting("ui_guides_seen", ["thronfolge"])
    return {"anna": anna.id, "bot": bot.id, "done": done, "running": running,
            "quitter": quitter, "hidden": hidden}


def url_of(location) -> str:
    """A location (a SQLite file's path, or a URL) as a URL for ``create_engine``."""
    return str(location) if is_url(str(location)) else f"sqlite:///{location}"


def dump(location) -> list[str]:
    """A database's whole content, on either engine, to show that nothing changed: each
    table (by name) with its columns, then its rows in a stable order."""
    engine = create_engine(url_of(location), poolclass=NullPool)
    try:
        with engine.connect() as conn:
            lines = []
            for name in sorted(inspect(conn).get_table_names()):
                rows = conn.execute(select(text("*")).select_from(table(name)))
                lines.append(f"{name}: {', '.join(rows.keys())}")
                lines += sorted(repr(tuple(row)) for row in rows)
            return lines
    finally:
        engine.dispose()


def parts(text: str) -> dict:
    return json.loads(text)


def ids(text: str, kind: str) -> set[str]:
    return {r["id"] if kind != "settings" else r["key"] for r in parts(text)[kind]}
