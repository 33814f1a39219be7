"""The Kings in the Corner strength benchmark: one level's share of the wins among other levels.

``python -m core.games.kings_corner.tools strength --players 3 --rounds 400 --seed 1``
plays single rounds (seeds ``seed`` … ``seed + rounds - 1``) with one ``--level`` seat
(default hard) among ``--others`` seats (default normal); the level's seat moves one place
on per round, so it sits in every seat (and starts, K-1.3, as often as anyone). It prints
a JSON report: the level's win share (a win shared by k seats counts 1/k, K-4.3) with a
95 % confidence interval (mean ± 1.96 standard errors over the independent rounds), the
fair share 1/players and the ratio to it, how the rounds ended, the think time per
decision of each level, the CPU time of the run and the load average before and after it
(the search levels think for wall time, so a busy machine makes them weaker).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from typing import Any, Sequence

from core.bench import selfplay
from core.bots import make_bot
from core.games.kings_corner.rules import GAME

Z95 = 1.96


def _pct(ms: list[float], p: float) -> float:
    return round(ms[min(len(ms) - 1, int(p * len(ms)))], 2) if ms else 0.0


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
    for i in range(rounds):
        seat = i % players
        levels = [level if s == seat else others for s in range(players)]
        timings: list[list[float]] = [[] for _ in range(players)]
        record = selfplay(GAME, levels, seed + i, opts, bots=[bots[lv] for lv in levels], timings=timings)
        for s in range(players):
            times[levels[s]].extend(t * 1000 for t in timings[s])
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
        ms.sort()
        report["think_ms"][lv] = {"decisions": len(ms), "p50": _pct(ms, 0.5), "p95": _pct(ms, 0.95),
                                  "max": round(ms[-1], 2) if ms else 0.0}
    return report


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m core.games.kings_corner.tools", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    sp = sub.add_parser("strength", help="one level's win share among other levels")
    sp.add_argument("--players", type=int, default=3, choices=(2, 3, 4, 5))
    sp.add_argument("--rounds", type=int, default=400)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--level", default="hard")
    sp.add_argument("--others", default="normal")
    sp.add_argument("--budget-ms", type=float, default=None)
    sp.add_argument("--nodes", type=int, default=None)
    sp.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    args = p.parse_args(argv)
    options = dict(pair.split("=", 1) for pair in args.option)
    report = strength(args.players, args.rounds, args.seed, args.level, args.others, args.budget_ms,
                      args.nodes, options)
    sys.stdout.write(json.dumps(report) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
