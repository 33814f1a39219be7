"""Kings in the Corner's computer players: what each level does, and that it decides from its view."""

import json
import random

import pytest

from core.bots import make_bot
from core.games.kings_corner import GAME, Move, Play
from core.games.kings_corner.policy import fill_kind, safe_cards
from core.games.kings_corner.position import counts, kind, layout_of, seen_kinds
from tests.test_cli import ok
from tests.test_kings_corner_rules import do, table

LEVELS = ["easy", "normal", "hard"]
FULL = {"N": ["9S"], "E": ["7H"], "S": ["5D"], "W": ["3C"]}  # tops want a red 8, black 6, black 4, red 2


def choose(level, state, seed=1, **kw):
    bot = make_bot(GAME, level, **kw)
    return bot.explain(GAME.view(state, state["to_move"]), GAME.legal_actions(state), random.Random(seed))


def positions(count=40, players=(2, 3, 5)):
    """Running states along random games, past the draw of each turn."""
    rng = random.Random(99)
    out = []
    while len(out) < count:
        state = GAME.new(rng.choice(players), rng.randrange(10**9, 2**31))
        while not state["over"] and len(out) < count:
            if state["phase"] == "play" and rng.random() < 0.2:
                out.append(state)
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randrange(len(legal))]).state
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_picks_a_legal_action_with_a_one_line_english_reason(level):
    for state in positions(25):
        action, reason = choose(level, state, nodes=300)
        assert action in GAME.legal_actions(state)
        assert reason and "\n" not in reason and reason[0].islower()


@pytest.mark.parametrize("level", LEVELS)
def test_a_choice_does_not_change_when_the_cards_the_seat_cannot_see_are_shuffled(level):
    rng = random.Random(level)
    changed = 0
    for state in positions(20):
        seat = state["to_move"]
        twin = GAME.reshuffle_hidden(state, seat, rng)
        changed += twin["hands"] != state["hands"] or twin["talon"] != state["talon"]
        assert GAME.view(twin, seat) == GAME.view(state, seat)
        assert choose(level, twin, nodes=400) == choose(level, state, nodes=400)
    assert changed


def test_the_draw_is_taken_without_thinking():
    state = GAME.new(4, 3)
    for level in LEVELS:
        action, reason = choose(level, state)
        assert str(action) == "draw" and "mandatory" in reason


# --- normal: the careful player -----------------------------------------------------------------


def test_normal_moves_a_pile_first_to_open_a_spot():
    s = table([["KH", "6C", "2S"], ["2D"]], {"N": ["8D"], "E": ["9C"], "S": ["7H"], "W": ["JS"]})
    action, reason = choose("normal", s)
    assert action == Move("N", "E") and "opening N" in reason


def test_normal_puts_a_king_into_a_corner_before_building():
    s = table([["KH", "6C", "2S"], ["2D"]], FULL)
    assert choose("normal", s)[0] == Play("KH", "NE")


def test_normal_builds_everything_it_can_and_then_fills_an_edge_with_its_hardest_card():
    s = table([["8H", "QC", "4D", "3S"], ["2D"]], {"N": ["9S"], "E": ["7H"], "S": ["5D"]})
    seen = []
    for _ in range(4):
        action = choose("normal", s)[0]
        if str(action) == "end" or s["over"]:
            break
        seen.append(str(action))
        s = do(s, action)
    assert seen[0] == "play 8H N"
    assert seen[1] == "play 4D W"  # a run: 4D then 3S on it, better than the lone queen
    assert seen[2] == "play 3S W"


def test_the_careful_fill_starts_the_longest_run_and_else_the_highest_card():
    hand = counts(["QC", "4D", "3S", "9H"])
    assert fill_kind(hand) == kind("4D")
    assert fill_kind(counts(["QC", "4D", "9H"])) == kind("QC")


def test_normal_ends_the_turn_when_nothing_fits():
    s = table([["JH", "QC"], ["2D"]], FULL)
    assert str(choose("normal", s)[0]) == "end"


# --- hard ---------------------------------------------------------------------------------------


def test_hard_goes_out_when_some_order_of_moves_empties_the_hand():
    s = table([["KH", "QS", "8H", "QC"], ["2D", "3D"]], dict(FULL, W=[]))
    action, reason = choose("hard", s, nodes=2000)
    assert "goes out this turn" in reason
    for _ in range(4):
        s = do(s, choose("hard", s, nodes=2000)[0])
    assert s["over"] and s["result"]["winners"] == [0]


def test_a_king_in_hand_is_safe_to_keep_and_so_is_the_run_below_it():
    view = GAME.view(table([["KH", "QS", "JD", "5C"], ["2D"]], FULL), 0)
    bottom, top = layout_of(view)
    safe = safe_cards(bottom, top, counts(view["hands"][0]), seen_kinds(view, 0))
    assert [k for k in range(26) for _ in range(safe[k])] == sorted([kind("JD"), kind("QS"), kind("KH")])


def test_a_card_whose_top_nobody_else_can_cover_is_safe_to_keep():
    # 8D and 8H are both in sight (the layout and the hand): only this hand can cover 9S.
    view = GAME.view(table([["8H", "7C", "5C"], ["2D"]], dict(FULL, NE=["KC", "QH", "JC", "TD", "9C", "8D"])), 0)
    bottom, top = layout_of(view)
    safe = safe_cards(bottom, top, counts(view["hands"][0]), seen_kinds(view, 0))
    assert sorted(k for k in range(26) for _ in range(safe[k])) == sorted([kind("8H"), kind("7C")])


def test_hard_with_a_node_budget_chooses_the_same_every_time():
    for state in positions(8, players=(3,)):
        assert choose("hard", state, seed=5, nodes=800) == choose("hard", state, seed=5, nodes=800)


def test_hard_still_moves_with_the_smallest_budget():
    for state in positions(6):
        assert choose("hard", state, nodes=1)[0] in GAME.legal_actions(state)


def test_easy_overlooks_most_pile_moves_that_normal_makes():
    chances = [(state, seed) for state in positions(60) for seed in range(5)
               if isinstance(choose("normal", state)[0], Move)]
    assert len(chances) >= 10
    taken = sum(isinstance(choose("easy", state, seed)[0], Move) for state, seed in chances)
    assert 0 < taken < len(chances) / 2


def test_selfplay_with_a_node_budget_prints_the_same_record_every_time():
    args = ["selfplay", "kings-corner", "--bots", "hard,normal,easy", "--seed", "3", "--nodes", "300"]
    first = ok(*args)
    assert json.loads(first)["state"]["over"]
    assert ok(*args) == first


def test_bench_plays_hard_against_normal_seats_with_rotating_seats():
    report = json.loads(ok("bench", "kings-corner", "--bots", "hard,normal,normal", "--games", "3", "--seed", "1",
                           "--nodes", "200"))
    assert report["levels"]["hard"]["games"] == 3 and report["levels"]["normal"]["games"] == 6
    assert report["nodes"] == 200


def test_hard_keeps_a_king_back_in_a_single_round_but_not_in_a_session_where_it_costs_ten_points():
    from core.games.kings_corner.search import Root, holding_plan

    hands = [["KH", "QC", "JC"], ["2D", "3D"]]
    race = Root.from_view(GAME.view(table(hands, FULL), 0))
    session = Root.from_view(GAME.view(table(hands, FULL, options={"target": 25}), 0))
    assert holding_plan(race).first is None  # end the turn: KH and QC will fit whenever it goes out
    assert holding_plan(session).first is not None and holding_plan(session).left == 1


def test_hard_stops_keeping_cards_back_once_the_talon_is_empty():
    from core.games.kings_corner.search import Root, holding_plan

    root = Root.from_view(GAME.view(table([["KH", "QC", "JC"], ["2D", "3D"]], FULL, talon=[]), 0))
    assert not root.hold and holding_plan(root).left == 1


def test_the_strength_benchmark_moves_the_level_one_seat_on_per_round_and_shares_tied_wins():
    from core.bench import selfplay
    from core.games.kings_corner.tools import strength

    report = strength(3, 6, 40, level="hard", others="easy", nodes=200)
    expected = []
    for i in range(6):
        levels = ["hard" if s == i % 3 else "easy" for s in range(3)]
        bots = [make_bot(GAME, lv, nodes=200) for lv in levels]
        winners = selfplay(GAME, levels, 40 + i, {}, bots=bots)["state"]["result"]["winners"]
        expected.append(1 / len(winners) if i % 3 in winners else 0.0)
    assert report["win_share"] == round(sum(expected) / 6, 4)
    assert report["ci95"][0] <= report["win_share"] <= report["ci95"][1]
    assert report["fair_share"] == round(1 / 3, 4) and report["rounds"] == 6
    assert report["think_ms"]["hard"]["decisions"] > 0 and report["think_ms"]["easy"]["decisions"] > 0
