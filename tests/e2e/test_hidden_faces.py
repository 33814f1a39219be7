"""Hidden cards stay hidden, proven per registered game from the browser's websocket traffic.

Every frame the browser receives is recorded while each registered game (the registry,
so a new game is covered the day it is registered) is played against the computer and
hot-seat across the privacy screen. The faces a seat may not see come from the stored
state (``Game.face_down``: the secret cards, and in Deck of Spies, whose secret is the order of
known cards, the draw pile and the spies below the top); ``faces.FaceFinder`` finds faces in frames by code, name,
short form and picture. The computer's moves are made by the app itself; the person's
move is one random legal action saved as a copy of the game, which the app then opens
(the tables' own taps are covered by each table's tests).

A segment of frames runs from opening a position until the app is quiet; its forbidden
faces are those secret in every state the segment went through, so a card the computer
played during the segment may show (no false alarms), and hands, draw piles, removed
cards and the Erbe may not. Each segment waits for the seat's own hand to be found in
the frames, which also keeps the finder honest.
"""

from __future__ import annotations

import json
import random
import time

import pytest
from faces import FaceFinder, Frames, states_between, strings
from harness import ROOT, show
from playwright.sync_api import expect

from core.games import registry
from core.session import GameSession, Seat

pytestmark = pytest.mark.e2e

POSITIONS = 3  # positions per game and way of playing
SPEED = "ui_animation_speed"
REPORT = ROOT / "test-artifacts" / "hidden-faces.json"
FIGURES: dict[str, dict[str, int]] = {}


@pytest.fixture(scope="module")
def watched(screens, app_server):
    """The phone page with its frames recorded, and the computer moving without pauses."""
    from core.store import Store

    with Store.open(str(app_server[1])) as own:
        before = own.get_setting(SPEED)
        own.set_setting(SPEED, "off")  # read when the page opens its session
    app = screens("phone")
    frames = Frames(app.page)
    yield app, frames
    with Store.open(str(app_server[1])) as own:
        own.set_setting(SPEED, before)
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(FIGURES, indent=1))


def seats_for(name: str, hot_seat: bool) -> list[Seat]:
    info = registry.get(name).info
    n = min(info.max_players, 3)
    if hot_seat:
        return [Seat("human", who) for who in ("Anna", "Ben", "Carla")[:n]]
    return [Seat("human", "Anna")] + [Seat("bot", f"Computer {i}", level="easy") for i in range(1, n)]


def own_faces(name: str, state: dict, seat: int | None) -> set[str]:
    """The faces ``seat`` sees and an onlooker does not: its own hand (none for an onlooker)."""
    if seat is None or state["over"]:
        return set()
    game = registry.get(name)
    return game.secret_cards(state, None) - game.secret_cards(state, seat)


def drawn(frames: Frames, since: int, page, name: str, state: dict, seat: int | None) -> None:
    """Wait until the app has drawn the position for ``seat``: its own faces have arrived
    (when it has any) and the frames have stopped.

    :raises AssertionError: when its own faces never arrive: the finder would be blind.
    """
    own = own_faces(name, state, seat)
    finder = FaceFinder(own)
    ok = frames.quiet(since, page, lambda ms: not own or any(finder.find(m) for m in ms))
    assert ok, f"{name}: none of seat {seat}'s own faces {sorted(own)} reached the browser"


def check_segment(frames: Frames, since: int, states: list[dict], seat: int | None, name: str,
                  tally: dict[str, int]) -> None:
    """No face secret from ``seat`` through all of ``states`` is in the frames since ``since``."""
    game = registry.get(name)
    forbidden = set.intersection(*(game.face_down(s, seat) for s in states))
    messages = frames.messages(since)
    leaked = set().union(*(FaceFinder(forbidden).find(m) for m in messages))
    where = [t[:160] for m in messages for t in strings(m) if leaked and FaceFinder(leaked).pattern
             and FaceFinder(leaked).pattern.search(t)][:5]
    assert leaked == set(), (f"{name}: faces seat {seat} may not see reached the browser: {sorted(leaked)}"
                             f" in {where} (or as pictures)")
    tally["frames"] += len(messages)
    tally["segments"] += 1
    tally["forbidden_faces_checked"] += len(forbidden)


def wait_for_people(store, game_id: int, timeout: float = 60.0) -> dict:
    """The saved record once a person is to move (or the game is over)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        rec = store.load_game(game_id)
        to_move = rec["state"]["to_move"]
        if rec["over"] or rec["seats"][to_move]["kind"] == "human":
            return rec
        time.sleep(0.2)
    raise AssertionError(f"the computer did not finish its moves in game {game_id}")


def next_position(store, rec: dict, rng: random.Random) -> int:
    """A copy of the saved game with one random legal move of the person to move; its id."""
    copy = GameSession.restore(dict(rec, id=None), saver=store)
    copy.apply(rng.choice(copy.legal()))
    assert copy.game_id is not None and copy.game_id != rec["id"]
    return copy.game_id


def begin(store, name: str, hot_seat: bool) -> tuple[dict[str, int], int]:
    """The figures to fill for a game and way of playing, and a new saved game's id."""
    tally = FIGURES.setdefault(f"{name} {'hot-seat' if hot_seat else 'against the computer'}",
                               dict.fromkeys(("frames", "segments", "forbidden_faces_checked"), 0))
    return tally, GameSession.start(name, seats_for(name, hot_seat), seed=21, saver=store).game_id


@pytest.mark.parametrize("name", registry.names())
def test_no_hidden_face_reaches_the_browser_against_the_computer(watched, store, name):
    app, frames = watched
    tally, game_id = begin(store, name, hot_seat=False)
    rng = random.Random(5)
    first_ply = 0
    for _ in range(POSITIONS):
        since = frames.mark()
        show(app, f"/play/{game_id}")
        rec = wait_for_people(store, game_id)
        drawn(frames, since, app.page, name, rec["state"], 0)
        rec = store.load_game(game_id)
        check_segment(frames, since, states_between(rec, first_ply), 0, name, tally)
        if rec["over"]:
            break
        game_id, first_ply = next_position(store, rec, rng), len(rec["actions"]) + 1


@pytest.mark.parametrize("name", [n for n in registry.names() if registry.get(n).info.max_players > 1])
def test_no_hidden_face_reaches_the_browser_hot_seat_across_the_privacy_screen(watched, store, name):
    app, frames = watched
    tally, game_id = begin(store, name, hot_seat=True)
    rng = random.Random(6)
    for _ in range(POSITIONS):
        rec = store.load_game(game_id)
        state, seat = rec["state"], rec["state"]["to_move"]
        since = frames.mark()
        show(app, f"/play/{game_id}")
        if rec["over"]:
            drawn(frames, since, app.page, name, state, None)
            check_segment(frames, since, [state], None, name, tally)
            break
        # The privacy screen: nobody's hand yet.
        expect(app.by_id("reveal")).to_be_visible(timeout=40_000)
        drawn(frames, since, app.page, name, state, None)
        check_segment(frames, since, [state], None, name, tally)
        # "I am Anna": the seat to move sees its own hand and nothing else.
        since = frames.mark()
        app.by_id("reveal").click()
        drawn(frames, since, app.page, name, state, seat)
        check_segment(frames, since, [state], seat, name, tally)
        game_id = next_position(store, rec, rng)
