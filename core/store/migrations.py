"""Schema versions: the frozen history, and the steps that bring any older database up to date.

The version lives in the one-row table ``hofstaat_schema`` (it works on any
database, and its presence is what marks a file as Hofstaat's). A database is
upgraded in place, in one transaction, when the store opens it.

To change the schema: edit ``tables.py``, raise ``CURRENT_VERSION``, add a
function to ``MIGRATIONS`` written in plain SQL against the old schema (never
against today's tables, which will keep changing) that SQLite and PostgreSQL both
run, and add the new version's
SQL to ``SCHEMA_SQL`` and its tables to ``TABLES_OF_VERSION``. The tests build
a database of every older version from ``SCHEMA_SQL``, upgrade it, and compare
it with a fresh one; they also fail when ``tables.py`` drifts from the SQL of
the current version, so a schema change cannot slip in without a migration.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from sqlalchemy import Connection, Engine, inspect, text

from core.store import changes, ids
from core.store.errors import NewerDatabaseError, StoreError
from core.store.location import setup_transaction
from core.store.tables import TABLE_NAMES, TABLES, StoreModel
from core.store.values import loads_or_none

CURRENT_VERSION = 9
SCHEMA_TABLE = "hofstaat_schema"
# Hofstaat keeps data in PostgreSQL (a server for a circle) from version 9 on; the older
# versions' SQL is SQLite's, and only SQLite files ever held them. Migrations from there on
# are written in SQL that both engines run.
FIRST_SERVER_VERSION = 9

# Schema version 1, exactly as the first Hofstaat created it: profiles and
# games, without undo/hint counts, meta, archiving, results or settings.
# Frozen: never edit, it is what old files on people's phones contain.
V1_SQL = """
CREATE TABLE hofstaat_schema (
    id INTEGER NOT NULL,
    version INTEGER NOT NULL,
    PRIMARY KEY (id)
);
INSERT INTO hofstaat_schema (id, version) VALUES (1, 1);
CREATE TABLE profiles (
    id INTEGER NOT NULL,
    name VARCHAR NOT NULL,
    kind VARCHAR NOT NULL,
    level VARCHAR,
    archived BOOLEAN NOT NULL,
    created_at FLOAT NOT NULL,
    PRIMARY KEY (id)
);
CREATE TABLE games (
    id INTEGER NOT NULL,
    game VARCHAR NOT NULL,
    options JSON NOT NULL,
    seed INTEGER NOT NULL,
    seats JSON NOT NULL,
    actions JSON NOT NULL,
    state JSON NOT NULL,
    over BOOLEAN NOT NULL,
    result JSON,
    started_at FLOAT NOT NULL,
    updated_at FLOAT NOT NULL,
    finished_at FLOAT,
    PRIMARY KEY (id)
);
CREATE INDEX ix_games_game ON games (game);
CREATE INDEX ix_games_listing ON games (over, updated_at);
"""

# Schema version 2: profiles, games, results and settings. Frozen.
V2_SQL = """
CREATE TABLE hofstaat_schema (
    id INTEGER NOT NULL,
    version INTEGER NOT NULL,
    PRIMARY KEY (id)
);
INSERT INTO hofstaat_schema (id, version) VALUES (1, 2);
CREATE TABLE profiles (
    id INTEGER NOT NULL,
    name VARCHAR NOT NULL,
    kind VARCHAR NOT NULL,
    level VARCHAR,
    archived BOOLEAN NOT NULL,
    created_at FLOAT NOT NULL,
    PRIMARY KEY (id)
);
CREATE TABLE games (
    id INTEGER NOT NULL,
    game VARCHAR NOT NULL,
    options JSON NOT NULL,
    seed INTEGER NOT NULL,
    seats JSON NOT NULL,
    actions JSON NOT NULL,
    state JSON NOT NULL,
    over BOOLEAN NOT NULL,
    result JSON,
    ply INTEGER NOT NULL,
    undos INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    meta JSON NOT NULL,
    archived BOOLEAN NOT NULL,
    started_at FLOAT NOT NULL,
    updated_at FLOAT NOT NULL,
    finished_at FLOAT,
    PRIMARY KEY (id)
);
CREATE INDEX ix_games_game ON games (game);
CREATE INDEX ix_games_listing ON games (over, archived, updated_at);
CREATE TABLE results (
    id INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    game VARCHAR NOT NULL,
    seat INTEGER NOT NULL,
    kind VARCHAR NOT NULL,
    profile_id INTEGER,
    level VARCHAR,
    score FLOAT,
    won BOOLEAN NOT NULL,
    assisted BOOLEAN NOT NULL,
    undos INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    finished_at FLOAT NOT NULL,
    PRIMARY KEY (id),
    CONSTRAINT uq_results_game_seat UNIQUE (game_id, seat),
    FOREIGN KEY(game_id) REFERENCES games (id),
    FOREIGN KEY(profile_id) REFERENCES profiles (id)
);
CREATE INDEX ix_results_game_profile ON results (game, profile_id);
CREATE TABLE settings (
    "key" VARCHAR NOT NULL,
    value JSON NOT NULL,
    PRIMARY KEY ("key")
);
"""

# Schema version 3: version 2 plus a uuid on profiles, games and results (``ids``).
# Frozen once released.
V3_SQL = V2_SQL.replace("VALUES (1, 2);", "VALUES (1, 3);") + """
ALTER TABLE profiles ADD COLUMN uuid VARCHAR NOT NULL DEFAULT '';
CREATE UNIQUE INDEX ux_profiles_uuid ON profiles (uuid);
ALTER TABLE games ADD COLUMN uuid VARCHAR NOT NULL DEFAULT '';
CREATE UNIQUE INDEX ux_games_uuid ON games (uuid);
ALTER TABLE results ADD COLUMN uuid VARCHAR NOT NULL DEFAULT '';
CREATE UNIQUE INDEX ux_results_uuid ON results (uuid);
"""

# What version 4 adds to version 3: the games' own figures per seat, running totals
# per player and per pair of profiles, ratings and their history, and an index for
# one player's results in time order.
_V3_TO_V4 = (
    "CREATE INDEX ix_results_profile_time ON results (profile_id, finished_at)",
    """CREATE TABLE result_figures (
    id INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    game VARCHAR NOT NULL,
    kind VARCHAR NOT NULL,
    profile_id INTEGER,
    name VARCHAR NOT NULL,
    value FLOAT NOT NULL,
    PRIMARY KEY (id),
    CONSTRAINT uq_result_figures UNIQUE (game_id, seat, name),
    FOREIGN KEY(game_id) REFERENCES games (id)
)""",
    "CREATE INDEX ix_result_figures_player ON result_figures (game, profile_id, name)",
    """CREATE TABLE ratings (
    game VARCHAR NOT NULL,
    profile_id INTEGER NOT NULL,
    mu FLOAT NOT NULL,
    sigma FLOAT NOT NULL,
    games INTEGER NOT NULL,
    updated_at FLOAT NOT NULL,
    PRIMARY KEY (game, profile_id)
)""",
    """CREATE TABLE rating_history (
    id INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    game VARCHAR NOT NULL,
    profile_id INTEGER NOT NULL,
    mu FLOAT NOT NULL,
    sigma FLOAT NOT NULL,
    finished_at FLOAT NOT NULL,
    PRIMARY KEY (id),
    CONSTRAINT uq_rating_history UNIQUE (game_id, profile_id)
)""",
    "CREATE INDEX ix_rating_history_player ON rating_history (profile_id, game, finished_at)",
    """CREATE TABLE player_totals (
    profile_id INTEGER NOT NULL,
    game VARCHAR NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    assisted_wins INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    undos INTEGER NOT NULL,
    scored INTEGER NOT NULL,
    score_sum FLOAT NOT NULL,
    score_max FLOAT,
    score_min FLOAT,
    current_streak INTEGER NOT NULL,
    best_streak INTEGER NOT NULL,
    PRIMARY KEY (profile_id, game)
)""",
    """CREATE TABLE player_figures (
    profile_id INTEGER NOT NULL,
    game VARCHAR NOT NULL,
    name VARCHAR NOT NULL,
    total FLOAT NOT NULL,
    PRIMARY KEY (profile_id, game, name)
)""",
    """CREATE TABLE pair_totals (
    profile_id INTEGER NOT NULL,
    other_id INTEGER NOT NULL,
    game VARCHAR NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    losses INTEGER NOT NULL,
    shared INTEGER NOT NULL,
    PRIMARY KEY (profile_id, other_id, game)
)""",
)

# Schema version 4: version 3 plus the statements above. Frozen once released.
V4_SQL = (V3_SQL.replace("VALUES (1, 3);", "VALUES (1, 4);")
          + "".join(f"{statement};\n" for statement in _V3_TO_V4))


# What version 5 adds to version 4: Rosenkrieg dynasties played for money and the ledger's
# append-only history. Ids are uuid hex text, so histories of several devices merge.
LEDGER_SQL = """
CREATE TABLE dynasties (
    id VARCHAR NOT NULL,
    game_id INTEGER,
    players JSON NOT NULL,
    stake_cents INTEGER NOT NULL,
    currency VARCHAR NOT NULL,
    created_at FLOAT NOT NULL,
    ended_at FLOAT,
    PRIMARY KEY (id),
    FOREIGN KEY(game_id) REFERENCES games (id)
);
CREATE INDEX ix_dynasties_game ON dynasties (game_id);
CREATE TABLE ledger_entries (
    id VARCHAR NOT NULL,
    kind VARCHAR NOT NULL,
    debtor INTEGER NOT NULL,
    creditor INTEGER NOT NULL,
    cents INTEGER NOT NULL,
    currency VARCHAR NOT NULL,
    dynasty_id VARCHAR,
    note VARCHAR NOT NULL,
    created_at FLOAT NOT NULL,
    PRIMARY KEY (id),
    FOREIGN KEY(debtor) REFERENCES profiles (id),
    FOREIGN KEY(creditor) REFERENCES profiles (id),
    FOREIGN KEY(dynasty_id) REFERENCES dynasties (id)
);
CREATE INDEX ix_ledger_entries_dynasty ON ledger_entries (dynasty_id);
CREATE INDEX ix_ledger_entries_order ON ledger_entries (created_at, id);
"""

# Schema version 5: version 4 plus the ledger. Frozen once released.
V5_SQL = V4_SQL.replace("VALUES (1, 4);", "VALUES (1, 5);") + LEDGER_SQL

# What version 6 adds to version 5: each game's revision, the number of saves accepted, so a
# save from a copy of the game that another window moved on is refused.
_V5_TO_V6 = "ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0"

# Schema version 6: version 5 plus the revision. Frozen once released.
V6_SQL = V5_SQL.replace("VALUES (1, 5);", "VALUES (1, 6);") + f"{_V5_TO_V6};\n"

# What version 7 adds to version 6: records that agree on every device. A profile's last change
# of name or archiving, a game's last archiving and a chosen version, a game's other versions
# (forks), merges of two profiles into one, and a ledger that names people by uuid. Settled
# debts are derived from the games, so they are not copied here: the store derives them after
# every upgrade (``derive.rebuild``).
_V6_TO_V7 = (
    "ALTER TABLE profiles ADD COLUMN changed_at FLOAT NOT NULL DEFAULT 0",
    "UPDATE profiles SET changed_at = created_at",
    "ALTER TABLE games ADD COLUMN archived_at FLOAT",
    "ALTER TABLE games ADD COLUMN chosen_at FLOAT",
    "CREATE INDEX ix_games_finished ON games (over, finished_at)",
    """CREATE TABLE game_forks (
    id INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    seats JSON NOT NULL,
    actions JSON NOT NULL,
    state JSON NOT NULL,
    over BOOLEAN NOT NULL,
    result JSON,
    undos INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    meta JSON NOT NULL,
    updated_at FLOAT NOT NULL,
    finished_at FLOAT,
    chosen_at FLOAT,
    PRIMARY KEY (id),
    FOREIGN KEY(game_id) REFERENCES games (id)
)""",
    "CREATE INDEX ix_game_forks_game ON game_forks (game_id)",
    """CREATE TABLE profile_merges (
    id VARCHAR NOT NULL,
    source VARCHAR NOT NULL,
    target VARCHAR NOT NULL,
    created_at FLOAT NOT NULL,
    PRIMARY KEY (id)
)""",
    """CREATE TABLE ledger_entries_7 (
    id VARCHAR NOT NULL,
    kind VARCHAR NOT NULL,
    debtor VARCHAR NOT NULL,
    creditor VARCHAR NOT NULL,
    cents INTEGER NOT NULL,
    currency VARCHAR NOT NULL,
    dynasty_id VARCHAR,
    note VARCHAR NOT NULL,
    created_at FLOAT NOT NULL,
    PRIMARY KEY (id),
    FOREIGN KEY(dynasty_id) REFERENCES dynasties (id)
)""",
    """INSERT INTO ledger_entries_7 SELECT e.id, e.kind, d.uuid, c.uuid, e.cents, e.currency,
    e.dynasty_id, e.note, e.created_at FROM ledger_entries e JOIN profiles d ON d.id = e.debtor
    JOIN profiles c ON c.id = e.creditor WHERE e.kind != 'settled'""",
    "DROP TABLE ledger_entries",
    "ALTER TABLE ledger_entries_7 RENAME TO ledger_entries",
    "CREATE INDEX ix_ledger_entries_dynasty ON ledger_entries (dynasty_id)",
    "CREATE INDEX ix_ledger_entries_order ON ledger_entries (created_at, id)",
)

# Schema version 7: version 6 plus the statements above. Frozen once released.
V7_SQL = (V6_SQL.replace("VALUES (1, 6);", "VALUES (1, 7);")
          + "".join(f"{statement};\n" for statement in _V6_TO_V7))

# Every version's schema, for building old databases in tests.
# Schema version 8: the tables of version 7; what changed is how ratings are derived.
V8_SQL = V7_SQL.replace("VALUES (1, 7);", "VALUES (1, 8);")

# What version 9 adds to version 8: the record of which records changed when (``changes``), for
# syncing with a server. Plain SQL both engines run; the triggers that keep it are each
# engine's own (``changes.trigger_sql``).
_V8_TO_V9 = (
    """CREATE TABLE hofstaat_changes (
    kind VARCHAR NOT NULL,
    record VARCHAR NOT NULL,
    seq INTEGER NOT NULL,
    PRIMARY KEY (kind, record)
)""",
    "CREATE INDEX ix_hofstaat_changes_seq ON hofstaat_changes (seq)",
    """CREATE TABLE hofstaat_seq (
    id INTEGER NOT NULL,
    last INTEGER NOT NULL,
    PRIMARY KEY (id)
)""",
)

# Schema version 9 (SQLite): version 8 plus the statements above and SQLite's triggers,
# counting from 0. Frozen once released.
V9_SQL = (V8_SQL.replace("VALUES (1, 8);", "VALUES (1, 9);")
          + "".join(f"{statement};\n" for statement in _V8_TO_V9)
          + "INSERT INTO hofstaat_seq (id, last) VALUES (1, 0);\n"
          + "".join(f"{statement};\n" for statement in changes.trigger_sql("sqlite")))

SCHEMA_SQL: dict[int, str] = {1: V1_SQL, 2: V2_SQL, 3: V3_SQL, 4: V4_SQL, 5: V5_SQL, 6: V6_SQL,
                              7: V7_SQL, 8: V8_SQL, 9: V9_SQL}

_V1_TO_V2 = (
    "ALTER TABLE games ADD COLUMN ply INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE games ADD COLUMN undos INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE games ADD COLUMN meta JSON NOT NULL DEFAULT '{}'",
    "ALTER TABLE games ADD COLUMN archived BOOLEAN NOT NULL DEFAULT 0",
    "DROP INDEX ix_games_listing",
    "CREATE INDEX ix_games_listing ON games (over, archived, updated_at)",
    """CREATE TABLE results (
        id INTEGER NOT NULL,
        game_id INTEGER NOT NULL,
        game VARCHAR NOT NULL,
        seat INTEGER NOT NULL,
        kind VARCHAR NOT NULL,
        profile_id INTEGER,
        level VARCHAR,
        score FLOAT,
        won BOOLEAN NOT NULL,
        assisted BOOLEAN NOT NULL,
        undos INTEGER NOT NULL,
        hints INTEGER NOT NULL,
        finished_at FLOAT NOT NULL,
        PRIMARY KEY (id),
        CONSTRAINT uq_results_game_seat UNIQUE (game_id, seat),
        FOREIGN KEY(game_id) REFERENCES games (id),
        FOREIGN KEY(profile_id) REFERENCES profiles (id)
    )""",
    "CREATE INDEX ix_results_game_profile ON results (game, profile_id)",
    """CREATE TABLE settings (
        "key" VARCHAR NOT NULL,
        value JSON NOT NULL,
        PRIMARY KEY ("key")
    )""",
)


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _migrate_1_to_2(conn: Connection) -> None:
    """Add undo and hint counts, meta, archiving, results and settings; backfill results."""
    for statement in _V1_TO_V2:
        conn.exec_driver_sql(statement)
    profiles = {pid for (pid,) in conn.exec_driver_sql("SELECT id FROM profiles")}
    games = conn.exec_driver_sql(
        "SELECT id, game, seats, actions, over, result, updated_at, finished_at FROM games"
    ).fetchall()
    for gid, game, seats_raw, actions_raw, over, result_raw, updated_at, finished_at in games:
        actions = loads_or_none(actions_raw)
        ply = len(actions) if isinstance(actions, list) else 0
        conn.execute(text("UPDATE games SET ply = :ply WHERE id = :id"), {"ply": ply, "id": gid})
        if not over:
            continue
        # Version 1 kept no results table: derive one row per seat from the
        # game's own result. A row that cannot be read keeps its game but adds
        # nothing to the statistics, rather than blocking the upgrade.
        seats, result = loads_or_none(seats_raw), loads_or_none(result_raw)
        if not isinstance(seats, list) or not isinstance(result, dict):
            continue
        scores = _list(result.get("scores"))
        winners = _list(result.get("winners"))
        ended = finished_at if finished_at is not None else updated_at
        if finished_at is None:
            conn.execute(text("UPDATE games SET finished_at = :t WHERE id = :id"),
                         {"t": ended, "id": gid})
        for seat, info in enumerate(seats):
            info = info if isinstance(info, dict) else {}
            pid = info.get("profile_id")
            score = scores[seat] if seat < len(scores) else None
            conn.execute(text(
                "INSERT INTO results (game_id, game, seat, kind, profile_id, level, score, won,"
                " assisted, undos, hints, finished_at) VALUES (:game_id, :game, :seat, :kind,"
                " :profile_id, :level, :score, :won, 0, 0, 0, :finished_at)"),
                {"game_id": gid, "game": game, "seat": seat,
                 "kind": "bot" if info.get("kind") == "bot" else "human",
                 "profile_id": pid if isinstance(pid, int) and pid in profiles else None,
                 "level": info.get("level") if isinstance(info.get("level"), str) else None,
                 "score": score if isinstance(score, (int, float))
                 and not isinstance(score, bool) else None,
                 "won": seat in winners, "finished_at": ended})


def _migrate_3_to_4(conn: Connection) -> None:
    """Add figures, running totals and ratings (filled by ``derive.rebuild`` after the upgrade)."""
    for statement in _V3_TO_V4:
        conn.exec_driver_sql(statement)


def _migrate_4_to_5(conn: Connection) -> None:
    """Add the dynasties and the ledger's history, both empty: older versions kept no money."""
    for statement in LEDGER_SQL.split(";"):
        if statement.strip():
            conn.exec_driver_sql(statement)


def _migrate_5_to_6(conn: Connection) -> None:
    """Add the games' revisions; every saved game starts at 0, which its next save extends."""
    conn.exec_driver_sql(_V5_TO_V6)


def _migrate_6_to_7(conn: Connection) -> None:
    """Name the ledger's people and the dynasties' players by uuid, add forks and merges.

    Payments and corrections move over as they are; settled debts and the dynasties' ends
    are derived again from the games by ``derive.rebuild`` once the upgrade is done.
    """
    uuid_of = dict(conn.exec_driver_sql("SELECT id, uuid FROM profiles").fetchall())
    for dynasty_id, raw in conn.exec_driver_sql("SELECT id, players FROM dynasties").fetchall():
        players = loads_or_none(raw)
        named = [uuid_of.get(p) for p in players] if isinstance(players, list) else []
        conn.execute(text("UPDATE dynasties SET players = :p WHERE id = :id"),
                     {"p": json.dumps([u for u in named if u]), "id": dynasty_id})
    for statement in _V6_TO_V7:
        conn.exec_driver_sql(statement)


# The tables each version has, so a file missing one is recognised as damaged.
# Frozen like the SQL above: a later version adds a line, never edits one.
TABLES_OF_VERSION: dict[int, frozenset[str]] = {
    1: frozenset({"hofstaat_schema", "profiles", "games"}),
    2: frozenset({"hofstaat_schema", "profiles", "games", "results", "settings"}),
    3: frozenset({"hofstaat_schema", "profiles", "games", "results", "settings"}),
    4: frozenset({"hofstaat_schema", "profiles", "games", "results", "settings", "result_figures",
                  "ratings", "rating_history", "player_totals", "player_figures", "pair_totals"}),
    5: frozenset({"hofstaat_schema", "profiles", "games", "results", "settings", "result_figures",
                  "ratings", "rating_history", "player_totals", "player_figures", "pair_totals",
                  "dynasties", "ledger_entries"}),
}
TABLES_OF_VERSION[6] = TABLES_OF_VERSION[5]
TABLES_OF_VERSION[7] = TABLES_OF_VERSION[6] | {"game_forks", "profile_merges"}
TABLES_OF_VERSION[8] = TABLES_OF_VERSION[7]
TABLES_OF_VERSION[9] = TABLES_OF_VERSION[8] | {"hofstaat_changes", "hofstaat_seq"}


def _migrate_7_to_8(conn: Connection) -> None:
    """No table changes: a profile on several seats of one game (a computer level) is now rated
    once, by the mean of its seats; ``derive.rebuild`` after the upgrade rates every game so."""

def _migrate_8_to_9(conn: Connection) -> None:
    """Count changes from now on, with every record there is noted as changed once (a first
    sync sends everything anyway)."""
    for statement in _V8_TO_V9:
        conn.exec_driver_sql(statement)
    changes.install(conn)
    changes.note_everything(conn)


# MIGRATIONS[n] turns a version-n database into version n + 1.
MIGRATIONS: dict[int, Callable[[Connection], None]] = {
    1: _migrate_1_to_2,
    2: ids.migrate_2_to_3,
    3: _migrate_3_to_4,
    4: _migrate_4_to_5,
    5: _migrate_5_to_6,
    6: _migrate_6_to_7,
    7: _migrate_7_to_8,
    8: _migrate_8_to_9,
}


def prepare(engine: Engine) -> int | None:
    """Create the tables in a new database or upgrade an older one, in one transaction.

    Returns the version the database had before, or None when it was new.

    :raises NewerDatabaseError: when a newer Hofstaat wrote it; nothing is changed then.
    :raises StoreError: when it holds someone else's tables under our names, or cannot be upgraded.
    """
    with setup_transaction(engine, "store") as conn:
        names = set(inspect(conn).get_table_names())
        if SCHEMA_TABLE not in names:
            clash = sorted(names & TABLE_NAMES)
            if clash or (names and conn.dialect.name == "sqlite"):
                raise StoreError(
                    "the database holds tables that are not Hofstaat's "
                    f"({', '.join(sorted(names))}); choose another location",
                    "db_foreign", tables=sorted(names))
            StoreModel.metadata.create_all(conn, tables=TABLES)
            conn.execute(text(f"INSERT INTO {SCHEMA_TABLE} (id, version) VALUES (1, :v)"),
                         {"v": CURRENT_VERSION})
            changes.install(conn)
            return None
        version = conn.execute(text(f"SELECT version FROM {SCHEMA_TABLE} WHERE id = 1")).scalar()
        if not isinstance(version, int) or version < 1:
            raise StoreError(f"the database has no readable schema version ({version!r})",
                             "db_damaged")
        check_version(version)
        if version < CURRENT_VERSION:
            if conn.dialect.name != "sqlite" and version < FIRST_SERVER_VERSION:
                raise StoreError(f"a {conn.dialect.name} database of schema version {version} "
                                 "cannot be upgraded: Hofstaat kept no such database before "
                                 f"version {FIRST_SERVER_VERSION}", "db_upgrade_unsupported")
            for step in range(version, CURRENT_VERSION):
                MIGRATIONS[step](conn)
            conn.execute(text(f"UPDATE {SCHEMA_TABLE} SET version = :v WHERE id = 1"),
                         {"v": CURRENT_VERSION})
            # What is derived from the records (statistics, ratings, settled debts) is
            # written again by today's code, on today's schema.
            from core.store import derive
            derive.rebuild(conn)
        return version


def check_version(version: int) -> None:
    """Refuse a database from a newer Hofstaat.

    :raises NewerDatabaseError: when ``version`` is newer than this code knows.
    """
    if version > CURRENT_VERSION:
        raise NewerDatabaseError(
            f"the saved data comes from a newer version of Hofstaat (schema {version}; this "
            f"version reads up to {CURRENT_VERSION}); update the app to open it. "
            "It has not been changed.", "db_newer", version=version, supported=CURRENT_VERSION)
