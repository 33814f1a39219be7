"""Helpers for the end-to-end tests: start the app as a web server, drive a page.

Kept apart from conftest.py so test modules can import them by a unique name.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--enable-unsafe-swiftshader",
                 "--disable-background-networking"]
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: Path, log: Path) -> tuple[subprocess.Popen, str]:
    """``python -m app`` on a free port with the given database, once it answers HTTP."""
    port = _free_port()
    env = dict(os.environ, FLET_FORCE_WEB_SERVER="true", FLET_WEB_NO_CDN="true",
               FLET_SERVER_IP="127.0.0.1", FLET_SERVER_PORT=str(port))
    env.pop("HOFSTAAT_DB", None)
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "app", "--port", str(port), "--db", str(db)],
                                env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 40
    while True:
        try:
            urllib.request.urlopen(url + "/", timeout=1).read()
            return proc, url
        except Exception:
            if proc.poll() is not None or time.time() > deadline:
                proc.kill()
                raise RuntimeError(f"Hofstaat did not start:\n{log.read_text()}")
            time.sleep(0.2)


def stop_server(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


class App:
    """A browser page on the app, with helpers that wait the way Flutter web needs."""

    def __init__(self, page, url: str, size_name: str) -> None:
        self.page = page
        self.url = url
        self.size_name = size_name

    def open(self, route: str = "/") -> None:
        self.page.goto(self.url + route)
        self.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=40_000)
        # Flutter builds its accessibility DOM only after this hidden button is clicked.
        self.page.eval_on_selector("flt-semantics-placeholder", "e => e.click()")
        self.page.wait_for_selector("flt-semantics", state="attached", timeout=40_000)

    def by_id(self, identifier: str):
        return self.page.locator(f'[flt-semantics-identifier="{identifier}"]')

    def settle(self, ms: int = 600) -> None:
        """The canvas lags the semantics DOM: wait before pixel screenshots."""
        self.page.wait_for_timeout(ms)

    def shot(self, name: str, ms: int = 900) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.settle(ms)
        path = SHOTS / f"{name}-{self.size_name}.png"
        self.page.screenshot(path=str(path))
        return path


def show(app: App, route: str) -> int:
    """Go to a route: a real page load the first time, then in-app, as the app's own links do.

    Returns how long the canvas needs before a screenshot (after a load, fonts come late).
    """
    if app.page.url.startswith("http"):
        app.page.evaluate("r => { window.history.pushState(null, '', r);"
                          " window.dispatchEvent(new PopStateEvent('popstate', {state: null})); }", route)
        app.page.wait_for_url(re.compile(re.escape(route) + "$"))
        return 1200
    app.open(route)
    return 4000  # the first paint of a freshly loaded page trails its semantics by seconds


def retype(field, text: str) -> None:
    """Replace a text field's value; Flutter web sometimes drops a fill on a busy page."""
    for _ in range(3):
        field.click()
        field.fill(text)
        try:
            expect(field).to_have_value(text, timeout=2000)
            return
        except AssertionError:
            continue
    expect(field).to_have_value(text)


def group(app, text: str):
    """A part of the screen whose accessible name contains ``text`` (Flutter names groups)."""
    pattern = re.escape(text).replace("\xa0", r"\s").replace(r"\ ", r"\s")
    return app.page.get_by_role("group", name=re.compile(pattern)).first
