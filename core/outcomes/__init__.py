"""What a finished game says about each seat: its game's own figures and the matches to rate.

Pure functions over a game's finished state and result (no store, no Flet). Each
game has a module here with ``figures(state, result, seat)`` (numbers to add up
per player, such as Rosenkrieg's Partien as Potentat) and ``matches(state, result,
seats)`` (who beat whom, for the ratings). A resigned game has no figures of its
own, and its one match puts the seat that gave up last.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from core.outcomes import deck_of_spies, kings_corner, rosenkrieg, thronfolge

# The rating opponent of a solitaire: the game itself ("the house"), never a seat.
HOUSE = -1
RESIGNED = "resigned"  # the store's reason for a game that someone gave up

_GAMES: dict[str, ModuleType] = {
    "thronfolge": thronfolge, "deck-of-spies": deck_of_spies,
    "rosenkrieg": rosenkrieg, "kings-corner": kings_corner}


@dataclass(frozen=True)
class Match:
    """One rated contest: teams of seats (``HOUSE`` for the game itself) and their ranks
    (0 best, equal ranks tie)."""

    teams: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]


def figures(game: str, state: dict[str, Any] | None, result: dict[str, Any], seat: int
            ) -> dict[str, float]:
    """The game's own figures for one seat of a finished game (empty for a resigned one)."""
    module = _GAMES.get(game)
    if module is None or _resigned(result) or not isinstance(state, dict):
        return {}
    try:
        return {k: float(v) for k, v in module.figures(state, result, seat).items()}
    except (KeyError, IndexError, TypeError, ValueError):  # an old or damaged state adds nothing
        return {}


def matches(game: str, state: dict[str, Any] | None, result: dict[str, Any],
            seats: int) -> list[Match]:
    """The contests a finished game decided, in the order they were played."""
    winners = {w for w in result.get("winners") or [] if isinstance(w, int)}
    module = _GAMES.get(game)
    if seats == 1:
        return [Match(((0,), (HOUSE,)), (0, 1) if 0 in winners else (1, 0))]
    if module is not None and not _resigned(result) and isinstance(state, dict):
        try:
            found = [Match(tuple(tuple(t) for t in teams), tuple(ranks))
                     for teams, ranks in module.matches(state, result, seats)]
        except (KeyError, IndexError, TypeError, ValueError):
            found = []
        if found:
            return found
    return [winners_first(winners, seats)]


def winners_first(winners: set[int], seats: int) -> Match:
    """Every seat on its own, the winners sharing first place and the others second."""
    return Match(tuple((s,) for s in range(seats)),
                 tuple(0 if s in winners else 1 for s in range(seats)))


def lower_score_wins(game: str) -> bool:
    """Whether a low score is the good one (Kings in the Corner counts penalty points)."""
    module = _GAMES.get(game)
    return bool(getattr(module, "LOWER_SCORE_WINS", False))


def _resigned(result: dict[str, Any]) -> bool:
    return result.get("reason") == RESIGNED
