"""The Deck of Spies solver: winning lines replay, refutations hold, time limits give up."""

from __future__ import annotations

import pytest

import spies_positions
from core.games.deck_of_spies import GAME
from core.games.deck_of_spies.solver import SolveResult, solve, solve_state


def stacked(*args, seed=3, **kwargs):
    """The shared builder with this file's seed (the positions here were written for it)."""
    return spies_positions.stacked(*args, seed=seed, **kwargs)


def replay_wins(seed, line):
    state = GAME.replay(1, seed, None, line)
    return state["over"] and state["result"]["winners"] == [0]


@pytest.mark.parametrize("seed", [0, 1, 4, 16])
def test_a_winning_line_replays_to_a_win(seed):
    result = solve(seed, seconds=30)
    assert result.status == "winnable"
    assert result.nodes > 0 and result.line
    assert replay_wins(seed, result.line)


def test_the_line_of_a_stacked_state_applies_from_that_state():
    # Two kings left; the ace of spades and a ten recruit the K♠, the ace of hearts the K♥.
    faces = ["JC", "QC", "KC", "JD", "QD"]
    state = stacked(["KH", "KS"], ["AS", "TC", "2C", "3C", "AH"], draw=["TD"], discard=faces)
    result = solve_state(state, seconds=10)
    assert result.status == "winnable"
    for action in result.line:
        state = GAME.apply(state, action).state
    assert state["over"] and state["result"]["winners"] == [0]


def test_a_position_without_enough_face_cards_in_reach_is_unwinnable_at_once():
    state = stacked(["KH", "QH", "JH", "KS", "QS", "JS"], ["2C", "3C", "4C", "2D", "3D"],
                    draw=["4D", "AC"])
    result = solve_state(state, seconds=10)
    assert result.status == "unwinnable" and result.line is None
    assert result.nodes == 1


def test_a_refutation_that_needs_search():
    # Five faces owned, two kings to come. The hand totals 9, so the K♠ must be
    # assassinated; whichever ace goes, at most the K♥ can follow: six of twelve.
    faces = ["JC", "QC", "KC", "JD", "QD"]
    state = stacked(["KH", "KS"], ["AS", "AH", "2C", "2D", "3C"], discard=faces)
    result = solve_state(state, seconds=10)
    assert result.status == "unwinnable"
    assert result.nodes > 1


def test_a_retire_phase_state_is_solved_from_its_retire_step():
    faces = ["JC", "QC", "KC", "JD", "QD", "KD"]
    state = stacked(["KS", "9C", "5D"], ["2C", "2D", "AS", "TS", "4S"], draw=["3S", "3C"], discard=faces)
    state = GAME.apply(state, "counter AS 4S").state
    assert state["phase"] == "retire"
    result = solve_state(state, seconds=10)
    assert result.status == "winnable"
    assert result.line[0] in ("done", "retire 2C 2D")
    for action in result.line:
        state = GAME.apply(state, action).state
    assert state["result"]["winners"] == [0]


def test_unknown_when_the_node_cap_or_the_clock_runs_out():
    capped = solve(12, seconds=60, max_nodes=5)
    assert capped.status == "unknown" and capped.line is None
    rushed = solve(12, seconds=0.0)
    assert rushed.status == "unknown"
    assert rushed.nodes <= 300


def test_a_finished_game_is_judged_by_its_result():
    faces = ["JC", "QC", "KC", "JD", "QD"]
    state = stacked(["KS"], ["AS", "KD", "2C", "3C", "4C"], discard=faces)
    won = GAME.apply(state, "recruit AS KD").state
    assert solve_state(won, 1).status == "winnable"
    lost = GAME.apply(state, "counter KD").state
    assert solve_state(lost, 1).status == "unwinnable"


def test_the_result_has_the_command_line_fields():
    result = solve(2, seconds=10)
    data = result.to_json()
    assert set(data) == {"status", "line", "seconds", "nodes"}
    assert isinstance(result, SolveResult) and data["status"] == "winnable"


def test_the_same_deal_gives_the_same_line():
    assert solve(3, 10).line == solve(3, 10).line


@pytest.mark.parametrize("seed", range(8))
def test_the_search_positions_follow_the_engine_turn_by_turn(seed):
    """The solver's compact positions (shuffles included) agree with ``apply`` all game long."""
    import random

    from core.games.deck_of_spies.turns import Position, after_play, end_turn, retire_options, turn_actions, turn_plays

    rng = random.Random(seed)
    state = GAME.new(seed=seed)
    pos = Position.of(state)
    while not state["over"]:
        assert Position.of(state) == pos
        play = rng.choice(turn_plays(pos))
        mid, left = after_play(pos, play, seed)
        options = [()] + (list(retire_options(left)) if play[0] != "assassinate" else [])
        retired = rng.choice(options)
        for action in turn_actions((play, retired), left):
            state = GAME.apply(state, action).state
        pos = end_turn(mid, seed, retired)
        if not pos.spies:
            assert state["over"] and state["result"]["face_cards"]["player"] == pos.owned_faces()
