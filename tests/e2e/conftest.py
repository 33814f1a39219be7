"""End-to-end fixtures: the real app as an offline web server, driven by headless Chromium.

One server and one browser per test session (FLET-NOTES 3c). Each test gets a
fresh browser context (= a fresh Flet session) at the size it asks for. Chromium
is Debian's ``/usr/bin/chromium``; if it is missing the tests fail rather than
skip, so a CI without it cannot pass silently.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from harness import CHROMIUM, CHROMIUM_ARGS, PHONE, ROOT, TABLET, App, start_server, stop_server


@pytest.fixture(scope="session")
def app_server(tmp_path_factory):
    """The app with a fresh database for the whole session; yields (url, db path)."""
    tmp = tmp_path_factory.mktemp("hofstaat")
    db = tmp / "hofstaat.db"
    proc, url = start_server(db, tmp / "server.log")
    yield url, db
    stop_server(proc)


@pytest.fixture
def store(app_server):
    """The app's own database, for preparing games and checking what was saved."""
    from core.store import Store

    _url, db = app_server
    s = Store.open(str(db))
    yield s
    s.close()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():  # fail, never skip: see the module docstring
        pytest.fail(f"Chromium not found at {CHROMIUM}; install Debian's chromium package")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(params=["phone", "tablet"])
def app(request, browser, app_server):
    url, _db = app_server
    size = PHONE if request.param == "phone" else TABLET
    ctx = browser.new_context(viewport=size, locale="de-DE",
                              device_scale_factor=1, has_touch=False)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    yield App(page, url, request.param)
    ctx.close()


@pytest.fixture(scope="module")
def screens(browser, app_server):
    """``screens("phone")`` / ``screens("tablet")``: one page per size for a whole module, opened on
    first use (page loads are the slow part of Flutter web; later tests move in-app)."""
    url, _db = app_server
    opened: dict[str, tuple[App, object]] = {}

    def get(size_name: str) -> App:
        if size_name not in opened:
            ctx = browser.new_context(viewport=PHONE if size_name == "phone" else TABLET, locale="de-DE",
                                      device_scale_factor=1, has_touch=False)
            page = ctx.new_page()
            page.set_default_timeout(15_000)
            opened[size_name] = (App(page, url, size_name), ctx)
        return opened[size_name][0]

    yield get
    for _app, ctx in opened.values():
        ctx.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def circle_server(tmp_path):
    """``hofstaat serve`` on a SQLite file, as the README's first try does; yields (url, db)."""
    port, db = free_port(), tmp_path / "server.db"
    log = open(tmp_path / "serve.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "app", "serve", "--db", str(db),
                             "--port", str(port)], cwd=ROOT, stdout=log, stderr=log)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url + "/api/info", timeout=2) as answer:
                assert json.loads(answer.read())["app"] == "hofstaat"
                break
        except OSError:
            assert proc.poll() is None and time.monotonic() < deadline, \
                (tmp_path / "serve.log").read_text()
            time.sleep(0.2)
    yield url, db
    proc.terminate()
    proc.wait(10)
    log.close()
