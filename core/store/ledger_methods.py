"""The ``Store``'s ledger calls: dynasties played for money, open debts, payments, history.

A mixin of ``Store`` (``repository``), kept apart so each module stays small. The
queries live in ``core.store.ledger``; the sums are ``core.ledger``'s pure functions
over the history the queries read. People are named by their profile's ``uuid``
(``Profile.uuid``), the same on every device, so ties in every sum break alike everywhere.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any, Callable

from sqlmodel import Session

from core import ledger as books
from core.ledger import (CORRECTION, DEFAULT_CURRENCY, PAYMENT, Balance, Debt, Entry,
                         HistoryLine, Money, Partie)
from core.store import ledger
from core.store.values import Dynasty


class LedgerMethods:
    """What the ledger screen and the settling of finished dynasties ask of the store."""

    _clock: Callable[[], float]
    _session: Callable[..., AbstractContextManager[Session]]
    _write: Callable[[Callable[[Session], Any]], Any]

    def ledger_entries(self, currency: str | None = None) -> list[Entry]:
        """The ledger's whole history (of one currency), in the order it is replayed."""
        with self._session(write=False) as s:
            return ledger.entries(s, currency)

    def open_debts(self, currency: str | None = None) -> list[Debt]:
        """Who owes whom now, as played: per pair of people and currency."""
        return books.open_debts(self.ledger_entries(currency))

    def settle_up(self, currency: str | None = None) -> list[Debt]:
        """The fewest payments that settle every open debt across all dynasties."""
        return books.settle_up(self.ledger_entries(currency))

    def balances(self, currency: str | None = None) -> list[Balance]:
        """What each person is owed overall (negative: owes), per currency."""
        return books.balances(self.ledger_entries(currency))

    def debt_history(self, a: str, b: str, currency: str = DEFAULT_CURRENCY) -> list[HistoryLine]:
        """Every entry that changed what ``a`` and ``b`` owe each other, oldest first."""
        return books.debt_history(self.ledger_entries(currency), a, b, currency)

    def payable(self, payer: str, payee: str, currency: str = DEFAULT_CURRENCY) -> Money:
        """The most ``payer`` may pay ``payee`` now."""
        return books.payable(self.ledger_entries(currency), payer, payee, currency)

    def record_payment(self, payer: str, payee: str, cents: int,
                       currency: str = DEFAULT_CURRENCY, note: str = "",
                       seen: int | None = None) -> Entry:
        """Write down that ``payer`` paid ``payee`` (all or part of what is open).

        ``seen`` is the payable amount the screen showed; a payment is refused with the
        code ``ledger_changed`` when less is payable by the time it is written.

        :raises StoreError: for an unknown person, an amount that is not whole cents above
            0 or is more than ``payable``, a bad currency, or less payable than ``seen``;
            nothing is written then.
        """
        return self._add(PAYMENT, payer, payee, cents, currency, note, seen)

    def record_correction(self, debtor: str, creditor: str, cents: int,
                          currency: str = DEFAULT_CURRENCY, note: str = "") -> Entry:
        """Write down that ``debtor`` owes ``creditor`` this much more (the note says why).

        :raises StoreError: for an unknown person, a bad amount, currency or note.
        """
        return self._add(CORRECTION, debtor, creditor, cents, currency, note)

    def _add(self, kind: str, a: str, b: str, cents: Any, currency: Any, note: Any,
             seen: int | None = None) -> Entry:
        return self._write(lambda s: ledger.add(s, kind, a, b, cents, currency, note,
                                                self._clock(), seen))

    def dynasties(self) -> list[Dynasty]:
        """Every dynasty played for money, the newest first."""
        with self._session(write=False) as s:
            return ledger.dynasties(s)

    def dynasty(self, dynasty_id: str) -> Dynasty:
        """One dynasty.

        :raises StoreError: when there is no such dynasty.
        """
        with self._session(write=False) as s:
            return ledger.dynasty_value(ledger.dynasty_row(s, dynasty_id))

    def dynasty_partien(self, dynasty_id: str) -> list[Partie]:
        """The Partien played so far in a dynasty, in order.

        :raises StoreError: when there is no such dynasty.
        """
        with self._session(write=False) as s:
            return ledger.dynasty_partien(s, dynasty_id)

    def settle_dynasty(self, dynasty_id: str) -> list[Entry]:
        """Derive a finished dynasty's debts in the history again; return them.

        Finishing a game and every import do this by themselves; the entries are the same
        each time (their ids and times come from the dynasty and its game).

        :raises StoreError: when there is no such dynasty or its game is not over.
        """
        return self._write(lambda s: ledger.settle(s, dynasty_id))
