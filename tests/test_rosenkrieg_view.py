"""What each seat may see of a Rosenkrieg Dynastie, the events for the table, and damaged saves."""

from __future__ import annotations

import json
import random

import pytest

from core.errors import BadOption, BadState
from core.games.rosenkrieg import GAME, sort_cards
from tests.test_rosenkrieg_rules import ERBE3, HANDS3, declare, finish_partie, play_phase, run, stacked


def test_a_view_shows_the_own_hand_the_sizes_of_the_others_and_never_the_seed():
    state = GAME.new(4, 123456789)
    for seat in range(4):
        view = GAME.view(state, seat)
        assert view["hands"][seat] == state["hands"][seat] and view["viewer"] == seat
        assert [len(h) for h in view["hands"]] == [6] * 4
        assert all(set(h) == {"??"} for s, h in enumerate(view["hands"]) if s != seat)
        assert "seed" not in view and "123456789" not in json.dumps(view)
    with pytest.raises(BadOption):
        GAME.view(state, 4)


def test_the_potentat_alone_sees_the_erbe_he_took_up_and_the_others_only_its_size():
    state = declare(stacked(3, HANDS3, ERBE3), {0})
    assert GAME.view(state, 0)["hands"][0] == state["hands"][0] and len(state["hands"][0]) == 10
    assert GAME.view(state, 1)["hands"][0] == ["??"] * 10
    events = GAME.apply(stacked(3, HANDS3, ERBE3), "pass").events
    assert events == [{"type": "declare", "seat": 1, "will": False}]
    last = GAME.apply(run(stacked(3, HANDS3, ERBE3), "pass", "pass"), "will").events
    take = next(e for e in last if e["type"] == "move")
    assert (take["from"], take["to"]) == ("erbe", "hand:0")
    assert GAME.mask_events(last, 0) == last
    assert next(e for e in GAME.mask_events(last, 1) if e["type"] == "move")["cards"] == ["??", "??"]


def test_played_cards_won_tricks_and_finished_partien_are_public():
    state = finish_partie(play_phase(3, HANDS3, ERBE3, potentat=1))
    state = run(state, "pass")
    record = state["partien"][0]
    for seat in (None, 0, 1, 2):
        view = GAME.view(state, seat)
        assert view["partien"] == state["partien"] and view["balance"] == state["balance"]
    assert record["erbe"] == "7R 8R" and record["dealt"][1] == " ".join(sort_cards(HANDS3[1]))


def test_trick_events_say_which_card_went_where_and_who_won():
    state = run(play_phase(3, HANDS3, ERBE3, potentat=1, dealer=2), "play AL", "play QL")
    events = GAME.apply(state, "play 9L").events
    assert events[0] == {"type": "move", "cards": ["9L"], "from": "hand:2", "to": "trick", "seat": 2}
    assert events[1] == {"type": "move", "cards": ["AL", "QL", "9L"], "from": "trick", "to": "won:0", "seat": 0}
    assert events[2] == {"type": "trick", "winner": 0, "cards": ["AL", "QL", "9L"], "number": 1}
    assert GAME.mask_events(events, None) == events


def test_the_end_of_a_partie_reveals_the_erbe_reports_the_record_and_deals_the_next():
    state = play_phase(3, HANDS3, ERBE3, potentat=1)
    rng = random.Random(2)
    while len(state["hands"][state["to_move"]]) > 1 or len(state["trick"]["cards"]) < 2:
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, legal[rng.randrange(len(legal))]).state
    events = GAME.apply(state, GAME.legal_actions(state)[0]).events
    kinds = [e["type"] for e in events]
    assert kinds[:5] == ["move", "move", "trick", "reveal", "partie"] and kinds[5] == "deal"
    assert events[3]["cards"] == ["7R", "8R"]
    dealt = [e for e in GAME.mask_events(events, 2)[6:] if e["type"] == "move"]
    assert [set(e["cards"]) == {"??"} for e in dealt] == [True, True, False, True]  # seats 0, 1, 2, Erbe


def test_the_finished_dynastie_shows_everything():
    state = GAME.new(2, 4, {"partien": 1})
    while not state["over"]:
        state = GAME.apply(state, GAME.legal_actions(state)[0]).state
    view = GAME.view(state, 0)
    assert view["erbe"] == state["erbe"] and "seed" not in view
    assert GAME.secret_cards(state, 0) == set()


def damaged(state, **changes):
    bad = json.loads(json.dumps(state))
    bad.update(changes)
    return json.dumps(bad)


def test_damaged_saves_are_refused_naming_the_problem():
    state = run(play_phase(3, HANDS3, ERBE3, potentat=1, dealer=2), "play AL")
    with pytest.raises(BadState, match="in turn"):
        GAME.load(damaged(state, to_move=0))
    with pytest.raises(BadState, match="balances"):
        GAME.load(damaged(state, balance=[1, -1, 0]))
    with pytest.raises(BadState, match="phase"):
        GAME.load(damaged(state, phase="bidding"))
    with pytest.raises(BadState, match="Potentat"):
        GAME.load(damaged(state, potentat=None))
    swapped = json.loads(json.dumps(state))
    swapped["won"][1], swapped["hands"][1][0] = [swapped["hands"][1][0]], "AL"
    swapped["trick"]["cards"] = []
    with pytest.raises(BadState):
        GAME.load(json.dumps(swapped))
    assert GAME.load(json.dumps(state)) == state
