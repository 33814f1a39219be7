"""The Thronfolge table without a browser: what is in reach, previews, majorities, privacy, the end.

The view-model (``app.tables.thronfolge.model``) is plain Python; the table's control
tree is built with a stub shell (no page, no client) and walked to check what it shows.
Hidden cards must never reach a control: not as a picture, a test id, a text or a label.
"""

from __future__ import annotations

import random
import re
from types import SimpleNamespace

import flet as ft
import pytest

from app import i18n
from app.state import AppState
from app.tables.kit.style import signed
from app.tables.thronfolge import ThronfolgeTable
from app.tables.thronfolge import model
from app.tables.thronfolge import text as thronfolge_text
from app.widgets import card as card_widget
from core import cards
from core.games import thronfolge as tf
from core.session import GameSession, Seat
from tests.test_app_card import walk
from tests.test_app_generic_table import MemoryStore, shown_cards


class SavingStore(MemoryStore):
    """Settings plus a game list, enough for GameSession's autosave and AppState.start_game."""

    def __init__(self):
        super().__init__()
        self.games = {}

    def save_game(self, record):
        gid = record.get("id") or len(self.games) + 1
        self.games[gid] = record
        return gid


def stub_ui(lang: str = "de", wide: bool = False, speed_tasks: list | None = None) -> SimpleNamespace:
    tasks = speed_tasks if speed_tasks is not None else []
    routes: list[str] = []
    snacks: list[str] = []
    page = SimpleNamespace(width=1024 if wide else 390, height=768 if wide else 844,
                           run_task=lambda fn, *a: tasks.append((fn, a)),
                           show_dialog=lambda d: tasks.append(("dialog", d)), pop_dialog=lambda: None)
    return SimpleNamespace(t=lambda key, **kw: i18n.t(key, lang, **kw), card_size="large" if wide else "small",
                           wide=wide, page=page, snack=lambda m, error=False: snacks.append(m),
                           navigate=routes.append, bot_future=None, cancel_bot=lambda: None,
                           routes=routes, snacks=snacks, tasks=tasks)


def make_table(session: GameSession, wide: bool = False, lang: str = "de", speed: str = "normal",
               store=None) -> ThronfolgeTable:
    state = AppState(store or SavingStore(), lang)
    state.settings.speed = speed
    state.ui = stub_ui(lang, wide)
    return ThronfolgeTable(state, session)


def position(line, collections=([], []), hands=(["2S"], ["3S"]), taken=(False, False), to_move=0, rnd=1):
    """A hand-made position (card fields only matter for the view-model)."""
    state = tf.GAME.new(2, 1, None)
    state.update(line=list(line), collections=[list(collections[0]), list(collections[1])],
                 hands=[list(hands[0]), list(hands[1])], taken=list(taken), to_move=to_move, round=rnd)
    return state


def texts_and_labels(control) -> list[str]:
    out = []
    for c in walk(control):
        if isinstance(c, ft.Text):
            out.append(c.value or "")
            out.extend(span.text or "" for span in (c.spans or []))
        if isinstance(c, ft.Semantics):
            out.append(c.label or "")
        if isinstance(c, ft.Image):
            out.append(c.semantics_label or "")
        if isinstance(getattr(c, "content", None), str):  # buttons given plain text
            out.append(c.content)
    return out


# --- the view-model -----------------------------------------------------------------------------


@pytest.mark.parametrize("n", [0, 1, 2, 5, 6, 12])
def test_the_last_five_cards_of_the_line_are_in_reach(n):
    line = [c for c in tf.DECK if c in tf.SUPPORTERS][:n]
    older, reach = model.split_line(line)
    assert reach == line[-5:] if n else reach == []
    assert older + reach == line
    assert len(reach) == min(5, n)


def test_take_preview_shows_the_cards_in_reach_and_both_scores_before_and_after():
    # The worked example of T-6.3: 3♦ Q♠ 7♥ J♣ K♦ 2♠ 9♣, taking gets the last five.
    state = position(["3D", "QS", "7H", "JC", "KD", "2S", "9C"], collections=(["AS"], ["4S", "5S"]))
    view = tf.GAME.view(state, 0)
    pv = model.take_preview(view, 0)
    assert pv.cards == ("7H", "JC", "KD", "2S", "9C")
    assert pv.before == tuple(tf.live_scores(state))
    after = [["AS", "7H", "JC", "KD", "2S", "9C"], ["4S", "5S"]]
    assert pv.after == (tf.score_breakdown(after[0], after[1])["total"],
                        tf.score_breakdown(after[1], after[0])["total"])
    # ♠ 2:2 is now a tie (the opponent loses 8), ♥ goes to seat 0 (+7), J♣ +2, 9♣ −1.
    assert pv.gain == 7 + 2 - 1
    assert pv.other_change == -8
    assert not pv.instant_win and not pv.forced and not pv.empty
    assert view["line"] == state["line"]  # the preview did not touch the view


def test_take_preview_announces_the_third_crown_as_an_instant_win():
    state = position(["2H", "KD"], collections=(["KS", "KC"], []))
    pv = model.take_preview(tf.GAME.view(state, 0), 0)
    assert pv.instant_win


def test_an_empty_hand_and_an_empty_line_take_nothing_which_counts_as_the_take():  # T-3.4
    state = position([], hands=([], ["3S"]))
    assert [str(a) for a in tf.GAME.legal_actions(state)] == ["take"]
    pv = model.take_preview(tf.GAME.view(state, 0), 0)
    assert pv.forced and pv.empty and pv.cards == () and pv.gain == 0


def test_family_majorities_name_the_holder_and_ties_name_nobody():
    state = position([], collections=(["AC", "2C", "AD", "AH"], ["3C", "2D", "AS"]))
    fams = {f.suit: f for f in model.families(tf.GAME.view(state, 1))}
    assert fams["C"].counts == (2, 1) and fams["C"].leader == 0 and fams["C"].value == 5
    assert fams["D"].counts == (1, 1) and fams["D"].leader is None
    assert fams["H"].leader == 0 and fams["S"].leader == 1
    t0, t1 = model.tallies(tf.GAME.view(state, 1))
    assert t0.total == 5 + 7 + 0  # no spade: no set
    assert t1.by_family["S"] == ("AS",)


def test_a_picked_card_previews_what_the_opponent_could_take_next():
    state = position(["AC", "2C", "3C", "4C", "5C"], hands=(["KH", "2S"], ["3S", "4S"]))
    pv = model.play_preview(tf.GAME.view(state, 0), 0, "KH")
    assert pv.line[-1] == "KH" and len(pv.line) == 6
    assert pv.threat is not None and pv.threat.cards == ("2C", "3C", "4C", "5C", "KH")
    assert pv.threat.gain == 5 + 4  # clubs majority and K♥ (+4) for the opponent
    # Once the opponent has taken this round, what we play is safe from them.
    state["taken"] = [False, True]
    assert model.play_preview(tf.GAME.view(state, 0), 0, "KH").threat is None


def test_the_engines_reasons_are_translated():
    game_state = position(["AC"], taken=(True, False))
    reason = tf.GAME.why_illegal(game_state, tf.TAKE)
    assert model.why_key(reason) == "tf.why.taken"
    assert model.why_key(tf.GAME.why_illegal(position([], hands=(["2S"], ["3S"])), tf.TAKE)) == "tf.why.empty_line"
    assert model.why_key("something new") is None


def test_a_tie_on_points_names_what_decided_it():
    a = ["AS", "2S"]  # ♠ majority: 8
    b = ["AH", "2H", "JC", "9C"]  # ♥ majority 7, +2, −1: 8, but no spade
    result = tf.final_result([a, b])
    assert result["reason"] == "tiebreak" and result["scores"] == [8, 8]
    assert model.tiebreak_decider(result) == ("S", (2, 0))
    rows = {(r.key, r.suit): r for r in model.result_rows(result)}
    assert rows[("total", None)].values == (8, 8)
    assert rows[("family", "S")].detail == (2, 0) and rows[("family", "H")].values == (0, 7)
    assert rows[("favours", None)].values == (0, 2) and rows[("betrayals", None)].values == (0, -1)


def test_both_languages_have_the_same_table_strings():
    assert thronfolge_text.DE.keys() == thronfolge_text.EN.keys()
    assert i18n.t("tf.take", "de") == "Nehmen" and i18n.t("tf.take", "en") == "Take"


# --- the control tree -----------------------------------------------------------------------------


def secret_texts(card: str) -> set[str]:
    return {cards.name(card, "de"), cards.name(card, "en"), card_widget.short_text(card, "de")}


@pytest.mark.parametrize("wide", [False, True])
@pytest.mark.parametrize("me", [0, 1])
def test_a_whole_game_never_draws_a_card_the_player_may_not_see(wide, me):
    seats = [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")]
    session = GameSession.start("thronfolge", seats if me == 0 else seats[::-1], seed=4)
    table = make_table(session, wide)
    rng = random.Random(9)
    steps = 0
    while not session.over:
        legal = session.legal()
        if session.to_move == me:
            plays = [a for a in legal if isinstance(a, tf.Play)]
            table.selected_card = plays[0].card if plays and rng.random() < 0.5 else None
            secret = (set(session.state["hands"][1 - me]) | set(session.state["deck"])
                      | set(session.state["removed"]))
            tree = ft.Column(table.build_content())
            allowed = set(session.view(me)["hands"][me]) | set(session.state["line"]) | set(
                sum(session.state["collections"], []))
            assert shown_cards(tree) <= allowed
            words = " | ".join(texts_and_labels(tree))
            for c in secret:
                assert not any(s in words for s in secret_texts(c) if len(s) > 3), c
        session.apply(legal[rng.randrange(len(legal))])
        steps += 1
    assert steps >= 12


def test_the_other_hand_is_drawn_as_backs_with_its_count():
    session = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], seed=2)
    for wide in (False, True):
        tree = ft.Column(make_table(session, wide).build_content())
        counts = [c for c in walk(tree) if isinstance(c, ft.Semantics) and c.identifier == "hand-count-1"]
        assert counts and counts[0].label == "Computer (Zufall): 5 Karten auf der Hand"
        backs = [c for c in walk(counts[0]) if isinstance(c, ft.Image) and c.src.startswith("backs/")]
        assert len(backs) == 5


def test_the_reach_the_scores_and_the_taken_chips_are_shown():
    state = position(["3D", "QS", "7H", "JC", "KD", "2S", "9C"], collections=(["AS"], ["4S", "5S"]),
                     hands=(["2H", "3H"], ["6S", "7S"]), taken=(False, True))
    session = GameSession(tf.GAME, [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], state)
    tree = ft.Column(make_table(session).build_content())
    by_id = {c.identifier: c for c in walk(tree) if isinstance(c, ft.Semantics) and c.identifier}
    reach = [c for c in walk(by_id["reach"])
             if isinstance(c, ft.Semantics) and (c.identifier or "").startswith("card-")]
    assert [c.identifier[5:] for c in reach] == ["7H", "JC", "KD", "2S", "9C"]
    older = {c.identifier[5:] for c in walk(by_id["older"]) if isinstance(c, ft.Semantics)
             and (c.identifier or "").startswith("card-")}
    assert older == {"3D", "QS"}
    assert by_id["score-0"].label == f"Anna: {tf.live_scores(state)[0]} Punkte"
    assert "schon genommen" in by_id["taken-1"].label and "noch nehmen" in by_id["taken-0"].label
    take = by_id["take"].label
    pv = model.take_preview(tf.GAME.view(state, 0), 0)
    assert take == f"Nehmen · 5 Punkte {pv.before[0]} → {pv.after[0]}"
    fam = by_id["fam-1-S"].label
    assert fam == "Pik: 2 Anhänger, Mehrheit (+8)"


def test_tapping_a_card_picks_it_and_tapping_again_plays_it():
    session = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], seed=3)
    table = make_table(session)
    card = session.view(0)["hands"][0][0]
    table.tap_card(card)
    assert table.selected_card == card and len(session.actions) == 0
    tree = ft.Column(table.build_content())
    play = next(c for c in walk(tree) if isinstance(c, ft.FilledButton) and "Anlegen" in str(c.content))
    assert not play.disabled
    ghost = [c for c in walk(tree) if isinstance(c, ft.Semantics) and c.identifier == "ghost"]
    assert ghost and "Vorschau" in ghost[0].label
    reach = next(c for c in walk(tree) if isinstance(c, ft.Semantics) and c.identifier == "reach")
    pv = model.play_preview(session.view(0), 0, card)
    assert pv.threat is not None  # the opponent has not taken yet: they could take the new end
    assert reach.label.endswith(i18n.t("tf.threat", "de", name="Computer (Zufall)", n=len(pv.threat.cards),
                                       other=signed(pv.threat.gain), me=signed(pv.threat.other_change)))
    table.tap_card(card)
    assert session.actions == [f"play {card}"] and table.selected_card is None
    assert table.ui.tasks, "the computer's turn is started off the UI loop"


def test_an_illegal_take_explains_itself():
    state = position(["AC", "2C"], hands=(["2H", "3H"], ["6S", "7S"]), taken=(True, False))
    session = GameSession(tf.GAME, [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], state)
    table = make_table(session)
    table.ask_take()
    assert table.message == i18n.t("tf.why.taken", "de")
    assert session.actions == []
    words = texts_and_labels(ft.Column(table.build_content()))
    assert any(i18n.t("tf.why.taken", "de") in w for w in words)


def test_a_forced_take_is_announced_and_the_sheet_shows_the_preview():
    state = position(["AC", "2C", "KH"], hands=([], ["6S"]), taken=(False, True))
    session = GameSession(tf.GAME, [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], state)
    table = make_table(session)
    words = " ".join(texts_and_labels(ft.Column(table.build_content())))
    assert i18n.t("tf.must_take", "de") in words
    table.ask_take()
    sheet = next(d for fn, d in [(t[0], t[1]) for t in table.ui.tasks] if fn == "dialog")
    assert isinstance(sheet, ft.BottomSheet)
    sheet_words = " ".join(texts_and_labels(sheet))
    assert i18n.t("tf.sheet_forced", "de") in sheet_words
    assert {c.identifier[5:] for c in walk(sheet) if isinstance(c, ft.Semantics)
            and (c.identifier or "").startswith("card-")} == {"AC", "2C", "KH"}


def test_two_people_see_only_their_own_hand_after_passing_the_device():
    session = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("human", "Ben")], seed=6)
    table = make_table(session)
    hands = session.state["hands"]
    curtain = ft.Column(table.build_content())
    assert not shown_cards(curtain) & (set(hands[0]) | set(hands[1]))
    assert any("Gib das Gerät an Anna" in w for w in texts_and_labels(curtain))
    table.revealed_for = 0
    anna = ft.Column(table.build_content())
    assert set(hands[0]) <= shown_cards(anna) and not shown_cards(anna) & set(hands[1])
    card = hands[0][0]
    table.tap_card(card)
    table.tap_card(card)
    ben_curtain = ft.Column(table.build_content())
    assert not shown_cards(ben_curtain) & (set(session.state["hands"][0]) | set(session.state["hands"][1]))
    assert any("Gib das Gerät an Ben" in w for w in texts_and_labels(ben_curtain))


def test_computer_moves_are_animated_at_the_chosen_speed():
    session = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], seed=3,
                                options={"starter": 1})
    table = make_table(session)
    table.root.update = lambda: None  # pretend the table is on a page
    action = next(a for a in session.legal() if isinstance(a, tf.Play))
    table.redraw(session.apply(action))
    assert table.anim["enter"] == {action.card: 1}
    assert table.slides.movers and table.slides.animating
    assert any(fn == table.slides.play for fn, _a in [(t[0], t[1]) for t in table.ui.tasks])
    # A take flies the cards to the taker's collection, which glows.
    table.slides.animating = False
    session.apply(next(a for a in session.legal() if isinstance(a, tf.Play)))
    table.redraw(session.apply(tf.TAKE))
    assert table.anim["leave"] and table.anim["flash"] == 1
    # "Off" draws the result at once.
    off = make_table(session, speed="off")
    off.root.update = lambda: None
    off.redraw(session.apply(next(a for a in session.legal() if isinstance(a, tf.Play))))
    assert not off.slides.movers and not off.slides.animating


def finished_game(seed: int = 8) -> GameSession:
    store = SavingStore()
    session = GameSession.start("thronfolge", [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], seed=seed,
                                saver=store)
    rng = random.Random(seed)
    while not session.over:
        legal = session.legal()
        session.apply(legal[rng.randrange(len(legal))])
    return session


@pytest.mark.parametrize("wide", [False, True])
def test_the_end_screen_breaks_the_score_down_and_reveals_the_removed_cards(wide):
    session = finished_game()
    table = make_table(session, wide, store=session.saver)
    tree = ft.Column(table.build_content())
    words = " ".join(texts_and_labels(tree))
    assert set(session.state["removed"]) <= shown_cards(tree)
    for key in ("tf.sets", "tf.favours", "tf.betrayals", "tf.total", "tf.removed", "tf.rematch", "play.home"):
        assert i18n.t(key, "de") in words or i18n.t(key, "de").upper() in words, key
    out = session.outcome
    if len(out.winners) == 1:
        assert f"{session.seats[out.winners[0]].name} gewinnt!" in words


def test_a_rematch_is_a_new_game_where_the_loser_starts():
    session = finished_game()
    table = make_table(session, store=session.saver)
    table.again()
    new_id = int(table.ui.routes[-1].rsplit("/", 1)[1])
    record = session.saver.games[new_id]
    assert record["options"]["starter"] == tf.next_match_starter(session.state)
    assert new_id != session.game_id


def test_a_three_crowns_win_says_so():
    state = position(["2H", "KD"], collections=(["KS", "KC"], []), hands=([], ["6S"]), taken=(False, True))
    session = GameSession(tf.GAME, [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], state)
    session.apply(tf.TAKE)
    assert session.over
    words = " ".join(texts_and_labels(ft.Column(make_table(session).build_content())))
    assert "alle drei Kronen" in words


def test_a_tie_on_points_is_explained_on_the_end_screen():
    a, b = ["AS", "2S"], ["AH", "2H", "JC", "9C"]
    state = position([], collections=(a, b), hands=([], []), taken=(True, True), rnd=4)
    state.update(over=True, to_move=None, result=tf.final_result([a, b]))
    session = GameSession(tf.GAME, [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], state)
    words = " ".join(texts_and_labels(ft.Column(make_table(session).build_content())))
    assert "Anna gewinnt!" in words
    assert "Punktgleich (8:8) – Anna hat mehr Pik-Anhänger (2:0)." in words


@pytest.mark.parametrize("lang, one, two", [("en", "1 supporter", "2 supporters"), ("de", "1 Anhänger", "2 Anhänger")])
def test_the_end_screen_counts_supporters_in_the_plural_form_of_the_count(lang, one, two):
    a, b = ["AS", "2H", "3H"], ["AH", "2S", "3S", "9C"]
    state = position([], collections=(a, b), hands=([], []), taken=(True, True), rnd=4)
    state.update(over=True, to_move=None, result=tf.final_result([a, b]))
    session = GameSession(tf.GAME, [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], state)
    words = texts_and_labels(ft.Column(make_table(session, lang=lang).build_content()))
    assert one in words and two in words
    assert not [w for w in words if re.search(r"(?<!\d)1 (supporters|Supporters)", w)]


def test_every_string_the_table_uses_exists_in_both_languages():
    import re
    from pathlib import Path

    used = set()
    tables = Path(__file__).resolve().parents[1].joinpath("app", "tables")
    for path in [*tables.joinpath("thronfolge").glob("*.py"), *tables.joinpath("kit").glob("*.py")]:
        used |= set(re.findall(r"""\bt\(\s*["']([a-z][a-z0-9_\-.]*[a-z0-9])["']""", path.read_text()))
    assert used and sorted(k for k in used if k not in i18n.EN or k not in i18n.DE) == []
    assert all(f.strip() for k in thronfolge_text.DE for f in i18n.forms_of(i18n.DE[k]) + i18n.forms_of(i18n.EN[k]))


def test_an_empty_line_take_is_spelled_out():  # T-3.4
    state = position([], hands=([], ["6S"]), taken=(False, True))
    session = GameSession(tf.GAME, [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], state)
    table = make_table(session)
    tree = ft.Column(table.build_content())
    by_id = {c.identifier: c for c in walk(tree) if isinstance(c, ft.Semantics) and c.identifier}
    assert by_id["take"].label.startswith(i18n.t("tf.take_nothing", "de"))
    assert i18n.t("tf.must_take_empty", "de") in " ".join(texts_and_labels(tree))
    table.ask_take()
    sheet = next(t[1] for t in table.ui.tasks if t[0] == "dialog")
    assert i18n.t("tf.get_nothing", "de") in " ".join(texts_and_labels(sheet))
    assert not shown_cards(sheet)


def test_tapping_a_court_shows_its_cards_grouped_by_family():
    state = position(["AC"], collections=(["2C", "JD", "9S", "KS"], []), hands=(["2H"], ["6S"]))
    session = GameSession(tf.GAME, [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], state)
    table = make_table(session)
    table.show_collection(0)
    sheet = table.ui.tasks[-1][1]
    assert isinstance(sheet, ft.BottomSheet)
    rows = {c.identifier: c.label for c in walk(sheet) if isinstance(c, ft.Semantics) and c.identifier}
    assert rows["famrow-0-C"] == "Kreuz: 1 Anhänger, Mehrheit (+5)"
    words = " ".join(texts_and_labels(sheet))
    assert "B♦" in words and "+2" in words and "9♠" in words and "K♠" in words
    table.show_collection(1)
    assert i18n.t("tf.collection_empty", "de") in " ".join(texts_and_labels(table.ui.tasks[-1][1]))


def test_every_card_with_a_role_says_so_on_its_face():
    # Favours carry +2…+4, betrayals −1…−3, crowns ♛; supporters and hidden cards carry nothing.
    state = position(["JC", "QS", "KD", "3H"], hands=(["KH", "9C", "TS", "2S"], ["6S", "7S"]))
    session = GameSession(tf.GAME, [Seat("human", "Anna"), Seat("bot", "Bot", None, "random")], state)
    tree = ft.Column(make_table(session).build_content())
    marks = {}
    for c in walk(tree):
        if isinstance(c, ft.Semantics) and (c.identifier or "").startswith("card-"):
            texts = [t.value for t in walk(c) if isinstance(t, ft.Text)]
            marks[c.identifier[5:]] = [t for t in texts if t and t[0] in "+−♛"]
    assert marks["JC"] == ["+2"] and marks["KH"] == ["+4"]
    assert marks["QS"] == ["−3"] and marks["9C"] == ["−1"] and marks["TS"] == ["−2"]
    assert marks["KD"] == ["♛"]
    assert marks["3H"] == [] and marks["2S"] == []
    # Screen readers hear the role with the card's name.
    label = next(c.label for c in walk(tree) if isinstance(c, ft.Semantics) and c.identifier == "card-KH")
    assert label.endswith("Gunst +4")
    # The opponent's hidden cards (drawn as backs on a tablet) carry no mark at all.
    tree = ft.Column(make_table(session, wide=True).build_content())
    backs = [c for c in walk(tree) if isinstance(c, ft.Semantics) and c.label == cards.name(cards.UNKNOWN, "de")]
    assert backs and not any(isinstance(t, ft.Text) and t.value and t.value[0] in "+−♛"
                             for b in backs for t in walk(b))
