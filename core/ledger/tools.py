"""The settle-up benchmark: how long the fewest payments take for people with open debts.

Each case is a fresh ledger among ``--people`` people: several finished
dynasties of two to four of them (everybody plays at least once) with random
Rosenkrieg Partien and stakes, then a few partial payments. It times
``settle_up`` (replaying the history and the exact dynamic programme) and
``open_debts`` (as played) on the case's entries and prints one JSON object::

    python -m core.ledger.tools bench --people 10 --cases 200 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any, Callable, Sequence

from core.ledger.books import open_debts, payable, settle_up
from core.ledger.money import Money
from core.ledger.partien import PARTIEN_PER_DYNASTY, Partie, dynasty_debts
from core.ledger.values import PAYMENT, SETTLED, Entry
from core.percentile import percentile

STAKES = (5, 10, 20, 50, 100)
GAME_VALUES = (1, 2, 3, 4, 5, 6, 8, 10, 12)


def random_partie(rng: random.Random, players: int) -> Partie:
    """A Partie of Rosenkrieg's shape: the Potentat wins or loses G from each challenger."""
    potentat = rng.randrange(players)
    value = rng.choice(GAME_VALUES) * rng.choice((1, -1))
    points = [-value] * players
    points[potentat] = value * (players - 1)
    return Partie(potentat, tuple(points))


def random_ledger(rng: random.Random, people: int, dynasties: int, payments: int) -> list[Entry]:
    """The history of ``dynasties`` finished dynasties among ``people`` and some payments."""
    entries: list[Entry] = []
    unseen = list(range(people))
    rng.shuffle(unseen)
    for n in range(dynasties):
        size = rng.randint(2, min(4, people))
        players = unseen[:size]
        unseen = unseen[size:]
        players += rng.sample([p for p in range(people) if p not in players],
                              size - len(players))
        partien = [random_partie(rng, size) for _ in range(rng.randint(1, PARTIEN_PER_DYNASTY))]
        for debt in dynasty_debts(players, partien, rng.choice(STAKES), "EUR"):
            entries.append(Entry(f"d{n}-{len(entries)}", SETTLED, debt.debtor, debt.creditor,
                                 debt.amount, dynasty_uid=f"d{n}"))
    for n in range(payments):
        payer, payee = rng.sample(range(people), 2)
        most = payable(entries, payer, payee, "EUR").cents
        if most:
            entries.append(Entry(f"p{n}", PAYMENT, payer, payee,
                                 Money(rng.randint(1, most), "EUR")))
    return entries


def _ms(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def _figures(times: list[float]) -> dict[str, float]:
    return {"p50": percentile(times, 0.5), "p95": percentile(times, 0.95), "max": round(max(times), 2)}


def bench(people: int, cases: int, seed: int) -> dict[str, Any]:
    """Time settle-up and the as-played debts on ``cases`` random ledgers."""
    rng = random.Random(seed)
    settle_ms, played_ms, debtors, payments = [], [], [], []
    for _ in range(cases):
        entries = random_ledger(rng, people, dynasties=rng.randint(people // 2, people),
                                payments=rng.randint(0, 3))
        plan: list[Any] = []
        settle_ms.append(_ms(lambda: plan.extend(settle_up(entries))))
        played_ms.append(_ms(lambda: open_debts(entries)))
        debtors.append(len({p for d in plan for p in (d.debtor, d.creditor)}))
        payments.append(len(plan))
    return {"people": people, "cases": cases, "seed": seed,
            "settle_up_ms": _figures(settle_ms), "as_played_ms": _figures(played_ms),
            "people_with_a_balance_mean": round(sum(debtors) / cases, 2),
            "payments_mean": round(sum(payments) / cases, 2)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m core.ledger.tools",
                                     description="Ledger benchmarks.")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("bench", help="time settle-up on random ledgers")
    run.add_argument("--people", type=int, default=10)
    run.add_argument("--cases", type=int, default=200)
    run.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.people < 2 or args.cases < 1:
        parser.error("--people must be at least 2 and --cases at least 1")
    json.dump(bench(args.people, args.cases, args.seed), sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
