"""A device's side of a circle's server, over HTTP(S) with the standard library only (it runs on
phones): signing in, the account's circles, and the ``Remote`` a sync exchanges changes with.

Every failure is a ``StoreError`` in one line: ``sync_unreachable`` (no answer, with the
reason), ``sync_not_hofstaat`` (something answered that is not a Hofstaat server),
``sync_version`` (a server of another protocol), or the server's own refusal (a wrong
password, a session that ended, an unknown circle...) with its key.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any

from core.store.errors import StoreError
from core.store.sync import PROTOCOL

TIMEOUT = 30.0  # seconds; a first sync of years of games is one large request
SYNC_TIMEOUT = 600.0


def normalise_url(typed: str) -> str:
    """A server's address as typed (``hofstaat.example.org``, with or without ``https://``).

    :raises StoreError: ``sync_bad_url`` when it is not a web address.
    """
    text = str(typed).strip().rstrip("/")
    if text and "://" not in text:
        text = "https://" + text
    parts = urllib.parse.urlsplit(text)
    host = parts.hostname or ""
    if parts.scheme not in ("http", "https") or not re.fullmatch(r"[a-z0-9.\-:\[\]]+", host) \
            or any(c.isspace() for c in text):
        raise StoreError(f"{typed!r} is not a server's address", "sync_bad_url", url=str(typed))
    return text


@dataclass(frozen=True)
class CircleInfo:
    id: int
    name: str
    role: str
    identity: str


class ServerClient:
    """One server, and the session signed in to it (``token``)."""

    def __init__(self, url: str, token: str | None = None) -> None:
        self.url = normalise_url(url)
        self.token = token

    # --- requests ----------------------------------------------------------------------

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None,
              timeout: float = TIMEOUT) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if self.token:
            request.add_header("Authorization", f"Bearer {self.token}")
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                raw = response.read()
        except urllib.error.HTTPError as exc:
            raise self._refusal(exc) from None
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            raise StoreError(f"the server at {self.url} cannot be reached: {reason}",
                             "sync_unreachable", url=self.url) from None
        if not raw:
            return None
        try:
            return json.loads(raw)
        except ValueError:
            raise self._not_ours() from None

    def _refusal(self, exc: urllib.error.HTTPError) -> StoreError:
        try:
            found = json.loads(exc.read() or b"null")
        except ValueError:
            found = None
        if not (isinstance(found, dict) and isinstance(found.get("error"), str)):
            return self._not_ours(f" (it answered {exc.code})")
        params = found.get("params") if isinstance(found.get("params"), dict) else {}
        return StoreError(" ".join(str(found.get("message", found["error"])).split()),
                          found["error"], **params)

    def _not_ours(self, detail: str = "") -> StoreError:
        return StoreError(f"{self.url} is not a Hofstaat server{detail}", "sync_not_hofstaat",
                          url=self.url)

    # --- the server and the account ----------------------------------------------------

    def check(self) -> str:
        """That this is a Hofstaat server of this app's protocol; its id.

        :raises StoreError: ``sync_not_hofstaat``, ``sync_version`` or ``sync_unreachable``.
        """
        found = self._call("GET", "/api/info")
        if not isinstance(found, dict) or found.get("app") != "hofstaat":
            raise self._not_ours()
        if found.get("protocol") != PROTOCOL:
            raise StoreError(f"the server syncs with protocol {found.get('protocol')!r}, this "
                             f"app with {PROTOCOL}: update the older of the two", "sync_version",
                             server=str(found.get("protocol")), app=PROTOCOL)
        return str(found.get("server"))

    def register(self, login: str, name: str, password: str) -> None:
        self.check()
        self._call("POST", "/api/accounts", {"login": login, "name": name, "password": password})

    def sign_in(self, login: str, password: str) -> dict[str, Any]:
        """Sign in; keeps the session's token and returns the account (``login``, ``name``)."""
        self.check()
        found = self._call("POST", "/api/sessions", {"login": login, "password": password})
        self.token = found["token"]
        return {"login": found["login"], "name": found["name"], "token": found["token"]}

    def change_password(self, old: str, new: str) -> None:
        """The account's password; the server ends its other sessions, this one goes on."""
        self._call("PUT", "/api/accounts/password", {"old": old, "new": new})

    def sign_out(self) -> None:
        if self.token:
            try:
                self._call("DELETE", "/api/sessions")
            finally:
                self.token = None

    def circles(self) -> list[CircleInfo]:
        return [_circle(c) for c in self._call("GET", "/api/circles")]

    def create_circle(self, name: str) -> CircleInfo:
        return _circle(self._call("POST", "/api/circles", {"name": name}))

    def join(self, code: str) -> CircleInfo:
        return _circle(self._call("POST", "/api/circles/join", {"code": code}))

    def invite(self, circle_id: int) -> str:
        return str(self._call("POST", f"/api/circles/{int(circle_id)}/invitations")["code"])

    def remote(self, circle: CircleInfo) -> HttpRemote:
        return HttpRemote(self, circle)


class HttpRemote:
    """A circle on a server, as ``core.store.sync.sync`` exchanges changes with it."""

    def __init__(self, client: ServerClient, circle: CircleInfo) -> None:
        self.client, self.circle = client, circle

    @property
    def identity(self) -> str:
        return self.circle.identity

    def exchange(self, changes: str, since: int, more: bool = False) -> tuple[str, int, bool]:
        found = self.client._call("POST", f"/api/circles/{self.circle.id}/sync",
                                  {"protocol": PROTOCOL, "since": since, "changes": changes,
                                   "more": more},
                                  timeout=SYNC_TIMEOUT)
        if not (isinstance(found, dict) and isinstance(found.get("changes"), str)
                and isinstance(found.get("upto"), int) and isinstance(found.get("more"), bool)):
            raise self.client._not_ours()
        return found["changes"], found["upto"], found["more"]


def _circle(found: Any) -> CircleInfo:
    return CircleInfo(int(found["id"]), str(found["name"]), str(found["role"]),
                      str(found["identity"]))
