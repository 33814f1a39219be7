"""The current schema as SQLModel tables. Rows never leave ``core.store``.

Times are seconds since the epoch (``time.time()``), as ``GameSession`` keeps
them. JSON columns hold plain JSON values. Changing a table here means raising
``migrations.CURRENT_VERSION`` and writing the migration that gets there.
"""

from __future__ import annotations

from typing import Any, cast


from sqlalchemy import (JSON, BigInteger, Column, ForeignKey, Index, Integer, Table,
                        UniqueConstraint, text)
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from core.store.ids import index_name, new_uuid


def _uuid_field() -> Any:
    # NOT NULL with an empty default is what ALTER TABLE could add in schema 3;
    # every row gets a real id from ``new_uuid`` when it is created.
    return Field(default_factory=new_uuid, sa_column_kwargs={"server_default": ""})


class StoreModel(SQLModel, registry=registry()):
    """Base of Hofstaat's tables, with metadata of their own (not SQLModel's global one)."""


class SchemaRow(StoreModel, table=True):
    """The single row saying which schema version the database has; it marks the file as ours."""

    __tablename__ = "hofstaat_schema"

    id: int = Field(default=1, primary_key=True)
    version: int


class ProfileRow(StoreModel, table=True):
    """A person, or a named computer player of a level."""

    __tablename__ = "profiles"
    __table_args__ = (Index(index_name("profiles"), "uuid", unique=True),)

    id: int | None = Field(default=None, primary_key=True)
    uuid: str = _uuid_field()
    name: str
    kind: str  # "human" or "bot"
    level: str | None = None
    archived: bool = False
    created_at: float
    # When the name or archiving last changed: the later change wins when devices merge.
    changed_at: float = Field(default=0.0, sa_column_kwargs={"server_default": text("0")})


class GameRow(StoreModel, table=True):
    """One game, finished or not: notation plus replay, with the state as a cache."""

    __tablename__ = "games"
    __table_args__ = (
        Index("ix_games_game", "game"),
        Index("ix_games_listing", "over", "archived", "updated_at"),
        Index(index_name("games"), "uuid", unique=True),
        Index("ix_games_finished", "over", "finished_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    uuid: str = _uuid_field()
    game: str
    options: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    seed: int
    seats: list[dict[str, Any]] = Field(sa_column=Column(JSON, nullable=False))
    actions: list[str] = Field(sa_column=Column(JSON, nullable=False))
    state: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    over: bool
    result: dict[str, Any] | None = Field(default=None,
                                          sa_column=Column(JSON(none_as_null=True)))
    ply: int = 0
    undos: int = 0
    hints: int = 0
    meta: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    archived: bool = False
    started_at: float
    updated_at: float
    finished_at: float | None = None  # the first time the game ended; never cleared
    # Saves accepted so far: a save names the revision it extends, so a copy of the game
    # open elsewhere cannot overwrite moves it never saw (``games.save``).
    revision: int = Field(default=0, sa_column_kwargs={"server_default": text("0")})
    # When archiving last changed (None: never), so the later choice wins when devices merge.
    archived_at: float | None = None
    # When a person chose this version of a game that was played on differently elsewhere.
    chosen_at: float | None = None


class GameForkRow(StoreModel, table=True):
    """Another version of a game: the same start played on differently on another device.

    The version that counts lives in ``games``; the others wait here, shown and never
    counted, until a person chooses one of them (``core.store.versions``).
    """

    __tablename__ = "game_forks"
    __table_args__ = (Index("ix_game_forks_game", "game_id"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(sa_column=Column(Integer, ForeignKey("games.id"), nullable=False))
    seats: list[dict[str, Any]] = Field(sa_column=Column(JSON, nullable=False))
    actions: list[str] = Field(sa_column=Column(JSON, nullable=False))
    state: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    over: bool
    result: dict[str, Any] | None = Field(default=None,
                                          sa_column=Column(JSON(none_as_null=True)))
    undos: int = 0
    hints: int = 0
    meta: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    updated_at: float
    finished_at: float | None = None
    chosen_at: float | None = None


class ProfileMergeRow(StoreModel, table=True):
    """A person found to be the same as another: ``source`` is read as ``target`` from now on.

    Merges travel like every other record; profiles are named by uuid here.
    """

    __tablename__ = "profile_merges"

    id: str = Field(primary_key=True)  # uuid4 hex
    source: str
    target: str
    created_at: float


class ResultRow(StoreModel, table=True):
    """How one seat did in one finished game; written once, when the game first ends."""

    __tablename__ = "results"
    __table_args__ = (
        UniqueConstraint("game_id", "seat", name="uq_results_game_seat"),
        Index("ix_results_game_profile", "game", "profile_id"),
        Index(index_name("results"), "uuid", unique=True),
        Index("ix_results_profile_time", "profile_id", "finished_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    uuid: str = _uuid_field()
    game_id: int = Field(sa_column=Column(Integer, ForeignKey("games.id"), nullable=False))
    game: str
    seat: int
    kind: str  # "human" or "bot", from the seat
    profile_id: int | None = Field(default=None, sa_column=Column(
        Integer, ForeignKey("profiles.id"), nullable=True))
    level: str | None = None
    score: float | None = None
    won: bool
    assisted: bool  # the game saw an undo or a hint
    undos: int = 0
    hints: int = 0
    finished_at: float


class SettingRow(StoreModel, table=True):
    """One setting: a key and any JSON value."""

    __tablename__ = "settings"

    key: str = Field(primary_key=True)
    value: Any = Field(default=None, sa_column=Column(JSON, nullable=False))


class DynastyRow(StoreModel, table=True):
    """A Rosenkrieg dynasty played for money: its people, the stake per point, its game."""

    __tablename__ = "dynasties"
    __table_args__ = (Index("ix_dynasties_game", "game_id"),)

    id: str = Field(primary_key=True)  # uuid4 hex: the same on every device it is merged into
    game_id: int | None = Field(default=None, sa_column=Column(
        Integer, ForeignKey("games.id"), nullable=True))
    players: list[str] = Field(sa_column=Column(JSON, nullable=False))  # profile uuids, by seat
    stake_cents: int
    currency: str
    created_at: float
    ended_at: float | None = None  # when its game ended (the version that counts); None: running


class LedgerEntryRow(StoreModel, table=True):
    """One line of the ledger's history: a payment or correction, never changed once written, or a
    settled dynasty's debt, derived from the version of its game that counts."""

    __tablename__ = "ledger_entries"
    __table_args__ = (
        Index("ix_ledger_entries_order", "created_at", "id"),
        Index("ix_ledger_entries_dynasty", "dynasty_id"),
    )

    id: str = Field(primary_key=True)  # globally unique hex, see core.store.ledger
    kind: str
    debtor: str  # profile uuids: the ledger is the same on every device
    creditor: str
    cents: int
    currency: str
    dynasty_id: str | None = Field(default=None, sa_column=Column(
        ForeignKey("dynasties.id"), nullable=True))
    note: str = ""
    created_at: float


class FigureRow(StoreModel, table=True):
    """One of a game's own figures for one seat of a finished game (``core.outcomes``)."""

    __tablename__ = "result_figures"
    __table_args__ = (
        UniqueConstraint("game_id", "seat", "name", name="uq_result_figures"),
        Index("ix_result_figures_player", "game", "profile_id", "name"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(sa_column=Column(Integer, ForeignKey("games.id"), nullable=False))
    seat: int
    game: str
    kind: str
    profile_id: int | None = None
    name: str
    value: float


class RatingRow(StoreModel, table=True):
    """A player's current rating in one game; ``profile_id`` 0 is the game itself (solitaire)."""

    __tablename__ = "ratings"

    game: str = Field(primary_key=True)
    profile_id: int = Field(primary_key=True)
    mu: float
    sigma: float
    games: int
    updated_at: float


class RatingStepRow(StoreModel, table=True):
    """A player's rating right after one finished game, for the chart over time."""

    __tablename__ = "rating_history"
    __table_args__ = (
        UniqueConstraint("game_id", "profile_id", name="uq_rating_history"),
        Index("ix_rating_history_player", "profile_id", "game", "finished_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int
    game: str
    profile_id: int
    mu: float
    sigma: float
    finished_at: float


class PlayerTotalRow(StoreModel, table=True):
    """One player's running totals in one game, kept up to date as games end, so the
    screens never add up thousands of results; ``profile_id`` 0 is the people who
    played without a profile."""

    __tablename__ = "player_totals"

    profile_id: int = Field(primary_key=True)
    game: str = Field(primary_key=True)
    games: int
    wins: int
    assisted_wins: int
    hints: int
    undos: int
    scored: int  # results with a score
    score_sum: float
    score_max: float | None = None
    score_min: float | None = None
    current_streak: int
    best_streak: int


class PlayerFigureRow(StoreModel, table=True):
    """One player's running total of one of a game's own figures."""

    __tablename__ = "player_figures"

    profile_id: int = Field(primary_key=True)
    game: str = Field(primary_key=True)
    name: str = Field(primary_key=True)
    total: float


class PairTotalRow(StoreModel, table=True):
    """How one profile fared against another in one game, kept up to date as games end
    (each pair is kept both ways round)."""

    __tablename__ = "pair_totals"

    profile_id: int = Field(primary_key=True)
    other_id: int = Field(primary_key=True)
    game: str = Field(primary_key=True)
    games: int
    wins: int
    losses: int
    shared: int


class ChangeRow(StoreModel, table=True):
    """The last change of one record that travels (``changes``): written by triggers, so no way
    of writing a record can forget it. ``seq`` orders changes as they were committed."""

    __tablename__ = "hofstaat_changes"
    __table_args__ = (Index("ix_hofstaat_changes_seq", "seq"),)

    kind: str = Field(primary_key=True)  # a backup kind: profiles, games, dynasties, ...
    record: str = Field(primary_key=True)  # the record's uuid
    seq: int


class ChangeCountRow(StoreModel, table=True):
    """The one row counting changes; every writing transaction raises it, which also makes
    PostgreSQL commit changes in the order of their numbers."""

    __tablename__ = "hofstaat_seq"

    id: int = Field(default=1, primary_key=True, sa_column_kwargs={"autoincrement": False})
    last: int


def table_of(model: type[StoreModel]) -> Table:
    """A model's SQLAlchemy table; its columns (``table_of(GameRow).c.over``) are typed."""
    return cast(Table, getattr(model, "__table__"))  # noqa: B009 (not declared on the type)


TABLES = [table_of(m) for m in (SchemaRow, ProfileRow, GameRow, ResultRow, SettingRow, FigureRow,
                                RatingRow, RatingStepRow, PlayerTotalRow, PlayerFigureRow,
                                PairTotalRow, DynastyRow, LedgerEntryRow, GameForkRow,
                                ProfileMergeRow, ChangeRow, ChangeCountRow)]
TABLE_NAMES = frozenset(t.name for t in TABLES)

# SQLite keeps every INTEGER in 64 bits, and the checks allow that much (a seed someone typed,
# say); PostgreSQL's INTEGER has 32 bits, so there these columns are BIGINT.
_WIDE = Integer().with_variant(BigInteger(), "postgresql")
for _table in TABLES:
    for _column in _table.columns:
        if type(_column.type) is Integer:
            _column.type = _WIDE
