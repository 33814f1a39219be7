"""Backups that merge: one versioned JSON file with every record, and importing it by id.

A backup is a JSON object ``{"format": "hofstaat-backup", "version": N, <kind>: [...]}``
with one list per record kind. Records name each other by uuid (``core.store.ids``),
never by a database's own integer ids, so a file from one phone merges into another.

Each kind is one ``Kind`` in ``KINDS``: how to dump its records, check one, and
merge one into a database. A new kind (the ledger's dynasties and history, say)
is one ``register`` call; giving it a ``since`` above the current version raises
the format version, so an older Hofstaat refuses such files as "newer". An
append-only history merges by plain union: its ``plan`` returns ``ADD`` for an
id not here, ``SAME`` for an equal one and raises ``Clash`` otherwise, so a
payment recorded on one phone is recorded on both after they swap backups::

    backup.register(Kind("debts", 2, dump_debts, check_debt, plan_debt, write_debt,
                         refs=lambda r: [("dynasties", r["dynasty"])], table=table_of(DebtRow)))

Importing never half-writes: the whole file is read and checked first (shape,
references between records), then every record is compared with the database
(an id whose fixed content differs is a clash) and only then written, all in
the caller's one transaction.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Table, select
from sqlmodel import Session

from core.store.errors import StoreError
from core.store.ids import is_uuid

FORMAT = "hofstaat-backup"
FORMAT_KEYS = ("format", "version")
# A phone's years of games are a few megabytes; anything far larger is not ours.
MAX_BYTES = 200 * 1024 * 1024
# No record nests deeper than a game's state (about ten levels); whole numbers are kept in
# 64 bits by every database the store runs on.
MAX_DEPTH = 64
MAX_INT = 2**63 - 1
LATEST_TIME = 253_402_300_799  # 9999-12-31 23:59:59
MAX_COUNT = 1_000_000  # undos or hints in one game

# What merging one record did (or will do).
ADD, UPDATE, SAME, KEEP = "added", "updated", "unchanged", "kept"
OUTCOMES = (ADD, UPDATE, SAME, KEEP)


class BackupError(StoreError):
    """A backup file that cannot be imported; nothing was written."""


class Invalid(Exception):
    """What is wrong with one record; the importer adds which record it is."""


class Clash(Exception):
    """A record whose id is taken here by a record with different fixed content."""


@dataclass
class Links:
    """Uuid to local id and back, per kind, for the kinds that have a table."""

    session: Session
    tables: dict[str, Table]
    _local: dict[str, dict[str, int]] = field(default_factory=dict)
    _uuid: dict[str, dict[int, str]] = field(default_factory=dict)

    def _load(self, kind: str) -> None:
        if kind not in self._local:
            t = self.tables[kind]
            rows = self.session.execute(select(t.c.id, t.c.uuid)).all()
            self._local[kind] = {u: i for i, u in rows}
            self._uuid[kind] = {i: u for i, u in rows}

    def local(self, kind: str, uuid: str | None) -> int | None:
        """The local id of a record of ``kind``, or None (for None, or one not here)."""
        if uuid is None:
            return None
        self._load(kind)
        return self._local[kind].get(uuid)

    def uuid(self, kind: str, local_id: int | None) -> str | None:
        """The uuid of the local record ``local_id`` of ``kind``, or None."""
        if local_id is None:
            return None
        self._load(kind)
        return self._uuid[kind].get(local_id)

    def add(self, kind: str, uuid: str, local_id: int) -> None:
        """Remember a record just written."""
        self._load(kind)
        self._local[kind][uuid] = local_id
        self._uuid[kind][local_id] = uuid


@dataclass(frozen=True)
class Note:
    """Something an import did that the person should know: ``key`` and ``params`` let the
    UI say it in the person's language; ``text`` says it in English."""

    key: str
    text: str
    params: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text


@dataclass
class Plan:
    """Everything known while one file is merged: its records and what each will do."""

    records: dict[str, list[dict[str, Any]]]
    links: Links
    now: float
    steps: dict[str, list[tuple[str, dict[str, Any], Any]]] = field(default_factory=dict)
    notes: list[Note] = field(default_factory=list)  # what the person should know afterwards
    # What the merge did to what is derived: games whose results it wrote for the first time,
    # games it changed at all, and whether it replaced results that were counted already.
    derived: list[int] = field(default_factory=list)
    touched: list[int] = field(default_factory=list)
    rederived: bool = False
    _memo: dict[Any, Any] = field(default_factory=dict)

    def memo(self, key: Any, make: Callable[[], Any]) -> Any:
        """A value computed once per import (rows read from the database, say)."""
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]


@dataclass(frozen=True)
class Kind:
    """One kind of record in a backup, and how to export, check and merge it.

    ``dump(session, links, chosen)`` gives every record in file order (stable, from the
    records' content only, so that export, import elsewhere and export again give
    the same file); with ``chosen`` (``changes.Since``, ``changes.Among``), those it
    selects. ``check(record)`` raises ``Invalid``. ``refs(record)`` names the
    ``(kind, uuid)`` records it needs, which must be in the file or the database. ``plan(plan, record)`` compares it with the database and returns
    ``(outcome, detail)`` or raises ``Clash``; ``write(plan, record, detail)``
    writes an ``ADD`` or ``UPDATE``.
    """

    name: str
    since: int
    dump: Callable[..., list[dict[str, Any]]]
    check: Callable[[dict[str, Any]], None]
    plan: Callable[[Plan, dict[str, Any]], tuple[str, Any]]
    write: Callable[[Plan, dict[str, Any], Any], None]
    refs: Callable[[dict[str, Any]], Iterable[tuple[str, str | None]]] = lambda r: ()
    key: str = "id"  # the field that identifies a record
    table: Table | None = None  # rows with a uuid column, for ``Links``
    most: int = 1_000_000  # records of this kind one file may hold
    until: int | None = None  # the last format that has this kind (files since derive it)


KINDS: list[Kind] = []


def register(kind: Kind) -> None:
    """Add a kind of record to every backup; kinds are merged in the order they are added.

    :raises ValueError: when a kind of that name is already registered.
    """
    if any(k.name == kind.name for k in KINDS) or kind.name in FORMAT_KEYS:
        raise ValueError(f"backup kind {kind.name!r} is already registered")
    KINDS.append(kind)


def version() -> int:
    """The format version this code writes: the newest ``since`` of its kinds."""
    return max((k.since for k in KINDS), default=1)


def links(session: Session) -> Links:
    """Fresh links for the kinds registered now."""
    return Links(session, {k.name: k.table for k in KINDS if k.table is not None})


# --- export ----------------------------------------------------------------------------


def export(session: Session, chosen: Any = None, leave_out: Iterable[str] = ()) -> dict[str, Any]:
    """Every record of every kind (or those ``chosen`` selects: ``changes.Since``,
    ``changes.Among``), as the backup's JSON object; the kinds named in ``leave_out`` are
    there as empty lists."""
    ln = links(session)
    data: dict[str, Any] = {"format": FORMAT, "version": version()}
    for kind in KINDS:
        if kind.until is None:
            data[kind.name] = [] if kind.name in leave_out else kind.dump(session, ln, chosen)
    return data


def dumps(data: dict[str, Any]) -> str:
    """The backup's text: compact UTF-8 with keys sorted, so equal backups are equal bytes."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"),
                      allow_nan=False) + "\n"


# --- refusing a file ------------------------------------------------------------------


def fail(key: str, message: str, **params: Any) -> BackupError:
    """A refusal in one line: what a file holds is quoted with its line breaks and other
    unprintable characters escaped (a refusal is one line on the command line too)."""
    line = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
    return BackupError(f"{line}; nothing was imported", key, **params)


def invalid(message: str, **params: Any) -> BackupError:
    return fail("backup_invalid", f"the backup file is damaged: {message}",
                 problem=message, **params)


# --- merging ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ImportReport:
    """What an import did, per kind: how many records were added, updated, already here,
    or kept as they were here (see each kind for when that happens), and any notes."""

    counts: dict[str, dict[str, int]]
    notes: tuple[Note, ...] = ()
    # The records added, by kind, for checks that need the merged database.
    added: dict[str, list[dict[str, Any]]] = field(default_factory=dict, repr=False,
                                                   compare=False)
    # The ids of the records updated (an older version here, or two versions combined), and of
    # those kept as they were here (this version wins over the file's), by kind.
    updated: dict[str, list[str]] = field(default_factory=dict, repr=False, compare=False)
    kept: dict[str, list[str]] = field(default_factory=dict, repr=False, compare=False)
    # For deriving what follows (``derive.after_merge``): see ``Plan``.
    derived: tuple[int, ...] = field(default=(), repr=False, compare=False)
    touched: tuple[int, ...] = field(default=(), repr=False, compare=False)
    rederived: bool = field(default=False, repr=False, compare=False)

    @property
    def changed(self) -> bool:
        return any(c[ADD] or c[UPDATE] for c in self.counts.values())

    def total(self, outcome: str) -> int:
        return sum(c[outcome] for c in self.counts.values())


def merge(session: Session, records: dict[str, list[dict[str, Any]]], now: float) -> ImportReport:
    """Merge checked records into the database inside the session's transaction.

    :raises BackupError: for a record naming one that is neither in the file nor here
        (``backup_invalid``), or an id that is taken here by different content
        (``backup_clash``); nothing has been written then.
    """
    plan = Plan(records, links(session), now)
    _check_refs(plan)
    for kind in KINDS:  # compare everything first: a clash must stop the import before any write
        steps = plan.steps[kind.name] = []
        for i, record in enumerate(records[kind.name]):
            try:
                outcome, detail = kind.plan(plan, record)
            except Invalid as exc:
                raise invalid(f"{kind.name} record {i + 1}: {exc}", kind=kind.name,
                               index=i + 1) from None
            except Clash as exc:
                raise fail("backup_clash", f"{kind.name} record {i + 1} has the id "
                            f"{record[kind.key]}, which belongs to a different record here "
                            f"({exc})", kind=kind.name, index=i + 1, id=record[kind.key],
                            problem=str(exc)) from None
            steps.append((outcome, record, detail))
    counts, added, updated, kept = {}, {}, {}, {}
    for kind in KINDS:
        tally = dict.fromkeys(OUTCOMES, 0)
        for outcome, record, detail in plan.steps[kind.name]:
            if outcome in (ADD, UPDATE):
                kind.write(plan, record, detail)
            tally[outcome] += 1
        counts[kind.name] = tally
        added[kind.name] = [r for outcome, r, _ in plan.steps[kind.name] if outcome == ADD]
        updated[kind.name] = [r[kind.key] for outcome, r, _ in plan.steps[kind.name]
                              if outcome == UPDATE]
        kept[kind.name] = [r[kind.key] for outcome, r, _ in plan.steps[kind.name]
                           if outcome == KEEP]
        session.flush()
    return ImportReport(counts, tuple(plan.notes), added, updated, kept, tuple(plan.derived),
                        tuple(plan.touched), plan.rederived)


def _check_refs(plan: Plan) -> None:
    in_file = {k.name: {r[k.key] for r in plan.records[k.name]} for k in KINDS}
    for kind in KINDS:
        for i, record in enumerate(plan.records[kind.name]):
            for ref_kind, uuid in kind.refs(record):
                if uuid is None or uuid in in_file[ref_kind]:
                    continue
                if plan.links.local(ref_kind, uuid) is None:
                    raise invalid(f"{kind.name} record {i + 1} names {ref_kind} {uuid}, which is "
                                   "neither in the file nor here", kind=kind.name, index=i + 1)


# --- helpers for kinds -----------------------------------------------------------------


def is_time(value: Any) -> bool:
    """A time in seconds since 1970, before the year 10000 (a float holds every such second
    exactly, so a time reads back as it was written)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and 0 <= value <= LATEST_TIME)


def is_number(value: Any) -> bool:
    """A finite number a float holds exactly when it is whole (a score, a figure)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and abs(value) <= 2**53)


def counts(r: dict[str, Any]) -> None:
    """A record's undo and hint counts, checked (sums of them must fit 64 bits)."""
    for name in ("undos", "hints"):
        need(r, name, lambda v: isinstance(v, int) and not isinstance(v, bool)
             and 0 <= v <= MAX_COUNT, f"a whole number from 0 to {MAX_COUNT}")


def need(record: dict[str, Any], name: str, test: Callable[[Any], bool], what: str) -> Any:
    """A record's field, checked.

    :raises Invalid: when it is missing or ``test`` refuses it, saying it must be ``what``.
    """
    if name not in record:
        raise Invalid(f"lacks {name}")
    value = record[name]
    if not test(value):
        raise Invalid(f"{name} must be {what}, not {value!r}"[:300])
    return value


def only(record: dict[str, Any], fields: Iterable[str]) -> None:
    """Refuse fields a record must not have.

    :raises Invalid: naming them.
    """
    extra = sorted(set(record) - set(fields))
    if extra:
        raise Invalid(f"it has unknown fields: {', '.join(map(str, extra))}")


def uuid_field(record: dict[str, Any], name: str = "id", optional: bool = False) -> str | None:
    """A field holding a record id (or None when ``optional``).

    :raises Invalid: when it is not one.
    """
    return need(record, name, lambda v: is_uuid(v) or (optional and v is None),
                "an id of 32 hex digits" + (" or null" if optional else ""))


def differing(a: dict[str, Any], b: dict[str, Any], fields: Iterable[str]) -> list[str]:
    """The fields whose values differ between two records (1 and 1.0 count as equal)."""
    return [f for f in fields if a.get(f) != b.get(f)]
