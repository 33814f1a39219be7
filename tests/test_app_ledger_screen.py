"""The ledger screen's logic without a browser: both views, totals, paying in part, history, chart."""

from __future__ import annotations

import asyncio
import shutil
from types import SimpleNamespace

import flet as ft
import pytest

from app import i18n
from app.screens import ledger, ledger_strings  # noqa: F401 (registers the texts)
from app.screens.ledger_model import AS_PLAYED, SIMPLIFIED, LedgerModel
from app.shell import Shell
from app.state import AppState
from core.ledger import Money
from core.store import Store
from ledger_games import finished_dynasty
from tests.headless_page import HeadlessPage, RecordingConnection
from tests.test_app_card import texts, walk


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


# --- two tabs on one store (issue 25, case 7) ---------------------------------------------------

CHANGED = "Diese Schuld wurde in einem anderen Fenster geändert – hier ist der aktuelle Stand."


def every_debt(seeded, tmp_path):
    """A fresh copy of the ledger for each of its debts, with the debt's place in the list.

    Which debt comes first depends on the people's uuids, and by the balances some debts
    stay payable after they were paid directly: each must be refused from a stale screen.
    """
    with Store.open(seeded) as s:
        count = len(model(s).debts())
    assert count >= 3
    for i in range(count):
        path = tmp_path / f"copy{i}.db"
        shutil.copy(seeded, path)
        with Store.open(path) as s:
            yield s, i


def test_a_payment_from_a_stale_model_is_refused_and_the_model_reads_the_ledger_as_it_is_now(
        seeded, tmp_path):
    for store, i in every_debt(seeded, tmp_path):
        here, there = model(store), model(store)
        line = here.debts()[i]
        assert there.pay(there.debts()[i], there.prefill(line))[1] is None  # paid in another window
        now = store.ledger_entries()
        paid, problem = here.pay(line, here.prefill(line))
        assert paid is None and problem == CHANGED and here.changed_elsewhere
        assert store.ledger_entries() == now  # nothing written
        assert here.entries == now
        assert [d.debt for d in here.debts()] == [d.debt for d in model(store).debts()]


def test_the_stores_refusal_counts_even_when_the_debt_is_paid_between_the_check_and_the_write(
        seeded, tmp_path):
    for store, i in every_debt(seeded, tmp_path):
        class Racing:
            """The store, with another window paying the same debt just before this one is written."""

            def __getattr__(self, name):
                return getattr(store, name)

            def record_payment(self, *args, **kw):
                other = model(store)
                assert other.pay(other.debts()[i], other.prefill(other.debts()[i]))[1] is None
                return store.record_payment(*args, **kw)

        here = LedgerModel(Racing(), lambda key, **kw: i18n.t(key, "de", **kw), "de")
        line = here.debts()[i]
        paid, problem = here.pay(line, here.prefill(line))
        assert paid is None and problem == CHANGED and here.changed_elsewhere
        assert here.entries == store.ledger_entries()


def test_any_part_paid_elsewhere_is_shown_before_more_is_taken_and_a_bad_amount_is_not_a_change(
        store):
    here, there = model(store), model(store)
    line = here.debts()[0]
    assert there.pay(there.debts()[0], "0,01")[1] is None
    paid, problem = here.pay(line, "0,02")  # it would fit, but the person saw another figure
    assert paid is None and problem == CHANGED and here.changed_elsewhere
    paid, problem = here.pay(here.debts()[0], "0,02")  # from the figures as they are now
    assert problem is None and paid == Money(2) and not here.changed_elsewhere
    paid, problem = here.pay(here.debts()[0], "9999")
    assert paid is None and "Höchstens" in problem and not here.changed_elsewhere


class Tab:
    """One browser tab on the ledger: a Flet session of its own (page, AppState, Shell) on the
    store every tab shares, with the test playing the browser."""

    def __init__(self, store) -> None:
        self.h = HeadlessPage(width=390, height=844, route=ledger.ROUTE)
        self.shell = Shell(self.h.page, AppState(store, "de"))
        self.h.page.data = self.shell
        self.shell.start()

    def shown(self) -> list[str]:
        return [text for view in self.h.page.views for text in texts(view)]

    def dialogs(self, kind=ft.AlertDialog) -> list:
        return [d for d in self.h.page._dialogs.controls if isinstance(d, kind) and d.open]

    def snacks(self) -> list[str]:
        return [d.content.value for d in self.dialogs(ft.SnackBar)]

    async def pay_first_debt(self) -> None:
        """Tap the first debt's Paid button and record the prefilled amount; the client then
        reports the dialog closed, when it did close."""
        pay = next(c for c in walk(self.h.page.views[-1])
                   if isinstance(c, ft.Semantics) and str(c.identifier).startswith("pay-"))
        await self.h.fire(pay.content, "click")
        [dialog] = self.dialogs()
        ok = next(c for c in walk(dialog) if isinstance(c, ft.Semantics) and c.identifier == "pay-ok")
        await self.h.fire(ok.content, "click")
        if not dialog.open:
            await self.h.fire(dialog, "dismiss")
        await self.h.settle()

    async def reload(self) -> None:
        """What a reload of the tab does: Flet's client keeps its session id, so the server
        attaches the new connection to this session (and its page as it was) and reports it."""
        conn = RecordingConnection()
        conn.loop = asyncio.get_running_loop()
        await self.h.session.connect(conn)
        await self.h.settle()


def test_a_stale_tab_is_refused_the_second_payment_and_shows_the_ledger_as_it_is_now(store):
    async def main():
        first, second = Tab(store), Tab(store)
        before, entries = second.shown(), store.ledger_entries()
        await first.pay_first_debt()
        now = store.ledger_entries()
        assert len(now) == len(entries) + 1  # the first tab's payment
        assert second.shown() == before  # nothing told the second tab yet
        await second.pay_first_debt()
        assert store.ledger_entries() == now  # refused: nothing written twice
        assert second.dialogs() == [] and second.snacks() == [CHANGED]
        assert second.shown() == Tab(store).shown() != before

    asyncio.run(main())


def test_reloading_a_stale_tab_shows_the_ledger_as_stored(store):
    async def main():
        first, second = Tab(store), Tab(store)
        before, entries = second.shown(), store.ledger_entries()
        await first.pay_first_debt()
        assert len(store.ledger_entries()) == len(entries) + 1
        await second.reload()
        assert second.shown() == Tab(store).shown() != before

    asyncio.run(main())


def test_two_people_of_one_name_from_two_phones_are_told_apart_and_once_merged_are_one(tmp_path):
    t = lambda key, **kw: i18n.t(key, "de", **kw)  # noqa: E731
    with Store.open(tmp_path / "a.db", clock=lambda: 1_699_963_200.0) as a, \
            Store.open(tmp_path / "b.db", clock=lambda: 1_709_985_600.0) as b:
        for store in (a, b):  # Anna and Ben added on each phone
            anna, ben = store.create_profile("Anna"), store.create_profile("Ben")
            store.record_correction(anna.uuid, ben.uuid, 500)
        b.import_backup(a.export_backup())
        rows = [(line.debtor_name, line.creditor_name) for line in LedgerModel(b, t, "de").debts()]
        assert len(rows) == 2 and len(set(rows)) == 2  # never two rows nobody can tell apart
        assert {r[0] for r in rows} == {"Anna (seit 14.11.2023)", "Anna (seit 09.03.2024)"}
        newer, older = (next(p for p in b.list_profiles() if p.name == n and p.created_at == when)
                        for n, when in (("Anna", 1_709_985_600.0), ("Anna", 1_699_963_200.0)))
        b.merge_profiles(newer.id, older.id)
        bens = sorted(p.id for p in b.list_profiles() if p.name == "Ben")
        b.merge_profiles(bens[1], bens[0])
        [line] = LedgerModel(b, t, "de").debts()
        assert (line.debtor_name, line.creditor_name, line.debt.amount) == ("Anna", "Ben", Money(1000))
