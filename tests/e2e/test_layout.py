"""No text cut off and no tap target under 44 × 44 px, on every screen and table, at 390 × 844 and
1024 × 768, with the fonts the app ships.

One browser context per run walks the app in-app (no reloads), in English at both sizes and in
German on a phone (German words are longer): home, the four new-game screens, players, a
player's page, each game's statistics, head-to-head, ratings, the ledger, the rules (and each
game's page), settings, about, a replay, and every table at the moments that matter: Thronfolge
and Deck of Spies in play and over, Kings in the Corner with 2 and 5 players (corners empty and
full), its scoreboard dialog, the sheet between rounds and the end, Rosenkrieg with 3 players
declaring, with 3 and 4 taking up the legacy and in a trick, the sheet after a Partie, the
Dynastie's scoreboard and its end for money, and the rules over a table. Games are prepared in
the app's database (``layout_games``).

How each thing is checked:

- **Tap targets** (from Flutter's accessibility DOM): every ``flt-semantics`` node a finger can
  act on (``flt-tappable``, or a control role: button, switch, tab …) must keep a 44 × 44 square
  that no target drawn later in the same scrolling area covers (the cards of a fanned hand
  overlap; what shows of each must still be a target). Flutter gives a node below the fold its
  whole box, but cuts the box of one the edge of its scrolling area crosses: such a node is
  left out (the same controls are measured where they are whole).
- **Text cut off** (from the app, not from pixels): the app runs under ``layout_probe``, which
  has Flutter report the size it gave every control (Flet's ``on_size_change``) and tells the
  test, per Text and per button with a text label, its words, its font (family, size, letter
  spacing; inherited styles as the theme sets them) and its line limits. The page measures the
  words in the app's own font files (``FontFace`` + canvas): a text on one line wider than its
  box, a text needing more lines than its box holds, or a word broken inside a line is cut
  (Flutter's ellipsis "…", a clipped glyph or a wrapped word). This catches a cut Text
  wherever it is, also inside buttons, cards and piles whose words screen readers never see.
  A badge on a card (its mark: "Legacy", "+3") must not lie under a card drawn over it.
- **Overflow**: a Row (Column) whose children and spacing need more width (height) than it has
  is cut by Flutter at its edge; a Row that scrolls sideways but holds more than it shows hides
  part of itself (the scoreboard's third column).

The people in the prepared games have short names, as most people do, and what the app itself
writes must fit. One exception (``ALLOWED``): a replay's strip of the hands that the chosen seat
could not see scrolls sideways on purpose; all of a deal's hands, written out, fit no screen.

``LAYOUT_SHOTS=1`` also writes the screenshots of the stops in ``DOC_SHOTS`` (English, both sizes)
to docs/screenshots/.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from harness import PHONE, ROOT, TABLET, App, doc_shot, show

from app.devtools.webserver import free_port, wait_until_up, web_env
from core.store import Store

import layout_games

pytestmark = pytest.mark.e2e

CHECK = (Path(__file__).parent / "layout_check.js").read_text()
FONTS = {"Sans": "/fonts/DejaVuSans.ttf", "SansBold": "/fonts/DejaVuSans-Bold.ttf",
         "Display": "/fonts/DejaVuSerif-Bold.ttf"}
MIN_TARGET = 44
# Screenshots for the docs: stop (with " (tap)" after its sheet or dialog opened) -> file name. Screens
# whose pictures other browser tests take (home, statistics, a Rosenkrieg Partie, Kings' round sheet)
# are left to them.
DOC_SHOTS = {
    "new-thronfolge": "new-game-thronfolge", "new-deck-of-spies": "new-game-deck-of-spies",
    "new-rosenkrieg": "new-game-rosenkrieg", "new-kings-corner": "new-game-kings-corner",
    "stats-deck-of-spies": "stats-deck-of-spies", "stats-kings-corner": "stats-kings-corner",
    "settings": "settings", "replay": "replay-kings", "spies-table": "spies-table", "spies-over": "spies-end",
    "kings-5": "kings-five-players", "kings-5-start": "kings-empty-corners", "kings-board (tap)": "kings-board-dialog",
    "rosenkrieg-legacy-3": "rosenkrieg-legacy-three", "rosenkrieg-legacy-4": "rosenkrieg-legacy-four",
    "rosenkrieg-sheet (tap)": "rosenkrieg-dynasty-scoreboard", "rosenkrieg-over": "rosenkrieg-dynasty-over",
}
# (stop, kind of finding, where it is): what may stay, and why (see the module's docstring).
ALLOWED = {("replay", "scrolls sideways", "open-strip"): "the open hands of a replay, swiped through"}
# Semantics signature of the page: ids, text lengths and places (stable once the screen is drawn).
SIGNATURE = """() => [...document.querySelectorAll('flt-semantics-host [id^=flt-semantic-node-]')]
  .map(e => { const r = e.getBoundingClientRect(); return e.id + ':' + e.textContent.length + ':'
    + Math.round(r.x) + ',' + Math.round(r.y) + ',' + Math.round(r.width); }).join('|')"""


class Probe:
    """The app under ``layout_probe`` with its own database of prepared games."""

    def __init__(self, tmp: Path) -> None:
        db = tmp / "layout.db"
        store = Store.open(str(db))
        try:
            self.games = layout_games.prepare(store)
            self.person = next(p.id for p in store.list_profiles() if p.name == layout_games.PERSON)
            self.bot = next(p.id for p in store.list_profiles(include_archived=True) if p.kind == "bot")
        finally:
            store.close()
        port, self.port = free_port(), free_port()
        env = web_env(port)
        env.pop("HOFSTAAT_DB", None)
        env["LAYOUT_PROBE_PORT"] = str(self.port)
        log = tmp / "server.log"
        with open(log, "w") as out:
            self.proc = subprocess.Popen([sys.executable, str(Path(__file__).parent / "layout_probe.py"),
                                          "--port", str(port), "--db", str(db)],
                                         env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
        self.url = f"http://127.0.0.1:{port}"
        wait_until_up(self.proc, self.url, log)

    def read(self, route: str, width: int) -> dict:
        q = urllib.parse.urlencode({"route": route, "width": width})
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/layout?{q}", timeout=10) as r:
            return json.loads(r.read())

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


@pytest.fixture(scope="module")
def probe(tmp_path_factory):
    p = Probe(tmp_path_factory.mktemp("layout"))
    yield p
    p.stop()


def stops(p: Probe) -> list[tuple[str, str, str | None]]:
    """(name, route, what to tap there first): every screen, table, sheet and dialog checked."""
    g = p.games
    out = [("home", "/", None)]
    out += [(f"new-{game}", f"/new/{game}", None)
            for game in ("thronfolge", "deck-of-spies", "rosenkrieg", "kings-corner")]
    out += [("players", "/players", None), ("player", f"/players/{p.person}", None)]
    out += [(f"stats-{game}", f"/stats/{game}", None)
            for game in ("thronfolge", "deck-of-spies", "rosenkrieg", "kings-corner")]
    out += [("versus", f"/players/{p.person}/versus/{p.bot}", None), ("ratings", "/ratings", None),
            ("ledger", "/ledger", None), ("rules", "/rules", None)]
    out += [(f"rules-{game}", f"/rules/{game}", None)
            for game in ("thronfolge", "deck-of-spies", "rosenkrieg", "kings-corner")]
    out += [("settings", "/settings", None), ("about", "/about", None),
            ("replay", f"/replay/{g.kings_over}", None)]
    out += [
        ("thronfolge-table", f"/play/{g.thronfolge}", None),
        ("thronfolge-over", f"/play/{g.thronfolge_over}", None),
        ("spies-table", f"/play/{g.spies}", None),
        ("spies-over", f"/play/{g.spies_over}", None),
        ("kings-2", f"/play/{g.kings2}", "rules"),  # and the rules over a table
        ("kings-5", f"/play/{g.kings5}", None),
        ("kings-5-start", f"/play/{g.kings5_start}", None),
        ("kings-board", f"/play/{g.kings_board}", "scoreboard"),
        ("kings-round-sheet", f"/play/{g.kings_round_sheet}", None),
        ("kings-over", f"/play/{g.kings_over}", None),
        ("rosenkrieg-declare", f"/play/{g.rk3_declare}", None),
        ("rosenkrieg-legacy-3", f"/play/{g.rk3_lay}", None),
        ("rosenkrieg-legacy-4", f"/play/{g.rk4_lay}", None),
        ("rosenkrieg-trick", f"/play/{g.rk4_trick}", None),
        ("rosenkrieg-sheet", f"/play/{g.rk_sheet}", "partie-scoreboard"),
        ("rosenkrieg-over", f"/play/{g.rk_over}", None),
    ]
    return out


def settled(app: App, p: Probe, route: str, width: int, before: str | None) -> dict:
    """What the probe reads once the screen has stopped changing: the semantics DOM and the probe's
    sizes the same twice in a row, every text measured, and not the screen shown before."""
    last = None
    began = time.monotonic()
    while True:
        app.page.wait_for_timeout(300)
        sig = app.page.evaluate(SIGNATURE)
        read = p.read(route, width)
        now = (sig, json.dumps(read, sort_keys=True))
        fresh = sig != before or time.monotonic() - began > 4
        if now == last and fresh and not read.get("error") and not read["pending"]:
            return read
        if time.monotonic() - began > 25:
            return read  # reported below as not measured
        last = now


def close_overlays(app: App) -> None:
    app.page.keyboard.press("Escape")
    app.page.wait_for_timeout(400)


def stable_shot(app: App, name: str) -> None:
    """A screenshot once the canvas has caught up with the semantics (two pictures alike)."""
    doc_shot(app, f"{name}-{app.size_name}", first_ms=0, wiggle_at=300, tries=12)


def check(app: App, stop: str, read: dict) -> list[str]:
    """The problems of the screen shown (``read``: what the probe says is on it)."""
    out = []
    if read.get("error") or read["pending"]:
        out.append(f"{stop}: not measured: {read.get('error') or read['pending'][:5]}")
    found = app.page.evaluate(CHECK, {"fonts": FONTS, "minTarget": MIN_TARGET, "texts": read["texts"]})
    return out + [describe(stop, f) for f in found + read["overflows"] if not allowed(stop, f)]


def allowed(stop: str, f: dict) -> bool:
    return any(stop == s and f["kind"] == k and w in (f.get("where") or "") for s, k, w in ALLOWED)


def describe(stop: str, f: dict) -> str:
    bits = [f"{stop}: {f['kind']}", repr(f.get("text", ""))[:90]]
    if f.get("where"):
        bits.append(f"at {f['where']}")
    if "free" in f:
        bits.append(f"{f['rect'][2]}×{f['rect'][3]} px, {f['free'][0]}×{f['free'][1]} free")
    if "need" in f:
        bits.append(f"needs {f['need']} px, has {f['have']}" + (f" ({f['font']})" if f.get("font") else ""))
    return " ".join(bits)


@pytest.mark.parametrize("size,lang", [("phone", "en"), ("tablet", "en"), ("phone", "de")])
def test_no_text_is_cut_and_every_target_is_big_enough(browser, probe, size, lang):
    viewport = PHONE if size == "phone" else TABLET
    ctx = browser.new_context(viewport=viewport, locale={"en": "en-US", "de": "de-DE"}[lang], device_scale_factor=1,
                              has_touch=False)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    app = App(page, probe.url, size)
    problems: list[str] = []
    shots = os.environ.get("LAYOUT_SHOTS") == "1"
    try:
        for name, route, tap in stops(probe):
            before = page.evaluate(SIGNATURE) if page.url.startswith("http") else None
            show(app, route)
            read = settled(app, probe, route, viewport["width"], before)
            if tap:  # the screen as it is, then with its sheet or dialog open
                problems += check(app, name, read)
                if shots and lang == "en" and name in DOC_SHOTS:
                    stable_shot(app, DOC_SHOTS[name])
                shown = page.evaluate(SIGNATURE)
                page.locator(f'[flt-semantics-identifier="{tap}"]').first.click()
                read = settled(app, probe, route, viewport["width"], shown)
            problems += check(app, name + (f" ({tap})" if tap else ""), read)
            shot = f"{name} (tap)" if tap else name
            if shots and lang == "en" and shot in DOC_SHOTS:
                stable_shot(app, DOC_SHOTS[shot])
            if tap:
                close_overlays(app)
    finally:
        ctx.close()
    assert not problems, f"{len(problems)} layout problems at {size} size in {lang}:\n" + "\n".join(problems)
