"""One schema on both engines: a fresh PostgreSQL database holds exactly the tables of a fresh
SQLite file, and opening, upgrading and refusing work alike on both."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, inspect, text

from core.store import CURRENT_VERSION, NewerDatabaseError, Store, StoreError
from core.store.location import target_of
from core.store.migrations import FIRST_SERVER_VERSION, SCHEMA_TABLE


def raw_engine(location: str):
    return create_engine(target_of(location).url)


def schema(location: str) -> dict:
    """Tables with their columns (generic type, nullability), primary keys, indexes, unique
    constraints and foreign keys, as SQLAlchemy reads them from either engine."""
    engine = raw_engine(location)
    try:
        found = inspect(engine)
        out = {}
        for table in found.get_table_names():
            columns = {c["name"]: (type(c["type"]).__mro__[0].__visit_name__, c["nullable"])
                       for c in found.get_columns(table)}
            # PostgreSQL lists a unique constraint's own index as well; it is the constraint.
            indexes = sorted((i["name"], tuple(i["column_names"]), bool(i["unique"]))
                             for i in found.get_indexes(table)
                             if not i.get("duplicates_constraint"))
            uniques = sorted((u["name"], tuple(u["column_names"]))
                             for u in found.get_unique_constraints(table))
            keys = sorted((tuple(k["constrained_columns"]), k["referred_table"],
                           tuple(k["referred_columns"])) for k in found.get_foreign_keys(table))
            primary = tuple(found.get_pk_constraint(table)["constrained_columns"])
            out[table] = (columns, primary, indexes, uniques, keys)
        return out
    finally:
        engine.dispose()


def same_types(schema_of: dict) -> dict:
    """A schema with each column's type reduced to what both engines keep apart: SQLite calls
    a FLOAT column FLOAT and PostgreSQL DOUBLE PRECISION, a VARCHAR column VARCHAR on both."""
    kinds = {"float": "number", "double_precision": "number", "real": "number",
             "integer": "integer", "bigint": "integer", "string": "text", "varchar": "text",
             "text": "text", "boolean": "boolean", "json": "json"}
    out = {}
    for table, (columns, primary, indexes, uniques, keys) in schema_of.items():
        columns = {name: (kinds.get(kind.lower(), kind), nullable)
                   for name, (kind, nullable) in columns.items()}
        out[table] = (columns, primary, indexes, uniques, keys)
    return out


def version_of(location: str) -> int:
    engine = raw_engine(location)
    try:
        with engine.connect() as conn:
            return conn.execute(text(f"SELECT version FROM {SCHEMA_TABLE}")).scalar_one()
    finally:
        engine.dispose()


def set_version(location: str, version: int) -> None:
    engine = raw_engine(location)
    try:
        with engine.begin() as conn:
            conn.execute(text(f"UPDATE {SCHEMA_TABLE} SET version = :v"), {"v": version})
    finally:
        engine.dispose()


def test_a_fresh_postgresql_database_has_exactly_the_tables_of_a_fresh_sqlite_file(
        postgres, tmp_path):
    url, path = postgres.new_database("schema"), str(tmp_path / "fresh.db")
    Store.open(url).close()
    Store.open(path).close()
    on_postgres, on_sqlite = same_types(schema(url)), same_types(schema(path))
    assert set(on_postgres) == set(on_sqlite)
    for table in on_sqlite:
        assert on_postgres[table] == on_sqlite[table], table
    postgres.drop_database(url)


def test_a_database_reopens_at_the_current_version_with_its_data(new_db):
    location = new_db()
    with Store.open(location) as store:
        assert store.upgraded_from is None
        anna = store.create_profile("Anna")
        store.set_setting("lang", "de")
    with Store.open(location) as store:
        assert store.upgraded_from is None and store.notice is None
        assert store.list_profiles() == [anna]
        assert store.get_setting("lang") == "de"
    assert version_of(location) == CURRENT_VERSION


def test_a_database_of_a_newer_hofstaat_is_refused_and_left_as_it_is(new_db):
    location = new_db()
    with Store.open(location) as store:
        store.create_profile("Anna")
    set_version(location, CURRENT_VERSION + 1)
    before = schema(location)
    with pytest.raises(NewerDatabaseError) as refused:
        Store.open(location)
    assert refused.value.key == "db_newer"
    assert schema(location) == before and version_of(location) == CURRENT_VERSION + 1


def test_a_postgresql_database_older_than_any_hofstaat_kept_there_is_refused(postgres):
    url = postgres.new_database("old")
    Store.open(url).close()
    set_version(url, FIRST_SERVER_VERSION - 1)
    with pytest.raises(StoreError) as refused:
        Store.open(url)
    assert refused.value.key == "db_upgrade_unsupported"
    assert version_of(url) == FIRST_SERVER_VERSION - 1
    postgres.drop_database(url)


def test_a_database_holding_tables_under_hofstaats_names_is_refused(new_db):
    location = new_db()
    engine = raw_engine(location)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE games (name VARCHAR)"))
    engine.dispose()
    with pytest.raises(StoreError) as refused:
        Store.open(location, move_damaged=False)
    assert refused.value.key in ("db_foreign", "db_not_hofstaat")
    assert set(schema(location)) == {"games"}


def test_a_postgresql_database_shared_with_other_tables_takes_hofstaats_beside_them(postgres):
    url = postgres.new_database("shared")
    engine = raw_engine(url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE recipes (name VARCHAR)"))
    engine.dispose()
    with Store.open(url) as store:
        store.create_profile("Anna")
    assert {"recipes", "profiles", SCHEMA_TABLE} <= set(schema(url))
    postgres.drop_database(url)


def test_a_server_that_cannot_be_reached_is_one_line_without_the_password(postgres):
    url = postgres.admin_url.set(password="s3cret", database="missing_db")
    with pytest.raises(StoreError) as refused:
        Store.open(url.render_as_string(hide_password=False))
    message = str(refused.value)
    assert refused.value.key == "db_unreadable"
    assert "s3cret" not in message and "missing_db" in message and "\n" not in message


def next_version(monkeypatch, step):
    """Make this code one schema version newer, reached by ``step``, as the next change will."""
    from core.store import migrations

    monkeypatch.setattr(migrations, "CURRENT_VERSION", CURRENT_VERSION + 1)
    monkeypatch.setitem(migrations.MIGRATIONS, CURRENT_VERSION, step)


def columns_of(location: str, table: str) -> list[str]:
    engine = raw_engine(location)
    try:
        return [c["name"] for c in inspect(engine).get_columns(table)]
    finally:
        engine.dispose()


def test_an_upgrade_runs_its_steps_and_derives_the_statistics_again_on_both_engines(
        new_db, monkeypatch):
    location = new_db()
    with Store.open(location) as store:
        anna = store.create_profile("Anna")
        session = _finished_game(store, anna)
        before = store.stats("thronfolge", anna.id)
    engine = raw_engine(location)
    with engine.begin() as conn:  # what the upgrade must write again from the games
        conn.execute(text("DELETE FROM player_totals"))
    engine.dispose()
    next_version(monkeypatch, lambda conn: conn.exec_driver_sql(
        "ALTER TABLE profiles ADD COLUMN note VARCHAR NOT NULL DEFAULT ''"))
    with Store.open(location) as store:
        assert store.upgraded_from == CURRENT_VERSION
        assert store.stats("thronfolge", anna.id) == before
        assert store.load_game(session.game_id)["actions"] == session.actions
    assert version_of(location) == CURRENT_VERSION + 1
    assert "note" in columns_of(location, "profiles")


def test_an_upgrade_that_fails_halfway_leaves_the_database_as_it_was_on_both_engines(
        new_db, monkeypatch):
    location = new_db()
    with Store.open(location) as store:
        store.create_profile("Anna")

    def breaks_halfway(conn):
        conn.exec_driver_sql("ALTER TABLE profiles ADD COLUMN note VARCHAR")
        raise RuntimeError("power cut")

    next_version(monkeypatch, breaks_halfway)
    with pytest.raises(RuntimeError, match="power cut"):
        Store.open(location)
    assert version_of(location) == CURRENT_VERSION
    assert "note" not in columns_of(location, "profiles")


def _finished_game(store, anna):
    from core.session import GameSession, Seat

    bot = store.create_profile("Computer", kind="bot", level="easy")
    session = GameSession.start("thronfolge", [Seat("human", "Anna", anna.id),
                                               Seat("bot", "Computer", bot.id, "easy")],
                                seed=3, saver=store)
    while not session.over:
        session.apply(session.legal()[0])
    return session


def test_a_seed_as_large_as_sqlite_keeps_is_kept_on_postgresql_too(new_db):
    from core.session import GameSession, Seat

    with Store.open(new_db()) as store:
        anna = store.create_profile("Anna")
        session = GameSession.start("thronfolge", [Seat("human", "Anna", anna.id),
                                                   Seat("human", "Ben")], seed=2**63 - 1,
                                    saver=store)
        assert store.load_game(session.game_id)["seed"] == 2**63 - 1


@pytest.mark.parametrize("bad", ["Kaffee\x00", "\ud800"])
def test_text_neither_engine_can_keep_is_refused_before_anything_is_written(new_db, bad):
    with Store.open(new_db()) as store:
        anna, ben = store.create_profile("Anna"), store.create_profile("Ben")
        for call, args in ((store.set_setting, (bad, 1)), (store.create_profile, (bad,)),
                           (store.record_correction, (anna.uuid, ben.uuid, 5, "EUR", bad))):
            with pytest.raises(StoreError):
                call(*args)
        assert store.ledger_entries() == [] and len(store.list_profiles()) == 2
