"""Rule tests for Thronfolge, one per ruling of RULINGS.md Part 1, plus notation and perft."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.cards import UNKNOWN, thronfolge_deck
from core.errors import BadState, IllegalAction, MalformedAction
from core.games import registry
from core.games.base import validate_state
from core.games.thronfolge import (
    BETRAYALS, CROWNS, DECK, FAVOURS, GAME, PLAYS, SUPPORTERS, TAKE, Play, Take, card_points,
    card_type, final_result, live_scores, next_match_starter, score_breakdown,
)

State = dict[str, Any]


# --- helpers ----------------------------------------------------------------------------------


def stacked(*, hands: tuple[list[str], list[str]], line: list[str] = (), round: int = 1,
            starter: int = 0, collections: tuple[list[str], list[str]] = ([], []),
            taken: tuple[bool, bool] = (False, False), removed: list[str] | None = None,
            spare: str = "line", open_removed: bool = False) -> State:
    """A hand-built, validated state; cards not named fill removed, the deck, then ``spare``.

    ``spare="line"`` puts left-over cards at the old end of the line, ``"collections"``
    deals them alternately into the collections (crowns go to removed/deck first).
    """
    named = [*hands[0], *hands[1], *line, *collections[0], *collections[1], *(removed or [])]
    assert len(named) == len(set(named)), "a card is named twice"
    rest = sorted((c for c in DECK if c not in named), key=lambda c: (c not in CROWNS, c))
    if removed is None:
        removed, rest = rest[:3], rest[3:]
    n_deck = 10 * (4 - round)
    deck, spare_cards = rest[:n_deck], rest[n_deck:]
    line, colls = list(line), [list(collections[0]), list(collections[1])]
    if spare == "line":
        line = spare_cards + line
    else:
        for i, c in enumerate(spare_cards):
            colls[i % 2].insert(0, c)
    used = [5 - len(hands[s]) + taken[s] for s in (0, 1)]
    to_move = starter if used[starter] == used[1 - starter] else 1 - starter
    state = {"game": "thronfolge", "version": GAME.version, "seed": 0,
             "options": {"open_removed": open_removed,
                         "starter": starter if round % 2 else 1 - starter},
             "players": 2, "to_move": to_move, "over": False, "result": None, "ply": 0,
             "deck": deck, "removed": list(removed), "line": line,
             "hands": [list(hands[0]), list(hands[1])], "collections": colls,
             "taken": list(taken), "round": round, "starter": starter}
    return GAME.load(state)


def play_out(state: State, rng: random.Random) -> tuple[State, list[State]]:
    """Random legal play to the end; returns the final state and every state passed."""
    seen = [state]
    while not state["over"]:
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, legal[rng.randrange(len(legal))]).state
        seen.append(state)
    return state, seen


def notations(state: State) -> list[str]:
    return [str(a) for a in GAME.legal_actions(state)]


def perft(state: State, depth: int) -> int:
    if depth == 0 or state["over"]:
        return 1
    return sum(perft(GAME.apply(state, a).state, depth - 1) for a in GAME.legal_actions(state))


# --- T-1: the card table ------------------------------------------------------------------------


def test_T_1_card_table_has_26_supporters_3_crowns_7_favours_9_betrayals():
    types = [card_type(c) for c in DECK]
    assert (types.count("supporter"), types.count("crown"), types.count("favour"),
            types.count("betrayal")) == (26, 3, 7, 9)
    assert sorted(SUPPORTERS.values()).count("C") == 5
    assert [sorted(SUPPORTERS.values()).count(f) for f in "CDHS"] == [5, 6, 7, 8]
    assert CROWNS == {"KS", "KC", "KD"}
    assert sum(FAVOURS.values()) == 18 and sum(BETRAYALS.values()) == -17
    assert [card_points(c) for c in ("JC", "JD", "JH", "JS", "QD", "QH", "KH")] == [2, 2, 2, 2, 3, 3, 4]
    assert [card_points(c) for c in ("9C", "9D", "9S", "TC", "TD", "TH", "TS", "QC", "QS")] == \
        [-1, -1, -1, -2, -2, -2, -2, -3, -3]
    assert card_points("KS") == 0 and card_points("5C") == 0
    assert score_breakdown(["KS", "KC"], [])["total"] == 0  # crowns score nothing
    assert sorted(DECK) == sorted(thronfolge_deck()) and len(DECK) == 45
    with pytest.raises(KeyError):
        card_type("6C")  # one of the 7 cards that go back in the box


def test_T_1_1_pips_of_supporters_do_not_matter():
    low = score_breakdown(["AS", "AH", "AD", "AC"], ["2S"])
    high = score_breakdown(["8S", "7H", "6D", "5C"], ["AS"])
    assert low == high
    assert low["total"] == high["total"] == 5 + 6 + 7 + 5  # ♥ ♦ ♣ majorities, 1 set, ♠ tied


# --- T-2: setup --------------------------------------------------------------------------------


def test_T_2_setup_removes_3_deals_5_each_2_to_the_line_30_to_draw():
    state = GAME.new(seed=11)
    assert len(state["removed"]) == 3 and len(state["line"]) == 2 and len(state["deck"]) == 30
    assert [len(h) for h in state["hands"]] == [5, 5]
    assert state["collections"] == [[], []] and state["taken"] == [False, False]
    assert state["round"] == 1
    assert sorted(GAME.all_cards(state)) == sorted(DECK)
    # The deal comes from the seed alone: same seed, same deal; another seed, another deal.
    assert GAME.new(seed=11) == state
    assert GAME.new(seed=12)["hands"] != state["hands"]
    shuffled = list(DECK)
    random.Random(11).shuffle(shuffled)
    assert state["removed"] == shuffled[:3] and state["line"] == shuffled[13:15]
    assert state["deck"][-1] == shuffled[-1]  # the top of the draw pile is the last element


# --- T-2.1: who starts ------------------------------------------------------------------------


@pytest.mark.parametrize("first", [0, 1])
def test_T_2_1_starter_option_opens_round_1_and_rounds_alternate(first: int):
    state = GAME.new(seed=5, options={"starter": first})
    assert state["to_move"] == first and state["starter"] == first
    starters = {}
    rng = random.Random(3)
    for _ in range(200):  # a game that lasts all four rounds
        state = GAME.new(seed=rng.randrange(10**6), options={"starter": first})
        starters = {1: state["to_move"]}
        while not state["over"]:
            legal = GAME.legal_actions(state)
            before = state["round"]
            state = GAME.apply(state, legal[rng.randrange(len(legal))]).state
            if not state["over"] and state["round"] != before:
                starters[state["round"]] = state["to_move"]
                assert state["starter"] == state["to_move"]
        if len(starters) == 4:
            break
    assert starters == {1: first, 2: 1 - first, 3: first, 4: 1 - first}


# --- T-2.2: hidden information ----------------------------------------------------------------


def test_T_2_2_view_hides_opponent_hand_draw_pile_and_removed_cards():
    state = GAME.new(seed=21)
    view = GAME.view(state, 0)
    assert view["hands"][0] == state["hands"][0]
    assert view["hands"][1] == [UNKNOWN] * 5
    assert view["deck"] == [UNKNOWN] * 30 and view["removed"] == [UNKNOWN] * 3
    assert view["line"] == state["line"] and view["collections"] == state["collections"]
    assert view["taken"] == state["taken"] and view["round"] == state["round"]
    onlooker = GAME.view(state, None)
    assert onlooker["hands"] == [[UNKNOWN] * 5, [UNKNOWN] * 5]
    # Shuffling what seat 0 cannot see leaves its view unchanged.
    other = GAME.copy_state(state)
    hidden = other["hands"][1] + other["deck"] + other["removed"]
    random.Random(1).shuffle(hidden)
    other["hands"][1], other["deck"], other["removed"] = hidden[:5], hidden[5:35], hidden[35:]
    assert other != state and GAME.view(other, 0) == view
    with pytest.raises(ValueError):
        GAME.view(state, 2)


def test_T_2_2_removed_cards_and_hands_are_shown_once_the_game_is_over():
    final, _ = play_out(GAME.new(seed=4), random.Random(4))
    view = GAME.view(final, 1)
    assert view["removed"] == final["removed"] and UNKNOWN not in GAME.all_cards(view)


def test_T_2_2_deal_events_hide_the_other_hand():
    state = stacked(hands=([], ["AS"]), line=["2S"], round=1, starter=0, taken=(True, True),
                    spare="collections")
    step = GAME.apply(state, "play AS")
    assert step.state["round"] == 2
    deals = [e for e in step.events if e.get("from") == "deck"]
    assert [e["to"] for e in deals] == ["hand:1", "hand:0"]  # the new starter first
    masked = GAME.mask_events(step.events, 0)
    mine = [e for e in masked if e.get("to") == "hand:0"][0]
    theirs = [e for e in masked if e.get("to") == "hand:1"][0]
    assert mine["cards"] == step.state["hands"][0] and theirs["cards"] == [UNKNOWN] * 5


# --- T-3: play and take ---------------------------------------------------------------------


def test_T_3_play_appends_to_the_end_and_take_takes_the_last_five():
    state = stacked(hands=(["AS", "2S", "3S", "4S", "5S"], ["AH", "2H", "3H", "4H", "5H"]),
                    line=["AD", "2D", "3D", "4D", "5D", "6D"], round=2, starter=0,
                    spare="collections")
    step = GAME.apply(state, "play 3S")
    assert step.state["line"][-1] == "3S" and "3S" not in step.state["hands"][0]
    assert step.events == [{"type": "move", "cards": ["3S"], "from": "hand:0", "to": "line",
                            "seat": 0}]
    step = GAME.apply(step.state, "take")
    assert step.state["line"] == ["AD", "2D"]
    assert step.state["collections"][1][-5:] == ["3D", "4D", "5D", "6D", "3S"]
    assert step.events[0] == {"type": "move", "cards": ["3D", "4D", "5D", "6D", "3S"],
                              "from": "line", "to": "collection:1", "seat": 1}
    # Fewer than five: all of them.
    step = GAME.apply(GAME.apply(step.state, "play 2S").state, "play 2H")
    state = GAME.apply(step.state, "take").state
    assert state["line"] == [] and state["collections"][0][-4:] == ["AD", "2D", "2S", "2H"]


def test_T_3_notation_round_trips_and_legal_actions_are_sorted():
    state = GAME.new(seed=3)
    legal = GAME.legal_actions(state)
    assert [str(a) for a in legal] == sorted(str(a) for a in legal)
    for action in legal:
        assert GAME.parse_action(str(action)) == action
        assert eval(repr(action), {"Play": Play, "Take": Take}) == action
    assert GAME.parse_action("  PLAY 10s ") == PLAYS["TS"] and GAME.parse_action("Take") == TAKE


@pytest.mark.parametrize("text, words", [
    ("", "expected 'play CARD'"),
    ("pass", "'pass' is not a Thronfolge action"),
    ("play", "'play': expected 'play' and one card"),
    ("play XX", "'play XX': 'XX' is not a card"),
    ("play 7C", "'play 7C': 7C is not one of Thronfolge's 45 cards"),
    ("take 5", "'take 5': 'take' names no cards"),
])
def test_T_3_malformed_actions_are_refused_quoting_the_input(text: str, words: str):
    with pytest.raises(MalformedAction) as err:
        GAME.parse_action(text)
    assert words in str(err.value)


# --- T-3.1: once per round, and once you must --------------------------------------------------


def test_T_3_1_take_only_once_and_an_empty_hand_must_take():
    state = stacked(hands=(["AS", "2S"], ["AH"]), line=["AD", "2D"], round=2,
                    starter=0, taken=(True, False), spare="collections")
    assert state["to_move"] == 0
    assert notations(state) == ["play 2S", "play AS"]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, "take")
    assert str(err.value) == "'take' is illegal: you have already taken this round; you must play a card"
    with pytest.raises(IllegalAction, match="you do not hold 7H"):
        GAME.apply(state, "play 7H")
    must = stacked(hands=([], ["AH"]), line=["AD"], round=3, starter=0, taken=(False, True),
                   spare="collections")
    assert must["to_move"] == 0 and notations(must) == ["take"]
    assert GAME.why_illegal(must, PLAYS["AS"]) == "you must take: your hand is empty"


# --- T-3.2: six turns each, twelve per round -------------------------------------------------


def test_T_3_2_each_player_has_six_turns_per_round_five_plays_one_take():
    rng = random.Random(32)
    for seed in range(40):
        state = GAME.new(seed=seed)
        per_round: dict[int, list[tuple[int, str]]] = {}
        while not state["over"]:
            seat = state["to_move"]
            # Nobody is ever to move with an empty hand after taking (no pass is needed).
            assert state["hands"][seat] or not state["taken"][seat]
            legal = GAME.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            per_round.setdefault(state["round"], []).append((seat, str(action).split()[0]))
            state = GAME.apply(state, action).state
        for rnd, turns in per_round.items():
            if rnd < state["round"] or state["result"]["reason"] != "crowns":
                assert len(turns) == 12
                for seat in (0, 1):
                    assert sorted(k for s, k in turns if s == seat) == ["play"] * 5 + ["take"]
            seats = [s for s, _ in turns]
            assert all(a != b for a, b in zip(seats, seats[1:]))  # strict alternation


# --- T-3.3 and T-3.4: the empty line ------------------------------------------------------------


def test_T_3_3_no_voluntary_take_from_an_empty_line():
    state = stacked(hands=(["AS", "2S", "3S", "4S", "5S"], ["AH", "2H", "3H", "4H", "5H"]),
                    line=[], round=2, starter=0, spare="collections")
    assert "take" not in notations(state)
    assert GAME.why_illegal(state, TAKE) == "the line is empty — you must play a card"
    with pytest.raises(IllegalAction, match="'take' is illegal: the line is empty"):
        GAME.apply(state, "take")


def test_T_3_4_empty_line_take_with_empty_hand_counts_as_take():
    # Seat 0 has played out its hand without taking; seat 1 just took the whole short line.
    state = stacked(hands=(["AS"], ["AH"]), line=["AD", "2D"], round=2, starter=1,
                    taken=(False, False), spare="collections")
    state = GAME.apply(state, "play AH").state  # seat 1 starts this round
    state = GAME.apply(state, "play AS").state
    state = GAME.apply(state, "take").state  # seat 1 takes AD 2D AH AS: the line is empty
    assert state["line"] == [] and state["to_move"] == 0 and state["hands"][0] == []
    assert notations(state) == ["take"]
    before = [list(c) for c in state["collections"]]
    step = GAME.apply(state, "take")
    assert step.events[0] == {"type": "move", "cards": [], "from": "line",
                              "to": "collection:0", "seat": 0}
    assert step.state["collections"][0] == before[0]  # took nothing …
    assert step.state["round"] == 3  # … and that was the take: the round is over
    assert {"type": "round_over", "round": 2} in step.events


# --- T-3.5: collections stay and are public ---------------------------------------------------


def test_T_3_5_collections_stay_until_the_end_and_are_public():
    rng = random.Random(35)
    state = GAME.new(seed=35)
    history = [[], []]
    while not state["over"]:
        for s in (0, 1):
            assert state["collections"][s][:len(history[s])] == history[s]  # never shrinks
            history[s] = list(state["collections"][s])
            assert GAME.view(state, 1 - s)["collections"][s] == state["collections"][s]
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, legal[rng.randrange(len(legal))]).state


# --- T-4: round end --------------------------------------------------------------------------


def test_T_4_round_ends_when_both_hands_are_empty_and_both_took_and_the_line_stays():
    state = stacked(hands=([], ["AH"]), line=["AD", "2D", "3D", "4D", "5D"], round=1, starter=0,
                    taken=(True, True), spare="collections")
    assert state["to_move"] == 1
    step = GAME.apply(state, "play AH")
    assert step.state["round"] == 2
    assert step.state["line"] == ["AD", "2D", "3D", "4D", "5D", "AH"]  # carried over
    assert [e["type"] for e in step.events] == ["move", "round_over", "move", "move", "round_start"]


def test_T_4_1_new_deal_of_five_each_other_player_starts_and_round_4_ends_the_game():
    state = stacked(hands=([], ["AH"]), line=["AD"], round=2, starter=0, taken=(True, True),
                    spare="collections")
    deck_top = state["deck"][-10:]
    nxt = GAME.apply(state, "play AH").state
    assert nxt["round"] == 3 and nxt["starter"] == 1 and nxt["to_move"] == 1
    assert nxt["taken"] == [False, False] and len(nxt["deck"]) == 10
    assert sorted(nxt["hands"][0] + nxt["hands"][1]) == sorted(deck_top)
    assert nxt["hands"][1] == deck_top[::-1][:5]  # the starter is dealt first, from the top
    last = stacked(hands=([], ["AH"]), line=["AD"], round=4, starter=0, taken=(True, True),
                   spare="collections")
    assert last["deck"] == []
    end = GAME.apply(last, "play AH")
    assert end.state["over"] and end.state["to_move"] is None
    assert end.events[-1]["type"] == "game_over"
    assert GAME.legal_actions(end.state) == []
    with pytest.raises(IllegalAction, match="the game is over"):
        GAME.apply(end.state, "take")


def test_T_4_2_cards_left_in_the_line_are_not_scored():
    state = stacked(hands=([], ["AH"]), line=["8S", "7S", "6S", "5S", "4S", "3S"], round=4,
                    starter=0, taken=(True, True), spare="collections")
    end = GAME.apply(state, "play AH").state
    assert end["result"]["scores"] == live_scores({"collections": state["collections"]})
    assert end["line"][-1] == "AH" and len(end["line"]) == 7


# --- T-5: three crowns -------------------------------------------------------------------------


def test_T_5_three_crowns_win_at_once_after_a_take():
    state = stacked(hands=(["AS", "2S", "3S"], ["AH", "2H", "3H"]),
                    line=["4S", "KD", "5S"], collections=(["KS", "KC"], []), round=1,
                    starter=0, spare="collections", removed=["QD", "QH", "KH"])
    assert state["to_move"] == 0
    step = GAME.apply(state, "take")
    assert step.state["over"] and step.state["result"]["winners"] == [0]
    assert step.state["result"]["reason"] == "crowns"
    assert step.events[-1] == {"type": "game_over", "winners": [0], "reason": "crowns",
                               "removed": ["QD", "QH", "KH"]}
    assert step.state["hands"][1] == ["AH", "2H", "3H"]  # mid-round: no more play
    # Two crowns are not enough, however many points.
    assert not GAME.apply(state, "play AS").state["over"]


# --- T-6: scoring --------------------------------------------------------------------------------


def test_T_6_families_need_a_strict_majority_sets_favours_betrayals_crowns_zero():
    mine = ["AS", "2S", "AH", "AD", "2D", "AC", "JS", "QH", "9C", "QC", "KS", "KD"]
    theirs = ["3S", "4S", "2H", "3D", "2C", "3C", "KH", "TD"]
    bd = score_breakdown(mine, theirs)
    assert bd["supporters"] == {"S": 2, "H": 1, "D": 2, "C": 1}
    assert bd["families"] == {"S": 0, "H": 0, "D": 6, "C": 0}  # ♠ 2:2 and ♥ 1:1 are ties
    assert bd["sets"] == 1 and bd["set_points"] == 5
    assert bd["favours"] == 2 + 3 and bd["betrayals"] == -1 - 3 and bd["crowns"] == 2
    assert bd["total"] == 6 + 5 + 5 - 4
    other = score_breakdown(theirs, mine)
    assert other["families"] == {"S": 0, "H": 0, "D": 0, "C": 5}
    assert other["total"] == 5 + 5 + 4 - 2
    assert score_breakdown([], [])["total"] == 0  # 0:0 is a tie too
    assert score_breakdown(["AS", "AH", "AD"], [])["sets"] == 0  # a family with none: no set


# --- T-6.1 and T-9.3: tie-breaks -------------------------------------------------------------


def test_T_6_1_equal_totals_go_to_more_spades_then_hearts_diamonds_clubs_then_crowns():
    a = ["AS", "AH", "QH"]     # ♠ tie, ♥ tie → 0 + 3 = 3
    b = ["2S", "2H", "QD"]     # 0 + 3 = 3
    assert final_result([a, b])["reason"] == "shared"
    a = ["AS", "AH", "QH", "2D", "3D", "TD", "9D", "9S"]  # ♦ majority 6, +3, −2 −1 −1 = 5
    b = ["2S", "2H", "QD", "4H", "5H", "TH", "QC", "9C"]  # ♥ majority 7, +3, −2 −3 −1 = 4
    res = final_result([a, b])
    assert res["scores"] == [5, 4] and res["reason"] == "score" and res["winners"] == [0]
    # Same totals, b has more hearts: b wins the tie-break although a has more diamonds.
    a = ["AS", "2D", "3D", "KH"]          # ♦ 6 + 4 = 10
    b = ["2S", "AH", "2H", "QD", "TC", "JC"]  # ♥ 7 + 3 − 2 + 2 = 10
    res = final_result([a, b])
    assert res["scores"] == [10, 10] and res["winners"] == [1] and res["reason"] == "tiebreak"
    # More spades beats more hearts.
    a2 = ["AS", "2S", "KH", "TS"]         # ♠ 8 + 4 − 2 = 10
    b2 = ["3S", "AH", "2H", "4H", "QH"]   # ♥ 7 + 3 = 10
    res = final_result([a2, b2])
    assert res["scores"] == [10, 10] and res["winners"] == [0] and res["reason"] == "tiebreak"


def test_T_6_2_worked_example_anna_25_ben_14():
    anna = ["AS", "2S", "3S", "AH", "2H", "3H", "4H", "AD", "2D", "AC", "2C", "3C",
            "JD", "KH", "QC"]
    ben_before = ["4S", "5S", "6S", "7S", "5H", "3D", "4D", "5D", "4C", "TD"]
    ben_take = ["8S", "6H", "JS", "QS", "TH"]
    # Round 4, Anna started and is done; Ben's last turn is his take.
    state = stacked(hands=([], []), line=ben_take, round=4, starter=0,
                    collections=(anna, ben_before), taken=(True, False))
    assert len(state["line"]) == 5 + 15 - 3  # everything else lies unscored in the line
    assert state["to_move"] == 1
    end = GAME.apply(state, "take").state
    res = end["result"]
    assert res["scores"] == [25, 14] and res["winners"] == [0] and res["reason"] == "score"
    anna_bd, ben_bd = res["breakdown"]
    assert anna_bd["families"] == {"S": 0, "H": 7, "D": 0, "C": 5}
    assert ben_bd["families"] == {"S": 8, "H": 0, "D": 6, "C": 0}
    assert (anna_bd["sets"], ben_bd["sets"]) == (2, 1)
    assert (anna_bd["favours"], anna_bd["betrayals"]) == (6, -3)
    assert (ben_bd["favours"], ben_bd["betrayals"]) == (2, -7)


def test_T_6_3_worked_take_example_3D_QS_7H_JC_KD_2S_9C():
    # Ben (seat 1) takes; Anna (seat 0) has three cards left and plays 6D.
    state = stacked(hands=(["6D", "AS", "AH"], ["2H", "3H", "4H", "5H"]),
                    line=["3D", "QS", "7H", "JC", "KD", "2S", "9C"], round=2, starter=0,
                    spare="collections")
    assert state["line"] == ["3D", "QS", "7H", "JC", "KD", "2S", "9C"]
    assert state["to_move"] == 1
    ben_before = list(state["collections"][1])
    state = GAME.apply(state, "take").state
    got = state["collections"][1][len(ben_before):]
    assert got == ["7H", "JC", "KD", "2S", "9C"]
    assert [card_type(c) for c in got].count("crown") == 1
    assert [card_type(c) for c in got].count("favour") == 1
    assert [card_type(c) for c in got].count("betrayal") == 1
    assert state["line"] == ["3D", "QS"]
    state = GAME.apply(state, "play 6D").state
    assert state["line"] == ["3D", "QS", "6D"]


# --- T-9: variants -------------------------------------------------------------------------------


def test_T_9_1_open_cards_variant_shows_the_removed_cards():
    state = GAME.new(seed=91, options={"open_removed": True})
    for seat in (0, 1, None):
        assert GAME.view(state, seat)["removed"] == state["removed"]
    assert GAME.view(GAME.new(seed=91), 0)["removed"] == [UNKNOWN] * 3


def test_T_9_2_loser_starts_the_next_game_after_a_shared_win_the_other_starter():
    def finished(winners: list[int], starter: int) -> State:
        return {"over": True, "options": {"starter": starter, "open_removed": False},
                "result": {"winners": winners}}

    assert next_match_starter(finished([0], 0)) == 1
    assert next_match_starter(finished([1], 0)) == 0
    assert next_match_starter(finished([1], 1)) == 0
    assert next_match_starter(finished([0, 1], 0)) == 1
    assert next_match_starter(finished([0, 1], 1)) == 0
    with pytest.raises(BadState, match="not over"):
        next_match_starter(GAME.new(seed=1))
    final, _ = play_out(GAME.new(seed=92, options={"starter": 1}), random.Random(92))
    nxt = GAME.new(seed=93, options={"starter": next_match_starter(final)})
    if len(final["result"]["winners"]) == 1:
        assert nxt["to_move"] != final["result"]["winners"][0]


def test_T_9_3_tie_break_goes_on_to_crowns_then_a_shared_win():
    # Equal totals and equal supporters in every family: the crowns decide.
    a = ["AS", "AH", "KS", "KD"]
    b = ["2S", "2H", "KC"]
    res = final_result([a, b])
    assert res["scores"] == [0, 0] and res["winners"] == [0] and res["reason"] == "tiebreak"
    res = final_result([["AS", "KS"], ["2S", "KC"]])
    assert res["winners"] == [0, 1] and res["reason"] == "shared"


# --- perft, round trips, invariants -------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_perft_counts_of_action_sequences_from_a_fixed_deal(seed: int):
    # Opening of any deal without a three-crown take: 6 = 5 plays + take; 35 = 5·6 + 5 (after a
    # take the line is empty, so only plays); 170; 825; 3200 (counted by cases in the notes).
    state = GAME.new(seed=seed)
    assert [perft(state, d) for d in range(1, 6)] == [6, 35, 170, 825, 3200]


def test_perft_counts_from_a_stacked_late_round_position():
    # Round 4, seat 0 to move with 2 cards, not taken; seat 1 has 2 cards and has taken.
    # 3 (2 plays + take) · 2 (seat 1 plays) = 6; then seat 0 has play+take after a play
    # (2·2·2 = 8) or two plays after its take (1·2·2 = 4): 12; every line then runs forced
    # (seat 1's last card, seat 0's last turn) to the game's end: 12, 12.
    state = stacked(hands=(["AS", "2S"], ["AH", "2H"]), line=["AD"], round=4, starter=1,
                    taken=(False, True), spare="collections")
    assert state["to_move"] == 0
    assert [perft(state, d) for d in range(1, 7)] == [3, 6, 12, 12, 12, 12]


def test_states_survive_a_json_round_trip_and_validate():
    rng = random.Random(8)
    state = GAME.new(seed=8)
    while not state["over"]:
        text = GAME.to_json(state)
        assert json.loads(text) == state
        assert validate_state(text) == state
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, legal[rng.randrange(len(legal))]).state
    assert GAME.load(GAME.to_json(state)) == state
    assert registry.get("thronfolge") is GAME


def test_check_state_refuses_inconsistent_states():
    good = GAME.new(seed=2)
    bad = GAME.copy_state(good)
    bad["hands"][0].append(bad["deck"].pop())
    with pytest.raises(BadState, match="hand holds more than 5|draw pile"):
        GAME.load(bad)
    bad = GAME.copy_state(good)
    bad["round"] = 5
    with pytest.raises(BadState, match="round must be 1 to 4"):
        GAME.load(bad)
    bad = GAME.copy_state(good)
    bad["to_move"] = 1 - bad["to_move"]
    with pytest.raises(BadState, match="must be to move"):
        GAME.load(bad)
    bad = GAME.copy_state(good)
    bad["line"].append(bad["line"][0])
    with pytest.raises(BadState, match="do not add up"):
        GAME.load(bad)


def test_apply_leaves_its_input_unchanged_and_unchecked_apply_agrees():
    state = GAME.new(seed=13)
    frozen = json.dumps(state, sort_keys=True)
    for action in GAME.legal_actions(state):
        assert GAME.apply(state, action).state == GAME.apply_unchecked(state, action)
        assert json.dumps(state, sort_keys=True) == frozen


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**31 - 1), st.booleans())
def test_random_games_conserve_cards_end_and_views_leak_nothing(seed: int, open_removed: bool):
    rng = random.Random(seed)
    state = GAME.new(seed=seed, options={"open_removed": open_removed})
    while not state["over"]:
        seat = state["to_move"]
        view = GAME.view(state, seat)
        assert view["hands"][1 - seat] == [UNKNOWN] * len(state["hands"][1 - seat])
        assert set(view["deck"]) <= {UNKNOWN}
        legal = GAME.legal_actions(state)
        assert legal and all(GAME.is_legal(state, a) for a in legal)
        state = GAME.apply(state, legal[rng.randrange(len(legal))]).state
        assert sorted(GAME.all_cards(state)) == sorted(DECK)
        GAME.check_state(state)
    res = state["result"]
    assert res["winners"] and set(res["winners"]) <= {0, 1}
    assert res["scores"] == [bd["total"] for bd in res["breakdown"]]
    assert state["ply"] <= 48
