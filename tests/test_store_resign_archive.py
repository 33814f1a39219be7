"""Putting a running game aside (archive, restore) and giving one up (resign); nothing is deleted."""

import pytest

from core.session import GameSession, Seat
from core.store import RESIGNED, StoreError
from tests.test_store_stats import seat, store  # noqa: F401 (store is a fixture)


def running(store, seats, game="thronfolge", actions=("d1",), **extra):
    """Save one game that is still running and return its id."""
    rec = {"id": None, "game": game, "options": {}, "seed": 5, "seats": seats,
           "actions": list(actions), "state": {"players": len(seats), "over": False},
           "over": False, "result": None}
    rec.update(extra)
    return store.save_game(rec)


@pytest.fixture
def anna(store):
    return store.create_profile("Anna")


@pytest.fixture
def berta(store):
    return store.create_profile("Berta")


# --- archiving -----------------------------------------------------------------------------


def test_an_archived_game_leaves_continue_and_is_listed_among_the_archived(store, anna):
    kept = running(store, [seat(anna.id), seat(kind="bot", level="easy")])
    put_away = running(store, [seat(anna.id), seat(kind="bot", level="hard")])
    store.set_game_archived(put_away)
    assert [g.id for g in store.unfinished_games()] == [kept]
    [archived] = store.archived_games()
    assert (archived.id, archived.archived, archived.over) == (put_away, True, False)
    assert store.finished_games() == []
    assert store.results(put_away) == []


def test_restoring_an_archived_game_brings_it_back_to_continue(store, anna):
    game_id = running(store, [seat(anna.id)], game="deck-of-spies")
    store.set_game_archived(game_id)
    store.set_game_archived(game_id, archived=False)
    assert [g.id for g in store.unfinished_games()] == [game_id]
    assert store.archived_games() == []


def test_archived_games_are_listed_most_recently_played_first(store, anna):
    first, second = (running(store, [seat(anna.id)], game="deck-of-spies") for _ in range(2))
    store.set_game_archived(first)
    store.set_game_archived(second)
    running(store, [seat(anna.id)], game="deck-of-spies", id=first, actions=["d1", "d2"])
    assert [g.id for g in store.archived_games()] == [first, second]
    assert [g.id for g in store.archived_games(limit=1)] == [first]


def test_a_finished_archived_game_is_not_offered_as_archived_to_continue(store, anna):
    game_id = store.save_game({
        "id": None, "game": "deck-of-spies", "options": {}, "seed": 1, "seats": [seat(anna.id)],
        "actions": ["x"], "state": {}, "over": True, "result": {"scores": [12], "winners": [0]}})
    store.set_game_archived(game_id)
    assert store.archived_games() == []


def test_an_archived_game_continues_exactly_where_it_was(store, anna):
    seats = [Seat("human", "Anna", anna.id), Seat("bot", "Computer", level="easy")]
    session = GameSession.start("thronfolge", seats, seed=11, saver=store)
    for _ in range(6):
        session.apply(session.legal()[0])
    store.set_game_archived(session.game_id)

    restored = GameSession.restore(store.load_game(session.game_id), saver=store)
    assert restored.actions == session.actions
    assert restored.state == session.state
    restored.apply(restored.legal()[0])
    assert store.load_game(session.game_id)["actions"] == restored.actions
    # Playing on does not bring it back by itself; restoring does.
    assert [g.id for g in store.archived_games()] == [session.game_id]
    store.set_game_archived(session.game_id, archived=False)
    assert [(g.id, g.ply) for g in store.unfinished_games()] == [(session.game_id, 7)]


# --- resigning -----------------------------------------------------------------------------


def test_resigning_against_the_computer_is_a_loss_for_the_person_and_a_win_for_it(store, anna):
    computer = store.create_profile("Computer (hard)", kind="bot", level="hard")
    game_id = running(store, [seat(anna.id, name="Anna"), seat(computer.id, "bot", "hard")],
                      hints=2)
    summary = store.resign_game(game_id, 0)
    assert (summary.over, summary.resigned, summary.resigned_seat) == (True, True, 0)
    assert summary.result == {"scores": [None, None], "winners": [1], "reason": RESIGNED,
                              "resigned": 0}
    assert store.unfinished_games() == []
    assert [g.id for g in store.finished_games("thronfolge")] == [game_id]
    rows = store.results(game_id)
    assert [(r["profile_id"], r["won"], r["score"]) for r in rows] == [
        (anna.id, False, None), (computer.id, True, None)]
    assert all(r["assisted"] and r["hints"] == 2 for r in rows)
    assert (store.stats("thronfolge", anna.id)["games"], store.stats("thronfolge", anna.id)["wins"]) \
        == (1, 0)
    assert store.stats("thronfolge", computer.id)["wins"] == 1
    assert store.load_game(game_id)["over"]


def test_resigning_a_solitaire_game_is_a_loss_with_no_score(store, anna):
    won = store.save_game({
        "id": None, "game": "deck-of-spies", "options": {}, "seed": 1, "seats": [seat(anna.id)],
        "actions": ["x"], "state": {}, "over": True, "result": {"scores": [9], "winners": [0]}})
    game_id = running(store, [seat(anna.id)], game="deck-of-spies")
    summary = store.resign_game(game_id, 0)
    assert summary.result["winners"] == []
    stats = store.stats("deck-of-spies", anna.id)
    assert (stats["games"], stats["wins"], stats["current_streak"], stats["best_score"]) == (
        2, 1, 0, 9)
    assert [g.id for g in store.finished_games()] == [game_id, won]


def test_in_a_hot_seat_game_the_one_who_resigns_loses_and_everyone_else_wins(store, anna, berta):
    carl = store.create_profile("Carl")
    game_id = running(store, [seat(anna.id), seat(berta.id), seat(carl.id)], game="kings-corner")
    store.resign_game(game_id, 1)
    assert [(r["profile_id"], r["won"]) for r in store.results(game_id)] == [
        (anna.id, True), (berta.id, False), (carl.id, True)]
    assert store.head_to_head("kings-corner", anna.id, berta.id)["wins_a"] == 1
    assert store.game_summary(game_id).resigned_seat == 1


@pytest.mark.parametrize("bad_seat", [1, 2, -1, "0", None, True])
def test_only_a_persons_seat_can_resign_and_a_refusal_changes_nothing(store, anna, bad_seat):
    game_id = running(store, [seat(anna.id), seat(kind="bot", level="easy")])
    with pytest.raises(StoreError) as caught:
        store.resign_game(game_id, bad_seat)
    assert caught.value.key == "bad_seat"
    assert [g.id for g in store.unfinished_games()] == [game_id]
    assert store.results(game_id) == []


def test_a_finished_or_missing_game_cannot_be_resigned(store, anna):
    game_id = running(store, [seat(anna.id)], game="deck-of-spies")
    store.resign_game(game_id, 0)
    with pytest.raises(StoreError, match="already over") as caught:
        store.resign_game(game_id, 0)
    assert caught.value.key == "game_over"
    assert len(store.results(game_id)) == 1
    with pytest.raises(StoreError, match="no saved game 99"):
        store.resign_game(99, 0)


def test_a_resigned_game_never_runs_again_even_when_an_open_table_saves_it(store, anna):
    seats = [Seat("human", "Anna", anna.id), Seat("bot", "Computer", level="easy")]
    session = GameSession.start("thronfolge", seats, seed=4, saver=store)
    session.apply(session.legal()[0])
    store.resign_game(session.game_id, 0)
    with pytest.raises(StoreError, match="was resigned") as caught:
        session.apply(session.legal()[0])
    assert caught.value.key == "game_resigned"
    saved = store.load_game(session.game_id)
    assert saved["over"] and saved["result"]["reason"] == RESIGNED
    assert len(saved["actions"]) == 1
    assert store.unfinished_games() == []


def test_resigning_an_archived_game_shows_it_among_the_finished_games(store, anna):
    game_id = running(store, [seat(anna.id)], game="deck-of-spies")
    store.set_game_archived(game_id)
    store.resign_game(game_id, 0)
    assert store.archived_games() == []
    assert [g.id for g in store.finished_games()] == [game_id]


def test_a_game_whose_end_cannot_be_taken_back_cannot_be_resigned_afterwards(store, anna):
    game_id = running(store, [seat(anna.id)], game="deck-of-spies")
    store.save_game(dict(store.load_game(game_id), actions=["d1", "x"], over=True,
                         result={"scores": [8], "winners": [0]}))
    with pytest.raises(StoreError):
        store.save_game(dict(store.load_game(game_id), over=False, result=None, undos=1))
    with pytest.raises(StoreError) as refused:
        store.resign_game(game_id, 0)
    assert refused.value.key == "game_over"
    assert [(r["won"], r["score"]) for r in store.results(game_id)] == [(True, 8)]
    assert not store.game_summary(game_id).resigned


def test_a_game_that_ended_by_its_rules_is_not_called_resigned(store, anna):
    game_id = store.save_game({
        "id": None, "game": "deck-of-spies", "options": {}, "seed": 1, "seats": [seat(anna.id)],
        "actions": ["x"], "state": {}, "over": True,
        "result": {"scores": [3], "winners": [], "reason": "no_double_agent"}})
    summary = store.game_summary(game_id)
    assert (summary.resigned, summary.resigned_seat) == (False, None)
