"""Kings in the Corner's rules, one test (or a few) per ruling of RULINGS.md Part 4."""

import pytest

from core.cards import standard_deck
from core.errors import BadOption, BadState, IllegalAction, MalformedAction
from core.games.kings_corner import CORNERS, EDGES, GAME, POSITIONS, Move, Play, potential
from core.games.kings_corner.deal import first_dealer


def table(hands, piles=None, talon=None, to_move=0, phase="play", options=None, **fields):
    """A running state with these hands and piles; the cards not placed form the talon.

    With an explicit ``talon`` the cards placed nowhere are left out of the state: the rules
    of a running round never look at the whole deck (such states are not loaded or saved).
    """
    state = GAME.new(len(hands), 1, options)
    layout = {p: [] for p in POSITIONS}
    layout.update(piles or {})
    used = {c for p in POSITIONS for c in layout[p]} | {c for h in hands for c in h}
    if talon is None:
        talon = [c for c in standard_deck() if c not in used]
    state.update(piles=layout, hands=[list(h) for h in hands], talon=list(talon), to_move=to_move,
                 phase=phase, moved=False, kinged=False, extra=False, passed=[])
    state.update(fields)
    return state


def legal(state):
    return [str(a) for a in GAME.legal_actions(state)]


def do(state, *actions):
    for a in actions:
        state = GAME.apply(state, a).state
    return state


def refused(state, action):
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, action)
    return str(err.value)


def test_kings_corner_is_registered_for_two_to_five_players_with_the_public_fields():
    from core.games import registry

    assert registry.get("kings-corner") is GAME
    for n in (1, 6):
        with pytest.raises(BadOption, match="2 to 5 players"):
            GAME.new(n, 1)
    s = GAME.new(4, 1)
    assert list(s["piles"]) == ["N", "E", "S", "W", "NE", "SE", "SW", "NW"]
    assert len(s["hands"]) == 4 and s["scores"] == [0] * 4 and s["rounds"] == [] and isinstance(s["talon"], list)


# --- K-1: layout and deal -----------------------------------------------------------------------


def test_k1_building_goes_down_one_rank_in_the_other_colour():
    s = table([["8H", "8S", "9H", "7S", "KC"], ["2C"]], {"N": ["9S"]})
    plays = [a for a in legal(s) if a.endswith(" N")]
    assert plays == ["play 8H N"]
    assert "7♠ does not go on 9♠: build down one rank in the other colour" in refused(s, "play 7S N")
    assert "8♠ does not go on 9♠" in refused(s, "play 8S N")
    assert "9♥ does not go on 9♠" in refused(s, "play 9H N")


def test_k1_nothing_can_be_built_on_an_ace():
    s = table([["2C", "KC"], ["2D"]], {"N": ["AH"], "E": ["3D"], "S": ["5C"], "W": ["7H"]})
    assert "nothing can be built on an ace (A♥)" in refused(s, "play 2C N")
    assert [a for a in legal(s) if a.startswith("play")] == ["play 2C E", "play KC NE", "play KC NW",
                                                             "play KC SE", "play KC SW"]


def test_k1_1_a_standard_deal_gives_seven_each_four_face_up_edges_and_empty_corners():
    for n in range(2, 6):
        s = GAME.new(n, 3)
        assert [len(h) for h in s["hands"]] == [7] * n
        assert all(len(s["piles"][p]) == 1 for p in "NESW")
        assert all(s["piles"][p] == [] for p in ("NE", "SE", "SW", "NW"))
        assert len(s["talon"]) == 52 - 7 * n - 4
        assert sorted(GAME.all_cards(s)) == sorted(standard_deck())


def test_k1_1_nine_cards_each_is_an_option_for_two_or_three_players():
    for n in (2, 3):
        assert [len(h) for h in GAME.new(n, 3, {"hand": 9})["hands"]] == [9] * n


def test_k1_2_a_king_dealt_to_an_edge_stays_there_and_may_later_move_to_an_empty_corner():
    seed = next(s for s in range(500) if any(GAME.new(2, s)["piles"][p][0][0] == "K" for p in "NESW"))
    s = GAME.new(2, seed)
    edge = next(p for p in "NESW" if s["piles"][p][0][0] == "K")
    s = do(s, "draw")
    assert f"move {edge} NE" in legal(s)
    after = do(s, f"move {edge} NE")
    assert after["piles"]["NE"][0][0] == "K" and after["piles"][edge] == []


def test_k1_2_with_the_king_layout_a_king_turned_up_for_an_edge_goes_to_a_corner_at_once():
    seeds = [s for s in range(500) if any(GAME.new(2, s)["piles"][p][0][0] == "K" for p in EDGES)][:5]
    assert seeds
    for seed in seeds:
        plain, kings = GAME.new(2, seed), GAME.new(2, seed, {"king_layout": True})
        assert kings["hands"] == plain["hands"]
        assert not any(kings["piles"][p] and kings["piles"][p][0][0] == "K" for p in EDGES)
        corners = [kings["piles"][c] for c in CORNERS if kings["piles"][c]]
        assert corners and all(len(c) == 1 and c[0][0] == "K" for c in corners)
        assert len(kings["talon"]) == len(plain["talon"]) - len(corners)
        GAME.load(kings)


def test_k1_3_the_highest_card_deals_and_the_player_to_the_dealers_left_starts():
    for seed in range(20):
        for n in (2, 5):
            s = GAME.new(n, seed)
            assert s["dealer"] == first_dealer(seed, n)
            assert s["to_move"] == (s["dealer"] + 1) % n
    assert len({first_dealer(seed, 4) for seed in range(40)}) == 4  # every seat can deal


def test_k1_3_with_two_players_the_non_dealer_starts():
    s = GAME.new(2, 9)
    assert s["to_move"] == 1 - s["dealer"]


# --- K-2: a turn --------------------------------------------------------------------------------


def test_k2_a_turn_is_the_draw_then_any_number_of_moves_in_any_order_then_the_end():
    s = table([["8H", "6D", "2C"], ["2D", "3S"]], {"N": ["9S"], "E": ["7C"], "S": ["JD"], "W": ["QS"]},
              phase="draw")
    assert legal(s) == ["draw"]
    drawn = do(s, "draw")
    assert do(drawn, "end")["to_move"] == 1  # no moves at all
    one_way = do(drawn, "play 8H N", "play 6D E")
    other_way = do(drawn, "play 6D E", "play 8H N")
    assert one_way["piles"] == other_way["piles"] and one_way["hands"] == other_way["hands"]
    assert one_way["to_move"] == 0 and "end" in legal(one_way)
    more = do(one_way, "move E N")
    assert more["to_move"] == 0 and more["piles"]["N"] == ["9S", "8H", "7C", "6D"]
    after = do(more, "end")
    assert after["to_move"] == 1 and after["phase"] == "draw"


def test_k2_1_the_draw_is_mandatory_and_comes_first():
    s = GAME.new(3, 4)
    assert legal(s) == ["draw"]
    assert "draw first" in refused(s, "end")
    card = s["hands"][s["to_move"]][0]
    assert "draw first" in refused(s, f"play {card} N")
    after = do(s, "draw")
    assert len(after["hands"][s["to_move"]]) == 8 and after["hands"][s["to_move"]][-1] == s["talon"][-1]
    assert "draw" not in legal(after) and "end" in legal(after)
    assert "already drawn" in refused(after, "draw")


def test_k2_1_with_draw_at_end_the_card_is_drawn_when_the_turn_ends():
    s = GAME.new(2, 4, {"draw_at": "end"})
    seat = s["to_move"]
    assert "draw" not in legal(s) and "end" in legal(s)
    assert "when you end your turn" in refused(s, "draw")
    step = GAME.apply(s, "end")
    assert len(step.state["hands"][seat]) == 8
    assert [e.get("action") for e in step.events if e["type"] == "move"] == ["draw"]
    assert step.state["to_move"] == 1 - seat


def test_k2_2_passing_is_allowed_with_moves_available_even_with_a_king_and_an_empty_corner():
    s = table([["KH", "8H", "3C"], ["2D"]], {"N": ["9S"], "E": ["4D"]})
    assert {"play KH NE", "play 8H N", "play 3C E", "end"} <= set(legal(s))
    after = do(s, "end")
    assert after["to_move"] == 1 and after["hands"][0] == ["KH", "8H", "3C"]


# --- K-3: legal moves ---------------------------------------------------------------------------


def test_k3_a_hand_card_builds_on_edge_and_corner_piles_alike():
    s = table([["QH", "JS"], ["2D"]], {"N": ["KS"], "NE": ["KC", "QD"], "E": ["5H"], "S": ["6H"], "W": ["7H"]})
    assert {"play QH N", "play JS NE"} <= set(legal(s))
    after = do(s, "play JS NE")
    assert after["piles"]["NE"] == ["KC", "QD", "JS"]


def test_k3_1_a_king_opens_any_empty_corner_and_only_a_king_may():
    s = table([["KH", "QS"], ["2D"]], {"N": ["3C"], "E": ["4D"], "S": ["6H"], "W": ["7H"]})
    assert [a for a in legal(s) if "KH" in a] == ["play KH NE", "play KH NW", "play KH SE", "play KH SW"]
    assert "only a king may open an empty corner" in refused(s, "play QS NE")


def test_k3_2_a_whole_pile_moves_onto_a_pile_whose_top_is_one_higher_in_the_other_colour():
    # The pagat example: red 4 / black 3 onto black 7 / red 6 / black 5.
    s = table([["2D"], ["2H"]], {"N": ["4H", "3S"], "E": ["7C", "6D", "5S"], "S": ["9H"], "W": ["JC"]})
    assert "move N E" in legal(s)
    after = do(s, "move N E")
    assert after["piles"]["E"] == ["7C", "6D", "5S", "4H", "3S"] and after["piles"]["N"] == []
    assert "its bottom card 4♥ must be one rank lower than 9♥" in refused(s, "move N S")


def test_k3_2_a_corner_pile_never_moves_onto_another_pile():
    s = table([["2D"], ["2H"]], {"NE": ["KC", "QH"], "N": ["KD"], "E": ["AS"], "S": ["9H"], "W": ["JC"]})
    assert not [a for a in legal(s) if a.startswith("move NE")]
    assert "nothing lies above a king" in refused(s, "move NE N")


def test_k3_3_only_an_edge_pile_with_a_king_at_the_bottom_moves_into_an_empty_corner():
    s = table([["2D"], ["2H"]], {"N": ["KD", "QS"], "E": ["8S"], "S": ["9H"], "NE": ["KC"]})
    moves = [a for a in legal(s) if a.startswith("move")]
    assert moves == ["move E S", "move N NW", "move N SE", "move N SW"]
    after = do(s, "move N SE")
    assert after["piles"]["SE"] == ["KD", "QS"] and after["piles"]["N"] == []
    assert "only a pile with a king at the bottom" in refused(s, "move E SW")
    assert "may not move to an empty edge" in refused(s, "move E W")
    assert "corner pile stays in its corner" in refused(s, "move NE SW")


def test_k3_4_any_card_even_a_king_may_fill_an_empty_edge_and_an_edge_may_stay_empty():
    s = table([["KH", "5C"], ["2D"]], {"N": ["9S"], "E": ["8D"], "S": ["6H"]})
    assert {"play KH W", "play 5C W"} <= set(legal(s))
    assert do(s, "play KH W")["piles"]["W"] == ["KH"]
    assert do(s, "end")["piles"]["W"] == []


def test_k3_5_every_move_lowers_the_potential():
    s = table([["KH", "QS", "5C", "8H"], ["2D"]], {"N": ["9S"], "E": ["KD"], "S": ["JH"], "W": ["6D"]})
    for action in [a for a in legal(s) if a != "end"]:
        after = do(s, action)
        assert potential(after["piles"], after["hands"]) < potential(s["piles"], s["hands"]), action


# --- legal move counts from fixed layouts -------------------------------------------------------


def test_the_opening_layout_of_a_fixed_deal_offers_these_moves():
    s = table([["KH", "8H", "7C", "5D", "QS", "JD", "2S"], ["2D"]],
              {"N": ["9S"], "E": ["8D"], "S": ["6S"], "W": ["QH"]})
    assert legal(s) == ["end", "move E N", "play 5D S", "play 7C E", "play 8H N", "play KH NE", "play KH NW",
                        "play KH SE", "play KH SW"]


def test_a_layout_with_empty_spots_offers_every_card_for_an_empty_edge():
    s = table([["KH", "8H", "8D", "2S"], ["2D"]], {"N": ["9S"], "NE": ["KC"], "E": ["AS"]})
    acts = legal(s)
    fills = [a for a in acts if a.startswith("play") and a.split()[2] in ("S", "W")]
    assert len(fills) == 4 * 2  # each distinct hand card on each of the two empty edges
    assert len([a for a in acts if a.split()[-1] in ("SE", "SW", "NW") and a.startswith("play")]) == 3
    assert len(acts) == 1 + 8 + 3 + 2  # end, the fills, the king into a corner, 8H or 8D on 9S


def test_a_layout_mid_round_offers_every_kind_of_move_and_nothing_else():
    s = table([["JS", "JC", "7D", "KS"], ["2D"]], {"N": ["KD", "QS"], "E": ["8S"], "S": ["9H"], "NE": ["KC", "QH"]})
    acts = legal(s)
    moves = ["move E S", "move N NW", "move N SE", "move N SW"]  # 8♠ onto 9♥; the king pile into a corner
    builds = ["play 7D E", "play JC NE", "play JS NE"]
    kings = ["play KS NW", "play KS SE", "play KS SW"]
    fills = ["play 7D W", "play JC W", "play JS W", "play KS W"]
    assert acts == sorted(["end"] + moves + builds + kings + fills)
    assert len(acts) == 15


def test_duplicate_actions_are_never_listed_and_the_list_is_sorted():
    s = GAME.new(5, 8)
    s = do(s, "draw")
    acts = legal(s)
    assert acts == sorted(set(acts))


# --- K-4: end of a round ------------------------------------------------------------------------


def test_k4_playing_the_last_card_wins_the_round_at_once_in_the_middle_of_a_turn():
    s = table([["8H"], ["2D", "3C"]], {"N": ["9S"], "E": ["7H"]})
    step = GAME.apply(s, "play 8H N")
    assert step.state["over"] and step.state["result"]["winners"] == [0]
    assert step.state["result"]["reason"] == "out"
    assert [e["type"] for e in step.events][-2:] == ["round_over", "game_over"]


def test_k4_1_once_the_talon_is_empty_turns_have_no_draw_step():
    s = table([["QS", "2H"], ["JH", "2C"]], {"N": ["9S"], "E": ["7H"], "S": ["5D"], "W": ["3C"]}, talon=["4H"],
              phase="draw")
    s = do(s, "draw", "end")
    assert s["phase"] == "play" and s["to_move"] == 1
    assert "the talon is empty" in refused(s, "draw")


def test_k4_2_a_blocked_round_ends_once_every_player_passed_since_the_last_move():
    # Open tops want a red 8, a black 6, a black 4 and a red 2; seat 2 holds a red 8.
    piles = {"N": ["9S"], "E": ["7H"], "S": ["5D"], "W": ["3C"]}
    s = table([["JH", "QC", "TD"], ["JD", "QS", "7S"], ["8H", "TS", "JC"]], piles, talon=[])
    s = do(s, "end", "end")
    assert not s["over"] and s["passed"] == [0, 1]
    s = do(s, "play 8H N")  # a move by anyone resets the count
    assert s["passed"] == []
    s = do(s, "end")  # seat 2 moved in this turn: it does not count
    assert s["passed"] == []
    s = do(s, "end", "end")  # seat 1 passes although 7S would go on 8H now (K-2.2)
    assert not s["over"] and s["passed"] == [0, 1]
    s = do(s, "end")
    assert s["over"] and s["result"]["reason"] == "blocked" and s["result"]["winners"] == [2]


def test_k4_2_a_round_in_which_nobody_ever_moves_ends_blocked_once_the_talon_is_empty():
    for n, options in ((2, None), (5, {"draw_at": "end"}), (3, {"royal_kings": True})):
        s = GAME.new(n, 11, options)
        turns = 0
        while not s["over"]:
            s = do(s, "draw" if s["phase"] == "draw" else "end")
            turns += 1
        assert s["result"]["reason"] == "blocked" and s["talon"] == []
        assert turns <= 2 * (52 - 7 * n - 4) + n  # the talon's cards, then one pass each
        sizes = [len(h) for h in s["hands"]]
        assert s["result"]["winners"] == [i for i, k in enumerate(sizes) if k == min(sizes)]


def test_k4_2_passes_before_the_talon_runs_out_do_not_count():
    piles = {"N": ["9S"], "E": ["7H"], "S": ["5D"], "W": ["3C"]}
    s = table([["8H", "QC"], ["JD", "QS"]], piles, talon=["TD", "TC"], phase="draw")
    s = do(s, "draw", "end")
    assert s["passed"] == []
    s = do(s, "draw")  # the last card: counting starts now, and this turn counts
    s = do(s, "end")
    assert s["passed"] == [1] and not s["over"]


def test_k4_2_the_round_ends_at_once_when_nobody_has_a_legal_move():
    piles = {"N": ["9S"], "E": ["7H"], "S": ["5D"], "W": ["3C"]}
    s = table([["8H", "JH", "QC"], ["JD", "QS"]], piles, talon=[])
    step = GAME.apply(s, "play 8H N")
    assert step.state["over"] and step.state["result"]["reason"] == "blocked"
    assert step.state["result"]["winners"] == [0, 1]


def test_k4_3_in_a_blocked_end_the_fewest_cards_win_and_a_tie_shares_the_win():
    piles = {"N": ["AS"], "E": ["AH"], "S": ["AD"], "W": ["AC"], "NE": ["KS"], "SE": ["KH"], "SW": ["KD"],
             "NW": ["KC"]}
    s = table([["5C", "6C"], ["7C"], ["8C", "9C", "TC"], ["2S"]], piles, talon=[])
    s = do(s, "end")  # nobody can move: the round ends at once (K-4.2)
    assert s["over"] and s["result"]["winners"] == [1, 3]
    assert s["result"]["scores"] == [2, 0, 3, 0]


# --- K-5: scoring -------------------------------------------------------------------------------


def test_k5_the_default_is_a_single_round_race():
    s = GAME.new(3, 2)
    assert s["options"]["target"] == 0 and s["round"] == 1
    s = table([["8H"], ["KD", "2C"], ["3C"]], {"N": ["9S"]})
    s = do(s, "play 8H N")
    assert s["over"] and s["result"]["winners"] == [0] and s["result"]["rounds"] == 1


def test_k5_1_penalty_points_are_ten_per_king_and_one_per_other_card_winners_score_nothing():
    s = table([["8H"], ["KD", "QC", "AS"], ["KS", "KH"]], {"N": ["9S"]})
    s = do(s, "play 8H N")
    assert s["rounds"][0]["points"] == [0, 12, 20]
    assert s["scores"] == [0, 12, 20]


def test_k5_2_a_session_deals_new_rounds_with_the_deal_passing_until_the_target_is_reached():
    s = table([["8H"], ["KD", "QC", "AS"], ["KS", "KH", "2C"]], {"N": ["9S"]}, options={"target": 25}, dealer=2)
    step = GAME.apply(s, "play 8H N")
    s = step.state
    assert not s["over"] and s["round"] == 2 and s["dealer"] == 0 and s["to_move"] == 1
    assert s["scores"] == [0, 12, 21]
    assert [e["type"] for e in step.events][:3] == ["move", "round_over", "round_start"]
    assert [len(h) for h in s["hands"]] == [7, 7, 7] and s["rounds"][0]["winners"] == [0]
    GAME.load(s)
    s["hands"] = [["5C", "KC"], ["8H"], ["4D", "QH", "JH", "TH"]]
    s["piles"] = dict(s["piles"], N=["9S"])
    s["to_move"], s["phase"] = 1, "play"
    s = do(s, "play 8H N")
    assert s["over"] and s["scores"] == [11, 12, 25] and s["result"]["winners"] == [0]
    assert s["result"]["reason"] == "target" and s["result"]["rounds"] == 2


def test_k5_2_a_tie_for_the_lowest_total_shares_the_session():
    s = table([["8H"], ["KD", "QC"], ["KS", "KH", "2C"]], {"N": ["9S"]}, options={"target": 25},
              scores=[11, 0, 5], rounds=[{"round": 1, "dealer": 0, "winners": [1], "points": [11, 0, 5],
                                          "cards_left": [3, 0, 5], "reason": "out"}], round=2)
    s = do(s, "play 8H N")
    assert s["over"] and s["scores"] == [11, 11, 26] and s["result"]["winners"] == [0, 1]


def test_k5_3_face_value_scoring_counts_pips_and_ten_for_jack_queen_king():
    s = table([["8H"], ["KD", "QC", "JS", "AS", "7D"]], {"N": ["9S"]}, options={"scoring": "face"})
    assert do(s, "play 8H N")["scores"] == [0, 10 + 10 + 10 + 1 + 7]


# --- K-6: variants ------------------------------------------------------------------------------


def test_k6_ten_cards_each_is_for_two_to_four_players_only():
    assert [len(h) for h in GAME.new(4, 1, {"hand": 10})["hands"]] == [10] * 4
    with pytest.raises(BadOption, match="need 54 cards"):
        GAME.new(5, 1, {"hand": 10})
    with pytest.raises(BadOption):
        GAME.new(4, 1, {"hand": 13})
    with pytest.raises(BadOption):
        GAME.new(2, 1, {"hand": 8})


def test_k6_1_without_drawing_there_is_no_draw_step_and_the_deal_is_larger():
    sizes = {n: len(GAME.new(n, 1, {"draw": False})["hands"][0]) for n in range(2, 6)}
    assert sizes == {2: 13, 3: 13, 4: 12, 5: 9}
    s = GAME.new(3, 1, {"draw": False})
    assert "draw" not in legal(s) and "no drawing" in refused(s, "draw")


def test_k6_1_without_drawing_the_blocked_end_applies_from_the_start():
    piles = {"N": ["9S"], "E": ["7H"], "S": ["5D"], "W": ["3C"]}
    s = table([["JH", "QC"], ["JD", "QS", "2H"]], piles, options={"draw": False})
    assert s["talon"]  # undealt cards stay in the talon and are never drawn
    s = do(s, "end")
    assert s["passed"] == [0]
    s = do(s, "end")
    assert s["over"] and s["result"]["winners"] == [0]


def test_k6_2_six_cards_each_with_five_players():
    s = GAME.new(5, 1, {"hand": 6})
    assert [len(h) for h in s["hands"]] == [6] * 5 and len(s["talon"]) == 52 - 30 - 4


def test_k6_3_royal_kings_a_king_into_a_corner_earns_one_extra_turn_with_its_draw():
    s = table([["KH", "KS", "5C", "2D"], ["3H", "4S"]], {"N": ["9S"]}, options={"royal_kings": True})
    s = do(s, "play KH NE", "play KS SE", "end")
    assert s["to_move"] == 0 and s["extra"] and s["phase"] == "draw"
    s = do(s, "draw", "end")
    assert s["to_move"] == 1 and not s["extra"]


def test_k6_3_a_king_placed_in_the_extra_turn_earns_another():
    s = table([["KH", "KS", "5C"], ["3H", "4S"]], {"N": ["9S"]}, options={"royal_kings": True})
    s = do(s, "play KH NE", "end", "draw", "play KS SE", "end")
    assert s["to_move"] == 0 and s["extra"]


def test_k6_3_a_king_pile_moved_to_a_corner_or_a_king_on_an_edge_earns_nothing():
    s = table([["KH", "5C"], ["3H", "4S"]], {"N": ["KD"], "E": ["8S"], "S": ["9H"]},
              options={"royal_kings": True})
    s = do(s, "move N NE", "play KH N", "end")
    assert s["to_move"] == 1 and not s["extra"]


def test_k6_3_without_royal_kings_a_king_earns_no_extra_turn():
    s = table([["KH", "5C"], ["3H", "4S"]], {"N": ["9S"]})
    assert do(s, "play KH NE", "end")["to_move"] == 1


def test_k6_3_an_extra_turn_without_a_move_counts_as_a_pass_once_the_talon_is_empty():
    s = table([["KH", "5C"], ["3H", "4S"]], {"N": ["9S"], "E": ["7H"], "S": ["5D"], "W": ["JC"]}, talon=[],
              options={"royal_kings": True})
    s = do(s, "play KH NE", "end")
    assert s["to_move"] == 0 and s["extra"] and s["phase"] == "play" and s["passed"] == []
    s = do(s, "end")
    assert s["to_move"] == 1 and s["passed"] == [0]
    s = do(s, "end")
    assert s["over"] and s["result"]["reason"] == "blocked" and s["result"]["winners"] == [0]


def test_k6_4_only_one_card_is_drawn_and_nothing_is_built_under_a_pile():
    s = GAME.new(2, 6)
    s = do(s, "draw")
    assert "already drawn" in refused(s, "draw")
    s = table([["9H", "7H"], ["2D"]], {"N": ["8S"]})
    assert "9♥ does not go on 8♠" in refused(s, "play 9H N")


# --- notation and errors ------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["draw", "end", "play 7H N", "play TS NE", "move N SE", "move W NW"])
def test_notation_round_trips(text):
    assert str(GAME.parse_action(text)) == text
    assert GAME.parse_action(str(GAME.parse_action(text))) == GAME.parse_action(text)


def test_notation_is_read_loosely_but_written_one_way():
    assert GAME.parse_action(" PLAY 10h ne ") == Play("TH", "NE")
    assert GAME.parse_action("Move n se") == Move("N", "SE")
    assert str(GAME.parse_action("pass")) == "end"


@pytest.mark.parametrize("text", ["", "play", "play 7H", "play 7H X", "play ZZ N", "play 7L N", "move N",
                                  "move N SE W", "draw 2", "discard 7H", "move N Q"])
def test_malformed_notation_says_what_was_expected(text):
    with pytest.raises(MalformedAction) as err:
        GAME.parse_action(text)
    assert str(err.value)


def test_playing_a_card_you_do_not_hold_is_refused_and_changes_nothing():
    s = table([["8H"], ["2D"]], {"N": ["9S"]})
    before = dict(s)
    assert "you do not hold 8♦" in refused(s, "play 8D N")
    assert s == before


def test_a_state_with_a_corner_pile_without_a_king_is_refused_on_load():
    s = GAME.new(2, 1)
    queen = next(c for c in s["talon"] if c[0] == "Q")
    s["talon"].remove(queen)
    s["piles"]["NE"] = [queen]
    with pytest.raises(BadState, match="king at the bottom"):
        GAME.load(s)


def test_a_state_whose_scores_do_not_add_up_is_refused_on_load():
    s = GAME.new(2, 1)
    s["scores"] = [3, 0]
    with pytest.raises(BadState, match="sum of the rounds"):
        GAME.load(s)
