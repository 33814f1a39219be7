"""One game open in two windows of the app, without a browser: no move is lost, the stale window
shows the stored game and says why, also when its computer's move is the one refused."""

from __future__ import annotations

import asyncio

import pytest

from app.state import AppState
from app.tables.thronfolge import ThronfolgeTable
from core.session import Seat
from core.store import Store
from tests.test_app_thronfolge_table import stub_ui

MOVED_ON = "Diese Partie wurde in einem anderen Fenster weitergespielt – hier ist der aktuelle Stand."


@pytest.fixture
def store(tmp_path):
    s = Store.open(tmp_path / "app.db")
    yield s
    s.close()


class Window:
    """One browser session of the app: its own AppState and a table on one game."""

    def __init__(self, store, game_id: int) -> None:
        self.state = AppState(store, "de")
        self.state.settings.speed = "off"
        self.state.ui = self.ui = stub_ui("de")
        self.refreshed = 0
        self.ui.refresh = self.refresh
        self.game_id = game_id
        self.refresh()
        self.refreshed = 0

    def refresh(self) -> None:
        """What the shell's refresh does for /play/<id>: open the game and build its table."""
        self.refreshed += 1
        self.table = ThronfolgeTable(self.state, self.state.open_game(self.game_id))

    @property
    def session(self):
        return self.table.session

    def play(self) -> None:
        self.table.act(self.session.legal()[0])


def start(store, seats) -> int:
    state = AppState(store, "de")
    state.ui = stub_ui("de")
    return state.start_game("thronfolge", seats, seed=4).game_id


@pytest.fixture
def hot_seat(store):
    anna, ben = store.create_profile("Anna"), store.create_profile("Ben")
    return start(store, [Seat("human", "Anna", anna.id), Seat("human", "Ben", ben.id)])


def test_a_move_in_a_stale_window_is_refused_and_it_shows_the_stored_game_with_the_reason(
        store, hot_seat):
    a, b = Window(store, hot_seat), Window(store, hot_seat)
    a.play()
    a.play()
    stored = store.load_game(hot_seat)["actions"]
    b.play()
    assert store.load_game(hot_seat)["actions"] == stored and len(stored) == 2
    assert b.refreshed == 1 and b.ui.snacks == [MOVED_ON]
    assert b.session.actions == stored and b.session.state == a.session.state
    b.play()  # the window goes on from the stored game
    assert store.load_game(hot_seat)["actions"] == b.session.actions and len(b.session.actions) == 3


def test_opening_the_game_again_in_a_stale_window_shows_the_stored_game(store, hot_seat):
    a, b = Window(store, hot_seat), Window(store, hot_seat)
    old = b.session
    a.play()
    assert b.state.open_game(hot_seat) is not old
    assert b.state.open_game(hot_seat).actions == a.session.actions
    assert a.state.open_game(hot_seat) is a.session  # an up-to-date window keeps its session


def test_a_stale_undo_is_refused_and_the_window_shows_the_stored_game(store, hot_seat):
    a = Window(store, hot_seat)
    a.play()
    b = Window(store, hot_seat)
    a.play()
    b.table.driver.undo()
    assert store.load_game(hot_seat)["actions"] == a.session.actions and len(a.session.actions) == 2
    assert b.ui.snacks == [MOVED_ON] and b.session.actions == a.session.actions


def test_a_computer_move_refused_in_a_stale_window_stops_its_turn_and_shows_the_stored_game(store):
    anna = store.create_profile("Anna")
    state = AppState(store, "de")
    state.ui = stub_ui("de")
    game_id = start(store, [Seat("human", "Anna", anna.id), state.bot_seat("easy")])
    a, b = Window(store, game_id), Window(store, game_id)
    a.play()
    b_old = Window(store, game_id)  # opened after the person's move: the computer is to move
    a.table.driver.paused = b_old.table.driver.paused = False
    asyncio.run(a.table.driver._bot_turns())  # the computer answers in window a first
    assert not a.session.bot_to_move and len(a.session.actions) == 2
    asyncio.run(b_old.table.driver._bot_turns())  # window b's computer thought in the meantime
    assert store.load_game(game_id)["actions"] == a.session.actions
    assert b_old.ui.snacks == [MOVED_ON] and b_old.session.actions == a.session.actions
    assert not b_old.table.driver.thinking and b.session.actions != a.session.actions


def test_a_window_left_on_a_running_game_cannot_reopen_it_once_finished_elsewhere(store, hot_seat):
    a, b = Window(store, hot_seat), Window(store, hot_seat)
    while not a.session.over:
        a.play()
    results = store.results(hot_seat)
    b.play()
    assert store.game_summary(hot_seat).over and store.results(hot_seat) == results
    assert b.ui.snacks == [MOVED_ON] and b.session.over
