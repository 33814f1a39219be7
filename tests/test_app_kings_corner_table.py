"""The Kings in the Corner table without a browser: lit targets, taps and drops, the turn's
buttons, privacy of hidden cards, and the scoreboard sheet that holds the computer back.

The table's control tree is built with a stub shell (no page, no client) and walked to
check what it shows. Hidden cards must never reach a control: not as a picture, a test
id, a text or a label.
"""

from __future__ import annotations

import random

import flet as ft
import pytest

from app import i18n
from app.state import AppState
from app.tables.kings_corner import KingsTable, model
from app.tables.kit.drag import DropZone
from core import cards
from core.games import kings_corner as kc
from core.session import GameSession, Seat
from tests.test_app_card import walk
from tests.test_app_generic_table import shown_cards
from tests.test_app_thronfolge_table import SavingStore, stub_ui, texts_and_labels
from tests.test_kings_corner_rules import table as position

ANN = Seat(kind="human", name="Ann")
BEN = Seat(kind="human", name="Ben")


def bot(name: str = "Otto", level: str = "easy") -> Seat:
    return Seat(kind="bot", name=name, level=level)


def session_at(state, seats) -> GameSession:
    return GameSession(kc.GAME, list(seats), state)


def make_table(session: GameSession, wide: bool = False, lang: str = "de", speed: str = "off") -> KingsTable:
    app = AppState(SavingStore(), lang)
    app.settings.speed = speed
    app.ui = stub_ui(lang, wide)
    table = KingsTable(app, session)
    table.control()
    return table


def ids(table: KingsTable) -> list[str]:
    return [c.identifier for c in walk(table.root) if isinstance(c, ft.Semantics) and c.identifier]


def zones(table: KingsTable) -> dict[str, DropZone]:
    return {z.control.data[5:]: z for z in table.drag.zones}


def lit_piles(table: KingsTable) -> set[str]:
    """The piles drawn lit (their drop zone's outline glows from the start)."""
    return {pos for pos, z in zones(table).items() if z.rest == "ready"}


def draggable(table: KingsTable) -> set[str]:
    """What may be dragged now: the payloads of the draggables whose drag is on."""
    return {c.data for c in walk(table.root) if isinstance(c, ft.Draggable) and c.max_simultaneous_drags != 0}


def takes_nothing(table: KingsTable) -> bool:
    """No drop zone takes any card of the hand or any pile."""
    payloads = [*table.session.state["hands"][0], *(f"pile:{p}" for p in kc.POSITIONS)]
    return not any(z.accepts(p) for z in table.drag.zones for p in payloads)


def semantics(table: KingsTable, ident: str) -> ft.Semantics:
    return next(c for c in walk(table.root) if isinstance(c, ft.Semantics) and c.identifier == ident)


def click(control: ft.Control) -> None:
    """Fire the first click handler at or below ``control``."""
    target = next(c for c in walk(control) if getattr(c, "on_click", None))
    target.on_click(None)


def press(table: KingsTable, ident: str) -> None:
    click(semantics(table, ident))


# A position with room for everything: Ann holds 8♥ (goes on 9♠ at N), K♣ (any empty corner),
# 4♦ (nowhere); the pile at W (8♦) may move onto 9♠ at N.
PILES = {"N": ["9S"], "E": ["JD", "TC"], "S": ["5C"], "W": ["8D"]}
HAND = ["8H", "KC", "4D"]


def ann_to_move(**fields):
    state = position([HAND, ["2C", "3C", "QH"]], PILES, **fields)
    return session_at(state, [ANN, bot()])


# --- tapping lights exactly the engine's targets ------------------------------------------------


@pytest.mark.parametrize("card", HAND)
def test_tapping_a_card_lights_exactly_its_card_targets(card):
    t = make_table(ann_to_move())
    t.tap_card(card)
    expected = set(kc.card_targets(t.session.state["piles"], card))
    if expected:
        assert lit_piles(t) == expected
        assert t.pick == model.Pick("card", card)
    else:  # a card with no place is not picked; the line says why
        assert lit_piles(t) == set() and t.pick is None
        assert t.message == i18n.t("kc.no_place", "de", card="4♦")


def test_a_random_hand_lights_the_card_targets_of_every_card():
    rng = random.Random(5)
    for seed in range(6):
        s = GameSession.start("kings-corner", [ANN, bot()], seed=seed, options={"draw": False})
        if s.to_move != 0:
            s.apply(next(a for a in s.legal() if str(a) == "end"))
        t = make_table(s)
        hand = s.state["hands"][0]
        card = rng.choice(hand)
        t.tap_card(card)
        assert lit_piles(t) == set(kc.card_targets(s.state["piles"], card))


def test_tapping_the_picked_card_again_puts_it_down():
    t = make_table(ann_to_move())
    t.tap_card("8H")
    t.tap_card("8H")
    assert t.pick is None and lit_piles(t) == set()


def test_tapping_a_lit_pile_plays_the_picked_card_there():
    t = make_table(ann_to_move())
    t.tap_card("8H")
    t.tap_pile("N")
    assert t.session.state["piles"]["N"] == ["9S", "8H"]
    assert "8H" not in t.session.state["hands"][0]
    assert t.pick is None and t.message is None


def test_tapping_an_unlit_pile_with_a_card_picked_says_why_in_german_and_changes_nothing():
    t = make_table(ann_to_move())
    before = t.session.state
    t.tap_card("KC")
    t.tap_pile("S")  # K♣ on 5♣
    assert t.session.state is before
    assert t.message == "K♣ passt nicht auf 5♣: eine Stufe tiefer und in der anderen Farbe."
    assert t.pick == model.Pick("card", "KC")  # still picked: the next tap may find the right pile


def test_tapping_a_pile_lights_its_pile_targets_and_a_lit_pile_takes_it():
    t = make_table(ann_to_move())
    t.tap_pile("W")
    assert lit_piles(t) == set(kc.pile_targets(t.session.state["piles"], "W")) == {"N"}
    t.tap_pile("N")
    assert t.session.state["piles"]["N"] == ["9S", "8D"]
    assert t.session.state["piles"]["W"] == []


def test_a_pile_that_cannot_move_is_not_picked_and_the_line_says_so():
    t = make_table(ann_to_move())
    t.tap_pile("S")
    assert t.pick is None
    assert t.message == i18n.t("kc.pile_stuck", "de", pos="Süd")


def test_dropping_a_card_and_a_pile_plays_them():
    t = make_table(ann_to_move())
    t.dropped("NE", "KC")
    assert t.session.state["piles"]["NE"] == ["KC"]
    t.dropped("N", "pile:W")
    assert t.session.state["piles"]["N"] == ["9S", "8D"]


def test_drop_zones_accept_only_what_may_go_there():
    t = make_table(ann_to_move())
    z = zones(t)
    assert z["N"].accepts("8H") and z["N"].accepts("pile:W")
    assert not z["S"].accepts("8H") and not z["S"].accepts("pile:W")
    assert z["NE"].accepts("KC") and not z["NE"].accepts("8H")
    draggable_piles = {p for p in draggable(t) if p.startswith("pile:")}
    assert draggable_piles == {f"pile:{p}" for p in model.movable_piles(t.session.state["piles"])}


def test_the_piles_that_may_move_say_so_and_the_others_do_not():
    t = make_table(ann_to_move())
    movable = {pos for pos in kc.POSITIONS if "verschieben" in (semantics(t, f"pile-{pos}").label or "")}
    assert movable == model.movable_piles(t.session.state["piles"]) == {"W"}


# --- the turn: draw and end ---------------------------------------------------------------------


def test_a_turn_starts_with_the_draw_button_and_the_talon_lit_and_cards_cannot_be_played():
    t = make_table(ann_to_move(phase="draw"))
    assert "draw" in ids(t) and "end-turn" not in ids(t)
    assert semantics(t, "talon").button
    assert takes_nothing(t) and not draggable(t)
    press(t, "draw")
    assert t.session.state["phase"] == "play"
    assert len(t.session.state["hands"][0]) == 4
    assert "end-turn" in ids(t) and "draw" not in ids(t)


def test_tapping_the_talon_draws_too():
    t = make_table(ann_to_move(phase="draw"))
    press(t, "talon")
    assert len(t.session.state["hands"][0]) == 4


def test_end_turn_passes_the_turn():
    s = ann_to_move()
    t = make_table(s)
    press(t, "end-turn")
    assert s.to_move == 1
    assert s.actions == ["end"]


def test_with_draw_at_end_the_button_says_the_card_comes_with_it():
    s = ann_to_move(options={"draw_at": "end"})
    t = make_table(s)
    assert "Zug beenden und ziehen" in texts_and_labels(semantics(t, "end-turn"))


def test_nothing_moves_while_the_computer_is_to_move_and_a_tap_says_whose_turn_it_is():
    state = position([HAND, ["2C", "3C", "QH"]], PILES, to_move=1)
    t = make_table(session_at(state, [ANN, bot()]))
    assert takes_nothing(t) and not draggable(t)
    wait = i18n.t("kit.wait_turn", "de", name=t.name(1))
    for ident in ("pile-N", "pile-W", "card-8H", "talon", "end-turn", "kc-hint"):
        t.message = None
        press(t, ident)  # a pile that could move, one it could move onto, a card, the talon, the buttons
        assert t.pick is None and t.message == wait
        assert wait in texts_and_labels(semantics(t, "hint"))  # the line under the cross says so
    t.dropped("N", "8H")  # a drop already in the air when the turn ended
    assert t.session.actions == []


# --- privacy ------------------------------------------------------------------------------------


def _hidden(session: GameSession, seat: int | None) -> set[str]:
    return session.game.secret_cards(session.state, seat)


@pytest.mark.parametrize("wide", [False, True])
@pytest.mark.parametrize("players", [2, 5])
def test_no_hidden_card_face_reaches_any_control(players, wide):
    s = GameSession.start("kings-corner", [ANN] + [bot(f"B{i}") for i in range(1, players)], seed=21,
                          options={"target": 25})
    rng = random.Random(3)
    for _ in range(36):
        if s.over:
            break
        if s.to_move != 0:
            s.apply(rng.choice(s.legal()))
            continue
        t = make_table(s, wide=wide)
        hidden = _hidden(s, 0)
        assert hidden
        assert not shown_cards(t.root) & hidden
        words = " ".join(texts_and_labels(t.root))
        for c in hidden:
            assert cards.name(c, "de") not in words
        images = {c.src for c in walk(t.root) if isinstance(c, ft.Image)}
        assert not any("/" + c in (src or "") for c in hidden for src in images)
        s.apply(rng.choice(s.legal()))


def test_two_people_at_one_device_see_the_pass_screen_before_any_hand():
    state = position([HAND, ["2C", "3C", "QH"]], PILES)
    s = session_at(state, [ANN, BEN])
    t = make_table(s)
    assert "reveal" in ids(t)
    assert not shown_cards(t.root)
    press(t, "reveal")
    assert shown_cards(t.root) >= set(HAND)
    press(t, "end-turn")
    assert "reveal" in ids(t) and not shown_cards(t.root) & set(s.state["hands"][1])


# --- between rounds -----------------------------------------------------------------------------


def bot_turns(table: KingsTable) -> int:
    return sum(1 for fn, _ in table.ui.tasks if getattr(fn, "__name__", "") == "_bot_turns")


def one_card_left(target: int = 25):
    """Ann plays her last card onto 9♠: the round ends; in a session the next one is dealt."""
    state = position([["8H"], ["2C", "3C", "KH"], ["4C", "KS"]], {"N": ["9S"]}, options={"target": target})
    return session_at(state, [ANN, bot("Otto"), bot("Pia")])


def test_the_round_sheet_shows_the_penalty_points_and_holds_the_computer_until_closed():
    s = one_card_left()
    t = make_table(s)
    t.tap_card("8H")
    t.tap_pile("N")
    assert t.sheet and t.driver.paused
    assert s.state["round"] == 2
    shown = ids(t)
    assert "round-over" in shown and "board" in shown and "cross" not in shown
    words = texts_and_labels(t.root)
    assert "12" in words  # Otto: 2♣ 3♣ (1 each) and K♥ (10)
    assert "11" in words  # Pia: 4♣ and K♠
    t.driver.kick()
    assert bot_turns(t) == 0  # paused: no computer turn was started
    press(t, "next-round")
    assert not t.sheet and not t.driver.paused
    assert "cross" in ids(t)
    assert bot_turns(t) == (1 if s.bot_to_move else 0)  # the computer's turns start at once


def test_a_round_sheet_never_closed_is_shown_again_when_the_session_is_resumed():
    s = one_card_left()
    first = make_table(s)
    first.tap_card("8H")
    first.tap_pile("N")  # the round ends; the app is closed before the sheet is
    assert first.sheet and s.state["round"] == 2
    resumed = make_table(session_at(s.state, s.seats))  # what was saved: the state, no sheet seen
    assert resumed.sheet and resumed.driver.paused and "round-over" in ids(resumed)
    press(resumed, "next-round")
    assert resumed.session.meta["round_seen"] == 1
    again = make_table(resumed.session)
    assert not again.sheet and "cross" in ids(again)


def test_a_single_round_ends_with_the_result_and_cards_left_instead_of_a_sheet():
    s = one_card_left(target=0)
    t = make_table(s)
    t.dropped("N", "8H")
    assert s.over and not t.sheet
    assert "result" in ids(t) and "again" in ids(t)


def test_a_session_ends_with_the_scoreboard_and_who_passed_the_target():
    state = position([["8H"], ["2C", "3C", "KH"], ["4C", "KS"]], {"N": ["9S"]}, options={"target": 25},
                     scores=[3, 20, 2], rounds=[{"round": 1, "dealer": 0, "winners": [2], "points": [3, 20, 0],
                                                 "cards_left": [3, 14, 0], "reason": "out"}], round=2)
    s = session_at(state, [ANN, bot("Otto"), bot("Pia")])
    t = make_table(s)
    t.dropped("N", "8H")
    assert s.over and not t.sheet and not t.driver.paused
    assert {"result", "board", "again", "home"} <= set(ids(t))
    words = texts_and_labels(t.root)
    assert "Ann gewinnt!" in words
    assert "Computer 1 hat 32 Strafpunkte – das Ziel war 25. Der niedrigste Stand gewinnt." in words
    assert ["3", "32", "13"] == [w for w in words if w in ("3", "32", "13")][-3:]  # the totals row


def test_the_scoreboard_lists_every_round_and_the_totals():
    view = {"rounds": [{"round": 1, "points": [0, 12, 3], "winners": [0]},
                       {"round": 2, "points": [4, 0, 1], "winners": [1]}],
            "scores": [4, 12, 4], "options": {"target": 25}}
    b = model.board(view)
    assert b.rounds == [(1, [0, 12, 3], [0]), (2, [4, 0, 1], [1])]
    assert b.totals == [4, 12, 4] and b.target == 25


def test_the_hand_is_shown_from_kings_down_to_aces_red_before_black():
    assert model.hand_order(["2C", "KS", "9H", "KD", "9S", "AH"]) == ["KD", "KS", "9H", "9S", "2C", "AH"]


# --- words and geometry -------------------------------------------------------------------------


@pytest.mark.parametrize("reason,german", [
    ("draw first: every turn starts with drawing the top card of the talon (K-2.1)",
     "Zieh zuerst: Jeder Zug beginnt mit einer Karte vom Talon."),
    ("nothing can be built on an ace (A♥) (the top card at N)", "Auf ein Ass (A♥) kommt nichts mehr."),
    ("only a king may open an empty corner, and Q♣ is no king",
     "Eine leere Ecke eröffnet nur ein König – D♣ ist keiner."),
    ("the pile at W does not go on N: its bottom card 8♦ must be one rank lower than 10♠ and of the other colour",
     "Der Stapel West passt nicht auf Nord: Seine unterste Karte 8♦ müsste eine Stufe unter 10♠ liegen, "
     "in der anderen Farbe."),
])
def test_the_engines_refusals_read_in_german(reason, german):
    assert model.explain(reason, lambda k, **kw: i18n.t(k, "de", **kw), "de") == german


@pytest.mark.parametrize("width,height", [(360, 780), (390, 788), (1024, 712)])
def test_the_cross_and_the_hand_fit_the_screen(width, height):
    geo = model.geometry(width, height)
    assert geo.cross_w <= geo.width
    assert geo.cell_w >= 52 + 8  # a card and its lit outline
    assert geo.tablet == (width >= model.TABLET_MIN_WIDTH)
    if geo.tablet:
        assert geo.cross_card == "large"
