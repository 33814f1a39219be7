"""Saved games: one transaction per save, exact round trips, lists, and results written once."""

import itertools
import os
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

import pytest

from core.errors import MalformedAction
from core.games import registry
from core.games.base import Game, GameInfo
from core.session import GameSession, Seat
from core.store import GameSummary, Store, StoreError
from core.store import results

ROOT = Path(__file__).resolve().parent.parent


class Clock:
    """A clock that moves one second per reading, so every save has its own time."""

    def __init__(self, start=1_000.0):
        self.ticks = itertools.count(start)

    def __call__(self):
        return float(next(self.ticks))


@pytest.fixture
def store(new_db):
    with Store.open(new_db(), clock=Clock()) as s:
        yield s


def record(seats=None, actions=(), over=False, result=None, **extra):
    """A game record shaped like ``GameSession.record()``."""
    if seats is None:
        seats = [{"kind": "human", "name": "Anna", "profile_id": None, "level": None},
                 {"kind": "bot", "name": "Computer", "profile_id": None, "level": "easy"}]
    rec = {"id": None, "game": "thronfolge", "options": {"short": True}, "seed": 7,
           "players": len(seats), "seats": seats, "actions": list(actions),
           "state": {"players": len(seats), "ply": len(actions), "line": ["TS", "QH"],
                     "note": "Königin ♥"},
           "over": over, "result": result, "undos": 0, "hints": 0, "started_at": 500.0,
           "meta": {"mode": "hot-seat"}}
    rec.update(extra)
    return rec


def finished(rec, scores, winners, **extra):
    rec = dict(rec, over=True, result={"scores": scores, "winners": winners, "reason": "done"})
    rec.update(extra)
    return rec


# --- saving and loading -------------------------------------------------------------------


def test_a_new_record_is_inserted_and_loads_back_exactly_with_its_id(store):
    rec = record(actions=["d1", "p TS"])
    game_id = store.save_game(rec)
    assert store.load_game(game_id) == dict(rec, id=game_id, revision=1)
    assert rec["id"] is None  # the caller's record is not changed


def test_saving_with_an_id_updates_that_game_instead_of_adding_one(store):
    game_id = store.save_game(record())
    rec = record(actions=["d1"], undos=2, meta={"note": "after undo"}, id=game_id, revision=1)
    assert store.save_game(rec) == game_id
    assert store.load_game(game_id) == dict(rec, revision=2)
    assert [g.id for g in store.unfinished_games()] == [game_id]


def test_a_record_without_started_at_gets_the_time_of_its_first_save(store):
    rec = record()
    del rec["started_at"]
    game_id = store.save_game(rec)
    first = store.load_game(game_id)["started_at"]
    store.save_game(dict(rec, id=game_id, actions=["d1"]))
    assert store.load_game(game_id)["started_at"] == first


def test_saving_an_unknown_id_or_another_game_under_an_id_is_refused(store):
    game_id = store.save_game(record())
    with pytest.raises(StoreError, match="no saved game 99"):
        store.save_game(record(id=99))
    with pytest.raises(StoreError, match="is 'thronfolge', not 'deck-of-spies'"):
        store.save_game(record(id=game_id, game="deck-of-spies"))


def test_loading_an_unknown_game_says_which(store):
    with pytest.raises(StoreError, match="no saved game 5") as caught:
        store.load_game(5)
    assert caught.value.key == "game_missing"


def test_a_seat_naming_a_missing_profile_is_refused_and_nothing_is_written(store):
    seats = [{"kind": "human", "name": "Ghost", "profile_id": 42}]
    with pytest.raises(StoreError, match="seat 0 names profile 42") as caught:
        store.save_game(record(seats=seats))
    assert caught.value.key == "profile_missing"
    assert store.unfinished_games() == []


def test_a_save_that_changes_a_seat_to_a_missing_profile_is_refused_and_keeps_the_game(store):
    gid = store.save_game(record())
    saved = store.load_game(gid)
    seats = [{"kind": "human", "name": "Ghost", "profile_id": 42}] + saved["seats"][1:]
    with pytest.raises(StoreError, match="seat 0 names profile 42") as caught:
        store.save_game({**saved, "seats": seats})
    assert caught.value.key == "profile_missing"
    assert store.load_game(gid)["seats"] == saved["seats"]


@pytest.mark.parametrize("change, reason", [
    ({"game": ""}, "game must be a name"),
    ({"seed": -1}, "seed must be"),
    ({"seed": 2**64}, "seed must be"),
    ({"seats": []}, "seats must be a non-empty list"),
    ({"seats": [{"kind": "alien", "name": "X"}]}, "kind 'human' or 'bot'"),
    ({"actions": ["ok", 3]}, "actions must be a list of action strings"),
    ({"over": "yes"}, "over must be true or false"),
    ({"over": True, "result": None}, "a finished game needs a result"),
    ({"over": True, "result": {"scores": [1], "winners": [0]}}, "one number per seat"),
    ({"over": True, "result": {"scores": [1, 2], "winners": [2]}}, "winners must be seat"),
    ({"undos": -1}, "undos must be"),
    ({"state": {"x": float("nan")}}, "state cannot be saved as JSON"),
    ({"meta": {"when": object()}}, "meta cannot be saved as JSON"),
])
def test_a_malformed_record_is_refused_with_the_reason(store, change, reason):
    with pytest.raises(StoreError, match=reason) as caught:
        store.save_game(record(**change))
    assert caught.value.key == "bad_record"
    assert store.unfinished_games() == []


def test_a_record_missing_fields_names_them(store):
    rec = record()
    del rec["seed"], rec["state"]
    with pytest.raises(StoreError, match="lacks seed, state"):
        store.save_game(rec)


def test_a_save_that_fails_at_the_end_changes_nothing(store, monkeypatch):
    game_id = store.save_game(record(actions=["d1"]))
    real = results.result_rows

    def duplicate_seat(*args):
        rows = real(*args)
        rows[1].seat = 0  # breaks the one-result-per-seat constraint at commit
        return rows

    monkeypatch.setattr(results, "result_rows", duplicate_seat)
    with pytest.raises(StoreError, match="could not be saved") as caught:
        store.save_game(finished(record(id=game_id, actions=["d1", "t"]), [1, 2], [1]))
    assert caught.value.key == "db_failed"
    assert store.load_game(game_id)["actions"] == ["d1"]
    assert not store.load_game(game_id)["over"]
    assert store.results(game_id) == []


# --- lists ---------------------------------------------------------------------------------


def test_unfinished_games_are_listed_most_recently_played_first(store):
    first = store.save_game(record())
    second = store.save_game(record())
    third = store.save_game(record())
    store.save_game(record(id=first, actions=["d1"]))
    assert [g.id for g in store.unfinished_games()] == [first, third, second]
    assert [g.id for g in store.unfinished_games(limit=2)] == [first, third]


def test_a_summary_has_what_the_continue_list_shows(store):
    game_id = store.save_game(record(actions=["d1", "p TS", "t"], hints=1))
    [summary] = store.unfinished_games()
    assert isinstance(summary, GameSummary)
    assert (summary.id, summary.game, summary.players, summary.ply) == (
        game_id, "thronfolge", 2, 3)
    assert summary.seats == record()["seats"]
    assert summary.player_names == ["Anna", "Computer"]
    assert summary.meta == {"mode": "hot-seat"}
    assert summary.started_at == 500.0 and summary.updated_at > 500.0
    assert (summary.over, summary.result, summary.hints) == (False, None, 1)
    assert not summary.archived
    assert store.game_summary(game_id) == summary


def test_finished_and_archived_games_are_not_offered_to_continue(store):
    running = store.save_game(record())
    done = store.save_game(finished(record(), [3, 1], [0]))
    hidden = store.save_game(record())
    store.set_game_archived(hidden)
    assert [g.id for g in store.unfinished_games()] == [running]
    assert [g.id for g in store.finished_games()] == [done]


def test_finished_games_are_listed_most_recently_finished_first_and_by_game(store):
    a = store.save_game(finished(record(), [3, 1], [0]))
    b = store.save_game(finished(record(game="deck-of-spies", seats=record()["seats"][:1]),
                                 [12], [0]))
    c = store.save_game(finished(record(), [0, 5], [1]))
    store.save_game(finished(record(id=a, meta={"seen": True}), [3, 1], [0]))  # finished earlier
    assert [g.id for g in store.finished_games()] == [c, b, a]
    assert [g.id for g in store.finished_games("thronfolge")] == [c, a]
    assert store.finished_games("thronfolge")[0].result["winners"] == [1]
    assert [g.id for g in store.finished_games(limit=1)] == [c]


def test_an_archived_game_is_hidden_but_never_deleted(store):
    game_id = store.save_game(finished(record(), [3, 1], [0]))
    store.set_game_archived(game_id)
    assert store.finished_games() == []
    assert [g.id for g in store.finished_games(include_archived=True)] == [game_id]
    assert store.load_game(game_id)["over"]
    assert len(store.results(game_id)) == 2
    store.set_game_archived(game_id, archived=False)
    assert [g.id for g in store.finished_games()] == [game_id]


def test_archiving_a_missing_game_is_refused(store):
    with pytest.raises(StoreError, match="no saved game 3"):
        store.set_game_archived(3)


# --- results -------------------------------------------------------------------------------


def test_results_are_written_once_when_the_game_first_ends(store):
    anna = store.create_profile("Anna")
    seats = [{"kind": "human", "name": "Anna", "profile_id": anna.id, "level": None},
             {"kind": "bot", "name": "Computer", "profile_id": None, "level": "hard"}]
    game_id = store.save_game(record(seats=seats))
    store.save_game(record(seats=seats, id=game_id, actions=["d1"]))
    assert store.results(game_id) == []
    end = finished(record(seats=seats, id=game_id, actions=["d1", "t"]), [6, 6.5], [1])
    store.save_game(end)
    store.save_game(dict(end, meta={"viewed": True}))
    results = store.results(game_id)
    finished_at = store.game_summary(game_id).finished_at
    assert results == [
        {"game_id": game_id, "game": "thronfolge", "seat": 0, "kind": "human",
         "profile_id": anna.id, "level": None, "score": 6, "won": False, "assisted": False,
         "undos": 0, "hints": 0, "finished_at": finished_at},
        {"game_id": game_id, "game": "thronfolge", "seat": 1, "kind": "bot", "profile_id": None,
         "level": "hard", "score": 6.5, "won": True, "assisted": False, "undos": 0, "hints": 0,
         "finished_at": finished_at}]


def test_a_game_saved_finished_at_once_gets_its_results(store):
    game_id = store.save_game(finished(record(), [2, 1], [0]))
    assert [r["won"] for r in store.results(game_id)] == [True, False]
    assert store.game_summary(game_id).finished_at is not None


def test_a_finished_game_saved_again_stays_finished_and_keeps_its_first_results(store):
    game_id = store.save_game(record())
    store.save_game(finished(record(id=game_id, actions=["d1"]), [1, 4], [1]))
    first_end = store.game_summary(game_id).finished_at
    with pytest.raises(StoreError) as refused:
        store.save_game(record(id=game_id, undos=1))  # an undo after the end
    assert refused.value.key == "game_finished"
    assert store.unfinished_games() == []
    store.save_game(finished(record(id=game_id, actions=["d1"], meta={"seen": True}), [1, 4], [1]))
    assert [r["won"] for r in store.results(game_id)] == [False, True]
    assert store.game_summary(game_id).finished_at == first_end
    assert store.load_game(game_id)["meta"] == {"seen": True}


def test_results_say_assisted_when_the_game_saw_an_undo_or_a_hint(store):
    plain = store.save_game(finished(record(), [2, 1], [0]))
    undone = store.save_game(finished(record(undos=2), [2, 1], [0]))
    hinted = store.save_game(finished(record(hints=1), [2, 1], [0]))
    assert [r["assisted"] for r in store.results(plain)] == [False, False]
    assert [(r["assisted"], r["undos"]) for r in store.results(undone)] == [(True, 2)] * 2
    assert [(r["assisted"], r["hints"]) for r in store.results(hinted)] == [(True, 1)] * 2


# --- durability and threads ----------------------------------------------------------------

WRITER = """
import sys
sys.path.insert(0, {root!r})
from core.store import Store
store = Store.open({path!r})
rec = {{"id": None, "game": "thronfolge", "options": {{}}, "seed": 1,
        "seats": [{{"kind": "human", "name": "Anna"}}], "actions": [],
        "state": {{"ply": 0, "pad": "x" * 3000}}, "over": False, "result": None}}
rec["id"] = store.save_game(rec)
print(rec["id"], flush=True)
for ply in range(1, 100000):
    rec["actions"] = rec["actions"] + ["a%d" % ply]
    rec["state"] = {{"ply": ply, "pad": "x" * 3000}}
    store.save_game(rec)
    print(ply, flush=True)
"""


@pytest.mark.parametrize("kill_after", [5, 120])
def test_a_killed_process_loses_at_most_the_save_in_flight(tmp_path, kill_after):
    path = tmp_path / "hofstaat.db"
    writer = subprocess.Popen([sys.executable, "-c", WRITER.format(root=str(ROOT), path=str(path))],
                              stdout=subprocess.PIPE, text=True)
    try:
        game_id = int(writer.stdout.readline())
        for _ in range(kill_after):
            assert writer.stdout.readline()
        writer.send_signal(signal.SIGKILL)
        reported = [int(line) for line in writer.stdout.read().split()]
    finally:
        writer.kill()
        writer.wait()
    last = max(reported, default=kill_after)
    assert (tmp_path / "hofstaat.db-wal").exists()  # it really died mid-stream
    with Store.open(path) as store:
        assert store.notice is None
        saved = store.load_game(game_id)
        ply = len(saved["actions"])
        assert ply in (last, last + 1)
        assert saved["state"]["ply"] == ply  # the state and its log come from one save
        assert saved["actions"] == [f"a{i}" for i in range(1, ply + 1)]
        assert store.unfinished_games()[0].ply == ply


def test_saves_from_several_threads_all_arrive(tmp_path):
    store = Store.open(tmp_path / "hofstaat.db")
    ids = [store.save_game(record()) for _ in range(4)]
    errors = []

    def play(game_id):
        try:
            for ply in range(1, 26):
                store.save_game(record(id=game_id, actions=["a"] * ply))
                store.unfinished_games()
        except Exception as exc:  # reported below; a thread cannot fail the test itself
            errors.append(exc)

    threads = [threading.Thread(target=play, args=(i,)) for i in ids]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    store.close()
    assert errors == []
    with Store.open(tmp_path / "hofstaat.db") as again:
        assert sorted(g.ply for g in again.unfinished_games()) == [25] * 4


def test_a_closed_store_refuses_calls_and_may_be_closed_twice(tmp_path):
    store = Store.open(tmp_path / "hofstaat.db")
    store.close()
    store.close()
    assert store.closed
    with pytest.raises(StoreError, match="closed"):
        store.list_profiles()


def test_closing_a_file_store_folds_its_log_into_the_database(tmp_path):
    with Store.open(tmp_path / "hofstaat.db") as store:
        store.save_game(record())
    assert sorted(os.listdir(tmp_path)) == ["hofstaat.db"]


# --- with a real GameSession ---------------------------------------------------------------


@dataclass(frozen=True)
class Add:
    n: int

    def __str__(self):
        return f"+{self.n}"


class RaceGame(Game):
    """Players take turns adding 1 or 2; whoever reaches 5 wins. No cards."""

    info = GameInfo(name="race", title={"en": "Race"}, min_players=1, max_players=2,
                    hidden_information=False)

    def setup(self, players, seed, options):
        return {"count": 0, "to_move": 0}

    def parse_action(self, text):
        if text not in ("+1", "+2"):
            raise MalformedAction(f"{text!r} is not +1 or +2")
        return Add(int(text[1:]))

    def legal_actions(self, state):
        return [] if state["over"] else [Add(1), Add(2)]

    def execute(self, state, action, events):
        seat = state["to_move"]
        state["count"] += action.n
        if state["count"] >= 5:
            scores = [0] * state["players"]
            scores[seat] = 1
            state.update(over=True, to_move=None,
                         result={"scores": scores, "winners": [seat], "reason": "reached 5"})
        else:
            state["to_move"] = (seat + 1) % state["players"]

    def view(self, state, seat):
        return self.copy_state(state)

    def all_cards(self, state):
        return []

    def deck(self, state):
        return []


@pytest.fixture
def race(monkeypatch):
    monkeypatch.setitem(registry._PACKAGES, "race", "tests.unused")
    monkeypatch.setitem(registry._loaded, "race", RaceGame())


def test_a_game_session_autosaves_every_action_and_restores_from_the_store(store, race):
    anna = store.create_profile("Anna")
    berta = store.create_profile("Berta")
    seats = [Seat("human", "Anna", anna.id), Seat("human", "Berta", berta.id)]
    session = GameSession.start("race", seats, seed=3, saver=store)
    assert [g.id for g in store.unfinished_games()] == [session.game_id]
    session.apply("+2")
    session.apply("+1")
    session.undo()
    session.apply("+2")

    restored = GameSession.restore(store.load_game(session.game_id), saver=store)
    assert restored.actions == session.actions == ["+2", "+2"]
    assert restored.state == session.state
    assert (restored.undos, restored.game_id) == (1, session.game_id)

    restored.apply("+1")  # Anna reaches 5
    assert store.unfinished_games() == []
    assert store.stats("race", anna.id)["assisted"] == 1
    assert store.head_to_head("race", anna.id, berta.id)["wins_a"] == 1
    assert store.load_game(session.game_id) == dict(restored.record(), id=session.game_id)
