"""Deck of Spies rules, one test (or a few) per ruling S-1 … S-7.2 of RULINGS.md Part 2.

Stacked positions are built by hand with ``stacked``: cards not named go to the spy
discard pile (out of play), so every card is still in exactly one place.
"""

from __future__ import annotations

import datetime as dt
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.cards import UNKNOWN, standard_deck
from core.errors import BadOption, IllegalAction, MalformedAction
from core.games import registry
from core.games.base import validate_state
from core.games.deck_of_spies import (GAME, VALUE, Assassinate, Counter as CounterAction, Done, Recruit,
                                      Retire, daily_seed, game_number, parse, seed_from_number,
                                      selection_status, shuffle_cards, sort_cards)
from spies_positions import stacked


def legal(state):
    return [str(a) for a in GAME.legal_actions(state)]


def apply(state, *actions):
    for a in actions:
        state = GAME.apply(state, a).state
    return state


def reason(state, text):
    return GAME.why_illegal(state, parse(text))


def refused(state, text):
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, text)
    return str(info.value)


# A hand with every kind of card the worked examples need, against a 5 of hearts.
FIVE = ["KS", "5H"]


# --- S-1 setup -----------------------------------------------------------------------


def test_S_1_setup_spy_deck_faces_at_the_bottom_low_spies_on_top_and_a_hand_of_five_low_cards():
    state = GAME.new(seed=123)
    spies = state["spies"]
    assert len(spies) == 36
    assert {c[0] for c in spies[:12]} == set("JQK")  # bottom
    assert {c[0] for c in spies[12:24]} == set("89T")
    assert {c[0] for c in spies[24:]} == set("567")  # top: spies[-1] is the current spy
    assert len(state["hand"]) == 5 and len(state["draw"]) == 11
    assert {c[0] for c in state["hand"] + state["draw"]} <= set("A234")
    assert state["discard"] == state["spy_discard"] == state["removed"] == []
    assert state["phase"] == "play" and state["to_move"] == 0 and state["shuffles"] == 0
    assert sorted(GAME.all_cards(state)) == sorted(standard_deck())


def test_S_1_the_deal_is_reproducible_from_the_seed_and_differs_between_seeds():
    assert GAME.new(seed=5) == GAME.new(seed=5)
    assert GAME.new(seed=5)["spies"] != GAME.new(seed=6)["spies"]
    assert json.loads(GAME.to_json(GAME.new(seed=5))) == GAME.new(seed=5)


def test_S_1_each_group_is_shuffled_on_its_own():
    tops = Counter(GAME.new(seed=s)["spies"][-1][0] for s in range(300))
    assert set(tops) == set("567")
    assert min(tops.values()) > 60


# --- S-1.1 public counts -----------------------------------------------------------


def test_S_1_1_view_shows_the_top_spy_and_how_many_spies_are_left_per_group():
    state = GAME.new(seed=9)
    view = GAME.view(state, 0)
    assert view["spy"] == state["spies"][-1]
    assert view["spies"][-1] == state["spies"][-1]
    assert set(view["spies"][:-1]) == {UNKNOWN}
    assert view["spies_left"] == {"5-7": 12, "8-10": 12, "J-K": 12}
    state = apply(state, GAME.legal_actions(state)[0])
    assert GAME.view(state, 0)["spies_left"] == {"5-7": 11, "8-10": 12, "J-K": 12}


def test_S_1_1_view_hides_the_draw_pile_order_but_not_its_contents():
    state = GAME.new(seed=9)
    view = GAME.view(state, 0)
    assert view["draw"] == [UNKNOWN] * 11 and view["draw_count"] == 11
    assert view["draw_cards"] == sort_cards(state["draw"])
    assert view["hand"] == state["hand"]
    other = dict(state, draw=list(reversed(state["draw"])))
    assert GAME.view(other, 0) == view
    onlooker = GAME.view(state, None)
    assert set(onlooker["hand"]) == {UNKNOWN} and onlooker["draw_cards"] == []


# --- S-1.2 values ------------------------------------------------------------------


def test_S_1_2_values_ace_one_to_king_thirteen_for_spies_and_own_cards():
    assert [VALUE[r + "S"] for r in "A23456789TJQK"] == list(range(1, 14))
    state = stacked(["KS"], ["JC", "2D", "AH"])
    assert "counter JC 2D" in legal(state)  # 11 + 2 = 13 reaches the king
    assert reason(state, "counter AH JC") == "these cards sum to 12; the spy needs 13"
    state = stacked(["JS"], ["QC", "2D"])
    assert "counter QC" in legal(state)


# --- S-1.3 the two discard piles ---------------------------------------------------


def test_S_1_3_countered_spy_goes_to_the_spy_discard_which_the_player_may_see():
    state = stacked(["KS", "6D"], ["2C", "4H", "3S", "AS", "2D"], draw=["3C", "4C"])
    after = apply(state, "counter 2C 4H")
    assert after["spy_discard"][-1] == "6D"
    assert after["discard"] == ["2C", "4H"]
    view = GAME.view(after, 0)
    assert view["spy_discard"] == after["spy_discard"]
    assert view["discard"] == ["2C", "4H"]


# --- S-2 counter -------------------------------------------------------------------


def test_S_2_counter_with_a_sum_at_least_the_spy_moves_spy_and_cards():
    state = stacked(["KS", "7C"], ["2D", "3H", "4S", "AC", "3S"], draw=["3C", "4C"])
    after = apply(state, "counter 3H 4S")
    assert "7C" in after["spy_discard"] and after["discard"] == ["3H", "4S"]
    assert sort_cards(after["hand"]) == sort_cards(["2D", "AC", "3S", "3C", "4C"])
    assert after["spies"] == ["KS"]


def test_S_2_counter_below_the_spy_is_refused_with_the_sum():
    state = stacked(FIVE, ["AC", "3D", "4D", "2S", "2H"])
    assert reason(state, "counter AC 3D") == "these cards sum to 4; the spy needs 5"
    msg = refused(state, "counter AC 3D")
    assert "'counter AC 3D'" in msg and "sum to 4" in msg


def test_S_2_counter_with_cards_not_in_hand_is_refused():
    state = stacked(FIVE, ["AC", "3D", "4D", "2S", "2H"])
    assert reason(state, "counter 7C") == "the 7♣ is not in your hand"


# --- S-2.1 every card necessary ------------------------------------------------------


@pytest.mark.parametrize("cards, ok", [
    ("2C 3D", True),      # {2,3}
    ("AC 4D", True),      # {A,4}
    ("7S", True),         # {7}
    ("3D 4D", True),      # {3,4}: 7 − 3 = 4 < 5, overpaying with a bigger card is fine
    ("2C 3D 4D", False),  # {2,3,4}: 9 − 2 = 7 ≥ 5
    ("AC 7S", False),     # {A,7}: an ace gets no exemption when countering
])
def test_S_2_1_worked_examples_against_a_five(cards, ok):
    state = stacked(FIVE, ["AC", "2C", "3D", "4D", "7S"])
    assert (f"counter {cards}" in legal(state)) is ok
    assert (reason(state, f"counter {cards}") is None) is ok


def test_S_2_1_the_reason_names_the_unneeded_card():
    state = stacked(FIVE, ["AC", "2C", "3D", "4D", "7S"])
    assert reason(state, "counter 2C 3D 4D") == "the 2♣ is not needed: 3+4 already reach 5"
    assert reason(state, "counter AC 7S") == "the A♣ is not needed: 7 already reaches 5"


def test_S_2_1_legal_counters_are_exactly_the_minimal_sets():
    state = stacked(FIVE, ["AC", "2C", "3D", "4D", "7S"])
    counters = [a for a in legal(state) if a.startswith("counter")]
    assert sorted(counters) == sorted(["counter 2C 3D", "counter AC 4D", "counter 7S", "counter 3D 4D",
                                       "counter 2C 4D"])
    assert reason(state, "counter AC 2C 3D") == "the A♣ is not needed: 2+3 already reach 5"


# --- S-3 recruit -------------------------------------------------------------------


def test_S_3_recruit_the_seven_of_hearts_with_three_and_five_of_hearts():
    state = stacked(["KS", "7H"], ["3H", "5H", "2C", "4D", "AS"], draw=["3C", "4C"])
    assert "recruit 3H 5H" in legal(state)
    after = apply(state, "recruit 3H 5H")
    assert after["discard"] == ["3H", "5H", "7H"]  # the spy lies on top, face up
    assert "7H" not in after["spy_discard"]


def test_S_3_recruit_needs_the_spy_suit():
    state = stacked(["KS", "7H"], ["3H", "5H", "2C", "4D", "AS"])
    assert reason(state, "recruit 3H 4D") == (
        "recruiting needs cards of the spy's suit ♥ (or the ♥ ace as double agent); 4♦ is not ♥")
    assert reason(state, "recruit 3H") == "these cards sum to 3; the spy needs 7"


def test_S_3_a_recruited_spy_is_a_normal_card_of_the_deck_afterwards():
    state = stacked(["KS", "8H", "7H"], ["3H", "5H", "2C", "4D", "AS"])  # draw empty: reshuffle
    after = apply(state, "recruit 3H 5H")
    assert "7H" in after["hand"] + after["draw"]  # reshuffled into the draw pile at once
    assert sorted(GAME.all_cards(after)) == sorted(standard_deck())


# --- S-3.1 double agent ------------------------------------------------------------


def test_S_3_1_the_nine_of_clubs_recruited_with_the_ace_of_clubs_as_double_agent():
    state = stacked(["KS", "9C"], ["AC", "4C", "3D", "2H", "6S"], draw=["3C", "4H", "2D", "AD"])
    moves = legal(state)
    assert "recruit AC 4C 3D 2H" in moves          # the seed's example: 1+4+3+2 = 10
    assert "recruit AC 4C 6S" in moves             # 11
    assert reason(state, "recruit AC 4C 3D 2H 6S") == "the 2♥ is not needed: 1+3+4+6 already reach 9"
    after = apply(state, "recruit AC 4C 3D 2H")
    assert sort_cards(after["discard"]) == sort_cards(["AC", "4C", "3D", "2H", "9C"])


def test_S_3_1_the_ace_is_exempt_from_the_necessity_test_but_counts_one():
    state = stacked(["KS", "7H"], ["AH", "3H", "5H", "2C", "4D"])
    assert "recruit 3H 5H" in legal(state)
    assert "recruit AH 3H 5H" in legal(state)     # 9: 9−3 = 6 < 7, 9−5 = 4 < 7
    assert reason(state, "counter AH 3H 5H") == "the A♥ is not needed: 3+5 already reach 7"


def test_S_3_1_five_of_hearts_with_ace_of_hearts_four_and_two_of_spades():
    state = stacked(["KS", "5H"], ["AH", "4S", "2S", "3C", "3D"])
    assert "recruit AH 4S" in legal(state)
    assert "recruit AH 2S 4S" not in legal(state)  # 7 − 2 = 5 ≥ 5: the ace's point counts
    assert reason(state, "recruit AH 2S 4S") == "the 2♠ is not needed: 1+4 already reach 5"


def test_S_3_1_other_aces_are_ordinary_cards_that_need_conversion_and_necessity():
    state = stacked(["KS", "5H"], ["AC", "AD", "4S", "4H", "3D"])
    assert reason(state, "recruit AC 4H") == (
        "recruiting needs cards of the spy's suit ♥ (or the ♥ ace as double agent); A♣ is not ♥")
    assert "counter AC 4H" in legal(state)


# --- S-4 assassinate -----------------------------------------------------------------


def test_S_4_assassination_is_refused_while_the_hand_reaches_the_spy():
    state = stacked(["KS", "5H"], ["AC", "4S", "2S", "3C", "3D"])
    assert not any(a.startswith("assassinate") for a in legal(state))
    assert reason(state, "assassinate hand AC") == (
        "you can still counter: assassination is only allowed when your hand totals less than the spy "
        "(your hand: 13, the spy: 5)")


def test_S_4_a_short_hand_must_assassinate_with_an_ace_from_hand_draw_or_discard():
    state = stacked(["KS", "TD"], ["AC", "2S", "3C"], draw=["2H", "AH", "4H"], discard=["AD", "3S"])
    assert legal(state) == ["assassinate discard AD", "assassinate draw AH", "assassinate hand AC"]
    assert reason(state, "counter AC 2S 3C") == "these cards sum to 6; the spy needs 10"
    assert reason(state, "assassinate hand 2S") == "only an ace (a double agent) can be sacrificed, not the 2♠"
    assert reason(state, "assassinate draw AC") == "the A♣ is not in your draw pile"


def test_S_4_assassination_removes_the_ace_discards_spy_and_hand():
    state = stacked(["KS", "TD"], ["AC", "2S", "3C"], draw=["2H", "4H", "3H", "4D", "4C"])
    after = apply(state, "assassinate hand AC")
    assert after["removed"] == ["AC"]
    assert after["spy_discard"][-1] == "TD"
    assert after["discard"] == ["3C", "2S"]  # the hand in notation order
    assert after["phase"] == "play"  # no retiring after an assassination (S-5.1)
    assert sort_cards(after["hand"]) == sort_cards(["2H", "4H", "3H", "4D", "4C"])


def test_S_4_an_ace_taken_from_the_draw_pile_shuffles_the_draw_pile_from_the_seed():
    draw = ["2H", "AH", "4H", "3H", "4D", "4C", "2D", "3D"]
    state = stacked(["KS", "TD"], ["2S", "3C"], draw=draw, discard=["AD"], seed=11)
    after = GAME.apply(state, "assassinate draw AH")
    assert any(e["type"] == "shuffle" for e in after.events)
    rest = [c for c in draw if c != "AH"]
    expected = shuffle_cards(11, 1, rest)
    assert after.state["shuffles"] == 1
    assert sort_cards(after.state["hand"]) == sort_cards(expected[-5:])
    assert after.state["draw"] == expected[:-5]
    assert after.state["discard"] == ["AD", "3C", "2S"]


def test_S_4_an_ace_from_the_discard_pile_leaves_the_draw_pile_alone():
    state = stacked(["KS", "TD"], ["2S", "3C"], draw=["2H", "4H", "3H", "4D", "4C"], discard=["AD"])
    after = apply(state, "assassinate discard AD")
    assert after["shuffles"] == 0 and after["draw"] == []
    assert after["hand"] == sort_cards(["2H", "4H", "3H", "4D", "4C"])


# --- S-4.1 no ace: lost ------------------------------------------------------------


def test_S_4_1_a_due_assassination_without_any_ace_loses_at_once():
    # Countering the 5 leaves 2♣ 2♦; the draw pile brings nothing: hand total 4 < 9, no ace.
    state = stacked(["KH", "9S", "5D"], ["2C", "2D", "4S", "3S"])
    after = apply(state, "counter 4S 3S")
    assert after["phase"] == "retire"
    after = apply(after, "done")  # 2C 2D stay; reshuffle brings 3S 4S back: 2+2+3+4 = 11 ≥ 9
    assert not after["over"]
    state = stacked(["KH", "9S", "5D"], ["2C", "2D", "4S", "3S"])
    after = apply(state, "counter 4S 3S", "retire 2C 2D")  # now only 3♠ 4♠: 7 < 9 and no ace
    assert after["over"] and after["to_move"] is None
    assert after["result"]["reason"] == "no_double_agent"
    assert after["result"]["scores"] == [0] and after["result"]["winners"] == []
    assert GAME.legal_actions(after) == []
    assert GAME.why_illegal(after, parse("done")) == "the game is over"


def test_S_4_1_an_ace_anywhere_keeps_the_game_going():
    state = stacked(["KH", "9S", "5D"], ["2C", "2D", "4S", "3S"], discard=["AS"])
    after = apply(state, "counter 4S 3S", "retire 2C 2D")
    assert not after["over"]
    assert legal(after) == ["assassinate hand AS"]  # 1+3+4 = 8 < 9


# --- S-5 retire --------------------------------------------------------------------


def test_S_5_worked_example_counter_the_seven_with_the_nine_then_retire_twos():
    state = stacked(["KS", "7S"], ["2C", "2H", "2S", "3S", "9D"], draw=["4C", "4D", "4H", "3C"])
    after = apply(state, "counter 9D")
    assert after["phase"] == "retire"
    assert legal(after) == ["done", "retire 2C 2H", "retire 2C 2H 2S", "retire 2C 2S", "retire 2H 2S"]
    two = apply(after, "retire 2C 2H")
    assert two["spy_discard"][-2:] == ["2C", "2H"] and "2S" in two["hand"]
    three = apply(after, "retire 2C 2H 2S")
    assert {"2C", "2H", "2S"} <= set(three["spy_discard"])
    assert three["phase"] == "play"


def test_S_5_retiring_is_optional_and_only_once_per_turn():
    state = stacked(["KS", "8D", "7S"], ["2C", "2H", "3S", "3H", "9D"], draw=["4C", "4D", "4H", "AC"])
    after = apply(state, "counter 9D")
    assert set(legal(after)) == {"done", "retire 2C 2H", "retire 3H 3S"}
    after = apply(after, "retire 2C 2H")
    assert after["phase"] == "play" and "3S" in after["hand"] and "3H" in after["hand"]
    assert reason(after, "retire 3H 3S") == "retiring is only allowed after you counter or recruit the spy"
    skipped = apply(state, "counter 9D", "done")
    assert {"2C", "2H", "3S", "3H"} <= set(skipped["hand"])


def test_S_5_a_single_card_or_mixed_ranks_cannot_be_retired():
    state = stacked(["KS", "7S"], ["2C", "2H", "2S", "3S", "9D"], draw=["4C", "4D", "4H"])
    after = apply(state, "counter 9D")
    assert reason(after, "retire 3S") == "a single card cannot be retired; retire two or more cards of the same rank"
    assert reason(after, "retire 2C 3S") == "retired cards must all have the same rank"
    assert reason(after, "counter 2C 2H") == (
        "this spy is dealt with; retire two or more cards of one rank, or finish the turn (done)")


def test_S_5_without_a_pair_the_retire_step_is_skipped():
    state = stacked(["KS", "7S"], ["2C", "3H", "4S", "AS", "9D"], draw=["4C", "4D", "4H"])
    after = apply(state, "counter 9D")
    assert after["phase"] == "play" and after["spies"] == ["KS"]


# --- S-5.1 no retiring after assassination ------------------------------------------


def test_S_5_1_no_retiring_after_an_assassination():
    state = stacked(["KS", "TD"], ["AC", "2S", "2C"], draw=["2H", "4H", "3H", "4D", "4C", "3C"])
    after = apply(state, "assassinate hand AC")
    assert after["phase"] == "play"
    assert not any(a.startswith("retire") or a == "done" for a in legal(after))
    assert reason(after, "done") == "deal with the spy first: counter, recruit or assassinate it"


# --- S-5.2 aces can be retired -----------------------------------------------------------


def test_S_5_2_aces_can_be_retired_and_are_then_lost_as_double_agents():
    state = stacked(["KS", "QD", "7S"], ["AC", "AH", "3S", "4S", "2D"], draw=["2C", "2H"])
    after = apply(state, "counter 3S 4S")
    assert "retire AC AH" in legal(after)
    after = apply(after, "retire AC AH")
    assert {"AC", "AH"} <= set(after["spy_discard"]) and after["removed"] == []
    assert not any(c[0] == "A" for c in after["hand"] + after["draw"] + after["discard"])


# --- S-5.3 retired face cards count for the spies ---------------------------------------


def test_S_5_3_retired_face_cards_count_against_the_player():
    spy_pile = ["QH", "KH", "JS", "QS"]
    state = stacked(["KS"], ["JC", "JD", "2C", "QC", "QD"], draw=["KC", "KD", "JH"], spy_discard=spy_pile)
    after = apply(state, "counter JC 2C", "retire QC QD")
    assert after["over"]
    assert after["result"]["face_cards"] == {"player": 5, "spies": 7}
    assert after["result"]["reason"] == "face_cards" and after["result"]["winners"] == []
    kept = apply(state, "counter JC 2C", "done")
    assert kept["result"]["face_cards"] == {"player": 7, "spies": 5}
    assert kept["result"]["winners"] == [0]


# --- S-5.4 only cards still in hand ----------------------------------------------------


def test_S_5_4_cards_just_used_and_a_just_recruited_spy_cannot_be_retired():
    state = stacked(["KS", "7H"], ["2H", "5H", "2C", "2D", "4S"], draw=["3C", "3D", "3H"])
    after = apply(state, "recruit 2H 5H")
    assert legal(after) == ["done", "retire 2C 2D"]
    assert reason(after, "retire 2C 2H") == (
        "the 2♥ is not in your hand; only cards still in hand can be retired")
    assert reason(after, "retire 2D 7H").startswith("the 7♥ is not in your hand")


# --- S-6 keep and refill -------------------------------------------------------------------


def test_S_6_the_rest_of_the_hand_is_kept_and_refilled_to_five():
    state = stacked(["KS", "8C", "5D"], ["AC", "2C", "3D", "4S", "4H"], draw=["2H", "3H", "2D", "3C"])
    after = apply(state, "counter AC 4S")
    assert sort_cards(after["hand"]) == sort_cards(["2C", "3D", "4H", "3C", "2D"])  # top of draw first
    assert after["draw"] == ["2H", "3H"]


# --- S-6.1 reshuffle timing -----------------------------------------------------------------


def test_S_6_1_reshuffle_only_when_a_draw_needs_it_and_with_this_turns_cards():
    state = stacked(["KS", "8C", "7H"], ["3H", "4H", "2C", "3D", "AS"], draw=["3C"], discard=["4C", "4D"],
                    seed=21)
    step = GAME.apply(state, "recruit 3H 4H")
    after = step.state
    # First the single card of the draw pile, then the discard pile (with 3♥ 4♥ 7♥) is shuffled.
    assert after["shuffles"] == 1
    pile = shuffle_cards(21, 1, ["4C", "4D", "3H", "4H", "7H"])
    assert sort_cards(after["hand"]) == sort_cards(["2C", "3D", "AS", "3C", pile[-1]])
    assert after["draw"] == pile[:-1] and after["discard"] == []
    kinds = [e["type"] for e in step.events]
    assert kinds.index("shuffle") > 0


def test_S_6_1_no_reshuffle_while_the_draw_pile_has_cards():
    state = stacked(["KS", "8C", "7H"], ["3H", "4H", "2C", "3D", "AS"], draw=["3C", "3S"], discard=["4C"])
    after = apply(state, "recruit 3H 4H")
    assert after["shuffles"] == 0 and after["draw"] == []
    assert sort_cards(after["discard"]) == sort_cards(["4C", "3H", "4H", "7H"])


# --- S-6.2 both piles empty -------------------------------------------------------------------


def test_S_6_2_with_both_piles_empty_the_hand_stays_short():
    state = stacked(["KS", "9C", "7H"], ["3H", "4H", "2C", "2D", "AS"])
    after = apply(state, "counter 3H 4H", "retire 2C 2D")
    # Only AS stays; the reshuffled discard (3H 4H) is drawn: three cards in hand.
    assert sort_cards(after["hand"]) == sort_cards(["AS", "3H", "4H"])
    assert after["draw"] == [] and after["discard"] == []
    assert legal(after) == ["assassinate hand AS"]  # 9 > 1+3+4


def test_S_6_2_an_empty_hand_must_assassinate_or_is_lost():
    state = stacked(["KS", "8C", "7H"], ["3H", "4H", "AS", "AD"])
    after = apply(state, "counter 3H 4H", "retire AD AS")
    assert after["hand"] == sort_cards(["3H", "4H"]) and after["over"]
    assert after["result"]["reason"] == "no_double_agent"


# --- S-6.3 no other reshuffles --------------------------------------------------------------


def test_S_6_3_the_draw_pile_is_never_reshuffled_otherwise():
    draw = ["2H", "3H", "2D", "3C", "4C", "4D", "3D"]
    state = stacked(["KS", "8C", "5D"], ["AC", "2C", "4S", "4H", "AH"], draw=draw, discard=["2S", "3S"])
    after = apply(state, "counter AC 4S")
    assert after["shuffles"] == 0 and after["draw"] == draw[:-2]
    assert sort_cards(after["discard"]) == sort_cards(["2S", "3S", "AC", "4S"])


# --- S-7 end of game -----------------------------------------------------------------------


def test_S_7_the_game_ends_after_the_last_spy_without_a_draw_and_is_won_with_seven_faces():
    spy_pile = ["QH", "KH", "JS", "QS", "KS"]
    state = stacked(["KC"], ["AC", "TC", "JD", "QD", "KD"], draw=["JC", "QC"], discard=["JH"],
                    spy_discard=spy_pile)
    after = apply(state, "recruit AC KD")
    assert after["over"] and after["to_move"] is None and after["phase"] == "over"
    assert after["hand"] == ["TC", "JD", "QD"]  # no draw at the end
    assert after["result"] == {"scores": [7], "winners": [0], "reason": "won",
                               "face_cards": {"player": 7, "spies": 5}, "points": None}


def test_S_7_retiring_in_the_last_turn_happens_before_scoring():
    state = stacked(["KC"], ["2C", "2D", "TC", "3C", "4S"], draw=["JC"], spy_discard=[])
    after = apply(state, "counter 3C TC")
    assert after["phase"] == "retire" and not after["over"]
    after = apply(after, "retire 2C 2D")
    assert after["over"] and "2C" in after["spy_discard"]


# --- S-7.1 losses ----------------------------------------------------------------------------


def test_S_7_1_six_to_six_is_a_loss():
    state = stacked(["KC"], ["AC", "TC", "JD", "QD", "KD"], draw=["JC"], discard=["JH"])
    after = apply(state, "recruit AC KD")
    assert after["result"]["face_cards"] == {"player": 6, "spies": 6}
    assert after["result"]["winners"] == [] and after["result"]["reason"] == "face_cards"
    assert after["result"]["scores"] == [6]


def test_S_7_1_countering_the_last_face_spy_can_lose_the_game():
    state = stacked(["KC"], ["AC", "TC", "JD", "QD", "KD"], draw=["JC", "QC"], discard=["JH"])
    after = apply(state, "counter KD")
    assert after["result"]["face_cards"] == {"player": 6, "spies": 6} and after["result"]["winners"] == []


# --- S-7.2 points variant ----------------------------------------------------------------


def test_S_7_2_points_variant_scores_the_face_cards_owned():
    state = stacked(["KC"], ["AC", "TC", "JD", "QD", "KD"], draw=["JC"], discard=["JH"],
                    options={"scoring": "points"})
    after = apply(state, "recruit AC KD")
    assert after["result"]["scores"] == [6] and after["result"]["points"] == 6
    assert after["result"]["winners"] == []


def test_S_7_2_a_loss_without_double_agent_gives_no_score():
    state = stacked(["KH", "9S", "5D"], ["2C", "2D", "4S", "3S"], options={"scoring": "points"})
    after = apply(state, "counter 4S 3S", "retire 2C 2D")
    assert after["result"]["reason"] == "no_double_agent"
    assert after["result"]["scores"] == [0] and after["result"]["points"] is None


def test_S_7_2_scoring_option_is_checked():
    assert GAME.new(seed=1, options={"scoring": "points"})["options"] == {"scoring": "points"}
    with pytest.raises(BadOption):
        GAME.new(seed=1, options={"scoring": "stars"})
    with pytest.raises(BadOption):
        GAME.new(seed=1, options={"winnable_only": True})


# --- notation, numbers, selection, invariants ----------------------------------------------


@pytest.mark.parametrize("text, norm", [
    ("counter 3H 2C", "counter 2C 3H"),
    ("recruit 2H 3D 4C AC", "recruit AC 4C 3D 2H"),
    ("recruit 10c ac", "recruit AC TC"),
    ("assassinate draw AS", "assassinate draw AS"),
    ("retire 2H 2C", "retire 2C 2H"),
    ("done", "done"),
    ("pass", "done"),
])
def test_notation_round_trips_with_sorted_cards(text, norm):
    action = parse(text)
    assert str(action) == norm
    assert parse(str(action)) == action


@pytest.mark.parametrize("text", ["", "counter", "counter 2C 2C", "counter 1C", "assassinate AS",
                                  "assassinate pocket AS", "done 2C", "recruit XX", "fold"])
def test_malformed_notation_is_refused_quoting_the_input(text):
    with pytest.raises(MalformedAction) as info:
        parse(text)
    assert repr(text) in str(info.value) or repr(text.split()[-1] if text else text) in str(info.value)


def test_action_types_are_frozen_values():
    assert parse("counter 2C 3H") == CounterAction(("2C", "3H"))
    assert parse("recruit AC 4C") == Recruit(("AC", "4C"))
    assert parse("assassinate hand AC") == Assassinate("hand", "AC")
    assert parse("retire 2C 2H") == Retire(("2C", "2H"))
    assert parse("done") == Done()
    assert len({parse("retire 2C 2H"), parse("retire 2H 2C")}) == 1


def test_registry_finds_the_game_with_its_metadata():
    game = registry.get("deck-of-spies")
    assert game is GAME
    assert game.info.min_players == game.info.max_players == 1
    assert game.info.hidden_information is True
    assert game.info.levels == ("random", "easy", "normal", "hard")


def test_game_numbers_round_trip_and_reject_garbage():
    assert game_number(42) == "000042"
    assert seed_from_number("000042") == 42
    assert seed_from_number(" #123-456 ") == 123456
    for bad in ["", "abc", "1234567", "12a", "-", "١٢٣"]:
        with pytest.raises(BadOption):
            seed_from_number(bad)
    for seed in (0, 7, 999_999):
        assert seed_from_number(game_number(seed)) == seed


def test_daily_seed_depends_on_the_date_only():
    day = dt.date(2026, 3, 1)
    assert daily_seed(day) == daily_seed(dt.date(2026, 3, 1))
    assert 0 <= daily_seed(day) < 10**6
    assert len({daily_seed(day + dt.timedelta(days=i)) for i in range(30)}) > 25


def test_selection_status_for_a_running_sum():
    state = stacked(["KS", "7H"], ["AH", "3H", "5H", "2C", "4D"])
    assert selection_status(state, []) == (False, False, "tap cards that add up to at least 7")
    assert selection_status(state, ["3H"]) == (False, False, "these cards sum to 3; the spy needs 7")
    assert selection_status(state, ["3H", "5H"]) == (True, True, "")
    can_c, can_r, why = selection_status(state, ["3H", "4D"])
    assert (can_c, can_r) == (True, False) and why.startswith("recruiting needs cards of the spy's suit ♥")
    assert selection_status(state, ["AH", "3H", "5H"]) == (False, True, "the A♥ is not needed: 3+5 already reach 7")
    assert selection_status(state, ["3H", "5H", "2C"])[2] == "the 2♣ is not needed: 3+5 already reach 7"
    assert selection_status(state, ["9S"]) == (False, False, "the 9♠ is not in your hand")


def _random_states(seed, steps):
    state = GAME.new(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state["over"]:
            break
        moves = GAME.legal_actions(state)
        state = GAME.apply(state, moves[rng.randrange(len(moves))]).state
    return state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60), picks=st.lists(st.integers(0, 31), max_size=6))
def test_why_illegal_agrees_with_legal_actions_for_every_selection(seed, steps, picks):
    state = _random_states(seed, steps)
    if state["over"]:
        assert GAME.legal_actions(state) == []
        return
    moves = set(legal(state))
    hand = state["hand"]
    subsets = [[c for i, c in enumerate(hand) if mask >> i & 1] for mask in range(1, 1 << len(hand))]
    for cards in subsets:
        for kind in ("counter", "recruit", "retire"):
            text = f"{kind} {' '.join(cards)}"
            assert (GAME.why_illegal(state, parse(text)) is None) == (str(parse(text)) in moves), text
    for text in ["done"] + [f"assassinate {p} A{s}" for p in ("hand", "draw", "discard") for s in "CDHS"]:
        assert (GAME.why_illegal(state, parse(text)) is None) == (text in moves), text
    assert legal(state) == sorted(legal(state))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_random_games_conserve_cards_round_trip_and_end(seed):
    state = GAME.new(seed=seed)
    rng = random.Random(seed)
    while not state["over"]:
        moves = GAME.legal_actions(state)
        assert moves, "a running game always offers an action"
        state = GAME.apply(state, moves[rng.randrange(len(moves))]).state
        assert validate_state(json.loads(GAME.to_json(state))) == state
        assert sorted(GAME.all_cards(state)) == sorted(standard_deck())
    result = state["result"]
    assert result["face_cards"]["player"] + result["face_cards"]["spies"] == 12
    assert result["winners"] == ([0] if result["reason"] == "won" else [])


def test_replay_reproduces_the_game_including_shuffles():
    state = GAME.new(seed=77)
    rng = random.Random(1)
    actions = []
    while not state["over"]:
        moves = GAME.legal_actions(state)
        move = moves[rng.randrange(len(moves))]
        actions.append(str(move))
        state = GAME.apply(state, move).state
    assert GAME.replay(1, 77, None, actions) == state


def test_events_tell_the_ui_what_moved_and_hide_drawn_faces_from_onlookers():
    state = stacked(["KS", "8C", "7H"], ["3H", "4H", "2C", "3D", "AS"], draw=["3C"], discard=["4C", "4D"])
    step = GAME.apply(state, "recruit 3H 4H")
    moves = [(e["from"], e["to"], e["cards"]) for e in step.events if e["type"] == "move"]
    assert moves[0] == ("hand", "discard", ["3H", "4H"])
    assert moves[1] == ("spies", "discard", ["7H"])
    assert ("draw", "hand", ["3C"]) in moves
    assert step.events[-1] == {"type": "spy", "card": "8C"}
    assert GAME.mask_events(step.events, 0) == step.events
    hidden = GAME.mask_events(step.events, None)
    assert all(set(e["cards"]) == {UNKNOWN} for e in hidden if e["type"] == "move" and e["to"] in ("hand", "draw"))
    assert hidden[0] == step.events[0]


def test_the_draw_pile_and_the_spies_below_the_top_lie_face_down_though_no_card_is_secret():
    from core.games import deck_of_spies as dos

    state = dos.GAME.new(1, 5, None)
    assert dos.GAME.secret_cards(state, 0) == set()
    down = dos.GAME.face_down(state, 0)
    assert down == set(state["draw"]) | set(state["spies"][:-1])
    assert not down & (set(state["hand"]) | {state["spies"][-1]})
    assert dos.GAME.face_down(state, None) >= set(state["hand"])


def test_in_the_other_games_what_lies_face_down_is_what_is_secret():
    from core.games import registry

    for name in ("thronfolge", "rosenkrieg", "kings-corner"):
        game = registry.get(name)
        state = game.new(game.info.default_players, 3, None)
        for seat in (None, 0):
            assert game.face_down(state, seat) == game.secret_cards(state, seat)
