"""The ledger's record kinds in backups: dynasties played for money and the debt history.

Both merge by id. A dynasty's people, game, stake, currency and start must match the
one here, else the file is refused; a dynasty settled in the file but still open here
takes the file's end (one settled here stays as it is). The history is append-only:
an entry not here is added, an equal one is unchanged and a different one is refused,
except that a settled entry differing only in its time is kept as it is here (the same
dynasty settled on two devices gives the same ids, at two moments).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import insert, select, update
from sqlmodel import Session

from core.ledger import KINDS as ENTRY_KINDS
from core.ledger import SETTLED, LedgerError, check_cents, check_currency, check_stake
from core.store import backup
from core.store.backup import (ADD, KEEP, SAME, UPDATE, Clash, Invalid, Kind, Links, Plan,
                               differing, need, only, uuid_field)
from core.store.backup_kinds import is_time
from core.store.ids import is_uuid
from core.store.ledger import NOTE_MAX
from core.store.tables import DynastyRow, LedgerEntryRow, table_of

D, E = table_of(DynastyRow).c, table_of(LedgerEntryRow).c
# Dynasties are keyed by their uuid itself; ``Links`` reads it as both id and uuid.
DYNASTY_IDS = select(D.id, D.id.label("uuid")).subquery()


def _ledger(check: Any, value: Any) -> Any:
    try:
        return check(value)
    except LedgerError as exc:
        raise Invalid(str(exc)) from None


def _currency(r: dict[str, Any]) -> None:
    if _ledger(check_currency, r.get("currency")) != r["currency"]:
        raise Invalid(f"currency must be an upper-case code, not {r['currency']!r}")


def _here(plan: Plan, model: type) -> dict[str, Any]:
    """This database's rows of a ledger table by id, read once per import."""
    return plan.memo(model, lambda: {x.id: x for x in plan.links.session.execute(
        select(model)).scalars()})


# --- dynasties -------------------------------------------------------------------------

DYNASTY_FIELDS = ("id", "game", "players", "stake_cents", "currency", "created_at", "ended_at")
DYNASTY_FIXED = ("game", "players", "stake_cents", "currency", "created_at")


def _dynasty(row: DynastyRow, links: Links) -> dict[str, Any]:
    return {"id": row.id, "game": links.uuid("games", row.game_id),
            "players": [links.uuid("profiles", p) for p in row.players],
            "stake_cents": row.stake_cents, "currency": row.currency,
            "created_at": row.created_at, "ended_at": row.ended_at}


def dump_dynasties(s: Session, links: Links) -> list[dict[str, Any]]:
    rows = s.execute(select(DynastyRow).order_by(D.created_at, D.id)).scalars()
    return [_dynasty(r, links) for r in rows]


def check_dynasty(r: dict[str, Any]) -> None:
    only(r, DYNASTY_FIELDS)
    uuid_field(r)
    uuid_field(r, "game", optional=True)
    players = need(r, "players", lambda v: isinstance(v, list) and 2 <= len(v) <= 4,
                   "a list of 2 to 4 people")
    if not all(is_uuid(p) for p in players):
        raise Invalid("players must be ids of 32 hex digits")
    # A computer level plays on several seats as one profile, but two players there must be.
    if len(set(players)) < 2:
        raise Invalid("players names fewer than two different people")
    _ledger(check_stake, r.get("stake_cents"))
    _currency(r)
    need(r, "created_at", is_time, "a time in seconds")
    need(r, "ended_at", lambda v: v is None or is_time(v), "a time in seconds or null")


def dynasty_refs(r: dict[str, Any]) -> list[tuple[str, str | None]]:
    return [("games", r["game"])] + [("profiles", p) for p in r["players"]]


def plan_dynasty(plan: Plan, r: dict[str, Any]) -> tuple[str, Any]:
    row = _here(plan, DynastyRow).get(r["id"])
    if row is None:
        return ADD, None
    mine = _dynasty(row, plan.links)
    fixed = differing(mine, r, DYNASTY_FIXED)
    if fixed:
        raise Clash(f"its {', '.join(fixed)} differ")
    if mine["ended_at"] == r["ended_at"]:
        return SAME, None
    return (UPDATE, row) if mine["ended_at"] is None else (KEEP, None)


def write_dynasty(plan: Plan, r: dict[str, Any], row: DynastyRow | None) -> None:
    s, ln = plan.links.session, plan.links
    if row is not None:  # settled elsewhere, open here: it ends
        s.execute(update(table_of(DynastyRow)).where(D.id == r["id"])
                  .values(ended_at=r["ended_at"]))
        return
    s.execute(insert(table_of(DynastyRow)).values(
        id=r["id"], game_id=ln.local("games", r["game"]),
        players=[ln.local("profiles", p) for p in r["players"]], stake_cents=r["stake_cents"],
        currency=r["currency"], created_at=r["created_at"], ended_at=r["ended_at"]))


# --- the history -----------------------------------------------------------------------

ENTRY_FIELDS = ("id", "kind", "debtor", "creditor", "cents", "currency", "dynasty", "note",
                "created_at")


def _entry(row: LedgerEntryRow, links: Links) -> dict[str, Any]:
    return {"id": row.id, "kind": row.kind, "debtor": links.uuid("profiles", row.debtor),
            "creditor": links.uuid("profiles", row.creditor), "cents": row.cents,
            "currency": row.currency, "dynasty": row.dynasty_id, "note": row.note,
            "created_at": row.created_at}


def dump_entries(s: Session, links: Links) -> list[dict[str, Any]]:
    rows = s.execute(select(LedgerEntryRow).order_by(E.created_at, E.id)).scalars()
    return [_entry(r, links) for r in rows]


def check_entry(r: dict[str, Any]) -> None:
    only(r, ENTRY_FIELDS)
    uuid_field(r)
    need(r, "kind", lambda v: v in ENTRY_KINDS, f"one of {', '.join(ENTRY_KINDS)}")
    if uuid_field(r, "debtor") == uuid_field(r, "creditor"):
        raise Invalid("debtor and creditor are the same person")
    _ledger(check_cents, r.get("cents"))
    _currency(r)
    uuid_field(r, "dynasty", optional=r["kind"] != SETTLED)
    need(r, "note", lambda v: isinstance(v, str) and len(v) <= NOTE_MAX,
         f"a text of at most {NOTE_MAX} characters")
    need(r, "created_at", is_time, "a time in seconds")


def entry_refs(r: dict[str, Any]) -> list[tuple[str, str | None]]:
    return [("profiles", r["debtor"]), ("profiles", r["creditor"]), ("dynasties", r["dynasty"])]


def plan_entry(plan: Plan, r: dict[str, Any]) -> tuple[str, Any]:
    row = _here(plan, LedgerEntryRow).get(r["id"])
    if row is None:
        return ADD, None
    wrong = differing(_entry(row, plan.links), r, ENTRY_FIELDS)
    if not wrong:
        return SAME, None
    if wrong == ["created_at"] and r["kind"] == SETTLED:
        return KEEP, None
    raise Clash(f"its {', '.join(wrong)} differ")  # the history is never edited


def write_entry(plan: Plan, r: dict[str, Any], detail: Any) -> None:
    ln = plan.links
    ln.session.execute(insert(table_of(LedgerEntryRow)).values(
        id=r["id"], kind=r["kind"], debtor=ln.local("profiles", r["debtor"]),
        creditor=ln.local("profiles", r["creditor"]), cents=r["cents"], currency=r["currency"],
        dynasty_id=r["dynasty"], note=r["note"], created_at=r["created_at"]))


for _kind in (
    Kind("dynasties", 2, dump_dynasties, check_dynasty, plan_dynasty, write_dynasty,
         refs=dynasty_refs, table=DYNASTY_IDS),
    Kind("ledger", 2, dump_entries, check_entry, plan_entry, write_entry, refs=entry_refs),
):
    backup.register(_kind)
