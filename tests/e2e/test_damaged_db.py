"""A damaged database is moved aside and the person is told, instead of the app failing."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from harness import PHONE, App, start_server, stop_server

pytestmark = pytest.mark.e2e


def test_a_damaged_database_is_kept_aside_and_reported_until_confirmed(browser, tmp_path):
    db = tmp_path / "broken.db"
    db.write_bytes(b"this is not a database, just some bytes " * 100)
    proc, url = start_server(db, tmp_path / "server.log")
    try:
        ctx = browser.new_context(viewport=PHONE, locale="en-US")
        app = App(ctx.new_page(), url, "phone")
        app.open("/")
        notice = app.page.get_by_text(re.compile("saved data was damaged"))
        expect(notice).to_be_visible(timeout=40_000)
        app.shot("damaged-db", 3000)  # first load: fonts and theme reach the canvas late
        assert any(p.name.startswith("broken.db") and p != db for p in tmp_path.iterdir())
        # Not read yet: a reload (or a second tab) shows it again.
        app.open("/")
        expect(notice).to_be_visible(timeout=40_000)
        app.page.get_by_role("button", name="OK").click()
        expect(notice).to_have_count(0)
        # English device language by default, and the app works on fresh data.
        expect(app.page.get_by_role("tab", name="Games", exact=True)).to_be_visible()
        app.open("/")
        expect(app.page.get_by_role("tab", name="Games", exact=True)).to_be_visible(timeout=40_000)
        expect(notice).to_have_count(0)
        ctx.close()
    finally:
        stop_server(proc)
