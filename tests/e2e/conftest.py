"""End-to-end fixtures: the real app as an offline web server, driven by headless Chromium.

One server and one browser per test session (FLET-NOTES 3c). Each test gets a
fresh browser context (= a fresh Flet session) at the size it asks for. Chromium
is Debian's ``/usr/bin/chromium``; if it is missing the tests fail rather than
skip, so a CI without it cannot pass silently.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.devtools.served import Served
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


@pytest.fixture
def circle_server(tmp_path):
    """``hofstaat serve`` on a SQLite file, as the README's first try does; yields (url, db)."""
    db = tmp_path / "server.db"
    with Served(str(db), tmp_path / "serve.log") as served:
        yield served.url, db
