"""The small frozen values the ledger computes with: debts, history entries, balances.

A person is any hashable, orderable key; the store uses profile ids. Orderable,
because every result is sorted by person so the same input gives the same output.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable

from core.ledger.errors import LedgerError
from core.ledger.money import Money

Person = Hashable

SETTLED = "settled"        # a finished dynasty's debt: the debtor owes the creditor
PAYMENT = "payment"        # the debtor paid the creditor
CORRECTION = "correction"  # the debtor owes the creditor this much more (a reason in the note)
KINDS = (SETTLED, PAYMENT, CORRECTION)


@dataclass(frozen=True, order=True)
class Debt:
    """``debtor`` owes ``creditor`` ``amount`` (or, in a settle-up plan, pays it)."""

    debtor: Person
    creditor: Person
    amount: Money


@dataclass(frozen=True)
class Entry:
    """One line of the ledger's append-only history; open debts are computed from all of them.

    ``uid`` is globally unique (a UUID), so histories from several devices can be merged.
    """

    uid: str
    kind: str
    debtor: Person  # for a payment: who paid
    creditor: Person  # for a payment: who was paid
    amount: Money
    dynasty_uid: str | None = None
    note: str = ""
    created_at: float = 0.0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise LedgerError(f"a ledger entry is one of {', '.join(KINDS)}, not {self.kind!r}",
                              "entry_kind", kind=self.kind)
        if self.debtor == self.creditor:
            raise LedgerError("a ledger entry needs two different people", "same_person",
                              person=self.debtor)
        if self.amount.cents <= 0:
            raise LedgerError(f"a ledger entry's amount must be more than 0, not "
                              f"{self.amount.cents}", "amount_invalid", amount=self.amount.cents)


@dataclass(frozen=True, order=True)
class Balance:
    """What ``person`` is owed overall in one currency (negative: what they owe)."""

    person: Person
    amount: Money


@dataclass(frozen=True)
class HistoryLine:
    """How one entry changed the debt between two people, and what was open after it.

    ``change`` and ``open_after`` are signed cents from the first person's side:
    positive means the first owes the second (more).
    """

    entry: Entry
    change: int
    open_after: int
