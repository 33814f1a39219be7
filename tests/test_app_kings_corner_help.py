"""The Kings table's help without a browser: every refused tap says why, and the hint names the hard
bot's move with a reason a person understands, picked on the table so its place lights up."""

from __future__ import annotations

import asyncio

import pytest

from app import i18n
from app.tables.kings_corner import advice as adv
from core.games import kings_corner as kc
from core.session import GameSession
from tests.test_app_kings_corner_table import (ANN, ann_to_move, bot, lit_piles, make_table, press, semantics,
                                               session_at)
from tests.test_app_thronfolge_table import texts_and_labels
from tests.test_kings_corner_rules import table as position

# Every edge taken, no corner open to a 4: Ann's 4♦ fits nowhere (it needs 5♠ or 5♣ on top).
FULL = {"N": ["9S"], "E": ["JD", "TC"], "S": ["6C"], "W": ["8D"]}


def de(key: str, **kw) -> str:
    return i18n.t(key, "de", **kw)


def line(t) -> str:
    """What the line under the cross says."""
    return " ".join(texts_and_labels(semantics(t, "hint")))


def test_a_card_that_fits_nowhere_says_which_cards_it_would_need():
    t = make_table(session_at(position([["8H", "4D"], ["2C", "3C"]], FULL), [ANN, bot()]))
    press(t, "card-4D")
    assert t.pick is None and t.session.actions == []
    assert t.message == de("kc.no_place", card="4♦", need="5♠ oder 5♣")
    assert t.message in line(t)


def test_a_king_that_fits_nowhere_says_it_needs_a_corner():
    piles = dict(FULL, NE=["KH"], SE=["KS"], SW=["KD"], NW=["KC"])
    hands = [["8H", "KC"], ["2C", "3C"]]
    # (a second K♣ cannot exist: the test only asks the table's words for a king in hand)
    t = make_table(session_at(position(hands, piles), [ANN, bot()]))
    assert t.no_place("KC") == de("kc.no_place_king", card="K♣")


@pytest.mark.parametrize("ident", ["card-8H", "pile-W", "pile-NE"])
def test_before_the_draw_a_card_and_a_pile_say_draw_first(ident):
    s = session_at(position([["8H", "4D"], ["2C", "3C"]], FULL, talon=["5C", "7S"], phase="draw"), [ANN, bot()])
    t = make_table(s)
    press(t, ident)
    assert t.message == de("kc.why.draw_first") and t.session.actions == []
    assert t.message in line(t)


def test_the_talon_once_drawn_says_so():
    s = session_at(position([["8H", "4D"], ["2C", "3C"]], FULL, talon=["5C", "7S"], phase="draw"), [ANN, bot()])
    t = make_table(s)
    press(t, "talon")
    assert s.actions == ["draw"]
    press(t, "talon")
    assert s.actions == ["draw"] and t.message == de("kc.why.drawn")


def run_hint(t) -> None:
    """Run the hint's task as the page would (the stub page only collects tasks)."""
    pending = [(fn, a) for fn, a in t.ui.tasks if getattr(fn, "__name__", "") == "_work"]
    assert pending, "the hint was not asked for"
    fn, args = pending[-1]
    t.ui.tasks.clear()
    asyncio.run(fn(*args))


def test_the_hint_picks_the_hard_bots_move_and_says_why_in_the_line_under_the_cross():
    s = ann_to_move()
    t = make_table(s)
    press(t, "kc-hint")
    assert t.hints.busy and de("hint.thinking") in line_of(t)  # "one moment …" while it is worked out
    run_hint(t)
    action = t.hints.current()
    assert action is not None and s.hints == 1
    a = t.advice
    words = adv.advice_text(a, lambda k, **kw: de(k, **kw), "de")
    assert words in " ".join(texts_and_labels(semantics(t, "kc-hint-text")))
    if a.pick is not None:  # its card or pile is picked: exactly its place lights up among the targets
        assert t.pick == a.pick and a.target in lit_piles(t)
    s.apply("end")
    assert t.hints.current() is None  # a move later the hint is gone


def line_of(t) -> str:
    return " ".join(texts_and_labels(semantics(t, "kc-hint-text")))


# --- the hint's words, one situation each -----------------------------------------------------------


def words(view_hands, piles, action, reason="", lang="en", talon=()):
    state = position(view_hands, piles, talon=list(talon))
    s = GameSession(kc.GAME, [ANN, bot()], state)
    a = adv.advise(s.view(0), 0, action, reason)
    return a, adv.advice_text(a, lambda k, **kw: i18n.t(k, lang, **kw), lang)


def test_a_pile_move_says_which_place_it_frees():
    a, text = words([["4D"], ["2C"]], FULL, "move W N")
    assert a.key == "move" and text == "Move the pile at West onto 9♠ (North): West is then free for a card from your hand."


def test_a_build_that_a_hand_card_can_follow_names_it():
    a, text = words([["8H", "7S"], ["2C"]], FULL, "play 8H N")
    assert a.key == "build_run" and "your 7♠ then fits on it" in text


def test_a_king_into_a_corner_and_the_plan_going_out():
    a, text = words([["KH"], ["2C"]], FULL, "play KH NE", "puts K♥ into the empty corner NE, and its plan goes out this turn")
    assert a.key == "king" and text.endswith("only a king opens a corner. This way your whole hand goes out this turn.")


def test_ending_the_turn_with_cards_kept_back_names_them_in_german():
    a, text = words([["KH", "QS"], ["2C"]], FULL, "end", "ends the turn: its plan plays 0 cards this turn and keeps K♥ Q♠ "
                                                         "back, sure to fit later")
    assert a.key == "end_keep" and a.kept == ("KH", "QS")
    a, text = words([["KH", "QS"], ["2C"]], FULL, "end", "keeps K♥ Q♠ back, sure to fit later", lang="de")
    assert text.startswith("Beende deinen Zug und behalte K♥ D♠:")


def test_every_hint_sentence_is_whole_in_both_languages():
    for key in ("draw", "end", "end_keep", "move", "move_king_pile", "build", "build_run", "king", "king_run",
                "fill", "fill_run", "out", "keep"):
        for lang in ("de", "en"):
            text = i18n.t(f"kc.tip.{key}", lang, src="W", dst="N", top="9♠", card="8♥", pos="N", next="7♠",
                          cards="K♥")
            assert "{" not in text and text.strip()
