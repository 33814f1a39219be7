"""How fast the app feels, measured on the running app at phone size in headless Chromium.

    python -m app.devtools.bench_app --games 0 --taps 40 --starts 5 --seed 1
    python -m app.devtools.bench_app --games 10000 --taps 40 --starts 5 --seed 1
    python -m app.devtools.bench_app --games 0 --taps 0 --starts 3 --seed 1   # starts only

prints a JSON report:

- ``start``: from launching ``python -m app`` to a home screen that takes taps (the
  first game's tile in the accessibility tree), in a fresh browser context each time
  (so the web client is loaded as on a first visit); the browser and the empty tab
  are already open. ``server_answers``: the part until the server answers HTTP.
  ``start_returning``: the same in one browser profile that has shown the app before.
- ``client_only``: the web client's part alone, loading the app from a server that has
  long been running; the floor under any start on the same machine.
- ``taps``: per game and per kind of tap (pick a card, play it, draw, end the turn), the
  time from the finger going down to the first change of the screen after the app's
  answer (p50/p95/max, ms), and how long the answer took to arrive (``answer``, and
  ``<kind> answer`` per kind); ``--only GAME`` times one game's taps.
- ``autosave``: ``Store.save_game`` as the session layer calls it after every move, timed
  while seeded games of every game are played in this process on the same database.

With ``--games N`` the database first gets N finished games (``core.store.bench.fill``);
``--taps 0`` leaves the taps out.
Needs Playwright and Chromium (``CHROMIUM``, default /usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Sequence

from app.devtools import bench_taps
from app.devtools.webserver import (CHROMIUM, CHROMIUM_ARGS, PHONE, ROOT, free_port, spawn, stop_server,
                                    wait_until_up)
from core.games import registry
from core.percentile import percentile
from core.session import GameSession
from core.store import Store
from core.store.bench import fill

GAMES = ("thronfolge", "deck-of-spies", "rosenkrieg", "kings-corner")


def spread(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"n": 0}
    return {"n": len(values), "p50": percentile(values, 0.5, 1), "p95": percentile(values, 0.95, 1),
            "max": round(max(values), 1)}


# Notes in the page the moment the home screen takes taps: its first tile is there and the
# page's splash (assets/index.html) has gone or is fading, no longer catching taps. The time
# is the clock's epoch time, comparable with the bench's own. It switches the accessibility
# tree on as soon as it can: the time the bench itself needs to notice (a second or more on a
# busy machine) is not the app's.
START_PROBE = """
(() => {
  new MutationObserver((_, obs) => {
    const ph = document.querySelector('flt-semantics-placeholder');
    if (ph && !window.__clicked) { window.__clicked = true; ph.click(); }
    const splash = document.getElementById('hofstaat-splash');
    if (document.querySelector('[flt-semantics-identifier="tile-thronfolge"]')
        && (!splash || splash.classList.contains('gone'))) {
      window.__home = performance.timeOrigin + performance.now();
      obs.disconnect();
    }
  }).observe(document, {subtree: true, childList: true, attributes: true});
})();
"""


def time_starts(browser: Any, db: Path, log: Path, starts: int, returning: bool = False) -> dict[str, Any]:
    """Launch to a home screen that takes taps, ``starts`` times (from compiled modules, as an
    installed app starts; ``python3 dev.py start`` compiles them too).

    Each start is a first visit (a fresh browser profile, which must fetch and compile the
    web client), or with ``returning`` a browser that has shown the app before: one profile
    for all starts, opened once before the first is timed, so its cache holds the client.
    ``seen_by_bench`` is when the bench's own polling noticed that moment."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", "app", "core"], cwd=ROOT, check=False,
                   stdout=subprocess.DEVNULL)
    kept, port = None, None
    if returning and starts:  # the same address every time, as the browser knows the app by it
        kept, port = _context(browser), free_port()
        _start_once(kept, db, log, port)
    seconds, seen, up = [], [], []
    for _ in range(starts):
        # The tab is open before the clock starts: making it is the browser's work, not the app's.
        ctx = kept or _context(browser)
        try:
            shown, noticed, answered = _start_once(ctx, db, log, port)
        finally:
            if kept is None:
                ctx.close()
        seconds.append(shown)
        seen.append(noticed)
        up.append(answered)
    if kept is not None:
        kept.close()
    if not seconds:
        return {"n": 0}
    return {"n": starts, "p50_s": percentile(seconds, 0.5), "max_s": round(max(seconds), 2),
            "server_answers_p50_s": percentile(up, 0.5), "seen_by_bench_p50_s": percentile(seen, 0.5)}


def _context(browser: Any) -> Any:
    ctx = browser.new_context(viewport=PHONE, locale="de-DE")
    ctx.add_init_script(START_PROBE)
    return ctx


def _start_once(ctx: Any, db: Path, log: Path, port: int | None = None) -> tuple[float, float, float]:
    """One launch of the app with a tab of ``ctx`` already open: seconds to the interactive
    home screen, to the bench noticing it, and to the server's first HTTP answer."""
    page = ctx.new_page()
    t0, epoch0 = time.perf_counter(), time.time()
    proc, url = spawn(db, log, port)
    try:
        wait_until_up(proc, url, log)
        answered = time.perf_counter() - t0
        home = _home(page, url)
        noticed = time.perf_counter() - t0
        return home - epoch0, noticed, answered
    finally:
        page.close()
        stop_server(proc)


def _home(page: Any, url: str) -> float:
    """Load the app in ``page``; the moment (epoch seconds) the page noted its home screen
    taking taps (``START_PROBE``)."""
    page.goto(url + "/")
    page.wait_for_function("() => window.__home", timeout=60_000, polling=200)
    return page.evaluate("window.__home") / 1000


def time_client(browser: Any, db: Path, log: Path, loads: int) -> dict[str, Any]:
    """The web client's part of a start alone: a fresh browser profile loading the app from
    a server that has long been running (its store open, its first screen rehearsed, one
    page already shown), to the home screen that takes taps, ``loads`` times.

    No start can be faster than this on the same machine: it is what remains when the
    server costs nothing."""
    if not loads:
        return {"n": 0}
    proc, url = spawn(db, log)
    seconds: list[float] = []
    try:
        wait_until_up(proc, url, log)
        for i in range(loads + 1):  # the first load only warms the server
            ctx = _context(browser)
            page = ctx.new_page()
            epoch0 = time.time()
            home = _home(page, url)
            if i:
                seconds.append(home - epoch0)
            ctx.close()
    finally:
        stop_server(proc)
    return {"n": loads, "p50_s": percentile(seconds, 0.5), "max_s": round(max(seconds), 2)}


def time_taps(browser: Any, db: Path, log: Path, want: int, seed: int,
              games: Sequence[str] = GAMES) -> dict[str, Any]:
    proc, url = spawn(db, log)
    try:
        wait_until_up(proc, url, log)
        ctx = browser.new_context(viewport=PHONE, locale="de-DE")
        ctx.add_init_script(bench_taps.PROBE)
        taps = bench_taps.Taps(ctx.new_page(), url)
        with Store.open(db) as store:
            for game in games:
                bench_taps.time_game(taps, store, game, want, seed)
        ctx.close()
    finally:
        stop_server(proc)
    out: dict[str, Any] = {}
    for game in games:
        mine = [t for t in taps.times if t["game"] == game]
        kinds = sorted({t["kind"] for t in mine})
        out[game] = {"all": spread([t["ms"] for t in mine if t["ms"] is not None]),
                     "answer": spread([t["answer_ms"] for t in mine if t.get("answer_ms") is not None]),
                     "unanswered": sum(1 for t in mine if t["ms"] is None),
                     **{k: spread([t["ms"] for t in mine if t["kind"] == k and t["ms"] is not None])
                        for k in kinds},
                     **{f"{k} answer": spread([t["answer_ms"] for t in mine
                                               if t["kind"] == k and t.get("answer_ms") is not None])
                        for k in kinds}}
    return out


def time_autosave(db: Path, seed: int, games: int = 4) -> dict[str, Any]:
    """Every ``save_game`` of a few seeded games of each game, in milliseconds."""
    ms: list[float] = []
    with Store.open(db) as store:
        real = store.save_game

        def save(record: dict[str, Any]) -> int:
            t0 = time.perf_counter()
            try:
                return real(record)
            finally:
                ms.append((time.perf_counter() - t0) * 1000)

        store.save_game = save  # type: ignore[method-assign]
        rng = random.Random(seed)
        for name in GAMES:
            info = registry.get(name).info
            for i in range(games):
                seats = bench_taps.people(store, info.default_players - 1)
                s = GameSession.start(name, seats, seed=seed + i, saver=store)
                while not s.over and len(s.actions) < 400:
                    s.apply(rng.choice(s.legal()) if s.to_move == 0 else s.bot_action(rng))
    return spread(ms)


def run(games: int, taps: int, starts: int, seed: int, only: Sequence[str] = GAMES) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="hofstaat-app-bench-"))
    db, log = folder / "hofstaat.db", folder / "server.log"
    with Store.open(db) as store:
        filled = fill(store, games, seed) if games else {}
    report: dict[str, Any] = {"games_stored": games, "seed": seed, **filled}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            report["start"] = time_starts(browser, db, log, starts)
            report["start_returning"] = time_starts(browser, db, log, starts, returning=True)
            report["client_only"] = time_client(browser, db, log, starts)
            if taps:
                report["taps"] = time_taps(browser, db, log, taps, seed, only)
        finally:
            browser.close()
    report["autosave_ms"] = time_autosave(db, seed)
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.devtools.bench_app", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=0, help="finished games stored first")
    parser.add_argument("--taps", type=int, default=40, help="taps timed per game")
    parser.add_argument("--starts", type=int, default=5, help="cold starts timed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=GAMES, action="append", help="time the taps of this game only (repeatable)")
    args = parser.parse_args(argv)
    if min(args.games, args.taps, args.starts) < 0:
        parser.error("counts must be 0 or more")
    json.dump(run(args.games, args.taps, args.starts, args.seed, args.only or GAMES), sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
