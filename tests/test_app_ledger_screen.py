"""The ledger screen's logic without a browser: both views, totals, paying in part, history, chart."""

from __future__ import annotations

import shutil
from types import SimpleNamespace

import flet as ft
import pytest

from app import i18n
from app.screens import ledger, ledger_strings  # noqa: F401 (registers the texts)
from app.screens.ledger_model import AS_PLAYED, SIMPLIFIED, LedgerModel
from core.ledger import Money
from core.store import Store
from ledger_games import finished_dynasty
from tests.test_app_card import texts


@pytest.fixture(scope="module")
def seeded(tmp_path_factory):
    """Two finished dynasties, played once per module (playing them saves every move)."""
    path = tmp_path_factory.mktemp("ledger") / "seeded.db"
    with Store.open(path) as s:
        finished_dynasty(s, ("Anna", "Ben", "Carla"), stake_cents=10, seed=7)
        finished_dynasty(s, ("Carla", "Dora"), stake_cents=50, seed=2)
    return path


@pytest.fixture
def store(seeded, tmp_path):
    shutil.copy(seeded, tmp_path / "hofstaat.db")
    s = Store.open(tmp_path / "hofstaat.db")
    yield s
    s.close()


def model(store, lang="de", view=AS_PLAYED):
    return LedgerModel(store, lambda key, **kw: i18n.t(key, lang, **kw), lang, view)


def test_as_played_lists_every_pair_and_simplified_the_fewest_payments(store):
    played, simple = model(store).debts(), model(store, view=SIMPLIFIED).debts()
    assert [line.debt for line in played] == store.open_debts()
    assert [line.debt for line in simple] == store.settle_up()
    assert len(simple) < len(played)
    assert all(line.debtor_name in {"Anna", "Ben", "Carla", "Dora"} for line in played)


def test_each_person_has_one_balance_and_the_balances_even_out(store):
    people = model(store).people()
    assert sum(p.amount.cents for p in people) == 0
    assert [p.amount.cents for p in people] == sorted((p.amount.cents for p in people), reverse=True)
    assert people[0].amount_text.startswith("+") and people[-1].amount_text.startswith("−")


def test_the_total_is_what_the_listed_debts_add_up_to_in_the_language(store):
    m = model(store)
    cents = sum(line.debt.amount.cents for line in m.debts())
    assert m.totals() == [Money(cents).format("de")]
    assert model(store, "en").totals() == [Money(cents).format("en")]


def test_the_paid_dialog_is_prefilled_with_the_whole_debt_as_the_language_types_it(store):
    line = model(store).debts()[0]
    cents = line.debt.amount.cents
    assert model(store).prefill(line) == f"{cents // 100},{cents % 100:02}"
    assert model(store, "en").prefill(model(store, "en").debts()[0]) == f"{cents // 100}.{cents % 100:02}"


@pytest.mark.parametrize("typed, message", [
    ("abc", "Bitte einen Betrag wie"), ("", "Bitte einen Betrag wie"), ("-1", "Bitte einen Betrag wie"),
    ("0,001", "Bitte einen Betrag wie"), ("0", "größer als 0"), ("9999", "Höchstens")])
def test_a_bad_amount_gets_a_clear_message_and_nothing_changes(store, typed, message):
    m = model(store)
    line = m.debts()[0]
    before = store.ledger_entries()
    paid, problem = m.pay(line, typed)
    assert paid is None and message in problem
    assert store.ledger_entries() == before


def test_paying_part_of_a_debt_leaves_the_rest_open_and_shows_in_its_history(store):
    m = model(store)
    line = m.debts()[0]
    paid, problem = m.pay(line, "0,05", "bar")
    assert problem is None and paid == Money(5)
    still = next(d for d in m.debts() if d.key == line.key)
    assert still.debt.amount.cents == line.debt.amount.cents - 5
    newest = m.history(still)[0]
    assert (newest.what, newest.change_text, newest.note) == ("Zahlung", "−0,05\xa0€", "bar")
    assert newest.open_text == still.amount_text
    assert m.history(still)[-1].what == "Dynastie abgerechnet"


def test_following_the_simplified_plan_settles_everything(store):
    m = model(store, view=SIMPLIFIED)
    for line in m.debts():
        assert m.pay(line, m.prefill(line))[1] is None
    assert m.debts() == [] and m.people() == []


def test_the_chart_has_a_line_per_player_from_zero_to_the_dynasty_balance(store):
    m = model(store)
    [(newest, _), (oldest, _)] = m.dynasties()
    chart = m.chart(oldest)
    assert [name for name, _ in chart.series] == ["Anna", "Ben", "Carla"]
    assert all(ys[0] == 0 and len(ys) == 3 for _, ys in chart.series)
    assert sum(ys[-1] for _, ys in chart.series) == 0
    assert chart.unit == 100 and chart.currency == "EUR"
    assert "pro Punkt" in m.dynasties()[0][1]


def test_a_computer_on_three_seats_is_one_line_and_one_name_in_the_dynasty(tmp_path):
    from ledger_games import people, play_out, start

    from core.session import Seat

    with Store.open(tmp_path / "bots.db") as s:
        bot = s.create_profile("Computer (normal)", kind="bot", level="normal")
        seats = people(s, "Anna") + [Seat(kind="bot", name=bot.name, profile_id=bot.id,
                                          level="normal")] * 3
        session = play_out(start(s, seats, stake_cents=10, partien=2, seed=4), seed=4)
        m = model(s)
        [(dynasty, label)] = m.dynasties()
        assert "Anna, Computer (Normal) ·" in label
        chart = m.chart(dynasty)
        assert [name for name, _ in chart.series] == ["Anna", "Computer (Normal)"]
        anna, computer = (ys for _, ys in chart.series)
        assert anna[-1] == session.state["balance"][0] * 10 == -computer[-1]


def stub_shell(store, lang="de", wide=False):
    from app.state import AppState

    state = AppState(store, lang)
    return SimpleNamespace(
        t=lambda key, **kw: i18n.t(key, lang, **kw), lang=lang, state=state, drafts={},
        wide=wide, width=1024 if wide else 390, refresh=lambda: None,
        top_view=lambda route, controls, **kw: ft.View(route=route, controls=controls))


@pytest.mark.parametrize("wide", [False, True])
def test_the_screen_shows_debts_balances_totals_and_the_chart_in_either_view(store, wide):
    shell = stub_shell(store, wide=wide)
    shown = texts(ledger.view(shell))
    assert "Wer wem schuldet" in shown and "Salden" in shown and "Offen insgesamt" in shown
    assert any(t.startswith("schuldet ") for t in shown)
    assert model(store).debts()[0].amount_text in shown
    assert "Verlauf einer Dynastie" in shown
    shell.drafts[ledger.ROUTE]["view"] = SIMPLIFIED
    shown = texts(ledger.view(shell))
    assert any(t.startswith("zahlt ") for t in shown)


def test_an_empty_ledger_says_how_debts_come_about(tmp_path):
    with Store.open(tmp_path / "empty.db") as empty:
        shown = texts(ledger.view(stub_shell(empty, "en")))
    assert any("Start a Rosenkrieg dynasty with a stake" in t for t in shown)
