"""Members of a circle at one table through the server's web client, each on their own device:
Anna opens a table with Ben from her phone, it appears on the home screen open on Ben's
tablet, each move shows at the other's table at once, and no face of a card a member may not
know reaches their browser."""

from __future__ import annotations

import pytest
from faces import FaceFinder, Frames
from harness import PHONE, TABLET, App, retype
from playwright.sync_api import expect

from core.games import registry
from core.server.circles import tables_location
from core.server.client import ServerClient
from core.session import GameSession
from core.store import Store

pytestmark = pytest.mark.e2e
SECRET = "correct horse battery"


def member_page(browser, url: str, size, name: str, login: str, opened: list) -> tuple[App, Frames]:
    ctx = browser.new_context(viewport=size, locale="de-DE", device_scale_factor=1)
    opened.append(ctx)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    frames = Frames(page)
    app = App(page, url, name)
    app.open("/")
    retype(page.get_by_role("textbox", name="Anmeldename"), login)
    retype(page.get_by_role("textbox", name="Passwort"), SECRET)
    app.by_id("member-go").click()
    page.get_by_role("button", name="Stammtisch").click()
    expect(app.by_id("circle-table-new")).to_be_attached(timeout=30_000)
    return app, frames


def take_turn(app: App) -> None:
    """Take the row (always allowed at the start of a round), through the sheet that asks."""
    app.page.get_by_role("button", name="Nehmen").first.click()
    expect(app.page.get_by_text("Reihe nehmen?")).to_be_visible()
    app.page.get_by_role("button", name="Nehmen").last.click()
    expect(app.page.get_by_text("Reihe nehmen?")).to_have_count(0)


def test_two_members_play_at_one_table_from_their_own_devices(browser, circle_server):
    url, server_db = circle_server
    anna_api, ben_api = ServerClient(url), ServerClient(url)
    for client, login in ((anna_api, "anna"), (ben_api, "ben")):
        client.register(login, login.title(), SECRET)
        client.sign_in(login, SECRET)
    club = anna_api.create_circle("Stammtisch")
    ben_api.join(anna_api.invite(club.id))
    opened: list = []
    try:
        anna, anna_frames = member_page(browser, url, PHONE, "phone", "anna", opened)
        expect(anna.page.get_by_text("Noch kein Tisch")).to_be_visible()
        ben, ben_frames = member_page(browser, url, TABLET, "tablet", "ben", opened)
        expect(ben.page.get_by_text("Noch kein Tisch")).to_be_visible()
        anna.by_id("circle-table-new").click()
        expect(anna.by_id("circle-table-open")).to_be_attached()
        anna.shot("circle-table-new")
        anna.by_id("circle-table-open").click()
        expect(anna.page.get_by_text("Reihe").first).to_be_attached(timeout=30_000)
        [table] = anna_api._call("GET", f"/api/circles/{club.id}/tables")
        assert table["to_move"] == 0  # Thronfolge's first round starts at the first seat
        # Ben's home, open all along, shows the table Anna opened with him, without a reload.
        ben_row = ben.by_id(f"circle-table-{table['table']}")
        expect(ben_row).to_be_attached(timeout=10_000)
        expect(ben.page.get_by_text("Anna ist am Zug")).to_be_attached()
        expect(anna.page.get_by_text("Du bist am Zug").first).to_be_attached()
        take_turn(anna)
        # Ben's home shows it is his turn now, without a reload.
        expect(ben.page.get_by_text("Du bist am Zug").first).to_be_attached(timeout=10_000)
        ben.shot("circle-table-home")
        ben.by_id(f"circle-table-{table['table']}").click()
        expect(ben.page.get_by_text("Zug 1", exact=True)).to_be_attached(timeout=30_000)
        expect(ben.page.get_by_text("Du bist am Zug").first).to_be_attached()
        ben.shot("circle-table-heard")
        # Ben answers through the server's interface (a phone's app, say): Anna's table shows
        # that move too.
        look = ben_api._call("GET", f"/api/circles/{club.id}/tables/{table['table']}")
        ben_api._call("POST", f"/api/circles/{club.id}/tables/{table['table']}/moves",
                      {"action": look["legal"][0], "revision": look["revision"]})
        expect(anna.page.get_by_text("Zug 2", exact=True)).to_be_attached(timeout=10_000)
        expect(anna.page.get_by_text("Du bist am Zug").first).to_be_attached()
        expect(ben.page.get_by_text("Zug 2", exact=True)).to_be_attached(timeout=10_000)
        anna.shot("circle-table-back")
        # A table with the computer at it: Ben's home names it by its level, in German.
        ids = {m["name"]: m["account"]
               for m in anna_api._call("GET", f"/api/circles/{club.id}/members")}
        anna_api._call("POST", f"/api/circles/{club.id}/tables", {
            "game": "kings-corner", "seats": [{"member": ids["Anna"]}, {"member": ids["Ben"]},
                                               {"computer": "normal"}]})
        ben.open("/")
        expect(ben.page.get_by_text("Anna · Du · Computer (Normal)")).to_be_attached(
            timeout=30_000)
        ben.shot("circle-table-computer", ms=3000)  # after a load the canvas comes late
    finally:
        for ctx in opened:
            ctx.close()
    key = next(iter(_keys(server_db)))
    with Store.open(tables_location(str(server_db), key)) as store:
        record = store.load_game(table["table"])
    assert len(record["actions"]) == 2
    session = GameSession.restore(record)
    game = registry.get(record["game"])
    for seat, frames in ((0, anna_frames), (1, ben_frames)):
        # Faces a seat could not know at every moment of the game so far (the other hand's
        # first cards, the draw pile): none of them in any frame its browser received.
        secret = set.intersection(*(game.face_down(s, seat)
                                    for s in [*session.snapshots, session.state]))
        assert secret
        finder = FaceFinder(secret)
        assert not set().union(*(finder.find(m) for m in frames.messages(0)))


def _keys(server_db) -> list[str]:
    import sqlite3

    with sqlite3.connect(server_db) as conn:
        return [r[0] for r in conn.execute("SELECT store_key FROM server_circles")]
