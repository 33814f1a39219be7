"""Open debts computed from the append-only history: settled dynasties, payments, corrections.

Nothing in the history is ever edited; what is open is replayed from all of it,
in order, one currency at a time:

- a settled entry (a finished dynasty's debt) and a correction add to what the
  debtor owes the creditor (a correction the other way round lowers it); debts
  between the same two people are kept netted;
- a payment pays first what the payer owes the payee directly. What it pays
  beyond that (a settle-up payment, which follows the balances rather than the
  Partien) is passed along chains of debts: Anna paying Carla settles Anna's
  debt to Ben and Ben's debt to Carla. Where no chain joins them, the payer's
  debts and the payee's claims are lowered and the people who owed the payee
  owe the payer's creditors instead, so every balance stays right.

A payment may be at most what the payer owes the payee directly, or, following
the balances, at most what the payer owes overall and the payee is owed overall
(``payable``). A history merged from elsewhere may still overpay; the replay
then lets the payee owe the payer the difference instead of failing.
"""

from __future__ import annotations

from collections import defaultdict, deque
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from core.ledger.errors import LedgerError
from core.ledger.money import Money
from core.ledger.partien import debt_order
from core.ledger.simplify import settle
from core.ledger.values import PAYMENT, Balance, Debt, Entry, HistoryLine, Person

# One change the replay made: (entry, debtor, creditor, cents) says the entry made
# the debtor owe the creditor that much more (negative: less).
Change = tuple[Entry, Person, Person, int]


@dataclass
class _Ledger:
    """The open debts of one currency while the history is replayed."""

    owed: dict[tuple[Person, Person], int] = field(default_factory=dict)
    changes: list[Change] = field(default_factory=list)

    def owes(self, debtor: Person, creditor: Person) -> int:
        """What ``debtor`` owes ``creditor`` directly (negative when it is the other way)."""
        return self.owed.get((debtor, creditor), 0) - self.owed.get((creditor, debtor), 0)

    def add(self, entry: Entry, debtor: Person, creditor: Person, cents: int) -> None:
        if cents == 0:
            return
        now = self.owes(debtor, creditor) + cents
        self.owed.pop((debtor, creditor), None)
        self.owed.pop((creditor, debtor), None)
        if now > 0:
            self.owed[(debtor, creditor)] = now
        elif now < 0:
            self.owed[(creditor, debtor)] = -now
        self.changes.append((entry, debtor, creditor, cents))

    def balance(self, person: Person) -> int:
        return (sum(c for (_, to), c in self.owed.items() if to == person)
                - sum(c for (by, _), c in self.owed.items() if by == person))

    def pay(self, entry: Entry) -> None:
        payer, payee, left = entry.debtor, entry.creditor, entry.amount.cents
        direct = min(left, max(0, self.owes(payer, payee)))
        self.add(entry, payer, payee, -direct)
        left -= direct
        while left > 0:
            path = self._chain(payer, payee)
            if path is None:
                break
            step = min([left] + [self.owed[pair] for pair in path])
            for debtor, creditor in path:
                self.add(entry, debtor, creditor, -step)
            left -= step
        if left > 0:
            left = self._repoint(entry, left)
        # Whatever is still left was paid beyond every debt: the payee owes it back.
        self.add(entry, payee, payer, left)

    def _chain(self, start: Person, goal: Person) -> list[tuple[Person, Person]] | None:
        """The shortest chain of debts from ``start`` to ``goal`` (fewest links, then by person)."""
        onward: dict[Person, list[Person]] = defaultdict(list)
        for debtor, creditor in sorted(self.owed):
            onward[debtor].append(creditor)
        came_from: dict[Person, Person] = {start: start}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in onward[here]:
                if there in came_from:
                    continue
                came_from[there] = here
                if there == goal:
                    path = [(here, goal)]
                    while path[0][0] != start:
                        path.insert(0, (came_from[path[0][0]], path[0][0]))
                    return path
                queue.append(there)
        return None

    def _repoint(self, entry: Entry, cents: int) -> int:
        """Lower the payer's debts and the payee's claims by up to ``cents`` each and let the
        payee's debtors owe the payer's creditors instead; return what could not be placed."""
        payer, payee = entry.debtor, entry.creditor
        creditors = [(c, n) for (d, c), n in sorted(self.owed.items()) if d == payer]
        debtors = [(d, n) for (d, c), n in sorted(self.owed.items()) if c == payee]
        moved = min(cents, sum(n for _, n in creditors), sum(n for _, n in debtors))
        creditors, debtors = _first(creditors, moved), _first(debtors, moved)
        for creditor, n in creditors:
            self.add(entry, payer, creditor, -n)
        for debtor, n in debtors:
            self.add(entry, debtor, payee, -n)
        # Pair them off in order: the first debtor owes the first creditor, and so on.
        while debtors and creditors:
            (debtor, a), (creditor, b) = debtors[0], creditors[0]
            n = min(a, b)
            self.add(entry, debtor, creditor, n)
            debtors[0], creditors[0] = (debtor, a - n), (creditor, b - n)
            if a == n:
                debtors.pop(0)
            if b == n:
                creditors.pop(0)
        return cents - moved


def _first(people: list[tuple[Person, int]], cents: int) -> list[tuple[Person, int]]:
    """The first people's amounts that make up ``cents``, the last one cut to fit."""
    out = []
    for person, n in people:
        if cents <= 0:
            break
        out.append((person, min(n, cents)))
        cents -= min(n, cents)
    return out


def replay(entries: Iterable[Entry]) -> dict[str, _Ledger]:
    """The open debts of each currency after the entries, in the order given."""
    books: dict[str, _Ledger] = defaultdict(_Ledger)
    for entry in entries:
        ledger = books[entry.amount.currency]
        if entry.kind == PAYMENT:
            ledger.pay(entry)
        else:
            ledger.add(entry, entry.debtor, entry.creditor, entry.amount.cents)
    return dict(books)


def open_debts(entries: Iterable[Entry], currency: str | None = None) -> list[Debt]:
    """Who owes whom how much now, as played (per pair of people and currency)."""
    out = [Debt(d, c, Money(n, code)) for code, ledger in replay(entries).items()
           for (d, c), n in ledger.owed.items() if currency in (None, code)]
    return sorted(out, key=debt_order)


def balances(entries: Iterable[Entry], currency: str | None = None) -> list[Balance]:
    """What each person is owed overall (negative: owes), per currency; zeros left out."""
    out = []
    for code, ledger in replay(entries).items():
        if currency not in (None, code):
            continue
        people = {p for pair in ledger.owed for p in pair}
        out.extend(Balance(p, Money(ledger.balance(p), code)) for p in people
                   if ledger.balance(p))
    return sorted(out, key=lambda b: (b.amount.currency, b.person))


def settle_up(entries: Iterable[Entry], currency: str | None = None) -> list[Debt]:
    """The fewest payments that settle every open debt (per currency): who pays whom how much."""
    per_currency: dict[str, dict[Person, int]] = defaultdict(dict)
    for b in balances(entries, currency):
        per_currency[b.amount.currency][b.person] = b.amount.cents
    out = [Debt(payer, payee, Money(cents, code)) for code, people in per_currency.items()
           for payer, payee, cents in settle(people)]
    return sorted(out, key=debt_order)


def payable(entries: Sequence[Entry], payer: Person, payee: Person, currency: str) -> Money:
    """The most ``payer`` may pay ``payee``: what he owes him directly, or, following the
    balances, what he owes overall and the payee is owed overall, whichever is more."""
    ledger = replay(entries).get(currency, _Ledger())
    direct = max(0, ledger.owes(payer, payee))
    by_balance = max(0, min(-ledger.balance(payer), ledger.balance(payee)))
    return Money(max(direct, by_balance), currency)


def check_payment(entries: Sequence[Entry], payment: Entry) -> None:
    """Make sure a new payment pays no more than is open between its two people.

    :raises LedgerError: when it is larger than ``payable``.
    """
    most = payable(entries, payment.debtor, payment.creditor, payment.amount.currency)
    if payment.amount.cents > most.cents:
        raise LedgerError(f"{payment.debtor!r} can pay {payment.creditor!r} at most "
                          f"{most.cents} cents of {most.currency}, not {payment.amount.cents}",
                          "payment_too_large", most=most.cents, currency=most.currency,
                          amount=payment.amount.cents)


def debt_history(entries: Iterable[Entry], a: Person, b: Person, currency: str
                 ) -> list[HistoryLine]:
    """Every entry that changed what ``a`` and ``b`` owe each other, with the amount open
    after it, from ``a``'s side (positive: ``a`` owes ``b``)."""
    ledger = replay(entries).get(currency, _Ledger())
    lines: list[HistoryLine] = []
    open_now = 0
    for entry, debtor, creditor, cents in ledger.changes:
        if {debtor, creditor} != {a, b}:
            continue
        change = cents if debtor == a else -cents
        open_now += change
        if lines and lines[-1].entry is entry:
            # One payment can touch a pair twice (directly, then along a chain).
            change += lines[-1].change
            lines.pop()
        lines.append(HistoryLine(entry, change, open_now))
    return lines
