"""What the ledger screen shows and does, without Flet: debts in both views, totals, a debt's
history, marking a debt paid (checked before anything is written) and a dynasty's chart."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from app import fmt
from core.ledger import (Debt, LedgerError, Money, balances, cent_digits,
                         debt_history, open_debts, parse_money, payable,
                         person_curves, plain_amount, settle_up)

AS_PLAYED, SIMPLIFIED = "played", "simple"
VIEWS = (AS_PLAYED, SIMPLIFIED)


@dataclass(frozen=True)
class DebtLine:
    """One row of the list: ``debtor`` owes (as played) or pays (simplified) ``creditor``."""

    debt: Debt
    debtor_name: str
    creditor_name: str
    amount_text: str

    @property
    def key(self) -> str:
        d = self.debt
        return f"{d.debtor}-{d.creditor}-{d.amount.currency}"


@dataclass(frozen=True)
class PersonLine:
    """A person's balance over every open debt: above 0 is owed to them."""

    person: str  # a profile's uuid
    name: str
    amount: Money
    amount_text: str


@dataclass(frozen=True)
class HistoryRow:
    """One history entry as the history dialog lists it."""

    day: str
    what: str
    change_text: str  # signed, from the first person's side: + means they owe more
    open_text: str
    note: str


@dataclass(frozen=True)
class Chart:
    """A dynasty's balances in cents after each Partie, per player, with the end balance written."""

    title: str
    currency: str
    unit: int  # cents in one unit of the currency: the chart's y axis is in units
    series: list[tuple[str, list[int]]]  # name, balance before Partie 1, after 1, after 2 …
    final_texts: list[str]  # each player's balance at the end, signed, as the language writes it


class LedgerModel:
    """The ledger as one screen shows it, read from the store once per build."""

    def __init__(self, store: Any, t: Callable[..., str], lang: str, view: str = AS_PLAYED) -> None:
        self.store, self.t, self.lang = store, t, lang
        self.view = view if view in VIEWS else AS_PLAYED
        # The last payment was refused because the debt is smaller or gone since this model
        # read the ledger (another window paid): the model now holds the ledger as it is.
        self.changed_elsewhere = False
        self.reload()

    def reload(self) -> None:
        self.entries = self.store.ledger_entries()
        # The ledger names people by uuid. A computer is named by its level in today's
        # language, as everywhere else; two people of one name are told apart.
        people = self.store.list_profiles(include_archived=True)
        labels = fmt.people_labels([p for p in people if p.merged_into is None], self.t, self.lang)
        self.names = {p.uuid: labels.get(p.id) or fmt.profile_name(p, self.t) for p in people}

    def name(self, person: str) -> str:
        return self.names.get(person, "?")

    def money(self, amount: Money, signed: bool = False) -> str:
        return fmt.money(amount, self.lang, signed)

    # --- the lists ---------------------------------------------------------------------

    def debts(self) -> list[DebtLine]:
        """The debts of the chosen view, by currency, debtor, creditor."""
        found = open_debts(self.entries) if self.view == AS_PLAYED else settle_up(self.entries)
        return [DebtLine(d, self.name(d.debtor), self.name(d.creditor), self.money(d.amount))
                for d in found]

    def people(self) -> list[PersonLine]:
        """Every person with an open balance, most owed first (the same in both views)."""
        lines = [PersonLine(b.person, self.name(b.person), b.amount, self.money(b.amount, True))
                 for b in balances(self.entries)]
        return sorted(lines, key=lambda p: (p.amount.currency, -p.amount.cents, p.name.lower()))

    def totals(self) -> list[str]:
        """What the listed debts add up to, per currency."""
        sums: dict[str, int] = {}
        for line in self.debts():
            sums[line.debt.amount.currency] = sums.get(line.debt.amount.currency, 0) + \
                line.debt.amount.cents
        return [self.money(Money(cents, code)) for code, cents in sorted(sums.items())]

    # --- one debt ----------------------------------------------------------------------

    def history(self, line: DebtLine) -> list[HistoryRow]:
        """Every entry that changed what the two owe each other, newest first."""
        d = line.debt
        rows = []
        for h in debt_history(self.entries, d.debtor, d.creditor, d.amount.currency):
            rows.append(HistoryRow(
                fmt.day(h.entry.created_at, self.lang), self.t(f"ledger.kind.{h.entry.kind}"),
                self.money(Money(h.change, d.amount.currency), True),
                self.money(Money(abs(h.open_after), d.amount.currency)), h.entry.note))
        return rows[::-1]

    def prefill(self, line: DebtLine) -> str:
        """The amount as one would type it in the language: ``2,50`` / ``2.50``."""
        return plain_amount(line.debt.amount, self.lang)

    def check_amount(self, line: DebtLine, text: str) -> tuple[Money | None, str | None]:
        """The typed amount as money, or why it cannot be paid (nothing is written)."""
        d = line.debt
        try:
            amount = parse_money(text, d.amount.currency, self.lang)
        except LedgerError:
            return None, self.t("ledger.bad_amount", example=self.prefill(line))
        if amount.cents <= 0:
            return None, self.t("ledger.zero_amount")
        most = payable(self.entries, d.debtor, d.creditor, d.amount.currency)
        if amount.cents > most.cents:
            return None, self.t("ledger.too_much", most=self.money(most))
        return amount, None

    def pay(self, line: DebtLine, text: str, note: str = "",
            error_text: Callable[[Exception], str] = str) -> tuple[Money | None, str | None]:
        """Record a payment of the typed amount: the amount paid, or why it was refused.

        The amount is checked against what the screen shows, then against the ledger as it
        is now, and the store checks it once more as it writes: another window may have paid
        meanwhile. When the debt is smaller or gone since the screen read it, the payment is
        refused with ``ledger.changed`` and ``changed_elsewhere`` is set.
        """
        self.changed_elsewhere = False
        amount, problem = self.check_amount(line, text)
        if amount is None:
            return None, problem
        # What the screen showed as payable: a debt smaller since then was paid elsewhere,
        # even when this amount would still fit by the balances.
        seen = self._payable(line)
        try:
            self.reload()
            if not self._still_open(line, amount, seen):
                return None, self._changed()
            self.store.record_payment(line.debt.debtor, line.debt.creditor, amount.cents,
                                      amount.currency, note, seen=seen)
        except Exception as exc:  # the store's own check, or a failing database
            try:
                self.reload()
            except Exception:  # the database fails: its first error says why
                return None, error_text(exc)
            # The store's refusal is authoritative: a payment made between the check and the write.
            stale = getattr(exc, "key", None) == "ledger_changed"
            return None, (self._changed() if stale or not self._still_open(line, amount, seen)
                          else error_text(exc))
        self.reload()
        return amount, None

    def _payable(self, line: DebtLine) -> int:
        d = line.debt
        return payable(self.entries, d.debtor, d.creditor, d.amount.currency).cents

    def _still_open(self, line: DebtLine, amount: Money, seen: int) -> bool:
        now = self._payable(line)
        return amount.cents <= now and now >= seen

    def _changed(self) -> str:
        self.changed_elsewhere = True
        return self.t("ledger.changed")

    # --- dynasties ---------------------------------------------------------------------

    def dynasties(self) -> list[tuple[str, str]]:
        """Every dynasty played for money as (id, label), the newest first."""
        out = []
        for dyn in self.store.dynasties():
            # A computer level on three seats is one player here.
            players = ", ".join(self.name(p) for p in dict.fromkeys(dyn.players))
            label = self.t("ledger.dynasty", day=fmt.day(dyn.created_at, self.lang),
                           players=players, stake=self.money(Money(dyn.stake_cents, dyn.currency)))
            out.append((dyn.id, label if dyn.settled else
                        f"{label} · {self.t('ledger.dynasty_running')}"))
        return out

    def chart(self, dynasty_id: str) -> Chart:
        """Every player's balance over the Partien of a dynasty, in currency units."""
        dyn = self.store.dynasty(dynasty_id)
        partien = self.store.dynasty_partien(dynasty_id)
        series = [(self.name(p), curve)
                  for p, curve in person_curves(dyn.players, partien, dyn.stake_cents)]
        finals = [self.money(Money(ys[-1], dyn.currency), True) for _, ys in series]
        title = dict(self.dynasties()).get(dynasty_id, "")
        return Chart(title, dyn.currency, 10 ** cent_digits(dyn.currency), series, finals)
