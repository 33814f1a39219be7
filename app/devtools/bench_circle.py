"""Load on a circle's server: tables of websocket players over several ``hofstaat serve``
processes on one PostgreSQL database, on this machine only.

    python -m app.devtools.bench_circle [--tables 50] [--players 4] [--seconds 300]
        [--processes 2] [--think 0.5 1.5] [--db URL]

Every table's seats are split over the processes, so each move has to reach players on
another process (the database tells them, LISTEN/NOTIFY). Each player waits a random "think"
time on their turn, then plays a random legal move; a table whose game ends deals a new one.
Without ``--db`` a throwaway PostgreSQL server is started and removed afterwards.

Reported: moves made; moves lost (sent, not refused, and not saved at the revision they
were sent for) or saved without anyone sending them; hidden cards leaked (a card a seat may
not know, at the revision a message shows, found anywhere in that message); the time from a
move's sending to each other player's socket receiving the table after it (p50, p95, max).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.devtools.served import Served
from core.percentile import percentile
from core.server.circles import tables_location
from core.server.client import ServerClient
from core.session import GameSession
from core.store import Store

PASSWORD = "load-test password"


@dataclass
class Table:
    """One game at one table, and everything its players' sockets saw of it."""

    id: int
    first: int  # the revision it was dealt at
    sent: dict[int, tuple[float, int, str]] = field(default_factory=dict)  # revision -> (when, seat, action)
    refused: list[str] = field(default_factory=list)
    seen: list[tuple[int, int, frozenset[str]]] = field(default_factory=list)  # (seat, revision, strings)
    delays: list[float] = field(default_factory=list)  # seconds, move sent -> another seat has it


def strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(k) | strings(v) for k, v in value.items())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


class Load:
    def __init__(self, args: argparse.Namespace, servers: list[Served]) -> None:
        self.args = args
        self.servers = servers
        self.rng = random.Random(args.seed)
        self.tables: list[Table] = []
        self.deadline = 0.0

    # --- accounts, one circle ----------------------------------------------------------

    def setup(self) -> None:
        count = self.args.tables * self.args.players
        names = [f"player{i:03d}" for i in range(count)]

        def account(i: int) -> ServerClient:
            client = ServerClient(self.servers[i % len(self.servers)].url)
            client.register(names[i], names[i].title(), PASSWORD)
            client.sign_in(names[i], PASSWORD)
            return client

        with ThreadPoolExecutor(4) as pool:
            self.clients = list(pool.map(account, range(count)))
        owner = self.clients[0]
        self.circle = owner.create_circle("Load").id
        codes = [owner.invite(self.circle) for _ in self.clients[1:]]
        with ThreadPoolExecutor(4) as pool:
            list(pool.map(lambda pair: pair[0].join(pair[1]), zip(self.clients[1:], codes)))
        members = owner._call("GET", f"/api/circles/{self.circle}/members")
        ids = {m["name"]: m["account"] for m in members}
        self.ids = [ids[n.title()] for n in names]

    # --- playing -----------------------------------------------------------------------

    async def run(self) -> None:
        self.deadline = time.monotonic() + self.args.seconds
        await asyncio.gather(*(self.slot(k) for k in range(self.args.tables)))

    async def slot(self, k: int) -> None:
        """One table after another for the same players until time is up."""
        seats = list(range(k * self.args.players, (k + 1) * self.args.players))
        while time.monotonic() < self.deadline:
            opener = self.clients[seats[0]]
            look = await asyncio.to_thread(
                opener._call, "POST", f"/api/circles/{self.circle}/tables",
                {"game": self.args.game, "seed": self.rng.randrange(2 ** 31),
                 "seats": [{"member": self.ids[i]} for i in seats]})
            table = Table(look["table"], look["revision"])
            self.tables.append(table)
            await asyncio.gather(*(self.player(table, seat, seats[seat], (k + seat) % len(self.servers))
                                   for seat in range(len(seats))))

    async def player(self, table: Table, seat: int, who: int, process: int) -> None:
        import websockets

        url = (f"ws://127.0.0.1:{self.servers[process].port}/api/circles/{self.circle}"
               f"/tables/{table.id}/live")
        rng = random.Random(f"{table.id}:{seat}")
        headers = {"Authorization": f"Bearer {self.clients[who].token}"}
        async with websockets.connect(url, additional_headers=headers, max_size=None) as socket:
            while True:
                left = self.deadline + 3.0 - time.monotonic()  # in-flight moves still arrive
                try:
                    raw = await asyncio.wait_for(socket.recv(), timeout=max(0.1, left))
                except asyncio.TimeoutError:
                    return
                now = time.perf_counter()
                message = json.loads(raw)
                if message["type"] == "refused":
                    table.refused.append(message["error"])
                    continue
                revision = message["revision"]
                table.seen.append((seat, revision, frozenset(strings(message))))
                made = table.sent.get(revision - 1)
                if made is not None and made[1] != seat:
                    table.delays.append(now - made[0])
                if message["over"]:
                    return
                if message["to_move"] == seat and message["legal"] and revision not in table.sent \
                        and time.monotonic() < self.deadline:
                    await asyncio.sleep(rng.uniform(*self.args.think))
                    action = rng.choice(message["legal"])
                    table.sent[revision] = (time.perf_counter(), seat, action)
                    await socket.send(json.dumps({"action": action, "revision": revision}))

    # --- checking ----------------------------------------------------------------------

    def check(self, db: str) -> dict[str, Any]:
        from sqlalchemy import create_engine, text

        engine = create_engine(db)
        with engine.connect() as conn:
            key = conn.execute(text("SELECT store_key FROM server_circles WHERE id = :i"),
                               {"i": self.circle}).scalar_one()
        engine.dispose()
        lost = unsent = leaked = moves = finished = 0
        with Store.open(tables_location(db, key)) as store:
            for table in self.tables:
                record = store.load_game(table.id)
                actions = record["actions"]
                moves += len(actions)
                finished += bool(record["over"])
                sent = {r: a for r, (_t, _s, a) in table.sent.items()}
                for revision, action in sent.items():
                    index = revision - table.first
                    lost += not (index < len(actions) and actions[index] == action)
                unsent += sum(sent.get(table.first + i) != a for i, a in enumerate(actions))
                leaked += self._leaks(record, table)
        delays = sorted(d for t in self.tables for d in t.delays)
        return {"tables": self.args.tables, "players": self.args.players,
                "processes": len(self.servers), "seconds": self.args.seconds,
                "games": len(self.tables), "finished": finished,
                "moves": moves, "moves_per_s": round(moves / self.args.seconds, 1),
                "deliveries": len(delays), "lost": lost, "unsent_saved": unsent,
                "refused": sum(len(t.refused) for t in self.tables), "leaked": leaked,
                "p50_ms": round(1000 * percentile(delays, 0.5, 4), 1) if delays else None,
                "p95_ms": round(1000 * percentile(delays, 0.95, 4), 1) if delays else None,
                "max_ms": round(1000 * delays[-1], 1) if delays else None}

    @staticmethod
    def _leaks(record: dict[str, Any], table: Table) -> int:
        """Messages holding a card their seat may not know at the revision they show."""
        session = GameSession.restore(record)
        states = [*session.snapshots, session.state]
        found = 0
        for seat, revision, seen in table.seen:
            state = states[revision - table.first]
            found += bool(session.game.secret_cards(state, seat) & seen)
        return found


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m app.devtools.bench_circle", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=50)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seconds", type=float, default=300.0)
    p.add_argument("--processes", type=int, default=2)
    p.add_argument("--think", type=float, nargs=2, default=(0.5, 1.5), metavar=("MIN", "MAX"),
                   help="seconds a player waits on their turn before moving")
    p.add_argument("--game", default="kings-corner")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--db", default=None, help="a PostgreSQL URL (default: a throwaway server)")
    args = p.parse_args(argv)
    if args.tables < 1 or args.players < 2 or args.processes < 1 or args.seconds <= 0:
        p.error("tables ≥ 1, players ≥ 2, processes ≥ 1 and seconds > 0")
    return args


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Set up, play for ``args.seconds`` and check; the report."""
    scratch = None
    if args.db is None:
        from core.store.scratch_pg import ScratchPostgres

        scratch = ScratchPostgres()
        db = scratch.new_database("load")
    else:
        db = args.db
    logs = Path(tempfile.mkdtemp(prefix="hofstaat-load-"))
    servers: list[Served] = []
    try:
        servers = [Served(db, logs / f"serve{i}.log") for i in range(args.processes)]
        load = Load(args, servers)
        started = time.monotonic()
        load.setup()
        print(f"{len(load.clients)} accounts in one circle after {time.monotonic() - started:.0f} s; "
              f"playing for {args.seconds:.0f} s …", file=sys.stderr, flush=True)
        asyncio.run(load.run())
        time.sleep(1.0)
        return load.check(db)
    finally:
        for served in servers:
            served.stop()
        if scratch is not None:
            scratch.stop()


def main(argv: list[str] | None = None) -> int:
    print(json.dumps(run(parse(sys.argv[1:] if argv is None else argv))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
