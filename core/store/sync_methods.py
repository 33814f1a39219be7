"""The ``Store``'s calls for syncing with a server: what changed since a change number, and
merging what came back while telling apart what the merge itself changed.

A mixin of ``Store`` (``repository``); the exchange itself is ``core.store.sync``. Settings
never travel in a sync: a circle's server is shared by many people, each device keeps its
language and theme.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any, Callable

from sqlalchemy import text
from sqlmodel import Session

from core.store import backup, backup_file, backup_ledger, changes, derive

# What a payment is checked against when it is merged: every debt, payment and correction, and
# who is whom.
LEDGER_KINDS = ("dynasties", "ledger", "merges")


class SyncMethods:
    """What a sync asks of a store, on the phone and on the server alike."""

    _clock: Callable[[], float]
    _session: Callable[..., AbstractContextManager[Session]]
    _write: Callable[[Callable[[Session], Any]], Any]

    def change_mark(self) -> int:
        """The number of the latest change saved here."""
        with self._session(write=False) as s:
            return changes.mark(s)

    def changes_since(self, since: int) -> tuple[str, int]:
        """The records changed after change number ``since`` (0: all of them) as a backup
        file's text without settings, and the change number it reaches; both from one snapshot,
        so the next call from that number misses nothing."""
        with self._session(write=False) as s:
            upto = changes.mark(s)
            data = backup.export(s, changes.Since(since) if since else None,
                                 leave_out=("settings",))
        return backup.dumps(data), upto

    def changes_page(self, after: int, limit: int, upto: int | None = None,
                     also: dict[str, list[str]] | None = None) -> tuple[str, int, bool]:
        """The records of the next ``limit`` changes after change number ``after`` (up to
        ``upto``), as a backup file's text without settings; the number of the last change it
        holds, and whether more follow.

        A page holds what its records need (the people of a game, the game of a dynasty...)
        when that changed after ``after`` too, so it merges on its own: whoever took every
        change up to ``after`` has the rest. A payment needs every debt its two people ever
        had (``backup_ledger.check_payments``): a page with one holds every dynasty, payment,
        correction and merge of people that changed after ``after``. ``also`` names records
        (by kind) the page holds whenever they changed.
        """
        with self._session(write=False) as s:
            wanted, last, more = changes.page(s, after, limit, upto)
            for kind, ids in (also or {}).items():
                wanted.setdefault(kind, set()).update(ids)
            data = _export(s, wanted)
            _add_what_it_needs(s, data, wanted, after)
        return backup.dumps(data), last, more

    def note_again(self, records: dict[str, list[str]]) -> None:
        """Note the records named (by kind) as changed now, so the next sync sends them."""
        self._write(lambda s: changes.note_again(s, records))

    def merge_changes(self, raw: bytes | str, count: bool = True) -> tuple[backup.ImportReport, int, int]:
        """Merge a sync's changes, all of them or nothing, like ``import_backup``; with the
        change numbers before and after, so the changes the merge made can be told apart
        (between them, and no other writer's: the counter is held for the whole merge).
        ``count`` False: more pages of this sync follow, and the statistics and ratings are
        counted after the last (``derive.after_merge``).

        :raises BackupError: saying what is wrong; nothing is written then.
        """
        records = backup_file.parse(raw)
        leave_settings = {**records, "settings": []}

        def merge(s: Session) -> tuple[backup.ImportReport, int, int]:
            # Taking the counter's row first: no other writer can number a change until this
            # transaction ends, so every number between ``before`` and ``after`` is this merge's.
            s.execute(text("UPDATE hofstaat_seq SET last = last WHERE id = 1"))
            before = changes.mark(s)
            report = merge_records(s, leave_settings, self._clock(), count)
            return report, before, changes.mark(s)

        return self._write(merge)


def merge_records(s: Session, records: dict[str, Any], now: float,
                  count: bool = True) -> backup.ImportReport:
    """Merge a parsed backup's records in the caller's transaction, and derive what follows
    from them (results, statistics, ratings, settled debts).

    :raises BackupError: for a record that cannot be merged, or payments that no longer fit.
    """
    report = backup.merge(s, records, now)
    derive.after_merge(s, report, count)
    if report.changed:
        try:
            backup_ledger.check_payments(s, report.added.get("ledger", []))
        except backup.Invalid as exc:
            raise backup.invalid(str(exc)) from None  # the transaction rolls back
    return report


def _export(s: Session, chosen: dict[str, set[str]]) -> dict[str, Any]:
    return backup.export(s, changes.Among(chosen), leave_out=("settings",))


def _add_what_it_needs(s: Session, data: dict[str, Any], wanted: dict[str, set[str]],
                       after: int) -> None:
    """Add to a page's ``data`` what its records need that changed after ``after`` (see
    ``changes_page``), and what that needs in turn."""
    kinds = {k.name: k for k in backup.KINDS}
    sent = {kind: set(ids) for kind, ids in wanted.items()}
    pays = any(e.get("kind") == "payment" for e in data.get("ledger", []))
    needed = changes.changed_kinds(s, LEDGER_KINDS, after) if pays else {}
    fresh = data
    while True:
        for name, found in fresh.items():
            kind = kinds.get(name)
            for record in found if kind is not None and isinstance(found, list) else ():
                for ref_kind, uid in kind.refs(record):
                    if uid is not None:
                        needed.setdefault(ref_kind, set()).add(uid)
        needed = {kind: ids - sent.get(kind, set())
                  for kind, ids in changes.changed_among(s, needed, after).items()}
        needed = {kind: ids for kind, ids in needed.items() if ids}
        if not needed:
            return
        fresh = _export(s, needed)
        for name, found in fresh.items():
            if isinstance(found, list):
                data[name] = [*data[name], *found]
        for kind, ids in needed.items():
            sent.setdefault(kind, set()).update(ids)
        needed = {}
