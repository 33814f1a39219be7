"""The shared invariant suite: every registered game obeys the engine contract."""

import json
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.bench import replay_record, selfplay
from core.bots import levels, make_bot
from core.errors import BadState, IllegalAction, MalformedAction, RulesError
from core.games import registry
from core.games.base import validate_state
from core.session import GameSession, Seat

GAMES = registry.names()
HIDDEN = [g for g in GAMES if registry.get(g).info.hidden_information]
MAX_PLIES = 5_000


def player_counts(name):
    info = registry.get(name).info
    return range(info.min_players, info.max_players + 1)


def cases(seeds):
    return [(g, n, s) for g in GAMES for n in player_counts(g) for s in seeds]


def walk_strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from walk_strings(k)
            yield from walk_strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from walk_strings(v)


def check_invariants(game, state):
    assert validate_state(json.loads(json.dumps(state))) == state
    assert json.loads(game.to_json(state)) == state
    for seat in [None, *range(state["players"])]:
        view = game.view(state, seat)
        leaked = game.secret_cards(state, seat) & set(walk_strings(view))
        assert not leaked, f"seat {seat} sees hidden cards {sorted(leaked)}"


def random_walk(game, state, rng, check=True):
    plies = 0
    while not state["over"]:
        legal = game.legal_actions(state)
        assert legal, "a running game must offer at least one action"
        assert [str(a) for a in legal] == sorted(str(a) for a in legal), "legal actions are sorted"
        action = legal[rng.randrange(len(legal))]
        assert game.parse_action(str(action)) == action, "notation round-trips"
        state = game.apply(state, str(action)).state
        plies += 1
        assert plies < MAX_PLIES, "game did not end"
        if check:
            check_invariants(game, state)
    return state


@pytest.mark.parametrize("name,players,seed", cases(range(12)))
def test_seeded_random_games_end_conserve_cards_and_hide_secrets(name, players, seed):
    game = registry.get(name)
    state = game.new(players, seed)
    check_invariants(game, state)
    final = random_walk(game, state, random.Random(seed))
    result = final["result"]
    assert final["to_move"] is None
    assert len(result["scores"]) == players
    assert all(0 <= w < players for w in result["winners"])
    assert game.legal_actions(final) == []


@pytest.mark.parametrize("name,players,seed", cases(range(3)))
def test_same_seed_deals_the_same_game(name, players, seed):
    game = registry.get(name)
    assert game.new(players, seed) == game.new(players, seed)
    assert game.new(players, seed) != game.new(players, seed + 1)


@pytest.mark.parametrize("name,players,seed", cases(range(4)))
def test_illegal_and_malformed_actions_are_refused_and_change_nothing(name, players, seed):
    game = registry.get(name)
    rng = random.Random(seed)
    state = game.new(players, seed)
    other = game.new(players, seed + 1000)
    foreign = [str(a) for a in game.legal_actions(other)]
    while not state["over"]:
        before = json.dumps(state, sort_keys=True)
        legal = {str(a) for a in game.legal_actions(state)}
        for text in ["", "xyzzy", "play ZZ", *rng.sample(foreign, min(3, len(foreign)))]:
            if text in legal:
                continue
            with pytest.raises(RulesError) as err:
                game.apply(state, text)
            assert isinstance(err.value, (MalformedAction, IllegalAction))
            assert str(err.value)
            assert not game.is_legal(state, text)
        assert json.dumps(state, sort_keys=True) == before
        state = game.apply(state, rng.choice(sorted(legal))).state
    with pytest.raises(IllegalAction):
        game.apply(state, foreign[0])


@pytest.mark.parametrize("name,players,seed", cases(range(4)))
def test_selfplay_record_replays_to_the_same_final_state(name, players, seed):
    game = registry.get(name)
    record = selfplay(game, ["random"] * players, seed)
    assert replay_record(json.loads(json.dumps(record))) == record["state"]


@pytest.mark.parametrize("name,players,seed", cases(range(3)))
def test_a_replay_in_place_reaches_every_state_that_applying_the_moves_one_by_one_reaches(name, players, seed):
    # ``replay`` carries the moves out on one state without copying it: a move that kept a
    # reference into the state would show here as a later state that differs.
    game = registry.get(name)
    rng = random.Random(seed)
    state, actions, states = game.new(players, seed), [], []
    while not state["over"]:
        action = str(rng.choice(game.legal_actions(state)))
        state = game.apply(state, action).state
        actions.append(action)
        states.append(json.dumps(state, sort_keys=True))
    for k in sorted({1, len(actions) // 3, len(actions) // 2, len(actions) - 1, len(actions)}):
        again = game.replay(players, seed, None, actions[:k])
        assert json.dumps(again, sort_keys=True) == states[k - 1], f"after {k} moves"


@pytest.mark.parametrize("name,players,seed", cases(range(3)))
def test_undo_restores_every_earlier_state(name, players, seed):
    seats = [Seat("human", f"P{i}") for i in range(players)]
    session = GameSession.start(name, seats, seed=seed)
    rng = random.Random(seed)
    history = [json.dumps(session.state, sort_keys=True)]
    while len(history) < 60:
        action = rng.choice(session.legal())
        if session.game.apply(session.state, action).state["over"]:
            break  # a finished game is never taken back (tests/test_store_stale.py)
        session.apply(action)
        history.append(json.dumps(session.state, sort_keys=True))
    history.pop()
    while history:
        assert session.undo()
        assert json.dumps(session.state, sort_keys=True) == history.pop()
    assert not session.undo()
    assert session.actions == []


@pytest.mark.parametrize("name", GAMES)
def test_restored_session_continues_exactly(name):
    players = registry.get(name).info.min_players
    seats = [Seat("human", f"P{i}") for i in range(players)]
    session = GameSession.start(name, seats, seed=7)
    rng = random.Random(7)
    for _ in range(15):
        if session.over:
            break
        session.apply(rng.choice(session.legal()))
    again = GameSession.restore(json.loads(json.dumps(session.record())))
    assert again.state == session.state
    assert again.actions == session.actions
    assert len(again.snapshots) == len(session.snapshots)


@pytest.mark.parametrize("name", GAMES)
def test_damaged_states_are_refused_with_bad_state(name):
    game = registry.get(name)
    players = game.info.min_players
    state = game.new(players, 3)
    no_field = {k: v for k, v in state.items() if k != "to_move"}
    wrong_game = dict(state, game="thronfolge" if name != "thronfolge" else "deck-of-spies")
    card_fields = [k for k, v in state.items() if isinstance(v, list) and v and isinstance(v[0], str)]
    lost_card = json.loads(json.dumps(state))
    lost_card[card_fields[0]].pop()
    for bad in ["{", "[]", json.dumps(no_field), json.dumps(wrong_game), json.dumps(lost_card),
                json.dumps(dict(state, version=999)), json.dumps(dict(state, players=99))]:
        with pytest.raises(BadState):
            game.load(bad)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 2**31 - 1),
       picks=st.lists(st.integers(0, 10_000), max_size=400))
def test_any_legal_path_keeps_the_invariants(name, seed, picks):
    game = registry.get(name)
    state = game.new(game.info.min_players, seed)
    for pick in picks:
        if state["over"]:
            break
        legal = game.legal_actions(state)
        state = game.apply(state, legal[pick % len(legal)]).state
        check_invariants(game, state)


def states_along_random_games(game, rng, games, keep=1.0):
    """States of random games between large random seeds (a seed in a view would stand out)."""
    for _ in range(games):
        players = rng.choice(player_counts(game.name))
        state = game.new(players, rng.randrange(10**9, 2**31))
        while True:
            if rng.random() < keep:
                yield state
            if state["over"]:
                break
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))]).state


@pytest.mark.parametrize("name", HIDDEN)
def test_views_of_games_with_hidden_cards_hold_no_secret_card_and_no_seed(name):
    game = registry.get(name)
    public_seed = game.info.public_seed
    for state in states_along_random_games(game, random.Random(name), games=40):
        for seat in [None, *range(state["players"])]:
            view = game.view(state, seat)
            leaked = game.secret_cards(state, seat) & set(walk_strings(view))
            assert not leaked, f"seat {seat} sees hidden cards {sorted(leaked)}"
            if not public_seed:
                assert "seed" not in view
                assert str(state["seed"]) not in json.dumps(view), "the seed is in the view under another name"


def masked_view(game, state, seat):
    """The view, without the seed where the game declares it public (reshuffling replaces it)."""
    view = game.view(state, seat)
    if game.info.public_seed:
        view.pop("seed")
    return view


@pytest.mark.parametrize("name,level", [(g, lv) for g in HIDDEN for lv in levels(g)])
def test_a_bots_choice_does_not_change_when_what_it_cannot_see_is_reshuffled(name, level):
    game = registry.get(name)
    bot = make_bot(game, level, nodes=100)  # a node budget: the same choice whatever the clock
    rng = random.Random(f"{name}:{level}")
    positions = [s for s in states_along_random_games(game, rng, games=6, keep=0.12) if not s["over"]]
    assert len(positions) >= 10
    changed = 0
    for state in positions[:12]:
        seat = state["to_move"]
        twin = game.reshuffle_hidden(state, seat, rng)
        changed += twin != state
        assert masked_view(game, twin, seat) == masked_view(game, state, seat)
        legal = game.legal_actions(state)
        assert game.legal_actions(twin) == legal
        first = bot.choose(game.view(state, seat), legal, random.Random(1))
        assert bot.choose(game.view(twin, seat), legal, random.Random(1)) == first
    assert changed, "reshuffling never changed a state"


def test_importing_the_games_loads_neither_flet_nor_sqlmodel():
    code = ("import sys, core.games, core.bots, core.session, core.bench\n"
            "from core.games import registry\n"
            "[registry.get(n) for n in registry.names()]\n"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('flet', 'sqlmodel', 'sqlalchemy')]\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
