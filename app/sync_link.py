"""This device's link to a circle's server: which server, which account, which circle, and
syncing with it. Plain Python (no Flet): the settings screen calls it off the UI loop.

The link is the setting ``sync.link`` of this device (backups and syncs leave ``sync.*``
settings out): the server's address, the session's token, the account's login and name, the
chosen circle and the last sync's time and counts. The password is never kept.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable

from core.server.client import CircleInfo, ServerClient
from core.store.errors import StoreError
from core.store.sync import SyncReport, sync

SETTING = "sync.link"


@dataclass(frozen=True)
class Link:
    url: str
    token: str
    login: str
    name: str
    circle: CircleInfo | None = None
    last_sync: float | None = None
    last_counts: tuple[int, int] = (0, 0)  # records sent, records that came and were new

    def record(self) -> dict[str, Any]:
        circle = None if self.circle is None else {
            "id": self.circle.id, "name": self.circle.name, "role": self.circle.role,
            "identity": self.circle.identity}
        return {"url": self.url, "token": self.token, "login": self.login, "name": self.name,
                "circle": circle, "last_sync": self.last_sync, "last_counts": list(self.last_counts)}


def _link(found: Any) -> Link | None:
    """The stored link, or None (never linked, signed out, or a damaged setting)."""
    if not isinstance(found, dict):
        return None
    try:
        circle = found.get("circle")
        return Link(str(found["url"]), str(found["token"]), str(found["login"]),
                    str(found["name"]),
                    None if not circle else CircleInfo(int(circle["id"]), str(circle["name"]),
                                                       str(circle["role"]), str(circle["identity"])),
                    found.get("last_sync"), tuple(found.get("last_counts") or (0, 0)))
    except (KeyError, TypeError, ValueError):
        return None


class SyncLink:
    """The link of one store; every call that reaches the server blocks (run it in a thread)."""

    def __init__(self, store: Any, client: Callable[..., ServerClient] = ServerClient,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self._client = client
        self._clock = clock

    @property
    def link(self) -> Link | None:
        return _link(self.store.get_setting(SETTING))

    def _save(self, link: Link | None) -> None:
        if link is None:
            self.store.delete_setting(SETTING)
        else:
            self.store.set_setting(SETTING, link.record())

    def _signed_in(self) -> tuple[Link, ServerClient]:
        link = self.link
        if link is None:
            raise StoreError("this device is not linked to a server", "sync_not_linked")
        return link, self._client(link.url, token=link.token)

    def connect(self, url: str, login: str, password: str, name: str | None = None) -> Link:
        """Sign in (first making the account when ``name`` is given) and keep the link.

        :raises StoreError: what the server or the network says; nothing is kept then.
        """
        client = self._client(url)
        if name is not None:
            client.register(login, name, password)
        account = client.sign_in(login, password)
        link = Link(client.url, account["token"], account["login"], account["name"])
        self._save(link)
        return link

    def circles(self) -> list[CircleInfo]:
        return self._signed_in()[1].circles()

    def choose(self, circle: CircleInfo) -> Link:
        link, _client = self._signed_in()
        chosen = Link(link.url, link.token, link.login, link.name, circle)
        self._save(chosen)
        return chosen

    def create_circle(self, name: str) -> Link:
        return self.choose(self._signed_in()[1].create_circle(name))

    def join(self, code: str) -> Link:
        return self.choose(self._signed_in()[1].join(code))

    def change_password(self, old: str, new: str) -> None:
        """The account's password (its other devices sign in again with the new one)."""
        self._signed_in()[1].change_password(old, new)

    def invite(self) -> str:
        link, client = self._signed_in()
        if link.circle is None:
            raise StoreError("choose a circle first", "sync_no_circle")
        return client.invite(link.circle.id)

    def sync_now(self) -> SyncReport:
        """Sync this device's records with the chosen circle.

        :raises StoreError: what the server, the network or the merge refuses; this device's
            records are then as they were.
        """
        link, client = self._signed_in()
        if link.circle is None:
            raise StoreError("choose a circle first", "sync_no_circle")
        report = sync(self.store, client.remote(link.circle))
        self._save(Link(link.url, link.token, link.login, link.name, link.circle,
                        self._clock(), (report.sent, report.new)))
        return report

    def disconnect(self) -> None:
        """Sign out and forget the link (the records stay; a later link syncs them again)."""
        link = self.link
        if link is not None:
            try:
                self._client(link.url, token=link.token).sign_out()
            except StoreError:
                pass  # an unreachable server ends the session by itself in time
        self._save(None)
