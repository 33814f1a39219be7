"""Self-play and benchmarks: seeded games between bots, with timing per decision."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from core.bots import Bot, bot_rng, make_bot
from core.games import registry
from core.games.base import Game, State
from core.percentile import percentile


def selfplay(game: Game, levels: list[str], seed: int, options: dict[str, Any] | None = None,
             bots: list[Bot] | None = None, timings: list[list[float]] | None = None,
             max_plies: int = 100_000) -> dict[str, Any]:
    """Play one game between bots (one level per seat) and return its record.

    :raises RuntimeError: if the game does not end within ``max_plies`` actions.
    """
    players = len(levels)
    state = game.new(players, seed, options)
    seat_bots = bots or [make_bot(game, lv) for lv in levels]
    actions: list[str] = []
    while not state["over"]:
        if len(actions) >= max_plies:
            raise RuntimeError(f"{game.name} seed {seed} did not end within {max_plies} actions")
        seat = state["to_move"]
        bot = seat_bots[seat]
        legal = game.legal_actions(state)
        view = game.view(state, seat)
        t0 = time.perf_counter()
        action = bot.choose(view, legal, bot_rng(state, bot.level))
        if timings is not None:
            timings[seat].append(time.perf_counter() - t0)
        state = game.apply(state, action).state
        actions.append(str(action))
    return {"game": game.name, "players": players, "seed": seed, "options": state["options"],
            "bots": list(levels), "actions": actions, "state": state}


@dataclass
class _LevelTally:
    games: int = 0
    wins: int = 0
    shared: int = 0
    scores: list[float] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def report(self) -> dict[str, Any]:
        ms = sorted(t * 1000 for t in self.times)
        decided = self.games - self.shared
        return {"games": self.games, "wins": self.wins, "shared": self.shared,
                "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
                "decided_win_rate": round(self.wins / decided, 4) if decided else 0.0,
                "mean_score": round(statistics.fmean(self.scores), 3) if self.scores else 0.0,
                "decisions": len(ms), "think_ms_p50": percentile(ms, 0.5, 3),
                "think_ms_p95": percentile(ms, 0.95, 3),
                "think_ms_max": round(ms[-1], 3) if ms else 0.0}


def bench(game_name: str, levels: list[str], games: int, seed: int, players: int | None = None,
          options: dict[str, Any] | None = None, budget_ms: float | None = None,
          nodes: int | None = None) -> dict[str, Any]:
    """Play ``games`` seeded games, rotating the levels over the seats, and report per level.

    ``budget_ms`` overrides the think-time budget of the levels that search (None: their own);
    ``nodes`` replaces it by a budget in their own units, so the games do not depend on the clock.

    :raises UnknownGame, UnknownLevel, BadOption: for bad arguments.
    """
    game = registry.get(game_name)
    n = players or len(levels)
    if len(levels) == 1 and n > 1:
        levels = levels * n
    if len(levels) != n:
        raise ValueError(f"--bots names {len(levels)} level(s) for {n} players")
    game.new(n, seed, options)  # validates players and options before the long run
    bots = {lv: make_bot(game, lv, budget_ms, nodes=nodes) for lv in set(levels)}
    tallies = {lv: _LevelTally() for lv in levels}
    t_start = time.perf_counter()
    for i in range(games):
        seat_levels = [levels[(s + i) % n] for s in range(n)]
        timings: list[list[float]] = [[] for _ in range(n)]
        record = selfplay(game, seat_levels, seed + i, options,
                          bots=[bots[lv] for lv in seat_levels], timings=timings)
        result = record["state"]["result"]
        for s, lv in enumerate(seat_levels):
            t = tallies[lv]
            t.games += 1
            if s in result["winners"]:
                if len(result["winners"]) == 1:
                    t.wins += 1
                else:
                    t.shared += 1
            t.scores.append(result["scores"][s])
            t.times.extend(timings[s])
    elapsed = time.perf_counter() - t_start
    return {"game": game_name, "players": n, "bots": levels, "games": games, "seed": seed,
            "options": game.parse_options(options), "budget_ms": budget_ms, "nodes": nodes,
            "seconds": round(elapsed, 3),
            "games_per_second": round(games / elapsed, 2) if elapsed else None,
            "levels": {lv: t.report() for lv, t in tallies.items()}}


def one_among(game: Game, players: int, games: int, seed: int, level: str, others: str,
              options: dict[str, Any], bots: dict[str, Bot],
              times: dict[str, list[float]]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Play ``games`` games (seeds ``seed`` …) with one ``level`` seat among ``others`` seats, its
    seat moving one place on per game; yield (its seat, the game's record) and add each
    decision's think time in milliseconds to ``times[level]`` or ``times[others]``."""
    for i in range(games):
        seat = i % players
        levels = [level if s == seat else others for s in range(players)]
        timings: list[list[float]] = [[] for _ in range(players)]
        record = selfplay(game, levels, seed + i, options, bots=[bots[lv] for lv in levels], timings=timings)
        for s in range(players):
            times.setdefault(levels[s], []).extend(t * 1000 for t in timings[s])
        yield seat, record


def think_summary(ms: list[float]) -> dict[str, Any]:
    """Think times in milliseconds, sorted in place, as a report: decisions, p50, p95 and max."""
    ms.sort()
    return {"decisions": len(ms), "p50": percentile(ms, 0.5), "p95": percentile(ms, 0.95),
            "max": round(ms[-1], 2) if ms else 0.0}


def strength_main(argv: Sequence[str] | None, prog: str, doc: str | None, strength: Callable[..., dict[str, Any]],
                  players: Sequence[int], count: str) -> int:
    """The command line of a game's strength benchmark: ``strength --players P --COUNT N --seed S
    [--level L] [--others O] [--budget-ms MS | --nodes N] [--option KEY=VALUE]``, the report as JSON.

    ``strength(players, count, seed, level, others, budget_ms, nodes, options)`` plays and reports.
    """
    p = argparse.ArgumentParser(prog=prog, description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    sp = sub.add_parser("strength", help="one level's results among seats of another level")
    sp.add_argument("--players", type=int, default=3, choices=tuple(players))
    sp.add_argument(f"--{count}", type=int, default=400, dest="count")
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--level", default="hard")
    sp.add_argument("--others", default="normal")
    sp.add_argument("--budget-ms", type=float, default=None)
    sp.add_argument("--nodes", type=int, default=None)
    sp.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    args = p.parse_args(argv)
    options = dict(pair.split("=", 1) for pair in args.option)
    report = strength(args.players, args.count, args.seed, args.level, args.others, args.budget_ms, args.nodes,
                      options)
    sys.stdout.write(json.dumps(report) + "\n")
    return 0


def replay_record(record: dict[str, Any]) -> State:
    """The final state of a self-play or saved record, replayed from its actions.

    :raises IllegalAction: naming the index of the first refused action.
    """
    game = registry.get(record["game"])
    return game.replay(record["players"], record["seed"], record.get("options"), record["actions"])
