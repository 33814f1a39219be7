"""Taps on the real app in headless Chromium, timed from the finger to the updated screen.

A script injected into the page notes when a tap goes down, when the app's answer
arrives over the websocket, and when the page's accessibility tree (which Flutter
rewrites with every frame that changes what is shown) first changes after it. Each
game has a driver that taps as a person would: pick a card, play it, draw, end the
turn; between taps the driver waits until the app has answered and the computer has
moved, so every tap is timed on a quiet table.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterator

from core.session import GameSession, Seat
from core.store import Store

PROBE = """
(() => {
  const b = window.__bench = {down: 0, msg: 0, mut: 0, last: 0};
  const Native = window.WebSocket;
  function Wrapped(...args) {
    const ws = new Native(...args);
    ws.addEventListener('message', () => {
      const now = performance.now();
      b.last = now;
      if (b.down && !b.msg) b.msg = now;
    });
    return ws;
  }
  Wrapped.prototype = Native.prototype;
  Object.assign(Wrapped, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Wrapped;
  document.addEventListener('pointerdown', () => {
    b.down = performance.now(); b.msg = 0; b.mut = 0;
    b.changed = new Promise(resolve => { b.resolve = resolve; });
  }, true);
  new MutationObserver(() => {
    if (b.msg && !b.mut) { b.mut = performance.now(); b.resolve(true); }
  }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
})();
"""

# Resolves true once the screen changed after the tap's answer, false after ``ms`` without.
CHANGED = "ms => Promise.race([window.__bench.changed, new Promise(r => setTimeout(() => r(false), ms))])"

Tap = dict[str, Any]


class Taps:
    """One page on the app and the taps timed on it."""

    def __init__(self, page: Any, url: str) -> None:
        self.page, self.url = page, url
        self.times: list[Tap] = []

    def open(self, route: str) -> None:
        self.page.goto(self.url + route)
        self.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
        self.page.eval_on_selector("flt-semantics-placeholder", "e => e.click()")
        self.page.wait_for_selector("flt-semantics", state="attached", timeout=60_000)

    def by_id(self, ident: str) -> Any:
        return self.page.locator(f'[flt-semantics-identifier="{ident}"]')

    def quiet(self, ms: int = 600, most: int = 20_000) -> None:
        """Until the app has sent nothing for ``ms`` (animations and the computer are done).

        A flight in Deck of Spies pauses up to 450 ms between its frames, and the cards
        drawn during it are hidden until they fly in: a shorter wait tapped mid-flight."""
        self.page.wait_for_function(
            f"() => performance.now() - window.__bench.last > {ms}", timeout=most, polling=100)

    def tap(self, ident: str, game: str, kind: str) -> bool:
        """Tap the control ``ident`` and time it; False when it is not on the screen."""
        self.quiet()
        target = self.by_id(ident).first
        return bool(target.count()) and self.tap_on(target, game, kind)

    def tap_on(self, target: Any, game: str, kind: str) -> bool:
        """Tap the middle of ``target`` on a quiet page and time it until the screen changes."""
        self.quiet()
        box = target.bounding_box()
        if box is None:
            return False
        self.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        # One call that returns when the screen has changed: polling the page every few
        # milliseconds would itself keep the browser and the machine busy during the tap.
        if not self.page.evaluate(CHANGED, 5000):  # no answer that changed the screen: counted, not timed
            self.times.append({"game": game, "kind": kind, "ms": None})
            return True
        b = self.page.evaluate("window.__bench")
        self.times.append({"game": game, "kind": kind, "ms": round(b["mut"] - b["down"], 1),
                           "answer_ms": round(b["msg"] - b["down"], 1)})
        return True


# --- per game: a saved game where the person is to move, and how to play one move ---------------


def people(store: Store, n_bots: int, level: str = "normal") -> list[Seat]:
    known = {p.name: p for p in store.list_profiles()}
    clara = known.get("Clara") or store.create_profile("Clara")
    return [Seat(kind="human", name=clara.name, profile_id=clara.id)] + [
        Seat(kind="bot", name=f"Computer ({level})", level=level) for _ in range(n_bots)]


def advance(s: GameSession, ready: Callable[[GameSession], bool], rng: random.Random) -> bool:
    """Play on (the person at random, the computer as itself) until ``ready`` or the end."""
    while not s.over and not ready(s):
        s.apply(rng.choice(s.legal()) if s.to_move == 0 else s.bot_action(rng))
    return not s.over


def play_cards(taps: Taps, store: Store, game: str, gid: int, phase: str | None) -> Iterator[None]:
    """Thronfolge and Rosenkrieg: a card is picked with one tap and played with a second."""
    while True:
        s = GameSession.restore(store.load_game(gid))
        if s.over or s.to_move != 0 or (phase and s.state.get("phase") != phase):
            return
        cards = [a.card for a in s.legal() if str(a).startswith("play ")]
        if not cards:
            return
        card = cards[0]
        taps.tap(f"card-{card}", game, "pick")
        taps.tap(f"card-{card}", game, "play")
        yield


def play_kings(taps: Taps, store: Store, gid: int) -> Iterator[None]:
    """Kings in the Corner: draw, then card and pile for each card played, then end the turn."""
    while True:
        s = GameSession.restore(store.load_game(gid))
        if s.over or s.to_move != 0:
            return
        if s.state["phase"] == "draw":
            taps.tap("draw", "kings-corner", "draw")
            yield
            continue
        plays = [a for a in s.legal() if str(a).startswith("play ")]
        if plays:
            _, card, pile = str(plays[0]).split()
            taps.tap(f"card-{card}", "kings-corner", "pick")
            taps.tap(f"pile-{pile}", "kings-corner", "play")
        else:
            taps.tap("end-turn", "kings-corner", "end turn")
        yield


def play_spies(taps: Taps, store: Store, gid: int) -> Iterator[None]:
    """Deck of Spies: pick the cards of a counter one by one, then tap "Abwehren"."""
    while True:
        s = GameSession.restore(store.load_game(gid))
        counters = [str(a).split()[1:] for a in s.legal() if str(a).startswith("counter ")]
        if s.over or not counters:
            return
        for card in counters[0]:
            taps.tap(f"card-{card}", "deck-of-spies", "pick")
        taps.tap_on(taps.page.get_by_role("button", name="Abwehren"), "deck-of-spies", "play")
        yield


SETUP = {  # game: (seats of computers, options, ready to tap)
    "thronfolge": (1, {"starter": 0}, lambda s: s.to_move == 0),
    "rosenkrieg": (3, {"partien": 1}, lambda s: s.to_move == 0 and s.state["phase"] == "play"),
    "kings-corner": (2, {}, lambda s: s.to_move == 0),
    "deck-of-spies": (0, {}, lambda s: True),
}


def new_game(store: Store, game: str, seed: int) -> int | None:
    """A saved game of ``game`` at a moment where the person taps next, or None."""
    bots, options, ready = SETUP[game]
    s = GameSession.start(game, people(store, bots), seed=seed, options=options, saver=store)
    return s.game_id if advance(s, ready, random.Random(seed)) else None


def drive(taps: Taps, store: Store, game: str, gid: int) -> Iterator[None]:
    if game == "kings-corner":
        return play_kings(taps, store, gid)
    if game == "deck-of-spies":
        return play_spies(taps, store, gid)
    return play_cards(taps, store, game, gid, "play" if game == "rosenkrieg" else None)


def time_game(taps: Taps, store: Store, game: str, want: int, seed: int) -> None:
    """Tap through games of ``game`` until ``want`` taps are timed (or 12 games were tried)."""
    mine = lambda: sum(1 for t in taps.times if t["game"] == game)  # noqa: E731
    for n in range(12):
        if mine() >= want:
            return
        gid = new_game(store, game, seed + n)
        if gid is None:
            continue
        taps.open(f"/play/{gid}")
        taps.page.wait_for_timeout(3000)  # the first paint after a page load comes late
        for _ in drive(taps, store, game, gid):
            if mine() >= want:
                return
            try:
                taps.quiet()
            except Exception:
                return
