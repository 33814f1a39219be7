"""Reading a saved state: its JSON, the fields every game shares, then the game's own checks.

Everything here refuses with ``BadState``; a state that passes can be given to every
function of the engine contract without raising anything but the game's ``RulesError``.
"""

from __future__ import annotations

import functools
import json
import math
from typing import TYPE_CHECKING, Any

from core.errors import BadOption, BadState, UnknownGame
from core.games.base import COMMON_FIELDS, State, is_seed

if TYPE_CHECKING:
    from core.games.base import Game

# No game nests its fields deeper than a handful of levels; far deeper input is hostile
# and would make copying or printing a state overflow the stack.
MAX_DEPTH = 24


def is_int(value: Any) -> bool:
    """Whether a value is a whole number (a bool is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def short(value: Any, limit: int = 60) -> str:
    """A value's ``repr``, cut to ``limit`` characters for a one-line message."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def card_list(value: Any, what: str) -> list[str]:
    """A field that must be a list of card strings (which cards is the deck's business).

    :raises BadState: naming ``what`` when it is not a list of strings.
    """
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise BadState(f"state field {what} must be a list of cards, not {short(value)}")
    return value


def card_lists(value: Any, count: int, what: str) -> list[list[str]]:
    """A field that must hold ``count`` lists of card strings (one per seat, say).

    :raises BadState: naming ``what`` when it does not.
    """
    if not isinstance(value, list) or len(value) != count:
        raise BadState(f"state field {what} must hold {count} lists of cards, not {short(value)}")
    for i, entry in enumerate(value):
        card_list(entry, f"{what}[{i}]")
    return value


def check_plain(data: Any) -> None:
    """Refuse anything JSON cannot hold or that nests absurdly deep.

    :raises BadState: for a non-finite number, a non-text key, a foreign type or deep nesting.
    """
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise BadState(f"state nests deeper than {MAX_DEPTH} levels")
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise BadState(f"state has a key that is not text: {short(key)}")
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise BadState(f"state holds the number {value!r}, which JSON cannot hold")
        elif value is not None and not isinstance(value, (str, int)):
            raise BadState(f"state holds a {type(value).__name__}, which JSON cannot hold")


def check_result(result: Any, players: int) -> None:
    """The shape every finished game's result has: scores per seat, winning seats, a reason.

    :raises BadState: naming what is wrong.
    """
    if not isinstance(result, dict):
        raise BadState("a finished state needs a result object")
    scores, winners = result.get("scores"), result.get("winners")
    if not isinstance(scores, list) or len(scores) != players or not all(
            isinstance(x, (int, float)) and not isinstance(x, bool) for x in scores):
        raise BadState(f"result scores must be one number per seat, not {short(scores)}")
    if not isinstance(winners, list) or winners != sorted(set(w for w in winners if is_int(w))) \
            or not all(0 <= w < players for w in winners):
        raise BadState(f"result winners must be distinct seats in order, not {short(winners)}")
    if not isinstance(result.get("reason"), str):
        raise BadState(f"result reason must be text, not {short(result.get('reason'))}")


def validate(data: State | str | bytes, expect: Game | None = None) -> State:
    """Parse and check a state from any registered game (``expect``: from that game only).

    :raises BadState: with the reason it cannot be used.
    """
    from core.games import registry  # late import: the registry imports the games

    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except (ValueError, UnicodeDecodeError, RecursionError) as exc:
            reason = "it nests too deep" if isinstance(exc, RecursionError) else str(exc)
            raise BadState(f"state is not valid JSON: {reason}") from None
    if not isinstance(data, dict):
        raise BadState("state must be a JSON object")
    missing = [f for f in COMMON_FIELDS if f not in data]
    if missing:
        raise BadState(f"state lacks field(s) {', '.join(missing)}")
    check_plain(data)
    name = data["game"]
    if not isinstance(name, str):
        raise BadState(f"state field 'game' must be a game's name, not {short(name)}")
    try:
        game = registry.get(name) if expect is None else expect
    except UnknownGame as exc:
        raise BadState(f"state: {exc}") from None
    if name != game.name:
        raise BadState(f"state is from {short(name)}, not {game.name!r}")
    if not is_int(data["version"]) or data["version"] != game.version:
        raise BadState(f"state has version {short(data['version'])}; "
                       f"this engine reads version {game.version}")
    _check_common(game, data)
    fields = own_fields(game)
    if set(data) != fields:
        odd = ", ".join(repr(f) for f in sorted(set(data) ^ fields, key=str))
        raise BadState(f"a {game.name} state has exactly the fields of a new one; not so: {short(odd, 200)}")
    try:
        cards = game.all_cards(data)
        if not all(isinstance(c, str) for c in cards):
            raise BadState("state holds something that is not a card where cards belong")
        if sorted(cards) != sorted(game.deck(data)):
            raise BadState("state's cards do not add up to the game's deck")
        game.check_state(data)
    except BadState:
        raise
    except (LookupError, TypeError, ValueError, AttributeError, ArithmeticError,
            RecursionError) as exc:
        raise BadState(f"state is damaged: {type(exc).__name__}: {short(str(exc), 200)}") from None
    return data


@functools.lru_cache(maxsize=None)
def own_fields(game: Game) -> frozenset[str]:
    """The fields of every state of ``game``: a game keeps the same ones from deal to end, so a
    saved state with one missing, renamed or added is damaged (a field the checks never read
    would otherwise fail only when play reaches it)."""
    return frozenset(game.new(game.info.default_players, 0, None))


def _check_common(game: Game, data: State) -> None:
    if not is_seed(data["seed"]):
        raise BadState(f"state seed must be a whole number from 0 to 2**63-1, not {short(data['seed'])}")
    if not is_int(data["ply"]) or data["ply"] < 0:
        raise BadState(f"state ply must be a whole number of at least 0, not {short(data['ply'])}")
    if not isinstance(data["options"], dict):
        raise BadState("state options must be an object")
    try:
        if game.parse_options(data["options"]) != data["options"]:
            raise BadState("state options are incomplete")
    except BadOption as exc:
        raise BadState(f"state options: {exc}") from None
    n = data["players"]
    if not is_int(n) or not game.info.min_players <= n <= game.info.max_players:
        raise BadState(f"state has a bad player count {short(n)}")
    tm = data["to_move"]
    if data["over"] is True:
        if tm is not None:
            raise BadState("a finished state has nobody to move")
        check_result(data["result"], n)
    elif data["over"] is False:
        if data["result"] is not None or not (is_int(tm) and 0 <= tm < n):
            raise BadState("a running state needs a seat to move and no result")
    else:
        raise BadState("state field 'over' must be true or false")
