"""Helpers for the end-to-end tests: start the app as a web server, drive a page.

Kept apart from conftest.py so test modules can import them by a unique name.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import expect

from app.devtools.webserver import (  # noqa: F401
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE,
    ROOT,
    TABLET,
    start_server,
    stop_server,
)

SHOTS = ROOT / "test-artifacts" / "screenshots"


# Flutter builds its accessibility DOM only after its hidden placeholder button is clicked. The
# page clicks it itself the moment it appears: a field the app focuses (``autofocus``) before
# the tree is on gets an editing element of its own and keeps it, and the field's accessible
# textbox then never shows what is typed (on a busy machine the test's own click came late).
SEMANTICS_FIRST = """
new MutationObserver((changes, watch) => {
  const placeholder = document.querySelector('flt-semantics-placeholder');
  if (placeholder) { watch.disconnect(); placeholder.click(); }
}).observe(document, {childList: true, subtree: true});
"""


def semantics_first(page) -> None:
    """Have every later load of ``page`` switch Flutter's accessibility tree on at once."""
    if not getattr(page, "_semantics_first", False):
        page.add_init_script(SEMANTICS_FIRST)
        page._semantics_first = True


class App:
    """A browser page on the app, with helpers that wait the way Flutter web needs."""

    def __init__(self, page, url: str, size_name: str) -> None:
        self.page = page
        self.url = url
        self.size_name = size_name

    def open(self, route: str = "/") -> None:
        semantics_first(self.page)
        self.page.goto(self.url + route)
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
    """Replace a text field's value; Flutter web sometimes drops a fill on a busy page.

    Flutter takes a field over a moment after the tap that focuses it, with the text it knows:
    a fill that came first is then wiped (and never reached the app). So the text must still be
    there a while after the fill."""
    for attempt in range(6):  # a page still loading on a busy machine takes longer to let go
        field.click()
        field.fill(text)
        field.page.wait_for_timeout(700 + 300 * attempt)
        if field.input_value() == text:
            return
    expect(field).to_have_value(text)


def into_view(app, target, step: int = 300, most: int = 12) -> None:
    """Scroll the screen under the pointer until ``target`` lies wholly inside the window.

    A tap on a field below the fold lands on whatever the screen shows there (Flutter's
    accessibility tree knows where the field is, the drawing does not follow it), which took a
    typed seed away or tapped the player count instead."""
    size = app.page.viewport_size
    app.page.mouse.move(size["width"] // 2, size["height"] // 2)
    for _ in range(most):
        box = target.bounding_box()
        if box and box["y"] >= 60 and box["y"] + box["height"] <= size["height"] - 140:
            break
        app.page.mouse.wheel(0, step if not box or box["y"] > size["height"] / 2 else -step)
        app.page.wait_for_timeout(350)
    app.page.wait_for_timeout(500)


def group(app, text: str):
    """A part of the screen whose accessible name contains ``text`` (Flutter names groups)."""
    pattern = re.escape(text).replace("\xa0", r"\s").replace(r"\ ", r"\s")
    return app.page.get_by_role("group", name=re.compile(pattern)).first


LOCAL_HOSTS = {"127.0.0.1", "localhost"}


def foreign(urls: list[str]) -> list[str]:
    """The URLs that go to a host other than this machine (data: and blob: stay in the page)."""
    out = []
    for url in urls:
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about", "chrome-extension"):
            continue
        if parts.hostname not in LOCAL_HOSTS:
            out.append(url)
    return out


DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def doc_shot(app, name: str, first_ms: int = 900, wiggle_at: int | None = None, tries: int = 10) -> None:
    """docs/screenshots/<name>.png, once two pictures in a row agree (the canvas trails the
    semantics); ``wiggle_at``: move the mouse a pixel at that height between pictures (a pointer
    event makes Flutter paint a fresh frame)."""
    app.settle(first_ms)
    last = app.page.screenshot()
    for i in range(tries):
        if wiggle_at is not None:
            app.page.mouse.move(2 + i % 2, wiggle_at)
        app.settle(700)
        now = app.page.screenshot()
        if now == last:
            break
        last = now
    DOCS.mkdir(parents=True, exist_ok=True)
    (DOCS / f"{name}.png").write_bytes(last)
