"""Rosenkrieg's counting and settlement: R-8 … R-9.3, the worked examples of RULINGS.md 3.6,
and whole Dynastien (every Partie zero-sum, 120 Zähler, balances the sums of the Partien)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.errors import BadOption
from tests.test_rosenkrieg_rules import declare, finish_partie, run, stacked
from core.games.rosenkrieg import (GAME, HAND_SIZE, LK, card_points, deck, game_value, potentat_amount, score_partie,
                                  streak_before)


def zaehler(players, points, with_lk):
    """Cards of the deck worth exactly ``points``, holding the LK or not, and the rest of the deck."""
    cards = [c for c in deck(players) if c != LK]
    start = 4 if with_lk else 0
    reach = {start: []}
    for c in cards:
        for total, chosen in list(reach.items()):
            t = total + card_points([c])
            if t <= points and t not in reach:
                reach[t] = chosen + [c]
    mine = reach[points] + ([LK] if with_lk else [])
    return mine, [c for c in deck(players) if c not in mine]


def settle(players, pot_points, lk_with_pot, streak=0, tricks=None, klanglos="points"):
    mine, theirs = zaehler(players, pot_points, lk_with_pot)
    tricks = tricks or [1] * players
    return score_partie(players, 0, mine, theirs, streak, tricks, klanglos)


# --- the result of a Partie ---------------------------------------------------------------


def test_r8_both_parties_count_their_zaehler_and_together_they_hold_120():
    record = settle(3, 71, False)
    assert record["counters"] == {"potentat": 71, "challengers": 49}


def test_r8_1_the_potentat_needs_more_than_66_and_loses_with_exactly_66():
    assert not game_value(66, False, 0).potentat_wins
    assert game_value(67, False, 0).potentat_wins
    assert settle(3, 66, True)["winner"] == "challengers"


def test_r8_2_below_31_the_loser_is_sanglos_and_with_no_zaehler_sang_und_klanglos():
    assert game_value(30, False, 0).multiplier == 2 and game_value(31, False, 0).multiplier == 1
    assert game_value(90, False, 0).multiplier == 2 and game_value(89, False, 0).multiplier == 1
    assert game_value(0, False, 0).multiplier == 4 and game_value(120, True, 0).multiplier == 4
    # Only the loser's state matters: a sanglos winner changes nothing.
    assert game_value(100, True, 0).multiplier == 2 and game_value(20, True, 0).multiplier == 2


def test_r8_2_klanglos_counts_zaehler_not_tricks_unless_the_option_says_tricks():
    # The challengers won two tricks, but only cards worth nothing: still klanglos.
    record = settle(3, 120, True, tricks=[6, 1, 1])
    assert record["klanglos"] and record["multiplier"] == 4
    record = settle(3, 120, True, tricks=[6, 1, 1], klanglos="tricks")
    assert not record["klanglos"] and record["multiplier"] == 2
    record = settle(3, 120, True, tricks=[8, 0, 0], klanglos="tricks")
    assert record["klanglos"] and record["multiplier"] == 4
    # A Potentat with Zähler in his Erbe is never klanglos by points, but may be by tricks.
    assert settle(3, 5, False, tricks=[0, 4, 4])["multiplier"] == 2
    assert settle(3, 5, False, tricks=[0, 4, 4], klanglos="tricks")["multiplier"] == 4


def test_r8_3_a_fenstersturz_is_named_but_scores_like_any_other_win():
    at_67, at_68 = settle(3, 67, False), settle(3, 68, False)
    assert at_67["fenstersturz"] and not at_68["fenstersturz"]
    assert at_67["points"] == at_68["points"]


# --- the score of a Partie ----------------------------------------------------------------


def test_r9_one_for_the_win_one_more_without_the_lion_king_two_per_won_partie_in_a_row():
    assert game_value(80, False, 0).base == 2
    assert game_value(80, True, 0).base == 1
    assert game_value(80, True, 3).base == 7
    assert game_value(50, True, 0).base == 2  # the challengers do not hold the LK
    assert game_value(50, False, 3).base == 1  # they hold it; and they never get the streak
    assert game_value(95, False, 1).value == (1 + 1 + 2) * 2  # added first, then multiplied


def test_r9_1_the_potentat_wins_or_pays_the_game_value_once_per_challenger():
    for players in (2, 3, 4):
        win, loss = settle(players, 80, True), settle(players, 50, True)
        assert win["points"] == [players - 1] + [-1] * (players - 1)
        assert loss["points"] == [-2 * (players - 1)] + [2] * (players - 1)
        assert potentat_amount(players, 50, True, 0) == -2 * (players - 1)


def record(potentat, won):
    return {"potentat": potentat, "winner": "potentat" if won else "challengers"}


def test_r9_2_the_streak_counts_back_the_unbroken_run_of_won_partien_as_potentat():
    history = [record(0, True), record(1, True), record(0, True), record(0, True)]
    assert streak_before(history, 0) == 2
    assert streak_before(history, 1) == 0
    assert streak_before(history + [record(0, False)], 0) == 0  # a lost Partie resets it
    assert streak_before(history + [record(2, False)], 0) == 0  # so does another's Partie


def test_r9_2_the_streak_does_not_carry_over_into_a_new_dynastie():
    # A Dynastie is one state; the first Partie of a new one starts every seat without a run.
    for seed in range(8):
        first = finish_partie(GAME.new(3, seed))["partien"][0]
        assert first["streak"] == 0 and first["base"] <= 2


def test_r9_3_a_dynastie_has_eight_partien_and_its_balances_are_the_result():
    state = GAME.new(2, 6)
    rng = random.Random(6)
    while not state["over"]:
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, legal[rng.randrange(len(legal))]).state
    assert len(state["partien"]) == 8
    balance = state["balance"]
    assert state["result"]["scores"] == balance
    assert state["result"]["winners"] == [s for s in (0, 1) if balance[s] == max(balance)]
    assert GAME.new(2, 6, {"partien": "3"})["options"]["partien"] == 3
    with pytest.raises(BadOption):
        GAME.new(2, 6, {"partien": 9})


# --- 3.6: the worked examples --------------------------------------------------------------------

EXAMPLES = [
    # number, players, Potentat's Zähler, LK with him, streak, expected points (Potentat first)
    (1, 2, 71, False, 0, [2, -2]),
    (2, 2, 98, True, 1, [6, -6]),
    (3, 3, 66, True, 0, [-4, 2, 2]),
    (4, 3, 67, True, 2, [10, -5, -5]),
    (5, 3, 30, True, 0, [-8, 4, 4]),
    (6, 4, 24, False, 0, [-6, 2, 2, 2]),
    (7, 4, 120, True, 1, [36, -12, -12, -12]),
    (8, 4, 0, False, 0, [-12, 4, 4, 4]),
]


@pytest.mark.parametrize("number,players,pot,lk,streak,points", EXAMPLES, ids=[f"example_{e[0]}" for e in EXAMPLES])
def test_worked_examples_1_to_8_score_as_ruled(number, players, pot, lk, streak, points):
    assert settle(players, pot, lk, streak)["points"] == points


def test_worked_example_3_a_lost_partie_breaks_the_potentats_streak():
    assert streak_before([record(0, True), record(0, True), record(0, False)], 0) == 0


def test_worked_example_4_is_a_fenstersturz_without_effect():
    assert settle(3, 67, True, 2)["fenstersturz"]


def test_worked_example_5_the_lion_king_laid_in_the_erbe_counts_for_the_potentat():
    hands = [["AR", "TR", "KR", "QR", "JR", "9R", "8R", "7R"], ["AL", "TL", "QL", "JL", "9L", "AT", "TT", "KT"],
             ["QT", "JT", "9T", "AB", "TB", "KB", "QB", "JB"]]
    state = declare(stacked(3, hands, ["KL", "9B"]), {0})
    state = finish_partie(run(state, "lay KL 9B"), random.Random(5))
    rec = state["partien"][0]
    assert rec["erbe"] == "9B KL" and LK not in rec["won"][0].split()
    assert rec["counters"]["potentat"] == 4 + card_points(rec["won"][0].split())
    assert rec["lk_bonus"] == (rec["winner"] == "challengers")


def test_worked_example_9_the_streak_over_a_dynastie():
    p1 = [record(0, True)]
    assert streak_before([], 0) == 0
    assert streak_before(p1, 0) == 1  # Partie 2: +2 before multiplying
    p3 = p1 + [record(0, True)]
    assert streak_before(p3, 1) == 0  # Partie 3 is B's: k = 0
    assert streak_before(p3 + [record(1, True)], 0) == 0  # Partie 4: A's run was broken


def test_worked_example_10_every_example_is_zero_sum():
    for _, players, pot, lk, streak, _ in EXAMPLES:
        points = settle(players, pot, lk, streak)["points"]
        assert points[0] == -sum(points[1:])


# --- whole Dynastien ---------------------------------------------------------------------------


def check_dynastie(state):
    n = state["players"]
    totals = [0] * n
    for i, rec in enumerate(state["partien"]):
        assert sum(rec["points"]) == 0, "every Partie is zero-sum"
        assert rec["counters"]["potentat"] + rec["counters"]["challengers"] == 120
        pot = rec["potentat"]
        assert card_points(rec["won"][pot].split() + rec["erbe"].split()) == rec["counters"]["potentat"]
        assert rec["points"][pot] == (1 if rec["winner"] == "potentat" else -1) * rec["value"] * (n - 1)
        assert rec["value"] == rec["base"] * rec["multiplier"]
        assert rec["streak"] == streak_before(state["partien"][:i], pot)
        dealt = [c for h in rec["dealt"] for c in h.split()] + rec["erbe_dealt"].split()
        assert Counter(dealt) == Counter(deck(n))
        assert all(len(h.split()) == HAND_SIZE[n] for h in rec["dealt"])
        assert len(rec["tricks"]) == HAND_SIZE[n]
        totals = [t + p for t, p in zip(totals, rec["points"])]
        assert sum(totals) == 0
    assert state["balance"] == totals


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**31 - 1), partien=st.integers(1, 8),
       zwang=st.booleans(), klang=st.sampled_from(["points", "tricks"]), pick=st.randoms(use_true_random=False))
def test_random_dynastien_are_zero_sum_count_120_and_balance_to_their_partien(players, seed, partien, zwang,
                                                                              klang, pick):
    options = {"partien": partien, "trumpfzwang": zwang, "klanglos": klang}
    state = GAME.new(players, seed, options)
    while not state["over"]:
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, legal[pick.randrange(len(legal))]).state
        check_dynastie(state)
    assert len(state["partien"]) == partien
    assert state["result"]["scores"] == state["balance"]
