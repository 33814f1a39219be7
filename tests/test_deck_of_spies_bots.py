"""Deck of Spies computer players: legal moves only, no peeking, sensible choices."""

from __future__ import annotations

import random
import time

import pytest

import spies_positions
from core.bots import bot_rng, levels, make_bot
from core.games.deck_of_spies import GAME, GROUP_OF, parse

LEVELS = ("easy", "normal", "hard")


def quick(level, **settings):
    """A bot; the hard one with a small, fixed amount of search so tests are quick and repeatable."""
    bot = make_bot(GAME, level, budget_ms=1e9 if level == "hard" else None)
    if level == "hard":
        bot.max_worlds = settings.get("worlds", 3)
        bot.min_worlds = 1
        bot.candidates = settings.get("candidates", 3)
    return bot


def stacked(*args, seed=5, **kwargs):
    """The shared builder with this file's seed (the positions here were written for it)."""
    return spies_positions.stacked(*args, seed=seed, **kwargs)


def choice(bot, state, salt="t"):
    return str(bot.choose(GAME.view(state, 0), GAME.legal_actions(state), random.Random(salt)))


def test_all_four_levels_exist():
    assert levels("deck-of-spies") == ["random", "easy", "normal", "hard"]


@pytest.mark.parametrize("level", LEVELS)
def test_bots_play_whole_games_with_legal_actions_only(level):
    bot = quick(level, worlds=1, candidates=2)
    for seed in (1, 2):
        state = GAME.new(seed=seed)
        while not state["over"]:
            legal = GAME.legal_actions(state)
            action = bot.choose(GAME.view(state, 0), legal, bot_rng(state, level))
            assert action in legal
            state = GAME.apply(state, action).state
        assert state["result"]["reason"] in ("won", "face_cards", "no_double_agent")


def _hidden_shuffles(state, rng):
    """The same state with the draw pile and the spies below the top (within groups) reordered."""
    other = dict(state)
    draw = list(state["draw"])
    rng.shuffle(draw)
    below, top = state["spies"][:-1], state["spies"][-1:]
    groups = {}
    for c in below:
        groups.setdefault(GROUP_OF[c], []).append(c)
    spies = []
    for g in ("J-K", "8-10", "5-7"):
        part = groups.get(g, [])
        rng.shuffle(part)
        spies += part
    other.update(draw=draw, spies=spies + top, seed=state["seed"] + 1)  # other shuffles too
    return other


@pytest.mark.parametrize("level", LEVELS)
def test_the_choice_does_not_depend_on_what_the_player_cannot_see(level):
    bot = quick(level, worlds=3, candidates=3)
    rng = random.Random(3)
    for seed in (11, 12, 13):
        state = GAME.new(seed=seed)
        play = random.Random(seed)
        for _ in range(play.randrange(5, 40)):  # a position somewhere in the game
            if state["over"]:
                break
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[play.randrange(len(legal))]).state
        if state["over"]:
            continue
        first = choice(bot, state)
        for _ in range(3):
            other = _hidden_shuffles(state, rng)
            view = GAME.view(other, 0)
            view.pop("seed"), view.pop("ply")
            base = GAME.view(state, 0)
            base.pop("seed"), base.pop("ply")
            assert view == base
            assert choice(bot, other) == first


@pytest.mark.parametrize("level", ("normal", "hard"))
def test_recruits_a_face_spy_when_it_can(level):
    # J♣ with the ace of clubs and a king of diamonds: 1 + 13 ≥ 11.
    state = stacked(["KS", "QH", "JC"], ["AC", "KD", "2H", "3S", "4D"], draw=["2C", "3C", "4C"])
    assert choice(quick(level), state).startswith("recruit")


@pytest.mark.parametrize("level", ("normal", "hard"))
def test_retires_a_low_pair_but_never_aces_or_faces(level):
    state = stacked(["KS", "QH", "8C", "7D"], ["2C", "2H", "TD", "AS", "AH"], draw=["3C", "4C", "3D"])
    state = GAME.apply(state, "counter TD").state
    assert state["phase"] == "retire"
    assert choice(quick(level), state) == "retire 2C 2H"
    faces = stacked(["KS", "QH", "8C", "7D"], ["JC", "JH", "TD", "AS", "2S"], draw=["3C", "4C", "3D"])
    faces = GAME.apply(faces, "counter TD").state
    assert choice(quick(level), faces) == "done"


def test_normal_sacrifices_the_ace_whose_suit_has_no_face_spies_left():
    # Hearts faces are all gone; the A♥ is the cheap sacrifice, not the A♣ or A♠.
    state = stacked(["KC", "QS", "JC", "TD"], ["2C", "3S"], draw=["AC", "AH", "4D"], discard=["AS"])
    assert choice(quick("normal"), state) == "assassinate draw AH"


def test_normal_recruits_instead_of_countering_the_seven_of_hearts():
    state = stacked(["KS", "8C", "7H"], ["3H", "5H", "2C", "4D", "AS"], draw=["3C", "4C", "3D"])
    assert choice(quick("normal"), state) == "recruit 3H 5H"


def test_normal_counters_a_five_rather_than_recruit_it_with_a_nine():
    # The only recruit of the 5♥ is the 9♥ alone: a low spy is not worth a high card.
    state = stacked(["KS", "8C", "5H"], ["9H", "2C", "3D", "8S", "4S"], draw=["3C", "4C", "3H"])
    assert choice(quick("normal"), state).startswith("counter")
    seven = stacked(["KS", "8C", "7H"], ["9H", "2C", "3D", "8S", "4S"], draw=["3C", "4C", "3H"])
    assert choice(quick("normal"), seven) == "recruit 9H"
    reason = quick("normal").explain(GAME.view(state, 0), GAME.legal_actions(state), random.Random(1))[1]
    assert "recruiting it would cost" in reason


def test_easy_plays_the_cheapest_recruit_and_only_retires_twos():
    state = stacked(["KS", "8C", "7H"], ["AH", "3H", "5H", "2C", "4D"], draw=["3C", "4C", "3D"])
    assert choice(quick("easy"), state) == "recruit 2C 4D AH"  # 7 points, the 3♥ 5♥ would be 8
    twos = GAME.apply(stacked(["KS", "8C", "7D"], ["2C", "2H", "3S", "3H", "TD"], draw=["4C"]), "counter TD").state
    assert choice(quick("easy"), twos) == "retire 2C 2H"
    threes = GAME.apply(stacked(["KS", "8C", "7D"], ["2C", "AH", "3S", "3H", "TD"], draw=["4C"]), "counter TD").state
    assert choice(quick("easy"), threes) == "done"


@pytest.mark.parametrize("level", LEVELS)
def test_explain_gives_a_one_line_reason(level):
    state = stacked(["KS", "8C", "7H"], ["3H", "5H", "2C", "4D", "AS"], draw=["3C", "4C", "3D"])
    action, why = quick(level).explain(GAME.view(state, 0), GAME.legal_actions(state), random.Random(1))
    assert action in GAME.legal_actions(state)
    assert why and "\n" not in why and len(why) < 200
    assert parse(str(action)) == action


def test_hard_keeps_to_its_time_budget():
    bot = make_bot(GAME, "hard", budget_ms=40)
    bot.max_worlds = None
    state = GAME.new(seed=21)
    legal = GAME.legal_actions(state)
    start = time.perf_counter()
    bot.choose(GAME.view(state, 0), legal, random.Random(0))
    elapsed = time.perf_counter() - start
    # One sampled world more than the budget may be under way when time runs out; the
    # machine may be busy, so the bound is loose.
    assert elapsed < 2.0


def test_hard_is_reproducible_with_a_world_cap():
    bot = quick("hard", worlds=4, candidates=4)
    state = GAME.new(seed=8)
    assert choice(bot, state, "x") == choice(bot, state, "x")


def test_hard_with_a_node_budget_plays_the_same_game_whatever_the_clock(monkeypatch):
    from core.bench import selfplay

    def game():
        return selfplay(GAME, ["hard"], 4, bots=[make_bot(GAME, "hard", nodes=20)])

    calm = game()
    ticks = iter(range(10**9))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))  # a second passes at every read
    assert game() == calm


def test_hard_counts_one_node_per_playout_and_plays_legal_moves_on_a_tiny_budget(monkeypatch):
    from core.bench import selfplay
    from core.games.deck_of_spies import search

    played = []
    real = search._play_out

    def counting(*args, **kwargs):
        played.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(search, "_play_out", counting)
    bot = make_bot(GAME, "hard", nodes=25)
    bot.drop_z = None  # no move leaves the race, so the budget alone ends it
    state = GAME.new(seed=21)
    assert len(bot._options(GAME.view(state, 0))) > 1
    bot.choose(GAME.view(state, 0), GAME.legal_actions(state), random.Random(0))
    assert len(played) == 25
    assert selfplay(GAME, ["hard"], 5, bots=[make_bot(GAME, "hard", nodes=1)])["state"]["over"]


def test_the_ranked_list_and_the_fast_choice_agree():
    """``scored_turns`` (ranking for the hard bot) and ``choose_turn`` (fast, for rollouts) score alike."""
    from core.games.deck_of_spies.policy import choose_turn, scored_turns
    from core.games.deck_of_spies.turns import Position

    rng = random.Random(4)
    checked = 0
    for seed in range(30):
        state = GAME.new(seed=seed)
        while not state["over"] and checked < 400:
            if state["phase"] == "play":
                pos = Position.of(state)
                ranked = scored_turns(pos.hand, pos.spies, pos.draw, pos.discard)
                fast = choose_turn(pos.hand, pos.spies, pos.draw, pos.discard)
                score_of = {(play, retired): sc for sc, play, retired in ranked}
                assert score_of[fast] == pytest.approx(ranked[0][0])
                checked += 1
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randrange(len(legal))]).state
    assert checked >= 300


def test_the_heuristic_playout_in_the_real_deal_is_the_normal_bots_game():
    from core.bench import selfplay
    from core.games.deck_of_spies.search import heuristic_faces
    from core.games.deck_of_spies.turns import Position
    for seed in range(6):
        record = selfplay(GAME, ["normal"], seed)
        faces = heuristic_faces(Position.of(GAME.new(1, seed)), seed)
        assert faces == record["state"]["result"]["face_cards"]["player"]


def test_the_weights_benchmark_compares_weight_sets_and_refuses_unknown_weights(capsys):
    import json

    from core.games.deck_of_spies.tools import main
    assert main(["weights", "--games", "4", "--seed", "0", "{}", '{"recruit": 100, "recruit_value": 0}']) == 0
    report = json.loads(capsys.readouterr().out)
    assert [row["weights"] for row in report["sets"]] == ["{}", '{"recruit": 100, "recruit_value": 0}']
    assert all(0 <= row["wins"] <= 4 for row in report["sets"])
    for bad in ('{"recruits": 1}', '[1]', '{"recruit": "a"}', "not json"):
        with pytest.raises(SystemExit) as exit_info:
            main(["weights", "--games", "1", bad])
        assert exit_info.value.code == 2
        assert capsys.readouterr().out == ""
