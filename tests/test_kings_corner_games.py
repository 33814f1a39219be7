"""Kings in the Corner over whole games: random games with every option, views, events, K-3.5."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.cards import UNKNOWN, standard_deck
from core.errors import BadOption
from core.games.kings_corner import GAME, Move, Play, potential
from core.games.kings_corner.scoring import hand_problem, hand_size
from tests.test_kings_corner_rules import table


def valid_hands(players, draw):
    return [h for h in (0, 6, 7, 9, 10, 13) if hand_problem(players, hand_size(players, h, draw)) is None]


@st.composite
def setups(draw, targets=(0, 25)):
    players = draw(st.integers(2, 5))
    drawing = draw(st.booleans())
    options = {"draw": drawing, "hand": draw(st.sampled_from(valid_hands(players, drawing))),
               "draw_at": draw(st.sampled_from(["start", "end"])), "royal_kings": draw(st.booleans()),
               "king_layout": draw(st.booleans()), "scoring": draw(st.sampled_from(["penalty", "face"])),
               "target": draw(st.sampled_from(targets))}
    return players, options, draw(st.integers(0, 2**31 - 1))


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def assert_sound(state):
    assert GAME.load(json.loads(json.dumps(state))) == state
    assert sorted(GAME.all_cards(state)) == sorted(standard_deck())
    for seat in [None, *range(state["players"])]:
        view = GAME.view(state, seat)
        assert not GAME.secret_cards(state, seat) & set(strings(view))
        assert "seed" not in view


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), picks=st.lists(st.integers(0, 10_000), max_size=300))
def test_any_legal_path_with_any_options_keeps_the_invariants_and_every_move_lowers_the_potential(setup, picks):
    players, options, seed = setup
    state = GAME.new(players, seed, options)
    assert_sound(state)
    for pick in picks:
        if state["over"]:
            break
        legal = GAME.legal_actions(state)
        assert [str(a) for a in legal] == sorted({str(a) for a in legal})
        action = legal[pick % len(legal)]
        assert GAME.parse_action(str(action)) == action
        nxt = GAME.apply(state, action).state
        same_round = nxt["round"] == state["round"] and not nxt["over"]
        if isinstance(action, (Play, Move)) and same_round:
            assert potential(nxt["piles"], nxt["hands"]) < potential(state["piles"], state["hands"])  # K-3.5
        state = nxt
        assert_sound(state)


def play_out(state, rng, pass_chance):
    """Random play that ends the turn early with ``pass_chance`` (to reach blocked ends)."""
    plies = 0
    while not state["over"]:
        legal = GAME.legal_actions(state)
        names = [str(a) for a in legal]
        if "end" in names and rng.random() < pass_chance:
            action = "end"
        else:
            action = names[rng.randrange(len(names))]
        state = GAME.apply(state, action).state
        plies += 1
        assert plies < 3000 * state["round"], "a round did not end"
    return state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), pass_chance=st.sampled_from([0.0, 0.5, 0.9]))
def test_k3_5_every_round_ends_even_when_players_mostly_pass(setup, pass_chance):
    players, options, seed = setup
    final = play_out(GAME.new(players, seed, options), random.Random(seed), pass_chance)
    result = final["result"]
    assert result["reason"] in ("out", "blocked", "target")
    assert result["scores"] == final["scores"]
    assert result["winners"] == [s for s, v in enumerate(final["scores"]) if v == min(final["scores"])]
    for entry in final["rounds"]:
        assert all(entry["points"][w] == 0 for w in entry["winners"])
        if entry["reason"] == "out":
            assert len(entry["winners"]) == 1 and entry["cards_left"][entry["winners"][0]] == 0
        else:
            least = min(entry["cards_left"])
            assert entry["winners"] == [s for s, c in enumerate(entry["cards_left"]) if c == least]
    if options["target"]:
        assert max(final["scores"]) >= options["target"]
        assert all(max(sum(r["points"][s] for r in final["rounds"][:k]) for s in range(players)) < options["target"]
                   for k in range(1, len(final["rounds"])))
    else:
        assert len(final["rounds"]) == 1


def test_rounds_end_both_ways_in_random_play_with_passing():
    reasons = {play_out(GAME.new(3, seed), random.Random(seed), 0.5)["result"]["reason"] for seed in range(30)}
    assert reasons == {"out", "blocked"}


def test_a_session_rotates_the_deal_round_by_round():
    final = play_out(GAME.new(4, 3, {"target": 25}), random.Random(3), 0.3)
    dealers = [r["dealer"] for r in final["rounds"]]
    assert len(dealers) > 1
    assert all(b == (a + 1) % 4 for a, b in zip(dealers, dealers[1:]))


# --- views ---------------------------------------------------------------------------------------


def test_a_view_shows_the_own_hand_and_the_layout_and_only_counts_of_the_rest():
    state = GAME.new(4, 12345678)
    view = GAME.view(state, 2)
    assert view["viewer"] == 2 and "seed" not in view
    assert view["hands"][2] == state["hands"][2]
    assert all(h == [UNKNOWN] * 7 for s, h in enumerate(view["hands"]) if s != 2)
    assert view["talon"] == [UNKNOWN] * len(state["talon"])
    assert view["piles"] == state["piles"]
    onlooker = GAME.view(state, None)
    assert all(h == [UNKNOWN] * 7 for h in onlooker["hands"])


def test_a_finished_game_shows_every_hand():
    s = table([["8H"], ["KD", "2C"]], {"N": ["9S"]})
    final = GAME.apply(s, "play 8H N").state
    assert GAME.view(final, 0)["hands"] == final["hands"]


def test_a_view_for_a_seat_not_at_the_table_is_refused():
    with pytest.raises(BadOption):
        GAME.view(GAME.new(2, 1), 2)


def test_reshuffling_what_a_seat_cannot_see_leaves_its_view_unchanged():
    rng = random.Random(4)
    state = GAME.apply(GAME.new(3, 77), "draw").state
    twin = GAME.reshuffle_hidden(state, 1, rng)
    assert twin != state
    assert GAME.view(twin, 1) == GAME.view(state, 1)


# --- events for the table -------------------------------------------------------------------------


def test_events_say_which_card_went_where_and_which_pile_moved():
    s = table([["8H", "6D", "2D"], ["5C"]], {"N": ["9S"], "E": ["7C"], "S": ["JD"], "W": ["QS"]})
    step = GAME.apply(s, "play 8H N")
    assert step.events == [{"type": "move", "cards": ["8H"], "from": "hand:0", "to": "pile:N", "seat": 0,
                            "action": "play", "how": "build"}]
    step = GAME.apply(step.state, "play 6D E")
    step = GAME.apply(step.state, "move E N")
    assert step.state["piles"]["N"] == ["9S", "8H", "7C", "6D"] and step.state["piles"]["E"] == []
    assert step.events == [{"type": "move", "cards": ["7C", "6D"], "from": "pile:E", "to": "pile:N", "seat": 0,
                            "action": "move"}]
    step = GAME.apply(step.state, "play 2D E")
    assert step.events[0]["how"] == "fill"


def test_a_drawn_card_is_hidden_from_the_other_seats_in_the_events():
    state = GAME.new(3, 5)
    seat = state["to_move"]
    step = GAME.apply(state, "draw")
    card = state["talon"][-1]
    assert step.events[0] == {"type": "move", "cards": [card], "from": "talon", "to": f"hand:{seat}",
                              "seat": seat, "action": "draw"}
    assert GAME.mask_events(step.events, seat)[0]["cards"] == [card]
    for other in [None, *(s for s in range(3) if s != seat)]:
        assert GAME.mask_events(step.events, other)[0]["cards"] == [UNKNOWN]


def test_the_end_of_a_turn_names_the_next_seat():
    state = GAME.apply(GAME.new(3, 5), "draw").state
    seat = state["to_move"]
    step = GAME.apply(state, "end")
    assert step.events == [{"type": "end_turn", "seat": seat},
                           {"type": "turn", "seat": (seat + 1) % 3, "extra": False}]


def test_a_new_round_deals_with_events_and_hides_the_other_hands():
    s = table([["8H"], ["KD", "2C"]], {"N": ["9S"]}, options={"target": 25})
    step = GAME.apply(s, "play 8H N")
    over = next(e for e in step.events if e["type"] == "round_over")
    assert over["hands"] == [[], ["KD", "2C"]] and over["points"] == [0, 11]
    deals = [e for e in step.events if e.get("action") == "deal"]
    assert len(deals) == 2 + 4
    masked = GAME.mask_events(step.events, 0)
    to_hand = [e for e in masked if e.get("action") == "deal" and e["to"].startswith("hand:")]
    assert to_hand[0]["cards"] == step.state["hands"][0] and to_hand[1]["cards"] == [UNKNOWN] * 7
    edges = [e for e in masked if e.get("action") == "deal" and e["to"].startswith("pile:")]
    assert all(UNKNOWN not in e["cards"] for e in edges)
