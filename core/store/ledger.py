"""The ledger's tables: dynasties played for money and the append-only history of debts.

Each function works inside the transaction of the session it is given; what is
open is never stored but replayed by ``core.ledger`` from every history entry,
in the order ``(created_at, id)``: an order that depends on the entries alone,
so two histories merged by id replay to the same debts.

Ids: a dynasty, a payment and a correction get a fresh uuid4. A settled entry's
id is derived from its dynasty's id and its pair of people (uuid5), so settling
the same dynasty on two devices that later merge gives the same entries, not
twice the debt.
"""

from __future__ import annotations

import uuid
from typing import Any, Sequence

from sqlalchemy import select, update
from sqlmodel import Session

from core.ledger import (CORRECTION, PAYMENT, SETTLED, Entry, LedgerError, Money, check_cents,
                         check_currency, check_payment, check_players, check_stake,
                         dynasty_debts)
from core.ledger.partien import Partie, partie_from_json
from core.store.errors import StoreError
from core.store.profiles import profile_row
from core.store.tables import DynastyRow, GameRow, LedgerEntryRow, table_of
from core.store.values import Dynasty

D = table_of(DynastyRow).c
E = table_of(LedgerEntryRow).c
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
    bots = [seat["profile_id"] for seat in seats if seat.get("kind") != "human"]
    try:
        players = check_players([seat["profile_id"] for seat in seats], repeatable=bots)
        stake, code = check_stake(stake_cents), check_currency(currency)
    except LedgerError as exc:
        raise ledger_error(exc) from None
    for seat in seats:  # a computer's seat may repeat only a computer's profile
        if (profile_row(s, seat["profile_id"]).kind == "human") != (seat.get("kind") == "human"):
            raise StoreError(f"seat {seat.get('name')!r} and its profile are not the same kind "
                             "of player", "stake_needs_people")
    row = DynastyRow(id=uuid.uuid4().hex, game_id=game_id, players=list(players),
                     stake_cents=stake, currency=code, created_at=now)
    s.add(row)
    s.flush()
    return dynasty_value(row)


def settle_game(s: Session, game_id: int, state: dict[str, Any], now: float) -> list[Entry]:
    """Settle the open dynasty of a game that has just ended; nothing when it has none."""
    row = s.execute(select(DynastyRow).where(D.game_id == game_id, D.ended_at.is_(None))
                    ).scalars().first()
    return [] if row is None else _settle(s, row, state, now)


def settle(s: Session, dynasty_id: str, now: float) -> list[Entry]:
    """Settle a dynasty from its game's Partien; a dynasty settled before gives nothing.

    :raises StoreError: when there is no such dynasty, or its game is not over.
    """
    row = dynasty_row(s, dynasty_id)
    if row.ended_at is not None:
        return []
    game = s.get(GameRow, row.game_id) if row.game_id is not None else None
    if game is None or not game.over:
        raise StoreError(f"dynasty {dynasty_id} has not ended", "dynasty_running",
                         dynasty_id=dynasty_id)
    return _settle(s, row, game.state, now)


def _settle(s: Session, row: DynastyRow, state: Any, now: float) -> list[Entry]:
    # A resigned dynasty is settled for the Partien that were played before.
    partien = partien_of(state, len(row.players))
    try:
        debts = dynasty_debts(row.players, partien, row.stake_cents, row.currency)
    except LedgerError as exc:
        raise ledger_error(exc) from None
    space = uuid.UUID(hex=row.id)
    entries = [Entry(uuid.uuid5(space, f"{SETTLED}:{d.debtor}:{d.creditor}").hex, SETTLED,
                     d.debtor, d.creditor, d.amount, dynasty_uid=row.id, created_at=now)
               for d in debts]
    s.add_all(_row(e) for e in entries)
    s.execute(update(table_of(DynastyRow)).where(D.id == row.id).values(ended_at=now))
    return entries


def partien_of(state: Any, players: int) -> list[Partie]:
    """The finished Partien of a dynasty game's state (none when it has none).

    :raises StoreError: when a stored Partie cannot be read.
    """
    records = state.get("partien") if isinstance(state, dict) else None
    try:
        return [partie_from_json(p, players) for p in records or []]
    except LedgerError as exc:
        raise ledger_error(exc) from None


def add(s: Session, kind: str, debtor: int, creditor: int, cents: Any, currency: Any,
        note: Any, now: float) -> Entry:
    """Append a payment (``debtor`` paid ``creditor``) or a correction to the history.

    :raises StoreError: for an unknown person, a bad amount, currency or note, or a
        payment larger than what is open between the two; nothing is written then.
    """
    if kind not in (PAYMENT, CORRECTION):
        raise StoreError(f"only payments and corrections are added by hand, not {kind!r}",
                         "entry_kind", kind=kind)
    if not isinstance(note, str) or len(note.strip()) > NOTE_MAX:
        raise StoreError(f"a note is text of at most {NOTE_MAX} characters", "note_invalid")
    profile_row(s, debtor)
    profile_row(s, creditor)
    try:
        amount = Money(check_cents(cents), currency)
        entry = Entry(uuid.uuid4().hex, kind, debtor, creditor, amount, note=note.strip(),
                      created_at=now)
        if kind == PAYMENT:
            check_payment(entries(s, amount.currency), entry)
    except LedgerError as exc:
        raise ledger_error(exc) from None
    s.add(_row(entry))
    s.flush()
    return entry


def entries(s: Session, currency: str | None = None) -> list[Entry]:
    """The whole history (of one currency), in replay order."""
    query = select(LedgerEntryRow).order_by(E.created_at, E.id)
    if currency is not None:
        query = query.where(E.currency == currency)
    return [Entry(r.id, r.kind, r.debtor, r.creditor, Money(r.cents, r.currency),
                  dynasty_uid=r.dynasty_id, note=r.note, created_at=r.created_at)
            for r in s.execute(query).scalars()]


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


def _row(e: Entry) -> LedgerEntryRow:
    return LedgerEntryRow(id=e.uid, kind=e.kind, debtor=e.debtor, creditor=e.creditor,
                          cents=e.amount.cents, currency=e.amount.currency,
                          dynasty_id=e.dynasty_uid, note=e.note, created_at=e.created_at)


def dynasty_value(r: DynastyRow) -> Dynasty:
    return Dynasty(id=r.id, game_id=r.game_id, players=tuple(r.players),
                   stake_cents=r.stake_cents, currency=r.currency, created_at=r.created_at,
                   ended_at=r.ended_at)
