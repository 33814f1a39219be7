"""Deck of Spies' own figures: perfect games (all 12 face cards kept)."""

from __future__ import annotations

from typing import Any, Iterator

PERFECT = 12  # face cards in the deck


def figures(state: dict[str, Any], result: dict[str, Any], seat: int) -> dict[str, float]:
    """``perfect``: 1 when the player kept all 12 face cards."""
    faces = result.get("face_cards")
    mine = faces.get("player") if isinstance(faces, dict) else result["scores"][seat]
    return {"perfect": 1 if mine == PERFECT and seat in result["winners"] else 0}


def matches(state: dict[str, Any], result: dict[str, Any], seats: int
            ) -> Iterator[tuple[list[list[int]], list[int]]]:
    """A solitaire is rated against the game itself (see ``core.outcomes.matches``)."""
    return iter(())
