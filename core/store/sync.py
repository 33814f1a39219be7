"""Syncing a device's records with a circle's server: each side sends what changed since the
last sync, and each merges what it gets exactly as it would merge a backup file, so they end
up with the same records whatever the order, after hours or days apart.

One sync is one exchange: the device sends its changes since the change number it sent up to
last time, with the server's change number it received up to; the server merges them and
answers with its own changes since that number (the device's, merged, among them). Then the
device merges the answer. Only when that merge is written does the device move its two
numbers on, so a sync cut off at any point is simply done again: merging is idempotent, and
nothing (a payment least of all) is counted as sent before the server has it.

The numbers are kept per server and circle (``Remote.identity``) in a setting of this device
(``sync.<identity>``), which backups leave out.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Protocol

from core.store.backup import ImportReport
from core.store.errors import StoreError

PROTOCOL = 1  # raised when what a sync sends changes; both sides must speak the same
SETTING_PREFIX = "sync."


class Remote(Protocol):
    """A server as a device reaches it (over HTTP, or in the same process in tests)."""

    @property
    def identity(self) -> str:
        """The server's own id and the circle's: another server, or one started afresh from
        nothing, has another."""
        ...

    def exchange(self, changes: str, since: int) -> tuple[str, int]:
        """Send this device's changes; get the server's changes after ``since`` and the
        change number they reach.

        :raises StoreError: ``sync_restart`` when the server has not got as far as ``since``
            (it was restored from an older copy): sync everything again. Anything else the
            server or the network refuses.
        """
        ...


@dataclass(frozen=True)
class SyncReport:
    """What one sync did: records sent, and what merging the server's answer did here."""

    sent: int
    received: ImportReport
    upto: int  # the server's change number this device has now


def answer(store: Any, changes: str, since: int) -> tuple[str, int]:
    """The server's half of an exchange, on the circle's store.

    :raises StoreError: ``sync_restart`` when ``since`` is beyond this store's changes;
        ``BackupError`` when the device's changes cannot be merged (nothing is written then).
    """
    if not isinstance(since, int) or isinstance(since, bool) or since < 0:
        raise StoreError("a sync names the change it has received up to as a whole number",
                         "sync_invalid")
    if since > store.change_mark():
        raise StoreError("this server has fewer changes than the device received from it "
                         "(it was restored from an older copy): everything is synced again",
                         "sync_restart")
    store.merge_changes(changes)
    return store.changes_since(since)


def setting_key(identity: str) -> str:
    """The setting keeping how far this device has synced with the server ``identity``."""
    return SETTING_PREFIX + hashlib.sha256(identity.encode()).hexdigest()[:32]


def sync(store: Any, remote: Remote) -> SyncReport:
    """Exchange changes with ``remote`` and merge its answer here.

    :raises StoreError: what the remote or the merge refuses; this device's records and its
        sync numbers are then as they were.
    """
    key = setting_key(remote.identity)
    cursor = store.get_setting(key)
    sent, received = _numbers(cursor)
    try:
        return _exchange(store, remote, key, sent, received)
    except StoreError as exc:
        if exc.key != "sync_restart" or (sent, received) == (0, 0):
            raise
        return _exchange(store, remote, key, 0, 0)


def _exchange(store: Any, remote: Remote, key: str, sent: int, received: int) -> SyncReport:
    outgoing, mark = store.changes_since(sent)
    incoming, upto = remote.exchange(outgoing, received)
    report, before, after = store.merge_changes(incoming)
    # What that merge changed came from the server and need not go back; but if this device
    # saved something while the exchange was under way, everything from ``mark`` goes next
    # time (the server finds what it has already unchanged).
    store.set_setting(key, {"sent": after if before == mark else mark, "received": upto})
    return SyncReport(_count(outgoing), report, upto)


def _numbers(cursor: Any) -> tuple[int, int]:
    if isinstance(cursor, dict):
        sent, received = cursor.get("sent"), cursor.get("received")
        if all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in (sent, received)):
            return sent, received
    return 0, 0  # never synced, or a damaged setting: everything again is always safe


def _count(changes: str) -> int:
    data = json.loads(changes)
    return sum(len(v) for v in data.values() if isinstance(v, list))
