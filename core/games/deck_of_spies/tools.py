"""Benchmark figures for Deck of Spies that ``python -m core bench`` does not give.

``solver``: the share of seeded deals the perfect-information solver proves winnable or
unwinnable within a time limit, and how long it takes::

    python -m core.games.deck_of_spies.tools solver --games 1000 --seed 0 --seconds 10

``compare``: bots and solver on the same deals, so a bot's win rate can be set against the
winnable share deal by deal (which deals the bot loses although they are winnable)::

    python -m core.games.deck_of_spies.tools compare --levels normal,hard --games 200 --seed 0

``weights``: the normal heuristic with some weights changed, played fast (no bench
bookkeeping) on the same deals, to compare weight sets; ``{}`` is the shipped set::

    python -m core.games.deck_of_spies.tools weights --games 3000 --seed 20000 '{}' '{"recruit": 100, "recruit_value": 0}'

``value``: fits the hard bot's model of the chance to win from the start of the face phase
(``core/games/deck_of_spies/value.py``) to heuristic playouts from that many deals, and
prints its coefficients with the held-out log loss (``core/games/deck_of_spies/fit.py``)::

    python -m core.games.deck_of_spies.tools value --games 40000 --seed 100000

Deals are ``seed``, ``seed + 1``, … exactly as ``python -m core bench`` plays them. The
output is one JSON object.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import time
from typing import Any, Sequence

from core.bench import selfplay
from core.bots import make_bot
from core.games.deck_of_spies.search import heuristic_faces
from core.games.deck_of_spies.fit import fit_value_model
from core.games.deck_of_spies.policy import DEFAULT, Weights
from core.games.deck_of_spies.rules import GAME
from core.games.deck_of_spies.turns import WIN_FACES, Position
from core.percentile import percentile
from core.games.deck_of_spies.solver import solve


def solver_share(games: int, seed: int, seconds: float) -> dict[str, Any]:
    """Solve deals ``seed`` … ``seed + games - 1`` and count the verdicts."""
    counts = {"winnable": 0, "unwinnable": 0, "unknown": 0}
    times: list[float] = []
    nodes: list[int] = []
    per_deal: dict[int, str] = {}
    for i in range(games):
        result = solve(seed + i, seconds)
        counts[result.status] += 1
        times.append(result.seconds)
        nodes.append(result.nodes)
        per_deal[seed + i] = result.status
    return {"games": games, "seed": seed, "seconds_limit": seconds,
            "share": {k: round(v / games, 4) for k, v in counts.items()}, "counts": counts,
            "solve_seconds_p50": percentile(times, 0.5, 3), "solve_seconds_p95": percentile(times, 0.95, 3),
            "solve_seconds_max": round(max(times), 3) if times else 0.0,
            "nodes_mean": round(statistics.fmean(nodes), 1) if nodes else 0.0,
            "per_deal": per_deal}


def compare(levels: Sequence[str], games: int, seed: int, seconds: float) -> dict[str, Any]:
    """Each level plays the same deals; the solver judges them; report wins against the winnable share."""
    solved = solver_share(games, seed, seconds)
    verdicts = solved.pop("per_deal")
    out: dict[str, Any] = {"solver": solved, "levels": {}}
    for level in levels:
        bot = make_bot(GAME, level)
        wins = wins_on_winnable = 0
        faces: list[int] = []
        times: list[float] = []
        for i in range(games):
            timings: list[list[float]] = [[]]
            record = selfplay(GAME, [level], seed + i, bots=[bot], timings=timings)
            result = record["state"]["result"]
            won = bool(result["winners"])
            wins += won
            wins_on_winnable += won and verdicts[seed + i] == "winnable"
            faces.append(result["face_cards"]["player"])
            times.extend(t * 1000 for t in timings[0])
        winnable = solved["counts"]["winnable"]
        out["levels"][level] = {
            "win_rate": round(wins / games, 4),
            "win_rate_on_winnable": round(wins_on_winnable / winnable, 4) if winnable else None,
            "gap_to_winnable_share_pp": round(100 * (solved["share"]["winnable"] - wins / games), 1),
            "mean_face_cards": round(statistics.fmean(faces), 3),
            "think_ms_p50": percentile(times, 0.5, 3), "think_ms_p95": percentile(times, 0.95, 3),
            "think_ms_max": round(max(times), 3) if times else 0.0}
    return out


def weight_sets(specs: Sequence[str], games: int, seed: int) -> dict[str, Any]:
    """Win rate and mean face cards of the heuristic with each set of weight changes (JSON objects).

    :raises ValueError: for a change that is not a JSON object of known weights and numbers.
    """
    known = {f.name for f in dataclasses.fields(Weights)}
    changes: list[dict[str, float]] = []
    for spec in specs:
        change = json.loads(spec)
        if not isinstance(change, dict) or not set(change) <= known or not all(
                isinstance(v, (int, float)) and not isinstance(v, bool) for v in change.values()):
            raise ValueError(f"not a set of weight changes: {spec} (known weights: {', '.join(sorted(known))})")
        changes.append(change)
    # The real deals with their real seeds: the heuristic's own games, shuffles included.
    deals = [(Position.of(GAME.new(1, s)), s) for s in range(seed, seed + games)]
    rows = []
    for spec, change in zip(specs, changes):
        w = dataclasses.replace(DEFAULT, **change)
        faces = [heuristic_faces(pos, s, w) for pos, s in deals]
        wins = sum(f >= WIN_FACES for f in faces)
        rows.append({"weights": spec, "wins": wins, "win_rate": round(wins / games, 4),
                     "mean_face_cards": round(statistics.fmean(faces), 3)})
    return {"games": games, "seed": seed, "sets": rows}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m core.games.deck_of_spies.tools", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    sp = sub.add_parser("solver", help="share of deals the solver proves winnable / unwinnable")
    cp = sub.add_parser("compare", help="bots against the solver on the same deals")
    for p in (sp, cp):
        p.add_argument("--games", type=int, default=200)
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("--seconds", type=float, default=10.0, help="solver time limit per deal")
    cp.add_argument("--levels", default="normal,hard")
    wp = sub.add_parser("weights", help="the normal heuristic with changed weights, on the same deals")
    wp.add_argument("--games", type=int, default=1000)
    wp.add_argument("--seed", type=int, default=0)
    wp.add_argument("sets", nargs="+", help='JSON objects of weight changes, e.g. \'{"recruit": 100}\'')
    sp.add_argument("--per-deal", action="store_true", help="list every deal's verdict")
    vp = sub.add_parser("value", help="fit the face-phase model of the hard bot")
    vp.add_argument("--games", type=int, default=40000)
    vp.add_argument("--seed", type=int, default=100000)
    vp.add_argument("--playouts", type=int, default=4, help="playouts per face-phase start")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    if args.cmd == "weights":
        try:
            report = weight_sets(args.sets, args.games, args.seed)
        except ValueError as exc:  # json.JSONDecodeError is a ValueError too
            parser.error(str(exc))
    elif args.cmd == "value":
        if args.games < 10 or args.playouts < 1:
            parser.error("value needs --games of at least 10 and --playouts of at least 1")
        report = fit_value_model(args.games, args.seed, args.playouts)
    elif args.cmd == "solver":
        report = solver_share(args.games, args.seed, args.seconds)
        if not args.per_deal:
            report.pop("per_deal")
    else:
        report = compare([lv.strip() for lv in args.levels.split(",") if lv.strip()], args.games,
                         args.seed, args.seconds)
    report["wall_seconds"] = round(time.perf_counter() - start, 1)
    json.dump(report, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
