"""The ``python -m core`` command line: a stable black-box interface."""

import json
import subprocess
import sys

import pytest

from core.games import registry

GAMES = registry.names()


def core(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "core", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def ok(*args, stdin=""):
    out = core(*args, stdin=stdin)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_help_lists_the_commands():
    text = ok("--help")
    for cmd in ["new", "actions", "apply", "view", "bot", "selfplay", "replay", "bench", "solve"]:
        assert f"\n    {cmd}" in text


@pytest.mark.parametrize("name", GAMES)
def test_new_actions_apply_view_bot_round_trip(name):
    players = registry.get(name).info.min_players
    state_text = ok("new", name, "--seed", "5", "--players", str(players))
    state = json.loads(state_text)
    assert state["game"] == name and state["seed"] == 5 and state["players"] == players
    for key in ["version", "options", "to_move", "over", "result"]:
        assert key in state
    actions = json.loads(ok("actions", stdin=state_text))
    assert actions and all(isinstance(a, str) for a in actions)
    nxt = json.loads(ok("apply", actions[0], stdin=state_text))
    assert nxt == registry.get(name).apply(state, actions[0]).state
    view = json.loads(ok("view", "--seat", "0", stdin=state_text))
    assert view == registry.get(name).view(state, 0)
    choice = ok("bot", "--level", "random", stdin=state_text).strip()
    assert choice in actions


@pytest.mark.parametrize("name", GAMES)
def test_selfplay_then_replay_gives_the_final_state(name):
    players = registry.get(name).info.min_players
    record_text = ok("selfplay", name, "--bots", ",".join(["random"] * players), "--seed", "11")
    record = json.loads(record_text)
    assert {"game", "players", "seed", "options", "actions", "state"} <= record.keys()
    assert record["state"]["over"]
    assert json.loads(ok("replay", stdin=record_text)) == record["state"]


def test_replay_names_the_first_refused_action():
    name = GAMES[0]
    players = registry.get(name).info.min_players
    record = json.loads(ok("selfplay", name, "--bots", ",".join(["random"] * players), "--seed", "2"))
    record["actions"][3] = "nonsense"
    out = core("replay", stdin=json.dumps(record))
    assert out.returncode == 2 and out.stdout == ""
    assert "action 3" in out.stderr


def test_bench_reports_figures_per_level():
    name = GAMES[0]
    players = registry.get(name).info.min_players
    report = json.loads(ok("bench", name, "--bots", ",".join(["random"] * players),
                           "--games", "5", "--seed", "1"))
    level = report["levels"]["random"]
    assert level["games"] == 5 * players
    for key in ["wins", "win_rate", "mean_score", "decisions", "think_ms_p50", "think_ms_p95",
                "think_ms_max"]:
        assert key in level
    assert report["games_per_second"] > 0


def test_bench_passes_a_think_time_budget_to_the_bots(monkeypatch):
    import core.bench

    given = []
    real = core.bench.make_bot

    def spy(game, level, budget_ms=None, nodes=None):
        given.append((level, budget_ms))
        return real(game, level, budget_ms, nodes)

    monkeypatch.setattr(core.bench, "make_bot", spy)
    report = core.bench.bench("deck-of-spies", ["hard"], 1, 7, budget_ms=5.0)
    assert given == [("hard", 5.0)] and report["budget_ms"] == 5.0
    assert core.bench.bench("deck-of-spies", ["easy"], 1, 7)["budget_ms"] is None
    assert given[-1] == ("easy", None)


def test_selfplay_with_a_node_budget_prints_the_same_record_every_time():
    for args in (["thronfolge", "--bots", "hard,normal", "--seed", "3", "--nodes", "2000"],
                 ["deck-of-spies", "--bots", "hard", "--seed", "3", "--nodes", "30"]):
        first = ok("selfplay", *args)
        assert json.loads(first)["state"]["over"]
        assert ok("selfplay", *args) == first


def test_bot_takes_a_node_budget_and_still_moves_when_it_is_tiny():
    for name in GAMES:
        state_text = ok("new", name, "--seed", "4")
        actions = json.loads(ok("actions", stdin=state_text))
        assert ok("bot", "--level", "hard", "--nodes", "1", stdin=state_text).strip() in actions


def test_bench_reports_the_node_budget_it_gave_the_bots(monkeypatch):
    import core.bench

    given = []
    real = core.bench.make_bot

    def spy(game, level, budget_ms=None, nodes=None):
        given.append((level, budget_ms, nodes))
        return real(game, level, budget_ms, nodes)

    monkeypatch.setattr(core.bench, "make_bot", spy)
    report = core.bench.bench("thronfolge", ["hard", "normal"], 1, 7, nodes=500)
    assert sorted(given) == [("hard", None, 500), ("normal", None, 500)]
    assert report["nodes"] == 500 and report["budget_ms"] is None
    assert core.bench.bench("thronfolge", ["random", "random"], 1, 7)["nodes"] is None


BAD_NODES = ["0", "-5", "1.5", "lots", ""]

BAD = [
    (["new", "no-such-game"], ""),
    (["new", GAMES[0], "--players", "9"], ""),
    (["new", GAMES[0], "--option", "no_such_option=1"], ""),
    (["new", GAMES[0], "--option", "missing-equals"], ""),
    (["new", GAMES[0], "--seed", "abc"], ""),
    (["new", GAMES[0], "--seed", "-4"], ""),
    (["actions"], ""),
    (["actions"], "{not json"),
    (["actions"], '{"game": "thronfolge"}'),
    (["apply", "take the crown"], None),
    (["view", "--seat", "7"], None),
    (["bot", "--level", "grandmaster"], None),
    (["selfplay", GAMES[0], "--bots", "random", "--seed", "1", "--players", "9"], ""),
    (["bench", GAMES[0], "--bots", "random", "--games", "0", "--seed", "1"], ""),
    (["bench", GAMES[0], "--bots", "random", "--games", "1", "--seed", "1", "--budget-ms", "0"], ""),
    (["bench", GAMES[0], "--bots", "random", "--games", "1", "--seed", "1", "--budget-ms", "nan"], ""),
    (["bench", GAMES[0], "--bots", "random", "--games", "1", "--seed", "1", "--budget-ms", "soon"], ""),
    (["bench", GAMES[0], "--bots", "random", "--games", "1", "--seed", "1", "--nodes", "5", "--budget-ms", "9"], ""),
    *[(["bench", GAMES[0], "--bots", "random", "--games", "1", "--seed", "1", "--nodes", n], "") for n in BAD_NODES],
    *[(["selfplay", GAMES[0], "--bots", "random", "--seed", "1", "--nodes", n], "") for n in BAD_NODES],
    *[(["bot", "--level", "hard", "--nodes", n], None) for n in BAD_NODES],
    (["replay"], "[1, 2]"),
    (["solve", "thronfolge", "--seed", "1"], ""),
    (["frobnicate"], ""),
    ([], ""),
]


@pytest.mark.parametrize("args,stdin", BAD)
def test_bad_input_exits_2_with_one_line_and_no_output(args, stdin):
    if stdin is None:
        stdin = ok("new", GAMES[0], "--seed", "1")
    out = core(*args, stdin=stdin)
    assert out.returncode == 2
    assert out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1
    assert out.stderr.startswith("error: ")
