"""Kings in the Corner's own figures: penalty points and cards left, rounds won."""

from __future__ import annotations

from typing import Any, Iterator

LOWER_SCORE_WINS = True  # the score is a penalty total


def figures(state: dict[str, Any], result: dict[str, Any], seat: int) -> dict[str, float]:
    """``penalty`` (the seat's total), ``cards_left`` over all rounds, ``rounds`` and
    ``rounds_won``."""
    rounds = state["rounds"]
    return {"penalty": result["scores"][seat],
            "cards_left": sum(r["cards_left"][seat] for r in rounds),
            "rounds": len(rounds), "rounds_won": sum(1 for r in rounds if seat in r["winners"])}


def matches(state: dict[str, Any], result: dict[str, Any], seats: int
            ) -> Iterator[tuple[list[list[int]], list[int]]]:
    """Everybody against everybody, ranked by penalty total (ties share a place)."""
    scores = result["scores"]
    order = sorted(set(scores))
    yield [[s] for s in range(seats)], [order.index(scores[s]) for s in range(seats)]
