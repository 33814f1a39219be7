"""How long the person waits for the computer, measured on the running app in headless Chromium.

    python -m app.devtools.bench_pace --turns 5 --seed 1
    python -m app.devtools.bench_pace --turns 5 --only kings-corner:5 --speed fast

prints a JSON report: per game and number of players (Thronfolge 2, Rosenkrieg 2/3/4,
Kings in the Corner 2–5), the seconds from the person's last action of a turn (the
tap that hands the turn on: a card played, "pass", the Erbe laid away, "end turn") to
the table saying "Du bist am Zug" again, p50 and max over ``--turns`` turns; ``first``:
from opening a new game's table (in the app, as its own links do) to the person's first
turn, for games where computers move first, and ``open``: to the table's first drawing. Every computer plays at the new-game screen's default level
(normal), at the animation speed of the settings (``--speed``, "normal" by default).

The moments are taken in the page: when the finger goes down, and when the turn
indicator's text (the accessibility tree, which follows every frame) first says it is
the person's turn after having said otherwise. A turn after which the person moves again
at once (won the trick and leads) is not timed; nor is one that ends the game.
Needs Playwright and Chromium (``CHROMIUM``, default /usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Sequence

from app.devtools import bench_taps
from app.devtools.webserver import CHROMIUM, CHROMIUM_ARGS, PHONE, spawn, stop_server, wait_until_up
from core.percentile import percentile
from core.session import GameSession
from core.store import Store

YOURS = "Du bist am Zug"
TABLES = ("thronfolge:2", "rosenkrieg:2", "rosenkrieg:3", "rosenkrieg:4",
          "kings-corner:2", "kings-corner:3", "kings-corner:4", "kings-corner:5")
OPTIONS = {"thronfolge": {}, "rosenkrieg": {"partien": 1}, "kings-corner": {}}

# Notes in the page when the finger goes down (``down``) and when the turn indicator first
# says "your turn" after having said anything else since (``back``); ``shown``: when the
# indicator first appeared on the page, ``first``: when it first said "your turn".
PROBE = """
(() => {
  const b = window.__pace = {down: 0, left: false, back: 0, shown: 0, first: 0, nav: 0};
  const mine = () => {
    const el = document.querySelector('[flt-semantics-identifier="turn"]');
    if (!el) return null;
    const words = (el.textContent || '') + ' ' + (el.getAttribute('aria-label') || '');
    return words.includes(%r);
  };
  document.addEventListener('pointerdown', () => {
    b.down = performance.now(); b.left = false; b.back = 0;
  }, true);
  new MutationObserver(() => {
    // The accessibility tree as soon as the page can have it, so the first drawing is seen.
    const ph = document.querySelector('flt-semantics-placeholder');
    if (ph && !window.__clicked) { window.__clicked = true; ph.click(); }
    const m = mine();
    if (m === null) return;
    const now = performance.now();
    if (!b.shown) b.shown = now;
    if (m && !b.first) b.first = now;
    if (!b.down) return;
    if (!m) b.left = true;
    else if (b.left && !b.back) b.back = now;
  }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
})();
""" % YOURS


class Pace:
    """One page on the app, playing as the person and timing the computer's replies."""

    def __init__(self, page: Any, url: str, store: Store) -> None:
        self.page, self.url, self.store = page, url, store
        self.turns: list[float] = []
        self.first: list[float] = []
        self.opened: list[float] = []
        self.loaded = False

    def by_id(self, ident: str) -> Any:
        return self.page.locator(f'[flt-semantics-identifier="{ident}"]').first

    def session(self, gid: int) -> GameSession:
        return GameSession.restore(self.store.load_game(gid))

    def open(self, gid: int) -> None:
        """The game's table, reached as the app's own links go (after a first page load of the
        home screen), so that the table's first drawing is timed, not the web client's start."""
        page = self.page
        if not self.loaded:
            page.goto(f"{self.url}/")
            page.wait_for_selector('[flt-semantics-identifier="tile-thronfolge"]', state="attached",
                                   timeout=60_000)
            self.loaded = True
        self.go("/")
        page.wait_for_selector('[flt-semantics-identifier="turn"]', state="detached", timeout=20_000)
        page.evaluate("() => { const b = window.__pace; b.nav = performance.now(); b.shown = 0; b.first = 0; }")
        self.go(f"/play/{gid}")
        page.wait_for_selector('[flt-semantics-identifier="turn"]', state="attached", timeout=60_000)

    def go(self, route: str) -> None:
        self.page.evaluate("r => { window.history.pushState(null, '', r);"
                           " window.dispatchEvent(new PopStateEvent('popstate', {state: null})); }", route)

    def yours(self, gid: int, most: float = 180) -> GameSession | None:
        """Until the person is to move and the table says so; None when the game is over."""
        deadline = time.time() + most
        while time.time() < deadline:
            s = self.session(gid)
            if s.over:
                return None
            if s.to_move == 0 and YOURS in (self.by_id("turn").text_content(timeout=5000) or ""):
                return s
            self.page.wait_for_timeout(100)
        raise TimeoutError(f"the person never got to move in game {gid}")

    def tap(self, ident: str, gid: int, moves: int | None = None) -> bool:
        """Tap the control ``ident``; with ``moves``, until the game has more than that many moves."""
        target = self.by_id(ident)
        box = target.bounding_box(timeout=10_000)
        if box is None:
            return False
        self.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        if moves is not None:
            deadline = time.time() + 20
            while len(self.session(gid).actions) <= moves:
                if time.time() > deadline:
                    return False
                self.page.wait_for_timeout(50)
        return True

    def hand_over(self, ident: str, gid: int, then: str | None = None) -> None:
        """The person's last tap of a turn (``ident``, then ``then`` for a pick-and-play): timed
        until the table says "your turn" again, unless the person moves again at once."""
        before = len(self.session(gid).actions)
        if then is not None:
            self.tap(ident, gid)
            self.page.wait_for_timeout(300)
            ident = then
        self.page.evaluate("() => { const b = window.__pace; b.down = 0; b.left = false; b.back = 0; }")
        if not self.tap(ident, gid, before):
            return
        deadline = time.time() + 180
        while time.time() < deadline:
            b = self.page.evaluate("window.__pace")
            if b["back"]:
                self.turns.append(round((b["back"] - b["down"]) / 1000, 2))
                return
            s = self.session(gid)
            if s.over or (s.to_move == 0 and len(s.actions) == before + 1):
                return  # the game ended, or the person moves again at once: nothing to time
            self.page.wait_for_timeout(100)
        raise TimeoutError(f"the table never came back to the person in game {gid}")

    def play_turn(self, game: str, gid: int, s: GameSession) -> None:
        legal = [str(a) for a in s.legal()]
        if game == "kings-corner":
            if legal == ["draw"]:
                self.tap("draw", gid, len(s.actions))
                s = self.session(gid)
                legal = [str(a) for a in s.legal()]
            plays = [a for a in legal if a.startswith("play ")]
            if plays:  # one card, as a person would, so the cross changes
                _, card, pile = plays[0].split()
                self.tap(f"card-{card}", gid)
                self.page.wait_for_timeout(300)
                self.tap(f"pile-{pile}", gid, len(s.actions))
                s = self.session(gid)
                if s.over or s.to_move != 0:
                    return
            self.hand_over("end-turn", gid)
            return
        if game == "rosenkrieg" and s.state["phase"] == "declare":
            self.hand_over("declare-pass", gid)
            return
        if game == "rosenkrieg" and s.state["phase"] == "lay":
            hand = s.view(0)["hands"][0]
            for card in hand[:2]:
                self.tap(f"card-{card}", gid)
                self.page.wait_for_timeout(300)
            self.hand_over("lay-confirm", gid)
            return
        plays = [a.split()[1] for a in legal if a.startswith("play ")]
        if plays:
            self.hand_over(f"card-{plays[0]}", gid, then=f"card-{plays[0]}")
        else:
            self.hand_over("take", gid)


def time_table(pace: Pace, game: str, players: int, turns: int, seed: int) -> dict[str, Any]:
    pace.turns, pace.first, pace.opened = [], [], []
    tries = 0
    while len(pace.turns) < turns and tries < 12:
        seats = bench_taps.people(pace.store, players - 1)
        s = GameSession.start(game, seats, seed=seed + tries, options=OPTIONS[game], saver=pace.store)
        tries += 1
        pace.open(s.game_id)
        cur = pace.yours(s.game_id)
        b = pace.page.evaluate("window.__pace")
        if b["shown"]:
            pace.opened.append(round((b["shown"] - b["nav"]) / 1000, 2))
        if s.to_move != 0 and b["first"]:
            pace.first.append(round((b["first"] - b["nav"]) / 1000, 2))
        while cur is not None and len(pace.turns) < turns:
            pace.page.wait_for_timeout(400)  # as a person would look before the tap
            pace.play_turn(game, s.game_id, cur)
            cur = pace.yours(s.game_id)
    return {"n": len(pace.turns), "p50_s": percentile(pace.turns, 0.5) if pace.turns else None,
            "max_s": max(pace.turns) if pace.turns else None, "turns_s": pace.turns,
            "first_s": pace.first, "open_s": pace.opened}


def run(turns: int, seed: int, tables: Sequence[str], speed: str) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="hofstaat-pace-bench-"))
    db, log = folder / "hofstaat.db", folder / "server.log"
    with Store.open(db) as store:
        store.set_setting("ui_animation_speed", speed)
    report: dict[str, Any] = {"speed": speed, "seed": seed, "turns": turns}
    proc, url = spawn(db, log)
    try:
        wait_until_up(proc, url, log)
        with sync_playwright() as p, Store.open(db) as store:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            ctx = browser.new_context(viewport=PHONE, locale="de-DE")
            ctx.add_init_script(PROBE)
            pace = Pace(ctx.new_page(), url, store)
            for table in tables:
                game, players = table.split(":")
                report[table] = time_table(pace, game, int(players), turns, seed)
                print(table, report[table], file=sys.stderr, flush=True)
            browser.close()
    finally:
        stop_server(proc)
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.devtools.bench_pace", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=5, help="turns timed per table")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--speed", default="normal", choices=("normal", "slow", "fast", "off"))
    parser.add_argument("--only", choices=TABLES, action="append", help="time this table only (repeatable)")
    args = parser.parse_args(argv)
    if args.turns < 1:
        parser.error("--turns must be 1 or more")
    random.seed(args.seed)
    json.dump(run(args.turns, args.seed, args.only or TABLES, args.speed), sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
