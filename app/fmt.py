"""Small text formatters shared by screens (times, seat lists)."""

from __future__ import annotations

import time
from datetime import datetime, timezone
from typing import Any, Callable


def to_epoch(value: Any) -> float | None:
    """Seconds since the epoch from a float, a datetime (naive = UTC) or an ISO string."""
    if value is None:
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            return None
    if isinstance(value, datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=timezone.utc)
        return value.timestamp()
    return None


def ago(value: Any, t: Callable[..., str], now: float | None = None) -> str:
    """ "just now", "5 min ago", "3 h ago", "yesterday", else a date."""
    ts = to_epoch(value)
    if ts is None:
        return ""
    delta = max(0.0, (now if now is not None else time.time()) - ts)
    if delta < 60:
        return t("time.now")
    if delta < 3600:
        return t("time.minutes", n=int(delta // 60))
    if delta < 86400:
        return t("time.hours", n=int(delta // 3600))
    if delta < 2 * 86400:
        return t("time.yesterday")
    if delta < 7 * 86400:
        return t("time.days", n=int(delta // 86400))
    return datetime.fromtimestamp(ts).strftime(t("time.date_format"))


def seat_names(seats: Any) -> list[str]:
    """Names from a summary's seats (Seat objects or their JSON dicts)."""
    out = []
    for s in seats or ():
        name = s.get("name") if isinstance(s, dict) else getattr(s, "name", None)
        if name:
            out.append(str(name))
    return out
