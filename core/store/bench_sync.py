"""How long a phone's sync with a circle's server takes:
``python -m core.store.bench_sync --phone-games 10000 --server-games 100000 [--db URL]``.

A handful of real games of all four kinds are played through ``GameSession``; the phone and
the server are then filled with copies of them under ids of their own (each copy is a whole,
valid game: the same seed and moves), the server through one import (every game replayed from
its seed and checked, as any import does). The report (JSON) times, in seconds:

- ``first_sync``: the phone's first sync (it sends all its games, the server merges them and
  sends back everything it holds, the phone merges that), and its parts;
- ``nothing_new``: a sync right after, when nothing changed;
- ``one_game_more``: a sync after the phone played one game more.

The server's store is a SQLite file by default, or a database at ``--db`` (a PostgreSQL URL
whose database is empty). The exchange is called in the process, without HTTP: what is timed
is the stores' work.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import uuid
from typing import Any

from core.store.bench_backup import SEATS, play
from core.store.repository import Store
from core.store.sync import answer, sync

TEMPLATES = 24  # real games to copy from
FILL_CHUNK = 10_000  # games per import while filling


class Timed:
    """The server's half, timing where a sync spends its time."""

    identity = "bench-server/circle"

    def __init__(self, store: Store) -> None:
        self.store = store
        self.seconds: dict[str, float] = {}

    def exchange(self, changes: str, since: int, more: bool = False) -> tuple[str, int, bool]:
        start = time.perf_counter()
        out = answer(self.store, changes, since, more=more)
        add = {"server": time.perf_counter() - start, "bytes_up": len(changes.encode()),
               "bytes_down": len(out[0].encode()), "exchanges": 1}
        for name, value in add.items():
            self.seconds[name] = self.seconds.get(name, 0) + value
        return out


def copies(template: dict[str, Any], count: int) -> str:
    """A backup of ``count`` games, copies of the template's, each under an id of its own."""
    games = [g for g in template["games"] if not g.get("forks")]
    out = dict(template, games=[], dynasties=[], ledger=[], merges=[], settings=[])
    for i in range(count):
        game = dict(games[i % len(games)], id=uuid.uuid4().hex)
        out["games"].append(game)
    return json.dumps(out)


def fill(store: Store, template: dict[str, Any], count: int) -> None:
    """``count`` copies imported a chunk at a time: one file of them all would pass the size a
    backup file may have."""
    for start in range(0, count, FILL_CHUNK):
        store.import_backup(copies(template, min(FILL_CHUNK, count - start)))


def timed(work: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    found = work()
    return round(time.perf_counter() - start, 2), found


def run(phone_games: int, server_games: int, folder: str, db: str | None,
        templates: int = TEMPLATES) -> dict[str, Any]:
    maker = Store.open(os.path.join(folder, "templates.db"))
    people = [maker.create_profile(n) for n in ("Anna", "Ben", "Carla")]
    names = list(SEATS)
    for i in range(templates):
        play(maker, people, names[i % len(names)], 1 + i)
    template = json.loads(maker.export_backup())
    maker.close()
    server = Store.open(db or os.path.join(folder, "server.db"))
    phone = Store.open(os.path.join(folder, "phone.db"))
    fill_server, _ = timed(lambda: fill(server, template, server_games))
    fill_phone, _ = timed(lambda: fill(phone, template, phone_games))
    remote = Timed(server)
    report: dict[str, Any] = {"phone_games": phone_games, "server_games": server_games,
                              "server_db": "sqlite" if db is None else db.split(":", 1)[0],
                              "fill_seconds": {"server": fill_server, "phone": fill_phone}}
    for step in ("first_sync", "nothing_new", "one_game_more"):
        if step == "one_game_more":
            phone_people = [p for p in phone.list_profiles() if p.kind == "human"]
            play(phone, phone_people, "thronfolge", 10_000)
        remote.seconds = {}
        seconds, _ = timed(lambda: sync(phone, remote))
        report[step] = {"seconds": seconds, **{k: round(v, 2) for k, v in remote.seconds.items()}}
    with_games = len(json.loads(phone.changes_since(0)[0])["games"])
    report["phone_games_after"] = with_games
    phone.close()
    server.close()
    return report


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m core.store.bench_sync", description=__doc__)
    p.add_argument("--phone-games", type=int, default=1000)
    p.add_argument("--server-games", type=int, default=10000)
    p.add_argument("--db", default=None, help="the server's database (an empty one)")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        report = run(args.phone_games, args.server_games, folder, args.db)
    sys.stdout.write(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
