"""Crash safety: the short run of ``python -m core.store.crash``, and its checks catching damage."""

from __future__ import annotations

import random
import sqlite3

from core.games import registry
from core.session import GameSession, Seat
from core.store import Store
from core.store.crash import Tally, check, run, summary
from core.store.crash_child import TAG, scenario, scenarios


def test_a_kill_of_every_scenario_leaves_an_intact_database_and_loses_at_most_the_action_in_flight(tmp_path):
    tally, seconds = run(kills=len(scenarios()), seed=7, db=tmp_path / "crash.db")
    assert tally.violations == []
    assert set(tally.kills) == {s.key for s in scenarios()}
    assert max(tally.lost, default=0) <= 1
    assert "violations: 0" in summary(tally, seconds)


def test_every_registered_game_and_a_staked_dynasty_are_scenarios():
    keys = {s.key for s in scenarios()}
    assert set(registry.names()) <= keys
    assert scenario("rosenkrieg-stake").staked


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


def test_the_check_passes_a_kill_that_lost_only_the_action_in_flight(tmp_path):
    db = tmp_path / "g.db"
    s = played(db)
    t = Tally()
    check(db, scenario("thronfolge"), ["ready", f"game {s.game_id} 0", f"go {s.game_id} 4"], t)
    assert t.violations == [] and t.lost == {1: 1} and t.in_flight == 1


def test_the_check_reports_an_acknowledged_action_that_was_not_saved(tmp_path):
    db = tmp_path / "g.db"
    s = played(db)
    t = Tally()
    check(db, scenario("thronfolge"), ["ready", f"go {s.game_id} 4", f"ok {s.game_id} 4"], t)
    assert len(t.violations) == 1 and "acknowledged 4" in t.violations[0]


def test_the_check_reports_a_finished_game_without_its_results(tmp_path):
    db = tmp_path / "g.db"
    s = played(db)
    with sqlite3.connect(db) as con:
        con.execute("UPDATE games SET over = 1 WHERE id = ?", (s.game_id,))
    con.close()
    t = Tally()
    check(db, scenario("thronfolge"), ["ready", f"ok {s.game_id} 3"], t)
    assert any("has 0 results" in v for v in t.violations)


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


def test_the_check_reports_an_acknowledged_game_that_is_missing(tmp_path):
    db = tmp_path / "g.db"
    s = played(db)
    t = Tally()
    check(db, scenario("thronfolge"), ["ready", f"ok {s.game_id + 1} 1"], t)
    assert len(t.violations) == 1 and "cannot be resumed" in t.violations[0]
