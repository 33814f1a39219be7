"""A circle's tables on ``hofstaat serve``, over real HTTP and websockets, on each engine: members
play from their own devices, each seeing only their own seat; a stranger, a member of another
circle and a member without a seat get nothing of a table; every move reaches every player's
socket; the computer plays its seats; a wrong move changes nothing."""

from __future__ import annotations

import contextlib
import json
import time

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from core.games import registry
from core.server.circles import TABLES, circle_location, tables_location
from core.server.client import ServerClient
from core.session import GameSession
from core.store import StoreError
from core.store.sync import sync
from test_contract import walk_strings
from test_server_http import member, refusal, server  # noqa: F401 (a fixture)

HEARD_WITHIN = 5.0  # seconds a socket waits for news (the promise is one; a loaded test machine)


class Player:
    """A member's device: their client and their account's id."""

    def __init__(self, server, login: str) -> None:
        self.client = member(server, login)
        self.server = server
        self.login = login
        self.id: int | None = None

    def call(self, method: str, path: str, body=None):
        return self.client._call(method, path, body)

    def live(self, circle: int, table: int):
        url = self.server.url.replace("http://", "ws://")
        return connect(f"{url}/api/circles/{circle}/tables/{table}/live", open_timeout=10,
                       additional_headers={"Authorization": f"Bearer {self.client.token}"})


@pytest.fixture
def circle(server):
    """Anna's circle with Ben and Carla in it, and Eve in a circle of her own."""
    anna, ben, carla, eve = (Player(server, n) for n in ("anna", "ben", "carla", "eve"))
    club = anna.client.create_circle("Stammtisch")
    for p in (ben, carla):
        p.client.join(anna.client.invite(club.id))
    eve.client.create_circle("Nachbarn")
    ids = {m["name"]: m["account"] for m in anna.call("GET", f"/api/circles/{club.id}/members")}
    for p in (anna, ben, carla):
        p.id = ids[p.login.title()]
    return club.id, anna, ben, carla, eve


def stores(server, club: int, anna: Player):
    """The circle's running tables and its records, as the server keeps them."""
    key = server.directory.circle(anna.id, club).store_key
    where = server.directory.location
    return (server.stores.of(tables_location(where, key)),
            server.stores.of(circle_location(where, key)))


def saved_state(server, club: int, table: int, anna: Player):
    """The whole game as the server keeps it (what no device gets)."""
    return GameSession.restore(stores(server, club, anna)[0].load_game(table))


def open_table(anna: Player, club: int, seats, game: str = "thronfolge", seed: int = 7):
    return anna.call("POST", f"/api/circles/{club}/tables",
                     {"game": game, "seats": seats, "seed": seed})


def received(socket, revision: int) -> dict:
    """The first table message at ``revision`` or later the socket receives."""
    deadline = time.monotonic() + HEARD_WITHIN
    while True:
        message = json.loads(socket.recv(timeout=max(0.01, deadline - time.monotonic())))
        if message["type"] == "table" and message["revision"] >= revision:
            return message


def test_two_members_play_a_whole_game_each_seeing_only_their_own_seat(server, circle):
    club, anna, ben, _carla, _eve = circle
    first = open_table(anna, club, [{"member": anna.id}, {"member": ben.id}])
    table = first["table"]
    players = {0: anna, 1: ben}
    moves = 0
    while True:
        truth = saved_state(server, club, table, anna)
        looks = {s: p.call("GET", f"/api/circles/{club}/tables/{table}") for s, p in players.items()}
        for seat, look in looks.items():
            assert look["seat"] == seat and look["revision"] == truth.revision
            assert look["names"] == ["Anna", "Ben"]
            assert look["view"] == truth.view(seat)
            leaked = truth.game.secret_cards(truth.state, seat) & set(walk_strings(look))
            assert not leaked, f"seat {seat} was sent hidden cards {sorted(leaked)}"
        if truth.over:
            break
        mover = truth.to_move
        assert looks[1 - mover]["legal"] == []
        assert looks[mover]["legal"] == [str(a) for a in truth.legal()]
        players[mover].call("POST", f"/api/circles/{club}/tables/{table}/moves",
                            {"action": looks[mover]["legal"][0], "revision": truth.revision})
        moves += 1
    assert moves > 10
    assert all(look["over"] for look in looks.values())
    # The finished game is one of the circle's records now: its result counts like any other.
    records = stores(server, club, anna)[1]
    [done] = records.finished_games("thronfolge")
    copied = records.load_game(done.id)
    assert copied["actions"] == truth.actions and copied["seed"] == truth.state["seed"]
    assert [s["name"] for s in copied["seats"]] == ["Anna", "Ben"]
    rows = records.results(done.id)
    assert [r["profile_id"] for r in rows] == [s["profile_id"] for s in copied["seats"]]
    assert [r["seat"] for r in rows if r["won"]] == list(truth.outcome.winners)
    names = {p.id: p.name for p in records.list_profiles()}
    assert [names[r["profile_id"]] for r in rows] == ["Anna", "Ben"]
    assert anna.call("GET", f"/api/circles/{club}/tables") == []  # among the records now


def test_a_running_table_s_cards_reach_no_phone_and_its_finished_game_does(server, circle, phones):
    """A phone that syncs while a table runs gets nothing of it (its cards are secret, its seed
    would tell them); once the game ends, the phone gets it like any record."""
    club, anna, ben, _carla, _eve = circle
    look = open_table(anna, club, [{"member": anna.id}, {"member": ben.id}])
    table = look["table"]
    phone = phones("ben")
    [circle_info] = ben.client.circles()
    sync(phone, ben.client.remote(circle_info))
    assert phone.unfinished_games() == [] and phone.finished_games() == []
    assert stores(server, club, anna)[1].unfinished_games() == []  # the members' screens' store
    players = {0: anna, 1: ben}
    while not look["over"]:
        mover = saved_state(server, club, table, anna).to_move
        mine = players[mover].call("GET", f"/api/circles/{club}/tables/{table}")
        look = players[mover].call("POST", f"/api/circles/{club}/tables/{table}/moves",
                                   {"action": mine["legal"][0], "revision": mine["revision"]})
    sync(phone, ben.client.remote(circle_info))
    [done] = phone.finished_games("thronfolge")
    assert sorted(p.name for p in phone.list_profiles()) == ["Anna", "Ben"]
    assert phone.load_game(done.id)["actions"] == saved_state(server, club, table, anna).actions


def test_a_stranger_another_circle_s_member_and_a_member_without_a_seat_get_nothing(server, circle):
    club, anna, ben, carla, eve = circle
    table = open_table(anna, club, [{"member": anna.id}, {"member": ben.id}])["table"]
    assert [t["table"] for t in ben.call("GET", f"/api/circles/{club}/tables")] == [table]
    assert carla.call("GET", f"/api/circles/{club}/tables") == []
    nobody = ServerClient(server.url, token="not-a-session")
    for who, key in ((eve.client, "circle_unknown"), (carla.client, "table_unknown"),
                     (nobody, "session_expired")):
        # The same answer for the table that exists and for one that does not.
        for asked in (table, table + 1000):
            assert refusal(who._call, "GET", f"/api/circles/{club}/tables/{asked}").key == key
            assert refusal(who._call, "POST", f"/api/circles/{club}/tables/{asked}/moves",
                           {"action": "x", "revision": 1}).key == key
    assert refusal(eve.client._call, "GET", f"/api/circles/{club}/tables").key == "circle_unknown"
    eve.id = -1
    for who, code in ((eve, 4404), (carla, 4404)):
        with who.live(club, table) as socket, pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=HEARD_WITHIN)
        assert closed.value.rcvd.code == code
    forged = Player.__new__(Player)
    forged.server, forged.client = server, nobody
    with forged.live(club, table) as socket, pytest.raises(ConnectionClosed) as closed:
        socket.recv(timeout=HEARD_WITHIN)
    assert closed.value.rcvd.code == 4401
    # Nor can anyone seat another circle's member, or open a table without sitting at it.
    for seats in ([{"member": anna.id}, {"member": 99_999}], [{"member": ben.id}, {"member": carla.id}]):
        assert refusal(open_table, anna, club, seats).key == "table_seats"


def test_a_move_out_of_turn_a_wrong_move_and_an_old_revision_are_refused_and_change_nothing(
        server, circle):
    club, anna, ben, _carla, _eve = circle
    look = open_table(anna, club, [{"member": anna.id}, {"member": ben.id}])
    table, revision = look["table"], look["revision"]
    mover, waiter = (anna, ben) if look["to_move"] == 0 else (ben, anna)
    legal = mover.call("GET", f"/api/circles/{club}/tables/{table}")["legal"]
    path = f"/api/circles/{club}/tables/{table}/moves"
    assert refusal(waiter.call, "POST", path, {"action": legal[0], "revision": revision}).key \
        == "not_your_turn"
    assert refusal(mover.call, "POST", path, {"action": "nonsense", "revision": revision}).key \
        == "action_illegal"
    assert refusal(mover.call, "POST", path, {"action": legal[0], "revision": revision - 1}).key \
        == "game_stale"
    assert saved_state(server, club, table, anna).revision == revision
    after = mover.call("POST", path, {"action": legal[0], "revision": revision})
    assert after["revision"] == revision + 1
    assert refusal(mover.call, "POST", path, {"action": legal[0], "revision": revision}).key \
        in ("game_stale", "not_your_turn")


def test_every_player_s_socket_hears_each_move_and_a_move_sent_on_it_is_made(server, circle):
    club, anna, ben, carla, _eve = circle
    look = open_table(anna, club, [{"member": anna.id}, {"member": ben.id}, {"member": carla.id}],
                      game="kings-corner")
    table = look["table"]
    by_seat = {0: anna, 1: ben, 2: carla}
    with contextlib.ExitStack() as opened:
        sockets = {seat: opened.enter_context(p.live(club, table)) for seat, p in by_seat.items()}
        seen = {seat: received(s, look["revision"]) for seat, s in sockets.items()}
        for _ in range(6):
            mover = next(iter(seen.values()))["to_move"]
            mine = seen[mover]
            assert mine["legal"]
            sockets[mover].send(json.dumps({"action": mine["legal"][0],
                                            "revision": mine["revision"]}))
            seen = {seat: received(s, mine["revision"] + 1) for seat, s in sockets.items()}
            truth = saved_state(server, club, table, anna)
            for seat, message in seen.items():
                assert message["view"] == truth.view(seat)
                assert not truth.game.secret_cards(truth.state, seat) & set(walk_strings(message))
        sockets[0].send(json.dumps({"action": "nonsense", "revision": 0}))
        refused = json.loads(sockets[0].recv(timeout=HEARD_WITHIN))
        assert refused["type"] == "refused" and refused["error"] in ("game_stale", "not_your_turn")
        for junk in ("not json", "[1, 2]", '{"action": 3}', b"\xff\x00"):
            sockets[0].send(junk)  # answered, and the socket stays open
            assert json.loads(sockets[0].recv(timeout=HEARD_WITHIN))["error"] == "request_invalid"


def test_the_computer_plays_its_seats_and_every_socket_hears_its_moves(server, circle):
    club, anna, _ben, _carla, _eve = circle
    level = registry.get("thronfolge").info.levels[0]
    look = open_table(anna, club, [{"member": anna.id}, {"computer": level}])
    assert look["computer"] == [False, True] and look["levels"] == [None, level]
    [listed] = anna.call("GET", f"/api/circles/{club}/tables")
    assert listed["levels"] == [None, level]  # a screen names the computer by it
    with anna.live(club, look["table"]) as socket:
        message = received(socket, look["revision"])
        if message["to_move"] != 0:
            message = received(socket, message["revision"] + 1)
        for _ in range(3):
            assert message["to_move"] == 0 and message["legal"]
            socket.send(json.dumps({"action": message["legal"][0], "revision": message["revision"]}))
            # Anna's move, then the computer's answer: her turn again (or the end).
            message = received(socket, message["revision"] + 2)
            while not message["over"] and message["to_move"] != 0:
                message = received(socket, message["revision"] + 1)
            if message["over"]:
                break


def test_a_table_refuses_a_game_or_seat_that_does_not_exist(server, circle):
    club, anna, ben, _carla, _eve = circle
    assert refusal(open_table, anna, club, [{"member": anna.id}, {"member": ben.id}],
                   "no-such-game").key == "table_game"
    assert refusal(open_table, anna, club, [{"member": anna.id}, {"computer": "godlike"}]).key \
        == "table_seats"
    assert refusal(open_table, anna, club, [{"member": anna.id}]).key == "table_game"
    assert anna.call("GET", f"/api/circles/{club}/tables") == []
    with pytest.raises(StoreError):
        anna.call("GET", f"/api/circles/{club}/tables/1")


def test_a_socket_whose_session_ended_makes_no_more_moves(server, circle):
    club, anna, ben, _carla, _eve = circle
    look = open_table(anna, club, [{"member": anna.id}, {"member": ben.id}])
    with anna.live(club, look["table"]) as socket:
        message = received(socket, look["revision"])
        anna.client.sign_out()
        socket.send(json.dumps({"action": message["legal"][0], "revision": message["revision"]}))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                socket.recv(timeout=HEARD_WITHIN)
        assert closed.value.rcvd.code == 4401
    assert saved_state(server, club, look["table"], anna).revision == look["revision"]


def test_a_process_hears_of_a_table_opened_in_a_circle_but_not_of_its_moves_as_new(server, circle):
    # A member's home lists the tables they sit at: it hears of each new table of the circle
    # (the first save of a game in the circle's tables), not of every move at every table.
    import threading

    club, anna, ben, _carla, _eve = circle
    place = server.directory.circle(anna.id, club).store_key + TABLES
    heard, came = [], threading.Event()

    def news(revision):
        heard.append(revision)
        came.set()

    stop = server.tables.moves.watch(place, None, news)
    try:
        look = open_table(anna, club, [{"member": anna.id}, {"member": ben.id}])
        assert came.wait(HEARD_WITHIN), "the new table was not heard of"
        assert heard == [1]
        mover = anna if look["to_move"] == 0 else ben
        seen = mover.call("GET", f"/api/circles/{club}/tables/{look['table']}")
        mover.call("POST", f"/api/circles/{club}/tables/{look['table']}/moves",
                   {"action": seen["legal"][0], "revision": seen["revision"]})
        time.sleep(0.5)  # the move's news would have come by now
        assert heard == [1]
    finally:
        stop()
