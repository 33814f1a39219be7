"""The ledger's record kinds in backups: dynasties, payments and corrections, merges of people.

All merge by id. A dynasty's people, game, stake, currency and start must match the
one here, else the file is refused; its people must be its game's, its stake the one
its game was started with. When it ended, and what it left owing, is derived here from
the version of its game that counts (``ledger.resettle``): settled entries of older files
are checked and left to that. Payments and corrections are append-only: one not here is
added, an equal one is unchanged and a different one is refused. A payment must pay a
debt the merged ledger holds (``check_payments``), else the whole file is refused.
Merges of two people into one are added like any record (``core.store.merges``).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import insert, select, update
from sqlmodel import Session

from core.ledger import KINDS as ENTRY_KINDS
from core.ledger import (PAYMENT, SETTLED, LedgerError, check_cents, check_currency,
                         check_stake)
from core.store import backup, changes, merges
from core.store.backup import (ADD, KEEP, SAME, Clash, Invalid, Kind, Links, Plan, differing,
                               is_time, need, only, uuid_field)
from core.store.ids import is_uuid
from core.store.ledger import DYNASTY_GAMES, NOTE_MAX, STAKE, entries, settled_entries
from core.store.tables import (DynastyRow, GameForkRow, GameRow, LedgerEntryRow, ProfileMergeRow,
                               ProfileRow, table_of)

D, E, G, P = (table_of(m).c for m in (DynastyRow, LedgerEntryRow, GameRow, ProfileRow))
MAX_DYNASTIES, MAX_ENTRIES, MAX_MERGES = 100_000, 500_000, 10_000
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
    return {"id": row.id, "game": links.uuid("games", row.game_id), "players": list(row.players),
            "stake_cents": row.stake_cents, "currency": row.currency,
            "created_at": row.created_at, "ended_at": row.ended_at}


def dump_dynasties(s: Session, links: Links, chosen: changes.Only | None = None) -> list[dict[str, Any]]:
    query = select(DynastyRow).order_by(D.created_at, D.id)
    if chosen is not None:
        query = query.where(chosen.where("dynasties", D.id))
    rows = s.execute(query).scalars()
    return [_dynasty(r, links) for r in rows]


def check_dynasty(r: dict[str, Any]) -> None:
    only(r, DYNASTY_FIELDS)
    uuid_field(r)
    uuid_field(r, "game")
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


def _fits_its_game(plan: Plan, r: dict[str, Any]) -> None:
    """A dynasty's people are its game's, its stake the one the game started with.

    :raises Invalid: when not.
    """
    games = plan.memo("dynasty games", lambda: {g["id"]: g for g in plan.records["games"]})
    game = games.get(r["game"])
    if game is None:
        row = plan.links.session.execute(select(G.game, G.seats, G.meta).where(
            G.uuid == r["game"])).one()
        game = {"game": row.game, "meta": row.meta, "seats": [
            {**seat, "profile": plan.links.uuid("profiles", seat.get("profile_id"))}
            for seat in row.seats]}
    stake = (game.get("meta") or {}).get(STAKE)
    if game["game"] not in DYNASTY_GAMES or [seat.get("profile") for seat in game["seats"]] \
            != r["players"]:
        raise Invalid("its players are not the people of its game")
    if not isinstance(stake, dict) or stake.get("cents") != r["stake_cents"] \
            or stake.get("currency", "EUR") != r["currency"]:
        raise Invalid("its stake is not the one its game was started with")


def plan_dynasty(plan: Plan, r: dict[str, Any]) -> tuple[str, Any]:
    row = _here(plan, DynastyRow).get(r["id"])
    if row is None:
        _fits_its_game(plan, r)
        return ADD, None
    fixed = differing(_dynasty(row, plan.links), r, DYNASTY_FIXED)
    if fixed:
        raise Clash(f"its {', '.join(fixed)} differ")
    return SAME, None  # when it ended is derived here from its game


def write_dynasty(plan: Plan, r: dict[str, Any], detail: Any) -> None:
    plan.links.session.execute(insert(table_of(DynastyRow)).values(
        id=r["id"], game_id=plan.links.local("games", r["game"]), players=r["players"],
        stake_cents=r["stake_cents"], currency=r["currency"], created_at=r["created_at"],
        ended_at=None))


# --- the history -----------------------------------------------------------------------

ENTRY_FIELDS = ("id", "kind", "debtor", "creditor", "cents", "currency", "dynasty", "note",
                "created_at")


def _entry(row: LedgerEntryRow) -> dict[str, Any]:
    return {"id": row.id, "kind": row.kind, "debtor": row.debtor, "creditor": row.creditor,
            "cents": row.cents, "currency": row.currency, "dynasty": row.dynasty_id,
            "note": row.note, "created_at": row.created_at}


def dump_entries(s: Session, links: Links, chosen: changes.Only | None = None) -> list[dict[str, Any]]:
    # Settled debts are derived from the games wherever the file goes.
    query = select(LedgerEntryRow).where(E.kind != SETTLED).order_by(E.created_at, E.id)
    if chosen is not None:
        query = query.where(chosen.where("ledger", E.id))
    rows = s.execute(query).scalars()
    return [_entry(r) for r in rows]


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
    if r["kind"] == SETTLED:
        return KEEP, None  # older files: derived here from the dynasty's game
    row = _here(plan, LedgerEntryRow).get(r["id"])
    if row is None:
        return ADD, None
    wrong = differing(_entry(row), r, ENTRY_FIELDS)
    if not wrong:
        return SAME, None
    raise Clash(f"its {', '.join(wrong)} differ")  # the history is never edited


def write_entry(plan: Plan, r: dict[str, Any], detail: Any) -> None:
    plan.links.session.execute(insert(table_of(LedgerEntryRow)).values(
        id=r["id"], kind=r["kind"], debtor=r["debtor"], creditor=r["creditor"],
        cents=r["cents"], currency=r["currency"], dynasty_id=r["dynasty"], note=r["note"],
        created_at=r["created_at"]))


def check_payments(s: Session, added: list[dict[str, Any]]) -> None:
    """Make sure every payment a file added pays a debt the merged ledger holds.

    A payment recorded on a device was at most what was open there; whatever else that
    device knew is in its file, so in the merged ledger the payer has owed at least that
    much, and the payee has been owed at least that much, in that currency, over every
    version of every dynasty, every correction and every other payment. Other payments
    count because an overpaid sum is owed back: two devices recording one payment each
    stay within that (the replay then lets the payee owe the difference back), and so does
    the payee paying that difference back. A payment never counts for itself, so one
    between people who never owed each other anything, or of a sum never owed, is refused.
    Clocks of devices disagree, so what counts is every record, not only earlier ones.

    :raises Invalid: naming the first payment that does not.
    """
    payments = [r for r in added if r["kind"] == PAYMENT]
    if not payments:
        return
    read_as = merges.canonical(s)
    owed, owing = _ever_owed(s, read_as)
    for r in payments:
        payer, payee = (read_as.get(p, p) for p in (r["debtor"], r["creditor"]))
        most = min(owing.get((payer, r["currency"]), 0), owed.get((payee, r["currency"]), 0))
        if r["cents"] > most:
            raise Invalid(f"its payment {r['id']} of {r['cents']} cents pays more than was ever "
                          f"owed between its two people ({most} cents)")


def _ever_owed(s: Session, read_as: dict[str, str]) -> tuple[dict[Any, int], dict[Any, int]]:
    """Per person and currency: the most they were ever owed, and ever owed others,
    a payment counting as owed back by its payee.

    A debt between two profiles merged into one person since still counts: when a payment
    was recorded, those two may still have been two people (merges only ever join people,
    so what counted then counts now).
    """
    owed: dict[Any, int] = {}
    owing: dict[Any, int] = {}

    def count(debtor: str, creditor: str, cents: int, currency: str) -> None:
        debtor, creditor = read_as.get(debtor, debtor), read_as.get(creditor, creditor)
        owing[(debtor, currency)] = owing.get((debtor, currency), 0) + cents
        owed[(creditor, currency)] = owed.get((creditor, currency), 0) + cents

    for e in entries(s, read_as={}):
        if e.kind == PAYMENT:  # what the payee may have to give back
            count(e.creditor, e.debtor, e.amount.cents, e.amount.currency)
        else:
            count(e.debtor, e.creditor, e.amount.cents, e.amount.currency)
    for e in fork_debts(s):
        count(e.debtor, e.creditor, e.amount.cents, e.amount.currency)
    return owed, owing


def fork_debts(s: Session) -> list[Any]:
    """What the finished versions of dynasties that do not count would have left owing."""
    F = table_of(GameForkRow).c
    rows = s.execute(select(D.id, D.players, D.stake_cents, D.currency, F.state, F.finished_at)
                     .join(table_of(GameForkRow), F.game_id == D.game_id)
                     .where(F.over.is_(True))).all()
    return [e for r in rows for e in settled_entries(r, r.state, r.finished_at or 0.0)]


# --- merges of people -----------------------------------------------------------------

MERGE_FIELDS = ("id", "source", "target", "created_at")


def dump_merges(s: Session, links: Links, chosen: changes.Only | None = None) -> list[dict[str, Any]]:
    M = table_of(ProfileMergeRow).c
    query = select(table_of(ProfileMergeRow)).order_by(M.created_at, M.id)
    if chosen is not None:
        query = query.where(chosen.where("merges", M.id))
    rows = s.execute(query)
    return [{"id": r.id, "source": r.source, "target": r.target, "created_at": r.created_at}
            for r in rows]


def check_merge(r: dict[str, Any]) -> None:
    only(r, MERGE_FIELDS)
    uuid_field(r)
    if uuid_field(r, "source") == uuid_field(r, "target"):
        raise Invalid("it merges a person with themselves")
    need(r, "created_at", is_time, "a time in seconds")


def merge_refs(r: dict[str, Any]) -> list[tuple[str, str | None]]:
    return [("profiles", r["source"]), ("profiles", r["target"])]


def plan_merge(plan: Plan, r: dict[str, Any]) -> tuple[str, Any]:
    row = _here(plan, ProfileMergeRow).get(r["id"])
    if row is None:
        kinds = plan.memo("merge kinds", lambda: {
            **{p["id"]: p["kind"] for p in plan.records["profiles"]},
            **dict(plan.links.session.execute(select(P.uuid, P.kind)).all())})
        if kinds.get(r["source"]) != "human" or kinds.get(r["target"]) != "human":
            raise Invalid("it merges a computer player; only people are merged")
        return ADD, None
    wrong = differing({"id": row.id, "source": row.source, "target": row.target,
                       "created_at": row.created_at}, r, MERGE_FIELDS)
    if wrong:
        raise Clash(f"its {', '.join(wrong)} differ")
    return SAME, None


def write_merge(plan: Plan, r: dict[str, Any], detail: Any) -> None:
    plan.links.session.execute(insert(table_of(ProfileMergeRow)).values(**r))


for _kind in (
    Kind("dynasties", 2, dump_dynasties, check_dynasty, plan_dynasty, write_dynasty,
         refs=dynasty_refs, table=DYNASTY_IDS, most=MAX_DYNASTIES),
    Kind("ledger", 2, dump_entries, check_entry, plan_entry, write_entry, refs=entry_refs,
         most=MAX_ENTRIES),
    Kind("merges", 3, dump_merges, check_merge, plan_merge, write_merge, refs=merge_refs,
         most=MAX_MERGES),
):
    backup.register(_kind)
