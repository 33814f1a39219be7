"""The server directory's tables: accounts, sign-in sessions, sign-in failures, circles, members,
invitations and who sits where at a circle's tables. They live beside a store's tables in one database and never share a name
with them (all start with ``server_``).

Secrets are never stored: a password as its Argon2id hash, a session token and an invitation
code as their SHA-256.
"""

from __future__ import annotations

from sqlalchemy import (Column, Float, ForeignKey, Index, Integer, MetaData, String, Table,
                        UniqueConstraint)

DIRECTORY_VERSION = 1
metadata = MetaData()

schema = Table(
    "server_schema", metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("version", Integer, nullable=False),
    # This server's own id: a device keeps how far it synced per server, and a server started
    # afresh on an empty database is another server to it.
    Column("instance", String, nullable=False),
)

accounts = Table(
    "server_accounts", metadata,
    Column("id", Integer, primary_key=True),
    Column("login", String, nullable=False, unique=True),  # folded: what sign-in compares
    Column("name", String, nullable=False),  # as the person wrote it, shown to their circles
    Column("password_hash", String, nullable=False),
    Column("created_at", Float, nullable=False),
)

sessions = Table(
    "server_sessions", metadata,
    Column("token_hash", String, primary_key=True),
    Column("account_id", Integer, ForeignKey("server_accounts.id"), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Index("ix_server_sessions_account", "account_id"),
)

# A member's own settings (language, theme, card backs, guides seen), the same on every
# browser they sign in from: a circle's store is everyone's, its settings are nobody's own.
account_settings = Table(
    "server_account_settings", metadata,
    Column("account_id", Integer, ForeignKey("server_accounts.id"), primary_key=True),
    Column("key", String, primary_key=True),
    Column("value", String, nullable=False),  # JSON
)

# Wrong passwords per login name, whether an account has it or not, so trying names tells
# nothing and guessing one account's password slows down across every server process.
failures = Table(
    "server_failures", metadata,
    Column("login", String, primary_key=True),
    Column("count", Integer, nullable=False),
    Column("last_at", Float, nullable=False),
    Column("blocked_until", Float, nullable=False),
)

circles = Table(
    "server_circles", metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String, nullable=False),
    Column("store_key", String, nullable=False, unique=True),  # where its records are kept
    Column("created_at", Float, nullable=False),
)

members = Table(
    "server_members", metadata,
    Column("circle_id", Integer, ForeignKey("server_circles.id"), primary_key=True),
    Column("account_id", Integer, ForeignKey("server_accounts.id"), primary_key=True),
    Column("role", String, nullable=False),  # "owner" or "member"
    Column("joined_at", Float, nullable=False),
    Index("ix_server_members_account", "account_id"),
)

invitations = Table(
    "server_invitations", metadata,
    Column("code_hash", String, primary_key=True),
    Column("circle_id", Integer, ForeignKey("server_circles.id"), nullable=False),
    Column("created_by", Integer, ForeignKey("server_accounts.id"), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Column("used_by", Integer, ForeignKey("server_accounts.id")),
    Column("used_at", Float),
    UniqueConstraint("circle_id", "code_hash", name="uq_server_invitations"),
)

# A circle's table is a game of the circle's store; a member's seat at it is this server's
# business (the game's record names people, not accounts) and never travels.
seats = Table(
    "server_seats", metadata,
    Column("circle_id", Integer, ForeignKey("server_circles.id"), primary_key=True),
    Column("game_id", Integer, primary_key=True),  # the game's id in the circle's store
    Column("seat", Integer, primary_key=True),
    Column("account_id", Integer, ForeignKey("server_accounts.id"), nullable=False),
    Index("ix_server_seats_account", "account_id", "circle_id"),
)

# A table's game while it runs is in the circle's tables store; when it ends it becomes one of
# the circle's records, once: the process that claims it copies it (``recorded_as``: the game's
# id among the records; a claim of a process that stopped midway lapses).
table_games = Table(
    "server_tables", metadata,
    Column("circle_id", Integer, ForeignKey("server_circles.id"), primary_key=True),
    Column("game_id", Integer, primary_key=True),  # the game's id in the tables store
    Column("recorded_as", Integer),
    Column("claimed_at", Float),
)
