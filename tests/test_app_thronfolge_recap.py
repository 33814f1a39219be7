"""The Thronfolge recap between two rounds: who won the round, both standings, who starts the next;
the computer waits until it is closed, a table opened again shows it again, an undo takes it away."""

from __future__ import annotations

import random
from types import SimpleNamespace

import flet as ft
import pytest

from app import i18n
from app.tables.kit.top_bar import TopBar
from app.tables.thronfolge import model as tf_model
from core.session import GameSession, Seat
from tests.test_app_card import walk
from tests.test_app_thronfolge_table import make_table as tf_table
from tests.test_app_thronfolge_table import texts_and_labels

ANNA = Seat("human", "Anna")


def ids(control) -> set[str]:
    return {c.identifier for c in walk(control) if isinstance(c, ft.Semantics) and c.identifier}


def press(control, ident: str) -> None:
    box = next(c for c in walk(control) if isinstance(c, ft.Semantics) and c.identifier == ident)
    next(c for c in walk(box) if getattr(c, "on_click", None)).on_click(None)


def bar_for(table) -> TopBar:
    bar = TopBar(SimpleNamespace(t=table.t, snack=table.ui.snack), table, lambda: None)
    table.bar = bar
    return bar


def thronfolge_before_a_round_ends(person: bool = True, lang: str = "de", seed: int = 5):
    """A game against the computer one move before round 1 ends, with its table; the last move
    of a round is the one of whoever did not start it, and that player starts the next."""
    game = GameSession.start("thronfolge", [ANNA, Seat("bot", "Bot", None, "random")], seed=seed,
                             options={"starter": 1 if person else 0})
    rng = random.Random(seed)
    while len(game.actions) < 11:
        legal = game.legal()
        game.apply(legal[rng.randrange(len(legal))])
    assert game.state["round"] == 1 and game.to_move == (0 if person else 1)
    table = tf_table(game, lang=lang, speed="off")
    table.control()
    return game, table, game.legal()[0]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_thronfolge_round_ends_with_a_recap_of_who_won_it_and_the_standings(lang):
    game, table, last = thronfolge_before_a_round_ends(lang=lang)
    start = tf_model.live_scores(game.snapshots[0] if game.snapshots else game.state)
    table.act(last)
    assert game.state["round"] == 2
    recap = table.recap
    assert recap is not None and table.recap_open and table.driver.paused
    assert recap.round == 1 and recap.before == start and recap.after == tf_model.live_scores(game.state)
    shown = ids(table.root)
    assert {"round-over", "recap-why", "recap-0", "recap-1", "next-round"} <= shown and "line" not in shown
    words = " ".join(texts_and_labels(table.root))
    assert i18n.t("tf.recap.title", lang, n=1) in words
    a, b = recap.gains
    if a != b:
        assert (i18n.t("tf.recap.won_you", lang, a="", b="").split(":")[0] in words) == (a > b)
    assert str(recap.after[0]) in words and str(recap.after[1]) in words
    starter = game.state["starter"]
    assert i18n.t("tf.round_start" + ("_you" if starter == 0 else ""), lang, n=2,
                  name=table.name(starter)) in words
    table.driver.kick()
    assert not [fn for fn, _ in table.ui.tasks if getattr(fn, "__name__", "") == "_bot_turns"]  # the computer waits
    press(table.root, "next-round")
    assert table.recap is None and not table.driver.paused and game.meta["recap_seen"] == 1
    assert "next-round" not in ids(table.root)


def test_a_recap_never_closed_comes_back_when_the_game_is_opened_again():
    game, table, last = thronfolge_before_a_round_ends()
    table.act(last)
    again = tf_table(game, speed="off")
    again.control()
    assert again.recap_open and again.recap.round == 1 and "round-over" in ids(again.root)
    press(again.root, "next-round")
    third = tf_table(game, speed="off")
    third.control()
    assert third.recap is None and "round-over" not in ids(third.root)


def test_taking_back_the_move_that_ended_the_round_closes_the_recap():
    game, table, last = thronfolge_before_a_round_ends()
    table.act(last)
    assert table.recap_open
    bar = bar_for(table)
    assert not bar.undo_button.disabled
    bar.undo()
    assert table.recap is None and not table.driver.paused and game.state["round"] == 1
