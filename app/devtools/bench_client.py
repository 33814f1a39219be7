"""What one kind of change costs the web client: the Flutter frame after the server's message.

    python -m app.devtools.bench_client --cards 40 --kinds text,move,replace,insert --rounds 8

Serves a page (Flet's offline web server) with a column of one text above a stack of
``--cards`` of the app's cards, 8 to a row, and then, every 1.2 s, makes one change of
one kind and sends it; headless Chromium (390 × 844) loads the page while a trace runs.
For each change the report gives the time the client's main thread spent in the first
two animation frames after the message arrived (ms, as ``FireAnimationFrame`` in the
trace): building, laying out and painting what changed. The kinds:

- ``text``: the text above the stack gets a new value (every change below does this too);
- ``move``: one card moves by a pixel (its ``left``);
- ``replace``: one card's content is replaced by a fresh card (a new look, as when its
  role changes);
- ``insert``: a card is put into the stack's list of children (and taken out next time);
- ``restyle``: the stack's own width changes by a pixel.

Each kind runs in a server of its own, so a frame is never counted for the wrong change.
Needs Playwright and Chromium (``CHROMIUM``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Sequence

from app.devtools.webserver import CHROMIUM, CHROMIUM_ARGS, PHONE, ROOT, free_port, wait_until_up, web_env
from core.percentile import percentile

KINDS = ("text", "move", "replace", "insert", "restyle")
START = 4.0  # seconds between the page's start and the first change: the client has loaded
STEP = 1.2  # between changes: the frames of one have ended before the next


def serve(kind: str, cards: int, rounds: int, port: int) -> None:
    """The page (in a child process): changes of ``kind`` after the start."""
    import flet as ft

    from app.main import ASSETS_DIR
    from app.theme import FONTS
    from app.widgets import card as card_widget

    names = [r + s for s in "SHDC" for r in "23456789TJQKA"]
    shown = names[:cards]

    def placed(card: str, i: int, selected: bool = False) -> ft.Control:
        return ft.Container(card_widget.card_view(card, "de", "medium", selected=selected), key=card,
                            left=(i % 8) * 45, top=(i // 8) * 100, width=64, height=90)

    async def main(page: ft.Page) -> None:
        page.fonts = FONTS
        stack = ft.Stack([placed(c, i) for i, c in enumerate(shown)], width=390, height=600)
        text = ft.Text("start")
        page.add(ft.Column([text, stack]))
        await asyncio.sleep(START)
        middle = len(shown) // 2
        for n in range(rounds):
            text.value = f"{kind} {n}"
            changed: list[ft.Control] = [text]
            if kind == "move":
                box = stack.controls[middle]
                box.left += 1 if n % 2 == 0 else -1
                changed.append(box)
            elif kind == "replace":
                box = stack.controls[middle]
                box.content = card_widget.card_view(shown[middle], "de", "medium", selected=n % 2 == 0)
                changed.append(box)
            elif kind == "insert":
                if n % 2 == 0:
                    stack.controls.insert(middle, placed(names[-1], middle))
                else:
                    stack.controls.pop(middle)
                changed.append(stack)
            elif kind == "restyle":
                stack.width = 391 if n % 2 == 0 else 390
                changed.append(stack)
            page.update(*changed)
            await asyncio.sleep(STEP)

    ft.run(main, port=port, host="127.0.0.1", view=ft.AppView.WEB_BROWSER, assets_dir=ASSETS_DIR, no_cdn=True)


def frames(trace: Path, rounds: int) -> list[float]:
    """Main-thread time of the first two animation frames after each of the last ``rounds``
    bursts of messages (ms)."""
    data = json.loads(trace.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    arrivals = sorted(e["ts"] for e in events if e.get("name") == "WebSocketReceive")
    drawn = sorted((e["ts"], e.get("dur", 0)) for e in events
                   if e.get("name") == "FireAnimationFrame" and e.get("ph") == "X")
    bursts: list[int] = []
    for t in arrivals:
        if not bursts or t - bursts[-1] > STEP * 1e6 / 2:
            bursts.append(t)
    out = []
    for t in bursts[-rounds:]:
        after = [d for s, d in drawn if t <= s <= t + 150_000][:2]
        out.append(round(sum(after) / 1000, 1))
    return out


def measure(kind: str, cards: int, rounds: int) -> list[float]:
    from playwright.sync_api import sync_playwright

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    folder = Path(tempfile.mkdtemp(prefix="hofstaat-client-bench-"))
    trace, log = folder / "trace.json", folder / "server.log"
    code = f"from app.devtools.bench_client import serve; serve({kind!r}, {cards}, {rounds}, {port})"
    with open(log, "w") as out:
        server = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=web_env(port),
                                  stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_until_up(server, url, log)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_context(viewport=PHONE).new_page()
            page.goto(url + "/")
            browser.start_tracing(page=page, path=str(trace), categories=["devtools.timeline", "toplevel"])
            # The client needs a few seconds to start before the server's clock begins: wait
            # generously, so the last bursts in the trace are all the changes.
            page.wait_for_timeout(int((START + rounds * STEP + 8) * 1000))
            browser.stop_tracing()
            browser.close()
    finally:
        server.kill()
    try:
        return frames(trace, rounds)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.devtools.bench_client", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cards", type=int, default=40, help="cards in the stack (1-51)")
    parser.add_argument("--kinds", default=",".join(KINDS), help=f"comma-separated, of {', '.join(KINDS)}")
    parser.add_argument("--rounds", type=int, default=8, help="changes of each kind")
    args = parser.parse_args(argv)
    kinds = [k for k in args.kinds.split(",") if k]
    if not 1 <= args.cards <= 51:
        parser.error("--cards must be between 1 and 51")
    if args.rounds < 1:
        parser.error("--rounds must be 1 or more")
    unknown = [k for k in kinds if k not in KINDS]
    if unknown or not kinds:
        parser.error(f"unknown kind {', '.join(unknown) or '(none)'}; choose from {', '.join(KINDS)}")
    report: dict[str, Any] = {"cards": args.cards}
    for kind in kinds:
        ms = measure(kind, args.cards, args.rounds)
        report[kind] = {"frames_ms": ms, "p50": percentile(ms, 0.5, 1) if ms else None}
    json.dump(report, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
