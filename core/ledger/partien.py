"""Rosenkrieg dynasties "as played": who owes whom from the Partien themselves.

In each Partie one Potentat plays against the challengers and the points are
zero-sum (RULINGS R-9.1): a challenger with −G owes the Potentat G, a challenger
with +G is owed G by the Potentat. Debts between the same two people net out,
over a dynasty and over several dynasties.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from core.ledger.errors import LedgerError
from core.ledger.money import Money, check_stake, is_whole
from core.ledger.values import Debt, Person

PARTIEN_PER_DYNASTY = 8
MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass(frozen=True)
class Partie:
    """One finished Partie: the Potentat's seat and each seat's points (summing to zero)."""

    potentat: int
    points: tuple[int, ...]

    def as_json(self) -> dict[str, Any]:
        return {"potentat": self.potentat, "points": list(self.points)}


def check_players(people: Sequence[Person], repeatable: Iterable[Person] = ()) -> tuple[Person, ...]:
    """The people of a dynasty, seat by seat: two to four, all different but ``repeatable``.

    A computer level is one profile however many seats it takes, so it may be repeatable;
    at least two different people still play.

    :raises LedgerError: for too few, too many or repeated people.
    """
    people, repeatable = tuple(people), set(repeatable)
    if not MIN_PLAYERS <= len(people) <= MAX_PLAYERS:
        raise LedgerError(f"a dynasty has {MIN_PLAYERS} to {MAX_PLAYERS} players, not "
                          f"{len(people)}", "dynasty_players", players=len(people))
    once = [p for p in people if p not in repeatable]
    if len(set(once)) != len(once) or len(set(people)) < MIN_PLAYERS:
        raise LedgerError("a dynasty's players must be different people", "dynasty_players",
                          players=len(people))
    return people


def check_partie(potentat: Any, points: Any, players: int) -> Partie:
    """A Partie's result, checked: a Potentat seat and whole, zero-sum points per seat.

    :raises LedgerError: naming what is wrong.
    """
    if not is_whole(potentat) or not 0 <= potentat < players:
        raise LedgerError(f"the Potentat must be a seat from 0 to {players - 1}, not "
                          f"{potentat!r}", "partie_invalid", potentat=potentat)
    if (not isinstance(points, (list, tuple)) or len(points) != players
            or not all(is_whole(p) for p in points)):
        raise LedgerError(f"a Partie needs whole points for each of the {players} seats, not "
                          f"{points!r}", "partie_invalid", points=points)
    if sum(points) != 0:
        raise LedgerError(f"a Partie's points add up to zero; {list(points)} add up to "
                          f"{sum(points)}", "partie_not_zero_sum", points=list(points))
    return Partie(potentat, tuple(points))


def partie_from_json(data: Any, players: int) -> Partie:
    """A Partie as the store keeps it (``{"potentat": 0, "points": [4, -2, -2]}``).

    :raises LedgerError: when it is not one.
    """
    if not isinstance(data, dict):
        raise LedgerError(f"a stored Partie must be a dict, not {data!r}", "partie_invalid")
    return check_partie(data.get("potentat"), data.get("points"), players)


def seat_totals(partien: Iterable[Partie], players: int) -> tuple[int, ...]:
    """Each seat's points over the Partien: the dynasty's balance in points."""
    totals = [0] * players
    for partie in partien:
        for seat, points in enumerate(partie.points):
            totals[seat] += points
    return tuple(totals)


def balance_curve(partien: Iterable[Partie], players: int, stake_cents: int) -> list[list[int]]:
    """Each seat's balance in cents after every Partie, starting from 0 before the first.

    :raises LedgerError: for a bad stake or a Partie of another number of seats.
    """
    stake = check_stake(stake_cents)
    curve = [[0] for _ in range(players)]
    for partie in partien:
        _check_size(partie, players)
        for seat, points in enumerate(partie.points):
            curve[seat].append(curve[seat][-1] + points * stake)
    return curve


def person_curves(people: Sequence[Person], partien: Iterable[Partie],
                  stake_cents: int) -> list[tuple[Person, list[int]]]:
    """Each person's balance in cents after every Partie, their seats added up, in seat order.

    :raises LedgerError: for a bad stake or a Partie of another number of seats.
    """
    merged: dict[Person, list[int]] = {}
    for person, curve in zip(people, balance_curve(partien, len(people), stake_cents)):
        mine = merged.setdefault(person, [0] * len(curve))
        merged[person] = [a + b for a, b in zip(mine, curve)]
    return list(merged.items())


def _check_size(partie: Partie, players: int) -> None:
    if len(partie.points) != players:
        raise LedgerError(f"a Partie of {len(partie.points)} seats in a dynasty of {players}",
                          "partie_invalid")


def partie_debts(partie: Partie) -> list[tuple[int, int, int]]:
    """Who owes whom in one Partie, by seat: ``(debtor, creditor, points)``, points above 0.

    Each challenger settles with the Potentat alone; challengers never owe each other.
    """
    out = []
    for seat, points in enumerate(partie.points):
        if seat == partie.potentat or points == 0:
            continue
        if points < 0:
            out.append((seat, partie.potentat, -points))
        else:
            out.append((partie.potentat, seat, points))
    return out


def dynasty_debts(people: Sequence[Person], partien: Iterable[Partie], stake_cents: int,
                  currency: str) -> list[Debt]:
    """A dynasty's debts as played: its Partien's debts netted per pair, at the stake per point.

    A person on two seats (a computer level) owes nothing to itself.

    :raises LedgerError: for a bad stake or currency, or Partien that do not fit the people.
    """
    people = check_players(people, repeatable=people)
    stake = check_stake(stake_cents)
    owed: dict[tuple[int, int], int] = defaultdict(int)
    for partie in partien:
        _check_size(partie, len(people))
        for debtor, creditor, points in partie_debts(partie):
            owed[(debtor, creditor)] += points
    pairs: dict[tuple[Person, Person], int] = defaultdict(int)
    for (d, c), points in owed.items():
        if people[d] != people[c]:
            pairs[(people[d], people[c])] += points * stake
    return net_debts(Debt(d, c, Money(cents, currency)) for (d, c), cents in pairs.items())


def net_debts(debts: Iterable[Debt]) -> list[Debt]:
    """Debts netted per pair of people and currency, sorted; pairs that cancel out disappear."""
    net: dict[tuple[str, Person, Person], int] = defaultdict(int)
    for debt in debts:
        a, b = sorted((debt.debtor, debt.creditor))
        sign = 1 if debt.debtor == a else -1
        net[(debt.amount.currency, a, b)] += sign * debt.amount.cents
    out = []
    for (currency, a, b), cents in net.items():
        if cents > 0:
            out.append(Debt(a, b, Money(cents, currency)))
        elif cents < 0:
            out.append(Debt(b, a, Money(-cents, currency)))
    return sorted(out, key=debt_order)


def debt_order(debt: Debt) -> tuple[str, Any, Any]:
    """The order debts are listed in: by currency, then debtor, then creditor."""
    return debt.amount.currency, debt.debtor, debt.creditor
