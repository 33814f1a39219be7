"""A first synced phone, as a newcomer makes it: ``hofstaat serve`` runs, the phone's app
connects in Settings with a new account, makes a circle and syncs; the server then holds the
phone's players."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from harness import PHONE, App, into_view, retype

pytestmark = pytest.mark.e2e


@pytest.fixture
def phone(browser, app_server, store):
    url, _db = app_server
    ctx = browser.new_context(viewport=PHONE, locale="de-DE", device_scale_factor=1)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    yield App(page, url, "phone")
    ctx.close()
    store.delete_setting("sync.link")  # the other browser tests share this database


def test_a_newcomer_connects_makes_a_circle_and_syncs_the_phone(phone, store, circle_server):
    url, server_db = circle_server
    store.create_profile("Synchronia")
    app = phone
    app.open("/settings")
    connect = app.by_id("sync-connect")
    expect(connect).to_be_attached(timeout=40_000)
    into_view(app, connect)
    connect.click()
    app.page.get_by_role("button", name="Neues Konto").click()
    retype(app.page.get_by_role("textbox", name="Adresse des Servers"), url)
    retype(app.page.get_by_role("textbox", name="Anmeldename"), "synchronia")
    retype(app.page.get_by_role("textbox", name="Passwort"), "ein langes Passwort")
    retype(app.page.get_by_role("textbox", name="Dein Name in der Runde"), "Synchronia")
    app.shot("sync-connect")
    app.by_id("sync-go").click()
    circle_name = app.page.get_by_role("textbox", name="Name der Runde")
    expect(circle_name).to_be_visible(timeout=20_000)
    retype(circle_name, "Stammtisch")
    app.shot("sync-circle")
    app.by_id("sync-make").click()
    now = app.by_id("sync-now")
    expect(now).to_be_attached(timeout=20_000)
    expect(app.page.get_by_text("Runde: Stammtisch")).to_be_attached()
    into_view(app, now)
    now.click()
    expect(app.page.get_by_text(re.compile(r"Abgeglichen: \d+ gesendet")).last).to_be_visible(
        timeout=30_000)
    # The circle's tables are the server's web client's: the app opens it in the browser.
    tables = app.by_id("sync-tables")
    into_view(app, tables)
    app.shot("settings-sync")
    with app.page.context.expect_page(timeout=20_000) as opened:
        tables.click()
    served = opened.value
    served.wait_for_load_state()
    assert served.url.rstrip("/") == url.rstrip("/")
    served.close()
    # An invitation: its code, and the link to the server's web client that carries it.
    invite = app.by_id("sync-invite")
    into_view(app, invite)
    invite.click()
    expect(app.by_id("invitation-code")).to_be_visible(timeout=20_000)
    expect(app.page.get_by_text(re.compile("^" + re.escape(url) + r"/join/[A-Z0-9]{8}$"))
           ).to_be_attached()
    app.shot("sync-invite", ms=1200)
    app.page.get_by_role("button", name="Schließen").click()
    expect(app.by_id("invitation-code")).to_have_count(0)
    # A new password from the phone: the phone stays signed in, the old one is gone.
    password = app.by_id("sync-password")
    into_view(app, password)
    password.click()
    retype(app.page.get_by_role("textbox", name="Bisheriges Passwort"), "ein langes Passwort")
    retype(app.page.get_by_role("textbox", name="Neues Passwort"), "ein neues langes Passwort")
    app.by_id("password-go").click()
    expect(app.page.get_by_text("Das Passwort ist geändert.").first).to_be_visible()

    from core.server.directory import Directory
    from core.store import Store

    with Directory.open(str(server_db)) as directory:
        account = directory.sign_in("synchronia", "ein neues langes Passwort").account
        [circle] = directory.circles_of(account.id)
        with Store.open(directory.circle_location(account.id, circle.id)) as kept:
            assert "Synchronia" in {p.name for p in kept.list_profiles()}
