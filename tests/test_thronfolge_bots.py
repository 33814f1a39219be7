"""Tests of the Thronfolge computer players: legality, hidden-card blindness, judgement."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from core.bench import selfplay
from core.bots import bot_rng, levels, make_bot
from core.games.thronfolge.bots import HardBot
from core.games.thronfolge.evaluation import KIND, N_KINDS, counts, evaluate, win_value
from core.games.thronfolge.position import Position
from core.games.thronfolge.search import ROOT_MARGIN, RoundSolver, blank_scores, search_scores, unseen_kinds
from core.games.thronfolge import CROWNS, DECK, GAME

State = dict[str, Any]
LEVELS = ("easy", "normal", "hard")


def bot(level: str):
    """A bot for tests: hard searches a fixed number of deals, so it is quick and repeatable."""
    b = make_bot(GAME, level)
    if isinstance(b, HardBot):
        b.iterations = 3
    return b


def stacked(*, hands: tuple[list[str], list[str]], line: list[str], round: int = 2,
            starter: int = 0, collections: tuple[list[str], list[str]] = ([], []),
            taken: tuple[bool, bool] = (False, False)) -> State:
    """A hand-built, validated state; cards not named fill removed, the deck, then collections."""
    named = [*hands[0], *hands[1], *line, *collections[0], *collections[1]]
    rest = [c for c in DECK if c not in named and c not in CROWNS] + \
        [c for c in sorted(CROWNS) if c not in named]
    rest.reverse()  # unnamed crowns first, so they land in removed or the deck
    removed, rest = rest[:3], rest[3:]
    deck, spare = rest[:10 * (4 - round)], rest[10 * (4 - round):]
    colls = [list(collections[0]), list(collections[1])]
    for i, c in enumerate(spare):
        colls[i % 2].insert(0, c)
    used = [5 - len(hands[s]) + taken[s] for s in (0, 1)]
    to_move = starter if used[starter] == used[1 - starter] else 1 - starter
    return GAME.load({
        "game": "thronfolge", "version": GAME.version, "seed": 0,
        "options": {"open_removed": False, "starter": starter if round % 2 else 1 - starter},
        "players": 2, "to_move": to_move, "over": False, "result": None, "ply": 0,
        "deck": deck, "removed": removed, "line": list(line),
        "hands": [list(hands[0]), list(hands[1])], "collections": colls,
        "taken": list(taken), "round": round, "starter": starter})


def choice(level: str, state: State, seed: int = 7) -> str:
    seat = state["to_move"]
    return str(bot(level).choose(GAME.view(state, seat), GAME.legal_actions(state),
                                 random.Random(seed)))


def sample_positions(count: int, seed: int) -> list[State]:
    """Positions from random games, spread over all rounds."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = GAME.new(seed=rng.randrange(10**6))
        while not state["over"]:
            if rng.random() < 0.15:
                out.append(state)
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randrange(len(legal))]).state
    return out[:count]


def shuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """The same state with the cards ``seat`` cannot see dealt differently."""
    twin = GAME.copy_state(state)
    other = 1 - seat
    hidden = twin["hands"][other] + twin["deck"] + twin["removed"]
    rng.shuffle(hidden)
    n_hand, n_deck = len(twin["hands"][other]), len(twin["deck"])
    twin["hands"][other] = hidden[:n_hand]
    twin["deck"] = hidden[n_hand:n_hand + n_deck]
    twin["removed"] = hidden[n_hand + n_deck:]
    return GAME.load(twin)


def test_all_levels_are_registered():
    assert levels("thronfolge") == ["random", "easy", "normal", "hard"]
    for level in LEVELS:
        assert make_bot("thronfolge", level).level == level


@pytest.mark.parametrize("level", LEVELS)
def test_bots_only_choose_legal_actions_and_explain_them(level: str):
    me, other = bot(level), make_bot(GAME, "random")
    for seed in range(1 if level == "hard" else 4):
        state = GAME.new(seed=seed)
        while not state["over"]:
            seat = state["to_move"]
            legal = GAME.legal_actions(state)
            view = GAME.view(state, seat)
            if seat == 0:
                action, why = me.explain(view, legal, bot_rng(state, level))
                assert why
            else:
                action = other.choose(view, legal, bot_rng(state))
            assert action in legal
            state = GAME.apply(state, action).state


@pytest.mark.parametrize("level", LEVELS)
def test_choice_does_not_change_when_hidden_cards_are_shuffled(level: str):
    rng = random.Random(11)
    for state in sample_positions(30, seed=5):
        seat = state["to_move"]
        twin = shuffle_hidden(state, seat, rng)
        assert GAME.view(twin, seat) == GAME.view(state, seat)
        assert choice(level, twin) == choice(level, state)


def test_bots_use_only_the_rng_they_are_given(monkeypatch: pytest.MonkeyPatch):
    def forbidden(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a bot used the module-level random")

    for name in ("random", "randrange", "randint", "choice", "shuffle", "sample", "gauss"):
        monkeypatch.setattr(random, name, forbidden)
    for state in sample_positions(6, seed=9):
        for level in LEVELS:
            choice(level, state)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_takes_an_obviously_fat_line(level: str):
    # Whatever is played next, the opponent could take four of these favours.
    state = stacked(hands=(["2C", "9S"], ["AS", "2S"]), line=["KH", "QD", "QH", "JS", "JD"],
                    starter=0)
    assert state["to_move"] == 0
    assert choice(level, state) == "take"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_never_puts_the_third_crown_within_the_opponents_reach(level: str):
    # The opponent holds two crowns and may still take; KD in the line would end the game.
    state = stacked(hands=(["KD", "AH", "3D", "4C", "9D"], ["AS", "2S", "3S", "4S", "5S"]),
                    line=["2H"], collections=([], ["KS", "KC"]), starter=0)
    assert choice(level, state) != "play KD"
    # Also after taking: every card played goes towards the opponent's take.
    state = stacked(hands=(["KD", "AH", "3D"], ["AS", "2S"]), line=["2H"],
                    collections=([], ["KS", "KC"]), taken=(True, False), starter=0)
    assert state["to_move"] == 0
    assert choice(level, state) != "play KD"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_dumps_a_betrayal_on_an_opponent_who_must_take(level: str):
    # Seat 1 has an empty hand and has not taken: it must take the line next turn.
    state = stacked(hands=(["QC", "JH"], []), line=["2S"], taken=(True, False), starter=1)
    assert state["to_move"] == 0
    assert choice(level, state) == "play QC"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_builds_instead_of_taking_a_poor_line_once_the_opponent_has_taken(level: str):
    state = stacked(hands=(["KH", "QD", "QH", "JS", "AS"], ["AD", "2D", "3D", "4D", "5D"]),
                    line=["TS", "QS"], taken=(False, True), starter=1)
    assert state["to_move"] == 0
    assert choice(level, state) != "take"


def test_normal_keeps_a_fat_line_out_of_the_opponents_reach():
    # Neither has taken; putting the +4 favour next to two +3 favours would hand them over.
    state = stacked(hands=(["KH", "TC", "AC", "2C", "3C"], ["AS", "2S", "3S", "4S", "5S"]),
                    line=["QD", "QH"], starter=0)
    assert choice("normal", state) not in ("play KH", "take")


def test_hard_search_with_an_iteration_cap_is_repeatable():
    state = sample_positions(1, seed=3)[0]
    view = GAME.view(state, state["to_move"])
    pos = Position.from_view(view)
    a = search_scores(view, pos, random.Random(1), budget_ms=None, iterations=4)
    b = search_scores(view, pos, random.Random(1), budget_ms=None, iterations=4)
    assert a == b and a[1] == 4


def test_hard_search_averages_each_move_over_the_same_deals_as_a_plain_loop():
    """The shared race and dealing give what a direct loop over deals gives (same rng draws)."""
    for state in sample_positions(4, seed=12):
        view = GAME.view(state, state["to_move"])
        pos = Position.from_view(view)
        if len(pos.moves()) < 2:
            continue
        scores, deals = search_scores(view, pos, random.Random(2), iterations=5)
        rng, me, opp = random.Random(2), pos.seat, 1 - pos.seat
        prior = blank_scores(pos)
        moves = sorted(prior, key=lambda m: (-prior[m], m))
        solver = RoundSolver(4 - pos.round)
        totals = dict.fromkeys(moves, 0.0)
        for _ in range(5):
            hands, colls, taken = [None, None], [None, None], [None, None]
            hands[me], hands[opp] = pos.hand, counts_of(rng.sample(unseen_kinds(view), pos.opp_hand))
            colls[me], colls[opp] = pos.me, pos.opp
            taken[me], taken[opp] = pos.taken, pos.opp_taken
            solver.load(pos.line, hands, colls, taken)
            best = None
            for m in moves:
                if best is None:
                    v = solver.value_after(me, m)
                else:
                    v = solver.value_after(me, m, best - ROOT_MARGIN, 2.0)
                totals[m] += v
                best = v if best is None else max(best, v)
        assert deals == 5
        assert scores == {m: t / 5 for m, t in totals.items()}


def counts_of(kinds: list[int]) -> list[int]:
    out = [0] * N_KINDS
    for k in kinds:
        out[k] += 1
    return out


def test_hard_stops_at_its_time_budget():
    # A round's first move is the most expensive one to search; the clock must stop it.
    state = GAME.new(seed=17)
    hard = make_bot(GAME, "hard", budget_ms=40)
    view = GAME.view(state, state["to_move"])
    start = time.perf_counter()
    action = hard.choose(view, GAME.legal_actions(state), random.Random(0))
    assert time.perf_counter() - start < 2.0  # generous: the machine may be busy
    assert action in GAME.legal_actions(state)


class JumpingClock:
    """A clock that leaps a second ahead on every read: any time budget ends at once."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_hard_with_a_node_budget_plays_the_same_games_whatever_the_clock(monkeypatch: pytest.MonkeyPatch):
    def games() -> list[dict[str, Any]]:
        return [selfplay(GAME, ["hard", "normal"], seed, bots=[make_bot(GAME, "hard", nodes=2000),
                                                             make_bot(GAME, "normal")]) for seed in range(3)]

    calm = games()
    monkeypatch.setattr(time, "perf_counter", JumpingClock())
    assert games() == calm


def test_hard_with_a_tiny_node_budget_still_plays_legal_moves():
    for seed in range(3):
        record = selfplay(GAME, ["hard", "hard"], seed, bots=[make_bot(GAME, "hard", nodes=1)] * 2)
        assert record["state"]["over"]  # every action was applied, so every one was legal


def test_a_larger_node_budget_searches_more_deals():
    state = sample_positions(1, seed=3)[0]
    view = GAME.view(state, state["to_move"])
    pos = Position.from_view(view)
    deals = [search_scores(view, pos, random.Random(1), nodes=n)[1] for n in (1, 2_000, 20_000)]
    assert deals[0] == 0 and 0 < deals[1] < deals[2]


def test_evaluation_is_exact_once_nothing_is_left_to_collect():
    rng = random.Random(21)
    for seed in range(30):
        state = GAME.new(seed=seed)
        while not state["over"]:
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randrange(len(legal))]).state
        if state["result"]["reason"] == "crowns":
            continue
        a, b = (counts(c) for c in state["collections"])
        d, p_me, p_opp = evaluate(a, b, 0.0)
        scores = state["result"]["scores"]
        assert (d, p_me, p_opp) == (scores[0] - scores[1], 0.0, 0.0)
        expected = 0 if len(state["result"]["winners"]) == 2 else \
            (1 if state["result"]["winners"] == [0] else -1)
        assert win_value(a, b, 0.0, final=True) == expected


def test_unseen_cards_are_the_other_hand_the_draw_pile_and_hidden_removed_cards():
    state = sample_positions(1, seed=4)[0]
    seat = state["to_move"]
    hidden = state["hands"][1 - seat] + state["deck"] + state["removed"]
    assert unseen_kinds(GAME.view(state, seat)) == sorted(KIND[c] for c in hidden)
