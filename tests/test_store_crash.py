"""Crash safety: the short run of ``python -m core.store.crash``, and its checks catching damage.

The kills and the checks run on SQLite and on PostgreSQL (``new_db``); on PostgreSQL the
killed player is a client of a server that lives on. A file scribbled over is SQLite's
alone; a database still in use by another session is PostgreSQL's alone.
"""

from __future__ import annotations

import random

import pytest
from sqlalchemy import create_engine, text, update

from core.games import registry
from core.session import GameSession, Seat
from core.store import Store
from core.store import crash
from core.store.crash import Tally, check, run, summary
from core.store.crash_child import TAG, scenario, scenarios
from core.store.location import target_of
from core.store.tables import GameRow, table_of


def test_a_kill_of_every_scenario_leaves_an_intact_database_and_loses_at_most_the_action_in_flight(new_db):
    tally, seconds = run(kills=len(scenarios()), seed=7, db=new_db("crash"))
    assert tally.violations == []
    assert set(tally.kills) == {s.key for s in scenarios()}
    assert max(tally.lost, default=0) <= 1
    assert "violations: 0" in summary(tally, seconds)


def test_every_registered_game_and_a_staked_dynasty_are_scenarios():
    keys = {s.key for s in scenarios()}
    assert set(registry.names()) <= keys
    assert scenario("rosenkrieg-stake").staked


def test_an_in_memory_database_is_refused_before_any_player_is_started():
    with pytest.raises(ValueError, match="in-memory"):
        run(kills=1, seed=1, db="sqlite:///:memory:")


def played(db, key="thronfolge", moves=3):
    """A game of a scenario saved with ``moves`` actions, as a killed player leaves it."""
    store = Store.open(db)
    sc = scenario(key)
    session = GameSession.start(sc.game, [Seat("human", "A"), Seat("bot", "B", level="random")],
                                seed=1, saver=store, meta={TAG: sc.key})
    rng = random.Random(1)
    for _ in range(moves):
        session.apply(rng.choice(session.legal()))
    store.close()
    return session


def change(db, *statements, checks_off=False):
    """Write to the database around the store, as damage would: statements in one transaction;
    ``checks_off``: with foreign keys not enforced (a plain SQLite connection never does)."""
    engine = create_engine(target_of(db).url)
    try:
        with engine.begin() as con:
            if checks_off and engine.dialect.name == "postgresql":
                con.execute(text("SET LOCAL session_replication_role = replica"))
            for statement in statements:
                con.execute(statement)
    finally:
        engine.dispose()


def test_the_check_passes_a_kill_that_lost_only_the_action_in_flight(new_db):
    db = new_db("g")
    s = played(db)
    t = Tally()
    check(db, scenario("thronfolge"), ["ready", f"game {s.game_id} 0", f"go {s.game_id} 4"], t)
    assert t.violations == [] and t.lost == {1: 1} and t.in_flight == 1


def test_the_check_reports_an_acknowledged_action_that_was_not_saved(new_db):
    db = new_db("g")
    s = played(db)
    t = Tally()
    check(db, scenario("thronfolge"), ["ready", f"go {s.game_id} 4", f"ok {s.game_id} 4"], t)
    assert len(t.violations) == 1 and "acknowledged 4" in t.violations[0]


def test_the_check_reports_a_finished_game_without_its_results(new_db):
    db = new_db("g")
    s = played(db)
    games = table_of(GameRow)
    change(db, update(games).where(games.c.id == s.game_id).values(over=True))
    t = Tally()
    check(db, scenario("thronfolge"), ["ready", f"ok {s.game_id} 3"], t)
    assert any("has 0 results" in v for v in t.violations)


def test_the_check_reports_a_row_that_names_a_missing_one(new_db):
    db = new_db("g")
    s = played(db)
    with Store.open(db) as store:
        store.resign_game(s.game_id, 0)
        assert len(store.results(s.game_id)) == 2
    change(db, text("UPDATE results SET game_id = game_id + 1000"), checks_off=True)
    t = Tally()
    check(db, scenario("thronfolge"), ["ready"], t)
    assert len(t.violations) == 1 and "damaged" in t.violations[0]
    assert "results" in t.violations[0] and "games" in t.violations[0]  # the row and what it names


def test_the_check_reports_a_damaged_database_file(tmp_path):
    db = tmp_path / "g.db"
    played(db, moves=30)
    raw = bytearray(db.read_bytes())
    for i in range(4096 + 100, min(len(raw), 4096 * 3)):  # scribble over the pages after the first
        raw[i] = 0x5A
    db.write_bytes(bytes(raw))
    t = Tally()
    check(db, scenario("thronfolge"), ["ready"], t)
    assert len(t.violations) == 1 and "damaged" in t.violations[0]


@pytest.mark.parametrize("engine_name", ["postgresql"])
def test_the_check_reports_a_server_database_that_another_session_keeps_using(
        new_db, monkeypatch):
    db = new_db("g")
    played(db)
    monkeypatch.setattr(crash, "SESSION_WAIT", 0.2)
    other = create_engine(target_of(db).url)
    try:
        with other.connect():  # someone else's session on the database
            t = Tally()
            check(db, scenario("thronfolge"), ["ready"], t)
    finally:
        other.dispose()
    assert len(t.violations) == 1 and "1 other session(s) still connected" in t.violations[0]


def test_the_check_reports_an_acknowledged_game_that_is_missing(new_db):
    db = new_db("g")
    s = played(db)
    t = Tally()
    check(db, scenario("thronfolge"), ["ready", f"ok {s.game_id + 1} 1"], t)
    assert len(t.violations) == 1 and "cannot be resumed" in t.violations[0]
