"""Which records changed since when: what a sync sends is what changed since the last one.

Every table whose rows travel in backups has triggers that note the record's latest change in
``hofstaat_changes`` under the next number of ``hofstaat_seq``. Triggers, not Python, so that
no way of writing a record (a save, an import, an upgrade) can forget to note it. Each writing
transaction raises the one counter row; on PostgreSQL that row's lock makes a second writer
wait for the first to commit, so numbers are committed in order: a reader who sees the
counter at ``n`` sees every change numbered up to ``n``, and any later one gets a higher
number. That is what lets a sync remember "up to ``n``" and never miss a change.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy import Connection, bindparam, select, text, update
from sqlalchemy.sql.elements import ColumnElement

from core.store.tables import ChangeCountRow, ChangeRow, table_of

C = table_of(ChangeRow).c

# (table, backup kind, the column naming the record): a fork's change is its game's.
WATCHED = (("profiles", "profiles", "uuid"), ("games", "games", "uuid"),
           ("game_forks", "games", "game_id"), ("dynasties", "dynasties", "id"),
           ("ledger_entries", "ledger", "id"), ("profile_merges", "merges", "id"))

_SQLITE_NOTE = """CREATE TRIGGER {name} AFTER {event} ON {table} BEGIN
UPDATE hofstaat_seq SET last = last + 1 WHERE id = 1;
INSERT INTO hofstaat_changes (kind, record, seq) VALUES ('{kind}', {record},
    (SELECT last FROM hofstaat_seq WHERE id = 1))
    ON CONFLICT (kind, record) DO UPDATE SET seq = excluded.seq;
END"""

_POSTGRES_FUNCTION = """CREATE FUNCTION hofstaat_note_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    row_json jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
    found text;
    n bigint;
BEGIN
    IF TG_ARGV[1] = 'game_id' THEN
        SELECT uuid INTO found FROM games WHERE id = (row_json ->> 'game_id')::integer;
    ELSE
        found := row_json ->> TG_ARGV[1];
    END IF;
    UPDATE hofstaat_seq SET last = last + 1 WHERE id = 1 RETURNING last INTO n;
    INSERT INTO hofstaat_changes (kind, record, seq) VALUES (TG_ARGV[0], found, n)
        ON CONFLICT (kind, record) DO UPDATE SET seq = excluded.seq;
    RETURN NULL;
END
$$"""

_POSTGRES_NOTE = ("CREATE TRIGGER {name} AFTER INSERT OR UPDATE{delete} ON {table} FOR EACH ROW "
                  "EXECUTE FUNCTION hofstaat_note_change('{kind}', '{column}')")


# Every saved move is told to whoever listens (the processes of a circle's server), by the
# database itself and only when its transaction commits: "<schema> <game id> <revision>".
MOVES_CHANNEL = "hofstaat_moves"
_POSTGRES_TELL = f"""CREATE FUNCTION hofstaat_tell_move() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('{MOVES_CHANNEL}', TG_TABLE_SCHEMA || ' ' || NEW.id || ' ' || NEW.revision);
    RETURN NULL;
END
$$"""
_POSTGRES_TELL_TRIGGER = ("CREATE TRIGGER tr_games_tell AFTER INSERT OR UPDATE ON games "
                          "FOR EACH ROW EXECUTE FUNCTION hofstaat_tell_move()")


def trigger_sql(dialect: str) -> list[str]:
    """The statements that create the triggers on ``dialect`` ("sqlite" or "postgresql")."""
    out = []
    if dialect == "postgresql":
        out += [_POSTGRES_FUNCTION, _POSTGRES_TELL, _POSTGRES_TELL_TRIGGER]
    for table, kind, column in WATCHED:
        events = ["INSERT", "UPDATE"] + (["DELETE"] if table == "game_forks" else [])
        if dialect == "postgresql":
            delete = " OR DELETE" if "DELETE" in events else ""
            out.append(_POSTGRES_NOTE.format(name=f"tr_{table}_changes", delete=delete,
                                             table=table, kind=kind, column=column))
            continue
        for event in events:
            row = "OLD" if event == "DELETE" else "NEW"
            record = (f"(SELECT uuid FROM games WHERE id = {row}.game_id)" if column == "game_id"
                      else f"{row}.{column}")
            out.append(_SQLITE_NOTE.format(name=f"tr_{table}_{event.lower()}", event=event,
                                           table=table, kind=kind, record=record))
    return out


def install(conn: Connection) -> None:
    """Start counting: the counter row and the triggers (in a database that has neither)."""
    conn.execute(text("INSERT INTO hofstaat_seq (id, last) VALUES (1, 0)"))
    for statement in trigger_sql(conn.dialect.name):
        conn.exec_driver_sql(statement)


def note_everything(conn: Connection) -> None:
    """Note every record there is as changed (an upgraded database has not counted before)."""
    for table, kind, column in WATCHED:
        if table == "game_forks":
            continue  # their games are noted
        ids = [r[0] for r in conn.execute(text(f"SELECT {column} FROM {table} ORDER BY {column}"))]
        last = conn.execute(text("SELECT last FROM hofstaat_seq WHERE id = 1")).scalar_one()
        if ids:
            conn.execute(text("INSERT INTO hofstaat_changes (kind, record, seq) VALUES "
                              "(:kind, :record, :seq)"),
                         [{"kind": kind, "record": r, "seq": last + i} for i, r in
                          enumerate(ids, 1)])
            conn.execute(text("UPDATE hofstaat_seq SET last = :n WHERE id = 1"),
                         {"n": last + len(ids)})


def mark(s: Any) -> int:
    """The number of the latest change this transaction sees."""
    return int(s.execute(select(table_of(ChangeCountRow).c.last)).scalar_one())


class Only(Protocol):
    """Which records of a kind an export takes."""

    def where(self, kind: str, column: Any) -> ColumnElement[bool]:
        """A condition on ``column``, the records' id."""
        ...


@dataclass(frozen=True)
class Since:
    """The records changed after change number ``after``."""

    after: int

    def where(self, kind: str, column: Any) -> ColumnElement[bool]:
        return column.in_(select(C.record).where(C.kind == kind, C.seq > self.after))


@dataclass(frozen=True)
class Among:
    """The records named, by kind."""

    ids: Mapping[str, Collection[str]]

    def where(self, kind: str, column: Any) -> ColumnElement[bool]:
        return column.in_(listed(self.ids.get(kind, ())))


def page(s: Any, after: int, limit: int, upto: int | None = None
         ) -> tuple[dict[str, set[str]], int, bool]:
    """The records of the first ``limit`` changes after change number ``after`` (up to
    ``upto``), by kind; the number of the last of them (``upto`` or the latest change there is
    when they are all there are), and whether more changes follow."""
    upto = mark(s) if upto is None else min(upto, mark(s))
    rows = s.execute(select(C.kind, C.record, C.seq).where(C.seq > after, C.seq <= upto)
                     .order_by(C.seq).limit(limit + 1)).all()
    more = len(rows) > limit
    rows = rows[:limit]
    found: dict[str, set[str]] = {}
    for kind, record, _seq in rows:
        found.setdefault(kind, set()).add(record)
    return found, rows[-1].seq if more else upto, more


def note_again(s: Any, records: Mapping[str, Collection[str]]) -> None:
    """Note the records named as changed now, each under a number of its own (a page ends
    after a number: two records under one could be cut apart)."""
    for kind, ids in records.items():
        for record in sorted(set(ids)):
            s.execute(text("UPDATE hofstaat_seq SET last = last + 1 WHERE id = 1"))
            s.execute(update(table_of(ChangeRow)).where(C.kind == kind, C.record == record)
                      .values(seq=mark(s)))


def changed_kinds(s: Any, kinds: Collection[str], after: int) -> dict[str, set[str]]:
    """Every record of the kinds named that changed after change number ``after``."""
    out: dict[str, set[str]] = {kind: set() for kind in kinds}
    for kind, record in s.execute(select(C.kind, C.record).where(C.kind.in_(sorted(kinds)),
                                                                  C.seq > after)):
        out[kind].add(record)
    return out


def changed_among(s: Any, wanted: Mapping[str, Collection[str]], after: int) -> dict[str, set[str]]:
    """Of the records named, those changed after change number ``after``."""
    out: dict[str, set[str]] = {}
    for kind, ids in wanted.items():
        if ids:
            found = s.execute(select(C.record).where(C.kind == kind, C.seq > after,
                                                     C.record.in_(listed(ids)))).scalars()
            out[kind] = set(found)
    return out


def listed(ids: Collection[Any]) -> Any:
    """Ids for ``IN``, written into the statement: a first sync may name tens of thousands,
    more than SQLite takes as parameters. They are row numbers, or uuid hex checked before
    anything reads them (a file's records are checked before they are merged)."""
    return bindparam("ids", sorted(ids), expanding=True, literal_execute=True)
