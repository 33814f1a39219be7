"""A device's link to a circle's server (``app.sync_link``), against a real server on
127.0.0.1: connect, choose or make or join a circle, sync, invite, sign out; a refusal keeps
nothing, and the password is never kept."""

from __future__ import annotations

import json

import pytest

from app.sync_link import SETTING, SyncLink
from ledger_games import finished_dynasty
from test_server_http import SECRET, server  # noqa: F401 (a fixture)

from core.store import StoreError


def test_a_device_connects_makes_a_circle_syncs_and_a_friend_joins_by_code(server, phones):
    a, b = phones("a"), phones("b", 9_000.0)
    finished_dynasty(a)
    anna = SyncLink(a)
    link = anna.connect(server.url, "anna", SECRET, name="Anna")
    assert (link.login, link.name, link.circle) == ("anna", "Anna", None)
    assert SECRET not in json.dumps(a.get_setting(SETTING))
    anna.create_circle("Stammtisch")
    report = anna.sync_now()
    assert report.sent > 0 and anna.link.last_sync is not None
    code = anna.invite()

    ben = SyncLink(b)
    ben.connect(server.url, "ben", SECRET, name="Ben")
    assert ben.circles() == []
    assert ben.join(code.lower()).circle.name == "Stammtisch"
    ben.sync_now()
    assert [d.amount for d in b.open_debts()] == [d.amount for d in a.open_debts()]
    assert ben.link.last_counts[1] > 0
    # the link never travels in a backup or a sync
    assert "sync.link" not in b.export_backup() and "sync." not in a.changes_since(0)[0]


def test_a_refused_connection_keeps_nothing_and_signing_out_forgets_the_link(server, phones):
    a = phones("a")
    anna = SyncLink(a)
    anna.connect(server.url, "anna", SECRET, name="Anna")
    anna.disconnect()
    assert anna.link is None
    with pytest.raises(StoreError) as refused:
        anna.connect(server.url, "anna", "not the password")
    assert refused.value.key == "sign_in_failed" and anna.link is None
    with pytest.raises(StoreError) as refused:
        anna.connect(server.url, "anna", "short", name="Other")
    assert refused.value.key in ("password_weak", "login_taken") and anna.link is None
    for call in (anna.sync_now, anna.invite, anna.circles):
        with pytest.raises(StoreError) as refused:
            call()
        assert refused.value.key == "sync_not_linked"
    anna.connect(server.url, "anna", SECRET)
    with pytest.raises(StoreError) as refused:
        anna.sync_now()
    assert refused.value.key == "sync_no_circle"
