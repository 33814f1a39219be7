"""Deck of Spies game numbers: a deal's seed shown as six digits, typed back, and the deal of the day.

Typeable numbers keep seeds below 10**6 (``NUMBER_SPACE``); larger seeds still work and
are shown in full.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import re

from core.errors import BadOption

NUMBER_SPACE = 10**6  # game numbers 000000 … 999999


def game_number(seed: int) -> str:
    """The number a player can read and type to replay a deal: six digits for seeds < 10**6."""
    return f"{seed:06d}"


def seed_from_number(text: str) -> int:
    """Read a typed game number (spaces, dashes and a leading ``#`` are ignored).

    :raises BadOption: when the text is not a game number.
    """
    cleaned = re.sub(r"[\s\-_.]", "", str(text)).lstrip("#")
    if not cleaned.isdigit() or not cleaned.isascii() or len(cleaned) > 6:
        raise BadOption(f"not a game number: {text!r} (expected up to six digits, e.g. 042137)")
    return int(cleaned)


def daily_seed(date: _dt.date) -> int:
    """The deal of the day: the same for everybody on ``date``, derived from the date alone."""
    digest = hashlib.sha256(f"deck-of-spies:{date.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % NUMBER_SPACE
