"""The Rosenkrieg strength benchmark: one level's points per Partie among other levels.

``python -m core.games.rosenkrieg.tools strength --players 3 --partien 400 --seed 1``
plays whole Dynastien (8 Partien each) with one ``--level`` seat (default hard) among
``--others`` seats (default normal); the level's seat moves one place on per Dynastie,
so it sits in every seat equally often. It prints a JSON report: the level's mean points
per Partie with a 95 % confidence interval (from the spread of the Dynastien's totals,
since Partien of one Dynastie share a streak), how often it was Potentat and won as one,
its mean points by role (challenger, or Potentat by how he was chosen: ``volunteer``,
``forced_previous`` …), and the think time per decision of each level.
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any, Sequence

from core.bench import one_among, strength_main, think_summary
from core.bots import make_bot
from core.games.rosenkrieg.rules import GAME

Z95 = 1.96


def strength(players: int, partien: int, seed: int, level: str = "hard", others: str = "normal",
             budget_ms: float | None = None, nodes: int | None = None,
             options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play Dynastien until ``partien`` Partien are done and report the level's points per Partie."""
    opts = dict(options or {})
    dynastien = -(-partien // 8)
    bots = {lv: make_bot(GAME, lv, budget_ms, nodes) for lv in {level, others}}
    points: list[int] = []
    totals: list[int] = []
    potentat = won_as_potentat = 0
    roles: dict[str, list[int]] = {}
    times: dict[str, list[float]] = {level: [], others: []}
    started = time.perf_counter()
    for seat, record in one_among(GAME, players, dynastien, seed, level, others, opts, bots, times):
        mine = [p["points"][seat] for p in record["state"]["partien"]]
        points += mine
        totals.append(sum(mine))
        for p in record["state"]["partien"]:
            role = f"potentat_{p['chosen']}" if p["potentat"] == seat else "challenger"
            roles.setdefault(role, []).append(p["points"][seat])
            if p["potentat"] == seat:
                potentat += 1
                won_as_potentat += p["winner"] == "potentat"
    mean = statistics.fmean(points)
    per = len(points) / dynastien
    se = statistics.stdev(totals) / per / len(totals) ** 0.5 if len(totals) > 1 else float("nan")
    report: dict[str, Any] = {
        "players": players, "level": level, "others": others, "seed": seed, "dynastien": dynastien,
        "partien": len(points), "budget_ms": budget_ms, "nodes": nodes, "options": GAME.parse_options(opts),
        "mean_points_per_partie": round(mean, 3),
        "ci95": [round(mean - Z95 * se, 3), round(mean + Z95 * se, 3)],
        "potentat_share": round(potentat / len(points), 3),
        "potentat_win_rate": round(won_as_potentat / potentat, 3) if potentat else None,
        "by_role": {r: {"partien": len(v), "mean_points": round(statistics.fmean(v), 3)}
                    for r, v in sorted(roles.items())},
        "seconds": round(time.perf_counter() - started, 1), "think_ms": {},
    }
    for lv, ms in times.items():
        report["think_ms"][lv] = think_summary(ms)
    return report


def main(argv: Sequence[str] | None = None) -> int:
    return strength_main(argv, "python -m core.games.rosenkrieg.tools", __doc__, strength, (2, 3, 4), "partien")


if __name__ == "__main__":
    sys.exit(main())
