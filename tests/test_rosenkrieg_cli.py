"""Rosenkrieg through the ``python -m core`` command line, as outside tools use it."""

from __future__ import annotations

import json

import pytest

from core.games.rosenkrieg import GAME
from tests.test_cli import core, ok


def test_new_deals_three_players_and_actions_apply_and_view_work_on_it():
    text = ok("new", "rosenkrieg", "--players", "3", "--seed", "1")
    state = json.loads(text)
    assert state == GAME.new(3, 1)
    assert state["phase"] == "declare" and [len(h) for h in state["hands"]] == [8, 8, 8]
    assert json.loads(ok("actions", stdin=text)) == ["pass", "will"]
    nxt = json.loads(ok("apply", "will", stdin=text))
    assert nxt["declarations"][state["to_move"]] is True
    seat = state["to_move"]
    view = json.loads(ok("view", "--seat", str(seat), stdin=text))
    assert view == GAME.view(state, seat) and "seed" not in view
    others = [h for s, h in enumerate(view["hands"]) if s != seat]
    assert all(set(h) == {"??"} for h in others) and view["erbe"] == ["??", "??"]


def test_options_are_read_from_the_command_line_and_bad_ones_refused():
    state = json.loads(ok("new", "rosenkrieg", "--players", "4", "--seed", "2", "--option", "trumpfzwang=true",
                          "--option", "klanglos=tricks", "--option", "partien=2"))
    assert state["options"] == {"partien": 2, "trumpfzwang": True, "klanglos": "tricks"}
    for bad in ("partien=0", "partien=9", "klanglos=never", "trumpfzwang=perhaps"):
        out = core("new", "rosenkrieg", "--option", bad)
        assert out.returncode == 2 and out.stdout == "" and out.stderr.startswith("error: ")


def test_an_illegal_card_exits_2_saying_what_must_be_played():
    text = ok("new", "rosenkrieg", "--players", "3", "--seed", "1")
    out = core("apply", "play AR", stdin=text)
    assert out.returncode == 2 and "must first declare" in out.stderr


@pytest.mark.parametrize("players", [2, 3, 4])
def test_selfplay_of_a_dynastie_replays_to_the_same_final_state(players):
    text = ok("selfplay", "rosenkrieg", "--bots", ",".join(["random"] * players), "--seed", "3",
              "--option", "partien=3")
    record = json.loads(text)
    assert record["state"]["over"] and len(record["state"]["partien"]) == 3
    assert json.loads(ok("replay", stdin=text)) == record["state"]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bot_picks_a_legal_action_for_every_level(level):
    text = ok("new", "rosenkrieg", "--players", "3", "--seed", "1")
    for action in ("will", "pass", "pass"):
        text = ok("apply", action, stdin=text)
    choice = ok("bot", "--level", level, "--nodes", "200", stdin=text).strip()
    assert choice.startswith("lay ") and choice in json.loads(ok("actions", stdin=text))


def test_bench_plays_whole_dynastien_and_reports_per_level():
    report = json.loads(ok("bench", "rosenkrieg", "--bots", "random,random,random", "--games", "3", "--seed", "1"))
    assert report["players"] == 3 and report["levels"]["random"]["games"] == 9
    assert report["games_per_second"] > 0
