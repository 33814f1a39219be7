"""Crash safety as a script: kill a player mid-game with SIGKILL, check the database, resume.

``python -m core.store.crash --kills 100 --seed 1 [--db PATH_OR_URL]`` forks a child process
(``core.store.crash_child``; POSIX only) that plays random legal games of one scenario (every
registered game, and a Rosenkrieg dynasty played for money, whose end settles into the
ledger) through ``GameSession`` and ``Store``, the app's own path, and kills it with
SIGKILL at a random moment: any time after it is ready, or (every other kill) at a
game's end: right after its last save (a third of these, which also measures how long
such a save takes), or at a random moment within three times that after the
last action is announced, so the kill lands before, inside or after the transaction
that writes the results and settles the dynasty.
After each kill it checks:

- on SQLite, ``PRAGMA integrity_check`` and ``foreign_key_check`` pass, and the store opens
  the file without moving it aside;
- on PostgreSQL (``--db`` a URL such as ``postgresql+psycopg://me@/crash?host=/tmp``, a
  database of its own), the killed player is only a client: the server lives on, as it does
  where Hofstaat is deployed on one. The check first waits until the server has ended the
  killed player's session (a COMMIT it had sent is carried out, an open transaction is
  rolled back), then finds no row that refers to one that is missing (PostgreSQL enforces
  the foreign keys itself; the query shows that nothing got past them), and the store opens;
- the game in flight restores from its saved actions to exactly its saved state, with
  every acknowledged action kept and at most the action in flight lost;
- a game is over exactly when its results are written, and a staked game has one
  dynasty, settled exactly when the game is over.

The next child resumes the game. It prints a summary and exits with 1 on any violation.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sqlite3
import statistics
import tempfile
import threading
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import exists, func, select, text
from sqlalchemy.exc import SQLAlchemyError

from core.errors import RulesError
from core.session import GameSession
from core.store.crash_child import TAG, Scenario, play, scenarios
from core.store.errors import StoreError
from core.store.location import Target, build_engine, resolve_location, target_of
from core.store.repository import Store
from core.store.tables import TABLES

END_WAIT = 5.0  # seconds to wait for a game's last action before killing anyway
KILL_ANY = 0.4  # kill within this many seconds after the child is ready
SESSION_WAIT = 10.0  # seconds a database server may take to end a killed player's session


@dataclass
class Tally:
    """What the kills found."""

    kills: Counter = field(default_factory=Counter)
    at_end: int = 0
    in_flight: int = 0  # kills with an action announced but not acknowledged
    in_flight_saved: int = 0  # ... whose save had committed all the same
    deals_in_flight: int = 0
    ends_in_flight: int = 0  # kills while a game's last action was being saved
    ends_in_flight_saved: int = 0
    lost: Counter = field(default_factory=Counter)  # lost actions per kill -> kills
    final_saves: list[float] = field(default_factory=list)  # seconds a game's last action took
    finished: dict[str, int] = field(default_factory=dict)  # scenario -> games over
    settled: int = 0
    violations: list[str] = field(default_factory=list)


class Child:
    """A player forked from this process (no start-up cost), its lines collected as they come."""

    def __init__(self, db: str | Path, sc: Scenario, seed: int) -> None:
        self.lines: list[str] = []
        self.final_save: float | None = None  # seconds from "go … final" to its "ok"
        self.ready = threading.Event()
        self.final = threading.Event()
        self.final_done = threading.Event()
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the player; it never returns into the caller's code
            os.close(read_end)
            code = 0
            try:
                play(str(db), sc.key, seed, lambda line: _write(write_end, line))
            except BaseException:
                traceback.print_exc()
                code = 1
            finally:
                os._exit(code)
        os.close(write_end)
        self.pid = pid
        self.reader = threading.Thread(target=self._read, args=(read_end,), daemon=True)
        self.reader.start()

    def _read(self, fd: int) -> None:
        went = None
        with os.fdopen(fd, "r") as stream:
            for line in stream:
                self.lines.append(line.strip())
                if line.startswith("ready"):
                    self.ready.set()
                elif line.rstrip().endswith(" final"):
                    went = time.perf_counter()
                    self.final.set()
                elif line.startswith("ok ") and went is not None:
                    self.final_save, went = time.perf_counter() - went, None
                    self.final_done.set()

    def kill(self) -> int | None:
        """SIGKILL the player and read what it said before it died; its exit status if it had ended."""
        done, status = os.waitpid(self.pid, os.WNOHANG)
        if done == 0:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        self.reader.join()
        return status if done else None


def _write(fd: int, line: str) -> None:
    os.write(fd, (line + "\n").encode())


def kill_once(db: str | Path, sc: Scenario, at_end: bool, rng: random.Random, t: Tally) -> None:
    """One child, one SIGKILL, then every check."""
    child = Child(db, sc, rng.randrange(2**31))
    if not child.ready.wait(60):
        child.kill()
        t.violations.append(f"{sc.key}: the player did not start: {child.lines}")
        return
    if at_end and (t.at_end % 3 == 0 or not t.final_saves):
        # Right after a game's last save: it is learnt how long such a save takes here now.
        if child.final_done.wait(END_WAIT):
            t.at_end += 1
    elif at_end and child.final.wait(END_WAIT):
        # Before, inside or after the transaction that ends the game (results, ratings, ledger).
        time.sleep(rng.uniform(0, 3 * statistics.median(t.final_saves)))
        t.at_end += 1
    else:
        time.sleep(rng.uniform(0, KILL_ANY))
    if child.kill() is not None:
        t.violations.append(f"{sc.key}: the player died by itself: {child.lines[-3:]}")
    if child.final_save is not None:
        t.final_saves.append(child.final_save)
    t.kills[sc.key] += 1
    check(db, sc, child.lines, t)


def check(db: str | Path, sc: Scenario, lines: list[str], t: Tally) -> None:
    """The database after a kill: intact, the game in flight resumable, nothing acknowledged lost."""
    where = f"{sc.key} kill {sum(t.kills.values())}"
    target = target_of(resolve_location(db))
    damage = _file_damage(target.path) if target.path is not None else _server_damage(target)
    if damage:
        t.violations.append(f"{where}: database damaged: {damage}")
        return
    try:
        store = Store.open(db)
    except StoreError as exc:
        t.violations.append(f"{where}: the store cannot open the database: {exc}")
        return
    try:
        if store.moved_to:
            t.violations.append(f"{where}: the store moved the file aside: {store.moved_reason}")
            return
        t.lost[_check_in_flight(store, lines, where, t)] += 1
        _check_ends(store, sc, where, t)
    except (StoreError, RulesError) as exc:  # a game that is gone, or no longer replays
        t.violations.append(f"{where}: the game in flight cannot be resumed: {exc}")
    finally:
        store.close()


def _file_damage(path: str) -> str | None:
    """What SQLite's own checks find wrong with the file, or None."""
    con = sqlite3.connect(path)
    try:
        integrity = [r[0] for r in con.execute("PRAGMA integrity_check")]
        broken_keys = con.execute("PRAGMA foreign_key_check").fetchall()
    except sqlite3.DatabaseError as exc:  # too damaged even to check
        integrity, broken_keys = [str(exc)], []
    finally:
        con.close()
    if integrity != ["ok"] or broken_keys:
        return f"{integrity[:3]} {broken_keys[:3]}"
    return None


def _server_damage(target: Target) -> str | None:
    """On a database server: what is wrong once the killed player's session has ended, or None.

    The server itself was not killed, so its storage needs no check of the kind SQLite's file
    gets; what a killed client could leave behind is a transaction half applied, which shows
    as a row whose foreign key names a row that is not there.
    """
    engine = build_engine(target)
    try:
        with engine.connect() as conn:
            deadline = time.monotonic() + SESSION_WAIT
            while (others := _other_sessions(conn)) and time.monotonic() < deadline:
                time.sleep(0.005)
            if others:
                return (f"{others} other session(s) still connected {SESSION_WAIT:g} s after "
                        "the kill (is the database used by something else?)")
            dangling = _dangling_references(conn)
            conn.rollback()
    except SQLAlchemyError as exc:
        return f"the database cannot be checked: {exc}"
    finally:
        engine.dispose()
    return "; ".join(dangling) or None


def _other_sessions(conn: Any) -> int:
    """Sessions on this database besides the checking one (a killed player's, until the
    server has seen its connection close)."""
    count = conn.execute(text(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
        "AND pid <> pg_backend_pid()")).scalar_one()
    conn.rollback()  # each poll reads afresh
    return int(count)


def _dangling_references(conn: Any) -> list[str]:
    """Each foreign key under which rows name a row that does not exist, with their number."""
    found = []
    for table in TABLES:
        for fk in sorted(table.foreign_keys, key=lambda k: k.parent.name):
            parent = fk.column.table.alias()
            target = parent.c[fk.column.name]
            missing = conn.execute(
                select(func.count()).select_from(table).where(
                    fk.parent.is_not(None), ~exists().where(target == fk.parent))).scalar_one()
            if missing:
                found.append(f"{missing} {table.name} row(s) whose {fk.parent.name} names no "
                             f"{fk.column.table.name} row")
    return found


def _check_in_flight(store: Store, lines: list[str], where: str, t: Tally) -> int:
    """How many actions the kill lost (0 or 1 unless violated) in the game the child was playing."""
    last = next((ln.split() for ln in reversed(lines) if ln.split()[0] in ("new", "game", "go", "ok")),
                None)
    if last is None:
        return 0
    if last[0] == "new":  # killed while dealing: the deal is the action in flight
        t.deals_in_flight += 1
        return 1 if _is_new_deal_lost(store, lines) else 0
    game_id, ply = int(last[1]), int(last[2])
    rec = store.load_game(game_id)
    saved = len(rec["actions"])
    restored = GameSession.restore(rec)
    if restored.state != rec["state"]:
        t.violations.append(f"{where}: game {game_id} replays to another state than it saved")
    if last[0] == "go":
        t.in_flight += 1
        lowest = ply - 1
        t.in_flight_saved += saved == ply
        if last[3:] == ["final"]:
            t.ends_in_flight += 1
            t.ends_in_flight_saved += saved == ply
    else:
        lowest = ply
    if not lowest <= saved <= ply:
        t.violations.append(f"{where}: game {game_id} saved {saved} actions, acknowledged {lowest}")
    return max(0, ply - saved)


def _is_new_deal_lost(store: Store, lines: list[str]) -> bool:
    """Whether the game a killed child was dealing is missing (the newest game is then an older one)."""
    known = {int(ln.split()[1]) for ln in lines if ln.startswith(("game ", "go ", "ok "))}
    newest = max((g.id for g in store.unfinished_games(limit=None) + store.finished_games(limit=None)),
                 default=None)
    return newest is None or newest in known


def _check_ends(store: Store, sc: Scenario, where: str, t: Tally) -> None:
    """Results exactly for the games that are over; one dynasty per staked game, settled iff over."""
    games = [g for g in store.unfinished_games(limit=None) + store.finished_games(limit=None)
             if g.meta.get(TAG) == sc.key]
    dynasties = {d.game_id: [] for d in store.dynasties()}
    for d in store.dynasties():
        dynasties[d.game_id].append(d)
    settled_ids = {e.dynasty_uid for e in store.ledger_entries()}
    finished = settled = 0
    for g in games:
        rows = store.results(g.id)
        if len(rows) != (g.players if g.over else 0):
            t.violations.append(f"{where}: game {g.id} over={g.over} has {len(rows)} results")
        finished += g.over
        if not sc.staked:
            continue
        mine = dynasties.get(g.id, [])
        if len(mine) != 1:
            t.violations.append(f"{where}: staked game {g.id} has {len(mine)} dynasties")
            continue
        ended = mine[0].ended_at is not None
        if ended != g.over or (mine[0].id in settled_ids and not ended):
            t.violations.append(f"{where}: game {g.id} over={g.over}, dynasty settled={ended}")
        settled += ended
    if sc.staked:
        t.settled = settled
    t.finished[sc.key] = finished


def run(kills: int, seed: int, db: str | Path) -> tuple[Tally, float]:
    """Kill ``kills`` players round the scenarios; the tally and the seconds it took."""
    if target_of(resolve_location(db)).is_memory:
        raise ValueError("an in-memory database dies with the player; use a file or a server")
    rng = random.Random(seed)
    Store.open(db).close()
    t = Tally()
    started = time.perf_counter()
    scs = scenarios()
    for k in range(kills):
        # Every other kill at a game's end, alternating within each scenario too.
        kill_once(db, scs[k % len(scs)], at_end=(k + k // len(scs)) % 2 == 1, rng=rng, t=t)
    return t, time.perf_counter() - started


def summary(t: Tally, seconds: float) -> str:
    """The tally as the lines the script prints."""
    per = ", ".join(f"{k} {n}" for k, n in t.kills.items())
    lost = sum(n * k for n, k in t.lost.items())
    finished = sum(t.finished.values())
    return "\n".join([
        f"kills: {sum(t.kills.values())} ({per}); {t.at_end} right after a game's last action",
        f"action in flight at the kill: {t.in_flight} (saved all the same: {t.in_flight_saved}); "
        f"deals in flight: {t.deals_in_flight}; a game's last action in flight: {t.ends_in_flight} "
        f"(saved all the same: {t.ends_in_flight_saved})",
        f"lost actions: {lost} in all, most in one kill: {max(t.lost, default=0)}",
        f"games finished: {finished}; staked dynasties settled into the ledger: {t.settled}",
        f"violations: {len(t.violations)}", *(f"  {v}" for v in t.violations[:20]),
        f"time: {seconds:.1f} s"])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m core.store.crash", description=__doc__.split("\n")[0])
    p.add_argument("--kills", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--db", help="database file, or the URL of a PostgreSQL database of its own, "
                                "to use (default: a fresh file in a temporary folder)")
    args = p.parse_args(argv)
    if args.kills < 1:
        p.error("--kills must be at least 1")
    with tempfile.TemporaryDirectory() as tmp:
        try:
            t, seconds = run(args.kills, args.seed, args.db or Path(tmp) / "crash.db")
        except (ValueError, StoreError) as exc:  # an in-memory database, a URL that is no URL
            p.error(f"--db: {exc}")
    print(summary(t, seconds))
    return 1 if t.violations or max(t.lost, default=0) > 1 else 0


if __name__ == "__main__":
    raise SystemExit(main())
