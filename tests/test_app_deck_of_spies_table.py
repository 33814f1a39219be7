"""The Deck of Spies table without a browser: sums and buttons, assassination, retiring,
hints and undos, what is never drawn, the end, the layout, the deal chooser, statistics.

Controls are built without a page (the shell is a stub, as in the generic table's
tests); handlers are called directly.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import random
import threading
from itertools import combinations
from types import SimpleNamespace

import flet as ft
import pytest

from app import i18n
from app.state import AppState
from app.tables.deck_of_spies import table as table_mod
from app.tables.deck_of_spies import deal
from app.tables.deck_of_spies import layout as geo
from app.tables.deck_of_spies import logic as lg
from app.tables.deck_of_spies import SpiesTable
from core import cards as cards_mod
from core.games import deck_of_spies as dos
from core.session import GameSession, Seat
from tests.test_app_card import walk
from tests.test_app_generic_table import MemoryStore

SEED = 421464  # hand 2♣ 3♦ 4♦ 2♠ 3♠ against the 5♦; recruiting 3♦ 4♦ leaves the pair 2♣ 2♠


class Saver:
    def __init__(self):
        self.saved = 0

    def save_game(self, record):
        self.saved += 1
        return 1


class Page(SimpleNamespace):
    """The page with its client: a closed dialog is reported as dismissed, unless ``reports``
    is False (the client loses the report, as for a dialog closed before it was drawn)."""

    def __init__(self, width=390, height=844, reports=True):
        super().__init__(width=width, height=height, dialogs=[], reports=reports)

    def show_dialog(self, d):
        d.open = True
        self.dialogs.append(d)

    def pop_dialog(self):
        if self.dialogs:
            self.dialogs[-1].open = False
        self.update()

    def update(self):
        for d in [d for d in self.dialogs if not d.open]:
            if self.reports:
                self.dialogs.remove(d)
                if getattr(d, "on_dismiss", None):
                    d.on_dismiss(None)


def make_table(session, lang="de", wide=False, speed="off"):
    state = AppState(MemoryStore(), lang)
    state.settings.speed = speed
    page = Page(1024 if wide else 390, 768 if wide else 844)
    ui = SimpleNamespace(t=lambda key, **kw: i18n.t(key, lang, **kw), page=page, snacks=[], confirms=[],
                         navigated=[], card_size="large" if wide else "small", wide=wide, bot_future=None)
    ui.snack = lambda text, error=False: ui.snacks.append(text)
    ui.navigate = lambda route: ui.navigated.append(route)
    ui.confirm = lambda title, text, label, on_confirm, destructive=False: ui.confirms.append(on_confirm)
    state.ui = ui
    table = SpiesTable(state, session)
    table.control()
    return table


def run_async(coro):
    """Run a coroutine to its end on its own loop in a thread (Playwright's sync API, used by
    the browser tests in the same pytest run, keeps a loop running in the main thread)."""
    out, errors = [], []

    def target():
        try:
            out.append(asyncio.run(coro))
        except BaseException as exc:  # re-raised in the test's thread
            errors.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]
    return out[0]


def new_session(seed=SEED, saver=None):
    return GameSession.start("deck-of-spies", [Seat("human", "Anna")], seed=seed, saver=saver)


def tree(table):
    return ft.Column(table.build(table.view()))


def by_id(control, identifier):
    found = [c for c in walk(control) if isinstance(c, ft.Semantics) and c.identifier == identifier]
    return found[0] if found else None


def button(table, identifier):
    """The button inside the Semantics with this identifier (None when not shown)."""
    sem = by_id(tree(table), identifier)
    if sem is None:
        return None
    return sem.content


def texts(control):
    return [c.value for c in walk(control) if isinstance(c, ft.Text) and c.value]


def shown_faces(controls):
    """Every card drawn face up (card widgets name themselves ``card-XX``); a quick walk
    along ``content`` and ``controls`` only, which is where cards live."""
    found, todo = set(), list(controls)
    while todo:
        c = todo.pop()
        if isinstance(c, ft.Semantics) and (c.identifier or "").startswith("card-"):
            found.add(c.identifier[5:])
        inner = getattr(c, "content", None)
        if isinstance(inner, ft.BaseControl):
            todo.append(inner)
        todo.extend(x for x in getattr(c, "controls", None) or () if isinstance(x, ft.BaseControl))
    return found


def find_session(pred, seeds=range(1, 400), steps=300):
    """A session reached by random play in which ``pred(state)`` holds."""
    for seed in seeds:
        s = new_session(seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if pred(s.state):
                return s
            if s.over:
                break
            legal = s.legal()
            s.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("no such position found")


T_DE = lambda key, **kw: i18n.t(key, "de", **kw)  # noqa: E731
T_EN = lambda key, **kw: i18n.t(key, "en", **kw)  # noqa: E731


# --- the running sum and the two buttons --------------------------------------------------------


def test_running_sum_and_reasons_follow_the_selection():
    view = new_session().view(0)
    assert view["hand"] == ["2C", "3D", "4D", "2S", "3S"] and view["spy"] == "5D"
    st = lg.play_status(view, [], T_DE, "de")
    assert (st.total, st.need, st.any) == (0, 5, False)
    assert st.reason == "Tippe Karten an, die zusammen mindestens 5 ergeben."
    st = lg.play_status(view, ["3D"], T_DE, "de")
    assert (st.total, st.can_counter, st.can_recruit) == (3, False, False)
    assert st.reason == "Summe 3 – der Spion braucht 5."
    st = lg.play_status(view, ["3D", "4D"], T_DE, "de")
    assert (st.total, st.can_counter, st.can_recruit) == (7, True, True)
    st = lg.play_status(view, ["2C", "3S"], T_EN, "en")
    assert (st.can_counter, st.can_recruit) == (True, False)
    assert st.reason.startswith("You can counter. Not recruit:") and "♦" in st.reason
    st = lg.play_status(view, ["2C", "3D", "4D"], T_DE, "de")
    assert not st.any and st.reason == "2♣ wird nicht gebraucht: 3+4 reicht schon für 5."


@pytest.mark.parametrize("seed", range(1, 40))
def test_legality_always_comes_from_the_engine(seed):
    s = new_session(seed)
    view = s.view(0)
    legal = {str(a) for a in s.legal()}
    for k in range(1, len(view["hand"]) + 1):
        for combo in combinations(view["hand"], k):
            st = lg.play_status(view, combo, T_EN, "en")
            assert st.can_counter == (lg.play_action("counter", combo) in legal)
            assert st.can_recruit == (lg.play_action("recruit", combo) in legal)
            assert st.reason  # there is always something to read


def test_buttons_enable_only_for_a_legal_selection_and_play_it():
    s = new_session()
    table = make_table(s)
    assert button(table, "spies-counter").disabled and button(table, "spies-recruit").disabled
    table.toggle("3D")
    assert button(table, "spies-counter").disabled
    assert "Summe 3 – der Spion braucht 5." in texts(tree(table))
    table.toggle("4D")
    assert not button(table, "spies-counter").disabled and not button(table, "spies-recruit").disabled
    sum_badge = by_id(tree(table), "spies-sum")
    assert sum_badge.label == "Auswahl 7 von 5"
    table.toggle("4D")  # tapping again deselects
    assert table.selected == {"3D"}
    table.toggle("4D")
    button(table, "spies-recruit").on_click(None)
    assert s.actions == ["recruit 3D 4D"]
    assert s.state["phase"] == "retire" and "5D" in s.state["discard"]
    assert table.selected == set()


# --- assassination --------------------------------------------------------------------------------


def must_assassinate_from_two_places(state):
    if state["phase"] != "play" or dos.hand_total(state["hand"]) >= dos.VALUE[state["spies"][-1]]:
        return False
    return len({p for p, _ in dos.aces_left(state["hand"], state["draw"], state["discard"])}) >= 2


def test_assassination_asks_where_the_ace_comes_from_offering_only_available_places():
    s = find_session(must_assassinate_from_two_places)
    table = make_table(s)
    view = table.view()
    assert lg.must_assassinate(view)
    assert button(table, "spies-counter") is None  # only the assassinate button now
    status = texts(tree(table))
    assert any(t.startswith("Deine Hand ergibt nur") for t in status)
    choices = lg.assassinate_choices(s.legal())
    places = [p for p, _ in choices]
    assert places == [p for p in dos.PLACES if p in places]
    expected = {(p, c) for p, c in dos.aces_left(s.state["hand"], s.state["draw"], s.state["discard"])}
    assert {(p, a) for p, aces in choices for a in aces} == expected
    button(table, "spies-assassinate").on_click(None)
    dialog = table.ui.page.dialogs[-1]
    ids = {c.identifier for c in walk(dialog) if isinstance(c, ft.Semantics) and c.identifier}
    assert ids == {f"assassinate-{p}-{a}" for p, a in expected}
    titles = texts(dialog)
    for p in dos.PLACES:
        assert (i18n.t(f"spies.place.{p}", "de") in titles) == (p in places)
    place, ace = sorted(expected)[0]
    table.ui.page.pop_dialog()
    table.apply_hint(lg.assassinate_action(place, ace))  # a hint's ace is marked in the dialog
    button(table, "spies-assassinate").on_click(None)
    dialog = table.ui.page.dialogs[-1]
    marked = [c.identifier for c in walk(dialog) if isinstance(c, ft.Semantics) and c.identifier
              and c.content.style.side is not None]
    assert marked == [f"assassinate-{place}-{ace}"]
    pick = next(c for c in walk(dialog) if isinstance(c, ft.Semantics) and c.identifier == f"assassinate-{place}-{ace}")
    before = len(s.state["removed"])
    pick.content.on_click(None)  # closes the dialog; the action follows once it is gone
    assert s.actions[-1] == f"assassinate {place} {ace}"
    assert len(s.state["removed"]) == before + 1 and ace in s.state["removed"]


# --- retiring ---------------------------------------------------------------------------------------


def test_retire_after_a_recruit_then_done_is_skippable():
    s = new_session()
    s.apply("recruit 3D 4D")
    table = make_table(s)
    retire, done = button(table, "spies-retire"), button(table, "spies-done")
    assert retire.disabled and not done.disabled
    view = table.view()
    assert lg.retirable(view["hand"]) == {"2C", "2S"}
    table.toggle("2C")
    assert button(table, "spies-retire").disabled
    assert "Eine einzelne Karte geht nicht – wähle mindestens zwei gleiche." in texts(tree(table))
    table.toggle("2S")
    assert not button(table, "spies-retire").disabled
    button(table, "spies-retire").on_click(None)
    assert s.actions[-1] == "retire 2C 2S"
    assert {"2C", "2S"} <= set(s.state["spy_discard"]) and s.state["phase"] == "play"
    s.undo()
    table.redraw_now()
    button(table, "spies-done").on_click(None)
    assert s.actions[-1] == "done"


def test_the_unpaired_card_cannot_be_tapped_while_retiring():
    s = new_session()
    s.apply("recruit 3D 4D")
    table = make_table(s)
    three = by_id(tree(table), "card-3S")
    assert three.button is False  # no tap handler: only pairs can retire
    # Flutter web keeps a reused semantics node's old identifier, so a node whose role or
    # identifier changes must be a new control: its key says which role it has
    assert three.key == "3S-plain" and by_id(tree(table), "card-2C").key == "2C-tap"
    assert by_id(tree(table), "spies-retire").key == "spies-retire"


def test_retiring_aces_asks_for_confirmation_first():
    s = find_session(lambda st: st["phase"] == "retire" and sum(1 for c in st["hand"] if c[0] == "A") >= 2)
    table = make_table(s)
    aces = [c for c in table.view()["hand"] if c[0] == "A"][:2]
    for a in aces:
        table.toggle(a)
    n = len(s.actions)
    button(table, "spies-retire").on_click(None)
    assert len(s.actions) == n and len(table.ui.confirms) == 1  # nothing happened yet
    table.ui.confirms[0]()
    assert s.actions[-1] == lg.retire_action(aces)


# --- hint and undo ------------------------------------------------------------------------------------


def test_hint_is_counted_and_shows_the_action_and_reason():
    s = new_session()
    table = make_table(s)
    run_async(table._hint_task())
    assert s.hints == 1 and s.assisted
    h = table.hint
    assert h is not None and h.kind in ("counter", "recruit") and h.text
    assert table.selected == set(h.cards)
    content = tree(table)
    assert by_id(content, "spies-hint-text").content.value == h.text
    glow = by_id(content, f"spies-{h.kind}")
    assert not glow.content.disabled
    wrapper = next(c for c in walk(content) if isinstance(c, ft.Container) and c.content is glow)
    assert wrapper.shadow  # the suggested button glows
    for c in h.cards:
        card = next(x for x in walk(content) if isinstance(x, ft.Semantics) and x.identifier == f"card-{c}")
        assert card.content.shadow and len(card.content.shadow) == 2  # highlighted


def test_hint_text_covers_every_kind_of_action():
    s = new_session()
    view = s.view(0)
    assert lg.hint_from_action("recruit 3D 4D", view, T_DE, "de").text == (
        "Wirb 5♦ mit 3♦ 4♦ an: die Karte verstärkt deinen Stapel.")
    assert lg.hint_from_action("counter 2C 3S", view, T_EN, "en").text.startswith(
        "Counter the 5♦ with 2♣ 3♠, keeping 3♦ 4♦ 2♠")
    assert lg.hint_from_action("done", view, T_DE, "de").kind == "done"
    h = lg.hint_from_action("retire 2C 2S", view, T_EN, "en")
    assert h.kind == "retire" and h.cards == ("2C", "2S")
    h = lg.hint_from_action("assassinate draw AS", view, T_DE, "de")
    assert h.kind == "assassinate" and h.place == "draw" and "aus dem Ziehstapel" in h.text


def test_undo_goes_back_to_the_start_and_is_counted():
    s = new_session()
    table = make_table(s)
    table.undo()
    assert table.ui.snacks == ["Es gibt nichts zurückzunehmen."] and s.undos == 0
    assert button(table, "spies-undo").disabled
    table.act("recruit 3D 4D")
    table.act("retire 2C 2S")
    assert not button(table, "spies-undo").disabled
    table.undo()
    table.undo()
    assert s.actions == [] and s.undos == 2 and s.assisted
    assert s.state == GameSession.start("deck-of-spies", [Seat("human", "Anna")], seed=SEED).state


# --- what is never drawn --------------------------------------------------------------------------------


@pytest.mark.parametrize("wide, limit", [(False, 200), (True, 20)])
def test_draw_pile_cards_are_never_drawn_face_up_in_any_frame(wide, limit):
    s = new_session(7)
    table = make_table(s, wide=wide)
    rng = random.Random(3)
    steps = 0
    while not s.over and steps < limit:
        before = table.view()
        legal = s.legal()
        s.apply(legal[rng.randrange(len(legal))])
        after = table.view()
        hidden = set(s.state["draw"])
        for frame in table.frames(before, after):
            assert not shown_faces(table.build_frame(after, frame)) & hidden
        assert not shown_faces(table.build(after)) & hidden
        if steps % 9 == 0 and s.can_undo:  # undo puts drawn cards back: still never shown
            s.undo()
            back = table.view()
            for frame in table.frames(after, back):
                assert not shown_faces(table.build_frame(back, frame)) & set(s.state["draw"])
        steps += 1
    for pile in ("discard", "spy_discard"):
        table.open_pile(pile)
        sheet = table.ui.page.dialogs[-1]
        assert shown_faces([sheet.content]) == set(s.state[pile]) | (set(s.state["removed"])
                                                                     if pile == "spy_discard" else set())


def test_frames_fly_the_recruited_spy_to_the_discard_pile_then_draw():
    s = new_session()
    table = make_table(s, speed="normal")
    before = table.view()
    s.apply("recruit 3D 4D")
    s.apply("done")
    after = table.view()
    frames = table.frames(before, after)
    drawn = set(after["hand"]) - set(before["hand"])
    assert drawn and frames[0]["hide"] == drawn  # the draw waits until the play has landed
    assert "5D" in frames[0]["moving"]  # the spy flies …
    slots = table.card_slots(after)
    assert slots["5D"].x == pytest.approx(table.layout.piles["discard"].x, abs=4)  # … to the discard pile
    placed = [f["place"] for f in frames if f.get("place")]
    assert placed == [{c: table.layout.piles["draw"] for c in drawn}]  # drawn cards start there


def test_a_flight_begins_at_once_unless_a_card_must_first_be_put_where_it_comes_from():
    """A counter brings no card from a pile to a face-up place (the next spy appears where it
    lies): its first frame already sends every card on its way, the countered spy too (a frame
    that showed the table as it was cost the server and the client a whole drawing). Its undo
    brings the old spy back from the spy pile: that card is first put on the pile, then all fly."""
    s = new_session()
    table = make_table(s, speed="normal")
    before = table.view()
    counter = next(str(a) for a in s.legal() if str(a).startswith("counter "))
    s.apply(counter)
    after = table.view()
    first = table.frames(before, after)[0]
    spy = before["spies"][-1]
    assert not first.get("place") and set(counter.split()[1:]) | {spy} <= first["moving"]
    assert first["ghosts"][spy] == table.zone_slot("spy_discard")
    slots = table.card_slots(after)
    assert all(slots[c] != table.card_slots(before)[c] for c in counter.split()[1:] if c in slots)
    s.undo()
    back = table.view()
    undo = table.frames(after, back)
    assert undo[0]["place"] == {spy: table.zone_slot("spy_discard")} and undo[0]["wait"] < 0.1
    assert spy in undo[1]["moving"]


# --- the end ------------------------------------------------------------------------------------------------


def test_end_screen_shows_result_reason_tally_and_choices():
    s = find_session(lambda st: st["over"], seeds=range(3, 4), steps=400)
    saver = Saver()
    s.saver = saver
    table = make_table(s)
    content = tree(table)
    end = by_id(content, "spies-end")
    assert end is not None
    e = lg.ending(table.view())
    words = texts(end)
    assert lg.ending_text(e, T_DE) in words
    assert any(w.startswith("7 nötig · du ") for w in words)
    for ident in ("spies-replay", "spies-new", "spies-stats", "spies-home"):
        assert by_id(end, ident) is not None
    by_id(end, "spies-stats").content.on_click(None)
    assert table.ui.navigated == ["/stats/deck-of-spies"]
    table.hide_result()
    assert by_id(tree(table), "spies-end") is None and button(table, "spies-result") is not None


def test_lost_without_double_agent_is_named():
    view = {"over": True, "result": {"scores": [0], "winners": [], "reason": "no_double_agent",
                                     "face_cards": {"player": 3, "spies": 9}, "points": None}}
    e = lg.ending(view)
    assert not e.won and lg.ending_text(e, T_EN) == "Lost: no double agent left – an assassination needed an ace."
    won = lg.ending({"over": True, "result": {"scores": [12], "winners": [0], "reason": "won",
                                              "face_cards": {"player": 12, "spies": 0}, "points": 12}})
    assert won.perfect and won.points == 12


def test_replay_keeps_the_deal_and_the_old_game(monkeypatch):
    s = new_session()
    table = make_table(s)
    started = []
    monkeypatch.setattr(table_mod, "start_game", lambda st, seats, options, seed, meta: started.append(
        (seed, meta)) or SimpleNamespace(game_id=99))
    s.meta["deal"] = "daily"
    table.replay()
    assert started == [(SEED, {"deal": "daily"})] and table.ui.navigated == ["/play/99"]
    table.new_deal()
    assert started[-1][1] == {"deal": "random"} and 0 <= started[-1][0] < dos.NUMBER_SPACE


def test_the_continue_list_reads_the_progress_from_the_saved_game_in_either_language():
    from app.screens import progress

    saver = Saver()
    s = new_session(saver=saver)
    table = make_table(s)
    table.act("recruit 3D 4D")
    table.act("done")
    assert "progress" not in s.meta  # no line in the language of the moment is stored
    store = SimpleNamespace(load_game=lambda gid: s.record())
    summary = SimpleNamespace(id=1, game="deck-of-spies", meta=s.meta, ply=len(s.actions))
    for lang, text in (("de", "#421464 · Spion 2 von 36"), ("en", "#421464 · spy 2 of 36")):
        line = progress.progress_line(store, summary, lambda k, **kw: i18n.t(k, lang, **kw))
        assert line.replace("\u00a0", " ") == text  # no-break spaces keep it in one piece on a card


# --- layout -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("w, h", [(390, 788), (360, 584), (414, 840), (375, 611), (1024, 712), (1280, 744),
                                  (768, 968), (900, 500)])
def test_layout_fits_without_overlaps(w, h):
    L = geo.compute(w, h)
    screen = geo.Box(0, 0, w, h)
    boxes = L.boxes()
    for name, b in boxes.items():
        assert b.inside(screen), name
    names = list(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not boxes[a].overlaps(boxes[b]), (a, b)
    for slot in L.hand_slots(5):
        v = slot.visual(L.cw, L.ch)
        assert v.inside(L.hand_row) and v.w >= 48
    for name in L.piles:
        assert L.pile_visual(name).inside(L.deck)
    assert L.spy_visual().inside(L.stage)
    assert L.buttons.h >= 48 and (L.tools is None or L.tools.h >= 48)


def test_tablet_uses_the_width():
    L = geo.compute(1024, 712)
    assert L.mode == "landscape" and L.deck.x > L.stage.right and L.buttons.x > L.hand_row.right
    assert geo.compute(390, 788).mode == "portrait"


# --- the deal ----------------------------------------------------------------------------------------------


def test_deal_chooser_reads_numbers_and_the_daily_deal():
    shell = SimpleNamespace(t=T_DE, lang="de", snack=lambda *a, **k: None)
    chooser = deal.DealChooser(shell)
    chooser.controls()
    seed, meta = chooser.parsed()
    assert 0 <= seed < dos.NUMBER_SPACE and meta == {"deal": "random"}
    chooser.mode, chooser.number = "number", "#042 137"
    assert chooser.parsed() == (42137, {"deal": "number"})
    chooser.number = "1234567"
    with pytest.raises(ValueError, match="sechs Ziffern"):
        chooser.parsed()
    chooser.mode = "daily"
    seed, meta = chooser.parsed()
    assert seed == dos.daily_seed(dt.date.today()) and meta["deal"] == "daily"
    chooser.mode, chooser.winnable = "random", True
    assert chooser.parsed() == (None, {"deal": "winnable"})


def test_winnable_search_tries_seeds_off_the_loop_until_one_is_proven():
    answers = iter(["unknown", "unwinnable", "winnable"])
    calls, progress = [], []

    def solve(seed, seconds, options):
        calls.append(seed)
        return SimpleNamespace(status=next(answers))

    seed, proven = run_async(deal.find_winnable({}, lambda n, s: progress.append(n), solve=solve,
                                                  rng=random.Random(1)))
    assert proven and seed == calls[-1] and progress == [1, 2, 3]
    seed, proven = run_async(deal.find_winnable({}, lambda n, s: None, attempts=2, rng=random.Random(2),
                                                  solve=lambda *a: SimpleNamespace(status="unknown")))
    assert not proven and 0 <= seed < dos.NUMBER_SPACE


def search_with(monkeypatch, reports, cancel_while_searching=False):
    monkeypatch.setattr(deal, "MIN_DIALOG_SECONDS", 0.05)
    monkeypatch.setattr(deal, "DISMISS_GRACE_SECONDS", 0.05)
    page = Page(reports=reports)
    page.tasks = []
    page.run_task = page.tasks.append
    shell = SimpleNamespace(t=lambda key, **kw: i18n.t(key, "en", **kw), page=page, snacks=[])
    shell.snack = shell.snacks.append
    launched = []

    async def found(options, progress):
        progress(1, 4711)
        if cancel_while_searching:
            page.dialogs[-1].actions[0].on_click(None)
        return 4711, True

    monkeypatch.setattr(deal, "find_winnable", found)
    deal.search_and_launch(shell, {}, lambda seed, meta: launched.append((seed, meta)))
    assert len(page.dialogs) == 1 and page.dialogs[0].open
    run_async(page.tasks[0]())
    return launched, page


@pytest.mark.parametrize("reports", [True, False], ids=["dismissal reported", "dismissal lost"])
def test_a_found_winnable_deal_is_launched_exactly_once(monkeypatch, reports):
    launched, page = search_with(monkeypatch, reports)
    assert launched == [(4711, {"deal": "winnable"})]
    assert not any(d.open for d in page.dialogs)


def test_cancelling_the_winnable_search_launches_nothing(monkeypatch):
    launched, page = search_with(monkeypatch, True, cancel_while_searching=True)
    assert launched == [] and page.dialogs == []


# --- statistics -----------------------------------------------------------------------------------------------


def test_statistics_screen_shows_the_record(tmp_path):
    from app.screens import stats
    from core.store import Store

    store = Store.open(str(tmp_path / "h.db"))
    p = store.create_profile("Anna")
    s = find_session(lambda st: st["over"], seeds=range(3, 4), steps=400)
    record = GameSession.start("deck-of-spies", [Seat("human", "Anna", p.id)], seed=s.state["seed"], saver=store)
    for a in s.actions:
        record.apply(a)
    state = AppState(store, "de")
    shell = SimpleNamespace(t=T_DE, lang="de", state=state, navigate=lambda r: None, wide=False, width=390,
                            sub_view=lambda route, title, controls, **k: SimpleNamespace(route=route, title=title,
                                                                                          controls=controls))
    v = stats.view(shell, "deck-of-spies")
    assert v.title == "Statistik: Deck of Spies"
    words = texts(ft.Column(v.controls))
    for label in ("Siegquote", "1 gespielt · 0 gewonnen", "Perfekte Spiele", "Bester Wert",
                  "Aktuelle Serie", "Beste Serie", "Tipps genutzt", "Rücknahmen"):
        assert label in words
    assert "#" + dos.game_number(s.state["seed"]) in words
    store.close()


def test_every_text_exists_in_both_languages():
    from app.tables.deck_of_spies import strings

    assert strings.DE.keys() == strings.EN.keys()
    assert i18n.t("spies.counter", "de") == "Abwehren" and i18n.t("spies.recruit", "en") == "Recruit"
    assert cards_mod.UNKNOWN not in lg.zones(new_session().view(0))


def test_a_new_deal_is_saved_with_how_it_was_dealt():
    class Store(MemoryStore):
        def __init__(self):
            super().__init__()
            self.records = []

        def save_game(self, record):
            self.records.append(record)
            return 7

    store = Store()
    state = AppState(store, "en")
    s = table_mod.start_game(state, [Seat("human", "Anna")], {"scoring": "points"}, 42137,
                             {"deal": "number"})
    assert s.game_id == 7 and s.state["seed"] == 42137 and s.state["options"]["scoring"] == "points"
    assert store.records[-1]["meta"] == {"deal": "number"}
