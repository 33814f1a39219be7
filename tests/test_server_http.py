"""``hofstaat serve`` over real HTTP on 127.0.0.1, the app's client against it, the server's
database on each engine: phones sync through it, a stranger and a member of another circle get
nothing, wrong passwords slow further tries, and every failure is one line that changes nothing
on the phone."""

from __future__ import annotations

import io
import json
import socket
import threading
import time
import urllib.error
import urllib.request

import pytest
import uvicorn
from argon2 import PasswordHasher
from fastapi import FastAPI

from app.serve.api import make_api
from core.server.circle_tables import CircleTables
from core.server.circles import CircleStores
from core.server.moves import moves_for
from app.serve.cli import parse as serve_args
from app.serve.cli import run as serve_cli
from app.sync_link import SyncLink
from core.server.client import ServerClient, normalise_url
from core.server.directory import Directory
from core.server.throttle import AT_LOGIN, FROM_ADDRESS
from core.server.passwords import Passwords
from core.store import Store, StoreError
from core.store.sync import setting_key, sync
from ledger_games import finished_dynasty

CHEAP = Passwords(PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
SECRET = "correct horse battery"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Running:
    """A web app served by uvicorn in a thread of this process."""

    def __init__(self, app) -> None:
        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port,
                                                    log_level="warning", lifespan="off"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        self.url = f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture
def server(new_db):
    """A server on each engine, in this process; ``.directory``, ``.stores``, ``.tables`` are
    its parts, for what a test checks behind its back."""
    directory = Directory.open(new_db("server"), passwords=CHEAP)
    stores = CircleStores()
    moves = moves_for(directory.location)
    assert moves.ready(), "the server does not hear of moves"
    tables = CircleTables(directory, stores, moves, pace=0.0)
    running = Running(make_api(directory, stores, tables))
    running.directory, running.stores, running.tables = directory, stores, tables
    yield running
    running.stop()
    moves.close()
    stores.close()
    directory.close()


def member(server, login: str) -> ServerClient:
    client = ServerClient(server.url)
    client.register(login, login.title(), SECRET)
    client.sign_in(login, SECRET)
    return client


def member_signed_in(server, login: str) -> ServerClient:
    client = ServerClient(server.url)
    client.sign_in(login, SECRET)
    return client


def everything(store: Store) -> dict:
    return {k: v for k, v in json.loads(store.changes_since(0)[0]).items() if isinstance(v, list)}


def refusal(call, *args) -> StoreError:
    with pytest.raises(StoreError) as caught:
        call(*args)
    assert "\n" not in str(caught.value)
    return caught.value


def test_two_phones_of_one_circle_sync_through_the_server(server, phones):
    anna, ben = member(server, "anna"), member(server, "ben")
    club = anna.create_circle("Stammtisch")
    assert ben.join(anna.invite(club.id)).id == club.id
    a, b = phones("a"), phones("b", 9_000.0)
    finished_dynasty(a, names=("Anna", "Ben", "Carla"))
    sync(a, anna.remote(club))
    [ben_sees] = ben.circles()
    sync(b, ben.remote(ben_sees))
    assert everything(b) == everything(a)
    assert [d.amount for d in b.open_debts()] == [d.amount for d in a.open_debts()]
    debt = max(b.open_debts(), key=lambda d: d.amount.cents)
    b.record_payment(debt.debtor, debt.creditor, 5, note="Anzahlung")
    sync(b, ben.remote(ben_sees))
    sync(a, anna.remote(club))
    assert [e.note for e in a.ledger_entries() if e.kind == "payment"] == ["Anzahlung"]


def test_a_stranger_and_a_member_of_another_circle_get_nothing(server, phones):
    anna, eve = member(server, "anna"), member(server, "eve")
    club, others = anna.create_circle("Stammtisch"), eve.create_circle("Nachbarn")
    a = phones("a")
    finished_dynasty(a)
    sync(a, anna.remote(club))
    e = phones("e")
    for call, args in ((sync, (e, eve.remote(club))), (eve.invite, (club.id,)),
                       (eve._call, ("GET", f"/api/circles/{club.id}/members"))):
        assert refusal(call, *args).key == "circle_unknown"
    assert everything(e) == {k: [] for k in everything(e)}
    sync(e, eve.remote(others))  # her own circle holds none of the Stammtisch's records
    assert e.list_profiles() == [] and e.ledger_entries() == []
    nobody = ServerClient(server.url)
    assert refusal(nobody.circles).key == "session_expired"
    forged = ServerClient(server.url, token="not-a-session")
    assert refusal(forged.remote(club).exchange, "{}", 0).key == "session_expired"


def test_ten_wrong_passwords_make_the_right_one_wait(server):
    member(server, "anna")
    guesser = ServerClient(server.url)
    answers = [refusal(guesser.sign_in, "anna", f"guess {i}").key for i in range(10)]
    assert answers[:AT_LOGIN.free + 1] == ["sign_in_failed"] * (AT_LOGIN.free + 1)
    assert set(answers[AT_LOGIN.free + 1:]) == {"sign_in_wait"}  # told to wait, not checked
    blocked = refusal(guesser.sign_in, "anna", SECRET)
    assert blocked.key == "sign_in_wait" and blocked.params["wait"] > 0


def test_guesses_through_a_trusted_proxy_slow_the_guessers_address_only(server):
    member(server, "anna")

    def sign_in(login: str, password: str, address: str) -> int:
        # The server trusts its own machine's proxy (uvicorn's default, as for nginx beside it).
        request = urllib.request.Request(
            server.url + "/api/sessions", method="POST",
            data=json.dumps({"login": login, "password": password}).encode(),
            headers={"Content-Type": "application/json", "X-Forwarded-For": address})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status
        except urllib.error.HTTPError as refused:
            return refused.code

    guesser = "203.0.113.9"
    answers = [sign_in(f"name{i}", "guess", guesser) for i in range(FROM_ADDRESS.free + 1)]
    assert answers == [401] * (FROM_ADDRESS.free + 1)
    assert sign_in("anna", SECRET, guesser) == 429  # told to wait, not checked
    assert sign_in("anna", SECRET, "198.51.100.4") == 201


def test_a_phone_changes_the_account_s_password_and_keeps_syncing(server, phones):
    a = phones("a")
    member(server, "anna").create_circle("Stammtisch")
    link = SyncLink(a)
    link.connect(server.url, "anna", SECRET)
    link.choose(link.circles()[0])
    laptop = member_signed_in(server, "anna")
    assert refusal(link.change_password, "not it", "a brand new secret").key == "password_wrong"
    link.change_password(SECRET, "a brand new secret")
    link.sync_now()  # the phone's own session goes on
    assert refusal(laptop.circles).key == "session_expired"  # the laptop signs in again
    assert ServerClient(server.url).sign_in("anna", "a brand new secret")["login"] == "anna"


def test_every_failure_is_one_line_and_changes_nothing_on_the_phone(server, phones):
    a = phones("a")
    finished_dynasty(a)
    before = everything(a)
    anna = member(server, "anna")
    club = anna.create_circle("Stammtisch")
    assert refusal(ServerClient(server.url).sign_in, "anna", "wrong password").key \
        == "sign_in_failed"
    down = ServerClient(f"http://127.0.0.1:{free_port()}", token=anna.token)
    assert refusal(sync, a, down.remote(club)).key == "sync_unreachable"
    elsewhere = FastAPI()
    elsewhere.get("/api/info")(lambda: {"app": "hofstaat", "protocol": 99, "server": "x"})
    elsewhere.get("/")(lambda: "a web page")
    other = Running(elsewhere)
    try:
        assert refusal(ServerClient(other.url).sign_in, "anna", SECRET).key == "sync_version"
        assert refusal(ServerClient(other.url + "/nothing").check).key == "sync_not_hofstaat"
    finally:
        other.stop()
    assert everything(a) == before and a.get_setting(setting_key(club.identity)) is None
    assert refusal(normalise_url, "not a url at all").key == "sync_bad_url"


def test_the_command_line_sets_a_forgotten_password(capsys, monkeypatch, tmp_path):
    db = str(tmp_path / "server.db")
    with Directory.open(db, passwords=CHEAP) as directory:
        directory.register("anna", "Anna", SECRET)
        phone = directory.sign_in("anna", SECRET).token
    for typed, code in (("a brand new secret\n", 0), ("short\n", 1)):
        monkeypatch.setattr("sys.stdin", io.StringIO(typed))
        assert serve_cli(["--db", db, "--set-password", "anna"]) == code
    monkeypatch.setattr("sys.stdin", io.StringIO("a brand new secret\n"))
    assert serve_cli(["--db", db, "--set-password", "nobody"]) == 1
    out, err = capsys.readouterr()
    assert out.strip() == ("Anna (anna) has a new password: every device of theirs signs in "
                           "with it again.")
    weak, unknown = err.strip().splitlines()
    assert "10 to 200 characters" in weak and "nothing was changed" in weak
    assert "'nobody'" in unknown and "nothing was changed" in unknown
    with Directory.open(db, passwords=CHEAP) as directory:
        assert refusal(directory.account_of, phone).key == "session_expired"
        assert directory.sign_in("anna", "a brand new secret").account.login == "anna"


def test_the_command_line_says_what_is_wrong_in_one_line(capsys, tmp_path):
    for wrong in (["--port", "0"], ["--proxy", "10.0.0.300"], ["--proxy", "10.1.2.3/8"],
                  ["--proxy", " , "]):
        with pytest.raises(SystemExit) as bad:
            serve_cli(wrong)
        assert bad.value.code == 2
    assert serve_args(["--proxy", "10.0.0.0/8, 172.18.0.2"]).proxy == ["10.0.0.0/8", "172.18.0.2"]
    assert serve_args(["--proxy", "*"]).proxy == ["*"]
    assert serve_args([]).proxy is None  # uvicorn's own default: FORWARDED_ALLOW_IPS or loopback
    text = tmp_path / "notes.txt"
    text.write_text("not a database")
    assert serve_cli(["--db", str(text)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 5 and "'10.0.0.300' is not an address" in err[1] and err[-1].startswith("hofstaat serve: cannot open the database")
