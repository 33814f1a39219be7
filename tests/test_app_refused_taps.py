"""Every refused tap explains itself: the kit's hand hands a tap on a card that cannot be used now to
the table (``on_refused``), the table says why through ``Table.refuse`` and nothing else changes;
Thronfolge's refused take and Rosenkrieg's card that does not follow suit use it alike."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft
import pytest

from app import i18n

from app.tables.kit import hand as kit_hand
from core.games import thronfolge as tf
from core.session import GameSession, Seat
from tests.test_app_card import walk
from tests import test_app_rosenkrieg_table as rk_tests
from tests import test_app_thronfolge_table as tf_tests


def card_box(tree, card: str) -> ft.Container:
    sem = next(c for c in walk(tree) if isinstance(c, ft.Semantics) and c.identifier == f"card-{card}")
    return sem.content


def tap(tree, card: str) -> None:
    box = card_box(tree, card)
    assert box.on_click is not None, f"{card} ignores taps"
    box.on_click(SimpleNamespace(control=box))


# --- the kit ------------------------------------------------------------------------------------------


def test_a_card_that_cannot_be_used_now_hands_its_tap_to_on_refused_and_still_looks_faded():
    played, refused = [], []
    hand = kit_hand.overlap_hand(["AL", "KL", "9T"], lang="en", size="medium", back="royal", width=360,
                                 playable={"9T"}, on_tap=played.append, on_refused=refused.append)
    tap(hand, "AL")
    tap(hand, "9T")
    assert refused == ["AL"] and played == ["9T"]
    assert card_box(hand, "AL").opacity < 1 and card_box(hand, "9T").opacity == 1
    row = kit_hand.hand_row(["AL", "9T"], lang="en", size="medium", back="royal", playable=None,
                            on_tap=played.append, on_refused=refused.append)
    tap(row, "9T")  # not this player's turn: every card refuses
    assert refused == ["AL", "9T"]
    quiet = kit_hand.hand_row(["AL"], lang="en", size="medium", back="royal", playable=set(), on_tap=played.append)
    assert card_box(quiet, "AL").on_click is None  # without on_refused nothing changes for other tables


def test_a_refused_take_in_thronfolge_is_explained_through_the_kit():
    session = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], seed=3)
    table = tf_tests.make_table(session)
    table.control()
    calls = []
    table.refuse = lambda reason, **kw: calls.append(reason)
    session.apply(tf.TAKE)
    session.apply(session.legal()[0])
    table.ask_take()
    assert calls and "taken" in calls[0]


# --- Rosenkrieg -----------------------------------------------------------------------------------------


def rosenkrieg_mid_trick(lang: str = "de") -> tuple[GameSession, object]:
    """Seat 0 (a person) to play to a led Türme ace, holding Türme and other cards."""
    session = GameSession.start("rosenkrieg", rk_tests.people_and_bots(2), seed=1)
    state = session.state
    state.update(phase="play", potentat=1, hands=[["AL", "KL", "9T", "QB"], ["TL", "AR", "KT"]],
                 erbe=["QR", "JB"], trick={"leader": 1, "cards": ["AT"]}, to_move=0)
    table = rk_tests.make_table(session, lang=lang)
    table.control()
    return session, table


def test_a_rosenkrieg_card_that_does_not_follow_suit_says_why_and_changes_nothing():
    session, table = rosenkrieg_mid_trick()
    before = (dict(session.state), list(session.actions))
    tap(rk_tests.tree_of(table), "AL")
    assert (session.state["hands"], list(session.actions)) == (before[0]["hands"], before[1])
    ids = rk_tests.by_id(table.root)
    assert ids["hint"].label == "Löwen-Ass geht jetzt nicht: Türme wurde ausgespielt – du musst Türme bedienen."
    assert table.selected == []
    tap(rk_tests.tree_of(table), "9T")  # the one card that follows: picked, and the refusal is gone
    assert table.selected == ["9T"] and table.message is None


def test_a_refused_rosenkrieg_card_is_explained_in_english_too_with_the_trump_rule():
    session, table = rosenkrieg_mid_trick("en")
    session.state["trick"]["cards"] = ["9R"]  # a trump led: the King of Lions must go
    tap(rk_tests.tree_of(table), "9T")
    assert table.message == "Nine of Towers cannot be played now: A trump was led – you must play a trump " \
                            "(a rose or the King of Lions)."


def test_a_tap_on_the_hand_while_the_computer_is_to_move_says_whose_turn_it_is():
    session, table = rosenkrieg_mid_trick("en")
    session.state["to_move"] = 1
    tap(rk_tests.tree_of(table), "AL")
    assert table.message == "It is Computer (Random)'s turn – wait for yours."
    assert session.actions == []


def test_a_tap_on_a_card_while_declaring_says_to_declare_first():
    session = GameSession.start("rosenkrieg", rk_tests.people_and_bots(3), seed=15)
    table = rk_tests.make_table(session, lang="en")
    table.control()
    assert session.to_move == 0 and session.state["phase"] == "declare"
    card = session.view(0)["hands"][0][0]
    tap(rk_tests.tree_of(table), card)
    assert table.message.endswith("First everyone declares – do you want to be Potentate? The cards are played after.")
    assert session.actions == []


def test_a_replay_offers_no_refusals():
    session, table = rosenkrieg_mid_trick("en")
    session.read_only = True
    assert card_box(rk_tests.tree_of(table), "AL").on_click is None


# --- a replay invites no taps ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_deck_of_spies_replay_names_what_the_spy_needs_and_never_asks_for_taps(tmp_path, lang):
    from app.screens.replay_model import OPEN
    from core.store import Store
    from tests import test_app_replay as replay_tests

    store = Store.open(str(tmp_path / "app.db"))
    try:
        _shell, _view, screen = replay_tests.open_screen(store, "deck-of-spies", lang=lang)
        for eyes in (OPEN, 0):
            screen.pick_eyes(eyes)
            for n in (0, 1, 2, 3):
                screen.go(n, animate=False)
                shown = replay_tests.words(screen.holder)
                assert "Tap " not in shown and "Tippe" not in shown, (eyes, n)
        screen.go(0, animate=False)
        need = i18n.t("spies.why.replay", lang, need=1).split("1")[0]
        assert need in replay_tests.words(screen.holder)
        cards_shown = [c for c in walk(screen.holder) if isinstance(c, ft.Semantics)
                       and (c.identifier or "").startswith("card-")]
        assert cards_shown and all(c.content.on_click is None for c in cards_shown)  # the cards are no buttons
    finally:
        store.close()
