"""The hard Deck of Spies bot's search: the race between moves, playouts that stop at the
face phase, and the model that values them (with the tool that fits it)."""

from __future__ import annotations

import json
import math
import random

import pytest

from core.bots.race import clear_winner, still_in_race
from core.games.deck_of_spies.bots import HardBot
from core.games.deck_of_spies.search import _play_out, heuristic_faces, play_until, rollout, sample_world
from core.games.deck_of_spies.fit import fit_logistic
from core.games.deck_of_spies.policy import FACE_PHASE, ROLLOUT
from core.games.deck_of_spies.value import COEFFICIENTS, features, win_chance
from core.games.deck_of_spies import GAME
from core.games.deck_of_spies.turns import Position

FACES = ("JC", "QC", "KC", "JD", "QD", "KD", "JH", "QH", "KH", "JS", "QS", "KS")
STARTING_DECK = tuple(r + s for s in "CDHS" for r in "A234")


def face_phase_start(hand, draw=(), discard=()):
    return Position(FACES, tuple(hand), tuple(draw), tuple(discard), 0)


# --- the race between moves ------------------------------------------------------------


def test_a_move_clearly_behind_the_leader_leaves_the_race_but_the_heuristics_choice_stays():
    worlds = 12
    leader = [1.0] * worlds
    heuristic = [0.0] * worlds                       # clearly behind, but always kept
    close = [1.0] * (worlds - 1) + [0.0]             # one world worse: not clearly behind
    behind = [0.0] * worlds                          # clearly behind: dropped
    values = [heuristic, leader, close, behind]
    assert still_in_race(values, [0, 1, 2, 3], z=2.0) == [0, 1, 2]


def test_the_final_choice_compares_each_move_with_the_heuristic_over_the_worlds_it_was_played_in():
    heuristic = [0.0, 1.0] * 10
    dropped_early = [0.0] * 8                        # left the race after 8 worlds
    better = [1.0] * 20
    assert clear_winner([heuristic, dropped_early, better], z=1.0) == (2, pytest.approx(0.5))
    assert clear_winner([heuristic, dropped_early], z=1.0) == (0, 0.0)


def test_a_settled_decision_stops_before_the_world_cap(monkeypatch):
    """Two moves of which one is plainly better: once the other has left the race, no
    more worlds are sampled (the cap is far away)."""
    bot = HardBot(GAME, budget_ms=1e9)
    bot.max_worlds = 400
    played = []

    def fake_play_out(world, seed, how, w, horizon=False):
        played.append(how)
        return 1.0 if how == "good" else 0.0

    monkeypatch.setattr("core.games.deck_of_spies.search._play_out", fake_play_out)
    options = [(None, "", "good"), (None, "", "bad")]
    values = bot._evaluate(GAME.view(GAME.new(seed=3), 0), options, random.Random(0))
    assert len(values[0]) == bot.drop_after
    assert len(values[1]) == bot.drop_after
    assert len(played) == 2 * bot.drop_after


def test_without_dropping_every_move_is_played_in_every_world():
    bot = HardBot(GAME, budget_ms=1e9)
    bot.drop_z = None
    bot.max_worlds = 5
    state = GAME.new(seed=3)
    view = GAME.view(state, 0)
    options = bot._options(view)
    assert len(options) > 1
    values = bot._evaluate(view, options, random.Random(0))
    assert [len(v) for v in values] == [5] * len(options)


def test_without_dropping_the_values_are_every_move_played_out_in_the_same_sampled_worlds():
    """The shared race gives what a direct loop over worlds gives (same rng draws)."""
    bot = HardBot(GAME, budget_ms=1e9)
    bot.drop_z = None
    bot.max_worlds = 4
    view = GAME.view(GAME.new(seed=5), 0)
    options = bot._options(view)
    rng = random.Random(9)
    expected = [[] for _ in options]
    for _ in range(4):
        world, seed = sample_world(view, rng)
        for i, (_, _, how) in enumerate(options):
            expected[i].append(_play_out(world, seed, how, bot.weights, bot.horizon))
    assert bot._evaluate(view, options, random.Random(9)) == expected


# --- playouts that stop at the face phase ----------------------------------------------


def test_a_playout_before_the_face_phase_is_valued_where_that_phase_begins():
    pos = Position.of(GAME.new(seed=11))
    seed = 4242
    start = play_until(pos, seed, ROLLOUT, FACE_PHASE)
    assert start is not None and len(start.spies) == FACE_PHASE
    assert set(start.spies) == set(FACES)
    assert rollout(pos, seed, ROLLOUT, horizon=True) == pytest.approx(win_chance(start))


def test_in_the_face_phase_a_playout_runs_to_the_end():
    pos = face_phase_start(["AC", "AD", "AH", "AS", "9C"], draw=["TC", "TD", "TH", "TS", "9D"],
                           discard=["8C", "8D", "8H", "8S"])
    faces = heuristic_faces(pos, 7, ROLLOUT)
    assert rollout(pos, 7, ROLLOUT, horizon=True) == (1.0 if faces >= 7 else 0.0) + 0.02 * faces


def test_a_playout_lost_for_want_of_an_ace_before_the_face_phase_is_worth_nothing():
    # A ten to face with 2+3 in hand, nothing left to draw and no ace anywhere (S-4.1).
    pos = Position(FACES + ("9C", "TC"), ("2C", "3C"), (), (), 0)
    assert play_until(pos, 1, ROLLOUT, FACE_PHASE) is None
    assert rollout(pos, 1, ROLLOUT, horizon=True) == 0.0


# --- the model of the chance to win from the face phase ---------------------------------


def test_the_model_has_one_coefficient_per_feature():
    assert len(COEFFICIENTS) == len(features(["AC"], ["2C"], ["3C"]))


def test_the_chance_to_win_rises_with_a_stronger_deck():
    weak = face_phase_start(STARTING_DECK[:5], draw=STARTING_DECK[5:])
    recruited = ("7C", "7D", "7H", "7S", "9C", "9D", "9H", "9S", "TC", "TD", "TH", "TS")
    aces = [c for c in STARTING_DECK if c[0] == "A"]
    strong = face_phase_start(aces + ["TS"], draw=recruited[:-1])
    assert 0.0 < win_chance(weak) < win_chance(strong) < 1.0


def test_the_chance_to_win_does_not_depend_on_the_order_of_the_draw_pile():
    pos = face_phase_start(STARTING_DECK[:5], draw=STARTING_DECK[5:12], discard=STARTING_DECK[12:])
    shuffled = list(pos.draw)
    random.Random(1).shuffle(shuffled)
    assert win_chance(pos._replace(draw=tuple(shuffled))) == win_chance(pos)


def test_the_fit_recovers_known_coefficients():
    xs = [[1.0, i / 50 - 1.0] for i in range(101)]
    ys = [1.0 / (1.0 + math.exp(-(0.5 + 2.0 * x[1]))) for x in xs]
    beta = fit_logistic(xs, ys, ridge=1e-9)
    assert beta == pytest.approx([0.5, 2.0], abs=1e-6)


def test_the_value_tool_prints_a_fitted_model_and_refuses_bad_options(capsys):
    from core.games.deck_of_spies.tools import main
    assert main(["value", "--games", "40", "--seed", "9", "--playouts", "2"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert len(report["coefficients"]) == len(COEFFICIENTS)
    assert 30 <= report["positions"] <= 40
    assert 0.0 <= report["mean_win_share"] <= 1.0
    for bad in (["--games", "3"], ["--playouts", "0"], ["--games", "x"]):
        with pytest.raises(SystemExit) as exit_info:
            main(["value", *bad])
        assert exit_info.value.code == 2
        assert capsys.readouterr().out == ""
