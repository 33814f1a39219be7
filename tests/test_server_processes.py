"""Two ``hofstaat serve`` processes on one PostgreSQL database serve one circle: a move made
through one reaches a player connected to the other (the database tells every process,
LISTEN/NOTIFY), and moves made through both, turn by turn, are all kept in order."""

from __future__ import annotations

import json

import pytest

from app.devtools.served import Served
from core.server.circles import tables_location
from core.server.client import ServerClient
from core.store import Store
from test_server_tables import received

SECRET = "correct horse battery"


@pytest.fixture
def two_servers(postgres, tmp_path):
    url = postgres.new_database("circle")
    with Served(url, tmp_path / "a.log") as a, Served(url, tmp_path / "b.log") as b:
        yield url, a, b
    postgres.drop_database(url)


def member(served: Served, login: str) -> ServerClient:
    client = ServerClient(served.url)
    client.register(login, login.title(), SECRET)
    client.sign_in(login, SECRET)
    return client


def live(served: Served, client: ServerClient, circle: int, table: int):
    from websockets.sync.client import connect

    return connect(f"ws://127.0.0.1:{served.port}/api/circles/{circle}/tables/{table}/live",
                   open_timeout=10, additional_headers={"Authorization": f"Bearer {client.token}"})


def test_moves_made_through_either_process_reach_the_player_on_the_other(two_servers):
    url, a, b = two_servers
    anna = member(a, "anna")
    ben = member(b, "ben")  # his account made through the other process: one directory
    club = anna.create_circle("Stammtisch")
    ben.join(anna.invite(club.id))
    ids = {m["name"]: m["account"] for m in anna._call("GET", f"/api/circles/{club.id}/members")}
    look = anna._call("POST", f"/api/circles/{club.id}/tables",
                      {"game": "thronfolge", "seed": 5,
                       "seats": [{"member": ids["Anna"]}, {"member": ids["Ben"]}]})
    table = look["table"]
    played = []
    with live(a, anna, club.id, table) as on_a, live(b, ben, club.id, table) as on_b:
        sockets = {0: on_a, 1: on_b}
        seen = {seat: received(s, look["revision"]) for seat, s in sockets.items()}
        for _ in range(8):
            mover = seen[0]["to_move"]
            mine = seen[mover]
            played.append(mine["legal"][-1])
            sockets[mover].send(json.dumps({"action": played[-1], "revision": mine["revision"]}))
            # The other player hears it through the other process, at the same revision.
            seen = {seat: received(s, mine["revision"] + 1) for seat, s in sockets.items()}
            assert seen[0]["revision"] == seen[1]["revision"] == mine["revision"] + 1
            assert seen[0]["to_move"] == seen[1]["to_move"]
    with Store.open(tables_location(url, _store_key(url, club.id))) as store:
        saved = store.load_game(table)
    assert saved["actions"] == played and saved["revision"] == look["revision"] + len(played)


def _store_key(url: str, circle_id: int) -> str:
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return conn.execute(text("SELECT store_key FROM server_circles WHERE id = :i"),
                                {"i": circle_id}).scalar_one()
    finally:
        engine.dispose()
