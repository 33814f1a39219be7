"""The guided first round of Kings in the Corner without a browser: the deal, the steps along its
first turn (the cross, the corners, the draw, a pick, a play, a pile moved, the end of the turn,
the hint), skipping, the coach showing no card, and the offer on the new-game screen."""

from __future__ import annotations

import flet as ft

from app.tables.kings_corner import guide as kc_guide
from app.tables.kit import guide_offer
from core.session import GameSession
from tests.test_app_generic_table import shown_cards
from tests.test_app_guide import ProfileStore, coach_text, computer_moves, find, guided, lit, stub_shell
from tests.test_app_kings_corner_table import make_table, press


def test_the_guided_round_is_deal_8_against_the_easy_computer_with_you_to_draw_first():
    store = ProfileStore()
    store.create_profile("Clara")
    session = guided("kings-corner", store)
    assert session.state["seed"] == kc_guide.SEED and session.to_move == 0 and session.state["phase"] == "draw"
    assert session.seats[0].name == "Clara" and session.seats[1].level == "easy"
    assert {p: c for p, c in session.state["piles"].items() if c} == {"N": ["3H"], "E": ["6S"], "S": ["TH"],
                                                                       "W": ["2S"]}


def test_the_steps_follow_the_first_turn_and_end_with_the_hint():
    for wide in (False, True):
        session = guided("kings-corner", wide=wide)
        t = make_table(session, wide=wide)
        g = t.guide
        assert (g.index, lit(t)) == (0, ["cross"]) and "SCHRITT 1 VON 8" in coach_text(t)
        g.next()
        assert lit(t) == ["pile-NE"]  # an empty corner
        g.next()
        assert lit(t) == ["talon"]
        press(t, "card-5D")  # before the draw: refused with its reason, the step stays
        assert g.index == 2 and t.message and t.pick is None
        t.talon_tapped()
        assert session.actions == ["draw"] and g.index == 3 and lit(t) == ["card-9S"]  # a card for a pile
        t.tap_card("9S")
        assert g.index == 4 and lit(t) == ["pile-S"]  # where it goes: 9♠ on 10♥
        t.tap_pile("S")
        assert session.actions[-1] == "play 9S S" and g.index == 5 and lit(t) == ["pile-W"]
        t.tap_pile("W")
        t.tap_pile("N")
        assert session.actions[-1] == "move W N" and g.index == 6 and lit(t) == ["end-turn"]
        t.end_turn()
        assert g.index == 7 and not g.coach.holder.visible  # the computer's turn: the coach waits
        computer_moves(t)
        assert g.coach.holder.visible and lit(t) == ["kc-hint"] and "Verstanden" in str(
            [c.content for c in _buttons(g.coach.holder)])
        g.next()
        assert g.done and session.meta["guide"] == {"step": 8, "done": True} and lit(t) == []


def _buttons(holder):
    from tests.test_app_card import walk

    return [c for c in walk(holder) if isinstance(c, ft.FilledButton)]


def test_skipping_ends_the_tour_and_the_round_goes_on():
    session = guided("kings-corner")
    t = make_table(session)
    g = t.guide
    g.next()
    g.skip()
    assert g.done and not g.coach.holder.visible and lit(t) == []
    assert session.meta["guide"] == {"step": 1, "done": True}
    t.talon_tapped()
    t.end_turn()
    assert session.actions[:2] == ["draw", "end"] and g.done


def test_the_coach_never_shows_a_card():
    session = guided("kings-corner")
    t = make_table(session)
    g = t.guide
    while g.active and g.index < 3:
        assert shown_cards(g.coach.holder) == set() and coach_text(t)
        g.next() if g.step.until is None else t.talon_tapped()
    assert shown_cards(g.coach.holder) == set()


def test_the_new_game_screen_offers_the_guided_round_until_it_is_started():
    store = ProfileStore()
    shell = stub_shell(store)
    offer = ft.Column(guide_offer.offer(shell, "kings-corner"))
    start = find(offer, "guide-offer-start")
    assert start is not None
    start.content.on_click(None)
    game_id = int(shell.routes[0].rsplit("/", 1)[1])
    assert store.games[game_id]["game"] == "kings-corner" and store.games[game_id]["meta"]["guide"]["step"] == 0
    assert guide_offer.offer(shell, "kings-corner") == []
    assert GameSession.restore(store.games[game_id]).state["seed"] == kc_guide.SEED
