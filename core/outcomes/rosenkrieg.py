"""Rosenkrieg's own figures, per Partie: as Potentat, won as Potentat, Fenstersturz, points.

Money won and lost is kept by the ledger, not here: its figures join these in
the store (see ``core.store.records``).
"""

from __future__ import annotations

from typing import Any, Iterator


def figures(state: dict[str, Any], result: dict[str, Any], seat: int) -> dict[str, float]:
    """Partien played, as Potentat and won so, Fenstersturz (won as Potentat with exactly
    67), and the points balance."""
    partien = state["partien"]
    mine = [p for p in partien if p["potentat"] == seat]
    won = [p for p in mine if p["winner"] == "potentat"]
    return {"partien": len(partien), "potentat": len(mine), "potentat_won": len(won),
            "fenstersturz": sum(1 for p in won if p.get("fenstersturz")),
            "points": sum(p["points"][seat] for p in partien)}


def matches(state: dict[str, Any], result: dict[str, Any], seats: int
            ) -> Iterator[tuple[list[list[int]], list[int]]]:
    """Each Partie: the Potentat against the team of challengers."""
    for p in state["partien"]:
        pot = p["potentat"]
        challengers = [s for s in range(seats) if s != pot]
        first = p["winner"] == "potentat"
        yield [[pot], challengers], [0, 1] if first else [1, 0]
