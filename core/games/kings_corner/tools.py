"""The Kings in the Corner strength benchmark: one level's share of the wins among other levels.

``python -m core.games.kings_corner.tools strength --players 3 --rounds 400 --seed 1``
plays single rounds (seeds ``seed`` … ``seed + rounds - 1``) with one ``--level`` seat
(default hard) among ``--others`` seats (default normal); the level's seat moves one place
on per round, so it sits in every seat equally often (who starts follows the seed's draw
for the dealer, K-1.3). It prints
a JSON report: the level's win share (a win shared by k seats counts 1/k, K-4.3) with a
95 % confidence interval (mean ± 1.96 standard errors over the independent rounds), the
fair share 1/players and the ratio to it, how the rounds ended, the think time per
decision of each level, the CPU time of the run and the load average before and after it
(the search levels think for wall time, so a busy machine makes them weaker).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from typing import Any, Sequence

from core.bench import one_among, strength_main, think_summary
from core.bots import make_bot
from core.games.kings_corner.rules import GAME

Z95 = 1.96


def _load() -> float:
    return round(os.getloadavg()[0], 2)


def strength(players: int, rounds: int, seed: int, level: str = "hard", others: str = "normal",
             budget_ms: float | None = None, nodes: int | None = None,
             options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play ``rounds`` single rounds with one ``level`` seat among ``others`` and report its win share."""
    opts = dict(options or {}, target=0)
    bots = {lv: make_bot(GAME, lv, budget_ms, nodes) for lv in {level, others}}
    shares: list[float] = []
    outright = blocked = 0
    times: dict[str, list[float]] = {level: [], others: []}
    load_before, started, cpu = _load(), time.perf_counter(), time.process_time()
    for seat, record in one_among(GAME, players, rounds, seed, level, others, opts, bots, times):
        result = record["state"]["result"]
        winners = result["winners"]
        shares.append(1 / len(winners) if seat in winners else 0.0)
        outright += winners == [seat]
        blocked += result["reason"] == "blocked"
    share = statistics.fmean(shares)
    se = statistics.stdev(shares) / len(shares) ** 0.5 if len(shares) > 1 else float("nan")
    report: dict[str, Any] = {
        "players": players, "level": level, "others": others, "seed": seed, "rounds": rounds,
        "budget_ms": budget_ms, "nodes": nodes, "options": GAME.parse_options(opts),
        "win_share": round(share, 4), "ci95": [round(share - Z95 * se, 4), round(share + Z95 * se, 4)],
        "fair_share": round(1 / players, 4), "times_fair_share": round(share * players, 3),
        "won_outright": outright, "blocked_rounds": blocked,
        "seconds": round(time.perf_counter() - started, 1), "cpu_seconds": round(time.process_time() - cpu, 1),
        "load_before": load_before, "load_after": _load(), "think_ms": {},
    }
    for lv, ms in times.items():
        report["think_ms"][lv] = think_summary(ms)
    return report


def main(argv: Sequence[str] | None = None) -> int:
    return strength_main(argv, "python -m core.games.kings_corner.tools", __doc__, strength, (2, 3, 4, 5), "rounds")


if __name__ == "__main__":
    sys.exit(main())
