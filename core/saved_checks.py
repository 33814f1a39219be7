"""Checking a saved game's record before it is restored, so that what opens can be saved again.

The store's own check (``core.store.checks.check_record``) refuses the same things when a
record is written; refusing them here, on the way in, names the problem at once instead of
letting every later move fail to save.
"""

from __future__ import annotations

import json
import math
from typing import Any

from core.bots import levels
from core.errors import BadState
from core.games import registry
from core.games.base import Game, is_seed
from core.games.state_checks import is_int, short

KINDS = ("human", "bot")
MAX_COUNT = 2**63 - 1  # saves keep counts in 64-bit database integers


def check_saved(record: Any) -> Game:
    """Check the parts of a save that ``GameSession.restore`` reads; return its game.

    :raises BadState: naming the first thing wrong with it.
    :raises UnknownGame: when it names no registered game.
    """
    if not isinstance(record, dict):
        raise BadState("the saved game is not a record")
    missing = [k for k in ("game", "seats", "seed", "options", "actions") if k not in record]
    if missing:
        raise BadState(f"the saved game lacks {', '.join(missing)}")
    if not isinstance(record["game"], str):
        raise BadState(f"the saved game names no game: {short(record['game'])}")
    game = registry.get(record["game"])
    game_id = record.get("id")
    if game_id is not None and not (is_int(game_id) and 0 <= game_id <= MAX_COUNT):
        raise BadState(f"the saved game's id is {short(game_id)}")
    if not is_seed(record["seed"]):
        raise BadState(f"the saved game's seed is {short(record['seed'])}")
    options = record.get("options")
    if options is not None and not isinstance(options, dict):
        raise BadState("the saved game's options are not an object")
    actions = record["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise BadState("the saved game's actions are not a list of action strings")
    seats = record["seats"]
    if not isinstance(seats, list) or not seats:
        raise BadState("the saved game has no seats")
    for i, seat in enumerate(seats):
        _check_seat(seat, i, game)
    for key in ("undos", "hints", "revision"):
        value = record.get(key, 0)
        if not is_int(value) or not 0 <= value <= MAX_COUNT:
            raise BadState(f"the saved game's {key} must be a whole number of at least 0, "
                           f"not {short(value)}")
    started = record.get("started_at")
    if started is not None and (isinstance(started, bool) or not isinstance(started, (int, float))
                                or not math.isfinite(started)):
        raise BadState(f"the saved game's start time is {short(started)}")
    meta = record.get("meta")
    if meta is not None:
        if not isinstance(meta, dict):
            raise BadState("the saved game's meta is not an object")
        try:
            json.dumps(meta, allow_nan=False)
        except (TypeError, ValueError, RecursionError):
            raise BadState("the saved game's meta cannot be saved as JSON") from None
    return game


def _check_seat(seat: Any, i: int, game: Game) -> None:
    if not isinstance(seat, dict) or seat.get("kind") not in KINDS:
        raise BadState(f"seat {i} of the saved game must be a person or a computer player, "
                       f"not {short(seat)}")
    if not isinstance(seat.get("name"), str):
        raise BadState(f"seat {i} of the saved game has no name")
    pid = seat.get("profile_id")
    if pid is not None and not (is_int(pid) and 0 <= pid <= MAX_COUNT):
        raise BadState(f"seat {i} of the saved game has the profile id {short(pid)}")
    level = seat.get("level")
    if level is None:
        return
    known = levels(game.name) if seat["kind"] == "bot" else [level]  # a person's is unused
    if not isinstance(level, str) or level not in known:
        raise BadState(f"seat {i} of the saved game has the level {short(level)} "
                       f"(levels: {', '.join(map(str, known))})")
