"""The replay screen without a browser: every game's table at any step, read-only, from any seat.

The screen is built with a stub shell over a real store holding self-played finished games,
then driven through its own buttons' handlers and read back as the texts and labels it shows.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import flet as ft
import pytest

from app import i18n
from app.screens import replay as replay_screen
from app.screens.replay_model import OPEN, ReplayRefused, ReplaySession
from app.state import AppState
from core import cards
from core.bench import selfplay
from core.games import registry
from core.replay import Replay
from core.store import Store
from tests.test_app_card import walk
from tests.test_app_thronfolge_table import stub_ui, texts_and_labels

SEATS = {"thronfolge": ["Anna", "Ben"], "deck-of-spies": ["Anna"], "rosenkrieg": ["Anna", "Ben", "Carla"],
         "kings-corner": ["Anna", "Ben", "Carla"]}


@pytest.fixture
def store(tmp_path):
    s = Store.open(str(tmp_path / "app.db"))
    yield s
    s.close()


def save_finished(store, game: str, seed: int = 21) -> int:
    names = SEATS[game]
    rec = selfplay(registry.get(game), ["random"] * len(names), seed)
    seats = [{"kind": "human", "name": n, "profile_id": None, "level": None} for n in names]
    return store.save_game({"id": None, "game": game, "options": rec["options"], "seed": rec["seed"],
                            "seats": seats, "actions": rec["actions"], "state": rec["state"], "over": True,
                            "result": rec["state"]["result"], "undos": 0, "hints": 0})


def shell_for(store, lang: str = "de", wide: bool = False, route: str = "/replay/1"):
    state = AppState(store, lang)
    ui = stub_ui(lang, wide)
    ui.page.route = route
    ui.page.on_keyboard_event = None
    ui.page.update = lambda: None
    views: list = []

    def sub_view(route, title, controls, **kw):
        view = ft.View(route=route, controls=[ft.Text(title), *controls])
        views.append(view)
        return view

    shell = SimpleNamespace(state=state, t=ui.t, lang=lang, wide=wide, width=ui.page.width, page=ui.page,
                            drafts={}, sub_view=sub_view, navigate=ui.navigate, card_size=ui.card_size,
                            snack=ui.snack, cancel_bot=lambda: None, bot_future=None, views=views,
                            tasks=ui.tasks)
    state.ui = shell
    return shell


def words(control) -> str:
    return " | ".join(texts_and_labels(control))


def open_screen(store, game: str, lang: str = "de", wide: bool = False):
    gid = save_finished(store, game)
    shell = shell_for(store, lang, wide, f"/replay/{gid}")
    view = replay_screen.view(shell, gid)
    return shell, view, shell.drafts[f"/replay/{gid}"]


@pytest.mark.parametrize("game", list(SEATS))
@pytest.mark.parametrize("wide", [False, True])
def test_every_game_opens_at_the_deal_and_steps_forward_and_back(store, game, wide):
    _shell, view, screen = open_screen(store, game, wide=wide)
    total = screen.session.replay.length
    assert f"Zug 0 von {total}" in words(view)
    assert "Die Karten sind gegeben" in words(view)
    screen.go(1)
    screen.go(2)
    assert f"Zug 2 von {total}" in words(screen.root)
    screen.go(1)
    assert screen.session.step == 1 and f"Zug 1 von {total}" in words(screen.root)
    screen.go(total)
    assert "Ende der Partie" in words(screen.root)
    screen.go(total + 5)
    assert screen.session.step == total


def test_the_move_is_told_in_words_with_the_name_of_who_made_it(store):
    _shell, _view, screen = open_screen(store, "thronfolge", lang="en")
    screen.go(1)
    move = screen.session.replay.move(1)
    said = screen.session.replay.describe(1, "en")
    assert f"{SEATS['thronfolge'][move.seat]} {said}" in words(screen.root)
    assert "Move 1 of" in words(screen.root)


def test_a_seat_view_hides_what_that_seat_could_not_see_and_all_open_shows_it(store):
    _shell, _view, screen = open_screen(store, "rosenkrieg")
    screen.go(10)
    state = screen.session.replay.state(10)
    other = state["hands"][1]
    assert other
    shown_open = words(screen.root)
    assert all(cards.name(c, "de") in shown_open for c in other)
    screen.pick_eyes(0)
    shown_seat = words(screen.root)
    assert screen.session.eyes == 0 and "Sicht von Anna" in shown_seat
    assert not any(cards.name(c, "de") in shown_seat for c in other + state["erbe"])
    assert all(cards.name(c, "de") in shown_seat for c in state["hands"][0])


def test_the_table_takes_no_input_and_the_session_refuses_every_action(store):
    _shell, _view, screen = open_screen(store, "kings-corner")
    assert screen.holder.ignore_interactions
    with pytest.raises(ReplayRefused):
        screen.session.apply("draw")
    assert screen.session.legal() == [] and not screen.session.bot_to_move
    screen.go(3)
    assert screen.session.replay.length == len(screen.session.actions) + screen.session.replay.length - 3


# What a table offers a player: none of it may show in a replay, where nothing can be tapped.
PLAY_IDS = {"again", "home", "take", "play", "draw", "end-turn", "next-round", "partie-continue",
            "partie-scoreboard", "to-ledger", "declare-will", "declare-pass", "lay-confirm", "spies-counter",
            "spies-recruit", "spies-hint", "spies-undo", "spies-replay", "spies-new", "spies-home", "spies-stats",
            "spies-retire", "spies-done", "spies-assassinate"}


def offered(control) -> set[str]:
    """The identifiers of the table's own buttons found under ``control``."""
    found = {getattr(c, "identifier", None) for c in walk(control)}
    found |= {c.content.identifier for c in walk(control)
              if isinstance(c, ft.Semantics) and isinstance(getattr(c, "content", None), ft.Semantics)}
    buttons = [c for c in walk(control) if isinstance(c, (ft.FilledButton, ft.OutlinedButton, ft.TextButton))]
    return (found & PLAY_IDS) | ({"a button"} if buttons else set())


@pytest.mark.parametrize("game", list(SEATS))
@pytest.mark.parametrize("wide", [False, True])
def test_a_replayed_table_offers_no_move_rematch_or_other_button_at_any_step(store, game, wide):
    _shell, _view, screen = open_screen(store, game, wide=wide)
    total = screen.session.replay.length
    steps = sorted({0, 1, 2, 3, total // 3, total // 2, total - 1, total})
    for eyes in (OPEN, 0):
        screen.pick_eyes(eyes)
        for n in steps:
            screen.go(n, animate=False)
            assert offered(screen.holder) == set(), (eyes, n)


def test_the_same_table_in_play_offers_its_buttons(store):
    """The check above can fail: a running game's table does show them."""
    from core.session import GameSession, Seat
    from tests.test_app_thronfolge_table import make_table

    session = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], seed=4)
    assert {"take", "play"} <= offered(ft.Column(make_table(session, False).build_content()))
    while not session.over:
        session.apply(session.legal()[0])
    assert {"again", "home"} <= offered(ft.Column(make_table(session, True).build_content()))


def test_arrow_keys_step_and_home_and_end_jump(store):
    shell, _view, screen = open_screen(store, "deck-of-spies")
    key = shell.page.on_keyboard_event
    key(SimpleNamespace(key="Arrow Right"))
    key(SimpleNamespace(key="Arrow Right"))
    assert screen.session.step == 2
    key(SimpleNamespace(key="Arrow Left"))
    assert screen.session.step == 1
    key(SimpleNamespace(key="End"))
    assert screen.session.step == screen.session.replay.length
    key(SimpleNamespace(key="Home"))
    assert screen.session.step == 0
    shell.page.route = "/players"
    key(SimpleNamespace(key="Arrow Right"))
    assert screen.session.step == 0  # another screen is shown: the keys are not the replay's


def test_play_runs_to_the_end_at_the_speed_setting_and_pause_stops_it(store, monkeypatch):
    shell, _view, screen = open_screen(store, "thronfolge")
    screen.toggle_play()
    assert screen.playing and shell.tasks[-1][0] == screen._autoplay
    assert "Anhalten" in words(screen.bar)
    screen.toggle_play()
    assert not screen.playing and "Abspielen" in words(screen.bar)
    monkeypatch.setitem(replay_screen.STEP_SECONDS, "normal", 0)
    screen.go(40)
    screen.playing = True
    asyncio.run(screen._autoplay())
    assert screen.session.step == screen.session.replay.length and not screen.playing
    assert "Abspielen" in words(screen.bar)


def test_a_running_game_shows_a_refusal_instead_of_a_replay(store):
    gid = store.save_game({"id": None, "game": "thronfolge", "options": {}, "seed": 3,
                           "seats": [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Ben"}],
                           "actions": [], "state": registry.get("thronfolge").new(2, 3), "over": False,
                           "result": None, "undos": 0, "hints": 0})
    shell = shell_for(store, "de", route=f"/replay/{gid}")
    view = replay_screen.view(shell, gid)
    assert "Diese Partie läuft noch" in words(view)
    assert not shell.drafts


def test_the_step_survives_a_rebuild_of_the_screen(store):
    shell, _view, screen = open_screen(store, "thronfolge")
    screen.go(5)
    gid = screen.session.game_id
    again = replay_screen.view(shell, gid)
    assert shell.drafts[f"/replay/{gid}"] is screen and "Zug 5 von" in words(again)


def test_a_replay_session_shows_the_open_view_only_when_every_card_is_open():
    rec = selfplay(registry.get("thronfolge"), ["random", "random"], 4)
    rec.update(over=True, id=1)
    session = ReplaySession(Replay(rec), [{"kind": "human", "name": "A"}, {"kind": "bot", "name": "B",
                                                                          "level": "easy"}], step=3)
    assert session.eyes == OPEN and cards.UNKNOWN not in str(session.view(0)["hands"])
    session.eyes = 1
    assert session.view(1)["hands"][0] == [cards.UNKNOWN] * len(session.state["hands"][0])
    assert session.bottom_seat() == 1 and session.privacy_guard(session).viewer() == 1


def test_both_languages_have_the_replay_strings():
    from app.screens import replay_strings

    assert replay_strings.DE.keys() == replay_strings.EN.keys()
    assert i18n.t("replay.step", "en", n=12, total=57) == "Move 12 of 57"
    assert i18n.t("replay.step", "de", n=12, total=57) == "Zug 12 von 57"
