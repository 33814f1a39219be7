"""Syncing a device's records with a circle's server: each side sends what changed since the
last sync, and each merges what it gets exactly as it would merge a backup file, so they end
up with the same records whatever the order, after hours or days apart.

A sync is a few exchanges of pages: the device sends a page of its changes since the change
number it sent up to last time, with the server's change number it received up to; the server
merges the page and answers with a page of its own changes since that number (the device's,
merged, among them). Then the device merges the answer. Only when that merge is written does
the device move its two numbers on, so a sync cut off at any point goes on from the last page
merged: merging is idempotent, and nothing (a payment least of all) is counted as sent before
the server has it. A page carries what its records need, so each merges on its own.

The numbers are kept per server and circle (``Remote.identity``) in a setting of this device
(``sync.<identity>``), which backups leave out.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Protocol

from core.store.errors import StoreError

PROTOCOL = 1  # raised when what a sync sends changes; both sides must speak the same
SETTING_PREFIX = "sync."
PAGE = 2_000  # changed records per exchange (a few megabytes), what they need comes with them


class Remote(Protocol):
    """A server as a device reaches it (over HTTP, or in the same process in tests)."""

    @property
    def identity(self) -> str:
        """The server's own id and the circle's: another server, or one started afresh from
        nothing, has another."""
        ...

    def exchange(self, changes: str, since: int, more: bool = False) -> tuple[str, int, bool]:
        """Send a page of this device's changes (``more``: and more pages of them follow); get
        a page of the server's changes after ``since``, the number of its last change, and
        whether more follow.

        :raises StoreError: ``sync_restart`` when the server has not got as far as ``since``
            (it was restored from an older copy): sync everything again. Anything else the
            server or the network refuses.
        """
        ...


@dataclass(frozen=True)
class SyncReport:
    """What one sync did: records sent, records that came and were new or newer here, the
    exchanges it took, and the server's change number this device has now."""

    sent: int
    new: int
    exchanges: int
    upto: int


def answer(store: Any, changes: str, since: int, limit: int = PAGE,
           more: bool = False) -> tuple[str, int, bool]:
    """The server's half of an exchange, on the circle's store: merge the device's page, then
    the next page of this store's changes after ``since``. While the device has ``more``
    pages to send, the statistics and ratings wait for its last one (a first sync sends
    dozens, and each could make the server count every game again).

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
    report, _before, _after = store.merge_changes(changes, count=not more)
    # A record the device sent that loses to the version here goes back with the answer, changed
    # here lately or not: the device must end with the version that wins.
    return store.changes_page(since, limit, also=report.kept)


def setting_key(identity: str) -> str:
    """The setting keeping how far this device has synced with the server ``identity``."""
    return SETTING_PREFIX + hashlib.sha256(identity.encode()).hexdigest()[:32]


def sync(store: Any, remote: Remote, limit: int = PAGE) -> SyncReport:
    """Exchange changes with ``remote``, a page at a time, merging each answer here.

    After each exchange the device keeps how far it got, so a sync cut off goes on from there
    next time.

    :raises StoreError: what the remote or a merge refuses; what was merged before stays.
    """
    key = setting_key(remote.identity)
    sent, received = _numbers(store.get_setting(key))
    try:
        return _exchanges(store, remote, key, sent, received, limit)
    except StoreError as exc:
        if exc.key != "sync_restart" or (sent, received) == (0, 0):
            raise
        return _exchanges(store, remote, key, 0, 0, limit)


def _exchanges(store: Any, remote: Remote, key: str, sent: int, received: int,
               limit: int) -> SyncReport:
    start = store.change_mark()
    merged = 0  # change numbers this sync's own merges took
    combined: dict[str, list[str]] = {}  # records the merges updated, or kept as they were here
    count = new = exchanges = 0
    more = True
    while more:
        outgoing, sent_upto, more_here = store.changes_page(sent, limit, upto=start)
        incoming, received, more_there = remote.exchange(outgoing, received, more_here)
        # Statistics and ratings are counted after the last page only: a page whose games end
        # before those counted would make each page count every game again.
        report, before, after = store.merge_changes(incoming, count=not (more_here or more_there))
        merged += after - before
        for found in (report.updated, report.kept):
            for kind, ids in found.items():
                combined.setdefault(kind, []).extend(ids)
        sent = sent_upto
        store.set_setting(key, {"sent": sent, "received": received})
        count += _count(outgoing)
        new += report.total("added") + report.total("updated")
        exchanges += 1
        more = more_here or more_there
    # What this sync's merges added came from the server and need not go back. What they updated
    # may combine a version from here the server lacks (or one whose page was not sent yet), and
    # what they kept as it was here wins over the server's: those go next time. If this device
    # saved something else meanwhile, all its changes from ``start`` on go next time (the
    # server finds what it has already unchanged).
    if store.change_mark() - start == merged:
        store.note_again(combined)
        store.set_setting(key, {"sent": start + merged, "received": received})
    return SyncReport(count, new, exchanges, received)


def _numbers(cursor: Any) -> tuple[int, int]:
    if isinstance(cursor, dict):
        sent, received = cursor.get("sent"), cursor.get("received")
        if all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in (sent, received)):
            return sent, received
    return 0, 0  # never synced, or a damaged setting: everything again is always safe


def _count(changes: str) -> int:
    data = json.loads(changes)
    return sum(len(v) for v in data.values() if isinstance(v, list))
