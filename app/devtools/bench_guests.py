"""Taps on guests' phones at a hosted table, timed from the finger to the updated screen.

    python -m app.devtools.bench_guests --phones 4 --taps 80

``hofstaat host`` runs on a fresh database (guests' server on 127.0.0.1); a host tablet starts
a Kings in the Corner game whose every seat is a friend's phone, and ``--phones`` phones
(browser contexts at 390×844, one Chromium) join it by its code. Then the phones play the game
by taps as people do (draw, pick a card, put it on a pile, end the turn), each tap timed on
the phone that made it exactly as ``bench_taps`` times taps on one device: from the finger
going down to the first change of that phone's screen after the app's answer, on a quiet
table. The other phones are connected all the while, and each of their tables redraws with
every move. Prints a JSON report: per kind of tap and for all, p50/p95/max in ms, the
answer's arrival (``answer``), and how many taps changed nothing on the screen.
Needs Playwright and Chromium (``CHROMIUM``, default /usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from app.devtools import bench_taps
from app.devtools.bench_app import spread
from app.devtools.webserver import CHROMIUM, CHROMIUM_ARGS, PHONE, spawn_host, stop_server
from core.session import GameSession
from core.store import Store

TABLET = {"width": 1024, "height": 768}
GAME = "kings-corner"


def host(db: Path, log: Path, phones: int) -> tuple[subprocess.Popen, str, str]:
    """``hofstaat host`` whose Kings form remembers ``phones`` seats, all friends' phones."""
    with Store.open(db) as store:
        store.set_setting(f"new_game.{GAME}", {"players": phones, "seats": ["phone"] * phones,
                                               "options": {}, "extra": {}})
    return spawn_host(db, log)


def start_hosting(browser: Any, url: str) -> tuple[int, str]:
    """The host's tablet starts the game; its id and join code."""
    ctx = browser.new_context(viewport=TABLET, locale="de-DE")
    tablet = bench_taps.Taps(ctx.new_page(), url)
    tablet.open(f"/new/{GAME}")
    tablet.by_id("start-game").wait_for(timeout=60_000)
    tablet.page.wait_for_timeout(1500)  # a tap while the form is still being laid out can be lost
    tablet.by_id("start-game").click()
    tablet.page.wait_for_url(re.compile(r".*/host/\d+$"), timeout=30_000)
    code_box = tablet.by_id("join-code")
    code_box.wait_for(timeout=30_000)
    label = code_box.get_attribute("aria-label") or code_box.inner_text()
    return int(tablet.page.url.rsplit("/", 1)[1]), re.search(r"[A-Z2-9]{3} [A-Z2-9]{3}", label).group(0)


def join(browser: Any, guests: str, code: str, seat: int) -> bench_taps.Taps:
    """A phone that joins the table on ``seat`` by the link with the code."""
    ctx = browser.new_context(viewport=PHONE, locale="de-DE")
    ctx.add_init_script(bench_taps.PROBE)
    phone = bench_taps.Taps(ctx.new_page(), guests)
    phone.open(f"/?code={code.replace(' ', '')}")
    phone.by_id("guest-join").wait_for(timeout=60_000)
    phone.by_id(f"guest-seat-{seat + 1}").click()
    name = phone.page.get_by_role("textbox", name="Dein Name")
    name.click()
    name.fill(f"Spieler {seat + 1}")
    phone.by_id("guest-join").click()
    phone.by_id("guest-table").wait_for(state="attached", timeout=60_000)
    return phone


def saved(db: Path, game_id: int) -> GameSession:
    with Store.open(db) as store:
        return GameSession.restore(store.load_game(game_id))


def one_tap(phone: bench_taps.Taps, s: GameSession) -> None:
    """The tap a person at the seat to move makes next: draw, pick, put down or end the turn."""
    if s.state["phase"] == "draw":
        phone.tap("draw", GAME, "draw")
        return
    plays = [str(a).split() for a in s.legal() if str(a).startswith("play ")]
    if plays:
        _, card, pile = plays[0]
        phone.tap(f"card-{card}", GAME, "pick")
        phone.tap(f"pile-{pile}", GAME, "play")
    else:
        phone.tap("end-turn", GAME, "end turn")


def run(phones: int, want: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="hofstaat-guest-bench-"))
    db, log = folder / "hofstaat.db", folder / "server.log"
    proc, url, guests = host(db, log, phones)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            game_id, code = start_hosting(browser, url)
            table = [join(browser, guests, code, seat) for seat in range(phones)]
            for phone in table:
                phone.page.wait_for_timeout(2000)  # the first paint after a page load comes late
            times = lambda: sum(len(t.times) for t in table)  # noqa: E731
            stuck = 0
            while times() < want and stuck < 20:
                s = saved(db, game_id)
                if s.over:
                    break
                before = len(s.actions)
                one_tap(table[s.to_move], s)
                deadline = time.monotonic() + 10
                while len(saved(db, game_id).actions) == before and time.monotonic() < deadline:
                    time.sleep(0.1)  # a pick saves nothing: the play after it does
                stuck = stuck + 1 if len(saved(db, game_id).actions) == before else 0
            browser.close()
    finally:
        stop_server(proc)
    taps = [t for phone in table for t in phone.times]
    kinds = sorted({t["kind"] for t in taps})
    return {"phones": phones, "load_average": os.getloadavg(),
            "all": spread([t["ms"] for t in taps if t["ms"] is not None]),
            "answer": spread([t["answer_ms"] for t in taps if t.get("answer_ms") is not None]),
            "unanswered": sum(1 for t in taps if t["ms"] is None),
            **{k: spread([t["ms"] for t in taps if t["kind"] == k and t["ms"] is not None]) for k in kinds}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.devtools.bench_guests", description=__doc__.split("\n")[0])
    parser.add_argument("--phones", type=int, default=4, choices=(2, 3, 4, 5))
    parser.add_argument("--taps", type=int, default=80)
    args = parser.parse_args(argv)
    print(json.dumps(run(args.phones, args.taps), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
