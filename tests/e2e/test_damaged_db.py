"""A damaged database is moved aside and the person is told, instead of the app failing."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from harness import PHONE, App, start_server, stop_server

pytestmark = pytest.mark.e2e


def test_a_damaged_database_is_kept_aside_and_reported(browser, tmp_path):
    db = tmp_path / "broken.db"
    db.write_bytes(b"this is not a database, just some bytes " * 100)
    proc, url = start_server(db, tmp_path / "server.log")
    try:
        ctx = browser.new_context(viewport=PHONE, locale="en-US")
        app = App(ctx.new_page(), url, "phone")
        app.open("/")
        dialog = app.page.get_by_role("alertdialog")
        expect(dialog).to_contain_text(re.compile("damaged"), timeout=40_000)
        app.shot("damaged-db", 3000)  # first load: fonts and theme reach the canvas late
        assert any(p.name.startswith("broken.db") and p != db for p in tmp_path.iterdir())
        app.page.get_by_role("button", name="OK").click()
        # English device language by default, and the app works on fresh data.
        expect(app.page.get_by_role("tab", name="Games", exact=True)).to_be_visible()
        ctx.close()
    finally:
        stop_server(proc)
