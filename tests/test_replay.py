"""Replays: a finished game's positions step by step, its moves in words, every card open,
and refusals of running games and damaged logs."""

import json

import pytest

from core import cards as C
from core.bots import bot_rng, make_bot
from core.games import registry
from core.replay import Replay, ReplayError
from core.replay_words import describe
from core.session import GameSession, Seat
from core.store import Store, StoreError

PLAYERS = {"thronfolge": 2, "deck-of-spies": 1, "rosenkrieg": 3, "kings-corner": 3}


def played(game: str, seed: int = 11) -> dict:
    """The record of a game that random bots played to its end."""
    rules = registry.get(game)
    state = rules.new(PLAYERS[game], seed)
    actions = []
    bot = make_bot(rules, "random")
    while not state["over"]:
        seat = state["to_move"]
        action = bot.choose(rules.view(state, seat), rules.legal_actions(state), bot_rng(state, "random"))
        actions.append(str(action))
        state = rules.apply(state, action).state
    return {"id": 5, "game": game, "options": state["options"], "seed": seed,
            "players": state["players"], "actions": actions, "state": state, "over": True,
            "result": state["result"]}


@pytest.mark.parametrize("game", list(PLAYERS))
def test_stepping_forwards_then_backwards_gives_the_same_states(game):
    rec = played(game)
    replay = Replay(rec)
    forwards = [json.dumps(replay.state(k), sort_keys=True) for k in range(replay.length + 1)]
    backwards = [json.dumps(replay.state(k), sort_keys=True) for k in range(replay.length, -1, -1)]
    assert forwards == backwards[::-1]
    rules = registry.get(game)
    state = rules.new(rec["players"], rec["seed"], rec["options"])
    for k, action in enumerate(rec["actions"], start=1):
        state = rules.apply(state, action).state
        assert replay.state(k) == state


@pytest.mark.parametrize("game", list(PLAYERS))
def test_the_last_step_equals_the_stored_final_state(game):
    rec = played(game)
    replay = Replay(rec)
    assert replay.length == len(rec["actions"])
    assert replay.state(replay.length) == rec["state"]
    assert replay.state(0)["ply"] == 0 and replay.move(0) is None


def test_a_rosenkrieg_dynasty_replays_every_step_of_a_long_game():
    rec = played("rosenkrieg", seed=3)
    replay = Replay(rec)
    assert replay.length > 150
    assert [m.action for m in replay.moves] == rec["actions"]
    assert replay.state(replay.length)["over"]


def test_a_damaged_action_log_gives_an_error_naming_the_step():
    rec = played("thronfolge")
    rec["actions"][9] = "play ZZ"
    with pytest.raises(ReplayError, match=r"step 10 .*'play ZZ'"):
        Replay(rec)


def test_an_action_log_that_misses_the_saved_end_is_refused():
    rec = played("thronfolge")
    rec["actions"] = rec["actions"][:-1]
    with pytest.raises(ReplayError, match="do not lead to its saved final position"):
        Replay(rec)


def test_a_running_game_cannot_be_replayed():
    rec = played("kings-corner")
    rec["over"] = False
    with pytest.raises(ReplayError, match="still running"):
        Replay(rec)


def test_a_step_outside_the_game_is_refused():
    replay = Replay(played("thronfolge"))
    with pytest.raises(ReplayError, match=f"steps 0 to {replay.length}"):
        replay.state(replay.length + 1)
    with pytest.raises(ReplayError):
        replay.view(-1, 0)


@pytest.mark.parametrize("game", ["thronfolge", "rosenkrieg", "kings-corner", "deck-of-spies"])
def test_the_open_view_shows_every_card_face_up_where_the_seat_view_hides_some(game):
    replay = Replay(played(game))
    step = min(4, replay.length - 1)
    seat_view = replay.view(step, 0)
    open_view = replay.open_view(step, 0)
    assert C.UNKNOWN in json.dumps(seat_view)
    assert C.UNKNOWN not in json.dumps(open_view)
    state = replay.state(step)
    if "hands" in state:
        assert open_view["hands"] == state["hands"]
    assert "seed" not in open_view or game == "deck-of-spies"


def test_the_seat_view_of_a_replay_is_the_game_view():
    rec = played("rosenkrieg")
    replay = Replay(rec)
    rules = registry.get("rosenkrieg")
    assert replay.view(20, 1) == rules.view(replay.state(20), 1)


def test_moves_name_the_seat_that_acted_and_read_in_both_languages():
    replay = Replay(played("thronfolge"))
    first = replay.move(1)
    assert first.seat == replay.state(0)["to_move"] and first.number == 1
    card = first.action.split()[1] if first.action.startswith("play") else None
    if card:
        assert replay.describe(1, "de") == f"spielt {C.name(card, 'de')}"
        assert replay.describe(1, "en") == f"plays the {C.name(card, 'en')}"
    assert replay.describe(0, "en") == ""


def test_words_keep_the_erbe_hidden_unless_every_card_is_open():
    assert describe("rosenkrieg", "lay AL TB", "de") == "legt zwei Karten ins Erbe"
    assert describe("rosenkrieg", "lay AL TB", "en", open_cards=True) == \
        "lays the Ace of Lions and Ten of Trees into the legacy"
    assert describe("kings-corner", "move N SE", "en") == "moves the pile north onto south-east"
    assert describe("kings-corner", "play 7H NW", "de") == "legt Herz Sieben nach Nordwest"
    assert describe("deck-of-spies", "done", "de") == "beendet den Zug"
    assert describe("thronfolge", "sing", "en") == "sing"


def test_the_store_hands_out_finished_games_for_replay_and_refuses_running_ones():
    with Store.open("sqlite:///:memory:") as store:
        seats = [Seat("human", "Anna"), Seat("bot", "Computer", level="random")]
        session = GameSession.start("thronfolge", seats, seed=4, saver=store)
        rules = session.game
        with pytest.raises(StoreError, match="still running") as refused:
            store.replay_record(session.game_id)
        assert refused.value.key == "game_running"
        bot = make_bot(rules, "random")
        while not session.over:
            state = session.state
            session.apply(bot.choose(rules.view(state, state["to_move"]), session.legal(),
                                     bot_rng(state, "random")))
        rec = store.replay_record(session.game_id)
        replay = Replay(rec)
        assert replay.state(replay.length) == session.state
        with pytest.raises(StoreError):
            store.replay_record(9999)


def test_what_a_seat_could_not_see_is_listed_face_up_by_hand_and_pile():
    replay = Replay(played("thronfolge"))
    state = replay.state(3)
    hidden = replay.hidden(3, 0)
    assert ("hands", 1, state["hands"][1]) in hidden
    assert ("deck", None, state["deck"]) in hidden
    assert all(owner != 0 for _key, owner, _cards in hidden)
    last = replay.length
    assert replay.hidden(last, 0) == []  # a finished Thronfolge shows every card anyway
