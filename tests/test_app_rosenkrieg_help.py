"""The Rosenkrieg table's help without a browser: the hint names the hard computer's move with a reason
that fits the position (read from the player's view only), and the guided first Partie is offered,
walks through declaring, card points, following suit and the dynasty, and can be skipped."""

from __future__ import annotations

import asyncio

import flet as ft
import pytest

from app import i18n
from app.screens import rules
from app.tables.kit import guide, guide_offer
from app.tables.rosenkrieg import advice as adv
from app.tables.rosenkrieg import guide as rk_guide
from core.games import rosenkrieg as rk
from core.session import GameSession
from tests import test_app_guide as guide_tests
from tests import test_app_rosenkrieg_table as rk_tests
from tests.test_app_card import walk
from tests.test_app_generic_table import shown_cards


def position(hands, trick=(), leader=1, potentat=1, tricks=(), to_move=0, players=None):
    """A hand-made Partie in play, ``to_move`` (seat 0) to play to ``trick``."""
    n = players or len(hands)
    session = GameSession.start("rosenkrieg", rk_tests.people_and_bots(n), seed=1)
    state = session.state
    state.update(phase="play", potentat=potentat, hands=[list(h) for h in hands], erbe=["QR", "JB"],
                 trick={"leader": leader if trick else 0, "cards": list(trick)}, to_move=to_move,
                 tricks=list(tricks))
    return session


def advice_for(session, card, seat=0):
    view = session.view(seat)
    return adv.advise(view, seat, rk.Play(card), len(session.legal()))


# --- the reasons ------------------------------------------------------------------------------------


def test_a_forced_card_is_called_the_only_one():
    s = position([["9T", "AL"], ["TL", "AR"]], trick=["AT"])
    assert advice_for(s, "9T").key == "only"


def test_a_potentat_leading_a_trump_draws_the_challengers_trumps():
    s = position([["AR", "9T"], ["TL", "KT"]], potentat=0)
    assert advice_for(s, "AR").key == "lead_trump"


def test_a_lead_is_high_when_no_higher_card_of_its_suit_is_still_out():
    s = position([["KT", "9T", "7B"], ["TL", "AR", "8B"]],
                 tricks=[{"leader": 1, "cards": "AT TT", "winner": 1}])
    assert advice_for(s, "KT").key == "lead_high"  # the ace and the ten of towers are gone
    assert advice_for(s, "7B").key == "lead_low"  # the ace of trees is still out


def test_a_card_that_wins_the_trick_says_so_and_counts_it_when_it_is_the_last():
    two = position([["AT", "9T"], ["TL", "KT"]], trick=["KT"])
    a = advice_for(two, "AT")
    assert (a.key, a.values["trick"]) == ("win_last", 15)
    three = position([["AT", "9T"], ["TL", "KT"], ["QB"]], trick=["KT"], leader=2, potentat=2)
    assert advice_for(three, "AT").key == "win"  # the third seat still plays


def test_a_trick_won_by_the_other_challenger_gets_points_or_keeps_the_strong_cards():
    # Seat 2 is the Potentat; seat 1, a challenger like seat 0, leads the ace of towers.
    s = position([["KT", "9T"], ["TL", "QT"], ["QB", "8T"]], trick=["AT"], leader=1, potentat=2)
    feed, keep = advice_for(s, "KT"), advice_for(s, "9T")
    assert (feed.key, feed.values["seat"], feed.values["points"]) == ("feed", 1, 4)
    assert keep.key == "keep"


def test_a_trick_the_other_side_wins_costs_as_little_as_possible():
    s = position([["9T", "8T", "QB"], ["TL", "KT"]], trick=["AT"], potentat=1)
    assert advice_for(s, "8T").key == "cheap"
    off = position([["QB", "7B"], ["TL", "KT"]], trick=["AT"], potentat=1)
    assert advice_for(off, "7B").key == "discard"


def test_declaring_and_laying_away_name_the_hand_and_the_suits_left_empty():
    session = GameSession.start("rosenkrieg", rk_tests.people_and_bots(3), seed=rk_guide.SEED)
    view = session.view(0)
    a = adv.advise(view, 0, rk.PASS, 2)
    assert (a.key, a.values["n"], a.values["points"]) == ("pass", 1, 11 + 3 + 2 + 3 + 3 + 2 + 0 + 2)
    assert adv.advise(view, 0, rk.WILL, 2).key == "will"
    view = dict(view, phase="lay", hands=[["AL", "QT", "9B", "JR"], [], []])
    lay = adv.advise(view, 0, rk.lay("QT", "AL"), 6)
    assert lay.key == "lay_void" and lay.values["suits"] == ["L", "T"] and lay.cards == ("AL", "QT")


def test_every_reason_has_words_in_german_and_english_that_differ():
    keys = ("will", "pass", "lay", "lay_void", "only", "lead_trump", "lead_high", "lead_low", "win", "win_last",
            "feed", "keep", "discard", "cheap")
    for key in keys:
        de, en = i18n.DE[f"rk.hint.{key}"], i18n.EN[f"rk.hint.{key}"]
        assert de and en and de != en


# --- the hint on the table -------------------------------------------------------------------------


def run_tasks(table) -> None:
    tasks, table.ui.tasks[:] = list(table.ui.tasks), []
    for fn, args in tasks:
        if fn != "dialog" and asyncio.iscoroutinefunction(fn):
            asyncio.run(fn(*args))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_hint_picks_the_hard_computers_card_and_says_why(lang):
    session = GameSession.start("rosenkrieg", rk_tests.people_and_bots(3), seed=4)
    rk_tests.until(session, lambda s: s.state["phase"] == "play" and s.to_move == 0 and s.state["trick"]["cards"]
                   and len(s.legal()) > 1)
    asked = []
    real = session.hint

    def hint(level="hard"):
        asked.append(real(level))
        return asked[-1]

    session.hint = hint
    table = rk_tests.make_table(session, lang=lang)
    table.control()
    table.ask_hint()
    ids = rk_tests.by_id(table.root)
    assert ids["rk-hint-text"].label == i18n.t("hint.thinking", lang)
    run_tasks(table)
    card = asked[0][0].card
    assert table.selected == [card] and table.advice.cards == (card,)
    text = rk_tests.by_id(table.root)["rk-hint-text"].label
    assert table.card_text(card) in text
    expected = adv.advice_text(table.advice, table.t, table.card_text, table.name, lambda s: s)
    assert text == expected and table.advice.key in ("win", "win_last", "feed", "keep", "cheap", "discard")
    moves = list(session.actions)
    assert session.hints == 1  # counted as help, nothing played
    table.play_selected()  # the picked card plays at once
    assert session.actions == moves + [f"play {card}"]
    assert "rk-hint-text" not in rk_tests.by_id(rk_tests.tree_of(table))  # a move later the hint is gone


def test_the_hint_button_is_beside_the_buttons_on_the_persons_turn_only():
    session = position([["AT", "9T"], ["TL", "KT"]], trick=["KT"])
    table = rk_tests.make_table(session)
    table.control()
    assert "rk-hint" in rk_tests.by_id(rk_tests.tree_of(table))
    session.state["to_move"] = 1
    assert "rk-hint" not in rk_tests.by_id(rk_tests.tree_of(table))


# --- the guided first Partie ----------------------------------------------------------------------------


def rk_table(session, wide=False, lang="de"):
    table = rk_tests.make_table(session, wide=wide, lang=lang, speed="off")
    table.control()
    return table


def computer_moves(table) -> None:
    s = table.session
    while s.bot_to_move:
        events = s.apply(s.bot_action())
        table.driver.thinking = False
        table.changed(events)


@pytest.mark.parametrize("wide", [False, True])
def test_the_guided_partie_walks_through_declaring_card_points_following_and_the_dynasty(wide):
    session = guide_tests.guided("rosenkrieg", wide=wide)
    assert session.state["seed"] == rk_guide.SEED and session.state["options"]["partien"] == 1
    assert [s.level for s in session.seats[1:]] == ["easy", "easy"]
    table = rk_table(session, wide)
    g = table.guide
    assert (g.index, guide_tests.lit(table)) == (0, ["declarations"])
    assert "Einer gegen alle" in guide_tests.coach_text(table)
    g.next()
    assert (g.index, guide_tests.lit(table)) == (1, ["rk-hint"])
    table.declare(False)
    computer_moves(table)
    assert session.state["phase"] == "play" and session.state["potentat"] != 0
    assert (g.index, guide_tests.lit(table)) == (3, ["score-line"])  # laying away was not yours
    g.next()
    assert (g.index, guide_tests.lit(table)) == (4, ["trick"])
    card = next(a.card for a in session.legal())
    table.tap_card(card)
    assert g.index == 4
    table.tap_card(card)
    computer_moves(table)
    assert (g.index, guide_tests.lit(table)) == (5, ["scoreboard-open"])
    assert shown_cards(g.coach.holder) == set()
    g.next()
    assert g.done and not g.coach.holder.visible and session.meta["guide"] == {"step": 6, "done": True}


def test_a_potentat_in_the_guided_partie_is_shown_how_to_lay_away():
    # In the guided deal the computer on the right is chosen even after your "I want it"; here
    # a deal where you become Potentat, at the guide's declaring step.
    session = next(s for s in (GameSession.start("rosenkrieg", rk_tests.people_and_bots(3), seed=seed,
                                                 meta={"guide": {"step": 1, "done": False}}) for seed in range(1, 60))
                   if s.to_move == 0 and _will_win(s))
    table = rk_table(session)
    g = table.guide
    assert g.index == 1
    table.declare(True)
    computer_moves(table)
    assert session.state["potentat"] == 0 and session.state["phase"] == "lay"
    assert (g.index, guide_tests.lit(table)) == (2, ["lay-centre"])
    hand = session.view(0)["hands"][0]
    table.tap_card(hand[0])
    table.tap_card(hand[1])
    table.lay_selected()
    assert g.index == 3


def _will_win(session) -> bool:
    probe = GameSession(session.game, list(session.seats), session.game.copy_state(session.state), [])
    probe.apply(rk.WILL)
    while probe.bot_to_move and probe.state["phase"] == "declare":
        probe.apply(probe.bot_action())
    return probe.state["potentat"] == 0


def test_skipping_the_guided_partie_leaves_an_ordinary_game():
    session = guide_tests.guided("rosenkrieg", lang="en")
    table = rk_table(session, lang="en")
    table.guide.skip()
    assert table.guide.done and not table.guide.coach.holder.visible and guide_tests.lit(table) == []
    table.declare(False)
    assert session.actions == ["pass"]


def test_the_guided_partie_is_offered_on_the_new_game_screen_and_from_the_rules():
    store = guide_tests.ProfileStore()
    shell = guide_tests.stub_shell(store)
    offer = ft.Column(guide_offer.offer(shell, "rosenkrieg"))
    assert guide_tests.find(offer, "guide-offer-start") is not None
    assert guide_tests.find(rules.game_view(shell, "rosenkrieg"), "guide-rules-start") is not None
    rules.show_dialog(shell, "rosenkrieg")
    dialog = shell.page.dialogs[-1]
    action = next(a for a in dialog.actions if getattr(a, "identifier", None) == "guide-dialog-start")
    guide_tests.click(action)
    assert store.games[int(shell.routes[-1].rsplit("/", 1)[1])]["game"] == "rosenkrieg"
    assert guide_offer.offer(shell, "rosenkrieg") == []  # started once: not offered again
    assert guide.tour_for("rosenkrieg") is rk_guide.TOUR


def test_the_declaring_line_counts_one_trump_in_the_singular():
    session = GameSession.start("rosenkrieg", rk_tests.people_and_bots(3), seed=rk_guide.SEED)
    words = rk_tests.words_of(rk_tests.tree_of(rk_tests.make_table(session)))
    assert "Deine Hand: 1 Trumpf, 26 Zähler." in words
