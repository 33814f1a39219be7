"""The guided first deal without a browser: steps advance on the right actions, skipping ends the
tour, the step is saved and restored, the coach never shows a card, every text exists twice,
and the guide is offered until it was started or declined.

Tables are built with the stub pages of the table tests; the computer's move is applied by
hand where the driver would run it in a task.
"""

from __future__ import annotations

import asyncio
import random
from types import SimpleNamespace

import flet as ft
import pytest

from app import i18n
from app.screens import rules
from app.state import GUIDES_SEEN, AppState
from app.tables.kit import coach as coach_mod
from app.tables.kit import guide, guide_offer
from app.tables.kit.guide import Area, Dock, Moment
from app.tables.thronfolge import guide as tf_guide
from core import cards
from core.games import thronfolge as tf
from core.session import GameSession
from tests import test_app_deck_of_spies_table as spies_tests
from tests import test_app_thronfolge_table as tf_tests
from tests.test_app_card import walk
from tests.test_app_generic_table import shown_cards


class ProfileStore(tf_tests.SavingStore):
    """Settings, saved games and profiles: enough for ``guide.start``."""

    def __init__(self):
        super().__init__()
        self.profiles = []

    def list_profiles(self, include_archived=False):
        return list(self.profiles)

    def create_profile(self, name, kind="human", level=None):
        p = SimpleNamespace(id=len(self.profiles) + 1, name=name, kind=kind, level=level, archived=False)
        self.profiles.append(p)
        return p


def guided(game: str, store: ProfileStore | None = None, lang: str = "de", wide: bool = False) -> GameSession:
    store = store or ProfileStore()
    state = AppState(store, lang)
    state.ui = tf_tests.stub_ui(lang, wide)
    return guide.start(state, game)


def tf_table(session, wide=False, lang="de", store=None):
    table = tf_tests.make_table(session, wide=wide, lang=lang, store=store)
    table.control()
    return table


def spies_table(session, wide=False, lang="de"):
    return spies_tests.make_table(session, lang=lang, wide=wide)


def computer_moves(table) -> None:
    """What the driver's task does: the computer's move, then the person's turn is shown."""
    s = table.session
    while s.bot_to_move:
        events = s.apply(s.bot_action())
        table.driver.thinking = False
        table.changed(events)


def coach_text(table) -> str:
    return " ".join(c.value or "" for c in walk(table.guide.coach.holder) if isinstance(c, ft.Text))


def lit(table) -> list[str]:
    """The identifiers of the parts drawn with the guide's emphasis."""
    content = table.root
    return [c.identifier for c in walk(content) if isinstance(c, ft.Semantics)
            and getattr(c.content, "data", None) == coach_mod.LIT]


# --- Thronfolge ------------------------------------------------------------------------------------


@pytest.mark.parametrize("wide", [False, True])
def test_the_thronfolge_steps_advance_on_next_on_a_pick_on_a_play_and_on_a_take(wide):
    session = guided("thronfolge", wide=wide)
    table = tf_table(session, wide)
    g = table.guide
    assert (g.index, g.focus, lit(table)) == (0, "reach", ["reach"])
    assert "SCHRITT 1 VON 7" in coach_text(table) and "Was in Reichweite ist" in coach_text(table)
    table.tap_card("2C")  # an action does not pass a "Next" step
    assert g.index == 0
    table.tap_card("2C")
    g.next()
    computer_moves(table)
    assert g.index == 1
    # Undo brings back the first position for the pick step.
    table.undo()
    assert g.index == 1 and lit(table) == [f"card-{tf_guide.FIRST_CARD}"]
    table.tap_card(tf_guide.FIRST_CARD)
    assert (g.index, lit(table)) == (2, ["play"])
    table.play_selected()
    assert session.actions[-1] == f"play {tf_guide.FIRST_CARD}"
    assert not g.coach.holder.visible  # the computer is to move: the coach waits
    computer_moves(table)
    assert g.index == 3 and g.coach.holder.visible and lit(table) == ["take"]
    table.act(tf.TAKE)
    computer_moves(table)
    assert g.index == 4 and lit(table) == ["taken-0"]
    g.next()
    assert g.index == 5 and lit(table)[0].startswith("famrow-0-" if wide else "fam-0-")
    g.next()
    assert g.index == 6 and lit(table) == ["score-0"]
    assert "Verstanden" in " ".join(str(c.content) for c in walk(g.coach.holder) if isinstance(c, ft.FilledButton))
    g.next()
    assert g.done and not g.active and not g.coach.holder.visible and lit(table) == []
    assert session.meta["guide"] == {"step": 7, "done": True}


def test_a_take_step_whose_take_was_already_made_is_passed_at_once():
    session = guided("thronfolge")
    table = tf_table(session)
    g = table.guide
    g.next()
    table.act(tf.TAKE)  # taking at once, instead of picking a card
    computer_moves(table)
    assert g.index == 1
    table.tap_card(table.session.view(0)["hands"][0][0])
    table.play_selected()
    computer_moves(table)
    assert g.index == 4  # "what a take gives" would ask for a take already made


def test_the_guided_deal_is_the_chosen_seed_against_the_easy_computer_with_you_to_start():
    store = ProfileStore()
    store.create_profile("Clara")
    session = guided("thronfolge", store)
    assert session.state["seed"] == tf_guide.SEED and session.to_move == 0
    assert [s.name for s in session.seats][0] == "Clara" and session.seats[1].level == "easy"
    assert session.view(0)["hands"][0] == ["5D", "2C", "5C", "2D", "7H"]
    assert store.settings[GUIDES_SEEN] == ["thronfolge"]


def test_skipping_ends_the_tour_and_the_game_goes_on():
    session = guided("thronfolge")
    table = tf_table(session)
    table.guide.next()
    table.guide.skip()
    assert table.guide.done and table.guide.focus is None and not table.guide.coach.holder.visible
    assert session.meta["guide"] == {"step": 1, "done": True} and lit(table) == []
    table.tap_card("7H")
    table.play_selected()
    assert session.actions == ["play 7H"] and table.guide.done


def test_the_step_is_kept_in_the_saved_game_and_a_reopened_game_resumes_there():
    store = ProfileStore()
    session = guided("thronfolge", store)
    table = tf_table(session, store=store)
    table.guide.next()
    table.tap_card("7H")
    saved = store.games[session.game_id]
    assert saved["meta"]["guide"] == {"step": 2, "done": False}
    reopened = GameSession.restore(saved, saver=store)
    again = tf_table(reopened, store=store)
    assert again.guide.index == 2 and again.guide.active
    assert "Erst schauen, dann anlegen" in coach_text(again)
    # An ordinary game has no guide, and a finished tour stays finished.
    plain = GameSession.start("thronfolge", list(session.seats), seed=3)
    assert not tf_table(plain).guide.active
    again.guide.skip()
    assert not tf_table(GameSession.restore(store.games[session.game_id], saver=store)).guide.active


def with_hidden_cards_shuffled(session: GameSession, seed: int) -> GameSession:
    """The same game as the player sees it, with the cards they cannot see dealt otherwise."""
    state = tf.GAME.copy_state(session.state)
    hidden = state["hands"][1] + state["deck"] + state["removed"]
    random.Random(seed).shuffle(hidden)
    n, d = len(state["hands"][1]), len(state["deck"])
    state["hands"][1], state["deck"], state["removed"] = hidden[:n], hidden[n:n + d], hidden[n + d:]
    return GameSession(session.game, list(session.seats), state, list(session.actions), meta=dict(session.meta))


@pytest.mark.parametrize("wide", [False, True])
def test_the_coach_never_shows_a_card_and_says_the_same_whatever_the_hidden_cards_are(wide):
    session = guided("thronfolge", wide=wide)
    table = tf_table(session, wide)
    g = table.guide
    seen = set()
    while g.active:
        seen.add(g.index)
        assert shown_cards(g.coach.holder) == set()
        allowed = set(session.view(0)["hands"][0]) | set(session.state["line"]) | set(
            sum(session.state["collections"], []))
        assert shown_cards(table.root) <= allowed  # lighting a part adds no card
        for seed in (1, 2):
            other = tf_table(with_hidden_cards_shuffled(session, seed), wide)
            assert other.guide.index == g.index
            assert (coach_text(other), lit(other)) == (coach_text(table), lit(table))
        if g.step.until is None:
            g.next()
        elif g.index == 1:
            table.tap_card(tf_guide.FIRST_CARD)
        elif g.index == 2:
            table.play_selected()
            computer_moves(table)
        else:
            table.act(tf.TAKE)
            computer_moves(table)
    assert seen == set(range(len(tf_guide.STEPS)))


def test_the_guide_reads_events_as_the_player_may_see_them():
    session = guided("thronfolge")
    table = tf_table(session)
    table.guide.saw([{"type": "move", "from": "deck", "to": "hand:1", "cards": ["AS", "KC"], "seat": 1}])
    assert table.guide.pending[0]["cards"] == [cards.UNKNOWN, cards.UNKNOWN]


# --- Deck of Spies ---------------------------------------------------------------------------------


@pytest.mark.parametrize("wide", [False, True])
def test_the_spies_steps_follow_a_selection_a_recruit_and_a_retirement(wide):
    session = guided("deck-of-spies", wide=wide)
    assert session.state["seed"] == 421464 and session.meta["deal"] == "number"
    table = spies_table(session, wide)
    g = table.guide
    assert (g.index, g.focus) == (0, "card-5D") and g.coach.holder.visible
    g.next()
    assert g.focus == "spies-sum"
    table.toggle("3D")
    assert g.index == 1  # 3 is not enough against the 5
    table.toggle("4D")
    assert g.index == 2 and g.focus == "spies-recruit"
    table.play("recruit")
    assert g.index == 3 and g.focus == "spies-retire" and session.view(0)["phase"] == "retire"
    table.toggle("2C")
    table.toggle("2S")
    table.retire()
    assert g.index == 4 and g.focus == "card-AS"  # the ace of the 5♠'s suit
    g.next()
    assert g.focus == "spies-tally"
    g.next()
    assert g.done and session.meta["guide"] == {"step": 6, "done": True}


def test_a_retire_step_without_a_pair_to_retire_is_passed():
    session = guided("deck-of-spies")
    table = spies_table(session)
    table.guide.next()
    table.toggle("2C")
    table.toggle("3S")
    table.play("counter")  # 3♦ 4♦ 2♠ are left: no pair, no retiring
    assert table.guide.index == 4


def follow_the_spies_step(table) -> None:
    """Do what the current step asks, along the deal's intended path."""
    focus = table.guide.step.focus
    if table.guide.step.until is None:
        table.guide.next()
    elif focus == "spies-sum":
        table.toggle("3D")
        table.toggle("4D")
    elif focus == "spies-recruit":
        table.play("recruit")
    else:
        table.toggle("2C")
        table.toggle("2S")
        table.retire()


def test_the_spies_coach_never_shows_a_card_and_does_not_depend_on_the_draw_piles_order():
    session = guided("deck-of-spies")
    table = spies_table(session)
    steps = 0
    while table.guide.active:
        steps += 1
        assert shown_cards(table.guide.coach.holder) == set() and coach_text(table)
        state = dict(session.state, draw=random.Random(steps).sample(session.state["draw"],
                                                                     len(session.state["draw"])))
        other = spies_table(GameSession(session.game, list(session.seats), state, list(session.actions),
                                        meta=dict(session.meta)))
        assert (coach_text(other), other.guide.focus) == (coach_text(table), table.guide.focus)
        follow_the_spies_step(table)
    assert steps == len(table.guide.tour.steps)


# --- both games --------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(guide.TOURS))
def test_every_step_has_a_title_and_a_text_in_german_and_english(game):
    tour = guide.tour_for(game)
    assert tour is not None and 5 <= len(tour.steps) <= 8
    for step in tour.steps:
        for key in (step.title_key, step.text_key):
            assert i18n.DE.get(key, "").strip() and i18n.EN.get(key, "").strip(), key
            assert i18n.DE[key] != i18n.EN[key], key
    for key in ("guide.step", "guide.next", "guide.done", "guide.skip", "guide.offer.start", "guide.rules.start"):
        assert key in i18n.DE and key in i18n.EN


def test_the_coach_goes_to_the_first_dock_clear_of_its_part_and_points_at_it():
    docks = [Dock(8, 374, top=4), Dock(8, 374, bottom=8)]
    dock, area = coach_mod.place(docks, Area(20, 600, 60, 90), 180, 788)
    assert dock is docks[0] and area == Area(8, 4, 374, 180)
    assert coach_mod.pointer(area, Area(20, 600, 60, 90)) is None  # too far below to point at
    assert coach_mod.pointer(area, Area(20, 230, 60, 90)) == ("bottom", 42)
    dock, area = coach_mod.place(docks, Area(0, 150, 390, 400), 180, 788)
    assert dock is docks[1] and area.y == 788 - 8 - 180
    assert coach_mod.pointer(area, Area(0, 150, 390, 400)) == ("top", 187)
    assert coach_mod.pointer(Area(14, 48, 248, 300), Area(276, 100, 300, 100)) == ("right", 102)
    assert coach_mod.pointer(Area(14, 48, 248, 300), Area(400, 100, 300, 100)) is None


def test_the_lit_part_pulses_a_few_times_and_stays_lit(monkeypatch):
    monkeypatch.setattr(coach_mod, "PULSE_SECONDS", 0)
    session = guided("thronfolge")
    table = tf_table(session)
    tasks = [(fn, args) for fn, args in table.ui.tasks if getattr(fn, "__name__", "") == "_pulse"]
    assert tasks
    box = table.guide.coach.lit[0]
    looks = []
    box.update = lambda: looks.append(box.shadow[0].blur_radius)
    fn, args = tasks[-1]
    asyncio.run(fn(*args))
    assert len(looks) == coach_mod.PULSES and len(set(looks)) == 2 and looks[-1] == max(looks)


# --- where it is offered ---------------------------------------------------------------------------


def stub_shell(store: ProfileStore, wide: bool = False):
    state = AppState(store, "de")
    routes: list[str] = []
    page = SimpleNamespace(width=1024 if wide else 390, height=768 if wide else 844, dialogs=[])
    page.show_dialog = page.dialogs.append
    page.pop_dialog = lambda: page.dialogs[-1].on_dismiss(None) if page.dialogs else None
    shell = SimpleNamespace(state=state, t=state.t, lang="de", wide=wide, page=page, width=page.width,
                            navigate=routes.append, snack=lambda m, error=False: routes.append(f"snack:{m}"),
                            routes=routes, sub_view=lambda route, title, controls, footer=None, **kw: ft.Column(
                                controls + ([footer] if footer is not None else [])))
    state.ui = shell
    return shell


def find(control, identifier):
    return next((c for c in walk(control) if isinstance(c, ft.Semantics) and c.identifier == identifier), None)


def click(semantics):
    inner = semantics.content
    inner.on_click(SimpleNamespace(control=inner))


def test_the_new_game_screen_offers_the_guided_deal_until_it_is_started():
    store = ProfileStore()
    shell = stub_shell(store)
    offer = ft.Column(guide_offer.offer(shell, "thronfolge"))
    click(find(offer, "guide-offer-start"))
    assert shell.routes and shell.routes[0].startswith("/play/")
    assert store.games[int(shell.routes[0].rsplit("/", 1)[1])]["meta"]["guide"]["step"] == 0
    assert guide_offer.offer(shell, "thronfolge") == []
    assert guide_offer.offer(shell, "deck-of-spies") != []  # a flag per game
    assert guide_offer.offer(shell, "rosenkrieg") != []


def test_declining_the_offer_sets_the_flag_in_the_settings():
    store = ProfileStore()
    shell = stub_shell(store)
    offer = ft.Column(guide_offer.offer(shell, "deck-of-spies"))
    click(find(offer, "guide-offer-later"))
    assert store.settings[GUIDES_SEEN] == ["deck-of-spies"] and shell.routes == []
    assert AppState(store, "de").guide_seen("deck-of-spies")  # read back from the store
    assert guide_offer.offer(shell, "deck-of-spies") == []


def test_the_rules_page_and_the_rules_dialog_start_the_guided_deal():
    store = ProfileStore()
    shell = stub_shell(store)
    click(find(rules.game_view(shell, "deck-of-spies"), "guide-rules-start"))
    assert shell.routes[-1].startswith("/play/")
    assert find(rules.game_view(shell, "rosenkrieg"), "guide-rules-start") is not None
    rules.show_dialog(shell, "thronfolge")
    dialog = shell.page.dialogs[-1]
    action = next(a for a in dialog.actions if getattr(a, "identifier", None) == "guide-dialog-start")
    click(action)  # the dialog closes, then the deal starts
    assert len(shell.routes) == 2 and shell.routes[-1] != shell.routes[0]
    assert store.games[int(shell.routes[-1].rsplit("/", 1)[1])]["game"] == "thronfolge"


def test_a_moment_reads_the_view_the_selection_and_the_events():
    m = Moment({"taken": [True, False]}, 0, frozenset({"7H"}),
               ({"type": "move", "from": "line", "to": "collection:0", "cards": []},))
    assert guide.selected(m) and tf_guide.took(m)
    assert guide.moved(src="line", dst="collection:{seat}")(m)
    assert not guide.moved(src="line", dst="collection:1")(m)
    assert not guide.moved(src="hand:{seat}")(m)
