"""The Rosenkrieg computer players: legal, blind to what they cannot see, and sound."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.bench import selfplay
from core.bots import levels, make_bot
from core.bots.budget import Budget
from core.games.rosenkrieg import GAME, legal_plays, trick_winner
from core.games.rosenkrieg.bits import bits_for
from core.games.rosenkrieg.knowledge import Knowledge
from core.games.rosenkrieg.policy import hand_value, lay_candidates, wants_potentat
from core.games.rosenkrieg.search import play_values
from tests.test_cli import ok
from tests.test_rosenkrieg_rules import play_phase, run, stacked

LEVELS = ("easy", "normal", "hard")


def bot(level, nodes=300):
    return make_bot(GAME, level, nodes=nodes)


def choose(level, state, seed=3, nodes=300):
    seat = state["to_move"]
    return str(bot(level, nodes).choose(GAME.view(state, seat), GAME.legal_actions(state), random.Random(seed)))


def positions(players, games=2, seed=0, keep=0.15):
    rng = random.Random(seed)
    out = []
    for g in range(games):
        state = GAME.new(players, 1000 + 37 * g + players, {"partien": 2})
        while not state["over"]:
            if rng.random() < keep or state["phase"] != "play":
                out.append(state)
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randrange(len(legal))]).state
    return out


def test_every_level_is_offered():
    assert levels("rosenkrieg") == ["random", "easy", "normal", "hard"]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_choose_legal_actions_and_give_a_reason(level, players):
    b = bot(level, nodes=200)
    for state in positions(players, games=1)[::3]:
        legal = GAME.legal_actions(state)
        action, reason = b.explain(GAME.view(state, state["to_move"]), legal, random.Random(1))
        assert action in legal
        assert reason and "\n" not in reason and reason.isascii()


@pytest.mark.parametrize("level", LEVELS)
def test_a_choice_does_not_change_when_the_cards_a_seat_cannot_see_are_shuffled(level):
    rng = random.Random(level)
    for state in positions(3, games=2, seed=4, keep=0.2)[::4]:
        seat = state["to_move"]
        twin = GAME.reshuffle_hidden(state, seat, rng)
        assert GAME.view(twin, seat) == GAME.view(state, seat)
        assert choose(level, twin) == choose(level, state)


@pytest.mark.parametrize("level", LEVELS)
def test_bots_depend_only_on_the_rng_they_are_given(level):
    state = positions(4, games=1, seed=2)[5]
    assert len({choose(level, state, seed=9) for _ in range(3)}) == 1


# --- the normal bot's judgement ----------------------------------------------------------------

STRONG = ["KL", "AR", "TR", "KR", "QR", "AT", "AB", "TB"]
WEAK = ["9L", "JL", "9T", "JT", "QT", "9B", "JB", "7R"]


def test_normal_volunteers_with_trumps_and_aces_and_passes_with_nothing():
    b = bits_for(3)
    assert wants_potentat(b, b.mask(STRONG)) and not wants_potentat(b, b.mask(WEAK))
    assert hand_value(b, b.mask(STRONG)) > 0 > hand_value(b, b.mask(WEAK))
    rest = [c for c in b.cards if c not in STRONG + WEAK]
    hands = [STRONG, WEAK, rest[:8]]
    state = stacked(3, hands, rest[8:], dealer=2)
    assert choose("normal", state) == "will"
    assert choose("normal", run(state, "pass")) == "pass"


def test_normal_lays_away_points_and_empties_a_suit_instead_of_trumps():
    b = bits_for(3)
    hand = b.mask(["AR", "TR", "KR", "QR", "JR", "AT", "TT", "KT", "TB", "9L"])
    first = lay_candidates(b, hand, 1)[0]
    laid = {b.cards[c] for c in first}
    assert not any(c[1] == "R" for c in laid)
    assert "TB" in laid  # a bare ten, and Bäume are gone after it


HANDS = [["AR", "TR", "KR", "QR", "JR", "9R", "AT", "TT"],   # seat 0: the Potentat
         ["KL", "AL", "TL", "QL", "JL", "9L", "KT", "QT"],   # seat 1
         ["8R", "7R", "JT", "9T", "AB", "TB", "KB", "QB"]]   # seat 2
ERBE = ["JB", "9B"]


def test_normal_gives_nothing_to_a_trick_the_potentat_holds():
    state = play_phase(3, HANDS, ERBE, potentat=0, dealer=2)  # the Potentat leads
    state = run(state, "play AT", "play QT")
    assert choose("normal", state) == "play 9T"  # his ace holds: the Jack's 2 Zähler stay home


def test_normal_smears_its_ace_onto_the_lion_kings_trick():
    hands = [["AL", "TL", "QL", "JL", "9L", "AT", "TT", "KT"],   # seat 0: the Potentat, no trumps
             ["KL", "AR", "TR", "KR", "QR", "JR", "9R", "8R"],   # seat 1
             ["QT", "JT", "9T", "AB", "TB", "KB", "QB", "JB"]]   # seat 2: no trumps, no Löwen
    state = play_phase(3, hands, ["9B", "7R"], potentat=0, dealer=2)  # seat 0 leads
    state = run(state, "play AL", "play KL")  # seat 1 trumps the ace with the LK: it holds
    assert choose("normal", state) == "play AB"


# Seat 2 leads the Bäume-A; seat 0 has no Bäume and gives its ten; seat 1, the Potentat, is
# last without Bäume and may trump.
FAT = ([["AL", "TL", "QL", "JL", "9L", "AT", "TT", "KT"],
        ["KL", "JR", "9R", "8R", "7R", "QT", "JT", "9T"],
        ["AR", "TR", "KR", "QR", "AB", "TB", "KB", "QB"]], ["JB", "9B"])


def fat_trick():
    hands, erbe = FAT
    return run(play_phase(3, hands, erbe, potentat=1, dealer=1), "play AB", "play TT")


def test_normal_wins_with_the_cheapest_card_that_holds_and_keeps_the_lion_king_for_better():
    assert choose("normal", fat_trick()) == "play 7R"  # 21 Zähler: the lowest trump takes them


def test_normal_beats_a_led_lion_king_with_a_legal_queen():
    hands = [["AL", "TL", "QL", "JL", "9L", "AT", "TT", "KT"],
             ["KL", "AR", "TR", "KR", "JR", "9R", "8R", "QB"],
             ["QR", "7R", "QT", "JT", "9T", "AB", "TB", "KB"]]
    state = play_phase(3, hands, ["JB", "9B"], potentat=1, dealer=0)  # seat 1 leads
    state = run(state, "play KL")  # seat 2 must trump: the Rosen-D wins, the Rosen-7 would not
    assert choose("normal", state) == "play QR"


# --- the hard bot -------------------------------------------------------------------------------


def test_deals_respect_the_suits_a_seat_has_shown_it_lacks():
    state = run(fat_trick(), "play 7R")  # seats 0 and 1 both showed they have no Bäume
    kn = Knowledge.from_view(GAME.view(state, 2))
    b = kn.b
    bäume = b.class_mask[b.cls[b.index["AB"]]]
    assert kn.voids[0] == kn.voids[1] == 1 << b.cls[b.index["AB"]]
    rng = random.Random(0)
    for _ in range(100):
        hands, erbe = kn.sample(rng)
        assert not (hands[0] | hands[1]) & bäume
        assert hands[2] == kn.hand and erbe == b.mask(["JB", "9B"])  # the unseen Bäume: in the Erbe
        assert [h.bit_count() for h in hands] == [7, 7, 7]


def test_hard_with_a_node_budget_is_repeatable_and_more_nodes_sample_more_deals():
    state = run(play_phase(3, HANDS, ERBE, potentat=0, dealer=0), "play AL")
    assert len({choose("hard", state, nodes=2000) for _ in range(2)}) == 1
    kn = Knowledge.from_view(GAME.view(state, state["to_move"]))
    cards = [kn.b.index[c] for c in legal_plays(state["hands"][state["to_move"]], ["AL"])]
    few = play_values(kn, cards, random.Random(1), Budget(nodes=300).start())
    many = play_values(kn, cards, random.Random(1), Budget(nodes=3000).start())
    assert 1 <= len(few[0]) < len(many[0])


def test_hard_declares_will_with_a_monster_hand():
    b = bits_for(3)
    rest = [c for c in b.cards if c not in STRONG]
    state = stacked(3, [STRONG, rest[:8], rest[8:16]], rest[16:], dealer=2)
    assert choose("hard", state, nodes=6000) == "will"


def test_hard_takes_a_fat_trick_it_can_win_as_last_player():
    card = choose("hard", fat_trick(), nodes=4000)[5:]
    assert trick_winner(["AB", "TT", card]) == 2


def test_selfplay_with_a_node_budget_prints_the_same_record_twice():
    args = ["rosenkrieg", "--bots", "hard,normal,easy", "--seed", "3", "--nodes", "400", "--option", "partien=1"]
    first = ok("selfplay", *args)
    assert json.loads(first)["state"]["over"]
    assert ok("selfplay", *args) == first


def test_a_whole_dynastie_between_the_levels_ends_with_balances_as_scores():
    record = selfplay(GAME, ["hard", "normal", "easy", "random"], 5, {"partien": 2},
                      bots=[bot("hard", 150), bot("normal"), bot("easy"), make_bot(GAME, "random")])
    assert record["state"]["result"]["scores"] == record["state"]["balance"]


# --- the bits agree with the rules -----------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6), size=st.integers(1, 4), zwang=st.booleans())
def test_the_bit_masks_follow_and_win_tricks_as_the_rules_do(players, seed, size, zwang):
    b = bits_for(players)
    rng = random.Random(seed)
    cards = rng.sample(b.cards, size + 5)
    trick, hand = cards[:size], cards[size:]
    assert set(b.names(b.legal(b.mask(hand), b.index[trick[0]], zwang))) == set(legal_plays(hand, trick, zwang))
    assert b.winner([b.index[c] for c in trick]) == trick_winner(trick)
