"""Two profiles that are one person: merges recorded once and read everywhere after.

When the same friend was added on two phones, the merged records hold two profiles
for one person. A merge says "``source`` is ``target``"; it is a record like any other
(a uuid, both profiles' uuids, a time), travels in backups and is never undone. Every
derived figure reads a merged-away profile as the profile it was merged into: the
ledger, statistics and ratings (``canonical``). The merged-away profile stays, listed only
with the archived ones, so old games still show the name they were played under.

Merges from several devices may cross (Anna-2 into Anna here, Anna into Anna-2 there):
each profile follows its earliest merge (by time, then id), and a circle of merges
ends at the smallest uuid in it, so every device reads the same person for each profile.
"""

from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy import insert, select

from core.store.errors import StoreError
from core.store.tables import ProfileMergeRow, ProfileRow, table_of

M, P = table_of(ProfileMergeRow).c, table_of(ProfileRow).c


def edges(rows: list[tuple[str, str, str, float]]) -> dict[str, str]:
    """Each merged-away profile's own target: its earliest merge (``(id, source, target, time)``)."""
    first: dict[str, tuple[float, str, str]] = {}
    for merge_id, source, target, created_at in rows:
        key = (created_at, merge_id, target)
        if source != target and (source not in first or key < first[source]):
            first[source] = key
    return {source: key[2] for source, key in first.items()}


def resolve(step: dict[str, str]) -> dict[str, str]:
    """Every profile that is read as another, with the profile it is read as.

    Each chain is walked once (the profiles on it learn their end as the walk returns), so a
    long chain of merges costs its length, not its length squared.
    """
    end: dict[str, str] = {}
    for start in step:
        if start in end:
            continue
        path, on_path, here = [], set(), start
        while here in step and here not in end and here not in on_path:
            on_path.add(here)
            path.append(here)
            here = step[here]
        if here in end:
            last = end[here]
        elif here in on_path:  # a circle: it ends at its smallest member
            last = min(path[path.index(here):])
        else:
            last = here
        for p in path:
            end[p] = last
    return {p: last for p, last in end.items() if p != last}


def canonical(s: Any) -> dict[str, str]:
    """Profile uuid -> the uuid it is read as, for every profile merged into another."""
    rows = s.execute(select(M.id, M.source, M.target, M.created_at)).all()
    return resolve(edges([tuple(r) for r in rows])) if rows else {}


def local(s: Any) -> dict[int, int]:
    """The same as ``canonical`` by this database's own profile ids."""
    read_as = canonical(s)
    if not read_as:
        return {}
    ids = dict(s.execute(select(P.uuid, P.id).where(
        P.uuid.in_(set(read_as) | set(read_as.values())))).all())
    return {ids[a]: ids[b] for a, b in read_as.items() if a in ids and b in ids}


def merge(s: Any, source: str, target: str, now: float) -> str:
    """Record that profile ``source`` is the same person as ``target``; return the merge's id.

    Both must be people (a computer level is one player already).

    :raises StoreError: when either is missing, they are the same, one is a computer, or
        ``source`` is already read as another person.
    """
    found = {r.uuid: r for r in s.execute(select(P.uuid, P.kind).where(P.uuid.in_([source, target])))}
    if source == target:
        raise StoreError("a person cannot be merged with themselves", "same_profile")
    for who in (source, target):
        if who not in found:
            raise StoreError(f"there is no profile {who!r}", "profile_missing", profile_id=who)
        if found[who].kind != "human":
            raise StoreError("only people can be merged; a computer level is one player already",
                             "merge_bot")
    now_read = canonical(s)
    if now_read.get(target, target) == now_read.get(source, source):
        raise StoreError("these two are already one person", "merge_done")
    merge_id = uuid.uuid4().hex
    s.execute(insert(table_of(ProfileMergeRow)).values(id=merge_id, source=source, target=target,
                                                       created_at=now))
    return merge_id
