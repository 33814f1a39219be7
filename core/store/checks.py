"""Checking what callers hand the store before anything is written: game records and JSON."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from core.store.errors import StoreError
from core.store.location import dumps_json
from core.store.values import KINDS

# SQLite keeps integers in 64 bits.
MAX_INT = 2**63 - 1


def is_storable(text: str) -> bool:
    """Whether both engines keep this text as it is: PostgreSQL has no NUL in text, and half
    of a UTF-16 surrogate pair is not text at all."""
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


@dataclass(frozen=True)
class GameRecord:
    """A game record after checking, ready to write."""

    id: int | None
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    actions: list[str]
    state: dict[str, Any]
    over: bool
    result: dict[str, Any] | None
    undos: int
    hints: int
    started_at: float | None
    meta: dict[str, Any]
    revision: int | None = None  # the saved revision this record extends; None: not checked


def is_int(value: Any) -> bool:
    """Whether a value is a whole number (a bool is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def json_check(value: Any, what: str) -> None:
    """Make sure a value can be saved as JSON.

    :raises StoreError: naming ``what`` when it cannot.
    """
    try:
        dumps_json(value).encode("utf-8")
    except (TypeError, ValueError) as exc:  # UnicodeEncodeError is a ValueError
        raise StoreError(f"{what} cannot be saved as JSON: {exc}", "bad_record") from None


def check_record(record: Any) -> GameRecord:
    """Check a game record's shape before anything is written.

    :raises StoreError: naming the first thing wrong with it.
    """
    def bad(message: str) -> StoreError:
        return StoreError(f"game record: {message}", "bad_record")

    if not isinstance(record, dict):
        raise bad(f"must be a dict, not {type(record).__name__}")
    missing = [k for k in ("game", "options", "seed", "seats", "actions", "state", "over",
                           "result") if k not in record]
    if missing:
        raise bad(f"lacks {', '.join(missing)}")
    game_id = record.get("id")
    if game_id is not None and not is_int(game_id):
        raise bad(f"id must be a whole number or None, not {game_id!r}")
    if not isinstance(record["game"], str) or not record["game"]:
        raise bad(f"game must be a name, not {record['game']!r}")
    seed = record["seed"]
    if not is_int(seed) or not 0 <= seed <= MAX_INT:
        raise bad(f"seed must be a whole number from 0 to 2**63-1, not {seed!r}")
    for key in ("options", "state"):
        if not isinstance(record[key], dict):
            raise bad(f"{key} must be a dict")
    seats = record["seats"]
    if not isinstance(seats, list) or not seats:
        raise bad("seats must be a non-empty list")
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or seat.get("kind") not in KINDS:
            raise bad(f"seat {i} must be a dict with kind 'human' or 'bot', not {seat!r}")
        pid = seat.get("profile_id")
        if pid is not None and not (is_int(pid) and 0 <= pid <= MAX_INT):
            raise bad(f"seat {i} has profile_id {pid!r}")
    actions = record["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise bad("actions must be a list of action strings")
    over, result = record["over"], record["result"]
    if not isinstance(over, bool):
        raise bad(f"over must be true or false, not {over!r}")
    if result is not None and not isinstance(result, dict):
        raise bad("result must be a dict or None")
    if over:
        if result is None:
            raise bad("a finished game needs a result")
        scores, winners = result.get("scores"), result.get("winners")
        if not isinstance(scores, list) or len(scores) != len(seats) or not all(
                isinstance(x, (int, float)) and not isinstance(x, bool) for x in scores):
            raise bad(f"result scores must be one number per seat, not {scores!r}")
        if not isinstance(winners, list) or not all(
                is_int(w) and 0 <= w < len(seats) for w in winners):
            raise bad(f"result winners must be seat numbers, not {winners!r}")
    counts = {}
    for key in ("undos", "hints"):
        value = record.get(key, 0)
        if not is_int(value) or not 0 <= value <= MAX_INT:
            raise bad(f"{key} must be a whole number from 0 to 2**63-1, not {value!r}")
        counts[key] = value
    started_at = record.get("started_at")
    if started_at is not None and (isinstance(started_at, bool)
                                   or not isinstance(started_at, (int, float))
                                   or not math.isfinite(started_at)):
        raise bad(f"started_at must be a time in seconds, not {started_at!r}")
    revision = record.get("revision")
    if revision is not None and (not is_int(revision) or not 0 <= revision < MAX_INT):
        raise bad(f"revision must be a whole number of at least 0, not {revision!r}")
    meta = record.get("meta") or {}
    if not isinstance(meta, dict):
        raise bad("meta must be a dict")
    for key, value in (("options", record["options"]), ("seats", seats), ("state", record["state"]),
                       ("result", result), ("meta", meta)):
        json_check(value, f"game record {key}")
    return GameRecord(game_id, record["game"], record["options"], seed, seats, list(actions),
                      record["state"], over, result, counts["undos"], counts["hints"],
                      None if started_at is None else float(started_at), meta, revision)
