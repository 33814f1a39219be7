"""Rosenkrieg's rules R-1 … R-7.1 (RULINGS.md Part 3), each tested under its number."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from core import cards as C
from core.errors import IllegalAction, MalformedAction
from core.games.rosenkrieg import GAME, LK, TRUMP_ORDER, card_points, deck, legal_plays, sort_cards, trick_winner
from core.games.rosenkrieg.rules import partie_rng

# --- building positions ---------------------------------------------------------------------


def stacked(players, hands, erbe, dealer=0, options=None, base=None):
    """A checked state at the start of a Partie with exactly these hands and this Erbe."""
    state = json.loads(json.dumps(base if base is not None else GAME.new(players, 0, options)))
    assert sorted([c for h in hands for c in h] + list(erbe)) == sorted(deck(players)), "not a whole deck"
    state.update(hands=[sort_cards(h) for h in hands], erbe=list(erbe), dealer=dealer,
                 to_move=(dealer + 1) % players, declarations=[None] * players)
    return GAME.load(state)


def run(state, *actions):
    for a in actions:
        state = GAME.apply(state, a).state
    return state


def declare(state, volunteers):
    """Every seat declares in turn; the seats in ``volunteers`` say ``will``."""
    for _ in range(state["players"]):
        state = run(state, "will" if state["to_move"] in volunteers else "pass")
    return state


def play_phase(players, hands, erbe, potentat, dealer=0, options=None):
    """Straight to the first trick: ``potentat`` alone volunteers and lays the Erbe back."""
    state = declare(stacked(players, hands, erbe, dealer, options), {potentat})
    assert state["potentat"] == potentat
    return run(state, f"lay {erbe[0]} {erbe[1]}")


def finish_partie(state, rng=None):
    """Play the current Partie to its end with random legal cards."""
    rng = rng or random.Random(0)
    done = len(state["partien"])
    while len(state["partien"]) == done:
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, legal[rng.randrange(len(legal))]).state
    return state


# --- 3.1 cards (R-1 …) ----------------------------------------------------------------


def test_r1_four_suits_ranked_ace_ten_king_queen_jack_nine_eight_seven_worth_120_in_every_deck():
    for players in (2, 3, 4):
        cards = deck(players)
        assert {c[1] for c in cards} == set("LTBR")
        assert card_points(cards) == 120
    assert [card_points([r + "T"]) for r in "ATKQJ987"] == [11, 10, 4, 3, 2, 0, 0, 0]
    # Within a plain suit the ace beats the ten, the ten the king … the nine the lowest.
    order = ["AT", "TT", "KT", "QT", "JT", "9T"]
    for hi, lo in zip(order, order[1:]):
        assert trick_winner([lo, hi]) == 1 and trick_winner([hi, lo]) == 0


def test_r1_1_the_game_uses_its_own_suits_and_the_lion_king_is_the_king_of_loewen():
    assert LK == "KL"
    assert C.name("KL", "de") == "Löwen-König" and C.name("QR", "en") == "Queen of Roses"
    with pytest.raises(MalformedAction):
        GAME.parse_action("play KS")  # French suits are not Rosenkrieg cards


def test_r1_2_the_lion_king_is_the_highest_trump_above_the_rosen_in_order():
    assert TRUMP_ORDER == ("KL", "AR", "TR", "KR", "QR", "JR", "9R", "8R", "7R")
    for i, hi in enumerate(TRUMP_ORDER):
        for lo in TRUMP_ORDER[i + 1:]:
            assert trick_winner(["AB", lo, hi]) == 2
            if hi != LK:  # a led LK is the exception of R-6 only against queens
                assert trick_winner([hi, lo]) == 0
    assert trick_winner(["9R", "AB"]) == 0  # the lowest trump beats a plain ace


def test_r1_3_the_lion_king_belongs_to_the_trumps_only_and_counts_four():
    assert legal_plays(["KL", "9L", "7R"], ["AL"]) == ["9L"]  # it does not follow Löwen
    assert legal_plays(["KL", "AB"], ["AL"]) == ["KL", "AB"]  # and creates no duty to follow Löwen
    assert legal_plays(["KL", "AB"], ["9R"]) == ["KL"]  # but it follows a trump lead
    assert legal_plays(["AL", "9B"], ["KL"]) == ["AL", "9B"]  # a led LK asks for trumps, not Löwen
    assert trick_winner(["AL", "KL"]) == 1
    assert card_points(["KL"]) == 4


@pytest.mark.parametrize("players,removed,size,each,tricks", [
    (2, "987", 20, 9, 9), (3, "87", 26, 8, 8), (4, "87", 26, 6, 6)])
def test_r2_the_deck_and_deal_per_player_count(players, removed, size, each, tricks):
    cards = deck(players)
    assert len(cards) == len(set(cards)) == size
    kept_low = {c for c in cards if c[0] in removed}
    assert kept_low == ({"8R", "7R"} if players > 2 else set())
    state = GAME.new(players, 5)
    assert [len(h) for h in state["hands"]] == [each] * players and len(state["erbe"]) == 2
    state = finish_partie(state)
    assert len(state["partien"][0]["tricks"]) == tricks


def test_r2_1_two_players_get_nine_cards_each_and_two_go_to_the_erbe():
    state = GAME.new(2, 1)
    assert [len(h) for h in state["hands"]] == [9, 9]
    assert len(state["erbe"]) == 2


def test_r2_2_the_erbe_is_dealt_face_down_and_seen_by_nobody():
    state = GAME.new(3, 2)
    for seat in (None, 0, 1, 2):
        view = GAME.view(state, seat)
        assert view["erbe"] == ["??", "??"]
        assert not set(state["erbe"]) & {c for h in view["hands"] for c in h}


def test_r2_3_the_first_dealer_is_random_and_the_deal_passes_clockwise():
    firsts = Counter(GAME.new(4, seed)["dealer"] for seed in range(60))
    assert set(firsts) == {0, 1, 2, 3}
    assert GAME.new(4, 9)["dealer"] == partie_rng(9, 0).randrange(4)
    state = GAME.new(3, 4)
    dealers = [state["dealer"]]
    for _ in range(3):
        state = finish_partie(state)
        dealers.append(state["partien"][-1]["dealer"] if state["over"] else state["dealer"])
    d0 = dealers[0]
    assert dealers == [d0, (d0 + 1) % 3, (d0 + 2) % 3, d0]


# --- 3.2 choosing the Potentat (R-3 … R-4) ---------------------------------------------------

HANDS3 = [["AR", "TR", "AL", "TL", "AT", "TT", "AB", "TB"],   # seat 0: the second- and third-highest trump
          ["KR", "QR", "QL", "JL", "KT", "QT", "KB", "QB"],   # seat 1
          ["KL", "JR", "9L", "JT", "9T", "JB", "9B", "9R"]]   # seat 2: the LK
ERBE3 = ["8R", "7R"]


def test_r3_one_potentat_plays_alone_against_all_the_others():
    state = declare(stacked(3, HANDS3, ERBE3), {1})
    assert state["potentat"] == 1 and state["phase"] == "lay"
    state = finish_partie(run(state, "lay 8R 7R"))
    record = state["partien"][0]
    pot_points = record["points"][1]
    assert [p for s, p in enumerate(record["points"]) if s != 1] == [-pot_points // 2] * 2


def test_r3_1_seats_declare_once_in_turn_from_the_left_of_the_dealer():
    state = stacked(3, HANDS3, ERBE3, dealer=1)
    order = []
    for _ in range(3):
        order.append(state["to_move"])
        state = run(state, "pass")
    assert order == [2, 0, 1]
    assert GAME.legal_actions(stacked(3, HANDS3, ERBE3)) == [GAME.parse_action("pass"), GAME.parse_action("will")]
    with pytest.raises(IllegalAction, match="must first declare"):
        GAME.apply(stacked(3, HANDS3, ERBE3), "play AR")


def test_r3_1_exactly_one_volunteer_is_the_potentat():
    state = declare(stacked(3, HANDS3, ERBE3), {1})
    assert (state["potentat"], state["chosen"]) == (1, "volunteer")


def test_r3_1_among_several_volunteers_the_highest_trump_decides():
    state = declare(stacked(3, HANDS3, ERBE3), {0, 1})
    assert (state["potentat"], state["chosen"]) == (0, "trump")
    state = declare(stacked(3, HANDS3, ERBE3), {0, 1, 2})
    assert (state["potentat"], state["chosen"]) == (2, "trump")  # the LK


def test_r3_1_among_volunteers_without_trumps_the_first_to_declare_plays():
    hands = [["AL", "TL", "QL", "JL", "9L", "AT", "TT", "KT"],
             ["QT", "JT", "9T", "AB", "TB", "KB", "QB", "JB"],
             ["KL", "AR", "TR", "KR", "QR", "JR", "9R", "8R"]]
    state = declare(stacked(3, hands, ["9B", "7R"], dealer=0), {0, 1})
    assert (state["potentat"], state["chosen"]) == (1, "first")  # seat 1 declared before seat 0


def test_r3_1_the_previous_potentat_has_priority_only_if_he_volunteers():
    first = finish_partie(run(declare(stacked(3, HANDS3, ERBE3), {1}), "lay 8R 7R"))
    assert first["partien"][0]["potentat"] == 1
    second = stacked(3, HANDS3, ERBE3, dealer=1, base=first)
    state = declare(second, {0, 1, 2})
    assert (state["potentat"], state["chosen"]) == (1, "previous")
    state = declare(second, {0, 2})
    assert (state["potentat"], state["chosen"]) == (2, "trump")


def test_r3_1_without_volunteers_the_previous_potentat_must_play_or_else_the_highest_trump():
    state = declare(stacked(3, HANDS3, ERBE3), set())
    assert (state["potentat"], state["chosen"]) == (2, "forced_trump")
    first = finish_partie(run(declare(stacked(3, HANDS3, ERBE3), {1}), "lay 8R 7R"))
    state = declare(stacked(3, HANDS3, ERBE3, dealer=1, base=first), set())
    assert (state["potentat"], state["chosen"]) == (1, "forced_previous")


def test_r3_2_the_first_partie_of_a_dynastie_has_no_previous_potentat():
    state = GAME.new(3, 8)
    assert state["partien"] == []
    state = declare(state, set())
    assert state["chosen"] == "forced_trump"


def test_r4_the_potentat_takes_up_the_erbe_and_lays_any_two_cards_away():
    state = declare(stacked(3, HANDS3, ERBE3), {2})
    assert sorted(state["hands"][2]) == sorted(HANDS3[2] + ERBE3) and state["erbe"] == []
    assert len(GAME.legal_actions(state)) == 45  # any two of ten cards, trumps and the LK too
    state = run(state, "lay KL JR")
    assert sorted(state["erbe"]) == ["JR", "KL"] and "KL" not in state["hands"][2]
    with pytest.raises(IllegalAction, match="do not hold"):
        GAME.apply(declare(stacked(3, HANDS3, ERBE3), {2}), "lay AR TR")


def test_r4_only_the_potentat_sees_the_cards_he_laid_away_until_the_partie_ends():
    state = run(declare(stacked(3, HANDS3, ERBE3), {2}), "lay KL JR")
    assert GAME.view(state, 2)["erbe"] == ["JR", "KL"] and GAME.view(state, 2)["erbe_dealt"] == "8R 7R"
    for seat in (None, 0, 1):
        assert GAME.view(state, seat)["erbe"] == ["??", "??"] and GAME.view(state, seat)["erbe_dealt"] is None
    events = GAME.apply(declare(stacked(3, HANDS3, ERBE3), {2}), "lay KL JR").events
    assert GAME.mask_events(events, 0)[0]["cards"] == ["??", "??"]
    assert GAME.mask_events(events, 2)[0]["cards"] == ["JR", "KL"]
    record = finish_partie(state)["partien"][0]
    assert (record["erbe"], record["erbe_dealt"]) == ("JR KL", "8R 7R")
    assert sorted(record["dealt"][2].split()) == sorted(HANDS3[2])


# --- 3.3 the tricks (R-5 …) ------------------------------------------------------------


def test_r5_the_seat_left_of_the_dealer_leads_first_and_each_trick_winner_leads_the_next():
    state = play_phase(3, HANDS3, ERBE3, potentat=1, dealer=2)
    assert state["trick"]["leader"] == 0 == state["to_move"]
    state = run(state, "play AL", "play QL", "play 9L")
    assert state["tricks"][-1]["winner"] == 0 and state["to_move"] == 0
    state = run(state, "play TL", "play JL", "play KL")  # seat 2 has no Löwen left and trumps
    assert state["to_move"] == 2 == state["trick"]["leader"]


def test_r5_1_the_leader_may_play_any_card():
    state = play_phase(3, HANDS3, ERBE3, potentat=1)
    assert sorted(str(a)[5:] for a in GAME.legal_actions(state)) == sorted(state["hands"][1])


def test_r5_1_a_trump_lead_must_be_answered_with_a_trump_by_whoever_holds_one():
    assert legal_plays(["KL", "9R", "AB"], ["JR"]) == ["KL", "9R"]
    assert legal_plays(["AB", "9T"], ["JR"]) == ["AB", "9T"]


def test_r5_1_a_plain_lead_must_be_followed_and_a_void_player_may_play_anything():
    assert legal_plays(["QT", "9T", "AR", "AB"], ["AT"]) == ["QT", "9T"]
    assert legal_plays(["AR", "AB", "KL"], ["AT"]) == ["AR", "AB", "KL"]  # no duty to trump


def test_r5_1_there_is_no_duty_to_head_a_trick():
    assert legal_plays(["AR", "7R"], ["9R"]) == ["AR", "7R"]
    assert legal_plays(["AT", "9T"], ["KT"]) == ["AT", "9T"]


def test_r5_1_option_trumpfzwang_makes_a_void_player_trump():
    assert legal_plays(["AR", "AB", "KL"], ["AT"], trumpfzwang=True) == ["AR", "KL"]
    assert legal_plays(["AB", "9L"], ["AT"], trumpfzwang=True) == ["AB", "9L"]
    hands = [["AR", "TR", "AL", "TL", "AT", "TT", "AB", "TB"],
             ["KR", "QR", "QL", "JL", "KT", "QT", "KB", "QB"],
             ["KL", "JR", "9L", "JT", "9T", "9R", "8R", "7R"]]  # seat 2 has no Bäume
    for zwang, allowed in ((True, ["7R", "8R", "9R", "JR", "KL"]), (False, sorted(hands[2]))):
        state = play_phase(3, hands, ["JB", "9B"], potentat=1, options={"trumpfzwang": zwang})
        state = run(state, "play KB")
        assert [str(a) for a in GAME.legal_actions(state)] == [f"play {c}" for c in allowed]


def test_r5_1_a_wrong_card_is_refused_naming_what_must_be_played():
    state = play_phase(3, HANDS3, ERBE3, potentat=1)
    state = run(state, "play KT")  # seat 1 leads Türme
    with pytest.raises(IllegalAction, match="you must follow Türme: play one of JT, 9T"):
        GAME.apply(state, "play KL")
    with pytest.raises(IllegalAction, match="do not hold"):
        GAME.apply(state, "play AT")


def test_r6_the_highest_trump_wins_else_the_highest_card_of_the_led_suit():
    assert trick_winner(["KT", "AB", "9T"]) == 0  # off-suit plain cards never win
    assert trick_winner(["KT", "AT", "7R"]) == 2
    assert trick_winner(["KT", "AR", "KL", "7R"]) == 2


def test_r6_a_queen_after_a_led_lion_king_wins_and_the_first_such_queen_holds():
    assert trick_winner(["KL", "AR", "QB"]) == 2
    assert trick_winner(["KL", "QT", "QR", "AR"]) == 1  # no later card, not even the Rosen-D, beats it


def test_r6_1_a_lion_king_played_later_in_a_trick_cannot_be_beaten():
    assert trick_winner(["9R", "KL", "QR"]) == 1
    assert trick_winner(["AB", "KL", "QB"]) == 1


def test_r6_2_only_a_legal_queen_beats_the_led_lion_king():
    # Holding a trump, only the Rosen-D may be used; a plain queen only without any trump.
    assert "QB" not in legal_plays(["QB", "9R"], ["KL"])
    assert "QR" in legal_plays(["QR", "QB"], ["KL"])
    assert legal_plays(["QB", "AT"], ["KL"]) == ["QB", "AT"]  # nobody is forced to play a queen


def test_r6_3_a_led_lion_king_loses_to_a_plain_queen_of_a_player_without_trumps():
    # Three players: Löwen A T Q J 9 (the LK is a trump), Türme and Bäume A T K Q J 9, Rosen A … 7.
    hands = [["AR", "TR", "KR", "QR", "JR", "9R", "8R", "7R"],
             ["KL", "AL", "TL", "QL", "JL", "9L", "AT", "TT"],
             ["QT", "KT", "JT", "9T", "AB", "TB", "KB", "QB"]]  # seat 2 holds no trump
    state = play_phase(3, hands, ["JB", "9B"], potentat=0)
    state = run(state, "play KL", "play QT", "play AR")
    assert state["tricks"][0]["winner"] == 2


def test_r6_3_a_player_holding_rosen_7_and_rosen_d_must_trump_and_the_d_wins():
    hands = [["AR", "TR", "KR", "JR", "9R", "8R", "AT", "TT"],
             ["KL", "AL", "TL", "QL", "JL", "9L", "KT", "QT"],
             ["7R", "QR", "JT", "9T", "AB", "TB", "KB", "QB"]]
    state = play_phase(3, hands, ["JB", "9B"], potentat=0, dealer=0)
    state = run(state, "play KL")
    assert [str(a) for a in GAME.legal_actions(state)] == ["play 7R", "play QR"]
    assert run(state, "play QR", "play AR")["tricks"][0]["winner"] == 2
    assert run(state, "play 7R", "play AR")["tricks"][0]["winner"] == 1  # the LK keeps it


def test_r6_3_the_lion_king_is_no_loewen_card_and_may_not_follow_a_loewen_lead():
    hands = [["AL", "TL", "AT", "TT", "KT", "AB", "TB", "KB"],
             ["KL", "9L", "QT", "JT", "9T", "QB", "JB", "9B"],
             ["AR", "TR", "KR", "QR", "JR", "9R", "8R", "7R"]]
    state = play_phase(3, hands, ["QL", "JL"], potentat=2, dealer=2)
    state = run(state, "play AL")
    assert [str(a) for a in GAME.legal_actions(state)] == ["play 9L"]
    with pytest.raises(IllegalAction, match="König der Löwen is a trump, not a Löwen card"):
        GAME.apply(state, "play KL")


def test_r6_3_a_player_void_in_the_led_suit_may_trump_or_give_points():
    hands = [["TB", "QB", "AL", "TL", "QL", "JL", "9L", "AR"],
             ["AT", "7R", "KT", "QT", "JT", "9T", "TT", "KR"],
             ["AB", "KB", "JB", "9B", "TR", "QR", "JR", "9R"]]
    state = run(play_phase(3, hands, ["KL", "8R"], potentat=0, dealer=2), "play TB")
    assert {str(a) for a in GAME.legal_actions(state)} == {f"play {c}" for c in hands[1]}
    assert run(state, "play 7R", "play AB")["tricks"][0]["winner"] == 1
    assert run(state, "play AT", "play AB")["tricks"][0]["winner"] == 2


def test_r6_3_a_player_whose_only_trump_is_the_lion_king_must_play_it_on_a_trump_lead_and_it_wins():
    hands = [["9R", "AL", "TL", "QL", "JL", "9L", "AT", "TT"],
             ["KL", "KT", "QT", "JT", "9T", "AB", "TB", "KB"],
             ["AR", "TR", "KR", "QR", "JR", "8R", "7R", "QB"]]
    state = run(play_phase(3, hands, ["JB", "9B"], potentat=2, dealer=2), "play 9R")
    assert [str(a) for a in GAME.legal_actions(state)] == ["play KL"]
    assert run(state, "play KL", "play QR")["tricks"][0]["winner"] == 1


def test_r7_the_trick_winner_takes_its_cards_and_the_challengers_pool_their_tricks():
    state = play_phase(3, HANDS3, ERBE3, potentat=1, dealer=2)
    state = run(state, "play AL", "play QL", "play 9L")
    assert sorted(state["won"][0]) == ["9L", "AL", "QL"]
    record = finish_partie(state)["partien"][0]
    chal = sum(card_points(record["won"][s].split()) for s in (0, 2))
    assert record["counters"]["challengers"] == chal
    assert record["counters"]["potentat"] == card_points(record["won"][1].split() + record["erbe"].split())


def test_r7_1_a_revoke_cannot_happen_because_only_legal_cards_are_accepted():
    state = run(play_phase(3, HANDS3, ERBE3, potentat=1, dealer=2), "play AL")
    before = json.dumps(state, sort_keys=True)
    for card in state["hands"][1]:
        if card[1] != "L" or card == LK:
            with pytest.raises(IllegalAction):
                GAME.apply(state, f"play {card}")
    assert json.dumps(state, sort_keys=True) == before
