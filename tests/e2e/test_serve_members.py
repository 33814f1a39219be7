"""The server's own web client: a member makes an account and a circle in the browser and uses
the app on the circle's records; a stranger signed in sees no circle of theirs; signing out
shows the sign-in form again; the language a member chose is theirs in the next browser."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from harness import PHONE, TABLET, App, into_view, retype

pytestmark = pytest.mark.e2e


def page_at(browser, url: str, size, name: str) -> tuple[App, object]:
    ctx = browser.new_context(viewport=size, locale="de-DE", device_scale_factor=1)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    return App(page, url, name), ctx


def sign_up(app: App, login: str, name: str, opened: bool = False) -> None:
    if not opened:
        app.open("/")
    app.page.get_by_role("button", name="Neues Konto").click()
    retype(app.page.get_by_role("textbox", name="Anmeldename"), login)
    retype(app.page.get_by_role("textbox", name="Passwort"), "ein langes Passwort")
    retype(app.page.get_by_role("textbox", name="Dein Name"), name)
    app.by_id("member-go").click()
    expect(app.page.get_by_text("Deine Runden")).to_be_visible(timeout=20_000)


def test_a_member_signs_up_makes_a_circle_and_uses_the_app_on_it(browser, circle_server):
    url, server_db = circle_server
    anna, ctx = page_at(browser, url, PHONE, "phone")
    try:
        sign_up(anna, "anna", "Anna")
        anna.shot("member-circles")
        retype(anna.page.get_by_role("textbox", name="Name der Runde"), "Stammtisch")
        anna.by_id("member-make").click()
        expect(anna.page.get_by_text("Schulden").first).to_be_attached(timeout=30_000)
        anna.shot("member-home")
        anna.open("/settings")
        invite = anna.by_id("member-invite")
        expect(invite).to_be_attached(timeout=30_000)  # still signed in after a reload
        expect(anna.page.get_by_text("Stammtisch · angemeldet als Anna")).to_be_attached()
        expect(anna.by_id("sync-connect")).to_have_count(0)  # a server syncs with nobody
        anna.shot("member-settings", ms=2500)
        invite.click()
        expect(anna.by_id("invitation-code")).to_be_visible()
        joining = anna.page.get_by_text(re.compile(r"/join/[A-Z0-9]+$")).first.inner_text()
        assert joining.startswith(url + "/join/"), joining
        anna.shot("member-invite", ms=1500)
        ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=url)
        anna.by_id("invitation-copy").click()
        anna.page.wait_for_function("link => navigator.clipboard.readText()"
                                    ".then(text => text === link)", arg=joining)
        anna.page.get_by_role("button", name="Schließen").click()
        # A new password of her own: the next browser signs in with it.
        password = anna.by_id("member-password")
        into_view(anna, password)
        password.click()
        retype(anna.page.get_by_role("textbox", name="Bisheriges Passwort"), "ein langes Passwort")
        retype(anna.page.get_by_role("textbox", name="Neues Passwort"), "ein neues langes Passwort")
        anna.shot("member-password", ms=1200)
        anna.by_id("password-go").click()
        expect(anna.page.get_by_text("Das Passwort ist geändert.").first).to_be_visible()
        # Her language is her account's: chosen here, it is hers in the next browser too.
        english = anna.page.get_by_role("button", name="English")
        into_view(anna, english)
        english.click()
        expect(anna.page.get_by_text("Sign out")).to_be_attached()
        anna.by_id("member-sign-out").click()
        expect(anna.page.get_by_role("button", name="Neues Konto")).to_be_visible()
        anna.shot("member-sign-in")
    finally:
        ctx.close()

    anna, ctx = page_at(browser, url, TABLET, "tablet")
    try:
        anna.open("/")
        retype(anna.page.get_by_role("textbox", name="Anmeldename"), "anna")
        retype(anna.page.get_by_role("textbox", name="Passwort"), "ein falsches Passwort")
        anna.by_id("member-go").click()
        expect(anna.page.get_by_text("Anmeldename oder Passwort stimmen nicht.").first).to_be_visible()
        # Counted at her name and at the browser's address (a guesser going through names).
        assert failures(server_db) == {"anna": 1, "ADDRESS 127.0.0.1": 1}
        retype(anna.page.get_by_role("textbox", name="Passwort"), "ein neues langes Passwort")
        anna.by_id("member-go").click()
        anna.page.get_by_role("button", name="Stammtisch").click()
        expect(anna.page.get_by_text("Ledger").first).to_be_attached(timeout=30_000)
    finally:
        ctx.close()

    eve, ctx = page_at(browser, url, TABLET, "tablet")
    try:
        sign_up(eve, "eve", "Eve")
        expect(eve.page.get_by_text("Du bist noch in keiner Runde")).to_be_visible()
        expect(eve.page.get_by_text("Stammtisch")).to_have_count(0)
        eve.shot("member-stranger")
    finally:
        ctx.close()

    # The invitation's link: Ben makes an account on it and joins with the code filled in.
    ben, ctx = page_at(browser, url, PHONE, "phone")
    try:
        ben.open(joining.removeprefix(url))
        expect(ben.page.get_by_text("Du bist in eine Runde eingeladen").first).to_be_visible(
            timeout=30_000)
        sign_up(ben, "ben", "Ben", opened=True)
        ben.shot("member-invited")
        # The code is filled in (Flutter's textbox tells its value only once typed into):
        # joining straight away takes him into the circle.
        ben.by_id("member-join").click()
        expect(ben.page.get_by_text("Schulden").first).to_be_attached(timeout=30_000)
        assert ben.page.url.rstrip("/") == url  # home, not the link's address
    finally:
        ctx.close()


def failures(server_db) -> dict[str, int]:
    import sqlite3

    with sqlite3.connect(server_db) as conn:
        return dict(conn.execute("SELECT login, count FROM server_failures"))
