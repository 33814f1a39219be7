"""The ledger's tables: dynasties played for money and the history of debts.

Each function works inside the transaction of the session it is given; what is
open is never stored but replayed by ``core.ledger`` from every history entry,
in the order ``(created_at, id)``: an order that depends on the entries alone,
so two histories merged by id replay to the same debts. People are named by
their profile's uuid, read through merges (``core.store.merges``), so every
tie the replay and the settle-up plan break is broken the same way everywhere.

Payments and corrections are records: a fresh uuid4 each, appended, never changed.
A settled debt is derived: from the dynasty and the version of its game that
counts, written when that game ends and again after every import (``resettle``).
Its id comes from the dynasty's id and its two people (uuid5) and its time is the
game's end, so every device that holds the same records holds the same entries.
"""

from __future__ import annotations

import uuid
from typing import Any, Sequence

from sqlalchemy import delete, insert, select, update
from sqlmodel import Session

from core.ledger import (CORRECTION, PAYMENT, SETTLED, Entry, LedgerError, Money, check_cents,
                         check_currency, check_payment, check_players, check_stake,
                         dynasty_debts, payable)
from core.ledger.partien import Partie, partie_from_json
from core.store import merges
from core.store.checks import is_storable
from core.store.errors import StoreError
from core.store.tables import DynastyRow, GameRow, LedgerEntryRow, ProfileRow, table_of
from core.store.values import Dynasty, loads_or_none

D, E, G, P = (table_of(m).c for m in (DynastyRow, LedgerEntryRow, GameRow, ProfileRow))
# Games whose state is a dynasty: ``partien`` with ``potentat`` and ``points`` per seat.
DYNASTY_GAMES = frozenset({"rosenkrieg"})
STAKE = "stake"  # the game record's meta key: {"cents": 10, "currency": "EUR"}
NOTE_MAX = 200


def ledger_error(exc: LedgerError) -> StoreError:
    """The ledger's refusal as the store's error, with the same key and values."""
    return StoreError(str(exc), exc.key, **exc.params)


def stake_of(game: str, meta: dict[str, Any]) -> tuple[int, str] | None:
    """The stake per point a new game's record asks for, or None when it is played for honour.

    :raises StoreError: for a malformed stake, or a stake on a game without dynasties.
    """
    stake = meta.get(STAKE)
    if stake is None:
        return None
    if not isinstance(stake, dict):
        raise StoreError(f"a stake must be {{'cents': …, 'currency': …}}, not {stake!r}",
                         "stake_invalid", stake=stake)
    try:
        cents = check_stake(stake.get("cents"))
        currency = check_currency(stake.get("currency", "EUR"))
    except LedgerError as exc:
        raise ledger_error(exc) from None
    if cents and game not in DYNASTY_GAMES:
        raise StoreError(f"{game} is not played for a stake", "stake_invalid", stake=stake)
    return (cents, currency) if cents else None


def start(s: Session, game_id: int | None, seats: Sequence[dict[str, Any]], stake_cents: int,
          currency: str, now: float) -> Dynasty:
    """Record a dynasty of the players in ``seats`` at a stake per point.

    A computer seat plays for its level's profile, which may hold several seats; at
    least one seat is a person.

    :raises StoreError: when a seat has no profile or nobody is a person, or a value is bad.
    """
    if (any(seat.get("profile_id") is None for seat in seats)
            or not any(seat.get("kind") == "human" for seat in seats)):
        raise StoreError("a game played for money needs a profile on every seat and a person "
                         "among them", "stake_needs_people")
    rows = {r.id: r for r in s.execute(select(P.id, P.uuid, P.kind).where(
        P.id.in_([seat["profile_id"] for seat in seats])))}
    for seat in seats:  # a computer's seat may repeat only a computer's profile
        row = rows.get(seat["profile_id"])
        if row is None:
            raise StoreError(f"there is no profile {seat['profile_id']!r}", "profile_missing",
                             profile_id=seat["profile_id"])
        if (row.kind == "human") != (seat.get("kind") == "human"):
            raise StoreError(f"seat {seat.get('name')!r} and its profile are not the same kind "
                             "of player", "stake_needs_people")
    people = [rows[seat["profile_id"]].uuid for seat in seats]
    bots = [rows[seat["profile_id"]].uuid for seat in seats if seat.get("kind") != "human"]
    try:
        players = check_players(people, repeatable=bots)
        stake, code = check_stake(stake_cents), check_currency(currency)
    except LedgerError as exc:
        raise ledger_error(exc) from None
    row = DynastyRow(id=uuid.uuid4().hex, game_id=game_id, players=list(players),
                     stake_cents=stake, currency=code, created_at=now)
    s.add(row)
    s.flush()
    return dynasty_value(row)


# --- settled debts: derived from the games ---------------------------------------------


def settled_entries(dynasty: Any, state: Any, finished_at: float) -> list[Entry]:
    """What a dynasty leaves owing when its game ended in ``state`` (a resigned dynasty: the
    Partien played before), as the history's settled entries.

    :raises StoreError: when a stored Partie cannot be read, or the dynasty's values are bad.
    """
    partien = partien_of(state, len(dynasty.players))
    try:
        debts = dynasty_debts(list(dynasty.players), partien, dynasty.stake_cents,
                              dynasty.currency)
    except LedgerError as exc:
        raise ledger_error(exc) from None
    space = uuid.UUID(hex=dynasty.id)
    return [Entry(uuid.uuid5(space, f"{SETTLED}:{d.debtor}:{d.creditor}").hex, SETTLED,
                  d.debtor, d.creditor, d.amount, dynasty_uid=dynasty.id, created_at=finished_at)
            for d in debts]


def resettle(s: Any, dynasty_ids: Sequence[str] | None = None) -> None:
    """Derive the settled debts and the ends of dynasties (all, or those named) again from the
    version of each one's game that counts; one whose game runs has none."""
    query = (select(D.id, D.players, D.stake_cents, D.currency, G.over, G.state, G.finished_at)
             .select_from(table_of(DynastyRow)).outerjoin(table_of(GameRow), G.id == D.game_id))
    wipe = delete(table_of(LedgerEntryRow)).where(E.kind == SETTLED)
    if dynasty_ids is not None:
        query = query.where(D.id.in_(list(dynasty_ids)))
        wipe = wipe.where(E.dynasty_id.in_(list(dynasty_ids)))
    found = s.execute(query).all()
    s.execute(wipe)
    for row in found:
        ended = row.finished_at if row.over else None
        # Only an end that changed is written: an unchanged dynasty is not a change to sync.
        s.execute(update(table_of(DynastyRow)).where(D.id == row.id, D.ended_at.is_distinct_from(
            ended)).values(ended_at=ended))
        if ended is None:
            continue
        entries = settled_entries(row, loads_or_none(row.state), ended)
        if entries:
            s.execute(insert(table_of(LedgerEntryRow)), [_values(e) for e in entries])


def settle_game(s: Session, game_id: int) -> None:
    """Settle the dynasty of a game that has just ended; nothing when it has none."""
    ids = list(s.execute(select(D.id).where(D.game_id == game_id)).scalars())
    if ids:
        resettle(s, ids)


def settle(s: Session, dynasty_id: str) -> list[Entry]:
    """Derive a dynasty's settled debts again; return them.

    :raises StoreError: when there is no such dynasty, or its game is not over.
    """
    row = dynasty_row(s, dynasty_id)
    game = s.get(GameRow, row.game_id) if row.game_id is not None else None
    if game is None or not game.over:
        raise StoreError(f"dynasty {dynasty_id} has not ended", "dynasty_running",
                         dynasty_id=dynasty_id)
    resettle(s, [dynasty_id])
    return [e for e in entries(s, read_as={}) if e.dynasty_uid == dynasty_id]


def partien_of(state: Any, players: int) -> list[Partie]:
    """The finished Partien of a dynasty game's state (none when it has none).

    :raises StoreError: when a stored Partie cannot be read.
    """
    records = state.get("partien") if isinstance(state, dict) else None
    try:
        return [partie_from_json(p, players) for p in records or []]
    except LedgerError as exc:
        raise ledger_error(exc) from None


# --- payments and corrections ----------------------------------------------------------


def add(s: Session, kind: str, debtor: str, creditor: str, cents: Any, currency: Any,
        note: Any, now: float, seen: int | None = None) -> Entry:
    """Append a payment (``debtor`` paid ``creditor``) or a correction to the history.

    People are profile uuids; a person merged into another is recorded as that other.
    ``seen`` is what the payer was shown as payable: a payment is refused when less is
    payable now (another window paid in between), even if the amount would still fit.

    :raises StoreError: for an unknown person, a bad amount, currency or note, or a
        payment larger than what is open between the two, or a debt smaller than ``seen``;
        nothing is written then.
    """
    if kind not in (PAYMENT, CORRECTION):
        raise StoreError(f"only payments and corrections are added by hand, not {kind!r}",
                         "entry_kind", kind=kind)
    if not isinstance(note, str) or len(note.strip()) > NOTE_MAX or not is_storable(note):
        raise StoreError(f"a note is text of at most {NOTE_MAX} characters", "note_invalid")
    read_as = merges.canonical(s)
    debtor, creditor = (read_as.get(p, p) for p in (person(s, debtor), person(s, creditor)))
    try:
        amount = Money(check_cents(cents), currency)
        entry = Entry(uuid.uuid4().hex, kind, debtor, creditor, amount, note=note.strip(),
                      created_at=now)
        if kind == PAYMENT:
            history = entries(s, amount.currency, read_as)
            now_open = payable(history, debtor, creditor, amount.currency).cents
            if seen is not None and now_open < seen:
                raise StoreError(f"{debtor!r} can pay {creditor!r} only {now_open} cents now, "
                                 f"not the {seen} shown", "ledger_changed", most=now_open)
            check_payment(history, entry)
    except LedgerError as exc:
        raise ledger_error(exc) from None
    s.execute(insert(table_of(LedgerEntryRow)).values(**_values(entry)))
    return entry


def person(s: Any, who: Any) -> str:
    """A profile's uuid, checked.

    :raises StoreError: when there is no profile of that uuid.
    """
    found = s.execute(select(P.uuid).where(P.uuid == who)).scalar() if isinstance(who, str) else None
    if found is None:
        raise StoreError(f"there is no profile {who!r}", "profile_missing", profile_id=who)
    return str(found)


def entries(s: Any, currency: str | None = None,
            read_as: dict[str, str] | None = None) -> list[Entry]:
    """The whole history (of one currency), in replay order, each person read through the
    merges (``read_as``, by default the database's); an entry whose two people turned out to
    be one person is left out."""
    if read_as is None:
        read_as = merges.canonical(s)
    query = select(table_of(LedgerEntryRow)).order_by(E.created_at, E.id)
    if currency is not None:
        query = query.where(E.currency == currency)
    out = []
    for r in s.execute(query):
        debtor, creditor = read_as.get(r.debtor, r.debtor), read_as.get(r.creditor, r.creditor)
        if debtor != creditor:
            out.append(Entry(r.id, r.kind, debtor, creditor, Money(r.cents, r.currency),
                             dynasty_uid=r.dynasty_id, note=r.note, created_at=r.created_at))
    return out


# --- dynasties -------------------------------------------------------------------------


def dynasties(s: Session) -> list[Dynasty]:
    """Every dynasty played for money, the newest first."""
    query = select(DynastyRow).order_by(D.created_at.desc(), D.id)
    return [dynasty_value(r) for r in s.execute(query).scalars()]


def dynasty_row(s: Session, dynasty_id: str) -> DynastyRow:
    """The row of a dynasty.

    :raises StoreError: when there is no such dynasty.
    """
    row = s.get(DynastyRow, dynasty_id) if isinstance(dynasty_id, str) else None
    if row is None:
        raise StoreError(f"there is no dynasty {dynasty_id!r}", "dynasty_missing",
                         dynasty_id=dynasty_id)
    return row


def dynasty_partien(s: Session, dynasty_id: str) -> list[Partie]:
    """The Partien played so far in a dynasty, from its game.

    :raises StoreError: when there is no such dynasty.
    """
    row = dynasty_row(s, dynasty_id)
    game = s.get(GameRow, row.game_id) if row.game_id is not None else None
    return partien_of(game.state if game else None, len(row.players))


def _values(e: Entry) -> dict[str, Any]:
    return {"id": e.uid, "kind": e.kind, "debtor": e.debtor, "creditor": e.creditor,
            "cents": e.amount.cents, "currency": e.amount.currency, "dynasty_id": e.dynasty_uid,
            "note": e.note, "created_at": e.created_at}


def dynasty_value(r: DynastyRow) -> Dynasty:
    return Dynasty(id=r.id, game_id=r.game_id, players=tuple(r.players),
                   stake_cents=r.stake_cents, currency=r.currency, created_at=r.created_at,
                   ended_at=r.ended_at)
