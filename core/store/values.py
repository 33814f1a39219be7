"""The plain values the store hands out: profiles and the list entries of saved games."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

KINDS = ("human", "bot")
# The reason a resigned game's result gives; the engines never use it.
RESIGNED = "resigned"


@dataclass(frozen=True)
class Profile:
    """A person, or a named computer player (``kind == "bot"``) with a level."""

    id: int
    name: str
    kind: str
    level: str | None
    archived: bool
    created_at: float
    uuid: str = ""  # the same on every device; what the ledger names people by
    # The profile this one was merged into (``core.store.merges``), or None: a merged-away
    # profile is listed only with the archived ones and counts as its target everywhere.
    merged_into: int | None = None

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


@dataclass(frozen=True)
class GameSummary:
    """What a list of saved games shows about one game, without its state or action log."""

    id: int
    game: str
    seats: list[dict[str, Any]]
    players: int
    updated_at: float
    started_at: float
    ply: int  # actions applied so far
    meta: dict[str, Any] = field(default_factory=dict)
    over: bool = False
    result: dict[str, Any] | None = None
    finished_at: float | None = None
    archived: bool = False
    undos: int = 0
    hints: int = 0
    revision: int = 0  # saves accepted so far (``GameSession.revision`` of an up-to-date copy)
    forks: int = 0  # versions played on differently on other devices (``Store.game_versions``)

    @property
    def player_names(self) -> list[str]:
        return [str(s.get("name", "")) for s in self.seats]

    @property
    def resigned(self) -> bool:
        """Whether the game ended because someone gave up (it cannot be continued)."""
        return self.over and self.result is not None and self.result.get("reason") == RESIGNED

    @property
    def resigned_seat(self) -> int | None:
        """The seat that gave up, or None when the game was not resigned."""
        seat = self.result.get("resigned") if self.resigned and self.result else None
        return seat if isinstance(seat, int) else None


@dataclass(frozen=True)
class Dynasty:
    """A Rosenkrieg dynasty played for money: who sat where, the stake per point, its game."""

    id: str  # uuid4 hex
    game_id: int | None
    players: tuple[str, ...]  # profile uuids, by seat
    stake_cents: int
    currency: str
    created_at: float
    ended_at: float | None = None  # when its game ended: its debts are in the ledger since

    @property
    def settled(self) -> bool:
        return self.ended_at is not None


def loads_or_none(raw: Any) -> Any:
    """A stored JSON text read back, a dict as it is, and None for anything unreadable:
    raw rows of old databases may hold damaged text, and reading them must not fail."""
    if isinstance(raw, dict):
        return raw
    try:
        return json.loads(raw) if isinstance(raw, (str, bytes)) else None
    except ValueError:
        return None
