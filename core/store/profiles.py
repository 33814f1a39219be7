"""Profiles: people and named computer players, their names, and archiving them.

Each function works inside the transaction of the session it is given.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from sqlalchemy import false, select
from sqlmodel import Session

from core.bots import LEVELS
from core.store import merges
from core.store.checks import is_int
from core.store.errors import StoreError
from core.store.tables import ProfileRow, table_of
from core.store.values import KINDS, Profile

P = table_of(ProfileRow).c
NAME_MAX = 30


def create(s: Session, name: str, kind: str, level: str | None, now: float) -> Profile:
    """Add a person or a named computer player (a bot without a level plays "normal").

    :raises StoreError: for an empty, too long or taken name, or a bad kind or level.
    """
    clean = _clean_name(name)
    kind, level = _check_kind(kind, level)
    _check_name_free(s, clean, None)
    row = ProfileRow(name=clean, kind=kind, level=level, archived=False, created_at=now,
                     changed_at=now)
    s.add(row)
    s.flush()
    return _profile(row)


def rename(s: Session, profile_id: int, name: str, now: float) -> Profile:
    """Give a profile a new name.

    :raises StoreError: when there is no such profile, or the name is empty, too long or taken.
    """
    clean = _clean_name(name)
    row = profile_row(s, profile_id)
    if not row.archived:
        _check_name_free(s, clean, profile_id)
    if row.name != clean:
        row.name, row.changed_at = clean, now
    s.flush()
    return _profile(row)


def archive(s: Session, profile_id: int, archived: bool, now: float) -> Profile:
    """Hide a profile from pickers (its results stay), or bring it back.

    :raises StoreError: when there is no such profile, or its name was taken meanwhile.
    """
    row = profile_row(s, profile_id)
    if row.archived and not archived:
        _check_name_free(s, row.name, profile_id)
    if row.archived != bool(archived):
        row.archived, row.changed_at = bool(archived), now
    s.flush()
    return _profile(row)


def listed(s: Session, include_archived: bool) -> list[Profile]:
    """Profiles ordered by name, ignoring case and accents (then by uuid); a profile merged
    into another only with the archived ones."""
    query = select(ProfileRow)
    if not include_archived:
        query = query.where(P.archived == false())
    rows = s.execute(query).scalars().all()
    read_as = merges.local(s)
    found = [_profile(r, read_as.get(r.id)) for r in rows]
    if not include_archived:
        found = [p for p in found if p.merged_into is None]
    return sorted(found, key=lambda p: (_sort_key(p.name), p.uuid))


def get(s: Session, profile_id: int) -> Profile:
    """One profile, archived or not.

    :raises StoreError: when there is no such profile.
    """
    return _profile(profile_row(s, profile_id), merges.local(s).get(profile_id))


def profile_row(s: Session, profile_id: int) -> ProfileRow:
    """The row of a profile.

    :raises StoreError: when there is no such profile.
    """
    row = s.get(ProfileRow, profile_id) if is_int(profile_id) else None
    if row is None:
        raise StoreError(f"there is no profile {profile_id!r}", "profile_missing",
                         profile_id=profile_id)
    return row


def check_seat_profiles(s: Session, seats: list[dict[str, Any]]) -> None:
    """Make sure every profile the seats name exists.

    :raises StoreError: naming the first seat whose profile does not.
    """
    wanted = {seat["profile_id"] for seat in seats if seat.get("profile_id") is not None}
    if not wanted:
        return
    known = set(s.execute(select(P.id).where(P.id.in_(wanted))).scalars())
    for i, seat in enumerate(seats):
        if seat.get("profile_id") is not None and seat["profile_id"] not in known:
            raise StoreError(f"seat {i} names profile {seat['profile_id']}, which does not exist",
                             "profile_missing", profile_id=seat["profile_id"])


def _profile(row: ProfileRow, merged_into: int | None = None) -> Profile:
    assert row.id is not None
    return Profile(row.id, row.name, row.kind, row.level, bool(row.archived), row.created_at,
                   row.uuid, merged_into)


def _clean_name(name: Any) -> str:
    if not isinstance(name, str):
        raise StoreError(f"a name must be text, not {name!r}", "name_empty")
    clean = unicodedata.normalize("NFC", name).strip()
    if not clean:
        raise StoreError("a name needs at least one character", "name_empty")
    if len(clean) > NAME_MAX:
        raise StoreError(f"a name may have at most {NAME_MAX} characters; {clean!r} has "
                         f"{len(clean)}", "name_too_long", name=clean, limit=NAME_MAX)
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in clean):
        raise StoreError(f"a name cannot contain line breaks or control characters: {clean!r}",
                         "name_invalid", name=clean)
    return clean


def _check_kind(kind: Any, level: Any) -> tuple[str, str | None]:
    if kind not in KINDS:
        raise StoreError(f"a profile is 'human' or 'bot', not {kind!r}", "bad_kind", kind=kind)
    if kind == "human":
        if level is not None:
            raise StoreError("only computer players have a level", "bad_level", level=level)
        return kind, None
    level = "normal" if level is None else level
    if level not in LEVELS:
        raise StoreError(f"level {level!r} does not exist (levels: {', '.join(LEVELS)})",
                         "bad_level", level=level)
    return kind, level


def _check_name_free(s: Session, name: str, except_id: int | None) -> None:
    key = name.casefold()
    for other_id, other in s.execute(select(P.id, P.name).where(P.archived == false())):
        if other_id != except_id and other.casefold() == key:
            raise StoreError(f"the name {other!r} is already taken", "name_taken", name=other)


def _sort_key(name: str) -> tuple[str, str]:
    # "Ärni" belongs next to "Anna", not after "Zoe": compare without accents first.
    folded = name.casefold()
    plain = "".join(c for c in unicodedata.normalize("NFKD", folded)
                    if not unicodedata.combining(c))
    return plain, folded
