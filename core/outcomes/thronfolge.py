"""Thronfolge's own figures: wins by the three crowns (T-5), crowns, sets and favours."""

from __future__ import annotations

from typing import Any, Iterator


def figures(state: dict[str, Any], result: dict[str, Any], seat: int) -> dict[str, float]:
    """``three_crowns`` (1 when this seat won by holding all three crowns), and from the
    final tally, when there is one: ``crowns`` and ``sets`` collected, ``favours`` (points)."""
    won = seat in result["winners"]
    out: dict[str, float] = {"three_crowns": 1 if won and result.get("reason") == "crowns" else 0}
    breakdown = result.get("breakdown")
    if isinstance(breakdown, list) and seat < len(breakdown):
        tally = breakdown[seat]
        out.update(crowns=tally["crowns"], sets=tally["sets"], favours=tally["favours"])
    return out


def matches(state: dict[str, Any], result: dict[str, Any], seats: int
            ) -> Iterator[tuple[list[list[int]], list[int]]]:
    """One against one; a shared win is a draw."""
    winners = result["winners"]
    yield [[s] for s in range(seats)], [0 if s in winners else 1 for s in range(seats)]
