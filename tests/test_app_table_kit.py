"""The table kit without a browser: undo says what it takes back, at one shared device an undo
never shows one person's hand to another nor lets one take back another's move, and no text
on a table is smaller than 11 px."""

from __future__ import annotations

import random
from types import SimpleNamespace

import flet as ft
import pytest

from app.tables.kit.top_bar import TopBar
from core.session import undo_scope
from core.games import thronfolge as tf
from core.session import GameSession, Seat
from tests.test_app_generic_table import shown_cards
from tests.test_app_thronfolge_table import make_table, texts_and_labels


def bar_for(table) -> TopBar:
    shell = SimpleNamespace(t=table.t, snack=table.ui.snack)
    bar = TopBar(shell, table, lambda: None)
    table.bar = bar
    return bar


def first_play(session) -> tf.Play:
    return next(a for a in session.legal() if isinstance(a, tf.Play))


def test_undo_against_the_computer_names_the_reply_it_takes_back():
    session = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], seed=3)
    table = make_table(session)
    bar = bar_for(table)
    assert bar.undo_button.disabled and "nichts" in bar.undo_button.tooltip
    session.apply(first_play(session))
    session.apply(first_play(session))  # the computer's reply
    bar.refresh()
    assert not bar.undo_button.disabled
    assert bar.undo_button.tooltip.endswith("Deinen letzten Zug und die Antwort von Computer (Zufall) zurücknehmen")
    assert undo_scope(session) == (0, [1])
    bar.undo()
    assert session.actions == []


def test_undo_is_disabled_once_the_game_is_over():
    session = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], seed=3)
    while not session.over:
        session.apply(session.legal()[0])
    bar = bar_for(make_table(session))
    assert bar.undo_button.disabled and "beendet" in bar.undo_button.tooltip
    moves = list(session.actions)
    bar.undo()
    assert session.actions == moves and session.over


def test_a_hot_seat_undo_asks_the_person_whose_move_it_takes_back_behind_the_privacy_screen():
    session = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("human", "Ben")], seed=6)
    table = make_table(session)
    bar = bar_for(table)
    table.revealed_for = 0
    anna = list(session.state["hands"][0])
    table.tap_card(anna[0])
    table.tap_card(anna[0])  # Anna plays; the device goes to Ben
    ben = list(session.state["hands"][1])
    assert "Anna" in bar.undo_button.tooltip  # "take back Anna's last move"
    table.revealed_for = 1  # Ben holds the device now and taps undo
    bar.undo()
    curtain = ft.Column(table.build_content())
    assert not shown_cards(curtain) & (set(anna) | set(ben))  # nobody's cards while the device changes hands
    assert any("Anna möchte den letzten Zug zurücknehmen" in w for w in texts_and_labels(curtain))
    assert session.actions == [f"play {anna[0]}"]  # nothing is taken back before Anna confirms
    table.cancel_undo()  # Ben cannot take Anna's move back: the move stays
    assert session.actions == [f"play {anna[0]}"]
    assert any("Gib das Gerät an Ben" in w for w in texts_and_labels(ft.Column(table.build_content())))
    bar.undo()
    table.confirm_undo()  # Anna has the device and confirms
    assert session.actions == [] and table.revealed_for == 0
    shown = shown_cards(ft.Column(table.build_content()))
    assert set(anna) <= shown and not shown & set(ben)


def text_sizes(control) -> list[float]:
    from tests.test_app_card import walk

    sizes = []
    for c in walk(control):
        if isinstance(c, ft.Text):
            if c.size is not None:
                sizes.append(c.size)
            sizes.extend(span.style.size for span in (c.spans or []) if span.style and span.style.size)
    return sizes


@pytest.mark.parametrize("wide", [False, True])
def test_no_text_on_either_table_is_smaller_than_11_px(wide):
    from tests.test_app_deck_of_spies_table import make_table as spies_table

    session = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], seed=4)
    rng = random.Random(4)
    for _ in range(14):  # a few moves in, so collections and the line have something to show
        legal = session.legal()
        session.apply(legal[rng.randrange(len(legal))])
    sizes = text_sizes(ft.Column(make_table(session, wide).build_content()))
    spies = GameSession.start("deck-of-spies", [Seat("human", "Anna")], seed=421464)
    sizes += text_sizes(ft.Column(spies_table(spies, wide=wide).build(spies.view(0))))
    assert sizes and min(sizes) >= 11


def test_deck_of_spies_court_cards_print_the_value_their_face_does_not_show():
    from core.games import deck_of_spies as dos
    from spies_positions import stacked
    from tests.test_app_card import walk
    from tests.test_app_deck_of_spies_table import make_table as spies_table

    state = stacked(spies=["QH", "KH"], hand=["QS", "JD", "3C", "AH", "2S"], draw=["4D", "5D"])
    session = GameSession(dos.GAME, [Seat("human", "Anna")], state)
    tree = ft.Column(spies_table(session).build(session.view(0)))
    marks = {}
    for c in walk(tree):
        if isinstance(c, ft.Semantics) and (c.identifier or "").startswith("card-"):
            marks[c.identifier[5:]] = ([t.value for t in walk(c) if isinstance(t, ft.Text) and t.value in ("11", "12", "13")],
                                       c.label)
    assert marks["QS"][0] == ["12"] and marks["QS"][1].endswith("Wert 12")
    assert marks["JD"][0] == ["11"]
    assert marks["3C"][0] == [] and marks["AH"][0] == []
    assert marks["KH"][0] == []  # the current spy has its value medallion instead


def test_moves_sound_as_what_they_did_and_only_a_persons_own_moves_buzz():
    from app.tables.kit.feel import cues

    session = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], seed=3)
    play = next(a for a in session.legal() if isinstance(a, tf.Play))
    assert cues(session.apply(play), session) == [("play", True)]
    reply = session.apply(next(a for a in session.legal() if isinstance(a, tf.Play)))
    assert cues(reply, session) == [("play", False)]  # the computer's move: a sound, no buzz
    assert cues(session.apply(tf.TAKE), session) == [("take", True)]
    dealt = [{"type": "move", "cards": ["??"] * 5, "from": "deck", "to": "hand:1", "seat": 1},
             {"type": "move", "cards": ["2S"] * 5, "from": "deck", "to": "hand:0", "seat": 0}]
    assert cues(dealt, session) == [("deal", False)]  # once per batch, however many cards


def test_the_end_sounds_a_win_or_a_loss_for_the_person_at_the_device():
    from app.tables.kit.feel import cues

    for seed in range(20):
        session = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")],
                                    seed=seed)
        events: list = []
        while not session.over:
            events = session.apply(session.legal()[0])
        kinds = [k for k, _ in cues(events, session)]
        assert ("win" in kinds) == (0 in session.outcome.winners)
        assert ("loss" in kinds) == (0 not in session.outcome.winners)


def test_a_refused_attempt_sounds_the_refusal():
    from app import feedback

    played = []
    session = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], seed=3)
    table = make_table(session)
    table.state.feedback = feedback.Feedback(None, None)
    table.state.feedback.cue = played.append
    table.act("play ZZ")
    assert played == ["illegal"] and table.message


def test_a_computer_seat_is_named_in_the_language_of_the_moment():
    # A game keeps the seat names it began with; the table names computers in today's language.
    session = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("bot", "Computer (Schwer)", None, "hard")],
                                seed=3)
    assert make_table(session, lang="en").name(1) == "Computer (Hard)"
    assert make_table(session, lang="de").name(1) == "Computer (Schwer)"
    assert make_table(session, lang="en").name(0) == "Anna"
