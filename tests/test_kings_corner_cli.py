"""Kings in the Corner through the ``python -m core`` command line, as outside tools use it."""

import json

from core.games.kings_corner import GAME
from tests.test_cli import core, ok


def new_state(*extra):
    return ok("new", "kings-corner", "--players", "4", "--seed", "1", *extra)


def test_new_deals_four_players_from_the_seed():
    state = json.loads(new_state())
    assert state["game"] == "kings-corner" and state["players"] == 4 and state["seed"] == 1
    assert state == GAME.new(4, 1)
    assert set(state["piles"]) == {"N", "E", "S", "W", "NE", "SE", "SW", "NW"}
    assert {"hands", "talon", "scores", "rounds"} <= state.keys()


def test_actions_apply_and_view_follow_the_engine():
    text = new_state()
    assert json.loads(ok("actions", stdin=text)) == ["draw"]
    drawn = ok("apply", "draw", stdin=text)
    assert json.loads(drawn) == GAME.apply(json.loads(text), "draw").state
    actions = json.loads(ok("actions", stdin=drawn))
    assert actions == [str(a) for a in GAME.legal_actions(json.loads(drawn))] and "end" in actions
    seat = json.loads(drawn)["to_move"]
    view = json.loads(ok("view", "--seat", str(seat), stdin=drawn))
    assert view == GAME.view(json.loads(drawn), seat) and "seed" not in view
    assert all(c == "??" for s, h in enumerate(view["hands"]) if s != seat for c in h)


def test_options_are_given_as_key_value_pairs():
    state = json.loads(new_state("--option", "draw=false", "--option", "target=25", "--option", "royal_kings=true"))
    assert state["options"]["draw"] is False and state["options"]["target"] == 25
    assert [len(h) for h in state["hands"]] == [12] * 4


def test_an_illegal_action_exits_2_with_the_reason_and_no_output():
    text = ok("apply", "draw", stdin=new_state())
    out = core("apply", "play 7H NE", stdin=text)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("error: ") and len(out.stderr.strip().splitlines()) == 1
    assert "7♥" in out.stderr


def test_a_deal_the_deck_cannot_hold_exits_2():
    out = core("new", "kings-corner", "--players", "5", "--option", "hand=10")
    assert out.returncode == 2 and out.stdout == "" and "54 cards" in out.stderr


def test_selfplay_then_replay_gives_the_final_state():
    record_text = ok("selfplay", "kings-corner", "--bots", "random,random,random,random,random", "--seed", "2")
    record = json.loads(record_text)
    assert record["players"] == 5 and record["state"]["over"]
    assert json.loads(ok("replay", stdin=record_text)) == record["state"]
    record["actions"][1] = "move N N"
    out = core("replay", stdin=json.dumps(record))
    assert out.returncode == 2 and "action 1" in out.stderr


def test_bench_reports_rounds_per_second_for_random_play():
    report = json.loads(ok("bench", "kings-corner", "--bots", "random", "--players", "2", "--games", "10",
                           "--seed", "1"))
    assert report["players"] == 2 and report["levels"]["random"]["games"] == 20
    assert report["games_per_second"] > 0
