"""The Rosenkrieg table without a browser: what each seat may see, declaring, the Erbe, tricks, resuming.

The view-model (``app.tables.rosenkrieg.model``) is plain Python; the table's control tree
is built with a stub shell (no client) and walked. A hidden card must never reach a
control: not as a picture, a test id, a text or a label.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import flet as ft
import pytest

from app import i18n
from app.state import AppState
from app.tables.rosenkrieg import RosenkriegTable, model
from app.tables.rosenkrieg import strings as rk_strings
from app.widgets import card as card_widget
from core import cards
from core.games import rosenkrieg as rk
from core.session import GameSession, Seat
from tests.test_app_card import walk
from tests.test_app_generic_table import shown_cards
from tests.test_app_thronfolge_table import SavingStore, stub_ui, texts_and_labels


def make_table(session: GameSession, wide: bool = False, lang: str = "de", speed: str = "normal",
               suits: str = "own") -> RosenkriegTable:
    state = AppState(SavingStore(), lang)
    state.settings.speed = speed
    state.settings.suits = suits
    state.ui = stub_ui(lang, wide)
    return RosenkriegTable(state, session)


def people_and_bots(n: int, humans: int = 1) -> list[Seat]:
    names = ["Anna", "Ben", "Carla", "Dirk"]
    return [Seat("human", names[i]) if i < humans else Seat("bot", f"Bot {i}", None, "random") for i in range(n)]


def tree_of(table: RosenkriegTable) -> ft.Column:
    return ft.Column(table.build_content())


def by_id(tree) -> dict[str, ft.Semantics]:
    return {c.identifier: c for c in walk(tree) if isinstance(c, ft.Semantics) and c.identifier}


def words_of(tree) -> str:
    return " | ".join(texts_and_labels(tree))


def secret_names(card: str) -> set[str]:
    return {cards.name(card, "de"), cards.name(card, "en"), cards.name(card_widget.as_french(card), "de")}


def until(session: GameSession, done, rng: random.Random | None = None) -> None:
    """Play random legal moves until ``done(session)``."""
    rng = rng or random.Random(3)
    while not done(session):
        legal = session.legal()
        session.apply(legal[rng.randrange(len(legal))])


# --- the view-model ---------------------------------------------------------------------------------


def test_the_next_seat_clockwise_sits_to_the_left_and_two_players_face_each_other():
    assert model.around(4, 2) == [3, 0, 1]
    assert [model.place_of(4, 2, s) for s in (2, 3, 0, 1)] == ["bottom", "left", "top", "right"]
    assert [model.place_of(3, 0, s) for s in (0, 1, 2)] == ["bottom", "left", "right"]
    assert model.place_of(2, 1, 0) == "top"


def test_running_points_count_the_erbe_only_for_the_potentat_who_laid_it():
    session = GameSession.start("rosenkrieg", people_and_bots(3), seed=4)
    until(session, lambda s: s.state["phase"] == "play" and len(s.state["tricks"]) == 2)
    st = session.state
    pot = st["potentat"]
    other = (pot + 1) % 3
    mine = model.points(session.view(pot))
    theirs = model.points(session.view(other))
    assert mine.erbe == rk.card_points(st["erbe"]) and theirs.erbe is None
    assert mine.potentat == rk.card_points(st["won"][pot]) + mine.erbe
    assert theirs.potentat == rk.card_points(st["won"][pot])
    assert mine.challengers == theirs.challengers == sum(rk.card_points(st["won"][s]) for s in range(3) if s != pot)
    assert theirs.in_play == 120 - theirs.potentat - theirs.challengers
    assert mine.needed == max(0, 67 - mine.potentat)


def test_the_follow_rule_names_the_led_suit_a_trump_or_nothing():
    state = GameSession.start("rosenkrieg", people_and_bots(2), seed=1).state
    state.update(phase="play", potentat=0, hands=[["AL", "KL", "9T"], ["TL", "AR", "KT"]], erbe=["QB", "JB"],
                 trick={"leader": 1, "cards": ["AT"]}, to_move=0)
    view = rk.GAME.view(state, 0)
    assert model.follow_rule(view, 0) == "T"  # the nine of towers must follow
    state["trick"]["cards"] = ["9R"]
    assert model.follow_rule(rk.GAME.view(state, 0), 0) == "trump"  # the Lion King is the only trump
    state["trick"]["cards"] = ["AB"]
    assert model.follow_rule(rk.GAME.view(state, 0), 0) is None  # no trees: any card
    assert model.follow_rule(rk.GAME.view(state, 1), 1) is None  # not seat 1's turn


def test_the_engines_reasons_are_translated():
    state = GameSession.start("rosenkrieg", people_and_bots(2), seed=1).state
    state.update(phase="play", potentat=0, hands=[["AL", "KL", "9T"], ["TL", "AR", "KT"]], erbe=["QB", "JB"],
                 trick={"leader": 1, "cards": ["AT"]}, to_move=0)
    assert model.why_key(rk.GAME.why_illegal(state, rk.Play("AL"))) == "rk.why.follow"
    state["trick"]["cards"] = ["9R"]
    assert model.why_key(rk.GAME.why_illegal(state, rk.Play("AL"))) == "rk.why.trump"
    assert model.why_key(rk.GAME.why_illegal(state, rk.WILL)) == "rk.why.declared"
    assert model.why_key("something new") is None


def test_the_scoreboard_adds_every_partie_to_the_balances():
    session = GameSession.start("rosenkrieg", people_and_bots(3), seed=8, options={"partien": 3})
    until(session, lambda s: s.over)
    rows = model.scoreboard(session.view(0))
    assert [r.number for r in rows] == [1, 2, 3]
    assert rows[-1].balance == tuple(session.state["balance"])
    assert all(sum(r.points) == 0 for r in rows)
    for a, b in zip(rows, rows[1:]):
        assert b.balance == tuple(x + p for x, p in zip(a.balance, b.points))
    p = model.summary(session.state["partien"][0])
    assert p.value == p.base * p.multiplier and p.counters[0] + p.counters[1] == 120


# --- what a seat may see ----------------------------------------------------------------------------


def allowed_cards(session: GameSession, seat: int, shown_trick: list[str]) -> set[str]:
    st = session.state
    ok = set(st["hands"][seat]) | set(st["trick"]["cards"]) | {c for w in st["won"] for c in w} | set(shown_trick)
    ok |= {c for r in st["partien"] for c in r["erbe"].split()}  # a finished Partie's Erbe is public
    if st["phase"] == "play" and st["potentat"] == seat:
        ok |= set(st["erbe"])
    return ok


def secrets(session: GameSession, seat: int) -> set[str]:
    st = session.state
    hidden = {c for s, h in enumerate(st["hands"]) if s != seat for c in h}
    if st["phase"] == "declare" or st["potentat"] != seat:
        hidden |= set(st["erbe"])
    return hidden


@pytest.mark.parametrize("players,wide,partien", [(2, False, 2), (3, True, 1), (4, False, 1)])
def test_a_whole_dynasty_never_draws_a_card_the_player_may_not_see(players, wide, partien):
    session = GameSession.start("rosenkrieg", people_and_bots(players), seed=players, options={"partien": partien})
    table = make_table(session, wide)
    rng = random.Random(players)
    checked = 0
    while not session.over:
        table.sheet = None
        shown = table.shown_trick["cards"] if table.shown_trick else []
        tree = tree_of(table)
        assert shown_cards(tree) <= allowed_cards(session, 0, shown)
        words = words_of(tree)
        for c in secrets(session, 0) - set(shown):
            assert not any(name in words for name in secret_names(c)), c
        checked += 1
        legal = session.legal()
        events = session.apply(legal[rng.randrange(len(legal))])
        table.redraw(events)
    assert checked > 20
    table.end_trick()
    final = tree_of(table)  # at the end everything is public, the table still draws
    assert "Neue Dynastie" in words_of(final)


def test_the_erbe_stays_face_down_until_the_potentat_has_laid_it_and_then_only_he_sees_it():
    session = GameSession.start("rosenkrieg", people_and_bots(3, humans=3), seed=5)
    until(session, lambda s: s.state["phase"] == "play")
    st = session.state
    pot, other = st["potentat"], (st["potentat"] + 1) % 3
    for seat in (pot, other):
        table = make_table(session)
        table.revealed_for = seat
        if session.to_move != seat:  # draw this seat's eyes as if it were to move
            st["to_move"] = seat
        ids = by_id(tree_of(table))
        erbe = ids["erbe"].label
        if seat == pot:
            assert all(cards.name(c, "de") in erbe for c in st["erbe"])
        else:
            assert erbe == i18n.t("rk.erbe_hidden", "de")
            assert not shown_cards(tree_of(table)) & set(st["erbe"])


def test_the_other_hands_are_fans_of_backs_with_their_counts():
    session = GameSession.start("rosenkrieg", people_and_bots(4), seed=2)
    tree = tree_of(make_table(session))
    ids = by_id(tree)
    for seat in (1, 2, 3):
        fan = ids[f"hand-count-{seat}"]
        assert fan.label == f"Computer {seat}: 6 Karten auf der Hand"
        assert not shown_cards(fan)
        assert [c for c in walk(fan) if isinstance(c, ft.Image) and c.src.startswith("backs/")]
    assert set(session.state["hands"][0]) == shown_cards(tree)


def test_two_people_at_one_device_see_only_their_own_hand_after_passing_it():
    session = GameSession.start("rosenkrieg", people_and_bots(2, humans=2), seed=6)
    table = make_table(session)
    hands = session.state["hands"]
    first = session.to_move
    curtain = tree_of(table)
    assert not shown_cards(curtain)
    assert f"Gib das Gerät an {session.seats[first].name}" in words_of(curtain)
    table.revealed_for = first
    mine = tree_of(table)
    assert shown_cards(mine) == set(hands[first])
    table.declare(False)
    after = tree_of(table)
    assert not shown_cards(after) & (set(hands[0]) | set(hands[1]))
    assert "passt" in words_of(after)  # the pass screen tells the last public move


# --- acting through the table ---------------------------------------------------------------------


def test_declaring_shows_the_declarations_so_far_on_the_seats():
    session = GameSession.start("rosenkrieg", people_and_bots(3), seed=7)
    until(session, lambda s: s.to_move == 0)
    table = make_table(session)
    ids = by_id(tree_of(table))
    assert {"declare-will", "declare-pass"} <= ids.keys()
    table.declare(True)
    assert session.actions[-1] == "will"
    assert session.state["declarations"][0] is True
    ids = by_id(tree_of(table))
    if session.state["phase"] == "declare":
        assert ids["declared-0"].label == "will"
    assert table.ui.tasks, "the computer's turn is started off the UI loop"


def lay_position() -> GameSession:
    session = GameSession.start("rosenkrieg", people_and_bots(4), seed=3)
    while session.state["phase"] == "declare":
        session.apply(rk.WILL if session.to_move == 0 else rk.PASS)
    assert session.state["potentat"] == 0 and session.state["phase"] == "lay"
    return session


def test_the_potentat_picks_two_cards_and_lays_them_into_the_erbe():
    session = lay_position()
    table = make_table(session)
    hand = list(session.state["hands"][0])
    new = set(session.state["erbe_dealt"].split())
    tree = tree_of(table)
    marked = [c for c in walk(tree) if isinstance(c, ft.Semantics) and (c.identifier or "").startswith("card-")
              and c.label.endswith("aus dem Erbe")]
    assert {c.identifier[5:] for c in marked} == new  # the cards just taken up say so
    table.lay_selected()
    assert table.message == i18n.t("rk.lay_two", "de") and session.actions[-1] != "lay"
    for c in hand[:3]:
        table.tap_card(c)
    assert table.selected == hand[1:3]  # a third pick replaces the oldest
    ids = by_id(tree_of(table))
    assert ids["lay-confirm"].content.content == i18n.t("rk.lay_confirm", "de")
    assert str(rk.card_points(hand[1:3])) in ids["lay-centre"].label
    table.lay_selected()
    assert session.actions[-1] == str(rk.lay(hand[1], hand[2]))
    assert session.state["erbe"] == sorted(hand[1:3]) and session.state["phase"] == "play"


def test_a_trick_played_through_the_table_stays_in_sight_then_goes_to_its_winner():
    session = lay_position()
    until(session, lambda s: s.state["phase"] == "play" and s.to_move == 0 and len(s.state["trick"]["cards"]) == 3)
    table = make_table(session)
    table.root.update = lambda: None  # pretend the table is on a page
    card = next(a.card for a in session.legal())
    table.tap_card(card)
    assert table.selected == [card] and session.actions[-1] != f"play {card}"
    ids = by_id(tree_of(table))
    assert ids["play"].content.content.endswith("spielen")
    table.tap_card(card)
    assert session.actions[-1] == f"play {card}"
    shown = table.shown_trick
    assert shown is not None and card in shown["cards"] and len(shown["cards"]) == 4
    assert table.driver.paused, "the computer waits while the trick is shown"
    tree = tree_of(table)
    assert set(shown["cards"]) <= shown_cards(by_id(tree)["trick"])
    winner = shown["winner"]
    assert by_id(tree)["trick"].label.startswith(table.name(winner))
    lit = [c for c in walk(by_id(tree)["trick"]) if isinstance(c, ft.Container) and c.shadow and len(c.shadow) == 2]
    assert len(lit) == 1  # the winning card glows
    for stage in ("gather", "gone"):
        table.trick_frame({"stage": stage})
    gone = [c for c in walk(by_id(tree_of(table))["trick"]) if isinstance(c, ft.Container)
            and (c.key or "").endswith("-trick")]
    assert gone and all(c.opacity == 0.0 for c in gone)
    table.trick_frame({"stage": None})
    assert table.shown_trick is None and not table.driver.paused


def test_an_illegal_card_is_refused_with_the_reason_in_words():
    session = lay_position()
    until(session, lambda s: s.state["phase"] == "play" and s.to_move == 0 and s.state["trick"]["cards"]
          and len(rk.legal_plays(s.state["hands"][0], s.state["trick"]["cards"])) < len(s.state["hands"][0]),
          random.Random(11))
    table = make_table(session)
    wrong = next(c for c in session.state["hands"][0] if rk.Play(c) not in session.legal())
    before = list(session.actions)
    table.act(rk.Play(wrong))
    assert session.actions == before
    assert table.message in (i18n.t("rk.why.follow", "de"), i18n.t("rk.why.trump", "de"))
    assert table.message in words_of(tree_of(table))


def test_a_finished_partie_opens_its_sheet_and_the_computer_waits_until_it_is_closed():
    session = GameSession.start("rosenkrieg", people_and_bots(2), seed=9)
    table = make_table(session, speed="off")
    rng = random.Random(2)
    while not session.state["partien"]:
        legal = session.legal()
        table.redraw(session.apply(legal[rng.randrange(len(legal))]))
    record = session.state["partien"][0]
    assert table.sheet is record and table.driver.paused
    tree = tree_of(table)
    words = words_of(tree)
    p = model.summary(record)
    assert i18n.t("rk.calc_value", "de") in words and str(p.value) in words
    assert str(p.counters[0]) in words and str(p.counters[1]) in words
    assert set(record["erbe"].split()) <= shown_cards(tree)  # the Erbe is shown once the Partie is over
    assert ("Fenstersturz!" in words) == p.fenstersturz
    assert by_id(tree)["partie-points-0"].label.endswith(("+" if p.points[0] > 0 else "−") + str(abs(p.points[0])))
    table.close_sheet()
    assert table.sheet is None and not table.driver.paused and session.meta["partie_seen"] == 1
    assert "declare-will" in by_id(tree_of(table)) or session.to_move != 0


def test_a_fenstersturz_and_a_whitewash_are_announced_on_the_sheet():
    session = GameSession.start("rosenkrieg", people_and_bots(3), seed=1)
    table = make_table(session)
    record = {"number": 1, "dealer": 0, "declarations": [True, False, False], "potentat": 0, "chosen": "volunteer",
              "erbe": "9T 9B", "erbe_dealt": "AT KB", "tricks": [], "won": ["", "", ""],
              "counters": {"potentat": 67, "challengers": 53}, "winner": "potentat", "streak": 2, "lk_bonus": False,
              "sanglos": False, "klanglos": False, "fenstersturz": True, "base": 5, "multiplier": 1, "value": 5,
              "points": [10, -5, -5]}
    table.sheet = record
    words = words_of(tree_of(table))
    assert "Fenstersturz!" in words and "Serie: 2 Siege als Potentat davor" in words
    assert "Anna gewinnt als Potentat!" in words
    record.update(counters={"potentat": 120, "challengers": 0}, klanglos=True, sanglos=True, multiplier=4,
                  fenstersturz=False)
    words = words_of(tree_of(table))
    assert "sang- und klanglos" in words and "× 4" in words and "Fenstersturz" not in words


def test_the_scoreboard_is_reachable_during_play_and_lists_every_partie():
    session = GameSession.start("rosenkrieg", people_and_bots(3), seed=12, options={"partien": 4})
    until(session, lambda s: len(s.state["partien"]) == 2)
    table = make_table(session)
    ids = by_id(tree_of(table))
    assert "scoreboard-open" in ids
    table.show_scoreboard()
    sheet = table.ui.tasks[-1][1]
    assert isinstance(sheet, ft.BottomSheet)
    rows = by_id(sheet)
    assert {"score-row-1", "score-row-2"} <= rows.keys() and "score-row-3" not in rows
    words = words_of(sheet)
    assert "Dynastie · 2 von 4 Partien" in words
    for b in session.state["balance"]:
        assert (f"+{b}" if b > 0 else "±0" if b == 0 else f"−{-b}") in words


def test_the_end_of_the_dynasty_says_who_pays_and_offers_a_new_one():
    session = GameSession.start("rosenkrieg", people_and_bots(2), seed=13, options={"partien": 1})
    until(session, lambda s: s.over)
    table = make_table(session, wide=True)
    ids = by_id(tree_of(table))
    assert {"headline", "again", "home", "balance-0", "balance-1"} <= ids.keys()
    words = words_of(tree_of(table))
    b = session.state["balance"][0]
    assert (f"zahlt {-b}" if b < 0 else f"bekommt {b}" if b > 0 else "geht leer aus") in words


def test_a_dynasty_played_for_money_ends_with_the_amounts_and_the_way_to_the_ledger():
    session = GameSession.start("rosenkrieg", people_and_bots(2), seed=13, options={"partien": 1},
                                meta={"stake": {"cents": 25, "currency": "EUR"}})
    until(session, lambda s: s.over)
    table = make_table(session, wide=True)
    ids = by_id(tree_of(table))
    honour = GameSession.start("rosenkrieg", people_and_bots(2), seed=13, options={"partien": 1})
    until(honour, lambda s: s.over)
    assert "to-ledger" in ids and "to-ledger" not in by_id(tree_of(make_table(honour)))
    b = session.state["balance"][0]
    money = f"{abs(b) * 25 // 100},{abs(b) * 25 % 100:02d}\xa0€"
    words = words_of(tree_of(table))
    assert b != 0 and (f"zahlt {money}" if b < 0 else f"bekommt {money}") in words


def test_the_stake_is_in_sight_on_the_table_for_the_whole_dynasty_and_only_when_there_is_one():
    session = GameSession.start("rosenkrieg", people_and_bots(3), seed=13, options={"partien": 2},
                                meta={"stake": {"cents": 10, "currency": "EUR"}})
    ids = by_id(tree_of(make_table(session)))
    assert ids["table-stake"].label == "Um Geld: 0,10\xa0€ pro Punkt"
    assert ids["partie"].label == "Partie 1 von 2"
    until(session, lambda s: len(s.state["partien"]) == 1)
    ids = by_id(tree_of(make_table(session, wide=True)))
    assert ids["table-stake"].label == "Um Geld: 0,10\xa0€ pro Punkt"  # after a Partie too
    honour = GameSession.start("rosenkrieg", people_and_bots(3), seed=13)
    assert "table-stake" not in by_id(tree_of(make_table(honour)))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_status_strip_fits_a_phone_with_must_trump_a_stake_and_a_three_digit_balance(lang):
    from app import text_fit

    session = GameSession.start("rosenkrieg", people_and_bots(3), seed=13,
                                options={"trumpfzwang": True},
                                meta={"stake": {"cents": 1000, "currency": "EUR"}})
    session.state["balance"][0] = -120  # the widest the chip gets in a dynasty
    table = make_table(session, lang=lang)
    strip = table.status_strip(session.view(0))
    row = strip.content

    def need(control) -> float:
        """The width a part of the strip takes: texts and icons side by side, lines stacked."""
        if isinstance(control, ft.Text):
            return text_fit.width(control.value, control.font_family or text_fit.theme.SANS,
                                  control.size or 14)
        if isinstance(control, ft.Icon):
            return control.size or 24
        inner = getattr(control, "content", None)
        if isinstance(control, ft.Column):
            return max(need(c) for c in control.controls)
        if isinstance(control, ft.Row):
            shown = [c for c in control.controls if not (isinstance(c, ft.Container) and c.expand)]
            return sum(need(c) for c in shown) + control.spacing * (len(shown) - 1)
        if inner is not None:
            pad = control.padding.left + control.padding.right if isinstance(
                getattr(control, "padding", None), ft.Padding) else 0
            return need(inner) + pad
        return 0

    assert need(row) + 2 * 12 <= 390


def test_a_game_resumed_mid_trick_shows_the_same_table():
    store = SavingStore()
    session = GameSession.start("rosenkrieg", people_and_bots(4), seed=21, saver=store)
    until(session, lambda s: s.state["phase"] == "play" and len(s.state["tricks"]) == 1
          and len(s.state["trick"]["cards"]) == 2)
    resumed = GameSession.restore(store.games[session.game_id])
    assert resumed.state == session.state
    before, after = tree_of(make_table(session)), tree_of(make_table(resumed))
    assert shown_cards(by_id(before)["trick"]) == shown_cards(by_id(after)["trick"]) == set(
        session.state["trick"]["cards"])
    assert shown_cards(before) == shown_cards(after)
    keep = ("trick", "score-line", "partie", "hand-count-1", "hand-count-2", "hand-count-3", "turn")
    assert {k: by_id(before)[k].label for k in keep} == {k: by_id(after)[k].label for k in keep}


def test_skat_suits_draw_a_lion_card_as_spades_but_keep_its_own_code():
    session = GameSession.start("rosenkrieg", people_and_bots(2), seed=2)
    hand = session.state["hands"][0]
    tree = tree_of(make_table(session, suits="french"))
    faces = {c.identifier[5:]: c for c in walk(tree) if isinstance(c, ft.Semantics)
             and (c.identifier or "").startswith("card-")}
    assert set(faces) == set(hand)
    for card, node in faces.items():
        assert node.label.startswith(cards.name(card_widget.as_french(card), "de"))
        pictures = {i.src for i in walk(node) if isinstance(i, ft.Image)}
        assert pictures == {f"suits/{card_widget.FRENCH_FOR[card[1]]}.svg"}
    assert card_widget.as_french("KL") == "KS" and card_widget.as_french("9R") == "9H"


def test_both_languages_have_the_same_table_strings_and_every_used_key_exists():
    assert rk_strings.DE.keys() == rk_strings.EN.keys()
    used = set()
    for path in Path(__file__).resolve().parents[1].joinpath("app", "tables", "rosenkrieg").glob("*.py"):
        used |= set(re.findall(r"""\bt\(\s*f?["']([a-z][a-z0-9_\-.]*[a-z0-9])["']""", path.read_text()))
    assert used and sorted(k for k in used if k not in i18n.EN or k not in i18n.DE) == []
    for why in ("volunteer", "previous", "trump", "first", "forced_previous", "forced_trump"):
        assert f"rk.chosen.{why}" in i18n.DE and f"rk.why_pot.{why}" in i18n.EN


@pytest.mark.parametrize("players, short", [(3, "medium"), (4, "small")])
def test_a_tablet_table_with_less_height_draws_smaller_cards_so_the_trick_fits(players, short):
    session = GameSession.start("rosenkrieg", people_and_bots(players), seed=2, options={"partien": 1})
    table = make_table(session, wide=True)
    table.ui.page.height = 900  # a tall tablet: a trick of large cards
    assert table.trick_size(players) == "large"
    session.chrome_height = 206  # a replay's bar and its strip of open hands
    assert table.trick_size(players) == short
    session.chrome_height = 0
    table.ui.page.height = 768  # 1024 x 768: the guidance line under the trick stays in sight
    assert table.trick_size(players) == short
