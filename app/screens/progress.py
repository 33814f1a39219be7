"""How far an unfinished game is, for its Continue card, in the language of the moment.

Worked out from what the store saved (the summary, and for Deck of Spies the
game's state), never from a line a table wrote: such a line would stay in the
language that was set when it was written.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from core.games import deck_of_spies as dos

log = logging.getLogger(__name__)

TOTAL_SPIES = 36  # cards in the spy deck of Deck of Spies


def spy_progress(store: Any, summary: Any) -> dict[str, Any] | None:
    """``{"number": "042137", "n": 3, "total": 36}`` for a Deck of Spies game, else None."""
    meta = getattr(summary, "meta", None) or {}
    if isinstance(meta.get("spy"), int) and meta.get("number"):  # structured, if a table saves it
        return {"number": str(meta["number"]), "n": meta["spy"], "total": TOTAL_SPIES}
    try:
        record = store.load_game(summary.id)
        spies = record["state"]["spies"]
        phase = str(record["state"].get("phase", "play"))
        seed = int(record["seed"])
    except Exception as exc:  # a damaged save: the card falls back to the move count
        log.warning("no progress for game %s: %s", getattr(summary, "id", "?"), exc)
        return None
    n = dos.spy_number(len(spies), phase, TOTAL_SPIES)
    return {"number": dos.game_number(seed), "n": n, "total": TOTAL_SPIES}


def progress_line(store: Any, summary: Any, t: Callable[..., str]) -> str:
    """"#042137 · spy 3 of 36" for Deck of Spies, "12 moves" (or "No move yet") for other games."""
    if getattr(summary, "game", None) == "deck-of-spies":
        spy = spy_progress(store, summary)
        if spy is not None:
            return t("continue.spy", **spy)
    ply = getattr(summary, "ply", None)
    return t("continue.moves", n=ply) if ply else t("continue.fresh")
