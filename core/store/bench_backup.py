"""How long backups take between two phones: ``python -m core.store.bench_backup --games 1000``.

Phone A plays ``--games`` real games of all four games to their end through
``GameSession`` (the app's own path), with a few people; phone B starts empty. The
report (JSON) times A's export, B's first import (every game replayed from its seed and
checked), the same file again (nothing new), and an import after A played one game more
(what two phones swapping files every evening pay), each in seconds, with the file's size.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from typing import Any

from core.session import GameSession, Seat
from core.store.repository import Store

SEATS = {"thronfolge": 2, "deck-of-spies": 1, "rosenkrieg": 3, "kings-corner": 3}
OPTIONS: dict[str, dict[str, Any]] = {"rosenkrieg": {"partien": 2}}


def play(store: Store, people: list[Any], game: str, seed: int) -> None:
    """One game played to its end with random legal moves and saved after each."""
    rng = random.Random(seed)
    seats = [Seat("human", p.name, p.id) for p in people[:SEATS[game]]]
    session = GameSession.start(game, seats, seed=seed, options=OPTIONS.get(game), saver=store)
    while not session.over:
        session.apply(rng.choice(session.legal()))


def timed(work: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    out = work()
    return round(time.perf_counter() - start, 3), out


def run(games: int, seed: int, folder: str) -> dict[str, Any]:
    a = Store.open(os.path.join(folder, "a.db"))
    b = Store.open(os.path.join(folder, "b.db"))
    people = [a.create_profile(n) for n in ("Anna", "Ben", "Carla")]
    names = list(SEATS)
    fill, _ = timed(lambda: [play(a, people, names[i % len(names)], seed + i) for i in range(games)])
    export, text = timed(a.export_backup)
    first, _ = timed(lambda: b.import_backup(text))
    again, report = timed(lambda: b.import_backup(text))
    play(a, people, "thronfolge", seed + games)
    later = a.export_backup()
    one_more, _ = timed(lambda: b.import_backup(later))
    a.close()
    b.close()
    return {"games": games, "seed": seed, "file_kb": len(text.encode()) // 1024,
            "seconds": {"play_and_save": round(fill, 1), "export": export, "first_import": first,
                        "same_file_again": again, "one_game_more": one_more},
            "per_game_ms": {"first_import": round(first / games * 1000, 2),
                            "same_file_again": round(again / games * 1000, 2)},
            "same_file_changed_anything": report.changed}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m core.store.bench_backup", description=__doc__)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        report = run(args.games, args.seed, folder)
    sys.stdout.write(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
