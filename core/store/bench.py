"""How fast the statistics, player and ratings screens get their data from a big database.

``python -m core.store.bench --games 10000 --seed 1 [--db PATH] [--repeat 30]`` fills a
fresh database with finished games through ``Store.save_game`` (the app's own path:
results, figures, totals and ratings are written as each game ends), then times the
store calls each screen makes and prints a JSON report with the median and slowest
wall time and the median CPU time per screen in milliseconds. The finished states come from a few seeded
self-play games per game, dealt round the seats of different players.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from typing import Any, Callable, Sequence

from core.bench import selfplay
from core.games import registry
from core.store.repository import Store

PEOPLE = ("Anna", "Berta", "Carl", "Dora", "Emil", "Frieda")
LEVELS = ("easy", "normal", "hard")
# Players per game, and how many different finished states each game is built from.
GAMES = {"thronfolge": (2, 2), "deck-of-spies": (1, 1), "rosenkrieg": (3, 4), "kings-corner": (2, 5)}
POOL = 6


def fill(store: Store, games: int, seed: int) -> dict[str, int]:
    """Save ``games`` finished games between the people and the computer levels."""
    rng = random.Random(seed)
    people = [store.create_profile(n).id for n in PEOPLE]
    bots = [store.create_profile(f"Computer ({lv})", "bot", lv).id for lv in LEVELS]
    pool = {name: [selfplay(registry.get(name), ["random"] * rng.randint(lo, hi), seed + i)["state"]
                   for i in range(POOL)] for name, (lo, hi) in GAMES.items()}
    names = list(GAMES)
    t0 = 1_700_000_000.0
    for i in range(games):
        name = names[i % len(names)]
        state = rng.choice(pool[name])
        n = state["players"]
        players = rng.sample(people, min(n, rng.randint(1, n)))
        ids = players + [rng.choice(bots) for _ in range(n - len(players))]
        rng.shuffle(ids)
        seats = [{"kind": "bot" if pid in bots else "human", "name": str(pid), "profile_id": pid,
                  "level": LEVELS[bots.index(pid)] if pid in bots else None} for pid in ids]
        store.save_game({"id": None, "game": name, "options": state["options"], "seed": state["seed"],
                         "seats": seats, "actions": [], "state": state, "over": True,
                         "result": state["result"], "undos": 0, "hints": 0,
                         "started_at": t0 + i * 60})
    return {"people": len(people), "computer_levels": len(bots)}


def screens(store: Store) -> dict[str, Callable[[], Any]]:
    """The store calls each screen makes (``app/screens``), for the busiest person."""
    anna = next(p for p in store.list_profiles() if p.name == PEOPLE[0]).id
    berta = next(p for p in store.list_profiles() if p.name == PEOPLE[1]).id

    def stats_screen(game: str) -> Callable[[], None]:
        def calls() -> None:  # stats.view: the player to show, then the record
            store.list_profiles(include_archived=True)
            store.last_player(game)
            store.stats(game, anna)
            store.recent_results(anna, game, 10)
            store.leaderboard(game)
            store.rating_history(anna, game)
        return calls

    def player_screen() -> None:  # player.view
        store.get_profile(anna)
        store.player_record(anna)
        store.opponents(anna)
        store.recent_results(anna, None, 5)
        store.rating_history(anna, "thronfolge")
        store.list_profiles(include_archived=True)

    def versus_screen() -> None:  # versus.view
        store.list_profiles()
        store.get_profile(anna)
        store.get_profile(berta)
        store.opponents(anna, berta)
        store.player_record(anna)
        store.player_record(berta)

    def ratings_screen() -> None:  # ratings.view
        for game in GAMES:
            store.leaderboard(game, 10)

    return {**{f"statistics: {game}": stats_screen(game) for game in GAMES},
            "player": player_screen, "head-to-head": versus_screen, "ratings": ratings_screen}


def timed(call: Callable[[], Any], repeat: int) -> dict[str, float]:
    """Median and slowest wall time of ``repeat`` calls, and the median CPU time (which a
    busy machine does not inflate: SQLite works in this process), in milliseconds."""
    wall, cpu = [], []
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        call()
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return {"median_ms": round(statistics.median(wall), 2), "max_ms": round(max(wall), 2),
            "cpu_median_ms": round(statistics.median(cpu), 2)}


def run(games: int, seed: int, path: str, repeat: int) -> dict[str, Any]:
    """Fill a database at ``path`` (unless it already holds games) and time every screen."""
    with Store.open(path) as store:
        filled: dict[str, Any] = {}
        if not store.finished_games(limit=1):
            t0 = time.perf_counter()
            filled = fill(store, games, seed)
            filled["fill_seconds"] = round(time.perf_counter() - t0, 1)
        count = len(store.finished_games(limit=None))
        report = {name: timed(call, repeat) for name, call in screens(store).items()}
    return {"games": count, "seed": seed, "db": path, "repeat": repeat, **filled,
            "db_megabytes": round(os.path.getsize(path) / 1e6, 1), "screens": report}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m core.store.bench", description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", help="database file (default: a new temporary one); "
                                     "an existing one with games is only timed")
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args(argv)
    path = args.db or os.path.join(tempfile.mkdtemp(prefix="hofstaat-bench-"), "bench.db")
    json.dump(run(args.games, args.seed, path, args.repeat), sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
