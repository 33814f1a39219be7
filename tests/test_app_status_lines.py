"""What a table says between rounds and right after a move: true at that moment, not left over.

- On a sheet between rounds (Kings in the Corner's scoreboard, Thronfolge's recap) undo is not
  "wait until the computer has moved": the computer waits for the person, who may still take
  the last move back.
- Deck of Spies counts the spy being finished, not the next one, while cards are retired.
- A Rosenkrieg Partie opens with its deal, not with the last trick of the Partie before.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import flet as ft
import pytest

from app import i18n
from app.screens import progress
from app.tables.deck_of_spies import logic as spies_logic
from app.tables.kit.top_bar import TopBar
from core.games import deck_of_spies as dos
from core.session import GameSession, Seat
from tests.test_app_thronfolge_recap import thronfolge_before_a_round_ends
from tests.test_app_thronfolge_table import texts_and_labels

ANNA = Seat("human", "Anna")


def bar_for(table) -> TopBar:
    bar = TopBar(SimpleNamespace(t=table.t, snack=table.ui.snack), table, lambda: None)
    table.bar = bar
    return bar


# --- undo on a sheet between rounds ----------------------------------------------------------------


def test_undo_on_a_round_sheet_does_not_ask_to_wait_for_a_computer_that_waits():
    from tests.test_app_kings_corner_table import make_table as kings_table
    from tests.test_app_kings_corner_table import one_card_left

    s = one_card_left()
    table = kings_table(s)
    table.tap_card("8H")
    table.tap_pile("N")  # the round ends; a computer opens the next one, once the sheet is closed
    assert table.sheet and table.driver.paused and s.bot_to_move
    bar = bar_for(table)
    assert bar.why_not() is None
    assert i18n.t("kit.undo_busy", "de") not in bar.undo_button.tooltip
    table.close_sheet()  # now the computer moves: undo waits for it
    bar.refresh()
    assert bar.why_not() == i18n.t("kit.undo_busy", "de")


def test_undo_on_the_thronfolge_recap_takes_back_the_last_move_when_the_computer_opens_the_next_round():
    game, table, last = thronfolge_before_a_round_ends(person=False)
    table.redraw(game.apply(last))  # as the driver does: the computer's move ends the round
    assert table.recap_open and table.driver.paused and game.bot_to_move
    bar = bar_for(table)
    assert bar.why_not() is None, bar.undo_button.tooltip
    assert bar.label() == i18n.t("kit.undo_with_reply", "de", name=table.name(1))


# --- Deck of Spies: which spy --------------------------------------------------------------------


def spies_retiring() -> GameSession:
    """A deal where the first spy is countered or recruited with a pair left in hand: cards to retire."""
    for seed in range(1, 3000):
        s = GameSession.start("deck-of-spies", [ANNA], seed=seed)
        for action in s.legal():
            after = dos.GAME.apply(s.state, action).state
            if after["phase"] == "retire":
                s.apply(action)
                return s
    raise AssertionError("no deal retires after the first spy")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_while_the_first_spy_is_finished_the_table_and_continue_say_spy_1(lang):
    s = spies_retiring()
    view = s.view(0)
    assert view["phase"] == "retire" and len(view["spies"]) == 35
    assert spies_logic.spy_number(view) == 1
    store = SimpleNamespace(load_game=lambda gid: {"state": s.state, "seed": s.state["seed"]})
    summary = SimpleNamespace(id=1, game="deck-of-spies", meta={}, ply=1)
    assert progress.spy_progress(store, summary)["n"] == 1
    assert i18n.t("continue.spy", lang, number="000001", n=1, total=36).split("·")[1].strip().replace(
        "\u00a0", " ") in progress.progress_line(store, summary, lambda k, **kw: i18n.t(k, lang, **kw)).replace(
        "\u00a0", " ")
    s.apply(next(a for a in s.legal() if str(a) == "done"))
    assert spies_logic.spy_number(s.view(0)) == 2 and progress.spy_progress(store, summary)["n"] == 2


def test_the_spy_count_of_the_head_up_line_while_retiring():
    from tests.test_app_deck_of_spies_table import make_table as spies_table

    s = spies_retiring()
    table = spies_table(s, lang="en")
    words = " ".join(texts_and_labels(ft.Column([table.control()])))
    assert "Spy 1 of 36" in words and "Spy 2 of 36" not in words
    assert "NEXT SPY" in words and "CURRENT SPY" not in words  # the card on the deck is the next one


# --- Rosenkrieg: the next Partie's first line ------------------------------------------------------


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_second_partie_opens_with_its_deal_not_the_first_partie_s_last_trick(lang):
    from tests.test_app_rosenkrieg_table import make_table as rk_table
    from tests.test_app_rosenkrieg_table import people_and_bots, tree_of, words_of

    session = GameSession.start("rosenkrieg", people_and_bots(2), seed=9)
    table = rk_table(session, speed="off", lang=lang)
    rng = random.Random(2)
    while not session.state["partien"]:
        legal = session.legal()
        table.redraw(session.apply(legal[rng.randrange(len(legal))]))
    last_trick = table.last_move
    assert last_trick and table.sheet is not None
    table.close_sheet()
    words = words_of(tree_of(table))
    assert last_trick not in words
    dealer = session.state["dealer"]
    assert i18n.t("rk.dealt", lang, n=2, name=table.name(dealer)) in words
