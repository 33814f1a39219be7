"""Backups in the real web client: "Sichern" downloads the file, "Einlesen" picks one and merges it."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from harness import PHONE, App

pytestmark = pytest.mark.e2e


@pytest.fixture
def phone(browser, app_server):
    url, _db = app_server
    ctx = browser.new_context(viewport=PHONE, locale="de-DE", device_scale_factor=1,
                              accept_downloads=True)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    yield App(page, url, "phone")
    ctx.close()


def test_export_downloads_the_backup_and_import_merges_a_picked_file(phone, store, tmp_path):
    app = phone
    store.create_profile("Exportiert")
    app.open("/settings")
    button = app.by_id("backup-export")
    expect(button).to_be_attached(timeout=40_000)
    button.scroll_into_view_if_needed()
    with app.page.expect_download() as caught:
        button.click()
    saved = tmp_path / caught.value.suggested_filename
    caught.value.save_as(saved)
    assert saved.name.startswith("hofstaat-backup-") and saved.suffix == ".json"
    assert saved.read_text(encoding="utf-8") == store.export_backup()
    expect(app.page.get_by_text("Sicherung heruntergeladen.").last).to_be_visible()

    data = json.loads(saved.read_text(encoding="utf-8"))
    data["profiles"].append({"id": "ab" * 16, "name": "Von Ben", "kind": "human", "level": None,
                             "archived": False, "created_at": 1.0})
    incoming = tmp_path / "von-ben.json"
    incoming.write_text(json.dumps(data), encoding="utf-8")
    with app.page.expect_file_chooser() as chooser:
        app.by_id("backup-import").click()
    chooser.value.set_files(str(incoming))
    # The import reads the file, checks all of it and rebuilds the records before it answers.
    # Other browser tests share this database, so how much is already there varies.
    answer = re.compile(r"Eingelesen: 1 neu, 0 aktualisiert, \d+ schon da\.")
    expect(app.page.get_by_text(answer).last).to_be_visible(timeout=20_000)
    assert "Von Ben" in [p.name for p in store.list_profiles()]
    app.by_id("backup-export").scroll_into_view_if_needed()
    app.shot("settings-backup")
