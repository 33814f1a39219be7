"""A game's versions as the screens show them, and a person choosing which one counts.

A game played on differently on two devices keeps both versions (``core.store.versions``):
the one that counts lives in ``games``, the others in ``game_forks``. The person sees
every version with how far it got and how it ended, and may choose another one to
count; the choice is a time on that version, so it travels and wins on every device
until someone chooses again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlmodel import Session

from core.store import backup, backup_games, derive, versions
from core.store.errors import StoreError
from core.store.tables import GameForkRow, GameRow, table_of

G, F = table_of(GameRow).c, table_of(GameForkRow).c


@dataclass(frozen=True)
class GameVersion:
    """One version of a game: ``fork_id`` None for the one that counts."""

    fork_id: int | None
    ply: int
    over: bool
    result: dict[str, Any] | None
    updated_at: float
    finished_at: float | None
    counts: bool


def listed(s: Session, game_id: int) -> list[GameVersion]:
    """The version that counts, then the others, the last played first.

    :raises StoreError: when there is no such game.
    """
    row = s.get(GameRow, game_id)
    if row is None:
        raise StoreError(f"there is no saved game {game_id}", "game_missing", game_id=game_id)
    forks = s.execute(select(GameForkRow).where(F.game_id == game_id)
                      .order_by(F.updated_at.desc(), F.id)).scalars()
    return [_value(row, None, True)] + [_value(f, f.id, False) for f in forks]


def _value(row: Any, fork_id: int | None, counts: bool) -> GameVersion:
    actions = row.actions if isinstance(row.actions, list) else []
    return GameVersion(fork_id, len(actions), bool(row.over),
                       row.result if isinstance(row.result, dict) else None, row.updated_at,
                       row.finished_at if row.over else None, counts)


def choose(s: Session, game_id: int, fork_id: int, now: float) -> None:
    """Let another version of a game count from now on, on this device and every device its
    records reach (until someone chooses again).

    :raises StoreError: when the game has no such version, or only a finished version may
        count (a running one cannot replace a finished one).
    """
    row = s.get(GameRow, game_id)
    fork = s.get(GameForkRow, fork_id) if isinstance(fork_id, int) else None
    if row is None or fork is None or fork.game_id != game_id:
        raise StoreError(f"saved game {game_id} has no version {fork_id!r}", "version_missing",
                         game_id=game_id)
    if row.over and not fork.over:
        raise StoreError("a running version cannot count instead of a finished one",
                         "version_running", game_id=game_id)
    links = backup.links(s)
    main, others = backup_games.here(s, row, links)
    picked = backup_games.version_of(fork, links)
    rest = [v for v in others if versions.digest(v) != versions.digest(picked)]
    new_main, forks = versions.arrange([main, *rest, dict(picked, chosen_at=now)])
    s.execute(update(table_of(GameRow)).where(G.id == game_id).values(
        **backup_games.main_values(new_main, links), revision=G.revision + 1))
    backup_games.write_forks(s, game_id, forks, links)
    backup_games.derive_results(s, game_id)
    derive.rebuild(s)
