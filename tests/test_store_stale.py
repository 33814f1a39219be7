"""One game open twice: a save names the revision it extends, a stale one is refused whole,
and a finished game is never turned back into a running one.

Every test runs on SQLite and on PostgreSQL (``new_db``), except the upgrade of a game saved
before revisions existed: that is a SQLite file of schema version 5, and only SQLite files are
upgraded.
"""

from __future__ import annotations

import json
import sqlite3

import pytest

from core.session import GameSession, Seat
from core.store import Store, StoreError
from core.store.migrations import SCHEMA_SQL


@pytest.fixture
def two(new_db):
    """Two stores on one database, as two windows or two processes would open it."""
    path = new_db("shared")
    first, second = Store.open(path), Store.open(path)
    yield first, second
    first.close()
    second.close()


def hot_seat(store) -> GameSession:
    anna, ben = store.create_profile("Anna"), store.create_profile("Ben")
    return GameSession.start("thronfolge", [Seat("human", "Anna", anna.id),
                                            Seat("human", "Ben", ben.id)], seed=4, saver=store)


def play_to_end(session: GameSession) -> None:
    while not session.over:
        session.apply(session.legal()[0])


def test_a_save_from_a_stale_copy_is_refused_and_the_other_copys_moves_stay(two):
    a_store, b_store = two
    a = hot_seat(a_store)
    b = GameSession.restore(b_store.load_game(a.game_id), saver=b_store)
    a.apply(a.legal()[0])
    a.apply(a.legal()[0])
    kept = list(a.actions)
    with pytest.raises(StoreError) as refused:
        b.apply(b.legal()[-1])
    assert refused.value.key == "game_stale"
    assert refused.value.params["game_id"] == a.game_id
    assert a_store.load_game(a.game_id)["actions"] == kept


def test_a_copy_loaded_after_the_other_saved_may_go_on_playing(two):
    a_store, b_store = two
    a = hot_seat(a_store)
    a.apply(a.legal()[0])
    b = GameSession.restore(b_store.load_game(a.game_id), saver=b_store)
    b.apply(b.legal()[0])
    assert a_store.load_game(a.game_id)["actions"] == b.actions and len(b.actions) == 2


def test_every_save_raises_the_revision_even_an_undo_that_shortens_the_log(two):
    store, _ = two
    a = hot_seat(store)
    seen = [store.load_game(a.game_id)["revision"]]
    a.apply(a.legal()[0])
    seen.append(store.load_game(a.game_id)["revision"])
    a.undo()
    seen.append(store.load_game(a.game_id)["revision"])
    assert seen == sorted(set(seen)) and len(seen) == 3
    assert store.game_summary(a.game_id).revision == seen[-1] == a.revision


def test_a_stale_undo_cannot_take_back_a_move_made_elsewhere(two):
    a_store, b_store = two
    a = hot_seat(a_store)
    a.apply(a.legal()[0])
    b = GameSession.restore(b_store.load_game(a.game_id), saver=b_store)
    b.undo()  # b saves first: now a is the stale one
    with pytest.raises(StoreError) as refused:
        a.undo()
    assert refused.value.key == "game_stale"
    assert a_store.load_game(a.game_id)["actions"] == [] == b.actions


def test_a_stale_record_written_directly_is_refused_and_changes_nothing(two):
    a_store, b_store = two
    a = hot_seat(a_store)
    old = a.record()
    a.apply(a.legal()[0])
    before = b_store.load_game(a.game_id)
    with pytest.raises(StoreError) as refused:
        b_store.save_game(dict(old, hints=3))
    assert refused.value.key == "game_stale"
    assert b_store.load_game(a.game_id) == before


def test_a_finished_game_cannot_be_turned_back_into_a_running_one(two):
    a_store, b_store = two
    a = hot_seat(a_store)
    b = GameSession.restore(b_store.load_game(a.game_id), saver=b_store)
    play_to_end(a)
    results = a_store.results(a.game_id)
    with pytest.raises(StoreError):
        b.apply(b.legal()[0])  # the stale copy still thinks the game runs
    current = GameSession.restore(a_store.load_game(a.game_id), saver=a_store)
    running = dict(current.record(), over=False, result=None, actions=current.actions[:-1])
    with pytest.raises(StoreError) as refused:
        a_store.save_game(running)  # even at the current revision
    assert refused.value.key == "game_finished"
    assert a_store.game_summary(a.game_id).over and a_store.unfinished_games() == []
    assert a_store.results(a.game_id) == results


def test_a_finished_game_cannot_be_undone(two):
    store, _ = two
    a = hot_seat(store)
    play_to_end(a)
    moves = list(a.actions)
    assert a.undo() is False
    assert a.actions == moves and a.over and store.load_game(a.game_id)["over"]


def test_a_finished_game_may_still_save_its_notes_at_the_current_revision(two):
    store, _ = two
    a = hot_seat(store)
    play_to_end(a)
    a.meta["guide"] = {"done": True}
    a.save()
    assert store.load_game(a.game_id)["meta"]["guide"] == {"done": True}


def test_a_game_saved_before_revisions_existed_is_upgraded_and_played_on(tmp_path):
    # SQLite only: a file of schema version 5 (a PostgreSQL database starts at the current one).
    game = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("human", "Ben")], seed=8)
    game.apply(game.legal()[0])
    raw = sqlite3.connect(tmp_path / "v5.db")
    raw.executescript(SCHEMA_SQL[5])
    raw.execute("INSERT INTO games (id, game, options, seed, seats, actions, state, over, ply, undos,"
                " hints, meta, archived, started_at, updated_at, uuid) VALUES"
                " (1, 'thronfolge', ?, 8, ?, ?, ?, 0, 1, 0, 0, '{}', 0, 1.0, 2.0, 'u1')",
                [json.dumps(v) for v in (game.state["options"], [s.to_json() for s in game.seats],
                                         game.actions, game.state)])
    raw.commit()
    raw.close()
    with Store.open(tmp_path / "v5.db") as store:
        assert store.upgraded_from == 5
        old = store.load_game(1)
        assert old["revision"] == 0 and old["actions"] == game.actions
        again = GameSession.restore(old, saver=store)
        again.apply(again.legal()[0])
        assert store.load_game(1)["revision"] == 1 == again.revision
        with pytest.raises(StoreError):
            store.save_game(old)
        assert store.load_game(1)["actions"] == again.actions


def test_a_copy_open_while_a_backup_brings_the_game_further_along_is_stale(new_db):
    with Store.open(new_db("phone")) as phone, Store.open(new_db("tablet")) as tablet:
        here = hot_seat(phone)
        tablet.import_backup(phone.export_backup())
        there = GameSession.restore(tablet.load_game(tablet.unfinished_games()[0].id), saver=tablet)
        there.apply(there.legal()[0])
        phone.import_backup(tablet.export_backup())  # the tablet's move arrives on the phone
        with pytest.raises(StoreError) as refused:
            here.apply(here.legal()[-1])
        assert refused.value.key == "game_stale"
        assert phone.load_game(here.game_id)["actions"] == there.actions
